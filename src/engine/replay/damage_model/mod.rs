//! The damage of an attack line, worked out from what the cards say: the attack's own text
//! (step 1 of the damage order) and every effect in force that the exact reader could read
//! (effects on the attacker, step 2; on the Pokémon taking the damage, step 5; damage
//! prevented; Weakness, Resistance or effects on the defender ignored), each evaluated against
//! the tracked state.
//!
//! What the log does not show (a coin, an optional action) makes alternatives: the damage is
//! then one of a few values, each with its reading, and the line is checked against all of
//! them. What cannot be evaluated at all (a count the tracker is unsure of) is a doubt, named.
//! The texts whose effects were evaluated are returned, so the card-text gate does not doubt
//! them again.

mod idle;
mod matching;
mod sub_lines;

use crate::cards::effects::exact::{Amount, DamageMod, Exact, Step};
use std::sync::Arc;

use smallvec::SmallVec;

use crate::cards::effects::{CardEffects, Fact, FactSet, TextEffects, TextKind};
use crate::log::Text;

use super::super::damage_order::DamageEffect;
use super::super::in_force::{Source, TextFilter, Used, UsedKind, each_source_where};
use super::super::state::PokemonId;
use super::card_facts::InForce;
use super::judges::Judging;
pub(super) use matching::is_kind;
use matching::{Eval, From, Truth};

/// One reading of the damage: the calculation's inputs and what it assumed.
#[derive(Debug, Clone, Default)]
pub struct Variant {
    /// The base damage after the attack's own text.
    pub base: i32,
    pub attacker: Vec<DamageEffect>,
    pub defender: Vec<DamageEffect>,
    pub prevent: Option<String>,
    pub no_weakness: bool,
    pub no_resistance: bool,
    pub no_defender_effects: bool,
    /// The entries of the attack's own text ("+30 for 1 heads"), for the trace.
    pub own: Vec<String>,
    /// What this reading assumed of what the log does not show.
    pub assumed: Vec<String>,
    /// Effects in force on the attacker's or the defender's side that were considered and do
    /// not act on this damage: (source, why), e.g. ("Adrena-Power (Okidogi)", "it acts only if
    /// this Pokémon has any Darkness Energy attached").
    pub idle: Vec<(String, String)>,
}

/// The damage model of one attack line.
#[derive(Debug, Clone, Default)]
pub struct Model {
    pub variants: Vec<Variant>,
    /// Texts whose damage effects were evaluated: (card name, attack or Ability name).
    pub modelled: Vec<(Text, String)>,
    /// Why the damage cannot be worked out from the cards (empty: it can).
    pub unknown: Vec<String>,
}

/// The most Pokémon one player can have in play: the Active Pokémon and a Bench of 8 (the
/// largest any card allows).
const MAX_IN_PLAY: usize = 9;

/// At most this many readings; more is a doubt.
const MAX_VARIANTS: usize = 16;

/// The damage facts the model evaluates.
const DAMAGE_FACTS: FactSet = FactSet::EMPTY
    .with(Fact::DamageDealt)
    .with(Fact::DamageTaken)
    .with(Fact::WeaknessResistance);

