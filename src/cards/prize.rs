//! Prize value: how many Prize cards the opponent takes when a Pokémon is Knocked Out.

use std::fmt;

use serde::Serialize;

use super::model::{Card, Subtype};

/// The number of Prize cards a Knock Out of this card gives, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeValue {
    /// Prize cards the opponent takes (0 for non-Pokémon).
    pub prizes: u8,
    /// Where the number comes from.
    pub source: PrizeSource,
}

/// Where a [`PrizeValue`] comes from, so a verdict can explain it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum PrizeSource {
    /// A rule-box text states the number, e.g. "Mega Evolution ex Rule: ... takes 3 Prize
    /// cards." `rule` is the rule's label ("Mega Evolution ex Rule") or "Rule box" when the
    /// text has no label.
    RuleText {
        /// The rule's label.
        rule: String,
    },
    /// No rule text states it; derived from this subtype (e.g. "VMAX", "ex").
    Subtype(&'static str),
    /// An ordinary Pokémon (no multi-Prize subtype): 1 Prize card.
    Default,
    /// Not a Pokémon card: no Prize value (0).
    NotPokemon,
}

impl fmt::Display for PrizeValue {
    /// E.g. "Mega Evolution ex Rule: 3 Prize cards", "VMAX: 3 Prize cards", "1 Prize card".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = if self.prizes == 1 { "" } else { "s" };
        match &self.source {
            PrizeSource::RuleText { rule } => {
                write!(f, "{rule}: {} Prize card{plural}", self.prizes)
            }
            PrizeSource::Subtype(s) => write!(f, "{s}: {} Prize card{plural}", self.prizes),
            PrizeSource::Default => write!(f, "{} Prize card{plural}", self.prizes),
            PrizeSource::NotPokemon => f.write_str("not a Pokémon: no Prize cards"),
        }
    }
}

/// Read "takes N Prize card(s)" / "takes N more Prize card(s)" from a Knock Out rule text.
/// "N more" means N on top of the usual 1. Returns `None` when the text states no number.
pub fn prizes_from_rule_text(text: &str) -> Option<u8> {
    if !text.contains("Knocked Out") && !text.contains("knocked out") {
        return None;
    }
    let mut rest = text;
    while let Some(pos) = rest.find("takes ") {
        rest = &rest[pos + "takes ".len()..];
        let word_end = rest.find(' ').unwrap_or(rest.len());
        let word = &rest[..word_end];
        let n: Option<u8> = match word {
            "one" => Some(1),
            "two" => Some(2),
            "three" => Some(3),
            "four" => Some(4),
            w => w.parse().ok(),
        };
        let after = &rest[word_end..];
        if let Some(n) = n {
            if after.starts_with(" Prize card") {
                return Some(n);
            }
            if after.starts_with(" more Prize card") {
                return Some(n.saturating_add(1));
            }
        }
    }
    None
}

/// The label of a rule text: the part before ": " when it names a rule
/// ("VMAX rule: When ..." -> "VMAX rule"), else "Rule box".
fn rule_label(text: &str) -> String {
    match text.split_once(": ") {
        Some((label, _)) if label.len() <= 40 && label.to_lowercase().contains("rule") => {
            label.to_string()
        }
        _ => "Rule box".to_string(),
    }
}

impl Card {
    /// Prize cards the opponent takes when this Pokémon is Knocked Out (0 for non-Pokémon).
    /// See [`Card::prize`] for the reason.
    pub fn prize_value(&self) -> u8 {
        self.prize().prizes
    }

