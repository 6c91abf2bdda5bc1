//! The resolution loop (MS-4.8): defeats one unit at a time with their soul draws
//! (MS-6.4, MS-6.8), loss flags and the checkpoint (MS-7), refills (MS-6.7) and response
//! windows (MS-5.16).

use crate::cards::{CardDef, CardId, CardType, Stat, TapTiming, TerrainUse, TrapTrigger, Trigger};
use crate::config::{BothLoseTiebreak, DefeatOrder};
use crate::event::{Event, LossReason};
use crate::rules::field::{self, face_up_unit, player, player_mut, queue, Pos};
use crate::state::{
    opp, FieldCard, Pending, State, Step, Task, WindowEvent, WindowKind, FIELD_SLOTS, FLAG_NO_UNIT,
};
use fuda_core::{EventLog, Outcome, Seat, SeatSet, SmallVec};

/// MS-4.8: queue the loop after an instruction of `controller`. A loop that runs inside
/// the items 1–4 of an enclosing one (the OnFaceUp ability of a refilled unit) leaves the
/// response windows to the enclosing loop's item 5, so they open only once every refill
/// and every ability resolving inside the loop is finished (MS-6.7).
pub(crate) fn settle(s: &mut State, controller: Seat) {
    // The enclosing loop, if any, is one whose windows are still to open in the current
    // window scope (above the innermost open window).
    let enclosing =
        s.g.tasks
            .iter()
            .rev()
            .take_while(|t| !matches!(t, Task::Window { .. }))
            .any(|t| *t == Task::OpenWindows);
    if !enclosing {
        s.g.tasks.push(Task::OpenWindows);
    }
    push_loop(s, controller);
}

/// The loop after a declaration (an attack, a trump, a move, a terrain use): its window
/// opens before the declaration resolves, even inside an enclosing loop.
pub(crate) fn settle_declaration(s: &mut State, controller: Seat) {
    s.g.tasks.push(Task::OpenWindows);
    push_loop(s, controller);
}

fn push_loop(s: &mut State, controller: Seat) {
    s.g.tasks.push(Task::Refills { first: controller });
    s.g.tasks.push(Task::Checkpoint);
    s.g.tasks.push(Task::Defeats {
        next: opp(controller),
        controller,
    });
}

/// Units of `seat` waiting to be defeated (HP ≤ 0 on the field, MS-6.3).
pub(crate) fn waiting(s: &State, seat: Seat) -> field::Slots {
    // Without an effect or an until-end-of-turn change that lowers a max HP, HP left is
    // at least printed max HP minus damage: units with less damage than that never wait.
    let lowered = s.rules().max_hp_drops
        || s.g
            .temp_mods
            .iter()
            .any(|m| m.stat == Stat::MaxHp && m.delta < 0);
    if !lowered {
        let rules = s.rules();
        let lethal = |o: &FieldCard| {
            let max_hp = rules.printed_max_hp(o.card);
            max_hp > 0 && o.damage >= max_hp
        };
        let any = player(s, seat)
            .field
            .iter()
            .any(|slot| slot.occupant.as_ref().is_some_and(lethal));
        if !any {
            return field::Slots::new();
        }
    }
    field::units_hp_left(s, seat)
        .iter()
        .enumerate()
        .filter(|(_, hp)| hp.is_some_and(|hp| hp <= 0))
        .map(|(k, _)| k)
        .collect()
}

/// MS-6.4: one defeat — discard (all cards of a stack), then the soul draw.
pub(crate) fn defeat<L: EventLog<Event>>(s: &mut State, p: Pos, log: &mut L) {
    let Some(o) = field::take_occupant(s, p) else {
        return;
    };
    let soul = match s.rules().def(o.card) {
        Some(CardDef::Unit { soul, .. }) => *soul,
        _ => 0,
    };
    let card = o.card;
    crate::rules::effects::to_discard(s, p.0, o.cards());
    log.emit(|| Event::Defeated { seat: p.0, card });
    queue(s, WindowKind::UnitDefeated, p.0);
    field::draw(s, p.0, usize::from(soul), log);
}

