//! The TCGdex cards-database layout (a checkout of github: tcgdex/cards-database, MIT):
//! `data/<Series>.ts` (a series), `data/<Series>/<Set>.ts` (a set),
//! `data/<Series>/<Set>/<number>.ts` (one card), each a TypeScript module holding one object
//! literal.
//!
//! - [`literal`]: the reader of the literals (no JavaScript engine), with line/column errors.
//! - [`set`] and [`card`]: the literals into [`TcgdexSet`] / the model's [`Card`] (pure).
//! - this file: the folder walk, the only IO of the layout.

pub mod card;
pub(crate) mod fields;
pub mod literal;
pub mod set;

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::error::{CardDataError, ImportWarning};
use super::model::Card;
pub use set::{TcgdexSerie, TcgdexSet};

/// Everything read from a TCGdex folder.
#[derive(Debug, Default)]
pub struct Loaded {
    /// The cards, set by set (sets by release date), each set in collector-number order.
    pub cards: Vec<Card>,
    /// The sets, by release date.
    pub sets: Vec<TcgdexSet>,
    /// Oddities left out of cards, and cards skipped (no English name).
    pub warnings: Vec<ImportWarning>,
    /// Number of card files read.
    pub card_files: usize,
}

/// The folder holding the series files: `dir/data` for a checkout, or `dir` itself.
fn data_root(dir: &Path) -> PathBuf {
    let nested = dir.join("data");
    if nested.is_dir() {
        nested
    } else {
        dir.to_path_buf()
    }
}

/// The folders of `dir` that have a `.ts` file of the same name beside them (a series file
/// and its sets, or a set file and its cards).
fn paired_dirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ts") && p.with_extension("").is_dir())
        .map(|p| p.with_extension(""))
        .collect()
}

/// True when `dir` looks like a TCGdex cards-database checkout (or its `data` folder): a
/// series file beside a folder of the same name, holding a set file beside its folder.
pub fn is_tcgdex_dir(dir: &Path) -> bool {
    paired_dirs(&data_root(dir))
        .iter()
        .any(|serie| !paired_dirs(serie).is_empty())
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> CardDataError + '_ {
    move |source| CardDataError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The entries of a folder, sorted by name: (`*.ts` files, sub-folders).
fn list(dir: &Path) -> Result<(Vec<PathBuf>, Vec<PathBuf>), CardDataError> {
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let path = entry.path();
        // The entry's own type (no extra system call); a symbolic link is followed.
        let is_dir = match entry.file_type() {
            Ok(t) if t.is_symlink() => path.is_dir(),
            Ok(t) => t.is_dir(),
            Err(_) => path.is_dir(),
        };
        if is_dir {
            dirs.push(path);
        } else if path.extension().is_some_and(|x| x == "ts") {
            files.push(path);
        }
    }
    files.sort();
    dirs.sort();
    Ok((files, dirs))
}

