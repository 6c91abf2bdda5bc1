//! Players for any fuda game, generic over [`fuda_core::Game`] and
//! [`fuda_core::Determinize`], with no test tools: the `fuda` command, the server and users
//! depend on it directly.
//!
//! - [`RandomBot`]: uniform among the legal actions;
//! - [`GreedyBot`]: one step ahead, judged by [`fuda_core::Conformance::heuristic`] on its
//!   own view of a determinized world;
//! - [`IsmctsBot`]: information-set Monte Carlo tree search (see [`ismcts`]);
//! - [`BotSpec`] and [`BotList`]: bots named in text (`random`, `greedy`, `ismcts`,
//!   `ismcts:1000`, `ismcts:500ms`; `ismcts:1000,greedy` one per seat), built for any game;
//! - [`bot_moves`]: the next moves of the bots at a table, simultaneous phases played
//!   blind, and [`SimultaneousPhase`]: one seat's bot move in a simultaneous phase, blind;
//! - [`playout`], [`run_playouts`] and [`run_match`]: games played to the end by bots,
//!   with statistics (win rates with 95% confidence intervals).
//!
//! ```
//! # fn main() -> Result<(), fuda_bots::SpecError> {
//! use fuda_bots::{BotList, BotSpec, Budget};
//! let bots: BotList = "ismcts:1000,greedy".parse()?;
//! assert_eq!(
//!     bots.for_seats(3)?,
//!     [BotSpec::ismcts(Budget::Iterations(1000)), BotSpec::Greedy, BotSpec::Greedy]
//! );
//! assert!("ismcts:lots".parse::<BotSpec>().is_err());
//! # Ok(())
//! # }
//! ```
#![deny(missing_docs)]

mod bots;
pub mod ismcts;
mod matches;
mod phase;
mod runner;
mod spec;
mod table;

pub use bots::{Bot, GreedyBot, RandomBot, SearchTotals};
pub use ismcts::{Budget, IsmctsBot, IsmctsConfig, SearchReport};
pub use matches::{run_match, wilson_interval, BotRecord, MatchError, MatchStats};
pub use phase::SimultaneousPhase;
pub use runner::{playout, run_playouts, BotKind, PlayoutResult, PlayoutStats};
pub use spec::{BotList, BotSpec, SpecError, MAX_BUDGET};
pub use table::{bot_moves, BotMoves};
