//! The card data a fuzz target checks against: the folder named by `PTCG_FUZZ_CARDS` (the
//! full pokemon-tcg-data layout), read once; none when the variable is unset.

use std::sync::OnceLock;

use ptcg_judge::cards::CardDb;

pub fn cards() -> Option<&'static CardDb> {
    static CARDS: OnceLock<Option<CardDb>> = OnceLock::new();
    CARDS
        .get_or_init(|| {
            let dir = std::env::var_os("PTCG_FUZZ_CARDS")?;
            Some(CardDb::load_dir(std::path::Path::new(&dir)).expect("PTCG_FUZZ_CARDS is card data"))
        })
        .as_ref()
}
