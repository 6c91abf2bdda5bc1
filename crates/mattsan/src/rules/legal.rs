//! Which actions are legal: the generator ([`legal_actions`]) and the checker
//! ([`check`]) that refuses anything else with a reason, without changing the state.
//! The checker accepts exactly the generated list, so the two cannot disagree.

use crate::action::{Action, Choice};
use crate::cards::{CardDef, CardId, CardType, Placement};
use crate::error::Error;
use crate::rules::effects;
use crate::rules::field::{self, player};
use crate::rules::resolution;
use crate::state::{Loc, Pending, State, Step, Task, WindowEvent};
use fuda_core::Seat;

/// Writes the legal actions of `seat` into `out`, sorted.
pub(crate) fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    append_legal_actions(s, seat, out);
}

/// Appends the legal actions of `seat` to `out`, sorted among themselves (the actions
/// already there stay first): every seat's list goes into one buffer with no temporary.
pub(crate) fn append_legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let start = out.len();
    generate(s, seat, None, &mut |choice| {
        out.push(Action { seat, choice })
    });
    if !listed_in_order(s.g.pending) {
        out[start..].sort_unstable();
    }
    debug_assert!(out[start..].is_sorted(), "{:?}", &out[start..]);
}

/// Whether [`generate`] lists this decision's choices in [`Choice`]'s order, so the list
/// needs no sort (sorting was a tenth of a random playout's instructions). The exception
/// follows an order kept elsewhere: the start-of-turn effects, in resolution order.
fn listed_in_order(p: Pending) -> bool {
    !matches!(p, Pending::StartEffects { .. })
}

/// Whether `seat` may make `choice` now: whether [`legal_actions`] lists it. Runs the
/// same generator, told to skip the choices that cannot equal `choice`.
fn is_legal(s: &State, seat: Seat, choice: &Choice) -> bool {
    let mut found = false;
    generate(s, seat, Some(choice), &mut |c| found |= c == *choice);
    found
}

/// The hand card a choice names, if it names one.
fn card_of(c: &Choice) -> Option<CardId> {
    match c {
        Choice::SetupBattlefield { card }
        | Choice::SetupBench { card, .. }
        | Choice::SoulCharge { card }
        | Choice::PlaceUnit { card, .. }
        | Choice::PlaceTrap { card, .. }
        | Choice::UseTrump { card }
        | Choice::PlaceTerrain { card, .. }
        | Choice::RefillFromHand { card }
        | Choice::DiscardForCost { card }
        | Choice::DiscardFromHand { card } => Some(*card),
        _ => None,
    }
}

/// The bench index a choice names, if it names one.
fn bench_of(c: &Choice) -> Option<u8> {
    match c {
        Choice::PlaceUnit { bench, .. }
        | Choice::PlaceTrap { bench, .. }
        | Choice::FlipUnit { bench }
        | Choice::ActivateTrap { bench }
        | Choice::Swap { bench }
        | Choice::Refill { bench } => Some(*bench),
        _ => None,
    }
}

/// Whether `only` (the choice being checked, or `None` when listing all) may be of the
/// kind matched by `kind`: the generator skips work for kinds that cannot match.
fn wants(only: Option<&Choice>, kind: impl Fn(&Choice) -> bool) -> bool {
    only.is_none_or(kind)
}

