//! Analysis for players: a game summarised from its replay (result and how, the Prize race,
//! Knock Outs, damage, the cards each side showed, a deck label), a deck list checked against
//! the cards a log shows, and stats over many games. Pure: every function here is a fold over
//! a verified game's steps ([`crate::report::Report`]); the log is never parsed again.
//!
//! - [`summary`]: the game at a glance ([`summarise`]).
//! - [`cards_seen`]: each side's cards with the fewest copies the log proves.
//! - [`deck_label`]: a deck's name from the Pokémon that attacked or evolved most.
//! - [`deck_check`]: the cards shown against a registered list.
//! - [`prize_race`]: the race turn by turn and its SVG chart.
//! - [`stats`]: games, wins and losses per deck and matchup, first against second.
//! - [`text`]: the summary as text.

pub mod cards_seen;
pub mod deck_check;
pub mod deck_label;
pub mod kinds;
pub mod prize_race;
pub mod stats;
pub mod stats_chart;
pub mod summary;
pub mod text;

pub use cards_seen::{CardGroup, SeenCard, SideCards, Way};
pub use deck_check::{DeckCheck, Mismatch, check_deck};
pub use kinds::{Cards, Group, Kind};
pub use prize_race::{PrizeRace, prize_race, prize_race_svg};
pub use stats::{Sides, Stats, stats};
pub use summary::{GameSummary, KnockOut, summarise};

use crate::cards::CardDb;
use crate::report::Report;

/// Summarise a verified game with the card data it was verified with (or none).
pub fn summary(report: &Report, cards: Option<&CardDb>) -> GameSummary {
    summarise(report, Cards::new(cards))
}
