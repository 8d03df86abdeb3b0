//! Reading a whole battle log: every line becomes a [`LogLine`] with its number, its depth
//! (action, sub-line, card list) and its [`Event`].

use std::borrow::Cow;

use rustc_hash::FxHashMap;
use serde::Serialize;
use std::collections::hash_map::Entry;

use super::build::{breakdown_item, build};
use super::error::LogError;
use super::event::{BreakdownItem, CardName, Event, Text};
use super::input::{decode, each_place_of, foreign_language, split_lines_noting};
use super::locale::{self, LocalNames, Locale, NoNames};
use super::pattern::{Match, Matcher, same_bytes};
use super::players::NameEvidence;

/// How a line sits in the log's structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Depth {
    /// A line of its own: a header, or an action of the player.
    Top,
    /// A `- ` line: a consequence of the action above it.
    Sub,
    /// A `   • ` line: a card list or a damage-breakdown item.
    List,
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// 1-based line number in the input.
    pub number: u32,
    /// Byte range of the line's text in [`ParsedLog::source`], without the line ending.
    #[serde(skip)]
    pub span: (u32, u32),
    pub depth: Depth,
    pub event: Event,
}

/// A parsed battle log.
#[derive(Debug, Clone)]
pub struct ParsedLog {
    /// The decoded text (byte-order mark removed).
    pub source: String,
    pub lines: Vec<LogLine>,
    /// The player names found in the log, in order of first appearance (at most two).
    pub players: Vec<Text>,
    /// The language the log was written in; for any but English, `source` holds the English
    /// lines the log was read as (one for each line of the original).
    pub locale: Locale,
    /// The text as the input wrote it, when it was not English.
    pub original: Option<String>,
}

impl ParsedLog {
    /// The raw text of a line, as the input wrote it (line ending removed).
    pub fn text(&self, line: &LogLine) -> &str {
        &self.source[line.span.0 as usize..line.span.1 as usize]
    }

    /// Lines that matched no known shape.
    pub fn unparsed(&self) -> impl Iterator<Item = &LogLine> {
        self.lines
            .iter()
            .filter(|l| matches!(l.event, Event::Unparsed { .. }))
    }
}

/// Parse a battle log from bytes. Fails only when the input is not a battle log at all; lines of
/// unknown shape become [`Event::Unparsed`].
pub fn parse_log(bytes: &[u8]) -> Result<ParsedLog, LogError> {
    parse_log_with(bytes, &NoNames)
}

/// As [`parse_log`], with the card data's localized names to read a log written in another
/// language: its lines are read as the English lines of the same game ([`super::locale`]).
pub fn parse_log_with(bytes: &[u8], names: &dyn LocalNames) -> Result<ParsedLog, LogError> {
    let decoded = decode(bytes)?;
    let (source, locale, original) = match locale::detect(&decoded) {
        Some(locale) => {
            let english = locale::translate(&decoded, locale, names).english;
            (english, locale, Some(decoded))
        }
        None => (decoded, Locale::En, None),
    };
    let (log, counts) = parse_lines(&source);
    let log = ParsedLog {
        source,
        locale,
        original,
        ..log
    };
    let LineCounts {
        non_blank,
        shaped,
        has_header,
    } = counts;
    // A battle log names its players (or at least has a phase header), and most of its lines
    // have a known shape. Prose that happens to contain "I played cards." is not one.
    let looks_like_log = (!log.players.is_empty() || has_header) && shaped * 2 >= non_blank;
    if !looks_like_log {
        if let Some(language) = foreign_language(log.original.as_deref().unwrap_or(&log.source)) {
            return Err(LogError::UnsupportedLanguage { language });
        }
        let first = log
            .lines
            .iter()
            .map(|l| log.text(l).trim())
            .find(|t| !t.is_empty())
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        return Err(LogError::NotABattleLog {
            lines: log.lines.len(),
            shaped,
            first,
        });
    }
    Ok(log)
}

