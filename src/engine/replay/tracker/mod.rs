//! The tracker: folds each log line's event into the visible [`GameState`] and the bookkeeping
//! the replay keeps beside it (the current action and its effect text, what the next card list
//! names, extra mulligan draws, the Knock Out window, trainers played this turn, Checkup
//! progress, the Pokémon damaged by the current action). It decides nothing about legality.

use std::rc::Rc;

use crate::cards::CardDb;
use crate::log::{Condition, Depth, Destination, Event, ParsedLog, Text};

use super::super::checkup_order::condition_rank;
use super::super::edition::RuleEdition;
use super::super::effect::{EffectText, Zone};
use super::super::facts;
use super::super::hints;
use super::super::resolve::{self, Found};
use super::super::state::{GameState, PlayerIdx, PokemonId, Position};
use super::card_facts::{self, CardFacts};
use super::log_view::LogView;

pub mod records;

/// What produced the sub-lines that follow a top-level line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Source {
    #[default]
    None,
    Trainer(Text),
    Ability(Option<PokemonId>, Text),
    Attack(Option<PokemonId>, Text),
    Activated(Text),
    Stadium(Text),
    MulliganDraw,
    Other,
}

/// The top-level line the current sub-lines belong to.
#[derive(Debug, Clone, Default)]
pub struct Action {
    pub player: Option<PlayerIdx>,
    pub source: Source,
    pub effect: Option<Rc<EffectText>>,
    /// Players whose hand an effect shuffled, in order (`- X shuffled their hand.`).
    pub hand_shuffles: Vec<PlayerIdx>,
    pub puts_seen: usize,
    pub draws_seen: usize,
}

/// What the next card list names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListUse {
    /// Shown for information (an opening hand, a mulligan reveal, drawn cards).
    Ignore,
    /// Pokémon put onto the Bench from the deck.
    BenchFromDeck(PlayerIdx),
    /// Cards that went to the discard pile.
    Discarded(PlayerIdx),
    /// Cards discarded from a Pokémon in play.
    DiscardedFrom(PokemonId),
    /// Cards shuffled into the deck; those that were in the discard pile or in play leave it.
    ShuffledIn(PlayerIdx, Option<Zone>),
    /// Cards moved to a zone the engine records by name.
    MovedTo(PlayerIdx, Destination),
    /// The hand a mulligan reveals.
    MulliganReveal(PlayerIdx),
}

/// A Knock Out in the current window, for the Prize and promotion checks.
#[derive(Debug, Clone)]
pub struct KnockedOut {
    pub owner: PlayerIdx,
    pub prizes: u32,
    pub clause: &'static str,
    pub why: String,
    /// The Knocked Out Pokémon's cards (an Energy on it may change the Prize count).
    pub cards: Vec<Text>,
    pub was_active: bool,
}

/// A damage line that could mean any of several Pokémon of one name: whichever it meant, that
/// Pokémon took `amount`.
#[derive(Debug, Clone)]
pub struct AmbiguousHit {
    pub amount: i32,
    pub candidates: Vec<PokemonId>,
}

/// The current window (from a player action or header to the next): its Knock Outs, the Prize
/// cards each player took, promotions, and what opened it.
#[derive(Debug, Clone, Default)]
pub struct Window {
    pub knock_outs: Vec<KnockedOut>,
    pub prizes: [u32; 2],
    pub promotions: u32,
    pub source: Option<Source>,
    /// Damage lines of this window that could mean several Pokémon of one name.
    pub ambiguous_hits: Vec<AmbiguousHit>,
}

/// Where the Checkup is in its order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckupProgress {
    /// The highest Special Condition step seen so far (1 Poisoned … 4 Paralyzed).
    pub rank: u8,
    pub seen_condition: bool,
    /// An other effect came after a Special Condition step.
    pub others_after: bool,
}

