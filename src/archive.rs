//! An archive of logs verified in one run: which files a set of paths names (folders walked for
//! `.txt` and `.log`), each log's outcome, and the totals over all of them. The logs are
//! verified in parallel (rayon) with one copy of the card data; the order of the outcomes is
//! the order of the files, whatever the threads did.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

use crate::cards::CardDb;
use crate::engine::{RuleEdition, Verdict};
use crate::report::Report;

/// Where a log comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-`).
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The name the outcome gives it: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".to_string(),
            Source::File(p) => p.display().to_string(),
        }
    }
}

/// A path given on the command line that names no log.
#[derive(Debug, thiserror::Error)]
pub enum CollectError {
    #[error("cannot read {path}: {source}")]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
}

/// Whether a file in a folder is taken as a log: `.txt` or `.log`.
fn is_log_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("txt") || e.eq_ignore_ascii_case("log"))
}

/// The logs `paths` name, in order: a file as given (whatever its name), a folder's `.txt` and
/// `.log` files walked recursively in name order, `-` for standard input. A path that cannot
/// be read is an error naming it.
pub fn collect(paths: &[String]) -> Result<Vec<Source>, CollectError> {
    let mut out = Vec::new();
    for p in paths {
        if p == "-" {
            out.push(Source::Stdin);
            continue;
        }
        let path = PathBuf::from(p);
        let meta = std::fs::metadata(&path).map_err(|source| CollectError::Unreadable {
            path: p.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk(&path, &mut out)?;
        } else {
            out.push(Source::File(path));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<Source>) -> Result<(), CollectError> {
    let unreadable = |source| CollectError::Unreadable {
        path: dir.display().to_string(),
        source,
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(unreadable)?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, out)?;
        } else if is_log_name(&path) {
            out.push(Source::File(path));
        }
    }
    Ok(())
}

/// Steps decided (`ok` or `violation`) and `unverified` of one kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Decided {
    pub decided: usize,
    pub unverified: usize,
}

impl Decided {
    /// Decided over decided and unverified; `None` when there were none.
    pub fn share(&self) -> Option<f64> {
        let all = self.decided + self.unverified;
        (all > 0).then(|| self.decided as f64 / all as f64)
    }
}

/// What one log's report says, in counts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LogCounts {
    pub lines: usize,
    pub ok: usize,
    pub violations: usize,
    pub unverified: usize,
    pub unparsed: usize,
    /// The lines found against the rules.
    pub violation_lines: Vec<u32>,
    /// Unverified steps by the rule that could not be checked (the step's first clause id;
    /// `tracker` for what the tracker could not follow, which names no rule).
    pub unverified_by_clause: BTreeMap<String, usize>,
    /// Decided and unverified steps by event kind (`attack`, `knock-out`, …).
    pub events: BTreeMap<String, Decided>,
}

impl LogCounts {
    pub fn of(report: &Report) -> LogCounts {
        let mut c = LogCounts {
            lines: report.summary.lines,
            ok: report.summary.ok,
            violations: report.summary.violations,
            unverified: report.summary.unverified,
            unparsed: report.summary.unparsed,
            ..LogCounts::default()
        };
        for s in &report.steps {
            let decided = match s.verdict {
                Verdict::Ok => true,
                Verdict::Violation => {
                    c.violation_lines.push(s.line);
                    true
                }
                Verdict::Unverified => {
                    let clause = s.clauses.first().map_or("tracker", |c| &**c);
                    *c.unverified_by_clause
                        .entry(clause.to_string())
                        .or_default() += 1;
                    false
                }
                Verdict::Info | Verdict::Unparsed => continue,
            };
            let e = c.events.entry(s.event.to_string()).or_default();
            if decided {
                e.decided += 1;
            } else {
                e.unverified += 1;
            }
        }
        c
    }
}

/// One log of the archive: its counts, or why it was refused (unreadable, not a battle log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub file: String,
    pub result: Result<LogCounts, String>,
}

/// The JSON line of one outcome (`--format jsonl`).
#[derive(Serialize)]
struct OutcomeLine<'a> {
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    counts: Option<&'a LogCounts>,
}

/// As JSON: `file`, then the counts (`ok`, `violations`, `unverified`, `unparsed`, …) or
/// `error`.
impl Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        OutcomeLine {
            file: &self.file,
            error: self.result.as_ref().err().map(String::as_str),
            counts: self.result.as_ref().ok(),
        }
        .serialize(s)
    }
}

impl Outcome {
    /// One JSON object on one line (`--format jsonl`).
    pub fn json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The totals over an archive.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    /// Logs verified (refused ones not included).
    pub logs: usize,
    /// Files refused, with why.
    pub refused: Vec<(String, String)>,
    pub lines: usize,
    pub ok: usize,
    pub violations: usize,
    pub unverified: usize,
    pub unparsed: usize,
    /// The files with at least one violation, and how many.
    pub violation_files: Vec<(String, usize)>,
    pub unverified_by_clause: BTreeMap<String, usize>,
    pub events: BTreeMap<String, Decided>,
}

impl Totals {
    pub fn of(outcomes: &[Outcome]) -> Totals {
        let mut t = Totals::default();
        for o in outcomes {
            let c = match &o.result {
                Ok(c) => c,
                Err(why) => {
                    t.refused.push((o.file.clone(), why.clone()));
                    continue;
                }
            };
            t.logs += 1;
            t.lines += c.lines;
            t.ok += c.ok;
            t.violations += c.violations;
            t.unverified += c.unverified;
            t.unparsed += c.unparsed;
            if c.violations > 0 {
                t.violation_files.push((o.file.clone(), c.violations));
            }
            for (k, n) in &c.unverified_by_clause {
                *t.unverified_by_clause.entry(k.clone()).or_default() += n;
            }
            for (k, d) in &c.events {
                let e = t.events.entry(k.clone()).or_default();
                e.decided += d.decided;
                e.unverified += d.unverified;
            }
        }
        t
    }

