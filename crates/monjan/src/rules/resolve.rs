//! Attack resolution (MC-6.4), defeat (MC-6.5), elimination (MC-6.7), Hell's
//! Resurrection Rite (MC-5.17) and Dragon Trap (MC-5.16).

use crate::action::{Col, GuardChoice, Side};
use crate::cards::BoardEffect;
use crate::config::ResurrectionCapScope;
use crate::event::Event;
use crate::rules::{battle, draw, extra, skills};
use crate::state::{
    Cards, DefCard, Defense, Guard, Mana, Pending, Seats, SlotKind, State, Supply, Task, Trigger,
};
use fuda_core::{EventLog, Outcome, Seat, SmallVec};

/// Damage to a defense; a life reaching 0 schedules the defeat. Returns the life lost.
fn damage<L: EventLog<Event>>(s: &mut State, seat: Seat, col: Col, v: u8, log: &mut L) -> u8 {
    let Defense::Live { life, .. } = &mut s.pm(seat).col_mut(col).defense else {
        return 0; // MC-6.4 (3): no carry-over from a defense that is not Live.
    };
    let before = *life;
    let after = before.saturating_sub(v);
    // Life 0 is carried out by the defeat task, which runs next; until then the
    // defense keeps life 1 so that every stored state stays valid.
    *life = after.max(1);
    if after == 0 {
        s.d.tasks.push(Task::Defeated { seat, col });
    }
    log.emit(|| Event::Damage {
        seat,
        col,
        life: after,
    });
    before - after
}

/// MC-6.4: resolves the next attack of the step.
pub(crate) fn resolve_next<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    // MC-5.18: a guard lost since the last attack (or window) is replaced first.
    if let Some(p) = battle::reassign_lost_guards(s) {
        s.d.tasks.push(Task::Resolve);
        return Some(p);
    }
    let b = s.d.battle.as_ref()?;
    let a_seat = b.attacker()?;
    let i = b.attacks.iter().position(|a| !a.done)?;
    let att = b.attacks[i];
    let flame = b.flame;
    s.d.tasks.push(Task::Resolve);
    if let Some(b) = s.d.battle.as_mut() {
        b.attacks[i].done = true;
    }
    let gone = s.p(a_seat).locate(att.source).is_none();
    if !s.p(a_seat).alive || !s.p(att.target).alive || att.nullified || gone {
        return None;
    }
    match att.guard {
        Some(Guard::Card(g)) => {
            let last_on_flame = match flame {
                Some((d, fg)) if d == att.target && fg == g => {
                    s.d.battle
                        .as_ref()
                        .is_some_and(|b| !b.attacks.iter().any(|x| !x.done && x.target == d))
                }
                _ => true,
            };
            if last_on_flame {
                skills::destroy_card(s, att.target, g, log);
            }
        }
        Some(Guard::Defense(c)) => {
            // Stack: Resolve, TrapCheck, then (on top) the defeat if life reached 0.
            s.d.tasks.push(Task::TrapCheck { attack: i as u8 });
            let lost = damage(s, att.target, c, att.total(), log);
            if let Some(b) = s.d.battle.as_mut() {
                b.attacks[i].damage = lost;
            }
        }
        None => {}
    }
    None
}

/// The Frehheim player who may resurrect a card now (MC-5.17).
fn resurrector(s: &State) -> Option<Seat> {
    let cap = s.config().resurrection_cap_scope;
    s.alive().find(|f| {
        let p = s.p(*f);
        let held = match cap {
            ResurrectionCapScope::Concurrent => p.resurrected.len(),
            ResurrectionCapScope::PerGame => usize::from(p.resurrections),
        };
        let max = match s.board_effect(*f, Side::Left) {
            Some(BoardEffect::Resurrect { max }) => usize::from(max),
            _ => return false,
        };
        p.unlocked(Side::Left) && !p.uses.battle_skill && held < max
    })
}

