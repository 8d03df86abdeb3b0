//! The cards each side showed: every card the log names for a player, with the fewest copies
//! the log proves that player had, how it was seen and on which lines.
//!
//! The count is a lower bound, kept per zone as a fold over the replay's steps: copies known
//! to be in the hand, copies known to be out in the open (in play, attached, in the discard
//! pile, the Lost Zone or the Stadium spot) and copies known to be among the Prize cards. Each
//! of the three never exceeds the true number in its zone: a card that arrives for certain
//! adds one to its zone; a card that leaves a zone takes one from every zone it may have left
//! (never below zero); a card moved within the open, or from a zone that may be the one it goes
//! to, adds nothing. Where a card came from is read from the line itself (a card drawn comes
//! from the deck, a card played or attached by the player's own action from the hand) or,
//! for a line under an effect, from the effect's text (a text that names the discard pile may
//! take the card from there); with no text, every zone is possible. The most copies the three
//! zones held at once, or that one line showed together (a revealed hand), is the count shown.

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;

use crate::log::{CardName, CardRef, Destination, Event, Shuffled};
use crate::report::{Report, StepReport};

use super::kinds::{Cards, Group, Kind};

/// A zone a card may come from or go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Zone {
    Hand,
    /// In play, attached, discard pile, Lost Zone, Stadium spot.
    Open,
    Prizes,
    /// The deck (never counted).
    Deck,
}

/// The zones a card may have come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct From {
    hand: bool,
    open: bool,
    prizes: bool,
}

impl From {
    const HAND: From = From {
        hand: true,
        open: false,
        prizes: false,
    };
    const DECK: From = From {
        hand: false,
        open: false,
        prizes: false,
    };
    const PRIZES: From = From {
        hand: false,
        open: false,
        prizes: true,
    };
    const ANY: From = From {
        hand: true,
        open: true,
        prizes: true,
    };

    fn may_be(&self, zone: Zone) -> bool {
        match zone {
            Zone::Hand => self.hand,
            Zone::Open => self.open,
            Zone::Prizes => self.prizes,
            Zone::Deck => false,
        }
    }

    /// Where the cards an effect moves may come from, read from its text: the discard pile,
    /// the Lost Zone or what is in play (open), the hand, the Prize cards; a text that names
    /// none of them, nor the deck (or no text), may take them from anywhere. A zone the text
    /// names only as where cards go ("into your hand") is not a source.
    fn of_text(text: Option<&str>) -> From {
        let Some(t) = text else {
            return From::ANY;
        };
        let has = |words: &[&str]| words.iter().any(|w| t.contains(w));
        let open = has(&[
            "from your discard pile",
            "from their discard pile",
            "from his or her discard pile",
            "from your opponent's discard pile",
            "from the discard pile",
            "from your lost zone",
            "in play",
            "benched pokémon",
            "attached",
            "active pokémon",
            "stadium in play",
        ]);
        let hand = has(&[
            "from your hand",
            "from their hand",
            "from his or her hand",
            "from your opponent's hand",
            "in your hand",
            "your hand into",
            "their hand into",
            "shuffle your hand",
            "shuffles their hand",
            "shuffle their hand",
            "discard your hand",
        ]);
        let prizes = t.contains("prize");
        let deck = t.contains("deck");
        if !(open || hand || prizes || deck) {
            return From::ANY;
        }
        From { hand, open, prizes }
    }
}

/// How a card was seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Way {
    OpeningHand,
    Drawn,
    Searched,
    Played,
    Benched,
    Attached,
    EvolvedInto,
    InPlay,
    Discarded,
    Revealed,
    PrizeCard,
    Moved,
    ShuffledIntoDeck,
}

