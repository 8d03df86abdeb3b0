//! `ptcg-judge store …`: work on a whole store (copy one into another).

use std::process::ExitCode;

use clap::Subcommand;
use ptcg_judge::store::copy::copy;
use ptcg_judge::store::{Store, StoreLocation};

#[derive(Subcommand)]
pub enum StoreCommand {
    /// Copy every replay (and the imported card data) from one store to another: a folder to
    /// a PostgreSQL database or back. Replays the target has already are left as they are, so
    /// running it again finishes a copy cut short.
    Copy {
        /// The store to read: a folder or a `postgres://` URL.
        #[arg(long)]
        from: String,
        /// The store to write: a folder (created when absent) or a `postgres://` URL.
        #[arg(long)]
        to: String,
    },
}

/// The page cache of a folder store opened for a copy.
const CACHE_BYTES: u64 = 64 * 1024 * 1024;

pub fn run(command: StoreCommand) -> ExitCode {
    match command {
        StoreCommand::Copy { from, to } => copy_stores(&from, &to),
    }
}

fn copy_stores(from: &str, to: &str) -> ExitCode {
    let (from, to) = (StoreLocation::parse(from), StoreLocation::parse(to));
    if from == to {
        eprintln!("error: --from and --to are the same store ({from})");
        return ExitCode::from(2);
    }
    let open = |at: &StoreLocation| {
        Store::at(at, CACHE_BYTES).map_err(|e| format!("cannot open the store {at}: {e}"))
    };
    let result = open(&from).and_then(|source| {
        let target = open(&to)?;
        copy(&source, &target).map_err(|e| e.to_string())
    });
    match result {
        Ok(done) => {
            println!(
                "from {from}: {} replays, checksum {}",
                done.source, done.source_checksum
            );
            println!(
                "to {to}: {} replays, checksum {}",
                done.target, done.target_checksum
            );
            println!(
                "copied {}, already there {}{}",
                done.copied,
                done.present,
                if done.cards { ", card data copied" } else { "" }
            );
            if done.source_checksum == done.target_checksum {
                ExitCode::SUCCESS
            } else {
                eprintln!(
                    "note: the checksums differ: the target holds replays the source does not"
                );
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