/// Parse text that is already decoded (no size or encoding checks, never fails).
pub fn parse_text(text: &str) -> ParsedLog {
    let (log, _) = parse_lines(text);
    ParsedLog {
        source: text.to_string(),
        ..log
    }
}

/// The line's text with the client's spelling variants made uniform: curly apostrophes become
/// straight ones, "Pokemon" becomes "Pokémon", non-breaking spaces become spaces.
pub fn normalise(text: &str) -> Cow<'_, str> {
    if spelling_variants(text).next().is_none() {
        return Cow::Borrowed(text);
    }
    Cow::Owned(rewrite_variants(text))
}

/// The spelling variants [`normalise`] rewrites, each with what it becomes.
const VARIANTS: &[(&str, &str)] = &[
    ("\u{2019}", "'"),
    ("\u{2018}", "'"),
    ("\u{00A0}", " "),
    ("\u{202F}", " "),
    ("Pokemon", "Pokémon"),
];

/// `text` with its spelling variants rewritten (see [`normalise`]): the text between them is
/// copied whole.
fn rewrite_variants(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut copied = 0;
    for at in spelling_variants(text) {
        let rest = &text[at..];
        let Some((from, to)) = VARIANTS.iter().find(|(from, _)| rest.starts_with(from)) else {
            continue;
        };
        out.push_str(&text[copied..at]);
        out.push_str(to);
        copied = at + from.len();
    }
    out.push_str(&text[copied..]);
    out
}

/// The byte offsets in `text` where a spelling variant that [`normalise`] rewrites starts, in
/// ascending order.
fn spelling_variants(text: &str) -> impl Iterator<Item = usize> + '_ {
    static POKEMON: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    let pokemon = POKEMON.get_or_init(|| memchr::memmem::Finder::new(b"Pokemon"));
    let bytes = text.as_bytes();
    let special = memchr::memchr2_iter(0xE2, 0xC2, bytes).filter(move |&i| variant_at(bytes, i));
    let mut special = special.peekable();
    let mut words = pokemon.find_iter(bytes).peekable();
    std::iter::from_fn(move || match (special.peek(), words.peek()) {
        (Some(&a), Some(&b)) if b < a => words.next(),
        (Some(_), _) => special.next(),
        (None, _) => words.next(),
    })
}

/// The bytes a spelling variant starts with ([`VARIANTS`] in UTF-8).
const VARIANT_STARTS: [u8; 3] = [0xE2, 0xC2, b'P'];

/// Whether a spelling variant that [`normalise`] rewrites starts at `bytes[i]`.
fn variant_at(bytes: &[u8], i: usize) -> bool {
    // ’ ‘ and the narrow no-break space are E2 80 99/98/AF in UTF-8; the no-break space is C2 A0.
    matches!(
        (bytes[i], bytes.get(i + 1), bytes.get(i + 2)),
        (0xE2, Some(0x80), Some(0x98 | 0x99 | 0xAF)) | (0xC2, Some(0xA0), _)
    ) || bytes[i..].starts_with(b"Pokemon")
}

/// What a line looks like before its words are read.
#[derive(Clone, Copy)]
enum Form<'a> {
    Blank,
    Top(&'a str),
    Sub(&'a str),
    Bullet(&'a str),
}

impl<'a> Form<'a> {
    /// The line's words: without the dash or bullet that starts it (none for a blank line).
    fn content(self) -> &'a str {
        match self {
            Form::Top(s) | Form::Sub(s) | Form::Bullet(s) => s,
            Form::Blank => "",
        }
    }
}

fn form(text: &str) -> Form<'_> {
    let t = super::trim(text);
    if t.is_empty() {
        return Form::Blank;
    }
    if let Some(rest) = t.strip_prefix('•') {
        return Form::Bullet(super::trim(rest));
    }
    if let Some(rest) = t.strip_prefix("- ") {
        return Form::Sub(super::trim(rest));
    }
    if t == "-" {
        return Form::Sub("");
    }
    Form::Top(t)
}

