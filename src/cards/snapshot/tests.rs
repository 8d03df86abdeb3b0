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
    for (i, (a, b)) in db.cards().zip(back.cards()).enumerate() {
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
    // A record whose Energy type this build does not know names the card, when the card is
    // read; the other cards still read.
    let db = sample_db();
    let raw = zstd::stream::decode_all(&encode(&db, "x").unwrap()[..]).unwrap();
    let at = raw.windows(8).position(|w| w == b"Fighting").unwrap();
    let mut bad = raw.clone();
    bad[at..at + 8].copy_from_slice(b"Fightinx");
    let back = decode(&zstd::bulk::compress(&bad, 1).unwrap()).unwrap();
    let err = back.try_card(0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the card snapshot gives card \"sv4-109\" an unknown Energy type \"Fightinx\""
    );
    assert_eq!(back.try_card(1).unwrap().name, "Gengar");
    // A record cut short is an error of its card too.
    let gengar = raw.windows(9).rposition(|w| w == b"Fainting ").unwrap();
    let mut cut = raw.clone();
    cut[gengar..gengar + 9].copy_from_slice(&[0xFF; 9]);
    let back = decode(&zstd::bulk::compress(&cut, 1).unwrap()).unwrap();
    assert!(matches!(back.try_card(1), Err(SnapshotError::Decode(_))));
}

/// Decoding reads no card; looking cards up by name or id reads none either; asking for one
/// reads that one only.
#[test]
fn cards_are_read_when_first_asked_for() {
    let db = sample_db();
    let back = decode(&encode(&db, "x").unwrap()).unwrap();
    let none_read = |db: &CardDb| (0..db.len() as u32).all(|i| !db.is_read(i));
    assert!(none_read(&back));
    assert_eq!(back.by_name("Gengar"), &[1]);
    assert_eq!(back.by_id("me3-88"), Some(2));
    assert_eq!(back.by_log_id("sv04_109"), Some(0));
    assert_eq!(back.key(2).number, "88");
    assert_eq!(back.newest_print_idx("Gengar"), Some(1));
    assert!(none_read(&back));
    assert_eq!(back.card(1).hp, Some(120));
    assert!(back.is_read(1) && !back.is_read(0) && !back.is_read(2));
    assert_eq!(back.index_of(back.card(1)), Some(1));
    assert_eq!(back.index_of(db.card(1)), None);
}

/// The cards' keys must fit the list of records: a damaged list is refused when decoded.
#[test]
fn keys_that_do_not_fit_are_refused() {
    let keys = |key_lengths: Vec<[u32; 4]>, move_lengths: Vec<u32>| lazy::Keys {
        keys: "sv4-1Pikachusv41".into(),
        key_lengths,
        moves: "ZapStatic".into(),
        move_counts: vec![[1, 1]],
        move_lengths,
    };
    let records = vec![(0u32, 0u32)];
    let cards = LazyCards::new(
        Arc::default(),
        records.clone(),
        keys(vec![[5, 7, 3, 1]], vec![3, 6]),
    )
    .unwrap();
    let key = cards.key(0);
    assert_eq!(
        (key.id, key.name, key.set_id, key.number),
        ("sv4-1", "Pikachu", "sv4", "1")
    );
    let moves = cards.moves(0);
    assert_eq!(
        (moves.attacks, moves.abilities),
        (vec!["Zap"], vec!["Static"])
    );
    for (key_lengths, move_lengths) in [
        (vec![[5u32, 7, 3, 2]], vec![3, 6]),
        (vec![[5, u32::MAX, 3, 1]], vec![3, 6]),
        (vec![[5, 7, 3, 1]], vec![3, 7]),
        (vec![[5, 7, 3, 1]], vec![3]),
        (vec![[5, 7, 3, 1], [0, 0, 0, 0]], vec![3, 6]),
    ] {
        assert!(matches!(
            LazyCards::new(
                Arc::default(),
                records.clone(),
                keys(key_lengths, move_lengths)
            ),
            Err(SnapshotError::Layout(_))
        ));
    }
    // A key that ends inside a character.
    let mut inside = keys(vec![[1, 0, 0, 0]], vec![3, 6]);
    inside.keys = "é".into();
    assert!(LazyCards::new(Arc::default(), records.clone(), inside).is_err());
    // A record outside the snapshot.
    let good = || keys(vec![[5, 7, 3, 1]], vec![3, 6]);
    assert!(LazyCards::new(Arc::default(), vec![(0, 1)], good()).is_err());
    assert!(LazyCards::new(Arc::default(), Vec::new(), good()).is_err());
}

/// Every card of the built-in snapshot reads (a card is read only when first asked for, so
/// a damaged record would otherwise show only then).
#[test]
fn every_builtin_card_reads() {
    let db = decode(builtin_bytes()).expect("the committed snapshot decodes");
    for i in 0..db.len() as u32 {
        if let Err(e) = db.try_card(i) {
            panic!("card {i} ({}): {e}", db.key(i).id);
        }
    }
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
