//! What the Energy attached to an attacking Pokémon provides there, for the cost check: basic
//! Energy by its name (and an Ability that may make it provide two), Special Energy by its
//! card's text with its printed conditions evaluated against the state.

use crate::cards::{EnergyProvision, Stage};
use crate::engine::facts;
use crate::engine::replay::judges::Judging;
use crate::engine::state::PokemonId;

/// " provides ", searched in many Ability texts.
static PROVIDES: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(" provides "));

/// Whether one of a print's Abilities speaks of what Energy "provides".
fn has_providing_ability(card: &crate::cards::Card) -> bool {
    card.abilities
        .iter()
        .any(|a| PROVIDES.find(a.text.as_bytes()).is_some())
}

/// What an Energy attached to a Pokémon provides there: its printed conditions (Reversal
/// Energy's "if you have more Prize cards remaining…") are evaluated when understood.
pub(super) fn energy_on(
    j: &Judging<'_, '_>,
    holder: PokemonId,
    energy: &str,
) -> Result<EnergyProvision, String> {
    energy_read(j, holder, energy, Doubling::Read)
}

/// Whether a basic Energy's reading asks if an Ability makes it provide two ("Each Basic Grass
/// Energy attached to all of your Pokémon provides GrassGrass Energy"). Asking reads the
/// prints of every Pokémon of the holder's side (1.4M instructions of the 2.5M `energy_on` cost
/// over the 24 English logs, 3 rounds, at a525354), and a second unit of an Energy only helps
/// pay a cost: a cost the single reading pays is paid either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Doubling {
    /// Ask (what the Energy provides there).
    Read,
    /// Do not ask: each basic Energy provides one (at most what it provides there).
    Unread,
}

/// What each Energy card attached to a Pokémon provides there, read once per name (the same
/// card attached twice provides the same).
pub(super) struct AttachedEnergy<'m> {
    holder: PokemonId,
    energy: &'m [crate::log::Text],
    /// Each name's reading, in the order first attached.
    read: Vec<(&'m str, Result<EnergyProvision, String>)>,
    /// A basic Energy is attached (its reading may depend on [`Doubling`]).
    pub(super) has_basic: bool,
}

impl<'m> AttachedEnergy<'m> {
    pub(super) fn read(
        j: &Judging<'m, '_>,
        holder: PokemonId,
        doubling: Doubling,
    ) -> AttachedEnergy<'m> {
        let energy: &'m [crate::log::Text] = &j.state.mon(holder).energy;
        let mut read: Vec<(&str, Result<EnergyProvision, String>)> = Vec::new();
        let mut has_basic = false;
        for e in energy {
            if read.iter().any(|(n, _)| *n == e.as_str()) {
                continue;
            }
            has_basic |= crate::cards::basic_energy_type(e).is_some();
            read.push((e.as_str(), energy_read(j, holder, e, doubling)));
        }
        AttachedEnergy {
            holder,
            energy,
            read,
            has_basic,
        }
    }

    /// The reading of an attached Energy card by name.
    pub(super) fn reading(&self, name: &str) -> &Result<EnergyProvision, String> {
        match self.read.iter().find(|(n, _)| *n == name) {
            Some((_, k)) => k,
            None => unreachable!("{name} is not attached to Pokémon {}", self.holder),
        }
    }

    /// What each attached card provides (for the cost), why some card's provision is not
    /// known, and the Special Energy read by their names.
    pub(super) fn provisions(
        &self,
        j: &Judging<'_, '_>,
    ) -> (Vec<EnergyProvision>, Vec<String>, Vec<String>) {
        let mut provided: Vec<EnergyProvision> = Vec::new();
        let mut unknown: Vec<String> = Vec::new();
        let mut read_by_name: Vec<String> = Vec::new();
        for e in self.energy {
            match self.reading(e) {
                Ok(p) => provided.push(p.clone()),
                Err(_) if let Some((p, note)) = unknown_energy_by_name(j, e) => {
                    provided.push(p);
                    read_by_name.push(note);
                }
                Err(why) => unknown.push(sentence!("cannot tell what {e} provides: {why}")),
            }
        }
        (provided, unknown, read_by_name)
    }
}

/// [`energy_on`], asking about the Ability that may double a basic Energy only when `doubling`
/// says so.
fn energy_read(
    j: &Judging<'_, '_>,
    holder: PokemonId,
    energy: &str,
    doubling: Doubling,
) -> Result<EnergyProvision, String> {
    let Some(db) = j.db() else {
        return facts::energy_provision(None, energy);
    };
    if let Some(t) = crate::cards::basic_energy_type(energy) {
        // What `facts::energy_provision` reads for a basic Energy name, without reading the
        // name again.
        let mut provision = EnergyProvision::basic(t);
        if doubling == Doubling::Read && basic_energy_doubled(j, db, holder, t) {
            provision.count = 2;
        }
        return Ok(provision);
    }
    let card = db.newest_print_idx(energy);
    let Some(details) = card.and_then(|i| db.energy_details(i)) else {
        return facts::energy_provision(Some(db), energy);
    };
    for case in &details.conditional {
        match energy_condition_holds(j, holder, &case.condition) {
            Some(true) => return Ok(case.provision.clone()),
            Some(false) => {}
            None => {
                return Err(sentence!(
                    "it provides more when \"{}\", which the engine cannot evaluate",
                    case.condition
                ));
            }
        }
    }
    Ok(details.provision.clone())
}

