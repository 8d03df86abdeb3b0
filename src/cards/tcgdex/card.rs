//! One TCGdex card literal into the model's [`Card`], with its other-language texts in
//! [`Card::localized`].
//!
//! What TCGdex does not say is derived the way pokemon-tcg-data writes it: subtypes from
//! `stage`, `suffix`, `trainerType`, `energyType` and the rarity (ACE SPEC, Radiant); "MEGA" for
//! the Mega Evolution era's `Mega … ex`; the printed rule-box text of the kinds the rules count
//! Prize cards for; Energy symbols in English texts written out (`{P}` -> `Psychic`). An Energy
//! whose name is not a basic Energy's is Special even where the data says `Normal` (as it does
//! for several 2026 Special Energy), with a warning.

use super::fields::{
    PerLanguage, Shape, opt_array, opt_str, opt_strings, opt_text, opt_u32, per_language,
};
use super::literal::Value;
use super::set::TcgdexSet;
use crate::cards::energy::basic_energy_type;
use crate::cards::error::ImportWarning;
use crate::cards::localized::{Localized, LocalizedNamed};
use crate::cards::model::{
    Ability, AbilityKind, Attack, BaseDamage, Card, EnergyType, Legalities, Resistance, Subtype,
    Supertype, Weakness, WeaknessModifier,
};

/// Collects the warnings of one card.
struct Warn<'w> {
    id: String,
    out: &'w mut Vec<ImportWarning>,
}

impl Warn<'_> {
    fn push(&mut self, message: String) {
        self.out.push(ImportWarning {
            card_id: self.id.clone(),
            message,
        });
    }

    /// Warn about language keys the model does not know (once per key).
    fn languages(&mut self, texts: &PerLanguage<'_>) {
        for k in &texts.unknown {
            let message = format!("unknown language {k:?} left out");
            if !self
                .out
                .iter()
                .any(|w| w.card_id == self.id && w.message == message)
            {
                self.push(message);
            }
        }
    }
}

/// The collector number of a card file: the file name without `.ts`, without the leading
/// zeros of an all-digit number (`"056"` -> `"56"`, `"TG01"` stays).
pub fn local_number(file_stem: &str) -> String {
    if !file_stem.is_empty() && file_stem.bytes().all(|b| b.is_ascii_digit()) {
        let t = file_stem.trim_start_matches('0');
        return if t.is_empty() { "0".into() } else { t.into() };
    }
    file_stem.to_string()
}

