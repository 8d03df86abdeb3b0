//! What the tracker and the judges ask of the card data, memoised: the prints a Pokémon in play
//! may be, the effect texts of cards, attacks and Abilities, and whether a card in play could
//! change a rule (its text mentions it, or the data does not know the card).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::cards::{Card, CardDb, basic_energy_type};
use crate::log::Text;

use super::super::cardinfo::{CardInfo, CardKind, UseKind};
use super::super::edition::RuleEdition;
use super::super::effect::EffectText;
use super::super::facts::{self, Known};
use super::super::in_force::{EffectSource, KnownEffects};
use super::super::state::{GameState, PokemonId};
use crate::engine::replay::memo_key::{looked_up, memo_key, write_parts, write_prints_key};

use super::shared_facts::{MemoEffect, NameFacts, SharedFacts};

/// The prints a Pokémon may be, shared (the same answer is asked for on many lines).
pub type Prints<'a> = Rc<[&'a crate::cards::Card]>;

/// What is memoised for one Pokémon in play: the version of it the memo is of, the prints it
/// may be, and what their texts may change once asked.
struct MonPrints<'a> {
    /// The version of the Pokémon the memo is of.
    revision: crate::engine::state::Revision,
    /// What the revision stands for, kept in debug builds only: its name, uses and card id
    /// (see [`MonPrints::is_of`]).
    #[cfg(debug_assertions)]
    identity: Identity,
    prints: Known<Prints<'a>>,
    effects: Option<KnownEffects>,
    /// The lowest and highest printed HP of the prints, once asked.
    hp: Option<Known<(i32, i32)>>,
    /// Whether some print holds a reading of a card, by the reading's address, once asked.
    some_print: Vec<(usize, Option<bool>)>,
}

impl MonPrints<'_> {
    /// Whether this memo is of `mon` as it is now (the same slot may hold another Pokémon, or
    /// the same one after it evolved or used something new). Debug builds check that the
    /// revision changed with the name, uses and card id.
    fn is_of(&self, mon: &crate::engine::state::Pokemon) -> bool {
        let same = self.revision.same(mon.revision);
        #[cfg(debug_assertions)]
        assert!(
            !same || self.identity == Identity::of(mon),
            "{} changed its name, uses or card id without a new revision",
            mon.name()
        );
        same
    }
}

/// The name, uses and card id of a Pokémon: what its revision stands for.
#[cfg(debug_assertions)]
#[derive(PartialEq)]
struct Identity {
    name: Text,
    uses: Vec<Text>,
    card_id: Option<Text>,
}

#[cfg(debug_assertions)]
impl Identity {
    fn of(mon: &crate::engine::state::Pokemon) -> Identity {
        Identity {
            name: Text::from(mon.name()),
            uses: mon.uses.clone(),
            card_id: mon.card_id.clone(),
        }
    }
}

/// The card data with the memo caches the replay keeps over it.
pub struct CardFacts<'a> {
    pub info: CardInfo<'a>,
    /// Effect texts by card name, and by Pokémon and attack or Ability, shared so that what
    /// is read from one (the zone its sub-lines take cards from) is read once.
    effect_memo: RefCell<FxHashMap<String, Option<MemoEffect>>>,
    /// The prints a name may be, given what it was seen to use (asked many times per line).
    prints_memo: RefCell<FxHashMap<String, Known<Prints<'a>>>>,
    /// The same per Pokémon in play, checked against its name and uses.
    mon_prints: RefCell<Vec<Option<MonPrints<'a>>>>,
    /// The kind of card a name the card data lacks is (asked on many lines; the others are
    /// in the card data's shared readings).
    kind_memo: RefCell<FxHashMap<Text, CardKind>>,
    /// What the texts of a card name's prints may change (the effect catalogue, read lazily:
    /// only the checks about to say `violation` ask).
    effects_memo: RefCell<FxHashMap<Text, KnownEffects>>,
    /// What the prints of a card name may change (see [`CardFacts::name_facts`]), as the walk
    /// over the cards in force at each attack asks it of each card (about twenty times an
    /// attack): the last name read into each of a few slots chosen by the name's hash, in
    /// front of the shared table. A game names a few dozen cards, so a name is mostly found in
    /// its slot by one compare, without the table's lock and lookup (and a replay does not
    /// copy the table to start with).
    name_facts_slots: RefCell<Vec<NameFactsSlot>>,
    /// Only prints the game client can play are considered (see [`CardFacts::for_edition`]).
    live_pool: bool,
}

