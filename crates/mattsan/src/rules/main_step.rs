//! Main-step actions (MS-5.4 to MS-5.10): placing and flipping units, setting traps,
//! using trumps, placing and using terrains, activating traps.

use crate::cards::CardId;
use crate::event::Event;
use crate::rules::effects;
use crate::rules::field::{self, player_mut, queue, Seen};
use crate::state::{FieldCard, FrameKind, Loc, PendingTrump, State, Task, Terrain, WindowKind};
use crate::zones::Place;
use fuda_core::{EventLog, Seat};

/// MS-5.4: a unit from hand onto an empty bench location.
pub(crate) fn place_unit<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    bench: u8,
    face_up: bool,
    log: &mut L,
) {
    let seat = s.g.active;
    if !field::take_from_hand(s, seat, card, Seen::of(face_up)) {
        return;
    }
    let turn = s.g.turn;
    if let Some(slot) = player_mut(s, seat).field.get_mut(usize::from(bench) + 1) {
        slot.occupant = Some(FieldCard::new(card, face_up, turn));
    }
    let loc = Loc::Bench(bench);
    log.emit(|| Event::Placed {
        seat,
        loc,
        face_up,
        card: Some(card),
    });
    queue(s, WindowKind::UnitPlaced, seat);
    s.g.tasks.push(Task::Settle { controller: seat });
    if face_up && s.config().face_up_placement_triggers_flip {
        // MS-A11: placing face-up counts as becoming face-up.
        queue(s, WindowKind::UnitTurnedFaceUp, seat);
        effects::on_face_up(s, card);
    }
}

/// MS-5.5: a face-down bench unit turns face-up (irreversibly).
pub(crate) fn flip_unit<L: EventLog<Event>>(s: &mut State, bench: u8, log: &mut L) {
    let seat = s.g.active;
    let Some(o) = player_mut(s, seat)
        .field
        .get_mut(usize::from(bench) + 1)
        .and_then(|x| x.occupant.as_mut())
    else {
        return;
    };
    o.face_up = true;
    o.peeked = fuda_core::SeatSet::EMPTY;
    let card = o.card;
    log.emit(|| Event::TurnedFaceUp {
        seat,
        loc: Loc::Bench(bench),
        card,
    });
    queue(s, WindowKind::UnitTurnedFaceUp, seat);
    s.g.tasks.push(Task::Settle { controller: seat });
    effects::on_face_up(s, card);
}

/// MS-5.6: a trap face-down onto an empty bench location.
pub(crate) fn place_trap<L: EventLog<Event>>(s: &mut State, card: CardId, bench: u8, log: &mut L) {
    let seat = s.g.active;
    if !field::take_from_hand(s, seat, card, Seen::Hidden) {
        return;
    }
    let turn = s.g.turn;
    if let Some(slot) = player_mut(s, seat).field.get_mut(usize::from(bench) + 1) {
        slot.occupant = Some(FieldCard::new(card, false, turn));
    }
    log.emit(|| Event::Placed {
        seat,
        loc: Loc::Bench(bench),
        face_up: false,
        card: Some(card),
    });
    // The same window as a face-down unit: the opponent cannot tell them apart.
    queue(s, WindowKind::UnitPlaced, seat);
    s.g.tasks.push(Task::Settle { controller: seat });
}

/// MS-5.7 / MS-6.12: reveal, one soul-charge card sideways, costs, targets, the
/// `TrumpDeclared` window, the effect (unless negated), the discard pile.
pub(crate) fn use_trump<L: EventLog<Event>>(s: &mut State, card: CardId, log: &mut L) {
    let seat = s.g.active;
    if !field::take_from_hand(s, seat, card, Seen::Public) {
        return;
    }
    player_mut(s, seat).zones.tap_soul();
    s.g.in_use.push(card);
    s.g.trump = Some(PendingTrump {
        card,
        negated: false,
    });
    log.emit(|| Event::TrumpUsed { seat, card });
    let Some(f) = effects::push_frame(s, seat, card, 0, FrameKind::Trump) else {
        discard_in_use(s, seat, card);
        s.g.trump = None;
        return;
    };
    s.g.tasks.push(Task::FinishCard { frame: f });
    s.g.tasks.push(Task::Resolve { frame: f });
    s.g.tasks.push(Task::Declared { frame: f });
    s.g.tasks.push(Task::AskAllTargets { frame: f });
    s.g.tasks.push(Task::PayCost { frame: f, index: 0 });
}

/// MS-5.8: a terrain face-up and upright; an old terrain there is replaced (張り替え).
pub(crate) fn place_terrain<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    loc: Loc,
    log: &mut L,
) {
    let seat = s.g.active;
    if !field::take_from_hand(s, seat, card, Seen::Public) {
        return;
    }
    let p = player_mut(s, seat);
    let Some(slot) = p.field.get_mut(loc.slot()) else {
        return;
    };
    let replaced = slot.terrain.replace(Terrain {
        card,
        tapped: false,
    });
    if let Some(old) = replaced {
        p.zones.push(Place::Discard, old.card);
    }
    let replaced = replaced.map(|t| t.card);
    log.emit(|| Event::TerrainPlaced {
        seat,
        loc,
        card,
        replaced,
    });
    s.g.tasks.push(Task::Settle { controller: seat });
}

/// MS-5.9: a terrain turns sideways; targets are chosen, the `TerrainUsed` window opens,
/// then the effect resolves.
pub(crate) fn use_terrain<L: EventLog<Event>>(s: &mut State, seat: Seat, loc: Loc, log: &mut L) {
    let Some(t) = player_mut(s, seat)
        .field
        .get_mut(loc.slot())
        .and_then(|x| x.terrain.as_mut())
    else {
        return;
    };
    t.tapped = true;
    let card = t.card;
    log.emit(|| Event::TerrainUsed { seat, loc, card });
    let Some(f) = effects::push_frame(s, seat, card, 0, FrameKind::Terrain) else {
        return;
    };
    s.g.tasks.push(Task::PopFrame);
    s.g.tasks.push(Task::Resolve { frame: f });
    s.g.tasks.push(Task::Declared { frame: f });
    s.g.tasks.push(Task::AskAllTargets { frame: f });
}

/// MS-5.10 / MS-6.13: the trap turns face-up, resolves, and goes to the discard pile.
pub(crate) fn activate_trap<L: EventLog<Event>>(s: &mut State, seat: Seat, bench: u8, log: &mut L) {
    let Some(o) = field::take_occupant(s, (seat, usize::from(bench) + 1)) else {
        return;
    };
    let card = o.card;
    s.g.in_use.push(card);
    log.emit(|| Event::TrapActivated { seat, bench, card });
    let Some(f) = effects::push_frame(s, seat, card, 0, FrameKind::Trap) else {
        discard_in_use(s, seat, card);
        return;
    };
    s.g.tasks.push(Task::FinishCard { frame: f });
    effects::push_exec_root(s, f);
}

/// A card in use whose effect cannot start (no frame left) goes to the discard pile.
fn discard_in_use(s: &mut State, seat: Seat, card: CardId) {
    s.g.in_use.retain(|c| *c != card);
    player_mut(s, seat).zones.push(Place::Discard, card);
}
