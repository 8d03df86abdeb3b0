//! The project's pattern table: every English line shape the game client writes, as a sequence
//! of literal text and typed slots, and the matcher that reads a line against it.
//!
//! Written from the client's own list of battle-log templates (the `blog_loc_*` strings). Slots:
//! `{p}` a player name, `{c}` a card name (or `a card` / `N cards`), `{n}` a whole number
//! (possibly negative), `{t}` free text.

use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

/// What a matched line becomes; one variant per family of client templates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    AddedToHand,
    Attack,
    AttackWeak,
    AttackResistant,
    AttackWeakResistant,
    AttachActive,
    AttachBench,
    AttachFallback,
    Activated,
    CoinFlipMulti,
    CoinFlipSingle,
    ConditionDamageMany,
    ConditionDamageSingle,
    DevolveActive,
    DevolveBench,
    DevolveFallback,
    DiscardFromPokemon,
    Discard,
    OpeningHand,
    DrawnCards,
    Drew,
    DrewPlayActive,
    DrewPlayBench,
    DrewPlayBenchMulti,
    DrewPlayFallback,
    DrewPlayStadium,
    Prevented,
    EndGame,
    EvolveActive,
    EvolveBench,
    EvolveFallback,
    Reveal,
    GoingFirst,
    GoingSecond,
    Healed,
    HealedCounters,
    KnockOut,
    EndTurn,
    NoCardsMoved,
    PutOnTop,
    PutOnBottom,
    MoveToActive,
    MoveToBench,
    MoveToDeck,
    MoveToDiscard,
    MoveFallback,
    MoveToHand,
    MoveToLostZone,
    MoveToPrizes,
    MoveToStadium,
    MulliganDrawMulti,
    MulliganDrawSingle,
    MulliganReveal,
    OncePerGame,
    PerformedAction,
    PlayToActive,
    PlayToBench,
    PlayCard,
    PlayToStadium,
    MoveCountersMany,
    MoveCounterSingle,
    PutCountersMany,
    PutCounterSingle,
    Promote,
    Reconnect,
    RecoveredAll,
    ConditionRemoved,
    Retreat,
    RpsChoice,
    RpsWon,
    TookDamage,
    TookDamageResistant,
    TookDamageWeakResistant,
    TookDamageWeak,
    CoinChoice,
    ChoseOption,
    ShuffleIntoDeck,
    ShuffleIntoHand,
    ShuffleIntoPrizes,
    ShuffleDeck,
    ShuffleCards,
    ShuffleHand,
    ShufflePrizes,
    ConditionApplied,
    SuddenDeath,
    SwitchActive,
    SwitchFallback,
    TeraEffect,
    TimedOut,
    MulliganMulti,
    MulliganSingle,
    TookPrizes,
    TookPrize,
    Use,
    CoinTossWon,
    GameDrawn,
    SetupHeader,
    CheckupHeader,
    TurnHeader,
    TurnHeaderNumbered,
    TurnHeaderPlaceholder,
    TurnHeaderPlaceholderNumbered,
    BreakdownHeader,
}

