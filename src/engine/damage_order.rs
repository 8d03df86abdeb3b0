//! The damage order: how an attack's damage is worked out, step by step, as the rulebooks lay
//! it out (Scarlet & Violet rulebook, "Attacking", steps 1–6; Advanced Players' Rulebook 2.2,
//! I.A A-01 "Steps for calculating damage" and II.B):
//!
//! 1. the base damage (with what the attack's own text adds, multiplies or subtracts);
//! 2. effects on the attacking Pokémon;
//! 3. Weakness of the defending Pokémon (Active only);
//! 4. Resistance (Active only);
//! 5. effects on the defending Pokémon;
//! 6. an effect that prevents all damage; then 1 damage counter for each 10 damage, none when
//!    the damage is 0 or less.
//!
//! Where the calculation stops early depends on the edition ([`StopRule`]): the Scarlet &
//! Violet, Sword & Shield and HeartGold & SoulSilver rulebooks stop when the base damage is 0
//! (an attack that does no damage) and otherwise carry a total below 0 on to the end; the 2018
//! Advanced Players' Rulebook (I.A A-01, "Steps for calculating damage") stops as soon as the total is
//! 0 or less after the attack's text, the effects on the attacker, Resistance or the effects on
//! the defender; the older basic rules name no stop.
//!
//! An attack that puts damage counters skips every step. The replay checks and the damage
//! calculator both call [`DamageCalculation::run`], so they cannot disagree.

use serde::Serialize;

use crate::cards::WeaknessModifier;

use super::edition::RuleEdition;
use super::state::Position;

/// When the damage calculation stops before its last step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopRule {
    /// Only when the base damage is 0 or less (Scarlet & Violet rulebook, "Attacking" step 2;
    /// Sword & Shield rulebook, the same step; HeartGold & SoulSilver rulebook, step b).
    BaseDamage,
    /// Whenever the total is 0 or less after the attack's text, the effects on the attacker,
    /// Resistance or the effects on the defender (Advanced Players' Rulebook 2.2, I.A A-01).
    EveryStep,
    /// Never: the total is worked through and 0 or less at the end puts no counters (the older
    /// basic rules say nothing of a stop).
    Never,
}

impl StopRule {
    /// The rule of an edition.
    pub fn of(edition: RuleEdition) -> StopRule {
        match edition {
            RuleEdition::ScarletViolet
            | RuleEdition::SwordShield
            | RuleEdition::HeartGoldSoulSilver => StopRule::BaseDamage,
            RuleEdition::Apr2018 => StopRule::EveryStep,
            RuleEdition::Classic => StopRule::Never,
        }
    }
}

/// One named change to the damage (a Tool, an Ability, an attack's lingering effect).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageEffect {
    pub source: String,
    pub amount: i32,
}

/// What the calculation needs to know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageCalculation {
    /// Step 1: the attack's damage after its own text ("30×", "50+").
    pub base: i32,
    /// The attack puts damage counters instead of doing damage: no step applies.
    pub places_counters: bool,
    /// Where the Pokémon taking the damage is.
    pub position: Position,
    /// The defender's Weakness to the attacker's type, if any (and not ignored).
    pub weakness: Option<WeaknessModifier>,
    /// The defender's Resistance to the attacker's type, as the positive reduction.
    pub resistance: Option<i32>,
    /// The attack says its damage is not affected by Weakness or Resistance.
    pub ignore_weakness_resistance: bool,
    /// The attack says its damage is not affected by effects on the defending Pokémon.
    pub ignore_defender_effects: bool,
    /// Step 2.
    pub attacker_effects: Vec<DamageEffect>,
    /// Step 5.
    pub defender_effects: Vec<DamageEffect>,
    /// An effect on the defender prevents all damage from attacks.
    pub prevent_all_damage: bool,
}

/// The steps of the damage order, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DamageStepKind {
    Base,
    AttackerEffects,
    Weakness,
    Resistance,
    DefenderEffects,
    Prevent,
    Counters,
}

impl DamageStepKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DamageStepKind::Base => "base",
            DamageStepKind::AttackerEffects => "attacker-effects",
            DamageStepKind::Weakness => "weakness",
            DamageStepKind::Resistance => "resistance",
            DamageStepKind::DefenderEffects => "defender-effects",
            DamageStepKind::Prevent => "prevent",
            DamageStepKind::Counters => "counters",
        }
    }
}

