//! What the checks ask of the replay: the card data of a Pokémon in play, and whether a card
//! in play could change a rule (its text mentions it, or the data does not know the card).

use crate::cards::CardDb;
use crate::log::Text;

use super::super::facts::Known;
use super::super::state::{PlayerIdx, PokemonId};
use super::Replay;
use super::card_facts::{self, Prints};

impl<'a> Replay<'a> {
    pub(super) fn db(&self) -> Option<&'a CardDb> {
        self.tracker.cards.db()
    }

    /// The prints a Pokémon in play may be.
    pub(super) fn prints_of(&self, id: PokemonId) -> Known<Prints<'a>> {
        self.tracker.cards.prints_of(&self.tracker.state, id)
    }

    /// The prints of a Pokémon name that has every attack and Ability in `uses` (memoised).
    pub(super) fn prints_named(&self, name: &str, uses: &[Text]) -> Known<Prints<'a>> {
        self.tracker.cards.prints_named(name, uses)
    }

    pub(super) fn cards_in_play(&self, pokemon: Option<&[PokemonId]>) -> Vec<Text> {
        card_facts::cards_in_play(&self.tracker.state, pokemon)
    }

    pub(super) fn may_change(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        self.tracker.cards.may_change(names, phrases)
    }

    pub(super) fn may_change_known(&self, names: &[Text], phrases: &[&str]) -> Option<String> {
        self.tracker.cards.may_change_known(names, phrases)
    }

    pub(super) fn may_change_except(
        &self,
        names: &[Text],
        phrases: &[&str],
        except: &[&str],
    ) -> Option<String> {
        self.tracker.cards.may_change_except(names, phrases, except)
    }

    pub(super) fn may_change_where(
        &self,
        names: &[Text],
        find: impl Fn(&str) -> Option<String>,
    ) -> Option<String> {
        self.tracker.cards.may_change_where(names, find)
    }

    pub(super) fn window(&self, index: usize) -> std::ops::Range<usize> {
        self.tracker.lines.window(index)
    }

    /// The player whose turn is next (the one who promotes first when both Actives fall).
    pub(super) fn next_to_move(&self) -> Option<PlayerIdx> {
        self.tracker.state.to_move.map(|p| 1 - p)
    }
}