/// Calls `push` with every legal choice of `seat`: in [`Choice`]'s order (variant, then
/// fields; the hand is in card-id order) unless [`listed_in_order`] says otherwise. With
/// `only`, choices that cannot equal it may be left out (never one that equals it).
fn generate(s: &State, seat: Seat, only: Option<&Choice>, push: &mut impl FnMut(Choice)) {
    if s.g.outcome.is_some() || !s.g.pending.seats().contains(seat) || seat.index() >= 2 {
        return;
    }
    let rules = s.rules();
    let me = player(s, seat);
    // A choice naming a card is only generated for that card (every hand loop below
    // pushes only choices that name its loop card).
    let only_card = only.and_then(card_of);
    let hand = || {
        me.hand()
            .iter()
            .copied()
            .filter(move |&c| only_card.is_none_or(|x| x == c))
    };
    match s.g.pending {
        Pending::Placement { .. } => {
            let Some(d) = me.setup.as_ref().filter(|d| !d.committed) else {
                return;
            };
            if d.battlefield.is_none() {
                for card in hand().filter(|&c| rules.is(c, CardType::Unit)) {
                    push(Choice::SetupBattlefield { card });
                }
                return;
            }
            // The battlefield unit is chosen first, so a unit is always left for it.
            if d.bench.len() < usize::from(s.config().setup_bench_max) {
                for card in hand() {
                    if rules.is(card, CardType::Unit) || rules.is(card, CardType::Trap) {
                        for bench in 0..s.config().base_bench_capacity {
                            if d.bench.iter().all(|(b, _)| *b != bench) {
                                push(Choice::SetupBench { card, bench });
                            }
                        }
                    }
                }
            }
            push(Choice::SetupCommit);
        }
        Pending::SoulCharge { .. } => {
            if me.charged < s.config().soul_charge_per_turn {
                for card in hand() {
                    push(Choice::SoulCharge { card });
                }
            }
            if me.charged == 0 && !me.soul_cards().is_empty() {
                push(Choice::ReturnSoul);
            }
            push(Choice::SkipSoulCharge);
        }
        Pending::StartEffects { .. } => {
            for &(source, effect) in &s.g.start_pending {
                push(Choice::ResolveStart { source, effect });
                if effects::start_optional(s, source, effect) {
                    push(Choice::DeclineStart { source, effect });
                }
            }
        }
        Pending::Main { .. } => main_actions(s, seat, only, push),
        Pending::EndTurn { .. } => push(Choice::EndTurn),
        Pending::Respond { window, .. } => {
            field_uses(s, seat, Some(window), only, push);
            push(Choice::Pass);
        }
        Pending::Refill { .. } => {
            if wants(only, |c| matches!(c, Choice::Refill { .. })) {
                for k in bench_units(s, seat) {
                    push(Choice::Refill {
                        bench: (k - 1) as u8,
                    });
                }
            }
            if s.config().refill_from_hand {
                for card in hand().filter(|&c| rules.is(c, CardType::Unit)) {
                    push(Choice::RefillFromHand { card });
                }
            }
        }
        Pending::NextDefeat { .. } => {
            for k in resolution::waiting(s, seat) {
                push(Choice::NextDefeat {
                    loc: Loc::of_slot(k),
                });
            }
        }
        Pending::PayDiscard { .. } => {
            for card in hand() {
                push(Choice::DiscardForCost { card });
            }
        }
        Pending::DiscardFromHand { .. } => {
            for card in hand() {
                push(Choice::DiscardFromHand { card });
            }
        }
        Pending::May { .. } => {
            push(Choice::Accept);
            push(Choice::Decline);
        }
        Pending::ChooseTarget { .. } => {
            if let Some(&Task::AskTarget { frame, slot }) = s.g.tasks.last() {
                if let (Some(fr), Some(sel)) = (
                    effects::frame(s, frame),
                    effects::slot_selector(s, frame, slot),
                ) {
                    for (side, k) in effects::choice_options(s, fr.controller, sel) {
                        push(Choice::Target {
                            side,
                            loc: Loc::of_slot(k),
                        });
                    }
                }
            }
        }
        Pending::ForceSwap { side, .. } => {
            // A chooser who cannot see that bench picks among all its occupied
            // locations (MS-5.18); the owner sees which ones hold units.
            for k in 1..player(s, side).field.len() {
                let listed = if side == seat {
                    is_unit_at(s, side, k)
                } else {
                    field::occupant(s, (side, k)).is_some()
                };
                if listed {
                    push(Choice::Target {
                        side,
                        loc: Loc::of_slot(k),
                    });
                }
            }
        }
        Pending::GameOver => {}
    }
}

