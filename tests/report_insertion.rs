//! Insertion property (issue 20): into the real logs of `../shared`, insert lines that report
//! what a card did on its own, of every kind the client's templates allow, at places the client
//! could write them, and no new violation may appear:
//! - a passive Ability of the player who is not acting, with its prevention sub-line
//!   (`X's <Pokémon> used <Ability>.` then `- Damage to <Pokémon> was prevented.`), right after
//!   an attack and its sub-lines, before its Knock Out lines;
//! - a passive Ability of the acting player's Pokémon (one whose text acts on its own, from the
//!   card data), at the same place;
//! - a Tool or Special Energy in play that triggers (`<card> was activated.`), after any line
//!   of a turn;
//! - a Stadium's own effect used right after it is played (`X played <Stadium>.`);
//! - a discard of the Stadium in play by its owner (`- X discarded <Stadium>.`) under an attack.
//!
//! The real logs give no violation with the built-in card data, so any violation after an
//! insertion is a new one. Skipped, saying so, when ../shared is absent.

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;
use ptcg_judge::cards::effects::{Activation, TextKind, card_effects};
use ptcg_judge::cards::{CardDb, basic_energy_type, snapshot};
use ptcg_judge::engine::{RuleEdition, Verdict};
use ptcg_judge::log::{AttackLine, CardName, Depth, Event, parse_log};

/// A place after an attack's own sub-lines: (insert before this line index, attacking player,
/// opponent, the Pokémon the opponent and the attacker put into play so far, latest first).
type AfterAttack = (usize, String, String, Vec<String>, Vec<String>);

/// A real log and the places reports can go.
struct Game {
    name: String,
    lines: Vec<String>,
    /// After an attack's own sub-lines.
    after_attacks: Vec<AfterAttack>,
    /// After any top-level line of a turn: (insert before this index, player to move).
    in_turns: Vec<(usize, String)>,
    /// Right after a Stadium is played: (insert before this index, player, Stadium).
    stadiums: Vec<(usize, String, String)>,
    /// Tools and Special Energy attached in the game, as written.
    attached: Vec<String>,
}

struct Corpus {
    db: std::sync::Arc<CardDb>,
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
            let files = common::english_logs()?;
            let db = snapshot::builtin().unwrap();
            let games = files.iter().filter_map(|f| read_game(f)).collect();
            Some(Corpus { db, games })
        })
        .as_ref()
}

fn read_game(path: &std::path::Path) -> Option<Game> {
    let raw = String::from_utf8(std::fs::read(path).ok()?).ok()?;
    let log = parse_log(raw.as_bytes()).ok()?;
    let lines: Vec<String> = raw.lines().map(str::to_string).collect();
    if lines.len() != log.lines.len() {
        return None;
    }
    let mut game = Game {
        name: path.file_name()?.to_string_lossy().into_owned(),
        lines,
        after_attacks: Vec::new(),
        in_turns: Vec::new(),
        stadiums: Vec::new(),
        attached: Vec::new(),
    };
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut to_move: Option<String> = None;
    let mut ended = false;
    for (i, l) in log.lines.iter().enumerate() {
        match &l.event {
            Event::TurnHeader { player, .. } => to_move = player.as_ref().map(|p| p.to_string()),
            Event::GameEnd { .. } => ended = true,
            Event::PlayToActive { player, card } | Event::PlayToBench { player, card } => {
                seen.push((player.to_string(), written(card)))
            }
            Event::Evolve { player, to, .. } => seen.push((player.to_string(), written(to))),
            Event::Attach { card, .. } if basic_energy_type(&card.name).is_none() => {
                game.attached.push(written(card))
            }
            Event::PlayToStadium { player, card } if l.depth == Depth::Top => {
                game.stadiums
                    .push((i + 1, player.to_string(), written(card)))
            }
            _ => {}
        }
        if ended {
            break;
        }
        if let (Some(p), Depth::Top) = (&to_move, l.depth)
            && !matches!(l.event, Event::TurnHeader { .. } | Event::Blank)
        {
            // After this line and its sub-lines.
            let next = log.lines[i + 1..]
                .iter()
                .position(|n| n.depth == Depth::Top)
                .map_or(log.lines.len(), |k| i + 1 + k);
            game.in_turns.push((next, p.clone()));
        }
        if let Event::Attack(a) = &l.event
            && l.depth == Depth::Top
        {
            let AttackLine {
                player,
                target_owner,
                ..
            } = &**a;
            let next = log.lines[i + 1..]
                .iter()
                .position(|n| n.depth == Depth::Top && !matches!(n.event, Event::Blank))
                .map_or(log.lines.len(), |k| i + 1 + k);
            let of = |who: &str| -> Vec<String> {
                seen.iter()
                    .rev()
                    .filter(|(o, _)| o == who)
                    .map(|(_, n)| n.clone())
                    .collect()
            };
            game.after_attacks.push((
                next,
                player.to_string(),
                target_owner.to_string(),
                of(target_owner),
                of(player),
            ));
        }
    }
    Some(game)
}

/// A passive Ability of a Pokémon name (one whose text acts on its own) that every print of
/// the name has, from the card data: whatever print is in play, the client could report it.
fn passive_ability(db: &CardDb, name: &str) -> Option<String> {
    let bare = name.rsplit(") ").next().unwrap_or(name);
    let prints = db.by_name(bare);
    let passive = |i: &u32| -> Vec<String> {
        card_effects(db.card(*i))
            .texts()
            .iter()
            .filter(|t| t.kind == TextKind::Ability && t.activation == Activation::InPlay)
            .map(|t| t.name.clone())
            .collect()
    };
    let first = passive(prints.first()?);
    first
        .into_iter()
        .find(|a| prints.iter().all(|i| passive(i).contains(a)))
}

