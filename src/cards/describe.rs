//! Terminal rendering of what the card data knows about a name (the `cards` CLI helper).
//!
//! Prints are grouped when their gameplay facts are identical (HP, types, stage, Weakness,
//! Resistance, Retreat Cost, attacks, Abilities, rules), so reprints show once with all
//! their ids.

use std::fmt::Write as _;

use super::db::{CardDb, CardIdx};
use super::energy::energy_details;
use super::model::{Ability, Attack, Card, EnergyType, Resistance, Subtype, Supertype, Weakness};
use super::names::normalize_name;
use super::prize::PrizeSource;
use super::suggest::close_names;

/// Render what the data knows about `name` (optionally narrowed to prints having the attack
/// or Ability `uses`). A card id ("sv6-25" or "sv6_25") is accepted in place of a name.
/// When nothing matches, says "not found" and suggests up to 5 close names.
pub fn describe(db: &CardDb, name: &str, uses: Option<&str>) -> String {
    let mut out = String::new();
    let query = normalize_name(name);
    let mut lookup = db.lookup(&query, uses);
    let mut title = query.to_string();
    let mut all: Vec<CardIdx> = db.by_name(&query).to_vec();
    if all.is_empty()
        && let Some(idx) = db.by_id(&query)
    {
        let card = db.card(idx);
        title = format!("{} ({})", card.name, card.id);
        lookup.prints = vec![idx];
        all = vec![idx];
        if let Some(u) = uses
            && !card.has_attack_or_ability(u)
        {
            lookup.prints.clear();
            lookup.narrowed_away = true;
        }
    }
    let total = all.len();
    if total == 0 {
        let _ = writeln!(out, "{title:?}: not found in the card data.");
        let suggestions = close_names(db, &query);
        if suggestions.is_empty() {
            let _ = writeln!(out, "No similar names.");
        } else {
            let _ = writeln!(out, "Did you mean: {}", suggestions.join(", "));
        }
        return out;
    }

    let plural = if total == 1 { "" } else { "s" };
    let _ = writeln!(out, "{title}: {total} print{plural} in the card data");
    if let Some(u) = uses {
        if lookup.narrowed_away {
            let _ = writeln!(
                out,
                "No print of {title} has an attack or Ability called {u:?}."
            );
            let mut known: Vec<&str> = all
                .iter()
                .flat_map(|&i| {
                    let c = db.card(i);
                    c.attacks
                        .iter()
                        .map(|a| a.name.as_str())
                        .chain(c.abilities.iter().map(|a| a.name.as_str()))
                })
                .collect();
            known.sort_unstable();
            known.dedup();
            if !known.is_empty() {
                let _ = writeln!(out, "Known attacks/Abilities: {}", known.join(", "));
            }
            return out;
        }
        let n = lookup.prints.len();
        let _ = writeln!(out, "{n} of them have an attack or Ability called {u:?}.");
    }

    for group in group_prints(db, &lookup.prints) {
        out.push('\n');
        render_group(db, &group, &mut out);
    }
    out
}

/// Group prints with identical gameplay facts, keeping first-seen order.
fn group_prints(db: &CardDb, prints: &[CardIdx]) -> Vec<Vec<CardIdx>> {
    let mut groups: Vec<Vec<CardIdx>> = Vec::new();
    for &idx in prints {
        let card = db.card(idx);
        match groups
            .iter_mut()
            .find(|g| same_gameplay(db.card(g[0]), card))
        {
            Some(g) => g.push(idx),
            None => groups.push(vec![idx]),
        }
    }
    groups
}

/// True when two prints play identically (ignores id, set, number, legality, level).
fn same_gameplay(a: &Card, b: &Card) -> bool {
    a.supertype == b.supertype
        && a.subtypes == b.subtypes
        && a.hp == b.hp
        && a.types == b.types
        && a.evolves_from == b.evolves_from
        && a.weaknesses == b.weaknesses
        && a.resistances == b.resistances
        && a.retreat_cost == b.retreat_cost
        && a.attacks == b.attacks
        && a.abilities == b.abilities
        && a.rules == b.rules
}