/// Whether slot `k` of `seat` holds a unit (face-up or face-down).
fn is_unit_at(s: &State, seat: Seat, k: usize) -> bool {
    field::occupant(s, (seat, k)).is_some_and(|o| s.rules().is(o.card, CardType::Unit))
}

/// Bench slots holding a unit, as [`field::bench_units`] lists them, without allocating.
fn bench_units(s: &State, seat: Seat) -> impl Iterator<Item = usize> + '_ {
    (1..player(s, seat).field.len()).filter(move |&k| is_unit_at(s, seat, k))
}

/// Whether a trump may be declared now (MS-5.7).
fn trump_usable(s: &State, seat: Seat, card: CardId) -> bool {
    let me = player(s, seat);
    let Some(CardDef::Trump {
        cost,
        condition,
        effect,
        ..
    }) = s.rules().def(card)
    else {
        return false;
    };
    // "The required targets exist": every chosen target of the effect's unconditional
    // parts (not those inside `May` or `If`) has an option now. Listing the options costs
    // most, so it is asked last.
    let targets_exist = || {
        effect
            .iter()
            .filter_map(crate::state::selector_of)
            .filter(|sel| sel.is_choice())
            .all(|sel| effects::has_choice_option(s, seat, sel))
    };
    me.zones.has_upright_soul()
        && condition.is_none_or(|c| field::condition(s, c, seat, None))
        && effects::discard_needed(cost) < me.hand().len()
        && targets_exist()
}

/// The battle actions legal now (MS-5.11 to MS-5.14). With `only`, the kinds that
/// cannot equal it may be left out.
fn battle_actions(s: &State, seat: Seat, only: Option<&Choice>, push: &mut impl FnMut(Choice)) {
    let me = player(s, seat);
    let Some(bf) = me.bf() else { return };
    if player(s, crate::state::opp(seat)).bf().is_some() {
        push(Choice::Attack);
    }
    let moves = wants(only, |c| {
        matches!(
            c,
            Choice::UseSpecial { .. } | Choice::UseSuperSpecial { .. }
        )
    });
    if let (
        true,
        Some(CardDef::Unit {
            specials, supers, ..
        }),
    ) = (moves, s.rules().def(bf.card))
    {
        let ok = |m: &crate::cards::Move| {
            m.condition
                .is_none_or(|c| field::condition(s, c, seat, Some((seat, 0))))
                && effects::discard_needed(&m.cost) <= me.hand().len()
        };
        for (i, m) in specials.iter().enumerate() {
            if ok(m) {
                push(Choice::UseSpecial { index: i as u8 });
            }
        }
        for (i, m) in supers.iter().enumerate() {
            if ok(m) && (bf.ex == 0 || m.ex_reusable) {
                push(Choice::UseSuperSpecial { index: i as u8 });
            }
        }
    }
    if wants(only, |c| matches!(c, Choice::Swap { .. })) {
        for k in bench_units(s, seat) {
            push(Choice::Swap {
                bench: (k - 1) as u8,
            });
        }
    }
}

/// Terrains used (MS-5.9) and traps activated (MS-5.10) from `seat`'s field, in
/// [`Choice`]'s order: in the response window `window`, or in the main step when `None`.
// Inlined: each caller's `window` is then a constant the checks below fold away (called
// once, this costs 6% more of a playout's instructions).
#[inline(always)]
fn field_uses(
    s: &State,
    seat: Seat,
    window: Option<WindowEvent>,
    only: Option<&Choice>,
    push: &mut impl FnMut(Choice),
) {
    let slots = player(s, seat).field.len();
    if wants(only, |c| matches!(c, Choice::UseTerrain { .. })) {
        for k in 0..slots {
            if resolution::terrain_usable(s, seat, k, window) {
                push(Choice::UseTerrain {
                    loc: Loc::of_slot(k),
                });
            }
        }
    }
    if wants(only, |c| matches!(c, Choice::ActivateTrap { .. })) {
        let only_bench = only.and_then(bench_of);
        for k in 1..slots {
            if only_bench.is_none_or(|b| usize::from(b) + 1 == k)
                && resolution::trap_usable(s, seat, k, window)
            {
                push(Choice::ActivateTrap {
                    bench: (k - 1) as u8,
                });
            }
        }
    }
}

