//! Which cards are in force at a step, and whether one of them may change a fact a check relies
//! on.
//!
//! Card text overrides the rulebook, so a check may say `violation` only when nothing in force
//! can change the fact it checks. In force are: every Pokémon in play on both sides (the texts
//! that act while it is in play), the Tools and Special Energy attached to them, the Stadium,
//! the Trainer cards played, Abilities used and attacks used this turn, and those of the two
//! turns before whose effect outlasts its turn ("during your opponent's next turn"). What each
//! of them may change comes from the effect catalogue ([`crate::cards::effects`]); a card the
//! card data does not know may change anything.
//!
//! A check asks about facts, each about a subject (a Pokémon, a player, the game); an effect
//! counts only if its reach touches the subject. Pure: no IO.

use std::sync::Arc;

use crate::cards::basic_energy_type;
use crate::cards::effects::{Activation, CardEffects, Effect, Fact, FactSet, Reach, TextEffects};
use crate::log::Text;

use super::state::{GameState, PlayerIdx, PokemonId};

/// What a check's fact is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// A Pokémon in play (the attacker, the defender, the Pokémon Knocked Out).
    Pokemon(PokemonId),
    /// A player (the Bench limit, the first turn, Prize cards taken).
    Player(PlayerIdx),
    /// The whole game (who wins).
    Game,
}

/// One fact a check depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    pub fact: Fact,
    pub about: Subject,
}

impl Ask {
    pub fn new(fact: Fact, about: Subject) -> Ask {
        Ask { fact, about }
    }
}

/// How an effect was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsedKind {
    /// A Trainer card played (its rules text).
    Trainer,
    /// An Ability a player chose to use.
    Ability,
    /// An attack.
    Attack,
}

/// An effect used during the game: kept by the tracker for the turns in which it may still act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Used {
    /// The turn it was used in (turns begun, as [`GameState::turn`]).
    pub turn: u32,
    pub player: PlayerIdx,
    pub kind: UsedKind,
    /// The Trainer card's name, or the Ability's or attack's name.
    pub name: Text,
    /// The Pokémon that used the Ability or attack, and its name then.
    pub by: Option<(PokemonId, Text)>,
    /// The index of the log line that used it.
    pub line: usize,
    /// For an attack: the Pokémon it was used on (the Defending Pokémon of its lasting
    /// effects).
    pub target: Option<PokemonId>,
    /// The card id of the one print whose text this is, when the log pins it down (an attack
    /// copied from a Pokémon whose card id the log writes); else every print of `by`'s name.
    pub print: Option<Text>,
}

/// What the card data says a card may change: `Err` with the reason when it does not know it.
pub type KnownEffects = Result<Arc<CardEffects>, String>;

/// Where the effects of cards come from: the replay, which knows the card data and memoises.
pub trait EffectSource {
    /// Every text of every print a Pokémon in play may be.
    fn pokemon_effects(&self, id: PokemonId) -> KnownEffects;
    /// Every text of every print of a card name (a Tool, an Energy, a Stadium, a Trainer, or the
    /// Pokémon that used an Ability or attack).
    fn named_effects(&self, name: &str) -> KnownEffects;
    /// The texts of the one print with this card id (as the log writes it), when known; else
    /// those of every print of `name`.
    fn print_effects(&self, _id: &str, name: &str) -> KnownEffects {
        self.named_effects(name)
    }
}

/// A card in force that may change a fact a check relies on, and whose effect is not modelled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doubt {
    pub card: Text,
    /// The attack or Ability whose text it is; empty for a card's own rules.
    pub text: String,
    pub fact: Fact,
    /// Where the card is ("in play", "attached to Raikou V", "the Stadium", "played this turn").
    pub place: String,
    /// The card data does not know the card (or not this print of it): why.
    pub unknown: Option<String>,
}

impl Doubt {
    /// One sentence for the step's message.
    pub fn sentence(&self) -> String {
        if let Some(why) = &self.unknown {
            return sentence!(
                "{} ({}) may change {}: {why}",
                self.card,
                self.place,
                self.fact.words()
            );
        }
        let text = if self.text.is_empty() {
            String::new()
        } else {
            sentence!(" with {}", self.text)
        };
        sentence!(
            "{} ({}){text} may change {}; its effect is not modelled",
            self.card,
            self.place,
            self.fact.words()
        )
    }
}

