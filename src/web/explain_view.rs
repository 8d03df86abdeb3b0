//! A step's explanation on a page: the damage in the rulebook's order as a table (one renderer,
//! `trace.html`, for the replay and the damage tool), each entry linked to the card that acts
//! and to its clause with the clause's title in the text; a violation's failing clause first;
//! an unverified step's doubt; the Energy cost as its own sentence; and a link that opens the
//! damage calculator with the step's numbers.

use serde::Serialize;

use crate::engine::Verdict;
use crate::engine::explanation::{Explanation, TraceEntry, TraceStep};
use crate::log::{AttackLine, Event};

use super::cards::{encode_query, name_url};
use super::views::{ClauseLink, clause_link};

/// One row of a damage trace.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TraceRowView {
    /// The step's id (`base`, `attacker`, …), for styling.
    pub step: &'static str,
    /// The step as a person names it ("Effects on the defender").
    pub label: &'static str,
    /// What acts ("Brave Bangle", "Weakness to Lightning"); empty for the printed base.
    pub source: String,
    /// The card page of what acts, when it is a card.
    pub source_url: Option<String>,
    /// `=N`, `+N`, `-N`, `×N`, or `none`.
    pub change: String,
    pub value: i32,
    /// Why nothing applies, or what the entry counts.
    pub reason: String,
    pub clause: ClauseLink,
}

/// An effect that was considered and does not act, with why.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct NotAppliedView {
    pub source: String,
    pub source_url: Option<String>,
    pub reason: String,
}

/// The explanation as a page shows it.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct ExplanationView {
    /// A violation's failing clause and what the rules allow against the log.
    pub failed: Option<(ClauseLink, String)>,
    /// What an unverified step could not know, and what would decide it.
    pub doubt: Option<String>,
    pub cost: Option<String>,
    pub rows: Vec<TraceRowView>,
    pub not_applied: Vec<NotAppliedView>,
    /// The damage the trace ends on.
    pub damage: Option<i32>,
    /// The damage calculator, filled with the step's numbers.
    pub calculator: Option<String>,
}

impl ExplanationView {
    /// The view of `e`, the explanation of a step whose event is `event`.
    pub fn new(e: &Explanation, event: Option<&Event>) -> ExplanationView {
        let attack = match event {
            Some(Event::Attack(a)) => Some(a.as_ref()),
            _ => None,
        };
        ExplanationView {
            failed: e
                .failed
                .as_ref()
                .map(|f| (clause_link(&f.clause), f.sentence.clone())),
            doubt: e.doubt.as_ref().map(|d| d.sentence.clone()),
            cost: e.cost.clone(),
            rows: rows(&e.trace, attack),
            not_applied: e
                .not_applied
                .iter()
                .map(|n| NotAppliedView {
                    source: n.source.clone(),
                    source_url: Some(name_url(card_of(&n.source))),
                    reason: n.reason.clone(),
                })
                .collect(),
            damage: e.traced_damage(),
            calculator: attack.and_then(|a| calculator_url(&e.trace, a)),
        }
    }

    /// Whether the explanation says what the step's `message` says: its failing clause's
    /// sentence or its doubt is the message, or (for a step that holds) its cost and trace are.
    pub fn says(&self, message: &str, verdict: Verdict) -> bool {
        let failed = self.failed.as_ref().is_some_and(|(_, s)| s == message);
        let doubt = self.doubt.as_deref() == Some(message)
            || (self.doubt.is_some() && verdict == Verdict::Unverified);
        let held = matches!(verdict, Verdict::Ok | Verdict::Info)
            && (self.cost.is_some() || !self.rows.is_empty());
        failed || doubt || held
    }

    pub fn is_empty(&self) -> bool {
        self.failed.is_none()
            && self.doubt.is_none()
            && self.cost.is_none()
            && self.rows.is_empty()
            && self.not_applied.is_empty()
    }
}

