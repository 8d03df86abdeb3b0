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
//! The raw rate per kind (caught / counted) is printed and held to the floors of [`FLOORS`].
//! Run with `cargo test --test mutations -- --nocapture` to see the table and every miss.

mod common;

use std::collections::{BTreeMap, HashMap};

use ptcg_judge::cards::{CardDb, Stage};
use ptcg_judge::engine::{GameState, Replay, RuleEdition, Verdict};
use ptcg_judge::log::{AttackLine, Depth, Event, ParsedLog, parse_log};

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
const FLOORS: &[(&str, usize, usize)] = &[
    ("damage-off-by-10", 98, 26),
    ("second-energy", 99, 29),
    ("second-supporter", 99, 31),
    ("supporter-first-turn", 100, 58),
    ("wrong-prize-count", 95, 24),
    ("knock-out-removed", 92, 32),
    ("knock-out-added", 78, 15),
    ("checkup-out-of-order", 100, 0),
    ("first-player-attacks-turn-1", 91, 50),
    ("retreat-asleep-paralyzed", 89, 22),
    ("evolve-same-turn", 95, 47),
    ("sixth-benched", 95, 31),
    ("wrong-winner", 100, 79),
    ("prizes-beyond-the-pile", 100, 100),
    // All kinds together.
    ("all kinds", 96, 39),
];

/// How many lines after the changed one a violation still catches the mutant.
const CATCH_WINDOW: u32 = 3;

/// What the mutant changed in the original log, for the rule on which mutants count.
#[derive(Clone, Copy)]
enum Original {
    /// It replaced or removed this line (1-based) of the original: the mutant counts only if the
    /// engine said `ok` there.
    Line(u32),
    /// It inserted a line: the mutant counts only if the original log had no violation.
    Inserted,
}

/// One changed log: its text, and the line (of the changed text) from which a violation counts
/// as a catch, up to [`CATCH_WINDOW`] lines after it.
struct Mutant {
    kind: &'static str,
    source: String,
    text: String,
    line: u32,
    original: Original,
    what: String,
}

struct Base {
    file: String,
    lines: Vec<String>,
    log: ParsedLog,
    /// The state after each line (index i: after lines[..=i]).
    states: Vec<GameState>,
    /// The engine's verdict on each line of the original log, by line number.
    verdicts: HashMap<u32, Verdict>,
}

fn states(log: &ParsedLog, db: &CardDb) -> Vec<GameState> {
    let mut replay = Replay::new(log, Some(db), RuleEdition::default());
    let mut out = Vec::with_capacity(log.lines.len());
    while replay.next_step().is_some() {
        out.push(replay.state().clone());
    }
    out
}

impl Base {
    fn with_replaced(&self, i: usize, new: &str) -> String {
        let mut l = self.lines.clone();
        l[i] = new.to_string();
        l.join("\n")
    }

    fn with_inserted(&self, i: usize, new: &str) -> String {
        let mut l = self.lines.clone();
        l.insert(i, new.to_string());
        l.join("\n")
    }

    fn with_removed(&self, i: usize) -> String {
        let mut l = self.lines.clone();
        l.remove(i);
        l.join("\n")
    }

    /// A mutant whose change is at `line` of `text`, made from the `original` line.
    fn mutant(
        &self,
        kind: &'static str,
        text: String,
        line: u32,
        original: Original,
        what: String,
    ) -> Mutant {
        Mutant {
            kind,
            source: self.file.clone(),
            text,
            line,
            original,
            what,
        }
    }

    /// Whether the mutant counts: the engine claimed to check what it changed.
    fn counts(&self, m: &Mutant) -> bool {
        match m.original {
            Original::Line(n) => self.verdicts.get(&n) == Some(&Verdict::Ok),
            Original::Inserted => !self.verdicts.values().any(|v| *v == Verdict::Violation),
        }
    }

    /// Index of the next top-level line after `i` (the end of `i`'s sub-lines and lists).
    fn block_end(&self, i: usize) -> usize {
        (i + 1..self.log.lines.len())
            .find(|j| self.log.lines[*j].depth == Depth::Top)
            .unwrap_or(self.log.lines.len())
    }

