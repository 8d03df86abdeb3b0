//! Deck checker: is this deck list legal? See [`answer`].
//!
//! The rules, each problem citing its clause (`rulings/deck-building.md`):
//!
//! - `deck.sixty-cards`: exactly 60 cards; also every line of the list that cannot be read,
//!   and section headers or a `Total Cards` line that disagree with the card lines.
//! - `deck.four-copies` / `deck.same-name`: at most 4 cards of one name, basic Energy
//!   excepted (Special Energy counts). The name is [`same_name_key`]: Level, δ and a subtitle
//!   in brackets are not part of it; ex, V, GX, regional forms, owners, Radiant, ◇ are. The
//!   problem cites `deck.same-name` when the limit is passed only because differently written
//!   names are one name (4 Gengar + 1 Gengar LV.X).
//! - `deck.basic-pokemon`: at least one Basic Pokémon.
//! - `deck.ace-spec`: one ACE SPEC card in all; `deck.radiant`: one Radiant Pokémon in all;
//!   `deck.prism-star`: one of each Prism Star name.
//! - `deck.pokemon-star`: one Pokémon ☆ (Star) in all (HeartGold & SoulSilver rulebook, the
//!   classic basics), by the ☆ or ★ in its name.
//! - `deck.known-cards`: every line names a card the card data knows.
//! - `deck.format-legality`: every card is legal in the requested format.
//!
//! **Finding a line's card.** By set code and number first: the code is a set's `ptcgoCode`
//! in the card data (`TWM` → `sv6`; a code shared by a set and its subset, such as `BRS` for
//! `swsh9` and `swsh9tg`, tries both), or a set id; the number is tried as written, without
//! leading zeros, and as the digits of a prefixed number (`PR-SW 152` finds `SWSH152`). The
//! print found must carry the line's name (compared loosely, see [`lookup_key`]). Otherwise by
//! name: the exact name, then for basic Energy the data's spellings (`Basic {R} Energy`,
//! `Basic Fire Energy` and `Fire Energy` are one card), then the loose key. A line whose set
//! code and number name another card than its name says is a doubt (the name is used); a line
//! no card fits is a problem.
//!
//! **Format legality** is read from the card data's `legalities`, print by print: the data
//! already marks reprints legal where their newer print is (Base Set `Switch` is Standard
//! legal there), and bans are per print (Marshadow SLG 45 is banned in Expanded, Marshadow
//! UNB 81 is not). A line with a set code and number is judged by its print. A line with a name
//! only is legal when every print of the name is, illegal when none is, and a doubt when the
//! prints disagree (which print is meant is not said). The rulebooks in the seeds define no
//! formats; the data is the only source.
//!
//! **Without card data** the checker still counts the cards, applies the 4-copies rule by name
//! (basic Energy known by its name) and the Radiant and Prism Star limits by name (in the card
//! data every Radiant Pokémon is named `Radiant …` and every Prism Star card carries ◇, and
//! only they do). It cannot know Basic Pokémon, ACE SPEC cards or legality; those go to
//! `unverified` and `legal` is `null`: an unchecked deck is never called legal.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::cards::decklist::{DeckList, Section, parse_deck_list};
use crate::cards::{CardDb, Legalities, Legality};

use super::RequestError;

mod line;
mod rules;

use line::{Finder, Line};
use rules::{
    ACE_SPEC, RADIANT, SIXTY, STAR, basic_pokemon, format_legality, four_copies, known_cards,
    one_in_all, prism_star, sixty_cards,
};

/// `POST /api/v1/tools/deck`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRequest {
    /// The deck list as PTCG Live exports it.
    pub list: String,
    /// `standard`, `expanded` or `unlimited` (optional; case is ignored, an empty string is
    /// the same as none). Without it, format legality is not part of the question.
    #[serde(default)]
    pub format: Option<String>,
    /// The day the deck is played (`YYYY-MM-DD`; optional, today when absent or blank):
    /// Standard legality follows the regulation marks rotated out by then.
    #[serde(default)]
    pub date: Option<String>,
}

/// One thing wrong with the deck (in `problems`), or one thing the checker could not decide
/// (in `unverified`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckProblem {
    /// 1-based line of the list, when the problem is about one line.
    pub line: Option<usize>,
    pub clause: &'static str,
    pub message: String,
}

