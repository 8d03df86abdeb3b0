//! The board of a replay step (`?at=LINE`), as the rules see it: both players' Pokémon, each a
//! link to its card page (the print's page when the log pins it), its HP with what changes it,
//! and the effects in force with their source and when they end, on it, on a player's Pokémon,
//! or on every Pokémon. Built from the replay's [`BoardReading`]; plain serialisable structs,
//! no HTML (the templates escape every value).

use serde::Serialize;

use super::cards::name_url;

use crate::engine::replay::board_reading::{BoardReading, HpReading, InForceEffect, MonReading};
use crate::engine::{GameState, Pokemon, Replay};

/// Both players' boards after a line.
#[derive(Debug, Clone, Serialize)]
pub struct BoardView {
    pub line: u32,
    pub stadium: Option<String>,
    /// The Stadium's card page.
    pub stadium_url: Option<String>,
    /// The effects in force on every Pokémon in play (a Stadium's).
    pub effects: Vec<EffectView>,
    pub players: Vec<SideView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SideView {
    pub name: String,
    pub prizes: String,
    pub hand: String,
    pub deck: String,
    pub discard: usize,
    /// The effects in force on this player's Pokémon.
    pub effects: Vec<EffectView>,
    pub active: Option<MonView>,
    pub bench: Vec<MonView>,
}

/// A card's name and its page.
#[derive(Debug, Clone, Serialize)]
pub struct CardLink {
    pub name: String,
    pub url: String,
}

impl CardLink {
    fn named(name: &str) -> CardLink {
        CardLink {
            name: name.to_string(),
            url: name_url(name),
        }
    }
}

/// One effect in force: what it does, its source (linked to the card), when it ends.
#[derive(Debug, Clone, Serialize)]
pub struct EffectView {
    pub what: String,
    pub source: String,
    pub url: String,
    pub until: String,
}

impl EffectView {
    fn new(e: &InForceEffect) -> EffectView {
        EffectView {
            what: e.what.clone(),
            source: e.source.clone(),
            url: match &e.card_id {
                Some(id) => print_url(id),
                None => name_url(&e.card),
            },
            until: e.until.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct MonView {
    pub name: String,
    /// Its card page: the print's when the log pins it, else the name's.
    pub url: String,
    /// The cards under it, Basic first ("Pikpik").
    pub stack: String,
    pub damage: i32,
    /// Its HP with what is in force ("280", or "70–130" when the prints it may be disagree),
    /// when the card data knows.
    pub hp: Option<String>,
    /// HP left, when the HP is one number that no card may change otherwise.
    pub hp_left: Option<i32>,
    /// What the HP is made of, when a card changes it ("230 printed + 50 from Hero's Cape"), or
    /// may change it in a way not read exactly ("; Gravity Mountain may change it").
    pub hp_from: Option<String>,
    pub energy: Vec<String>,
    pub tools: Vec<CardLink>,
    pub conditions: Vec<String>,
    pub effects: Vec<EffectView>,
}

impl BoardView {
    /// The board after the lines `replay` has read, shown as after log line `line`.
    pub fn new(replay: &Replay<'_>, line: u32) -> BoardView {
        BoardView::of(replay.state(), &replay.board_reading(), line)
    }

    /// The board of `state` as `reading` reads it.
    pub fn of(state: &GameState, reading: &BoardReading, line: u32) -> BoardView {
        let mon = |id| mon_view(state.mon(id), reading.mon(id));
        BoardView {
            line,
            stadium: state.stadium.as_ref().map(|s| s.name.to_string()),
            stadium_url: state
                .stadium
                .as_ref()
                .map(|s| super::cards::name_url(&s.name)),
            effects: reading.board.iter().map(EffectView::new).collect(),
            players: state
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| SideView {
                    name: p.name.to_string(),
                    prizes: p.prizes_left.map_or("?".to_string(), |n| n.to_string()),
                    hand: count(p.hand.known()),
                    deck: count(p.deck.known()),
                    discard: p.discard.len(),
                    effects: reading
                        .players
                        .get(i)
                        .map(|l| l.iter().map(EffectView::new).collect())
                        .unwrap_or_default(),
                    active: p.active.map(mon),
                    bench: p.bench.iter().map(|id| mon(*id)).collect(),
                })
                .collect(),
        }
    }
}

fn count(n: Option<i32>) -> String {
    n.map_or("?".to_string(), |n| n.to_string())
}

/// The page of one print, by the card data's id.
fn print_url(id: &str) -> String {
    format!("/cards/{}", super::cards::encode_query(id))
}

/// "120" or "70–130".
fn range((lo, hi): (i32, i32)) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}–{hi}")
    }
}

