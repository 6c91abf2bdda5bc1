//! The steps of a turn (§4): turn start and deck-out (MJ-4.0), untap & retreat (MJ-4.1),
//! draw (MJ-4.2), the ura majin (MJ-4.3), counting MP (MJ-4.4), the ends of steps 5 and 6,
//! advance and retreat (MJ-4.7) and the end of the turn (MJ-4.8).

use crate::cards::{CardId, CardType};
use crate::config::TurnCountBasis;
use crate::event::Event;
use crate::rules::{effects, end};
use crate::state::{other, Majin, MajinId, Pending, State, Step, Task, Zone, MAX_MAJINS};
use crate::zones::Place;
use fuda_core::{EventLog, Seat, SmallVec};

/// MJ-3.9 / MJ-A7: whether the active player is on their first turn.
pub(crate) fn is_first_turn(s: &State) -> bool {
    match s.config().turn_count_basis {
        TurnCountBasis::PerPlayer => s.player(s.active).turns_taken <= 1,
        TurnCountBasis::Global => s.turn <= 1,
    }
}

/// MJ-4.3: whether a hand card may become an ura majin (`ura_any_card`, MJ-A8).
pub(crate) fn may_be_ura(s: &State, card: CardId) -> bool {
    s.config().ura_any_card || s.rules().card_type(card) == Some(CardType::Soul)
}

/// Removes a (checked) card from a hand, keeping the order of the others.
pub(crate) fn take_from_hand(s: &mut State, seat: Seat, card: CardId) {
    if let Some(i) = s.hand(seat).iter().position(|&c| c == card) {
        s.zones.remove(seat, Place::Hand, i);
    }
}

/// Puts a (checked) hand card on top of its owner's graveyard, keeping the order of the
/// other hand cards.
pub(crate) fn discard_from_hand(s: &mut State, seat: Seat, card: CardId) {
    if let Some(i) = s.hand(seat).iter().position(|&c| c == card) {
        s.zones.move_to(seat, Place::Hand, i, Place::Graveyard);
    }
}

/// Moves a majin to a zone, keeping its tapped state (MJ-A22).
pub(crate) fn move_majin<L: EventLog<Event>>(s: &mut State, majin: MajinId, to: Zone, log: &mut L) {
    if let Some(m) = s.majin_mut(majin) {
        m.zone = to;
        log.emit(|| Event::Moved { majin, to });
    }
}

/// A new majin with the next unused id, in `seat`'s prepare zone.
pub(crate) fn new_majin(s: &mut State, seat: Seat, card: CardId, face_down: bool) -> MajinId {
    let id = MajinId(s.next_majin);
    s.next_majin = s.next_majin.saturating_add(1);
    // Ids only grow, so adding it last keeps the player's majins in id order.
    s.majins.push(
        seat,
        Majin {
            id,
            zone: Zone::Prepare,
            tapped: false,
            face_down,
            cards: [card].into_iter().collect(),
            turn_mod: 0,
            battle_mod: 0,
        },
    );
    id
}

/// MJ-4.0 to MJ-4.3: the start of the active player's turn, up to the ura-majin decision.
pub(crate) fn begin_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    s.turn = s.turn.saturating_add(1);
    let p = s.player_mut(seat);
    p.turns_taken = p.turns_taken.saturating_add(1);
    s.step = Step::Start;
    s.mp_pool = 0;
    s.mp_spent = 0;
    let turn = s.turn;
    log.emit(|| Event::TurnStarted { seat, turn });
    // MJ-4.0 / MJ-7.2: an empty MB at the start of one's own turn loses.
    if s.majin_box(seat).is_empty() {
        log.emit(|| Event::DeckedOut { seat });
        end::lose(s, seat, log);
        return None;
    }
    if !is_first_turn(s) {
        untap_and_retreat(s, seat, log);
    }
    effects::draw(s, seat, 1, log);
    // MJ-4.3: skipped when no hand card may be placed, even on the first turn.
    if !s.hand(seat).iter().any(|&c| may_be_ura(s, c)) {
        log.emit(|| Event::UraMajinSkipped { seat });
        s.tasks.push(Task::CountMp);
        return None;
    }
    Some(Pending::UraMajin { seat })
}

