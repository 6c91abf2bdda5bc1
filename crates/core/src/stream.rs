//! Where a game's ChaCha8 stream stands, and the per-thread memo that draws from it.
//!
//! A state holds its generator as a [`Position`]: the seed, the stream number and how many
//! 32-bit words have been drawn, 56 bytes. A buffered `ChaCha8Rng` holds those and 256
//! bytes of keystream besides, and every clone of a state would copy them. Draws run on a
//! real `ChaCha8Rng` kept in a small per-thread memo keyed by position: the next draw from
//! the same generator (the same state played on, or any copy of it at that position) finds
//! its stream there with its buffer, so a run of draws costs what a buffered generator's
//! draws cost; only the first draw at an unknown position rebuilds the stream (one
//! keystream generation, about 140 ns here). The memo is a cache of a pure function of the
//! position, so it never changes a result.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;

/// A ChaCha8 stream's word position is a 68-bit counter (64-bit block, 16 words a block).
const WORD_POS_MASK: u128 = (1 << 68) - 1;

/// Where a ChaCha8 stream stands: enough to rebuild it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Position {
    seed: [u8; 32],
    stream: u64,
    /// The word position, low and high halves (two `u64`s keep the alignment at 8).
    word: [u64; 2],
}

impl Position {
    /// The start of the stream seeded from `seed` (as `ChaCha8Rng::seed_from_u64`).
    pub(crate) fn from_seed(seed: u64) -> Position {
        Position::of(&ChaCha8Rng::seed_from_u64(seed))
    }

    /// Where `rng` stands.
    pub(crate) fn of(rng: &ChaCha8Rng) -> Position {
        let mut p = Position {
            seed: rng.get_seed(),
            stream: rng.get_stream(),
            word: [0; 2],
        };
        p.set_word_pos(rng.get_word_pos());
        p
    }

    /// The seed.
    pub(crate) fn seed(&self) -> [u8; 32] {
        self.seed
    }

    /// The stream number.
    pub(crate) fn stream(&self) -> u64 {
        self.stream
    }

    /// How many 32-bit words the stream has produced.
    pub(crate) fn word_pos(&self) -> u128 {
        u128::from(self.word[0]) | (u128::from(self.word[1]) << 64)
    }

    fn set_word_pos(&mut self, pos: u128) {
        let pos = pos & WORD_POS_MASK;
        self.word = [pos as u64, (pos >> 64) as u64];
    }

    /// The stream itself, rebuilt (one keystream generation).
    pub(crate) fn rebuild(&self) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::from_seed(self.seed);
        rng.set_stream(self.stream);
        rng.set_word_pos(self.word_pos());
        rng
    }

    /// Runs `draw` on the stream at this position and moves the position past what it drew.
    #[inline]
    pub(crate) fn draw<R>(&mut self, draw: impl FnOnce(&mut ChaCha8Rng) -> R) -> R {
        MEMO.with_borrow_mut(|memo| memo.draw(self, draw))
    }
}

