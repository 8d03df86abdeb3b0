use super::*;
use crate::cards::load::{DataSource, Layout};
use crate::cards::localized::{Lang, LangTexts, Localized, LocalizedNamed};
use crate::cards::model::{Legalities, Legality, SetInfo};
use crate::cards::test_support::card;

fn texts(pairs: &[(Lang, &str)]) -> LangTexts {
    let mut t = LangTexts::default();
    for (l, s) in pairs {
        t.set(*l, *s);
    }
    t
}

/// Cards with every fact the snapshot keeps: Weakness ×2 and +20, Resistance, attacks with
/// each damage modifier and no damage, an Ability, a Poké-Body, rules, a LV.X level,
/// legalities, names in other languages; a set with an alias; two sources.
fn sample_db() -> CardDb {
    let mut garchomp = card(
        r#"{"id":"sv4-109","name":"Garchomp ex","supertype":"Pokémon","subtypes":["Stage 2","ex","Tera"],
            "hp":"320","types":["Fighting"],"evolvesFrom":"Gabite","evolvesTo":["Nothing"],
            "weaknesses":[{"type":"Grass","value":"×2"}],"resistances":[{"type":"Lightning","value":"-30"}],
            "retreatCost":["Colorless"],"number":"109","regulationMark":"G",
            "rules":["Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."],
            "abilities":[{"name":"Sonic Speed","type":"Ability","text":"Once during your turn..."}],
            "attacks":[{"name":"Linear Attack","cost":["Fighting"],"damage":"60","text":"Does 60 to 1."},
                       {"name":"Miracle Force","cost":["Fighting","Colorless"],"damage":"190+","text":"More."},
                       {"name":"Scratch","cost":[],"damage":"20×","text":""},
                       {"name":"Less","cost":["Free"],"damage":"100-","text":""},
                       {"name":"Growl","cost":["Colorless"],"damage":"","text":"Lower."}],
            "legalities":{"standard":"Legal","expanded":"Banned"}}"#,
    );
    garchomp.localized = Some(Box::new(Localized {
        name: texts(&[(Lang::De, "Knakrack-ex"), (Lang::Fr, "Carchacrok-ex")]),
        evolves_from: texts(&[(Lang::De, "Knarksel")]),
        attacks: vec![
            LocalizedNamed {
                name: texts(&[(Lang::De, "Linearangriff")]),
                text: texts(&[(Lang::De, "dropped")]),
            },
            LocalizedNamed::default(),
        ],
        abilities: vec![LocalizedNamed {
            name: texts(&[(Lang::PtBr, "Velocidade")]),
            text: LangTexts::default(),
        }],
        effect: texts(&[(Lang::De, "dropped")]),
    }));
    let old = card(
        r#"{"id":"dp7-1","name":"Gengar","supertype":"Pokémon","subtypes":["Level-Up"],"level":"X",
            "hp":"120","types":["Psychic"],"weaknesses":[{"type":"Darkness","value":"+20"}],
            "abilities":[{"name":"Fainting Spell","type":"Poké-Body","text":"If..."}],"number":"1"}"#,
    );
    let energy = card(
        r#"{"id":"me3-88","name":"Telepathic Psychic Energy","supertype":"Energy","subtypes":["Special"],
            "rules":["As long as this card is attached..."],"number":"88"}"#,
    );
    let sets = vec![SetInfo {
        id: "sv4".into(),
        name: "Paradox Rift".into(),
        series: "Scarlet & Violet".into(),
        ptcgo_code: Some("PAR".into()),
        release_date: Some("2023/11/03".into()),
        legalities: Legalities {
            standard: Some(Legality::Legal),
            expanded: Some(Legality::Legal),
            unlimited: None,
        },
    }];
    let mut db = CardDb::from_cards(vec![garchomp, old, energy], sets);
    let source = |layout, location: &str| DataSource {
        layout,
        location: location.into(),
        cards: 2,
        newest_set: Some("Perfect Order".into()),
        newest_release: Some("2026/03/27".into()),
    };
    db.add_parts(
        Vec::new(),
        vec![("sv04".into(), "sv4".into())],
        vec![
            source(Layout::PokemonTcgData, "/some/where/pokemon-tcg-data"),
            source(Layout::Tcgdex, "tcgdex-cards-database"),
        ],
    );
    db
}