    /// Prize value with its source: first a rule text stating the number (e.g. the
    /// Mega Evolution ex rule, 3), otherwise the subtypes: 3 for VMAX, TAG TEAM, V-UNION and
    /// MEGA ex; 2 for ex, EX, GX, V, VSTAR (and XY "M ...-EX", which are EX); 1 otherwise
    /// (including Radiant, Prism Star, BREAK, LV.X and non-ex Tera). A Pokémon LEGEND gives 2
    /// only when it prints so (HeartGold & SoulSilver rulebook, Appendix A: Ho-Oh LEGEND and
    /// Lugia LEGEND do not), which the rule text above reads.
    pub fn prize(&self) -> PrizeValue {
        if !self.is_pokemon() {
            return PrizeValue {
                prizes: 0,
                source: PrizeSource::NotPokemon,
            };
        }
        for rule in &self.rules {
            if let Some(prizes) = prizes_from_rule_text(rule) {
                return PrizeValue {
                    prizes,
                    source: PrizeSource::RuleText {
                        rule: rule_label(rule),
                    },
                };
            }
        }
        let has = |s: Subtype| self.has_subtype(&s);
        let by_subtype: &[(Subtype, &'static str, u8)] = &[
            (Subtype::VMAX, "VMAX", 3),
            (Subtype::TagTeam, "TAG TEAM", 3),
            (Subtype::VUnion, "V-UNION", 3),
            (Subtype::VSTAR, "VSTAR", 2),
            (Subtype::V, "V", 2),
            (Subtype::GX, "GX", 2),
            (Subtype::EX, "EX", 2),
        ];
        if has(Subtype::Mega) && has(Subtype::Ex) {
            return PrizeValue {
                prizes: 3,
                source: PrizeSource::Subtype("Mega Evolution ex"),
            };
        }
        for (sub, label, prizes) in by_subtype {
            if has(sub.clone()) {
                return PrizeValue {
                    prizes: *prizes,
                    source: PrizeSource::Subtype(label),
                };
            }
        }
        if has(Subtype::Ex) {
            return PrizeValue {
                prizes: 2,
                source: PrizeSource::Subtype("ex"),
            };
        }
        PrizeValue {
            prizes: 1,
            source: PrizeSource::Default,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::test_support::{card, pokemon};

    #[test]
    fn rule_text_numbers() {
        assert_eq!(
            prizes_from_rule_text(
                "Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."
            ),
            Some(3)
        );
        assert_eq!(
            prizes_from_rule_text(
                "When Pokémon-ex has been knocked out, your opponent takes 2 Prize cards."
            ),
            Some(2)
        );
        assert_eq!(
            prizes_from_rule_text(
                "When this Pokémon is Knocked Out, your opponent takes 1 more Prize card."
            ),
            Some(2)
        );
        assert_eq!(
            prizes_from_rule_text(
                "When this Pokémon is Knocked Out, your opponent takes two Prize cards."
            ),
            Some(2)
        );
        assert_eq!(
            prizes_from_rule_text(
                "Tera: As long as this Pokémon is on your Bench, prevent all damage."
            ),
            None
        );
        assert_eq!(
            prizes_from_rule_text("Your opponent takes 3 Prize cards."),
            None
        );
        assert_eq!(
            prizes_from_rule_text("When Knocked Out, your opponent takes many Prize cards."),
            None
        );
    }

    #[test]
    fn from_rule_box() {
        let c = pokemon(
            "me1-104",
            "Mega Kangaskhan ex",
            &["Basic", "MEGA", "ex"],
            &[
                "Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards.",
            ],
        );
        let p = c.prize();
        assert_eq!(p.prizes, 3);
        assert_eq!(
            p.source,
            PrizeSource::RuleText {
                rule: "Mega Evolution ex Rule".into()
            }
        );
        assert_eq!(p.to_string(), "Mega Evolution ex Rule: 3 Prize cards");
        assert_eq!(c.prize_value(), 3);

        let legend = pokemon(
            "hgss2-90",
            "Entei & Raikou LEGEND",
            &["LEGEND"],
            &["When this Pokémon has been Knocked Out, your opponent takes 2 Prize cards."],
        );
        assert_eq!(legend.prize().to_string(), "Rule box: 2 Prize cards");
    }

    #[test]
    fn from_subtypes_when_no_rule_text() {
        let cases: &[(&[&str], u8)] = &[
            (&["VMAX"], 3),
            (&["Basic", "TAG TEAM", "GX"], 3),
            (&["V-UNION"], 3),
            (&["Basic", "MEGA", "ex"], 3),
            (&["Basic", "V"], 2),
            (&["VSTAR"], 2),
            (&["Stage 1", "GX"], 2),
            (&["Basic", "EX"], 2),
            (&["MEGA", "EX"], 2),
            (&["Stage 2", "Tera", "ex"], 2),
            // A LEGEND without the printed 2-Prize rule (Ho-Oh LEGEND, Lugia LEGEND).
            (&["LEGEND"], 1),
            (&["Basic"], 1),
            (&["Basic", "Radiant"], 1),
            (&["Basic", "Prism Star"], 1),
            (&["BREAK"], 1),
            (&["Level-Up"], 1),
            (&["Basic", "Tera"], 1),
            (&["Basic", "Something New"], 1),
        ];
        for (subtypes, want) in cases {
            let c = pokemon("x-1", "X", subtypes, &[]);
            assert_eq!(c.prize_value(), *want, "{subtypes:?}");
        }
        let vmax = pokemon("x-1", "X", &["VMAX"], &[]);
        assert_eq!(vmax.prize().source, PrizeSource::Subtype("VMAX"));
        assert_eq!(vmax.prize().to_string(), "VMAX: 3 Prize cards");
        assert_eq!(
            pokemon("x-1", "X", &["Basic"], &[]).prize().to_string(),
            "1 Prize card"
        );
    }

    #[test]
    fn non_pokemon_is_zero() {
        let t = card(
            r#"{"id":"sv1-172","name":"Boss's Orders","supertype":"Trainer","subtypes":["Supporter"]}"#,
        );
        assert_eq!(t.prize_value(), 0);
        assert_eq!(t.prize().source, PrizeSource::NotPokemon);
    }
}
