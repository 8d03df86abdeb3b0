//! The project's pattern table: every English line shape the game client writes, as a sequence
//! of literal text and typed slots, and the matcher that reads a line against it.
//!
//! Written from the client's own list of battle-log templates (the `blog_loc_*` strings). Slots:
//! `{p}` a player name, `{c}` a card name (or `a card` / `N cards`), `{n}` a whole number
//! (possibly negative), `{t}` free text.

use std::sync::OnceLock;

mod bytes;

pub(crate) use bytes::same_bytes;
pub use bytes::word_mask;
use bytes::{holds_either, strip_name, strip_prefix, strip_suffix, word_bit};

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
    /// Literal text, with its searcher built once.
    Literal(String, Box<LiteralFinder>),
    Slot(Slot),
}

impl Segment {
    fn literal(text: &str) -> Segment {
        Segment::Literal(text.to_string(), Box::new(LiteralFinder::new(text)))
    }
}

/// A searcher for one literal in the rest of a line.
///
/// The rest of a line is a few dozen bytes: on x86-64 memchr's SSE2 pair searcher is called
/// straight, where `memmem::Finder` chose among its searchers through a function pointer at
/// each call (most of the cost of a search this short); the general searcher takes the texts
/// too short for the pair searcher.
#[derive(Debug, Clone)]
struct LiteralFinder {
    literal: Vec<u8>,
    #[cfg(target_arch = "x86_64")]
    pair: Option<memchr::arch::x86_64::sse2::packedpair::Finder>,
    any: memchr::memmem::Finder<'static>,
}

impl LiteralFinder {
    fn new(literal: &str) -> LiteralFinder {
        let literal = literal.as_bytes();
        LiteralFinder {
            literal: literal.to_vec(),
            #[cfg(target_arch = "x86_64")]
            pair: memchr::arch::x86_64::sse2::packedpair::Finder::new(literal),
            any: memchr::memmem::Finder::new(literal).into_owned(),
        }
    }

    /// Where the literal first stands in `haystack`.
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(pair) = &self.pair
            && haystack.len() >= pair.min_haystack_len()
        {
            return pair.find(haystack, &self.literal);
        }
        self.any.find(haystack)
    }
}

/// One pattern of the table, split into segments.
#[derive(Debug, Clone)]
struct Pattern {
    shape: Shape,
    segments: Vec<Segment>,
    /// Characters of literal text: the more, the more specific.
    specificity: usize,
    /// The whole words of its literal text, as bits of a [`word_mask`]: a line lacking one of
    /// them cannot match.
    words: u64,
}

/// The words of a pattern that stand whole in any line it matches: those of its literals that
/// have a space (or the start or end of the line) on both sides.
fn whole_words(segments: &[Segment]) -> u64 {
    let mut mask = 0;
    let n = segments.len();
    for (i, seg) in segments.iter().enumerate() {
        let Segment::Literal(lit, _) = seg else {
            continue;
        };
        let open_left = i == 0;
        let open_right = i + 1 == n;
        let tokens: Vec<&str> = lit.split(' ').collect();
        for (k, tok) in tokens.iter().enumerate() {
            let left_ok = k > 0 || open_left;
            let right_ok = k + 1 < tokens.len() || open_right;
            if left_ok && right_ok && !tok.is_empty() {
                mask |= word_bit(tok.as_bytes());
            }
        }
    }
    mask
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
                        segments.push(Segment::literal(&rest[..i]));
                    }
                    segments.push(Segment::Slot(slot));
                    rest = &rest[i + 3..];
                }
                None => {
                    segments.push(Segment::literal(rest));
                    rest = "";
                }
            }
        }
        let specificity = segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l, _) => l.chars().count(),
                Segment::Slot(_) => 0,
            })
            .sum();
        let words = whole_words(&segments);
        Pattern {
            shape,
            segments,
            specificity,
            words,
        }
    }
}

/// A set of pattern indices (the table has at most 128 patterns).
#[derive(Clone, Copy, Default)]
struct PatternSet(u128);

impl PatternSet {
    /// The most patterns a set holds.
    const CAPACITY: usize = 128;

    fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }

    fn union(&mut self, other: &PatternSet) {
        self.0 |= other.0;
    }

    fn intersect(&mut self, other: &PatternSet) {
        self.0 &= other.0;
    }

    /// Members in ascending order (the low half, then the high half: a 64-bit word's lowest
    /// bit is found and cleared in one instruction each).
    fn iter(self) -> impl Iterator<Item = usize> {
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        std::iter::from_fn(move || {
            if low != 0 {
                let b = low.trailing_zeros() as usize;
                low &= low - 1;
                Some(b)
            } else if high != 0 {
                let b = high.trailing_zeros() as usize;
                high &= high - 1;
                Some(64 + b)
            } else {
                None
            }
        })
    }
}

