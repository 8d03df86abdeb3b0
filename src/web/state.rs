//! What the service holds while it runs: the store, the card data, the rendered rulings and the
//! sample games; and the upload pipeline every entry point shares.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use chrono::Utc;

use crate::cards::{CardDataError, CardDb};
use crate::engine::{RuleEdition, Verdict};
use crate::log::MAX_LOG_BYTES;
use crate::report::Report;
use crate::rules::Rulings;
use crate::store::{OwnerToken, ReplayId, Store, StoreError, StoreLocation, StoredReplay};

use super::error::WebError;

/// The engine version written into every stored record.
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// How to start the service.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The store: a folder (created when absent), or a PostgreSQL database several nodes
    /// share.
    pub store: StoreLocation,
    /// Card data folders to read at start (either layout each; several are merged) instead of
    /// the data imported into the store.
    pub cards_dirs: Vec<PathBuf>,
    /// With no folder and nothing imported: use the built-in data (else none).
    pub builtin_cards: bool,
    /// Bound of the store's page cache, in bytes.
    pub cache_bytes: u64,
    /// Timeouts and the per-client upload limit ([`super::run_with`]).
    pub limits: super::Limits,
}

impl Settings {
    /// The settings of a service on the folder store `data_dir`.
    pub fn new(data_dir: PathBuf) -> Settings {
        Settings {
            store: StoreLocation::Folder(data_dir),
            cards_dirs: Vec::new(),
            builtin_cards: true,
            cache_bytes: 16 * 1024 * 1024,
            limits: super::Limits::default(),
        }
    }
}

/// Why the service could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the card data could not be read: {0}")]
    Cards(#[from] CardDataError),
    #[error("{0}")]
    BuiltinCards(#[from] crate::cards::snapshot::SnapshotError),
}

/// A sample game written for the project (from `replays/`).
pub struct Sample {
    pub name: &'static str,
    pub description: &'static str,
    pub text: &'static str,
    pub report: Report,
}

/// Where a sample game applied a clause.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SampleLine {
    pub name: &'static str,
    pub line: u32,
}

const SAMPLES: &[(&str, &str, &str)] = &[
    (
        "prizes-win",
        "won by taking the last Prize card",
        include_str!("../../replays/prizes-win.log"),
    ),
    (
        "no-pokemon-win",
        "won when the opponent has no Pokémon left to move up",
        include_str!("../../replays/no-pokemon-win.log"),
    ),
    (
        "deck-out-win",
        "won when the opponent cannot draw at the start of the turn",
        include_str!("../../replays/deck-out-win.log"),
    ),
    (
        "illegal-second-supporter",
        "a second Supporter in one turn (a violation on line 48)",
        include_str!("../../replays/illegal-second-supporter.log"),
    ),
];

/// An upload just stored, and the owner token to hand to the uploader once (the store keeps
/// only its hash).
#[derive(Debug)]
pub struct Ingested {
    pub record: StoredReplay,
    pub token: OwnerToken,
}

/// The running service's state, shared by every worker.
pub struct AppState {
    pub store: Store,
    pub cards: Option<Arc<CardDb>>,
    /// Where the card data came from ("imported into the store", or the folder).
    pub card_source: String,
    pub rulings: Rulings,
    pub samples: Vec<Sample>,
    /// For each clause, the sample lines that applied it (a few per sample).
    pub clause_samples: HashMap<String, Vec<SampleLine>>,
    /// Rendered pages made under another key (templates, engine or card data) are stale.
    pub page_key: String,
    pub edition: RuleEdition,
    /// Verifications and replays in progress, bounded (see [`super::work`]).
    pub work: super::work::Work,
    /// Long games viewed lately: their records and boards (see [`super::recent`]).
    pub recent: super::recent::Recent,
    /// The connections open now (see [`super::limits::Connections`]).
    pub connections: Arc<super::limits::Connections>,
}

