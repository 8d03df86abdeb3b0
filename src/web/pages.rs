//! The HTML pages: home with the upload form, replay pages (uploads and samples), deleting an
//! upload with its owner token, the error pages, and the static assets.
//!
//! The owner token of a form upload is shown once without entering a URL: the upload's 303
//! sets a cookie scoped to the replay's path (HttpOnly, SameSite=Strict, 10 minutes); the
//! replay page shows the token when that cookie holds it, is then neither stored nor cached,
//! and clears the cookie.

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use serde::{Deserialize, Serialize};

use crate::engine::Replay;
use crate::report::Report;
use std::sync::Arc;

use crate::store::{ReplayId, StoredReplay};

use super::error::WebError;
use super::state::{AppState, ENGINE_VERSION, Ingested};
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

/// The cookie that carries a form upload's owner token to the replay page, once.
const OWNER_COOKIE: &str = "owner_token";

/// How long the owner token waits for the replay page to show it.
const OWNER_COOKIE_SECONDS: u32 = 600;

/// A `Set-Cookie` value for the owner-token cookie of the page `path`: `Some(token)` sets it,
/// `None` clears it.
fn owner_cookie(req: &HttpRequest, path: &str, token: Option<&str>) -> String {
    let (value, age) = match token {
        Some(t) => (t, OWNER_COOKIE_SECONDS),
        None => ("", 0),
    };
    let secure = if req.connection_info().scheme() == "https" {
        "; Secure"
    } else {
        ""
    };
    format!("{OWNER_COOKIE}={value}; Path={path}; Max-Age={age}; HttpOnly; SameSite=Strict{secure}")
}

/// The cookie that keeps a browser's owner token, so that its later uploads are kept under the
/// same token and listed together (`/replays`, `/stats`): path `/`, a year, HttpOnly,
/// SameSite=Strict. "Forget this browser" on `/replays` clears it.
pub const PLAYER_COOKIE: &str = "owner";

/// How long the browser keeps its owner token.
const PLAYER_COOKIE_SECONDS: u32 = 365 * 24 * 3600;

/// A `Set-Cookie` value for the browser's owner token: `Some(token)` sets it, `None` clears it.
pub fn player_cookie(req: &HttpRequest, token: Option<&str>) -> String {
    let (value, age) = match token {
        Some(t) => (t, PLAYER_COOKIE_SECONDS),
        None => ("", 0),
    };
    let secure = if req.connection_info().scheme() == "https" {
        "; Secure"
    } else {
        ""
    };
    format!("{PLAYER_COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Strict{secure}")
}

/// Whether a form was posted from this site's own pages. Browsers say where a request comes
/// from in `Sec-Fetch-Site` (`cross-site` for another site's page); without it, an `Origin`
/// naming another host says so (this site's no-referrer policy makes its own forms send
/// `Origin: null`). The owner cookie is set only from this site, so that another site cannot
/// put its token into a visitor's browser.
pub fn same_origin(req: &HttpRequest) -> bool {
    let get = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = get("sec-fetch-site") {
        return !site.eq_ignore_ascii_case("cross-site");
    }
    match get("origin") {
        None | Some("null") => true,
        Some(origin) => {
            let host = origin.split_once("://").map_or(origin, |(_, h)| h);
            host.eq_ignore_ascii_case(req.connection_info().host())
        }
    }
}

/// The browser's owner token, when its cookie holds a well-formed one.
pub fn player_token(req: &HttpRequest) -> Option<crate::store::OwnerToken> {
    cookie(req, PLAYER_COOKIE).and_then(crate::store::OwnerToken::parse)
}

/// The value of the cookie `name` the request carries, if any.
pub fn cookie<'a>(req: &'a HttpRequest, name: &str) -> Option<&'a str> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

#[derive(Debug, Deserialize)]
pub struct HomeQuery {
    /// Set after a replay was deleted through its page.
    pub deleted: Option<String>,
}

