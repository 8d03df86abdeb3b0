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
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

use crate::cards::db::number_digits;
use crate::cards::decklist::{
    DeckEntry, DeckList, ListIssueKind, Section, basic_energy_named, lookup_key, parse_deck_list,
    same_name_key,
};
use crate::cards::rotation::{self, Venue};
use crate::cards::{Card, CardDb, CardIdx, Legalities, Legality};

use super::RequestError;

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
                    format!("unknown format {shown:?}; expected standard, expanded or unlimited"),
                ))
            }
        }
    }
}

const SIXTY: &str = "deck.sixty-cards";
const FOUR: &str = "deck.four-copies";
const SAME_NAME: &str = "deck.same-name";
const BASIC: &str = "deck.basic-pokemon";
const ACE_SPEC: &str = "deck.ace-spec";
const RADIANT: &str = "deck.radiant";
const PRISM: &str = "deck.prism-star";
const STAR: &str = "deck.pokemon-star";
const KNOWN: &str = "deck.known-cards";
const FORMAT: &str = "deck.format-legality";

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
                format!("{shown:?} is not a date; expected YYYY-MM-DD, e.g. 2025-06-14"),
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
struct Findings {
    problems: Vec<DeckProblem>,
    unverified: Vec<DeckProblem>,
}

impl Findings {
    fn problem(&mut self, line: Option<usize>, clause: &'static str, message: String) {
        self.problems.push(DeckProblem {
            line,
            clause,
            message,
        });
    }

    fn doubt(&mut self, line: Option<usize>, clause: &'static str, message: String) {
        self.unverified.push(DeckProblem {
            line,
            clause,
            message,
        });
    }
}

/// What is known of one property over the prints a line may mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Know {
    Yes,
    No,
    /// Some prints have it and some do not.
    Mixed,
    /// No card data, or the card is not in it.
    Unknown,
}

impl Know {
    fn from_bool(b: bool) -> Know {
        if b { Know::Yes } else { Know::No }
    }
}

/// One card line with what the card data says about it.
struct Line<'a> {
    entry: &'a DeckEntry,
    /// Prints the line may mean (empty: no card data, or not found).
    prints: Vec<&'a Card>,
    /// The card data's id when exactly one print is meant.
    card_id: Option<String>,
    /// The rulebook name ([`same_name_key`]).
    key: String,
    /// Set code and number point at a card of another name (its name), which was not used.
    conflict: Option<String>,
    basic_energy: Know,
    basic_pokemon: Know,
    ace_spec: Know,
    radiant: Know,
    /// A Pokémon ☆ (Star) card of the EX series.
    star: Know,
    prism_star: Know,
}

impl<'a> Line<'a> {
    fn read(entry: &'a DeckEntry, finder: Option<&mut Finder<'a>>) -> Line<'a> {
        let Found { prints, conflict } = finder.map(|f| f.find(entry)).unwrap_or_default();
        let know = |f: fn(&Card) -> bool| -> Know {
            if prints.is_empty() {
                Know::Unknown
            } else if prints.iter().all(|c| f(c)) {
                Know::Yes
            } else if prints.iter().any(|c| f(c)) {
                Know::Mixed
            } else {
                Know::No
            }
        };
        // Without a print, what the written name itself shows: a basic Energy's name, a
        // Radiant Pokémon's name, a Prism Star card's ◇.
        let maybe_pokemon = !matches!(entry.section, Some(Section::Trainer | Section::Energy));
        let written_key = same_name_key(&entry.name, maybe_pokemon);
        let by_name_energy = Know::from_bool(basic_energy_named(&entry.name).is_some());
        let by_name_radiant = Know::from_bool(maybe_pokemon && written_key.starts_with("Radiant "));
        let by_name_prism = Know::from_bool(written_key.contains('◇'));
        let by_name_star = Know::from_bool(maybe_pokemon && is_star_name(&entry.name));
        let (key, basic_energy, radiant, prism_star, star) = match prints.first() {
            Some(first) => (
                same_name_key(&first.name, first.is_pokemon()),
                know(Card::is_basic_energy),
                know(Card::is_radiant),
                know(Card::is_prism_star),
                know(|c| c.is_pokemon() && is_star_name(&c.name)),
            ),
            None => (
                written_key,
                by_name_energy,
                by_name_radiant,
                by_name_prism,
                by_name_star,
            ),
        };
        let card_id = (prints.len() == 1).then(|| prints[0].id.clone());
        Line {
            entry,
            basic_pokemon: know(Card::is_basic_pokemon),
            ace_spec: know(Card::is_ace_spec),
            prints,
            card_id,
            key,
            conflict,
            basic_energy,
            radiant,
            prism_star,
            star,
        }
    }

    fn line(&self) -> Option<usize> {
        Some(self.entry.line)
    }

    /// `Dreepy (TWM 128)` or `Dreepy`.
    fn shown(&self) -> String {
        match (&self.entry.set_code, &self.entry.number) {
            (Some(s), Some(n)) => format!("{} ({s} {n})", self.entry.name),
            _ => self.entry.name.clone(),
        }
    }

    fn card(&self) -> DeckCard {
        let e = self.entry;
        DeckCard {
            line: e.line,
            count: e.count,
            name: e.name.clone(),
            set_code: e.set_code.clone(),
            number: e.number.clone(),
            section: e.section,
            card_id: self.card_id.clone(),
            prints: self.prints.len(),
        }
    }
}

