//! Loading card data folders of either layout, alone or together, and saying where the data
//! came from ([`DataSource`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::db::CardDb;
use super::error::CardDataError;
use super::model::SetInfo;

/// The layouts of card data the project reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// github: PokemonTCG/pokemon-tcg-data (`cards/en/*.json`, `sets/en.json`).
    PokemonTcgData,
    /// github: tcgdex/cards-database (`data/<Series>/<Set>/<number>.ts`).
    Tcgdex,
}

impl Layout {
    /// The source's name, e.g. `"pokemon-tcg-data"`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::PokemonTcgData => "pokemon-tcg-data",
            Layout::Tcgdex => "tcgdex",
        }
    }

    /// The layout of a folder: TCGdex when it holds series files beside their folders
    /// ([`super::tcgdex::is_tcgdex_dir`]), else pokemon-tcg-data (whose reader reports a folder
    /// that is neither).
    pub fn detect(dir: &Path) -> Layout {
        if super::tcgdex::is_tcgdex_dir(dir) {
            Layout::Tcgdex
        } else {
            Layout::PokemonTcgData
        }
    }
}

/// One source a database was read from, and how new its data is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataSource {
    /// Which layout.
    pub layout: Layout,
    /// Where it was read from (a folder, or a description such as "imported into the store").
    pub location: String,
    /// Cards read from it.
    pub cards: usize,
    /// Its newest set by release date (name), when it lists sets.
    pub newest_set: Option<String>,
    /// That set's release date (`YYYY/MM/DD`).
    pub newest_release: Option<String>,
}

impl DataSource {
    /// The description of a source read from `sets`.
    pub fn new(layout: Layout, location: String, cards: usize, sets: &[SetInfo]) -> DataSource {
        let newest = sets
            .iter()
            .filter(|s| s.release_date.is_some())
            .max_by(|a, b| a.release_date.cmp(&b.release_date));
        DataSource {
            layout,
            location,
            cards,
            newest_set: newest.map(|s| s.name.clone()),
            newest_release: newest.and_then(|s| s.release_date.clone()),
        }
    }
}

impl std::fmt::Display for DataSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}): {} cards",
            self.layout.name(),
            self.location,
            self.cards
        )?;
        if let (Some(set), Some(date)) = (&self.newest_set, &self.newest_release) {
            write!(f, ", newest set {set} ({date})")?;
        }
        Ok(())
    }
}

