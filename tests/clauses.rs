//! The clause registry, the rulings pages and the engine agree: every clause id the engine can
//! emit has a section in `rulings/`, every section is in the registry, the registry's "checked
//! by the engine" flag matches the page, every checked clause is in the engine's source, and
//! only checked clauses are found broken. That each checked clause can be found broken is
//! shown by `tests/clauses_can_fail/`.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use ptcg_judge::engine::{Replay, RuleEdition, Verdict};
use ptcg_judge::rules::{CLAUSES, PAGES, clause};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The sections of every page: id -> (page, section text).
fn sections() -> BTreeMap<String, (String, String)> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(root().join("rulings")).unwrap().flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let page = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut current: Option<(String, String)> = None;
        for line in text.lines() {
            if let Some(head) = line.strip_prefix("## ") {
                if let Some((id, body)) = current.take() {
                    assert!(
                        out.insert(id.clone(), (page.clone(), body)).is_none(),
                        "{id} has two sections"
                    );
                }
                let id = head.split(" — ").next().unwrap().trim().to_string();
                assert!(
                    head.contains(" — "),
                    "{page}.md: heading {head:?} is not `<id> — <title>`"
                );
                current = Some((id, String::new()));
            } else if let Some((_, body)) = current.as_mut() {
                body.push_str(line);
                body.push('\n');
            }
        }
        if let Some((id, body)) = current {
            assert!(
                out.insert(id.clone(), (page.clone(), body)).is_none(),
                "{id} has two sections"
            );
        }
    }
    out
}

/// String literals in the engine's source that have the shape of a clause id.
fn ids_in_engine_source() -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, out: &mut BTreeMap<String, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().and_then(|e| e.to_str()) == Some("rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for literal in text.split('"').skip(1).step_by(2) {
                    let shaped = literal.contains('.')
                        && literal.split('.').all(|part| {
                            !part.is_empty()
                                && part.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                        });
                    if shaped {
                        out.entry(literal.to_string())
                            .or_insert_with(|| path.clone());
                    }
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&root().join("src/engine"), &mut out);
    out
}

#[test]
fn every_registry_clause_has_a_complete_section_on_its_page() {
    let sections = sections();
    let pages: BTreeSet<&str> = PAGES.iter().map(|(p, _)| *p).collect();
    let mut seen = BTreeSet::new();
    for c in CLAUSES {
        assert!(seen.insert(c.id), "{} is in the registry twice", c.id);
        assert!(
            pages.contains(c.page),
            "{}: page {} is not in PAGES",
            c.id,
            c.page
        );
        let Some((page, body)) = sections.get(c.id) else {
            panic!("{} has no section in rulings/{}.md", c.id, c.page);
        };
        assert_eq!(
            page, c.page,
            "{} is on {page}.md but the registry says {}",
            c.id, c.page
        );
        for part in [
            "**Rule.**",
            "**Source.**",
            "**Editions.**",
            "**Checked by the engine.**",
            "**Example.**",
        ] {
            assert!(
                body.contains(part),
                "{}: the section has no {part} paragraph",
                c.id
            );
        }
        let checked_line = body
            .lines()
            .find(|l| l.starts_with("**Checked by the engine.**"))
            .unwrap();
        let says_yes = checked_line
            .trim_start_matches("**Checked by the engine.**")
            .trim()
            .starts_with("Yes");
        assert_eq!(
            says_yes, c.checked,
            "{}: the page and the registry disagree on whether it is checked",
            c.id
        );
        let source = body.lines().find(|l| l.starts_with("**Source.**")).unwrap();
        assert!(
            source.contains("rulebook") || source.contains("Rulebook") || source.contains("basics"),
            "{}: the source names no seed document",
            c.id
        );
    }
}

#[test]
fn every_section_and_page_is_in_the_registry() {
    for (id, (page, _)) in sections() {
        let c = clause(&id).unwrap_or_else(|| {
            panic!("rulings/{page}.md has a section {id} the registry does not know")
        });
        assert_eq!(c.page, page);
    }
    for entry in std::fs::read_dir(root().join("rulings")).unwrap().flatten() {
        let stem = entry
            .path()
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        assert!(
            PAGES.iter().any(|(p, _)| *p == stem),
            "rulings/{stem}.md is not in PAGES"
        );
    }
    for (page, _) in PAGES {
        assert!(
            root().join("rulings").join(format!("{page}.md")).is_file(),
            "rulings/{page}.md is missing"
        );
    }
}

