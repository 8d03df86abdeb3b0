//! How much of the card text the effect catalogue reads exactly, per rule fact: the table of
//! `ptcg-judge effects --coverage`.
//!
//! Each text of a card (an attack, an Ability, the card's rules) counts once per print. For a
//! fact, a text is
//! - **exact** when it may change the fact and every sentence that does was read exactly (the
//!   engine applies what it says);
//! - **may change** when it may change the fact and some sentence was not read exactly (a check
//!   that depends on the fact is `unverified` while the card is in force);
//! - **not read** when no reader tied it to the fact although its words speak of it (the fact's
//!   words are listed by [`words_of`]): a text the catalogue may be missing.
//!
//! The weighted columns count the same over the cards the given logs name, each card name
//! weighted by the lines that name it, and read as its newest print (the wording the game client
//! uses).

use std::collections::HashMap;
use std::fmt::Write;

use super::{Catalogue, Fact, TextEffects};
use crate::cards::{CardDb, CardIdx};

/// What the catalogue makes of one fact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub exact: u64,
    pub may_change: u64,
    pub not_read: u64,
}

/// One row of the table: over the whole card data, and weighted by the cards seen in logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FactCoverage {
    pub fact: Fact,
    pub all: Tally,
    pub seen: Tally,
}

/// The words that show a text changes a fact, for the "not read" column (`None`: the fact
/// has no such words and the column is not counted). A text matches a phrase when it holds
/// every part of it (parts joined by `&`).
pub fn words_of(fact: Fact) -> Option<&'static [&'static str]> {
    Some(match fact {
        Fact::DamageDealt => &["more damage", "damage for each", "less damage to"],
        Fact::DamageTaken => &["less damage from", "prevent all damage", "more damage from"],
        Fact::WeaknessResistance => &[
            "no weakness",
            "weakness is now",
            "affected by weakness",
            "no resistance",
            "resistance is now",
            "affected by resistance",
        ],
        Fact::MaxHp => &["gets +&hp", "maximum hp", "more hp", "hp is now"],
        Fact::BenchSize => &["on their bench", "on your bench up to", "bench can have"],
        Fact::EnergyProvided => &["provides"],
        Fact::AttackCost => &["attack cost", "to use this attack"],
        Fact::RetreatCost => &["retreat cost"],
        Fact::DamageCounters => &["put &damage counter", "move &damage counter"],
        Fact::PrizeCount => &[
            "more prize card",
            "fewer prize card",
            "additional prize card",
        ],
        Fact::Conditions => &["asleep", "burned", "confused", "paralyzed", "poisoned"],
        _ => return None,
    })
}

/// How one text stands for one fact.
fn classify(t: &TextEffects, fact: Fact, lower: &str) -> Option<Class> {
    if t.facts().contains(fact) {
        return Some(if t.inexact.contains(fact) {
            Class::MayChange
        } else {
            Class::Exact
        });
    }
    let words = words_of(fact)?;
    words
        .iter()
        .any(|w| w.split('&').all(|part| lower.contains(part)))
        .then_some(Class::NotRead)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Exact,
    MayChange,
    NotRead,
}

impl Tally {
    fn add(&mut self, c: Class, weight: u64) {
        match c {
            Class::Exact => self.exact += weight,
            Class::MayChange => self.may_change += weight,
            Class::NotRead => self.not_read += weight,
        }
    }

    /// The share read exactly among the texts that may change the fact.
    pub fn exact_share(&self) -> f64 {
        let n = self.exact + self.may_change;
        if n == 0 {
            0.0
        } else {
            self.exact as f64 / n as f64
        }
    }
}

fn tally_card(db: &CardDb, cat: &Catalogue, idx: CardIdx, weight: u64, rows: &mut [Tally]) {
    let card = db.card(idx);
    for t in cat.of(idx).texts() {
        let lower = super::text::normalise(&super::table::printed_words(card, t), &[]);
        for (row, fact) in rows.iter_mut().zip(Fact::ALL) {
            if let Some(c) = classify(t, fact, &lower) {
                row.add(c, weight);
            }
        }
    }
}

