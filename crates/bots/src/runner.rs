//! Playouts: games played to the end by bots, one at a time or many with statistics.

use crate::bots::{Bot, GreedyBot, RandomBot};
use crate::table::bot_moves;
use fuda_core::Conformance;
use fuda_core::{Game, GameRng, Outcome, Seat, SeatSet, MAX_SEATS};
use std::fmt;
use std::time::{Duration, Instant};

/// Salt of the generator that seeds the bots of [`run_playouts`].
const BOT_SALT: u64 = 0xb075_5eed_0000_0003;

/// How a playout ended.
pub struct PlayoutResult<G: Game> {
    /// How many actions were played.
    pub steps: usize,
    /// How the game ended; `None` if it stopped first (step limit or a bot without action).
    pub outcome: Option<Outcome>,
    /// The seat whose bot returned no action or a refused one, if that stopped the game.
    pub stalled: Option<Seat>,
    /// The final state.
    pub state: G::State,
}

impl<G: Game> fmt::Debug for PlayoutResult<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayoutResult")
            .field("steps", &self.steps)
            .field("outcome", &self.outcome)
            .field("stalled", &self.stalled)
            .field("state", &self.state)
            .finish()
    }
}

/// Plays `state` on with bots until the game ends or `max_steps` actions were played.
///
/// Seat `i` is played by `bots[i % bots.len()]` (one bot may play every seat). Moves are
/// asked for through [`bot_moves`]: in a simultaneous phase each bot plays its part
/// without seeing the others' moves of that phase. The playout stops early if a bot
/// returns `None` or an action its own position refuses (`stalled` names the seat); with
/// no bots it stops at once. Uses the fast apply path (no events).
pub fn playout<G: Game>(
    state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: usize,
) -> PlayoutResult<G> {
    playout_seen(state, bots, max_steps).0
}

/// [`playout`], also returning every seat that was asked to act.
pub(crate) fn playout_seen<G: Game>(
    mut state: G::State,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: usize,
) -> (PlayoutResult<G>, SeatSet) {
    let mut steps = 0;
    let mut stalled = None;
    let mut seen = SeatSet::EMPTY;
    let everyone = SeatSet::all(MAX_SEATS);
    while steps < max_steps && !bots.is_empty() {
        let to_act = G::to_act(&state);
        seen = to_act.iter().fold(seen, SeatSet::with);
        let Some(first) = to_act.first() else {
            break;
        };
        let moves = bot_moves(&state, everyone, bots, max_steps - steps);
        let mut applied = 0;
        for action in &moves.actions {
            if steps >= max_steps || G::apply_in_place(&mut state, action).is_err() {
                break;
            }
            applied += 1;
            steps += 1;
        }
        // The first move was chosen in this very state: if it is refused, the bot is
        // broken. Later moves of a simultaneous phase may clash and are asked again.
        let refused = applied == 0 && steps < max_steps;
        if moves.stalled.is_some() || refused {
            stalled = moves
                .stalled
                .or_else(|| moves.actions.first().map(G::actor))
                .or(Some(first));
            break;
        }
    }
    let result = PlayoutResult {
        steps,
        outcome: G::outcome(&state),
        stalled,
        state,
    };
    (result, seen)
}

/// Which bots [`run_playouts`] seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// A [`RandomBot`] at every seat.
    Random,
    /// A [`GreedyBot`] at every seat.
    Greedy,
    /// A [`GreedyBot`] at seat 0 and a [`RandomBot`] at every other seat.
    GreedyVsRandom,
}

/// Statistics of many playouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutStats {
    /// How many games were played.
    pub games: usize,
    /// How many actions were played in all.
    pub steps: usize,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
    /// Per seat, how many games it won (a shared win counts for every winner); seats
    /// `0..n` where `n - 1` is the highest seat that acted or won.
    pub wins: Vec<usize>,
    /// How many games ended in a draw.
    pub draws: usize,
    /// How many games did not end (step limit reached or a bot stalled).
    pub unfinished: usize,
}

impl PlayoutStats {
    /// The share of games `seat` won (0 when no game was played).
    pub fn win_rate(&self, seat: Seat) -> f64 {
        let wins = self.wins.get(seat.index()).copied().unwrap_or(0);
        if self.games == 0 {
            0.0
        } else {
            wins as f64 / self.games as f64
        }
    }

    /// Average number of actions per game (0 when no game was played).
    pub fn mean_steps(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.steps as f64 / self.games as f64
        }
    }
}

impl fmt::Display for PlayoutStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} steps ({:.1} per game) in {:.2?}; wins per seat {:?}, {} draws, {} unfinished",
            self.games,
            self.steps,
            self.mean_steps(),
            self.elapsed,
            self.wins,
            self.draws,
            self.unfinished
        )
    }
}

/// Plays `games` games from `config` with the bots of `kind` and counts the results.
///
/// Game `i` uses seed `base_seed + i` (wrapping), so any game can be replayed alone; the
/// bots are seeded from `base_seed` too, so the whole run is reproducible. Each game is
/// cut off after [`Conformance::max_actions`] actions. `progress`, if given, is called
/// after each game with `(games done, games)`.
///
/// # Errors
/// The game's error if it refuses the configuration.
pub fn run_playouts<G: Conformance>(
    config: &G::Config,
    games: usize,
    base_seed: u64,
    kind: BotKind,
    mut progress: Option<&mut dyn FnMut(usize, usize)>,
) -> Result<PlayoutStats, G::Error> {
    let start = Instant::now();
    // Bots for every possible seat: the kit does not know the table size in advance.
    let seats = MAX_SEATS;
    let max_steps = G::max_actions(config);
    let mut seeds = GameRng::from_seed(base_seed ^ BOT_SALT);
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|seat| -> Box<dyn Bot<G>> {
            let seed = seeds.next_u64();
            match (kind, seat) {
                (BotKind::Greedy, _) | (BotKind::GreedyVsRandom, 0) => {
                    Box::new(GreedyBot::<G>::new(seed))
                }
                _ => Box::new(RandomBot::<G>::new(seed)),
            }
        })
        .collect();
    let mut stats = PlayoutStats {
        games,
        steps: 0,
        elapsed: Duration::ZERO,
        wins: Vec::new(),
        draws: 0,
        unfinished: 0,
    };
    for i in 0..games {
        let state = G::new_game(config, base_seed.wrapping_add(i as u64))?;
        let (result, seen) = playout_seen(state, &mut bots, max_steps);
        stats.steps += result.steps;
        let mut grow = |set: SeatSet| {
            if let Some(last) = set.iter().last() {
                if stats.wins.len() <= last.index() {
                    stats.wins.resize(last.index() + 1, 0);
                }
            }
        };
        grow(seen);
        match result.outcome {
            Some(Outcome::Winners(winners)) => {
                grow(winners);
                for seat in winners.iter() {
                    stats.wins[seat.index()] += 1;
                }
            }
            Some(Outcome::Draw) => stats.draws += 1,
            None => stats.unfinished += 1,
        }
        if let Some(report) = progress.as_mut() {
            report(i + 1, games);
        }
    }
    stats.elapsed = start.elapsed();
    Ok(stats)
}
