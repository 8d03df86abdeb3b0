//! A game's summary and a deck list check as text, for the command line.

use std::fmt::Write;

use super::deck_check::DeckCheck;
use super::summary::GameSummary;

/// The summary as text: the result, the Prize race, the Knock Outs, the damage, the turns and
/// the cards each side showed.
pub fn summary_text(s: &GameSummary) -> String {
    let mut out = String::new();
    let names: Vec<&str> = s.players.iter().map(|p| p.name.as_str()).collect();
    let _ = writeln!(out, "{}", names.join(" vs "));
    let when = s
        .end_turn
        .map(|t| format!(" on {}", t.words()))
        .unwrap_or_default();
    let at = s
        .end_line
        .map(|l| format!(" (line {l})"))
        .unwrap_or_default();
    match &s.winner {
        Some(w) => {
            let _ = writeln!(out, "Result: {w} won — {}{when}{at}", s.reason_words);
        }
        None => {
            let _ = writeln!(out, "Result: no winner — {}{when}{at}", s.reason_words);
        }
    }
    let score: Vec<String> = s
        .players
        .iter()
        .map(|p| format!("{} {}", p.name, p.prizes_taken))
        .collect();
    let _ = writeln!(
        out,
        "Prize cards taken: {}; {} turn{} in all",
        score.join(", "),
        s.turns,
        if s.turns == 1 { "" } else { "s" }
    );
    for p in &s.players {
        let mut notes = Vec::new();
        if p.went_first == Some(true) {
            notes.push("went first");
        }
        if p.exported_log {
            notes.push("exported the log");
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join(", "))
        };
        let _ = writeln!(out, "Deck of {}{notes}: {}", p.name, p.deck);
    }

    let _ = writeln!(out, "\nKnock Outs ({}):", s.knockouts.len());
    if s.knockouts.is_empty() {
        let _ = writeln!(out, "  none");
    }
    for ko in &s.knockouts {
        let by = match (&ko.by, &ko.attack, ko.damage) {
            (Some(by), Some(attack), Some(d)) => format!("{by}'s {attack} ({d} damage)"),
            (Some(by), None, Some(d)) => format!("{by} ({d} damage)"),
            (Some(by), Some(attack), None) => format!("{by}'s {attack}"),
            (Some(by), None, None) => by.clone(),
            _ => "the log does not show what".into(),
        };
        let prizes = match ko.prizes {
            0 => "no Prize card taken".to_string(),
            1 => "1 Prize card".to_string(),
            n => format!("{n} Prize cards"),
        };
        let _ = writeln!(
            out,
            "  turn {:>2}, line {:>4}: {by} → {}'s {}: {prizes}",
            ko.turn, ko.line, ko.owner, ko.pokemon
        );
    }

    let _ = writeln!(
        out,
        "\nDamage dealt (attacks and damage counters placed by effects):"
    );
    for d in &s.damage {
        let each: Vec<String> = d
            .pokemon
            .iter()
            .map(|p| {
                if p.attacks > 0 {
                    format!(
                        "{} {} ({} attack{})",
                        p.pokemon,
                        p.damage,
                        p.attacks,
                        if p.attacks == 1 { "" } else { "s" }
                    )
                } else {
                    format!("{} {}", p.pokemon, p.damage)
                }
            })
            .collect();
        let _ = writeln!(out, "  {} {}: {}", d.player, d.total, each.join(", "));
    }

    let _ = writeln!(
        out,
        "\nTurns (Energy attached from the hand, Supporter, Prize cards taken so far):"
    );
    for r in &s.turn_rows {
        let energy = if r.energy.is_empty() {
            "no Energy".to_string()
        } else {
            r.energy.join(", ")
        };
        let effects = if r.energy_by_effects > 0 {
            format!(" (+{} by effects)", r.energy_by_effects)
        } else {
            String::new()
        };
        let sizes = if r.sizes.is_empty() {
            String::new()
        } else {
            format!("; began with {}", r.sizes)
        };
        let _ = writeln!(
            out,
            "  {:<34} {}{effects}; {}; Prizes {}{sizes}",
            format!(
                "{} {}",
                r.turn.words(),
                r.player.as_deref().unwrap_or("(player not shown)")
            ),
            energy,
            r.supporter.as_deref().unwrap_or("no Supporter"),
            r.prizes_after
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join("–")
        );
    }

    let _ = writeln!(
        out,
        "\nCards each side showed (at least this many copies: a lower bound from what the log shows):"
    );
    for side in &s.cards {
        let _ = writeln!(out, "  {}", side.player);
        for g in &side.groups {
            let cards: Vec<String> = g
                .cards
                .iter()
                .map(|c| match &c.local_name {
                    Some(local) => format!("{} ({local}) ×{}", c.name, c.at_least),
                    None => format!("{} ×{}", c.name, c.at_least),
                })
                .collect();
            let _ = writeln!(
                out,
                "    {} (at least {}): {}",
                g.group.as_str(),
                g.at_least,
                cards.join(", ")
            );
        }
        if let Some(hand) = &side.opening_hand {
            let _ = writeln!(out, "    opening hand: {}", hand.join(", "));
        }
        if !side.prize_cards.is_empty() {
            let _ = writeln!(
                out,
                "    Prize cards named as taken: {}",
                side.prize_cards.join(", ")
            );
        }
    }
    out
}

/// A deck list check as text.
pub fn deck_check_text(c: &DeckCheck) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Deck list of {} ({} cards) against the {} different cards the log shows for them:",
        c.player, c.list_cards, c.cards_compared
    );
    if c.mismatches.is_empty() {
        let _ = writeln!(
            out,
            "  every card the log shows is on the list, in at least the number shown"
        );
    }
    for m in &c.mismatches {
        let _ = writeln!(out, "  {}", m.message);
    }
    for issue in &c.list_issues {
        let _ = writeln!(
            out,
            "  (list line {} not read: {})",
            issue.line, issue.message
        );
    }
    out
}