/// An English card text as pokemon-tcg-data writes it: Energy symbols as type names
/// (`{C}{C}` -> `ColorlessColorless`), line breaks as spaces.
pub fn english_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let mut chars = after.chars();
        let symbol = chars.next().and_then(EnergyType::from_symbol);
        match (symbol, chars.next()) {
            (Some(t), Some('}')) => {
                out.push_str(t.as_str());
                rest = &after[2..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    let mut joined = String::with_capacity(out.len());
    for (i, line) in out
        .split('\n')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        if i > 0 {
            joined.push(' ');
        }
        joined.push_str(line);
    }
    joined
}

/// Read one card literal. `Ok(None)` (with a warning) for a card the model cannot hold: no
/// English name, or an unknown category.
pub fn card(
    value: &Value<'_>,
    set: &TcgdexSet,
    file_stem: &str,
    warnings: &mut Vec<ImportWarning>,
) -> Result<Option<Card>, Shape> {
    let number = local_number(file_stem);
    let id = format!("{}-{number}", set.id);
    let mut warn = Warn { id, out: warnings };
    let name_texts = per_language(value, "name")?;
    let Some((name_en, names)) = name_texts.map(|n| {
        warn.languages(&n);
        (n.en.map(str::to_string), n.others)
    }) else {
        warn.push("card without name skipped".into());
        return Ok(None);
    };
    let Some(name_en) = name_en else {
        warn.push("card without an English name skipped".into());
        return Ok(None);
    };
    let supertype = match opt_str(value, "category")? {
        Some("Pokemon") => Supertype::Pokemon,
        Some("Trainer") => Supertype::Trainer,
        Some("Energy") => Supertype::Energy,
        other => {
            warn.push(format!("unknown category {other:?}: card skipped"));
            return Ok(None);
        }
    };
    let serie = set.serie.id.as_str();
    let rarity = opt_str(value, "rarity")?;
    let mut name = name_en;
    let mut subtypes = Vec::new();
    match supertype {
        Supertype::Pokemon => pokemon_subtypes(value, &name, &mut subtypes, &mut warn)?,
        Supertype::Trainer => trainer_subtypes(value, &mut subtypes, &mut warn)?,
        Supertype::Energy => {
            let said = opt_str(value, "energyType")?;
            match (basic_energy_type(&name), said) {
                (Some(t), None | Some("Normal")) => {
                    subtypes.push(Subtype::Basic);
                    if matches!(serie, "sv" | "me") && !name.starts_with("Basic ") {
                        name = format!("Basic {t} Energy");
                    }
                }
                (_, Some("Special")) => subtypes.push(Subtype::Special),
                (None, None | Some("Normal")) => {
                    if said.is_some() {
                        warn.push(
                            "energyType \"Normal\" on an Energy that is not a basic Energy: \
                             read as Special"
                                .into(),
                        );
                    }
                    subtypes.push(Subtype::Special);
                }
                (_, Some(other)) => {
                    warn.push(format!("unknown energyType {other:?}"));
                    subtypes.push(Subtype::Other(other.to_string()));
                }
            }
        }
    }
    match rarity {
        Some("ACE SPEC Rare") => subtypes.push(Subtype::AceSpec),
        Some("Radiant Rare") if supertype == Supertype::Pokemon => subtypes.push(Subtype::Radiant),
        _ => {}
    }
    if name.contains('◇') {
        subtypes.push(Subtype::PrismStar);
    }

    let mut localized = Localized {
        name: names,
        ..Localized::default()
    };
    let hp = match opt_u32(value, "hp") {
        Ok(hp) => hp.filter(|&h| h > 0 || supertype != Supertype::Pokemon),
        Err(e) => {
            warn.push(format!("unreadable {} left out", e.message));
            None
        }
    };
    let types = energy_types(opt_strings(value, "types")?, "Pokémon", &mut warn);
    let evolves_from = match per_language(value, "evolveFrom")? {
        Some(e) => {
            warn.languages(&e);
            localized.evolves_from = e.others;
            e.en.map(str::to_string)
        }
        None => None,
    };
    let (weaknesses, resistances) = weaknesses_and_resistances(value, &mut warn)?;
    let retreat_cost = match opt_u32(value, "retreat")? {
        Some(n) => vec![EnergyType::Colorless; n.min(10) as usize],
        None => Vec::new(),
    };
    let attacks = attacks(value, &mut localized, &mut warn)?;
    let abilities = abilities(value, &mut localized, &mut warn)?;

    let mut rules = Vec::new();
    if supertype == Supertype::Pokemon {
        rules.extend(rule_box_text(&subtypes, serie).map(str::to_string));
    }
    if let Some(e) = per_language(value, "effect")? {
        warn.languages(&e);
        if let Some(en) = e.en {
            rules.push(english_text(en));
        }
        localized.effect = e.others;
    }
    if supertype != Supertype::Pokemon && subtypes.contains(&Subtype::AceSpec) {
        rules.push("ACE SPEC: You can't have more than 1 ACE SPEC card in your deck.".into());
    }

    let regulation_mark = opt_str(value, "regulationMark")?
        .map(str::trim)
        .filter(|m| !m.is_empty() && *m != "None")
        .map(str::to_ascii_uppercase);
    let level = opt_text(value, "level")?.map(str::to_string);
    Ok(Some(Card {
        id: warn.id,
        name,
        supertype,
        subtypes,
        hp,
        types,
        evolves_from,
        evolves_to: Vec::new(),
        weaknesses,
        resistances,
        retreat_cost,
        attacks,
        abilities,
        rules,
        set_id: set.id.clone(),
        number,
        regulation_mark,
        level,
        legalities: Legalities::default(),
        localized: (!localized.is_empty()).then(|| Box::new(localized)),
    }))
}

fn pokemon_subtypes(
    value: &Value<'_>,
    name: &str,
    out: &mut Vec<Subtype>,
    warn: &mut Warn<'_>,
) -> Result<(), Shape> {
    match opt_str(value, "stage")? {
        None => {}
        Some(stage) => out.push(match stage {
            "Basic" => Subtype::Basic,
            "Stage1" => Subtype::Stage1,
            "Stage2" => Subtype::Stage2,
            "VMAX" => Subtype::VMAX,
            "VSTAR" => Subtype::VSTAR,
            "V-UNION" => Subtype::VUnion,
            "MEGA" => Subtype::Mega,
            "BREAK" => Subtype::Break,
            "LEVEL-UP" => Subtype::LevelUp,
            "RESTORED" => Subtype::Restored,
            "Baby" => Subtype::Baby,
            other => {
                warn.push(format!("unknown stage {other:?} kept as a subtype"));
                Subtype::Other(other.to_string())
            }
        }),
    }
    // The name decides between the two eras' "ex" and "EX": the data writes `suffix: "EX"` on
    // some Mega Evolution era cards ("Mega Excadrill ex"), whose name ends in a lowercase "ex".
    let suffix = match opt_str(value, "suffix")? {
        Some("EX" | "ex") if name.ends_with(" ex") => Some("ex"),
        other => other,
    };
    match suffix {
        None => {}
        Some("ex") => {
            // The Mega Evolution era's "Mega Lucario ex" (the XY era's are stage "MEGA").
            if name.starts_with("Mega ") && !out.contains(&Subtype::Mega) {
                out.push(Subtype::Mega);
            }
            out.push(Subtype::Ex);
        }
        Some("EX") => out.push(Subtype::EX),
        Some("GX") => out.push(Subtype::GX),
        Some("V") => out.push(Subtype::V),
        Some("TAG TEAM-GX") => out.extend([Subtype::TagTeam, Subtype::GX]),
        Some("SP") => out.push(Subtype::SP),
        Some("Prime") => out.push(Subtype::Prime),
        Some("Legend") => out.push(Subtype::Legend),
        Some(other) => {
            warn.push(format!("unknown suffix {other:?} kept as a subtype"));
            out.push(Subtype::Other(other.to_string()));
        }
    }
    Ok(())
}

fn trainer_subtypes(
    value: &Value<'_>,
    out: &mut Vec<Subtype>,
    warn: &mut Warn<'_>,
) -> Result<(), Shape> {
    match opt_str(value, "trainerType")? {
        None => {}
        Some("Supporter") => out.push(Subtype::Supporter),
        Some("Item") => out.push(Subtype::Item),
        Some("Tool") => out.push(Subtype::PokemonTool),
        Some("Stadium") => out.push(Subtype::Stadium),
        Some("Technical Machine") => out.push(Subtype::TechnicalMachine),
        Some("Rocket's Secret Machine") => out.push(Subtype::RocketsSecretMachine),
        Some("Ace Spec") => out.push(Subtype::AceSpec),
        Some(other) => {
            warn.push(format!("unknown trainerType {other:?} kept as a subtype"));
            out.push(Subtype::Other(other.to_string()));
        }
    }
    Ok(())
}

/// The printed rule-box text of the kinds whose rule gives Prize cards or limits the deck,
/// as pokemon-tcg-data writes them.
fn rule_box_text(subtypes: &[Subtype], serie: &str) -> Option<&'static str> {
    let has = |s: Subtype| subtypes.contains(&s);
    Some(if has(Subtype::Mega) && has(Subtype::Ex) {
        "Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."
    } else if has(Subtype::Ex) && matches!(serie, "sv" | "me") {
        "Pokémon ex rule: When your Pokémon ex is Knocked Out, your opponent takes 2 Prize cards."
    } else if has(Subtype::TagTeam) {
        "TAG TEAM rule: When your TAG TEAM is Knocked Out, your opponent takes 3 Prize cards."
    } else if has(Subtype::VMAX) {
        "VMAX rule: When your Pokémon VMAX is Knocked Out, your opponent takes 3 Prize cards."
    } else if has(Subtype::VSTAR) {
        "VSTAR rule: When your Pokémon VSTAR is Knocked Out, your opponent takes 2 Prize cards."
    } else if has(Subtype::V) {
        "V rule: When your Pokémon V is Knocked Out, your opponent takes 2 Prize cards."
    } else if has(Subtype::GX) {
        "Pokémon-GX rule: When your Pokémon-GX is Knocked Out, your opponent takes 2 Prize cards."
    } else if has(Subtype::EX) {
        "Pokémon-EX rule: When a Pokémon-EX has been Knocked Out, your opponent takes 2 Prize cards."
    } else if has(Subtype::Radiant) {
        "Radiant Pokémon Rule: You can't have more than 1 Radiant Pokémon in your deck."
    } else {
        return None;
    })
}

