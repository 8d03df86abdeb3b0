//! `ptcg-judge-bench`: measure this machine (corpus throughput, card-data load time, replay
//! page and upload latency, a mixed load of many clients on a `ptcg-judge serve` in a child
//! process) and print a table. Exit 0 when every request succeeded, 1 when some failed (the
//! table says which), 2 when the run could not be made.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

#[derive(Parser)]
#[command(
    name = "ptcg-judge-bench",
    version,
    about = "Measure ptcg-judge on this machine: corpus throughput, card data load, page and upload latency, a mixed load"
)]
struct Cli {
    /// The card data (default: $PTCG_JUDGE_CARDS, else ../shared/cards/pokemon-tcg-data
    /// when present, else none; the output says which).
    #[arg(long)]
    cards: Option<PathBuf>,
    /// Measure without card data.
    #[arg(long, conflicts_with = "cards")]
    no_cards: bool,
    /// A folder of logs (default: the English logs of ../shared/ptcgl-logs when present,
    /// plus replays/).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Length of the mixed load in seconds (default 60, 5 with --quick; at most 600).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600))]
    seconds: Option<u64>,
    /// Concurrent clients of the mixed load (at most 1000).
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u16).range(1..=1000))]
    clients: u16,
    /// A short run: fewer repetitions and shorter phases.
    #[arg(long)]
    quick: bool,
    /// The `ptcg-judge` binary started as the server under test (an older build, for a before
    /// and after in one run). Default: the `ptcg-judge` beside this program. The corpus
    /// figures are always this build's library.
    #[arg(long)]
    server: Option<PathBuf>,
    /// Run the servers under test on this PostgreSQL store (`postgres://…`) instead of a new
    /// folder store each (uploads accumulate there).
    #[arg(long, env = "PTCG_JUDGE_STORE")]
    store: Option<String>,
    /// Only the mixes of large requests the memory bound is stated for (1, 2 and 4 board
    /// views at once, 2 uploads, 8 views and an upload), each on a fresh server with a log of
    /// just under the largest size: answers, peak RSS, the worst `/healthz` meanwhile. Exit 1
    /// when a mix misses the bound.
    #[arg(long, conflicts_with = "store")]
    mixes: bool,
}

/// The `ptcg-judge` built beside this program (cargo puts both in one target folder).
fn sibling_server() -> PathBuf {
    let name = format!("ptcg-judge{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join(&name)))
        .unwrap_or_else(|| PathBuf::from(name))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = ptcg_judge_bench::Options {
        cards: cli.cards,
        no_cards: cli.no_cards,
        corpus: cli.corpus,
        seconds: cli.seconds,
        clients: usize::from(cli.clients),
        quick: cli.quick,
        exe: cli.server.unwrap_or_else(sibling_server),
        store: cli.store,
    };
    if !options.exe.is_file() {
        eprintln!(
            "error: no server binary at {} (build it with `cargo build --release`, or name one with --server)",
            options.exe.display()
        );
        return ExitCode::from(2);
    }
    let outcome = if cli.mixes {
        ptcg_judge_bench::mixes::run_mixes(&options)
    } else {
        ptcg_judge_bench::run(&options)
    };
    match outcome {
        Ok(outcome) => {
            print!("{}", outcome.text);
            if outcome.clean {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
