//! Card data: the model and the importer of the open pokemon-tcg-data JSON layout.
//! (Temporary stand-in until the card-data module lands.)

pub type CardIdx = u32;

#[derive(Debug, Clone, PartialEq)]
pub struct Attack {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ability {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub rules: Vec<String>,
    pub attacks: Vec<Attack>,
    pub abilities: Vec<Ability>,
    pub hp: Option<u32>,
}

pub struct CardDb {
    cards: Vec<Card>,
}

pub struct Lookup {
    pub prints: Vec<CardIdx>,
    pub narrowed_away: bool,
}

impl CardDb {
    pub fn card(&self, idx: CardIdx) -> &Card {
        &self.cards[idx as usize]
    }
    pub fn lookup(&self, _name: &str, _uses: Option<&str>) -> Lookup {
        Lookup {
            prints: Vec::new(),
            narrowed_away: false,
        }
    }
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

impl Card {
    pub fn is_pokemon(&self) -> bool {
        false
    }
    pub fn is_supporter(&self) -> bool {
        false
    }
    pub fn is_item(&self) -> bool {
        false
    }
    pub fn is_stadium(&self) -> bool {
        false
    }
    pub fn is_tool(&self) -> bool {
        false
    }
    pub fn is_energy(&self) -> bool {
        false
    }
}

#[derive(Debug)]
pub struct CardDataError(pub String);
impl std::fmt::Display for CardDataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl CardDb {
    pub fn load_dir(_dir: &std::path::Path) -> Result<CardDb, CardDataError> {
        Err(CardDataError("card data module not built yet".into()))
    }
}
pub fn describe(_db: &CardDb, _name: &str, _uses: Option<&str>) -> String {
    String::new()
}
