//! A player's own games and the deck list check: `/replays` (the uploads kept under the
//! browser's owner token, with date, label, opponent, result and decks), `/stats` (wins and
//! losses per deck, per matchup, going first or second; `?format=csv|json`), `/decks` (a deck
//! list checked against a game), and the same as JSON: `GET /api/v1/replays` and
//! `GET /api/v1/stats` with `Authorization: Bearer OWNER_TOKEN`.
//!
//! Whose games: every upload is kept under an owner token. A browser keeps its token in the
//! `owner` cookie (set by its first upload, sent with the next ones), and an API client sends
//! the token an upload returned with its next uploads; either way the games of one player share
//! one token, and only its holder sees the list.

use actix_web::http::header::{self, ContentType};
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::analysis::{self, GameSummary, Sides};
use crate::cards::decklist::parse_deck_list;
use crate::store::{OwnerHash, OwnerToken, ReplayId};

use super::analysis_view::AnalysisView;
use super::error::{ApiError, WebError};
use super::pages::{html, player_cookie, player_token, render, same_origin};
use super::state::AppState;

/// At most this many of a player's newest games are read for a list or the stats.
pub const GAMES_READ: usize = 500;

/// One game of a player's list.
#[derive(Debug, Clone, Serialize)]
pub struct GameRow {
    pub id: String,
    pub url: String,
    pub uploaded_at: String,
    pub label: Option<String>,
    /// The player who exported the log, when it shows.
    pub player: Option<String>,
    pub opponent: Option<String>,
    pub winner: Option<String>,
    /// `won`, `lost` or `no winner` from the exporting player's side.
    pub result: String,
    pub reason: String,
    /// Player → deck label.
    pub decks: Vec<(String, String)>,
    pub turns: u32,
}

/// The newest games kept under `owner`, summarised (off the HTTP workers when the store is
/// remote or the list is long).
async fn games_of(
    state: &web::Data<AppState>,
    owner: OwnerHash,
) -> Result<Vec<(GameRow, GameSummary)>, WebError> {
    let state = state.clone();
    web::block(move || -> Result<_, WebError> {
        let ids = state.store.owned(&owner)?;
        let mut records = Vec::new();
        for id in ids {
            match state.replay(&id) {
                Ok(r) => records.push(r),
                // Deleted meanwhile.
                Err(WebError::UnknownReplay(_)) => continue,
                Err(e) => return Err(e),
            }
        }
        records.sort_by_key(|r| std::cmp::Reverse(r.uploaded_at));
        records.truncate(GAMES_READ);
        Ok(records
            .into_iter()
            .map(|r| {
                let s = analysis::summary(&r.report, state.cards.as_deref());
                (row(&r.id, r.uploaded_at, r.label.clone(), &s), s)
            })
            .collect())
    })
    .await
    .map_err(|e| WebError::Render(e.to_string()))?
}

fn row(
    id: &ReplayId,
    at: chrono::DateTime<chrono::Utc>,
    label: Option<String>,
    s: &GameSummary,
) -> GameRow {
    let me = s.players.iter().find(|p| p.exported_log);
    let them = me.and_then(|m| s.players.iter().find(|p| p.name != m.name));
    let result = match (me, &s.winner) {
        (Some(m), Some(w)) if *w == m.name => "won",
        (Some(_), Some(_)) => "lost",
        (None, Some(_)) => "finished",
        (_, None) => "no winner",
    };
    GameRow {
        id: id.to_string(),
        url: format!("/replays/{id}"),
        uploaded_at: at.format("%Y-%m-%d %H:%M UTC").to_string(),
        label,
        player: me.map(|p| p.name.clone()),
        opponent: them.map(|p| p.name.clone()),
        winner: s.winner.clone(),
        result: result.to_string(),
        reason: s.reason_words.clone(),
        decks: s
            .players
            .iter()
            .map(|p| (p.name.clone(), p.deck.clone()))
            .collect(),
        turns: s.turns,
    }
}

/// The owner hash a page request is for: its `owner` cookie.
fn browser_owner(req: &HttpRequest) -> Option<OwnerHash> {
    player_token(req).map(|t| t.hash())
}

fn no_store(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(ContentType::html())
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body)
}

/// `GET /replays`: the browser's own uploads, newest first.
pub async fn my_replays(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let mut c = tera::Context::new();
    let games = match browser_owner(&req) {
        Some(owner) => Some(games_of(&state, owner).await?),
        None => None,
    };
    let rows: Option<Vec<GameRow>> = games.map(|g| g.into_iter().map(|(r, _)| r).collect());
    c.insert("known", &rows.is_some());
    c.insert("games", &rows.unwrap_or_default());
    c.insert("games_read", &GAMES_READ);
    Ok(no_store(render("my_replays.html", c)?))
}

