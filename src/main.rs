//! The `ptcg-judge` command line: parse the arguments, call the library, map outcomes to exit
//! codes (0 no violation, 1 at least one violation, 2 input unreadable or not a battle log).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};

mod cli;

use ptcg_judge::cards::CardDb;
use ptcg_judge::engine::RuleEdition;
use ptcg_judge::log::MAX_LOG_BYTES;
use ptcg_judge::report::{render_json, render_text};
use ptcg_judge::store::StoreLocation;
use ptcg_judge::web::{Settings, UploadRate};

#[derive(Parser)]
#[command(
    name = "ptcg-judge",
    version,
    about = "Rulings assistant and replay verifier for the Pokémon TCG"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum Format {
    Text,
    Json,
    /// One JSON object per log, then one with the totals (several logs).
    Jsonl,
}

/// Which card data a command reads: the folders given (either layout each; several, or one
/// holding both, are merged), else the built-in data, or none with `--no-cards`.
#[derive(clap::Args)]
pub(crate) struct CardArgs {
    /// Card data: a pokemon-tcg-data folder, a TCGdex cards-database checkout, or a folder
    /// holding both; repeat the flag to read several. Default: the built-in data.
    #[arg(long, env = "PTCG_JUDGE_CARDS")]
    cards: Vec<PathBuf>,
    /// Read no card data (checks that need it are reported as unverified).
    #[arg(long, conflicts_with = "cards")]
    no_cards: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Verify a Pokémon TCG Live battle log line by line.
    Verify {
        /// Exported logs: files, folders (walked for `.txt` and `.log` files) or `-` for
        /// standard input. One file gives its full report; several, or a folder, give one row
        /// per log and the totals.
        #[arg(required = true)]
        paths: Vec<String>,
        #[command(flatten)]
        cards: CardArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Rule edition: sv (current), swsh, hgss, apr-2018, classic.
        #[arg(long, default_value = "sv")]
        edition: RuleEdition,
        /// Threads verifying several logs at once (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
        /// Explain one line of one log (its 1-based number): the damage in the rulebook's
        /// order as a table, the cost, the failed clause or the doubt.
        #[arg(long, value_name = "LINE")]
        explain: Option<u32>,
    },
    /// A game at a glance: who won and how, the Prize race, the Knock Outs, damage per
    /// Pokémon, Energy and Supporters per turn, the cards each side showed (lower bounds) and
    /// a deck label for each side; with --deck-list, that list checked against the log.
    Summary {
        /// An exported log, or `-` for standard input.
        file: String,
        #[command(flatten)]
        cards: CardArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: cli::analysis::AnalysisFormat,
        /// A deck list file (PTCG Live export): every card the log shows that the list lacks,
        /// or shows more copies of than the list holds, with its lines (exit 1 when any).
        #[arg(long)]
        deck_list: Option<String>,
        /// Whose list it is (default: the player who exported the log).
        #[arg(long, requires = "deck_list")]
        player: Option<String>,
        /// Rule edition: sv (current), swsh, hgss, apr-2018, classic.
        #[arg(long, default_value = "sv")]
        edition: RuleEdition,
    },
    /// Stats over many games: games, wins and losses per deck and per matchup, going first
    /// against second, average turns, Prize cards per turn.
    Stats {
        /// Exported logs: files, folders (walked for `.txt` and `.log` files) or `-`.
        #[arg(required = true)]
        paths: Vec<String>,
        #[command(flatten)]
        cards: CardArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: cli::analysis::AnalysisFormat,
        /// Count only the side of the player who exported each log (a player's own games)
        /// instead of both sides.
        #[arg(long)]
        exporter_only: bool,
        /// Rule edition: sv (current), swsh, hgss, apr-2018, classic.
        #[arg(long, default_value = "sv")]
        edition: RuleEdition,
        /// Threads reading logs at once (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
        jobs: Option<u16>,
    },
    /// Show what the card data knows about a card name.
    Cards {
        /// A card data folder (either layout, or one holding both); the built-in data when
        /// absent.
        dir: Option<PathBuf>,
        #[arg(long)]
        name: String,
        /// Narrow the prints to those with this attack or Ability.
        #[arg(long)]
        uses: Option<String>,
    },
    /// Show the effect catalogue: per rule fact, how many cards may change it (read from the
    /// card text); with --name, how each print of a card is read; with --fact, which cards
    /// may change that fact.
    Effects {
        #[command(flatten)]
        cards: CardArgs,
        /// Show how the prints of this card name are read.
        #[arg(long)]
        name: Option<String>,
        /// Show the card names that may change this fact (an id such as damage-dealt).
        #[arg(long)]
        fact: Option<String>,
        /// Show, per fact, the texts read exactly, those that "may change" it and those not
        /// read; with --logs, also weighted by the cards those logs name.
        #[arg(long)]
        coverage: bool,
        /// Battle logs (files, or folders walked for `.txt` and `.log` files) whose cards weight
        /// the coverage table.
        #[arg(long, num_args = 1..)]
        logs: Vec<PathBuf>,
    },
    /// Compare two card data folders (one of each layout, e.g. pokemon-tcg-data and a TCGdex
    /// checkout): how many cards match, and every fact on which a matched card disagrees.
    CardsDiff {
        /// The first source (its facts win when both are read together).
        first: PathBuf,
        /// The second source.
        second: PathBuf,
        /// Only this fact (a label as printed, e.g. "HP" or "attack damage").
        #[arg(long)]
        fact: Option<String>,
        /// At most this many disagreements listed (the counts cover all).
        #[arg(long, default_value_t = 50)]
        limit: usize,
    },
    /// Make the built-in card data: read card data (both sources, e.g. ../shared/cards) and
    /// write the compressed snapshot the binary is built with.
    MakeCardSnapshot {
        /// The card data (a folder of either layout, or one holding both).
        dir: PathBuf,
        /// Where to write it (the repository's committed snapshot by default).
        #[arg(long, default_value = ptcg_judge::cards::snapshot::SNAPSHOT_PATH)]
        out: PathBuf,
    },
    /// Make the parser's table of the client's battle-log templates in its seven languages
    /// from the client's string files (blog-templates.<locale>.json, e.g.
    /// ../shared/ptcgl-logs/templates).
    MakeLocaleTable {
        /// The folder holding the seven blog-templates.*.json files.
        dir: PathBuf,
        /// Where to write it (the repository's committed table by default).
        #[arg(long, default_value = "src/log/locale/templates.tsv")]
        out: PathBuf,
    },
    /// Run the web service: upload logs, read annotated replays, browse the rulings.
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// The store's folder (created when absent).
        #[arg(long, default_value = "data")]
        data: PathBuf,
        /// A PostgreSQL store instead of the folder (`postgres://user@host/db`): several
        /// `serve` processes on one database act as one service. A path here is a folder store.
        #[arg(long, env = "PTCG_JUDGE_STORE", conflicts_with = "data")]
        store: Option<String>,
        /// Card data to read at start, instead of the data imported into the store or the
        /// built-in data.
        #[command(flatten)]
        cards: CardArgs,
        /// Count uploads against the first X-Forwarded-For address instead of the peer's
        /// (only behind a proxy that sets that header).
        #[arg(long)]
        trust_proxy: bool,
        /// Uploads a client may make at once (0: no upload limit).
        #[arg(long, default_value_t = 20)]
        upload_burst: u32,
        /// Uploads per second a client may make after its burst.
        #[arg(long, default_value_t = 1.0)]
        upload_rate: f64,
    },
    /// Load a pokemon-tcg-data folder into the store once, so `serve` needs no --cards.
    ImportCards {
        /// The pokemon-tcg-data folder (with cards/en and sets/en.json).
        dir: PathBuf,
        /// The store: a folder (created when absent) or a `postgres://` URL.
        #[arg(long, default_value = "data", env = "PTCG_JUDGE_STORE")]
        data: String,
    },
    /// Work on a whole store.
    Store {
        #[command(subcommand)]
        action: cli::store::StoreCommand,
    },
}