impl<'a> CardFacts<'a> {
    pub fn new(cards: Option<&'a CardDb>) -> CardFacts<'a> {
        CardFacts {
            info: CardInfo::new(cards),
            effect_memo: Default::default(),
            prints_memo: Default::default(),
            mon_prints: Default::default(),
            kind_memo: Default::default(),
            effects_memo: Default::default(),
            name_facts_slots: RefCell::new(vec![None; NAME_FACTS_SLOTS]),
            live_pool: false,
        }
    }

    /// The card data for a game judged under `edition`. Under the current rulebooks (Scarlet &
    /// Violet, Sword & Shield) the log comes from Pokémon TCG Live, whose card pool is the
    /// Standard and Expanded formats: a Pokémon is one of its prints legal in either, when it
    /// has any (older prints with other HP, attacks or costs are not what was played).
    pub fn for_edition(cards: Option<&'a CardDb>, edition: RuleEdition) -> CardFacts<'a> {
        CardFacts {
            live_pool: matches!(
                edition,
                RuleEdition::ScarletViolet | RuleEdition::SwordShield
            ),
            ..CardFacts::new(cards)
        }
    }

    pub fn db(&self) -> Option<&'a CardDb> {
        self.info.db().filter(|d| !d.is_empty())
    }

    /// A new game begins: the Pokémon ids of the last one may be reused.
    pub fn forget_pokemon(&self) {
        self.mon_prints.borrow_mut().clear();
    }

    /// The prints a Pokémon in play may be.
    pub fn prints_of(&self, state: &GameState, id: PokemonId) -> Known<Prints<'a>> {
        if self.db().is_none() {
            return Err("no card data is loaded".to_string());
        }
        let mon = state.mon(id);
        let slot = id as usize;
        if let Some(Some(memo)) = self.mon_prints.borrow().get(slot)
            && memo.is_of(mon)
        {
            return memo.prints.clone();
        }
        let known = self
            .prints_named(mon.name(), &mon.uses)
            .map(|prints| self.pinned_by_id(prints, mon.card_id.as_deref()));
        let mut memo = self.mon_prints.borrow_mut();
        if memo.len() <= slot {
            memo.resize_with(slot + 1, || None);
        }
        memo[slot] = Some(MonPrints {
            revision: mon.revision,
            #[cfg(debug_assertions)]
            identity: Identity::of(mon),
            prints: known.clone(),
            effects: None,
            hp: None,
            some_print: Vec::new(),
        });
        known
    }

