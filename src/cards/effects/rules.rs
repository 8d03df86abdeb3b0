//! The text rules: how a card's English effect text is read into the facts it may change.
//!
//! Each text of a card (every attack, every Ability, and the card's own rules: a Trainer's or
//! Special Energy's text, or the rules printed on a Pokémon beyond its rule box) becomes one
//! [`TextEffects`]. A text is normalised once ([`super::text::normalise`]), cut into sentences,
//! standard reminders and rule boxes are dropped ([`super::reminders`]), and every remaining
//! sentence is read by the fact families:
//! - [`super::damage`]: damage dealt, damage taken, Weakness/Resistance, maximum HP;
//! - [`super::status`]: Knock Outs, damage counters, Prize cards, Special Conditions, winner;
//! - [`super::costs`]: Energy provided, attack cost, Retreat Cost;
//! - [`super::play`]: Bench size, first turn, once-per-turn limits, evolution, Tools, attack
//!   choice, play rules, suppression.
//!
//! The rules read phrases, numbers and sentence structure, never card names (the card's own
//! name is only read as "this Pokémon" / "this card").
//!
//! **Whom an effect reaches** ([`Reach`]) is read from the words of the clause that carries the
//! effect (its subject or object, see [`super::text::side_of`]); when that clause names no
//! one, from the sentence's main clauses, then from the previous sentence ("Choose 1 of your
//! opponent's Pokémon. Put 3 damage counters on that Pokémon."), and otherwise
//! [`Reach::Any`]. An attack's own damage is always the holder's.
//!
//! **Activation**: attacks, Items and Supporters are [`Activation::WhenUsed`]; so are Abilities
//! the player chooses to use ("Once during your turn, you may …", "As often as you like during
//! your turn …", "When you play this Pokémon from your hand …, you may …", "During your turn,
//! you may …", "At any time during your turn …", "You must discard … in order to use this
//! Ability", VSTAR Powers). Every other Ability (passive, or triggered by something else:
//! "If this Pokémon is damaged by an attack …", "Whenever you attach an Energy card …"),
//! Pokémon Tools, Technical Machines, Stadiums, Special Energy, the extra rules of a Pokémon,
//! and Trainers that stay in play as a Pokémon ("Play this card as if it were a 60-HP Basic
//! Pokémon") or as an attachment (old Trainers that say "Attach <card> to …") are
//! [`Activation::InPlay`]. When unsure, `InPlay` (in force for longer) is chosen.
//!
//! **Lasting**: a text used (`WhenUsed`) whose effect-bearing sentence says it lasts past the
//! turn: "during your opponent's next turn", "during your next turn", "until the end of your
//! (opponent's) next turn", "for the rest of the game", "until … leaves …", "as long as …".
//! An `InPlay` text is in force while its card is in play, so it is never `lasting`.

use super::exact::Exact;
use super::text::{Sides, clauses, has, is_condition, named_side, normalise, sentences, side_of};
use super::{Activation, CardEffects, Effect, Fact, FactSet, Reach, TextEffects, TextKind};
use super::{costs, damage, play, reminders, status};
use crate::cards::{AbilityKind, Card, DamageModifier, Subtype, Supertype};
use rustc_hash::FxHashMap;

/// The reading state of one sentence of a text: what kind of text it is, the sentence, whom
/// the previous sentence named, and what was found so far.
pub(crate) struct Cx<'a> {
    pub kind: TextKind,
    pub in_attack: bool,
    /// How phrases are read for whom they name.
    sides: Sides,
    /// The word stems of the sentence ([`super::text::kw`]).
    kw: u64,
    /// The sentence being read (normalised, reminders cut).
    sentence: &'a str,

    /// The sentences read before this one (latest last), for "that Pokémon".
    before: &'a [&'a str],
    found: Vec<Effect>,
}

