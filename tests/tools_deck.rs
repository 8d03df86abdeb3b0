//! The deck checker (`engine::tools::deck`): every deck-building rule on hand-made lists, with
//! the answers worked out by hand from the rulebooks in ../shared/seeds (each case names the
//! section it applies); the same rules without card data; bad requests; and real Pokémon TCG
//! Live lists against the full card data when ../shared has it.

mod common;

use std::sync::OnceLock;

use ptcg_judge::cards::{CardDb, Legalities, SetInfo};
use ptcg_judge::engine::tools::deck::{DeckAnswer, DeckRequest, answer};

/// The day the decks of these tests are played: after the 2025 rotation (G and later legal).
const PLAYED_ON: &str = "2025-06-01";
use ptcg_judge::engine::tools::decode;

const SIXTY: &str = "deck.sixty-cards";
const FOUR: &str = "deck.four-copies";
const SAME_NAME: &str = "deck.same-name";
const BASIC: &str = "deck.basic-pokemon";
const ACE_SPEC: &str = "deck.ace-spec";
const RADIANT: &str = "deck.radiant";
const PRISM: &str = "deck.prism-star";
const KNOWN: &str = "deck.known-cards";
const FORMAT: &str = "deck.format-legality";

/// A small card data: (id, name, supertype, subtypes, formats it is legal in: S, E, U;
/// `b` after a letter marks it banned there), then the level when there is one.
type FixtureCard = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
    Option<&'static str>,
);

const CARDS: &[FixtureCard] = &[
    ("sv6-128", "Dreepy", "Pokémon", &["Basic"], "SEU", None),
    ("sv6-129", "Drakloak", "Pokémon", &["Stage 1"], "SEU", None),
    (
        "sv6-130",
        "Dragapult ex",
        "Pokémon",
        &["Stage 2", "ex"],
        "SEU",
        None,
    ),
    ("sv6-106", "Greninja", "Pokémon", &["Stage 2"], "SEU", None),
    ("swsh8-128", "Dreepy", "Pokémon", &["Basic"], "EU", None),
    ("sv1-166", "Arven", "Trainer", &["Supporter"], "SEU", None),
    (
        "sv1-189",
        "Professor's Research (Professor Sada)",
        "Trainer",
        &["Supporter"],
        "SEU",
        None,
    ),
    (
        "sv1-190",
        "Professor's Research (Professor Turo)",
        "Trainer",
        &["Supporter"],
        "SEU",
        None,
    ),
    ("sv1-80", "Miraidon", "Pokémon", &["Basic"], "SEU", None),
    (
        "sv1-81",
        "Miraidon ex",
        "Pokémon",
        &["Basic", "ex"],
        "SEU",
        None,
    ),
    (
        "sve-2",
        "Basic Fire Energy",
        "Energy",
        &["Basic"],
        "SEU",
        None,
    ),
    (
        "sve-5",
        "Basic Psychic Energy",
        "Energy",
        &["Basic"],
        "SEU",
        None,
    ),
    ("base1-98", "Fire Energy", "Energy", &["Basic"], "SEU", None),
    (
        "base1-71",
        "Computer Search",
        "Trainer",
        &["Item"],
        "U",
        None,
    ),
    (
        "sv2-191",
        "Luminous Energy",
        "Energy",
        &["Special"],
        "SEU",
        None,
    ),
    (
        "sv5-157",
        "Prime Catcher",
        "Trainer",
        &["Item", "ACE SPEC"],
        "SEU",
        None,
    ),
    (
        "sv5-162",
        "Neo Upper Energy",
        "Energy",
        &["Special", "ACE SPEC"],
        "SEU",
        None,
    ),
    (
        "bw7-137",
        "Computer Search",
        "Trainer",
        &["Item", "ACE SPEC"],
        "EU",
        None,
    ),
    (
        "swsh10-46",
        "Radiant Greninja",
        "Pokémon",
        &["Basic", "Radiant"],
        "SEU",
        None,
    ),
    (
        "swsh12pt5-20",
        "Radiant Charizard",
        "Pokémon",
        &["Basic", "Radiant"],
        "SEU",
        None,
    ),
    (
        "sm8-97",
        "Giratina ◇",
        "Pokémon",
        &["Basic", "Prism Star"],
        "EU",
        None,
    ),
    (
        "sm5-120",
        "Cyrus ◇",
        "Trainer",
        &["Supporter", "Prism Star"],
        "EU",
        None,
    ),
    ("dp5-1", "Gengar", "Pokémon", &["Stage 2"], "U", Some("43")),
    (
        "dp5-2",
        "Gengar LV.X",
        "Pokémon",
        &["Level-Up"],
        "U",
        Some("X"),
    ),
    ("dp5-3", "Gengar", "Pokémon", &["Stage 2"], "U", None),
    ("ex3-1", "Aerodactyl δ", "Pokémon", &["Basic"], "U", None),
    ("ex3-2", "Aerodactyl", "Pokémon", &["Basic"], "U", None),
    ("sm2-1", "Vulpix", "Pokémon", &["Basic"], "EU", None),
    ("sm2-21", "Alolan Vulpix", "Pokémon", &["Basic"], "EU", None),
    (
        "xy4-99",
        "Lysandre's Trump Card",
        "Trainer",
        &["Supporter"],
        "EbU",
        None,
    ),
];

