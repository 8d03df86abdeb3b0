//! What a player may do and how cards are played: [`Fact::BenchSize`], [`Fact::FirstTurn`],
//! [`Fact::OncePerTurn`], [`Fact::Evolution`], [`Fact::Tools`], [`Fact::AttackChoice`],
//! [`Fact::PlayRules`] and [`Fact::Suppression`].
//!
//! Decisions:
//! - **Bench size**: "can have up to 8 Pokémon on their Bench", "can't have more than 3
//!   Benched Pokémon", "The number of Benched Pokémon your opponent can have is now 4". An effect
//!   that only discards Benched Pokémon down to a number does not change the limit.
//! - **First turn**: a clause that *allows* something on the first turn ("If you go first, you
//!   may use this card during your first turn", "can evolve during your first turn", "you can
//!   use this attack during your first turn", "even if … this is your first turn"). A clause
//!   that forbids or limits it ("can't use this card during your first turn", "only during
//!   your first turn") is a restriction and gives nothing; so does an Ability usable "once
//!   during your first turn" (Abilities may be used on the first turn anyway).
//! - **Once per turn**: playing more than 1 Supporter or Stadium, attaching more than 1 Energy
//!   from the hand, retreating more than once ("you may play 2 Supporter cards", "instead of
//!   attaching your free Energy card, you may attach 2"). An Ability or Trainer that attaches
//!   Energy from the hand ("As often as you like during your turn, you may attach a Water
//!   Energy card from your hand …") is written by the log under that Ability or card, not as
//!   the turn's manual attachment, so it does not change the count.
//! - **Evolution**: evolving when it normally could not ("can evolve during your first turn or
//!   the turn you play it"), from the deck or without the hand ("search your deck for a card
//!   that evolves from … and put it onto that Pokémon"), skipping a Stage ("skipping the Stage
//!   1", "This counts as evolving"), Level-Up ("Put this card onto your Active …"), devolving.
//!   "Can't evolve" is a restriction.
//! - **Tools**: a Pokémon may have more than 1 Pokémon Tool ("may have up to 4 Pokémon Tools").
//! - **Attack choice**: using attacks the Pokémon does not print: copying ("use it as this
//!   attack", "copies that attack"), "can use the attacks of …", "can use any attack from its
//!   previous Evolutions", a Technical Machine's attack, BREAK "retains the attacks", LV.X
//!   "can use any attack … from its previous level", attacking twice, a GX attack "even if you
//!   have used your GX attack". A copied attack's damage is the copied one, so in an attack
//!   this also gives damage dealt.
//! - **Play rules**: a card played or put into play as something else or where it normally
//!   could not go: "Play this card as if it were a 60-HP Basic Pokémon", "counts as a
//!   Pokémon", "as a Stadium card", "as an Energy card", "as a Pokémon Tool", V-UNION and
//!   LEGEND halves, Restored Pokémon "onto your Bench only with the effect of …", a Pokémon put
//!   onto the Bench from the deck, discard pile or Prize cards when it is not plainly a Basic
//!   Pokémon ("put up to 2 Colorless Pokémon … from your discard pile onto your Bench"). Putting
//!   Basic Pokémon onto the Bench (Nest Ball, Artazon) is how Basic Pokémon are played: no fact.
//! - **Suppression**: other cards' effects turned off: "have no Abilities", "Pokémon Tools …
//!   have no effect", "Special Energy … provide Colorless Energy and have no other effect",
//!   "Poké-Powers stop working", "can't use any Poké-Powers or Poké-Bodies" (on others),
//!   "isn't affected by any effects on …", "prevent all effects of … Abilities". A card that
//!   only stops itself ("This Pokémon can't use Abilities") gives nothing.

use super::rules::Cx;
use super::text::{any, clauses, has_word, is_condition};
use super::Fact;

/// Read the play facts of one sentence.
pub(super) fn read(cx: &mut Cx) {
    let s = cx.sentence.clone();
    bench_size(cx, &s);
    first_turn(cx, &s);
    once_per_turn(cx, &s);
    evolution(cx, &s);
    tools(cx, &s);
    attack_choice(cx, &s);
    play_rules(cx, &s);
    suppression(cx, &s);
}

