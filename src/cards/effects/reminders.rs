//! Standard reminder text and rule boxes: sentences printed on many cards that restate the
//! rulebook and change no fact. They are dropped before the fact rules read a text.
//!
//! The families (found by grouping every rules, Ability and attack sentence of the
//! pokemon-tcg-data set and counting them):
//! - Trainer kinds: "You may play only 1 Supporter card during your turn", "You can play only
//!   one Supporter card each turn", "When you play this card, put it next to your Active
//!   Pokémon", "When your turn ends, discard this card", "You may play as many / any number of
//!   Item cards …", the Stadium sentences ("This card stays in play …", "Discard this card if
//!   another Stadium …", "… same name …", "You may play only 1 Stadium card …", "Put it next
//!   to / into the Active Spot …"), the Pokémon Tool sentences ("Attach a Pokémon Tool to 1 of
//!   your Pokémon that doesn't already have …", "You may attach any number of Pokémon Tools …",
//!   "You may attach only 1 Pokémon Tool to each Pokémon …").
//! - Rule boxes whose Prize value the card kind already gives (`cards::prize`): "Pokémon ex
//!   rule", "V rule", "VMAX rule", "VSTAR rule", "V-UNION rule", "Pokémon-GX rule",
//!   "Pokémon-EX rule", "TAG TEAM rule", "Mega Evolution ex Rule", the old "When Pokémon-ex has
//!   been Knocked Out …" and the LEGEND "When this Pokémon has been Knocked Out, your opponent
//!   takes 2 Prize cards"; "Mega Evolution rule" / "Primal Reversion rule" (the turn ends).
//! - Deck-building rules: ACE SPEC, Radiant, Prism Star (◇, including "put it in the Lost Zone
//!   instead"), Pokémon Star, Shining, Unown "up to 4", "as many of this card as you like",
//!   "cannot be used at official tournaments".
//! - The Baby Pokémon rule (the opponent flips before attacking; a restriction).
//! - "This Pokémon is both X Y type." (the data already lists both types).
//! - Parenthesised reminders: the VSTAR Power and GX attack once-per-game reminders, "Don't
//!   apply Weakness and Resistance for Benched Pokémon", "Doesn't count as a basic Energy card",
//!   "Has no effect other than providing Energy", "Pokémon ex, Pokémon V, etc. have Rule
//!   Boxes", "You still need the necessary Energy to use this attack".
//!
//! Inline reminders inside a sentence ("(before applying Weakness and Resistance)", "(after
//! applying Weakness and Resistance)") are cut out by [`strip_inline`], so the words
//! "Weakness" and "Resistance" in them are not read as an effect.

use super::text::has;

/// Sentences (normalised, lower case) that start with one of these are reminders.
const PREFIXES: &[&str] = &[
    // Supporter
    "you may play only 1 supporter card",
    "you can play only one supporter card",
    "you can play only 1 supporter card",
    "when you play this card, put it next to your active pokemon",
    "when your turn ends, discard this card",
    // Item
    "you may play as many item cards",
    "you may play any number of item cards",
    // Stadium
    "this card stays in play",
    "this stadium stays in play",
    "discard this card if another stadium",
    "discard it if another stadium",
    "if another card with the same name is in play, you can't play this card",
    "if a stadium with the same name is in play, you can't play this card",
    "a stadium with the same name can't be played",
    "you may play only 1 stadium card",
    "put it next to the active spot, and discard it if another stadium",
    "put it into the active spot, and discard it if another stadium",
    // Pokémon Tool
    "attach a pokemon tool to 1 of your pokemon that doesn't already have",
    "you may attach any number of pokemon tools",
    "you may attach only 1 pokemon tool to each pokemon",
    // Deck-building rules
    "ace spec: you can't have more than",
    "you can't have more than 1 ace spec",
    "radiant pokemon rule",
    "◇ (prism star)",
    "rule: you can't have more than 1 ◇",
    "if a ◇ card would go to the discard pile",
    "you can't have more than 1 pokemon star",
    "you can't have more than 1 shining",
    "you may have up to 4 basic pokemon cards in your deck with unown",
    "you may have as many of this card in your deck",
    "(this card cannot be used at official tournaments",
    // Mega Evolution / Primal Reversion: the turn ends (no fact the checks use).
    "mega evolution rule:",
    "primal reversion rule:",
    // Baby Pokémon rule (a restriction on the opponent's attack).
    "if your active pokemon is a baby pokemon and your opponent",
    "if this baby pokemon is your active pokemon and your opponent",
    // Parenthesised reminders.
    "(you can't use more than 1 vstar power in a game",
    "(you can't use more than 1 gx attack in a game",
    "(don't apply weakness and resistance for benched pokemon",
    "(don't apply weakness or resistance for benched pokemon",
    "(doesn't count as a basic energy",
    "(has no effect other than providing energy",
    "(pokemon ex, pokemon v, etc. have rule boxes",
    "(pokemon v, pokemon-gx, etc. have rule boxes",
    "(you still need the necessary energy",
    "(any other effects of attacks still happen",
    "(any other effects that would happen after applying weakness and resistance still happen",
    "(do the damage before switching",
    // An Ability's or Trainer's own attachment or card is not the turn's manual one.
    "(this doesn't use up your 1 energy card attachment",
    "(this effect doesn't use up your supporter card",
];