/// A trie of literals, read backwards: walking a text's last bytes through it collects every
/// pattern whose last literal the text ends with.
///
/// Laid out as a table: a byte's class (the bytes no literal holds share class 0) added to the
/// node's row gives the next node's row, so a step is two loads and an add. A row is a power of
/// two wide, so the node of a row is a shift away.
struct LiteralTrie {
    /// The class of each byte value.
    class: [u8; 256],
    /// log2 of a row's width (the classes, rounded up to a power of two).
    row_bits: u32,
    /// `next[row + class]`: the child's row, or 0 for none (the root, row 0, is no one's
    /// child).
    next: Vec<u16>,
    /// Per node: patterns whose literal ends at this node or at one of its ancestors, so the
    /// walk's answer is the set of the deepest node it reaches.
    reached: Vec<PatternSet>,
}

impl LiteralTrie {
    /// Literals are indexed by their last few bytes only: the trie is a filter, the full match
    /// is checked after.
    const DEPTH: usize = 3;

    /// A trie of `literals` (bytes and the pattern each belongs to).
    fn build(literals: &[(&[u8], usize)]) -> LiteralTrie {
        let keys: Vec<(Vec<u8>, usize)> = literals
            .iter()
            .map(|(literal, pattern)| {
                let key = literal.iter().rev().take(Self::DEPTH).copied().collect();
                (key, *pattern)
            })
            .collect();
        let mut class = [0u8; 256];
        let mut classes = 1usize;
        for (key, _) in &keys {
            for &b in key {
                if class[b as usize] == 0 {
                    class[b as usize] = classes as u8;
                    classes += 1;
                }
            }
        }
        assert!(
            classes <= 256,
            "a literal trie holds at most 255 byte values"
        );
        let row_bits = classes.next_power_of_two().trailing_zeros();
        let width = 1usize << row_bits;
        let mut next = vec![0u16; width];
        let mut reached = vec![PatternSet::default()];
        for (key, pattern) in &keys {
            let mut row = 0usize;
            for &b in key {
                let edge = row + class[b as usize] as usize;
                row = match next[edge] {
                    0 => {
                        let child = next.len();
                        assert!(child < usize::from(u16::MAX), "literal trie too large");
                        next[edge] = child as u16;
                        next.resize(child + width, 0);
                        reached.push(PatternSet::default());
                        child
                    }
                    child => child as usize,
                };
            }
            reached[row >> row_bits].insert(*pattern);
        }
        // Each node also reaches what its ancestors reach: a child is made after its parent,
        // so one pass in node order carries every set down.
        for node in 0..reached.len() {
            for c in 1..width {
                let child = next[(node << row_bits) + c] as usize;
                if child != 0 {
                    let parent = reached[node];
                    reached[child >> row_bits].union(&parent);
                }
            }
        }
        LiteralTrie {
            class,
            row_bits,
            next,
            reached,
        }
    }

    /// The patterns of the deepest node `bytes` lead to, in the order given.
    #[inline]
    fn walk(&self, bytes: impl Iterator<Item = u8>) -> PatternSet {
        let mut row = 0usize;
        for b in bytes.take(Self::DEPTH) {
            match self.next[row + usize::from(self.class[usize::from(b)])] {
                0 => break,
                child => row = usize::from(child),
            }
        }
        self.reached[row >> self.row_bits]
    }

    /// The patterns whose last literal `text` ends with.
    #[inline]
    fn collect_suffix(&self, text: &[u8]) -> PatternSet {
        self.walk(text.iter().rev().copied())
    }
}

/// The compiled table with its candidate index: a pattern is tried only when the line ends
/// with its final literal and holds its whole words.
pub struct Matcher {
    patterns: Vec<Pattern>,
    suffixes: LiteralTrie,
    /// Per bit of a [`word_mask`]: the patterns whose key word has that bit. A pattern's key
    /// word is the whole word of its literals that the fewest patterns hold; a line lacking
    /// it cannot match, so the patterns of the line's bits are the only ones worth a look.
    keyed: [PatternSet; 64],
}

/// The slot values of a match, kept on the stack (no pattern has more than 16 slots).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Captures<'a> {
    items: [&'a str; 16],
    len: usize,
}

impl<'a> Captures<'a> {
    fn new() -> Captures<'a> {
        Captures {
            items: [""; 16],
            len: 0,
        }
    }

    /// Add a value; false when full.
    fn push(&mut self, value: &'a str) -> bool {
        if self.len == self.items.len() {
            return false;
        }
        self.items[self.len] = value;
        self.len += 1;
        true
    }

    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    #[inline]
    pub fn as_slice(&self) -> &[&'a str] {
        &self.items[..self.len]
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        self.as_slice().get(i).copied()
    }
}

