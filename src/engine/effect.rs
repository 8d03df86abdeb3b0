//! Reading a card's effect text for the one thing the state tracker needs from it: where the
//! cards its sub-lines move come from. When the text does not say, the tracker stops claiming
//! exact hand and deck sizes instead of guessing.

use std::sync::OnceLock;

/// A zone cards can come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    Hand,
    Deck,
    Discard,
    InPlay,
}

/// What a sub-line does with the cards it moves; the sentence of the effect text that uses this
/// verb tells where they come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Discard,
    Attach,
    Evolve,
    ShuffleIntoDeck,
    PutOnDeck,
    PutOntoBench,
    /// Any other use: the whole text decides.
    Other,
}

impl Verb {
    /// Words that mark a sentence as using this verb.
    fn words(self) -> &'static [&'static str] {
        match self {
            Verb::Discard => &["discard "],
            Verb::Attach => &["attach"],
            Verb::Evolve => &["evolve"],
            Verb::ShuffleIntoDeck => &["into your deck", "into their deck"],
            Verb::PutOnDeck => &["of your deck", "of their deck"],
            Verb::PutOntoBench => &["bench"],
            Verb::Other => &[],
        }
    }

    /// The destination phrases of the verb, removed before looking for the source zone.
    fn destinations(self) -> &'static [&'static str] {
        match self {
            Verb::ShuffleIntoDeck => &["into your deck", "into their deck"],
            Verb::PutOnDeck => &[
                "on top of your deck",
                "on the bottom of your deck",
                "on top of their deck",
                "on the bottom of their deck",
            ],
            Verb::PutOntoBench => &["onto your bench", "onto their bench"],
            _ => &[],
        }
    }
}

/// An effect's text (rules of a Trainer, text of an attack or Ability).
#[derive(Debug, Clone, Default)]
pub struct EffectText {
    pub text: String,
    /// The text in lower case, and the answer of [`EffectText::zone_for`] per verb, made on
    /// first use (the same effect is asked about on each of its sub-lines).
    lower: OnceLock<String>,
    zones: [OnceLock<Option<Zone>>; 7],
    /// The answer of [`EffectText::touches_both_players`] (asked on each draw sub-line).
    both_players: OnceLock<bool>,
}

/// The zones a piece of text names as sources. Cards come from play only for some verbs (an
/// Energy moved from a Pokémon, a Pokémon shuffled into the deck with its cards).
fn zones_named(t: &str, verb: Verb) -> Vec<Zone> {
    let mut zones = Vec::new();
    let has = |phrases: &[&str]| phrases.iter().any(|p| t.contains(p));
    if has(&["your hand", "their hand"]) {
        zones.push(Zone::Hand);
    }
    if has(&["your deck", "their deck"]) {
        zones.push(Zone::Deck);
    }
    if has(&["discard pile"]) {
        zones.push(Zone::Discard);
    }
    let from_play = matches!(verb, Verb::Attach | Verb::ShuffleIntoDeck | Verb::Other);
    if from_play
        && has(&[
            "from that pokémon",
            "from this pokémon",
            "from 1 of your pokémon",
            "from your benched pokémon",
            "from 1 of your benched",
            "this pokémon and all attached cards",
            "shuffle it and all attached cards",
            "shuffle this pokémon and all attached cards",
        ])
    {
        zones.push(Zone::InPlay);
    }
    zones
}

/// Two effect texts are equal when their texts are (the caches do not count).
impl PartialEq for EffectText {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for EffectText {}

impl EffectText {
    pub fn new(text: impl Into<String>) -> EffectText {
        EffectText {
            text: text.into(),
            ..EffectText::default()
        }
    }

    /// The text in lower case (made once).
    pub fn lower(&self) -> &str {
        self.lower
            .get_or_init(|| crate::cards::lower_case(&self.text))
    }

    /// The effect involves the opponent's hand or deck, or every player's: sub-lines naming one
    /// player may be about the other (the client writes the acting player's name on them).
    pub fn touches_both_players(&self) -> bool {
        *self.both_players.get_or_init(|| self.find_both_players())
    }

    fn find_both_players(&self) -> bool {
        // "Once during each player's turn, … they may draw 2 cards" is about the player whose
        // turn it is, not both.
        let t = self
            .lower()
            .replace("during each player's turn", "during a turn");
        (t.contains("each player")
            || t.contains("your opponent shuffles")
            || t.contains("your opponent draws"))
            && (t.contains("hand") || t.contains("draw") || t.contains("deck"))
    }

    /// "Each player shuffles their hand into their deck": both hands are empty after it.
    pub fn empties_both_hands(&self) -> bool {
        self.lower()
            .contains("each player shuffles their hand into their deck")
    }

    /// "You draw 5 cards, and your opponent draws 3 cards": how many each player draws, the
    /// user's number first.
    pub fn draws_of_each(&self) -> Option<(i32, i32)> {
        let t = self.lower();
        let after = |phrase: &str| -> Option<i32> {
            let i = t.find(phrase)? + phrase.len();
            let word = t[i..].split(' ').next()?;
            crate::cards::effects::exact::number(word)
        };
        Some((after("you draw ")?, after("your opponent draws ")?))
    }

    /// Where the cards a sub-line `verb`s come from: the one zone named in the sentences that
    /// use the verb (destination phrases aside), else the one zone the whole text names.
    pub fn zone_for(&self, verb: Verb) -> Option<Zone> {
        *self.zones[verb as usize].get_or_init(|| self.find_zone(verb))
    }

