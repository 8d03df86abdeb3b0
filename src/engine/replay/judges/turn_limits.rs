//! Turn limits: the draw that begins a turn, one Supporter, one Stadium, one Energy attachment
//! and one retreat per turn, no Supporter and no attack on the first turn of the player who went
//! first, and attacking ends the turn.

use crate::log::{Depth, Event};

use super::super::super::cardinfo::{CardKind, UseKind};
use super::super::super::edition::RuleEdition;
use super::super::super::hints;
use super::super::super::state::Phase;
use super::super::super::verdict::Step;
use super::super::tracker::records::Played;
use super::Judging;

/// `turn.supporter-once`, `turn.supporter-first-turn`: a Trainer card played from the hand (run
/// after the line: the Supporter count includes it).
pub fn supporter(j: &Judging<'_, '_>) -> Step {
    let (Some(p), Some(Played::Trainer(kind)), Event::PlayCard { card, .. }) =
        (j.resolved.player, j.resolved.played, j.event)
    else {
        return Step::info("");
    };
    let card = card.name.as_str();
    let name = &j.state.players[p].name;
    if let Some(step) = trainer_on_first_turn(j, p, card, kind) {
        return super::card_text::gate_each(j, vec![step]);
    }
    match kind {
        CardKind::Supporter => {}
        CardKind::Unknown => {
            return Step::cannot_check(
                "turn.supporter-once",
                sentence!("cannot tell whether {card} is a Supporter: it is not in the card data"),
            );
        }
        _ => return Step::info(""),
    }
    let mut parts = Vec::new();
    if j.state.first_players_first_turn(p) && j.edition.no_supporter_on_first_turn() {
        parts.push(Step::violation(
            "turn.supporter-first-turn",
            sentence!(
                "{name} plays {card}, a Supporter, on the first turn of the player who went first"
            ),
        ));
    }
    if j.state.counters.supporters > 1 {
        parts.push(Step::violation(
            "turn.supporter-once",
            sentence!("{name} plays a second Supporter this turn ({card}); one per turn"),
        ));
    } else {
        parts.push(Step::ok(
            "turn.supporter-once",
            sentence!("{card} is {name}'s first Supporter this turn"),
        ));
    }
    super::card_text::gate_each(j, parts)
}

/// `turn.stadium-once`, `turn.stadium-same-name`: a Stadium played from the hand (run before the
/// line).
pub fn stadium(j: &Judging<'_, '_>) -> Step {
    let (Some(p), Event::PlayToStadium { card, .. }) = (j.resolved.player, j.event) else {
        return Step::info("");
    };
    let card = card.name.as_str();
    let name = &j.state.players[p].name;
    let mut parts: Vec<Step> = trainer_on_first_turn(j, p, card, CardKind::Stadium)
        .into_iter()
        .collect();
    if j.state.counters.stadiums > 0 {
        parts.push(Step::violation(
            "turn.stadium-once",
            sentence!("{name} plays a second Stadium this turn ({card}); one per turn"),
        ));
    } else {
        parts.push(Step::ok(
            "turn.stadium-once",
            sentence!("{card} is {name}'s first Stadium this turn"),
        ));
    }
    if let Some(s) = j
        .state
        .stadium
        .as_ref()
        .filter(|s| s.name == card && s.unsure)
    {
        parts.push(Step::cannot_check(
            "turn.stadium-same-name",
            sentence!(
                "{card} may still be the Stadium in play: a line discarded a card of that name without saying it was the Stadium in play ({} played it)",
                j.state.players[s.owner].name
            ),
        ));
    } else if j.state.stadium.as_ref().is_some_and(|s| s.name == card) {
        parts.push(Step::violation(
            "turn.stadium-same-name",
            sentence!(
                "{card} is already the Stadium in play; a Stadium with the same name cannot be played"
            ),
        ));
    }
    super::card_text::gate_each(j, parts)
}

