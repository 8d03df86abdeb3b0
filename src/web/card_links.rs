//! A log line cut into pieces so that the cards it names link to their pages: the replay
//! page shows each piece, a card name as a link.

use super::cards::name_url;

/// A piece of a line: its text, and the card page it links to (none for plain text).
pub type Piece = (String, Option<String>);

/// The line in pieces, each card name of `names` found in it (leftmost first, the longer name
/// when two start at one place) a link. A name is found with either apostrophe (`'` or `’`).
pub fn pieces(text: &str, names: &[&str]) -> Vec<Piece> {
    let mut spellings: Vec<(String, &str)> = Vec::new();
    for name in names.iter().filter(|n| !n.trim().is_empty()) {
        spellings.push((name.to_string(), name));
        if name.contains('\'') {
            spellings.push((name.replace('\'', "\u{2019}"), name));
        }
    }
    let mut out: Vec<Piece> = Vec::new();
    let mut rest = text;
    loop {
        let found = spellings
            .iter()
            .filter_map(|(spelling, name)| {
                rest.find(spelling.as_str()).map(|at| (at, spelling, name))
            })
            .min_by_key(|(at, spelling, _)| (*at, std::cmp::Reverse(spelling.len())));
        let Some((at, spelling, name)) = found else {
            break;
        };
        if at > 0 {
            out.push((rest[..at].to_string(), None));
        }
        out.push((spelling.clone(), Some(name_url(name))));
        rest = &rest[at + spelling.len()..];
    }
    if !rest.is_empty() || out.is_empty() {
        out.push((rest.to_string(), None));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(pieces: &[Piece]) -> String {
        pieces
            .iter()
            .map(|(t, link)| match link {
                Some(url) => format!("[{t}]({url})"),
                None => t.clone(),
            })
            .collect()
    }

    #[test]
    fn each_card_name_becomes_a_link_and_the_rest_stays_as_written() {
        let line =
            "Ash's Iono's Kilowattrel used Mach Bolt on Misty\u{2019}s Veluza ex for 30 damage.";
        let got = pieces(line, &["Iono's Kilowattrel", "Veluza ex"]);
        assert_eq!(
            shown(&got),
            "Ash's [Iono's Kilowattrel](/cards?name=Iono%27s+Kilowattrel) used Mach Bolt on \
             Misty\u{2019}s [Veluza ex](/cards?name=Veluza+ex) for 30 damage."
        );
        let joined: String = got.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(joined, line);
    }

    #[test]
    fn the_longer_name_wins_and_a_curly_apostrophe_is_found() {
        let got = pieces(
            "Ash played Boss\u{2019}s Orders.",
            &["Boss", "Boss's Orders"],
        );
        assert_eq!(
            shown(&got),
            "Ash played [Boss\u{2019}s Orders](/cards?name=Boss%27s+Orders)."
        );
        assert_eq!(pieces("Setup", &[]), [("Setup".to_string(), None)]);
        assert_eq!(pieces("", &["X"]), [(String::new(), None)]);
    }
}