fn bench_size(cx: &mut Cx, s: &str) {
    if !s.contains("bench") {
        return;
    }
    let changes = (s.contains("can have") && s.contains("pokemon on"))
        || any(
            s,
            &[
                "can't have more than",
                "can have is now",
                "bench limit",
                "maximum number of benched",
                "can have up to",
            ],
        );
    if changes {
        let r = cx.reach(s);
        cx.add(Fact::BenchSize, r);
    }
}

fn first_turn(cx: &mut Cx, s: &str) {
    if !s.contains("first turn") && !s.contains("goes first may") {
        return;
    }
    for clause in clauses(s) {
        if !clause.contains("first turn") && !clause.contains("goes first may") {
            continue;
        }
        let allows = has_word(clause, "can") || has_word(clause, "may") || clause.contains("even if");
        let limits = any(
            clause,
            &["can't", "cannot", "only", "except", "may not", "can not", "unless"],
        );
        if allows && !limits && !clause.starts_with("once during your first turn") {
            let r = cx.reach(clause);
            cx.add(Fact::FirstTurn, r);
            return;
        }
    }
}

fn once_per_turn(cx: &mut Cx, s: &str) {
    let topic = s.contains("supporter")
        || s.contains("stadium")
        || s.contains("retreat")
        || (s.contains("energy") && (s.contains("from your hand") || s.contains("free energy")));
    if !topic {
        return;
    }
    let more = any(
        s,
        &[
            "play 2 supporter",
            "play two supporter",
            "play 2 stadium",
            "play any number of supporter",
            "additional supporter",
            "another supporter card during this turn",
            "more than 1 supporter card during",
            "even if you already",
            "even if you have already",
            "retreat more than once",
            "retreat twice",
            "retreat again",
            "additional energy card from your hand",
            "instead of attaching your free energy",
            "attach 2 energy cards from your hand",
            "attach an additional",
            "in addition to the 1 energy",
            "in addition to your normal",
        ],
    );
    let negative = any(
        s,
        &["can't play", "can't use", "can't retreat", "can't attach", "only 1 supporter"],
    );
    if more && !negative {
        let r = cx.reach(s);
        cx.add(Fact::OncePerTurn, r);
    }
}

fn evolution(cx: &mut Cx, s: &str) {
    if !any(s, &["evolv", "put this card onto your active", "stage evolution card"]) {
        return;
    }
    for clause in clauses(s) {
        if is_condition(clause) && !clause.contains("can evolve") {
            continue;
        }
        if any(
            clause,
            &[
                "can't evolve",
                "cannot evolve",
                "not count as",
                "doesn't count as",
                "can't play any pokemon from",
                "can't remove",
                "can't be evolved",
            ],
        ) {
            continue;
        }
        let evolves = any(
            clause,
            &[
                "can evolve",
                "may evolve",
                "to evolve it",
                "to evolve that",
                "to evolve this",
                "to evolve them",
                "counts as evolving",
                "devolv",
                "skipping the stage",
                "put this card onto your active",
                "highest stage evolution card",
                "this counts as evolving",
            ],
        ) || (clause.contains("evolves from")
            && clause.contains("put")
            && (clause.contains(" onto ") || clause.contains(" on "))
            && !clause.contains("onto your bench")
            && !clause.contains("into your hand"));
        if evolves {
            let r = cx.reach(clause);
            cx.add(Fact::Evolution, r);
            return;
        }
    }
}

fn tools(cx: &mut Cx, s: &str) {
    if !s.contains("pokemon tool") {
        return;
    }
    let more = any(
        s,
        &[
            "additional pokemon tool",
            "more than 1 pokemon tool attached",
            "any number of pokemon tools attached",
            "2 pokemon tools attached to it",
        ],
    ) && !s.contains("can't have");
    let may_have = (s.contains("may have") || s.contains("can have"))
        && s.contains("pokemon tools")
        && !s.contains("can't have");
    if more || may_have {
        let r = cx.reach(s);
        cx.add(Fact::Tools, r);
    }
}

