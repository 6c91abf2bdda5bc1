//! The conformance suite every fuda game runs, plus bots and a playout runner.
//!
//! A game implements [`Conformance`] (defined in `fuda-core` beside [`fuda_core::Game`]
//! and [`fuda_core::Determinize`], re-exported here) and gets, for free:
//!
//! - [`run_conformance`] / [`check_game`]: random games (OpenSpiel's random simulation
//!   test, made stronger) checking at every step that
//!   - the game is over exactly when nobody may act and no action is legal; every seat in
//!     `to_act` has legal actions and no other seat has any;
//!   - each seat's legal actions are strictly increasing and name that seat as actor, and
//!     `legal_actions` is their concatenation;
//!   - legal actions are accepted and `apply` leaves its input unchanged;
//!   - arbitrary and earlier-seen actions that are not listed are refused by `apply`,
//!     `apply_in_place` and `apply_logged`, leaving the state unchanged and emitting no
//!     event;
//!   - `apply`, `apply_in_place` and `apply_with_events` agree;
//!   - state, action, events, every view and the configuration survive a JSON round trip,
//!     and a reloaded state continues identically;
//!   - the card census never changes;
//!   - nothing leaks: for each seat and the spectator, resampling what it may not know
//!     leaves its view (and its legal actions) unchanged, and the events it is shown after
//!     the same action are the same whenever its views agree (see [`EventLeakCheck`] for
//!     lawful transient reveals);
//!   - the game ends within [`Conformance::max_actions`] actions, and a JSON
//!     [`fuda_core::Replay`] of the seed and actions reproduces the final state.
//! - [`fuzz_one`] / [`run_corpus`]: the same checks driven by fuzzer bytes; [`fuzz_play`]
//!   (the cheap invariants, fast enough for coverage-guided fuzzing) and [`fuzz_load`]
//!   (arbitrary state, replay, configuration, card-set and position files) are the bodies
//!   of the fuzz targets.
//! - [`RandomBot`], [`GreedyBot`], [`playout`] and [`run_playouts`] for simulations,
//!   re-exported from `fuda-bots`.
//!
//! Every check runs for seats `0..CheckOptions::seats` (default: every possible seat, as
//! the trait does not tell the table size; seats beyond the table must have no legal
//! action and see nothing hidden) and the spectator.
//!
//! ```ignore
//! // In a game crate's tests (`MyGame: Conformance`):
//! use fuda_testkit::{run_conformance, CheckOptions};
//! let report = run_conformance::<MyGame>(2_000, 1, &CheckOptions::default())
//!     .unwrap_or_else(|failure| panic!("{failure}"));
//! println!("{report}");
//! ```
#![deny(missing_docs)]

pub mod allocations;
mod checks;
mod conformance;
pub mod encoding;
mod fuzz;
pub mod golden;
mod options;
mod pool;
mod suite;
mod violation;

pub use conformance::Conformance;
pub use fuda_bots::{
    playout, run_playouts, Bot, BotKind, GreedyBot, PlayoutResult, PlayoutStats, RandomBot,
};
pub use fuzz::{
    fuzz_check, fuzz_load, fuzz_load_one, fuzz_one, fuzz_one_with, fuzz_play, fuzz_play_one,
    load_card_set, load_config, load_position, load_replay, load_state, run_corpus,
    run_corpus_with, run_load_corpus, Loader,
};
pub use options::{CheckOptions, EventLeakCheck};
pub use suite::{check_game, run_conformance, FailingCase, GameReport, SuiteFailure, SuiteReport};
pub use violation::{Check, Violation};
