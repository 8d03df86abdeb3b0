//! `card-text.overrides-rules`: card text overrides the rulebook, so no check says `violation`
//! while a card in force may change a fact the check relies on and its effect is not modelled.
//!
//! Every clause declares here the facts it depends on and whom each is about (the attacking
//! Pokémon, the Pokémon the line names, the acting player, the game). A judge's `violation` on
//! a line goes through [`gate`]: when the tracker is unsure of a Pokémon the finding depends on,
//! or when a card in force (a Pokémon in play, what is attached, the Stadium, a card played or an
//! Ability or attack used this turn, a lasting effect of the turns before, the line's own attack)
//! may change one of those facts, the finding becomes `unverified` naming the card and the fact.

use crate::cards::effects::exact::{Cond, Exact, Filter, Side, Who};
use crate::cards::effects::{Activation, Effect, Fact, TextEffects, TextKind};
use crate::log::{Event, Text};

use super::super::super::in_force::{Ask, Source, Subject, first_doubt_with_gone};
use super::super::super::state::{Phase, PokemonId};
use super::super::card_facts::InForce;
use super::Judging;
use crate::engine::verdict::{Clauses, Step, Verdict};

/// Whom a fact a clause depends on is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The Pokémon that attacks (or uses the line's Ability).
    Attacker,
    /// The Pokémon the line names: the one attacked, evolving, retreating, Knocked Out, given a
    /// Tool (and every Pokémon the line may mean).
    Named,
    /// The player the line names (who plays, attaches, attacks, takes Prize cards).
    Actor,
    /// The whole game: any card in force counts.
    Game,
}

use Fact::*;
use Role::*;

