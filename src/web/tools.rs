//! The judge tools over HTTP: `POST /api/v1/tools/{damage,outcome,checkup,deck}` (JSON in,
//! JSON out) and their forms under `/tools/...`, which build the same JSON request and show
//! the answer's trace on the same screen as the form.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use serde_json::Value;

use crate::cards::CardDb;
use crate::engine::RuleEdition;
use crate::engine::tools::{RequestError, checkup, damage, deck, decode, outcome};

use super::error::{WebError, json_error};
use super::form::{FormSpec, FormValues, field_words, to_json};
use super::pages::{html, render};
use super::state::AppState;
use super::upload::read_limited;

/// The largest request body a tool reads (a deck list is the largest honest one).
pub const MAX_TOOL_BODY: usize = 128 * 1024;

/// A judge tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    Damage,
    Outcome,
    Checkup,
    Deck,
}

impl Tool {
    pub const ALL: [Tool; 4] = [Tool::Damage, Tool::Checkup, Tool::Outcome, Tool::Deck];

    pub fn name(self) -> &'static str {
        match self {
            Tool::Damage => "damage",
            Tool::Outcome => "outcome",
            Tool::Checkup => "checkup",
            Tool::Deck => "deck",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Tool::Damage => "Damage calculator",
            Tool::Outcome => "Simultaneous-win resolver",
            Tool::Checkup => "Pokémon Checkup resolver",
            Tool::Deck => "Deck checker",
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Tool::Damage => {
                "How much damage an attack does: base, effects on the attacker, Weakness, Resistance, effects on the defender, prevention, counters and Knock Out."
            }
            Tool::Outcome => {
                "Who wins when both players meet a win condition at once, under each edition's rule."
            }
            Tool::Checkup => {
                "One Pokémon Checkup for both Active Pokémon: Special Conditions in order with the coins flipped, other effects, Knock Outs, Prize cards, who promotes first, and any win."
            }
            Tool::Deck => {
                "Is a PTCG Live deck list legal: 60 cards, 4 of a name, a Basic Pokémon, one ACE SPEC, one Radiant, Prism Star, format."
            }
        }
    }

    fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }

    fn spec(self) -> &'static FormSpec {
        match self {
            Tool::Damage => &FormSpec {
                numbers: &[
                    "defender.hp",
                    "defender.damage",
                    "attack.base",
                    "modifiers[].amount",
                ],
                flags: &[
                    "attack.ignore_weakness_resistance",
                    "attack.ignore_defender_effects",
                    "attack.places_counters",
                    "prevent_all_damage",
                ],
                lists: &["attacker.types"],
                rows: &[
                    ("modifiers", "amount"),
                    ("defender.weakness", "type"),
                    ("defender.resistance", "type"),
                ],
            },
            Tool::Outcome => &FormSpec {
                numbers: &[],
                flags: &[
                    "players[].took_last_prize",
                    "players[].opponent_cannot_promote",
                    "players[].opponent_cannot_draw",
                ],
                lists: &[],
                rows: &[],
            },
            Tool::Checkup => &FormSpec {
                numbers: &[
                    "players[].active.hp",
                    "players[].active.damage",
                    "players[].active.prize_value",
                    "players[].bench",
                    "players[].prizes_left",
                    "other_effects[].damage",
                ],
                flags: &["players[].active.paralyzed_this_turn"],
                lists: &["players[].active.conditions"],
                rows: &[("other_effects", "damage")],
            },
            Tool::Deck => &FormSpec {
                numbers: &[],
                flags: &[],
                lists: &[],
                rows: &[],
            },
        }
    }

    /// Answer a JSON request: the tool's answer, or the field at fault.
    pub fn answer(self, body: &[u8], cards: Option<&CardDb>) -> Result<ToolAnswer, RequestError> {
        Ok(match self {
            Tool::Damage => ToolAnswer::Damage(damage::answer(&decode(body)?, cards)?),
            Tool::Outcome => ToolAnswer::Outcome(outcome::answer(&decode(body)?)?),
            Tool::Checkup => ToolAnswer::Checkup(checkup::answer(&decode(body)?)?),
            Tool::Deck => ToolAnswer::Deck(deck::answer(&decode(body)?, cards)?),
        })
    }
}

/// A tool's answer, serialized as the tool's own JSON.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ToolAnswer {
    Damage(damage::DamageAnswer),
    Outcome(outcome::OutcomeAnswer),
    Checkup(checkup::CheckupAnswer),
    Deck(deck::DeckAnswer),
}

/// A refused tool request, as JSON, naming the field.
fn bad_request(e: &RequestError) -> HttpResponse {
    json_error(StatusCode::BAD_REQUEST, Some(&e.field), &e.to_string())
}