#[test]
fn round_trip_keeps_every_gameplay_fact() {
    let db = sample_db();
    let bytes = encode(&db, "2026-11-25").unwrap();
    let back = decode(&bytes).unwrap();
    assert_eq!(back.len(), db.len());
    for (i, (a, b)) in db.cards().iter().zip(back.cards()).enumerate() {
        let mut expected = a.clone();
        // Localized effect texts are left out; names stay.
        if let Some(loc) = expected.localized.as_deref_mut() {
            loc.effect = LangTexts::default();
            for named in loc.attacks.iter_mut().chain(&mut loc.abilities) {
                named.text = LangTexts::default();
            }
        }
        // The names in other languages come from the names section, decoded on first use.
        let mut got = b.clone();
        assert!(got.localized.is_none());
        got.localized = back.localized(i as u32).cloned().map(Box::new);
        assert_eq!(expected, got);
    }
    assert_eq!(back.sets(), db.sets());
    assert_eq!(back.set_aliases(), db.set_aliases());
    let sources = back.sources();
    assert_eq!(sources.len(), 2);
    assert_eq!(sources[0].layout, Layout::PokemonTcgData);
    assert_eq!(sources[0].location, "built-in, made 2026-11-25");
    assert_eq!(sources[1].newest_release.as_deref(), Some("2026/03/27"));
    // Indexes are rebuilt: by name, by id and by the client's card ids (set alias).
    assert!(back.by_id("dp7-1").is_some());
    assert_eq!(back.by_log_id("sv04_109"), back.by_id("sv4-109"));
}

#[test]
fn another_format_is_refused() {
    let db = sample_db();
    let raw = zstd::stream::decode_all(&encode(&db, "2026-11-25").unwrap()[..]).unwrap();
    let mut other = postcard::to_stdvec(&(SNAPSHOT_FORMAT + 1)).unwrap();
    other.extend_from_slice(&raw[1..]);
    let bytes = zstd::bulk::compress(&other, 1).unwrap();
    let err = decode(&bytes).unwrap_err();
    assert!(matches!(err, SnapshotError::Format { found } if found == SNAPSHOT_FORMAT + 1));
    assert!(
        err.to_string()
            .contains(&format!("this build reads format {SNAPSHOT_FORMAT}")),
        "{err}"
    );
}

#[test]
fn broken_bytes_are_errors_not_panics() {
    assert!(matches!(
        decode(b"not zstd"),
        Err(SnapshotError::Decompress(_))
    ));
    let truncated = zstd::bulk::compress(&[SNAPSHOT_FORMAT as u8, 5, b'a'], 1).unwrap();
    assert!(matches!(decode(&truncated), Err(SnapshotError::Decode(_))));
    // A record whose Energy type this build does not know names the card.
    let db = sample_db();
    let raw = zstd::stream::decode_all(&encode(&db, "x").unwrap()[..]).unwrap();
    let at = raw.windows(8).position(|w| w == b"Fighting").unwrap();
    let mut bad = raw.clone();
    bad[at..at + 8].copy_from_slice(b"Fightinx");
    let err = decode(&zstd::bulk::compress(&bad, 1).unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the card snapshot gives card \"sv4-109\" an unknown Energy type \"Fightinx\""
    );
}

#[test]
fn builtin_snapshot_holds_both_sources() {
    let db = builtin().expect("the committed snapshot decodes");
    let layouts: Vec<Layout> = db.sources().iter().map(|s| s.layout).collect();
    assert_eq!(layouts, [Layout::PokemonTcgData, Layout::Tcgdex]);
    assert!(db.len() > 20_000, "{} cards", db.len());
    // A 2026 card only TCGdex has, by a client card id, with its German name.
    let idx = db.by_log_id("me3_88").expect("Telepathic Psychic Energy");
    assert_eq!(db.card(idx).name, "Telepathic Psychic Energy");
    let ids = ["sv6_128", "me1_56"];
    for id in ids {
        assert!(db.by_log_id(id).is_some(), "{id}");
    }
    // The 2026 logs' cards that pokemon-tcg-data lacks are known by name.
    for name in [
        "Mega Excadrill ex",
        "Mega Starmie ex",
        "Mega Froslass ex",
        "Mega Greninja ex",
        "Telepathic Psychic Energy",
    ] {
        let prints = db.by_name(name);
        assert!(!prints.is_empty(), "{name}");
        assert!(
            prints
                .iter()
                .all(|&i| db.card(i).is_energy() || db.card(i).hp.is_some()),
            "{name} without HP"
        );
    }
    let alakazam = db.by_log_id("me1_56").unwrap();
    let german = db.localized(alakazam).and_then(|l| l.name.get(Lang::De));
    assert_eq!(german, Some("Simsala"));
}