impl Way {
    pub fn words(self) -> &'static str {
        match self {
            Way::OpeningHand => "in the opening hand",
            Way::Drawn => "drawn",
            Way::Searched => "searched",
            Way::Played => "played",
            Way::Benched => "put into play",
            Way::Attached => "attached",
            Way::EvolvedInto => "evolved into",
            Way::InPlay => "in play",
            Way::Discarded => "discarded",
            Way::Revealed => "revealed",
            Way::PrizeCard => "taken as a Prize card",
            Way::Moved => "moved",
            Way::ShuffledIntoDeck => "shuffled into the deck",
        }
    }
}

/// One card a player showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeenCard {
    pub name: String,
    /// The name in the log's language, when the log is in another language and the card data
    /// has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_name: Option<String>,
    pub kind: Kind,
    /// The fewest copies the log proves the player had (a lower bound).
    pub at_least: u32,
    /// Whether the card's own rule (basic Energy, "as many of this card as you like") allows
    /// more than 4 copies in a deck.
    pub any_number: bool,
    /// How it was seen.
    pub ways: Vec<Way>,
    /// The lines naming it for this player.
    pub lines: Vec<u32>,
}

/// The cards of one group (Pokémon, Trainer, Energy, unknown to the card data).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardGroup {
    pub group: Group,
    /// Copies in the group, each card at its lower bound.
    pub at_least: u32,
    pub cards: Vec<SeenCard>,
}

/// What one player showed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideCards {
    pub player: String,
    pub groups: Vec<CardGroup>,
    /// The opening hand, when the log names it (the exporting player's own, after any
    /// mulligan).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opening_hand: Option<Vec<String>>,
    /// Prize cards the log names as they were taken into the hand.
    pub prize_cards: Vec<String>,
}

impl SideCards {
    /// Every card with its lower bound.
    pub fn counts(&self) -> impl Iterator<Item = (&str, u32)> {
        self.groups
            .iter()
            .flat_map(|g| g.cards.iter().map(|c| (c.name.as_str(), c.at_least)))
    }

    pub fn card(&self, name: &str) -> Option<&SeenCard> {
        self.groups
            .iter()
            .flat_map(|g| &g.cards)
            .find(|c| c.name == name)
    }
}

#[derive(Debug, Default, Clone)]
struct Tally {
    hand: u32,
    open: u32,
    prizes: u32,
    best: u32,
    ways: Vec<Way>,
    lines: Vec<u32>,
    /// Seen as a Pokémon in play (a kind the events prove when the card data does not know).
    pokemon: bool,
    first_line: u32,
}

impl Tally {
    fn zone(&mut self, z: Zone) -> Option<&mut u32> {
        match z {
            Zone::Hand => Some(&mut self.hand),
            Zone::Open => Some(&mut self.open),
            Zone::Prizes => Some(&mut self.prizes),
            Zone::Deck => None,
        }
    }

    fn settle(&mut self) {
        self.best = self.best.max(self.hand + self.open + self.prizes);
    }
}

/// A move the next card list applies to each card it names.
#[derive(Debug, Clone, Copy)]
enum Pending {
    Move {
        player: usize,
        from: From,
        to: Zone,
        way: Way,
    },
    /// Cards shown together at one moment (a revealed hand).
    Shown { player: usize, way: Way },
}

/// The fold.
struct Fold<'a> {
    cards: Cards<'a>,
    names: Vec<String>,
    tallies: Vec<HashMap<String, Tally>>,
    pending: Option<Pending>,
    /// The text of the effect the sub-lines under the last action carry out.
    context: Option<String>,
    stadium: Option<String>,
    opening: Vec<Option<Vec<String>>>,
    prize_cards: Vec<Vec<String>>,
    /// The player whose opening hand the next list names.
    opening_for: Option<usize>,
    /// The player who exported the log, when the log shows it.
    exporter: Option<usize>,
    /// The cards the lines of the current action moved, and where.
    effect_moves: Vec<(usize, String, Zone)>,
    line: u32,
}

