//! Damage: the damage an attack line reports is recomputed in the rulebook's order — base
//! damage, effects on the attacker, Weakness, Resistance, effects on the defender — and the
//! Weakness and Resistance it states agree with the card data; no Weakness or Resistance on
//! the Bench. A `Damage breakdown` block is judged in `breakdown.rs`.
//!
//! What the game client shows is part of the evidence: it writes a `Damage breakdown` whenever
//! something changes an attack's printed damage (a Tool, an Ability, a Supporter, a count,
//! Weakness, Resistance). An attack line without one therefore claims the printed damage, with
//! the Weakness and Resistance its own sentences state.

use crate::cards::{Card, DamageModifier, WeaknessModifier};
use crate::log::{AttackLine, Event, Text, TypeModifier};

use super::super::super::damage_order::{self, DamageCalculation};
use super::super::super::facts;
use super::super::super::state::{PokemonId, Position};
use super::super::super::verdict::{Step, Verdict};
use super::super::damage_model;
use super::{Judging, breakdown};
use crate::cards::effects::TextKind;

/// What an attack line says about its damage.
pub struct DamageClaim<'e> {
    pub index: usize,
    pub attacker: Option<PokemonId>,
    pub attacker_name: &'e str,
    pub attack: &'e str,
    pub target: Option<PokemonId>,
    pub damage: i32,
    pub weakness: Option<&'e TypeModifier>,
    pub resistance: Option<&'e TypeModifier>,
    pub sub: bool,
}

/// The attack's printed base damage, as far as it determines the damage.
pub enum Base {
    /// Exactly this much before Weakness and Resistance (when nothing else shows).
    Exact(i32),
    /// "Choose 1 of your opponent's Pokémon `times` times … do `each` damage to it": each
    /// Pokémon takes a multiple of `each`, at most `times` × `each`.
    Chosen { times: i32, each: i32 },
    /// The prints the attacker may be disagree: one of these (before Weakness and Resistance).
    AnyOf(Vec<i32>),
    /// Not known; the reason.
    Unknown(String),
}

/// `attack.damage-order`, `attack.damage-order.bench`, `attack.damage-order.weakness`,
/// `attack.damage-order.resistance`, `attack.damage-breakdown`: the damage of an attack line
/// (judged before it).
pub fn damage(j: &Judging<'_, '_>) -> Step {
    let Event::Attack(line) = j.event else {
        return Step::info("");
    };
    let AttackLine {
        pokemon,
        attack,
        damage,
        weakness,
        resistance,
        ..
    } = &**line;
    let claim = &DamageClaim {
        index: j.index,
        attacker: j.resolved.attacker.id(),
        attacker_name: &pokemon.name,
        attack,
        target: j.resolved.pokemon.id(),
        damage: *damage,
        weakness: weakness.as_deref(),
        resistance: resistance.as_deref(),
        sub: !j.top_level(),
    };
    let mut parts = Vec::new();
    let target_position = claim.target.and_then(|t| j.state.position(t));
    if target_position == Some(Position::Bench)
        && (claim.weakness.is_some() || claim.resistance.is_some())
    {
        parts.push(Step::violation(
            "attack.damage-order.bench",
            "Weakness or Resistance is applied to a Benched Pokémon; they apply only to the Active Pokémon",
        ));
    }
    let attack_card = attack_card(j, claim);
    let base = base_damage(j, claim, attack_card.as_ref().map(|(c, t)| (*c, &**t)));
    let models = models(j, claim);
    match j.lines.breakdown_for(claim.index, claim.sub) {
        Some(items) => {
            let mut found = breakdown::breakdown(j, claim, &items, &base);
            match modelled_damage(j, claim, &models) {
                // The cards give the line's damage: what the breakdown leaves out (a base it
                // does not show, steps it does not list) is known.
                Some(step) if step.verdict == Verdict::Ok => {
                    found.retain(|p| p.verdict != Verdict::Unverified);
                    // The cards' own working is the trace; the client's breakdown agrees.
                    for p in &mut found {
                        if let Some(e) = p.explanation.as_mut() {
                            e.trace.clear();
                            e.not_applied.clear();
                        }
                    }
                    found.push(step);
                }
                // The line is the client's breakdown total: where the cards read otherwise,
                // it is the engine's model against the client's arithmetic, not a play.
                Some(step) if step.verdict == Verdict::Violation => {
                    // A card in force the model does not read: the gate names it.
                    let gated = unless_state_unsure(
                        &models,
                        super::card_text::gate_each_modelled(
                            j,
                            vec![step.clone()],
                            &models.modelled,
                        ),
                    );
                    if gated.verdict != Verdict::Violation {
                        found.push(gated);
                        parts.extend(found);
                        return unless_state_unsure(
                            &models,
                            super::card_text::gate_each_modelled(j, parts, &models.modelled),
                        );
                    }
                    found.push(Step::cannot_check(
                        "attack.damage-order",
                        sentence!(
                            "the client's breakdown gives {}, which the card data reads otherwise: {}",
                            claim.damage, step.message
                        ),
                    ));
                }
                Some(step) => found.push(step),
                None => {}
            }
            parts.extend(found);
        }
        None => parts.push(plain_damage(j, claim, &base, &models)),
    }
    parts.extend(type_sentences(
        j,
        claim,
        attack_card.as_ref().map(|(_, t)| &**t),
        &models,
    ));
    unless_state_unsure(
        &models,
        super::card_text::gate_each_modelled(j, parts, &models.modelled),
    )
}