/// A source of effects in force, with whom it belongs to.
pub struct Source<'s> {
    pub card: &'s str,
    pub place: Place<'s>,
    /// The player whose card it is (`None`: a Stadium, whose texts speak to each player).
    pub owner: Option<PlayerIdx>,
    /// The Pokémon it is, is attached to, or that used it.
    pub holder: Option<PokemonId>,
    /// For a card played or an Ability or attack used: when and by whom.
    pub used: Option<&'s Used>,
}

/// Where a source's card is, for a doubt's message: written out only when a doubt names it
/// (most sources doubt nothing).
#[derive(Debug, Clone, Copy)]
pub enum Place<'s> {
    /// A Pokémon in play for this player.
    InPlay {
        player: &'s str,
    },
    /// Attached to this player's Pokémon.
    Attached {
        player: &'s str,
        pokemon: &'s str,
    },
    Stadium,
    /// A Trainer played by this player (`earlier`: in an earlier turn).
    Played {
        player: &'s str,
        earlier: bool,
    },
    /// An attack or Ability this player's Pokémon used.
    Used {
        player: &'s str,
        earlier: bool,
    },
}

impl std::fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let when = |earlier: bool| {
            if earlier {
                "used in an earlier turn"
            } else {
                "used this turn"
            }
        };
        match *self {
            Place::InPlay { player } => write!(f, "in play for {player}"),
            Place::Attached { player, pokemon } => write!(f, "attached to {player}'s {pokemon}"),
            Place::Stadium => f.write_str("the Stadium in play"),
            Place::Played { player, earlier } => {
                write!(f, "played by {player}, {}", when(earlier))
            }
            Place::Used { player, earlier } => write!(f, "{player}'s, {}", when(earlier)),
        }
    }
}

/// Whether an effect reaching `reach` from `source` touches `about`.
pub(crate) fn touches(
    state: &GameState,
    source: &Source<'_>,
    reach: Reach,
    about: Subject,
) -> bool {
    let Some(owner) = source.owner else {
        // A Stadium's "your" means whichever player: it may touch anyone.
        return true;
    };
    let side_of = |s: Subject| match s {
        Subject::Pokemon(id) => state.pokemon.get(id as usize).map(|m| m.owner),
        Subject::Player(p) => Some(p),
        Subject::Game => None,
    };
    match (reach, about) {
        (Reach::Any, _) | (_, Subject::Game) => true,
        (Reach::Holder, Subject::Pokemon(id)) => source.holder.is_none_or(|h| h == id),
        (Reach::Holder, Subject::Player(p)) => p == owner,
        (Reach::OwnSide, s) => side_of(s).is_none_or(|p| p == owner),
        (Reach::OpponentSide, s) => side_of(s).is_none_or(|p| p != owner),
    }
}

