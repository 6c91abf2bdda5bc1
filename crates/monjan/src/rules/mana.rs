//! Mana: paying costs (MC-6.2), mana for number cards (MC-6.1) and speed (MC-6.3).

use crate::action::{Col, Discard, ManaPos, Pay, Row};
use crate::cards::{CardClass, CardId};
use crate::config::{ManaCostSource, ManaSlotRule, SpeedSource};
use crate::state::{Column, DefCard, Defense, SlotKind, State};
use fuda_core::{smallvec, Seat, SmallVec};

/// MC-6.2 (2), (6): whether the bottom card is protected for this cost.
fn protected(c: &Column, boss_cost: bool, keeps_last: bool) -> bool {
    match c.mana.first() {
        Some(m) => m.element || (boss_cost && keeps_last),
        None => false,
    }
}

/// How much a column can pay (MC-6.2 (2)).
pub(crate) fn capacity(s: &State, seat: Seat, col: Col, boss_cost: bool) -> u8 {
    let c = s.p(seat).col(col);
    let prot = protected(c, boss_cost, s.config().bossassa_keeps_last_mana);
    let start = usize::from(prot);
    let free = c.mana.iter().skip(start).filter(|m| !m.spent).count();
    let bottom = usize::from(prot && !c.bottom_used && c.mana.first().is_some_and(|m| !m.spent));
    (free + bottom).min(255) as u8
}

/// MC-6.2 (3): marks `n` cards of one column spent (topmost first, the protected bottom
/// card last and only once per round).
fn pay_column(s: &mut State, seat: Seat, col: Col, n: u8, boss_cost: bool) {
    let keeps = s.config().bossassa_keeps_last_mana;
    let c = s.pm(seat).col_mut(col);
    let prot = protected(c, boss_cost, keeps);
    let start = usize::from(prot);
    let mut left = n;
    for m in c.mana.iter_mut().skip(start).rev() {
        if left == 0 {
            break;
        }
        if !m.spent {
            m.spent = true;
            left -= 1;
        }
    }
    if left > 0 && prot {
        c.bottom_used = true;
    }
}

/// Pays a checked payment.
pub(crate) fn pay(s: &mut State, seat: Seat, pay: Pay, boss_cost: bool) {
    for c in Col::ALL {
        let n = pay.0[c.index()];
        if n > 0 {
            pay_column(s, seat, c, n, boss_cost);
        }
    }
}

/// A list of payments: at most 21 ways to pay 5 from three columns, held inline.
pub(crate) type Pays = SmallVec<[Pay; 24]>;

/// Every valid payment of `n`, sorted (generated in order: no sort needed).
pub(crate) fn payments(s: &State, seat: Seat, n: u8, boss_cost: bool, out: &mut Pays) {
    out.clear();
    if n == 0 {
        out.push(Pay::default());
        return;
    }
    let cap = Col::ALL.map(|c| capacity(s, seat, c, boss_cost));
    match s.config().mana_cost_source {
        ManaCostSource::SingleColumn => {
            // R, M, L: `[0, 0, n] < [0, n, 0] < [n, 0, 0]`, the sorted order.
            for c in [Col::R, Col::M, Col::L] {
                if cap[c.index()] >= n {
                    out.push(Pay::from_col(c, n));
                }
            }
        }
        ManaCostSource::AnyColumns => {
            // Ascending `a`, then `b` (and `r` fixed by them): lexicographic, sorted.
            for a in 0..=n.min(cap[0]) {
                for b in 0..=(n - a).min(cap[1]) {
                    let r = n - a - b;
                    if r <= cap[2] {
                        out.push(Pay([a, b, r]));
                    }
                }
            }
        }
    }
    debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
}

/// MC-6.2 (7): unspent unprotected cards a column can give for DiscardAnyMana.
fn discardable(s: &State, seat: Seat, col: Col) -> u8 {
    let c = s.p(seat).col(col);
    let start = usize::from(c.mana.first().is_some_and(|m| m.element));
    c.mana
        .iter()
        .skip(start)
        .filter(|m| !m.spent)
        .count()
        .min(255) as u8
}

/// Every valid choice of `n` cards for DiscardAnyMana (per-column counts), sorted
/// (generated in lexicographic order: no sort needed).
pub(crate) fn discard_choices(s: &State, seat: Seat, n: u8, out: &mut Pays) {
    out.clear();
    let cap = Col::ALL.map(|c| discardable(s, seat, c));
    for a in 0..=n.min(cap[0]) {
        for b in 0..=(n - a).min(cap[1]) {
            let r = n - a - b;
            if r <= cap[2] {
                out.push(Pay([a, b, r]));
            }
        }
    }
    debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
}

