//! The game at a glance: who won and how, on which turn, the Prize race, the Knock Outs, the
//! damage each side dealt, and per turn the Energy attached and the Supporter played. A fold
//! over the replay's steps (the typed event of each line, its turn and player); the log is
//! never read again.

use std::collections::BTreeMap;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use serde::Serialize;

use crate::log::Event;
use crate::report::{Report, StepReport};

use super::cards_seen::{SideCards, cards_seen};
use super::deck_label::{DeckEvidence, deck_label};
use super::kinds::{Cards, Kind};

/// The format name of a summary.
pub const SUMMARY_FORMAT: &str = "ptcg-judge/summary/1";

/// One game, summarised.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameSummary {
    pub format: &'static str,
    pub players: Vec<PlayerSummary>,
    pub winner: Option<String>,
    /// The report's code: `prizes`, `no-pokemon`, `deck-out`, `concede`, `timeout`, `draw`,
    /// `not-stated`, `not-ended`.
    pub reason: String,
    /// The reason in words.
    pub reason_words: String,
    /// The line that ended the game.
    pub end_line: Option<u32>,
    /// The turn the game ended on.
    pub end_turn: Option<TurnNumber>,
    /// Turns begun (both players' turns counted).
    pub turns: u32,
    /// Prize cards each player took (player → count).
    pub prizes_taken: BTreeMap<String, u32>,
    /// Each Prize line: who took how many, and their total after it.
    pub prize_race: Vec<PrizeStep>,
    pub knockouts: Vec<KnockOut>,
    /// Damage each player's Pokémon dealt, per Pokémon.
    pub damage: Vec<DamageBy>,
    /// What each turn held.
    pub turn_rows: Vec<TurnSummary>,
    /// Per player, each card seen with its lower bound (player → card → count).
    pub cards_seen: BTreeMap<String, BTreeMap<String, u32>>,
    /// The same, grouped, with how and where each card was seen.
    pub cards: Vec<SideCards>,
    /// Per player, the deck label made from its Pokémon (player → label).
    pub deck: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    pub went_first: Option<bool>,
    pub exported_log: bool,
    pub deck: String,
    pub prizes_taken: u32,
    /// Turns this player began.
    pub turns_taken: u32,
}

/// A turn as the game counts it and as the log numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TurnNumber {
    /// Turns begun, both players' counted (1 is the first player's first turn).
    pub count: u32,
    /// The number the log's own turn header wrote (`Turn # N`: per turn, per player or per
    /// round, as the client numbered it); absent when its headers write no number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub client: Option<u32>,
}

