//! The effects of a card played, or an attack or Ability used, that still act after its line:
//! those that last past the turn ("during your opponent's next turn") and those of this turn
//! ("during this turn"), with where they come from ("Skarmory's Steel Wing, copied by Mew ex's
//! Genome Hacking") and when they end. An effect the words of [`super::words`] do not cover is
//! quoted from the card.

use crate::cards::effects::TextEffects;
use crate::cards::effects::exact::{Cond, Exact, Side};
use crate::log::Depth;

use super::super::super::in_force::{Source, Used, UsedKind};
use super::super::super::state::{GameState, PokemonId, Position};
use super::super::tracker::Tracker;
use super::{InForceEffect, On, side_place, sides_of, subject, words};

/// Whether an effect an attack put on Pokémon `id` still holds: it is in the Active Spot and has
/// not evolved or come back from the Bench since (`effects.duration`).
fn still_on(state: &GameState, id: PokemonId, used: &Used) -> bool {
    let Some(mon) = state.pokemon.get(id as usize) else {
        return false;
    };
    if used.kind != UsedKind::Attack {
        return state.position(id).is_some();
    }
    state.position(id) == Some(Position::Active)
        && mon.evolved_turn.is_none_or(|t| t <= used.turn)
        && mon.moved_active_turn.is_none_or(|t| t <= used.turn)
}

/// The effects of a card played or an attack or Ability used that still act: those that last
/// past the turn ("during your opponent's next turn") and those of this turn ("during this
/// turn").
pub(super) fn effects(
    t: &Tracker<'_>,
    src: &Source<'_>,
    used: &Used,
    text: &TextEffects,
) -> Vec<(On, InForceEffect)> {
    let state = &t.state;
    let (source, card) = used_source(t, used);
    let sides = sides_of(state, Some(used.player), &card);
    let user = sides.own;
    let opponents_turn_now = state.to_move == Some(1 - used.player);
    let card_id = used_print(t, used);
    let mut out = Vec::new();
    // A timed effect the words do not cover: the card is quoted instead.
    let (mut timed, mut unsaid) = (false, false);
    for e in &text.exact {
        let (when, what_on) = match e {
            Exact::Damage(m) => {
                let subject = subject(m);
                let what = match subject {
                    Side::Holder | Side::Defending => words::damage_on_pokemon(m, sides),
                    _ => words::damage_on_side(m, sides),
                };
                (&m.when, what.map(|w| (w, subject)))
            }
            Exact::Hp(h) => (&h.when, Some((words::hp(h, sides), h.to.side))),
            _ => continue,
        };
        let until = if when.contains(&Cond::OpponentsNextTurn) {
            words::opponents_next_turn(used.turn, state.turn, opponents_turn_now, sides.opponent)
        } else if when.contains(&Cond::ThisTurn) {
            words::this_turn(used.turn, state.turn, user)
        } else {
            // What acted when it was used (the attack's own damage) is not in force after.
            continue;
        };
        timed = true;
        let only_timing = when
            .iter()
            .all(|c| matches!(c, Cond::OpponentsNextTurn | Cond::ThisTurn));
        let Some((what, side)) = what_on.filter(|_| only_timing) else {
            unsaid = true;
            continue;
        };
        let Some(until) = until else { continue };
        let on = match side {
            Side::Holder => src.holder.map(On::Pokemon),
            Side::Defending => used.target.map(On::Pokemon),
            side => Some(side_place(side, Some(used.player))),
        };
        let Some(on) = on else { continue };
        if let On::Pokemon(id) = on
            && !still_on(state, id, used)
        {
            continue;
        }
        out.push((
            on,
            InForceEffect {
                what,
                source: source.clone(),
                card: card.clone(),
                card_id: card_id.clone(),
                until,
            },
        ));
    }
    if unsaid || !timed {
        let said = quoted(t, src, used, &source, &card, card_id.as_deref());
        if !said.is_empty() {
            return said;
        }
    }
    out
}

/// The card id (the card data's) of the one print whose text a used effect is: the print the
/// log pinned for a copied attack, else the user's own when it is still in play and pinned.
fn used_print(t: &Tracker<'_>, used: &Used) -> Option<String> {
    let db = t.cards.db()?;
    if let Some(id) = &used.print {
        return db.by_log_id(id).map(|i| db.card(i).id.clone());
    }
    let (id, name) = used.by.as_ref()?;
    let mon = t.state.pokemon.get(*id as usize)?;
    if mon.name() != name.as_str() {
        return None;
    }
    let prints = t.cards.prints_of(&t.state, *id).ok()?;
    (prints.len() == 1).then(|| prints[0].id.clone())
}

