//! Evaluating the phrases of an exact effect ([`crate::cards::effects::exact`]) against the
//! tracked state at one attack line: does a Pokémon fit a [`Who`], does a [`Cond`] hold, how
//! many does a [`Count`] count. Each answer is yes, no, or unknown with the reason (a print the
//! log does not pin down, a count the tracker is unsure of, a coin the log does not show).

use crate::cards::effects::exact::{Cond, Count, Filter, Kind, Side, Spot, Who};
use crate::cards::{Card, EnergyType, Stage, Subtype};
use crate::log::Text;

use super::super::super::facts;
use super::super::super::in_force::Used;
use super::super::super::state::{GameState, PlayerIdx, PokemonId, Position};
use super::super::judges::Judging;
use super::sub_lines::{coins, discarded_by, moved_by};

/// Yes, no, or not known (why).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Truth {
    Yes,
    No,
    Unknown(String),
}

impl Truth {
    fn from_bool(b: bool) -> Truth {
        if b { Truth::Yes } else { Truth::No }
    }

    /// Both must hold.
    fn and(self, other: impl FnOnce() -> Truth) -> Truth {
        match self {
            Truth::No => Truth::No,
            Truth::Yes => other(),
            Truth::Unknown(why) => match other() {
                Truth::No => Truth::No,
                _ => Truth::Unknown(why),
            },
        }
    }
}

/// Where an effect comes from, as its phrases need it: the owner (for "your"), the Pokémon it
/// is on or that used it (for "this Pokémon"), and how it was used.
#[derive(Debug, Clone, Copy)]
pub struct From<'u> {
    pub owner: Option<PlayerIdx>,
    pub holder: Option<PokemonId>,
    pub used: Option<&'u Used>,
    /// The name of the card the text is on.
    pub card: &'u str,
}

/// The evaluation at one attack line.
pub struct Eval<'e, 'j, 'a> {
    pub j: &'e Judging<'j, 'a>,
    pub attacker: PokemonId,
    pub defender: Option<PokemonId>,
    /// The line the attack is on (its coins and discards are its sub-lines).
    pub line: usize,
    /// The attack's name.
    pub attack: &'e str,
}

