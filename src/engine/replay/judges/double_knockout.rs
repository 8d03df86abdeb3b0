//! Both Active Pokémon Knocked Out at once: who puts out a new Active Pokémon first, and who
//! takes Prize cards first, where the edition says
//! ([`crate::engine::RuleEdition::double_knockout_order`]).
//!
//! The client writes both promotions after the Knock Outs and then both players' Prize cards
//! together (the one real double Knock Out in the shared logs, battle-replay-sample.txt lines
//! 202–215, shows the Prize lines after both promotions, the reverse of the order the rulebooks
//! and the client's single Knock Outs give): the lines are the client's batch, not a record of
//! who chose first. An order that agrees with the rule is `ok`; one that does not is
//! `unverified`, never a violation.

use crate::log::Event;

use super::super::super::knockout_order::goes_first_after_double_knockout;
use super::super::super::state::{Phase, PlayerIdx};
use super::super::super::verdict::Step;
use super::Judging;

const CLIENT_ORDER: &str = "the client writes both players' lines together after the Knock Outs, so their order need not be the order the players chose in";

/// Both Active Pokémon were Knocked Out in this window.
fn both_actives_down(j: &Judging<'_, '_>) -> bool {
    let ko = &j.tracked.window.knock_outs;
    (0..2).all(|p| ko.iter().any(|k| k.owner == p && k.was_active))
}

/// The player who goes first: the opponent of the player whose turn it is (or just was).
fn first(j: &Judging<'_, '_>) -> Option<PlayerIdx> {
    j.state.to_move.map(goes_first_after_double_knockout)
}

/// `knockout.promote-order`: a promotion (judged before it; not of the Pokémon already Active)
/// after both Actives were Knocked Out, when none was made yet, under an edition that orders it.
pub fn promote_order(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.resolved.player?;
    if j.resolved
        .pokemon
        .id()
        .is_some_and(|id| j.state.players[p].active == Some(id))
    {
        return None;
    }
    if !j.edition.double_knockout_order().promotion
        || !both_actives_down(j)
        || j.tracked.window.promotions > 0
    {
        return None;
    }
    Some(judge_order(
        j,
        p,
        first(j)?,
        "puts out a new Active Pokémon",
    ))
}

/// `knockout.promote-order`: the first Prize card line after both Actives were Knocked Out,
/// under an edition that orders who takes Prize cards first (HeartGold & SoulSilver).
pub fn prize_order(j: &Judging<'_, '_>) -> Option<Step> {
    if !matches!(j.event, Event::TookPrizes { .. }) || !j.top_level() {
        return None;
    }
    let p = j.resolved.player?;
    if !j.edition.double_knockout_order().prizes
        || !both_actives_down(j)
        || j.tracked.window.prizes != [0, 0]
    {
        return None;
    }
    Some(judge_order(j, p, first(j)?, "takes Prize cards"))
}

fn judge_order(j: &Judging<'_, '_>, p: PlayerIdx, first: PlayerIdx, what: &str) -> Step {
    let name = &j.state.players[p].name;
    let first_name = &j.state.players[first].name;
    let title = j.edition.title();
    let whose = if j.state.phase == Phase::Checkup {
        "whose turn is next"
    } else {
        "whose turn it is not"
    };
    if p == first {
        Step::ok(
            "knockout.promote-order",
            sentence!(
                "both Active Pokémon were Knocked Out; {name}, {whose}, {what} first, as the {title} has it"
            ),
        )
    } else {
        Step::cannot_check(
            "knockout.promote-order",
            sentence!(
                "both Active Pokémon were Knocked Out and {name} {what} first; under the {title} {first_name} goes first, but {CLIENT_ORDER}"
            ),
        )
    }
}
