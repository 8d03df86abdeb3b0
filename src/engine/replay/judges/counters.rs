//! `attack.damage-counters`, `card-text.move-damage-counters`: the damage counters a line puts
//! or moves are as many as the text of the card that put them says.
//!
//! The card is the one whose line the counters are written under (an attack, an Ability used,
//! a Trainer played, a Stadium or Tool "activated"). Its text is read by the exact reader
//! ([`crate::cards::effects::exact::CountersMod`]): "put 2 damage counters on each of your
//! opponent's Pokémon" makes every line 2; "put 6 damage counters on your opponent's Benched
//! Pokémon in any way you like" makes the lines of one use add up to 6; "move up to 3" makes
//! them at most 3; "2 for each card in your hand" is counted from the tracked state.
//!
//! What the log cannot pin down is a doubt, never a finding: a text not read exactly, a card
//! that may have been used more than once under one line (two Pokémon with the same Ability
//! in the Checkup), a count the tracker is unsure of, an unreadable line among them.

use crate::cards::effects::exact::{CountersMod, Exact, Spread};
use crate::cards::effects::{Activation, Fact, TextEffects, TextKind};
use crate::log::{Depth, Event, Text};

use super::super::super::state::PokemonId;
use super::super::super::verdict::{Step, Verdict};
use super::super::damage_model;
use super::super::tracker::Source;
use super::{Judging, card_text};

const PUT: &str = "attack.damage-counters";
const MOVE: &str = "card-text.move-damage-counters";