/// MS-6.8: the next defeat of the alternation, or a `NextDefeat` decision.
pub(crate) fn defeats<L: EventLog<Event>>(
    s: &mut State,
    next: Seat,
    controller: Seat,
    log: &mut L,
) -> Option<Pending> {
    if s.config().simultaneous_defeat_order == DefeatOrder::Batch {
        let order = [opp(controller), controller];
        // Inline: at most every location of both fields.
        let mut removed: SmallVec<[(Seat, CardId); 2 * FIELD_SLOTS]> = SmallVec::new();
        for seat in order {
            for k in waiting(s, seat) {
                if let Some(o) = field::take_occupant(s, (seat, k)) {
                    let card = o.card;
                    crate::rules::effects::to_discard(s, seat, o.cards());
                    log.emit(|| Event::Defeated { seat, card });
                    queue(s, WindowKind::UnitDefeated, seat);
                    removed.push((seat, card));
                }
            }
        }
        for (seat, card) in removed {
            let soul = match s.rules().def(card) {
                Some(CardDef::Unit { soul, .. }) => *soul,
                _ => 0,
            };
            field::draw(s, seat, usize::from(soul), log);
        }
        return None;
    }
    let mine = waiting(s, next);
    if mine.is_empty() {
        if !waiting(s, opp(next)).is_empty() {
            s.g.tasks.push(Task::Defeats {
                next: opp(next),
                controller,
            });
        }
        return None;
    }
    if mine.len() == 1 {
        defeat(s, (next, mine[0]), log);
        s.g.tasks.push(Task::Defeats {
            next: opp(next),
            controller,
        });
        return None;
    }
    s.g.tasks.push(Task::Defeats { next, controller });
    Some(Pending::NextDefeat { seat: next })
}

/// Whether a player could refill an empty battlefield (MS-6.7, MS-A14).
pub(crate) fn can_refill(s: &State, seat: Seat) -> bool {
    !field::bench_units(s, seat).is_empty()
        || (s.config().refill_from_hand
            && player(s, seat)
                .hand()
                .iter()
                .any(|&c| s.rules().is(c, CardType::Unit)))
}

/// MS-4.8 items 2–3: flag players without a battlefield unit, then end the game if any
/// player is flagged.
pub(crate) fn checkpoint<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    for seat in [Seat(0), Seat(1)] {
        if player(s, seat).bf().is_none() && !can_refill(s, seat) {
            field::flag(s, seat, FLAG_NO_UNIT, LossReason::NoBattlefieldUnit, log);
        }
    }
    decide(s, log);
}

/// MS-7.4 to MS-7.6: the game ends if any player is flagged.
pub(crate) fn decide<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let flagged: SeatSet = [Seat(0), Seat(1)]
        .into_iter()
        .filter(|&p| player(s, p).flags != 0)
        .collect();
    if flagged.is_empty() {
        return;
    }
    let outcome = if flagged.len() == 1 {
        match flagged.first() {
            Some(loser) => Outcome::Winners(SeatSet::only(opp(loser))),
            None => Outcome::Draw,
        }
    } else {
        // MS-7.6: both lose; the smaller discard pile wins.
        match s.config().both_lose_tiebreak {
            BothLoseTiebreak::Draw => Outcome::Draw,
            BothLoseTiebreak::FewerDiscardWins => {
                let d0 = player(s, Seat(0)).discard().len();
                let d1 = player(s, Seat(1)).discard().len();
                match d0.cmp(&d1) {
                    std::cmp::Ordering::Less => Outcome::Winners(SeatSet::only(Seat(0))),
                    std::cmp::Ordering::Greater => Outcome::Winners(SeatSet::only(Seat(1))),
                    std::cmp::Ordering::Equal => Outcome::Draw,
                }
            }
        }
    };
    end_game(s, outcome, log);
}

/// Ends the game.
pub(crate) fn end_game<L: EventLog<Event>>(s: &mut State, outcome: Outcome, log: &mut L) {
    s.g.tasks.clear();
    s.g.frames.clear();
    s.g.queued.clear();
    s.g.attack = None;
    s.g.step = Step::Over;
    s.g.pending = Pending::GameOver;
    let o = outcome.clone();
    log.emit(|| Event::GameOver { outcome: o });
    s.g.outcome = Some(outcome);
}

/// MS-6.7: ask the next player with an empty battlefield to refill it, `first` first.
pub(crate) fn refills(s: &mut State, first: Seat) -> Option<Pending> {
    for seat in [first, opp(first)] {
        if player(s, seat).bf().is_none() && can_refill(s, seat) {
            s.g.tasks.push(Task::Refills { first });
            return Some(Pending::Refill { seat });
        }
    }
    None
}

/// Moves a unit into the empty battlefield face-up (refill, MS-5.17). Returns whether it
/// turned face-up.
pub(crate) fn refill_from<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    bench: u8,
    log: &mut L,
) -> bool {
    let k = usize::from(bench) + 1;
    let Some(mut o) = player_mut(s, seat)
        .field
        .get_mut(k)
        .and_then(|x| x.occupant.take())
    else {
        return false;
    };
    let flipped = !o.face_up;
    o.face_up = true;
    let card = o.card;
    player_mut(s, seat).field[0].occupant = Some(o);
    log.emit(|| Event::Refilled {
        seat,
        card,
        from: Some(bench),
    });
    flipped
}

