//! Standard rotation by regulation mark: a dated table the project keeps, and what it says of a
//! card name on a given day.
//!
//! Since 2023 the Standard format is defined by the regulation mark printed on each card: on a
//! rotation day the oldest marks still legal move on by one letter. A card name is Standard-legal
//! only while some print of it carries a mark that has not rotated (older prints of the same
//! card, with a rotated mark or none, may be played beside it). The card data's `legalities`
//! field is a snapshot of the day the data was made; this table is what makes a card stop being
//! Standard-legal once its mark rotates, even when the data still says `Legal`.
//!
//! The table grows only with a rotation that has been announced and taken effect; a day after
//! the newest entry is judged by the newest entry. It never makes a card legal: legality still
//! needs the card data (bans, release waiting periods, unmarked reprints).

use chrono::NaiveDate;

use super::model::Card;

/// One Standard rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rotation {
    /// The day it took effect for Play! Pokémon events.
    pub events: NaiveDate,
    /// The day it took effect in Pokémon TCG Live (before the events' day).
    pub live: NaiveDate,
    /// The oldest regulation mark still legal from then on.
    pub oldest_mark: char,
}

const fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(y, m, d) {
        Some(date) => date,
        None => panic!("not a date"),
    }
}

/// Every Standard rotation by regulation mark, oldest first (Play! Pokémon announcements of
/// January 2023, January 2024 and January 2025).
pub const STANDARD_ROTATIONS: &[Rotation] = &[
    // D rotates: E and later.
    Rotation {
        events: day(2023, 4, 14),
        live: day(2023, 3, 30),
        oldest_mark: 'E',
    },
    // E rotates: F and later.
    Rotation {
        events: day(2024, 4, 5),
        live: day(2024, 3, 21),
        oldest_mark: 'F',
    },
    // F rotates: G and later.
    Rotation {
        events: day(2025, 4, 11),
        live: day(2025, 3, 27),
        oldest_mark: 'G',
    },
];

/// Where a game or a deck is played: the rotation day differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Venue {
    /// A Play! Pokémon event.
    Events,
    /// Pokémon TCG Live.
    Live,
}

/// The rotation in force on `on` at `venue`, if any has taken effect by then.
pub fn in_force(on: NaiveDate, venue: Venue) -> Option<&'static Rotation> {
    STANDARD_ROTATIONS.iter().rev().find(|r| match venue {
        Venue::Events => r.events <= on,
        Venue::Live => r.live <= on,
    })
}

/// A card name whose every regulation mark has rotated out of Standard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotated {
    /// The newest mark any print of the name carries.
    pub newest_mark: char,
    pub rotation: &'static Rotation,
}

/// Whether the prints of one card name (all of them, not only the print a deck line names: an
/// older print may be played while a newer print of the card is legal) have all rotated out of
/// Standard on `on`. `None`: not rotated, or the marks cannot say (no print has one: cards
/// from before regulation marks, and basic Energy, are left to the card data).
pub fn standard_rotated<'c>(
    prints: impl IntoIterator<Item = &'c Card>,
    on: NaiveDate,
    venue: Venue,
) -> Option<Rotated> {
    let rotation = in_force(on, venue)?;
    let newest_mark = prints
        .into_iter()
        .filter_map(|c| mark_letter(c.regulation_mark.as_deref()?))
        .max()?;
    (newest_mark < rotation.oldest_mark).then_some(Rotated {
        newest_mark,
        rotation,
    })
}

/// A regulation mark's letter (`"G"` -> `G`); `None` for anything else.
fn mark_letter(mark: &str) -> Option<char> {
    let mut chars = mark.trim().chars();
    let letter = chars.next()?.to_ascii_uppercase();
    (letter.is_ascii_uppercase() && chars.next().is_none()).then_some(letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(mark: Option<&str>) -> Card {
        let mut c = crate::cards::test_support::pokemon("x-1", "Dreepy", &["Basic"], &[]);
        c.regulation_mark = mark.map(str::to_string);
        c
    }

    #[test]
    fn the_table_is_in_order_and_each_rotation_moves_one_mark() {
        for pair in STANDARD_ROTATIONS.windows(2) {
            assert!(pair[0].events < pair[1].events);
            assert_eq!(pair[0].oldest_mark as u8 + 1, pair[1].oldest_mark as u8);
        }
        for r in STANDARD_ROTATIONS {
            assert!(r.live < r.events, "{r:?}");
        }
    }

    #[test]
    fn the_rotation_in_force_depends_on_the_day_and_the_venue() {
        assert_eq!(in_force(day(2023, 4, 13), Venue::Events), None);
        assert_eq!(
            in_force(day(2023, 4, 13), Venue::Live).unwrap().oldest_mark,
            'E'
        );
        assert_eq!(
            in_force(day(2025, 4, 10), Venue::Events)
                .unwrap()
                .oldest_mark,
            'F'
        );
        assert_eq!(
            in_force(day(2025, 4, 11), Venue::Events)
                .unwrap()
                .oldest_mark,
            'G'
        );
        assert_eq!(
            in_force(day(2026, 11, 25), Venue::Events)
                .unwrap()
                .oldest_mark,
            'G'
        );
    }

    #[test]
    fn a_name_rotates_only_when_every_marked_print_has() {
        let on = day(2025, 6, 1);
        let f = card(Some("F"));
        let g = card(Some("G"));
        let none = card(None);
        let rotated = standard_rotated([&f], on, Venue::Events).unwrap();
        assert_eq!(rotated.newest_mark, 'F');
        assert_eq!(rotated.rotation.oldest_mark, 'G');
        // A newer print keeps the name legal, and with it its older prints.
        assert_eq!(standard_rotated([&f, &g], on, Venue::Events), None);
        // No mark at all: the marks cannot say.
        assert_eq!(standard_rotated([&none], on, Venue::Events), None);
        assert!(standard_rotated([&none, &f], on, Venue::Events).is_some());
        // Before the rotation day the F print is still legal.
        assert_eq!(
            standard_rotated([&f], day(2025, 4, 10), Venue::Events),
            None
        );
        assert!(standard_rotated([&f], day(2025, 4, 10), Venue::Live).is_some());
    }

    #[test]
    fn marks_are_single_letters() {
        assert_eq!(mark_letter("g"), Some('G'));
        assert_eq!(mark_letter(" H "), Some('H'));
        assert_eq!(mark_letter("GH"), None);
        assert_eq!(mark_letter(""), None);
        assert_eq!(mark_letter("1"), None);
    }
}
