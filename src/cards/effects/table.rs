//! Plain-text views of the catalogue for `ptcg-judge effects`: the per-fact counts, the
//! readings of one card name, and the card names that may change one fact.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::{Catalogue, Fact, TextEffects, TextKind};
use crate::cards::{Card, CardDb};

impl Fact {
    /// The fact with this id (`damage-dealt`), if any.
    pub fn from_id(id: &str) -> Option<Fact> {
        Fact::ALL.into_iter().find(|f| f.id() == id.trim())
    }
}

impl TextKind {
    /// Stable kebab-case id (`trainer-rules`).
    pub fn id(self) -> &'static str {
        match self {
            TextKind::Attack => "attack",
            TextKind::Ability => "ability",
            TextKind::TrainerRules => "trainer-rules",
            TextKind::EnergyRules => "energy-rules",
            TextKind::PokemonRules => "pokemon-rules",
        }
    }
}

/// Per fact: how many cards (prints) and how many distinct card names may change it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactCount {
    pub fact: Fact,
    pub cards: usize,
    pub names: usize,
}

/// The per-fact counts of a catalogue built from `db`.
pub fn fact_counts(db: &CardDb, cat: &Catalogue) -> Vec<FactCount> {
    Fact::ALL
        .into_iter()
        .map(|fact| {
            let mut cards = 0;
            let mut names = BTreeSet::new();
            for (i, card) in db.cards().enumerate() {
                if cat.of(i as u32).facts().contains(fact) {
                    cards += 1;
                    names.insert(card.name.as_str());
                }
            }
            FactCount {
                fact,
                cards,
                names: names.len(),
            }
        })
        .collect()
}

/// The per-fact table.
pub fn render_counts(db: &CardDb, cat: &Catalogue) -> String {
    let counts = fact_counts(db, cat);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<20} {:<42} {:>6} {:>6}",
        "fact", "may change", "cards", "names"
    );
    for c in &counts {
        let _ = writeln!(
            out,
            "{:<20} {:<42} {:>6} {:>6}",
            c.fact.id(),
            c.fact.words(),
            c.cards,
            c.names
        );
    }
    let with_any = (0..cat.len())
        .filter(|i| !cat.of(*i as u32).facts().is_empty())
        .count();
    let _ = writeln!(
        out,
        "{} cards read, {} may change at least one fact",
        cat.len(),
        with_any
    );
    out
}

/// The words of one of a card's texts as printed (an attack's without its damage).
pub(super) fn printed_words(card: &Card, t: &TextEffects) -> String {
    match t.kind {
        TextKind::Attack => card
            .attacks
            .iter()
            .find(|a| a.name == t.name)
            .map(|a| a.text.clone())
            .unwrap_or_default(),
        TextKind::Ability => card
            .abilities
            .iter()
            .find(|a| a.name == t.name)
            .map(|a| a.text.clone())
            .unwrap_or_default(),
        _ => card.rules.join(" "),
    }
}

/// The original text of one of a card's texts, an attack's with its printed damage.
fn original(card: &Card, t: &TextEffects) -> String {
    let words = printed_words(card, t);
    match t.kind {
        TextKind::Attack => {
            let damage = card
                .attacks
                .iter()
                .find(|a| a.name == t.name)
                .and_then(|a| a.damage)
                .map(|d| format!("[{d}]"))
                .unwrap_or_default();
            format!("{damage} {words}").trim().to_string()
        }
        _ => words,
    }
}

