//! The HTML pages: home with the upload form, replay pages (uploads and samples), the error
//! pages, and the static assets.

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use serde::{Deserialize, Serialize};

use crate::engine::Replay;
use crate::report::Report;
use crate::store::ReplayId;

use super::error::WebError;
use super::state::{AppState, ENGINE_VERSION};
use super::templates::{ASSETS, tera};
use super::upload::read_upload;
use super::views::{BoardView, PageOptions, ReplayPage};

pub fn html(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::html())
        .body(body)
}

/// Render a template with the values every page has.
pub fn render(name: &str, mut context: tera::Context) -> Result<String, WebError> {
    context.insert("engine_version", ENGINE_VERSION);
    tera()
        .render(name, &context)
        .map_err(|e| WebError::Render(format!("{e:?}")))
}

#[derive(Serialize)]
struct SampleLink<'a> {
    name: &'a str,
    description: &'a str,
}

fn home_page(state: &AppState, text: &str, error: Option<&str>) -> Result<String, WebError> {
    let mut c = tera::Context::new();
    c.insert("card_count", &state.card_count());
    c.insert("card_source", &state.card_source);
    c.insert("text", text);
    c.insert("error", &error);
    let samples: Vec<SampleLink<'_>> = state
        .samples
        .iter()
        .map(|s| SampleLink {
            name: s.name,
            description: s.description,
        })
        .collect();
    c.insert("samples", &samples);
    render("home.html", c)
}

pub async fn home(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    Ok(html(home_page(&state, "", None)?))
}

/// The home page's form: store the log and go to its page, or show the form again with why
/// the log was refused (the pasted text stays in the form).
pub async fn upload_form(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let upload = read_upload(&req, payload).await?;
    let record = match state.ingest(&upload.log, state.edition) {
        Ok(r) => r,
        Err(e @ (WebError::BadLog(_) | WebError::EmptyUpload)) => {
            let body = home_page(&state, &upload.text, Some(&e.to_string()))?;
            return Ok(HttpResponse::BadRequest()
                .content_type(ContentType::html())
                .body(body));
        }
        Err(e) => return Err(e),
    };
    flush(&state).await?;
    let location = format!("/replays/{}", record.id);
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .finish())
}

/// Write the store to disk before answering an upload (an acknowledged upload survives a crash).
pub async fn flush(state: &web::Data<AppState>) -> Result<(), WebError> {
    let state = state.clone();
    web::block(move || state.store.flush())
        .await
        .map_err(|e| WebError::Render(e.to_string()))??;
    Ok(())
}

#[derive(Debug, Deserialize)]
pub struct ReplayQuery {
    /// Show the board after this line.
    pub at: Option<u32>,
    /// `violations` to show only the violations.
    pub only: Option<String>,
}

impl ReplayQuery {
    fn only_violations(&self) -> bool {
        self.only.as_deref() == Some("violations")
    }

    fn is_plain(&self) -> bool {
        self.at.is_none() && !self.only_violations()
    }
}

pub async fn replay_page(
    path: web::Path<String>,
    query: web::Query<ReplayQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    if query.is_plain()
        && let Some(page) = state.store.page(&id, &state.page_key)?
    {
        return Ok(HttpResponse::Ok()
            .content_type(ContentType::html())
            .body(page));
    }
    let record = state.replay(&id)?;
    let board = match query.at {
        Some(line) => {
            let raw = state
                .store
                .raw(&id)?
                .ok_or_else(|| WebError::UnknownReplay(id.to_string()))?;
            board_at(&state, &raw, &record.report, line)?
        }
        None => None,
    };
    let options = PageOptions {
        title: title_of(&record.report),
        base: format!("/replays/{id}"),
        api: Some(format!("/api/v1/replays/{id}")),
        uploaded_at: Some(record.uploaded_at.format("%Y-%m-%d %H:%M UTC").to_string()),
        only_violations: query.only_violations(),
    };
    let body = render_replay(&record.report, options, board)?;
    if query.is_plain() {
        state
            .store
            .put_page(&id, &state.page_key, body.as_bytes())?;
    }
    Ok(html(body))
}

pub async fn sample_page(
    path: web::Path<String>,
    query: web::Query<ReplayQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let sample = state
        .sample(&path)
        .ok_or_else(|| WebError::NotFound(format!("/samples/{}", path.as_str())))?;
    let board = match query.at {
        Some(line) => board_at(&state, sample.text.as_bytes(), &sample.report, line)?,
        None => None,
    };
    let options = PageOptions {
        title: format!("Sample game: {}", sample.name),
        base: format!("/samples/{}", sample.name),
        api: None,
        uploaded_at: None,
        only_violations: query.only_violations(),
    };
    Ok(html(render_replay(&sample.report, options, board)?))
}

pub fn render_replay(
    report: &Report,
    options: PageOptions,
    board: Option<BoardView>,
) -> Result<String, WebError> {
    let mut c = tera::Context::new();
    c.insert("page", &ReplayPage::new(report, options, board));
    render("replay.html", c)
}

fn title_of(report: &Report) -> String {
    let names: Vec<&str> = report.players.iter().map(|p| p.name.as_str()).collect();
    format!("Replay: {}", names.join(" vs "))
}

/// The board after line `line` (a line number of the log), replayed from the raw log.
fn board_at(
    state: &AppState,
    raw: &[u8],
    report: &Report,
    line: u32,
) -> Result<Option<BoardView>, WebError> {
    let Some(index) = report.steps.iter().position(|s| s.line == line) else {
        return Ok(None);
    };
    let log = crate::log::parse_log(raw)?;
    let edition = report.edition.parse().unwrap_or(state.edition);
    let game = Replay::state_after(&log, state.cards.as_deref(), edition, index + 1);
    Ok(Some(BoardView::new(&game, line, state.cards.as_deref())))
}

pub async fn asset(path: web::Path<String>) -> Result<HttpResponse, WebError> {
    let (_, content_type, body) = ASSETS
        .iter()
        .find(|(name, _, _)| *name == path.as_str())
        .ok_or_else(|| WebError::NotFound(format!("/static/{}", path.as_str())))?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, *content_type))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(*body))
}

pub async fn not_found(req: HttpRequest) -> HttpResponse {
    WebError::NotFound(req.path().chars().take(200).collect()).error_response()
}
