//! `attack.damage-order.bench`: the damage an attack does to a Benched Pokémon, written by the
//! client as a sub-line of the attack ("- X's Y took 50 damage."). The amount comes from the
//! attack's own text ("This attack also does 50 damage to 1 of your opponent's Benched
//! Pokémon"); Weakness and Resistance never apply on the Bench; then the effects in force on the
//! attacker and on the Benched Pokémon, each read from its card and evaluated against the state,
//! as for the Active Pokémon's damage.

use crate::cards::Card;
use crate::log::{Depth, Event, Text};

use crate::engine::damage_order::DamageCalculation;
use crate::engine::explanation::{Explanation, Failed};
use crate::engine::in_force::UsedKind;
use crate::engine::replay::damage_model;
use crate::engine::replay::judges::damage::{DamageClaim, attack_sources};
use crate::engine::replay::judges::damage_trace::{self, Setting};
use crate::engine::replay::judges::{Judging, card_text};
use crate::engine::replay::tracker::Source;
use crate::engine::state::{PokemonId, Position};
use crate::engine::verdict::Step;

const CLAUSE: &str = "attack.damage-order.bench";

/// What an attack's text says a Benched Pokémon on one side takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BenchAmount {
    /// One of these amounts (several where the text gives another "instead", or prints differ).
    Amounts(Vec<i32>),
    /// "Choose 1 of your opponent's Pokémon `times` times … do `each` damage to it": a positive
    /// multiple of `each`, at most `times` × `each`.
    Chosen { times: i32, each: i32 },
    /// `each` for each of a count the tracker follows ("20 damage … for each damage counter on
    /// this Pokémon").
    PerCount { each: i32, count: Count },
    /// The text does not say it in words read here (a count, "for each …"); why.
    Unread(String),
    /// The text does no damage to a Benched Pokémon of that side.
    None,
}

/// A count an amount of damage is multiplied by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// "for each damage counter on this Pokémon" (the attacker).
    CountersOnAttacker,
    /// "for each damage counter on that Pokémon" (the one taking the damage, before it).
    CountersOnTarget,
    /// "for each Energy attached to this Pokémon" (the attacker).
    EnergyOnAttacker,
}

