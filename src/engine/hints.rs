//! Facts about a line that need the lines after it: who plays a turn whose header lost the
//! name, whether a "used" line ends the turn (an attack) or not (an Ability), who exported the
//! log. Computed once before the replay, so the replay itself stays a step-by-step fold.

use crate::log::{CardRef, Depth, Event, ParsedLog, Text};

/// Per-line lookahead facts.
#[derive(Debug, Clone, Default)]
pub struct Hints {
    /// For a turn header: the player named by the first action of that turn.
    pub turn_player: Vec<Option<Text>>,
    /// For a `used` line: true when the next action line is a new turn, a Checkup or the end.
    pub ends_turn: Vec<bool>,
    /// The player whose own cards the log names (the one who exported it).
    pub log_owner: Option<Text>,
    /// The log lists that player's opening hand: only the exporter's is shown, so the owner is
    /// certain (else it is inferred from the first named draw).
    pub log_owner_certain: bool,
}

/// The player an event is about, for turn-player inference.
pub fn actor(event: &Event) -> Option<&str> {
    Some(match event {
        Event::Drew { player, .. }
        | Event::PlayCard { player, .. }
        | Event::PlayToBench { player, .. }
        | Event::PlayToActive { player, .. }
        | Event::PlayToStadium { player, .. }
        | Event::Attach { player, .. }
        | Event::Evolve { player, .. }
        | Event::Retreat { player, .. }
        | Event::Use { player, .. }
        | Event::EndTurn { player }
        | Event::TimedOut { player } => player,
        Event::Attack(a) => &a.player,
        _ => return None,
    })
}

/// Events that follow an attack before the turn passes (they resolve it).
fn resolves_attack(event: &Event) -> bool {
    matches!(
        event,
        Event::KnockOut { .. }
            | Event::TookPrizes { .. }
            | Event::AddedToHand { .. }
            | Event::Promote { .. }
            | Event::Activated { .. }
            | Event::DiscardFromPokemon { .. }
            | Event::TookDamage { .. }
            | Event::Blank
            | Event::Breakdown { .. }
            | Event::BreakdownHeader
            | Event::CardList { .. }
            | Event::Prevented { .. }
            | Event::ConditionApplied { .. }
            | Event::Switch { .. }
    )
}

pub fn compute(log: &ParsedLog) -> Hints {
    let n = log.lines.len();
    let mut hints = Hints {
        turn_player: vec![None; n],
        ends_turn: vec![false; n],
        log_owner: None,
        log_owner_certain: false,
    };
    for (i, line) in log.lines.iter().enumerate() {
        match &line.event {
            Event::TurnHeader { .. } => {
                hints.turn_player[i] = log.lines[i + 1..]
                    .iter()
                    .take_while(|l| {
                        !matches!(l.event, Event::TurnHeader { .. } | Event::CheckupHeader)
                    })
                    .filter(|l| l.depth == Depth::Top)
                    .find_map(|l| actor(&l.event).map(Text::from));
            }
            Event::Use { .. } | Event::Attack { .. } if line.depth == Depth::Top => {
                let next = log.lines[i + 1..]
                    .iter()
                    .find(|l| l.depth == Depth::Top && !resolves_attack(&l.event));
                hints.ends_turn[i] = match next {
                    None => true,
                    Some(l) => matches!(
                        l.event,
                        Event::TurnHeader { .. }
                            | Event::CheckupHeader
                            | Event::GameEnd { .. }
                            | Event::GameDrawn
                    ),
                };
            }
            _ => {}
        }
    }
    (hints.log_owner, hints.log_owner_certain) = match log_owner(log) {
        Some((name, certain)) => (Some(name), certain),
        None => (None, false),
    };
    hints
}

/// The exporter: the player whose opening hand is listed, or whose turn draws name the card.
fn log_owner(log: &ParsedLog) -> Option<(Text, bool)> {
    let lines = &log.lines;
    for (i, line) in lines.iter().enumerate() {
        if let Event::OpeningHand { player, .. } = &line.event {
            let listed = lines[i + 1..]
                .iter()
                .take(2)
                .any(|l| matches!(l.event, Event::CardList { .. }));
            if listed {
                return Some((player.clone(), true));
            }
        }
    }
    let mut prev_header = false;
    for line in lines {
        if prev_header
            && let Event::Drew {
                player,
                card: CardRef::Named { .. },
            } = &line.event
        {
            return Some((player.clone(), false));
        }
        prev_header = matches!(line.event, Event::TurnHeader { .. });
    }
    None
}