/// The engine may cite a reference-only clause where it applies the rule (an `ok` step, a doubt,
/// a tool's trace); that it never finds one broken is held below and in tests/clauses_can_fail/.
#[test]
fn every_id_in_the_engine_is_a_registry_clause_and_every_checked_clause_is_in_the_engine() {
    let in_source = ids_in_engine_source();
    assert!(
        in_source.len() > 30,
        "only {} clause ids found in src/engine",
        in_source.len()
    );
    for (id, file) in &in_source {
        assert!(
            clause(id).is_some(),
            "{} cites {id}, which is not in the registry",
            file.display()
        );
    }
    for c in CLAUSES.iter().filter(|c| c.checked) {
        assert!(
            in_source.contains_key(c.id),
            "{} is marked checked by the engine but no engine source cites it",
            c.id
        );
    }
}

/// The same, at run time: the clauses in real reports are registry clauses, and the ones a
/// violation finds broken are checked ones.
#[test]
fn reports_cite_only_registry_clauses() {
    let mut files = common::sample_logs();
    if let Some(shared) = common::english_logs() {
        files.extend(shared);
    } else {
        common::skipped(
            "clause ids in reports of the shared logs",
            "../shared/ptcgl-logs",
        );
    }
    let mut cited = 0;
    let mut broken = 0;
    // The project's samples with the little card data that makes their one illegal line a
    // provable violation; the shared logs without card data.
    let sample_cards = common::sample_cards();
    let samples = root().join("replays");
    for f in &files {
        let parsed = ptcg_judge::log::parse_log(&std::fs::read(f).unwrap()).unwrap();
        let cards = f.starts_with(&samples).then_some(&*sample_cards);
        let result = Replay::run(&parsed, cards, RuleEdition::default());
        for (line, r) in parsed.lines.iter().zip(&result.steps) {
            for id in &r.step.clauses {
                cited += 1;
                assert!(
                    clause(id).is_some(),
                    "{}:{} cites unknown clause {id}",
                    f.display(),
                    line.number
                );
            }
            for id in &r.step.violated {
                broken += 1;
                assert!(
                    clause(id).is_some_and(|c| c.checked),
                    "{}:{} finds {id} broken, which the registry marks reference-only",
                    f.display(),
                    line.number
                );
            }
        }
    }
    assert!(broken > 0, "no violation in {} logs", files.len());
    assert!(
        cited > 100,
        "only {cited} clause citations in {} logs",
        files.len()
    );
}

/// The five rule editions, in the order every edition table lists them.
const EDITIONS: [&str; 5] = ["sv", "swsh", "hgss", "apr-2018", "classic"];

/// What is wrong with a section's **Editions.** paragraph, if anything. Where the editions
/// differ it holds a table whose first column names each edition once, in the order of
/// `EDITIONS` (one row per edition, no grouped rows); where they agree it is the single line
/// "**Editions.** sv, swsh, hgss, apr-2018, classic: the same…".
fn editions_problem(body: &str) -> Option<String> {
    let lines: Vec<&str> = body
        .lines()
        .skip_while(|l| !l.starts_with("**Editions.**"))
        .take_while(|l| !l.starts_with("**Checked by the engine.**"))
        .collect();
    if lines.is_empty() {
        return Some("no **Editions.** paragraph".into());
    }
    if let Some(bullet) = lines.iter().find(|l| l.trim_start().starts_with("- ")) {
        return Some(format!("a bullet instead of a table row: {bullet:?}"));
    }
    let mut tables: Vec<Vec<&str>> = Vec::new();
    let mut in_table = false;
    for line in &lines {
        if line.starts_with('|') {
            if !in_table {
                tables.push(Vec::new());
            }
            tables.last_mut().unwrap().push(line);
            in_table = true;
        } else {
            in_table = false;
        }
    }
    if tables.is_empty() {
        let text: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| !l.trim().is_empty())
            .collect();
        let all_same = format!("**Editions.** {}: the same", EDITIONS.join(", "));
        return (text.len() != 1 || !text[0].starts_with(&all_same))
            .then(|| format!("neither a table with one row per edition nor {all_same:?}"));
    }
    for table in tables {
        let cells = |row: &str| -> Vec<String> {
            row.trim()
                .trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        };
        if cells(table[0]).first().map(String::as_str) != Some("edition") {
            return Some(format!(
                "a table whose first column is not `edition`: {:?}",
                table[0]
            ));
        }
        if table.len() < 2
            || !cells(table[1])
                .iter()
                .all(|c| c.chars().all(|ch| "-:".contains(ch)) && !c.is_empty())
        {
            return Some("a table with no `|---|---|` separator row".into());
        }
        let firsts: Vec<String> = table[2..]
            .iter()
            .map(|row| cells(row).into_iter().next().unwrap_or_default())
            .collect();
        if firsts != EDITIONS {
            return Some(format!(
                "a table whose rows are {firsts:?}, not one each for {EDITIONS:?} in that order"
            ));
        }
    }
    None
}

