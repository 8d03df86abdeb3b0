//! The visible state the replay builds: boards, damage, Prize cards, hand and deck sizes, and the
//! owner of a Pokémon when the client's possessive is wrong.

mod common;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::{GameState, Position, Replay, RuleEdition};
use ptcg_judge::log::{Event, parse_log, parse_text};

fn state_after(text: &str, lines: usize) -> GameState {
    let log = parse_text(text);
    Replay::state_after(&log, None, RuleEdition::default(), lines)
}

fn names(state: &GameState, player: usize) -> (Option<String>, Vec<String>) {
    let p = &state.players[player];
    (
        p.active.map(|a| state.mon(a).name().to_string()),
        p.bench
            .iter()
            .map(|b| state.mon(*b).name().to_string())
            .collect(),
    )
}

const GAME: &str = "Setup
Ann chose heads for the opening coin flip.
Ann won the coin toss.
Ann decided to go first.
Ann drew 7 cards for the opening hand.
- 7 drawn cards.
   • Slowpoke, Charmander, Basic Fire Energy, Basic Fire Energy, Potion, Nest Ball, Charmeleon
Bob drew 7 cards for the opening hand.
- 7 drawn cards.
Ann played Slowpoke to the Active Spot.
Ann played Charmander to the Bench.
Bob played Pikachu to the Active Spot.

Ann's Turn
Ann drew Switch.
Ann attached Basic Fire Energy to Charmander on the Bench.
Ann played Nest Ball.
- Ann drew Vulpix and played it to the Bench.
- Ann shuffled their deck.
Ann ended their turn.

Bob's Turn
Bob drew a card.
Bob played Raichu to the Bench.
Bob's Pikachu used Thunder Jolt on Ann's Slowpoke for 30 damage.
- Bob put 2 damage counters on Bob's Vulpix.

Ann's Turn
Ann drew Potion.
Ann evolved Charmander to Charmeleon on the Bench.
Ann retreated Slowpoke to the Bench.
- Basic Fire Energy was discarded from Ann's Slowpoke.
Ann's Charmeleon is now in the Active Spot.
Ann's Charmeleon used Flare on Bob's Pikachu for 60 damage.
Bob's Pikachu was Knocked Out!
Ann took a Prize card.
A card was added to Ann's hand.
Bob's Raichu is now in the Active Spot.
";

#[test]
fn boards_follow_plays_evolutions_retreats_and_knock_outs() {
    let end = state_after(GAME, usize::MAX);
    assert_eq!(
        names(&end, 0),
        (
            Some("Charmeleon".to_string()),
            vec!["Vulpix".to_string(), "Slowpoke".to_string()]
        )
    );
    assert_eq!(names(&end, 1), (Some("Raichu".to_string()), vec![]));
    let charmeleon = end.players[0].active.unwrap();
    assert_eq!(end.mon(charmeleon).stack, ["Charmander", "Charmeleon"]);
    assert_eq!(end.mon(charmeleon).energy, ["Basic Fire Energy"]);
    assert_eq!(end.players[0].prizes_left, Some(5));
    assert_eq!(end.players[1].prizes_left, Some(6));
    assert!(
        end.players[1].discard.iter().any(|c| c == "Pikachu"),
        "the Knocked Out Pokémon is discarded"
    );
    assert_eq!(end.turn, 3);
    assert_eq!(end.first_player, Some(0));
}

#[test]
fn hand_and_deck_sizes_are_counted() {
    // After Ann's first turn: 7 - 2 played + 1 drawn - 1 Energy - 1 Nest Ball = 4 in hand;
    // deck 60 - 7 - 6 Prize cards - 1 drawn - 1 searched = 45.
    let after_turn_one = state_after(GAME, 21);
    let ann = &after_turn_one.players[0];
    assert_eq!((ann.hand.value, ann.hand.exact), (4, true));
    assert_eq!((ann.deck.value, ann.deck.exact), (45, true));
    // Bob: 7 - 1 played + 1 drawn - 1 played = 6 in hand; deck 60 - 7 - 6 - 1 = 46.
    let bob = &state_after(GAME, 24).players[1];
    assert_eq!((bob.hand.value, bob.deck.value), (6, 46));
}

#[test]
fn damage_counters_land_on_the_pokemon_that_is_in_play_whatever_the_possessive_says() {
    // Line 27: "Bob put 2 damage counters on Bob's Vulpix." — Bob has no Vulpix; Ann does.
    let s = state_after(GAME, 27);
    let vulpix = s.players[0]
        .bench
        .iter()
        .find(|b| s.mon(**b).name() == "Vulpix")
        .copied()
        .unwrap();
    assert_eq!(s.mon(vulpix).damage, 20);
    let slowpoke = s.players[0].active.unwrap();
    assert_eq!(s.mon(slowpoke).damage, 30);
    assert_eq!(s.position(slowpoke), Some(Position::Active));
}

#[test]
fn special_conditions_replace_or_stack_and_leave_with_the_bench() {
    let text = format!(
        "{GAME}- Ann's Charmeleon is now Poisoned.\n- Ann's Charmeleon is now Asleep.\n- Ann's Charmeleon is now Confused.\n"
    );
    let s = state_after(&text, usize::MAX);
    let c = s.players[0].active.unwrap();
    use ptcg_judge::log::Condition::*;
    assert_eq!(s.mon(c).conditions, [Poisoned, Confused]);
}

