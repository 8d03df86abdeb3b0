//! The effects players used (Trainer cards played, Abilities and attacks used), kept for the
//! turns in which they may still act: the checks ask whether one of them may change a fact
//! (see [`crate::engine::in_force`]).

use crate::log::{Depth, Event, LogLine, Text};

use super::super::super::cardinfo::UseKind;
use super::super::super::in_force::{Used, UsedKind};
use super::super::super::state::GameState;
use super::Tracker;
use super::records::{Played, Resolved};

/// How many turns before the current one a used effect is kept: "until the end of your
/// opponent's next turn" reaches two turns on.
const KEPT_TURNS: u32 = 2;

/// The effect a top-level line uses, if it uses one: a Trainer card played, an Ability or an
/// attack. Sub-lines report what an effect does, not a new use.
pub fn use_on_line(state: &GameState, index: usize, line: &LogLine, r: &Resolved) -> Option<Used> {
    if line.depth != Depth::Top {
        return None;
    }
    let player = r.player?;
    let target = match line.event {
        Event::Attack { .. } => r.pokemon.id(),
        _ => None,
    };
    let used = |kind, name: &Text, by| Used {
        turn: state.turn,
        player,
        kind,
        name: name.clone(),
        by,
        line: index,
        target,
    };
    match &line.event {
        Event::PlayCard { card, .. } => match r.played? {
            Played::Trainer(_) => Some(used(UsedKind::Trainer, &card.name, None)),
            Played::Ability(Some(id)) => Some(used(
                UsedKind::Ability,
                &Text::default(),
                Some((id, Text::from(state.mon(id).name()))),
            )),
            Played::Ability(None) | Played::StadiumEffect => None,
        },
        Event::Use { name, .. } => {
            let id = r.pokemon.id().or(r.attacker.id())?;
            let kind = match r.use_kind {
                Some(UseKind::Attack) => UsedKind::Attack,
                _ => UsedKind::Ability,
            };
            Some(used(
                kind,
                name,
                Some((id, Text::from(state.mon(id).name()))),
            ))
        }
        Event::Attack(a) => {
            let id = r.attacker.id()?;
            Some(used(
                UsedKind::Attack,
                &a.attack,
                Some((id, Text::from(state.mon(id).name()))),
            ))
        }
        _ => None,
    }
}

impl Tracker<'_> {
    /// Remember the effect a line uses (before the line is applied: the Pokémon that used it
    /// is named as it was then).
    #[inline]
    pub fn record_use(&mut self, index: usize, line: &LogLine, r: &Resolved) {
        if !matches!(
            line.event,
            Event::PlayCard { .. } | Event::Use { .. } | Event::Attack { .. }
        ) {
            return;
        }
        if let Some(used) = use_on_line(&self.state, index, line, r) {
            self.used.push(used);
        }
    }

    /// A turn began: effects used more than [`KEPT_TURNS`] turns ago no longer act.
    pub(super) fn forget_old_uses(&mut self) {
        let turn = self.state.turn;
        // A turn count that went back (a log holding a second Setup) ends every effect too.
        self.used
            .retain(|u| u.turn <= turn && turn - u.turn <= KEPT_TURNS);
    }
}
