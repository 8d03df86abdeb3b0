//! Words the client writes in a placeholder, in each language, back to English: from the
//! template table (coin faces, Special Conditions, `a card`), and written for the project where
//! the client's tables have none (Energy types, the game-end reasons seen in real exports).

use std::collections::HashMap;

use super::{Locale, table};

/// Table keys whose text is a word another template's placeholder takes.
const WORD_KEYS: &[&str] = &[
    "blog_loc_heads",
    "blog_loc_tails",
    "blog_loc_condition_asleep",
    "blog_loc_condition_burned",
    "blog_loc_condition_confused",
    "blog_loc_condition_paralyzed",
    "blog_loc_condition_poisoned",
    "blog_loc_a_card",
    "blog_loc_another_card",
    "blog_loc_hidden_card",
    "blog_loc_unspecified_pokemon",
];

/// The placeholder words of `locale`, to their English.
pub fn vocabulary(locale: Locale) -> HashMap<String, &'static str> {
    let mut words = HashMap::new();
    if locale == Locale::En {
        return words;
    }
    let en = Locale::En.column();
    for row in table()
        .iter()
        .filter(|r| WORD_KEYS.contains(&r.key.as_str()))
    {
        for w in locale.wordings() {
            let local = row.texts[w.column()].trim();
            if !local.is_empty() {
                words
                    .entry(local.to_string())
                    .or_insert(row.texts[en].as_str());
                // Coin faces are also written capitalised.
                let mut c = local.chars();
                if let Some(first) = c.next() {
                    let cap: String = first.to_uppercase().chain(c).collect();
                    words.entry(cap).or_insert(row.texts[en].as_str());
                }
            }
        }
    }
    words
}

/// The Energy types, English first, then de, es (both tables), fr, it, pt-BR.
const TYPES: &[[&str; 6]] = &[
    ["Grass", "Pflanze", "Planta", "Plante", "Erba", "Planta"],
    ["Fire", "Feuer", "Fuego", "Feu", "Fuoco", "Fogo"],
    ["Water", "Wasser", "Agua", "Eau", "Acqua", "Água"],
    [
        "Lightning",
        "Elektro",
        "Rayo",
        "Électrique",
        "Lampo",
        "Elétrico",
    ],
    ["Psychic", "Psycho", "Psíquico", "Psy", "Psico", "Psíquico"],
    ["Fighting", "Kampf", "Lucha", "Combat", "Lotta", "Luta"],
    [
        "Darkness",
        "Finsternis",
        "Oscuridad",
        "Obscurité",
        "Oscurità",
        "Escuridão",
    ],
    ["Metal", "Metall", "Metal", "Métal", "Metallo", "Metal"],
    ["Dragon", "Drache", "Dragón", "Dragon", "Drago", "Dragão"],
    [
        "Colorless",
        "Farblos",
        "Incoloro",
        "Incolore",
        "Incolore",
        "Incolor",
    ],
    ["Fairy", "Fee", "Hada", "Fée", "Folletto", "Fada"],
];

fn type_column(locale: Locale) -> Option<usize> {
    match locale {
        Locale::En => None,
        Locale::De => Some(1),
        Locale::Es | Locale::EsLa => Some(2),
        Locale::Fr => Some(3),
        Locale::It => Some(4),
        Locale::PtBr => Some(5),
    }
}

/// Other spellings of a type (Spanish and Portuguese agree the adjective with "Energía":
/// `Energía Psíquica Básica`): (locale column, word, English).
const TYPE_FORMS: &[(usize, &str, &str)] =
    &[(2, "Psíquica", "Psychic"), (5, "Psíquica", "Psychic")];

/// An Energy or Pokémon type written in `locale`, in English.
pub fn energy_type(locale: Locale, word: &str) -> Option<&'static str> {
    let c = type_column(locale)?;
    TYPES
        .iter()
        .find(|row| row[c] == word)
        .map(|row| row[0])
        .or_else(|| {
            TYPE_FORMS
                .iter()
                .find(|(col, w, _)| *col == c && *w == word)
                .map(|(_, _, en)| *en)
        })
}

/// The game-end reasons seen in real exports, to an English reason that names no side (so no
/// check reads a winner from its wording): (locale, text, English).
const END_REASONS: &[(Locale, &str, &str)] = &[
    (
        Locale::De,
        "Alle Preiskarten genommen",
        "All Prize cards taken",
    ),
    (
        Locale::Es,
        "Todas las cartas de Premio tomadas",
        "All Prize cards taken",
    ),
    (
        Locale::EsLa,
        "Todas las cartas de Premio tomadas",
        "All Prize cards taken",
    ),
    (
        Locale::It,
        "Hai concesso la vittoria all'avversario",
        "A player conceded",
    ),
    (Locale::PtBr, "O oponente se rendeu", "A player conceded"),
    (Locale::Es, "El rival se ha rendido", "A player conceded"),
    (
        Locale::Fr,
        "Toutes les cartes Récompense ont été récupérées",
        "All Prize cards taken",
    ),
    (
        Locale::Fr,
        "L'adversaire a récupéré toutes ses cartes Récompense",
        "All Prize cards taken",
    ),
    (
        Locale::Fr,
        "L'adversaire a concédé la partie",
        "A player conceded",
    ),
    (
        Locale::Fr,
        "L'adversaire a mis K.O. tous vos Pokémon en jeu, et toutes ses cartes Récompense ont été récupérées",
        "No Pokémon left in play",
    ),
];

