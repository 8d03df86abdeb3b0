//! Prize cards changed for a Knock Out: "if <Pokémon> is Knocked Out …, <a player> takes N more
//! (fewer) Prize cards / can't take any Prize cards for it". What is read exactly is whose Knock
//! Out the text speaks of: a check about a Knock Out of a Pokémon the text cannot name is not
//! doubted by it. The amount and the rest of the condition are not read (the text stays a doubt
//! wherever the Pokémon Knocked Out may be one it names).
//!
//! Families (golden rows in `golden.rs`): "if this Pokémon is Knocked Out by damage from an
//! attack from …", "if the Pokémon this card is attached to is Knocked Out …", "if 1 of your
//! <kind> Pokémon is Knocked Out …", "if your opponent's <kind> Pokémon is Knocked Out by damage
//! from this attack …", "if this Pokémon is <state> and is Knocked Out …".

use serde::Serialize;

use super::Exact;
use super::phrases::{self, Who};

/// A change to the Prize cards taken for a Knock Out.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PrizesMod {
    /// The Pokémon whose Knock Out it speaks of.
    pub knocked_out: Who,
}

/// Read one sentence (normalised, lower case, no final period); `None` when it is not of this
/// family or its subject is not understood.
pub fn read(s: &str) -> Option<Vec<Exact>> {
    taken_now(s).or_else(|| for_knock_out(s))
}

/// "take a Prize card", "each player takes a Prize card" (after a condition of its own, "if
/// yes, …"): Prize cards the effect itself takes when it is used, with no Knock Out.
fn taken_now(s: &str) -> Option<Vec<Exact>> {
    if s.contains("knocked out") {
        return None;
    }
    let main = s.rsplit_once(", ").map_or(s, |(_, m)| m);
    let taken = [
        "take a prize card",
        "take 1 prize card",
        "take 2 prize cards",
        "each player takes a prize card",
        "each player takes 1 prize card",
        // The question before the taking ("… if yes, each player takes a Prize card").
        "ask your opponent if each player may take a prize card",
    ];
    taken.contains(&main).then(|| vec![Exact::PrizesTaken])
}

fn for_knock_out(s: &str) -> Option<Vec<Exact>> {
    let rest = ["if ", "when ", "whenever "]
        .iter()
        .find_map(|lead| s.strip_prefix(lead))?;
    let (subject, after) = rest.split_once(" is knocked out")?;
    // "this pokemon is in the active spot and" / "this pokemon is asleep and": the subject
    // is what comes before its first "is".
    let subject = subject
        .split_once(" is ")
        .filter(|(_, state)| state.ends_with(" and"))
        .map_or(subject, |(who, _)| who);
    let subject = subject.strip_prefix("1 of ").unwrap_or(subject);
    // The main clause: the one after the condition's comma, about Prize cards taken.
    let (_, main) = after.rsplit_once(", ")?;
    let takes = ["take ", "takes ", "can't take any prize"]
        .iter()
        .any(|w| main.contains(w));
    if !main.contains("prize card") || !takes {
        return None;
    }
    let knocked_out = phrases::who(subject)?;
    Some(vec![Exact::Prizes(PrizesMod { knocked_out })])
}

impl std::fmt::Display for PrizesMod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Prize cards changed when {} is Knocked Out",
            self.knocked_out
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::effects::exact::phrases::Side;

    fn subject(s: &str) -> Option<Side> {
        match read(s)?.pop()? {
            Exact::Prizes(p) => Some(p.knocked_out.side),
            _ => None,
        }
    }

    #[test]
    fn reads_whose_knock_out_the_text_speaks_of() {
        assert_eq!(
            subject(
                "if this pokemon is knocked out by damage from an attack from your opponent's pokemon v, your opponent can't take any prize cards for it"
            ),
            Some(Side::Holder)
        );
        assert_eq!(
            subject("if this pokemon is in the active spot and is knocked out, flip a coin"),
            None,
            "the sentence after it is read on its own"
        );
        assert_eq!(
            subject(
                "if your opponent's pokemon is knocked out by damage from this attack, take 1 more prize card"
            ),
            Some(Side::Opponent)
        );
        assert_eq!(
            subject(
                "if this pokemon is asleep and is knocked out by damage from an attack from your opponent's pokemon, your opponent can't take any prize cards for it"
            ),
            Some(Side::Holder)
        );
        assert_eq!(
            read("if yes, each player takes a prize card"),
            Some(vec![Exact::PrizesTaken])
        );
        assert_eq!(read("take a prize card"), Some(vec![Exact::PrizesTaken]));
        // Not about Prize cards taken.
        assert_eq!(
            subject("if this pokemon is knocked out, search your deck for a card"),
            None
        );
    }
}