/// The damage models of an attack line, one per distinct (printed damage, text) of the prints
/// the attacker may be.
pub struct Models {
    pub models: Vec<(i32, damage_model::Model)>,
    /// The texts every model evaluated (the gate does not doubt them), with the attack's own
    /// text when every model read it.
    pub modelled: Vec<(Text, String)>,
}

/// Build the models of the line's attack (none when the attacker or its prints are unknown,
/// or the attack copies another).
fn models(j: &Judging<'_, '_>, claim: &DamageClaim<'_>) -> Models {
    let mut out = Models {
        models: Vec::new(),
        modelled: Vec::new(),
    };
    let (Some(att), Some(db)) = (claim.attacker, j.db()) else {
        return out;
    };
    let Some(sources) = attack_sources(j, claim) else {
        return out;
    };
    let mut seen: Vec<(i32, Option<&crate::cards::effects::TextEffects>)> = Vec::new();
    for (card, name) in &sources {
        let Some(attack) = card.attack(name) else {
            continue;
        };
        let printed = attack.damage.map_or(0, |d| d.amount as i32);
        let own = db.index_of(card).and_then(|i| {
            db.effects(i)
                .texts()
                .iter()
                .find(|t| t.kind == TextKind::Attack && t.name == *name)
        });
        if !seen.contains(&(printed, own)) {
            seen.push((printed, own));
        }
    }
    for (printed, own) in seen {
        let m = damage_model::model(j, att, claim.target, claim.attack, own, printed);
        out.models.push((printed, m));
    }
    // What every model evaluated.
    if let Some((_, first)) = out.models.first() {
        out.modelled = first
            .modelled
            .iter()
            .filter(|k| out.models.iter().all(|(_, m)| m.modelled.contains(k)))
            .cloned()
            .collect();
    }
    let own_read = !out.models.is_empty()
        && out
            .models
            .iter()
            .all(|(_, m)| !m.unknown.iter().any(|u| u.starts_with("the text of ")));
    if own_read {
        out.modelled
            .push((Text::from(claim.attacker_name), claim.attack.to_string()));
    }
    out
}

/// The cards whose text is the line's attack, each with the name of the attack to read: the
/// attacker's prints; else a Tool attached to it that gives the attack (a Technical Machine);
/// for an attack that copies another, the cards with the attack chosen. `None` when the
/// attacker or its prints are unknown.
pub fn attack_sources<'a>(
    j: &Judging<'_, 'a>,
    claim: &DamageClaim<'_>,
) -> Option<Vec<(&'a Card, String)>> {
    let (att, db) = (claim.attacker?, j.db()?);
    let prints = j.prints_of(att).ok()?;
    let mut sources: Vec<(&Card, String)> = prints
        .iter()
        .filter(|c| c.attack(claim.attack).is_some())
        .map(|c| (*c, claim.attack.to_string()))
        .collect();
    if sources.is_empty() {
        for tool in &j.state.mon(att).tools {
            for i in db.by_name(tool) {
                let c = db.card(*i);
                if c.attack(claim.attack).is_some() {
                    sources.push((c, claim.attack.to_string()));
                }
            }
        }
    }
    // The prints of a name mostly word an attack alike: each wording is read once.
    let mut read: Vec<&str> = Vec::new();
    let copies = sources.iter().any(|(c, a)| {
        c.attack(a).is_some_and(|x| {
            if read.contains(&x.text.as_str()) {
                return false;
            }
            read.push(&x.text);
            let t = j.cards.lower(&x.text);
            t.contains("use it as this attack")
                || t.contains("choose 1 of") && t.contains("attacks")
        })
    });
    if copies {
        sources = copied_sources(j, claim);
    }
    Some(sources)
}

/// The cards whose attack an attack copying another uses (`- X chose Trifrost` names it):
/// the card the attack discarded (named on a sub-line, with its id when the log gives one),
/// else the defender (an attack that uses "your opponent's Active Pokémon's attacks"), else
/// every card with an attack of that name. Empty when the log does not name the attack.
fn copied_sources<'a>(
    j: &Judging<'_, 'a>,
    claim: &DamageClaim<'_>,
) -> Vec<(&'a crate::cards::Card, String)> {
    let Some(db) = j.db() else {
        return Vec::new();
    };
    let subs = j.lines.sub_lines(claim.index);
    let mut chosen = None;
    let mut discarded: Vec<&crate::log::CardName> = Vec::new();
    for l in subs {
        match &l.event {
            Event::ChoseOption { option, .. } if chosen.is_none() => chosen = Some(option.clone()),
            Event::Discard {
                card: crate::log::CardRef::Named { card },
                ..
            } if chosen.is_none() => discarded.push(card),
            _ => {}
        }
    }
    let Some(chosen) = chosen else {
        return Vec::new();
    };
    let with = |cards: Vec<&'a crate::cards::Card>| -> Vec<(&'a crate::cards::Card, String)> {
        cards
            .into_iter()
            .filter(|c| c.attack(&chosen).is_some())
            .map(|c| (c, chosen.to_string()))
            .collect()
    };
    for card in discarded {
        let by_id = card
            .id
            .as_deref()
            .and_then(|id| db.by_log_id(id))
            .map(|i| vec![db.card(i)]);
        let found = with(
            by_id.unwrap_or_else(|| db.by_name(&card.name).iter().map(|i| db.card(*i)).collect()),
        );
        if !found.is_empty() {
            return found;
        }
    }
    if let Some(def) = claim.target
        && let Ok(p) = j.prints_of(def)
    {
        let found = with(p.iter().copied().collect());
        if !found.is_empty() {
            return found;
        }
    }
    with(
        db.with_attack(&chosen)
            .iter()
            .map(|i| db.card(*i))
            .collect(),
    )
}

