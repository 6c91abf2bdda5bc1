//! The rules of play, one file per part of the rulebook: setup, draws, mana, Extra
//! conditions, the edit turn, skills, the battle turn, attack resolution and defeat,
//! cleanup, and which actions are legal.
//!
//! An action is applied in three stages: [`legal::check`] refuses it without touching the
//! state; [`perform`] carries out the decision; [`run`] then works through the procedure
//! steps ([`Task`]s) it set off until some player must decide again or the game is over.

pub(crate) mod battle;
pub(crate) mod cleanup;
pub(crate) mod draw;
pub(crate) mod edit;
pub(crate) mod extra;
pub(crate) mod legal;
pub(crate) mod mana;
pub(crate) mod resolve;
pub(crate) mod setup;
pub(crate) mod skills;

use crate::action::{Action, Choice};
use crate::error::Error;
use crate::event::Event;
use crate::state::{Pending, Phase, State, Task, Withheld};
use fuda_core::{EventLog, SmallVec};

/// The events of one edit action, collected before they are withheld: a few, held inline
/// so the fast path allocates nothing.
struct OwnEvents(SmallVec<[Event; 4]>);

impl EventLog<Event> for OwnEvents {
    fn emit(&mut self, make: impl FnOnce() -> Event) {
        self.0.push(make());
    }
}

/// Applies an action: check, perform, run. The state is untouched when an error is returned.
pub(crate) fn apply<L: EventLog<Event>>(
    s: &mut State,
    a: &Action,
    log: &mut L,
) -> Result<(), Error> {
    legal::check(s, a)?;
    if s.d.rng.has_forced() {
        // A forced random outcome that does not fit its draw refuses the action.
        return fuda_core::perform_with_forced(
            s,
            |s| &mut s.d.rng,
            log,
            |s, events| transition(s, a, events),
        )
        .map_err(Error::ForcedOutcome);
    }
    transition(s, a, log);
    Ok(())
}

/// Performs a checked action and runs the procedure it sets off.
fn transition<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) {
    // MC-4.6: during a simultaneous edit turn everything but エンド stays with its player
    // until the edit set is empty. The events are kept in the state (on every path, so the
    // fast path and the logged path reach the same state) to be disclosed then.
    let hidden = s.d.phase == Phase::Edit && s.d.frozen.is_some() && a.choice != Choice::DeclareEnd;
    let next = if hidden {
        // An edit action sets off a few events (inline: no allocation on the fast path).
        let mut own = OwnEvents(SmallVec::new());
        let next = perform(s, a, &mut own);
        let seat = a.seat;
        for event in own.0 {
            log.emit(|| Event::Hidden {
                seat,
                event: Box::new(event.clone()),
            });
            s.d.withheld.push(Withheld::Hidden { seat, event });
        }
        next
    } else {
        perform(s, a, log)
    };
    if let Some(p) = next {
        s.d.pending = p;
        return;
    }
    run(s, log);
}

