//! The games of the rows: Ash goes first; each game is legal as written.

use super::common::games::{NO_BENCH, game};

/// Ash attaches and passes; Misty passes.
pub fn quiet_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
        ],
    )
}

pub fn supporter_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &[
                "Misty played Professor's Notes.",
                "- Misty drew 3 cards.",
                "Misty ended their turn.",
            ],
        ],
    )
}

pub fn stadium_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &[
                "Ash played Training Hall to the Stadium spot.",
                "Ash ended their turn.",
            ],
            &[
                "Misty played Quiet Grove to the Stadium spot.",
                "Misty ended their turn.",
            ],
        ],
    )
}

/// Ash retreats Pikpik for Leafkit on his second turn.
pub fn retreat_game() -> String {
    game(
        ("Pikpik", &["Leafkit"]),
        ("Stonecub ex", NO_BENCH),
        &[
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
            &[
                "Ash attached Basic Lightning Energy to Leafkit on the Bench.",
                "Ash retreated Pikpik to the Bench.",
                "- Basic Lightning Energy was discarded from Ash's Pikpik.",
                "Ash's Leafkit is now in the Active Spot.",
                "Ash ended their turn.",
            ],
        ],
    )
}

pub fn tool_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[&[
            "Ash attached Lucky Charm to Pikpik in the Active Spot.",
            "Ash ended their turn.",
        ]],
    )
}

pub fn full_bench_game() -> String {
    game(
        (
            "Pikpik",
            &[
                "Leafkit",
                "Pebblit ex",
                "Starlit V",
                "Boltzap-GX",
                "Quartzite EX",
            ],
        ),
        ("Stonecub ex", NO_BENCH),
        &[&["Ash ended their turn."]],
    )
}

/// Misty's Pikpik attacks Ash's Stonecub ex on her first turn.
pub fn zap_game() -> String {
    game(
        ("Stonecub ex", &["Leafkit"]),
        ("Pikpik", &["Leafkit"]),
        &[
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Misty's Pikpik used Zap on Ash’s Stonecub ex for 20 damage.",
            ],
        ],
    )
}

/// Misty's Pikpik attacks on her first and second turns.
pub fn zap_twice_game() -> String {
    game(
        ("Stonecub ex", NO_BENCH),
        ("Pikpik", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Misty's Pikpik used Zap on Ash’s Stonecub ex for 20 damage.",
            ],
            &["Ash ended their turn."],
            &[
                "Misty's Pikpik used Zap on Ash’s Stonecub ex for 20 damage.",
                "Misty ended their turn.",
            ],
        ],
    )
}

/// Ash's Boltzap-GX uses its GX attack on his second turn, then Jolt on his third.
pub fn gx_game() -> String {
    game(
        ("Boltzap-GX", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &["Misty ended their turn."],
            &[
                "Ash's Boltzap-GX used Thunderclap GX on Misty’s Stonecub ex for 50 damage.",
                "Ash can no longer use GX attacks.",
            ],
            &["Misty ended their turn."],
            &["Ash's Boltzap-GX used Jolt on Misty’s Stonecub ex for 10 damage."],
        ],
    )
}

/// Ash's Starlit V evolves and uses its VSTAR Power on his second turn, then Glint on his third.
pub fn vstar_game() -> String {
    game(
        ("Starlit V", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &["Misty ended their turn."],
            &[
                "Ash evolved Starlit V to Starlit VSTAR in the Active Spot.",
                "Ash's Starlit VSTAR used Nova Star on Misty’s Stonecub ex for 50 damage.",
                "Ash can no longer use VSTAR Powers.",
            ],
            &["Misty ended their turn."],
            &["Ash's Starlit VSTAR used Glint on Misty’s Stonecub ex for 10 damage."],
        ],
    )
}

/// Ash's Raipik hits Misty's Leafkit, which resists Lightning.
pub fn resisted_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Leafkit", NO_BENCH),
        &[
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
            &[
                "Ash attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Ash evolved Pikpik to Raipik in the Active Spot.",
                "Ash's Raipik used Thunder Jolt on Misty’s Leafkit for 60 damage. Misty's Leafkit took -30 less damage because of Lightning Resistance.",
            ],
        ],
    )
}

/// Ash's Pikpik is Poisoned and Burned during Misty's turn; the Checkup after it.
pub fn checkup_game() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &[
                "Ash's Pikpik is now Poisoned.",
                "Ash's Pikpik is now Burned.",
                "Misty ended their turn.",
                "",
                "Pokémon Checkup",
                "1 damage counter was placed on Ash's Pikpik for the Special Condition Poisoned.",
                "2 damage counters were placed on Ash's Pikpik for the Special Condition Burned.",
                "Misty flipped a coin and it landed on tails.",
            ],
        ],
    )
}