/// The damage the line should show by the models: every reading's damage, with Weakness and
/// Resistance as the line states them. `None` when there is no model, or the attack's own text
/// could not be read (the printed base is then used as before).
fn modelled_damage(j: &Judging<'_, '_>, claim: &DamageClaim<'_>, models: &Models) -> Option<Step> {
    if models.models.is_empty()
        || models
            .models
            .iter()
            .any(|(_, m)| m.unknown.iter().any(|u| u.starts_with("the text of ")))
    {
        return None;
    }
    // What the model could not finish, said after the damage (how many readings it made is
    // its own business, not the judge's).
    let note = |unknown: &[String]| {
        let said: Vec<&String> = unknown
            .iter()
            .filter(|u| !u.ends_with("readings of what the log does not show"))
            .collect();
        if said.is_empty() {
            String::new()
        } else {
            sentence!(
                " ({})",
                said.iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            )
        }
    };
    // The line says Weakness or Resistance was applied: a reading in which a card in force
    // takes it away is not what happened.
    let against = |v: &damage_model::Variant| {
        (claim.weakness.is_some() && v.no_weakness)
            || (claim.resistance.is_some() && v.no_resistance)
    };
    // Usually one reading gives the line's damage, and there are too few readings for their
    // number to matter: then only that one is written out (the first such reading, as below).
    let unknown: Vec<String> = models
        .models
        .iter()
        .flat_map(|(_, m)| m.unknown.iter().cloned())
        .collect();
    let variants = || {
        models
            .models
            .iter()
            .flat_map(|(printed, m)| m.variants.iter().map(move |v| (*printed, v)))
    };
    // Whether the readings give more than one damage: then the one that fits is said with
    // what it assumed.
    let damages: Vec<i32> = variants()
        .filter(|(_, v)| !against(v))
        .take(17)
        .map(|(_, v)| variant_reading(j, claim, v, false).0)
        .collect();
    let agree = damages.windows(2).all(|w| w[0] == w[1]);
    // At most 16 readings: `damages` has each one's damage, in order.
    if damages.len() <= 16
        && let Some(at) = damages.iter().position(|d| *d == claim.damage)
        && let Some((printed, v)) = variants().filter(|(_, v)| !against(v)).nth(at)
    {
        let (d, how, explanation) = variant_damage(j, claim, printed, v, !agree);
        return Some(
            Step::ok(
                "attack.damage-order",
                sentence!("{how} = {d}{}", note(&unknown)),
            )
            .explained(explanation),
        );
    }
    let mut readings: Vec<(i32, String)> = Vec::new();
    let mut first_explained = None;
    let mut fitting_explained = None;
    let mut against_line = 0;
    for (printed, v) in variants() {
        if against(v) {
            against_line += 1;
            continue;
        }
        let (damage, how, explanation) = variant_damage(j, claim, printed, v, !agree);
        if damage == claim.damage && fitting_explained.is_none() {
            fitting_explained = Some(explanation.clone());
        }
        if first_explained.is_none() {
            first_explained = Some(explanation);
        }
        if !readings.iter().any(|(d, h)| *d == damage && *h == how) {
            readings.push((damage, how));
        }
    }
    if readings.is_empty() && against_line > 0 {
        return Some(Step::cannot_check(
            "attack.damage-order",
            "the line says Weakness or Resistance was applied, but every reading of the cards in force takes it away",
        ));
    }
    if readings.len() > 16 {
        return Some(Step::cannot_check(
            "attack.damage-order",
            sentence!(
                "the cards the log does not show allow {} different damages, too many to check",
                readings.len()
            ),
        ));
    }
    let note = note(&unknown);
    if let Some((d, how)) = readings.iter().find(|(d, _)| *d == claim.damage) {
        // The damage is one step of the attack, after what its text does before damage and
        // before the rest of its text; a reading that took the text's optional action ("If
        // you do, …") did so because the action was taken.
        let mut parts = vec![
            Step::ok("attack.damage-order", sentence!("{how} = {d}{note}")),
            Step::ok("attack.steps", ""),
        ];
        if how.contains("took the optional action") {
            parts.push(Step::ok("card-text.if-you-do", ""));
        }
        let step = Step::combine(parts);
        return Some(match fitting_explained {
            Some(e) => step.explained(e),
            None => step,
        });
    }
    let listed: Vec<String> = readings
        .iter()
        .map(|(d, h)| sentence!("{h} = {d}"))
        .collect();
    // The line adds up with the client's own Weakness figure: its arithmetic, not a play.
    if let Some(w) = claim.weakness {
        let stated = models
            .models
            .iter()
            .flat_map(|(_, m)| m.variants.iter())
            .any(|v| stated_variant_damage(j, claim, v) == claim.damage);
        if stated {
            return Some(Step::cannot_check(
                "attack.damage-order",
                sentence!(
                    "the client added {} for {} Weakness ({} in all); by the card data it is {}; the client's own figure is not called a violation",
                    w.amount,
                    w.energy_type,
                    claim.damage,
                    listed.join(", or ")
                ),
            ));
        }
    }
    // A reading the model could not finish (a count it cannot make, a condition it cannot
    // evaluate) is missing from the list: no reading fits, but the one it could not make might.
    let unfinished: Vec<&String> = models
        .models
        .iter()
        .flat_map(|(_, m)| m.unknown.iter())
        .filter(|u| {
            !u.starts_with(damage_model::STATE_UNSURE)
                // Many readings: each was worked out (they are all in the list).
                && !u.ends_with("readings of what the log does not show")
        })
        .collect();
    if let Some(first) = unfinished.first() {
        return Some(Step::cannot_check(
            "attack.damage-order",
            sentence!(
                "{} cannot be worked out: {first}; the readings it could work out give {}, and the log says {}",
                claim.attack,
                listed.join(", or "),
                claim.damage
            ),
        ));
    }
    // Nor with the client's own Weakness figure: say what that figure gives.
    let client = match (claim.weakness, defender_weakness(j, claim)) {
        (Some(w), Some(WeaknessModifier::Multiply(2))) => sentence!(
            "; the client's own figure of {} for Weakness gives {} before Resistance and effects on the defender",
            w.amount,
            w.amount.saturating_mul(2)
        ),
        _ => String::new(),
    };
    let found = Step::violation(
        "attack.damage-order",
        sentence!(
            "{} should do {} but the log says {}{note}{client}",
            claim.attack,
            listed.join(", or "),
            claim.damage
        ),
    );
    Some(match first_explained {
        Some(mut e) => {
            e.failed = Some(crate::engine::explanation::Failed {
                clause: std::borrow::Cow::Borrowed("attack.damage-order"),
                title: String::new(),
                sentence: sentence!(
                    "By the rulebook's damage order and the cards in force, {} does {} here; the log says {}",
                    claim.attack,
                    readings
                        .iter()
                        .map(|(d, _)| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" or "),
                    claim.damage
                ),
            });
            found.explained(e)
        }
        None => found,
    })
}

