//! The seeded random number generator stored in every game state, and the queue of forced
//! outcomes that scenarios, tests and puzzles use to fix any random result.

use crate::game::EventLog;
use crate::stream::{Position, PositionData};
use rand_chacha::rand_core::RngCore;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::hash::{Hash, Hasher};
use thiserror::Error;

/// The longest queue of forced outcomes a generator holds (a position file is input: it
/// must not be able to grow a state without bound).
pub const MAX_FORCED: usize = 4096;

/// One forced random result, consumed by the next draw of its kind.
///
/// JSON form: `{"die": 6}`, `{"pick": 2}`, `{"shuffle": [12, 7]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Forced {
    /// The next die roll shows this face (1 to the die's number of sides).
    Die(u8),
    /// The next uniform pick ([`GameRng::below`], [`GameRng::pick`]: a random discard, a
    /// steal, a first player) takes the item at this index (0-based, less than the number
    /// of items it chooses among).
    Pick(u32),
    /// The next shuffle puts the items with these keys ([`ShuffleKey`]; for cards, the card
    /// id) on top, the first listed topmost (the last element of the shuffled slice, the
    /// end a [`crate::Pile`] draws from); the rest are shuffled beneath them. Listing every
    /// item fixes the whole order.
    Shuffle(Vec<u32>),
}

/// A forced outcome that did not fit the draw it met: the action that met it is refused
/// and the state left as it was.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
#[serde(tag = "misfit", rename_all = "snake_case")]
pub enum ForcedMisfit {
    /// A forced die face outside the die rolled.
    #[error("the forced die result {value} does not fit a die with {sides} sides")]
    Die {
        /// The forced face.
        value: u8,
        /// The sides of the die rolled.
        sides: u8,
    },
    /// A forced pick beyond the items chosen among.
    #[error("the forced pick {index} does not fit a choice among {count} items")]
    Pick {
        /// The forced index.
        index: u32,
        /// How many items the draw chose among.
        count: usize,
    },
    /// A forced shuffle names an item that the shuffled pile does not hold (or names it
    /// more often than the pile holds it).
    #[error("the forced shuffle names key {key}, which is not in the shuffled pile of {len}")]
    Shuffle {
        /// The key not found.
        key: u32,
        /// The size of the pile shuffled.
        len: usize,
    },
}

/// What a shuffled item is called in a forced shuffle ([`Forced::Shuffle`]).
pub trait ShuffleKey {
    /// The item's key: for a card, its id.
    fn shuffle_key(&self) -> u32;
}

impl ShuffleKey for crate::CardId {
    fn shuffle_key(&self) -> u32 {
        u32::from(self.0)
    }
}

impl ShuffleKey for crate::Seat {
    fn shuffle_key(&self) -> u32 {
        u32::from(self.0)
    }
}

macro_rules! shuffle_key_as_value {
    ($($t:ty),*) => {$(
        impl ShuffleKey for $t {
            fn shuffle_key(&self) -> u32 {
                // Keys of other integers are truncated: forced shuffles name small ids.
                *self as u32
            }
        }
    )*};
}
shuffle_key_as_value!(u8, u16, u32, u64, usize, i32, i64);

/// The only source of randomness of a game: a ChaCha8 stream seeded from a `u64`, with a
/// queue of forced outcomes in front of it.
///
/// It is part of the state, so a saved state continues exactly as the original would, and
/// the same seed with the same actions gives the same game on every machine. Views never
/// contain it: it would predict every shuffle and die.
///
/// **Compact.** The generator holds where its stream stands (seed, stream, word position:
/// 56 bytes), not the stream's 256-byte keystream buffer, so a state clone copies 64 bytes
/// for it instead of 368. Draws run on a per-thread memo of streams by position (`stream`
/// module), so a run of draws costs what a buffered generator's draws cost and the results
/// are those of `ChaCha8Rng` at that position, on every thread.
///
/// **Forced outcomes.** Scenarios, tests and puzzles queue [`Forced`] results
/// ([`GameRng::force`]). Each draw of a kind (a die roll, a uniform pick, a shuffle) takes
/// the front of the queue when the front is of its kind, and otherwise draws from the
/// stream and leaves the queue as it is; so the queue is consumed in the order the rules
/// draw, and once it is empty the seeded stream goes on. A forced result that does not fit
/// its draw (a 7 on a six-sided die, a pick beyond the items) is recorded as a
/// [`ForcedMisfit`]; the draw then falls back to the stream, and the engine refuses the
/// action that met it ([`perform_with_forced`]).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "GameRngData", from = "GameRngData")]
pub struct GameRng {
    stream: Position,
    /// The forced outcomes and the misfit, boxed: only scenarios and tests have any, and
    /// `None` whenever the queue is empty and no misfit is pending.
    forcing: Option<Box<Forcing>>,
}