fn energy_types(names: Vec<&str>, what: &str, warn: &mut Warn<'_>) -> Vec<EnergyType> {
    let mut out = Vec::with_capacity(names.len());
    for s in names {
        match s.parse::<EnergyType>() {
            Ok(t) => out.push(t),
            Err(_) => warn.push(format!("unknown {what} type {s:?} left out")),
        }
    }
    out
}

fn weaknesses_and_resistances(
    value: &Value<'_>,
    warn: &mut Warn<'_>,
) -> Result<(Vec<Weakness>, Vec<Resistance>), Shape> {
    let mut weaknesses = Vec::new();
    for w in opt_array(value, "weaknesses")? {
        let t = opt_str(w, "type")?.map(str::parse::<EnergyType>);
        let v = opt_text(w, "value")?;
        match (t, v.and_then(WeaknessModifier::parse)) {
            (Some(Ok(type_)), Some(modifier)) => weaknesses.push(Weakness { type_, modifier }),
            (t, _) => warn.push(format!("unreadable weakness {t:?} {v:?} left out")),
        }
    }
    let mut resistances = Vec::new();
    for r in opt_array(value, "resistances")? {
        let t = opt_str(r, "type")?.map(str::parse::<EnergyType>);
        let v = opt_text(r, "value")?;
        match (t, v.and_then(Resistance::parse_amount)) {
            (Some(Ok(type_)), Some(amount)) => resistances.push(Resistance { type_, amount }),
            (t, _) => warn.push(format!("unreadable resistance {t:?} {v:?} left out")),
        }
    }
    Ok((weaknesses, resistances))
}

