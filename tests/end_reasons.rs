//! The end-of-game reason in every language (issue 25): every ending the client writes is read
//! as a known reason; an ending in words the project does not know takes the reason the game
//! shows ("from the game"), or "not stated" for a concession or a time-out the board cannot
//! show; the report and the page never say "unknown".
//!
//! The real localized logs of `../shared`, their endings changed, and small games written here
//! from the client's own line templates (`../shared/ptcgl-logs/templates`) in each of the 7
//! languages.

mod common;

use common::template;

use common::verify_builtin as verify;
use ptcg_judge::report::Report;

/// The endings the client writes that the project knows, by template locale, with the
/// reason each gives.
const ENDINGS: &[(&str, &str, &str)] = &[
    ("en", "All Prize cards taken", "prizes"),
    ("en", "Opponent conceded", "concede"),
    ("en", "Knocked Out with no Benched Pokémon", "no-pokemon"),
    ("en", "Opponent was inactive for too long", "timeout"),
    ("de", "Alle Preiskarten genommen", "prizes"),
    ("es", "Todas las cartas de Premio tomadas", "prizes"),
    ("es_la", "Todas las cartas de Premio tomadas", "prizes"),
    (
        "fr",
        "Toutes les cartes Récompense ont été récupérées",
        "prizes",
    ),
    (
        "fr",
        "L’adversaire a récupéré toutes ses cartes Récompense",
        "prizes",
    ),
    ("fr", "L'adversaire a concédé la partie", "concede"),
    (
        "fr",
        "L’adversaire a mis K.O. tous vos Pokémon en jeu, et toutes ses cartes Récompense ont été récupérées.",
        "no-pokemon",
    ),
    ("it", "Hai concesso la vittoria all’avversario", "concede"),
    ("ptbr", "O oponente se rendeu", "concede"),
    // Endings read by the words each language's templates use (issue 40): giving up, time,
    // the deck and no Pokémon in play, in all six other languages.
    ("es", "El rival se ha rendido", "concede"),
    ("es_la", "El rival se rindió", "concede"),
    ("es", "El rival no ha actuado a tiempo", "timeout"),
    (
        "es",
        "El rival se ha quedado sin cartas en la baraja",
        "deck-out",
    ),
    ("es", "El rival no tiene Pokémon en juego", "no-pokemon"),
    ("de", "Der Gegner hat aufgegeben", "concede"),
    (
        "de",
        "Der Gegner hat nicht rechtzeitig gehandelt (Zeit abgelaufen)",
        "timeout",
    ),
    ("de", "Das Deck des Gegners ist leer", "deck-out"),
    (
        "de",
        "Der Gegner hat keine Pokémon mehr im Spiel",
        "no-pokemon",
    ),
    ("fr", "L'adversaire a abandonné", "concede"),
    ("fr", "L'adversaire n'a pas agi à temps", "timeout"),
    (
        "fr",
        "L'adversaire n'a plus de cartes dans son deck",
        "deck-out",
    ),
    (
        "fr",
        "L'adversaire n'a plus de Pokémon en jeu",
        "no-pokemon",
    ),
    ("it", "L'avversario si è arreso", "concede"),
    ("it", "L'avversario non ha agito in tempo", "timeout"),
    (
        "it",
        "L'avversario ha finito le carte nel mazzo",
        "deck-out",
    ),
    (
        "it",
        "L'avversario non ha più Pokémon in gioco",
        "no-pokemon",
    ),
    ("ptbr", "O oponente desistiu", "concede"),
    ("ptbr", "O oponente não agiu a tempo", "timeout"),
    ("ptbr", "O baralho do oponente acabou", "deck-out"),
    (
        "ptbr",
        "O oponente não tem mais Pokémon em jogo",
        "no-pokemon",
    ),
];

