//! The effect catalogue: which rule facts each card's text can change.
//!
//! Card text overrides the rulebook. Before a rule check says `violation` it asks which cards
//! are in force and whether any of them can change the fact it checks. This module answers the
//! second half from the card text alone, once per card: every attack, Ability and rules text is
//! read by the text rules in [`rules`] into the [`Fact`]s it may change and how far it reaches
//! ([`Reach`]). The rules read the English effect text; they are not lists of card names.
//!
//! Pure: no IO.

mod costs;
pub mod coverage;
mod damage;
pub mod exact;
mod fact;
mod play;
mod reminders;
pub mod rules;
mod status;
pub mod table;
pub(crate) mod text;

pub use fact::{Fact, FactSet, Reach};
pub use table::{FactCount, fact_counts, render_counts, render_fact, render_name};

use serde::Serialize;

use super::{Card, CardDb, CardIdx};

/// Which part of a card a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextKind {
    Attack,
    Ability,
    /// The rules of a Trainer card (Item, Supporter, Stadium, Pokémon Tool).
    TrainerRules,
    /// The rules of a Special Energy card.
    EnergyRules,
    /// Rules printed on a Pokémon beyond its kind's standard rule box.
    PokemonRules,
}

/// When a text acts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Activation {
    /// Whenever the card is in play: a passive Ability, a Tool, a Special Energy, a Stadium.
    InPlay,
    /// When used, and the log writes the use: an attack, a Trainer played, an Ability the
    /// player chooses to use ("Once during your turn, you may …").
    WhenUsed,
}

/// One fact a text may change, and whom it reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Effect {
    pub fact: Fact,
    pub reach: Reach,
}

/// What one text of a card (an attack, an Ability, the card's rules) may change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TextEffects {
    pub kind: TextKind,
    /// The attack's or Ability's name; empty for a card's rules.
    pub name: String,
    pub activation: Activation,
    /// The effect outlasts the turn it is used in ("during your opponent's next turn …").
    pub lasting: bool,
    pub effects: Vec<Effect>,
    /// What the text does, where the exact reader could read it ([`exact`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exact: Vec<exact::Exact>,
    /// The facts of [`TextEffects::effects`] some sentence of which the exact reader could not
    /// read: those stay "may change". A fact not in this set is read exactly.
    #[serde(skip_serializing_if = "no_facts")]
    pub inexact: FactSet,
}

impl TextEffects {
    pub fn facts(&self) -> FactSet {
        self.effects.iter().map(|e| e.fact).collect()
    }
}

fn no_facts(f: &FactSet) -> bool {
    f.is_empty()
}

/// What a card's texts may change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CardEffects {
    texts: Vec<TextEffects>,
    /// The facts the texts that act while the card is in play may change, read once: the
    /// checks ask it of every card in play at every attack, and most answer none.
    #[serde(skip)]
    in_play_facts: FactSet,
    /// The facts any of its texts may change, read once.
    #[serde(skip)]
    facts: FactSet,
    /// The facts its lasting texts may change ("during your opponent's next turn"), read once:
    /// what an attack or Ability used on an earlier turn may still change.
    #[serde(skip)]
    lasting_facts: FactSet,
}

impl CardEffects {
    pub fn new(texts: Vec<TextEffects>) -> CardEffects {
        let (mut in_play_facts, mut facts) = (FactSet::EMPTY, FactSet::EMPTY);
        let mut lasting_facts = FactSet::EMPTY;
        for text in &texts {
            facts = facts.union(text.facts());
            if text.activation == Activation::InPlay {
                in_play_facts = in_play_facts.union(text.facts());
            }
            if text.lasting {
                lasting_facts = lasting_facts.union(text.facts());
            }
        }
        CardEffects {
            texts,
            in_play_facts,
            facts,
            lasting_facts,
        }
    }

    /// Each text of the card: its attacks, Abilities and rules.
    pub fn texts(&self) -> &[TextEffects] {
        &self.texts
    }

    /// Every fact any text of the card may change.
    pub fn facts(&self) -> FactSet {
        self.facts
    }

    /// Every fact a text that acts while the card is in play may change.
    pub fn in_play_facts(&self) -> FactSet {
        self.in_play_facts
    }

    /// Every fact a lasting text of the card may change.
    pub fn lasting_facts(&self) -> FactSet {
        self.lasting_facts
    }

    /// The texts that act while the card is in play.
    pub fn in_play(&self) -> impl Iterator<Item = &TextEffects> {
        self.texts
            .iter()
            .filter(|t| t.activation == Activation::InPlay)
    }

    /// The attack or Ability of that name.
    pub fn named(&self, name: &str) -> Option<&TextEffects> {
        self.texts.iter().find(|t| t.name == name)
    }

    /// The card's own rules (a Trainer's or Special Energy's text).
    pub fn rules(&self) -> Option<&TextEffects> {
        self.texts.iter().find(|t| {
            matches!(
                t.kind,
                TextKind::TrainerRules | TextKind::EnergyRules | TextKind::PokemonRules
            )
        })
    }
}

/// Read every text of one card.
pub fn card_effects(card: &Card) -> CardEffects {
    rules::read_card(card)
}

/// The catalogue of a whole card data set: [`CardEffects`] per card, by [`CardIdx`].
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    cards: Vec<CardEffects>,
}

impl Catalogue {
    pub fn build(db: &CardDb) -> Catalogue {
        let mut cache = rules::TextCache::default();
        Catalogue {
            cards: db
                .cards()
                .map(|c| rules::read_card_with(c, &mut cache))
                .collect(),
        }
    }

    pub fn of(&self, idx: CardIdx) -> &CardEffects {
        &self.cards[idx as usize]
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Per fact, how many cards have a text that may change it.
    pub fn counts(&self) -> Vec<(Fact, usize)> {
        Fact::ALL
            .iter()
            .map(|f| {
                let n = self.cards.iter().filter(|c| c.facts().contains(*f)).count();
                (*f, n)
            })
            .collect()
    }
}
