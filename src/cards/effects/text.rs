//! Plain text helpers for the text rules: one normalised lower-case copy of a card text, cut
//! into sentences and clauses, and the reading of whom a phrase is about ([`Reach`]).
//!
//! Normalisation (done once per text): lower case; `é` → `e` (so "Pokémon" reads "pokemon");
//! curly quotes → `'`; dashes and minus signs → `-`; "his or her" / "him or her" / "he or she"
//! → "their" / "them" / "they" (old wording); runs of white space → one space. The card's own
//! name is replaced by "this pokemon" (Pokémon) or "this card" (Trainer, Energy), so old texts
//! ("Blissey gets +20 HP", "Metal Energy is attached to") read like new ones.

use super::Reach;

/// Lower-case and normalise `raw` as described in the module docs, replacing each of the
/// `names` (already normalised, longest first) by its replacement where it stands as a phrase.
pub(crate) fn normalise(raw: &str, names: &[(String, String)]) -> String {
    let mut out = String::with_capacity(raw.len() + 8);
    let mut last_space = true;
    for c in raw.chars() {
        let c = match c {
            'é' | 'É' => 'e',
            '’' | '‘' | '`' | '´' => '\'',
            '“' | '”' => '"',
            '−' | '–' | '—' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
            continue;
        }
        last_space = false;
        for l in c.to_lowercase() {
            out.push(l);
        }
    }
    while out.ends_with(' ') {
        out.pop();
    }
    let mut out = out
        .replace("his or her", "their")
        .replace("him or her", "them")
        .replace("he or she", "they");
    for (name, with) in names {
        if name.len() >= 3 && out.contains(name.as_str()) {
            out = replace_phrase(&out, name, with);
        }
    }
    out
}