/// The table: each shape with the line it matches. Several shapes may match one line; the most
/// specific (most literal text) wins.
pub const TABLE: &[(Shape, &str)] = &[
    (Shape::SetupHeader, "Setup"),
    (Shape::CheckupHeader, "Pokémon Checkup"),
    (Shape::TurnHeader, "{p}'s Turn"),
    (Shape::TurnHeaderNumbered, "Turn # {n} - {p}'s Turn"),
    (Shape::TurnHeaderPlaceholder, "[playerName]'s Turn"),
    (
        Shape::TurnHeaderPlaceholderNumbered,
        "Turn # {n} - [playerName]'s Turn",
    ),
    (Shape::BreakdownHeader, "Damage breakdown:"),
    (Shape::AddedToHand, "{c} was added to {p}'s hand."),
    (
        Shape::Attack,
        "{p}'s {c} used {t} on {p}'s {c} for {n} damage.",
    ),
    (
        Shape::AttackWeak,
        "{p}'s {c} used {t} on {p}'s {c} for {n} damage. {p}'s {c} took {n} more damage because of {t} Weakness.",
    ),
    (
        Shape::AttackResistant,
        "{p}'s {c} used {t} on {p}'s {c} for {n} damage. {p}'s {c} took {n} less damage because of {t} Resistance.",
    ),
    (
        Shape::AttackWeakResistant,
        "{p}'s {c} used {t} on {p}'s {c} for {n} damage. {p}'s {c} took {n} more damage because of {t} Weakness. {p}'s {c} took {n} less damage because of {t} Resistance.",
    ),
    (
        Shape::AttachActive,
        "{p} attached {c} to {c} in the Active Spot.",
    ),
    (Shape::AttachBench, "{p} attached {c} to {c} on the Bench."),
    (Shape::AttachFallback, "{p} attached {c} to {c}."),
    (Shape::Activated, "{c} was activated."),
    (
        Shape::CoinFlipMulti,
        "{p} flipped {n} coins, and {n} landed on {t}.",
    ),
    (
        Shape::CoinFlipSingle,
        "{p} flipped a coin and it landed on {t}.",
    ),
    (
        Shape::ConditionDamageMany,
        "{n} damage counters were placed on {p}'s {c} for the Special Condition {t}.",
    ),
    (
        Shape::ConditionDamageSingle,
        "1 damage counter was placed on {p}'s {c} for the Special Condition {t}.",
    ),
    (
        Shape::DevolveActive,
        "{p} devolved {p}'s {c} to {c} in the Active Spot.",
    ),
    (
        Shape::DevolveBench,
        "{p} devolved {p}'s {c} to {c} on the Bench.",
    ),
    (Shape::DevolveFallback, "{p} devolved {p}'s {c} to {c}."),
    (
        Shape::DiscardFromPokemon,
        "{c} was discarded from {p}'s {c}.",
    ),
    (
        Shape::DiscardFromPokemon,
        "{c} were discarded from {p}'s {c}.",
    ),
    (Shape::Discard, "{p} discarded {c}."),
    (
        Shape::OpeningHand,
        "{p} drew {n} cards for the opening hand.",
    ),
    (Shape::DrawnCards, "{n} drawn cards."),
    (Shape::DrawnCards, "{n} drawn card."),
    (Shape::Drew, "{p} drew {c}."),
    (
        Shape::DrewPlayActive,
        "{p} drew {c} and played it to the Active Spot.",
    ),
    (
        Shape::DrewPlayBench,
        "{p} drew {c} and played it to the Bench.",
    ),
    (
        Shape::DrewPlayBenchMulti,
        "{p} drew {n} cards and played them to the Bench.",
    ),
    (Shape::DrewPlayFallback, "{p} drew and played {c}."),
    (
        Shape::DrewPlayStadium,
        "{p} drew {c} and played it to the Stadium spot.",
    ),
    (Shape::Prevented, "Effects of {t} did not affect {c}."),
    (Shape::Prevented, "{c} was unaffected."),
    (Shape::Prevented, "{c} was not moved."),
    (Shape::Prevented, "{p} was unable to make a selection."),
    (
        Shape::Prevented,
        "{c} cannot be affected by Special Conditions.",
    ),
    (
        Shape::Prevented,
        "{c} cannot recover from the Burned Special Condition.",
    ),
    (Shape::Prevented, "Damage to {c} was prevented."),
    (Shape::Prevented, "The effect was prevented."),
    (Shape::Prevented, "{c} was not healed."),
    (Shape::EndGame, "{t}. {p} wins."),
    (
        Shape::EvolveActive,
        "{p} evolved {c} to {c} in the Active Spot.",
    ),
    (Shape::EvolveBench, "{p} evolved {c} to {c} on the Bench."),
    (Shape::EvolveFallback, "{p} evolved {c} to {c}."),
    (Shape::Reveal, "{p} revealed {c}."),
    (Shape::GoingFirst, "{p} decided to go first."),
    (Shape::GoingSecond, "{p} decided to go second."),
    (Shape::Healed, "{p}'s {c} healed {n} damage."),
    (
        Shape::HealedCounters,
        "{p}'s {c} was healed for {n} damage.",
    ),
    (Shape::KnockOut, "{p}'s {c} was Knocked Out!"),
    (Shape::EndTurn, "{p} ended their turn."),
    (Shape::NoCardsMoved, "No cards were moved."),
    (Shape::PutOnTop, "{p} put {c} on top of their deck."),
    (
        Shape::PutOnBottom,
        "{p} put {c} on the bottom of their deck.",
    ),
    (
        Shape::MoveToActive,
        "{p} moved {p}'s {c} to the Active Spot.",
    ),
    (Shape::MoveToBench, "{p} moved {p}'s {c} to the Bench."),
    (Shape::MoveToDeck, "{p} moved {p}'s {c} to their deck."),
    (
        Shape::MoveToDiscard,
        "{p} moved {p}'s {c} to the discard pile.",
    ),
    (Shape::MoveFallback, "{p} moved {p}'s {c}."),
    (Shape::MoveToHand, "{p} moved {p}'s {c} to their hand."),
    (
        Shape::MoveToLostZone,
        "{p} moved {p}'s {c} to the Lost Zone.",
    ),
    (
        Shape::MoveToPrizes,
        "{p} moved {p}'s {c} to the Prize cards.",
    ),
    (
        Shape::MoveToStadium,
        "{p} moved {p}'s {c} to the Stadium spot.",
    ),
    (
        Shape::MulliganDrawMulti,
        "{p} drew {n} more cards because {p} took at least 1 mulligan.",
    ),
    (
        Shape::MulliganDrawSingle,
        "{p} drew 1 more card because {p} took at least 1 mulligan.",
    ),
    (Shape::MulliganReveal, "Cards revealed from Mulligan {n}"),
    (Shape::OncePerGame, "{p} can no longer use {t}."),
    (Shape::PerformedAction, "{p} performed an action."),
    (Shape::PlayToActive, "{p} played {c} to the Active Spot."),
    (Shape::PlayToBench, "{p} played {c} to the Bench."),
    (Shape::PlayCard, "{p} played {c}."),
    (Shape::PlayToStadium, "{p} played {c} to the Stadium spot."),
    (
        Shape::MoveCountersMany,
        "{t} moved {n} damage counters from {p}'s {c} to {p}'s {c}.",
    ),
    (
        Shape::MoveCounterSingle,
        "{t} moved a damage counter from {p}'s {c} to {p}'s {c}.",
    ),
    (
        Shape::PutCountersMany,
        "{t} put {n} damage counters on {p}'s {c}.",
    ),
    (
        Shape::PutCounterSingle,
        "{t} put a damage counter on {p}'s {c}.",
    ),
    (Shape::Promote, "{p}'s {c} is now in the Active Spot."),
    (
        Shape::Reconnect,
        "{p} lost connection and reconnected to the server.",
    ),
    (
        Shape::RecoveredAll,
        "{p}'s {c} has recovered from all Special Conditions.",
    ),
    (Shape::ConditionRemoved, "{p}'s {c} is no longer {t}."),
    (Shape::Retreat, "{p} retreated {c} to the Bench."),
    (Shape::RpsChoice, "Rock-Paper-Scissors: {p} chose {t}."),
    (Shape::RpsWon, "{p} won Rock-Paper-Scissors."),
    (Shape::TookDamage, "{p}'s {c} took {n} damage."),
    (
        Shape::TookDamageResistant,
        "{p}'s {c} took {n} damage. {p}'s {c} took {n} less damage because of {t} Resistance.",
    ),
    (
        Shape::TookDamageWeakResistant,
        "{p}'s {c} took {n} damage. {p}'s {c} took {n} more damage because of {t} Weakness. {p}'s {c} took {n} less damage because of {t} Resistance.",
    ),
    (
        Shape::TookDamageWeak,
        "{p}'s {c} took {n} damage. {p}'s {c} took {n} more damage because of {t} Weakness.",
    ),
    (
        Shape::CoinChoice,
        "{p} chose {t} for the opening coin flip.",
    ),
    (Shape::ChoseOption, "{p} chose {t}"),
    (Shape::ShuffleIntoDeck, "{p} shuffled {c} into their deck."),
    (Shape::ShuffleIntoHand, "{p} shuffled {c} into their hand."),
    (
        Shape::ShuffleIntoPrizes,
        "{p} shuffled {c} into their Prize cards.",
    ),
    (Shape::ShuffleDeck, "{p} shuffled their deck."),
    (Shape::ShuffleCards, "{p} shuffled their cards."),
    (Shape::ShuffleHand, "{p} shuffled their hand."),
    (Shape::ShufflePrizes, "{p} shuffled their Prize cards."),
    (Shape::ConditionApplied, "{p}'s {c} is now {t}."),
    (Shape::SuddenDeath, "Entering Sudden Death."),
    (
        Shape::SwitchActive,
        "{p}'s {c} was switched with {p}'s {c} to become the Active Pokémon.",
    ),
    (
        Shape::SwitchFallback,
        "{p}'s {c} was switched with {p}'s {c}.",
    ),
    (Shape::TeraEffect, "{p}'s {c}'s Tera effect was used."),
    (Shape::TimedOut, "{p} didn't take an action in time."),
    (Shape::MulliganMulti, "{p} took {n} mulligans."),
    (Shape::MulliganMulti, "{p} took {n} mulligan(s)."),
    (Shape::MulliganSingle, "{p} took a mulligan."),
    (Shape::TookPrizes, "{p} took {n} Prize cards."),
    (Shape::TookPrize, "{p} took a Prize card."),
    (Shape::Use, "{p}'s {c} used {t}."),
    (Shape::CoinTossWon, "{p} won the coin toss."),
    (Shape::GameDrawn, "Draw!"),
];