/// A line's card in the data.
#[derive(Default)]
struct Found<'a> {
    prints: Vec<&'a Card>,
    /// Set code and number point at a card of another name (its name).
    conflict: Option<String>,
}

/// Finds lines' cards; the slower indexes are built only when a line needs them.
struct Finder<'a> {
    db: &'a CardDb,
    /// Upper-case set code or set id -> set ids.
    sets: HashMap<String, Vec<&'a str>>,
}

impl<'a> Finder<'a> {
    fn new(db: &'a CardDb) -> Finder<'a> {
        let mut sets: HashMap<String, Vec<&'a str>> = HashMap::default();
        for s in db.sets() {
            if let Some(code) = &s.ptcgo_code {
                sets.entry(code.to_ascii_uppercase())
                    .or_default()
                    .push(&s.id);
            }
        }
        for s in db.sets() {
            sets.entry(s.id.to_ascii_uppercase())
                .or_insert_with(|| vec![&s.id]);
        }
        Finder { db, sets }
    }

    fn find(&mut self, entry: &DeckEntry) -> Found<'a> {
        let wanted = lookup_key(&entry.name);
        let mut conflict = None;
        if let (Some(code), Some(number)) = (&entry.set_code, &entry.number) {
            let candidates = self.by_set_and_number(code, number);
            if let Some(&hit) = candidates
                .iter()
                .find(|&&i| lookup_key(&self.db.card(i).name) == wanted)
            {
                return Found {
                    prints: vec![self.db.card(hit)],
                    conflict: None,
                };
            }
            conflict = candidates.first().map(|&i| self.db.card(i).name.clone());
        }
        let db = self.db;
        let prints = self.by_name(&entry.name, &wanted);
        Found {
            prints: prints.into_iter().map(|i| db.card(i)).collect(),
            conflict,
        }
    }

