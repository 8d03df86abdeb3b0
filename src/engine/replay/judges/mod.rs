//! The judges: pure functions that say whether a line keeps the rules, one file per clause
//! family, named after it. Each takes a read-only [`Judging`] view (the line and its index, the
//! state when it runs, the tracker's bookkeeping, the card facts, the edition, what the line
//! refers to, and for the judges that run after the line what applying it changed) and returns
//! a [`Step`]: verdict, clause ids, message. Judges mutate nothing (the card facts' memo caches
//! only remember answers). Which judges run on which line, and whether before or after the
//! tracker applies it, is decided by [`close_window`], [`line_start`], [`before_event`] and
//! [`after_event`] below.
//!
//! | clause id | judge |
//! |---|---|
//! | `setup.opening-hand` | [`setup::opening_hand`] |
//! | `setup.mulligan` | [`setup::mulligan_reveal`] |
//! | `setup.mulligan-extra-draw` | [`setup::mulligan_extra_draw`] |
//! | `setup.basic-pokemon`, `turn.bench-basic` | [`bench::basic_from_hand`] |
//! | `turn.bench-limit` | [`bench::bench_limit`] |
//! | `turn.draw` | [`turn_limits::turn_draw`], [`turn_limits::no_draw_on_first_turn`] |
//! | `turn.supporter-once`, `turn.supporter-first-turn` | [`turn_limits::supporter`], [`turn_limits::trainer_on_first_turn`] (also from [`turn_limits::stadium`] and for Tools) |
//! | `turn.stadium-once`, `turn.stadium-same-name` | [`turn_limits::stadium`] |
//! | `turn.energy-attach-once` | [`turn_limits::energy_attach_once`] |
//! | `turn.retreat-once` | [`turn_limits::retreat_once`] (from [`retreat::retreat`]) |
//! | `turn.first-player-no-attack` | [`turn_limits::first_player_no_attack`] (from [`attack::attack`]) |
//! | `turn.attack-ends-turn` | [`turn_limits::attack_ends_turn`] |
//! | `attack.asleep-paralyzed`, `attack.active-only`, `attack.has-attack`, `attack.energy-cost`, `energy.special`, `attack.gx-once`, `attack.vstar-once` | [`attack::attack`], [`attack::used`] |
//! | `attack.damage-order`, `attack.damage-order.weakness`, `attack.damage-order.resistance` | [`damage::damage`]; in a breakdown [`breakdown::breakdown`] |
//! | `attack.damage-order.bench` | [`damage::damage`], [`took_damage::took_damage`] |
//! | `attack.damage-breakdown` | [`breakdown::breakdown`] |
//! | `knockout.at-hp` | [`knockout::knock_out`], [`knockout::missing_knock_outs`] |
//! | `knockout.prizes`, `knockout.prizes-left`, `pokemon.*` (Prize cards per kind) | [`prizes::prizes`] |
//! | `card-text.overrides-rules` (every `violation` above goes through it) | [`card_text::gate`] |
//! | `knockout.promote` | [`promotion::active_left_empty`] |
//! | `knockout.promote-order` | [`double_knockout::promote_order`], [`double_knockout::prize_order`] |
//! | `evolution.first-turn`, `evolution.same-turn`, `evolution.evolves-from`, `evolution.by-effect` | [`evolution::evolution`] |
//! | `evolution.clears-conditions`, `switch.clears-conditions`, `conditions.replace` | [`conditions::ended`] |
//! | `conditions.poke-power` | [`powers::power_while_affected`] |
//! | `retreat.asleep-paralyzed`, `retreat.cost` | [`retreat::retreat`] |
//! | `trainer.tool` | [`tools::tool_on`] |
//! | `attack.damage-counters`, `card-text.move-damage-counters` | [`counters::counters`] |
//! | `checkup.order`, `checkup.poisoned`, `checkup.burned`, `checkup.asleep`, `checkup.paralyzed` | [`checkup::checkup_line`] |
//! | `checkup.confused` | [`confusion::self_damage`] |
//! | `win.prizes` | [`winning::game_end`], [`winning::game_over`] |
//! | `win.no-pokemon`, `win.simultaneous`, `win.concede`, `win.end-line` | [`winning::game_end`], [`winning::sudden_death`] |
//! | `win.deck-out` | [`winning::game_end`], [`turn_limits::turn_draw`] |
//!
//! Reference clauses the replay applies without finding them broken (`energy.attach-by-effect`,
//! `evolution.devolve`, `zones.lost-zone`, `effects.duration`) are cited by [`applied::applied`].
//!
//! What the tracker could not follow (a player or Pokémon it cannot find, a guess between
//! Pokémon of one name) is not a judge's business: it comes as a tracker note, and the driver
//! makes it `unverified`.

