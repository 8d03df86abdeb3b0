//! Every clause id the project knows: the ones the engine checks (some input makes it find the
//! rule broken), and the ones the rulings reference explains without the engine ever finding
//! them broken (some of these it still cites where it applies them). Each id has a section in a
//! `rulings/<page>.md` page (a test enforces it).

/// A rule clause: a stable id, a short title, the page it lives on, and whether the engine
/// checks it (can find it broken).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clause {
    pub id: &'static str,
    pub title: &'static str,
    /// The page under `rulings/` (without `.md`).
    pub page: &'static str,
    /// Checked by the engine (true): some input makes a replay `violation` (or a deck
    /// checker problem) cite it, as `tests/clauses_can_fail/` shows for each. Reference only
    /// (false): the engine never finds it broken, though it may cite it where it applies the
    /// rule (an `ok` step, an `unverified` doubt, a judge tool's trace).
    pub checked: bool,
}

const fn c(id: &'static str, page: &'static str, checked: bool, title: &'static str) -> Clause {
    Clause {
        id,
        title,
        page,
        checked,
    }
}

/// The pages of the rulings reference, in reading order, with their titles.
pub const PAGES: &[(&str, &str)] = &[
    ("card-text", "Card text and the rules"),
    (
        "zones",
        "Zones: hand, deck, discard pile, Prize cards and the Lost Zone",
    ),
    ("setup", "Setting up and mulligans"),
    ("turn-structure", "The parts of a turn"),
    ("effects", "How long effects last and when they happen"),
    ("energy", "Energy"),
    (
        "trainer-cards",
        "Trainer cards: Items, Supporters, Stadiums and Tools",
    ),
    ("abilities", "Abilities, Poké-Powers and Poké-Bodies"),
    ("evolution", "Evolution"),
    ("retreat-and-switching", "Retreating and switching"),
    ("attacking-and-damage", "Attacking and the damage order"),
    (
        "attack-effects",
        "Attack effects: failing, recoil, prevention and copying",
    ),
    (
        "special-conditions",
        "Special Conditions and Pokémon Checkup",
    ),
    ("knock-out-and-prizes", "Knock Outs and Prize cards"),
    ("winning", "Winning the game"),
    ("simultaneous-wins", "Simultaneous wins and Sudden Death"),
    ("deck-building", "Building a deck"),
    (
        "special-pokemon",
        "Special kinds of Pokémon and their Prize values",
    ),
];