fn attack_choice(cx: &mut Cx, s: &str) {
    let copies = any(
        s,
        &[
            "as this attack",
            "copies that attack",
            "copy that attack",
            "can use the attacks of",
            "can use the attack",
            "can also use the attack",
            "can use any attack",
            "use this card's attack",
            "use the attack on this card",
            "attacks of all",
            "retains the attacks",
            "may use an attack it has twice",
            "attack twice",
            "attack again",
            "even if you have used your gx attack",
            "as its own",
            "gains an attack",
            "can use attacks from",
        ],
    ) && !any(
        s,
        &[
            "can't use this attack again",
            "can't attack again",
            "you can use this attack only",
        ],
    );
    if copies {
        let r = if cx.in_attack {
            super::Reach::Holder
        } else {
            cx.reach(s)
        };
        cx.add(Fact::AttackChoice, r);
        if cx.in_attack {
            cx.add(Fact::DamageDealt, super::Reach::Holder);
        }
    }
    // BREAK rule: the Weakness, Resistance and Retreat Cost come from the previous Evolution.
    if s.contains("retains") {
        if s.contains("weakness") || s.contains("resistance") {
            let r = cx.reach(s);
            cx.add(Fact::WeaknessResistance, r);
        }
        if s.contains("retreat cost") {
            let r = cx.reach(s);
            cx.add(Fact::RetreatCost, r);
        }
    }
}

fn play_rules(cx: &mut Cx, s: &str) {
    let special = any(
        s,
        &[
            "as if it were",
            "counts as a pokemon",
            "as a stadium card",
            "as an energy card",
            "as a pokemon tool",
            "does not count as playing",
            "doesn't count as playing",
            "face down as your active",
            "face down in the active spot",
            "as your active pokemon or on your bench",
            "combine 4 different",
            "onto your bench only with",
            "onto your bench only with the other half",
            "put this card from your hand onto your bench",
            "is now that pokemon",
            "is now an energy card",
        ],
    );
    let mut bench = false;
    if !special {
        let basics = s.contains("basic")
            && !any(s, &["stage 1", "stage 2", "evolution", "evolves", "evolved"]);
        for clause in clauses(s) {
            if is_condition(clause) {
                continue;
            }
            let onto = any(
                clause,
                &[
                    "onto your bench",
                    "onto their bench",
                    "onto the bench",
                    "onto your opponent's bench",
                    "onto his bench",
                ],
            ) || (clause.contains("put ")
                && clause.contains("into play")
                && !any(clause, &["was put", "were put", "been put"]));
            let negative = any(clause, &["can't", "cannot", "isn't full", "is full"]);
            if onto && !negative && !basics {
                bench = true;
                break;
            }
        }
    }
    if special || bench {
        let r = cx.reach(s);
        cx.add(Fact::PlayRules, r);
    }
}

fn suppression(cx: &mut Cx, s: &str) {
    let mut hit = false;
    for clause in clauses(s) {
        if any(clause, &["have no abilities", "has no abilities"]) {
            // "a card that has no Abilities", "If the Pokémon … has no Abilities" select cards.
            let selects = is_condition(clause)
                || any(
                    clause,
                    &[
                        "that has no abilities",
                        "that have no abilities",
                        "which has no abilities",
                        "with no abilities",
                    ],
                );
            if !selects {
                hit = true;
            }
        }
        if any(
            clause,
            &[
                "has no effect",
                "have no effect",
                "have no other effect",
                "has no other effect",
            ],
        ) && !any(
            clause,
            &[
                "no effect other than",
                "no other effect than",
                "copies of this card",
                "this card has no effect",
                "that card does nothing",
            ],
        ) {
            hit = true;
        }
        if any(
            clause,
            &[
                "stop working",
                "stops working",
                "can't use any poke-powers",
                "can't use any poke-bodies",
                "can't use any poke-powers or poke-bodies",
                "can't use poke-powers",
                "can't use any pokemon powers",
                "lose all abilities",
                "loses all abilities",
                "provide only 1 colorless",
                "provides only 1 colorless",
                "isn't affected by any effects",
                "isn't affected by effects",
                "not affected by any effects",
                "ignore all effects",
                "ignoring all effects",
                "effects of abilities",
                "effects of your opponent's pokemon's abilities",
                "effects of poke-powers",
                "effects of poke-bodies",
                "effects of that poke-power",
            ],
        ) && !any(
            clause,
            &[
                "this power stops working",
                "this power can't be used",
                "this pokemon's",
                "this power stops",
            ],
        ) {
            hit = true;
        }
    }
    // "This Pokémon can't use Abilities" restricts only itself.
    if hit {
        let r = cx.reach(s);
        cx.add(Fact::Suppression, r);
    }
}
