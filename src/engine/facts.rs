//! The card facts the rule checks need, each answered with what the card data knows or why it
//! cannot say (missing card, prints that disagree). A check turns an `Err` into `unverified`.

use crate::cards::{
    Attack, Card, CardDb, CardIdx, EnergyProvision, EnergyType, PrizeSource, PrizeValue,
    Resistance, Stage, Weakness, basic_energy_type,
};

use super::cardinfo::CardInfo;

/// A fact, or the reason it is not known.
pub type Known<T> = Result<T, String>;

/// The prints a Pokémon in play may be: its name's prints that have every attack and Ability
/// it was seen to use.
pub fn pokemon_prints<'a>(
    info: &CardInfo<'a>,
    name: &str,
    uses: &[impl AsRef<str>],
) -> Known<Vec<&'a Card>> {
    let Some(db) = info.db().filter(|d| !d.is_empty()) else {
        return Err("no card data is loaded".to_string());
    };
    let mut key = String::with_capacity(name.len() + 16 * uses.len());
    key.push_str(name);
    for u in uses {
        key.push('\u{1f}');
        key.push_str(u.as_ref());
    }
    let found = db.narrowed_prints(&key, || {
        let mut prints: Vec<CardIdx> = db
            .by_name(name)
            .iter()
            .copied()
            .filter(|i| db.card(*i).is_pokemon())
            .collect();
        if prints.is_empty() {
            return Err(sentence!("{name} is not in the card data"));
        }
        for u in uses {
            let u = u.as_ref();
            prints.retain(|i| db.card(*i).has_attack_or_ability(u));
            if prints.is_empty() {
                // The Pokémon did something no known print can: it is a print the data lacks.
                return Err(sentence!(
                    "no print of {name} in the card data has {u}, so this {name} is a print the data does not have"
                ));
            }
        }
        Ok(prints.into())
    })?;
    Ok(found.iter().map(|i| db.card(*i)).collect())
}

/// The value every print agrees on, or why not.
pub fn agree<'c, T: PartialEq + Clone + std::fmt::Debug>(
    prints: &[&'c Card],
    what: &str,
    f: impl Fn(&'c Card) -> Option<T>,
) -> Known<T> {
    // Read in place, without a list of the values (asked for a stage, types, Weakness… of
    // most Pokémon judged): `f` reads a field, so the print that disagrees is read again for
    // the message.
    let Some(&first_print) = prints.first() else {
        return Err(sentence!("no print to read its {what} from"));
    };
    let Some(first) = f(first_print) else {
        return Err(sentence!(
            "the card data gives no {what} for {}",
            prints[0].name
        ));
    };
    if let Some(&c) = prints.iter().find(|c| f(c).as_ref() != Some(&first)) {
        return Err(sentence!(
            "the prints of {} disagree on its {what} ({}: {:?}, {}: {:?})",
            prints[0].name,
            prints[0].id,
            first,
            c.id.as_str(),
            f(c)
        ));
    }
    Ok(first)
}

pub fn hp(prints: &[&Card]) -> Known<u32> {
    agree(prints, "HP", |c| c.hp)
}

/// The lowest and highest HP among the prints: a check that holds for both holds whichever
/// print the Pokémon is.
pub fn hp_range(prints: &[&Card]) -> Known<(u32, u32)> {
    let range = prints
        .iter()
        .try_fold(None, |range: Option<(u32, u32)>, c| {
            let hp = c.hp?;
            Some(Some(
                range.map_or((hp, hp), |(lo, hi)| (lo.min(hp), hi.max(hp))),
            ))
        });
    match range {
        Some(Some(range)) => Ok(range),
        _ => Err(sentence!(
            "the card data gives no HP for some prints of {}",
            prints.first().map_or("it", |c| c.name.as_str())
        )),
    }
}

pub fn types(prints: &[&Card]) -> Known<Vec<EnergyType>> {
    agree(prints, "type", |c| Some(c.types.as_slice())).map(<[_]>::to_vec)
}

pub fn weaknesses(prints: &[&Card]) -> Known<Vec<Weakness>> {
    agree(prints, "Weakness", |c| Some(c.weaknesses.as_slice())).map(<[_]>::to_vec)
}

pub fn resistances(prints: &[&Card]) -> Known<Vec<Resistance>> {
    agree(prints, "Resistance", |c| Some(c.resistances.as_slice())).map(<[_]>::to_vec)
}

pub fn retreat_cost(prints: &[&Card]) -> Known<usize> {
    agree(prints, "Retreat Cost", |c| Some(c.retreat_cost.len()))
}

pub fn stage(prints: &[&Card]) -> Known<Stage> {
    agree(prints, "stage", |c| c.stage())
}

pub fn evolves_from(prints: &[&Card]) -> Known<Option<String>> {
    agree(prints, "\"evolves from\"", |c| {
        Some(c.evolves_from.as_deref())
    })
    .map(|n| n.map(str::to_string))
}

/// The attack of that name, when every print that has it prints it the same way.
pub fn attack<'a>(prints: &[&'a Card], name: &str) -> Known<Option<&'a Attack>> {
    // Read in place (asked for each attack judged): no list of them is kept.
    let mut with = prints.iter().filter_map(|c| c.attack(name));
    match with.next() {
        None => Ok(None),
        Some(first) if with.all(|a| a == first) => Ok(Some(first)),
        Some(_) => Err(sentence!(
            "the prints of {} disagree on the attack {name} ({}), and the log does not show which one is in play",
            prints[0].name,
            attack_versions(prints, name)
        )),
    }
}