/// A successful match: the shape and the slot values in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match<'a> {
    pub shape: Shape,
    pub captures: Captures<'a>,
}

impl Match<'_> {
    /// A match to build into (its shape and slots are set by [`Matcher::first_in`]).
    pub fn empty() -> Self {
        Match {
            shape: Shape::GameDrawn,
            captures: Captures::new(),
        }
    }
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
        assert!(
            patterns.len() <= PatternSet::CAPACITY,
            "the pattern set holds at most 128 patterns"
        );
        // Most specific first, so the first pattern that matches and builds is the best one.
        patterns.sort_by_key(|p| std::cmp::Reverse(p.specificity));
        let suffixes: Vec<(&[u8], usize)> = patterns
            .iter()
            .enumerate()
            .map(|(i, p)| match p.segments.last() {
                Some(Segment::Literal(l, _)) => (l.as_bytes(), i),
                _ => (&b""[..], i),
            })
            .collect();
        let suffixes = LiteralTrie::build(&suffixes);
        let keyed = key_words(&patterns);
        Matcher {
            patterns,
            suffixes,
            keyed,
        }
    }

    /// The patterns whose key word is among `words` (a line's [`word_mask`]).
    fn keyed_by(&self, words: u64) -> PatternSet {
        let mut keyed = PatternSet::default();
        let mut bits = words;
        while bits != 0 {
            keyed.union(&self.keyed[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        keyed
    }

    /// The patterns that could match `line` (its [`word_mask`] is `words`), most specific
    /// first: those whose last literal the line ends with and whose key word it holds.
    ///
    /// The line's start is not looked at: a trie of first literals, and of the literals after
    /// a player name, left a pattern or two fewer to try than the key words alone, and cost
    /// more to walk (with a compare of each player name) than trying them.
    fn candidates(&self, line: &str, words: u64) -> PatternSet {
        let mut candidates = self.suffixes.collect_suffix(line.as_bytes());
        candidates.intersect(&self.keyed_by(words));
        candidates
    }

    /// Try the patterns that match `line`, most specific first, and return the first value
    /// `accept` makes of one. With `players` given, `{p}` slots must be one of those names;
    /// with none, they take any text.
    pub fn first<'a, T>(
        &self,
        line: &'a str,
        players: &[&str],
        accept: impl FnMut(&Match<'a>) -> Option<T>,
    ) -> Option<T> {
        self.first_in(line, players, &mut Match::empty(), accept)
    }

    /// As [`Matcher::first`], with the match built in `found` (a reader of many lines keeps
    /// one rather than setting up its slots for each line).
    pub fn first_in<'a, T>(
        &self,
        line: &'a str,
        players: &[&str],
        found: &mut Match<'a>,
        mut accept: impl FnMut(&Match<'a>) -> Option<T>,
    ) -> Option<T> {
        let words = word_mask(line);
        for i in self.candidates(line, words).iter() {
            let pattern = &self.patterns[i];
            if pattern.words & words != pattern.words {
                continue;
            }
            found.captures.truncate(0);
            if match_segments(&pattern.segments, line, players, &mut found.captures) {
                found.shape = pattern.shape;
                if let Some(value) = accept(found) {
                    return Some(value);
                }
            }
        }
        None
    }

    /// Every match of `line`, most specific first.
    pub fn matches<'a>(&self, line: &'a str, players: &[&str]) -> Vec<Match<'a>> {
        let mut out = Vec::new();
        self.first(line, players, |m| {
            out.push(m.clone());
            None::<()>
        });
        out
    }
}

/// Each pattern under the bit of its key word (see [`Matcher::keyed`]): of the bits of its
/// whole words, the one the fewest patterns have.
fn key_words(patterns: &[Pattern]) -> [PatternSet; 64] {
    let mut holders = [0usize; 64];
    for p in patterns {
        for (bit, count) in holders.iter_mut().enumerate() {
            *count += usize::from(p.words >> bit & 1 == 1);
        }
    }
    let mut keyed = [PatternSet::default(); 64];
    for (i, p) in patterns.iter().enumerate() {
        let key = (0..64)
            .filter(|bit| p.words >> bit & 1 == 1)
            .min_by_key(|&bit| holders[bit])
            .expect("every pattern has a whole word (see the tests)");
        keyed[key].insert(i);
    }
    keyed
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
        Slot::Card | Slot::Player => {
            !holds_either(value.as_bytes(), b'.', b'!')
                || (!value.contains(". - ") && !value.contains("! "))
        }
        Slot::Text => true,
    }
}