/// The facts a clause depends on, each with whom it is about. A clause not listed depends on
/// no fact a card can change (the opening hand's size, the log's own arithmetic: a Damage
/// breakdown that disagrees with itself or with its attack line, more Prize cards than exist).
pub fn depends_on(clause: &str) -> &'static [(Fact, Role)] {
    match clause {
        "turn.supporter-once"
        | "turn.stadium-once"
        | "turn.stadium-same-name"
        | "turn.energy-attach-once" => &[(OncePerTurn, Actor), (PlayRules, Actor)],
        // How often a player may retreat; what the retreat costs is `retreat.cost`'s.
        "turn.retreat-once" => &[(OncePerTurn, Actor)],
        "turn.supporter-first-turn" | "turn.first-player-no-attack" => {
            &[(FirstTurn, Actor), (PlayRules, Actor)]
        }
        "turn.attack-ends-turn" | "turn.draw" => &[(PlayRules, Game), (AttackChoice, Game)],
        "turn.bench-limit" => &[(BenchSize, Actor)],
        "turn.bench-basic" | "setup.basic-pokemon" => &[(PlayRules, Actor), (Evolution, Actor)],
        "attack.asleep-paralyzed" => &[(Conditions, Attacker), (AttackChoice, Attacker)],
        "attack.active-only" | "attack.has-attack" | "attack.gx-once" | "attack.vstar-once" => {
            &[(AttackChoice, Attacker), (OncePerTurn, Actor)]
        }
        "attack.energy-cost" | "energy.special" => &[
            (AttackCost, Attacker),
            (EnergyProvided, Attacker),
            (AttackChoice, Attacker),
        ],
        // No Weakness or Resistance on the Bench, whatever changes them (an attack whose own
        // text applies them there is read by the judge): only the damage dealt and taken.
        "attack.damage-order.bench" => &[(DamageDealt, Attacker), (DamageTaken, Named)],
        "attack.damage-order"
        | "attack.damage-order.weakness"
        | "attack.damage-order.resistance" => &[
            (DamageDealt, Attacker),
            (DamageTaken, Named),
            (WeaknessResistance, Named),
        ],
        // The damage a line states is already taken; what may change whether it Knocks Out is
        // the HP, effects on Knock Outs, and damage counters no line shows.
        "knockout.at-hp" => &[(KnockOut, Named), (MaxHp, Named), (DamageCounters, Named)],
        // The Prize cards owed are counted from the Knock Out lines the log writes, however
        // the Pokémon was Knocked Out: only what changes a Knock Out's Prize cards matters.
        "knockout.prizes" => &[(PrizeCount, Game)],
        "knockout.promote" | "knockout.promote-order" => &[(KnockOut, Game), (PlayRules, Game)],
        "evolution.first-turn"
        | "evolution.same-turn"
        | "evolution.evolves-from"
        | "evolution.by-effect" => &[(Evolution, Named), (FirstTurn, Actor)],
        "evolution.clears-conditions" | "switch.clears-conditions" | "conditions.replace" => {
            &[(Conditions, Named)]
        }
        "conditions.poke-power" => &[(Conditions, Named), (PlayRules, Named)],
        // Asleep or Paralyzed: what may change the conditions (a text that lets it retreat
        // anyway is read as changing both); what it pays does not matter.
        "retreat.asleep-paralyzed" => &[(Conditions, Named)],
        "retreat.cost" => &[
            (RetreatCost, Named),
            (EnergyProvided, Named),
            (Conditions, Named),
        ],
        "trainer.tool" => &[(Tools, Named)],
        // What may change how many counters a card puts: an effect on the Pokémon they go on.
        "attack.damage-counters" | "card-text.move-damage-counters" => &[(DamageCounters, Named)],
        // The order of the Checkup's steps is the rulebook's; cards that add damage counters
        // change only how much Poison or Burn does.
        "checkup.order" | "checkup.paralyzed" => &[(Conditions, Game)],
        "checkup.poisoned" | "checkup.burned" => &[(Conditions, Game), (DamageCounters, Game)],
        // Classic Confusion damage is damage: effects on damage taken count too.
        "checkup.confused" => &[
            (Conditions, Named),
            (DamageCounters, Named),
            (DamageTaken, Named),
        ],
        // The Prize cards left are counted from the lines that take them (an effect that
        // takes more writes them too): what changes how many a Knock Out gives is checked
        // on those lines, not here.
        "win.prizes" => &[(Winner, Game), (KnockOut, Game)],
        "win.no-pokemon" | "win.deck-out" | "win.simultaneous" => {
            &[(Winner, Game), (PrizeCount, Game), (KnockOut, Game)]
        }
        c if c.starts_with("pokemon.") => &[(PrizeCount, Game)],
        _ => &[],
    }
}

/// Every fact about every subject a finding with these clauses depends on.
pub fn asks(j: &Judging<'_, '_>, clauses: &[&str]) -> Vec<Ask> {
    let attacker = j.resolved.attacker.id().or_else(|| match j.event {
        crate::log::Event::Use { .. } => j.resolved.pokemon.id(),
        // Damage an attack does to a second Pokémon: the attacker is the action's.
        crate::log::Event::TookDamage { .. } => match &j.tracked.action.source {
            crate::engine::replay::tracker::Source::Attack(id, _) => *id,
            _ => None,
        },
        _ => None,
    });
    let named = named_pokemon(j);
    let actor = j
        .resolved
        .player
        .or_else(|| super::super::super::hints::actor(j.event).and_then(|n| j.player(n)))
        .or(j.state.to_move);
    let mut asks = Vec::new();
    let mut ask = |fact, about| {
        let a = Ask::new(fact, about);
        if !asks.contains(&a) {
            asks.push(a);
        }
    };
    for clause in clauses {
        for &(fact, role) in depends_on(clause) {
            match role {
                Attacker => match attacker {
                    Some(id) => ask(fact, Subject::Pokemon(id)),
                    None => ask(fact, Subject::Game),
                },
                Named if named.is_empty() => ask(fact, Subject::Game),
                Named => named.iter().for_each(|id| ask(fact, Subject::Pokemon(*id))),
                Actor => match actor {
                    Some(p) => ask(fact, Subject::Player(p)),
                    None => ask(fact, Subject::Game),
                },
                Game => ask(fact, Subject::Game),
            }
        }
    }
    asks
}

