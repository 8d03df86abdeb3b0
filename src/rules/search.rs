//! Ranked full-text search over the clause sections of the rulings pages.
//!
//! Words are split on anything that is not a letter or digit, lowercased, stripped of accents
//! ("Pokémon" matches "pokemon"), and reduced to their English Snowball stem ("burned" and
//! "Burn" both become "burn"). Clauses are ranked with BM25 over three fields: the title, the
//! id and the body text, the first two weighted more. A query that is exactly a clause id
//! always ranks that clause first.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use rust_stemmers::{Algorithm, Stemmer};
use serde::Serialize;

use super::pages::RulingsPage;

/// BM25 term-frequency saturation.
const K1: f32 = 1.2;
/// BM25 length normalisation.
const B: f32 = 0.75;
/// The weight of each field, in the order title, id, body.
const FIELD_WEIGHTS: [f32; 3] = [3.0, 3.0, 1.0];
/// How many words a snippet shows.
const SNIPPET_WORDS: usize = 30;

/// Words too common to be worth searching for (compared after lowercasing and before
/// stemming).
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "do", "does", "for", "from",
    "how", "i", "if", "in", "into", "is", "it", "its", "my", "of", "on", "or", "s", "so", "t",
    "than", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "what",
    "when", "where", "which", "who", "why", "will", "with", "you", "your",
];

/// A search index over the clause sections of the rulings pages.
pub struct SearchIndex {
    docs: Vec<Doc>,
    /// In how many clauses each term occurs (in any field).
    doc_freq: HashMap<String, usize>,
    /// The average length, in terms, of each field.
    avg_len: [f32; 3],
    stemmer: Stemmer,
}

/// One search result.
#[derive(Debug, Clone, Serialize)]
pub struct SearchHit {
    /// The clause id.
    pub id: String,
    /// The clause title.
    pub title: String,
    /// The slug of the page the clause is on.
    pub page: String,
    /// The clause's URL: `/rulings/{page}#{id}`.
    pub url: String,
    /// An HTML-escaped excerpt of the clause around the best match, with the matching words
    /// wrapped in `<mark>`.
    pub snippet_html: String,
    /// The BM25 score (higher is better).
    pub score: f32,
}

/// One indexed clause.
struct Doc {
    id: String,
    title: String,
    page: String,
    text: String,
    /// The terms of the title, the id and the body.
    fields: [FieldTerms; 3],
}

/// How often each term occurs in one field of one clause.
#[derive(Default)]
struct FieldTerms {
    freq: HashMap<String, u32>,
    len: usize,
}

/// A whitespace-separated piece of a body text, as the snippet sees it.
struct Piece {
    range: Range<usize>,
    /// Whether a sentence or a line starts with this piece.
    starts_sentence: bool,
    /// The query terms this piece matches (indices into the query's terms).
    matches: Vec<usize>,
}

impl SearchIndex {
    /// Index every clause section of the pages.
    pub fn build(pages: &[RulingsPage]) -> SearchIndex {
        let stemmer = Stemmer::create(Algorithm::English);
        let docs: Vec<Doc> = pages
            .iter()
            .flat_map(|page| page.clauses.iter().map(move |clause| (page.slug, clause)))
            .map(|(page, clause)| Doc {
                fields: [
                    field_terms(&stemmer, &clause.title),
                    field_terms(&stemmer, &clause.id),
                    field_terms(&stemmer, &clause.text),
                ],
                id: clause.id.clone(),
                title: clause.title.clone(),
                page: page.to_string(),
                text: clause.text.clone(),
            })
            .collect();
        SearchIndex {
            doc_freq: document_frequencies(&docs),
            avg_len: average_field_lengths(&docs),
            docs,
            stemmer,
        }
    }

