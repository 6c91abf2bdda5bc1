//! The battle turn (MC-4.4): reveal, battle order, attack steps, windows (MC-6.10),
//! declarations (MC-5.13), Flame of Wrath (MC-5.15) and guards (MC-5.14, MC-5.18).

use crate::action::{Col, GuardChoice, Side, Unit};
use crate::cards::{BoardEffect, HealCap};
use crate::event::Event;
use crate::rules::{mana, skills};
use crate::state::{
    Attack, Battle, Guard, Pending, Phase, Seats, SlotKind, State, Task, Window, WindowKind,
    ATTACKS_INLINE,
};
use fuda_core::{EventLog, Seat, SeatSet, SmallVec, TinyVec};
use std::cmp::Reverse;

/// Attack value of a card on the field (MC-6.4).
pub(crate) fn unit_value(s: &State, seat: Seat, unit: Unit) -> u8 {
    let p = s.p(seat);
    match unit {
        Unit::Resurrected(_) => 1,
        _ => p.unit_card(unit).map_or(0, |c| s.rules().value(c)),
    }
}

/// Attack-capable units of a player (§5), whether used this turn or not.
pub(crate) fn attack_units(s: &State, seat: Seat) -> impl Iterator<Item = Unit> + '_ {
    let p = s.p(seat);
    Col::ALL
        .into_iter()
        .filter(|c| p.col(*c).attack.is_some())
        .map(Unit::Slot)
        .chain(p.extra.is_some().then_some(Unit::Extra))
        .chain((0..p.one_turn.len()).map(|i| Unit::OneTurn(i as u8)))
        .chain((0..p.resurrected.len()).map(|i| Unit::Resurrected(i as u8)))
}

/// Whether a unit may guard (§5: not one-turn or permanent Boss-Assassins).
pub(crate) fn can_guard(s: &State, seat: Seat, unit: Unit) -> bool {
    let p = s.p(seat);
    match unit {
        Unit::Slot(c) => p.col(c).attack.is_some_and(|a| a.kind != SlotKind::Boss),
        Unit::Extra => p.extra.is_some(),
        Unit::OneTurn(_) => false,
        Unit::Resurrected(i) => usize::from(i) < p.resurrected.len(),
    }
}

/// Guard-capable units of a player.
pub(crate) fn guard_units(s: &State, seat: Seat) -> impl Iterator<Item = Unit> + '_ {
    attack_units(s, seat).filter(move |u| can_guard(s, seat, *u))
}

/// MC-6.3: the players in the game by speed, higher first; ties: lower priority number
/// first, then seat order.
pub(crate) fn battle_order(s: &State) -> Seats {
    let mut order: Seats = s.alive().collect();
    order.sort_by_key(|x| {
        let prio = s.board_of(*x).map_or(u8::MAX, |b| b.priority);
        (Reverse(mana::speed(s, *x)), prio, *x)
    });
    order
}

/// MC-4.4 (1)–(2): reveal, order, first step.
pub(crate) fn begin_battle<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    s.d.phase = Phase::Battle;
    crate::rules::edit::thaw(s);
    s.d.edit_set = SeatSet::EMPTY;
    for p in s.d.players.iter_mut().filter(|p| p.alive) {
        for c in &mut p.cols {
            for m in &mut c.mana {
                m.face_down = false;
            }
        }
        p.uses.battle_skill = false;
    }
    let order = battle_order(s);
    s.d.last_order = order;
    log.emit(|| Event::BattleStarted {
        order: order.to_vec(),
    });
    s.d.battle = Some(Battle {
        order,
        step: 0,
        attacks: TinyVec::new(),
        used_units: TinyVec::new(),
        flame_asked: SeatSet::EMPTY,
        flame: None,
        window: None,
        trigger: None,
        guards_done: false,
    });
    s.d.tasks.push(Task::BeginStep);
    None
}

fn attacker(s: &State) -> Option<Seat> {
    s.d.battle.as_ref().and_then(Battle::attacker)
}

