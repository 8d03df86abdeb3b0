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
use super::text::{any, clause_before, clauses, has, has_word, is_condition, kw, phrase_after};
use super::{Fact, Reach};

/// Read the damage facts of one sentence.
pub(super) fn read(cx: &mut Cx, s: &str) {
    weakness_resistance(cx, s);
    max_hp(cx, s);
    if !cx.has(kw::DAMAGE | kw::NOTHING) {
        return;
    }
    // Set damage counters apart: "for each damage counter", "put 3 damage counters" are not
    // damage.
    let plain: std::borrow::Cow<'_, str> = if has(s, "damage counter") {
        s.replace("damage counters", "counters")
            .replace("damage counter", "counter")
            .into()
    } else {
        s.into()
    };
    let mut taken = false;
    if cx.has(kw::TAKE) {
        taken |= takes_damage(cx, &plain);
    }
    if cx.has(kw::PREVENT | kw::REDUCE | kw::AFFECTED) {
        taken |= damage_done_to(cx, &plain);
    }
    let dealt =
        cx.has(kw::MORE | kw::ADDITIONAL | kw::BASE | kw::AFFECTED) && deals_damage(cx, &plain);
    if cx.in_attack && !taken && !dealt && attack_damage_words(&plain) {
        cx.add(Fact::DamageDealt, Reach::Holder);
    }
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
            let about_damage = has(after, "damage")
                && any(
                    after,
                    &[
                        "less",
                        "more",
                        "fewer",
                        "no damage",
                        "double",
                        "twice",
                        "half",
                        "extra",
                        "additional",
                    ],
                );
            // "takes 30 or more damage from an attack" is a condition, not a change.
            let condition = has(after, " or more damage")
                || has(after, " or less damage")
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
/// damage done to X … is increased", "all damage done by attacks to X is reduced", "prevent
/// all effects of attacks, including damage, done to X", "whenever 30 or less damage is done
/// to X, prevent that damage". "Damage done to X by <a Pokémon> is reduced" and "damage done
/// by attacks from X is reduced" are the attacker's damage (damage dealt).
fn damage_done_to(cx: &mut Cx, s: &str) -> bool {
    let prevent = has(s, "prevent")
        && has(s, "damage")
        && !has(s, "except damage")
        && !has(s, "excluding damage")
        && !has(s, "damage is not an effect");
    let changed = has(s, "damage")
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
                "isn't affected by",
            ],
        );
    if !(prevent || changed) {
        return false;
    }
    const STOPS: &[&str] = &[" by ", " during ", ", ", ". ", " from ", " is ", " isn't "];
    // The Pokémon the damage is done to.
    let target = [
        "done to ",
        "by attacks to ",
        "by an attack to ",
        "by an opponent's attack to ",
        "by your opponent's attacks to ",
        "damage to ",
        "damage from attacks to ",
    ]
    .iter()
    .find_map(|k| {
        s.find(k)
            .map(|i| (i + k.len(), phrase_after(s, i + k.len(), STOPS)))
    });
    if let Some((at, t)) = target {
        // "damage done to your opponent's Pokémon by the Pokémon this card is attached to":
        // the damage of the holder's attacks.
        let rest = &s[at + t.len()..];
        if changed
            && !prevent
            && let Some(by) = rest.strip_prefix(" by ")
            && (!has(by, "attack") || by.starts_with("this pokemon's attack"))
        {
            let attacker = phrase_after(by, 0, &[" is ", " are ", " isn't ", ", ", ". "]);
            let r = cx.reach_first(&[attacker, &s[..at]]);
            cx.add(Fact::DamageDealt, r);
            return false;
        }
        let r = cx.reach_first(&[t, &s[..at]]);
        cx.add(Fact::DamageTaken, r);
        return true;
    }
    if changed && !prevent {
        // "any damage done by attacks from the Defending Pokémon is reduced by 20".
        for k in ["done by attacks from ", "done by attacks of ", "done by "] {
            if let Some(i) = s.find(k) {
                let attacker =
                    phrase_after(s, i + k.len(), &[" is ", " are ", " isn't ", ", ", ". "]);
                if has(attacker, "opponent's attack") || attacker == "an attack" {
                    // "any damage done by an opponent's attack is reduced": taken by the side
                    // the text protects.
                    let r = cx.reach_first(&[&s[..i]]);
                    cx.add(Fact::DamageTaken, r);
                    return true;
                }
                let r = cx.reach_first(&[attacker, &s[..i]]);
                cx.add(Fact::DamageDealt, r);
                return false;
            }
        }
        return false;
    }
    let r = cx.reach(s);
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
            if has(clause, " take") {
                continue; // taken, read above
            }
            // "if … does 30 or more damage" tests damage; it does not change it.
            if clause.ends_with(" or ") || is_condition(clause) {
                continue;
            }
            let subject = subject_of(s, at);
            let r = if cx.in_attack && subject_is_this_attack(subject) {
                Reach::Holder
            } else {
                cx.reach_first(&[subject, &s[..at]])
            };
            cx.add(Fact::DamageDealt, r);
            found = true;
        }
    }
    let unaffected = has(s, "damage") && has(s, "isn't affected by") && !found;
    if has(s, "base damage") || (unaffected && !has(s, "done to")) {
        // "Damage from this Pokémon's attacks isn't affected by …": the subject names whose.
        let subject = s.find("isn't affected").map_or(s, |i| &s[..i]);
        let r = if cx.in_attack {
            Reach::Holder
        } else {
            cx.reach_first(&[subject])
        };
        cx.add(Fact::DamageDealt, r);
        found = true;
    }
    found
}

