//! `ptcg-judge verify` on several logs or a folder: every log verified in parallel with one
//! copy of the card data, a progress bar on a terminal, one row (or JSON line) per log and the
//! totals. Exit 1 when any log has a violation, 2 when a file could not be read or is not a
//! battle log (the others are still verified).

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use ptcg_judge::archive::{Outcome, Source, Totals, verify_all};
use ptcg_judge::engine::RuleEdition;

use crate::{CardArgs, Format, cards_for_verify, read_input};

pub fn run(
    sources: &[Source],
    cards: &CardArgs,
    format: Format,
    edition: RuleEdition,
    jobs: Option<u16>,
) -> ExitCode {
    let db = match cards_for_verify(cards) {
        Ok(db) => db,
        Err(code) => return code,
    };
    // Standard input can be read once: read it before the threads start.
    let stdin = sources.contains(&Source::Stdin).then(|| read_input("-"));
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.map_or(0, usize::from))
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start the threads: {e}");
            return ExitCode::from(2);
        }
    };
    // Drawn on standard error, and only on a terminal (indicatif hides it otherwise).
    let bar =
        ProgressBar::with_draw_target(Some(sources.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} logs {elapsed} ({eta} left)")
    {
        bar.set_style(style);
    }
    let read = |src: &Source| match src {
        Source::Stdin => stdin
            .clone()
            .unwrap_or_else(|| Err("standard input".into())),
        Source::File(p) => read_input(&p.display().to_string()),
    };
    let outcomes =
        pool.install(|| verify_all(sources, read, db.as_deref(), edition, || bar.inc(1)));
    bar.finish_and_clear();
    let totals = Totals::of(&outcomes);
    match format {
        Format::Text => print!("{}", table(&outcomes, &totals)),
        Format::Jsonl => {
            for o in &outcomes {
                println!("{}", o.json_line());
            }
            println!("{}", serde_json::json!({ "totals": totals }));
        }
        Format::Json => {
            println!(
                "{}",
                serde_json::json!({ "logs": outcomes, "totals": totals })
            );
        }
    }
    if !totals.refused.is_empty() {
        ExitCode::from(2)
    } else if totals.violations > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// One row per log (violations, unverified, ok, unparsed, the file), then the totals.
fn table(outcomes: &[Outcome], totals: &Totals) -> String {
    use std::fmt::Write;
    let mut s = format!(
        "{:>10} {:>10} {:>6} {:>8}  file\n",
        "violations", "unverified", "ok", "unparsed"
    );
    for o in outcomes {
        let _ = match &o.result {
            Ok(c) => writeln!(
                s,
                "{:>10} {:>10} {:>6} {:>8}  {}",
                c.violations, c.unverified, c.ok, c.unparsed, o.file
            ),
            Err(why) => writeln!(s, "{:>10}  {}: {why}", "refused", o.file),
        };
    }
    s.push('\n');
    s.push_str(&totals.text());
    s
}