fn home_page(
    state: &AppState,
    text: &str,
    error: Option<&str>,
    notice: Option<&str>,
) -> Result<String, WebError> {
    let mut c = tera::Context::new();
    c.insert("notice", &notice);
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

pub async fn home(
    query: web::Query<HomeQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let notice = query.deleted.as_ref().map(
        |_| "The replay was deleted: its log, its report and its page are gone from the store.",
    );
    Ok(html(home_page(&state, "", None, notice)?))
}

/// The home page's form: store the log and go to its page (with the owner-token cookie), or
/// show the form again with why the log was refused (the pasted text stays in the form).
pub async fn upload_form(
    req: HttpRequest,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let upload = read_upload(&req, payload).await?;
    let log = upload.log.clone();
    let (label, kept) = (upload.label.clone(), player_token(&req));
    // Only the id and the token leave the job (see `api::create_replay`).
    let verified = super::work::run(&state, super::work::Job::Upload, log.len(), move |s| {
        let Ingested { record, token } = s.ingest_with(&log, s.edition, label, kept)?;
        Ok((record.id, token))
    })
    .await;
    let (id, token) = match verified {
        Ok(r) => r,
        Err(e @ (WebError::BadLog(_) | WebError::EmptyUpload)) => {
            let body = home_page(&state, &upload.text, Some(&e.to_string()), None)?;
            return Ok(HttpResponse::BadRequest()
                .content_type(ContentType::html())
                .body(body));
        }
        Err(e) => return Err(e),
    };
    flush(&state).await?;
    let location = format!("/replays/{id}");
    let cookie = owner_cookie(&req, &location, Some(token.as_str()));
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, location))
        .insert_header((header::SET_COOKIE, cookie))
        .append_header((
            header::SET_COOKIE,
            player_cookie(&req, Some(token.as_str())),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish())
}

#[derive(Debug, Deserialize)]
pub struct DeleteForm {
    #[serde(default)]
    pub token: String,
}

/// `POST /replays/{id}/delete` (form field `token`): delete and go home with a notice, or a
/// 403 page saying why.
pub async fn delete_form(
    req: HttpRequest,
    path: web::Path<String>,
    form: web::Form<DeleteForm>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    state.delete(&id, Some(form.token.trim()))?;
    flush(&state).await?;
    let cookie = owner_cookie(&req, &format!("/replays/{id}"), None);
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/?deleted=1"))
        .insert_header((header::SET_COOKIE, cookie))
        .finish())
}