/// A file's label in messages: its path from the folder the user gave.
fn label(base: &Path, path: &Path) -> String {
    path.strip_prefix(base)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// The key of a data file: its path below the data root without `.ts`, `/`-separated.
fn key_of(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.last_mut()?;
    if let Some(stem) = last.strip_suffix(".ts") {
        *last = stem.to_string();
    }
    Some(parts.join("/"))
}

/// Resolve an import path written in the file at `file` to the key of a data file.
fn resolve(root: &Path, file: &Path, import: &str) -> Option<String> {
    let mut path = file.parent()?.to_path_buf();
    for part in Path::new(import).components() {
        match part {
            Component::ParentDir => {
                path.pop();
            }
            Component::CurDir => {}
            Component::Normal(p) => path.push(p),
            _ => return None,
        }
    }
    key_of(root, &path)
}

/// The error for a file's text at a byte offset.
fn at(file: &str, text: &str, offset: u32, message: String) -> CardDataError {
    let (line, column) = literal::line_column(text, offset as usize);
    CardDataError::Literal {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

fn read(path: &Path) -> Result<String, CardDataError> {
    std::fs::read_to_string(path).map_err(io(path))
}

/// The fields of a card file no fact comes from (checked, not kept): most of its text.
const UNUSED_FIELDS: &[&str] = &[
    "variants",
    "thirdParty",
    "description",
    "illustrator",
    "dexId",
    "boosters",
];

/// Parse a file into its module, or the error naming the file, line and column.
fn parse<'t>(file: &str, text: &'t str) -> Result<literal::Module<'t>, CardDataError> {
    literal::parse_module_skipping(text, UNUSED_FIELDS).map_err(|e| CardDataError::Literal {
        file: file.to_string(),
        line: e.line,
        column: e.column,
        message: e.problem.to_string(),
    })
}

/// The data file a field's identifier refers to (`set: Set` -> the key of `../Perfect Order`).
fn referenced(
    root: &Path,
    path: &Path,
    file: &str,
    text: &str,
    module: &literal::Module<'_>,
    field: &str,
) -> Result<String, CardDataError> {
    let Some(value) = module.value.get(field) else {
        return Err(at(file, text, module.value.at, format!("{field}: missing")));
    };
    let literal::Kind::Ident(ident) = value.kind else {
        let message = format!(
            "{field}: expected an imported identifier, found {}",
            value.kind_name()
        );
        return Err(at(file, text, value.at, message));
    };
    module
        .import_path(ident)
        .and_then(|p| resolve(root, path, p))
        .ok_or_else(|| {
            at(
                file,
                text,
                value.at,
                format!("{field}: {ident} names no data file"),
            )
        })
}

/// Read a TCGdex folder: `dir` is the checkout (with `data/`) or its `data` folder.
pub fn load(dir: &Path) -> Result<Loaded, CardDataError> {
    let root = data_root(dir);
    let (serie_files, serie_dirs) = list(&root)?;
    let mut series: HashMap<String, TcgdexSerie> = HashMap::new();
    for path in &serie_files {
        let file = label(dir, path);
        let text = read(path)?;
        let module = parse(&file, &text)?;
        let serie = set::serie(&module.value).map_err(|e| at(&file, &text, e.at, e.message))?;
        series.insert(key_of(&root, path).unwrap_or_default(), serie);
    }
    let mut sets: HashMap<String, TcgdexSet> = HashMap::new();
    let mut card_paths: Vec<PathBuf> = Vec::new();
    for serie_dir in &serie_dirs {
        let (set_files, set_dirs) = list(serie_dir)?;
        for path in &set_files {
            let file = label(dir, path);
            let text = read(path)?;
            let module = parse(&file, &text)?;
            let serie_key = referenced(&root, path, &file, &text, &module, "serie")?;
            let Some(serie) = series.get(&serie_key) else {
                let v = module.value.get("serie").map_or(0, |v| v.at);
                return Err(at(
                    &file,
                    &text,
                    v,
                    format!("serie: {serie_key:?} is not a series file"),
                ));
            };
            let set = set::set(&module.value, serie.clone())
                .map_err(|e| at(&file, &text, e.at, e.message))?;
            sets.insert(key_of(&root, path).unwrap_or_default(), set);
        }
        for set_dir in &set_dirs {
            card_paths.extend(list(set_dir)?.0);
        }
    }
    if sets.is_empty() {
        return Err(CardDataError::NoCardFiles(dir.to_path_buf()));
    }
    let results = read_cards(dir, &root, &card_paths, &sets);
    let mut per_set: HashMap<String, Vec<(String, Card)>> = HashMap::new();
    let mut warnings = Vec::new();
    for (result, path) in results.into_iter().zip(&card_paths) {
        let (set_key, card, w) = result?;
        warnings.extend(w);
        if let Some(card) = card {
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
            per_set
                .entry(set_key)
                .or_default()
                .push((stem.unwrap_or_default(), card));
        }
    }
    let mut ordered: Vec<(String, TcgdexSet)> = sets.into_iter().collect();
    ordered.sort_by(|(ka, a), (kb, b)| {
        (&a.release_date, &a.id, ka).cmp(&(&b.release_date, &b.id, kb))
    });
    let mut cards = Vec::with_capacity(card_paths.len());
    for (key, _) in &ordered {
        if let Some(mut list) = per_set.remove(key) {
            list.sort_by_key(|(a, _)| natural_key(a));
            cards.extend(list.into_iter().map(|(_, c)| c));
        }
    }
    Ok(Loaded {
        cards,
        sets: ordered.into_iter().map(|(_, s)| s).collect(),
        warnings,
        card_files: card_paths.len(),
    })
}

/// Sort key of a collector number: digits compare as numbers (`"9" < "10"`).
fn natural_key(s: &str) -> (Vec<(String, u64)>, String) {
    let mut parts = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let split = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let (text, tail) = rest.split_at(split);
        let digits_end = tail
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(tail.len());
        let (digits, tail) = tail.split_at(digits_end);
        parts.push((text.to_string(), digits.parse().unwrap_or(0)));
        rest = tail;
    }
    (parts, s.to_string())
}

