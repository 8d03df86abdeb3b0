//! Checkup resolver (`POST /api/v1/tools/checkup`): what one Pokémon Checkup does to both
//! Active Pokémon — the Special Condition steps in order with the coins given, other
//! between-turn effects before or after them, then Knock Outs, Prize cards, who chooses a new
//! Active Pokémon first, and any win (by [`super::outcome`]). The order and amounts come from
//! [`crate::engine::checkup_order`], which the replay's Checkup checks use too.

use serde::{Deserialize, Serialize};

use crate::engine::RuleEdition;
use crate::engine::checkup_order::{
    BurnCoin, CHECKUP_ORDER, checkup_counters, condition_clause, exclusive, paralysis_ends,
};
use crate::engine::knockout_order::goes_first_after_double_knockout;
use crate::log::Condition;

use super::outcome::{self, OutcomeAnswer, OutcomeRequest, PlayerSpec};
use super::request::{MAX_AMOUNT, RequestError, bounded, parse_edition, two_players};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckupRequest {
    #[serde(default)]
    pub edition: Option<String>,
    /// The name of the player whose turn just ended.
    pub turn_ended: String,
    pub players: Vec<CheckupPlayer>,
    /// Coin results per player name, in the order that player's coins are needed (Burned
    /// before Asleep): `{"Ash": ["heads"], "Misty": ["tails", "heads"]}`.
    #[serde(default)]
    pub coins: std::collections::BTreeMap<String, Vec<String>>,
    #[serde(default)]
    pub other_effects: Vec<OtherEffect>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckupPlayer {
    pub name: String,
    pub active: ActiveSpec,
    /// Benched Pokémon that could become the new Active Pokémon.
    #[serde(default)]
    pub bench: Option<i64>,
    /// Prize cards this player has left.
    #[serde(default)]
    pub prizes_left: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActiveSpec {
    #[serde(default)]
    pub name: Option<String>,
    pub hp: i64,
    #[serde(default)]
    pub damage: i64,
    #[serde(default)]
    pub conditions: Vec<String>,
    /// Prize cards the opponent takes when it is Knocked Out (1 unless given).
    #[serde(default)]
    pub prize_value: Option<i64>,
    /// It became Paralyzed during the turn that just ended.
    #[serde(default)]
    pub paralyzed_this_turn: bool,
    /// Damage counters Poisoned places when a card changes the usual 1.
    #[serde(default)]
    pub poison_counters: Option<i64>,
    /// Damage counters Burned places when a card changes the usual 2.
    #[serde(default)]
    pub burn_counters: Option<i64>,
}

/// An Ability, Trainer card or attack effect that acts between turns on one Active Pokémon.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OtherEffect {
    pub source: String,
    /// The name of the player whose Active Pokémon it affects.
    pub target: String,
    /// Damage it places (positive, in 10s) or heals (negative).
    pub damage: i64,
    /// `before` or `after` the Special Conditions (after when not given).
    #[serde(default)]
    pub when: Option<String>,
}

/// One step of the trace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckupStep {
    pub step: String,
    pub clause: &'static str,
    pub player: Option<String>,
    /// The Pokémon's damage after the step (for steps on a Pokémon).
    pub damage: Option<i64>,
    pub note: String,
}