/// Misty's Pikpik, Paralyzed or not on Ash's first turn, retreats on her first turn.
pub fn paralyzed_game() -> String {
    game(
        ("Stonecub ex", NO_BENCH),
        ("Pikpik", &["Leafkit"]),
        &[
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Lightning Energy to Pikpik in the Active Spot.",
                "Misty retreated Pikpik to the Bench.",
                "- Basic Lightning Energy was discarded from Misty's Pikpik.",
                "Misty's Leafkit is now in the Active Spot.",
                "Misty ended their turn.",
            ],
        ],
    )
}

/// Ash evolves on his second turn.
pub fn evolve_game() -> String {
    game(
        ("Pikpik", &["Pebblit ex"]),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &["Misty ended their turn."],
            &[
                "Ash evolved Pikpik to Raipik in the Active Spot.",
                "Ash ended their turn.",
            ],
        ],
    )
}

/// Misty retreats Stonecub ex (Retreat Cost 2) on her second turn.
pub fn stonecub_retreats() -> String {
    game(
        ("Pikpik", NO_BENCH),
        ("Stonecub ex", &["Leafkit"]),
        &[
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Fighting Energy to Stonecub ex in the Active Spot.",
                "Misty ended their turn.",
            ],
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Fighting Energy to Stonecub ex in the Active Spot.",
                "Misty retreated Stonecub ex to the Bench.",
                "- Basic Fighting Energy was discarded from Misty's Stonecub ex.",
                "- Basic Fighting Energy was discarded from Misty's Stonecub ex.",
                "Misty's Leafkit is now in the Active Spot.",
                "Misty ended their turn.",
            ],
        ],
    )
}

/// Misty's Stonecub ex Knocks Out Ash's Active Pikpik on her first turn; Ash's Leafkit comes up.
pub fn ko_game() -> String {
    game(
        ("Pikpik", &["Leafkit"]),
        ("Stonecub ex", NO_BENCH),
        &[
            &["Ash ended their turn."],
            &[
                "Misty attached Basic Fighting Energy to Stonecub ex in the Active Spot.",
                "Misty's Stonecub ex used Rock Smash on Ash’s Pikpik for 240 damage. Ash's Pikpik took 120 more damage because of Fighting Weakness.",
                "Ash's Pikpik was Knocked Out!",
                "Misty took a Prize card.",
                "Ash's Leafkit is now in the Active Spot.",
            ],
            &["Ash ended their turn."],
        ],
    )
}

/// Ash's Stonecub ex Knocks Out Misty's Active `kind` (evolved first into `evolved`, if given)
/// on his third turn and takes `prizes` Prize cards; Misty's Leafkit comes up.
pub fn knock_out(kind: &str, evolved: Option<&str>, prizes: u32) -> String {
    let out = evolved.unwrap_or(kind);
    let evolve = evolved.map(|e| format!("Misty evolved {kind} to {e} in the Active Spot."));
    let misty_2: Vec<&str> = evolve.iter().map(String::as_str).collect();
    let attack = [
        format!("Ash's Stonecub ex used Rock Smash on Misty’s {out} for 120 damage."),
        format!("Misty's {out} was Knocked Out!"),
        format!("Ash took {prizes} Prize cards."),
        "Misty's Leafkit is now in the Active Spot.".to_string(),
    ];
    let attack: Vec<&str> = attack.iter().map(String::as_str).collect();
    game(
        ("Stonecub ex", NO_BENCH),
        (kind, &["Leafkit"]),
        &[
            &[
                "Ash attached Basic Fighting Energy to Stonecub ex in the Active Spot.",
                "Ash ended their turn.",
            ],
            &["Misty ended their turn."],
            &["Ash ended their turn."],
            &misty_2,
            &attack,
        ],
    )
}

/// Both Active Mothlings, damaged and Poisoned, are Knocked Out in the same Checkup, after
/// Ash's turn: each player has a Benched Leafkit to promote (Misty, whose turn is next,
/// first), or none (the game goes to Sudden Death).
pub fn double_knock_out(benches: bool) -> String {
    let bench: &[&str] = if benches { &["Leafkit"] } else { NO_BENCH };
    let after: &[&str] = if benches {
        &[
            "Misty's Leafkit is now in the Active Spot.",
            "Ash's Leafkit is now in the Active Spot.",
        ]
    } else {
        &["Entering Sudden Death."]
    };
    let mut checkup = vec![
        "Ash's Mothling is now Poisoned.",
        "Misty's Mothling is now Poisoned.",
        "Ash's Mothling used Flutter on Misty’s Mothling for 20 damage.",
        "",
        "Pokémon Checkup",
        "1 damage counter was placed on Ash's Mothling for the Special Condition Poisoned.",
        "1 damage counter was placed on Misty's Mothling for the Special Condition Poisoned.",
        "Ash's Mothling was Knocked Out!",
        "Misty's Mothling was Knocked Out!",
        "Misty took a Prize card.",
        "Ash took a Prize card.",
    ];
    checkup.extend(after);
    game(
        ("Mothling", bench),
        ("Mothling", bench),
        &[
            &["Ash ended their turn."],
            &["Misty's Mothling used Flutter on Ash’s Mothling for 20 damage."],
            &checkup,
        ],
    )
}
