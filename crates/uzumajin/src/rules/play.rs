//! Step 5, playing (MJ-4.5): souls (A4), alone or stacked, and spells (A5). Costs come
//! from the MP pool (MJ-5.3); colour requirements were checked by `legal::check`.

use crate::action::Placement;
use crate::cards::CardId;
use crate::event::Event;
use crate::rules::turn::{discard_from_hand, new_majin, take_from_hand};
use crate::state::{State, Task};
use fuda_core::EventLog;

fn pay(s: &mut State, card: CardId) {
    let cost = s.rules().info(card).map_or(0, |i| u32::from(i.cost));
    s.mp_spent = s.mp_spent.saturating_add(cost);
}

/// A4: pay, place the soul face-up (a new majin in the prepare zone, or on top of one of
/// A's majins, which keeps its zone and tapped state), then its enter-play effect.
pub(crate) fn play_soul<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    place: Placement,
    log: &mut L,
) {
    let seat = s.active;
    pay(s, card);
    take_from_hand(s, seat, card);
    let (majin, new) = match place {
        Placement::New => (new_majin(s, seat, card, false), true),
        Placement::Onto(id) => {
            if let Some(m) = s.majin_mut(id) {
                m.cards.push(card);
            }
            (id, false)
        }
    };
    log.emit(|| Event::SoulPlayed {
        seat,
        card,
        majin,
        new,
    });
    s.tasks.push(Task::Main);
    // MJ-12.3: an enter-play effect resolves right after the soul is placed.
    if !s.rules().program(card).is_empty() {
        s.tasks.push(Task::Effect {
            card,
            pc: 0,
            this: Some(majin),
        });
    }
}

/// A5: pay, reveal the spell into the graveyard, and resolve its effect.
pub(crate) fn play_spell<L: EventLog<Event>>(s: &mut State, card: CardId, log: &mut L) {
    let seat = s.active;
    pay(s, card);
    discard_from_hand(s, seat, card);
    log.emit(|| Event::SpellPlayed { seat, card });
    s.tasks.push(Task::Main);
    s.tasks.push(Task::Effect {
        card,
        pc: 0,
        this: None,
    });
}
