//! The seeded random number generator stored in every game state.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};

/// The only source of randomness of a game: a ChaCha8 stream seeded from a `u64`.
///
/// It is part of the state, so a saved state continues exactly as the original would, and
/// the same seed with the same actions gives the same game on every machine. Views never
/// contain it: it would predict every shuffle and die.
///
/// Scenarios and tests may queue forced die results ([`GameRng::force_dice`]); each
/// six-sided die rolled takes the next forced value before drawing from the stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng {
    stream: ChaCha8Rng,
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    forced_dice: VecDeque<u8>,
}

impl Hash for GameRng {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.stream.get_seed().hash(state);
        self.stream.get_stream().hash(state);
        self.stream.get_word_pos().hash(state);
        self.forced_dice.hash(state);
    }
}

impl GameRng {
    /// A generator seeded from `seed`.
    pub fn from_seed(seed: u64) -> GameRng {
        GameRng {
            stream: ChaCha8Rng::seed_from_u64(seed),
            forced_dice: VecDeque::new(),
        }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.stream.next_u64()
    }

    /// A uniform index in `0..n` (unbiased, by rejection). Returns 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let n = n as u64;
        // Reject the top partial block so every residue is equally likely.
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let x = self.stream.next_u64();
            if x <= zone {
                return (x % n) as usize;
            }
        }
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }

    /// Shuffles `items` in place (Fisher–Yates, uniform).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Rolls one die with `sides` faces (1..=sides). A queued forced result is used first
    /// (clamped into range).
    pub fn roll_die(&mut self, sides: u8) -> u8 {
        let sides = sides.max(1);
        match self.forced_dice.pop_front() {
            Some(v) => v.clamp(1, sides),
            None => self.below(usize::from(sides)) as u8 + 1,
        }
    }

    /// Rolls `n` six-sided dice and returns their sum (`nD6`; `0D6` = 0).
    pub fn roll_d6(&mut self, n: u32) -> u32 {
        (0..n).map(|_| u32::from(self.roll_die(6))).sum()
    }

    /// Queues die results that the next rolls return, in order, instead of random ones.
    pub fn force_dice(&mut self, results: impl IntoIterator<Item = u8>) {
        self.forced_dice.extend(results);
    }

    /// The die results still queued by [`GameRng::force_dice`].
    pub fn forced_dice(&self) -> impl Iterator<Item = u8> + '_ {
        self.forced_dice.iter().copied()
    }

    /// A fresh generator split off this one (for resampling hidden information in tests
    /// and bots without disturbing this stream's users).
    pub fn split(&mut self) -> GameRng {
        GameRng::from_seed(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::from_seed(42);
        let mut b = GameRng::from_seed(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_eq!(a, b);
    }

    #[test]
    fn below_is_in_range_and_covers_every_value() {
        let mut r = GameRng::from_seed(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[r.below(7)] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        assert_eq!(r.below(0), 0);
        assert_eq!(r.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = GameRng::from_seed(3);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }

    #[test]
    fn dice_sum_and_forced_results() {
        let mut r = GameRng::from_seed(9);
        for _ in 0..200 {
            let s = r.roll_d6(3);
            assert!((3..=18).contains(&s));
        }
        assert_eq!(r.roll_d6(0), 0);
        r.force_dice([6, 1, 9]);
        assert_eq!(r.roll_d6(2), 7);
        assert_eq!(r.roll_die(6), 6, "a forced 9 is clamped to the die's range");
        assert_eq!(r.forced_dice().count(), 0);
    }

    #[test]
    fn json_round_trip_continues_the_stream() {
        let mut r = GameRng::from_seed(5);
        r.next_u64();
        r.force_dice([2]);
        let json = serde_json::to_string(&r).unwrap();
        let mut back: GameRng = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.roll_die(6), r.roll_die(6));
        assert_eq!(back.next_u64(), r.next_u64());
    }
}
