//! Events: what happened, for front ends. The engine writes full events; [`redact`] gives
//! each observer the part it may see (spec §8).

use crate::action::Creature;
use crate::cards::CardId;
use crate::state::BattleResult;
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// Something that happened. Fields that some observers may not see are `Option`s, set to
/// `None` by [`redact`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A turn began (CC-4.1).
    TurnStarted {
        /// The active player.
        seat: Seat,
        /// Turns completed before this one.
        turn: u32,
    },
    /// The whole hand went face up to the discard pile (CC-5.1).
    Redrew {
        /// Who redrew.
        seat: Seat,
        /// The discarded hand, in card-id order.
        cards: Vec<CardId>,
    },
    /// A card was drawn into a hand (the card is seen by the drawer only).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card; `None` for other observers.
        card: Option<CardId>,
    },
    /// A draw failed: deck empty and nothing (but BERSERK!) to reshuffle (CC-A22).
    DrawFailed {
        /// Who tried to draw.
        seat: Seat,
    },
    /// The discard pile was shuffled into a new deck (R4).
    Reshuffled {
        /// The new deck's size.
        cards: usize,
    },
    /// A BERSERK! was drawn and revealed (CC-4.0b).
    BerserkDrawn {
        /// Who drew it.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Set aside until the attack ends (`DeferUntilAttackEnds`).
        deferred: bool,
    },
    /// A card was discarded as the main decision (CC-5.4).
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// An attack was declared (CC-5.3) or continued (CC-5.5).
    Attacked {
        /// The attacker.
        seat: Seat,
        /// The defender.
        target: Seat,
        /// The attacking creature.
        creature: Creature,
        /// Its power (before RABIES).
        power: u32,
        /// The RABIES card played for this battle.
        rabies: Option<CardId>,
        /// Battle number this turn, from 1.
        battle: u8,
    },
    /// The defender cannot build a creature (CC-5.6 forfeit); the hand stays hidden.
    Forfeited {
        /// The defender.
        seat: Seat,
    },
    /// The defender revealed a creature (CC-5.6).
    Defended {
        /// The defender.
        seat: Seat,
        /// The defending creature.
        creature: Creature,
        /// Its power.
        power: u32,
        /// VENOM invoked.
        invoke_venom: bool,
    },
    /// The battle's outcome (CC-6.5).
    BattleResolved {
        /// Attacker, defender.
        attacker: Seat,
        /// The defender.
        defender: Seat,
        /// The outcome.
        result: BattleResult,
        /// Attack value (power × RABIES).
        attack: u32,
        /// Defence value (`None` after a forfeit).
        defence: Option<u32>,
    },
    /// The winning defender's creature went back to hand (CC-6.7, CC-A19).
    CreatureReturned {
        /// The defender.
        seat: Seat,
        /// The creature.
        creature: Creature,
    },
    /// A card was stolen (CC-5.7, CC-5.8).
    Stole {
        /// Who took it.
        thief: Seat,
        /// From whom.
        victim: Seat,
        /// The card; after a random steal only the thief and victim see it.
        card: Option<CardId>,
        /// Taken at random from the hand (CC-5.8).
        random: bool,
    },
    /// The winner took nothing (CC-5.9).
    DeclinedSteal {
        /// Who declined.
        seat: Seat,
    },
    /// Cards went face up to the discard pile, in this order.
    ToDiscard {
        /// The cards.
        cards: Vec<CardId>,
    },
    /// The attacker's creature died after a non-final RABIES win (CC-6.6 step 2).
    CreatureDied {
        /// Its owner.
        seat: Seat,
    },
    /// A creature became a Champion (CC-6.11).
    ChampionMade {
        /// Its owner.
        seat: Seat,
        /// The creature.
        creature: Creature,
        /// The owner's champion count now.
        champions: u8,
    },
    /// A berserk battle begins (CC-6.13).
    BerserkBattle {
        /// The BERSERK! card.
        card: CardId,
        /// Everyone who takes part, clockwise from the active player.
        participants: Vec<Seat>,
        /// Too few participants: no battle is fought (CC-A8).
        skipped: bool,
    },
    /// The per-turn limit of BERSERK! battles is reached (`berserk_battles_per_turn`,
    /// CC-D2): the card goes to the discard pile (this event stands for that move) unfought
    /// and the draw goes on.
    BerserkLimitReached {
        /// The BERSERK! card.
        card: CardId,
    },
    /// A participant committed a creature (seen by the committer only until the reveal).
    BerserkCommitted {
        /// Who committed.
        seat: Seat,
        /// The creature; `None` for other observers.
        creature: Option<Creature>,
    },
    /// All berserk creatures revealed at once.
    BerserkRevealed {
        /// Each participant's creature and power.
        entries: Vec<BerserkEntry>,
    },
    /// A card was discarded at the end-of-turn adjustment (CC-5.10).
    DiscardedExcess {
        /// Who discarded.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// The active player's turn ended (CC-4.5).
    TurnEnded {
        /// The player whose turn it was.
        seat: Seat,
    },
    /// The game is over (CC-7).
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// One creature of a berserk battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BerserkEntry {
    /// Its owner.
    pub seat: Seat,
    /// The creature.
    pub creature: Creature,
    /// Its power.
    pub power: u32,
}

/// The part of `event` that `observer` may see (spec §8). Built by allowlist: every hidden
/// field is cleared unless the observer is entitled to it. Every event is seen in some
/// form by everyone (that a draw or a steal happened is public).
pub fn redact(event: &Event, observer: Observer) -> Option<Event> {
    let mut e = event.clone();
    match &mut e {
        Event::Drew { seat, card } if !observer.is(*seat) => *card = None,
        Event::Stole {
            thief,
            victim,
            card,
            random: true,
        } if !observer.is(*thief) && !observer.is(*victim) => *card = None,
        Event::BerserkCommitted { seat, creature } if !observer.is(*seat) => *creature = None,
        _ => {}
    }
    Some(e)
}