/// A violation the gate let stand that compares the line with readings resting on a state the
/// tracker is unsure of (which Pokémon of a name has which cards; the readings' message names
/// it): not called a violation.
fn unless_state_unsure(models: &Models, step: Step) -> Step {
    let unsure = models.models.iter().find_map(|(_, m)| {
        m.unknown
            .iter()
            .find(|u| u.starts_with(damage_model::STATE_UNSURE))
    });
    match unsure {
        Some(why) if step.verdict == Verdict::Violation && step.message.contains(why.as_str()) => {
            Step {
                verdict: Verdict::Unverified,
                message: sentence!("{why}, so this is not called a violation: {}", step.message),
                violated: crate::engine::verdict::Clauses::new(),
                ..step
            }
        }
        _ => step,
    }
}

/// One reading's damage with the amounts the line states for Weakness and Resistance instead
/// of the card data's.
fn stated_variant_damage(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    v: &damage_model::Variant,
) -> i32 {
    let mut d = v.base;
    d = d.saturating_add(v.attacker.iter().map(|e| e.amount).sum::<i32>());
    d = match (claim.weakness, defender_weakness(j, claim)) {
        // Weakness ×2 adds the damage before it: the client's figure is that damage too, so
        // its own arithmetic is twice the figure, whatever the model made of the attacker.
        (Some(w), Some(WeaknessModifier::Multiply(2))) => w.amount.saturating_mul(2),
        (w, _) => d.saturating_add(w.map_or(0, |w| w.amount)),
    };
    d = d.saturating_sub(claim.resistance.map_or(0, |r| r.amount.saturating_abs()));
    if !v.no_defender_effects {
        if v.prevent.is_some() {
            return 0;
        }
        d = d.saturating_add(v.defender.iter().map(|e| e.amount).sum::<i32>());
    }
    d.max(0)
}

/// One reading's damage, how it is worked out in the damage order (in words, with the
/// condition it assumed when `conditional`: the readings disagree), and its trace.
fn variant_damage(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    printed: i32,
    v: &damage_model::Variant,
    conditional: bool,
) -> (i32, String, crate::engine::explanation::Explanation) {
    let (damage, _) = variant_reading(j, claim, v, false);
    let position = claim
        .target
        .and_then(|t| j.state.position(t))
        .unwrap_or(Position::Active);
    let setting = super::damage_trace::Setting {
        printed,
        attack: claim.attack,
        position,
        weakness: claim.weakness.map(|w| {
            (
                w,
                defender_weakness(j, claim).unwrap_or(WeaknessModifier::Multiply(2)),
            )
        }),
        resistance: claim.resistance,
    };
    let (trace, not_applied) = super::damage_trace::trace(&setting, v);
    let explanation = crate::engine::explanation::Explanation::trace(trace, not_applied);
    let mut how = explanation.trace_sentence();
    // The sentence ends with "= N": the caller writes the total.
    if let Some(at) = how.rfind(" = ") {
        how.truncate(at);
    }
    if conditional {
        let conditions: Vec<String> = v
            .assumed
            .iter()
            .filter_map(|a| super::damage_trace::condition(a))
            .collect();
        if !conditions.is_empty() {
            how = sentence!("{how} (if {})", conditions.join(" and "));
        }
    }
    (damage, how, explanation)
}