impl AppState {
    pub fn open(settings: &Settings) -> Result<AppState, StartError> {
        let store = Store::at(&settings.store, settings.cache_bytes)?;
        let (cards, card_source) = match settings.cards_dirs.as_slice() {
            [] => match store.card_texts()? {
                Some(texts) => (
                    Some(Arc::new(CardDb::from_texts(&texts)?)),
                    "imported into the store".to_string(),
                ),
                None if settings.builtin_cards => {
                    let db = crate::cards::snapshot::builtin()?;
                    let said = crate::cards::describe_sources(db.sources());
                    (Some(db), said)
                }
                None => (None, String::new()),
            },
            [one] => (
                Some(Arc::new(CardDb::load_dir(one)?)),
                one.display().to_string(),
            ),
            several => (
                Some(Arc::new(CardDb::load_dirs(several)?)),
                several
                    .iter()
                    .map(|d| d.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        };
        Ok(AppState::with(store, cards, card_source))
    }

    /// The state over an open store and card data.
    pub fn with(store: Store, cards: Option<Arc<CardDb>>, card_source: String) -> AppState {
        let edition = RuleEdition::default();
        let samples: Vec<Sample> = SAMPLES
            .iter()
            .filter_map(|(name, description, text)| {
                let report = crate::verify(text.as_bytes(), cards.as_deref(), edition).ok()?;
                Some(Sample {
                    name,
                    description,
                    text,
                    report,
                })
            })
            .collect();
        let clause_samples = clause_samples(&samples);
        let card_count = cards.as_ref().map_or(0, |c| c.len());
        AppState {
            page_key: format!(
                "{ENGINE_VERSION}/{}/{card_count}",
                super::templates::fingerprint()
            ),
            store,
            cards,
            card_source,
            rulings: Rulings::load(),
            samples,
            clause_samples,
            edition,
            work: super::work::Work::for_machine(),
            recent: super::recent::Recent::default(),
            connections: Arc::default(),
        }
    }

    /// The same, with a budget of `bytes` of log verified or replayed at once (see
    /// [`super::work`]).
    pub fn with_work_budget(mut self, bytes: usize) -> AppState {
        self.work = super::work::Work::new(bytes);
        self
    }

    pub fn card_count(&self) -> usize {
        self.cards.as_ref().map_or(0, |c| c.len())
    }

    pub fn sample(&self, name: &str) -> Option<&Sample> {
        self.samples.iter().find(|s| s.name == name)
    }

    /// Verify an upload and store it with the hash of a new owner token (not yet flushed: see
    /// [`Store::flush`]).
    pub fn ingest(&self, bytes: &[u8], edition: RuleEdition) -> Result<Ingested, WebError> {
        self.ingest_with(bytes, edition, None, None)
    }

    /// [`AppState::ingest`] with the uploaded file's name as the game's label, and under the
    /// owner token the uploader already holds (so that their uploads are listed together),
    /// else a new one.
    pub fn ingest_with(
        &self,
        bytes: &[u8],
        edition: RuleEdition,
        label: Option<String>,
        token: Option<OwnerToken>,
    ) -> Result<Ingested, WebError> {
        if bytes.len() > MAX_LOG_BYTES {
            return Err(WebError::TooLarge);
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(WebError::EmptyUpload);
        }
        let report = crate::verify(bytes, self.cards.as_deref(), edition)?;
        let record = StoredReplay {
            id: ReplayId::random(),
            report,
            engine_version: ENGINE_VERSION.to_string(),
            card_data: self.card_count(),
            uploaded_at: Utc::now(),
            label,
        };
        let token = match token {
            Some(t) => t,
            None => OwnerToken::random().map_err(|e| WebError::Random(e.to_string()))?,
        };
        self.store.put_replay(bytes, &record, Some(&token.hash()))?;
        Ok(Ingested { record, token })
    }

    /// Whether `token` is the owner token of the upload `id`.
    pub fn owns(&self, id: &ReplayId, token: &str) -> Result<bool, WebError> {
        Ok(self
            .store
            .owner(id)?
            .is_some_and(|owner| owner.matches(token)))
    }

    /// Delete the upload `id` when `token` is its owner token (not yet flushed: see
    /// [`Store::flush`]). Unknown id: [`WebError::UnknownReplay`]; no token, a wrong one, or an
    /// upload stored before owner tokens existed: [`WebError::Forbidden`] saying which.
    pub fn delete(&self, id: &ReplayId, token: Option<&str>) -> Result<(), WebError> {
        if !self.store.contains(id)? {
            return Err(WebError::UnknownReplay(id.to_string()));
        }
        let token = token.filter(|t| !t.is_empty()).ok_or_else(|| {
            WebError::Forbidden(
                "deleting a replay needs the owner token its upload returned \
                 (API: the header `Authorization: Bearer TOKEN`)"
                    .into(),
            )
        })?;
        let Some(owner) = self.store.owner(id)? else {
            return Err(WebError::Forbidden(
                "this replay was uploaded before owner tokens existed, so no token can delete it"
                    .into(),
            ));
        };
        if !owner.matches(token) {
            return Err(WebError::Forbidden(
                "the token is not this replay's owner token".into(),
            ));
        }
        if !self.store.delete(id)? {
            return Err(WebError::UnknownReplay(id.to_string()));
        }
        self.recent.forget(id.as_str());
        Ok(())
    }

    /// [`AppState::replay`], shared: a long game's record is read once and kept a while (see
    /// [`super::recent`]). A kept record of an upload deleted meanwhile is not answered.
    pub fn replay_shared(&self, id: &ReplayId) -> Result<Arc<StoredReplay>, WebError> {
        if let Some(record) = self.recent.record(id.as_str()) {
            if self.store.contains(id)? {
                return Ok(record);
            }
            self.recent.forget(id.as_str());
            return Err(WebError::UnknownReplay(id.to_string()));
        }
        let record = Arc::new(self.replay(id)?);
        self.recent.keep_record(record.clone());
        Ok(record)
    }

    /// A stored replay, its report recomputed when an older engine or other card data made it.
    pub fn replay(&self, id: &ReplayId) -> Result<StoredReplay, WebError> {
        let record = self
            .store
            .replay(id)?
            .ok_or_else(|| WebError::UnknownReplay(id.to_string()))?;
        if record.engine_version == ENGINE_VERSION && record.card_data == self.card_count() {
            return Ok(record);
        }
        let raw = self
            .store
            .raw(id)?
            .ok_or_else(|| WebError::UnknownReplay(id.to_string()))?;
        let edition = record.report.edition.parse().unwrap_or(self.edition);
        let report = crate::verify(&raw, self.cards.as_deref(), edition)?;
        let updated = StoredReplay {
            report,
            engine_version: ENGINE_VERSION.to_string(),
            card_data: self.card_count(),
            ..record
        };
        self.store.put_record(&updated)?;
        Ok(updated)
    }
}

/// Up to three lines per sample where each clause was applied (violations first).
fn clause_samples(samples: &[Sample]) -> HashMap<String, Vec<SampleLine>> {
    let mut out: HashMap<String, Vec<SampleLine>> = HashMap::new();
    for sample in samples {
        let mut steps: Vec<_> = sample.report.steps.iter().collect();
        steps.sort_by_key(|s| (s.verdict != Verdict::Violation, s.line));
        for step in steps {
            for clause in &step.clauses {
                let lines = out.entry(clause.to_string()).or_default();
                if lines.iter().filter(|l| l.name == sample.name).count() < 3 {
                    lines.push(SampleLine {
                        name: sample.name,
                        line: step.line,
                    });
                }
            }
        }
    }
    out
}