fn describe_text(out: &mut String, card: &Card, t: &TextEffects) {
    let label = if t.name.is_empty() {
        t.kind.id().to_string()
    } else {
        format!("{} \"{}\"", t.kind.id(), t.name)
    };
    let when = match t.activation {
        super::Activation::InPlay => "in play",
        super::Activation::WhenUsed => "when used",
    };
    let lasting = if t.lasting { ", lasting" } else { "" };
    let _ = writeln!(out, "  {label} ({when}{lasting})");
    let _ = writeln!(out, "    text: {}", original(card, t));
    if t.effects.is_empty() {
        let _ = writeln!(out, "    changes: nothing");
    } else {
        let effects: Vec<String> = t
            .effects
            .iter()
            .map(|e| format!("{} ({})", e.fact.id(), reach_id(e.reach)))
            .collect();
        let _ = writeln!(out, "    changes: {}", effects.join(", "));
    }
    for e in &t.exact {
        let _ = writeln!(out, "    exactly: {e}");
    }
    if !t.inexact.is_empty() {
        let facts: Vec<&str> = t.inexact.iter().map(|f| f.id()).collect();
        let _ = writeln!(
            out,
            "    may change (not read exactly): {}",
            facts.join(", ")
        );
    }
}

fn reach_id(r: super::Reach) -> &'static str {
    match r {
        super::Reach::Holder => "holder",
        super::Reach::OwnSide => "own side",
        super::Reach::OpponentSide => "opponent's side",
        super::Reach::Any => "any",
    }
}

/// Each distinct reading of the prints named `name` (optionally only the texts that may change
/// `fact`).
pub fn render_name(db: &CardDb, cat: &Catalogue, name: &str, fact: Option<Fact>) -> String {
    let idxs = db.by_name(name);
    let mut out = String::new();
    if idxs.is_empty() {
        let _ = writeln!(out, "no card named {name:?} in the card data");
        return out;
    }
    // Group prints by reading: the same texts read the same way.
    let mut groups: Vec<(Vec<u32>, u32)> = Vec::new();
    for &i in idxs {
        let key = reading_key(db.card(i), cat, i);
        match groups
            .iter_mut()
            .find(|(_, first)| reading_key(db.card(*first), cat, *first) == key)
        {
            Some((ids, _)) => ids.push(i),
            None => groups.push((vec![i], i)),
        }
    }
    let _ = writeln!(
        out,
        "{}: {} prints, {} distinct readings",
        db.card(idxs[0]).name,
        idxs.len(),
        groups.len()
    );
    for (ids, first) in &groups {
        let card = db.card(*first);
        let list: Vec<&str> = ids.iter().map(|i| db.card(*i).id.as_str()).collect();
        let _ = writeln!(out, "\n{} ({})", list.join(", "), card.supertype);
        for t in cat.of(*first).texts() {
            if fact.is_none_or(|f| t.facts().contains(f)) {
                describe_text(&mut out, card, t);
            }
        }
    }
    out
}

fn reading_key(card: &Card, cat: &Catalogue, i: u32) -> Vec<(String, String)> {
    cat.of(i)
        .texts()
        .iter()
        .map(|t| (original(card, t), format!("{t:?}")))
        .collect()
}

/// The card names that may change `fact`, each with the texts that do.
pub fn render_fact(db: &CardDb, cat: &Catalogue, fact: Fact) -> String {
    let mut by_name: BTreeMap<&str, BTreeMap<String, (usize, String)>> = BTreeMap::new();
    for (i, card) in db.cards().enumerate() {
        for t in cat.of(i as u32).texts() {
            if let Some(e) = t.effects.iter().find(|e| e.fact == fact) {
                let label = if t.name.is_empty() {
                    format!("{} ({})", t.kind.id(), reach_id(e.reach))
                } else {
                    format!("{} \"{}\" ({})", t.kind.id(), t.name, reach_id(e.reach))
                };
                let entry = by_name
                    .entry(card.name.as_str())
                    .or_default()
                    .entry(label)
                    .or_insert((0, original(card, t)));
                entry.0 += 1;
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} card names may change {} ({}):",
        by_name.len(),
        fact.words(),
        fact.id()
    );
    for (name, texts) in &by_name {
        for (label, (n, text)) in texts {
            let short: String = text.chars().take(200).collect();
            let more = if text.chars().count() > 200 {
                "…"
            } else {
                ""
            };
            let _ = writeln!(out, "{name} — {label} ×{n}: {short}{more}");
        }
    }
    out
}
