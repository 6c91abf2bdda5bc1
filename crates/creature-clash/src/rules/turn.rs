//! The turn: its start, redraw, the main-step discard, the end of the attack sequence,
//! the end-of-turn adjustment and passing the turn (CC-4.1 to CC-4.7).

use crate::cards::CardId;
use crate::config::EndOfTurnAdjust;
use crate::event::Event;
use crate::rules::end;
use crate::state::{Pending, State, Task, HAND_SIZE};
use fuda_core::{insert_sorted, remove_sorted, EventLog, Seat};

/// CC-4.1: the active player chooses `Redraw` or `DrawForTurn`.
pub(crate) fn begin_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Pending {
    let (seat, turn) = (s.active, s.turn);
    log.emit(|| Event::TurnStarted { seat, turn });
    Pending::TurnStart { seat }
}

/// CC-5.1 `Redraw`: the whole hand face up to the discard pile (card-id order), refill,
/// and the turn ends.
pub(crate) fn redraw<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    let cards = std::mem::take(&mut s.hands[seat.index()]);
    s.known.retain(|c| cards.binary_search(c).is_err());
    s.discard.extend(cards.iter().copied());
    log.emit(|| Event::Redrew {
        seat,
        cards: cards.to_vec(),
    });
    s.tasks.push(Task::EndAttack);
    s.tasks.push(Task::Refill { seat });
    None
}

/// CC-5.4 `Discard`: one card face up, and the turn ends.
pub(crate) fn discard<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    log: &mut L,
) -> Option<Pending> {
    let seat = s.active;
    take_from_hand(s, seat, card);
    s.discard.put_top(card);
    log.emit(|| Event::Discarded { seat, card });
    s.tasks.push(Task::EndAttack);
    None
}

/// Removes a (checked) card from a hand; a publicly known card is no longer known there
/// (CC-D1).
pub(crate) fn take_from_hand(s: &mut State, seat: Seat, card: CardId) {
    if let Some(hand) = s.hands.get_mut(seat.index()) {
        remove_sorted(hand, card);
    }
    remove_sorted(&mut s.known, card);
}

/// No card of `seat`'s hand is publicly known there any more (CC-D1).
pub(crate) fn forget_hand(s: &mut State, seat: Seat) {
    let Some(hand) = s.hands.get(seat.index()) else {
        return;
    };
    s.known.retain(|c| hand.binary_search(c).is_err());
}

/// Puts a card into a hand, keeping card-id order.
pub(crate) fn put_in_hand(s: &mut State, seat: Seat, card: CardId) {
    if let Some(hand) = s.hands.get_mut(seat.index()) {
        insert_sorted(hand, card);
    }
}

/// Puts a card every player saw into a hand: it is publicly known there (CC-D1).
pub(crate) fn put_in_hand_publicly(s: &mut State, seat: Seat, card: CardId) {
    put_in_hand(s, seat, card);
    // `known` is a set: a card already listed is not listed twice.
    if s.known.binary_search(&card).is_err() {
        insert_sorted(&mut s.known, card);
    }
}

/// CC-4.5: the attack sequence is over. BERSERK! cards set aside during it
/// (`DeferUntilAttackEnds`) are resolved now, one by one; then the adjustment begins.
pub(crate) fn end_attack<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    s.chain = None;
    if !s.deferred.is_empty() {
        s.tasks.push(Task::EndAttack);
        // Taken out whole (inline: no allocation), then stacked first-on-top.
        let deferred = std::mem::take(&mut s.deferred);
        for &card in deferred.iter().rev() {
            s.tasks.push(Task::Berserk { card });
        }
        return None;
    }
    let seat = s.active;
    log.emit(|| Event::TurnEnded { seat });
    s.tasks.push(Task::Adjust { index: 0 });
    None
}

/// CC-4.6: the end-of-turn adjustment of the `index`-th player clockwise from the active
/// player: refill below 7, discard down to 7 above it.
pub(crate) fn adjust(s: &mut State, index: u8) -> Option<Pending> {
    let count = match s.config().end_of_turn_adjust {
        EndOfTurnAdjust::AllPlayers => s.num_players(),
        EndOfTurnAdjust::ActiveOnly => 1,
    };
    if usize::from(index) >= count {
        s.tasks.push(Task::NextTurn);
        return None;
    }
    let seat = Seat(((s.active.index() + usize::from(index)) % s.num_players()) as u8);
    s.tasks.push(Task::Adjust {
        index: index.saturating_add(1),
    });
    let held = s.hand(seat).len();
    if held < HAND_SIZE {
        s.tasks.push(Task::Refill { seat });
        None
    } else if held > HAND_SIZE {
        Some(Pending::DiscardExcess { seat })
    } else {
        None
    }
}

/// CC-5.10: one excess card face up; the decision repeats until 7 remain.
pub(crate) fn discard_excess<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) -> Option<Pending> {
    take_from_hand(s, seat, card);
    s.discard.put_top(card);
    log.emit(|| Event::DiscardedExcess { seat, card });
    (s.hand(seat).len() > HAND_SIZE).then_some(Pending::DiscardExcess { seat })
}

/// CC-4.7: the next player's turn, or the end of the game at the turn limit.
pub(crate) fn next_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    s.turn = s.turn.saturating_add(1);
    s.berserks_this_turn = 0;
    if s.turn >= s.config().turn_limit {
        end::turn_limit_reached(s, log);
        return None;
    }
    s.active = s.active.next(s.num_players());
    Some(begin_turn(s, log))
}
