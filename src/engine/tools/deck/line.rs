//! One card line of a deck list with what the card data says about it, and how a line's card
//! is found (by set code and number, then by name).

use rustc_hash::FxHashMap as HashMap;

use crate::cards::db::number_digits;
use crate::cards::decklist::{DeckEntry, Section, basic_energy_named, lookup_key, same_name_key};
use crate::cards::{Card, CardDb, CardIdx};

use super::DeckCard;
use super::rules::is_star_name;
/// What is known of one property over the prints a line may mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Know {
    Yes,
    No,
    /// Some prints have it and some do not.
    Mixed,
    /// No card data, or the card is not in it.
    Unknown,
}

impl Know {
    pub(super) fn from_bool(b: bool) -> Know {
        if b { Know::Yes } else { Know::No }
    }
}

/// One card line with what the card data says about it.
pub(super) struct Line<'a> {
    pub(super) entry: &'a DeckEntry,
    /// Prints the line may mean (empty: no card data, or not found).
    pub(super) prints: Vec<&'a Card>,
    /// The card data's id when exactly one print is meant.
    pub(super) card_id: Option<String>,
    /// The rulebook name ([`same_name_key`]).
    pub(super) key: String,
    /// Set code and number point at a card of another name (its name), which was not used.
    pub(super) conflict: Option<String>,
    pub(super) basic_energy: Know,
    pub(super) basic_pokemon: Know,
    pub(super) ace_spec: Know,
    pub(super) radiant: Know,
    /// A Pokémon ☆ (Star) card of the EX series.
    pub(super) star: Know,
    pub(super) prism_star: Know,
}

impl<'a> Line<'a> {
    pub(super) fn read(entry: &'a DeckEntry, finder: Option<&mut Finder<'a>>) -> Line<'a> {
        let Found { prints, conflict } = finder.map(|f| f.find(entry)).unwrap_or_default();
        let know = |f: fn(&Card) -> bool| -> Know {
            if prints.is_empty() {
                Know::Unknown
            } else if prints.iter().all(|c| f(c)) {
                Know::Yes
            } else if prints.iter().any(|c| f(c)) {
                Know::Mixed
            } else {
                Know::No
            }
        };
        // Without a print, what the written name itself shows: a basic Energy's name, a
        // Radiant Pokémon's name, a Prism Star card's ◇.
        let maybe_pokemon = !matches!(entry.section, Some(Section::Trainer | Section::Energy));
        let written_key = same_name_key(&entry.name, maybe_pokemon);
        let by_name_energy = Know::from_bool(basic_energy_named(&entry.name).is_some());
        let by_name_radiant = Know::from_bool(maybe_pokemon && written_key.starts_with("Radiant "));
        let by_name_prism = Know::from_bool(written_key.contains('◇'));
        let by_name_star = Know::from_bool(maybe_pokemon && is_star_name(&entry.name));
        let (key, basic_energy, radiant, prism_star, star) = match prints.first() {
            Some(first) => (
                same_name_key(&first.name, first.is_pokemon()),
                know(Card::is_basic_energy),
                know(Card::is_radiant),
                know(Card::is_prism_star),
                know(|c| c.is_pokemon() && is_star_name(&c.name)),
            ),
            None => (
                written_key,
                by_name_energy,
                by_name_radiant,
                by_name_prism,
                by_name_star,
            ),
        };
        let card_id = (prints.len() == 1).then(|| prints[0].id.clone());
        Line {
            entry,
            basic_pokemon: know(Card::is_basic_pokemon),
            ace_spec: know(Card::is_ace_spec),
            prints,
            card_id,
            key,
            conflict,
            basic_energy,
            radiant,
            prism_star,
            star,
        }
    }

    pub(super) fn line(&self) -> Option<usize> {
        Some(self.entry.line)
    }

    /// `Dreepy (TWM 128)` or `Dreepy`.
    pub(super) fn shown(&self) -> String {
        match (&self.entry.set_code, &self.entry.number) {
            (Some(s), Some(n)) => sentence!("{} ({s} {n})", self.entry.name),
            _ => self.entry.name.clone(),
        }
    }

    pub(super) fn card(&self) -> DeckCard {
        let e = self.entry;
        DeckCard {
            line: e.line,
            count: e.count,
            name: e.name.clone(),
            set_code: e.set_code.clone(),
            number: e.number.clone(),
            section: e.section,
            card_id: self.card_id.clone(),
            prints: self.prints.len(),
        }
    }
}