fn render_group(db: &CardDb, group: &[CardIdx], out: &mut String) {
    let card = db.card(group[0]);
    let ids: Vec<&str> = group.iter().map(|&i| db.card(i).id.as_str()).collect();
    let _ = writeln!(out, "[{}]", ids.join(", "));
    let subtypes: Vec<&str> = card.subtypes.iter().map(Subtype::as_str).collect();
    let subtypes = if subtypes.is_empty() {
        String::new()
    } else {
        format!(" · {}", subtypes.join(", "))
    };
    let _ = writeln!(out, "  {}{subtypes}", card.supertype);
    match card.supertype {
        Supertype::Pokemon => render_pokemon(card, out),
        Supertype::Trainer => render_rules(card, out),
        Supertype::Energy => {
            render_rules(card, out);
            render_energy(card, out);
        }
    }
}

fn render_pokemon(card: &Card, out: &mut String) {
    let hp = card
        .hp
        .map_or_else(|| "HP unknown".to_string(), |hp| format!("HP {hp}"));
    let types = if card.types.is_empty() {
        "no type".to_string()
    } else {
        join_types(&card.types, "/")
    };
    let _ = writeln!(out, "  {hp} · {types}");
    let stage = card
        .stage()
        .map_or_else(|| "stage unknown".to_string(), |s| s.to_string());
    match &card.evolves_from {
        Some(from) => {
            let _ = writeln!(out, "  Stage: {stage}, evolves from {from}");
        }
        None => {
            let _ = writeln!(out, "  Stage: {stage}");
        }
    }
    let _ = writeln!(out, "  Weakness: {}", weaknesses(&card.weaknesses));
    let _ = writeln!(out, "  Resistance: {}", resistances(&card.resistances));
    let _ = writeln!(out, "  Retreat Cost: {}", retreat(&card.retreat_cost));
    for ab in &card.abilities {
        render_ability(ab, out);
    }
    for at in &card.attacks {
        render_attack(at, out);
    }
    for rule in &card.rules {
        let _ = writeln!(out, "  Rule: {}", indent_continuation(rule));
    }
    let prize = card.prize();
    let why = match &prize.source {
        PrizeSource::RuleText { rule } => format!(" ({rule})"),
        PrizeSource::Subtype(s) => format!(" ({s})"),
        PrizeSource::Default | PrizeSource::NotPokemon => String::new(),
    };
    let _ = writeln!(out, "  Prize cards: {}{why}", prize.prizes);
}

fn render_ability(ab: &Ability, out: &mut String) {
    let text = indent_continuation(&ab.text);
    let _ = writeln!(out, "  {} \"{}\": {text}", ab.kind, ab.name);
}

fn render_attack(at: &Attack, out: &mut String) {
    let cost = if at.cost.is_empty() {
        "no Energy".to_string()
    } else {
        cost_symbols(&at.cost)
    };
    let damage = at.damage.map(|d| format!(" {d}")).unwrap_or_default();
    let text = if at.text.is_empty() {
        String::new()
    } else {
        format!(": {}", indent_continuation(&at.text))
    };
    let _ = writeln!(out, "  Attack [{cost}] \"{}\"{damage}{text}", at.name);
}

fn render_rules(card: &Card, out: &mut String) {
    if card.rules.is_empty() {
        let _ = writeln!(out, "  (no rules text)");
    }
    for rule in &card.rules {
        let _ = writeln!(out, "  {}", indent_continuation(rule));
    }
}

fn render_energy(card: &Card, out: &mut String) {
    match energy_details(card) {
        None => {
            let _ = writeln!(
                out,
                "  Provides: not understood from the card text (unverified)"
            );
        }
        Some(d) => {
            let _ = write!(out, "  Provides: {}", d.provision);
            if let Some(r) = &d.restriction {
                let _ = write!(out, " ({r})");
            }
            out.push('\n');
            for c in &d.conditional {
                let _ = writeln!(out, "  Provides instead: {} — {}", c.provision, c.condition);
            }
        }
    }
}

/// Indent the continuation lines of a multi-line text so it stays under its heading.
fn indent_continuation(text: &str) -> String {
    text.trim_end().replace('\n', "\n    ")
}