impl TurnNumber {
    /// "turn 7", with the log's own number when it writes another ("turn 7, written Turn # 4").
    pub fn words(&self) -> String {
        match self.client {
            Some(n) if n != self.count => format!("turn {} (the log's Turn # {n})", self.count),
            _ => format!("turn {}", self.count),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeStep {
    pub line: u32,
    pub turn: u32,
    pub player: String,
    pub count: u32,
    /// The player's Prize cards taken so far, this line's included.
    pub total: u32,
}

/// A Knock Out and what caused it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnockOut {
    pub line: u32,
    pub turn: u32,
    /// The Pokémon Knocked Out.
    pub pokemon: String,
    /// Its owner.
    pub owner: String,
    /// The Pokémon (or Special Condition) whose damage Knocked it Out, when the log shows it.
    pub by: Option<String>,
    /// The attack or Ability, when it was one.
    pub attack: Option<String>,
    /// The damage of that last hit, when the log states it.
    pub damage: Option<i32>,
    /// Prize cards taken for it.
    pub prizes: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DamageBy {
    pub player: String,
    /// Damage from attacks and damage counters placed by effects (10 per counter).
    pub total: i64,
    pub pokemon: Vec<PokemonDamage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PokemonDamage {
    pub pokemon: String,
    pub damage: i64,
    pub attacks: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnSummary {
    pub turn: TurnNumber,
    pub player: Option<String>,
    /// The turn's header line.
    pub line: u32,
    /// Energy attached by the player's own action (from the hand).
    pub energy: Vec<String>,
    /// Energy attached by effects (Abilities, Trainers, attacks).
    pub energy_by_effects: u32,
    pub supporter: Option<String>,
    /// Prize cards each player took in the turn, in the order of the report's players.
    pub prizes: Vec<u32>,
    /// Prize cards each player had taken by the turn's end.
    pub prizes_after: Vec<u32>,
    /// Knock Outs in the turn.
    pub knockouts: u32,
    /// Damage dealt in the turn, by the player whose turn it was.
    pub damage: i64,
    /// Each player's hand and deck when the turn began, in the order of the report's players,
    /// where the log tells them exactly (`None` where it does not).
    pub hand: Vec<Option<i32>>,
    pub deck: Vec<Option<i32>>,
    /// The same as a judge reads it: "7 in hand, 40 in deck – ? in hand, 41 in deck".
    pub sizes: String,
}

/// What dealt a hit.
#[derive(Debug, Clone)]
struct Source {
    player: Option<usize>,
    by: String,
    attack: Option<String>,
}

struct Fold<'a> {
    cards: Cards<'a>,
    names: Vec<String>,
    turn: u32,
    client_turn: Option<u32>,
    /// Pokémon names each player had in play.
    in_play: Vec<HashSet<String>>,
    /// The attack of the current turn, and the last Ability or effect used.
    attack: Option<Source>,
    effect: Option<Source>,
    /// The Abilities and effects used this turn.
    uses: Vec<Source>,
    /// Hits this turn: the Pokémon hit, the damage, the source.
    hits: Vec<(String, i32, Source)>,
    /// Knock Outs not yet paid with Prize cards (indices into `knockouts`).
    unpaid: Vec<usize>,
    knockouts: Vec<KnockOut>,
    prizes: Vec<u32>,
    prize_race: Vec<PrizeStep>,
    damage: Vec<HashMap<String, (i64, u32)>>,
    rows: Vec<TurnSummary>,
    evidence: Vec<DeckEvidence>,
    end: Option<(Option<String>, String, u32, TurnNumber)>,
}

impl Fold<'_> {
    fn player(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    fn other(&self, p: usize) -> Option<usize> {
        (self.names.len() == 2).then_some(1 - p)
    }

    fn row(&mut self) -> Option<&mut TurnSummary> {
        self.rows.last_mut().filter(|r| r.turn.count == self.turn)
    }

    fn deal(&mut self, source: &Source, amount: i32, attack: bool) {
        let Some(p) = source.player else { return };
        let e = self.damage[p].entry(source.by.clone()).or_default();
        e.0 += i64::from(amount.max(0));
        e.1 += u32::from(attack);
        if self
            .rows
            .last()
            .is_some_and(|r| r.player.as_deref() == Some(&self.names[p]))
            && let Some(r) = self.row()
        {
            r.damage += i64::from(amount.max(0));
        }
    }

    fn seen_in_play(&mut self, player: &str, pokemon: &str) {
        if let Some(p) = self.player(player) {
            self.in_play[p].insert(pokemon.to_string());
        }
    }

    fn step(&mut self, step: &StepReport) {
        if step.turn != self.turn && step.turn > 0 {
            self.turn = step.turn;
            self.attack = None;
            self.effect = None;
            self.uses.clear();
            self.hits.clear();
            self.rows.push(TurnSummary {
                turn: TurnNumber {
                    count: step.turn,
                    client: None,
                },
                player: step.player.as_ref().map(ToString::to_string),
                line: step.line,
                energy: Vec::new(),
                energy_by_effects: 0,
                supporter: None,
                prizes: vec![0; self.names.len()],
                prizes_after: self.prizes.clone(),
                knockouts: 0,
                damage: 0,
                hand: Vec::new(),
                deck: Vec::new(),
                sizes: String::new(),
            });
            if let Some(p) = step.player.as_deref().and_then(|n| self.player(n)) {
                self.evidence[p].turns += 1;
            }
        }
        let depth_action = step.depth == "action";
        match &step.data {
            Event::TurnHeader { number, .. } => {
                self.client_turn = *number;
                let client = *number;
                if let Some(r) = self.row() {
                    r.turn.client = client;
                }
            }
            Event::PlayToActive { player, card } | Event::PlayToBench { player, card } => {
                self.seen_in_play(player, &card.name);
                if let Some(p) = self.player(player) {
                    self.evidence[p].played(&card.name);
                }
            }
            Event::Promote { player, card } | Event::Retreat { player, card } => {
                self.seen_in_play(player, &card.name);
            }
            Event::Evolve {
                player, from, to, ..
            } => {
                self.seen_in_play(player, &from.name);
                self.seen_in_play(player, &to.name);
                if let Some(p) = self.player(player) {
                    self.evidence[p].evolved(&from.name, &to.name);
                }
            }
            Event::Attach { player, card, .. } => {
                let energy = self.cards.kind(&card.name).is_energy();
                let turn_player = step.player.as_deref() == Some(player.as_str());
                if energy && turn_player {
                    let name = card.name.to_string();
                    if let Some(r) = self.row() {
                        if depth_action {
                            r.energy.push(name);
                        } else {
                            r.energy_by_effects += 1;
                        }
                    }
                }
            }
            Event::PlayCard { player, card } => {
                let turn_player = step.player.as_deref() == Some(player.as_str());
                if depth_action
                    && turn_player
                    && self.cards.kind(&card.name) == Kind::Supporter
                    && let Some(r) = self.row()
                {
                    r.supporter = Some(card.name.to_string());
                }
            }
            Event::Use {
                player,
                pokemon,
                name,
            } => {
                self.seen_in_play(player, &pokemon.name);
                let source = Source {
                    player: self.player(player),
                    by: pokemon.name.to_string(),
                    attack: Some(name.to_string()),
                };
                self.uses.push(source.clone());
                self.effect = Some(source);
            }
            Event::Attack(a) => {
                self.seen_in_play(&a.player, &a.pokemon.name);
                let source = Source {
                    player: self.player(&a.player),
                    by: a.pokemon.name.to_string(),
                    attack: Some(a.attack.to_string()),
                };
                if let Some(p) = source.player {
                    self.evidence[p].attacked(&a.pokemon.name);
                }
                self.deal(&source, a.damage, true);
                self.hits
                    .push((a.target.name.to_string(), a.damage, source.clone()));
                self.attack = Some(source);
                self.unpaid.clear();
            }
            Event::TookDamage {
                pokemon, damage, ..
            } => {
                // Damage to a second Pokémon: the attack's, else the effect's just used.
                if let Some(source) = self.attack.clone().or_else(|| self.effect.clone()) {
                    self.deal(&source, *damage, false);
                    self.hits.push((pokemon.name.to_string(), *damage, source));
                }
            }
            Event::PutCounters {
                actor,
                count,
                target,
                ..
            } => {
                let amount = i32::try_from(*count).unwrap_or(i32::MAX).saturating_mul(10);
                let source = match &self.effect {
                    Some(e) if e.player == self.player(actor) => e.clone(),
                    _ => Source {
                        player: self.player(actor),
                        by: actor.to_string(),
                        attack: None,
                    },
                };
                self.deal(&source, amount, false);
                self.hits.push((target.name.to_string(), amount, source));
            }
            Event::ConditionDamage {
                count,
                pokemon,
                condition,
                ..
            } => {
                let amount = i32::try_from(*count).unwrap_or(i32::MAX).saturating_mul(10);
                let source = Source {
                    player: None,
                    by: condition.as_str().to_string(),
                    attack: None,
                };
                self.hits.push((pokemon.name.to_string(), amount, source));
            }
            Event::KnockOut { owner, pokemon } => self.knock_out(step, owner, &pokemon.name),
            Event::TookPrizes { player, count } => self.took_prizes(step, player, *count),
            Event::GameEnd { winner, reason, .. } if self.end.is_none() => {
                self.end = Some((
                    Some(winner.to_string()),
                    reason.as_str().to_string(),
                    step.line,
                    self.turn_number(),
                ));
            }
            Event::GameDrawn if self.end.is_none() => {
                self.end = Some((None, "draw".into(), step.line, self.turn_number()));
            }
            _ => {}
        }
    }

    fn turn_number(&self) -> TurnNumber {
        TurnNumber {
            count: self.turn,
            client: self.client_turn,
        }
    }

    /// Whose Pokémon was Knocked Out: the line's owner, unless only the other player had a
    /// Pokémon of that name in play (the client sometimes writes the acting player as the
    /// owner of a damaged Pokémon); the Prize line after it settles it.
    fn knock_out(&mut self, step: &StepReport, owner: &str, pokemon: &str) {
        let claimed = self.player(owner);
        let owner_idx = match claimed {
            Some(p) if !self.in_play[p].contains(pokemon) => self
                .other(p)
                .filter(|o| self.in_play[*o].contains(pokemon))
                .or(Some(p)),
            other => other,
        };
        let hit = self.hits.iter().rev().find(|(name, _, _)| name == pokemon);
        // No damage shown: a Pokémon Knocked Out by its own Ability (one that Knocks Out its
        // user) names the Ability just used.
        let own = self
            .uses
            .iter()
            .rev()
            .find(|e| hit.is_none() && e.by == pokemon);
        let ko = KnockOut {
            line: step.line,
            turn: step.turn,
            pokemon: pokemon.to_string(),
            owner: owner_idx.map_or_else(|| owner.to_string(), |p| self.names[p].clone()),
            by: hit
                .map(|(_, _, s)| s.by.clone())
                .or_else(|| own.map(|e| e.by.clone())),
            attack: hit
                .and_then(|(_, _, s)| s.attack.clone())
                .or_else(|| own.and_then(|e| e.attack.clone())),
            damage: hit.map(|(_, d, _)| *d),
            prizes: 0,
        };
        self.unpaid.push(self.knockouts.len());
        self.knockouts.push(ko);
        if let Some(r) = self.row() {
            r.knockouts += 1;
        }
    }

    fn took_prizes(&mut self, step: &StepReport, player: &str, count: u32) {
        let Some(p) = self.player(player) else { return };
        self.prizes[p] += count;
        self.prize_race.push(PrizeStep {
            line: step.line,
            turn: step.turn,
            player: player.to_string(),
            count,
            total: self.prizes[p],
        });
        let prizes = self.prizes.clone();
        if let Some(r) = self.row() {
            r.prizes[p] += count;
            r.prizes_after = prizes;
        }
        // The first Knock Out not yet paid of a Pokémon of the other player; failing that, the
        // first not yet paid, whose owner the Prize line then corrects (the client may write
        // the acting player as the owner of a Pokémon Knocked Out).
        let at = self
            .unpaid
            .iter()
            .position(|&i| self.knockouts[i].owner != player)
            .or((!self.unpaid.is_empty()).then_some(0));
        if let Some(at) = at {
            let i = self.unpaid.remove(at);
            let other = self.other(p).map(|o| self.names[o].clone());
            let ko = &mut self.knockouts[i];
            ko.prizes += count;
            if ko.owner == player
                && let Some(o) = other
            {
                ko.owner = o;
            }
        }
    }
}

/// Summarise a verified game. `cards` gives the kinds of cards (Energy, Supporter) and their
/// texts; without card data those the log alone does not show are left out.
pub fn summarise(report: &Report, cards: Cards<'_>) -> GameSummary {
    let names: Vec<String> = report.players.iter().map(|p| p.name.to_string()).collect();
    let n = names.len();
    let mut fold = Fold {
        cards,
        names: names.clone(),
        turn: 0,
        client_turn: None,
        in_play: vec![HashSet::default(); n],
        attack: None,
        effect: None,
        uses: Vec::new(),
        hits: Vec::new(),
        unpaid: Vec::new(),
        knockouts: Vec::new(),
        prizes: vec![0; n],
        prize_race: Vec::new(),
        damage: vec![HashMap::default(); n],
        rows: Vec::new(),
        evidence: vec![DeckEvidence::default(); n],
        end: None,
    };
    for step in &report.steps {
        if step.event == "after-game" {
            break;
        }
        fold.step(step);
    }
    for row in &mut fold.rows {
        if let Some(c) = report.turn_counts.iter().find(|c| c.line == row.line) {
            row.hand.clone_from(&c.hand);
            row.deck.clone_from(&c.deck);
            row.sizes = sizes_words(&names, &c.hand, &c.deck);
        }
    }
    let seen = cards_seen(report, cards);
    let evolves_from =
        |name: &str| -> Option<String> { cards.print(name).and_then(|c| c.evolves_from.clone()) };
    let labels: Vec<String> = fold
        .evidence
        .iter()
        .map(|e| deck_label(e, &evolves_from))
        .collect();
    let (winner, reason, end_line, end_turn) = match &fold.end {
        Some((w, r, line, t)) => {
            // The report's reading of the end line is the result (a reason in words it does
            // not know is read from the game there).
            let reason = if report.result.line == Some(*line) {
                report.result.reason.to_string()
            } else {
                r.clone()
            };
            (w.clone(), reason, Some(*line), Some(*t))
        }
        None => (None, report.result.reason.to_string(), None, None),
    };
    let damage = names
        .iter()
        .zip(&fold.damage)
        .map(|(player, by)| {
            let mut pokemon: Vec<PokemonDamage> = by
                .iter()
                .map(|(name, (damage, attacks))| PokemonDamage {
                    pokemon: name.clone(),
                    damage: *damage,
                    attacks: *attacks,
                })
                .collect();
            pokemon.sort_by(|a, b| b.damage.cmp(&a.damage).then(a.pokemon.cmp(&b.pokemon)));
            DamageBy {
                player: player.clone(),
                total: pokemon.iter().map(|p| p.damage).sum(),
                pokemon,
            }
        })
        .collect();
    let players = report
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerSummary {
            name: p.name.to_string(),
            went_first: p.went_first,
            exported_log: p.exported_log,
            deck: labels[i].clone(),
            prizes_taken: fold.prizes[i],
            turns_taken: fold.evidence[i].turns,
        })
        .collect();
    let mut result_words = report.result.clone();
    result_words.reason = reason.as_str().into();
    GameSummary {
        format: SUMMARY_FORMAT,
        players,
        winner,
        reason_words: result_words.reason_words(),
        reason,
        end_line,
        end_turn,
        turns: fold.turn,
        prizes_taken: names.iter().cloned().zip(fold.prizes.clone()).collect(),
        prize_race: fold.prize_race,
        knockouts: fold.knockouts,
        damage,
        turn_rows: fold.rows,
        cards_seen: seen
            .iter()
            .map(|side| {
                (
                    side.player.clone(),
                    side.counts().map(|(n, c)| (n.to_string(), c)).collect(),
                )
            })
            .collect(),
        cards: seen,
        deck: names.into_iter().zip(labels).collect(),
    }
}

/// Hands and decks as a judge reads them: "Ann 7 in hand, 40 in deck; Ben ? in hand, 41 in
/// deck".
fn sizes_words(names: &[String], hand: &[Option<i32>], deck: &[Option<i32>]) -> String {
    let n = |v: Option<i32>| v.map_or_else(|| "?".to_string(), |n| n.to_string());
    names
        .iter()
        .zip(hand.iter().zip(deck))
        .map(|(name, (h, d))| format!("{name} {} in hand, {} in deck", n(*h), n(*d)))
        .collect::<Vec<_>>()
        .join("; ")
}