/// Replace `needle` by `with` where it is not part of a longer word.
fn replace_phrase(hay: &str, needle: &str, with: &str) -> String {
    let mut out = String::with_capacity(hay.len());
    let mut rest = hay;
    while let Some(i) = rest.find(needle) {
        let before_ok = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = &rest[i + needle.len()..];
        let after_ok = after.chars().next().is_none_or(|c| !c.is_alphanumeric());
        out.push_str(&rest[..i]);
        if before_ok && after_ok {
            out.push_str(with);
        } else {
            out.push_str(needle);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Cut a normalised text into sentences: after `.`, `!` or `.)` followed by a space (or the
/// end). A parenthesised sentence ("(Don't apply Weakness … .)") becomes its own sentence.
/// Sentences are trimmed; empty ones are dropped.
pub(crate) fn sentences(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let mut end = None;
        if c == b'.' || c == b'!' {
            let mut j = i + 1;
            while j < b.len() && b[j] == b')' {
                j += 1;
            }
            if j == b.len() || b[j] == b' ' {
                end = Some(j);
            }
        }
        if let Some(j) = end {
            push_sentence(&mut out, &text[start..j]);
            start = j;
            i = j;
        } else {
            i += 1;
        }
    }
    push_sentence(&mut out, &text[start..]);
    out
}

fn push_sentence(out: &mut Vec<String>, s: &str) {
    let s = s.trim();
    if !s.is_empty() {
        out.push(s.to_string());
    }
}

/// Does `hay` contain `word` as a whole word (not inside a longer word)?
pub(crate) fn has_word(hay: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(i) = hay[from..].find(word) {
        let at = from + i;
        let before_ok = hay[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after_ok = hay[at + word.len()..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        if before_ok && after_ok {
            return true;
        }
        from = at + word.len();
    }
    false
}

/// Does `hay` contain any of `needles`?
pub(crate) fn any(hay: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| hay.contains(n))
}

/// The clause of `s` that ends at byte `pos`: from the last ", " or "; " (or the start) to
/// `pos`. Used to find the subject of a verb phrase found at `pos`.
pub(crate) fn clause_before(s: &str, pos: usize) -> &str {
    let head = &s[..pos];
    let from = [", ", "; ", ": "]
        .iter()
        .filter_map(|sep| head.rfind(sep).map(|i| i + sep.len()))
        .max()
        .unwrap_or(0);
    &head[from..]
}

/// The words of `s` after byte `pos` up to the first of `stops` (or the end).
pub(crate) fn phrase_after<'a>(s: &'a str, pos: usize, stops: &[&str]) -> &'a str {
    let tail = &s[pos..];
    let end = stops
        .iter()
        .filter_map(|st| tail.find(st))
        .min()
        .unwrap_or(tail.len());
    &tail[..end]
}

/// The clauses (split at ", " and "; ") of a sentence.
pub(crate) fn clauses(s: &str) -> impl Iterator<Item = &str> {
    s.split([',', ';']).map(str::trim).filter(|c| !c.is_empty())
}

/// Is this clause a condition ("if …", "when …", "as long as …") rather than a main clause?
pub(crate) fn is_condition(clause: &str) -> bool {
    let c = clause.trim_start_matches('(').trim();
    [
        "if ",
        "when ",
        "whenever ",
        "as long as ",
        "after ",
        "each time ",
        "unless ",
        "for each ",
        "while ",
        "once during ",
        "before ",
    ]
    .iter()
    .any(|p| c.starts_with(p))
}

/// Whom a phrase is about, from its words; `None` when it names no one.
///
/// - "both yours and", "each player", "both players", "either player" → [`Reach::Any`];
/// - "opponent", "defending pokemon" (and, outside attacks, "attacking pokemon") →
///   [`Reach::OpponentSide`];
/// - "this pokemon", "this card", "attached to", "itself", "this attack" → [`Reach::Holder`];
/// - "you", "your", "yours" (once the opponent's phrases are taken out) → [`Reach::OwnSide`].
///
/// The opponent's side together with any other side is [`Reach::Any`]. The holder together
/// with "your" is [`Reach::OwnSide`] (the owner's side includes the holder).
pub(crate) fn side_of(phrase: &str, in_attack: bool) -> Option<Reach> {
    if any(
        phrase,
        &[
            "both yours and",
            "each player",
            "both players",
            "either player",
            "each of the players",
            "even your opponent's",
            "any player",
        ],
    ) {
        return Some(Reach::Any);
    }
    let opp = phrase.contains("opponent")
        || phrase.contains("defending pokemon")
        || (!in_attack && phrase.contains("attacking pokemon"));
    let holder = any(
        phrase,
        &[
            "this pokemon",
            "this card is attached",
            "this card attached",
            "this energy is attached",
            "the attached pokemon",
            "itself",
            "this attack",
            "it's attached",
        ],
    ) || phrase.starts_with("this card")
        || phrase.contains(", this card")
        || phrase.contains(" it provides");
    let own_words = phrase.replace("your opponent", "");
    let own = has_word(&own_words, "you") || has_word(&own_words, "your");
    match (opp, holder, own) {
        (false, false, false) => None,
        (true, false, false) => Some(Reach::OpponentSide),
        (false, true, false) => Some(Reach::Holder),
        (false, _, true) => Some(Reach::OwnSide),
        (true, _, _) => Some(Reach::Any),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_accents_quotes_and_own_name() {
        let t = normalise(
            "Blissey’s  attacks   do 10 more damage to his or her Pokémon.",
            &[("blissey".to_string(), "this pokemon".to_string())],
        );
        assert_eq!(
            t,
            "this pokemon's attacks do 10 more damage to their pokemon."
        );
        // Not inside a longer word.
        let t = normalise(
            "Mewtwo and Mew",
            &[("mew".to_string(), "this pokemon".to_string())],
        );
        assert_eq!(t, "mewtwo and this pokemon");
    }

    #[test]
    fn cuts_sentences_and_parentheses() {
        let s = sentences(
            "flip a coin. if heads, this attack does 30 more damage. (don't apply weakness and resistance for benched pokemon.) lv.x can use it.",
        );
        assert_eq!(
            s,
            vec![
                "flip a coin.",
                "if heads, this attack does 30 more damage.",
                "(don't apply weakness and resistance for benched pokemon.)",
                "lv.x can use it."
            ]
        );
    }

    #[test]
    fn sides() {
        assert_eq!(side_of("this pokemon", false), Some(Reach::Holder));
        assert_eq!(
            side_of("the defending pokemon's attacks", true),
            Some(Reach::OpponentSide)
        );
        assert_eq!(
            side_of("each of your pokemon", false),
            Some(Reach::OwnSide)
        );
        assert_eq!(
            side_of("your opponent's active pokemon", false),
            Some(Reach::OpponentSide)
        );
        assert_eq!(
            side_of("each pokemon in play (both yours and your opponent's)", false),
            Some(Reach::Any)
        );
        assert_eq!(
            side_of("the attacks of the pokemon this card is attached to", false),
            Some(Reach::Holder)
        );
        assert_eq!(side_of("basic pokemon", false), None);
    }

    #[test]
    fn clause_helpers() {
        let s = "during your opponent's next turn, the defending pokemon's attacks do 20 less damage";
        let at = s.find(" do 20").unwrap();
        assert_eq!(clause_before(s, at), "the defending pokemon's attacks");
        assert!(is_condition("if heads"));
        assert!(!is_condition("the defending pokemon is now paralyzed."));
        assert!(has_word("you may", "you"));
        assert!(!has_word("your turn", "you"));
    }
}
