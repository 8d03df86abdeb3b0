//! What a store backend does: keep uploads as bytes. The [`super::Store`] in front of it turns
//! records and pages into those bytes (JSON, compressed) and back, so every backend keeps the
//! same values and a store can be copied from one to another byte for byte.

use chrono::{DateTime, Utc};

use super::owner::OwnerHash;
use super::{ReplayId, StoreError};
use crate::cards::import::CardTexts;

/// One upload as a backend keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct Upload {
    pub id: ReplayId,
    pub uploaded_at: DateTime<Utc>,
    /// The log, byte for byte.
    pub raw: Vec<u8>,
    /// The record as stored: JSON, compressed (or plain JSON, written before compression).
    pub record: Vec<u8>,
    pub owner: Option<OwnerHash>,
}

/// A place uploads are kept. Every method is blocking; a write is durable once [`flush`]
/// returns (a backend whose writes commit one by one does nothing there).
///
/// [`flush`]: Backend::flush
pub trait Backend: Send + Sync {
    /// What and where, for the service's start line ("sled store in data", "PostgreSQL …").
    fn describe(&self) -> String;
    /// Whether a call waits on a server over the network (rather than a local disk and cache):
    /// the service then makes it off its HTTP workers.
    fn remote(&self) -> bool {
        false
    }
    fn flush(&self) -> Result<(), StoreError>;
    /// Store a new upload whole: it exists for readers only once every piece is written.
    fn put_upload(&self, upload: &Upload) -> Result<(), StoreError>;
    /// Replace the record of a stored upload and forget its rendered page; an upload deleted
    /// meanwhile stays deleted.
    fn put_record(&self, id: &ReplayId, record: &[u8]) -> Result<(), StoreError>;
    /// The stored record; `None` when the upload does not exist.
    fn record(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError>;
    fn contains(&self, id: &ReplayId) -> Result<bool, StoreError>;
    fn raw(&self, id: &ReplayId) -> Result<Option<Vec<u8>>, StoreError>;
    /// The size of the uploaded log in bytes, without reading it (the work budget's charge of
    /// a page view is known before its job reads the log); `None` when there is no upload.
    fn raw_len(&self, id: &ReplayId) -> Result<Option<usize>, StoreError> {
        Ok(self.raw(id)?.map(|raw| raw.len()))
    }
    /// Everything kept of an upload (for copying a store).
    fn upload(&self, id: &ReplayId) -> Result<Option<Upload>, StoreError>;
    fn count(&self) -> Result<usize, StoreError>;
    /// The ids of every upload, in ascending order.
    fn ids(&self) -> Result<Vec<ReplayId>, StoreError>;
    fn owner(&self, id: &ReplayId) -> Result<Option<OwnerHash>, StoreError>;
    /// The uploads kept under the owner hash `owner` (a player's own games), in ascending id
    /// order.
    fn owned(&self, owner: &OwnerHash) -> Result<Vec<ReplayId>, StoreError>;
    /// Delete an upload whole; whether it existed.
    fn delete(&self, id: &ReplayId) -> Result<bool, StoreError>;
    /// The stored page (as stored, compressed) when it was rendered under `page_key`.
    fn page(&self, id: &ReplayId, page_key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Keep a rendered page, unless the upload was deleted meanwhile.
    fn put_page(&self, id: &ReplayId, page_key: &str, page: &[u8]) -> Result<(), StoreError>;
    /// Replace the imported card data and forget every rendered page; durable on return.
    fn import_cards(&self, texts: &CardTexts) -> Result<(), StoreError>;
    fn card_texts(&self) -> Result<Option<CardTexts>, StoreError>;
}