/// A small game in `locale` written from the client's templates: each player ends a turn,
/// then the end line with `reason`.
fn game(locale: &str, reason: &str) -> Option<String> {
    let templates = common::line_templates(locale)?;
    let mut lines = vec![
        template(&templates, "blog_loc_phase_setup", &[]),
        String::new(),
    ];
    for player in ["Ann", "Ben"] {
        lines.push(template(
            &templates,
            "blog_loc_phase_turn",
            &[("playerName", player)],
        ));
        lines.push(template(
            &templates,
            "blog_loc_manual_end",
            &[("playerName", player)],
        ));
        lines.push(String::new());
    }
    lines.pop();
    lines.push(template(
        &templates,
        "blog_loc_end_game",
        &[
            ("gameEndReason", reason.trim_end_matches('.')),
            ("playerName", "Ann"),
        ],
    ));
    Some(lines.join("\n") + "\n")
}

/// The report says a reason, and neither it nor its words say "unknown".
fn assert_known(report: &Report, what: &str) {
    let r = &report.result;
    assert!(
        !["unknown", "not-ended"].contains(&r.reason.as_str()),
        "{what}: reason {:?}",
        r.reason
    );
    assert!(!r.reason_words().contains("unknown"), "{what}");
    let text = ptcg_judge::report::text::render_text(report);
    assert!(!text.contains("(unknown)"), "{what}: {text}");
}

#[test]
fn every_known_ending_in_every_language_gives_its_reason() {
    let mut checked = 0;
    for (locale, sentence, want) in ENDINGS {
        let Some(log) = game(locale, sentence) else {
            common::skipped("end_reasons", "ptcgl-logs/templates");
            return;
        };
        let report = verify(&log);
        assert_eq!(
            report.result.winner.as_deref(),
            Some("Ann"),
            "{locale}: {sentence}\n{log}"
        );
        assert_eq!(
            report.result.reason.as_str(),
            *want,
            "{locale}: {sentence}\n{log}"
        );
        assert_eq!(report.result.reason_from, None, "{locale}: {sentence}");
        assert_known(&report, sentence);
        checked += 1;
    }
    assert_eq!(checked, ENDINGS.len());
}

#[test]
fn the_real_localized_logs_end_with_a_known_reason() {
    let Some(dir) = common::shared_dir().map(|d| d.join("ptcgl-logs/localized")) else {
        common::skipped("end_reasons", "ptcgl-logs/localized");
        return;
    };
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let report = verify(&text);
        assert_known(&report, &entry.path().display().to_string());
        seen += 1;
    }
    assert!(seen >= 6, "{seen} logs");
}

/// The end line of a real log with its reason written in words no table knows.
fn with_reason(text: &str, words: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    let last = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .expect("an end line");
    let (_, winner_part) = lines[last].split_once(". ").expect("reason. winner");
    let changed = format!("{words}. {winner_part}");
    lines[last] = &changed;
    lines.join("\n") + "\n"
}

#[test]
fn an_ending_in_unknown_words_takes_the_reason_the_game_shows() {
    let Some(dir) = common::shared_dir().map(|d| d.join("ptcgl-logs/localized")) else {
        common::skipped("end_reasons", "ptcgl-logs/localized");
        return;
    };
    // The German game ends on the winner's last Prize card: the game shows it.
    let de = std::fs::read_to_string(dir.join("de.txt")).unwrap();
    let report = verify(&with_reason(&de, "Irgendein neuer Satz"));
    assert_eq!(report.result.reason.as_str(), "prizes");
    assert_eq!(report.result.reason_from.as_deref(), Some("game"));
    assert!(report.result.reason_words().contains("from the game"));
    assert_known(&report, "de.txt, new words");
    // The Italian game ends on a concession: the board cannot show it.
    let it = std::fs::read_to_string(dir.join("it.txt")).unwrap();
    let report = verify(&with_reason(&it, "Una frase nuova"));
    assert_eq!(report.result.reason.as_str(), "not-stated");
    assert_eq!(report.result.reason_from, None);
    assert_known(&report, "it.txt, new words");
}
