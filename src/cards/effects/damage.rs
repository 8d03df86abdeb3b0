//! Damage facts: [`Fact::DamageDealt`], [`Fact::DamageTaken`], [`Fact::WeaknessResistance`]
//! and [`Fact::MaxHp`].
//!
//! Decisions:
//! - Reach of **damage dealt** is the Pokémon whose attacks change (the attacker): "this
//!   attack does 30 more damage" and "this Pokémon's attacks do …" are the holder; "your
//!   Pokémon's attacks do …" the owner's side; "the Defending Pokémon's attacks do 20 less
//!   damage" and "the attacks of your opponent's Pokémon do 10 less damage to …" the
//!   opponent's side.
//! - Reach of **damage taken** is the Pokémon that takes it: "this Pokémon takes 30 less
//!   damage", "prevent all damage done to this Pokémon", "damage done to the Pokémon this card
//!   is attached to is reduced".
//! - In an **attack**, every sentence that still speaks of damage once damage counters and
//!   healing are set aside changes the attack's own damage (more, less, for each, coin flips,
//!   "does nothing", other targets, the Bench, itself, "isn't affected by", "instead") and is
//!   damage dealt by the holder. An attack whose printed damage has a `+`, `×` or `-` is too.
//!   Outside attacks, damage done by an Ability, a Trainer or an Energy ("this Power does 20
//!   damage to that Pokémon") is not attack damage: it is read as damage counters.
//! - Weakness and Resistance: any main clause that speaks of them ("isn't affected by
//!   Weakness", "has no Weakness", "Don't apply Weakness and Resistance", Weakness or Resistance
//!   changed), once the inline reminders "(before/after applying Weakness and Resistance)" are
//!   cut; and type changes ("is now a Fire Pokémon", "it is Psychic and Darkness type", "type
//!   becomes"). A clause that only tests them ("If the Defending Pokémon has Weakness …") is not.
//! - Max HP: "+N HP", "-N HP", "maximum HP is", "HP is now", and "as if it were a 60-HP Basic
//!   Pokémon" (the card's HP comes from its text).

use super::rules::Cx;
use super::text::{any, clause_before, clauses, has_word, is_condition, phrase_after};
use super::{Fact, Reach};

/// Read the damage facts of one sentence.
pub(super) fn read(cx: &mut Cx) {
    let s = cx.sentence.clone();
    // Set damage counters apart: "for each damage counter", "put 3 damage counters" are not
    // damage.
    let plain = s.replace("damage counters", "counters").replace("damage counter", "counter");
    let mut taken = false;
    taken |= takes_damage(cx, &plain);
    taken |= damage_done_to(cx, &plain);
    let dealt = deals_damage(cx, &plain);
    if cx.in_attack && !taken && !dealt && attack_damage_words(&plain) {
        cx.add(Fact::DamageDealt, Reach::Holder);
    }
    weakness_resistance(cx, &s);
    max_hp(cx, &s);
}

/// "X take(s) N less / more damage", "X takes no damage", "X takes double damage".
fn takes_damage(cx: &mut Cx, s: &str) -> bool {
    let mut found = false;
    for verb in [" takes ", " take "] {
        let mut from = 0;
        while let Some(i) = s[from..].find(verb) {
            let at = from + i;
            from = at + verb.len();
            let after = phrase_after(s, at + verb.len(), &[", ", ". ", "; "]);
            let about_damage = after.contains("damage")
                && any(
                    after,
                    &[
                        "less", "more", "fewer", "no damage", "double", "twice", "half", "extra",
                        "additional",
                    ],
                );
            // "takes 30 or more damage from an attack" is a condition, not a change.
            let condition = after.contains(" or more damage")
                || after.contains(" or less damage")
                || is_condition(clause_before(s, at));
            if about_damage && !condition {
                let r = cx.reach(clause_before(s, at));
                cx.add(Fact::DamageTaken, r);
                found = true;
            }
        }
    }
    found
}

/// "prevent all damage done to X", "damage done to X by attacks is reduced by 20", "any
/// damage done to X … is increased", "prevent all effects of attacks, including damage, done
/// to X", "whenever 30 or less damage is done to X, prevent that damage".
fn damage_done_to(cx: &mut Cx, s: &str) -> bool {
    let prevent = s.contains("prevent") && s.contains("damage") && !s.contains("except damage")
        && !s.contains("excluding damage")
        && !s.contains("damage is not an effect");
    let changed = s.contains("damage")
        && any(
            s,
            &[
                "is reduced by",
                "is increased by",
                "are reduced by",
                "reduce all damage",
                "reduce the damage",
                "reduce that damage",
                "is doubled",
            ],
        );
    if !(prevent || changed) {
        return false;
    }
    // The Pokémon the damage is done to.
    let target = ["done to ", "damage to ", "damage from attacks to "]
        .iter()
        .find_map(|k| s.find(k).map(|i| i + k.len()))
        .map(|i| phrase_after(s, i, &[" by ", " during ", ", ", ". ", " from ", " is "]));
    // "damage done by attacks from the Defending Pokémon is reduced" is the attacker's damage.
    if target.is_none() && changed && !prevent {
        if let Some(i) = s.find("done by attacks from ").or_else(|| s.find("done by ")) {
            let k = if s[i..].starts_with("done by attacks from ") {
                "done by attacks from ".len()
            } else {
                "done by ".len()
            };
            let attacker = phrase_after(s, i + k, &[" is ", " are ", ", ", ". "]);
            let r = cx.reach(attacker);
            cx.add(Fact::DamageDealt, r);
            return false;
        }
    }
    // "damage done to your opponent's Pokémon by the Pokémon this card is attached to is
    // reduced": damage dealt by the holder.
    if let (Some(t), true) = (target, changed && !prevent) {
        if let Some(i) = s.find(t).map(|i| i + t.len()) {
            let rest = &s[i..];
            if let Some(by) = rest.strip_prefix(" by ") {
                if !by.starts_with("attack") && !by.starts_with("an attack") {
                    let attacker = phrase_after(by, 0, &[" is ", " are ", ", ", ". "]);
                    let r = cx.reach(attacker);
                    cx.add(Fact::DamageDealt, r);
                    return false;
                }
            }
        }
    }
    let r = match target {
        Some(t) => cx.reach(t),
        None => cx.reach(s),
    };
    cx.add(Fact::DamageTaken, r);
    true
}

