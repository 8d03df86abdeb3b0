//! The card pages: `/cards/{id}` (one print), `/cards?name=…` (a name: its newest print, or the
//! names close to what was typed), and `/api/v1/cards/names?q=…` (names for a form's
//! suggestions). A page shows the card's facts from the card data, its names in the other
//! languages the data gives, its other prints, and the rulings its kind and text touch.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardDb, Lang, Legality};
use crate::rules::card_rulings::card_rulings;

use super::error::WebError;
use super::pages::{html, render};
use super::state::AppState;

/// Names offered for what was typed.
const SUGGESTIONS: usize = 10;

/// What the card page shows.
#[derive(Debug, Serialize)]
struct CardView {
    id: String,
    name: String,
    kind: String,
    hp: Option<u32>,
    types: String,
    /// The Pokémon it evolves from, and its page.
    evolves_from: Option<(String, String)>,
    abilities: Vec<TextView>,
    attacks: Vec<TextView>,
    weakness: String,
    resistance: String,
    retreat: String,
    rules: Vec<String>,
    prizes: Option<u8>,
    set: String,
    number: String,
    released: String,
    regulation_mark: String,
    legal: Vec<(&'static str, &'static str)>,
    local_names: Vec<(&'static str, String)>,
    other_prints: Vec<PrintLink>,
    rulings: Vec<RulingLink>,
}

#[derive(Debug, Serialize)]
struct TextView {
    /// "Ability", "Poké-Power", or the attack's cost.
    label: String,
    name: String,
    damage: String,
    text: String,
}

#[derive(Debug, Serialize)]
struct PrintLink {
    id: String,
    set: String,
    released: String,
}

#[derive(Debug, Serialize)]
pub struct RulingLink {
    id: &'static str,
    title: &'static str,
    url: String,
    why: String,
}

/// The link to a card name's page (what the replay's card names point at).
pub fn name_url(name: &str) -> String {
    format!("/cards?name={}", encode(name))
}

/// A query value percent-encoded (for links made elsewhere).
pub fn encode_query(value: &str) -> String {
    encode(value)
}

/// Percent-encode a query value (letters, digits and `-_.~` kept).
fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else if b == b' ' {
            out.push('+');
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A language's name in English.
fn language(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "German",
        Lang::Es => "Spanish",
        Lang::EsMx => "Spanish (Latin America)",
        Lang::Fr => "French",
        Lang::It => "Italian",
        Lang::Pt => "Portuguese",
        Lang::PtBr => "Portuguese (Brazil)",
        Lang::PtPt => "Portuguese (Portugal)",
        Lang::Nl => "Dutch",
        Lang::Pl => "Polish",
        Lang::Ru => "Russian",
        Lang::Ja => "Japanese",
        Lang::Ko => "Korean",
        Lang::ZhTw => "Chinese (Taiwan)",
        Lang::Id => "Indonesian",
        Lang::Th => "Thai",
        Lang::ZhCn => "Chinese (China)",
    }
}

fn legality(l: Option<Legality>) -> &'static str {
    match l {
        Some(Legality::Legal) => "legal",
        Some(Legality::Banned) => "banned",
        None => "not legal",
    }
}

