//! What the tracker hands the driver and the judges about one line: what the line refers to
//! ([`Resolved`], found before the line is applied), what applying it changed that a judge may
//! need ([`Applied`]), and what the tracker has to say about it ([`Note`]: a description, or
//! why it could not follow the line exactly). None of them is a verdict.

use crate::log::Text;
use std::sync::Arc;

use crate::log::Condition;

use super::super::super::cardinfo::{CardKind, UseKind};
use super::super::super::effect::EffectText;
use super::super::super::resolve::Found;
use super::super::super::state::{PlayerIdx, PokemonId};
use super::ListUse;

/// What the tracker says about a line. The driver turns a note into the line's step: a
/// description is `info`; a line the tracker could not follow exactly is `unverified`, since
/// what depends on it cannot be checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// A plain description of the line.
    Info(String),
    /// The tracker could not follow the line exactly: a player or Pokémon it cannot find, or
    /// a choice between Pokémon it could not tell apart.
    Unsure(String),
    /// The line has no known shape.
    Unparsed(String),
    /// A line names a Pokémon the tracked state does not have in play: the state lost track of
    /// it (owner's name, Pokémon's name, the message).
    Lost {
        owner: Text,
        name: Text,
        message: String,
    },
}

impl Note {
    /// A line naming someone who is not one of the two players.
    pub fn unknown_player(name: &str) -> Note {
        Note::Unsure(sentence!(
            "the line names {name:?}, who is not one of the two players of this log"
        ))
    }

    /// A line naming a Pokémon the tracked state does not have in play.
    pub fn not_in_play(owner: &str, name: &str) -> Note {
        Note::Lost {
            owner: Text::from(owner),
            name: Text::from(name),
            message: sentence!(
                "no Pokémon named {name} is in play for {owner} as far as the log shows; an earlier line may have moved it without saying so"
            ),
        }
    }

    /// A line that several Pokémon fit: the tracker chose one.
    pub fn ambiguous(found: &Found) -> Option<Note> {
        found.is_ambiguous().then(|| {
            Note::Unsure(
                "more than one Pokémon in play fits this line, and the log does not say which"
                    .to_string(),
            )
        })
    }
}

/// How a `X played Y.` line is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A Trainer card played from the hand, of this kind as far as the card data knows.
    Trainer(CardKind),
    /// The Stadium in play is used (its own effect, not a new card).
    StadiumEffect,
    /// An Ability of the Pokémon in play of that name (the client writes some that way).
    Ability(Option<PokemonId>),
}

/// What a line refers to, as the tracker resolved it from the state before the line. Only the
/// fields the line's kind needs are set.
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    /// The player the line names (the acting player, or the owner of the Pokémon it names).
    pub player: Option<PlayerIdx>,
    /// The Pokémon the line means: the one a card is attached to, that evolves, retreats (the
    /// Active Pokémon), is promoted, uses an attack or Ability, is attacked, takes damage or
    /// is Knocked Out.
    pub pokemon: Found,
    /// Every Pokémon an evolution line may mean.
    pub candidates: Vec<PokemonId>,
    /// Pokémon the line could mean that the tracker cannot tell apart: what it tracks on them
    /// becomes uncertain.
    pub uncertain: Vec<PokemonId>,
    /// The attacking Pokémon of an attack line.
    pub attacker: Found,
    /// How a `played` line is read.
    pub played: Option<Played>,
    /// The card an attach line attaches is a Pokémon Tool (else Energy).
    pub tool: bool,
    /// Whether a `used` line is an attack or an Ability.
    pub use_kind: Option<UseKind>,
    /// The text of the effect behind the line: the attack or Ability a `used` line names, or
    /// the effect that makes a Pokémon evolve (a sub-line).
    pub effect: Option<Arc<EffectText>>,
    /// What a card list names.
    pub list: Option<ListUse>,
    /// The line cannot be followed as written (an unknown player, a Pokémon not in play, a
    /// retreat of another Pokémon than the Active one): this note is its only finding, and no
    /// judge runs on it.
    pub lost: Option<Note>,
}

impl Resolved {
    /// A line the tracker cannot follow: `note` is its only finding.
    pub fn lost(note: Note) -> Resolved {
        Resolved {
            lost: Some(note),
            ..Resolved::default()
        }
    }
}

/// Special Conditions that ended on a line, for the judge that cites the rule that ended them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConditionsEnded {
    /// A Pokémon evolved or left the Active Spot: all its Special Conditions ended.
    Cleared {
        pokemon: String,
        conditions: Vec<Condition>,
        by: ClearedBy,
    },
    /// A new Special Condition replaced one it cannot stand beside (Asleep, Confused and
    /// Paralyzed replace one another).
    Replaced {
        pokemon: String,
        now: Condition,
        old: Condition,
    },
}

/// What ended a Pokémon's Special Conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClearedBy {
    Evolving,
    GoingToTheBench,
}

/// What applying a line changed, for the judges that read the state after it. Kept small: it
/// is made for every line.
#[derive(Debug, Clone, Default)]
pub struct Applied {
    /// What the tracker says about the line (no line needs more than one note).
    pub note: Option<Note>,
    /// Special Conditions that ended.
    pub conditions: Option<ConditionsEnded>,
}

impl Applied {
    /// Nothing to say but this description.
    pub fn info(message: impl Into<String>) -> Applied {
        Applied::note(Note::Info(message.into()))
    }

    pub fn note(note: Note) -> Applied {
        Applied::with_note(Some(note))
    }

    pub fn with_note(note: Option<Note>) -> Applied {
        Applied {
            note,
            conditions: None,
        }
    }
}