    /// The one print among `prints` the card id the log wrote for the Pokémon names
    /// ("(sv6_37) Lampent"; a "_ph" finish suffix is no other print), else all of them.
    fn pinned_by_id(&self, prints: Prints<'a>, card_id: Option<&str>) -> Prints<'a> {
        // One print (or none) is pinned down already: the card id can only name it.
        if prints.len() <= 1 {
            return prints;
        }
        let (Some(db), Some(id)) = (self.db(), card_id) else {
            return prints;
        };
        let bare = id.strip_suffix("_ph").unwrap_or(id);
        // The client writes a half set "sv4-5", the data "sv4pt5".
        let half = bare
            .contains("-5_")
            .then(|| bare.replacen("-5_", "pt5_", 1));
        let Some(card) = [Some(id), Some(bare), half.as_deref()]
            .into_iter()
            .flatten()
            .find_map(|i| db.by_id(i))
            .map(|i| db.card(i))
        else {
            return prints;
        };
        if prints.len() > 1 && prints.iter().any(|c| c.id == card.id) {
            return Prints::from(vec![card]);
        }
        prints
    }

    /// The prints of a Pokémon name that has every attack and Ability in `uses` (memoised).
    pub fn prints_named(&self, name: &str, uses: &[Text]) -> Known<Prints<'a>> {
        if self.db().is_none() {
            return Err("no card data is loaded".to_string());
        }
        let found = looked_up(
            |key| write_prints_key(key, name, uses),
            |key| self.prints_memo.borrow().get(key).cloned(),
        );
        if let Some(known) = found {
            return known;
        }
        let mut key = String::with_capacity(name.len() + 16 * uses.len());
        write_prints_key(&mut key, name, uses);
        let known = facts::pokemon_prints(&self.info, name, uses).map(|prints| {
            if !self.live_pool {
                return Prints::from(prints);
            }
            let live: Vec<&Card> = prints
                .iter()
                .copied()
                .filter(|c| c.legalities.standard.is_some() || c.legalities.expanded.is_some())
                .collect();
            if live.is_empty() {
                Prints::from(prints)
            } else {
                Prints::from(live)
            }
        });
        self.prints_memo.borrow_mut().insert(key, known.clone());
        known
    }

    /// What the texts of every print of a card name may change; `Err` when the data does not
    /// know the name.
    pub fn effects_named(&self, name: &str) -> KnownEffects {
        if let Some(known) = self.effects_memo.borrow().get(name) {
            return known.clone();
        }
        let known = match self.db() {
            None => Err("no card data is loaded".to_string()),
            Some(db) => {
                let prints = db.by_name(name);
                if prints.is_empty() {
                    Err(sentence!("{name} is not in the card data"))
                } else {
                    Ok(db.merged_effects(prints))
                }
            }
        };
        self.effects_memo
            .borrow_mut()
            .insert(Text::from(name), known.clone());
        known
    }

    /// What the texts of every print of a card name may change, kept for every replay over the
    /// card data (see [`SharedFacts::name_facts`]); `None` when the data does not know the name.
    pub fn name_facts(&self, name: &str) -> Option<NameFacts> {
        let slot = name_slot(name);
        if let Some(Some((n, known))) = self.name_facts_slots.borrow().get(slot)
            && n.as_str() == name
        {
            return *known;
        }
        let known = self
            .db()
            .and_then(|db| SharedFacts::of(db).name_facts(db, name));
        if let Some(s) = self.name_facts_slots.borrow_mut().get_mut(slot) {
            *s = Some((Text::from(name), known));
        }
        known
    }

    /// What the texts of the prints a Pokémon in play may be may change.
    pub fn effects_of(&self, state: &GameState, id: PokemonId) -> KnownEffects {
        self.in_slot(
            state,
            id,
            |m| &mut m.effects,
            || {
                let prints = self.prints_of(state, id)?;
                let db = self
                    .db()
                    .ok_or_else(|| "no card data is loaded".to_string())?;
                let idx: smallvec::SmallVec<[_; 8]> =
                    prints.iter().filter_map(|c| db.index_of(c)).collect();
                Ok(db.merged_effects(&idx))
            },
        )
    }

    /// A fact of a Pokémon in play kept in its slot's memo (`field`), made by `make` (which
    /// asks [`CardFacts::prints_of`], and so makes the memo of the Pokémon as it is) when the
    /// memo lacks it.
    fn in_slot<T: Clone>(
        &self,
        state: &GameState,
        id: PokemonId,
        field: impl for<'m> Fn(&'m mut MonPrints<'a>) -> &'m mut Option<T>,
        make: impl FnOnce() -> T,
    ) -> T {
        let mon = state.mon(id);
        let slot = id as usize;
        if let Some(Some(m)) = self.mon_prints.borrow_mut().get_mut(slot)
            && m.is_of(mon)
            && let Some(known) = field(m)
        {
            return known.clone();
        }
        let known = make();
        if let Some(Some(m)) = self.mon_prints.borrow_mut().get_mut(slot)
            && m.is_of(mon)
        {
            *field(m) = Some(known.clone());
        }
        known
    }

