//! What a player may do and how cards are played: [`Fact::BenchSize`], [`Fact::FirstTurn`],
//! [`Fact::OncePerTurn`], [`Fact::Evolution`], [`Fact::Tools`], [`Fact::AttackChoice`],
//! [`Fact::PlayRules`] and [`Fact::Suppression`].
//!
//! Decisions:
//! - **Bench size**: "can have up to 8 Pokémon on their Bench", "can't have more than 3
//!   Benched Pokémon", "The number of Benched Pokémon your opponent can have is now 4". An effect
//!   that only discards Benched Pokémon down to a number does not change the limit. The reach
//!   is whom the clause that sets the limit names, not its condition ("As long as this Pokémon
//!   is in the Active Spot, your opponent can't have …" reaches the opponent's side).
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
//!   the turn's manual attachment, so it does not change the count (its reminder "(This
//!   doesn't use up your 1 Energy card attachment …)" is dropped). An effect that lets the
//!   manual attachment itself be repeated does ("you may attach an additional Energy card to
//!   that Pokémon at the same time", "… discards that Energy card instead of attaching it, and
//!   this doesn't use up their Energy attachment for the turn").
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

use super::Fact;
use super::rules::Cx;
use super::text::{any, clauses, has, has_word, is_condition, kw};

/// Read the play facts of one sentence.
pub(super) fn read(cx: &mut Cx, s: &str) {
    bench_size(cx, s);
    first_turn(cx, s);
    once_per_turn(cx, s);
    evolution(cx, s);
    tools(cx, s);
    attack_choice(cx, s);
    play_rules(cx, s);
    suppression(cx, s);
}

fn bench_size(cx: &mut Cx, s: &str) {
    if !cx.has(kw::BENCH) {
        return;
    }
    let changes = (has(s, "can have") && has(s, "pokemon on"))
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
        // Whom the clause that sets the limit names ("As long as this Pokémon is in the Active
        // Spot, your opponent can't have more than 3 Benched Pokémon": the opponent).
        let clause = clauses(s)
            .find(|c| {
                !is_condition(c)
                    && (has(c, "bench") || has(c, "can have"))
                    && any(
                        c,
                        &["can have", "can't have", "bench limit", "maximum number"],
                    )
            })
            .unwrap_or(s);
        let r = cx.reach(clause);
        cx.add(Fact::BenchSize, r);
    }
}

fn first_turn(cx: &mut Cx, s: &str) {
    if !cx.has(kw::FIRST) {
        return;
    }
    for clause in clauses(s) {
        if !has(clause, "first turn") && !has(clause, "goes first may") {
            continue;
        }
        let allows = has_word(clause, "can") || has_word(clause, "may") || has(clause, "even if");
        let limits = any(
            clause,
            &[
                "can't", "cannot", "only", "except", "may not", "can not", "unless",
            ],
        );
        if allows && !limits && !clause.starts_with("once during your first turn") {
            let r = cx.reach(clause);
            cx.add(Fact::FirstTurn, r);
            return;
        }
    }
}

fn once_per_turn(cx: &mut Cx, s: &str) {
    if !cx.has(kw::SUPPORTER | kw::STADIUM | kw::RETREAT | kw::ENERGY) {
        return;
    }
    let more_words = cx
        .has(kw::ADDITIONAL | kw::EVEN | kw::MORE | kw::AGAIN | kw::INSTEAD | kw::NUMBER)
        || (cx.has(kw::PLAY) && has(s, "play 2 "))
        || has(s, "attach 2 ")
        || has(s, "play two")
        || (cx.has(kw::USE) && has(s, "use up"));
    if !more_words {
        return;
    }
    let topic = has(s, "supporter")
        || has(s, "stadium")
        || has(s, "retreat")
        || (has(s, "energy")
            && (has(s, "from your hand") || has(s, "free energy") || has(s, "attach")));
    if !topic {
        return;
    }
    // "… discards that Energy card instead of attaching it, and this doesn't use up their
    // Energy attachment for the turn": another manual attachment may follow.
    let not_used_up = has(s, "doesn't use up") && has(s, "attachment");
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
        &[
            "can't play",
            "can't use",
            "can't retreat",
            "can't attach",
            "only 1 supporter",
        ],
    );
    if (more || not_used_up) && !negative {
        let r = cx.reach(s);
        cx.add(Fact::OncePerTurn, r);
    }
}

