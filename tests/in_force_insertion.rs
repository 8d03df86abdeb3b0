//! Insertion property: put into a real log a card in force that changes a fact (a Tool that adds
//! damage on the attacker, a Tool that adds HP on a Pokémon), change the figures that fact
//! governs, and the checks of that fact must not say `violation`: the inserted card is one the
//! engine does not model (a Tool whose damage text the exact reader cannot read, chosen from
//! the card data), so it may only say it cannot tell. Each case is one where the same change
//! without the card is a violation, so the card is what makes the difference.
//!
//! Skipped, saying so, when ../shared (the logs and the card data) is absent.

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;
use ptcg_judge::cards::CardDb;
use ptcg_judge::cards::effects::{Activation, Fact, Reach, card_effects};
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::log::{AttackLine, CardName, Depth, Event, parse_log};
use ptcg_judge::report::model::Report;

/// A real log's lines and the attack lines of it that can be changed.
struct Game {
    lines: Vec<String>,
    /// (index of the attack line, attacking player, attacker as written, damage, Knock Out line
    /// of the defender right after it with the defender's owner and name as written).
    attacks: Vec<Attack>,
}

struct Attack {
    index: usize,
    /// The engine decided the attack line of the untouched log (`ok`).
    decided: bool,
    player: String,
    attacker: String,
    damage: i32,
    /// The line that Knocks Out the attacked Pokémon, when one follows in the same window, and
    /// the defender's owner and name as written.
    knock_out: Option<(usize, String, String)>,
    /// The engine decided that Knock Out line of the untouched log (`ok`).
    knock_out_decided: bool,
}

struct Corpus {
    db: CardDb,
    games: Vec<Game>,
}

fn written(card: &CardName) -> String {
    match &card.id {
        Some(id) => format!("({id}) {}", card.name),
        None => card.name.to_string(),
    }
}

fn corpus() -> Option<&'static Corpus> {
    static CORPUS: OnceLock<Option<Corpus>> = OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let (files, cards) = (common::english_logs()?, common::shared_cards()?);
            let db = CardDb::load_dir(&cards).unwrap();
            let mut games = Vec::new();
            for f in files {
                let raw = String::from_utf8(std::fs::read(&f).unwrap()).unwrap();
                let log = parse_log(raw.as_bytes()).unwrap();
                let lines: Vec<String> = raw.lines().map(str::to_string).collect();
                let report =
                    ptcg_judge::verify(raw.as_bytes(), Some(&db), RuleEdition::default()).unwrap();
                let ok = |index: usize| {
                    report
                        .steps
                        .iter()
                        .any(|s| s.line as usize == index + 1 && s.verdict == Verdict::Ok)
                };
                let mut attacks = Vec::new();
                for (i, l) in log.lines.iter().enumerate() {
                    let Event::Attack(a) = &l.event else {
                        continue;
                    };
                    let AttackLine {
                        player,
                        pokemon,
                        target_owner,
                        target,
                        damage,
                        ..
                    } = &**a;
                    // Only plain attack lines: a Damage breakdown would have to change too.
                    let window: Vec<_> = log.lines[i + 1..]
                        .iter()
                        .enumerate()
                        .take_while(|(_, n)| n.depth != Depth::Top || !starts_action(&n.event))
                        .collect();
                    if l.depth != Depth::Top
                        || *damage <= 0
                        || window
                            .iter()
                            .any(|(_, n)| matches!(n.event, Event::BreakdownHeader))
                    {
                        continue;
                    }
                    let knock_out = window.iter().find_map(|(k, n)| match &n.event {
                        Event::KnockOut { owner, pokemon } if pokemon.name == target.name => {
                            Some((i + 1 + k, owner.to_string(), written(pokemon)))
                        }
                        _ => None,
                    });
                    attacks.push(Attack {
                        index: i,
                        decided: ok(i),
                        knock_out_decided: knock_out.as_ref().is_some_and(|(k, _, _)| ok(*k)),
                        player: player.to_string(),
                        attacker: written(pokemon),
                        damage: *damage,
                        knock_out: knock_out
                            .map(|(k, _, name)| (k, target_owner.to_string(), name)),
                    });
                }
                if !attacks.is_empty() {
                    games.push(Game { lines, attacks });
                }
            }
            Some(Corpus { db, games })
        })
        .as_ref()
}