/// State carried from one line to the next while reading.
#[derive(Default)]
struct Context {
    /// Inside a `Damage breakdown` block.
    in_breakdown: bool,
    /// The line above announced cards that a list may name.
    list_expected: bool,
}

/// What the lines of a log read as, counted while they are read (a second walk over the lines
/// would read them all from memory again): whether the text is a battle log at all.
#[derive(Default)]
struct LineCounts {
    /// Lines that are not blank.
    non_blank: usize,
    /// Lines with a known shape (neither blank nor unparsed).
    shaped: usize,
    /// A phase header or an end line was read.
    has_header: bool,
}

impl LineCounts {
    fn count(&mut self, event: &Event) {
        match event {
            Event::Blank => return,
            Event::Unparsed { .. } => {}
            Event::SetupHeader
            | Event::TurnHeader { .. }
            | Event::CheckupHeader
            | Event::GameEnd { .. } => {
                self.has_header = true;
                self.shaped += 1;
            }
            _ => self.shaped += 1,
        }
        self.non_blank += 1;
    }
}

fn parse_lines(source: &str) -> (ParsedLog, LineCounts) {
    // The lines are found in the same pass as the few that hold a spelling variant, and only
    // those are rewritten.
    let (raw, with_variants) = split_lines_noting(source, VARIANT_STARTS, variant_at);
    let rewritten: Vec<String> = with_variants
        .iter()
        .map(|&i| rewrite_variants(&source[raw[i].start..raw[i].end]))
        .collect();
    let mut rewrites = with_variants.iter().zip(&rewritten).peekable();
    // Each line's form, read once for finding the names and again for the line itself.
    let mut evidence = NameEvidence::default();
    let mut forms = Vec::with_capacity(raw.len());
    for (i, r) in raw.iter().enumerate() {
        let text = match rewrites.next_if(|(at, _)| **at == i) {
            Some((_, line)) => line.as_str(),
            None => &source[r.start..r.end],
        };
        let form = form(text);
        evidence.see(form.content());
        forms.push(form);
    }
    let players = evidence.names();
    let names: Vec<&str> = players.iter().map(Text::as_str).collect();
    let mut reader = Reader {
        matcher: Matcher::english(),
        names: &names,
        read: FxHashMap::with_capacity_and_hasher(raw.len(), Default::default()),
        found: Match::empty(),
    };
    let mut ctx = Context::default();
    let mut counts = LineCounts::default();
    let mut lines = Vec::with_capacity(raw.len());
    for (r, form) in raw.iter().zip(forms) {
        let at = LineAt {
            number: r.number,
            span: (r.start as u32, r.end as u32),
        };
        parse_one(form, &mut ctx, &mut reader, &mut lines, at);
        let event = lines.last().map(|l| &l.event);
        if let Some(e) = event {
            counts.count(e);
        }
        ctx.list_expected = match event {
            Some(Event::CardList { .. }) | None => false,
            Some(e) => {
                e.announced_list().is_some() || (ctx.list_expected && matches!(e, Event::Blank))
            }
        };
    }
    // The lines after the game are not unparsed: they have a place of their own.
    counts.shaped += mark_after_game(&mut lines);
    let log = ParsedLog {
        source: String::new(),
        lines,
        players,
        locale: Locale::En,
        original: None,
    };
    (log, counts)
}

/// Lines of no known shape after the last line that ended the game are not part of it (notes a
/// player pasted below the export): how many there were.
fn mark_after_game(lines: &mut [LogLine]) -> usize {
    let Some(end) = lines
        .iter()
        .rposition(|l| matches!(l.event, Event::GameEnd { .. } | Event::GameDrawn))
    else {
        return 0;
    };
    let mut marked = 0;
    for line in &mut lines[end + 1..] {
        if matches!(line.event, Event::Unparsed { .. }) {
            line.event = Event::AfterGame;
            line.depth = Depth::Top;
            marked += 1;
        }
    }
    marked
}

