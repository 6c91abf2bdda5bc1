//! The rules of play, one file per part of the rulebook: setup, the turn, main-step
//! actions, battle actions, effects, the resolution loop, and which actions are legal.
//!
//! An action is applied in three stages: [`legal::check`] refuses it without touching
//! the state; [`perform`] carries out the decision; [`run`] then works through the
//! procedure steps ([`Task`]s) it set off — costs, targets, windows, defeats, refills,
//! the next turn — until some player must decide again or the game is over. A task that
//! asks a question stays on top of the stack until the answer pops it.

pub(crate) mod battle;
pub(crate) mod effects;
pub(crate) mod field;
pub(crate) mod legal;
pub(crate) mod main_step;
pub(crate) mod resolution;
pub(crate) mod setup;
pub(crate) mod turn;

use crate::action::{Action, Choice};
use crate::error::Error;
use crate::event::Event;
use crate::state::{opp, Loc, Pending, State, Step, Task};
use crate::zones::Place;
use fuda_core::{EventLog, Outcome, Seat, SeatSet};

/// Applies an action: check, perform, run. The state is untouched when an error is
/// returned.
pub(crate) fn apply<L: EventLog<Event>>(
    s: &mut State,
    a: &Action,
    log: &mut L,
) -> Result<(), Error> {
    legal::check(s, a)?;
    if s.g.rng.has_forced() {
        // Forced outcomes may not fit the draws this action meets: then it is refused and
        // the state restored.
        fuda_core::perform_with_forced(
            s,
            |s| &mut s.g.rng,
            log,
            |s, events| transition(s, a, events),
        )
        .map_err(Error::ForcedOutcome)?;
    } else {
        transition(s, a, log);
    }
    Ok(())
}

/// A checked action's whole transition: the decision, the procedure it sets off, and the
/// game-length bound (MS-D5).
fn transition<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) {
    perform(s, a, log);
    run(s, log);
    s.g.actions = s.g.actions.saturating_add(1);
    let bound = s.config().max_actions;
    if s.g.outcome.is_none() && bound.is_some_and(|m| s.g.actions >= m) {
        resolution::end_game(s, Outcome::Draw, log);
    }
}