/// `POST /api/v1/tools/{tool}`.
pub async fn api(
    path: web::Path<String>,
    payload: web::Payload,
    state: web::Data<AppState>,
) -> HttpResponse {
    let Some(tool) = Tool::from_name(&path) else {
        return json_error(
            StatusCode::NOT_FOUND,
            Some("."),
            &format!(
                "there is no tool {:?}; the tools are damage, outcome, checkup and deck",
                path.as_str()
            ),
        );
    };
    let body = match read_limited(payload, MAX_TOOL_BODY).await {
        Ok(b) => b,
        Err(WebError::TooLarge) => {
            return json_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                Some("."),
                &format!(
                    "the request is larger than the {} KB a tool reads",
                    MAX_TOOL_BODY / 1024
                ),
            );
        }
        Err(e) => return bad_request(&RequestError::new(".", e.to_string())),
    };
    match tool.answer(&body, state.cards.as_deref()) {
        Ok(v) => HttpResponse::Ok().json(v),
        Err(e) => bad_request(&e),
    }
}

/// The tool forms' body limit; a form that cannot be read gets the HTML error page.
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(MAX_TOOL_BODY)
        .error_handler(|e, _| {
            WebError::BadRequest(format!("the form could not be read: {e}")).into()
        })
}

/// One row of an answer's trace on the page.
#[derive(Debug, Serialize)]
pub struct TraceRow {
    pub step: String,
    pub who: String,
    pub value: String,
    pub clause: String,
    pub clause_url: String,
    pub note: String,
}

/// The answer on the page: a headline a judge can read aloud, a few facts, the trace.
#[derive(Debug, Serialize, Default)]
pub struct AnswerView {
    pub headline: String,
    pub good: Option<bool>,
    pub facts: Vec<(String, String)>,
    pub rows: Vec<TraceRow>,
    /// The damage tool's trace, drawn by the renderer a replay step's explanation uses.
    pub trace: Vec<super::explain_view::TraceRowView>,
    pub json: String,
    /// Some row names a player or a line (the column is left out otherwise).
    pub show_who: bool,
}

fn clause_url(id: &str) -> String {
    match crate::rules::clause(id) {
        Some(c) => c.url(),
        None => String::new(),
    }
}

fn row(step: &str, who: Option<String>, value: Option<i64>, clause: &str, note: &str) -> TraceRow {
    TraceRow {
        step: step.to_string(),
        who: who.unwrap_or_default(),
        value: value.map(|v| v.to_string()).unwrap_or_default(),
        clause: clause.to_string(),
        clause_url: clause_url(clause),
        note: note.to_string(),
    }
}

/// An outcome in a few words ("Ash wins", "Sudden Death", "a tie").
fn outcome_words(o: &outcome::OutcomeAnswer) -> String {
    match (o.result, &o.winner) {
        (outcome::OutcomeKind::Win, Some(w)) => format!("{w} wins"),
        (outcome::OutcomeKind::SuddenDeath, _) => "Sudden Death".to_string(),
        (outcome::OutcomeKind::Tie, _) => "a tie".to_string(),
        _ => "No one has won yet".to_string(),
    }
}

fn deck_row(step: &str, p: &deck::DeckProblem) -> TraceRow {
    let who = p
        .line
        .map_or_else(|| "deck".to_string(), |l| format!("line {l}"));
    row(step, Some(who), None, p.clause, &p.message)
}

