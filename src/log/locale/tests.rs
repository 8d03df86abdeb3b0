//! Every template of every language, filled with sample values, reads back as the English
//! template of its key filled with the same values (in English where the value is a word the
//! client translates). Written for the project from the table itself, so French and Spain
//! Spanish, which have no real log in the corpus, are covered like the others.

use super::*;

/// A sample value for a placeholder, as the client would write it in `locale`, and the same in
/// English.
fn sample(name: &str, i: usize, locale: Locale) -> (String, String) {
    let lower = name.to_ascii_lowercase();
    let word = |key: &str| {
        let row = table().iter().find(|r| r.key == key).unwrap();
        (
            row.texts[locale.column()].clone(),
            row.texts[Locale::En.column()].clone(),
        )
    };
    if template::is_player(name) {
        let p = if lower.starts_with("target")
            || lower.starts_with("defending")
            || lower == "opponentname"
        {
            "Bob Two"
        } else {
            "Ana One"
        };
        return (p.to_string(), p.to_string());
    }
    if lower == "coinface" {
        return word("blog_loc_heads");
    }
    if lower == "specialconditionname" {
        return word("blog_loc_condition_poisoned");
    }
    if lower == "energytype" || lower == "pokemontype" {
        let local = match locale {
            Locale::De => "Feuer",
            Locale::Es | Locale::EsLa => "Fuego",
            Locale::Fr => "Feu",
            Locale::It => "Fuoco",
            Locale::PtBr => "Fogo",
            Locale::En => "Fire",
        };
        return (local.to_string(), "Fire".to_string());
    }
    if lower.starts_with("num") {
        let n = (30 + 10 * i).to_string();
        return (n.clone(), n);
    }
    let v = format!("Sample{i}");
    (v.clone(), v)
}

#[test]
fn every_template_of_every_language_reads_back_as_english() {
    let names = NoNames;
    let players = vec!["Ana One".to_string(), "Bob Two".to_string()];
    let mut checked = 0;
    for locale in &Locale::ALL[1..] {
        let m = matcher(*locale);
        for row in table() {
            let local = &row.texts[locale.column()];
            let english = &row.texts[Locale::En.column()];
            if !local.contains('[') || english.trim().is_empty() || row.key.contains("end_game") {
                continue;
            }
            let t = Template::compile(local);
            let e = Template::compile(english);
            // Number the placeholders by name.
            let mut order: Vec<String> = Vec::new();
            let fill_local = t.fill(|n| {
                if !order.iter().any(|o| o == n) {
                    order.push(n.to_string());
                }
                let i = order.iter().position(|o| o == n).unwrap();
                sample(n, i, *locale).0
            });
            let expected = e.fill(|n| {
                let i = order.iter().position(|o| o == n).unwrap_or(99);
                sample(n, i, *locale).1
            });
            let Some(got) = m.translate_with(&fill_local, &names, &players) else {
                panic!(
                    "{}: {} line not read: {fill_local:?}",
                    row.key,
                    locale.code()
                );
            };
            // Two keys may share a localized text; then either English reading is right.
            // (The client writes some keys alike, such as a type's or a card's damage line.)
            let alternatives: Vec<String> = table()
                .iter()
                .filter_map(|r| {
                    let caps = Template::compile(&r.texts[locale.column()])
                        .matches_with(&fill_local, &players)?;
                    Some(Template::compile(&r.texts[Locale::En.column()]).fill(|n| {
                        let v = caps.iter().find(|(k, _)| k == n).map_or("", |(_, v)| *v);
                        m.value(n, v, &names)
                    }))
                })
                .collect();
            assert!(
                alternatives.contains(&expected),
                "{} ({}): the right reading of {fill_local:?} is not among {alternatives:?}",
                row.key,
                locale.code()
            );
            assert!(
                got == expected || alternatives.contains(&got),
                "{} ({}): {fill_local:?} read as {got:?}, expected {expected:?}",
                row.key,
                locale.code()
            );
            checked += 1;
        }
    }
    assert!(checked > 6 * 150, "only {checked} templates checked");
}

#[test]
fn the_language_is_told_by_its_headers() {
    let de = "Vorbereitung\nAna hat den Münzwurf gewonnen.\n";
    assert_eq!(detect(de), Some(Locale::De));
    assert_eq!(detect("Setup\nAna won the coin toss.\n"), None);
    let fr = "Préparation\n\nTour de Ana\n";
    assert_eq!(detect(fr), Some(Locale::Fr));
}

#[test]
fn a_log_is_translated_line_for_line() {
    let de = "Vorbereitung\r\nAna hat den Münzwurf gewonnen.\r\n- unbekannte Zeile\r\n   • Nestball, Krawalloro\r\n\r\nTurn # 1 - Zug von Ana";
    let t = translate(de, Locale::De, &NoNames);
    let lines: Vec<&str> = t.english.split('\n').collect();
    assert_eq!(lines.len(), de.split('\n').count());
    assert_eq!(lines[0], "Setup\r");
    assert_eq!(lines[1], "Ana won the coin toss.\r");
    // A line no template reads is kept as written.
    assert_eq!(lines[2], "- unbekannte Zeile\r");
    assert_eq!(lines[3], "   • Nestball, Krawalloro\r");
    assert_eq!(lines[5], "Turn # 1 - Ana's Turn");
}

#[test]
fn basic_energy_and_hidden_cards_are_put_in_english() {
    assert_eq!(
        words::basic_energy(Locale::De, "Basis-Elektro-Energie").as_deref(),
        Some("Basic Lightning Energy")
    );
    assert_eq!(
        words::basic_energy(Locale::EsLa, "Energía Psíquica Básica").as_deref(),
        Some("Basic Psychic Energy")
    );
    assert_eq!(
        words::basic_energy(Locale::It, "Energia base Fuoco").as_deref(),
        Some("Basic Fire Energy")
    );
    assert_eq!(
        words::basic_energy(Locale::PtBr, "Energia Luta Básica").as_deref(),
        Some("Basic Fighting Energy")
    );
    assert_eq!(
        words::basic_energy(Locale::Fr, "Énergie Eau de base").as_deref(),
        Some("Basic Water Energy")
    );
    assert_eq!(words::basic_energy(Locale::De, "Jet-Energie"), None);
    assert_eq!(
        words::card_count(Locale::De, "3 Karten").as_deref(),
        Some("3 cards")
    );
    assert_eq!(
        words::card_count(Locale::It, "2 carte").as_deref(),
        Some("2 cards")
    );
    assert_eq!(words::card_count(Locale::It, "Caramella Rara"), None);
}