/// MC-4.4 (3): the current attacker's step, or the cleanup after the last one.
pub(crate) fn begin_step(s: &mut State) -> Option<Pending> {
    let Some(a) = attacker(s) else {
        s.d.tasks.push(Task::Cleanup);
        return None;
    };
    if !s.p(a).alive {
        s.d.tasks.push(Task::EndStep);
        return None;
    }
    if let Some(b) = s.d.battle.as_mut() {
        b.attacks.clear();
        b.flame = None;
        b.flame_asked = SeatSet::EMPTY;
        b.guards_done = false;
        b.window = None;
    }
    s.d.tasks.extend([
        Task::EndStep,
        Task::Resolve,
        Task::Window {
            kind: WindowKind::W2,
        },
        Task::Guards,
        Task::Declare,
        Task::Window {
            kind: WindowKind::W1,
        },
    ]);
    None
}

/// MC-4.4 (3)(f): bonuses expire; next step.
pub(crate) fn end_step(s: &mut State) -> Option<Pending> {
    if let Some(b) = s.d.battle.as_mut() {
        b.attacks.clear();
        b.flame = None;
        b.window = None;
        b.step = b.step.saturating_add(1);
    }
    s.d.tasks.push(Task::BeginStep);
    None
}

/// MC-6.10: a window opens with the attacker.
pub(crate) fn open_window(s: &mut State, kind: WindowKind) -> Option<Pending> {
    let a = attacker(s)?;
    if !s.p(a).alive {
        return None;
    }
    let b = s.d.battle.as_mut()?;
    b.window = Some(Window {
        kind,
        holder: a,
        passes: 0,
    });
    Some(Pending::Window { seat: a })
}

/// The next alive seat after `seat` in battle order (wrapping).
fn next_in_order(s: &State, seat: Seat) -> Seat {
    let Some(b) = s.d.battle.as_ref() else {
        return seat;
    };
    let n = b.order.len();
    let start = b.rank(seat);
    for k in 1..=n {
        let x = b.order[(start.wrapping_add(k)) % n];
        if s.p(x).alive {
            return x;
        }
    }
    seat
}

/// MC-5.12 Pass: priority moves on; the window closes after everybody passed in a row.
pub(crate) fn pass(s: &mut State) -> Option<Pending> {
    let alive = s.alive().count();
    let w = s.d.battle.as_ref()?.window?;
    let passes = w.passes.saturating_add(1);
    if usize::from(passes) >= alive {
        if let Some(b) = s.d.battle.as_mut() {
            b.window = None;
        }
        return None;
    }
    let holder = next_in_order(s, w.holder);
    if let Some(b) = s.d.battle.as_mut() {
        b.window = Some(Window {
            kind: w.kind,
            holder,
            passes,
        });
    }
    Some(Pending::Window { seat: holder })
}

/// MC-5.18, MC-A23: the one reassignment mechanism. Once guards are assigned, a guard card
/// that has left play since — destroyed by an earlier attack, dead by the Extra survival
/// check, killed, or Flame of Wrath's card gone — frees its unresolved attacks, and the
/// defender is asked for a new guard for each. Runs after every window action and before
/// every attack resolves, so no way of leaving play is missed.
pub(crate) fn reassign_lost_guards(s: &mut State) -> Option<Pending> {
    release_lost_guards(s);
    if s.d.battle.as_ref().is_some_and(|b| b.guards_done) {
        if let Some((_, d)) = first_unguarded(s) {
            return Some(Pending::Guard { seat: d });
        }
    }
    None
}

/// Guards that left play free their attacks; Flame of Wrath ends with its card.
fn release_lost_guards(s: &mut State) {
    let Some(b) = s.d.battle.as_ref() else {
        return;
    };
    if !b.guards_done {
        return;
    }
    let mut flame = b.flame;
    let mut attacks = b.attacks.clone();
    if let Some((d, g)) = flame {
        if s.p(d).locate(g).is_none() {
            flame = None;
            for a in attacks.iter_mut().filter(|a| !a.done && a.target == d) {
                a.guard = None;
            }
        }
    }
    for a in attacks.iter_mut().filter(|a| !a.done) {
        if let Some(Guard::Card(g)) = a.guard {
            if s.p(a.target).locate(g).is_none() {
                a.guard = None;
            }
        }
    }
    if let Some(b) = s.d.battle.as_mut() {
        b.flame = flame;
        b.attacks = attacks;
    }
}