/// The name and text of an attack or Ability: English, and the other languages.
fn named(
    item: &Value<'_>,
    what: &str,
    warn: &mut Warn<'_>,
) -> Result<(String, String, LocalizedNamed), Shape> {
    let mut localized = LocalizedNamed::default();
    let mut name = String::new();
    if let Some(n) = per_language(item, "name")? {
        warn.languages(&n);
        match n.en {
            Some(en) => name = en.to_string(),
            None => warn.push(format!("{what} without an English name")),
        }
        localized.name = n.others;
    }
    let mut text = String::new();
    if let Some(t) = per_language(item, "effect")? {
        warn.languages(&t);
        text = t.en.map(english_text).unwrap_or_default();
        localized.text = t.others;
    }
    Ok((name, text, localized))
}

fn attacks(
    value: &Value<'_>,
    localized: &mut Localized,
    warn: &mut Warn<'_>,
) -> Result<Vec<Attack>, Shape> {
    let mut out = Vec::new();
    for a in opt_array(value, "attacks")? {
        let (name, text, texts) = named(a, "attack", warn)?;
        let mut cost = energy_types(opt_strings(a, "cost")?, "attack cost", warn);
        cost.retain(|t| *t != EnergyType::Free);
        let damage = match opt_text(a, "damage")? {
            None => None,
            Some(d) => match BaseDamage::parse(&d.replace('＋', "+")) {
                Ok(d) => d,
                Err(_) => {
                    warn.push(format!("attack {name:?}: unreadable damage {d:?} left out"));
                    None
                }
            },
        };
        out.push(Attack {
            name,
            cost,
            damage,
            text,
        });
        localized.attacks.push(texts);
    }
    Ok(out)
}

fn abilities(
    value: &Value<'_>,
    localized: &mut Localized,
    warn: &mut Warn<'_>,
) -> Result<Vec<Ability>, Shape> {
    let mut out = Vec::new();
    for a in opt_array(value, "abilities")? {
        let (name, text, texts) = named(a, "Ability", warn)?;
        let kind = match opt_str(a, "type")? {
            None | Some("Ability") => AbilityKind::Ability,
            Some("Poke-POWER") => AbilityKind::PokePower,
            Some("Poke-BODY") => AbilityKind::PokeBody,
            Some("Pokemon Power") => AbilityKind::PokemonPower,
            Some("Ancient Trait") => AbilityKind::AncientTrait,
            Some(other) => AbilityKind::parse(other),
        };
        out.push(Ability { name, kind, text });
        localized.abilities.push(texts);
    }
    Ok(out)
}

#[cfg(test)]
#[path = "card_tests.rs"]
mod tests;
