//! The deck-building rules, one function each, every problem citing its clause
//! (`rulings/deck-building.md`).

use chrono::NaiveDate;
use rustc_hash::FxHashMap as HashMap;

use crate::cards::decklist::{DeckEntry, DeckList, ListIssueKind};
use crate::cards::rotation::{self, Venue};
use crate::cards::{Card, CardDb, Legality};

use super::line::{Know, Line};
use super::{DeckFormat, Findings};

pub(super) const SIXTY: &str = "deck.sixty-cards";
pub(super) const FOUR: &str = "deck.four-copies";
pub(super) const SAME_NAME: &str = "deck.same-name";
pub(super) const BASIC: &str = "deck.basic-pokemon";
pub(super) const ACE_SPEC: &str = "deck.ace-spec";
pub(super) const RADIANT: &str = "deck.radiant";
pub(super) const PRISM: &str = "deck.prism-star";
pub(super) const STAR: &str = "deck.pokemon-star";
pub(super) const KNOWN: &str = "deck.known-cards";
pub(super) const FORMAT: &str = "deck.format-legality";

/// `deck.known-cards`: every line names a card of the card data.
pub(super) fn known_cards(lines: &[Line], have_db: bool, out: &mut Findings) {
    if !have_db {
        if !lines.is_empty() {
            out.doubt(
                None,
                KNOWN,
                "No card data is loaded, so the names were not checked against real cards, and \
                 the rules that need a card's kind (Basic Pokémon, ACE SPEC) or its legality \
                 could not be applied."
                    .into(),
            );
        }
        return;
    }
    for l in lines {
        match (&l.conflict, l.prints.is_empty()) {
            (Some(other), true) => out.problem(
                l.line(),
                KNOWN,
                sentence!(
                    "{} is {other} in the card data, and no card is named {:?}: the line names \
                     no known card.",
                    set_and_number(l.entry),
                    l.entry.name
                ),
            ),
            (None, true) => out.problem(
                l.line(),
                KNOWN,
                sentence!(
                    "The card data has no card named {:?}{}; check the spelling (or the card \
                     is newer than the data), since its kind and legality cannot be checked.",
                    l.entry.name,
                    match (&l.entry.set_code, &l.entry.number) {
                        (Some(s), Some(n)) => sentence!(" and nothing at {s} {n}"),
                        _ => String::new(),
                    }
                ),
            ),
            (Some(other), false) => out.doubt(
                l.line(),
                KNOWN,
                sentence!(
                    "{} is {other} in the card data, not {}; the line was read by its name.",
                    set_and_number(l.entry),
                    l.entry.name
                ),
            ),
            (None, false) => {}
        }
    }
}

fn set_and_number(e: &DeckEntry) -> String {
    sentence!(
        "{} {}",
        e.set_code.as_deref().unwrap_or(""),
        e.number.as_deref().unwrap_or("")
    )
}

/// `deck.four-copies` and `deck.same-name`.
pub(super) fn four_copies(lines: &[Line], out: &mut Findings) {
    // Name key -> indexes of its lines, in list order of first appearance.
    let mut order: Vec<&str> = Vec::new();
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::default();
    for (i, l) in lines.iter().enumerate() {
        match l.basic_energy {
            Know::Yes => continue,
            Know::Mixed => {
                out.doubt(
                    l.line(),
                    FOUR,
                    sentence!(
                        "Some prints named {} are basic Energy and some are not, and the line \
                         does not say which it means; its copies were not counted.",
                        l.entry.name
                    ),
                );
                continue;
            }
            Know::No | Know::Unknown => {}
        }
        let g = groups.entry(l.key.as_str()).or_default();
        if g.is_empty() {
            order.push(l.key.as_str());
        }
        g.push(i);
    }
    for key in order {
        let members = &groups[key];
        let total: u32 = members.iter().map(|&i| lines[i].entry.count).sum();
        if total <= 4 {
            continue;
        }
        // The line where the running total passes 4.
        let mut running = 0u32;
        let at = members
            .iter()
            .find(|&&i| {
                running = running.saturating_add(lines[i].entry.count);
                running > 4
            })
            .copied()
            .unwrap_or(members[0]);
        // Copies written with one spelling: when none alone passes the limit, it is passed
        // only because different spellings are one name.
        let mut by_spelling: HashMap<&str, u32> = HashMap::default();
        for &i in members {
            *by_spelling.entry(lines[i].entry.name.as_str()).or_default() += lines[i].entry.count;
        }
        let one_spelling_over = by_spelling.values().any(|&n| n > 4);
        let listed = members
            .iter()
            .map(|&i| {
                sentence!(
                    "{} {} (line {})",
                    lines[i].entry.count,
                    lines[i].entry.name,
                    lines[i].entry.line
                )
            })
            .collect::<Vec<_>>();
        if one_spelling_over || by_spelling.len() == 1 {
            out.problem(
                lines[at].line(),
                FOUR,
                sentence!(
                    "{total} cards named {key}: {}; a deck may hold at most 4 cards of one name \
                     (basic Energy excepted).",
                    join(&listed)
                ),
            );
        } else {
            out.problem(
                lines[at].line(),
                SAME_NAME,
                sentence!(
                    "{total} cards named {key}: {}; these are one name (a Level, a δ or a \
                     subtitle in brackets is not part of a name), so they share the limit of 4.",
                    join(&listed)
                ),
            );
        }
    }
}