/// mimalloc's options are set before the process's first allocation (see
/// [`ptcg_judge::tune_allocator`]): an ELF constructor runs before the Rust runtime starts, so
/// even the first arena is committed only as it is used. `main` sets them too (elsewhere).
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static TUNE_ALLOCATOR: extern "C" fn() = {
    extern "C" fn tune() {
        ptcg_judge::tune_allocator();
    }
    tune
};

fn main() -> ExitCode {
    ptcg_judge::tune_allocator();
    let cli = Cli::parse();
    match cli.command {
        Command::Verify {
            paths,
            cards,
            format: _,
            edition,
            jobs: _,
            explain: Some(line),
        } => explain_line(&paths, &cards, edition, line),
        Command::Verify {
            paths,
            cards,
            format,
            edition,
            jobs,
            explain: None,
        } => verify_paths(&paths, &cards, format, edition, jobs),
        Command::Summary {
            file,
            cards,
            format,
            deck_list,
            player,
            edition,
        } => cli::analysis::summary(
            &file,
            &cards,
            format,
            deck_list.as_deref(),
            player.as_deref(),
            edition,
        ),
        Command::Stats {
            paths,
            cards,
            format,
            exporter_only,
            edition,
            jobs,
        } => match ptcg_judge::archive::collect(&paths) {
            Ok(sources) if sources.is_empty() => {
                eprintln!("error: no .txt or .log files in {}", paths.join(", "));
                ExitCode::from(2)
            }
            Ok(sources) => {
                let sides = if exporter_only {
                    ptcg_judge::analysis::Sides::Exporter
                } else {
                    ptcg_judge::analysis::Sides::Both
                };
                cli::analysis::stats_command(&sources, &cards, format, sides, edition, jobs)
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
        Command::Cards { dir, name, uses } => cards_command(dir, &name, uses.as_deref()),
        Command::Effects {
            cards,
            name,
            fact,
            coverage,
            logs,
        } => {
            if coverage {
                coverage_command(&cards, &logs)
            } else {
                effects_command(&cards, name.as_deref(), fact.as_deref())
            }
        }
        Command::CardsDiff {
            first,
            second,
            fact,
            limit,
        } => cli::card_data::cards_diff_command(&first, &second, fact.as_deref(), limit),
        Command::MakeCardSnapshot { dir, out } => cli::card_data::make_card_snapshot(&dir, &out),
        Command::MakeLocaleTable { dir, out } => cli::card_data::make_locale_table(&dir, &out),
        Command::Serve {
            addr,
            data,
            store,
            cards,
            trust_proxy,
            upload_burst,
            upload_rate,
        } => {
            // A service runs for days under a memory bound: freed memory goes back soon.
            ptcg_judge::give_memory_back_soon();
            let mut settings = Settings {
                cards_dirs: cards.cards,
                builtin_cards: !cards.no_cards,
                ..Settings::new(data)
            };
            // `--store` takes a folder too; an empty PTCG_JUDGE_STORE is no store.
            if let Some(s) = store.filter(|s| !s.trim().is_empty()) {
                settings.store = StoreLocation::parse(&s);
            }
            settings.limits.trust_proxy = trust_proxy;
            settings.limits.uploads = (upload_burst > 0).then_some(UploadRate {
                burst: upload_burst,
                per_second: upload_rate.max(0.0),
            });
            cli::service::serve(&addr, &settings)
        }
        Command::ImportCards { dir, data } => {
            let data = if data.trim().is_empty() {
                "data"
            } else {
                &data
            };
            cli::service::import_cards(&dir, &StoreLocation::parse(data))
        }
        Command::Store { action } => cli::store::run(action),
    }
}

/// Read the log, at most 5 MB plus one byte so a larger file is refused without reading it all.
pub(crate) fn read_input(file: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let limit = (MAX_LOG_BYTES + 1) as u64;
    let result = if file == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    result.map_err(|e| format!("cannot read {file}: {e}"))?;
    Ok(bytes)
}

pub(crate) fn load_cards(dir: &Path) -> Result<CardDb, String> {
    CardDb::load_dir(dir).map_err(|e| format!("cannot load card data from {}: {e}", dir.display()))
}

/// The card data `args` choose: the folders (merged), else the built-in data; `None` with
/// `--no-cards`.
pub(crate) fn chosen_cards(args: &CardArgs) -> Result<Option<Arc<CardDb>>, String> {
    match args.cards.as_slice() {
        _ if args.no_cards => Ok(None),
        [] => ptcg_judge::cards::snapshot::builtin()
            .map(Some)
            .map_err(|e| e.to_string()),
        [one] => load_cards(one).map(|db| Some(Arc::new(db))),
        several => CardDb::load_dirs(several)
            .map(|db| Some(Arc::new(db)))
            .map_err(|e| format!("cannot load card data: {e}")),
    }
}

/// `verify`: one file gives its full report; several logs, or a folder, the archive run.
fn verify_paths(
    paths: &[String],
    cards: &CardArgs,
    format: Format,
    edition: RuleEdition,
    jobs: Option<u16>,
) -> ExitCode {
    let sources = match ptcg_judge::archive::collect(paths) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    use ptcg_judge::archive::Source;
    // One path naming one log itself (not a folder holding one): its full report.
    let one_file = match (paths, sources.as_slice()) {
        ([_], [Source::Stdin]) => true,
        ([p], [Source::File(f)]) => f.as_path() == Path::new(p),
        _ => false,
    };
    match (one_file, format, sources.as_slice()) {
        (true, Format::Text | Format::Json, _) => verify(&paths[0], cards, format, edition),
        (_, _, []) => {
            eprintln!("error: no .txt or .log files in {}", paths.join(", "));
            ExitCode::from(2)
        }
        _ => cli::archive::run(&sources, cards, format, edition, jobs),
    }
}

/// The card data `verify` checks with; an error (exit 2) when it cannot be read, and a note on
/// standard error when there is none.
pub(crate) fn cards_for_verify(cards: &CardArgs) -> Result<Option<Arc<CardDb>>, ExitCode> {
    let db = chosen_cards(cards).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    if db.is_none() {
        eprintln!(
            "note: no card data (--no-cards); checks that need HP, attacks, Weakness or card kinds are reported as unverified"
        );
    }
    Ok(db)
}

/// The report of one log file, or the exit code of why there is none (said on standard error).
fn report_of(
    file: &str,
    cards: &CardArgs,
    edition: RuleEdition,
) -> Result<ptcg_judge::report::Report, ExitCode> {
    let bytes = read_input(file).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })?;
    let db = cards_for_verify(cards)?;
    ptcg_judge::verify(&bytes, db.as_deref(), edition).map_err(|e| {
        eprintln!("error: {file}: {e}");
        ExitCode::from(2)
    })
}

