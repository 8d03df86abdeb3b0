//! Card data: the model and the importer of the open pokemon-tcg-data JSON layout.
//!
//! - [`model`]: what a card is (pure types and string parsers).
//! - [`import`]: the only IO edge (reads `cards/en/*.json` and `sets/en.json`).
//! - [`db`]: [`CardDb`] with indexes by id and normalised name, [`Lookup`] and [`Fact`].
//! - [`prize`]: Prize value of a Knock Out, with its reason.
//! - [`energy`]: what an Energy card provides, and [`can_pay`] for attack costs.
//! - [`mod@describe`]: terminal rendering of what the data knows about a name.
//! - [`names`]: name normalisation for lookups from battle logs.
//! - [`decklist`]: PTCG Live deck lists read into card lines, and the "same name" key.

pub mod db;
pub mod decklist;
pub mod describe;
pub mod effects;
pub mod energy;
pub mod error;
pub mod import;
pub mod model;
pub mod names;
pub mod prize;
#[cfg(test)]
mod test_support;

pub use db::{CardDb, CardIdx, Fact, Lookup};
pub use describe::describe;
pub use energy::{
    ConditionalProvision, EnergyDetails, EnergyKinds, EnergyProvision, basic_energy_type, can_pay,
    energy_details, energy_provides,
};
pub use error::{CardDataError, ImportWarning};
pub use model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, DamageModifier, EnergyType, Legalities,
    Legality, Resistance, RuleBoxKind, SetInfo, Stage, Subtype, Supertype, UnknownValue, Weakness,
    WeaknessModifier,
};
pub use names::normalize_name;
pub use prize::{PrizeSource, PrizeValue};