#[derive(Debug, Deserialize)]
pub struct TokenForm {
    #[serde(default)]
    pub token: String,
}

/// `POST /replays/token`: keep an owner token in this browser (one shown at an upload, to see
/// those uploads here), then back to the list.
pub async fn keep_token(
    req: HttpRequest,
    form: web::Form<TokenForm>,
) -> Result<HttpResponse, WebError> {
    if !same_origin(&req) {
        return Err(WebError::Forbidden(
            "a token is kept from this site's own form only".into(),
        ));
    }
    let token = OwnerToken::parse(&form.token).ok_or_else(|| {
        WebError::BadRequest(
            "an owner token is the 64 hex digits shown when a log was uploaded".into(),
        )
    })?;
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/replays"))
        .insert_header((
            header::SET_COOKIE,
            player_cookie(&req, Some(token.as_str())),
        ))
        .finish())
}

/// `POST /replays/forget`: this browser forgets its owner token (its uploads stay stored).
pub async fn forget_token(req: HttpRequest) -> HttpResponse {
    if !same_origin(&req) {
        return HttpResponse::Forbidden().finish();
    }
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/replays"))
        .insert_header((header::SET_COOKIE, player_cookie(&req, None)))
        .finish()
}

#[derive(Debug, Deserialize)]
pub struct StatsQuery {
    /// `csv` or `json` for the numbers alone.
    pub format: Option<String>,
}

/// The stats of a player's games, their own side of each (the player who exported the log).
fn stats_of(games: &[(GameRow, GameSummary)]) -> analysis::Stats {
    analysis::stats(games.iter().map(|(_, s)| s), Sides::Exporter)
}

fn stats_answer(
    stats: &analysis::Stats,
    format: Option<&str>,
) -> Result<Option<HttpResponse>, WebError> {
    Ok(match format {
        Some("csv") => Some(
            HttpResponse::Ok()
                .content_type("text/csv; charset=utf-8")
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .body(analysis::stats::to_csv(stats)),
        ),
        Some("json") => Some(
            HttpResponse::Ok()
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .json(stats),
        ),
        None | Some("" | "html") => None,
        Some(other) => {
            return Err(WebError::BadRequest(format!(
                "format {other:?} is not one of csv, json"
            )));
        }
    })
}

/// `GET /stats`: the browser's games by deck and matchup, with a chart.
pub async fn my_stats(
    req: HttpRequest,
    query: web::Query<StatsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let games = match browser_owner(&req) {
        Some(owner) => Some(games_of(&state, owner).await?),
        None => None,
    };
    let stats = stats_of(games.as_deref().unwrap_or_default());
    if let Some(answer) = stats_answer(&stats, query.format.as_deref())? {
        return Ok(answer);
    }
    let mut c = tera::Context::new();
    c.insert("known", &games.is_some());
    c.insert("chart", &analysis::stats_chart::win_loss_svg(&stats));
    c.insert("stats", &stats);
    Ok(no_store(render("my_stats.html", c)?))
}

/// The owner hash of an API request: its `Authorization: Bearer` token.
fn api_owner(req: &HttpRequest) -> Result<OwnerHash, WebError> {
    let token = super::api::bearer_token(req).ok_or_else(|| {
        WebError::Forbidden(
            "listing your uploads needs the owner token your uploads returned (the header \
             `Authorization: Bearer TOKEN`)"
                .into(),
        )
    })?;
    OwnerToken::parse(token).map(|t| t.hash()).ok_or_else(|| {
        WebError::BadRequest("an owner token is the 64 hex digits an upload returned".into())
    })
}

/// `GET /api/v1/replays` with a Bearer token: the uploads kept under it, newest first.
pub async fn api_replays(
    req: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = api_owner(&req)?;
    let rows: Vec<GameRow> = games_of(&state, owner)
        .await?
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(rows))
}

/// `GET /api/v1/stats` with a Bearer token (`?format=csv` for CSV).
pub async fn api_stats(
    req: HttpRequest,
    query: web::Query<StatsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let owner = api_owner(&req)?;
    let games = games_of(&state, owner).await?;
    let stats = stats_of(&games);
    let format = query.format.as_deref().or(Some("json"));
    Ok(stats_answer(&stats, format)?.unwrap_or_else(|| HttpResponse::Ok().json(&stats)))
}

#[derive(Debug, Deserialize)]
pub struct DeckForm {
    /// The game: an upload's id, a sample's name, or a pasted log.
    pub replay: Option<String>,
    pub sample: Option<String>,
    #[serde(default)]
    pub log: String,
    #[serde(default)]
    pub list: String,
    pub player: Option<String>,
}

