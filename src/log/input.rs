//! From bytes to lines: size limit, encoding, byte-order mark, line endings, and the checks that
//! tell a battle log from something else (binary data, an HTML page).

use super::error::LogError;

/// The largest input accepted: 5 MB. Real battle logs are 5–25 KB.
pub const MAX_LOG_BYTES: usize = 5 * 1024 * 1024;

/// One physical line of the input: its 1-based number and its byte range in the decoded text,
/// without the line ending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawLine {
    pub number: u32,
    pub start: usize,
    pub end: usize,
}

/// Decode the input: refuse what is not text, drop a leading byte-order mark.
pub fn decode(bytes: &[u8]) -> Result<String, LogError> {
    if bytes.len() > MAX_LOG_BYTES {
        return Err(LogError::TooLarge {
            size: bytes.len(),
            max: MAX_LOG_BYTES,
        });
    }
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    if let Some(offset) = memchr::memchr(0, bytes) {
        let (line, column) = position(bytes, offset);
        return Err(LogError::Binary { line, column });
    }
    let text = utf8(bytes)?;
    if text.trim().is_empty() {
        return Err(LogError::Empty);
    }
    if looks_like_html(text) {
        return Err(LogError::Html);
    }
    Ok(text.to_string())
}

/// `bytes` as text, or where they stop being UTF-8. The whole input is checked at once with
/// simdutf8 (a log is mostly ASCII); the standard library finds the place of a fault.
fn utf8(bytes: &[u8]) -> Result<&str, LogError> {
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return Ok(text);
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(bytes, e.valid_up_to());
        LogError::NotUtf8 { line, column }
    })
}

/// Whether the text starts like an HTML page (a saved web page instead of the export). Only
/// its first 512 bytes are looked at, and only when they hold a `<`.
fn looks_like_html(text: &str) -> bool {
    let start = text.trim_start();
    let head = start.as_bytes();
    let head = &head[..head.len().min(512)];
    if memchr::memchr(b'<', head).is_none() {
        return false;
    }
    let head = head.to_ascii_lowercase();
    let has = |needle: &[u8]| memchr::memmem::find(&head, needle).is_some();
    head.starts_with(b"<!doctype") || head.starts_with(b"<html") || has(b"<head>") || has(b"<body")
}

/// Line and column (both 1-based, column in bytes) of a byte offset.
fn position(bytes: &[u8], offset: usize) -> (u32, u32) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = memchr::memchr_iter(b'\n', before).count() + 1;
    let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    (line as u32, (offset - line_start + 1) as u32)
}

/// Split decoded text into lines. `\n` and `\r\n` end a line; a file that uses only `\r` is split
/// on `\r`. A final line ending does not open an extra empty line.
pub fn split_lines(text: &str) -> Vec<RawLine> {
    split_lines_noting(text, [b'\n'; 3], |_, _| false).0
}

/// Split decoded text into lines, as [`split_lines`], and say which lines (their indices,
/// ascending) hold a place where `noted` holds: it is asked at each place of one of the bytes
/// `marks`, found in the same pass as the line ends (a second pass over the whole text costs
/// as much again).
#[inline(never)]
pub(crate) fn split_lines_noting(
    text: &str,
    marks: [u8; 3],
    noted: impl Fn(&[u8], usize) -> bool,
) -> (Vec<RawLine>, Vec<usize>) {
    let bytes = text.as_bytes();
    let sep = if memchr::memchr(b'\n', bytes).is_some() {
        b'\n'
    } else {
        b'\r'
    };
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let mut marked = Vec::new();
    let mut start = 0;
    let mut number = 1u32;
    each_place_of_any([sep, marks[0], marks[1], marks[2]], bytes, |i| {
        if bytes[i] != sep {
            if marked.last() != Some(&lines.len()) && noted(bytes, i) {
                marked.push(lines.len());
            }
            return;
        }
        let mut end = i;
        if sep == b'\n' && end > start && bytes[end - 1] == b'\r' {
            end -= 1;
        }
        lines.push(RawLine { number, start, end });
        number += 1;
        start = i + 1;
    });
    if start < text.len() {
        lines.push(RawLine {
            number,
            start,
            end: text.len(),
        });
    }
    (lines, marked)
}

