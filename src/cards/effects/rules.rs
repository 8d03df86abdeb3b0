//! The text rules: how a card's English effect text is read into the facts it may change.
//!
//! Each text of a card (every attack, every Ability, and the card's own rules: a Trainer's or
//! Special Energy's text, or the rules printed on a Pokémon beyond its rule box) becomes one
//! [`TextEffects`]. A text is normalised once ([`super::text::normalise`]), cut into sentences,
//! standard reminders and rule boxes are dropped ([`super::reminders`]), and every remaining
//! sentence is read by the fact families:
//! - [`super::damage`]: damage dealt, damage taken, Weakness/Resistance, maximum HP;
//! - [`super::status`]: Knock Outs, damage counters, Prize cards, Special Conditions, winner;
//! - [`super::costs`]: Energy provided, attack cost, Retreat Cost;
//! - [`super::play`]: Bench size, first turn, once-per-turn limits, evolution, Tools, attack
//!   choice, play rules, suppression.
//!
//! The rules read phrases, numbers and sentence structure, never card names (the card's own
//! name is only read as "this Pokémon" / "this card").
//!
//! **Whom an effect reaches** ([`Reach`]) is read from the words of the clause that carries the
//! effect (its subject or object, see [`super::text::side_of`]); when that clause names no
//! one, from the sentence's main clauses, then from the previous sentence ("Choose 1 of your
//! opponent's Pokémon. Put 3 damage counters on that Pokémon."), and otherwise
//! [`Reach::Any`]. An attack's own damage is always the holder's.
//!
//! **Activation**: attacks, Items and Supporters are [`Activation::WhenUsed`]; so are Abilities
//! the player chooses to use ("Once during your turn, you may …", "As often as you like during
//! your turn …", "When you play this Pokémon from your hand …, you may …", "During your turn,
//! you may …", "At any time during your turn …", "You must discard … in order to use this
//! Ability", VSTAR Powers). Every other Ability (passive, or triggered by something else:
//! "If this Pokémon is damaged by an attack …", "Whenever you attach an Energy card …"),
//! Pokémon Tools, Technical Machines, Stadiums, Special Energy, the extra rules of a Pokémon,
//! and Trainers that stay in play as a Pokémon ("Play this card as if it were a 60-HP Basic
//! Pokémon") or as an attachment (old Trainers that say "Attach <card> to …") are
//! [`Activation::InPlay`]. When unsure, `InPlay` (in force for longer) is chosen.
//!
//! **Lasting**: a text used (`WhenUsed`) whose effect-bearing sentence says it lasts past the
//! turn: "during your opponent's next turn", "during your next turn", "until the end of your
//! (opponent's) next turn", "for the rest of the game", "until … leaves …", "as long as …".
//! An `InPlay` text is in force while its card is in play, so it is never `lasting`.

use super::text::{normalise, sentences, side_of};
use super::{Activation, CardEffects, Effect, Fact, Reach, TextEffects, TextKind};
use super::{costs, damage, play, reminders, status};
use crate::cards::{AbilityKind, Card, DamageModifier, Subtype, Supertype};

/// The reading state of one text: what kind of text it is, the sentence being read, what was
/// found so far.
pub(crate) struct Cx {
    pub kind: TextKind,
    pub in_attack: bool,
    /// The sentence being read (normalised, reminders cut).
    pub sentence: String,
    /// The sentence's main clauses (condition clauses left out), for the fallback reach.
    main: String,
    /// Whom the previous sentence named, for "that Pokémon".
    prev: Option<Reach>,
    found: Vec<Effect>,
}

impl Cx {
    fn new(kind: TextKind) -> Cx {
        Cx {
            kind,
            in_attack: kind == TextKind::Attack,
            sentence: String::new(),
            main: String::new(),
            prev: None,
            found: Vec::new(),
        }
    }

    fn set_sentence(&mut self, s: String) {
        let main: Vec<&str> = super::text::clauses(&s)
            .filter(|c| !super::text::is_condition(c))
            .collect();
        self.main = main.join(", ");
        self.sentence = s;
    }