/// Carries out a checked decision.
fn perform<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) {
    let seat = a.seat;
    match &a.choice {
        Choice::SetupBattlefield { card } => setup::place_battlefield(s, seat, *card, log),
        Choice::SetupBench { card, bench } => setup::place_bench(s, seat, *card, *bench, log),
        Choice::SetupCommit => setup::commit(s, seat, log),
        Choice::SoulCharge { card } => turn::soul_charge(s, *card, log),
        Choice::ReturnSoul => turn::return_soul(s, log),
        Choice::SkipSoulCharge => turn::enter_start_step(s),
        Choice::ResolveStart { source, effect } => {
            turn::resolve_start(s, *source, *effect, true, log)
        }
        Choice::DeclineStart { source, effect } => {
            turn::resolve_start(s, *source, *effect, false, log)
        }
        Choice::PlaceUnit {
            card,
            bench,
            face_up,
        } => main_step::place_unit(s, *card, *bench, *face_up, log),
        Choice::FlipUnit { bench } => main_step::flip_unit(s, *bench, log),
        Choice::PlaceTrap { card, bench } => main_step::place_trap(s, *card, *bench, log),
        Choice::UseTrump { card } => main_step::use_trump(s, *card, log),
        Choice::PlaceTerrain { card, loc } => main_step::place_terrain(s, *card, *loc, log),
        Choice::UseTerrain { loc } => {
            respond_in_window(s, seat);
            main_step::use_terrain(s, seat, *loc, log);
        }
        Choice::ActivateTrap { bench } => {
            respond_in_window(s, seat);
            main_step::activate_trap(s, seat, *bench, log);
        }
        Choice::Attack => battle::attack(s, log),
        Choice::UseSpecial { index } => battle::use_move(s, *index, false, log),
        Choice::UseSuperSpecial { index } => battle::use_move(s, *index, true, log),
        Choice::Swap { bench } => battle::swap(s, *bench, log),
        Choice::EndTurn => turn::end_turn(s, log),
        Choice::Pass => {
            if let Some(Task::Window {
                window,
                ask,
                passes,
            }) = s.g.tasks.pop()
            {
                log.emit(|| Event::Passed { seat });
                s.g.tasks.push(Task::Window {
                    window,
                    ask: opp(ask),
                    passes: passes.saturating_add(1),
                });
            }
        }
        Choice::Refill { bench } => {
            if let Some(Task::Refills { first }) = s.g.tasks.pop() {
                s.g.tasks.push(Task::Refills { first });
                let flipped = resolution::refill_from(s, seat, *bench, log);
                if let Some(card) = field::player(s, seat).bf().map(|o| o.card) {
                    if flipped {
                        log.emit(|| Event::TurnedFaceUp {
                            seat,
                            loc: Loc::Battlefield,
                            card,
                        });
                        field::queue(s, crate::state::WindowKind::UnitTurnedFaceUp, seat);
                        effects::on_face_up(s, card);
                    }
                }
            }
        }
        Choice::RefillFromHand { card } => {
            if let Some(Task::Refills { first }) = s.g.tasks.pop() {
                s.g.tasks.push(Task::Refills { first });
                if field::take_from_hand(s, seat, *card, field::Seen::Public) {
                    let turn = s.g.turn;
                    field::player_mut(s, seat).field[0].occupant =
                        Some(crate::state::FieldCard::new(*card, true, turn));
                    log.emit(|| Event::Refilled {
                        seat,
                        card: *card,
                        from: None,
                    });
                    field::queue(s, crate::state::WindowKind::UnitTurnedFaceUp, seat);
                    effects::on_face_up(s, *card);
                }
            }
        }
        Choice::NextDefeat { loc } => {
            if let Some(Task::Defeats { next, controller }) = s.g.tasks.pop() {
                resolution::defeat(s, (next, loc.slot()), log);
                s.g.tasks.push(Task::Defeats {
                    next: opp(next),
                    controller,
                });
            }
        }
        Choice::DiscardForCost { card } => {
            if let Some(Task::AskDiscardCost { frame, remaining }) = s.g.tasks.pop() {
                effects::discard_from_hand(s, seat, *card, log);
                if remaining > 1 {
                    s.g.tasks.push(Task::AskDiscardCost {
                        frame,
                        remaining: remaining - 1,
                    });
                }
            }
        }
        Choice::DiscardFromHand { card } => {
            if let Some(Task::AskHandDiscard {
                seat: owner,
                remaining,
            }) = s.g.tasks.pop()
            {
                effects::discard_from_hand(s, owner, *card, log);
                if remaining > 1 {
                    s.g.tasks.push(Task::AskHandDiscard {
                        seat: owner,
                        remaining: remaining - 1,
                    });
                }
            }
        }
        Choice::Target { side, loc } => match s.g.tasks.pop() {
            Some(Task::AskTarget { frame, slot }) => {
                if let Some(o) = field::occupant(s, (*side, loc.slot())) {
                    let card = o.card;
                    effects::set_target(s, frame, slot, card);
                }
            }
            Some(Task::AskForceSwap {
                frame, side: sw, ..
            }) => {
                let controller = effects::frame(s, frame).map_or(seat, |f| f.controller);
                if let Loc::Bench(b) = loc {
                    let is_unit = field::occupant(s, (sw, loc.slot()))
                        .is_some_and(|o| s.rules().is(o.card, crate::cards::CardType::Unit));
                    if is_unit {
                        s.g.tasks.push(Task::Settle { controller });
                        battle::swap_units(s, sw, *b, log);
                    }
                }
            }
            Some(other) => s.g.tasks.push(other),
            None => {}
        },
        Choice::Accept | Choice::Decline => {
            let accept = a.choice == Choice::Accept;
            match s.g.tasks.pop() {
                Some(Task::AskMay { frame, instr }) => {
                    if accept {
                        s.g.tasks.push(Task::Exec { frame, instr });
                    } else if let Some(card) = effects::frame(s, frame).map(|f| f.source) {
                        log.emit(|| Event::Declined { seat, card });
                    }
                }
                Some(Task::AskOptional { frame }) => {
                    if accept {
                        effects::push_exec_root(s, frame);
                    } else if let Some(card) = effects::frame(s, frame).map(|f| f.source) {
                        log.emit(|| Event::Declined { seat, card });
                    }
                }
                Some(other) => s.g.tasks.push(other),
                None => {}
            }
        }
    }
}

/// A response in an open window (MS-5.16): the window continues after it resolves, with
/// priority to the other player.
fn respond_in_window(s: &mut State, seat: Seat) {
    if let Some(&Task::Window { window, .. }) = s.g.tasks.last() {
        if matches!(s.g.pending, Pending::Respond { .. }) {
            s.g.tasks.pop();
            s.g.tasks.push(Task::Window {
                window,
                ask: opp(seat),
                passes: 0,
            });
        }
    }
}

/// The decision of the current step when no procedure is running.
fn base_pending(s: &mut State) -> Pending {
    let seat = s.g.active;
    match s.g.step {
        Step::Setup => Pending::Placement {
            waiting: [Seat(0), Seat(1)]
                .into_iter()
                .filter(|&p| {
                    !field::player(s, p)
                        .setup
                        .as_ref()
                        .is_some_and(|d| d.committed)
                })
                .collect::<SeatSet>(),
        },
        Step::SoulCharge => Pending::SoulCharge { seat },
        Step::StartEffects if !s.g.start_pending.is_empty() => Pending::StartEffects { seat },
        Step::StartEffects | Step::TurnStart | Step::Main => {
            s.g.step = Step::Main;
            Pending::Main { seat }
        }
        Step::Battle | Step::End => {
            s.g.step = Step::End;
            Pending::EndTurn { seat }
        }
        Step::Over => Pending::GameOver,
    }
}

