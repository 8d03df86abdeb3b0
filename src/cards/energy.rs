//! What an Energy card provides, and whether attached Energy can pay an attack cost.
//!
//! Basic Energy provides one Energy of the type in its name. Special Energy is read from its
//! rules text; the common shapes are understood ("provides Colorless Energy",
//! "provides ColorlessColorless Energy", "provides 2 \[C\] Energy", "provides every type of
//! Energy but provides only 1 Energy at a time", "provides Water and Darkness Energy but
//! provides 2 Energy at a time", "provides 2 in any combination of Water Energy and Fighting
//! Energy", ...). When a text is not understood the answer is `None`, never a guess.

use serde::Serialize;
use smallvec::SmallVec;

use super::model::{Card, EnergyType};

/// Energy provided by one Energy card: `count` units, each of which can pay one cost symbol
/// of a type allowed by `kinds` (or a Colorless symbol, which any unit pays).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct EnergyProvision {
    /// Number of Energy units (2 for Double Colorless Energy).
    pub count: u32,
    /// Which type each unit may be.
    pub kinds: EnergyKinds,
}

/// The type(s) one unit of an [`EnergyProvision`] may count as.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub enum EnergyKinds {
    /// Exactly this type (Colorless means it only pays Colorless symbols).
    Only(EnergyType),
    /// Any one of these types, chosen per unit (Blend / Unit Energy, "any combination of").
    AnyOf(Vec<EnergyType>),
    /// Every type ("provides every type of Energy"), chosen per unit.
    Every,
}

impl EnergyKinds {
    /// Can one unit of this kind pay a cost symbol of type `t`?
    pub fn pays(&self, t: EnergyType) -> bool {
        if matches!(t, EnergyType::Colorless | EnergyType::Free) {
            return true;
        }
        match self {
            EnergyKinds::Only(k) => *k == t,
            EnergyKinds::AnyOf(ks) => ks.contains(&t),
            EnergyKinds::Every => true,
        }
    }
}

impl EnergyProvision {
    /// One Energy of type `t` (what a basic Energy provides).
    pub fn basic(t: EnergyType) -> Self {
        EnergyProvision {
            count: 1,
            kinds: EnergyKinds::Only(t),
        }
    }
}

impl std::fmt::Display for EnergyProvision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kinds {
            EnergyKinds::Only(t) => write!(f, "{} {} Energy", self.count, t),
            EnergyKinds::AnyOf(ts) => {
                let names: Vec<&str> = ts.iter().map(|t| t.as_str()).collect();
                write!(
                    f,
                    "{} Energy, each any one of {}",
                    self.count,
                    names.join("/")
                )
            }
            EnergyKinds::Every => write!(f, "{} Energy of every type (each unit)", self.count),
        }
    }
}

/// A provision that replaces the baseline under a condition printed on the card (not
/// evaluated here; e.g. "If this card is attached to a Basic Pokémon").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ConditionalProvision {
    /// The condition as printed.
    pub condition: String,
    /// What the card provides when the condition holds.
    pub provision: EnergyProvision,
}

/// Everything an Energy card's text says about the Energy it provides.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct EnergyDetails {
    /// What it provides when none of the `conditional` cases applies.
    pub provision: EnergyProvision,
    /// A condition the baseline depends on ("only while this card is attached to a Fire
    /// Pokémon"); the card is usually discarded otherwise.
    pub restriction: Option<String>,
    /// Provisions that apply instead under printed conditions.
    pub conditional: Vec<ConditionalProvision>,
}

/// What this Energy card provides in the baseline case (see [`energy_details`] for the
/// conditional cases). `None` for non-Energy cards and for texts that are not understood.
pub fn energy_provides(card: &Card) -> Option<EnergyProvision> {
    energy_details(card).map(|d| d.provision)
}

/// Full reading of an Energy card: baseline provision, restriction and conditional cases.
/// `None` for non-Energy cards and for texts that are not understood.
pub fn energy_details(card: &Card) -> Option<EnergyDetails> {
    if !card.is_energy() {
        return None;
    }
    if card.is_basic_energy() {
        return basic_energy_type(&card.name).map(|t| EnergyDetails {
            provision: EnergyProvision::basic(t),
            restriction: None,
            conditional: Vec::new(),
        });
    }
    parse_energy_text(&card.rules)
}

