//! The built-in card data against the two sources it is made from (`../shared/cards`, both
//! layouts): the same cards, and the same verdicts on the whole English corpus. Skipped with a
//! message when the sources or the corpus are absent.

mod common;

use std::sync::OnceLock;

use ptcg_judge::cards::{CardDb, LangTexts, snapshot};
use ptcg_judge::engine::RuleEdition;

/// Both sources read from their folders, as `--cards ../shared/cards` reads them.
fn from_sources() -> Option<&'static CardDb> {
    static DB: OnceLock<Option<CardDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = common::shared_card_sources()?;
        Some(CardDb::load_dir(&dir).unwrap_or_else(|e| panic!("loading {dir:?}: {e}")))
    })
    .as_ref()
}

/// The committed snapshot is what `make-card-snapshot ../shared/cards` makes: every card with
/// the same facts and names (localized effect texts are left out of the snapshot by design).
/// When this fails after the sources were updated, run
/// `cargo run --release -- make-card-snapshot ../shared/cards`.
#[test]
fn the_built_in_data_is_the_shared_sources_merged() {
    let Some(sources) = from_sources() else {
        return common::skipped("built-in card data", "../shared/cards (both sources)");
    };
    let builtin = snapshot::builtin().unwrap();
    assert_eq!(builtin.len(), sources.len());
    assert_eq!(builtin.sets(), sources.sets());
    assert_eq!(builtin.set_aliases(), sources.set_aliases());
    let mut differ = Vec::new();
    for (i, (from_dir, built_in)) in sources.cards().zip(builtin.cards()).enumerate() {
        let mut expected = from_dir.clone();
        if let Some(loc) = expected.localized.as_deref_mut() {
            loc.effect = LangTexts::default();
            for named in loc.attacks.iter_mut().chain(&mut loc.abilities) {
                named.text = LangTexts::default();
            }
        }
        // The built-in names in other languages are decoded on first use, apart from the card.
        let mut built_in = built_in.clone();
        built_in.localized = builtin.localized(i as u32).cloned().map(Box::new);
        if expected != built_in {
            differ.push(from_dir.id.clone());
        }
    }
    assert!(
        differ.is_empty(),
        "{} cards differ: {:?}",
        differ.len(),
        &differ[..differ.len().min(10)]
    );
    for (a, b) in sources.sources().iter().zip(builtin.sources()) {
        assert_eq!((a.layout, a.cards), (b.layout, b.cards));
        assert_eq!(a.newest_release, b.newest_release);
    }
}

/// Every English log of the corpus gets the same verdict, clauses and message on every line
/// with the built-in data as with the two source folders.
#[test]
fn the_built_in_data_gives_the_same_verdicts_as_the_sources() {
    let (Some(files), Some(sources)) = (common::english_logs(), from_sources()) else {
        return common::skipped("built-in card data verdicts", "../shared (logs and cards)");
    };
    let builtin = snapshot::builtin().unwrap();
    let mut lines = 0;
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let a = ptcg_judge::verify(&bytes, Some(sources), RuleEdition::default()).unwrap();
        let b = ptcg_judge::verify(&bytes, Some(&builtin), RuleEdition::default()).unwrap();
        assert_eq!(a.summary, b.summary, "{}", file.display());
        for (x, y) in a.steps.iter().zip(&b.steps) {
            assert_eq!(
                (&x.verdict, &x.clauses, &x.message),
                (&y.verdict, &y.clauses, &y.message),
                "{} line {}",
                file.display(),
                x.line
            );
        }
        lines += a.steps.len();
    }
    assert!(
        files.len() >= 20 && lines > 5_000,
        "{} logs, {lines} lines",
        files.len()
    );
}

/// Verifying the whole English corpus reads only the cards its logs name and their other
/// prints: a fraction of the built-in data (each card is read when first asked for). A check that read every card would
/// make each one-log `verify` wait for all of them.
#[test]
fn verifying_the_corpus_reads_few_cards() {
    let Some(files) = common::english_logs() else {
        return common::skipped("cards read by the corpus", "../shared/ptcgl-logs");
    };
    let db = snapshot::decode(snapshot::builtin_bytes()).unwrap();
    assert_eq!(db.cards_read(), 0, "decoding reads no card");
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        ptcg_judge::verify(&bytes, Some(&db), RuleEdition::default()).unwrap();
    }
    let read = db.cards_read();
    println!("{} logs read {read} of {} cards", files.len(), db.len());
    assert!(
        read > 0 && read * 5 < db.len(),
        "{read} of {} cards read",
        db.len()
    );
}