impl Cx<'_> {
    /// The sentence's main clauses (condition clauses left out), for the fallback reach.
    fn main(&self) -> String {
        let main: Vec<&str> = clauses(self.sentence)
            .filter(|c| !is_condition(c))
            .collect();
        main.join(", ")
    }

    /// Does the sentence have a word with any of these stems?
    pub fn has(&self, stems: u64) -> bool {
        self.kw & stems != 0
    }

    /// Whom the latest earlier sentence that names anyone named.
    fn prev(&self) -> Option<Reach> {
        self.before
            .iter()
            .rev()
            .find_map(|p| side_of(p, self.sides))
    }

    /// Whom a phrase is about: its own words (a pronoun subject first resolved by
    /// [`Cx::anaphora`], "you" last), else the sentence's main clauses, else the whole
    /// sentence, else the previous sentence, else anyone (the holder for a Special Energy's
    /// own text).
    pub fn reach(&self, phrase: &str) -> Reach {
        let main = self.main();
        named_side(phrase, self.sides)
            .or_else(|| self.anaphora(phrase))
            .or_else(|| side_of(phrase, self.sides))
            .or_else(|| named_side(&main, self.sides))
            .or_else(|| named_side(self.sentence, self.sides))
            .or_else(|| self.prev())
            .unwrap_or(self.default_reach())
    }

    /// A clause whose subject points back to the condition just before it: "it …", "its …",
    /// "that Pokémon …" mean the Pokémon the condition is about, without whoever acts on it
    /// ("If the Pokémon this card is attached to … would be Knocked Out by damage from an
    /// opponent's attack, that Pokémon is not Knocked Out": the holder); "that player …"
    /// means the player behind the cause ("… is Knocked Out by damage from an attack from your
    /// opponent's Pokémon, that player takes 1 fewer Prize card": the opponent). "An
    /// opponent's attack" is the opponent of the Pokémon the condition is about, whichever side
    /// that is ("When a Darkness Pokémon (yours or your opponent's) … is Knocked Out by damage
    /// from an opponent's attack, that player …": anyone). `None` when the subject is
    /// something else or the condition names no one.
    fn anaphora(&self, clause: &str) -> Option<Reach> {
        let mut t = clause.trim_start_matches('(').trim_start();
        for lead in ["and ", "then ", "but "] {
            t = t.strip_prefix(lead).unwrap_or(t);
        }
        let player = t.starts_with("that player");
        let pokemon = ["it ", "its ", "that pokemon "]
            .iter()
            .any(|p| t.starts_with(p));
        if !player && !pokemon {
            return None;
        }
        // The last condition before the clause (a clause not read from this sentence as it
        // stands has no known place: nothing is resolved).
        let head = &self.sentence[..self.sentence.find(clause)?];
        let cond = clauses(head).filter(|c| is_condition(c)).last()?;
        let cause = [" by ", " from "].iter().filter_map(|k| cond.find(k)).min();
        let subject = named_side(&cond[..cause.unwrap_or(cond.len())], self.sides);
        if pokemon {
            return subject;
        }
        let by = &cond[cause?..];
        if subject == Some(Reach::Any) {
            return subject;
        }
        if has(by, "opponent") && !has(by, "your opponent") {
            // Relative to the Pokémon the condition is about.
            return Some(match subject {
                Some(Reach::Holder | Reach::OwnSide) => Reach::OpponentSide,
                Some(Reach::OpponentSide) => Reach::OwnSide,
                _ => Reach::Any,
            });
        }
        named_side(by, self.sides)
    }

    /// Whom the first of `phrases` that names anyone is about; else the previous sentence,
    /// else anyone (the holder for a Special Energy's own text). Unlike [`Cx::reach`] this
    /// does not fall back on the whole sentence, whose object may name another side ("the
    /// attacks it uses do 30 more damage to your opponent's Active Pokémon").
    pub fn reach_first(&self, phrases: &[&str]) -> Reach {
        phrases
            .iter()
            .find_map(|p| side_of(p, self.sides))
            .or_else(|| self.prev())
            .unwrap_or(self.default_reach())
    }

    /// A Special Energy's text that names no one is about the card and the Pokémon it is
    /// attached to; any other text that names no one may reach anyone.
    fn default_reach(&self) -> Reach {
        if self.kind == TextKind::EnergyRules {
            Reach::Holder
        } else {
            Reach::Any
        }
    }

    /// Whom a phrase names, if anyone.
    pub fn side(&self, phrase: &str) -> Option<Reach> {
        side_of(phrase, self.sides)
    }

    /// Record that the text may change `fact` for `reach`.
    pub fn add(&mut self, fact: Fact, reach: Reach) {
        self.found.push(Effect { fact, reach });
    }
}

