//! Winning: the end line agrees with the state (last Prize card taken, no Pokémon in play, no
//! card to draw at the start of a turn), and when both players meet a win condition at once the
//! edition's rule decides.

use crate::log::{EndReason, Event};

use super::super::super::simultaneous_win::{Outcome, WinConditions};
use super::super::super::state::{GameState, Phase, PlayerIdx};
use super::super::super::verdict::Step;
use super::Judging;

/// The win conditions player `p` meets now.
pub fn win_conditions(state: &GameState, p: PlayerIdx) -> WinConditions {
    let me = &state.players[p];
    let them = &state.players[1 - p];
    WinConditions {
        prizes: me.prizes_left == Some(0),
        no_pokemon: them.active.is_none() && them.bench.is_empty() && state.turn > 0,
        deck_out: state.to_move == Some(1 - p)
            && !state.counters.drew_for_turn
            && them.deck.known() == Some(0)
            && state.phase == Phase::Turn,
    }
}

/// Why the game ended as the state shows it, for an end line whose reason is in words the
/// project does not know: the winner took their last Prize card, the loser has no Pokémon in
/// play, or the loser had no card to draw at the start of their turn. `None`: the game shows
/// none of them (a concession or a time-out, which the board cannot show).
pub fn reason_from_state(state: &GameState, winner: PlayerIdx) -> Option<EndReason> {
    let wc = win_conditions(state, winner);
    if wc.prizes {
        Some(EndReason::Prizes)
    } else if wc.no_pokemon {
        Some(EndReason::NoPokemon)
    } else if wc.deck_out {
        Some(EndReason::DeckOut)
    } else {
        None
    }
}

/// `win.prizes`, `win.no-pokemon`, `win.deck-out`, `win.simultaneous`: the end line (judged
/// before it is applied) agrees with the state, and when both players win at once the
/// edition's rule decides.
pub fn game_end(j: &Judging<'_, '_>) -> Step {
    let Event::GameEnd {
        winner: winner_name,
        reason,
        reason_text,
    } = j.event
    else {
        return Step::info("");
    };
    let (winner, reason, winner_name) = (j.player(winner_name), *reason, winner_name.as_str());
    let Some(w) = winner else {
        return Step::cannot_check(
            "win.prizes",
            sentence!("{winner_name:?} is not one of the players"),
        );
    };
    let l = 1 - w;
    let (wc, lc) = (win_conditions(j.state, w), win_conditions(j.state, l));
    let loser = &j.state.players[l].name;
    let mut parts = Vec::new();
    if let Some(step) = end_line_perspective(j, w, reason_text) {
        parts.push(step);
    }
    // Words the project does not know: the reason the game shows, judged as if the line said
    // it.
    let from_game = reason == EndReason::Unknown;
    let reason = if from_game {
        reason_from_state(j.state, w).unwrap_or(EndReason::Unknown)
    } else {
        reason
    };
    match reason {
        EndReason::Prizes => parts.push(match j.state.players[w].prizes_left {
            Some(0) => Step::ok("win.prizes", sentence!("{winner_name} has taken every Prize card")),
            Some(n) => Step::violation(
                "win.prizes",
                sentence!("{winner_name} wins on Prize cards but still has {n} left"),
            ),
            None => Step::cannot_check("win.prizes", "the Prize cards were never set aside in this log"),
        }),
        EndReason::NoPokemon => parts.push(if wc.no_pokemon {
            Step::ok("win.no-pokemon", sentence!("{loser} has no Pokémon in play"))
        } else {
            Step::violation(
                "win.no-pokemon",
                sentence!("{winner_name} wins because {loser} has no Pokémon in play, but {loser} still has Pokémon in play"),
            )
        }),
        EndReason::DeckOut => {
            let deck = j.state.players[l].deck;
            parts.push(match deck.known() {
                Some(0) if wc.deck_out => Step::ok("win.deck-out", sentence!("{loser} has no card to draw at the start of the turn")),
                Some(0) => Step::cannot_check(
                    "win.deck-out",
                    sentence!("{loser}'s deck is empty, but the log does not show the start of {loser}'s turn"),
                ),
                Some(n) => Step::violation(
                    "win.deck-out",
                    sentence!("{winner_name} wins by deck out but {loser} still has {n} cards in the deck"),
                ),
                None => Step::cannot_check(
                    "win.deck-out",
                    sentence!("{loser}'s deck size is not known exactly at this point"),
                ),
            });
        }
        EndReason::Concede | EndReason::Timeout => parts.push(Step::ok(
            "win.concede",
            sentence!("{loser} conceded or was out of time: a game loss that needs no proof"),
        )),
        EndReason::Unknown => parts.push(Step::info(sentence!(
            "the reason, \"{reason_text}\", is in words the project does not know, and the game shows no Prize, Pokémon or deck win: a concession or a time-out, which needs no proof"
        ))),
    }
    if from_game
        && reason != EndReason::Unknown
        && let Some(last) = parts.last_mut()
    {
        last.message.push_str(&sentence!(
            " (the reason, \"{reason_text}\", read from the game)"
        ));
    }
    if wc.count() > 0 && lc.count() > 0 {
        let (a, b) = if w == 0 { (wc, lc) } else { (lc, wc) };
        let outcome = j.edition.simultaneous_outcome(a, b);
        let what = |c: WinConditions| {
            let mut v = Vec::new();
            if c.prizes {
                v.push("last Prize card");
            }
            if c.no_pokemon {
                v.push("no Pokémon in play");
            }
            if c.deck_out {
                v.push("deck out");
            }
            v.join(" and ")
        };
        let facts = sentence!(
            "both players win at once ({winner_name}: {}; {loser}: {})",
            what(wc),
            what(lc)
        );
        parts.push(match outcome {
            Outcome::Winner(x) if x == w => Step::ok(
                "win.simultaneous",
                sentence!("{facts}: {winner_name} wins under {}", j.edition.title()),
            ),
            Outcome::Winner(_) => Step::violation(
                "win.simultaneous",
                sentence!("{facts}: under {} {loser} wins", j.edition.title()),
            ),
            Outcome::SuddenDeath => Step::violation(
                "win.simultaneous",
                sentence!(
                    "{facts}: under {} this goes to Sudden Death",
                    j.edition.title()
                ),
            ),
            Outcome::Tie => {
                Step::violation("win.simultaneous", sentence!("{facts}: the game is a tie"))
            }
        });
    }
    super::card_text::gate_each(j, parts)
}