/// One reading's damage, and how it is worked out when `explain` (else an empty text). The
/// readings are compared with the line many times an attack, so their effects are read where
/// they are rather than copied into the calculation.
fn variant_reading(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    v: &damage_model::Variant,
    explain: bool,
) -> (i32, String) {
    let position = claim
        .target
        .and_then(|t| j.state.position(t))
        .unwrap_or(Position::Active);
    let mut calc = DamageCalculation::plain(v.base, position);
    if claim.weakness.is_some() && !v.no_weakness {
        calc.weakness = Some(defender_weakness(j, claim).unwrap_or(WeaknessModifier::Multiply(2)));
    }
    if let Some(r) = claim.resistance
        && !v.no_resistance
    {
        calc.resistance = Some(r.amount.saturating_abs());
    }
    let defender: &[damage_order::DamageEffect] = if v.no_defender_effects {
        &[]
    } else {
        calc.prevent_all_damage = v.prevent.is_some();
        &v.defender
    };
    let damage = calc.damage_with(j.edition, &v.attacker, defender);
    if !explain {
        return (damage, String::new());
    }
    let mut steps = vec![sentence!("base {}", v.base)];
    steps.extend(v.own.iter().cloned());
    steps.extend(v.attacker.iter().map(|e| e.source.clone()));
    if let (Some(w), Some(modifier)) = (claim.weakness, calc.weakness) {
        steps.push(sentence!("Weakness to {} {modifier}", w.energy_type));
    }
    if let Some(r) = claim.resistance
        && calc.resistance.is_some()
    {
        steps.push(sentence!("Resistance to {} {}", r.energy_type, r.amount));
    }
    steps.extend(defender.iter().map(|e| e.source.clone()));
    if let Some(p) = &v.prevent
        && calc.prevent_all_damage
    {
        steps.push(sentence!("{p}: all damage prevented"));
    }
    steps.extend(v.assumed.iter().map(|a| sentence!("[{a}]")));
    (damage, steps.join(", "))
}

/// Whether this judge reads the whole text of the line's attack, so that what the text does to
/// its damage is modelled: an attack that prints no damage and states it in its text ("does 120
/// damage to 2 of your opponent's Pokémon", "choose … 6 times … do 20 damage").
pub fn models_own_text(j: &Judging<'_, '_>) -> bool {
    let Event::Attack(line) = j.event else {
        return false;
    };
    let attack = &line.attack;
    let Some(prints) = j.resolved.attacker.id().and_then(|id| j.prints_of(id).ok()) else {
        return false;
    };
    let mut with = prints.iter().filter_map(|c| c.attack(attack)).peekable();
    with.peek().is_some()
        && with.all(|a| {
            let text = j.cards.lower(&a.text);
            a.damage.is_none() && (damage_in_text(&text).is_some() || chosen_times(&text).is_some())
        })
}

/// The print of the attacker that has the attack, and the attack's text (lower case).
fn attack_card<'a>(
    j: &Judging<'_, 'a>,
    claim: &DamageClaim<'_>,
) -> Option<(&'a Card, std::sync::Arc<str>)> {
    let id = claim.attacker?;
    let prints = j.prints_of(id).ok()?;
    let card = prints
        .iter()
        .copied()
        .find(|c| c.attack(claim.attack).is_some())?;
    let text = j.cards.lower(&card.attack(claim.attack)?.text);
    Some((card, text))
}

fn base_damage(j: &Judging<'_, '_>, claim: &DamageClaim<'_>, card: Option<(&Card, &str)>) -> Base {
    if let Some((card, text)) = card
        && let Some(attack) = card.attack(claim.attack)
    {
        if text.contains("use it as this attack")
            || text.contains("choose 1 of") && text.contains("attacks")
        {
            return copied_base(j, claim);
        }
        return match attack.damage {
            Some(d) if matches!(d.modifier, DamageModifier::Fixed | DamageModifier::Plus) => {
                print_bases(j, claim, d.amount as i32)
            }
            Some(d) => Base::Unknown(sentence!(
                "{} does {}{} damage: the amount depends on its text",
                claim.attack,
                d.amount,
                if d.modifier == DamageModifier::Times {
                    "×"
                } else {
                    "-"
                }
            )),
            None => match (damage_in_text(text), chosen_times(text)) {
                (Some(n), _) => Base::Exact(n),
                (None, Some((times, each))) => Base::Chosen { times, each },
                (None, None) => Base::Unknown(sentence!("{} prints no damage", claim.attack)),
            },
        };
    }
    // Not in the card data: the other uses of the same attack in this log, shown without a
    // breakdown or Weakness/Resistance, show its printed damage.
    match learned_damage(j, claim) {
        Ok(n) => Base::Exact(n),
        Err(why) => Base::Unknown(why),
    }
}

/// The base damage of `claim`'s attack over every print the attacker may be: `first` when they
/// agree, else every value printed.
fn print_bases(j: &Judging<'_, '_>, claim: &DamageClaim<'_>, first: i32) -> Base {
    let mut bases = vec![first];
    if let Some(prints) = claim.attacker.and_then(|id| j.prints_of(id).ok()) {
        for card in prints.iter() {
            if let Some(d) = card.attack(claim.attack).and_then(|a| a.damage)
                && matches!(d.modifier, DamageModifier::Fixed | DamageModifier::Plus)
                && !bases.contains(&(d.amount as i32))
            {
                bases.push(d.amount as i32);
            }
        }
    }
    if bases.len() == 1 {
        Base::Exact(first)
    } else {
        bases.sort_unstable();
        Base::AnyOf(bases)
    }
}

