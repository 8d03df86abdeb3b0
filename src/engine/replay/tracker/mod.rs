//! The tracker: folds each log line's event into the visible [`GameState`] and the bookkeeping
//! the replay keeps beside it (the current action and its effect text, what the next card list
//! names, extra mulligan draws, the Knock Out window, trainers played this turn, Checkup
//! progress, the Pokémon damaged by the current action). It decides nothing about legality.

use std::sync::Arc;

use crate::cards::CardDb;
use crate::log::{Depth, Destination, Event, LogLine, OncePerGame, ParsedLog, Shuffled, Text};

use super::super::edition::RuleEdition;
use super::super::effect::{EffectText, Zone};
use super::super::in_force::Used;
use super::super::resolve::Claim;
use super::super::state::{GameState, Phase, PlayerIdx, Pokemon, PokemonId, Position};
use super::card_facts::CardFacts;
use super::log_view::LogView;
use super::roles::{self, Role};
use records::{Applied, Note, Resolved};

mod board;
mod damage;
mod knockout;
mod play;
pub mod records;
mod resolve;
mod turns;
pub mod used;
mod zones;

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
    pub effect: Option<Arc<EffectText>>,
    /// Players whose hand an effect shuffled, in order (`- X shuffled their hand.`).
    pub hand_shuffles: Vec<PlayerIdx>,
    pub puts_seen: usize,
    pub draws_seen: usize,
    /// Draws under an effect that makes each player draw, whose lines may name the wrong
    /// player: the first draw's number and the counts before it.
    pub both_draws: Option<BothDraws>,
}

/// The first draw under an effect that makes each player draw (see [`Action::both_draws`]).
#[derive(Debug, Clone, Copy)]
pub struct BothDraws {
    pub n: i32,
    /// Draw lines seen under the effect.
    pub lines: u32,
    pub hands: [crate::engine::state::Count; 2],
    pub decks: [crate::engine::state::Count; 2],
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
    /// Owners of Pokémon whose Knock Out line the tracker could not follow exactly (no
    /// Pokémon of that name in play, or several that it could not tell apart): which Pokémon
    /// left play, and what it was worth, is not known.
    pub unsure_knock_outs: Vec<Option<PlayerIdx>>,
    /// Pokémon that took damage from a damage line in this window (an attack's, "took N").
    pub hit_by_damage: Vec<PokemonId>,
    /// Pokémon that had damage counters put on them in this window.
    pub countered: Vec<PokemonId>,
    /// Pokémon whose Knock Out the client did not write: counters put them at their HP and
    /// the cards under them were discarded (see `Tracker::implied_knock_out`).
    pub implied_knock_outs: Vec<(usize, PokemonId)>,
}

impl Window {
    /// A Knock Out of `owner`'s Pokémon in this window was not followed exactly (`None`: the
    /// owner is not known either, so any player's).
    pub fn unsure_knock_out_of(&self, owner: PlayerIdx) -> bool {
        self.unsure_knock_outs
            .iter()
            .any(|o| o.is_none_or(|o| o == owner))
    }
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
    /// The Pokémon that retreated on the last top-level line: the Pokémon promoted in its place
    /// is another one.
    pub retreated: Option<PokemonId>,
    /// Trainer cards played, Abilities and attacks used in this turn and the two before.
    pub used: Vec<Used>,
    /// Pokémon names whose track the state lost (by owner): those Pokémon stay uncertain.
    pub lost: Vec<(PlayerIdx, Text)>,
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
        let mut lines = LogView::new(log);
        let cards = CardFacts::for_edition(cards, edition);
        lines.set_roles(roles::compute(log, &lines.hints, &cards));
        let state = GameState::new(&player_names(log));
        let log_owner = lines
            .hints
            .log_owner
            .as_deref()
            .and_then(|n| state.player_named(n));
        Tracker {
            lines,
            cards,
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
            retreated: None,
            used: Vec::new(),
            lost: Vec::new(),
        }
    }
}

