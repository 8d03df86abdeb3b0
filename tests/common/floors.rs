//! Every figure the suites hold the engine to, in one place: the decided shares, the mutation
//! catch rates, the breakdown oracle. Each is a ratchet: set at the level the engine reached
//! when it was set (rounded down), raised as the engine decides more, never lowered to make a
//! change pass. `docs/tests.md` quotes this table; `tests/docs_figures.rs` fails when the two
//! differ (`PTCG_JUDGE_WRITE_DOCS=1` writes the table into the page).

/// One figure a suite asserts.
pub struct Floor {
    /// The suite (test file) that asserts it.
    pub suite: &'static str,
    /// What is measured, as the suite counts it.
    pub what: &'static str,
    /// The least the suite accepts.
    pub at_least: Least,
}

/// The least a figure may be.
#[derive(Clone, Copy)]
pub enum Least {
    /// A share, in percent (the measured share times 100 must reach it).
    Percent(usize),
    /// A count.
    Count(usize),
}

impl Least {
    /// Whether `part` of `whole` reaches this floor (a count compares `part` alone).
    pub fn holds(self, part: usize, whole: usize) -> bool {
        match self {
            Least::Percent(p) => part * 100 >= p * whole,
            Least::Count(n) => part >= n,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Least::Percent(p) => format!("≥ {p}%"),
            Least::Count(n) => format!("≥ {n}"),
        }
    }
}

/// The decided share of checkable steps (see `common::checkable`) on the 24 English real logs,
/// with both card sources: 1,119 of 1,138 (98.3%) on 2026-11-28.
pub const SOUNDNESS_BOTH: Least = Least::Percent(98);
/// The same with pokemon-tcg-data alone, which lacks most of these games' 2025-26 cards: 984 of
/// 1,187 (82.9%) on 2026-11-28 (990 before "X took N damage" lines were checked for their
/// amount: six of them had been `ok` for the Bench's Weakness alone, which no change of the
/// number could fail; without the attacker's card they are now `unverified`).
/// Raised the same day to 988 of 1,187 (83.2%) as issue 40 decided more.
pub const SOUNDNESS_ONE_SOURCE: Least = Least::Percent(83);
/// The decided share of attack, damage, Knock Out and Prize lines, both card sources: 440 of
/// 452 (97.3%) on 2026-11-28.
/// Raised the same day to 445 of 452 (98.5%) as issue 40 decided more.
pub const DECIDED_BOTH: Least = Least::Percent(98);
/// The same with pokemon-tcg-data alone: 332 of 450 (73.8%) on 2026-11-28 (338 before the same
/// six "took N damage" lines stopped being `ok` without their attack's card).
/// Raised the same day to 336 of 450 (74.7%).
pub const DECIDED_ONE_SOURCE: Least = Least::Percent(74);
/// The decided share of checkable steps on the real logs in German, Latin American Spanish,
/// Italian and Brazilian Portuguese, built-in card data: 144 of 159 (90.6%) on 2026-11-28.
/// Raised the same day to 147 of 159 (92.5%).
pub const LOCALIZED_DECIDED: Least = Least::Percent(92);
/// Localized mutants: damage changed on an `ok` attack line, caught 14 of 17 (82.4%).
/// Raised the same day to 16 of 19 (84.2%).
pub const LOCALIZED_DAMAGE: Least = Least::Percent(84);
/// Localized mutants: a Supporter line copied after itself, caught 24 of 27 (88.9%).
pub const LOCALIZED_SECOND_SUPPORTER: Least = Least::Percent(88);
/// Attacks with a Damage breakdown in the English real logs that the engine still decides
/// with the breakdown removed: 47 of 54 on 2026-11-28.
pub const BREAKDOWN_ORACLE_DECIDED: Least = Least::Count(47);

/// The mutation suite's floors per kind (`tests/mutations/`), with both card sources and with
/// pokemon-tcg-data alone: (kind, both, one source). The history of each is in the suite.
pub const MUTATIONS: &[(&str, usize, usize)] = &[
    ("damage-off-by-10", 98, 26),
    ("second-energy", 99, 29),
    ("second-supporter", 99, 31),
    ("supporter-first-turn", 100, 58),
    ("wrong-prize-count", 95, 24),
    ("knock-out-removed", 96, 32),
    ("knock-out-added", 80, 15),
    ("checkup-out-of-order", 100, 0),
    ("first-player-attacks-turn-1", 91, 50),
    ("retreat-asleep-paralyzed", 89, 22),
    ("evolve-same-turn", 95, 47),
    ("sixth-benched", 95, 31),
    ("wrong-winner", 100, 79),
    ("prizes-beyond-the-pile", 100, 100),
    // The kinds of issue 39 (`more_kinds.rs`), set at their first measure on 2026-11-28 with
    // both sources (counters +1 and a second retreat raised the same day to 80 of 80 and 49 of
    // 49 as issue 40's doubts came to name only the facts they read); pokemon-tcg-data alone (which lacks most of the games' cards) was not
    // measured for them, and CI always has both.
    ("damage-minus-10", 97, 0),
    ("took-damage-plus-10", 100, 0),
    ("counters-plus-1", 100, 0),
    ("second-retreat", 100, 0),
    ("stadium-twice", 100, 0),
    // All kinds together (the new kinds brought it from 1,102 of 1,145 to 1,379 of 1,471;
    // issue 40's doubts read only where their fact is read took it to 1,432 of 1,471).
    ("all kinds", 97, 39),
];

/// Every floor above, as the table `docs/tests.md` quotes.
pub fn all() -> Vec<Floor> {
    let mut out = vec![
        Floor {
            suite: "soundness.rs",
            what: "decided share of checkable steps, English real logs, both card sources",
            at_least: SOUNDNESS_BOTH,
        },
        Floor {
            suite: "soundness.rs",
            what: "the same, pokemon-tcg-data alone",
            at_least: SOUNDNESS_ONE_SOURCE,
        },
        Floor {
            suite: "decided.rs",
            what: "decided share of attack, damage, Knock Out and Prize lines, both card sources",
            at_least: DECIDED_BOTH,
        },
        Floor {
            suite: "decided.rs",
            what: "the same, pokemon-tcg-data alone",
            at_least: DECIDED_ONE_SOURCE,
        },
        Floor {
            suite: "localized.rs",
            what: "decided share of checkable steps, de/es_la/it/pt-BR real logs, built-in data",
            at_least: LOCALIZED_DECIDED,
        },
        Floor {
            suite: "localized.rs",
            what: "localized mutants caught: damage changed",
            at_least: LOCALIZED_DAMAGE,
        },
        Floor {
            suite: "localized.rs",
            what: "localized mutants caught: a second Supporter",
            at_least: LOCALIZED_SECOND_SUPPORTER,
        },
        Floor {
            suite: "breakdown_oracle.rs",
            what: "attacks with a Damage breakdown decided with it removed (count)",
            at_least: BREAKDOWN_ORACLE_DECIDED,
        },
    ];
    for (kind, both, _) in MUTATIONS {
        out.push(Floor {
            suite: "mutations/",
            what: kind,
            at_least: Least::Percent(*both),
        });
    }
    out
}

/// The Markdown table of [`all`], as `docs/tests.md` holds it.
pub fn markdown() -> String {
    let mut t = String::from("| suite | what | at least |\n|---|---|---|\n");
    for f in all() {
        let what = if f.suite == "mutations/" {
            format!("mutants caught: {}", f.what)
        } else {
            f.what.to_string()
        };
        t.push_str(&format!(
            "| `tests/{}` | {what} | {} |\n",
            f.suite,
            f.at_least.describe()
        ));
    }
    t
}
