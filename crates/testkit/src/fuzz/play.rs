//! The fast play body of the per-game fuzz targets: the cheap invariants only, so that a
//! target runs thousands of inputs a second and the fuzzer's coverage feedback can steer.
//!
//! It decodes its bytes exactly like the full-check body ([`super::fuzz_check`]), so an
//! input the fast target finds plays the same game when `cargo test` replays the corpus
//! under every check.

use super::{take_u64, ARBITRARY_FROM, FUZZ_SALT};
use crate::conformance::Conformance;
use crate::suite::GameReport;
use crate::violation::{truncate, Check, Violation};
use fuda_core::{GameRng, Observer, Seat, MAX_SEATS};

/// The longest Debug excerpt a fast violation quotes.
const EXCERPT_CHARS: usize = 2000;

/// The fast body compares the pure `apply` with the in-place one on one step in this many.
const AGREEMENT_EVERY: usize = 4;

/// The cheap checks, on one state and one step at a time, with reused buffers.
pub(crate) struct FastChecker<G: Conformance> {
    /// Where the states come from, for reports: a seed and a configuration, or a file.
    origin: Origin,
    steps: usize,
    max_actions: usize,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    /// The configuration of a game from a seed, written out only for a violation report
    /// (serializing it for every input would cost more than many moves).
    config: Option<G::Config>,
}

/// What a violation names as the source of the game.
pub(crate) struct Origin {
    pub seed: u64,
    pub config: Box<str>,
}

impl<G: Conformance> FastChecker<G> {
    /// A checker for a game from `origin` whose length is bounded by `max_actions`.
    pub(crate) fn new(origin: Origin, max_actions: usize) -> Self {
        FastChecker {
            origin,
            steps: 0,
            max_actions,
            legal: Vec::new(),
            events: Vec::new(),
            config: None,
        }
    }

    pub(crate) fn steps(&self) -> usize {
        self.steps
    }

    pub(crate) fn violation(
        &self,
        check: Check,
        state: Option<&G::State>,
        action: Option<&G::Action>,
        message: String,
    ) -> Violation {
        Violation {
            check,
            game: G::NAME,
            seed: self.origin.seed,
            config: match &self.config {
                Some(config) => truncate(
                    serde_json::to_string(config).unwrap_or_else(|_| format!("{config:?}")),
                    EXCERPT_CHARS,
                )
                .into(),
                None => self.origin.config.clone(),
            },
            step: self.steps,
            action: action.map(|a| truncate(format!("{a:?}"), EXCERPT_CHARS).into()),
            message: truncate(message, EXCERPT_CHARS).into(),
            excerpt: state
                .map_or_else(String::new, |s| truncate(format!("{s:?}"), EXCERPT_CHARS))
                .into(),
        }
    }

    /// Who acts, the outcome and the legal list agree; returns the legal actions (empty
    /// exactly when the game is over).
    pub(crate) fn check_state(&mut self, s: &G::State) -> Result<&[G::Action], Violation> {
        let to_act = G::to_act(s);
        let over = G::outcome(s).is_some();
        G::legal_actions(s, &mut self.legal);
        if to_act.is_empty() != over || to_act.is_empty() != self.legal.is_empty() {
            return Err(self.violation(
                Check::ToAct,
                Some(s),
                None,
                format!(
                    "to_act is {to_act:?}, the game is {}over and legal_actions has {} actions: \
                     the game must be over exactly when nobody may act",
                    if over { "" } else { "not " },
                    self.legal.len()
                ),
            ));
        }
        if let Some(a) = self.legal.iter().find(|a| !to_act.contains(G::actor(a))) {
            return Err(self.violation(
                Check::LegalActor,
                Some(s),
                Some(a),
                format!("listed as legal but its actor is not in to_act {to_act:?}"),
            ));
        }
        Ok(&self.legal)
    }

    /// Whether `candidate` is in the legal list of the state last checked.
    pub(crate) fn is_listed(&self, candidate: &G::Action) -> bool {
        self.legal.contains(candidate)
    }

    /// A candidate that is not listed must be refused by `apply_logged`, leaving the state
    /// exactly as it was and emitting nothing.
    pub(crate) fn check_refused(
        &mut self,
        s: &mut G::State,
        candidate: &G::Action,
    ) -> Result<(), Violation> {
        let before = s.clone();
        self.events.clear();
        let accepted = G::apply_logged(s, candidate, &mut self.events).is_ok();
        let (check, message) = if accepted {
            (
                Check::IllegalRefused,
                "an action that is not in legal_actions was accepted".to_string(),
            )
        } else if *s != before {
            (
                Check::IllegalUnchanged,
                format!("a refused action changed the state to {s:?}"),
            )
        } else if !self.events.is_empty() {
            (
                Check::IllegalUnchanged,
                format!("a refused action emitted events {:?}", self.events),
            )
        } else {
            return Ok(());
        };
        Err(self.violation(check, Some(&before), Some(candidate), message))
    }

