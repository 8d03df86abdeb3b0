use super::*;

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

const SERIE: &str = "import { Serie } from '../interfaces'\nconst serie: Serie = { id: \"me\", name: { en: \"Mega Evolution\" } }\nexport default serie\n";

fn set_file(id: &str, date: &str) -> String {
    format!(
        "import {{ Set }} from '../../interfaces'\nimport serie from '../Mega Evolution'\n\
         const set: Set = {{ id: \"{id}\", name: {{ en: \"Set {id}\" }}, serie: serie, releaseDate: \"{date}\" }}\n\
         export default set\n"
    )
}

fn card_file(set_import: &str, name: &str) -> String {
    format!(
        "import {{ Card }} from \"../../../interfaces\"\nimport Set from \"{set_import}\"\n\
         const card: Card = {{\n\tset: Set,\n\tname: {{ en: \"{name}\", fr: \"{name} FR\" }},\n\tcategory: \"Pokemon\",\n\tstage: \"Basic\",\n\thp: 60,\n}}\nexport default card\n"
    )
}

/// A checkout with two sets; the second set's folder name has an apostrophe (escaped in the
/// import, as in `Champion\'s Path`) and one import ends in `.ts`.
fn checkout() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    write(&data.join("Mega Evolution.ts"), SERIE);
    write(
        &data.join("Mega Evolution/Newer.ts"),
        &set_file("me02", "2025-11-14"),
    );
    write(
        &data.join("Mega Evolution/Older's.ts"),
        &set_file("me01", "2025-09-26"),
    );
    for (n, name) in [("010", "Ten"), ("002", "Two"), ("TG01", "Gallery")] {
        write(
            &data.join(format!("Mega Evolution/Older's/{n}.ts")),
            &card_file("../Older\\'s", name),
        );
    }
    write(
        &data.join("Mega Evolution/Newer/1.ts"),
        &card_file("../Newer.ts", "One"),
    );
    write(&data.join("Mega Evolution/Newer/README.md"), "ignored");
    write(&tmp.path().join("interfaces.d.ts"), "export type X = 1");
    tmp
}

#[test]
fn loads_a_checkout_or_its_data_folder() {
    let tmp = checkout();
    for dir in [tmp.path().to_path_buf(), tmp.path().join("data")] {
        assert!(is_tcgdex_dir(&dir));
        let loaded = load(&dir).unwrap();
        assert_eq!(loaded.card_files, 4);
        let ids: Vec<&str> = loaded.cards.iter().map(|c| c.id.as_str()).collect();
        // Sets by release date, cards by collector number.
        assert_eq!(ids, ["me01-2", "me01-10", "me01-TG01", "me02-1"]);
        let sets: Vec<&str> = loaded.sets.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(sets, ["me01", "me02"]);
        assert_eq!(loaded.sets[0].serie.name, "Mega Evolution");
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        assert_eq!(
            loaded.cards[0]
                .localized
                .as_ref()
                .unwrap()
                .name
                .get(crate::cards::Lang::Fr),
            Some("Two FR")
        );
    }
    assert!(!is_tcgdex_dir(&tmp.path().join("data/Mega Evolution")));
    assert!(!is_tcgdex_dir(&tmp.path().join("missing")));
}

#[test]
fn errors_name_the_file_and_position() {
    let tmp = checkout();
    let bad = tmp.path().join("data/Mega Evolution/Newer/2.ts");
    write(
        &bad,
        "import Set from \"../Newer\"\nconst card = {\n  set: Set,\n  name: `Two`,\n}\nexport default card\n",
    );
    let err = load(tmp.path()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "data/Mega Evolution/Newer/2.ts:4:9: template literals (`...`) are not supported"
    );

    write(
        &bad,
        "import Set from \"../Nowhere\"\nconst card = { set: Set }\nexport default card\n",
    );
    let err = load(tmp.path()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "data/Mega Evolution/Newer/2.ts:2:21: set: \"Mega Evolution/Nowhere\" is not a set file"
    );

    write(
        &bad,
        "import Set from \"../Newer\"\nconst card = { set: \"me02\" }\nexport default card\n",
    );
    let err = load(tmp.path()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("2.ts:2:21: set: expected an imported identifier, found a string"),
        "{err}"
    );

    write(
        &bad,
        &card_file("../Newer", "Two").replace("hp: 60", "hp: 60, types: 3"),
    );
    let err = load(tmp.path()).unwrap_err();
    assert!(
        matches!(
            err,
            CardDataError::Literal {
                line: 8,
                column: 17,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn unreadable_folders() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(matches!(
        load(tmp.path()),
        Err(CardDataError::NoCardFiles(_))
    ));
    assert!(matches!(
        load(&tmp.path().join("missing")),
        Err(CardDataError::Io { .. })
    ));
}

#[test]
fn natural_order() {
    let mut v = vec!["10", "9", "TG10", "TG2", "1a", "1"];
    v.sort_by_key(|s| natural_key(s));
    assert_eq!(v, ["1", "1a", "9", "10", "TG2", "TG10"]);
}
