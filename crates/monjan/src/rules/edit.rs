//! The edit turn (MC-4.2, MC-4.3, MC-4.6) and its placements and summons (MC-5.3–5.9,
//! MC-5.11).

use crate::action::{Col, Pay, Row, SummonBy};
use crate::cards::{BossAssaKind, CardDef, CardId};
use crate::config::EditTurnMode;
use crate::event::{DeckKind, Event};
use crate::rules::{draw, extra, mana};
use crate::state::{
    DefCard, Defense, FieldExtra, Frozen, Mana, OneTurn, Pending, Phase, Seats, SlotCard, SlotKind,
    State, Task, TurnUse, Withheld, MAX_LIFE, ONE_TURN_COST, PERMANENT_COST,
};
use crate::view::{piles_view, player_view};
use fuda_core::{EventLog, Seat, SeatSet};

/// MC-4.6 (3): the views of the other players and of the shared piles, frozen now.
pub(crate) fn freeze(s: &mut State) {
    let players = s.d.players.iter().map(|p| player_view(p, false)).collect();
    let spare = std::mem::take(&mut s.d.spare);
    s.d.frozen = Some(Frozen::new(spare, players, piles_view(s)));
}

/// The edit set has emptied: the frozen views are gone, their room kept for the next set.
pub(crate) fn thaw(s: &mut State) -> bool {
    match s.d.frozen.take() {
        Some(f) => {
            s.d.spare = f.into_spare();
            true
        }
        None => false,
    }
}

/// MC-4.1, MC-4.2 (1)–(2), MC-4.3: a new round starts with its edit turn.
pub(crate) fn begin_round<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    s.d.round = s.d.round.saturating_add(1);
    s.d.phase = Phase::Edit;
    s.d.battle = None;
    let round = s.d.round;
    for p in s.d.players.iter_mut().filter(|p| p.alive) {
        p.uses = TurnUse::default();
    }
    log.emit(|| Event::RoundStarted { round });
    if s.config().edit_turn_mode == EditTurnMode::Sequential && round >= 2 {
        let order: Seats =
            s.d.last_order
                .iter()
                .copied()
                .filter(|x| s.p(*x).alive)
                .collect();
        s.d.seq_order = order;
        s.d.seq_index = 0;
        s.d.tasks.push(Task::SequentialNext);
        return None;
    }
    let alive: Seats = s.alive().collect();
    if round > 1 || s.config().first_turn_draw {
        for &seat in &alive {
            draw::opening_draw(s, seat, log);
        }
    }
    s.d.edit_set = alive.into_iter().collect();
    freeze(s);
    Some(Pending::Edit)
}

/// MC-4.3: the next player of a sequential edit turn draws and edits alone.
pub(crate) fn sequential_next<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    while let Some(&seat) = s.d.seq_order.get(usize::from(s.d.seq_index)) {
        if s.p(seat).alive {
            draw::opening_draw(s, seat, log);
            s.d.edit_set = SeatSet::only(seat);
            return Some(Pending::Edit);
        }
        s.d.seq_index = s.d.seq_index.saturating_add(1);
    }
    s.d.tasks.push(Task::BeginBattle);
    None
}

/// MC-5.11: エンド.
pub(crate) fn declare_end<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    log: &mut L,
) -> Option<Pending> {
    s.pm(seat).uses.ended = true;
    s.d.edit_set = s.d.edit_set.without(seat);
    log.emit(|| Event::EndDeclared { seat });
    if !s.d.edit_set.is_empty() {
        return Some(Pending::Edit);
    }
    if thaw(s) {
        // MC-4.6 (6): what each player did is now delivered to the others, in order.
        for w in std::mem::take(&mut s.d.withheld) {
            if let Withheld::Hidden { seat, event } = w {
                log.emit(|| Event::Disclosed {
                    seat,
                    event: Box::new(event),
                });
            }
        }
        s.d.tasks.push(Task::BeginBattle);
    } else {
        s.d.seq_index = s.d.seq_index.saturating_add(1);
        s.d.tasks.push(Task::SequentialNext);
    }
    None
}

fn acted<L: EventLog<Event>>(
    log: &mut L,
    seat: Seat,
    choice: &'static str,
    card: Option<CardId>,
    col: Option<Col>,
    secret: bool,
) {
    log.emit(|| Event::Acted {
        seat,
        choice: choice.into(),
        card,
        col,
        secret,
    });
}

/// MC-5.3: the round-1 middle defense.
pub(crate) fn place_initial_defense<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) -> Option<Pending> {
    let life = s.rules().value(card).clamp(1, MAX_LIFE);
    let counts = s.config().initial_defense_counts_as_placement;
    let p = s.pm(seat);
    p.remove_from_hand(card);
    p.col_mut(Col::M).defense = Defense::Live {
        card: DefCard::Number(card),
        printed: life,
        life,
    };
    if counts {
        p.uses.number_defense = true;
    }
    acted(
        log,
        seat,
        "place_initial_defense",
        Some(card),
        Some(Col::M),
        false,
    );
    Some(Pending::Edit)
}

