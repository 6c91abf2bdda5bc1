//! The invariants checked on every state and every step of a game. The conformance suite
//! and the fuzz body drive the same [`Checker`], so both check exactly the same things.
//!
//! The checker's methods are grouped by what they check: this file holds setup, the
//! per-state checks (who acts, legal lists), playing a step and the final replay;
//! [`refusal`] the illegal candidates, [`json`] the round trips, [`leaks`] the leak check.

mod json;
mod leaks;
mod refusal;

use crate::conformance::Conformance;
use crate::options::CheckOptions;
use crate::pool::ActionPool;
use crate::violation::{truncate, Check, Violation};
use fuda_core::{GameRng, Observer, Replay, Seat, MAX_SEATS};
use json::round_trip;

/// Salt of the checker's own random stream, so that it differs from the game's.
const CHECK_SALT: u64 = 0x5eed_c4ec_0000_0001;

/// Whether a check run every `every` steps is due at `step` (0 = never).
fn due(every: usize, step: usize) -> bool {
    every != 0 && step % every == 0
}

/// Whether `list` is in strictly increasing order.
fn strictly_increasing<T: Ord>(list: &[T]) -> bool {
    list.windows(2).all(|w| w[0] < w[1])
}

/// Runs every check on the states and steps of one game at a time. Buffers and the pool of
/// earlier actions are kept from one game to the next.
pub(crate) struct Checker<G: Conformance> {
    opts: CheckOptions,
    /// The checks' own randomness (samples, arbitrary actions, resampling), kept apart from
    /// the choices so that the options never change which game is played.
    rng: GameRng,
    /// Earlier actions, tried again as (usually illegal) candidates.
    pub(crate) pool: ActionPool<G::Action>,

    seed: u64,
    config: G::Config,
    seats: usize,
    observers: Vec<Observer>,
    census: Vec<u32>,
    max_actions: usize,
    /// The actions played so far (for the replay check).
    actions: Vec<G::Action>,

    /// All legal actions of the current state (valid after `check_state`).
    legal: Vec<G::Action>,
    /// Legal actions of the current state per seat `0..seats`.
    per_seat: Vec<Vec<G::Action>>,
    other: Vec<G::Action>,
    candidates: Vec<G::Action>,
    indices: Vec<usize>,
    log: Vec<G::Event>,
    /// Views of the current state per observer, when `views_fresh`.
    views: Vec<G::View>,
    next_views: Vec<G::View>,
    views_fresh: bool,
    /// A clone of the current state made by `check_state`; it stays equal to it (checked)
    /// and is reused by `step` for `apply_in_place`.
    scratch: Option<G::State>,
}

impl<G: Conformance> Checker<G> {
    /// A checker with an empty pool.
    pub(crate) fn new(opts: &CheckOptions) -> Self {
        Checker {
            opts: opts.clone(),
            rng: GameRng::from_seed(CHECK_SALT),
            pool: ActionPool::new(opts.pool_capacity),
            seed: 0,
            config: G::Config::default(),
            seats: 0,
            observers: Vec::new(),
            census: Vec::new(),
            max_actions: 0,
            actions: Vec::new(),
            legal: Vec::new(),
            per_seat: Vec::new(),
            other: Vec::new(),
            candidates: Vec::new(),
            indices: Vec::new(),
            log: Vec::new(),
            views: Vec::new(),
            next_views: Vec::new(),
            views_fresh: false,
            scratch: None,
        }
    }

    /// How many actions have been played in the current game.
    pub(crate) fn steps(&self) -> usize {
        self.actions.len()
    }

    /// The legal actions of the state last given to [`Checker::check_state`], every seat
    /// that may act, in seat order.
    pub(crate) fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// A violation of `check` at the current step.
    pub(crate) fn violation(
        &self,
        check: Check,
        state: Option<&G::State>,
        action: Option<&G::Action>,
        message: String,
    ) -> Violation {
        let max = self.opts.excerpt_chars;
        Violation {
            check,
            game: G::NAME,
            seed: self.seed,
            config: truncate(
                serde_json::to_string(&self.config)
                    .unwrap_or_else(|_| format!("{:?}", self.config)),
                max,
            )
            .into(),
            step: self.actions.len(),
            action: action.map(|a| truncate(format!("{a:?}"), max).into()),
            message: truncate(message, max.saturating_mul(2)).into(),
            excerpt: state
                .map_or_else(String::new, |s| truncate(format!("{s:?}"), max))
                .into(),
        }
    }

