//! The JSON API: upload a log, read its report or raw log back, delete it with its owner
//! token, search the rulings, health.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::engine::RuleEdition;
use crate::report::Summary;
use crate::store::ReplayId;

use super::error::{ApiError, WebError};
use super::pages::flush;
use super::rulings::SearchQuery;
use super::state::AppState;
use super::upload::read_upload;

#[derive(Debug, Deserialize)]
pub struct UploadQuery {
    /// The rule edition to check against (`sv` when absent).
    pub edition: Option<String>,
    /// The game's label (a raw body has no file name; a multipart file's name is used).
    pub label: Option<String>,
}

#[derive(Serialize)]
struct Created {
    id: String,
    url: String,
    summary: Summary,
    /// The token that deletes this upload: in this answer only, never stored in plain.
    owner_token: String,
}

/// `POST /api/v1/replays`: the log as the raw body, or a multipart form with a file field `log`.
pub async fn create_replay(
    req: HttpRequest,
    payload: web::Payload,
    query: web::Query<UploadQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let edition = match &query.edition {
        Some(e) => e
            .parse::<RuleEdition>()
            .map_err(|e| WebError::BadRequest(e.to_string()))?,
        None => state.edition,
    };
    // A large upload that says its length takes its share of the budget before its body is
    // read, so that bodies waiting for a share never pile up in memory.
    let early = match declared_length(&req) {
        Some(n) => Some(super::work::admit(&state, super::work::Job::Upload, n)?),
        None => None,
    };
    // An owner token the uploader already holds keeps this upload under it too.
    let kept = match bearer_token(&req) {
        Some(t) => Some(crate::store::OwnerToken::parse(t).ok_or_else(|| {
            WebError::BadRequest(
                "the Authorization header's owner token must be the 64 hex digits an upload                  returned"
                    .into(),
            )
        })?),
        None => None,
    };
    let upload = read_upload(&req, payload).await?;
    let label = upload
        .label
        .or_else(|| query.label.as_deref().and_then(super::upload::label_of));
    let log = upload.log;
    let slot = match early {
        Some(slot) if slot.is_some() || log.len() < super::work::INLINE_BYTES => slot,
        _ => super::work::admit(&state, super::work::Job::Upload, log.len())?,
    };
    // Only what the answer says leaves the job: the report is dropped on the thread that made
    // it, before that thread gives its memory back.
    let (id, summary, token) = super::work::run_admitted(&state, slot, move |s| {
        let ingested = s.ingest_with(&log, edition, label, kept)?;
        Ok((
            ingested.record.id,
            ingested.record.report.summary,
            ingested.token,
        ))
    })
    .await?;
    flush(&state).await?;
    let url = format!("/replays/{id}");
    Ok(HttpResponse::Created()
        .insert_header((header::LOCATION, url.clone()))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(Created {
            id: id.to_string(),
            url,
            summary,
            owner_token: token.as_str().to_string(),
        }))
}

/// The body length a request declares (`Content-Length`), if any.
fn declared_length(req: &HttpRequest) -> Option<usize> {
    req.headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// `DELETE /api/v1/replays/{id}` with `Authorization: Bearer TOKEN`: 204 once the replay, its
/// raw log and its rendered page are gone from disk; 403 saying why without the right token.
pub async fn delete_replay(
    req: HttpRequest,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    state.delete(&id, bearer_token(&req))?;
    flush(&state).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The token of an `Authorization: Bearer TOKEN` header, if the request has one.
pub fn bearer_token(req: &HttpRequest) -> Option<&str> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

/// `GET /api/v1/replays/{id}/log`: the uploaded log, byte for byte.
pub async fn get_log(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    let log_id = id.clone();
    let raw = super::work::store_call(&state, move |store| store.raw(&log_id))
        .await?
        .ok_or_else(|| WebError::UnknownReplay(id.to_string()))?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(raw))
}

/// `GET /api/v1/replays/{id}`: the report.
pub async fn get_replay(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    let record = state.replay(&id)?;
    Ok(HttpResponse::Ok().json(&record.report))
}

#[derive(Serialize)]
struct Hit<'a> {
    id: &'a str,
    title: &'a str,
    url: &'a str,
    snippet: &'a str,
    score: f32,
}

/// `GET /api/v1/rulings/search?q=`: ranked clauses, snippets as escaped HTML with `<mark>`.
pub async fn search(query: web::Query<SearchQuery>, state: web::Data<AppState>) -> HttpResponse {
    let q: String = query.q.chars().take(200).collect();
    let (_, hits) = super::rulings::search_hits(&state, &q);
    let body: Vec<Hit<'_>> = hits
        .iter()
        .map(|h| Hit {
            id: &h.id,
            title: &h.title,
            url: &h.url,
            snippet: &h.snippet_html,
            score: h.score,
        })
        .collect();
    HttpResponse::Ok().json(body)
}

#[derive(Serialize)]
struct Health {
    status: &'static str,
    engine_version: &'static str,
    /// Uploads in the store (absent when the store cannot be read now).
    #[serde(skip_serializing_if = "Option::is_none")]
    replays: Option<usize>,
    cards: usize,
    /// Which card data and how new: each source with its cards and newest set.
    card_sources: Vec<crate::cards::DataSource>,
}

pub async fn healthz(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok",
        engine_version: super::state::ENGINE_VERSION,
        replays: state.store.replay_count().ok(),
        cards: state.card_count(),
        card_sources: state
            .cards
            .as_ref()
            .map(|c| c.sources().to_vec())
            .unwrap_or_default(),
    })
}
