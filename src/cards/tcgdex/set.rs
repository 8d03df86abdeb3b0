//! TCGdex series and set files (`data/<Series>.ts`, `data/<Series>/<Set>.ts`) into
//! [`TcgdexSet`], and from there into the model's [`SetInfo`].

use super::fields::{Shape, field, opt_str, opt_u32, per_language};
use super::literal::{Kind, Value};
use crate::cards::localized::LangTexts;
use crate::cards::model::{Legalities, SetInfo};

/// A series file: its id and English name (`"me"`, `"Mega Evolution"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TcgdexSerie {
    /// Series id, e.g. `"sv"`.
    pub id: String,
    /// English name (the first language given when there is no English one).
    pub name: String,
}

/// A set file, with what the model and the matching need from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TcgdexSet {
    /// TCGdex set id, e.g. `"me01"`, `"sv08.5"`, `"sv10.5b"`.
    pub id: String,
    /// English name (the first language given when there is no English one).
    pub name: String,
    /// Names in other languages.
    pub names: LangTexts,
    /// The series (from the imported series file).
    pub serie: TcgdexSerie,
    /// The code of the set in Pokémon TCG Online / Live, e.g. `"TWM"`, when given.
    pub tcg_online: Option<String>,
    /// The official abbreviation printed on cards, e.g. `"MEG"`, when given.
    pub official: Option<String>,
    /// Release date `YYYY-MM-DD` (the English one when given per language).
    pub release_date: Option<String>,
    /// Number of cards in the official list.
    pub official_count: Option<u32>,
}

impl TcgdexSet {
    /// The model's view of the set: release dates written `YYYY/MM/DD` like pokemon-tcg-data
    /// (the database orders prints by that text), the online code or else the official
    /// abbreviation as the client's code. The data gives no legality.
    pub fn to_set_info(&self) -> SetInfo {
        SetInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            series: self.serie.name.clone(),
            ptcgo_code: self.tcg_online.clone().or_else(|| self.official.clone()),
            release_date: self.release_date.as_ref().map(|d| d.replace('-', "/")),
            legalities: Legalities::default(),
        }
    }
}

/// The id and a name of a series or set literal (shared by both files).
fn id_and_name(value: &Value<'_>) -> Result<(String, String, LangTexts), Shape> {
    let id = opt_str(value, "id")?
        .ok_or_else(|| Shape {
            at: value.at,
            message: "id: missing".into(),
        })?
        .to_string();
    let names = per_language(value, "name")?;
    let (name, others) = match names {
        Some(n) => {
            let first_other = n.others.iter().next().map(|(_, t)| t.to_string());
            (n.en.map(str::to_string).or(first_other), n.others)
        }
        None => (None, LangTexts::default()),
    };
    Ok((id.clone(), name.unwrap_or(id), others))
}

/// Read a series file's literal.
pub fn serie(value: &Value<'_>) -> Result<TcgdexSerie, Shape> {
    let (id, name, _) = id_and_name(value)?;
    Ok(TcgdexSerie { id, name })
}

/// Read a set file's literal; `serie` is the series its `serie` field refers to.
pub fn set(value: &Value<'_>, serie: TcgdexSerie) -> Result<TcgdexSet, Shape> {
    let (id, name, names) = id_and_name(value)?;
    let release_date = match field(value, "releaseDate") {
        None => None,
        Some(Value {
            kind: Kind::Str(s), ..
        }) => Some(s.to_string()),
        Some(
            v @ Value {
                kind: Kind::Object(_),
                ..
            },
        ) => {
            // Dates per language: the English one, else the earliest.
            let dates = per_language(value, "releaseDate")?;
            let d = dates.and_then(|d| {
                d.en.map(str::to_string)
                    .or_else(|| d.others.iter().map(|(_, t)| t.to_string()).min())
            });
            if d.is_none() {
                return Err(Shape::new(v, "releaseDate", "a date"));
            }
            d
        }
        Some(v) => return Err(Shape::new(v, "releaseDate", "a date")),
    };
    let official = match field(value, "abbreviations") {
        Some(a) => opt_str(a, "official")?.map(str::to_string),
        None => None,
    };
    let official_count = match field(value, "cardCount") {
        Some(c) => opt_u32(c, "official")?,
        None => None,
    };
    Ok(TcgdexSet {
        id,
        name,
        names,
        serie,
        tcg_online: opt_str(value, "tcgOnline")?.map(str::to_string),
        official,
        release_date,
        official_count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::localized::Lang;
    use crate::cards::tcgdex::literal::parse_module;

    #[test]
    fn reads_serie_and_set() {
        let text = r#"import { Serie } from '../interfaces'
const serie: Serie = { id: "me", name: { de: "Mega-Entwicklung", en: "Mega Evolution" } }
export default serie"#;
        let m = parse_module(text).unwrap();
        let s = serie(&m.value).unwrap();
        assert_eq!(s.id, "me");
        assert_eq!(s.name, "Mega Evolution");

        let text = r#"import { Set } from '../../interfaces'
import serie from '../Mega Evolution'
const set: Set = {
	id: "me02.5",
	name: { de: "Erhabene Helden", en: "Ascended Heroes", 'es-mx': 'Ascenso Heroico' },
	serie: serie,
	cardCount: { official: 217 },
	releaseDate: "2026-01-30",
	abbreviations: { official: "ASC", fr: "HER" },
}
export default set"#;
        let m = parse_module(text).unwrap();
        let t = set(&m.value, s.clone()).unwrap();
        assert_eq!(t.id, "me02.5");
        assert_eq!(t.name, "Ascended Heroes");
        assert_eq!(t.names.get(Lang::EsMx), Some("Ascenso Heroico"));
        assert_eq!(t.official.as_deref(), Some("ASC"));
        assert_eq!(t.tcg_online, None);
        assert_eq!(t.official_count, Some(217));
        let info = t.to_set_info();
        assert_eq!(info.release_date.as_deref(), Some("2026/01/30"));
        assert_eq!(info.ptcgo_code.as_deref(), Some("ASC"));
        assert_eq!(info.series, "Mega Evolution");

        // Dates per language; online code preferred.
        let text = r#"const set = { id: "x1", name: { fr: "Seul" }, tcgOnline: "XX",
            abbreviations: { official: "YY" }, releaseDate: { fr: "2019-10-30", de: "2019-10-01" } }
export default set"#;
        let m = parse_module(text).unwrap();
        let t = set(&m.value, s.clone()).unwrap();
        assert_eq!(t.name, "Seul");
        assert_eq!(t.release_date.as_deref(), Some("2019-10-01"));
        assert_eq!(t.to_set_info().ptcgo_code.as_deref(), Some("XX"));

        let m = parse_module("const set = { name: { en: \"X\" } }\nexport default set").unwrap();
        assert!(set(&m.value, s.clone()).unwrap_err().message.contains("id"));
        let m =
            parse_module("const set = { id: 'x', releaseDate: 2019 }\nexport default set").unwrap();
        let e = set(&m.value, s).unwrap_err();
        assert_eq!(e.message, "releaseDate: expected a date, found a number");
    }
}
