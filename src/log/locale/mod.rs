//! Logs in the client's other languages. A log in German, Spanish (Spain or Latin America),
//! French, Italian or Brazilian Portuguese is read by turning each line back into the English
//! line the client would have written, through the client's own string tables (the `blog_loc_*`
//! templates, one per line shape and language): the localized line is matched against its
//! language's templates, and the English template of the same key is filled with the captured
//! values. Card, attack and Ability names are put back in English through the card data's
//! localized names ([`LocalNames`]); a name it does not know stays as written (the checks that
//! need that card then say they cannot tell). The English parser then reads the English lines,
//! so the judgement is the one of the English log of the same game.
//!
//! The project's table (`templates.tsv`) is made from the client's JSON files by
//! `ptcg-judge make-locale-table` ([`generate`]); `variants.tsv` adds wordings seen in real
//! exports that the current tables no longer have. Pure: no IO.

pub mod generate;
mod template;
mod words;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use template::Template;

/// A language of the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Locale {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "de")]
    De,
    #[serde(rename = "es")]
    Es,
    #[serde(rename = "es_la")]
    EsLa,
    #[serde(rename = "fr")]
    Fr,
    #[serde(rename = "it")]
    It,
    #[serde(rename = "pt-BR")]
    PtBr,
}

impl Locale {
    /// Every language, English first, in the order of the table's columns.
    pub const ALL: [Locale; 7] = [
        Locale::En,
        Locale::De,
        Locale::Es,
        Locale::EsLa,
        Locale::Fr,
        Locale::It,
        Locale::PtBr,
    ];

    /// The code used in reports (`de`, `es_la`, `pt-BR`).
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::De => "de",
            Locale::Es => "es",
            Locale::EsLa => "es_la",
            Locale::Fr => "fr",
            Locale::It => "it",
            Locale::PtBr => "pt-BR",
        }
    }

    /// The language's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::De => "German",
            Locale::Es => "Spanish",
            Locale::EsLa => "Latin American Spanish",
            Locale::Fr => "French",
            Locale::It => "Italian",
            Locale::PtBr => "Brazilian Portuguese",
        }
    }

    /// The suffix of the client's template file (`blog-templates.<suffix>.json`).
    pub fn file_suffix(self) -> &'static str {
        match self {
            Locale::PtBr => "ptbr",
            other => other.code(),
        }
    }

    /// The column of the table.
    fn column(self) -> usize {
        Locale::ALL.iter().position(|l| *l == self).unwrap_or(0)
    }

    /// The languages whose wording this one may use: a Latin American export may use wordings
    /// of the Spain table and the other way round.
    fn wordings(self) -> &'static [Locale] {
        match self {
            Locale::Es => &[Locale::Es, Locale::EsLa],
            Locale::EsLa => &[Locale::EsLa, Locale::Es],
            Locale::De => &[Locale::De],
            Locale::Fr => &[Locale::Fr],
            Locale::It => &[Locale::It],
            Locale::PtBr => &[Locale::PtBr],
            Locale::En => &[Locale::En],
        }
    }
}

/// One row of the table: a template key and its text in every language (`""` where the client
/// has none).
#[derive(Debug, Clone)]
pub struct Row {
    pub key: String,
    pub texts: [String; 7],
}

const TABLE: &str = include_str!("templates.tsv");
const VARIANTS: &str = include_str!("variants.tsv");

/// The table, read once.
pub fn table() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| read_table(TABLE))
}

fn read_table(text: &str) -> Vec<Row> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut cells = l.split('\t');
            let key = cells.next()?.to_string();
            let texts: [String; 7] =
                std::array::from_fn(|_| generate::unescape(cells.next().unwrap_or("")));
            Some(Row { key, texts })
        })
        .collect()
}

/// What the card data says a localized name is in English.
pub trait LocalNames {
    /// The English name of a card named `name` in `locale`, when exactly one is.
    fn card(&self, locale: Locale, name: &str) -> Option<String>;
    /// The English name of an attack or Ability named `name` in `locale`, when exactly one is.
    fn attack_or_ability(&self, locale: Locale, name: &str) -> Option<String>;
}