impl Eval<'_, '_, '_> {
    fn state(&self) -> &GameState {
        self.j.state
    }

    /// Does Pokémon `id` fit `who`, seen from `from`?
    pub fn fits(&self, id: PokemonId, who: &Who, from: From<'_>) -> Truth {
        let mut t = self.side_spot(id, who.side, who.spot, from);
        if t != Truth::Yes {
            return t;
        }
        for f in &who.filters {
            t = t.and(|| self.filter(id, f, from));
        }
        t
    }

    /// Is Pokémon `id` on side `side` and in spot `spot`, seen from `from` (a [`Who`] with no
    /// filters)?
    fn side_spot(&self, id: PokemonId, side: Side, spot: Spot, from: From<'_>) -> Truth {
        let s = self.state();
        let Some(mon) = s.pokemon.get(id as usize) else {
            return Truth::No;
        };
        let side = match side {
            Side::Any => true,
            Side::Holder => from.holder == Some(id),
            Side::Own => match from.owner {
                Some(o) => mon.owner == o,
                None => return Truth::Unknown("a Stadium's \"your\" is each player's".into()),
            },
            Side::Opponent => match from.owner {
                Some(o) => mon.owner != o,
                None => return Truth::Unknown("a Stadium's \"opponent\" is each player's".into()),
            },
            Side::Defending => match from.used {
                Some(u) => u.target == Some(id),
                None => return Truth::Unknown("which Pokémon was the Defending Pokémon".into()),
            },
        };
        if !side {
            return Truth::No;
        }
        let spot = match spot {
            Spot::Any => true,
            Spot::Active => s.position(id) == Some(Position::Active),
            Spot::Bench => s.position(id) == Some(Position::Bench),
        };
        Truth::from_bool(spot)
    }

    fn filter(&self, id: PokemonId, f: &Filter, from: From<'_>) -> Truth {
        let mon = self.state().mon(id);
        match f {
            Filter::NotThisCard => Truth::from_bool(mon.name() != from.card),
            Filter::NotNamed(n) => {
                Truth::from_bool(mon.name().to_lowercase().replace('é', "e") != *n)
            }
            Filter::NameHas(n) => Truth::from_bool(mon.name().contains(n.as_str())),
            Filter::NamedAny(ns) => Truth::from_bool(ns.contains(&normal_name(mon.name()))),
            Filter::Affected(c) => Truth::from_bool(mon.has(*c)),
            Filter::Is(k) => self.all_prints(id, |c| is_kind(c, *k)),
            Filter::IsNot(k) => self.all_prints(id, |c| !is_kind(c, *k)),
            Filter::IsAny(ks) => self.all_prints(id, |c| ks.iter().any(|k| is_kind(c, *k))),
            Filter::Type(t) => self.all_prints(id, |c| c.types.contains(t)),
            Filter::NotType(t) => self.all_prints(id, |c| !c.types.contains(t)),
            Filter::TypeAny(ts) => self.all_prints(id, |c| ts.iter().any(|t| c.types.contains(t))),
        }
    }

    /// Whether every print the Pokémon may be passes `test` (no when none does; unknown when
    /// the prints disagree).
    fn all_prints(&self, id: PokemonId, test: impl Fn(&Card) -> bool) -> Truth {
        let prints = match self.j.prints_of(id) {
            Ok(p) => p,
            Err(why) => return Truth::Unknown(why),
        };
        let yes = prints.iter().filter(|c| test(c)).count();
        if yes == prints.len() && yes > 0 {
            Truth::Yes
        } else if yes == 0 {
            Truth::No
        } else {
            Truth::Unknown(sentence!(
                "the prints {} may be disagree on it",
                self.state().mon(id).name()
            ))
        }
    }

    /// The Pokémon in play, as a phrase's candidates: [`Eval::fits`] answers no for those its
    /// side or spot rules out (it asks them first), so they need no check of their own.
    fn candidates(&self) -> impl Iterator<Item = PokemonId> + '_ {
        self.state().players.iter().flat_map(|p| p.in_play())
    }

    /// Is Pokémon `id` on the side `who` names (its spot and kind aside), seen from `from`?
    pub fn fits_side(&self, id: PokemonId, who: &Who, from: From<'_>) -> bool {
        self.side_spot(id, who.side, Spot::Any, from) != Truth::No
    }

    /// Does `cond` hold?
    pub fn cond(&self, cond: &Cond, from: From<'_>) -> Truth {
        let s = self.state();
        let owner = from.owner;
        match cond {
            Cond::Heads | Cond::Tails => {
                let line = from.used.map_or(self.line, |u| u.line);
                match coins(self.j, line) {
                    Some((1, heads)) => Truth::from_bool((heads == 1) == (*cond == Cond::Heads)),
                    Some(_) => Truth::Unknown("the attack flipped more than one coin".into()),
                    None => Truth::Unknown("the log does not show the coin".into()),
                }
            }
            Cond::ThisTurn => match from.used {
                Some(u) => Truth::from_bool(u.turn == s.turn),
                None => Truth::Yes,
            },
            Cond::OpponentsNextTurn => match from.used {
                Some(u) => Truth::from_bool(u.turn + 1 == s.turn && s.to_move != Some(u.player)),
                None => Truth::No,
            },
            Cond::Is { who } => self.some_fits(who, from),
            Cond::MorePrizesLeft | Cond::FewerPrizesLeft => {
                let Some(o) = owner else {
                    return Truth::Unknown("whose Prize cards".into());
                };
                match (s.players[o].prizes_left, s.players[1 - o].prizes_left) {
                    (Some(a), Some(b)) => Truth::from_bool(if *cond == Cond::MorePrizesLeft {
                        a > b
                    } else {
                        a < b
                    }),
                    _ => Truth::Unknown("the Prize cards are not set out".into()),
                }
            }
            Cond::PrizesLeftAtMost { opponent, n } | Cond::PrizesLeftExactly { opponent, n } => {
                let Some(o) = owner else {
                    return Truth::Unknown("whose Prize cards".into());
                };
                let p = if *opponent { 1 - o } else { o };
                match s.players[p].prizes_left {
                    Some(left) => Truth::from_bool(match cond {
                        Cond::PrizesLeftAtMost { .. } => left <= *n,
                        _ => left == *n,
                    }),
                    None => Truth::Unknown("the Prize cards are not set out".into()),
                }
            }
            Cond::Damaged { who } => self.each_named(who, from, |id| {
                let m = s.mon(id);
                if m.uncertain || m.doubtful_damage > 0 || m.missing_damage > 0 {
                    Truth::Unknown(sentence!("the damage on {} is not sure", m.name()))
                } else {
                    Truth::from_bool(m.damage > 0)
                }
            }),
            Cond::HasEnergy { who, energy, n } => {
                self.each_named(who, from, |id| match self.energy_on(&[id], *energy) {
                    Ok(k) => Truth::from_bool(k >= *n),
                    Err(why) => Truth::Unknown(why),
                })
            }
            Cond::HasSpecialEnergy { who } => self.each_named(who, from, |id| {
                let m = s.mon(id);
                if m.uncertain {
                    return Truth::Unknown(sentence!(
                        "what is attached to {} is not sure",
                        m.name()
                    ));
                }
                Truth::from_bool(
                    m.energy
                        .iter()
                        .any(|e| crate::cards::basic_energy_type(e).is_none()),
                )
            }),
            Cond::HasTool { who } => self.each_named(who, from, |id| {
                let m = s.mon(id);
                if m.uncertain {
                    return Truth::Unknown(sentence!(
                        "what is attached to {} is not sure",
                        m.name()
                    ));
                }
                Truth::from_bool(!m.tools.is_empty())
            }),
            Cond::Affected { who, condition } => self.each_named(who, from, |id| {
                let m = s.mon(id);
                Truth::from_bool(match condition {
                    Some(c) => m.has(*c),
                    None => !m.conditions.is_empty(),
                })
            }),
            Cond::PlayedSupporter => {
                let kinds = &self.j.cards;
                let any = self.j.tracked.trainers_this_turn.iter().any(|t| {
                    matches!(
                        kinds.kind(t),
                        super::super::super::cardinfo::CardKind::Supporter
                    )
                });
                Truth::from_bool(any)
            }
            Cond::StadiumInPlay { own } => match &s.stadium {
                None => Truth::No,
                Some(st) if st.unsure => Truth::Unknown("the Stadium in play is not sure".into()),
                Some(st) => Truth::from_bool(!own || Some(st.owner) == owner),
            },
            Cond::MovedToActiveThisTurn => {
                let m = s.mon(self.attacker);
                Truth::from_bool(m.moved_active_turn == Some(s.turn))
            }
            Cond::EvolvedThisTurn => {
                Truth::from_bool(s.mon(self.attacker).evolved_turn == Some(s.turn))
            }
            Cond::OwnKnockedOutByAttackLastTurn => {
                let Some(o) = owner else {
                    return Truth::Unknown("whose Pokémon".into());
                };
                let last = s.turn.checked_sub(1);
                let p = &s.players[o];
                if last.is_some() && p.knocked_out_by_attack_turn == last {
                    Truth::Yes
                } else if last.is_some() && p.knocked_out_unsure_turn == last {
                    Truth::Unknown(
                        "whether the Pokémon Knocked Out last turn was Knocked Out by an attack's damage"
                            .into(),
                    )
                } else {
                    Truth::No
                }
            }
            Cond::YouDid => Truth::Unknown("whether the player took the optional action".into()),
            Cond::InCheckup => Truth::from_bool(s.phase == crate::engine::state::Phase::Checkup),
            Cond::CountAtLeast { count, n } => match self.count(count, from) {
                Ok(k) => Truth::from_bool(k >= *n),
                Err(why) => Truth::Unknown(why),
            },
            Cond::Other(words) => Truth::Unknown(sentence!("whether \"{words}\"")),
            Cond::NamedInPlay {
                own,
                name,
                bench,
                absent,
                other,
            } => {
                let Some(o) = owner else {
                    return Truth::Unknown("whose Pokémon".into());
                };
                let p = if *own { o } else { 1 - o };
                if s.players[p].bench_unsure {
                    return Truth::Unknown("the Pokémon in play are not sure".into());
                }
                // "another <name>": not the Pokémon the text is on.
                let besides = match (*other, from.holder) {
                    (false, _) => None,
                    (true, Some(h)) => Some(h),
                    (true, None) => {
                        return Truth::Unknown("which Pokémon the text is on".into());
                    }
                };
                let wanted = match besides {
                    Some(h) if name.is_empty() => normal_name(s.mon(h).name()),
                    _ => name.clone(),
                };
                let present = s.players[p].in_play().any(|id| {
                    (!bench || s.position(id) == Some(Position::Bench))
                        && Some(id) != besides
                        && normal_name(s.mon(id).name()) == wanted
                });
                Truth::from_bool(present != *absent)
            }
            Cond::ExtraEnergy { n } => {
                let cost = match self.attack_cost() {
                    Ok(c) => c,
                    Err(why) => return Truth::Unknown(why),
                };
                match self.energy_on(&[self.attacker], None) {
                    Ok(k) => Truth::from_bool(k - cost >= *n),
                    Err(why) => Truth::Unknown(why),
                }
            }
        }
    }

    /// How many Energy symbols the attack of the line costs, as every print agrees.
    fn attack_cost(&self) -> Result<i32, String> {
        let prints = self.j.prints_of(self.attacker)?;
        let costs: Vec<usize> = prints
            .iter()
            .filter_map(|c| c.attack(self.attack).map(|a| a.cost.len()))
            .collect();
        match costs.as_slice() {
            [first, rest @ ..] if rest.iter().all(|c| c == first) => Ok(*first as i32),
            [] => Err(sentence!("no print has {}", self.attack)),
            _ => Err(sentence!(
                "the prints disagree on the cost of {}",
                self.attack
            )),
        }
    }

    /// Whether some Pokémon the phrase can name fits it (a phrase naming one Pokémon: "your
    /// opponent's Active Pokémon", "this Pokémon").
    fn some_fits(&self, who: &Who, from: From<'_>) -> Truth {
        let mut unknown = None;
        for id in self.candidates() {
            match self.fits(id, who, from) {
                Truth::Yes => return Truth::Yes,
                Truth::Unknown(w) => unknown = Some(w),
                Truth::No => {}
            }
        }
        unknown.map_or(Truth::No, Truth::Unknown)
    }

    /// `test` on the one Pokémon a phrase names.
    fn each_named(&self, who: &Who, from: From<'_>, test: impl Fn(PokemonId) -> Truth) -> Truth {
        let ids: Vec<PokemonId> = self
            .candidates()
            .filter(|id| self.fits(*id, who, from) == Truth::Yes)
            .collect();
        match ids.as_slice() {
            [one] => test(*one),
            [] => Truth::No,
            _ => Truth::Unknown("the phrase names more than one Pokémon".into()),
        }
    }

    /// How many `count` counts, seen from `from`.
    pub fn count(&self, count: &Count, from: From<'_>) -> Result<i32, String> {
        let s = self.state();
        match count {
            Count::Heads => {
                let line = from.used.map_or(self.line, |u| u.line);
                coins(self.j, line)
                    .map(|(_, heads)| heads as i32)
                    .ok_or_else(|| "the log does not show the coins".to_string())
            }
            Count::PrizesTaken { opponent } => {
                let o = from.owner.ok_or("whose Prize cards")?;
                let p = if *opponent { 1 - o } else { o };
                let left = s.players[p]
                    .prizes_left
                    .ok_or("the Prize cards are not set out")?;
                Ok(s.prize_count - left)
            }
            Count::Energy { on, energy } => {
                let ids = self.all_fitting(on, from)?;
                self.energy_on(&ids, *energy)
            }
            Count::DamageCounters { on } => {
                let ids = self.all_fitting(on, from)?;
                let mut n = 0;
                for id in ids {
                    let m = s.mon(id);
                    if m.uncertain || m.doubtful_damage > 0 || m.missing_damage > 0 {
                        return Err(sentence!("the damage on {} is not sure", m.name()));
                    }
                    n += m.damage / 10;
                }
                Ok(n)
            }
            Count::Tools { on } => {
                let ids = self.all_fitting(on, from)?;
                let mut n = 0;
                for id in ids {
                    let m = s.mon(id);
                    if m.uncertain {
                        return Err(sentence!("what is attached to {} is not sure", m.name()));
                    }
                    n += m.tools.len() as i32;
                }
                Ok(n)
            }
            Count::Pokemon { who } => {
                let ids = self.all_fitting(who, from)?;
                let sides: Vec<PlayerIdx> = ids.iter().map(|id| s.mon(*id).owner).collect();
                if sides.iter().any(|p| s.players[*p].bench_unsure) {
                    return Err("the Bench count is not exact".into());
                }
                if who.spot != Spot::Active {
                    for p in [0, 1] {
                        let counts_this_side = match (who.side, from.owner) {
                            (Side::Own, Some(o)) => p == o,
                            (Side::Opponent, Some(o)) => p != o,
                            _ => true,
                        };
                        if counts_this_side && s.players[p].bench_unsure {
                            return Err("the Bench count is not exact".into());
                        }
                    }
                }
                Ok(ids.len() as i32)
            }
            Count::Discarded {
                what: crate::cards::effects::exact::Cards::WithAbility(_),
            } => Err("which discarded cards have that Ability".into()),
            Count::Discarded { what } => discarded_by(self.j, self.line, what),
            Count::InHand { opponent } => {
                let o = from.owner.ok_or("whose hand")?;
                let p = if *opponent { 1 - o } else { o };
                s.players[p]
                    .hand
                    .known()
                    .ok_or_else(|| sentence!("{}'s hand is not counted exactly", s.players[p].name))
            }
            Count::InDiscard {
                opponent,
                what,
                moved,
            } => {
                let o = from.owner.ok_or("whose discard pile")?;
                let p = if *opponent { 1 - o } else { o };
                if s.players[p].discard_unsure {
                    // The attack moves the cards it counted: its sub-lines list them.
                    if *moved && from.used.is_none() {
                        return moved_by(self.j, self.line, &s.players[p].name, what);
                    }
                    return Err(sentence!(
                        "{}'s discard pile is not known card by card",
                        s.players[p].name
                    ));
                }
                if let crate::cards::effects::exact::Cards::WithAbility(a) = what {
                    return self.with_ability_in(&s.players[p].discard, a);
                }
                // A card the data cannot name may be one of those counted (a Special Energy
                // written in a language the data lacks): the count is then not known.
                let db = self.j.db();
                if let Some(unknown) = s.players[p].discard.iter().find(|c| {
                    !what.has(c)
                        && !matches!(what, crate::cards::effects::exact::Cards::Any)
                        && db.is_some_and(|db| db.by_name(c).is_empty())
                }) {
                    return Err(sentence!(
                        "{}'s discard pile holds {unknown}, a card the card data cannot name, which may be one of those counted",
                        s.players[p].name
                    ));
                }
                Ok(s.players[p].discard.iter().filter(|c| what.has(c)).count() as i32)
            }
        }
    }

    /// How many of `cards` are Pokémon with the Ability `ability` (normalised): a name whose
    /// prints disagree on it leaves the count unknown.
    fn with_ability_in(&self, cards: &[Text], ability: &str) -> Result<i32, String> {
        let db = self.j.db().ok_or("no card data is loaded")?;
        let mut n = 0;
        for c in cards {
            let prints: Vec<_> = db
                .by_name(c)
                .iter()
                .map(|i| db.card(*i))
                .filter(|p| p.is_pokemon())
                .collect();
            let has = |p: &&crate::cards::Card| {
                p.abilities
                    .iter()
                    .any(|a| crate::cards::effects::text::normalise(&a.name, &[]) == ability)
            };
            match (prints.iter().any(has), prints.iter().all(has)) {
                (true, true) => n += 1,
                (false, _) => {}
                (true, false) => {
                    return Err(sentence!("the prints of {c} disagree on the Ability"));
                }
            }
        }
        Ok(n)
    }

    /// Every Pokémon in play that surely fits `who` (unknown when one may or may not).
    fn all_fitting(&self, who: &Who, from: From<'_>) -> Result<Vec<PokemonId>, String> {
        let mut ids = Vec::new();
        for id in self.candidates() {
            match self.fits(id, who, from) {
                Truth::Yes => ids.push(id),
                Truth::No => {}
                Truth::Unknown(why) => return Err(why),
            }
        }
        Ok(ids)
    }

    /// A card in force that may change what the Energy on these Pokémon provides (an Ability
    /// that makes each Grass Energy provide two), not modelled: a count of Energy is then not
    /// known.
    fn energy_may_change(&self, ids: &[PokemonId]) -> Option<String> {
        use super::super::super::in_force::{Ask, Subject, first_doubt_with_gone};
        use crate::cards::effects::Fact;
        let asks: Vec<Ask> = ids
            .iter()
            .map(|id| Ask::new(Fact::EnergyProvided, Subject::Pokemon(*id)))
            .collect();
        let source = super::super::card_facts::InForce {
            cards: self.j.cards,
            state: self.j.state,
        };
        let none = |_: &crate::engine::in_force::Source<'_>,
                    _: &crate::cards::effects::TextEffects,
                    _: &crate::cards::effects::Effect| false;
        first_doubt_with_gone(
            self.j.state,
            crate::engine::in_force::Recent::recorded(&self.j.tracked.used),
            &self.j.tracked.knocked_out,
            &source,
            &asks,
            &none,
        )
        .map(|d| d.sentence())
    }

    /// The Energy attached to these Pokémon (units provided; of a type when given).
    fn energy_on(&self, ids: &[PokemonId], energy: Option<EnergyType>) -> Result<i32, String> {
        if let Some(why) = self.energy_may_change(ids) {
            return Err(why);
        }
        let mut n = 0;
        for id in ids {
            let m = self.state().mon(*id);
            if m.uncertain {
                return Err(sentence!("the Energy on {} is not sure", m.name()));
            }
            for e in &m.energy {
                let p = facts::energy_provision(self.j.db(), e)?;
                match energy {
                    None => n += p.count as i32,
                    Some(t) => {
                        use crate::cards::EnergyKinds;
                        match &p.kinds {
                            EnergyKinds::Only(k) if *k == t => n += p.count as i32,
                            EnergyKinds::Only(_) => {}
                            _ => {
                                return Err(sentence!(
                                    "{e} may provide {t:?} Energy or not, as the player chooses"
                                ));
                            }
                        }
                    }
                }
            }
        }
        Ok(n)
    }
}

