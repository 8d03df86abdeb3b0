//! Typed access to the fields of a read literal: each accessor says what it expected when the
//! value has another shape, with the value's position ([`Shape`]).

use super::literal::{Kind, Value};
use crate::cards::localized::{Lang, LangTexts};

/// A value of the wrong shape for its field (e.g. `hp: "ten"`), at a byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Byte offset of the value in the file.
    pub at: u32,
    /// What was expected and found.
    pub message: String,
}

impl Shape {
    pub(crate) fn new(value: &Value<'_>, field: &str, expected: &str) -> Shape {
        Shape {
            at: value.at,
            message: format!("{field}: expected {expected}, found {}", value.kind_name()),
        }
    }
}

/// The field `key` of `object`, unless it is absent, `undefined` or `null`.
pub(crate) fn field<'v, 'a>(object: &'v Value<'a>, key: &str) -> Option<&'v Value<'a>> {
    object.get(key).filter(|v| !v.is_absent())
}

/// An optional string field.
pub(crate) fn opt_str<'v>(object: &'v Value<'_>, key: &str) -> Result<Option<&'v str>, Shape> {
    match field(object, key) {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .map(Some)
            .ok_or_else(|| Shape::new(v, key, "a string")),
    }
}

/// An optional string-or-number field, as text (`damage: 30` and `damage: "30+"`).
pub(crate) fn opt_text<'v>(object: &'v Value<'_>, key: &str) -> Result<Option<&'v str>, Shape> {
    match field(object, key) {
        None => Ok(None),
        Some(Value {
            kind: Kind::Str(s), ..
        }) => Ok(Some(s)),
        Some(Value {
            kind: Kind::Num(n), ..
        }) => Ok(Some(n)),
        Some(v) => Err(Shape::new(v, key, "a string or a number")),
    }
}

/// An optional non-negative whole number (a number, or a string of digits).
pub(crate) fn opt_u32(object: &Value<'_>, key: &str) -> Result<Option<u32>, Shape> {
    let Some(v) = field(object, key) else {
        return Ok(None);
    };
    let text = match &v.kind {
        Kind::Num(n) => *n,
        Kind::Str(s) => s.trim(),
        _ => return Err(Shape::new(v, key, "a number")),
    };
    text.parse::<u32>()
        .map(Some)
        .map_err(|_| Shape::new(v, key, "a whole number"))
}

/// An optional array field (absent = empty).
pub(crate) fn opt_array<'v, 'a>(
    object: &'v Value<'a>,
    key: &str,
) -> Result<&'v [Value<'a>], Shape> {
    match field(object, key) {
        None => Ok(&[]),
        Some(Value {
            kind: Kind::Array(items),
            ..
        }) => Ok(items),
        Some(v) => Err(Shape::new(v, key, "an array")),
    }
}

/// An optional array of strings.
pub(crate) fn opt_strings<'v>(object: &'v Value<'_>, key: &str) -> Result<Vec<&'v str>, Shape> {
    opt_array(object, key)?
        .iter()
        .map(|v| v.as_str().ok_or_else(|| Shape::new(v, key, "a string")))
        .collect()
}

/// A text given per language (`{ en: "...", fr: "...", 'es-mx': "..." }`): the English text
/// and the others. Keys that are not a known language code are returned in `unknown` (the
/// caller warns); a plain string counts as English.
pub(crate) struct PerLanguage<'v> {
    pub en: Option<&'v str>,
    pub others: LangTexts,
    pub unknown: Vec<String>,
}

pub(crate) fn per_language<'v>(
    object: &'v Value<'_>,
    key: &str,
) -> Result<Option<PerLanguage<'v>>, Shape> {
    let Some(v) = field(object, key) else {
        return Ok(None);
    };
    let entries = match &v.kind {
        Kind::Object(entries) => entries,
        Kind::Str(s) => {
            return Ok(Some(PerLanguage {
                en: Some(s),
                others: LangTexts::default(),
                unknown: Vec::new(),
            }));
        }
        _ => return Err(Shape::new(v, key, "texts per language")),
    };
    let mut out = PerLanguage {
        en: None,
        others: LangTexts(Vec::with_capacity(entries.len().saturating_sub(1))),
        unknown: Vec::new(),
    };
    for (lang, text) in entries {
        if text.is_absent() {
            continue;
        }
        let Some(t) = text.as_str() else {
            return Err(Shape::new(text, &format!("{key}.{lang}"), "a string"));
        };
        if lang == "en" {
            out.en = Some(t);
        } else if let Ok(l) = lang.parse::<Lang>() {
            out.others.set(l, t);
        } else {
            out.unknown.push(lang.to_string());
        }
    }
    Ok(Some(out))
}
