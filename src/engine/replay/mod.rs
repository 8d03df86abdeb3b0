//! The replay: a fold of the log's events over the [`GameState`]. Each line gives one [`Step`].

use crate::cards::CardDb;
use crate::log::{
    CardName, CardRef, Condition, Depth, Destination, Event, LogLine, OncePerGame, ParsedLog, Spot,
    Text,
};

use super::cardinfo::{CardKind, UseKind};
use super::edition::RuleEdition;
use super::effect::{Verb, Zone};
use super::hints;
use super::resolve::{self, Claim, Found};
use super::state::{
    Count, GameState, Phase, PlayerIdx, PokemonId, Position, Stadium, TurnCounters,
};
use super::verdict::Step;

mod card_facts;

mod judges;
mod log_view;
mod tracker;

use judges::Judging;
use log_view::{is_boundary, starts_player_action};
use tracker::records::{Played, Resolved};
use tracker::{Action, AmbiguousHit, KnockedOut, ListUse, Source, Tracker};

/// The replay of one log.
pub struct Replay<'a> {
    tracker: Tracker<'a>,
    next: usize,
}

/// A step with the turn it happened in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRecord {
    pub step: Step,
    /// Turns begun when the line was read (0 during setup).
    pub turn: u32,
    /// The player whose turn it was, if any.
    pub to_move: Option<PlayerIdx>,
}

/// Everything a finished replay produces.
#[derive(Debug, Clone)]
pub struct ReplayResult {
    pub steps: Vec<StepRecord>,
    pub state: GameState,
    pub log_owner: Option<PlayerIdx>,
}