fn view(answer: &ToolAnswer) -> AnswerView {
    let json = serde_json::to_string_pretty(answer).unwrap_or_default();
    let mut trace = Vec::new();
    let (headline, good, facts, rows) = match answer {
        ToolAnswer::Damage(a) => {
            let ko = match a.knocked_out {
                Some(true) => " — Knocked Out",
                Some(false) => " — not Knocked Out",
                None => "",
            };
            trace = super::explain_view::rows(&a.trace, None);
            let mut facts = vec![("Edition".to_string(), a.edition.to_string())];
            // What follows the damage: the counters it places and the Knock Out.
            for s in a
                .steps
                .iter()
                .filter(|s| matches!(s.step.as_str(), "counters" | "knock-out"))
            {
                let what = if s.step == "counters" {
                    "Damage counters"
                } else {
                    "Knock Out"
                };
                facts.push((what.to_string(), s.note.clone()));
            }
            (
                format!("{} damage ({} damage counters){ko}", a.damage, a.counters),
                None,
                facts,
                Vec::new(),
            )
        }
        ToolAnswer::Outcome(o) => {
            let mut headline = outcome_words(o);
            if o.result == outcome::OutcomeKind::Tie {
                headline = "Tie".to_string();
            }
            (
                headline,
                None,
                vec![
                    ("Edition".to_string(), o.edition.to_string()),
                    ("Why".to_string(), o.explanation.clone()),
                ],
                o.steps
                    .iter()
                    .map(|s| row("", None, None, s.clause, &s.note))
                    .collect(),
            )
        }
        ToolAnswer::Checkup(a) => {
            let mut headline = if a.knocked_out.is_empty() {
                "No Knock Out".to_string()
            } else {
                format!(
                    "Knocked Out: the Active Pokémon of {}",
                    a.knocked_out.join(" and ")
                )
            };
            if let Some(o) = &a.outcome {
                headline.push_str(&format!(" — {}", outcome_words(o)));
            }
            let mut facts = vec![("Edition".to_string(), a.edition.to_string())];
            for p in &a.pokemon {
                let conditions = if p.conditions.is_empty() {
                    "none".to_string()
                } else {
                    p.conditions.join(", ")
                };
                facts.push((
                    format!("{}'s {}", p.player, p.pokemon),
                    format!(
                        "{} damage of {} HP; conditions now: {conditions}",
                        p.damage, p.hp
                    ),
                ));
            }
            if !a.promote_order.is_empty() {
                facts.push((
                    "New Active Pokémon, in order".to_string(),
                    a.promote_order.join(", then "),
                ));
            }
            (
                headline,
                None,
                facts,
                a.steps
                    .iter()
                    .map(|s| row(&s.step, s.player.clone(), s.damage, s.clause, &s.note))
                    .collect(),
            )
        }
        ToolAnswer::Deck(a) => {
            let headline = match a.legal {
                Some(true) => format!("Legal — {} cards", a.count),
                Some(false) => format!(
                    "Not legal — {} problem(s), {} cards",
                    a.problems.len(),
                    a.count
                ),
                None => format!(
                    "No problem found in what could be checked ({} cards); not everything could be checked",
                    a.count
                ),
            };
            let rows: Vec<TraceRow> = a
                .problems
                .iter()
                .map(|p| deck_row("problem", p))
                .chain(a.unverified.iter().map(|p| deck_row("unverified", p)))
                .collect();
            (headline, a.legal, Vec::new(), rows)
        }
    };
    let show_who = rows.iter().any(|r| !r.who.is_empty());
    AnswerView {
        headline,
        good,
        facts,
        rows,
        trace,
        json,
        show_who,
    }
}

#[derive(Serialize)]
struct ToolLink {
    name: &'static str,
    title: &'static str,
    summary: &'static str,
}

/// `GET /tools`.
pub async fn index() -> Result<HttpResponse, WebError> {
    let mut c = tera::Context::new();
    let tools: Vec<ToolLink> = Tool::ALL
        .iter()
        .map(|t| ToolLink {
            name: t.name(),
            title: t.title(),
            summary: t.summary(),
        })
        .collect();
    c.insert("tools", &tools);
    Ok(html(render("tools_index.html", c)?))
}

fn page(
    tool: Tool,
    state: &AppState,
    values: &FormValues,
    answer: Option<&AnswerView>,
    error: Option<&RequestError>,
) -> Result<String, WebError> {
    let mut c = tera::Context::new();
    c.insert("tool", tool.name());
    c.insert("title", tool.title());
    c.insert("summary", tool.summary());
    c.insert("v", values);
    c.insert("answer", &answer);
    c.insert(
        "error",
        &error.map(|e| format!("{}: {}", field_words(&e.field), e.message)),
    );
    c.insert("error_field", &error.map(|e| e.field.clone()));
    c.insert("card_count", &state.cards.as_ref().map_or(0, |c| c.len()));
    let editions: Vec<(&str, &str)> = RuleEdition::ALL
        .iter()
        .map(|e| (e.id(), e.title()))
        .collect();
    c.insert("editions", &editions);
    let types: Vec<(&str, &str)> = crate::cards::EnergyType::ALL[..11]
        .iter()
        .map(|t| (t.as_str(), t.as_str()))
        .collect();
    c.insert("types", &types);
    c.insert("positions", &[("active", "Active"), ("bench", "Benched")]);
    c.insert(
        "sides",
        &[
            ("attacker", "attacker (before Weakness)"),
            ("defender", "defender (after Resistance)"),
        ],
    );
    c.insert("targets", &[("0", "Player 1"), ("1", "Player 2")]);
    c.insert(
        "whens",
        &[
            ("before", "before the Special Conditions"),
            ("after", "after the Special Conditions"),
        ],
    );
    c.insert(
        "formats",
        &[
            ("standard", "Standard"),
            ("expanded", "Expanded"),
            ("unlimited", "Unlimited"),
        ],
    );
    render(&format!("tool_{}.html", tool.name()), c)
}

fn tool_of(name: &str) -> Result<Tool, WebError> {
    Tool::from_name(name).ok_or_else(|| WebError::NotFound(format!("/tools/{name}")))
}