/// The model for the attack `attack` by `attacker` on `defender` (line `j.index`), from the
/// printed base damage `printed` of the print whose text is `own`.
pub fn model(
    j: &Judging<'_, '_>,
    attacker: PokemonId,
    defender: Option<PokemonId>,
    attack: &str,
    own: Option<&TextEffects>,
    printed: i32,
) -> Model {
    let eval = Eval {
        j,
        attacker,
        defender,
        line: j.index,
        attack,
    };
    let mut m = Model {
        variants: vec![Variant {
            base: printed,
            ..Variant::default()
        }],
        ..Model::default()
    };
    let holder = From {
        owner: Some(j.state.mon(attacker).owner),
        holder: Some(attacker),
        used: None,
        card: j.state.mon(attacker).name(),
    };
    // A side with more Pokémon in play than any card allows (1 Active and 8 Benched) is a
    // state the tracker did not follow: nothing in force can be read from it (and reading it
    // would cost time in proportion to its size on every attack).
    if let Some(p) = j
        .state
        .players
        .iter()
        .find(|p| p.in_play().count() > MAX_IN_PLAY)
    {
        m.unknown.push(sentence!(
            "{STATE_UNSURE}of the Pokémon in play: it has more for {} than the rules allow",
            p.name
        ));
        return m;
    }
    // The tracker was unsure which of several Pokémon of one name took a card, and one of
    // them has a Tool or a Special Energy that changes damage: each such card is a reading
    // with it on the Pokémon and one without (or, past a few, the damage is not known).
    let mut maybe_on: Vec<MaybeOn> = Vec::new();
    for id in [Some(attacker), eval.defender].into_iter().flatten() {
        match attachments_unsure(j, id) {
            Ok(cards) => maybe_on.extend(cards),
            Err(why) => m.unknown.push(why),
        }
    }
    if let Some(text) = own {
        own_text(&eval, text, holder, &mut m);
    }
    in_force(&eval, &maybe_on, &mut m);
    if m.variants.len() > MAX_VARIANTS {
        m.unknown.push(sentence!(
            "{} readings of what the log does not show",
            m.variants.len()
        ));
    }
    m
}

/// The cards the attack's own text discards from the attacker before it does its damage, as the
/// attack's lines list them ("- 2 cards were discarded from Ann's Greninja ex." and the list
/// under it): the text must say to discard from this Pokémon in a sentence before the one that
/// does the damage.
fn discarded_before_damage(eval: &Eval<'_, '_, '_>) -> Vec<Text> {
    let j = eval.j;
    let attacker = j.state.mon(eval.attacker);
    let lines = &j.lines.log.lines;
    let attack_line = (0..=eval.line.min(lines.len().saturating_sub(1)))
        .rev()
        .find(|i| {
            lines[*i].depth == crate::log::Depth::Top
                && !matches!(lines[*i].event, crate::log::Event::Blank)
        });
    let Some(at) = attack_line else {
        return Vec::new();
    };
    // Most attacks discard nothing from the attacker: its sub-lines tell, before its text is
    // looked up.
    let discards = |l: &crate::log::LogLine| {
        matches!(&l.event, crate::log::Event::DiscardFromPokemon { pokemon, .. }
            if pokemon.name == attacker.name())
    };
    if !j.lines.sub_lines(at).iter().any(discards) {
        return Vec::new();
    }
    let Some(effect) = j.cards.use_effect(attacker.name(), eval.attack) else {
        return Vec::new();
    };
    let text = effect.1.lower();
    // Most attacks discard nothing: one search tells.
    if !text.contains("discard ") {
        return Vec::new();
    }
    let discard = ["discard ", "discard all "]
        .iter()
        .filter_map(|d| text.find(d))
        .filter(|at| {
            text[*at..]
                .split('.')
                .next()
                .is_some_and(|s| s.contains("from this pokémon"))
        })
        .min();
    let Some(discard) = discard else {
        return Vec::new();
    };
    let damage = text
        .find("this attack does")
        .or_else(|| text.find(" damage"));
    let Some(damage) = damage else {
        return Vec::new();
    };
    if discard > damage {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (k, l) in j.lines.sub_lines(at).iter().enumerate() {
        if let crate::log::Event::DiscardFromPokemon { pokemon, card, .. } = &l.event
            && pokemon.name == attacker.name()
            && let Some(names) = j.lines.cards_named(at + 1 + k, card)
        {
            out.extend(names.into_iter().cloned());
        }
    }
    out
}

/// Step 1: the attack's own text.
fn own_text(eval: &Eval<'_, '_, '_>, text: &TextEffects, from: From<'_>, m: &mut Model) {
    if text.inexact.contains(Fact::DamageDealt) {
        m.unknown.push(sentence!(
            "the text of {} is not read exactly for its damage",
            text.name
        ));
        return;
    }
    let before = m.unknown.len();
    for e in &text.exact {
        let Exact::Damage(d) = e else { continue };
        if d.step != Step::Base {
            continue;
        }
        apply(eval, d, from, &text.name, m);
    }
    // What the attack's own text needs and cannot be had makes its base damage unknown.
    for u in &mut m.unknown[before..] {
        *u = sentence!("the text of {}: {u}", text.name);
    }
}

/// A text in force that may change this damage, from one source: its texts of one name (the
/// prints the card may be can word it differently: each is a reading of its own).
struct InForceText<'u> {
    key: (Text, String),
    owner: Option<crate::engine::state::PlayerIdx>,
    holder: Option<PokemonId>,
    used: Option<&'u Used>,
    label: String,
    /// The card's texts (shared with the card data's reading, not copied), and which of them
    /// this is.
    effects: Arc<CardEffects>,
    texts: SmallVec<[usize; 2]>,
    /// It acts in some readings only: the Pokémon it is on may be a print without this text
    /// (the log has not pinned the print down), or the card may not be on that Pokémon.
    maybe: Option<Maybe>,
}

