//! What a line refers to, read from the state before it is applied: the player it names, the
//! Pokémon it means (the client's possessives are not trusted blindly; among several Pokémon of
//! one name the tracker picks the likeliest and says when it could not tell), how a `played`
//! or `used` line is read. Nothing here changes the state.

use crate::log::{CardName, Depth, Event, LogLine, Spot, Text};

use super::super::super::cardinfo::{CardKind, UseKind};
use super::super::super::resolve::{self, Claim, Found};
use super::super::super::state::{PlayerIdx, PokemonId, Position};
use super::super::roles::Role;
use super::Tracker;
use super::records::{Note, Played, Resolved};

impl Tracker<'_> {
    /// The Pokémon in play of player `p` that a card name of a line may mean: by name, and by
    /// the card id the log gives when it tells them apart.
    fn named_candidates(&self, p: PlayerIdx, card: &CardName) -> resolve::Named {
        resolve::narrow_by_id(
            &self.state,
            resolve::named_in_play(&self.state, p, &card.name, None),
            card.id.as_deref(),
        )
    }

    /// What line `index` refers to, for the judges that run before it is applied and for
    /// [`Tracker::apply`].
    pub fn resolve(&self, index: usize, line: &LogLine) -> Option<Resolved> {
        let sub = line.depth != Depth::Top;
        Some(match &line.event {
            Event::OpeningHand { player, .. }
            | Event::MulliganExtraDraw { player, .. }
            | Event::PlayToActive { player, .. }
            | Event::PlayToBench { player, .. }
            | Event::PlayToStadium { player, .. }
            | Event::DrewAndPlayed { player, .. }
            | Event::TookPrizes { player, .. } => self.named_player(player),
            Event::PlayCard { player, card } => self.resolve_played(player, card),
            Event::Attach {
                player,
                card,
                target,
                spot,
            } => self.resolve_attach(player, card, target, *spot),
            Event::Evolve {
                player, from, spot, ..
            } => self.resolve_evolve(player, from, *spot, sub),
            Event::Retreat { player, card } => self.resolve_retreat(player, card),
            Event::Promote { player, card } => self.resolve_promote(player, card),
            Event::Use {
                player,
                pokemon,
                name,
            } => self.resolve_use(index, player, pokemon, name),
            Event::Attack(a) => {
                self.resolve_attack(&a.player, &a.pokemon, &a.target_owner, &a.target)
            }
            Event::TookDamage { owner, pokemon, .. } => {
                self.resolve_took_damage(index, owner, pokemon)
            }
            Event::KnockOut { owner, pokemon } => self.resolve_knock_out(owner, pokemon),
            // The possessives of these lines are unreliable: every Pokémon of the name, on
            // either side, may be the one meant (for the effects that may reach it).
            Event::PutCounters { target, .. } => self.any_named(&[target]),
            Event::MoveCounters(m) => self.any_named(&[&m.from, &m.to]),
            Event::CardList { .. } => Resolved {
                list: self.list.clone(),
                ..Resolved::default()
            },
            _ => return None,
        })
    }

    /// Every Pokémon in play, on either side, with one of these names.
    fn any_named(&self, names: &[&CardName]) -> Resolved {
        let candidates = self
            .state
            .players
            .iter()
            .flat_map(|p| p.in_play())
            .filter(|id| names.iter().any(|n| self.state.mon(*id).name() == n.name))
            .collect();
        Resolved {
            candidates,
            ..Resolved::default()
        }
    }

    /// The player a line names; the line cannot be followed when it is not one of the two.
    fn named_player(&self, player: &str) -> Resolved {
        match self.player(player) {
            Some(p) => Resolved {
                player: Some(p),
                ..Resolved::default()
            },
            None => Resolved::lost(Note::unknown_player(player)),
        }
    }

    /// `X played Y.`: the Stadium in play used, an Ability the client writes that way, or a
    /// Trainer card from the hand.
    fn resolve_played(&self, player: &str, card: &CardName) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        let name = card.name.as_str();
        r.played = Some(
            if self.state.stadium.as_ref().is_some_and(|s| s.name == name) {
                Played::StadiumEffect
            } else {
                let kind = self.cards.kind(name);
                let in_play = resolve::named_in_play(&self.state, p, name, None);
                if !in_play.is_empty() && matches!(kind, CardKind::Pokemon | CardKind::Unknown) {
                    Played::Ability(in_play.first().copied())
                } else {
                    Played::Trainer(kind)
                }
            },
        );
        r
    }

    fn resolve_attach(
        &self,
        player: &str,
        card: &CardName,
        target: &CardName,
        spot: Spot,
    ) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        let (found, _) = resolve::owned(
            &self.state,
            Some(p),
            &target.name,
            position(spot),
            Claim::Trusted,
            Some(p),
        );
        // Of several Pokémon of that name, players pile Energy on the one already powered up
        // (a guess: all of them are marked uncertain).
        let found = match found {
            Found::Ambiguous(_, all) => {
                let all = resolve::narrow_by_id(&self.state, all, target.id.as_deref());
                if all.len() == 1 {
                    return Resolved {
                        pokemon: Found::One(all[0]),
                        tool: self.is_tool(card),
                        ..r
                    };
                }
                let found = resolve::pick(&self.state, &all, false, |m| m.energy.len() as i64);
                r.uncertain = all;
                found
            }
            f => f,
        };
        if found.id().is_none() {
            return Resolved::lost(Note::not_in_play(player, &target.name));
        }
        r.tool = self.is_tool(card);
        r.pokemon = found;
        r
    }

    /// An attached card is a Pokémon Tool (else Energy).
    fn is_tool(&self, card: &CardName) -> bool {
        match self.cards.kind(&card.name) {
            CardKind::Tool => true,
            CardKind::Energy => false,
            _ => !card.name.ends_with("Energy"),
        }
    }

    fn resolve_evolve(&self, player: &str, from: &CardName, spot: Spot, sub: bool) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        let turn = self.state.turn;
        let candidates = resolve::narrow_by_id(
            &self.state,
            resolve::candidates(&self.state, p, &from.name, position(spot)),
            from.id.as_deref(),
        );
        // Of several Pokémon that may evolve, players evolve the one they have powered up.
        let found = resolve::pick(&self.state, &candidates, false, |m| {
            i64::from(m.entered_turn < turn && m.evolved_turn != Some(turn)) * 100
                + m.energy.len() as i64
        });
        if found.id().is_none() {
            return Resolved::lost(Note::not_in_play(player, &from.name));
        }
        // Of several Pokémon that differ, the pick is a guess (the likeliest, not the proven
        // one): what is tracked on each of them becomes uncertain.
        if candidates.len() > 1 && !resolve::all_alike(&self.state, &candidates) {
            r.uncertain = candidates.clone();
        }
        r.candidates = candidates;
        r.pokemon = found;
        r.effect = if sub {
            self.action.effect.clone()
        } else {
            None
        };
        r
    }

    /// The Active Pokémon retreats; a retreat line naming another Pokémon is followed (the
    /// Active one goes to the Bench) but not judged.
    fn resolve_retreat(&self, player: &str, card: &CardName) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        let Some(id) = self.state.players[p].active else {
            r.lost = Some(Note::Unsure(sentence!(
                "{player} has no Active Pokémon to retreat"
            )));
            return r;
        };
        r.pokemon = Found::One(id);
        let actual = self.state.mon(id).name();
        if actual != card.name {
            r.lost = Some(Note::Unsure(sentence!(
                "the log retreats {} but the Active Pokémon tracked is {actual}",
                card.name
            )));
        }
        r
    }

    fn resolve_promote(&self, player: &str, card: &CardName) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        // The Pokémon that just retreated is not the one that replaces it.
        let not_retreated = |ids: Vec<PokemonId>| -> Vec<PokemonId> {
            let others: Vec<PokemonId> = ids
                .iter()
                .copied()
                .filter(|id| Some(*id) != self.retreated)
                .collect();
            if others.is_empty() { ids } else { others }
        };
        // Of several Benched Pokémon of that name, players promote the one they have powered up.
        // (Looked up once: the card id narrows the pick, not the list of those it may be.)
        let named = resolve::named_in_play(&self.state, p, &card.name, None);
        let found = resolve::pick(
            &self.state,
            &not_retreated(
                resolve::narrow_by_id(&self.state, named.clone(), card.id.as_deref()).into_vec(),
            ),
            true,
            |m| m.energy.len() as i64,
        );
        if found.id().is_none() {
            return Resolved::lost(Note::not_in_play(player, &card.name));
        }
        let benched: Vec<_> = not_retreated(named.into_vec());
        if let Found::Ambiguous(_, all) = &found {
            r.uncertain = all.clone();
        } else if benched.len() > 1 && !resolve::all_alike(&self.state, &benched) {
            r.uncertain = benched;
        }
        r.pokemon = found;
        r
    }

    /// `X's Y used Z.`: an attack or an Ability (the card data says; else an attack when the
    /// turn ends after it). A user not in play is followed (the attack counts) but not judged.
    fn resolve_use(&self, index: usize, player: &str, pokemon: &CardName, name: &str) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        // Among Pokémon of one name, the one a Tool gives the Ability or attack to, else one
        // seen using it before.
        let found = resolve::pick(&self.state, &self.named_candidates(p, pokemon), true, |m| {
            if self.tool_grants(m, name) {
                2
            } else {
                i64::from(m.uses.iter().any(|u| u == name))
            }
        });
        // Not on the Pokémon's own card: an attack or Ability a Tool attached to it gives (a
        // Technical Machine), with the Tool's text.
        let granted = || {
            let id = found.id()?;
            self.state
                .mon(id)
                .tools
                .iter()
                .find_map(|tool| self.cards.use_effect(tool, name))
        };
        let (kind, effect) = match self.cards.use_effect(&pokemon.name, name).or_else(granted) {
            Some((k, e)) => (k, Some(e)),
            None if self
                .lines
                .hints
                .ends_turn
                .get(index)
                .copied()
                .unwrap_or(false) =>
            {
                (UseKind::Attack, None)
            }
            None => (UseKind::Ability, None),
        };
        // A report (the player who is not acting, or an Ability acting on its own) is never
        // that player's attack.
        let kind = if self.lines.role(index) == Role::Report {
            UseKind::Ability
        } else {
            kind
        };
        if found.id().is_none() {
            r.lost = Some(Note::not_in_play(player, &pokemon.name));
        }
        r.pokemon = found;
        r.use_kind = Some(kind);
        r.effect = effect;
        r
    }

    fn resolve_attack(
        &self,
        player: &str,
        pokemon: &CardName,
        target_owner: &Text,
        target: &CardName,
    ) -> Resolved {
        let mut r = self.named_player(player);
        let Some(p) = r.player else { return r };
        r.attacker = resolve::pick(&self.state, &self.named_candidates(p, pokemon), true, |_| 0);
        // An attack's target is the opponent's: a line naming the attacker's own side for it
        // (the 2026 client does in some languages) is not trusted when both sides have a
        // Pokémon of that name.
        let named = self.player(target_owner);
        let claim = if named == Some(p) {
            Claim::Doubtful
        } else {
            Claim::Trusted
        };
        r.pokemon = resolve::owned(&self.state, named, &target.name, None, claim, Some(1 - p)).0;
        r
    }

    fn resolve_took_damage(&self, index: usize, owner: &str, pokemon: &CardName) -> Resolved {
        let prefer = self.action.player.map(|p| 1 - p);
        let named = self.player(owner);
        // As for an attack's target: the acting player named as the owner is not trusted.
        let claim = if named.is_some() && named == self.action.player {
            Claim::Doubtful
        } else {
            Claim::Trusted
        };
        let (found, _) = resolve::owned(&self.state, named, &pokemon.name, None, claim, prefer);
        let found = self.spread_target(found);
        let found = self.one_hit_each(index, found, &pokemon.name);
        if found.id().is_none() {
            return Resolved::lost(Note::not_in_play(owner, &pokemon.name));
        }
        Resolved {
            pokemon: found,
            ..Resolved::default()
        }
    }

    fn resolve_knock_out(&self, owner: &str, pokemon: &CardName) -> Resolved {
        let (found, who) = resolve::owned(
            &self.state,
            self.player(owner),
            &pokemon.name,
            None,
            Claim::Trusted,
            None,
        );
        let mut found = self.knock_out_target(found, who, &pokemon.name);
        let mut who = who;
        // The owner written wrong (both players have a Pokémon of that name): when none of the
        // named owner's has reached its HP and one of the other player's has, it is that one.
        if let Some(w) = who
            && found.id().is_some_and(|id| !self.at_hp(id))
        {
            let other = resolve::candidates(&self.state, 1 - w, &pokemon.name, None);
            let lethal: Vec<PokemonId> = other.into_iter().filter(|id| self.at_hp(*id)).collect();
            if !lethal.is_empty() {
                found = resolve::pick(&self.state, &lethal, true, |m| i64::from(m.damage));
                who = Some(1 - w);
            }
        }
        if found.id().is_none() {
            return Resolved::lost(Note::not_in_play(owner, &pokemon.name));
        }
        Resolved {
            player: who,
            pokemon: found,
            ..Resolved::default()
        }
    }
}

fn position(spot: Spot) -> Option<Position> {
    match spot {
        Spot::Active => Some(Position::Active),
        Spot::Bench => Some(Position::Bench),
        Spot::Unspecified => None,
    }
}
