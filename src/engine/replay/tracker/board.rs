//! The tracker's board: retreating, promoting and switching Pokémon, attacks and Abilities
//! used, and Special Conditions put on, taken off or healed.

use crate::log::{CardName, Condition, Event, LogLine, Text};

use super::super::super::cardinfo::UseKind;
use super::super::super::resolve::{self, Claim, Found};
use super::super::super::state::{PlayerIdx, Pokemon, PokemonId, Position};
use super::records::{Applied, ClearedBy, ConditionsEnded, Note, Resolved};
use super::{Source, Tracker};

impl Tracker<'_> {
    pub(super) fn retreat(&mut self, r: &Resolved) -> Applied {
        let Some(p) = r.player else {
            return Applied::default();
        };
        self.action.player = Some(p);
        let Some(id) = r.pokemon.id() else {
            return Applied::default();
        };
        self.state.bench_active(p);
        self.retreated = Some(id);
        let cleared = self.clear_conditions(id, ClearedBy::GoingToTheBench);
        self.state.counters.retreats += 1;
        self.action.source = Source::Other;
        Applied {
            note: None,
            conditions: cleared,
        }
    }

    pub(super) fn promote(&mut self, r: &Resolved) -> Applied {
        let (Some(p), Some(id)) = (r.player, r.pokemon.id()) else {
            return Applied::default();
        };
        self.mark_uncertain_ids(&r.uncertain);
        self.retreated = None;
        let already = self.state.players[p].active == Some(id);
        if !already {
            self.window.promotions += 1;
        }
        let mut cleared = None;
        if let Some(old) = self.state.players[p].active
            && old != id
        {
            cleared = self.clear_conditions(old, ClearedBy::GoingToTheBench);
        }
        self.state.make_active(id);
        Applied {
            note: None,
            conditions: cleared,
        }
    }

    pub(super) fn switch(
        &mut self,
        first_owner: &str,
        first: &CardName,
        second_owner: &str,
        second: &CardName,
    ) -> Applied {
        let second_found = self.find_prefer(second_owner, second, Position::Active);
        let first_found = self.find_prefer(first_owner, first, Position::Bench);
        let (Some(new_active), Some(old_active)) = (first_found.id(), second_found.id()) else {
            return Applied::note(Note::Unsure(sentence!(
                "cannot find {first_owner}'s {} and {second_owner}'s {} in play",
                first.name,
                second.name
            )));
        };
        if self.state.mon(new_active).owner != self.state.mon(old_active).owner {
            return Applied::note(Note::Unsure(
                "the two Pokémon switched belong to different players".to_string(),
            ));
        }
        let cleared = if self.state.position(old_active) == Some(Position::Active) {
            self.clear_conditions(old_active, ClearedBy::GoingToTheBench)
        } else {
            None
        };
        self.state.make_active(new_active);
        Applied {
            note: Note::ambiguous(&first_found),
            conditions: cleared,
        }
    }

    fn find_prefer(&self, owner: &str, card: &CardName, position: Position) -> Found {
        let found = self.find_prefer_named(owner, &card.name, position);
        resolve::narrow_found(&self.state, found, card.id.as_deref())
    }

    fn find_prefer_named(&self, owner: &str, name: &str, position: Position) -> Found {
        let named = self.player(owner);
        let (found, _) = resolve::owned(
            &self.state,
            named,
            name,
            Some(position),
            Claim::Trusted,
            None,
        );
        if found.id().is_some() {
            return found;
        }
        resolve::owned(&self.state, named, name, None, Claim::Trusted, None).0
    }

    pub(super) fn use_(&mut self, r: &Resolved, name: &str, sub: bool) -> Applied {
        let (Some(p), Some(kind)) = (r.player, r.use_kind) else {
            return Applied::default();
        };
        self.action.player = Some(p);
        let id = r.pokemon.id();
        self.action.effect = r.effect.clone();
        match kind {
            UseKind::Attack => {
                self.state.counters.attacks += 1;
                if !sub {
                    self.state.counters.attacked_by = Some(p);
                }
                self.action.source = Source::Attack(id, Text::from(name));
            }
            UseKind::Ability => self.action.source = Source::Ability(id, Text::from(name)),
        }
        if let Some(id) = id {
            self.note_use(id, name);
        }
        Applied::default()
    }

    /// Remember that a Pokémon used an attack or Ability (it narrows the prints it may be),
    /// unless an attached Tool gives it (a VSTAR Power on a Tool, a Technical Machine's attack).
    fn note_use(&mut self, id: PokemonId, name: &str) {
        if self.tool_grants(self.state.mon(id), name) {
            return;
        }
        let mon = self.state.mon_mut(id);
        if !mon.uses.iter().any(|u| u == name) {
            mon.uses.push(Text::from(name));
            mon.identity_changed();
        }
    }

    /// An attack or Ability of that name is on a Tool attached to the Pokémon.
    pub(super) fn tool_grants(&self, mon: &Pokemon, name: &str) -> bool {
        let Some(db) = self.cards.db() else {
            return false;
        };
        mon.tools.iter().any(|tool| {
            db.by_name(tool).iter().any(|i| {
                let card = db.card(*i);
                card.attacks.iter().any(|a| a.name == name)
                    || card.abilities.iter().any(|a| a.name == name)
                    || card.rules.iter().any(|r| r.contains(name))
            })
        })
    }

    pub(super) fn attack(&mut self, r: &Resolved, line: &LogLine) -> Applied {
        let Event::Attack(a) = &line.event else {
            return Applied::default();
        };
        let crate::log::AttackLine {
            pokemon,
            attack,
            target_owner,
            target,
            damage,
            ..
        } = &**a;
        let Some(p) = r.player else {
            return Applied::default();
        };
        let sub = line.depth != crate::log::Depth::Top;
        if self.action.player.is_none() {
            self.action.player = Some(p);
        }
        if !matches!(self.action.source, Source::Attack(..)) {
            self.action.source = Source::Attack(r.attacker.id(), attack.clone());
            self.action.effect = self.cards.use_effect(&pokemon.name, attack).map(|(_, e)| e);
        }
        self.state.counters.attacks += 1;
        if !sub {
            self.state.counters.attacked_by = Some(p);
        }
        if let Some(a) = r.attacker.id() {
            self.note_use(a, attack);
        }
        if r.pokemon.id().is_none() {
            return Applied::note(Note::not_in_play(target_owner, &target.name));
        }
        self.add_damage(&r.pokemon, (*damage).max(0));
        if let Some(id) = r.pokemon.id() {
            self.window.hit_by_damage.push(id);
        }
        Applied::default()
    }

    pub(super) fn condition_applied(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        condition: Condition,
    ) -> Applied {
        let turn = self.state.turn;
        let mut replaced = None;
        let mut name = String::new();
        let note = self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
            replaced = m.add_condition(condition);
            name = m.name().to_string();
            if condition == Condition::Paralyzed {
                m.paralyzed_turn = Some(turn);
            }
        });
        Applied {
            note,
            conditions: replaced.map(|old| ConditionsEnded::Replaced {
                pokemon: name,
                now: condition,
                old,
            }),
        }
    }

    /// Change the Pokémon a line names; a note when it is not in play or several fit.
    pub(super) fn with_pokemon(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        f: impl FnOnce(&mut Pokemon),
    ) -> Option<Note> {
        self.with_pokemon_pref(owner, pokemon, claim, None, f)
    }

    fn with_pokemon_pref(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        prefer: Option<PlayerIdx>,
        f: impl FnOnce(&mut Pokemon),
    ) -> Option<Note> {
        let (found, _) = resolve::owned(
            &self.state,
            self.player(owner),
            &pokemon.name,
            None,
            claim,
            prefer,
        );
        let Some(id) = found.id() else {
            return Some(Note::not_in_play(owner, &pokemon.name));
        };
        self.mark_uncertain(&found);
        f(self.state.mon_mut(id));
        Note::ambiguous(&found)
    }
}