fn joined<T: ToString>(items: impl Iterator<Item = T>) -> String {
    items.map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// The rulings a card touches, as links.
pub fn ruling_links(db: &CardDb, card: &Card) -> Vec<RulingLink> {
    let effects = db
        .by_id(&card.id)
        .map(|i| db.effects(i).clone())
        .unwrap_or_default();
    card_rulings(card, &effects)
        .into_iter()
        .filter_map(|r| {
            let c = crate::rules::clause(r.clause)?;
            Some(RulingLink {
                id: c.id,
                title: c.title,
                url: c.url(),
                why: r.why,
            })
        })
        .collect()
}

fn card_view(db: &CardDb, card: &Card) -> CardView {
    let prints = db.by_name(&card.name);
    // The localized names: this print's, or another print's of the same name.
    let this = prints.iter().copied().filter(|i| db.card(*i).id == card.id);
    let localized = card
        .localized
        .as_deref()
        .into_iter()
        .chain(
            this.chain(prints.iter().copied())
                .filter_map(|i| db.localized(i)),
        )
        .find(|l| !l.name.is_empty());
    let set = db.set(&card.set_id);
    let mut kind: Vec<String> = vec![card.supertype.as_str().to_string()];
    kind.extend(card.subtypes.iter().map(|s| s.as_str().to_string()));
    CardView {
        id: card.id.clone(),
        name: card.name.clone(),
        kind: kind.join(" · "),
        hp: card.hp,
        types: joined(card.types.iter().map(|t| t.as_str())),
        evolves_from: card.evolves_from.as_ref().map(|n| (n.clone(), name_url(n))),
        abilities: card
            .abilities
            .iter()
            .map(|a| TextView {
                label: a.kind.as_str().to_string(),
                name: a.name.clone(),
                damage: String::new(),
                text: a.text.clone(),
            })
            .collect(),
        attacks: card
            .attacks
            .iter()
            .map(|a| TextView {
                label: if a.cost.is_empty() {
                    "no Energy".to_string()
                } else {
                    joined(a.cost.iter().map(|t| t.as_str()))
                },
                name: a.name.clone(),
                damage: a.damage.map(|d| d.to_string()).unwrap_or_default(),
                text: a.text.clone(),
            })
            .collect(),
        weakness: joined(
            card.weaknesses
                .iter()
                .map(|w| format!("{} {}", w.type_.as_str(), w.modifier)),
        ),
        resistance: joined(
            card.resistances
                .iter()
                .map(|r| format!("{} -{}", r.type_.as_str(), r.amount)),
        ),
        retreat: if card.is_pokemon() {
            card.retreat_cost.len().to_string()
        } else {
            String::new()
        },
        rules: card.rules.clone(),
        prizes: card.is_pokemon().then(|| card.prize().prizes),
        set: set.map_or_else(|| card.set_id.clone(), |s| format!("{} ({})", s.name, s.id)),
        number: card.number.clone(),
        released: db.release_date(card).to_string(),
        regulation_mark: card.regulation_mark.clone().unwrap_or_default(),
        legal: vec![
            ("Standard", legality(card.legalities.standard)),
            ("Expanded", legality(card.legalities.expanded)),
            ("Unlimited", legality(card.legalities.unlimited)),
        ],
        local_names: localized
            .map(|l| {
                l.name
                    .iter()
                    .map(|(lang, n)| (language(lang), n.to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        other_prints: prints
            .iter()
            .map(|i| db.card(*i))
            .filter(|c| c.id != card.id)
            .map(|c| PrintLink {
                id: c.id.clone(),
                set: db
                    .set(&c.set_id)
                    .map_or_else(|| c.set_id.clone(), |s| s.name.clone()),
                released: db.release_date(c).to_string(),
            })
            .collect(),
        rulings: ruling_links(db, card),
    }
}

fn card_page(db: &CardDb, card: &Card) -> Result<HttpResponse, WebError> {
    let mut c = tera::Context::new();
    c.insert("card", &card_view(db, card));
    Ok(html(render("card.html", c)?))
}

/// The lookup page: a form, and for a query not found, the names close to it (status 404).
fn lookup_page(db: Option<&CardDb>, query: &str) -> Result<HttpResponse, WebError> {
    let mut c = tera::Context::new();
    c.insert("name_query", query);
    let names: Vec<String> = db
        .map(|db| crate::cards::suggest::names_for(db, query, SUGGESTIONS))
        .unwrap_or_default();
    let links: Vec<(String, String)> = names.iter().map(|n| (n.clone(), name_url(n))).collect();
    c.insert("names", &links);
    c.insert("card_data", &db.is_some_and(|d| !d.is_empty()));
    let body = render("cards.html", c)?;
    let status = if query.trim().is_empty() {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body))
}

#[derive(Debug, Deserialize)]
pub struct CardQuery {
    #[serde(default)]
    pub name: String,
}

/// The print a name is shown by: its newest, whatever the case or punctuation typed.
pub fn print_of_name<'d>(db: &'d CardDb, name: &str) -> Option<&'d Card> {
    db.newest_print(name).or_else(|| {
        let exact = db.name_index().exact(name)?;
        db.newest_print(exact)
    })
}

/// `GET /cards?name=…`.
pub async fn by_name(
    query: web::Query<CardQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let name: String = query.name.trim().chars().take(200).collect();
    let db = state.cards.as_deref();
    if let Some(db) = db
        && !name.is_empty()
    {
        let card = print_of_name(db, &name).or_else(|| db.by_id(&name).map(|i| db.card(i)));
        if let Some(card) = card {
            return card_page(db, card);
        }
    }
    lookup_page(db, &name)
}

/// `GET /cards/{id}`.
pub async fn by_id(
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let db = state
        .cards
        .as_deref()
        .ok_or_else(|| WebError::NotFound(format!("/cards/{} (no card data is loaded)", path)))?;
    match db.by_id(&path) {
        Some(i) => card_page(db, db.card(i)),
        None => Err(WebError::NotFound(format!(
            "/cards/{}: no card has this id",
            path.chars().take(60).collect::<String>()
        ))),
    }
}

#[derive(Debug, Deserialize)]
pub struct NamesQuery {
    #[serde(default)]
    pub q: String,
}

/// `GET /api/v1/cards/names?q=…`: at most 10 names for what was typed, best first.
pub async fn names(query: web::Query<NamesQuery>, state: web::Data<AppState>) -> HttpResponse {
    let q: String = query.q.chars().take(100).collect();
    let names: Vec<&str> = state
        .cards
        .as_deref()
        .map(|db| db.name_index().suggest(&q, SUGGESTIONS))
        .unwrap_or_default();
    HttpResponse::Ok().json(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_encoded_for_a_query() {
        assert_eq!(encode("Boss's Orders"), "Boss%27s+Orders");
        assert_eq!(encode("Pokémon"), "Pok%C3%A9mon");
        assert_eq!(name_url("N"), "/cards?name=N");
    }
}
