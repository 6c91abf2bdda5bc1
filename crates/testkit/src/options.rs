//! The knobs of the checks.

use fuda_core::MAX_SEATS;

/// How strictly the leak check judges the events an observer is shown.
///
/// The check compares the real game with a game resampled for an observer (everything it
/// may not know re-randomized), after the same action. If the observer's views after
/// both agree, the events it is shown should agree too: otherwise they tell it something
/// its view does not. That is a leak, unless the information was transient and lawful,
/// which the kit cannot tell from a leak without knowing the rules: a hand discarded face
/// up and shuffled into the deck (a public reveal the view after no longer shows), the
/// order of one's own draws, or which card one stole at random when a later draw happens
/// to leave the same hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EventLeakCheck {
    /// Equal views after the action require equal redacted event lists (default). A game
    /// with transient reveals passes it only if its view keeps what was revealed.
    #[default]
    Strict,
    /// Equal views after the action require the same redacted events in any order, except
    /// for the actor (who may learn the random results of its own action) and where the
    /// spectator's (public) events differ too (a public reveal). Still catches events that
    /// show a seat more than the public sees about an action not its own; misses events
    /// that show everyone a secret, and leaks through event order.
    Lenient,
    /// No event comparison (views and legal actions are still compared).
    Off,
}

/// Tuning knobs of the checks. The defaults check everything at every step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// How many legal actions of each state are applied to check that they are accepted;
    /// all of them when the list is this short (default 16).
    pub apply_all_limit: usize,
    /// How many [`crate::Conformance::arbitrary_action`] candidates are tried in each state
    /// (default 4).
    pub arbitrary_per_step: usize,
    /// How many actions from the pool of earlier actions (earlier states of this game and
    /// earlier games) are tried in each state (default 4).
    pub pool_per_step: usize,
    /// How many earlier actions the pool keeps (default 256).
    pub pool_capacity: usize,
    /// Run the leak check every this many steps: 1 = every step (default), 0 = never.
    pub leak_check_every: usize,
    /// How the leak check judges events (default [`EventLeakCheck::Strict`]).
    pub event_leaks: EventLeakCheck,
    /// Run the JSON round trips every this many steps: 1 = every step (default), 0 = never.
    pub json_every: usize,
    /// The longest list of choices proptest generates for one game (default 64); later
    /// choices come from a generator seeded with the game's seed.
    pub max_choices: usize,
    /// How many simplifications proptest tries when shrinking a failing game (default 256).
    pub shrink_iters: u32,
    /// The longest Debug excerpt of a state or value quoted in a violation, in characters
    /// (default 2000).
    pub excerpt_chars: usize,
    /// Seats `0..seats` are questioned at every step (their legal actions, views and leak
    /// checks), plus the spectator. The default, [`MAX_SEATS`], covers every table; seats
    /// beyond a game's table must then answer like nobody in particular: no legal action,
    /// and a view that shows nothing hidden. Lower it to the game's largest table to save
    /// time.
    pub seats: usize,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            apply_all_limit: 16,
            arbitrary_per_step: 4,
            pool_per_step: 4,
            pool_capacity: 256,
            leak_check_every: 1,
            event_leaks: EventLeakCheck::Strict,
            json_every: 1,
            max_choices: 64,
            shrink_iters: 256,
            excerpt_chars: 2000,
            seats: MAX_SEATS,
        }
    }
}
