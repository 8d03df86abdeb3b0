//! The game state a battle log reveals: both players' boards, Prize cards, hand and deck sizes,
//! discard piles, the Stadium, the turn and the per-turn counters.

use serde::Serialize;

use crate::log::Text;

use crate::log::Condition;

/// Index of a player: 0 is the first name the log mentions, 1 the other.
pub type PlayerIdx = usize;

/// A stable id for a Pokémon while it is in play.
pub type PokemonId = u32;

/// A quantity the log may or may not pin down exactly (hand size, deck size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Count {
    pub value: i32,
    /// False once an effect moved cards the log does not count.
    pub exact: bool,
}

impl Count {
    pub fn exact(value: i32) -> Count {
        Count { value, exact: true }
    }

    pub fn unknown() -> Count {
        Count {
            value: 0,
            exact: false,
        }
    }

    /// A count that would go below zero was not followed right: it is no longer known.
    pub fn add(&mut self, n: i32) {
        self.value = self.value.saturating_add(n);
        if self.value < 0 {
            self.exact = false;
        }
    }

    /// The count is no longer known exactly.
    pub fn blur(&mut self) {
        self.exact = false;
    }

    /// The value when it is exact.
    pub fn known(&self) -> Option<i32> {
        self.exact.then_some(self.value)
    }
}

/// Where a Pokémon in play sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Position {
    Active,
    Bench,
}

/// A Pokémon in play: its evolution stack, attachments, damage and conditions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pokemon {
    pub id: PokemonId,
    pub owner: PlayerIdx,
    /// Card names from the Basic up; the last is the Pokémon's current name.
    pub stack: Vec<Text>,
    /// Energy cards attached, by name.
    pub energy: Vec<Text>,
    /// Pokémon Tools attached, by name.
    pub tools: Vec<Text>,
    /// Damage on it, in HP (10 per damage counter).
    pub damage: i32,
    pub conditions: Vec<Condition>,
    /// The turn it was put into play (0 = during setup).
    pub entered_turn: u32,
    /// The turn it last evolved, if it did.
    pub evolved_turn: Option<u32>,
    /// The turn it last moved from the Bench to the Active Spot, if it did.
    #[serde(skip)]
    pub moved_active_turn: Option<u32>,
    /// The attacks and Abilities its current card was seen to use: they narrow down which
    /// print of the card it is.
    #[serde(skip)]
    pub uses: Vec<Text>,
    /// The client's card id of its current card (`me1_56`), when the log writes ids: it tells
    /// Pokémon of one name apart.
    #[serde(skip)]
    pub card_id: Option<Text>,
    /// What is tracked on it (damage, attachments, stack) may be off: a line that changed it
    /// could have meant another Pokémon of the same name.
    #[serde(skip)]
    pub uncertain: bool,
    /// It was put on this side by a sub-line of the other player's action that named this
    /// player (the client sometimes names the wrong one): it may be the other player's.
    #[serde(skip)]
    pub side_unsure: bool,
    /// Damage tracked on it from lines that could have meant another Pokémon of its name.
    #[serde(skip)]
    pub doubtful_damage: i32,
    /// Damage lines that could have meant it put their damage on another Pokémon of its name
    /// instead: it may have up to this much more.
    #[serde(skip)]
    pub missing_damage: i32,
    /// The turn it became Paralyzed.
    #[serde(skip)]
    pub paralyzed_turn: Option<u32>,
    /// Its owner flipped heads in a Pokémon Checkup while it was Asleep and no line said it woke
    /// up: the coin may have been its Asleep coin, so it may be awake.
    #[serde(skip)]
    pub may_have_woken: bool,
    /// Which version of its identity (name, uses, card id) it has: memos of what it may be
    /// are kept by this number (see [`Pokemon::identity_changed`]).
    #[serde(skip)]
    pub revision: Revision,
}

/// A number that changes whenever a Pokémon's name, uses or card id change, unique in the
/// process: a memo made for one number is of that Pokémon as it was then. Bookkeeping, not
/// state: two Pokémon equal in every fact are equal whatever their numbers.
#[derive(Debug, Clone, Copy, Eq)]
pub struct Revision(u64);

impl Revision {
    fn next() -> Revision {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Revision(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }

    /// Whether two numbers are the same version (not a state comparison: see the type).
    pub fn same(self, other: Revision) -> bool {
        self.0 == other.0
    }
}

impl PartialEq for Revision {
    fn eq(&self, _: &Revision) -> bool {
        true
    }
}

impl Pokemon {
    /// Say that its name, uses or card id changed (each change to them calls this).
    pub fn identity_changed(&mut self) {
        self.revision = Revision::next();
    }