use crate::cards::CardDb;
use crate::log::{CardRef, Depth, Destination, Event, LogLine, Text};

use super::super::edition::RuleEdition;
use super::super::facts::Known;
use super::super::hints;
use super::super::state::{GameState, Phase, PlayerIdx, PokemonId};
use super::super::verdict::Step;
use super::card_facts::{self, CardFacts, Prints};
use super::log_view::LogView;
use super::roles::Role;
use super::tracker::records::{Applied, Played, Resolved};
use super::tracker::{ListUse, Tracker};

pub mod applied;
pub mod attack;
pub mod bench;
pub mod breakdown;
pub mod card_text;
pub mod checkup;
pub mod conditions;
pub mod confusion;
pub mod counters;
pub mod damage;
pub mod damage_trace;
pub mod double_knockout;
pub mod evolution;
mod hp;
pub mod knockout;
pub mod powers;
pub mod prizes;
pub mod promotion;
pub mod retreat;
pub mod setup;
pub mod took_damage;
pub mod tools;
pub mod turn_limits;
pub mod winning;

/// Everything a judge may read about one line. Judges that run before the tracker applies the
/// line see the state before it; those that run after see the state after it and what applying
/// it changed (`applied`).
pub struct Judging<'j, 'a> {
    /// The line's index into the log (for the lines around it: windows, breakdowns).
    pub index: usize,
    pub line: &'a LogLine,
    pub event: &'a Event,
    /// The game state when the judge runs.
    pub state: &'j GameState,
    /// The tracker's bookkeeping beside the state (current action, Knock Out window, Checkup
    /// progress, trainers played this turn, …).
    pub tracked: &'j Tracker<'a>,
    /// The log around the line.
    pub lines: &'j LogView<'a>,
    /// The card data, memoised.
    pub cards: &'j CardFacts<'a>,
    pub edition: RuleEdition,
    /// What the line refers to, as the tracker resolved it before applying it.
    pub resolved: &'j Resolved,
    /// What applying the line changed (only for the judges that run after it).
    pub applied: Option<&'j Applied>,
}

impl<'j, 'a> Judging<'j, 'a> {
    #[inline]
    pub fn new(
        tracked: &'j Tracker<'a>,
        index: usize,
        line: &'a LogLine,
        resolved: &'j Resolved,
        applied: Option<&'j Applied>,
    ) -> Judging<'j, 'a> {
        Judging {
            index,
            line,
            event: &line.event,
            state: &tracked.state,
            tracked,
            lines: &tracked.lines,
            cards: &tracked.cards,
            edition: tracked.edition,
            resolved,
            applied,
        }
    }

    /// The line is a top-level line (not a `- ` sub-line of an effect).
    #[inline]
    pub fn top_level(&self) -> bool {
        self.line.depth == Depth::Top
    }

    /// The player a line names.
    pub fn player(&self, name: &str) -> Option<PlayerIdx> {
        self.state.player_named(name)
    }

