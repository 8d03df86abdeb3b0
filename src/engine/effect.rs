//! Reading a card's effect text for the one thing the state tracker needs from it: where the
//! cards its sub-lines move come from. When the text does not say, the tracker stops claiming
//! exact hand and deck sizes instead of guessing.

/// A zone cards can come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    Hand,
    Deck,
    Discard,
    InPlay,
    Prizes,
}

/// What an effect's text says about the zones it uses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EffectText {
    pub text: String,
}

impl EffectText {
    pub fn new(text: impl Into<String>) -> EffectText {
        EffectText { text: text.into() }
    }

    fn lower(&self) -> String {
        self.text.to_lowercase()
    }

    /// The effect involves the opponent's hand or deck, or every player's: sub-lines naming one
    /// player may be about the other (the client writes the acting player's name on them).
    pub fn touches_both_players(&self) -> bool {
        let t = self.lower();
        (t.contains("each player")
            || t.contains("your opponent shuffles")
            || t.contains("your opponent draws"))
            && (t.contains("hand") || t.contains("draw") || t.contains("deck"))
    }

    /// The one zone the text takes cards from, when it names exactly one.
    pub fn source_zone(&self) -> Option<Zone> {
        let t = self.lower();
        let mut zones = Vec::new();
        let has = |phrases: &[&str]| phrases.iter().any(|p| t.contains(p));
        if has(&[
            "from your hand",
            "in your hand",
            "your hand into your deck",
            "cards from your hand",
        ]) {
            zones.push(Zone::Hand);
        }
        if has(&[
            "from your deck",
            "of your deck",
            "search your deck",
            "your deck for",
            "from the top of your deck",
        ]) {
            zones.push(Zone::Deck);
        }
        if has(&[
            "from your discard pile",
            "in your discard pile",
            "your discard pile into",
        ]) {
            zones.push(Zone::Discard);
        }
        if zones.len() == 1 { zones.pop() } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_source_zones() {
        assert_eq!(
            EffectText::new("Once during your turn, you may attach a Basic Grass Energy card from your hand to this Pokémon.")
                .source_zone(),
            Some(Zone::Hand)
        );
        assert_eq!(
            EffectText::new(
                "Search your deck for up to 2 Basic Pokémon and put them onto your Bench."
            )
            .source_zone(),
            Some(Zone::Deck)
        );
        assert_eq!(
            EffectText::new("Put up to 5 Pokémon from your discard pile into your deck.")
                .source_zone(),
            Some(Zone::Discard)
        );
        assert_eq!(
            EffectText::new("Discard a card from your hand. Then search your deck for a card.")
                .source_zone(),
            None,
            "two zones named: no single source"
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
