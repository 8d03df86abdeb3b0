use super::*;
use crate::cards::localized::{Lang, LangTexts};
use crate::cards::model::Legalities;
use crate::cards::test_support::card;

fn set(id: &str, name: &str, date: &str, standard: bool) -> SetInfo {
    let legal = Some(Legality::Legal);
    SetInfo {
        id: id.into(),
        name: name.into(),
        series: String::new(),
        ptcgo_code: None,
        release_date: Some(date.into()),
        legalities: Legalities {
            standard: if standard { legal } else { None },
            expanded: legal,
            unlimited: legal,
        },
    }
}

fn texts(pairs: &[(Lang, &str)]) -> LangTexts {
    let mut t = LangTexts::default();
    for (l, s) in pairs {
        t.set(*l, *s);
    }
    t
}

/// pokemon-tcg-data side: two cards of Prismatic Evolutions.
fn primary() -> CardDb {
    let cards = vec![
        card(
            r#"{"id":"sv8pt5-4","name":"Budew","supertype":"Pokémon","subtypes":["Basic"],"hp":"30","number":"4",
                "attacks":[{"name":"Itchy Pollen","cost":[],"damage":"10"}],"regulationMark":"H",
                "legalities":{"standard":"Legal","expanded":"Legal","unlimited":"Legal"}}"#,
        ),
        card(
            r#"{"id":"sv8pt5-80","name":"Dudunsparce","supertype":"Pokémon","subtypes":["Stage 1"],"number":"80"}"#,
        ),
    ];
    CardDb::from_cards(
        cards,
        vec![set("sv8pt5", "Prismatic Evolutions", "2025/01/17", true)],
    )
}

/// TCGdex side: the same set (another id, zero-padded numbers), Budew with German texts and
/// Dudunsparce with HP, a card the primary lacks in that set, and a newer set.
fn secondary() -> CardDb {
    let mut budew = card(
        r#"{"id":"sv08.5-4","name":"Budew","supertype":"Pokémon","subtypes":["Basic"],"hp":"40","number":"4",
            "attacks":[{"name":"Itchy Pollen","cost":["Grass"],"damage":"10"}]}"#,
    );
    budew.localized = Some(Box::new(Localized {
        name: texts(&[(Lang::De, "Knospi")]),
        attacks: vec![LocalizedNamed {
            name: texts(&[(Lang::De, "Juckpollen")]),
            text: LangTexts::default(),
        }],
        ..Localized::default()
    }));
    let mut dudunsparce = card(
        r#"{"id":"sv08.5-080","name":"Dudunsparce","supertype":"Pokémon","subtypes":["Stage 1"],"hp":"140","number":"080",
            "evolvesFrom":"Dunsparce","regulationMark":"H"}"#,
    );
    dudunsparce.set_id = "sv08.5".into();
    let mut extra = card(
        r#"{"id":"sv08.5-200","name":"Secret","supertype":"Trainer","subtypes":["Item"],"number":"200"}"#,
    );
    extra.set_id = "sv08.5".into();
    let mut starmie = card(
        r#"{"id":"me03-21","name":"Mega Starmie ex","supertype":"Pokémon","subtypes":["Stage 1","MEGA","ex"],
            "hp":"330","number":"21","regulationMark":"H"}"#,
    );
    starmie.set_id = "me03".into();
    let mut old = card(
        r#"{"id":"tk-1","name":"Kit Card","supertype":"Pokémon","subtypes":["Basic"],"number":"1"}"#,
    );
    old.set_id = "tk".into();
    budew.set_id = "sv08.5".into();
    CardDb::from_cards(
        vec![budew, dudunsparce, extra, starmie, old],
        vec![
            set("sv08.5", "Prismatic Evolutions", "2025/01/17", false),
            set("me03", "Perfect Order", "2026/03/27", false),
            set("tk", "Kit", "2010/01/01", false),
        ],
    )
}

#[test]
fn matches_sets_and_cards() {
    let (a, b) = (primary(), secondary());
    let m = match_cards(&a, &b);
    assert_eq!(m.sets, [(0, 0)]);
    assert_eq!(m.cards, [(0, 0), (1, 1)]);
    assert_eq!(m.only_b, [2, 3, 4]);
    assert_eq!(m.only_a, 0);
    assert_eq!(diff::pair_of(&m, 1), Some(1));
}

