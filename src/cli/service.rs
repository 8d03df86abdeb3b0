//! `ptcg-judge serve` and `import-cards`: the web service on its store, and card data put into
//! that store once.

use std::path::Path;
use std::process::ExitCode;

use ptcg_judge::cards::CardDb;
use ptcg_judge::store::{Store, StoreLocation};
use ptcg_judge::web::{AppState, Settings};

pub fn serve(addr: &str, settings: &Settings) -> ExitCode {
    let state = match AppState::open(settings) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let listener = match std::net::TcpListener::bind(addr) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {addr}: {e}");
            return ExitCode::from(2);
        }
    };
    // The address bound, so `--addr 127.0.0.1:0` says which port it got.
    let bound = listener
        .local_addr()
        .map_or_else(|_| addr.to_string(), |a| a.to_string());
    let replays = match state.store.replay_count() {
        Ok(n) => n,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    eprintln!(
        "ptcg-judge serving on http://{bound} ({}, {replays} replays, {} cards)",
        state.store.describe(),
        state.card_count()
    );
    let result = actix_web::rt::System::new().block_on(async move {
        ptcg_judge::web::run_with(listener, actix_web::web::Data::new(state), &settings.limits)?
            .await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

pub fn import_cards(dir: &Path, data: &StoreLocation) -> ExitCode {
    let texts = match ptcg_judge::cards::import::read_texts(dir) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read card data from {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    // Parse before storing: data the service could not load is refused here.
    let db = match CardDb::from_texts(&texts) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: {}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    let stored = Store::at(data, 64 * 1024 * 1024).and_then(|store| store.import_cards(&texts));
    match stored {
        Ok(()) => {
            println!(
                "imported {} cards from {} files into {}",
                db.len(),
                texts.files.len(),
                data
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