impl Count {
    /// The phrase that names the count, after "for each ".
    const PHRASES: [(&'static str, Count); 3] = [
        ("damage counter on this pokémon", Count::CountersOnAttacker),
        ("damage counter on that pokémon", Count::CountersOnTarget),
        ("energy attached to this pokémon", Count::EnergyOnAttacker),
    ];

    /// The count in the state, when the tracker knows it exactly; else why not.
    fn value(
        self,
        j: &Judging<'_, '_>,
        attacker: PokemonId,
        target: PokemonId,
    ) -> Result<i32, String> {
        let on = |id: PokemonId| {
            let m = j.state.mon(id);
            if m.uncertain || m.doubtful_damage != 0 || m.missing_damage != 0 {
                Err(sentence!("the damage on {} is not known exactly", m.name()))
            } else {
                Ok(m.damage / 10)
            }
        };
        match self {
            Count::CountersOnAttacker => on(attacker),
            Count::CountersOnTarget => on(target),
            Count::EnergyOnAttacker => {
                let m = j.state.mon(attacker);
                if m.uncertain {
                    Err(sentence!("the Energy on {} is not known exactly", m.name()))
                } else {
                    Ok(m.energy.len() as i32)
                }
            }
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Count::CountersOnAttacker => "damage counter on the attacking Pokémon",
            Count::CountersOnTarget => "damage counter on the Benched Pokémon",
            Count::EnergyOnAttacker => "Energy attached to the attacking Pokémon",
        }
    }
}

/// `attack.damage-order.bench` on a `took N damage` line (judged before it).
pub fn took_damage(j: &Judging<'_, '_>) -> Step {
    let Event::TookDamage {
        damage,
        weakness,
        resistance,
        ..
    } = j.event
    else {
        return Step::info("");
    };
    let Some(target) = j.resolved.pokemon.id() else {
        return Step::info("");
    };
    let position = j.state.position(target);
    if position != Some(Position::Bench) && position != Some(Position::Active) {
        return Step::info("");
    }
    if position == Some(Position::Bench) && (weakness.is_some() || resistance.is_some()) {
        return Step::violation(
            CLAUSE,
            "Weakness or Resistance is applied to a Benched Pokémon; they apply only to the Active Pokémon",
        );
    }
    let Some(attack_index) = attack_line(j) else {
        return Step::info("");
    };
    // The attack: the action's, or (past the blank line the client writes after a Damage
    // breakdown, which ends the action) the one recorded as used on the attack line.
    let (attacker, attack) = match &j.tracked.action.source {
        Source::Attack(attacker, attack) => (*attacker, attack.clone()),
        Source::None => match j
            .tracked
            .used
            .iter()
            .rev()
            .find(|u| u.line == attack_index && u.kind == UsedKind::Attack)
        {
            Some(u) => (u.by.as_ref().map(|(id, _)| *id), u.name.clone()),
            None => return Step::info(""),
        },
        // Damage from an Ability or a Trainer card: not an attack's damage.
        _ => return Step::info(""),
    };
    let attack = attack.as_str();
    let Some(attacker) = attacker else {
        return Step::cannot_check(
            CLAUSE,
            sentence!("the replay could not tell which Pokémon used {attack}"),
        );
    };
    let defender = j.state.mon(target);
    if position == Some(Position::Active) {
        // The Active Pokémon: the attacker's damage to itself, else not this judge's line.
        if target != attacker {
            return Step::info("");
        }
        return self_damage(
            j,
            attacker,
            attack_index,
            attack,
            *damage,
            weakness.is_some() || resistance.is_some(),
        );
    }
    let claim = DamageClaim {
        index: attack_index,
        attacker: Some(attacker),
        attacker_name: j.state.mon(attacker).name(),
        attack,
        target: None,
        damage: *damage,
        weakness: None,
        resistance: None,
        sub: false,
    };
    let sources = attack_sources(j, &claim).unwrap_or_default();
    if sources.is_empty() {
        return Step::cannot_check(
            CLAUSE,
            sentence!(
                "no print of {} in the card data has the attack {attack}",
                claim.attacker_name
            ),
        );
    }
    let opponent = defender.owner != j.state.mon(attacker).owner;
    let mut amounts: Vec<i32> = Vec::new();
    let mut chosen = None;
    let mut counted: Option<String> = None;
    let mut unread = None;
    for (card, name) in &sources {
        match bench_amount(j, card, name, opponent) {
            BenchAmount::Amounts(a) => {
                for n in a {
                    if !amounts.contains(&n) {
                        amounts.push(n);
                    }
                }
            }
            BenchAmount::Chosen { times, each } => chosen = Some((times, each)),
            BenchAmount::PerCount { each, count } => match count.value(j, attacker, target) {
                Ok(n) => {
                    counted = Some(sentence!("{each} × {n} ({})", count.describe()));
                    if !amounts.contains(&(each * n)) {
                        amounts.push(each * n);
                    }
                }
                Err(why) => unread = Some(why),
            },
            BenchAmount::Unread(why) => unread = Some(why),
            BenchAmount::None => {}
        }
    }
    let used = if sources.iter().all(|(c, _)| c.attack(attack).is_some()) {
        attack.to_string()
    } else {
        // A copied attack: name the attack whose text does the damage.
        sources.first().map(|(_, n)| n.clone()).unwrap_or_default()
    };
    let mut modelled: Vec<(Text, String)> =
        vec![(Text::from(claim.attacker_name), attack.to_string())];
    for (card, name) in &sources {
        let entry = (Text::from(card.name.as_str()), name.clone());
        if !modelled.contains(&entry) {
            modelled.push(entry);
        }
    }
    if let Some((times, each)) = chosen {
        let step = chosen_on_bench(&used, *damage, times, each);
        return card_text::gate_each_modelled(j, vec![step], &modelled);
    }
    let readings = readings(j, attacker, target, &used, &amounts, &mut modelled);
    let side = if opponent {
        "the opponent's"
    } else {
        "its own"
    };
    let counted = counted.map(|c| sentence!(" ({c})")).unwrap_or_default();
    if let Some((d, how, e)) = readings.iter().find(|(d, _, _)| d == damage) {
        return Step::ok(
            CLAUSE,
            sentence!(
                "{used} does damage to {side} Benched {}: {how}{counted} = {d}",
                defender.name()
            ),
        )
        .explained(e.clone());
    }
    if let Some(why) = unread {
        return Step::cannot_check(CLAUSE, why);
    }
    if readings.is_empty() {
        return Step::cannot_check(
            CLAUSE,
            sentence!(
                "the text of {used} names no damage to {side} Benched Pokémon that is read here"
            ),
        );
    }
    let listed: Vec<String> = readings
        .iter()
        .map(|(d, how, _)| sentence!("{how} = {d}"))
        .collect();
    let failed = Failed {
        clause: std::borrow::Cow::Borrowed(CLAUSE),
        title: String::new(),
        sentence: sentence!(
            "{used} does {} to {}, a Benched Pokémon; the log says {damage}",
            readings
                .iter()
                .map(|(d, _, _)| d.to_string())
                .collect::<Vec<_>>()
                .join(" or "),
            defender.name()
        ),
    };
    let mut e = readings[0].2.clone();
    e.failed = Some(failed);
    let found = Step::violation(
        CLAUSE,
        sentence!(
            "{used} does {}{counted} to {}, a Benched Pokémon; the log says {damage}",
            listed.join(" or "),
            defender.name()
        ),
    )
    .explained(e);
    // What was evaluated here (the attack's own text, the effects the model read) casts no
    // doubt; any other card in force that may change the damage does.
    card_text::gate_each_modelled(j, vec![found], &modelled)
}

/// `attack.damage-order` on the damage an attack does to the attacker itself ("This Pokémon also
/// does 30 damage to itself"): worked out as any damage (2018 Advanced Players' Rulebook, B-09),
/// so the effects on the attacker as the Pokémon taking it apply; Weakness and Resistance the
/// line does not state are none, unless the attacker is weak or resistant to its own type.
fn self_damage(
    j: &Judging<'_, '_>,
    attacker: PokemonId,
    attack_index: usize,
    attack: &str,
    damage: i32,
    stated_type_modifier: bool,
) -> Step {
    const SELF: &str = "attack.damage-order";
    let name = j.state.mon(attacker).name();
    let claim = DamageClaim {
        index: attack_index,
        attacker: Some(attacker),
        attacker_name: name,
        attack,
        target: None,
        damage,
        weakness: None,
        resistance: None,
        sub: false,
    };
    let sources = attack_sources(j, &claim).unwrap_or_default();
    let Ok(prints) = j.prints_of(attacker) else {
        return Step::cannot_check(SELF, sentence!("the prints of {name} are not known"));
    };
    let own_type_modifier = prints.iter().any(|c| {
        c.weaknesses.iter().any(|w| c.types.contains(&w.type_))
            || c.resistances.iter().any(|r| c.types.contains(&r.type_))
    });
    if stated_type_modifier || own_type_modifier {
        return Step::cannot_check(
            SELF,
            sentence!(
                "{name} damaging itself with Weakness or Resistance to its own type is not worked out here"
            ),
        );
    }
    let mut amounts = Vec::new();
    for (card, used) in &sources {
        let Some(a) = card.attack(used) else { continue };
        let text = j.cards.lower(&a.text);
        for sentence in sentences(&text) {
            for (n, target) in damage_phrases(sentence) {
                if (target.starts_with("itself") || target.starts_with("this pokémon"))
                    && !target.contains("for each")
                    && !amounts.contains(&n)
                {
                    amounts.push(n);
                }
            }
        }
    }
    if amounts.is_empty() {
        return Step::info("");
    }
    let mut modelled: Vec<(Text, String)> = vec![(Text::from(name), attack.to_string())];
    let readings = readings(j, attacker, attacker, attack, &amounts, &mut modelled);
    if let Some((d, how, e)) = readings.iter().find(|(d, _, _)| *d == damage) {
        return Step::ok(
            SELF,
            sentence!("{attack} does damage to {name} itself: {how} = {d}"),
        )
        .explained(e.clone());
    }
    let listed: Vec<String> = readings
        .iter()
        .map(|(d, how, _)| sentence!("{how} = {d}"))
        .collect();
    let found = Step::violation(
        SELF,
        sentence!(
            "{attack} does {} to {name} itself; the log says {damage}",
            listed.join(" or ")
        ),
    );
    card_text::gate_each_modelled(j, vec![found], &modelled)
}

/// The line of the attack the current sub-line belongs to: the nearest top-level line before
/// it (an attack line, or "X's Y used Oil Salvo." for an attack that names no target).
fn attack_line(j: &Judging<'_, '_>) -> Option<usize> {
    let lines = &j.lines.log.lines;
    let at = (0..j.index)
        .rev()
        .find(|i| lines[*i].depth == Depth::Top && !matches!(lines[*i].event, Event::Blank))?;
    matches!(lines[at].event, Event::Attack(_) | Event::Use { .. }).then_some(at)
}

/// Each amount the text gives, with the effects in force on the attacker and on the Benched
/// Pokémon (each read from its card, against the state): (damage, how it is worked out). An
/// amount whose effects cannot all be read stands alone, as the text gives it.
fn readings(
    j: &Judging<'_, '_>,
    attacker: PokemonId,
    target: PokemonId,
    attack: &str,
    amounts: &[i32],
    modelled: &mut Vec<(Text, String)>,
) -> Vec<(i32, String, Explanation)> {
    let position = j.state.position(target).unwrap_or(Position::Bench);
    let mut out: Vec<(i32, String, Explanation)> = Vec::new();
    for &amount in amounts {
        let setting = Setting {
            printed: amount,
            attack,
            position,
            weakness: None,
            resistance: None,
        };
        let model = damage_model::model(j, attacker, Some(target), attack, None, amount);
        if !model.unknown.is_empty() || model.variants.is_empty() {
            let plain = damage_model::Variant {
                base: amount,
                ..damage_model::Variant::default()
            };
            let (trace, not_applied) = damage_trace::trace(&setting, &plain);
            push(&mut out, amount, Explanation::trace(trace, not_applied));
            continue;
        }
        for m in model.modelled {
            if !modelled.contains(&m) {
                modelled.push(m);
            }
        }
        for v in &model.variants {
            let mut calc = DamageCalculation::plain(v.base, position);
            calc.attacker_effects = v.attacker.clone();
            calc.defender_effects = v.defender.clone();
            calc.prevent_all_damage = v.prevent.is_some();
            let damage = calc.damage_under(j.edition);
            let (trace, not_applied) = damage_trace::trace(&setting, v);
            push(&mut out, damage, Explanation::trace(trace, not_applied));
        }
    }
    out
}

fn push(out: &mut Vec<(i32, String, Explanation)>, damage: i32, e: Explanation) {
    let mut how = e.trace_sentence();
    if let Some(at) = how.rfind(" = ") {
        how.truncate(at);
    }
    if !out.iter().any(|(d, h, _)| *d == damage && *h == how) {
        out.push((damage, how, e));
    }
}

/// An attack that chooses Pokémon several times, on one Benched Pokémon.
fn chosen_on_bench(attack: &str, damage: i32, times: i32, each: i32) -> Step {
    let most = times * each;
    if damage > 0 && damage % each == 0 && damage <= most {
        Step::ok(
            CLAUSE,
            sentence!(
                "{attack} does {each} each time a Pokémon is chosen ({times} times): {damage} is {} × {each}",
                damage / each
            ),
        )
        .explained(damage_trace::chosen(attack, each, damage / each, times))
    } else {
        Step::violation(
            CLAUSE,
            sentence!(
                "{attack} does {each} damage each time a Pokémon is chosen ({times} times), so a Pokémon takes a multiple of {each} up to {most}; the log says {damage}"
            ),
        )
    }
}

/// What the text of `card`'s attack `name` does to a Benched Pokémon on the opponent's side
/// (`opponent`) or on the attacker's own.
fn bench_amount(j: &Judging<'_, '_>, card: &Card, name: &str, opponent: bool) -> BenchAmount {
    let Some(attack) = card.attack(name) else {
        return BenchAmount::None;
    };
    let text = j.cards.lower(&attack.text);
    bench_amount_in(&text, opponent)
}

/// [`bench_amount`] on a lower-case text.
pub fn bench_amount_in(text: &str, opponent: bool) -> BenchAmount {
    if let Some((times, each)) = super::damage::chosen_times(text) {
        return if opponent {
            BenchAmount::Chosen { times, each }
        } else {
            BenchAmount::None
        };
    }
    if text.contains("apply weakness") && !text.contains("don't apply weakness") {
        return BenchAmount::Unread(
            "the attack's text applies Weakness or Resistance to Benched Pokémon".to_string(),
        );
    }
    let mut amounts = Vec::new();
    let mut last_reaches = false;
    for sentence in sentences(text) {
        for (amount, target) in damage_phrases(sentence) {
            let reaches = if target.starts_with("instead") || target.is_empty() {
                // "… does 120 damage instead": the same Pokémon as the sentence before.
                last_reaches
            } else {
                reaches_bench(target, opponent)
            };
            if !reaches {
                continue;
            }
            last_reaches = true;
            if let Some(rest) = target.split_once("for each ").map(|(_, r)| r)
                && let Some((_, count)) = Count::PHRASES.iter().find(|(p, _)| rest.starts_with(p))
            {
                return BenchAmount::PerCount {
                    each: amount,
                    count: *count,
                };
            }
            if target.contains("for each") || sentence.contains(" more damage") {
                return BenchAmount::Unread(sentence!(
                    "the damage to a Benched Pokémon depends on a count in the text (\"{}\")",
                    sentence.trim()
                ));
            }
            if !amounts.contains(&amount) {
                amounts.push(amount);
            }
        }
    }
    if amounts.is_empty() {
        BenchAmount::None
    } else {
        BenchAmount::Amounts(amounts)
    }
}

/// The sentences of a text, with the reminders in brackets that stand as sentences of their
/// own left out ("(Don't apply Weakness and Resistance for Benched Pokémon.)"); brackets inside a
/// sentence ("each Benched Pokémon (both yours and your opponent's)") stay in it.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut reminder = 0usize;
    let mut inner = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' if reminder > 0 => reminder += 1,
            '(' if inner == 0 && text[start..i].trim().is_empty() => reminder = 1,
            '(' => inner += 1,
            ')' if reminder > 0 => {
                reminder -= 1;
                if reminder == 0 {
                    start = i + 1;
                }
            }
            ')' => inner = inner.saturating_sub(1),
            '.' if reminder == 0 && inner == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if reminder == 0 && start < text.len() {
        out.push(&text[start..]);
    }
    out.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

/// Each "does N damage to TARGET" (or "do N damage to") of a sentence: (N, what follows
/// "damage"; "to …" or "instead").
fn damage_phrases(sentence: &str) -> Vec<(i32, &str)> {
    let mut out = Vec::new();
    let mut rest = sentence;
    while let Some(at) = rest.find(" damage") {
        let before = &rest[..at];
        let verb = before.trim_end_matches(|c: char| c.is_ascii_digit());
        let digits = &before[verb.len()..];
        let verb = verb.trim_end();
        let after = rest[at + " damage".len()..].trim_start();
        if !digits.is_empty()
            && (verb.ends_with(" does") || verb.ends_with(" do") || verb.ends_with("also does"))
            && let Ok(n) = digits.parse()
        {
            let target = after.strip_prefix("to ").unwrap_or(after);
            out.push((n, target));
        }
        rest = &rest[at + " damage".len()..];
    }
    out
}

/// Whether the target of a damage phrase may be a Benched Pokémon of the opponent (`opponent`)
/// or of the attacker's own side.
fn reaches_bench(target: &str, opponent: bool) -> bool {
    let both = target.contains("both yours and your opponent's");
    if target.contains("active pokémon") && !target.contains("benched") {
        return false;
    }
    if target.starts_with("itself") || target.starts_with("this pokémon") {
        return false;
    }
    if opponent {
        both || target.contains("your opponent's")
    } else {
        both || (target.contains("your ") && !target.contains("your opponent's"))
    }
}

#[cfg(test)]
mod tests {
    use super::{BenchAmount, bench_amount_in};