fn evolution(cx: &mut Cx, s: &str) {
    if !(cx.has(kw::EVOLVE) || (cx.has(kw::PUT) && has(s, "put this card onto your active"))) {
        return;
    }
    for clause in clauses(s) {
        if is_condition(clause) && !has(clause, "can evolve") {
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
        ) || (has(clause, "evolves from")
            && has(clause, "put")
            && (has(clause, " onto ") || has(clause, " on "))
            && !has(clause, "onto your bench")
            && !has(clause, "into your hand"));
        if evolves {
            let r = cx.reach(clause);
            cx.add(Fact::Evolution, r);
            return;
        }
    }
}

fn tools(cx: &mut Cx, s: &str) {
    if !cx.has(kw::TOOL) {
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
    ) && !has(s, "can't have");
    let may_have = (has(s, "may have") || has(s, "can have"))
        && has(s, "pokemon tools")
        && !has(s, "can't have");
    if more || may_have {
        let r = cx.reach(s);
        cx.add(Fact::Tools, r);
    }
}

fn attack_choice(cx: &mut Cx, s: &str) {
    if !cx.has(kw::USE | kw::COPY | kw::AGAIN | kw::RETAIN | kw::AS | kw::GAIN) {
        return;
    }
    let copies = ((cx.has(kw::AS) && any(s, &["as this attack", "as its own"]))
        || (cx.has(kw::COPY)
            && any(
                s,
                &[
                    "copies that attack",
                    "copy that attack",
                    "copies this attack",
                ],
            ))
        || (cx.has(kw::USE)
            && any(
                s,
                &[
                    "can use the attack",
                    "can also use the attack",
                    "can use any attack",
                    "use this card's attack",
                    "use the attack on this card",
                    "may use an attack it has twice",
                    "even if you have used your gx attack",
                    "can use attacks from",
                ],
            ))
        || (cx.has(kw::AGAIN) && any(s, &["attack twice", "attack again", "attacks twice"]))
        || (cx.has(kw::RETAIN) && has(s, "retains the attacks"))
        || (cx.has(kw::GAIN) && has(s, "gains an attack")))
        && !any(
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
    if has(s, "retains") {
        if has(s, "weakness") || has(s, "resistance") {
            let r = cx.reach(s);
            cx.add(Fact::WeaknessResistance, r);
        }
        if has(s, "retreat cost") {
            let r = cx.reach(s);
            cx.add(Fact::RetreatCost, r);
        }
    }
}

fn play_rules(cx: &mut Cx, s: &str) {
    if !cx.has(kw::BENCH | kw::PLAY | kw::AS | kw::FACE | kw::COMBINE | kw::NOW | kw::COUNTS) {
        return;
    }
    let special = (cx.has(kw::AS)
        && any(
            s,
            &[
                "as if it were",
                " as a stadium card",
                " as an energy card",
                " as a pokemon tool",
                " as a special energy card",
                "as your active pokemon or on your bench",
            ],
        ))
        || (cx.has(kw::COUNTS)
            && any(
                s,
                &[
                    "counts as a pokemon",
                    "does not count as playing",
                    "doesn't count as playing",
                ],
            ))
        || (cx.has(kw::FACE)
            && any(
                s,
                &["face down as your active", "face down in the active spot"],
            ))
        || (cx.has(kw::COMBINE) && has(s, "combine 4 different"))
        || (cx.has(kw::BENCH)
            && any(
                s,
                &[
                    "onto your bench only with",
                    "put this card from your hand onto your bench",
                ],
            ))
        || (cx.has(kw::NOW) && any(s, &["is now that pokemon", "is now an energy card"]));
    let mut bench = false;
    if !special && (cx.has(kw::BENCH) || cx.has(kw::PLAY) && cx.has(kw::PUT)) {
        let basics = has(s, "basic")
            && !any(
                s,
                &["stage 1", "stage 2", "evolution", "evolves", "evolved"],
            );
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
            ) || (has(clause, "put ")
                && has(clause, "into play")
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
    if !cx
        .has(kw::ABILITY | kw::EFFECT | kw::STOP | kw::POWER | kw::ONLY | kw::AFFECTED | kw::IGNORE)
    {
        return;
    }
    let (abilities, effects) = (cx.has(kw::ABILITY), cx.has(kw::EFFECT));
    let others = cx.has(kw::STOP | kw::POWER | kw::ONLY | kw::ABILITY | kw::EFFECT);
    let mut hit: Option<&str> = None;
    for clause in clauses(s) {
        if is_condition(clause) {
            continue;
        }
        let no_abilities = abilities
            && any(clause, &["have no abilities", "has no abilities"])
            // "a card that has no Abilities" selects cards.
            && !any(
                clause,
                &[
                    "that has no abilities",
                    "that have no abilities",
                    "which has no abilities",
                    "with no abilities",
                ],
            );
        let no_effect = effects
            && any(
                clause,
                &[
                    "has no effect",
                    "have no effect",
                    "have no other effect",
                    "has no other effect",
                ],
            )
            && !any(
                clause,
                &[
                    "no effect other than",
                    "no other effect than",
                    "copies of this card",
                    "this card has no effect",
                ],
            );
        let turned_off = others
            && any(
                clause,
                &[
                    "stop working",
                    "stops working",
                    "can't use any poke-powers",
                    "can't use any poke-bodies",
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
                    "pokemon's abilities",
                    "effects of poke-powers",
                    "effects of poke-bodies",
                    "effects of that poke-power",
                ],
            )
            && !any(
                clause,
                &[
                    "this power stops working",
                    "this power can't be used",
                    "this power stops",
                    "this ability stops",
                    "coin flips",
                ],
            );
        if no_abilities || no_effect || turned_off {
            hit = Some(clause);
            break;
        }
    }
    // "This Pokémon can't use Abilities" restricts only itself: not matched above.
    if let Some(clause) = hit {
        let r = cx.reach(clause);
        cx.add(Fact::Suppression, r);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Reach;
    use super::super::rules::{As, read_as};
    use super::*;

    #[test]
    fn the_bench_limit_reaches_whom_its_clause_names() {
        assert_eq!(
            read_as(
                As::Ability,
                "As long as this Pokémon is in the Active Spot, your opponent can't have more \
                 than 3 Benched Pokémon."
            ),
            vec![(Fact::BenchSize, Reach::OpponentSide)]
        );
        assert_eq!(
            read_as(
                As::Ability,
                "If all of your Pokémon in play are Darkness type, you can have up to 8 Pokémon \
                 on your Bench, and you can't put non-Darkness Pokémon into play."
            ),
            vec![(Fact::BenchSize, Reach::OwnSide)]
        );
        assert_eq!(
            read_as(
                As::Stadium,
                "Choose which way this card faces before you play it. This ↓ player can't have \
                 more than 3 Benched Pokémon."
            ),
            vec![(Fact::BenchSize, Reach::Any)]
        );
    }

    #[test]
    fn a_manual_attachment_repeated_changes_the_once_per_turn_limit() {
        assert_eq!(
            read_as(
                As::Ability,
                "As long as this Pokémon is in the Active Spot, whenever your opponent tries to \
                 attach an Energy card from their hand to a Pokémon, they must flip a coin. If \
                 tails, your opponent discards that Energy card instead of attaching it, and \
                 this doesn't use up their Energy attachment for the turn."
            ),
            vec![(Fact::OncePerTurn, Reach::OpponentSide)]
        );
        assert_eq!(
            read_as(
                As::Ability,
                "Once during your turn (before your attack), if you attach an Energy card to \
                 your Active Pokémon as part of your turn, you may attach an additional Energy \
                 card to that Pokémon at the same time."
            ),
            vec![(Fact::OncePerTurn, Reach::OwnSide)]
        );
        // An Ability's own attachment, with the reminder that says so, is not the manual one.
        assert!(
            read_as(
                As::Ability,
                "As often as you like during your turn (before your attack), you may attach 1 \
                 Water Energy card to 1 of your Water Pokémon. (This doesn't use up your 1 \
                 Energy card attachment for the turn.)"
            )
            .is_empty()
        );
        // Not a Supporter played: the card comes back to the hand.
        assert!(
            read_as(
                As::Played,
                "If you do, put this card into your hand. (This effect doesn't use up your \
                 Supporter card for the turn.)"
            )
            .is_empty()
        );
    }
}