/// Why a text in force acts in some readings only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Maybe {
    /// The Pokémon may be a print without it.
    Print,
    /// The tracker is unsure which Pokémon of the name has the card: it may be on this one
    /// or not, wherever it is tracked.
    Attachment,
}

/// A card that may be on a Pokémon or not, the tracker being unsure which Pokémon of its name
/// took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaybeOn {
    pub holder: PokemonId,
    pub card: Text,
    /// The tracker has it on `holder`.
    pub tracked_on: bool,
}

impl InForceText<'_> {
    /// Its texts: one, or one per wording of the prints.
    fn texts(&self) -> SmallVec<[&TextEffects; 2]> {
        self.texts
            .iter()
            .map(|i| &self.effects.texts()[*i])
            .collect()
    }

    fn from(&self) -> From<'_> {
        From {
            owner: self.owner,
            holder: self.holder,
            used: self.used,
            card: &self.key.0,
        }
    }
}

/// Every text in force other than the attack's own: what it does to this damage.
fn in_force(eval: &Eval<'_, '_, '_>, maybe_on: &[MaybeOn], m: &mut Model) {
    let j = eval.j;
    // What was used lately, with the use on this line when the tracker has not applied it.
    let this_line = j.unapplied_use();
    let recent = j.recent(this_line.as_ref());
    let source = InForce {
        cards: j.cards,
        state: j.state,
    };
    let mut found: Vec<InForceText<'_>> = Vec::new();
    let gone_first = discarded_before_damage(eval);
    // The sources that add nothing, told without looking up their effects (most sources: the
    // walk is made at every attack).
    let skip = |src: &Source<'_>, filter: TextFilter<'_>| {
        // The attack itself is step 1.
        if src.used.is_some_and(|u| u.line == j.index) {
            return true;
        }
        // A card the attack's own text discards from the attacker before its damage
        // ("Discard 2 Energy from this Pokémon. This attack does 120 damage …") no longer
        // acts on that damage.
        if src.holder == Some(eval.attacker)
            && src.used.is_none()
            && gone_first.iter().any(|g| g.as_str() == src.card)
        {
            return true;
        }
        // A card none of whose prints has a text that acts from where it is and changes
        // damage adds nothing; nor does one the card data does not know (its effects are not
        // known: the gate doubts it).
        match j.cards.name_facts(src.card) {
            Some(f) => !filter
                .pick(f.in_play, f.all, f.lasting)
                .intersects(DAMAGE_FACTS),
            None => true,
        }
    };
    each_source_where(
        j.state,
        recent,
        &j.tracked.knocked_out,
        &source,
        &skip,
        &mut |src, known, filter| {
            let Ok(effects) = known else { return };
            // A card none of whose texts that act from where it is changes damage adds
            // nothing.
            if !filter.facts_of(&effects).intersects(DAMAGE_FACTS) {
                return;
            }
            // The same use as the walk's, kept for as long as the uses are.
            let used = src
                .used
                .and_then(|u| recent.iter().find(|r| std::ptr::eq(*r, u)));
            // This source's texts, one entry per name.
            let first = found.len();
            for (at, text) in effects.texts().iter().enumerate() {
                if !filter.acts(text) || !text.facts().intersects(DAMAGE_FACTS) {
                    continue;
                }
                match found[first..]
                    .iter_mut()
                    .find(|e| e.key.0 == src.card && e.key.1 == text.name)
                {
                    Some(e) => e.texts.push(at),
                    None => found.push(InForceText {
                        maybe: if src.used.is_none()
                            && maybe_on.iter().any(|o| {
                                o.tracked_on
                                    && Some(o.holder) == src.holder
                                    && o.card.as_str() == src.card
                            }) {
                            Some(Maybe::Attachment)
                        } else if src.used.is_none()
                            && src
                                .holder
                                .is_some_and(|h| some_prints_lack(j, h, src.card, &text.name))
                        {
                            Some(Maybe::Print)
                        } else {
                            None
                        },
                        label: if text.name.is_empty() {
                            src.card.to_string()
                        } else {
                            sentence!("{} ({})", text.name, src.card)
                        },
                        key: (Text::from(src.card), text.name.clone()),
                        owner: src.owner,
                        holder: src.holder,
                        used,
                        effects: effects.clone(),
                        texts: smallvec::smallvec![at],
                    }),
                }
            }
        },
    );
    // The cards tracked elsewhere that may be on the attacker or the defender.
    for o in maybe_on.iter().filter(|o| !o.tracked_on) {
        let Ok(effects) = j.cards.effects_named(&o.card) else {
            continue;
        };
        let texts: SmallVec<[usize; 2]> = effects
            .texts()
            .iter()
            .enumerate()
            .filter(|(_, t)| TextFilter::InPlay.acts(t))
            .filter(|(_, t)| t.facts().intersects(DAMAGE_FACTS))
            .map(|(at, _)| at)
            .collect();
        if texts.is_empty() {
            continue;
        }
        found.push(InForceText {
            key: (o.card.clone(), String::new()),
            owner: Some(j.state.mon(o.holder).owner),
            holder: Some(o.holder),
            used: None,
            label: o.card.to_string(),
            effects,
            texts,
            maybe: Some(Maybe::Attachment),
        });
    }
    let mut done: Vec<(Text, String)> = Vec::new();
    for t in &found {
        // The same text from several sources: each Trainer card played is an effect of its
        // own (they add up); the same Ability on two Pokémon may count once or twice, so both
        // readings are kept. An effect only through the Pokémon it is on acts once on each.
        let same: Vec<&InForceText<'_>> = found.iter().filter(|o| o.key == t.key).collect();
        let texts = t.texts();
        if same.len() > 1 && !holder_only(texts.iter().copied()) {
            if done.contains(&t.key) {
                continue;
            }
            done.push(t.key.clone());
            let inexact = same
                .iter()
                .any(|o| o.texts().iter().any(|x| x.inexact.intersects(DAMAGE_FACTS)));
            if inexact {
                continue;
            }
            let trainers = same
                .iter()
                .all(|o| o.used.is_some_and(|u| u.kind == UsedKind::Trainer));
            let before = m.unknown.len();
            if trainers {
                for o in &same {
                    apply_texts(eval, &o.texts(), o.from(), &o.label, m);
                }
            } else {
                let base = std::mem::take(&mut m.variants);
                let mut once = Model {
                    variants: base.clone(),
                    ..Model::default()
                };
                apply_texts(eval, &texts, t.from(), &t.label, &mut once);
                let mut each = Model {
                    variants: base,
                    ..Model::default()
                };
                for o in &same {
                    apply_texts(eval, &o.texts(), o.from(), &o.label, &mut each);
                }
                m.unknown.extend(once.unknown);
                m.unknown.extend(each.unknown);
                for v in &mut once.variants {
                    v.assumed.push(sentence!("{} counted once", t.label));
                }
                for v in &mut each.variants {
                    v.assumed
                        .push(sentence!("{} counted for each of {}", t.label, same.len()));
                }
                m.variants = once.variants;
                m.variants.extend(each.variants);
            }
            if m.unknown.len() == before {
                m.modelled.push(t.key.clone());
            }
            continue;
        }
        // A text the catalogue could not read exactly: the gate doubts it if it touches this
        // attack.
        if texts.iter().any(|x| x.inexact.intersects(DAMAGE_FACTS)) {
            continue;
        }
        let before = m.unknown.len();
        if let Some(maybe) = t.maybe {
            // Each reading twice: with the text, and without it.
            let mut with = Model {
                variants: m.variants.clone(),
                ..Model::default()
            };
            apply_texts(eval, &texts, t.from(), &t.label, &mut with);
            m.unknown.extend(with.unknown);
            let (yes, no) = match maybe {
                Maybe::Print => ("is a print that has it", "is a print without it"),
                Maybe::Attachment => ("is on this Pokémon", "is on another of its name"),
            };
            for v in &mut with.variants {
                v.assumed.push(sentence!("{} {yes}", t.label));
            }
            for v in &mut m.variants {
                v.assumed.push(sentence!("{} {no}", t.label));
            }
            m.variants.extend(with.variants);
        } else {
            apply_texts(eval, &texts, t.from(), &t.label, m);
        }
        if m.unknown.len() == before {
            m.modelled.push(t.key.clone());
        }
    }
}

