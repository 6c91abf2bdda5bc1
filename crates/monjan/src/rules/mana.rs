//! Mana: paying costs (MC-6.2), mana for number cards (MC-6.1) and speed (MC-6.3).

use crate::action::{Col, Discard, ManaPos, Pay, Row};
use crate::cards::{Attribute, CardClass};
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
    let Some((bottom, above)) = c.mana.split_first() else {
        return 0;
    };
    let prot = protected(c, boss_cost, s.config().bossassa_keeps_last_mana);
    let free = above.iter().filter(|m| !m.spent).count();
    // The bottom card pays like the others unless protected; protected, once a round.
    let bottom_pays = !bottom.spent && (!prot || !c.bottom_used);
    (free + usize::from(bottom_pays)).min(255) as u8
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

/// What a number card needs to enter one slot (MC-6.1): the column's mana, and the
/// number card already in the column's other row, which needs mana of its own. Read once
/// per slot, it answers for every number card of a hand without walking the mana stack
/// again (the listing asks for each number card, column and row).
///
/// A mana card fits a slot card if it is an Element or a Monjan card of the slot card's
/// attribute; the stack is kept as counts: its Elements and its other Monjan cards by
/// attribute.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SlotMana {
    elements: u16,
    by_attribute: [u16; ATTRIBUTES],
    /// The attribute of the number card in the column's other row, if there is one
    /// (`Some(None)`: one without an attribute).
    other: Option<Option<Attribute>>,
    rule: ManaSlotRule,
}

/// The printed attributes (MC-3.4), one count each in [`SlotMana`].
const ATTRIBUTES: usize = 5;

impl SlotMana {
    /// The slot `(col, row)` of `seat`.
    pub(crate) fn of(s: &State, seat: Seat, col: Col, row: Row) -> SlotMana {
        let rules = s.rules();
        let c = s.p(seat).col(col);
        // The other slot card after placement, the initial middle defense excluded.
        let other = match row {
            Row::Defense => c
                .attack
                .filter(|a| a.kind == SlotKind::Number)
                .map(|a| a.card),
            Row::Attack if col != Col::M => match c.defense {
                Defense::Live {
                    card: DefCard::Number(x),
                    ..
                } => Some(x),
                _ => None,
            },
            Row::Attack => None,
        };
        let mut slot = SlotMana {
            elements: 0,
            by_attribute: [0; ATTRIBUTES],
            other: other.map(|x| rules.attribute(x)),
            rule: s.config().mana_slot_rule,
        };
        for m in &c.mana {
            if m.element {
                slot.elements = slot.elements.saturating_add(1);
            } else if rules.class(m.card).is_some_and(CardClass::is_monjan) {
                if let Some(a) = rules.attribute(m.card) {
                    let n = &mut slot.by_attribute[a as usize];
                    *n = n.saturating_add(1);
                }
            }
        }
        slot
    }

    /// The mana cards fitting a slot card of `attribute` and not Elements.
    fn matching(&self, attribute: Option<Attribute>) -> u32 {
        attribute.map_or(0, |a| u32::from(self.by_attribute[a as usize]))
    }