    /// The Pokémon's current name (the top card of its stack).
    pub fn name(&self) -> &str {
        self.stack.last().map(Text::as_str).unwrap_or("")
    }

    pub fn has(&self, c: Condition) -> bool {
        self.conditions.contains(&c)
    }

    /// Add a Special Condition. Asleep, Confused and Paralyzed replace one another (the one
    /// replaced is returned); Poisoned and Burned stay alongside them.
    pub fn add_condition(&mut self, c: Condition) -> Option<Condition> {
        let rotating = |x: &Condition| {
            matches!(
                x,
                Condition::Asleep | Condition::Confused | Condition::Paralyzed
            )
        };
        let mut replaced = None;
        if c == Condition::Asleep {
            self.may_have_woken = false;
        }
        if rotating(&c) {
            replaced = self
                .conditions
                .iter()
                .copied()
                .find(|x| rotating(x) && *x != c);
            self.conditions.retain(|x| !rotating(x));
        }
        if !self.conditions.contains(&c) {
            self.conditions.push(c);
            self.conditions.sort();
        }
        replaced
    }
}

/// The Stadium in play and who played it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stadium {
    pub name: Text,
    pub owner: PlayerIdx,
    /// A line may have discarded it without saying so plainly (a discard of a card of its
    /// name by an effect whose text does not speak of a Stadium in play): it may have left.
    #[serde(skip)]
    pub unsure: bool,
}

/// What one player has done this turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct TurnCounters {
    /// Energy attached from hand (effects that attach do not count).
    pub energy_attached: u32,
    pub supporters: u32,
    pub stadiums: u32,
    pub retreats: u32,
    pub attacks: u32,
    /// Pokémon put into play this turn and Pokémon evolved this turn are read from the Pokémon.
    pub drew_for_turn: bool,
    /// The player who attacked this turn (attacking ends the turn).
    pub attacked_by: Option<PlayerIdx>,
}

/// One player's side of the game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerState {
    pub name: Text,
    pub active: Option<PokemonId>,
    pub bench: Vec<PokemonId>,
    /// Prize cards left; `None` before they are set aside.
    pub prizes_left: Option<i32>,
    pub hand: Count,
    pub deck: Count,
    pub discard: Vec<Text>,
    pub lost_zone: Vec<Text>,
    pub mulligans: u32,
    pub went_first: Option<bool>,
    pub gx_attack_used: bool,
    pub vstar_power_used: bool,
    /// Turns this player has begun.
    pub turns_taken: u32,
    /// The Bench count is not exact: a line may have put a Pokémon on the wrong side (the
    /// client named the other player in a sub-line of an effect), a card of a Pokémon's name
    /// left for a zone the log does not name (it may have been that Pokémon), or the tracker
    /// lost track of one of this player's Pokémon.
    pub bench_unsure: bool,
    /// The discard pile is not known card by card (cards went to it, or left it, that the log
    /// does not name).
    #[serde(skip)]
    pub discard_unsure: bool,
    /// The last turn one of this player's Pokémon was Knocked Out by damage from an attack (the
    /// damage of an attack line reached it, in the attack's window).
    #[serde(skip)]
    pub knocked_out_by_attack_turn: Option<u32>,
    /// The last turn one of this player's Pokémon was Knocked Out where the replay cannot tell
    /// whether an attack's damage did it (which Pokémon of a name the line meant).
    #[serde(skip)]
    pub knocked_out_unsure_turn: Option<u32>,
}

impl PlayerState {
    pub fn new(name: &str) -> PlayerState {
        PlayerState {
            name: Text::from(name),
            active: None,
            bench: Vec::new(),
            prizes_left: None,
            hand: Count::exact(0),
            deck: Count::exact(60),
            discard: Vec::new(),
            lost_zone: Vec::new(),
            mulligans: 0,
            went_first: None,
            gx_attack_used: false,
            vstar_power_used: false,
            turns_taken: 0,
            bench_unsure: false,
            discard_unsure: false,
            knocked_out_by_attack_turn: None,
            knocked_out_unsure_turn: None,
        }
    }

    /// Every Pokémon this player has in play, Active first.
    pub fn in_play(&self) -> impl Iterator<Item = PokemonId> + '_ {
        self.active
            .iter()
            .copied()
            .chain(self.bench.iter().copied())
    }
}

/// The phase of the game the log is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Before the `Setup` header or the first line.
    Start,
    Setup,
    Turn,
    Checkup,
    Ended,
}

