//! Draws, deck rebuilds and discards (MC-6.14), with the bookkeeping of the shared piles
//! each seat sees during a simultaneous edit turn (MC-4.6 (3)).

use crate::action::Side;
use crate::cards::{CardClass, CardId};
use crate::config::{BasicDefeatDraw, DeckExhaustion};
use crate::event::{DeckKind, Event};
use crate::state::{Cards, State, Supply};
use crate::view::{piles_view, PilesView};
use fuda_core::{EventLog, GameRng, Pile, Seat, SmallVec};

/// The piles `seat` sees while the edit views are frozen.
fn seen(s: &mut State, seat: Seat) -> Option<&mut PilesView> {
    s.d.frozen
        .as_mut()
        .and_then(|f| f.seen.get_mut(seat.index()))
}

/// MC-6.14 (5): an empty deck takes in its shuffled discard pile (unless `NoDraw`).
fn rebuild<L: EventLog<Event>>(s: &mut State, deck: DeckKind, log: &mut L) -> bool {
    if s.config().deck_exhaustion == DeckExhaustion::NoDraw {
        return false;
    }
    let d = &mut s.d;
    let rebuilt = match deck {
        DeckKind::Main => refill(&mut d.main_deck, &mut d.main_discard, &mut d.rng),
        DeckKind::Boss => refill(&mut d.boss_deck, &mut d.boss_discard, &mut d.rng),
        DeckKind::Et => refill(&mut d.et_deck, &mut d.et_discard, &mut d.rng),
    };
    if rebuilt {
        log.emit(|| Event::DeckRebuilt { deck });
    }
    rebuilt
}

/// An empty pile takes in its shuffled discard pile; false when there is nothing to do.
fn refill<const N: usize>(
    pile: &mut Pile<CardId, N>,
    discard: &mut Cards<N>,
    rng: &mut GameRng,
) -> bool {
    if !pile.is_empty() || discard.is_empty() {
        return false;
    }
    pile.extend(discard.drain(..));
    pile.shuffle(rng);
    true
}

/// Takes the top card of a deck for `seat` (rebuilding it if needed).
pub(crate) fn take_top<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    deck: DeckKind,
    log: &mut L,
) -> Option<CardId> {
    let deck = if deck == DeckKind::Et && !s.config().match_format.has_et_deck() {
        DeckKind::Main
    } else {
        deck
    };
    let rebuilt = rebuild(s, deck, log);
    let card = match deck {
        DeckKind::Main => s.d.main_deck.draw(),
        DeckKind::Boss => s.d.boss_deck.draw(),
        DeckKind::Et => s.d.et_deck.draw(),
    };
    if rebuilt {
        // MC-4.6 (5): the accepted leak — the rebuilt pile is the true one.
        let now = piles_view(s);
        if let Some(v) = seen(s, seat) {
            *v = now;
        }
    } else if card.is_some() {
        if let Some(v) = seen(s, seat) {
            let n = match deck {
                DeckKind::Main => &mut v.main_deck,
                DeckKind::Boss => &mut v.boss_deck,
                DeckKind::Et => &mut v.et_deck,
            };
            *n = n.saturating_sub(1);
        }
    }
    card
}

/// Whether a Boss-Assassin can be drawn (deck or its discard non-empty, MC-5.8).
pub(crate) fn boss_available(s: &State) -> bool {
    !s.d.boss_deck.is_empty()
        || (!s.d.boss_discard.is_empty()
            && s.config().deck_exhaustion == DeckExhaustion::ReshuffleDiscard)
}

/// Draws `n` cards from a deck into `seat`'s hand.
pub(crate) fn draw<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    deck: DeckKind,
    n: u8,
    log: &mut L,
) {
    let mut cards = SmallVec::new();
    for _ in 0..n {
        if let Some(c) = take_top(s, seat, deck, log) {
            s.pm(seat).add_to_hand(c);
            cards.push(c);
        }
    }
    let count = cards.len() as u8;
    log.emit(|| Event::Drew {
        seat,
        deck,
        count,
        cards,
    });
}

/// The discard pile of a card's class (MC-6.7 (2)).
pub(crate) fn discard<L: EventLog<Event>>(s: &mut State, seat: Seat, card: CardId, _log: &mut L) {
    let class = s.rules().class(card);
    let et = s.config().match_format.has_et_deck();
    let which = match class {
        Some(CardClass::BossAssa) => 1,
        Some(CardClass::Extra | CardClass::Toughness) if et => 2,
        _ => 0,
    };
    match which {
        1 => s.d.boss_discard.push(card),
        2 => s.d.et_discard.push(card),
        _ => s.d.main_discard.push(card),
    }
    if let Some(v) = seen(s, seat) {
        match which {
            1 => v.boss_discard.push(card),
            2 => v.et_discard.push(card),
            _ => v.main_discard.push(card),
        }
    }
}

/// Takes a card out of the main discard pile (Tea Party).
pub(crate) fn take_from_main_discard(s: &mut State, seat: Seat, card: CardId) -> bool {
    let Some(i) = s.d.main_discard.iter().position(|c| *c == card) else {
        return false;
    };
    s.d.main_discard.remove(i);
    if let Some(v) = seen(s, seat) {
        v.main_discard.retain(|c| *c != card);
    }
    true
}

/// Draws one supply: its ET part first, then its main part (MC-6.14 (1)).
fn draw_supply<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let (et, main) = s.config().match_format.supply();
    if et > 0 {
        draw(s, seat, DeckKind::Et, et, log);
    }
    if main > 0 {
        draw(s, seat, DeckKind::Main, main, log);
    }
}

/// MC-6.14 (1): the opening draw of an edit turn.
pub(crate) fn opening_draw<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    let mut supplied = false;
    for side in [Side::Left, Side::Right] {
        if s.p(seat).supply[side.index()] == Supply::Pending {
            s.pm(seat).supply[side.index()] = Supply::Granted;
            draw_supply(s, seat, log);
            supplied = true;
        }
    }
    if !supplied {
        draw(s, seat, DeckKind::Main, 1, log);
    }
}

/// MC-6.5 (4), MC-6.14 (2)–(4): a defeated side column grants its supply once.
pub(crate) fn grant_supply<L: EventLog<Event>>(s: &mut State, seat: Seat, side: Side, log: &mut L) {
    if s.p(seat).supply[side.index()] != Supply::None {
        return;
    }
    let other = match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    };
    let cfg = s.config();
    if !cfg.match_format.has_et_deck()
        && cfg.basic_defeat_draw == BasicDefeatDraw::FirstDefeatOnly
        && s.p(seat).supply[other.index()] != Supply::None
    {
        s.pm(seat).supply[side.index()] = Supply::Granted;
        return;
    }
    if cfg.supply_is_immediate() {
        s.pm(seat).supply[side.index()] = Supply::Granted;
        draw_supply(s, seat, log);
    } else {
        s.pm(seat).supply[side.index()] = Supply::Pending;
    }
}
