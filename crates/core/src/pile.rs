//! Ordered card zones and counters.

use crate::rng::{GameRng, ShuffleKey};
use serde::{Deserialize, Serialize};
use tinyvec::TinyVec;

/// An ordered pile of cards (a deck, a discard pile, a stack). The last element is the top.
///
/// Up to `N` cards are held inline in a plain array (`tinyvec`'s inline arm), so cloning a
/// pile of `Copy` cards that fits is a memory copy, without a heap allocation; a larger pile (a custom card set beyond the capacity a game chose) moves to
/// the heap and works the same, only slower. `N = 0` keeps every card on the heap.
/// The JSON form is the list of cards, bottom first, whatever `N`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pile<T: Default, const N: usize = 0> {
    cards: TinyVec<[T; N]>,
}

impl<T: Default, const N: usize> Pile<T, N> {
    /// An empty pile.
    pub fn new() -> Pile<T, N> {
        Pile {
            cards: TinyVec::new(),
        }
    }

    /// A pile from cards listed bottom first.
    pub fn from_bottom_to_top(cards: Vec<T>) -> Pile<T, N> {
        // A pile that fits goes inline whatever the Vec's capacity; a larger one keeps the
        // Vec as its heap block.
        let cards = if cards.len() <= N {
            cards.into_iter().collect()
        } else {
            TinyVec::Heap(cards)
        };
        Pile { cards }
    }

    /// A pile from cards listed top first (the order a scenario usually writes a deck in).
    pub fn from_top_to_bottom(mut cards: Vec<T>) -> Pile<T, N> {
        cards.reverse();
        Pile::from_bottom_to_top(cards)
    }

    /// A pile from cards listed bottom first, copied from a slice.
    pub fn from_slice(cards: &[T]) -> Pile<T, N>
    where
        T: Clone,
    {
        Pile {
            cards: cards.iter().cloned().collect(),
        }
    }

    /// Whether the pile's cards are held inline (no heap block to copy on clone).
    pub fn is_inline(&self) -> bool {
        self.cards.is_inline()
    }

    /// How many cards the pile holds.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<T> {
        self.cards.pop()
    }

    /// The top card, without taking it.
    pub fn top(&self) -> Option<&T> {
        self.cards.last()
    }

    /// Puts a card on top.
    pub fn put_top(&mut self, card: T) {
        self.cards.push(card);
    }

    /// Puts a card at the bottom.
    pub fn put_bottom(&mut self, card: T) {
        self.cards.insert(0, card);
    }

    /// Removes and returns the card at `index` (0 = bottom), if there is one.
    pub fn remove_at(&mut self, index: usize) -> Option<T> {
        (index < self.cards.len()).then(|| self.cards.remove(index))
    }

    /// Empties the pile, returning its cards bottom first.
    pub fn take_all(&mut self) -> Vec<T> {
        std::mem::take(&mut self.cards).into_vec()
    }

    /// Removes every card, keeping the pile's storage.
    pub fn clear(&mut self) {
        self.cards.clear();
    }

    /// The cards, bottom first.
    pub fn as_slice(&self) -> &[T] {
        &self.cards
    }

    /// The cards, bottom first, for in-place reordering (scenarios, resampling).
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cards
    }

    /// Iterates the cards bottom first.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.cards.iter()
    }
}

impl<T: ShuffleKey + Default, const N: usize> Pile<T, N> {
    /// Shuffles the pile with the game's generator (a forced shuffle fixes its top).
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.cards);
    }
}

impl<T: PartialEq + Default, const N: usize> Pile<T, N> {
    /// Whether the pile holds `card`.
    pub fn contains(&self, card: &T) -> bool {
        self.cards.contains(card)
    }

    /// Removes the topmost copy of `card`; returns whether one was found.
    pub fn remove(&mut self, card: &T) -> bool {
        match self.cards.iter().rposition(|c| c == card) {
            Some(i) => {
                self.cards.remove(i);
                true
            }
            None => false,
        }
    }
}

impl<T: Default, const N: usize> Extend<T> for Pile<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.cards.extend(iter);
    }
}

/// A non-negative counter (damage, EX, mana, ...). Never underflows.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Counter(pub u32);

impl Counter {
    /// The current value.
    pub fn get(self) -> u32 {
        self.0
    }

    /// Adds `n` (saturating).
    pub fn add(&mut self, n: u32) {
        self.0 = self.0.saturating_add(n);
    }

    /// Removes up to `n`, stopping at zero; returns how many were removed.
    pub fn remove(&mut self, n: u32) -> u32 {
        let taken = n.min(self.0);
        self.0 -= taken;
        taken
    }

    /// Resets to zero.
    pub fn clear(&mut self) {
        self.0 = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_put_remove() {
        let mut p: Pile<char> = Pile::from_top_to_bottom(vec!['a', 'b', 'c']);
        assert_eq!(p.top(), Some(&'a'));
        assert_eq!(p.draw(), Some('a'));
        p.put_bottom('z');
        p.put_top('y');
        assert_eq!(p.as_slice(), &['z', 'c', 'b', 'y']);
        assert!(p.remove(&'c'));
        assert!(!p.remove(&'q'));
        assert_eq!(p.remove_at(0), Some('z'));
        assert_eq!(p.remove_at(9), None);
        assert_eq!(p.take_all(), vec!['b', 'y']);
        assert!(p.is_empty());
        assert_eq!(p.draw(), None);
    }

    /// Issue 14: a pile within its inline capacity clones without a heap block, a larger one
    /// moves to the heap and behaves the same, and the JSON form does not depend on `N`.
    #[test]
    fn issue_14_inline_pile_spills_and_keeps_its_json_form() {
        let mut roomy = Vec::with_capacity(64);
        roomy.extend([1, 2, 3]);
        let mut small: Pile<u16, 4> = Pile::from_bottom_to_top(roomy);
        assert!(
            small.is_inline(),
            "a pile that fits is inline whatever the Vec's capacity"
        );
        small.put_top(4);
        assert!(small.is_inline());
        small.put_top(5);
        assert!(!small.is_inline());
        assert_eq!(small.as_slice(), &[1, 2, 3, 4, 5]);
        let heap: Pile<u16> = Pile::from_slice(small.as_slice());
        let json = serde_json::to_string(&small).unwrap();
        assert_eq!(json, serde_json::to_string(&heap).unwrap());
        assert_eq!(json, "[1,2,3,4,5]");
        let back: Pile<u16, 4> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, small);
    }

    #[test]
    fn counter_never_underflows() {
        let mut c = Counter::default();
        c.add(3);
        assert_eq!(c.remove(5), 3);
        assert_eq!(c.get(), 0);
        c.add(u32::MAX);
        c.add(1);
        assert_eq!(c.get(), u32::MAX);
    }
}
