//! The byte-level reading the pattern matcher does on every line: the words of a line as a
//! hashed set, the places of its spaces, and compares and searches of short texts done in place
//! (a call to `memcmp` or a vector search costs more than such a compare on texts this short).

/// A 64-bit set of the space-separated words of a text (each word sets one hashed bit).
pub fn word_mask(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut mask = 0;
    let mut start = 0;
    let mut word_ends_at = |end: usize| {
        if end > start {
            mask |= word_bit(&bytes[start..end]);
        }
        start = end + 1;
    };
    each_space(bytes, &mut word_ends_at);
    word_ends_at(bytes.len());
    mask
}

/// Call `f` with the place of each space in `bytes`, in order.
///
/// Every line read is split into words (for [`word_mask`]): on x86-64 sixteen bytes are looked
/// at a time with SSE2, where the eight at a time of [`each_space_in_words`] took a fifth of
/// the matcher's instructions.
fn each_space(bytes: &[u8], f: &mut impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= 16 {
        // SAFETY: every x86-64 processor has SSE2.
        return unsafe { each_space_sse2(bytes, f) };
    }
    each_space_in_words(bytes, f);
}

/// [`each_space`] sixteen bytes at a time with SSE2, for `bytes` of sixteen or more: the bytes
/// after the last whole sixteen are read as the sixteen that end the text, with the places
/// already seen shifted out.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn each_space_sse2(bytes: &[u8], f: &mut impl FnMut(usize)) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    let n = bytes.len();
    debug_assert!(n >= 16);
    let space = _mm_set1_epi8(b' ' as i8);
    let spaces_at = |at: usize| {
        let block: &[u8; 16] = bytes[at..at + 16].try_into().expect("sixteen bytes");
        // SAFETY: the block holds sixteen bytes; the load needs no alignment.
        let v = unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) };
        _mm_movemask_epi8(_mm_cmpeq_epi8(v, space)) as u32
    };
    let mut each_bit = |mut spaces: u32, from: usize| {
        while spaces != 0 {
            f(from + spaces.trailing_zeros() as usize);
            spaces &= spaces - 1;
        }
    };
    let mut at = 0;
    while at + 16 <= n {
        each_bit(spaces_at(at), at);
        at += 16;
    }
    if at < n {
        let last = n - 16;
        each_bit(spaces_at(last) >> (at - last), at);
    }
}

/// [`each_space`] eight bytes at a time in a 64-bit word: the spaces of a chunk are the zero
/// bytes of it XOR eight spaces.
fn each_space_in_words(bytes: &[u8], f: &mut impl FnMut(usize)) {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        let mut spaces = zero_bytes(word ^ 0x2020_2020_2020_2020);
        while spaces != 0 {
            f(at + (spaces.trailing_zeros() / 8) as usize);
            spaces &= spaces - 1;
        }
        at += 8;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if b == b' ' {
            f(at + i);
        }
    }
}

/// The high bit of each byte of `v` that is zero, and no other bit (exact: no carry crosses a
/// byte, as the low seven bits plus 0x7F stay below 0x100).
fn zero_bytes(v: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((v & LOW7) + LOW7) | v | LOW7)
}

/// One bit for a word, from its length and its first two and last two bytes: a filter, so
/// collisions only cost a full match attempt.
pub(super) fn word_bit(word: &[u8]) -> u64 {
    let n = word.len();
    let (first, last) = if n >= 2 {
        (
            u32::from(u16::from_le_bytes([word[0], word[1]])),
            u32::from(u16::from_le_bytes([word[n - 2], word[n - 1]])),
        )
    } else {
        (u32::from(word[0]), 0)
    };
    let h = (first | last << 16)
        .wrapping_add(n as u32)
        .wrapping_mul(0x9E37_79B1);
    1 << (h >> 26)
}

/// Whether `bytes` hold `a` or `b` (neither of them zero), looked for eight bytes at a time (a
/// slot's value is tested at every place its pattern's next literal is found). On values this
/// short it costs less than `memchr::memchr2`, whose vector search takes longer to set up
/// (parse 40.4 → 40.2 instructions a byte over the English logs). The bytes after the last
/// whole eight are read as the eight that end the value, and a value shorter than eight as
/// two overlapping halves, rather than one at a time.
pub(super) fn holds_either(bytes: &[u8], a: u8, b: u8) -> bool {
    let (wide_a, wide_b) = (u64::from_ne_bytes([a; 8]), u64::from_ne_bytes([b; 8]));
    let found = |word: u64| zero_bytes(word ^ wide_a) | zero_bytes(word ^ wide_b) != 0;
    let n = bytes.len();
    if n < 8 {
        return found(short_word(bytes));
    }
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        if found(u64::from_ne_bytes(chunk.try_into().expect("eight bytes"))) {
            return true;
        }
    }
    !chunks.remainder().is_empty()
        && found(u64::from_ne_bytes(
            bytes[n - 8..].try_into().expect("eight bytes"),
        ))
}

/// The bytes of a text shorter than eight bytes in one word: its first and last four (or two)
/// bytes, overlapping, with zero bytes for the rest (no byte is lost or made up but zero).
fn short_word(bytes: &[u8]) -> u64 {
    let n = bytes.len();
    let four = |at: usize| {
        u64::from(u32::from_le_bytes(
            bytes[at..at + 4].try_into().expect("four"),
        ))
    };
    let two = |at: usize| {
        u64::from(u16::from_le_bytes(
            bytes[at..at + 2].try_into().expect("two"),
        ))
    };
    match n {
        4.. => four(0) | four(n - 4) << 32,
        2.. => two(0) | two(n - 2) << 16,
        1 => u64::from(bytes[0]),
        0 => 0,
    }
}

