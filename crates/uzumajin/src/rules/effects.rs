//! Effects (MJ-12.2, MJ-12.3): the primitives the engine interprets, target candidates,
//! `May` prompts, and the shared procedures they use — drawing, destroying cards of a
//! majin (MJ-6.8) and dealing damage (MJ-6.9).

use crate::cards::{CardId, Duration, Effect, Op, Target, ZoneFilter};
use crate::config::EmptyMbDamage;
use crate::event::Event;
use crate::rules::{end, turn};
use crate::state::{other, Majin, MajinId, Pending, State, Task, Zone, MAJIN_CARDS};
use crate::zones::Place;
use fuda_core::{EventLog, Seat, SmallVec};

/// The battling majins from `seat`'s side: (own, opposing), each only while it exists.
pub(crate) fn battlers(s: &State, seat: Seat) -> (Option<MajinId>, Option<MajinId>) {
    let Some(a) = s.attack else {
        return (None, None);
    };
    let exists = |m: Option<MajinId>| m.filter(|id| s.majin(*id).is_some());
    let (attacker, blocker) = (exists(Some(a.attacker)), exists(a.blocker));
    if seat == s.active {
        (attacker, blocker)
    } else {
        (blocker, attacker)
    }
}

fn zone_ok(filter: ZoneFilter, zone: Zone) -> bool {
    match filter {
        ZoneFilter::Any => true,
        ZoneFilter::Battle => zone == Zone::Battle,
        ZoneFilter::Prepare => zone == Zone::Prepare,
    }
}

/// The majins the controller may choose for a chosen target (`OwnMajin` / `OppMajin`), in
/// id order (none for other targets). `Retreat` needs a battle-zone majin. An iterator, so
/// asking whether any exists or listing them allocates nothing.
pub(crate) fn candidates<'a>(
    s: &'a State,
    seat: Seat,
    effect: &Effect,
) -> impl Iterator<Item = MajinId> + 'a {
    let (majins, filter): (&[Majin], ZoneFilter) = match effect.target() {
        Some(Target::OwnMajin(z)) => (s.majins(seat), z),
        Some(Target::OppMajin(z)) => (s.majins(other(seat)), z),
        _ => (&[], ZoneFilter::Any),
    };
    let battle_only = matches!(effect, Effect::Retreat { .. });
    majins
        .iter()
        .filter(move |m| zone_ok(filter, m.zone) && (!battle_only || m.zone == Zone::Battle))
        .map(|m| m.id)
}

/// The target of a primitive whose target is not chosen: `None` = the primitive needs a
/// choice; `Some(None)` = no target is needed or none exists; `Some(Some(m))` = `m`.
fn fixed_target(
    s: &State,
    seat: Seat,
    effect: &Effect,
    this: Option<MajinId>,
) -> Option<Option<MajinId>> {
    match effect.target() {
        None => Some(None),
        Some(Target::This) => Some(this.filter(|id| s.majin(*id).is_some())),
        Some(Target::OwnBattler) => Some(battlers(s, seat).0),
        Some(Target::OppBattler) => Some(battlers(s, seat).1),
        Some(Target::OwnMajin(_) | Target::OppMajin(_)) => None,
    }
}

/// Whether a primitive can do anything now (MJ-12.3: with no legal candidate it does
/// nothing, and a `May` around it is skipped without a prompt).
fn can_act(s: &State, seat: Seat, effect: &Effect, this: Option<MajinId>) -> bool {
    match fixed_target(s, seat, effect, this) {
        None => candidates(s, seat, effect).next().is_some(),
        Some(None) => effect.target().is_none(),
        Some(Some(_)) => true,
    }
}

/// Whether the `May` at step `pc` of `card`'s effect is asked: some primitive of its body
/// could act now (MJ-12.3; otherwise it is skipped without a prompt).
pub(crate) fn can_act_op(
    s: &State,
    card: CardId,
    pc: usize,
    seat: Seat,
    this: Option<MajinId>,
) -> bool {
    let program = s.rules().program(card);
    let Some(Op::May { len }) = program.get(pc) else {
        return false;
    };
    let body = program
        .get(pc + 1..pc + 1 + usize::from(*len))
        .unwrap_or(&[]);
    body.iter().any(|o| match o {
        Op::Do(e) => can_act(s, seat, e, this),
        Op::May { .. } => false,
    })
}

