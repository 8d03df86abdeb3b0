//! Finding the Pokémon a line talks about. Lines name Pokémon by card name and, often, by a
//! possessive the client sometimes gets wrong; the state decides.

use smallvec::SmallVec;

use super::state::{GameState, PlayerIdx, PokemonId, Position};

/// How far a line's possessive ("Bob's Pikachu") can be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// The owner named is right in every export seen (attack targets, Knock Outs).
    Trusted,
    /// The client may write the acting player instead (damage counters placed by an effect).
    Doubtful,
}

/// The outcome of looking a Pokémon up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Found {
    /// Exactly one Pokémon fits, or one is clearly the best fit.
    One(PokemonId),
    /// Several fit and nothing tells them apart; the first is used, and checks that depend on
    /// the choice must not turn into violations.
    Ambiguous(PokemonId, Vec<PokemonId>),
    /// No Pokémon in play has that name.
    #[default]
    None,
}

impl Found {
    pub fn id(&self) -> Option<PokemonId> {
        match self {
            Found::One(id) | Found::Ambiguous(id, _) => Some(*id),
            Found::None => None,
        }
    }

    pub fn is_ambiguous(&self) -> bool {
        matches!(self, Found::Ambiguous(..))
    }
}

/// Pokémon of one name found in play, kept inline: a line nearly always names one of them
/// (rarely more than four), and lines are looked up many times each.
pub type Named = SmallVec<[PokemonId; 4]>;

/// The Pokémon of `player` in play named `name`, in `position` when given.
pub fn candidates(
    state: &GameState,
    player: PlayerIdx,
    name: &str,
    position: Option<Position>,
) -> Vec<PokemonId> {
    named_in_play(state, player, name, position).into_vec()
}

/// [`candidates`] without allocating, for the lookups made on most lines. Plain loops over the
/// Active Pokémon and the Bench (the order of [`PlayerState::in_play`]): the chained filters
/// were not inlined (a call for each Pokémon found and one to end), and the chain of the Active
/// Pokémon and the Bench cost as much as the names compared (2.9M instructions over 12,000
/// calls, the 24 English logs 3 rounds, at a525354).
///
/// [`PlayerState::in_play`]: crate::engine::state::PlayerState::in_play
pub fn named_in_play(
    state: &GameState,
    player: PlayerIdx,
    name: &str,
    position: Option<Position>,
) -> Named {
    let mut found = Named::new();
    let Some(p) = state.players.get(player) else {
        return found;
    };
    if let Some(active) = p.active
        && is_named(state, active, name, position)
    {
        found.push(active);
    }
    for &id in &p.bench {
        if is_named(state, id, name, position) {
            found.push(id);
        }
    }
    found
}

/// Whether Pokémon `id` is named `name` (and in `position` when given). Inlined into both loops
/// of [`named_in_play`]: as a closure it was called for each Pokémon.
#[inline(always)]
fn is_named(state: &GameState, id: PokemonId, name: &str, position: Option<Position>) -> bool {
    state.mon(id).name() == name && (position.is_none() || state.position(id) == position)
}

/// Of Pokémon of one name, those whose card id is the one the line gives (and those whose id is
/// not known); all of them when none fits (the id was not followed).
pub fn narrow_by_id<C>(state: &GameState, found: C, card_id: Option<&str>) -> C
where
    C: AsRef<[PokemonId]> + FromIterator<PokemonId>,
{
    let Some(card_id) = card_id else {
        return found;
    };
    if found.as_ref().len() < 2 {
        return found;
    }
    let fits: C = found
        .as_ref()
        .iter()
        .copied()
        .filter(|id| {
            state
                .mon(*id)
                .card_id
                .as_deref()
                .is_none_or(|c| c == card_id)
        })
        .collect();
    if fits.as_ref().is_empty() {
        found
    } else {
        fits
    }
}

/// A found Pokémon, with a choice between several of one name settled by the card id the line
/// gives when only one has it.
pub fn narrow_found(state: &GameState, found: Found, card_id: Option<&str>) -> Found {
    match found {
        Found::Ambiguous(first, all) => {
            let fits = narrow_by_id(state, Named::from_slice(&all), card_id);
            match fits.as_slice() {
                [one] => Found::One(*one),
                _ => Found::Ambiguous(first, all),
            }
        }
        f => f,
    }
}

/// Pick among candidates: the Active one first if `prefer_active`, then the one that fits
/// `better` (e.g. the most damaged), else the first.
pub fn pick(
    state: &GameState,
    found: &[PokemonId],
    prefer_active: bool,
    better: impl Fn(&super::state::Pokemon) -> i64,
) -> Found {
    match found.len() {
        0 => Found::None,
        1 => Found::One(found[0]),
        _ => {
            if prefer_active
                && let Some(a) = found
                    .iter()
                    .find(|id| state.position(**id) == Some(Position::Active))
            {
                return Found::One(*a);
            }
            let best = found
                .iter()
                .map(|id| better(state.mon(*id)))
                .max()
                .unwrap_or(0);
            let top: Vec<PokemonId> = found
                .iter()
                .copied()
                .filter(|id| better(state.mon(*id)) == best)
                .collect();
            let identical = top.iter().all(|id| same_board_facts(state, *id, top[0]));
            if top.len() == 1 || identical {
                Found::One(top[0])
            } else {
                Found::Ambiguous(top[0], top)
            }
        }
    }
}

