//! Simple players for playouts, simulations and the `fuda` command.

use fuda_core::Conformance;
use fuda_core::{BufferedRng, Game, Observer, Seat};
use std::fmt;

/// A player that picks actions for a seat. Examples mix bots and humans behind it.
pub trait Bot<G: Game> {
    /// An action for `seat` in `state`, or `None` when it has none (or declines to choose).
    ///
    /// A bot may read of `state` only what `seat` may know: its view and legal actions,
    /// and [`fuda_core::Determinize::resample`]d worlds.
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action>;

    /// How much searching the bot has done so far (zero for bots that do not search).
    fn search_totals(&self) -> SearchTotals {
        SearchTotals::default()
    }
}

/// A searching bot's work since it was built, summed over its decisions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchTotals {
    /// Decisions that needed a search (more than one legal action).
    pub searches: u64,
    /// Search iterations in all.
    pub iterations: u64,
    /// Time spent searching.
    pub elapsed: std::time::Duration,
}

impl std::ops::AddAssign for SearchTotals {
    fn add_assign(&mut self, other: SearchTotals) {
        self.searches += other.searches;
        self.iterations += other.iterations;
        self.elapsed += other.elapsed;
    }
}

impl SearchTotals {
    /// Iterations per second of search (0 before any search).
    pub fn iterations_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.iterations as f64 / secs
        } else {
            0.0
        }
    }
}

/// Picks uniformly among the legal actions of its seat.
pub struct RandomBot<G: Game> {
    rng: BufferedRng,
    /// Reused buffer of legal actions (no allocation in steady state).
    legal: Vec<G::Action>,
}

impl<G: Game> RandomBot<G> {
    /// A random bot drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: BufferedRng::from_seed(seed),
            legal: Vec::new(),
        }
    }
}

impl<G: Game> fmt::Debug for RandomBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RandomBot").finish_non_exhaustive()
    }
}

impl<G: Game> Bot<G> for RandomBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        G::legal_actions_for(state, seat, &mut self.legal);
        self.rng.pick(&self.legal).cloned()
    }
}

/// Plays the action that looks best one step ahead, judged by [`Conformance::heuristic`]
/// on its own view.
///
/// It never looks at the true hidden state: each decision first determinizes
/// ([`fuda_core::Determinize::resample`] for its seat), then scores every legal action in
/// that sampled world. All actions are scored in the same samples so that they are
/// compared fairly; ties are broken at random. Actions that are not legal in a sample are
/// not scored in it, and an action never scored ranks last. When a position offers more
/// than [`GreedyBot::MAX_SCORED`] actions, a random sample of that many is scored, so
/// that one decision stays cheap whatever the position.
pub struct GreedyBot<G: Game> {
    rng: BufferedRng,
    samples: usize,
    legal: Vec<G::Action>,
    /// The indices (into `legal`, in order) of the actions scored.
    candidates: Vec<usize>,
    /// Per candidate: sum of scores and number of samples it was scored in.
    scores: Vec<(f64, u32)>,
}

impl<G: Conformance> GreedyBot<G> {
    /// The most actions one decision scores (the sample games offer at most a few hundred).
    pub const MAX_SCORED: usize = 1024;

    /// A greedy bot using one determinization per decision, seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self::with_samples(seed, 1)
    }

    /// A greedy bot averaging each action's score over `samples` determinizations (at
    /// least one).
    pub fn with_samples(seed: u64, samples: usize) -> Self {
        GreedyBot {
            rng: BufferedRng::from_seed(seed),
            samples: samples.max(1),
            legal: Vec::new(),
            candidates: Vec::new(),
            scores: Vec::new(),
        }
    }
}

impl<G: Game> fmt::Debug for GreedyBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GreedyBot")
            .field("samples", &self.samples)
            .finish_non_exhaustive()
    }
}

impl<G: Conformance> Bot<G> for GreedyBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        G::legal_actions_for(state, seat, &mut self.legal);
        if self.legal.len() <= 1 {
            return self.legal.first().cloned();
        }
        let me = Observer::Seat(seat);
        self.candidates.clear();
        self.candidates.extend(0..self.legal.len());
        let max = Self::MAX_SCORED;
        if self.candidates.len() > max {
            for k in 0..max {
                let j = k + self.rng.below(self.candidates.len() - k);
                self.candidates.swap(k, j);
            }
            self.candidates.truncate(max);
            self.candidates.sort_unstable();
        }
        self.scores.clear();
        self.scores.resize(self.candidates.len(), (0.0, 0));
        for _ in 0..self.samples {
            let world = self.rng.with_game_rng(|rng| G::resample(state, me, rng));
            for (&i, score) in self.candidates.iter().zip(&mut self.scores) {
                if let Ok(next) = G::apply(&world, &self.legal[i]) {
                    let value = G::heuristic(&G::view(&next, me), seat);
                    if !value.is_nan() {
                        score.0 += value;
                        score.1 += 1;
                    }
                }
            }
        }
        // Reservoir choice among the best: each tied action is kept with equal chance.
        let mut best = f64::NEG_INFINITY;
        let mut pick = 0;
        let mut ties = 0usize;
        for (i, &(sum, n)) in self.scores.iter().enumerate() {
            let mean = if n == 0 {
                f64::NEG_INFINITY
            } else {
                sum / f64::from(n)
            };
            match mean.total_cmp(&best) {
                std::cmp::Ordering::Greater => {
                    best = mean;
                    pick = i;
                    ties = 1;
                }
                std::cmp::Ordering::Equal => {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        pick = i;
                    }
                }
                std::cmp::Ordering::Less => {}
            }
        }
        let pick = self.candidates.get(pick)?;
        self.legal.get(*pick).cloned()
    }
}
