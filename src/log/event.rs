//! The typed events a battle-log line becomes.
//!
//! One line is one event. Names are kept as the log writes them (apostrophes normalised to `'`,
//! "Pokemon" to "Pokémon"); the owner a line names is *claimed*, not trusted: the engine resolves
//! the real owner from the game state.

use serde::{Deserialize, Serialize};

/// The text of a name or label in an event: stored inline when short (most player and card
/// names are), so reading a line does not allocate for them.
pub type Text = compact_str::CompactString;

/// A card as a log line names it: its name, and the card id when the client printed one
/// (`(sv6_128) Dreepy` gives id `sv6_128`, name `Dreepy`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardName {
    pub name: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Text>,
}

impl CardName {
    /// Split an optional `(set_number) ` prefix off a card name.
    pub fn parse(text: &str) -> CardName {
        Self::parse_trimmed(super::trim(text))
    }

    /// As [`CardName::parse`], for text already trimmed.
    pub(crate) fn parse_trimmed(text: &str) -> CardName {
        if let Some(rest) = text.strip_prefix('(') {
            // The id is letters, digits, `_` and `-` up to the first `) `.
            let id_len = rest
                .bytes()
                .position(|b| !ID_BYTES[usize::from(b)])
                .unwrap_or(rest.len());
            if id_len > 0 && rest.as_bytes()[id_len..].starts_with(b") ") {
                return CardName {
                    name: Text::from(super::trim(&rest[id_len + 2..])),
                    id: Some(Text::from(&rest[..id_len])),
                };
            }
        }
        CardName {
            name: Text::from(text),
            id: None,
        }
    }
}

/// Whether each byte value may stand in a card id (an ASCII letter or digit, `_` or `-`): one
/// load a byte instead of five compares.
const ID_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-';
        b += 1;
    }
    table
};

impl std::fmt::Display for CardName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// What a line says was moved: a named card, or a number of cards the log does not name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CardRef {
    /// A card named by the log.
    Named { card: CardName },
    /// `a card`, `2 cards`, `another card`, `(hidden)`: cards the log counts but does not name.
    Hidden { count: u32 },
}

impl CardRef {
    /// Read the card part of a line: `a card`, `N cards`, `another card`, `(hidden)`, or a name.
    pub fn parse(text: &str) -> CardRef {
        let t = super::trim(text);
        match t {
            "a card" | "A card" | "another card" | "Another card" | "(hidden)" | "1 card" => {
                return CardRef::Hidden { count: 1 };
            }
            _ => {}
        }
        if let Some(n) = t.strip_suffix(" cards")
            && let Ok(count) = n.parse::<u32>()
        {
            return CardRef::Hidden { count };
        }
        CardRef::Named {
            card: CardName::parse(t),
        }
    }

    /// How many cards this reference stands for.
    pub fn count(&self) -> u32 {
        match self {
            CardRef::Named { .. } => 1,
            CardRef::Hidden { count } => *count,
        }
    }

    /// The card's name when the log names it.
    pub fn name(&self) -> Option<&str> {
        match self {
            CardRef::Named { card } => Some(&card.name),
            CardRef::Hidden { .. } => None,
        }
    }
}

/// Where on the board a line says a card went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Spot {
    Active,
    Bench,
    /// The line does not say (the client's "fallback" wording).
    Unspecified,
}

/// Where a "moved" or "put" line sends a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Destination {
    Hand,
    DeckTop,
    DeckBottom,
    /// Into the deck, position not said (`moved … to their deck`).
    Deck,
    Discard,
    LostZone,
    Prizes,
    Active,
    Bench,
    Stadium,
    Unspecified,
}

/// What a shuffle line shuffled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shuffled {
    Deck,
    Hand,
    Prizes,
    /// `shuffled their cards.`: the client does not say which.
    Cards,
}

/// The five Special Conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "kebab-case")]
pub enum Condition {
    Poisoned,
    Burned,
    Asleep,
    Paralyzed,
    Confused,
}