    /// Starts a game: creates it and checks the setup. Returns the initial state.
    pub(crate) fn begin(&mut self, config: &G::Config, seed: u64) -> Result<G::State, Violation> {
        self.seed = seed;
        self.config.clone_from(config);
        self.actions.clear();
        self.views_fresh = false;
        self.scratch = None;
        self.rng = GameRng::from_seed(seed ^ CHECK_SALT);

        // The table's seats and one beyond it (which must answer like nobody).
        let seats = self
            .opts
            .seats
            .min(G::num_seats(config).saturating_add(1))
            .clamp(1, MAX_SEATS);
        self.seats = seats;
        self.observers.clear();
        self.observers
            .extend((0..seats).map(|i| Observer::Seat(Seat(i as u8))));
        self.observers.push(Observer::Spectator);
        self.per_seat.resize_with(seats, Vec::new);

        if let Err(message) = round_trip(config, "the configuration") {
            return Err(self.violation(Check::Json, None, None, message));
        }
        let state = G::new_game(config, seed).map_err(|e| {
            self.violation(
                Check::Setup,
                None,
                None,
                format!("new_game refused the configuration: {e}"),
            )
        })?;
        match G::new_game(config, seed) {
            Ok(again) if again == state => {}
            _ => {
                return Err(self.violation(
                    Check::Determinism,
                    Some(&state),
                    None,
                    "two calls of new_game with the same configuration and seed differ".into(),
                ))
            }
        }
        if G::config(&state) != config {
            return Err(self.violation(
                Check::Setup,
                Some(&state),
                None,
                format!(
                    "config(state) is {:?}, not the configuration the game was created with",
                    G::config(&state)
                ),
            ));
        }
        self.census = G::card_census(&state);
        if !self.census.windows(2).all(|w| w[0] <= w[1]) {
            return Err(self.violation(
                Check::Conservation,
                Some(&state),
                None,
                format!("card_census is not sorted: {:?}", self.census),
            ));
        }
        self.max_actions = G::max_actions(config);
        Ok(state)
    }

    /// Checks everything about one state: who acts, the legal lists, that legal actions are
    /// accepted and illegal candidates refused without a trace, and card conservation.
    pub(crate) fn check_state(&mut self, s: &G::State) -> Result<(), Violation> {
        let scratch = s.clone();
        let to_act = G::to_act(s);
        let outcome = G::outcome(s);
        G::legal_actions(s, &mut self.legal);

        if let Some(seat) = to_act.iter().find(|seat| seat.index() >= self.seats) {
            return Err(self.violation(
                Check::ToAct,
                Some(s),
                None,
                format!(
                    "to_act names {seat}, beyond the seats checked (CheckOptions::seats = {})",
                    self.seats
                ),
            ));
        }
        if to_act.is_empty() != outcome.is_some() || to_act.is_empty() != self.legal.is_empty() {
            return Err(self.violation(
                Check::ToAct,
                Some(s),
                None,
                format!(
                    "to_act is {to_act:?}, outcome is {outcome:?} and legal_actions has {} \
                     actions: the game must be over exactly when nobody may act",
                    self.legal.len()
                ),
            ));
        }
        let mut per_seat = std::mem::take(&mut self.per_seat);
        let result = self.check_seat_lists(s, &mut per_seat, to_act);
        self.per_seat = per_seat;
        result?;

        let census = G::card_census(s);
        if census != self.census {
            return Err(self.violation(
                Check::Conservation,
                Some(s),
                None,
                format!(
                    "the card census changed: {:?} at the start, {census:?} now",
                    self.census
                ),
            ));
        }

        self.check_legal_apply(s)?;
        if scratch != *s {
            return Err(self.violation(
                Check::Purity,
                Some(s),
                None,
                format!("apply changed its input state; before: {scratch:?}"),
            ));
        }

        self.candidates.clear();
        for _ in 0..self.opts.arbitrary_per_step {
            let candidate = G::arbitrary_action(s, &mut self.rng);
            self.candidates.push(candidate);
        }
        self.pool
            .sample_into(&mut self.rng, self.opts.pool_per_step, &mut self.candidates);
        self.scratch = Some(scratch);
        let candidates = std::mem::take(&mut self.candidates);
        let result = candidates
            .iter()
            .try_for_each(|c| self.try_candidate(s, c).map(|_| ()));
        self.candidates = candidates;
        result
    }

