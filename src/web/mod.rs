//! The web service (the IO edge over the pure core): actix-web routes, tera views, and how
//! errors become HTTP responses. The store is reached only through [`crate::store`].
//!
//! - HTML: `/`, `POST /replays`, `/replays/{id}`, `POST /replays/{id}/delete`,
//!   `/replays` (your games), `POST /replays/token`, `POST /replays/forget`, `/stats`,
//!   `/decks` (a deck list against a log),
//!   `/samples/{name}`, `/rulings`,
//!   `/rulings/{page}`, `/rulings/search?q=`, `/tools`, `/tools/{tool}` (form and answer).
//! - JSON: `POST /api/v1/replays`, `GET /api/v1/replays` and `GET /api/v1/stats` (with an
//!   owner token), `GET|DELETE /api/v1/replays/{id}`,
//!   `GET /api/v1/replays/{id}/log` (the raw log, text),
//!   `GET /api/v1/rulings/search?q=`, `POST /api/v1/tools/{damage,outcome,checkup,deck}`,
//!   `GET /healthz`.

mod analysis_view;
mod api;
pub mod board;
mod card_links;
mod cards;
pub mod error;
mod explain_view;
pub mod filters;
pub mod form;
#[cfg(test)]
mod job_memory;
pub mod limits;
mod pages;
mod players;
pub mod recent;
mod rulings;
pub mod state;
pub mod stepping;
pub mod templates;
pub mod tools;
mod upload;
pub mod views;
pub mod work;

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::{Compress, DefaultHeaders, from_fn};
use actix_web::{App, HttpServer, web};

pub use error::WebError;
pub use limits::{Limits, UploadRate};
pub use state::{AppState, Settings, StartError};

/// Content-Security-Policy: everything from this origin only, no inline script or style, no
/// framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The headers every response carries.
fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "no-referrer"))
}

/// The routes, for the server and for tests that call the app in process.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", web::get().to(pages::home))
        .route("/replays", web::post().to(pages::upload_form))
        .route("/replays", web::get().to(players::my_replays))
        .route("/replays/token", web::post().to(players::keep_token))
        .route("/replays/forget", web::post().to(players::forget_token))
        .route("/stats", web::get().to(players::my_stats))
        .route("/decks", web::get().to(players::decks_form))
        .route("/decks", web::post().to(players::decks_check))
        .route("/api/v1/replays", web::get().to(players::api_replays))
        .route("/api/v1/stats", web::get().to(players::api_stats))
        .route("/replays/{id}", web::get().to(pages::replay_page))
        .route("/replays/{id}/delete", web::post().to(pages::delete_form))
        .route("/samples/{name}", web::get().to(pages::sample_page))
        .route("/rulings", web::get().to(rulings::index))
        .route("/rulings/search", web::get().to(rulings::search))
        .route("/rulings/{page}", web::get().to(rulings::page))
        .route("/cards", web::get().to(cards::by_name))
        .route("/cards/{id}", web::get().to(cards::by_id))
        .route("/api/v1/cards/names", web::get().to(cards::names))
        .route("/static/{file}", web::get().to(pages::asset))
        .route("/api/v1/replays", web::post().to(api::create_replay))
        .service(
            web::resource("/api/v1/replays/{id}")
                .route(web::get().to(api::get_replay))
                .route(web::delete().to(api::delete_replay)),
        )
        .route("/api/v1/replays/{id}/log", web::get().to(api::get_log))
        .route("/api/v1/rulings/search", web::get().to(api::search))
        .route("/tools", web::get().to(tools::index))
        .service(
            web::resource("/tools/{tool}")
                .app_data(tools::form_config())
                .route(web::get().to(tools::form))
                .route(web::post().to(tools::submit)),
        )
        .route("/api/v1/tools/{tool}", web::post().to(tools::api))
        .route("/healthz", web::get().to(api::healthz));
}

/// Start serving `state` on `listener` (bound by the caller, so tests can use port 0), with
/// the default [`Limits`].
pub fn run(listener: TcpListener, state: web::Data<AppState>) -> std::io::Result<Server> {
    run_with(listener, state, &Limits::default())
}

/// Start serving with the given timeouts and upload limit.
pub fn run_with(
    listener: TcpListener,
    state: web::Data<AppState>,
    limits: &Limits,
) -> std::io::Result<Server> {
    let guard = limits::Guard::new(limits);
    let send_timeout = limits.send_timeout;
    let connections = state.connections.clone();
    let server = HttpServer::new(move || {
        let guard = guard.clone();
        App::new()
            .app_data(state.clone())
            .wrap(from_fn(move |req, next| {
                limits::guard(guard.clone(), req, next)
            }))
            .wrap(security_headers())
            // gzip or brotli, as the client's Accept-Encoding asks: a replay page is about a
            // tenth of its size on the wire, which is what a phone at a table waits for.
            .wrap(Compress::default())
            .configure(configure)
            .default_service(web::to(pages::not_found))
    })
    .client_request_timeout(limits.request_head_timeout)
    .client_disconnect_timeout(limits.disconnect_timeout)
    .keep_alive(limits.keep_alive)
    .on_connect(move |connection, data| {
        limits::cut_stalled_readers(connection, send_timeout);
        connections.track(connection, data);
    })
    .listen(listener)?
    .run();
    Ok(server)
}
