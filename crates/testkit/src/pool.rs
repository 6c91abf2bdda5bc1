//! A bounded pool of actions seen earlier, replayed as candidates in later states (where
//! they are usually illegal).

use fuda_core::GameRng;

/// A ring buffer of past actions.
#[derive(Clone, Debug)]
pub(crate) struct ActionPool<A> {
    items: Vec<A>,
    capacity: usize,
    /// Where the next action goes once the pool is full (the oldest one is replaced).
    next: usize,
}

impl<A: Clone> ActionPool<A> {
    /// An empty pool keeping at most `capacity` actions.
    pub(crate) fn new(capacity: usize) -> Self {
        ActionPool {
            items: Vec::with_capacity(capacity),
            capacity,
            next: 0,
        }
    }

    /// Adds an action, replacing the oldest one when the pool is full.
    pub(crate) fn push(&mut self, action: A) {
        if self.items.len() < self.capacity {
            self.items.push(action);
        } else if self.capacity > 0 {
            self.items[self.next] = action;
            self.next = (self.next + 1) % self.capacity;
        }
    }

    /// Appends `count` actions drawn uniformly (with repetition) to `out`.
    pub(crate) fn sample_into(&self, rng: &mut GameRng, count: usize, out: &mut Vec<A>) {
        if self.items.is_empty() {
            return;
        }
        for _ in 0..count {
            out.push(self.items[rng.below(self.items.len())].clone());
        }
    }
}
