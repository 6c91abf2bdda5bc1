//! Cleanup after the battle turn (MC-4.5) and the round limit (MC-7.3).

use crate::event::Event;
use crate::rules::{draw, extra};
use crate::state::{Cards, Pending, Seats, State, Task, MANA_INLINE, ONE_TURN_INLINE};
use fuda_core::{EventLog, Outcome, SeatSet, TinyVec};

/// MC-4.5: spent mana discarded (the protected bottom Element stays), one-turn summons
/// leave (unless extended), Extra survival, counters reset; then MC-7.3 or a new round.
pub(crate) fn cleanup<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seats: Seats = s.alive().collect();
    for seat in seats {
        // The cards leaving, in order: spent mana column by column, then one-turn summons.
        let mut gone: Cards<{ 3 * MANA_INLINE + ONE_TURN_INLINE }> = TinyVec::new();
        let p = s.pm(seat);
        for c in &mut p.cols {
            let bottom_element = c.mana.first().is_some_and(|m| m.element);
            let mut i = 0;
            c.mana.retain_mut(|m| {
                let first = i == 0;
                i += 1;
                if first && bottom_element {
                    m.spent = false;
                    true
                } else if m.spent {
                    gone.push(m.card);
                    false
                } else {
                    true
                }
            });
            c.bottom_used = false;
        }
        p.one_turn.retain_mut(|o| {
            if o.stays {
                o.stays = false;
                true
            } else {
                gone.push(o.card);
                false
            }
        });
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
