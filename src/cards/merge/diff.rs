//! Where two sources disagree on a gameplay fact of the same card.
//!
//! Facts are compared in the model's terms, so that a difference of spelling is not a
//! disagreement: the stage, rule box and kind of card rather than raw subtype lists
//! (pokemon-tcg-data also lists Tera, Ultra Beast, Rapid Strike and the like, which TCGdex
//! does not record), costs as multisets, names and texts after normalisation.

use std::fmt;

use serde::Serialize;

use super::Matching;
use crate::cards::db::{CardDb, CardIdx};
use crate::cards::model::{Card, EnergyType};
use crate::cards::names::normalize_name;

/// The facts compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FactKind {
    /// The English name.
    Name,
    /// Pokémon, Trainer or Energy.
    Supertype,
    /// Basic, Stage 1, VMAX, ...
    Stage,
    /// ex, V, Mega ex, Radiant, ...
    RuleBox,
    /// Supporter, Item, Tool, Stadium, ACE SPEC; basic or Special Energy.
    Kind,
    /// Hit Points.
    Hp,
    /// The Pokémon's types.
    Types,
    /// The Pokémon it evolves from.
    EvolvesFrom,
    /// Weakness (type and modifier).
    Weakness,
    /// Resistance (type and amount).
    Resistance,
    /// Retreat Cost.
    Retreat,
    /// The attacks' names (and how many there are).
    Attacks,
    /// An attack's Energy cost.
    AttackCost,
    /// An attack's printed damage.
    AttackDamage,
    /// An attack's text.
    AttackText,
    /// The Abilities' names and kinds.
    Abilities,
    /// An Ability's text.
    AbilityText,
    /// The regulation mark.
    RegulationMark,
}

impl FactKind {
    /// How the fact is named in the listing.
    pub fn label(self) -> &'static str {
        match self {
            FactKind::Name => "name",
            FactKind::Supertype => "supertype",
            FactKind::Stage => "stage",
            FactKind::RuleBox => "rule box",
            FactKind::Kind => "card kind",
            FactKind::Hp => "HP",
            FactKind::Types => "types",
            FactKind::EvolvesFrom => "evolves from",
            FactKind::Weakness => "Weakness",
            FactKind::Resistance => "Resistance",
            FactKind::Retreat => "Retreat Cost",
            FactKind::Attacks => "attacks",
            FactKind::AttackCost => "attack cost",
            FactKind::AttackDamage => "attack damage",
            FactKind::AttackText => "attack text",
            FactKind::Abilities => "Abilities",
            FactKind::AbilityText => "Ability text",
            FactKind::RegulationMark => "regulation mark",
        }
    }
}

/// One fact of one card on which the sources disagree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The card's id in the first source.
    pub a_id: String,
    /// The card's id in the second source.
    pub b_id: String,
    /// The card's name (first source).
    pub name: String,
    /// Which fact.
    pub fact: FactKind,
    /// The first source's value.
    pub a: String,
    /// The second source's value.
    pub b: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} / {} {}: {}: {} | {}",
            self.a_id,
            self.b_id,
            self.name,
            self.fact.label(),
            self.a,
            self.b
        )
    }
}

fn opt<T: fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map_or_else(|| "-".to_string(), ToString::to_string)
}

fn list<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    if items.is_empty() {
        return "none".into();
    }
    items.iter().map(show).collect::<Vec<_>>().join(", ")
}

fn cost(c: &[EnergyType]) -> String {
    let mut sorted = c.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return "free".into();
    }
    sorted
        .iter()
        .map(|t| t.symbol().map_or_else(|| "?".into(), String::from))
        .collect()
}

