//! A deck's label, made from the Pokémon a side showed: the one or two that attacked or were
//! evolved into most ("Dragapult ex / Dusknoir"). A Pokémon's evolution line counts as one: what
//! its earlier stages did counts for the furthest stage it reached in the game, so a deck is
//! named after its Stage 2, not the Stage 1 that attacked on the way.

use rustc_hash::FxHashMap as HashMap;

/// The label of a side that showed no Pokémon.
pub const NO_POKEMON: &str = "no Pokémon seen";

/// What one side showed that names its deck.
#[derive(Debug, Clone, Default)]
pub struct DeckEvidence {
    /// Per Pokémon: attacks made, times evolved into, times put into play.
    counts: HashMap<String, (u32, u32, u32)>,
    /// What each Pokémon evolved into, most often first.
    evolutions: HashMap<String, HashMap<String, u32>>,
    /// The order names were first seen in (ties go to the earlier).
    order: Vec<String>,
    /// Turns this side began.
    pub turns: u32,
}

impl DeckEvidence {
    fn entry(&mut self, name: &str) -> &mut (u32, u32, u32) {
        if !self.counts.contains_key(name) {
            self.order.push(name.to_string());
        }
        self.counts.entry(name.to_string()).or_default()
    }

    pub fn attacked(&mut self, pokemon: &str) {
        self.entry(pokemon).0 += 1;
    }

    pub fn evolved(&mut self, from: &str, to: &str) {
        self.entry(from);
        self.entry(to).1 += 1;
        *self
            .evolutions
            .entry(from.to_string())
            .or_default()
            .entry(to.to_string())
            .or_default() += 1;
    }

    pub fn played(&mut self, pokemon: &str) {
        self.entry(pokemon).2 += 1;
    }

    /// The evolution edges: those the game showed, and those the card data gives between
    /// Pokémon the game showed (a Stage 2 put in play with Rare Candy still joins its Stage 1).
    fn edges(&self, evolves_from: &dyn Fn(&str) -> Option<String>) -> Vec<(String, String)> {
        let mut edges: Vec<(String, String)> = Vec::new();
        for (from, to) in &self.evolutions {
            for t in to.keys() {
                edges.push((from.clone(), t.clone()));
            }
        }
        for name in &self.order {
            if let Some(from) = evolves_from(name)
                && self.counts.contains_key(&from)
            {
                edges.push((from, name.clone()));
            }
        }
        edges
    }
}

/// The label of a side: its one or two Pokémon lines that attacked or evolved most, each named
/// after its furthest stage; a side with neither is named after the Pokémon it put into play
/// most. `evolves_from` gives what a Pokémon evolves from in the card data (none without).
pub fn deck_label(
    evidence: &DeckEvidence,
    evolves_from: &dyn Fn(&str) -> Option<String>,
) -> String {
    let names = &evidence.order;
    let index = |n: &str| names.iter().position(|m| m == n);
    // Families: the names joined by evolution.
    let mut family: Vec<usize> = (0..names.len()).collect();
    fn root(family: &mut [usize], mut i: usize) -> usize {
        while family[i] != i {
            family[i] = family[family[i]];
            i = family[i];
        }
        i
    }
    let edges = evidence.edges(evolves_from);
    let mut sources = vec![false; names.len()];
    for (from, to) in &edges {
        if let (Some(a), Some(b)) = (index(from), index(to)) {
            sources[a] = true;
            let (ra, rb) = (root(&mut family, a), root(&mut family, b));
            family[ra] = rb;
        }
    }
    // Per family: its score (attacks and evolutions), its plays, its first name seen, and the
    // name it goes by: the furthest stage (no member evolves from it) that did most.
    struct Line {
        score: u32,
        played: u32,
        first: usize,
        name: usize,
    }
    let mut lines: HashMap<usize, Line> = HashMap::default();
    for (i, name) in names.iter().enumerate() {
        let (attacks, evolved, played) = evidence.counts[name];
        let r = root(&mut family, i);
        let l = lines.entry(r).or_insert(Line {
            score: 0,
            played: 0,
            first: i,
            name: i,
        });
        l.score += attacks + evolved;
        l.played += played;
        l.first = l.first.min(i);
        let did = |j: usize| {
            let (a, e, _) = evidence.counts[&names[j]];
            (!sources[j], a + e, j)
        };
        if did(i) > did(l.name) {
            l.name = i;
        }
    }
    let mut ranked: Vec<Line> = lines.into_values().collect();
    ranked.sort_by(|a, b| {
        (b.score, b.played)
            .cmp(&(a.score, a.played))
            .then(a.first.cmp(&b.first))
    });
    let active: Vec<&str> = ranked
        .iter()
        .filter(|l| l.score > 0)
        .take(2)
        .map(|l| names[l.name].as_str())
        .collect();
    if !active.is_empty() {
        return active.join(" / ");
    }
    ranked
        .first()
        .map_or_else(|| NO_POKEMON.to_string(), |l| names[l.name].clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn an_evolution_line_is_named_after_its_furthest_stage() {
        let mut e = DeckEvidence::default();
        e.played("Dreepy");
        e.evolved("Dreepy", "Drakloak");
        e.attacked("Drakloak");
        e.evolved("Drakloak", "Dragapult ex");
        e.attacked("Dragapult ex");
        e.attacked("Dragapult ex");
        e.played("Duskull");
        e.evolved("Duskull", "Dusclops");
        e.evolved("Dusclops", "Dusknoir");
        e.played("Fezandipiti ex");
        assert_eq!(deck_label(&e, &none), "Dragapult ex / Dusknoir");
    }

    /// A Stage 2 put into play straight from the Basic (Rare Candy) is in the Basic's line;
    /// which of the line's ends names it takes the card data: without it the end that did
    /// most, with it the stage nothing evolves from.
    #[test]
    fn the_card_data_joins_a_stage_skipped() {
        let mut e = DeckEvidence::default();
        e.evolved("Dreepy", "Drakloak");
        e.attacked("Drakloak");
        e.attacked("Drakloak");
        e.evolved("Dreepy", "Dragapult ex");
        e.attacked("Dragapult ex");
        e.attacked("Munkidori");
        assert_eq!(deck_label(&e, &none), "Drakloak / Munkidori");
        let data = |n: &str| match n {
            "Dragapult ex" => Some("Drakloak".to_string()),
            "Drakloak" => Some("Dreepy".to_string()),
            _ => None,
        };
        assert_eq!(deck_label(&e, &data), "Dragapult ex / Munkidori");
    }

    #[test]
    fn a_side_that_neither_attacked_nor_evolved_is_named_after_what_it_played() {
        let mut e = DeckEvidence::default();
        assert_eq!(deck_label(&e, &none), NO_POKEMON);
        e.played("Pidgey");
        e.played("Lugia V");
        e.played("Lugia V");
        assert_eq!(deck_label(&e, &none), "Lugia V");
        e.attacked("Pidgey");
        assert_eq!(deck_label(&e, &none), "Pidgey");
    }
}