/// Forced outcomes still queued, and the first misfit not yet taken.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Forcing {
    queue: VecDeque<Forced>,
    misfit: Option<ForcedMisfit>,
}

/// The JSON form of [`GameRng`] (unchanged from when it held a `ChaCha8Rng`).
#[derive(Serialize, Deserialize)]
struct GameRngData {
    stream: PositionData,
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    forced: VecDeque<Forced>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    misfit: Option<ForcedMisfit>,
}

impl From<GameRng> for GameRngData {
    fn from(rng: GameRng) -> GameRngData {
        let Forcing { queue, misfit } = rng.forcing.map(|f| *f).unwrap_or_default();
        GameRngData {
            stream: rng.stream.into(),
            forced: queue,
            misfit,
        }
    }
}

impl From<GameRngData> for GameRng {
    fn from(d: GameRngData) -> GameRng {
        let mut rng = GameRng {
            stream: d.stream.into(),
            forcing: Some(Box::new(Forcing {
                queue: d.forced,
                misfit: d.misfit,
            })),
        };
        rng.tidy();
        rng
    }
}

impl fmt::Debug for GameRng {
    /// The stream's position stays out, as `ChaCha8Rng`'s own `Debug` keeps its state out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameRng")
            .field("forced", &self.queue())
            .field(
                "misfit",
                &self.forcing.as_ref().and_then(|x| x.misfit.as_ref()),
            )
            .finish_non_exhaustive()
    }
}

impl Hash for GameRng {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.stream.seed().hash(state);
        self.stream.stream().hash(state);
        self.stream.word_pos().hash(state);
        self.queue().hash(state);
        self.forcing
            .as_ref()
            .and_then(|f| f.misfit.as_ref())
            .hash(state);
    }
}

/// A uniform index in `0..n` from the stream (unbiased, by rejection); 0 when `n` is 0.
#[inline]
fn stream_below(stream: &mut ChaCha8Rng, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    let n = n as u64;
    loop {
        let x = stream.next_u64();
        if in_whole_blocks(x, n) {
            return (x % n) as usize;
        }
    }
}

/// Whether `x` lies in the whole blocks of `n` values below 2^64, not in the top partial
/// block, which is rejected so that every residue is equally likely (`n` ≥ 2). The rule
/// is `x < u64::MAX - (u64::MAX % n)`; as `u64::MAX % n < n`, every
/// `x <= u64::MAX - n` passes it, so its 64-bit division (which costs as much as the rest
/// of a draw) is only made for the top `n` values: the same answers, faster.
#[inline]
fn in_whole_blocks(x: u64, n: u64) -> bool {
    x <= u64::MAX - n || x < u64::MAX - (u64::MAX % n)
}

impl GameRng {
    /// A generator seeded from `seed`.
    pub fn from_seed(seed: u64) -> GameRng {
        GameRng {
            stream: Position::from_seed(seed),
            forcing: None,
        }
    }

    /// The next 64 random bits (always from the stream).
    pub fn next_u64(&mut self) -> u64 {
        self.stream.draw(|r| r.next_u64())
    }

    /// A uniform index in `0..n` always from the stream, never a forced outcome (for draws
    /// that are not the rules' random results, such as which copies a built deck holds);
    /// 0 when `n` is 0.
    pub fn stream_below(&mut self, n: usize) -> usize {
        self.stream.draw(|r| stream_below(r, n))
    }

    /// The forced outcomes queued, front first.
    fn queue(&self) -> &VecDeque<Forced> {
        const EMPTY: &VecDeque<Forced> = &VecDeque::new();
        self.forcing.as_ref().map_or(EMPTY, |f| &f.queue)
    }

