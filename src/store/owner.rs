//! Owner tokens: the secret an upload returns once, which its owner shows to delete it.
//!
//! A token is 256 random bits from the operating system, written as 64 lower-case hex digits.
//! The store keeps only its SHA-256 ([`OwnerHash`]): a copy of the data directory does not let
//! anyone delete a replay. A plain hash (no salt, no slow key derivation) is enough because the
//! token is random and long, not a password a person chose. A token offered back is hashed and
//! compared with the stored hash in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The secret handed to the uploader, shown once and never stored.
#[derive(Clone, PartialEq, Eq)]
pub struct OwnerToken(String);

/// The SHA-256 of an owner token: what the store keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnerHash([u8; 32]);

impl OwnerToken {
    /// A new token. Unlike replay ids there is no fallback when the system's random source
    /// fails: a token that can be guessed would let anyone delete the replay.
    pub fn random() -> Result<OwnerToken, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        let mut s = String::with_capacity(64);
        for b in bytes {
            s.push(char::from(b"0123456789abcdef"[usize::from(b >> 4)]));
            s.push(char::from(b"0123456789abcdef"[usize::from(b & 15)]));
        }
        Ok(OwnerToken(s))
    }

    /// A token a client presents again (to have a new upload kept under it): 64 hex digits,
    /// read in lower case; `None` for anything else.
    pub fn parse(text: &str) -> Option<OwnerToken> {
        let t = text.trim().to_ascii_lowercase();
        (t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit())).then_some(OwnerToken(t))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn hash(&self) -> OwnerHash {
        OwnerHash::of(&self.0)
    }
}

/// Never printed by accident (logs, panics).
impl std::fmt::Debug for OwnerToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OwnerToken(…)")
    }
}

impl OwnerHash {
    pub fn of(token: &str) -> OwnerHash {
        OwnerHash(Sha256::digest(token.as_bytes()).into())
    }

    /// Whether `token` is the one this hash was made from (constant time in the token's hash).
    pub fn matches(&self, token: &str) -> bool {
        let offered = OwnerHash::of(token);
        bool::from(self.0.ct_eq(&offered.0))
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// A hash read back from the store; `None` when the bytes are not one.
    pub fn from_bytes(bytes: &[u8]) -> Option<OwnerHash> {
        <[u8; 32]>::try_from(bytes).ok().map(OwnerHash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_only_its_own_hash() {
        let a = OwnerToken::random().unwrap();
        let b = OwnerToken::random().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 64);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        let h = a.hash();
        assert!(h.matches(a.as_str()));
        assert!(!h.matches(b.as_str()));
        assert!(!h.matches(""));
        assert!(!h.matches(&a.as_str()[..63]));
        assert_eq!(OwnerHash::from_bytes(h.as_bytes()), Some(h));
        assert_eq!(OwnerHash::from_bytes(&[0; 31]), None);
        assert_eq!(format!("{a:?}"), "OwnerToken(…)");
    }

    #[test]
    fn the_hash_is_sha256_of_the_token_text() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1.
        let h = OwnerHash::of("abc");
        let hex: String = h.as_bytes().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
