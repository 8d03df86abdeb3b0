//! The board as the rules see it after a line, read-only: for each Pokémon in play the print
//! the log pins (when it does), its HP with what changes it, and the effects in force on it;
//! the effects in force on each player's Pokémon and on every Pokémon (a Stadium's). Each
//! effect says what it does, where it comes from and when it ends, in the words of
//! [`words`]. It is read from the tracker's state and its record of what was used, through the
//! same effect catalogue and exact reader the judges use; it decides nothing.
//!
//! An effect is shown where the text is read exactly and its words cover it; an attack, an
//! Ability or a Trainer card whose words say its effect reaches a next turn ("during your
//! opponent's next turn, they can't play any Item cards"), and that the reader does not cover,
//! is quoted from the card instead (when every print it may be words it the same). An effect
//! that an attack put on a Pokémon ends early when that Pokémon goes to the Bench or evolves
//! (`effects.duration`).

mod hp;
mod used;
pub mod words;

pub use hp::{HpChange, HpReading};

use serde::Serialize;

use crate::cards::effects::exact::{Cond, DamageMod, Exact, Side, Spot, Step};
use crate::cards::effects::{Fact, TextEffects, TextKind};

use super::super::in_force::{Place, Recent, Source, Subject, TextFilter, each_source, touches};
use super::super::state::{GameState, PlayerIdx, PokemonId, Position};
use super::card_facts::InForce;
use super::tracker::Tracker;
use words::Sides;

/// One effect in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InForceEffect {
    /// What it does, said of what it is on: "takes 30 less damage from attacks".
    pub what: String,
    /// Where it comes from: "Skarmory's Steel Wing, copied by Mew ex's Genome Hacking".
    pub source: String,
    /// The card whose text it is (for a link to its page), and its card id when the log pins
    /// the print.
    pub card: String,
    pub card_id: Option<String>,
    /// When it ends: "until the end of Ben's turn", "while it stays attached".
    pub until: String,
}

impl InForceEffect {
    /// The sentence a judge reads aloud.
    pub fn sentence(&self) -> String {
        words::sentence(&self.what, &self.source, &self.until)
    }
}

/// What the board shows of one Pokémon in play.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MonReading {
    /// The card id (as the card data writes it) of the one print it is, when the log pins it.
    pub print: Option<String>,
    pub hp: Option<HpReading>,
    pub effects: Vec<InForceEffect>,
}

/// The board as the rules see it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BoardReading {
    pokemon: Vec<(PokemonId, MonReading)>,
    /// The effects in force on a player's Pokémon (each player's own list).
    pub players: Vec<Vec<InForceEffect>>,
    /// The effects on every Pokémon in play (a Stadium's).
    pub board: Vec<InForceEffect>,
}

impl BoardReading {
    /// What the board shows of Pokémon `id` (nothing for a Pokémon not in play).
    pub fn mon(&self, id: PokemonId) -> Option<&MonReading> {
        self.pokemon.iter().find(|(i, _)| *i == id).map(|(_, m)| m)
    }

    fn mon_mut(&mut self, id: PokemonId) -> Option<&mut MonReading> {
        self.pokemon
            .iter_mut()
            .find(|(i, _)| *i == id)
            .map(|(_, m)| m)
    }

    /// Add an effect where it belongs, once.
    fn add(&mut self, on: On, effect: InForceEffect) {
        let list = match on {
            On::Pokemon(id) => match self.mon_mut(id) {
                Some(m) => &mut m.effects,
                None => return,
            },
            On::Player(p) => match self.players.get_mut(p) {
                Some(l) => l,
                None => return,
            },
            On::Board => &mut self.board,
        };
        if !list.contains(&effect) {
            list.push(effect);
        }
    }
}

/// Where an effect is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum On {
    Pokemon(PokemonId),
    Player(PlayerIdx),
    Board,
}

