//! The conformance suite every fuda game runs, plus bots and a playout runner.
#![deny(missing_docs)]

use fuda_core::{Determinize, GameRng, Seat};

/// What a game provides so that the generic suite can test it.
pub trait Conformance: Determinize {
    /// A configuration for random playouts: varied player counts and options, always
    /// with a turn limit (or equivalent) so that every game ends.
    fn random_config(rng: &mut GameRng) -> Self::Config;

    /// Every card of the state in every zone, as a sorted list of card ids (for the card
    /// conservation check: it never changes during a game).
    fn card_census(state: &Self::State) -> Vec<u32>;

    /// An arbitrary action for this state, usually illegal: any seat, any card id, any
    /// target (used to check that illegal actions are refused and change nothing).
    fn arbitrary_action(state: &Self::State, rng: &mut GameRng) -> Self::Action;

    /// An upper bound on the number of actions a game created from `config` takes.
    fn max_actions(config: &Self::Config) -> usize;

    /// How well `seat` is doing, judged from its own view only (higher is better); used by
    /// the greedy bot.
    fn heuristic(view: &Self::View, seat: Seat) -> f64;
}