/// Two Pokémon that no check could tell apart (same stack, attachments, damage, conditions).
/// Whether every one of these Pokémon looks the same on the board (stack, Energy, Tools, damage,
/// conditions, when it came into play, where it is): choosing among them changes nothing.
pub fn all_alike(state: &GameState, ids: &[PokemonId]) -> bool {
    ids.iter().all(|id| same_board_facts(state, *id, ids[0]))
}

fn same_board_facts(state: &GameState, a: PokemonId, b: PokemonId) -> bool {
    let (x, y) = (state.mon(a), state.mon(b));
    x.stack == y.stack
        && x.energy == y.energy
        && x.tools == y.tools
        && x.damage == y.damage
        && x.conditions == y.conditions
        && x.entered_turn == y.entered_turn
        && x.evolved_turn == y.evolved_turn
        && state.position(a) == state.position(b)
}

/// Resolve the owner and the Pokémon of a possessive: the named owner's Pokémon when they have
/// one by that name, else the other player's. When both have one, a trusted claim decides; a
/// doubtful one leaves `prefer` (e.g. the attacker's opponent) to decide, or stays ambiguous.
pub fn owned(
    state: &GameState,
    named: Option<PlayerIdx>,
    name: &str,
    position: Option<Position>,
    claim: Claim,
    prefer: Option<PlayerIdx>,
) -> (Found, Option<PlayerIdx>) {
    // Each player's Pokémon of that name (kept inline: found once, read twice).
    let mut named_by = [
        named_in_play(state, 0, name, position),
        named_in_play(state, 1, name, position),
    ];
    let with = named_by.each_ref().map(|n| !n.is_empty());
    let owner = match (with, named) {
        ([false, false], _) => return (Found::None, named),
        ([true, false], _) => 0,
        ([false, true], _) => 1,
        (_, Some(n)) if claim == Claim::Trusted => n,
        (_, _) => match prefer {
            Some(p) => p,
            None => {
                let first = named.unwrap_or(0);
                let mut all = named_by[first].to_vec();
                all.extend_from_slice(&named_by[1 - first]);
                return (Found::Ambiguous(all[0], all), Some(first));
            }
        },
    };
    // A trusted line (an attack's target, a Knock Out) most often means the Active Pokémon; a
    // doubtful one (damage counters an effect places) says nothing about the spot.
    let all = named_by
        .get_mut(owner)
        .map(std::mem::take)
        .unwrap_or_default();
    let found = pick(state, &all, claim == Claim::Trusted, |m| {
        i64::from(m.damage)
    });
    // A doubtful line (damage counters an effect places) names no spot: the most damaged one is
    // only the likeliest, and every other one of that name may be the one it meant.
    let found = match found {
        Found::One(first)
            if claim == Claim::Doubtful && all.len() > 1 && !all_alike(state, &all) =>
        {
            Found::Ambiguous(first, all.into_vec())
        }
        other => other,
    };
    (found, Some(owner))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Text;

    /// The lookups made without allocating find what the allocating ones do, and narrowing by
    /// card id reads a list the same whether it is kept inline or not.
    #[test]
    fn inline_lookups_find_what_the_lists_find() {
        let mut state = GameState::new(&[Text::from("Ann"), Text::from("Bob")]);
        let a = state.put_into_play(0, "Pikachu", Position::Active);
        let b = state.put_into_play(0, "Pikachu", Position::Bench);
        state.put_into_play(0, "Eevee", Position::Bench);
        state.pokemon[b as usize].card_id = Some("sv1-2".into());
        state.pokemon[a as usize].card_id = Some("sv1-1".into());
        for position in [None, Some(Position::Active), Some(Position::Bench)] {
            let inline = named_in_play(&state, 0, "Pikachu", position);
            let list = candidates(&state, 0, "Pikachu", position);
            assert_eq!(inline.as_slice(), list.as_slice());
            for id in [None, Some("sv1-2"), Some("sv1-9")] {
                assert_eq!(
                    narrow_by_id(&state, inline.clone(), id).as_slice(),
                    narrow_by_id(&state, list.clone(), id).as_slice()
                );
            }
        }
        assert_eq!(
            narrow_by_id(
                &state,
                named_in_play(&state, 0, "Pikachu", None),
                Some("sv1-2")
            )
            .as_slice(),
            [b]
        );
        assert!(named_in_play(&state, 1, "Pikachu", None).is_empty());
        assert!(named_in_play(&state, 5, "Pikachu", None).is_empty());
    }
}
