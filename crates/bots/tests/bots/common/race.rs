//! Race: a tiny perfect-information game with a known best move, for search tests.
//!
//! Two players take turns adding 1, 2 or 3 to a running total that starts at `start`;
//! whoever brings it to `target` wins (a move may not overshoot). The player to move wins
//! exactly when `target - total` is not a multiple of 4, by leaving a multiple of 4.

use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The game.
pub struct Race;

/// Where the race starts and ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RaceConfig {
    /// The total at the start.
    pub start: u32,
    /// The total that wins.
    pub target: u32,
}

impl Default for RaceConfig {
    fn default() -> Self {
        RaceConfig {
            start: 0,
            target: 21,
        }
    }
}

/// Everything (nothing is hidden).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RaceState {
    /// The rules.
    pub config: RaceConfig,
    /// The running total.
    pub total: u32,
    /// Whose move it is.
    pub to_move: Seat,
    /// The winner, once there is one.
    pub winner: Option<Seat>,
}

/// Add `step` to the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Add {
    /// Who adds.
    pub seat: Seat,
    /// 1, 2 or 3.
    pub step: u32,
}

/// A refused move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a legal move")
    }
}

impl std::error::Error for Refused {}

impl Game for Race {
    const NAME: &'static str = "race";
    type Config = RaceConfig;
    type State = RaceState;
    type Action = Add;
    type View = RaceState;
    type Event = Add;
    type Error = Refused;

    fn new_game(config: &RaceConfig, _seed: u64) -> Result<RaceState, Refused> {
        if config.start > config.target {
            return Err(Refused);
        }
        Ok(RaceState {
            config: *config,
            total: config.start,
            to_move: Seat(0),
            winner: None,
        })
    }

    fn config(state: &RaceState) -> &RaceConfig {
        &state.config
    }

    fn to_act(state: &RaceState) -> SeatSet {
        if state.winner.is_some() {
            SeatSet::EMPTY
        } else {
            SeatSet::only(state.to_move)
        }
    }

    fn actor(action: &Add) -> Seat {
        action.seat
    }

    fn legal_actions_for(state: &RaceState, seat: Seat, out: &mut Vec<Add>) {
        out.clear();
        if state.winner.is_none() && seat == state.to_move {
            let room = state.config.target - state.total;
            out.extend((1..=room.min(3)).map(|step| Add { seat, step }));
        }
    }

    fn apply_logged<L: EventLog<Add>>(
        state: &mut RaceState,
        action: &Add,
        log: &mut L,
    ) -> Result<(), Refused> {
        let room = state.config.target - state.total;
        if state.winner.is_some()
            || action.seat != state.to_move
            || !(1..=room.min(3)).contains(&action.step)
        {
            return Err(Refused);
        }
        state.total += action.step;
        if state.total == state.config.target {
            state.winner = Some(action.seat);
        }
        state.to_move = action.seat.next(2);
        log.emit(|| *action);
        Ok(())
    }

    fn view(state: &RaceState, _observer: Observer) -> RaceState {
        state.clone()
    }

    fn redact(event: &Add, _observer: Observer) -> Option<Add> {
        Some(*event)
    }

    fn outcome(state: &RaceState) -> Option<Outcome> {
        state.winner.map(|w| Outcome::Winners(SeatSet::only(w)))
    }
}

impl Determinize for Race {
    fn resample(state: &RaceState, _observer: Observer, _rng: &mut GameRng) -> RaceState {
        state.clone()
    }
}

impl Conformance for Race {
    fn random_config(_rng: &mut GameRng) -> RaceConfig {
        RaceConfig::default()
    }

    fn card_census(_state: &RaceState) -> Vec<u32> {
        Vec::new()
    }

    fn arbitrary_action(_state: &RaceState, rng: &mut GameRng) -> Add {
        Add {
            seat: Seat(rng.below(3) as u8),
            step: rng.below(5) as u32,
        }
    }

    fn max_actions(config: &RaceConfig) -> usize {
        (config.target - config.start) as usize
    }

    fn num_seats(_config: &RaceConfig) -> usize {
        2
    }

    /// Ahead means having just moved to a multiple of 4 short of the target.
    fn heuristic(view: &RaceState, seat: Seat) -> f64 {
        match view.winner {
            Some(w) if w == seat => 1000.0,
            Some(_) => -1000.0,
            None => {
                let good = (view.config.target - view.total) % 4 == 0;
                if good == (view.to_move != seat) {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}