/// Write the store to disk before answering an upload or a deletion (what is acknowledged
/// survives a crash).
pub async fn flush(state: &web::Data<AppState>) -> Result<(), WebError> {
    let state = state.clone();
    web::block(move || state.store.flush())
        .await
        .map_err(|e| WebError::Render(e.to_string()))??;
    Ok(())
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ReplayQuery {
    /// Show the board after this line.
    pub at: Option<u32>,
    /// `violations` to show only the violations.
    pub only: Option<String>,
    /// Which part of a long game (1-based).
    pub part: Option<usize>,
    /// Only this player's actions.
    pub player: Option<String>,
    /// `info` to hide the `info` lines.
    pub hide: Option<String>,
}

impl ReplayQuery {
    fn only_violations(&self) -> bool {
        self.only.as_deref() == Some("violations")
    }

    /// The steps asked for (`?player=`, `?hide=info`, `?only=unverified`).
    fn filter(&self) -> super::filters::StepFilter {
        super::filters::StepFilter {
            player: self.player.clone().filter(|p| !p.is_empty()),
            hide_info: self.hide.as_deref() == Some("info"),
            only_unverified: self.only.as_deref() == Some("unverified"),
        }
    }

    fn is_plain(&self) -> bool {
        self.at.is_none()
            && !self.only_violations()
            && self.part.unwrap_or(1) == 1
            && self.filter().is_empty()
    }

    /// Whether the page shows the game at a glance: the first page of the whole game.
    fn shows_analysis(&self) -> bool {
        self.at.is_none() && !self.only_violations() && self.part.unwrap_or(1) == 1
    }

    /// The part to show (0-based): the one holding the board's line, else the one asked for.
    fn part(&self, report: &Report) -> usize {
        if let Some(line) = self.at
            && let Some((_, part, _)) = super::views::locate(&report.steps, line)
        {
            return part;
        }
        self.part.unwrap_or(1).saturating_sub(1)
    }
}

pub async fn replay_page(
    req: HttpRequest,
    path: web::Path<String>,
    query: web::Query<ReplayQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let id = ReplayId::parse(&path).map_err(|_| WebError::UnknownReplay(path.clone()))?;
    let base = format!("/replays/{id}");
    // A form upload's owner token, shown on this answer only: the cookie is cleared, and the
    // page that shows it is not stored.
    let cookie_token = cookie(&req, OWNER_COOKIE);
    let owner_token = match cookie_token {
        Some(t) if state.owns(&id, t)? => Some(t.to_string()),
        _ => None,
    };
    let mut response = HttpResponse::Ok();
    response.content_type(ContentType::html());
    if cookie_token.is_some() {
        response.insert_header((header::SET_COOKIE, owner_cookie(&req, &base, None)));
    }
    if owner_token.is_some() {
        response.insert_header((header::CACHE_CONTROL, "no-store"));
    }
    let cacheable = query.is_plain() && owner_token.is_none();
    let stored_page = if cacheable {
        let (page_id, key) = (id.clone(), state.page_key.clone());
        super::work::store_call(&state, move |store| store.page(&page_id, &key)).await?
    } else {
        None
    };
    if let Some(page) = stored_page {
        return Ok(response.body(page));
    }
    // Reading a long game's record, replaying a log to a line and rendering their page are
    // heavy: off the HTTP workers, within the work budget, and kept for the next request (a
    // plain view reads the stored page or report).
    let ask = ViewAsk {
        base,
        owner_token,
        query: query.into_inner(),
    };
    let kept = match ask.query.at {
        None => state
            .recent
            .record(id.as_str())
            .map(|_| Ok::<_, WebError>((state.replay_shared(&id)?, None)))
            .transpose()?,
        Some(line) => kept_board(&state, &id, line)?,
    };
    let body = match kept {
        Some((record, board)) => replay_body(&state, &id, &ask, &record, board)?,
        None => {
            // The log's size is the charge; the log itself is read in the job, off the
            // workers and within the budget.
            let len_id = id.clone();
            let bytes = super::work::store_call(&state, move |store| store.raw_len(&len_id))
                .await?
                .ok_or_else(|| WebError::UnknownReplay(id.to_string()))?;
            let job_id = id.clone();
            super::work::run(&state, super::work::Job::View, bytes, move |s| {
                let raw = s
                    .store
                    .raw(&job_id)?
                    .ok_or_else(|| WebError::UnknownReplay(job_id.to_string()))?;
                view_job(s, &job_id, &raw, &ask)
            })
            .await?
        }
    };
    if cacheable {
        state
            .store
            .put_page(&id, &state.page_key, body.as_bytes())?;
    }
    Ok(response.body(body))
}

/// What a replay page shows besides its record and board.
pub struct ViewAsk {
    /// `/replays/{id}`.
    pub base: String,
    /// The owner token to show once, if this view shows it.
    pub owner_token: Option<String>,
    pub query: ReplayQuery,
}

/// A replay page not kept from an earlier request, made from the store: the record (read, or
/// recomputed), the board at the line asked for (replayed from `raw`, the upload's log, with
/// the boards of its part kept), and the page rendered. The heavy job of a page view: what
/// the work budget charges for it is measured on this function.
pub fn view_job(
    state: &AppState,
    id: &ReplayId,
    raw: &[u8],
    ask: &ViewAsk,
) -> Result<String, WebError> {
    let record = state.replay_shared(id)?;
    let board = match ask.query.at {
        Some(line) => board_of_upload(state, id, raw, &record.report, line)?,
        None => None,
    };
    replay_body(state, id, ask, &record, board)
}

/// The replay page of `record`, with `board`.
fn replay_body(
    state: &AppState,
    id: &ReplayId,
    ask: &ViewAsk,
    record: &StoredReplay,
    board: Option<BoardView>,
) -> Result<String, WebError> {
    let query = &ask.query;
    let options = PageOptions {
        title: title_of(&record.report),
        delete: Some(format!("{}/delete", ask.base)),
        base: ask.base.clone(),
        api: Some(format!("/api/v1/replays/{id}")),
        uploaded_at: Some(record.uploaded_at.format("%Y-%m-%d %H:%M UTC").to_string()),
        only_violations: query.only_violations(),
        owner_token: ask.owner_token.clone(),
        part: query.part(&record.report),
        filter: query.filter(),
    };
    let analysis = query.shows_analysis().then(|| {
        super::analysis_view::AnalysisView::new(
            &record.report,
            state.cards.as_deref(),
            ("replay", id.to_string()),
        )
    });
    render_replay(&record.report, options, board, analysis)
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
        delete: None,
        owner_token: None,
        part: query.part(&sample.report),
        filter: query.filter(),
    };
    let analysis = query.shows_analysis().then(|| {
        super::analysis_view::AnalysisView::new(
            &sample.report,
            state.cards.as_deref(),
            ("sample", sample.name.to_string()),
        )
    });
    Ok(html(render_replay(
        &sample.report,
        options,
        board,
        analysis,
    )?))
}