/// Which card data a database holds and how new it is, one source after the other, e.g.
/// `pokemon-tcg-data (built-in, made 2026-11-25): 19783 cards, newest set Phantasmal Flames
/// (2025/11/14); tcgdex (…)`; `"none"` for no source.
pub fn describe_sources(sources: &[DataSource]) -> String {
    if sources.is_empty() {
        return "none".to_string();
    }
    sources
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl CardDb {
    /// Load one card data folder of either layout (detected, see [`Layout::detect`]):
    /// pokemon-tcg-data (the data root with `cards/en` and `sets/en.json`, or `cards/en`
    /// itself; every `*.json` read in file-name order) or a TCGdex cards-database checkout (or
    /// its `data` folder).
    ///
    /// A folder that holds data folders of both layouts side by side (as `../shared/cards`
    /// holds `pokemon-tcg-data` and `tcgdex-cards-database`) is read as both, merged.
    pub fn load_dir(dir: &Path) -> Result<CardDb, CardDataError> {
        let sources = source_folders(dir);
        if sources.len() > 1 {
            return CardDb::load_dirs(&sources);
        }
        CardDb::load_one(dir)
    }

    /// One data folder of either layout.
    fn load_one(dir: &Path) -> Result<CardDb, CardDataError> {
        let layout = Layout::detect(dir);
        let mut db = match layout {
            Layout::PokemonTcgData => CardDb::from_texts(&super::import::read_texts(dir)?)?,
            Layout::Tcgdex => {
                let loaded = super::tcgdex::load(dir)?;
                let sets = loaded.sets.iter().map(|s| s.to_set_info()).collect();
                let mut db = CardDb::from_cards(loaded.cards, sets);
                db.add_parts(loaded.warnings, Vec::new(), Vec::new());
                db
            }
        };
        let source = DataSource::new(layout, dir.display().to_string(), db.len(), db.sets());
        db.add_parts(Vec::new(), Vec::new(), vec![source]);
        Ok(db)
    }

    /// Load several folders (either layout each) as one database: the first pokemon-tcg-data
    /// folder is the primary source, the others add what it lacks (see
    /// [`super::merge::merge`]). One folder is [`CardDb::load_dir`].
    pub fn load_dirs(dirs: &[PathBuf]) -> Result<CardDb, CardDataError> {
        let mut loaded: Vec<CardDb> = dirs
            .iter()
            .map(|d| CardDb::load_one(d))
            .collect::<Result<_, _>>()?;
        // pokemon-tcg-data first: its facts win where both have one.
        loaded.sort_by_key(|db| {
            db.sources()
                .first()
                .is_none_or(|s| s.layout != Layout::PokemonTcgData)
        });
        let mut iter = loaded.into_iter();
        let Some(first) = iter.next() else {
            return Ok(CardDb::default());
        };
        Ok(iter.fold(first, super::merge::merge))
    }
}

/// The data folders directly inside `dir` when it is a folder of sources rather than one: its
/// subfolders that are a TCGdex checkout or hold a pokemon-tcg-data `cards/en` folder.
fn source_folders(dir: &Path) -> Vec<PathBuf> {
    if dir.join("cards").join("en").is_dir() || super::tcgdex::is_tcgdex_dir(dir) {
        return Vec::new();
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| p.join("cards").join("en").is_dir() || super::tcgdex::is_tcgdex_dir(p))
        .collect();
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A pokemon-tcg-data folder and a TCGdex checkout with one card in common (sv6-128
    /// Dreepy, `sv06/128`), one card only TCGdex has (me03-88) and one only pokemon-tcg-data
    /// has.
    fn folders() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let ptcg = tmp.path().join("ptcg");
        write(
            &ptcg.join("cards/en/sv6.json"),
            r#"[{"id":"sv6-128","name":"Dreepy","supertype":"Pokémon","subtypes":["Basic"],"hp":"70",
                 "types":["Psychic"],"number":"128","attacks":[{"name":"Petty Grudge","cost":["Psychic"],"damage":"10"}],
                 "legalities":{"standard":"Legal","expanded":"Legal","unlimited":"Legal"},"regulationMark":"H"},
                {"id":"sv6-1","name":"Only PTCG","supertype":"Trainer","subtypes":["Item"],"number":"1"}]"#,
        );
        write(
            &ptcg.join("sets/en.json"),
            r#"[{"id":"sv6","name":"Twilight Masquerade","series":"Scarlet & Violet","ptcgoCode":"TWM","releaseDate":"2024/05/24",
                 "legalities":{"standard":"Legal","expanded":"Legal","unlimited":"Legal"}}]"#,
        );
        let dex = tmp.path().join("tcgdex");
        let data = dex.join("data");
        write(
            &data.join("Scarlet & Violet.ts"),
            "const s = { id: 'sv', name: { en: 'Scarlet & Violet' } }\nexport default s",
        );
        write(
            &data.join("Mega Evolution.ts"),
            "const s = { id: 'me', name: { en: 'Mega Evolution' } }\nexport default s",
        );
        write(
            &data.join("Scarlet & Violet/Twilight Masquerade.ts"),
            "import serie from '../Scarlet & Violet'\nconst s = { id: 'sv06', name: { en: 'Twilight Masquerade' }, serie: serie, releaseDate: '2024-05-24' }\nexport default s",
        );
        write(
            &data.join("Mega Evolution/Perfect Order.ts"),
            "import serie from '../Mega Evolution'\nconst s = { id: 'me03', name: { en: 'Perfect Order' }, serie: serie, releaseDate: '2026-03-27' }\nexport default s",
        );
        write(
            &data.join("Scarlet & Violet/Twilight Masquerade/128.ts"),
            "import Set from '../Twilight Masquerade'\nconst c = { set: Set, name: { en: 'Dreepy', de: 'Grolldra' }, category: 'Pokemon', stage: 'Basic', hp: 60,
               types: ['Psychic'], attacks: [{ cost: ['Psychic'], name: { en: 'Petty Grudge', de: 'Kleiner Groll' }, damage: 10 }] }\nexport default c",
        );
        write(
            &data.join("Mega Evolution/Perfect Order/088.ts"),
            "import Set from '../Perfect Order'\nconst c = { set: Set, name: { en: 'Telepathic Psychic Energy' }, category: 'Energy', energyType: 'Normal', regulationMark: 'H' }\nexport default c",
        );
        (tmp, ptcg, dex)
    }

    #[test]
    fn detects_layouts_and_merges() {
        let (_tmp, ptcg, dex) = folders();
        assert_eq!(Layout::detect(&ptcg), Layout::PokemonTcgData);
        assert_eq!(Layout::detect(&dex), Layout::Tcgdex);
        let alone = CardDb::load_dir(&dex).unwrap();
        assert_eq!(alone.len(), 2);
        assert_eq!(alone.sources()[0].layout, Layout::Tcgdex);
        assert_eq!(
            alone.sources()[0].newest_set.as_deref(),
            Some("Perfect Order")
        );
        assert_eq!(
            alone.sources()[0].newest_release.as_deref(),
            Some("2026/03/27")
        );

        // Either order: pokemon-tcg-data is primary.
        for dirs in [[ptcg.clone(), dex.clone()], [dex.clone(), ptcg.clone()]] {
            let db = CardDb::load_dirs(&dirs).unwrap();
            assert_eq!(
                db.len(),
                3,
                "Dreepy once, and one card only each source has"
            );
            let dreepy = db.card(db.by_id("sv6-128").unwrap());
            assert_eq!(dreepy.hp, Some(70), "pokemon-tcg-data's HP wins");
            let l = dreepy.localized.as_deref().unwrap();
            assert_eq!(l.name.get(crate::cards::Lang::De), Some("Grolldra"));
            assert_eq!(
                l.attacks[0].name.get(crate::cards::Lang::De),
                Some("Kleiner Groll")
            );
            let energy = db.card(db.by_log_id("me3_88").unwrap());
            assert_eq!(energy.name, "Telepathic Psychic Energy");
            assert!(energy.is_special_energy());
            // Legal in Standard like the other cards of mark H.
            assert_eq!(
                energy.legalities.standard,
                Some(crate::cards::Legality::Legal)
            );
            assert_eq!(db.by_log_id("sv6_128"), db.by_id("sv6-128"));
            assert_eq!(db.by_log_id("sv06_128"), db.by_id("sv6-128"));
            assert_eq!(db.sources().len(), 2);
            assert_eq!(db.sources()[0].layout, Layout::PokemonTcgData);
            assert!(db.set("me03").is_some() && db.set("sv6").is_some());
            assert!(db.set("sv06").is_none(), "a set both have is listed once");
        }
    }
}
