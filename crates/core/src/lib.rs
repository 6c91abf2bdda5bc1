//! Shared primitives of the fuda card-game engines.
//!
//! Every game crate builds on the same few pieces:
//!
//! - [`Seat`], [`SeatSet`] and [`Observer`]: who sits at the table, who may act now
//!   (several seats at once in a simultaneous phase) and who is looking;
//! - [`GameRng`]: the seeded, serializable ChaCha generator that lives inside every state,
//!   with shuffles, uniform picks and `nD6` rolls, and a queue of [`Forced`] outcomes that
//!   lets scenarios fix any random result (a die, a pick, a shuffle's top); a
//!   [`BufferedRng`] draws the same stream for bots and benches, outside any state;
//! - [`Pile`] and [`Counter`]: ordered card zones (inline up to a capacity) and
//!   non-negative counters; [`SeatLists`] and [`FixedSeatLists`]: one list per seat
//!   (Creature Clash!'s champion areas, a Mattsan player's zones) in one block;
//! - [`LastBuilt`]: a one-entry memo, so games of one configuration share their rules;
//!   [`KeptRules`] keeps the rules of a process's first configurations for its whole life,
//!   so a state's [`Shared`] handle to them clones without a reference count;
//! - the [`Game`] trait: the contract every engine keeps (pure `apply`, legal actions into a
//!   caller's buffer, per-observer views and redacted events, outcome);
//! - [`Replay`]: the versioned `{format_version, game, config, seed, actions}` file format.
//!
//! ```
//! use fuda_core::{GameRng, Pile};
//! let mut rng = GameRng::from_seed(7);
//! let mut deck: Pile<i32> = Pile::from_bottom_to_top(vec![1, 2, 3, 4, 5]);
//! deck.shuffle(&mut rng);
//! let top = deck.draw();
//! assert!(top.is_some());
//! assert_eq!(deck.len(), 4);
//! let roll = rng.roll_d6(2);
//! assert!((2..=12).contains(&roll));
//! ```
#![deny(missing_docs)]

mod card;
mod game;
mod memo;
mod pile;
mod replay;
mod rng;
mod seat;
mod seat_lists;
mod shared;
mod sorted;
mod stream;

/// Inline vectors for compact states (re-exported so every game uses the same versions):
/// `TinyVec` for the lists of `Copy` items a state holds (its inline arm is a plain array,
/// so such a list clones as one memory copy); `SmallVec` for lists of lists and of other
/// items that are not `Copy` (it clones only the live items, where an inline `TinyVec`
/// clones its whole array, unused slots included) and for transient lists of items without
/// a `Default` (events, actions).
pub use ::smallvec::{smallvec, SmallVec};
pub use ::tinyvec::{tiny_vec, ArrayVec, TinyVec};
pub use card::CardId;
pub use game::{
    seat_without_action, CardText, Conformance, Determinize, Encoding, EventLog, Game, NoEvents,
    Outcome, Positions, TextUi,
};
pub use memo::LastBuilt;
pub use pile::{Counter, Pile};
pub use replay::{digest, Replay, ReplayError, REPLAY_FORMAT_VERSION};
pub use rng::{
    perform_with_forced, BufferedRng, Forced, ForcedMisfit, GameRng, ShuffleKey, TooManyForced,
    MAX_FORCED,
};
pub use seat::{Observer, Seat, SeatSet, MAX_SEATS};
pub use seat_lists::{FixedSeatLists, ListBlock, SeatLists};
pub use shared::{KeptRules, Shared, KEPT_CONFIGURATIONS};
pub use sorted::{insert_sorted, remove_sorted};
