//! A Pokémon's HP as the Knock Out checks need it: the lowest and highest printed HP of the
//! prints it may be, and what the cards in force do to it. A Tool attached to it whose text is
//! read exactly ("The Pokémon this card is attached to gets +100 HP.") raises it by that much;
//! any other text that may raise or lower it is a doubt, named.

use crate::cards::effects::Fact;
use crate::cards::effects::exact::{Exact, Side};
use crate::log::Text;

use crate::engine::facts;
use crate::engine::in_force::EffectSource;
use crate::engine::replay::card_facts::InForce;
use crate::engine::replay::judges::Judging;
use crate::engine::state::PokemonId;

/// The texts a judge read exactly: (card name, attack or Ability name; empty for a card's
/// rules), which the card-text gate need not doubt again.
pub(super) type ReadTexts = Vec<(Text, String)>;

/// The HP of a Pokémon in play, as the lowest and highest of its possible prints, with why a
/// card may raise or lower it; `Err` when the HP is not known.
pub(super) fn hp_of(j: &Judging<'_, '_>, id: PokemonId) -> Result<Hp, String> {
    let (lo, hi_any) = hp_bounds(j, id)?;
    // An `ok` needs the highest HP among the prints the game client carries; a violation,
    // the lowest of them all (see `CardFacts::client_pool`).
    let client = j.cards.client_prints_of(j.state, id)?;
    let hi = facts::hp_range(&client).map_or(hi_any, |(_, hi)| hi as i32);
    // The cards that may change it, listed once for both questions.
    let names = cards_on(j, id);
    let mut hp = Hp {
        lo,
        hi,
        hi_any,
        may_raise: j.cards.may_change_by(&names, hp_raise_phrase),
        may_lower: hp_may_change(j, &names, &[" hp", "hit points"], &[]),
        raised: None,
        read: Vec::new(),
    };
    // Every card that may raise it read exactly: the HP is known with them.
    if hp.may_raise.is_some()
        && let Some(r) = exact_raise(j, id)
    {
        hp.lo += r.sure;
        hp.hi += r.most;
        hp.hi_any += r.most;
        hp.may_raise = None;
        // The texts read exactly only raise it ("+N HP"): they lower nothing.
        let raising: Vec<Text> = r.texts.iter().map(|(c, _)| c.clone()).collect();
        hp.may_lower = hp_may_change(j, &names, &[" hp", "hit points"], &raising);
        hp.raised = Some(r.how.join(", "));
        hp.read = r.texts;
    }
    Ok(hp)
}

/// What the cards in force that may raise a Pokémon's HP add to it, each read exactly: at
/// least `sure` (a Tool attached to it that raises its holder's HP with no condition), at most
/// `most` (every reading that may apply).
#[derive(Debug, Default)]
pub(super) struct Raise {
    pub(super) sure: i32,
    pub(super) most: i32,
    /// "Hero's Cape: +100 HP" for each.
    pub(super) how: Vec<String>,
    /// The texts read: (card name, attack or Ability name; empty for a card's rules), which the
    /// card-text gate need not doubt again.
    pub(super) texts: Vec<(Text, String)>,
}

/// [`Raise`], or `None` when a card that may raise the HP is not read exactly.
pub(super) fn exact_raise(j: &Judging<'_, '_>, id: PokemonId) -> Option<Raise> {
    let mon = j.state.mon(id);
    let names = cards_on(j, id);
    let source = InForce {
        cards: j.cards,
        state: j.state,
    };
    let mut r = Raise::default();
    for name in names {
        if j.cards
            .may_change_by(std::slice::from_ref(&name), hp_raise_phrase)
            .is_none()
        {
            continue;
        }
        let effects = source.named_effects(&name).ok()?;
        let mut read = false;
        for text in effects.texts() {
            if !text.facts().contains(Fact::MaxHp) {
                continue;
            }
            if text.inexact.contains(Fact::MaxHp) {
                return None;
            }
            for e in &text.exact {
                let Exact::Hp(h) = e else { continue };
                if h.n < 0 {
                    // A text that lowers HP is left to `may_lower`'s doubt.
                    return None;
                }
                read = true;
                let attached = mon.tools.contains(&name);
                let sure = attached
                    && h.to.side == Side::Holder
                    && h.to.filters.is_empty()
                    && h.when.is_empty();
                if sure {
                    r.sure += h.n;
                }
                r.most += h.n.max(0);
                r.how.push(sentence!("{name}: {:+} HP", h.n));
                let read_text = (name.clone(), text.name.clone());
                if !r.texts.contains(&read_text) {
                    r.texts.push(read_text);
                }
            }
        }
        // A text that speaks of raising HP but reads as no HP change: not known.
        if !read {
            return None;
        }
    }
    Some(r)
}

/// The lowest and highest printed HP of the prints a Pokémon in play may be.
fn hp_bounds(j: &Judging<'_, '_>, id: PokemonId) -> Result<(i32, i32), String> {
    j.cards.hp_bounds(j.state, id)
}

/// Why a card may raise this Pokémon's HP: what is attached to it, its own Abilities, or
/// the Stadium.
pub(super) fn hp_may_raise(j: &Judging<'_, '_>, id: PokemonId) -> Option<String> {
    j.cards.may_change_by(&cards_on(j, id), hp_raise_phrase)
}

