//! The turn (MS-4): draw, refresh and soul charge, start-of-turn effects, the end of the
//! turn and the turn cap.

use crate::cards::CardId;
use crate::event::Event;
use crate::rules::effects;
use crate::rules::field::{self, player, player_mut, queue, Seen};
use crate::rules::resolution;
use crate::state::{opp, FrameKind, State, Step, Task, WindowKind};
use crate::zones::Place;
use fuda_core::{EventLog, Outcome};

/// MS-4.6 → MS-4.1: the next turn begins (or the game ends at `max_turns`, MS-7.7).
pub(crate) fn begin_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    s.g.turn = s.g.turn.saturating_add(1);
    if s.config().max_turns.is_some_and(|m| s.g.turn >= m) {
        resolution::end_game(s, Outcome::Draw, log);
        return;
    }
    let seat = s.g.active;
    let turn = s.g.turn;
    s.g.rolls.clear();
    s.g.step = Step::TurnStart;
    log.emit(|| Event::TurnStarted { seat, turn });
    // The draw comes first (「まずは山札から1枚カードを引いて」); the `TurnStarted`
    // window opens with step 3 (`enter_start_step`).
    s.g.tasks.push(Task::TurnDraw);
}

/// MS-4.2 → MS-4.3: the soul-charge choice is made; the `TurnStarted` response window
/// opens (the rulebook's 「自分のターン開始時」 timing), then the start-of-turn effects
/// are fixed.
pub(crate) fn enter_start_step(s: &mut State) {
    let seat = s.g.active;
    s.g.step = Step::StartEffects;
    s.g.tasks.push(Task::StartEffects);
    queue(s, WindowKind::TurnStarted, seat);
    resolution::settle(s, seat);
}

/// MS-4.1: draw 1, except in the first player's first turn.
pub(crate) fn turn_draw<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.g.active;
    let skip = s.g.turn == 1 && s.config().first_player_skips_first_draw;
    s.g.tasks.push(Task::Refresh);
    if !skip {
        field::draw(s, seat, 1, log);
        resolution::settle(s, seat);
    }
}

/// MS-4.2(a): the active player's sideways soul-charge cards and terrains turn upright.
pub(crate) fn refresh<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.g.active;
    let p = player_mut(s, seat);
    p.zones.untap_souls();
    for slot in &mut p.field {
        if let Some(t) = slot.terrain.as_mut() {
            t.tapped = false;
        }
    }
    p.charged = 0;
    log.emit(|| Event::Refreshed { seat });
    s.g.step = Step::SoulCharge;
}

/// MS-5.2 `Charge`.
pub(crate) fn soul_charge<L: EventLog<Event>>(s: &mut State, card: CardId, log: &mut L) {
    let seat = s.g.active;
    if field::move_from_hand(s, seat, card, Seen::Hidden, Some(Place::Soul)) {
        let p = player_mut(s, seat);
        p.charged = p.charged.saturating_add(1);
        log.emit(|| Event::SoulCharged {
            seat,
            card: Some(card),
        });
    }
    let more = player(s, seat).charged < s.config().soul_charge_per_turn
        && !player(s, seat).hand().is_empty();
    if !more {
        enter_start_step(s);
    }
}

/// MS-5.2 `ReturnAll`.
pub(crate) fn return_soul<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.g.active;
    let count = player_mut(s, seat).zones.return_souls();
    log.emit(|| Event::SoulReturned { seat, count });
    enter_start_step(s);
}

/// MS-4.3: the start-of-turn effects are fixed now.
pub(crate) fn start_effects(s: &mut State) {
    let seat = s.g.active;
    s.g.start_pending = effects::start_sources(s, seat);
    s.g.step = if s.g.start_pending.is_empty() {
        Step::Main
    } else {
        Step::StartEffects
    };
}

/// MS-5.3 `ResolveStart` / `DeclineStart`.
pub(crate) fn resolve_start<L: EventLog<Event>>(
    s: &mut State,
    source: CardId,
    index: u8,
    resolve: bool,
    log: &mut L,
) {
    let seat = s.g.active;
    s.g.start_pending.retain(|x| *x != (source, index));
    if s.g.start_pending.is_empty() {
        s.g.step = Step::Main;
    }
    if !resolve {
        log.emit(|| Event::Declined { seat, card: source });
        return;
    }
    if !effects::start_source_valid(s, seat, source) {
        return;
    }
    let is_terrain = s.rules().is(source, crate::cards::CardType::Terrain);
    if is_terrain {
        if let Some(f) = effects::push_frame(s, seat, source, 0, FrameKind::Terrain) {
            log.emit(|| Event::AbilityResolved { seat, card: source });
            s.g.tasks.push(Task::PopFrame);
            effects::push_exec_root(s, f);
        }
    } else {
        // Declining is its own action, so the ability resolves without a second question.
        if let Some(f) =
            effects::push_frame(s, seat, source, usize::from(index), FrameKind::Ability)
        {
            log.emit(|| Event::AbilityResolved { seat, card: source });
            s.g.tasks.push(Task::PopFrame);
            effects::push_exec_root(s, f);
        }
    }
}

/// MS-4.6: the end of the turn.
pub(crate) fn end_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.g.active;
    log.emit(|| Event::TurnEnded { seat });
    s.g.temp_mods.clear();
    s.g.start_pending.clear();
    s.g.active = opp(seat);
    s.g.step = Step::TurnStart;
    s.g.tasks.push(Task::BeginTurn);
}
