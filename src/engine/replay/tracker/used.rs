//! The effects players used (Trainer cards played, Abilities and attacks used), kept for the
//! turns in which they may still act: the checks ask whether one of them may change a fact
//! (see [`crate::engine::in_force`]).

use crate::log::{Depth, Event, LogLine, Text};

use super::super::super::cardinfo::UseKind;
use super::super::super::in_force::{Used, UsedKind};
use super::super::super::state::GameState;
use super::records::{Played, Resolved};
use super::{Source, Tracker};

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
        print: None,
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

    /// "- Ann chose Steel Wing" under an attack that uses another ("choose 1 of your opponent's
    /// Active Pokémon's attacks and use it as this attack"): the attack chosen is used too, by the
    /// same Pokémon, so what its text leaves in force ("during your opponent's next turn, this
    /// Pokémon takes 30 less damage") acts on that Pokémon. The text is read from the card the
    /// attack was copied from: a card the action discarded that has it, else the Defending
    /// Pokémon's card, else every card with an attack of that name.
    pub(super) fn record_copied_attack(&mut self, index: usize, chosen: &Text) {
        let Source::Attack(Some(user), copying) = &self.action.source else {
            return;
        };
        let (user, copying) = (*user, copying.clone());
        let Some(player) = self.action.player else {
            return;
        };
        let user_name = self.state.mon(user).name().to_string();
        let copies = self
            .cards
            .use_effect(&user_name, &copying)
            .is_some_and(|(_, e)| {
                let t = e.lower();
                t.contains("use it as this attack")
            });
        let Some(db) = self.cards.db() else { return };
        if !copies {
            return;
        }
        let has = |name: &str| {
            db.by_name(name)
                .iter()
                .any(|i| db.card(*i).attack(chosen).is_some())
        };
        let attack_line = (0..index)
            .rev()
            .find(|i| self.lines.log.lines[*i].depth == Depth::Top)
            .unwrap_or(0);
        let target = self
            .used
            .iter()
            .rev()
            .find(|u| u.line == attack_line && u.kind == UsedKind::Attack)
            .and_then(|u| u.target);
        let discarded = self
            .lines
            .sub_lines(attack_line)
            .iter()
            .find_map(|l| match &l.event {
                Event::Discard {
                    card: crate::log::CardRef::Named { card },
                    ..
                } if has(&card.name) => Some(card.name.clone()),
                _ => None,
            });
        let defender = target
            .map(|t| Text::from(self.state.mon(t).name()))
            .filter(|n| has(n));
        // The Defending Pokémon's print, when the log's card id pins it down.
        let print = match (&discarded, &defender, target) {
            (None, Some(_), Some(t)) => self.state.mon(t).card_id.clone(),
            _ => None,
        };
        let any = db
            .with_attack(chosen)
            .first()
            .map(|i| Text::from(db.card(*i).name.as_str()));
        let Some(card) = discarded.or(defender).or(any) else {
            return;
        };
        self.used.push(Used {
            turn: self.state.turn,
            player,
            kind: UsedKind::Attack,
            name: chosen.clone(),
            by: Some((user, card)),
            line: index,
            target,
            print,
        });
    }

    /// A turn began: effects used more than [`KEPT_TURNS`] turns ago no longer act.
    pub(super) fn forget_old_uses(&mut self) {
        let turn = self.state.turn;
        // A turn count that went back (a log holding a second Setup) ends every effect too.
        self.used
            .retain(|u| u.turn <= turn && turn - u.turn <= KEPT_TURNS);
    }
}