/// A text reduced to its words, lower case (punctuation, symbols written `{P}` or `Psychic`,
/// line breaks and spacing do not count).
fn words(text: &str) -> String {
    let n = normalize_name(text);
    n.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

fn kind(c: &Card) -> String {
    let mut k = Vec::new();
    if c.is_supporter() {
        k.push("Supporter");
    }
    if c.is_item() {
        k.push("Item");
    }
    if c.is_tool() {
        k.push("Tool");
    }
    if c.is_stadium() {
        k.push("Stadium");
    }
    if c.is_ace_spec() {
        k.push("ACE SPEC");
    }
    if c.is_basic_energy() {
        k.push("basic Energy");
    }
    if c.is_special_energy() {
        k.push("Special Energy");
    }
    if k.is_empty() {
        "-".into()
    } else {
        k.join(" ")
    }
}

/// The disagreements of one pair of cards, pushed to `out`.
pub fn compare(a: &Card, b: &Card, out: &mut Vec<Disagreement>) {
    let mut push = |fact: FactKind, x: String, y: String| {
        if x != y {
            out.push(Disagreement {
                a_id: a.id.clone(),
                b_id: b.id.clone(),
                name: a.name.clone(),
                fact,
                a: x,
                b: y,
            });
        }
    };
    // Words only: `Tapu Lele-GX` and `Tapu Lele GX` are one name.
    if words(&a.name) != words(&b.name) {
        push(FactKind::Name, a.name.clone(), b.name.clone());
    }
    push(
        FactKind::Supertype,
        a.supertype.to_string(),
        b.supertype.to_string(),
    );
    // A fact only one source gives is not a disagreement (the merge takes it): TCGdex leaves
    // the stage out of many Pokémon-EX.
    if a.stage().is_some() && b.stage().is_some() {
        push(FactKind::Stage, opt(&a.stage()), opt(&b.stage()));
    }
    push(
        FactKind::RuleBox,
        format!("{:?}", a.rule_box_kind()),
        format!("{:?}", b.rule_box_kind()),
    );
    push(FactKind::Kind, kind(a), kind(b));
    if a.is_pokemon() {
        if a.hp.is_some() && b.hp.is_some() {
            push(FactKind::Hp, opt(&a.hp), opt(&b.hp));
        }
        let types = |c: &Card| list(&c.types, ToString::to_string);
        push(FactKind::Types, types(a), types(b));
        let evolves = |c: &Card| {
            c.evolves_from
                .as_deref()
                .map(normalize_name)
                .map(|n| n.into_owned())
        };
        if evolves(a).is_some() && evolves(b).is_some() && evolves(a) != evolves(b) {
            push(
                FactKind::EvolvesFrom,
                opt(&a.evolves_from),
                opt(&b.evolves_from),
            );
        }
        let weak = |c: &Card| list(&c.weaknesses, |w| format!("{} {}", w.type_, w.modifier));
        push(FactKind::Weakness, weak(a), weak(b));
        let res = |c: &Card| list(&c.resistances, |r| format!("{} -{}", r.type_, r.amount));
        push(FactKind::Resistance, res(a), res(b));
        push(
            FactKind::Retreat,
            cost(&a.retreat_cost),
            cost(&b.retreat_cost),
        );
    }
    let names = |c: &Card| list(&c.attacks, |x| normalize_name(&x.name).into_owned());
    let (na, nb) = (names(a), names(b));
    if na != nb {
        push(FactKind::Attacks, na, nb);
    } else {
        for (x, y) in a.attacks.iter().zip(&b.attacks) {
            let label = |s: String| format!("{}: {s}", x.name);
            push(
                FactKind::AttackCost,
                label(cost(&x.cost)),
                label(cost(&y.cost)),
            );
            push(
                FactKind::AttackDamage,
                label(opt(&x.damage)),
                label(opt(&y.damage)),
            );
            if words(&x.text) != words(&y.text) {
                push(
                    FactKind::AttackText,
                    label(x.text.clone()),
                    label(y.text.clone()),
                );
            }
        }
    }
    let abilities = |c: &Card| {
        list(&c.abilities, |x| {
            format!("{} {}", x.kind, normalize_name(&x.name))
        })
    };
    let (aa, ab) = (abilities(a), abilities(b));
    if aa != ab {
        push(FactKind::Abilities, aa, ab);
    } else {
        for (x, y) in a.abilities.iter().zip(&b.abilities) {
            if words(&x.text) != words(&y.text) {
                push(
                    FactKind::AbilityText,
                    format!("{}: {}", x.name, x.text),
                    format!("{}: {}", y.name, y.text),
                );
            }
        }
    }
    if a.regulation_mark.is_some() && b.regulation_mark.is_some() {
        push(
            FactKind::RegulationMark,
            opt(&a.regulation_mark),
            opt(&b.regulation_mark),
        );
    }
}

/// Every disagreement between the matched cards of `a` and `b`, in `a`'s order.
pub fn diff(a: &CardDb, b: &CardDb, matching: &Matching) -> Vec<Disagreement> {
    let mut out = Vec::new();
    for &(i, j) in &matching.cards {
        compare(a.card(i), b.card(j), &mut out);
    }
    out
}

/// How many disagreements there are of each fact, and on how many cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Per fact, in [`FactKind`] order.
    pub by_fact: Vec<(FactKind, usize)>,
    /// Cards with at least one disagreement.
    pub cards: usize,
}