/// The most procedure steps one action may set off before the engine gives up; a
/// safety valve against a card set whose effects would loop (never reached by the rules
/// themselves, whose every step uses something up).
const MAX_STEPS: usize = 100_000;

/// Works through the procedure stack until a decision is needed or the game is over.
pub(crate) fn run<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    for _ in 0..MAX_STEPS {
        if s.g.outcome.is_some() {
            s.g.tasks.clear();
            s.g.pending = Pending::GameOver;
            return;
        }
        let Some(task) = s.g.tasks.pop() else {
            s.g.pending = base_pending(s);
            return;
        };
        let decision = step(s, task, log);
        if let Some(p) = decision {
            s.g.pending = p;
            return;
        }
    }
    resolution::end_game(s, Outcome::Draw, log);
}

/// Runs one task.
fn step<L: EventLog<Event>>(s: &mut State, task: Task, log: &mut L) -> Option<Pending> {
    match task {
        Task::BeginTurn => turn::begin_turn(s, log),
        Task::TurnDraw => turn::turn_draw(s, log),
        Task::Refresh => turn::refresh(s, log),
        Task::StartEffects => turn::start_effects(s),
        Task::EnterEnd => s.g.step = Step::End,
        Task::Settle { controller } => resolution::settle(s, controller),
        Task::Defeats { next, controller } => return resolution::defeats(s, next, controller, log),
        Task::Checkpoint => resolution::checkpoint(s, log),
        Task::Refills { first } => return resolution::refills(s, first),
        Task::OpenWindows => resolution::open_windows(s),
        Task::Window {
            window,
            ask,
            passes,
        } => return resolution::window(s, window, ask, passes),
        Task::Exec { frame, instr } => return effects::exec(s, frame, instr, log),
        Task::AskTarget { frame, slot } => {
            let fr = effects::frame(s, frame)?.clone();
            let sel = effects::slot_selector(s, frame, slot)?;
            if !effects::has_choice_option(s, fr.controller, sel) {
                if let Some(t) =
                    s.g.frames
                        .get_mut(usize::from(frame))
                        .and_then(|f| f.targets.get_mut(usize::from(slot)))
                {
                    *t = crate::state::Target::Nothing;
                }
                return None;
            }
            s.g.tasks.push(task);
            return Some(Pending::ChooseTarget {
                seat: fr.controller,
                selector: sel,
                source: fr.source,
            });
        }
        Task::AskAllTargets { frame } => {
            if let Some(slot) = effects::next_target_slot(s, frame) {
                s.g.tasks.push(task);
                s.g.tasks.push(Task::AskTarget { frame, slot });
            }
        }
        Task::AskMay { frame, .. } | Task::AskOptional { frame } => {
            let fr = effects::frame(s, frame)?;
            let (seat, source) = (fr.controller, fr.source);
            s.g.tasks.push(task);
            return Some(Pending::May { seat, source });
        }
        Task::PayCost { frame, index } => effects::pay_cost(s, frame, index, log),
        Task::AskDiscardCost { frame, remaining } => {
            let seat = effects::frame(s, frame)?.controller;
            if remaining == 0 || field::player(s, seat).hand().is_empty() {
                return None;
            }
            s.g.tasks.push(task);
            return Some(Pending::PayDiscard { seat, remaining });
        }
        Task::AskHandDiscard { seat, remaining } => {
            if remaining == 0 || field::player(s, seat).hand().is_empty() {
                return None;
            }
            s.g.tasks.push(task);
            return Some(Pending::DiscardFromHand { seat, remaining });
        }
        Task::AskForceSwap { side, chooser, .. } => {
            if field::bench_units(s, side).is_empty() || field::player(s, side).bf().is_none() {
                return None;
            }
            s.g.tasks.push(task);
            return Some(Pending::ForceSwap {
                seat: chooser,
                side,
            });
        }
        Task::Declared { frame } => {
            let fr = effects::frame(s, frame)?;
            let (kind, controller) = (fr.kind, fr.controller);
            if let Some(w) = effects::declared_kind(kind) {
                field::queue(s, w, controller);
                resolution::settle_declaration(s, controller);
            }
        }
        Task::Resolve { frame } => {
            if effects::still_resolves(s, frame) {
                effects::push_exec_root(s, frame);
            }
        }
        Task::FinishCard { frame } => {
            if let Some(fr) = effects::frame(s, frame).cloned() {
                if let Some(i) = s.g.in_use.iter().position(|&c| c == fr.source) {
                    s.g.in_use.remove(i);
                    let owner = s.owner(fr.source);
                    field::player_mut(s, owner)
                        .zones
                        .push(Place::Discard, fr.source);
                }
                if s.g.trump.is_some_and(|t| t.card == fr.source) {
                    s.g.trump = None;
                }
            }
            s.g.frames.pop();
        }
        Task::PopFrame => {
            s.g.frames.pop();
        }
        Task::AttackDamage => battle::attack_damage(s, log),
        Task::StartAbility { source, index } => effects::start_ability(s, source, index, log),
    }
    None
}
