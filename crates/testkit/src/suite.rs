//! The conformance suite: whole games played under every check, many games driven by
//! proptest (reproducible, with shrinking of the choices).

use crate::checks::Checker;
use crate::conformance::Conformance;
use crate::options::CheckOptions;
use crate::pool::ActionPool;
use crate::violation::{Check, Violation};
use fuda_core::{GameRng, Outcome};
use proptest::collection::vec;
use proptest::prelude::any;
use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use std::cell::RefCell;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Salt of the generator that supplies choices once the given ones run out.
const CHOICE_SALT: u64 = 0xc401_ce5e_ed00_0002;

/// How one checked game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// How many actions were played.
    pub steps: usize,
    /// How the game ended (`None` only for the unfinished games of the fuzz body).
    pub outcome: Option<Outcome>,
}

/// Plays one game from `G::new_game(config, seed)` and checks every property of the
/// contract at every step (see the crate documentation for the list).
///
/// At each step the action is `legal[choice % legal.len()]`, where `legal` holds the legal
/// actions of every seat that may act and `choice` is the next value of `choices`; once
/// they run out, choices come from a generator seeded with `seed`.
///
/// # Errors
/// The first [`Violation`] found, including a panic of the game ([`Check::Panic`]).
pub fn check_game<G: Conformance>(
    config: &G::Config,
    seed: u64,
    choices: &[u32],
    opts: &CheckOptions,
) -> Result<GameReport, Violation> {
    let mut checker = Checker::<G>::new(opts);
    guarded(&mut checker, |ck| play_game(ck, config, seed, choices))
}

/// The game loop shared by [`check_game`] and [`run_conformance`].
fn play_game<G: Conformance>(
    ck: &mut Checker<G>,
    config: &G::Config,
    seed: u64,
    choices: &[u32],
) -> Result<GameReport, Violation> {
    let mut state = ck.begin(config, seed)?;
    let mut fallback = GameRng::from_seed(seed ^ CHOICE_SALT);
    loop {
        ck.check_state(&state)?;
        let legal = ck.legal();
        if legal.is_empty() {
            // `check_state` made sure that this means the game is over.
            break;
        }
        let choice = match choices.get(ck.steps()) {
            Some(&c) => c as usize,
            None => fallback.next_u64() as usize,
        };
        let action = legal[choice % legal.len()].clone();
        state = ck.step(&state, &action)?;
    }
    ck.finish(&state)?;
    Ok(GameReport {
        steps: ck.steps(),
        outcome: G::outcome(&state),
    })
}

/// Runs `f`, turning a panic of the game into a [`Check::Panic`] violation.
fn guarded<G: Conformance, R>(
    ck: &mut Checker<G>,
    f: impl FnOnce(&mut Checker<G>) -> Result<R, Violation>,
) -> Result<R, Violation> {
    match catch_unwind(AssertUnwindSafe(|| f(&mut *ck))) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            Err(ck.violation(
                Check::Panic,
                None,
                None,
                format!(
                    "the game panicked while step {} was checked: {what}",
                    ck.steps()
                ),
            ))
        }
    }
}

/// What a successful [`run_conformance`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteReport {
    /// How many games were played.
    pub games: usize,
    /// How many actions were played in all.
    pub steps: usize,
    /// The longest game, in actions.
    pub longest: usize,
    /// Wall-clock time of the whole run.
    pub elapsed: Duration,
}

impl fmt::Display for SuiteReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} steps (longest game {}) in {:.2?}",
            self.games, self.steps, self.longest, self.elapsed
        )
    }
}

/// The inputs of a failing game, after shrinking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailingCase {
    /// The game's seed.
    pub seed: u64,
    /// The configuration is `G::random_config(&mut GameRng::from_seed(config_seed))`.
    pub config_seed: u64,
    /// The choices (see [`check_game`]).
    pub choices: Vec<u32>,
}

/// Why [`run_conformance`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteFailure {
    /// The broken property, found by replaying the minimal failing case (boxed to keep
    /// `Result<_, SuiteFailure>` small).
    pub violation: Box<Violation>,
    /// The minimal failing case (`None` only if proptest aborted).
    pub case: Option<FailingCase>,
    /// How many games passed before the first failure.
    pub games_passed: usize,
}