/// The ways the prints word an attack, each with the prints that word it so and what it does
/// ("sv8-124: Metal Colorless, 70; swsh12-103, swsh9-110: Colorless Colorless, 50 and text").
fn attack_versions(prints: &[&Card], name: &str) -> String {
    let mut versions: Vec<(&Attack, Vec<&str>)> = Vec::new();
    for c in prints {
        let Some(a) = c.attack(name) else { continue };
        match versions.iter_mut().find(|(v, _)| *v == a) {
            Some((_, ids)) => ids.push(&c.id),
            None => versions.push((a, vec![&c.id])),
        }
    }
    let said: Vec<String> = versions
        .iter()
        .map(|(a, ids)| {
            let cost: Vec<&str> = a.cost.iter().map(|t| t.as_str()).collect();
            let cost = if cost.is_empty() {
                "no Energy".to_string()
            } else {
                cost.join(" ")
            };
            let damage = a
                .damage
                .map_or_else(|| "no damage printed".to_string(), |d| d.to_string());
            let more = if a.text.is_empty() { "" } else { ", with text" };
            let shown: Vec<&str> = ids.iter().take(3).copied().collect();
            let etc = if ids.len() > 3 { ", …" } else { "" };
            sentence!("{}{etc}: {cost}, {damage}{more}", shown.join(", "))
        })
        .collect();
    said.join("; ")
}

/// Every text printed on the cards: rules, Abilities and attacks (lower case), for scanning
/// for effects that change a rule.
pub fn all_text(card: &Card) -> String {
    let mut t = card.rules.join(" ");
    for a in &card.abilities {
        t.push(' ');
        t.push_str(&a.text);
    }
    for a in &card.attacks {
        t.push(' ');
        t.push_str(&a.text);
    }
    t.to_lowercase()
}

/// The texts of the cards with these names (newest print of each), and the names the data
/// does not know.
pub fn texts_of<'a>(
    db: Option<&CardDb>,
    names: impl Iterator<Item = &'a str>,
) -> (Vec<(String, String)>, Vec<String>) {
    let mut texts = Vec::new();
    let mut unknown = Vec::new();
    for name in names {
        let card = db.and_then(|db| db.newest_print(name));
        match card {
            Some(c) => texts.push((name.to_string(), all_text(c))),
            None if basic_energy_type(name).is_some() => {}
            None => unknown.push(name.to_string()),
        }
    }
    (texts, unknown)
}