/// The board after the lines the tracker has read.
pub(super) fn read(t: &Tracker<'_>) -> BoardReading {
    let state = &t.state;
    let cards = &t.cards;
    let mut out = BoardReading {
        pokemon: state
            .players
            .iter()
            .flat_map(|p| p.in_play())
            .map(|id| {
                let print = cards
                    .prints_of(state, id)
                    .ok()
                    .filter(|p| p.len() == 1)
                    .map(|p| p[0].id.clone());
                let hp = hp::printed(cards, state, id).map(|printed| HpReading {
                    printed,
                    changes: Vec::new(),
                    open_to: Vec::new(),
                });
                (
                    id,
                    MonReading {
                        print,
                        hp,
                        effects: Vec::new(),
                    },
                )
            })
            .collect(),
        players: vec![Vec::new(); state.players.len()],
        board: Vec::new(),
    };
    let source = InForce { cards, state };
    let mut hp_changes: Vec<(PokemonId, HpChange)> = Vec::new();
    // Cards whose text may change a Pokémon's HP in a way not read exactly.
    let mut hp_open: Vec<(PokemonId, String)> = Vec::new();
    each_source(
        state,
        Recent::recorded(&t.used),
        &[],
        &source,
        &mut |src, known, filter| {
            let Ok(mut effects) = known else { return };
            // An attack or Ability used by a Pokémon still in play under its name: the texts of
            // the prints it may be (the log's card id or what it used narrows them).
            if let Some(used) = src.used
                && let Some((id, name)) = &used.by
                && used.print.is_none()
                && state
                    .pokemon
                    .get(*id as usize)
                    .is_some_and(|m| m.name() == name.as_str())
                && let Ok(own) = cards.effects_of(state, *id)
            {
                effects = own;
            }
            // A text used in an earlier turn is kept whatever the catalogue says of how long it
            // lasts: what still holds is read from its words (`used::effects`).
            let filter = match filter {
                TextFilter::Used { name, .. } => TextFilter::Used {
                    name,
                    lasting_only: false,
                },
                in_play => in_play,
            };
            // The texts of one name, each print's wording: shown only where they all say the same.
            let texts: Vec<&TextEffects> =
                effects.texts().iter().filter(|x| filter.acts(x)).collect();
            let mut names: Vec<&str> = Vec::new();
            for x in &texts {
                if !names.contains(&x.name.as_str()) {
                    names.push(&x.name);
                }
            }
            for name in names {
                let same: Vec<&TextEffects> =
                    texts.iter().copied().filter(|x| x.name == name).collect();
                // A text that may change HP: if it is not read exactly, or its prints do not agree,
                // the HP is said to be open to it.
                let changes_hp =
                    src.used.is_none() && same.iter().any(|x| x.facts().contains(Fact::MaxHp));
                if !every_print_has(t, &src, name) {
                    if changes_hp {
                        open_to(state, &src, &same, &mut hp_open);
                    }
                    continue;
                }
                // Each wording's effects and changes to HP.
                type Reading = (Vec<(On, InForceEffect)>, Vec<(PokemonId, HpChange)>);
                let mut readings: Vec<Reading> = Vec::new();
                for text in &same {
                    let effects = match src.used {
                        Some(used) => used::effects(t, &src, used, text),
                        None => in_play_effects(state, &src, text),
                    };
                    let mut changes = Vec::new();
                    if src.used.is_none() && !text.inexact.contains(Fact::MaxHp) {
                        for h in hp::hp_mods(&text.exact) {
                            hp::changes_from(cards, state, &src, h, &mut changes);
                        }
                    }
                    readings.push((effects, changes));
                }
                let agree = readings.windows(2).all(|w| w[0] == w[1]);
                if agree && let Some((effects, changes)) = readings.pop() {
                    for (on, effect) in effects {
                        out.add(on, effect);
                    }
                    hp_changes.extend(changes);
                }
                if changes_hp && (!agree || same.iter().any(|x| x.inexact.contains(Fact::MaxHp))) {
                    open_to(state, &src, &same, &mut hp_open);
                }
            }
        },
    );
    for (id, card) in hp_open {
        if let Some(hp) = out.mon_mut(id).and_then(|m| m.hp.as_mut())
            && !hp.open_to.contains(&card)
        {
            hp.open_to.push(card);
        }
    }
    for (id, change) in hp_changes {
        if let Some(hp) = out.mon_mut(id).and_then(|m| m.hp.as_mut())
            && !hp.changes.contains(&change)
        {
            hp.changes.push(change);
        }
    }
    out
}