/// No card data: names stay as written.
pub struct NoNames;

impl LocalNames for NoNames {
    fn card(&self, _: Locale, _: &str) -> Option<String> {
        None
    }
    fn attack_or_ability(&self, _: Locale, _: &str) -> Option<String> {
        None
    }
}

/// Each language's headers: setup, Checkup, and the turn header compiled.
struct Headers {
    locale: Locale,
    setup: String,
    checkup: String,
    turn: Template,
}

fn headers() -> &'static [Headers] {
    static HEADERS: OnceLock<Vec<Headers>> = OnceLock::new();
    HEADERS.get_or_init(|| {
        let text = |key: &str, l: Locale| {
            table()
                .iter()
                .find(|r| r.key == key)
                .map(|r| r.texts[l.column()].clone())
                .unwrap_or_default()
        };
        Locale::ALL
            .iter()
            .map(|l| Headers {
                locale: *l,
                setup: text("blog_loc_phase_setup", *l),
                checkup: text("blog_loc_phase_checkup", *l),
                turn: Template::compile(&text("blog_loc_phase_turn", *l)),
            })
            .collect()
    })
}

/// The language of a log: the one whose setup, Checkup and turn headers it uses. `None` for
/// English (or no header at all). The first header decides.
pub fn detect(text: &str) -> Option<Locale> {
    for line in text.lines().take(400) {
        let line = crate::log::input::strip_turn_number(line.trim());
        if line.is_empty() {
            continue;
        }
        for h in headers() {
            let found = line == h.setup
                || line == h.checkup
                || (h.turn.literal_len() > 3 && h.turn.matches(line).is_some());
            if !found {
                continue;
            }
            return match h.locale {
                Locale::En => None,
                // "Turno de X" is Spanish and Portuguese alike: decided by which table reads
                // more lines.
                other if line != h.setup && line != h.checkup => Some(best_of(text, other)),
                other => Some(other),
            };
        }
    }
    None
}

/// Among the languages whose turn header `first` matched, the one whose table reads the most
/// lines.
fn best_of(text: &str, first: Locale) -> Locale {
    let turn = &table()
        .iter()
        .find(|r| r.key == "blog_loc_phase_turn")
        .map(|r| r.texts[first.column()].clone())
        .unwrap_or_default();
    let same: Vec<Locale> = Locale::ALL[1..]
        .iter()
        .copied()
        .filter(|l| {
            table()
                .iter()
                .find(|r| r.key == "blog_loc_phase_turn")
                .is_some_and(|r| &r.texts[l.column()] == turn)
        })
        .collect();
    if same.len() <= 1 {
        return first;
    }
    same.into_iter()
        .max_by_key(|l| {
            let m = matcher(*l);
            text.lines()
                .take(200)
                .filter(|line| m.translate(line, &NoNames).is_some())
                .count()
        })
        .unwrap_or(first)
}

/// A language's templates compiled, most specific first.
pub struct LocaleMatcher {
    locale: Locale,
    /// (localized template, English template, key)
    templates: Vec<(Template, Template, String)>,
    words: HashMap<String, &'static str>,
}

/// The compiled templates of `locale`, made once.
pub fn matcher(locale: Locale) -> &'static LocaleMatcher {
    static MATCHERS: OnceLock<Vec<LocaleMatcher>> = OnceLock::new();
    let all = MATCHERS.get_or_init(|| Locale::ALL.iter().map(|l| LocaleMatcher::new(*l)).collect());
    &all[locale.column()]
}

