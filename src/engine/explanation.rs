//! The explanation of a step, for a person: the damage in the rulebook's order as entries a
//! judge reads down (base, effects on the attacker, Weakness, Resistance, effects on the
//! defender), what was considered and does not act, the cost check as its own sentence, the one
//! clause a violation fails, and what a doubt would need. One structure serves the JSON report,
//! the replay page, the command line and the judge tools (the damage tool's trace is written in
//! the same entries: [`from_damage_steps`]).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::damage_order::{DamageStep, DamageStepKind};

/// A step of the damage order (Scarlet & Violet rulebook, "Attacking"; Advanced Players'
/// Rulebook I.A A-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TraceStep {
    /// The attack's printed damage and what its own text adds, multiplies or sets.
    Base,
    /// Effects on the attacking Pokémon.
    Attacker,
    Weakness,
    Resistance,
    /// Effects on the Pokémon taking the damage (and damage prevented).
    Defender,
}

impl TraceStep {
    pub fn as_str(self) -> &'static str {
        match self {
            TraceStep::Base => "base",
            TraceStep::Attacker => "attacker",
            TraceStep::Weakness => "weakness",
            TraceStep::Resistance => "resistance",
            TraceStep::Defender => "defender",
        }
    }

    /// How a person names the step.
    pub fn label(self) -> &'static str {
        match self {
            TraceStep::Base => "Base damage",
            TraceStep::Attacker => "Effects on the attacker",
            TraceStep::Weakness => "Weakness",
            TraceStep::Resistance => "Resistance",
            TraceStep::Defender => "Effects on the defender",
        }
    }
}

/// One entry of the damage trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceEntry {
    pub step: TraceStep,
    /// The card or rule that acts; `None` for the printed base damage.
    pub source: Option<String>,
    /// `=N`, `+N`, `-N`, `×N`, or `none`.
    pub change: String,
    /// The damage after this entry.
    pub value: i32,
    pub clause: Cow<'static, str>,
    /// Why nothing applies at this step ("the Defending Pokémon has no Weakness"), or what the
    /// entry counts ("20 × 9 Benched Pokémon").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl TraceEntry {
    /// An entry that changes nothing, with why.
    pub fn none(
        step: TraceStep,
        value: i32,
        clause: &'static str,
        reason: impl Into<String>,
    ) -> Self {
        TraceEntry {
            step,
            source: None,
            change: "none".to_string(),
            value,
            clause: Cow::Borrowed(clause),
            reason: Some(reason.into()),
        }
    }

    /// An entry by `source` that adds `amount` (negative: takes away).
    pub fn add(
        step: TraceStep,
        source: impl Into<String>,
        amount: i32,
        value: i32,
        clause: &'static str,
    ) -> Self {
        TraceEntry {
            step,
            source: Some(source.into()),
            change: if amount < 0 {
                sentence!("-{}", amount.unsigned_abs())
            } else {
                sentence!("+{amount}")
            },
            value,
            clause: Cow::Borrowed(clause),
            reason: None,
        }
    }
}

impl TraceEntry {
    /// The damage this entry's change makes of the damage `before` it: `=N` sets it, `+N` and
    /// `-N` add and take away, `×N` multiplies, `none` keeps it; `None` for a change in no such
    /// form.
    pub fn applied_to(&self, before: i32) -> Option<i32> {
        if self.change == "none" {
            return Some(before);
        }
        let mut chars = self.change.chars();
        let op = chars.next()?;
        let n: i32 = chars.as_str().parse().ok()?;
        match op {
            '=' => Some(n),
            '+' => Some(before.saturating_add(n)),
            '-' => Some(before.saturating_sub(n)),
            '×' => Some(before.saturating_mul(n)),
            _ => None,
        }
    }
}

/// An effect that was considered and does not act here, with why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotApplied {
    pub source: String,
    pub reason: String,
}

/// For a violation: the one clause that fails, and what the rules allow against the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failed {
    pub clause: Cow<'static, str>,
    /// The clause's title in the rulings reference (filled when the report is made).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    pub sentence: String,
}

/// For an `unverified`: what the engine could not know, in a sentence a judge can read, with
/// the card and the fact when a card's text is the doubt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doubt {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// What the card's text says, when the doubt is a card's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// The fact it may change ("the damage dealt").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fact: Option<String>,
    /// The sentence: what is not known, and what would decide it.
    pub sentence: String,
}