impl<'a> Replay<'a> {
    pub fn new(log: &'a ParsedLog, cards: Option<&'a CardDb>, edition: RuleEdition) -> Replay<'a> {
        Replay {
            tracker: Tracker::new(log, cards, edition),
            next: 0,
        }
    }

    /// Replay a whole log.
    pub fn run(
        log: &'a ParsedLog,
        cards: Option<&'a CardDb>,
        edition: RuleEdition,
    ) -> ReplayResult {
        let mut replay = Replay::new(log, cards, edition);
        let mut steps = Vec::with_capacity(log.lines.len());
        while let Some(step) = replay.next_step() {
            steps.push(StepRecord {
                step,
                turn: replay.tracker.state.turn,
                to_move: replay.tracker.state.to_move,
            });
        }
        ReplayResult {
            steps,
            log_owner: replay.tracker.log_owner,
            state: replay.tracker.state,
        }
    }

    /// The state after the first `lines` lines.
    pub fn state_after(
        log: &'a ParsedLog,
        cards: Option<&'a CardDb>,
        edition: RuleEdition,
        lines: usize,
    ) -> GameState {
        let mut replay = Replay::new(log, cards, edition);
        while replay.next < lines && replay.next_step().is_some() {}
        replay.tracker.state
    }

    pub fn state(&self) -> &GameState {
        &self.tracker.state
    }

    pub fn edition(&self) -> RuleEdition {
        self.tracker.edition
    }

    pub fn log_owner(&self) -> Option<PlayerIdx> {
        self.tracker.log_owner
    }

    /// What the judges may read about the current line.
    fn judging<'j>(&'j self, resolved: &'j Resolved) -> Judging<'j, 'a> {
        let index = self.next - 1;
        Judging::new(
            &self.tracker,
            index,
            &self.tracker.lines.log.lines[index],
            resolved,
            None,
        )
    }

    /// Apply the next line; `None` after the last.
    pub fn next_step(&mut self) -> Option<Step> {
        let index = self.next;
        let line = self.tracker.lines.log.lines.get(index)?;
        self.next += 1;
        Some(self.apply(index, line))
    }

    fn apply(&mut self, index: usize, line: &LogLine) -> Step {
        let top = line.depth == Depth::Top;
        let boundary = top && is_boundary(&line.event);
        let mut parts = Vec::new();
        if boundary {
            parts.extend(judges::close_window(&self.judging(&Resolved::default())));
            self.tracker.window.knock_outs.clear();
            self.tracker.window.ambiguous_hits.clear();
            self.tracker.window.prizes = [0; 2];
            self.tracker.window.promotions = 0;
        }
        if let Some(s) = judges::turn_limits::turn_draw(&self.judging(&Resolved::default())) {
            parts.push(s);
        }
        self.tracker.note_turn_draw(&line.event, line.depth);
        if top
            && starts_player_action(&line.event)
            && !matches!(line.event, Event::TurnHeader { .. } | Event::EndTurn { .. })
            && hints::actor(&line.event)
                .and_then(|n| self.player(n))
                .is_some()
        {
            if let Some(s) =
                judges::turn_limits::attack_ends_turn(&self.judging(&Resolved::default()))
            {
                parts.push(s);
            }
            if let Some(s) = judges::winning::game_over(&self.judging(&Resolved::default())) {
                parts.push(s);
            }
        }
        if self.tracker.state.phase == Phase::Checkup {
            if let Some(s) = judges::checkup::checkup_line(&self.judging(&Resolved::default())) {
                parts.push(s);
            }
            self.tracker.advance_checkup(index, &line.event, line.depth);
        }
        // Where Knock Outs are resolved (Prize cards, discards, promotions), a Pokémon whose
        // damage reached its HP must be Knocked Out in this window.
        if matches!(
            line.event,
            Event::TookPrizes { .. }
                | Event::AddedToHand { .. }
                | Event::DiscardFromPokemon { .. }
                | Event::Promote { .. }
                | Event::Activated { .. }
        ) && let Some(s) =
            judges::knockout::missing_knock_outs(&self.judging(&Resolved::default()), index, None)
        {
            parts.push(s);
        }
        parts.push(self.handle(index, line));
        if boundary {
            self.tracker.window.source = Some(self.tracker.action.source.clone());
        }
        Step::combine(parts)
    }

    fn handle(&mut self, index: usize, line: &LogLine) -> Step {
        if line.depth == Depth::Top && !matches!(line.event, Event::Blank | Event::CardList { .. })
        {
            self.settle_extra_draws();
        }
        if !matches!(line.event, Event::CardList { .. } | Event::Blank) {
            self.tracker.list = None;
        }
        if line.depth == Depth::Top && starts_player_action(&line.event) {
            self.tracker.knocked_out.clear();
        }
        if line.depth == Depth::Top {
            self.tracker.action = Action::default();
            if is_boundary(&line.event) {
                self.tracker.damaged_this_action.clear();
            }
        }
        let sub = line.depth != Depth::Top;
        match &line.event {
            Event::Blank => Step::info(""),
            Event::Unparsed { why } => {
                Step::unparsed(format!("{why}; the line is kept as written"))
            }
            Event::SetupHeader => self.setup(),
            Event::CheckupHeader => {
                self.tracker.state.phase = Phase::Checkup;
                self.tracker.checkup = tracker::CheckupProgress::default();
                Step::info("Pokémon Checkup")
            }
            Event::TurnHeader { player, .. } => self.begin_turn(index, player.as_deref()),
            Event::CoinChoice { player, face } => {
                Step::info(format!("{player} calls {face:?} for the opening coin flip"))
            }
            Event::CoinTossWon { player } => Step::info(format!("{player} wins the coin toss")),
            Event::TurnOrderChosen { player, first } => self.turn_order(player, *first),
            Event::OpeningHand { player, count } => self.opening_hand(player, *count),
            Event::DrawnCards { .. } => {
                self.tracker.list = Some(ListUse::Ignore);
                Step::info("")
            }
            Event::MulliganReveal { .. } => {
                self.tracker.list = Some(match self.tracker.mulligan_player {
                    Some(p) => ListUse::MulliganReveal(p),
                    None => ListUse::Ignore,
                });
                Step::info("")
            }
            Event::Mulligan { player, count } => self.mulligan(player, *count),
            Event::MulliganExtraDraw { player, count, .. } => {
                let Some(p) = self.player(player) else {
                    return unknown_player(player);
                };
                self.tracker.extra_draws = Some((p, *count));
                self.tracker.action.source = Source::MulliganDraw;
                self.tracker.action.player = Some(p);
                judges::setup::mulligan_extra_draw(&self.judging(&Resolved {
                    player: Some(p),
                    ..Default::default()
                }))
            }
            Event::PlayToActive { player, card } => {
                self.play_pokemon(player, card, Position::Active, sub)
            }
            Event::PlayToBench { player, card } => {
                self.play_pokemon(player, card, Position::Bench, sub)
            }
            Event::PlayToStadium { player, card } => self.play_stadium(player, card, sub),
            Event::PlayCard { player, card } => self.play_card(player, card),
            Event::Drew { player, card } => self.drew(player, card, sub),
            Event::DrewAndPlayed { player, card, to } => self.drew_and_played(player, card, *to),
            Event::Attach {
                player,
                card,
                target,
                spot,
            } => self.attach(player, card, target, *spot, sub),
            Event::Evolve {
                player,
                from,
                to,
                spot,
            } => self.evolve(player, from, to, *spot, sub),
            Event::Devolve {
                owner, from, to, ..
            } => self.devolve(owner, from, to),
            Event::Retreat { player, card } => self.retreat(index, player, card),
            Event::Promote { player, card } => self.promote(player, card),
            Event::Switch {
                first_owner,
                first,
                second_owner,
                second,
                ..
            } => self.switch(first_owner, first, second_owner, second),
            Event::Use {
                player,
                pokemon,
                name,
            } => self.use_(index, player, pokemon, name, sub),
            Event::Attack { .. } => self.attack(index, line),
            Event::TookDamage { .. } => self.took_damage(index, line),
            Event::BreakdownHeader | Event::Breakdown { .. } => Step::info(""),
            Event::CardList { cards } => self.card_list(cards),
            Event::KnockOut { owner, pokemon } => self.knock_out(index, owner, pokemon),
            Event::TookPrizes { player, count } => self.took_prizes(index, player, *count),
            Event::AddedToHand { .. } => Step::info(""),
            Event::Discard { player, card } => self.discard(player, card, sub),
            Event::DiscardFromPokemon {
                owner,
                pokemon,
                card,
            } => self.discard_from_pokemon(index, owner, pokemon, card),
            Event::Shuffle { player, what } => {
                if let (Some(p), crate::log::Shuffled::Hand) = (self.player(player), what) {
                    self.tracker.action.hand_shuffles.push(p);
                }
                Step::info("")
            }
            Event::ShuffleInto { player, card, into } => self.shuffle_into(player, card, *into),
            Event::PutInDeck { player, card, .. } => self.put_in_deck(player, card),
            Event::Move {
                player,
                owner,
                card,
                to,
            } => self.move_card(player, owner, card, *to),
            Event::NoCardsMoved => Step::info(""),
            Event::PutCounters {
                count,
                owner,
                target,
                ..
            } => self.put_counters(*count, owner, target),
            Event::MoveCounters {
                count,
                from_owner,
                from,
                to_owner,
                to,
                ..
            } => self.move_counters(*count, from_owner, from, to_owner, to),
            Event::ConditionDamage {
                count,
                owner,
                pokemon,
                condition,
            } => self.condition_damage(*count, owner, pokemon, *condition),
            Event::ConditionApplied {
                owner,
                pokemon,
                condition,
            } => {
                let turn = self.tracker.state.turn;
                let mut replaced = None;
                let mut name = String::new();
                let step = self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
                    replaced = m.add_condition(*condition);
                    name = m.name().to_string();
                    if *condition == Condition::Paralyzed {
                        m.paralyzed_turn = Some(turn);
                    }
                });
                match replaced {
                    Some(old) => Step::combine(vec![
                        step,
                        Step::ok(
                            "conditions.replace",
                            format!(
                                "{name} is now {}, which ends its {}",
                                condition.as_str(),
                                old.as_str()
                            ),
                        ),
                    ]),
                    None => step,
                }
            }
            Event::ConditionRemoved {
                owner,
                pokemon,
                condition,
            } => self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
                m.conditions.retain(|c| c != condition)
            }),
            Event::AllConditionsRemoved { owner, pokemon } => {
                self.with_pokemon(owner, pokemon, Claim::Trusted, |m| m.conditions.clear())
            }
            Event::Healed {
                owner,
                pokemon,
                amount,
            } => {
                let amount = *amount as i32;
                self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
                    m.damage = (m.damage - amount).max(0)
                })
            }
            Event::Activated { card } => {
                self.tracker.action.source = Source::Activated(card.name.clone());
                self.tracker.action.effect = self.tracker.cards.card_effect(&card.name);
                Step::info("")
            }
            Event::CoinFlip { .. }
            | Event::Reveal { .. }
            | Event::ChoseOption { .. }
            | Event::Prevented { .. }
            | Event::TeraEffect { .. }
            | Event::Reconnected { .. }
            | Event::TimedOut { .. }
            | Event::PerformedAction { .. }
            | Event::RpsChoice { .. }
            | Event::RpsWon { .. } => Step::info(""),
            Event::EndTurn { .. } => Step::info(""),
            Event::OncePerGameUsed { player, what } => {
                if let Some(p) = self.player(player) {
                    match what {
                        OncePerGame::GxAttack => {
                            self.tracker.state.players[p].gx_attack_used = true
                        }
                        OncePerGame::VstarPower => {
                            self.tracker.state.players[p].vstar_power_used = true
                        }
                        OncePerGame::Other(_) => {}
                    }
                }
                Step::info("")
            }
            Event::SuddenDeath => {
                self.tracker.sudden_death_next = true;
                Step::info("Sudden Death: a new game with 1 Prize card each")
            }
            Event::GameDrawn => {
                self.tracker.state.phase = Phase::Ended;
                Step::info("the game is a draw")
            }
            Event::GameEnd { winner, reason, .. } => {
                let _ = (winner, reason);
                let check = judges::winning::game_end(&self.judging(&Resolved::default()));
                self.tracker.state.phase = Phase::Ended;
                self.tracker.state.winner = self.player(winner);
                check
            }
        }
    }

    // ---- players and turns ----

    fn player(&self, name: &str) -> Option<PlayerIdx> {
        self.tracker.state.player_named(name)
    }

    fn setup(&mut self) -> Step {
        if self.tracker.state.phase != Phase::Start {
            let names: Vec<Text> = self
                .tracker
                .state
                .players
                .iter()
                .map(|p| p.name.clone())
                .collect();
            self.tracker.state = GameState::new(&names);
            if self.tracker.sudden_death_next {
                self.tracker.state.prize_count = 1;
            }
            // A new game (Sudden Death, or a log that restarts): nothing held about the
            // Pokémon of the last one may point into the new board.
            self.tracker.knocked_out.clear();
            self.tracker.window.knock_outs.clear();
            self.tracker.window.ambiguous_hits.clear();
            self.tracker.damaged_this_action.clear();
            self.tracker.cards.forget_pokemon();
            self.tracker.action = Action::default();
            self.tracker.window.source = None;
            self.tracker.list = None;
        }
        self.tracker.state.phase = Phase::Setup;
        Step::info("Setup")
    }

    fn turn_order(&mut self, player: &str, first: bool) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let first_player = if first { p } else { 1 - p };
        self.tracker.state.first_player = Some(first_player);
        for (i, ps) in self.tracker.state.players.iter_mut().enumerate() {
            ps.went_first = Some(i == first_player);
        }
        Step::info(format!(
            "{} goes first",
            self.tracker.state.players[first_player].name
        ))
    }

    fn opening_hand(&mut self, player: &str, count: u32) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let ps = &mut self.tracker.state.players[p];
        ps.hand = Count::exact(count as i32);
        ps.deck = Count::exact(60 - count as i32);
        self.tracker.list = Some(ListUse::Ignore);
        judges::setup::opening_hand(&self.judging(&Resolved::default()))
    }

    fn mulligan(&mut self, player: &str, count: u32) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let ps = &mut self.tracker.state.players[p];
        ps.mulligans = ps.mulligans.saturating_add(count);
        ps.hand = Count::exact(7);
        ps.deck = Count::exact(53);
        self.tracker.list = Some(ListUse::Ignore);
        self.tracker.mulligan_player = Some(p);
        Step::info(format!(
            "{player} reveals a hand with no Basic Pokémon and draws a new one"
        ))
    }

    fn settle_extra_draws(&mut self) {
        if let Some((p, left)) = self.tracker.extra_draws.take()
            && left > 0
            && self.tracker.action.source == Source::MulliganDraw
        {
            // The sub-lines showed fewer draws than announced: the player chose not to draw them,
            // or the client did not list them. Either way the counts are no longer certain.
            self.tracker.state.players[p].hand.blur();
            self.tracker.state.players[p].deck.blur();
        }
    }

    fn begin_turn(&mut self, index: usize, named: Option<&str>) -> Step {
        let previous = self.tracker.state.to_move;
        let hinted = self
            .tracker
            .lines
            .hints
            .turn_player
            .get(index)
            .cloned()
            .flatten();
        let player = named
            .and_then(|n| self.player(n))
            .or_else(|| hinted.as_deref().and_then(|n| self.player(n)))
            .or_else(|| previous.map(|p| 1 - p))
            .or(self.tracker.state.first_player);
        if matches!(self.tracker.state.phase, Phase::Start | Phase::Setup) {
            let prizes = self.tracker.state.prize_count;
            for ps in &mut self.tracker.state.players {
                ps.prizes_left = Some(prizes);
                ps.deck.add(-prizes);
            }
        }
        if let Some(ended) = previous {
            self.tracker.clear_expired_paralysis(ended);
        }
        self.tracker.state.phase = Phase::Turn;
        self.tracker.state.turn += 1;
        self.tracker.state.counters = TurnCounters::default();
        self.tracker.state.to_move = player;
        self.tracker.knocked_out.clear();
        self.tracker.trainers_this_turn.clear();
        self.tracker.expect_draw = player;
        let Some(p) = player else {
            return Step::unverified(
                "cannot tell whose turn this is: the header names no player and no line after it does",
            );
        };
        if self.tracker.state.first_player.is_none() {
            self.tracker.state.first_player = Some(p);
        }
        self.tracker.state.players[p].turns_taken += 1;
        if !self.tracker.edition.first_player_draws()
            && self.tracker.state.first_players_first_turn(p)
        {
            self.tracker.expect_draw = None;
        }
        let name = self.tracker.state.players[p].name.clone();
        let how = if named.is_none() {
            " (the header does not name the player; read from the lines that follow)"
        } else {
            ""
        };
        Step::info(format!("turn {}: {name}{how}", self.tracker.state.turn))
    }

    // ---- playing cards ----

    /// Take a card from the zone the current effect takes cards from; blur the counts when the
    /// zone is not known.
    fn take_from_effect_zone(&mut self, verb: Verb, p: PlayerIdx, n: i32, name: Option<&str>) {
        match self
            .tracker
            .action
            .effect
            .as_ref()
            .and_then(|e| e.zone_for(verb))
        {
            Some(Zone::Hand) => self.tracker.state.players[p].hand.add(-n),
            Some(Zone::Deck) => self.tracker.state.players[p].deck.add(-n),
            Some(Zone::Discard) => {
                if let Some(name) = name {
                    remove_one(&mut self.tracker.state.players[p].discard, name);
                }
            }
            Some(Zone::InPlay) => {}
            None => {
                self.tracker.state.players[p].hand.blur();
                self.tracker.state.players[p].deck.blur();
            }
        }
    }

    fn play_pokemon(
        &mut self,
        player: &str,
        card: &CardName,
        position: Position,
        sub: bool,
    ) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let mut parts = Vec::new();
        if sub {
            self.take_from_effect_zone(Verb::PutOntoBench, p, 1, None);
        } else {
            self.tracker.state.players[p].hand.add(-1);
            let at_setup = matches!(self.tracker.state.phase, Phase::Start | Phase::Setup);
            let _ = at_setup;
            parts.push(judges::bench::basic_from_hand(
                &self.judging(&Resolved::default()),
            ));
        }
        let occupied =
            position == Position::Active && self.tracker.state.players[p].active.is_some();
        self.tracker.state.put_into_play(p, &card.name, position);
        if occupied {
            parts.push(Step::unverified(format!(
                "{player} already has an Active Pokémon; {} was put on the Bench",
                card.name
            )));
        }
        if let Some(s) = judges::bench::bench_limit(&self.judging(&Resolved {
            player: Some(p),
            ..Default::default()
        })) {
            parts.push(s);
        }
        Step::combine(parts)
    }

    fn play_stadium(&mut self, player: &str, card: &CardName, sub: bool) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let mut check = Step::info("");
        if sub {
            self.take_from_effect_zone(Verb::Other, p, 1, None);
        } else {
            check = judges::turn_limits::stadium(&self.judging(&Resolved {
                player: Some(p),
                ..Default::default()
            }));
            self.tracker.state.players[p].hand.add(-1);
            self.tracker.state.counters.stadiums += 1;
            self.tracker.trainers_this_turn.push(card.name.clone());
        }
        if let Some(old) = self.tracker.state.stadium.take() {
            self.tracker.state.players[old.owner]
                .discard
                .push(old.name.clone());
            self.tracker.stadium_discard = Some((old.owner, old.name));
        }
        self.tracker.state.stadium = Some(Stadium {
            name: card.name.clone(),
            owner: p,
        });
        self.tracker.action.player = Some(p);
        self.tracker.action.source = Source::Stadium(card.name.clone());
        check
    }

    fn play_card(&mut self, player: &str, card: &CardName) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        self.tracker.action.player = Some(p);
        let name = card.name.as_str();
        if self
            .tracker
            .state
            .stadium
            .as_ref()
            .is_some_and(|s| s.name == name)
        {
            self.tracker.action.source = Source::Stadium(Text::from(name));
            self.tracker.action.effect = self.tracker.cards.card_effect(name);
            return Step::info(format!("{player} uses the effect of the Stadium in play"));
        }
        let kind = self.tracker.cards.info.kind(name);
        let in_play = resolve::candidates(&self.tracker.state, p, name, None);
        if !in_play.is_empty() && matches!(kind, CardKind::Pokemon | CardKind::Unknown) {
            self.tracker.action.source =
                Source::Ability(in_play.first().copied(), Text::from(name));
            self.tracker.action.effect = self.tracker.cards.card_effect(name);
            return Step::info(format!("{player} uses an Ability of {name}"));
        }
        let ps = &mut self.tracker.state.players[p];
        ps.hand.add(-1);
        ps.discard.push(Text::from(name));
        if kind == CardKind::Supporter {
            self.tracker.state.counters.supporters += 1;
        }
        self.tracker.trainers_this_turn.push(Text::from(name));
        self.tracker.action.source = Source::Trainer(Text::from(name));
        self.tracker.action.effect = self.tracker.cards.card_effect(name);
        judges::turn_limits::supporter(&self.judging(&Resolved {
            player: Some(p),
            played: Some(Played::Trainer(kind)),
            ..Default::default()
        }))
    }

    fn drew(&mut self, player: &str, card: &CardRef, sub: bool) -> Step {
        let Some(named) = self.player(player) else {
            return unknown_player(player);
        };
        let n = card.count() as i32;
        let mut p = named;
        if sub && !self.tracker.action.hand_shuffles.is_empty() {
            // After `- X shuffled their hand.` lines (Iono, Special Red Card), the draws that
            // follow belong to those players, in the order of the shuffles, whatever name the
            // client writes on them.
            if let Some(&q) = self
                .tracker
                .action
                .hand_shuffles
                .get(self.tracker.action.draws_seen)
            {
                p = q;
            }
            self.tracker.action.draws_seen += 1;
        } else if sub
            && self
                .tracker
                .action
                .effect
                .as_ref()
                .is_some_and(|e| e.touches_both_players())
        {
            // Every player draws, with no shuffle lines to tell the draws apart.
            for ps in &mut self.tracker.state.players {
                ps.hand.blur();
                ps.deck.blur();
            }
        }
        if let Some((q, left)) = self.tracker.extra_draws
            && sub
            && q == p
            && self.tracker.action.source == Source::MulliganDraw
        {
            self.tracker.extra_draws = Some((q, left.saturating_sub(n as u32)));
        }
        let ps = &mut self.tracker.state.players[p];
        ps.deck.add(-n);
        ps.hand.add(n);
        if !sub
            && self.tracker.state.to_move == Some(p)
            && !self.tracker.state.counters.drew_for_turn
        {
            self.tracker.state.counters.drew_for_turn = true;
        }
        if card.count() > 1 || matches!(card, CardRef::Hidden { .. }) {
            self.tracker.list = Some(ListUse::Ignore);
        }
        Step::info("")
    }

    fn drew_and_played(&mut self, player: &str, card: &CardRef, to: Destination) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        self.tracker.state.players[p]
            .deck
            .add(-(card.count() as i32));
        let step = match (card, to) {
            (CardRef::Named { card }, Destination::Active) => {
                self.tracker
                    .state
                    .put_into_play(p, &card.name, Position::Active);
                None
            }
            (CardRef::Named { card }, Destination::Stadium) => {
                if let Some(old) = self.tracker.state.stadium.take() {
                    self.tracker.state.players[old.owner]
                        .discard
                        .push(old.name.clone());
                    self.tracker.stadium_discard = Some((old.owner, old.name));
                }
                self.tracker.state.stadium = Some(Stadium {
                    name: card.name.clone(),
                    owner: p,
                });
                None
            }
            (CardRef::Named { card }, _) => {
                self.tracker
                    .state
                    .put_into_play(p, &card.name, Position::Bench);
                judges::bench::bench_limit(&self.judging(&Resolved {
                    player: Some(p),
                    ..Default::default()
                }))
            }
            (CardRef::Hidden { .. }, _) => {
                self.tracker.list = Some(ListUse::BenchFromDeck(p));
                None
            }
        };
        step.unwrap_or_else(|| Step::info(""))
    }

    fn attach(
        &mut self,
        player: &str,
        card: &CardName,
        target: &CardName,
        spot: Spot,
        sub: bool,
    ) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let (found, _) = resolve::owned(
            &self.tracker.state,
            Some(p),
            &target.name,
            position(spot),
            Claim::Trusted,
            Some(p),
        );
        // Of several Pokémon of that name, players pile Energy on the one already powered up
        // (a guess: all of them are marked uncertain).
        self.mark_uncertain(&found);
        let found = match found {
            Found::Ambiguous(_, all) => {
                resolve::pick(&self.tracker.state, all, false, |m| m.energy.len() as i64)
            }
            f => f,
        };
        let Some(id) = found.id() else {
            return not_in_play(player, &target.name);
        };
        let is_tool = match self.tracker.cards.info.kind(&card.name) {
            CardKind::Tool => true,
            CardKind::Energy => false,
            _ => !card.name.ends_with("Energy"),
        };
        let mut check = Step::info("");
        if is_tool && !sub {
            check = judges::tools::tool_on(&self.judging(&Resolved {
                pokemon: found.clone(),
                ..Default::default()
            }));
        }
        if sub {
            self.take_from_effect_zone(Verb::Attach, p, 1, Some(&card.name));
        } else {
            self.tracker.state.players[p].hand.add(-1);
            if !is_tool {
                self.tracker.state.counters.energy_attached += 1;
                check = judges::turn_limits::energy_attach_once(&self.judging(&Resolved {
                    player: Some(p),
                    ..Default::default()
                }));
            }
        }
        self.mark_uncertain(&found);
        let mon = self.tracker.state.mon_mut(id);
        if is_tool {
            mon.tools.push(card.name.clone());
        } else {
            mon.energy.push(card.name.clone());
        }
        self.tracker.action.player = Some(p);
        check
    }

    /// When a line could mean several Pokémon, what is tracked on each of them may be off.
    fn mark_uncertain(&mut self, found: &Found) {
        if let Found::Ambiguous(_, all) = found {
            for id in all.clone() {
                self.tracker.state.mon_mut(id).uncertain = true;
            }
        }
    }

    /// A second "took N damage" of the same name in one action (a spread attack) means another
    /// Pokémon of that name than the one already damaged, when there is one.
    fn spread_target(&self, found: Found) -> Found {
        let Some(id) = found.id() else { return found };
        if !self.tracker.damaged_this_action.contains(&id) {
            return found;
        }
        let m = self.tracker.state.mon(id);
        let fresh: Vec<PokemonId> =
            resolve::candidates(&self.tracker.state, m.owner, m.name(), None)
                .into_iter()
                .filter(|c| !self.tracker.damaged_this_action.contains(c))
                .collect();
        match fresh.as_slice() {
            [] => found,
            [one] => Found::One(*one),
            [first, ..] => Found::Ambiguous(*first, fresh.clone()),
        }
    }

    /// A spread attack that names a Pokémon as many times as there are Pokémon of that name
    /// hits each of them once: which line meant which does not matter, so there is no doubt.
    fn one_hit_each(&self, index: usize, found: Found, name: &str) -> Found {
        let Found::Ambiguous(first, all) = &found else {
            return found;
        };
        let owner = self.tracker.state.mon(*first).owner;
        if all
            .iter()
            .any(|id| self.tracker.state.mon(*id).owner != owner)
        {
            return found;
        }
        let window = self.tracker.lines.window(index);
        let hits = self.tracker.lines.log.lines[window]
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
    fn add_damage(&mut self, found: &Found, amount: i32) {
        let Some(id) = found.id() else { return };
        if let Found::Ambiguous(chosen, all) = found {
            for other in all.iter().filter(|o| *o != chosen) {
                let m = self.tracker.state.mon_mut(*other);
                m.missing_damage = m.missing_damage.saturating_add(amount.max(0));
            }
            let mon = self.tracker.state.mon_mut(*chosen);
            mon.doubtful_damage = mon.doubtful_damage.saturating_add(amount.max(0));
            self.tracker.window.ambiguous_hits.push(AmbiguousHit {
                amount: amount.max(0),
                candidates: all.clone(),
            });
        }
        self.tracker.damaged_this_action.push(id);
        let mon = self.tracker.state.mon_mut(id);
        mon.damage = mon.damage.saturating_add(amount.max(0));
    }

    fn evolve(
        &mut self,
        player: &str,
        from: &CardName,
        to: &CardName,
        spot: Spot,
        sub: bool,
    ) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let turn = self.tracker.state.turn;
        let candidates = resolve::candidates(&self.tracker.state, p, &from.name, position(spot));
        // Of several Pokémon that may evolve, players evolve the one they have powered up.
        let found = resolve::pick(&self.tracker.state, candidates.clone(), false, |m| {
            i64::from(m.entered_turn < turn && m.evolved_turn != Some(turn)) * 100
                + m.energy.len() as i64
        });
        let Some(id) = found.id() else {
            return not_in_play(player, &from.name);
        };
        let effect = if sub {
            self.tracker.action.effect.clone()
        } else {
            None
        };
        let check = if sub && effect.is_none() {
            Step::cannot_check(
                "evolution.by-effect",
                format!(
                    "{} evolves through an effect the card data does not describe",
                    to.name
                ),
            )
        } else {
            judges::evolution::evolution(&self.judging(&Resolved {
                player: Some(p),
                candidates: candidates.clone(),
                effect: effect.clone(),
                ..Default::default()
            }))
        };
        self.mark_uncertain(&found);
        if sub {
            self.take_from_effect_zone(Verb::Evolve, p, 1, None);
        } else {
            self.tracker.state.players[p].hand.add(-1);
        }
        let cleared = self.clear_conditions(id, "evolution.clears-conditions", "evolving");
        let mon = self.tracker.state.mon_mut(id);
        mon.stack.push(to.name.clone());
        mon.evolved_turn = Some(turn);
        mon.uses.clear();
        match cleared {
            Some(c) => Step::combine(vec![check, c]),
            None => check,
        }
    }

    /// Special Conditions end when a Pokémon evolves or leaves the Active Spot: clear them and
    /// say so under `clause`.
    fn clear_conditions(&mut self, id: PokemonId, clause: &'static str, how: &str) -> Option<Step> {
        let mon = self.tracker.state.mon_mut(id);
        if mon.conditions.is_empty() {
            return None;
        }
        let ended: Vec<&str> = mon.conditions.iter().map(|c| c.as_str()).collect();
        let message = format!("{how} ends {}'s {}", mon.name(), ended.join(" and "));
        mon.conditions.clear();
        Some(Step::ok(clause, message))
    }

    fn devolve(&mut self, owner: &str, from: &CardName, to: &CardName) -> Step {
        let named = self.player(owner);
        let (found, who) = resolve::owned(
            &self.tracker.state,
            named,
            &from.name,
            None,
            Claim::Trusted,
            None,
        );
        let (Some(id), Some(p)) = (found.id(), who) else {
            return not_in_play(owner, &from.name);
        };
        let mon = self.tracker.state.mon_mut(id);
        if mon.stack.len() > 1 {
            mon.stack.pop();
        }
        if mon.name() != to.name {
            mon.stack = vec![to.name.clone()];
        }
        mon.conditions.clear();
        mon.uses.clear();
        self.tracker.state.players[p].hand.blur();
        self.tracker.state.players[p].deck.blur();
        Step::info("")
    }

    fn retreat(&mut self, index: usize, player: &str, card: &CardName) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        self.tracker.action.player = Some(p);
        let active = self.tracker.state.players[p].active;
        let Some(id) = active else {
            return Step::unverified(format!("{player} has no Active Pokémon to retreat"));
        };
        let actual = self.tracker.state.mon(id).name().to_string();
        let _ = index;
        let check = judges::retreat::retreat(&self.judging(&Resolved {
            player: Some(p),
            pokemon: Found::One(id),
            ..Default::default()
        }));
        self.tracker.state.bench_active(p);
        let check =
            match self.clear_conditions(id, "switch.clears-conditions", "going to the Bench") {
                Some(c) => Step::combine(vec![check, c]),
                None => check,
            };
        self.tracker.state.counters.retreats += 1;
        self.tracker.action.source = Source::Other;
        if actual != card.name {
            return Step::unverified(format!(
                "the log retreats {} but the Active Pokémon tracked is {actual}",
                card.name
            ));
        }
        check
    }

    fn promote(&mut self, player: &str, card: &CardName) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        // Of several Benched Pokémon of that name, players promote the one they have powered up.
        let found = resolve::pick(
            &self.tracker.state,
            resolve::candidates(&self.tracker.state, p, &card.name, None),
            true,
            |m| m.energy.len() as i64,
        );
        let Some(id) = found.id() else {
            return not_in_play(player, &card.name);
        };
        self.mark_uncertain(&found);
        let already = self.tracker.state.players[p].active == Some(id);
        let check = judges::promotion::promote_order(&self.judging(&Resolved {
            player: Some(p),
            pokemon: found.clone(),
            ..Default::default()
        }));
        if !already {
            self.tracker.window.promotions += 1;
        }
        let mut cleared = None;
        if let Some(old) = self.tracker.state.players[p].active
            && old != id
        {
            cleared = self.clear_conditions(old, "switch.clears-conditions", "going to the Bench");
        }
        self.tracker.state.make_active(id);
        let parts: Vec<Step> = check.into_iter().chain(cleared).collect();
        Step::combine(parts)
    }

    fn switch(
        &mut self,
        first_owner: &str,
        first: &CardName,
        second_owner: &str,
        second: &CardName,
    ) -> Step {
        let second_found = self.find_prefer(second_owner, &second.name, Position::Active);
        let first_found = self.find_prefer(first_owner, &first.name, Position::Bench);
        let (Some(new_active), Some(old_active)) = (first_found.id(), second_found.id()) else {
            return Step::unverified(format!(
                "cannot find {first_owner}'s {} and {second_owner}'s {} in play",
                first.name, second.name
            ));
        };
        if self.tracker.state.mon(new_active).owner != self.tracker.state.mon(old_active).owner {
            return Step::unverified(
                "the two Pokémon switched belong to different players".to_string(),
            );
        }
        let cleared = if self.tracker.state.position(old_active) == Some(Position::Active) {
            self.clear_conditions(old_active, "switch.clears-conditions", "going to the Bench")
        } else {
            None
        };
        self.tracker.state.make_active(new_active);
        match cleared {
            Some(c) => Step::combine(vec![ambiguous_or(&first_found, ""), c]),
            None => ambiguous_or(&first_found, ""),
        }
    }

    fn find_prefer(&self, owner: &str, name: &str, position: Position) -> Found {
        let named = self.player(owner);
        let (found, _) = resolve::owned(
            &self.tracker.state,
            named,
            name,
            Some(position),
            Claim::Trusted,
            None,
        );
        if found.id().is_some() {
            return found;
        }
        resolve::owned(&self.tracker.state, named, name, None, Claim::Trusted, None).0
    }

    // ---- attacks, abilities, damage ----

    fn use_(
        &mut self,
        index: usize,
        player: &str,
        pokemon: &CardName,
        name: &str,
        sub: bool,
    ) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        self.tracker.action.player = Some(p);
        let found = resolve::pick(
            &self.tracker.state,
            resolve::candidates(&self.tracker.state, p, &pokemon.name, None),
            true,
            |_| 0,
        );
        let id = found.id();
        let (kind, effect) = match self.tracker.cards.use_effect(&pokemon.name, name) {
            Some((k, e)) => (k, Some(e)),
            None if self
                .tracker
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
        self.tracker.action.effect = effect;
        let check = judges::attack::used(&self.judging(&Resolved {
            player: Some(p),
            pokemon: found.clone(),
            use_kind: Some(kind),
            ..Default::default()
        }));
        match kind {
            UseKind::Attack => {
                self.tracker.state.counters.attacks += 1;
                if !sub {
                    self.tracker.state.counters.attacked_by = Some(p);
                }
                self.tracker.action.source = Source::Attack(id, Text::from(name));
            }
            UseKind::Ability => self.tracker.action.source = Source::Ability(id, Text::from(name)),
        }
        let Some(id) = id else {
            return not_in_play(player, &pokemon.name);
        };
        let mon = self.tracker.state.mon_mut(id);
        if !mon.uses.iter().any(|u| u == name) {
            mon.uses.push(Text::from(name));
        }
        check
    }

    fn attack(&mut self, index: usize, line: &LogLine) -> Step {
        let Event::Attack {
            player,
            pokemon,
            attack,
            target_owner,
            target,
            damage,
            weakness,
            resistance,
        } = &line.event
        else {
            return Step::info("");
        };
        let sub = line.depth != Depth::Top;
        let damage = *damage;
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let attacker = resolve::pick(
            &self.tracker.state,
            resolve::candidates(&self.tracker.state, p, &pokemon.name, None),
            true,
            |_| 0,
        );
        let (found, _) = resolve::owned(
            &self.tracker.state,
            self.player(target_owner),
            &target.name,
            None,
            Claim::Trusted,
            Some(1 - p),
        );
        if self.tracker.action.player.is_none() {
            self.tracker.action.player = Some(p);
        }
        if !matches!(self.tracker.action.source, Source::Attack(..)) {
            self.tracker.action.source = Source::Attack(attacker.id(), attack.clone());
            self.tracker.action.effect = self
                .tracker
                .cards
                .use_effect(&pokemon.name, attack)
                .map(|(_, e)| e);
        }
        let mut parts = vec![judges::attack::attack(&self.judging(&Resolved {
            player: Some(p),
            attacker: attacker.clone(),
            pokemon: found.clone(),
            ..Default::default()
        }))];
        parts.push(judges::damage::damage(&self.judging(&Resolved {
            player: Some(p),
            attacker: attacker.clone(),
            pokemon: found.clone(),
            ..Default::default()
        })));
        let _ = (index, weakness, resistance);
        self.tracker.state.counters.attacks += 1;
        if !sub {
            self.tracker.state.counters.attacked_by = Some(p);
        }
        if let Some(a) = attacker.id() {
            let mon = self.tracker.state.mon_mut(a);
            if !mon.uses.iter().any(|u| u == attack) {
                mon.uses.push(attack.clone());
            }
        }
        let Some(id) = found.id() else {
            parts.push(not_in_play(target_owner, &target.name));
            return Step::combine(parts);
        };
        let _ = id;
        self.add_damage(&found, damage.max(0));
        Step::combine(parts)
    }

    fn took_damage(&mut self, index: usize, line: &LogLine) -> Step {
        let Event::TookDamage {
            owner,
            pokemon,
            damage,
            weakness,
            resistance,
        } = &line.event
        else {
            return Step::info("");
        };
        let prefer = self.tracker.action.player.map(|p| 1 - p);
        let (found, _) = resolve::owned(
            &self.tracker.state,
            self.player(owner),
            &pokemon.name,
            None,
            Claim::Trusted,
            prefer,
        );
        let found = self.spread_target(found);
        let found = self.one_hit_each(index, found, &pokemon.name);
        let Some(id) = found.id() else {
            return not_in_play(owner, &pokemon.name);
        };
        let _ = (id, weakness, resistance);
        let check = judges::damage::took_damage(&self.judging(&Resolved {
            pokemon: found.clone(),
            ..Default::default()
        }));
        self.add_damage(&found, (*damage).max(0));
        check
    }

    fn put_counters(&mut self, count: u32, owner: &str, target: &CardName) -> Step {
        // The possessive on these lines is unreliable; when both players have a Pokémon of that
        // name, an attack that speaks of the opponent decides.
        let prefer = match (
            &self.tracker.action.source,
            self.tracker.action.player,
            &self.tracker.action.effect,
        ) {
            (Source::Attack(..), Some(p), Some(e)) if e.lower().contains("opponent") => Some(1 - p),
            _ => None,
        };
        // "…on your opponent's Benched Pokémon": only Benched Pokémon can be meant.
        let bench_only = self.tracker.action.effect.as_ref().is_some_and(|e| {
            let t = e.lower();
            t.contains("benched pokémon") && !t.contains("active")
        });
        let damage = (count as i32).saturating_mul(10);
        if bench_only {
            let (found, _) = resolve::owned(
                &self.tracker.state,
                self.player(owner),
                &target.name,
                Some(Position::Bench),
                Claim::Doubtful,
                prefer,
            );
            if found.id().is_some() {
                self.add_damage(&found, damage);
                return ambiguous_or(&found, "");
            }
        }
        self.damage_pokemon(owner, target, Claim::Doubtful, prefer, damage)
    }

    /// Resolve the Pokémon a line names and put damage on it.
    fn damage_pokemon(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        prefer: Option<PlayerIdx>,
        amount: i32,
    ) -> Step {
        let (found, _) = resolve::owned(
            &self.tracker.state,
            self.player(owner),
            &pokemon.name,
            None,
            claim,
            prefer,
        );
        let found = self.spread_target(found);
        if found.id().is_none() {
            return not_in_play(owner, &pokemon.name);
        }
        self.add_damage(&found, amount);
        ambiguous_or(&found, "")
    }

    fn move_counters(
        &mut self,
        count: u32,
        from_owner: &str,
        from: &CardName,
        to_owner: &str,
        to: &CardName,
    ) -> Step {
        // The possessives on this line are unreliable; the effect's text says whose Pokémon the
        // counters leave and reach ("from 1 of your Pokémon to 1 of your opponent's Pokémon").
        let actor = self.tracker.action.player;
        let text = self
            .tracker
            .action
            .effect
            .as_ref()
            .map(|e| e.lower().to_string())
            .unwrap_or_default();
        let to_side = |side: &str| {
            text.contains(&format!("to 1 of {side}")) || text.contains(&format!("to {side}"))
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
            &self.tracker.state,
            self.player(from_owner),
            &from.name,
            None,
            Claim::Doubtful,
            prefer_from,
        );
        let (dst, _) = resolve::owned(
            &self.tracker.state,
            self.player(to_owner),
            &to.name,
            None,
            Claim::Doubtful,
            prefer_to,
        );
        let (Some(a), Some(b)) = (src.id(), dst.id()) else {
            return Step::unverified(format!("cannot find {} or {} in play", from.name, to.name));
        };
        let moved = (count as i32)
            .saturating_mul(10)
            .min(self.tracker.state.mon(a).damage);
        self.tracker.state.mon_mut(a).damage -= moved;
        let to_mon = self.tracker.state.mon_mut(b);
        to_mon.damage = to_mon.damage.saturating_add(moved);
        for found in [&src, &dst] {
            if let Found::Ambiguous(_, all) = found {
                for id in all.clone() {
                    let m = self.tracker.state.mon_mut(id);
                    m.missing_damage = m.missing_damage.saturating_add(moved);
                    m.doubtful_damage = m.doubtful_damage.saturating_add(moved);
                }
            }
        }
        if src.is_ambiguous() || dst.is_ambiguous() {
            return Step::unverified(
                "more than one Pokémon in play has that name; the one the counters moved on is a guess",
            );
        }
        Step::info("")
    }

    fn condition_damage(
        &mut self,
        count: u32,
        owner: &str,
        pokemon: &CardName,
        condition: Condition,
    ) -> Step {
        let damage = (count as i32).saturating_mul(10);
        let step = self.damage_pokemon(owner, pokemon, Claim::Trusted, None, damage);
        if step.verdict == super::verdict::Verdict::Info {
            return Step::info(format!(
                "{} damage for being {}",
                damage,
                condition.as_str()
            ));
        }
        step
    }

    fn with_pokemon(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        f: impl FnOnce(&mut super::state::Pokemon),
    ) -> Step {
        self.with_pokemon_pref(owner, pokemon, claim, None, f)
    }

    fn with_pokemon_pref(
        &mut self,
        owner: &str,
        pokemon: &CardName,
        claim: Claim,
        prefer: Option<PlayerIdx>,
        f: impl FnOnce(&mut super::state::Pokemon),
    ) -> Step {
        let (found, _) = resolve::owned(
            &self.tracker.state,
            self.player(owner),
            &pokemon.name,
            None,
            claim,
            prefer,
        );
        let Some(id) = found.id() else {
            return not_in_play(owner, &pokemon.name);
        };
        self.mark_uncertain(&found);
        f(self.tracker.state.mon_mut(id));
        ambiguous_or(&found, "")
    }

    // ---- Knock Outs and Prize cards ----

    fn knock_out(&mut self, index: usize, owner: &str, pokemon: &CardName) -> Step {
        let (found, who) = resolve::owned(
            &self.tracker.state,
            self.player(owner),
            &pokemon.name,
            None,
            Claim::Trusted,
            None,
        );
        let found = self.tracker.knock_out_target(found, who, &pokemon.name);
        let Some(id) = found.id() else {
            return not_in_play(owner, &pokemon.name);
        };
        let check = judges::knockout::knock_out(&self.judging(&Resolved {
            pokemon: found.clone(),
            ..Default::default()
        }));
        self.tracker.record_knock_out(id);
        let p = self.tracker.state.mon(id).owner;
        self.tracker.state.remove_from_play(id);
        let mon = self.tracker.state.mon(id).clone();
        let ps = &mut self.tracker.state.players[p];
        ps.discard.extend(mon.stack.iter().cloned());
        ps.discard.extend(mon.energy.iter().cloned());
        ps.discard.extend(mon.tools.iter().cloned());
        self.tracker.knocked_out.push(id);
        // Several Pokémon of that name: if the check passed for the one chosen and the others
        // fall too in this window, which one the line meant does not matter.
        if let Found::Ambiguous(_, all) = &found {
            let window = self.tracker.lines.window(index);
            let later = self.tracker.lines.log.lines[index + 1..window.end]
                .iter()
                .filter(|l| matches!(&l.event, Event::KnockOut { pokemon: n, .. } if n.name == pokemon.name))
                .count();
            if later + 1 < all.len() {
                for other in all.clone() {
                    self.tracker.state.mon_mut(other).uncertain = true;
                }
                return Step::combine(vec![check, ambiguous_or(&found, "")]);
            }
        }
        check
    }

    fn took_prizes(&mut self, index: usize, player: &str, count: u32) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let check = judges::prizes::prizes(&self.judging(&Resolved {
            player: Some(p),
            ..Default::default()
        }));
        self.tracker.window.prizes[p] = self.tracker.window.prizes[p].saturating_add(count);
        let ps = &mut self.tracker.state.players[p];
        ps.hand.add(count as i32);
        let left = ps
            .prizes_left
            .unwrap_or(self.tracker.state.prize_count)
            .saturating_sub(count as i32);
        ps.prizes_left = Some(left);
        check
    }

    // ---- moving cards between zones ----

    fn discard(&mut self, player: &str, card: &CardRef, sub: bool) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        // The client names either the acting player or the Stadium's owner on this line.
        if let (Some((_, name)), Some(n)) = (&self.tracker.stadium_discard, card.name())
            && name == n
        {
            self.tracker.stadium_discard = None;
            return Step::info("the Stadium that was in play goes to its owner's discard pile");
        }
        let n = card.count() as i32;
        if sub {
            self.take_from_effect_zone(Verb::Discard, p, n, None);
        } else {
            self.tracker.state.players[p].hand.add(-n);
        }
        match card {
            CardRef::Named { card } => self.tracker.state.players[p]
                .discard
                .push(card.name.clone()),
            CardRef::Hidden { .. } => self.tracker.list = Some(ListUse::Discarded(p)),
        }
        Step::info("")
    }

    fn discard_from_pokemon(
        &mut self,
        index: usize,
        owner: &str,
        pokemon: &CardName,
        card: &CardRef,
    ) -> Step {
        let named = self.player(owner);
        // A Pokémon already Knocked Out: its cards went to the discard pile with it.
        let gone_id = self.tracker.knocked_out.iter().copied().find(|id| {
            self.tracker.state.mon(*id).name() == pokemon.name
                && Some(self.tracker.state.mon(*id).owner) == named
        });
        let gone = gone_id.is_some();
        if let (Some(ko), CardRef::Hidden { .. }) = (gone_id, card)
            && let Some(Event::CardList { cards }) = self
                .tracker
                .lines
                .log
                .lines
                .get(index + 1)
                .map(|l| &l.event)
        {
            let shown: Vec<Text> = cards.iter().map(|c| c.name.clone()).collect();
            self.reconcile_attachments(ko, &shown);
        }
        let (found, _) = resolve::owned(
            &self.tracker.state,
            named,
            &pokemon.name,
            None,
            Claim::Trusted,
            None,
        );
        if gone {
            // Its cards went to the discard pile with it (a Pokémon of the same name still in
            // play keeps its own).
            return Step::info("");
        }
        let Some(id) = found.id() else {
            return not_in_play(owner, &pokemon.name);
        };
        match card {
            CardRef::Named { card } => {
                let p = self.tracker.state.mon(id).owner;
                take_attached(self.tracker.state.mon_mut(id), &card.name);
                self.tracker.state.players[p]
                    .discard
                    .push(card.name.clone());
            }
            CardRef::Hidden { .. } => self.tracker.list = Some(ListUse::DiscardedFrom(id)),
        }
        Step::info("")
    }

    /// The list of cards discarded with a Knocked Out Pokémon shows the Energy it really had.
    /// When lines that could mean it or another Pokémon of its name made the tracker guess
    /// (both are marked uncertain), put the Energy right: the Knocked Out one had what the list
    /// shows, and the other one has the rest.
    fn reconcile_attachments(&mut self, ko: PokemonId, shown: &[Text]) {
        let k = self.tracker.state.mon(ko);
        if !k.uncertain {
            return;
        }
        let siblings: Vec<PokemonId> =
            resolve::candidates(&self.tracker.state, k.owner, k.name(), None)
                .into_iter()
                .filter(|id| *id != ko && self.tracker.state.mon(*id).uncertain)
                .collect();
        let [sibling] = siblings.as_slice() else {
            return;
        };
        let mut total: Vec<Text> = k.energy.clone();
        total.extend(self.tracker.state.mon(*sibling).energy.iter().cloned());
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
        self.tracker.state.mon_mut(ko).energy = shown_energy;
        self.tracker.state.mon_mut(*sibling).energy = rest;
    }

    fn shuffle_into(&mut self, player: &str, card: &CardRef, into: Destination) -> Step {
        let Some(p) = self.player(player) else {
            return unknown_player(player);
        };
        let n = card.count() as i32;
        let both = self
            .tracker
            .action
            .effect
            .as_ref()
            .is_some_and(|e| e.touches_both_players());
        if into != Destination::Deck || both {
            for ps in &mut self.tracker.state.players {
                ps.hand.blur();
                ps.deck.blur();
            }
            return Step::info("");
        }
        let zone = self
            .tracker
            .action
            .effect
            .as_ref()
            .and_then(|e| e.zone_for(Verb::ShuffleIntoDeck));
        self.tracker.state.players[p].deck.add(n);
        match zone {
            Some(Zone::Hand) => self.tracker.state.players[p].hand.add(-n),
            Some(Zone::Discard) | Some(Zone::InPlay) => {}
            _ => self.tracker.state.players[p].hand.blur(),
        }
        match card {
            CardRef::Named { card } => {
                if zone == Some(Zone::Discard) {
                    remove_one(&mut self.tracker.state.players[p].discard, &card.name);
                }
            }
            CardRef::Hidden { .. } => self.tracker.list = Some(ListUse::ShuffledIn(p, zone)),
        }
        Step::info("")
    }

    fn put_in_deck(&mut self, player: &str, card: &CardRef) -> Step {
        let Some(named) = self.player(player) else {
            return unknown_player(player);
        };
        // After `- X shuffled their hand.`, the cards put on the deck are X's hand, whatever
        // name the client writes on this line.
        let shuffled = self
            .tracker
            .action
            .hand_shuffles
            .get(self.tracker.action.puts_seen)
            .copied();
        self.tracker.action.puts_seen += 1;
        let p = shuffled.unwrap_or(named);
        let n = card.count() as i32;
        self.tracker.state.players[p].deck.add(n);
        if shuffled.is_some() {
            self.tracker.state.players[p].hand.add(-n);
        } else {
            match self
                .tracker
                .action
                .effect
                .as_ref()
                .and_then(|e| e.zone_for(Verb::PutOnDeck))
            {
                Some(Zone::Hand) => self.tracker.state.players[p].hand.add(-n),
                _ => {
                    self.tracker.state.players[p].hand.blur();
                    self.tracker.state.players[p].deck.blur();
                }
            }
        }
        Step::info("")
    }

    fn move_card(&mut self, player: &str, owner: &str, card: &CardRef, to: Destination) -> Step {
        let Some(mut p) = self.player(owner) else {
            return unknown_player(owner);
        };
        let n = card.count() as i32;
        if to == Destination::Discard
            && let (Some(actor), Some(effect)) =
                (self.player(player), self.tracker.action.effect.as_ref())
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
                let in_play = resolve::candidates(&self.tracker.state, p, &card.name, None);
                let in_discard = self.tracker.state.players[p].discard.contains(&card.name);
                if !in_discard && !in_play.is_empty() {
                    // A Pokémon put back into the hand from play (its attached cards are discarded).
                    let found = resolve::pick(&self.tracker.state, in_play, false, |m| {
                        -i64::from(m.damage)
                    });
                    if let Some(id) = found.id() {
                        self.tracker.state.remove_from_play(id);
                        let mon = self.tracker.state.mon(id).clone();
                        let ps = &mut self.tracker.state.players[p];
                        ps.discard.extend(mon.energy);
                        ps.discard.extend(mon.tools);
                        ps.discard.extend(
                            mon.stack[..mon.stack.len().saturating_sub(1)]
                                .iter()
                                .cloned(),
                        );
                    }
                } else {
                    remove_one(&mut self.tracker.state.players[p].discard, &card.name);
                }
                self.tracker.state.players[p].hand.add(1);
            }
            (Destination::Hand, CardRef::Hidden { .. }) => {
                self.tracker.state.players[p].hand.add(n);
                self.tracker.list = Some(ListUse::MovedTo(p, Destination::Hand));
            }
            (Destination::Discard, _) => {
                // Milling: cards from the top of the deck.
                self.tracker.state.players[p].deck.add(-n);
                match card {
                    CardRef::Named { card } => self.tracker.state.players[p]
                        .discard
                        .push(card.name.clone()),
                    CardRef::Hidden { .. } => self.tracker.list = Some(ListUse::Discarded(p)),
                }
            }
            (Destination::LostZone, _) => {
                self.tracker.state.players[p].hand.blur();
                self.tracker.state.players[p].deck.blur();
                match card {
                    CardRef::Named { card } => self.tracker.state.players[p]
                        .lost_zone
                        .push(card.name.clone()),
                    CardRef::Hidden { .. } => {
                        self.tracker.list = Some(ListUse::MovedTo(p, Destination::LostZone))
                    }
                }
            }
            (Destination::Active | Destination::Bench, CardRef::Named { card }) => {
                let pos = if to == Destination::Active {
                    Position::Active
                } else {
                    Position::Bench
                };
                self.tracker.state.put_into_play(p, &card.name, pos);
                self.tracker.state.players[p].hand.blur();
                self.tracker.state.players[p].deck.blur();
            }
            _ => {
                self.tracker.state.players[p].hand.blur();
                self.tracker.state.players[p].deck.blur();
            }
        }
        Step::info("")
    }

    fn card_list(&mut self, cards: &[CardName]) -> Step {
        let Some(use_) = self.tracker.list.take() else {
            return Step::info("");
        };
        match use_ {
            ListUse::Ignore => {}
            ListUse::BenchFromDeck(p) => {
                for c in cards {
                    self.tracker
                        .state
                        .put_into_play(p, &c.name, Position::Bench);
                }
            }
            ListUse::Discarded(p) => {
                self.tracker.state.players[p]
                    .discard
                    .extend(cards.iter().map(|c| c.name.clone()));
            }
            ListUse::DiscardedFrom(id) => {
                let p = self.tracker.state.mon(id).owner;
                for c in cards {
                    take_attached(self.tracker.state.mon_mut(id), &c.name);
                    self.tracker.state.players[p].discard.push(c.name.clone());
                }
            }
            ListUse::ShuffledIn(p, zone) => {
                if zone == Some(Zone::Discard) {
                    for c in cards {
                        remove_one(&mut self.tracker.state.players[p].discard, &c.name);
                    }
                }
                self.remove_shuffled_user(p, cards);
            }
            ListUse::MovedTo(p, Destination::Hand) => {
                for c in cards {
                    remove_one(&mut self.tracker.state.players[p].discard, &c.name);
                }
            }
            ListUse::MovedTo(p, Destination::LostZone) => {
                self.tracker.state.players[p]
                    .lost_zone
                    .extend(cards.iter().map(|c| c.name.clone()));
            }
            ListUse::MovedTo(..) => {}
            ListUse::MulliganReveal(p) => {
                return judges::setup::mulligan_reveal(&self.judging(&Resolved {
                    list: Some(ListUse::MulliganReveal(p)),
                    ..Default::default()
                }));
            }
        }
        Step::info("")
    }

    /// An Ability that shuffles its own Pokémon into the deck (its stack is in the list): the
    /// Pokémon leaves play.
    fn remove_shuffled_user(&mut self, p: PlayerIdx, cards: &[CardName]) {
        let Source::Ability(Some(id), _) = self.tracker.action.source else {
            return;
        };
        if self.tracker.state.mon(id).owner != p || self.tracker.state.position(id).is_none() {
            return;
        }
        let mon = self.tracker.state.mon(id);
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
            self.tracker.state.remove_from_play(id);
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

fn remove_one(list: &mut Vec<Text>, name: &str) {
    if let Some(i) = list.iter().position(|c| c == name) {
        list.remove(i);
    }
}

/// Remove a card from a Pokémon: an attached Energy or Tool, or a card under its top card.
fn take_attached(mon: &mut super::state::Pokemon, name: &str) {
    if let Some(i) = mon.energy.iter().position(|c| c == name) {
        mon.energy.remove(i);
    } else if let Some(i) = mon.tools.iter().position(|c| c == name) {
        mon.tools.remove(i);
    } else if mon.stack.len() > 1
        && let Some(i) = mon.stack[..mon.stack.len() - 1]
            .iter()
            .position(|c| c == name)
    {
        mon.stack.remove(i);
    }
}

fn unknown_player(name: &str) -> Step {
    Step::unverified(format!(
        "the line names {name:?}, who is not one of the two players of this log"
    ))
}

fn not_in_play(owner: &str, name: &str) -> Step {
    Step::unverified(format!(
        "no Pokémon named {name} is in play for {owner} in the tracked state; the state may have lost track of it"
    ))
}

fn ambiguous_or(found: &Found, message: &str) -> Step {
    if found.is_ambiguous() {
        Step::unverified("more than one Pokémon in play fits this line; the tracker chose one")
    } else {
        Step::info(message)
    }
}