/// "Where editions differ, the clause page shows a small table, one row per edition."
#[test]
fn every_editions_paragraph_is_all_the_same_or_a_table_with_one_row_per_edition() {
    let sections = sections();
    assert!(sections.len() > 100, "only {} sections", sections.len());
    let offending: Vec<String> = sections
        .iter()
        .filter_map(|(id, (page, body))| {
            editions_problem(body).map(|why| format!("{id} ({page}.md): {why}"))
        })
        .collect();
    assert!(
        offending.is_empty(),
        "{} section(s) with an **Editions.** paragraph that is neither \"sv, swsh, hgss, \
         apr-2018, classic: the same\" nor an edition table:\n{}",
        offending.len(),
        offending.join("\n")
    );
}

#[test]
fn the_editions_check_catches_grouped_rows_bullets_and_prose() {
    let table = |rows: &str| {
        format!(
            "**Editions.**\n\n| edition | x |\n|---|---|\n{rows}\n**Checked by the engine.** No.\n"
        )
    };
    let good = table("| sv | a |\n| swsh | a |\n| hgss | b |\n| apr-2018 | c |\n| classic | d |");
    assert_eq!(editions_problem(&good), None);
    let same = "**Editions.** sv, swsh, hgss, apr-2018, classic: the same.\n\n**Checked by the engine.** No.\n";
    assert_eq!(editions_problem(same), None);
    for bad in [
        table("| sv, swsh | a |\n| hgss | b |\n| apr-2018 | c |\n| classic | d |"),
        table("| swsh | a |\n| sv | a |\n| hgss | b |\n| apr-2018 | c |\n| classic | d |"),
        table("| sv | a |\n| swsh | a |\n| hgss | b |\n| apr-2018 | c |"),
        "**Editions.**\n- **sv, swsh:** a.\n- **hgss:** b.\n\n**Checked by the engine.** No.\n".into(),
        "**Editions.** sv, swsh: as stated. hgss: not covered.\n\n**Checked by the engine.** No.\n".into(),
        "**Editions.** sv, swsh, hgss, apr-2018, classic: the same.\nclassic: also this.\n\n**Checked by the engine.** No.\n".into(),
    ] {
        assert!(editions_problem(&bad).is_some(), "not caught: {bad}");
    }
}

/// Every link from one clause to another (`[…](page.md#id)`) points at a section that exists,
/// on the page the link names.
#[test]
fn every_link_between_rulings_pages_names_a_clause_on_that_page() {
    let mut broken = Vec::new();
    let mut links = 0;
    for entry in std::fs::read_dir(root().join("rulings")).unwrap().flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("](") {
            let target = &text[at + 2..];
            let Some(end) = target.find(')') else {
                continue;
            };
            let target = &target[..end];
            let Some((page, anchor)) = target.split_once(".md#") else {
                continue;
            };
            links += 1;
            if clause(anchor).is_none_or(|c| c.page != page) {
                broken.push(format!(
                    "{}: {target}",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    assert!(links > 100, "only {links} links between clauses");
    assert!(
        broken.is_empty(),
        "links to no clause on the named page:\n{}",
        broken.join("\n")
    );
}

/// The reference clauses the engine applies are cited where it applies them: every attack it
/// judges cites the steps of an attack, and a Knock Out worth more than one Prize card cites
/// the rule box that makes it so (issue 42). Over the samples, with the built-in card data.
#[test]
fn the_attack_steps_and_the_rule_box_are_cited_where_they_apply() {
    let mut attacks = 0;
    let mut attacks_citing = 0;
    let mut rule_box = 0;
    for f in common::sample_logs() {
        let report = common::verify_builtin(&std::fs::read_to_string(&f).unwrap());
        for s in &report.steps {
            let cites = |id: &str| s.clauses.iter().any(|c| c == id);
            if s.event == "attack" && s.depth == "action" && s.verdict != Verdict::Info {
                attacks += 1;
                attacks_citing += usize::from(cites("attack.steps"));
            }
            if cites("pokemon.rule-box") {
                rule_box += 1;
                assert!(
                    s.clauses.iter().any(|c| c != "pokemon.single-prize"
                        && c.starts_with("pokemon.")
                        && c != "pokemon.rule-box"),
                    "{}:{} cites the rule box with no multi-Prize kind: {:?}",
                    f.display(),
                    s.line,
                    s.clauses
                );
            }
        }
    }
    assert!(attacks > 20, "only {attacks} attacks in the samples");
    assert_eq!(attacks_citing, attacks, "attacks citing attack.steps");
    assert!(
        rule_box > 0,
        "no Knock Out of a rule-box Pokémon in the samples"
    );
}