/// An attack that copies another (the sub-line `- X chose Trifrost` names the copy): the
/// copied attack's printed damage, when every card with that attack prints it alike.
fn copied_base(j: &Judging<'_, '_>, claim: &DamageClaim<'_>) -> Base {
    let chosen = j
        .lines
        .sub_lines(claim.index)
        .iter()
        .find_map(|l| match &l.event {
            Event::ChoseOption { option, .. } => Some(option.clone()),
            _ => None,
        });
    let Some(chosen) = chosen else {
        return Base::Unknown(sentence!(
            "{} copies an attack the log does not name",
            claim.attack
        ));
    };
    let Some(db) = j.db() else {
        return Base::Unknown("no card data".to_string());
    };
    let mut bases: Vec<Option<i32>> = db
        .with_attack(&chosen)
        .iter()
        .filter_map(|i| db.card(*i).attack(&chosen))
        .map(|a| match a.damage {
            Some(d) if d.modifier == DamageModifier::Fixed => Some(d.amount as i32),
            Some(_) => None,
            None => damage_in_text(&j.cards.lower(&a.text)),
        })
        .collect();
    bases.dedup();
    match bases.as_slice() {
        [Some(n)] => Base::Exact(*n),
        [] => Base::Unknown(sentence!(
            "{} copies {chosen}, which is not in the card data",
            claim.attack
        )),
        _ => Base::Unknown(sentence!(
            "{} copies {chosen}, whose damage the cards with it do not agree on",
            claim.attack
        )),
    }
}

/// The damage every other plain use of this attack by a Pokémon of this name shows.
fn learned_damage(j: &Judging<'_, '_>, claim: &DamageClaim<'_>) -> Result<i32, String> {
    let plain = j.lines.plain_uses();
    let key = (Text::from(claim.attacker_name), Text::from(claim.attack));
    let others: Vec<(usize, i32)> = plain
        .get(&key)
        .map(|v| {
            v.iter()
                .copied()
                .filter(|(i, _)| *i != claim.index)
                .collect()
        })
        .unwrap_or_default();
    let missing = sentence!(
        "{} is not in the card data with {}",
        claim.attacker_name,
        claim.attack
    );
    match others.as_slice() {
        [] | [_] => Err(missing),
        [(_, first), rest @ ..] if rest.iter().all(|(_, d)| d == first) => Ok(*first),
        _ => Err(sentence!(
            "{missing}, and its other uses in this log show different damage"
        )),
    }
}

fn plain_damage(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    base: &Base,
    models: &Models,
) -> Step {
    if let Some(step) = modelled_damage(j, claim, models) {
        return step;
    }
    // The attack's own text was read but needs what cannot be had (a count the replay does not
    // know): its damage is not the printed figure, and cannot be worked out.
    if let Some(why) = models
        .models
        .iter()
        .flat_map(|(_, m)| m.unknown.iter())
        .find(|u| {
            u.starts_with("the text of ") && !u.ends_with("is not read exactly for its damage")
        })
    {
        let own = sentence!("the text of {}: ", claim.attack);
        let named = sentence!("{}: ", claim.attack);
        let why = why.strip_prefix(own.as_str()).unwrap_or(why);
        let why = why.strip_prefix(named.as_str()).unwrap_or(why);
        return Step::cannot_check(
            "attack.damage-order",
            sentence!(
                "the damage of {} cannot be worked out: it {why}",
                claim.attack
            ),
        );
    }
    let base = match *base {
        Base::Exact(n) => n,
        Base::AnyOf(ref bases) => return any_print_damage(j, claim, bases),
        Base::Chosen { times, each } => return chosen_damage(claim, times, each),
        Base::Unknown(ref why) => {
            return Step::cannot_check(
                "attack.damage-order",
                sentence!("cannot recompute the damage: {why}"),
            );
        }
    };
    let (expected, _) = expected_damage(j, claim, base);
    // The printed base as a reading of its own, traced in the damage order.
    let plain = damage_model::Variant {
        base,
        ..damage_model::Variant::default()
    };
    let (_, how, explanation) = variant_damage(j, claim, base, &plain, false);
    let learned = !attack_known(j, claim);
    let step = plain_verdict(claim, base, expected, &how, learned);
    if step.verdict == Verdict::Violation {
        let mut e = explanation;
        e.failed = Some(crate::engine::explanation::Failed {
            clause: std::borrow::Cow::Borrowed("attack.damage-order"),
            title: String::new(),
            sentence: sentence!(
                "By the rulebook's damage order, {} does {expected} here; the log says {}",
                claim.attack,
                claim.damage
            ),
        });
        return step.explained(e);
    }
    step.explained(explanation)
}

/// The verdict on a line with printed damage and no model: `expected` by the damage order.
fn plain_verdict(
    claim: &DamageClaim<'_>,
    base: i32,
    expected: i32,
    how: &str,
    learned: bool,
) -> Step {
    if claim.damage == expected {
        let source = if learned {
            " (the damage the same attack shows elsewhere in this log without modifiers)"
        } else {
            ""
        };
        Step::ok(
            "attack.damage-order",
            sentence!("{how} = {expected}{source}"),
        )
    } else if let Some(w) = claim.weakness
        && stated_total(base, claim) == claim.damage
    {
        // The line adds up with the amount the client states for Weakness; it is the
        // client's arithmetic that differs from the card data's Weakness, not a play.
        Step::cannot_check(
            "attack.damage-order",
            sentence!(
                "the client added {} for {} Weakness ({} in all); by the card data it is {how} = {expected}; the client's own figure is not called a violation",
                w.amount,
                w.energy_type,
                claim.damage
            ),
        )
    } else {
        Step::violation(
            "attack.damage-order",
            sentence!(
                "{} should do {expected} ({how}) but the log says {}{}",
                claim.attack,
                claim.damage,
                if learned {
                    " (the damage the other uses of this attack in the log show)"
                } else {
                    ""
                }
            ),
        )
    }
}