    /// Plays a listed action: the in-place `apply_logged` must accept it, and on one step
    /// in [`AGREEMENT_EVERY`] the pure `apply` must accept it too and reach the same state;
    /// the game must end within `max_actions`.
    pub(crate) fn play(&mut self, s: &mut G::State, action: &G::Action) -> Result<(), Violation> {
        // The pure form costs a clone and a comparison of whole states, a third of a
        // step: made on every step by the corpus runner, sampled here.
        let pure = if self.steps % AGREEMENT_EVERY == 0 {
            Some(G::apply(s, action).map_err(|e| {
                self.violation(
                    Check::LegalApplies,
                    Some(s),
                    Some(action),
                    format!("a listed legal action was refused by apply: {e}"),
                )
            })?)
        } else {
            None
        };
        self.events.clear();
        if let Err(e) = G::apply_logged(s, action, &mut self.events) {
            return Err(self.violation(
                Check::LegalApplies,
                Some(s),
                Some(action),
                format!("a listed legal action was refused by apply_logged: {e}"),
            ));
        }
        if let Some(pure) = pure.filter(|p| p != s) {
            return Err(self.violation(
                Check::ApplyAgreement,
                Some(s),
                Some(action),
                format!("apply reached {pure:?} but apply_logged reached another state"),
            ));
        }
        self.steps += 1;
        if self.steps >= self.max_actions && G::outcome(s).is_none() {
            return Err(self.violation(
                Check::Termination,
                Some(s),
                Some(action),
                format!(
                    "the game is not over after max_actions = {} actions",
                    self.max_actions
                ),
            ));
        }
        Ok(())
    }

    /// The state survives a JSON round trip, and every observer's view
    /// serializes.
    pub(crate) fn check_json(&self, s: &G::State, seats: usize) -> Result<(), Violation> {
        let back = serde_json::to_string(s)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str::<G::State>(&text).map_err(|e| e.to_string()));
        match back {
            Ok(back) if back == *s => {}
            Ok(_) => {
                return Err(self.violation(
                    Check::Json,
                    Some(s),
                    None,
                    "the state changes in a JSON round trip".into(),
                ))
            }
            Err(e) => {
                return Err(self.violation(
                    Check::Json,
                    Some(s),
                    None,
                    format!("the state does not survive a JSON round trip: {e}"),
                ))
            }
        }
        let seats = seats.min(MAX_SEATS);
        let observers = (0..seats)
            .map(|i| Observer::Seat(Seat(i as u8)))
            .chain([Observer::Spectator]);
        for observer in observers {
            if let Err(e) = serde_json::to_string(&G::view(s, observer)) {
                return Err(self.violation(
                    Check::Json,
                    Some(s),
                    None,
                    format!("the view of {observer:?} does not serialize: {e}"),
                ));
            }
        }
        Ok(())
    }

    /// Plays from `state` with one move per byte of `moves`, as the play target does:
    /// below `0xF0` a byte picks a legal action, from `0xF0` up it tries
    /// [`Conformance::arbitrary_action`] (played if listed, otherwise it must be refused
    /// without a trace). Stops when the bytes or the game run out.
    pub(crate) fn play_bytes(
        &mut self,
        state: &mut G::State,
        moves: &[u8],
        rng: &mut GameRng,
    ) -> Result<(), Violation> {
        for &byte in moves {
            let legal = self.check_state(state)?;
            if legal.is_empty() {
                break;
            }
            let action = if byte >= ARBITRARY_FROM {
                let candidate = G::arbitrary_action(state, rng);
                if !self.is_listed(&candidate) {
                    self.check_refused(state, &candidate)?;
                    continue;
                }
                candidate
            } else {
                legal[usize::from(byte) % legal.len()].clone()
            };
            self.play(state, &action)?;
        }
        self.check_state(state)?;
        Ok(())
    }
}

/// The body of a game's fast fuzz target: the game of [`super::fuzz_check`]'s byte format
/// (seed, configuration seed, then one move per byte) under the cheap invariants only —
/// the game is over exactly when nobody may act and no action is listed; a listed action
/// is accepted by `apply_logged`, and on one step in four by `apply` too, reaching the
/// same state; an arbitrary
/// action that is not listed is refused, leaving the state unchanged and emitting nothing;
/// the game ends within [`Conformance::max_actions`]. Panics of the game are not caught.
///
/// The committed corpus is replayed under every check by [`super::run_corpus`].
///
/// # Errors
/// The first [`Violation`] found.
pub fn fuzz_play<G: Conformance>(data: &[u8]) -> Result<GameReport, Violation> {
    let mut data = data;
    let seed = take_u64(&mut data);
    let config = G::random_config(&mut GameRng::from_seed(take_u64(&mut data)));
    let origin = Origin {
        seed,
        config: Box::default(),
    };
    let mut ck = FastChecker::<G>::new(origin, G::max_actions(&config));
    ck.config = Some(config.clone());
    let mut state = G::new_game(&config, seed).map_err(|e| {
        ck.violation(
            Check::Setup,
            None,
            None,
            format!("new_game refused a configuration of random_config: {e}"),
        )
    })?;
    let mut rng = GameRng::from_seed(seed ^ FUZZ_SALT);
    // No JSON round trip here: it costs as much as a short game. The corpus runner makes
    // it on every input the fuzzer keeps, and the load targets fuzz the serializers.
    ck.play_bytes(&mut state, data, &mut rng)?;
    Ok(GameReport {
        steps: ck.steps(),
        outcome: G::outcome(&state),
    })
}

/// [`fuzz_play`], panicking on a violation (the fuzz target's body).
///
/// # Panics
/// On any violation, with the violation's report as message.
pub fn fuzz_play_one<G: Conformance>(data: &[u8]) {
    if let Err(violation) = fuzz_play::<G>(data) {
        panic!("fuzz input violates the contract: {violation}");
    }
}
