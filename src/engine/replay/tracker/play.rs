//! The tracker's cards played: Pokémon put into play, Stadiums, Trainers, cards drawn and
//! played at once, attachments, evolution and devolution, and the Special Conditions that end
//! when a Pokémon evolves or leaves the Active Spot.

use crate::log::{CardName, CardRef, Destination, Event, Text};

use super::super::super::effect::{Verb, Zone};
use super::super::super::resolve::Found;
use super::super::super::state::{PlayerIdx, PokemonId, Position, Stadium};
use super::records::{Applied, ClearedBy, ConditionsEnded, Note, Played, Resolved};
use super::{ListUse, Source, Tracker, remove_one};

impl Tracker<'_> {
    /// Take a card from the zone the current effect takes cards from; blur the counts when the
    /// zone is not known.
    pub(super) fn take_from_effect_zone(
        &mut self,
        verb: Verb,
        p: PlayerIdx,
        n: i32,
        name: Option<&str>,
    ) {
        match self.action.effect.as_ref().and_then(|e| e.zone_for(verb)) {
            Some(Zone::Hand) => self.state.players[p].hand.add(-n),
            Some(Zone::Deck) => self.state.players[p].deck.add(-n),
            Some(Zone::Discard) => {
                if let Some(name) = name {
                    remove_one(&mut self.state.players[p].discard, name);
                }
            }
            Some(Zone::InPlay) => {}
            None => {
                self.state.players[p].hand.blur();
                self.state.players[p].deck.blur();
            }
        }
    }

    pub(super) fn play_pokemon(
        &mut self,
        r: &Resolved,
        player: &str,
        card: &CardName,
        position: Position,
        sub: bool,
    ) -> Applied {
        let Some(p) = r.player else {
            return Applied::default();
        };
        if sub {
            self.take_from_effect_zone(Verb::PutOntoBench, p, 1, None);
        } else {
            self.state.players[p].hand.add(-1);
        }
        let occupied = position == Position::Active && self.state.players[p].active.is_some();
        self.state.put_card_into_play(p, card, position);
        if occupied {
            return Applied::note(Note::Unsure(sentence!(
                "{player} already has an Active Pokémon; {} was put on the Bench",
                card.name
            )));
        }
        Applied::default()
    }

    pub(super) fn play_stadium(&mut self, r: &Resolved, card: &CardName, sub: bool) -> Applied {
        let Some(p) = r.player else {
            return Applied::default();
        };
        if sub {
            self.take_from_effect_zone(Verb::Other, p, 1, None);
        } else {
            self.state.players[p].hand.add(-1);
            self.state.counters.stadiums += 1;
            self.trainers_this_turn.push(card.name.clone());
        }
        self.replace_stadium(p, &card.name);
        self.action.player = Some(p);
        self.action.source = Source::Stadium(card.name.clone());
        Applied::default()
    }

    /// A new Stadium comes into play; the one it replaces goes to its owner's discard pile.
    fn replace_stadium(&mut self, p: PlayerIdx, name: &Text) {
        if let Some(old) = self.state.stadium.take() {
            self.state.players[old.owner].discard.push(old.name.clone());
            self.stadium_discard = Some((old.owner, old.name));
        }
        self.state.stadium = Some(Stadium {
            name: name.clone(),
            owner: p,
            unsure: false,
        });
    }

    pub(super) fn play_card(&mut self, r: &Resolved, player: &str, card: &CardName) -> Applied {
        let (Some(p), Some(played)) = (r.player, r.played) else {
            return Applied::default();
        };
        self.action.player = Some(p);
        let name = card.name.as_str();
        match played {
            Played::StadiumEffect => {
                self.action.source = Source::Stadium(Text::from(name));
                self.action.effect = self.cards.card_effect(name);
                Applied::info(sentence!("{player} uses the effect of the Stadium in play"))
            }
            Played::Ability(user) => {
                self.action.source = Source::Ability(user, Text::from(name));
                self.action.effect = self.cards.card_effect(name);
                Applied::info(sentence!("{player} uses an Ability of {name}"))
            }
            Played::Trainer(kind) => {
                let ps = &mut self.state.players[p];
                ps.hand.add(-1);
                ps.discard.push(Text::from(name));
                if kind == super::super::super::cardinfo::CardKind::Supporter {
                    self.state.counters.supporters += 1;
                }
                self.trainers_this_turn.push(Text::from(name));
                self.action.source = Source::Trainer(Text::from(name));
                self.action.effect = self.cards.card_effect(name);
                Applied::default()
            }
        }
    }

    pub(super) fn drew_and_played(
        &mut self,
        r: &Resolved,
        card: &CardRef,
        to: Destination,
    ) -> Applied {
        let Some(p) = r.player else {
            return Applied::default();
        };
        self.state.players[p].deck.add(-(card.count() as i32));
        match (card, to) {
            (CardRef::Named { card }, Destination::Active) => {
                self.state.put_card_into_play(p, card, Position::Active);
            }
            (CardRef::Named { card }, Destination::Stadium) => {
                self.replace_stadium(p, &card.name);
            }
            (CardRef::Named { card }, _) => {
                let id = self.state.put_card_into_play(p, card, Position::Bench);
                // A sub-line of the other player's effect that names this player: either the
                // client named the wrong player, or the effect lets this one search. Followed as
                // written, but neither Bench is certain any more.
                if let Some(actor) = self.action.player
                    && actor != p
                {
                    self.state.mon_mut(id).uncertain = true;
                    self.state.mon_mut(id).side_unsure = true;
                    for player in &mut self.state.players {
                        player.bench_unsure = true;
                    }
                    return Applied::note(Note::Unsure(sentence!(
                        "a sub-line of {}'s action says {} put {} onto their Bench; the client sometimes names the wrong player here, so whose Bench it is is not certain",
                        self.state.players[actor].name,
                        self.state.players[p].name,
                        card.name
                    )));
                }
            }
            (CardRef::Hidden { .. }, _) => {
                self.list = Some(ListUse::BenchFromDeck(p));
            }
        }
        Applied::default()
    }

    pub(super) fn attach(&mut self, r: &Resolved, card: &CardName, sub: bool) -> Applied {
        let (Some(p), Some(id)) = (r.player, r.pokemon.id()) else {
            return Applied::default();
        };
        self.mark_uncertain_ids(&r.uncertain);
        if sub {
            self.take_from_effect_zone(Verb::Attach, p, 1, Some(&card.name));
        } else {
            self.state.players[p].hand.add(-1);
            if !r.tool {
                self.state.counters.energy_attached += 1;
            }
        }
        self.mark_uncertain(&r.pokemon);
        let mon = self.state.mon_mut(id);
        if r.tool {
            mon.tools.push(card.name.clone());
        } else {
            mon.energy.push(card.name.clone());
        }
        self.action.player = Some(p);
        Applied::default()
    }

    pub(super) fn evolve(&mut self, r: &Resolved, to: &CardName, sub: bool) -> Applied {
        let (Some(p), Some(id)) = (r.player, r.pokemon.id()) else {
            return Applied::default();
        };
        let turn = self.state.turn;
        self.mark_uncertain_ids(&r.uncertain);
        if sub {
            self.take_from_effect_zone(Verb::Evolve, p, 1, None);
        } else {
            self.state.players[p].hand.add(-1);
        }
        let cleared = self.clear_conditions(id, ClearedBy::Evolving);
        let mon = self.state.mon_mut(id);
        mon.stack.push(to.name.clone());
        mon.card_id = to.id.clone();
        mon.evolved_turn = Some(turn);
        mon.uses.clear();
        mon.identity_changed();
        Applied {
            note: None,
            conditions: cleared,
        }
    }

    /// Special Conditions end when a Pokémon evolves or leaves the Active Spot: clear them and
    /// say which.
    pub(super) fn clear_conditions(
        &mut self,
        id: PokemonId,
        by: ClearedBy,
    ) -> Option<ConditionsEnded> {
        let mon = self.state.mon_mut(id);
        if mon.conditions.is_empty() {
            return None;
        }
        Some(ConditionsEnded::Cleared {
            pokemon: mon.name().to_string(),
            conditions: std::mem::take(&mut mon.conditions),
            by,
        })
    }

    pub(super) fn devolve(&mut self, owner: &str, from: &CardName, to: &CardName) -> Applied {
        let named = self.player(owner);
        let (found, who) = super::super::super::resolve::owned(
            &self.state,
            named,
            &from.name,
            None,
            super::super::super::resolve::Claim::Trusted,
            None,
        );
        let (Some(id), Some(p)) = (found.id(), who) else {
            return Applied::note(Note::not_in_play(owner, &from.name));
        };
        self.mark_uncertain(&found);
        let mon = self.state.mon_mut(id);
        if mon.stack.len() > 1 {
            mon.stack.pop();
        }
        if mon.name() != to.name {
            // The cards under it are not the ones the tracker held (or several Evolution
            // cards were removed at once): keep what is below the named Stage if it is there,
            // else what is under it is not known.
            match mon.stack.iter().rposition(|c| *c == to.name) {
                Some(i) => mon.stack.truncate(i + 1),
                None => {
                    mon.stack = vec![to.name.clone()];
                    mon.uncertain = true;
                }
            }
        }
        mon.conditions.clear();
        mon.uses.clear();
        mon.identity_changed();
        self.state.players[p].hand.blur();
        self.state.players[p].deck.blur();
        Applied::default()
    }

    /// When a line could mean several Pokémon, what is tracked on each of them may be off.
    pub(super) fn mark_uncertain(&mut self, found: &Found) {
        if let Found::Ambiguous(_, all) = found {
            self.mark_uncertain_ids(all);
        }
    }

    pub(super) fn mark_uncertain_ids(&mut self, ids: &[PokemonId]) {
        for id in ids {
            self.state.mon_mut(*id).uncertain = true;
        }
    }

    /// A line where a player acts with one of their own Pokémon by name (evolves it, attaches
    /// to it, uses it, retreats it, moves it up to the Active Spot) pins down a Pokémon the
    /// tracker put on the other side from a sub-line that may have named the wrong player:
    /// when the player has no Pokémon of that name and the other side has exactly one such
    /// Pokémon on its Bench, it was this player's.
    pub fn pin_side(&mut self, line: &crate::log::LogLine) {
        let (player, name) = match &line.event {
            Event::Evolve { player, from, .. } => (player, &from.name),
            Event::Attach { player, target, .. } => (player, &target.name),
            Event::Use {
                player, pokemon, ..
            } => (player, &pokemon.name),
            Event::Attack(a) => (&a.player, &a.pokemon.name),
            Event::Retreat { player, card } | Event::Promote { player, card } => {
                (player, &card.name)
            }
            _ => return,
        };
        let Some(p) = self.player(player) else { return };
        let s = &self.state;
        if s.players[p]
            .in_play()
            .any(|id| s.mon(id).name() == name.as_str())
        {
            return;
        }
        let misplaced: Vec<PokemonId> = s.players[1 - p]
            .bench
            .iter()
            .copied()
            .filter(|id| s.mon(*id).side_unsure && s.mon(*id).name() == name.as_str())
            .collect();
        if let [id] = misplaced[..] {
            self.state.change_side(id, p);
            let mon = self.state.mon_mut(id);
            mon.side_unsure = false;
            mon.uncertain = false;
        }
    }
}
