//! A line of the log as a report step gives it: a range of the log's text, shared by every
//! step, rather than a copy of its own (a report of a long game held one `String` per line).

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The text of one line: a byte range of a log's text shared by the lines read from it. It
/// reads, compares, prints and serializes as the `str` it stands for.
#[derive(Clone)]
pub struct LineText {
    log: Arc<str>,
    start: u32,
    end: u32,
}

impl LineText {
    /// Line `start..end` of `log` (a range on `char` boundaries; a log is at most 4 GiB, and the
    /// service takes far less).
    #[inline]
    pub fn of(log: &Arc<str>, range: std::ops::Range<usize>) -> LineText {
        debug_assert!(log.get(range.clone()).is_some(), "not a range of the text");
        LineText {
            log: Arc::clone(log),
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    /// A line whose text is its own (one read back from a stored report).
    pub fn owned(text: &str) -> LineText {
        LineText {
            log: Arc::from(text),
            start: 0,
            end: text.len() as u32,
        }
    }

    #[inline]
    pub fn as_str(&self) -> &str {
        &self.log[self.start as usize..self.end as usize]
    }
}

impl Deref for LineText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for LineText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for LineText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for LineText {
    fn eq(&self, other: &LineText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for LineText {}

impl PartialEq<str> for LineText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for LineText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for LineText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for LineText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<LineText, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Ok(LineText::owned(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line reads as its range of the shared text, and survives a round trip through
    /// JSON as the plain string.
    #[test]
    fn a_line_is_its_range_of_the_log() {
        let log: Arc<str> = Arc::from("Ann drew a card.\n- Bob's Pikachu é\n");
        let first = LineText::of(&log, 0..16);
        let second = LineText::of(&log, 17..35);
        assert_eq!(first, "Ann drew a card.");
        assert_eq!(second.as_str(), "- Bob's Pikachu é");
        assert_eq!(
            format!("{first}|{second:?}"),
            "Ann drew a card.|\"- Bob's Pikachu é\""
        );
        let json = serde_json::to_string(&second).unwrap();
        assert_eq!(json, "\"- Bob's Pikachu é\"");
        let back: LineText = serde_json::from_str(&json).unwrap();
        assert_eq!(back, second);
        assert_eq!(back.len(), second.len());
        assert_ne!(first, second);
    }
}