    /// Index of the last line of the turn that contains `i` (before the next header).
    fn turn_end(&self, i: usize) -> usize {
        (i + 1..self.log.lines.len())
            .find(|j| {
                matches!(
                    self.log.lines[*j].event,
                    Event::TurnHeader { .. } | Event::CheckupHeader | Event::GameEnd { .. }
                )
            })
            .unwrap_or(self.log.lines.len())
    }

    fn name(&self, p: usize) -> String {
        self.states[0].players[p].name.to_string()
    }
}

fn is_supporter(db: &CardDb, name: &str) -> bool {
    let prints = db.by_name(name);
    !prints.is_empty() && prints.iter().any(|i| db.card(*i).is_supporter())
}

fn is_basic(db: &CardDb, name: &str) -> bool {
    let prints = db.by_name(name);
    !prints.is_empty()
        && prints
            .iter()
            .all(|i| matches!(db.card(*i).stage(), Some(Stage::Basic)))
}

fn mutants(base: &Base, db: &CardDb) -> Vec<Mutant> {
    let mut out = Vec::new();
    let lines = &base.log.lines;
    let first_player = base.states.last().and_then(|s| s.first_player);
    for (i, line) in lines.iter().enumerate() {
        let number = line.number;
        let text = &base.lines[i];
        let before = if i == 0 {
            &base.states[0]
        } else {
            &base.states[i - 1]
        };
        match &line.event {
            // 1. Damage off by 10.
            Event::Attack(a) if a.damage > 0 => {
                let damage = a.damage;
                let from = format!(" for {damage} damage.");
                let to = format!(" for {} damage.", damage + 10);
                if let Some(pos) = text.find(&from) {
                    let mut t = text.clone();
                    t.replace_range(pos..pos + from.len(), &to);
                    out.push(base.mutant(
                        "damage-off-by-10",
                        base.with_replaced(i, &t),
                        number,
                        Original::Line(number),
                        format!("{damage} -> {}", damage + 10),
                    ));
                }
            }
            // 2. A second manual Energy attachment: the same attachment again.
            Event::Attach { card, .. }
                if line.depth == Depth::Top && card.name.ends_with("Energy") =>
            {
                let at = base.block_end(i);
                out.push(base.mutant(
                    "second-energy",
                    base.with_inserted(at, text),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("copy of line {number}"),
                ));
            }
            // 3. A second Supporter in the turn.
            Event::PlayCard { card, .. }
                if line.depth == Depth::Top && is_supporter(db, &card.name) =>
            {
                let at = base.block_end(i);
                out.push(base.mutant(
                    "second-supporter",
                    base.with_inserted(at, text),
                    at as u32 + 1,
                    Original::Inserted,
                    format!("copy of line {number}"),
                ));
            }
            // 5. A wrong Prize count.
            Event::TookPrizes { player, count } => {
                let more = format!("{player} took {} Prize cards.", count + 1);
                out.push(base.mutant(
                    "wrong-prize-count",
                    base.with_replaced(i, &more),
                    number,
                    Original::Line(number),
                    format!("{count} -> {}", count + 1),
                ));
                // 11b. More Prize cards in one line than the game set aside.
                out.push(base.mutant(
                    "prizes-beyond-the-pile",
                    base.with_replaced(i, &format!("{player} took 7 Prize cards.")),
                    number,
                    Original::Line(number),
                    format!("{count} -> 7"),
                ));
                if *count >= 2 {
                    let fewer = if *count == 2 {
                        format!("{player} took a Prize card.")
                    } else {
                        format!("{player} took {} Prize cards.", count - 1)
                    };
                    out.push(base.mutant(
                        "wrong-prize-count",
                        base.with_replaced(i, &fewer),
                        number,
                        Original::Line(number),
                        format!("{count} -> {}", count - 1),
                    ));
                }
            }
            // 12. The wrong winner on the last line.
            Event::GameEnd { winner, .. } => {
                let names = [base.name(0), base.name(1)];
                if let Some(other) = names.iter().find(|n| n.as_str() != winner.as_str()) {
                    let from = format!(" {winner} wins.");
                    if let Some(pos) = text.rfind(&from) {
                        let mut t = text.clone();
                        t.replace_range(pos..pos + from.len(), &format!(" {other} wins."));
                        out.push(base.mutant(
                            "wrong-winner",
                            base.with_replaced(i, &t),
                            number,
                            Original::Line(number),
                            format!("{winner} -> {other}"),
                        ));
                    }
                }
            }
            // 6a. A Knock Out removed.
            Event::KnockOut { .. } => {
                out.push(base.mutant(
                    "knock-out-removed",
                    base.with_removed(i),
                    number,
                    Original::Line(number),
                    "removed".to_string(),
                ));
            }
            // 9. A retreat while Asleep or Paralyzed.
            Event::Retreat { player, card } if line.depth == Depth::Top => {
                let condition = if number % 2 == 0 {
                    "Asleep"
                } else {
                    "Paralyzed"
                };
                let inserted = format!("{player}'s {} is now {condition}.", card.name);
                out.push(base.mutant(
                    "retreat-asleep-paralyzed",
                    base.with_inserted(i, &inserted),
                    number,
                    Original::Inserted,
                    condition.to_string(),
                ));
            }
            // 10. An evolution on the turn the Pokémon was played.
            Event::PlayToBench { player, card } if line.depth == Depth::Top && before.turn > 0 => {
                let evolution = lines.iter().find_map(|l| match &l.event {
                    Event::Evolve { from, to, .. } if from.name == card.name => {
                        Some(to.name.to_string())
                    }
                    _ => None,
                });
                let stadium_allows = before.stadium.as_ref().is_some_and(|s| {
                    db.by_name(&s.name).iter().any(|i| {
                        db.card(*i)
                            .rules
                            .join(" ")
                            .to_lowercase()
                            .contains("evolve")
                    })
                });
                // Not a provable violation when the player has another Pokémon of that name that
                // could evolve (the line could mean it).
                let after = &base.states[i];
                let p = after.player_named(player);
                let others = p.is_some_and(|p| {
                    after.players[p].in_play().any(|id| {
                        let m = after.mon(id);
                        m.name() == card.name
                            && m.entered_turn < after.turn
                            && m.evolved_turn != Some(after.turn)
                    })
                });
                if let Some(to) = evolution
                    && !stadium_allows
                    && !others
                {
                    let inserted = format!("{player} evolved {} to {to} on the Bench.", card.name);
                    let at = i + 1;
                    out.push(base.mutant(
                        "evolve-same-turn",
                        base.with_inserted(at, &inserted),
                        at as u32 + 1,
                        Original::Inserted,
                        format!("{} -> {to}", card.name),
                    ));
                }
            }
            _ => {}
        }
        // 6b. A Knock Out added: after an attack whose Active target survives.
        if let Event::Attack(a) = &line.event
            && line.depth == Depth::Top
        {
            let AttackLine {
                player,
                target_owner,
                target,
                ..
            } = &**a;
            let end = base.block_end(i);
            // The attack's window: the lines that resolve it, and the reports written inside
            // it (an Ability of the other player's Pokémon that acted on its own).
            let window_end = (end..lines.len())
                .find(|j| {
                    let report = matches!(&lines[*j].event, Event::Use { player: p, .. } if p != player)
                        || matches!(lines[*j].event, Event::Prevented { .. });
                    lines[*j].depth == Depth::Top
                        && !report
                        && !matches!(
                            lines[*j].event,
                            Event::KnockOut { .. }
                                | Event::TookPrizes { .. }
                                | Event::AddedToHand { .. }
                                | Event::Promote { .. }
                                | Event::DiscardFromPokemon { .. }
                                | Event::Activated { .. }
                                | Event::Blank
                        )
                })
                .unwrap_or(lines.len());
            let knocked_out = lines[i..window_end]
                .iter()
                .any(|l| matches!(&l.event, Event::KnockOut { pokemon, .. } if pokemon.name == target.name));
            if !knocked_out {
                let inserted = format!("{target_owner}'s {} was Knocked Out!", target.name);
                out.push(base.mutant(
                    "knock-out-added",
                    base.with_inserted(end, &inserted),
                    end as u32 + 1,
                    Original::Inserted,
                    format!("{} Knocked Out", target.name),
                ));
            }
        }
        // 7. Checkup out of order.
        if let Event::CheckupHeader = line.event {
            let block: Vec<usize> = (i + 1..base.turn_end(i)).collect();
            if let Some(&c) = block
                .iter()
                .find(|j| matches!(lines[**j].event, Event::ConditionDamage { .. }))
            {
                if let Event::ConditionDamage { owner, pokemon, .. } = &lines[c].event {
                    let burn = format!(
                        "2 damage counters were placed on {owner}'s {} for the Special Condition Burned.",
                        pokemon.name
                    );
                    out.push(base.mutant(
                        "checkup-out-of-order",
                        base.with_inserted(c, &burn),
                        lines[c].number,
                        Original::Inserted,
                        "Burned before Poisoned".to_string(),
                    ));
                }
            } else if let Some(&u) = block.iter().find(|j| {
                matches!(lines[**j].event, Event::PutCounters { .. })
                    && lines[**j].depth == Depth::Sub
                    && lines.get(**j + 1).is_some_and(|n| {
                        n.depth == Depth::Sub && matches!(n.event, Event::PutCounters { .. })
                    })
            }) && let Some(ps) = base.states.get(u).map(|s| s.players.clone())
            {
                // An other effect split around a Special Condition step.
                if let Some(active) = ps[0].active {
                    let mon = base.states[u].mon(active);
                    let poison = format!(
                        "1 damage counter was placed on {}'s {} for the Special Condition Poisoned.",
                        ps[0].name,
                        mon.name()
                    );
                    let at = u + 1;
                    out.push(base.mutant(
                        "checkup-out-of-order",
                        base.with_inserted(at, &poison),
                        at as u32 + 1,
                        Original::Inserted,
                        "Poison damage inside another effect's lines".to_string(),
                    ));
                }
            }
        }
    }
    // 4 and 8: the first turn of the player who went first.
    if let Some(fp) = first_player {
        let header = lines
            .iter()
            .position(|l| matches!(l.event, Event::TurnHeader { .. }));
        if let Some(h) = header {
            let end = base.turn_end(h);
            // The last line of the turn proper: before "ended their turn." if there is one.
            let at = (h..end)
                .find(|j| matches!(lines[*j].event, Event::EndTurn { .. }))
                .unwrap_or(end);
            let name = base.name(fp);
            if let Some(supporter) = lines.iter().find_map(|l| match &l.event {
                Event::PlayCard { card, .. } if is_supporter(db, &card.name) => {
                    Some(card.name.to_string())
                }
                _ => None,
            }) {
                out.push(base.mutant(
                    "supporter-first-turn",
                    base.with_inserted(at, &format!("{name} played {supporter}.")),
                    at as u32 + 1,
                    Original::Inserted,
                    supporter.clone(),
                ));
            }
            let state = &base.states[at.saturating_sub(1)];
            let opp = 1 - fp;
            if let (Some(a), Some(d)) = (state.players[fp].active, state.players[opp].active) {
                let attack = format!(
                    "{name}'s {} used Tackle on {}’s {} for 10 damage.",
                    state.mon(a).name(),
                    base.name(opp),
                    state.mon(d).name()
                );
                out.push(base.mutant(
                    "first-player-attacks-turn-1",
                    base.with_inserted(at, &attack),
                    at as u32 + 1,
                    Original::Inserted,
                    "attack on turn 1".to_string(),
                ));
            }
        }
    }
    // 11. A sixth Benched Pokémon: when a player's Bench reaches 5 on their turn.
    for (i, state) in base.states.iter().enumerate() {
        let Some(p) = state.to_move else { continue };
        if state.players[p].bench.len() != 5 || lines[i].depth != Depth::Top {
            continue;
        }
        let name = base.name(p);
        let basic = lines.iter().find_map(|l| match &l.event {
            Event::PlayToBench { player, card } if *player == name && is_basic(db, &card.name) => {
                Some(card.name.to_string())
            }
            _ => None,
        });
        if let Some(basic) = basic {
            let at = base.block_end(i);
            out.push(base.mutant(
                "sixth-benched",
                base.with_inserted(at, &format!("{name} played {basic} to the Bench.")),
                at as u32 + 1,
                Original::Inserted,
                basic,
            ));
            break;
        }
    }
    out
}

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
        for m in mutants(&base, &db) {
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
