//! What an attack's sub-lines show: the coins it flipped, the cards it discarded, the cards it
//! moved. Counts of an exact effect read from the log where the tracked state does not know them.

use crate::cards::effects::exact::Cards;
use crate::log::{CardRef, Depth, Destination, Event, Text};

use super::super::judges::Judging;

/// The coins flipped by the action on `line` (its sub-lines): (coins, heads).
pub(super) fn coins(j: &Judging<'_, '_>, line: usize) -> Option<(u32, u32)> {
    let mut found = None;
    for l in j.lines.log.lines.iter().skip(line + 1) {
        if l.depth == Depth::Top && !matches!(l.event, Event::Blank) {
            break;
        }
        if let Event::CoinFlip { flips, heads, .. } = &l.event {
            let (f, h) = found.unwrap_or((0, 0));
            found = Some((f + flips, h + heads));
        }
    }
    found
}

/// The cards the action on `line` discarded (its sub-lines), of the kind `what`.
pub(super) fn discarded_by(j: &Judging<'_, '_>, line: usize, what: &Cards) -> Result<i32, String> {
    let energy = !matches!(what, Cards::Any);
    let lines = &j.lines.log.lines;
    let mut n = 0;
    let mut i = line + 1;
    let mut any = false;
    while let Some(l) = lines.get(i) {
        if l.depth == Depth::Top && !matches!(l.event, Event::Blank) {
            break;
        }
        let names: Vec<Text> = match &l.event {
            Event::Discard { card, .. } | Event::DiscardFromPokemon { card, .. } => match card {
                CardRef::Named { card } => vec![card.name.clone()],
                CardRef::Hidden { count } => match lines.get(i + 1).map(|n| &n.event) {
                    Some(Event::CardList { cards }) => {
                        cards.iter().map(|c| c.name.clone()).collect()
                    }
                    _ if !energy => {
                        n += *count as i32;
                        any = true;
                        i += 1;
                        continue;
                    }
                    _ => return Err("the log does not name the cards discarded".into()),
                },
            },
            _ => Vec::new(),
        };
        for name in names {
            any = true;
            if what.has(&name) {
                n += 1;
            }
        }
        i += 1;
    }
    if any { Ok(n) } else { Ok(0) }
}

/// The cards of the kind `what` that the action on `line` moved from `player`'s discard pile
/// to their deck or hand (its sub-lines): the cards a text counted and then moves ("then,
/// shuffle those cards into your deck"). Unknown unless exactly one sub-line moves that
/// player's cards, and every card it names is of the kind (another line, or another card, may
/// be another effect's).
pub(super) fn moved_by(
    j: &Judging<'_, '_>,
    line: usize,
    player: &str,
    what: &Cards,
) -> Result<i32, String> {
    let lines = &j.lines.log.lines;
    let mut n = 0;
    let mut any = false;
    for (i, l) in lines.iter().enumerate().skip(line + 1) {
        if l.depth == Depth::Top && !matches!(l.event, Event::Blank) {
            break;
        }
        let (who, card) = match &l.event {
            Event::ShuffleInto {
                player,
                card,
                into: Destination::Deck | Destination::DeckTop | Destination::DeckBottom,
            }
            | Event::AddedToHand { player, card } => (player, card),
            _ => continue,
        };
        if who.as_str() != player {
            continue;
        }
        let names: Vec<&Text> = match card {
            CardRef::Named { card } => vec![&card.name],
            CardRef::Hidden { count } => match lines.get(i + 1).map(|n| &n.event) {
                Some(Event::CardList { cards }) if cards.len() == *count as usize => {
                    cards.iter().map(|c| &c.name).collect()
                }
                _ => return Err("the log does not name the cards moved".into()),
            },
        };
        if let Some(other) = names.iter().find(|c| !what.has(c)) {
            return Err(format!("the log moves {other}, not a {what}"));
        }
        if any {
            return Err("more than one line moves cards: which are the ones counted".into());
        }
        any = true;
        n += names.len() as i32;
    }
    if any {
        Ok(n)
    } else {
        Err("the log does not show the cards the attack moves".into())
    }
}