/// The first effect in force that may change one of the facts asked about, and that the check
/// does not model (`modelled(source, text, effect)` says it does). `None`: nothing in force can.
pub fn first_doubt(
    state: &GameState,
    recent: &[Used],
    effects: &impl EffectSource,
    asks: &[Ask],
    modelled: &dyn Fn(&Source<'_>, &TextEffects, &Effect) -> bool,
) -> Option<Doubt> {
    first_doubt_with_gone(
        state,
        Recent::recorded(recent),
        &[],
        effects,
        asks,
        modelled,
    )
}

/// As [`first_doubt`], with the Pokémon that left play during the current action (Knocked Out
/// by it): what they and their attachments did while in play still counts ("when this Pokémon
/// is damaged by an attack, put damage counters on the Attacking Pokémon").
pub fn first_doubt_with_gone(
    state: &GameState,
    recent: Recent<'_>,
    gone: &[PokemonId],
    effects: &impl EffectSource,
    asks: &[Ask],
    modelled: &dyn Fn(&Source<'_>, &TextEffects, &Effect) -> bool,
) -> Option<Doubt> {
    if asks.is_empty() {
        return None;
    }
    let mut found = None;
    each_source(
        state,
        recent,
        gone,
        effects,
        &mut |source, known, filter| {
            if found.is_some() {
                return;
            }
            found = doubt_in(state, &source, known, filter, asks, modelled);
        },
    );
    found
}

/// Which texts of a card act from where it is.
#[derive(Clone, Copy)]
pub(crate) enum TextFilter<'n> {
    /// The texts that act while it is in play.
    InPlay,
    /// The one attack or Ability used (and, for a Trainer, its rules); `lasting_only` for one
    /// used in an earlier turn.
    Used {
        name: Option<&'n str>,
        lasting_only: bool,
    },
}

fn doubt_in(
    state: &GameState,
    source: &Source<'_>,
    known: KnownEffects,
    filter: TextFilter<'_>,
    asks: &[Ask],
    modelled: &dyn Fn(&Source<'_>, &TextEffects, &Effect) -> bool,
) -> Option<Doubt> {
    let effects = match known {
        Ok(e) => e,
        Err(why) => {
            // Unknown: it may change anything, about anyone.
            return Some(Doubt {
                card: Text::from(source.card),
                text: String::new(),
                fact: asks[0].fact,
                place: source.place.to_string(),
                unknown: Some(why),
            });
        }
    };
    // A card none of whose texts that act from where it is changes a fact asked about: no
    // doubt.
    let acting = filter.facts_of(&effects);
    if !asks.iter().any(|a| acting.contains(a.fact)) {
        return None;
    }
    for text in effects.texts() {
        if !filter.acts(text) {
            continue;
        }
        for effect in &text.effects {
            for ask in asks {
                if effect.fact == ask.fact
                    && touches(state, source, effect.reach, ask.about)
                    && !modelled(source, text, effect)
                {
                    return Some(Doubt {
                        card: Text::from(source.card),
                        text: text.name.clone(),
                        fact: ask.fact,
                        place: source.place.to_string(),
                        unknown: None,
                    });
                }
            }
        }
    }
    None
}

impl TextFilter<'_> {
    /// The facts the texts of `effects` that act may change, or more (never fewer): a fact
    /// outside it is changed by none of them.
    pub fn facts_of(&self, effects: &CardEffects) -> FactSet {
        self.pick(
            effects.in_play_facts(),
            effects.facts(),
            effects.lasting_facts(),
        )
    }

    /// Of the facts `in_play`, `all` and `lasting` (what a card's texts acting in play, all of
    /// them, and the lasting ones may change), the set this filter's texts fall in.
    pub fn pick(&self, in_play: FactSet, all: FactSet, lasting: FactSet) -> FactSet {
        match self {
            TextFilter::InPlay => in_play,
            // Used on an earlier turn, only its lasting texts still act.
            TextFilter::Used {
                lasting_only: true, ..
            } => lasting,
            TextFilter::Used { .. } => all,
        }
    }

    /// Whether `text` acts from where its card is.
    pub fn acts(&self, text: &TextEffects) -> bool {
        match *self {
            TextFilter::InPlay => text.activation == Activation::InPlay,
            TextFilter::Used { name, lasting_only } => {
                let this_one = match name {
                    Some(n) => text.name == n,
                    None => text.name.is_empty(),
                };
                this_one && (!lasting_only || text.lasting)
            }
        }
    }
}

/// What was used lately: the uses the tracker recorded, and the use on the line being judged
/// when the tracker has not applied it yet (kept apart, so that the recorded ones are not
/// copied to add it).
#[derive(Clone, Copy)]
pub struct Recent<'u> {
    pub recorded: &'u [Used],
    pub this_line: Option<&'u Used>,
}

impl<'u> Recent<'u> {
    /// The uses the tracker recorded, with none on the line being judged.
    pub fn recorded(recorded: &'u [Used]) -> Recent<'u> {
        Recent {
            recorded,
            this_line: None,
        }
    }

    /// Every use, the recorded ones first.
    pub fn iter(self) -> impl Iterator<Item = &'u Used> {
        self.recorded.iter().chain(self.this_line)
    }
}