/// A line's card in the data.
#[derive(Default)]
pub(super) struct Found<'a> {
    prints: Vec<&'a Card>,
    /// Set code and number point at a card of another name (its name).
    conflict: Option<String>,
}

/// Finds lines' cards; the slower indexes are built only when a line needs them.
pub(super) struct Finder<'a> {
    db: &'a CardDb,
    /// Upper-case set code or set id -> set ids.
    sets: HashMap<String, Vec<&'a str>>,
}

impl<'a> Finder<'a> {
    pub(super) fn new(db: &'a CardDb) -> Finder<'a> {
        let mut sets: HashMap<String, Vec<&'a str>> = HashMap::default();
        for s in db.sets() {
            if let Some(code) = &s.ptcgo_code {
                sets.entry(code.to_ascii_uppercase())
                    .or_default()
                    .push(&s.id);
            }
        }
        for s in db.sets() {
            sets.entry(s.id.to_ascii_uppercase())
                .or_insert_with(|| vec![&s.id]);
        }
        Finder { db, sets }
    }

    fn find(&mut self, entry: &DeckEntry) -> Found<'a> {
        let wanted = lookup_key(&entry.name);
        let mut conflict = None;
        if let (Some(code), Some(number)) = (&entry.set_code, &entry.number) {
            let candidates = self.by_set_and_number(code, number);
            if let Some(&hit) = candidates
                .iter()
                .find(|&&i| lookup_key(&self.db.card(i).name) == wanted)
            {
                return Found {
                    prints: vec![self.db.card(hit)],
                    conflict: None,
                };
            }
            conflict = candidates.first().map(|&i| self.db.card(i).name.clone());
        }
        let db = self.db;
        let prints = self.by_name(&entry.name, &wanted);
        Found {
            prints: prints.into_iter().map(|i| db.card(i)).collect(),
            conflict,
        }
    }

    fn by_set_and_number(&mut self, code: &str, number: &str) -> Vec<CardIdx> {
        let Some(set_ids) = self.sets.get(&code.to_ascii_uppercase()) else {
            return Vec::new();
        };
        let set_ids = set_ids.clone();
        let mut out = Vec::new();
        for set in &set_ids {
            let trimmed = number.trim_start_matches('0');
            for n in [number, trimmed] {
                if n.is_empty() {
                    continue;
                }
                if let Some(i) = self.db.by_id(&sentence!("{set}-{n}"))
                    && !out.contains(&i)
                {
                    out.push(i);
                }
            }
        }
        if out.is_empty() {
            let digits = number_digits(number);
            for set in &set_ids {
                for &i in self.db.by_set_digits(set, &digits) {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
        }
        out
    }

    fn by_name(&mut self, name: &str, wanted: &str) -> Vec<CardIdx> {
        let exact = self.db.by_name(name);
        if !exact.is_empty() {
            return exact.to_vec();
        }
        if let Some(t) = basic_energy_named(name) {
            let mut v: Vec<CardIdx> = self
                .db
                .by_name(&sentence!("Basic {} Energy", t.as_str()))
                .to_vec();
            v.extend_from_slice(self.db.by_name(&sentence!("{} Energy", t.as_str())));
            if !v.is_empty() {
                return v;
            }
        }
        self.db.by_loose_name(wanted).to_vec()
    }
}
