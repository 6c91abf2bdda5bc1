//! Information-set Monte Carlo tree search for one observer (SO-ISMCTS, Cowling, Powley &
//! Whitehouse 2012), the way OpenSpiel's `ismcts` does it.
//!
//! Each iteration of a decision of seat `me`:
//!
//! 1. **Determinize**: [`Determinize::resample`] samples a full state `me` cannot tell
//!    apart from the real one (other hands, deck orders, face-down cards and the state's
//!    generator, so every future die and shuffle too). This is the only way the search
//!    learns anything about the real state beyond `me`'s own legal actions.
//! 2. **Select**: from the root, one tree node per action played; a node is the sequence
//!    of actions from the root. At each node the seat to act lists its legal actions in
//!    this determinization; every child whose action is among them has its availability
//!    count raised, and UCT picks the available child with the best
//!    `mean + c·sqrt(ln(availability) / visits)`. Children whose action is not legal in
//!    this world are skipped.
//! 3. **Expand**: at the first node with a legal action that has no child yet, one such
//!    action (chosen at random) becomes a new child, unless the tree already holds
//!    [`IsmctsConfig::max_nodes`] nodes (then selection goes on among the existing
//!    children, or the rollout starts where none is available).
//! 4. **Roll out**: uniformly random actions to the end of the game, or for
//!    [`IsmctsConfig::rollout_depth`] actions, after which the leaf is judged (see
//!    [`IsmctsBot::with_heuristic`]).
//! 5. **Back up**: every node on the path adds the reward of the seat whose action led to
//!    it, so each seat maximizes its own reward (multi-player: 1 shared among the winners,
//!    0 for the others; a draw is worth 1/2 to everyone).
//!
//! **Several seats to act** (a simultaneous phase such as Monjan's edit turn): the
//! deciding seat acts first whenever it is among them, the others after it (lowest seat
//! first) once it is done. So the deciding seat's own nodes never follow another seat's
//! moves of the same phase, which it could not have seen; the other seats, simulated after
//! it, are modelled as if they saw its moves (a cautious assumption). Other seats' moves
//! already made in the real state are the game's to hide: `resample` must re-randomize
//! them (see `docs/bots.md`), and [`crate::bot_moves`] never hands a bot a state holding
//! them.
//!
//! **Bounds**: the tree holds at most `max_nodes` nodes (each iteration adds at most
//! one), the path at most that many steps and a rollout at most
//! [`ROLLOUT_CAP`] actions; nothing else grows with the budget. The work of a decision is
//! bounded too, whatever the position: it lists at most about
//! [`IsmctsConfig::max_listed`] legal actions in all (listing, and looking each listed
//! action up in the tree, is what a position offering hundreds of thousands of actions
//! makes costly). Once that many are listed, the iteration under way stops where it is
//! (its leaf judged as it stands) and the search ends: a deterministic bound, unlike time.
//!
//! **Determinism**: every random choice (the determinizations, expansion, rollouts) draws
//! from the bot's own generator, so a bot built with the same seed, asked the same
//! questions with an iteration budget, answers the same. A time budget
//! ([`Budget::Millis`]) depends on the machine's speed.

mod tree;

use crate::{Bot, SearchTotals};
use fuda_core::{BufferedRng, Conformance, Determinize, Game, Observer, Outcome, Seat, MAX_SEATS};
use std::fmt;
use std::time::{Duration, Instant};
use tree::{NodeId, Tree, ROOT};

/// The longest rollout: a game still going after this many random actions is judged as it
/// stands (every game of the workspace ends far sooner).
pub const ROLLOUT_CAP: u32 = 20_000;

/// How many untried actions a guided expansion rates at most (a random sample of them
/// when there are more), bounding its cost per iteration.
pub const GUIDE_CANDIDATES: usize = 16;

/// How much search one decision gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many iterations (deterministic for a seed).
    Iterations(u32),
    /// Iterations until this many milliseconds have passed (at least one iteration).
    Millis(u32),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
        }
    }
}

/// The settings of an [`IsmctsBot`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Search per decision.
    pub budget: Budget,
    /// UCT's exploration constant `c` (rewards lie in `0..=1`).
    pub exploration: f64,
    /// The most nodes the tree may hold (memory bound; at least the root).
    pub max_nodes: usize,
    /// Random actions per rollout before the leaf is judged; `None` plays to the end of
    /// the game (at most [`ROLLOUT_CAP`] actions).
    pub rollout_depth: Option<u32>,
    /// With a heuristic ([`IsmctsBot::with_heuristic`]): expand, among (up to
    /// [`GUIDE_CANDIDATES`] of) the untried actions, the one the heuristic rates best for
    /// the seat choosing it, instead of a random one. Opponents in the tree then answer
    /// like sensible players from their first visit on, not at random.
    pub guided_expansion: bool,
    /// The most legal actions one decision lists over all its iterations and rollouts
    /// before it stops searching (it finishes at least one iteration, cut short). The
    /// default is far above what the budgets of `fuda` list in the sample games, and
    /// bounds a search in a position that offers a huge number of actions.
    pub max_listed: u64,
}