/// Call `f` with every source of effects in force and which of its texts act.
pub(crate) fn each_source(
    state: &GameState,
    recent: Recent<'_>,
    gone: &[PokemonId],
    effects: &impl EffectSource,
    f: &mut dyn FnMut(Source<'_>, KnownEffects, TextFilter<'_>),
) {
    each_source_where(state, recent, gone, effects, &|_, _| false, f);
}

/// As [`each_source`], but a source that `skip` (asked first, with which of its texts act)
/// skips is neither looked up nor passed to `f`. A walk that reads few of the sources (the
/// damage model reads only the cards that may change damage) saves their lookups this way;
/// `skip` must only skip what `f` would ignore.
pub(crate) fn each_source_where(
    state: &GameState,
    recent: Recent<'_>,
    gone: &[PokemonId],
    effects: &impl EffectSource,
    skip: &dyn Fn(&Source<'_>, TextFilter<'_>) -> bool,
    f: &mut dyn FnMut(Source<'_>, KnownEffects, TextFilter<'_>),
) {
    // `f` with the source when `skip` lets it through and then `keep` keeps it, its effects
    // looked up by `look`.
    let mut visit = |source: Source<'_>,
                     filter: TextFilter<'_>,
                     keep: &dyn Fn() -> bool,
                     look: &dyn Fn() -> KnownEffects| {
        if !skip(&source, filter) && keep() {
            f(source, look(), filter);
        }
    };
    for (p, player) in state.players.iter().enumerate() {
        let left = gone.iter().copied().filter(|id| {
            state
                .pokemon
                .get(*id as usize)
                .is_some_and(|m| m.owner == p)
        });
        for id in player.in_play().chain(left) {
            let mon = state.mon(id);
            visit(
                Source {
                    card: mon.name(),
                    place: Place::InPlay {
                        player: &player.name,
                    },
                    owner: Some(p),
                    holder: Some(id),
                    used: None,
                },
                TextFilter::InPlay,
                &|| true,
                &|| effects.pokemon_effects(id),
            );
            // The Tools, then the Energy but the basic Energy (asked after `skip`, which skips
            // most of them by their name at less cost).
            let attached =
                (mon.tools.iter().map(|c| (c, false))).chain(mon.energy.iter().map(|c| (c, true)));
            for (card, energy) in attached {
                let source = Source {
                    card,
                    place: Place::Attached {
                        player: &player.name,
                        pokemon: mon.name(),
                    },
                    owner: Some(p),
                    holder: Some(id),
                    used: None,
                };
                visit(
                    source,
                    TextFilter::InPlay,
                    &|| !energy || basic_energy_type(card).is_none(),
                    &|| effects.named_effects(card),
                );
            }
        }
    }
    if let Some(stadium) = &state.stadium {
        visit(
            Source {
                card: &stadium.name,
                place: Place::Stadium,
                owner: None,
                holder: None,
                used: None,
            },
            TextFilter::InPlay,
            &|| true,
            &|| effects.named_effects(&stadium.name),
        );
    }
    for used in recent.iter() {
        let earlier = used.turn < state.turn;
        if state.turn.saturating_sub(used.turn) > 2 {
            continue;
        }
        let player = state
            .players
            .get(used.player)
            .map_or("", |p| p.name.as_str());
        match (&used.kind, &used.by) {
            (UsedKind::Trainer, _) => visit(
                Source {
                    card: &used.name,
                    place: Place::Played { player, earlier },
                    owner: Some(used.player),
                    holder: None,
                    used: Some(used),
                },
                TextFilter::Used {
                    name: None,
                    lasting_only: earlier,
                },
                &|| true,
                &|| effects.named_effects(&used.name),
            ),
            (_, Some((id, pokemon))) => visit(
                Source {
                    card: pokemon,
                    place: Place::Used { player, earlier },
                    owner: Some(used.player),
                    holder: Some(*id),
                    used: Some(used),
                },
                TextFilter::Used {
                    name: Some(&used.name),
                    lasting_only: earlier,
                },
                &|| true,
                &|| match &used.print {
                    Some(id) => effects.print_effects(id, pokemon),
                    None => effects.named_effects(pokemon),
                },
            ),
            (_, None) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::effects::{TextEffects, TextKind};
    use crate::engine::state::Position;

    /// Effects by name, for tests: an unknown name is not in the data.
    struct Table(Vec<(&'static str, CardEffects)>);

    impl EffectSource for (Table, &GameState) {
        fn pokemon_effects(&self, id: PokemonId) -> KnownEffects {
            self.named_effects(self.1.mon(id).name())
        }
        fn named_effects(&self, name: &str) -> KnownEffects {
            self.0
                .0
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, e)| Arc::new(e.clone()))
                .ok_or_else(|| sentence!("{name} is not in the card data"))
        }
    }

    fn text(
        kind: TextKind,
        name: &str,
        activation: Activation,
        facts: &[(Fact, Reach)],
    ) -> TextEffects {
        TextEffects {
            kind,
            name: name.to_string(),
            activation,
            lasting: false,
            effects: facts
                .iter()
                .map(|(fact, reach)| Effect {
                    fact: *fact,
                    reach: *reach,
                })
                .collect(),
            exact: Vec::new(),
            inexact: facts.iter().map(|(f, _)| *f).collect(),
        }
    }

    /// Raikou V's Lightning Rondo, used by player 0 on turn 3.
    fn lightning_rondo() -> Used {
        Used {
            turn: 3,
            player: 0,
            kind: UsedKind::Attack,
            name: Text::from("Lightning Rondo"),
            by: Some((0, Text::from("Raikou V"))),
            line: 0,
            target: None,
            print: None,
        }
    }

    fn board() -> GameState {
        let mut s = GameState::new(&[Text::from("Ann"), Text::from("Bob")]);
        s.put_into_play(0, "Raikou V", Position::Active); // 0
        s.put_into_play(0, "Zapdos", Position::Bench); // 1
        s.put_into_play(1, "Mimikyu", Position::Active); // 2
        s.turn = 3;
        s
    }

    fn table() -> Table {
        Table(vec![
            (
                "Raikou V",
                CardEffects::new(vec![text(
                    TextKind::Attack,
                    "Lightning Rondo",
                    Activation::WhenUsed,
                    &[(Fact::DamageDealt, Reach::Holder)],
                )]),
            ),
            (
                "Zapdos",
                CardEffects::new(vec![text(
                    TextKind::Ability,
                    "Lightning Symbol",
                    Activation::InPlay,
                    &[(Fact::DamageDealt, Reach::OwnSide)],
                )]),
            ),
            ("Mimikyu", CardEffects::default()),
            (
                "Hero's Cape",
                CardEffects::new(vec![text(
                    TextKind::TrainerRules,
                    "",
                    Activation::InPlay,
                    &[(Fact::MaxHp, Reach::Holder)],
                )]),
            ),
        ])
    }

    #[test]
    fn a_passive_ability_reaches_its_own_side_only() {
        let s = board();
        let src = (table(), &s);
        let none = |_: &Source<'_>, _: &TextEffects, _: &Effect| false;
        let d = first_doubt(
            &s,
            &[],
            &src,
            &[Ask::new(Fact::DamageDealt, Subject::Pokemon(0))],
            &none,
        )
        .unwrap();
        assert_eq!(d.card, "Zapdos");
        assert!(
            d.sentence()
                .contains("Lightning Symbol may change the damage dealt"),
            "{}",
            d.sentence()
        );
        // Bob's Mimikyu is on the other side: Zapdos's "your Pokémon" does not reach it.
        assert_eq!(
            first_doubt(
                &s,
                &[],
                &src,
                &[Ask::new(Fact::DamageDealt, Subject::Pokemon(2))],
                &none
            ),
            None
        );
        // Modelled effects raise no doubt.
        let zapdos_modelled = |s: &Source<'_>, _: &TextEffects, _: &Effect| s.card == "Zapdos";
        assert_eq!(
            first_doubt(
                &s,
                &[],
                &src,
                &[Ask::new(Fact::DamageDealt, Subject::Pokemon(0))],
                &zapdos_modelled
            ),
            None
        );
    }

    #[test]
    fn attacks_act_only_when_used_and_tools_only_on_their_holder() {
        let mut s = board();
        s.mon_mut(1).tools.push(Text::from("Hero's Cape"));
        let src = (table(), &s);
        let none = |_: &Source<'_>, _: &TextEffects, _: &Effect| false;
        // The Cape on Zapdos does not touch Raikou V's HP.
        assert_eq!(
            first_doubt(
                &s,
                &[],
                &src,
                &[Ask::new(Fact::MaxHp, Subject::Pokemon(0))],
                &none
            ),
            None
        );
        assert_eq!(
            first_doubt(
                &s,
                &[],
                &src,
                &[Ask::new(Fact::MaxHp, Subject::Pokemon(1))],
                &none
            )
            .unwrap()
            .card,
            "Hero's Cape"
        );
        // Lightning Rondo acts only in the turn it is used, on the damage its user deals
        // (Zapdos's Ability taken as modelled here).
        let zapdos = |s: &Source<'_>, _: &TextEffects, _: &Effect| s.card == "Zapdos";
        let rondo = lightning_rondo();
        let asks = [Ask::new(Fact::DamageDealt, Subject::Pokemon(0))];
        let d = first_doubt(&s, std::slice::from_ref(&rondo), &src, &asks, &zapdos).unwrap();
        assert_eq!(d.text, "Lightning Rondo");
        let old = Used { turn: 2, ..rondo };
        assert_eq!(first_doubt(&s, &[old], &src, &asks, &zapdos), None);
    }

    /// A walk with a skip passes on exactly the sources the skip lets through, each with its
    /// effects and the texts that act, in the walk's order.
    #[test]
    fn a_walk_skips_only_the_sources_it_is_told_to() {
        let mut s = board();
        s.mon_mut(1).tools.push(Text::from("Hero's Cape"));
        s.stadium = Some(crate::engine::state::Stadium {
            name: Text::from("Prism Tower"),
            owner: 1,
            unsure: false,
        });
        let rondo = lightning_rondo();
        let recent = std::slice::from_ref(&rondo);
        let src = (table(), &s);
        let seen = |source: &Source<'_>, known: &KnownEffects, filter: TextFilter<'_>| {
            let facts = known.as_ref().map(|e| filter.facts_of(e)).ok();
            (source.card.to_string(), source.holder, facts)
        };
        let mut every = Vec::new();
        each_source(
            &s,
            Recent::recorded(recent),
            &[],
            &src,
            &mut |source, known, filter| every.push(seen(&source, &known, filter)),
        );
        // Skip what cannot change the damage dealt, by the card's name.
        let skip = |source: &Source<'_>, filter: TextFilter<'_>| {
            src.named_effects(source.card)
                .is_ok_and(|e| !filter.facts_of(&e).contains(Fact::DamageDealt))
        };
        let mut kept = Vec::new();
        each_source_where(
            &s,
            Recent::recorded(recent),
            &[],
            &src,
            &skip,
            &mut |source, known, filter| kept.push(seen(&source, &known, filter)),
        );
        let expected: Vec<_> = every
            .iter()
            .filter(|(_, _, facts)| facts.is_none_or(|f| f.contains(Fact::DamageDealt)))
            .cloned()
            .collect();
        assert_eq!(kept, expected);
        let names: Vec<&str> = kept.iter().map(|(c, _, _)| c.as_str()).collect();
        assert_eq!(names, ["Zapdos", "Prism Tower", "Raikou V"]);
        assert!(every.len() > kept.len());
    }

    #[test]
    fn an_unknown_card_may_change_anything() {
        let mut s = board();
        s.stadium = Some(crate::engine::state::Stadium {
            name: Text::from("Prism Tower"),
            owner: 1,
            unsure: false,
        });
        let src = (table(), &s);
        let none = |_: &Source<'_>, _: &TextEffects, _: &Effect| false;
        let d = first_doubt(
            &s,
            &[],
            &src,
            &[Ask::new(Fact::BenchSize, Subject::Player(0))],
            &none,
        )
        .unwrap();
        assert!(d.unknown.is_some() && d.card == "Prism Tower", "{d:?}");
        assert!(d.sentence().contains("not in the card data"));
    }
}