/// The subject of "… do(es) N more damage" found at `at`: the words before the verb in its
/// clause, or, when the clause starts with the verb ("…, except any Articuno, do 10 more
/// damage"), the last clause before it that is not a condition or an exception.
fn subject_of(s: &str, at: usize) -> &str {
    let clause = clause_before(s, at);
    let own = subject_of_do(clause);
    if !own.trim().is_empty() && own.len() < clause.len() {
        return own;
    }
    let head = &s[..at - clause.len().min(at)];
    head.rsplit([',', ';'])
        .map(str::trim)
        .find(|c| {
            !c.is_empty()
                && !is_condition(c)
                && !c.starts_with("except")
                && !c.starts_with("excluding")
                && !c.starts_with('(')
        })
        .unwrap_or(own)
}

/// The subject of "… do(es) N more damage": the words before the verb. A clause that starts
/// with the verb (the old wording "Does 40 damage plus 10 more damage for each …") has no
/// subject: it is the attack's own damage.
fn subject_of_do(clause: &str) -> &str {
    let c = clause.trim_start();
    if ["does ", "do ", "deals ", "deal "]
        .iter()
        .any(|v| c.starts_with(v))
    {
        return "";
    }
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
    if has(s, "does nothing") || has(s, "do nothing") {
        return true;
    }
    if s.starts_with("heal ") && !has(s, " damage to") {
        return false; // healing is damage counters
    }
    // Every "damage" but those of healing ("heal 30 damage", "the same amount of damage")
    // and of damage taken ("damage done to this pokemon", read above).
    s.match_indices("damage").any(|(i, _)| {
        let head = &s[..i];
        let tail = &s[i..];
        let healing = head.ends_with("same amount of ")
            || head
                .rsplit(' ')
                .nth(1)
                .is_some_and(|w| w == "heal" || w == "all")
                && has(head, "heal");
        // "If … is Knocked Out by damage from this attack, take 1 more Prize card": the
        // damage is the Knock Out's cause, not changed.
        let knock_out_cause = head.ends_with("knocked out by ");
        !(healing || knock_out_cause || tail.starts_with("damage done to this pokemon"))
    })
}

/// Weakness, Resistance and type changes.
fn weakness_resistance(cx: &mut Cx, s: &str) {
    if !cx.has(kw::WEAKNESS | kw::TYPE | kw::SAME) {
        return;
    }
    let mut hit = None;
    for clause in clauses(s) {
        // "Search your deck for 2 Pokémon with Fighting Resistance" selects cards.
        if is_condition(clause) || any(clause, &["search", "reveal", "look at"]) {
            continue;
        }
        let wr = (has(clause, "weakness") || has(clause, "resistance"))
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
                    "as if it were the same card",
                    "instead of its usual type",
                    "in addition to its",
                ],
            );
        let same_card = has(clause, "as if it were the same card");
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
    if !cx.has(kw::HP) {
        return;
    }
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
        let is_now = after.starts_with(" is ")
            && !after.starts_with(" is less")
            && !after.starts_with(" is at least")
            && !after.starts_with(" is more")
            && before.ends_with("maximum ");
        let printed_by_text = before.ends_with("-") && has(s, "as if it were");
        // "its remaining HP becomes 10" sets damage counters, not the maximum.
        let remaining = before.ends_with("remaining ");
        let becomes = (after.starts_with(" becomes") || after.starts_with(" is now")) && !remaining;
        if remaining && (after.starts_with(" becomes") || after.starts_with(" is now")) {
            let r = cx.reach(clause_before(s, at));
            cx.add(Fact::DamageCounters, r);
            return;
        }
        if signed || is_now || printed_by_text || becomes {
            let r = cx.reach(clause_before(s, at));
            cx.add(Fact::MaxHp, r);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{As, read_as};
    use super::*;

    #[test]
    fn an_attack_that_starts_with_its_verb_is_its_own_damage() {
        assert_eq!(subject_of_do("does 40 damage plus 10 "), "");
        assert_eq!(subject_of_do("this attack does 30 "), "this attack");
        // The old wording: the attack's own damage, not anyone's.
        assert_eq!(
            read_as(
                As::Attack,
                "Does 40 damage plus 10 more damage for each Water Energy attached to this \
                 Pokémon but not used to pay for this attack's Energy cost."
            ),
            vec![(Fact::DamageDealt, Reach::Holder)]
        );
    }

    #[test]
    fn damage_that_only_causes_a_knock_out_is_not_changed() {
        assert!(!attack_damage_words(
            "if your opponent's pokemon is knocked out by damage from this attack, take 1 more prize card."
        ));
        assert!(attack_damage_words(
            "this attack does 10 damage to each of your opponent's pokemon."
        ));
        assert_eq!(
            read_as(
                As::Attack,
                "If your opponent's Pokémon is Knocked Out by damage from this attack, take 1 \
                 more Prize card."
            ),
            vec![(Fact::PrizeCount, Reach::OwnSide)]
        );
    }
}
