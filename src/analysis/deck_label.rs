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

    /// The furthest stage `name` was evolved into in the game (itself when never evolved).
    fn top(&self, name: &str) -> String {
        let mut at = name.to_string();
        // At most a few stages; the bound keeps a cycle in odd logs finite.
        for _ in 0..8 {
            let Some(next) = self.evolutions.get(&at).and_then(|to| {
                to.iter()
                    .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
                    .map(|(n, _)| n.clone())
            }) else {
                break;
            };
            at = next;
        }
        at
    }
}

/// The label of a side: its one or two Pokémon lines that attacked or evolved most, named after
/// the furthest stage; a side with neither is named after the Pokémon it put into play most.
pub fn deck_label(evidence: &DeckEvidence) -> String {
    // Per line (its top stage): attacks + evolutions, then plays, then first seen.
    let mut lines: HashMap<String, (u32, u32, usize)> = HashMap::default();
    for (i, name) in evidence.order.iter().enumerate() {
        let (attacks, evolved, played) = evidence.counts[name];
        let e = lines.entry(evidence.top(name)).or_insert((0, 0, i));
        e.0 += attacks + evolved;
        e.1 += played;
        e.2 = e.2.min(i);
    }
    let mut ranked: Vec<(String, (u32, u32, usize))> = lines.into_iter().collect();
    ranked.sort_by(|a, b| (b.1.0, b.1.1).cmp(&(a.1.0, a.1.1)).then(a.1.2.cmp(&b.1.2)));
    let active: Vec<&str> = ranked
        .iter()
        .filter(|(_, (score, _, _))| *score > 0)
        .take(2)
        .map(|(n, _)| n.as_str())
        .collect();
    if !active.is_empty() {
        return active.join(" / ");
    }
    ranked
        .first()
        .map_or_else(|| NO_POKEMON.to_string(), |(n, _)| n.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(deck_label(&e), "Dragapult ex / Dusknoir");
    }

    #[test]
    fn a_side_that_neither_attacked_nor_evolved_is_named_after_what_it_played() {
        let mut e = DeckEvidence::default();
        assert_eq!(deck_label(&e), NO_POKEMON);
        e.played("Pidgey");
        e.played("Lugia V");
        e.played("Lugia V");
        assert_eq!(deck_label(&e), "Lugia V");
        e.attacked("Pidgey");
        assert_eq!(deck_label(&e), "Pidgey");
    }
}
