//! Turn-structure checks: the draw that begins a turn, one Energy, one Supporter, one Stadium,
//! one retreat (and its cost), the Bench limit, the first player's first turn, and attacking
//! ending the turn.

use crate::log::{CardRef, Depth, Event, Text};

use super::super::cardinfo::CardKind;
use super::super::edition::RuleEdition;
use super::super::facts;
use super::super::state::{PlayerIdx, PokemonId};
use super::super::verdict::Step;
use super::Replay;

impl Replay<'_> {
    /// Whether this player is on the first turn of the player who went first.
    pub(super) fn first_players_first_turn(&self, p: PlayerIdx) -> bool {
        self.tracker.state.first_player == Some(p) && self.tracker.state.players[p].turns_taken == 1
    }

    pub(super) fn check_supporter(&self, p: PlayerIdx, card: &str, kind: CardKind) -> Step {
        let name = &self.tracker.state.players[p].name;
        match kind {
            CardKind::Supporter => {}
            CardKind::Unknown => {
                return Step::cannot_check(
                    "turn.supporter-once",
                    format!(
                        "cannot tell whether {card} is a Supporter: it is not in the card data"
                    ),
                );
            }
            _ => return Step::info(""),
        }
        let mut parts = Vec::new();
        if self.first_players_first_turn(p) && self.tracker.edition.no_supporter_on_first_turn() {
            parts.push(Step::violation(
                "turn.supporter-first-turn",
                format!("{name} plays {card}, a Supporter, on the first turn of the player who went first"),
            ));
        }
        if self.tracker.state.counters.supporters > 1 {
            parts.push(Step::violation(
                "turn.supporter-once",
                format!("{name} plays a second Supporter this turn ({card}); one per turn"),
            ));
        } else {
            parts.push(Step::ok(
                "turn.supporter-once",
                format!("{card} is {name}'s first Supporter this turn"),
            ));
        }
        Step::combine(parts)
    }

    pub(super) fn check_stadium(&self, p: PlayerIdx, card: &str) -> Step {
        let name = &self.tracker.state.players[p].name;
        let mut parts = Vec::new();
        if self.tracker.state.counters.stadiums > 0 {
            parts.push(Step::violation(
                "turn.stadium-once",
                format!("{name} plays a second Stadium this turn ({card}); one per turn"),
            ));
        } else {
            parts.push(Step::ok(
                "turn.stadium-once",
                format!("{card} is {name}'s first Stadium this turn"),
            ));
        }
        if self
            .tracker
            .state
            .stadium
            .as_ref()
            .is_some_and(|s| s.name == card)
        {
            parts.push(Step::violation(
                "turn.stadium-same-name",
                format!("{card} is already the Stadium in play; a Stadium with the same name cannot be played"),
            ));
        }
        Step::combine(parts)
    }

    pub(super) fn check_energy_attach(&self, p: PlayerIdx, card: &str) -> Step {
        let name = &self.tracker.state.players[p].name;
        if self.tracker.state.counters.energy_attached > 1 {
            Step::violation(
                "turn.energy-attach-once",
                format!(
                    "{name} attaches a second Energy from the hand this turn ({card}); one per turn"
                ),
            )
        } else {
            Step::ok(
                "turn.energy-attach-once",
                format!("{name}'s Energy attachment for the turn"),
            )
        }
    }

    /// A Tool attached to the Pokémon a line names (any of them, when several fit).
    pub(super) fn check_tool_on(&self, found: &super::super::resolve::Found, card: &str) -> Step {
        use super::super::resolve::Found;
        match found {
            Found::One(id) => self.check_tool(*id, card),
            Found::Ambiguous(_, all) => {
                let steps: Vec<Step> = all.iter().map(|id| self.check_tool(*id, card)).collect();
                if steps
                    .iter()
                    .all(|s| s.verdict == super::super::verdict::Verdict::Violation)
                {
                    Step::combine(steps)
                } else if steps
                    .iter()
                    .all(|s| s.verdict == super::super::verdict::Verdict::Ok)
                {
                    Step::ok("trainer.tool", "no Pokémon of that name had a Tool")
                } else {
                    Step::cannot_check(
                        "trainer.tool",
                        "several Pokémon fit this line and only some already have a Tool",
                    )
                }
            }
            Found::None => Step::info(""),
        }
    }

    pub(super) fn check_tool(&self, target: PokemonId, card: &str) -> Step {
        let mon = self.tracker.state.mon(target);
        if let Some(existing) = mon.tools.first() {
            let names = self.cards_in_play(None);
            if let Some(why) = self.may_change(&names, &["pokémon tool"]) {
                return Step::cannot_check(
                    "trainer.tool",
                    format!(
                        "{} already has {existing}; a second Tool may be allowed: {why}",
                        mon.name()
                    ),
                );
            }
            return Step::violation(
                "trainer.tool",
                format!(
                    "{} already has a Pokémon Tool ({existing}); {card} cannot be attached too",
                    mon.name()
                ),
            );
        }
        Step::ok(
            "trainer.tool",
            format!("{} had no Pokémon Tool", mon.name()),
        )
    }

    /// Retreating: once per turn, not while Asleep or Paralyzed, paying the Retreat Cost with
    /// the Energy the lines after it discard.
    pub(super) fn check_retreat(&self, index: usize, p: PlayerIdx, id: PokemonId) -> Step {
        use crate::log::Condition::{Asleep, Paralyzed};
        let mon = self.tracker.state.mon(id);
        let pname = &self.tracker.state.players[p].name;
        let mut parts = Vec::new();
        if self.tracker.state.counters.retreats > 0 {
            parts.push(Step::violation(
                "turn.retreat-once",
                format!("{pname} retreats a second time this turn; one retreat per turn"),
            ));
        } else {
            parts.push(Step::ok(
                "turn.retreat-once",
                format!("{pname}'s retreat for the turn"),
            ));
        }
        for c in [Asleep, Paralyzed] {
            if mon.has(c) {
                parts.push(Step::violation(
                    "retreat.asleep-paralyzed",
                    format!("{} is {} and cannot retreat", mon.name(), c.as_str()),
                ));
            }
        }
        parts.push(self.check_retreat_cost(index, id));
        Step::combine(parts)
    }

    fn check_retreat_cost(&self, index: usize, id: PokemonId) -> Step {
        let mon = self.tracker.state.mon(id);
        let cost = match self.prints_of(id).and_then(|p| facts::retreat_cost(&p)) {
            Ok(c) => c,
            Err(why) => {
                return Step::cannot_check("retreat.cost", format!("Retreat Cost unknown: {why}"));
            }
        };
        // The Energy discarded by the sub-lines right after the retreat.
        let mut discarded: Vec<Text> = Vec::new();
        let mut pending_list = false;
        for line in self.tracker.lines.log.lines.iter().skip(index + 1) {
            if line.depth == Depth::Top {
                break;
            }
            match &line.event {
                Event::DiscardFromPokemon { pokemon, card, .. } if pokemon.name == mon.name() => {
                    match card {
                        CardRef::Named { card } => discarded.push(card.name.clone()),
                        CardRef::Hidden { .. } => pending_list = true,
                    }
                }
                Event::CardList { cards } if pending_list => {
                    discarded.extend(cards.iter().map(|c| c.name.clone()));
                    pending_list = false;
                }
                _ => {}
            }
        }
        let mut paid = 0u32;
        for name in &discarded {
            match facts::energy_provision(self.db(), name) {
                Ok(p) => paid += p.count,
                Err(_) if !name.contains("Energy") => {}
                Err(why) => {
                    return Step::cannot_check(
                        "retreat.cost",
                        format!("cannot count the Energy paid: {why}"),
                    );
                }
            }
        }
        let cost = cost as u32;
        if paid >= cost {
            return Step::ok(
                "retreat.cost",
                format!("Retreat Cost {cost} paid with {paid} Energy discarded"),
            );
        }
        let names = self.cards_in_play(None);
        if let Some(why) = self.may_change(&names, &["retreat"]) {
            return Step::cannot_check(
                "retreat.cost",
                format!(
                    "{paid} Energy discarded for a Retreat Cost of {cost}, but a card may change the cost: {why}"
                ),
            );
        }
        Step::violation(
            "retreat.cost",
            format!(
                "{} has a Retreat Cost of {cost} but only {paid} Energy was discarded to retreat it",
                mon.name()
            ),
        )
    }

    /// At most 5 Benched Pokémon, unless a card in play changes the limit.
    pub(super) fn check_bench(&self, p: PlayerIdx) -> Option<Step> {
        let bench = self.tracker.state.players[p].bench.len();
        let name = &self.tracker.state.players[p].name;
        if bench <= 5 {
            return None;
        }
        // The limit is changed by Stadiums (Sky Field, Area Zero Underdepths): an unknown Stadium
        // raises a doubt. In the whole card pool a single Ability does it (Eternatus VMAX), so
        // other cards raise one only when their known text says so.
        const PHRASES: &[&str] = &[
            "pokémon on your bench",
            "pokémon on their bench",
            "on his or her bench",
        ];
        let mut doubtful: Vec<Text> = Vec::new();
        if let Some(s) = &self.tracker.state.stadium {
            doubtful.push(s.name.clone());
        }
        let everything = self.cards_in_play(None);
        if let Some(why) = self
            .may_change(&doubtful, PHRASES)
            .or_else(|| self.may_change_known(&everything, PHRASES))
        {
            return Some(Step::cannot_check(
                "turn.bench-limit",
                format!("{name} has {bench} Benched Pokémon; the limit of 5 may be changed: {why}"),
            ));
        }
        Some(Step::violation(
            "turn.bench-limit",
            format!("{name} now has {bench} Pokémon on the Bench; the limit is 5"),
        ))
    }

    /// The turn begins with a draw; a player who cannot draw then loses.
    pub(super) fn check_turn_draw(&mut self, event: &Event, depth: Depth) -> Option<Step> {
        let p = self.tracker.expect_draw?;
        if depth != Depth::Top {
            return None;
        }
        let name = self.tracker.state.players[p].name.clone();
        match event {
            Event::Drew { player, .. } if self.player(player) == Some(p) => {
                self.tracker.expect_draw = None;
                Some(Step::ok("turn.draw", format!("{name} draws for the turn")))
            }
            Event::GameEnd { .. } | Event::GameDrawn | Event::Blank => None,
            e if super::hints::actor(e).is_some()
                || matches!(e, Event::TurnHeader { .. } | Event::CheckupHeader) =>
            {
                self.tracker.expect_draw = None;
                let deck = self.tracker.state.players[p].deck;
                Some(match deck.known() {
                    Some(0) => Step::violation(
                        "win.deck-out",
                        format!(
                            "{name} has no card to draw at the start of the turn and so loses, but the game goes on"
                        ),
                    ),
                    Some(n) => Step::violation(
                        "turn.draw",
                        format!(
                            "{name} does not draw at the start of the turn ({n} cards in the deck)"
                        ),
                    ),
                    None => Step::cannot_check(
                        "turn.draw",
                        format!(
                            "no draw is shown at the start of {name}'s turn, and the deck size is not known"
                        ),
                    ),
                })
            }
            _ => None,
        }
    }

    /// After the turn's attack, the attacking player takes no more actions.
    pub(super) fn check_after_attack(&self, event: &Event, p: PlayerIdx) -> Option<Step> {
        let attacker = self.tracker.state.counters.attacked_by?;
        if attacker != p || self.tracker.state.phase != super::super::state::Phase::Turn {
            return None;
        }
        let name = &self.tracker.state.players[p].name;
        if let Event::Use {
            pokemon,
            name: what,
            ..
        } = event
        {
            // An Ability may let the Pokémon attack again (the client logs the second attack
            // under it).
            return Some(match self.tracker.cards.info.use_of(&pokemon.name, what) {
                Some((super::super::cardinfo::UseKind::Ability, text))
                    if !text.text.to_lowercase().contains("attack") =>
                {
                    Step::violation(
                        "turn.attack-ends-turn",
                        format!("{name} uses {what} after attacking; attacking ends the turn"),
                    )
                }
                Some(_) => return None,
                None => Step::cannot_check(
                    "turn.attack-ends-turn",
                    format!(
                        "{name} uses {what} after attacking; the card data does not say whether it allows that"
                    ),
                ),
            });
        }
        Some(Step::violation(
            "turn.attack-ends-turn",
            format!("{name} keeps playing after attacking this turn; attacking ends the turn"),
        ))
    }
}

impl RuleEdition {
    /// The player who goes first may not play a Supporter on their first turn (Scarlet & Violet
    /// p.12; Sword & Shield; HeartGold & SoulSilver forbids every Trainer then; the classic rules
    /// from EX FireRed & LeafGreen on). The 2018 Advanced Players' Rulebook states no such ban.
    pub fn no_supporter_on_first_turn(self) -> bool {
        !matches!(self, RuleEdition::Apr2018)
    }

    /// The player who goes first may not attack on their first turn (Scarlet & Violet p.13,
    /// Sword & Shield, implied by the 2018 Advanced Players' Rulebook E-27); HeartGold &
    /// SoulSilver and the classic rules allow it.
    pub fn no_attack_on_first_turn(self) -> bool {
        !matches!(
            self,
            RuleEdition::Classic | RuleEdition::HeartGoldSoulSilver
        )
    }

    /// The player who goes first draws on their first turn (not under the classic rules from
    /// EX Ruby & Sapphire on).
    pub fn first_player_draws(self) -> bool {
        self != RuleEdition::Classic
    }
}