const SETS: &[(&str, &str)] = &[
    ("sv6", "TWM"),
    ("swsh8", "FST"),
    ("sv1", "SVI"),
    ("sve", "SVE"),
    ("base1", "BS"),
    ("sv2", "PAL"),
    ("sv5", "TEF"),
    ("bw7", "BCR"),
    ("swsh10", "ASR"),
    ("swsh12pt5", "CRZ"),
    ("sm8", "LOT"),
    ("sm5", "UPR"),
    ("dp5", "MD"),
    ("ex3", "DR"),
    ("sm2", "GRI"),
    ("xy4", "PHF"),
];

fn fixture() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let cards: Vec<serde_json::Value> = CARDS
            .iter()
            .map(|(id, name, supertype, subtypes, formats, level)| {
                let mut legalities = serde_json::Map::new();
                let mut chars = formats.chars().peekable();
                while let Some(f) = chars.next() {
                    let banned = chars.next_if_eq(&'b').is_some();
                    let key = match f {
                        'S' => "standard",
                        'E' => "expanded",
                        'U' => "unlimited",
                        other => panic!("format letter {other}"),
                    };
                    legalities.insert(key.into(), if banned { "Banned" } else { "Legal" }.into());
                }
                let mut card = serde_json::json!({
                    "id": id, "name": name, "supertype": supertype, "subtypes": subtypes,
                    "number": id.split_once('-').unwrap().1, "legalities": legalities,
                });
                if let Some(level) = level {
                    card["level"] = (*level).into();
                }
                card
            })
            .collect();
        let text = serde_json::to_string(&cards).unwrap();
        let parsed = CardDb::parse_set_json(&text, "fixture.json").unwrap();
        let sets = SETS
            .iter()
            .map(|(id, code)| SetInfo {
                id: id.to_string(),
                name: format!("Set {id}"),
                series: "Fixture".into(),
                ptcgo_code: Some(code.to_string()),
                release_date: None,
                legalities: Legalities::default(),
            })
            .collect();
        CardDb::from_cards(parsed, sets)
    })
}

/// The lines, then a last line of Basic {R} Energy that brings the deck to 60 cards.
fn sixty<S: AsRef<str>>(lines: &[S]) -> String {
    let lines: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
    let count: u32 = lines
        .iter()
        .filter_map(|l| l.split_whitespace().next()?.parse::<u32>().ok())
        .sum();
    assert!(count < 60, "{lines:?} already holds {count} cards");
    let mut text = lines.join("\n");
    text.push_str(&format!("\n{} Basic {{R}} Energy SVE 2\n", 60 - count));
    text
}

fn lines<S: AsRef<str>>(lines: &[S]) -> String {
    lines
        .iter()
        .map(AsRef::as_ref)
        .collect::<Vec<_>>()
        .join("\n")
}

/// A legal core: 11 Pokémon (Dreepy is a Basic Pokémon) and 4 Supporters, lines 1 to 4.
const CORE: &[&str] = &[
    "4 Dreepy TWM 128",
    "4 Drakloak TWM 129",
    "3 Dragapult ex TWM 130",
    "4 Arven SVI 166",
];

fn core_and(more: &[&str]) -> Vec<String> {
    CORE.iter().chain(more).map(|s| s.to_string()).collect()
}