    /// At most `limit` hits, best first; empty for an empty query, and for a query of stop
    /// words only unless some clause holds it as a phrase ("if you do").
    pub fn search(&self, query: &str, limit: usize) -> Vec<SearchHit> {
        let terms = self.query_terms(query);
        if terms.is_empty() {
            return self.search_stop_word_phrase(query, limit);
        }
        let exact_id = query.trim().to_lowercase();
        // A query of several words that some clause holds as a phrase (a card name such as
        // "Boss's Orders") finds those clauses only, not every clause with one of its words.
        let phrase = phrase_of(query);
        let holds_phrase = |doc: &Doc| {
            phrase_of(&doc.text).contains(&phrase) || phrase_of(&doc.title).contains(&phrase)
        };
        let phrase_found = phrase.contains(' ') && self.docs.iter().any(&holds_phrase);
        let mut ranked: Vec<(bool, f32, &Doc)> = self
            .docs
            .iter()
            .filter(|doc| !phrase_found || holds_phrase(doc))
            .map(|doc| (doc.id == exact_id, self.score(doc, &terms), doc))
            .filter(|&(exact, score, _)| exact || score > 0.0)
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)));
        ranked
            .into_iter()
            .take(limit)
            .map(|(_, score, doc)| self.hit(doc, score, &terms))
            .collect()
    }

    /// A query of two or more stop words ("if you do", "you may") has no term to rank by: the
    /// clauses that hold it as a phrase, those whose title holds it first, then by how often
    /// their text does.
    fn search_stop_word_phrase(&self, query: &str, limit: usize) -> Vec<SearchHit> {
        let phrase = phrase_of(query);
        if !phrase.contains(' ') {
            return Vec::new();
        }
        let mut ranked: Vec<(f32, &Doc)> = self
            .docs
            .iter()
            .map(|doc| {
                let title = occurrences(&phrase_of(&doc.title), &phrase);
                let text = occurrences(&phrase_of(&doc.text), &phrase);
                ((3 * title + text) as f32, doc)
            })
            .filter(|&(score, _)| score > 0.0)
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
            .into_iter()
            .take(limit)
            .map(|(score, doc)| self.hit(doc, score, &[]))
            .collect()
    }

    /// At most `limit` clauses that hold the query as a phrase (a card's name), best first;
    /// no clause that only shares one of its words.
    pub fn search_phrase(&self, query: &str, limit: usize) -> Vec<SearchHit> {
        let phrase = phrase_of(query);
        let terms = self.query_terms(query);
        if phrase.trim().is_empty() || terms.is_empty() {
            return Vec::new();
        }
        let mut ranked: Vec<(f32, &Doc)> = self
            .docs
            .iter()
            .filter(|doc| {
                holds_words(&phrase_of(&doc.text), &phrase)
                    || holds_words(&phrase_of(&doc.title), &phrase)
            })
            .map(|doc| (self.score(doc, &terms), doc))
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
            .into_iter()
            .take(limit)
            .map(|(score, doc)| self.hit(doc, score, &terms))
            .collect()
    }

    /// The distinct terms of a query, in the order they first appear.
    fn query_terms(&self, query: &str) -> Vec<String> {
        let mut seen = HashSet::new();
        words(query)
            .filter_map(|(_, word)| normalise(&self.stemmer, word))
            .filter(|term| seen.insert(term.clone()))
            .collect()
    }

    /// The weighted BM25 score of a clause for the query terms.
    fn score(&self, doc: &Doc, terms: &[String]) -> f32 {
        let n = self.docs.len() as f32;
        terms
            .iter()
            .map(|term| {
                let df = self.doc_freq.get(term).copied().unwrap_or(0) as f32;
                let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
                idf * self.weighted_term_frequency(doc, term)
            })
            .sum()
    }

    /// The BM25 term-frequency part for one term, summed over the weighted fields.
    fn weighted_term_frequency(&self, doc: &Doc, term: &str) -> f32 {
        doc.fields
            .iter()
            .zip(FIELD_WEIGHTS)
            .zip(self.avg_len)
            .map(|((field, weight), avg_len)| {
                let tf = field.freq.get(term).copied().unwrap_or(0) as f32;
                let norm = 1.0 - B + B * field.len as f32 / avg_len.max(1.0);
                weight * tf * (K1 + 1.0) / (tf + K1 * norm)
            })
            .sum()
    }

    /// The search hit for a clause.
    fn hit(&self, doc: &Doc, score: f32, terms: &[String]) -> SearchHit {
        SearchHit {
            id: doc.id.clone(),
            title: doc.title.clone(),
            page: doc.page.clone(),
            url: super::registry::section_url(&doc.page, &doc.id),
            snippet_html: self.snippet_html(&doc.text, terms),
            score,
        }
    }

    /// An HTML excerpt of about [`SNIPPET_WORDS`] words of the text around its best match,
    /// with `…` where it is cut and matching words in `<mark>`.
    fn snippet_html(&self, text: &str, terms: &[String]) -> String {
        let pieces = self.pieces(text, terms);
        let window = best_window(&pieces);
        let mut out = String::new();
        if window.start > 0 {
            out.push_str("… ");
        }
        let shown: Vec<String> = pieces[window.clone()]
            .iter()
            .map(|piece| self.highlight(&text[piece.range.clone()], terms))
            .collect();
        out.push_str(&shown.join(" "));
        if window.end < pieces.len() {
            out.push_str(" …");
        }
        out
    }

    /// The whitespace-separated pieces of a text, with the query terms each matches.
    fn pieces(&self, text: &str, terms: &[String]) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    let starts_sentence = pieces.last().is_none_or(|prev| {
                        ends_sentence(&text[prev.range.end..s], &text[prev.range.clone()])
                    });
                    pieces.push(Piece {
                        range: s..i,
                        starts_sentence,
                        matches: self.matching_terms(&text[s..i], terms),
                    });
                    start = None;
                }
                _ => {}
            }
        }
        pieces
    }

    /// The indices of the query terms that a piece of text contains.
    fn matching_terms(&self, piece: &str, terms: &[String]) -> Vec<usize> {
        words(piece)
            .filter_map(|(_, word)| normalise(&self.stemmer, word))
            .filter_map(|term| terms.iter().position(|t| *t == term))
            .collect()
    }

    /// A piece of text, HTML-escaped, with the words that match a query term in `<mark>`.
    fn highlight(&self, piece: &str, terms: &[String]) -> String {
        let mut out = String::new();
        let mut last = 0;
        for (range, word) in words(piece) {
            out.push_str(&escape_html(&piece[last..range.start]));
            let matches = normalise(&self.stemmer, word).is_some_and(|t| terms.contains(&t));
            if matches {
                out.push_str("<mark>");
            }
            out.push_str(&escape_html(word));
            if matches {
                out.push_str("</mark>");
            }
            last = range.end;
        }
        out.push_str(&escape_html(&piece[last..]));
        out
    }
}