    /// The Prize value of a Pokémon by its name and what it was seen to use (see
    /// [`facts::prize_value`]), read once per card data.
    pub fn prize_value(&self, name: &str, uses: &[Text]) -> super::shared_facts::PrizeValue {
        let make = || facts::prize_value(&self.info, name, uses);
        match self.db() {
            // Kept only for a Pokémon the card data has with everything it used.
            Some(db) if self.prints_named(name, uses).is_ok() => {
                let mut key = memo_key(&["prize", name]);
                for u in uses {
                    key.push('\u{1f}');
                    key.push_str(u);
                }
                SharedFacts::of(db).prize_value(&key, make)
            }
            _ => make(),
        }
    }

    /// Whether `read` holds for `card` (a print of the card data), read once per card data.
    pub fn holds_for(&self, card: &Card, read: fn(&Card) -> bool) -> bool {
        match self.db().and_then(|db| Some((db, db.index_of(card)?))) {
            Some((db, idx)) => SharedFacts::of(db).flag(read as usize, idx, || read(card)),
            None => read(card),
        }
    }

    /// A text of the card data (an attack's, say) in lower case, made once per card data.
    pub fn lower(&self, text: &str) -> Arc<str> {
        match self.db() {
            Some(db) => SharedFacts::of(db).lower(text),
            None => Arc::from(crate::cards::lower_case(text)),
        }
    }

    /// The kind of card a name is (memoised; see [`CardInfo::kind`]).
    pub fn kind(&self, name: &str) -> CardKind {
        // A name of the card data, read by this replay or an earlier one over the same data.
        if let Some(kind) = self
            .db()
            .and_then(|db| SharedFacts::of(db).known_kind(name))
        {
            return kind;
        }
        if let Some(kind) = self.kind_memo.borrow().get(name) {
            return *kind;
        }
        match self.db() {
            Some(db) if !db.by_name(name).is_empty() => {
                SharedFacts::of(db).kind(name, || self.info.kind(name))
            }
            _ => {
                let kind = self.info.kind(name);
                self.kind_memo.borrow_mut().insert(Text::from(name), kind);
                kind
            }
        }
    }

    /// The lowest and highest printed HP of the prints a Pokémon in play may be.
    pub fn hp_bounds(&self, state: &GameState, id: PokemonId) -> Result<(i32, i32), String> {
        self.in_slot(
            state,
            id,
            |m| &mut m.hp,
            || {
                let (lo, hi) = facts::hp_range(&self.prints_of(state, id)?)?;
                Ok((lo as i32, hi as i32))
            },
        )
    }

    /// Whether some print a Pokémon in play may be holds `read` (false when the prints are not
    /// known), kept in its slot's memo.
    pub fn some_print_holds(
        &self,
        state: &GameState,
        id: PokemonId,
        read: fn(&Card) -> bool,
    ) -> bool {
        let key = read as usize;
        self.in_slot(
            state,
            id,
            |m| {
                let at = match m.some_print.iter().position(|(k, _)| *k == key) {
                    Some(at) => at,
                    None => {
                        m.some_print.push((key, None));
                        m.some_print.len() - 1
                    }
                };
                &mut m.some_print[at].1
            },
            || {
                self.prints_of(state, id)
                    .is_ok_and(|prints| prints.iter().any(|c| self.holds_for(c, read)))
            },
        )
    }

