//! The mutation suite: the real English logs of ../shared (legal games), changed one line at a
//! time into an illegal one, measured as `../shared/tools/README.md` (and `mutate.py`) define it:
//!
//! - a mutant counts only where the engine claimed to check what was changed: the original
//!   line it replaces or removes was `ok`; for an inserted line, the original log had no
//!   violation at all;
//! - it is caught only by a `violation` at the changed line or one of the next three lines;
//! - anything else is a miss, `unverified` included (a doubt is not a catch, and it stays in the
//!   denominator).
//!
//! The raw rate per kind (caught / counted) is printed and held to the floors of
//! `common::floors::MUTATIONS`.
//! Run with `cargo test --test mutations -- --nocapture` to see the table and every miss.

#[path = "../common/mod.rs"]
mod common;
mod kinds;
mod more_kinds;
mod mutant;

use std::collections::BTreeMap;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::log::parse_log;

use mutant::{Base, CATCH_WINDOW, states};

/// The floors each kind's raw catch rate (caught / counted, as defined above) is held to: the
/// level the engine reached when the floor was set (rounded down to a whole percent), so a
/// change that catches fewer mutants fails here. This is a ratchet, not the target (95% of every
/// kind): the floors are raised as the effects issue (21) lands and the engine decides more of
/// the lines it now leaves `unverified`; never lowered to make a change pass.
///
/// Columns: kind, floor in percent with both card sources of ../shared (pokemon-tcg-data and the
/// TCGdex cards-database, which holds the games' 2025-26 cards), floor with pokemon-tcg-data
/// alone. First set on 2026-11-26 (both sources: 976 of 1116 caught over all kinds, 87.5%; the
/// lowest kind was damage off by 10, 47 of 109). Raised the same day as the exact effects of
/// issue 21 landed (1051 of 1133, 92.8%; damage off by 10 116 of 129). One kind went down and
/// says why: knock-out-added counts more mutants now (the attacks before them are `ok` where the
/// card data lacked their print), and a Knock Out line that may mean either of two Pokémon of
/// one name is no longer a violation (issue 20: no accusation from an identity the tracker is
/// unsure of), 39 of 50. Raised again as the counters, Knock Out and Prize readings landed
/// (1075 of 1140, 94.3%; damage off by 10 129 of 134, wrong Prize count 137 of 150, wrong
/// winner 24 of 24). Raised again as prints, Tools on an uncertain Pokémon and Prize changes
/// were read as readings (1093 of 1144, 95.5%; damage off by 10 132 of 135, wrong Prize count
/// 143 of 150, Knock Out removed 111 of 128); then as texts that only put counters or keep
/// effects off stopped doubting a Pokémon left over its HP (1100 of 1144, 96.2%; Knock Out
/// removed 118 of 128); then as counts the log's lists give and readings an attack line rules
/// out landed (1102 of 1145; damage off by 10 134 of 136).
use common::floors::MUTATIONS as FLOORS;