/// MS-4.8 item 5: open the windows of the queued events, in order; event-triggered unit
/// abilities of the active player, then the other's, resolve before each window.
pub(crate) fn open_windows(s: &mut State) {
    let queued = std::mem::take(&mut s.g.queued);
    let active = s.g.active;
    for &w in queued.iter().rev() {
        s.g.tasks.push(Task::Window {
            window: w,
            ask: opp(active),
            passes: 0,
        });
        if !s.rules().event_abilities {
            continue;
        }
        for seat in [opp(active), active] {
            // Inline for the usual few; a card set with many event abilities spills.
            let mut triggers: SmallVec<[(CardId, u8); 2 * FIELD_SLOTS]> = SmallVec::new();
            for k in 0..player(s, seat).field.len() {
                let Some(o) = face_up_unit(s, (seat, k)) else {
                    continue;
                };
                if let Some(CardDef::Unit { abilities, .. }) = s.rules().def(o.card) {
                    for (i, a) in abilities.iter().enumerate() {
                        if let Trigger::Event(pattern) = a.trigger {
                            if w.matches(pattern, seat) {
                                triggers.push((o.card, i as u8));
                            }
                        }
                    }
                }
            }
            for (source, index) in triggers.into_iter().rev() {
                s.g.tasks.push(Task::StartAbility { source, index });
            }
        }
    }
}

/// MS-5.16 eligibility, from public information only (MS-A42): a face-down bench card,
/// or an upright `AnyTurn` terrain with a face-up unit on it.
pub(crate) fn eligible(s: &State, seat: Seat) -> bool {
    let rules = s.rules();
    player(s, seat).field.iter().enumerate().any(|(k, slot)| {
        (k > 0 && slot.occupant.as_ref().is_some_and(|o| !o.face_up))
            || slot.terrain.is_some_and(|t| {
                !t.tapped
                    && face_up_unit(s, (seat, k)).is_some()
                    && matches!(
                        rules.def(t.card),
                        Some(CardDef::Terrain {
                            use_: TerrainUse::TapToUse {
                                timing: TapTiming::AnyTurn(_)
                            },
                            ..
                        })
                    )
            })
    })
}

/// Whether the face-down trap in bench slot `k` of `seat` may be activated now: in the
/// window `window` (or in the main step when `None`).
// Inlined: every response window asks it of each bench slot, most of them empty.
#[inline(always)]
pub(crate) fn trap_usable(s: &State, seat: Seat, k: usize, window: Option<WindowEvent>) -> bool {
    let Some(o) = field::occupant(s, (seat, k)) else {
        return false;
    };
    if o.face_up || k == 0 {
        return false;
    }
    if !s.config().trap_usable_turn_set && o.placed_turn >= s.g.turn {
        return false;
    }
    match s.rules().def(o.card) {
        Some(CardDef::Trap { trigger, .. }) => match (trigger, window) {
            (TrapTrigger::Event(p), Some(w)) => w.matches(*p, seat),
            (TrapTrigger::Event(_), None) => false,
            (TrapTrigger::State(c), _) => field::condition(s, *c, seat, None),
        },
        _ => false,
    }
}

/// Whether the terrain in slot `k` of `seat` may be used now: `OwnTurn` terrains in the
/// owner's main step (`window` = `None`), `AnyTurn` ones in a matching window.
// Inlined: every response window asks it of each slot, most of them without a terrain.
#[inline(always)]
pub(crate) fn terrain_usable(s: &State, seat: Seat, k: usize, window: Option<WindowEvent>) -> bool {
    let Some(t) = player(s, seat).field.get(k).and_then(|x| x.terrain) else {
        return false;
    };
    if t.tapped || face_up_unit(s, (seat, k)).is_none() {
        return false;
    }
    match (s.rules().def(t.card), window) {
        (
            Some(CardDef::Terrain {
                use_:
                    TerrainUse::TapToUse {
                        timing: TapTiming::OwnTurn,
                    },
                ..
            }),
            None,
        ) => true,
        (
            Some(CardDef::Terrain {
                use_:
                    TerrainUse::TapToUse {
                        timing: TapTiming::AnyTurn(p),
                    },
                ..
            }),
            Some(w),
        ) => w.matches(*p, seat),
        _ => false,
    }
}

/// MS-5.16: the window's next question, or `None` once it has closed.
pub(crate) fn window(s: &mut State, window: WindowEvent, ask: Seat, passes: u8) -> Option<Pending> {
    let (mut ask, mut passes) = (ask, passes);
    while passes < 2 {
        if eligible(s, ask) {
            s.g.tasks.push(Task::Window {
                window,
                ask,
                passes,
            });
            return Some(Pending::Respond { seat: ask, window });
        }
        passes += 1;
        ask = opp(ask);
    }
    None
}