    pub fn db(&self) -> Option<&'a CardDb> {
        self.cards.db()
    }

    /// The prints a Pokémon in play may be.
    pub fn prints_of(&self, id: PokemonId) -> Known<Prints<'a>> {
        self.cards.prints_of(self.state, id)
    }

    /// The prints of a Pokémon name that has every attack and Ability in `uses`.
    pub fn prints_named(&self, name: &str, uses: &[Text]) -> Known<Prints<'a>> {
        self.cards.prints_named(name, uses)
    }

    /// The use (attack, Ability, Trainer) this line makes, when the tracker has not applied the
    /// line yet (the judges that run before it); keep it for [`Judging::recent`].
    pub fn unapplied_use(&self) -> Option<crate::engine::in_force::Used> {
        self.applied
            .is_none()
            .then(|| {
                super::tracker::used::use_on_line(self.state, self.index, self.line, self.resolved)
            })
            .flatten()
    }

    /// What was used lately: the uses the tracker recorded and `this_line` (from
    /// [`Judging::unapplied_use`]), without copying the recorded ones.
    pub fn recent<'u>(
        &'u self,
        this_line: Option<&'u crate::engine::in_force::Used>,
    ) -> crate::engine::in_force::Recent<'u> {
        crate::engine::in_force::Recent {
            recorded: &self.tracked.used,
            this_line,
        }
    }

    /// The cards in play whose text can change a rule (see [`card_facts::cards_in_play`]).
    pub fn cards_in_play(&self, pokemon: Option<&[PokemonId]>) -> Vec<Text> {
        card_facts::cards_in_play(self.state, pokemon)
    }
}

/// `knockout.at-hp`, `knockout.promote`: when a window closes (on the line that opens the next
/// one, before it is applied), Pokémon that should have been Knocked Out in it and Active Spots
/// left empty.
pub fn close_window(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    if j.index == 0 {
        return;
    }
    let from = parts.len();
    parts.extend(knockout::missing_knock_outs(j, j.index - 1, None));
    promotion::active_left_empty(j, parts);
    gate_from(j, parts, from);
}

/// The judges of a line that run before anything else on it (after a closing window): the
/// turn's draw, play after the attack or after the last Prize card, the Checkup's order, and
/// Pokémon left at their HP where Knock Outs are resolved.
pub fn line_start(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    let from = parts.len();
    if j.tracked.expect_draw.is_some() {
        parts.extend(turn_limits::turn_draw(j));
    }
    if j.lines.role(j.index) == Role::Action
        && !matches!(j.event, Event::TurnHeader { .. } | Event::EndTurn { .. })
        && hints::actor(j.event).and_then(|n| j.player(n)).is_some()
    {
        parts.extend(turn_limits::attack_ends_turn(j));
        parts.extend(winning::game_over(j));
    }
    if j.state.phase == Phase::Checkup {
        parts.extend(checkup::checkup_line(j));
    }
    // Where Knock Outs are resolved (Prize cards, discards, promotions), a Pokémon whose
    // damage reached its HP must be Knocked Out in this window.
    if matches!(
        j.event,
        Event::TookPrizes { .. }
            | Event::AddedToHand { .. }
            | Event::DiscardFromPokemon { .. }
            | Event::Promote { .. }
            | Event::Activated { .. }
    ) {
        parts.extend(knockout::missing_knock_outs(j, j.index, None));
    }
    gate_from(j, parts, from);
}