impl Condition {
    pub fn parse(s: &str) -> Option<Condition> {
        Some(match s.trim() {
            "Poisoned" => Condition::Poisoned,
            "Burned" => Condition::Burned,
            "Asleep" => Condition::Asleep,
            "Paralyzed" => Condition::Paralyzed,
            "Confused" => Condition::Confused,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Condition::Poisoned => "Poisoned",
            Condition::Burned => "Burned",
            Condition::Asleep => "Asleep",
            Condition::Paralyzed => "Paralyzed",
            Condition::Confused => "Confused",
        }
    }
}

/// A coin face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoinFace {
    Heads,
    Tails,
}

/// Why the game ended, read from the wording of the end line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    Prizes,
    NoPokemon,
    DeckOut,
    Concede,
    Timeout,
    Unknown,
}

impl EndReason {
    /// Classify the client's free-text end reason (`All Prize cards taken`, `Opponent conceded`, …).
    pub fn classify(text: &str) -> EndReason {
        let t = text.to_lowercase();
        if t.contains("prize") {
            EndReason::Prizes
        } else if t.contains("conced") || t.contains("forfeit") || t.contains("resign") {
            EndReason::Concede
        } else if t.contains("deck") || t.contains("no cards") || t.contains("out of cards") {
            EndReason::DeckOut
        } else if t.contains("bench") || t.contains("no pokémon") || t.contains("backup") {
            EndReason::NoPokemon
        } else if t.contains("time") || t.contains("inactiv") || t.contains("action in time") {
            EndReason::Timeout
        } else {
            EndReason::Unknown
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Prizes => "prizes",
            EndReason::NoPokemon => "no-pokemon",
            EndReason::DeckOut => "deck-out",
            EndReason::Concede => "concede",
            EndReason::Timeout => "timeout",
            EndReason::Unknown => "unknown",
        }
    }
}

/// Weakness or Resistance as an attack line states it: the type and the amount added or taken
/// away (`took 170 more damage because of Fighting Weakness` gives `Fighting`, 170).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeModifier {
    pub energy_type: Text,
    pub amount: i32,
}

/// One line of a `Damage breakdown` block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BreakdownItem {
    Base {
        amount: i32,
    },
    Total {
        amount: i32,
    },
    Weakness {
        energy_type: Text,
        amount: i32,
    },
    Resistance {
        energy_type: Text,
        amount: i32,
    },
    /// A named source: `(Pokémon Tool) Brave Bangle: 30 damage`.
    Source {
        source: Text,
        name: Text,
        amount: i32,
    },
    /// A counted quantity: `5 Benched Pokémon: 100 damage`.
    Count {
        what: Text,
        count: u32,
        amount: i32,
    },
    /// A condition met: `Evolved this turn: 30 damage`, or anything else the client wrote.
    Other {
        label: Text,
        amount: i32,
    },
}

impl BreakdownItem {
    /// What the line adds to the damage (Resistance always takes away, however the client
    /// writes its sign).
    pub fn amount(&self) -> i32 {
        match self {
            BreakdownItem::Resistance { amount, .. } => amount.saturating_abs().saturating_neg(),
            BreakdownItem::Base { amount }
            | BreakdownItem::Total { amount }
            | BreakdownItem::Weakness { amount, .. }
            | BreakdownItem::Source { amount, .. }
            | BreakdownItem::Count { amount, .. }
            | BreakdownItem::Other { amount, .. } => *amount,
        }
    }
}

/// A special move usable once per game (`can no longer use VSTAR Powers.`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OncePerGame {
    GxAttack,
    VstarPower,
    Other(Text),
}

/// What an attack line says (`X's Y used Z on W's V for N damage.`), with the Weakness and
/// Resistance sentences when present. The largest events are kept in a box of their own, so
/// that every line is no larger than the common ones (a log's lines are written, moved and
/// dropped once each; an attack line is about one in thirty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackLine {
    pub player: Text,
    pub pokemon: CardName,
    pub attack: Text,
    pub target_owner: Text,
    pub target: CardName,
    pub damage: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weakness: Option<Box<TypeModifier>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resistance: Option<Box<TypeModifier>>,
}

/// What a devolve line says: `player` devolved `owner`'s `from` into `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DevolveLine {
    pub player: Text,
    pub owner: Text,
    pub from: CardName,
    pub to: CardName,
    pub spot: Spot,
}