/// The Pokémon the line names, with every one it may mean.
fn named_pokemon(j: &Judging<'_, '_>) -> Vec<PokemonId> {
    let mut ids: Vec<PokemonId> = j.resolved.pokemon.id().into_iter().collect();
    for id in j.resolved.candidates.iter().chain(&j.resolved.uncertain) {
        if !ids.contains(id) {
            ids.push(*id);
        }
    }
    ids.retain(|id| (*id as usize) < j.state.pokemon.len());
    ids
}

/// A finding as it may stand: a `violation` that depends on something the replay cannot be
/// sure of becomes `unverified`, saying what.
pub fn gate(j: &Judging<'_, '_>, step: Step) -> Step {
    gate_with(j, step, &[], &[])
}

/// As [`gate_each_modelled`] for one finding that relies on the Pokémon the line names and
/// on these others too (counters a text lets the player share out among them).
pub fn gate_about(
    j: &Judging<'_, '_>,
    step: Step,
    modelled: &[(Text, String)],
    also: &[PokemonId],
) -> Step {
    gate_with(j, step, modelled, also)
}

/// As [`gate_only_about`], for a finding whose HP the judge read from these texts exactly.
pub fn gate_only_about_read(
    j: &Judging<'_, '_>,
    step: Step,
    about: &[PokemonId],
    read: &[(Text, String)],
) -> Step {
    gate_inner(j, step, read, about, true)
}

/// As [`gate`] for a finding about these Pokémon alone, not the ones the line names (a
/// Pokémon left over its HP, found on whatever line closes its window). The caller has settled
/// which Pokémon it is about: the tracker being unsure of them is no doubt here.
pub fn gate_only_about(j: &Judging<'_, '_>, step: Step, about: &[PokemonId]) -> Step {
    gate_inner(j, step, &[], about, true)
}

fn gate_with(
    j: &Judging<'_, '_>,
    step: Step,
    modelled: &[(Text, String)],
    also: &[PokemonId],
) -> Step {
    gate_inner(j, step, modelled, also, false)
}

fn gate_inner(
    j: &Judging<'_, '_>,
    step: Step,
    modelled: &[(Text, String)],
    also: &[PokemonId],
    only: bool,
) -> Step {
    if step.verdict != Verdict::Violation || step.cleared {
        return step;
    }
    if !relied_on_alone(&step)
        && let Some(line) = unreadable_line_near(j)
    {
        return Step {
            verdict: Verdict::Unverified,
            message: sentence!(
                "line {line} of this part of the game could not be read, and it may be the line this relies on, so this is not called a violation: {}",
                step.message
            ),
            violated: Clauses::new(),
            ..step
        };
    }
    let relied_on = if step.violated.is_empty() {
        &step.clauses
    } else {
        &step.violated
    };
    match doubt(j, relied_on, modelled, also, only) {
        None => Step {
            cleared: true,
            ..step
        },
        Some(why) => {
            let found = step.message.clone();
            Step {
                verdict: Verdict::Unverified,
                clauses: with_card_text(step.clauses),
                message: sentence!(
                    "{}, so this is not called a violation: {found}",
                    why.sentence
                ),
                violated: Clauses::new(),
                cleared: false,
                explanation: step.explanation,
            }
            .explained(why.into_explanation(&found))
        }
    }
}

/// Why a finding cannot be a violation, as the step says it and as its explanation holds it.
struct Explained {
    /// The clause of the message ("Hero's Cape (attached to …) may change the HP; …").
    sentence: String,
    card: Option<String>,
    words: Option<String>,
    fact: Option<String>,
    /// What would decide it.
    decide: String,
}

impl Explained {
    fn plain(sentence: String, decide: String) -> Explained {
        Explained {
            sentence,
            card: None,
            words: None,
            fact: None,
            decide,
        }
    }