/// The rows of a trace; `attack` is the attack line it explains, whose attack and Pokémon the
/// base row names and links to (the base damage is printed on its card).
pub fn rows(trace: &[TraceEntry], attack: Option<&AttackLine>) -> Vec<TraceRowView> {
    let attacker = attack.map(|a| a.pokemon.name.as_ref());
    let defender = attack.map(|a| a.target.name.as_ref());
    trace
        .iter()
        .map(|t| {
            let source = match (t.step, &t.source, attack) {
                (TraceStep::Base, None, Some(a)) => {
                    format!(
                        "{} ({})",
                        a.attack.as_ref() as &str,
                        a.pokemon.name.as_ref() as &str
                    )
                }
                (_, s, _) => s.clone().unwrap_or_default(),
            };
            let card = match (t.step, t.source.as_deref()) {
                (TraceStep::Base, _) => attacker,
                // Weakness and Resistance are printed on the Pokémon taking the damage.
                (_, Some(s)) if is_type_rule(s) => defender,
                (_, Some(s)) => Some(card_of(s)),
                (_, None) => None,
            };
            TraceRowView {
                step: t.step.as_str(),
                label: t.step.label(),
                source,
                source_url: card.filter(|c| !c.is_empty()).map(name_url),
                change: t.change.clone(),
                value: t.value,
                reason: t.reason.clone().unwrap_or_default(),
                clause: clause_link(&t.clause),
            }
        })
        .collect()
}

/// "Weakness to Fire" and "Resistance to Water" are rules of the card, not cards.
fn is_type_rule(source: &str) -> bool {
    source.starts_with("Weakness to ") || source.starts_with("Resistance to ")
}

/// The card that acts in a source: "Steel Wing (Skarmory)" is an attack or an Ability of
/// Skarmory; "Brave Bangle" is the card itself.
fn card_of(source: &str) -> &str {
    match source.strip_suffix(')').and_then(|s| s.rsplit_once(" (")) {
        Some((_, card)) => card,
        None => source,
    }
}