/// `s.strip_prefix(name)` for a player name: the first bytes are compared first, which tells
/// the other player's name apart without another compare.
#[inline]
pub(super) fn strip_name<'a>(s: &'a str, name: &str) -> Option<&'a str> {
    if let (Some(a), Some(b)) = (s.as_bytes().first(), name.as_bytes().first())
        && a != b
    {
        return None;
    }
    strip_prefix(s, name)
}

/// `s.strip_prefix(prefix)`, compared in place (see [`same_bytes`]).
#[inline]
pub(super) fn strip_prefix<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let n = prefix.len();
    // `prefix` is whole UTF-8, so where it ends in `s` a character ends too.
    (s.len() >= n && same_bytes(&s.as_bytes()[..n], prefix.as_bytes())).then(|| &s[n..])
}

/// `s.strip_suffix(suffix)`, compared in place (see [`same_bytes`]).
#[inline]
pub(super) fn strip_suffix<'a>(s: &'a str, suffix: &str) -> Option<&'a str> {
    let at = s.len().checked_sub(suffix.len())?;
    same_bytes(&s.as_bytes()[at..], suffix.as_bytes()).then(|| &s[..at])
}

/// Whether two texts of the same length hold the same bytes, compared eight (or four, or two)
/// at a time with the last compare overlapping the one before. The literals and names a line
/// is matched against are short: a call to `memcmp` for each cost more than the compare
/// (`memcmp` was 3.7% of the parser's instructions).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let eight = |s: &[u8], at: usize| u64::from_ne_bytes(s[at..at + 8].try_into().expect("eight"));
    let four = |s: &[u8], at: usize| u32::from_ne_bytes(s[at..at + 4].try_into().expect("four"));
    let two = |s: &[u8], at: usize| u16::from_ne_bytes(s[at..at + 2].try_into().expect("two"));
    match n {
        8.. => {
            let mut at = 0;
            while at + 8 < n {
                if eight(a, at) != eight(b, at) {
                    return false;
                }
                at += 8;
            }
            eight(a, n - 8) == eight(b, n - 8)
        }
        4.. => four(a, 0) == four(b, 0) && four(a, n - 4) == four(b, n - 4),
        2.. => two(a, 0) == two(b, 0) && two(a, n - 2) == two(b, n - 2),
        1 => a[0] == b[0],
        0 => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-bytes-at-a-time test finds a byte wherever it stands.
    #[test]
    fn holds_either_finds_each_place() {
        for len in 0..20 {
            let plain = vec![b'x'; len];
            assert!(!holds_either(&plain, b'.', b'!'));
            for at in 0..len {
                for found in [b'.', b'!'] {
                    let mut bytes = plain.clone();
                    bytes[at] = found;
                    assert!(holds_either(&bytes, b'.', b'!'), "{len} {at}");
                }
                let mut other = plain.clone();
                other[at] = b'?';
                assert!(!holds_either(&other, b'.', b'!'));
            }
        }
    }

    proptest::proptest! {
        /// Both ways of finding the spaces find those of a byte-by-byte look, and the word
        /// mask is that of the words split at each space.
        #[test]
        fn spaces_are_found_wherever_they_stand(text in "[a é]{0,70}") {
            let bytes = text.as_bytes();
            let one_by_one: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b' ').collect();
            let mut found = Vec::new();
            each_space(bytes, &mut |at| found.push(at));
            proptest::prop_assert_eq!(&found, &one_by_one);
            found.clear();
            each_space_in_words(bytes, &mut |at| found.push(at));
            proptest::prop_assert_eq!(&found, &one_by_one);
            let split = text
                .split(' ')
                .filter(|w| !w.is_empty())
                .fold(0, |m, w| m | word_bit(w.as_bytes()));
            proptest::prop_assert_eq!(word_mask(&text), split);
        }

        /// The in-place compares say what the standard library's say.
        #[test]
        fn in_place_compares_are_the_standard_ones(
            a in "[ab]{0,20}",
            b in "[ab]{0,20}",
        ) {
            proptest::prop_assert_eq!(same_bytes(a.as_bytes(), b.as_bytes()), a == b);
            proptest::prop_assert_eq!(strip_prefix(&a, &b), a.strip_prefix(b.as_str()));
            proptest::prop_assert_eq!(strip_suffix(&a, &b), a.strip_suffix(b.as_str()));
        }
    }

    /// The word filter finds the same words as splitting at each space.
    #[test]
    fn word_masks_are_those_of_the_split_words() {
        let split = |t: &str| {
            t.split(' ')
                .filter(|w| !w.is_empty())
                .fold(0, |m, w| m | word_bit(w.as_bytes()))
        };
        for text in [
            "",
            " ",
            "a",
            "Ann drew a card.",
            "  two  spaces  and a long tail of words here ",
            "12345678 12345678",
            "1234567 123456789 ",
            "Pokémon Checkup",
            "ééééééé é",
        ] {
            assert_eq!(word_mask(text), split(text), "{text:?}");
        }
    }
}
