//! **fuda**: rules engines for four Japanese card games — Creature Clash! (2–6 players),
//! Uzumajin (2), Mattsan Card Game (2) and Monjan Colosseum (2–4) — with one contract:
//! a pure `apply(state, action) -> Result<state>`, legal actions in a stable order,
//! per-seat views that never hold hidden cards, redacted events, JSON forms of everything,
//! replays and position files.
//!
//! This umbrella crate re-exports the workspace, each game behind a feature (all on by
//! default):
//!
//! - [`core`]: the [`core::Game`] trait and the shared primitives (seats, the seeded
//!   generator, piles, replays);
//! - [`creature_clash`], [`uzumajin`], [`mattsan`], [`monjan`]: the four engines;
//! - [`bots`]: random, greedy and information-set MCTS players for any game;
//! - [`serve`]: the JSON-lines protocol for front ends in other languages.
//!
//! ```
//! use fuda::core::{Game, Observer, Seat};
//! use fuda::uzumajin::{Config, Uzumajin};
//! let state = Uzumajin::new_game(&Config::default(), 7).unwrap();
//! let mut legal = Vec::new();
//! Uzumajin::legal_actions(&state, &mut legal);
//! let next = Uzumajin::apply(&state, &legal[0]).unwrap();
//! assert!(Uzumajin::outcome(&next).is_none());
//! let _my_view = Uzumajin::view(&next, Observer::Seat(Seat(0)));
//! ```
//!
//! The repository's README gives the command-line program (`fuda play`, `fuda simulate`,
//! `fuda serve`, `fuda replay`), and its `docs/` folder the rules of each game as
//! implemented, their specifications, the protocol and the performance figures.
#![deny(missing_docs)]

pub use fuda_bots as bots;
pub use fuda_core as core;
pub use fuda_serve as serve;

#[cfg(feature = "creature-clash")]
pub use fuda_creature_clash as creature_clash;

#[cfg(feature = "uzumajin")]
pub use fuda_uzumajin as uzumajin;

#[cfg(feature = "mattsan")]
pub use fuda_mattsan as mattsan;

#[cfg(feature = "monjan")]
pub use fuda_monjan as monjan;
