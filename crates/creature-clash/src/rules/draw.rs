//! Drawing: `draw_one`, `refill` and the turn draw (CC-4.0b, CC-4.0c, CC-4.2), with the
//! reshuffle of the discard pile (R4) and the loop guard of CC-A22.

use crate::cards::{CardClass, CardId};
use crate::config::{BerserkTiming, TurnDrawBerserk};
use crate::event::Event;
use crate::state::{Pending, State, Task, HAND_SIZE};
use fuda_core::{insert_sorted, EventLog, Seat};

/// What one draw produced.
pub(crate) enum Drawn {
    /// A card went into the hand.
    Card,
    /// A BERSERK! was revealed (it never enters a hand).
    Berserk(CardId),
    /// Deck and discard hold nothing drawable (CC-A22).
    Failed,
}

/// Whether a BERSERK! drawn now waits for the attack to end (CC-A7 variant).
pub(crate) fn defers_berserk(s: &State) -> bool {
    s.config().berserk_timing == BerserkTiming::DeferUntilAttackEnds && s.chain.is_some()
}

/// CC-4.0b `draw_one`.
pub(crate) fn draw_one<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) -> Drawn {
    if s.deck.is_empty() {
        let rules = &s.rules.0;
        let drawable = s
            .discard
            .iter()
            .any(|&c| rules.class(c) != Some(CardClass::Berserk));
        if !drawable {
            log.emit(|| Event::DrawFailed { seat });
            return Drawn::Failed;
        }
        // R4: the whole discard pile becomes the new deck (the deck is empty: swapping
        // the two piles moves the cards, in order, without a new buffer).
        std::mem::swap(&mut s.deck, &mut s.discard);
        s.deck.shuffle(&mut s.rng);
        let cards = s.deck.len();
        log.emit(|| Event::Reshuffled { cards });
    }
    let Some(card) = s.deck.draw() else {
        log.emit(|| Event::DrawFailed { seat });
        return Drawn::Failed;
    };
    if s.rules().class(card) == Some(CardClass::Berserk) {
        s.revealed.push(card);
        let deferred = defers_berserk(s);
        log.emit(|| Event::BerserkDrawn {
            seat,
            card,
            deferred,
        });
        return Drawn::Berserk(card);
    }
    if let Some(hand) = s.hands.get_mut(seat.index()) {
        insert_sorted(hand, card);
    }
    log.emit(|| Event::Drew {
        seat,
        card: Some(card),
    });
    Drawn::Card
}

/// CC-4.0c `refill`: draw until 7 cards or a draw fails. A BERSERK! interrupts the refill
/// for a berserk battle; the refill resumes afterwards.
pub(crate) fn refill<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    while s.hand(seat).len() < HAND_SIZE {
        match draw_one(s, seat, log) {
            Drawn::Card => {}
            Drawn::Failed => return,
            Drawn::Berserk(card) => {
                if defers_berserk(s) {
                    s.deferred.push(card);
                } else {
                    s.tasks.push(Task::Refill { seat });
                    s.tasks.push(Task::Berserk { card });
                    return;
                }
            }
        }
    }
}

/// CC-4.2 the turn draw, then the main decision (CC-4.3).
pub(crate) fn turn_draw<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    match draw_one(s, seat, log) {
        Drawn::Card | Drawn::Failed => main_decision(s),
        Drawn::Berserk(card) => {
            // CC-A6: a replacement draw after the battle, or the end of the turn.
            s.tasks.push(match s.config().berserk_on_turn_draw {
                TurnDrawBerserk::ReplacementDraw => Task::TurnDraw,
                TurnDrawBerserk::EndTurn => Task::EndAttack,
            });
            s.tasks.push(Task::Berserk { card });
            None
        }
    }
}

/// CC-4.3: the main decision, or the end of the turn with an empty hand.
pub(crate) fn main_decision(s: &mut State) -> Option<Pending> {
    if s.hand(s.active).is_empty() {
        s.tasks.push(Task::EndAttack);
        None
    } else {
        Some(Pending::Main { seat: s.active })
    }
}