/// Every clause.
pub const CLAUSES: &[Clause] = &[
    // Card text
    c(
        "card-text.overrides-rules",
        "card-text",
        false,
        "Card text comes before the rules",
    ),
    c(
        "card-text.newest-wording",
        "card-text",
        false,
        "The newest wording of a card is the one that applies",
    ),
    c(
        "card-text.up-to",
        "card-text",
        false,
        "\"Up to\", \"any amount\" and \"you may\"",
    ),
    c(
        "card-text.if-you-do",
        "card-text",
        false,
        "\"Do A. If you do, do B\"",
    ),
    c(
        "card-text.fewer-targets",
        "card-text",
        false,
        "Fewer targets than the card names",
    ),
    c(
        "card-text.draw-search",
        "card-text",
        false,
        "Drawing and searching the deck",
    ),
    c(
        "card-text.discard",
        "card-text",
        false,
        "Discarding: who chooses, whose discard pile",
    ),
    c(
        "card-text.put-back",
        "card-text",
        false,
        "Putting a Pokémon back into the hand or deck",
    ),
    c(
        "card-text.heal",
        "card-text",
        false,
        "Healing, and healing a Pokémon with no damage",
    ),
    c(
        "card-text.move-damage-counters",
        "card-text",
        true,
        "Moving damage counters",
    ),
    c(
        "card-text.cant-play",
        "card-text",
        false,
        "\"Can't play … from their hand\"",
    ),
    c(
        "card-text.has-no",
        "card-text",
        false,
        "\"Has no …\" and \"ignore …\"",
    ),
    // Zones
    c(
        "zones.in-play",
        "zones",
        false,
        "What \"in play\" covers: the Active Spot, the Bench, the Stadium",
    ),
    c(
        "zones.hidden-public",
        "zones",
        false,
        "Hidden and public zones",
    ),
    c("zones.lost-zone", "zones", false, "The Lost Zone"),
    // Setup
    c(
        "setup.opening-hand",
        "setup",
        true,
        "Each player draws an opening hand of 7",
    ),
    c(
        "setup.mulligan",
        "setup",
        true,
        "A hand with no Basic Pokémon is a mulligan",
    ),
    c(
        "setup.mulligan-extra-draw",
        "setup",
        true,
        "Extra cards for the opponent's mulligans",
    ),
    c(
        "setup.basic-pokemon",
        "setup",
        true,
        "Only Basic Pokémon are put into play at setup",
    ),
    c(
        "setup.prize-cards",
        "setup",
        false,
        "Six Prize cards are set aside",
    ),
    c(
        "setup.first-player",
        "setup",
        false,
        "A coin flip decides who chooses to go first",
    ),
    c(
        "setup.double-battle",
        "setup",
        false,
        "Double battles (classic)",
    ),
    // Turn structure
    c(
        "turn.draw",
        "turn-structure",
        true,
        "Draw a card to begin your turn",
    ),
    c(
        "turn.energy-attach-once",
        "turn-structure",
        true,
        "One Energy from your hand per turn",
    ),
    c(
        "turn.supporter-once",
        "turn-structure",
        true,
        "One Supporter per turn",
    ),
    c(
        "turn.supporter-first-turn",
        "turn-structure",
        true,
        "No Supporter on the first player's first turn",
    ),
    c(
        "turn.stadium-once",
        "turn-structure",
        true,
        "One Stadium per turn",
    ),
    c(
        "turn.stadium-same-name",
        "turn-structure",
        true,
        "No Stadium with the name of the Stadium in play",
    ),
    c(
        "turn.retreat-once",
        "turn-structure",
        true,
        "One retreat per turn",
    ),
    c(
        "turn.bench-basic",
        "turn-structure",
        true,
        "Only Basic Pokémon go from the hand onto the Bench",
    ),
    c(
        "turn.bench-limit",
        "turn-structure",
        true,
        "At most 5 Pokémon on the Bench",
    ),
    c(
        "turn.first-player-no-attack",
        "turn-structure",
        true,
        "The first player does not attack on their first turn",
    ),
    c(
        "turn.attack-ends-turn",
        "turn-structure",
        true,
        "Attacking ends your turn",
    ),
    c("turn.items", "turn-structure", false, "Any number of Items"),
    c(
        "turn.bench-one-at-a-time",
        "turn-structure",
        false,
        "Basic Pokémon go onto the Bench one at a time",
    ),
    // Effects and timing
    c(
        "effects.duration",
        "effects",
        false,
        "\"During your opponent's next turn\" and \"until the end of your opponent's next turn\"",
    ),
    c(
        "effects.end-of-turn",
        "effects",
        false,
        "\"At the end of the turn\"",
    ),
    c(
        "effects.this-turn",
        "effects",
        false,
        "\"During this turn\" conditions are not attack effects",
    ),
    // Energy
    c(
        "energy.basic",
        "energy",
        false,
        "Basic Energy provides one Energy of its type",
    ),
    c(
        "energy.special",
        "energy",
        false,
        "Special Energy provides what its text says",
    ),
    c(
        "energy.colorless",
        "energy",
        false,
        "Colorless in a cost is paid by any type",
    ),
    c(
        "energy.attach-by-effect",
        "energy",
        false,
        "Attaching and moving Energy by an effect",
    ),
    // Trainers
    c("trainer.item", "trainer-cards", false, "Items"),
    c("trainer.supporter", "trainer-cards", false, "Supporters"),
    c("trainer.stadium", "trainer-cards", false, "Stadiums"),
    c(
        "trainer.changes-nothing",
        "trainer-cards",
        false,
        "A Supporter or Stadium that would change nothing",
    ),
    c(
        "trainer.tool",
        "trainer-cards",
        true,
        "One Pokémon Tool per Pokémon",
    ),
    c("trainer.ace-spec", "trainer-cards", false, "ACE SPEC cards"),
    c(
        "trainer.technical-machine",
        "trainer-cards",
        false,
        "Technical Machines",
    ),
    // Abilities and older powers
    c("ability.use", "abilities", false, "Using an Ability"),
    c(
        "ability.stacking",
        "abilities",
        false,
        "The same effect from several Pokémon: when it adds up",
    ),
    c(
        "ability.poke-powers",
        "abilities",
        false,
        "Poké-Powers and Poké-Bodies",
    ),
    c(
        "ability.powers-under-conditions",
        "abilities",
        false,
        "Special Conditions switch off Poké-Powers",
    ),
    c(
        "ability.ancient-trait",
        "abilities",
        false,
        "Ancient Traits",
    ),
    // Evolution
    c(
        "evolution.first-turn",
        "evolution",
        true,
        "No evolution on a player's first turn",
    ),
    c(
        "evolution.same-turn",
        "evolution",
        true,
        "No evolving a Pokémon put into play or evolved this turn",
    ),
    c(
        "evolution.evolves-from",
        "evolution",
        true,
        "The evolution must evolve from that Pokémon",
    ),
    c(
        "evolution.by-effect",
        "evolution",
        true,
        "Evolving through an effect (Rare Candy)",
    ),
    c(
        "evolution.clears-conditions",
        "evolution",
        false,
        "Evolving removes Special Conditions",
    ),
    c(
        "evolution.devolve",
        "evolution",
        false,
        "Devolving a Pokémon",
    ),
    // Retreat and switching
    c(
        "retreat.cost",
        "retreat-and-switching",
        true,
        "Retreating costs the Retreat Cost in Energy",
    ),
    c(
        "retreat.asleep-paralyzed",
        "retreat-and-switching",
        true,
        "An Asleep or Paralyzed Pokémon cannot retreat",
    ),
    c(
        "switch.clears-conditions",
        "retreat-and-switching",
        false,
        "Going to the Bench removes Special Conditions",
    ),
    c(
        "switch.who-chooses",
        "retreat-and-switching",
        false,
        "Who picks the Pokémon in a switch",
    ),
    c(
        "retreat.cant-retreat",
        "retreat-and-switching",
        false,
        "\"Can't retreat\" effects",
    ),
    // Attacking and damage
    c(
        "attack.has-attack",
        "attacking-and-damage",
        true,
        "The Pokémon must have that attack",
    ),
    c(
        "attack.active-only",
        "attacking-and-damage",
        false,
        "Only the Active Pokémon attacks",
    ),
    c(
        "attack.energy-cost",
        "attacking-and-damage",
        true,
        "Attached Energy must pay the cost",
    ),
    c(
        "attack.asleep-paralyzed",
        "attacking-and-damage",
        true,
        "An Asleep or Paralyzed Pokémon cannot attack",
    ),
    c(
        "attack.gx-once",
        "attacking-and-damage",
        true,
        "One GX attack per game",
    ),
    c(
        "attack.vstar-once",
        "attacking-and-damage",
        true,
        "One VSTAR Power per game",
    ),
    c(
        "attack.steps",
        "attacking-and-damage",
        false,
        "The steps of an attack, in order",
    ),
    c(
        "attack.damage-order",
        "attacking-and-damage",
        true,
        "The order damage is worked out in",
    ),
    c(
        "attack.damage-order.weakness",
        "attacking-and-damage",
        true,
        "Weakness: after the attacker's effects",
    ),
    c(
        "attack.damage-order.resistance",
        "attacking-and-damage",
        true,
        "Resistance: after Weakness",
    ),
    c(
        "attack.damage-order.bench",
        "attacking-and-damage",
        true,
        "No Weakness or Resistance for Benched Pokémon",
    ),
    c(
        "attack.damage-breakdown",
        "attacking-and-damage",
        true,
        "A damage breakdown adds up, in the damage order",
    ),
    c(
        "attack.damage-counters",
        "attacking-and-damage",
        true,
        "Placing damage counters is not damage",
    ),
    c(
        "counters.other",
        "attacking-and-damage",
        false,
        "Counters other than damage counters",
    ),
    // Attack effects
    c(
        "attack.does-nothing",
        "attack-effects",
        false,
        "\"Does nothing\" and \"doesn't happen\"",
    ),
    c(
        "attack.self-damage",
        "attack-effects",
        false,
        "Damage an attack does to its own Pokémon",
    ),
    c(
        "attack.prevent-damage",
        "attack-effects",
        false,
        "\"Prevent all damage done by attacks\"",
    ),
    c(
        "attack.prevent-effects",
        "attack-effects",
        false,
        "\"Prevent all effects of attacks\"",
    ),
    c(
        "attack.cant-attack",
        "attack-effects",
        false,
        "\"Can't attack\" and \"can't use this attack\"",
    ),
    c(
        "attack.copied",
        "attack-effects",
        false,
        "Copied attacks (\"use it as this attack\")",
    ),
    c(
        "attack.damaged-by-attack",
        "attack-effects",
        false,
        "\"If this Pokémon is damaged by an attack\"",
    ),
    c(
        "attack.baby",
        "attack-effects",
        false,
        "Attacking a Baby Pokémon (classic)",
    ),
    // Special Conditions and Checkup
    c(
        "checkup.order",
        "special-conditions",
        true,
        "The order of Pokémon Checkup",
    ),
    c(
        "checkup.poisoned",
        "special-conditions",
        true,
        "Poisoned: 1 damage counter each Checkup",
    ),
    c(
        "checkup.burned",
        "special-conditions",
        true,
        "Burned: 2 damage counters, then a coin",
    ),
    c(
        "checkup.asleep",
        "special-conditions",
        true,
        "Asleep: a coin to wake up",
    ),
    c(
        "checkup.paralyzed",
        "special-conditions",
        true,
        "Paralyzed: ends after its owner's next turn",
    ),
    c(
        "checkup.confused",
        "special-conditions",
        true,
        "Confused: a coin before attacking",
    ),
    c(
        "conditions.poke-power",
        "special-conditions",
        true,
        "Special Conditions turn off Poké-Powers and Pokémon Powers",
    ),
    c(
        "conditions.replace",
        "special-conditions",
        false,
        "Asleep, Confused and Paralyzed replace one another",
    ),
    // Knock Outs and Prize cards
    c(
        "knockout.at-hp",
        "knock-out-and-prizes",
        true,
        "Knocked Out when damage reaches HP",
    ),
    c(
        "hp.maximum-remaining",
        "knock-out-and-prizes",
        false,
        "Full, maximum and remaining HP",
    ),
    c(
        "knockout.prizes",
        "knock-out-and-prizes",
        true,
        "Prize cards for a Knock Out",
    ),
    c(
        "knockout.prizes-left",
        "knock-out-and-prizes",
        true,
        "No more Prize cards than were set aside",
    ),
    c(
        "knockout.promote",
        "knock-out-and-prizes",
        true,
        "A new Active Pokémon after a Knock Out",
    ),
    c(
        "knockout.promote-order",
        "knock-out-and-prizes",
        false,
        "Both Actives Knocked Out: who promotes and takes Prize cards first",
    ),
    c(
        "knockout.effects-first",
        "knock-out-and-prizes",
        false,
        "Knock-Out effects come before the discard",
    ),
    // Winning
    c("win.prizes", "winning", true, "Taking your last Prize card"),
    c(
        "win.no-pokemon",
        "winning",
        true,
        "Your opponent has no Pokémon in play",
    ),
    c(
        "win.deck-out",
        "winning",
        true,
        "Your opponent cannot draw at the start of their turn",
    ),
    c("win.concede", "winning", false, "Conceding"),
    c(
        "win.end-line",
        "winning",
        true,
        "The end line names the winner its reason implies",
    ),
    c(
        "win.simultaneous",
        "simultaneous-wins",
        true,
        "Both players win at once",
    ),
    c(
        "win.sudden-death",
        "simultaneous-wins",
        false,
        "Sudden Death",
    ),
    // Deck building
    c(
        "deck.sixty-cards",
        "deck-building",
        true,
        "Exactly 60 cards",
    ),
    c(
        "deck.four-copies",
        "deck-building",
        true,
        "At most 4 copies of a card name",
    ),
    c(
        "deck.same-name",
        "deck-building",
        true,
        "What counts as the same name",
    ),
    c(
        "deck.basic-pokemon",
        "deck-building",
        true,
        "At least one Basic Pokémon",
    ),
    c(
        "deck.ace-spec",
        "deck-building",
        true,
        "At most one ACE SPEC card",
    ),
    c(
        "deck.radiant",
        "deck-building",
        true,
        "At most one Radiant Pokémon",
    ),
    c(
        "deck.prism-star",
        "deck-building",
        true,
        "At most one of each Prism Star card",
    ),
    c(
        "deck.pokemon-star",
        "deck-building",
        true,
        "At most one Pokémon ☆ (Star) in a deck",
    ),
    c(
        "deck.known-cards",
        "deck-building",
        true,
        "Every line names a known card",
    ),
    c(
        "deck.format-legality",
        "deck-building",
        true,
        "Every card legal in the format played",
    ),
    // Special Pokémon kinds
    c(
        "pokemon.ex",
        "special-pokemon",
        true,
        "Pokémon ex: 2 Prize cards",
    ),
    c(
        "pokemon.mega-ex",
        "special-pokemon",
        true,
        "Mega Evolution Pokémon ex: 3 Prize cards",
    ),
    c(
        "pokemon.ex-old",
        "special-pokemon",
        true,
        "Pokémon-EX and older Pokémon-ex: 2 Prize cards",
    ),
    c(
        "pokemon.v",
        "special-pokemon",
        true,
        "Pokémon V and VSTAR: 2 Prize cards",
    ),
    c(
        "pokemon.vmax",
        "special-pokemon",
        true,
        "Pokémon VMAX: 3 Prize cards",
    ),
    c(
        "pokemon.v-union",
        "special-pokemon",
        true,
        "Pokémon V-UNION: 3 Prize cards",
    ),
    c(
        "pokemon.gx",
        "special-pokemon",
        true,
        "Pokémon-GX: 2 Prize cards",
    ),
    c(
        "pokemon.tag-team",
        "special-pokemon",
        true,
        "TAG TEAM Pokémon: 3 Prize cards",
    ),
    c(
        "pokemon.rule-box",
        "special-pokemon",
        false,
        "Pokémon with a Rule Box",
    ),
    c(
        "pokemon.radiant",
        "special-pokemon",
        false,
        "Radiant Pokémon",
    ),
    c("pokemon.tera", "special-pokemon", false, "Tera Pokémon"),
    c(
        "pokemon.prism-star",
        "special-pokemon",
        false,
        "Prism Star cards",
    ),
    c("pokemon.lv-x", "special-pokemon", false, "Pokémon LV.X"),
    c("pokemon.break", "special-pokemon", false, "Pokémon BREAK"),
    c(
        "pokemon.dual-type",
        "special-pokemon",
        false,
        "Dual-type Pokémon",
    ),
    c("pokemon.legend", "special-pokemon", false, "Pokémon LEGEND"),
    c(
        "pokemon.restored",
        "special-pokemon",
        false,
        "Restored Pokémon",
    ),
    c(
        "pokemon.labels",
        "special-pokemon",
        false,
        "Ancient, Future, Battle Styles and Ultra Beasts: labels, not names or Stages",
    ),
    c(
        "pokemon.single-prize",
        "special-pokemon",
        true,
        "Every other Pokémon: 1 Prize card",
    ),
];

/// The clause with this id.
pub fn clause(id: &str) -> Option<&'static Clause> {
    CLAUSES.iter().find(|c| c.id == id)
}

/// The address of a clause's section: its page, at the clause's anchor.
pub fn section_url(page: &str, id: &str) -> String {
    format!("/rulings/{page}#{id}")
}

impl Clause {
    /// The address of the clause's section in the rulings reference.
    pub fn url(&self) -> String {
        section_url(self.page, self.id)
    }
}
