//! Card data: the model and the importer of the open pokemon-tcg-data JSON layout.
//!
//! - [`model`]: what a card is (pure types and string parsers).
//! - [`import`]: an IO edge: reads the pokemon-tcg-data layout (`cards/en/*.json`,
//!   `sets/en.json`).
//! - [`tcgdex`]: an IO edge: reads the TCGdex cards-database layout (one TypeScript literal per
//!   card), names and texts in several languages ([`localized`]).
//! - [`load`]: a folder of either layout, or several as one ([`CardDb::load_dirs`]).
//! - [`merge`]: the same card in both sources, merged; their disagreements; set codes.
//! - [`card_list`]: the cards of a database, given or read from the snapshot when first asked
//!   for.
//! - [`db`]: [`CardDb`] with indexes by id and normalised name, [`Lookup`] and [`Fact`].
//! - [`snapshot`]: the built-in card data (both sources merged, compressed, compiled in).
//! - [`prize`]: Prize value of a Knock Out, with its reason.
//! - [`energy`]: what an Energy card provides, and [`can_pay`] for attack costs.
//! - [`mod@describe`]: terminal rendering of what the data knows about a name.
//! - [`names`]: name normalisation for lookups from battle logs.
//! - [`decklist`]: PTCG Live deck lists read into card lines, and the "same name" key.

pub mod card_list;
pub mod db;
pub mod decklist;
pub mod describe;
pub mod effects;
pub mod energy;
pub mod error;
pub mod import;
pub mod load;
pub mod local_names;
pub mod localized;
pub mod merge;
pub mod model;
pub mod names;
pub mod prize;
pub mod rotation;
pub mod snapshot;
pub mod suggest;
pub mod tcgdex;
#[cfg(test)]
pub(crate) mod test_support;

pub use db::{CardDb, CardIdx, Fact, Lookup};
pub use describe::describe;
pub use energy::{
    ConditionalProvision, EnergyDetails, EnergyKinds, EnergyProvision, basic_energy_type, can_pay,
    energy_details, energy_provides,
};
pub use error::{CardDataError, ImportWarning};
pub use load::{DataSource, Layout, describe_sources};
pub use localized::{Lang, LangTexts, Localized, LocalizedNamed};
pub use model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, DamageModifier, EnergyType, Legalities,
    Legality, Resistance, RuleBoxKind, SetInfo, Stage, Subtype, Supertype, UnknownValue, Weakness,
    WeaknessModifier,
};
pub use names::{lower_case, normalize_name, starts_with_lower};
pub use prize::{PrizeSource, PrizeValue};
