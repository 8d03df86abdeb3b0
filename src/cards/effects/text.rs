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
    // One pass: plain ASCII runs are copied in lower case; white space and non-ASCII
    // characters are rewritten.
    let b = raw.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut last_space = true;
    let mut run = 0;
    let mut i = 0;
    let flush = |out: &mut Vec<u8>, from: usize, to: usize| {
        let at = out.len();
        out.extend_from_slice(&b[from..to]);
        out[at..].make_ascii_lowercase();
    };
    while i < b.len() {
        let c = b[i];
        if c < 0x80 {
            if c.is_ascii_whitespace() {
                if c != b' ' || last_space {
                    flush(&mut out, run, i);
                    if !last_space {
                        out.push(b' ');
                    }
                    run = i + 1;
                }
                last_space = true;
            } else {
                last_space = false;
            }
            i += 1;
            continue;
        }
        flush(&mut out, run, i);
        let ch = raw[i..].chars().next().unwrap_or(' ');
        i += ch.len_utf8();
        run = i;
        let mapped = match ch {
            'é' | 'É' => 'e',
            '’' | '‘' | '´' => '\'',
            '“' | '”' => '"',
            '−' | '–' | '—' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if mapped == ' ' {
            if !last_space {
                out.push(b' ');
            }
            last_space = true;
        } else {
            last_space = false;
            let mut buf = [0u8; 4];
            for l in mapped.to_lowercase() {
                out.extend_from_slice(l.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    flush(&mut out, run, b.len());
    // Only whole characters were written, so the bytes are UTF-8.
    let mut out = String::from_utf8(out).unwrap_or_default();
    while out.ends_with(' ') {
        out.pop();
    }
    if has(&out, " or h") || has(&out, " or she") {
        for (old, new) in [
            ("his or her", "their"),
            ("him or her", "them"),
            ("he or she", "they"),
        ] {
            if out.contains(old) {
                out = out.replace(old, new);
            }
        }
    }
    // Every variant of the name starts with the first one's first word: look for that
    // once before looking for each variant.
    let first_word = names
        .last()
        .map(|(n, _)| n.split(' ').next().unwrap_or(n))
        .filter(|w| w.len() >= 3);
    if first_word.is_none_or(|w| out.contains(w)) {
        for (name, with) in names {
            if name.len() >= 3 && out.contains(name.as_str()) {
                out = replace_phrase(&out, name, with);
            }
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
        if before_ok && after_ok && !in_name_list(&out) {
            out.push_str(with);
        } else {
            out.push_str(needle);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The text before a name ends in a list of names after "your" ("for each of your beedrill
/// and "): the name there is a Pokémon name the text counts or looks for, not the card itself.
fn in_name_list(before: &str) -> bool {
    let clause = before
        .rfind(['.', ',', ';', ':', '('])
        .map_or(before, |i| &before[i + 1..]);
    let Some(i) = clause.rfind("your ") else {
        return false;
    };
    let between = &clause[i + "your ".len()..];
    between.split(' ').all(|w| {
        !w.contains("pokemon") && !matches!(w, "opponent's" | "is" | "has" | "are" | "in" | "on")
    })
}

/// Cut a normalised text into sentences: after `.`, `!` or `.)` followed by a space (or the
/// end). A parenthesised sentence ("(Don't apply Weakness … .)") becomes its own sentence.
/// Sentences are trimmed; empty ones are dropped.
pub(crate) fn sentences(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'.' || c == b'!' {
            let mut j = i + 1;
            while j < b.len() && b[j] == b')' {
                j += 1;
            }
            if j == b.len() || b[j] == b' ' {
                push_sentence(&mut out, &text[start..j]);
                start = j;
                i = j;
                continue;
            }
        }
        i += 1;
    }
    push_sentence(&mut out, &text[start..]);
    out
}

fn push_sentence<'a>(out: &mut Vec<&'a str>, s: &'a str) {
    let s = s.trim();
    if !s.is_empty() {
        out.push(s);
    }
}

/// Word stems found in a sentence, as bits: one pass over the sentence lets every fact rule
/// skip sentences that cannot concern it before it looks for its phrases.
pub(crate) mod kw {
    pub const DAMAGE: u64 = 1 << 0;
    pub const NOTHING: u64 = 1 << 1;
    pub const PREVENT: u64 = 1 << 2;
    pub const KNOCK: u64 = 1 << 3;
    pub const HEAL: u64 = 1 << 4;
    pub const COUNTER: u64 = 1 << 5;
    pub const EFFECT: u64 = 1 << 6;
    pub const HP: u64 = 1 << 7;
    pub const PRIZE: u64 = 1 << 8;
    pub const CONDITION: u64 = 1 << 9;
    pub const GAME: u64 = 1 << 10;
    pub const ENERGY: u64 = 1 << 11;
    pub const PROVIDE: u64 = 1 << 12;
    pub const COST: u64 = 1 << 13;
    pub const WITHOUT: u64 = 1 << 14;
    pub const IGNORE: u64 = 1 << 15;
    pub const RETREAT: u64 = 1 << 16;
    pub const BENCH: u64 = 1 << 17;
    pub const FIRST: u64 = 1 << 18;
    pub const SUPPORTER: u64 = 1 << 19;
    pub const STADIUM: u64 = 1 << 20;
    pub const EVOLVE: u64 = 1 << 21;
    pub const TOOL: u64 = 1 << 22;
    pub const ATTACK: u64 = 1 << 23;
    pub const RETAIN: u64 = 1 << 24;
    pub const PLAY: u64 = 1 << 25;
    pub const ABILITY: u64 = 1 << 26;
    pub const POWER: u64 = 1 << 27;
    pub const WEAKNESS: u64 = 1 << 28;
    pub const TYPE: u64 = 1 << 29;
    pub const SAME: u64 = 1 << 30;
    pub const USE: u64 = 1 << 31;
    pub const COPY: u64 = 1 << 32;
    pub const AGAIN: u64 = 1 << 33;
    pub const AS: u64 = 1 << 34;
    pub const FACE: u64 = 1 << 35;
    pub const COMBINE: u64 = 1 << 36;
    pub const NOW: u64 = 1 << 37;
    pub const STOP: u64 = 1 << 38;
    pub const AFFECTED: u64 = 1 << 39;
    pub const PUT: u64 = 1 << 40;
    pub const WIN: u64 = 1 << 41;
    pub const GAIN: u64 = 1 << 42;
    pub const COUNTS: u64 = 1 << 43;
    pub const ONLY: u64 = 1 << 44;
    pub const TAKE: u64 = 1 << 45;
    pub const MORE: u64 = 1 << 46;
    pub const BASE: u64 = 1 << 47;
    pub const BECOME: u64 = 1 << 48;
    pub const INSTEAD: u64 = 1 << 49;
    pub const EVEN: u64 = 1 << 50;
    pub const NUMBER: u64 = 1 << 51;
    pub const REDUCE: u64 = 1 << 52;
    pub const ADDITIONAL: u64 = 1 << 53;

    /// (word prefix, bit). A word sets the bit when it starts with the prefix.
    #[cfg(test)]
    const STEMS: &[(&str, u64)] = &[
        ("damage", DAMAGE),
        ("nothing", NOTHING),
        ("prevent", PREVENT),
        ("knock", KNOCK),
        ("heal", HEAL),
        ("counter", COUNTER),
        ("effect", EFFECT),
        ("hp", HP),
        ("prize", PRIZE),
        ("asleep", CONDITION),
        ("burn", CONDITION),
        ("confus", CONDITION),
        ("paraly", CONDITION),
        ("poison", CONDITION),
        ("condition", CONDITION),
        ("checkup", CONDITION),
        ("between", CONDITION),
        ("game", GAME),
        ("energy", ENERGY),
        ("provid", PROVIDE),
        ("cost", COST),
        ("without", WITHOUT),
        ("ignor", IGNORE),
        ("retreat", RETREAT),
        ("bench", BENCH),
        ("first", FIRST),
        ("supporter", SUPPORTER),
        ("stadium", STADIUM),
        ("evolv", EVOLVE),
        ("devolv", EVOLVE),
        ("evolution", EVOLVE),
        ("tool", TOOL),
        ("attack", ATTACK),
        ("retain", RETAIN),
        ("play", PLAY),
        ("abilit", ABILITY),
        ("power", POWER),
        ("bod", POWER),
        ("weakness", WEAKNESS),
        ("resistance", WEAKNESS),
        ("type", TYPE),
        ("same", SAME),
        ("use", USE),
        ("cop", COPY),
        ("again", AGAIN),
        ("twice", AGAIN),
        ("as", AS),
        ("face", FACE),
        ("combine", COMBINE),
        ("now", NOW),
        ("stop", STOP),
        ("affected", AFFECTED),
        ("put", PUT),
        ("win", WIN),
        ("lose", WIN),
        ("gain", GAIN),
        ("count", COUNTS),
        ("only", ONLY),
        ("take", TAKE),
        ("more", MORE),
        ("less", MORE),
        ("fewer", MORE),
        ("extra", MORE),
        ("base", BASE),
        ("becom", BECOME),
        ("instead", INSTEAD),
        ("even", EVEN),
        ("number", NUMBER),
        ("reduc", REDUCE),
        ("increas", REDUCE),
        ("doubl", REDUCE),
        ("addition", ADDITIONAL),
        ("another", ADDITIONAL),
    ];

    /// The stems of a sentence.
    pub fn of(s: &str) -> u64 {
        let b = s.as_bytes();
        let mut bits = 0;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if !c.is_ascii_lowercase() {
                i += 1;
                continue;
            }
            // A word starts here: try its stems, then skip to the word's end.
            let word = &b[i..];
            let second = word.get(1).copied().unwrap_or(0);
            for (stem, bit) in by_letter(c) {
                let st = stem.as_bytes();
                // The second letter first: most stems fail there without a memcmp.
                if st.get(1).is_none_or(|&x| x == second) && word.starts_with(st) {
                    bits |= bit;
                }
            }
            while i < b.len() && b[i].is_ascii_alphanumeric() {
                i += 1;
            }
        }
        bits
    }

    /// The stems starting with `letter` (the same as [`STEMS`], by first letter).
    fn by_letter(letter: u8) -> &'static [(&'static str, u64)] {
        match letter {
            b'a' => &[
                ("asleep", CONDITION),
                ("attack", ATTACK),
                ("abilit", ABILITY),
                ("again", AGAIN),
                ("as", AS),
                ("affected", AFFECTED),
                ("addition", ADDITIONAL),
                ("another", ADDITIONAL),
            ],
            b'b' => &[
                ("burn", CONDITION),
                ("between", CONDITION),
                ("bench", BENCH),
                ("bod", POWER),
                ("base", BASE),
                ("becom", BECOME),
            ],
            b'c' => &[
                ("counter", COUNTER),
                ("confus", CONDITION),
                ("condition", CONDITION),
                ("checkup", CONDITION),
                ("cost", COST),
                ("cop", COPY),
                ("combine", COMBINE),
                ("count", COUNTS),
            ],
            b'd' => &[("damage", DAMAGE), ("devolv", EVOLVE), ("doubl", REDUCE)],
            b'e' => &[
                ("effect", EFFECT),
                ("energy", ENERGY),
                ("evolv", EVOLVE),
                ("evolution", EVOLVE),
                ("extra", MORE),
                ("even", EVEN),
            ],
            b'f' => &[("first", FIRST), ("face", FACE), ("fewer", MORE)],
            b'g' => &[("game", GAME), ("gain", GAIN)],
            b'h' => &[("heal", HEAL), ("hp", HP)],
            b'i' => &[("ignor", IGNORE), ("instead", INSTEAD), ("increas", REDUCE)],
            b'k' => &[("knock", KNOCK)],
            b'l' => &[("lose", WIN), ("less", MORE)],
            b'm' => &[("more", MORE)],
            b'n' => &[("nothing", NOTHING), ("now", NOW), ("number", NUMBER)],
            b'o' => &[("only", ONLY)],
            b'p' => &[
                ("prevent", PREVENT),
                ("prize", PRIZE),
                ("paraly", CONDITION),
                ("poison", CONDITION),
                ("provid", PROVIDE),
                ("play", PLAY),
                ("power", POWER),
                ("put", PUT),
            ],
            b'r' => &[
                ("retreat", RETREAT),
                ("retain", RETAIN),
                ("resistance", WEAKNESS),
                ("reduc", REDUCE),
            ],
            b's' => &[
                ("supporter", SUPPORTER),
                ("stadium", STADIUM),
                ("same", SAME),
                ("stop", STOP),
            ],
            b't' => &[
                ("tool", TOOL),
                ("type", TYPE),
                ("twice", AGAIN),
                ("take", TAKE),
            ],
            b'u' => &[("use", USE)],
            b'w' => &[("without", WITHOUT), ("weakness", WEAKNESS), ("win", WIN)],
            _ => &[],
        }
    }

    #[cfg(test)]
    #[test]
    fn by_letter_lists_every_stem() {
        for (stem, bit) in STEMS {
            assert!(
                by_letter(stem.as_bytes()[0]).contains(&(stem, *bit)),
                "{stem}"
            );
        }
        let total: usize = (b'a'..=b'z').map(|l| by_letter(l).len()).sum();
        assert_eq!(total, STEMS.len());
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

/// Does `hay` contain `needle`? (One name for the substring test of the text rules.)
pub(crate) fn has(hay: &str, needle: &str) -> bool {
    hay.contains(needle)
}

/// Does `hay` contain any of `needles`?
pub(crate) fn any(hay: &str, needles: &[&str]) -> bool {
    needles.iter().any(|n| has(hay, n))
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
    let mut c = clause.trim_start_matches('(').trim();
    for lead in ["but ", "and ", "then ", "or "] {
        c = c.strip_prefix(lead).unwrap_or(c);
    }
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

/// How a text's phrases name sides, which depends on where the card is when the text acts.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sides {
    /// "The Attacking Pokémon" is the opponent's: the text acts on the opponent's turn (a
    /// passive Ability, a Tool, an Energy, a Pokémon's rules). In an attack or a Trainer played
    /// it is the player's own.
    pub attacker_is_opponent: bool,
    /// "This card" is the card in play, so the Pokémon it is attached to or that it is (a
    /// Tool, an Energy, a Trainer played as a Pokémon, a Pokémon's rules). For an Item or
    /// Supporter played, or a Stadium, it names no Pokémon.
    pub this_card_is_holder: bool,
}

/// Whom a phrase is about, from its words; `None` when it names no one.
///
/// - "both yours and", "each player", "both players", "either player", "a player", "this ↓
///   player" (a Stadium that faces the player it was turned to) → [`Reach::Any`];
/// - "opponent", "defending pokemon" (and "attacking pokemon" when
///   [`Sides::attacker_is_opponent`]) → [`Reach::OpponentSide`];
/// - "this pokemon", "this card is attached", "itself", "this attack" (and "this card" when
///   [`Sides::this_card_is_holder`]) → [`Reach::Holder`];
/// - "your", "yours" (not "your opponent", nor timing phrases such as "your next turn") →
///   [`Reach::OwnSide`]; "you" (the player acting) only when nothing else is named.
///
/// The opponent's side together with any other side is [`Reach::Any`]. The holder together
/// with "your" is [`Reach::OwnSide`] (the owner's side includes the holder).
pub(crate) fn side_of(phrase: &str, sides: Sides) -> Option<Reach> {
    named_side(phrase, sides).or_else(|| has_word(phrase, "you").then_some(Reach::OwnSide))
}

/// [`side_of`] without its last resort: "you" alone does not name the owner's side. Used when
/// the words are not the effect's own phrase but the sentence around it ("… just as if you had
/// evolved it").
pub(crate) fn named_side(phrase: &str, sides: Sides) -> Option<Reach> {
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
            "a player ",
            "each active pokemon",
            "any active pokemon",
            "yours or your opponent's",
            "yours and your opponent's",
            // A Stadium that faces one player ("This ↓ player's Pokémon …"): either player,
            // whichever way it was played.
            "↓ player",
            "↑ player",
        ],
    ) {
        return Some(Reach::Any);
    }
    let opp = has(phrase, "opponent")
        || has(phrase, "defending pokemon")
        || (sides.attacker_is_opponent && has(phrase, "attacking pokemon"));
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
    ) || (sides.this_card_is_holder && has_word(phrase, "this card"));
    let own = names_own_side(phrase);
    match (opp, holder, own) {
        (false, false, false) => None,
        (true, false, false) => Some(Reach::OpponentSide),
        (false, true, false) => Some(Reach::Holder),
        (false, _, true) => Some(Reach::OwnSide),
        (true, _, _) => Some(Reach::Any),
    }
}

/// Does the phrase say "your …" of something other than the opponent or a turn?
fn names_own_side(phrase: &str) -> bool {
    if has_word(phrase, "yours") {
        return true;
    }
    let mut from = 0;
    while let Some(i) = phrase[from..].find("your") {
        let at = from + i;
        from = at + 4;
        let before_ok = phrase[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = &phrase[at + 4..];
        if !before_ok || !after.starts_with(' ') {
            continue;
        }
        let not_a_side = [
            " opponent",
            " turn",
            " next turn",
            " first turn",
            " last turn",
            " attack",
            " deck",
            " hand",
            " discard pile",
        ]
        .iter()
        .any(|t| after.starts_with(t));
        if !not_a_side {
            return true;
        }
    }
    false
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
        let s = Sides {
            attacker_is_opponent: false,
            this_card_is_holder: true,
        };
        assert_eq!(side_of("this pokemon", s), Some(Reach::Holder));
        assert_eq!(
            side_of("the defending pokemon's attacks", s),
            Some(Reach::OpponentSide)
        );
        assert_eq!(side_of("each of your pokemon", s), Some(Reach::OwnSide));
        assert_eq!(
            side_of("your opponent's active pokemon", s),
            Some(Reach::OpponentSide)
        );
        assert_eq!(
            side_of("each pokemon in play (both yours and your opponent's)", s),
            Some(Reach::Any)
        );
        assert_eq!(
            side_of("the attacks of the pokemon this card is attached to", s),
            Some(Reach::Holder)
        );
        assert_eq!(side_of("basic pokemon", s), None);
        // A Stadium turned towards one player may face either.
        assert_eq!(
            side_of("this ↓ player can't have more than 3 benched pokemon.", s),
            Some(Reach::Any)
        );
        assert_eq!(
            side_of(
                "the attacks of this ↓ player's darkness pokemon do 10 more damage",
                s
            ),
            Some(Reach::Any)
        );
    }

    #[test]
    fn clause_helpers() {
        let s =
            "during your opponent's next turn, the defending pokemon's attacks do 20 less damage";
        let at = s.find(" do 20").unwrap();
        assert_eq!(clause_before(s, at), "the defending pokemon's attacks");
        assert!(is_condition("if heads"));
        assert!(!is_condition("the defending pokemon is now paralyzed."));
        assert!(has_word("you may", "you"));
        assert!(!has_word("your turn", "you"));
    }
}
