//! Line roles: what a top-level line is in the game. A player's **action** (a card played, an
//! Energy attached, an attack, an Ability the player chose to use, the end of a turn), a
//! **report** of what a card did on its own (a passive Ability that prevented or reduced damage,
//! an Ability of the player whose turn it is not, anything written for the player who is not
//! acting), a **header** (Setup, a turn, the Pokémon Checkup, the end of the game), a
//! **sub-line** (`- ` and `   • ` lines under another), or a **note** (a blank line, text
//! after the game, a line of no known shape).
//!
//! Windows (the Knock Out window after an attack, "the next action", what an attack ends) open
//! and close only on actions and headers: a report written between an attack and its Knock Out
//! line is part of the attack's window, never the player's next move.
//!
//! The role is decided from the line's template (its event), its place (whose turn it is, the
//! phase) and the card's text: an Ability whose text acts on its own (no "Once during your
//! turn, you may …": [`Activation::InPlay`] in the effect catalogue) is reported, not used. An
//! Ability the card data does not know is taken as a report too: a report that was an action
//! only leaves a window open longer (fewer findings), while an action that was a report would
//! close it early (a false one).

use crate::cards::effects::{Activation, TextKind};
use crate::log::{Depth, Event, LogLine, ParsedLog};

use super::super::hints::{self, Hints};
use super::card_facts::CardFacts;

/// What a line is in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A player's own move: it opens a new window.
    Action,
    /// What a card did on its own, or a line about the player who is not acting: it belongs to
    /// the window it is written in.
    Report,
    /// A phase or turn header, or the end of the game: it opens a new window.
    Header,
    /// A `- ` or `   • ` line under another line.
    SubLine,
    /// A blank line, notes after the game, a line of no known shape.
    Note,
}

impl Role {
    /// The line opens a new window (the ones before it close).
    pub fn is_boundary(self) -> bool {
        matches!(self, Role::Action | Role::Header)
    }
}

/// The phase the pre-pass is in (the replay's own phase is the tracker's).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Setup,
    Turn,
    Checkup,
    Ended,
}

/// The role of every line of a log.
pub fn compute(log: &ParsedLog, hints: &Hints, cards: &CardFacts<'_>) -> Vec<Role> {
    let mut roles = Vec::with_capacity(log.lines.len());
    let mut phase = Phase::Setup;
    let mut turn_player: Option<&str> = None;
    for (i, line) in log.lines.iter().enumerate() {
        let role = match &line.event {
            Event::TurnHeader { player, .. } => {
                phase = Phase::Turn;
                turn_player = player
                    .as_deref()
                    .or_else(|| hints.turn_player.get(i).and_then(|p| p.as_deref()));
                Role::Header
            }
            Event::CheckupHeader => {
                phase = Phase::Checkup;
                Role::Header
            }
            Event::SetupHeader => {
                phase = Phase::Setup;
                Role::Header
            }
            Event::GameEnd { .. } | Event::GameDrawn => {
                phase = Phase::Ended;
                Role::Header
            }
            _ => role_of(line, phase, turn_player, cards),
        };
        roles.push(role);
    }
    roles
}

/// The role of a line that is not a header.
fn role_of(line: &LogLine, phase: Phase, turn_player: Option<&str>, cards: &CardFacts<'_>) -> Role {
    if line.depth != Depth::Top {
        return Role::SubLine;
    }
    let event = &line.event;
    if matches!(
        event,
        Event::Blank | Event::AfterGame | Event::Unparsed { .. }
    ) {
        return Role::Note;
    }
    if !could_be_action(event) {
        return Role::Report;
    }
    // At setup both players put Pokémon into play: each line is that player's own move.
    if phase == Phase::Setup {
        return Role::Action;
    }
    // Nobody acts during the Pokémon Checkup or after the game.
    if matches!(phase, Phase::Checkup | Phase::Ended) {
        return Role::Report;
    }
    // A line about the player whose turn it is not is not that player's move. (An attack is
    // always the acting player's: a wrong name on it is the client's slip.)
    let actor = hints::actor(event);
    if let (Some(actor), Some(turn)) = (actor, turn_player)
        && actor != turn
        && !matches!(event, Event::Attack { .. } | Event::EndTurn { .. })
    {
        return Role::Report;
    }
    match event {
        Event::Use { pokemon, name, .. } => used(cards, &pokemon.name, name),
        _ => Role::Action,
    }
}

