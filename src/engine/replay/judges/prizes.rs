//! Prize cards: the player who Knocked Out a Pokémon takes as many Prize cards as its kind gives
//! (unless a card in force changes the count), and effects that take Prize cards otherwise.

use crate::log::{Event, Text};

use super::super::super::resolve;
use super::super::super::state::PlayerIdx;
use super::super::super::verdict::Step;
use super::super::tracker::Source;
use super::Judging;

/// `knockout.prizes` (and the Prize count of the Knocked Out Pokémon's kind, `pokemon.*`): a
/// Prize line (judged before it): the Prize cards taken in this window match the Knock Outs of
/// the opponent's Pokémon in it (capped by the Prize cards left).
pub fn prizes(j: &Judging<'_, '_>) -> Step {
    let Some(p) = j.resolved.player else {
        return Step::info("");
    };
    let pname = &j.state.players[p].name;
    if let Event::TookPrizes { count, .. } = j.event
        && i64::from(*count) > i64::from(j.state.prize_count)
    {
        return Step::violation(
            "knockout.prizes-left",
            sentence!(
                "{pname} takes {count} Prize cards in one line, but the game began with {} each",
                j.state.prize_count
            ),
        );
    }
    let index = j.index;
    let window = j.lines.window(index);
    // A Knock Out of the opponent's Pokémon that the tracker could not follow exactly: which
    // Pokémon it was (and what it was worth) is not known, so no count is claimed.
    let unsure_ko = j.tracked.window.unsure_knock_out_of(1 - p)
        || unsure_knock_out_ahead(j, p, index + 1..window.end);
    let mut owed = 0u32;
    let mut why: Vec<String> = Vec::new();
    let mut clauses: Vec<&'static str> = Vec::new();
    let mut watch: Vec<Text> = Vec::new();
    // Knock Outs already applied in this window.
    for ko in &j.tracked.window.knock_outs {
        if ko.owner != p {
            owed = owed.saturating_add(ko.prizes);
            why.push(ko.why.clone());
            clauses.push(ko.clause);
            watch.extend(ko.cards.iter().cloned());
        }
    }
    // Knock Outs still to come in this window (the client may list the Prize cards first).
    for l in &j.lines.log.lines[index + 1..window.end] {
        if let Event::KnockOut { owner, pokemon } = &l.event {
            let (found, who) = resolve::owned(
                j.state,
                j.player(owner),
                &pokemon.name,
                None,
                resolve::Claim::Trusted,
                None,
            );
            if who == Some(1 - p)
                && let Some(id) = found.id()
            {
                let m = j.state.mon(id);
                match j.cards.prize_value(m.name(), &m.uses) {
                    Ok((n, clause, w)) => {
                        owed = owed.saturating_add(n);
                        why.push(w);
                        clauses.push(clause);
                    }
                    Err(w) => return Step::cannot_check("knockout.prizes", w),
                }
                watch.extend(j.cards_in_play(Some(&[id])));
            }
        }
    }
    let taken: u32 = j.lines.log.lines[window.clone()]
        .iter()
        .filter_map(|l| match &l.event {
            Event::TookPrizes { player, count } if j.player(player) == Some(p) => Some(*count),
            _ => None,
        })
        .fold(0u32, u32::saturating_add);
    // Counts come from the log text: a cut or hand-edited log may hold any number.
    let left_before = (j.state.players[p]
        .prizes_left
        .unwrap_or(j.state.prize_count) as u32)
        .saturating_add(taken_in_window(j, p));
    let expected = owed.min(left_before);
    if unsure_ko {
        return Step::cannot_check(
            "knockout.prizes",
            sentence!(
                "{pname} takes {}; a Knock Out in this part of the game names a Pokémon the replay could not follow exactly, so what it was worth is not known",
                prize_cards(taken)
            ),
        );
    }
    if owed == 0 {
        let effect_text = match &j.tracked.window.source {
            Some(Source::Trainer(name)) => j.cards.card_effect(name).map(|e| e.lower().to_string()),
            _ => None,
        };
        if let Some(t) = &effect_text
            && (t.contains("takes a prize card") || t.contains("take a prize card"))
            && !t.contains("more prize")
        {
            return if taken == 1 {
                Step::ok(
                    "knockout.prizes",
                    sentence!("{pname} takes 1 Prize card by the effect of the card played"),
                )
            } else {
                Step::violation(
                    "knockout.prizes",
                    sentence!("the effect lets {pname} take 1 Prize card, but {taken} are taken"),
                )
            };
        }
        return if matches!(
            j.tracked.window.source,
            Some(Source::Trainer(_) | Source::Ability(..))
        ) {
            Step::cannot_check(
                "knockout.prizes",
                sentence!(
                    "{pname} takes Prize cards by an effect, not a Knock Out; the effect is not modelled"
                ),
            )
        } else {
            Step::violation(
                "knockout.prizes",
                sentence!(
                    "{pname} takes {} but none of the opponent's Pokémon was Knocked Out",
                    prize_cards(taken)
                ),
            )
        };
    }
    // A Knock Out worth more than one Prize card is so by its rule box (ex, V, VMAX, …).
    if clauses.iter().any(|c| *c != "pokemon.single-prize") {
        clauses.push("pokemon.rule-box");
    }
    let mut found = vec![Step::ok(
        "knockout.prizes",
        sentence!(
            "{pname} takes {} for the Knock Out ({})",
            prize_cards(taken),
            why.join("; ")
        ),
    )];
    for c in &clauses {
        found.push(Step::ok(c, ""));
    }
    if taken == expected {
        // The count matches the Knock Outs alone; an attack whose text may give more Prize
        // cards ("take 1 more Prize card") is not modelled, so the count is not claimed.
        if let Some(Source::Attack(_, name)) = &j.tracked.window.source {
            let text = action_text_for_window(j);
            let more = text.as_deref().and_then(|t| {
                t.contains("more prize card").then(|| {
                    sentence!(
                        "the text of {name} may give more Prize cards; its effect is not modelled"
                    )
                })
            });
            if let Some(doubt) = more {
                return Step::cannot_check(
                    "knockout.prizes",
                    sentence!(
                        "{pname} takes {} for the Knock Out ({}); but {doubt}",
                        prize_cards(taken),
                        why.join("; ")
                    ),
                );
            }
        }
        return Step::combine(found);
    }
    // What may change a Prize count: the Knocked Out Pokémon's own cards, the Stadium and the
    // attack that did it raise a doubt when unknown; Trainers played this turn only when
    // their known text says so.
    const PHRASES: &[&str] = &[
        "1 more prize card",
        "2 more prize card",
        "3 more prize card",
        "1 fewer prize card",
        "take any prize card",
        "take a prize card for it",
        "take 2 prize cards",
        "take 3 prize cards",
    ];
    if let Some(s) = &j.state.stadium {
        watch.push(s.name.clone());
    }
    let attack_text = action_text_for_window(j);
    let attack_unknown = match &j.tracked.window.source {
        Some(Source::Attack(_, name)) => attack_text
            .is_none()
            .then(|| sentence!("the attack {name} is not in the card data")),
        _ => None,
    };
    let reason = sentence!(
        "{pname} takes {} for this Knock Out but {} {expected} ({})",
        prize_cards(taken),
        if expected < owed {
            "has only"
        } else {
            "is owed"
        },
        why.join("; ")
    );
    let from_attack = attack_text
        .as_deref()
        .and_then(|t| PHRASES.iter().find(|p| t.contains(*p)))
        .map(|p| sentence!("the attack's text speaks of \"{p}\""));
    let trainers: Vec<Text> = j.tracked.trainers_this_turn.clone();
    // Only the side that gains may make the count higher (an attack "takes 1 more"); the
    // Knocked Out Pokémon's own cards may make it higher or lower.
    let attack_doubt = if taken > expected {
        attack_unknown.or(from_attack)
    } else {
        None
    };
    match j
        .cards
        .may_change(&watch, PHRASES)
        .or(attack_doubt)
        .or_else(|| j.cards.may_change_known(&trainers, PHRASES))
    {
        Some(w) => Step::cannot_check("knockout.prizes", sentence!("{reason}; but {w}")),
        // Unless the Prize cards left cap the count, what it breaks is also the Prize count of
        // each Knocked Out Pokémon's kind (`pokemon.ex`, …).
        None if expected == owed => Step::combine(
            std::iter::once(Step::violation("knockout.prizes", reason))
                .chain(
                    clauses
                        .into_iter()
                        // A reference-only kind clause (Pokémon LEGEND) is cited, not found broken.
                        .filter(|c| crate::rules::registry::clause(c).is_some_and(|c| c.checked))
                        .map(|c| Step::violation(c, "")),
                )
                .collect(),
        ),
        None => Step::violation("knockout.prizes", reason),
    }
}

