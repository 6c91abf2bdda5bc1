//! Matches: many games between named bots, seats rotated, with win rates and their
//! confidence intervals.

use crate::runner::playout_seen;
use crate::spec::BotSpec;
use crate::{Bot, SearchTotals};
use fuda_core::{Conformance, GameRng, Outcome};
use std::fmt;
use std::time::{Duration, Instant};

/// Salt of the generator that seeds the bots of a match.
const MATCH_SALT: u64 = 0x6d61_7463_6862_6f74;

/// How one bot of a match did. A match's bots are its seats' entries, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRecord {
    /// Which bot.
    pub spec: BotSpec,
    /// Games it won (a shared win counts for each winner).
    pub wins: usize,
    /// Per seat: games it played there and games it won there.
    pub by_seat: Vec<(usize, usize)>,
    /// Per configuration of the match: games it played and won with it.
    pub by_config: Vec<(usize, usize)>,
    /// Its search work (zero for bots that do not search).
    pub search: SearchTotals,
}

/// The results of [`run_match`].
#[derive(Clone, Debug, PartialEq)]
pub struct MatchStats {
    /// Games played.
    pub games: usize,
    /// Actions played in all.
    pub steps: usize,
    /// Wall-clock time of the match.
    pub elapsed: Duration,
    /// Per bot entry (as given to [`run_match`]).
    pub bots: Vec<BotRecord>,
    /// Games that ended in a draw.
    pub draws: usize,
    /// Games that did not end (action bound reached or a bot stalled).
    pub unfinished: usize,
}

impl MatchStats {
    /// The share of games bot `entry` won, with its 95% Wilson score interval.
    pub fn win_rate(&self, entry: usize) -> (f64, f64, f64) {
        let wins = self.bots.get(entry).map_or(0, |b| b.wins);
        let (lo, hi) = wilson_interval(wins, self.games);
        let rate = if self.games == 0 {
            0.0
        } else {
            wins as f64 / self.games as f64
        };
        (rate, lo, hi)
    }
}

impl fmt::Display for MatchStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games, {} actions in {:.1?}; {} draws, {} unfinished",
            self.games, self.steps, self.elapsed, self.draws, self.unfinished
        )?;
        for (i, bot) in self.bots.iter().enumerate() {
            let (rate, lo, hi) = self.win_rate(i);
            write!(
                f,
                "  bot {i} {:<14} won {:5} ({:5.1}%, 95% CI {:5.1}-{:5.1}%)",
                bot.spec.to_string(),
                bot.wins,
                100.0 * rate,
                100.0 * lo,
                100.0 * hi
            )?;
            if bot.search.searches > 0 {
                write!(
                    f,
                    "; {:.0} iterations/s, {:.1} ms per search",
                    bot.search.iterations_per_second(),
                    bot.search.elapsed.as_secs_f64() * 1e3 / bot.search.searches as f64
                )?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The 95% Wilson score interval of `wins` successes in `games` trials (`(0, 1)` for no
/// games).
pub fn wilson_interval(wins: usize, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = games as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Plays `games` games between `bots` (one entry per seat) and counts each bot's wins.
///
/// Game `i` uses seed `base_seed + i` (wrapping) and rotates the table: bot entry `e`
/// sits at seat `(e + i) % n`, so every bot plays every seat equally often over a
/// multiple of `n` games. The configurations are cycled every `n` games (game `i` uses
/// `configs[(i / n) % configs.len()]`): give a configuration and its copy with the decks
/// swapped to alternate decks too. The bots are built afresh for each game, seeded from
/// `base_seed` and `i`, so any game can be replayed alone. Each game is cut off after
/// [`Conformance::max_actions`] actions. `progress`, if given, is called after each game
/// with `(games done, games)`.
///
/// # Errors
/// The game's error if it refuses a configuration. A configuration whose table is not
/// `bots.len()` seats gives [`MatchError::Seats`].
pub fn run_match<G: Conformance>(
    configs: &[G::Config],
    bots: &[BotSpec],
    games: usize,
    base_seed: u64,
    mut progress: Option<&mut dyn FnMut(usize, usize)>,
) -> Result<MatchStats, MatchError<G::Error>> {
    let start = Instant::now();
    let n = bots.len();
    if n == 0 || configs.is_empty() {
        return Err(MatchError::Seats { seats: 0, bots: n });
    }
    for config in configs {
        let seats = G::num_seats(config);
        if seats != n {
            return Err(MatchError::Seats { seats, bots: n });
        }
    }
    let mut stats = MatchStats {
        games,
        steps: 0,
        elapsed: Duration::ZERO,
        bots: bots
            .iter()
            .map(|&spec| BotRecord {
                spec,
                wins: 0,
                by_seat: vec![(0, 0); n],
                by_config: vec![(0, 0); configs.len()],
                search: SearchTotals::default(),
            })
            .collect(),
        draws: 0,
        unfinished: 0,
    };
    for i in 0..games {
        let config_index = (i / n) % configs.len();
        let config = &configs[config_index];
        let state =
            G::new_game(config, base_seed.wrapping_add(i as u64)).map_err(MatchError::Game)?;
        // Seat s is played by entry (s - i) mod n.
        let entry_at = |seat: usize| (seat + n - i % n) % n;
        let mut seeds = GameRng::from_seed(base_seed ^ MATCH_SALT ^ (i as u64).rotate_left(32));
        let entry_seeds: Vec<u64> = (0..n).map(|_| seeds.next_u64()).collect();
        let mut table: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|seat| {
                let e = entry_at(seat);
                bots[e].build::<G>(entry_seeds[e])
            })
            .collect();
        let (result, _) = playout_seen(state, &mut table, G::max_actions(config));
        stats.steps += result.steps;
        for (seat, bot) in table.iter().enumerate() {
            let record = &mut stats.bots[entry_at(seat)];
            record.search += bot.search_totals();
            record.by_seat[seat].0 += 1;
            record.by_config[config_index].0 += 1;
        }
        match result.outcome {
            Some(Outcome::Winners(winners)) => {
                for seat in winners.iter().filter(|s| s.index() < n) {
                    let record = &mut stats.bots[entry_at(seat.index())];
                    record.wins += 1;
                    record.by_seat[seat.index()].1 += 1;
                    record.by_config[config_index].1 += 1;
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

/// Why [`run_match`] could not play.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MatchError<E: std::error::Error + 'static> {
    /// The game refused a configuration.
    #[error("the game refused the configuration: {0}")]
    Game(#[source] E),
    /// The bots do not fill the table.
    #[error("{bots} bots for a table of {seats} seats")]
    Seats {
        /// Seats of the configuration.
        seats: usize,
        /// Bots given.
        bots: usize,
    },
}
