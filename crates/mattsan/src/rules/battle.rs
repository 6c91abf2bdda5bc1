//! Battle actions (MS-4.5): attack and its damage (MS-6.2), special and super special
//! moves with EX counters (MS-5.12, MS-5.13, MS-6.11), and swaps (MS-5.14).

use crate::cards::{CardDef, Stat};
use crate::event::Event;
use crate::rules::effects;
use crate::rules::field::{self, face_up_unit, find, player, player_mut, queue};
use crate::rules::resolution;
use crate::state::{opp, FrameKind, PendingAttack, State, Step, Task, WindowKind};
use fuda_core::{EventLog, Seat};

/// Declares an attack by `seat`'s battlefield unit on the enemy battlefield unit: the
/// `AttackDeclared` window, then the damage.
pub(crate) fn declare_attack<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let (Some(attacker), Some(target)) = (
        player(s, seat).bf().map(|o| o.card),
        player(s, opp(seat)).bf().map(|o| o.card),
    ) else {
        return;
    };
    s.g.attack = Some(PendingAttack {
        controller: seat,
        attacker,
        target,
        damage_mod: 0,
    });
    log.emit(|| Event::Attacked {
        seat,
        attacker,
        target,
    });
    queue(s, WindowKind::AttackDeclared, seat);
    s.g.tasks.push(Task::AttackDamage);
    resolution::settle_declaration(s, seat);
}

/// MS-5.11 `Attack` as the battle action.
pub(crate) fn attack<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.g.active;
    s.g.step = Step::Battle;
    s.g.tasks.push(Task::EnterEnd);
    declare_attack(s, seat, log);
}

/// MS-6.2: 2 damage if ATK > DEF, else 1, plus modifiers, floor 0. Nothing happens if
/// the attacker or the target has left the field.
pub(crate) fn attack_damage<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let Some(a) = s.g.attack.take() else { return };
    let (Some(u), Some(v)) = (find(s, a.attacker), find(s, a.target)) else {
        return;
    };
    if face_up_unit(s, u).is_none() || face_up_unit(s, v).is_none() {
        return;
    }
    let base: i32 = if field::stat(s, u, Stat::Atk) > field::stat(s, v, Stat::Def) {
        2
    } else {
        1
    };
    let dmg = (base + i32::from(a.damage_mod)).max(0) as u16;
    effects::deal_damage(s, v, dmg, log);
    resolution::settle(s, a.controller);
}

/// MS-5.12 / MS-5.13: a special (or super special) move of the battlefield unit.
pub(crate) fn use_move<L: EventLog<Event>>(s: &mut State, index: u8, is_super: bool, log: &mut L) {
    let seat = s.g.active;
    let Some(unit) = player(s, seat).bf().map(|o| o.card) else {
        return;
    };
    let rules = s.rules.0.clone();
    let Some(def) = rules.def(unit) else { return };
    let kind = if is_super {
        FrameKind::Super
    } else {
        FrameKind::Special
    };
    // The move's name is copied only when an event is built.
    let name = match def {
        CardDef::Unit {
            specials, supers, ..
        } => {
            let list = if is_super { supers } else { specials };
            list.get(usize::from(index)).map_or("", |m| m.name.as_str())
        }
        _ => return,
    };
    s.g.step = Step::Battle;
    s.g.tasks.push(Task::EnterEnd);
    if is_super {
        // MS-5.13: the EX counter is placed at declaration.
        if let Some(o) = player_mut(s, seat).field[0].occupant.as_mut() {
            o.ex = o.ex.saturating_add(1);
        }
    }
    log.emit(|| Event::MoveUsed {
        seat,
        unit,
        name: name.to_string(),
        is_super,
    });
    let k = effects::list_index(def, kind, usize::from(index));
    let Some(f) = effects::push_frame(s, seat, unit, k, kind) else {
        return;
    };
    s.g.tasks.push(Task::PopFrame);
    s.g.tasks.push(Task::Resolve { frame: f });
    s.g.tasks.push(Task::Declared { frame: f });
    s.g.tasks.push(Task::AskAllTargets { frame: f });
    s.g.tasks.push(Task::PayCost { frame: f, index: 0 });
}

/// Exchanges `seat`'s battlefield unit with the unit in `bench` (MS-5.14, `ForceSwap`):
/// the bench unit enters face-up (OnFaceUp if it was face-down), the old battlefield unit
/// goes to that bench location face-up, counters move with units, terrains stay.
pub(crate) fn swap_units<L: EventLog<Event>>(s: &mut State, seat: Seat, bench: u8, log: &mut L) {
    let k = usize::from(bench) + 1;
    let p = player_mut(s, seat);
    let (Some(mut incoming), Some(outgoing)) = (
        p.field.get_mut(k).and_then(|x| x.occupant.take()),
        p.field[0].occupant.take(),
    ) else {
        return;
    };
    let flipped = !incoming.face_up;
    incoming.face_up = true;
    let (to_battlefield, to_bench) = (incoming.card, outgoing.card);
    p.field[0].occupant = Some(incoming);
    if let Some(slot) = p.field.get_mut(k) {
        slot.occupant = Some(outgoing);
    }
    log.emit(|| Event::Swapped {
        seat,
        bench,
        to_battlefield,
        to_bench,
    });
    queue(s, WindowKind::Swapped, seat);
    if flipped {
        log.emit(|| Event::TurnedFaceUp {
            seat,
            loc: crate::state::Loc::Battlefield,
            card: to_battlefield,
        });
        queue(s, WindowKind::UnitTurnedFaceUp, seat);
        effects::on_face_up(s, to_battlefield);
    }
}

/// MS-5.14 `Swap` as the battle action.
pub(crate) fn swap<L: EventLog<Event>>(s: &mut State, bench: u8, log: &mut L) {
    let seat = s.g.active;
    s.g.step = Step::Battle;
    s.g.tasks.push(Task::EnterEnd);
    s.g.tasks.push(Task::Settle { controller: seat });
    swap_units(s, seat, bench, log);
}
