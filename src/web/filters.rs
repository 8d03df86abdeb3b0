//! The replay page's filters: one player's actions, the other's, `info` lines hidden, only
//! `unverified` lines (beside the violations-only view the page had). A line under an action
//! (`- …`, `   • …`) goes with the action above it.

use crate::engine::Verdict;
use crate::log::Event;
use crate::report::StepReport;

/// Which steps a replay page shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepFilter {
    /// Only the steps of this player's actions.
    pub player: Option<String>,
    pub hide_info: bool,
    pub only_unverified: bool,
}

impl StepFilter {
    pub fn is_empty(&self) -> bool {
        *self == StepFilter::default()
    }

    /// Whether `step` is shown; `actor` is the player of the action it belongs to.
    pub fn keep(&self, step: &StepReport, actor: Option<&str>) -> bool {
        if self.hide_info && step.verdict == Verdict::Info {
            return false;
        }
        if self.only_unverified && step.verdict != Verdict::Unverified {
            return false;
        }
        match &self.player {
            Some(p) => actor == Some(p.as_str()),
            None => true,
        }
    }

    /// The query string that asks for this filter (`?player=…&hide=info`), empty for none.
    pub fn query(&self) -> String {
        let mut parts = Vec::new();
        if let Some(p) = &self.player {
            parts.push(format!("player={}", super::cards::encode_query(p)));
        }
        if self.hide_info {
            parts.push("hide=info".into());
        }
        if self.only_unverified {
            parts.push("only=unverified".into());
        }
        parts.join("&")
    }
}

/// The player a line names as acting (`X played …`, `X's Y used …`), if it names one.
pub fn actor(event: &Event) -> Option<&str> {
    Some(match event {
        Event::PlayToActive { player, .. }
        | Event::PlayToBench { player, .. }
        | Event::PlayToStadium { player, .. }
        | Event::PlayCard { player, .. }
        | Event::Drew { player, .. }
        | Event::DrewAndPlayed { player, .. }
        | Event::Attach { player, .. }
        | Event::Evolve { player, .. }
        | Event::Retreat { player, .. }
        | Event::Promote { player, .. }
        | Event::Use { player, .. }
        | Event::TookPrizes { player, .. }
        | Event::AddedToHand { player, .. }
        | Event::Discard { player, .. }
        | Event::Shuffle { player, .. }
        | Event::ShuffleInto { player, .. }
        | Event::PutInDeck { player, .. }
        | Event::Move { player, .. }
        | Event::CoinFlip { player, .. }
        | Event::Reveal { player, .. }
        | Event::ChoseOption { player, .. }
        | Event::EndTurn { player, .. }
        | Event::OpeningHand { player, .. }
        | Event::Mulligan { player, .. }
        | Event::TurnOrderChosen { player, .. }
        | Event::CoinChoice { player, .. }
        | Event::CoinTossWon { player }
        | Event::TeraEffect { player, .. }
        | Event::OncePerGameUsed { player, .. } => player,
        Event::Attack(a) => &a.player,
        Event::Devolve(d) => &d.player,
        Event::PutCounters { actor, .. } => actor,
        _ => return None,
    })
}