/// Texts already read. Reprints repeat most texts, so building the catalogue of a whole card
/// set reads each distinct text once: first by the card's name and raw text (what the
/// normalised text depends on), then by what the reading depends on (the kind of text, its
/// activation, how it names sides, and its normalised words).
#[derive(Default)]
pub struct TextCache<'a> {
    by_raw: FxHashMap<RawKey<'a>, Option<Reading>>,
    by_words: FxHashMap<WordsKey, WordsReading>,
}

/// What a reading depends on once the text is normalised: the kind of text, its activation,
/// how it names sides ([`Sides`]: the attacker is the opponent, "this card" is the holder),
/// and its words.
type WordsKey = (TextKind, Activation, bool, bool, bool, String);

/// What [`read_text`] finds in a text.
#[derive(Debug, Clone)]
struct WordsReading {
    effects: Vec<Effect>,
    lasting: bool,
    exact: Vec<Exact>,
    inexact: FactSet,
}

/// A text as printed, with what else its reading depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct RawKey<'a> {
    kind: TextKind,
    /// The card kinds that decide activation and sides (see [`signature`]).
    signature: u16,
    name: &'a str,
    text: RawText<'a>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum RawText<'a> {
    One(&'a str),
    Rules(&'a [String]),
}

/// What one text was read as (`None` in the cache: a Pokémon's rules that are only reminders).
#[derive(Debug, Clone)]
struct Reading {
    activation: Activation,
    lasting: bool,
    effects: Vec<Effect>,
    exact: Vec<Exact>,
    inexact: FactSet,
}

/// The card kinds a reading depends on besides the text: Pokémon, Trainer or Energy, Tool,
/// Stadium, Technical Machine, Item, Supporter.
fn signature(card: &Card) -> u16 {
    let flags = [
        card.is_tool(),
        card.is_stadium(),
        card.has_subtype(&Subtype::TechnicalMachine),
        card.is_item(),
        card.is_supporter(),
    ];
    let kinds = flags
        .iter()
        .enumerate()
        .fold(0u16, |acc, (i, f)| acc | (u16::from(*f) << i));
    kinds | ((card.supertype as u16) << 8)
}

impl<'a> TextCache<'a> {
    fn words(
        &mut self,
        kind: TextKind,
        lower: String,
        activation: Activation,
        sides: Sides,
        printed: bool,
    ) -> WordsReading {
        let key = (
            kind,
            activation,
            sides.attacker_is_opponent,
            sides.this_card_is_holder,
            printed,
            lower,
        );
        if let Some(hit) = self.by_words.get(&key) {
            return hit.clone();
        }
        let got = read_text(kind, &key.5, activation, sides, printed);
        self.by_words.insert(key, got.clone());
        got
    }

    /// Read one text of `card` (memoised by name and raw text).
    fn text(
        &mut self,
        card: &'a Card,
        names: &mut Option<Vec<(String, String)>>,
        kind: TextKind,
        raw: RawText<'a>,
        ability: Option<&AbilityKind>,
        printed: bool,
    ) -> Option<Reading> {
        let signature = match kind {
            TextKind::Ability => u16::from(ability == Some(&AbilityKind::VstarPower)),
            TextKind::Attack => u16::from(printed),
            _ => signature(card),
        };
        let key = RawKey {
            kind,
            signature,
            name: &card.name,
            text: raw,
        };
        if let Some(hit) = self.by_raw.get(&key) {
            return hit.clone();
        }
        let names = names.get_or_insert_with(|| own_names(card));
        let lower = match raw {
            RawText::One(t) => normalise(t, names),
            RawText::Rules(r) => normalise(&r.join(" "), names),
        };
        let got = self.read_lower(card, kind, lower, ability, printed);
        self.by_raw.insert(key, got.clone());
        got
    }

    fn read_lower(
        &mut self,
        card: &Card,
        kind: TextKind,
        lower: String,
        ability: Option<&AbilityKind>,
        printed: bool,
    ) -> Option<Reading> {
        let (activation, sides) = match kind {
            TextKind::Attack => (Activation::WhenUsed, Sides::default()),
            TextKind::Ability => {
                let activation =
                    ability_activation(ability.unwrap_or(&AbilityKind::Ability), &lower);
                let sides = Sides {
                    attacker_is_opponent: activation == Activation::InPlay,
                    this_card_is_holder: false,
                };
                (activation, sides)
            }
            _ => {
                if kind == TextKind::PokemonRules
                    && sentences(&lower).iter().all(|s| reminders::is_reminder(s))
                {
                    return None;
                }
                let activation = rules_activation(card, kind, &lower);
                // A card that is in play when its rules act (a Tool, an Energy, a Trainer
                // played as a Pokémon, a Pokémon's own rules) is the holder; a Stadium or a
                // card played is not.
                let in_play = activation == Activation::InPlay && !card.is_stadium();
                let sides = Sides {
                    attacker_is_opponent: in_play,
                    this_card_is_holder: in_play,
                };
                (activation, sides)
            }
        };
        let w = self.words(kind, lower, activation, sides, printed);
        Some(Reading {
            activation,
            lasting: w.lasting,
            effects: w.effects,
            exact: w.exact,
            inexact: w.inexact,
        })
    }
}

/// Read every text of a card.
pub fn read_card(card: &Card) -> CardEffects {
    read_card_with(card, &mut TextCache::default())
}

/// Read every text of a card, reusing the readings of texts already in `cache`.
pub fn read_card_with<'a>(card: &'a Card, cache: &mut TextCache<'a>) -> CardEffects {
    let mut names = None;
    let mut texts = Vec::with_capacity(card.attacks.len() + card.abilities.len() + 1);
    for a in &card.abilities {
        let kind = TextKind::Ability;
        if let Some(r) = cache.text(
            card,
            &mut names,
            kind,
            RawText::One(&a.text),
            Some(&a.kind),
            false,
        ) {
            texts.push(TextEffects {
                kind,
                name: a.name.clone(),
                activation: r.activation,
                lasting: r.lasting,
                effects: r.effects,
                exact: r.exact,
                inexact: r.inexact,
            });
        }
    }
    for a in &card.attacks {
        let kind = TextKind::Attack;
        let printed = a.damage.is_some();
        let Some(mut r) = cache.text(card, &mut names, kind, RawText::One(&a.text), None, printed)
        else {
            continue;
        };
        if a.damage
            .is_some_and(|d| d.modifier != DamageModifier::Fixed)
        {
            r.effects.push(Effect {
                fact: Fact::DamageDealt,
                reach: Reach::Holder,
            });
            r.effects = merge(r.effects);
            // A printed "+", "×" or "-" with no sentence read as changing the damage: the
            // text's change is not known.
            let own = r.exact.iter().any(|e| {
                matches!(e, Exact::Damage(m) if m.step == super::exact::Step::Base
                    && matches!(m.amount, super::exact::Amount::Add { .. }
                        | super::exact::Amount::AddPer { .. }
                        | super::exact::Amount::BasePer { .. }))
            });
            if !own {
                r.inexact.insert(Fact::DamageDealt);
            }
        }
        texts.push(TextEffects {
            kind,
            name: a.name.clone(),
            activation: r.activation,
            lasting: r.lasting,
            effects: r.effects,
            exact: r.exact,
            inexact: r.inexact,
        });
    }
    if !card.rules.is_empty() {
        let kind = match card.supertype {
            Supertype::Pokemon => TextKind::PokemonRules,
            Supertype::Trainer => TextKind::TrainerRules,
            Supertype::Energy => TextKind::EnergyRules,
        };
        if let Some(r) = cache.text(
            card,
            &mut names,
            kind,
            RawText::Rules(&card.rules),
            None,
            false,
        ) {
            texts.push(TextEffects {
                kind,
                name: String::new(),
                activation: r.activation,
                lasting: r.lasting,
                effects: r.effects,
                exact: r.exact,
                inexact: r.inexact,
            });
        }
    }
    CardEffects::new(texts)
}

/// The card's own name as its text may write it, each with what it is read as.
fn own_names(card: &Card) -> Vec<(String, String)> {
    let full = normalise(&card.name, &[]);
    let mut names: Vec<(String, String)> = Vec::new();
    if card.supertype == Supertype::Pokemon {
        // "Unown [E]" is written "Unown E"; "Celebi ★" "Celebi Star"; "Dusknoir LV.X" and
        // "Dialga G" are written without their suffix in old texts.
        let mut variants = vec![
            full.clone(),
            full.replace('★', "star"),
            full.replace(['[', ']'], ""),
        ];
        for suffix in [
            " lv.x", " ex", "-ex", " v", " vmax", " vstar", "-gx", " gx", " break", " ◇", " ★",
            " δ", " g", " gl", " fb", " c", " e4", " 4", " star", " legend", " prime",
        ] {
            if let Some(base) = full.strip_suffix(suffix) {
                variants.push(base.trim().to_string());
            }
        }
        for v in variants {
            let v = v.trim().to_string();
            if v.len() >= 3 && !names.iter().any(|(n, _)| *n == v) {
                names.push((v, "this pokemon".to_string()));
            }
        }
    } else {
        // Trainer and Energy names are often plain words ("Switch", "Potion"): only the
        // phrases that can only mean the card itself are rewritten.
        for tail in [
            " is attached",
            " provides",
            " can be attached",
            " has no effect",
            " counts as",
        ] {
            names.push((format!("{full}{tail}"), format!("this card{tail}")));
        }
        names.push((
            format!("attach {full} to"),
            "attach this card to".to_string(),
        ));
    }
    names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    names
}

/// Read one normalised text: its effects and whether they last past the turn.
fn read_text(
    kind: TextKind,
    lower: &str,
    activation: Activation,
    sides: Sides,
    printed: bool,
) -> WordsReading {
    let mut found = Vec::new();
    let mut lasting = false;
    let mut exact = Vec::new();
    let mut inexact = FactSet::EMPTY;
    let stripped: Vec<std::borrow::Cow<'_, str>> = sentences(lower)
        .into_iter()
        .filter(|s| !reminders::is_reminder(s))
        .map(reminders::strip_inline)
        .collect();
    let all: Vec<&str> = stripped.iter().map(|s| s.as_ref()).collect();
    for (i, &s) in all.iter().enumerate() {
        let before = found.len();
        let mut cx = Cx {
            kind,
            in_attack: kind == TextKind::Attack,
            sides,
            kw: super::text::kw::of(s),
            sentence: s,
            before: &all[..i],
            found,
        };
        damage::read(&mut cx, s);
        status::read(&mut cx, s);
        costs::read(&mut cx, s);
        play::read(&mut cx, s);
        found = cx.found;
        if found.len() > before && is_lasting(s) {
            lasting = true;
        }
        // What the sentence may change, and whether the exact reader reads it: the facts it
        // models (damage, Weakness and Resistance, HP) are then exact; every other fact of the
        // sentence stays "may change".
        let facts: FactSet = found[before..].iter().map(|e| e.fact).collect();
        if facts.is_empty() {
            continue;
        }
        match super::exact::read_sentence(kind, printed, s, &all[..i]) {
            Some(mut read) => {
                super::exact::then_moves_counted(&mut read, all.get(i + 1).copied());
                // Damage counters are read exactly only by a reading of counters, the Prize
                // count only by a reading of whose Knock Out changes it.
                let counters = super::exact::reads_counters(s);
                let prizes = read.iter().any(|e| {
                    matches!(
                        e,
                        super::exact::Exact::Prizes(_) | super::exact::Exact::PrizesTaken
                    )
                });
                // Effects kept off a Pokémon: the counters it may stop are read exactly too.
                let counters = counters
                    || read
                        .iter()
                        .any(|e| matches!(e, super::exact::Exact::EffectsPrevented { .. }));
                exact.extend(read);
                for f in facts.iter() {
                    let exact_here = EXACT_FACTS.contains(&f)
                        || (counters && f == Fact::DamageCounters)
                        || (prizes && f == Fact::PrizeCount);
                    if !exact_here {
                        inexact.insert(f);
                    }
                }
            }
            None => inexact = inexact.union(facts),
        }
    }
    let effects = merge(found);
    let lasting = lasting && activation == Activation::WhenUsed && !effects.is_empty();
    WordsReading {
        effects,
        lasting,
        exact,
        inexact,
    }
}

/// The facts the exact reader ([`super::exact`]) models when it reads a sentence.
const EXACT_FACTS: &[Fact] = &[
    Fact::DamageDealt,
    Fact::DamageTaken,
    Fact::WeaknessResistance,
    Fact::MaxHp,
];

/// Does this sentence say its effect lasts past the turn?
fn is_lasting(s: &str) -> bool {
    super::text::any(
        s,
        &[
            "next turn",
            "until the end of your opponent's",
            "for the rest of the game",
            "for the rest of this game",
            "until this pokemon leaves",
            "leaves the active spot",
            "leaves play",
            "as long as",
            "until the end of the next turn",
        ],
    )
}

/// One effect per fact and reach, the narrower reaches dropped when a wider one covers them
/// (the holder is on the owner's side; anyone covers all), sorted by fact.
fn merge(mut effects: Vec<Effect>) -> Vec<Effect> {
    effects.sort_by_key(|e| (e.fact, e.reach));
    effects.dedup();
    let covered = |e: &Effect, all: &[Effect]| {
        all.iter().any(|o| {
            o.fact == e.fact
                && o.reach != e.reach
                && (o.reach == Reach::Any
                    || (o.reach == Reach::OwnSide && e.reach == Reach::Holder))
        })
    };
    let all = effects.clone();
    effects.retain(|e| !covered(e, &all));
    effects
}

/// Whether an Ability is used by choice (the log writes its use) or acts on its own.
fn ability_activation(kind: &AbilityKind, lower: &str) -> Activation {
    if *kind == AbilityKind::VstarPower || has(lower, "vstar power") {
        return Activation::WhenUsed;
    }
    let chosen = super::text::any(
        lower,
        &[
            "once during your turn",
            "once during each of your turns",
            "once during your first turn",
            "once during your opponent's turn",
            "once per turn",
            "as often as you like during",
            "when you play this pokemon from your hand",
            "during your turn, you may",
            "during your turn (before your attack), you may",
            "at any time during your turn",
            "in order to use this ability",
            "in order to use this power",
            "you may use this ability",
            "you may use this power",
        ],
    );
    if chosen {
        Activation::WhenUsed
    } else {
        Activation::InPlay
    }
}

/// When a card's own rules act.
fn rules_activation(card: &Card, kind: TextKind, lower: &str) -> Activation {
    match kind {
        TextKind::EnergyRules | TextKind::PokemonRules => Activation::InPlay,
        TextKind::Attack | TextKind::Ability => Activation::WhenUsed,
        TextKind::TrainerRules => {
            let stays = card.is_tool()
                || card.is_stadium()
                || card.has_subtype(&Subtype::TechnicalMachine)
                || has(lower, "as if it were")
                || has(lower, "counts as a pokemon");
            let played = card.is_item() || card.is_supporter();
            let attaches_itself = !played && {
                let name = normalise(&card.name, &[]);
                has(lower, "attach this card")
                    || lower.contains(&format!("attach {name} to"))
                    || lower.contains(&format!("{name} is attached"))
            };
            if stays || attaches_itself {
                Activation::InPlay
            } else {
                Activation::WhenUsed
            }
        }
    }
}

/// How a test text is read: as what kind of card text, and so with which activation and
/// sides.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum As {
    Attack,
    Ability,
    /// A Pokémon Tool's or Special Energy's rules: in play, "this card" is the holder.
    Attached(TextKind),
    /// An Item's or Supporter's rules, played.
    Played,
    /// A Stadium's rules: in play, holding nothing.
    Stadium,
}

