use super::*;

fn module(text: &str) -> Module<'_> {
    parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> LiteralError {
    match parse_module(text) {
        Ok(m) => panic!("expected an error, read {m:?}"),
        Err(e) => e,
    }
}

fn wrap(value: &str) -> String {
    format!("const x: T = {value}\nexport default x\n")
}

const CARD: &str = r#"import { Card } from "../../../interfaces"
import Set from "../Perfect Order"

/* a block
   comment */
const card: Card = {
	set: Set, // the set
	name: {
		en: "Mega Starmie ex",
		'es-mx': 'Mega-Starmie ex',
		"pt": "Mega Starmie ex",
	},
	hp: 330,
	types: ["Water",],
	illustrator: undefined,
	variants: { normal: false, holo: true },
	effect: { en: "Line one\nLine \"two\" it\'s" },
	note: null,
}

export default card
"#;

#[test]
fn reads_a_card_module() {
    let m = module(CARD);
    assert_eq!(m.name, "card");
    assert_eq!(m.type_name, Some("Card"));
    assert_eq!(m.imports.len(), 2);
    assert_eq!(m.imports[0].named, vec!["Card"]);
    assert_eq!(m.imports[0].default, None);
    assert_eq!(m.imports[1].default, Some("Set"));
    assert_eq!(m.import_path("Set"), Some("../Perfect Order"));
    let v = &m.value;
    assert_eq!(v.get("set").unwrap().kind, Kind::Ident("Set"));
    let name = v.get("name").unwrap();
    assert_eq!(name.get("en").unwrap().as_str(), Some("Mega Starmie ex"));
    assert_eq!(name.get("es-mx").unwrap().as_str(), Some("Mega-Starmie ex"));
    assert_eq!(name.get("pt").unwrap().as_str(), Some("Mega Starmie ex"));
    assert_eq!(v.get("hp").unwrap().kind, Kind::Num("330"));
    match &v.get("types").unwrap().kind {
        Kind::Array(items) => assert_eq!(items.len(), 1, "trailing comma adds nothing"),
        other => panic!("{other:?}"),
    }
    assert!(v.get("illustrator").unwrap().is_absent());
    assert!(v.get("note").unwrap().is_absent());
    assert_eq!(
        v.get("variants").unwrap().get("holo").unwrap().kind,
        Kind::Bool(true)
    );
    assert_eq!(
        v.get("effect").unwrap().get("en").unwrap().as_str(),
        Some("Line one\nLine \"two\" it's")
    );
    assert!(v.get("missing").is_none());
    // The value's offset points at its first character.
    let hp = v.get("hp").unwrap();
    assert_eq!(&CARD[hp.at as usize..hp.at as usize + 3], "330");
}