/// Everything a person reads about one step beyond its verdict.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trace: Vec<TraceEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_applied: Vec<NotApplied>,
    /// The Energy cost check, as its own sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed: Option<Failed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubt: Option<Doubt>,
}

impl Explanation {
    pub fn is_empty(&self) -> bool {
        self.trace.is_empty()
            && self.not_applied.is_empty()
            && self.cost.is_none()
            && self.failed.is_none()
            && self.doubt.is_none()
    }

    /// A trace, with what was considered and does not act.
    pub fn trace(trace: Vec<TraceEntry>, not_applied: Vec<NotApplied>) -> Explanation {
        Explanation {
            trace,
            not_applied,
            ..Explanation::default()
        }
    }

    /// The explanation of several parts of one line: the first trace, cost, failed clause and
    /// doubt each part gives.
    pub fn merge(parts: impl IntoIterator<Item = Explanation>) -> Explanation {
        let mut out = Explanation::default();
        for p in parts {
            out.absorb(p);
        }
        out
    }

    /// [`Explanation::merge`] one part at a time: what `p` gives that this lacks (its trace
    /// when this has none; its cost, failed clause and doubt each when this has none).
    pub fn absorb(&mut self, p: Explanation) {
        if self.trace.is_empty() && !p.trace.is_empty() {
            self.trace = p.trace;
            self.not_applied = p.not_applied;
        }
        if self.cost.is_none() {
            self.cost = p.cost;
        }
        if self.failed.is_none() {
            self.failed = p.failed;
        }
        if self.doubt.is_none() {
            self.doubt = p.doubt;
        }
    }

    /// The damage the trace ends on.
    pub fn traced_damage(&self) -> Option<i32> {
        self.trace.last().map(|e| e.value)
    }

    /// The trace as one sentence ("base 20, Lightning Rondo +180 = 200; no Weakness; no
    /// Resistance"), for the command line's one-line output.
    pub fn trace_sentence(&self) -> String {
        let mut parts = Vec::new();
        for (i, e) in self.trace.iter().enumerate() {
            let bench = e.clause == "attack.damage-order.bench";
            let what = match (&e.source, e.change.as_str()) {
                (None, c) if c.starts_with('=') && i == 0 => sentence!("base {}", &c[1..]),
                // On the Bench both steps are one: said once.
                (_, "none") if bench && e.step == TraceStep::Resistance => continue,
                (_, "none") if bench => "no Weakness or Resistance on the Bench".to_string(),
                (_, "none") if e.step == TraceStep::Weakness => "no Weakness".to_string(),
                (_, "none") if e.step == TraceStep::Resistance => "no Resistance".to_string(),
                (_, "none") => e.reason.clone().unwrap_or_default(),
                (Some(s), c) => match &e.reason {
                    Some(r) => sentence!("{s} {c} ({r})"),
                    None => sentence!("{s} {c}"),
                },
                (None, c) => match &e.reason {
                    Some(r) => sentence!("{r} {c}"),
                    None => c.to_string(),
                },
            };
            parts.push(what);
        }
        if let Some(d) = self.traced_damage() {
            sentence!("{} = {d}", parts.join(", "))
        } else {
            String::new()
        }
    }
}

/// The damage tool's trace ([`DamageStep`]s of the calculation) as trace entries, so the tool
/// and the replay speak the same way. The counters step is left out (it is not damage).
pub fn from_damage_steps(steps: &[DamageStep]) -> Vec<TraceEntry> {
    let mut out = Vec::new();
    let mut last = 0;
    for s in steps {
        let step = match s.step {
            DamageStepKind::Base => TraceStep::Base,
            DamageStepKind::AttackerEffects => TraceStep::Attacker,
            DamageStepKind::Weakness => TraceStep::Weakness,
            DamageStepKind::Resistance => TraceStep::Resistance,
            DamageStepKind::DefenderEffects | DamageStepKind::Prevent => TraceStep::Defender,
            DamageStepKind::Counters => continue,
        };
        let change = if step == TraceStep::Base {
            sentence!("={}", s.value)
        } else if s.value == last {
            "none".to_string()
        } else if s.value > last {
            sentence!("+{}", s.value - last)
        } else {
            sentence!("-{}", last - s.value)
        };
        out.push(TraceEntry {
            step,
            source: None,
            change,
            value: s.value,
            clause: Cow::Borrowed(s.clause),
            reason: (!s.note.is_empty()).then(|| s.note.clone()),
        });
        last = s.value;
    }
    out
}
