//! Asking a bot for one seat's move in the middle of a simultaneous phase.

use fuda_core::{Game, Seat};

/// Where the current simultaneous phase (several seats to act at once, such as Monjan's
/// edit turn) began, and the moves played in it since, so that a bot asked for one seat's
/// move decides as if no other seat had moved yet: the state at the phase's start with
/// only that seat's own moves of the phase replayed. Whatever a game's `resample` does
/// with pending moves, no bot is shown another seat's move of the same phase.
pub struct SimultaneousPhase<G: Game> {
    /// The state when the phase began and every move played in it since.
    start: Option<(G::State, Vec<G::Action>)>,
}

impl<G: Game> Clone for SimultaneousPhase<G> {
    fn clone(&self) -> Self {
        SimultaneousPhase {
            start: self.start.clone(),
        }
    }
}

impl<G: Game> SimultaneousPhase<G> {
    /// The phase tracking of a game in `state` (a game just begun, or loaded).
    pub fn new(state: &G::State) -> Self {
        let mut phase = SimultaneousPhase { start: None };
        phase.begin_if_simultaneous(state);
        phase
    }

    /// Notes `action`, just applied, which led to `after`.
    pub fn record(&mut self, action: &G::Action, after: &G::State) {
        let now = G::to_act(after);
        match &mut self.start {
            Some((start, moves))
                if now.len() > 1 && now.iter().all(|s| G::to_act(start).contains(s)) =>
            {
                moves.push(action.clone());
            }
            _ => self.begin_if_simultaneous(after),
        }
    }

    fn begin_if_simultaneous(&mut self, state: &G::State) {
        self.start = (G::to_act(state).len() > 1).then(|| (state.clone(), Vec::new()));
    }

    /// The state a bot of `seat` decides in: `current`, or in a simultaneous phase the
    /// state at its start with only `seat`'s own moves of the phase replayed.
    pub fn bot_state(&self, current: &G::State, seat: Seat) -> G::State {
        let Some((start, moves)) = &self.start else {
            return current.clone();
        };
        let mut branch = start.clone();
        for action in moves.iter().filter(|a| G::actor(a) == seat) {
            if G::apply_in_place(&mut branch, action).is_err() {
                // A seat's moves always apply without the others'; should a game make
                // them depend on each other, decide in the real state rather than fail.
                return current.clone();
            }
        }
        branch
    }
}