    /// The front of the forced queue, if it is of the kind `take` accepts: taken off.
    fn take_front<T>(&mut self, take: impl FnOnce(&Forced) -> Option<T>) -> Option<T> {
        let f = self.forcing.as_mut()?;
        let taken = take(f.queue.front()?)?;
        f.queue.pop_front();
        self.tidy();
        Some(taken)
    }

    /// Keeps `forcing` at `None` when it holds nothing (so equal generators compare equal
    /// and a clone copies no box).
    fn tidy(&mut self) {
        if self
            .forcing
            .as_ref()
            .is_some_and(|f| f.queue.is_empty() && f.misfit.is_none())
        {
            self.forcing = None;
        }
    }

    /// A uniform index in `0..n` (a random pick among `n` items); 0 when `n` is 0. A
    /// queued [`Forced::Pick`] at the front is used first.
    pub fn below(&mut self, n: usize) -> usize {
        if let Some(index) = self.take_front(|f| match f {
            Forced::Pick(index) => Some(*index),
            _ => None,
        }) {
            if (index as usize) < n.max(1) {
                return index as usize;
            }
            self.record(ForcedMisfit::Pick { index, count: n });
        }
        self.stream.draw(|r| stream_below(r, n))
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty (a forced pick
    /// applies, as for [`GameRng::below`]).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }

    /// Shuffles `items` in place (Fisher–Yates, uniform). A queued [`Forced::Shuffle`] at
    /// the front fixes the top of the result (see [`Forced::Shuffle`]).
    pub fn shuffle<T: ShuffleKey>(&mut self, items: &mut [T]) {
        self.shuffle_by_key(items, T::shuffle_key);
    }

    /// Shuffles `items` in place, naming them by `key` for a forced shuffle.
    pub fn shuffle_by_key<T>(&mut self, items: &mut [T], key: impl Fn(&T) -> u32) {
        let mut fixed = 0;
        if let Some(top) = self.take_front(|f| match f {
            Forced::Shuffle(top) => Some(top.clone()),
            _ => None,
        }) {
            // The first key goes to the very end (the top), the next just beneath it, ...
            for &wanted in &top {
                let end = items.len() - fixed;
                match items[..end].iter().position(|item| key(item) == wanted) {
                    Some(i) => {
                        items.swap(i, end - 1);
                        fixed += 1;
                    }
                    None => {
                        self.record(ForcedMisfit::Shuffle {
                            key: wanted,
                            len: items.len(),
                        });
                        fixed = 0;
                        break;
                    }
                }
            }
        }
        let free = items.len() - fixed;
        let rest = &mut items[..free];
        if rest.len() > 1 {
            self.stream.draw(|r| {
                for i in (1..rest.len()).rev() {
                    let j = stream_below(r, i + 1);
                    rest.swap(i, j);
                }
            });
        }
    }

    /// Rolls one die with `sides` faces (1..=sides). A queued [`Forced::Die`] at the front
    /// is used first.
    pub fn roll_die(&mut self, sides: u8) -> u8 {
        let sides = sides.max(1);
        if let Some(value) = self.take_front(|f| match f {
            Forced::Die(value) => Some(*value),
            _ => None,
        }) {
            if (1..=sides).contains(&value) {
                return value;
            }
            self.record(ForcedMisfit::Die { value, sides });
        }
        self.stream.draw(|r| stream_below(r, usize::from(sides))) as u8 + 1
    }

    /// Rolls `n` six-sided dice and returns their sum (`nD6`; `0D6` = 0).
    pub fn roll_d6(&mut self, n: u32) -> u32 {
        (0..n).map(|_| u32::from(self.roll_die(6))).sum()
    }

    /// Queues forced outcomes, consumed in order by the draws they fit (see the type's
    /// documentation). The queue holds at most [`MAX_FORCED`] entries.
    ///
    /// # Errors
    /// [`TooManyForced`] when the queue would grow beyond [`MAX_FORCED`]; nothing is queued.
    pub fn force(
        &mut self,
        outcomes: impl IntoIterator<Item = Forced>,
    ) -> Result<(), TooManyForced> {
        let outcomes: Vec<Forced> = outcomes.into_iter().take(MAX_FORCED + 1).collect();
        if self.queue().len() + outcomes.len() > MAX_FORCED {
            return Err(TooManyForced);
        }
        self.forcing
            .get_or_insert_with(Box::default)
            .queue
            .extend(outcomes);
        self.tidy();
        Ok(())
    }

    /// Queues die results that the next rolls return, in order, instead of random ones
    /// (shorthand for [`Forced::Die`] entries; entries beyond [`MAX_FORCED`] are dropped).
    pub fn force_dice(&mut self, results: impl IntoIterator<Item = u8>) {
        let room = MAX_FORCED.saturating_sub(self.queue().len());
        self.forcing
            .get_or_insert_with(Box::default)
            .queue
            .extend(results.into_iter().take(room).map(Forced::Die));
        self.tidy();
    }

    /// The forced outcomes still queued, front first.
    pub fn forced(&self) -> impl Iterator<Item = &Forced> + '_ {
        self.queue().iter()
    }

    /// The die results still queued at the front of the forced queue.
    pub fn forced_dice(&self) -> impl Iterator<Item = u8> + '_ {
        self.queue().iter().map_while(|f| match f {
            Forced::Die(v) => Some(*v),
            _ => None,
        })
    }