fn join_types(types: &[EnergyType], sep: &str) -> String {
    types
        .iter()
        .map(|t| t.as_str())
        .collect::<Vec<_>>()
        .join(sep)
}

/// "G C C" style symbols for a cost.
fn cost_symbols(cost: &[EnergyType]) -> String {
    cost.iter()
        .map(|t| t.symbol().map_or_else(|| t.to_string(), |c| c.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn weaknesses(ws: &[Weakness]) -> String {
    if ws.is_empty() {
        return "none".into();
    }
    ws.iter()
        .map(|w| format!("{} {}", w.type_, w.modifier))
        .collect::<Vec<_>>()
        .join(", ")
}

fn resistances(rs: &[Resistance]) -> String {
    if rs.is_empty() {
        return "none".into();
    }
    rs.iter()
        .map(|r| format!("{} -{}", r.type_, r.amount))
        .collect::<Vec<_>>()
        .join(", ")
}

fn retreat(cost: &[EnergyType]) -> String {
    if cost.is_empty() {
        return "0".into();
    }
    format!("{} ({})", cost.len(), cost_symbols(cost))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::suggest::edit_distance;

    fn db() -> CardDb {
        let cards = CardDb::parse_set_json(
            r#"[
            {"id":"me1-104","name":"Mega Kangaskhan ex","supertype":"Pokémon","subtypes":["Basic","MEGA","ex"],
             "hp":"300","types":["Colorless"],
             "rules":["Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."],
             "abilities":[{"name":"Run Errand","type":"Ability","text":"Draw 2 cards."}],
             "attacks":[{"name":"Rapid-Fire Combo","cost":["Colorless","Colorless","Colorless"],"damage":"200+","text":"Flip."}],
             "weaknesses":[{"type":"Fighting","value":"×2"}],"retreatCost":["Colorless","Colorless","Colorless"]},
            {"id":"me1-164","name":"Mega Kangaskhan ex","supertype":"Pokémon","subtypes":["Basic","MEGA","ex"],
             "hp":"300","types":["Colorless"],
             "rules":["Mega Evolution ex Rule: When your Mega Evolution Pokémon ex is Knocked Out, your opponent takes 3 Prize cards."],
             "abilities":[{"name":"Run Errand","type":"Ability","text":"Draw 2 cards."}],
             "attacks":[{"name":"Rapid-Fire Combo","cost":["Colorless","Colorless","Colorless"],"damage":"200+","text":"Flip."}],
             "weaknesses":[{"type":"Fighting","value":"×2"}],"retreatCost":["Colorless","Colorless","Colorless"]},
            {"id":"xy2-78","name":"Kangaskhan","supertype":"Pokémon","subtypes":["Basic"],"hp":"120","types":["Colorless"],
             "resistances":[{"type":"Psychic","value":"-20"}],
             "attacks":[{"name":"Comet Punch","cost":["Colorless"],"damage":"10×","text":"Flip 4 coins."}]},
            {"id":"xy2-79","name":"Kangaskhan","supertype":"Pokémon","subtypes":["Basic"],"hp":"130","types":["Colorless"],
             "attacks":[{"name":"Comet Punch","cost":["Colorless"],"damage":"10×","text":"Flip 4 coins."}]},
            {"id":"swsh2-174","name":"Twin Energy","supertype":"Energy","subtypes":["Special"],
             "rules":["As long as this card is attached to a Pokémon that isn't a Pokémon V or a Pokémon-GX, it provides ColorlessColorless Energy.",
                      "If this card is attached to a Pokémon V or a Pokémon-GX, it provides Colorless Energy instead."]},
            {"id":"sv2-172","name":"Boss's Orders","supertype":"Trainer","subtypes":["Supporter"],
             "rules":["Switch in 1 of your opponent's Benched Pokémon to the Active Spot."]}
            ]"#,
            "fixture.json",
        )
        .unwrap();
        CardDb::from_cards(cards, vec![])
    }

    #[test]
    fn pokemon_group() {
        let out = describe(&db(), "Mega Kangaskhan ex", None);
        assert!(out.starts_with("Mega Kangaskhan ex: 2 prints"), "{out}");
        assert!(out.contains("[me1-104, me1-164]"), "{out}");
        assert!(out.contains("HP 300 · Colorless"), "{out}");
        assert!(out.contains("Weakness: Fighting ×2"), "{out}");
        assert!(out.contains("Resistance: none"), "{out}");
        assert!(out.contains("Retreat Cost: 3 (C C C)"), "{out}");
        assert!(out.contains("Ability \"Run Errand\""), "{out}");
        assert!(
            out.contains("Attack [C C C] \"Rapid-Fire Combo\" 200+"),
            "{out}"
        );
        assert!(
            out.contains("Prize cards: 3 (Mega Evolution ex Rule)"),
            "{out}"
        );
    }

    #[test]
    fn differing_prints_are_separate_groups_and_uses_narrows() {
        let db = db();
        let out = describe(&db, "Kangaskhan", None);
        assert!(
            out.contains("[xy2-78]") && out.contains("[xy2-79]"),
            "{out}"
        );
        assert!(out.contains("Resistance: Psychic -20"), "{out}");
        assert!(out.contains("10×"), "{out}");
        let out = describe(&db, "Kangaskhan", Some("Comet Punch"));
        assert!(
            out.contains("2 of them have an attack or Ability called \"Comet Punch\""),
            "{out}"
        );
        let out = describe(&db, "Kangaskhan", Some("Hyper Beam"));
        assert!(
            out.contains("No print of Kangaskhan has an attack or Ability called \"Hyper Beam\""),
            "{out}"
        );
        assert!(
            out.contains("Known attacks/Abilities: Comet Punch"),
            "{out}"
        );
    }

    #[test]
    fn trainer_energy_and_id() {
        let db = db();
        let out = describe(&db, "Boss’s Orders", None);
        assert!(out.contains("Trainer · Supporter"), "{out}");
        assert!(
            out.contains("Switch in 1 of your opponent's Benched Pokémon"),
            "{out}"
        );
        let out = describe(&db, "Twin Energy", None);
        assert!(out.contains("Provides: 2 Colorless Energy"), "{out}");
        assert!(
            out.contains("Provides instead: 1 Colorless Energy"),
            "{out}"
        );
        let out = describe(&db, "xy2_79", None);
        assert!(out.contains("Kangaskhan (xy2-79): 1 print"), "{out}");
        assert!(out.contains("HP 130"), "{out}");
        let out = describe(&db, "xy2-79", Some("Hyper Beam"));
        assert!(
            out.contains("Known attacks/Abilities: Comet Punch"),
            "{out}"
        );
    }

    #[test]
    fn not_found_suggests() {
        let db = db();
        let out = describe(&db, "Kangaskan", None);
        assert!(out.contains("\"Kangaskan\": not found"), "{out}");
        assert!(out.contains("Did you mean: Kangaskhan"), "{out}");
        let out = describe(&db, "kangaskhan", None);
        assert!(out.contains("Did you mean: Kangaskhan"), "{out}");
        let out = describe(&db, "Energy", None);
        assert!(out.contains("Twin Energy"), "{out}");
        let out = describe(&db, "Zzzzzzzzzzzz", None);
        assert!(
            out.contains("not found") && out.contains("No similar names."),
            "{out}"
        );
    }

    #[test]
    fn short_names_are_not_suggested_for_containing() {
        let cards = CardDb::parse_set_json(
            r#"[{"id":"bw3-92","name":"N","supertype":"Trainer","subtypes":["Supporter"]},
                {"id":"bw1-97","name":"Pokémon Catcher","supertype":"Trainer","subtypes":["Item"]}]"#,
            "f.json",
        )
        .unwrap();
        let db = CardDb::from_cards(cards, vec![]);
        assert_eq!(
            close_names(&db, "pokemon catcher"),
            vec!["Pokémon Catcher".to_string()]
        );
        assert_eq!(close_names(&db, "n"), vec!["N".to_string()]);
        assert!(close_names(&db, "   ").is_empty());
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("kitten", "sitting", 5), 3);
        assert_eq!(edit_distance("abc", "abc", 2), 0);
        assert_eq!(edit_distance("a", "abcdefg", 2), 3);
    }
}