/// Call `f` with each place in `bytes` of any of the four bytes `wanted`, in order.
///
/// One pass finds a log's line ends and the bytes that may start a spelling variant, where
/// `memchr` and `memmem` took a pass for each.
fn each_place_of_any(wanted: [u8; 4], bytes: &[u8], mut f: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: every x86-64 processor has SSE2.
    let at = unsafe { each_place_of_any_sse2(wanted, bytes, &mut f) };
    #[cfg(not(target_arch = "x86_64"))]
    let at = 0;
    for (i, b) in bytes[at..].iter().enumerate() {
        if wanted.contains(b) {
            f(at + i);
        }
    }
}

/// [`each_place_of_any`] thirty-two bytes at a time with SSE2, up to the last whole
/// thirty-two: how many bytes it read.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn each_place_of_any_sse2(wanted: [u8; 4], bytes: &[u8], f: &mut impl FnMut(usize)) -> usize {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let wide = wanted.map(|b| _mm_set1_epi8(b as i8));
    let hits = |half: &[u8]| {
        // SAFETY: the half holds sixteen bytes; the load needs no alignment.
        let v = unsafe { _mm_loadu_si128(half.as_ptr().cast::<__m128i>()) };
        let any = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, wide[0]), _mm_cmpeq_epi8(v, wide[1])),
            _mm_or_si128(_mm_cmpeq_epi8(v, wide[2]), _mm_cmpeq_epi8(v, wide[3])),
        );
        _mm_movemask_epi8(any) as u32
    };
    let mut at = 0;
    for chunk in bytes.chunks_exact(32) {
        let (low, high) = chunk.split_at(16);
        let mut mask = hits(low) | hits(high) << 16;
        while mask != 0 {
            f(at + mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        at += 32;
    }
    at
}

/// Call `f` with each place of `byte` in `bytes`, in order.
///
/// On x86-64 this is `memchr`'s SSE2 searcher, which every x86-64 processor can run: it reads
/// sixteen bytes at a time and chooses no routine at each call. `memchr_iter` picks its AVX2
/// routine through a function pointer on every call and sets up for texts longer than a log's
/// lines (parse 37.18 → 36.73 instructions a byte over the English logs).
pub(crate) fn each_place_of(byte: u8, bytes: &[u8], mut f: impl FnMut(usize)) {
    #[cfg(target_arch = "x86_64")]
    if let Some(searcher) = memchr::arch::x86_64::sse2::memchr::One::new(byte) {
        return searcher.iter(bytes).for_each(f);
    }
    memchr::memchr_iter(byte, bytes).for_each(&mut f);
}

/// The language of a log whose lines are not English, from the client's phase headers.
pub fn foreign_language(text: &str) -> Option<&'static str> {
    const HEADERS: &[(&str, &str)] = &[
        ("Vorbereitung", "German"),
        ("Zug von ", "German"),
        ("Pokémon-Check", "German"),
        ("Préparation", "French"),
        ("Tour de ", "French"),
        ("Contrôle Pokémon", "French"),
        ("Allestimento", "Italian"),
        ("Turno di ", "Italian"),
        ("Controllo Pokémon", "Italian"),
        ("Preparación", "Spanish"),
        ("Chequeo Pokémon", "Spanish"),
        ("Preparação", "Portuguese"),
        ("Checape Pokémon", "Portuguese"),
        ("Turno de ", "Spanish or Portuguese"),
    ];
    text.lines().take(400).find_map(|line| {
        let line = line.trim();
        let line = strip_turn_number(line);
        HEADERS
            .iter()
            .find(|(h, _)| line == h.trim_end() || (h.ends_with(' ') && line.starts_with(h)))
            .map(|(_, lang)| *lang)
    })
}