/// Carries out a checked decision. Returns the next decision when it follows directly,
/// `None` when the procedure stack must run.
fn perform<L: EventLog<Event>>(s: &mut State, a: &Action, log: &mut L) -> Option<Pending> {
    let seat = a.seat;
    match &a.choice {
        Choice::ChooseBoard { board } => setup::choose_board(s, seat, *board, log),
        Choice::PickEquipment { card } => setup::pick(s, seat, *card, log),
        Choice::PlaceInitialDefense { card } => edit::place_initial_defense(s, seat, *card, log),
        Choice::PlaceMana {
            card,
            col,
            face_down,
        } => edit::place_mana(s, seat, *card, *col, *face_down, log),
        Choice::PlaceNumber { card, col, row } => {
            edit::place_number(s, seat, *card, *col, *row, log)
        }
        Choice::SummonExtra {
            card,
            face_down,
            by,
        } => edit::summon_extra(s, seat, *card, *face_down, *by, log),
        Choice::SummonToughness {
            card,
            col,
            pay,
            face_down,
        } => edit::summon_toughness(s, seat, *card, *col, *pay, *face_down, log),
        Choice::SummonBossOneTurn { pay, face_down } => {
            edit::summon_boss_one_turn(s, seat, *pay, *face_down, log)
        }
        Choice::SummonBossPermanent { col } => edit::summon_boss_permanent(s, seat, *col, log),
        Choice::UseBoardSkill { side, target } => {
            skills::use_board_skill(s, seat, *side, *target, log);
            after_skill(s)
        }
        Choice::UseSkill { .. } => {
            skills::use_skill(s, seat, &a.choice, log);
            after_skill(s)
        }
        Choice::PlayBattleCard { card, target } => {
            skills::play_battle_card(s, seat, *card, *target, log);
            after_skill(s)
        }
        Choice::DeclareEnd => edit::declare_end(s, seat, log),
        Choice::Pass => battle::pass(s),
        Choice::DeclareAttack { unit, target } => {
            battle::declare_attack(s, seat, *unit, *target, log)
        }
        Choice::ExtraHeal { col } => battle::extra_heal(s, seat, *col, log),
        Choice::EndDeclaration => None,
        Choice::FlameOfWrath { use_it } => battle::flame(s, seat, *use_it, log),
        Choice::FlameTarget { unit } => battle::flame_target(s, seat, *unit, log),
        Choice::AssignGuard { attack, guard } => {
            battle::assign_guard(s, seat, *attack, *guard, log)
        }
        Choice::Resurrection { use_it } => {
            resolve::resurrection(s, seat, *use_it, log);
            None
        }
        Choice::DragonTrap { use_it } => resolve::dragon_trap(s, seat, *use_it, log),
        Choice::TrapGuard { guard } => {
            resolve::trap_guard(s, seat, *guard, log);
            None
        }
    }
}

/// After a skill or battle card: stay in the edit turn, or continue the open window.
fn after_skill(s: &mut State) -> Option<Pending> {
    match s.d.phase {
        Phase::Battle => battle::window_continue(s),
        _ => Some(Pending::Edit),
    }
}

/// Works through the procedure stack until a decision is needed or the game is over.
pub(crate) fn run<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    // Every task either asks for a decision, pushes a bounded number of later tasks or
    // ends the round; the bound only guards against a corrupted stack.
    for _ in 0..100_000 {
        if s.d.outcome.is_some() {
            s.d.tasks.clear();
            s.d.phase = Phase::Over;
            s.d.pending = Pending::GameOver;
            s.d.edit_set = fuda_core::SeatSet::EMPTY;
            return;
        }
        let Some(task) = s.d.tasks.pop() else {
            // A hand-made state with no steps left resumes with a new round.
            s.d.tasks.push(Task::BeginRound);
            continue;
        };
        let decision = match task {
            Task::FinishSetup => setup::finish_setup(s, log),
            Task::BeginRound => edit::begin_round(s, log),
            Task::SequentialNext => edit::sequential_next(s, log),
            Task::BeginBattle => battle::begin_battle(s, log),
            Task::BeginStep => battle::begin_step(s),
            Task::Window { kind } => battle::open_window(s, kind),
            Task::Declare => battle::ask_declaration(s),
            Task::Guards => battle::next_guard_decision(s),
            Task::Resolve => resolve::resolve_next(s, log),
            Task::EndStep => battle::end_step(s),
            Task::Defeated { seat, col } => resolve::defeat(s, seat, col, log),
            Task::AfterDefeat { seat, col } => {
                resolve::after_defeat(s, seat, col, log);
                None
            }
            Task::TrapCheck { attack } => resolve::trap_check(s, attack),
            Task::Cleanup => cleanup::cleanup(s, log),
        };
        if let Some(p) = decision {
            s.d.pending = p;
            return;
        }
    }
    s.d.pending = Pending::GameOver;
    s.d.outcome = Some(fuda_core::Outcome::Draw);
}