/// The Pokémon in play a text of `texts` that may change HP reaches, each with the card.
fn open_to(
    state: &GameState,
    src: &Source<'_>,
    texts: &[&TextEffects],
    out: &mut Vec<(PokemonId, String)>,
) {
    for text in texts {
        for e in text.effects.iter().filter(|e| e.fact == Fact::MaxHp) {
            for id in state.players.iter().flat_map(|p| p.in_play()) {
                if !touches(state, src, e.reach, Subject::Pokemon(id)) {
                    continue;
                }
                let own = src.holder == Some(id) && matches!(src.place, Place::InPlay { .. });
                out.push((
                    id,
                    match (own, text.name.as_str()) {
                        (true, "") => "the rule on its card".to_string(),
                        (true, ability) => format!("its Ability {ability}"),
                        (false, _) => src.card.to_string(),
                    },
                ));
            }
        }
    }
}

/// A Pokémon's own text (an Ability) counts only when every print it may be has it.
fn every_print_has(t: &Tracker<'_>, src: &Source<'_>, name: &str) -> bool {
    let (Place::InPlay { .. }, Some(id)) = (src.place, src.holder) else {
        return true;
    };
    match t.cards.prints_of(&t.state, id) {
        Ok(prints) => prints
            .iter()
            .all(|c| name.is_empty() || c.has_attack_or_ability(name)),
        Err(_) => false,
    }
}

pub(super) fn sides_of<'s>(
    state: &'s GameState,
    owner: Option<PlayerIdx>,
    card: &'s str,
) -> Sides<'s> {
    match owner {
        Some(o) => Sides {
            own: state.players.get(o).map_or("", |p| p.name.as_str()),
            opponent: state.players.get(1 - o).map_or("", |p| p.name.as_str()),
            card,
        },
        None => Sides {
            own: "each player",
            opponent: "the other player",
            card,
        },
    }
}

/// The effects a text of a card in play has while it is there (a Tool, a Special Energy, a
/// Pokémon's Ability or rules, the Stadium), where their conditions hold and the board can tell
/// ([`conditions_hold`]).
fn in_play_effects(
    state: &GameState,
    src: &Source<'_>,
    text: &TextEffects,
) -> Vec<(On, InForceEffect)> {
    let sides = sides_of(state, src.owner, src.card);
    let holder_name = src.holder.map(|h| state.mon(h).name().to_string());
    let mut out = Vec::new();
    for e in &text.exact {
        let when: &[Cond] = match e {
            Exact::Damage(m) => &m.when,
            Exact::Hp(h) => &h.when,
            _ => &[],
        };
        let Some(while_) = conditions_hold(state, src, when, sides) else {
            continue;
        };
        let (on, what) = match e {
            Exact::Damage(m) => match subject(m) {
                Side::Holder => match (src.holder, words::damage_on_pokemon(m, sides)) {
                    (Some(h), Some(w)) => (On::Pokemon(h), w),
                    _ => continue,
                },
                Side::Defending => continue,
                side => match words::damage_on_side(m, sides) {
                    Some(w) => (side_place(side, src.owner), w),
                    None => continue,
                },
            },
            Exact::Hp(h) if h.to.side != Side::Holder => {
                (side_place(h.to.side, src.owner), words::hp(h, sides))
            }
            Exact::EffectsPrevented { to, of } if to.side == Side::Holder => match src.holder {
                Some(h) => (On::Pokemon(h), words::effects_prevented(of, sides)),
                None => continue,
            },
            _ => continue,
        };
        let on_itself = on == On::Pokemon(src.holder.unwrap_or(u32::MAX));
        let (source, until) = match (src.place, &holder_name) {
            (Place::Stadium, _) => (
                format!("the Stadium {}", src.card),
                "while the Stadium stays in play".to_string(),
            ),
            (Place::Attached { player, pokemon }, _) => (
                if on_itself {
                    format!("{}, attached to it", src.card)
                } else {
                    format!("{}, attached to {player}'s {pokemon}", src.card)
                },
                "while it stays attached".to_string(),
            ),
            (Place::InPlay { player }, Some(mon)) => {
                let (own, other) = match text.kind {
                    TextKind::Ability => (
                        format!("its Ability {}", text.name),
                        format!("{player}'s {mon}'s Ability {}", text.name),
                    ),
                    _ => (
                        "the rule on its card".to_string(),
                        format!("the rule on {player}'s {mon}'s card"),
                    ),
                };
                if on_itself {
                    (own, "while it is in play".to_string())
                } else {
                    (other, format!("while {player}'s {mon} is in play"))
                }
            }
            _ => continue,
        };
        out.push((
            on,
            InForceEffect {
                what,
                source,
                card: src.card.to_string(),
                card_id: None,
                until: if while_.is_empty() {
                    until
                } else {
                    while_.join(" and ")
                },
            },
        ));
    }
    out
}