/// Where a Pokémon ends up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActiveAfter {
    pub player: String,
    pub pokemon: String,
    pub hp: i64,
    pub damage: i64,
    pub conditions: Vec<&'static str>,
    pub recovered: Vec<&'static str>,
    pub knocked_out: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrizeTaken {
    pub player: String,
    pub taken: i64,
    pub left: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckupAnswer {
    pub edition: &'static str,
    pub steps: Vec<CheckupStep>,
    pub pokemon: Vec<ActiveAfter>,
    pub knocked_out: Vec<String>,
    pub prizes: Vec<PrizeTaken>,
    /// Players who must choose a new Active Pokémon, in the order they choose.
    pub promote_order: Vec<String>,
    /// The result when a player has won (or both have).
    pub outcome: Option<OutcomeAnswer>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coin {
    Heads,
    Tails,
}

struct Mon {
    player: String,
    pokemon: String,
    hp: i64,
    damage: i64,
    conditions: Vec<Condition>,
    recovered: Vec<&'static str>,
    prize_value: i64,
    paralyzed_this_turn: bool,
    poison: i64,
    burn: i64,
    coins: Vec<Coin>,
    next_coin: usize,
    coin_field: String,
}

fn parse_condition(field: &str, s: &str) -> Result<Condition, RequestError> {
    let t = s.trim();
    [
        Condition::Poisoned,
        Condition::Burned,
        Condition::Asleep,
        Condition::Paralyzed,
        Condition::Confused,
    ]
    .into_iter()
    .find(|c| c.as_str().eq_ignore_ascii_case(t))
    .ok_or_else(|| {
        RequestError::new(
            field,
            sentence!("unknown Special Condition {t:?}; expected Poisoned, Burned, Asleep, Paralyzed or Confused"),
        )
    })
}

fn parse_coin(field: &str, s: &str) -> Result<Coin, RequestError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "heads" | "h" => Ok(Coin::Heads),
        "tails" | "t" => Ok(Coin::Tails),
        other => Err(RequestError::new(
            field,
            sentence!("{other:?} is not a coin result; write heads or tails"),
        )),
    }
}

fn multiple_of_ten(field: &str, v: i64) -> Result<i64, RequestError> {
    if v % 10 == 0 {
        Ok(v)
    } else {
        Err(RequestError::new(
            field,
            sentence!("{v} is not a multiple of 10; damage comes in counters of 10"),
        ))
    }
}

fn mons(req: &CheckupRequest) -> Result<Vec<Mon>, RequestError> {
    let mut out = Vec::new();
    for (i, p) in req.players.iter().enumerate() {
        let f = |s: &str| sentence!("players[{i}].{s}");
        let name = p.name.trim().to_string();
        let a = &p.active;
        let hp = multiple_of_ten(
            &f(crate::field!("active", "hp")),
            bounded(&f(crate::field!("active", "hp")), a.hp, 10, MAX_AMOUNT)?,
        )?;
        let damage = multiple_of_ten(
            &f(crate::field!("active", "damage")),
            bounded(
                &f(crate::field!("active", "damage")),
                a.damage,
                0,
                MAX_AMOUNT,
            )?,
        )?;
        let mut conditions: Vec<Condition> = Vec::new();
        for (j, c) in a.conditions.iter().enumerate() {
            let field = f(&sentence!("active.conditions[{j}]"));
            let c = parse_condition(&field, c)?;
            if conditions.contains(&c) {
                return Err(RequestError::new(
                    field,
                    sentence!("{} is listed twice", c.as_str()),
                ));
            }
            if exclusive(c)
                && let Some(other) = conditions.iter().find(|o| exclusive(**o))
            {
                return Err(RequestError::new(
                    field,
                    sentence!(
                        "a Pokémon cannot be {} and {} at once: Asleep, Confused and Paralyzed replace each other (conditions.replace)",
                        other.as_str(),
                        c.as_str()
                    ),
                ));
            }
            conditions.push(c);
        }
        let prize_value = bounded(
            &f(crate::field!("active", "prize_value")),
            a.prize_value.unwrap_or(1),
            1,
            3,
        )?;
        let poison = bounded(
            &f(crate::field!("active", "poison_counters")),
            a.poison_counters.unwrap_or(1),
            0,
            100,
        )?;
        let burn = bounded(
            &f(crate::field!("active", "burn_counters")),
            a.burn_counters.unwrap_or(2),
            0,
            100,
        )?;
        if let Some(b) = p.bench {
            bounded(&f("bench"), b, 0, 8)?;
        }
        if let Some(n) = p.prizes_left {
            bounded(&f("prizes_left"), n, 0, 6)?;
        }
        let coins = match req.coins.get(p.name.trim()) {
            Some(list) if list.len() > 10 => {
                return Err(RequestError::new(
                    sentence!("coins.{name}"),
                    "at most 10 coins",
                ));
            }
            Some(list) => list
                .iter()
                .enumerate()
                .map(|(k, c)| parse_coin(&sentence!("coins.{name}[{k}]"), c))
                .collect::<Result<Vec<_>, _>>()?,
            None => Vec::new(),
        };
        out.push(Mon {
            player: name.clone(),
            pokemon: a
                .name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| n.chars().take(64).collect())
                .unwrap_or_else(|| sentence!("{name}'s Active Pokémon")),
            hp,
            damage,
            conditions,
            recovered: Vec::new(),
            prize_value,
            paralyzed_this_turn: a.paralyzed_this_turn,
            poison,
            burn,
            coins,
            next_coin: 0,
            coin_field: sentence!("coins.{name}"),
        });
    }
    Ok(out)
}

