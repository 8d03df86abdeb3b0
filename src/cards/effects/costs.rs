//! Energy and costs: [`Fact::EnergyProvided`], [`Fact::AttackCost`] and
//! [`Fact::RetreatCost`].
//!
//! Decisions:
//! - **Energy provided**: a Special Energy's own "this card provides X Energy" is a change only
//!   when it provides more than one Energy or more than one type ("ColorlessColorless", "2 in
//!   any combination of", "every type", "Water and Darkness Energy", "but provides 2 Energy at
//!   a time"): one Energy of one type is what the engine assumes of any Energy card. Any other
//!   text that says what Energy provides or counts as ("Each basic Psychic Energy attached to
//!   your Psychic Pokémon provides PsychicPsychic Energy", "Special Energy … provide only 1
//!   Colorless Energy", "as Energy of any type", "becomes Water Energy", "as an Energy card")
//!   is a change.
//! - **Attack cost**: attacks that cost more or less, "ignore all Energy in the cost",
//!   attacking without Energy. "(in addition to this attack's cost)", "not used to pay for",
//!   "You still need the necessary Energy" are not changes.
//! - **Retreat Cost**: more, less, 0, "has no Retreat Cost", "pay … less to retreat", retreating
//!   for free. "Can't retreat" is a restriction (no fact); "for each Colorless in … Retreat
//!   Cost" counts it (no fact).

use super::rules::Cx;
use super::text::{any, clause_before, clauses, has, is_condition, kw};
use super::{Fact, TextKind};

/// Read the cost facts of one sentence.
pub(super) fn read(cx: &mut Cx, s: &str) {
    energy_provided(cx, s);
    attack_cost(cx, s);
    retreat_cost(cx, s);
}

const TYPES: &[&str] = &[
    "grass",
    "fire",
    "water",
    "lightning",
    "psychic",
    "fighting",
    "darkness",
    "metal",
    "fairy",
    "dragon",
    "colorless",
];

/// How many Energy type words a phrase names ("colorlesscolorless" is two).
fn type_words(p: &str) -> usize {
    TYPES.iter().map(|t| p.matches(t).count()).sum()
}

fn energy_provided(cx: &mut Cx, s: &str) {
    if !cx.has(kw::ENERGY | kw::PROVIDE) {
        return;
    }
    let mut hit: Option<usize> = None;
    for (i, _) in s.match_indices("provide") {
        let before = clause_before(s, i);
        // "If all Energy cards attached to it provide 2 Fire Energy, …" tests, not changes.
        if is_condition(before) && !has(before, " provide") {
            continue;
        }
        let rest = &s[i..];
        // What is provided: up to the first "energy" after the verb.
        let what = match rest.find("energy") {
            Some(e) => &rest[..e + "energy".len()],
            None => rest,
        };
        let several = type_words(what) >= 2
            || any(
                what,
                &[
                    "every type",
                    "any type",
                    "all types",
                    "each type",
                    "any combination",
                    " 2 ",
                    " 3 ",
                    " 4 ",
                    "2 or more",
                    "double",
                ],
            )
            || any(
                rest,
                &[
                    "but provides only 1 energy at a time",
                    "but provide only 1 energy at a time",
                    "but only provides 1 energy at a time",
                    "provides 2 energy at a time",
                    "provides only 2 energy at a time",
                    "provides only 3",
                    "provides 4 energy at a time",
                    "in any combination",
                ],
            );
        let own_card = cx.kind == TextKind::EnergyRules
            && (before.trim().is_empty()
                || any(
                    before,
                    &[
                        "this card",
                        "it",
                        "while in play",
                        "this energy",
                        "provides",
                    ],
                ));
        if (several || !own_card) && (has(what, "energy") || has(rest, "energy")) {
            hit = Some(i);
            break;
        }
    }
    if hit.is_none()
        && cx.has(kw::COUNTS | kw::TYPE | kw::AS | kw::NOW | kw::BECOME | kw::INSTEAD)
        && any(
            s,
            &[
                "counts as every",
                "count as every",
                "counts as any",
                "energy of any type",
                "energy of every type",
                "as energy of",
                "as any type of energy",
                "as an energy card",
                "as a special energy card",
                "is now an energy card",
                "usual energy type and",
                "becomes water energy",
                "becomes fire energy",
                "instead of their usual type",
                "instead of its usual type",
            ],
        )
    {
        hit = Some(0);
    }
    if let Some(i) = hit {
        let r = cx.reach(clause_before(s, i.max(1)));
        cx.add(Fact::EnergyProvided, r);
    }
}