/// MC-5.4: a Monjan card onto a mana stack; then the Extra survival check.
pub(crate) fn place_mana<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    col: Col,
    face_down: bool,
    log: &mut L,
) -> Option<Pending> {
    let p = s.pm(seat);
    p.remove_from_hand(card);
    p.col_mut(col).mana.push(Mana {
        card,
        element: false,
        face_down,
        spent: false,
    });
    p.uses.mana = true;
    p.uses.placements = p.uses.placements.saturating_add(1);
    acted(log, seat, "place_mana", Some(card), Some(col), face_down);
    extra::survival_check(s, seat, log);
    Some(Pending::Edit)
}

/// MC-5.5: a number card into an empty slot.
pub(crate) fn place_number<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    col: Col,
    row: Row,
    log: &mut L,
) -> Option<Pending> {
    let life = s.rules().value(card).clamp(1, MAX_LIFE);
    let p = s.pm(seat);
    p.remove_from_hand(card);
    match row {
        Row::Attack => {
            p.col_mut(col).attack = Some(SlotCard {
                card,
                kind: SlotKind::Number,
                face_down: false,
            });
            p.uses.number_attack = true;
        }
        Row::Defense => {
            p.col_mut(col).defense = Defense::Live {
                card: DefCard::Number(card),
                printed: life,
                life,
            };
            p.uses.number_defense = true;
        }
    }
    p.uses.placements = p.uses.placements.saturating_add(1);
    acted(log, seat, "place_number", Some(card), Some(col), false);
    Some(Pending::Edit)
}

/// MC-5.6: an Extra from hand (no mana).
pub(crate) fn summon_extra<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    face_down: bool,
    by: Option<SummonBy>,
    log: &mut L,
) -> Option<Pending> {
    let matched = extra::tied_cards(s, seat, card, by);
    let p = s.pm(seat);
    p.remove_from_hand(card);
    p.extra = Some(FieldExtra {
        card,
        face_down,
        matched,
        by,
    });
    p.uses.extra = true;
    p.uses.placements = p.uses.placements.saturating_add(1);
    acted(log, seat, "summon_extra", Some(card), None, face_down);
    Some(Pending::Edit)
}

/// MC-5.7: a Toughness into an empty attack slot, paying its cost.
pub(crate) fn summon_toughness<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    col: Col,
    pay: Pay,
    face_down: bool,
    log: &mut L,
) -> Option<Pending> {
    mana::pay(s, seat, pay, false);
    let p = s.pm(seat);
    p.remove_from_hand(card);
    p.col_mut(col).attack = Some(SlotCard {
        card,
        kind: SlotKind::Toughness,
        face_down,
    });
    p.uses.toughness = true;
    p.uses.placements = p.uses.placements.saturating_add(1);
    acted(
        log,
        seat,
        "summon_toughness",
        Some(card),
        Some(col),
        face_down,
    );
    Some(Pending::Edit)
}

/// MC-5.8: pay 3, draw a Boss-Assassin into the one-turn zone.
pub(crate) fn summon_boss_one_turn<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    pay: Pay,
    face_down: bool,
    log: &mut L,
) -> Option<Pending> {
    debug_assert_eq!(pay.total(), ONE_TURN_COST);
    mana::pay(s, seat, pay, true);
    let card = draw::take_top(s, seat, DeckKind::Boss, log);
    let assassin = card.filter(|c| {
        matches!(
            s.cards().def(*c),
            Some(CardDef::BossAssa {
                ba_kind: BossAssaKind::Assassin,
                ..
            })
        )
    });
    let p = s.pm(seat);
    p.uses.boss = true;
    p.uses.placements = p.uses.placements.saturating_add(1);
    if let Some(card) = card {
        p.one_turn.push(OneTurn {
            card,
            face_down,
            extended: false,
            stays: false,
        });
        p.uses.assassin = assassin;
    }
    acted(log, seat, "summon_boss_one_turn", card, None, face_down);
    Some(Pending::Edit)
}

/// MC-5.9: pay 5 from an empty side column, draw a Boss-Assassin into it for good.
pub(crate) fn summon_boss_permanent<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    col: Col,
    log: &mut L,
) -> Option<Pending> {
    mana::pay(s, seat, Pay::from_col(col, PERMANENT_COST), true);
    let card = draw::take_top(s, seat, DeckKind::Boss, log);
    let strength = card.map_or(1, |c| s.rules().value(c));
    let p = s.pm(seat);
    p.uses.boss = true;
    p.uses.placements = p.uses.placements.saturating_add(1);
    if let Some(card) = card {
        let life = strength.clamp(1, MAX_LIFE);
        let c = p.col_mut(col);
        c.attack = Some(SlotCard {
            card,
            kind: SlotKind::Boss,
            face_down: false,
        });
        c.defense = Defense::Live {
            card: DefCard::Boss,
            printed: life,
            life,
        };
    }
    acted(log, seat, "summon_boss_permanent", card, Some(col), false);
    Some(Pending::Edit)
}
