//! Events: what happened, for front ends. The engine writes full events; [`redact`] gives
//! each observer the part it may see (spec §8).

use crate::cards::{CardId, Duration};
use crate::state::{MajinId, Zone};
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// Something that happened. Fields that some observers may not see are `Option`s, set to
/// `None` by [`redact`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// R2: janken picked a winner.
    JankenWon {
        /// The winner.
        seat: Seat,
    },
    /// A1 (or `first_player = Fixed`): who goes first.
    TurnOrderSet {
        /// The first player.
        first: Seat,
    },
    /// A turn began (MJ-4.0).
    TurnStarted {
        /// The active player.
        seat: Seat,
        /// Game-wide turn number.
        turn: u32,
    },
    /// MJ-4.1 (a): the active player's majins untapped.
    Untapped {
        /// Their owner.
        seat: Seat,
        /// The majins untapped.
        majins: Vec<MajinId>,
    },
    /// A majin moved between zones (retreat, advance, or a `Retreat` effect).
    Moved {
        /// The majin.
        majin: MajinId,
        /// Its new zone.
        to: Zone,
    },
    /// A card was drawn (seen by the drawer only).
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card; `None` for other observers.
        card: Option<CardId>,
    },
    /// A draw found the MB empty (nothing happens, MJ-7.2).
    DrawFailed {
        /// Who tried to draw.
        seat: Seat,
    },
    /// A2: a card was placed face-down as a new ura majin.
    UraMajinPlaced {
        /// Who placed it.
        seat: Seat,
        /// The new majin.
        majin: MajinId,
        /// The card; `None` for other observers (MJ-8.2).
        card: Option<CardId>,
    },
    /// A3 (or nothing could be placed): step 3 was skipped.
    UraMajinSkipped {
        /// The active player.
        seat: Seat,
    },
    /// MJ-4.4: the MP pool.
    MpCounted {
        /// The active player.
        seat: Seat,
        /// The pool.
        mp: u32,
    },
    /// A4: a soul was played.
    SoulPlayed {
        /// Who played it.
        seat: Seat,
        /// The soul.
        card: CardId,
        /// The majin it created or joined.
        majin: MajinId,
        /// It created a new majin.
        new: bool,
    },
    /// A5: a spell was played (it is in the graveyard).
    SpellPlayed {
        /// Who played it.
        seat: Seat,
        /// The spell.
        card: CardId,
    },
    /// A6: step 5 ended.
    MainEnded {
        /// The active player.
        seat: Seat,
    },
    /// A9: an effect's target was chosen.
    TargetChosen {
        /// The controller.
        seat: Seat,
        /// The target.
        majin: MajinId,
    },
    /// A9: a `May` was answered.
    MayAnswered {
        /// The controller.
        seat: Seat,
        /// The answer.
        yes: bool,
    },
    /// `Power`: a modifier was added.
    PowerChanged {
        /// The majin.
        majin: MajinId,
        /// The amount.
        amount: i8,
        /// How long it lasts.
        duration: Duration,
    },
    /// Cards were destroyed from the top of a majin, face-up to the graveyard.
    Destroyed {
        /// The majin.
        majin: MajinId,
        /// The cards, top first (a face-down card is revealed).
        cards: Vec<CardId>,
        /// The majin ceased to exist.
        gone: bool,
    },
    /// `Tap`: a majin was tapped by an effect.
    Tapped {
        /// The majin.
        majin: MajinId,
    },
    /// MJ-6.9: a card went face-down from the MB to the damage zone.
    Damaged {
        /// The player damaged.
        seat: Seat,
        /// The card; `None` unless the owner may look (MJ-A18).
        card: Option<CardId>,
        /// Damage now.
        total: u8,
    },
    /// MJ-6.9 / MJ-A16: damage was ignored (empty MB, or the game already ended).
    DamageIgnored {
        /// The player.
        seat: Seat,
        /// How much.
        amount: u8,
    },
    /// `DiscardRandom`: a random card was discarded, revealed.
    DiscardedAtRandom {
        /// Whose card.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// `Peek`: the controller looked at a majin's face-down card.
    Peeked {
        /// The controller.
        seat: Seat,
        /// The majin.
        majin: MajinId,
        /// The card; `None` for other observers or if there was no face-down card.
        card: Option<CardId>,
    },
    /// A7: an attack was declared (the attacker is tapped).
    AttackDeclared {
        /// The attacker's owner.
        seat: Seat,
        /// The attacker.
        majin: MajinId,
    },
    /// A10: the defender blocked.
    Blocked {
        /// The defender.
        seat: Seat,
        /// The blocker.
        majin: MajinId,
    },
    /// A11 (or no eligible blocker): the attack is unblocked.
    NotBlocked {
        /// The defender.
        seat: Seat,
    },
    /// A12: a combat card was used (revealed, then to the graveyard).
    CombatUsed {
        /// Who used it.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A13: priority was passed.
    PriorityPassed {
        /// Who passed.
        seat: Seat,
    },
    /// MJ-6.7: a battle was resolved.
    BattleResolved {
        /// The attacker.
        attacker: MajinId,
        /// The blocker.
        blocker: MajinId,
        /// Powers at resolution (`None` if the battle ended with no winner).
        powers: Option<(u32, u32)>,
        /// The winning seat (`None`: no winner, MJ-A20).
        winner: Option<Seat>,
    },
    /// A15: the Uzumajin owner decided.
    BonusChosen {
        /// The owner.
        seat: Seat,
        /// Took the double effect.
        take_two: bool,
    },
    /// A8 / automatic: step 6 ended.
    AttacksEnded {
        /// The active player.
        seat: Seat,
    },
    /// MJ-4.8: the turn ended.
    TurnEnded {
        /// The player whose turn it was.
        seat: Seat,
    },
    /// MJ-7.2: the active player's MB was empty at turn start.
    DeckedOut {
        /// Who lost.
        seat: Seat,
    },
    /// The game is over (§7).
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// The part of `event` that `observer` may see (spec §8). Built by allowlist: a hidden
/// card is shown only to the observer entitled to it. Every event is seen in some form by
/// everyone (that a draw happened is public). A damage card is written into the full
/// event only under `damage_zone_owner_can_look` (MJ-A18), and then shown to its owner.
pub fn redact(event: &Event, observer: Observer) -> Option<Event> {
    let mut e = event.clone();
    match &mut e {
        Event::Drew { seat, card }
        | Event::UraMajinPlaced { seat, card, .. }
        | Event::Peeked { seat, card, .. }
        | Event::Damaged { seat, card, .. }
            if !observer.is(*seat) =>
        {
            *card = None
        }
        _ => {}
    }
    Some(e)
}
