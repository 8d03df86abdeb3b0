//! The tracker's damage: which Pokémon a damage line means (a spread attack's second line of one
//! name means another Pokémon), damage and damage counters put on or moved between Pokémon,
//! and damage from Special Conditions.

use crate::log::{CardName, Condition, Event};

use super::super::super::resolve::{self, Claim, Found};
use super::super::super::state::{PlayerIdx, PokemonId, Position};
use super::records::{Applied, Note};
use super::{AmbiguousHit, Source, Tracker};

impl Tracker<'_> {
    /// A second "took N damage" of the same name in one action (a spread attack) means another
    /// Pokémon of that name than the one already damaged, when there is one.
    pub(super) fn spread_target(&self, found: Found) -> Found {
        let Some(id) = found.id() else { return found };
        if !self.damaged_this_action.contains(&id) {
            return found;
        }
        let m = self.state.mon(id);
        let fresh: Vec<PokemonId> = resolve::candidates(&self.state, m.owner, m.name(), None)
            .into_iter()
            .filter(|c| !self.damaged_this_action.contains(c))
            .collect();
        match fresh.as_slice() {
            [] => found,
            [one] => Found::One(*one),
            [first, ..] => Found::Ambiguous(*first, fresh.clone()),
        }
    }

    /// A spread attack that names a Pokémon as many times as there are Pokémon of that name
    /// hits each of them once: which line meant which does not matter, so there is no doubt.
    pub(super) fn one_hit_each(&self, index: usize, found: Found, name: &str) -> Found {
        let Found::Ambiguous(first, all) = &found else {
            return found;
        };
        let owner = self.state.mon(*first).owner;
        if all.iter().any(|id| self.state.mon(*id).owner != owner) {
            return found;
        }
        let window = self.lines.window(index);
        let hits = self.lines.log.lines[window]
            .iter()
            .filter(
                |l| matches!(&l.event, Event::TookDamage { pokemon, .. } if pokemon.name == name),
            )
            .count();
        if hits == all.len() {
            Found::One(*first)
        } else {
            found
        }
    }

    /// Put damage on the Pokémon a line names. When several fit, the damage counts as doubtful
    /// on the one chosen, and the others may lack it.
    pub(super) fn add_damage(&mut self, found: &Found, amount: i32) {
        let Some(id) = found.id() else { return };
        if let Found::Ambiguous(chosen, all) = found {
            for other in all.iter().filter(|o| *o != chosen) {
                let m = self.state.mon_mut(*other);
                m.missing_damage = m.missing_damage.saturating_add(amount.max(0));
            }
            let mon = self.state.mon_mut(*chosen);
            mon.doubtful_damage = mon.doubtful_damage.saturating_add(amount.max(0));
            self.window.ambiguous_hits.push(AmbiguousHit {
                amount: amount.max(0),
                candidates: all.clone(),
            });
        }
        self.damaged_this_action.push(id);
        let mon = self.state.mon_mut(id);
        mon.damage = mon.damage.saturating_add(amount.max(0));
    }

    pub(super) fn put_counters(&mut self, count: u32, owner: &str, target: &CardName) -> Applied {
        // The possessive on these lines is unreliable; when both players have a Pokémon of that
        // name, an attack that speaks of the opponent decides.
        let prefer = match (&self.action.source, self.action.player, &self.action.effect) {
            (Source::Attack(..), Some(p), Some(e)) if e.lower().contains("opponent") => Some(1 - p),
            _ => None,
        };
        // "…on your opponent's Benched Pokémon": only Benched Pokémon can be meant.
        let bench_only = self.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower();
            t.contains("benched pokémon") && !t.contains("active")
        });
        let damage = (count as i32).saturating_mul(10);
        if bench_only {
            let (found, _) = resolve::owned(
                &self.state,
                self.player(owner),
                &target.name,
                Some(Position::Bench),
                Claim::Doubtful,
                prefer,
            );
            if let Some(id) = found.id() {
                self.add_damage(&found, damage);
                self.window.countered.push(id);
                return Applied::with_note(Note::ambiguous(&found));
            }
        }
        let before = self.damaged_this_action.len();
        let note = self.damage_pokemon(owner, target, Claim::Doubtful, prefer, damage);
        if let Some(id) = self.damaged_this_action.get(before).copied() {
            self.window.countered.push(id);
        }
        Applied::with_note(note)
    }

    /// Resolve the Pokémon a line names and put damage on it.
    fn damage_pokemon(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        prefer: Option<PlayerIdx>,
        amount: i32,
    ) -> Option<Note> {
        let (found, _) = resolve::owned(
            &self.state,
            self.player(owner),
            &pokemon.name,
            None,
            claim,
            prefer,
        );
        let found = self.spread_target(found);
        if found.id().is_none() {
            // A Pokémon of that name Knocked Out in this part of the game: the damage went on it
            // as it left play (a Tool's counters "even if this Pokémon is Knocked Out" on an
            // attacker already Knocked Out). Nothing in play changes.
            if self
                .knocked_out
                .iter()
                .any(|id| self.state.mon(*id).name() == pokemon.name)
            {
                return None;
            }
            return Some(Note::not_in_play(owner, &pokemon.name));
        }
        self.add_damage(&found, amount);
        Note::ambiguous(&found)
    }

    pub(super) fn move_counters(
        &mut self,
        count: u32,
        from_owner: &str,
        from: &CardName,
        to_owner: &str,
        to: &CardName,
    ) -> Applied {
        // The possessives on this line are unreliable; the effect's text says whose Pokémon the
        // counters leave and reach ("from 1 of your Pokémon to 1 of your opponent's Pokémon").
        let actor = self.action.player;
        let text = self
            .action
            .effect
            .as_ref()
            .map(|e| e.lower().to_string())
            .unwrap_or_default();
        let to_side = |side: &str| {
            text.contains(&sentence!("to 1 of {side}")) || text.contains(&sentence!("to {side}"))
        };
        let prefer_to = match actor {
            Some(a) if to_side("your opponent's") => Some(1 - a),
            Some(a) if to_side("your pokémon") || to_side("1 of your pokémon") => Some(a),
            _ => None,
        };
        let prefer_from = match actor {
            Some(a) if text.contains("from 1 of your opponent's") => Some(1 - a),
            Some(a) if text.contains("from 1 of your") || text.contains("from your") => Some(a),
            _ => None,
        };
        let (src, _) = resolve::owned(
            &self.state,
            self.player(from_owner),
            &from.name,
            None,
            Claim::Doubtful,
            prefer_from,
        );
        let (dst, _) = resolve::owned(
            &self.state,
            self.player(to_owner),
            &to.name,
            None,
            Claim::Doubtful,
            prefer_to,
        );
        let (Some(a), Some(b)) = (src.id(), dst.id()) else {
            return Applied::note(Note::Unsure(sentence!(
                "cannot find {} or {} in play",
                from.name,
                to.name
            )));
        };
        let moved = (count as i32)
            .saturating_mul(10)
            .min(self.state.mon(a).damage);
        self.state.mon_mut(a).damage -= moved;
        let to_mon = self.state.mon_mut(b);
        to_mon.damage = to_mon.damage.saturating_add(moved);
        for found in [&src, &dst] {
            if let Found::Ambiguous(_, all) = found {
                for id in all.clone() {
                    let m = self.state.mon_mut(id);
                    m.missing_damage = m.missing_damage.saturating_add(moved);
                    m.doubtful_damage = m.doubtful_damage.saturating_add(moved);
                }
            }
        }
        if src.is_ambiguous() || dst.is_ambiguous() {
            return Applied::note(Note::Unsure(
                "more than one Pokémon in play has that name; the one the counters moved on is a guess"
                    .to_string(),
            ));
        }
        Applied::default()
    }

    pub(super) fn condition_damage(
        &mut self,
        count: u32,
        owner: &str,
        pokemon: &CardName,
        condition: Condition,
    ) -> Applied {
        let damage = (count as i32).saturating_mul(10);
        match self.damage_pokemon(owner, pokemon, Claim::Trusted, None, damage) {
            None => Applied::info(sentence!(
                "{} damage for being {}",
                damage,
                condition.as_str()
            )),
            note => Applied::with_note(note),
        }
    }
}
