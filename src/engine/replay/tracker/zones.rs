//! The tracker's zones: cards discarded, shuffled into or put on the deck, moved to the hand,
//! the discard pile, the Lost Zone or into play, and what the card list after such a line names.

use crate::log::{CardName, CardRef, Destination, Text};

use super::super::super::effect::{Verb, Zone};
use super::super::super::resolve;
use super::super::super::state::{PlayerIdx, PokemonId, Position};
use super::records::{Applied, Note};
use super::{ListUse, Source, Tracker, remove_one};

impl Tracker<'_> {
    pub(super) fn discard(&mut self, player: &str, card: &CardRef, sub: bool) -> Applied {
        let Some(p) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        // The client names either the acting player or the Stadium's owner on this line.
        if let (Some((_, name)), Some(n)) = (&self.stadium_discard, card.name())
            && name == n
        {
            self.stadium_discard = None;
            return Applied::info("the Stadium that was in play goes to its owner's discard pile");
        }
        if let Some(applied) = self.stadium_leaves(card, false) {
            return applied;
        }
        if let Some(applied) = self.pokemon_discarded_from_play(p, card, sub) {
            return applied;
        }
        let n = card.count() as i32;
        if sub {
            self.take_from_effect_zone(Verb::Discard, p, n, None);
        } else {
            self.state.players[p].hand.add(-n);
        }
        match card {
            CardRef::Named { card } => self.state.players[p].discard.push(card.name.clone()),
            CardRef::Hidden { .. } => self.list = Some(ListUse::Discarded(p)),
        }
        Applied::default()
    }

    /// A discard line naming a card that is also a Pokémon in play of that player: a card that
    /// may be discarded from play by its own rule ("you may discard this card from play", as
    /// Fossils played as Pokémon say) leaves play; otherwise, unless the effect's text takes
    /// the card from the hand, the Pokémon may have left play without a line saying so, and
    /// the player's Bench count is no longer sure.
    fn pokemon_discarded_from_play(
        &mut self,
        p: PlayerIdx,
        card: &CardRef,
        sub: bool,
    ) -> Option<Applied> {
        let name = card.name()?;
        let in_play = resolve::candidates(&self.state, p, name, None);
        if in_play.is_empty() {
            return None;
        }
        let own_rule = !sub
            && self
                .cards
                .card_effect(name)
                .is_some_and(|e| e.lower().contains("discard this card from play"));
        // An Ability that discards the Pokémon that used it ("If you do, discard this Pokémon
        // and all attached cards"): the line names that Pokémon.
        let user = match &self.action.source {
            Source::Ability(Some(id), _)
                if sub
                    && in_play.contains(id)
                    && self.action.effect.as_ref().is_some_and(|e| {
                        e.lower().contains("discard this pokemon")
                            || e.lower().contains("discard this pokémon")
                    }) =>
            {
                Some(*id)
            }
            _ => None,
        };
        let single = match in_play.as_slice() {
            [id] if own_rule => Some(*id),
            _ => None,
        };
        if let Some(id) = user.or(single) {
            self.state.remove_from_play(id);
            let mon = self.state.mon(id).clone();
            let ps = &mut self.state.players[p];
            ps.discard.extend(mon.stack.iter().cloned());
            ps.discard.extend(mon.energy.iter().cloned());
            ps.discard.extend(mon.tools.iter().cloned());
            return Some(Applied::info(sentence!(
                "{name} is discarded from play by its own rule"
            )));
        }
        if !self.effect_takes_from_hand() {
            self.may_have_left_play(p, name);
        }
        None
    }

    /// The current effect's text takes the cards it moves from the hand (and speaks of no
    /// Pokémon in play).
    fn effect_takes_from_hand(&self) -> bool {
        self.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower();
            (t.contains("from your hand") || t.contains("from their hand"))
                && !t.contains("in play")
                && !t.contains("benched pokémon")
                && !t.contains("benched pokemon")
        })
    }

    /// A line moved a card named like one of `p`'s Pokémon in play from a zone the log does not
    /// name: that Pokémon may have left play, so `p`'s Bench count is no longer sure.
    pub(super) fn may_have_left_play(&mut self, p: PlayerIdx, name: &str) {
        if !resolve::candidates(&self.state, p, name, None).is_empty() {
            self.state.players[p].bench_unsure = true;
        }
    }

    /// A line moving a Pokémon Tool out of play by an effect whose text takes "a Pokémon Tool
    /// attached to" a Pokémon (Lost Vacuum, Tool Scrapper): when exactly one Pokémon in play,
    /// on either side (the client may name either player), has a Tool of that name, the Tool
    /// leaves it. Several: the tracker cannot tell which, and keeps them.
    fn tool_leaves(&mut self, card: &CardRef) -> Option<Applied> {
        let name = card.name()?;
        let says_so = self.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower().replace('é', "e");
            t.contains("pokemon tool attached to") || t.contains("pokemon tools attached to")
        });
        if !says_so {
            return None;
        }
        let with: Vec<PokemonId> = self
            .state
            .players
            .iter()
            .flat_map(|p| p.in_play())
            .filter(|id| self.state.mon(*id).tools.iter().any(|t| t == name))
            .collect();
        let [id] = with.as_slice() else {
            return None;
        };
        let owner = self.state.mon(*id).owner;
        remove_one(&mut self.state.mon_mut(*id).tools, name);
        self.state.players[owner].lost_zone.push(Text::from(name));
        Some(Applied::info(sentence!(
            "{name} leaves {} (the only Pokémon in play with it)",
            self.state.mon(*id).name()
        )))
    }

    /// A discard line naming the Stadium in play: an effect that discards a Stadium in play
    /// takes it (the client names its owner or the acting player). When the effect's text does
    /// not speak of a Stadium in play, the card may be another copy from the hand: the Stadium
    /// may have left, and what depends on it is no longer sure. `lost`: it goes to the Lost
    /// Zone, not the discard pile.
    fn stadium_leaves(&mut self, card: &CardRef, lost: bool) -> Option<Applied> {
        let name = card.name()?;
        let stadium = self.state.stadium.as_ref().filter(|s| s.name == name)?;
        let owner = stadium.owner;
        let says_so = self.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower();
            t.contains("stadium in play")
                || t.contains("discard that stadium")
                || t.contains("stadium in play, discard it")
                || t.contains("discard any stadium")
        });
        let from_hand = self.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower();
            !t.contains("stadium")
                && (t.contains("from your hand") || t.contains("from their hand"))
        });
        if from_hand {
            return None;
        }
        if says_so {
            self.state.stadium = None;
            let zone = if lost {
                &mut self.state.players[owner].lost_zone
            } else {
                &mut self.state.players[owner].discard
            };
            zone.push(Text::from(name));
            return Some(Applied::info(sentence!(
                "{name}, the Stadium in play, leaves play by the effect"
            )));
        }
        if let Some(s) = self.state.stadium.as_mut() {
            s.unsure = true;
        }
        None
    }

    pub(super) fn shuffle_into(
        &mut self,
        player: &str,
        card: &CardRef,
        into: Destination,
    ) -> Applied {
        let Some(p) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        let n = card.count() as i32;
        let both = self
            .action
            .effect
            .as_ref()
            .is_some_and(|e| e.touches_both_players());
        if into != Destination::Deck || both {
            let empties = into == Destination::Deck
                && self
                    .action
                    .effect
                    .as_ref()
                    .is_some_and(|e| e.empties_both_hands());
            for ps in &mut self.state.players {
                ps.hand = if empties {
                    crate::engine::state::Count::exact(0)
                } else {
                    let mut h = ps.hand;
                    h.blur();
                    h
                };
                ps.deck.blur();
            }
            return Applied::default();
        }
        let zone = self
            .action
            .effect
            .as_ref()
            .and_then(|e| e.zone_for(Verb::ShuffleIntoDeck));
        self.state.players[p].deck.add(n);
        match zone {
            Some(Zone::Hand) => self.state.players[p].hand.add(-n),
            Some(Zone::Discard) | Some(Zone::InPlay) => {}
            _ => self.state.players[p].hand.blur(),
        }
        match card {
            CardRef::Named { card } => {
                if zone == Some(Zone::Discard) {
                    remove_one(&mut self.state.players[p].discard, &card.name);
                } else if zone != Some(Zone::Hand) {
                    self.may_have_left_play(p, &card.name);
                }
            }
            CardRef::Hidden { .. } => self.list = Some(ListUse::ShuffledIn(p, zone)),
        }
        Applied::default()
    }

    pub(super) fn put_in_deck(&mut self, player: &str, card: &CardRef) -> Applied {
        let Some(named) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        // After `- X shuffled their hand.`, the cards put on the deck are X's hand, whatever
        // name the client writes on this line.
        let shuffled = self
            .action
            .hand_shuffles
            .get(self.action.puts_seen)
            .copied();
        self.action.puts_seen += 1;
        let p = shuffled.unwrap_or(named);
        let n = card.count() as i32;
        self.state.players[p].deck.add(n);
        if shuffled.is_some() {
            self.state.players[p].hand.add(-n);
        } else {
            match self
                .action
                .effect
                .as_ref()
                .and_then(|e| e.zone_for(Verb::PutOnDeck))
            {
                Some(Zone::Hand) => self.state.players[p].hand.add(-n),
                _ => {
                    self.state.players[p].hand.blur();
                    self.state.players[p].deck.blur();
                    if let Some(name) = card.name() {
                        self.may_have_left_play(p, name);
                    }
                }
            }
        }
        Applied::default()
    }

    pub(super) fn move_card(
        &mut self,
        player: &str,
        owner: &str,
        card: &CardRef,
        to: Destination,
    ) -> Applied {
        let Some(mut p) = self.player(owner) else {
            return Applied::note(Note::unknown_player(owner));
        };
        let n = card.count() as i32;
        if to == Destination::Discard
            && let (Some(actor), Some(effect)) = (self.player(player), self.action.effect.as_ref())
        {
            // Milling: the client sometimes writes the acting player as the owner of the cards
            // it discards from the opponent's deck; the effect text says whose deck it is.
            let t = effect.lower();
            match (t.contains("opponent's deck"), t.contains("your deck")) {
                (true, false) => p = 1 - actor,
                (false, true) => p = actor,
                _ => {}
            }
        }
        match (to, card) {
            (Destination::Hand, CardRef::Named { card }) => {
                let in_play = resolve::candidates(&self.state, p, &card.name, None);
                let in_discard = self.state.players[p].discard.contains(&card.name);
                // An effect that takes cards from the Prize cards (Hisuian Heavy Ball) moves a
                // Prize card, not a Pokémon in play of the same name.
                let from_prizes = self
                    .action
                    .effect
                    .as_ref()
                    .is_some_and(|e| e.lower().contains("prize card"));
                if from_prizes {
                    self.state.players[p].hand.add(1);
                    return Applied::default();
                }
                if !in_discard && !in_play.is_empty() {
                    // A Pokémon put back into the hand from play (its attached cards are discarded).
                    let found =
                        resolve::pick(&self.state, &in_play, false, |m| -i64::from(m.damage));
                    self.mark_uncertain(&found);
                    if let Some(id) = found.id() {
                        self.state.remove_from_play(id);
                        let mon = self.state.mon(id).clone();
                        let ps = &mut self.state.players[p];
                        ps.discard.extend(mon.energy);
                        ps.discard.extend(mon.tools);
                        ps.discard.extend(
                            mon.stack[..mon.stack.len().saturating_sub(1)]
                                .iter()
                                .cloned(),
                        );
                    }
                } else {
                    remove_one(&mut self.state.players[p].discard, &card.name);
                }
                self.state.players[p].hand.add(1);
            }
            (Destination::Hand, CardRef::Hidden { .. }) => {
                self.state.players[p].hand.add(n);
                self.list = Some(ListUse::MovedTo(p, Destination::Hand));
            }
            (Destination::Discard, _) => {
                // Milling: cards from the top of the deck.
                self.state.players[p].deck.add(-n);
                match card {
                    CardRef::Named { card } => {
                        self.state.players[p].discard.push(card.name.clone())
                    }
                    CardRef::Hidden { .. } => self.list = Some(ListUse::Discarded(p)),
                }
            }
            (Destination::LostZone, _) => {
                if let Some(applied) = self
                    .tool_leaves(card)
                    .or_else(|| self.stadium_leaves(card, true))
                {
                    return applied;
                }
                self.state.players[p].hand.blur();
                self.state.players[p].deck.blur();
                match card {
                    CardRef::Named { card } => {
                        self.may_have_left_play(p, &card.name);
                        self.state.players[p].lost_zone.push(card.name.clone())
                    }
                    CardRef::Hidden { .. } => {
                        self.list = Some(ListUse::MovedTo(p, Destination::LostZone))
                    }
                }
            }
            (Destination::Active | Destination::Bench, CardRef::Named { card }) => {
                let pos = if to == Destination::Active {
                    Position::Active
                } else {
                    Position::Bench
                };
                self.state.put_card_into_play(p, card, pos);
                self.state.players[p].hand.blur();
                self.state.players[p].deck.blur();
            }
            _ => {
                self.state.players[p].hand.blur();
                self.state.players[p].deck.blur();
                if let Some(name) = card.name() {
                    self.may_have_left_play(p, name);
                }
            }
        }
        Applied::default()
    }

    /// The card list after a line: applied to the zone the line announced (a mulligan reveal
    /// changes nothing; the judges read it).
    pub(super) fn card_list(&mut self, cards: &[CardName]) -> Applied {
        let Some(use_) = self.list.take() else {
            return Applied::default();
        };
        match use_ {
            ListUse::Ignore | ListUse::MulliganReveal(_) => {}
            ListUse::BenchFromDeck(p) => {
                for c in cards {
                    self.state.put_card_into_play(p, c, Position::Bench);
                }
            }
            ListUse::Discarded(p) => {
                self.state.players[p]
                    .discard
                    .extend(cards.iter().map(|c| c.name.clone()));
            }
            ListUse::DiscardedFrom(id) => {
                let p = self.state.mon(id).owner;
                for c in cards {
                    self.take_attached_or_sibling(id, &c.name);
                    self.state.players[p].discard.push(c.name.clone());
                }
            }
            ListUse::ShuffledIn(p, zone) => {
                if zone == Some(Zone::Discard) {
                    for c in cards {
                        remove_one(&mut self.state.players[p].discard, &c.name);
                    }
                } else if zone.is_none() {
                    // From a zone the text does not name: they may have left the discard pile.
                    self.state.players[p].discard_unsure = true;
                }
                self.remove_shuffled_user(p, cards);
            }
            ListUse::MovedTo(p, Destination::Hand) => {
                for c in cards {
                    remove_one(&mut self.state.players[p].discard, &c.name);
                }
            }
            ListUse::MovedTo(p, Destination::LostZone) => {
                self.state.players[p]
                    .lost_zone
                    .extend(cards.iter().map(|c| c.name.clone()));
            }
            ListUse::MovedTo(..) => {}
        }
        Applied::default()
    }

    /// An Ability that shuffles its own Pokémon into the deck (its stack is in the list): the
    /// Pokémon leaves play.
    fn remove_shuffled_user(&mut self, p: PlayerIdx, cards: &[CardName]) {
        let Source::Ability(Some(id), _) = self.action.source else {
            return;
        };
        if self.state.mon(id).owner != p || self.state.position(id).is_none() {
            return;
        }
        let mon = self.state.mon(id);
        let mut listed: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
        let all_listed = mon.stack.iter().all(|s| {
            if let Some(i) = listed.iter().position(|l| l == s) {
                listed.remove(i);
                true
            } else {
                false
            }
        });
        if all_listed {
            self.state.remove_from_play(id);
        }
    }
}
