//! Pokémon Tools: a Pokémon has at most one Tool attached, unless a card in play allows more.

use crate::log::Event;

use super::super::super::resolve::Found;
use super::super::super::state::PokemonId;
use super::super::super::verdict::{Step, Verdict};
use super::Judging;

/// `trainer.tool`: a Tool attached from the hand to the Pokémon the line names (any of them,
/// when several fit); run before the line.
pub fn tool_on(j: &Judging<'_, '_>) -> Step {
    let Event::Attach { card, .. } = j.event else {
        return Step::info("");
    };
    let card = card.name.as_str();
    match &j.resolved.pokemon {
        Found::One(id) => tool(j, *id, card),
        Found::Ambiguous(_, all) => {
            let steps: Vec<Step> = all.iter().map(|id| tool(j, *id, card)).collect();
            if steps.iter().all(|s| s.verdict == Verdict::Violation) {
                Step::combine(steps)
            } else if steps.iter().all(|s| s.verdict == Verdict::Ok) {
                Step::ok("trainer.tool", "no Pokémon of that name had a Tool")
            } else {
                Step::cannot_check(
                    "trainer.tool",
                    "several Pokémon fit this line and only some already have a Tool",
                )
            }
        }
        Found::None => Step::info(""),
    }
}

/// `trainer.tool` for one Pokémon.
fn tool(j: &Judging<'_, '_>, target: PokemonId, card: &str) -> Step {
    let mon = j.state.mon(target);
    if let Some(existing) = mon.tools.first() {
        let names = j.cards_in_play(None);
        if let Some(why) = j.cards.may_change(&names, &["pokémon tool"]) {
            return Step::cannot_check(
                "trainer.tool",
                sentence!(
                    "{} already has {existing}; a second Tool may be allowed: {why}",
                    mon.name()
                ),
            );
        }
        return Step::violation(
            "trainer.tool",
            sentence!(
                "{} already has a Pokémon Tool ({existing}); {card} cannot be attached too",
                mon.name()
            ),
        );
    }
    Step::ok(
        "trainer.tool",
        sentence!("{} had no Pokémon Tool", mon.name()),
    )
}