    /// Per seat: the list is non-empty exactly for the seats in `to_act`, strictly sorted,
    /// names its seat as actor; and `legal_actions` is their concatenation in seat order.
    fn check_seat_lists(
        &self,
        s: &G::State,
        per_seat: &mut [Vec<G::Action>],
        to_act: fuda_core::SeatSet,
    ) -> Result<(), Violation> {
        for (i, list) in per_seat.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            G::legal_actions_for(s, seat, list);
            if to_act.contains(seat) == list.is_empty() {
                let message = if list.is_empty() {
                    format!("{seat} is in to_act but has no legal action")
                } else {
                    format!("{seat} is not in to_act but has legal actions {list:?}")
                };
                return Err(self.violation(Check::ToAct, Some(s), None, message));
            }
            if !strictly_increasing(list) {
                return Err(self.violation(
                    Check::LegalOrder,
                    Some(s),
                    None,
                    format!("the legal actions of {seat} are not strictly increasing: {list:?}"),
                ));
            }
            if let Some(a) = list.iter().find(|a| G::actor(a) != seat) {
                return Err(self.violation(
                    Check::LegalActor,
                    Some(s),
                    Some(a),
                    format!("listed for {seat} but its actor is {}", G::actor(a)),
                ));
            }
        }
        if !self.legal.iter().eq(per_seat.iter().flatten()) {
            return Err(self.violation(
                Check::ToAct,
                Some(s),
                None,
                format!(
                    "legal_actions {:?} is not the seat-by-seat concatenation of \
                     legal_actions_for {per_seat:?}",
                    self.legal
                ),
            ));
        }
        Ok(())
    }

    /// Applies a sample of the legal actions (all of them when the list is short).
    fn check_legal_apply(&mut self, s: &G::State) -> Result<(), Violation> {
        let n = self.legal.len();
        let limit = self.opts.apply_all_limit.min(n);
        self.indices.clear();
        self.indices.extend(0..n);
        if limit < n {
            // Partial Fisher–Yates: the first `limit` indices become a uniform sample.
            for i in 0..limit {
                let j = i + self.rng.below(n - i);
                self.indices.swap(i, j);
            }
        }
        for k in 0..limit {
            let action = &self.legal[self.indices[k]];
            if let Err(e) = G::apply(s, action) {
                return Err(self.violation(
                    Check::LegalApplies,
                    Some(s),
                    Some(action),
                    format!("a listed legal action was refused by apply: {e}"),
                ));
            }
        }
        Ok(())
    }

    /// Plays `action` (legal in `s`, the state last given to [`Checker::check_state`]),
    /// checking that the three apply paths agree, the JSON round trips, the leak check and
    /// termination. Returns the next state.
    pub(crate) fn step(&mut self, s: &G::State, action: &G::Action) -> Result<G::State, Violation> {
        let refused = |e: G::Error| format!("the chosen legal action was refused: {e}");
        let pure = G::apply(s, action)
            .map_err(|e| self.violation(Check::LegalApplies, Some(s), Some(action), refused(e)))?;
        let mut in_place = self.scratch.take().unwrap_or_else(|| s.clone());
        G::apply_in_place(&mut in_place, action)
            .map_err(|e| self.violation(Check::LegalApplies, Some(s), Some(action), refused(e)))?;
        let mut next = s.clone();
        let events = G::apply_with_events(&mut next, action)
            .map_err(|e| self.violation(Check::LegalApplies, Some(s), Some(action), refused(e)))?;
        for (path, other) in [("apply_in_place", &in_place), ("apply_with_events", &next)] {
            if *other != pure {
                return Err(self.violation(
                    Check::ApplyAgreement,
                    Some(s),
                    Some(action),
                    format!("apply reached {pure:?} but {path} reached {other:?}"),
                ));
            }
        }
        drop((pure, in_place));

        let step = self.actions.len();
        if due(self.opts.json_every, step) {
            self.check_json(s, action, &events, &next)?;
        }
        if due(self.opts.leak_check_every, step) {
            self.check_leaks(s, action, &events, &next)?;
        } else {
            self.views_fresh = false;
        }

        // Feed the pool: the chosen action and one other legal action of this state.
        self.pool.push(action.clone());
        if let Some(other) = self.rng.pick(&self.legal) {
            self.pool.push(other.clone());
        }
        self.actions.push(action.clone());

        if self.actions.len() >= self.max_actions && G::outcome(&next).is_none() {
            return Err(self.violation(
                Check::Termination,
                Some(&next),
                Some(action),
                format!(
                    "the game is not over after max_actions = {} actions",
                    self.max_actions
                ),
            ));
        }
        Ok(next)
    }

    /// Fills `views` with the views of `s` unless they are already there.
    fn ensure_views(&mut self, s: &G::State) {
        if !self.views_fresh {
            self.views.clear();
            self.views
                .extend(self.observers.iter().map(|&o| G::view(s, o)));
            self.views_fresh = true;
        }
    }

    /// Ends a game (finished or not): replaying the seed and the actions through a JSON
    /// [`Replay`] must reproduce `last`.
    pub(crate) fn finish(&mut self, last: &G::State) -> Result<(), Violation> {
        let mut replay = Replay::<G>::new(self.config.clone(), self.seed);
        replay.actions = std::mem::take(&mut self.actions);
        let text = replay.to_json();
        let result = Replay::<G>::from_json(&text)
            .map_err(|e| format!("the replay does not reload: {e}"))
            .and_then(|back| {
                if back != replay {
                    return Err("the replay changes in a JSON round trip".to_string());
                }
                back.play()
                    .map_err(|e| format!("the replay does not play: {e}"))
            })
            .and_then(|state| {
                if state == *last {
                    Ok(())
                } else {
                    Err(format!(
                        "replaying the same seed and actions reached {state:?}"
                    ))
                }
            });
        self.actions = replay.actions;
        result.map_err(|message| self.violation(Check::Determinism, Some(last), None, message))
    }
}