/// A typed slot in a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Player,
    Card,
    Number,
    Text,
}

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Slot(Slot),
}

/// One pattern of the table, split into segments.
#[derive(Debug, Clone)]
struct Pattern {
    shape: Shape,
    segments: Vec<Segment>,
    /// Characters of literal text: the more, the more specific.
    specificity: usize,
}

impl Pattern {
    fn compile(shape: Shape, text: &str) -> Pattern {
        let mut segments = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let slot = [
                ("{p}", Slot::Player),
                ("{c}", Slot::Card),
                ("{n}", Slot::Number),
                ("{t}", Slot::Text),
            ]
            .iter()
            .filter_map(|(tag, slot)| rest.find(tag).map(|i| (i, *slot)))
            .min_by_key(|(i, _)| *i);
            match slot {
                Some((i, slot)) => {
                    if i > 0 {
                        segments.push(Segment::Literal(rest[..i].to_string()));
                    }
                    segments.push(Segment::Slot(slot));
                    rest = &rest[i + 3..];
                }
                None => {
                    segments.push(Segment::Literal(rest.to_string()));
                    rest = "";
                }
            }
        }
        let specificity = segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l) => l.chars().count(),
                Segment::Slot(_) => 0,
            })
            .sum();
        Pattern {
            shape,
            segments,
            specificity,
        }
    }

    /// The longest literal: the key the candidate search looks for.
    fn key(&self) -> &str {
        self.segments
            .iter()
            .filter_map(|s| match s {
                Segment::Literal(l) => Some(l.as_str()),
                Segment::Slot(_) => None,
            })
            .max_by_key(|l| l.len())
            .unwrap_or("")
    }
}