/// Where a used effect comes from, and the card whose text it is: "Ann's Premium Power Pro",
/// "Skarmory's Steel Wing", "Skarmory's Steel Wing, copied by Mew ex's Genome Hacking".
fn used_source(t: &Tracker<'_>, used: &Used) -> (String, String) {
    let player = t
        .state
        .players
        .get(used.player)
        .map_or("", |p| p.name.as_str());
    let Some((id, card)) = &used.by else {
        return (
            format!("{}, played by {player}", used.name),
            used.name.to_string(),
        );
    };
    let own = format!("{card}'s {}", used.name);
    let sub_line = t
        .lines
        .log
        .lines
        .get(used.line)
        .is_some_and(|l| l.depth != Depth::Top);
    let copying = t.used.iter().rev().find(|u| {
        sub_line
            && u.line < used.line
            && u.turn == used.turn
            && u.kind == UsedKind::Attack
            && u.by.as_ref().is_some_and(|(i, _)| i == id)
    });
    match copying.and_then(|u| u.by.as_ref().map(|(_, name)| (name, &u.name))) {
        Some((user, attack)) => (
            format!("{own}, copied by {user}'s {attack}"),
            card.to_string(),
        ),
        None => (own, card.to_string()),
    }
}

/// A lasting effect the words do not cover, quoted from the card: the sentences of its text
/// that name the turn it lasts to, when every print it may be words them the same.
fn quoted(
    t: &Tracker<'_>,
    src: &Source<'_>,
    used: &Used,
    source: &str,
    card: &str,
    card_id: Option<&str>,
) -> Vec<(On, InForceEffect)> {
    let Some(db) = t.cards.db() else {
        return Vec::new();
    };
    let prints: Vec<&crate::cards::Card> = match card_id.and_then(|id| db.by_id(id)) {
        Some(i) => vec![db.card(i)],
        None => db.by_name(card).iter().map(|i| db.card(*i)).collect(),
    };
    let text_of = |c: &crate::cards::Card| -> Option<String> {
        match used.kind {
            UsedKind::Trainer => Some(c.rules.join(" ")),
            _ => c
                .attack(&used.name)
                .map(|a| a.text.clone())
                .or_else(|| c.ability(&used.name).map(|a| a.text.clone())),
        }
    };
    let mut texts: Vec<String> = prints
        .iter()
        .filter_map(|c| text_of(c))
        .map(|x| lasting_sentences(&x))
        .collect();
    texts.dedup();
    let [words] = texts.as_slice() else {
        return Vec::new();
    };
    if words.is_empty() {
        return Vec::new();
    }
    let state = &t.state;
    let sides = sides_of(state, Some(used.player), card);
    let lower = words.to_lowercase();
    let opponents_turn_now = state.to_move == Some(1 - used.player);
    let own_turn_now = state.to_move == Some(used.player);
    let Some(since) = state.turn.checked_sub(used.turn) else {
        return Vec::new();
    };
    let until = if lower.contains("your opponent's next turn") {
        let ends = lower.contains("until the end of your opponent's next turn");
        match (since, opponents_turn_now) {
            (0, _) if ends => Some(format!("until the end of {}'s next turn", sides.opponent)),
            (0, _) => Some(format!("during {}'s next turn", sides.opponent)),
            (1, true) => Some(format!("until the end of {}'s turn", sides.opponent)),
            _ => None,
        }
    } else if lower.contains("your next turn") {
        match (since, own_turn_now) {
            (0 | 1, _) => Some(format!("during {}'s next turn", sides.own)),
            (2, true) => Some(format!("until the end of {}'s turn", sides.own)),
            _ => None,
        }
    } else {
        None
    };
    let Some(until) = until else {
        return Vec::new();
    };
    let on = if lower.contains("defending pokémon") || lower.contains("defending pokemon") {
        used.target.map(On::Pokemon)
    } else if lower.contains("this pokémon") || lower.contains("this pokemon") {
        src.holder.map(On::Pokemon)
    } else {
        Some(On::Player(used.player))
    };
    let Some(on) = on else {
        return Vec::new();
    };
    if let On::Pokemon(id) = on
        && !still_on(state, id, used)
    {
        return Vec::new();
    }
    // Said of a player, the card's "you" is its user's: the source names them.
    let source = match (on, &used.by) {
        (On::Player(_), Some(_)) => format!("{}'s {source}", sides.own),
        _ => source.to_string(),
    };
    vec![(
        on,
        InForceEffect {
            what: format!("“{words}”"),
            source,
            card: card.to_string(),
            card_id: card_id.map(str::to_string),
            until,
        },
    )]
}

/// The sentences of a card text that say how long its effect lasts ("During your opponent's
/// next turn, …"), joined.
fn lasting_sentences(text: &str) -> String {
    text.split_inclusive(". ")
        .map(str::trim)
        .filter(|s| {
            let l = s.to_lowercase();
            l.contains("next turn")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lasting_sentences_of_a_text_are_kept_whole() {
        assert_eq!(
            lasting_sentences(
                "Flip a coin. If heads, during your opponent's next turn, the Defending Pokémon \
                 can't attack. Discard an Energy from this Pokémon."
            ),
            "If heads, during your opponent's next turn, the Defending Pokémon can't attack."
        );
        assert_eq!(lasting_sentences("Heal 30 damage from this Pokémon."), "");
    }
}
