//! What the engine says about one line: a verdict, the clauses applied, and a sentence.

use serde::{Deserialize, Serialize};
use smallvec::{SmallVec, smallvec};

/// The clause ids of a step. A finding nearly always cites one, kept inline (a finding made
/// on every line then allocates nothing for it); the inline room is one id so that a step is no
/// larger than with a `Vec` (a step is moved often).
pub type Clauses = SmallVec<[&'static str; 1]>;

/// The verdict on one log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Checked and legal.
    Ok,
    /// Provably against the rules, given what the log shows.
    Violation,
    /// The check needs something the engine does not know; the message says what.
    Unverified,
    /// No rule to check.
    Info,
    /// The line has no known shape.
    Unparsed,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Violation => "violation",
            Verdict::Unverified => "unverified",
            Verdict::Info => "info",
            Verdict::Unparsed => "unparsed",
        }
    }
}

/// The engine's finding for one line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    pub verdict: Verdict,
    /// Clause ids applied, each with a section in the rulings reference.
    pub clauses: Clauses,
    pub message: String,
    /// The clauses of the findings that are violations (for the soundness gate, which asks
    /// only about what a violation relies on).
    #[serde(skip)]
    pub violated: Clauses,
    /// A violation the card-text gate already let stand (a judge that models some effects
    /// gates its own findings with what it modelled; the gate does not ask again).
    #[serde(skip)]
    pub cleared: bool,
    /// What a person reads beyond the sentence: the damage trace, the cost, the failed clause,
    /// the doubt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Box<super::explanation::Explanation>>,
}