#[test]
fn mutants_of_real_logs_are_caught_at_the_changed_line_or_the_next_three() {
    // Both card sources when present (the games' 2025-26 cards are in TCGdex only), else the
    // pokemon-tcg-data copy, with its own column of floors.
    let both = common::shared_card_sources();
    let with_both = both.is_some();
    let cards = both.or_else(common::shared_cards);
    let (Some(files), Some(cards)) = (common::english_logs(), cards) else {
        return common::skipped(
            "mutation suite",
            "../shared/ptcgl-logs or ../shared/cards/pokemon-tcg-data",
        );
    };
    let db = CardDb::load_dir(&cards).unwrap();
    let mut table: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    for f in &files {
        let raw = String::from_utf8(std::fs::read(f).unwrap()).unwrap();
        let log = parse_log(raw.as_bytes()).unwrap();
        let lines: Vec<String> = raw.lines().map(str::to_string).collect();
        let original =
            ptcg_judge::verify(raw.as_bytes(), Some(&db), RuleEdition::default()).unwrap();
        let base = Base {
            file: f.file_name().unwrap().to_string_lossy().into_owned(),
            states: states(&log, &db),
            verdicts: original.steps.iter().map(|s| (s.line, s.verdict)).collect(),
            lines,
            log,
        };
        for m in kinds::mutants(&base, &db)
            .into_iter()
            .chain(more_kinds::mutants(&base, &db))
        {
            let e = table.entry(m.kind).or_default();
            if !base.counts(&m) {
                // The engine did not claim to check the original line: by the definition the
                // mutant is not counted at all (neither caught nor missed).
                e.not_counted += 1;
                continue;
            }
            e.counted += 1;
            let report =
                ptcg_judge::verify(m.text.as_bytes(), Some(&db), RuleEdition::default()).unwrap();
            let window: Vec<_> = report
                .steps
                .iter()
                .filter(|s| (m.line..=m.line + CATCH_WINDOW).contains(&s.line))
                .collect();
            if window.iter().any(|s| s.verdict == Verdict::Violation) {
                e.caught += 1;
                continue;
            }
            // A miss. Where the engine said `unverified` in the window it doubted the line; the
            // doubt is printed apart, and is a miss all the same.
            let doubted = window.iter().any(|s| s.verdict == Verdict::Unverified);
            if doubted {
                e.doubted += 1;
            }
            let shown: Vec<String> = window
                .iter()
                .map(|s| format!("{}:{} {}", s.line, s.verdict.as_str(), s.message))
                .collect();
            misses.push(format!(
                "{} {} line {} ({}){}: {}",
                m.kind,
                m.source,
                m.line,
                m.what,
                if doubted { " [unverified]" } else { "" },
                shown.join(" | ")
            ));
        }
    }
    for m in &misses {
        eprintln!("MISS {m}");
    }
    eprintln!(
        "card data: {}",
        if with_both {
            "pokemon-tcg-data and TCGdex"
        } else {
            "pokemon-tcg-data alone"
        }
    );
    eprintln!(
        "mutation kind                 caught / counted    rate   (misses unverified; not counted: original line not ok)"
    );
    let mut all = Tally::default();
    for (kind, t) in &table {
        all.add(t);
        eprintln!(
            "{kind:<29} {:>6} / {:<7} {:>6.1}%   ({} unverified; {} not counted)",
            t.caught,
            t.counted,
            100.0 * t.rate(),
            t.doubted,
            t.not_counted
        );
    }
    eprintln!(
        "{:<29} {:>6} / {:<7} {:>6.1}%   ({} unverified; {} not counted)",
        "all kinds",
        all.caught,
        all.counted,
        100.0 * all.rate(),
        all.doubted,
        all.not_counted
    );
    let mut failures = Vec::new();
    for &(kind, floor_both, floor_one) in FLOORS {
        let floor = if with_both { floor_both } else { floor_one };
        let t = if kind == "all kinds" {
            all
        } else {
            table.get(kind).copied().unwrap_or_default()
        };
        if t.counted == 0 {
            failures.push(format!(
                "{kind}: no mutant counted (none generated, or no original line was ok)"
            ));
        } else if t.caught * 100 < floor * t.counted {
            failures.push(format!(
                "{kind}: caught {} of {} ({:.1}%), floor {floor}%",
                t.caught,
                t.counted,
                100.0 * t.rate(),
            ));
        }
    }
    for kind in table.keys() {
        if !FLOORS.iter().any(|(k, _, _)| k == kind) {
            failures.push(format!("{kind}: no floor in FLOORS"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The figures of one kind of mutant.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    /// Mutants whose original line the engine said `ok` (for an inserted line: whose original
    /// log had no violation): the denominator.
    counted: usize,
    /// Of those, caught by a violation at the changed line or the next three.
    caught: usize,
    /// Of the misses, those with an `unverified` step in the window (the engine doubted the
    /// line; still a miss).
    doubted: usize,
    /// Mutants left out because the original line was not `ok`.
    not_counted: usize,
}

impl Tally {
    /// The raw rate: caught / counted (0 when nothing was counted).
    fn rate(&self) -> f64 {
        if self.counted == 0 {
            0.0
        } else {
            self.caught as f64 / self.counted as f64
        }
    }

    fn add(&mut self, other: &Tally) {
        self.counted += other.counted;
        self.caught += other.caught;
        self.doubted += other.doubted;
        self.not_counted += other.not_counted;
    }
}

/// The mutation rule itself: an untouched log has no violation at all (the suite's baseline).
#[test]
fn the_real_logs_themselves_have_no_violation() {
    let (Some(files), Some(cards)) = (common::english_logs(), common::shared_cards()) else {
        return common::skipped("zero violations on real logs", "../shared");
    };
    let db = CardDb::load_dir(&cards).unwrap();
    for f in &files {
        for cards in [Some(&db), None] {
            let report =
                ptcg_judge::verify(&std::fs::read(f).unwrap(), cards, RuleEdition::default())
                    .unwrap();
            let v: Vec<String> = report
                .violations()
                .map(|s| format!("{}: {} -- {}", s.line, s.text, s.message))
                .collect();
            assert!(v.is_empty(), "{}: {}", f.display(), v.join("\n"));
        }
    }
}