/// `win.simultaneous`: `Entering Sudden Death.` (judged before it is applied) only when both
/// players meet a win condition at once and the edition's table sends that to Sudden Death.
/// A line whose state shows no double win claims nothing (an effect or a lost state may be
/// behind it).
pub fn sudden_death(j: &Judging<'_, '_>) -> Option<Step> {
    let (a, b) = (win_conditions(j.state, 0), win_conditions(j.state, 1));
    if a.count() == 0 || b.count() == 0 {
        return None;
    }
    let (p0, p1) = (&j.state.players[0].name, &j.state.players[1].name);
    let facts = sentence!("both players win at once ({p0} and {p1})");
    Some(match j.edition.simultaneous_outcome(a, b) {
        Outcome::SuddenDeath => Step::ok(
            "win.simultaneous",
            sentence!(
                "{facts}: under {} this goes to Sudden Death",
                j.edition.title()
            ),
        ),
        Outcome::Winner(w) => Step::violation(
            "win.simultaneous",
            sentence!(
                "{facts}: under {} {} wins, there is no Sudden Death",
                j.edition.title(),
                j.state.players[w].name
            ),
        ),
        Outcome::Tie => Step::ok(
            "win.simultaneous",
            sentence!(
                "{facts}: under {} the game is a tie, which Sudden Death may follow",
                j.edition.title()
            ),
        ),
    })
}

/// `win.prizes`: a player action after a player took their last Prize card: the game should
/// have ended.
pub fn game_over(j: &Judging<'_, '_>) -> Option<Step> {
    if j.state.phase == Phase::Ended {
        return None;
    }
    let p = j.state.players.iter().find(|p| p.prizes_left == Some(0))?;
    Some(Step::violation(
        "win.prizes",
        sentence!(
            "{} took their last Prize card, so the game is over, but play goes on",
            p.name
        ),
    ))
}

/// Whether the client's end reason says the player who exported the log won (`Some(true)`), or
/// lost (`Some(false)`): the client words it from the exporter's side ("Opponent conceded",
/// "Opponent's deck ran out of cards" / "Opponent took all of their Prize cards", "Opponent
/// Knocked Out all your Pokémon"). `None` when the wording takes no side ("All Prize cards
/// taken").
pub fn exporter_won(reason_text: &str) -> Option<bool> {
    let t = reason_text.to_lowercase();
    let t = t.trim();
    if !t.starts_with("opponent") {
        return None;
    }
    if t.contains("conced")
        || t.contains("inactive")
        || t.contains("deck ran out")
        || t.contains("time")
    {
        Some(true)
    } else if t.contains("took all") || t.contains("knocked out all your") {
        Some(false)
    } else {
        None
    }
}

/// `win.end-line`: the end line's wording, read from the exporter's side, names the same winner
/// as its last words (only when the log shows whose log it is: it lists that player's opening hand).
fn end_line_perspective(j: &Judging<'_, '_>, winner: PlayerIdx, reason_text: &str) -> Option<Step> {
    if !j.lines.hints.log_owner_certain {
        return None;
    }
    let owner = j.tracked.log_owner?;
    let expected = if exporter_won(reason_text)? {
        owner
    } else {
        1 - owner
    };
    // The line contradicting itself depends on no card: its own clause.
    let clause = "win.end-line";
    let names = |p: PlayerIdx| j.state.players[p].name.clone();
    Some(if expected == winner {
        Step::ok(
            clause,
            sentence!(
                "\"{reason_text}\" is written from {}'s side: {} wins",
                names(owner),
                names(winner)
            ),
        )
    } else {
        Step::violation(
            clause,
            sentence!(
                "\"{reason_text}\" is written from {}'s side (whose log this is), so {} won, but the line names {}",
                names(owner),
                names(expected),
                names(winner)
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::exporter_won;

    #[test]
    fn reads_the_end_reason_from_the_exporters_side() {
        assert_eq!(exporter_won("Opponent conceded"), Some(true));
        assert_eq!(exporter_won("Opponent was inactive"), Some(true));
        assert_eq!(exporter_won("Opponent's deck ran out of cards"), Some(true));
        assert_eq!(
            exporter_won("Opponent took all of their Prize cards"),
            Some(false)
        );
        assert_eq!(
            exporter_won("Opponent Knocked Out all your Pokémon in play"),
            Some(false)
        );
        assert_eq!(exporter_won("All Prize cards taken"), None);
        assert_eq!(exporter_won("Knocked Out with no Benched Pokémon"), None);
    }
}