/// The type of a basic Energy from its name: "Basic Fire Energy" or "Fire Energy" -> Fire.
///
/// The type word is matched against the data's spellings (`EnergyType::spelled`): parsing it
/// (`str::parse`) builds an error string for every Special Energy name, and this is asked for
/// each Energy card the judges look at (0.5M instructions over the 24 English logs, 3 rounds,
/// at a525354).
pub fn basic_energy_type(name: &str) -> Option<EnergyType> {
    let n = name.trim();
    let n = n.strip_prefix("Basic ").unwrap_or(n);
    let n = n.strip_suffix(" Energy")?;
    match EnergyType::spelled(n.trim()) {
        // "Free" is a cost marker, not an Energy.
        Some(EnergyType::Free) | None => None,
        found => found,
    }
}

/// Can Energy with these provisions pay `cost`? Colorless symbols are paid by any unit;
/// `Free` symbols need nothing. Finds an assignment whenever one exists (bipartite matching
/// of the typed symbols to units, then enough units left for the Colorless symbols).
pub fn can_pay(cost: &[EnergyType], provided: &[EnergyProvision]) -> bool {
    // Kept inline (a card's Energy rarely has more than 16 units): the lists were five heap
    // allocations for each attack judged.
    const MAX_UNITS_PER_CARD: u32 = 16;
    let units: SmallVec<[&EnergyKinds; 16]> = provided
        .iter()
        .flat_map(|p| std::iter::repeat_n(&p.kinds, p.count.min(MAX_UNITS_PER_CARD) as usize))
        .collect();
    let needed = cost.iter().filter(|t| **t != EnergyType::Free).count();
    if units.len() < needed {
        return false;
    }
    let typed: SmallVec<[EnergyType; 8]> = cost
        .iter()
        .copied()
        .filter(|t| *t != EnergyType::Free && *t != EnergyType::Colorless)
        .collect();
    // Kuhn's augmenting paths: unit_owner[u] = index of the typed symbol unit u pays.
    let mut unit_owner: SmallVec<[Option<usize>; 16]> = smallvec::smallvec![None; units.len()];
    let mut seen: SmallVec<[bool; 16]> = smallvec::smallvec![false; units.len()];
    for sym in 0..typed.len() {
        seen.fill(false);
        if !augment(sym, &typed, &units, &mut unit_owner, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    sym: usize,
    typed: &[EnergyType],
    units: &[&EnergyKinds],
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for u in 0..units.len() {
        if seen[u] || !units[u].pays(typed[sym]) {
            continue;
        }
        seen[u] = true;
        let free = match owner[u] {
            None => true,
            Some(other) => augment(other, typed, units, owner, seen),
        };
        if free {
            owner[u] = Some(sym);
            return true;
        }
    }
    false
}

/// How a provision statement relates to the card's baseline.
enum StatementKind {
    Unconditional,
    Restricted(String),
    Conditional { condition: String, instead: bool },
}

/// Read a Special Energy's rules text. `None` when no statement about provided Energy is
/// found or any such statement is not understood.
pub fn parse_energy_text(rules: &[String]) -> Option<EnergyDetails> {
    let joined = rules.join(" ");
    let text = remove_parentheses(&joined);
    let mut baseline: Option<(EnergyProvision, Option<String>)> = None;
    let mut conditional: Vec<(ConditionalProvision, bool)> = Vec::new();
    let mut any = false;
    for sentence in sentences(&text) {
        let Some((prefix, rest)) = split_at_provides(sentence) else {
            continue;
        };
        any = true;
        let (provision, kind) = parse_statement(prefix, rest)?;
        match kind {
            StatementKind::Unconditional => baseline = Some((provision, None)),
            StatementKind::Restricted(r) => baseline = Some((provision, Some(r))),
            StatementKind::Conditional { condition, instead } => conditional.push((
                ConditionalProvision {
                    condition,
                    provision,
                },
                instead,
            )),
        }
    }
    if !any {
        return None;
    }
    let (provision, restriction) = match baseline {
        Some(b) => b,
        None => {
            // No unconditional statement (e.g. Twin Energy): the first non-"instead" case is
            // the baseline, restricted by its own condition.
            let pos = conditional.iter().position(|(_, instead)| !instead)?;
            let (c, _) = conditional.remove(pos);
            (c.provision, Some(c.condition))
        }
    };
    Some(EnergyDetails {
        provision,
        restriction,
        conditional: conditional.into_iter().map(|(c, _)| c).collect(),
    })
}

/// Drop "( ... )" segments (reminder text), keeping the rest.
fn remove_parentheses(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut depth = 0usize;
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Split text into sentences at '.' followed by an upper-case letter (or the end), and at
/// newlines. "LV.X" is not split (a '.' after an upper-case letter).
fn sentences(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    for (i, &(pos, c)) in chars.iter().enumerate() {
        let split = match c {
            '\n' => true,
            '.' => {
                let prev_upper = i > 0 && chars[i - 1].1.is_uppercase();
                let next = chars[i + 1..]
                    .iter()
                    .map(|x| x.1)
                    .find(|c| !c.is_whitespace());
                !prev_upper && next.is_none_or(|c| c.is_uppercase())
            }
            _ => false,
        };
        if split {
            let sentence = s[start..pos].trim();
            if !sentence.is_empty() {
                out.push(sentence);
            }
            start = pos + c.len_utf8();
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// Find the first "provides"/"provide"/"counts as" in a sentence; returns the text before
/// it and the text after it (for "counts as", the rest starts at "every type ...").
fn split_at_provides(sentence: &str) -> Option<(&str, &str)> {
    const KEYWORDS: [&str; 4] = ["provides ", "Provides ", "provide ", "counts as "];
    let (pos, kw) = KEYWORDS
        .iter()
        .filter_map(|kw| {
            sentence
                .match_indices(kw)
                .find(|(p, _)| *p == 0 || !sentence[..*p].ends_with(char::is_alphanumeric))
                .map(|(p, _)| (p, *kw))
        })
        .min_by_key(|(p, _)| *p)?;
    Some((&sentence[..pos], &sentence[pos + kw.len()..]))
}

/// Openings that only say "while in play" and so do not make a statement conditional.
/// Lower-case (ASCII only, so "é" stays as is).
const GENERIC_OPENINGS: [&str; 6] = [
    "as long as this card is attached to a pokémon,",
    "while in play,",
    "while this card is attached to a pokémon,",
    "when this card is attached to a pokémon,",
    "while attached to a pokémon,",
    "attached to a pokémon,",
];

fn parse_statement(prefix: &str, rest: &str) -> Option<(EnergyProvision, StatementKind)> {
    // Condition from the text before "provides".
    // ASCII lower-casing keeps byte offsets, so slices of the original stay aligned.
    let mut p = prefix.trim();
    let lower = p.to_ascii_lowercase();
    for g in GENERIC_OPENINGS {
        if lower.starts_with(g) {
            p = p.get(g.len()..).unwrap_or("").trim_start();
            break;
        }
    }
    let pl = p.to_ascii_lowercase();
    let prefix_condition = ["if ", "while ", "when ", "as long as "]
        .iter()
        .any(|w| pl.starts_with(w))
        .then(|| match p.rfind(',') {
            Some(c) => p[..c].trim().to_string(),
            None => p.trim().to_string(),
        });

    // The provided Energy phrase.
    let tokens: Vec<&str> = rest
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let mut lead_count: Option<u32> = None;
    let mut every = false;
    let mut types: Vec<EnergyType> = Vec::new();
    let mut stop = tokens.len();
    let mut i = 0;
    while i < tokens.len() {
        let tok = tokens[i].trim_end_matches(['.', ';', ':']);
        let tl = tok.to_ascii_lowercase();
        if let Ok(n) = tok.parse::<u32>() {
            if lead_count.is_some() || !types.is_empty() || every {
                stop = i;
                break;
            }
            lead_count = Some(n);
        } else if tl == "every" {
            every = true;
        } else if matches!(
            tl.as_str(),
            "in" | "any"
                | "combination"
                | "of"
                | "type"
                | "types"
                | "and"
                | "or"
                | "/or"
                | "and/or"
                | "energy"
                | "basic"
        ) {
            // filler
        } else if let Some(ts) = split_types(tok) {
            types.extend(ts);
        } else {
            stop = i;
            break;
        }
        if tokens[i].ends_with('.') {
            stop = i + 1;
            break;
        }
        i += 1;
    }
    let suffix = tokens[stop.min(tokens.len())..].join(" ");
    let sl = suffix.to_ascii_lowercase();

    // "... but provides only 2 Energy at a time" / "only provides 1 Energy" / "only 3 in ...".
    let clause_count = count_clause(&sl);

    let provision = if every {
        EnergyProvision {
            count: clause_count.or(lead_count).unwrap_or(1),
            kinds: EnergyKinds::Every,
        }
    } else {
        let first = *types.first()?;
        if types.iter().all(|t| *t == first) {
            let count = clause_count.or(lead_count).unwrap_or(types.len() as u32);
            EnergyProvision {
                count,
                kinds: EnergyKinds::Only(first),
            }
        } else {
            let mut distinct = types.clone();
            distinct.sort();
            distinct.dedup();
            EnergyProvision {
                count: clause_count.or(lead_count)?,
                kinds: EnergyKinds::AnyOf(distinct),
            }
        }
    };
    if provision.count == 0 {
        return None;
    }

    let instead = sl.contains("instead");
    let kind = if let Some(condition) = prefix_condition {
        StatementKind::Conditional { condition, instead }
    } else if let Some(pos) = sl.find("only while") {
        let restriction = suffix.get(pos..).unwrap_or(&suffix);
        StatementKind::Restricted(restriction.trim_end_matches('.').trim().to_string())
    } else if sl.starts_with("when ") || sl.starts_with("if ") || sl.starts_with("while ") {
        StatementKind::Conditional {
            condition: suffix.trim_end_matches('.').trim().to_string(),
            instead,
        }
    } else if instead {
        // "instead" without a stated condition: not something we can place.
        return None;
    } else {
        StatementKind::Unconditional
    };
    Some((provision, kind))
}

/// The number in "provides (only) N", "only provides N" or "only N in any combination".
fn count_clause(sl: &str) -> Option<u32> {
    let words: Vec<&str> = sl.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if *w == "provides" || *w == "provide" || *w == "only" {
            let mut j = i + 1;
            if words.get(j) == Some(&"only") {
                j += 1;
            }
            if let Some(n) = words.get(j).and_then(|w| w.parse::<u32>().ok()) {
                return Some(n);
            }
        }
    }
    None
}

/// Split a token made only of Energy type names ("ColorlessColorless",
/// "GrassFirePsychicDarkness") or bracket symbols (`[C]`, `[C][C]`, `{W}`) into types.
fn split_types(tok: &str) -> Option<Vec<EnergyType>> {
    let mut rest = tok;
    let mut out = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[').or_else(|| rest.strip_prefix('{')) {
            let mut cs = r.chars();
            let t = EnergyType::from_symbol(cs.next()?)?;
            let after = cs.as_str();
            rest = after
                .strip_prefix(']')
                .or_else(|| after.strip_prefix('}'))?;
            out.push(t);
            continue;
        }
        let t = EnergyType::ALL
            .into_iter()
            .filter(|t| *t != EnergyType::Free)
            .find(|t| rest.starts_with(t.as_str()))?;
        rest = &rest[t.as_str().len()..];
        out.push(t);
    }
    if out.is_empty() { None } else { Some(out) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EnergyType::*;

    /// The names read without parsing the type word read as parsing it does (every spelling,
    /// with and without "Basic " and spaces, and names that are not basic Energy).
    #[test]
    fn basic_energy_type_reads_as_parsing_the_type_word() {
        let parsed = |name: &str| -> Option<EnergyType> {
            let n = name.trim();
            let n = n.strip_prefix("Basic ").unwrap_or(n);
            let n = n.strip_suffix(" Energy")?;
            match n.parse::<EnergyType>() {
                Ok(EnergyType::Free) | Err(_) => None,
                Ok(t) => Some(t),
            }
        };
        let mut names: Vec<String> = Vec::new();
        for t in EnergyType::ALL {
            let word = t.as_str();
            for name in [
                format!("{word} Energy"),
                format!("Basic {word} Energy"),
                format!(" Basic {word}  Energy "),
                format!("{word}  Energy"),
                format!("{} Energy", word.to_lowercase()),
                format!("Double {word} Energy"),
                word.to_string(),
            ] {
                names.push(name);
            }
        }
        for name in [
            "Energy",
            " Energy",
            "Basic Energy",
            "Jet Energy",
            "",
            "Fire Energy Energy",
        ] {
            names.push(name.to_string());
        }
        for name in &names {
            assert_eq!(basic_energy_type(name), parsed(name), "{name:?}");
        }
        assert_eq!(basic_energy_type("Basic Fire Energy"), Some(Fire));
        assert_eq!(basic_energy_type("Free Energy"), None);
    }

    fn rules(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|s| s.to_string()).collect()
    }

    fn one(t: EnergyType) -> EnergyProvision {
        EnergyProvision::basic(t)
    }

    #[test]
    fn energy_provides_from_cards() {
        use crate::cards::test_support::card;
        let sv = card(
            r#"{"id":"sve-5","name":"Basic Psychic Energy","supertype":"Energy","subtypes":["Basic"]}"#,
        );
        assert_eq!(energy_provides(&sv), Some(one(Psychic)));
        let old = card(
            r#"{"id":"base1-101","name":"Psychic Energy","supertype":"Energy","subtypes":["Basic"]}"#,
        );
        assert_eq!(energy_provides(&old), Some(one(Psychic)));
        let dce = card(
            r#"{"id":"base1-96","name":"Double Colorless Energy","supertype":"Energy","subtypes":["Special"],
            "rules":["Provides ColorlessColorless energy.\nDoesn't count as a basic Energy card."]}"#,
        );
        assert_eq!(
            energy_provides(&dce),
            Some(EnergyProvision {
                count: 2,
                kinds: EnergyKinds::Only(Colorless)
            })
        );
        // A special Energy named like a basic one is read from its text, not its name.
        let dark = card(
            r#"{"id":"ex1-93","name":"Darkness Energy","supertype":"Energy","subtypes":["Special"],
            "rules":["If the Pokémon Darkness Energy is attached to attacks, the attack does 10 more damage. Darkness Energy provides Darkness Energy. (Doesn't count as a basic Energy card.)"]}"#,
        );
        assert_eq!(energy_provides(&dark), Some(one(Darkness)));
        let special_no_text = card(
            r#"{"id":"x-1","name":"Mystery Energy","supertype":"Energy","subtypes":["Special"]}"#,
        );
        assert_eq!(energy_provides(&special_no_text), None);
        let trainer =
            card(r#"{"id":"x-2","name":"Fire Energy","supertype":"Trainer","subtypes":["Item"]}"#);
        assert_eq!(energy_provides(&trainer), None);
    }

    #[test]
    fn basic_energy_names() {
        assert_eq!(basic_energy_type("Basic Psychic Energy"), Some(Psychic));
        assert_eq!(basic_energy_type("Psychic Energy"), Some(Psychic));
        assert_eq!(basic_energy_type("Fairy Energy"), Some(Fairy));
        assert_eq!(basic_energy_type("Double Colorless Energy"), None);
        assert_eq!(basic_energy_type("Free Energy"), None);
        assert_eq!(basic_energy_type("Energy"), None);
    }

    #[test]
    fn colorless_special_energy() {
        let d = parse_energy_text(&rules(&[
            "As long as this card is attached to a Pokémon, it provides Colorless Energy.",
            "When you attach this card from your hand to a Pokémon, search your deck for a Basic Pokémon and put it onto your Bench. Then, shuffle your deck.",
        ]))
        .unwrap();
        assert_eq!(d.provision, one(Colorless));
        assert!(d.conditional.is_empty());
        assert_eq!(d.restriction, None);
    }

    #[test]
    fn double_colorless_forms() {
        for text in [
            "Double Colorless Energy provides ColorlessColorless Energy.",
            "Provides ColorlessColorless energy.\nDoesn't count as a basic Energy card.",
            "Provides Colorless Colorless energy. Doesn't count as a basic Energy card.",
            "This card provides 2 [C] Energy.",
            "This card provides 2 Colorless Energy.",
        ] {
            let d = parse_energy_text(&rules(&[text])).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(
                d.provision,
                EnergyProvision {
                    count: 2,
                    kinds: EnergyKinds::Only(Colorless)
                },
                "{text}"
            );
        }
    }

    #[test]
    fn rainbow_like_energy() {
        let d = parse_energy_text(&rules(&["As long as this card is attached to a Pokémon, it provides every type of Energy but provides only 1 Energy at a time."])).unwrap();
        assert_eq!(
            d.provision,
            EnergyProvision {
                count: 1,
                kinds: EnergyKinds::Every
            }
        );
        // Old wording with "counts as every type of basic Energy".
        let d = parse_energy_text(&rules(&["Attach Rainbow Energy to 1 of your Pokémon. While in play, Rainbow Energy counts as every type of basic Energy but only provides 1 Energy at a time. (Doesn't count as a basic Energy card when not in play.)"])).unwrap();
        assert_eq!(d.provision.kinds, EnergyKinds::Every);
        assert_eq!(d.provision.count, 1);
        // SM wording: the in-play statement wins over the first Colorless one.
        let d = parse_energy_text(&rules(&["This card provides Colorless Energy. While in play, this card provides every type of Energy but provides only 1 Energy at a time. When you attach this card from your hand to 1 of your Pokémon, put 1 damage counter on that Pokémon."])).unwrap();
        assert_eq!(d.provision.kinds, EnergyKinds::Every);
    }

    #[test]
    fn conditional_energy() {
        let d = parse_energy_text(&rules(&[
            "This card provides Colorless Energy.",
            "If the Pokémon this card is attached to is a Basic Pokémon, this card provides every type of Energy but provides only 1 Energy at a time.",
        ]))
        .unwrap();
        assert_eq!(d.provision, one(Colorless));
        assert_eq!(d.conditional.len(), 1);
        assert_eq!(
            d.conditional[0].condition,
            "If the Pokémon this card is attached to is a Basic Pokémon"
        );
        assert_eq!(d.conditional[0].provision.kinds, EnergyKinds::Every);

        // Twin Energy: no unconditional statement.
        let d = parse_energy_text(&rules(&[
            "As long as this card is attached to a Pokémon that isn't a Pokémon V or a Pokémon-GX, it provides ColorlessColorless Energy.",
            "If this card is attached to a Pokémon V or a Pokémon-GX, it provides Colorless Energy instead.",
        ]))
        .unwrap();
        assert_eq!(d.provision.count, 2);
        assert!(d.restriction.unwrap().contains("isn't a Pokémon V"));
        assert_eq!(d.conditional[0].provision, one(Colorless));
    }

    #[test]
    fn restricted_and_multi_type_energy() {
        let d = parse_energy_text(&rules(&["This card can only be attached to Fire Pokémon. This card provides Fire Energy only while this card is attached to a Fire Pokémon."])).unwrap();
        assert_eq!(d.provision, one(Fire));
        assert_eq!(
            d.restriction.as_deref(),
            Some("only while this card is attached to a Fire Pokémon")
        );

        let d = parse_energy_text(&rules(&["As long as this card is attached to a Pokémon, it provides 2 in any combination of Water Energy and Fighting Energy."])).unwrap();
        assert_eq!(
            d.provision,
            EnergyProvision {
                count: 2,
                kinds: EnergyKinds::AnyOf(vec![Water, Fighting])
            }
        );

        let d = parse_energy_text(&rules(&["This card provides Colorless Energy. When this card is attached to a Pokémon, this card provides Grass, Fire, Psychic, or Darkness Energy but provides only 1 Energy at a time."])).unwrap();
        assert_eq!(
            d.provision,
            EnergyProvision {
                count: 1,
                kinds: EnergyKinds::AnyOf(vec![Grass, Fire, Psychic, Darkness])
            }
        );

        let d = parse_energy_text(&rules(&[
            "While in play, R Energy provides 2 Darkness Energy.",
        ]))
        .unwrap();
        assert_eq!(
            d.provision,
            EnergyProvision {
                count: 2,
                kinds: EnergyKinds::Only(Darkness)
            }
        );
    }

    #[test]
    fn not_understood_gives_none() {
        // Crystal Energy: depends on other attached cards.
        assert!(parse_energy_text(&rules(&["Crystal Energy provides 1 Energy of all types (colors) of basic Energy cards attached to the Pokémon Crystal Energy is attached to. If there are no basic Energy cards attached to the Pokémon Crystal Energy is attached to, Crystal Energy provides Colorless Energy."])).is_none());
        // No statement at all.
        assert!(parse_energy_text(&rules(&["Draw a card."])).is_none());
        assert!(parse_energy_text(&[]).is_none());
        // Two types with no count.
        assert!(parse_energy_text(&rules(&["This card provides Water Fire Energy."])).is_none());
    }

    #[test]
    fn sentence_split_without_space_and_lv_x() {
        let d = parse_energy_text(&rules(&["As long as this card is attached to a Pokémon, it provides Colorless Energy.If you have more Prize cards remaining than your opponent, and if this card is attached to an Evolution Pokémon that doesn't have a Rule Box (Pokémon ex, Pokémon V, etc. have Rule Boxes), this card provides every type of Energy but provides only 3 Energy at a time."])).unwrap();
        assert_eq!(d.provision, one(Colorless));
        assert_eq!(d.conditional[0].provision.count, 3);
        let d = parse_energy_text(&rules(&["Upper Energy provides Colorless Energy. If you have more Prize cards left than your opponent and this card is attached to a Pokémon (excluding Pokémon LV.X), Upper Energy provides ColorlessColorless."])).unwrap();
        assert_eq!(d.provision, one(Colorless));
        assert_eq!(d.conditional[0].provision.count, 2);
    }

    #[test]
    fn can_pay_cases() {
        let g = one(Grass);
        let w = one(Water);
        let cost = [Grass, Colorless, Colorless];
        assert!(can_pay(&cost, &[g.clone(), w.clone(), w.clone()]));
        assert!(!can_pay(&cost, &[w.clone(), w.clone(), w.clone()]));
        assert!(!can_pay(&cost, &[g.clone(), w.clone()]));
        let rainbow = EnergyProvision {
            count: 1,
            kinds: EnergyKinds::Every,
        };
        assert!(can_pay(&cost, &[rainbow.clone(), w.clone(), w.clone()]));
        assert!(can_pay(&[], &[]));
        assert!(can_pay(&[Free], &[]));
        // Double Colorless pays two Colorless symbols but not a typed one.
        let dce = EnergyProvision {
            count: 2,
            kinds: EnergyKinds::Only(Colorless),
        };
        assert!(can_pay(&[Colorless, Colorless], std::slice::from_ref(&dce)));
        assert!(!can_pay(&[Grass, Colorless], std::slice::from_ref(&dce)));
        // Matching must move the rainbow to the symbol only it can pay.
        let blend = EnergyProvision {
            count: 1,
            kinds: EnergyKinds::AnyOf(vec![Grass, Fire]),
        };
        assert!(can_pay(&[Fire, Water], &[blend.clone(), rainbow.clone()]));
        assert!(can_pay(&[Water, Fire], &[rainbow.clone(), blend.clone()]));
        assert!(!can_pay(
            &[Water, Psychic],
            &[rainbow.clone(), blend.clone()]
        ));
        // "2 in any combination": each unit chosen independently.
        let rapid = EnergyProvision {
            count: 2,
            kinds: EnergyKinds::AnyOf(vec![Water, Fighting]),
        };
        assert!(can_pay(&[Water, Fighting], std::slice::from_ref(&rapid)));
        assert!(!can_pay(
            &[Water, Fighting, Colorless],
            std::slice::from_ref(&rapid)
        ));
    }
}