#[test]
fn strings_borrow_unless_escaped() {
    let text = wrap(r#"["plain", "esc\taped"]"#);
    let m = module(&text);
    let Kind::Array(items) = &m.value.kind else {
        panic!()
    };
    assert!(matches!(items[0].kind, Kind::Str(Cow::Borrowed("plain"))));
    assert!(matches!(&items[1].kind, Kind::Str(Cow::Owned(s)) if s == "esc\taped"));
}

#[test]
fn escapes() {
    let cases = [
        (r#""a\nb""#, "a\nb"),
        (r#""tab\there""#, "tab\there"),
        (r#"'it\'s'"#, "it's"),
        (r#""say \"hi\"""#, "say \"hi\""),
        (r#""back\\slash""#, "back\\slash"),
        (r#""\u00e9t\u00E9""#, "été"),
        (r#""\u{1F600}""#, "😀"),
        (r#""\ud83d\ude00""#, "😀"),
        (r#""\x41\/""#, "A/"),
        (r#""\0""#, "\0"),
        ("\"line \\\ncontinued\"", "line continued"),
        ("'single \"quotes\" keep'", "single \"quotes\" keep"),
        ("\"é ×2 Pokémon\"", "é ×2 Pokémon"),
    ];
    for (literal, expected) in cases {
        let text = wrap(literal);
        assert_eq!(module(&text).value.as_str(), Some(expected), "{literal}");
    }
}

#[test]
fn concatenated_strings() {
    let text = wrap("\"first \" +\n\t\t\"second\" + 'third'");
    assert_eq!(module(&text).value.as_str(), Some("first secondthird"));
    let e = error(&wrap("\"a\" + 3"));
    assert!(matches!(e.problem, Problem::Expected { .. }), "{e}");
}

#[test]
fn numbers() {
    for n in ["0", "120", "-30", "1.5", "2e3"] {
        let text = wrap(n);
        assert_eq!(module(&text).value.kind, Kind::Num(n));
    }
    let e = error(&wrap("12abc"));
    assert_eq!((e.line, e.column), (1, 16));
}

#[test]
fn statements_with_semicolons_and_bom() {
    let text = "\u{feff}import { Set } from '../../interfaces';\nimport serie from '../X';\nconst s: Set = { serie: serie, id: \"x\" };\nexport default s;\n";
    let m = module(text);
    assert_eq!(m.value.get("serie").unwrap().kind, Kind::Ident("serie"));
    // Without a type annotation.
    let m = module("const a = [1, 2]\nexport default a");
    assert_eq!(m.type_name, None);
}

#[test]
fn error_positions() {
    // Unknown identifier: line 3, column 8 (tabs count as one column).
    let text =
        "import Set from '../x'\nconst card: Card = {\n\tset: Sett,\n}\nexport default card\n";
    let e = error(text);
    assert_eq!(e.problem, Problem::UnknownIdentifier("Sett".into()));
    assert_eq!((e.line, e.column), (3, 7));
    assert_eq!(
        e.to_string(),
        "line 3, column 7: unknown identifier \"Sett\" (only default imports can be used as values)"
    );
    // Named (type) imports are not values.
    let e = error("import { Card } from 'i'\nconst c = Card\nexport default c");
    assert_eq!(e.problem, Problem::UnknownIdentifier("Card".into()));

    // Columns count characters, not bytes.
    let e = error(&wrap("{ \"é\": 1, x: ` }"));
    assert_eq!(e.problem, Problem::TemplateLiteral);
    assert_eq!((e.line, e.column), (1, 27));
}

/// A source text and the test its problem must pass.
type Case = (&'static str, fn(&Problem) -> bool);

#[test]
fn rejects_what_is_outside_the_subset() {
    let cases: &[Case] = &[
        ("`template`", |p| *p == Problem::TemplateLiteral),
        ("{ ...other }", |p| matches!(p, Problem::Expected { .. })),
        ("{ [k]: 1 }", |p| matches!(p, Problem::Expected { .. })),
        ("{ 1: 2 }", |p| matches!(p, Problem::Expected { .. })),
        ("f(1)", |p| matches!(p, Problem::UnknownIdentifier(_))),
        ("{ a: 1 b: 2 }", |p| matches!(p, Problem::Expected { .. })),
        ("{ a: 1, a: 2 }", |p| {
            *p == Problem::DuplicateKey("a".into())
        }),
        ("[1, 2", |p| matches!(p, Problem::Expected { .. })),
        ("\"open", |p| *p == Problem::UnterminatedString),
        ("\"two\nlines\"", |p| *p == Problem::UnterminatedString),
        (
            "\"bad \\q escape\"",
            |p| matches!(p, Problem::BadEscape(s) if s.starts_with("\\q")),
        ),
        ("\"\\u12\"", |p| matches!(p, Problem::BadEscape(_))),
        ("\"\\ud800\"", |p| matches!(p, Problem::BadEscape(_))),
        ("/* never closed", |p| *p == Problem::UnterminatedComment),
        ("1 + 2", |p| matches!(p, Problem::Statement(_))),
    ];
    for (value, check) in cases {
        let text = format!("const x = {value}\nexport default x\n");
        let e = error(&text);
        assert!(check(&e.problem), "{value}: {e}");
    }
}

#[test]
fn module_shape_errors() {
    assert_eq!(error("").problem, Problem::NoConst);
    assert_eq!(
        error("const a = 1").problem,
        Problem::Export("a".into()),
        "no export"
    );
    assert_eq!(
        error("const a = 1\nexport default b").problem,
        Problem::Export("b".into())
    );
    assert!(matches!(
        error("const a = 1\nconst b = 2\nexport default a").problem,
        Problem::Statement(_)
    ));
    assert!(matches!(
        error("let a = 1\nexport default a").problem,
        Problem::Statement(_)
    ));
    assert!(matches!(
        error("const a = 1\nexport default a\nfunction f() {}").problem,
        Problem::Statement(_)
    ));
    let e = error("import X from\nconst a = 1");
    assert!(matches!(e.problem, Problem::Expected { .. }), "{e}");
    assert_eq!((e.line, e.column), (2, 1));
    let e = error("const a = {\n  b: [\n");
    assert!(matches!(e.problem, Problem::UnexpectedEnd(_)), "{e}");
    assert_eq!(e.line, 3);
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    assert_eq!(error(&wrap(&deep)).problem, Problem::TooDeep);
    let ok = format!("{}{}", "[".repeat(20), "]".repeat(20));
    module(&wrap(&ok));
}

#[test]
fn line_columns() {
    let text = "ab\ncé\u{1F600}x";
    assert_eq!(line_column(text, 0), (1, 1));
    assert_eq!(line_column(text, 3), (2, 1));
    assert_eq!(line_column(text, text.find('x').unwrap()), (2, 4));
    assert_eq!(line_column(text, 999), (2, 5));
}

#[test]
fn skipped_keys_are_checked_but_left_out() {
    let text = wrap("{ keep: 1, variants: [{ type: 'holo', n: [1, 2] }], inner: { variants: 2 } }");
    let m = parse_module_skipping(&text, &["variants"]).unwrap();
    assert!(m.value.get("variants").is_none());
    assert!(m.value.get("keep").is_some());
    assert!(
        m.value.get("inner").unwrap().get("variants").is_some(),
        "top level only"
    );
    let bad = wrap("{ variants: [{ type: `holo` }] }");
    let e = parse_module_skipping(&bad, &["variants"]).unwrap_err();
    assert_eq!(e.problem, Problem::TemplateLiteral);
    let bad = wrap("{ variants: { a: 1 b: 2 } }");
    assert!(parse_module_skipping(&bad, &["variants"]).is_err());
    let bad = wrap("{ variants: [1, Unknown] }");
    let e = parse_module_skipping(&bad, &["variants"]).unwrap_err();
    assert_eq!(e.problem, Problem::UnknownIdentifier("Unknown".into()));
}
