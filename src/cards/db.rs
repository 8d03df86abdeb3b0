//! `CardDb`: all cards with their lookup indexes, and `Fact` evaluation over prints.

use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

use super::card_list::CardList;
use super::error::{CardDataError, ImportWarning};
use super::merge::sets::{client_set_keys, number_key, set_key, split_log_id};
use super::model::{Card, SetInfo};
use super::names::normalize_name;

/// Index of a card inside a [`CardDb`] (stable for the lifetime of the database).
pub type CardIdx = u32;

/// The digits of a card number without leading zeros ("0" for all zeros, "" for none):
/// `SWSH152` -> `152`, `007` -> `7`.
pub fn number_digits(number: &str) -> String {
    let d: String = number.chars().filter(char::is_ascii_digit).collect();
    let t = d.trim_start_matches('0');
    if t.is_empty() && !d.is_empty() {
        "0".to_string()
    } else {
        t.to_string()
    }
}

/// All known cards (owned, or read from the built-in snapshot when first asked for), the sets,
/// and indexes by id and by normalised name.
#[derive(Debug, Clone, Default)]
pub struct CardDb {
    cards: CardList,
    sets: Vec<SetInfo>,
    by_id: HashMap<String, CardIdx>,
    by_name: HashMap<String, Vec<CardIdx>>,
    set_by_id: HashMap<String, usize>,
    warnings: Vec<ImportWarning>,
    /// Built on first use: prints by normalised attack name, and the newest print of each name.
    by_attack: OnceLock<HashMap<String, Vec<CardIdx>>>,
    newest: OnceLock<HashMap<String, CardIdx>>,
    /// Built on first use by the deck checker: prints by (set id, the digits of the number
    /// without leading zeros), and by the loose name key of [`super::decklist::lookup_key`].
    by_set_digits: OnceLock<HashMap<(String, String), Vec<CardIdx>>>,
    by_loose_name: OnceLock<HashMap<String, Vec<CardIdx>>>,
    /// Each card's rules and Ability text in lower case, made on first use.
    passive_lower: Vec<OnceLock<Box<str>>>,
    /// Other ids of sets (another source's id -> the id the cards use), e.g. `me01` -> `me1`.
    set_aliases: Vec<(String, String)>,
    /// Where the cards come from.
    sources: Vec<super::load::DataSource>,
    /// Built on first use by [`CardDb::by_log_id`]: set ids by [`set_key`] (aliases included),
    /// and prints by (set id, [`number_key`]).
    log_sets: OnceLock<HashMap<String, Vec<String>>>,
    by_set_number: OnceLock<HashMap<(String, String), CardIdx>>,
    /// What each card's texts may change (the effect catalogue), read on first use and kept for
    /// every replay that shares this data.
    effects: Vec<OnceLock<super::effects::CardEffects>>,
    /// The texts of several prints merged (what a name or a Pokémon in play may be), made on
    /// first use and shared by every replay over this data.
    merged: Cache<Box<[CardIdx]>, Arc<super::effects::CardEffects>>,
    /// The prints of a Pokémon name that have given attacks and Abilities, by a key the asker
    /// makes, shared by every replay over this data.
    narrowed: Cache<String, NarrowedResult>,
    /// What each Energy card provides, read once per card data.
    energy: Cache<CardIdx, Option<Arc<super::energy::EnergyDetails>>>,
    /// What the engine derives from this data for every replay over it (see
    /// [`CardDb::derived`]).
    derived: Derived,
    /// English names by localized name (see [`super::local_names`]), made on first use.
    local_names: OnceLock<std::sync::Arc<super::local_names::LocalIndex>>,
    /// Names by loose key, for what a person typed (see [`super::suggest`]), made on first use.
    name_index: OnceLock<super::suggest::NameIndex>,
    /// The built-in data's names in other languages, decoded on first use (cards read from
    /// folders keep theirs in [`Card::localized`]).
    lazy_names: Option<std::sync::Arc<super::snapshot::LazyNames>>,
}