/// Lines that a player's move can be written as.
fn could_be_action(event: &Event) -> bool {
    matches!(
        event,
        Event::PlayCard { .. }
            | Event::PlayToBench { .. }
            | Event::PlayToActive { .. }
            | Event::PlayToStadium { .. }
            | Event::Attach { .. }
            | Event::Evolve { .. }
            | Event::Retreat { .. }
            | Event::Use { .. }
            | Event::Attack { .. }
            | Event::EndTurn { .. }
    )
}

/// `X's Y used Z.`: an attack, or an Ability the player chose to use, is an action; an Ability
/// that acts on its own (or one the card data does not know) is a report.
fn used(cards: &CardFacts<'_>, pokemon: &str, name: &str) -> Role {
    let Ok(effects) = cards.effects_named(pokemon) else {
        return Role::Report;
    };
    let mut found = false;
    for text in effects.texts().iter().filter(|t| t.name == name) {
        found = true;
        match (text.kind, text.activation) {
            (TextKind::Attack, _) | (_, Activation::WhenUsed) => return Role::Action,
            _ => {}
        }
    }
    // An attack or Ability this name's prints do not have: given by an attached card (a
    // Technical Machine, a Tool's Ability) or copied; the player chose it.
    if found { Role::Report } else { Role::Action }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardDb;
    use crate::engine::RuleEdition;
    use crate::log::parse_log;

    fn roles_of(text: &str, db: Option<&CardDb>) -> Vec<Role> {
        let log = parse_log(text.as_bytes()).unwrap();
        let hints = hints::compute(&log);
        let cards = CardFacts::for_edition(db, RuleEdition::ScarletViolet);
        compute(&log, &hints, &cards)
    }

    const GAME: &str = "Setup\n\
        Ben chose heads for the opening coin flip.\n\
        Ann won the coin toss.\n\
        Ann decided to go first.\n\
        Ben drew 7 cards for the opening hand.\n\
        Ann drew 7 cards for the opening hand.\n\
        Ann played Pikachu to the Active Spot.\n\
        Ben played Lechonk to the Active Spot.\n\
        \n\
        Ann's Turn\n\
        Ann drew a card.\n\
        Ann played Potion.\n\
        Ben's Lechonk used Stampede.\n\
        Ann's Pikachu used Gnaw on Ben’s Lechonk for 10 damage.\n\
        - Damage to Lechonk was prevented.\n\
        Ann ended their turn.\n";

    #[test]
    fn the_player_whose_turn_it_is_not_makes_no_move() {
        let roles = roles_of(GAME, None);
        assert_eq!(roles[6], Role::Action, "setup lines are each player's move");
        assert_eq!(roles[9], Role::Header);
        assert_eq!(roles[10], Role::Report, "the turn's draw is no move");
        assert_eq!(roles[11], Role::Action, "Ann plays a card in her turn");
        assert_eq!(
            roles[12],
            Role::Report,
            "Ben's Pokémon cannot act in Ann's turn"
        );
        assert_eq!(roles[13], Role::Action, "Ann's attack");
        assert_eq!(roles[14], Role::SubLine);
        assert_eq!(roles[15], Role::Action);
        assert!(!roles[12].is_boundary() && roles[13].is_boundary());
    }

    #[test]
    fn an_unknown_ability_of_the_acting_player_is_taken_as_a_report() {
        // Without card data nothing tells an Ability from an attack: the line keeps windows
        // open rather than closing them early.
        let text = GAME.replace("Ben's Lechonk used Stampede.", "Ann's Pikachu used Static.");
        let roles = roles_of(&text, None);
        assert_eq!(roles[12], Role::Report);
    }
}
