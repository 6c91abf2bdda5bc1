//! Events: what happened, for front ends. The engine writes full events; [`redact`] gives
//! each observer the part it may see (spec §8), by allowlist.

use crate::cards::{CardId, Stat};
use crate::state::{Loc, WindowEvent};
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// Why a player was flagged to lose (MS-7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LossReason {
    /// MS-7.1: empty battlefield and no bench unit.
    NoBattlefieldUnit,
    /// MS-7.2: had to draw from an empty deck.
    DeckOut,
    /// MS-7.3: still no unit after the mulligan.
    NoUnitAfterMulligan,
}

/// Something that happened. Fields some observers may not see are `Option`s that
/// [`redact`] clears.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// Cards were drawn (the cards are seen by the drawer only).
    Drew {
        /// Who drew.
        seat: Seat,
        /// How many.
        count: usize,
        /// The cards, in card-id order; `None` for other observers.
        cards: Option<Vec<CardId>>,
    },
    /// A draw found an empty deck (MS-7.2).
    DeckOut {
        /// Who.
        seat: Seat,
    },
    /// A unitless opening hand was revealed, returned and redrawn (MS-3.11).
    Mulligan {
        /// Who.
        seat: Seat,
        /// The revealed cards, by card name (not instance ids, MS-8).
        revealed: Vec<String>,
    },
    /// A first-player roll (MS-3.12).
    FirstPlayerRoll {
        /// Seat 0's and seat 1's dice.
        rolls: [u8; 2],
    },
    /// The first player is decided.
    FirstPlayer {
        /// Who goes first.
        seat: Seat,
    },
    /// A secret setup placement step (seen by the placer only).
    SetupPlaced {
        /// Who.
        seat: Seat,
        /// The card.
        card: CardId,
        /// Where.
        loc: Loc,
    },
    /// A player committed their setup placement.
    SetupCommitted {
        /// Who.
        seat: Seat,
    },
    /// Both placements revealed: battlefield units face-up, bench cards face-down
    /// (MS-3.14).
    SetupRevealed {
        /// Each seat's battlefield unit.
        battlefield: [CardId; 2],
        /// Each seat's occupied bench locations.
        bench: [Vec<u8>; 2],
    },
    /// A turn began.
    TurnStarted {
        /// The active player.
        seat: Seat,
        /// Its number.
        turn: u32,
    },
    /// Step 2(a): sideways cards turned upright.
    Refreshed {
        /// The active player.
        seat: Seat,
    },
    /// A card was soul-charged (the card is seen by its owner only).
    SoulCharged {
        /// Who.
        seat: Seat,
        /// The card; `None` for other observers.
        card: Option<CardId>,
    },
    /// Every soul-charge card returned to hand.
    SoulReturned {
        /// Who.
        seat: Seat,
        /// How many.
        count: usize,
    },
    /// A card was placed on the bench (face-down cards are seen by their owner only).
    Placed {
        /// Who.
        seat: Seat,
        /// The location.
        loc: Loc,
        /// Face-up.
        face_up: bool,
        /// The card; `None` for other observers when face-down.
        card: Option<CardId>,
    },
    /// A unit became face-up.
    TurnedFaceUp {
        /// Its owner.
        seat: Seat,
        /// Where it is.
        loc: Loc,
        /// The unit.
        card: CardId,
    },
    /// A terrain was placed (replacing `replaced`).
    TerrainPlaced {
        /// Who.
        seat: Seat,
        /// Where.
        loc: Loc,
        /// The terrain.
        card: CardId,
        /// The terrain it replaced (now in the discard pile).
        replaced: Option<CardId>,
    },
    /// A terrain was turned sideways and used.
    TerrainUsed {
        /// Its owner.
        seat: Seat,
        /// Where.
        loc: Loc,
        /// The terrain.
        card: CardId,
    },
    /// A trump was revealed and a soul-charge card turned sideways.
    TrumpUsed {
        /// Who.
        seat: Seat,
        /// The trump.
        card: CardId,
    },
    /// A trump was negated.
    TrumpNegated {
        /// The trump.
        card: CardId,
    },
    /// A trap was turned face-up and activated.
    TrapActivated {
        /// Its owner.
        seat: Seat,
        /// Where it was.
        bench: u8,
        /// The trap.
        card: CardId,
    },
    /// A start-of-turn effect or ability resolves.
    AbilityResolved {
        /// Its controller.
        seat: Seat,
        /// Its source.
        card: CardId,
    },
    /// An optional effect was declined.
    Declined {
        /// Who.
        seat: Seat,
        /// Its source.
        card: CardId,
    },
    /// An attack was declared.
    Attacked {
        /// The attacking player.
        seat: Seat,
        /// The attacker.
        attacker: CardId,
        /// The attacked unit.
        target: CardId,
    },
    /// A special or super special move was declared.
    MoveUsed {
        /// Who.
        seat: Seat,
        /// The unit.
        unit: CardId,
        /// The move's name.
        name: String,
        /// A super special move.
        is_super: bool,
    },
    /// A battlefield unit and a bench unit were exchanged.
    Swapped {
        /// Whose field.
        seat: Seat,
        /// The bench location.
        bench: u8,
        /// The unit now on the battlefield.
        to_battlefield: CardId,
        /// The unit now on the bench.
        to_bench: CardId,
    },
    /// Dice were rolled.
    DiceRolled {
        /// How many dice.
        dice: u32,
        /// Their sum.
        total: u32,
    },
    /// Damage counters were added.
    Damaged {
        /// The unit.
        unit: CardId,
        /// How many.
        amount: u16,
    },
    /// Damage counters were removed.
    Healed {
        /// The unit.
        unit: CardId,
        /// How many.
        amount: u16,
    },
    /// A stat was changed until the end of the turn.
    StatModified {
        /// The unit.
        unit: CardId,
        /// The stat.
        stat: Stat,
        /// The change.
        delta: i16,
    },
    /// An attack's damage was changed.
    AttackModified {
        /// The change.
        delta: i16,
    },
    /// EX counters removed.
    ExRemoved {
        /// The unit.
        unit: CardId,
    },
    /// A unit was defeated (撃破): its cards went to the discard pile.
    Defeated {
        /// Its owner.
        seat: Seat,
        /// The (top) card.
        card: CardId,
    },
    /// A card was destroyed (破棄).
    Destroyed {
        /// Its owner.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A unit returned to its owner's hand.
    ReturnedToHand {
        /// Its owner.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A card was discarded from hand (a cost or an effect; face-up).
    Discarded {
        /// Whose hand.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A face-down card was peeked at (seen by the peeker and the owner).
    Peeked {
        /// The peeking player.
        seat: Seat,
        /// Whose card.
        side: Seat,
        /// Where.
        bench: u8,
        /// The card; `None` for other observers.
        card: Option<CardId>,
    },
    /// A response window opened.
    WindowOpened {
        /// Its event.
        window: WindowEvent,
    },
    /// A player passed in a response window.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// A battlefield was refilled.
    Refilled {
        /// Whose.
        seat: Seat,
        /// The unit.
        card: CardId,
        /// From this bench location (`None`: from hand).
        from: Option<u8>,
    },
    /// A player met a loss condition.
    Flagged {
        /// Who.
        seat: Seat,
        /// Why.
        reason: LossReason,
    },
    /// The active player ended the turn.
    TurnEnded {
        /// Who.
        seat: Seat,
    },
    /// The game is over.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// The part of `event` that `observer` may see (spec §8), or `None` when it sees nothing
/// of it. Built by allowlist: each hidden field is kept only for its entitled observer.
pub fn redact(event: &Event, observer: Observer) -> Option<Event> {
    let mut e = event.clone();
    match &mut e {
        Event::Drew { seat, cards, .. } if !observer.is(*seat) => *cards = None,
        Event::SoulCharged { seat, card } if !observer.is(*seat) => *card = None,
        Event::Placed {
            seat,
            face_up: false,
            card,
            ..
        } if !observer.is(*seat) => *card = None,
        Event::Peeked {
            seat, side, card, ..
        } if !observer.is(*seat) && !observer.is(*side) => *card = None,
        Event::SetupPlaced { seat, .. } if !observer.is(*seat) => return None,
        _ => {}
    }
    Some(e)
}