fn violations(text: &str, db: &CardDb) -> Vec<String> {
    let report = ptcg_judge::verify(text.as_bytes(), Some(db), RuleEdition::default()).unwrap();
    report
        .steps
        .iter()
        .filter(|s| s.verdict == Verdict::Violation)
        .map(|s| {
            format!(
                "{}: {} -- {} [{}]",
                s.line,
                s.text,
                s.message,
                s.clauses.join(", ")
            )
        })
        .collect()
}

/// The kinds of report lines inserted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    OpponentsAbility,
    OwnPassiveAbility,
    Activated,
    StadiumEffect,
    StadiumDiscarded,
}

const KINDS: &[Kind] = &[
    Kind::OpponentsAbility,
    Kind::OwnPassiveAbility,
    Kind::Activated,
    Kind::StadiumEffect,
    Kind::StadiumDiscarded,
];

/// The game with one report inserted, or `None` when the game has no place for this kind.
fn insert(c: &Corpus, g: &Game, kind: Kind, at: usize) -> Option<String> {
    let mut lines = g.lines.clone();
    match kind {
        Kind::OpponentsAbility => {
            let (i, _, opponent, theirs, _) = pick(&g.after_attacks, at)?;
            // The client writes it only for a Pokémon that has such an Ability.
            let (theirs, ability) = theirs
                .iter()
                .find_map(|t| passive_ability(&c.db, t).map(|a| (t, a)))?;
            let bare = theirs.rsplit(") ").next().unwrap_or(theirs);
            lines.insert(*i, format!("- Damage to {bare} was prevented."));
            lines.insert(*i, format!("{opponent}'s {theirs} used {ability}."));
        }
        Kind::OwnPassiveAbility => {
            let (i, player, _, _, mine) = pick(&g.after_attacks, at)?;
            let (mine, ability) = mine
                .iter()
                .find_map(|t| passive_ability(&c.db, t).map(|a| (t, a)))?;
            lines.insert(*i, format!("{player}'s {mine} used {ability}."));
        }
        Kind::Activated => {
            let (i, _) = pick(&g.in_turns, at)?;
            let card = pick(&g.attached, at)?;
            lines.insert(*i, format!("{card} was activated."));
        }
        Kind::StadiumEffect => {
            let (i, player, stadium) = pick(&g.stadiums, at)?;
            lines.insert(*i, format!("{player} played {stadium}."));
        }
        Kind::StadiumDiscarded => {
            let (i, player, stadium) = pick(&g.stadiums, at)?;
            // Under the next attack after the Stadium was played.
            let (j, ..) = g.after_attacks.iter().find(|(j, ..)| j > i)?;
            lines.insert(*j, format!("- {player} discarded {stadium}."));
        }
    }
    Some(lines.join("\n"))
}

fn pick<T>(items: &[T], at: usize) -> Option<&T> {
    (!items.is_empty()).then(|| &items[at % items.len()])
}

#[test]
fn the_real_logs_give_no_violation_before_insertion() {
    let Some(c) = corpus() else {
        common::skipped("report insertion", "../shared/ptcgl-logs");
        return;
    };
    assert!(c.games.len() >= 10, "only {} games read", c.games.len());
    for g in &c.games {
        let found = violations(&g.lines.join("\n"), &c.db);
        assert!(found.is_empty(), "{}:\n{}", g.name, found.join("\n"));
    }
    // Every kind has places to go somewhere in the corpus.
    for kind in KINDS {
        let placed = c
            .games
            .iter()
            .any(|g| (0..8).any(|k| insert(c, g, *kind, k).is_some()));
        assert!(placed, "no game has a place for {kind:?}");
    }
}

/// Every place of every kind in every game, once: no new violation, and enough insertions made
/// that the property means something.
#[test]
fn reports_inserted_at_every_place_raise_no_violation() {
    let Some(c) = corpus() else {
        common::skipped("report insertion", "../shared/ptcgl-logs");
        return;
    };
    let mut made = [0usize; 5];
    let mut failures = Vec::new();
    for g in &c.games {
        for (k, kind) in KINDS.iter().enumerate() {
            let places = match kind {
                Kind::OpponentsAbility | Kind::OwnPassiveAbility => g.after_attacks.len(),
                Kind::Activated => g.in_turns.len().min(12),
                Kind::StadiumEffect | Kind::StadiumDiscarded => g.stadiums.len(),
            };
            for at in 0..places {
                // Spread the sampled places over the whole game.
                let at = if *kind == Kind::Activated {
                    at * 7 + at / 3
                } else {
                    at
                };
                let Some(text) = insert(c, g, *kind, at) else {
                    continue;
                };
                made[k] += 1;
                let found = violations(&text, &c.db);
                if !found.is_empty() {
                    failures.push(format!(
                        "{} with {kind:?} at {at}:\n{}",
                        g.name,
                        found.join("\n")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    for (k, kind) in KINDS.iter().enumerate() {
        assert!(made[k] >= 3, "only {} insertions of {kind:?}", made[k]);
    }
    eprintln!("report insertion: {made:?} insertions per kind ({KINDS:?})");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn inserted_reports_raise_no_violation(
        game in any::<prop::sample::Index>(),
        kind in prop::sample::select(KINDS),
        at in any::<usize>(),
    ) {
        let Some(c) = corpus() else {
            common::skipped("report insertion", "../shared/ptcgl-logs");
            return Ok(());
        };
        let g = &c.games[game.index(c.games.len())];
        let Some(text) = insert(c, g, kind, at) else {
            return Ok(());
        };
        let found = violations(&text, &c.db);
        prop_assert!(found.is_empty(), "{} with {kind:?} inserted:\n{}", g.name, found.join("\n"));
    }
}
