//! Hand and deck counts in every language (issue 25, part 4): a small game written from the
//! client's own line templates (`../shared/ptcgl-logs/templates`) in each of the 7 languages —
//! opening hands, draws the exporting player sees and draws it does not ("a card", "2 cards"),
//! cards played, a Prize card taken and added to the hand — gives both players the same hand and deck counts
//! as the English game, exact where the English ones are.

mod common;

use common::template;

use ptcg_judge::engine::{Replay, RuleEdition};
use ptcg_judge::log::parse_log;

const LOCALES: &[&str] = &["en", "de", "es", "es_la", "fr", "it", "ptbr"];

/// The game in `locale`, or `None` without the templates.
fn game(locale: &str) -> Option<String> {
    let t = common::line_templates(locale)?;
    let a_card = template(&t, "blog_loc_a_card", &[]);
    let two_cards = template(&t, "blog_loc_number_of_cards", &[("numCards", "2")]);
    let line = |key: &str, fill: &[(&str, &str)]| template(&t, key, fill);
    let lines = vec![
        line("blog_loc_phase_setup", &[]),
        line("blog_loc_won_coin_toss", &[("playerName", "Ann")]),
        line("blog_loc_going_first", &[("playerName", "Ann")]),
        line(
            "blog_loc_draw_opening_hand",
            &[("playerName", "Ann"), ("numCards", "7")],
        ),
        format!(
            "- {}",
            line("blog_loc_drawn_cards_grid_header", &[("numCards", "7")])
        ),
        "   • Pikachu, Pikachu, Potion, Switch, Switch, Nest Ball, Ultra Ball".to_string(),
        line(
            "blog_loc_draw_opening_hand",
            &[("playerName", "Ben"), ("numCards", "7")],
        ),
        line(
            "blog_loc_play_to_active",
            &[("playerName", "Ann"), ("cardName", "Pikachu")],
        ),
        String::new(),
        line("blog_loc_phase_turn", &[("playerName", "Ann")]),
        line(
            "blog_loc_drew_card",
            &[("playerName", "Ann"), ("cardName", "Potion")],
        ),
        line(
            "blog_loc_play_to_bench",
            &[("playerName", "Ann"), ("cardName", "Pikachu")],
        ),
        line("blog_loc_manual_end", &[("playerName", "Ann")]),
        String::new(),
        line("blog_loc_phase_turn", &[("playerName", "Ben")]),
        line(
            "blog_loc_drew_card",
            &[("playerName", "Ben"), ("cardName", &a_card)],
        ),
        line(
            "blog_loc_drew_card",
            &[("playerName", "Ben"), ("cardName", &two_cards)],
        ),
        line("blog_loc_manual_end", &[("playerName", "Ben")]),
        String::new(),
        line("blog_loc_phase_turn", &[("playerName", "Ann")]),
        line(
            "blog_loc_drew_card",
            &[("playerName", "Ann"), ("cardName", "Switch")],
        ),
        line(
            "blog_loc_drew_card",
            &[("playerName", "Ann"), ("cardName", &two_cards)],
        ),
        line("blog_loc_took_single_prize_card", &[("playerName", "Ann")]),
        format!(
            "- {}",
            line(
                "blog_loc_added_prize",
                &[("playerName", "Ann"), ("cardName", "Potion")],
            )
        ),
        line("blog_loc_manual_end", &[("playerName", "Ann")]),
    ];
    Some(lines.join("\n") + "\n")
}

/// Each player's hand and deck count after the game: value and exactness.
fn counts(text: &str) -> Vec<((i32, bool), (i32, bool))> {
    let log = parse_log(text.as_bytes()).unwrap();
    let unparsed: Vec<String> = log.unparsed().map(|l| log.text(l).to_string()).collect();
    assert!(unparsed.is_empty(), "lines not read: {unparsed:?}");
    let result = Replay::run(&log, None, RuleEdition::default());
    result
        .state
        .players
        .iter()
        .map(|p| ((p.hand.value, p.hand.exact), (p.deck.value, p.deck.exact)))
        .collect()
}

#[test]
fn hand_and_deck_counts_are_the_same_in_every_language() {
    let Some(english) = game("en") else {
        common::skipped("localized hand and deck counts", "ptcgl-logs/templates");
        return;
    };
    let want = counts(&english);
    // Ann: 7, then a Pikachu to the Active Spot and one to the Bench, 1 + 1 + 2 drawn, a Prize
    // card taken: 10 cards, all counted; her deck 60 - 7 - 6 Prize cards - 4 drawn.
    assert_eq!(want[0].0, (10, true), "Ann's hand in English: {want:?}");
    assert_eq!(want[0].1, (43, true), "Ann's deck in English: {want:?}");
    for locale in LOCALES {
        let text = game(locale).unwrap_or_else(|| panic!("no templates for {locale}"));
        assert_eq!(counts(&text), want, "{locale}:\n{text}");
    }
}

/// The exporting player's hand and deck counts after every line of a log.
fn owner_counts(log: &ptcg_judge::log::ParsedLog) -> Vec<((i32, bool), (i32, bool))> {
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let mut replay = Replay::new(log, Some(&cards), RuleEdition::default());
    let mut out = Vec::new();
    while replay.next_step().is_some() {
        if let Some(owner) = replay.log_owner() {
            let p = &replay.state().players[owner];
            out.push(((p.hand.value, p.hand.exact), (p.deck.value, p.deck.exact)));
        }
    }
    out
}

/// Each real localized log of `../shared` gives the exporting player, line by line, the same
/// hand and deck counts as the English lines it is read as: where a count stops being exact,
/// the English log would lose it too (a card effect the tracker does not follow), not the
/// language.
#[test]
fn the_real_localized_logs_count_as_their_english_reading() {
    let Some(dir) = common::shared_dir().map(|d| d.join("ptcgl-logs/localized")) else {
        common::skipped("localized hand and deck counts", "ptcgl-logs/localized");
        return;
    };
    let cards = ptcg_judge::cards::snapshot::builtin().expect("the built-in card data");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        let bytes = std::fs::read(&path).unwrap();
        let log = ptcg_judge::log::parse::parse_log_with(&bytes, cards.as_ref()).unwrap();
        if log.original.is_none() {
            continue;
        }
        let english =
            ptcg_judge::log::parse::parse_log_with(log.source.as_bytes(), cards.as_ref()).unwrap();
        let (theirs, ours) = (owner_counts(&log), owner_counts(&english));
        assert!(
            !theirs.is_empty(),
            "{}: no exporting player",
            path.display()
        );
        assert_eq!(theirs, ours, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 4, "only {checked} localized logs");
}
