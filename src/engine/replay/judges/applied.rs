//! Rules the replay applies on a line without ever finding them broken (reference clauses):
//! the step cites the clause so a judge stepping through sees which rule the state follows.
//!
//! | clause | where |
//! |---|---|
//! | `energy.attach-by-effect` | a card attached by an effect (a sub-line): not the turn's attachment |
//! | `evolution.devolve` | a devolving line: the Evolution card leaves, the damage stays |
//! | `zones.lost-zone` | a card put in the Lost Zone: out of the game |
//! | `effects.duration` | an attack or Ability whose text lasts past the turn: kept in force |

use crate::log::{Destination, Event};

use super::super::super::verdict::Step;
use super::Judging;

/// The reference clause the replay applies on this line, if any.
pub fn applied(j: &Judging<'_, '_>) -> Option<Step> {
    let sub = !j.top_level();
    match j.event {
        Event::Attach { card, target, .. } if sub && !j.resolved.tool => Some(Step::applied(
            "energy.attach-by-effect",
            sentence!(
                "{} attached to {} by an effect: it is not the turn's attachment from the hand",
                card.name,
                target.name
            ),
        )),
        Event::Devolve(d) => Some(Step::applied(
            "evolution.devolve",
            sentence!(
                "{} devolves to {}: the Evolution card leaves play, its damage counters stay",
                d.from.name,
                d.to.name
            ),
        )),
        Event::Move {
            to: Destination::LostZone,
            card,
            ..
        } => Some(Step::applied(
            "zones.lost-zone",
            match card.name() {
                Some(name) => sentence!("{name} goes to the Lost Zone, out of the game"),
                None => "the cards go to the Lost Zone, out of the game".to_string(),
            },
        )),
        Event::Attack { .. } | Event::Use { .. } if !sub => lasting(j),
        _ => None,
    }
}

/// An attack or Ability whose text acts past the turn it is used in: the replay keeps it in
/// force for the turns its text names.
fn lasting(j: &Judging<'_, '_>) -> Option<Step> {
    let (pokemon, name) = match j.event {
        Event::Attack(a) => (j.resolved.attacker.id()?, &a.attack),
        Event::Use { name, .. } => (j.resolved.pokemon.id()?, name),
        _ => return None,
    };
    let effects = j.cards.effects_of(j.state, pokemon).ok()?;
    let text = effects.named(name)?;
    text.lasting.then(|| {
        Step::applied(
            "effects.duration",
            sentence!("{name}'s effect lasts past this turn: it stays in force for the turns its text names"),
        )
    })
}
