//! The era of the cards a game is played with, as far as the classic basics date a rule by it:
//! "starting with EX Ruby & Sapphire" (no draw for the first player's first turn) and "before
//! the EX-series expansions" (Confusion's self-damage). A game with a card that was only ever
//! printed from EX Ruby & Sapphire on cannot have been played before that set, so the newer
//! wording applies to it; a game whose cards all have older prints leaves the era open.

use crate::cards::CardDb;

/// The set that opens the EX series: EX Ruby & Sapphire.
pub const EX_SERIES_FIRST_SET: &str = "ex1";

/// Whether every print of `name` in the card data came out on or after EX Ruby & Sapphire.
/// `false` when the data does not know the card, the set or a release date.
pub fn only_from_ex_series(db: &CardDb, name: &str) -> bool {
    let Some(start) = db
        .set(EX_SERIES_FIRST_SET)
        .and_then(|s| s.release_date.as_deref())
    else {
        return false;
    };
    let prints = db.by_name(name);
    !prints.is_empty()
        && prints.iter().all(|&i| {
            let date = db.release_date(db.card(i));
            !date.is_empty() && date >= start
        })
}

/// The first of `names` that dates the game from the EX series on, if any.
pub fn ex_series_card<'n>(
    db: Option<&CardDb>,
    names: impl IntoIterator<Item = &'n str>,
) -> Option<&'n str> {
    let db = db?;
    names.into_iter().find(|n| only_from_ex_series(db, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_only_printed_from_ex_ruby_and_sapphire_on_dates_the_game() {
        let db = crate::cards::snapshot::builtin().unwrap();
        // Sandy Shocks: Scarlet & Violet only.
        assert!(only_from_ex_series(&db, "Sandy Shocks"));
        // Pikachu was printed in the first sets: it dates nothing.
        assert!(!only_from_ex_series(&db, "Pikachu"));
        assert!(!only_from_ex_series(&db, "No Such Card"));
        assert_eq!(
            ex_series_card(Some(&db), ["Pikachu", "Sandy Shocks"]),
            Some("Sandy Shocks")
        );
        assert_eq!(ex_series_card(None, ["Sandy Shocks"]), None);
    }
}
