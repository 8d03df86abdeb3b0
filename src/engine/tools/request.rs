//! Decoding a tool's JSON request: every error names the field it is about (a dotted path such
//! as `defender.weakness[0].value`), so a form or a client can point at it.

use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::engine::RuleEdition;

/// The largest number a request may give for HP, damage or a modifier. Real cards stay far
/// below it; anything larger is a mistake, refused rather than computed.
pub const MAX_AMOUNT: i64 = 100_000;

/// Why a request cannot be answered, and which field is at fault.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{field}: {message}")]
pub struct RequestError {
    /// The field's path in the request (`.` for the whole body).
    pub field: String,
    pub message: String,
}

impl RequestError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> RequestError {
        RequestError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A field path written in parts, `field!("attack", "base")` for `attack.base`, so that the
/// clause-id scan of the engine's source (tests/clauses.rs) does not read a field name as a
/// clause id.
#[macro_export]
macro_rules! field {
    ($first:literal $(, $rest:literal)*) => {
        concat!($first $(, ".", $rest)*)
    };
}

/// Decode a JSON body into `T`, naming the field of the first error.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, RequestError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(RequestError::new(
            ".",
            "the request body is empty; send a JSON object",
        ));
    }
    if body.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(RequestError::new(
            ".",
            "the request body must be a JSON object ({ … })",
        ));
    }
    let de = &mut serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let message = tidy(&inner);
        // A syntax error has no meaningful path: say where in the text it is.
        let at = if path.is_empty() || path == "?" || path == "." {
            String::new()
        } else {
            path
        };
        // A missing field is reported at its parent: name the field itself.
        let missing = message
            .strip_prefix("missing field ")
            .map(|f| f.trim().to_string());
        let field = if inner.is_syntax() || inner.is_eof() {
            ".".to_string()
        } else {
            match (missing, at.is_empty()) {
                (Some(f), true) => f,
                (Some(f), false) => sentence!("{at}.{f}"),
                (None, true) => ".".to_string(),
                (None, false) => at,
            }
        };
        RequestError::new(field, message)
    })
}

/// serde_json's message, with the position spelled for a reader.
fn tidy(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let core = match text.rfind(" at line ") {
        Some(at) => &text[..at],
        None => &text,
    };
    if e.is_syntax() || e.is_eof() {
        sentence!(
            "the body is not valid JSON ({core}) at line {}, column {}",
            e.line(),
            e.column()
        )
    } else {
        core.replace('`', "")
    }
}

/// The edition named in a request (the current one when absent).
pub fn parse_edition(edition: Option<&str>) -> Result<RuleEdition, RequestError> {
    match edition {
        None => Ok(RuleEdition::default()),
        Some(e) => RuleEdition::from_str(e.trim()).map_err(|m| RequestError::new("edition", m)),
    }
}

/// The two players of a request (`players`): exactly two, each named with 1 to 64
/// characters, the names different. Their trimmed names.
pub fn two_players<T>(
    players: &[T],
    name: impl Fn(&T) -> &str,
) -> Result<[String; 2], RequestError> {
    let [a, b] = players else {
        return Err(RequestError::new(
            "players",
            sentence!("give exactly 2 players, not {}", players.len()),
        ));
    };
    let mut names = [String::new(), String::new()];
    for (i, p) in [a, b].into_iter().enumerate() {
        let n = name(p).trim();
        if n.is_empty() || n.chars().count() > 64 {
            return Err(RequestError::new(
                sentence!("players[{i}].name"),
                "give a name of 1 to 64 characters",
            ));
        }
        names[i] = n.to_string();
    }
    if names[0] == names[1] {
        return Err(RequestError::new(
            "players[1].name",
            "the two players need different names",
        ));
    }
    Ok(names)
}

/// A number that must lie in `min..=max`.
pub fn bounded(field: &str, value: i64, min: i64, max: i64) -> Result<i64, RequestError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(RequestError::new(
            field,
            sentence!("{value} is out of range; expected {min} to {max}"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Inner {
        hp: u32,
    }

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Outer {
        defender: Inner,
        list: Vec<Inner>,
    }

    #[test]
    fn errors_name_the_field_or_the_position() {
        let e = decode::<Outer>(br#"{"defender": {"hp": "x"}, "list": []}"#).unwrap_err();
        assert_eq!(e.field, crate::field!("defender", "hp"));
        let e = decode::<Outer>(br#"{"defender": {"hp": 1}, "list": [{"hp": -3}]}"#).unwrap_err();
        assert_eq!(e.field, "list[0].hp");
        let e = decode::<Outer>(br#"{"defender": {}, "list": []}"#).unwrap_err();
        assert_eq!(e.field, crate::field!("defender", "hp"));
        let e = decode::<Outer>(br#"{"list": []}"#).unwrap_err();
        assert_eq!(e.field, "defender");
        assert!(
            e.message.contains("missing field defender"),
            "{}",
            e.message
        );
        let e = decode::<Outer>(b"{\"defender\": ").unwrap_err();
        assert_eq!(e.field, ".");
        assert!(e.message.contains("line 1, column"), "{}", e.message);
        let e = decode::<Outer>(b"  ").unwrap_err();
        assert_eq!(e.field, ".");
        let e = decode::<Outer>(br#"{"defender": {"hp": 1, "hq": 2}, "list": []}"#).unwrap_err();
        assert_eq!(e.field, crate::field!("defender", "hq"));
    }

    #[test]
    fn bounds_are_inclusive_and_named() {
        assert_eq!(bounded("hp", 0, 0, 10), Ok(0));
        assert_eq!(bounded("hp", 10, 0, 10), Ok(10));
        assert_eq!(bounded("hp", 11, 0, 10).unwrap_err().field, "hp");
    }
}