#[test]
fn merged_database() {
    let db = merge(primary(), secondary());
    assert_eq!(db.len(), 5);
    let budew = db.card(db.by_id("sv8pt5-4").unwrap());
    assert_eq!(budew.hp, Some(30), "the primary's value wins");
    assert!(budew.attacks[0].cost.is_empty());
    let l = budew.localized.as_deref().unwrap();
    assert_eq!(l.name.get(Lang::De), Some("Knospi"));
    assert_eq!(l.attacks[0].name.get(Lang::De), Some("Juckpollen"));
    let dudu = db.card(db.by_id("sv8pt5-80").unwrap());
    assert_eq!(
        dudu.hp,
        Some(140),
        "what the primary lacks comes from the secondary"
    );
    assert_eq!(dudu.evolves_from.as_deref(), Some("Dunsparce"));
    assert_eq!(dudu.regulation_mark.as_deref(), Some("H"));
    assert!(dudu.localized.is_none());

    // A card only the secondary has, in a set both have: under the primary's set id, with the
    // set's legality.
    let secret = db.card(db.by_id("sv8pt5-200").unwrap());
    assert_eq!(secret.set_id, "sv8pt5");
    assert_eq!(secret.legalities.standard, Some(Legality::Legal));
    // In a newer set: legality of the primary's cards with the same regulation mark.
    let starmie = db.card(db.by_id("me03-21").unwrap());
    assert_eq!(starmie.legalities.standard, Some(Legality::Legal));
    assert_eq!(db.release_date(starmie), "2026/03/27");
    // Neither: Unlimited only.
    let kit = db.card(db.by_id("tk-1").unwrap());
    assert_eq!(kit.legalities.standard, None);
    assert_eq!(kit.legalities.unlimited, Some(Legality::Legal));

    // Sets: the primary's, then the secondary's own; the other id is an alias.
    let ids: Vec<&str> = db.sets().iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["sv8pt5", "me03", "tk"]);
    assert_eq!(
        db.set_aliases(),
        [("sv08.5".to_string(), "sv8pt5".to_string())]
    );
    for log_id in ["sv8-5_4", "sv8-5_80_mph", "sv08.5_80", "sv8pt5_80"] {
        assert!(db.by_log_id(log_id).is_some(), "{log_id}");
    }
    assert_eq!(db.by_log_id("sv8-5_80_mph"), db.by_id("sv8pt5-80"));
    assert_eq!(db.by_log_id("me3_21"), db.by_id("me03-21"));
    assert_eq!(db.by_log_id("me3_22"), None);
    assert_eq!(db.by_log_id("nope"), None);
    assert_eq!(db.by_name("Mega Starmie ex").len(), 1);
}

#[test]
fn disagreements_of_matched_cards() {
    let (a, b) = (primary(), secondary());
    let m = match_cards(&a, &b);
    let list = diff::diff(&a, &b, &m);
    let facts: Vec<(String, diff::FactKind)> =
        list.iter().map(|d| (d.a_id.clone(), d.fact)).collect();
    assert_eq!(
        facts,
        [
            ("sv8pt5-4".to_string(), diff::FactKind::Hp),
            ("sv8pt5-4".to_string(), diff::FactKind::AttackCost),
        ],
        "HP only one source gives is not a disagreement"
    );
    assert_eq!(list[1].a, "Itchy Pollen: free");
    assert_eq!(list[1].b, "Itchy Pollen: G");
}

#[test]
fn a_regulation_mark_newer_than_the_primarys_is_legal_in_standard() {
    let by_mark = legal_by_mark(primary().cards());
    let mut dhelmise = card(
        r#"{"id":"me05-39","name":"Dhelmise","supertype":"Pokémon","subtypes":["Basic"],"number":"39","regulationMark":"J"}"#,
    );
    let newer = infer_legality(&dhelmise, None, &by_mark);
    assert_eq!(newer.standard, Some(Legality::Legal));
    assert_eq!(newer.expanded, Some(Legality::Legal));
    // A mark older than the primary's newest that none of its cards has: Unlimited only.
    dhelmise.regulation_mark = Some("A".into());
    let older = infer_legality(&dhelmise, None, &by_mark);
    assert_eq!(older.standard, None);
    assert_eq!(older.unlimited, Some(Legality::Legal));
}