/// The damage calculator's form, filled with the numbers of an attack's trace: the base after
/// the attack's own text, Weakness and Resistance as they acted, each other effect as a
/// modifier on its side, and "prevent all damage" for an effect that sets the damage to 0.
/// `None` when the form cannot hold the trace (more effects than its rows, or a Weakness or
/// Resistance whose type the trace does not name).
pub fn calculator_url(trace: &[TraceEntry], attack: &AttackLine) -> Option<String> {
    const MODIFIER_ROWS: usize = 3;
    let mut q: Vec<(String, String)> = Vec::new();
    let mut types: Vec<String> = Vec::new();
    let mut base = None;
    let mut modifiers = 0;
    let bench = trace
        .iter()
        .any(|t| t.clause == "attack.damage-order.bench");
    for t in trace {
        let amount = t.change.get(1..).unwrap_or("");
        match t.step {
            TraceStep::Base => base = Some(t.value),
            TraceStep::Weakness | TraceStep::Resistance if t.change != "none" => {
                let source = t.source.as_deref()?;
                let (what, type_) = source.split_once(" to ")?;
                let field = if what == "Weakness" {
                    "weakness"
                } else {
                    "resistance"
                };
                q.push((format!("defender.{field}[0].type"), type_.to_string()));
                q.push((format!("defender.{field}[0].value"), t.change.clone()));
                if !types.iter().any(|x| x == type_) {
                    types.push(type_.to_string());
                }
            }
            TraceStep::Weakness | TraceStep::Resistance => {}
            TraceStep::Attacker | TraceStep::Defender if t.change == "none" => {}
            TraceStep::Defender if t.change == "=0" && t.source.is_none() => {
                // Damage below 0 is no damage: the calculator does this itself.
            }
            TraceStep::Defender if t.change == "=0" => {
                q.push(("prevent_all_damage".into(), "on".into()));
            }
            TraceStep::Attacker | TraceStep::Defender => {
                if modifiers == MODIFIER_ROWS
                    || !(t.change.starts_with('+') || t.change.starts_with('-'))
                {
                    return None;
                }
                let side = if t.step == TraceStep::Attacker {
                    "attacker"
                } else {
                    "defender"
                };
                q.push((
                    format!("modifiers[{modifiers}].source"),
                    t.source.clone().unwrap_or_default(),
                ));
                q.push((format!("modifiers[{modifiers}].applies_to"), side.into()));
                let signed = if t.change.starts_with('-') {
                    format!("-{amount}")
                } else {
                    amount.to_string()
                };
                q.push((format!("modifiers[{modifiers}].amount"), signed));
                modifiers += 1;
            }
        }
    }
    q.push(("attack.base".into(), base?.to_string()));
    q.push((
        "defender.position".into(),
        if bench { "bench" } else { "active" }.into(),
    ));
    // The attacker's types: those its Weakness and Resistance named, else its card (which the
    // calculator reads only for its types).
    if types.is_empty() {
        let card = attack.pokemon.id.as_deref().unwrap_or(&attack.pokemon.name);
        q.push(("attacker.card".into(), card.to_string()));
    } else {
        for t in types {
            q.push(("attacker.types".into(), t));
        }
    }
    let query: Vec<String> = q
        .iter()
        .map(|(k, v)| format!("{}={}", encode_query(k), encode_query(v)))
        .collect();
    Some(format!("/tools/damage?{}", query.join("&")))
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;
    use crate::log::CardName;

    fn attack() -> AttackLine {
        AttackLine {
            player: "Ann".into(),
            pokemon: CardName {
                name: "Zekrom ex".into(),
                id: Some("sv1_86".into()),
            },
            attack: "Slash".into(),
            target_owner: "Ben".into(),
            target: CardName::parse("Sandy Shocks"),
            damage: 100,
            weakness: None,
            resistance: None,
        }
    }

    fn entry(step: TraceStep, source: Option<&str>, change: &str, value: i32) -> TraceEntry {
        TraceEntry {
            step,
            source: source.map(str::to_string),
            change: change.to_string(),
            value,
            clause: Cow::Borrowed("attack.damage-order"),
            reason: None,
        }
    }

    fn trace() -> Vec<TraceEntry> {
        vec![
            entry(TraceStep::Base, None, "=50", 50),
            entry(TraceStep::Attacker, Some("Brave Bangle"), "+30", 80),
            entry(
                TraceStep::Weakness,
                Some("Weakness to Lightning"),
                "×2",
                160,
            ),
            entry(TraceStep::Resistance, None, "none", 160),
            entry(
                TraceStep::Defender,
                Some("Steel Wing (Skarmory)"),
                "-60",
                100,
            ),
        ]
    }

    #[test]
    fn each_entry_links_the_card_it_is_printed_on() {
        let a = attack();
        let rows = rows(&trace(), Some(&a));
        let links: Vec<Option<&str>> = rows.iter().map(|r| r.source_url.as_deref()).collect();
        assert_eq!(
            links,
            [
                Some("/cards?name=Zekrom+ex"),
                Some("/cards?name=Brave+Bangle"),
                Some("/cards?name=Sandy+Shocks"),
                None,
                Some("/cards?name=Skarmory"),
            ]
        );
        assert_eq!(rows[0].source, "Slash (Zekrom ex)");
        assert_eq!(rows[2].label, "Weakness");
    }

    #[test]
    fn the_calculator_is_filled_with_the_steps_numbers() {
        let url = calculator_url(&trace(), &attack()).expect("a link");
        for want in [
            "attack.base=50",
            "defender.position=active",
            "defender.weakness%5B0%5D.type=Lightning",
            "defender.weakness%5B0%5D.value=%C3%972",
            "modifiers%5B0%5D.source=Brave+Bangle",
            "modifiers%5B0%5D.applies_to=attacker",
            "modifiers%5B0%5D.amount=30",
            "modifiers%5B1%5D.applies_to=defender",
            "modifiers%5B1%5D.amount=-60",
            "attacker.types=Lightning",
        ] {
            assert!(url.contains(want), "{url} lacks {want}");
        }
        // More effects than the form has rows: no link rather than a wrong one.
        let mut long = trace();
        for _ in 0..3 {
            long.push(entry(TraceStep::Defender, Some("Rigid Band"), "-10", 90));
        }
        assert_eq!(calculator_url(&long, &attack()), None);
    }
}