/// Whether the card at `pos` may be discarded for an "any mana" cost: unspent, and not a
/// protected bottom Element (MC-6.2 (7)).
fn discardable_at(s: &State, seat: Seat, pos: ManaPos) -> bool {
    let c = s.p(seat).col(pos.col);
    let i = usize::from(pos.index);
    c.mana.get(i).is_some_and(|m| {
        let protected = i == 0 && m.element;
        !m.spent && !protected
    })
}

/// MC-D2: every mana card the payer may name for an "any mana" cost of `n` cards (one,
/// [`crate::cards::MAX_DISCARD_ANY`]), by position in board order, handed to `out` one
/// by one.
pub(crate) fn discard_position_choices(s: &State, seat: Seat, n: u8, mut out: impl FnMut(Discard)) {
    if n != 1 {
        return;
    }
    for col in Col::ALL {
        for i in 0..s.p(seat).col(col).mana.len().min(usize::from(u8::MAX)) {
            let pos = ManaPos {
                col,
                index: i as u8,
            };
            if discardable_at(s, seat, pos) {
                out(smallvec![pos]);
            }
        }
    }
}

/// Whether `discard` is one of the choices [`discard_position_choices`] lists for `n`,
/// found without listing them.
pub(crate) fn is_discard_position_choice(
    s: &State,
    seat: Seat,
    n: u8,
    discard: &[ManaPos],
) -> bool {
    match discard {
        [pos] => n == 1 && pos.index < u8::MAX && discardable_at(s, seat, *pos),
        _ => false,
    }
}

/// Marks the cards at these (checked) positions spent.
pub(crate) fn discard_at(s: &mut State, seat: Seat, cards: &[ManaPos]) {
    for pos in cards {
        if let Some(m) = s
            .pm(seat)
            .col_mut(pos.col)
            .mana
            .get_mut(usize::from(pos.index))
        {
            m.spent = true;
        }
    }
}

/// Marks the chosen cards spent (topmost unspent unprotected of each column).
pub(crate) fn discard_any(s: &mut State, seat: Seat, pay: Pay) {
    for c in Col::ALL {
        let n = pay.0[c.index()];
        if n > 0 {
            let col = s.pm(seat).col_mut(c);
            let start = usize::from(col.mana.first().is_some_and(|m| m.element));
            let mut left = n;
            for m in col.mana.iter_mut().skip(start).rev() {
                if left == 0 {
                    break;
                }
                if !m.spent {
                    m.spent = true;
                    left -= 1;
                }
            }
        }
    }
}

/// MC-6.1: whether a number card may enter `(col, row)` given the column's mana.
pub(crate) fn number_card_fits(s: &State, seat: Seat, col: Col, row: Row, card: CardId) -> bool {
    let rules = s.rules();
    let c = s.p(seat).col(col);
    // The slot cards after placement, the initial middle defense excluded.
    let mut buf = [card; 3];
    let mut len = 1;
    if row != Row::Attack {
        if let Some(a) = c.attack.filter(|a| a.kind == SlotKind::Number) {
            buf[len] = a.card;
            len += 1;
        }
    }
    if row != Row::Defense && col != Col::M {
        if let Defense::Live {
            card: DefCard::Number(x),
            ..
        } = c.defense
        {
            buf[len] = x;
            len += 1;
        }
    }
    let slots = &buf[..len];
    let fits = |slot: CardId, m: &crate::state::Mana| {
        m.element
            || (rules.class(m.card).is_some_and(CardClass::is_monjan)
                && rules.attribute(m.card).is_some()
                && rules.attribute(m.card) == rules.attribute(slot))
    };
    match s.config().mana_slot_rule {
        ManaSlotRule::AttributeOnly => slots.iter().all(|x| c.mana.iter().any(|m| fits(*x, m))),
        ManaSlotRule::Matching => match slots {
            [a] => c.mana.iter().any(|m| fits(*a, m)),
            [a, b] => c.mana.iter().enumerate().any(|(i, m)| {
                fits(*a, m)
                    && c.mana
                        .iter()
                        .enumerate()
                        .any(|(j, m2)| j != i && fits(*b, m2))
            }),
            _ => false,
        },
    }
}

/// MC-6.3: a player's speed.
pub(crate) fn speed(s: &State, seat: Seat) -> u8 {
    let rules = s.rules();
    let num = |m: &crate::state::Mana| {
        if m.element || rules.class(m.card) != Some(CardClass::Number) {
            0
        } else {
            rules.value(m.card)
        }
    };
    let p = s.p(seat);
    match s.config().speed_source {
        SpeedSource::TopCards => p.cols.iter().filter_map(|c| c.top()).map(num).max(),
        SpeedSource::AllMana => p.cols.iter().flat_map(|c| c.mana.iter()).map(num).max(),
    }
    .unwrap_or(0)
}
