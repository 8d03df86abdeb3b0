//! The Bench: at most 5 Benched Pokémon unless a card in play changes the limit, and only Basic
//! Pokémon are put into play from the hand (onto the Bench during a turn, or at setup).

use crate::cards::Stage;
use crate::log::{Event, Text};

use super::super::super::facts;
use super::super::super::state::Phase;
use super::super::super::verdict::Step;
use super::Judging;

/// `turn.bench-limit`: at most 5 Benched Pokémon, unless a card in play changes the limit (run
/// after a line that puts a Pokémon into play).
pub fn bench_limit(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.resolved.player?;
    let bench = j.state.players[p].bench.len();
    let name = &j.state.players[p].name;
    if bench <= 5 {
        return None;
    }
    if j.state.players[p].bench_unsure {
        return Some(Step::cannot_check(
            "turn.bench-limit",
            sentence!(
                "{name} has {bench} Benched Pokémon as tracked, but an earlier line moved a Pokémon in a way the log does not spell out (a card of a Pokémon's name leaving for an unnamed zone, or put on a side the client may have named wrong), so the count is not exact"
            ),
        ));
    }
    // The limit is changed by Stadiums (Sky Field, Area Zero Underdepths): an unknown Stadium
    // raises a doubt. In the whole card pool a single Ability does it (Eternatus VMAX), so
    // other cards raise one only when their known text says so.
    const PHRASES: &[&str] = &[
        "pokémon on your bench",
        "pokémon on their bench",
        "on his or her bench",
    ];
    let mut doubtful: Vec<Text> = Vec::new();
    if let Some(s) = &j.state.stadium {
        doubtful.push(s.name.clone());
    }
    let everything = j.cards_in_play(None);
    if let Some(why) = j
        .cards
        .may_change(&doubtful, PHRASES)
        .or_else(|| j.cards.may_change_known(&everything, PHRASES))
    {
        return Some(Step::cannot_check(
            "turn.bench-limit",
            sentence!("{name} has {bench} Benched Pokémon; the limit of 5 may be changed: {why}"),
        ));
    }
    Some(Step::violation(
        "turn.bench-limit",
        sentence!("{name} now has {bench} Pokémon on the Bench; the limit is 5"),
    ))
}

/// `turn.bench-basic`, `setup.basic-pokemon`: a Pokémon put into play from the hand (at setup,
/// or onto the Bench) must be a Basic Pokémon (run before the line).
pub fn basic_from_hand(j: &Judging<'_, '_>) -> Step {
    let (Event::PlayToActive { player, card } | Event::PlayToBench { player, card }) = j.event
    else {
        return Step::info("");
    };
    let card = card.name.as_str();
    let at_setup = matches!(j.state.phase, Phase::Start | Phase::Setup);
    let clause = if at_setup {
        "setup.basic-pokemon"
    } else {
        "turn.bench-basic"
    };
    match j.prints_named(card, &[]).and_then(|p| facts::stage(&p)) {
        Ok(Stage::Basic | Stage::Baby) => Step::ok(clause, sentence!("{card} is a Basic Pokémon")),
        Ok(stage) => Step::violation(
            clause,
            sentence!(
                "{player} puts {card} into play from the hand, but it is a {} Pokémon, not a Basic one",
                stage.as_str()
            ),
        ),
        Err(why) => Step::cannot_check(
            clause,
            sentence!("cannot tell whether {card} is a Basic Pokémon: {why}"),
        ),
    }
}