/// One step of the trace: the damage after it, the clause it applies, and what happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DamageStep {
    pub step: DamageStepKind,
    pub clause: &'static str,
    /// The damage after this step (the number of counters for the `counters` step).
    pub value: i32,
    pub note: String,
}

/// The result: the final damage, the counters it places, and the trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DamageResult {
    pub damage: i32,
    pub counters: i32,
    pub steps: Vec<DamageStep>,
}

/// The damage Weakness adds to `damage` ("×2" doubles it, "+20" adds 20).
pub fn weakness_increase(damage: i32, modifier: WeaknessModifier) -> i32 {
    match modifier {
        WeaknessModifier::Multiply(m) => {
            damage.saturating_mul(i32::try_from(m).unwrap_or(i32::MAX).saturating_sub(1))
        }
        WeaknessModifier::Add(n) => i32::try_from(n).unwrap_or(i32::MAX),
    }
}

fn sum(effects: &[DamageEffect]) -> i32 {
    effects
        .iter()
        .map(|e| e.amount)
        .fold(0, i32::saturating_add)
}

fn describe(effects: &[DamageEffect]) -> String {
    effects
        .iter()
        .map(|e| sentence!("{} {:+}", e.source, e.amount))
        .collect::<Vec<_>>()
        .join(", ")
}

const STOP: &str = "the damage is 0 or less, so the calculation stops here";

impl DamageCalculation {
    /// The attack's damage with nothing else applied: `base` to an Active or Benched Pokémon.
    pub fn plain(base: i32, position: Position) -> DamageCalculation {
        DamageCalculation {
            base,
            places_counters: false,
            position,
            weakness: None,
            resistance: None,
            ignore_weakness_resistance: false,
            ignore_defender_effects: false,
            attacker_effects: Vec::new(),
            defender_effects: Vec::new(),
            prevent_all_damage: false,
        }
    }

    /// Work the damage out in the current rulebook's order.
    pub fn run(&self) -> DamageResult {
        self.run_under(RuleEdition::default())
    }

    /// Work the damage out in the order of `edition`'s rulebook.
    pub fn run_under(&self, edition: RuleEdition) -> DamageResult {
        self.work_out(edition, true)
    }

    /// The damage in the order of `edition`'s rulebook, without the notes that explain each
    /// step (what a check that compares numbers needs).
    pub fn damage_under(&self, edition: RuleEdition) -> i32 {
        self.work_out(edition, false).damage
    }

    /// As [`DamageCalculation::damage_under`], with `attacker` and `defender` as the effects
    /// on the two Pokémon (those of the calculation are not read): a reading's effects are
    /// compared without being copied into a calculation.
    pub fn damage_with(
        &self,
        edition: RuleEdition,
        attacker: &[DamageEffect],
        defender: &[DamageEffect],
    ) -> i32 {
        self.work_out_with(edition, false, attacker, defender)
            .damage
    }

    /// Work the damage out; each step's note is written only when `explain`.
    fn work_out(&self, edition: RuleEdition, explain: bool) -> DamageResult {
        self.work_out_with(
            edition,
            explain,
            &self.attacker_effects,
            &self.defender_effects,
        )
    }

