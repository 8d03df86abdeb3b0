//! The cards a line names, in the order the line names them: what the replay page links to
//! card pages.

use super::event::{CardName, CardRef, Event};

/// Add a card's name once.
fn add<'a>(out: &mut Vec<&'a str>, card: &'a CardName) {
    if !out.contains(&card.name.as_str()) {
        out.push(&card.name);
    }
}

/// Add the card a reference names, if it names one.
fn add_ref<'a>(out: &mut Vec<&'a str>, card: &'a CardRef) {
    if let CardRef::Named { card } = card {
        add(out, card);
    }
}

impl Event {
    /// The cards the line names (Pokémon, Trainer and Energy cards), each once, in the order
    /// the line names them. Players, attacks and Abilities are not cards.
    pub fn card_names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        let out_ = &mut out;
        match self {
            Event::PlayToActive { card, .. }
            | Event::PlayToBench { card, .. }
            | Event::PlayToStadium { card, .. }
            | Event::PlayCard { card, .. }
            | Event::Retreat { card, .. }
            | Event::Promote { card, .. }
            | Event::Activated { card }
            | Event::TeraEffect { card, .. } => add(out_, card),
            Event::Attach { card, target, .. } => {
                add(out_, card);
                add(out_, target);
            }
            Event::Evolve { from, to, .. } => {
                add(out_, from);
                add(out_, to);
            }
            Event::Devolve(d) => {
                add(out_, &d.from);
                add(out_, &d.to);
            }
            Event::Switch(s) => {
                add(out_, &s.first);
                add(out_, &s.second);
            }
            Event::Use { pokemon, .. }
            | Event::TookDamage { pokemon, .. }
            | Event::KnockOut { pokemon, .. }
            | Event::ConditionDamage { pokemon, .. }
            | Event::ConditionApplied { pokemon, .. }
            | Event::ConditionRemoved { pokemon, .. }
            | Event::AllConditionsRemoved { pokemon, .. }
            | Event::Healed { pokemon, .. } => add(out_, pokemon),
            Event::Attack(a) => {
                add(out_, &a.pokemon);
                add(out_, &a.target);
            }
            Event::CardList { cards } => cards.iter().for_each(|c| add(out_, c)),
            Event::DiscardFromPokemon { pokemon, card, .. } => {
                add(out_, pokemon);
                add_ref(out_, card);
            }
            Event::Drew { card, .. }
            | Event::DrewAndPlayed { card, .. }
            | Event::AddedToHand { card, .. }
            | Event::Discard { card, .. }
            | Event::ShuffleInto { card, .. }
            | Event::PutInDeck { card, .. }
            | Event::Move { card, .. }
            | Event::Reveal { card, .. } => {
                add_ref(out_, card);
            }
            Event::PutCounters { target, .. } => add(out_, target),
            Event::MoveCounters(m) => {
                add(out_, &m.from);
                add(out_, &m.to);
            }
            _ => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::log::parse::parse_text;

    fn cards_of(line: &str) -> Vec<String> {
        let log = parse_text(line);
        let event = &log.lines[0].event;
        assert!(event.kind() != "unparsed", "{line}: {event:?}");
        event.card_names().into_iter().map(str::to_string).collect()
    }

    #[test]
    fn an_attack_names_the_attacker_and_the_defender_not_the_players_or_the_attack() {
        assert_eq!(
            cards_of("Ash's Pikachu used Thunder Shock on Misty's Staryu for 20 damage."),
            ["Pikachu", "Staryu"]
        );
    }

    #[test]
    fn an_attachment_names_the_card_and_the_pokemon() {
        assert_eq!(
            cards_of("Ash attached Lightning Energy to Pikachu in the Active Spot."),
            ["Lightning Energy", "Pikachu"]
        );
    }
}