/// The whole visible state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameState {
    pub players: Vec<PlayerState>,
    /// Every Pokémon ever put into play; players hold ids into it.
    pub pokemon: Vec<Pokemon>,
    pub stadium: Option<Stadium>,
    /// Turns begun so far (the first player's first turn is 1).
    pub turn: u32,
    pub to_move: Option<PlayerIdx>,
    pub first_player: Option<PlayerIdx>,
    pub phase: Phase,
    pub counters: TurnCounters,
    pub winner: Option<PlayerIdx>,
    /// Prize cards each player uses (6; 1 in Sudden Death).
    pub prize_count: i32,
}

impl GameState {
    pub fn new(names: &[Text]) -> GameState {
        GameState {
            players: names.iter().map(|n| PlayerState::new(n)).collect(),
            pokemon: Vec::new(),
            stadium: None,
            turn: 0,
            to_move: None,
            first_player: None,
            phase: Phase::Start,
            counters: TurnCounters::default(),
            winner: None,
            prize_count: 6,
        }
    }

    pub fn opponent(&self, p: PlayerIdx) -> PlayerIdx {
        1 - p
    }

    pub fn mon(&self, id: PokemonId) -> &Pokemon {
        &self.pokemon[id as usize]
    }

    pub fn mon_mut(&mut self, id: PokemonId) -> &mut Pokemon {
        &mut self.pokemon[id as usize]
    }

    /// Where a Pokémon is, if it is in play.
    pub fn position(&self, id: PokemonId) -> Option<Position> {
        let p = &self.players[self.mon(id).owner];
        if p.active == Some(id) {
            Some(Position::Active)
        } else if p.bench.contains(&id) {
            Some(Position::Bench)
        } else {
            None
        }
    }

    /// Put a new Pokémon into play, remembering the card id the log gives it.
    pub fn put_card_into_play(
        &mut self,
        owner: PlayerIdx,
        card: &crate::log::CardName,
        position: Position,
    ) -> PokemonId {
        let id = self.put_into_play(owner, &card.name, position);
        let mon = &mut self.pokemon[id as usize];
        mon.card_id = card.id.clone();
        mon.identity_changed();
        id
    }

    /// Put a new Pokémon into play.
    pub fn put_into_play(&mut self, owner: PlayerIdx, name: &str, position: Position) -> PokemonId {
        let id = self.pokemon.len() as PokemonId;
        self.pokemon.push(Pokemon {
            id,
            owner,
            stack: vec![Text::from(name)],
            energy: Vec::new(),
            tools: Vec::new(),
            damage: 0,
            conditions: Vec::new(),
            entered_turn: self.turn,
            evolved_turn: None,
            moved_active_turn: None,
            uses: Vec::new(),
            card_id: None,
            uncertain: false,
            side_unsure: false,
            doubtful_damage: 0,
            missing_damage: 0,
            paralyzed_turn: None,
            may_have_woken: false,
            revision: Revision::next(),
        });
        let player = &mut self.players[owner];
        match position {
            Position::Active if player.active.is_none() => player.active = Some(id),
            _ => player.bench.push(id),
        }
        id
    }

    /// A Benched Pokémon put on the wrong side: it goes to `to`'s Bench.
    pub fn change_side(&mut self, id: PokemonId, to: PlayerIdx) {
        self.remove_from_play(id);
        self.pokemon[id as usize].owner = to;
        self.players[to].bench.push(id);
    }

    /// Take a Pokémon out of play (Knocked Out, returned to hand or deck): it leaves its spot.
    pub fn remove_from_play(&mut self, id: PokemonId) {
        let owner = self.mon(id).owner;
        let p = &mut self.players[owner];
        if p.active == Some(id) {
            p.active = None;
        }
        p.bench.retain(|b| *b != id);
    }

    /// Move a Benched Pokémon to the Active Spot; the Pokémon there (if any) goes to the Bench.
    pub fn make_active(&mut self, id: PokemonId) {
        let owner = self.mon(id).owner;
        let p = &mut self.players[owner];
        if p.active == Some(id) {
            return;
        }
        p.bench.retain(|b| *b != id);
        if let Some(old) = p.active.take() {
            p.bench.push(old);
        }
        p.active = Some(id);
        let turn = self.turn;
        self.pokemon[id as usize].moved_active_turn = Some(turn);
    }

    /// Move the Active Pokémon to the Bench, leaving the Active Spot empty.
    pub fn bench_active(&mut self, owner: PlayerIdx) -> Option<PokemonId> {
        let p = &mut self.players[owner];
        let id = p.active.take()?;
        p.bench.push(id);
        Some(id)
    }

    /// Whether `p` is on the first turn of the player who went first.
    pub fn first_players_first_turn(&self, p: PlayerIdx) -> bool {
        self.first_player == Some(p) && self.players[p].turns_taken == 1
    }

    /// Index of the player with this name.
    pub fn player_named(&self, name: &str) -> Option<PlayerIdx> {
        self.players.iter().position(|p| p.name == name)
    }
}