/// `turn.supporter-first-turn` under the HeartGold & SoulSilver rules: the player who went first
/// plays no Trainer card of any kind (Item, Tool, Supporter, Stadium, Trainer Fossils) from the
/// hand on their first turn. `None` under other editions, on other turns, and for a card not
/// known to be a Trainer.
pub fn trainer_on_first_turn(
    j: &Judging<'_, '_>,
    p: usize,
    card: &str,
    kind: CardKind,
) -> Option<Step> {
    let trainer = matches!(
        kind,
        CardKind::Supporter | CardKind::Item | CardKind::Tool | CardKind::Stadium
    );
    if !trainer || !j.edition.no_trainer_on_first_turn() || !j.state.first_players_first_turn(p) {
        return None;
    }
    Some(Step::violation(
        "turn.supporter-first-turn",
        sentence!(
            "{} plays {card}, a Trainer card, on the first turn of the player who went first; under these rules that player plays no Trainer, Supporter or Stadium card from the hand on that turn",
            j.state.players[p].name
        ),
    ))
}

/// `turn.energy-attach-once`: an Energy attached from the hand (run after the line: the count
/// includes it).
pub fn energy_attach_once(j: &Judging<'_, '_>) -> Step {
    let (Some(p), Event::Attach { card, .. }) = (j.resolved.player, j.event) else {
        return Step::info("");
    };
    let card = card.name.as_str();
    let name = &j.state.players[p].name;
    if j.state.counters.energy_attached > 1 {
        Step::violation(
            "turn.energy-attach-once",
            sentence!(
                "{name} attaches a second Energy from the hand this turn ({card}); one per turn"
            ),
        )
    } else {
        Step::ok(
            "turn.energy-attach-once",
            sentence!("{name}'s Energy attachment for the turn"),
        )
    }
}

/// `turn.retreat-once`: the retreating player has not retreated yet this turn (run before the
/// line).
pub fn retreat_once(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.resolved.player?;
    let pname = &j.state.players[p].name;
    Some(if j.state.counters.retreats > 0 {
        Step::violation(
            "turn.retreat-once",
            sentence!("{pname} retreats a second time this turn; one retreat per turn"),
        )
    } else {
        Step::ok(
            "turn.retreat-once",
            sentence!("{pname}'s retreat for the turn"),
        )
    })
}

/// `turn.first-player-no-attack`: an attack the player chose (a top-level line), not on the
/// first turn of the player who went first.
pub fn first_player_no_attack(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.resolved.player?;
    if !j.top_level() {
        return None;
    }
    let pname = &j.state.players[p].name;
    Some(
        if j.state.first_players_first_turn(p) && j.edition.no_attack_on_first_turn() {
            Step::violation(
                "turn.first-player-no-attack",
                sentence!("{pname} attacks on the first turn of the player who went first"),
            )
        } else {
            Step::ok("turn.first-player-no-attack", "")
        },
    )
}

/// `turn.draw`, `win.deck-out`: the turn begins with a draw; a player who cannot draw then
/// loses. Judged on the first top-level line after the turn header that is not the draw.
pub fn turn_draw(j: &Judging<'_, '_>) -> Option<Step> {
    let p = j.tracked.expect_draw?;
    if j.line.depth != Depth::Top {
        return None;
    }
    let name = &j.state.players[p].name;
    match j.event {
        Event::Drew { player, .. } if j.player(player) == Some(p) => Some(Step::ok(
            "turn.draw",
            sentence!("{name} draws for the turn"),
        )),
        Event::GameEnd { .. } | Event::GameDrawn | Event::Blank => None,
        e if hints::actor(e).is_some()
            || matches!(e, Event::TurnHeader { .. } | Event::CheckupHeader) =>
        {
            let deck = j.state.players[p].deck;
            Some(match deck.known() {
                Some(0) => Step::violation(
                    "win.deck-out",
                    sentence!(
                        "{name} has no card to draw at the start of the turn and so loses, but the game goes on"
                    ),
                ),
                Some(n) => Step::violation(
                    "turn.draw",
                    sentence!(
                        "{name} does not draw at the start of the turn ({n} cards in the deck)"
                    ),
                ),
                None => Step::cannot_check(
                    "turn.draw",
                    sentence!(
                        "no draw is shown at the start of {name}'s turn, and the deck size is not known"
                    ),
                ),
            })
        }
        _ => None,
    }
}