/// What a switch line says: two Pokémon changed places (`to_active`: the second became the
/// Active Pokémon, as the line says).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchLine {
    pub first_owner: Text,
    pub first: CardName,
    pub second_owner: Text,
    pub second: CardName,
    pub to_active: bool,
}

/// What a line that moves damage counters says: `actor` moved `count` from one Pokémon to
/// another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCountersLine {
    pub actor: Text,
    pub count: u32,
    pub from_owner: Text,
    pub from: CardName,
    pub to_owner: Text,
    pub to: CardName,
}

/// The event a battle-log line describes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    Blank,
    SetupHeader,
    CheckupHeader,
    /// `X's Turn`, `Turn # 3 - X's Turn`, or the client bug `[playerName]'s Turn` (player unknown).
    TurnHeader {
        #[serde(skip_serializing_if = "Option::is_none")]
        number: Option<u32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<Text>,
    },
    CoinChoice {
        player: Text,
        face: CoinFace,
    },
    CoinTossWon {
        player: Text,
    },
    TurnOrderChosen {
        player: Text,
        first: bool,
    },
    OpeningHand {
        player: Text,
        count: u32,
    },
    /// `7 drawn cards.` (heads the list of an opening hand).
    DrawnCards {
        count: u32,
    },
    Mulligan {
        player: Text,
        count: u32,
    },
    MulliganReveal {
        number: u32,
    },
    MulliganExtraDraw {
        player: Text,
        count: u32,
        opponent: Text,
    },
    PlayToActive {
        player: Text,
        card: CardName,
    },
    PlayToBench {
        player: Text,
        card: CardName,
    },
    PlayToStadium {
        player: Text,
        card: CardName,
    },
    /// `X played Y.`: a Trainer card, the use of a Stadium in play, or an Ability the client
    /// writes as playing the Pokémon. The engine decides which.
    PlayCard {
        player: Text,
        card: CardName,
    },
    Drew {
        player: Text,
        card: CardRef,
    },
    DrewAndPlayed {
        player: Text,
        card: CardRef,
        to: Destination,
    },
    Attach {
        player: Text,
        card: CardName,
        target: CardName,
        spot: Spot,
    },
    Evolve {
        player: Text,
        from: CardName,
        to: CardName,
        spot: Spot,
    },
    Devolve(Box<DevolveLine>),
    Retreat {
        player: Text,
        card: CardName,
    },
    /// `X's Y is now in the Active Spot.`
    Promote {
        player: Text,
        card: CardName,
    },
    /// `A's P was switched with B's Q to become the Active Pokémon.` (`to_active`), or the
    /// fallback wording without the Active Spot.
    Switch(Box<SwitchLine>),
    /// `X's Y used Z.`: an attack without a damage line, or an Ability. The engine decides which.
    Use {
        player: Text,
        pokemon: CardName,
        name: Text,
    },
    /// `X's Y used Z on W's V for N damage.` with the Weakness/Resistance sentences when present.
    Attack(Box<AttackLine>),
    /// `W's V took N damage.` (damage to a second Pokémon, e.g. a Benched one).
    TookDamage {
        owner: Text,
        pokemon: CardName,
        damage: i32,
        #[serde(skip_serializing_if = "Option::is_none")]
        weakness: Option<Box<TypeModifier>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        resistance: Option<Box<TypeModifier>>,
    },
    BreakdownHeader,
    Breakdown {
        item: BreakdownItem,
    },
    CardList {
        cards: Vec<CardName>,
    },
    KnockOut {
        owner: Text,
        pokemon: CardName,
    },
    TookPrizes {
        player: Text,
        count: u32,
    },
    AddedToHand {
        player: Text,
        card: CardRef,
    },
    Discard {
        player: Text,
        card: CardRef,
    },
    DiscardFromPokemon {
        owner: Text,
        pokemon: CardName,
        card: CardRef,
    },
    Shuffle {
        player: Text,
        what: Shuffled,
    },
    ShuffleInto {
        player: Text,
        card: CardRef,
        into: Destination,
    },
    PutInDeck {
        player: Text,
        card: CardRef,
        to: Destination,
    },
    Move {
        player: Text,
        owner: Text,
        card: CardRef,
        to: Destination,
    },
    NoCardsMoved,
    PutCounters {
        actor: Text,
        count: u32,
        owner: Text,
        target: CardName,
    },
    MoveCounters(Box<MoveCountersLine>),
    ConditionDamage {
        count: u32,
        owner: Text,
        pokemon: CardName,
        condition: Condition,
    },
    ConditionApplied {
        owner: Text,
        pokemon: CardName,
        condition: Condition,
    },
    ConditionRemoved {
        owner: Text,
        pokemon: CardName,
        condition: Condition,
    },
    AllConditionsRemoved {
        owner: Text,
        pokemon: CardName,
    },
    Healed {
        owner: Text,
        pokemon: CardName,
        amount: u32,
    },
    CoinFlip {
        player: Text,
        flips: u32,
        heads: u32,
    },
    Activated {
        card: CardName,
    },
    Reveal {
        player: Text,
        card: CardRef,
    },
    ChoseOption {
        player: Text,
        option: Text,
    },
    /// One of the client's "prevented" / "unaffected" lines.
    Prevented {
        text: Text,
    },
    EndTurn {
        player: Text,
    },
    OncePerGameUsed {
        player: Text,
        what: OncePerGame,
    },
    TeraEffect {
        player: Text,
        card: CardName,
    },
    Reconnected {
        player: Text,
    },
    TimedOut {
        player: Text,
    },
    PerformedAction {
        player: Text,
    },
    RpsChoice {
        player: Text,
        choice: Text,
    },
    RpsWon {
        player: Text,
    },
    SuddenDeath,
    /// `Draw!`: the game ended in a draw.
    GameDrawn,
    GameEnd {
        reason: EndReason,
        reason_text: Text,
        winner: Text,
    },
    /// Text after the line that ended the game, of no known shape: not part of the game (a
    /// player's notes pasted below the exported log).
    AfterGame,
    /// A line of no known shape; `why` says what was tried.
    Unparsed {
        why: Text,
    },
}

