//! Simultaneous-win resolver (`POST /api/v1/tools/outcome`): who wins when both players meet
//! a win condition at once, by the edition's rule ([`RuleEdition::simultaneous_outcome`], the
//! code the replay's end-of-game check uses).

use serde::{Deserialize, Serialize};

use crate::engine::RuleEdition;
use crate::engine::simultaneous_win::{Outcome, WinConditions};

use super::request::{RequestError, parse_edition, two_players};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRequest {
    #[serde(default)]
    pub edition: Option<String>,
    pub players: Vec<PlayerSpec>,
}

/// What one player achieved at this moment.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub name: String,
    /// This player took their last Prize card.
    #[serde(default)]
    pub took_last_prize: bool,
    /// This player's opponent has no Pokémon to put in the Active Spot.
    #[serde(default)]
    pub opponent_cannot_promote: bool,
    /// This player's opponent could not draw a card at the start of their turn.
    #[serde(default)]
    pub opponent_cannot_draw: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutcomeKind {
    Win,
    SuddenDeath,
    Tie,
    None,
}

/// One step of the reasoning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeStep {
    pub clause: &'static str,
    pub note: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeAnswer {
    pub edition: &'static str,
    pub result: OutcomeKind,
    pub winner: Option<String>,
    pub clauses: Vec<&'static str>,
    pub steps: Vec<OutcomeStep>,
    pub explanation: String,
}

fn conditions(p: &PlayerSpec) -> WinConditions {
    WinConditions {
        prizes: p.took_last_prize,
        no_pokemon: p.opponent_cannot_promote,
        deck_out: p.opponent_cannot_draw,
    }
}

fn ways(p: &PlayerSpec) -> Vec<(&'static str, &'static str)> {
    let mut v = Vec::new();
    if p.took_last_prize {
        v.push(("win.prizes", "took their last Prize card"));
    }
    if p.opponent_cannot_promote {
        v.push((
            "win.no-pokemon",
            "their opponent has no Pokémon to move into the Active Spot",
        ));
    }
    if p.opponent_cannot_draw {
        v.push((
            "win.deck-out",
            "their opponent could not draw at the start of their turn",
        ));
    }
    v
}

fn count_word(n: usize) -> &'static str {
    match n {
        1 => "one way",
        2 => "two ways",
        _ => "three ways",
    }
}

/// Answer an outcome request.
pub fn answer(req: &OutcomeRequest) -> Result<OutcomeAnswer, RequestError> {
    let edition = parse_edition(req.edition.as_deref())?;
    two_players(&req.players, |p| &p.name)?;
    let (a, b) = (&req.players[0], &req.players[1]);
    let name = |p: &PlayerSpec| p.name.trim().to_string();
    let mut steps = Vec::new();
    let mut clauses: Vec<&'static str> = Vec::new();
    let cite = |clauses: &mut Vec<&'static str>, c: &'static str| {
        if !clauses.contains(&c) {
            clauses.push(c);
        }
    };
    for p in [a, b] {
        let w = ways(p);
        if w.is_empty() {
            steps.push(OutcomeStep {
                clause: "win.prizes",
                note: sentence!("{} meets no win condition", name(p)),
            });
        }
        for (clause, what) in w {
            cite(&mut clauses, clause);
            steps.push(OutcomeStep {
                clause,
                note: sentence!("{} wins this way: {what}", name(p)),
            });
        }
    }
    let (ca, cb) = (conditions(a), conditions(b));
    let (result, winner, explanation) = match (ca.count(), cb.count()) {
        (0, 0) => (
            OutcomeKind::None,
            None,
            "Neither player meets a win condition; the game goes on.".to_string(),
        ),
        (_, 0) | (0, _) => {
            let w = if ca.count() > 0 { a } else { b };
            (
                OutcomeKind::Win,
                Some(name(w)),
                sentence!(
                    "Only {} meets a win condition, so {} wins.",
                    name(w),
                    name(w)
                ),
            )
        }
        (na, nb) => {
            cite(&mut clauses, "win.simultaneous");
            let outcome = edition.simultaneous_outcome(ca, cb);
            let both = sentence!(
                "Both players win at once: {} in {}, {} in {}.",
                name(a),
                count_word(na as usize),
                name(b),
                count_word(nb as usize)
            );
            let rule = simultaneous_rule(edition);
            let conclusion = match outcome {
                Outcome::Winner(i) => sentence!("{} wins.", name(if i == 0 { a } else { b })),
                Outcome::SuddenDeath => "Neither wins outright.".to_string(),
                Outcome::Tie => "The game is a tie.".to_string(),
            };
            steps.push(OutcomeStep {
                clause: "win.simultaneous",
                note: sentence!("{both} {rule} {conclusion}"),
            });
            match outcome {
                Outcome::Winner(i) => {
                    let w = if i == 0 { a } else { b };
                    (
                        OutcomeKind::Win,
                        Some(name(w)),
                        sentence!("{both} {rule} {} wins.", name(w)),
                    )
                }
                Outcome::SuddenDeath => {
                    cite(&mut clauses, "win.sudden-death");
                    let how = if edition == RuleEdition::Classic {
                        "The game goes into overtime: the next Knock Out decides the winner."
                    } else {
                        "Play Sudden Death: a new game with 1 Prize card each."
                    };
                    steps.push(OutcomeStep {
                        clause: "win.sudden-death",
                        note: how.to_string(),
                    });
                    (
                        OutcomeKind::SuddenDeath,
                        None,
                        sentence!("{both} {rule} {how}"),
                    )
                }
                Outcome::Tie => {
                    cite(&mut clauses, "win.sudden-death");
                    steps.push(OutcomeStep {
                        clause: "win.sudden-death",
                        note: "The game is a tie; to find a winner, Sudden Death may be played (1 Prize card each)."
                            .to_string(),
                    });
                    (
                        OutcomeKind::Tie,
                        None,
                        sentence!(
                            "{both} {rule} The game is a tie (Sudden Death may be played to find a winner)."
                        ),
                    )
                }
            }
        }
    };
    Ok(OutcomeAnswer {
        edition: edition.id(),
        result,
        winner,
        clauses,
        steps,
        explanation,
    })
}

/// The edition's rule, in one sentence.
fn simultaneous_rule(edition: RuleEdition) -> String {
    match edition {
        RuleEdition::Apr2018 => sentence!(
            "Under the {} table, the player who meets more win conditions wins and an equal number is a tie.",
            edition.title()
        ),
        RuleEdition::Classic => sentence!(
            "Under the {}, taking the last Prize cards at the same time sends the game into overtime.",
            edition.title()
        ),
        _ => sentence!(
            "Under the {}, winning in more ways than the opponent wins; otherwise it is Sudden Death.",
            edition.title()
        ),
    }
}