/// A line that begins a new player action (the window of an attack ends there).
fn starts_action(e: &Event) -> bool {
    matches!(
        e,
        Event::TurnHeader { .. }
            | Event::CheckupHeader
            | Event::Attack { .. }
            | Event::Use { .. }
            | Event::PlayCard { .. }
            | Event::Attach { .. }
            | Event::Evolve { .. }
            | Event::Retreat { .. }
            | Event::PlayToBench { .. }
            | Event::GameEnd { .. }
    )
}

/// The card data reads `card` as changing `fact` of the Pokémon holding it (else the property
/// would test nothing).
fn holder_changes(db: &CardDb, card: &str, fact: Fact) -> bool {
    db.by_name(card)
        .iter()
        .all(|i| card_effects(db.card(*i)).facts().contains(fact))
}

/// The violations on line `number` (1-based) that cite one of `clauses`.
fn violations_at(report: &Report, number: usize, clauses: &[&str]) -> Vec<String> {
    report
        .steps
        .iter()
        .filter(|s| s.line as usize == number && s.verdict == Verdict::Violation)
        .filter(|s| {
            s.clauses
                .iter()
                .any(|c| clauses.iter().any(|p| c.starts_with(p)))
        })
        .map(|s| format!("{}: {} -- {}", s.line, s.text, s.message))
        .collect()
}

/// The steps after the attack at `index` (0-based) that say a missing Knock Out of `defender`
/// is a violation (the missing Knock Out is judged when the window closes: on any later line).
fn missing_knock_out_violations(report: &Report, index: usize, defender: &str) -> Vec<String> {
    let name = defender.rsplit(") ").next().unwrap_or(defender);
    report
        .steps
        .iter()
        .filter(|s| s.line as usize > index + 1 && s.verdict == Verdict::Violation)
        .filter(|s| s.clauses.iter().any(|c| *c == "knockout.at-hp"))
        .filter(|s| s.message.contains(name))
        .map(|s| format!("{}: {} -- {}", s.line, s.text, s.message))
        .collect()
}

fn verify(lines: &[String], db: &CardDb) -> Report {
    ptcg_judge::verify(
        lines.join("\n").as_bytes(),
        Some(db),
        RuleEdition::default(),
    )
    .unwrap()
}