/// The terms of one field of a clause.
fn field_terms(stemmer: &Stemmer, text: &str) -> FieldTerms {
    let mut terms = FieldTerms::default();
    for term in words(text).filter_map(|(_, word)| normalise(stemmer, word)) {
        *terms.freq.entry(term).or_default() += 1;
        terms.len += 1;
    }
    terms
}

/// In how many clauses each term occurs, in any field.
fn document_frequencies(docs: &[Doc]) -> HashMap<String, usize> {
    let mut freq = HashMap::new();
    for doc in docs {
        let terms: HashSet<&String> = doc.fields.iter().flat_map(|f| f.freq.keys()).collect();
        for term in terms {
            *freq.entry(term.clone()).or_default() += 1;
        }
    }
    freq
}

/// The average length of each field over all clauses.
fn average_field_lengths(docs: &[Doc]) -> [f32; 3] {
    let count = docs.len().max(1) as f32;
    std::array::from_fn(|field| {
        docs.iter().map(|d| d.fields[field].len).sum::<usize>() as f32 / count
    })
}

/// The words of a text (runs of letters and digits) with their byte ranges.
fn words(text: &str) -> impl Iterator<Item = (Range<usize>, &str)> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(move |word| {
            let start = word.as_ptr() as usize - text.as_ptr() as usize;
            (start..start + word.len(), word)
        })
}

/// Whether `text` holds `phrase` as whole words (`n` in "player n draws", not in "and").
fn holds_words(text: &str, phrase: &str) -> bool {
    occurrences(text, phrase) > 0
}

