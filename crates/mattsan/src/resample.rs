//! Resampling what one observer cannot know (`Determinize`, OpenSpiel's
//! `ResampleFromInfostate`): the base of the leak check and of determinizing bots.
//!
//! For each seat hidden from the observer, its cards in hidden places — the deck, the hand
//! (but the cards every player saw go into it), the soul-charge zone, face-down bench cards
//! the observer has not peeked at, a secret setup placement — are dealt again at random:
//!
//! - with `open_decklists` (tournament rules: deck lists are shown), from the seat's own
//!   hidden cards: what is hidden is where each of them is;
//! - with private deck lists (the default, MS-D3), from the whole card set under the
//!   deck-building rules: the cards the observer has seen the seat own (public zones,
//!   known cards in hand, peeked cards, the mulligan reveal) stay, and the others are drawn
//!   without replacement from every copy a deck could still hold (the card grid, MS-D6).
//!
//! Public facts about hidden places stay true: a face-down bench card is a unit or a trap,
//! a setup battlefield card is a unit, a hand that must still place a battlefield unit holds
//! one, and a seat that passed a checkpoint with an empty battlefield can refill it. A
//! mulligan-revealed card keeps its identity but may land in any place that is not
//! type-restricted. Every deck is reshuffled, the observer's own included.

use crate::cards::{CardId, CardType};
use crate::rules::{field, resolution};
use crate::state::{Pending, State, Target, Task};
use crate::zones;
use fuda_core::{GameRng, Observer, Seat};

/// What may go into a hidden place.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Fits {
    /// Only a unit (a setup battlefield card; a place that must hold a unit).
    Unit,
    /// A unit or a trap (a face-down bench card, a setup bench card).
    UnitOrTrap,
    /// Any card.
    Any,
}

/// A hidden place of one seat.
#[derive(Clone, Copy)]
enum Place {
    Deck(usize),
    Hand(usize),
    Soul(usize),
    Bench(usize),
    DraftBattlefield,
    DraftBench(usize),
}

/// A state `observer` cannot tell apart from `s` (see the module documentation).
pub(crate) fn resample(s: &State, observer: Observer, rng: &mut GameRng) -> State {
    let mut t = s.clone();
    t.g.rng = rng.split();
    for seat in [Seat(0), Seat(1)] {
        if !observer.is(seat) {
            redeal(&mut t, seat, observer, rng);
        }
        // Sorted first: the new order must not depend on the old one, which the observer
        // does not know (not even of its own deck).
        let deck = field::player_mut(&mut t, seat)
            .zones
            .get_mut(zones::Place::Deck);
        deck.sort_unstable();
        rng.shuffle(deck);
    }
    t
}

fn fits(t: &State, card: CardId, f: Fits) -> bool {
    let rules = t.rules();
    match f {
        Fits::Any => true,
        Fits::Unit => rules.is(card, CardType::Unit),
        Fits::UnitOrTrap => rules.is(card, CardType::Unit) || rules.is(card, CardType::Trap),
    }
}

/// The hidden places of `seat` for `observer`, with what fits each, and the cards in them.
fn hidden_places(t: &State, seat: Seat, observer: Observer) -> Vec<(Place, Fits, CardId)> {
    let p = field::player(t, seat);
    let mut out = Vec::new();
    for (i, &c) in p.deck().iter().enumerate() {
        out.push((Place::Deck(i), Fits::Any, c));
    }
    for (i, &c) in p.hand().iter().enumerate() {
        if !p.zones.is_known(c) {
            out.push((Place::Hand(i), Fits::Any, c));
        }
    }
    for (i, &c) in p.soul_cards().iter().enumerate() {
        out.push((Place::Soul(i), Fits::Any, c));
    }
    for (k, slot) in p.field.iter().enumerate().skip(1) {
        if let Some(o) = &slot.occupant {
            let peeked = observer.seat().is_some_and(|q| o.peeked.contains(q));
            if !o.face_up && !peeked && o.under.is_empty() {
                out.push((Place::Bench(k), Fits::UnitOrTrap, o.card));
            }
        }
    }
    if let Some(d) = &p.setup {
        if let Some(c) = d.battlefield {
            out.push((Place::DraftBattlefield, Fits::Unit, c));
        }
        for (i, &(_, c)) in d.bench.iter().enumerate() {
            out.push((Place::DraftBench(i), Fits::UnitOrTrap, c));
        }
    }
    out
}

/// Public facts that ask for a unit among `seat`'s hidden places: a setup battlefield card
/// still to place (the hand holds a unit), or an empty battlefield that passed its
/// checkpoint without a loss (a hidden bench card, or with `refill_from_hand` a hidden hand
/// card, is a unit — unless a unit the observer knows of can refill). One such place, at
/// random, must then take a unit.
fn needs_a_unit(t: &State, seat: Seat, places: &mut [(Place, Fits, CardId)], rng: &mut GameRng) {
    let p = field::player(t, seat);
    let hidden = |c: CardId| places.iter().any(|x| x.2 == c);
    let placing = matches!(t.g.pending, Pending::Placement { waiting } if waiting.contains(seat))
        && p.setup.as_ref().is_some_and(|d| d.battlefield.is_none());
    let from_hand = t.config().refill_from_hand;
    let known_unit = field::bench_units(t, seat)
        .iter()
        .filter_map(|&k| field::occupant(t, (seat, k)))
        .any(|o| !hidden(o.card))
        || (from_hand
            && p.hand()
                .iter()
                .any(|&c| !hidden(c) && t.rules().is(c, CardType::Unit)));
    let refilling = p.bf().is_none()
        && t.g.outcome.is_none()
        && p.setup.is_none()
        && !t.g.tasks.contains(&Task::Checkpoint)
        && resolution::can_refill(t, seat)
        && !known_unit;
    let candidates: Vec<usize> = places
        .iter()
        .enumerate()
        .filter(|(_, (place, _, _))| match place {
            Place::Hand(_) => placing || (refilling && from_hand),
            Place::Bench(_) => refilling,
            _ => false,
        })
        .map(|(i, _)| i)
        .collect();
    if (placing || refilling) && !candidates.is_empty() {
        let i = candidates[rng.below(candidates.len())];
        places[i].1 = Fits::Unit;
    }
}