/// The text of the attack (or Ability) that opened the current window, when known, in lower
/// case (read once per card data).
fn action_text_for_window(j: &Judging<'_, '_>) -> Option<std::sync::Arc<str>> {
    match &j.tracked.window.source {
        Some(Source::Attack(Some(id), name)) | Some(Source::Ability(Some(id), name)) => j
            .cards
            .use_effect(j.state.mon(*id).name(), name)
            .map(|(_, e)| j.cards.lower(&e.text)),
        Some(Source::Attack(None, _)) | Some(Source::Ability(None, _)) => None,
        _ => None,
    }
}

/// A Knock Out line still to come in `range`, not of `p`'s own Pokémon, that names no Pokémon
/// in play.
fn unsure_knock_out_ahead(
    j: &Judging<'_, '_>,
    p: PlayerIdx,
    range: std::ops::Range<usize>,
) -> bool {
    j.lines.log.lines[range].iter().any(|l| match &l.event {
        Event::KnockOut { owner, pokemon } => {
            let (found, who) = resolve::owned(
                j.state,
                j.player(owner),
                &pokemon.name,
                None,
                resolve::Claim::Trusted,
                None,
            );
            found.id().is_none() && who != Some(p) && j.player(owner) != Some(p)
        }
        _ => false,
    })
}

/// Prize cards `p` took earlier in the current window.
fn taken_in_window(j: &Judging<'_, '_>, p: PlayerIdx) -> u32 {
    j.tracked.window.prizes[p]
}

/// "1 Prize card", "2 Prize cards": as a judge says it.
fn prize_cards(n: u32) -> String {
    if n == 1 {
        "1 Prize card".to_string()
    } else {
        sentence!("{n} Prize cards")
    }
}
