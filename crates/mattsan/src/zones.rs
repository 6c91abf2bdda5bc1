//! A player's deck, hand and discard pile (MS-3.4): three lists held end to end in one
//! inline block.
//!
//! A state clone copies the block in one memory copy, where three lists of their own (the
//! layout before, 2026-12-06) were cloned one by one (docs/performance.md). Putting a card
//! into a list shifts the lists after it: at most a deck of two-byte cards.

use crate::cards::CardId;
use crate::state::ZONE_CARDS;
use fuda_core::SeatLists;

/// The zones of a player that hold plain cards (its soul-charge zone holds tapped or
/// untapped souls and is a list of its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The deck, bottom first: the top card is the last.
    Deck,
    /// The hand, in card-id order (hand order carries no information).
    Hand,
    /// The discard pile, bottom first (public).
    Discard,
}

/// Lists per player, one per [`Place`].
const PLACES: usize = 3;

/// One player's deck, hand and discard pile, in [`Place`] order. Holds a 30-card deck
/// inline ([`ZONE_CARDS`]: a player's zones hold only its own cards); more cards (a bigger
/// `deck_size`) move the block to the heap and work the same, slower.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Zones(SeatLists<CardId, ZONE_CARDS>);

impl Default for Zones {
    fn default() -> Zones {
        Zones(SeatLists::new(PLACES))
    }
}

impl Zones {
    /// The zones given, in [`Place`] order.
    pub fn from_lists(deck: &[CardId], hand: &[CardId], discard: &[CardId]) -> Zones {
        let lists = [deck, hand, discard].map(|l| l.iter().copied());
        // Three lists, within the block's `MAX_SEATS`.
        Zones(SeatLists::from_lists(lists).unwrap_or_else(|| SeatLists::new(PLACES)))
    }

    /// The cards in `place`.
    #[inline]
    pub fn get(&self, place: Place) -> &[CardId] {
        self.0.get(place as usize)
    }

    /// The cards in `place`, to change in place.
    pub fn get_mut(&mut self, place: Place) -> &mut [CardId] {
        self.0.get_mut(place as usize).unwrap_or_default()
    }

    /// Puts `card` at index `at` of `place` (last if `at` is beyond it).
    pub fn insert(&mut self, place: Place, at: usize, card: CardId) {
        self.0.insert(place as usize, at, card);
    }

    /// Puts `card` last in `place` (on top of a pile).
    pub fn push(&mut self, place: Place, card: CardId) {
        self.0.push(place as usize, card);
    }

    /// Takes the card at index `at` out of `place`, keeping the order of the others.
    pub fn remove(&mut self, place: Place, at: usize) -> Option<CardId> {
        self.0.remove(place as usize, at)
    }

    /// Moves the card at index `at` of `from` to index `to_at` of `to` (last if beyond it)
    /// and returns it, if there is one.
    pub fn move_to(&mut self, from: Place, at: usize, to: Place, to_at: usize) -> Option<CardId> {
        self.0.move_item(from as usize, at, to as usize, to_at)
    }

    /// Replaces the cards in `place` with `cards`, in order.
    pub fn set(&mut self, place: Place, cards: &[CardId]) {
        let l = place as usize;
        self.0.take(l);
        for (at, &card) in cards.iter().enumerate() {
            self.0.insert(l, at, card);
        }
    }

    /// Takes every card out of `place`, in order.
    pub fn take(&mut self, place: Place) -> Vec<CardId> {
        self.0.take(place as usize).to_vec()
    }

    /// Whether the block is held inline.
    #[cfg(test)]
    pub fn is_inline(&self) -> bool {
        self.0.is_inline()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MS-3.4: the deck, hand and discard pile keep their own cards in order whatever the
    /// others do; a draw takes the top (last) card of the deck.
    #[test]
    fn ms_3_4_each_zone_keeps_its_own_cards() {
        let ids = |v: &[u16]| v.iter().map(|&c| CardId(c)).collect::<Vec<_>>();
        let mut z = Zones::from_lists(&ids(&[1, 2, 3]), &ids(&[7]), &[]);
        assert_eq!(z.move_to(Place::Deck, 2, Place::Hand, 0), Some(CardId(3)));
        assert_eq!(z.get(Place::Hand), ids(&[3, 7]));
        assert_eq!(
            z.move_to(Place::Hand, 1, Place::Discard, usize::MAX),
            Some(CardId(7))
        );
        z.push(Place::Discard, CardId(9));
        assert_eq!(z.remove(Place::Deck, 0), Some(CardId(1)));
        assert_eq!(z.get(Place::Deck), ids(&[2]));
        assert_eq!(z.get(Place::Discard), ids(&[7, 9]));
        assert_eq!(z.take(Place::Hand), ids(&[3]));
        z.set(Place::Deck, &ids(&[4, 5]));
        z.get_mut(Place::Deck).swap(0, 1);
        assert_eq!(z, Zones::from_lists(&ids(&[5, 4]), &[], &ids(&[7, 9])));
        assert!(z.is_inline());
    }
}
