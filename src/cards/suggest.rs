//! Card names for what a person typed: the exact name whatever its case, accents or
//! punctuation (`dragapult EX` is `Dragapult ex`), and otherwise the names that begin with it,
//! contain it, or contain each of its words, shortest first; and, for a name not found, the
//! names close to it ("did you mean"). The damage tool, the card pages, the rulings search
//! and `ptcg-judge card` ask it.

use super::db::CardDb;
use super::decklist::lookup_key;

/// The names of the card data with their loose keys, sorted by key (built once per database).
#[derive(Debug, Clone, Default)]
pub struct NameIndex {
    /// (loose key, the lower-case name's words, the name).
    entries: Vec<(String, Vec<String>, String)>,
}

impl NameIndex {
    /// Index every distinct name of the database.
    pub fn build(db: &CardDb) -> NameIndex {
        let mut entries: Vec<(String, Vec<String>, String)> = db
            .names()
            .map(|n| (lookup_key(n), words(n), n.to_string()))
            .filter(|(k, _, _)| !k.is_empty())
            .collect();
        entries.sort();
        entries.dedup_by(|a, b| a.2 == b.2);
        NameIndex { entries }
    }

    /// The one name whose loose key is the query's, if exactly one name has it.
    pub fn exact(&self, query: &str) -> Option<&str> {
        let key = lookup_key(query);
        if key.is_empty() {
            return None;
        }
        let start = self
            .entries
            .partition_point(|(k, _, _)| k.as_str() < key.as_str());
        let same: Vec<&str> = self.entries[start..]
            .iter()
            .take_while(|(k, _, _)| *k == key)
            .map(|(_, _, n)| n.as_str())
            .collect();
        match same.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// At most `limit` names for the query, best first: those whose key begins with the
    /// query's, then those that contain it, then those with each of its words; shorter names
    /// before longer ones within each group. Empty for an empty query.
    pub fn suggest(&self, query: &str, limit: usize) -> Vec<&str> {
        let key = lookup_key(query);
        let query_words = words(query);
        if key.is_empty() || limit == 0 {
            return Vec::new();
        }
        let mut found: Vec<(u8, usize, &str)> = Vec::new();
        for (k, name_words, name) in &self.entries {
            let rank = if k.starts_with(&key) {
                0
            } else if k.contains(&key) {
                1
            } else if query_words.len() > 1
                && query_words
                    .iter()
                    .all(|w| name_words.iter().any(|nw| nw.starts_with(w.as_str())))
            {
                2
            } else {
                continue;
            };
            found.push((rank, name.chars().count(), name));
        }
        found.sort();
        found.into_iter().take(limit).map(|(_, _, n)| n).collect()
    }
}

/// A name's words in lower case, without punctuation (`Boss's Orders` -> `bosss`, `orders`),
/// the loose key of each word.
fn words(name: &str) -> Vec<String> {
    name.split_whitespace()
        .map(lookup_key)
        .filter(|w| !w.is_empty())
        .collect()
}

/// Names for a query that found nothing: at most `limit` that begin with or contain it
/// ([`NameIndex::suggest`]), then the names close to it ([`close_names`]) not already given.
pub fn names_for(db: &CardDb, query: &str, limit: usize) -> Vec<String> {
    let mut names: Vec<String> = db
        .name_index()
        .suggest(query, limit)
        .into_iter()
        .map(str::to_string)
        .collect();
    for close in close_names(db, query) {
        if !names.contains(&close) {
            names.push(close);
        }
    }
    names
}

/// Maximum number of "did you mean" names.
const MAX_CLOSE_NAMES: usize = 5;

/// Up to five known names close to `query`: same name ignoring case first, then small edit
/// distances, then names containing the query, then names sharing its first four letters.
pub fn close_names(db: &CardDb, query: &str) -> Vec<String> {
    let q = query.trim().to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let prefix: String = q.chars().take(4).collect();
    let max_edits = (q.chars().count() / 4).max(2);
    let mut scored: Vec<(u8, usize, &str)> = Vec::new();
    for name in db.names() {
        let n = name.to_lowercase();
        let edits = edit_distance(&n, &q, max_edits);
        let score = if n == q {
            Some((0, 0))
        } else if edits <= max_edits {
            Some((1, edits))
        } else if (q.chars().count() >= 3 && n.contains(&q))
            || (n.chars().count() >= 4 && q.contains(&n))
        {
            Some((2, n.len().abs_diff(q.len())))
        } else if n.starts_with(&prefix) {
            Some((3, n.len().abs_diff(q.len())))
        } else {
            None
        };
        if let Some((cat, dist)) = score {
            scored.push((cat, dist, name));
        }
    }
    scored.sort_unstable();
    scored
        .into_iter()
        .take(MAX_CLOSE_NAMES)
        .map(|(_, _, n)| n.to_string())
        .collect()
}

/// Levenshtein distance over chars; returns `limit + 1` early when clearly above `limit`.
pub(crate) fn edit_distance(a: &str, b: &str, limit: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return limit + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        let mut row_min = cur[0];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
            row_min = row_min.min(cur[j + 1]);
        }
        if row_min > limit {
            return limit + 1;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::test_support::pokemon;

    fn db() -> CardDb {
        let names = [
            "Dragapult ex",
            "Dragapult",
            "Dreepy",
            "Drakloak",
            "Boss's Orders",
            "Team Rocket's Dragapult",
        ];
        let cards = names
            .iter()
            .enumerate()
            .map(|(i, n)| pokemon(&format!("fx1-{i}"), n, &["Basic"], &[]))
            .collect();
        CardDb::from_cards(cards, Vec::new())
    }

    fn index() -> NameIndex {
        NameIndex::build(&db())
    }

    #[test]
    fn names_for_a_miss_are_the_names_it_begins_then_the_close_ones_each_once() {
        let db = db();
        // The limit holds the prefix names; the close names follow, each once.
        assert_eq!(
            names_for(&db, "draga", 2),
            ["Dragapult", "Dragapult ex", "Team Rocket's Dragapult"]
        );
        // A misspelling no name begins with: the close names.
        let got = names_for(&db, "Dreepi", 10);
        assert!(got.contains(&"Dreepy".to_string()), "{got:?}");
        let mut unique = got.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), got.len(), "{got:?}");
    }

    #[test]
    fn an_exact_name_is_found_whatever_its_case_and_punctuation() {
        let idx = index();
        assert_eq!(idx.exact("dragapult EX"), Some("Dragapult ex"));
        assert_eq!(idx.exact("bosss orders"), Some("Boss's Orders"));
        assert_eq!(idx.exact("Boss’s Orders"), Some("Boss's Orders"));
        assert_eq!(idx.exact("Dragapul"), None);
        assert_eq!(idx.exact(""), None);
    }

    #[test]
    fn names_that_begin_with_the_query_come_first_then_those_containing_it() {
        let idx = index();
        assert_eq!(
            idx.suggest("draga", 10),
            ["Dragapult", "Dragapult ex", "Team Rocket's Dragapult"]
        );
        assert_eq!(idx.suggest("draga", 1), ["Dragapult"]);
        assert_eq!(idx.suggest("orders boss", 10), ["Boss's Orders"]);
        assert!(idx.suggest("zzz", 10).is_empty());
        assert!(idx.suggest("", 10).is_empty());
    }
}