impl Step {
    pub fn info(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Info,
            clauses: Clauses::new(),
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    pub fn unverified(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Unverified,
            clauses: Clauses::new(),
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    pub fn unparsed(message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Unparsed,
            clauses: Clauses::new(),
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    /// A rule the replay applied on the line without checking it (a reference clause, cited
    /// so the reader sees which rule the state follows): a note, not a finding.
    pub fn applied(clause: &'static str, message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Info,
            clauses: smallvec![clause],
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    /// A rule checked and met.
    pub fn ok(clause: &'static str, message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Ok,
            clauses: smallvec![clause],
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    /// A rule checked and broken.
    pub fn violation(clause: &'static str, message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Violation,
            clauses: smallvec![clause],
            message: message.into(),
            violated: smallvec![clause],
            cleared: false,
            explanation: None,
        }
    }

    /// A rule that could not be checked; the message says what is missing.
    pub fn cannot_check(clause: &'static str, message: impl Into<String>) -> Step {
        Step {
            verdict: Verdict::Unverified,
            clauses: smallvec![clause],
            message: message.into(),
            violated: Clauses::new(),
            cleared: false,
            explanation: None,
        }
    }

    /// This step with `explanation` (merged with what it had).
    pub fn explained(mut self, explanation: super::explanation::Explanation) -> Step {
        let merged = match self.explanation.take() {
            Some(old) => super::explanation::Explanation::merge([explanation, *old]),
            None => explanation,
        };
        self.explanation = (!merged.is_empty()).then(|| Box::new(merged));
        self
    }

    /// How much a part weighs when parts are combined: a violation outweighs a doubt, which
    /// outweighs a check passed, which outweighs a plain note.
    fn weight(&self) -> u8 {
        match self.verdict {
            Verdict::Violation => 4,
            Verdict::Unverified => 3,
            Verdict::Ok => 2,
            Verdict::Info => 1,
            Verdict::Unparsed => 5,
        }
    }

    /// Combine the findings of several checks on one line into its one verdict: the heaviest
    /// verdict wins; its messages come first; every clause applied is listed (heaviest first).
    pub fn combine(mut parts: Vec<Step>) -> Step {
        Step::combine_in(&mut parts)
    }

    /// [`Step::combine`] of the findings in `parts`, leaving `parts` empty with its room kept
    /// (for a list of findings reused from line to line).
    pub fn combine_in(parts: &mut Vec<Step>) -> Step {
        // An empty `info` (nothing to say) is the lightest finding and adds nothing.
        parts.retain(|p| {
            !(p.verdict == Verdict::Info && p.clauses.is_empty() && p.message.is_empty())
        });
        if parts.len() <= 1 {
            return parts.pop().unwrap_or_else(|| Step::info(""));
        }
        // The weights present, as bits (one pass instead of one per weight).
        let present = parts.iter().fold(0u8, |bits, p| bits | 1 << p.weight());
        let weight = 7 - present.leading_zeros() as u8;
        let verdict = parts
            .iter()
            .find(|p| p.weight() == weight)
            .map_or(Verdict::Info, |p| p.verdict);
        let weights = || (0..=weight).rev().filter(move |w| present & 1 << w != 0);
        // Clauses heaviest first (in order within a weight), without repeats.
        let mut clauses = Clauses::with_capacity(parts.iter().map(|p| p.clauses.len()).sum());
        for w in weights() {
            for p in parts.iter().filter(|p| p.weight() == w) {
                for c in &p.clauses {
                    if !clauses.contains(c) {
                        clauses.push(c);
                    }
                }
            }
        }
        let message = heaviest_messages(parts, weight);
        let mut violated = Clauses::new();
        for p in parts.iter().filter(|p| p.verdict == Verdict::Violation) {
            for c in &p.violated {
                if !violated.contains(c) {
                    violated.push(c);
                }
            }
        }
        let violations = parts.iter().filter(|p| p.verdict == Verdict::Violation);
        let cleared = verdict == Verdict::Violation && violations.clone().all(|p| p.cleared);
        // The explanations, the heaviest parts' first (their failed clause or doubt is the
        // line's), then the others' (a trace of a damage checked beside a doubt elsewhere).
        // Merged as they are taken (no list of them is gathered first).
        let explanation = if parts.iter().any(|p| p.explanation.is_some()) {
            let mut merged = super::explanation::Explanation::default();
            for w in weights() {
                for p in parts.iter_mut().filter(|p| p.weight() == w) {
                    if let Some(e) = p.explanation.take() {
                        merged.absorb(*e);
                    }
                }
            }
            (!merged.is_empty()).then(|| Box::new(merged))
        } else {
            None
        };
        parts.clear();
        Step {
            verdict,
            clauses,
            message,
            violated,
            cleared,
            explanation,
        }
    }
}

/// The messages of the parts of weight `weight`, in order, joined by "; ", each dropped that
/// repeats the one kept before it. When one message is kept (the usual case) it is moved out
/// of its part rather than copied.
fn heaviest_messages(parts: &mut [Step], weight: u8) -> String {
    let mut kept: SmallVec<[usize; 4]> = SmallVec::new();
    for (i, p) in parts.iter().enumerate() {
        if p.weight() != weight || p.message.is_empty() {
            continue;
        }
        if kept.last().is_some_and(|&l| parts[l].message == p.message) {
            continue;
        }
        kept.push(i);
    }
    match kept.as_slice() {
        [] => String::new(),
        [one] => std::mem::take(&mut parts[*one].message),
        many => {
            let len = many.iter().map(|&i| parts[i].message.len() + 2).sum();
            let mut message = String::with_capacity(len);
            for &i in many {
                if !message.is_empty() {
                    message.push_str("; ");
                }
                message.push_str(&parts[i].message);
            }
            message
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Clause ids kept inline make a step no larger than a `Vec` of them would.
    #[test]
    fn inline_clauses_take_no_more_room_than_a_vec() {
        assert_eq!(
            std::mem::size_of::<Clauses>(),
            std::mem::size_of::<Vec<&'static str>>()
        );
    }

    #[test]
    fn the_heaviest_verdict_wins_and_all_clauses_are_listed() {
        let s = Step::combine(vec![
            Step::ok("a", "fine"),
            Step::violation("b", "second Supporter"),
            Step::cannot_check("c", "no card data"),
        ]);
        assert_eq!(s.verdict, Verdict::Violation);
        assert_eq!(s.clauses.as_slice(), ["b", "c", "a"]);
        assert_eq!(s.message, "second Supporter");
        let s = Step::combine(vec![
            Step::ok("a", "fine"),
            Step::cannot_check("c", "no HP"),
        ]);
        assert_eq!(s.verdict, Verdict::Unverified);
        assert_eq!(s.message, "no HP");
        let s = Step::combine(vec![Step::info(""), Step::ok("a", "fine")]);
        assert_eq!(s.verdict, Verdict::Ok);
    }

    /// Combining in place gives what combining a list gives, and leaves the list empty for the
    /// next line, whatever weights its findings have.
    #[test]
    fn combining_in_place_gives_the_same_and_empties_the_list() {
        let findings = || {
            vec![
                Step::info("note"),
                Step::ok("a", "fine"),
                Step::cannot_check("c", "no HP"),
                Step::ok("b", "also fine"),
                Step::cannot_check("c", "no HP"),
                Step::unparsed("what is this"),
                Step::violation("d", "second Supporter"),
            ]
        };
        let all = findings();
        for mask in 0u32..1 << all.len() {
            let picked = || {
                findings()
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| mask & 1 << i != 0)
                    .map(|(_, s)| s)
                    .collect::<Vec<_>>()
            };
            let mut list = picked();
            list.reserve(4);
            let room = list.capacity();
            let combined = Step::combine_in(&mut list);
            assert!(list.is_empty());
            assert_eq!(list.capacity(), room);
            assert_eq!(combined, combine_by_weight(picked()), "{mask:b}");
        }
    }

    /// The combination as its rule says, one weight at a time from the heaviest (the model the
    /// one-pass combination is checked against).
    fn combine_by_weight(mut parts: Vec<Step>) -> Step {
        parts.retain(|p| {
            !(p.verdict == Verdict::Info && p.clauses.is_empty() && p.message.is_empty())
        });
        if parts.len() <= 1 {
            return parts.pop().unwrap_or_else(|| Step::info(""));
        }
        let weight = parts.iter().map(Step::weight).max().unwrap_or(0);
        let mut clauses = Clauses::new();
        let mut messages: Vec<&str> = Vec::new();
        for w in (0..=weight).rev() {
            for p in parts.iter().filter(|p| p.weight() == w) {
                for c in &p.clauses {
                    if !clauses.contains(c) {
                        clauses.push(c);
                    }
                }
                if w == weight
                    && !p.message.is_empty()
                    && messages.last() != Some(&p.message.as_str())
                {
                    messages.push(&p.message);
                }
            }
        }
        let violated: Clauses = parts
            .iter()
            .filter(|p| p.verdict == Verdict::Violation)
            .flat_map(|p| p.violated.iter().copied())
            .fold(Clauses::new(), |mut v, c| {
                if !v.contains(&c) {
                    v.push(c);
                }
                v
            });
        let verdict = parts
            .iter()
            .find(|p| p.weight() == weight)
            .map(|p| p.verdict);
        Step {
            verdict: verdict.unwrap_or(Verdict::Info),
            clauses,
            message: messages.join("; "),
            violated,
            cleared: false,
            explanation: None,
        }
    }
}