/// The first unresolved attack still needing a guard (target alive).
pub(crate) fn first_unguarded(s: &State) -> Option<(usize, Seat)> {
    let b = s.d.battle.as_ref()?;
    b.attacks
        .iter()
        .enumerate()
        .find(|(_, a)| !a.done && a.guard.is_none() && s.p(a.target).alive)
        .map(|(i, a)| (i, a.target))
}

/// The first unresolved attack on `d` still needing a guard.
pub(crate) fn first_unguarded_on(s: &State, d: Seat) -> Option<usize> {
    let b = s.d.battle.as_ref()?;
    b.attacks
        .iter()
        .position(|a| !a.done && a.guard.is_none() && a.target == d)
}

/// After a non-pass window action: reassignments first, then the same holder again.
pub(crate) fn window_continue(s: &mut State) -> Option<Pending> {
    if let Some(p) = reassign_lost_guards(s) {
        return Some(p);
    }
    let b = s.d.battle.as_mut()?;
    let w = b.window.as_mut()?;
    w.passes = 0;
    Some(Pending::Window { seat: w.holder })
}

/// MC-5.13: the attacker declares (unless it has no attack-capable card).
pub(crate) fn ask_declaration(s: &mut State) -> Option<Pending> {
    let a = attacker(s)?;
    if !s.p(a).alive {
        return None;
    }
    let used = s.d.battle.as_ref().map_or(&[][..], |b| &b.used_units[..]);
    let free = attack_units(s, a).any(|u| s.p(a).unit_card(u).is_some_and(|c| !used.contains(&c)));
    free.then_some(Pending::Declare { seat: a })
}

/// MC-5.13: one card attacks (it is revealed).
pub(crate) fn declare_attack<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    unit: Unit,
    target: Seat,
    log: &mut L,
) -> Option<Pending> {
    let card = s.p(seat).unit_card(unit)?;
    let value = unit_value(s, seat, unit);
    reveal(s, seat, unit);
    let b = s.d.battle.as_mut()?;
    b.used_units.push(card);
    b.attacks.push(Attack {
        source: card,
        target,
        value,
        bonus: 0,
        nullified: false,
        guard: None,
        done: false,
        damage: 0,
    });
    log.emit(|| Event::AttackDeclared { seat, card, target });
    Some(Pending::Declare { seat })
}

/// Turns a unit face up.
pub(crate) fn reveal(s: &mut State, seat: Seat, unit: Unit) {
    let p = s.pm(seat);
    match unit {
        Unit::Slot(c) => {
            if let Some(a) = p.col_mut(c).attack.as_mut() {
                a.face_down = false;
            }
        }
        Unit::Extra => {
            if let Some(e) = p.extra.as_mut() {
                e.face_down = false;
            }
        }
        Unit::OneTurn(i) => {
            if let Some(o) = p.one_turn.get_mut(usize::from(i)) {
                o.face_down = false;
            }
        }
        Unit::Resurrected(_) => {}
    }
}

/// MC-5.13: the Extra heals by its power (cap 16) instead of attacking.
pub(crate) fn extra_heal<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    col: Col,
    log: &mut L,
) -> Option<Pending> {
    let card = s.p(seat).extra.as_ref()?.card;
    let power = s.rules().value(card);
    reveal(s, seat, Unit::Extra);
    if let Some(b) = s.d.battle.as_mut() {
        b.used_units.push(card);
    }
    skills::heal(s, seat, col, power, HealCap::Sixteen, log);
    Some(Pending::Declare { seat })
}

/// Whether `d` may use Flame of Wrath against the current attacker (MC-5.15).
fn flame_eligible(s: &State, d: Seat) -> bool {
    let Some(b) = s.d.battle.as_ref() else {
        return false;
    };
    let Some(a) = b.attacker() else {
        return false;
    };
    s.config().enable_flame_of_wrath
        && s.board_effect(d, Side::Right) == Some(BoardEffect::RedirectAllToOne)
        && s.p(d).unlocked(Side::Right)
        && !s.p(d).uses.battle_skill
        && b.rank(a) < b.rank(d)
        && guard_units(s, d).next().is_some()
}

