//! Evolution: not on a player's first turn, not a Pokémon put into play or evolved this turn,
//! and the new card evolves from the one it is put on (or, through Rare Candy, from its Stage
//! 1). An evolution by a card's effect keeps the two timing limits where its text repeats them;
//! where it does not, the edition decides ([`RuleEdition::effect_evolution_keeps_timing_limits`]).

use crate::log::Event;

use super::super::super::edition::RuleEdition;
use super::super::super::facts;
use super::super::super::state::PokemonId;
use super::super::super::verdict::Step;
use super::Judging;

/// `evolution.first-turn`, `evolution.same-turn`, `evolution.evolves-from`,
/// `evolution.by-effect`: evolving one of the Pokémon the line may mean (judged before the
/// line). A rule is broken only if it is broken whichever candidate the line means.
pub fn evolution(j: &Judging<'_, '_>) -> Step {
    let (Some(p), Event::Evolve { to, .. }) = (j.resolved.player, j.event) else {
        return Step::info("");
    };
    if !j.top_level() && j.resolved.effect.is_none() {
        return Step::cannot_check(
            "evolution.by-effect",
            sentence!(
                "{} evolves through an effect the card data does not describe",
                to.name
            ),
        );
    }
    let (candidates, to, by_effect) = (
        j.resolved.candidates.as_slice(),
        to.name.as_str(),
        j.resolved.effect.as_deref(),
    );
    let name = &j.state.players[p].name;
    let turn = j.state.turn;
    let mut parts = Vec::new();
    let effect_text = by_effect.map(|e| e.lower());
    // The timing rules bind evolution from the hand, and effects whose text repeats them.
    let timing_applies = match &effect_text {
        None => true,
        Some(t) => t.contains("first turn") || t.contains("put into play this turn"),
    };
    let clause_first = if by_effect.is_some() {
        "evolution.by-effect"
    } else {
        "evolution.first-turn"
    };
    let clause_same = if by_effect.is_some() {
        "evolution.by-effect"
    } else {
        "evolution.same-turn"
    };
    if timing_applies {
        if j.state.players[p].turns_taken <= 1 {
            parts.push(Step::violation(
                clause_first,
                sentence!("{name} evolves {to} on {name}'s first turn; no player evolves on their first turn"),
            ));
        } else {
            parts.push(Step::ok(clause_first, "not the player's first turn"));
        }
        // An effect that evolves restricts only Pokémon put into play this turn (it may
        // evolve the same Pokémon twice, as Grand Tree does).
        let fresh = |id: &PokemonId| {
            let m = j.state.mon(*id);
            m.entered_turn == turn || (by_effect.is_none() && m.evolved_turn == Some(turn))
        };
        if !candidates.is_empty() && candidates.iter().all(fresh) {
            let m = j.state.mon(candidates[0]);
            let what = if m.entered_turn == turn {
                "was put into play"
            } else {
                "evolved"
            };
            let reason = sentence!(
                "{} {what} this turn and cannot evolve until the next",
                m.name()
            );
            if by_effect.is_none()
                && let Some(why) = forest_of_vitality(j, candidates, to)
            {
                parts.push(Step::ok(clause_same, why));
                parts.push(evolves_from(j, candidates, to, effect_text));
                return super::card_text::gate_each(j, parts);
            }
            // Evolving early is allowed by the Pokémon's own Ability (Caterpie, Eevee), a
            // Stadium (Forest of Vitality) or a partner's named Ability (Shelmet): the first
            // two raise a doubt when unknown.
            const PHRASES: &[&str] = &[
                "can evolve during",
                "evolve during the turn",
                "during the turn they play",
                "during the turn you play",
                "the turn you play it",
            ];
            let mut doubtful: Vec<crate::log::Text> = vec![crate::log::Text::from(m.name())];
            if let Some(s) = &j.state.stadium {
                doubtful.push(s.name.clone());
            }
            let everything = j.cards_in_play(None);
            let why = j
                .cards
                .may_change(&doubtful, PHRASES)
                .or_else(|| j.cards.may_change_known(&everything, PHRASES));
            parts.push(match why {
                Some(why) => Step::cannot_check(
                    clause_same,
                    sentence!("{reason}, unless a card allows it: {why}"),
                ),
                None => Step::violation(clause_same, reason),
            });
        } else if candidates.iter().any(fresh) {
            // The line may mean a Pokémon that could not evolve yet, or one that could: the
            // log reads as a legal play (the client allows only the second), and the tracker
            // follows that one.
            parts.push(Step::ok(
                clause_same,
                "several Pokémon fit this line; one of them has been in play since before this turn, so it reads as a legal evolution",
            ));
        } else {
            parts.push(Step::ok(clause_same, "in play since before this turn"));
        }
    } else if !j.edition.effect_evolution_keeps_timing_limits() {
        parts.push(Step::ok(
            "evolution.by-effect",
            "an evolution by a card's effect may be made on the player's first turn and on a Pokémon put into play this turn unless the card says otherwise (Advanced Players' Rulebook C-12), and this card's text does not",
        ));
    } else {
        parts.push(Step::cannot_check(
            "evolution.by-effect",
            sentence!("{to} is put into play by an effect whose own conditions are not modelled"),
        ));
    }
    parts.push(evolves_from(j, candidates, to, effect_text));
    super::card_text::gate_each(j, parts)
}

