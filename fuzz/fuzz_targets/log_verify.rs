//! Battle-log parser and verifier: any bytes, under every rule edition, with and without card
//! data, must give a report or a `LogError`, never a panic.
#![no_main]

mod cards;

use libfuzzer_sys::fuzz_target;
use ptcg_judge::engine::RuleEdition;

fuzz_target!(|data: &[u8]| {
    let Some((&first, log)) = data.split_first() else {
        return;
    };
    let edition = RuleEdition::ALL[usize::from(first) % RuleEdition::ALL.len()];
    let db = if first & 0x80 == 0 { cards::cards() } else { None };
    if let Ok(report) = ptcg_judge::verify(log, db, edition) {
        // The report must also render, as the CLI and the service do.
        let _ = serde_json::to_vec(&report);
        let _ = ptcg_judge::report::render_text(&report);
    }
});