/// What an attached Energy card provides: basic Energy from its name, Special Energy from the
/// card data's text.
pub fn energy_provision(db: Option<&CardDb>, name: &str) -> Known<EnergyProvision> {
    if let Some(t) = basic_energy_type(name) {
        return Ok(EnergyProvision::basic(t));
    }
    let Some(db) = db else {
        return Err(sentence!("no card data to tell what {name} provides"));
    };
    let Some(idx) = db.newest_print_idx(name) else {
        return Err(sentence!("{name} is not in the card data"));
    };
    let card = db.card(idx);
    if card.is_basic_energy()
        && let Some(t) = card.types.first()
    {
        return Ok(EnergyProvision::basic(*t));
    }
    db.energy_details(idx)
        .map(|d| d.provision.clone())
        .ok_or_else(|| sentence!("the text of {name} does not say plainly what it provides"))
}

/// The type a Special Energy's name ends in ("Telepathic Psychic Energy" -> Psychic); `None`
/// for basic Energy names and names without a type before "Energy".
pub fn energy_type_in_name(name: &str) -> Option<EnergyType> {
    if basic_energy_type(name).is_some() {
        return None;
    }
    let rest = name.strip_suffix(" Energy")?;
    let (prefix, word) = rest.rsplit_once(' ')?;
    if prefix.trim().is_empty() {
        return None;
    }
    word.parse().ok().filter(|t| *t != EnergyType::Colorless)
}

/// The Prize cards a Knock Out of this Pokémon gives, the clause that says so, and why.
pub fn prize_value(
    info: &CardInfo<'_>,
    name: &str,
    uses: &[impl AsRef<str>],
) -> Known<(u32, &'static str, String)> {
    if let Ok(prints) = pokemon_prints(info, name, uses) {
        let values: Vec<_> = prints.iter().map(|c| c.prize()).collect();
        if values.iter().all(|v| v.prizes == values[0].prizes) {
            let v = &values[0];
            let clause = prize_clause(v, name);
            return Ok((u32::from(v.prizes), clause, sentence!("{name}: {v}")));
        }
    }
    // Not in the data: every Prize-changing rule box of modern cards is part of the name.
    let (n, clause, why) = kind_clause_by_name(name);
    if n == 0 {
        return Ok((
            1,
            "pokemon.single-prize",
            sentence!("{name}: no rule-box kind in its name, 1 Prize card"),
        ));
    }
    Ok((n, clause, sentence!("{name}: {why}")))
}

/// The clause that gives a print's Prize value (its rule box, its kind, or the single Prize).
pub fn prize_clause(v: &PrizeValue, name: &str) -> &'static str {
    match &v.source {
        PrizeSource::RuleText { rule } if rule.contains("Mega") => "pokemon.mega-ex",
        // A LEGEND that prints its 2-Prize rule (the HeartGold & SoulSilver rulebook, Appendix A).
        PrizeSource::RuleText { .. } if name.ends_with(" LEGEND") => "pokemon.legend",
        PrizeSource::Subtype("VMAX") => "pokemon.vmax",
        PrizeSource::Subtype("V-UNION") => "pokemon.v-union",
        PrizeSource::Subtype("TAG TEAM") => "pokemon.tag-team",
        PrizeSource::Subtype("GX") => "pokemon.gx",
        PrizeSource::Subtype("V") | PrizeSource::Subtype("VSTAR") => "pokemon.v",
        PrizeSource::Subtype("EX") => "pokemon.ex-old",
        _ if v.prizes == 1 => "pokemon.single-prize",
        _ => kind_clause_by_name(name).1,
    }
}