impl Tracker<'_> {
    /// The player a line names.
    pub fn player(&self, name: &str) -> Option<PlayerIdx> {
        self.state.player_named(name)
    }

    /// A line that opens a new window (a player action or a phase header): the Knock Outs,
    /// Prize cards, promotions and doubtful hits of the last one are forgotten.
    pub fn open_window(&mut self) {
        self.window.knock_outs.clear();
        self.window.ambiguous_hits.clear();
        self.window.unsure_knock_outs.clear();
        self.window.hit_by_damage.clear();
        self.window.countered.clear();
        self.window.implied_knock_outs.clear();
        self.window.prizes = [0; 2];
        self.window.promotions = 0;
    }

    /// Before a line's event is resolved: the turn's draw and the Checkup's order are followed,
    /// and a top-level line ends what the last action left pending (extra mulligan draws, the
    /// card list it announced, the Pokémon it Knocked Out, the action itself).
    pub fn start_line(&mut self, index: usize, line: &LogLine) {
        let top = line.depth == Depth::Top;
        self.note_turn_draw(&line.event, line.depth);
        if self.state.phase == Phase::Checkup {
            self.advance_checkup(index, &line.event, line.depth);
        }
        if top && !matches!(line.event, Event::Blank | Event::CardList { .. }) {
            self.settle_extra_draws();
            if !matches!(line.event, Event::Promote { .. }) {
                self.retreated = None;
            }
        }
        if !matches!(line.event, Event::CardList { .. } | Event::Blank) {
            // Cards the log counted but did not name went to (or left) a discard pile.
            match self.list.take() {
                Some(ListUse::Discarded(p))
                | Some(ListUse::MovedTo(p, Destination::Hand))
                | Some(ListUse::ShuffledIn(p, Some(Zone::Discard) | None)) => {
                    self.state.players[p].discard_unsure = true;
                }
                Some(ListUse::DiscardedFrom(id)) => {
                    let p = self.state.mon(id).owner;
                    self.state.players[p].discard_unsure = true;
                }
                _ => {}
            }
        }
        let role = self.lines.role(index);
        if role == Role::Action {
            self.knocked_out.clear();
        }
        if top {
            self.action = Action::default();
            if role.is_boundary() {
                self.damaged_this_action.clear();
            }
        }
    }

    /// After a line that opened a window: what opened it (the Prize check reads the effect).
    pub fn end_window_opener(&mut self) {
        self.window.source = Some(self.action.source.clone());
    }

    /// Fold line `index`'s event into the state, given what [`Tracker::resolve`] found it
    /// refers to. A line that cannot be followed as written (`resolved.lost`) changes what can
    /// still be followed of it.
    pub fn apply(&mut self, index: usize, line: &LogLine, r: &Resolved) -> Applied {
        if r.lost.is_none() {
            self.record_use(index, line, r);
        }
        let applied = self.apply_event(index, line, r);
        if let Some(Note::Lost { owner, name, .. }) = &applied.note {
            let (owner, name) = (owner.clone(), name.clone());
            self.lose_track(&owner, &name);
        }
        self.mark_lost();
        applied
    }

    /// The state lost track of a Pokémon: every Pokémon of that name its owner has in play,
    /// now or later in the game, is one the replay is unsure of.
    pub fn lose_track(&mut self, owner: &str, name: &str) {
        if let Some(p) = self.player(owner)
            && !self.lost.iter().any(|(q, n)| *q == p && n == name)
        {
            self.lost.push((p, Text::from(name)));
            // The tracked board is not the real one: a Pokémon may be in play that it does not
            // hold, or held that left.
            self.state.players[p].bench_unsure = true;
        }
        self.mark_lost();
    }

    fn mark_lost(&mut self) {
        if self.lost.is_empty() {
            return;
        }
        for (p, name) in &self.lost {
            let ids: Vec<_> = self.state.players[*p].in_play().collect();
            for id in ids {
                let mon = &mut self.state.pokemon[id as usize];
                if mon.name() == name.as_str() {
                    mon.uncertain = true;
                }
            }
        }
    }

    fn apply_event(&mut self, index: usize, line: &LogLine, r: &Resolved) -> Applied {
        let sub = line.depth != Depth::Top;
        match &line.event {
            Event::Blank => Applied::default(),
            Event::AfterGame => Applied::info(
                "not part of the game: text added below the line that ended it (such as a player's notes)",
            ),
            Event::Unparsed { why } => Applied::note(Note::Unparsed(sentence!(
                "{why}; the line is kept as written"
            ))),
            Event::SetupHeader => self.setup(),
            Event::CheckupHeader => {
                self.state.phase = Phase::Checkup;
                self.checkup = CheckupProgress::default();
                Applied::info("Pokémon Checkup")
            }
            Event::TurnHeader { player, .. } => self.begin_turn(index, player.as_deref()),
            Event::CoinChoice { player, face } => Applied::info(sentence!(
                "{player} calls {face:?} for the opening coin flip"
            )),
            Event::CoinTossWon { player } => {
                Applied::info(sentence!("{player} wins the coin toss"))
            }
            Event::TurnOrderChosen { player, first } => self.turn_order(player, *first),
            Event::OpeningHand { count, .. } => self.opening_hand(r.player, *count),
            Event::DrawnCards { .. } => {
                self.list = Some(ListUse::Ignore);
                Applied::default()
            }
            Event::MulliganReveal { .. } => {
                self.list = Some(match self.mulligan_player {
                    Some(p) => ListUse::MulliganReveal(p),
                    None => ListUse::Ignore,
                });
                Applied::default()
            }
            Event::Mulligan { player, count } => self.mulligan(player, *count),
            Event::MulliganExtraDraw { count, .. } => self.mulligan_extra_draw(r.player, *count),
            Event::PlayToActive { player, card } => {
                self.play_pokemon(r, player, card, Position::Active, sub)
            }
            Event::PlayToBench { player, card } => {
                self.play_pokemon(r, player, card, Position::Bench, sub)
            }
            Event::PlayToStadium { card, .. } => self.play_stadium(r, card, sub),
            Event::PlayCard { player, card } => self.play_card(r, player, card),
            Event::Drew { player, card } => self.drew(player, card, sub),
            Event::DrewAndPlayed { card, to, .. } => self.drew_and_played(r, card, *to),
            Event::Attach { card, .. } => self.attach(r, card, sub),
            Event::Evolve { to, .. } => self.evolve(r, to, sub),
            Event::Devolve(d) => self.devolve(&d.owner, &d.from, &d.to),
            Event::Retreat { .. } => self.retreat(r),
            Event::Promote { .. } => self.promote(r),
            Event::Switch(s) => self.switch(&s.first_owner, &s.first, &s.second_owner, &s.second),
            Event::Use { name, .. } => self.use_(r, name, sub),
            Event::Attack { .. } => self.attack(r, line),
            Event::TookDamage { damage, .. } => {
                if let Some(id) = r.pokemon.id() {
                    self.add_damage(&r.pokemon, (*damage).max(0));
                    self.window.hit_by_damage.push(id);
                }
                Applied::default()
            }
            Event::BreakdownHeader | Event::Breakdown { .. } => Applied::default(),
            Event::CardList { cards } => self.card_list(cards),
            Event::KnockOut { owner, pokemon } => self.knock_out(index, r, owner, pokemon),
            Event::TookPrizes { count, .. } => self.took_prizes(r, *count),
            Event::AddedToHand { .. } => Applied::default(),
            Event::Discard { player, card } => self.discard(player, card, sub),
            Event::DiscardFromPokemon {
                owner,
                pokemon,
                card,
            } => self.discard_from_pokemon(index, owner, pokemon, card),
            Event::Shuffle { player, what } => {
                if let (Some(p), Shuffled::Hand) = (self.player(player), what) {
                    self.action.hand_shuffles.push(p);
                }
                Applied::default()
            }
            Event::ShuffleInto { player, card, into } => self.shuffle_into(player, card, *into),
            Event::PutInDeck { player, card, .. } => self.put_in_deck(player, card),
            Event::Move {
                player,
                owner,
                card,
                to,
            } => self.move_card(player, owner, card, *to),
            Event::NoCardsMoved => Applied::default(),
            Event::PutCounters {
                count,
                owner,
                target,
                ..
            } => counted(self.put_counters(*count, owner, target)),
            Event::MoveCounters(m) => {
                counted(self.move_counters(m.count, &m.from_owner, &m.from, &m.to_owner, &m.to))
            }
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
            } => self.condition_applied(owner, pokemon, *condition),
            Event::ConditionRemoved {
                owner,
                pokemon,
                condition,
            } => Applied::with_note(self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
                m.conditions.retain(|c| c != condition)
            })),
            Event::AllConditionsRemoved { owner, pokemon } => Applied::with_note(
                self.with_pokemon(owner, pokemon, Claim::Trusted, |m| m.conditions.clear()),
            ),
            Event::Healed {
                owner,
                pokemon,
                amount,
            } => {
                let amount = *amount as i32;
                Applied::with_note(self.with_pokemon(owner, pokemon, Claim::Trusted, |m| {
                    m.damage = (m.damage - amount).max(0)
                }))
            }
            Event::Activated { card } => {
                self.action.source = Source::Activated(card.name.clone());
                self.action.effect = self.cards.card_effect(&card.name);
                Applied::default()
            }
            Event::CoinFlip { player, heads, .. } => {
                if self.state.phase == Phase::Checkup && !sub {
                    self.checkup_coin(index, player, *heads);
                }
                Applied::default()
            }
            Event::ChoseOption { option, .. } => {
                self.record_copied_attack(index, option);
                Applied::default()
            }
            Event::Reveal { .. }
            | Event::Prevented { .. }
            | Event::TeraEffect { .. }
            | Event::Reconnected { .. }
            | Event::TimedOut { .. }
            | Event::PerformedAction { .. }
            | Event::RpsChoice { .. }
            | Event::RpsWon { .. } => Applied::default(),
            Event::EndTurn { .. } => Applied::default(),
            Event::OncePerGameUsed { player, what } => {
                if let Some(p) = self.player(player) {
                    match what {
                        OncePerGame::GxAttack => self.state.players[p].gx_attack_used = true,
                        OncePerGame::VstarPower => self.state.players[p].vstar_power_used = true,
                        OncePerGame::Other(_) => {}
                    }
                }
                Applied::default()
            }
            Event::SuddenDeath => {
                self.sudden_death_next = true;
                Applied::info("Sudden Death: a new game with 1 Prize card each")
            }
            Event::GameDrawn => {
                self.state.phase = Phase::Ended;
                Applied::info("the game is a draw")
            }
            Event::GameEnd { winner, .. } => {
                self.state.phase = Phase::Ended;
                self.state.winner = self.player(winner);
                Applied::default()
            }
        }
    }
}