/// Resolves `card`'s effect from step `pc`, stopping for a target or a `May` answer.
pub(crate) fn resolve<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    pc: u8,
    this: Option<MajinId>,
    log: &mut L,
) -> Option<Pending> {
    let rules = s.rules.0.clone();
    let program = rules.program(card);
    let seat = rules.owner(card);
    let mut pc = usize::from(pc);
    while let Some(op) = program.get(pc) {
        if s.outcome.is_some() {
            return None;
        }
        match op {
            Op::May { len } => {
                if can_act_op(s, card, pc, seat, this) {
                    return Some(Pending::May {
                        seat,
                        card,
                        pc: pc as u8,
                        this,
                    });
                }
                pc += 1 + usize::from(*len);
            }
            Op::Do(effect) => {
                match fixed_target(s, seat, effect, this) {
                    None => {
                        if candidates(s, seat, effect).next().is_some() {
                            return Some(Pending::Target {
                                seat,
                                card,
                                pc: pc as u8,
                                this,
                            });
                        }
                    }
                    Some(target) => {
                        if target.is_some() || effect.target().is_none() {
                            perform(s, seat, effect, target, log);
                        }
                    }
                }
                pc += 1;
            }
        }
    }
    None
}

/// A9: the chosen target; the primitive resolves and the effect continues.
pub(crate) fn choose_target<L: EventLog<Event>>(s: &mut State, majin: MajinId, log: &mut L) {
    let Pending::Target {
        seat,
        card,
        pc,
        this,
    } = s.pending
    else {
        return;
    };
    log.emit(|| Event::TargetChosen { seat, majin });
    let rules = s.rules.0.clone();
    if let Some(Op::Do(effect)) = rules.program(card).get(usize::from(pc)) {
        perform(s, seat, effect, Some(majin), log);
    }
    s.tasks.push(Task::Effect {
        card,
        pc: pc.saturating_add(1),
        this,
    });
}

/// A9: the answer to a `May`; "no" skips its body.
pub(crate) fn answer_may<L: EventLog<Event>>(s: &mut State, yes: bool, log: &mut L) {
    let Pending::May {
        seat,
        card,
        pc,
        this,
    } = s.pending
    else {
        return;
    };
    log.emit(|| Event::MayAnswered { seat, yes });
    let len = match s.rules().program(card).get(usize::from(pc)) {
        Some(Op::May { len }) => *len,
        _ => 0,
    };
    let next = if yes {
        pc.saturating_add(1)
    } else {
        pc.saturating_add(1).saturating_add(len)
    };
    s.tasks.push(Task::Effect {
        card,
        pc: next,
        this,
    });
}

/// One primitive, with its target (MJ-12.2).
fn perform<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    effect: &Effect,
    target: Option<MajinId>,
    log: &mut L,
) {
    match (effect, target) {
        (
            Effect::Power {
                amount, duration, ..
            },
            Some(majin),
        ) => {
            if let Some(m) = s.majin_mut(majin) {
                let slot = match duration {
                    Duration::Turn => &mut m.turn_mod,
                    Duration::Battle => &mut m.battle_mod,
                };
                *slot = slot.saturating_add(i16::from(*amount));
                let (amount, duration) = (*amount, *duration);
                log.emit(|| Event::PowerChanged {
                    majin,
                    amount,
                    duration,
                });
            }
        }
        (Effect::Destroy { count, .. }, Some(majin)) => destroy(s, majin, *count, log),
        (Effect::Tap { .. }, Some(majin)) => {
            if let Some(m) = s.majin_mut(majin) {
                m.tapped = true;
                log.emit(|| Event::Tapped { majin });
            }
        }
        (Effect::Retreat { .. }, Some(majin))
            if s.majin(majin).is_some_and(|(_, m)| m.zone == Zone::Battle) =>
        {
            turn::move_majin(s, majin, Zone::Prepare, log);
        }
        (Effect::Draw { count }, _) => draw(s, seat, *count, log),
        (Effect::Damage { count }, _) => deal_damage(s, other(seat), *count, log),
        (Effect::DiscardRandom { count }, _) => {
            let victim = other(seat);
            for _ in 0..*count {
                let len = s.hand(victim).len();
                if len == 0 {
                    break;
                }
                // R3: one position uniformly at a time.
                let i = s.rng.below(len);
                let at = i.min(len - 1);
                let Some(card) = s.zones.move_to(victim, Place::Hand, at, Place::Graveyard) else {
                    break;
                };
                log.emit(|| Event::DiscardedAtRandom { seat: victim, card });
            }
        }
        (Effect::Peek { .. }, Some(majin)) => {
            let Some((owner, m)) = s.majin(majin) else {
                return;
            };
            let card = m.face_down_card();
            if let Some(c) = card {
                let peeked = &mut s.player_mut(seat).peeked;
                if owner != seat && !peeked.contains(&c) {
                    peeked.push(c);
                    peeked.sort_unstable();
                }
            }
            log.emit(|| Event::Peeked { seat, majin, card });
        }
        _ => {}
    }
}