/// The card whose text put the counters, as the line it is written under names it.
struct Putter {
    /// "Dragapult ex's Phantom Dive", "Risky Ruins".
    label: String,
    /// (card name, attack or Ability name; empty for a card's own rules): the text the judge
    /// evaluates, so the card-text gate does not doubt it again.
    key: (Text, String),
    /// Every reading of the text (the prints the card may be can word it differently).
    texts: Vec<TextEffects>,
    /// The Pokémon the text is on, for counts ("for each card in your hand").
    holder: Option<PokemonId>,
    /// How many times the text may have acted under this one line: an attack, a Trainer and
    /// an Ability used "once during your turn" act once; a text that acts on its own may act
    /// once per card of its name in play.
    uses: Uses,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Uses {
    /// Once: the counters of all the lines under it come from one use.
    One,
    /// Once per line at least, up to this many times on one Pokémon (`None`: not known).
    PerLine(Option<u32>),
}

/// `attack.damage-counters` / `card-text.move-damage-counters` on a `- X put N damage
/// counters on …` or `- X moved N damage counters from … to …` line; run before the line.
pub fn counters(j: &Judging<'_, '_>) -> Step {
    let (count, moved) = match j.event {
        Event::PutCounters { count, .. } => (*count as i32, false),
        Event::MoveCounters(m) => (m.count as i32, true),
        _ => return Step::info(""),
    };
    let clause = if moved { MOVE } else { PUT };
    let putter = match putter(j) {
        Ok(p) => p,
        Err(why) => return Step::cannot_check(clause, why),
    };
    let mods = match readings(&putter, moved) {
        Ok(m) => m,
        Err(why) => return Step::cannot_check(clause, why),
    };
    let group = Group::of(j);
    let fits: Vec<Fit> = mods
        .iter()
        .map(|m| fit(j, &putter, m, count, &group))
        .collect();
    let step = if let Some(Fit::Yes(why)) = fits.iter().find(|f| matches!(f, Fit::Yes(_))) {
        Step::ok(clause, sentence!("{}: {why}", putter.label))
    } else if let Some(Fit::Unknown(why)) = fits.iter().find(|f| matches!(f, Fit::Unknown(_))) {
        Step::cannot_check(clause, sentence!("{}: {why}", putter.label))
    } else {
        let whys: Vec<String> = fits
            .iter()
            .filter_map(|f| match f {
                Fit::No(w, _) => Some(w.clone()),
                _ => None,
            })
            .collect();
        Step::violation(
            clause,
            sentence!(
                "{} {} {count} damage counter(s) here, but {}",
                putter.label,
                if moved { "moved" } else { "put" },
                whys.join("; or ")
            ),
        )
    };
    if step.verdict != Verdict::Violation {
        return step;
    }
    // Fewer counters than the text says may mean some went on a Pokémon protected from them:
    // what may protect any Pokémon in play counts then.
    let also: Vec<PokemonId> = if fits.iter().any(|f| matches!(f, Fit::No(_, true))) {
        j.state.players.iter().flat_map(|p| p.in_play()).collect()
    } else {
        Vec::new()
    };
    card_text::gate_about(j, step, std::slice::from_ref(&putter.key), &also)
}

/// The card whose line the counters are written under, and its texts.
fn putter(j: &Judging<'_, '_>) -> Result<Putter, String> {
    let db = j.db().ok_or("no card data is loaded")?;
    let source = &j.tracked.action.source;
    let (holder, name, kind) = match source {
        Source::Attack(holder, name) => (*holder, name, TextKind::Attack),
        Source::Ability(holder, name) => (*holder, name, TextKind::Ability),
        Source::Trainer(card) | Source::Stadium(card) | Source::Activated(card) => {
            let mut texts = Vec::new();
            for i in db.by_name(card) {
                for t in db.effects(*i).texts() {
                    if t.facts().contains(Fact::DamageCounters) && !texts.contains(t) {
                        texts.push(t.clone());
                    }
                }
            }
            let uses = if matches!(source, Source::Trainer(_)) {
                Uses::One
            } else {
                Uses::PerLine(None)
            };
            let key = texts
                .first()
                .map_or(String::new(), |t: &TextEffects| t.name.clone());
            return Ok(Putter {
                label: card.to_string(),
                key: (card.clone(), key),
                texts,
                holder: None,
                uses,
            });
        }
        _ => return Err("no card is named as putting these counters".into()),
    };
    let Some(id) = holder else {
        return Err(sentence!("the Pokémon that used {name} is not known"));
    };
    let prints = j.prints_of(id)?;
    let mut texts: Vec<TextEffects> = Vec::new();
    let mut once = true;
    let mut cards: Vec<&crate::cards::Card> = prints.iter().copied().collect();
    // A Tool attached may give the attack; the Pokémon may have evolved while using the
    // Ability (the text is then on a card under it).
    let mon = j.state.mon(id);
    for other in mon.tools.iter().chain(mon.stack.iter().rev().skip(1)) {
        cards.extend(db.by_name(other).iter().map(|i| db.card(*i)));
    }
    for card in cards {
        let Some(i) = db.index_of(card) else {
            continue;
        };
        let Some(t) = db
            .effects(i)
            .texts()
            .iter()
            .find(|t| t.name == name.as_str() && (t.kind == kind || !card.is_pokemon()))
        else {
            continue;
        };
        if kind == TextKind::Ability {
            let once_a_turn = card
                .abilities
                .iter()
                .find(|a| a.name == name.as_str())
                .is_some_and(|a| crate::cards::starts_with_lower(&a.text, "once during your turn"));
            once &= t.activation == Activation::WhenUsed && once_a_turn;
        }
        if !texts.contains(t) {
            texts.push(t.clone());
        }
    }
    if texts.is_empty() {
        return Err(sentence!(
            "the card data has no text for {name} of {}",
            j.state.mon(id).name()
        ));
    }
    let uses = if once {
        Uses::One
    } else {
        // A text that acts on its own acts once for each card of the name in play.
        let name_of = j.state.mon(id).name();
        let same = j
            .state
            .players
            .iter()
            .flat_map(|p| p.in_play())
            .filter(|o| j.state.mon(*o).name() == name_of)
            .count() as u32;
        let sure = j.state.players.iter().all(|p| !p.bench_unsure);
        Uses::PerLine(sure.then_some(same.max(1)))
    };
    Ok(Putter {
        label: sentence!("{}'s {name}", j.state.mon(id).name()),
        key: (Text::from(j.state.mon(id).name()), name.to_string()),
        texts,
        holder: Some(id),
        uses,
    })
}

/// What the texts say about counters put (or moved): every distinct reading. A text whose
/// counters are not read exactly is a doubt.
fn readings(p: &Putter, moved: bool) -> Result<Vec<CountersMod>, String> {
    let mut mods: Vec<CountersMod> = Vec::new();
    for t in &p.texts {
        if t.inexact.contains(Fact::DamageCounters) {
            return Err(sentence!(
                "the text of {} is not read exactly for the damage counters it puts",
                p.label
            ));
        }
        for e in &t.exact {
            if let Exact::Counters(c) = e
                && c.moved == moved
                && !mods.contains(c)
            {
                mods.push(c.clone());
            }
        }
    }
    if mods.is_empty() {
        return Err(sentence!(
            "the text of {} does not say it {} damage counters; another card may have",
            p.label,
            if moved { "moves" } else { "puts" }
        ));
    }
    Ok(mods)
}

/// The counters lines written under the same card's line as this one.
struct Group {
    /// The counts of the lines before this one.
    before: i32,
    /// This is the last counters line under it.
    last: bool,
    /// A line among them says damage was prevented, or could not be read.
    doubtful: bool,
}

impl Group {
    fn of(j: &Judging<'_, '_>) -> Group {
        let lines = &j.lines.log.lines;
        let starts = |e: &Event| {
            matches!(
                e,
                Event::Use { .. } | Event::Attack { .. } | Event::Activated { .. }
            )
        };
        let start = (0..j.index)
            .rev()
            .find(|i| lines[*i].depth == Depth::Top || starts(&lines[*i].event))
            .unwrap_or(0);
        let end = (j.index + 1..lines.len())
            .find(|i| lines[*i].depth == Depth::Top || starts(&lines[*i].event))
            .unwrap_or(lines.len());
        let count = |e: &Event| match e {
            Event::PutCounters { count, .. } => Some(*count as i32),
            Event::MoveCounters(m) => Some(m.count as i32),
            _ => None,
        };
        let before = lines[start + 1..j.index]
            .iter()
            .filter_map(|l| count(&l.event))
            .sum();
        let last = !lines[j.index + 1..end]
            .iter()
            .any(|l| count(&l.event).is_some());
        // A report after them (a Pokémon's Ability that kept the effect off it) is in the
        // same window.
        let window = j.lines.window(j.index);
        let doubtful = lines[start..window.end.max(end)]
            .iter()
            .any(|l| matches!(l.event, Event::Prevented { .. } | Event::Unparsed { .. }));
        Group {
            before,
            last,
            doubtful,
        }
    }
}

/// Whether this action's lines show the client writing each card's counters on a line of its
/// own: another line of the action puts exactly `each` on a Pokémon of the same owner and name as
/// this line. Then a line with more is not several cards' counters written together.
fn written_one_by_one(j: &Judging<'_, '_>, each: i32) -> bool {
    let Event::PutCounters { owner, target, .. } = j.event else {
        return false;
    };
    let lines = &j.lines.log.lines;
    let start = (0..j.index)
        .rev()
        .find(|i| lines[*i].depth == Depth::Top)
        .unwrap_or(0);
    j.lines.sub_lines(start).iter().any(|l| {
        l.number != j.line.number
            && matches!(&l.event, Event::PutCounters { count, owner: o, target: t, .. }
                if *count as i32 == each && o == owner && t.name == target.name)
    })
}

/// Whether a line's count fits one reading.
enum Fit {
    Yes(String),
    /// It does not; `true` when the lines put fewer than the text says.
    No(String, bool),
    Unknown(String),
}

fn fit(j: &Judging<'_, '_>, p: &Putter, m: &CountersMod, count: i32, g: &Group) -> Fit {
    let total = match &m.per {
        None => m.n,
        Some(per) => {
            let Some(holder) = p.holder else {
                return Fit::Unknown(sentence!("what {m} counts is not known"));
            };
            let start = (0..j.index)
                .rev()
                .find(|i| j.lines.log.lines[*i].depth == Depth::Top)
                .unwrap_or(0);
            match damage_model::count_for(j, holder, &p.key.1, start, per) {
                Ok(c) => m.n * c,
                Err(why) => return Fit::Unknown(sentence!("{m}, and {why}")),
            }
        }
    };
    let shared = m.up_to || m.how == Spread::AnyWay;
    if !shared {
        // The same number on each Pokémon.
        if count == total {
            return Fit::Yes(sentence!("{m}: {total} on this Pokémon"));
        }
        if let Uses::PerLine(k) = p.uses
            && total > 0
            && count % total == 0
            && k.is_none_or(|k| count <= total * k as i32)
            && k != Some(1)
            && !written_one_by_one(j, total)
        {
            return Fit::Unknown(sentence!(
                "{m}, and more than one card of that name may have put them in one line"
            ));
        }
        return Fit::No(
            sentence!("its text says {m}: {total} on a Pokémon"),
            count < total,
        );
    }
    // Counters shared out ("in any way you like", "up to").
    let (so_far, whole) = match p.uses {
        Uses::One => (g.before, !m.up_to && g.last),
        Uses::PerLine(_) => (0, false),
    };
    if so_far + count > total {
        if let Uses::PerLine(k) = p.uses
            && k != Some(1)
            && k.is_none_or(|k| count <= total * k as i32)
        {
            return Fit::Unknown(sentence!(
                "{m}, and more than one card of that name may have put them in one line"
            ));
        }
        return Fit::No(
            if so_far > 0 {
                sentence!("its text says {m}: {total} in all, and {so_far} were already put")
            } else {
                sentence!("its text says {m}: at most {total}")
            },
            false,
        );
    }
    if whole && so_far + count != total {
        if g.doubtful {
            return Fit::Unknown(sentence!(
                "{m}, and a line among them says something was prevented or cannot be read"
            ));
        }
        return Fit::No(
            sentence!(
                "its text says {m}: {total} in all, and the lines under it put {}",
                so_far + count
            ),
            true,
        );
    }
    if whole {
        Fit::Yes(sentence!("{m}: {total} in all"))
    } else {
        Fit::Yes(sentence!("{m}: {} of at most {total}", so_far + count))
    }
}
