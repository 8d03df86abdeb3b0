//! Helpers for unit tests: build cards from small inline JSON fixtures.

use super::db::CardDb;
use super::model::Card;

/// Parse one card object (JSON text of a single card) through the real importer.
pub(crate) fn card(json: &str) -> Card {
    let mut cards = CardDb::parse_set_json(&format!("[{json}]"), "fixture.json")
        .unwrap_or_else(|e| panic!("fixture does not parse: {e}"));
    assert_eq!(cards.len(), 1, "fixture must hold exactly one card");
    cards.remove(0)
}

/// A Pokémon fixture with the given id, name, subtypes and rules (other fields minimal).
pub(crate) fn pokemon(id: &str, name: &str, subtypes: &[&str], rules: &[&str]) -> Card {
    let json = serde_json::json!({
        "id": id, "name": name, "supertype": "Pokémon", "subtypes": subtypes,
        "hp": "100", "types": ["Colorless"], "rules": rules,
    });
    card(&json.to_string())
}
