//! Ordered card zones and counters.

use crate::rng::{GameRng, ShuffleKey};
use serde::{Deserialize, Serialize};

/// An ordered pile of cards (a deck, a discard pile, a stack). The last element is the top.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pile<T> {
    cards: Vec<T>,
}

impl<T> Pile<T> {
    /// An empty pile.
    pub fn new() -> Pile<T> {
        Pile { cards: Vec::new() }
    }

    /// A pile from cards listed bottom first.
    pub fn from_bottom_to_top(cards: Vec<T>) -> Pile<T> {
        Pile { cards }
    }

    /// A pile from cards listed top first (the order a scenario usually writes a deck in).
    pub fn from_top_to_bottom(mut cards: Vec<T>) -> Pile<T> {
        cards.reverse();
        Pile { cards }
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
        std::mem::take(&mut self.cards)
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

impl<T: ShuffleKey> Pile<T> {
    /// Shuffles the pile with the game's generator (a forced shuffle fixes its top).
    pub fn shuffle(&mut self, rng: &mut GameRng) {
        rng.shuffle(&mut self.cards);
    }
}

impl<T: PartialEq> Pile<T> {
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

impl<T> Extend<T> for Pile<T> {
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
        let mut p = Pile::from_top_to_bottom(vec!['a', 'b', 'c']);
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