impl fmt::Display for SuiteFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.violation)?;
        if let Some(case) = &self.case {
            write!(
                f,
                "\n  minimal failing case (after {} passing games): seed {}, config seed {}, \
                 choices {:?}",
                self.games_passed, case.seed, case.config_seed, case.choices
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for SuiteFailure {}

/// What the proptest closure shares between cases.
struct SuiteState<G: Conformance> {
    checker: Checker<G>,
    /// The pool as it was before the first failing game: shrinking replays start from it,
    /// so that a failure caused by an action of an earlier game reproduces.
    frozen: Option<ActionPool<G::Action>>,
    games: usize,
    steps: usize,
    longest: usize,
}

/// Plays one generated case: the configuration comes from `config_seed`.
fn run_case<G: Conformance>(
    ck: &mut Checker<G>,
    seed: u64,
    config_seed: u64,
    choices: &[u32],
) -> Result<GameReport, Violation> {
    guarded(ck, |ck| {
        let config = G::random_config(&mut GameRng::from_seed(config_seed));
        play_game(ck, &config, seed, choices)
    })
}

/// Plays `games` checked games (see [`check_game`]) with proptest: each case is a seed, a
/// configuration seed (for [`Conformance::random_config`]) and a list of choices. The
/// run is reproducible: proptest's ChaCha generator is seeded from `base_seed`, and
/// nothing is persisted between runs. On failure, proptest shrinks the choices.
///
/// Illegal-action candidates include actions from earlier games (a bounded pool).
///
/// # Errors
/// A [`SuiteFailure`] with the violation of the minimal failing case.
pub fn run_conformance<G: Conformance>(
    games: usize,
    base_seed: u64,
    opts: &CheckOptions,
) -> Result<SuiteReport, SuiteFailure> {
    let start = Instant::now();
    let mut seed_bytes = [0u8; 32];
    let mut seeder = GameRng::from_seed(base_seed);
    for chunk in seed_bytes.chunks_mut(8) {
        chunk.copy_from_slice(&seeder.next_u64().to_le_bytes());
    }
    let config = Config {
        cases: u32::try_from(games).unwrap_or(u32::MAX),
        failure_persistence: None,
        max_shrink_iters: opts.shrink_iters,
        rng_algorithm: RngAlgorithm::ChaCha,
        ..Config::default()
    };
    let mut runner = TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &seed_bytes),
    );
    // Seeds are opaque, so only the choices are worth shrinking.
    let strategy = (
        any::<u64>().no_shrink(),
        any::<u64>().no_shrink(),
        vec(any::<u32>(), 0..=opts.max_choices),
    );
    let shared = RefCell::new(SuiteState {
        checker: Checker::<G>::new(opts),
        frozen: None,
        games: 0,
        steps: 0,
        longest: 0,
    });
    let result = runner.run(&strategy, |(seed, config_seed, choices)| {
        let mut guard = shared.borrow_mut();
        let st = &mut *guard;
        let snapshot = match &st.frozen {
            Some(pool) => {
                st.checker.pool = pool.clone();
                None
            }
            None => Some(st.checker.pool.clone()),
        };
        match run_case(&mut st.checker, seed, config_seed, &choices) {
            Ok(report) => {
                if snapshot.is_some() {
                    st.games += 1;
                    st.steps += report.steps;
                    st.longest = st.longest.max(report.steps);
                }
                Ok(())
            }
            Err(violation) => {
                if snapshot.is_some() {
                    st.frozen = snapshot;
                }
                Err(TestCaseError::fail(violation.to_string()))
            }
        }
    });
    let mut st = shared.into_inner();
    match result {
        Ok(()) => Ok(SuiteReport {
            games: st.games,
            steps: st.steps,
            longest: st.longest,
            elapsed: start.elapsed(),
        }),
        Err(TestError::Fail(reason, (seed, config_seed, choices))) => {
            if let Some(pool) = st.frozen.take() {
                st.checker.pool = pool;
            }
            let violation = match run_case(&mut st.checker, seed, config_seed, &choices) {
                Err(violation) => violation,
                Ok(_) => st.checker.violation(
                    Check::Determinism,
                    None,
                    None,
                    format!("this case failed under proptest but passed when replayed: {reason}"),
                ),
            };
            Err(SuiteFailure {
                violation: Box::new(violation),
                case: Some(FailingCase {
                    seed,
                    config_seed,
                    choices,
                }),
                games_passed: st.games,
            })
        }
        Err(TestError::Abort(reason)) => Err(SuiteFailure {
            violation: Box::new(st.checker.violation(
                Check::Setup,
                None,
                None,
                format!("proptest aborted: {reason}"),
            )),
            case: None,
            games_passed: st.games,
        }),
    }
}