/// One card line as the checker read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckCard {
    pub line: usize,
    pub count: u32,
    /// The name as written.
    pub name: String,
    pub set_code: Option<String>,
    pub number: Option<String>,
    pub section: Option<Section>,
    /// The card data's id when the line means exactly one print (`sv6-128`).
    pub card_id: Option<String>,
    /// How many prints in the card data the line may mean (0: not found or no card data).
    pub prints: usize,
}

/// The answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeckAnswer {
    /// `true`: every rule checked and none broken; `false`: at least one problem; `null`:
    /// no problem found, but something could not be checked (see `unverified`).
    pub legal: Option<bool>,
    /// Cards on the lines that could be read.
    pub count: u32,
    /// The format checked (`standard`, `expanded`, `unlimited`), if one was asked.
    pub format: Option<&'static str>,
    /// The day format legality was judged for (`YYYY-MM-DD`), when a format was asked.
    pub date: Option<String>,
    /// In list order (by line), then the problems of the whole deck.
    pub problems: Vec<DeckProblem>,
    /// What could not be decided and why, in the same order.
    pub unverified: Vec<DeckProblem>,
    /// The card lines as read.
    pub cards: Vec<DeckCard>,
}

/// A format whose legality the card data records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckFormat {
    Standard,
    Expanded,
    Unlimited,
}

impl DeckFormat {
    /// `standard`, `expanded`, `unlimited`.
    pub fn as_str(self) -> &'static str {
        match self {
            DeckFormat::Standard => "standard",
            DeckFormat::Expanded => "expanded",
            DeckFormat::Unlimited => "unlimited",
        }
    }

    /// `Standard`, `Expanded`, `Unlimited`.
    pub fn label(self) -> &'static str {
        match self {
            DeckFormat::Standard => "Standard",
            DeckFormat::Expanded => "Expanded",
            DeckFormat::Unlimited => "Unlimited",
        }
    }

    /// What the card data records for this format.
    pub fn of(self, l: &Legalities) -> Option<Legality> {
        match self {
            DeckFormat::Standard => l.standard,
            DeckFormat::Expanded => l.expanded,
            DeckFormat::Unlimited => l.unlimited,
        }
    }

    /// Read the request's `format`: `None` for absent or blank, an error naming the field for
    /// anything but the three formats.
    pub fn parse(format: Option<&str>) -> Result<Option<DeckFormat>, RequestError> {
        let Some(raw) = format else { return Ok(None) };
        let f = raw.trim();
        if f.is_empty() {
            return Ok(None);
        }
        match f.to_ascii_lowercase().as_str() {
            "standard" => Ok(Some(DeckFormat::Standard)),
            "expanded" => Ok(Some(DeckFormat::Expanded)),
            "unlimited" => Ok(Some(DeckFormat::Unlimited)),
            _ => {
                let shown: String = f.chars().take(40).collect();
                Err(RequestError::new(
                    "format",
                    sentence!("unknown format {shown:?}; expected standard, expanded or unlimited"),
                ))
            }
        }
    }
}

/// Check a deck list. `Err` only for a request that cannot be answered (unknown format, an
/// empty or oversized list), naming the field.
pub fn answer(req: &DeckRequest, db: Option<&CardDb>) -> Result<DeckAnswer, RequestError> {
    let format = DeckFormat::parse(req.format.as_deref())?;
    let on = match req.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        None => chrono::Utc::now().date_naive(),
        Some(d) => NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| {
            let shown: String = d.chars().take(40).collect();
            RequestError::new(
                "date",
                sentence!("{shown:?} is not a date; expected YYYY-MM-DD, e.g. 2025-06-14"),
            )
        })?,
    };
    let list = parse_deck_list(&req.list).map_err(|e| RequestError::new("list", e.to_string()))?;
    Ok(check_on(&list, format, on, db))
}

/// Check a parsed list (the pure core of [`answer`]), for a deck played today.
pub fn check(list: &DeckList, format: Option<DeckFormat>, db: Option<&CardDb>) -> DeckAnswer {
    check_on(list, format, chrono::Utc::now().date_naive(), db)
}

