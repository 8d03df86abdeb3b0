//! Promotion after a Knock Out: a player whose Active Pokémon was Knocked Out moves a Benched
//! Pokémon up before the next action (who goes first when both Actives fall:
//! [`super::double_knockout`]).

use crate::log::Event;

use super::super::super::state::Phase;
use super::super::super::verdict::Step;
use super::Judging;

/// `knockout.promote`: when a window closes (judged on the line that opens the next one), no
/// player whose Active Pokémon was Knocked Out is left without one while they have a Bench.
pub fn active_left_empty(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    let game_over = matches!(j.event, Event::GameEnd { .. } | Event::GameDrawn)
        || j.state.players.iter().any(|p| p.prizes_left == Some(0));
    if !game_over && matches!(j.state.phase, Phase::Turn | Phase::Checkup) {
        for (idx, p) in j.state.players.iter().enumerate() {
            if p.active.is_none() && !p.bench.is_empty() && !j.tracked.window.knock_outs.is_empty()
            {
                // Which Pokémon left the Active Spot rests on the tracker's identities: a Knock
                // Out it could not follow exactly, or a Pokémon it is unsure of, may mean the
                // Active Pokémon is still there.
                let unsure = j.tracked.window.unsure_knock_out_of(idx)
                    || p.in_play().any(|id| j.state.mon(id).uncertain)
                    || j.tracked.lost.iter().any(|(q, _)| *q == idx);
                if unsure {
                    parts.push(Step::cannot_check(
                        "knockout.promote",
                        sentence!(
                            "{}'s Active Spot is empty after a Knock Out and no Benched Pokémon was moved up, but the replay is unsure which of {}'s Pokémon was Knocked Out",
                            p.name, p.name
                        ),
                    ));
                    continue;
                }
                parts.push(Step::violation(
                    "knockout.promote",
                    sentence!(
                        "{}'s Active Pokémon was Knocked Out and no Benched Pokémon was moved up",
                        p.name
                    ),
                ));
            }
        }
    }
}
