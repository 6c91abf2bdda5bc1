//! Champions and the end of the game (CC-6.11, CC-7).

use crate::action::Creature;
use crate::event::Event;
use crate::state::State;
use fuda_core::{EventLog, Outcome, Seat, SeatSet};

/// CC-6.11: the creature goes face up to its owner's champion area for good.
pub(crate) fn make_champion<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    creature: Creature,
    log: &mut L,
) {
    if s.champions.push(seat.index(), creature) {
        let champions = u8::try_from(s.champions(seat).len()).unwrap_or(u8::MAX);
        log.emit(|| Event::ChampionMade {
            seat,
            creature,
            champions,
        });
    }
}

/// CC-7.1 / CC-7.2: whoever holds the required number of Champions wins at once (several
/// reaching it together share the win).
pub(crate) fn check_win<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let needed = usize::from(s.rules().champions_needed);
    let winners: SeatSet = (0..s.num_players())
        .map(|i| Seat(i as u8))
        .filter(|&p| s.champions(p).len() >= needed)
        .collect();
    if !winners.is_empty() {
        finish(s, Outcome::Winners(winners), log);
    }
}

/// CC-7.3: at the turn limit the most Champions win; ties share; all zero is a draw.
pub(crate) fn turn_limit_reached<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let most = s.champions.iter().map(|c| c.len()).max().unwrap_or(0);
    let outcome = if most == 0 {
        Outcome::Draw
    } else {
        Outcome::Winners(
            (0..s.num_players())
                .map(|i| Seat(i as u8))
                .filter(|&p| s.champions(p).len() == most)
                .collect(),
        )
    };
    finish(s, outcome, log);
}

fn finish<L: EventLog<Event>>(s: &mut State, outcome: Outcome, log: &mut L) {
    let shown = outcome.clone();
    s.outcome = Some(outcome);
    log.emit(|| Event::GameOver { outcome: shown });
}