/// Check a parsed list for a deck played on `on`.
pub fn check_on(
    list: &DeckList,
    format: Option<DeckFormat>,
    on: NaiveDate,
    db: Option<&CardDb>,
) -> DeckAnswer {
    let mut out = Findings::default();
    for issue in &list.issues {
        out.problem(Some(issue.line), SIXTY, issue.message.clone());
    }
    let mut finder = db.map(Finder::new);
    let lines: Vec<Line> = list
        .entries
        .iter()
        .map(|e| Line::read(e, finder.as_mut()))
        .collect();

    known_cards(&lines, db.is_some(), &mut out);
    four_copies(&lines, &mut out);
    if db.is_some() {
        one_in_all(&lines, ACE_SPEC, "ACE SPEC card", |l| l.ace_spec, &mut out);
    } else if !lines.is_empty() {
        out.doubt(
            None,
            ACE_SPEC,
            "Which cards are ACE SPEC cards is in the card data, and none is loaded; the limit \
             of one ACE SPEC card was not checked."
                .into(),
        );
    }
    // Radiant Pokémon are known by their name when the card data is missing.
    one_in_all(&lines, RADIANT, "Radiant Pokémon", |l| l.radiant, &mut out);
    one_in_all(&lines, STAR, "Pokémon ☆", |l| l.star, &mut out);
    prism_star(&lines, &mut out);
    format_legality(&lines, format, db, on, &mut out);
    // Deck-wide rules come after the lines.
    sixty_cards(list, &mut out);
    basic_pokemon(&lines, db.is_some(), &mut out);

    let Findings {
        mut problems,
        mut unverified,
    } = out;
    // Line order, deck-wide last; the sort is stable so a line keeps its rules' order.
    problems.sort_by_key(|p| (p.line.is_none(), p.line));
    unverified.sort_by_key(|p| (p.line.is_none(), p.line));
    let legal = if !problems.is_empty() {
        Some(false)
    } else if !unverified.is_empty() {
        None
    } else {
        Some(true)
    };
    DeckAnswer {
        legal,
        count: list.count(),
        format: format.map(DeckFormat::as_str),
        date: format.map(|_| on.format("%Y-%m-%d").to_string()),
        problems,
        unverified,
        cards: lines.iter().map(Line::card).collect(),
    }
}

#[derive(Default)]
pub(super) struct Findings {
    problems: Vec<DeckProblem>,
    unverified: Vec<DeckProblem>,
}

impl Findings {
    pub(super) fn problem(&mut self, line: Option<usize>, clause: &'static str, message: String) {
        self.problems.push(DeckProblem {
            line,
            clause,
            message,
        });
    }

    pub(super) fn doubt(&mut self, line: Option<usize>, clause: &'static str, message: String) {
        self.unverified.push(DeckProblem {
            line,
            clause,
            message,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::rules::{BASIC, FORMAT, FOUR, KNOWN};
    use super::*;

    fn req(list: &str, format: Option<&str>) -> DeckRequest {
        DeckRequest {
            list: list.into(),
            format: format.map(str::to_string),
            date: None,
        }
    }

    #[test]
    fn format_field_is_checked() {
        assert_eq!(DeckFormat::parse(None), Ok(None));
        assert_eq!(DeckFormat::parse(Some("  ")), Ok(None));
        assert_eq!(
            DeckFormat::parse(Some("Standard")),
            Ok(Some(DeckFormat::Standard))
        );
        let e = DeckFormat::parse(Some("modern")).unwrap_err();
        assert_eq!(e.field, "format");
        let e = answer(&req("4 Dreepy", Some("glc")), None).unwrap_err();
        assert_eq!(e.field, "format");
    }

    #[test]
    fn list_errors_name_the_list() {
        let e = answer(&req("  \n ", None), None).unwrap_err();
        assert_eq!(e.field, "list");
        let big = "4 Dreepy TWM 128\n".repeat(5_000);
        let e = answer(&req(&big, None), None).unwrap_err();
        assert_eq!(e.field, "list");
        assert!(e.message.contains("bytes"), "{}", e.message);
    }

    #[test]
    fn without_card_data_legal_is_never_true() {
        let list = "4 Dreepy\n56 Basic {R} Energy";
        let a = answer(&req(list, Some("standard")), None).unwrap();
        assert_eq!(a.legal, None);
        assert_eq!(a.count, 60);
        assert!(a.problems.is_empty(), "{:?}", a.problems);
        let clauses: Vec<_> = a.unverified.iter().map(|u| u.clause).collect();
        for c in [KNOWN, ACE_SPEC, FORMAT, BASIC] {
            assert!(clauses.contains(&c), "{c} missing from {clauses:?}");
        }
        // Problems found by name still make it illegal.
        let a = answer(&req("5 Dreepy\n55 Fire Energy", None), None).unwrap();
        assert_eq!(a.legal, Some(false));
        assert_eq!(a.problems[0].clause, FOUR);
        assert_eq!(a.problems[0].line, Some(1));
    }
}