impl RuleEdition {
    /// Whether an evolution made by a card's effect keeps the first-turn and same-turn limits
    /// of an evolution from the hand when the card's text does not repeat them. The Scarlet &
    /// Violet and Sword & Shield Evolution notes lift them only where a card says so, and the
    /// HeartGold & SoulSilver and classic notes name no exception; the 2018 Advanced Players'
    /// Rulebook (II.C C-12) lets such an evolution happen on the player's first turn and on a
    /// Pokémon put into play this turn unless the card says otherwise.
    pub fn effect_evolution_keeps_timing_limits(self) -> bool {
        self != RuleEdition::Apr2018
    }
}

/// The cards whose change to when and how a Pokémon evolves this judge applies itself, so the
/// gate ([`super::card_text::gate`]) does not doubt a finding for them: Rare Candy (a Stage 2
/// put on the Basic Pokémon of its line, not on the player's first turn nor on a Basic Pokémon
/// put into play this turn, as its current text says; the older prints, which also allow a
/// Stage 1, count as evolving, so the same two timing rules bind them, and a Stage 1 put on its
/// Basic Pokémon is never called a violation).
pub const MODELLED: &[&str] = &["Rare Candy"];

fn evolves_from(
    j: &Judging<'_, '_>,
    candidates: &[PokemonId],
    to: &str,
    effect: Option<&str>,
) -> Step {
    let Some(&first) = candidates.first() else {
        return Step::info("");
    };
    let from = j.state.mon(first).name().to_string();
    let target = match j
        .prints_named(to, &[])
        .and_then(|p| facts::evolves_from(&p))
    {
        Ok(Some(f)) => f,
        Ok(None) => {
            return Step::violation(
                "evolution.evolves-from",
                sentence!(
                    "{to} does not evolve from another Pokémon, so it cannot be put on {from}"
                ),
            );
        }
        Err(why) => {
            return Step::cannot_check(
                "evolution.evolves-from",
                sentence!("cannot check what {to} evolves from: {why}"),
            );
        }
    };
    if target == from {
        let clause = if effect.is_some() {
            "evolution.by-effect"
        } else {
            "evolution.evolves-from"
        };
        return Step::ok(clause, sentence!("{to} evolves from {from}"));
    }
    // Rare Candy: a Stage 2 put on the Basic its Stage 1 evolves from.
    if effect.is_some_and(|t| t.contains("stage 2")) {
        return match j
            .prints_named(&target, &[])
            .and_then(|p| facts::evolves_from(&p))
        {
            Ok(Some(basic)) if basic == from => Step::ok(
                "evolution.by-effect",
                sentence!("{to} evolves from {target}, which evolves from {from}"),
            ),
            Ok(_) => Step::violation(
                "evolution.by-effect",
                sentence!("{to} evolves from {target}, which does not evolve from {from}"),
            ),
            Err(why) => Step::cannot_check(
                "evolution.by-effect",
                sentence!("cannot check {target}: {why}"),
            ),
        };
    }
    if effect.is_some() {
        return Step::cannot_check(
            "evolution.by-effect",
            sentence!(
                "{to} evolves from {target}, not {from}; the effect that did it is not modelled"
            ),
        );
    }
    Step::violation(
        "evolution.evolves-from",
        sentence!("{to} evolves from {target}, not from {from}"),
    )
}

/// Forest of Vitality (Stadium): "Each player's Grass Pokémon in play can evolve into Grass
/// Pokémon during the turn they play those Pokémon" (never on a player's first turn, which is
/// judged on its own). Modelled exactly: a Grass Pokémon played this turn (as a Basic or as an
/// Evolution card, so Weedle, Kakuna and Beedrill may follow in one turn) evolving into a Grass
/// Pokémon while it is the Stadium in play.
fn forest_of_vitality(j: &Judging<'_, '_>, candidates: &[PokemonId], to: &str) -> Option<String> {
    const NAME: &str = "Forest of Vitality";
    if j.state.stadium.as_ref()?.name != NAME {
        return None;
    }
    let grass = |prints: &[&crate::cards::Card]| {
        facts::types(prints).is_ok_and(|t| t.iter().any(|t| t.as_str() == "Grass"))
    };
    let to_grass = j.prints_named(to, &[]).ok().is_some_and(|p| grass(&p));
    let all_fit = candidates.iter().all(|id| {
        let m = j.state.mon(*id);
        (m.entered_turn == j.state.turn || m.evolved_turn == Some(j.state.turn))
            && j.prints_of(*id).ok().is_some_and(|p| grass(&p))
    });
    (to_grass && all_fit).then(|| {
        sentence!("{NAME} is the Stadium in play: a Grass Pokémon played this turn may evolve into a Grass Pokémon ({to})")
    })
}
