//! The tracker's turn structure: setup and Sudden Death, who goes first, opening hands and
//! mulligans, turn headers, the draw that begins a turn, and the Checkup's progress.

use crate::log::{CardRef, Condition, Depth, Event, Text};

use super::super::super::checkup_order::condition_rank;
use super::super::super::hints;
use super::super::super::state::{Count, GameState, Phase, PlayerIdx, Position, TurnCounters};
use super::records::{Applied, Note};
use super::{Action, BothDraws, ListUse, Source, Tracker};

impl Tracker<'_> {
    pub(super) fn setup(&mut self) -> Applied {
        if self.state.phase != Phase::Start {
            let names: Vec<Text> = self.state.players.iter().map(|p| p.name.clone()).collect();
            self.state = GameState::new(&names);
            if self.sudden_death_next {
                self.state.prize_count = 1;
            }
            // A new game (Sudden Death, or a log that restarts): nothing held about the
            // Pokémon of the last one may point into the new board.
            self.knocked_out.clear();
            self.window.knock_outs.clear();
            self.window.ambiguous_hits.clear();
            self.damaged_this_action.clear();
            self.cards.forget_pokemon();
            self.action = Action::default();
            self.window.source = None;
            self.list = None;
        }
        self.state.phase = Phase::Setup;
        Applied::info("Setup")
    }

    pub(super) fn turn_order(&mut self, player: &str, first: bool) -> Applied {
        let Some(p) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        let first_player = if first { p } else { 1 - p };
        self.state.first_player = Some(first_player);
        for (i, ps) in self.state.players.iter_mut().enumerate() {
            ps.went_first = Some(i == first_player);
        }
        Applied::info(sentence!(
            "{} goes first",
            self.state.players[first_player].name
        ))
    }

    pub(super) fn opening_hand(&mut self, p: Option<PlayerIdx>, count: u32) -> Applied {
        let Some(p) = p else {
            return Applied::default();
        };
        let ps = &mut self.state.players[p];
        ps.hand = Count::exact(count as i32);
        ps.deck = Count::exact(60 - count as i32);
        self.list = Some(ListUse::Ignore);
        Applied::default()
    }

    pub(super) fn mulligan(&mut self, player: &str, count: u32) -> Applied {
        let Some(p) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        let ps = &mut self.state.players[p];
        ps.mulligans = ps.mulligans.saturating_add(count);
        ps.hand = Count::exact(7);
        ps.deck = Count::exact(53);
        self.list = Some(ListUse::Ignore);
        self.mulligan_player = Some(p);
        Applied::info(sentence!(
            "{player} reveals a hand with no Basic Pokémon and draws a new one"
        ))
    }

    pub(super) fn mulligan_extra_draw(&mut self, p: Option<PlayerIdx>, count: u32) -> Applied {
        if let Some(p) = p {
            self.extra_draws = Some((p, count));
            self.action.source = Source::MulliganDraw;
            self.action.player = Some(p);
        }
        Applied::default()
    }

    pub(super) fn settle_extra_draws(&mut self) {
        if let Some((p, left)) = self.extra_draws.take()
            && left > 0
            && self.action.source == Source::MulliganDraw
        {
            // The sub-lines showed fewer draws than announced: the player chose not to draw them,
            // or the client did not list them. Either way the counts are no longer certain.
            self.state.players[p].hand.blur();
            self.state.players[p].deck.blur();
        }
    }

    pub(super) fn begin_turn(&mut self, index: usize, named: Option<&str>) -> Applied {
        let previous = self.state.to_move;
        let hinted = self.lines.hints.turn_player.get(index).cloned().flatten();
        let player = named
            .and_then(|n| self.player(n))
            .or_else(|| hinted.as_deref().and_then(|n| self.player(n)))
            .or_else(|| previous.map(|p| 1 - p))
            .or(self.state.first_player);
        if matches!(self.state.phase, Phase::Start | Phase::Setup) {
            let prizes = self.state.prize_count;
            for ps in &mut self.state.players {
                ps.prizes_left = Some(prizes);
                ps.deck.add(-prizes);
            }
        }
        if let Some(ended) = previous {
            self.clear_expired_paralysis(ended);
        }
        self.state.phase = Phase::Turn;
        self.state.turn += 1;
        self.state.counters = TurnCounters::default();
        self.state.to_move = player;
        self.knocked_out.clear();
        self.trainers_this_turn.clear();
        self.forget_old_uses();
        self.expect_draw = player;
        let Some(p) = player else {
            return Applied::note(Note::Unsure(
                "cannot tell whose turn this is: the header names no player and no line after it does"
                    .to_string(),
            ));
        };
        if self.state.first_player.is_none() {
            self.state.first_player = Some(p);
        }
        self.state.players[p].turns_taken += 1;
        if !self.edition.first_player_draws() && self.state.first_players_first_turn(p) {
            self.expect_draw = None;
        }
        let name = self.state.players[p].name.clone();
        let how = if named.is_none() {
            " (the header does not name the player; read from the lines that follow)"
        } else {
            ""
        };
        Applied::info(sentence!("turn {}: {name}{how}", self.state.turn))
    }

    /// The draw that begins a turn: a top-level line by the player to draw (the draw), or any
    /// other action or header, ends the wait for it.
    pub(super) fn note_turn_draw(&mut self, event: &Event, depth: Depth) {
        let Some(p) = self.expect_draw else { return };
        if depth != Depth::Top {
            return;
        }
        match event {
            Event::Drew { player, .. } if self.state.player_named(player) == Some(p) => {
                self.expect_draw = None;
            }
            Event::GameEnd { .. } | Event::GameDrawn | Event::Blank => {}
            e if hints::actor(e).is_some()
                || matches!(e, Event::TurnHeader { .. } | Event::CheckupHeader) =>
            {
                self.expect_draw = None;
            }
            _ => {}
        }
    }

    pub(super) fn drew(&mut self, player: &str, card: &CardRef, sub: bool) -> Applied {
        let Some(named) = self.player(player) else {
            return Applied::note(Note::unknown_player(player));
        };
        let n = card.count() as i32;
        let mut p = named;
        if sub && !self.action.hand_shuffles.is_empty() {
            // After `- X shuffled their hand.` lines (Iono, Special Red Card), the draws that
            // follow belong to those players, in the order of the shuffles, whatever name the
            // client writes on them.
            if let Some(&q) = self.action.hand_shuffles.get(self.action.draws_seen) {
                p = q;
            }
            self.action.draws_seen += 1;
        } else if let (true, Source::Stadium(_), Some(user), false) = (
            sub,
            &self.action.source,
            self.action.player,
            self.action
                .effect
                .as_ref()
                .is_some_and(|e| e.touches_both_players()),
        ) {
            // A Stadium's effect is drawn by the player who used it; the client may write the
            // Stadium's owner on the line.
            p = user;
        } else if sub
            && self
                .action
                .effect
                .as_ref()
                .is_some_and(|e| e.touches_both_players())
        {
            // Every player draws, with no shuffle lines to tell the draws apart: the names on
            // the lines may be wrong. When the text gives each player a different number, the
            // number says whose draw it is; two draws of the same number are one for each
            // player, whoever's they are.
            let by_number = self
                .action
                .effect
                .as_ref()
                .and_then(|e| e.draws_of_each())
                .filter(|(mine, theirs)| mine != theirs && (n == *mine || n == *theirs));
            if let (Some((mine, _)), Some(user), 2) =
                (by_number, self.action.player, self.state.players.len())
            {
                let q = if n == mine { user } else { 1 - user };
                let ps = &mut self.state.players[q];
                ps.deck.add(-n);
                ps.hand.add(n);
                if card.count() > 1 || matches!(card, CardRef::Hidden { .. }) {
                    self.list = Some(ListUse::Ignore);
                }
                return Applied::default();
            }
            match self.action.both_draws {
                Some(b) if b.lines == 1 && b.n == n && self.state.players.len() == 2 => {
                    for (i, ps) in self.state.players.iter_mut().enumerate() {
                        ps.hand = b.hands[i];
                        ps.hand.add(n);
                        ps.deck = b.decks[i];
                        ps.deck.add(-n);
                    }
                    self.action.both_draws = Some(BothDraws { lines: 2, ..b });
                    if card.count() > 1 || matches!(card, CardRef::Hidden { .. }) {
                        self.list = Some(ListUse::Ignore);
                    }
                    return Applied::default();
                }
                Some(ref mut b) => b.lines += 1,
                None if self.state.players.len() == 2 => {
                    let s = &self.state.players;
                    self.action.both_draws = Some(BothDraws {
                        n,
                        lines: 1,
                        hands: [s[0].hand, s[1].hand],
                        decks: [s[0].deck, s[1].deck],
                    });
                }
                None => {}
            }
            for ps in &mut self.state.players {
                ps.hand.blur();
                ps.deck.blur();
            }
        }
        if let Some((q, left)) = self.extra_draws
            && sub
            && q == p
            && self.action.source == Source::MulliganDraw
        {
            self.extra_draws = Some((q, left.saturating_sub(n as u32)));
        }
        let ps = &mut self.state.players[p];
        ps.deck.add(-n);
        ps.hand.add(n);
        if !sub && self.state.to_move == Some(p) && !self.state.counters.drew_for_turn {
            self.state.counters.drew_for_turn = true;
        }
        if card.count() > 1 || matches!(card, CardRef::Hidden { .. }) {
            self.list = Some(ListUse::Ignore);
        }
        Applied::default()
    }

    /// Where a top-level line inside a Checkup block puts the Checkup in its order.
    pub(super) fn advance_checkup(&mut self, index: usize, event: &Event, depth: Depth) {
        if depth != Depth::Top || matches!(event, Event::Blank | Event::CheckupHeader) {
            return;
        }
        match self.lines.checkup_step(index, event) {
            Some(c) if condition_rank(c) > 0 => {
                self.checkup.rank = self.checkup.rank.max(condition_rank(c));
                self.checkup.seen_condition = true;
            }
            _ => {
                if matches!(
                    event,
                    Event::KnockOut { .. }
                        | Event::TookPrizes { .. }
                        | Event::AddedToHand { .. }
                        | Event::Promote { .. }
                        | Event::DiscardFromPokemon { .. }
                ) {
                    // Knock Outs are part of whatever step caused them.
                } else if self.checkup.seen_condition {
                    self.checkup.others_after = true;
                }
            }
        }
    }

    /// At the start of a turn: Paralysis the Checkup should have ended.
    pub(super) fn clear_expired_paralysis(&mut self, ended: PlayerIdx) {
        if let Some(id) = self.state.players[ended].active
            && self.state.position(id) == Some(Position::Active)
        {
            let now = self.state.turn;
            let mon = self.state.mon_mut(id);
            if let Some(turn) = mon.paralyzed_turn
                && turn < now
            {
                mon.conditions.retain(|c| *c != Condition::Paralyzed);
                mon.paralyzed_turn = None;
            }
        }
    }

    /// A coin flipped in a Pokémon Checkup: when it shows heads and its player's Active Pokémon
    /// is Asleep, it may have been that Pokémon's Asleep coin, which wakes it up; unless the next
    /// line ends another of its Special Conditions (then it was that condition's coin), the
    /// Pokémon may be awake even if no line says so.
    pub(super) fn checkup_coin(&mut self, index: usize, player: &str, heads: u32) {
        let Some(p) = self.player(player) else { return };
        let Some(id) = self.state.players[p].active else {
            return;
        };
        if heads == 0 || !self.state.mon(id).has(Condition::Asleep) {
            return;
        }
        let next = self.lines.log.lines[index + 1..]
            .iter()
            .find(|l| l.depth == Depth::Top && !matches!(l.event, Event::Blank));
        let other_condition = next.is_some_and(|l| {
            matches!(&l.event, Event::ConditionRemoved { condition, .. } if *condition != Condition::Asleep)
        });
        if !other_condition {
            self.state.mon_mut(id).may_have_woken = true;
        }
    }
}
