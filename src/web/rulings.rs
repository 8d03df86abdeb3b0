//! The rulings reference pages: the index by topic, one page per topic with an anchor per
//! clause (and the sample lines that applied it), and the search.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardDb};
use crate::rules::{RulingsPage, SearchHit};

use super::cards::{name_url, print_of_name, ruling_links};
use super::error::WebError;
use super::pages::{html, render};
use super::state::{AppState, SampleLine};

/// Results shown on the search page.
const SEARCH_LIMIT: usize = 20;

#[derive(Serialize)]
struct PageView<'a> {
    slug: &'a str,
    title: &'a str,
    intro_html: &'a str,
    clauses: Vec<ClauseView<'a>>,
}

#[derive(Serialize)]
struct ClauseView<'a> {
    id: &'a str,
    title: &'a str,
    html: &'a str,
    checked: bool,
    samples: &'a [SampleLine],
}

fn page_view<'a>(page: &'a RulingsPage, state: &'a AppState) -> PageView<'a> {
    PageView {
        slug: page.slug,
        title: page.title,
        intro_html: &page.intro_html,
        clauses: page
            .clauses
            .iter()
            .map(|c| ClauseView {
                id: &c.id,
                title: &c.title,
                html: &c.html,
                checked: c.checked,
                samples: state
                    .clause_samples
                    .get(&c.id)
                    .map_or(&[][..], Vec::as_slice),
            })
            .collect(),
    }
}

pub async fn index(state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let pages: Vec<PageView<'_>> = state
        .rulings
        .pages
        .iter()
        .map(|p| page_view(p, &state))
        .collect();
    let mut c = tera::Context::new();
    c.insert("pages", &pages);
    Ok(html(render("rulings_index.html", c)?))
}

pub async fn page(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let page = state
        .rulings
        .page(&path)
        .ok_or_else(|| WebError::NotFound(format!("/rulings/{}", path.as_str())))?;
    let mut c = tera::Context::new();
    c.insert("page", &page_view(page, &state));
    Ok(html(render("rulings_page.html", c)?))
}

#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    #[serde(default)]
    pub q: String,
}

/// What a query finds: for a card name, the card and only the clauses that name it (not
/// every clause with one of its words); otherwise the ranked clauses. The page and the API
/// both ask this.
pub fn search_hits<'s>(
    state: &'s AppState,
    q: &str,
) -> (Option<(&'s CardDb, &'s Card)>, Vec<SearchHit>) {
    let card = state
        .cards
        .as_deref()
        .and_then(|db| print_of_name(db, q).map(|card| (db, card)));
    let hits = match card {
        Some((_, card)) => state.rulings.search_phrase(&card.name, SEARCH_LIMIT),
        None => state.rulings.search(q, SEARCH_LIMIT),
    };
    (card, hits)
}

pub async fn search(
    query: web::Query<SearchQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let q: String = query.q.chars().take(200).collect();
    let mut c = tera::Context::new();
    let (card, hits) = search_hits(&state, &q);
    // A card name: the card and the rulings its kind and text touch.
    if let Some((db, card)) = card {
        c.insert("card_name", &card.name);
        c.insert("card_url", &name_url(&card.name));
        c.insert("card_rulings", &ruling_links(db, card));
    }
    c.insert("query", &q);
    c.insert("hits", &hits);
    Ok(html(render("search.html", c)?))
}