/// Main-step actions (MS-5.4 to MS-5.10), the battle action and `EndTurn`, in
/// [`Choice`]'s order: one pass over the (card-id ordered) hand per kind. With `only`,
/// choices that cannot equal it may be left out.
fn main_actions(s: &State, seat: Seat, only: Option<&Choice>, push: &mut impl FnMut(Choice)) {
    let rules = s.rules();
    let config = s.config();
    let me = player(s, seat);
    let only_card = only.and_then(card_of);
    let only_bench = only.and_then(bench_of);
    let hand = || {
        me.hand()
            .iter()
            .copied()
            .filter(move |&c| only_card.is_none_or(|x| x == c))
    };
    let place_unit = wants(only, |c| matches!(c, Choice::PlaceUnit { .. }));
    let place_trap = wants(only, |c| matches!(c, Choice::PlaceTrap { .. }));
    let place_terrain =
        config.terrain_enabled && wants(only, |c| matches!(c, Choice::PlaceTerrain { .. }));
    // The capacity, computed once: it is the same for every bench location.
    let cap = if place_unit || place_trap || place_terrain {
        field::capacity(s, seat)
    } else {
        0
    };
    // The open bench locations, found once for every card of the hand (one bit each).
    let open: u16 = (0..cap as u8)
        .filter(|&b| {
            only_bench.is_none_or(|x| x == b) && field::can_place_on_bench(s, seat, b, cap)
        })
        .fold(0, |bits, b| bits | 1 << b);
    let benches = || (0..cap as u8).filter(move |&b| open & 1 << b != 0);
    if place_unit && open != 0 {
        for card in hand().filter(|&c| rules.is(c, CardType::Unit)) {
            for bench in benches() {
                for face_up in [false, true] {
                    push(Choice::PlaceUnit {
                        card,
                        bench,
                        face_up,
                    });
                }
            }
        }
    }
    if wants(only, |c| matches!(c, Choice::FlipUnit { .. })) {
        for k in 1..me.field.len() {
            if only_bench.is_none_or(|b| usize::from(b) + 1 == k)
                && field::occupant(s, (seat, k))
                    .is_some_and(|o| !o.face_up && rules.is(o.card, CardType::Unit))
            {
                push(Choice::FlipUnit {
                    bench: (k - 1) as u8,
                });
            }
        }
    }
    if place_trap && open != 0 {
        for card in hand().filter(|&c| rules.is(c, CardType::Trap)) {
            for bench in benches() {
                push(Choice::PlaceTrap { card, bench });
            }
        }
    }
    if wants(only, |c| matches!(c, Choice::UseTrump { .. })) {
        for card in hand().filter(|&c| trump_usable(s, seat, c)) {
            push(Choice::UseTrump { card });
        }
    }
    if place_terrain {
        for card in hand() {
            let Some(CardDef::Terrain { placement, .. }) = rules.def(card) else {
                continue;
            };
            for k in 0..=cap {
                let allowed = match placement {
                    Placement::Any => true,
                    Placement::BattlefieldOnly => k == 0,
                    Placement::BenchOnly => k > 0,
                };
                let empty = field::occupant(s, (seat, k)).is_none();
                if allowed && (config.terrain_under_occupant || empty) {
                    push(Choice::PlaceTerrain {
                        card,
                        loc: Loc::of_slot(k),
                    });
                }
            }
        }
    }
    field_uses(s, seat, None, only, push);
    // `EndTurn` depends on whether a battle action exists: checking it needs them all.
    let end_turn = wants(only, |c| matches!(c, Choice::EndTurn));
    let battle_only = if end_turn { None } else { only };
    let battle_kind = wants(only, |c| {
        matches!(
            c,
            Choice::Attack
                | Choice::UseSpecial { .. }
                | Choice::UseSuperSpecial { .. }
                | Choice::Swap { .. }
        )
    });
    let mut any_battle = false;
    if s.g.step == Step::Main && (battle_kind || (end_turn && config.battle_action_required)) {
        battle_actions(s, seat, battle_only, &mut |c| {
            any_battle = true;
            push(c)
        });
    }
    if end_turn && (!config.battle_action_required || !any_battle) {
        push(Choice::EndTurn);
    }
}

