//! Moving a store: every upload from one store to another (sled to PostgreSQL or back), byte
//! for byte, and the imported card data. Safe to run again: an upload the target already has
//! is left as it is, so a copy cut short is finished by running it once more.

use sha2::{Digest, Sha256};

use super::{Store, StoreError};

/// What a copy did, and a checksum of each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyReport {
    /// Uploads in the source.
    pub source: usize,
    /// Uploads written to the target by this run.
    pub copied: usize,
    /// Uploads the target had already (left as they were).
    pub present: usize,
    /// Uploads in the target after the copy.
    pub target: usize,
    /// Whether the imported card data was copied (the source had some).
    pub cards: bool,
    /// [`checksum`] of each side after the copy.
    pub source_checksum: String,
    pub target_checksum: String,
}

/// Copy every upload of `from` that `to` lacks, then the card data, and check both sides.
pub fn copy(from: &Store, to: &Store) -> Result<CopyReport, StoreError> {
    let ids = from.replay_ids()?;
    let mut copied = 0;
    let mut present = 0;
    for id in &ids {
        if to.contains(id)? {
            present += 1;
            continue;
        }
        // Deleted from the source since it was listed: nothing to copy.
        let Some(upload) = from.backend().upload(id)? else {
            continue;
        };
        to.backend().put_upload(&upload)?;
        copied += 1;
    }
    let cards = match from.card_texts()? {
        Some(texts) => {
            if to.card_texts()?.as_ref() != Some(&texts) {
                to.import_cards(&texts)?;
            }
            true
        }
        None => false,
    };
    to.flush()?;
    Ok(CopyReport {
        source: ids.len(),
        copied,
        present,
        target: to.replay_count()?,
        cards,
        source_checksum: checksum(from)?,
        target_checksum: checksum(to)?,
    })
}

/// SHA-256, in hex, over every upload's id, upload time, raw log and owner hash, in id order:
/// what an upload is. Two stores with the same uploads have the same checksum. Reports are
/// left out: a node recomputes them when the engine changes.
pub fn checksum(store: &Store) -> Result<String, StoreError> {
    let mut hash = Sha256::new();
    for id in store.replay_ids()? {
        let Some(upload) = store.backend().upload(&id)? else {
            continue;
        };
        hash.update(id.as_str().as_bytes());
        hash.update(upload.uploaded_at.timestamp_micros().to_le_bytes());
        hash.update((upload.raw.len() as u64).to_le_bytes());
        hash.update(&upload.raw);
        match upload.owner {
            Some(owner) => hash.update(owner.as_bytes()),
            None => hash.update([0u8; 32]),
        }
    }
    Ok(hash.finalize().iter().map(|b| format!("{b:02x}")).collect())
}
