//! What happens to a Pokémon and the game outside attack damage: [`Fact::KnockOut`],
//! [`Fact::DamageCounters`], [`Fact::PrizeCount`], [`Fact::Conditions`] and [`Fact::Winner`].
//!
//! Decisions:
//! - **Knock Out**: a main clause that Knocks Out ("this Pokémon is Knocked Out", "Knock Out
//!   the Defending Pokémon", "If you use this Ability, this Pokémon is Knocked Out") or that
//!   prevents or replaces one ("would be Knocked Out", "can't be Knocked Out", "isn't Knocked
//!   Out", "is not Knocked Out"). A Knock Out named only in a condition ("If this Pokémon is
//!   Knocked Out by damage from an attack, …", "if any of your Pokémon were Knocked Out during
//!   your opponent's last turn") is a trigger, not a change.
//! - **Damage counters**: put, place, move or remove damage counters, heal damage, and damage
//!   done by something that is not an attack (an Ability, a Trainer, an Energy: "this Power
//!   does 20 damage to that Pokémon"). Effects that prevent attack effects on a Pokémon
//!   ("Prevent all effects of attacks … done to this Pokémon") keep counters off it, so they
//!   count too (and as Special Conditions). Counting counters ("for each damage counter") is
//!   not a change.
//! - **Prize count**: a main clause that takes, adds, discards, shuffles away or moves Prize
//!   cards ("take 1 more Prize card", "your opponent takes 1 fewer Prize card", "can't take any
//!   Prize cards", "put 1 of them into your hand", "Add … to their Prize cards"). Counting or
//!   looking at Prize cards, turning them face up, or testing how many are left is not.
//! - **Special Conditions**: a main clause that applies ("is now Poisoned", "make … Burned",
//!   "leave … Confused"), removes ("remove all Special Conditions", "is no longer Asleep",
//!   "recovers from"), prevents ("can't be affected by any Special Conditions", "can't be
//!   Paralyzed") or changes the Checkup ("put 3 damage counters instead of 1", "during Pokémon
//!   Checkup", "between turns"). A condition tested in an "if" clause is not.
//! - **Winner**: "win(s) the game", "lose(s) the game".

use super::rules::Cx;
use super::text::{any, clause_before, clauses, has, is_condition, kw};
use super::{Fact, Reach};

/// Read the status facts of one sentence.
pub(super) fn read(cx: &mut Cx, s: &str) {
    knock_out(cx, s);
    damage_counters(cx, s);
    prize_count(cx, s);
    conditions(cx, s);
    if cx.has(kw::GAME) {
        winner(cx, s);
    }
}

/// "You win this game", "the player may choose to win the game": whom the clause that wins or
/// loses names (the player who wins, not the attack that is used: "If you use this attack
/// when …, you win this game").
fn winner(cx: &mut Cx, s: &str) {
    const WINS: &[&str] = &[
        "win the game",
        "wins the game",
        "win this game",
        "lose the game",
        "loses the game",
        "lose this game",
        "wins this game",
    ];
    if let Some(clause) = clauses(s).find(|c| any(c, WINS)) {
        let r = cx.reach(clause);
        cx.add(Fact::Winner, r);
    }
}

fn knock_out(cx: &mut Cx, s: &str) {
    if !cx.has(kw::KNOCK) {
        return;
    }
    for clause in clauses(s) {
        if !has(clause, "knock") {
            continue;
        }
        let condition = is_condition(clause);
        // A Knock Out prevented or replaced: "it is not Knocked Out", "can't be Knocked Out".
        // ("would be Knocked Out" alone is the trigger of something else.)
        let prevents = !condition
            && any(
                clause,
                &[
                    "can't be knocked out",
                    "isn't knocked out",
                    "is not knocked out",
                    "not be knocked out",
                    "aren't knocked out",
                    "instead of being knocked out",
                    "knocked out instead of",
                ],
            );
        let trigger = condition
            || any(
                clause,
                &[
                    "was knocked out",
                    "were knocked out",
                    "has been knocked out",
                    "have been knocked out",
                    "been knocked out",
                    "knocked out during",
                    "knocked out by damage",
                    "knocks out",
                    "counts as a knocked out",
                    "count as a knocked out",
                    "even if",
                    "for each",
                    "knocked out pokemon",
                    "don't knock out",
                    "would be knocked out",
                ],
            );
        let knocks = any(
            clause,
            &[
                "is knocked out",
                "are knocked out",
                "knock out ",
                "knock it out",
                "is now knocked out",
            ],
        ) || clause.ends_with("knock out")
            || clause.ends_with("knock out.");
        if prevents || (knocks && !trigger) {
            let r = cx.reach(clause);
            cx.add(Fact::KnockOut, r);
            return;
        }
    }
}

