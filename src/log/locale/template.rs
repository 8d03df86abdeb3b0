//! One client template (`[playerName] drew [cardName].`): literal text and named placeholders,
//! matched against a line (with backtracking: a name may hold spaces) or filled in.

/// A piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Literal(String),
    Placeholder(String),
}

/// A compiled template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

impl Template {
    /// Read a template; `’` is read as `'`, as the parser does.
    pub fn compile(text: &str) -> Template {
        let text = text.replace('\u{2019}', "'");
        let mut pieces = Vec::new();
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let open = rest.find('[').and_then(|o| {
                let close = rest[o..].find(']')? + o;
                let name = &rest[o + 1..close];
                (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()))
                    .then_some((o, close))
            });
            match open {
                Some((o, close)) => {
                    if o > 0 {
                        pieces.push(Piece::Literal(rest[..o].to_string()));
                    }
                    pieces.push(Piece::Placeholder(rest[o + 1..close].to_string()));
                    rest = &rest[close + 1..];
                }
                None => {
                    pieces.push(Piece::Literal(rest.to_string()));
                    rest = "";
                }
            }
        }
        Template { pieces }
    }

    /// Characters of literal text (the more, the more specific).
    pub fn literal_len(&self) -> usize {
        self.pieces
            .iter()
            .map(|p| match p {
                Piece::Literal(l) => l.chars().count(),
                Piece::Placeholder(_) => 0,
            })
            .sum()
    }

    /// The placeholder values when `line` is this template, by placeholder name (in order).
    pub fn matches<'a>(&self, line: &'a str) -> Option<Vec<(String, &'a str)>> {
        self.matches_with(line, &[])
    }

    /// As [`Template::matches`], with a player placeholder (`playerName`, `targetPlayerName`,
    /// `opponentName`, …) taking only one of `players` when any are given.
    pub fn matches_with<'a>(
        &self,
        line: &'a str,
        players: &[String],
    ) -> Option<Vec<(String, &'a str)>> {
        let mut values = Vec::new();
        match_pieces(&self.pieces, line, players, &mut values).then_some(values)
    }

    /// The template with each placeholder replaced by `value(name)`.
    pub fn fill(&self, mut value: impl FnMut(&str) -> String) -> String {
        let mut out = String::new();
        for p in &self.pieces {
            match p {
                Piece::Literal(l) => out.push_str(l),
                Piece::Placeholder(name) => out.push_str(&value(name)),
            }
        }
        out
    }
}

/// Whether a placeholder holds a player's name.
pub fn is_player(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.ends_with("playername") || lower == "opponentname"
}

fn match_pieces<'a>(
    pieces: &[Piece],
    s: &'a str,
    players: &[String],
    values: &mut Vec<(String, &'a str)>,
) -> bool {
    let Some((first, rest)) = pieces.split_first() else {
        return s.is_empty();
    };
    match first {
        Piece::Literal(lit) => s
            .strip_prefix(lit.as_str())
            .is_some_and(|after| match_pieces(rest, after, players, values)),
        Piece::Placeholder(name) => {
            let player = is_player(name) && !players.is_empty();
            let accept = |v: &str| {
                !v.is_empty()
                    && !v.starts_with(' ')
                    && !v.ends_with(' ')
                    && (!player || players.iter().any(|p| p == v))
            };
            match rest.first() {
                None => {
                    if accept(s) {
                        values.push((name.clone(), s));
                        true
                    } else {
                        false
                    }
                }
                Some(Piece::Literal(lit)) => {
                    let mut from = 0;
                    while let Some(found) = s[from..].find(lit.as_str()) {
                        let pos = from + found;
                        from = pos + lit.len().max(1);
                        let value = &s[..pos];
                        if !accept(value) {
                            if from > s.len() {
                                break;
                            }
                            continue;
                        }
                        let depth = values.len();
                        values.push((name.clone(), value));
                        if match_pieces(rest, &s[pos..], players, values) {
                            return true;
                        }
                        values.truncate(depth);
                        if from > s.len() {
                            break;
                        }
                    }
                    false
                }
                // Two placeholders side by side cannot be told apart.
                Some(Piece::Placeholder(_)) => false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_and_fills_by_name() {
        let de = Template::compile("[cardName] von [playerName] hat [attackName] eingesetzt.");
        let values = de
            .matches("Wirbel-Rotom von player 1 hat Ruf des Ventilators eingesetzt.")
            .unwrap();
        assert_eq!(
            values,
            vec![
                ("cardName".to_string(), "Wirbel-Rotom"),
                ("playerName".to_string(), "player 1"),
                ("attackName".to_string(), "Ruf des Ventilators"),
            ]
        );
        let en = Template::compile("[playerName]'s [cardName] used [attackName].");
        let filled = en.fill(|n| {
            values
                .iter()
                .find(|(k, _)| k == n)
                .map(|(_, v)| v.to_string())
                .unwrap()
        });
        assert_eq!(filled, "player 1's Wirbel-Rotom used Ruf des Ventilators.");
        assert!(de.matches("something else").is_none());
        assert_eq!(de.literal_len(), " von  hat  eingesetzt.".chars().count());
    }

    #[test]
    fn a_placeholder_needs_a_value() {
        let t = Template::compile("[playerName] ganó.");
        assert!(t.matches(" ganó.").is_none());
        assert!(t.matches("ganó.").is_none());
        assert!(t.matches("Ana ganó.").is_some());
    }
}