impl IsmctsConfig {
    /// The default iteration count of [`IsmctsConfig::default`].
    pub const DEFAULT_ITERATIONS: u32 = 1000;
    /// The default exploration constant.
    pub const DEFAULT_EXPLORATION: f64 = 0.7;
    /// The default node bound: about 10 MB of tree at most.
    pub const DEFAULT_MAX_NODES: usize = 100_000;
    /// The default bound on the legal actions a decision lists.
    pub const DEFAULT_MAX_LISTED: u64 = 10_000_000;

    /// The default settings with another budget.
    pub fn with_budget(budget: Budget) -> Self {
        IsmctsConfig {
            budget,
            ..IsmctsConfig::default()
        }
    }
}

impl Default for IsmctsConfig {
    /// 1,000 iterations, `c` = 0.7, at most 100,000 nodes, rollouts to the end, guided
    /// expansion.
    fn default() -> Self {
        IsmctsConfig {
            budget: Budget::Iterations(Self::DEFAULT_ITERATIONS),
            exploration: Self::DEFAULT_EXPLORATION,
            max_nodes: Self::DEFAULT_MAX_NODES,
            rollout_depth: None,
            guided_expansion: true,
            max_listed: Self::DEFAULT_MAX_LISTED,
        }
    }
}

/// What the last search found, for tests, tuning and curious front ends.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport<A> {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// Legal actions listed (the work [`IsmctsConfig::max_listed`] bounds).
    pub listed: u64,
    /// Every action tried at the root: the action, its visits and its mean reward, in
    /// action order.
    pub root: Vec<(A, u32, f64)>,
}

/// How a leaf that is not the end of the game is judged.
struct Judge<G: Game> {
    heuristic: fn(&G::View, Seat) -> f64,
    num_seats: fn(&G::Config) -> usize,
}

/// An information-set MCTS player (see the [module documentation](self)).
pub struct IsmctsBot<G: Determinize> {
    rng: BufferedRng,
    config: IsmctsConfig,
    judge: Option<Judge<G>>,
    tree: Tree<G::Action>,
    /// Reused buffers: legal actions, the untried ones (indices into `legal`), the
    /// available children and the path of the current iteration.
    legal: Vec<G::Action>,
    untried: Vec<usize>,
    available: Vec<(usize, NodeId)>,
    path: Vec<NodeId>,
    /// Legal actions listed so far in the current decision.
    listed: u64,
    last: Option<SearchReport<G::Action>>,
    totals: SearchTotals,
}

impl<G: Determinize> IsmctsBot<G> {
    /// A bot seeded with `seed` whose rollouts are random; a leaf cut off before the end
    /// of the game (by `rollout_depth` or [`ROLLOUT_CAP`]) counts as a draw.
    pub fn new(seed: u64, config: IsmctsConfig) -> Self {
        IsmctsBot {
            rng: BufferedRng::from_seed(seed),
            config,
            judge: None,
            tree: Tree::new(),
            legal: Vec::new(),
            untried: Vec::new(),
            available: Vec::new(),
            path: Vec::new(),
            listed: 0,
            last: None,
            totals: SearchTotals::default(),
        }
    }

    /// The bot's settings.
    pub fn config(&self) -> &IsmctsConfig {
        &self.config
    }

    /// What the last search found (`None` before the first one, or when the last decision
    /// needed no search: no action or a single one).
    pub fn last_search(&self) -> Option<&SearchReport<G::Action>> {
        self.last.as_ref()
    }