/// Every log the project can read: no count the tracker claims exact is ever negative, and a
/// game won on Prize cards ends with the winner at 0.
#[test]
fn counts_claimed_exact_are_never_negative_and_prizes_add_up() {
    let mut files = common::sample_logs();
    files.extend(common::english_logs().unwrap_or_default());
    let db = common::shared_cards().map(|d| CardDb::load_dir(&d).unwrap());
    if db.is_none() {
        common::skipped("counts with card data", "../shared/cards/pokemon-tcg-data");
    }
    for cards in [None, db.as_ref()] {
        for path in &files {
            let bytes = std::fs::read(path).unwrap();
            let log = parse_log(&bytes).unwrap();
            let mut replay = Replay::new(&log, cards, RuleEdition::default());
            let mut i = 0;
            while replay.next_step().is_some() {
                for p in &replay.state().players {
                    for (what, c) in [("hand", p.hand), ("deck", p.deck)] {
                        assert!(
                            !(c.exact && c.value < 0),
                            "{}:{}: {}'s {what} is {} (claimed exact)",
                            path.display(),
                            log.lines[i].number,
                            p.name,
                            c.value
                        );
                    }
                }
                i += 1;
            }
            let end = log.lines.iter().find_map(|l| match &l.event {
                Event::GameEnd { winner, reason, .. } => Some((winner.clone(), *reason)),
                _ => None,
            });
            if let Some((winner, ptcg_judge::log::EndReason::Prizes)) = end {
                let w = replay
                    .state()
                    .players
                    .iter()
                    .find(|p| p.name == winner)
                    .unwrap();
                assert_eq!(
                    w.prizes_left,
                    Some(0),
                    "{}: the winner took every Prize card",
                    path.display()
                );
            }
        }
    }
}

/// The deck-out games: the loser's deck is empty when their turn begins (exactly known once the
/// card data tells where each effect takes its cards from).
#[test]
fn the_loser_of_a_deck_out_game_has_an_empty_deck() {
    let db = common::shared_cards().map(|d| CardDb::load_dir(&d).unwrap());
    let mut cases = vec![(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/deck-out-win.log"),
        "Renée V",
    )];
    if let Some(shared) = common::shared_dir() {
        cases.push((
            shared.join("ptcgl-logs/en-player-name-bug/sample_log.txt"),
            "xxXBLUESINXxx",
        ));
    } else {
        common::skipped("real deck-out log", "../shared/ptcgl-logs");
    }
    for (path, loser) in cases {
        let log = parse_log(&std::fs::read(&path).unwrap()).unwrap();
        let state = Replay::run(&log, db.as_ref(), RuleEdition::default()).state;
        let p = state.players.iter().find(|p| p.name == loser).unwrap();
        assert_eq!(p.deck.value, 0, "{}: {loser}'s deck", path.display());
        if db.is_some() {
            assert!(
                p.deck.exact,
                "{}: with card data the count is exact",
                path.display()
            );
        }
    }
}

/// Crispin puts one Basic Energy found in the deck into the hand and attaches "the other": the
/// attached one comes from the deck too, so the hand and the deck stay counted (with the
/// built-in card data, which holds Crispin's text).
#[test]
fn an_energy_attached_by_crispin_comes_from_the_deck() {
    let text = "Setup
Ann won the coin toss.
Ann decided to go first.
Ann drew 7 cards for the opening hand.
- 7 drawn cards.
   • Slowpoke, Crispin, Basic Fire Energy, Potion, Nest Ball, Switch, Switch
Bob drew 7 cards for the opening hand.
Ann played Slowpoke to the Active Spot.

Ann's Turn
Ann drew Potion.
Ann played Crispin.
- Ann drew Basic Fire Energy.
- Ann attached Basic Psychic Energy to Slowpoke in the Active Spot.
- Ann shuffled their deck.
";
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let log = parse_log(text.as_bytes()).unwrap();
    let lines = log.lines.len();
    let state = Replay::state_after(&log, Some(&cards), RuleEdition::default(), lines);
    let ann = &state.players[0];
    // 7 - Slowpoke + Potion - Crispin + the Fire Energy = 7; the deck gave 1 + 1 + 1.
    assert_eq!((ann.hand.value, ann.hand.exact), (7, true));
    assert_eq!((ann.deck.value, ann.deck.exact), (60 - 7 - 6 - 3, true));
    let slowpoke = state.mon(ann.active.unwrap());
    assert_eq!(slowpoke.energy, vec!["Basic Psychic Energy"]);
}

/// An attack a Tool gives (a Technical Machine) is read from the Tool's text: Technical Machine:
/// Evolution evolves from the deck, so the hand and the deck stay counted.
#[test]
fn an_evolution_by_a_technical_machine_comes_from_the_deck() {
    let text = "Setup
Ann won the coin toss.
Ann decided to go first.
Ann drew 7 cards for the opening hand.
- 7 drawn cards.
   • Cleffa, Pidgey, Technical Machine: Evolution, Basic Psychic Energy, Potion, Switch, Switch
Bob drew 7 cards for the opening hand.
Ann played Cleffa to the Active Spot.
Ann played Pidgey to the Bench.

Ann's Turn
Ann drew Potion.
Ann attached Basic Psychic Energy to Cleffa in the Active Spot.
Ann attached Technical Machine: Evolution to Cleffa in the Active Spot.
Ann's Cleffa used Evolution.
- Ann evolved Pidgey to Pidgeotto on the Bench.
- Ann shuffled their deck.
";
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let log = parse_log(text.as_bytes()).unwrap();
    let lines = log.lines.len();
    let state = Replay::state_after(&log, Some(&cards), RuleEdition::default(), lines);
    let ann = &state.players[0];
    // 7 - Cleffa - Pidgey + Potion - the Energy - the Tool = 4; the deck gave Potion and
    // Pidgeotto.
    assert_eq!((ann.hand.value, ann.hand.exact), (4, true));
    assert_eq!((ann.deck.value, ann.deck.exact), (60 - 7 - 6 - 2, true));
    assert_eq!(names(&state, 0).1, vec!["Pidgeotto"]);
}
