//! The log around a line, as the tracker and the judges read it: the window a line belongs to
//! (from one player action or phase header to the next), the `Damage breakdown` block of an
//! attack line, the lookahead hints computed once before the replay, and the attack lines that
//! show plain printed damage.

use std::cell::OnceCell;
use std::ops::Range;

use rustc_hash::FxHashMap;

use crate::log::{BreakdownItem, CardRef, Condition, Depth, Event, LogLine, ParsedLog, Text};

use super::super::hints::{self, Hints};
use super::roles::Role;

/// Attack lines that show plain printed damage: (line index, damage), by attacker and attack.
pub type PlainUses = FxHashMap<(Text, Text), Vec<(usize, i32)>>;

/// The parsed log with what is read from it ahead of the line being replayed.
pub struct LogView<'a> {
    pub log: &'a ParsedLog,
    pub hints: Hints,
    /// What each line is in the game (an action, a report, a header, …): windows open and close
    /// only on actions and headers.
    pub roles: Vec<Role>,
    /// Attack lines that show plain printed damage, by attacker and attack (made on first use).
    plain_uses: OnceCell<PlainUses>,
}

impl<'a> LogView<'a> {
    /// The log with its lookahead hints; every top-level line is taken as its event's usual
    /// role until [`LogView::set_roles`] gives the roles the card data decides.
    pub fn new(log: &'a ParsedLog) -> LogView<'a> {
        LogView {
            log,
            hints: hints::compute(log),
            roles: Vec::new(),
            plain_uses: OnceCell::new(),
        }
    }

    pub fn set_roles(&mut self, roles: Vec<Role>) {
        self.roles = roles;
    }

    /// The role of line `index`.
    #[inline]
    pub fn role(&self, index: usize) -> Role {
        match self.roles.get(index) {
            Some(r) => *r,
            None => default_role(&self.log.lines[index]),
        }
    }

    /// Line `index` opens a new window.
    #[inline]
    pub fn is_boundary(&self, index: usize) -> bool {
        self.role(index).is_boundary()
    }

    /// The lines of the current window (from the last player action or header to the next):
    /// indices into the log.
    pub fn window(&self, index: usize) -> Range<usize> {
        let lines = &self.log.lines;
        let start = (0..=index.min(lines.len().saturating_sub(1)))
            .rev()
            .find(|i| self.is_boundary(*i))
            .unwrap_or(0);
        let end = (index + 1..lines.len())
            .find(|i| self.is_boundary(*i))
            .unwrap_or(lines.len());
        start..end
    }

    /// The sub-lines of the line at `index`: the lines after it up to the next top-level line
    /// that is not blank (its effects, coins, lists and breakdown).
    pub fn sub_lines(&self, index: usize) -> &'a [LogLine] {
        let after = self.log.lines.get(index + 1..).unwrap_or_default();
        let end = after
            .iter()
            .position(|l| l.depth == Depth::Top && !matches!(l.event, Event::Blank))
            .unwrap_or(after.len());
        &after[..end]
    }

    /// The cards the line at `index` names for `card`: the card itself, or for a count the
    /// list on the line under it; `None` when the log counts them without naming them.
    pub fn cards_named(&self, index: usize, card: &'a CardRef) -> Option<Vec<&'a Text>> {
        match card {
            CardRef::Named { card } => Some(vec![&card.name]),
            CardRef::Hidden { .. } => match self.log.lines.get(index + 1).map(|l| &l.event) {
                Some(Event::CardList { cards }) => Some(cards.iter().map(|c| &c.name).collect()),
                _ => None,
            },
        }
    }

    /// The `Damage breakdown` block of an attack line: right after it, or (for an attack an
    /// effect makes, shown as a sub-line) right before it.
    pub fn breakdown_for(&self, index: usize, sub: bool) -> Option<Vec<BreakdownItem>> {
        let lines = &self.log.lines;
        // Only the first block: a second one right after it lists effects on a Pokémon the
        // damage is then applied to (an Ability of the defender), not the attack line's number.
        let mut items = Vec::new();
        let mut i = index + 1;
        while let Some(l) = lines.get(i) {
            match &l.event {
                Event::BreakdownHeader if items.is_empty() => {}
                Event::Breakdown { item } => items.push(item.clone()),
                _ => break,
            }
            i += 1;
        }
        if !items.is_empty() {
            return Some(items);
        }
        if !sub {
            return None;
        }
        let mut i = index;
        let mut block = Vec::new();
        while i > 0 {
            i -= 1;
            match &lines[i].event {
                Event::Blank if block.is_empty() => {}
                Event::Breakdown { item } => block.push(item.clone()),
                Event::BreakdownHeader => {
                    block.reverse();
                    return (!block.is_empty()).then_some(block);
                }
                _ => return None,
            }
        }
        None
    }

    /// The Special Condition step a Checkup line belongs to, if any (a coin flipped for a
    /// condition belongs to the condition the lines around it name).
    pub fn checkup_step(&self, index: usize, event: &Event) -> Option<Condition> {
        match event {
            Event::ConditionDamage { condition, .. }
            | Event::ConditionRemoved { condition, .. } => Some(*condition),
            Event::CoinFlip { .. } => {
                // A coin for a condition: the condition the lines around it name.
                let near = |l: &LogLine| match &l.event {
                    Event::ConditionDamage { condition, .. }
                    | Event::ConditionRemoved { condition, .. } => Some(*condition),
                    _ => None,
                };
                self.log
                    .lines
                    .get(index + 1)
                    .and_then(near)
                    .or_else(|| index.checked_sub(1).and_then(|i| near(&self.log.lines[i])))
            }
            _ => None,
        }
    }

    /// Every attack line without Weakness, Resistance or a breakdown, by attacker and attack
    /// name (read once per log).
    pub fn plain_uses(&self) -> &PlainUses {
        self.plain_uses.get_or_init(|| {
            let mut m: PlainUses = Default::default();
            for (i, l) in self.log.lines.iter().enumerate() {
                if let Event::Attack(a) = &l.event
                    && a.weakness.is_none()
                    && a.resistance.is_none()
                    && self.breakdown_for(i, l.depth != Depth::Top).is_none()
                {
                    m.entry((a.pokemon.name.clone(), a.attack.clone()))
                        .or_default()
                        .push((i, a.damage));
                }
            }
            m
        })
    }
}

/// The role a line has by its event alone (when no card data decides it).
fn default_role(line: &LogLine) -> Role {
    if line.depth != Depth::Top {
        Role::SubLine
    } else if starts_player_action(&line.event) {
        Role::Action
    } else if is_boundary(&line.event) {
        Role::Header
    } else {
        Role::Report
    }
}

/// Lines that may begin a new player action (after which earlier Knock Outs are settled); which
/// of them do is the line's [`Role`].
fn starts_player_action(event: &Event) -> bool {
    matches!(
        event,
        Event::PlayCard { .. }
            | Event::PlayToBench { .. }
            | Event::PlayToStadium { .. }
            | Event::Attach { .. }
            | Event::Evolve { .. }
            | Event::Retreat { .. }
            | Event::Use { .. }
            | Event::Attack { .. }
            | Event::EndTurn { .. }
            | Event::TurnHeader { .. }
    )
}

/// Lines that may open a new window: a player action or a phase header.
fn is_boundary(event: &Event) -> bool {
    starts_player_action(event)
        || matches!(
            event,
            Event::CheckupHeader | Event::SetupHeader | Event::GameEnd { .. } | Event::GameDrawn
        )
}