/// What the HP is made of, when a card changes it: "230 printed + 50 from Hero's Cape", "70
/// printed + 50 from Bravery Charm if it applies".
pub fn hp_from(hp: &HpReading) -> Option<String> {
    if hp.changes.is_empty() && hp.open_to.is_empty() {
        return None;
    }
    let mut out = format!("{} printed", range(hp.printed));
    for c in &hp.changes {
        let sign = if c.n < 0 { '−' } else { '+' };
        out.push_str(&format!(" {sign} {} from {}", c.n.abs(), c.card));
        if !c.sure {
            out.push_str(" if it applies");
        }
    }
    if !hp.open_to.is_empty() {
        out.push_str(&format!("; {} may change it", hp.open_to.join(" and ")));
    }
    Some(out)
}

fn mon_view(mon: &Pokemon, reading: Option<&MonReading>) -> MonView {
    let hp = reading.and_then(|r| r.hp.as_ref());
    let total = hp.map(HpReading::total);
    MonView {
        name: mon.name().to_string(),
        url: match reading.and_then(|r| r.print.as_deref()) {
            Some(id) => print_url(id),
            None => name_url(mon.name()),
        },
        stack: mon.stack[..mon.stack.len().saturating_sub(1)]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        damage: mon.damage,
        hp: total.map(range),
        hp_left: total
            .filter(|(lo, hi)| lo == hi && hp.is_some_and(|h| h.open_to.is_empty()))
            .map(|(lo, _)| (lo - mon.damage).max(0)),
        hp_from: hp.and_then(hp_from),
        energy: mon.energy.iter().map(ToString::to_string).collect(),
        tools: mon.tools.iter().map(|t| CardLink::named(t)).collect(),
        conditions: mon
            .conditions
            .iter()
            .map(|c| c.as_str().to_string())
            .collect(),
        effects: reading
            .map(|r| r.effects.iter().map(EffectView::new).collect())
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay::board_reading::HpChange;

    fn change(card: &str, n: i32, sure: bool) -> HpChange {
        HpChange {
            card: card.to_string(),
            n,
            sure,
        }
    }

    #[test]
    fn the_hp_says_what_changes_it() {
        let cape = HpReading {
            printed: (230, 230),
            changes: vec![change("Hero's Cape", 100, true)],
            open_to: Vec::new(),
        };
        assert_eq!(cape.total(), (330, 330));
        assert_eq!(
            hp_from(&cape).unwrap(),
            "230 printed + 100 from Hero's Cape"
        );
        let maybe = HpReading {
            printed: (70, 70),
            changes: vec![change("Bravery Charm", 50, false)],
            open_to: Vec::new(),
        };
        assert_eq!(maybe.total(), (70, 120));
        assert_eq!(
            hp_from(&maybe).unwrap(),
            "70 printed + 50 from Bravery Charm if it applies"
        );
        let none = HpReading {
            printed: (60, 70),
            changes: Vec::new(),
            open_to: Vec::new(),
        };
        assert_eq!(hp_from(&none), None);
        assert_eq!(range(none.total()), "60–70");
        let mountain = HpReading {
            printed: (280, 280),
            changes: Vec::new(),
            open_to: vec!["Gravity Mountain".to_string()],
        };
        assert_eq!(
            hp_from(&mountain).unwrap(),
            "280 printed; Gravity Mountain may change it"
        );
    }
}