/// The Pokémon `id` (named `card`, not a card attached to it) may be a print that has no
/// attack or Ability named `name`.
fn some_prints_lack(j: &Judging<'_, '_>, id: PokemonId, card: &str, name: &str) -> bool {
    if name.is_empty() || j.state.mon(id).name() != card {
        return false;
    }
    match j.prints_of(id) {
        Ok(prints) => prints.iter().any(|c| !c.has_attack_or_ability(name)),
        Err(_) => true,
    }
}

/// Every damage change of these texts acts only through the Pokémon the text is on (its own
/// attacks, or damage to it): the same text on two Pokémon acts once on each.
fn holder_only<'t>(texts: impl IntoIterator<Item = &'t TextEffects>) -> bool {
    use crate::cards::effects::exact::Side;
    texts
        .into_iter()
        .flat_map(|t| t.exact.iter())
        .all(|e| match e {
            Exact::Damage(d) => d.by.side == Side::Holder || d.to.side == Side::Holder,
            _ => true,
        })
}

/// The damage changes of one text (or, when the prints word it differently, of each of its
/// wordings as a reading of its own).
fn apply_texts(
    eval: &Eval<'_, '_, '_>,
    texts: &[&TextEffects],
    from: From<'_>,
    label: &str,
    m: &mut Model,
) {
    // The damage changes of a text but an attack's own base damage (step 1).
    fn changes(t: &TextEffects) -> impl Iterator<Item = &DamageMod> {
        t.exact.iter().filter_map(|e| match e {
            Exact::Damage(d) if !(d.step == Step::Base && t.kind == TextKind::Attack) => Some(d),
            _ => None,
        })
    }
    // A Weakness the text gives is not applied: where the Pokémon taking the damage may be
    // one it reaches, the damage is not known.
    for t in texts {
        for e in &t.exact {
            if let Exact::WeaknessIs { to, energy } = e
                && let Some(def) = eval.defender
                && eval.fits(def, to, from) != Truth::No
            {
                m.unknown.push(sentence!(
                    "{label} makes the Weakness of the Pokémon taking the damage {energy:?}, which is not modelled"
                ));
                return;
            }
            if let Exact::WeaknessOtherwise { when, words } = e
                && when.iter().all(|c| eval.cond(c, from) != Truth::No)
            {
                m.unknown.push(sentence!(
                    "{label} may apply Weakness otherwise (\"{words}\"), which is not modelled"
                ));
                return;
            }
        }
    }
    if texts.len() == 1 {
        for d in changes(texts[0]) {
            apply(eval, d, from, label, m);
        }
        return;
    }
    // Each wording on its own copy of the readings.
    let base = std::mem::take(&mut m.variants);
    let mut all = Vec::new();
    for t in texts {
        let mut one = Model {
            variants: base.clone(),
            ..Model::default()
        };
        for d in changes(t) {
            apply(eval, d, from, label, &mut one);
        }
        m.unknown.extend(one.unknown);
        for v in &mut one.variants {
            v.assumed
                .push(sentence!("{label} as one of the prints words it"));
        }
        all.extend(one.variants);
    }
    m.variants = all;
}