    fn find_zone(&self, verb: Verb) -> Option<Zone> {
        let t = self.lower();
        let mut zones: Vec<Zone> = Vec::new();
        let mut found_sentence = false;
        // Parenthesised remarks are sentences of their own.
        let t = t
            .replace(".) ", ". ")
            .replace(" (", ". ")
            .replace(".\n", ". ");
        let mut prev = "";
        for sentence in t.split(". ") {
            let before = prev;
            prev = sentence;
            let uses = verb.words().iter().any(|w| {
                sentence.match_indices(w).any(|(i, _)| {
                    !(verb == Verb::Discard && sentence[i + w.len()..].starts_with("pile"))
                })
            });
            if !uses {
                continue;
            }
            found_sentence = true;
            let mut s = sentence.to_string();
            for d in verb.destinations() {
                s = s.replace(d, " ");
            }
            if verb == Verb::ShuffleIntoDeck && s.contains("shuffle your hand") {
                zones.push(Zone::Hand);
                continue;
            }
            // "Discard your hand and search your deck for …": what is discarded is the hand.
            if verb == Verb::Discard
                && [
                    "discard your hand",
                    "discards their hand",
                    "discard their hand",
                ]
                .iter()
                .any(|w| s.contains(w))
            {
                zones.push(Zone::Hand);
                continue;
            }
            let mut named = zones_named(&s, verb);
            // "Then, shuffle those cards into your deck", "Attach the other to 1 of your
            // Pokémon": the cards of the sentence before, where they came from (not where some
            // of them went: "put 1 of them into your hand").
            if named.is_empty()
                && (s.contains("those cards") || s.contains("those energy") || s.contains(" them "))
            {
                named = zones_named(before, verb);
            } else if named.is_empty() && s.contains("the other ") {
                let mut source = before.to_string();
                for d in ["into your hand", "into their hand"] {
                    source = source.replace(d, " ");
                }
                named = zones_named(&source, verb);
            }
            for z in named {
                if !zones.contains(&z) {
                    zones.push(z);
                }
            }
        }
        if !found_sentence {
            zones = zones_named(&t, verb);
        }
        if zones.len() == 1 { zones.pop() } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Attach the other": one of the cards the sentence before searched the deck for, not
    /// the one it put into the hand.
    #[test]
    fn the_other_card_comes_from_where_the_sentence_before_found_it() {
        let crispin = EffectText::new(
            "Search your deck for up to 2 Basic Energy cards of different types, reveal them, and put 1 of them into your hand. Attach the other to 1 of your Pokémon. Then, shuffle your deck.",
        );
        assert_eq!(crispin.zone_for(Verb::Attach), Some(Zone::Deck));
        // A sentence before that names no zone but the hand they went to: not a reading.
        let vague = EffectText::new(
            "Put 2 Basic Energy cards into your hand. Attach the other to 1 of your Pokémon.",
        );
        assert_eq!(vague.zone_for(Verb::Attach), None);
    }

    #[test]
    fn zones_by_verb_sentence() {
        let old_ultra_ball = EffectText::new(
            "Discard 2 cards from your hand. (If you can't discard 2 cards, you can't play this card.) Search your deck for a Pokémon.",
        );
        assert_eq!(old_ultra_ball.zone_for(Verb::Discard), Some(Zone::Hand));
        let ultra_ball = EffectText::new(
            "You can use this card only if you discard 2 other cards from your hand. Search your deck for a Pokémon, reveal it, and put it into your hand. Then, shuffle your deck.",
        );
        assert_eq!(ultra_ball.zone_for(Verb::Discard), Some(Zone::Hand));
        let research = EffectText::new("Discard your hand and draw 7 cards.");
        assert_eq!(research.zone_for(Verb::Discard), Some(Zone::Hand));
        let mill =
            EffectText::new("Discard the top card of your deck. This attack does 30 damage.");
        assert_eq!(mill.zone_for(Verb::Discard), Some(Zone::Deck));
        let teal_dance = EffectText::new(
            "Once during your turn, you may attach a Basic Grass Energy card from your hand to this Pokémon. If you attached Energy to a Pokémon in this way, draw a card.",
        );
        assert_eq!(teal_dance.zone_for(Verb::Attach), Some(Zone::Hand));
        let lillie = EffectText::new("Shuffle your hand into your deck. Then, draw 6 cards.");
        assert_eq!(lillie.zone_for(Verb::ShuffleIntoDeck), Some(Zone::Hand));
        let sacred_ash =
            EffectText::new("Shuffle up to 5 Pokémon from your discard pile into your deck.");
        assert_eq!(
            sacred_ash.zone_for(Verb::ShuffleIntoDeck),
            Some(Zone::Discard)
        );
        let rare_candy = EffectText::new(
            "Choose 1 of your Basic Pokémon in play. If you have a Stage 2 card in your hand that evolves from that Pokémon, put that card onto the Basic Pokémon to evolve it, skipping the Stage 1.",
        );
        assert_eq!(rare_candy.zone_for(Verb::Evolve), Some(Zone::Hand));
        let grand_tree = EffectText::new(
            "Once during each player's turn, that player may search their deck for a Stage 1 Pokémon that evolves from 1 of their Basic Pokémon and put it onto that Pokémon to evolve it.",
        );
        assert_eq!(grand_tree.zone_for(Verb::Evolve), Some(Zone::Deck));
        let crispin = EffectText::new(
            "Search your deck for up to 2 Basic Energy cards of different types, reveal them, and put 1 of them into your hand. Attach the other to 1 of your Pokémon.",
        );
        assert_eq!(
            crispin.zone_for(Verb::Attach),
            Some(Zone::Deck),
            "no zone in the attach sentence: the other of the cards found in the deck"
        );
    }

    #[test]
    fn effects_on_both_players() {
        assert!(
            EffectText::new(
                "Each player shuffles their hand and puts it on the bottom of their deck."
            )
            .touches_both_players()
        );
        assert!(!EffectText::new("Draw 3 cards.").touches_both_players());
    }
}