impl Mon {
    fn coin(&mut self, why: &str) -> Result<Coin, RequestError> {
        let c = self.coins.get(self.next_coin).copied().ok_or_else(|| {
            RequestError::new(
                self.coin_field.clone(),
                sentence!(
                    "coin {} for {}'s {} ({why}) is not given",
                    self.next_coin + 1,
                    self.player,
                    self.pokemon
                ),
            )
        })?;
        self.next_coin += 1;
        Ok(c)
    }

    fn recover(&mut self, c: Condition) {
        self.conditions.retain(|x| *x != c);
        self.recovered.push(c.as_str());
    }
}

fn coin_word(c: Coin) -> &'static str {
    match c {
        Coin::Heads => "heads",
        Coin::Tails => "tails",
    }
}

/// Answer a Checkup request.
pub fn answer(req: &CheckupRequest) -> Result<CheckupAnswer, RequestError> {
    let edition = parse_edition(req.edition.as_deref())?;
    two_players(&req.players, |p| &p.name)?;
    let mut mons = mons(req)?;
    let ended = mons
        .iter()
        .position(|m| m.player == req.turn_ended.trim())
        .ok_or_else(|| {
            RequestError::new(
                "turn_ended",
                sentence!("{:?} is not one of the players", req.turn_ended),
            )
        })?;
    for name in req.coins.keys() {
        if !mons.iter().any(|m| m.player == name.trim()) {
            return Err(RequestError::new(
                sentence!("coins.{name}"),
                "not one of the players",
            ));
        }
    }
    // Other effects: who they hit, and before or after the Special Conditions.
    if req.other_effects.len() > 20 {
        return Err(RequestError::new("other_effects", "at most 20 effects"));
    }
    let mut before = Vec::new();
    let mut after = Vec::new();
    for (i, e) in req.other_effects.iter().enumerate() {
        let f = |s: &str| sentence!("other_effects[{i}].{s}");
        let target = mons
            .iter()
            .position(|m| m.player == e.target.trim())
            .ok_or_else(|| {
                RequestError::new(
                    f("target"),
                    sentence!("{:?} is not one of the players", e.target),
                )
            })?;
        let damage = multiple_of_ten(
            &f("damage"),
            bounded(&f("damage"), e.damage, -MAX_AMOUNT, MAX_AMOUNT)?,
        )?;
        let source: String = e.source.trim().chars().take(80).collect();
        let source = if source.is_empty() {
            sentence!("effect {}", i + 1)
        } else {
            source
        };
        match e
            .when
            .as_deref()
            .map(|w| w.trim().to_ascii_lowercase())
            .as_deref()
        {
            Some("before") => before.push((i, target, damage, source)),
            None | Some("after") => after.push((i, target, damage, source)),
            Some(other) => {
                return Err(RequestError::new(
                    f("when"),
                    sentence!("{other:?} is neither before nor after"),
                ));
            }
        }
    }
    if edition.other_effects_all_one_side() && !before.is_empty() && !after.is_empty() {
        let (i, ..) = after[0];
        return Err(RequestError::new(
            sentence!("other_effects[{i}].when"),
            sentence!(
                "under the {} every other between-turn effect comes before the Special Conditions or every one after them (checkup.order); this one is after while other_effects[{}] is before",
                edition.title(),
                before[0].0
            ),
        ));
    }

    // Both players' Pokémon are checked together; list the player whose turn ended first.
    let order = [ended, 1 - ended];
    let mut steps = Vec::new();
    steps.push(CheckupStep {
        step: "order".to_string(),
        clause: "checkup.order",
        player: None,
        damage: None,
        note: sentence!(
            "{}'s turn has ended: Pokémon Checkup checks both Active Pokémon, Special Conditions in the order Poisoned, Burned, Asleep, Paralyzed, with other between-turn effects wholly before or after them",
            mons[ended].player
        ),
    });
    let apply_other = |mons: &mut [Mon],
                       steps: &mut Vec<CheckupStep>,
                       list: &[(usize, usize, i64, String)],
                       when: &str| {
        for (_, target, damage, source) in list {
            let m = &mut mons[*target];
            let before = m.damage;
            m.damage = (m.damage + damage).clamp(0, MAX_AMOUNT * 2);
            steps.push(CheckupStep {
                step: "other-effect".to_string(),
                clause: "checkup.order",
                player: Some(m.player.clone()),
                damage: Some(m.damage),
                note: if *damage >= 0 {
                    sentence!("{source} ({when} the Special Conditions): {} damage counters on {}, {before} → {} damage", damage / 10, m.pokemon, m.damage)
                } else {
                    sentence!("{source} ({when} the Special Conditions): heals {} damage from {}, {before} → {} damage", -damage, m.pokemon, m.damage)
                },
            });
        }
    };
    apply_other(&mut mons, &mut steps, &before, "before");
    for condition in CHECKUP_ORDER {
        for &p in &order {
            let m = &mut mons[p];
            if !m.conditions.contains(&condition) {
                continue;
            }
            let clause = condition_clause(condition);
            let mut note = |m: &Mon, text: String| {
                steps.push(CheckupStep {
                    step: condition.as_str().to_lowercase(),
                    clause,
                    player: Some(m.player.clone()),
                    damage: Some(m.damage),
                    note: text,
                })
            };
            match condition {
                Condition::Poisoned => {
                    let usual = checkup_counters(condition).map_or(1, |(n, _)| i64::from(n));
                    m.damage += m.poison * 10;
                    let extra = if m.poison == usual {
                        String::new()
                    } else {
                        sentence!(" (a card changes the usual {usual})")
                    };
                    note(
                        m,
                        sentence!(
                            "Poisoned: {} damage counter(s) on {}{extra} → {} damage",
                            m.poison,
                            m.pokemon,
                            m.damage
                        ),
                    );
                }
                Condition::Burned => {
                    let usual = checkup_counters(condition).map_or(2, |(n, _)| i64::from(n));
                    let extra = if m.burn == usual {
                        String::new()
                    } else {
                        sentence!(" (a card changes the usual {usual})")
                    };
                    if edition.burn_coin() == BurnCoin::Unstated {
                        m.damage += m.burn * 10;
                        note(
                            m,
                            sentence!(
                                "Burned: {} damage counters on {}{extra} → {} damage; the {} gives no coin for Burned (E-28: the usual 2 counters), so nothing here ends it",
                                m.burn,
                                m.pokemon,
                                m.damage,
                                edition.title()
                            ),
                        );
                    } else if edition.burn_damage_before_coin() {
                        m.damage += m.burn * 10;
                        let coin = m.coin("Burned")?;
                        let end = if coin == Coin::Heads {
                            m.recover(Condition::Burned);
                            "heads: it recovers from Burned"
                        } else {
                            "tails: it stays Burned"
                        };
                        note(
                            m,
                            sentence!(
                                "Burned: {} damage counters on {}{extra} → {} damage, then a coin: {end}",
                                m.burn,
                                m.pokemon,
                                m.damage
                            ),
                        );
                    } else {
                        let coin = m.coin("Burned")?;
                        if coin == Coin::Tails {
                            m.damage += m.burn * 10;
                        }
                        note(
                            m,
                            sentence!(
                                "Burned (coin first under the {}): {} → {}; it stays Burned",
                                edition.title(),
                                coin_word(coin),
                                if coin == Coin::Tails {
                                    sentence!(
                                        "{} damage counters on {}{extra}, {} damage",
                                        m.burn,
                                        m.pokemon,
                                        m.damage
                                    )
                                } else {
                                    "no damage".to_string()
                                }
                            ),
                        );
                    }
                }
                Condition::Asleep => {
                    let coin = m.coin("Asleep")?;
                    if coin == Coin::Heads {
                        m.recover(Condition::Asleep);
                        note(m, sentence!("Asleep: coin heads: {} wakes up", m.pokemon));
                    } else {
                        note(
                            m,
                            sentence!("Asleep: coin tails: {} stays Asleep", m.pokemon),
                        );
                    }
                }
                Condition::Paralyzed => {
                    let owner_turn = p == ended;
                    if paralysis_ends(owner_turn, m.paralyzed_this_turn) {
                        m.recover(Condition::Paralyzed);
                        note(
                            m,
                            sentence!(
                                "Paralyzed: {}'s turn has just ended, so {} recovers",
                                m.player,
                                m.pokemon
                            ),
                        );
                    } else if owner_turn {
                        note(
                            m,
                            sentence!(
                                "Paralyzed: it became Paralyzed during this turn, so {} stays Paralyzed through its owner's next turn",
                                m.pokemon
                            ),
                        );
                    } else {
                        note(
                            m,
                            sentence!(
                                "Paralyzed: it recovers only after its owner's ({}) turn, so {} stays Paralyzed",
                                m.player,
                                m.pokemon
                            ),
                        );
                    }
                }
                Condition::Confused => {}
            }
        }
    }
    for m in &mons {
        if m.conditions.contains(&Condition::Confused) {
            steps.push(CheckupStep {
                step: "confused".to_string(),
                clause: "checkup.confused",
                player: Some(m.player.clone()),
                damage: Some(m.damage),
                note: sentence!(
                    "Confused: nothing happens in Checkup; {} stays Confused",
                    m.pokemon
                ),
            });
        }
    }
    apply_other(&mut mons, &mut steps, &after, "after");
    for m in &mons {
        if m.next_coin < m.coins.len() {
            return Err(RequestError::new(
                m.coin_field.clone(),
                sentence!(
                    "{} coin(s) given but this Checkup flips {} for {}",
                    m.coins.len(),
                    m.next_coin,
                    m.player
                ),
            ));
        }
    }

    // Knock Outs, all at once after both players' checks.
    let mut knocked_out = Vec::new();
    for &p in &order {
        let m = &mons[p];
        let out = m.damage >= m.hp;
        steps.push(CheckupStep {
            step: "knock-out".to_string(),
            clause: "knockout.at-hp",
            player: Some(m.player.clone()),
            damage: Some(m.damage),
            note: if out {
                sentence!(
                    "{} has {} damage and {} HP: Knocked Out",
                    m.pokemon,
                    m.damage,
                    m.hp
                )
            } else {
                sentence!(
                    "{} has {} damage and {} HP: {} HP left",
                    m.pokemon,
                    m.damage,
                    m.hp,
                    m.hp - m.damage
                )
            },
        });
        if out {
            knocked_out.push(p);
        }
    }

    // Prize cards: the opponent of each Knocked Out Pokémon's owner. The player about to take a
    // turn is listed (and, under hgss, takes and promotes) first: the engine's double Knock Out
    // rule.
    let first = goes_first_after_double_knockout(ended);
    let taker_first = [first, 1 - first];
    let mut prizes = Vec::new();
    let mut left: [Option<i64>; 2] = [req.players[0].prizes_left, req.players[1].prizes_left];
    for &taker in &taker_first {
        let victim = 1 - taker;
        if !knocked_out.contains(&victim) {
            continue;
        }
        let value = mons[victim].prize_value;
        let taken = left[taker].map_or(value, |l| value.min(l));
        left[taker] = left[taker].map(|l| l - taken);
        let when = match edition {
            RuleEdition::Apr2018 => " (both players take their Prize cards at the same time)",
            RuleEdition::HeartGoldSoulSilver if knocked_out.len() == 2 => {
                " (the player about to take a turn takes first)"
            }
            _ => "",
        };
        steps.push(CheckupStep {
            step: "prizes".to_string(),
            clause: "knockout.prizes",
            player: Some(mons[taker].player.clone()),
            damage: None,
            note: sentence!(
                "{} takes {taken} Prize card(s) for {}'s {}{when}{}",
                mons[taker].player,
                mons[victim].player,
                mons[victim].pokemon,
                left[taker].map_or(String::new(), |l| sentence!("; {l} left"))
            ),
        });
        prizes.push(PrizeTaken {
            player: mons[taker].player.clone(),
            taken,
            left: left[taker],
        });
    }

    // New Active Pokémon: the player about to take a turn chooses first (HeartGold & SoulSilver,
    // APR 2.2); the other editions give no order, which the note says.
    let ordered = edition.double_knockout_order().promotion;
    let mut promote_order = Vec::new();
    let mut cannot_promote = [false; 2];
    for p in taker_first {
        if !knocked_out.contains(&p) {
            continue;
        }
        match req.players[p].bench {
            Some(0) => {
                cannot_promote[p] = true;
                steps.push(CheckupStep {
                    step: "promote".to_string(),
                    clause: "win.no-pokemon",
                    player: Some(mons[p].player.clone()),
                    damage: None,
                    note: sentence!(
                        "{} has no Benched Pokémon to move into the Active Spot",
                        mons[p].player
                    ),
                });
            }
            bench => {
                let first = promote_order.is_empty() && knocked_out.len() == 2;
                promote_order.push(mons[p].player.clone());
                steps.push(CheckupStep {
                    step: "promote".to_string(),
                    clause: if knocked_out.len() == 2 {
                        "knockout.promote-order"
                    } else {
                        "knockout.promote"
                    },
                    player: Some(mons[p].player.clone()),
                    damage: None,
                    note: sentence!(
                        "{} chooses a new Active Pokémon{}{}",
                        mons[p].player,
                        if bench.is_none() {
                            " (if they have a Benched Pokémon)"
                        } else {
                            ""
                        },
                        match (knocked_out.len() == 2, ordered, first) {
                            (false, _, _) => "",
                            (true, true, true) => ", first: they take the next turn",
                            (true, true, false) => ", second, knowing the other choice",
                            (true, false, true) => {
                                ", first in the older rulebooks' order (the player about to take a turn; HeartGold & SoulSilver, APR 2.2 I.D); this edition's rulebook gives no order"
                            }
                            (true, false, false) => ", second in the older rulebooks' order",
                        }
                    ),
                });
            }
        }
    }

    // A win, when Prize cards ran out or a player cannot promote.
    let took_last = |p: usize| {
        prizes
            .iter()
            .any(|t| t.player == mons[p].player && t.left == Some(0))
    };
    let any_win = (0..2).any(|p| took_last(p) || cannot_promote[1 - p]);
    let outcome = if any_win {
        let players = (0..2)
            .map(|p| PlayerSpec {
                name: mons[p].player.clone(),
                took_last_prize: took_last(p),
                opponent_cannot_promote: cannot_promote[1 - p],
                opponent_cannot_draw: false,
            })
            .collect();
        let o = outcome::answer(&OutcomeRequest {
            edition: Some(edition.id().to_string()),
            players,
        })?;
        for s in &o.steps {
            steps.push(CheckupStep {
                step: "win".to_string(),
                clause: s.clause,
                player: None,
                damage: None,
                note: s.note.clone(),
            });
        }
        Some(o)
    } else {
        None
    };

    let pokemon = mons
        .iter()
        .enumerate()
        .map(|(p, m)| ActiveAfter {
            player: m.player.clone(),
            pokemon: m.pokemon.clone(),
            hp: m.hp,
            damage: m.damage,
            conditions: m.conditions.iter().map(|c| c.as_str()).collect(),
            recovered: m.recovered.clone(),
            knocked_out: knocked_out.contains(&p),
        })
        .collect();
    Ok(CheckupAnswer {
        edition: edition.id(),
        steps,
        pokemon,
        knocked_out: (0..2)
            .filter(|p| knocked_out.contains(p))
            .map(|p| mons[p].player.clone())
            .collect(),
        prizes,
        promote_order,
        outcome,
    })
}