/// The Prize value a modern card name shows (its kind is part of the name): Mega … ex gives 3,
/// … ex, … V, … VSTAR, …-GX and … EX give 2, … VMAX and … V-UNION 3. 0 when the name does not
/// show a multi-Prize kind.
fn kind_clause_by_name(name: &str) -> (u32, &'static str, &'static str) {
    let words: Vec<&str> = name.split(' ').collect();
    let last = words.last().copied().unwrap_or("");
    match last {
        "ex" if words.first() == Some(&"Mega") => (
            3,
            "pokemon.mega-ex",
            "Mega Evolution Pokémon ex, 3 Prize cards",
        ),
        "ex" => (2, "pokemon.ex", "Pokémon ex, 2 Prize cards"),
        "VMAX" => (3, "pokemon.vmax", "Pokémon VMAX, 3 Prize cards"),
        "V-UNION" => (3, "pokemon.v-union", "Pokémon V-UNION, 3 Prize cards"),
        "V" | "VSTAR" => (2, "pokemon.v", "Pokémon V, 2 Prize cards"),
        "EX" => (2, "pokemon.ex-old", "Pokémon-EX, 2 Prize cards"),
        _ if name.ends_with("-GX") || last == "GX" => {
            if name.contains('&') {
                (3, "pokemon.tag-team", "TAG TEAM Pokémon-GX, 3 Prize cards")
            } else {
                (2, "pokemon.gx", "Pokémon-GX, 2 Prize cards")
            }
        }
        _ => (0, "pokemon.single-prize", ""),
    }
}

/// Whether a card name shows a Rule Box (ex, V, VSTAR, VMAX, GX, EX, V-UNION, Radiant).
pub fn name_has_rule_box(name: &str) -> bool {
    kind_clause_by_name(name).0 > 0 || name.starts_with("Radiant ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A print of Pikachu with this id and HP.
    fn print(id: &str, hp: Option<u32>) -> Card {
        let mut card = crate::cards::test_support::pokemon(id, "Pikachu", &[], &[]);
        card.hp = hp;
        card
    }

    /// `agree` reads the values in place as the list of them read them (the value, or the
    /// message naming the first print that differs), and the prints agree on the HP exactly
    /// when their lowest and highest HP are one (what `hp::hp_text` asks of the memoised bounds).
    #[test]
    fn prints_agree_as_their_values_and_hp_bounds_say() {
        let hps = [None, Some(60), Some(70)];
        let mut sets: Vec<Vec<Option<u32>>> = vec![vec![]];
        for _ in 0..3 {
            let longer: Vec<Vec<Option<u32>>> = sets
                .iter()
                .flat_map(|s| {
                    hps.iter().map(move |h| {
                        let mut s = s.clone();
                        s.push(*h);
                        s
                    })
                })
                .collect();
            sets.extend(longer);
        }
        for set in &sets {
            let cards: Vec<Card> = set
                .iter()
                .enumerate()
                .map(|(i, h)| print(&format!("sv1-{i}"), *h))
                .collect();
            let prints: Vec<&Card> = cards.iter().collect();
            let expected: Known<u32> = match set.first() {
                None => Err("no print to read its HP from".to_string()),
                Some(None) => Err("the card data gives no HP for Pikachu".to_string()),
                Some(Some(first)) => match set.iter().position(|h| *h != Some(*first)) {
                    Some(at) => Err(format!(
                        "the prints of Pikachu disagree on its HP (sv1-0: {first:?}, sv1-{at}: {:?})",
                        set[at]
                    )),
                    None => Ok(*first),
                },
            };
            assert_eq!(hp(&prints), expected, "{set:?}");
            assert_eq!(
                hp(&prints).is_ok(),
                matches!(hp_range(&prints), Ok((lo, hi)) if lo == hi),
                "{set:?}"
            );
        }
    }

    #[test]
    fn prize_values_by_name() {
        assert_eq!(kind_clause_by_name("Mega Excadrill ex").0, 3);
        assert_eq!(kind_clause_by_name("Beedrill ex").0, 2);
        assert_eq!(kind_clause_by_name("Charizard VMAX").0, 3);
        assert_eq!(kind_clause_by_name("Pikachu & Zekrom-GX").0, 3);
        assert_eq!(kind_clause_by_name("Dreepy").0, 0);
    }
}