type CardResult = Result<(String, Option<Card>, Vec<ImportWarning>), CardDataError>;

/// The set file the cards of a folder import, once resolved.
struct SetImport {
    dir: PathBuf,
    import: String,
    key: String,
}

/// Read, parse and map the card files on a few threads; results in `paths` order.
fn read_cards(
    dir: &Path,
    root: &Path,
    paths: &[PathBuf],
    sets: &HashMap<String, TcgdexSet>,
) -> Vec<CardResult> {
    // The file label is only made for an error (most loads have none).
    let named = |path: &Path, e: CardDataError| match e {
        CardDataError::Literal {
            line,
            column,
            message,
            ..
        } => CardDataError::Literal {
            file: label(dir, path),
            line,
            column,
            message,
        },
        other => other,
    };
    let one = |path: &Path, text: &mut String, last: &mut Option<SetImport>| -> CardResult {
        use std::io::Read;
        text.clear();
        std::fs::File::open(path)
            .and_then(|mut f| f.read_to_string(text))
            .map_err(io(path))?;
        let text = text.as_str();
        let module = parse("", text)?;
        // Every card of a folder imports the same set file: resolve it once per folder.
        let parent = path.parent().unwrap_or(root);
        let import = match module.value.get("set").map(|v| &v.kind) {
            Some(literal::Kind::Ident(ident)) => module.import_path(ident),
            _ => None,
        };
        let set_key = match (last.as_ref(), import) {
            (Some(l), Some(i)) if l.dir == parent && l.import == i => l.key.clone(),
            _ => {
                let key = referenced(root, path, "", text, &module, "set")?;
                if let Some(i) = import {
                    *last = Some(SetImport {
                        dir: parent.to_path_buf(),
                        import: i.to_string(),
                        key: key.clone(),
                    });
                }
                key
            }
        };
        let Some(set) = sets.get(&set_key) else {
            let v = module.value.get("set").map_or(0, |v| v.at);
            return Err(at(
                "",
                text,
                v,
                format!("set: {set_key:?} is not a set file"),
            ));
        };
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut warnings = Vec::new();
        let card = card::card(&module.value, set, &stem, &mut warnings)
            .map_err(|e| at("", text, e.at, e.message))?;
        Ok((set_key, card, warnings))
    };
    let slots: Mutex<Vec<Option<CardResult>>> =
        Mutex::new((0..paths.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8)
        .min(paths.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                // One text buffer per thread, reused for every file.
                let mut text = String::with_capacity(16 * 1024);
                let mut last = None;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = paths.get(i) else { break };
                    let result = one(path, &mut text, &mut last).map_err(|e| named(path, e));
                    if let Ok(mut s) = slots.lock() {
                        s[i] = Some(result);
                    }
                }
            });
        }
    });
    let slots = slots.into_inner().unwrap_or_else(|e| e.into_inner());
    slots
        .into_iter()
        .zip(paths)
        .map(|(slot, path)| {
            slot.unwrap_or_else(|| {
                Err(CardDataError::Io {
                    path: path.clone(),
                    source: std::io::Error::other("file was not processed"),
                })
            })
        })
        .collect()
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;