/// The prints the attacker may be print different damage for the attack: the line must match
/// one of them.
fn any_print_damage(j: &Judging<'_, '_>, claim: &DamageClaim<'_>, bases: &[i32]) -> Step {
    let results: Vec<(i32, String)> = bases
        .iter()
        .map(|b| expected_damage(j, claim, *b))
        .collect();
    let listed: Vec<String> = results
        .iter()
        .map(|(e, how)| sentence!("{how} = {e}"))
        .collect();
    if let Some((expected, how)) = results.iter().find(|(e, _)| *e == claim.damage) {
        Step::ok(
            "attack.damage-order",
            sentence!(
                "{how} = {expected} (the prints of {} with {} differ: {})",
                claim.attacker_name,
                claim.attack,
                listed.join("; ")
            ),
        )
    } else {
        Step::violation(
            "attack.damage-order",
            sentence!(
                "{} does one of {} as printed on the cards {} may be, but the log says {}",
                claim.attack,
                listed.join("; "),
                claim.attacker_name,
                claim.damage
            ),
        )
    }
}

/// The damage the line should show from `base`, with Weakness and Resistance as it states them
/// (whether they belong on this Pokémon is checked on its own), in the damage order; and how.
fn expected_damage(j: &Judging<'_, '_>, claim: &DamageClaim<'_>, base: i32) -> (i32, String) {
    let mut calc = DamageCalculation::plain(base, Position::Active);
    let mut steps = vec![sentence!("base {base}")];
    if let Some(w) = claim.weakness {
        let modifier = defender_weakness(j, claim).unwrap_or(WeaknessModifier::Multiply(2));
        calc.weakness = Some(modifier);
        steps.push(sentence!("Weakness to {} {modifier}", w.energy_type));
    }
    if let Some(r) = claim.resistance {
        calc.resistance = Some(r.amount.saturating_abs());
        steps.push(sentence!("Resistance to {} {}", r.energy_type, r.amount));
    }
    (calc.damage_under(j.edition), steps.join(", "))
}

/// The damage the line's own sentences add up to from `base`: the amount it states for
/// Weakness added, the amount it states for Resistance taken away, never below 0.
fn stated_total(base: i32, claim: &DamageClaim<'_>) -> i32 {
    let weak = claim.weakness.map_or(0, |w| w.amount);
    let res = claim.resistance.map_or(0, |r| r.amount.saturating_abs());
    base.saturating_add(weak).saturating_sub(res).max(0)
}

fn attack_known(j: &Judging<'_, '_>, claim: &DamageClaim<'_>) -> bool {
    claim
        .attacker
        .and_then(|id| j.prints_of(id).ok())
        .is_some_and(|prints| prints.iter().any(|c| c.attack(claim.attack).is_some()))
}

pub fn defender_weakness(j: &Judging<'_, '_>, claim: &DamageClaim<'_>) -> Option<WeaknessModifier> {
    let prints = j.prints_of(claim.target?).ok()?;
    let ws = facts::weaknesses(&prints).ok()?;
    let t = claim.weakness?.energy_type.as_str();
    ws.iter()
        .find(|w| w.type_.as_str() == t)
        .map(|w| w.modifier)
}