/// MC-6.5 (1)–(2): the defense is defeated; Resurrection may take its card.
pub(crate) fn defeat<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    col: Col,
    log: &mut L,
) -> Option<Pending> {
    if !s.p(seat).alive {
        return None;
    }
    let c = s.pm(seat).col_mut(col);
    let Defense::Live { card, .. } = c.defense else {
        return None;
    };
    let held = match card {
        DefCard::Number(x) => {
            c.fallen = Some(x);
            true
        }
        DefCard::Boss => true,
        DefCard::Revived => false,
    };
    c.defense = Defense::Defeated;
    c.ever_defeated = true;
    log.emit(|| Event::Defeated { seat, col });
    s.d.tasks.push(Task::AfterDefeat { seat, col });
    if held && s.d.battle.is_some() {
        if let Some(f) = resurrector(s) {
            if let Some(b) = s.d.battle.as_mut() {
                b.trigger = Some(Trigger::Resurrect { seat, col });
            }
            return Some(Pending::Resurrect { seat: f });
        }
    }
    None
}

/// MC-5.17 / MC-6.15: Hell's Resurrection Rite takes the defeated card face down.
pub(crate) fn resurrection<L: EventLog<Event>>(s: &mut State, f: Seat, use_it: bool, log: &mut L) {
    let trigger = s.d.battle.as_mut().and_then(|b| b.trigger.take());
    let Some(Trigger::Resurrect { seat, col }) = trigger else {
        return;
    };
    if !use_it {
        return;
    }
    let c = s.pm(seat).col_mut(col);
    let card = match c.fallen.take() {
        Some(x) => Some(x),
        None if c.attack.is_some_and(|a| a.kind == SlotKind::Boss) => {
            c.attack.take().map(|a| a.card)
        }
        None => None,
    };
    let Some(card) = card else {
        return;
    };
    let p = s.pm(f);
    p.resurrected.push(card);
    p.resurrections = p.resurrections.saturating_add(1);
    p.uses.battle_skill = true;
    p.count_board_use(Side::Left);
    log.emit(|| Event::Resurrected { seat: f, card });
}

/// MC-6.5 (3)–(5) for a side column; MC-6.7 for the middle.
pub(crate) fn after_defeat<L: EventLog<Event>>(s: &mut State, seat: Seat, col: Col, log: &mut L) {
    if !s.p(seat).alive {
        return;
    }
    let Some(side) = col.side() else {
        eliminate(s, seat, log);
        return;
    };
    let to_element = s.config().defeated_defense_card_becomes_element;
    let c = s.pm(seat).col_mut(col);
    let fallen = c.fallen.take();
    let boss = match c.attack {
        Some(a) if a.kind == SlotKind::Boss => {
            c.attack = None;
            Some(a.card)
        }
        _ => None,
    };
    // The stack turns into Elements in place; the fallen card goes under it.
    for m in c.mana.iter_mut() {
        m.element = true;
        m.face_down = false;
    }
    let mut discard_fallen = None;
    if let Some(f) = fallen {
        if to_element {
            c.mana.insert(
                0,
                Mana {
                    card: f,
                    element: true,
                    face_down: false,
                    spent: false,
                },
            );
        } else {
            discard_fallen = Some(f);
        }
    }
    for card in discard_fallen.into_iter().chain(boss) {
        draw::discard(s, seat, card, log);
        log.emit(|| Event::Destroyed { seat, card });
    }
    draw::grant_supply(s, seat, side, log);
    extra::survival_check(s, seat, log);
}