/// `GET /decks`: the judge tool's form (a log and a list).
pub async fn decks_form() -> Result<HttpResponse, WebError> {
    let mut c = tera::Context::new();
    c.insert("log", "");
    c.insert("list", "");
    c.insert("player", "");
    c.insert("error", &None::<String>);
    c.insert("page", &None::<()>);
    Ok(html(render("decks.html", c)?))
}

/// `POST /decks`: a deck list checked against a game (an upload, a sample or a pasted log).
/// The answer is the game's replay page with the check open (for an upload or a sample), or
/// the tool's page with the check.
pub async fn decks_check(
    form: web::Form<DeckForm>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let form = form.into_inner();
    let failed = |error: String, form: &DeckForm| -> Result<HttpResponse, WebError> {
        let mut c = tera::Context::new();
        c.insert("log", &form.log);
        c.insert("list", &form.list);
        c.insert("player", &form.player.clone().unwrap_or_default());
        c.insert("error", &Some(error));
        c.insert("page", &None::<()>);
        Ok(HttpResponse::BadRequest()
            .content_type(ContentType::html())
            .body(render("decks.html", c)?))
    };
    let list = match parse_deck_list(&form.list) {
        Ok(l) => l,
        Err(e) => return failed(sentence(e.to_string()), &form),
    };
    // The game: its report, its page's options and where its lines are.
    let (report, options, source) = if let Some(id) = form.replay.as_deref() {
        let id = ReplayId::parse(id).map_err(|_| WebError::UnknownReplay(id.to_string()))?;
        let state2 = state.clone();
        let id2 = id.clone();
        let record = web::block(move || state2.replay_shared(&id2))
            .await
            .map_err(|e| WebError::Render(e.to_string()))??;
        let base = format!("/replays/{id}");
        let options = super::views::PageOptions {
            title: super::pages::title_of(&record.report),
            api: Some(format!("/api/v1/replays/{id}")),
            base,
            ..Default::default()
        };
        (
            record.report.clone(),
            Some(options),
            ("replay", id.to_string()),
        )
    } else if let Some(name) = form.sample.as_deref() {
        let sample = state
            .sample(name)
            .ok_or_else(|| WebError::NotFound(format!("/samples/{name}")))?;
        let options = super::views::PageOptions {
            title: format!("Sample game: {}", sample.name),
            base: format!("/samples/{}", sample.name),
            ..Default::default()
        };
        (
            sample.report.clone(),
            Some(options),
            ("sample", name.to_string()),
        )
    } else {
        if form.log.trim().is_empty() {
            return failed(
                "Paste the game's log as well: the list is checked against the cards it shows."
                    .into(),
                &form,
            );
        }
        let cards = state.cards.clone();
        let log = form.log.clone();
        let edition = state.edition;
        let verified = web::block(move || crate::verify(log.as_bytes(), cards.as_deref(), edition))
            .await
            .map_err(|e| WebError::Render(e.to_string()))?;
        match verified {
            Ok(r) => (r, None, ("log", String::new())),
            Err(e) => return failed(sentence(format!("the log cannot be read: {e}")), &form),
        }
    };
    let mut view = AnalysisView::new(&report, state.cards.as_deref(), source);
    let player = form
        .player
        .clone()
        .filter(|p| !p.is_empty())
        .or_else(|| view.deck_form.chosen.clone());
    let Some(side) = view
        .s
        .cards
        .iter()
        .find(|s| Some(&s.player) == player.as_ref())
    else {
        let names = view.deck_form.players.join(" or ");
        return failed(
            match player {
                Some(p) => format!("No player named {p:?} in this game; its players are {names}."),
                None => format!("Whose list is it? Choose {names}."),
            },
            &form,
        );
    };
    let mut check = analysis::check_deck(side, &list);
    for m in &mut check.mismatches {
        m.lines.truncate(super::analysis_view::SHOWN_LINES);
    }
    view.deck_form.chosen = Some(check.player.clone());
    view.deck_list = form.list.clone();
    view.deck_check = Some(check);
    match options {
        Some(options) => {
            let body = super::pages::render_replay(&report, options, None, Some(view))?;
            Ok(no_store(body))
        }
        None => {
            let mut c = tera::Context::new();
            c.insert("log", &form.log);
            c.insert("list", &form.list);
            c.insert("player", &player.unwrap_or_default());
            c.insert("error", &None::<String>);
            c.insert("page", &serde_json::json!({ "analysis": view, "base": "" }));
            Ok(no_store(render("decks.html", c)?))
        }
    }
}

/// A message as a sentence: capital first letter, full stop.
fn sentence(s: String) -> String {
    let mut c = s.chars();
    let mut out: String = match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => s,
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}