    /// Whether forced outcomes are queued (or a misfit is pending): an engine then takes
    /// the slow, restorable path of [`perform_with_forced`].
    pub fn has_forced(&self) -> bool {
        self.forcing.is_some()
    }

    /// Takes the first misfit recorded since the last call, if any.
    pub fn take_misfit(&mut self) -> Option<ForcedMisfit> {
        let misfit = self.forcing.as_mut()?.misfit.take();
        self.tidy();
        misfit
    }

    fn record(&mut self, misfit: ForcedMisfit) {
        self.forcing
            .get_or_insert_with(Box::default)
            .misfit
            .get_or_insert(misfit);
    }

    /// A fresh generator split off this one (for resampling hidden information in tests
    /// and bots without disturbing this stream's users). It has no forced outcomes.
    pub fn split(&mut self) -> GameRng {
        GameRng::from_seed(self.next_u64())
    }
}

/// A [`GameRng`]'s stream held whole, keystream buffer and all, for a generator that draws
/// on every decision and is never part of a state: a bot's, a bench's or a test's picker.
///
/// A state's `GameRng` is compact, and its draws run on a per-thread memo of streams; a
/// bot's generator drawing there between its game's draws pays a lookup on every pick.
/// This one draws straight from its own buffer. Its draws are exactly those of a
/// [`GameRng`] from the same seed with no forced outcome, so switching a user from one to
/// the other changes no result.
#[derive(Clone, Debug)]
pub struct BufferedRng(ChaCha8Rng);

impl BufferedRng {
    /// A generator seeded from `seed` (the stream of [`GameRng::from_seed`]).
    pub fn from_seed(seed: u64) -> BufferedRng {
        BufferedRng(Position::from_seed(seed).rebuild())
    }

    /// The next 64 random bits, as [`GameRng::next_u64`].
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform index in `0..n`, as [`GameRng::below`]; 0 when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        stream_below(&mut self.0, n)
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty, as
    /// [`GameRng::pick`].
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }

    /// Runs `use_rng` on a [`GameRng`] standing where this generator stands (for the calls
    /// that take one, such as [`crate::Determinize::resample`]), then goes on from where it
    /// left the stream. Outcomes it forces on that `GameRng` are dropped with it.
    pub fn with_game_rng<R>(&mut self, use_rng: impl FnOnce(&mut GameRng) -> R) -> R {
        let at = Position::of(&self.0);
        let mut rng = GameRng {
            stream: at,
            forcing: None,
        };
        let result = use_rng(&mut rng);
        if rng.stream != at {
            self.0 = rng.stream.rebuild();
        }
        result
    }
}

/// More forced outcomes than a generator holds ([`MAX_FORCED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("more than {MAX_FORCED} forced outcomes")]
pub struct TooManyForced;

