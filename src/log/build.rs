//! Turning a pattern match into a typed [`Event`].

use super::event::{
    AttackLine, BreakdownItem, CardName, CardRef, CoinFace, Condition, Destination, DevolveLine,
    EndReason, Event, MoveCountersLine, OncePerGame, Shuffled, Spot, SwitchLine, Text,
    TypeModifier,
};
use super::pattern::{Match, Shape};

fn num(s: &str) -> Option<i32> {
    s.parse().ok()
}

fn count(s: &str) -> Option<u32> {
    s.parse().ok()
}

fn card(s: &str) -> CardName {
    CardName::parse(s)
}

fn owned(s: &str) -> Text {
    Text::from(s)
}

fn face(s: &str) -> Option<CoinFace> {
    match s {
        "heads" | "Heads" => Some(CoinFace::Heads),
        "tails" | "Tails" => Some(CoinFace::Tails),
        _ => None,
    }
}

/// A Weakness or Resistance a line states (boxed: few lines state one, and every event is as
/// large as the largest).
fn modifier(energy_type: &str, amount: &str) -> Option<Box<TypeModifier>> {
    Some(Box::new(TypeModifier {
        energy_type: Text::from(energy_type),
        amount: num(amount)?,
    }))
}

/// Build the event a match stands for; `None` when the slot values do not fit the shape (a
/// condition name that is not a Special Condition, say), so the next candidate is tried.
pub fn build(m: &Match<'_>, line: &str) -> Option<Event> {
    let c = &m.captures;
    let get = |i: usize| c.get(i);
    Some(match m.shape {
        Shape::SetupHeader => Event::SetupHeader,
        Shape::CheckupHeader => Event::CheckupHeader,
        Shape::BreakdownHeader => Event::BreakdownHeader,
        Shape::TurnHeader => Event::TurnHeader {
            number: None,
            player: Some(owned(get(0)?)),
        },
        Shape::TurnHeaderNumbered => Event::TurnHeader {
            number: Some(count(get(0)?)?),
            player: Some(owned(get(1)?)),
        },
        Shape::TurnHeaderPlaceholder => Event::TurnHeader {
            number: None,
            player: None,
        },
        Shape::TurnHeaderPlaceholderNumbered => Event::TurnHeader {
            number: Some(count(get(0)?)?),
            player: None,
        },
        Shape::AddedToHand => Event::AddedToHand {
            card: CardRef::parse(get(0)?),
            player: owned(get(1)?),
        },
        Shape::Attack => Event::Attack(Box::new(AttackLine {
            player: owned(get(0)?),
            pokemon: card(get(1)?),
            attack: owned(get(2)?),
            target_owner: owned(get(3)?),
            target: card(get(4)?),
            damage: num(get(5)?)?,
            weakness: None,
            resistance: None,
        })),
        Shape::AttackWeak | Shape::AttackResistant | Shape::AttackWeakResistant => {
            let (weakness, resistance) = match m.shape {
                Shape::AttackWeak => (modifier(get(9)?, get(8)?), None),
                Shape::AttackResistant => (None, modifier(get(9)?, get(8)?)),
                _ => (modifier(get(9)?, get(8)?), modifier(get(13)?, get(12)?)),
            };
            Event::Attack(Box::new(AttackLine {
                player: owned(get(0)?),
                pokemon: card(get(1)?),
                attack: owned(get(2)?),
                target_owner: owned(get(3)?),
                target: card(get(4)?),
                damage: num(get(5)?)?,
                weakness,
                resistance,
            }))
        }
        Shape::TookDamage => Event::TookDamage {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
            damage: num(get(2)?)?,
            weakness: None,
            resistance: None,
        },
        Shape::TookDamageWeak | Shape::TookDamageResistant | Shape::TookDamageWeakResistant => {
            let (weakness, resistance) = match m.shape {
                Shape::TookDamageWeak => (modifier(get(6)?, get(5)?), None),
                Shape::TookDamageResistant => (None, modifier(get(6)?, get(5)?)),
                _ => (modifier(get(6)?, get(5)?), modifier(get(10)?, get(9)?)),
            };
            Event::TookDamage {
                owner: owned(get(0)?),
                pokemon: card(get(1)?),
                damage: num(get(2)?)?,
                weakness,
                resistance,
            }
        }
        Shape::AttachActive | Shape::AttachBench | Shape::AttachFallback => Event::Attach {
            player: owned(get(0)?),
            card: card(get(1)?),
            target: card(get(2)?),
            spot: spot(m.shape),
        },
        Shape::Activated => Event::Activated {
            card: card(get(0)?),
        },
        Shape::CoinFlipMulti => {
            let flips = count(get(1)?)?;
            let measured = count(get(2)?)?;
            let heads = match face(get(3)?)? {
                CoinFace::Heads => measured,
                CoinFace::Tails => flips.checked_sub(measured)?,
            };
            if heads > flips {
                return None;
            }
            Event::CoinFlip {
                player: owned(get(0)?),
                flips,
                heads,
            }
        }
        Shape::CoinFlipSingle => Event::CoinFlip {
            player: owned(get(0)?),
            flips: 1,
            heads: u32::from(face(get(1)?)? == CoinFace::Heads),
        },
        Shape::ConditionDamageMany => Event::ConditionDamage {
            count: count(get(0)?)?,
            owner: owned(get(1)?),
            pokemon: card(get(2)?),
            condition: Condition::parse(get(3)?)?,
        },
        Shape::ConditionDamageSingle => Event::ConditionDamage {
            count: 1,
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
            condition: Condition::parse(get(2)?)?,
        },
        Shape::DevolveActive | Shape::DevolveBench | Shape::DevolveFallback => {
            Event::Devolve(Box::new(DevolveLine {
                player: owned(get(0)?),
                owner: owned(get(1)?),
                from: card(get(2)?),
                to: card(get(3)?),
                spot: spot(m.shape),
            }))
        }
        Shape::DiscardFromPokemon => Event::DiscardFromPokemon {
            card: CardRef::parse(get(0)?),
            owner: owned(get(1)?),
            pokemon: card(get(2)?),
        },
        Shape::Discard => Event::Discard {
            player: owned(get(0)?),
            card: CardRef::parse(get(1)?),
        },
        Shape::OpeningHand => Event::OpeningHand {
            player: owned(get(0)?),
            count: count(get(1)?)?,
        },
        Shape::DrawnCards => Event::DrawnCards {
            count: count(get(0)?)?,
        },
        Shape::Drew => Event::Drew {
            player: owned(get(0)?),
            card: CardRef::parse(get(1)?),
        },
        Shape::DrewPlayActive
        | Shape::DrewPlayBench
        | Shape::DrewPlayStadium
        | Shape::DrewPlayFallback => Event::DrewAndPlayed {
            player: owned(get(0)?),
            card: CardRef::parse(get(1)?),
            to: match m.shape {
                Shape::DrewPlayActive => Destination::Active,
                Shape::DrewPlayBench => Destination::Bench,
                Shape::DrewPlayStadium => Destination::Stadium,
                _ => Destination::Unspecified,
            },
        },
        Shape::DrewPlayBenchMulti => Event::DrewAndPlayed {
            player: owned(get(0)?),
            card: CardRef::Hidden {
                count: count(get(1)?)?,
            },
            to: Destination::Bench,
        },
        Shape::Prevented => Event::Prevented { text: owned(line) },
        Shape::EndGame => {
            let reason_text = get(0)?;
            Event::GameEnd {
                reason: EndReason::classify(reason_text),
                reason_text: owned(reason_text),
                winner: owned(get(1)?),
            }
        }
        Shape::EvolveActive | Shape::EvolveBench | Shape::EvolveFallback => Event::Evolve {
            player: owned(get(0)?),
            from: card(get(1)?),
            to: card(get(2)?),
            spot: spot(m.shape),
        },
        Shape::Reveal => Event::Reveal {
            player: owned(get(0)?),
            card: CardRef::parse(get(1)?),
        },
        Shape::GoingFirst | Shape::GoingSecond => Event::TurnOrderChosen {
            player: owned(get(0)?),
            first: m.shape == Shape::GoingFirst,
        },
        Shape::Healed | Shape::HealedCounters => Event::Healed {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
            amount: count(get(2)?)?,
        },
        Shape::KnockOut => Event::KnockOut {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
        },
        Shape::EndTurn => Event::EndTurn {
            player: owned(get(0)?),
        },
        Shape::NoCardsMoved => Event::NoCardsMoved,
        Shape::PutOnTop | Shape::PutOnBottom => Event::PutInDeck {
            player: owned(get(0)?),
            card: CardRef::parse(get(1)?),
            to: if m.shape == Shape::PutOnTop {
                Destination::DeckTop
            } else {
                Destination::DeckBottom
            },
        },
        Shape::MoveToActive
        | Shape::MoveToBench
        | Shape::MoveToDeck
        | Shape::MoveToDiscard
        | Shape::MoveFallback
        | Shape::MoveToHand
        | Shape::MoveToLostZone
        | Shape::MoveToPrizes
        | Shape::MoveToStadium => Event::Move {
            player: owned(get(0)?),
            owner: owned(get(1)?),
            card: CardRef::parse(get(2)?),
            to: match m.shape {
                Shape::MoveToActive => Destination::Active,
                Shape::MoveToBench => Destination::Bench,
                Shape::MoveToDeck => Destination::Deck,
                Shape::MoveToDiscard => Destination::Discard,
                Shape::MoveToHand => Destination::Hand,
                Shape::MoveToLostZone => Destination::LostZone,
                Shape::MoveToPrizes => Destination::Prizes,
                Shape::MoveToStadium => Destination::Stadium,
                _ => Destination::Unspecified,
            },
        },
        Shape::MulliganDrawMulti => Event::MulliganExtraDraw {
            player: owned(get(0)?),
            count: count(get(1)?)?,
            opponent: owned(get(2)?),
        },
        Shape::MulliganDrawSingle => Event::MulliganExtraDraw {
            player: owned(get(0)?),
            count: 1,
            opponent: owned(get(1)?),
        },
        Shape::MulliganReveal => Event::MulliganReveal {
            number: count(get(0)?)?,
        },
        Shape::OncePerGame => {
            let what = get(1)?;
            let lower = what.to_lowercase();
            Event::OncePerGameUsed {
                player: owned(get(0)?),
                what: if lower.contains("gx") {
                    OncePerGame::GxAttack
                } else if lower.contains("vstar") {
                    OncePerGame::VstarPower
                } else {
                    OncePerGame::Other(owned(what))
                },
            }
        }
        Shape::PerformedAction => Event::PerformedAction {
            player: owned(get(0)?),
        },
        Shape::PlayToActive => Event::PlayToActive {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::PlayToBench => Event::PlayToBench {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::PlayToStadium => Event::PlayToStadium {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::PlayCard => Event::PlayCard {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::MoveCountersMany | Shape::MoveCounterSingle => {
            let (n, rest) = if m.shape == Shape::MoveCountersMany {
                (count(get(1)?)?, 2)
            } else {
                (1, 1)
            };
            Event::MoveCounters(Box::new(MoveCountersLine {
                actor: owned(get(0)?),
                count: n,
                from_owner: owned(get(rest)?),
                from: card(get(rest + 1)?),
                to_owner: owned(get(rest + 2)?),
                to: card(get(rest + 3)?),
            }))
        }
        Shape::PutCountersMany | Shape::PutCounterSingle => {
            let (n, rest) = if m.shape == Shape::PutCountersMany {
                (count(get(1)?)?, 2)
            } else {
                (1, 1)
            };
            Event::PutCounters {
                actor: owned(get(0)?),
                count: n,
                owner: owned(get(rest)?),
                target: card(get(rest + 1)?),
            }
        }
        Shape::Promote => Event::Promote {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::Reconnect => Event::Reconnected {
            player: owned(get(0)?),
        },
        Shape::RecoveredAll => Event::AllConditionsRemoved {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
        },
        Shape::ConditionRemoved => Event::ConditionRemoved {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
            condition: Condition::parse(get(2)?)?,
        },
        Shape::ConditionApplied => Event::ConditionApplied {
            owner: owned(get(0)?),
            pokemon: card(get(1)?),
            condition: Condition::parse(get(2)?)?,
        },
        Shape::Retreat => Event::Retreat {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::RpsChoice => Event::RpsChoice {
            player: owned(get(0)?),
            choice: owned(get(1)?),
        },
        Shape::RpsWon => Event::RpsWon {
            player: owned(get(0)?),
        },
        Shape::CoinChoice => Event::CoinChoice {
            player: owned(get(0)?),
            face: face(get(1)?)?,
        },
        Shape::ChoseOption => Event::ChoseOption {
            player: owned(get(0)?),
            option: owned(get(1)?),
        },
        Shape::ShuffleIntoDeck | Shape::ShuffleIntoHand | Shape::ShuffleIntoPrizes => {
            Event::ShuffleInto {
                player: owned(get(0)?),
                card: CardRef::parse(get(1)?),
                into: match m.shape {
                    Shape::ShuffleIntoDeck => Destination::Deck,
                    Shape::ShuffleIntoHand => Destination::Hand,
                    _ => Destination::Prizes,
                },
            }
        }
        Shape::ShuffleDeck | Shape::ShuffleCards | Shape::ShuffleHand | Shape::ShufflePrizes => {
            Event::Shuffle {
                player: owned(get(0)?),
                what: match m.shape {
                    Shape::ShuffleDeck => Shuffled::Deck,
                    Shape::ShuffleHand => Shuffled::Hand,
                    Shape::ShufflePrizes => Shuffled::Prizes,
                    _ => Shuffled::Cards,
                },
            }
        }
        Shape::SuddenDeath => Event::SuddenDeath,
        Shape::SwitchActive | Shape::SwitchFallback => Event::Switch(Box::new(SwitchLine {
            first_owner: owned(get(0)?),
            first: card(get(1)?),
            second_owner: owned(get(2)?),
            second: card(get(3)?),
            to_active: m.shape == Shape::SwitchActive,
        })),
        Shape::TeraEffect => Event::TeraEffect {
            player: owned(get(0)?),
            card: card(get(1)?),
        },
        Shape::TimedOut => Event::TimedOut {
            player: owned(get(0)?),
        },
        Shape::MulliganMulti => Event::Mulligan {
            player: owned(get(0)?),
            count: count(get(1)?)?,
        },
        Shape::MulliganSingle => Event::Mulligan {
            player: owned(get(0)?),
            count: 1,
        },
        Shape::TookPrizes => Event::TookPrizes {
            player: owned(get(0)?),
            count: count(get(1)?)?,
        },
        Shape::TookPrize => Event::TookPrizes {
            player: owned(get(0)?),
            count: 1,
        },
        Shape::Use => Event::Use {
            player: owned(get(0)?),
            pokemon: card(get(1)?),
            name: owned(get(2)?),
        },
        Shape::CoinTossWon => Event::CoinTossWon {
            player: owned(get(0)?),
        },
        Shape::GameDrawn => Event::GameDrawn,
    })
}

fn spot(shape: Shape) -> Spot {
    match shape {
        Shape::AttachActive | Shape::DevolveActive | Shape::EvolveActive => Spot::Active,
        Shape::AttachBench | Shape::DevolveBench | Shape::EvolveBench => Spot::Bench,
        _ => Spot::Unspecified,
    }
}

/// Read one line of a `Damage breakdown` block: `Base damage: 170 damage`,
/// `Weakness to Fighting: 170 damage`, `(Pokémon Tool) Brave Bangle: 30 damage`, `5 Benched Pokémon: 100 damage`.
pub fn breakdown_item(text: &str) -> Option<BreakdownItem> {
    let body = text.strip_suffix(" damage")?;
    let (label, amount) = body.rsplit_once(": ")?;
    let amount = num(amount.trim())?;
    let label = label.trim();
    Some(match label {
        "Base damage" => BreakdownItem::Base { amount },
        "Total damage" => BreakdownItem::Total { amount },
        _ => {
            if let Some(t) = label.strip_prefix("Weakness to ") {
                BreakdownItem::Weakness {
                    energy_type: Text::from(t),
                    amount,
                }
            } else if let Some(t) = label.strip_prefix("Resistance to ") {
                BreakdownItem::Resistance {
                    energy_type: Text::from(t),
                    amount,
                }
            } else if let Some(rest) = label.strip_prefix('(')
                && let Some((source, name)) = rest.split_once(") ")
                && !source.bytes().all(|b| b.is_ascii_digit())
            {
                BreakdownItem::Source {
                    source: Text::from(source),
                    name: Text::from(name),
                    amount,
                }
            } else if let Some((n, what)) = counted(label) {
                BreakdownItem::Count {
                    what: Text::from(what),
                    count: n,
                    amount,
                }
            } else {
                BreakdownItem::Other {
                    label: Text::from(label),
                    amount,
                }
            }
        }
    })
}

/// `5 Benched Pokémon` or `(3) cards in discard pile` -> (5, "Benched Pokémon").
fn counted(label: &str) -> Option<(u32, &str)> {
    let (n, what) = if let Some(rest) = label.strip_prefix('(') {
        rest.split_once(") ")?
    } else {
        label.split_once(' ')?
    };
    Some((n.parse().ok()?, what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breakdown_items() {
        assert_eq!(
            breakdown_item("Base damage: 170 damage"),
            Some(BreakdownItem::Base { amount: 170 })
        );
        assert_eq!(
            breakdown_item("Resistance to Grass: -30 damage"),
            Some(BreakdownItem::Resistance {
                energy_type: "Grass".into(),
                amount: -30
            })
        );
        assert_eq!(
            breakdown_item("(Pokémon Tool) Brave Bangle: 30 damage"),
            Some(BreakdownItem::Source {
                source: "Pokémon Tool".into(),
                name: "Brave Bangle".into(),
                amount: 30
            })
        );
        assert_eq!(
            breakdown_item("(3) cards in discard pile: 60 damage"),
            Some(BreakdownItem::Count {
                what: "cards in discard pile".into(),
                count: 3,
                amount: 60
            })
        );
        assert_eq!(
            breakdown_item("5 Benched Pokémon: 100 damage"),
            Some(BreakdownItem::Count {
                what: "Benched Pokémon".into(),
                count: 5,
                amount: 100
            })
        );
        assert_eq!(
            breakdown_item("Evolved this turn: 30 damage"),
            Some(BreakdownItem::Other {
                label: "Evolved this turn".into(),
                amount: 30
            })
        );
        assert_eq!(breakdown_item("Basic Grass Energy, Boss's Orders"), None);
    }
}