/// The table over the whole card data, and over the card names `seen` (name → lines that
/// name it).
pub fn coverage(db: &CardDb, cat: &Catalogue, seen: &HashMap<String, u64>) -> Vec<FactCoverage> {
    let mut all = vec![Tally::default(); Fact::ALL.len()];
    for i in 0..cat.len() {
        tally_card(db, cat, i as CardIdx, 1, &mut all);
    }
    let mut weighted = vec![Tally::default(); Fact::ALL.len()];
    for (name, weight) in seen {
        if let Some(idx) = db.newest_print_idx(name) {
            tally_card(db, cat, idx, *weight, &mut weighted);
        }
    }
    Fact::ALL
        .into_iter()
        .zip(all.into_iter().zip(weighted))
        .map(|(fact, (all, seen))| FactCoverage { fact, all, seen })
        .collect()
}

/// The table as text; `seen_names` and `seen_lines` say what the weighted columns cover.
pub fn render_coverage(rows: &[FactCoverage], seen_names: usize, seen_lines: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<20} {:>7} {:>7} {:>7} {:>6}   {:>7} {:>7} {:>7} {:>6}",
        "", "all card data (texts)", "", "", "", "weighted by the logs' cards", "", "", ""
    );
    let _ = writeln!(
        out,
        "{:<20} {:>7} {:>7} {:>7} {:>6}   {:>7} {:>7} {:>7} {:>6}",
        "fact", "exact", "may", "unread", "exact%", "exact", "may", "unread", "exact%"
    );
    let pct = |t: &Tally| format!("{:.1}", 100.0 * t.exact_share());
    for r in rows {
        let unread = |t: &Tally| {
            if words_of(r.fact).is_some() {
                t.not_read.to_string()
            } else {
                "-".to_string()
            }
        };
        let _ = writeln!(
            out,
            "{:<20} {:>7} {:>7} {:>7} {:>6}   {:>7} {:>7} {:>7} {:>6}",
            r.fact.id(),
            r.all.exact,
            r.all.may_change,
            unread(&r.all),
            pct(&r.all),
            r.seen.exact,
            r.seen.may_change,
            unread(&r.seen),
            pct(&r.seen),
        );
    }
    let _ = writeln!(
        out,
        "exact: read exactly; may: may change it, some sentence not read exactly; unread: has \
         words that change it (effects::coverage::words_of) but no reader tied it to it; \
         exact% = exact / (exact + may)"
    );
    let _ = writeln!(
        out,
        "weighted: {seen_names} card names named on {seen_lines} log lines, each read as its newest print"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::cards::test_support::card;

    fn db_of(cards: Vec<Card>) -> CardDb {
        CardDb::from_cards(cards, Vec::new())
    }

    #[test]
    fn a_text_read_exactly_counts_as_exact_and_one_that_is_not_as_may_change() {
        let exact = card(
            &serde_json::json!({
                "id": "t-1", "name": "Exactmon", "supertype": "Pokémon", "subtypes": ["Basic"],
                "hp": "100", "types": ["Colorless"],
                "abilities": [{"name": "Shield", "type": "Ability",
                    "text": "This Pokémon takes 30 less damage from attacks."}],
            })
            .to_string(),
        );
        let vague = card(&serde_json::json!({
            "id": "t-2", "name": "Vaguemon", "supertype": "Pokémon", "subtypes": ["Basic"],
            "hp": "100", "types": ["Colorless"],
            "abilities": [{"name": "Fog", "type": "Ability",
                "text": "This Pokémon takes less damage from attacks the more cards your opponent has in their hand."}],
        })
        .to_string());
        let db = db_of(vec![exact, vague]);
        let cat = Catalogue::build(&db);
        let mut seen = HashMap::new();
        seen.insert("Exactmon".to_string(), 3);
        let rows = coverage(&db, &cat, &seen);
        let taken = rows
            .iter()
            .find(|r| r.fact == Fact::DamageTaken)
            .expect("a row per fact");
        assert_eq!(taken.all.exact, 1, "{taken:?}");
        assert_eq!(taken.all.may_change, 1, "{taken:?}");
        assert_eq!(taken.seen.exact, 3, "weighted by its lines: {taken:?}");
        assert_eq!(taken.seen.may_change, 0, "{taken:?}");
    }
}