/// Whether the conditions of a text in play hold now, each as the words of how long it does
/// ("while it is on the Bench", "while Ann has more Prize cards left than Ben"); `None` when one
/// does not hold or the board cannot tell.
fn conditions_hold(
    state: &GameState,
    src: &Source<'_>,
    when: &[Cond],
    sides: Sides<'_>,
) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for c in when {
        match c {
            Cond::Is { who } if who.side == Side::Holder && who.filters.is_empty() => {
                let at = state.position(src.holder?)?;
                match (who.spot, at) {
                    (Spot::Any, _) => {}
                    (Spot::Active, Position::Active) => {
                        out.push("while it is in the Active Spot".to_string());
                    }
                    (Spot::Bench, Position::Bench) => {
                        out.push("while it is on the Bench".to_string());
                    }
                    _ => return None,
                }
            }
            Cond::MorePrizesLeft | Cond::FewerPrizesLeft => {
                let owner = src.owner?;
                let own = state.players.get(owner)?.prizes_left?;
                let other = state.players.get(1 - owner)?.prizes_left?;
                let more = *c == Cond::MorePrizesLeft;
                if (more && own <= other) || (!more && own >= other) {
                    return None;
                }
                out.push(format!(
                    "while {} has {} Prize cards left than {}",
                    sides.own,
                    if more { "more" } else { "fewer" },
                    sides.opponent
                ));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The Pokémon a damage change is said of: the attacker's side for an effect on the attacker,
/// the side taking the damage for an effect on the defender.
pub(super) fn subject(m: &DamageMod) -> Side {
    match m.step {
        Step::Defender => m.to.side,
        _ => m.by.side,
    }
}

pub(super) fn side_place(side: Side, owner: Option<PlayerIdx>) -> On {
    match (side, owner) {
        (Side::Own, Some(o)) => On::Player(o),
        (Side::Opponent, Some(o)) => On::Player(1 - o),
        _ => On::Board,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::effects::exact::Who;
    use crate::log::Text;

    #[test]
    fn the_conditions_the_board_can_tell_say_how_long_they_hold() {
        let mut s = GameState::new(&[Text::from("Ann"), Text::from("Ben")]);
        let id = s.put_into_play(0, "Zapdos", Position::Bench);
        s.players[0].prizes_left = Some(4);
        s.players[1].prizes_left = Some(2);
        let src = Source {
            card: "Defiance Band",
            place: Place::Attached {
                player: "Ann",
                pokemon: "Zapdos",
            },
            owner: Some(0),
            holder: Some(id),
            used: None,
        };
        let sides = sides_of(&s, Some(0), "Defiance Band");
        let holds = |when: &[Cond]| conditions_hold(&s, &src, when, sides);
        assert_eq!(
            holds(&[Cond::MorePrizesLeft]),
            Some(vec![
                "while Ann has more Prize cards left than Ben".to_string()
            ])
        );
        assert_eq!(holds(&[Cond::FewerPrizesLeft]), None);
        let at = |spot| Cond::Is {
            who: Who {
                side: Side::Holder,
                spot,
                filters: Vec::new(),
            },
        };
        assert_eq!(
            holds(&[at(Spot::Bench)]),
            Some(vec!["while it is on the Bench".to_string()])
        );
        assert_eq!(holds(&[at(Spot::Active)]), None);
        // What the board cannot tell (a coin) is no effect in force.
        assert_eq!(holds(&[Cond::Heads]), None);
        assert_eq!(holds(&[]), Some(Vec::new()));
    }
}