    fn amounts(text: &str, opponent: bool) -> BenchAmount {
        bench_amount_in(&text.to_lowercase(), opponent)
    }

    #[test]
    fn reads_the_damage_an_attack_does_to_a_benched_pokemon() {
        let jetting = "This attack also does 50 damage to 1 of your opponent's Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(amounts(jetting, true), BenchAmount::Amounts(vec![50]));
        assert_eq!(amounts(jetting, false), BenchAmount::None);
        let two = "Discard 2 Energy from this Pokémon. This attack does 120 damage to 2 of your opponent's Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(amounts(two, true), BenchAmount::Amounts(vec![120]));
        let own = "This attack also does 30 damage to each of your Benched Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(amounts(own, false), BenchAmount::Amounts(vec![30]));
        assert_eq!(amounts(own, true), BenchAmount::None);
        let both = "This attack also does 20 damage to each Benched Pokémon (both yours and your opponent's). (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(amounts(both, true), BenchAmount::Amounts(vec![20]));
        assert_eq!(amounts(both, false), BenchAmount::Amounts(vec![20]));
        let instead = "This attack does 30 damage to 1 of your opponent's Benched Pokémon. If that Pokémon retreated from the Active Spot during your opponent's last turn, this attack does 120 damage instead. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(amounts(instead, true), BenchAmount::Amounts(vec![30, 120]));
        let active_only = "Switch 1 of your opponent's Benched Pokémon with their Active Pokémon. This attack does 30 damage to the new Active Pokémon.";
        assert_eq!(amounts(active_only, true), BenchAmount::None);
        let counted = "This attack does 60 damage to 1 of your opponent's Benched Pokémon for each Prize card your opponent has taken. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert!(matches!(amounts(counted, true), BenchAmount::Unread(_)));
        let roar = "This attack does 20 damage to 1 of your opponent's Pokémon for each damage counter on this Pokémon. (Don't apply Weakness and Resistance for Benched Pokémon.)";
        assert_eq!(
            amounts(roar, true),
            BenchAmount::PerCount {
                each: 20,
                count: super::Count::CountersOnAttacker
            }
        );
        let oil = "Choose 1 of your opponent's Pokémon 6 times. (You can choose the same Pokémon more than once.) For each time you chose a Pokémon, do 20 damage to it. This damage isn't affected by Weakness or Resistance.";
        assert_eq!(
            amounts(oil, true),
            BenchAmount::Chosen { times: 6, each: 20 }
        );
        let self_damage = "This Pokémon also does 30 damage to itself.";
        assert_eq!(amounts(self_damage, false), BenchAmount::None);
    }
}
