//! Set codes across the two card sources and the game client.
//!
//! The same set has three spellings: the game client's in logs (`sv8-5`, `me2-5`, `rsv10-5`,
//! `svbsp`), pokemon-tcg-data's ids (`sv8pt5`, `rsv10pt5`, `svp`) and TCGdex's ids (`sv08.5`,
//! `me02.5`, `sv10.5w`). [`set_key`] brings the regular ones to one form (`sv8.5`); the few
//! that differ otherwise are in [`CLIENT_ALIASES`] and [`SOURCE_ALIASES`]. Sets of the two
//! sources are matched by that key, else by their English name ([`match_sets`]).

use crate::cards::model::SetInfo;

/// A set id in one comparable form: lower case, the half-set marker `pt5` / `-5` / `.5`
/// written `.5`, and no leading zeros in the first number (`sv08.5`, `sv8pt5` and `sv8-5` all
/// give `sv8.5`; `me01` and `me1` give `me1`).
pub fn set_key(id: &str) -> String {
    let id = id.trim().to_ascii_lowercase();
    let mut out = String::with_capacity(id.len());
    let mut rest = id.as_str();
    // Letters, then the first number without its leading zeros.
    let letters = rest
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(rest.len());
    out.push_str(&rest[..letters]);
    rest = &rest[letters..];
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let number = rest[..digits].trim_start_matches('0');
    if digits > 0 {
        out.push_str(if number.is_empty() { "0" } else { number });
    }
    rest = &rest[digits..];
    for marker in ["pt5", "-5", ".5"] {
        if let Some(r) = rest.strip_prefix(marker) {
            out.push_str(".5");
            rest = r;
            break;
        }
    }
    out.push_str(rest);
    out
}

/// Client set codes that are not a source's id in another spelling, with the set key they
/// stand for. `ec` is the client's collection of basic Energy, numbered like the Scarlet &
/// Violet Energy (`ec_10` Basic Fire Energy = `sve-10`); `svbsp` the Scarlet & Violet Black
/// Star Promos.
pub const CLIENT_ALIASES: &[(&str, &str)] = &[("svbsp", "svp"), ("ec", "sve")];

/// Sets whose ids differ between the sources beyond [`set_key`] and whose English names differ
/// too: (TCGdex id, pokemon-tcg-data id).
pub const SOURCE_ALIASES: &[(&str, &str)] = &[
    ("sv10.5b", "zsv10pt5"),
    ("sv10.5w", "rsv10pt5"),
    ("fut2020", "fut20"),
    ("swsh10.5", "pgo"),
    ("lc", "base6"),
    ("bog", "bp"),
];

/// The set keys a client code may stand for, most likely first.
pub fn client_set_keys(code: &str) -> Vec<String> {
    let code = code.trim().to_ascii_lowercase();
    let mut keys = vec![set_key(&code)];
    for (alias, key) in CLIENT_ALIASES {
        if code == *alias {
            keys.insert(0, set_key(key));
        }
    }
    // A client code in the other source's spelling: rsv10-5 is TCGdex's sv10.5w.
    for (tcgdex, ptcg) in SOURCE_ALIASES {
        if set_key(ptcg) == keys[0] {
            keys.push(set_key(tcgdex));
        }
    }
    keys
}

