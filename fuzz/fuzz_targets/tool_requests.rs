//! The JSON tool endpoints: any body for any tool must decode to an answer or a 400 naming a
//! field, never a panic. The first byte picks the tool.
#![no_main]

mod cards;

use libfuzzer_sys::fuzz_target;
use ptcg_judge::web::tools::Tool;

fuzz_target!(|data: &[u8]| {
    let Some((&first, body)) = data.split_first() else {
        return;
    };
    let tool = Tool::ALL[usize::from(first) % Tool::ALL.len()];
    let db = if first & 0x80 == 0 { cards::cards() } else { None };
    match tool.answer(body, db) {
        Ok(v) => assert!(serde_json::to_value(&v).is_ok_and(|j| j.is_object())),
        Err(e) => assert!(!e.field.is_empty() && !e.message.is_empty()),
    }
});