/// Is this normalised sentence a reminder or a rule box that changes no fact?
pub(crate) fn is_reminder(s: &str) -> bool {
    let Some(&first) = s.as_bytes().first() else {
        return false;
    };
    if PREFIXES
        .iter()
        .any(|p| p.as_bytes()[0] == first && s.starts_with(p))
    {
        return true;
    }
    // Prize rule boxes: "<kind> rule: when your <kind> is knocked out, your opponent takes 2
    // prize cards." and the older "when pokemon-ex has been knocked out, …".
    if has(s, "knocked out, your opponent takes")
        && has(s, "prize card")
        && (has(s, " rule:")
            || s.starts_with("when pokemon-ex has been")
            || s.starts_with("when a pokemon-ex has been")
            || s.starts_with("when this pokemon has been knocked out"))
    {
        return true;
    }
    // "This Pokémon is both Lightning Metal type." (printed dual type, in the data's types).
    if s.starts_with("this pokemon is both ") && s.ends_with(" type.") && !s.contains(',') {
        return true;
    }
    false
}

/// Inline reminders cut out of a sentence before it is read.
const INLINE: &[&str] = &[
    "(before applying weakness and resistance)",
    "(after applying weakness and resistance)",
    "(you can't use more than 1 vstar power in a game.)",
    "(you can't use more than 1 gx attack in a game.)",
    "(don't apply weakness and resistance for benched pokemon.)",
    "(after doing damage)",
    "(don't apply weakness and resistance.)",
    "(don't apply weakness or resistance.)",
];

/// The sentence without its inline reminders.
pub(crate) fn strip_inline(s: &str) -> std::borrow::Cow<'_, str> {
    let mut out: Option<String> = None;
    let mut from = 0;
    while let Some(i) = memchr::memchr(b'(', &s.as_bytes()[from..]) {
        let at = from + i;
        from = at + 1;
        let found = INLINE
            .iter()
            .map(|r| r.trim_start())
            .find(|r| s[at..].starts_with(r));
        if let Some(r) = found {
            let o = out.get_or_insert_with(|| s.to_string());
            // Cut it from the copy (and one space before it, if any).
            if let Some(j) = o.find(r) {
                let start = if o[..j].ends_with(' ') { j - 1 } else { j };
                o.replace_range(start..j + r.len(), "");
            }
        }
    }
    match out {
        Some(o) => std::borrow::Cow::Owned(o),
        None => std::borrow::Cow::Borrowed(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_are_recognised() {
        for s in [
            "you may play only 1 supporter card during your turn.",
            "you may play only 1 supporter card during your turn (before your attack).",
            "you may play any number of item cards during your turn.",
            "this card stays in play when you play it.",
            "discard this card if another stadium card comes into play.",
            "if another card with the same name is in play, you can't play this card.",
            "you may attach any number of pokemon tools to your pokemon during your turn.",
            "you may attach only 1 pokemon tool to each pokemon, and it stays attached.",
            "pokemon ex rule: when your pokemon ex is knocked out, your opponent takes 2 prize cards.",
            "v rule: when your pokemon v is knocked out, your opponent takes 2 prize cards.",
            "vmax rule: when your pokemon vmax is knocked out, your opponent takes 3 prize cards.",
            "pokemon-ex rule: when a pokemon-ex has been knocked out, your opponent takes 2 prize cards.",
            "when pokemon-ex has been knocked out, your opponent takes 2 prize cards.",
            "tag team rule: when your tag team is knocked out, your opponent takes 3 prize cards.",
            "(you can't use more than 1 vstar power in a game.)",
            "(you can't use more than 1 gx attack in a game.)",
            "(don't apply weakness and resistance for benched pokemon.)",
            "ace spec: you can't have more than 1 ace spec card in your deck.",
            "radiant pokemon rule: you can't have more than 1 radiant pokemon in your deck.",
            "this pokemon is both lightning metal type.",
            "(this doesn't use up your 1 energy card attachment for the turn.)",
            "(this effect doesn't use up your supporter card for the turn.)",
        ] {
            assert!(is_reminder(s), "{s}");
        }
        for s in [
            "tera: as long as this pokemon is on your bench, prevent all damage done to this pokemon by attacks (both yours and your opponent's).",
            "if you go first, you may use this card during your first turn.",
            "each player can have 8 pokemon on their bench.",
            "if the pokemon this card is attached to is knocked out by damage from an attack from your opponent's pokemon, your opponent takes 1 fewer prize card.",
        ] {
            assert!(!is_reminder(s), "{s}");
        }
    }

    #[test]
    fn inline_reminders_are_cut() {
        assert_eq!(
            strip_inline(
                "this pokemon takes 30 less damage from attacks (after applying weakness and resistance)."
            ),
            "this pokemon takes 30 less damage from attacks."
        );
    }
}
