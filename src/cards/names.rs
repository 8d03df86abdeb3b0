//! Name normalisation shared by every name lookup.
//!
//! Battle logs spell card names like the data, except that they may use typographic
//! apostrophes (’) and may drop the accent of "Pokémon". Lookups therefore compare
//! normalised names: trimmed, curly apostrophes made straight, "Pokemon" accented, and a
//! decomposed "é" (e + U+0301) composed. Everything else stays exact (case-sensitive).

use std::borrow::Cow;

/// Normalise a card, attack or Ability name for comparison (see the module docs).
/// Allocates only when something changes.
pub fn normalize_name(name: &str) -> Cow<'_, str> {
    let ascii = name.is_ascii();
    let t = if ascii {
        name.trim_ascii()
    } else {
        name.trim()
    };
    // Fast path: an ASCII name needs a change only for "Pokemon" without the accent.
    let needs = if ascii {
        t.as_bytes().contains(&b'P') && t.contains("Pokemon")
    } else {
        t.contains(['\u{2019}', '\u{2018}', '\u{02BC}', '\u{0301}']) || t.contains("Pokemon")
    };
    if !needs {
        return Cow::Borrowed(t);
    }
    let s = t
        .replace(['\u{2019}', '\u{2018}', '\u{02BC}'], "'")
        .replace("e\u{0301}", "é")
        .replace("Pokemon", "Pokémon");
    Cow::Owned(s)
}

/// `str::to_lowercase`, faster on card text (mostly ASCII with a few accented letters): each
/// ASCII character is lowered on its own. A text with a capital sigma, whose lower case depends
/// on its place in a word, goes through `str::to_lowercase`.
pub fn lower_case(text: &str) -> String {
    if text.contains('Σ') {
        return text.to_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        // A run of ASCII, lowered in place, then one other character.
        let run = rest
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        let start = out.len();
        out.push_str(&rest[..run]);
        out[start..].make_ascii_lowercase();
        rest = &rest[run..];
        if let Some(c) = rest.chars().next() {
            out.extend(c.to_lowercase());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Whether [`lower_case`] of `text` starts with `prefix`, without writing it out (a check asks
/// this of a card's whole text). `prefix` holds no capital sigma, whose lower case depends on
/// its place in a word.
pub fn starts_with_lower(text: &str, prefix: &str) -> bool {
    debug_assert!(!prefix.contains(['σ', 'ς', 'Σ']), "{prefix}");
    let mut wanted = prefix.chars();
    for c in text.chars() {
        for lower in c.to_lowercase() {
            match wanted.next() {
                None => return true,
                Some(w) if w == lower => {}
                Some(_) => return false,
            }
        }
    }
    wanted.next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The prefix test answers as `lower_case(text).starts_with(prefix)` does.
    #[test]
    fn starts_with_lower_is_lower_case_then_starts_with() {
        let texts = [
            "Once during your turn, you may draw a card.",
            "ONCE DURING YOUR TURN",
            "Once during your tur",
            "",
            "Éclair once",
            "İstanbul",
            "\u{212A}elvin",
            "once during your turn",
        ];
        let prefixes = [
            "once during your turn",
            "",
            "é",
            "i",
            "k",
            "i\u{307}s",
            "once",
        ];
        for text in texts {
            for prefix in prefixes {
                assert_eq!(
                    starts_with_lower(text, prefix),
                    lower_case(text).starts_with(prefix),
                    "{text:?} {prefix:?}"
                );
            }
        }
    }

    #[test]
    fn lower_case_matches_str_to_lowercase() {
        for s in [
            "Pokémon ex",
            "ÉCLAIR Étoile",
            "ΣΑΣ ΟΔΟΣ",
            "İstanbul",
            "Ω mega ẞ",
            "",
            "plain ASCII Text",
        ] {
            assert_eq!(lower_case(s), s.to_lowercase(), "{s:?}");
        }
    }

    #[test]
    fn straight_names_are_borrowed_and_trimmed() {
        assert!(matches!(
            normalize_name("Pikachu"),
            Cow::Borrowed("Pikachu")
        ));
        assert_eq!(normalize_name("  Boss's Orders \t"), "Boss's Orders");
    }

    #[test]
    fn curly_apostrophes_and_missing_accent_are_fixed() {
        assert_eq!(
            normalize_name("Lillie\u{2019}s Clefairy ex"),
            "Lillie's Clefairy ex"
        );
        assert_eq!(normalize_name("Pokemon Catcher"), "Pokémon Catcher");
        assert_eq!(normalize_name("Poke\u{301}mon Catcher"), "Pokémon Catcher");
        assert_eq!(normalize_name("Pokémon Catcher"), "Pokémon Catcher");
    }

    #[test]
    fn case_is_kept() {
        assert_ne!(normalize_name("pikachu"), normalize_name("Pikachu"));
    }
}