/// Pokémon Tools whose text may change the damage of the Pokémon they are attached to and
/// that the exact reader does not read (so the engine cannot model them): the first few by
/// name, from the card data itself, so that the property follows the reader as it grows.
fn unmodelled_damage_tools(db: &CardDb) -> Vec<String> {
    let mut names: Vec<String> = db
        .cards()
        .filter(|c| c.is_tool())
        .filter(|c| {
            let e = card_effects(c);
            e.texts().iter().any(|t| {
                t.activation == Activation::InPlay
                    && t.effects
                        .iter()
                        .any(|x| x.fact == Fact::DamageDealt && x.reach == Reach::Holder)
                    && t.inexact.contains(Fact::DamageDealt)
            })
        })
        .filter(|c| holder_changes(db, &c.name, Fact::DamageDealt))
        .map(|c| c.name.clone())
        .collect();
    names.sort();
    names.dedup();
    names.truncate(12);
    names
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, max_global_rejects: 4096, ..ProptestConfig::default() })]

    /// An attack the engine decided, its damage changed: alone, that change is a violation (the
    /// cases where it is not, because some other card in play could explain it, are left out).
    /// With a damage Tool put on the attacker first, the same change is a doubt: the attack line
    /// says `unverified` and names the Tool, and no damage check says `violation`.
    #[test]
    fn a_damage_tool_on_the_attacker_turns_changed_damage_into_a_doubt(
        game in any::<prop::sample::Index>(),
        attack in any::<prop::sample::Index>(),
        tool in any::<prop::sample::Index>(),
        delta in prop::sample::select(&[10, 20, 30, 50, 60, -10][..]),
    ) {
        let Some(c) = corpus() else {
            common::skipped("in-force insertion", "../shared");
            return Ok(());
        };
        let tools = unmodelled_damage_tools(&c.db);
        prop_assert!(!tools.is_empty(), "no Tool of the card data is left unread for its damage");
        let tool = tools[tool.index(tools.len())].as_str();
        let games: Vec<&Game> = c.games.iter().filter(|g| g.attacks.iter().any(|a| a.decided)).collect();
        let g = games[game.index(games.len())];
        let decided: Vec<&Attack> = g.attacks.iter().filter(|a| a.decided).collect();
        let a = decided[attack.index(decided.len())];
        let mut lines = g.lines.clone();
        let changed = (a.damage + delta).max(0);
        prop_assume!(changed != a.damage);
        lines[a.index] = lines[a.index].replace(
            &format!(" for {} damage", a.damage),
            &format!(" for {changed} damage"),
        );
        let alone = violations_at(&verify(&lines, &c.db), a.index + 1, &["attack.damage-order"]);
        prop_assume!(!alone.is_empty());
        lines.insert(
            a.index,
            format!("{} attached {tool} to {} in the Active Spot.", a.player, a.attacker),
        );
        let report = verify(&lines, &c.db);
        let found = violations_at(&report, a.index + 2, &["attack.damage-order"]);
        prop_assert!(found.is_empty(), "{tool} on the attacker, damage {} -> {changed}: {found:?}", a.damage);
        let step = report.steps.iter().find(|s| s.line as usize == a.index + 2);
        prop_assert!(
            step.is_some_and(|s| s.verdict == Verdict::Unverified && s.message.contains(tool)),
            "{tool} on the attacker, damage {} -> {changed}: the attack line is not a doubt naming {tool}: {:?}",
            a.damage,
            step.map(|s| (s.verdict, &s.message))
        );
    }

    /// An attack that Knocked Out its target, the Knock Out line (which the engine decided)
    /// removed: alone, that is a `knockout.at-hp` violation naming the defender (the cases where
    /// it is not are left out). With an HP Tool the engine does not read exactly attached to the
    /// defender first — legally: by its owner, at the end of the owner's turn before the attack,
    /// to a Pokémon of that name that is in play there with no Tool — no such violation is left:
    /// the Tool may raise the HP. The comparison case: the same insertion with the Knock Out line
    /// kept is no violation on the inserted line (the attachment is legal apart from the change
    /// under test).
    #[test]
    fn an_hp_tool_on_the_defender_withdraws_the_missing_knock_out_violation(
        game in any::<prop::sample::Index>(),
        attack in any::<prop::sample::Index>(),
        tool in any::<prop::sample::Index>(),
    ) {
        let Some(c) = corpus() else {
            common::skipped("in-force insertion", "../shared");
            return Ok(());
        };
        let tools = unmodelled_hp_tools(&c.db);
        prop_assert!(!tools.is_empty(), "no Tool of the card data is left unread for the HP it gives");
        let tool = tools[tool.index(tools.len())].as_str();
        let games: Vec<&Game> = c.games.iter().filter(|g| g.attacks.iter().any(|a| a.knock_out_decided)).collect();
        let g = games[game.index(games.len())];
        let with_ko: Vec<&Attack> = g.attacks.iter().filter(|a| a.knock_out_decided).collect();
        let a = with_ko[attack.index(with_ko.len())];
        let Some((ko, owner, defender)) = &a.knock_out else { unreachable!() };
        // Rejected (not passed) when the owner's turn before the attack has no such moment.
        let place = owners_turn_end(&g.lines, a.index, owner, defender, &c.db);
        prop_assume!(place.is_some());
        let Some((at, spot)) = place else { unreachable!() };
        let attach = format!("{owner} attached {tool} to {defender} {spot}.");
        // The comparison case: the insertion alone is legal.
        let mut kept = g.lines.clone();
        kept.insert(at, attach.clone());
        let at_insertion = violations_at(&verify(&kept, &c.db), at + 1, &[""]);
        prop_assert!(at_insertion.is_empty(), "attaching {tool} to {defender} is itself called a violation: {at_insertion:?}");
        // The change under test: the Knock Out removed, without and with the Tool.
        let mut lines = g.lines.clone();
        lines.remove(*ko);
        let alone = missing_knock_out_violations(&verify(&lines, &c.db), a.index, defender);
        prop_assume!(!alone.is_empty());
        lines.insert(at, attach);
        let report = verify(&lines, &c.db);
        let found = missing_knock_out_violations(&report, a.index + 1, defender);
        prop_assert!(found.is_empty(), "{tool} on {defender}, its Knock Out removed: {found:?}");
    }
}