    /// Of the prints a Pokémon in play may be, those the game client carries (see
    /// [`CardFacts::client_pool`]).
    pub fn client_prints_of(&self, state: &GameState, id: PokemonId) -> Known<Prints<'a>> {
        self.prints_of(state, id).map(|p| self.client_pool(p))
    }

    /// Of `prints`, the ones Pokémon TCG Live carries: its card pool begins with the Sword &
    /// Shield series, the first to print a regulation mark. A check may call a play `ok` when
    /// it holds for every one of these; a `violation` still needs it to fail for every print
    /// of the wider pool (an Expanded print without a mark), so that a game played with an
    /// older print is never accused. Under older rule editions, or when no print has a mark,
    /// all of `prints`.
    pub fn client_pool(&self, prints: Prints<'a>) -> Prints<'a> {
        if !self.live_pool {
            return prints;
        }
        let marked = prints
            .iter()
            .filter(|c| c.regulation_mark.is_some())
            .count();
        if marked == 0 || marked == prints.len() {
            return prints;
        }
        prints
            .iter()
            .copied()
            .filter(|c| c.regulation_mark.is_some())
            .collect()
    }

    /// The effect text of a Trainer or Energy card (or a Pokémon's Abilities), memoised.
    pub fn card_effect(&self, name: &str) -> Option<Arc<EffectText>> {
        self.effect(&["card", name], || {
            self.info
                .card_text(name)
                .map(|e| (UseKind::Ability, Arc::new(e)))
        })
        .map(|(_, e)| e)
    }

    /// The attack or Ability a Pokémon uses, and its text, memoised.
    pub fn use_effect(&self, pokemon: &str, what: &str) -> Option<MemoEffect> {
        self.effect(&["use", pokemon, what], || {
            self.info
                .use_of(pokemon, what)
                .map(|(k, e)| (k, Arc::new(e)))
        })
    }

    /// The effect under `key`: this replay's memo, else the one every replay over the card
    /// data shares, else `make`'s.
    fn effect(
        &self,
        parts: &[&str],
        make: impl FnOnce() -> Option<MemoEffect>,
    ) -> Option<MemoEffect> {
        let found = looked_up(
            |key| write_parts(key, parts.iter().copied()),
            |key| self.effect_memo.borrow().get(key).cloned(),
        );
        if let Some(e) = found {
            return e;
        }
        let key = memo_key(parts);
        let e = match self.db() {
            Some(db) => SharedFacts::of(db).effect(&key, make),
            None => make(),
        };
        self.effect_memo.borrow_mut().insert(key, e.clone());
        e
    }

    /// Why a card among `names` may change the rule the `phrases` describe: its text mentions
    /// one of them, or the card data does not know it. `None` when none can.
    pub fn may_change(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        self.may_change_except(names, phrases, &[])
    }

    /// As [`CardFacts::may_change`], but a card the data does not know raises no doubt: for
    /// rules that only a few named cards change, where the check cites the known ones.
    pub fn may_change_known(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        let db = self.db()?;
        let known: Vec<Text> = names
            .iter()
            .filter(|n| !db.by_name(n).is_empty())
            .cloned()
            .collect();
        self.may_change(&known, phrases)
    }

    /// As [`CardFacts::may_change`], reading each text with the `except` phrases removed first
    /// (an attack-cost check ignores "Retreat Cost").
    pub fn may_change_except(
        &self,
        names: &[Text],
        phrases: &[&str],
        except: &[&str],
    ) -> Option<String> {
        self.may_change_where(names, |lower| {
            let owned;
            let text = if except.iter().any(|e| lower.contains(e)) {
                let mut t = lower.to_string();
                for e in except {
                    t = t.replace(e, " ");
                }
                owned = t;
                owned.as_str()
            } else {
                lower
            };
            phrases
                .iter()
                .find(|p| text.contains(*p))
                .map(|p| p.to_string())
        })
    }

    /// Why a card among `names` may change a rule: `find` returns the phrase of its (lower
    /// case) text that speaks of the rule, or the card data does not know the card.
    pub fn may_change_where(
        &self,
        names: &[Text],
        find: impl Fn(&str) -> Option<String>,
    ) -> Option<String> {
        self.may_change_in(names, |_, text| find(text))
    }

    /// As [`CardFacts::may_change_where`], with what `find` reads of each print kept for every
    /// replay over the card data (a function, so that its answers can be kept under it).
    pub fn may_change_by(
        &self,
        names: &[Text],
        find: fn(&str) -> Option<String>,
    ) -> Option<String> {
        let shared = self.db().map(SharedFacts::of);
        self.may_change_in(names, |idx, text| match shared {
            Some(shared) => shared.reading(find as usize, idx, || find(text)),
            None => find(text),
        })
    }

    fn may_change_in(
        &self,
        names: &[Text],
        find: impl Fn(crate::cards::CardIdx, &str) -> Option<String>,
    ) -> Option<String> {
        let db = self.db();
        for name in names {
            if basic_energy_type(name).is_some() {
                continue;
            }
            let Some(db) = db else {
                return Some(
                    "no card data is loaded to rule out effects of the cards in play".to_string(),
                );
            };
            let Some(idx) = db.newest_print_idx(name) else {
                return Some(sentence!(
                    "{name} is in play and is not in the card data, so its effects are unknown"
                ));
            };
            if let Some(p) = find(idx, db.passive_text_lower(idx)) {
                return Some(sentence!(
                    "{name} is in play and its text speaks of \"{p}\""
                ));
            }
        }
        None
    }
}