/// Reads a line's words against the pattern table, once per distinct line of a log: a game
/// writes many lines more than once ("Ann drew a card.", "Bob ended their turn."), and what a
/// line reads as depends only on its words and the log's player names.
struct Reader<'t> {
    matcher: &'static Matcher,
    names: &'t [&'t str],
    /// Each line's words read so far, with the index of the line that holds the event they
    /// read as (`None`: they read as none).
    read: FxHashMap<Words<'t>, Option<u32>>,
    /// The match each line is read into.
    found: Match<'t>,
}

impl<'t> Reader<'t> {
    /// Push the line `content` reads as onto `lines` (the lines made so far) and say whether
    /// it read as an event; nothing is pushed when it reads as none.
    fn read_into(
        &mut self,
        content: &'t str,
        lines: &mut Vec<LogLine>,
        at: LineAt,
        depth: Depth,
    ) -> bool {
        match self.read.entry(Words(content)) {
            Entry::Occupied(known) => match *known.get() {
                Some(i) => {
                    let event = lines[i as usize].event.clone();
                    lines.push(at.line(depth, event));
                    true
                }
                None => false,
            },
            Entry::Vacant(new) => {
                let index = lines.len() as u32;
                // The event is built straight into the line pushed, not handed up the calls.
                let read = read(
                    content,
                    self.matcher,
                    self.names,
                    &mut self.found,
                    |event| lines.push(at.line(depth, event)),
                );
                new.insert(read.then_some(index));
                read
            }
        }
    }
}

/// A line's words as the key [`Reader`] keeps them by: compared in place with
/// [`same_bytes`] (a line's words are short, and a call to `memcmp` for each key looked up
/// cost more than the compare).
#[derive(Clone, Copy)]
struct Words<'t>(&'t str);

impl PartialEq for Words<'_> {
    fn eq(&self, other: &Self) -> bool {
        same_bytes(self.0.as_bytes(), other.0.as_bytes())
    }
}

impl Eq for Words<'_> {}

impl std::hash::Hash for Words<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// What a [`LogLine`] holds besides its depth and event.
#[derive(Clone, Copy)]
struct LineAt {
    number: u32,
    span: (u32, u32),
}

impl LineAt {
    fn line(self, depth: Depth, event: Event) -> LogLine {
        LogLine {
            number: self.number,
            span: self.span,
            depth,
            event,
        }
    }
}

/// Read one line and push it onto `lines`.
fn parse_one<'t>(
    form: Form<'t>,
    ctx: &mut Context,
    reader: &mut Reader<'t>,
    lines: &mut Vec<LogLine>,
    at: LineAt,
) {
    match form {
        Form::Blank => {
            ctx.in_breakdown = false;
            lines.push(at.line(Depth::Top, Event::Blank));
        }
        Form::Bullet(content) => {
            if ctx.in_breakdown
                && let Some(item) = breakdown_item(content)
            {
                return lines.push(at.line(Depth::List, Event::Breakdown { item }));
            }
            ctx.in_breakdown = false;
            lines.push(at.line(Depth::List, card_list(content)));
        }
        Form::Sub(content) => {
            if content == "Damage breakdown:" {
                ctx.in_breakdown = true;
                return lines.push(at.line(Depth::Sub, Event::BreakdownHeader));
            }
            // A breakdown's entries; its "Base damage" entry starts one even where the header
            // line is missing (cut from a pasted log).
            if let Some(item) = breakdown_item(content)
                && (ctx.in_breakdown || matches!(item, BreakdownItem::Base { .. }))
            {
                ctx.in_breakdown = true;
                return lines.push(at.line(Depth::Sub, Event::Breakdown { item }));
            }
            ctx.in_breakdown = false;
            if reader.read_into(content, lines, at, Depth::Sub) {
                return;
            }
            let event = if ctx.list_expected && !content.is_empty() {
                card_list(content)
            } else {
                unparsed(content)
            };
            lines.push(at.line(Depth::Sub, event));
        }
        Form::Top(content) => {
            ctx.in_breakdown = false;
            if !reader.read_into(content, lines, at, Depth::Top) {
                lines.push(at.line(Depth::Top, unparsed(content)));
            }
        }
    }
}