/// `seat` draws up to `n` cards; an empty MB simply stops the draw (MJ-7.2).
pub(crate) fn draw<L: EventLog<Event>>(s: &mut State, seat: Seat, n: u8, log: &mut L) {
    for _ in 0..n {
        match s.zones.draw_into(seat, Place::Hand) {
            Some(card) => {
                log.emit(|| Event::Drew {
                    seat,
                    card: Some(card),
                });
            }
            None => {
                log.emit(|| Event::DrawFailed { seat });
                break;
            }
        }
    }
}

/// MJ-6.8 / `Destroy`: the top min(n, cards) cards go face-up to the owner's graveyard
/// (a face-down card is revealed, MJ-A15); an empty majin ceases to exist.
pub(crate) fn destroy<L: EventLog<Event>>(s: &mut State, majin: MajinId, n: u8, log: &mut L) {
    let Some((owner, m)) = s.majin(majin) else {
        return;
    };
    let len = m.cards.len();
    let k = usize::from(n).min(len);
    if k == 0 {
        return;
    }
    // At most the majin's cards: inline for every majin that is (MAJIN_CARDS).
    let mut cards: SmallVec<[CardId; MAJIN_CARDS]> = SmallVec::new();
    let mut gone = false;
    if let Some(m) = s.majin_mut(majin) {
        for _ in 0..k {
            cards.extend(m.cards.pop());
        }
        if m.cards.is_empty() {
            m.face_down = false;
            gone = true;
        }
    }
    for &card in &cards {
        s.zones.push(owner, Place::Graveyard, card);
    }
    if gone {
        s.majins.remove(majin);
    }
    // A revealed card is no longer a remembered face-down card.
    for p in &mut s.players {
        p.peeked.retain(|c| !cards.contains(c));
    }
    log.emit(|| Event::Destroyed {
        majin,
        cards: cards.into_vec(),
        gone,
    });
}

/// MJ-6.9: deal `n` damage to `victim`, one MB card at a time, face-down.
pub(crate) fn deal_damage<L: EventLog<Event>>(s: &mut State, victim: Seat, n: u8, log: &mut L) {
    let can_look = s.config().damage_zone_owner_can_look;
    let limit = usize::from(s.config().damage_to_lose);
    for i in 0..n {
        let Some(card) = s.zones.draw_into(victim, Place::Damage) else {
            match s.config().empty_mb_damage {
                EmptyMbDamage::Ignore => {
                    log.emit(|| Event::DamageIgnored {
                        seat: victim,
                        amount: n - i,
                    });
                }
                EmptyMbDamage::LoseImmediately => end::lose(s, victim, log),
            }
            return;
        };
        let total = s.damage_zone(victim).len();
        log.emit(|| Event::Damaged {
            seat: victim,
            card: can_look.then_some(card),
            total: u8::try_from(total).unwrap_or(u8::MAX),
        });
        if total >= limit {
            end::lose(s, victim, log);
            return;
        }
    }
}
