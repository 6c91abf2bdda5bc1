//! The card zones of both players but their majins (MJ-3.4): Majin Box, hand, graveyard
//! and damage zone, eight lists held end to end in one inline block.
//!
//! A state clone copies the block in one memory copy, where eight lists of their own
//! (the layout before, 2026-12-06) were cloned one by one and took 576 bytes against 196
//! (docs/performance.md). Putting a card into a list shifts the lists after it: at most 80
//! cards of two bytes.

use crate::cards::CardId;
use crate::state::ZONE_CARDS;
use fuda_core::{Seat, SeatLists};

/// The zones of a player that hold cards outside its majins (MJ-3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// Majin Box (the deck), bottom first: the top card is the last.
    Mb,
    /// The hand, in the order its cards entered it (MJ-9.1).
    Hand,
    /// The graveyard, bottom first (public).
    Graveyard,
    /// The damage zone, face-down, oldest first.
    Damage,
}

/// Lists per player, one per [`Place`].
pub(crate) const PLACES: usize = 4;

/// Both players' zones, seat 0's first, each player's in [`Place`] order. Holds two
/// 40-card decks inline ([`ZONE_CARDS`] each: a zone holds only its owner's cards); more
/// cards (bigger custom decks) move the block to the heap and work the same, slower.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Zones(SeatLists<CardId, { 2 * ZONE_CARDS }>);

impl Default for Zones {
    fn default() -> Zones {
        Zones(SeatLists::new(2 * PLACES))
    }
}

/// The list of `seat`'s `place` in the block.
fn list(seat: Seat, place: Place) -> usize {
    seat.index() * PLACES + place as usize
}

impl Zones {
    /// The zones given per seat, seat 0's first, each seat's in [`Place`] order.
    pub fn from_lists(lists: [[&[CardId]; PLACES]; 2]) -> Zones {
        let lists = lists.iter().flatten().map(|l| l.iter().copied());
        // Eight lists, within the block's `MAX_SEATS`.
        Zones(SeatLists::from_lists(lists).unwrap_or_else(|| SeatLists::new(2 * PLACES)))
    }

    /// `seat`'s cards in `place`.
    #[inline]
    pub fn get(&self, seat: Seat, place: Place) -> &[CardId] {
        self.0.get(list(seat, place))
    }

    /// `seat`'s cards in `place`, to change in place (a seat beyond the two has none).
    pub fn get_mut(&mut self, seat: Seat, place: Place) -> &mut [CardId] {
        self.0.get_mut(list(seat, place)).unwrap_or_default()
    }

    /// Puts `card` last in `seat`'s `place` (on top of a pile).
    pub fn push(&mut self, seat: Seat, place: Place, card: CardId) {
        self.0.push(list(seat, place), card);
    }

    /// Takes the card at index `at` out of `seat`'s `place`, keeping the order of the others.
    pub fn remove(&mut self, seat: Seat, place: Place, at: usize) -> Option<CardId> {
        self.0.remove(list(seat, place), at)
    }

    /// Moves the card at index `at` of `seat`'s `from` last into its `to` (on top of a
    /// pile) and returns it, if there is one.
    pub fn move_to(&mut self, seat: Seat, from: Place, at: usize, to: Place) -> Option<CardId> {
        self.0
            .move_item(list(seat, from), at, list(seat, to), usize::MAX)
    }

    /// Moves the top card of `seat`'s Majin Box last into its `to` and returns it, if the
    /// box has one.
    pub fn draw_into(&mut self, seat: Seat, to: Place) -> Option<CardId> {
        let top = self.get(seat, Place::Mb).len().checked_sub(1)?;
        self.move_to(seat, Place::Mb, top, to)
    }

    /// Replaces `seat`'s cards in `place` with `cards`, in order.
    pub fn set(&mut self, seat: Seat, place: Place, cards: &[CardId]) {
        let l = list(seat, place);
        self.0.take(l);
        for (at, &card) in cards.iter().enumerate() {
            self.0.insert(l, at, card);
        }
    }

    /// Every card in every zone, seat 0's first.
    pub fn all(&self) -> &[CardId] {
        self.0.all()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MJ-3.4: each player's zones keep their own cards in order, whatever the other
    /// zones do; a draw takes the top (last) card of the Majin Box.
    #[test]
    fn mj_3_4_each_zone_keeps_its_own_cards() {
        let mut z = Zones::default();
        let ids = |v: &[u16]| v.iter().map(|&c| CardId(c)).collect::<Vec<_>>();
        z.set(Seat(1), Place::Mb, &ids(&[40, 41, 42]));
        z.set(Seat(0), Place::Mb, &ids(&[0, 1]));
        z.push(Seat(0), Place::Hand, CardId(5));
        z.push(Seat(1), Place::Damage, CardId(43));
        assert_eq!(z.draw_into(Seat(1), Place::Damage), Some(CardId(42)));
        assert_eq!(z.draw_into(Seat(0), Place::Hand), Some(CardId(1)));
        assert_eq!(z.get(Seat(0), Place::Hand), ids(&[5, 1]));
        assert_eq!(z.remove(Seat(0), Place::Hand, 1), Some(CardId(1)));
        assert_eq!(
            z.move_to(Seat(0), Place::Hand, 0, Place::Graveyard),
            Some(CardId(5))
        );
        assert_eq!(z.move_to(Seat(0), Place::Hand, 0, Place::Graveyard), None);
        assert_eq!(z.get(Seat(0), Place::Mb), ids(&[0]));
        assert_eq!(z.get(Seat(0), Place::Graveyard), ids(&[5]));
        assert_eq!(z.get(Seat(1), Place::Mb), ids(&[40, 41]));
        assert_eq!(z.get(Seat(1), Place::Damage), ids(&[43, 42]));
        assert_eq!(z.draw_into(Seat(0), Place::Hand), Some(CardId(0)));
        assert_eq!(z.draw_into(Seat(0), Place::Hand), None);
        z.get_mut(Seat(1), Place::Mb).swap(0, 1);
        assert_eq!(z.all(), ids(&[0, 5, 41, 40, 43, 42]));
        z.push(Seat(1), Place::Hand, CardId(44));
        assert_eq!(z.get(Seat(1), Place::Hand), ids(&[44]));
        assert_eq!(z.get_mut(Seat(2), Place::Hand), &mut [] as &mut [CardId]);
    }
}