/// Apply one change to every reading: where it acts, how much, on which readings.
fn apply(eval: &Eval<'_, '_, '_>, d: &DamageMod, from: From<'_>, label: &str, m: &mut Model) {
    // Whose attacks and damage to whom.
    let by = eval.fits(eval.attacker, &d.by, from);
    let to = match eval.defender {
        Some(def) => eval.fits(def, &d.to, from),
        None => Truth::Unknown("the Pokémon taking the damage is not known".into()),
    };
    let mut when: SmallVec<[Truth; 4]> = smallvec::smallvec![by, to];
    // Its conditions matter only where it may act on these two Pokémon: where it does not,
    // whose attacks or damage it acts on says why (see `idle::reason`), and they are not asked.
    if !when.contains(&Truth::No) {
        for c in &d.when {
            when.push(eval.cond(c, from));
        }
    }
    if when.contains(&Truth::No) {
        if let Some(why) = idle::reason(eval, d, from, &when) {
            for v in &mut m.variants {
                if !v.idle.iter().any(|(s, _)| s == label) {
                    v.idle.push((label.to_string(), why.clone()));
                }
            }
        }
        return;
    }
    let unknown: Vec<String> = when
        .iter()
        .filter_map(|t| match t {
            Truth::Unknown(w) => Some(w.clone()),
            _ => None,
        })
        .collect();
    // How much.
    let amount = match &d.amount {
        Amount::AddPer { each, count, cap } => match eval.count(count, from) {
            Ok(n) => {
                let total = each.saturating_mul(n);
                let total = cap.map_or(total, |c| total.min(c));
                Some((total, sentence!("{label}: {each:+} × {n} ({count})")))
            }
            Err(why) => {
                m.unknown
                    .push(sentence!("{label}: cannot count the {count}: {why}"));
                return;
            }
        },
        Amount::BasePer { each, count } => match eval.count(count, from) {
            Ok(n) => Some((
                each.saturating_mul(n),
                sentence!("{label}: {each} × {n} ({count})"),
            )),
            Err(why) => {
                m.unknown
                    .push(sentence!("{label}: cannot count the {count}: {why}"));
                return;
            }
        },
        Amount::Add { n } => Some((*n, sentence!("{label}: {n:+}"))),
        _ => None,
    };
    let change = |v: &mut Variant| match (&d.amount, d.step, &amount) {
        (Amount::BasePer { .. }, _, Some((n, note))) => {
            v.base = *n;
            v.own.push(note.clone());
        }
        (_, Step::Base, Some((n, note))) => {
            v.base = v.base.saturating_add(*n);
            v.own.push(note.clone());
        }
        (_, Step::Attacker, Some((n, note))) => v.attacker.push(DamageEffect {
            source: note.clone(),
            amount: *n,
        }),
        (_, Step::Defender, Some((n, note))) => v.defender.push(DamageEffect {
            source: note.clone(),
            amount: *n,
        }),
        (Amount::PreventAll, _, _) => v.prevent = Some(label.to_string()),
        (Amount::Nothing, _, _) => {
            v.base = 0;
            v.own.push(sentence!("{label}: does nothing"));
        }
        (Amount::IgnoreWeaknessResistance, _, _) => {
            v.no_weakness = true;
            v.no_resistance = true;
        }
        (Amount::IgnoreWeakness, _, _) => v.no_weakness = true,
        (Amount::IgnoreResistance, _, _) => v.no_resistance = true,
        (Amount::IgnoreDefenderEffects, _, _) => v.no_defender_effects = true,
        _ => {}
    };
    if unknown.is_empty() {
        m.variants.iter_mut().for_each(change);
        return;
    }
    // Not known whether it acts: each reading splits in two.
    let why = unknown.join("; ");
    let mut with: Vec<Variant> = m.variants.clone();
    for v in &mut with {
        change(v);
        v.assumed.push(sentence!("{label} acts ({why})"));
    }
    for v in &mut m.variants {
        v.assumed.push(sentence!("{label} does not act ({why})"));
    }
    m.variants.extend(with);
}

