//! The end of the game (§7): a loss by damage or deck-out, or a draw at the turn limit.

use crate::event::Event;
use crate::state::{other, State};
use fuda_core::{EventLog, Outcome, Seat, SeatSet};

/// `loser` loses at once; the opponent wins (MJ-7.1, MJ-7.2, MJ-7.3).
pub(crate) fn lose<L: EventLog<Event>>(s: &mut State, loser: Seat, log: &mut L) {
    if s.outcome.is_some() {
        return;
    }
    let outcome = Outcome::Winners(SeatSet::only(other(loser)));
    s.outcome = Some(outcome.clone());
    log.emit(|| Event::GameOver { outcome });
}

/// MJ-4.8 / MJ-7.4: the last allowed turn ended with no winner.
pub(crate) fn draw_game<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    if s.outcome.is_some() {
        return;
    }
    s.outcome = Some(Outcome::Draw);
    log.emit(|| Event::GameOver {
        outcome: Outcome::Draw,
    });
}
