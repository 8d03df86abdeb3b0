//! Making the project's template table from the client's string files
//! (`blog-templates.<locale>.json`, each `{ key: { "placeholders": [...], "template": "..." } }`):
//! one row per key, its text in every language, tab-separated (`templates.tsv`).

use serde::Deserialize;
use std::collections::BTreeMap;

use super::Locale;

#[derive(Deserialize)]
struct Entry {
    template: String,
}

/// Why the table cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{file}: not a template file: {source}")]
    Json {
        file: String,
        source: serde_json::Error,
    },
    #[error("{file}: has no key {key:?}, which the English file has")]
    MissingKey { file: String, key: String },
}

/// Keys that are the client's settings screen, not log lines.
fn is_log_key(key: &str) -> bool {
    !key.starts_with("blog_loc_settings")
        && !matches!(
            key,
            "blog_loc_export_copied"
                | "blog_loc_battle_log"
                | "blog_loc_gx_moves"
                | "blog_loc_vstar_abilities"
        )
}

/// The table's text from the seven files' texts, in [`Locale::ALL`] order (`files[i]` is the
/// text of `blog-templates.<Locale::ALL[i].file_suffix()>.json`, named `names[i]` in errors).
pub fn table_text(files: &[(String, String); 7]) -> Result<String, TableError> {
    let mut parsed: Vec<BTreeMap<String, Entry>> = Vec::new();
    for (name, text) in files {
        parsed.push(
            serde_json::from_str(text).map_err(|source| TableError::Json {
                file: name.clone(),
                source,
            })?,
        );
    }
    let mut out = String::from(
        "# The client's battle-log templates, one key per row: key, then en, de, es, es_la, fr, it, pt-BR.\n\
         # Made by `ptcg-judge make-locale-table` from cdierkens/ptcgl-battle-log-parser's blog-templates.*.json (MIT).\n",
    );
    for key in parsed[0].keys().filter(|k| is_log_key(k)) {
        out.push_str(key);
        for (i, file) in parsed.iter().enumerate() {
            let entry = file.get(key).ok_or_else(|| TableError::MissingKey {
                file: files[i].0.clone(),
                key: key.clone(),
            })?;
            out.push('\t');
            out.push_str(&escape(&entry.template));
        }
        out.push('\n');
    }
    Ok(out)
}

/// The file names of the seven languages, in table order.
pub fn file_names() -> [String; 7] {
    Locale::ALL.map(|l| format!("blog-templates.{}.json", l.file_suffix()))
}

/// A cell without tabs or line breaks.
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
}

/// The text of a cell.
pub fn unescape(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut chars = cell.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        for s in ["a\tb", "x\\ny", "plain", "end\\"] {
            assert_eq!(unescape(&escape(s)), s);
        }
    }

    #[test]
    fn a_table_from_seven_files() {
        let file = |t: &str| {
            format!(
                r#"{{"blog_loc_a": {{"placeholders": [], "template": "{t}"}}, "blog_loc_settings_x": {{"placeholders": [], "template": "s"}}}}"#
            )
        };
        let files: [(String, String); 7] =
            std::array::from_fn(|i| (format!("f{i}"), file(&format!("t{i}"))));
        let table = table_text(&files).unwrap();
        let rows: Vec<&str> = table.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(rows, ["blog_loc_a\tt0\tt1\tt2\tt3\tt4\tt5\tt6"]);
        let mut broken = files.clone();
        broken[3].1 = "{".into();
        assert!(table_text(&broken).unwrap_err().to_string().contains("f3"));
    }
}