/// Performs a transition that may meet forced outcomes, so that a misfit refuses it.
///
/// Engines call this instead of performing directly when [`GameRng::has_forced`] is true
/// (the fast path, with no forced outcome queued, pays nothing): `perform` runs on `state`
/// writing its events into a buffer; if a forced outcome did not fit a draw, `state` is
/// restored to what it was, no event is written and the misfit is returned; otherwise the
/// buffered events go to `log`.
///
/// # Errors
/// The [`ForcedMisfit`] met; `state` is then unchanged.
pub fn perform_with_forced<S: Clone, E, L: EventLog<E>>(
    state: &mut S,
    rng: impl Fn(&mut S) -> &mut GameRng,
    log: &mut L,
    perform: impl FnOnce(&mut S, &mut Vec<E>),
) -> Result<(), ForcedMisfit> {
    let before = state.clone();
    // A misfit left over from before (a loaded state) belongs to no action: clear it.
    rng(state).take_misfit();
    let mut events = Vec::new();
    perform(state, &mut events);
    if let Some(misfit) = rng(state).take_misfit() {
        *state = before;
        return Err(misfit);
    }
    for event in events {
        log.emit(|| event);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of `in_whole_blocks` answers as the full rejection rule does, at the
    /// edges of the top block and for random values, for small and huge `n`: draws, and so
    /// every shuffle and pick, are unchanged (the goldens check the same end to end).
    #[test]
    fn the_rejection_shortcut_answers_as_the_full_rule() {
        // The rule as it was written before the shortcut.
        let full = |x: u64, n: u64| {
            let zone = u64::MAX - (u64::MAX % n) - 1;
            x <= zone
        };
        let mut rng = GameRng::from_seed(5);
        let mut ns: Vec<u64> = (2..=300).collect();
        ns.extend([
            3 << 40,
            (1 << 63) - 1,
            1 << 63,
            (1 << 63) + 1,
            u64::MAX - 1,
            u64::MAX,
        ]);
        ns.extend((0..200).map(|_| rng.next_u64().max(2)));
        for n in ns {
            let zone = u64::MAX - (u64::MAX % n) - 1;
            let edges = [
                0,
                1,
                u64::MAX - n,
                u64::MAX - n + 1,
                zone - 1,
                zone,
                zone + 1,
            ];
            let random = (0..50).map(|_| rng.next_u64());
            for x in edges.into_iter().chain([u64::MAX]).chain(random) {
                assert_eq!(in_whole_blocks(x, n), full(x, n), "x = {x}, n = {n}");
            }
        }
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = GameRng::from_seed(42);
        let mut b = GameRng::from_seed(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_eq!(a, b);
    }

    /// A bot's buffered generator draws what a `GameRng` from the same seed draws, through
    /// picks, raw words and a resample run on a `GameRng` at its position.
    #[test]
    fn a_buffered_rng_draws_what_a_game_rng_draws() {
        let mut game = GameRng::from_seed(9);
        let mut buffered = BufferedRng::from_seed(9);
        let items: Vec<u32> = (0..13).collect();
        for round in 0..200usize {
            match round % 4 {
                0 => assert_eq!(buffered.below(round + 1), game.below(round + 1)),
                1 => assert_eq!(buffered.pick(&items), game.pick(&items)),
                2 => assert_eq!(buffered.next_u64(), game.next_u64()),
                _ => {
                    let mut a = items.clone();
                    let mut b = items.clone();
                    buffered.with_game_rng(|r| r.shuffle(&mut a));
                    game.shuffle(&mut b);
                    assert_eq!(a, b, "round {round}");
                }
            }
        }
        // A call that draws nothing leaves the stream where it was.
        buffered.with_game_rng(|_| ());
        assert_eq!(buffered.next_u64(), game.next_u64());
        assert_eq!(buffered.pick::<u32>(&[]), None);
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
        r.force_dice([6, 1]);
        assert_eq!(r.forced_dice().collect::<Vec<_>>(), vec![6, 1]);
        assert_eq!(r.roll_d6(2), 7);
        assert_eq!(r.forced_dice().count(), 0);
        assert!(!r.has_forced());
    }

    #[test]
    fn a_forced_die_that_does_not_fit_is_a_misfit() {
        let mut r = GameRng::from_seed(9);
        r.force_dice([9]);
        let roll = r.roll_die(6);
        assert!((1..=6).contains(&roll), "falls back to the stream");
        assert_eq!(
            r.take_misfit(),
            Some(ForcedMisfit::Die { value: 9, sides: 6 })
        );
        assert_eq!(r.take_misfit(), None);
    }

    #[test]
    fn forced_picks_choose_the_index_and_misfit_beyond_the_items() {
        let mut r = GameRng::from_seed(4);
        r.force([Forced::Pick(2), Forced::Pick(5)]).unwrap();
        assert_eq!(r.pick(&['a', 'b', 'c']), Some(&'c'));
        r.below(3);
        assert_eq!(
            r.take_misfit(),
            Some(ForcedMisfit::Pick { index: 5, count: 3 })
        );
    }

    #[test]
    fn each_draw_takes_only_an_outcome_of_its_kind() {
        let mut r = GameRng::from_seed(4);
        r.force([Forced::Die(3), Forced::Pick(1)]).unwrap();
        // A pick meets a forced die at the front: it draws from the stream and waits.
        r.below(10);
        assert_eq!(r.forced().count(), 2);
        assert_eq!(r.roll_die(6), 3);
        assert_eq!(r.below(10), 1);
        assert!(!r.has_forced());
        assert_eq!(r.take_misfit(), None);
    }

    #[test]
    fn a_forced_shuffle_fixes_the_top_and_shuffles_the_rest() {
        let mut r = GameRng::from_seed(8);
        let mut v: Vec<u32> = (0..20).collect();
        r.force([Forced::Shuffle(vec![7, 3, 19])]).unwrap();
        r.shuffle(&mut v);
        assert_eq!(
            &v[17..],
            &[19, 3, 7],
            "7 topmost (the last element), then 3, then 19"
        );
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        // The whole order.
        let mut w = vec![1u32, 2, 3];
        r.force([Forced::Shuffle(vec![2, 1, 3])]).unwrap();
        r.shuffle(&mut w);
        assert_eq!(w, vec![3, 1, 2]);
        assert_eq!(r.take_misfit(), None);
    }

    #[test]
    fn a_forced_shuffle_naming_a_missing_card_is_a_misfit() {
        let mut r = GameRng::from_seed(8);
        let mut v: Vec<u32> = vec![1, 2, 3];
        r.force([Forced::Shuffle(vec![2, 2])]).unwrap();
        r.shuffle(&mut v);
        assert_eq!(
            r.take_misfit(),
            Some(ForcedMisfit::Shuffle { key: 2, len: 3 })
        );
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, vec![1, 2, 3]);
    }

    #[test]
    fn the_queue_is_bounded() {
        let mut r = GameRng::from_seed(1);
        assert_eq!(
            r.force(std::iter::repeat_n(Forced::Die(1), MAX_FORCED + 1)),
            Err(TooManyForced)
        );
        assert!(!r.has_forced());
        r.force_dice(std::iter::repeat_n(1, MAX_FORCED * 2));
        assert_eq!(r.forced().count(), MAX_FORCED);
    }

    #[test]
    fn perform_with_forced_restores_on_a_misfit() {
        #[derive(Clone, Debug, PartialEq)]
        struct S {
            rng: GameRng,
            rolls: Vec<u8>,
        }
        let mut s = S {
            rng: GameRng::from_seed(2),
            rolls: vec![],
        };
        s.rng.force_dice([4, 8]);
        let before = s.clone();
        let mut log: Vec<u8> = Vec::new();
        let result = perform_with_forced(
            &mut s,
            |s| &mut s.rng,
            &mut log,
            |s, events| {
                for _ in 0..2 {
                    let r = s.rng.roll_die(6);
                    s.rolls.push(r);
                    events.push(r);
                }
            },
        );
        assert_eq!(result, Err(ForcedMisfit::Die { value: 8, sides: 6 }));
        assert_eq!(s, before);
        assert!(log.is_empty());
        s.rng = GameRng::from_seed(2);
        s.rng.force_dice([4, 5]);
        perform_with_forced(
            &mut s,
            |s| &mut s.rng,
            &mut log,
            |s, events| {
                events.push(s.rng.roll_die(6));
            },
        )
        .unwrap();
        assert_eq!(log, vec![4]);
    }

    #[test]
    fn json_round_trip_continues_the_stream() {
        let mut r = GameRng::from_seed(5);
        r.next_u64();
        r.force([Forced::Die(2), Forced::Pick(1), Forced::Shuffle(vec![3])])
            .unwrap();
        let json = serde_json::to_string(&r).unwrap();
        assert!(
            json.contains(r#"{"die":2},{"pick":1},{"shuffle":[3]}"#),
            "{json}"
        );
        let mut back: GameRng = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
        assert_eq!(back.roll_die(6), r.roll_die(6));
        assert_eq!(back.next_u64(), r.next_u64());
    }
}