fn join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => sentence!("{} and {last}", init.join(", ")),
    }
}

/// `deck.ace-spec` and `deck.radiant`: one such card in the whole deck (`kind` names it,
/// `get` says which lines hold one).
pub(super) fn one_in_all(
    lines: &[Line],
    clause: &'static str,
    kind: &str,
    get: fn(&Line) -> Know,
    out: &mut Findings,
) {
    let holding: Vec<&Line> = lines.iter().filter(|l| get(l) == Know::Yes).collect();
    let total: u32 = holding.iter().map(|l| l.entry.count).sum();
    if total > 1 {
        // The line where the running total passes one.
        let mut running = 0u32;
        let at = holding
            .iter()
            .find(|l| {
                running = running.saturating_add(l.entry.count);
                running > 1
            })
            .map_or(holding[0].line(), |l| l.line());
        let listed: Vec<String> = holding
            .iter()
            .map(|l| sentence!("{} {} (line {})", l.entry.count, l.entry.name, l.entry.line))
            .collect();
        out.problem(
            at,
            clause,
            sentence!(
                "{total} {kind}s: {}; a deck may hold only one {kind} in all.",
                join(&listed)
            ),
        );
    }
    for l in lines.iter().filter(|l| get(l) == Know::Mixed) {
        out.doubt(
            l.line(),
            clause,
            sentence!(
                "Some prints named {} are {kind}s and some are not, and the line does not give \
                 a set code and number; give them to check the limit of one.",
                l.entry.name
            ),
        );
    }
}

/// A Pokémon ☆'s name: the data writes the star as ☆ (TCGdex) or ★ (pokemon-tcg-data).
pub(super) fn is_star_name(name: &str) -> bool {
    name.contains('☆') || name.contains('★')
}

/// `deck.prism-star`: one copy of each Prism Star name.
pub(super) fn prism_star(lines: &[Line], out: &mut Findings) {
    let mut counts: HashMap<&str, (u32, bool)> = HashMap::default();
    for l in lines {
        match l.prism_star {
            Know::Yes => {
                let (n, reported) = counts.entry(l.key.as_str()).or_default();
                *n = n.saturating_add(l.entry.count);
                if *n > 1 && !*reported {
                    *reported = true;
                    out.problem(
                        l.line(),
                        PRISM,
                        sentence!(
                            "{n} copies of the Prism Star card {} so far; a deck may hold only one \
                             of each Prism Star card (different ones may be combined).",
                            l.key
                        ),
                    );
                }
            }
            Know::Mixed => out.doubt(
                l.line(),
                PRISM,
                sentence!(
                    "Some prints named {} are Prism Star cards and some are not; give the set \
                     code and number to check the limit of one.",
                    l.entry.name
                ),
            ),
            Know::No | Know::Unknown => {}
        }
    }
}