    fn by_set_and_number(&mut self, code: &str, number: &str) -> Vec<CardIdx> {
        let Some(set_ids) = self.sets.get(&code.to_ascii_uppercase()) else {
            return Vec::new();
        };
        let set_ids = set_ids.clone();
        let mut out = Vec::new();
        for set in &set_ids {
            let trimmed = number.trim_start_matches('0');
            for n in [number, trimmed] {
                if n.is_empty() {
                    continue;
                }
                if let Some(i) = self.db.by_id(&format!("{set}-{n}"))
                    && !out.contains(&i)
                {
                    out.push(i);
                }
            }
        }
        if out.is_empty() {
            let digits = number_digits(number);
            for set in &set_ids {
                for &i in self.db.by_set_digits(set, &digits) {
                    if !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
        }
        out
    }

    fn by_name(&mut self, name: &str, wanted: &str) -> Vec<CardIdx> {
        let exact = self.db.by_name(name);
        if !exact.is_empty() {
            return exact.to_vec();
        }
        if let Some(t) = basic_energy_named(name) {
            let mut v: Vec<CardIdx> = self
                .db
                .by_name(&format!("Basic {} Energy", t.as_str()))
                .to_vec();
            v.extend_from_slice(self.db.by_name(&format!("{} Energy", t.as_str())));
            if !v.is_empty() {
                return v;
            }
        }
        self.db.by_loose_name(wanted).to_vec()
    }
}

/// `deck.known-cards`: every line names a card of the card data.
fn known_cards(lines: &[Line], have_db: bool, out: &mut Findings) {
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
                format!(
                    "{} is {other} in the card data, and no card is named {:?}: the line names \
                     no known card.",
                    set_and_number(l.entry),
                    l.entry.name
                ),
            ),
            (None, true) => out.problem(
                l.line(),
                KNOWN,
                format!(
                    "The card data has no card named {:?}{}; check the spelling (or the card \
                     is newer than the data), since its kind and legality cannot be checked.",
                    l.entry.name,
                    match (&l.entry.set_code, &l.entry.number) {
                        (Some(s), Some(n)) => format!(" and nothing at {s} {n}"),
                        _ => String::new(),
                    }
                ),
            ),
            (Some(other), false) => out.doubt(
                l.line(),
                KNOWN,
                format!(
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
    format!(
        "{} {}",
        e.set_code.as_deref().unwrap_or(""),
        e.number.as_deref().unwrap_or("")
    )
}

/// `deck.four-copies` and `deck.same-name`.
fn four_copies(lines: &[Line], out: &mut Findings) {
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
                    format!(
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
                format!(
                    "{} {} (line {})",
                    lines[i].entry.count, lines[i].entry.name, lines[i].entry.line
                )
            })
            .collect::<Vec<_>>();
        if one_spelling_over || by_spelling.len() == 1 {
            out.problem(
                lines[at].line(),
                FOUR,
                format!(
                    "{total} cards named {key}: {}; a deck may hold at most 4 cards of one name \
                     (basic Energy excepted).",
                    join(&listed)
                ),
            );
        } else {
            out.problem(
                lines[at].line(),
                SAME_NAME,
                format!(
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
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `deck.ace-spec` and `deck.radiant`: one such card in the whole deck (`kind` names it,
/// `get` says which lines hold one).
fn one_in_all(
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
            .map(|l| format!("{} {} (line {})", l.entry.count, l.entry.name, l.entry.line))
            .collect();
        out.problem(
            at,
            clause,
            format!(
                "{total} {kind}s: {}; a deck may hold only one {kind} in all.",
                join(&listed)
            ),
        );
    }
    for l in lines.iter().filter(|l| get(l) == Know::Mixed) {
        out.doubt(
            l.line(),
            clause,
            format!(
                "Some prints named {} are {kind}s and some are not, and the line does not give \
                 a set code and number; give them to check the limit of one.",
                l.entry.name
            ),
        );
    }
}

/// A Pokémon ☆'s name: the data writes the star as ☆ (TCGdex) or ★ (pokemon-tcg-data).
fn is_star_name(name: &str) -> bool {
    name.contains('☆') || name.contains('★')
}

/// `deck.prism-star`: one copy of each Prism Star name.
fn prism_star(lines: &[Line], out: &mut Findings) {
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
                        format!(
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
                format!(
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
fn format_legality(
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
                format!("Legality in {label} comes from the card data, and none is loaded."),
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
                format!("is banned in {label}")
            } else {
                format!("is not legal in {label}")
            };
            out.problem(
                l.line(),
                FORMAT,
                format!("{} {what} according to the card data.", l.shown()),
            );
        } else {
            out.doubt(
                l.line(),
                FORMAT,
                format!(
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
    Some(format!(
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
fn sixty_cards(list: &DeckList, out: &mut Findings) {
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
        n => format!(" (not counting {n} lines that could not be read)"),
    };
    out.problem(
        None,
        SIXTY,
        format!("The deck has {count} cards{note}; a deck must have exactly 60."),
    );
}

/// `deck.basic-pokemon`.
fn basic_pokemon(lines: &[Line], have_db: bool, out: &mut Findings) {
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
        .map(|l| format!("line {}", l.entry.line))
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
            format!(
                "None of the cards identified is a Basic Pokémon; {} could be one.",
                join(&open)
            ),
        );
    }
}

#[cfg(test)]
mod tests {
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