/// Pokémon Tools whose text may change the HP of the Pokémon they are attached to and that the
/// exact reader does not read (so the engine cannot model them), from the card data itself.
fn unmodelled_hp_tools(db: &CardDb) -> Vec<String> {
    let mut names: Vec<String> = db
        .cards()
        .filter(|c| c.is_tool())
        .filter(|c| {
            card_effects(c).texts().iter().any(|t| {
                t.activation == Activation::InPlay
                    && t.effects
                        .iter()
                        .any(|x| x.fact == Fact::MaxHp && x.reach == Reach::Holder)
                    && t.inexact.contains(Fact::MaxHp)
            })
        })
        .filter(|c| holder_changes(db, &c.name, Fact::MaxHp))
        .map(|c| c.name.clone())
        .collect();
    names.sort();
    names.dedup();
    names.truncate(12);
    names
}

/// Where the defender's owner may legally attach a Tool to it before the attack at `attack`
/// (0-based): late in the owner's last turn before it (before its first attack or Ability
/// line, or "ended their turn"), when the
/// owner then has exactly one Pokémon of the defender's name, with no Tool; and how the line
/// names its spot.
fn owners_turn_end(
    lines: &[String],
    attack: usize,
    owner: &str,
    defender: &str,
    db: &CardDb,
) -> Option<(usize, &'static str)> {
    let name = defender.rsplit(") ").next().unwrap_or(defender);
    let text = lines.join("\n");
    let log = parse_log(text.as_bytes()).ok()?;
    let header = (0..attack).rev().find(|i| {
        matches!(&log.lines[*i].event, Event::TurnHeader { player, .. } if player.as_deref() == Some(owner))
    })?;
    // Before the turn's attack (attacking ends the turn) or its end.
    let end = (header + 1..attack).find(|i| {
        matches!(
            log.lines[*i].event,
            Event::EndTurn { .. }
                | Event::TurnHeader { .. }
                | Event::CheckupHeader
                | Event::Attack(_)
                | Event::Use { .. }
        ) && log.lines[*i].depth == Depth::Top
    })?;
    let mut replay = ptcg_judge::engine::Replay::new(&log, Some(db), RuleEdition::default());
    for _ in 0..end {
        replay.next_step()?;
    }
    let state = replay.state();
    let p = state.player_named(owner)?;
    let mine: Vec<_> = state.players[p]
        .in_play()
        .filter(|id| state.mon(*id).name() == name)
        .collect();
    let [id] = mine[..] else { return None };
    if !state.mon(id).tools.is_empty() {
        return None;
    }
    let spot = if state.players[p].active == Some(id) {
        "in the Active Spot"
    } else {
        "on the Bench"
    };
    Some((end, spot))
}