/// The visible state of one replay and the bookkeeping kept beside it.
pub struct Tracker<'a> {
    pub lines: LogView<'a>,
    pub cards: CardFacts<'a>,
    pub edition: RuleEdition,
    pub state: GameState,
    pub action: Action,
    pub list: Option<ListUse>,
    pub extra_draws: Option<(PlayerIdx, u32)>,
    pub stadium_discard: Option<(PlayerIdx, Text)>,
    /// Pokémon Knocked Out since the last player action, for lines that refer to them after.
    pub knocked_out: Vec<PokemonId>,
    pub log_owner: Option<PlayerIdx>,
    pub sudden_death_next: bool,
    /// The player whose turn began and who has not drawn yet.
    pub expect_draw: Option<PlayerIdx>,
    pub window: Window,
    /// Trainer cards played this turn (an effect may change a Prize count).
    pub trainers_this_turn: Vec<Text>,
    pub checkup: CheckupProgress,
    /// The player whose mulligan the next reveal shows.
    pub mulligan_player: Option<PlayerIdx>,
    /// Pokémon the current action already damaged: a spread attack's next "took N damage" of
    /// the same name means another one.
    pub damaged_this_action: Vec<PokemonId>,
}

/// The two player names a state needs: the log's, padded when a cut log names fewer.
fn player_names(log: &ParsedLog) -> Vec<Text> {
    let mut names = log.players.clone();
    while names.len() < 2 {
        names.push(compact_str::format_compact!(
            "(unnamed player {})",
            names.len() + 1
        ));
    }
    names
}

impl<'a> Tracker<'a> {
    pub fn new(log: &'a ParsedLog, cards: Option<&'a CardDb>, edition: RuleEdition) -> Tracker<'a> {
        let lines = LogView::new(log);
        let state = GameState::new(&player_names(log));
        let log_owner = lines
            .hints
            .log_owner
            .as_deref()
            .and_then(|n| state.player_named(n));
        Tracker {
            lines,
            cards: CardFacts::new(cards),
            edition,
            state,
            action: Action::default(),
            list: None,
            extra_draws: None,
            stadium_discard: None,
            knocked_out: Vec::new(),
            log_owner,
            sudden_death_next: false,
            expect_draw: None,
            window: Window::default(),
            trainers_this_turn: Vec::new(),
            checkup: CheckupProgress::default(),
            mulligan_player: None,
            damaged_this_action: Vec::new(),
        }
    }
}

impl Tracker<'_> {
    /// The draw that begins a turn: a top-level line by the player to draw (the draw), or any
    /// other action or header, ends the wait for it.
    pub fn note_turn_draw(&mut self, event: &Event, depth: Depth) {
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

    /// Where a top-level line inside a Checkup block puts the Checkup in its order.
    pub fn advance_checkup(&mut self, index: usize, event: &Event, depth: Depth) {
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
    pub fn clear_expired_paralysis(&mut self, ended: PlayerIdx) {
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

    /// Which Pokémon a Knock Out line means when its owner has several of that name: the one
    /// whose damage reached its HP (if only one did), else the Active one, else any.
    pub fn knock_out_target(&self, found: Found, owner: Option<PlayerIdx>, name: &str) -> Found {
        let Some(owner) = owner else { return found };
        let all = resolve::candidates(&self.state, owner, name, None);
        if all.len() < 2 {
            return found;
        }
        let lethal: Vec<PokemonId> = all
            .iter()
            .copied()
            .filter(|id| {
                let m = self.state.mon(*id);
                matches!(self.cards.hp_bounds(&self.state, *id), Ok((_, hi)) if m.damage.saturating_add(m.missing_damage) >= hi)
            })
            .collect();
        match lethal.as_slice() {
            [one] => Found::One(*one),
            [] => found,
            several => resolve::pick(&self.state, several.to_vec(), true, |m| i64::from(m.damage)),
        }
    }

    /// Record a Knock Out for the Prize check.
    pub fn record_knock_out(&mut self, id: PokemonId) {
        let m = self.state.mon(id);
        let (prizes, clause, why) = facts::prize_value(&self.cards.info, m.name(), &m.uses)
            .unwrap_or((
                1,
                "pokemon.single-prize",
                format!("{}: 1 Prize card", m.name()),
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
}