/// The cards whose text may change a Pokémon's HP: what is attached to it, its own Abilities,
/// and the Stadium.
fn cards_on(j: &Judging<'_, '_>, id: PokemonId) -> Vec<Text> {
    let mut names: Vec<Text> = j.cards_in_play(Some(&[id]));
    if let Some(s) = &j.state.stadium {
        names.push(s.name.clone());
    }
    names
}

/// Why one of `names` (less `except`) may change the HP as `phrases` say.
fn hp_may_change(
    j: &Judging<'_, '_>,
    names: &[Text],
    phrases: &[&str],
    except: &[Text],
) -> Option<String> {
    if except.is_empty() {
        return j.cards.may_change(names, phrases);
    }
    let names: Vec<Text> = names
        .iter()
        .filter(|n| !except.contains(n))
        .cloned()
        .collect();
    j.cards.may_change(&names, phrases)
}

/// Whether a Pokémon's damage has surely reached its HP, whatever print it is, and nothing
/// may raise the HP; `Some(hp)` then.
pub(super) fn surely_at_hp(j: &Judging<'_, '_>, id: PokemonId, damage: i32) -> Option<i32> {
    surely_at_hp_reading(j, id, damage).map(|(hp, _)| hp)
}

/// [`surely_at_hp`], with the texts read exactly to know it (for the card-text gate).
pub(super) fn surely_at_hp_reading(
    j: &Judging<'_, '_>,
    id: PokemonId,
    damage: i32,
) -> Option<(i32, ReadTexts)> {
    let (_, hi) = hp_bounds(j, id).ok()?;
    // What may raise the HP only raises it (a text that lowers it is not read exactly): below
    // the highest printed HP the damage is surely short of it, whatever the cards in force.
    if damage < hi {
        return None;
    }
    if hp_may_raise(j, id).is_none() {
        return Some((hi, Vec::new()));
    }
    // Either way: with every raise read exactly, the damage reaches even the highest HP.
    let r = exact_raise(j, id)?;
    let most = hi + r.most;
    (damage >= most).then_some((most, r.texts))
}

/// The phrase of a (lower case) card text that raises HP: "+30 hp", "more hp", "hp is
/// increased", "maximum hp".
pub(super) fn hp_raise_phrase(text: &str) -> Option<String> {
    for (i, _) in text.match_indices("hp") {
        let before = &text[..i];
        if before.ends_with("more ") {
            return Some("more hp".to_string());
        }
        if before.ends_with("maximum ") {
            return Some("maximum hp".to_string());
        }
        if text[i..].starts_with("hp is increased") {
            return Some("hp is increased".to_string());
        }
        // "+N hp" with N a multiple of 10.
        if let Some(number) = before.strip_suffix(' ') {
            let digits = number.len() - number.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let (head, n) = number.split_at(number.len() - digits);
            if digits >= 2 && n.ends_with('0') && head.ends_with('+') {
                return Some(sentence!("+{n} hp"));
            }
        }
    }
    None
}

/// "120" or "120 (whichever print)" when prints differ.
pub(super) fn hp_text(j: &Judging<'_, '_>, id: PokemonId, hi: i32, hi_any: i32) -> String {
    if hi < hi_any {
        return sentence!(
            "at most {hi} (whichever print from Sword & Shield on, the card pool of Pokémon TCG Live, it is; an older print has {hi_any})"
        );
    }
    // The prints agree on the HP (`facts::hp`) exactly when their lowest and highest HP are one:
    // asked of the memoised bounds, not of a copy of the prints (0.3M instructions over 504
    // Knock Outs, the 24 English logs 3 rounds, at a525354).
    match hp_bounds(j, id) {
        Ok((lo, most)) if lo == most => hi.to_string(),
        _ => sentence!("at most {hi} (whichever print it is)"),
    }
}

/// HP as the checks need it.
pub(super) struct Hp {
    /// The lowest printed HP of any print it may be.
    pub(super) lo: i32,
    /// The highest printed HP of the prints the game client carries.
    pub(super) hi: i32,
    /// The highest printed HP of any print it may be.
    pub(super) hi_any: i32,
    /// Why a card in play may raise it (a Knock Out at the printed HP may then be early).
    pub(super) may_raise: Option<String>,
    /// Why a card in play may lower it (a Knock Out below the printed HP may then be right).
    pub(super) may_lower: Option<String>,
    /// The cards whose exact readings `lo` and `hi` include ("Hero's Cape: +100 HP").
    pub(super) raised: Option<String>,
    /// Their texts, for the card-text gate.
    pub(super) read: Vec<(Text, String)>,
}

#[cfg(test)]
mod tests {
    use super::hp_raise_phrase;

    #[test]
    fn finds_the_phrases_that_raise_hp() {
        assert_eq!(
            hp_raise_phrase("the pokémon this card is attached to gets +100 hp."),
            Some("+100 hp".into())
        );
        assert_eq!(
            hp_raise_phrase("its maximum hp is 300."),
            Some("maximum hp".into())
        );
        assert_eq!(
            hp_raise_phrase("this pokémon gets 50 more hp"),
            Some("more hp".into())
        );
        assert_eq!(
            hp_raise_phrase("heal 30 damage. it has more hp"),
            Some("more hp".into())
        );
        assert_eq!(hp_raise_phrase("if it has 30 hp or less"), None);
        assert_eq!(hp_raise_phrase("+5 hp"), None);
    }
}