type At = (Option<usize>, &'static str);

struct Case {
    what: &'static str,
    list: String,
    format: Option<&'static str>,
    count: u32,
    legal: Option<bool>,
    problems: Vec<At>,
    unverified: Vec<At>,
}

fn check_case(case: &Case, db: Option<&CardDb>) -> DeckAnswer {
    let req = DeckRequest {
        list: case.list.clone(),
        format: case.format.map(str::to_string),
        date: Some(PLAYED_ON.into()),
    };
    let a = answer(&req, db).unwrap_or_else(|e| panic!("{}: refused: {e}", case.what));
    let got = |v: &[ptcg_judge::engine::tools::deck::DeckProblem]| -> Vec<At> {
        v.iter().map(|p| (p.line, p.clause)).collect()
    };
    assert_eq!(
        got(&a.problems),
        case.problems,
        "{}: problems {:#?}",
        case.what,
        a.problems
    );
    assert_eq!(
        got(&a.unverified),
        case.unverified,
        "{}: unverified {:#?}",
        case.what,
        a.unverified
    );
    assert_eq!(a.legal, case.legal, "{}", case.what);
    assert_eq!(a.count, case.count, "{}", case.what);
    for p in a.problems.iter().chain(&a.unverified) {
        assert!(
            ptcg_judge::rules::clause(p.clause).is_some_and(|c| c.checked),
            "{}: {} is not a checked registry clause",
            case.what,
            p.clause
        );
        assert!(
            p.message.len() > 20 && p.message.ends_with('.'),
            "{}: message {:?}",
            case.what,
            p.message
        );
    }
    a
}

fn case(
    what: &'static str,
    list: String,
    format: Option<&'static str>,
    count: u32,
    legal: Option<bool>,
    problems: &[At],
    unverified: &[At],
) -> Case {
    Case {
        what,
        list,
        format,
        count,
        legal,
        problems: problems.to_vec(),
        unverified: unverified.to_vec(),
    }
}

fn with_card_data_cases() -> Vec<Case> {
    let t = Some(true);
    let f = Some(false);
    vec![
        case(
            "SV rulebook p. 22 'Deck Building': 60 cards within every limit is legal",
            sixty(CORE),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building' + card data legalities: the same deck in Standard",
            sixty(CORE),
            Some("standard"),
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building': exactly 60 cards, 59 is too few",
            lines(&core_and(&["44 Basic {R} Energy SVE 2"])),
            None,
            59,
            f,
            &[(None, SIXTY)],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building': exactly 60 cards, 61 is too many",
            lines(&core_and(&["46 Basic {R} Energy SVE 2"])),
            None,
            61,
            f,
            &[(None, SIXTY)],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building': at most 4 of a name, 5 Dreepy on one line",
            sixty(&["5 Dreepy TWM 128", "4 Drakloak TWM 129"]),
            None,
            60,
            f,
            &[(Some(1), FOUR)],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building' (4 Pignite even with different attacks): \
             4 Dreepy TWM + 1 Dreepy FST are 5 of one name, reported where the 5th is",
            sixty(&["4 Dreepy TWM 128", "1 Dreepy FST 128"]),
            None,
            60,
            f,
            &[(Some(2), FOUR)],
            &[],
        ),
        case(
            "SV rulebook p. 21 'What does and doesn't count for a Pokémon's name?': Level is \
             not part of the name, 4 Gengar + 1 Gengar LV.X are 5 Gengar",
            sixty(&["4 Dreepy TWM 128", "4 Gengar MD 3", "1 Gengar LV.X MD 2"]),
            None,
            60,
            f,
            &[(Some(3), SAME_NAME)],
            &[],
        ),
        case(
            "SV rulebook p. 21: Gengar, Gengar LV. 43 and Gengar LV.X share one name; 2 + 1 + 1 \
             is 4, the most allowed",
            sixty(&[
                "4 Dreepy TWM 128",
                "2 Gengar MD 3",
                "1 Gengar LV. 43 MD 1",
                "1 Gengar LV.X MD 2",
            ]),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 21: δ (Delta Species) is not part of a Pokémon's name, 2 Aerodactyl \
             + 3 Aerodactyl δ are 5 Aerodactyl",
            sixty(&[
                "4 Dreepy TWM 128",
                "2 Aerodactyl DR 2",
                "3 Aerodactyl δ DR 1",
            ]),
            None,
            60,
            f,
            &[(Some(3), SAME_NAME)],
            &[],
        ),
        case(
            "SV rulebook p. 21: a form name is part of the name, 4 Vulpix + 4 Alolan Vulpix",
            sixty(&["4 Vulpix GRI 1", "4 Alolan Vulpix GRI 21"]),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook Appendix 2 'Pokémon ex': ex is part of the name, 4 Miraidon + 4 \
             Miraidon ex",
            sixty(&["4 Miraidon SVI 80", "4 Miraidon ex SVI 81"]),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building': basic Energy is exempt, 20 Basic {R} + 20 Fire \
             Energy + 5 Basic {P}",
            lines(&core_and(&[
                "5 Basic {P} Energy SVE 5",
                "20 Basic {R} Energy SVE 2",
                "20 Fire Energy",
            ])),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 22 and APR 2.2 I.C Energy: Special Energy is not exempt, 5 \
             Luminous Energy",
            sixty(&core_and(&["5 Luminous Energy PAL 191"])),
            None,
            60,
            f,
            &[(Some(5), FOUR)],
            &[],
        ),
        case(
            "SV rulebook p. 22 'Deck Building': at least one Basic Pokémon, none here",
            sixty(&[
                "4 Drakloak TWM 129",
                "3 Dragapult ex TWM 130",
                "4 Arven SVI 166",
            ]),
            None,
            60,
            f,
            &[(None, BASIC)],
            &[],
        ),
        case(
            "SV rulebook Appendix 25 'ACE SPEC Trainer Cards': one ACE SPEC in all, Prime \
             Catcher + Neo Upper Energy is two",
            sixty(&core_and(&[
                "1 Prime Catcher TEF 157",
                "1 Neo Upper Energy TEF 162",
            ])),
            None,
            60,
            f,
            &[(Some(6), ACE_SPEC)],
            &[],
        ),
        case(
            "SV rulebook Appendix 25: not one of each, so 2 Prime Catcher is two ACE SPEC cards",
            sixty(&core_and(&["2 Prime Catcher TEF 157"])),
            None,
            60,
            f,
            &[(Some(5), ACE_SPEC)],
            &[],
        ),
        case(
            "SV rulebook Appendix 25: one ACE SPEC card is fine",
            sixty(&core_and(&["1 Prime Catcher TEF 157"])),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook Appendix 25 with the card data: Computer Search BCR is an ACE SPEC, \
             with Prime Catcher that is two",
            sixty(&core_and(&[
                "1 Computer Search BCR 137",
                "1 Prime Catcher TEF 157",
            ])),
            None,
            60,
            f,
            &[(Some(6), ACE_SPEC)],
            &[],
        ),
        case(
            "SV rulebook Appendix 25 with the card data: Computer Search by name only may be \
             the Base Set print (no ACE SPEC) or BCR (ACE SPEC), a doubt",
            sixty(&core_and(&["1 Computer Search", "1 Prime Catcher TEF 157"])),
            None,
            60,
            None,
            &[],
            &[(Some(5), ACE_SPEC)],
        ),
        case(
            "SV rulebook Appendix 5 'Radiant Pokémon': one Radiant Pokémon in all",
            sixty(&core_and(&[
                "1 Radiant Greninja ASR 46",
                "1 Radiant Charizard CRZ 20",
            ])),
            None,
            60,
            f,
            &[(Some(6), RADIANT)],
            &[],
        ),
        case(
            "SV rulebook Appendix 5: Radiant is part of the name, 4 Greninja + 1 Radiant \
             Greninja",
            sixty(&core_and(&[
                "4 Greninja TWM 106",
                "1 Radiant Greninja ASR 46",
            ])),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook Appendix 14 'Prism Star Cards': one copy of each, 2 Giratina ◇",
            sixty(&core_and(&["2 Giratina ◇ LOT 97"])),
            None,
            60,
            f,
            &[(Some(5), PRISM)],
            &[],
        ),
        case(
            "SV rulebook Appendix 14: different Prism Star cards combine (Prism Star written out)",
            sixty(&core_and(&[
                "1 Giratina ◇ LOT 97",
                "1 Cyrus Prism Star UPR 120",
            ])),
            None,
            60,
            t,
            &[],
            &[],
        ),
        case(
            "Card data legalities: Dreepy FST 128 is not Standard-legal",
            sixty(&["4 Dreepy FST 128", "4 Drakloak TWM 129", "4 Arven SVI 166"]),
            Some("standard"),
            60,
            f,
            &[(Some(1), FORMAT)],
            &[],
        ),
        case(
            "Card data legalities: the same deck is Expanded-legal",
            sixty(&["4 Dreepy FST 128", "4 Drakloak TWM 129", "4 Arven SVI 166"]),
            Some("expanded"),
            60,
            t,
            &[],
            &[],
        ),
        case(
            "Card data legalities: Lysandre's Trump Card is banned in Expanded",
            sixty(&core_and(&["1 Lysandre's Trump Card PHF 99"])),
            Some("Expanded"),
            60,
            f,
            &[(Some(5), FORMAT)],
            &[],
        ),
        case(
            "Card data legalities: ... and allowed in Unlimited",
            sixty(&core_and(&["1 Lysandre's Trump Card PHF 99"])),
            Some("unlimited"),
            60,
            t,
            &[],
            &[],
        ),
        case(
            "Card data legalities: Dreepy by name only has Standard-legal and illegal prints, a \
             doubt on its line",
            sixty(&["4 Dreepy", "4 Drakloak TWM 129", "4 Arven SVI 166"]),
            Some("standard"),
            60,
            None,
            &[],
            &[(Some(1), FORMAT)],
        ),
        case(
            "A card the card data does not know is a problem on its line",
            sixty(&core_and(&["4 Dreepi"])),
            None,
            60,
            f,
            &[(Some(5), KNOWN)],
            &[],
        ),
        case(
            "A misspelt name whose set code and number point at another card is a problem",
            sixty(&core_and(&["1 Dreepi TWM 128"])),
            Some("standard"),
            60,
            f,
            &[(Some(5), KNOWN)],
            &[],
        ),
        case(
            "A real name whose set code and number point at another card: the name is used, a \
             doubt",
            sixty(&core_and(&["1 Greninja TWM 128"])),
            None,
            60,
            None,
            &[],
            &[(Some(5), KNOWN)],
        ),
        case(
            "SV rulebook p. 22 'Deck Building' (counting 60): an unreadable line is a problem on \
             its line, even when the rest adds up to 60",
            sixty(&core_and(&["four Dreepy"])),
            None,
            60,
            f,
            &[(Some(5), SIXTY)],
            &[],
        ),
        case(
            "SV rulebook p. 22 (counting 60): an unreadable line whose cards are missing, then \
             the deck-wide count",
            lines(&core_and(&["Dreepy x4", "41 Basic {R} Energy SVE 2"])),
            None,
            56,
            f,
            &[(Some(5), SIXTY), (None, SIXTY)],
            &[],
        ),
        case(
            "SV rulebook p. 22 (counting 60): a section header that fits neither the cards nor \
             the lines under it",
            "Pokémon: 12\n4 Dreepy TWM 128\n4 Drakloak TWM 129\n3 Dragapult ex TWM 130\n\n\
             Trainer: 4\n4 Arven SVI 166\n\nEnergy: 1\n45 Basic {R} Energy SVE 2\n\n\
             Total Cards: 60"
                .to_string(),
            None,
            60,
            f,
            &[(Some(1), SIXTY)],
            &[],
        ),
        case(
            "SV rulebook p. 22: a PTCG Live export (headers by cards, CRLF, BOM, curly \
             apostrophe, Total Cards) is legal",
            "\u{feff}Pokémon: 11\r\n4 Dreepy TWM 128\r\n4 Drakloak TWM 129\r\n3 Dragapult ex \
             TWM 130\r\n\r\nTrainer: 8\r\n4 Arven SVI 166\r\n4 Professor’s Research SVI \
             189\r\n\r\nEnergy: 41\r\n41 Basic {R} Energy SVE 2\r\n\r\nTotal Cards: 60\r\n"
                .to_string(),
            Some("standard"),
            60,
            t,
            &[],
            &[],
        ),
        case(
            "SV rulebook p. 22: the card data's subtitle is not part of the name, Professor's \
             Research SVI 189 and 190 are 5 of one name",
            sixty(&[
                "4 Dreepy TWM 128",
                "2 Professor's Research SVI 189",
                "3 Professor's Research SVI 190",
            ]),
            None,
            60,
            f,
            &[(Some(3), FOUR)],
            &[],
        ),
        case(
            "Problems come in line order, then the deck-wide ones",
            lines(&["5 Dreepy TWM 128", "2 Prime Catcher TEF 157", "Dreepy x4"]),
            None,
            7,
            f,
            &[
                (Some(1), FOUR),
                (Some(2), ACE_SPEC),
                (Some(3), SIXTY),
                (None, SIXTY),
            ],
            &[],
        ),
    ]
}

#[test]
fn every_rule_with_card_data() {
    let db = fixture();
    let cases = with_card_data_cases();
    assert!(cases.len() >= 30);
    for c in &cases {
        check_case(c, Some(db));
    }
}

#[test]
fn lines_are_matched_to_prints() {
    let db = fixture();
    let c = case(
        "set code and number find the print; basic Energy spellings map to the data's",
        lines(&core_and(&[
            "20 Basic {R} Energy SVE 2",
            "20 Fire Energy",
            "1 Basic {P} Energy",
            "1 Professor's Research SVI 189",
        ])),
        None,
        57,
        Some(false),
        &[(None, SIXTY)],
        &[],
    );
    let a = check_case(&c, Some(db));
    let ids: Vec<_> = a
        .cards
        .iter()
        .map(|c| (c.line, c.card_id.as_deref(), c.prints))
        .collect();
    assert_eq!(
        ids,
        vec![
            (1, Some("sv6-128"), 1),
            (2, Some("sv6-129"), 1),
            (3, Some("sv6-130"), 1),
            (4, Some("sv1-166"), 1),
            (5, Some("sve-2"), 1),
            (6, Some("base1-98"), 1),
            (7, Some("sve-5"), 1),
            (8, Some("sv1-189"), 1),
        ]
    );
}

fn without_card_data_cases() -> Vec<Case> {
    let f = Some(false);
    let open = [(None, KNOWN), (None, ACE_SPEC), (None, BASIC)];
    vec![
        case(
            "Without card data a deck that passes every rule by name is not called legal",
            sixty(CORE),
            None,
            60,
            None,
            &[],
            &open,
        ),
        case(
            "Without card data, with a format: legality is not checked either",
            sixty(CORE),
            Some("standard"),
            60,
            None,
            &[],
            &[
                (None, KNOWN),
                (None, ACE_SPEC),
                (None, FORMAT),
                (None, BASIC),
            ],
        ),
        case(
            "SV rulebook p. 22 without card data: 59 cards",
            lines(&core_and(&["44 Basic {R} Energy SVE 2"])),
            None,
            59,
            f,
            &[(None, SIXTY)],
            &open,
        ),
        case(
            "SV rulebook p. 22 without card data: 5 Dreepy",
            sixty(&["5 Dreepy TWM 128", "4 Drakloak TWM 129"]),
            None,
            60,
            f,
            &[(Some(1), FOUR)],
            &open,
        ),
        case(
            "SV rulebook p. 21 without card data: Level is not part of the name",
            sixty(&["4 Dreepy TWM 128", "4 Gengar MD 3", "1 Gengar LV.X MD 2"]),
            None,
            60,
            f,
            &[(Some(3), SAME_NAME)],
            &open,
        ),
        case(
            "SV rulebook p. 21 without card data: Alolan Vulpix is not Vulpix",
            sixty(&["4 Vulpix GRI 1", "4 Alolan Vulpix GRI 21"]),
            None,
            60,
            None,
            &[],
            &open,
        ),
        case(
            "SV rulebook p. 22 without card data: basic Energy known by its name is exempt",
            lines(&["4 Dreepy", "30 Basic {R} Energy", "26 Fire Energy"]),
            None,
            60,
            None,
            &[],
            &open,
        ),
        case(
            "SV rulebook p. 22 without card data: a Special Energy is counted",
            sixty(&["4 Dreepy", "5 Luminous Energy PAL 191"]),
            None,
            60,
            f,
            &[(Some(2), FOUR)],
            &open,
        ),
        case(
            "SV rulebook Appendix 5 without card data: two Radiant Pokémon, known by name",
            sixty(&core_and(&[
                "1 Radiant Greninja ASR 46",
                "1 Radiant Charizard CRZ 20",
            ])),
            None,
            60,
            f,
            &[(Some(6), RADIANT)],
            &open,
        ),
        case(
            "SV rulebook Appendix 14 without card data: two Giratina ◇, known by the ◇",
            sixty(&core_and(&["2 Giratina ◇ LOT 97"])),
            None,
            60,
            f,
            &[(Some(5), PRISM)],
            &open,
        ),
    ]
}

#[test]
fn what_can_be_checked_without_card_data() {
    for c in &without_card_data_cases() {
        let a = check_case(c, None);
        assert_ne!(a.legal, Some(true), "{}", c.what);
        assert!(a.cards.iter().all(|c| c.card_id.is_none() && c.prints == 0));
    }
}

#[test]
fn answer_json_shape() {
    let req = DeckRequest {
        list: "5 Dreepy TWM 128\n4 Arven SVI 166".into(),
        format: Some("standard".into()),
        date: Some(PLAYED_ON.into()),
    };
    let a = answer(&req, Some(fixture())).unwrap();
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["legal"], serde_json::json!(false));
    assert_eq!(json["count"], serde_json::json!(9));
    assert_eq!(json["format"], serde_json::json!("standard"));
    assert_eq!(
        json["problems"][0]["line"],
        serde_json::json!(1),
        "{json:#}"
    );
    assert_eq!(json["problems"][0]["clause"], serde_json::json!(FOUR));
    assert!(
        json["problems"][0]["message"]
            .as_str()
            .unwrap()
            .contains("5 cards named Dreepy")
    );
    assert_eq!(json["problems"][1]["line"], serde_json::Value::Null);
    assert_eq!(json["unverified"], serde_json::json!([]));
    assert_eq!(
        json["cards"][0],
        serde_json::json!({"line": 1, "count": 5, "name": "Dreepy", "set_code": "TWM",
                           "number": "128", "section": null, "card_id": "sv6-128", "prints": 1})
    );
    let req = DeckRequest {
        list: sixty(CORE),
        format: None,
        date: Some(PLAYED_ON.into()),
    };
    let json = serde_json::to_value(answer(&req, None).unwrap()).unwrap();
    assert_eq!(json["legal"], serde_json::Value::Null);
    assert_eq!(json["format"], serde_json::Value::Null);
    assert_eq!(json["problems"], serde_json::json!([]));
    assert_eq!(json["unverified"][0]["clause"], serde_json::json!(KNOWN));
    assert_eq!(json["unverified"][0]["line"], serde_json::Value::Null);
}