/// The compiled table with its candidate index.
pub struct Matcher {
    patterns: Vec<Pattern>,
    keys: AhoCorasick,
    /// For each key, the patterns (indices into `patterns`) whose key it is.
    by_key: Vec<Vec<usize>>,
}

/// A successful match: the shape and the slot values in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<'a> {
    pub shape: Shape,
    pub captures: Vec<&'a str>,
}

impl Matcher {
    /// The English table, compiled once.
    pub fn english() -> &'static Matcher {
        static MATCHER: OnceLock<Matcher> = OnceLock::new();
        MATCHER.get_or_init(|| Matcher::new(TABLE))
    }

    fn new(table: &[(Shape, &str)]) -> Matcher {
        let mut patterns: Vec<Pattern> =
            table.iter().map(|(s, t)| Pattern::compile(*s, t)).collect();
        // Most specific first, so the first pattern that matches and builds is the best one.
        patterns.sort_by_key(|p| std::cmp::Reverse(p.specificity));
        let mut keys: Vec<String> = Vec::new();
        let mut by_key: Vec<Vec<usize>> = Vec::new();
        for (i, p) in patterns.iter().enumerate() {
            let key = p.key().to_string();
            match keys.iter().position(|k| *k == key) {
                Some(k) => by_key[k].push(i),
                None => {
                    keys.push(key);
                    by_key.push(vec![i]);
                }
            }
        }
        let keys = AhoCorasick::new(&keys).expect("the pattern keys are plain literals");
        Matcher {
            patterns,
            keys,
            by_key,
        }
    }

    /// The patterns that could match `line`, most specific first.
    fn candidates(&self, line: &str) -> Vec<usize> {
        let mut found: Vec<usize> = Vec::new();
        for m in self.keys.find_overlapping_iter(line) {
            found.extend_from_slice(&self.by_key[m.pattern().as_usize()]);
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Every match of `line`, most specific first. With `players` given, `{p}` slots must be one
    /// of those names; with none, they take any text.
    pub fn matches<'a>(&self, line: &'a str, players: &[&str]) -> Vec<Match<'a>> {
        let mut out = Vec::new();
        for i in self.candidates(line) {
            let pattern = &self.patterns[i];
            let mut captures = Vec::with_capacity(8);
            if match_segments(&pattern.segments, line, players, &mut captures) {
                out.push(Match {
                    shape: pattern.shape,
                    captures,
                });
            }
        }
        out
    }
}

