//! Special Conditions that end: evolving or leaving the Active Spot ends them all, and Asleep,
//! Confused and Paralyzed replace one another. The tracker applies these; the judges cite the
//! rule that did (run after the line).

use super::super::super::verdict::Step;
use super::super::tracker::records::ClearedBy;
use super::Judging;

/// `evolution.clears-conditions`, `switch.clears-conditions`: the Special Conditions the line
/// ended.
pub fn cleared(j: &Judging<'_, '_>) -> Option<Step> {
    let cleared = j.applied?.cleared.as_ref()?;
    let (clause, how) = match cleared.by {
        ClearedBy::Evolving => ("evolution.clears-conditions", "evolving"),
        ClearedBy::GoingToTheBench => ("switch.clears-conditions", "going to the Bench"),
    };
    let ended: Vec<&str> = cleared.conditions.iter().map(|c| c.as_str()).collect();
    Some(Step::ok(
        clause,
        format!("{how} ends {}'s {}", cleared.pokemon, ended.join(" and ")),
    ))
}

/// `conditions.replace`: a new Special Condition replaced one it cannot stand beside.
pub fn replaced(j: &Judging<'_, '_>) -> Option<Step> {
    let (name, condition, old) = j.applied?.replaced.as_ref()?;
    Some(Step::ok(
        "conditions.replace",
        format!(
            "{name} is now {}, which ends its {}",
            condition.as_str(),
            old.as_str()
        ),
    ))
}