    /// Searches the decision of `seat` and returns the chosen action.
    fn decide(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        self.last = None;
        if !G::to_act(state).contains(seat) {
            return None;
        }
        // My legal actions are the same in every world I cannot tell apart from this one.
        let mut root_legal = Vec::new();
        G::legal_actions_for(state, seat, &mut root_legal);
        if root_legal.len() <= 1 {
            return root_legal.pop();
        }
        self.listed = root_legal.len() as u64;
        let start = Instant::now();
        self.tree.reset(seat);
        let me = Observer::Seat(seat);
        let max_nodes = self.config.max_nodes.max(1);
        let mut iterations = 0u32;
        loop {
            let done = match self.config.budget {
                Budget::Iterations(n) => iterations >= n.max(1),
                Budget::Millis(ms) => {
                    iterations > 0 && start.elapsed() >= Duration::from_millis(u64::from(ms))
                }
            } || (iterations > 0 && self.out_of_listing());
            if done {
                break;
            }
            let mut world = self.rng.with_game_rng(|rng| G::resample(state, me, rng));
            self.iterate(&mut world, seat, max_nodes);
            iterations += 1;
        }
        let root = self.tree.node(ROOT);
        let report = SearchReport {
            iterations,
            nodes: self.tree.len(),
            elapsed: start.elapsed(),
            listed: self.listed,
            root: root
                .children
                .iter()
                .map(|(a, id)| {
                    let n = self.tree.node(*id);
                    (a.clone(), n.visits, n.mean())
                })
                .collect(),
        };
        // The most visited action (then the better mean, then the first in order), among
        // the actions legal in the real state.
        let best = report
            .root
            .iter()
            .filter(|(a, _, _)| root_legal.contains(a))
            .fold(None::<&(G::Action, u32, f64)>, |best, c| match best {
                Some(b) if (b.1, b.2) >= (c.1, c.2) => Some(b),
                _ => Some(c),
            })
            .map(|(a, _, _)| a.clone());
        self.totals += SearchTotals {
            searches: 1,
            iterations: u64::from(iterations),
            elapsed: report.elapsed,
        };
        self.last = Some(report);
        best.or_else(|| root_legal.into_iter().next())
    }

    /// One iteration in the determinization `world`.
    fn iterate(&mut self, world: &mut G::State, me: Seat, max_nodes: usize) {
        self.path.clear();
        self.path.push(ROOT);
        let mut node = ROOT;
        loop {
            if G::outcome(world).is_some() || self.out_of_listing() {
                break;
            }
            let to_act = G::to_act(world);
            let Some(seat) = (if to_act.contains(me) {
                Some(me)
            } else {
                to_act.first()
            }) else {
                break;
            };
            self.list(world, seat);
            if self.legal.is_empty() {
                break;
            }
            self.untried.clear();
            self.available.clear();
            for (i, action) in self.legal.iter().enumerate() {
                let children = &self.tree.node(node).children;
                match children.binary_search_by(|(a, _)| a.cmp(action)) {
                    Ok(k) => self.available.push((k, children[k].1)),
                    Err(_) => self.untried.push(i),
                }
            }
            for &(_, child) in &self.available {
                self.tree.node_mut(child).avail += 1;
            }
            if !self.untried.is_empty() && self.tree.len() < max_nodes {
                let action = match self.guided_pick(world, seat) {
                    Some((action, next)) => {
                        *world = next;
                        action
                    }
                    None => {
                        let pick = self.untried[self.rng.below(self.untried.len())];
                        let action = self.legal[pick].clone();
                        if G::apply_in_place(world, &action).is_err() {
                            break;
                        }
                        action
                    }
                };
                let child = self.tree.add_child(node, action, seat);
                self.tree.node_mut(child).avail = 1;
                self.path.push(child);
                break;
            }
            let Some((k, child)) = self.select() else {
                break;
            };
            let action = self.tree.node(node).children[k].0.clone();
            if G::apply_in_place(world, &action).is_err() {
                break;
            }
            self.path.push(child);
            node = child;
        }
        let rewards = self.roll_out(world);
        self.tree.back_up(&self.path, &rewards);
    }

    /// The untried action the heuristic rates best for `seat`, with the world after it;
    /// `None` without a heuristic or guidance, or when no candidate applies.
    fn guided_pick(&mut self, world: &G::State, seat: Seat) -> Option<(G::Action, G::State)> {
        let judge = self
            .judge
            .as_ref()
            .filter(|_| self.config.guided_expansion)?;
        // A random sample of the candidates, in random order (ties go to the first).
        let n = self.untried.len();
        let take = n.min(GUIDE_CANDIDATES);
        for k in 0..take {
            let j = k + self.rng.below(n - k);
            self.untried.swap(k, j);
        }
        let me = Observer::Seat(seat);
        let mut best: Option<(f64, usize, G::State)> = None;
        for &i in &self.untried[..take] {
            let Ok(next) = G::apply(world, &self.legal[i]) else {
                continue;
            };
            let score = (judge.heuristic)(&G::view(&next, me), seat);
            let score = if score.is_nan() {
                f64::NEG_INFINITY
            } else {
                score
            };
            if best.as_ref().is_none_or(|(b, _, _)| score > *b) {
                best = Some((score, i, next));
            }
        }
        best.map(|(_, i, next)| (self.legal[i].clone(), next))
    }