/// How many times `text` holds `phrase` as whole words.
fn occurrences(text: &str, phrase: &str) -> usize {
    let phrase = phrase.trim();
    if phrase.is_empty() {
        return 0;
    }
    text.match_indices(phrase)
        .filter(|&(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + phrase.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
        .count()
}

/// Text as a phrase is looked for in it: lower case, without accents, curly apostrophes
/// straightened, words separated by single spaces.
fn phrase_of(text: &str) -> String {
    let folded: String = text
        .to_lowercase()
        .replace(['\u{2019}', '\u{2018}'], "'")
        .chars()
        .map(fold_accent)
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// British spellings a player may type, in the American spelling of the rulebooks.
const SPELLINGS: &[(&str, &str)] = &[
    ("paralysed", "paralyzed"),
    ("paralyse", "paralyze"),
    ("paralyses", "paralyzes"),
    ("paralysing", "paralyzing"),
    ("paralysis", "paralysis"),
    ("colour", "color"),
    ("colours", "colors"),
    ("colourless", "colorless"),
    ("defence", "defense"),
    ("recognise", "recognize"),
    ("recognised", "recognized"),
    ("organise", "organize"),
    ("realise", "realize"),
    ("centre", "center"),
    ("favour", "favor"),
    ("behaviour", "behavior"),
    ("honour", "honor"),
    ("armour", "armor"),
    ("licence", "license"),
    ("practise", "practice"),
    ("cancelled", "canceled"),
    ("cancelling", "canceling"),
    ("travelled", "traveled"),
];

/// The search term for a word: lowercased, without accents, in American spelling, stemmed;
/// `None` for a stop word.
fn normalise(stemmer: &Stemmer, word: &str) -> Option<String> {
    let folded: String = word.to_lowercase().chars().map(fold_accent).collect();
    let folded = SPELLINGS
        .iter()
        .find(|(uk, _)| *uk == folded)
        .map_or(folded, |(_, us)| (*us).to_string());
    if STOP_WORDS.contains(&folded.as_str()) {
        return None;
    }
    Some(stemmer.stem(&folded).into_owned())
}

/// The unaccented form of a common accented Latin letter (lowercase); other characters are
/// unchanged.
fn fold_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ý' | 'ÿ' => 'y',
        other => other,
    }
}

/// Whether a new sentence starts after a piece, given the piece and the whitespace after it.
fn ends_sentence(gap: &str, piece: &str) -> bool {
    gap.contains('\n') || piece.ends_with(['.', '!', '?'])
}

/// The range of [`SNIPPET_WORDS`] pieces with the most distinct query terms, then the most
/// matches; a window that starts a sentence wins a tie, then the earliest. With no match at
/// all, the first pieces.
fn best_window(pieces: &[Piece]) -> Range<usize> {
    let sentence_starts = (0..pieces.len()).filter(|&i| pieces[i].starts_sentence);
    let around_matches = (0..pieces.len())
        .filter(|&i| !pieces[i].matches.is_empty())
        .map(|i| i.saturating_sub(SNIPPET_WORDS / 3));
    let start = sentence_starts
        .chain(around_matches)
        .max_by_key(|&start| window_rank(pieces, start))
        .unwrap_or(0);
    start..(start + SNIPPET_WORDS).min(pieces.len())
}

/// How good a snippet window starting at `start` is (greater is better).
fn window_rank(pieces: &[Piece], start: usize) -> (usize, usize, bool, std::cmp::Reverse<usize>) {
    let window = &pieces[start..(start + SNIPPET_WORDS).min(pieces.len())];
    let matches = window.iter().flat_map(|p| p.matches.iter());
    let distinct: HashSet<&usize> = matches.clone().collect();
    (
        distinct.len(),
        matches.count(),
        pieces[start].starts_sentence,
        std::cmp::Reverse(start),
    )
}

/// Text with `&`, `<`, `>`, `"` and `'` escaped for HTML.
fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::pages::{ClauseSection, render_all};

    fn index() -> SearchIndex {
        SearchIndex::build(&render_all())
    }

    fn ids(hits: &[SearchHit]) -> Vec<&str> {
        hits.iter().map(|h| h.id.as_str()).collect()
    }

    /// A one-page index built from clause texts, for tests that need control of the text.
    fn tiny_index(clauses: &[(&str, &str, &str)]) -> SearchIndex {
        let page = RulingsPage {
            slug: "test",
            title: "Test",
            intro_html: String::new(),
            clauses: clauses
                .iter()
                .map(|&(id, title, text)| ClauseSection {
                    id: id.to_string(),
                    title: title.to_string(),
                    html: String::new(),
                    text: text.to_string(),
                    checked: false,
                })
                .collect(),
        };
        SearchIndex::build(&[page])
    }

    #[test]
    fn burned_finds_the_burn_clause() {
        let hits = index().search("burned", 5);
        let top: Vec<_> = ids(&hits).into_iter().take(3).collect();
        assert!(top.contains(&"checkup.burned"), "{top:?}");
        assert!(hits.iter().all(|h| h.snippet_html.contains("<mark>")));
    }

    #[test]
    fn sudden_death_finds_its_clause_first_or_second() {
        let hits = index().search("Sudden Death", 5);
        let top: Vec<_> = ids(&hits).into_iter().take(2).collect();
        assert!(top.contains(&"win.sudden-death"), "{top:?}");
    }

    #[test]
    fn a_clause_id_ranks_its_clause_first() {
        let index = index();
        for id in [
            "checkup.order",
            "turn.draw",
            "pokemon.ex",
            "attack.damage-order.bench",
        ] {
            let hits = index.search(id, 3);
            assert_eq!(hits.first().map(|h| h.id.as_str()), Some(id));
        }
    }

    #[test]
    fn common_questions_find_the_obvious_clauses() {
        let index = index();
        let cases = [
            ("mulligan", "setup.mulligan"),
            ("knocked out", "knockout.at-hp"),
            (
                "Weakness before Resistance",
                "attack.damage-order.resistance",
            ),
            ("how many cards on the bench", "turn.bench-limit"),
            ("pokemon tool", "trainer.tool"),
        ];
        for (query, expected) in cases {
            let hits = index.search(query, 5);
            assert!(ids(&hits).contains(&expected), "{query}: {:?}", ids(&hits));
        }
    }

    /// The words a judge uses for the timing, zone, evolution and special-Pokémon rules find
    /// their clause: first for the wordings printed on cards and the names of the rules, among
    /// the first three for looser questions.
    #[test]
    fn a_judges_words_find_the_timing_zone_and_evolution_clauses() {
        let index = index();
        let first = [
            ("lost zone", "zones.lost-zone"),
            ("Lost Zone", "zones.lost-zone"),
            (
                "until the end of your opponent's next turn",
                "effects.duration",
            ),
            (
                "until the end of your opponent\u{2019}s next turn",
                "effects.duration",
            ),
            ("during your opponent's next turn", "effects.duration"),
            ("devolve", "evolution.devolve"),
            ("devolved", "evolution.devolve"),
            ("break", "pokemon.break"),
            ("Pokémon BREAK", "pokemon.break"),
            ("at the end of the turn", "effects.end-of-turn"),
            ("damaged by an attack", "attack.damaged-by-attack"),
            ("during this turn", "effects.this-turn"),
            ("remaining HP", "hp.maximum-remaining"),
            ("maximum HP", "hp.maximum-remaining"),
            ("dual-type", "pokemon.dual-type"),
            ("Pokémon LEGEND", "pokemon.legend"),
            ("Char counter", "counters.other"),
        ];
        let top_three = [
            ("end of turn", "effects.end-of-turn"),
            ("checkup is not a turn", "effects.duration"),
            ("full HP", "hp.maximum-remaining"),
            ("hidden public zones", "zones.hidden-public"),
            ("look at the discard pile", "zones.hidden-public"),
            ("attach energy by an effect", "energy.attach-by-effect"),
            ("move energy", "energy.attach-by-effect"),
            ("same ability stack", "ability.stacking"),
            ("two types", "pokemon.dual-type"),
            ("Pokémon LEGEND halves", "pokemon.legend"),
        ];
        let mut misses = Vec::new();
        for (query, expected, within) in first
            .iter()
            .map(|&(q, e)| (q, e, 1))
            .chain(top_three.iter().map(|&(q, e)| (q, e, 3)))
        {
            let hits = index.search(query, within);
            if !ids(&hits).contains(&expected) {
                misses.push(format!(
                    "{query:?}: want {expected} in the first {within}, got {:?}",
                    ids(&index.search(query, 5))
                ));
            }
        }
        assert!(misses.is_empty(), "{}", misses.join("\n"));
    }

    /// The words a judge uses for the steps of an attack, the card wordings "has no", "if you
    /// do" and a changed wording, a Supporter that would change nothing, Rule Boxes, Restored
    /// Pokémon, "in play", the labels and double battles find their clause first.
    #[test]
    fn a_judges_words_find_the_attack_steps_wording_and_kind_clauses_first() {
        let index = index();
        let first = [
            ("steps of an attack", "attack.steps"),
            ("attack steps", "attack.steps"),
            ("before doing damage", "attack.steps"),
            ("has no Weakness", "card-text.has-no"),
            ("has no abilities", "card-text.has-no"),
            ("ignore all Energy", "card-text.has-no"),
            ("if you do", "card-text.if-you-do"),
            ("If you do,", "card-text.if-you-do"),
            ("newest wording", "card-text.newest-wording"),
            ("old print", "card-text.newest-wording"),
            (
                "supporter that would change nothing",
                "trainer.changes-nothing",
            ),
            ("rule box", "pokemon.rule-box"),
            ("Pokémon with a Rule Box", "pokemon.rule-box"),
            ("doesn't have a Rule Box", "pokemon.rule-box"),
            ("restored Pokémon", "pokemon.restored"),
            ("in play", "zones.in-play"),
            ("is the Bench in play", "zones.in-play"),
            ("double battle", "setup.double-battle"),
            ("Ancient and Future", "pokemon.labels"),
            ("future pokemon", "pokemon.labels"),
            ("Single Strike", "pokemon.labels"),
            ("battle styles", "pokemon.labels"),
            ("Ultra Beasts", "pokemon.labels"),
        ];
        let misses: Vec<String> = first
            .iter()
            .filter(|(query, expected)| ids(&index.search(query, 1)) != [*expected])
            .map(|(query, expected)| {
                format!(
                    "{query:?}: want {expected} first, got {:?}",
                    ids(&index.search(query, 5))
                )
            })
            .collect();
        assert!(misses.is_empty(), "{}", misses.join("\n"));
    }

    #[test]
    fn a_phrase_of_stop_words_finds_the_clauses_holding_it_title_first() {
        let index = tiny_index(&[
            (
                "a.text",
                "Other",
                "You may do it. If you do, draw. If you do, shuffle.",
            ),
            (
                "b.title",
                "If you do",
                "The second part hangs on the first.",
            ),
            ("c.none", "Third", "Nothing to do here, if you like."),
        ]);
        assert_eq!(ids(&index.search("if you do", 10)), ["b.title", "a.text"]);
        assert_eq!(ids(&index.search("If you do", 1)), ["b.title"]);
        // A single stop word, or words no clause holds together, still find nothing.
        assert!(index.search("do", 10).is_empty());
        assert!(index.search("you do if", 10).is_empty());
    }

    #[test]
    fn hits_are_ranked_limited_and_linked() {
        let hits = index().search("energy", 4);
        assert_eq!(hits.len(), 4);
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
        for hit in &hits {
            assert_eq!(hit.url, format!("/rulings/{}#{}", hit.page, hit.id));
            assert!(crate::rules::clause(&hit.id).is_some_and(|c| c.page == hit.page));
        }
    }

    #[test]
    fn empty_and_stop_word_queries_find_nothing() {
        let index = index();
        assert!(index.search("", 10).is_empty());
        assert!(index.search("  ..  ", 10).is_empty());
        assert!(index.search("the of and", 10).is_empty());
        assert!(index.search("energy", 0).is_empty());
        assert!(index.search("xylophonezzz", 10).is_empty());
    }

    #[test]
    fn british_spellings_find_the_same_clauses() {
        let index = index();
        let (uk, us) = (index.search("paralysed", 5), index.search("paralyzed", 5));
        assert!(!uk.is_empty());
        assert_eq!(ids(&uk), ids(&us));
    }

    #[test]
    fn a_phrase_search_finds_only_clauses_holding_the_whole_phrase() {
        let idx = SearchIndex::build(&crate::rules::pages::render_all());
        let hits = idx.search_phrase("Nest Ball", 50);
        assert!(!hits.is_empty());
        for h in &hits {
            let doc = idx.docs.iter().find(|d| d.id == h.id).unwrap();
            assert!(phrase_of(&doc.text).contains("nest ball"), "{}", h.id);
        }
        // A phrase no clause holds: no hit for one of its words alone ("order").
        assert!(idx.search_phrase("Team Rocket's Orders", 50).is_empty());
        assert!(!idx.search("Team Rocket's Orders", 50).is_empty());
        assert!(idx.search_phrase("  ", 50).is_empty());
        assert!(holds_words("then n draws", "n"));
        assert!(!holds_words("and then", "n"));
    }

    #[test]
    fn a_phrase_some_clause_holds_finds_only_those_clauses() {
        let index = tiny_index(&[
            (
                "a.one",
                "Orders",
                "Boss's Orders switches the Active Pokémon.",
            ),
            ("a.two", "Order", "The order of the Checkup."),
            ("a.three", "Order again", "Damage order."),
        ]);
        assert_eq!(ids(&index.search("Boss’s Orders", 10)), ["a.one"]);
        // Without such a phrase anywhere, the words are searched as before.
        let loose = index.search("checkup order", 10);
        assert!(ids(&loose).contains(&"a.two"), "{:?}", ids(&loose));
    }

    #[test]
    fn accents_and_case_do_not_matter() {
        let index = index();
        let plain = index.search("pokemon checkup", 3);
        let accented = index.search("POKÉMON Checkup", 3);
        assert!(!plain.is_empty());
        assert_eq!(ids(&plain), ids(&accented));
    }

    #[test]
    fn snippets_mark_whole_matching_words() {
        let hits = index().search("burned", 1);
        let snippet = &hits[0].snippet_html;
        assert!(snippet.contains("<mark>Burned</mark>"), "{snippet}");
        let words = snippet.split_whitespace().filter(|w| *w != "…").count();
        assert!(words <= SNIPPET_WORDS, "{words} words: {snippet}");
    }

    #[test]
    fn snippets_escape_the_source_text() {
        let index = tiny_index(&[(
            "x.script",
            "Scripts",
            "Rule. A <script>alert(\"burn\")</script> & 'burned' card is > than <b>this</b>.",
        )]);
        let hits = index.search("burn", 1);
        let snippet = &hits[0].snippet_html;
        assert!(!snippet.contains("<script"), "{snippet}");
        assert!(!snippet.contains("<b>"), "{snippet}");
        assert!(
            snippet.contains("&lt;script&gt;alert(&quot;<mark>burn</mark>&quot;)"),
            "{snippet}"
        );
        assert!(
            snippet.contains("&amp; &#39;<mark>burned</mark>&#39;"),
            "{snippet}"
        );
        let without_marks = snippet.replace("<mark>", "").replace("</mark>", "");
        assert!(!without_marks.contains(['<', '>', '"']), "{snippet}");
    }

    #[test]
    fn snippets_choose_the_best_window_and_mark_cuts() {
        let filler = "lorem ipsum dolor sit amet. ".repeat(20);
        let text = format!("{filler}The Sudden Death game starts. {filler}");
        let index = tiny_index(&[("x.y", "Other", &text)]);
        let snippet = &index.search("sudden death", 1)[0].snippet_html;
        assert!(snippet.starts_with("… "), "{snippet}");
        assert!(snippet.ends_with(" …"), "{snippet}");
        assert!(
            snippet.contains("<mark>Sudden</mark> <mark>Death</mark>"),
            "{snippet}"
        );
    }

    #[test]
    fn a_short_text_is_shown_whole() {
        let index = tiny_index(&[("x.y", "Burn", "Burned Pokémon flip.")]);
        let snippet = &index.search("burn", 1)[0].snippet_html;
        assert_eq!(snippet, "<mark>Burned</mark> Pokémon flip.");
    }

    #[test]
    fn title_and_id_weigh_more_than_the_body() {
        let index = tiny_index(&[
            (
                "a.other",
                "Other",
                "Retreat retreat, and more about other things here.",
            ),
            (
                "b.retreat",
                "Retreat",
                "Something else entirely, said at some length here.",
            ),
        ]);
        let hits = index.search("retreat", 2);
        assert_eq!(ids(&hits), ["b.retreat", "a.other"]);
    }
}
