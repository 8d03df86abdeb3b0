//! The rule editions the seeds describe. Where they differ, the engine asks the edition.

use serde::Serialize;
use std::str::FromStr;

/// An edition of the rules. The default is the current one, Scarlet & Violet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub enum RuleEdition {
    /// Scarlet & Violet rulebook (current).
    #[default]
    #[serde(rename = "sv")]
    ScarletViolet,
    /// Sword & Shield rulebook.
    #[serde(rename = "swsh")]
    SwordShield,
    /// HeartGold & SoulSilver rulebook.
    #[serde(rename = "hgss")]
    HeartGoldSoulSilver,
    /// Advanced Players' Rulebook 2.2 (2018).
    #[serde(rename = "apr-2018")]
    Apr2018,
    /// The early basic rules.
    #[serde(rename = "classic")]
    Classic,
}

impl RuleEdition {
    pub const ALL: [RuleEdition; 5] = [
        RuleEdition::ScarletViolet,
        RuleEdition::SwordShield,
        RuleEdition::HeartGoldSoulSilver,
        RuleEdition::Apr2018,
        RuleEdition::Classic,
    ];

    /// The short name used on the command line and in the report.
    pub fn id(self) -> &'static str {
        match self {
            RuleEdition::ScarletViolet => "sv",
            RuleEdition::SwordShield => "swsh",
            RuleEdition::HeartGoldSoulSilver => "hgss",
            RuleEdition::Apr2018 => "apr-2018",
            RuleEdition::Classic => "classic",
        }
    }

    /// The seed document the edition comes from.
    pub fn title(self) -> &'static str {
        match self {
            RuleEdition::ScarletViolet => "Scarlet & Violet rulebook",
            RuleEdition::SwordShield => "Sword & Shield rulebook",
            RuleEdition::HeartGoldSoulSilver => "HeartGold & SoulSilver rulebook",
            RuleEdition::Apr2018 => "Advanced Players' Rulebook 2.2 (2018)",
            RuleEdition::Classic => "Basic rules (classic)",
        }
    }
}

impl FromStr for RuleEdition {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RuleEdition::ALL
            .into_iter()
            .find(|e| e.id() == s)
            .ok_or_else(|| {
                let ids: Vec<_> = RuleEdition::ALL.iter().map(|e| e.id()).collect();
                sentence!(
                    "unknown rule edition {s:?}; expected one of {}",
                    ids.join(", ")
                )
            })
    }
}