/// `turn.draw` under the classic basics ("Gameplay"): from EX Ruby & Sapphire on, the player who
/// goes first does not draw on their first turn. Judged on a top-level draw of that player right
/// after the header of their first turn; `None` under the editions where that player draws. The
/// rule is dated by the cards: without a card of the game printed only from EX Ruby & Sapphire
/// on, the game may predate it and the draw is unverified.
pub fn no_draw_on_first_turn(j: &Judging<'_, '_>) -> Option<Step> {
    if j.edition.first_player_draws() || !j.top_level() {
        return None;
    }
    let Event::Drew { player, .. } = j.event else {
        return None;
    };
    let p = j.player(player)?;
    if !j.state.first_players_first_turn(p) || j.state.to_move != Some(p) {
        return None;
    }
    let opens_turn = j.lines.log.lines[..j.index]
        .iter()
        .rev()
        .find(|l| l.depth == Depth::Top && !matches!(l.event, Event::Blank))
        .is_some_and(|l| matches!(l.event, Event::TurnHeader { .. }));
    if !opens_turn {
        return None;
    }
    let name = &j.state.players[p].name;
    let title = j.edition.title();
    let names: Vec<&str> = j.state.pokemon.iter().map(|m| m.name()).collect();
    Some(
        match super::super::super::card_era::ex_series_card(j.db(), names.iter().copied()) {
            Some(card) => Step::violation(
                "turn.draw",
                sentence!(
                    "{name} went first and draws on their first turn; under the {title} from EX Ruby & Sapphire on (this game has {card}, printed only since) the player who goes first does not draw on their first turn"
                ),
            ),
            None => Step::cannot_check(
                "turn.draw",
                sentence!(
                    "{name} went first and draws on their first turn; under the {title} that player does not draw then from EX Ruby & Sapphire on, but no card of this game dates it from then"
                ),
            ),
        },
    )
}

/// `turn.attack-ends-turn`: after the turn's attack, the attacking player takes no more
/// actions. Judged on a top-level player action.
pub fn attack_ends_turn(j: &Judging<'_, '_>) -> Option<Step> {
    let attacker = j.state.counters.attacked_by?;
    let p = hints::actor(j.event).and_then(|n| j.player(n))?;
    if attacker != p || j.state.phase != Phase::Turn {
        return None;
    }
    let name = &j.state.players[p].name;
    if let Event::Use {
        pokemon,
        name: what,
        ..
    } = j.event
    {
        // An Ability may let the Pokémon attack again (the client logs the second attack
        // under it).
        return Some(match j.cards.info.use_of(&pokemon.name, what) {
            Some((UseKind::Ability, text)) if !text.text.to_lowercase().contains("attack") => {
                Step::violation(
                    "turn.attack-ends-turn",
                    sentence!("{name} uses {what} after attacking; attacking ends the turn"),
                )
            }
            Some(_) => return None,
            None => Step::cannot_check(
                "turn.attack-ends-turn",
                sentence!(
                    "{name} uses {what} after attacking; the card data does not say whether it allows that"
                ),
            ),
        });
    }
    Some(Step::violation(
        "turn.attack-ends-turn",
        sentence!("{name} keeps playing after attacking this turn; attacking ends the turn"),
    ))
}

impl RuleEdition {
    /// The player who goes first may not play a Supporter on their first turn (Scarlet & Violet
    /// p.12; Sword & Shield; HeartGold & SoulSilver forbids every Trainer then; the classic rules
    /// from EX FireRed & LeafGreen on). The 2018 Advanced Players' Rulebook states no such ban.
    pub fn no_supporter_on_first_turn(self) -> bool {
        !matches!(self, RuleEdition::Apr2018)
    }

    /// The player who goes first plays no Trainer card at all from the hand on their first turn
    /// (HeartGold & SoulSilver rulebook, "PLAY Trainer, Supporter, and Stadium cards").
    pub fn no_trainer_on_first_turn(self) -> bool {
        matches!(self, RuleEdition::HeartGoldSoulSilver)
    }

    /// The player who goes first may not attack on their first turn (Scarlet & Violet p.13,
    /// Sword & Shield, implied by the 2018 Advanced Players' Rulebook E-27); HeartGold &
    /// SoulSilver and the classic rules allow it.
    pub fn no_attack_on_first_turn(self) -> bool {
        !matches!(
            self,
            RuleEdition::Classic | RuleEdition::HeartGoldSoulSilver
        )
    }

    /// The player who goes first draws on their first turn (not under the classic rules from
    /// EX Ruby & Sapphire on).
    pub fn first_player_draws(self) -> bool {
        self != RuleEdition::Classic
    }
}
