//! The tracker's Knock Outs: which Pokémon a Knock Out line means, the Knock Outs and Prize cards
//! of the window, the cards a Knocked Out Pokémon takes to the discard pile, and what the list
//! of those cards tells about Energy the tracker had to guess.

use crate::log::{CardName, CardRef, Event, Text};

use super::super::super::resolve::{self, Claim, Found};
use super::super::super::state::{PlayerIdx, PokemonId, Position};
use super::super::card_facts;
use super::records::{Applied, Note, Resolved};
use super::{KnockedOut, ListUse, Tracker};

impl Tracker<'_> {
    /// Which Pokémon a Knock Out line means when its owner has several of that name: the one
    /// whose damage reached its HP (if only one did), else the Active one, else any.
    pub(super) fn knock_out_target(
        &self,
        found: Found,
        owner: Option<PlayerIdx>,
        name: &str,
    ) -> Found {
        let Some(owner) = owner else { return found };
        let all = resolve::candidates(&self.state, owner, name, None);
        if all.len() < 2 {
            return found;
        }
        let lethal: Vec<PokemonId> = all.iter().copied().filter(|id| self.at_hp(*id)).collect();
        match lethal.as_slice() {
            [one] => Found::One(*one),
            [] => found,
            several => resolve::pick(&self.state, several, true, |m| i64::from(m.damage)),
        }
    }

    /// The damage tracked on a Pokémon (with what lines that could mean it may have added)
    /// reaches the highest HP its prints may have.
    pub(super) fn at_hp(&self, id: PokemonId) -> bool {
        let m = self.state.mon(id);
        matches!(self.cards.hp_bounds(&self.state, id), Ok((_, hi)) if m.damage.saturating_add(m.missing_damage) >= hi)
    }

    pub(super) fn knock_out(
        &mut self,
        index: usize,
        r: &Resolved,
        owner: &str,
        pokemon: &CardName,
    ) -> Applied {
        let Some(id) = r.pokemon.id() else {
            self.window.unsure_knock_outs.push(self.player(owner));
            return Applied::default();
        };
        self.record_knock_out(id);
        let p = self.state.mon(id).owner;
        // Whether an attack's damage did it, for texts that ask ("if any of your Pokémon were
        // Knocked Out by damage from an attack during your opponent's last turn").
        let turn = self.state.turn;
        let in_attack = matches!(self.window.source, Some(super::Source::Attack(..)))
            || matches!(self.action.source, super::Source::Attack(..));
        if matches!(r.pokemon, Found::Ambiguous(..)) || self.state.mon(id).uncertain {
            self.state.players[p].knocked_out_unsure_turn = Some(turn);
        } else if in_attack && self.damaged_this_action.contains(&id) {
            self.state.players[p].knocked_out_by_attack_turn = Some(turn);
        }
        self.state.remove_from_play(id);
        self.discard_its_cards(id, p);
        self.knocked_out.push(id);
        // Several Pokémon of that name: if the check passed for the one chosen and the others
        // fall too in this window, which one the line meant does not matter.
        if let Found::Ambiguous(_, all) = &r.pokemon {
            let window = self.lines.window(index);
            let later = self.lines.log.lines[index + 1..window.end]
                .iter()
                .filter(|l| matches!(&l.event, Event::KnockOut { pokemon: n, .. } if n.name == pokemon.name))
                .count();
            if later + 1 < all.len() {
                self.window.unsure_knock_outs.push(Some(p));
                self.mark_uncertain_ids(all);
                return Applied::with_note(Note::ambiguous(&r.pokemon));
            }
        }
        Applied::default()
    }

    /// A Knock Out the client did not write (issue 40): damage counters put an Evolution at its
    /// HP in this window, no damage line hit it, no line of this window Knocks Out a Pokémon of
    /// its name, and this line, a line of its own (not a list under another line), discards the
    /// Basic Pokémon under it. The discard of its stack
    /// (and the Prize card that follows) is its Knock Out: it leaves play as if the line had
    /// been written. A Pokémon that a damage line hit is not one of these: the client writes
    /// the Knock Out of an attack's damage.
    fn implied_knock_out(&mut self, index: usize, id: PokemonId, card: &CardRef) -> bool {
        if !self.implies_knock_out(index, id, card) {
            return false;
        }
        let owner = self.state.mon(id).owner;
        self.record_knock_out(id);
        self.state.remove_from_play(id);
        self.discard_its_cards(id, owner);
        self.knocked_out.push(id);
        self.window.implied_knock_outs.push((index, id));
        true
    }

    /// A Knocked Out Pokémon's cards (its stack, Energy and Tools, in that order) go to player
    /// `p`'s discard pile; read in place, without copying the whole Pokémon first.
    fn discard_its_cards(&mut self, id: PokemonId, p: PlayerIdx) {
        let mon = &self.state.pokemon[id as usize];
        let discard = &mut self.state.players[p].discard;
        discard.extend(mon.stack.iter().cloned());
        discard.extend(mon.energy.iter().cloned());
        discard.extend(mon.tools.iter().cloned());
    }

    /// Whether line `index`, discarding `card` from Pokémon `id`, is the Knock Out the client
    /// did not write (see [`Tracker::implied_knock_out`]); reads the state only.
    pub fn implies_knock_out(&self, index: usize, id: PokemonId, card: &CardRef) -> bool {
        // The client writes that discard as a line of its own ("Rellor was discarded from
        // Ben's Rabsca."); a "- N cards were discarded" sub-line is the sub-line of a Knock Out
        // line, and without that line it is not one.
        if self.lines.log.lines[index].depth != crate::log::Depth::Top {
            return false;
        }
        let mon = self.state.mon(id);
        let (name, owner) = (mon.name(), mon.owner);
        let Some(basic) = (mon.stack.len() >= 2).then(|| &mon.stack[0]) else {
            return false;
        };
        let sure = mon.damage - mon.doubtful_damage;
        let at_hp = matches!(self.cards.hp_bounds(&self.state, id), Ok((_, hi)) if sure >= hi);
        let discards_basic = self
            .lines
            .cards_named(index, card)
            .is_some_and(|names| names.contains(&basic));
        if !at_hp
            || !discards_basic
            || mon.uncertain
            || !self.window.countered.contains(&id)
            || self.window.hit_by_damage.contains(&id)
        {
            return false;
        }
        let window = self.lines.window(index);
        let written = self.lines.log.lines[window].iter().any(|l| {
            matches!(&l.event, Event::KnockOut { owner: o, pokemon: n }
                if n.name == name && self.player(o) == Some(owner))
        });
        !written
    }

    /// Record a Knock Out for the Prize check.
    fn record_knock_out(&mut self, id: PokemonId) {
        let m = self.state.mon(id);
        let (prizes, clause, why) = self.cards.prize_value(m.name(), &m.uses).unwrap_or((
            1,
            "pokemon.single-prize",
            sentence!("{}: 1 Prize card", m.name()),
        ));
        let cards = card_facts::cards_in_play(&self.state, Some(&[id]));
        let was_active = self.state.position(id) == Some(Position::Active);
        self.window.knock_outs.push(KnockedOut {
            owner: m.owner,
            prizes,
            clause,
            why,
            cards,
            was_active,
        });
    }

    pub(super) fn took_prizes(&mut self, r: &Resolved, count: u32) -> Applied {
        let Some(p) = r.player else {
            return Applied::default();
        };
        self.window.prizes[p] = self.window.prizes[p].saturating_add(count);
        let ps = &mut self.state.players[p];
        ps.hand.add(count as i32);
        let left = ps
            .prizes_left
            .unwrap_or(self.state.prize_count)
            .saturating_sub(count as i32);
        ps.prizes_left = Some(left);
        Applied::default()
    }

    pub(super) fn discard_from_pokemon(
        &mut self,
        index: usize,
        owner: &str,
        pokemon: &CardName,
        card: &CardRef,
    ) -> Applied {
        let named = self.player(owner);
        // A Pokémon already Knocked Out: its cards went to the discard pile with it.
        let gone_id = self.knocked_out.iter().copied().find(|id| {
            self.state.mon(*id).name() == pokemon.name && Some(self.state.mon(*id).owner) == named
        });
        let gone = gone_id.is_some();
        if let (Some(ko), CardRef::Hidden { .. }) = (gone_id, card)
            && let Some(names) = self.lines.cards_named(index, card)
        {
            let shown: Vec<Text> = names.into_iter().cloned().collect();
            self.reconcile_attachments(ko, &shown);
        }
        let (found, _) = resolve::owned(
            &self.state,
            named,
            &pokemon.name,
            None,
            Claim::Trusted,
            None,
        );
        if gone {
            // Its cards went to the discard pile with it (a Pokémon of the same name still in
            // play keeps its own).
            return Applied::default();
        }
        // The cost of a retreat is discarded from the Pokémon that retreated, whichever other
        // Pokémon shares its name.
        let retreated = self.retreated.filter(|id| {
            let m = self.state.mon(*id);
            m.name() == pokemon.name && Some(m.owner) == named
        });
        let Some(id) = retreated.or(found.id()) else {
            return Applied::note(Note::not_in_play(owner, &pokemon.name));
        };
        if retreated.is_none() && self.implied_knock_out(index, id, card) {
            return Applied::default();
        }
        match card {
            CardRef::Named { card } => {
                let p = self.state.mon(id).owner;
                self.take_attached_or_sibling(id, &card.name);
                self.state.players[p].discard.push(card.name.clone());
            }
            CardRef::Hidden { .. } => self.list = Some(ListUse::DiscardedFrom(id)),
        }
        Applied::default()
    }

    /// The list of cards discarded with a Knocked Out Pokémon shows the Energy it really had.
    /// When lines that could mean it or another Pokémon of its name made the tracker guess
    /// (both are marked uncertain), put the Energy right: the Knocked Out one had what the list
    /// shows, and the other one has the rest.
    fn reconcile_attachments(&mut self, ko: PokemonId, shown: &[Text]) {
        let k = self.state.mon(ko);
        if !k.uncertain {
            return;
        }
        let siblings: Vec<PokemonId> = resolve::candidates(&self.state, k.owner, k.name(), None)
            .into_iter()
            .filter(|id| *id != ko && self.state.mon(*id).uncertain)
            .collect();
        let [sibling] = siblings.as_slice() else {
            return;
        };
        let mut total: Vec<Text> = k.energy.clone();
        total.extend(self.state.mon(*sibling).energy.iter().cloned());
        let shown_energy: Vec<Text> = shown
            .iter()
            .filter(|c| total.contains(c))
            .cloned()
            .collect();
        let mut rest = total.clone();
        for e in &shown_energy {
            match rest.iter().position(|r| r == e) {
                Some(i) => {
                    rest.remove(i);
                }
                None => return,
            }
        }
        let mut had = k.energy.clone();
        let mut now = shown_energy.clone();
        had.sort();
        now.sort();
        if had == now {
            return;
        }
        self.state.mon_mut(ko).energy = shown_energy;
        self.state.mon_mut(*sibling).energy = rest;
    }
}
