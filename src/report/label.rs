//! [`Label`]: a word of the report's own vocabulary.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::log::Text;

/// A word of the report's own vocabulary (an event kind, a depth, a clause id). The engine's
/// reports point at its static names (nothing is copied per step); a report read back holds
/// the word itself, inline for a short one as a [`Text`] does.
#[derive(Debug, Clone)]
pub enum Label {
    /// One of the engine's names.
    Static(&'static str),
    /// Read back from a stored report.
    Read(Text),
}

impl Label {
    pub fn as_str(&self) -> &str {
        match self {
            Label::Static(s) => s,
            Label::Read(t) => t.as_str(),
        }
    }
}

impl std::ops::Deref for Label {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::borrow::Borrow<str> for Label {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq for Label {
    fn eq(&self, other: &Label) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Label {}

impl PartialEq<str> for Label {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Label {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Serialize for Label {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Label {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Label, D::Error> {
        Text::deserialize(d).map(Label::Read)
    }
}

#[cfg(test)]
mod tests {
    use super::Label;

    /// A label is its word, however it was made, and goes through JSON unchanged; it takes no
    /// more room than a `Text`.
    #[test]
    fn a_label_is_its_word() {
        let made = Label::Static("knockout.at-hp");
        let json = serde_json::to_string(&made).expect("serialised");
        assert_eq!(json, "\"knockout.at-hp\"");
        let read: Label = serde_json::from_str(&json).expect("read back");
        assert!(matches!(read, Label::Read(_)));
        assert_eq!(read, made);
        assert_eq!(read, "knockout.at-hp");
        assert_eq!(&*read, "knockout.at-hp");
        assert_eq!([made, read].join(", "), "knockout.at-hp, knockout.at-hp");
        assert!(std::mem::size_of::<Label>() <= std::mem::size_of::<crate::log::Text>() + 8);
    }
}