/// Read one text as `how` (for the rule tests of the fact families): its effects as
/// (fact, reach) pairs, sorted.
#[cfg(test)]
pub(crate) fn read_as(how: As, text: &str) -> Vec<(Fact, Reach)> {
    let lower = normalise(text, &[]);
    let (kind, activation, sides) = match how {
        As::Attack => (TextKind::Attack, Activation::WhenUsed, Sides::default()),
        As::Ability => {
            let activation = ability_activation(&AbilityKind::Ability, &lower);
            let sides = Sides {
                attacker_is_opponent: activation == Activation::InPlay,
                this_card_is_holder: false,
            };
            (TextKind::Ability, activation, sides)
        }
        As::Attached(kind) => (
            kind,
            Activation::InPlay,
            Sides {
                attacker_is_opponent: true,
                this_card_is_holder: true,
            },
        ),
        As::Played => (
            TextKind::TrainerRules,
            Activation::WhenUsed,
            Sides::default(),
        ),
        As::Stadium => (TextKind::TrainerRules, Activation::InPlay, Sides::default()),
    };
    read_text(kind, &lower, activation, sides, true)
        .effects
        .into_iter()
        .map(|e| (e.fact, e.reach))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Fact::*;
    use Reach::*;

    #[test]
    fn a_pronoun_subject_means_what_the_condition_is_about() {
        // "that Pokémon": the holder the condition names, not the opponent whose attack
        // Knocks it Out.
        assert_eq!(
            read_as(
                As::Attached(TextKind::TrainerRules),
                "If the Pokémon this card is attached to has full HP and would be Knocked Out \
                 by damage from an opponent's attack, that Pokémon is not Knocked Out and its \
                 remaining HP becomes 10 instead."
            ),
            vec![(KnockOut, Holder), (DamageCounters, Holder)]
        );
        // "that player": the opponent behind the Knock Out.
        assert_eq!(
            read_as(
                As::Attached(TextKind::EnergyRules),
                "If the Pokémon this card is attached to is Knocked Out by damage from an \
                 attack from your opponent's Pokémon, that player takes 1 fewer Prize card."
            ),
            vec![(PrizeCount, OpponentSide)]
        );
        // "it": the Pokémon of the condition, not "you" of "your first turn".
        assert_eq!(
            read_as(
                As::Ability,
                "As long as this Pokémon is in the Active Spot, it can evolve during your \
                 first turn or the turn you play it."
            ),
            vec![(FirstTurn, Holder), (Evolution, Holder)]
        );
        // "An opponent's attack" against anyone's Pokémon: anyone.
        assert_eq!(
            read_as(
                As::Stadium,
                "When a Darkness Pokémon (yours or your opponent's) that has any Darkness \
                 Energy attached to it is Knocked Out by damage from an opponent's attack, \
                 that player takes 1 fewer Prize card."
            ),
            vec![(PrizeCount, Any)]
        );
        // The condition just before the clause, not the sentence's first one.
        assert_eq!(
            read_as(
                As::Attached(TextKind::TrainerRules),
                "If the Pokémon this card is attached to doesn't have a Rule Box, it gets +100 \
                 HP, and if it is Knocked Out by damage from an attack from your opponent's \
                 Pokémon, that player takes 1 more Prize card."
            ),
            vec![(MaxHp, Holder), (PrizeCount, OpponentSide)]
        );
        // A condition that names no one leaves the reading as it was.
        assert_eq!(
            read_as(As::Attack, "Flip a coin. If heads, it is now Paralyzed."),
            vec![(Conditions, Any)]
        );
    }
}
