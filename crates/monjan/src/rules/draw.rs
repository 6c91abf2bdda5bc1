//! Draws, deck rebuilds and discards (MC-6.14), with the bookkeeping of the shared piles
//! each seat sees during a simultaneous edit turn (MC-4.6 (3)).

use crate::action::Side;
use crate::cards::{CardClass, CardId};
use crate::config::{BasicDefeatDraw, DeckExhaustion};
use crate::event::{DeckKind, Event};
use crate::state::{Cards, Frozen, State, Supply};
use fuda_core::{EventLog, GameRng, Pile, Seat, SmallVec};

/// The frozen edit views, whose log of the shared piles' changes tells what each seat sees
/// (MC-4.6 (3)); `None` outside a simultaneous edit turn.
fn frozen(s: &mut State) -> Option<&mut Frozen> {
    s.d.frozen.as_mut()
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
    if let Some(f) = frozen(s) {
        if rebuilt {
            // MC-4.6 (5): the accepted leak — the drawer sees the true piles from now on.
            f.rebuilt(seat, deck);
        }
        if card.is_some() {
            f.drew(seat, deck);
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
    let pile = match class {
        Some(CardClass::BossAssa) => DeckKind::Boss,
        Some(CardClass::Extra | CardClass::Toughness) if et => DeckKind::Et,
        _ => DeckKind::Main,
    };
    match pile {
        DeckKind::Boss => s.d.boss_discard.push(card),
        DeckKind::Et => s.d.et_discard.push(card),
        DeckKind::Main => s.d.main_discard.push(card),
    }
    if let Some(f) = frozen(s) {
        f.discarded(seat, pile, card);
    }
}

/// Takes a card out of the main discard pile (Tea Party).
pub(crate) fn take_from_main_discard(s: &mut State, seat: Seat, card: CardId) -> bool {
    let Some(i) = s.d.main_discard.iter().position(|c| *c == card) else {
        return false;
    };
    s.d.main_discard.remove(i);
    if let Some(f) = frozen(s) {
        f.took(seat, card);
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