pub fn render_replay(
    report: &Report,
    options: PageOptions,
    board: Option<BoardView>,
    analysis: Option<super::analysis_view::AnalysisView>,
) -> Result<String, WebError> {
    let mut page = ReplayPage::new(report, options, board);
    page.analysis = analysis;
    let mut c = tera::Context::new();
    c.insert("page", &page);
    render("replay.html", c)
}

pub fn title_of(report: &Report) -> String {
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
    let log = parse_for_board(state, raw)?;
    let edition = report.edition.parse().unwrap_or(state.edition);
    let mut replay = Replay::new(&log, state.cards.as_deref(), edition);
    for _ in 0..=index {
        if replay.next_step().is_none() {
            break;
        }
    }
    Ok(Some(BoardView::new(&replay, line)))
}

fn parse_for_board(state: &AppState, raw: &[u8]) -> Result<crate::log::ParsedLog, WebError> {
    let names = crate::cards::local_names::local_names(state.cards.as_deref());
    Ok(crate::log::parse_log_with(raw, names)?)
}

/// A replay's record and the board at one of its lines (none for a line the log lacks).
type RecordAndBoard = (Arc<StoredReplay>, Option<BoardView>);

/// The record and the board at `line` of the upload `id` when both are kept from an earlier
/// request (see [`super::recent`]); `None` when either must be made.
fn kept_board(
    state: &AppState,
    id: &ReplayId,
    line: u32,
) -> Result<Option<RecordAndBoard>, WebError> {
    if state.recent.record(id.as_str()).is_none() {
        return Ok(None);
    }
    let record = state.replay_shared(id)?;
    let Some((index, part, range)) = super::views::locate(&record.report.steps, line) else {
        return Ok(Some((record, None)));
    };
    let Some(boards) = state.recent.boards(id.as_str(), part) else {
        return Ok(None);
    };
    let board = boards.get(index - range.start).cloned();
    Ok(Some((record, board)))
}

/// The board after `line` of an upload: the boards of the whole part of the page that holds
/// it are made in one replay and kept, so stepping through that part replays nothing.
fn board_of_upload(
    state: &AppState,
    id: &ReplayId,
    raw: &[u8],
    report: &Report,
    line: u32,
) -> Result<Option<BoardView>, WebError> {
    let Some((index, part, range)) = super::views::locate(&report.steps, line) else {
        return Ok(None);
    };
    let log = parse_for_board(state, raw)?;
    let edition = report.edition.parse().unwrap_or(state.edition);
    let cards = state.cards.as_deref();
    let mut replay = Replay::new(&log, cards, edition);
    let mut boards = Vec::with_capacity(range.len());
    for i in 0..range.end {
        // After the step at index i, the board is the state after i + 1 lines (the log's
        // last state when it has fewer).
        replay.next_step();
        if i >= range.start {
            boards.push(BoardView::new(&replay, report.steps[i].line));
        }
    }
    let board = boards.get(index - range.start).cloned();
    state
        .recent
        .keep_boards(id.as_str(), part, Arc::new(boards));
    Ok(board)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const SAMPLE: &str = include_str!("../../replays/illegal-second-supporter.log");

    /// The boards made a part at a time for an upload are the boards replayed line by line,
    /// at the first, a middle and the last line of every part of a long game.
    #[test]
    fn the_boards_of_a_part_are_the_boards_replayed_to_each_line() {
        let dir = tempfile::tempdir().unwrap();
        let state = AppState::with(
            Store::open(dir.path(), 1 << 20).unwrap(),
            None,
            String::new(),
        );
        let raw = SAMPLE.repeat(40);
        let report = crate::verify(raw.as_bytes(), None, state.edition).unwrap();
        let parts = super::super::views::parts(&report.steps);
        assert!(parts.len() >= 3, "{} parts", parts.len());
        let id = ReplayId::random();
        let mut checked = 0;
        for range in &parts {
            for index in [range.start, (range.start + range.end) / 2, range.end - 1] {
                let line = report.steps[index].line;
                let made = board_of_upload(&state, &id, raw.as_bytes(), &report, line)
                    .unwrap()
                    .unwrap();
                let replayed = board_at(&state, raw.as_bytes(), &report, line)
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    serde_json::to_value(&made).unwrap(),
                    serde_json::to_value(&replayed).unwrap(),
                    "line {line}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 9);
        // Each part's boards are kept, one per line, within the budget.
        let (_, boards) = state.recent.held();
        assert!(boards > 0 && boards <= super::super::recent::BOARD_BUDGET_LINES);
    }
}