/// A slot of [`CardFacts::name_facts`]: the name last read into it, and what it may change.
type NameFactsSlot = Option<(Text, Option<NameFacts>)>;

/// How many slots [`CardFacts::name_facts`] keeps in front of the shared table (a power of
/// two).
const NAME_FACTS_SLOTS: usize = 256;

/// The slot of [`CardFacts::name_facts`] a name is kept in.
fn name_slot(name: &str) -> usize {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(name.as_bytes());
    (h.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - NAME_FACTS_SLOTS.trailing_zeros()))
        as usize
}

/// The cards in play whose text can change a rule: the top card of each Pokémon (all of them,
/// or only `pokemon`), the Tools and Special Energy attached to those, and the Stadium.
pub fn cards_in_play(state: &GameState, pokemon: Option<&[PokemonId]>) -> Vec<Text> {
    let mut names: Vec<Text> = Vec::new();
    let ids: Vec<PokemonId> = match pokemon {
        Some(ids) => ids.to_vec(),
        None => state.players.iter().flat_map(|p| p.in_play()).collect(),
    };
    for id in ids {
        let m = state.mon(id);
        names.push(Text::from(m.name()));
        names.extend(m.tools.iter().cloned());
        names.extend(
            m.energy
                .iter()
                .filter(|e| basic_energy_type(e).is_none())
                .cloned(),
        );
    }
    if let Some(s) = &state.stadium {
        names.push(s.name.clone());
    }
    names.sort();
    names.dedup();
    names
}

/// The effects in force at a step, as the card data and the state say.
pub struct InForce<'f, 'a> {
    pub cards: &'f CardFacts<'a>,
    pub state: &'f GameState,
}

impl EffectSource for InForce<'_, '_> {
    fn pokemon_effects(&self, id: PokemonId) -> KnownEffects {
        self.cards.effects_of(self.state, id)
    }

    fn named_effects(&self, name: &str) -> KnownEffects {
        self.cards.effects_named(name)
    }

    fn print_effects(&self, id: &str, name: &str) -> KnownEffects {
        match self
            .cards
            .db()
            .and_then(|db| db.by_log_id(id).map(|i| (db, i)))
        {
            Some((db, i)) if db.card(i).name == name => Ok(db.merged_effects(&[i])),
            _ => self.cards.effects_named(name),
        }
    }
}