/// The Weakness and Resistance sentences agree with the card data: the defender has that
/// Weakness (Resistance) and the attacker is of that type; and none is missing.
fn type_sentences(
    j: &Judging<'_, '_>,
    claim: &DamageClaim<'_>,
    attack_text: Option<&str>,
    models: &Models,
) -> Vec<Step> {
    let (Some(att), Some(def)) = (claim.attacker, claim.target) else {
        return Vec::new();
    };
    if j.state.position(def) != Some(Position::Active) {
        return Vec::new();
    }
    let (Ok(ap), Ok(dp)) = (j.prints_of(att), j.prints_of(def)) else {
        return Vec::new();
    };
    let (Ok(types), Ok(weak), Ok(res)) = (
        facts::types(&ap),
        facts::weaknesses(&dp),
        facts::resistances(&dp),
    ) else {
        return Vec::new();
    };
    let ignores = attack_text.is_some_and(|t| {
        t.contains("weakness or resistance") || t.contains("weakness and resistance")
    });
    // The cards whose effects on Weakness and Resistance the damage model evaluated are no
    // doubt here; what they do is in its readings. Listed only when the line and the card data
    // disagree (they seldom do).
    let names = || -> Vec<Text> {
        j.cards_in_play(None)
            .into_iter()
            .filter(|n| !models.modelled.iter().any(|(c, _)| c == n))
            .collect()
    };
    let variants: Vec<&damage_model::Variant> = models
        .models
        .iter()
        .flat_map(|(_, m)| m.variants.iter())
        .collect();
    let all = |f: fn(&damage_model::Variant) -> bool| {
        !variants.is_empty() && variants.iter().all(|v| f(v))
    };
    let some = |f: fn(&damage_model::Variant) -> bool| variants.iter().any(|v| f(v));
    let mut parts = Vec::new();
    for (what, removed, maybe) in [
        ("Weakness", all(|v| v.no_weakness), some(|v| v.no_weakness)),
        (
            "Resistance",
            all(|v| v.no_resistance),
            some(|v| v.no_resistance),
        ),
    ] {
        if maybe && !removed {
            parts.push(Step::cannot_check(
                if what == "Weakness" {
                    "attack.damage-order.weakness"
                } else {
                    "attack.damage-order.resistance"
                },
                sentence!("whether {what} applies depends on what the log does not show"),
            ));
        }
    }
    let no_weak = all(|v| v.no_weakness);
    let no_res = all(|v| v.no_resistance);
    let should_weak = !ignores && !no_weak && weak.iter().any(|w| types.contains(&w.type_));
    let should_res = !ignores && !no_res && res.iter().any(|r| types.contains(&r.type_));
    let (an, dn) = (j.state.mon(att).name(), j.state.mon(def).name());
    let type_names: Vec<&str> = types.iter().map(|t| t.as_str()).collect();
    for (is, should, what, clause) in [
        (
            claim.weakness.is_some(),
            should_weak,
            "Weakness",
            "attack.damage-order.weakness",
        ),
        (
            claim.resistance.is_some(),
            should_res,
            "Resistance",
            "attack.damage-order.resistance",
        ),
    ] {
        if is == should {
            if is {
                parts.push(Step::ok(
                    clause,
                    sentence!("{dn} has {what} to {}", type_names.join("/")),
                ));
            }
            continue;
        }
        if let Some(why) = j.cards.may_change(&names(), &[&what.to_lowercase()]) {
            parts.push(Step::cannot_check(
                clause,
                sentence!("{what} may be changed: {why}"),
            ));
        } else if is {
            // The client computed this and states its reason: where the card data reads
            // otherwise, a judge looks at it; the player chose nothing here.
            let stated = if what == "Weakness" {
                claim.weakness
            } else {
                claim.resistance
            }
            .map_or("", |m| m.energy_type.as_str());
            parts.push(Step::cannot_check(
                clause,
                sentence!(
                    "the client applied {stated} {what}, but by the card data {dn} has no {what} to {an}'s type ({}); the client's own figure is not called a violation",
                    type_names.join("/")
                ),
            ));
        } else {
            parts.push(Step::violation(
                clause,
                sentence!(
                    "{dn} has {what} to {} ({an}'s type) but the log does not apply it",
                    type_names.join("/")
                ),
            ));
        }
    }
    parts
}

/// The damage of an attack that chooses Pokémon several times (Oil Salvo): a positive multiple
/// of the damage per choice, at most one per choice. Weakness and Resistance are not modelled
/// for it, so a line with either cannot be checked this way.
fn chosen_damage(claim: &DamageClaim<'_>, times: i32, each: i32) -> Step {
    if claim.weakness.is_some() || claim.resistance.is_some() {
        return Step::cannot_check(
            "attack.damage-order",
            sentence!(
                "{} chooses Pokémon {times} times; Weakness or Resistance on it is not modelled",
                claim.attack
            ),
        );
    }
    let most = times * each;
    if claim.damage > 0 && claim.damage % each == 0 && claim.damage <= most {
        Step::ok(
            "attack.damage-order",
            sentence!(
                "{} does {each} each time a Pokémon is chosen ({times} times): {} is {} × {each}",
                claim.attack,
                claim.damage,
                claim.damage / each
            ),
        )
        .explained(super::damage_trace::chosen(
            claim.attack,
            each,
            claim.damage / each,
            times,
        ))
    } else {
        Step::violation(
            "attack.damage-order",
            sentence!(
                "{} does {each} damage each time a Pokémon is chosen ({times} times), so a Pokémon takes a multiple of {each} up to {most}; the log says {}",
                claim.attack,
                claim.damage
            ),
        )
    }
}

/// "Choose 1 of your opponent's Pokémon 6 times. (You can choose the same Pokémon more than
/// once.) For each time you chose a Pokémon, do 20 damage to it." -> (6, 20).
pub fn chosen_times(text: &str) -> Option<(i32, i32)> {
    let at = text.find(" times. (you can choose the same pokémon more than once.)")?;
    let before = &text[..at];
    let times = &before[before.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let rest = &text[at..];
    let d = rest.find(", do ")? + 5;
    let each: String = rest[d..].chars().take_while(char::is_ascii_digit).collect();
    if !rest[d + each.len()..].starts_with(" damage to it") {
        return None;
    }
    Some((times.parse().ok()?, each.parse().ok()?))
}

/// "This attack does 120 damage to 2 of your opponent's Pokémon" -> 120.
fn damage_in_text(text: &str) -> Option<i32> {
    let at = text.find("does ")?;
    let rest = &text[at + 5..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || !rest[digits.len()..].starts_with(" damage to") {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::chosen_times;

    #[test]
    fn reads_how_often_and_how_much_an_attack_chooses() {
        let oil = "choose 1 of your opponent's pokémon 6 times. (you can choose the same pokémon more than once.) for each time you chose a pokémon, do 20 damage to it. this damage isn't affected by weakness or resistance.";
        assert_eq!(chosen_times(oil), Some((6, 20)));
        assert_eq!(
            chosen_times("this attack does 120 damage to 2 of your opponent's pokémon."),
            None
        );
        assert_eq!(
            chosen_times(
                "choose 1 of your opponent's pokémon 4 times. (you can choose the same pokémon more than once.) for each time you chose a pokémon, put 2 damage counters on it."
            ),
            None
        );
    }
}