    /// A card in force whose text may change the fact.
    fn of_card(j: &Judging<'_, '_>, d: &super::super::super::in_force::Doubt) -> Explained {
        let effect = if d.text.is_empty() {
            j.cards.card_effect(&d.card)
        } else {
            j.cards.use_effect(&d.card, &d.text).map(|(_, e)| e)
        };
        let words = effect.map(|e| e.text.clone()).filter(|t| !t.is_empty());
        let card = if d.text.is_empty() {
            d.card.to_string()
        } else {
            sentence!("{} ({})", d.text, d.card)
        };
        let decide = if d.unknown.is_some() {
            sentence!("Card data that has {} would decide it.", d.card)
        } else {
            sentence!(
                "Its effect on {} is not worked out here; a judge reading the card decides it.",
                d.fact.words()
            )
        };
        Explained {
            sentence: d.sentence(),
            card: Some(card),
            words,
            fact: Some(d.fact.words().to_string()),
            decide,
        }
    }

    /// The explanation's doubt: what is not known, what the finding would have been, and what
    /// would decide it.
    fn into_explanation(self, found: &str) -> crate::engine::explanation::Explanation {
        crate::engine::explanation::Explanation {
            doubt: Some(crate::engine::explanation::Doubt {
                card: self.card,
                words: self.words,
                fact: self.fact,
                sentence: sentence!(
                    "{}. Without it, the check would find: {found}. {}",
                    capitalise(&self.sentence),
                    self.decide
                ),
            }),
            ..Default::default()
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A finding that rests on its own line alone (a count no other line can change).
fn relied_on_alone(step: &Step) -> bool {
    const ALONE: &[&str] = &["knockout.prizes-left"];
    let relied = if step.violated.is_empty() {
        &step.clauses
    } else {
        &step.violated
    };
    !relied.is_empty() && relied.iter().all(|c| ALONE.contains(c))
}

/// The number of a line the parser could not read in the window of this line (or the one it
/// closes): a finding that rests on which lines are there (a Knock Out, a promotion, the Energy
/// discarded to retreat) cannot rule out that the unread line was it.
fn unreadable_line_near(j: &Judging<'_, '_>) -> Option<u32> {
    let lines = &j.lines.log.lines;
    let start = j.lines.window(j.index.saturating_sub(1)).start;
    let end = j.lines.window(j.index).end;
    lines[start..end]
        .iter()
        .find(|l| matches!(l.event, Event::Unparsed { .. }))
        .map(|l| l.number)
}

/// Facts about a Pokémon that depend only on what it is and what is attached to it (not on the
/// damage or Energy tracked on it): for a Pokémon the replay is unsure of, those of the other
/// Pokémon of its name are asked too.
const ATTACHMENT_FACTS: &[Fact] = &[
    DamageDealt,
    DamageTaken,
    WeaknessResistance,
    RetreatCost,
    MaxHp,
    DamageCounters,
];

/// Facts about a Pokémon that the tracker follows by where it is, not by which card it is: a
/// Special Condition is on the Active Pokémon and ends when it leaves the Active Spot, so a
/// doubt about which of two Pokémon of one name a line meant does not touch it.
const POSITION_FACTS: &[Fact] = &[Conditions];

/// The other Pokémon in play of the same owner and name.
fn same_name(j: &Judging<'_, '_>, id: PokemonId) -> Vec<PokemonId> {
    let mon = j.state.mon(id);
    j.state.players[mon.owner]
        .in_play()
        .filter(|o| *o != id && j.state.mon(*o).name() == mon.name())
        .collect()
}

/// Each finding through [`gate`], then combined: for a judge whose findings rely on different
/// facts (a fact-free one beside one a card may change).
pub fn gate_each(j: &Judging<'_, '_>, parts: Vec<Step>) -> Step {
    gate_each_modelled(j, parts, &[])
}

/// As [`gate_each`], for a judge that evaluated these texts' effects on the damage itself:
/// (card name, attack or Ability name; empty for a card's own rules).
pub fn gate_each_modelled(
    j: &Judging<'_, '_>,
    mut parts: Vec<Step>,
    modelled: &[(Text, String)],
) -> Step {
    for part in &mut parts {
        if part.verdict == Verdict::Violation {
            let step = std::mem::replace(part, Step::info(""));
            *part = gate_with(j, step, modelled, &[]);
        }
    }
    Step::combine(parts)
}

/// Why a finding with these clauses cannot be a violation, if it cannot.
fn doubt(
    j: &Judging<'_, '_>,
    clauses: &[&'static str],
    evaluated: &[(Text, String)],
    also: &[PokemonId],
    only: bool,
) -> Option<Explained> {
    let mut asks = asks(j, clauses);
    if only {
        // The facts about the Pokémon the line names are asked of `also` instead.
        let named: Vec<Fact> = clauses
            .iter()
            .flat_map(|c| depends_on(c))
            .filter(|(_, role)| *role == Named)
            .map(|(fact, _)| *fact)
            .collect();
        asks.retain(|a| {
            !named.contains(&a.fact) || !matches!(a.about, Subject::Pokemon(_) | Subject::Game)
        });
    }
    for clause in clauses {
        for &(fact, role) in depends_on(clause) {
            if role == Named {
                for id in also {
                    let a = Ask::new(fact, Subject::Pokemon(*id));
                    if !asks.contains(&a) {
                        asks.push(a);
                    }
                }
            }
        }
    }
    if asks.is_empty() {
        return None;
    }
    let mut siblings = Vec::new();
    for ask in &asks {
        let Subject::Pokemon(id) = ask.about else {
            continue;
        };
        // A finding gated about chosen Pokémon alone has settled which one it is about.
        if !j.state.mon(id).uncertain
            || POSITION_FACTS.contains(&ask.fact)
            || (only && also.contains(&id))
        {
            continue;
        }
        if ATTACHMENT_FACTS.contains(&ask.fact) {
            // What is attached to it may be what is attached to another Pokémon of its name:
            // the effects reaching any of them count.
            for other in same_name(j, id) {
                siblings.push(Ask::new(ask.fact, Subject::Pokemon(other)));
            }
            continue;
        }
        let name = j.state.mon(id).name();
        return Some(Explained::plain(
            sentence!("the replay is unsure which {name} is meant, or of what is on it"),
            sentence!(
                "A line that tells the Pokémon named {name} apart (a card id, a Bench position) would decide it."
            ),
        ));
    }
    for a in siblings {
        if !asks.contains(&a) {
            asks.push(a);
        }
    }
    // What was used lately, with the use on this line when the tracker has not applied it.
    let this_line = j.unapplied_use();
    let recent = j.recent(this_line.as_ref());
    let source = InForce {
        cards: j.cards,
        state: j.state,
    };
    // The damage judge models the text of the line's own attack when it reads all of it.
    let own_attack = match j.event {
        Event::Attack(a)
            if clauses.iter().any(|c| DAMAGE_CLAUSES.contains(c))
                && super::damage::models_own_text(j) =>
        {
            Some((a.pokemon.name.as_str(), a.attack.as_str()))
        }
        _ => None,
    };
    let retreat = clauses
        .iter()
        .any(|c| matches!(*c, "retreat.cost" | "retreat.asleep-paralyzed"));
    let evolution = clauses.iter().any(|c| c.starts_with("evolution."));
    let damage = clauses.iter().any(|c| DAMAGE_CLAUSES.contains(c));
    let counters = clauses.iter().any(|c| {
        matches!(
            *c,
            "attack.damage-counters" | "card-text.move-damage-counters"
        )
    });
    let checkup_order_only = !clauses.is_empty() && clauses.iter().all(|c| *c == "checkup.order");
    let prizes = clauses.contains(&"knockout.prizes");
    let modelled = |source: &Source<'_>, text: &TextEffects, effect: &Effect| {
        let card = source.card;
        let own = own_attack.is_some_and(|(pokemon, attack)| {
            card == pokemon
                && text.kind == TextKind::Attack
                && text.name == attack
                && effect.fact == DamageDealt
        });
        // The damage judge evaluated this text's effects on the damage.
        let damage_evaluated = damage
            && matches!(effect.fact, DamageDealt | DamageTaken | WeaknessResistance)
            && !text.inexact.contains(effect.fact)
            && evaluated
                .iter()
                .any(|(c, n)| c.as_str() == card && *n == text.name);
        // The cost check worked out what this Special Energy provides on the attacker (its
        // printed conditions evaluated against the state).
        let energy_read = effect.fact == EnergyProvided
            && clauses
                .iter()
                .any(|c| matches!(*c, "attack.energy-cost" | "energy.special"))
            && evaluated
                .iter()
                .any(|(c, n)| c.as_str() == card && *n == text.name);
        // The Knock Out judge read this text's change to the HP exactly into the HP.
        let hp_read = effect.fact == MaxHp
            && !text.inexact.contains(MaxHp)
            && clauses.contains(&"knockout.at-hp")
            && evaluated
                .iter()
                .any(|(c, n)| c.as_str() == card && *n == text.name);
        // The line's own attack, modelled whole by the damage judge although the catalogue
        // cannot read its text (an attack that uses another: the copied attack was read).
        let own_modelled = damage
            && effect.fact == DamageDealt
            && text.kind == TextKind::Attack
            && match j.event {
                Event::Attack(a) => a.pokemon.name.as_str() == card && a.attack == text.name,
                // Damage the attack did to a Benched Pokémon: the bench judge read the
                // attack (and the one it copies) and names it in `evaluated`.
                Event::TookDamage { .. } => true,
                _ => false,
            }
            && evaluated
                .iter()
                .any(|(c, n)| c.as_str() == card && *n == text.name);
        // The counters judge read the text that put the counters; a text that puts counters
        // of its own when used writes its own line, and one that acts only in the Checkup
        // does not act outside it.
        let counted = counters
            && effect.fact == DamageCounters
            && !text.inexact.contains(DamageCounters)
            && (evaluated
                .iter()
                .any(|(c, n)| c.as_str() == card && *n == text.name)
                || text.activation == Activation::WhenUsed
                || (j.state.phase != Phase::Checkup
                    && text.exact.iter().all(|e| match e {
                        Exact::Counters(m) => m.when.contains(&Cond::InCheckup),
                        // What it keeps off is not written: the line shows what landed.
                        Exact::EffectsPrevented { .. } => false,
                        _ => true,
                    })));
        // The order of the Checkup's steps changes only by a text that acts during the
        // Checkup ("between turns"); "this Pokémon can't be Confused" does not reorder it.
        let not_in_checkup = checkup_order_only
            && effect.fact == Conditions
            && !acts_in_checkup(j, card, &text.name);
        // The retreat judge computes these changes to the Retreat Cost itself, and the
        // evolution judge applies Rare Candy's conditions itself.
        // A change to the Prize cards for the Knock Out of Pokémon none of which was
        // Knocked Out in this action.
        let no_such_knock_out = prizes
            && effect.fact == PrizeCount
            && !text.inexact.contains(PrizeCount)
            && prizes_ruled_out(j, source, text);
        // A Pokémon left over its HP with no damage counters put or moved onto a Pokémon of
        // its name by any line: a text that only keeps effects (not damage) off it changed
        // nothing of its damage.
        let left_over_hp = only && effect.fact == DamageCounters;
        // A line that counts counters (or a Knock Out that adds them up): a text whose every
        // sentence about counters cannot touch this count, read from its words.
        let counters_untouched = effect.fact == DamageCounters
            && (counters || clauses.contains(&"knockout.at-hp"))
            && counters_text_cannot_change(j, card, &text.name, &asks, counters);
        let only_damage_on_it = left_over_hp
            && counters_read_as(text, |e| matches!(e, Exact::EffectsPrevented { .. }))
            && also.iter().all(|id| no_counters_lines(j, *id));
        // A Pokémon left over its HP: a text that only puts damage counters (it writes its
        // own lines, which the damage tracked on it counts) cannot have kept it in play.
        // The same for a Knock Out line: the counters such a text put are in the damage the
        // lines show, which the judge compared with the HP.
        let knock_out_counters = effect.fact == DamageCounters
            && clauses.contains(&"knockout.at-hp")
            && matches!(j.event, Event::KnockOut { .. });
        // (A text that moves counters writes its move on a line of its own too, which the
        // tracker follows onto both Pokémon.)
        let puts_only = (left_over_hp || knock_out_counters)
            && counters_read_as(text, |e| matches!(e, Exact::Counters(_)));
        own || own_modelled
            || energy_read
            || hp_read
            || counters_untouched
            || no_such_knock_out
            || only_damage_on_it
            || puts_only
            || damage_evaluated
            || counted
            || not_in_checkup
            || (retreat && effect.fact == RetreatCost && super::retreat::MODELLED.contains(&card))
            || (evolution && effect.fact == Evolution && super::evolution::MODELLED.contains(&card))
    };
    first_doubt_with_gone(
        j.state,
        recent,
        &j.tracked.knocked_out,
        &source,
        &asks,
        &modelled,
    )
    .map(|d| Explained::of_card(j, &d))
}

/// Whether `text` is read exactly for damage counters and every reading of it is one `kind`
/// accepts.
fn counters_read_as(text: &TextEffects, kind: impl Fn(&Exact) -> bool) -> bool {
    !text.inexact.contains(DamageCounters) && !text.exact.is_empty() && text.exact.iter().all(kind)
}

/// Whether no line up to this one put or moved damage counters onto a Pokémon of the name of
/// Pokémon `id`: its damage came from damage lines alone.
fn no_counters_lines(j: &Judging<'_, '_>, id: PokemonId) -> bool {
    let name = j.state.mon(id).name();
    j.lines.log.lines[..=j.index.min(j.lines.log.lines.len() - 1)]
        .iter()
        .all(|l| match &l.event {
            Event::PutCounters { target, .. } => target.name != name,
            Event::MoveCounters(m) => m.to.name != name,
            _ => true,
        })
}

/// Whether every Prize change `text` reads ("if this Pokémon is Knocked Out …, your opponent
/// takes 1 fewer Prize card") speaks of Pokémon none of the ones Knocked Out in this action
/// can be (another Pokémon, the other side, another type or kind).
/// A text that takes Prize cards itself when used ("each player takes a Prize card") is ruled
/// out when it was used before this part of the game: its Prize lines are in its own.
fn prizes_ruled_out(j: &Judging<'_, '_>, source: &Source<'_>, text: &TextEffects) -> bool {
    let knocked_out = &j.tracked.knocked_out;
    let window = j.lines.window(j.index);
    let earlier = source.used.is_some_and(|u| u.line < window.start);
    let mut any = false;
    for e in &text.exact {
        let out = match e {
            Exact::Prizes(p) => {
                !knocked_out.is_empty()
                    && knocked_out
                        .iter()
                        .all(|id| !may_name(j, source, &p.knocked_out, *id))
            }
            Exact::PrizesTaken => earlier,
            _ => continue,
        };
        if !out {
            return false;
        }
        any = true;
    }
    any
}

/// Whether the phrase `who` of a text from `source` may name Pokémon `id` (unless it surely
/// does not: another Pokémon than its holder, the wrong side, no print of that type or kind).
fn may_name(j: &Judging<'_, '_>, source: &Source<'_>, who: &Who, id: PokemonId) -> bool {
    let mon = j.state.mon(id);
    let side = match who.side {
        Side::Holder => source.holder.is_none_or(|h| h == id),
        Side::Own => source.owner.is_none_or(|o| o == mon.owner),
        Side::Opponent => source.owner.is_none_or(|o| o != mon.owner),
        Side::Any | Side::Defending => true,
    };
    if !side {
        return false;
    }
    let Ok(prints) = j.prints_of(id) else {
        return true;
    };
    who.filters.iter().all(|f| match f {
        Filter::Type(t) => prints.iter().any(|c| c.types.contains(t)),
        Filter::TypeAny(ts) => prints
            .iter()
            .any(|c| ts.iter().any(|t| c.types.contains(t))),
        Filter::NotType(t) => prints.iter().any(|c| !c.types.contains(t)),
        _ => true,
    })
}

/// Whether a text of a card (an Ability or attack by name, else the card's own rules) acts
/// during the Pokémon Checkup: its words speak of the Checkup or of between turns. A card the
/// data does not know may.
/// Whether no sentence about damage counters of a card's text (`text`: an attack's or Ability's
/// name, empty for a Trainer's or Energy's rules) can change the count of counters a line shows
/// on the Pokémon asked about: each only acts "during Pokémon Checkup" and this is not the
/// Checkup; or keeps all counters off Pokémon (a line that shows counters landing is not what it
/// changes, when `count_line`), or only off Benched Pokémon while every Pokémon asked about is
/// Active; or puts or places counters of its own (no "more", "less", "prevent", "instead"),
/// which the client writes on lines of their own; or only asks whether counters were placed
/// ("if you placed any damage counters in this way").
fn counters_text_cannot_change(
    j: &Judging<'_, '_>,
    card: &str,
    text: &str,
    asks: &[Ask],
    count_line: bool,
) -> bool {
    let effect = if text.is_empty() {
        j.cards.card_effect(card)
    } else {
        j.cards.use_effect(card, text).map(|(_, e)| e)
    };
    let Some(effect) = effect else {
        return false;
    };
    let lower = effect.lower();
    let about_active = asks.iter().all(|a| match a.about {
        Subject::Pokemon(id) => {
            !j.state.mon(id).uncertain
                && j.state.position(id) == Some(super::super::super::state::Position::Active)
        }
        _ => false,
    });
    let sentences: Vec<&str> = lower
        .split(". ")
        .filter(|s| s.contains("damage counter"))
        .collect();
    !sentences.is_empty()
        && sentences.iter().all(|s| {
            let in_checkup_only =
                s.contains("during pokémon checkup") && j.state.phase != Phase::Checkup;
            let bench_only = s
                .contains("prevent all damage counters from being placed on benched pokémon")
                && about_active;
            let prevents_all = count_line && s.contains("prevent all damage counters");
            let asks_only =
                s.contains("placed any damage counters in this way") && !s.contains("put ");
            let own = (s.contains("put ") || s.contains("place "))
                && ![
                    "more damage counter",
                    "fewer",
                    "less",
                    "prevent",
                    "instead",
                    "can't",
                    "isn't",
                    "aren't",
                    "don't",
                    "move",
                    "any way you like",
                ]
                .iter()
                .any(|w| s.contains(w));
            in_checkup_only || bench_only || prevents_all || asks_only || own
        })
}

fn acts_in_checkup(j: &Judging<'_, '_>, card: &str, text: &str) -> bool {
    let effect = if text.is_empty() {
        j.cards.card_effect(card)
    } else {
        j.cards.use_effect(card, text).map(|(_, e)| e)
    };
    match effect {
        Some(e) => {
            let t = e.lower();
            // A text that only adds counters in a step ("put 5 more damage counters on your
            // opponent's Poisoned Pokémon during Pokémon Checkup") changes amounts, not order.
            (t.contains("checkup") || t.contains("between turns"))
                && !t.contains("more damage counter")
        }
        None => true,
    }
}

/// The clauses of the damage an attack does.
const DAMAGE_CLAUSES: &[&str] = &[
    "attack.damage-order",
    "attack.damage-order.weakness",
    "attack.damage-order.resistance",
    "attack.damage-order.bench",
];

/// The clauses of a doubted finding, with the rule that made it a doubt.
fn with_card_text(mut clauses: Clauses) -> Clauses {
    if !clauses.contains(&CARD_TEXT) {
        clauses.push(CARD_TEXT);
    }
    clauses
}

/// The clause: card text overrides the rules.
pub const CARD_TEXT: &str = "card-text.overrides-rules";