/// Deals `seat`'s hidden places again for `observer`; leaves them as they are when the
/// card set cannot fill the typed places (a custom set with too few units or traps).
fn redeal(t: &mut State, seat: Seat, observer: Observer, rng: &mut GameRng) {
    let mut places = hidden_places(t, seat, observer);
    if places.is_empty() {
        return;
    }
    needs_a_unit(t, seat, &mut places, rng);
    let p = field::player(t, seat);
    let hidden: Vec<CardId> = places.iter().map(|x| x.2).collect();
    // Cards whose identity the observer knows but not where they are.
    let mut revealed: Vec<CardId> = hidden
        .iter()
        .copied()
        .filter(|c| p.mulligan_reveal.contains(c))
        .collect();
    // Sorted, so that the deal depends only on what the observer knows (not on the hidden
    // order): two states it cannot tell apart resample alike for the same generator.
    revealed.sort_unstable();
    let open = t.config().open_decklists;
    let mut pool: Vec<CardId> = if open {
        hidden
            .iter()
            .copied()
            .filter(|c| !revealed.contains(c))
            .collect()
    } else {
        // Every copy a deck could hold that the observer has not seen elsewhere.
        let seen: Vec<CardId> = t
            .cards_of(seat)
            .into_iter()
            .filter(|c| !hidden.contains(c) || revealed.contains(c))
            .collect();
        let rules = t.rules();
        let base = (seat.index() & 1) * rules.grid.len();
        (base..base + rules.grid.len())
            .map(|i| CardId(i as u16))
            .filter(|c| seen.binary_search(c).is_err())
            .collect()
    };
    pool.sort_unstable();
    // Typed places first, the narrowest first, each from the cards that fit it; then the
    // revealed cards and the rest of the pool in random order into the other places.
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&i| places[i].1);
    let mut chosen = vec![CardId(0); places.len()];
    let mut free = Vec::new();
    for &i in &order {
        if places[i].1 == Fits::Any {
            free.push(i);
            continue;
        }
        let fitting: Vec<usize> = (0..pool.len())
            .filter(|&j| fits(t, pool[j], places[i].1))
            .collect();
        if fitting.is_empty() {
            return;
        }
        let j = fitting[rng.below(fitting.len())];
        chosen[i] = pool.swap_remove(j);
    }
    let mut rest = revealed;
    let wanted = free.len().saturating_sub(rest.len());
    if pool.len() < wanted {
        return;
    }
    for _ in 0..wanted {
        let j = rng.below(pool.len());
        rest.push(pool.swap_remove(j));
    }
    if rest.len() != free.len() {
        return;
    }
    rng.shuffle(&mut rest);
    for (&i, c) in free.iter().zip(rest) {
        chosen[i] = c;
    }
    write_back(t, seat, &places, &chosen);
}

/// Puts the dealt cards into their places and points chosen targets at the new bench
/// cards.
fn write_back(t: &mut State, seat: Seat, places: &[(Place, Fits, CardId)], chosen: &[CardId]) {
    let mut renamed = Vec::new();
    let p = field::player_mut(t, seat);
    for (&(place, _, old), &new) in places.iter().zip(chosen) {
        match place {
            Place::Deck(i) => {
                if let Some(c) = p.zones.get_mut(zones::Place::Deck).get_mut(i) {
                    *c = new;
                }
            }
            Place::Hand(i) => {
                if let Some(c) = p.zones.get_mut(zones::Place::Hand).get_mut(i) {
                    *c = new;
                }
            }
            Place::Soul(i) => {
                if let Some(c) = p.zones.get_mut(zones::Place::Soul).get_mut(i) {
                    *c = new;
                }
            }
            Place::Bench(k) => {
                if let Some(o) = p.field.get_mut(k).and_then(|x| x.occupant.as_mut()) {
                    o.card = new;
                    renamed.push((old, new));
                }
            }
            Place::DraftBattlefield => {
                if let Some(d) = p.setup.as_mut() {
                    d.battlefield = Some(new);
                }
            }
            Place::DraftBench(i) => {
                if let Some((_, c)) = p.setup.as_mut().and_then(|d| d.bench.get_mut(i)) {
                    *c = new;
                }
            }
        }
    }
    p.zones.get_mut(zones::Place::Hand).sort_unstable();
    for f in &mut t.g.frames {
        for tg in &mut f.targets {
            if let Target::Card(c) = tg {
                if let Some(&(_, new)) = renamed.iter().find(|(old, _)| old == c) {
                    *c = new;
                }
            }
        }
    }
}