    /// Lists `seat`'s legal actions in `world` into `self.legal`, counting them.
    fn list(&mut self, world: &G::State, seat: Seat) {
        G::legal_actions_for(world, seat, &mut self.legal);
        self.listed += self.legal.len() as u64;
    }

    /// Whether this decision has listed as many actions as it may.
    fn out_of_listing(&self) -> bool {
        self.listed >= self.config.max_listed
    }

    /// UCT among the available children: the best one's index among its parent's
    /// children, and its id.
    fn select(&self) -> Option<(usize, NodeId)> {
        let c = self.config.exploration;
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for &(k, id) in &self.available {
            let n = self.tree.node(id);
            let visits = f64::from(n.visits.max(1));
            let score = n.mean() + c * (f64::from(n.avail.max(1)).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = Some((k, id));
            }
        }
        best
    }

    /// Plays `world` on at random and returns every seat's reward.
    fn roll_out(&mut self, world: &mut G::State) -> [f64; MAX_SEATS] {
        let limit = self.config.rollout_depth.unwrap_or(ROLLOUT_CAP);
        for _ in 0..limit {
            if G::outcome(world).is_some() || self.out_of_listing() {
                break;
            }
            let Some(seat) = G::to_act(world).first() else {
                break;
            };
            self.list(world, seat);
            let Some(action) = self.rng.pick(&self.legal).cloned() else {
                break;
            };
            if G::apply_in_place(world, &action).is_err() {
                break;
            }
        }
        match G::outcome(world) {
            Some(outcome) => outcome_rewards(&outcome),
            None => self.judge_leaf(world),
        }
    }

    /// A leaf before the end: the seat (or seats) ahead by the heuristic share a win; with
    /// no heuristic, everyone gets a draw's half.
    fn judge_leaf(&self, world: &G::State) -> [f64; MAX_SEATS] {
        let Some(judge) = &self.judge else {
            return [0.5; MAX_SEATS];
        };
        let n = (judge.num_seats)(G::config(world)).clamp(1, MAX_SEATS);
        let mut scores = [f64::NEG_INFINITY; MAX_SEATS];
        for (i, score) in scores.iter_mut().enumerate().take(n) {
            let seat = Seat(i as u8);
            let value = (judge.heuristic)(&G::view(world, Observer::Seat(seat)), seat);
            *score = if value.is_nan() {
                f64::NEG_INFINITY
            } else {
                value
            };
        }
        let top = scores[..n]
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let leaders = scores[..n].iter().filter(|&&s| s == top).count().max(1);
        let mut rewards = [0.0; MAX_SEATS];
        for (r, s) in rewards.iter_mut().zip(&scores).take(n) {
            if *s == top {
                *r = 1.0 / leaders as f64;
            }
        }
        rewards
    }
}

impl<G: Conformance> IsmctsBot<G> {
    /// A bot whose leaves cut off before the end of the game are judged by
    /// [`Conformance::heuristic`], each seat on its own view: the seat ahead wins the
    /// rollout (seats level share it). Use it with a `rollout_depth`.
    pub fn with_heuristic(seed: u64, config: IsmctsConfig) -> Self {
        let mut bot = Self::new(seed, config);
        bot.judge = Some(Judge {
            heuristic: G::heuristic,
            num_seats: G::num_seats,
        });
        bot
    }
}

/// Rewards of a finished game: 1 shared among the winners, 1/2 each for a draw.
fn outcome_rewards(outcome: &Outcome) -> [f64; MAX_SEATS] {
    match outcome {
        Outcome::Draw => [0.5; MAX_SEATS],
        Outcome::Winners(winners) => {
            let share = 1.0 / winners.len().max(1) as f64;
            let mut rewards = [0.0; MAX_SEATS];
            for seat in winners.iter() {
                rewards[seat.index() % MAX_SEATS] = share;
            }
            rewards
        }
    }
}

impl<G: Determinize> fmt::Debug for IsmctsBot<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IsmctsBot")
            .field("config", &self.config)
            .field("heuristic", &self.judge.is_some())
            .finish_non_exhaustive()
    }
}

impl<G: Determinize> Bot<G> for IsmctsBot<G> {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        self.decide(state, seat)
    }

    fn search_totals(&self) -> SearchTotals {
        self.totals
    }
}