    /// MC-6.1: whether a number card of `attribute` may enter the slot. Under `matching`
    /// each slot card needs its own mana card: for two slot cards `a` and `b` that is
    /// possible exactly when each has a fitting card and the two have two between them
    /// (Hall's condition for two), which the counts answer.
    pub(crate) fn admits(&self, attribute: Option<Attribute>) -> bool {
        let e = u32::from(self.elements);
        let fits_a = e + self.matching(attribute);
        let Some(b) = self.other else {
            return fits_a > 0;
        };
        let fits_b = e + self.matching(b);
        match self.rule {
            ManaSlotRule::AttributeOnly => fits_a > 0 && fits_b > 0,
            ManaSlotRule::Matching => {
                let either = if attribute == b {
                    fits_a
                } else {
                    fits_a + self.matching(b)
                };
                fits_a > 0 && fits_b > 0 && either >= 2
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;
    use crate::state::Mana;
    use crate::Monjan;

    /// MC-6.1 as the rulebook words it, mana card by mana card: every slot card needs a
    /// fitting mana card (an Element, or a Monjan card of its attribute), under `matching`
    /// a different one for each.
    fn fits_by_the_book(s: &State, seat: Seat, col: Col, row: Row, card: CardId) -> bool {
        let rules = s.rules();
        let c = s.p(seat).col(col);
        let mut slots = vec![card];
        if row == Row::Defense {
            slots.extend(
                c.attack
                    .filter(|a| a.kind == SlotKind::Number)
                    .map(|a| a.card),
            );
        }
        if row == Row::Attack && col != Col::M {
            if let Defense::Live {
                card: DefCard::Number(x),
                ..
            } = c.defense
            {
                slots.push(x);
            }
        }
        let fits = |slot: CardId, m: &Mana| {
            m.element
                || (rules.class(m.card).is_some_and(CardClass::is_monjan)
                    && rules.attribute(m.card).is_some()
                    && rules.attribute(m.card) == rules.attribute(slot))
        };
        match s.config().mana_slot_rule {
            ManaSlotRule::AttributeOnly => slots.iter().all(|x| c.mana.iter().any(|m| fits(*x, m))),
            ManaSlotRule::Matching => match slots[..] {
                [a] => c.mana.iter().any(|m| fits(a, m)),
                [a, b] => c.mana.iter().enumerate().any(|(i, m)| {
                    fits(a, m)
                        && c.mana
                            .iter()
                            .enumerate()
                            .any(|(j, m2)| j != i && fits(b, m2))
                }),
                _ => unreachable!("at most two slot cards"),
            },
        }
    }

    /// MC-6.1, MC-A8: the counts of [`SlotMana`] give the rulebook's answer for every
    /// number card of the set, column and row of every position of random games (both
    /// `mana_slot_rule`s: the configurations are random).
    #[test]
    fn mc_6_1_counted_mana_fits_as_the_rulebook_says() {
        let (mut asked, mut fitting, mut paired) = (0u32, 0u32, 0u32);
        fuda_testkit::encoding::playouts::<Monjan>(24, 61, |config, s, _| {
            let matching = config.mana_slot_rule == ManaSlotRule::Matching;
            let numbers: Vec<CardId> = (0..s.rules().n)
                .map(|i| CardId(i as u16))
                .filter(|c| s.rules().class(*c) == Some(CardClass::Number))
                .step_by(7)
                .collect();
            for seat in (0..s.num_players()).map(|i| Seat(i as u8)) {
                for col in Col::ALL {
                    for row in [Row::Attack, Row::Defense] {
                        let slot = SlotMana::of(s, seat, col, row);
                        for &card in &numbers {
                            let counted = slot.admits(s.rules().attribute(card));
                            assert_eq!(
                                counted,
                                fits_by_the_book(s, seat, col, row, card),
                                "{seat:?} {col:?} {row:?} card {card:?}"
                            );
                            asked += 1;
                            fitting += u32::from(counted);
                            // A second number card in the column: one-to-one matching.
                            let c = s.p(seat).col(col);
                            let second = match row {
                                Row::Defense => {
                                    c.attack.is_some_and(|a| a.kind == SlotKind::Number)
                                }
                                Row::Attack => {
                                    col != Col::M
                                        && matches!(
                                            c.defense,
                                            Defense::Live {
                                                card: DefCard::Number(_),
                                                ..
                                            }
                                        )
                                }
                            };
                            paired += u32::from(matching && second);
                        }
                    }
                }
            }
        });
        println!("{fitting} of {asked} fit, {paired} paired under matching");
        // Both answers, and pairs under one-to-one matching, occur often, so the comparison
        // tests something.
        assert!(
            fitting > 1_000 && asked - fitting > 1_000,
            "{fitting} of {asked} fit"
        );
        assert!(paired > 1_000, "{paired} pairs under matching");
    }
}