    /// The totals as text: logs, violations with their files, unverified by clause, decided
    /// share per event kind (the kinds with any check).
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} logs, {} lines: {} ok, {} violations, {} unverified, {} unparsed; {} refused",
            self.logs,
            self.lines,
            self.ok,
            self.violations,
            self.unverified,
            self.unparsed,
            self.refused.len()
        );
        for (f, why) in &self.refused {
            let _ = writeln!(s, "  refused {f}: {why}");
        }
        for (f, n) in &self.violation_files {
            let _ = writeln!(s, "  {n} violation(s) in {f}");
        }
        if !self.unverified_by_clause.is_empty() {
            let mut by: Vec<_> = self.unverified_by_clause.iter().collect();
            by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            let list: Vec<String> = by.iter().map(|(k, n)| format!("{k} {n}")).collect();
            let _ = writeln!(s, "unverified by clause: {}", list.join(", "));
        }
        let shares: Vec<String> = self
            .events
            .iter()
            .filter_map(|(k, d)| {
                d.share().map(|sh| {
                    format!(
                        "{k} {:.1}% ({}/{})",
                        sh * 100.0,
                        d.decided,
                        d.decided + d.unverified
                    )
                })
            })
            .collect();
        if !shares.is_empty() {
            let _ = writeln!(s, "decided by event: {}", shares.join(", "));
        }
        s
    }
}

/// Verify every log of `sources` on the current rayon pool, reading each with `read` (bytes,
/// or why it cannot be read) and calling `done` after each; the outcomes are in the order of
/// `sources`.
pub fn verify_all<R, D>(
    sources: &[Source],
    read: R,
    cards: Option<&CardDb>,
    edition: RuleEdition,
    done: D,
) -> Vec<Outcome>
where
    R: Fn(&Source) -> Result<Vec<u8>, String> + Sync,
    D: Fn() + Sync,
{
    sources
        .par_iter()
        .map(|src| {
            let result = read(src).and_then(|bytes| {
                crate::verify(&bytes, cards, edition)
                    .map(|r| LogCounts::of(&r))
                    .map_err(|e| e.to_string())
            });
            done();
            Outcome {
                file: src.name(),
                result,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(ok: usize, violations: usize, event: &str) -> LogCounts {
        let mut c = LogCounts {
            lines: 10,
            ok,
            violations,
            ..LogCounts::default()
        };
        c.events.insert(
            event.to_string(),
            Decided {
                decided: ok + violations,
                unverified: 1,
            },
        );
        c.unverified_by_clause
            .insert("attack.damage-order".into(), 1);
        c
    }

    #[test]
    fn totals_add_the_logs_and_list_refused_files_and_violations() {
        let outcomes = vec![
            Outcome {
                file: "a.txt".into(),
                result: Ok(counts(3, 0, "attack")),
            },
            Outcome {
                file: "b.txt".into(),
                result: Err("the input is empty".into()),
            },
            Outcome {
                file: "c.log".into(),
                result: Ok(counts(2, 2, "attack")),
            },
        ];
        let t = Totals::of(&outcomes);
        assert_eq!(t.logs, 2);
        assert_eq!(t.lines, 20);
        assert_eq!(t.ok, 5);
        assert_eq!(t.violations, 2);
        assert_eq!(
            t.refused,
            vec![("b.txt".into(), "the input is empty".into())]
        );
        assert_eq!(t.violation_files, vec![("c.log".into(), 2)]);
        assert_eq!(t.unverified_by_clause["attack.damage-order"], 2);
        assert_eq!(
            t.events["attack"],
            Decided {
                decided: 7,
                unverified: 2
            }
        );
        let text = t.text();
        assert!(text.contains("2 violation(s) in c.log"), "{text}");
        assert!(text.contains("attack 77.8% (7/9)"), "{text}");
    }

    #[test]
    fn a_refused_file_is_a_json_line_with_its_error_and_no_counts() {
        let o = Outcome {
            file: "x.txt".into(),
            result: Err("the input is empty".into()),
        };
        let v: serde_json::Value = serde_json::from_str(&o.json_line()).unwrap();
        assert_eq!(v["file"], "x.txt");
        assert_eq!(v["error"], "the input is empty");
        assert!(v.get("violations").is_none());
        let o = Outcome {
            file: "y.txt".into(),
            result: Ok(counts(1, 0, "attack")),
        };
        let v: serde_json::Value = serde_json::from_str(&o.json_line()).unwrap();
        assert_eq!(v["ok"], 1);
        assert_eq!(v["violations"], 0);
        assert!(v.get("error").is_none());
    }

    #[test]
    fn folders_are_walked_for_txt_and_log_files_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        for f in ["b.txt", "a.log", "notes.md", "sub/c.TXT"] {
            std::fs::write(dir.path().join(f), "x").unwrap();
        }
        let got = collect(&[dir.path().display().to_string(), "-".into()]).unwrap();
        let names: Vec<String> = got
            .iter()
            .map(|s| match s {
                Source::Stdin => "-".into(),
                Source::File(p) => p.strip_prefix(dir.path()).unwrap().display().to_string(),
            })
            .collect();
        assert_eq!(names, ["a.log", "b.txt", "sub/c.TXT", "-"]);
        let missing = collect(&["/no/such/folder".into()]).unwrap_err();
        assert!(missing.to_string().contains("/no/such/folder"), "{missing}");
    }
}