impl<'a> Fold<'a> {
    fn player(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn tally(&mut self, p: usize, name: &str) -> &mut Tally {
        let line = self.line;
        let t = self.tallies[p]
            .entry(name.to_string())
            .or_insert_with(|| Tally {
                first_line: line,
                ..Tally::default()
            });
        if t.lines.last() != Some(&line) {
            t.lines.push(line);
        }
        t
    }

    /// A card named on a line: at least one copy, seen this way.
    fn mention(&mut self, p: usize, name: &str, way: Option<Way>) {
        let t = self.tally(p, name);
        t.best = t.best.max(1);
        if let Some(w) = way
            && !t.ways.contains(&w)
        {
            t.ways.push(w);
        }
    }

    /// A card moved from one of the zones `from` to `to`. A card going into the deck that
    /// was never seen for this player before is not counted as shown: such lists are the hands
    /// shuffled away by effects that move both players' hands, where the client may name the
    /// wrong player.
    fn moved(&mut self, p: usize, name: &str, from: From, to: Zone, way: Way) {
        let p = self.visible_owner(p, from, to);
        if to == Zone::Deck && !self.tallies[p].contains_key(name) {
            return;
        }
        // A card an earlier line of the same effect moved may be that card again, where that
        // line put it (the client writes cards looked at as discarded, then one of them as
        // moved to the hand).
        let mut from = from;
        if let Some(i) = self
            .effect_moves
            .iter()
            .position(|(q, n, z)| *q == p && n == name && *z != to)
        {
            match self.effect_moves.remove(i).2 {
                Zone::Hand => from.hand = true,
                Zone::Open => from.open = true,
                Zone::Prizes => from.prizes = true,
                Zone::Deck => {}
            }
        }
        self.effect_moves.push((p, name.to_string(), to));
        self.mention(p, name, Some(way));
        let t = self.tally(p, name);
        for z in [Zone::Hand, Zone::Open, Zone::Prizes] {
            if z != to
                && from.may_be(z)
                && let Some(n) = t.zone(z)
            {
                *n = n.saturating_sub(1);
            }
        }
        if !from.may_be(to)
            && let Some(n) = t.zone(to)
        {
            *n += 1;
        }
        t.settle();
    }

    /// Whose card a named card moved between hidden zones is. The player who exported the log
    /// sees the other player's hand and draws only when an effect reveals them; a card named
    /// going from the deck into the other player's hand, or from their hand into their deck,
    /// under an effect whose text reveals nothing is the exporting player's own (effects that
    /// make both players shuffle their hands and draw, where the client writes the acting
    /// player on every line).
    fn visible_owner(&self, p: usize, from: From, to: Zone) -> usize {
        let Some(e) = self.exporter.filter(|e| *e != p) else {
            return p;
        };
        let Some(text) = self.context.as_deref() else {
            return p;
        };
        let hidden_move = match to {
            Zone::Hand => !from.hand && !from.open && !from.prizes,
            Zone::Deck => from.hand && !from.open && !from.prizes,
            _ => false,
        };
        if hidden_move && !text.contains("reveal") {
            e
        } else {
            p
        }
    }

    /// Copies shown together at one moment.
    fn shown(&mut self, p: usize, names: &[&str], way: Way) {
        for name in names {
            let copies = names.iter().filter(|n| *n == name).count() as u32;
            self.mention(p, name, Some(way));
            let t = self.tally(p, name);
            t.best = t.best.max(copies);
        }
    }

    fn pokemon(&mut self, p: usize, name: &str) {
        self.tally(p, name).pokemon = true;
    }

    /// Where a card moved by the current line comes from: `own` for a player's own action, the
    /// effect's text for a line under one.
    fn source(&self, step: &StepReport, own: From) -> From {
        if step.depth == "action" {
            own
        } else {
            From::of_text(self.context.as_deref())
        }
    }

    fn step(&mut self, step: &StepReport) {
        self.line = step.line;
        if step.depth == "action" {
            self.effect_moves.clear();
        }
        let list = matches!(step.data, Event::CardList { .. });
        // A card list belongs to the line that announced it, with the count line between.
        if !list
            && !matches!(
                step.data,
                Event::DrawnCards { .. } | Event::MulliganReveal { .. }
            )
        {
            self.pending = None;
        }
        if !list
            && !matches!(
                step.data,
                Event::DrawnCards { .. } | Event::OpeningHand { .. }
            )
        {
            self.opening_for = None;
        }
        let p_of = |s: &Self, name: &str| s.player(name);
        match &step.data {
            Event::SetupHeader | Event::TurnHeader { .. } | Event::CheckupHeader => {
                self.context = None;
            }
            Event::OpeningHand { player, .. } => {
                if let Some(p) = p_of(self, player) {
                    self.opening_for = Some(p);
                    self.pending = Some(Pending::Move {
                        player: p,
                        from: From::DECK,
                        to: Zone::Hand,
                        way: Way::OpeningHand,
                    });
                }
            }
            Event::Mulligan { player, .. } => {
                if let Some(p) = p_of(self, player) {
                    // The hand goes back into the deck.
                    for t in self.tallies[p].values_mut() {
                        t.hand = 0;
                    }
                    self.opening[p] = None;
                    self.pending = Some(Pending::Shown {
                        player: p,
                        way: Way::Revealed,
                    });
                }
            }
            Event::CardList { cards } => self.list(cards),
            Event::Shuffle {
                player,
                what: Shuffled::Hand | Shuffled::Cards,
            } => {
                // A hand shuffled is on its way somewhere the next lines may name wrongly (the
                // client can write the other player there): what was known in it is no longer.
                if let Some(p) = p_of(self, player) {
                    for t in self.tallies[p].values_mut() {
                        t.hand = 0;
                    }
                }
            }
            Event::Drew { player, card } => {
                let way = if step.depth == "action" {
                    Way::Drawn
                } else {
                    Way::Searched
                };
                self.card_ref(player, card, From::DECK, Zone::Hand, way);
            }
            Event::DrewAndPlayed { player, card, to } => {
                let zone = if *to == Destination::Hand {
                    Zone::Hand
                } else {
                    Zone::Open
                };
                if let Some(p) = p_of(self, player)
                    && matches!(to, Destination::Active | Destination::Bench)
                    && let CardRef::Named { card } = card
                {
                    self.pokemon(p, &card.name);
                }
                self.card_ref(player, card, From::DECK, zone, Way::Searched);
            }
            Event::PlayToActive { player, card } | Event::PlayToBench { player, card } => {
                if let Some(p) = p_of(self, player) {
                    let from = self.source(step, From::HAND);
                    self.moved(p, &card.name, from, Zone::Open, Way::Benched);
                    self.pokemon(p, &card.name);
                }
            }
            Event::PlayToStadium { player, card } => {
                if let Some(p) = p_of(self, player) {
                    let from = self.source(step, From::HAND);
                    self.moved(p, &card.name, from, Zone::Open, Way::Played);
                }
                self.stadium = Some(card.name.to_string());
            }
            Event::PlayCard { player, card } => self.play_card(step, player, card),
            Event::Attach { player, card, .. } => {
                if let Some(p) = p_of(self, player) {
                    let from = self.source(step, From::HAND);
                    self.moved(p, &card.name, from, Zone::Open, Way::Attached);
                }
            }
            Event::Evolve {
                player, from, to, ..
            } => {
                if let Some(p) = p_of(self, player) {
                    self.mention(p, &from.name, Some(Way::InPlay));
                    self.pokemon(p, &from.name);
                    let source = self.source(step, From::HAND);
                    self.moved(p, &to.name, source, Zone::Open, Way::EvolvedInto);
                    self.pokemon(p, &to.name);
                }
            }
            Event::Retreat { player, card } | Event::Promote { player, card } => {
                if let Some(p) = p_of(self, player) {
                    self.mention(p, &card.name, Some(Way::InPlay));
                    self.pokemon(p, &card.name);
                }
            }
            Event::Use {
                player,
                pokemon,
                name,
            } => {
                if let Some(p) = p_of(self, player) {
                    self.mention(p, &pokemon.name, Some(Way::InPlay));
                    self.pokemon(p, &pokemon.name);
                }
                if step.depth == "action" {
                    self.context = self.cards.move_text(&pokemon.name, name);
                }
            }
            Event::Attack(a) => {
                if let Some(p) = p_of(self, &a.player) {
                    self.mention(p, &a.pokemon.name, Some(Way::InPlay));
                    self.pokemon(p, &a.pokemon.name);
                }
                self.context = self.cards.move_text(&a.pokemon.name, &a.attack);
            }
            Event::Activated { card } => {
                self.context = self.cards.card_text(&card.name);
            }
            Event::Discard { player, card } => {
                let stadium = card
                    .name()
                    .is_some_and(|n| self.stadium.as_deref() == Some(n));
                if stadium {
                    // The Stadium in play, replaced: from the open to the open.
                    self.stadium = None;
                    return;
                }
                let from = self.source(step, From::HAND);
                self.card_ref(player, card, from, Zone::Open, Way::Discarded);
            }
            Event::AddedToHand { player, card } => {
                if let (Some(p), CardRef::Named { card }) = (p_of(self, player), card) {
                    self.prize_cards[p].push(card.name.to_string());
                }
                self.card_ref(player, card, From::PRIZES, Zone::Hand, Way::PrizeCard);
            }
            Event::Move {
                owner, card, to, ..
            } => {
                let zone = match to {
                    Destination::Hand => Some(Zone::Hand),
                    Destination::DeckTop | Destination::DeckBottom | Destination::Deck => {
                        Some(Zone::Deck)
                    }
                    Destination::Prizes => Some(Zone::Prizes),
                    Destination::Discard
                    | Destination::LostZone
                    | Destination::Active
                    | Destination::Bench
                    | Destination::Stadium => Some(Zone::Open),
                    Destination::Unspecified => None,
                };
                let from = From::of_text(self.context.as_deref());
                match zone {
                    Some(z) => self.card_ref(owner, card, from, z, Way::Moved),
                    // Gone where the line does not say: it may have left any zone it was in.
                    None => self.card_ref(owner, card, from, Zone::Deck, Way::Moved),
                }
            }
            Event::ShuffleInto { player, card, .. } | Event::PutInDeck { player, card, .. } => {
                let from = self.source(step, From::ANY);
                self.card_ref(player, card, from, Zone::Deck, Way::ShuffledIntoDeck);
            }
            Event::Reveal { player, card } => {
                if let Some(p) = p_of(self, player) {
                    match card {
                        CardRef::Named { card } => self.shown(p, &[&card.name], Way::Revealed),
                        CardRef::Hidden { .. } => {
                            self.pending = Some(Pending::Shown {
                                player: p,
                                way: Way::Revealed,
                            })
                        }
                    }
                }
            }
            _ => {}
        }
        if step.depth == "action"
            && !matches!(
                step.data,
                Event::Use { .. }
                    | Event::Attack(_)
                    | Event::Activated { .. }
                    | Event::PlayCard { .. }
                    | Event::CardList { .. }
            )
        {
            // A new action: the sub-lines under it are its own.
            if !matches!(step.data, Event::Blank) {
                self.context = None;
            }
        }
    }

    /// `X played Y.`: a Trainer from the hand; a Pokémon named so is an Ability the client
    /// wrote as playing it, and a Stadium in play is being used, not played again.
    fn play_card(&mut self, step: &StepReport, player: &str, card: &CardName) {
        let kind = self.cards.kind(&card.name);
        let Some(p) = self.player(player) else { return };
        let in_play_pokemon = self.tallies[p]
            .get(card.name.as_str())
            .is_some_and(|t| t.pokemon);
        if kind == Kind::Pokemon || (kind == Kind::Unknown && in_play_pokemon) {
            self.mention(p, &card.name, Some(Way::InPlay));
            if step.depth == "action" {
                // Which Ability it was, the line does not say.
                self.context = None;
            }
            return;
        }
        if kind == Kind::Stadium || self.stadium.as_deref() == Some(card.name.as_str()) {
            self.mention(p, &card.name, Some(Way::Played));
        } else {
            let from = self.source(step, From::HAND);
            self.moved(p, &card.name, from, Zone::Open, Way::Played);
        }
        if step.depth == "action" {
            self.context = self.cards.card_text(&card.name);
        }
    }

    /// A line moving a named card, or announcing cards a list then names.
    fn card_ref(&mut self, player: &str, card: &CardRef, from: From, to: Zone, way: Way) {
        let Some(p) = self.player(player) else { return };
        match card {
            CardRef::Named { card } => self.moved(p, &card.name, from, to, way),
            CardRef::Hidden { .. } => {
                self.pending = Some(Pending::Move {
                    player: p,
                    from,
                    to,
                    way,
                })
            }
        }
    }

    fn list(&mut self, cards: &[CardName]) {
        let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
        if let Some(p) = self.opening_for {
            self.opening[p] = Some(names.iter().map(|n| n.to_string()).collect());
        }
        match self.pending {
            Some(Pending::Move {
                player,
                from,
                to,
                way,
            }) => {
                for name in &names {
                    self.moved(player, name, from, to, way);
                }
            }
            Some(Pending::Shown { player, way }) => self.shown(player, &names, way),
            None => {}
        }
        self.pending = None;
        self.opening_for = None;
    }
}

/// The cards each player of `report` showed, grouped, each with its lower bound.
pub fn cards_seen(report: &Report, cards: Cards<'_>) -> Vec<SideCards> {
    let names: Vec<String> = report.players.iter().map(|p| p.name.to_string()).collect();
    let n = names.len();
    let mut fold = Fold {
        cards,
        names,
        tallies: vec![HashMap::default(); n],
        pending: None,
        context: None,
        stadium: None,
        opening: vec![None; n],
        prize_cards: vec![Vec::new(); n],
        opening_for: None,
        exporter: report.players.iter().position(|p| p.exported_log),
        effect_moves: Vec::new(),
        line: 0,
    };
    for step in &report.steps {
        if step.event == "after-game" {
            break;
        }
        fold.step(step);
    }
    let lang = report.language.as_deref();
    let Fold {
        names,
        tallies,
        opening,
        prize_cards,
        ..
    } = fold;
    names
        .into_iter()
        .zip(tallies)
        .zip(opening.into_iter().zip(prize_cards))
        .map(|((player, tally), (opening_hand, prize_cards))| {
            let mut groups: Vec<CardGroup> = Vec::new();
            let mut all: Vec<(String, Tally)> = tally.into_iter().collect();
            all.sort_by(|a, b| (a.1.first_line, &a.0).cmp(&(b.1.first_line, &b.0)));
            for (name, t) in all {
                let mut kind = cards.kind(&name);
                if kind == Kind::Unknown && t.pokemon {
                    kind = Kind::Pokemon;
                }
                let mut ways = t.ways.clone();
                ways.sort();
                let card = SeenCard {
                    local_name: lang.and_then(|l| cards.local_name(&name, l)),
                    any_number: cards.any_number_allowed(&name),
                    name,
                    kind,
                    at_least: t.best.max(1),
                    ways,
                    lines: t.lines,
                };
                let group = kind.group();
                match groups.iter_mut().find(|g| g.group == group) {
                    Some(g) => {
                        g.at_least += card.at_least;
                        g.cards.push(card);
                    }
                    None => groups.push(CardGroup {
                        group,
                        at_least: card.at_least,
                        cards: vec![card],
                    }),
                }
            }
            groups.sort_by_key(|g| g.group);
            SideCards {
                player,
                groups,
                opening_hand,
                prize_cards,
            }
        })
        .collect()
}