/// Read a line's words against the pattern table and hand the event to `made`: first with
/// `{p}` bound to the known player names, then, if nothing fits, with any text as a name.
/// Whether it read as an event.
fn read<'t>(
    content: &'t str,
    matcher: &Matcher,
    names: &[&str],
    found: &mut Match<'t>,
    mut made: impl FnMut(Event),
) -> bool {
    // The first event built ends the search: `made` is called at most once.
    let mut accept = |m: &Match<'_>| build(m, content).map(&mut made);
    matcher
        .first_in(content, names, found, &mut accept)
        .is_some()
        || (!names.is_empty() && matcher.first_in(content, &[], found, &mut accept).is_some())
}

fn card_list(content: &str) -> Event {
    // The names are found in one pass and the first few kept on the stack, so that the list is
    // made at its size without another pass to count the commas; a longer list is read twice.
    let mut first = [""; 16];
    let mut names = 0;
    each_list_item(content, |item| {
        let item = super::trim(item);
        if !item.is_empty() {
            if let Some(slot) = first.get_mut(names) {
                *slot = item;
            }
            names += 1;
        }
    });
    let mut cards = Vec::with_capacity(names);
    if names <= first.len() {
        cards.extend(
            first[..names]
                .iter()
                .map(|item| CardName::parse_trimmed(item)),
        );
    } else {
        each_list_item(content, |item| {
            let item = super::trim(item);
            if !item.is_empty() {
                cards.push(CardName::parse_trimmed(item));
            }
        });
    }
    Event::CardList { cards }
}

/// Call `f` with each item of a card list, as `content.split(", ")` gives them: the commas
/// are found with [`each_place_of`] and those without a space after are passed over.
fn each_list_item<'a>(content: &'a str, mut f: impl FnMut(&'a str)) {
    let bytes = content.as_bytes();
    let mut start = 0;
    each_place_of(b',', bytes, |comma| {
        if comma >= start && bytes.get(comma + 1) == Some(&b' ') {
            f(&content[start..comma]);
            start = comma + 2;
        }
    });
    f(&content[start..]);
}

