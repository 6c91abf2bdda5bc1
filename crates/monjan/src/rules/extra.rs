//! Extra cards: summon conditions and the survival check (MC-6.12).

use crate::action::{Col, SummonBy};
use crate::cards::{Attribute, CardClass, CardDef, CardId};
use crate::config::{ExtraConditionTracking, ExtraPairPositions};
use crate::event::Event;
use crate::rules::draw;
use crate::state::{Cards, State, MATCHED_INLINE};
use fuda_core::{EventLog, Seat, SmallVec, TinyVec};

/// A top card as Extra conditions see it: (card, attribute, number). An Element top, or an
/// empty stack, matches nothing (MC-6.6).
type Top = Option<(CardId, Option<Attribute>, Option<u8>)>;

fn tops(s: &State, seat: Seat) -> [Top; 3] {
    let rules = s.rules();
    let p = s.p(seat);
    let top = |i: usize| -> Top {
        let m = p.cols[i].top()?;
        if m.element {
            return None;
        }
        let number = (rules.class(m.card) == Some(CardClass::Number)).then(|| rules.value(m.card));
        Some((m.card, rules.attribute(m.card), number))
    };
    [top(0), top(1), top(2)]
}

/// An Extra's summoning condition: its attribute pair and its numbers.
type ExtraCondition<'a> = (Option<(Attribute, Attribute)>, &'a [u8]);

/// The condition of an Extra card: its attribute pair and its numbers.
fn condition(s: &State, extra: CardId) -> Option<ExtraCondition<'_>> {
    match s.cards().def(extra) {
        Some(CardDef::Extra {
            attr_pair, numbers, ..
        }) => Some((*attr_pair, numbers)),
        _ => None,
    }
}

/// The column pairs (left, right) an attribute pair may use (MC-6.12 (1), MC-A10).
fn pair_positions(s: &State) -> &'static [(usize, usize)] {
    match s.config().extra_pair_positions {
        ExtraPairPositions::Adjacent => &[(0, 1), (1, 2)],
        ExtraPairPositions::AnyOrderedPair => &[(0, 1), (1, 2), (0, 2)],
    }
}

/// The top cards that meet the Extra's condition now (empty: the condition fails).
pub(crate) fn matching_tops(s: &State, seat: Seat, extra: CardId) -> Cards<MATCHED_INLINE> {
    let Some((pair, numbers)) = condition(s, extra) else {
        return TinyVec::new();
    };
    let t = tops(s, seat);
    // Each top card once (at most one per column, so the list stays inline), then sorted:
    // the same list as pushing all and deduplicating after the sort.
    let mut out: Cards<MATCHED_INLINE> = TinyVec::new();
    let mut add = |x: CardId| {
        if !out.contains(&x) {
            out.push(x);
        }
    };
    if let Some((a, b)) = pair {
        for &(i, j) in pair_positions(s) {
            if let (Some((x, ax, _)), Some((y, ay, _))) = (t[i], t[j]) {
                if ax == Some(a) && ay == Some(b) {
                    add(x);
                    add(y);
                }
            }
        }
    }
    for (x, _, n) in t.iter().flatten() {
        if n.is_some_and(|n| numbers.contains(&n)) {
            add(*x);
        }
    }
    out.sort_unstable();
    out
}

/// MC-6.12 (1): the condition is met by the current tops.
pub(crate) fn condition_met(s: &State, seat: Seat, extra: CardId) -> bool {
    !matching_tops(s, seat, extra).is_empty()
}

/// MC-D5: the ways the Extra can be summoned now — by its pair, or by the number of one
/// column's top card — in a stable order.
pub(crate) fn summon_ways(s: &State, seat: Seat, extra: CardId) -> SmallVec<[SummonBy; 4]> {
    let Some((pair, numbers)) = condition(s, extra) else {
        return SmallVec::new();
    };
    let t = tops(s, seat);
    let mut out = SmallVec::new();
    if let Some((a, b)) = pair {
        let met = pair_positions(s).iter().any(|&(i, j)| {
            matches!((t[i], t[j]), (Some((_, ax, _)), Some((_, ay, _))) if ax == Some(a) && ay == Some(b))
        });
        if met {
            out.push(SummonBy::Pair);
        }
    }
    for c in Col::ALL {
        if t[c.index()].is_some_and(|(_, _, n)| n.is_some_and(|n| numbers.contains(&n))) {
            out.push(SummonBy::Number(c));
        }
    }
    out
}

/// The cards an Extra summoned now (in the way `by`) is tied to, per the tracking rule.
pub(crate) fn tied_cards(
    s: &State,
    seat: Seat,
    extra: CardId,
    by: Option<SummonBy>,
) -> Cards<MATCHED_INLINE> {
    match (s.config().extra_condition_tracking, by) {
        (ExtraConditionTracking::SpecificCard, _) => matching_tops(s, seat, extra),
        (ExtraConditionTracking::BySummon, Some(SummonBy::Number(c))) => {
            s.p(seat).col(c).top().map(|m| m.card).into_iter().collect()
        }
        _ => TinyVec::new(),
    }
}

/// MC-6.12 (3): an Extra whose condition no longer holds dies.
pub(crate) fn survival_check<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let Some(e) = s.p(seat).extra.clone() else {
        return;
    };
    let tied = || {
        let t = tops(s, seat);
        !e.matched.is_empty()
            && e.matched
                .iter()
                .all(|c| t.iter().flatten().any(|(x, _, _)| x == c))
    };
    let alive = match s.config().extra_condition_tracking {
        ExtraConditionTracking::Continuous => condition_met(s, seat, e.card),
        ExtraConditionTracking::SpecificCard => tied(),
        ExtraConditionTracking::BySummon => match e.by {
            Some(SummonBy::Number(_)) => tied(),
            _ => condition_met(s, seat, e.card),
        },
    };
    if !alive {
        s.pm(seat).extra = None;
        draw::discard(s, seat, e.card, log);
        let card = e.card;
        log.emit(|| Event::Destroyed { seat, card });
    }
}
