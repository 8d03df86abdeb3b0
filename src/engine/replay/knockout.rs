//! Knock Out and Prize checks: a Pokémon is Knocked Out exactly when its damage reaches its HP,
//! the opponent takes the Prize cards its kind gives, a new Active Pokémon comes in, and when
//! both Actives fall the player whose turn is next promotes first.

use crate::log::{Event, Text};

use super::super::facts;
use super::super::resolve::Found;
use super::super::state::{PlayerIdx, PokemonId, Position};
use super::super::verdict::Step;
use super::{KnockedOut, Replay};

impl Replay<'_> {
    /// The HP of a Pokémon in play, as the lowest and highest of its possible prints, with why a
    /// card may raise or lower it; `Err` when the HP is not known.
    fn hp_of(&self, id: PokemonId) -> Result<Hp, String> {
        let (lo, hi) = self.hp_bounds(id)?;
        Ok(Hp {
            lo,
            hi,
            may_raise: self.hp_may_raise(id),
            may_lower: self.hp_may_change(id, &[" hp", "hit points"]),
        })
    }

    /// The lowest and highest printed HP of the prints a Pokémon in play may be.
    fn hp_bounds(&self, id: PokemonId) -> Result<(i32, i32), String> {
        self.tracker.cards.hp_bounds(&self.tracker.state, id)
    }

    /// Why a card may raise this Pokémon's HP: what is attached to it, its own Abilities, or
    /// the Stadium.
    fn hp_may_raise(&self, id: PokemonId) -> Option<String> {
        let mut names: Vec<Text> = self.cards_in_play(Some(&[id]));
        if let Some(s) = &self.tracker.state.stadium {
            names.push(s.name.clone());
        }
        self.may_change_where(&names, hp_raise_phrase)
    }

    fn hp_may_change(&self, id: PokemonId, phrases: &[&str]) -> Option<String> {
        let mut names: Vec<Text> = self.cards_in_play(Some(&[id]));
        if let Some(s) = &self.tracker.state.stadium {
            names.push(s.name.clone());
        }
        self.may_change(&names, phrases)
    }

    /// Whether a Pokémon's damage has surely reached its HP, whatever print it is, and nothing
    /// may raise the HP; `Some(hp)` then.
    fn surely_at_hp(&self, id: PokemonId, damage: i32) -> Option<i32> {
        let (_, hi) = self.hp_bounds(id).ok()?;
        (damage >= hi && self.hp_may_raise(id).is_none()).then_some(hi)
    }

    /// Which Pokémon a Knock Out line means when its owner has several of that name: the one
    /// whose damage reached its HP (if only one did), else the Active one, else any.
    pub(super) fn knock_out_target(
        &self,
        found: Found,
        owner: Option<PlayerIdx>,
        name: &str,
    ) -> Found {
        let Some(owner) = owner else { return found };
        let all = super::super::resolve::candidates(&self.tracker.state, owner, name, None);
        if all.len() < 2 {
            return found;
        }
        let lethal: Vec<PokemonId> = all
            .iter()
            .copied()
            .filter(|id| {
                let m = self.tracker.state.mon(*id);
                matches!(self.hp_bounds(*id), Ok((_, hi)) if m.damage.saturating_add(m.missing_damage) >= hi)
            })
            .collect();
        match lethal.as_slice() {
            [one] => Found::One(*one),
            [] => found,
            several => {
                super::super::resolve::pick(&self.tracker.state, several.to_vec(), true, |m| {
                    i64::from(m.damage)
                })
            }
        }
    }

    /// A Knock Out line: the Pokémon's damage has reached its HP. When lines that damaged
    /// Pokémon of this name could have meant another one, the damage lies in a range; the Knock
    /// Out is consistent when the highest reading reaches the HP (the message says under which
    /// reading), and wrong only when even the highest does not.
    pub(super) fn check_knock_out(&self, index: usize, id: PokemonId) -> Step {
        let mon = self.tracker.state.mon(id);
        let mut parts = Vec::new();
        let least = mon.damage - mon.doubtful_damage;
        let most = mon.damage.saturating_add(mon.missing_damage);
        let name = mon.name();
        match self.hp_of(id) {
            Ok(Hp { hi, may_raise: Some(why), .. }) if most >= hi => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!("{name} has {most} damage and {hi} HP, but a card may raise its HP: {why}"),
            )),
            Ok(Hp { lo, may_lower: Some(why), .. }) if most < lo => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!("{name} has {most} damage and {lo} HP, but a card may lower its HP: {why}"),
            )),
            Ok(Hp { hi, .. }) if least >= hi => parts.push(Step::ok(
                "knockout.at-hp",
                format!("{name} has {} damage and {} HP", mon.damage, hp_text(self, id, hi)),
            )),
            Ok(Hp { hi, .. }) if most >= hi => parts.push(Step::ok(
                "knockout.at-hp",
                format!(
                    "{name} reaches its {} HP if the damage lines that could mean either Pokémon named {name} meant this one ({most} damage)",
                    hp_text(self, id, hi)
                ),
            )),
            Ok(Hp { lo, .. }) if most < lo => {
                let effect = self
                    .tracker.action
                    .effect
                    .as_ref()
                    .is_some_and(|e| e.lower().contains("knocked out"));
                let unknown_effect = self.tracker.action.effect.is_none() && !matches!(self.tracker.action.source, super::Source::None);
                if effect || unknown_effect {
                    parts.push(Step::cannot_check(
                        "knockout.at-hp",
                        format!("{name} has {most} damage and {lo} HP; an effect may Knock it Out"),
                    ));
                } else {
                    parts.push(Step::violation(
                        "knockout.at-hp",
                        format!("{name} is Knocked Out with {most} damage but has {lo} HP; it needs {} more", lo - most),
                    ));
                }
            }
            Ok(Hp { lo, hi, .. }) => parts.push(Step::cannot_check(
                "knockout.at-hp",
                format!(
                    "{name} has {most} damage; its prints have {lo} to {hi} HP and the log does not show which one this is"
                ),
            )),
            Err(why) => parts.push(Step::cannot_check("knockout.at-hp", format!("cannot check the HP of {name}: {why}"))),
        }
        if let Some(s) = self.missing_knock_outs(index, Some(id)) {
            parts.push(s);
        }
        Step::combine(parts)
    }

    /// Pokémon whose damage reached their HP but that no Knock Out line in the rest of this
    /// window takes out.
    pub(super) fn missing_knock_outs(
        &self,
        index: usize,
        except: Option<PokemonId>,
    ) -> Option<Step> {
        // Without card data no HP is known: only a discarded Basic can show a missing Knock Out.
        if self.db().is_none() {
            return self.discarded_basic_without_knock_out(index);
        }
        let window = self.window(index);
        // Knock Out lines still to come in this window, by name.
        let all_later: Vec<&str> = self.tracker.lines.log.lines[index + 1..window.end]
            .iter()
            .filter_map(|l| match &l.event {
                Event::KnockOut { pokemon, .. } => Some(pokemon.name.as_str()),
                _ => None,
            })
            .collect();
        let mut later = all_later.clone();
        for p in &self.tracker.state.players {
            for id in p.in_play() {
                if Some(id) == except {
                    continue;
                }
                let mon = self.tracker.state.mon(id);
                let sure = mon.damage - mon.doubtful_damage;
                if sure <= 0 {
                    continue;
                }
                let Some(hp) = self.surely_at_hp(id, sure) else {
                    continue;
                };
                // Each Pokémon over its HP needs a Knock Out line of its own.
                if let Some(k) = later.iter().position(|n| *n == mon.name()) {
                    later.remove(k);
                    continue;
                }
                return Some(Step::violation(
                    "knockout.at-hp",
                    format!(
                        "{}'s {} has {} damage and {hp} HP but is not Knocked Out",
                        p.name,
                        mon.name(),
                        mon.damage
                    ),
                ));
            }
        }
        // A damage line that could mean several Pokémon of one name, where each reading puts
        // the one it meant at its HP: one of them must be Knocked Out.
        for hit in &self.tracker.window.ambiguous_hits {
            let gone = hit
                .candidates
                .iter()
                .any(|id| Some(*id) == except || self.tracker.state.position(*id).is_none());
            if gone {
                continue;
            }
            let each_reaches_hp = hit.candidates.iter().all(|id| {
                let m = self.tracker.state.mon(*id);
                self.surely_at_hp(
                    *id,
                    (m.damage - m.doubtful_damage).saturating_add(hit.amount),
                )
                .is_some()
            });
            let Some(first) = hit.candidates.first() else {
                continue;
            };
            let name = self.tracker.state.mon(*first).name();
            if !each_reaches_hp {
                continue;
            }
            if let Some(k) = later.iter().position(|n| *n == name) {
                later.remove(k);
                continue;
            }
            return Some(Step::violation(
                "knockout.at-hp",
                format!(
                    "a line put {} damage on one of {} Pokémon named {name}; whichever it meant reaches its HP, but no {name} is Knocked Out",
                    hit.amount,
                    hit.candidates.len()
                ),
            ));
        }
        self.discarded_basic_without_knock_out(index)
    }

    /// A discard line that takes the Basic Pokémon card from under an evolved Pokémon: that
    /// Pokémon leaves play, which (in a Knock Out window) only a Knock Out does. Each such line
    /// of a name in the window needs a Knock Out line of that name in the window.
    fn discarded_basic_without_knock_out(&self, index: usize) -> Option<Step> {
        let Event::DiscardFromPokemon { owner, pokemon, .. } =
            &self.tracker.lines.log.lines[index].event
        else {
            return None;
        };
        let p = self.player(owner)?;
        let candidates =
            super::super::resolve::candidates(&self.tracker.state, p, &pokemon.name, None);
        // The Basic under every Pokémon of that name (they must agree).
        let basic = candidates
            .iter()
            .map(|id| {
                let stack = &self.tracker.state.mon(*id).stack;
                (stack.len() >= 2).then(|| stack[0].clone())
            })
            .reduce(|a, b| if a == b { a } else { None })??;
        if !self.discarded_names(index).contains(&basic.as_str()) {
            return None;
        }
        let window = self.window(index);
        let mut discards = 0usize;
        let mut knock_outs = self.knocked_out_in_window(p, &pokemon.name, window.start..index);
        for i in window.clone() {
            match &self.tracker.lines.log.lines[i].event {
                Event::DiscardFromPokemon {
                    owner: o,
                    pokemon: n,
                    ..
                } if n.name == pokemon.name
                    && self.player(o) == Some(p)
                    && self.discarded_names(i).contains(&basic.as_str()) =>
                {
                    discards += 1;
                }
                Event::KnockOut {
                    owner: o,
                    pokemon: n,
                } if i >= index && n.name == pokemon.name && self.player(o) == Some(p) => {
                    knock_outs += 1;
                }
                _ => {}
            }
        }
        if discards <= knock_outs {
            return None;
        }
        let message = if knock_outs == 0 {
            format!(
                "{basic}, the Basic Pokémon under {}, is discarded, but {} is not Knocked Out in this part of the game",
                pokemon.name, pokemon.name
            )
        } else {
            format!(
                "{discards} lines discard {basic} from under a {}, but only {knock_outs} {} Knocked Out in this part of the game",
                pokemon.name,
                if knock_outs == 1 { "is" } else { "are" }
            )
        };
        Some(Step::violation("knockout.at-hp", message))
    }

    /// The card names a discard line takes off a Pokémon (its own, or the list under it).
    fn discarded_names(&self, index: usize) -> Vec<&str> {
        match &self.tracker.lines.log.lines[index].event {
            Event::DiscardFromPokemon {
                card: crate::log::CardRef::Named { card },
                ..
            } => vec![card.name.as_str()],
            Event::DiscardFromPokemon { .. } => {
                match self
                    .tracker
                    .lines
                    .log
                    .lines
                    .get(index + 1)
                    .map(|l| &l.event)
                {
                    Some(Event::CardList { cards }) => {
                        cards.iter().map(|c| c.name.as_str()).collect()
                    }
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// Knock Out lines of `player`'s Pokémon named `name` among the lines `range`.
    fn knocked_out_in_window(
        &self,
        player: PlayerIdx,
        name: &str,
        range: std::ops::Range<usize>,
    ) -> usize {
        self.tracker.lines.log.lines[range]
            .iter()
            .filter(|l| matches!(&l.event, Event::KnockOut { owner, pokemon } if pokemon.name == name && self.player(owner) == Some(player)))
            .count()
    }

    /// A Prize line: the Prize cards taken in this window match the Knock Outs of the
    /// opponent's Pokémon in it (capped by the Prize cards left).
    pub(super) fn check_prizes(&self, index: usize, p: PlayerIdx) -> Step {
        let window = self.window(index);
        let pname = &self.tracker.state.players[p].name;
        let mut owed = 0u32;
        let mut why: Vec<String> = Vec::new();
        let mut clauses: Vec<&'static str> = Vec::new();
        let mut watch: Vec<Text> = Vec::new();
        // Knock Outs already applied in this window.
        for ko in &self.tracker.window.knock_outs {
            if ko.owner != p {
                owed = owed.saturating_add(ko.prizes);
                why.push(ko.why.clone());
                clauses.push(ko.clause);
                watch.extend(ko.cards.iter().cloned());
            }
        }
        // Knock Outs still to come in this window (the client may list the Prize cards first).
        for l in &self.tracker.lines.log.lines[index + 1..window.end] {
            if let Event::KnockOut { owner, pokemon } = &l.event {
                let (found, who) = super::super::resolve::owned(
                    &self.tracker.state,
                    self.player(owner),
                    &pokemon.name,
                    None,
                    super::super::resolve::Claim::Trusted,
                    None,
                );
                if who == Some(1 - p)
                    && let Some(id) = found.id()
                {
                    let m = self.tracker.state.mon(id);
                    match facts::prize_value(&self.tracker.cards.info, m.name(), &m.uses) {
                        Ok((n, clause, w)) => {
                            owed = owed.saturating_add(n);
                            why.push(w);
                            clauses.push(clause);
                        }
                        Err(w) => return Step::cannot_check("knockout.prizes", w),
                    }
                    watch.extend(self.cards_in_play(Some(&[id])));
                }
            }
        }
        let taken: u32 = self.tracker.lines.log.lines[window.clone()]
            .iter()
            .filter_map(|l| match &l.event {
                Event::TookPrizes { player, count } if self.player(player) == Some(p) => {
                    Some(*count)
                }
                _ => None,
            })
            .fold(0u32, u32::saturating_add);
        // Counts come from the log text: a cut or hand-edited log may hold any number.
        let left_before = (self.tracker.state.players[p]
            .prizes_left
            .unwrap_or(self.tracker.state.prize_count) as u32)
            .saturating_add(self.taken_in_window(p));
        let expected = owed.min(left_before);
        if owed == 0 {
            let effect_text = match &self.tracker.window.source {
                Some(super::Source::Trainer(name)) => self
                    .tracker
                    .cards
                    .card_effect(name)
                    .map(|e| e.lower().to_string()),
                _ => None,
            };
            if let Some(t) = &effect_text
                && (t.contains("takes a prize card") || t.contains("take a prize card"))
                && !t.contains("more prize")
            {
                return if taken == 1 {
                    Step::ok(
                        "knockout.prizes",
                        format!("{pname} takes 1 Prize card by the effect of the card played"),
                    )
                } else {
                    Step::violation(
                        "knockout.prizes",
                        format!("the effect lets {pname} take 1 Prize card, but {taken} are taken"),
                    )
                };
            }
            return if matches!(
                self.tracker.window.source,
                Some(super::Source::Trainer(_) | super::Source::Ability(..))
            ) {
                Step::cannot_check(
                    "knockout.prizes",
                    format!(
                        "{pname} takes Prize cards by an effect, not a Knock Out; the effect is not modelled"
                    ),
                )
            } else {
                Step::violation(
                    "knockout.prizes",
                    format!(
                        "{pname} takes {taken} Prize card(s) but none of the opponent's Pokémon was Knocked Out"
                    ),
                )
            };
        }
        let mut found = vec![Step::ok(
            "knockout.prizes",
            format!("{pname} takes {taken}: {}", why.join("; ")),
        )];
        for c in clauses {
            found.push(Step::ok(c, ""));
        }
        if taken == expected {
            return Step::combine(found);
        }
        // What may change a Prize count: the Knocked Out Pokémon's own cards, the Stadium and the
        // attack that did it raise a doubt when unknown; Trainers played this turn only when
        // their known text says so.
        const PHRASES: &[&str] = &[
            "1 more prize card",
            "2 more prize card",
            "3 more prize card",
            "1 fewer prize card",
            "take any prize card",
            "take a prize card for it",
            "take 2 prize cards",
            "take 3 prize cards",
        ];
        if let Some(s) = &self.tracker.state.stadium {
            watch.push(s.name.clone());
        }
        let attack_unknown = match &self.tracker.window.source {
            Some(super::Source::Attack(_, name)) => self
                .action_effect_for_window()
                .is_none()
                .then(|| format!("the attack {name} is not in the card data")),
            _ => None,
        };
        let attack_text = self.action_effect_for_window().map(|t| t.to_lowercase());
        let reason = format!(
            "{pname} takes {taken} Prize card(s) for this Knock Out but {} {expected} ({})",
            if expected < owed {
                "has only"
            } else {
                "is owed"
            },
            why.join("; ")
        );
        let from_attack = attack_text
            .as_deref()
            .and_then(|t| PHRASES.iter().find(|p| t.contains(*p)))
            .map(|p| format!("the attack's text speaks of \"{p}\""));
        let trainers: Vec<Text> = self.tracker.trainers_this_turn.clone();
        // Only the side that gains may make the count higher (an attack "takes 1 more"); the
        // Knocked Out Pokémon's own cards may make it higher or lower.
        let attack_doubt = if taken > expected {
            attack_unknown.or(from_attack)
        } else {
            None
        };
        match self
            .may_change(&watch, PHRASES)
            .or(attack_doubt)
            .or_else(|| self.may_change_known(&trainers, PHRASES))
        {
            Some(w) => Step::cannot_check("knockout.prizes", format!("{reason}; but {w}")),
            None => Step::violation("knockout.prizes", reason),
        }
    }

    /// The text of the attack (or Ability) that opened the current window, when known.
    fn action_effect_for_window(&self) -> Option<String> {
        match &self.tracker.window.source {
            Some(super::Source::Attack(Some(id), name))
            | Some(super::Source::Ability(Some(id), name)) => self
                .tracker
                .cards
                .use_effect(self.tracker.state.mon(*id).name(), name)
                .map(|(_, e)| e.text.clone()),
            Some(super::Source::Attack(None, _)) | Some(super::Source::Ability(None, _)) => None,
            _ => None,
        }
    }

    /// Prize cards `p` took earlier in the current window.
    fn taken_in_window(&self, p: PlayerIdx) -> u32 {
        self.tracker.window.prizes[p]
    }

    /// A promotion: after both Actives are Knocked Out, the player whose turn is next promotes first.
    pub(super) fn check_promote(&self, p: PlayerIdx) -> Option<Step> {
        let both_down = self
            .tracker
            .window
            .knock_outs
            .iter()
            .any(|k| k.owner == 0 && k.was_active)
            && self
                .tracker
                .window
                .knock_outs
                .iter()
                .any(|k| k.owner == 1 && k.was_active);
        if !both_down || self.tracker.window.promotions > 0 {
            return None;
        }
        let first = self.next_to_move()?;
        let name = &self.tracker.state.players[p].name;
        Some(if first == p {
            Step::ok(
                "knockout.promote-order",
                format!(
                    "both Active Pokémon were Knocked Out; {name}, whose turn is next, promotes first"
                ),
            )
        } else {
            Step::violation(
                "knockout.promote-order",
                format!(
                    "both Active Pokémon were Knocked Out; {} (whose turn is next) promotes first, not {name}",
                    self.tracker.state.players[first].name
                ),
            )
        })
    }

    /// When a window closes: Pokémon that should have been Knocked Out, Active Spots left empty.
    pub(super) fn close_window(&self, index: usize) -> Vec<Step> {
        let mut parts = Vec::new();
        if index == 0 {
            return parts;
        }
        if let Some(s) = self.missing_knock_outs(index - 1, None) {
            parts.push(s);
        }
        let game_over = matches!(
            self.tracker.lines.log.lines[index].event,
            Event::GameEnd { .. } | Event::GameDrawn
        ) || self
            .tracker
            .state
            .players
            .iter()
            .any(|p| p.prizes_left == Some(0));
        if !game_over
            && matches!(
                self.tracker.state.phase,
                super::super::state::Phase::Turn | super::super::state::Phase::Checkup
            )
        {
            for p in &self.tracker.state.players {
                if p.active.is_none()
                    && !p.bench.is_empty()
                    && !self.tracker.window.knock_outs.is_empty()
                {
                    parts.push(Step::violation(
                        "knockout.promote",
                        format!("{}'s Active Pokémon was Knocked Out and no Benched Pokémon was moved up", p.name),
                    ));
                }
            }
        }
        parts
    }

    /// Record a Knock Out for the Prize check.
    pub(super) fn record_knock_out(&mut self, id: PokemonId) {
        let m = self.tracker.state.mon(id);
        let (prizes, clause, why) = facts::prize_value(&self.tracker.cards.info, m.name(), &m.uses)
            .unwrap_or((
                1,
                "pokemon.single-prize",
                format!("{}: 1 Prize card", m.name()),
            ));
        let cards = self.cards_in_play(Some(&[id]));
        let was_active = self.tracker.state.position(id) == Some(Position::Active);
        self.tracker.window.knock_outs.push(KnockedOut {
            owner: m.owner,
            prizes,
            clause,
            why,
            cards,
            was_active,
        });
    }
}

/// The phrase of a (lower case) card text that raises HP: "+30 hp", "more hp", "hp is
/// increased", "maximum hp".
fn hp_raise_phrase(text: &str) -> Option<String> {
    for (i, _) in text.match_indices("hp") {
        let before = &text[..i];
        if before.ends_with("more ") {
            return Some("more hp".to_string());
        }
        if before.ends_with("maximum ") {
            return Some("maximum hp".to_string());
        }
        if text[i..].starts_with("hp is increased") {
            return Some("hp is increased".to_string());
        }
        // "+N hp" with N a multiple of 10.
        if let Some(number) = before.strip_suffix(' ') {
            let digits = number.len() - number.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let (head, n) = number.split_at(number.len() - digits);
            if digits >= 2 && n.ends_with('0') && head.ends_with('+') {
                return Some(format!("+{n} hp"));
            }
        }
    }
    None
}

/// "120" or "120 (whichever print)" when prints differ.
fn hp_text(replay: &Replay<'_>, id: PokemonId, hi: i32) -> String {
    match replay.prints_of(id).ok().and_then(|p| facts::hp(&p).ok()) {
        Some(_) => hi.to_string(),
        None => format!("at most {hi} (whichever print it is)"),
    }
}

/// HP as the checks need it.
struct Hp {
    lo: i32,
    hi: i32,
    /// Why a card in play may raise it (a Knock Out at the printed HP may then be early).
    may_raise: Option<String>,
    /// Why a card in play may lower it (a Knock Out below the printed HP may then be right).
    may_lower: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::hp_raise_phrase;

    #[test]
    fn finds_the_phrases_that_raise_hp() {
        assert_eq!(
            hp_raise_phrase("the pokémon this card is attached to gets +100 hp."),
            Some("+100 hp".into())
        );
        assert_eq!(
            hp_raise_phrase("its maximum hp is 300."),
            Some("maximum hp".into())
        );
        assert_eq!(
            hp_raise_phrase("this pokémon gets 50 more hp"),
            Some("more hp".into())
        );
        assert_eq!(
            hp_raise_phrase("heal 30 damage. it has more hp"),
            Some("more hp".into())
        );
        assert_eq!(hp_raise_phrase("if it has 30 hp or less"), None);
        assert_eq!(hp_raise_phrase("+5 hp"), None);
    }
}