fn slot_accepts(slot: Slot, value: &str) -> bool {
    if value.is_empty() || value.starts_with(' ') || value.ends_with(' ') {
        return false;
    }
    match slot {
        Slot::Number => {
            let digits = value.strip_prefix('-').unwrap_or(value);
            !digits.is_empty() && digits.len() <= 6 && digits.bytes().all(|b| b.is_ascii_digit())
        }
        // A name never holds a sentence break: a pasted log whose lines ran together must not
        // read as one card with a very long name.
        Slot::Card | Slot::Player => !value.contains(". - ") && !value.contains("! "),
        Slot::Text => true,
    }
}

fn match_segments<'a>(
    segments: &[Segment],
    s: &'a str,
    players: &[&str],
    caps: &mut Vec<&'a str>,
) -> bool {
    let Some((first, rest)) = segments.split_first() else {
        return s.is_empty();
    };
    match first {
        Segment::Literal(lit) => {
            s.starts_with(lit.as_str()) && match_segments(rest, &s[lit.len()..], players, caps)
        }
        Segment::Slot(slot) => {
            if *slot == Slot::Player && !players.is_empty() {
                for name in players {
                    if let Some(after) = s.strip_prefix(name) {
                        caps.push(&s[..name.len()]);
                        if match_segments(rest, after, players, caps) {
                            return true;
                        }
                        caps.pop();
                    }
                }
                return false;
            }
            match rest.first() {
                None => {
                    if slot_accepts(*slot, s) {
                        caps.push(s);
                        true
                    } else {
                        false
                    }
                }
                Some(Segment::Literal(lit)) => {
                    for pos in memchr::memmem::find_iter(s.as_bytes(), lit.as_bytes()) {
                        let value = &s[..pos];
                        if !slot_accepts(*slot, value) {
                            continue;
                        }
                        caps.push(value);
                        if match_segments(rest, &s[pos..], players, caps) {
                            return true;
                        }
                        caps.pop();
                    }
                    false
                }
                // The table never puts two slots side by side.
                Some(Segment::Slot(_)) => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_pattern_has_adjacent_slots_or_an_empty_key() {
        for (shape, text) in TABLE {
            let p = Pattern::compile(*shape, text);
            assert!(!p.key().is_empty(), "{shape:?} has no literal");
            for w in p.segments.windows(2) {
                assert!(
                    !matches!((&w[0], &w[1]), (Segment::Slot(_), Segment::Slot(_))),
                    "{text}: two slots side by side"
                );
            }
        }
    }

    #[test]
    fn the_most_specific_pattern_comes_first() {
        let m = Matcher::english();
        let found = m.matches("Ann drew 7 cards for the opening hand.", &["Ann", "Bob"]);
        assert_eq!(found[0].shape, Shape::OpeningHand);
        assert_eq!(found[0].captures, vec!["Ann", "7"]);
        assert!(
            found.iter().any(|f| f.shape == Shape::Drew),
            "the generic draw also fits"
        );
    }

    #[test]
    fn known_player_names_disambiguate_possessives() {
        let m = Matcher::english();
        let line =
            "Bob's Kid's Lillie's Clefairy ex used Fairy Zone on Ann's Pikachu for 30 damage.";
        let found = m.matches(line, &["Ann", "Bob's Kid"]);
        assert_eq!(found[0].shape, Shape::Attack);
        assert_eq!(
            found[0].captures,
            vec![
                "Bob's Kid",
                "Lillie's Clefairy ex",
                "Fairy Zone",
                "Ann",
                "Pikachu",
                "30"
            ]
        );
    }

    #[test]
    fn numbers_must_be_numbers() {
        let m = Matcher::english();
        let found = m.matches("Ann's Pikachu took lots damage.", &["Ann"]);
        assert!(found.iter().all(|f| f.shape != Shape::TookDamage));
        let found = m.matches("Ann's Pikachu took -30 damage.", &["Ann"]);
        assert_eq!(found[0].shape, Shape::TookDamage);
    }
}