fn damage_counters(cx: &mut Cx, s: &str) {
    if !cx.has(kw::DAMAGE | kw::HEAL | kw::EFFECT | kw::HP | kw::COUNTER) {
        return;
    }
    // "Heal 30 damage from …", "heal all damage"; "Pokémon … can't be healed" keeps the
    // counters healing would remove.
    let heal = has(s, "heal ") && !has(s, "heal energy") || s.starts_with("heal ");
    let mut hit: Option<usize> = heal.then(|| s.find("heal").unwrap_or(0));
    if hit.is_none() && cx.has(kw::HEAL) {
        hit = clauses(s)
            .find(|c| !is_condition(c) && has(c, "can't be healed"))
            .and_then(|c| s.find(c));
    }
    if hit.is_none() && has(s, "damage counter") {
        for (i, _) in s.match_indices("damage counter") {
            let clause = clause_before(s, i);
            let after = &s[i..];
            let verb = any(
                clause,
                &[
                    "put ",
                    "place",
                    "move",
                    "remove",
                    "puts ",
                    "places",
                    "moves",
                    "removes",
                    "add ",
                    "adds ",
                    "instead of",
                    "distribute",
                    "switch",
                    "swap",
                    "exchange",
                ],
            ) || after.starts_with("damage counters instead")
                || after.starts_with("damage counter instead");
            // "for each damage counter", "the number of damage counters" count them; "move any
            // number of damage counters" moves them.
            let counting = has(clause, "for each")
                || clause.trim_end().ends_with(" no")
                || (has(clause, "number of") && !has(clause, "any number of"))
                || (is_condition(clause) && !has(clause, " put "));
            if verb && !counting {
                hit = Some(i);
                break;
            }
        }
    }
    // Damage done outside attacks (an Ability, a Trainer, an Energy).
    if hit.is_none() && !cx.in_attack {
        for key in [" damage to ", "does 10 damage", " damage on "] {
            if let Some(i) = s.find(key) {
                let clause = clause_before(s, i);
                let attackish = any(
                    clause,
                    &[
                        "attack",
                        "more damage",
                        "less damage",
                        "damage from",
                        "takes",
                    ],
                );
                if !attackish && (has(clause, " do") || has(clause, " does")) {
                    hit = Some(i);
                    break;
                }
            }
        }
    }
    // Attack effects prevented on a Pokémon keep counters off it.
    let prevents_effects = has(s, "prevent all effects of")
        || (has(s, "prevent all") && has(s, "effects of attacks"))
        || has(s, "can't put damage counters");
    if prevents_effects {
        let target = s
            .find("done to ")
            .map(|i| &s[i + "done to ".len()..])
            .unwrap_or(s);
        let r = cx.reach(target);
        cx.add(Fact::DamageCounters, r);
        cx.add(Fact::Conditions, r);
    }
    if let Some(i) = hit {
        // Whom the counters go on, not what their number is counted from ("equal to the
        // number of damage counters on this Pokémon").
        let tail = super::text::phrase_after(s, i, &[" equal to ", " for each "]);
        let r = cx
            .side(tail)
            .or_else(|| cx.side(clause_before(s, i)))
            .unwrap_or_else(|| cx.reach(s));
        cx.add(Fact::DamageCounters, r);
    }
}

/// "1 more Prize card", "2 fewer Prize cards" (a number, not "3 or fewer Prize cards").
fn counted_change(clause: &str) -> bool {
    ["more prize", "fewer prize"].iter().any(|k| {
        clause.match_indices(k).any(|(i, _)| {
            let mut words = clause[..i].split_whitespace().rev();
            let n = words.next().unwrap_or("");
            let before = words.next().unwrap_or("");
            n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() && before != "or"
        })
    })
}