fn attack_cost(cx: &mut Cx, s: &str) {
    if !(cx.has(kw::COST | kw::WITHOUT | kw::IGNORE)
        || (cx.has(kw::ENERGY) && has(s, "energy necessary")))
    {
        return;
    }
    for clause in clauses(s) {
        let costs = has(clause, "cost") && !has(clause, "retreat cost");
        let excluded = any(
            clause,
            &[
                "in addition to",
                "not used to pay",
                "still need",
                "still have to pay",
                "except for its energy",
            ],
        );
        let changes = costs
            && any(
                clause,
                &[
                    " less", " more", "ignore", "is 0", "are 0", "free", "without", "reduce",
                    "nothing", "as if",
                ],
            );
        let without_energy = (has(clause, "without") && has(clause, "energy")
            || has(clause, "ignore all energy")
            || has(clause, "energy necessary to use"))
            && (has(clause, "attack") || has(clause, "cost"))
            && !has(clause, "retreat");
        if (changes || without_energy) && !excluded {
            let at = clause.find("cost").unwrap_or(clause.len());
            let r = cx.reach(clause_before(clause, at.max(1)));
            cx.add(Fact::AttackCost, r);
            return;
        }
    }
}

fn retreat_cost(cx: &mut Cx, s: &str) {
    if !cx.has(kw::RETREAT) {
        return;
    }
    for clause in clauses(s) {
        if !has(clause, "retreat") {
            continue;
        }
        let cost_changed = has(clause, "retreat cost")
            && (any(
                clause,
                &[
                    " less",
                    " more",
                    "is 0",
                    "to 0",
                    "are 0",
                    "no retreat cost",
                    "becomes",
                    "reduce",
                    "increase",
                    "retains",
                    "is colorless",
                    "is now",
                    "equal to",
                    "is the same",
                    "ignore",
                ],
            ));
        let pays = (has(clause, "to retreat") || has(clause, "retreating"))
            && any(
                clause,
                &[
                    "pay",
                    "less",
                    "more",
                    "additional",
                    "free",
                    "without",
                    "ignore",
                    "any energy",
                ],
            )
            && !has(clause, "can't");
        let free = any(
            clause,
            &["retreat for free", "retreat without", "free retreat"],
        );
        // "Dodrio can retreat even when it is Asleep or Paralyzed": the rule that stops it is
        // lifted.
        let despite =
            has(clause, "retreat even") && any(clause, &["asleep", "paralyzed", "can't retreat"]);
        if despite {
            let at = clause.find("retreat").unwrap_or(0);
            let r = cx.reach(clause_before(clause, at.max(1)));
            cx.add(Fact::RetreatCost, r);
            cx.add(Fact::Conditions, r);
            return;
        }
        // "for each Colorless in X's Retreat Cost", "has a Retreat Cost of exactly 4", "if the
        // Retreat Cost … is 3 or more": the cost is read, not changed.
        let counted = any(clause, &["with a retreat cost of", "has a retreat cost of"])
            || has(clause, " in ") && has(clause, "for each") && has(clause, "retreat cost")
            || has(clause, "retreat cost of exactly")
            || has(clause, "retreat cost is 3 or more")
            || (is_condition(clause) && !has(clause, "no retreat cost") && !free);
        if (cost_changed || pays || free) && !counted {
            let at = clause.find("retreat").unwrap_or(0);
            let r = cx.reach(clause_before(clause, at.max(1)));
            cx.add(Fact::RetreatCost, r);
            return;
        }
    }
}
