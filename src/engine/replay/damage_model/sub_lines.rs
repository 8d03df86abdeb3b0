//! What an attack's sub-lines show: the coins it flipped, the cards it discarded, the cards it
//! moved. Counts of an exact effect read from the log where the tracked state does not know them.

use crate::cards::effects::exact::Cards;
use crate::log::{CardRef, Destination, Event};

use super::super::judges::Judging;

/// The coins flipped by the action on `line` (its sub-lines): (coins, heads).
pub(super) fn coins(j: &Judging<'_, '_>, line: usize) -> Option<(u32, u32)> {
    let mut found = None;
    for l in j.lines.sub_lines(line) {
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
    let mut n = 0;
    for (i, l) in j.lines.sub_lines(line).iter().enumerate() {
        let (Event::Discard { card, .. } | Event::DiscardFromPokemon { card, .. }) = &l.event
        else {
            continue;
        };
        match (j.lines.cards_named(line + 1 + i, card), card) {
            (Some(names), _) => n += names.iter().filter(|c| what.has(c)).count() as i32,
            (None, CardRef::Hidden { count }) if !energy => n += *count as i32,
            (None, _) => return Err("the log does not name the cards discarded".into()),
        }
    }
    Ok(n)
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
    let mut n = 0;
    let mut any = false;
    for (i, l) in j.lines.sub_lines(line).iter().enumerate() {
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
        let names = match (j.lines.cards_named(line + 1 + i, card), card) {
            (Some(names), CardRef::Hidden { count }) if names.len() != *count as usize => None,
            (names, _) => names,
        }
        .ok_or("the log does not name the cards moved")?;
        if let Some(other) = names.iter().find(|c| !what.has(c)) {
            return Err(sentence!("the log moves {other}, not a {what}"));
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