    /// Whom a phrase is about: its own words, else the sentence's main clauses, else the
    /// previous sentence, else anyone (the holder for a Special Energy's own text).
    pub fn reach(&self, phrase: &str) -> Reach {
        side_of(phrase, self.in_attack)
            .or_else(|| side_of(&self.main, self.in_attack))
            .or_else(|| side_of(&self.sentence, self.in_attack))
            .or(self.prev)
            .unwrap_or(if self.kind == TextKind::EnergyRules {
                // A Special Energy's text that names no one is about the card and the
                // Pokémon it is attached to.
                Reach::Holder
            } else {
                Reach::Any
            })
    }

    /// Record that the text may change `fact` for `reach`.
    pub fn add(&mut self, fact: Fact, reach: Reach) {
        self.found.push(Effect { fact, reach });
    }
}

/// Read every text of a card.
pub fn read_card(card: &Card) -> CardEffects {
    let names = own_names(card);
    let mut texts = Vec::with_capacity(card.attacks.len() + card.abilities.len() + 1);
    for a in &card.abilities {
        let lower = normalise(&a.text, &names);
        let activation = ability_activation(&a.kind, &lower);
        let (effects, lasting) = read_text(TextKind::Ability, &lower, activation);
        texts.push(TextEffects {
            kind: TextKind::Ability,
            name: a.name.clone(),
            activation,
            lasting,
            effects,
        });
    }
    for a in &card.attacks {
        let lower = normalise(&a.text, &names);
        let (mut effects, lasting) = read_text(TextKind::Attack, &lower, Activation::WhenUsed);
        if a
            .damage
            .is_some_and(|d| d.modifier != DamageModifier::Fixed)
        {
            effects.push(Effect {
                fact: Fact::DamageDealt,
                reach: Reach::Holder,
            });
            effects = merge(effects);
        }
        texts.push(TextEffects {
            kind: TextKind::Attack,
            name: a.name.clone(),
            activation: Activation::WhenUsed,
            lasting,
            effects,
        });
    }
    if !card.rules.is_empty() {
        let raw = card.rules.join(" ");
        let lower = normalise(&raw, &names);
        let kind = match card.supertype {
            Supertype::Pokemon => TextKind::PokemonRules,
            Supertype::Trainer => TextKind::TrainerRules,
            Supertype::Energy => TextKind::EnergyRules,
        };
        let activation = rules_activation(card, kind, &lower);
        let only_reminders = sentences(&lower)
            .iter()
            .all(|s| reminders::is_reminder(s));
        if !(kind == TextKind::PokemonRules && only_reminders) {
            let (effects, lasting) = read_text(kind, &lower, activation);
            texts.push(TextEffects {
                kind,
                name: String::new(),
                activation,
                lasting,
                effects,
            });
        }
    }
    CardEffects { texts }
}

/// The card's own name as its text may write it, each with what it is read as.
fn own_names(card: &Card) -> Vec<(String, String)> {
    let full = normalise(&card.name, &[]);
    let mut names: Vec<(String, String)> = Vec::new();
    if card.supertype == Supertype::Pokemon {
        // "Unown [E]" is written "Unown E"; "Celebi ★" "Celebi Star"; "Dusknoir LV.X" and
        // "Dialga G" are written without their suffix in old texts.
        let mut variants = vec![
            full.clone(),
            full.replace('★', "star"),
            full.replace(['[', ']'], ""),
        ];
        for suffix in [
            " lv.x", " ex", "-ex", " v", " vmax", " vstar", "-gx", " gx", " break", " ◇", " ★",
            " δ", " g", " gl", " fb", " c", " e4", " 4", " star", " legend", " prime",
        ] {
            if let Some(base) = full.strip_suffix(suffix) {
                variants.push(base.trim().to_string());
            }
        }
        for v in variants {
            let v = v.trim().to_string();
            if v.len() >= 3 && !names.iter().any(|(n, _)| *n == v) {
                names.push((v, "this pokemon".to_string()));
            }
        }
    } else {
        // Trainer and Energy names are often plain words ("Switch", "Potion"): only the
        // phrases that can only mean the card itself are rewritten.
        for tail in [
            " is attached",
            " provides",
            " can be attached",
            " has no effect",
            " counts as",
        ] {
            names.push((format!("{full}{tail}"), format!("this card{tail}")));
        }
        names.push((format!("attach {full} to"), "attach this card to".to_string()));
    }
    names.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
    names
}

