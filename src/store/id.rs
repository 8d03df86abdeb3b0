//! Replay ids: 128 random bits written as 32 lower-case hex digits (safe in a URL, and nothing
//! else is accepted as one, so no request text reaches the store's keys unchecked).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReplayId(String);

/// A string that is not a replay id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a replay id (32 hex digits)")]
pub struct ReplayIdError(pub String);

impl ReplayId {
    /// A new id from the operating system's random source.
    pub fn random() -> ReplayId {
        let mut bytes = [0u8; 16];
        // The OS random source does not fail on the platforms this runs on; if it ever does,
        // the clock and a counter still make the id unique within this process.
        if getrandom::fill(&mut bytes).is_err() {
            use std::sync::atomic::{AtomicU64, Ordering};
            static COUNTER: AtomicU64 = AtomicU64::new(0);
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let t = chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default() as u64;
            bytes[..8].copy_from_slice(&t.to_le_bytes());
            bytes[8..].copy_from_slice(&n.to_le_bytes());
        }
        let mut s = String::with_capacity(32);
        for b in bytes {
            s.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
            s.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
        }
        ReplayId(s)
    }

    pub fn parse(s: &str) -> Result<ReplayId, ReplayIdError> {
        if s.len() == 32 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            Ok(ReplayId(s.to_string()))
        } else {
            Err(ReplayIdError(s.chars().take(40).collect()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ReplayId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for ReplayId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ReplayId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ReplayId::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_ids_are_32_hex_digits_and_differ() {
        let a = ReplayId::random();
        let b = ReplayId::random();
        assert_ne!(a, b);
        assert_eq!(ReplayId::parse(a.as_str()), Ok(a));
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [
            "",
            "../etc/passwd",
            "0123456789ABCDEF0123456789abcdef",
            "0123456789abcdef0123456789abcde",
        ] {
            assert!(ReplayId::parse(bad).is_err(), "{bad}");
        }
    }
}