fn unparsed(content: &str) -> Event {
    let why = if content.is_empty() {
        "an empty sub-line".to_string()
    } else if content.contains(". ") && content.len() > 80 {
        "no known line shape matches; this may be two lines run together".to_string()
    } else {
        "no known line shape matches".to_string()
    };
    Event::Unparsed { why: why.into() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::event::{BreakdownItem, CardRef, EndReason, Spot};

    /// The counts made while reading are those of the lines read (the sample logs, and texts
    /// with blank lines, unknown lines and notes after the end).
    #[test]
    fn lines_are_counted_as_they_are_read() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("replays");
        let mut texts: Vec<String> = std::fs::read_dir(&root)
            .expect("the sample logs")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "log"))
            .map(|p| std::fs::read_to_string(p).expect("a sample log"))
            .collect();
        assert!(texts.len() > 10, "the samples are found");
        texts.extend(
            [
                "",
                "\n\nI played cards.\n",
                "Setup\nAnn drew 7 cards for the opening hand.\nnot a line\n\nAnn conceded. Bob wins.\nmy notes\n\nmore notes",
                "Turn # 1 - Ann's Turn\nAnn drew a card.\nsomething else",
            ]
            .map(String::from),
        );
        for text in &texts {
            let (log, counts) = parse_lines(text);
            let lines = &log.lines;
            let non_blank = lines
                .iter()
                .filter(|l| !matches!(l.event, Event::Blank))
                .count();
            let shaped = lines
                .iter()
                .filter(|l| !matches!(l.event, Event::Blank | Event::Unparsed { .. }))
                .count();
            let has_header = lines.iter().any(|l| {
                matches!(
                    l.event,
                    Event::SetupHeader
                        | Event::TurnHeader { .. }
                        | Event::CheckupHeader
                        | Event::GameEnd { .. }
                )
            });
            let first = text.lines().next().unwrap_or("");
            assert_eq!(counts.non_blank, non_blank, "{first}");
            assert_eq!(counts.shaped, shaped, "{first}");
            assert_eq!(counts.has_header, has_header, "{first}");
        }
    }

    fn events(text: &str) -> Vec<Event> {
        parse_text(text)
            .lines
            .into_iter()
            .map(|l| l.event)
            .collect()
    }

    /// The one-pass rewrite gives what replacing each variant in turn gives.
    #[test]
    fn spelling_variants_are_rewritten_in_one_pass() {
        let each_in_turn = |t: &str| {
            t.replace(['\u{2019}', '\u{2018}'], "'")
                .replace(['\u{00A0}', '\u{202F}'], " ")
                .replace("Pokemon", "Pokémon")
        };
        for text in [
            "Ann\u{2019}s Pikachu",
            "\u{2018}Boss\u{2019}s Orders\u{2019}",
            "PokemonPokemon Pokemo Pokemon\u{00A0}Catcher\u{202F}!",
            "Pokémon Pokemon\u{2019}s P",
            "Zoë\u{00A0}drew Pokemon Center Lady.",
            "",
            "P",
        ] {
            assert_eq!(rewrite_variants(text), each_in_turn(text), "{text:?}");
        }
    }

    /// The comma search splits a list as `split(", ")` does.
    #[test]
    fn list_items_are_those_of_split() {
        for text in [
            "",
            ",",
            ", ",
            "Pikachu, Potion",
            "a,b, c,, d, , e,",
            "Boss's Orders, Professor's Research, ",
            "x, , , y",
        ] {
            let mut ours: Vec<&str> = Vec::new();
            each_list_item(text, |item| ours.push(item));
            let split: Vec<&str> = text.split(", ").collect();
            assert_eq!(ours, split, "{text:?}");
        }
    }

    #[test]
    fn a_short_log_reads_line_by_line() {
        let log = "Setup\nAnn won the coin toss.\nAnn decided to go first.\nAnn drew 7 cards for the opening hand.\n- 7 drawn cards.\n   • Pikachu, Potion\nBob drew 7 cards for the opening hand.\n\nAnn's Turn\nAnn drew a card.\nAnn attached Basic Lightning Energy to Pikachu in the Active Spot.\nAnn ended their turn.\n";
        let ev = events(log);
        assert_eq!(ev[0], Event::SetupHeader);
        assert_eq!(
            ev[4],
            Event::DrawnCards { count: 7 },
            "the sub-line that heads the opening hand"
        );
        assert!(matches!(&ev[5], Event::CardList { cards } if cards.len() == 2));
        assert_eq!(
            ev[8],
            Event::TurnHeader {
                number: None,
                player: Some("Ann".into())
            }
        );
        assert!(matches!(
            &ev[10],
            Event::Attach {
                spot: Spot::Active,
                ..
            }
        ));
    }

    #[test]
    fn dash_card_lists_follow_a_line_that_announces_cards() {
        let ev = events(
            "Bob drew 7 cards for the opening hand.\n- 7 drawn cards.\n- Froakie, Froakie\n- Bob drew 2 cards.\n- Ultra Ball, Switch\n",
        );
        assert!(matches!(&ev[2], Event::CardList { cards } if cards.len() == 2));
        assert!(matches!(&ev[4], Event::CardList { cards } if cards[1].name == "Switch"));
    }

    #[test]
    fn damage_breakdown_blocks() {
        let ev = events(
            "Ann's Budew used Itchy Pollen on Bob's Solrock for 20 damage. Bob's Solrock took 10 more damage because of Grass Weakness.\n- Damage breakdown:\n   • Base damage: 10 damage\n   • Weakness to Grass: 10 damage\n   • Total damage: 20 damage\n\nBob drew a card.\n",
        );
        match &ev[0] {
            Event::Attack(a) => {
                assert_eq!(a.damage, 20);
                assert_eq!(a.weakness.as_ref().unwrap().amount, 10);
            }
            other => panic!("not an attack: {other:?}"),
        }
        assert_eq!(ev[1], Event::BreakdownHeader);
        assert_eq!(
            ev[4],
            Event::Breakdown {
                item: BreakdownItem::Total { amount: 20 }
            }
        );
    }

    #[test]
    fn a_breakdown_without_its_header_starts_at_its_base_damage_entry() {
        let ev = events(
            "Ann's Budew used Itchy Pollen on Bob's Solrock for 20 damage.\n- Base damage: 10 damage\n- Weakness to Grass: 10 damage\n- Total damage: 20 damage\n\nBob drew a card.\n- Weakness to Grass: 10 damage\n",
        );
        assert_eq!(
            ev[1],
            Event::Breakdown {
                item: BreakdownItem::Base { amount: 10 }
            }
        );
        assert_eq!(
            ev[3],
            Event::Breakdown {
                item: BreakdownItem::Total { amount: 20 }
            }
        );
        // Another entry alone does not start one.
        assert!(!matches!(ev[6], Event::Breakdown { .. }), "{:?}", ev[6]);
    }

    #[test]
    fn curly_apostrophes_and_card_ids() {
        let ev = events(
            "Ann drew 7 cards for the opening hand.\nBob drew 7 cards for the opening hand.\nAnn’s (sv6_128) Dreepy used Petty Grudge on Bob’s Budew for 10 damage.\n",
        );
        match &ev[2] {
            Event::Attack(a) => {
                assert_eq!(a.pokemon.name, "Dreepy");
                assert_eq!(a.pokemon.id.as_deref(), Some("sv6_128"));
                assert_eq!(a.target.name, "Budew");
            }
            other => panic!("not an attack: {other:?}"),
        }
    }

    #[test]
    fn end_lines() {
        let ev = events(
            "Ann drew a card.\nBob drew a card.\nOpponent's deck ran out of cards. Ann wins.\n",
        );
        assert_eq!(
            ev[2],
            Event::GameEnd {
                reason: EndReason::DeckOut,
                reason_text: "Opponent's deck ran out of cards".into(),
                winner: "Ann".into()
            }
        );
    }

    #[test]
    fn unknown_lines_keep_their_text() {
        let log = parse_text("Ann drew a card.\nthis is not a log line\n");
        let bad: Vec<_> = log.unparsed().collect();
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].number, 2);
        assert_eq!(log.text(bad[0]), "this is not a log line");
    }

    #[test]
    fn hidden_and_counted_cards() {
        let ev = events("Ann drew a card.\nAnn drew 3 cards.\nAnn drew Pikachu.\n");
        assert!(matches!(
            &ev[0],
            Event::Drew {
                card: CardRef::Hidden { count: 1 },
                ..
            }
        ));
        assert!(matches!(
            &ev[1],
            Event::Drew {
                card: CardRef::Hidden { count: 3 },
                ..
            }
        ));
        assert!(matches!(
            &ev[2],
            Event::Drew {
                card: CardRef::Named { .. },
                ..
            }
        ));
    }

    #[test]
    fn not_a_battle_log() {
        assert!(matches!(
            parse_log(b"hello\nworld\n"),
            Err(LogError::NotABattleLog { lines: 2, .. })
        ));
        // A German log is read as the English lines of the same game.
        let de =
            parse_log("Vorbereitung\nplayer1 hat den Münzwurf gewonnen.\n".as_bytes()).unwrap();
        assert_eq!(de.locale, Locale::De);
        assert!(matches!(de.lines[1].event, Event::CoinTossWon { .. }));
        // German headers over lines that are not a log's.
        assert!(matches!(
            parse_log("Vorbereitung\nhallo\nwelt\nnichts\n".as_bytes()),
            Err(LogError::UnsupportedLanguage { language: "German" })
        ));
    }
}
