//! Two card sources as one: the same card is found in both ([`match_cards`]), each fact is
//! taken from the source that has it ([`merge`]), and where both have a fact and disagree the
//! difference is listed ([`diff`]).
//!
//! The primary source (pokemon-tcg-data when it is one of the two) gives every fact it has; the
//! secondary (TCGdex) adds its cards the primary lacks (sets newer than the primary's data,
//! promos, kits), the names and texts in other languages, and the few facts the primary leaves
//! empty (HP, types, evolves-from, regulation mark, level).

pub mod diff;
pub mod sets;

use rustc_hash::FxHashMap as HashMap;

use super::db::{CardDb, CardIdx};
use super::localized::{Localized, LocalizedNamed};
use super::model::{Card, Legalities, Legality, SetInfo};
use super::names::normalize_name;
use sets::{match_sets, number_key};

/// The same sets and cards in two databases.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Matching {
    /// Pairs of set indexes (in `a.sets()`, in `b.sets()`).
    pub sets: Vec<(usize, usize)>,
    /// Pairs of the same card (in `a`, in `b`).
    pub cards: Vec<(CardIdx, CardIdx)>,
    /// The cards of `b` not found in `a`.
    pub only_b: Vec<CardIdx>,
    /// The number of cards of `a` not found in `b`.
    pub only_a: usize,
}

/// The cards of each set id, in database order.
fn by_set(db: &CardDb) -> HashMap<&str, Vec<CardIdx>> {
    let mut m: HashMap<&str, Vec<CardIdx>> = HashMap::default();
    for i in 0..db.len() as CardIdx {
        m.entry(db.key(i).set_id).or_default().push(i);
    }
    m
}

/// Find the cards of `b` in `a`: within each pair of matched sets, by collector number
/// ([`number_key`]), else by the digits of the number and the same name (`CC002` / `2`).
pub fn match_cards(a: &CardDb, b: &CardDb) -> Matching {
    let set_pairs = match_sets(a.sets(), b.sets());
    let a_sets = by_set(a);
    let b_sets = by_set(b);
    let mut matched_a = vec![false; a.len()];
    let mut matched_b = vec![false; b.len()];
    let mut cards = Vec::new();
    for &(ia, ib) in &set_pairs {
        let (Some(a_cards), Some(b_cards)) = (
            a_sets.get(a.sets()[ia].id.as_str()),
            b_sets.get(b.sets()[ib].id.as_str()),
        ) else {
            continue;
        };
        let mut by_number: HashMap<String, CardIdx> = HashMap::default();
        for &i in a_cards {
            by_number.entry(number_key(&a.card(i).number)).or_insert(i);
        }
        let mut left = Vec::new();
        for &j in b_cards {
            match by_number.get(&number_key(&b.card(j).number)) {
                Some(&i) if !matched_a[i as usize] => {
                    matched_a[i as usize] = true;
                    matched_b[j as usize] = true;
                    cards.push((i, j));
                }
                _ => left.push(j),
            }
        }
        for j in left {
            let cb = b.card(j);
            let digits = super::db::number_digits(&cb.number);
            let name = normalize_name(&cb.name);
            let found = a_cards.iter().copied().find(|&i| {
                let ca = a.card(i);
                !matched_a[i as usize]
                    && super::db::number_digits(&ca.number) == digits
                    && normalize_name(&ca.name) == name
            });
            if let Some(i) = found {
                matched_a[i as usize] = true;
                matched_b[j as usize] = true;
                cards.push((i, j));
            }
        }
    }
    cards.sort_unstable();
    Matching {
        sets: set_pairs,
        cards,
        only_b: (0..b.len() as CardIdx)
            .filter(|&j| !matched_b[j as usize])
            .collect(),
        only_a: matched_a.iter().filter(|m| !**m).count(),
    }
}

/// The other-language texts of `secondary`, lined up with `primary`'s attacks and Abilities
/// (by name, else by position when both have as many).
fn aligned(primary: &Card, secondary: &Card) -> Option<Box<Localized>> {
    let loc = secondary.localized.as_deref()?;
    fn line_up<T>(
        own: &[T],
        theirs: &[T],
        texts: &[LocalizedNamed],
        name: impl Fn(&T) -> &str,
    ) -> Vec<LocalizedNamed> {
        own.iter()
            .enumerate()
            .map(|(i, x)| {
                let n = normalize_name(name(x));
                let j = theirs
                    .iter()
                    .position(|y| normalize_name(name(y)) == n)
                    .or((own.len() == theirs.len()).then_some(i));
                j.and_then(|j| texts.get(j)).cloned().unwrap_or_default()
            })
            .collect()
    }
    let out = Localized {
        name: loc.name.clone(),
        evolves_from: loc.evolves_from.clone(),
        attacks: line_up(&primary.attacks, &secondary.attacks, &loc.attacks, |a| {
            &a.name
        }),
        abilities: line_up(
            &primary.abilities,
            &secondary.abilities,
            &loc.abilities,
            |a| &a.name,
        ),
        effect: loc.effect.clone(),
    };
    (!out.is_empty()).then(|| Box::new(out))
}