/// A cache of what is made from the cards on first use (merged effects, narrowed print lists,
/// Energy provisions), kept while the database lives. A copy of the database starts with an
/// empty cache.
#[derive(Debug)]
struct Cache<K, V>(Mutex<HashMap<K, V>>);

impl<K, V> Default for Cache<K, V> {
    fn default() -> Self {
        Cache(Mutex::new(HashMap::default()))
    }
}

impl<K, V> Clone for Cache<K, V> {
    fn clone(&self) -> Self {
        Cache::default()
    }
}

/// Prints found, or why none can be.
pub type NarrowedResult = Result<Arc<[CardIdx]>, String>;

/// A value of the engine's own type that it makes from this data on first use and keeps for
/// every replay over it (its readings of card texts). A copy of the database starts without.
#[derive(Default)]
struct Derived(OnceLock<Box<dyn std::any::Any + Send + Sync>>);

impl Clone for Derived {
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "Derived(made)"
        } else {
            "Derived(not made)"
        })
    }
}

/// The prints found for a name, possibly narrowed by an attack/Ability name.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Lookup {
    /// Matching prints, in database order.
    pub prints: Vec<CardIdx>,
    /// True when the name matched some prints but none of them has the requested
    /// attack/Ability (so `prints` is empty because of the narrowing, not the name).
    pub narrowed_away: bool,
}

/// What the card data says about one fact for a set of prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Fact<T> {
    /// Every print that states the fact agrees on this value.
    Known(T),
    /// Prints disagree: each print's id with its value.
    Disagree(Vec<(String, T)>),
    /// No print is known, or none states the fact.
    Unknown,
}

impl<T> Fact<T> {
    /// The value when all prints agree.
    pub fn known(&self) -> Option<&T> {
        match self {
            Fact::Known(v) => Some(v),
            _ => None,
        }
    }
}

impl CardDb {
    /// Build from the texts of a card data directory (what the store keeps on import).
    pub fn from_texts(texts: &super::import::CardTexts) -> Result<CardDb, CardDataError> {
        let loaded = super::import::parse_texts(texts)?;
        let mut db = CardDb::from_cards(loaded.cards, loaded.sets);
        let mut warnings = loaded.warnings;
        warnings.append(&mut db.warnings);
        db.warnings = warnings;
        Ok(db)
    }

    /// Build from already-parsed cards. Duplicate ids keep the first card for `by_id`
    /// (a warning is recorded); all cards stay in the database.
    pub fn from_cards(cards: Vec<Card>, sets: Vec<SetInfo>) -> CardDb {
        CardDb::from_list(CardList::given(cards), sets)
    }