/// `GET /tools/{tool}`: the empty form (with an example filled in); with a query (the link
/// "open in the damage calculator" of a replay step), the form filled with it and its answer.
pub async fn form(
    path: web::Path<String>,
    query: web::Query<Vec<(String, String)>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let tool = tool_of(&path)?;
    if query.is_empty() {
        return Ok(html(page(tool, &state, &defaults(tool), None, None)?));
    }
    answer_page(tool, &query, &state)
}

/// `POST /tools/{tool}`: the form again, with the answer or the field at fault.
pub async fn submit(
    path: web::Path<String>,
    form: web::Form<Vec<(String, String)>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let tool = tool_of(&path)?;
    answer_page(tool, &form, &state)
}

/// The form filled with `pairs`, with the answer or the field at fault.
fn answer_page(
    tool: Tool,
    pairs: &[(String, String)],
    state: &AppState,
) -> Result<HttpResponse, WebError> {
    let (json, values) = match to_json(pairs, tool.spec()) {
        Ok((mut json, values)) => {
            if tool == Tool::Checkup {
                checkup_names(&mut json);
            }
            (json, values)
        }
        Err((e, values)) => {
            let body = page(tool, state, &values, None, Some(&e))?;
            return Ok(HttpResponse::build(StatusCode::BAD_REQUEST)
                .content_type("text/html; charset=utf-8")
                .body(body));
        }
    };
    let body = serde_json::to_vec(&json).unwrap_or_default();
    match tool.answer(&body, state.cards.as_deref()) {
        Ok(answer) => {
            let v = view(&answer);
            Ok(html(page(tool, state, &values, Some(&v), None)?))
        }
        Err(e) => {
            let body = page(tool, state, &values, None, Some(&e))?;
            Ok(HttpResponse::build(StatusCode::BAD_REQUEST)
                .content_type("text/html; charset=utf-8")
                .body(body))
        }
    }
}

/// The Checkup form names players by position (0 or 1) where the request wants their names:
/// whose turn ended, the coins, and the target of other effects.
fn checkup_names(json: &mut Value) {
    let names: Vec<String> = (0..2)
        .map(|i| {
            json["players"][i]["name"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    let by_index = |v: &Value| -> Option<String> {
        let i: usize = v.as_str()?.parse().ok()?;
        names.get(i).cloned()
    };
    if let Some(n) = by_index(&json["turn_ended"]) {
        json["turn_ended"] = Value::String(n);
    }
    if let Some(effects) = json.get_mut("other_effects").and_then(Value::as_array_mut) {
        for e in effects {
            if let Some(n) = by_index(&e["target"]) {
                e["target"] = Value::String(n);
            }
        }
    }
    // Coins: `coins_by_player[0]` = "heads, tails".
    if let Some(Value::Array(list)) = json
        .as_object_mut()
        .and_then(|m| m.remove("coins_by_player"))
    {
        let mut coins = serde_json::Map::new();
        for (i, v) in list.iter().enumerate() {
            let Some(s) = v.as_str() else { continue };
            let flips: Vec<Value> = s
                .split([',', ' '])
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| Value::String(c.to_string()))
                .collect();
            if let Some(name) = names.get(i).filter(|_| !flips.is_empty()) {
                coins.insert(name.clone(), Value::Array(flips));
            }
        }
        json["coins"] = Value::Object(coins);
    }
}

/// The example each form starts with.
fn defaults(tool: Tool) -> FormValues {
    let pairs: &[(&str, &str)] = match tool {
        Tool::Damage => &[
            ("edition", "sv"),
            ("attacker.types=Fire", "on"),
            ("defender.position", "active"),
            ("defender.weakness[0].type", "Fire"),
            ("defender.weakness[0].value", "×2"),
            ("defender.hp", "70"),
            ("attack.base", "60"),
            ("modifiers[0].applies_to", "attacker"),
            ("modifiers[1].applies_to", "defender"),
            ("modifiers[2].applies_to", "defender"),
        ],
        Tool::Outcome => &[
            ("edition", "sv"),
            ("players[0].name", "Player 1"),
            ("players[1].name", "Player 2"),
        ],
        Tool::Checkup => &[
            ("edition", "sv"),
            ("turn_ended", "0"),
            ("players[0].name", "Player 1"),
            ("players[1].name", "Player 2"),
            ("players[0].active.hp", "100"),
            ("players[1].active.hp", "100"),
            ("players[0].active.damage", "0"),
            ("players[1].active.damage", "0"),
            ("players[0].active.prize_value", "1"),
            ("players[1].active.prize_value", "1"),
            ("other_effects[0].target", "0"),
            ("other_effects[1].target", "1"),
            ("other_effects[0].when", "after"),
            ("other_effects[1].when", "after"),
        ],
        Tool::Deck => &[("format", "standard")],
    };
    pairs
        .iter()
        .map(|(k, v)| (super::form::key(k), v.to_string()))
        .collect()
}