/// A name as the exact reader writes it: lower case, "e" for "é".
fn normal_name(name: &str) -> String {
    name.to_lowercase().replace('é', "e")
}

pub(in crate::engine::replay) fn is_kind(c: &Card, k: Kind) -> bool {
    let has = |s: Subtype| c.has_subtype(&s);
    match k {
        Kind::Basic => matches!(c.stage(), Some(Stage::Basic | Stage::Baby)),
        Kind::Evolution => matches!(c.stage(), Some(Stage::Stage1 | Stage::Stage2)),
        Kind::Stage1 => c.stage() == Some(Stage::Stage1),
        Kind::Stage2 => c.stage() == Some(Stage::Stage2),
        Kind::Ex => has(Subtype::Ex),
        Kind::V => {
            has(Subtype::V) || has(Subtype::VSTAR) || has(Subtype::VMAX) || has(Subtype::VUnion)
        }
        Kind::Tera => has(Subtype::Tera),
        Kind::Mega => has(Subtype::Mega),
        Kind::RuleBox => c.rule_box_kind().is_some(),
        Kind::Future => has(Subtype::Future),
        Kind::Ancient => has(Subtype::Ancient),
        Kind::Gx => has(Subtype::GX) || has(Subtype::TagTeam),
        Kind::OldEx => has(Subtype::EX),
    }
}