/// A set name reduced to its letters and digits, lower case ("Celebrations: Classic
/// Collection" and "Celebrations Classic Collection" are the same).
fn name_key(name: &str) -> String {
    crate::cards::normalize_name(name)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Pairs (index in `a`, index in `b`) of the same set in two sources: same [`set_key`], a
/// [`SOURCE_ALIASES`] entry, or else the same English name. Each set is in at most one pair.
pub fn match_sets(a: &[SetInfo], b: &[SetInfo]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    let mut used_b = vec![false; b.len()];
    let mut used_a = vec![false; a.len()];
    let same_id = |x: &SetInfo, y: &SetInfo| {
        set_key(&x.id) == set_key(&y.id)
            || SOURCE_ALIASES
                .iter()
                .any(|(t, p)| (x.id == *t && y.id == *p) || (x.id == *p && y.id == *t))
    };
    let same_name = |x: &SetInfo, y: &SetInfo| {
        let k = name_key(&x.name);
        !k.is_empty() && k == name_key(&y.name)
    };
    type Test<'t> = &'t dyn Fn(&SetInfo, &SetInfo) -> bool;
    let tests: [Test<'_>; 2] = [&same_id, &same_name];
    for test in tests {
        for (i, x) in a.iter().enumerate() {
            if used_a[i] {
                continue;
            }
            if let Some(j) = (0..b.len()).find(|&j| !used_b[j] && test(x, &b[j])) {
                used_a[i] = true;
                used_b[j] = true;
                pairs.push((i, j));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// A collector number in one comparable form: upper case letters and digits only, no leading
/// zeros in any run of digits (`"056"` -> `"56"`, `"TG01"` -> `"TG1"`, `"15_A1"` -> `"15A1"`).
pub fn number_key(number: &str) -> String {
    let mut out = String::with_capacity(number.len());
    let mut in_zeros = true; // at the start of a run of digits
    let mut pending_zero = false;
    for c in number.chars().filter(char::is_ascii_alphanumeric) {
        if c.is_ascii_digit() {
            if in_zeros && c == '0' {
                pending_zero = true;
                continue;
            }
            in_zeros = false;
            pending_zero = false;
            out.push(c);
        } else {
            if pending_zero {
                out.push('0');
            }
            pending_zero = false;
            in_zeros = true;
            out.push(c.to_ascii_uppercase());
        }
    }
    if pending_zero {
        out.push('0');
    }
    out
}

/// A card id as the game client writes it in logs, split into its set code and collector
/// number: `me2-5_208` -> (`me2-5`, `208`); the print-variant tails `_ph`, `_mph` (and any
/// other all-letter tail after the number) are dropped.
pub fn split_log_id(id: &str) -> Option<(&str, &str)> {
    let id = id.trim();
    let (code, rest) = id.split_once('_')?;
    let number = match rest.split_once('_') {
        Some((n, tail)) if tail.chars().all(|c| c.is_ascii_alphabetic()) => n,
        Some(_) => rest,
        None => rest,
    };
    (!code.is_empty() && !number.is_empty()).then_some((code, number))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::Legalities;

    #[test]
    fn set_keys() {
        for (ids, key) in [
            (&["sv8-5", "sv8pt5", "sv08.5"][..], "sv8.5"),
            (&["me1", "me01", "ME1"], "me1"),
            (&["me2-5", "me02.5"], "me2.5"),
            (&["swsh12-5", "swsh12pt5", "swsh12.5"], "swsh12.5"),
            (&["swsh12pt5gg", "swsh12.5gg"], "swsh12.5gg"),
            (&["rsv10-5", "rsv10pt5"], "rsv10.5"),
            (&["sv6", "sv06"], "sv6"),
            (&["xy12"], "xy12"),
            (&["sve"], "sve"),
            (&["2011bw"], "2011bw"),
            (&["base0"], "base0"),
        ] {
            for id in ids {
                assert_eq!(set_key(id), key, "{id}");
            }
        }
        // Not the same set: Shining Legends (sm3.5 / sm35) is matched by name instead.
        assert_ne!(set_key("sm35"), set_key("sm3.5"));
    }

    #[test]
    fn client_codes() {
        assert_eq!(client_set_keys("svbsp"), ["svp", "svbsp"]);
        assert_eq!(client_set_keys("ec"), ["sve", "ec"]);
        assert_eq!(client_set_keys("rsv10-5"), ["rsv10.5", "sv10.5w"]);
        assert_eq!(client_set_keys("zsv10-5"), ["zsv10.5", "sv10.5b"]);
        assert_eq!(client_set_keys("sv6"), ["sv6"]);
    }

    #[test]
    fn log_ids() {
        assert_eq!(split_log_id("me1_56"), Some(("me1", "56")));
        assert_eq!(split_log_id("me2-5_34_ph"), Some(("me2-5", "34")));
        assert_eq!(split_log_id("sv8-5_80_mph"), Some(("sv8-5", "80")));
        assert_eq!(split_log_id("swsh12tg_TG12"), Some(("swsh12tg", "TG12")));
        assert_eq!(split_log_id("cel25c_15_A1"), Some(("cel25c", "15_A1")));
        assert_eq!(split_log_id("sv6"), None);
        assert_eq!(split_log_id("_5"), None);
    }

    #[test]
    fn number_keys() {
        for (a, b) in [
            ("056", "56"),
            ("TG01", "TG1"),
            ("tg01", "TG1"),
            ("SV001", "SV1"),
        ] {
            assert_eq!(number_key(a), b);
        }
        assert_eq!(number_key("0"), "0");
        assert_eq!(number_key("100"), "100");
        assert_eq!(number_key("15_A1"), "15A1");
        assert_eq!(number_key("33b"), "33B");
        assert_eq!(number_key("0A"), "0A");
    }

    fn set(id: &str, name: &str) -> SetInfo {
        SetInfo {
            id: id.into(),
            name: name.into(),
            series: String::new(),
            ptcgo_code: None,
            release_date: None,
            legalities: Legalities::default(),
        }
    }

    #[test]
    fn matching_sets() {
        let ptcg = [
            set("sv8pt5", "Prismatic Evolutions"),
            set("sm35", "Shining Legends"),
            set("zsv10pt5", "Black Bolt"),
            set("cel25c", "Celebrations: Classic Collection"),
            set("hgss2", "HS—Unleashed"),
            set("only", "Only Here"),
        ];
        let tcgdex = [
            set("sv08.5", "Prismatic Evolutions"),
            set("sm3.5", "Shining Legends"),
            set("sv10.5b", "Black Bolt Set"),
            set("cel25cc", "Celebrations Classic Collection"),
            set("hgss2", "Unleashed"),
            set("me03", "Perfect Order"),
        ];
        assert_eq!(
            match_sets(&ptcg, &tcgdex),
            [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]
        );
    }
}
