//! The card-data maintenance commands: `make-locale-table`, `make-card-snapshot` and
//! `cards-diff`.

use std::path::Path;
use std::process::ExitCode;

use crate::load_cards;

/// `ptcg-judge make-locale-table`: exit 0 when written, 2 when a file cannot be read or is not
/// a template file, or the table cannot be written.
pub fn make_locale_table(dir: &Path, out: &Path) -> ExitCode {
    use ptcg_judge::log::locale::generate;
    let names = generate::file_names();
    let mut files: Vec<(String, String)> = Vec::new();
    for name in &names {
        let path = dir.join(name);
        match std::fs::read_to_string(&path) {
            Ok(text) => files.push((path.display().to_string(), text)),
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    let Ok(files) = <[(String, String); 7]>::try_from(files) else {
        return ExitCode::from(2);
    };
    let table = match generate::table_text(&files) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::write(out, &table) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(2);
    }
    println!(
        "wrote {} templates in 7 languages to {} ({} bytes)",
        table.lines().filter(|l| !l.starts_with('#')).count(),
        out.display(),
        table.len()
    );
    ExitCode::SUCCESS
}

/// `ptcg-judge make-card-snapshot`: exit 0 when written (with what it holds and its size), 2
/// when the card data cannot be read or the file cannot be written.
pub fn make_card_snapshot(dir: &Path, out: &Path) -> ExitCode {
    use ptcg_judge::cards::snapshot;
    let db = match load_cards(dir) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let made = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let bytes = match snapshot::encode(&db, &made) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::write(out, &bytes) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(2);
    }
    for source in db.sources() {
        println!("{source}");
    }
    println!(
        "wrote {} cards in {} sets to {} ({} bytes)",
        db.len(),
        db.sets().len(),
        out.display(),
        bytes.len()
    );
    ExitCode::SUCCESS
}

/// `ptcg-judge cards-diff`: exit 0 with the counts and the disagreements listed, 2 when a
/// folder cannot be read.
pub fn cards_diff_command(
    first: &Path,
    second: &Path,
    fact: Option<&str>,
    limit: usize,
) -> ExitCode {
    use ptcg_judge::cards::merge::{diff, match_cards};
    let (a, b) = match (load_cards(first), load_cards(second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let matching = match_cards(&a, &b);
    let all = diff::diff(&a, &b, &matching);
    let shown: Vec<_> = all
        .iter()
        .filter(|d| fact.is_none_or(|f| d.fact.label().eq_ignore_ascii_case(f.trim())))
        .collect();
    if let Some(f) = fact
        && shown.is_empty()
        && !all
            .iter()
            .any(|d| d.fact.label().eq_ignore_ascii_case(f.trim()))
    {
        let mut labels: Vec<&str> = all.iter().map(|d| d.fact.label()).collect();
        labels.sort_unstable();
        labels.dedup();
        eprintln!(
            "note: no disagreement on {f:?}; facts that disagree: {}",
            labels.join(", ")
        );
    }
    println!(
        "{}: {} cards; {}: {} cards; {} matched, {} only in the first, {} only in the second",
        first.display(),
        a.len(),
        second.display(),
        b.len(),
        matching.cards.len(),
        matching.only_a,
        matching.only_b.len()
    );
    let counts = diff::counts(&all);
    println!(
        "{} disagreements on {} matched cards:",
        all.len(),
        counts.cards
    );
    for (f, n) in &counts.by_fact {
        println!("  {:20} {n}", f.label());
    }
    for d in shown.iter().take(limit) {
        println!("{d}");
    }
    if shown.len() > limit {
        println!("… {} more (--limit)", shown.len() - limit);
    }
    ExitCode::SUCCESS
}
