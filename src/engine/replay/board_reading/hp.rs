//! A Pokémon's HP on the board: the printed HP of the prints it may be (one number when the
//! log's card id or what it used pins the print), and each card in force whose text, read
//! exactly, raises or lowers it ("The Pokémon this card is attached to gets +100 HP").

use serde::Serialize;

use crate::cards::Card;
use crate::cards::effects::exact::{Exact, Filter, HpMod, Side, Spot};

use super::super::super::in_force::Source;
use super::super::super::state::{GameState, PokemonId, Position};
use super::super::card_facts::CardFacts;
use super::super::damage_model::is_kind;

/// A Pokémon's HP and what changes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HpReading {
    /// The lowest and highest printed HP of the prints it may be (equal when they agree).
    pub printed: (i32, i32),
    pub changes: Vec<HpChange>,
    /// Cards in force whose text may change it in a way not read exactly ("Gravity Mountain"):
    /// the HP is then not known.
    pub open_to: Vec<String>,
}

/// A card in force that changes a Pokémon's HP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HpChange {
    /// The card whose text it is ("Hero's Cape").
    pub card: String,
    /// How much it adds (negative: takes away).
    pub n: i32,
    /// It surely applies to this Pokémon; else it may (a condition the board cannot tell).
    pub sure: bool,
}

impl HpReading {
    /// The lowest and highest HP it may have with every change in force.
    pub fn total(&self) -> (i32, i32) {
        let (mut lo, mut hi) = self.printed;
        for c in &self.changes {
            if c.sure {
                lo += c.n;
                hi += c.n;
            } else if c.n < 0 {
                lo += c.n;
            } else {
                hi += c.n;
            }
        }
        (lo.max(0), hi.max(0))
    }
}

/// Yes, no, or cannot tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fits {
    Yes,
    No,
    Maybe,
}

/// Whether Pokémon `id` is one of those `to` names, seen from the source of the text.
fn fits(
    cards: &CardFacts<'_>,
    state: &GameState,
    id: PokemonId,
    to: &crate::cards::effects::exact::Who,
    src: &Source<'_>,
) -> Fits {
    let mon = state.mon(id);
    let side = match (to.side, src.owner) {
        (Side::Holder, _) => src.holder == Some(id),
        (Side::Any, _) | (Side::Own | Side::Opponent, None) => true,
        (Side::Own, Some(o)) => mon.owner == o,
        (Side::Opponent, Some(o)) => mon.owner != o,
        (Side::Defending, _) => false,
    };
    let spot = match to.spot {
        Spot::Any => true,
        Spot::Active => state.position(id) == Some(Position::Active),
        Spot::Bench => state.position(id) == Some(Position::Bench),
    };
    if !side || !spot {
        return Fits::No;
    }
    let prints = match cards.prints_of(state, id) {
        Ok(p) => p,
        Err(_) if to.filters.is_empty() => return Fits::Yes,
        Err(_) => return Fits::Maybe,
    };
    let mut out = Fits::Yes;
    for f in &to.filters {
        let each = |test: &dyn Fn(&Card) -> bool| {
            let yes = prints.iter().filter(|c| test(c)).count();
            if yes == prints.len() && yes > 0 {
                Fits::Yes
            } else if yes == 0 {
                Fits::No
            } else {
                Fits::Maybe
            }
        };
        let name = mon.name();
        let fit = match f {
            Filter::Is(k) => each(&|c| is_kind(c, *k)),
            Filter::IsNot(k) => each(&|c| !is_kind(c, *k)),
            Filter::IsAny(ks) => each(&|c| ks.iter().any(|k| is_kind(c, *k))),
            Filter::Type(t) => each(&|c| c.types.contains(t)),
            Filter::NotType(t) => each(&|c| !c.types.contains(t)),
            Filter::TypeAny(ts) => each(&|c| ts.iter().any(|t| c.types.contains(t))),
            Filter::Affected(c) if mon.has(*c) => Fits::Yes,
            Filter::NotThisCard if name != src.card => Fits::Yes,
            Filter::NameHas(n) if name.contains(n.as_str()) => Fits::Yes,
            Filter::Affected(_) | Filter::NotThisCard | Filter::NameHas(_) => Fits::No,
            // Names as the reader keeps them: lower case, "e" for "é".
            Filter::NotNamed(n) if normal_name(name) != *n => Fits::Yes,
            Filter::NamedAny(ns) if ns.contains(&normal_name(name)) => Fits::Yes,
            Filter::NotNamed(_) | Filter::NamedAny(_) => Fits::No,
        };
        match fit {
            Fits::No => return Fits::No,
            Fits::Maybe => out = Fits::Maybe,
            Fits::Yes => {}
        }
    }
    out
}

/// A name as the exact reader writes it: lower case, "e" for "é".
fn normal_name(name: &str) -> String {
    name.to_lowercase().replace('é', "e")
}

/// The changes to HP a source's text makes, read exactly, to each Pokémon in play it may reach.
pub(super) fn changes_from(
    cards: &CardFacts<'_>,
    state: &GameState,
    src: &Source<'_>,
    h: &HpMod,
    out: &mut Vec<(PokemonId, HpChange)>,
) {
    for id in state.players.iter().flat_map(|p| p.in_play()) {
        let fit = fits(cards, state, id, &h.to, src);
        if fit == Fits::No {
            continue;
        }
        out.push((
            id,
            HpChange {
                card: src.card.to_string(),
                n: h.n,
                sure: fit == Fits::Yes && h.when.is_empty(),
            },
        ));
    }
}

/// The exact HP changes of a text.
pub(super) fn hp_mods(exact: &[Exact]) -> impl Iterator<Item = &HpMod> {
    exact.iter().filter_map(|e| match e {
        Exact::Hp(h) => Some(h),
        _ => None,
    })
}

/// A Pokémon's printed HP, as the prints it may be give it.
pub(super) fn printed(
    cards: &CardFacts<'_>,
    state: &GameState,
    id: PokemonId,
) -> Option<(i32, i32)> {
    cards.hp_bounds(state, id).ok()
}
