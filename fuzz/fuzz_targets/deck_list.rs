//! Deck-list parser and checker: any text, in any format, with and without card data, must
//! give an answer or a field-named error, never a panic.
#![no_main]

mod cards;

use libfuzzer_sys::fuzz_target;
use ptcg_judge::engine::tools::deck::{DeckRequest, answer};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let format = match first % 5 {
        0 => None,
        1 => Some("standard".to_string()),
        2 => Some("expanded".to_string()),
        3 => Some("unlimited".to_string()),
        _ => Some(String::from_utf8_lossy(&rest[..rest.len().min(8)]).into_owned()),
    };
    let req = DeckRequest {
        list: String::from_utf8_lossy(rest).into_owned(),
        format,
    };
    let db = if first & 0x80 == 0 { cards::cards() } else { None };
    if let Ok(a) = answer(&req, db) {
        let _ = serde_json::to_vec(&a);
    }
});