/// MC-4.4 (3)(c): Flame of Wrath decisions and guards, defender by defender in battle
/// order after the attacker.
pub(crate) fn next_guard_decision(s: &mut State) -> Option<Pending> {
    let b = s.d.battle.as_ref()?;
    let a = b.attacker()?;
    let n = b.order.len();
    let start = b.rank(a);
    let defenders: Seats = (1..n).map(|k| b.order[(start + k) % n]).collect();
    for d in defenders {
        if !s.p(d).alive {
            continue;
        }
        let waiting = s.d.battle.as_ref().is_some_and(|b| {
            b.attacks
                .iter()
                .any(|x| x.target == d && !x.done && x.guard.is_none())
        });
        if !waiting {
            continue;
        }
        let asked =
            s.d.battle
                .as_ref()
                .is_some_and(|b| b.flame_asked.contains(d));
        if !asked {
            if let Some(b) = s.d.battle.as_mut() {
                b.flame_asked.insert(d);
            }
            if flame_eligible(s, d) {
                return Some(Pending::Flame { seat: d });
            }
        }
        return Some(Pending::Guard { seat: d });
    }
    if let Some(b) = s.d.battle.as_mut() {
        b.guards_done = true;
    }
    None
}

/// MC-5.15: use (roll 1–3) or decline Flame of Wrath.
pub(crate) fn flame<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    use_it: bool,
    log: &mut L,
) -> Option<Pending> {
    if use_it {
        s.pm(seat).uses.battle_skill = true;
        s.pm(seat).count_board_use(Side::Right);
        let faces: SmallVec<[u8; 6]> = s
            .board_of(seat)
            .map(|b| b.right.chance.iter().copied().collect())
            .unwrap_or_default();
        if skills::roll(s, seat, &faces, log) {
            return Some(Pending::FlameTarget { seat });
        }
    }
    Some(Pending::Guard { seat })
}

/// MC-5.15: every attack on `seat` goes to this card.
pub(crate) fn flame_target<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    unit: Unit,
    log: &mut L,
) -> Option<Pending> {
    let card = s.p(seat).unit_card(unit)?;
    reveal(s, seat, unit);
    let b = s.d.battle.as_mut()?;
    b.flame = Some((seat, card));
    let mut shown: SmallVec<[u8; ATTACKS_INLINE]> = SmallVec::new();
    for (i, a) in b.attacks.iter_mut().enumerate() {
        if a.target == seat && !a.done {
            a.guard = Some(Guard::Card(card));
            shown.push(i as u8);
        }
    }
    for attack in shown {
        log.emit(|| Event::GuardAssigned {
            seat,
            attack,
            guard: Guard::Card(card),
        });
    }
    s.d.tasks.push(Task::Guards);
    None
}

/// The guard a choice names.
pub(crate) fn guard_of(s: &State, seat: Seat, g: GuardChoice) -> Option<Guard> {
    match g {
        GuardChoice::Defense(c) => Some(Guard::Defense(c)),
        GuardChoice::Unit(u) => s.p(seat).unit_card(u).map(Guard::Card),
    }
}

/// MC-5.14 / MC-5.18: the guard of one attack.
pub(crate) fn assign_guard<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    attack: u8,
    choice: GuardChoice,
    log: &mut L,
) -> Option<Pending> {
    let guard = guard_of(s, seat, choice)?;
    if let GuardChoice::Unit(u) = choice {
        reveal(s, seat, u);
    }
    let b = s.d.battle.as_mut()?;
    if let Some(a) = b.attacks.get_mut(usize::from(attack)) {
        a.guard = Some(guard);
    }
    let in_window = b.window.is_some();
    log.emit(|| Event::GuardAssigned {
        seat,
        attack,
        guard,
    });
    if in_window {
        return window_continue(s);
    }
    s.d.tasks.push(Task::Guards);
    None
}