/// MC-6.7: the player is out; all its cards go to the discard piles.
pub(crate) fn eliminate<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let p = s.pm(seat);
    p.alive = false;
    p.supply = [Supply::Granted; 2];
    // Every card the player holds, in a fixed order (hand first); inline for any
    // sample-set position.
    let mut cards: Cards<64> = p.hand.drain(..).collect();
    p.known.clear();
    for c in &mut p.cols {
        cards.extend(c.attack.take().map(|a| a.card));
        if let Defense::Live {
            card: DefCard::Number(x),
            ..
        } = c.defense
        {
            cards.push(x);
        }
        if c.defense.is_live() {
            c.defense = Defense::Defeated;
        }
        cards.extend(c.mana.drain(..).map(|m| m.card));
        cards.extend(c.fallen.take());
    }
    cards.extend(p.extra.take().map(|e| e.card));
    cards.extend(p.one_turn.drain(..).map(|o| o.card));
    cards.extend(p.resurrected.drain(..));
    for c in cards {
        draw::discard(s, seat, c, log);
    }
    s.d.eliminated.push(seat);
    s.d.edit_set = s.d.edit_set.without(seat);
    if let Some(b) = s.d.battle.as_mut() {
        let current = b.attacker() == Some(seat);
        for a in b.attacks.iter_mut() {
            if current || a.target == seat {
                a.done = true;
            }
        }
        if b.flame.is_some_and(|(d, _)| d == seat) {
            b.flame = None;
        }
    }
    log.emit(|| Event::Eliminated { seat });
    // A window held by the eliminated player passes on.
    let holder = s.d.battle.as_ref().and_then(|b| b.window).map(|w| w.holder);
    if holder == Some(seat) {
        let next =
            s.d.battle
                .as_ref()
                .and_then(|b| {
                    let n = b.order.len();
                    let r = b.rank(seat);
                    (1..=n)
                        .map(|k| b.order[(r + k) % n])
                        .find(|x| s.p(*x).alive)
                })
                .unwrap_or(seat);
        if let Some(w) = s.d.battle.as_mut().and_then(|b| b.window.as_mut()) {
            w.holder = next;
            w.passes = 0;
        }
    }
    let alive: Seats = s.alive().collect();
    if alive.len() <= 1 {
        let outcome = match alive.first() {
            Some(w) => Outcome::Winners(fuda_core::SeatSet::only(*w)),
            None => Outcome::Draw,
        };
        let shown = outcome.clone();
        s.d.outcome = Some(outcome);
        log.emit(|| Event::GameOver { outcome: shown });
    }
}

/// MC-5.16: may the defender spring Dragon Trap after attack `i`?
pub(crate) fn trap_check(s: &mut State, i: u8) -> Option<Pending> {
    let b = s.d.battle.as_ref()?;
    let a = b.attacker()?;
    let att = *b.attacks.get(usize::from(i))?;
    let d = att.target;
    let eligible = s.p(a).alive
        && s.p(d).alive
        && att.damage > 0
        && s.board_effect(d, Side::Right) == Some(BoardEffect::ReflectHalf)
        && s.p(d).unlocked(Side::Right)
        && !s.p(d).uses.battle_skill
        && b.rank(d) < b.rank(a);
    if !eligible {
        return None;
    }
    if let Some(b) = s.d.battle.as_mut() {
        b.trigger = Some(Trigger::Trap { attack: i });
    }
    Some(Pending::DragonTrap { seat: d })
}

/// MC-5.16: use (roll 1–3: reflect half) or decline.
pub(crate) fn dragon_trap<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    use_it: bool,
    log: &mut L,
) -> Option<Pending> {
    let trigger = s.d.battle.as_mut().and_then(|b| b.trigger.take());
    let Some(Trigger::Trap { attack }) = trigger else {
        return None;
    };
    if !use_it {
        return None;
    }
    s.pm(seat).uses.battle_skill = true;
    s.pm(seat).count_board_use(Side::Right);
    let faces: SmallVec<[u8; 6]> = s
        .board_of(seat)
        .map(|b| b.right.chance.iter().copied().collect())
        .unwrap_or_default();
    if !skills::roll(s, seat, &faces, log) {
        return None;
    }
    let b = s.d.battle.as_ref()?;
    let a = b.attacker()?;
    let value = b.attacks.get(usize::from(attack))?.total() / 2;
    // MC-E12: half of 1 is 0; nothing comes back.
    if value == 0 || !s.p(a).alive {
        return None;
    }
    if let Some(b) = s.d.battle.as_mut() {
        b.trigger = Some(Trigger::TrapGuard { value });
    }
    Some(Pending::TrapGuard { seat: a })
}

/// MC-5.16: the reflected attack resolves at once against the attacker's chosen guard.
pub(crate) fn trap_guard<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    choice: GuardChoice,
    log: &mut L,
) {
    let trigger = s.d.battle.as_mut().and_then(|b| b.trigger.take());
    let Some(Trigger::TrapGuard { value }) = trigger else {
        return;
    };
    match battle::guard_of(s, seat, choice) {
        Some(Guard::Card(g)) => skills::destroy_card(s, seat, g, log),
        Some(Guard::Defense(c)) => {
            damage(s, seat, c, value, log);
        }
        None => {}
    }
}
