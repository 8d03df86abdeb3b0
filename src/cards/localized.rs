//! A card's names and texts in the languages other than English that the card data gives
//! (TCGdex: de, es, es-mx, fr, it, pt, and a few more for some cards). The English model
//! ([`super::Card`]) is unchanged; this is what a log written in another language is read
//! against.

use std::fmt;
use std::str::FromStr;

use super::model::UnknownValue;

macro_rules! languages {
    ($($(#[$doc:meta])* $var:ident => $code:literal,)*) => {
        /// A language of the card data other than English, by its TCGdex code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Lang {
            $($(#[$doc])* $var,)*
        }

        impl Lang {
            /// Every language, in declaration order.
            pub const ALL: &'static [Lang] = &[$(Lang::$var,)*];

            /// The data's code, e.g. `"es-mx"`.
            pub fn code(self) -> &'static str {
                match self {
                    $(Lang::$var => $code,)*
                }
            }
        }

        impl FromStr for Lang {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($code => Ok(Lang::$var),)*
                    other => Err(UnknownValue(other.to_string())),
                }
            }
        }
    };
}

languages! {
    /// German.
    De => "de",
    /// Spanish (Spain).
    Es => "es",
    /// Spanish (Latin America).
    EsMx => "es-mx",
    /// French.
    Fr => "fr",
    /// Italian.
    It => "it",
    /// Portuguese.
    Pt => "pt",
    /// Portuguese (Brazil).
    PtBr => "pt-br",
    /// Portuguese (Portugal).
    PtPt => "pt-pt",
    /// Dutch.
    Nl => "nl",
    /// Polish.
    Pl => "pl",
    /// Russian.
    Ru => "ru",
    /// Japanese.
    Ja => "ja",
    /// Korean.
    Ko => "ko",
    /// Chinese (Taiwan).
    ZhTw => "zh-tw",
    /// Indonesian.
    Id => "id",
    /// Thai.
    Th => "th",
    /// Chinese (China).
    ZhCn => "zh-cn",
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// One text in several languages (no English: that is in the card itself), in language
/// order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LangTexts(pub Vec<(Lang, Box<str>)>);

impl LangTexts {
    /// The text in `lang`, if the data has it.
    pub fn get(&self, lang: Lang) -> Option<&str> {
        self.0.iter().find(|(l, _)| *l == lang).map(|(_, t)| &**t)
    }

    /// True when no language has the text.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Set the text of `lang` (replacing any), keeping language order.
    pub fn set(&mut self, lang: Lang, text: impl Into<Box<str>>) {
        match self.0.binary_search_by_key(&lang, |(l, _)| *l) {
            Ok(i) => self.0[i].1 = text.into(),
            Err(i) => self.0.insert(i, (lang, text.into())),
        }
    }

    /// Every (language, text) pair.
    pub fn iter(&self) -> impl Iterator<Item = (Lang, &str)> {
        self.0.iter().map(|(l, t)| (*l, &**t))
    }
}

/// The localized name and text of an attack or Ability.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LocalizedNamed {
    /// Its name.
    pub name: LangTexts,
    /// Its text.
    pub text: LangTexts,
}

/// Everything of a card the data gives in other languages. `attacks` and `abilities` are
/// parallel to the card's own lists (same index; an entry with no texts where the data has
/// none for that attack).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Localized {
    /// The card's name.
    pub name: LangTexts,
    /// The name of the Pokémon it evolves from.
    pub evolves_from: LangTexts,
    /// Its attacks.
    pub attacks: Vec<LocalizedNamed>,
    /// Its Abilities.
    pub abilities: Vec<LocalizedNamed>,
    /// The Trainer's or Energy's own text.
    pub effect: LangTexts,
}

impl Localized {
    /// True when no text in any language is known.
    pub fn is_empty(&self) -> bool {
        self.name.is_empty()
            && self.evolves_from.is_empty()
            && self.effect.is_empty()
            && self
                .attacks
                .iter()
                .chain(&self.abilities)
                .all(|a| a.name.is_empty() && a.text.is_empty())
    }

    /// The languages the card's name is given in.
    pub fn languages(&self) -> impl Iterator<Item = Lang> + '_ {
        self.name.0.iter().map(|(l, _)| *l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for &l in Lang::ALL {
            assert_eq!(l.code().parse::<Lang>(), Ok(l));
        }
        assert!("en".parse::<Lang>().is_err());
        assert!("ES".parse::<Lang>().is_err());
        assert_eq!(Lang::EsMx.to_string(), "es-mx");
    }

    #[test]
    fn texts_stay_in_language_order() {
        let mut t = LangTexts::default();
        t.set(Lang::Pt, "b");
        t.set(Lang::De, "a");
        t.set(Lang::Pt, "c");
        assert_eq!(t.get(Lang::Pt), Some("c"));
        assert_eq!(t.get(Lang::Fr), None);
        let langs: Vec<Lang> = t.iter().map(|(l, _)| l).collect();
        assert_eq!(langs, [Lang::De, Lang::Pt]);
        let mut l = Localized::default();
        assert!(l.is_empty());
        l.attacks.push(LocalizedNamed::default());
        assert!(l.is_empty());
        l.name = t;
        assert!(!l.is_empty());
        assert_eq!(l.languages().count(), 2);
    }
}