/// `Turn # 3 - X's Turn` -> `X's Turn`.
pub fn strip_turn_number(line: &str) -> &str {
    if let Some(rest) = line.strip_prefix("Turn # ")
        && let Some((n, after)) = rest.split_once(" - ")
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return after;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The searcher finds every place of a byte, in order, at any length
        /// and alignment (the vector loop, its tail and the short-text path).
        #[test]
        fn each_place_of_finds_what_a_byte_loop_finds(
            bytes in proptest::collection::vec(prop_oneof![Just(b','), Just(b'\n'), any::<u8>()], 0..200),
            byte in prop_oneof![Just(b','), Just(b'\n'), any::<u8>()],
        ) {
            let expected: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == byte).collect();
            let mut found = Vec::new();
            each_place_of(byte, &bytes, |i| found.push(i));
            prop_assert_eq!(&found, &expected);
        }

        /// The four-byte search finds every place of any of its bytes, in order.
        #[test]
        fn each_place_of_any_finds_what_a_byte_loop_finds(
            bytes in proptest::collection::vec(prop_oneof![Just(b'P'), Just(b'\n'), any::<u8>()], 0..200),
            wanted in proptest::array::uniform4(prop_oneof![Just(b'P'), Just(b'\n'), any::<u8>()]),
        ) {
            let expected: Vec<usize> = (0..bytes.len()).filter(|&i| wanted.contains(&bytes[i])).collect();
            let mut found = Vec::new();
            each_place_of_any(wanted, &bytes, |i| found.push(i));
            prop_assert_eq!(&found, &expected);
        }
    }

    #[test]
    fn crlf_and_final_newline() {
        let text = "Setup\r\nA won the coin toss.\r\n";
        let lines = split_lines(text);
        assert_eq!(lines.len(), 2);
        assert_eq!(&text[lines[1].start..lines[1].end], "A won the coin toss.");
    }

    #[test]
    fn no_final_newline_and_blank_lines() {
        let text = "a\n\nb";
        let lines = split_lines(text);
        assert_eq!(
            lines
                .iter()
                .map(|l| &text[l.start..l.end])
                .collect::<Vec<_>>(),
            vec!["a", "", "b"]
        );
        assert_eq!(lines[2].number, 3);
    }

    #[test]
    fn refuses_what_is_not_a_text_log() {
        assert!(matches!(decode(b""), Err(LogError::Empty)));
        assert!(matches!(decode(b" \n\n"), Err(LogError::Empty)));
        assert!(matches!(
            decode(b"ab\ncd\0ef"),
            Err(LogError::Binary { line: 2, column: 3 })
        ));
        assert!(matches!(
            decode(b"ok\n\xff\xfe"),
            Err(LogError::NotUtf8 { line: 2, column: 1 })
        ));
        assert!(matches!(
            decode(b"<!DOCTYPE html><html></html>"),
            Err(LogError::Html)
        ));
        assert!(matches!(
            decode(b"\n  saved page\n<BODY class=x>Setup</BODY>"),
            Err(LogError::Html)
        ));
        assert_eq!(
            decode(b"Setup\nAnn <3 drew a card.").unwrap(),
            "Setup\nAnn <3 drew a card."
        );
        let big = vec![b'a'; MAX_LOG_BYTES + 1];
        assert!(matches!(decode(&big), Err(LogError::TooLarge { .. })));
        assert_eq!(decode(b"\xEF\xBB\xBFSetup").unwrap(), "Setup");
    }

    #[test]
    fn recognises_other_languages() {
        assert_eq!(foreign_language("Vorbereitung\nx"), Some("German"));
        assert_eq!(
            foreign_language("Turn # 1 - Turno di player1"),
            Some("Italian")
        );
        assert_eq!(foreign_language("Setup\nA's Turn"), None);
    }
}