fn verify(file: &str, cards: &CardArgs, format: Format, edition: RuleEdition) -> ExitCode {
    let report = match report_of(file, cards, edition) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match format {
        Format::Text => print!("{}", render_text(&report)),
        Format::Json | Format::Jsonl => println!("{}", render_json(&report)),
    }
    if report.summary.violations > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `verify FILE --explain LINE`: that step of the file's report, explained.
fn explain_line(paths: &[String], cards: &CardArgs, edition: RuleEdition, line: u32) -> ExitCode {
    let [file] = paths else {
        eprintln!(
            "error: --explain explains a line of one log; {} paths were given",
            paths.len()
        );
        return ExitCode::from(2);
    };
    let report = match report_of(file, cards, edition) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match report.steps.iter().find(|s| s.line == line) {
        Some(step) => {
            print!("{}", ptcg_judge::report::text::render_explanation(step));
            if step.verdict == ptcg_judge::engine::Verdict::Violation {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        None => {
            let last = report.steps.last().map_or(0, |s| s.line);
            eprintln!(
                "error: {file}: no line {line} (the log has lines 1 to {last}, blank lines left out)"
            );
            ExitCode::from(2)
        }
    }
}

fn cards_command(dir: Option<PathBuf>, name: &str, uses: Option<&str>) -> ExitCode {
    let args = CardArgs {
        cards: dir.into_iter().collect(),
        no_cards: false,
    };
    match chosen_cards(&args) {
        Ok(Some(db)) => {
            print!("{}", ptcg_judge::cards::describe(&db, name, uses));
            ExitCode::SUCCESS
        }
        Ok(None) => ExitCode::from(2),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `ptcg-judge effects`: exit 0 with the table, 2 when the card data or the fact id is missing
/// or unreadable.
fn effects_command(cards: &CardArgs, name: Option<&str>, fact: Option<&str>) -> ExitCode {
    use ptcg_judge::cards::effects::{Catalogue, Fact, render_counts, render_fact, render_name};
    let fact = match fact.map(|id| Fact::from_id(id).ok_or(id)).transpose() {
        Ok(f) => f,
        Err(id) => {
            let ids: Vec<&str> = Fact::ALL.iter().map(|f| f.id()).collect();
            eprintln!("error: unknown fact {id:?}; known: {}", ids.join(", "));
            return ExitCode::from(2);
        }
    };
    let db = match catalogue_cards(cards, "the effect catalogue") {
        Ok(db) => db,
        Err(code) => return code,
    };
    let started = std::time::Instant::now();
    let catalogue = Catalogue::build(&db);
    let took = started.elapsed();
    match (name, fact) {
        (Some(name), fact) => print!("{}", render_name(&db, &catalogue, name, fact)),
        (None, Some(fact)) => print!("{}", render_fact(&db, &catalogue, fact)),
        (None, None) => {
            print!("{}", render_counts(&db, &catalogue));
            println!("read in {:.1} ms", took.as_secs_f64() * 1000.0);
        }
    }
    ExitCode::SUCCESS
}

/// The card data the effect commands read (`what` names the command's output in the error):
/// exit code 2, with the reason on standard error, when there is none or it cannot be read.
fn catalogue_cards(cards: &CardArgs, what: &str) -> Result<Arc<CardDb>, ExitCode> {
    match chosen_cards(cards) {
        Ok(Some(db)) => Ok(db),
        Ok(None) => {
            eprintln!("error: {what} needs card data (no --no-cards)");
            Err(ExitCode::from(2))
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// `effects --coverage`: the per-fact table over the card data, weighted by the cards the
/// given logs name.
fn coverage_command(cards: &CardArgs, logs: &[PathBuf]) -> ExitCode {
    use ptcg_judge::cards::effects::Catalogue;
    use ptcg_judge::cards::effects::coverage::{coverage, render_coverage};
    let db = match catalogue_cards(cards, "the coverage table") {
        Ok(db) => db,
        Err(code) => return code,
    };
    // Files as given, folders walked for `.txt` and `.log` files (as `verify` takes them).
    let paths: Vec<String> = logs.iter().map(|p| p.display().to_string()).collect();
    let files: Vec<PathBuf> = match ptcg_judge::archive::collect(&paths) {
        Ok(sources) => sources
            .into_iter()
            .filter_map(|s| match s {
                ptcg_judge::archive::Source::File(p) => Some(p),
                ptcg_judge::archive::Source::Stdin => None,
            })
            .collect(),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let names = ptcg_judge::cards::local_names::local_names(Some(&db));
    let mut seen: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    let mut lines = 0u64;
    for f in &files {
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {}: {e}", f.display());
                return ExitCode::from(2);
            }
        };
        let Ok(log) = ptcg_judge::log::parse_log_with(&bytes, names) else {
            eprintln!("skipped {}: not a battle log", f.display());
            continue;
        };
        for line in &log.lines {
            let named = line.event.card_names();
            if named.is_empty() {
                continue;
            }
            lines += 1;
            for n in named {
                *seen.entry(n.to_string()).or_default() += 1;
            }
        }
    }
    let catalogue = Catalogue::build(&db);
    let rows = coverage(&db, &catalogue, &seen);
    print!("{}", render_coverage(&rows, seen.len(), lines));
    ExitCode::SUCCESS
}