/// A game-end reason in English, when it is one the project knows: a sentence seen in a real
/// export, else one that names the ending with the words the client's templates of the language
/// use for it (the deck, time, the Bench, Prize cards, giving up).
pub fn end_reason(locale: Locale, text: &str) -> Option<&'static str> {
    let text = text.trim().trim_end_matches('.').replace('’', "'");
    END_REASONS
        .iter()
        .find(|(l, t, _)| *l == locale && *t == text)
        .map(|(_, _, en)| *en)
        .or_else(|| end_reason_by_words(locale, &text))
}

/// The words that name each ending, by language: (locale, giving up, time, deck, no Pokémon in
/// play, Prize cards). Every other language's are the templates' own words for the deck
/// ("baraja", "mazzo", "baralho"), time ("a tiempo", "in tempo"), the Bench and Prize cards.
/// The words of one language for each ending: (locale, giving up, time, deck, no Pokémon in
/// play, Prize cards).
type EndingWords = (
    Locale,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const ENDING_WORDS: &[EndingWords] = &[
    (
        Locale::De,
        &["aufgegeben", "gibt auf", "kapituliert"],
        &["zeit"],
        &["deck", "keine karten"],
        &["bank", "im spiel"],
        &["preiskarte"],
    ),
    (
        Locale::Es,
        &["rendido", "rindió", "se rinde", "abandon"],
        &["tiempo"],
        &["baraja", "mazo"],
        &["banca", "en juego"],
        &["premio"],
    ),
    (
        Locale::EsLa,
        &["rendido", "rindió", "se rinde", "abandon"],
        &["tiempo"],
        &["baraja", "mazo"],
        &["banca", "en juego"],
        &["premio"],
    ),
    (
        Locale::Fr,
        &["concédé", "abandonn"],
        &["temps"],
        &["deck", "plus de cartes"],
        &["banc", "en jeu"],
        &["récompense"],
    ),
    (
        Locale::It,
        &["concesso", "arres", "ritirat"],
        &["tempo"],
        &["mazzo"],
        &["panchina", "in gioco"],
        &["premio", "premi"],
    ),
    (
        Locale::PtBr,
        &["rendeu", "desist"],
        &["tempo"],
        &["baralho"],
        &["banco", "em jogo"],
        &["prêmio", "premio"],
    ),
];

fn end_reason_by_words(locale: Locale, text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    let (_, concede, time, deck, no_pokemon, prizes) =
        ENDING_WORDS.iter().find(|row| row.0 == locale)?;
    let any = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    if any(concede) {
        Some("A player conceded")
    } else if lower.contains("pokémon") && any(no_pokemon) {
        Some("No Pokémon left in play")
    } else if any(deck) {
        Some("A player's deck ran out of cards")
    } else if any(time) {
        Some("A player ran out of time")
    } else if any(prizes) {
        Some("All Prize cards taken")
    } else {
        None
    }
}

/// A basic Energy card as the client names it (`Basis-Elektro-Energie`, `Energía Rayo
/// Básica`, `Energia base Fuoco`, `Energia Fogo Básica`, `Énergie Feu de base`), in English
/// (`Basic Lightning Energy`).
pub fn basic_energy(locale: Locale, name: &str) -> Option<String> {
    let word = match locale {
        Locale::En => None,
        Locale::De => name.strip_prefix("Basis-")?.strip_suffix("-Energie"),
        Locale::Es | Locale::EsLa => name.strip_prefix("Energía ")?.strip_suffix(" Básica"),
        Locale::PtBr => name.strip_prefix("Energia ")?.strip_suffix(" Básica"),
        Locale::It => name.strip_prefix("Energia base "),
        Locale::Fr => name.strip_prefix("Énergie ")?.strip_suffix(" de base"),
    }?;
    energy_type(locale, word).map(|t| format!("Basic {t} Energy"))
}

/// `N cards` as the client writes a number of hidden cards (`2 cartas`, `3 Karten`), in English.
pub fn card_count(locale: Locale, text: &str) -> Option<String> {
    let plural = match locale {
        Locale::En => return None,
        Locale::De => "Karten",
        Locale::Es | Locale::EsLa | Locale::PtBr => "cartas",
        Locale::Fr => "cartes",
        Locale::It => "carte",
    };
    let (n, word) = text.split_once(' ')?;
    (word == plural && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("{n} cards"))
}
