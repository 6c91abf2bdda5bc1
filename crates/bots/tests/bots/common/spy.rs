//! `Spy<G>`: game `G` with a tripwire on the real state handed to a bot.
//!
//! A state marked real (`watched: Some(seat)`) may be read only as `seat` may read it: its
//! configuration, who acts, the outcome, `seat`'s legal actions and view, and
//! `resample` for `seat` (whose result is no longer marked). Anything else done to a
//! marked state — applying an action to it or to a clone of it, listing another seat's
//! legal actions, viewing it as another observer, resampling for someone else — counts
//! as a peek.

use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::marker::PhantomData;

thread_local! {
    static PEEKS: Cell<usize> = const { Cell::new(0) };
}

/// Peeks counted on this thread so far.
pub fn peeks() -> usize {
    PEEKS.with(Cell::get)
}

fn peek() {
    PEEKS.with(|p| p.set(p.get() + 1));
}

/// The wrapped game.
pub struct Spy<G>(PhantomData<G>);

/// A state of `G`, possibly marked as the real one a bot must not peek at.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SpyState<S> {
    /// The game's state.
    pub inner: S,
    /// The seat allowed to read it, if it is the real state.
    pub watched: Option<Seat>,
}

impl<S> SpyState<S> {
    /// The real state of a decision of `seat`.
    pub fn real(inner: S, seat: Seat) -> Self {
        SpyState {
            inner,
            watched: Some(seat),
        }
    }

    fn allows(&self, observer: Observer) -> bool {
        match self.watched {
            None => true,
            Some(seat) => observer == Observer::Seat(seat),
        }
    }
}

impl<G: Game> Game for Spy<G> {
    const NAME: &'static str = G::NAME;
    type Config = G::Config;
    type State = SpyState<G::State>;
    type Action = G::Action;
    type View = G::View;
    type Event = G::Event;
    type Error = G::Error;

    fn new_game(config: &G::Config, seed: u64) -> Result<SpyState<G::State>, G::Error> {
        G::new_game(config, seed).map(|inner| SpyState {
            inner,
            watched: None,
        })
    }

    fn config(state: &SpyState<G::State>) -> &G::Config {
        G::config(&state.inner)
    }

    fn to_act(state: &SpyState<G::State>) -> SeatSet {
        G::to_act(&state.inner)
    }

    fn actor(action: &G::Action) -> Seat {
        G::actor(action)
    }

    fn legal_actions_for(state: &SpyState<G::State>, seat: Seat, out: &mut Vec<G::Action>) {
        if !state.allows(Observer::Seat(seat)) {
            peek();
        }
        G::legal_actions_for(&state.inner, seat, out);
    }

    fn apply_logged<L: EventLog<G::Event>>(
        state: &mut SpyState<G::State>,
        action: &G::Action,
        log: &mut L,
    ) -> Result<(), G::Error> {
        if state.watched.is_some() {
            peek();
        }
        G::apply_logged(&mut state.inner, action, log)
    }

    fn view(state: &SpyState<G::State>, observer: Observer) -> G::View {
        if !state.allows(observer) {
            peek();
        }
        G::view(&state.inner, observer)
    }

    fn redact(event: &G::Event, observer: Observer) -> Option<G::Event> {
        G::redact(event, observer)
    }

    fn outcome(state: &SpyState<G::State>) -> Option<Outcome> {
        G::outcome(&state.inner)
    }
}

impl<G: Determinize> Determinize for Spy<G> {
    fn resample(
        state: &SpyState<G::State>,
        observer: Observer,
        rng: &mut GameRng,
    ) -> SpyState<G::State> {
        if !state.allows(observer) {
            peek();
        }
        SpyState {
            inner: G::resample(&state.inner, observer, rng),
            watched: None,
        }
    }
}

impl<G: Conformance> Conformance for Spy<G> {
    fn random_config(rng: &mut GameRng) -> G::Config {
        G::random_config(rng)
    }

    fn card_census(state: &SpyState<G::State>) -> Vec<u32> {
        G::card_census(&state.inner)
    }

    fn arbitrary_action(state: &SpyState<G::State>, rng: &mut GameRng) -> G::Action {
        G::arbitrary_action(&state.inner, rng)
    }

    fn max_actions(config: &G::Config) -> usize {
        G::max_actions(config)
    }

    fn num_seats(config: &G::Config) -> usize {
        G::num_seats(config)
    }

    fn heuristic(view: &G::View, seat: Seat) -> f64 {
        G::heuristic(view, seat)
    }
}
