//! The card data's localized names read backwards: which English card, attack or Ability a
//! name written in another language is. A battle log in German, Spanish, French, Italian or
//! Portuguese names cards as the client shows them; [`crate::log::locale`] asks this index for
//! the English name, so the log is judged against the English card.
//!
//! A localized name is given an English name only when every card carrying it has the same one
//! (spellings of one name, such as `Basic Grass Energy` and `Grass Energy`, count as the same):
//! a name two different cards share is left as written, and what depends on it is unverified.

use rustc_hash::FxHashMap as HashMap;

use super::db::CardDb;
use super::localized::Lang;
use crate::log::locale::{LocalNames, Locale};

/// English names by localized name, per language, each language read on first use.
#[derive(Debug, Default)]
pub struct LocalIndex {
    langs: [std::sync::OnceLock<LangIndex>; LANGS.len()],
}

/// The card data's languages a client language may need.
const LANGS: [Lang; 7] = [
    Lang::De,
    Lang::Es,
    Lang::EsMx,
    Lang::Fr,
    Lang::It,
    Lang::Pt,
    Lang::PtPt,
];

/// One language's names: cards, and attacks and Abilities.
#[derive(Debug, Default)]
struct LangIndex {
    cards: HashMap<String, Option<String>>,
    moves: HashMap<String, Option<String>>,
}

/// The key a name is looked up by: apostrophes, hyphens and spacing do not count; case does
/// (a Pokémon ex is not a Pokémon-EX).
fn key(name: &str) -> String {
    let mut k = String::with_capacity(name.len());
    // "Mew-ex" and "Mew ex" are one name.
    let name = name.replace('-', " ");
    for word in name.split_whitespace() {
        if !k.is_empty() {
            k.push(' ');
        }
        k.push_str(&word.replace(['\u{2019}', '\u{2018}'], "'"));
    }
    k
}

/// Two English names are one name when they differ only by case, a `Basic ` prefix, spacing,
/// or the owner some prints add in brackets (`Professor's Research (Professor Turo)`).
fn same_name(a: &str, b: &str) -> bool {
    let canon = |s: &str| {
        let s = s.strip_prefix("Basic ").unwrap_or(s);
        let s = s
            .rsplit_once(" (")
            .filter(|(_, r)| r.ends_with(')'))
            .map_or(s, |(base, _)| base);
        key(s)
    };
    canon(a) == canon(b)
}

/// The plainer of two spellings of one name: with `Basic ` for Energy, without an owner in
/// brackets.
fn plainer<'a>(found: &'a str, other: &'a str) -> &'a str {
    let bracket = |s: &str| s.ends_with(')');
    match (bracket(found), bracket(other)) {
        (true, false) => other,
        (false, true) => found,
        _ if other.starts_with("Basic ") && !found.starts_with("Basic ") => other,
        _ => found,
    }
}

fn insert(map: &mut HashMap<String, Option<String>>, local: &str, english: &str) {
    let k = key(local);
    if k.is_empty() {
        return;
    }
    match map.get_mut(&k) {
        None => {
            map.insert(k, Some(english.to_string()));
        }
        Some(Some(found)) if same_name(found, english) => {
            let better = plainer(found, english).to_string();
            *found = better;
        }
        Some(slot) => *slot = None,
    }
}

impl LangIndex {
    /// Read every card's names in `lang`.
    fn build(db: &CardDb, lang: Lang) -> LangIndex {
        let mut index = LangIndex::default();
        // The cards' names and those of their attacks and Abilities, without reading them.
        for i in 0..db.len() as u32 {
            let Some(loc) = db.localized(i) else {
                continue;
            };
            if let Some(name) = loc.name.get(lang) {
                insert(&mut index.cards, name, db.key(i).name);
            }
            let moves = db.moves(i);
            for (attack, local) in moves.attacks.iter().zip(&loc.attacks) {
                if let Some(name) = local.name.get(lang) {
                    insert(&mut index.moves, name, attack);
                }
            }
            for (ability, local) in moves.abilities.iter().zip(&loc.abilities) {
                if let Some(name) = local.name.get(lang) {
                    insert(&mut index.moves, name, ability);
                }
            }
        }
        index
    }
}

impl LocalIndex {
    fn lang(&self, db: &CardDb, lang: Lang) -> Option<&LangIndex> {
        let i = LANGS.iter().position(|l| *l == lang)?;
        Some(self.langs[i].get_or_init(|| LangIndex::build(db, lang)))
    }

    fn find(
        &self,
        db: &CardDb,
        locale: Locale,
        name: &str,
        pick: impl Fn(&LangIndex) -> &HashMap<String, Option<String>>,
    ) -> Option<String> {
        let k = key(name);
        langs(locale)
            .iter()
            .find_map(|lang| pick(self.lang(db, *lang)?).get(&k))
            .cloned()
            .flatten()
    }
}

/// The card data's languages for a client language, most fitting first.
fn langs(locale: Locale) -> &'static [Lang] {
    match locale {
        Locale::En => &[],
        Locale::De => &[Lang::De],
        Locale::Es => &[Lang::Es, Lang::EsMx],
        Locale::EsLa => &[Lang::EsMx, Lang::Es],
        Locale::Fr => &[Lang::Fr],
        Locale::It => &[Lang::It],
        Locale::PtBr => &[Lang::Pt, Lang::PtPt],
    }
}

/// The localized names a log is read with: the card data's, or none without card data.
pub fn local_names(cards: Option<&CardDb>) -> &dyn LocalNames {
    match cards {
        Some(db) => db,
        None => &crate::log::locale::NoNames,
    }
}

impl LocalNames for CardDb {
    fn card(&self, locale: Locale, name: &str) -> Option<String> {
        self.local_index().find(self, locale, name, |l| &l.cards)
    }

    fn attack_or_ability(&self, locale: Locale, name: &str) -> Option<String> {
        self.local_index().find(self, locale, name, |l| &l.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_two_cards_share_is_left_alone() {
        let mut m = HashMap::default();
        insert(&mut m, "Nestball", "Nest Ball");
        insert(&mut m, "Basis-Pflanze-Energie", "Grass Energy");
        insert(&mut m, "Basis-Pflanze-Energie", "Basic Grass Energy");
        insert(&mut m, "Doppel", "Double A");
        insert(&mut m, "Doppel", "Double B");
        assert_eq!(m[&key("Nestball")].as_deref(), Some("Nest Ball"));
        assert_eq!(
            m[&key("Basis-Pflanze-Energie")].as_deref(),
            Some("Basic Grass Energy")
        );
        assert_eq!(m[&key("Doppel")], None);
        assert_eq!(key("  Ruf  des’ Ventilators "), "Ruf des' Ventilators");
        assert_eq!(key("Mew-ex"), key("Mew ex"));
        // A Pokémon ex is not a Pokémon-EX.
        assert_ne!(key("Mew-ex"), key("Mew-EX"));
        insert(&mut m, "Forschung", "Professor's Research (Professor Turo)");
        insert(&mut m, "Forschung", "Professor's Research");
        assert_eq!(
            m[&key("Forschung")].as_deref(),
            Some("Professor's Research")
        );
    }
}