/// Damage dealt by attacks: "X's attacks do N more damage", "this attack does N more damage",
/// "the attacks of X do N less damage", "X's attack's base damage is …", "damage from X's
/// attacks isn't affected by …", "you may do N more damage".
fn deals_damage(cx: &mut Cx, s: &str) -> bool {
    let mut found = false;
    for key in [
        "more damage",
        "less damage",
        "additional damage",
        "extra damage",
        "fewer damage",
    ] {
        let mut from = 0;
        while let Some(i) = s[from..].find(key) {
            let at = from + i;
            from = at + key.len();
            let clause = clause_before(s, at);
            if clause.contains(" take") {
                continue; // taken, read above
            }
            // "if … does 30 or more damage" tests damage; it does not change it.
            if clause.ends_with(" or ") || is_condition(clause) {
                continue;
            }
            let subject = subject_of_do(clause);
            let r = if cx.in_attack && subject_is_this_attack(subject) {
                Reach::Holder
            } else {
                cx.reach(subject)
            };
            cx.add(Fact::DamageDealt, r);
            found = true;
        }
    }
    if s.contains("base damage") || (s.contains("damage") && s.contains("isn't affected by")) {
        let at = s.find("damage").unwrap_or(0);
        let r = cx.reach(clause_before(s, at.max(1)));
        cx.add(Fact::DamageDealt, if cx.in_attack { Reach::Holder } else { r });
        found = true;
    }
    found
}

/// The subject of "… do(es) N more damage": the words before the verb.
fn subject_of_do(clause: &str) -> &str {
    for verb in [" does ", " do ", " deals ", " deal "] {
        if let Some(i) = clause.rfind(verb) {
            return &clause[..i];
        }
    }
    clause
}

fn subject_is_this_attack(subject: &str) -> bool {
    let t = subject.trim();
    t.is_empty()
        || t.ends_with("this attack")
        || t.ends_with("this pokemon")
        || t.ends_with("you may")
        || t == "you"
        || t.ends_with("the attack")
        || t.ends_with("it")
}

/// In an attack: does the sentence speak of damage beyond healing and prevention?
fn attack_damage_words(s: &str) -> bool {
    if s.contains("does nothing") || s.contains("do nothing") {
        return true;
    }
    if !s.contains("damage") {
        return false;
    }
    // Healing is damage counters; "damage done to this Pokémon" is damage taken (read above).
    let cleaned = s
        .replace("heal ", "")
        .replace("same amount of damage", "")
        .replace("damage done to this pokemon", "");
    if s.starts_with("heal ") && !s.contains(" damage to") {
        return false;
    }
    cleaned.contains("damage")
}

/// Weakness, Resistance and type changes.
fn weakness_resistance(cx: &mut Cx, s: &str) {
    let mut hit = None;
    for clause in clauses(s) {
        if is_condition(clause) {
            continue;
        }
        let wr = (clause.contains("weakness") || clause.contains("resistance"))
            && clause != "apply weakness and resistance."
            && !clause.starts_with("before applying")
            && !clause.starts_with("after applying");
        let type_change = has_word(clause, "type")
            && any(
                clause,
                &[
                    " becomes",
                    "is now a",
                    "is now the",
                    "are now",
                    " is every type",
                    "it is ",
                    "type is ",
                    "types are ",
                    "same type as",
                    "as if it were the same card",
                    "instead of its usual type",
                    "in addition to its",
                ],
            );
        let same_card = clause.contains("as if it were the same card");
        if wr || type_change || same_card {
            hit = Some(clause.to_string());
            break;
        }
    }
    if let Some(clause) = hit {
        let r = if cx.in_attack && any(&clause, &["this attack", "this damage"]) {
            Reach::Holder
        } else {
            cx.reach(&clause)
        };
        cx.add(Fact::WeaknessResistance, r);
    }
}

/// Maximum HP changes.
fn max_hp(cx: &mut Cx, s: &str) {
    let mut from = 0;
    while let Some(i) = s[from..].find("hp") {
        let at = from + i;
        from = at + 2;
        // Whole word "hp" (also "60-hp").
        let before = &s[..at];
        let after = &s[at + 2..];
        if after.chars().next().is_some_and(|c| c.is_alphanumeric()) {
            continue;
        }
        let prev_word = before
            .trim_end_matches(['-', ' '])
            .rsplit(' ')
            .next()
            .unwrap_or("");
        let signed = (prev_word.starts_with('+') || prev_word.starts_with('-'))
            && prev_word[1..].chars().all(|c| c.is_ascii_digit())
            && prev_word.len() > 1;
        let is_now = after.starts_with(" is ") && !after.starts_with(" is less")
            && !after.starts_with(" is at least")
            && !after.starts_with(" is more")
            && before.ends_with("maximum ");
        let printed_by_text = before.ends_with("-") && s.contains("as if it were");
        let becomes = after.starts_with(" becomes") || after.starts_with(" is now");
        if signed || is_now || printed_by_text || becomes {
            let r = cx.reach(clause_before(s, at));
            cx.add(Fact::MaxHp, r);
            return;
        }
    }
}
