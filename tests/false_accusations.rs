//! No accusation from a line's role or a lost count (issue 20): for each class of false
//! violation seen on real games, a legal sample of `replays/` written for it gives no violation
//! with the built-in card data, and its twin (one line removed or changed, so the game breaks
//! a rule) gives the violation at that line, with the clause.
//!
//! | class | sample | what the twin breaks |
//! |---|---|---|
//! | a passive Ability's report between an attack and its Knock Out | `ability-report.log` | the Knock Out line removed |
//! | a Stadium discarded by an attack, written as its owner's discard | `stadium-discarded-by-attack.log` | the discard removed: the second Stadium of that name |
//! | a count the tracker could not follow (Pokémon benched by a search the log does not list, then Knocked Out) | `hidden-bench-knock-out.log` | the Knock Out line removed |
//! | the client's own arithmetic (a Resistance the card data does not give) | `client-resistance.log` | the damage no longer adds up with the client's own sentence |
//! | damage counters an attack shares out, some written after as prevented by a Pokémon's Ability (a report after the counters lines) | `counters-prevented.log` | more counters than the attack puts |
//! | the 2026 client in German: the attacked Pokémon's owner written wrong in a mirror match, one Knock Out line per Pokémon of one name | `de-mirror-wrong-owner.log` | a Knock Out line removed; a damage figure changed |
//! | an effect that lasts into the opponent's turn from a copied attack: Mew ex's Genome Hacking uses Skarmory's Steel Wing, whose "takes 30 less damage" acts on Mew ex in the next turn (issue 40, 1) | `copied-lasting-effect.log` | the damage taken as if nothing lasted |
//! | the order of an attack's own text: Mirage Barrage discards 2 Energy before its damage, so the Double Turbo Energy it discards no longer takes 20 away (issue 40, 2) | `text-order-discard.log` | two Basic Energy discarded: the Double Turbo Energy stays, and its -20 acts |
//! | a Damage breakdown that leaves a step out: Vitality Band's +10 is not listed, and Weakness doubles 120, not the 110 the breakdown lists (issue 40, 3) | `breakdown-leaves-out.log` | the attack line adds 130 for Weakness, the breakdown 120 |
//! | a Knock Out the client does not write: damage counters put an Evolution at its HP, then the Basic under it is discarded and a Prize card taken, with no Knock Out line (issue 40, 4) | `knock-out-not-written.log` | one counter fewer: the discard is no Knock Out, and the Prize card is owed for none |
//! | a card the data cannot name (a Special Energy by its French name and the client's id `me3_87`) in a discard pile an attack counts: the count is not known, so no accusation (issue 40, 5) | `unnamed-energy-counted.log` | the card is a Potion instead: the count is exact and the damage one Energy too high |

mod common;

use common::{sample_text as sample, verify_builtin as verify};
use ptcg_judge::engine::Verdict;
use ptcg_judge::report::Report;

/// A change to one line of a sample (1-based): removed, or replaced by another text.
enum Edit {
    Remove(usize),
    Replace(usize, &'static str, &'static str),
}

fn apply(text: &str, edit: &Edit) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match edit {
        Edit::Remove(n) => {
            lines.remove(n - 1);
        }
        Edit::Replace(n, from, to) => {
            assert!(
                lines[n - 1].contains(from),
                "line {n} is {:?}, without {from:?}",
                lines[n - 1]
            );
            lines[n - 1] = lines[n - 1].replacen(from, to, 1);
        }
    }
    lines.join("\n") + "\n"
}

struct Case {
    sample: &'static str,
    twin: Edit,
    /// The line (1-based, in the twin) and the clause its violation must cite.
    line: u32,
    clause: &'static str,
}

const CASES: &[Case] = &[
    Case {
        sample: "ability-report.log",
        twin: Edit::Remove(40),
        line: 40,
        clause: "knockout.at-hp",
    },
    Case {
        sample: "stadium-discarded-by-attack.log",
        twin: Edit::Remove(37),
        line: 44,
        clause: "turn.stadium-same-name",
    },
    Case {
        sample: "hidden-bench-knock-out.log",
        twin: Edit::Remove(42),
        line: 42,
        clause: "knockout.prizes",
    },
    Case {
        sample: "client-resistance.log",
        twin: Edit::Replace(25, "for 0 damage", "for 10 damage"),
        line: 25,
        clause: "attack.damage-order",
    },
    Case {
        sample: "de-mirror-wrong-owner.log",
        twin: Edit::Remove(68),
        line: 68,
        clause: "knockout.at-hp",
    },
    Case {
        sample: "de-mirror-wrong-owner.log",
        twin: Edit::Replace(28, "für 20 Schadenspunkte", "für 30 Schadenspunkte"),
        line: 28,
        clause: "attack.damage-order",
    },
    Case {
        sample: "copied-lasting-effect.log",
        twin: Edit::Replace(41, "for 20 damage", "for 50 damage"),
        line: 41,
        clause: "attack.damage-order",
    },
    Case {
        sample: "text-order-discard.log",
        twin: Edit::Replace(
            40,
            "Double Turbo Energy, Basic Water Energy",
            "Basic Water Energy, Basic Water Energy",
        ),
        line: 37,
        clause: "attack.damage-order",
    },
    Case {
        sample: "breakdown-leaves-out.log",
        twin: Edit::Replace(36, "took 120 more damage", "took 130 more damage"),
        line: 36,
        clause: "attack.damage-breakdown",
    },
    Case {
        sample: "knock-out-not-written.log",
        twin: Edit::Replace(36, "put 7 damage counters", "put 6 damage counters"),
        line: 38,
        clause: "knockout.prizes",
    },
    Case {
        sample: "unnamed-energy-counted.log",
        twin: Edit::Replace(18, "(me3_87) Énergie Combat Rocailleuse", "Potion"),
        line: 30,
        clause: "attack.damage-order",
    },
    Case {
        sample: "counters-prevented.log",
        twin: Edit::Replace(27, "put 2 damage counters", "put 4 damage counters"),
        line: 27,
        clause: "attack.damage-counters",
    },
];

fn violations(report: &Report) -> Vec<String> {
    report
        .steps
        .iter()
        .filter(|s| s.verdict == Verdict::Violation)
        .map(|s| format!("line {}: {} [{}]", s.line, s.message, s.clauses.join(", ")))
        .collect()
}

#[test]
fn each_legal_sample_gives_no_violation() {
    let mut seen = Vec::new();
    for case in CASES {
        if seen.contains(&case.sample) {
            continue;
        }
        seen.push(case.sample);
        let report = verify(&sample(case.sample));
        assert_eq!(report.summary.unparsed, 0, "{}", case.sample);
        let found = violations(&report);
        assert!(
            found.is_empty(),
            "{}: a legal game, yet\n{}",
            case.sample,
            found.join("\n")
        );
    }
}

#[test]
fn each_twin_gives_the_violation_at_its_line() {
    for case in CASES {
        let report = verify(&apply(&sample(case.sample), &case.twin));
        let at = report
            .steps
            .iter()
            .find(|s| s.line == case.line)
            .unwrap_or_else(|| panic!("{}: no line {}", case.sample, case.line));
        assert!(
            at.verdict == Verdict::Violation && at.clauses.iter().any(|c| c == case.clause),
            "{} twin: line {} should be a {} violation, is {:?}: {} [{}]\nall violations:\n{}",
            case.sample,
            case.line,
            case.clause,
            at.verdict,
            at.message,
            at.clauses.join(", "),
            violations(&report).join("\n")
        );
    }
}
