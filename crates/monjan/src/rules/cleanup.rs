//! Cleanup after the battle turn (MC-4.5) and the round limit (MC-7.3).

use crate::event::Event;
use crate::rules::{draw, extra};
use crate::state::{Pending, State, Task};
use fuda_core::{EventLog, Outcome, Seat, SeatSet};

/// MC-4.5: spent mana discarded (the protected bottom Element stays), one-turn summons
/// leave (unless extended), Extra survival, counters reset; then MC-7.3 or a new round.
pub(crate) fn cleanup<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seats: Vec<Seat> = s.alive().collect();
    for seat in seats {
        let mut gone = Vec::new();
        let p = s.pm(seat);
        for c in &mut p.cols {
            let bottom_element = c.mana.first().is_some_and(|m| m.element);
            let mut kept = Vec::with_capacity(c.mana.len());
            for (i, m) in c.mana.drain(..).enumerate() {
                if i == 0 && bottom_element {
                    kept.push(crate::state::Mana { spent: false, ..m });
                } else if m.spent {
                    gone.push(m.card);
                } else {
                    kept.push(m);
                }
            }
            c.mana = kept;
            c.bottom_used = false;
        }
        let mut stay = Vec::new();
        for mut o in p.one_turn.drain(..) {
            if o.stays {
                o.stays = false;
                stay.push(o);
            } else {
                gone.push(o.card);
            }
        }
        p.one_turn = stay;
        p.uses = Default::default();
        for card in gone {
            draw::discard(s, seat, card, log);
        }
        extra::survival_check(s, seat, log);
    }
    s.d.battle = None;
    let round = s.d.round;
    log.emit(|| Event::Cleanup { round });
    if round >= s.config().max_rounds {
        let alive: SeatSet = s.alive().collect();
        let outcome = Outcome::Winners(alive);
        let shown = outcome.clone();
        s.d.outcome = Some(outcome);
        log.emit(|| Event::GameOver { outcome: shown });
        return None;
    }
    s.d.tasks.push(Task::BeginRound);
    None
}
