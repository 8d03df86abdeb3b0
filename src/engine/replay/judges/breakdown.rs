//! The `Damage breakdown` block the client writes under some attack lines: Base first, Total
//! last, Weakness after every addition and Resistance after Weakness, Weakness adding what the
//! defender's card says, and the lines adding up to the attack line's damage.

use crate::cards::WeaknessModifier;
use crate::log::BreakdownItem;

use super::super::super::damage_order::weakness_increase;
use super::super::super::verdict::Step;
use super::Judging;
use super::damage::{Base, DamageClaim, defender_weakness};

/// `attack.damage-breakdown`, `attack.damage-order`, `attack.damage-order.weakness`,
/// `attack.damage-order.resistance`: the breakdown `items` of the attack line `claim`, whose
/// printed base damage is `base`. The findings go through the card-text gate with the line's
/// other damage findings.
pub fn breakdown(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    items: &[BreakdownItem],
    base: &Base,
) -> Vec<Step> {
    let mut parts = Vec::new();
    // Order: Base first, Total last, Weakness after every addition, Resistance after Weakness.
    let pos = |f: &dyn Fn(&BreakdownItem) -> bool| items.iter().position(f);
    let weak_at = pos(&|i| matches!(i, BreakdownItem::Weakness { .. }));
    let res_at = pos(&|i| matches!(i, BreakdownItem::Resistance { .. }));
    let total_at = pos(&|i| matches!(i, BreakdownItem::Total { .. }));
    let base_at = pos(&|i| matches!(i, BreakdownItem::Base { .. }));
    let mut order_ok = true;
    if base_at.is_some_and(|b| b != 0) {
        order_ok = false;
        parts.push(Step::violation(
            "attack.damage-breakdown",
            "the base damage is not the first line of the damage breakdown",
        ));
    }
    if total_at.is_some_and(|t| t != items.len() - 1) {
        order_ok = false;
        parts.push(Step::violation(
            "attack.damage-breakdown",
            "the total is not the last line of the damage breakdown",
        ));
    }
    if let (Some(w), Some(r)) = (weak_at, res_at)
        && r < w
    {
        order_ok = false;
        parts.push(Step::violation(
            "attack.damage-order.resistance",
            "the breakdown applies Resistance before Weakness; Weakness comes first",
        ));
    }
    if let Some(w) = weak_at
        && items[w + 1..].iter().any(|i| {
            matches!(i, BreakdownItem::Base { .. } | BreakdownItem::Count { .. }) && i.amount() > 0
        })
    {
        order_ok = false;
        parts.push(Step::violation(
            "attack.damage-order.weakness",
            "the breakdown adds damage after Weakness; Weakness comes after every effect on the attacker",
        ));
    }
    if order_ok {
        parts.push(Step::ok(
            "attack.damage-order",
            "the breakdown is in the damage order",
        ));
    }
    // The base the breakdown starts from: its Base or count line, else the printed base.
    let shows_base = items
        .iter()
        .any(|i| matches!(i, BreakdownItem::Base { .. } | BreakdownItem::Count { .. }));
    let implicit = if shows_base {
        Some(0)
    } else {
        match base {
            Base::Exact(n) => Some(*n),
            Base::Chosen { .. } | Base::AnyOf(_) | Base::Unknown(_) => None,
        }
    };
    // Weakness adds as much as the damage before it (×2).
    if let Some(w) = weak_at
        && let BreakdownItem::Weakness {
            amount,
            energy_type,
        } = &items[w]
    {
        let before: i32 = items[..w]
            .iter()
            .map(BreakdownItem::amount)
            .fold(0, i32::saturating_add);
        let shown_before = items[..w]
            .iter()
            .any(|i| matches!(i, BreakdownItem::Base { .. } | BreakdownItem::Count { .. }));
        let pre = if shown_before {
            Some(before)
        } else {
            implicit.map(|b| b.saturating_add(before))
        };
        let modifier = defender_weakness(j, claim).unwrap_or(WeaknessModifier::Multiply(2));
        match pre.map(|pre| (pre, weakness_increase(pre, modifier))) {
            // A breakdown proves what it lists, never that nothing else applied: Weakness ×2
            // that adds more (or less) than the lines before it is Weakness on damage a step
            // the breakdown leaves out had changed. The damage itself is checked from the cards.
            Some((pre, add)) if *amount != add && matches!(modifier, WeaknessModifier::Multiply(_)) => {
                parts.push(Step::cannot_check(
                    "attack.damage-order.weakness",
                    sentence!(
                        "the breakdown lists {pre} before Weakness, but its Weakness {modifier} to {energy_type} adds {amount}: a step it does not list came before Weakness"
                    ),
                ))
            }
            Some((pre, add)) if *amount != add => parts.push(Step::violation(
                "attack.damage-order.weakness",
                sentence!("Weakness {modifier} to {energy_type} on {pre} adds {add}, but the breakdown adds {amount}"),
            )),
            Some(_) => parts.push(Step::ok(
                "attack.damage-order.weakness",
                sentence!("Weakness {modifier} applied to the damage before it"),
            )),
            None => {
                if let WeaknessModifier::Add(n) = modifier
                    && *amount != n as i32
                {
                    parts.push(Step::violation(
                        "attack.damage-order.weakness",
                        sentence!("Weakness to {energy_type} adds {n} on this card, but the breakdown adds {amount}"),
                    ));
                }
            }
        }
        if let Some(s) = claim.weakness
            && s.amount != *amount
        {
            parts.push(Step::violation(
                "attack.damage-breakdown",
                sentence!(
                    "the attack line adds {} for Weakness but the breakdown adds {amount}",
                    s.amount
                ),
            ));
        }
    }
    if let Some(r) = res_at
        && let (BreakdownItem::Resistance { amount, .. }, Some(s)) = (&items[r], claim.resistance)
        // The sentence says "took 30 less" or "took -30 less": a reduction either way.
        && s.amount.saturating_abs() != amount.saturating_abs()
    {
        parts.push(Step::violation(
            "attack.damage-breakdown",
            sentence!(
                "the attack line takes {} for Resistance but the breakdown takes {amount}",
                s.amount
            ),
        ));
    }
    let sum: i32 = items
        .iter()
        .filter(|i| !matches!(i, BreakdownItem::Total { .. }))
        .map(BreakdownItem::amount)
        .fold(0, i32::saturating_add);
    match total_at.map(|t| items[t].amount()) {
        Some(total) => {
            if total == claim.damage {
                parts.push(
                    Step::ok(
                        "attack.damage-breakdown",
                        sentence!("the breakdown's total is {total}"),
                    )
                    .explained(trace_of(items, implicit)),
                );
            } else {
                parts.push(Step::violation(
                    "attack.damage-breakdown",
                    sentence!(
                        "the breakdown totals {total} but the attack line says {}",
                        claim.damage
                    ),
                ));
            }
            if let Some(b) = implicit
                && sum.saturating_add(b).max(0) != total
            {
                parts.push(Step::cannot_check(
                    "attack.damage-breakdown",
                    sentence!("the breakdown's lines add up to {} but its total is {total}: it does not list every step", sum + b),
                ));
            }
        }
        None => match implicit {
            Some(b) if sum.saturating_add(b).max(0) == claim.damage => parts.push(
                Step::ok(
                    "attack.damage-breakdown",
                    sentence!("the breakdown adds up to {}", claim.damage),
                )
                .explained(trace_of(items, implicit)),
            ),
            // The breakdown shows no base and lists the client's own modifiers: with the
            // printed base assumed, a difference is the engine's reading against the client's
            // list, not a play. (Weakness and Resistance alone are the rulebook's: the printed
            // base is then relied on as for a line without a breakdown.)
            Some(b)
                if !shows_base
                    && items.iter().any(|i| {
                        !matches!(
                            i,
                            BreakdownItem::Weakness { .. } | BreakdownItem::Resistance { .. }
                        )
                    }) =>
            {
                parts.push(Step::cannot_check(
                "attack.damage-order",
                sentence!(
                    "the client's breakdown lists no base damage; with the printed base {b} its lines add up to {}, but the attack line says {}; the client's own figure is not called a violation",
                    sum.saturating_add(b).max(0),
                    claim.damage
                ),
                ))
            }
            Some(b) => parts.push(Step::violation(
                "attack.damage-order",
                sentence!(
                    "the breakdown adds up to {}{} but the attack line says {}",
                    sum.saturating_add(b).max(0),
                    if shows_base {
                        String::new()
                    } else {
                        sentence!(" (with the printed base {b})")
                    },
                    claim.damage
                ),
            )),
            None => {
                let why = match base {
                    Base::Unknown(why) => why.clone(),
                    Base::AnyOf(bases) => sentence!(
                        "the prints {} may be print different damage for {} ({bases:?})",
                        claim.attacker_name, claim.attack
                    ),
                    _ => sentence!(
                        "the damage of {} depends on how often each Pokémon was chosen",
                        claim.attack
                    ),
                };
                parts.push(Step::cannot_check(
                    "attack.damage-breakdown",
                    sentence!("the breakdown shows no base damage and {why}"),
                ));
            }
        },
    }
    // Through the card-text gate with the attack's other findings (damage.rs).
    parts
}