/// Count disagreements by fact.
pub fn counts(list: &[Disagreement]) -> Counts {
    let mut by_fact: Vec<(FactKind, usize)> = Vec::new();
    let mut cards: Vec<&str> = Vec::new();
    for d in list {
        match by_fact.iter_mut().find(|(f, _)| *f == d.fact) {
            Some((_, n)) => *n += 1,
            None => by_fact.push((d.fact, 1)),
        }
        if cards.last() != Some(&d.a_id.as_str()) {
            cards.push(&d.a_id);
        }
    }
    by_fact.sort();
    cards.sort_unstable();
    cards.dedup();
    Counts {
        by_fact,
        cards: cards.len(),
    }
}

/// The matched pair of a card of `a`, if any (for callers showing one card).
pub fn pair_of(matching: &Matching, a_idx: CardIdx) -> Option<CardIdx> {
    matching
        .cards
        .binary_search_by_key(&a_idx, |&(i, _)| i)
        .ok()
        .map(|k| matching.cards[k].1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::test_support::card;

    #[test]
    fn same_facts_in_other_spellings_agree() {
        let a = card(
            r#"{"id":"sv6-1","name":"Boss’s Orders","supertype":"Trainer","subtypes":["Supporter"]}"#,
        );
        let mut b = a.clone();
        b.id = "sv06-1".into();
        b.name = "Boss's Orders".into();
        let mut out = Vec::new();
        compare(&a, &b, &mut out);
        assert!(out.is_empty(), "{out:?}");
        let mut gx = a.clone();
        gx.name = "Tapu Lele-GX".into();
        b.name = "Tapu Lele GX".into();
        compare(&gx, &b, &mut out);
        assert!(out.iter().all(|d| d.fact != FactKind::Name), "{out:?}");
        b.name = "Boss's Orders".into();
        let mut out = Vec::new();
        compare(&a, &b, &mut out);
        assert!(out.is_empty(), "{out:?}");
    }

    #[test]
    fn lists_each_fact_that_differs() {
        let a = card(
            r#"{"id":"sv6-128","name":"Dreepy","supertype":"Pokémon","subtypes":["Basic","Tera"],"hp":"70",
               "types":["Psychic"],"retreatCost":["Colorless"],"weaknesses":[{"type":"Darkness","value":"×2"}],
               "attacks":[{"name":"Petty Grudge","cost":["Psychic","Colorless"],"damage":"10","text":"Flip a coin."}],
               "regulationMark":"H"}"#,
        );
        let mut b = a.clone();
        b.id = "sv06-128".into();
        b.subtypes.retain(|s| *s != crate::cards::Subtype::Tera);
        b.hp = Some(60);
        b.retreat_cost.clear();
        b.attacks[0].cost.reverse();
        b.attacks[0].damage = None;
        b.attacks[0].text = "Flip  a coin!".into();
        b.regulation_mark = Some("G".into());
        let mut out = Vec::new();
        // A stage only one source gives is not a disagreement.
        let mut no_stage = a.clone();
        no_stage.subtypes.clear();
        compare(&a, &no_stage, &mut out);
        assert!(out.iter().all(|d| d.fact != FactKind::Stage), "{out:?}");
        out.clear();
        compare(&a, &b, &mut out);
        let facts: Vec<FactKind> = out.iter().map(|d| d.fact).collect();
        assert_eq!(
            facts,
            [
                FactKind::Hp,
                FactKind::Retreat,
                FactKind::AttackDamage,
                FactKind::RegulationMark
            ]
        );
        assert_eq!(out[0].to_string(), "sv6-128 / sv06-128 Dreepy: HP: 70 | 60");
        assert_eq!(out[1].a, "C");
        assert_eq!(out[1].b, "free");
        assert_eq!(out[2].a, "Petty Grudge: 10");
        let c = counts(&out);
        assert_eq!(c.cards, 1);
        assert_eq!(c.by_fact.len(), 4);
    }
}