    /// [`DamageCalculation::work_out`] with these effects on the two Pokémon.
    fn work_out_with(
        &self,
        edition: RuleEdition,
        explain: bool,
        attacker_effects: &[DamageEffect],
        defender_effects: &[DamageEffect],
    ) -> DamageResult {
        let rule = StopRule::of(edition);
        let stops_at_base = rule != StopRule::Never;
        let stops_each_step = rule == StopRule::EveryStep;
        // Only an explanation keeps the steps: `damage_under` reads the damage alone.
        let mut steps = Vec::with_capacity(if explain { 8 } else { 0 });
        let mut push = |step, clause, value, note: &dyn Fn() -> String| {
            if !explain {
                return;
            }
            steps.push(DamageStep {
                step,
                clause,
                value,
                note: if explain { note() } else { String::new() },
            })
        };
        if self.places_counters {
            let counters = self.base.max(0) / 10;
            push(
                DamageStepKind::Base,
                "attack.damage-counters",
                self.base.max(0),
                &|| {
                    sentence!(
                        "the attack puts {counters} damage counters: this is not damage, so Weakness, Resistance, effects on either Pokémon and damage prevention do not apply"
                    )
                },
            );
            push(
                DamageStepKind::Counters,
                "attack.damage-counters",
                counters,
                &|| sentence!("{counters} damage counters are put on the Pokémon"),
            );
            return DamageResult {
                damage: self.base.max(0),
                counters,
                steps,
            };
        }
        let finish = |mut steps: Vec<DamageStep>, damage: i32| {
            let damage = damage.max(0);
            let counters = damage / 10;
            if !explain {
                return DamageResult {
                    damage,
                    counters,
                    steps,
                };
            }
            steps.push(DamageStep {
                step: DamageStepKind::Counters,
                clause: "attack.damage-order",
                value: counters,
                note: if !explain {
                    String::new()
                } else if damage == 0 {
                    "no damage, so no damage counters".to_string()
                } else {
                    sentence!("{damage} damage: 1 damage counter for each 10, {counters} in all")
                },
            });
            DamageResult {
                damage,
                counters,
                steps,
            }
        };

        // 1. Base damage.
        let mut damage = self.base;
        if damage <= 0 && stops_at_base {
            push(DamageStepKind::Base, "attack.damage-order", 0, &|| {
                sentence!(
                    "the base damage is {}; an attack whose base damage is 0 does no damage, so the calculation stops here",
                    self.base
                )
            });
            return finish(steps, 0);
        }
        push(DamageStepKind::Base, "attack.damage-order", damage, &|| {
            sentence!("the attack's base damage is {damage}")
        });
        // What a total of 0 or less means at a step: the end of the calculation, or a total
        // carried on to the end.
        let below = |what: String| {
            if stops_each_step {
                sentence!("{what}: {STOP}")
            } else {
                sentence!(
                    "{what}: the total is 0 or less, and in this edition it is carried on (only \
                     a total of 0 or less at the end means no damage counters)"
                )
            }
        };

        // 2. Effects on the attacking Pokémon.
        if attacker_effects.is_empty() {
            push(
                DamageStepKind::AttackerEffects,
                "attack.damage-order",
                damage,
                &|| "no effect on the attacking Pokémon changes the damage".to_string(),
            );
        } else {
            damage = damage.saturating_add(sum(attacker_effects));
            push(
                DamageStepKind::AttackerEffects,
                "attack.damage-order",
                damage,
                &|| {
                    if damage <= 0 {
                        below(describe(attacker_effects))
                    } else {
                        sentence!(
                            "{} (all effects on the attacker added together)",
                            describe(attacker_effects)
                        )
                    }
                },
            );
            if damage <= 0 && stops_each_step {
                return finish(steps, 0);
            }
        }

        // 3 and 4. Weakness and Resistance: Active Pokémon only.
        if self.position == Position::Bench {
            push(
                DamageStepKind::Weakness,
                "attack.damage-order.bench",
                damage,
                &|| {
                    "the Pokémon is on the Bench: Weakness does not apply to Benched Pokémon"
                        .to_string()
                },
            );
            push(
                DamageStepKind::Resistance,
                "attack.damage-order.bench",
                damage,
                &|| {
                    "the Pokémon is on the Bench: Resistance does not apply to Benched Pokémon"
                        .to_string()
                },
            );
        } else if self.ignore_weakness_resistance {
            for (kind, clause, what) in [
                (
                    DamageStepKind::Weakness,
                    "attack.damage-order.weakness",
                    "Weakness",
                ),
                (
                    DamageStepKind::Resistance,
                    "attack.damage-order.resistance",
                    "Resistance",
                ),
            ] {
                push(kind, clause, damage, &|| {
                    sentence!("the attack's damage is not affected by {what}")
                });
            }
        } else {
            match self.weakness {
                Some(w) => {
                    // Weakness increases the damage: a total carried below 0 is not doubled
                    // further below.
                    let add = weakness_increase(damage, w).max(0);
                    damage = damage.saturating_add(add);
                    push(
                        DamageStepKind::Weakness,
                        "attack.damage-order.weakness",
                        damage,
                        &|| sentence!("Weakness {w} to the attacker's type: +{add}"),
                    );
                }
                None => push(
                    DamageStepKind::Weakness,
                    "attack.damage-order.weakness",
                    damage,
                    &|| "no Weakness to the attacker's type".to_string(),
                ),
            }
            match self.resistance {
                Some(r) => {
                    damage = damage.saturating_sub(r);
                    push(
                        DamageStepKind::Resistance,
                        "attack.damage-order.resistance",
                        if stops_each_step {
                            damage.max(0)
                        } else {
                            damage
                        },
                        &|| {
                            if damage <= 0 {
                                below(sentence!("Resistance -{r} to the attacker's type"))
                            } else {
                                sentence!("Resistance -{r} to the attacker's type")
                            }
                        },
                    );
                    if damage <= 0 && stops_each_step {
                        return finish(steps, 0);
                    }
                }
                None => push(
                    DamageStepKind::Resistance,
                    "attack.damage-order.resistance",
                    damage,
                    &|| "no Resistance to the attacker's type".to_string(),
                ),
            }
        }

        // 5. Effects on the defending Pokémon.
        if self.ignore_defender_effects {
            push(
                DamageStepKind::DefenderEffects,
                "attack.damage-order",
                damage,
                &|| {
                    "the attack's damage is not affected by effects on the defending Pokémon"
                        .to_string()
                },
            );
        } else if defender_effects.is_empty() {
            push(
                DamageStepKind::DefenderEffects,
                "attack.damage-order",
                damage,
                &|| "no effect on the defending Pokémon changes the damage".to_string(),
            );
        } else {
            damage = damage.saturating_add(sum(defender_effects));
            push(
                DamageStepKind::DefenderEffects,
                "attack.damage-order",
                damage.max(0),
                &|| {
                    if damage <= 0 {
                        sentence!(
                            "{}: the damage cannot go below 0",
                            describe(defender_effects)
                        )
                    } else {
                        sentence!(
                            "{} (all effects on the defender added together)",
                            describe(defender_effects)
                        )
                    }
                },
            );
            if damage <= 0 {
                return finish(steps, 0);
            }
        }

        // 6. Prevention, then counters.
        if self.prevent_all_damage && !self.ignore_defender_effects {
            push(DamageStepKind::Prevent, "attack.damage-order", 0, &|| {
                "an effect on the defending Pokémon prevents all damage from attacks".to_string()
            });
            return finish(steps, 0);
        }
        push(
            DamageStepKind::Prevent,
            "attack.damage-order",
            damage,
            &|| {
                if self.prevent_all_damage {
                    "the prevention is an effect on the defending Pokémon, which this attack ignores"
                    .to_string()
                } else {
                    "nothing prevents the damage".to_string()
                }
            },
        );
        finish(steps, damage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effect(amount: i32) -> Vec<DamageEffect> {
        vec![DamageEffect {
            source: "x".into(),
            amount,
        }]
    }

    fn kinds(r: &DamageResult) -> Vec<&'static str> {
        r.steps.iter().map(|s| s.step.as_str()).collect()
    }

    /// The damage alone is the damage of the explained calculation, whatever is applied.
    #[test]
    fn damage_without_notes_is_the_explained_damage() {
        let mut cases = 0;
        for edition in RuleEdition::ALL {
            for base in [-10, 0, 10, 30, 60] {
                for position in [Position::Active, Position::Bench] {
                    for weakness in [None, Some(WeaknessModifier::Multiply(2))] {
                        for resistance in [None, Some(30)] {
                            for (attacker, defender) in [(0, 0), (-40, 0), (20, -90), (0, 30)] {
                                for flags in 0..8 {
                                    let mut c = DamageCalculation::plain(base, position);
                                    c.weakness = weakness;
                                    c.resistance = resistance;
                                    if attacker != 0 {
                                        c.attacker_effects = effect(attacker);
                                    }
                                    if defender != 0 {
                                        c.defender_effects = effect(defender);
                                    }
                                    c.places_counters = flags & 1 != 0;
                                    c.ignore_defender_effects = flags & 2 != 0;
                                    c.prevent_all_damage = flags & 4 != 0;
                                    let explained = c.run_under(edition);
                                    assert_eq!(c.damage_under(edition), explained.damage, "{c:?}");
                                    assert!(explained.steps.iter().all(|s| !s.note.is_empty()));
                                    cases += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(cases > 1000);
    }

    #[test]
    fn weakness_doubles_then_resistance_subtracts() {
        let mut c = DamageCalculation::plain(60, Position::Active);
        c.weakness = Some(WeaknessModifier::Multiply(2));
        c.resistance = Some(30);
        let r = c.run();
        assert_eq!((r.damage, r.counters), (90, 9));
        assert_eq!(
            kinds(&r),
            [
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "defender-effects",
                "prevent",
                "counters"
            ]
        );
    }

    #[test]
    fn a_stop_skips_later_increases_only_where_the_edition_stops() {
        // Resistance takes 10 below 0; a later +30 on the defender brings it back only where
        // the total is carried on (APR 2.2 I.A A-01 stops at Resistance).
        let mut c = DamageCalculation::plain(10, Position::Active);
        c.resistance = Some(30);
        c.defender_effects = effect(30);
        let r = c.run_under(RuleEdition::Apr2018);
        assert_eq!(r.damage, 0);
        assert_eq!(
            kinds(&r),
            [
                "base",
                "attacker-effects",
                "weakness",
                "resistance",
                "counters"
            ]
        );
        let r = c.run_under(RuleEdition::ScarletViolet);
        assert_eq!(r.damage, 10);
        assert!(kinds(&r).contains(&"defender-effects"));
    }

    /// One case per edition and difference in the stop rule, worked by hand from the seeds.
    #[test]
    fn the_stop_rule_of_each_edition() {
        use RuleEdition::*;
        // (what, calculation, damage under sv, swsh, hgss, apr-2018, classic)
        let below_and_back = {
            // Base 30, -40 on the attacker (total -10), Weakness +30: back to 20.
            let mut c = DamageCalculation::plain(30, Position::Active);
            c.attacker_effects = effect(-40);
            c.weakness = Some(WeaknessModifier::Add(30));
            c
        };
        let doubled_below = {
            // Base 30, -40 on the attacker, Weakness ×2: -20, never back above 0.
            let mut c = below_and_back.clone();
            c.weakness = Some(WeaknessModifier::Multiply(2));
            c
        };
        let base_zero = {
            // Base 0 (an attack that does no damage), +20 on the attacker.
            let mut c = DamageCalculation::plain(0, Position::Active);
            c.attacker_effects = effect(20);
            c
        };
        let resisted_then_raised = {
            let mut c = DamageCalculation::plain(10, Position::Active);
            c.resistance = Some(30);
            c.defender_effects = effect(30);
            c
        };
        let cases: [(&str, &DamageCalculation, [i32; 5]); 4] = [
            (
                "below 0 after the attacker, back by Weakness +30: SV/SwSh 'Attacking' step 2 \
                 and HGSS step b stop only at a base damage of 0; APR 2.2 I.A A-01 stops at 0 or \
                 less; the basics name no stop",
                &below_and_back,
                [20, 20, 20, 0, 20],
            ),
            (
                "below 0 and doubled by Weakness stays below: no counters (SV/SwSh step 6, HGSS \
                 step g)",
                &doubled_below,
                [0, 0, 0, 0, 0],
            ),
            (
                "base damage 0: every rulebook with a stop stops there (SV/SwSh step 2, HGSS \
                 step b, APR 1.b); the basics do not",
                &base_zero,
                [0, 0, 0, 0, 20],
            ),
            (
                "Resistance below 0, then +30 on the defender: only APR 2.2 stops at Resistance",
                &resisted_then_raised,
                [10, 10, 10, 0, 10],
            ),
        ];
        for (what, calc, expected) in cases {
            for (edition, want) in [
                ScarletViolet,
                SwordShield,
                HeartGoldSoulSilver,
                Apr2018,
                Classic,
            ]
            .into_iter()
            .zip(expected)
            {
                assert_eq!(
                    calc.run_under(edition).damage,
                    want,
                    "{what} under {}",
                    edition.id()
                );
            }
        }
    }

    #[test]
    fn counters_skip_everything() {
        let mut c = DamageCalculation::plain(50, Position::Active);
        c.places_counters = true;
        c.weakness = Some(WeaknessModifier::Multiply(2));
        c.prevent_all_damage = true;
        let r = c.run();
        assert_eq!((r.damage, r.counters), (50, 5));
    }

    #[test]
    fn weakness_increase_by_kind() {
        assert_eq!(weakness_increase(60, WeaknessModifier::Multiply(2)), 60);
        assert_eq!(weakness_increase(60, WeaknessModifier::Add(20)), 20);
        assert_eq!(
            weakness_increase(i32::MAX, WeaknessModifier::Multiply(2)),
            i32::MAX
        );
    }
}