/// MJ-4.1: (a) untap every tapped majin of A, (b) then retreat every 1-card battle-zone
/// majin of A (MJ-A13, MJ-A22).
fn untap_and_retreat<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    // Ids of one player's majins: inline up to MAX_MAJINS, like the majins themselves.
    let mut untapped: SmallVec<[MajinId; MAX_MAJINS]> = SmallVec::new();
    for m in s.majins.of_mut(seat) {
        if m.tapped {
            m.tapped = false;
            untapped.push(m.id);
        }
    }
    if !untapped.is_empty() {
        log.emit(|| Event::Untapped {
            seat,
            majins: untapped.into_vec(),
        });
    }
    retreat_lone_majins(s, seat, log);
}

/// MJ-4.1 (b) / MJ-4.7 (b): 1-card majins in the battle zone retreat.
fn retreat_lone_majins<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let lone: SmallVec<[MajinId; MAX_MAJINS]> = s
        .majins(seat)
        .iter()
        .filter(|m| m.zone == Zone::Battle && m.cards.len() == 1)
        .map(|m| m.id)
        .collect();
    for id in lone {
        move_majin(s, id, Zone::Prepare, log);
    }
}

/// A2: the card becomes a new face-down, untapped majin in the prepare zone.
pub(crate) fn place_ura_majin<L: EventLog<Event>>(s: &mut State, card: CardId, log: &mut L) {
    let seat = s.active;
    take_from_hand(s, seat, card);
    let majin = new_majin(s, seat, card, true);
    log.emit(|| Event::UraMajinPlaced {
        seat,
        majin,
        card: Some(card),
    });
    s.tasks.push(Task::CountMp);
}

/// A3: step 3 is skipped.
pub(crate) fn skip_ura_majin<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.active;
    log.emit(|| Event::UraMajinSkipped { seat });
    s.tasks.push(Task::CountMp);
}

/// MJ-4.4: MP = majins on both fields; then step 5.
pub(crate) fn count_mp<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    let mp = s.count_majins();
    s.mp_pool = mp;
    s.mp_spent = 0;
    s.step = Step::Main;
    log.emit(|| Event::MpCounted { seat, mp });
    Some(Pending::Main { seat })
}

/// A6: step 5 ends; unspent MP is lost.
pub(crate) fn end_main<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.active;
    log.emit(|| Event::MainEnded { seat });
    s.step = Step::Attack;
    s.tasks.push(Task::AttackStep);
}

/// A8: step 6 ends.
pub(crate) fn end_attacks<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let seat = s.active;
    log.emit(|| Event::AttacksEnded { seat });
    s.tasks.push(Task::Advance);
}

/// The majins of A that may advance in step 7: prepare zone, at least 2 cards (MJ-A22).
pub(crate) fn advance_candidates(s: &State) -> impl Iterator<Item = MajinId> + '_ {
    s.majins(s.active)
        .iter()
        .filter(|m| m.zone == Zone::Prepare && m.cards.len() >= 2)
        .map(|m| m.id)
}

/// MJ-4.7 (a): every eligible majin advances (or, with `advance_optional`, A chooses).
pub(crate) fn advance<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    s.step = Step::Move;
    let eligible: SmallVec<[MajinId; MAX_MAJINS]> = advance_candidates(s).collect();
    if s.config().advance_optional && !eligible.is_empty() {
        return Some(Pending::Advance { seat: s.active });
    }
    for id in eligible {
        move_majin(s, id, Zone::Battle, log);
    }
    s.tasks.push(Task::EndTurn);
    None
}

/// A14: one chosen majin advances; the decision is asked again for the rest.
pub(crate) fn advance_one<L: EventLog<Event>>(s: &mut State, majin: MajinId, log: &mut L) {
    move_majin(s, majin, Zone::Battle, log);
    s.tasks.push(Task::Advance);
}

/// MJ-4.7 (b) and MJ-4.8: lone battle-zone majins retreat, "until end of turn" effects
/// expire, and the next turn starts (or the game is drawn at `max_turns`).
pub(crate) fn end_turn<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    retreat_lone_majins(s, seat, log);
    for m in s.majins.all_mut() {
        m.turn_mod = 0;
        m.battle_mod = 0;
    }
    log.emit(|| Event::TurnEnded { seat });
    if s.config().max_turns.is_some_and(|n| s.turn >= n) {
        end::draw_game(s, log);
        return None;
    }
    s.active = other(seat);
    s.tasks.push(Task::BeginTurn);
    None
}