fn prize_count(cx: &mut Cx, s: &str) {
    if !cx.has(kw::PRIZE) {
        return;
    }
    for clause in clauses(s) {
        if !has(clause, "prize") || is_condition(clause) {
            continue;
        }
        let counted = counted_change(clause);
        // Reading, counting, comparing or turning Prize cards face up changes nothing.
        let reads = any(
            clause,
            &[
                "for each prize",
                "remaining",
                "prize cards left",
                "prize card left",
                "face up",
                "look at",
                "has taken",
                "have taken",
                "took",
                "than your opponent",
            ],
        );
        let changes = counted
            || (!reads
                && any(
                    clause,
                    &[
                        "take",
                        "add ",
                        "discard",
                        "shuffle",
                        "into your hand",
                        "into their hand",
                        "as a prize",
                        "as their prize",
                        "as your prize",
                        "prize cards instead",
                    ],
                ))
            || (has(clause, "into your hand") && has(clause, "prize cards"));
        if changes {
            let t = clause.trim_start_matches("and ").trim_start();
            let r = if t.starts_with("take ") {
                Reach::OwnSide
            } else {
                cx.reach(clause)
            };
            cx.add(Fact::PrizeCount, r);
            return;
        }
    }
}

const CONDITIONS: &[&str] = &[
    "asleep",
    "burned",
    "confused",
    "paralyzed",
    "poisoned",
    "special condition",
    "poison",
    "burn ",
    "checkup",
    "between turns",
];

fn conditions(cx: &mut Cx, s: &str) {
    if !cx.has(kw::CONDITION) || !any(s, CONDITIONS) {
        return;
    }
    for clause in clauses(s) {
        if !any(clause, CONDITIONS) {
            continue;
        }
        let checkup = any(
            clause,
            &["checkup", "between turns", "instead of 1", "instead of one"],
        ) && any(clause, &["put", "counter", "damage", "flip", "recover"]);
        let changes = any(
            clause,
            &[
                "is now",
                "are now",
                "now ",
                "make ",
                "makes ",
                "leave ",
                "remove",
                "recover",
                "no longer",
                "can't be affected",
                "can't be asleep",
                "can't be burned",
                "can't be confused",
                "can't be paralyzed",
                "can't be poisoned",
                "can't become",
                "isn't affected by",
                "aren't affected by",
                "can't be affected",
                "prevent",
                "becomes",
                "cure",
                "is not affected",
                "are not affected",
                "stays",
                "remains",
                "doesn't recover",
                "can't recover",
                "isn't removed",
            ],
        );
        // "This power can't be used if this Pokémon is affected by a Special Condition" only
        // tests it.
        let condition = (is_condition(clause) && !checkup)
            || has(clause, "can't be used")
            || has(clause, "stops working");
        if (changes || checkup) && !condition {
            let r = cx.reach(clause);
            cx.add(Fact::Conditions, r);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::{As, read_as};
    use super::*;

    #[test]
    fn moving_any_number_of_counters_is_a_change_counting_them_is_not() {
        assert_eq!(
            read_as(
                As::Attack,
                "You may move any number of damage counters from your opponent's Benched \
                 Pokémon to their Active Pokémon."
            ),
            vec![(Fact::DamageCounters, Reach::OpponentSide)]
        );
        assert_eq!(
            read_as(
                As::Attack,
                "Put damage counters on 1 of your opponent's Pokémon equal to the number of \
                 damage counters on this Pokémon."
            ),
            vec![(Fact::DamageCounters, Reach::OpponentSide)]
        );
        assert!(
            read_as(
                As::Played,
                "Draw a card for each damage counter on your Active Pokémon."
            )
            .is_empty()
        );
    }

    #[test]
    fn pokemon_that_cant_be_healed_keep_their_counters() {
        assert_eq!(
            read_as(
                As::Ability,
                "Your opponent's Benched Pokémon can't be healed."
            ),
            vec![(Fact::DamageCounters, Reach::OpponentSide)]
        );
        assert_eq!(
            read_as(
                As::Stadium,
                "Pokémon (both yours and your opponent's) can't be healed."
            ),
            vec![(Fact::DamageCounters, Reach::Any)]
        );
        // Tested in a condition, healing changes nothing.
        assert_eq!(
            read_as(
                As::Attack,
                "If this Pokémon was healed during this turn, this attack does 80 more damage."
            ),
            vec![(Fact::DamageDealt, Reach::Holder)]
        );
    }

    #[test]
    fn the_winner_is_whom_the_winning_clause_names() {
        assert_eq!(
            read_as(
                As::Attack,
                "If you use this attack when you have only 1 Prize card remaining, you win \
                 this game."
            ),
            vec![(Fact::Winner, Reach::OwnSide)]
        );
        assert_eq!(
            read_as(
                As::Stadium,
                "Once during each player's turn, if that player's opponent has 6 or more \
                 Pokémon in the Lost Zone, the player may choose to win the game."
            ),
            vec![(Fact::Winner, Reach::Any)]
        );
    }
}
