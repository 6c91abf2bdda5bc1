//! Players for any fuda game, generic over [`fuda_core::Game`] and
//! [`fuda_core::Determinize`], with no test tools: the examples, the server and users
//! depend on it directly.
//!
//! - [`RandomBot`]: uniform among the legal actions;
//! - [`GreedyBot`]: one step ahead, judged by [`fuda_core::Conformance::heuristic`] on its
//!   own view of a determinized world;
//! - [`playout`] and [`run_playouts`]: games played to the end by bots, with statistics.
#![deny(missing_docs)]

mod bots;
mod runner;

pub use bots::{Bot, GreedyBot, RandomBot};
pub use runner::{playout, run_playouts, BotKind, PlayoutResult, PlayoutStats};