impl LocaleMatcher {
    fn new(locale: Locale) -> LocaleMatcher {
        let mut templates = Vec::new();
        let en = Locale::En.column();
        for wording in locale.wordings() {
            let c = wording.column();
            for row in table() {
                let local = &row.texts[c];
                let english = &row.texts[en];
                if local.trim().is_empty() || english.trim().is_empty() || !local.contains('[') {
                    continue;
                }
                templates.push((
                    Template::compile(local),
                    Template::compile(english),
                    row.key.clone(),
                ));
            }
        }
        for (key, code, text) in read_variants(VARIANTS) {
            if locale.wordings().iter().any(|w| w.code() == code)
                && let Some(row) = table().iter().find(|r| r.key == key)
            {
                templates.push((
                    Template::compile(&text),
                    Template::compile(&row.texts[en]),
                    key,
                ));
            }
        }
        // Most literal text first: the most specific template wins.
        templates.sort_by_key(|(t, _, _)| std::cmp::Reverse(t.literal_len()));
        LocaleMatcher {
            locale,
            templates,
            words: words::vocabulary(locale),
        }
    }

    /// The English line for one localized line (without its `- ` or bullet prefix), or `None`
    /// when no template reads it.
    pub fn translate(&self, line: &str, names: &dyn LocalNames) -> Option<String> {
        self.translate_with(line, names, &[])
    }

    /// As [`LocaleMatcher::translate`], with the log's players known: a player placeholder
    /// takes only one of their names (a card name may hold the same words as the template:
    /// `El Zoroark de Hisui de jugador1`).
    pub fn translate_with(
        &self,
        line: &str,
        names: &dyn LocalNames,
        players: &[String],
    ) -> Option<String> {
        let line = line.replace('\u{2019}', "'");
        let line = line.as_str();
        // Lines without placeholders: the phase headers and Sudden Death.
        for key in [
            "blog_loc_phase_setup",
            "blog_loc_phase_checkup",
            "blog_loc_sudden_death",
            "blog_loc_export_damage_breakdown_label",
            "battle_draw",
        ] {
            if let Some(row) = table().iter().find(|r| r.key == key)
                && self
                    .locale
                    .wordings()
                    .iter()
                    .any(|w| row.texts[w.column()] == line)
            {
                return Some(row.texts[Locale::En.column()].clone());
            }
        }
        for (local, english, _) in &self.templates {
            if let Some(values) = local.matches_with(line, players) {
                return Some(english.fill(|name| {
                    let value = values
                        .iter()
                        .find(|(n, _)| n == name)
                        .map(|(_, v)| *v)
                        .unwrap_or("");
                    self.value(name, value, names)
                }));
            }
        }
        None
    }

    /// A captured value in English, by the kind of placeholder it fills.
    fn value(&self, placeholder: &str, value: &str, names: &dyn LocalNames) -> String {
        let lower = placeholder.to_ascii_lowercase();
        if (lower == "coinface" || lower == "specialconditionname" || lower.ends_with("cardname"))
            && let Some(w) = self.words.get(value)
        {
            return (*w).to_string();
        }
        if lower == "energytype" || lower == "pokemontype" {
            return words::energy_type(self.locale, value)
                .unwrap_or(value)
                .to_string();
        }
        if lower.ends_with("cardname") {
            return card_name(self.locale, value, names);
        }
        if lower == "attackname" || lower == "specialmove" {
            return names
                .attack_or_ability(self.locale, value)
                .unwrap_or_else(|| value.to_string());
        }
        if lower == "gameendreason" {
            return words::end_reason(self.locale, value)
                .unwrap_or(value)
                .to_string();
        }
        value.to_string()
    }