fn remove_one(list: &mut Vec<Text>, name: &str) {
    if let Some(i) = list.iter().position(|c| c == name) {
        list.remove(i);
    }
}

/// Remove a card from a Pokémon: an attached Energy or Tool, or a card under its top card.
impl Tracker<'_> {
    /// A card discarded from Pokémon `id`: when the tracker was unsure which of several
    /// Pokémon of one name took it and it is tracked on another of them, it came from the
    /// cards those Pokémon share between them (their attribution stays unsure).
    fn take_attached_or_sibling(&mut self, id: PokemonId, name: &str) {
        let mon = self.state.mon(id);
        let on_it = mon.energy.iter().chain(&mon.tools).any(|c| c == name)
            || mon.stack[..mon.stack.len().saturating_sub(1)]
                .iter()
                .any(|c| c == name);
        if !on_it && mon.uncertain {
            let sibling =
                crate::engine::resolve::candidates(&self.state, mon.owner, mon.name(), None)
                    .into_iter()
                    .find(|s| {
                        *s != id
                            && self.state.mon(*s).uncertain
                            && self.state.mon(*s).energy.iter().any(|c| c == name)
                    });
            if let Some(s) = sibling {
                take_attached(self.state.mon_mut(s), name);
                return;
            }
        }
        take_attached(self.state.mon_mut(id), name);
    }
}

fn take_attached(mon: &mut Pokemon, name: &str) {
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
        mon.identity_changed();
    }
}

/// A counters line whose Pokémon is a guess between several of one name: the guess makes the
/// damage on each unsure (the state says so), not the count the line states, which the
/// counters judge checks against the card's text.
fn counted(mut applied: Applied) -> Applied {
    if let Some(Note::Unsure(why)) = &applied.note {
        applied.note = Some(Note::Info(sentence!(
            "{why}; the damage on each of them is now unsure"
        )));
    }
    applied
}