/// `deck.format-legality`.
pub(super) fn format_legality(
    lines: &[Line],
    format: Option<DeckFormat>,
    db: Option<&CardDb>,
    on: NaiveDate,
    out: &mut Findings,
) {
    let Some(format) = format else { return };
    let label = format.label();
    let Some(db) = db else {
        if !lines.is_empty() {
            out.doubt(
                None,
                FORMAT,
                sentence!("Legality in {label} comes from the card data, and none is loaded."),
            );
        }
        return;
    };
    for l in lines {
        if l.prints.is_empty() {
            continue; // deck.known-cards already says so
        }
        if format == DeckFormat::Standard
            && let Some(message) = rotated_out(l, db, on)
        {
            out.problem(l.line(), FORMAT, message);
            continue;
        }
        let of = |c: &&Card| format.of(&c.legalities);
        let legal = l
            .prints
            .iter()
            .filter(|c| of(c) == Some(Legality::Legal))
            .count();
        let banned = l.prints.iter().any(|c| of(c) == Some(Legality::Banned));
        let all = l.prints.len();
        if legal == all {
            continue;
        }
        if legal == 0 {
            let what = if banned {
                sentence!("is banned in {label}")
            } else {
                sentence!("is not legal in {label}")
            };
            out.problem(
                l.line(),
                FORMAT,
                sentence!("{} {what} according to the card data.", l.shown()),
            );
        } else {
            out.doubt(
                l.line(),
                FORMAT,
                sentence!(
                    "{legal} of the {all} prints named {} are legal in {label}{}, and the line \
                     does not say which print it means; give the set code and number.",
                    l.entry.name,
                    if banned { " (some are banned)" } else { "" }
                ),
            );
        }
    }
}

/// Why a line's card is not Standard-legal on `on` by the rotation table, whatever the card
/// data's `legalities` say: every print of its name carries a regulation mark that has rotated.
fn rotated_out(l: &Line, db: &CardDb, on: NaiveDate) -> Option<String> {
    if l.basic_energy == Know::Yes {
        return None;
    }
    let mut names: Vec<&str> = l.prints.iter().map(|c| c.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    let all = names
        .iter()
        .flat_map(|n| db.by_name(n).iter().map(|i| db.card(*i)));
    let r = rotation::standard_rotated(all, on, Venue::Events)?;
    Some(sentence!(
        "{} is not legal in Standard on {on}: the newest regulation mark of its prints is {}, \
         and marks before {} rotated out on {} ({} in Pokémon TCG Live).",
        l.shown(),
        r.newest_mark,
        r.rotation.oldest_mark,
        r.rotation.events,
        r.rotation.live
    ))
}

/// `deck.sixty-cards`.
pub(super) fn sixty_cards(list: &DeckList, out: &mut Findings) {
    let count = list.count();
    if count == 60 {
        return;
    }
    let unread = list
        .issues
        .iter()
        .filter(|i| i.kind == ListIssueKind::Malformed)
        .count();
    let note = match unread {
        0 => String::new(),
        1 => " (not counting 1 line that could not be read)".to_string(),
        n => sentence!(" (not counting {n} lines that could not be read)"),
    };
    out.problem(
        None,
        SIXTY,
        sentence!("The deck has {count} cards{note}; a deck must have exactly 60."),
    );
}

/// `deck.basic-pokemon`.
pub(super) fn basic_pokemon(lines: &[Line], have_db: bool, out: &mut Findings) {
    if lines.iter().any(|l| l.basic_pokemon == Know::Yes) {
        return;
    }
    if !have_db {
        out.doubt(
            None,
            BASIC,
            "Which cards are Basic Pokémon is in the card data, and none is loaded; the need \
             for at least one Basic Pokémon was not checked."
                .into(),
        );
        return;
    }
    let open: Vec<String> = lines
        .iter()
        .filter(|l| matches!(l.basic_pokemon, Know::Mixed | Know::Unknown))
        .map(|l| sentence!("line {}", l.entry.line))
        .collect();
    if open.is_empty() {
        out.problem(
            None,
            BASIC,
            "The deck has no Basic Pokémon; it needs at least one.".into(),
        );
    } else {
        out.doubt(
            None,
            BASIC,
            sentence!(
                "None of the cards identified is a Basic Pokémon; {} could be one.",
                join(&open)
            ),
        );
    }
}