impl Event {
    /// The kebab-case name of the event type, as the report writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Blank => "blank",
            Event::SetupHeader => "setup-header",
            Event::CheckupHeader => "checkup-header",
            Event::TurnHeader { .. } => "turn-header",
            Event::CoinChoice { .. } => "coin-choice",
            Event::CoinTossWon { .. } => "coin-toss-won",
            Event::TurnOrderChosen { .. } => "turn-order-chosen",
            Event::OpeningHand { .. } => "opening-hand",
            Event::DrawnCards { .. } => "drawn-cards",
            Event::Mulligan { .. } => "mulligan",
            Event::MulliganReveal { .. } => "mulligan-reveal",
            Event::MulliganExtraDraw { .. } => "mulligan-extra-draw",
            Event::PlayToActive { .. } => "play-to-active",
            Event::PlayToBench { .. } => "play-to-bench",
            Event::PlayToStadium { .. } => "play-to-stadium",
            Event::PlayCard { .. } => "play-card",
            Event::Drew { .. } => "drew",
            Event::DrewAndPlayed { .. } => "drew-and-played",
            Event::Attach { .. } => "attach",
            Event::Evolve { .. } => "evolve",
            Event::Devolve(_) => "devolve",
            Event::Retreat { .. } => "retreat",
            Event::Promote { .. } => "promote",
            Event::Switch(_) => "switch",
            Event::Use { .. } => "use",
            Event::Attack(_) => "attack",
            Event::TookDamage { .. } => "took-damage",
            Event::BreakdownHeader => "breakdown-header",
            Event::Breakdown { .. } => "breakdown",
            Event::CardList { .. } => "card-list",
            Event::KnockOut { .. } => "knock-out",
            Event::TookPrizes { .. } => "took-prizes",
            Event::AddedToHand { .. } => "added-to-hand",
            Event::Discard { .. } => "discard",
            Event::DiscardFromPokemon { .. } => "discard-from-pokemon",
            Event::Shuffle { .. } => "shuffle",
            Event::ShuffleInto { .. } => "shuffle-into",
            Event::PutInDeck { .. } => "put-in-deck",
            Event::Move { .. } => "move",
            Event::NoCardsMoved => "no-cards-moved",
            Event::PutCounters { .. } => "put-counters",
            Event::MoveCounters(_) => "move-counters",
            Event::ConditionDamage { .. } => "condition-damage",
            Event::ConditionApplied { .. } => "condition-applied",
            Event::ConditionRemoved { .. } => "condition-removed",
            Event::AllConditionsRemoved { .. } => "all-conditions-removed",
            Event::Healed { .. } => "healed",
            Event::CoinFlip { .. } => "coin-flip",
            Event::Activated { .. } => "activated",
            Event::Reveal { .. } => "reveal",
            Event::ChoseOption { .. } => "chose-option",
            Event::Prevented { .. } => "prevented",
            Event::EndTurn { .. } => "end-turn",
            Event::OncePerGameUsed { .. } => "once-per-game-used",
            Event::TeraEffect { .. } => "tera-effect",
            Event::Reconnected { .. } => "reconnected",
            Event::TimedOut { .. } => "timed-out",
            Event::PerformedAction { .. } => "performed-action",
            Event::RpsChoice { .. } => "rps-choice",
            Event::RpsWon { .. } => "rps-won",
            Event::SuddenDeath => "sudden-death",
            Event::GameDrawn => "game-drawn",
            Event::GameEnd { .. } => "game-end",
            Event::AfterGame => "after-game",
            Event::Unparsed { .. } => "unparsed",
        }
    }

    /// The number of cards a line announces and that a card list may follow (`drew 2 cards.`).
    pub fn announced_list(&self) -> Option<u32> {
        let hidden = |c: &CardRef| match c {
            CardRef::Hidden { count } => Some(*count),
            CardRef::Named { .. } => None,
        };
        match self {
            Event::DrawnCards { count } => Some(*count),
            Event::MulliganReveal { .. } => Some(0),
            Event::Drew { card, .. }
            | Event::DrewAndPlayed { card, .. }
            | Event::Discard { card, .. }
            | Event::DiscardFromPokemon { card, .. }
            | Event::ShuffleInto { card, .. }
            | Event::PutInDeck { card, .. }
            | Event::Move { card, .. }
            | Event::Reveal { card, .. }
            | Event::AddedToHand { card, .. } => hidden(card),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CardName, Event};

    /// The largest events are boxed, so that an event takes no more room than an attach or
    /// evolve line (two card names, a player and a spot): every line of a log has the size of
    /// the largest one.
    #[test]
    fn an_event_is_no_larger_than_an_evolve_line() {
        let evolve = std::mem::size_of::<super::Text>() + 2 * std::mem::size_of::<CardName>() + 8;
        assert!(
            std::mem::size_of::<Event>() <= evolve,
            "an event takes {} bytes, an evolve line {evolve}",
            std::mem::size_of::<Event>()
        );
    }

    /// A card id is split off only when it is a whole `(id) ` prefix of letters, digits, `_`
    /// and `-`.
    #[test]
    fn a_card_id_prefix_is_split_off() {
        for (text, name, id) in [
            ("(sv6_37) Lampent", "Lampent", Some("sv6_37")),
            ("  (sv4-5_12)  Ditto  ", "Ditto", Some("sv4-5_12")),
            (
                "(me1_56_ph) Mega Lucario ex",
                "Mega Lucario ex",
                Some("me1_56_ph"),
            ),
            ("() Lampent", "() Lampent", None),
            ("(sv6 37) Lampent", "(sv6 37) Lampent", None),
            ("(sv6_37)Lampent", "(sv6_37)Lampent", None),
            ("(sv6_37) ", "(sv6_37)", None),
            ("(Team Rocket's) Mewtwo) ", "(Team Rocket's) Mewtwo)", None),
            ("Pikachu (sv1_1) ", "Pikachu (sv1_1)", None),
            ("(é) Eevee", "(é) Eevee", None),
        ] {
            let card = CardName::parse(text);
            assert_eq!(card.name, name, "{text:?}");
            assert_eq!(card.id.as_deref(), id, "{text:?}");
        }
    }

    /// Every line's event is as large as the largest kind, and each is moved several times on
    /// its way into a report: what few lines carry (a Weakness, a Resistance) is boxed.
    #[test]
    fn an_event_stays_small() {
        assert!(
            std::mem::size_of::<super::Event>() <= 192,
            "Event is {} bytes",
            std::mem::size_of::<super::Event>()
        );
    }
}