/// The judges of a line's event that read the state before the tracker applies it.
pub fn before_event(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    let from = parts.len();
    let sub = !j.top_level();
    match j.event {
        Event::OpeningHand { .. } => parts.push(setup::opening_hand(j)),
        Event::MulliganExtraDraw { .. } => parts.push(setup::mulligan_extra_draw(j)),
        Event::CardList { .. } if matches!(j.resolved.list, Some(ListUse::MulliganReveal(_))) => {
            parts.push(setup::mulligan_reveal(j))
        }
        Event::PlayToActive { .. } | Event::PlayToBench { .. } if !sub => {
            parts.push(bench::basic_from_hand(j))
        }
        Event::PlayToStadium { .. } if !sub => parts.push(turn_limits::stadium(j)),
        Event::Attach { card, .. } if j.resolved.tool && !sub => {
            parts.push(tools::tool_on(j));
            parts.extend(j.resolved.player.and_then(|p| {
                turn_limits::trainer_on_first_turn(
                    j,
                    p,
                    &card.name,
                    super::super::cardinfo::CardKind::Tool,
                )
            }));
        }
        Event::Evolve { .. } => parts.push(evolution::evolution(j)),
        Event::Retreat { .. } => parts.push(retreat::retreat(j)),
        Event::Promote { .. } => parts.extend(double_knockout::promote_order(j)),
        Event::Use { .. } => {
            parts.push(attack::used(j));
            parts.extend(powers::power_while_affected(j));
        }
        Event::Attack { .. } => {
            parts.push(attack::attack(j));
            parts.push(damage::damage(j));
        }
        Event::Drew { .. } if !sub => parts.extend(turn_limits::no_draw_on_first_turn(j)),
        Event::TookDamage { .. } => parts.push(took_damage::took_damage(j)),
        Event::ConditionDamage { .. } => parts.extend(confusion::self_damage(j)),
        Event::PutCounters { .. } | Event::MoveCounters { .. } => parts.push(counters::counters(j)),
        Event::KnockOut { .. } => parts.push(knockout::knock_out(j)),
        Event::TookPrizes { .. } => {
            parts.push(prizes::prizes(j));
            parts.extend(double_knockout::prize_order(j));
        }
        Event::GameEnd { .. } => parts.push(winning::game_end(j)),
        Event::SuddenDeath => parts.extend(winning::sudden_death(j)),
        _ => {}
    }
    parts.extend(applied::applied(j));
    gate_from(j, parts, from);
}

/// The judges of a line's event that read the state after the tracker applied it (counts that
/// include the line, the Bench it filled) and what applying it changed.
pub fn after_event(j: &Judging<'_, '_>, parts: &mut Vec<Step>) {
    let from = parts.len();
    let sub = !j.top_level();
    match j.event {
        Event::PlayToActive { .. } | Event::PlayToBench { .. } => {
            parts.extend(bench::bench_limit(j));
        }
        Event::DrewAndPlayed {
            card: CardRef::Named { .. },
            to,
            ..
        } if !matches!(to, Destination::Active | Destination::Stadium) => {
            parts.extend(bench::bench_limit(j));
        }
        Event::PlayCard { .. } if matches!(j.resolved.played, Some(Played::Trainer(_))) => {
            parts.push(turn_limits::supporter(j));
        }
        Event::Attach { .. } if !j.resolved.tool && !sub => {
            parts.push(turn_limits::energy_attach_once(j));
        }
        Event::DiscardFromPokemon { .. } => parts.extend(knockout::implied_knock_out(j)),
        _ => {}
    }
    if j.applied.is_some_and(|a| a.conditions.is_some()) {
        parts.extend(conditions::ended(j));
    }
    gate_from(j, parts, from);
}

/// The findings from `from` on, through [`card_text::gate`]: no `violation` stands while
/// something in force may change what it relies on. Runs four times on every line and nearly
/// always finds nothing to gate: the look is inlined and the gating is a call of its own (as a
/// call, the look cost about a percent of `verify`, callgrind over the English logs).
#[inline(always)]
fn gate_from(j: &Judging<'_, '_>, parts: &mut [Step], from: usize) {
    if let Some(found) = parts.get(from..)
        && found
            .iter()
            .any(|p| p.verdict == super::super::verdict::Verdict::Violation)
    {
        gate_violations(j, &mut parts[from..]);
    }
}

/// Each `violation` among `parts` through [`card_text::gate`].
#[inline(never)]
fn gate_violations(j: &Judging<'_, '_>, parts: &mut [Step]) {
    for part in parts {
        if part.verdict == super::super::verdict::Verdict::Violation {
            let step = std::mem::replace(part, Step::info(""));
            *part = card_text::gate(j, step);
        }
    }
}