    /// The players a log names in the lines that name nothing else: the coin toss, the opening
    /// coin choice and the turn headers.
    fn players(&self, text: &str) -> Vec<String> {
        const KEYS: &[&str] = &[
            "blog_loc_won_coin_toss",
            "blog_loc_selected_coinface",
            "blog_loc_phase_turn",
        ];
        let templates: Vec<Template> = table()
            .iter()
            .filter(|r| KEYS.contains(&r.key.as_str()))
            .flat_map(|r| {
                self.locale
                    .wordings()
                    .iter()
                    .map(|w| Template::compile(&r.texts[w.column()]))
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut found: Vec<String> = Vec::new();
        for line in text.lines().take(2000) {
            let line = crate::log::input::strip_turn_number(line.trim()).replace('\u{2019}', "'");
            for t in &templates {
                if let Some(values) = t.matches(&line) {
                    for (name, value) in values {
                        if template::is_player(&name) && !found.iter().any(|f| f == value) {
                            found.push(value.to_string());
                        }
                    }
                }
            }
        }
        // A log has two players; more names found means a template read too much.
        if found.len() <= 2 { found } else { Vec::new() }
    }

    /// A bullet line's list of cards in English.
    pub fn translate_list(&self, list: &str, names: &dyn LocalNames) -> String {
        list.split(", ")
            .map(|name| card_name(self.locale, name, names))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A card name in English: the card data's, keeping a `(set_number)` id the client wrote.
fn card_name(locale: Locale, value: &str, names: &dyn LocalNames) -> String {
    if let Some(count) = words::card_count(locale, value) {
        return count;
    }
    let (id, name) = match value.strip_prefix('(').and_then(|r| r.split_once(") ")) {
        Some((id, name)) => (Some(id), name),
        None => (None, value),
    };
    let english = words::basic_energy(locale, name)
        .or_else(|| names.card(locale, name))
        .or_else(|| {
            // The client may add the owner to a Trainer's name ("Forschung des Professors
            // (Prof. Antiqua)"); the card data may not.
            let (base, _) = name.rsplit_once(" (").filter(|(_, r)| r.ends_with(')'))?;
            names.card(locale, base)
        })
        .unwrap_or_else(|| name.to_string());
    match id {
        Some(id) => format!("({id}) {english}"),
        None => english,
    }
}

fn read_variants(text: &str) -> Vec<(String, String, String)> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut cells = l.split('\t');
            Some((
                cells.next()?.to_string(),
                cells.next()?.to_string(),
                generate::unescape(cells.next()?),
            ))
        })
        .collect()
}

/// A log read in another language: its English lines, one for each line of the original.
#[derive(Debug, Clone)]
pub struct Translated {
    pub locale: Locale,
    pub english: String,
}

/// Turn a log of `locale` into English, line for line (the line count and order are kept; a
/// line no template reads is kept as written).
pub fn translate(text: &str, locale: Locale, names: &dyn LocalNames) -> Translated {
    let m = matcher(locale);
    let players = m.players(text);
    let mut english = String::with_capacity(text.len() + text.len() / 4);
    for (i, raw) in text.split('\n').enumerate() {
        if i > 0 {
            english.push('\n');
        }
        let (line, cr) = match raw.strip_suffix('\r') {
            Some(l) => (l, "\r"),
            None => (raw, ""),
        };
        english.push_str(&translate_line(m, line, names, &players));
        english.push_str(cr);
    }
    Translated { locale, english }
}

fn translate_line(
    m: &LocaleMatcher,
    line: &str,
    names: &dyn LocalNames,
    players: &[String],
) -> String {
    let indent_len = line.len() - line.trim_start().len();
    let (indent, body) = line.split_at(indent_len);
    let body_trimmed = body.trim_end();
    if body_trimmed.is_empty() {
        return line.to_string();
    }
    if let Some(item) = body_trimmed.strip_prefix("• ") {
        // A damage breakdown's item, else a list of cards.
        let english = m
            .translate_with(item, names, players)
            .unwrap_or_else(|| m.translate_list(item, names));
        return format!("{indent}• {english}");
    }
    let (prefix, rest) = match body_trimmed.strip_prefix("- ") {
        Some(r) => ("- ", r),
        None => ("", body_trimmed),
    };
    // `Turn # N - ` is written in English by every client.
    let (turn, rest) = match rest
        .strip_prefix("Turn # ")
        .and_then(|r| r.split_once(" - "))
    {
        Some((n, after)) if n.bytes().all(|b| b.is_ascii_digit()) => {
            (format!("Turn # {n} - "), after)
        }
        _ => (String::new(), rest),
    };
    match m.translate_with(rest, names, players) {
        Some(english) => format!("{indent}{prefix}{turn}{english}"),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests;