fn match_segments<'a>(
    segments: &[Segment],
    s: &'a str,
    players: &[&str],
    caps: &mut Captures<'a>,
) -> bool {
    let Some((first, rest)) = segments.split_first() else {
        return s.is_empty();
    };
    match first {
        Segment::Literal(lit, _) => {
            strip_prefix(s, lit).is_some_and(|after| match_segments(rest, after, players, caps))
        }
        Segment::Slot(slot) => {
            if *slot == Slot::Player && !players.is_empty() {
                for name in players {
                    if let Some(after) = strip_name(s, name) {
                        let depth = caps.len;
                        if caps.push(&s[..name.len()]) && match_segments(rest, after, players, caps)
                        {
                            return true;
                        }
                        caps.truncate(depth);
                    }
                }
                return false;
            }
            match rest.first() {
                None => slot_accepts(*slot, s) && caps.push(s),
                // The line's last literal: the slot is all that comes before it.
                Some(Segment::Literal(lit, _)) if rest.len() == 1 => strip_suffix(s, lit)
                    .is_some_and(|value| slot_accepts(*slot, value) && caps.push(value)),
                Some(Segment::Literal(_, finder)) => {
                    let bytes = s.as_bytes();
                    let mut from = 0;
                    while let Some(found) = finder.find(&bytes[from..]) {
                        let pos = from + found;
                        from = pos + 1;
                        let value = &s[..pos];
                        if !slot_accepts(*slot, value) {
                            continue;
                        }
                        let depth = caps.len;
                        if caps.push(value) && match_segments(rest, &s[pos..], players, caps) {
                            return true;
                        }
                        caps.truncate(depth);
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

    proptest::proptest! {
        /// A literal is found where the standard library finds it, in texts short and long.
        #[test]
        fn literals_are_found_where_they_stand(
            haystack in "[ab ]{0,60}",
            literal in "[ab ]{1,6}",
        ) {
            let finder = LiteralFinder::new(&literal);
            proptest::prop_assert_eq!(finder.find(haystack.as_bytes()), haystack.find(literal.as_str()));
        }

    }

    /// The index (the literal tries, the key words, the word filter) leaves out no pattern that
    /// matches: over the lines of the sample logs and the shared English logs, with the
    /// players' names and without, the matches are those of trying every pattern in turn.
    #[test]
    fn the_index_leaves_out_no_match() {
        let m = Matcher::english();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut logs: Vec<std::path::PathBuf> = Vec::new();
        for dir in [
            root.join("replays"),
            root.join("../shared/ptcgl-logs/en-2025"),
            root.join("../shared/ptcgl-logs/en-2026"),
        ] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            logs.extend(entries.flatten().map(|e| e.path()));
        }
        assert!(logs.len() > 10, "the sample logs are found");
        let mut lines = 0;
        for path in logs {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let log = crate::log::parse_text(&text);
            let names: Vec<&str> = log.players.iter().map(|p| p.as_str()).collect();
            for line in text.lines() {
                let line = line.trim().trim_start_matches("- ");
                for players in [&names[..], &[]] {
                    let every: Vec<(Shape, Vec<&str>)> = m
                        .patterns
                        .iter()
                        .filter_map(|p| {
                            let mut captures = Captures::new();
                            match_segments(&p.segments, line, players, &mut captures)
                                .then(|| (p.shape, captures.as_slice().to_vec()))
                        })
                        .collect();
                    let found: Vec<(Shape, Vec<&str>)> = m
                        .matches(line, players)
                        .iter()
                        .map(|f| (f.shape, f.captures.as_slice().to_vec()))
                        .collect();
                    assert_eq!(found, every, "{line}");
                }
                lines += 1;
            }
        }
        assert!(lines > 1000, "{lines} lines read");
    }

    /// Members come out in ascending order, across both halves of the word.
    #[test]
    fn a_pattern_set_lists_its_members_in_order() {
        let members = [0, 1, 5, 63, 64, 65, 100, 127];
        let mut set = PatternSet::default();
        for m in members.iter().rev() {
            set.insert(*m);
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), members);
        assert_eq!(PatternSet::default().iter().count(), 0);
    }

    #[test]
    fn no_pattern_has_adjacent_slots_or_an_empty_key() {
        for (shape, text) in TABLE {
            let p = Pattern::compile(*shape, text);
            assert!(p.specificity > 0, "{shape:?} has no literal");
            assert!(p.words != 0, "{text}: no whole word to key it by");
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
        assert_eq!(found[0].captures.as_slice(), ["Ann", "7"]);
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
            found[0].captures.as_slice(),
            [
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
