//! The rules of play, one file per part of the rulebook: setup, drawing, the turn,
//! battles, BERSERK! battles, the end of the game, and which actions are legal.
//!
//! An action is applied in three stages: [`legal::check`] refuses it without touching the
//! state; [`perform`] carries out the decision; [`run`] then works through the procedure
//! steps ([`Task`]s) the decision set off — draws, refills, berserk battles, the end of the
//! turn — until some player must decide again or the game is over.

pub(crate) mod battle;
pub(crate) mod berserk;
pub(crate) mod draw;
pub(crate) mod end;
pub(crate) mod legal;
pub(crate) mod setup;
pub(crate) mod turn;

use crate::action::{Action, Choice};
use crate::error::Error;
use crate::event::Event;
use crate::state::{Pending, State, Task};
use fuda_core::EventLog;

/// Applies an action: check, perform, run. The state is untouched when an error is returned.
/// With forced outcomes queued, a forced outcome that does not fit the draw it meets refuses
/// the action ([`Error::ForcedOutcome`]); the fast path pays nothing for it.
pub(crate) fn apply<L: EventLog<Event>>(
    s: &mut State,
    a: &Action,
    log: &mut L,
) -> Result<(), Error> {
    legal::check(s, a)?;
    if s.rng.has_forced() {
        fuda_core::perform_with_forced(s, |s| &mut s.rng, log, |s, events| transition(s, a, events))
            .map_err(Error::ForcedOutcome)
    } else {
        transition(s, a, log);
        Ok(())
    }
}

/// Performs a checked action and runs the procedure it sets off.
fn transition<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) {
    match perform(s, a, log) {
        Some(next) => s.pending = next,
        None => run(s, log),
    }
}

/// Carries out a checked decision. Returns the next decision when it follows directly,
/// `None` when the procedure stack must run.
fn perform<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) -> Option<Pending> {
    let seat = a.seat;
    match &a.choice {
        Choice::Redraw => turn::redraw(s, log),
        Choice::DrawForTurn => {
            s.tasks.push(Task::TurnDraw);
            None
        }
        Choice::Attack {
            creature,
            target,
            rabies,
        } => battle::attack(s, *creature, *target, *rabies, log),
        Choice::Discard { card } => turn::discard(s, *card, log),
        Choice::NextTarget { target, rabies } => battle::start_battle(s, *target, *rabies, log),
        Choice::Defend {
            creature,
            invoke_venom,
        } => battle::defend(s, *creature, *invoke_venom, log),
        Choice::StealCreatureCard { card } => battle::steal(s, seat, Some(*card), log),
        Choice::StealRandom => battle::steal_random(s, seat, log),
        Choice::DeclineSteal => battle::steal(s, seat, None, log),
        Choice::DiscardExcess { card } => turn::discard_excess(s, seat, *card, log),
        Choice::BerserkReveal { creature } => berserk::commit(s, seat, *creature, log),
    }
}

/// Works through the procedure stack until a decision is needed or the game is over.
pub(crate) fn run<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    loop {
        if s.outcome.is_some() {
            s.tasks.clear();
            s.pending = Pending::GameOver;
            return;
        }
        let Some(task) = s.tasks.pop() else {
            // Unreachable in play: every turn ends in `NextTurn`, which asks for a decision.
            // A hand-made state with no steps left resumes at the active player's turn.
            s.pending = Pending::TurnStart { seat: s.active };
            return;
        };
        let decision = match task {
            Task::BeginTurn => Some(turn::begin_turn(s, log)),
            Task::TurnDraw => draw::turn_draw(s, log),
            Task::Refill { seat } => {
                draw::refill(s, seat, log);
                None
            }
            Task::Berserk { card } => berserk::start(s, card, log),
            Task::BerserkCommitNext => berserk::next_commit(s, log),
            Task::ChainContinue => battle::chain_continue(s),
            Task::EndAttack => turn::end_attack(s, log),
            Task::Adjust { index } => turn::adjust(s, index),
            Task::NextTurn => turn::next_turn(s, log),
        };
        if let Some(p) = decision {
            s.pending = p;
            return;
        }
    }
}