/// Bad requests, each with a description: the error names the field.
#[test]
fn bad_requests_name_the_field() {
    let cases: &[(&str, &[u8], &str)] = &[
        ("garbage JSON", b"{list: 4 Dreepy", "."),
        ("not an object", b"[1, 2]", "."),
        ("empty body", b"   ", "."),
        ("list of the wrong type", br#"{"list": 60}"#, "list"),
        ("list as an array", br#"{"list": ["4 Dreepy"]}"#, "list"),
        (
            "a huge number for the list",
            br#"{"list": 99999999999999999999999999999}"#,
            "list",
        ),
        (
            "a huge number for the format",
            br#"{"list": "4 Dreepy", "format": 123456789012345678901234567890}"#,
            "format",
        ),
        (
            "format of the wrong type",
            br#"{"list": "4 Dreepy", "format": true}"#,
            "format",
        ),
        (
            "an unknown field",
            br#"{"list": "4 Dreepy", "edition": "sv"}"#,
            "edition",
        ),
        (
            "an unknown format",
            br#"{"list": "4 Dreepy", "format": "glc"}"#,
            "format",
        ),
        ("an empty list", br#"{"list": " \n "}"#, "list"),
    ];
    for (what, body, field) in cases {
        let result = decode::<DeckRequest>(body).and_then(|r| answer(&r, Some(fixture())));
        let e = result.expect_err(what);
        assert_eq!(e.field, *field, "{what}: {e}");
        assert!(!e.message.is_empty(), "{what}");
    }
    // A missing field: named as the field itself, or in the message at the top level.
    let e = decode::<DeckRequest>(b"{}").unwrap_err();
    assert!(
        e.field == "list" || (e.field == "." && e.message.contains("missing field list")),
        "{e:?}"
    );
    // An oversized list.
    let big = serde_json::json!({ "list": "4 Dreepy TWM 128\n".repeat(5_000) }).to_string();
    let e = decode::<DeckRequest>(big.as_bytes())
        .and_then(|r| answer(&r, None))
        .unwrap_err();
    assert_eq!(e.field, "list");
    // The format may be left out, null or blank.
    for body in [
        &br#"{"list": "4 Dreepy"}"#[..],
        br#"{"list": "4 Dreepy", "format": null}"#,
        br#"{"list": "4 Dreepy", "format": ""}"#,
    ] {
        let a = answer(&decode::<DeckRequest>(body).unwrap(), None).unwrap();
        assert_eq!(a.format, None);
    }
}

#[test]
fn odd_lists_never_panic() {
    let db = fixture();
    let texts = [
        "\0\0\0",
        "4",
        "Pokémon: 99999999999999999999\n9999 Dreepy TWM 128",
        "Total Cards: 0",
        "4 TWM 128",
        "4 Dreepy ZZZ 99999",
        "4 Dreepy PR-SV 1",
        "1 é",
        "4 Basic {Z} Energy",
        "4 LV.X",
        "4 δ",
    ];
    for t in texts {
        for db in [None, Some(db)] {
            let req = DeckRequest {
                list: t.into(),
                format: Some("standard".into()),
                date: Some(PLAYED_ON.into()),
            };
            let a = answer(&req, db).unwrap();
            assert_ne!(a.legal, Some(true), "{t:?}");
        }
    }
}

/// Real lists in the Pokémon TCG Live export format, against the full card data.
mod shared_data {
    use super::*;

    fn cards() -> Option<&'static CardDb> {
        static DB: OnceLock<Option<CardDb>> = OnceLock::new();
        DB.get_or_init(|| {
            let dir = common::shared_cards()?;
            Some(CardDb::load_dir(&dir).expect("the shared card data loads"))
        })
        .as_ref()
    }

    /// A Dragapult ex deck (sets TWM to PRE), 60 cards, one ACE SPEC.
    const DRAGAPULT: &str = "Pokémon: 19
4 Dreepy TWM 128
4 Drakloak TWM 129
3 Dragapult ex TWM 130
2 Duskull SFA 18
1 Dusclops SFA 19
1 Dusknoir SFA 20
1 Budew PRE 4
1 Fezandipiti ex SFA 38
1 Bloodmoon Ursaluna ex TWM 141
1 Pecharunt PR-SV 149

Trainer: 32
4 Arven SVI 166
4 Iono PAL 185
2 Boss's Orders PAL 172
2 Professor's Research SVI 189
1 Professor Turo's Scenario PAR 171
4 Buddy-Buddy Poffin TEF 144
4 Ultra Ball SVI 196
3 Rare Candy SVI 191
2 Night Stretcher SFA 61
2 Counter Catcher PAR 160
1 Super Rod PAL 188
1 Prime Catcher TEF 157
1 Rescue Board TEF 159
1 Area Zero Underdepths SCR 131

Energy: 9
4 Basic {R} Energy SVE 2
3 Basic {P} Energy SVE 5
1 Luminous Energy PAL 191
1 Reversal Energy PAL 192

Total Cards: 60
";

    fn ask(list: &str, format: Option<&str>, db: &CardDb) -> DeckAnswer {
        answer(
            &DeckRequest {
                list: list.into(),
                format: format.map(str::to_string),
                date: Some(PLAYED_ON.into()),
            },
            Some(db),
        )
        .unwrap()
    }

    fn at(a: &DeckAnswer) -> Vec<At> {
        a.problems.iter().map(|p| (p.line, p.clause)).collect()
    }

    #[test]
    fn real_lists_against_the_full_card_data() {
        let Some(db) = cards() else {
            common::skipped("deck checker on the full card data", "../shared/cards");
            return;
        };
        // Every line found, one print each; legal in all three formats.
        for format in [None, Some("standard"), Some("expanded"), Some("unlimited")] {
            let a = ask(DRAGAPULT, format, db);
            assert_eq!(a.count, 60);
            assert_eq!(a.problems, vec![], "{format:?}");
            assert_eq!(a.unverified, vec![], "{format:?}");
            assert_eq!(a.legal, Some(true), "{format:?}");
        }
        let a = ask(DRAGAPULT, None, db);
        assert!(a.cards.iter().all(|c| c.prints == 1), "{:?}", a.cards);
        let ids: Vec<&str> = a
            .cards
            .iter()
            .filter_map(|c| c.card_id.as_deref())
            .collect();
        for id in ["sv6-128", "svp-149", "sv2-172", "sv1-189", "sve-2", "sve-5"] {
            assert!(ids.contains(&id), "{id} not found in {ids:?}");
        }

        // Swap the Prime Catcher (line 25) for Computer Search BCR, and a Budew (line 8) for
        // Shaymin-EX ROS: Expanded bans that Shaymin-EX; Standard allows neither; and
        // Computer Search is still the one ACE SPEC.
        let expanded = DRAGAPULT
            .replace("1 Prime Catcher TEF 157", "1 Computer Search BCR 137")
            .replace("1 Budew PRE 4", "1 Shaymin-EX ROS 77");
        let a = ask(&expanded, Some("expanded"), db);
        assert_eq!(at(&a), vec![(Some(8), FORMAT)]);
        assert!(
            a.problems[0].message.contains("banned in Expanded"),
            "{:?}",
            a.problems
        );
        let a = ask(&expanded, Some("standard"), db);
        assert_eq!(at(&a), vec![(Some(8), FORMAT), (Some(25), FORMAT)]);
        let a = ask(&expanded, Some("unlimited"), db);
        assert_eq!(a.legal, Some(true), "{:?}", a.problems);

        // A second ACE SPEC and two Radiant Pokémon (replacing Budew, Pecharunt and a Reversal
        // Energy).
        let crowded = DRAGAPULT
            .replace("1 Budew PRE 4", "1 Radiant Greninja ASR 46")
            .replace("1 Pecharunt PR-SV 149", "1 Radiant Charizard PGO 11")
            .replace("1 Reversal Energy PAL 192", "1 Neo Upper Energy TEF 162");
        let a = ask(&crowded, None, db);
        assert_eq!(at(&a), vec![(Some(11), RADIANT), (Some(33), ACE_SPEC)]);

        // The same list by name only: Dreepy has prints outside Standard, so Standard is a
        // doubt on those lines, not a problem; without a format it is legal.
        let names_only: String = DRAGAPULT
            .lines()
            .map(|l| {
                let t: Vec<&str> = l.split_whitespace().collect();
                if t.len() >= 4 && t[0].bytes().all(|b| b.is_ascii_digit()) {
                    t[..t.len() - 2].join(" ")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let a = ask(&names_only, None, db);
        assert_eq!(a.legal, Some(true), "{:?} {:?}", a.problems, a.unverified);
        let a = ask(&names_only, Some("standard"), db);
        assert_eq!(a.problems, vec![]);
        assert_eq!(a.legal, None);
        assert!(
            a.unverified
                .iter()
                .any(|u| u.line == Some(2) && u.clause == FORMAT),
            "{:?}",
            a.unverified
        );
    }

    #[test]
    fn older_exports_and_same_names_in_the_full_data() {
        let Some(db) = cards() else {
            common::skipped("deck checker on the full card data", "../shared/cards");
            return;
        };
        // An older export: headers count lines, basic Energy written the PTCGO way.
        let list = "Pokémon: 4
4 Dreepy TWM 128
4 Drakloak TWM 129
3 Dragapult ex TWM 130
1 Radiant Greninja ASR 46

Trainer: 2
4 Arven SVI 166
4 Ultra Ball SVI 196

Energy: 2
20 Water Energy Energy 3
20 Basic {P} Energy SVE 5

Total Cards: 60";
        let a = ask(list, None, db);
        assert_eq!(a.problems, vec![], "{:?}", a.problems);
        assert_eq!(a.legal, Some(true), "{:?}", a.unverified);

        // The LV.X and Level rule on real prints: 4 Gengar + 1 Gengar LV.X.
        let gengar = sixty(&["4 Dreepy TWM 128", "4 Gengar", "1 Gengar LV.X"]);
        let a = ask(&gengar, None, db);
        assert_eq!(at(&a), vec![(Some(3), SAME_NAME)]);
        // δ: 2 Aerodactyl + 3 Aerodactyl δ.
        let aerodactyl = sixty(&["4 Dreepy TWM 128", "2 Aerodactyl", "3 Aerodactyl δ"]);
        let a = ask(&aerodactyl, None, db);
        assert_eq!(at(&a), vec![(Some(3), SAME_NAME)]);
        // Boss's Orders prints with subtitles are one name.
        let boss = sixty(&[
            "4 Dreepy TWM 128",
            "3 Boss's Orders PAL 172",
            "2 Boss's Orders BRS 132",
        ]);
        let a = ask(&boss, None, db);
        assert_eq!(at(&a), vec![(Some(3), FOUR)]);
    }
}

/// Standard follows the rotation table: a card whose every print carries a regulation mark that
/// has rotated is not Standard-legal after the rotation day, even where the card data still
/// says `Legal`; a newer print of the name keeps it (and its older prints) legal; the day
/// before the rotation it is legal.
#[test]
fn standard_legality_follows_the_rotation_table() {
    let card = |id: &str, name: &str, subtypes: &str, mark: &str| {
        format!(
            r#"{{"id":"{id}","name":"{name}","supertype":"{}","subtypes":[{subtypes}],"number":"{}",
               "regulationMark":"{mark}","hp":"60",
               "legalities":{{"standard":"Legal","expanded":"Legal","unlimited":"Legal"}}}}"#,
            if subtypes.contains("Item") {
                "Trainer"
            } else {
                "Pokémon"
            },
            id.split_once('-').unwrap().1
        )
    };
    let json = format!(
        "[{},{},{}]",
        card("swsh5-1", "Old Bird", r#""Basic""#, "E"),
        card("swsh9-2", "Reprinted Ball", r#""Item""#, "E"),
        card("sv1-3", "Reprinted Ball", r#""Item""#, "G"),
    );
    let db = CardDb::from_cards(
        CardDb::parse_set_json(&json, "rotation.json").unwrap(),
        Vec::new(),
    );
    let list = "4 Old Bird\n4 Reprinted Ball";
    let format_problems = |date: &str| -> Vec<(Option<usize>, String)> {
        let req = DeckRequest {
            list: list.into(),
            format: Some("standard".into()),
            date: Some(date.into()),
        };
        let a = answer(&req, Some(&db)).unwrap();
        assert_eq!(a.date.as_deref(), Some(date));
        a.problems
            .iter()
            .filter(|p| p.clause == "deck.format-legality")
            .map(|p| (p.line, p.message.clone()))
            .collect()
    };
    // The day before E rotated: both legal, as the data says.
    assert_eq!(format_problems("2024-04-04"), Vec::new());
    // After: Old Bird's only mark (E) has rotated; Reprinted Ball has a G print.
    let after = format_problems("2024-04-05");
    assert_eq!(after.len(), 1, "{after:?}");
    assert_eq!(after[0].0, Some(1));
    assert!(
        after[0].1.contains("rotated out on 2024-04-05"),
        "{}",
        after[0].1
    );
    assert!(
        after[0].1.contains("2024-03-21 in Pokémon TCG Live"),
        "{}",
        after[0].1
    );
    // Expanded is not rotated.
    let req = DeckRequest {
        list: list.into(),
        format: Some("expanded".into()),
        date: Some("2026-01-01".into()),
    };
    let a = answer(&req, Some(&db)).unwrap();
    assert!(
        a.problems
            .iter()
            .all(|p| p.clause != "deck.format-legality")
    );
    // A date that is not one is refused, naming the field.
    let req = DeckRequest {
        list: list.into(),
        format: Some("standard".into()),
        date: Some("14/06/2025".into()),
    };
    let e = answer(&req, Some(&db)).unwrap_err();
    assert!(e.to_string().contains("date"), "{e}");
}

/// One Pokémon ☆ in all (HeartGold & SoulSilver rulebook, "Building a Deck"; classic basics,
/// "Pokémon ☆"): two different ones are a problem at the second; one alone is not. Known by the
/// ☆ or ★ in the name, with or without card data.
#[test]
fn one_pokemon_star_in_all() {
    let ask = |list: &str| {
        answer(
            &DeckRequest {
                list: list.into(),
                format: None,
                date: Some(PLAYED_ON.into()),
            },
            None,
        )
        .unwrap()
    };
    let two = ask("Pokémon: 2\n1 Rayquaza ☆\n1 Gyarados ★\n");
    let star: Vec<_> = two
        .problems
        .iter()
        .filter(|p| p.clause == "deck.pokemon-star")
        .collect();
    assert_eq!(star.len(), 1, "{:?}", two.problems);
    assert_eq!(star[0].line, Some(3));
    let one = ask("Pokémon: 1\n1 Rayquaza ☆\n");
    assert!(one.problems.iter().all(|p| p.clause != "deck.pokemon-star"));
}