/// What the game waits for, in words.
pub(crate) fn describe(p: Pending) -> String {
    match p {
        Pending::Placement { waiting } => format!(
            "the secret setup placement of {}",
            waiting
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Pending::SoulCharge { seat } => format!("{seat}'s soul-charge choice"),
        Pending::StartEffects { seat } => format!("{seat} to resolve start-of-turn effects"),
        Pending::Main { seat } => format!("{seat}'s main step"),
        Pending::EndTurn { seat } => format!("{seat} to end the turn"),
        Pending::Respond { seat, .. } => format!("{seat} to respond or pass"),
        Pending::Refill { seat } => format!("{seat} to refill the battlefield"),
        Pending::NextDefeat { seat } => format!("{seat} to choose the next defeat"),
        Pending::PayDiscard { seat, .. } => format!("{seat} to discard a card for a cost"),
        Pending::ChooseTarget { seat, .. } => format!("{seat} to choose a target"),
        Pending::May { seat, .. } => format!("{seat} to accept or decline an optional effect"),
        Pending::DiscardFromHand { seat, .. } => format!("{seat} to discard a card"),
        Pending::ForceSwap { seat, .. } => format!("{seat} to choose the unit that swaps in"),
        Pending::GameOver => "nothing (the game is over)".into(),
    }
}

/// Refuses an illegal action with the reason; accepts exactly the actions that
/// [`legal_actions`] lists.
pub(crate) fn check(s: &State, a: &Action) -> Result<(), Error> {
    if s.g.outcome.is_some() {
        return Err(Error::GameOver);
    }
    if !s.g.pending.seats().contains(a.seat) || a.seat.index() >= 2 {
        return Err(Error::NotToAct {
            seat: a.seat,
            waiting_for: describe(s.g.pending),
        });
    }
    if is_legal(s, a.seat, &a.choice) {
        return Ok(());
    }
    Err(explain(s, a))
}

/// Why a (refused) action is illegal, in a player's words.
fn explain(s: &State, a: &Action) -> Error {
    let seat = a.seat;
    let rules = s.rules();
    let me = player(s, seat);
    let wrong = || Error::WrongDecision {
        choice: a.choice.name().into(),
        expected: describe(s.g.pending),
    };
    let in_hand = |card: CardId| -> Result<(), Error> {
        if me.hand().binary_search(&card).is_ok() {
            Ok(())
        } else {
            Err(Error::CardNotInHand { seat, card: card.0 })
        }
    };
    let of_type = |card: CardId, t: CardType, what: &str| -> Result<(), Error> {
        if rules.is(card, t) {
            Ok(())
        } else {
            Err(Error::WrongCard {
                card: card.0,
                reason: format!("it is not {what}"),
            })
        }
    };
    let bench = |reason: &str| Error::BadLocation {
        reason: reason.into(),
    };
    let pending = s.g.pending;
    let result: Result<(), Error> = (|| match (&a.choice, pending) {
        (Choice::SetupBattlefield { card }, Pending::Placement { .. }) => {
            in_hand(*card)?;
            of_type(
                *card,
                CardType::Unit,
                "a unit (only a unit goes on the battlefield)",
            )?;
            Err(bench("the battlefield card is already chosen"))
        }
        (Choice::SetupBench { card, .. }, Pending::Placement { .. }) => {
            in_hand(*card)?;
            if !(rules.is(*card, CardType::Unit) || rules.is(*card, CardType::Trap)) {
                return Err(Error::WrongCard {
                    card: card.0,
                    reason: "only units and traps are placed at setup".into(),
                });
            }
            Err(bench(
                "the bench location is taken, out of range, or the bench is full",
            ))
        }
        (Choice::SetupCommit, Pending::Placement { .. }) => {
            Err(bench("a unit must be placed on the battlefield first"))
        }
        (Choice::SoulCharge { card }, Pending::SoulCharge { .. }) => {
            in_hand(*card)?;
            Err(Error::SoulCharge {
                reason: "no more cards may be charged this turn".into(),
            })
        }
        (Choice::ReturnSoul, Pending::SoulCharge { .. }) => Err(Error::SoulCharge {
            reason: "nothing to return, or a card was already charged this turn".into(),
        }),
        (Choice::DeclineStart { .. }, Pending::StartEffects { .. }) => Err(Error::CannotUse {
            reason: "that start-of-turn effect is mandatory or not pending".into(),
        }),
        (Choice::ResolveStart { .. }, Pending::StartEffects { .. }) => Err(Error::CannotUse {
            reason: "that start-of-turn effect is not pending".into(),
        }),
        (Choice::PlaceUnit { card, .. }, Pending::Main { .. }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Unit, "a unit")?;
            Err(bench(
                "that bench location is not empty, not available, or the bench is full",
            ))
        }
        (Choice::PlaceTrap { card, .. }, Pending::Main { .. }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Trap, "a trap")?;
            Err(bench(
                "that bench location is not empty, not available, or the bench is full",
            ))
        }
        (Choice::FlipUnit { .. }, Pending::Main { .. }) => {
            Err(bench("no face-down unit of yours there"))
        }
        (Choice::UseTrump { card }, Pending::Main { .. }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Trump, "a trump")?;
            if !me.zones.has_upright_soul() {
                return Err(Error::SoulCharge {
                    reason: "a trump needs an upright soul-charge card".into(),
                });
            }
            Err(Error::CannotUse {
                reason: "its cost cannot be paid, its condition does not hold, or a target \
                         it needs does not exist"
                    .into(),
            })
        }
        (Choice::PlaceTerrain { card, .. }, Pending::Main { .. }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Terrain, "a terrain")?;
            Err(bench("the terrain may not be placed there"))
        }
        (Choice::UseTerrain { .. }, Pending::Main { .. } | Pending::Respond { .. }) => {
            Err(Error::CannotUse {
                reason: "no usable upright terrain with a face-up unit on it there".into(),
            })
        }
        (Choice::ActivateTrap { .. }, Pending::Main { .. } | Pending::Respond { .. }) => {
            Err(Error::CannotUse {
                reason: "no trap there whose condition is met".into(),
            })
        }
        (
            Choice::Attack
            | Choice::UseSpecial { .. }
            | Choice::UseSuperSpecial { .. }
            | Choice::Swap { .. },
            Pending::Main { .. },
        ) => {
            if s.g.step != Step::Main {
                return Err(Error::CannotUse {
                    reason: "the battle action of this turn has been taken".into(),
                });
            }
            Err(Error::CannotUse {
                reason: "that battle action is not available (move, condition, cost, EX \
                         counter or bench unit)"
                    .into(),
            })
        }
        (Choice::EndTurn, Pending::Main { .. }) => Err(Error::CannotEndTurn {
            reason: "a battle action must be taken first".into(),
        }),
        (Choice::Refill { .. } | Choice::RefillFromHand { .. }, Pending::Refill { .. }) => {
            Err(bench("no unit of yours there"))
        }
        (Choice::NextDefeat { .. }, Pending::NextDefeat { .. }) => {
            Err(bench("no unit of yours waiting to be defeated there"))
        }
        (Choice::DiscardForCost { card }, Pending::PayDiscard { .. })
        | (Choice::DiscardFromHand { card }, Pending::DiscardFromHand { .. }) => {
            in_hand(*card)?;
            Err(wrong())
        }
        (Choice::Target { .. }, Pending::ChooseTarget { .. } | Pending::ForceSwap { .. }) => {
            Err(Error::BadTarget {
                reason: "that location is not one of the options".into(),
            })
        }
        _ => Err(wrong()),
    })();
    match result {
        Err(e) => e,
        Ok(()) => wrong(),
    }
}