/// "Each Basic Grass Energy attached to all of your Pokémon provides GrassGrass Energy"
/// (Meganium's Wild Growth): an Ability of a Pokémon of the holder's side makes each basic Energy
/// of type `t` provide two. Read only for a print with an Ability that speaks of providing
/// Energy (rare).
fn basic_energy_doubled(
    j: &Judging<'_, '_>,
    db: &crate::cards::CardDb,
    holder: PokemonId,
    t: crate::cards::EnergyType,
) -> bool {
    let phrases = || {
        let t = t.as_str().to_lowercase();
        (
            sentence!("each basic {t} energy attached to"),
            sentence!("provides {t}{t} energy"),
        )
    };
    let owner = j.state.mon(holder).owner;
    j.state.players[owner].in_play().any(|id| {
        j.cards.some_print_holds(j.state, id, has_providing_ability)
            && j.prints_of(id).is_ok_and(|prints| {
                prints.iter().any(|c| {
                    j.cards.holds_for(c, has_providing_ability)
                        && db.index_of(c).is_some_and(|i| {
                            let x = db.passive_text_lower(i);
                            let (each, provides) = phrases();
                            x.contains(&each) && x.contains(&provides)
                        })
                })
            })
    })
}

/// A Special Energy the card data does not have, named "<word> <Type> Energy": every such
/// card in the data (Heat Fire, Horror Psychic, Wash Water, …) provides that type while
/// attached, so it is read as 1 Energy of that type, and the reading is stated.
fn unknown_energy_by_name(j: &Judging<'_, '_>, energy: &str) -> Option<(EnergyProvision, String)> {
    let db = j.db()?;
    if !db.by_name(energy).is_empty() {
        return None;
    }
    let t = facts::energy_type_in_name(energy)?;
    Some((
        EnergyProvision::basic(t),
        sentence!(
            "{energy} is not in the card data; read as 1 {} Energy, as every Special Energy named \"… {} Energy\" in the data provides",
            t.as_str(),
            t.as_str()
        ),
    ))
}

/// Whether a Special Energy's printed condition holds for the Pokémon it is attached to;
/// `None` when a part of it is not understood.
fn energy_condition_holds(j: &Judging<'_, '_>, holder: PokemonId, condition: &str) -> Option<bool> {
    let mon = j.state.mon(holder);
    let me = &j.state.players[mon.owner];
    let them = &j.state.players[1 - mon.owner];
    let text = condition
        .to_lowercase()
        .replace(", and if ", " and ")
        .replace("if ", "");
    let mut all = true;
    for clause in text.split(" and ") {
        let c = clause.trim();
        let holds = if c.contains("more prize cards remaining than your opponent") {
            me.prizes_left? > them.prizes_left?
        } else if c.contains("fewer prize cards remaining than your opponent") {
            me.prizes_left? < them.prizes_left?
        } else if c.contains("attached to an evolution pokémon")
            || c.contains("attached to an evolved pokémon")
        {
            let evolution = mon.stack.len() > 1;
            let rule_box = facts::name_has_rule_box(mon.name());
            if c.contains("doesn't have a rule box") {
                evolution && !rule_box
            } else {
                evolution
            }
        } else if c.contains("doesn't have a rule box") {
            !facts::name_has_rule_box(mon.name())
        } else if c.contains("has any other special energy attached") {
            // The Energy tracked on it, this card included: another one is Special.
            if mon.uncertain {
                return None;
            }
            let special = mon
                .energy
                .iter()
                .filter(|e| crate::cards::basic_energy_type(e).is_none())
                .count();
            special > 1
        } else if c.contains("attached to a basic pokémon") {
            mon.stack.len() == 1
        } else if let Some(wanted) = [
            ("attached to a stage 2 pokémon", Stage::Stage2),
            ("attached to a stage 1 pokémon", Stage::Stage1),
        ]
        .into_iter()
        .find_map(|(words, stage)| c.contains(words).then_some(stage))
        {
            // The stage the holder's prints agree on (a doubt leaves the condition unread).
            let prints = j.prints_of(holder).ok()?;
            facts::stage(&prints).ok()? == wanted
        } else {
            return None;
        };
        all &= holds;
    }
    Some(all)
}
