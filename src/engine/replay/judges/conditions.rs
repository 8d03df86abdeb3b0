//! Special Conditions that end: evolving or leaving the Active Spot ends them all, and Asleep,
//! Confused and Paralyzed replace one another. The tracker applies these; the judges cite the
//! rule that did (run after the line).

use super::super::super::verdict::Step;
use super::super::tracker::records::{ClearedBy, ConditionsEnded};
use super::Judging;

/// `evolution.clears-conditions`, `switch.clears-conditions`, `conditions.replace`: the Special
/// Conditions the line ended.
pub fn ended(j: &Judging<'_, '_>) -> Option<Step> {
    Some(match j.applied?.conditions.as_ref()? {
        ConditionsEnded::Cleared {
            pokemon,
            conditions,
            by,
        } => {
            let (clause, how) = match by {
                ClearedBy::Evolving => ("evolution.clears-conditions", "evolving"),
                ClearedBy::GoingToTheBench => ("switch.clears-conditions", "going to the Bench"),
            };
            let ended: Vec<&str> = conditions.iter().map(|c| c.as_str()).collect();
            Step::ok(
                clause,
                sentence!("{how} ends {pokemon}'s {}", ended.join(" and ")),
            )
        }
        ConditionsEnded::Replaced { pokemon, now, old } => Step::ok(
            "conditions.replace",
            sentence!(
                "{pokemon} is now {}, which ends its {}",
                now.as_str(),
                old.as_str()
            ),
        ),
    })
}