/// A count a text of Pokémon `holder` makes ("for each card in your hand"), evaluated at line
/// `line` (its coins are that line's sub-lines): for effects other than an attack's damage
/// (damage counters an attack or Ability puts).
pub fn count_for(
    j: &Judging<'_, '_>,
    holder: PokemonId,
    name: &str,
    line: usize,
    count: &crate::cards::effects::exact::Count,
) -> Result<i32, String> {
    let owner = j.state.mon(holder).owner;
    let eval = Eval {
        j,
        attacker: holder,
        defender: j.state.players[1 - owner].active,
        line,
        attack: name,
    };
    let from = From {
        owner: Some(owner),
        holder: Some(holder),
        used: None,
        card: j.state.mon(holder).name(),
    };
    eval.count(count, from)
}

/// The start of the [`Model::unknown`] entries that leave the whole damage unknown (not one
/// text's effect): a damage that fits no reading is then not a violation.
pub const STATE_UNSURE: &str = "the replay is unsure ";

/// The cards that may or may not be on Pokémon `id`, the tracker being unsure which of the
/// Pokémon of its name took a card: a Tool or Special Energy that may change damage, on it or
/// on another Pokémon of its name in play, or such a Tool in its owner's discard pile (it may
/// have left play with another of its name). Empty when the tracker is sure. `Err` (the damage
/// is not known) when such a card acts beyond the Pokémon it is on, the data does not know it,
/// or there are too many of them to read each way.
fn attachments_unsure(j: &Judging<'_, '_>, id: PokemonId) -> Result<Vec<MaybeOn>, String> {
    let mon = j.state.mon(id);
    if !mon.uncertain {
        return Ok(Vec::new());
    }
    let unsure = || {
        sentence!(
            "{STATE_UNSURE}which {} has which Tools and Special Energy",
            mon.name()
        )
    };
    // Whether a Tool or Special Energy's text may change damage; `Err` when it may and does
    // not act only through the Pokémon it is on, or the data does not know it.
    let changes_damage = |card: &Text| -> Result<bool, ()> {
        let effects = j.cards.effects_named(card).map_err(|_| ())?;
        if !effects.facts().intersects(DAMAGE_FACTS) {
            return Ok(false);
        }
        let exact = effects
            .texts()
            .iter()
            .all(|t| !t.inexact.intersects(DAMAGE_FACTS));
        if exact && holder_only(effects.texts()) {
            Ok(true)
        } else {
            Err(())
        }
    };
    let special = |m: &crate::engine::state::Pokemon| -> Vec<Text> {
        m.tools
            .iter()
            .chain(
                m.energy
                    .iter()
                    .filter(|e| crate::cards::basic_energy_type(e).is_none()),
            )
            .cloned()
            .collect()
    };
    let mut out: Vec<MaybeOn> = Vec::new();
    let mut add = |card: Text, tracked_on: bool| -> Result<(), String> {
        match changes_damage(&card) {
            Ok(false) => Ok(()),
            Ok(true) => {
                // A second copy of a card already on it is no other reading.
                let o = MaybeOn {
                    holder: id,
                    card,
                    tracked_on,
                };
                if !out.iter().any(|x| x.card == o.card) {
                    out.push(o);
                }
                Ok(())
            }
            Err(()) => Err(unsure()),
        }
    };
    for card in special(mon) {
        add(card, true)?;
    }
    for other in crate::engine::resolve::candidates(j.state, mon.owner, mon.name(), None) {
        if other != id {
            for card in special(j.state.mon(other)) {
                add(card, false)?;
            }
        }
    }
    for card in &j.state.players[mon.owner].discard {
        // A card no print of whose name changes damage is no other reading (`add` would say
        // so): told without asking its kind, for each card of the pile.
        if j.cards
            .name_facts(card)
            .is_some_and(|f| !f.all.intersects(DAMAGE_FACTS))
        {
            continue;
        }
        if j.cards.kind(card) == crate::engine::cardinfo::CardKind::Tool {
            add(card.clone(), false)?;
        }
    }
    if out.len() > 3 {
        return Err(unsure());
    }
    Ok(out)
}