/// Read one normalised text: its effects and whether they last past the turn.
fn read_text(kind: TextKind, lower: &str, activation: Activation) -> (Vec<Effect>, bool) {
    let mut cx = Cx::new(kind);
    let mut lasting = false;
    for s in sentences(lower) {
        if reminders::is_reminder(&s) {
            continue;
        }
        let s = reminders::strip_inline(&s).into_owned();
        let before = cx.found.len();
        cx.set_sentence(s);
        damage::read(&mut cx);
        status::read(&mut cx);
        costs::read(&mut cx);
        play::read(&mut cx);
        if cx.found.len() > before && is_lasting(&cx.sentence) {
            lasting = true;
        }
        if let Some(side) = side_of(&cx.sentence, cx.in_attack) {
            cx.prev = Some(side);
        }
    }
    let effects = merge(cx.found);
    let lasting = lasting && activation == Activation::WhenUsed && !effects.is_empty();
    (effects, lasting)
}

/// Does this sentence say its effect lasts past the turn?
fn is_lasting(s: &str) -> bool {
    super::text::any(
        s,
        &[
            "next turn",
            "until the end of your opponent's",
            "for the rest of the game",
            "for the rest of this game",
            "until this pokemon leaves",
            "leaves the active spot",
            "leaves play",
            "as long as",
            "until the end of the next turn",
        ],
    )
}

/// One effect per fact and reach, the narrower reaches dropped when a wider one covers them
/// (the holder is on the owner's side; anyone covers all), sorted by fact.
fn merge(mut effects: Vec<Effect>) -> Vec<Effect> {
    effects.sort_by_key(|e| (e.fact, e.reach));
    effects.dedup();
    let covered = |e: &Effect, all: &[Effect]| {
        all.iter().any(|o| {
            o.fact == e.fact
                && o.reach != e.reach
                && (o.reach == Reach::Any || (o.reach == Reach::OwnSide && e.reach == Reach::Holder))
        })
    };
    let all = effects.clone();
    effects.retain(|e| !covered(e, &all));
    effects
}

/// Whether an Ability is used by choice (the log writes its use) or acts on its own.
fn ability_activation(kind: &AbilityKind, lower: &str) -> Activation {
    if *kind == AbilityKind::VstarPower || lower.contains("vstar power") {
        return Activation::WhenUsed;
    }
    let chosen = super::text::any(
        lower,
        &[
            "once during your turn",
            "once during each of your turns",
            "once during your first turn",
            "once during your opponent's turn",
            "once per turn",
            "as often as you like during",
            "when you play this pokemon from your hand",
            "during your turn, you may",
            "during your turn (before your attack), you may",
            "at any time during your turn",
            "in order to use this ability",
            "in order to use this power",
            "you may use this ability",
            "you may use this power",
        ],
    );
    if chosen {
        Activation::WhenUsed
    } else {
        Activation::InPlay
    }
}

/// When a card's own rules act.
fn rules_activation(card: &Card, kind: TextKind, lower: &str) -> Activation {
    match kind {
        TextKind::EnergyRules | TextKind::PokemonRules => Activation::InPlay,
        TextKind::Attack | TextKind::Ability => Activation::WhenUsed,
        TextKind::TrainerRules => {
            let stays = card.is_tool()
                || card.is_stadium()
                || card.has_subtype(&Subtype::TechnicalMachine)
                || lower.contains("as if it were")
                || lower.contains("counts as a pokemon");
            let played = card.is_item() || card.is_supporter();
            let attaches_itself = !played && {
                let name = normalise(&card.name, &[]);
                lower.contains("attach this card")
                    || lower.contains(&format!("attach {name} to"))
                    || lower.contains(&format!("{name} is attached"))
            };
            if stays || attaches_itself {
                Activation::InPlay
            } else {
                Activation::WhenUsed
            }
        }
    }
}