/// Take from `secondary` what `primary` lacks.
fn fill(primary: &mut Card, secondary: &Card) {
    if primary.hp.is_none() {
        primary.hp = secondary.hp;
    }
    if primary.types.is_empty() && primary.is_pokemon() {
        primary.types = secondary.types.clone();
    }
    if primary.evolves_from.is_none() {
        primary.evolves_from = secondary.evolves_from.clone();
    }
    if primary.regulation_mark.is_none() {
        primary.regulation_mark = secondary.regulation_mark.clone();
    }
    if primary.level.is_none() {
        primary.level = secondary.level.clone();
    }
    if primary.localized.is_none() {
        primary.localized = aligned(primary, secondary);
    }
}

/// Legality of the primary's cards by regulation mark: a format is legal for a mark when some
/// card with that mark is legal there.
fn legal_by_mark<'a>(cards: impl IntoIterator<Item = &'a Card>) -> HashMap<String, Legalities> {
    let mut m: HashMap<String, Legalities> = HashMap::default();
    for c in cards {
        let Some(mark) = &c.regulation_mark else {
            continue;
        };
        let l = m.entry(mark.clone()).or_default();
        let legal = Some(Legality::Legal);
        if c.legalities.standard == legal {
            l.standard = legal;
        }
        if c.legalities.expanded == legal {
            l.expanded = legal;
        }
        if c.legalities.unlimited == legal {
            l.unlimited = legal;
        }
    }
    m
}

/// Legality of a card only the secondary has (TCGdex gives none): that of its set when the
/// primary has the set; else that of the primary's cards with the same regulation mark; with a
/// mark newer than all of the primary's, Standard, Expanded and Unlimited (a set released after
/// the primary's data); basic Energy everywhere; otherwise Unlimited only. (A dated table of rotations is issue 11, item 4.)
fn infer_legality(
    card: &Card,
    set: Option<&SetInfo>,
    by_mark: &HashMap<String, Legalities>,
) -> Legalities {
    let legal = Some(Legality::Legal);
    if card.is_basic_energy() {
        return Legalities {
            standard: legal,
            expanded: legal,
            unlimited: legal,
        };
    }
    if let Some(set) = set {
        return set.legalities;
    }
    let unlimited_only = Legalities {
        unlimited: legal,
        ..Legalities::default()
    };
    let Some(mark) = card.regulation_mark.as_ref() else {
        return unlimited_only;
    };
    if let Some(l) = by_mark.get(mark) {
        return *l;
    }
    // A regulation mark newer than any the primary knows: a set released after the primary's
    // data, legal in Standard (and so in Expanded) as every new set is on release.
    let newest = by_mark.keys().max();
    if newest.is_some_and(|n| mark.as_str() > n.as_str()) {
        return Legalities {
            standard: legal,
            expanded: legal,
            unlimited: legal,
        };
    }
    unlimited_only
}

/// One database from two: `primary`'s cards (with what `secondary` adds), then `secondary`'s
/// cards `primary` lacks. Sets of `secondary` the primary has are recorded as aliases of the
/// primary's set (so `me01` finds `me1`'s cards).
pub fn merge(primary: CardDb, secondary: CardDb) -> CardDb {
    let m = match_cards(&primary, &secondary);
    let (mut cards, mut sets, mut warnings, mut aliases, mut sources) = primary.into_parts();
    let by_mark = legal_by_mark(&cards);
    for &(i, j) in &m.cards {
        fill(&mut cards[i as usize], secondary.card(j));
    }
    let mut set_of_b: HashMap<&str, usize> = HashMap::default();
    for &(ia, ib) in &m.sets {
        set_of_b.insert(secondary.sets()[ib].id.as_str(), ia);
        aliases.push((secondary.sets()[ib].id.clone(), sets[ia].id.clone()));
    }
    for &j in &m.only_b {
        let mut card = secondary.card(j).clone();
        let primary_set = set_of_b.get(card.set_id.as_str()).map(|&ia| &sets[ia]);
        card.legalities = infer_legality(&card, primary_set, &by_mark);
        if let Some(set) = primary_set {
            // A card of a set both have: under the primary's set id.
            card.set_id = set.id.clone();
            card.id = format!("{}-{}", set.id, card.number);
        }
        cards.push(card);
    }
    for (ib, set) in secondary.sets().iter().enumerate() {
        if !m.sets.iter().any(|&(_, b)| b == ib) {
            sets.push(set.clone());
        }
    }
    let (_, _, more_warnings, more_aliases, more_sources) = secondary.into_parts();
    warnings.extend(more_warnings);
    aliases.extend(more_aliases);
    sources.extend(more_sources);
    let mut db = CardDb::from_cards(cards, sets);
    db.add_parts(warnings, aliases, sources);
    db
}

#[cfg(test)]
#[path = "merge_tests.rs"]
mod tests;
