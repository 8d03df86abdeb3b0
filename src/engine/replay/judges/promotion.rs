//! Promotion after a Knock Out: a player whose Active Pokémon was Knocked Out moves a Benched
//! Pokémon up before the next action, and when both Actives fall the player whose turn is next
//! promotes first.

use crate::log::Event;

use super::super::super::state::Phase;
use super::super::super::verdict::Step;
use super::Judging;

/// `knockout.promote-order`: a promotion (judged before it; not of the Pokémon already
/// Active): after both Actives are Knocked Out, the player whose turn is next promotes first.
pub fn promote_order(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.resolved.player?;
    if j.resolved
        .pokemon
        .id()
        .is_some_and(|id| j.state.players[p].active == Some(id))
    {
        return None;
    }
    let both_down = j
        .tracked
        .window
        .knock_outs
        .iter()
        .any(|k| k.owner == 0 && k.was_active)
        && j.tracked
            .window
            .knock_outs
            .iter()
            .any(|k| k.owner == 1 && k.was_active);
    if !both_down || j.tracked.window.promotions > 0 {
        return None;
    }
    let first = j.next_to_move()?;
    let name = &j.state.players[p].name;
    Some(if first == p {
        Step::ok(
            "knockout.promote-order",
            format!(
                "both Active Pokémon were Knocked Out; {name}, whose turn is next, promotes first"
            ),
        )
    } else {
        Step::violation(
            "knockout.promote-order",
            format!(
                "both Active Pokémon were Knocked Out; {} (whose turn is next) promotes first, not {name}",
                j.state.players[first].name
            ),
        )
    })
}

/// `knockout.promote`: when a window closes (judged on the line that opens the next one), no
/// player whose Active Pokémon was Knocked Out is left without one while they have a Bench.
pub fn active_left_empty(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    let game_over = matches!(j.event, Event::GameEnd { .. } | Event::GameDrawn)
        || j.state.players.iter().any(|p| p.prizes_left == Some(0));
    if !game_over && matches!(j.state.phase, Phase::Turn | Phase::Checkup) {
        for p in &j.state.players {
            if p.active.is_none() && !p.bench.is_empty() && !j.tracked.window.knock_outs.is_empty()
            {
                parts.push(Step::violation(
                    "knockout.promote",
                    format!(
                        "{}'s Active Pokémon was Knocked Out and no Benched Pokémon was moved up",
                        p.name
                    ),
                ));
            }
        }
    }
}