/// The JSON form of a position: rand_chacha's own form of a `ChaCha8Rng`, so saved states
/// keep their files.
#[derive(Serialize, Deserialize)]
pub(crate) struct PositionData {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

impl From<Position> for PositionData {
    fn from(p: Position) -> PositionData {
        PositionData {
            seed: p.seed,
            stream: p.stream,
            word_pos: p.word_pos(),
        }
    }
}

impl From<PositionData> for Position {
    /// Any seed, stream and word position name a stream; the word position wraps at 2^68
    /// as the stream's counter does.
    fn from(d: PositionData) -> Position {
        let mut p = Position {
            seed: d.seed,
            stream: d.stream,
            word: [0; 2],
        };
        p.set_word_pos(d.word_pos);
        p
    }
}

/// Streams kept per thread: a playout draws from the state's generator and a bot's, and a
/// match holds two bots.
const SLOTS: usize = 4;

/// One memo entry: a stream and where it stands.
struct Slot {
    at: Position,
    rng: ChaCha8Rng,
    /// The memo's clock at the last draw (the least recently used slot is replaced).
    used: u64,
}

impl Slot {
    fn new(at: Position) -> Slot {
        Slot {
            at,
            rng: at.rebuild(),
            used: 0,
        }
    }
}

struct Memo {
    slots: [Option<Slot>; SLOTS],
    clock: u64,
    /// The slot of the last draw, looked at first (a playout draws from one generator
    /// many times in a row).
    last: usize,
}

thread_local! {
    static MEMO: RefCell<Memo> = const {
        RefCell::new(Memo {
            slots: [const { None }; SLOTS],
            clock: 0,
            last: 0,
        })
    };
}

impl Memo {
    fn draw<R>(&mut self, at: &mut Position, draw: impl FnOnce(&mut ChaCha8Rng) -> R) -> R {
        self.clock += 1;
        let holds = |s: &Option<Slot>| s.as_ref().is_some_and(|s| s.at == *at);
        let found = if holds(&self.slots[self.last]) {
            Some(self.last)
        } else {
            self.slots.iter().position(holds)
        };
        let index = found.unwrap_or_else(|| {
            // An empty slot counts as never used; otherwise the least recently used goes.
            let oldest = (0..SLOTS)
                .min_by_key(|&i| self.slots[i].as_ref().map_or(0, |s| s.used))
                .unwrap_or(0);
            self.slots[oldest] = Some(Slot::new(*at));
            oldest
        });
        // The slot is filled by now; `get_or_insert_with` only spares an unwrap.
        self.last = index;
        let slot = self.slots[index].get_or_insert_with(|| Slot::new(*at));
        slot.used = self.clock;
        let result = draw(&mut slot.rng);
        slot.at.set_word_pos(slot.rng.get_word_pos());
        *at = slot.at;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::RngCore;

    fn words(at: &mut Position, n: usize) -> Vec<u32> {
        at.draw(|r| (0..n).map(|_| r.next_u32()).collect())
    }

    /// The memo never changes a result: interleaved positions, evictions and copies draw
    /// exactly what one buffered `ChaCha8Rng` per generator draws.
    #[test]
    fn draws_match_a_buffered_stream_through_evictions_and_copies() {
        let mut buffered: Vec<ChaCha8Rng> = (0..7).map(ChaCha8Rng::seed_from_u64).collect();
        let mut compact: Vec<Position> = (0..7).map(Position::from_seed).collect();
        for round in 0..50usize {
            for g in 0..7 {
                if (round + g) % 3 == 0 {
                    continue;
                }
                let n = 1 + (round * 7 + g) % 40;
                let want: Vec<u32> = (0..n).map(|_| buffered[g].next_u32()).collect();
                assert_eq!(
                    words(&mut compact[g], n),
                    want,
                    "generator {g}, round {round}"
                );
                assert_eq!(compact[g], Position::of(&buffered[g]));
            }
        }
        // A copy goes on from where its original stood, independently.
        let mut copy = compact[2];
        let a = words(&mut copy, 5);
        let b = words(&mut compact[2], 5);
        assert_eq!(a, b);
    }

    /// The JSON form is rand_chacha's, word position included, and loads back to the same
    /// stream (a huge position wraps as the stream's counter does).
    #[test]
    fn json_form_is_rand_chachas() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        rng.set_stream(3);
        for _ in 0..37 {
            rng.next_u32();
        }
        let at = Position::of(&rng);
        let ours = serde_json::to_string(&PositionData::from(at)).unwrap();
        assert_eq!(ours, serde_json::to_string(&rng).unwrap());
        let back: Position = serde_json::from_str::<PositionData>(&ours).unwrap().into();
        assert_eq!(back, at);

        let huge = r#"{"seed":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32],"stream":9,"word_pos":340282366920938463463374607431768211455}"#;
        let theirs: ChaCha8Rng = serde_json::from_str(huge).unwrap();
        let mut ours: Position = serde_json::from_str::<PositionData>(huge).unwrap().into();
        assert_eq!(ours, Position::of(&theirs));
        let mut theirs = theirs;
        assert_eq!(
            words(&mut ours, 3),
            (0..3).map(|_| theirs.next_u32()).collect::<Vec<_>>()
        );
    }
}
