//! Stats over many games: games, wins and losses per deck and per matchup, going first against
//! second, average turns and Prize cards per turn. Each game is a [`GameSummary`]; a deck is its
//! label ([`super::deck_label`]).

use std::collections::BTreeMap;

use serde::Serialize;

use super::summary::GameSummary;

/// Whose side of each game counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sides {
    /// Both sides of every game (each game counted once for each side).
    #[default]
    Both,
    /// Only the side of the player who exported the log (a player's own games); a game whose
    /// log does not show who exported it is left out.
    Exporter,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stats {
    pub games: u32,
    pub decks: Vec<DeckRow>,
    pub matchups: Vec<MatchupRow>,
    pub first: Record,
    pub second: Record,
    /// Turns per game, on average.
    pub average_turns: f64,
    /// Games with no winner (a draw, or a log without an end).
    pub no_winner: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DeckRow {
    pub deck: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    /// Turns per game, on average (both players' turns).
    pub average_turns: f64,
    /// Prize cards taken per turn of this side's own.
    pub prizes_per_turn: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchupRow {
    pub deck: String,
    pub opponent: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Record {
    pub games: u32,
    pub wins: u32,
}

#[derive(Default)]
struct Acc {
    games: u32,
    wins: u32,
    losses: u32,
    turns: u64,
    own_turns: u64,
    prizes: u64,
}

impl Acc {
    fn add(&mut self, won: Option<bool>, turns: u32, own_turns: u32, prizes: u32) {
        self.games += 1;
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => {}
        }
        self.turns += u64::from(turns);
        self.own_turns += u64::from(own_turns);
        self.prizes += u64::from(prizes);
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        // Two decimals are what a table shows.
        ((a as f64 / b as f64) * 100.0).round() / 100.0
    }
}

/// The stats of `games`, counting `sides`.
pub fn stats<'a>(games: impl IntoIterator<Item = &'a GameSummary>, sides: Sides) -> Stats {
    let mut decks: BTreeMap<String, Acc> = BTreeMap::new();
    let mut matchups: BTreeMap<(String, String), Acc> = BTreeMap::new();
    let (mut first, mut second) = (Record::default(), Record::default());
    let (mut count, mut turns, mut no_winner) = (0u32, 0u64, 0u32);
    for game in games {
        let sides_of: Vec<usize> = match sides {
            Sides::Both => (0..game.players.len()).collect(),
            Sides::Exporter => game
                .players
                .iter()
                .position(|p| p.exported_log)
                .into_iter()
                .collect(),
        };
        if sides_of.is_empty() || game.players.len() != 2 {
            continue;
        }
        count += 1;
        turns += u64::from(game.turns);
        if game.winner.is_none() {
            no_winner += 1;
        }
        for &i in &sides_of {
            let me = &game.players[i];
            let them = &game.players[1 - i];
            let won = game.winner.as_ref().map(|w| *w == me.name);
            decks.entry(me.deck.clone()).or_default().add(
                won,
                game.turns,
                me.turns_taken,
                me.prizes_taken,
            );
            matchups
                .entry((me.deck.clone(), them.deck.clone()))
                .or_default()
                .add(won, game.turns, me.turns_taken, me.prizes_taken);
            let record = match me.went_first {
                Some(true) => Some(&mut first),
                Some(false) => Some(&mut second),
                None => None,
            };
            if let Some(r) = record {
                r.games += 1;
                r.wins += u32::from(won == Some(true));
            }
        }
    }
    let mut deck_rows: Vec<DeckRow> = decks
        .into_iter()
        .map(|(deck, a)| DeckRow {
            deck,
            games: a.games,
            wins: a.wins,
            losses: a.losses,
            average_turns: ratio(a.turns, u64::from(a.games)),
            prizes_per_turn: ratio(a.prizes, a.own_turns),
        })
        .collect();
    deck_rows.sort_by(|a, b| b.games.cmp(&a.games).then(a.deck.cmp(&b.deck)));
    let mut matchup_rows: Vec<MatchupRow> = matchups
        .into_iter()
        .map(|((deck, opponent), a)| MatchupRow {
            deck,
            opponent,
            games: a.games,
            wins: a.wins,
            losses: a.losses,
        })
        .collect();
    matchup_rows.sort_by(|a, b| {
        b.games
            .cmp(&a.games)
            .then(a.deck.cmp(&b.deck))
            .then(a.opponent.cmp(&b.opponent))
    });
    Stats {
        games: count,
        decks: deck_rows,
        matchups: matchup_rows,
        first,
        second,
        average_turns: ratio(turns, u64::from(count)),
        no_winner,
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The stats as one CSV table: a header, then one row per deck, per matchup, and for going
/// first and second (`table` says which).
pub fn to_csv(s: &Stats) -> String {
    let mut out =
        String::from("table,deck,opponent,games,wins,losses,average_turns,prizes_per_turn\n");
    for d in &s.decks {
        out.push_str(&format!(
            "deck,{},,{},{},{},{},{}\n",
            field(&d.deck),
            d.games,
            d.wins,
            d.losses,
            d.average_turns,
            d.prizes_per_turn
        ));
    }
    for m in &s.matchups {
        out.push_str(&format!(
            "matchup,{},{},{},{},{},,\n",
            field(&m.deck),
            field(&m.opponent),
            m.games,
            m.wins,
            m.losses
        ));
    }
    for (name, r) in [("first", s.first), ("second", s.second)] {
        out.push_str(&format!(
            "{name},,,{},{},{},,\n",
            r.games,
            r.wins,
            r.games - r.wins
        ));
    }
    out.push_str(&format!("all,,,{},,,{},\n", s.games, s.average_turns));
    out
}

/// The stats as text tables.
pub fn to_text(s: &Stats) -> String {
    let mut out = format!(
        "{} game{}, {} turns on average{}\n",
        s.games,
        if s.games == 1 { "" } else { "s" },
        s.average_turns,
        if s.no_winner > 0 {
            format!(", {} with no winner", s.no_winner)
        } else {
            String::new()
        }
    );
    let pct = |w: u32, g: u32| {
        if g == 0 {
            "–".to_string()
        } else {
            format!("{}%", (f64::from(w) * 100.0 / f64::from(g)).round())
        }
    };
    out.push_str(&format!(
        "going first: {} games, {} wins ({}); going second: {} games, {} wins ({})\n\n",
        s.first.games,
        s.first.wins,
        pct(s.first.wins, s.first.games),
        s.second.games,
        s.second.wins,
        pct(s.second.wins, s.second.games)
    ));
    let width = s
        .decks
        .iter()
        .map(|d| d.deck.chars().count())
        .chain(s.matchups.iter().map(|m| m.deck.chars().count()))
        .max()
        .unwrap_or(4)
        .max(4);
    let pad = |t: &str| format!("{t}{}", " ".repeat(width.saturating_sub(t.chars().count())));
    out.push_str(&format!(
        "{}  games  wins  losses  win%  avg turns  Prizes/turn\n",
        pad("deck")
    ));
    for d in &s.decks {
        out.push_str(&format!(
            "{}  {:>5}  {:>4}  {:>6}  {:>4}  {:>9}  {:>11}\n",
            pad(&d.deck),
            d.games,
            d.wins,
            d.losses,
            pct(d.wins, d.games),
            d.average_turns,
            d.prizes_per_turn
        ));
    }
    out.push_str(&format!("\n{}  opponent\n", pad("matchup: deck")));
    for m in &s.matchups {
        out.push_str(&format!(
            "{}  vs {}: {} game{}, {} won, {} lost\n",
            pad(&m.deck),
            m.opponent,
            m.games,
            if m.games == 1 { "" } else { "s" },
            m.wins,
            m.losses
        ));
    }
    out
}