    /// Build from a list of cards, given or read when first asked for: the indexes are built
    /// from the cards' index fields, without reading the cards.
    pub(crate) fn from_list(cards: CardList, sets: Vec<SetInfo>) -> CardDb {
        let mut by_id: HashMap<String, CardIdx> =
            HashMap::with_capacity_and_hasher(cards.len(), Default::default());
        let mut by_name: HashMap<String, Vec<CardIdx>> = HashMap::default();
        let mut warnings = Vec::new();
        for (i, key) in cards.keys().enumerate() {
            let idx = i as CardIdx;
            if by_id.contains_key(key.id) {
                warnings.push(ImportWarning {
                    card_id: key.id.to_string(),
                    message: "duplicate card id; lookups by id return the first".into(),
                });
            } else {
                by_id.insert(key.id.to_string(), idx);
            }
            by_name
                .entry(normalize_name(key.name).into_owned())
                .or_default()
                .push(idx);
        }
        let set_by_id = sets
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.clone(), i))
            .collect();
        let passive_lower = (0..cards.len()).map(|_| OnceLock::new()).collect();
        let effects = (0..cards.len()).map(|_| OnceLock::new()).collect();
        CardDb {
            cards,
            sets,
            by_id,
            by_name,
            set_by_id,
            warnings,
            by_attack: OnceLock::new(),
            newest: OnceLock::new(),
            by_set_digits: OnceLock::new(),
            by_loose_name: OnceLock::new(),
            passive_lower,
            set_aliases: Vec::new(),
            sources: Vec::new(),
            log_sets: OnceLock::new(),
            by_set_number: OnceLock::new(),
            effects,
            merged: Cache::default(),
            narrowed: Cache::default(),
            energy: Cache::default(),
            derived: Derived::default(),
            local_names: OnceLock::new(),
            name_index: OnceLock::new(),
            lazy_names: None,
        }
    }

    /// What the texts of a card may change, read once per card data (see [`super::effects`]).
    pub fn effects(&self, idx: CardIdx) -> &super::effects::CardEffects {
        self.effects[idx as usize].get_or_init(|| super::effects::card_effects(self.card(idx)))
    }

    /// What the texts of these prints may change, each text once (in the order of the prints
    /// and their texts); made once per card data and set of prints.
    pub fn merged_effects(&self, prints: &[CardIdx]) -> Arc<super::effects::CardEffects> {
        let cache = |m: &mut HashMap<Box<[CardIdx]>, Arc<super::effects::CardEffects>>| {
            m.get(prints).cloned()
        };
        if let Some(known) = self.merged.0.lock().ok().and_then(|mut m| cache(&mut m)) {
            return known;
        }
        let mut texts: Vec<super::effects::TextEffects> = Vec::new();
        for &idx in prints {
            for text in self.effects(idx).texts() {
                if !texts.contains(text) {
                    texts.push(text.clone());
                }
            }
        }
        let merged = Arc::new(super::effects::CardEffects::new(texts));
        if let Ok(mut m) = self.merged.0.lock() {
            m.insert(prints.into(), merged.clone());
        }
        merged
    }

    /// What Energy card `idx` provides (see [`super::energy::energy_details`]), read once per
    /// card data.
    pub fn energy_details(&self, idx: CardIdx) -> Option<Arc<super::energy::EnergyDetails>> {
        if let Some(known) = self.energy.0.lock().ok().and_then(|m| m.get(&idx).cloned()) {
            return known;
        }
        let known = super::energy::energy_details(self.card(idx)).map(Arc::new);
        if let Ok(mut m) = self.energy.0.lock() {
            m.insert(idx, known.clone());
        }
        known
    }

    /// The engine's value of type `T` kept with this data, made on first use. One type only:
    /// asking for a second type is a bug, and panics.
    pub fn derived<T: std::any::Any + Send + Sync + Default>(&self) -> &T {
        self.derived
            .0
            .get_or_init(|| Box::new(T::default()))
            .downcast_ref::<T>()
            .expect("one type of derived value per card data")
    }

    /// The prints `make` finds, made once per card data and `key` (which must say everything
    /// `make` depends on) when it finds some.
    pub fn narrowed_prints(
        &self,
        key: &str,
        make: impl FnOnce() -> NarrowedResult,
    ) -> NarrowedResult {
        if let Some(known) = self
            .narrowed
            .0
            .lock()
            .ok()
            .and_then(|m| m.get(key).cloned())
        {
            return known;
        }
        let known = make();
        // Only prints found are kept: a name the data does not know is looked up again, so
        // that the logs read cannot grow the cache beyond the card data.
        if known.is_ok()
            && let Ok(mut m) = self.narrowed.0.lock()
        {
            m.insert(key.to_string(), known.clone());
        }
        known
    }

    /// Card `i`'s names in other languages: its own, or the built-in data's (decoded on first
    /// use).
    pub fn localized(&self, i: CardIdx) -> Option<&super::localized::Localized> {
        // A card of the snapshot keeps no names of its own: they are asked for without
        // reading the card.
        let own = match self.lazy_names {
            Some(_) => self.cards.peek(i as usize),
            None => self.cards.get(i as usize),
        };
        match own.and_then(|c| c.localized.as_deref()) {
            Some(l) => Some(l),
            None => self.lazy_names.as_ref()?.get(i as usize),
        }
    }

    /// Take names in other languages from a snapshot's names section.
    pub(crate) fn set_lazy_names(&mut self, names: std::sync::Arc<super::snapshot::LazyNames>) {
        self.lazy_names = Some(names);
        self.local_names = OnceLock::new();
    }

    /// The index of localized names, read once.
    pub fn local_index(&self) -> &super::local_names::LocalIndex {
        self.local_names.get_or_init(Default::default)
    }

    /// Take the database apart: cards, sets, warnings, set aliases and sources (what
    /// [`super::merge::merge`] builds a new one from).
    #[allow(clippy::type_complexity)]
    pub(crate) fn into_parts(
        self,
    ) -> (
        Vec<Card>,
        Vec<SetInfo>,
        Vec<ImportWarning>,
        Vec<(String, String)>,
        Vec<super::load::DataSource>,
    ) {
        let mut cards = self.cards.into_vec();
        if let Some(lazy) = &self.lazy_names {
            for (i, c) in cards.iter_mut().enumerate() {
                if c.localized.is_none() {
                    c.localized = lazy.get(i).cloned().map(Box::new);
                }
            }
        }
        (
            cards,
            self.sets,
            self.warnings,
            self.set_aliases,
            self.sources,
        )
    }

    /// Add warnings, set aliases (other id, id the cards use) and sources.
    pub(crate) fn add_parts(
        &mut self,
        warnings: Vec<ImportWarning>,
        aliases: Vec<(String, String)>,
        sources: Vec<super::load::DataSource>,
    ) {
        let mut w = warnings;
        w.append(&mut self.warnings);
        self.warnings = w;
        self.set_aliases.extend(aliases);
        self.sources.extend(sources);
        self.log_sets = OnceLock::new();
    }

    /// Where the cards come from: each source read, with its newest set.
    pub fn sources(&self) -> &[super::load::DataSource] {
        &self.sources
    }

    /// Set aliases: (another source's set id, the set id the cards use).
    pub fn set_aliases(&self) -> &[(String, String)] {
        &self.set_aliases
    }

    /// The card a battle log names by id, as the game client writes it: `me1_56`,
    /// `sv8-5_80_mph` (print variants `_ph`/`_mph` are the same card), `svbsp_129`, `ec_10`.
    /// The client's set code is matched to either source's set id (`sv8-5` = `sv8pt5` =
    /// `sv08.5`, see [`super::merge::sets`]); ids in the data's own form work too.
    pub fn by_log_id(&self, id: &str) -> Option<CardIdx> {
        let Some((code, number)) = split_log_id(id) else {
            return self.by_id(id);
        };
        let sets = self.log_sets.get_or_init(|| {
            let mut m: HashMap<String, Vec<String>> = HashMap::default();
            let mut add = |key: String, id: &str| {
                let v = m.entry(key).or_default();
                if !v.iter().any(|x| x == id) {
                    v.push(id.to_string());
                }
            };
            for c in self.cards.keys() {
                add(set_key(c.set_id), c.set_id);
            }
            for (alias, id) in &self.set_aliases {
                add(set_key(alias), id);
            }
            m
        });
        let prints = self.by_set_number.get_or_init(|| {
            let mut m: HashMap<(String, String), CardIdx> = HashMap::default();
            for (i, c) in self.cards.keys().enumerate() {
                m.entry((c.set_id.to_string(), number_key(c.number)))
                    .or_insert(i as CardIdx);
            }
            m
        });
        let number = number_key(number);
        client_set_keys(code)
            .iter()
            .filter_map(|key| sets.get(key))
            .flatten()
            .find_map(|set| prints.get(&(set.clone(), number.clone())).copied())
            .or_else(|| self.by_id(id))
    }

    /// Parse one set file's JSON text (an array of cards). Errors name `file_label` and the
    /// line/column. Warnings about odd fields are dropped; use
    /// [`CardDb::parse_set_json_with_warnings`] to keep them.
    pub fn parse_set_json(text: &str, file_label: &str) -> Result<Vec<Card>, CardDataError> {
        let mut ignored = Vec::new();
        super::import::parse_set_json_into(text, file_label, &mut ignored)
    }

    /// Like [`CardDb::parse_set_json`], also returning the import warnings.
    pub fn parse_set_json_with_warnings(
        text: &str,
        file_label: &str,
    ) -> Result<(Vec<Card>, Vec<ImportWarning>), CardDataError> {
        let mut warnings = Vec::new();
        let cards = super::import::parse_set_json_into(text, file_label, &mut warnings)?;
        Ok((cards, warnings))
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when there are no cards.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The card at `idx`. Panics on an index not obtained from this database; use
    /// [`CardDb::get`] for untrusted indexes.
    pub fn card(&self, idx: CardIdx) -> &Card {
        self.get(idx).expect("a card index of this database")
    }

    /// The card at `idx`, or `None` when out of range.
    pub fn get(&self, idx: CardIdx) -> Option<&Card> {
        self.cards.get(idx as usize)
    }

    /// All cards in database order (each read now if it was not yet: see
    /// [`super::card_list`]).
    pub fn cards(&self) -> impl ExactSizeIterator<Item = &Card> + '_ {
        self.cards.iter()
    }

    /// How many cards were read so far (every one, for cards read from folders).
    pub fn cards_read(&self) -> usize {
        self.cards.count_read()
    }

    /// The names of card `idx`'s attacks and Abilities, without reading the card.
    pub fn moves(&self, idx: CardIdx) -> super::card_list::CardMoves<'_> {
        self.cards.moves(idx as usize)
    }

    /// The id, name, set id and number of card `idx`, without reading the card.
    pub fn key(&self, idx: CardIdx) -> super::card_list::CardKey<'_> {
        self.cards.key(idx as usize)
    }

    /// Card `idx`, or why its record in the snapshot cannot be read (for the tests).
    #[cfg(test)]
    pub(crate) fn try_card(&self, idx: CardIdx) -> Result<&Card, super::snapshot::SnapshotError> {
        self.cards.try_get(idx as usize)
    }

    /// Whether card `idx` was read (or given) already (for the tests).
    #[cfg(test)]
    pub(crate) fn is_read(&self, idx: CardIdx) -> bool {
        self.cards.peek(idx as usize).is_some()
    }

    /// The index of a card of this database (`None` for a card from elsewhere): found from
    /// where the card is stored, without reading its id.
    pub fn index_of(&self, card: &Card) -> Option<CardIdx> {
        self.cards.index_of(card).map(|i| i as CardIdx)
    }

    /// Card by id, e.g. `"sv6-128"`; the game-log form `"sv6_128"` is accepted too.
    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        let id = id.trim();
        if let Some(&i) = self.by_id.get(id) {
            return Some(i);
        }
        // Game logs write "<set>_<number>"; numbers may themselves contain '_'
        // ("cel25c-15_A1"), so only the first '_' is the separator.
        if !id.contains('-') {
            let dashed = id.replacen('_', "-", 1);
            return self.by_id.get(&dashed).copied();
        }
        None
    }

    /// All prints of this exact (normalised) name, in database order.
    pub fn by_name(&self, name: &str) -> &[CardIdx] {
        self.by_name
            .get(normalize_name(name).as_ref())
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Every print that has an attack of this (normalised) name, in database order.
    pub fn with_attack(&self, attack: &str) -> &[CardIdx] {
        let index = self.by_attack.get_or_init(|| {
            let mut m: HashMap<String, Vec<CardIdx>> = HashMap::default();
            for i in 0..self.cards.len() {
                for a in self.cards.moves(i).attacks {
                    let v = m.entry(normalize_name(a).into_owned()).or_default();
                    if v.last() != Some(&(i as CardIdx)) {
                        v.push(i as CardIdx);
                    }
                }
            }
            m
        });
        index
            .get(normalize_name(attack).as_ref())
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The newest print of a name (by its set's release date; the last in database order
    /// among equals): the wording the game client uses for reprints.
    pub fn newest_print(&self, name: &str) -> Option<&Card> {
        self.newest_print_idx(name).map(|i| self.card(i))
    }

    /// As [`CardDb::newest_print`], its index.
    pub fn newest_print_idx(&self, name: &str) -> Option<CardIdx> {
        let index = self.newest.get_or_init(|| {
            let mut m: HashMap<String, CardIdx> =
                HashMap::with_capacity_and_hasher(self.by_name.len(), Default::default());
            for (name, prints) in &self.by_name {
                if let Some(best) = prints
                    .iter()
                    .max_by_key(|i| self.set_release_date(self.cards.key(**i as usize).set_id))
                {
                    m.insert(name.clone(), *best);
                }
            }
            m
        });
        index.get(normalize_name(name).as_ref()).copied()
    }

    /// Prints of set `set_id` whose number has these digits (leading zeros dropped): how a
    /// deck list's `PR-SW 152` finds `SWSH152`. The index is built once.
    pub fn by_set_digits(&self, set_id: &str, digits: &str) -> &[CardIdx] {
        let index = self.by_set_digits.get_or_init(|| {
            let mut m: HashMap<(String, String), Vec<CardIdx>> = HashMap::default();
            for (i, c) in self.cards.keys().enumerate() {
                m.entry((c.set_id.to_string(), number_digits(c.number)))
                    .or_default()
                    .push(i as CardIdx);
            }
            m
        });
        index
            .get(&(set_id.to_string(), digits.to_string()))
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Prints whose name has this loose key ([`super::decklist::lookup_key`]), sorted. The
    /// index is built once.
    pub fn by_loose_name(&self, key: &str) -> &[CardIdx] {
        let index = self.by_loose_name.get_or_init(|| {
            let mut m: HashMap<String, Vec<CardIdx>> = HashMap::default();
            for (name, prints) in &self.by_name {
                m.entry(super::decklist::lookup_key(name))
                    .or_default()
                    .extend_from_slice(prints);
            }
            for v in m.values_mut() {
                v.sort_unstable();
            }
            m
        });
        index.get(key).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The release date of a card's set ("" when unknown): what "newest print" is ordered by.
    pub fn release_date(&self, card: &Card) -> &str {
        self.set_release_date(&card.set_id)
    }

    /// The release date of set `set_id` ("" when unknown).
    fn set_release_date(&self, set_id: &str) -> &str {
        self.set(set_id)
            .and_then(|s| s.release_date.as_deref())
            .unwrap_or("")
    }

    /// A card's rules and Ability text (not its attacks), in lower case: what acts while the
    /// card is in play.
    pub fn passive_text_lower(&self, idx: CardIdx) -> &str {
        self.passive_lower[idx as usize].get_or_init(|| {
            let card = self.card(idx);
            let mut t = card.rules.join(" ");
            for a in &card.abilities {
                t.push(' ');
                t.push_str(&a.text);
            }
            super::names::lower_case(&t).into_boxed_str()
        })
    }

    /// All prints of `name`, narrowed to those having an attack or Ability called `uses`
    /// when given. If the name matches but the narrowing leaves nothing, `prints` is empty
    /// and `narrowed_away` is true.
    pub fn lookup(&self, name: &str, uses: Option<&str>) -> Lookup {
        let all = self.by_name(name);
        let Some(uses) = uses else {
            return Lookup {
                prints: all.to_vec(),
                narrowed_away: false,
            };
        };
        let prints: Vec<CardIdx> = all
            .iter()
            .copied()
            .filter(|&i| self.card(i).has_attack_or_ability(uses))
            .collect();
        Lookup {
            narrowed_away: prints.is_empty() && !all.is_empty(),
            prints,
        }
    }

    /// The sets read from `sets/en.json` (empty when it was absent).
    pub fn sets(&self) -> &[SetInfo] {
        &self.sets
    }

    /// Set by id, e.g. `"sv6"`.
    pub fn set(&self, id: &str) -> Option<&SetInfo> {
        self.set_by_id.get(id).map(|&i| &self.sets[i])
    }

    /// Import warnings: odd values that were left out of cards (e.g. unknown Weakness
    /// strings), and duplicate ids.
    pub fn warnings(&self) -> &[ImportWarning] {
        &self.warnings
    }

    /// The names index for what a person typed: an exact name whatever its case, or
    /// suggestions ([`super::suggest::NameIndex`]).
    pub fn name_index(&self) -> &super::suggest::NameIndex {
        self.name_index
            .get_or_init(|| super::suggest::NameIndex::build(self))
    }

    /// All distinct normalised card names (unordered).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.by_name.keys().map(String::as_str)
    }

    /// Evaluate a fact over prints: `Known` if every print with a value agrees, `Disagree`
    /// (listing each print's id and value) otherwise, `Unknown` when `prints` is empty or
    /// `f` returns `None` for all of them. Prints for which `f` returns `None` are ignored.
    pub fn fact<T: PartialEq + Clone>(
        &self,
        prints: &[CardIdx],
        f: impl Fn(&Card) -> Option<T>,
    ) -> Fact<T> {
        let values: Vec<(&Card, T)> = prints
            .iter()
            .filter_map(|&i| self.get(i))
            .filter_map(|c| f(c).map(|v| (c, v)))
            .collect();
        let Some((_, first)) = values.first() else {
            return Fact::Unknown;
        };
        if values.iter().all(|(_, v)| v == first) {
            return Fact::Known(first.clone());
        }
        Fact::Disagree(values.into_iter().map(|(c, v)| (c.id.clone(), v)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> CardDb {
        let cards = CardDb::parse_set_json(
            r#"[
            {"id":"sv8pt5-4","name":"Budew","supertype":"Pokémon","subtypes":["Basic"],"hp":"30",
             "attacks":[{"name":"Itchy Pollen","cost":["Free"],"damage":"10"}]},
            {"id":"sv5-10","name":"Budew","supertype":"Pokémon","subtypes":["Basic"],"hp":"40",
             "attacks":[{"name":"Errand-Running","cost":["Colorless"],"damage":""}]},
            {"id":"sv7-11","name":"Budew","supertype":"Pokémon","subtypes":["Basic"],"hp":"40",
             "abilities":[{"name":"Buddy-buddy","type":"Ability","text":""}]},
            {"id":"cel25c-15_A1","name":"Venusaur","supertype":"Pokémon","subtypes":["Stage 2"],"hp":"100"},
            {"id":"sv2-172","name":"Boss's Orders","supertype":"Trainer","subtypes":["Supporter"]},
            {"id":"sv1-196","name":"Pokémon Catcher","supertype":"Trainer","subtypes":["Item"]}
            ]"#,
            "fixture.json",
        )
        .unwrap();
        CardDb::from_cards(cards, vec![])
    }

    #[test]
    fn by_id_forms() {
        let db = db();
        assert_eq!(db.by_id("sv8pt5-4"), Some(0));
        assert_eq!(db.by_id("sv8pt5_4"), Some(0));
        assert_eq!(db.by_id(" sv5-10 "), Some(1));
        assert_eq!(db.by_id("cel25c-15_A1"), Some(3));
        assert_eq!(db.by_id("cel25c_15_A1"), Some(3));
        assert_eq!(db.by_id("sv5-99"), None);
        assert_eq!(db.by_id(""), None);
    }

    /// Prints found are kept; a lookup that found none is made again (a log's unknown names
    /// do not grow the cache).
    #[test]
    fn narrowed_prints_keeps_only_what_it_found() {
        let db = db();
        let calls = std::cell::Cell::new(0);
        let find = |found: bool| {
            calls.set(calls.get() + 1);
            if found {
                Ok(Arc::from(vec![0 as CardIdx]))
            } else {
                Err("not in the card data".to_string())
            }
        };
        for _ in 0..2 {
            assert!(db.narrowed_prints("Nobody", || find(false)).is_err());
        }
        assert_eq!(calls.get(), 2);
        for _ in 0..2 {
            assert!(db.narrowed_prints("Budew", || find(true)).is_ok());
        }
        assert_eq!(calls.get(), 3);
    }

    #[test]
    fn index_of_a_card_is_where_it_is_stored() {
        let db = db();
        for (i, card) in db.cards().enumerate() {
            assert_eq!(db.index_of(card), Some(i as CardIdx), "{}", card.id);
            assert_eq!(db.index_of(card), db.by_id(&card.id));
        }
        // A copy of a card, or a card of another database, is not one of this one's.
        let copy = db.card(1).clone();
        assert_eq!(db.index_of(&copy), None);
        let other = self::db();
        assert_eq!(db.index_of(other.card(0)), None);
    }

    #[test]
    fn by_name_normalises() {
        let db = db();
        assert_eq!(db.by_name("Budew"), &[0, 1, 2]);
        assert_eq!(db.by_name("Boss’s Orders"), &[4]);
        assert_eq!(db.by_name("  Boss's Orders "), &[4]);
        assert_eq!(db.by_name("Pokemon Catcher"), &[5]);
        assert!(db.by_name("budew").is_empty());
        assert!(db.by_name("Nope").is_empty());
    }

    #[test]
    fn lookup_narrowing() {
        let db = db();
        let all = db.lookup("Budew", None);
        assert_eq!(all.prints, vec![0, 1, 2]);
        assert!(!all.narrowed_away);
        assert_eq!(db.lookup("Budew", Some("Itchy Pollen")).prints, vec![0]);
        // Abilities narrow too.
        assert_eq!(db.lookup("Budew", Some("Buddy-buddy")).prints, vec![2]);
        let gone = db.lookup("Budew", Some("Solar Beam"));
        assert!(gone.prints.is_empty());
        assert!(gone.narrowed_away);
        let unknown = db.lookup("Nope", Some("Solar Beam"));
        assert!(unknown.prints.is_empty());
        assert!(!unknown.narrowed_away);
    }

    #[test]
    fn facts() {
        let db = db();
        let hp = |c: &Card| c.hp;
        assert_eq!(db.fact(&[1, 2], hp), Fact::Known(40));
        assert_eq!(
            db.fact(&[0, 1, 2], hp),
            Fact::Disagree(vec![
                ("sv8pt5-4".into(), 30),
                ("sv5-10".into(), 40),
                ("sv7-11".into(), 40)
            ])
        );
        assert_eq!(db.fact(&[], hp), Fact::Unknown);
        assert_eq!(db.fact(&[4, 5], hp), Fact::Unknown);
        // Prints without a value are ignored.
        assert_eq!(db.fact(&[0, 4], hp), Fact::Known(30));
        assert_eq!(db.fact(&[0, 4], hp).known(), Some(&30));
        // Out-of-range indexes are ignored rather than panicking.
        assert_eq!(db.fact(&[0, 999], hp), Fact::Known(30));
    }

    #[test]
    fn duplicate_ids_warn() {
        let cards = CardDb::parse_set_json(
            r#"[{"id":"a-1","name":"A","supertype":"Trainer"},{"id":"a-1","name":"B","supertype":"Trainer"}]"#,
            "dup.json",
        )
        .unwrap();
        let db = CardDb::from_cards(cards, vec![]);
        assert_eq!(db.len(), 2);
        assert_eq!(db.by_id("a-1"), Some(0));
        assert_eq!(db.warnings().len(), 1);
        assert_eq!(db.by_name("B"), &[1]);
    }
}
