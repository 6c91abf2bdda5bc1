//! The rules of play, one file per part of the rulebook: setup, the turn's steps, playing
//! cards in step 5, effects, attacks and battles, the end of the game, and which actions
//! are legal.
//!
//! An action is applied in three stages: [`legal::check`] refuses it without touching the
//! state; [`perform`] carries out the decision; [`run`] then works through the procedure
//! steps ([`Task`]s) the decision set off — effects, battles, the end of the turn, the next
//! turn — until some player must decide again or the game is over.

pub(crate) mod combat;
pub(crate) mod effects;
pub(crate) mod end;
pub(crate) mod legal;
pub(crate) mod play;
pub(crate) mod setup;
pub(crate) mod turn;

use crate::action::{Action, Choice};
use crate::error::Error;
use crate::event::Event;
use crate::state::{Pending, State, Task};
use fuda_core::{perform_with_forced, EventLog};

/// Applies an action: check, perform, run. The state is untouched when an error is returned.
///
/// When forced random outcomes are queued (a built position), the transition runs through
/// [`perform_with_forced`], so an outcome that does not fit its draw refuses the action
/// and restores the state; the usual path pays nothing for this.
pub(crate) fn apply<L: EventLog<Event>>(
    s: &mut State,
    a: &Action,
    log: &mut L,
) -> Result<(), Error> {
    legal::check(s, a)?;
    if s.rng.has_forced() {
        return perform_with_forced(
            s,
            |s| &mut s.rng,
            log,
            |s, events| {
                perform(s, a, events);
                run(s, events);
            },
        )
        .map_err(|misfit| Error::ForcedOutcome { misfit });
    }
    perform(s, a, log);
    run(s, log);
    Ok(())
}

/// Carries out a checked decision, pushing the procedure steps that follow it.
fn perform<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) {
    let seat = a.seat;
    match a.choice {
        Choice::ChooseTurnOrder { go_first } => setup::choose_turn_order(s, seat, go_first, log),
        Choice::PlaceUraMajin { card } => turn::place_ura_majin(s, card, log),
        Choice::SkipUraMajin => turn::skip_ura_majin(s, log),
        Choice::PlaySoul { card, place } => play::play_soul(s, card, place, log),
        Choice::PlaySpell { card } => play::play_spell(s, card, log),
        Choice::EndMain => turn::end_main(s, log),
        Choice::DeclareAttack { majin } => combat::declare_attack(s, majin, log),
        Choice::EndAttacks => turn::end_attacks(s, log),
        Choice::ChooseTarget { majin } => effects::choose_target(s, majin, log),
        Choice::AnswerMay { yes } => effects::answer_may(s, yes, log),
        Choice::Block { majin } => combat::block(s, Some(majin), log),
        Choice::NoBlock => combat::block(s, None, log),
        Choice::UseCombat { card } => combat::use_combat(s, seat, card, log),
        Choice::PassPriority => combat::pass_priority(s, seat, log),
        Choice::AdvanceMajin { majin } => turn::advance_one(s, majin, log),
        Choice::StopAdvancing => s.tasks.push(Task::EndTurn),
        Choice::UzumajinBonus { take_two } => combat::bonus(s, take_two, log),
    }
}

/// Works through the procedure stack until a decision is needed or the game is over.
pub(crate) fn run<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    loop {
        if s.outcome.is_some() {
            s.tasks.clear();
            s.attack = None;
            s.pending = Pending::GameOver;
            return;
        }
        let Some(task) = s.tasks.pop() else {
            // Unreachable in play: every turn ends by starting the next. A hand-made state
            // with no steps left starts the active player's turn.
            s.tasks.push(Task::BeginTurn);
            continue;
        };
        let decision = match task {
            Task::BeginTurn => turn::begin_turn(s, log),
            Task::CountMp => turn::count_mp(s, log),
            Task::Main => Some(Pending::Main { seat: s.active }),
            Task::Effect { card, pc, this } => effects::resolve(s, card, pc, this, log),
            Task::AttackStep => combat::attack_step(s, log),
            Task::BlockStep => combat::block_step(s, log),
            Task::Window => combat::window(s, log),
            Task::ResolveAttack => combat::resolve_attack(s, log),
            Task::EndAttack => combat::end_attack(s),
            Task::Advance => turn::advance(s, log),
            Task::EndTurn => turn::end_turn(s, log),
        };
        if let Some(p) = decision {
            if s.outcome.is_none() {
                s.pending = p;
                return;
            }
        }
    }
}