/// The client's breakdown as trace entries, in its own order: its base (or the printed one it
/// leaves out), each line before Weakness as an effect on the attacker, Weakness, Resistance,
/// each line after them as an effect on the defender. Weakness and Resistance it does not list
/// are said as none. Used where the cards cannot be worked out and the breakdown is the
/// client's word for the damage.
fn trace_of(
    items: &[BreakdownItem],
    implicit: Option<i32>,
) -> crate::engine::explanation::Explanation {
    use crate::engine::explanation::{Explanation, TraceEntry, TraceStep};
    use std::borrow::Cow;
    let mut out: Vec<TraceEntry> = Vec::new();
    let mut value = 0;
    let shows_base = items
        .iter()
        .any(|i| matches!(i, BreakdownItem::Base { .. }));
    if !shows_base && let Some(b) = implicit {
        value = b;
        out.push(TraceEntry {
            step: TraceStep::Base,
            source: None,
            change: sentence!("={b}"),
            value,
            clause: Cow::Borrowed("attack.damage-order"),
            reason: Some("the printed damage (the breakdown does not list it)".to_string()),
        });
    }
    let mut past_weakness = false;
    let mut saw = (false, false);
    for item in items {
        let step = if past_weakness {
            TraceStep::Defender
        } else {
            TraceStep::Attacker
        };
        match item {
            BreakdownItem::Total { .. } => {}
            BreakdownItem::Base { amount } => {
                value = *amount;
                out.push(TraceEntry {
                    step: TraceStep::Base,
                    source: None,
                    change: sentence!("={amount}"),
                    value,
                    clause: Cow::Borrowed("attack.damage-order"),
                    reason: None,
                });
            }
            BreakdownItem::Weakness {
                energy_type,
                amount,
            } => {
                past_weakness = true;
                saw.0 = true;
                value = value.saturating_add(*amount);
                out.push(TraceEntry::add(
                    TraceStep::Weakness,
                    sentence!("Weakness to {energy_type}"),
                    *amount,
                    value,
                    "attack.damage-order.weakness",
                ));
            }
            BreakdownItem::Resistance { energy_type, .. } => {
                past_weakness = true;
                saw.1 = true;
                value = value.saturating_add(item.amount());
                out.push(TraceEntry::add(
                    TraceStep::Resistance,
                    sentence!("Resistance to {energy_type}"),
                    item.amount(),
                    value,
                    "attack.damage-order.resistance",
                ));
            }
            BreakdownItem::Source { name, .. } => {
                value = value.saturating_add(item.amount());
                out.push(TraceEntry::add(
                    step,
                    name.as_str(),
                    item.amount(),
                    value,
                    "attack.damage-order",
                ));
            }
            BreakdownItem::Count { what, count, .. } => {
                value = value.saturating_add(item.amount());
                let mut e = TraceEntry::add(
                    TraceStep::Base,
                    what.as_str(),
                    item.amount(),
                    value,
                    "attack.damage-order",
                );
                e.reason = Some(sentence!("{count} {what}"));
                out.push(e);
            }
            BreakdownItem::Other { label, .. } => {
                value = value.saturating_add(item.amount());
                out.push(TraceEntry::add(
                    step,
                    label.as_str(),
                    item.amount(),
                    value,
                    "attack.damage-order",
                ));
            }
        }
    }
    // Weakness and Resistance said once each, in their place, when the breakdown lists none.
    let at = |out: &[TraceEntry], s: TraceStep| {
        out.iter()
            .position(|e| e.step as u8 > s as u8)
            .unwrap_or(out.len())
    };
    if !saw.0 {
        let i = at(&out, TraceStep::Weakness);
        let v = if i == 0 { 0 } else { out[i - 1].value };
        out.insert(
            i,
            TraceEntry::none(
                TraceStep::Weakness,
                v,
                "attack.damage-order.weakness",
                "the breakdown lists no Weakness",
            ),
        );
    }
    if !saw.1 {
        let i = at(&out, TraceStep::Resistance);
        let v = if i == 0 { 0 } else { out[i - 1].value };
        out.insert(
            i,
            TraceEntry::none(
                TraceStep::Resistance,
                v,
                "attack.damage-order.resistance",
                "the breakdown lists no Resistance",
            ),
        );
    }
    Explanation::trace(out, Vec::new())
}
