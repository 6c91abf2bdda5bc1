//! The contract every fuda game keeps.

use crate::rng::GameRng;
use crate::seat::{Observer, Seat, SeatSet};
use crate::CardId;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::hash::Hash;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// These seats won (one seat, or several sharing the win); every other seat lost.
    Winners(SeatSet),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// Whether `seat` is among the winners.
    pub fn is_winner(&self, seat: Seat) -> bool {
        matches!(self, Outcome::Winners(w) if w.contains(seat))
    }
}

/// Where an engine writes the events of a transition.
///
/// Events are built lazily: with [`NoEvents`] the closures never run, so the fast apply
/// path used by playouts and search pays nothing for them.
pub trait EventLog<E> {
    /// Records the event `make` builds.
    fn emit(&mut self, make: impl FnOnce() -> E);
}

/// An event log that drops everything (the fast path).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventLog<E> for NoEvents {
    #[inline]
    fn emit(&mut self, _make: impl FnOnce() -> E) {}
}

impl<E> EventLog<E> for Vec<E> {
    #[inline]
    fn emit(&mut self, make: impl FnOnce() -> E) {
        self.push(make());
    }
}

/// A rules engine: the contract the conformance kit, the bots and the examples rely on.
///
/// The state carries a shared handle to its rules (configuration and card set), so every
/// function takes the state alone. Functions are associated (no `self`): a game is a type.
///
/// Guarantees every implementation keeps (checked by `fuda-testkit`):
/// - an action is accepted by [`Game::apply`] if and only if it is listed by
///   [`Game::legal_actions_for`] for its actor;
/// - [`Game::apply_logged`] leaves the state exactly as it was when it returns an error;
/// - nothing panics on any input;
/// - same seed and same actions give identical states;
/// - [`Game::view`] and [`Game::redact`] show an observer nothing it may not know.
pub trait Game: Sized + 'static {
    /// The game's short name, as used in replays and `--game` flags (e.g. `creature-clash`).
    const NAME: &'static str;

    /// Player count, variants and card set; validated by [`Game::new_game`].
    type Config: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;
    /// The full game state, hidden information included.
    type State: Clone + Debug + PartialEq + Eq + Hash + Serialize + DeserializeOwned;
    /// One decision of one seat.
    type Action: Clone + Debug + PartialEq + Eq + Ord + Hash + Serialize + DeserializeOwned;
    /// What one observer may see of a state.
    type View: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// Something that happened, for front ends; redacted per observer by [`Game::redact`].
    type Event: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned;
    /// Why a configuration, state or action was refused.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + Serialize + 'static;

    /// A new game from a configuration and a seed (every shuffle and die comes from it).
    ///
    /// # Errors
    /// When the configuration is invalid (player count, card set, options).
    fn new_game(config: &Self::Config, seed: u64) -> Result<Self::State, Self::Error>;

    /// The configuration the state was created with.
    fn config(state: &Self::State) -> &Self::Config;

    /// The seats that may act now (several in a simultaneous phase; none once the game is over).
    fn to_act(state: &Self::State) -> SeatSet;

    /// The seat an action belongs to.
    fn actor(action: &Self::Action) -> Seat;

    /// Writes the legal actions of `seat` into `out` (cleared first), in a stable sorted
    /// order. Empty when `seat` may not act now.
    fn legal_actions_for(state: &Self::State, seat: Seat, out: &mut Vec<Self::Action>);

    /// Writes the legal actions of every seat that may act now into `out` (cleared first),
    /// seat by seat in seat order.
    fn legal_actions(state: &Self::State, out: &mut Vec<Self::Action>) {
        out.clear();
        let mut part = Vec::new();
        for seat in Self::to_act(state).iter() {
            Self::legal_actions_for(state, seat, &mut part);
            out.append(&mut part);
        }
    }

    /// Applies an action in place, writing events into `log`.
    ///
    /// # Errors
    /// When the action is illegal in this state; the state is then unchanged.
    fn apply_logged<L: EventLog<Self::Event>>(
        state: &mut Self::State,
        action: &Self::Action,
        log: &mut L,
    ) -> Result<(), Self::Error>;

    /// Applies an action in place without building events (the fast path).
    ///
    /// # Errors
    /// When the action is illegal in this state; the state is then unchanged.
    fn apply_in_place(state: &mut Self::State, action: &Self::Action) -> Result<(), Self::Error> {
        Self::apply_logged(state, action, &mut NoEvents)
    }

    /// Applies an action in place and returns the full (unredacted) events.
    ///
    /// # Errors
    /// When the action is illegal in this state; the state is then unchanged.
    fn apply_with_events(
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::Error> {
        let mut events = Vec::new();
        Self::apply_logged(state, action, &mut events)?;
        Ok(events)
    }

    /// The pure form: the state after `action`, leaving `state` untouched.
    ///
    /// # Errors
    /// When the action is illegal in this state.
    fn apply(state: &Self::State, action: &Self::Action) -> Result<Self::State, Self::Error> {
        // The copy is made inside the result that is returned and changed there, so the
        // compiler can build it in the caller's slot: a state of a few KB is not moved again.
        let mut next = Ok(state.clone());
        if let Ok(s) = &mut next {
            if let Err(e) = Self::apply_in_place(s, action) {
                next = Err(e);
            }
        }
        next
    }

    /// What `observer` may see of the state, built from an allowlist.
    fn view(state: &Self::State, observer: Observer) -> Self::View;

    /// The part of a (full) event that `observer` may see, or `None` if it sees nothing of it.
    fn redact(event: &Self::Event, observer: Observer) -> Option<Self::Event>;

    /// How the game ended, or `None` while it goes on.
    fn outcome(state: &Self::State) -> Option<Outcome>;
}

/// The first seat asked to act that has no legal action, if any. A game goes on exactly
/// while someone may act, so a loaded state with such a seat would stall: each game's
/// state check refuses it, whatever else an edited file got wrong.
pub fn seat_without_action<G: Game>(state: &G::State) -> Option<Seat> {
    let mut actions = Vec::new();
    G::to_act(state).iter().find(|&seat| {
        G::legal_actions_for(state, seat, &mut actions);
        actions.is_empty()
    })
}

/// Sampling a full state consistent with what one observer knows (OpenSpiel's
/// `ResampleFromInfostate`): the basis of determinizing bots and of the leak check.
pub trait Determinize: Game {
    /// A state that `observer` cannot tell apart from `state`: everything hidden from it
    /// (other hands, deck orders, face-down identities, the RNG) re-randomized with `rng`.
    fn resample(state: &Self::State, observer: Observer, rng: &mut GameRng) -> Self::State;
}

/// What a game provides to the conformance suite of `fuda-testkit`, its bots and fuzzers.
///
/// It lives here, beside [`Game`], so that every game crate can implement it.
pub trait Conformance: Determinize {
    /// A configuration for random playouts: varied player counts and options, always
    /// with a turn limit (or equivalent) so that every game ends.
    fn random_config(rng: &mut GameRng) -> Self::Config;

    /// Every card of the state in every zone, as a sorted list of card ids (for the card
    /// conservation check: it never changes during a game).
    fn card_census(state: &Self::State) -> Vec<u32>;

    /// An arbitrary action for this state, usually illegal: any seat, any card id, any
    /// target (used to check that illegal actions are refused and change nothing).
    fn arbitrary_action(state: &Self::State, rng: &mut GameRng) -> Self::Action;

    /// An upper bound on the number of actions a game created from `config` takes.
    fn max_actions(config: &Self::Config) -> usize;

    /// How many seats a game created from `config` has. The suite questions these seats,
    /// one seat beyond the table (which must see nothing hidden and have no action) and the
    /// spectator; the default questions every possible seat.
    fn num_seats(config: &Self::Config) -> usize {
        let _ = config;
        crate::seat::MAX_SEATS
    }

    /// How well `seat` is doing, judged from its own view only (higher is better); used by
    /// the greedy bot.
    fn heuristic(view: &Self::View, seat: Seat) -> f64;
}

/// Building any position from data: each game's scenario builder, in its JSON form (the
/// position files of `docs/positions/`, `play --position` and the protocol's `create`).
pub trait Positions: Game {
    /// The game's position format: configuration, every zone by card name, the decision
    /// awaited, counters and forced random outcomes.
    type Scenario: Clone + Debug + PartialEq + Serialize + DeserializeOwned;

    /// Builds a position and checks that the rules can reach it.
    ///
    /// # Errors
    /// A typed error naming the card or field that is wrong (a card twice, an unknown
    /// card, a decision for a seat that cannot make it, a forced outcome that cannot fit).
    fn from_scenario(scenario: &Self::Scenario) -> Result<Self::State, Self::Error>;
}

/// One card of a card set as a person reads it (`play`'s card lookup, the protocol's
/// `cards` request). The rules text is generated from the card's data, so custom card sets
/// get it too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardText {
    /// The card's key in its card set (e.g. `rhino_f`), as positions and card-set files
    /// name it.
    pub key: String,
    /// The name a player reads.
    pub name: String,
    /// What kind of card it is, in words (e.g. `FRONT part`, `trump`, `unit`).
    pub kind: String,
    /// Its numbers and attributes by name (e.g. `{"power": 3, "colour": "red"}`).
    pub stats: BTreeMap<String, serde_json::Value>,
    /// Its rules text in English; empty for a card without rules of its own.
    pub text: String,
    /// The instance ids this card has in a game of the configuration (views name cards by
    /// these ids), in increasing order.
    pub ids: Vec<CardId>,
}

/// Text for terminal front ends (`fuda play` and `fuda replay`): the board as one
/// observer sees it, actions as menu entries, events as narration. Everything is drawn
/// from the view and from public data (the configuration and its card set), never from
/// the full state, so a terminal front end cannot show what its seat may not see.
pub trait TextUi: Game {
    /// The board as `view` shows it: every zone, counter and the decision awaited.
    fn render_view(config: &Self::Config, view: &Self::View) -> String;

    /// A short label for one of the viewer's legal actions (a numbered menu entry).
    fn describe_action(config: &Self::Config, view: &Self::View, action: &Self::Action) -> String;

    /// One line narrating an event as redacted for the viewer.
    fn describe_event(config: &Self::Config, event: &Self::Event) -> String;

    /// A longer explanation of one of the viewer's legal actions: what it does under the
    /// rules and the rules text of the cards it involves (`play`'s `i N`).
    fn explain_action(config: &Self::Config, view: &Self::View, action: &Self::Action) -> String {
        Self::describe_action(config, view, action)
    }

    /// Every card of the configuration's card set, with its generated rules text.
    fn cards(config: &Self::Config) -> Vec<CardText> {
        let _ = config;
        Vec::new()
    }

    /// What distinguishes a seat's side beyond its number, if anything does (for example
    /// the deck it plays: `deck A`), for statistics that would otherwise read as a seat bias.
    fn seat_label(config: &Self::Config, seat: Seat) -> Option<String> {
        let _ = (config, seat);
        None
    }

    /// What every symbol of the rendered board means, one symbol a line.
    fn legend() -> &'static str {
        ""
    }

    /// The heading under which a menu groups this action, if the game groups its menus
    /// (for example by the card played, then where and how; or by the attack's target).
    /// Actions with the same heading are offered together, in a first step.
    fn menu_group(
        config: &Self::Config,
        view: &Self::View,
        action: &Self::Action,
    ) -> Option<String> {
        let _ = (config, view, action);
        None
    }
}

/// A fixed-length numeric form of a view, for learning agents (the observations of the
/// Python environments, `crates/python`). It reads the view alone, so it tells an observer
/// only what the view does; its layout is documented in the game's `encoding` module.
pub trait Encoding: Game {
    /// How many numbers every observation of a game created from `config` has (the same
    /// for every seat, the spectator and every moment of the game).
    fn encoding_len(config: &Self::Config) -> usize;

    /// Writes the encoding of `view` into `out`: cleared first, then exactly
    /// [`Encoding::encoding_len`] finite values.
    fn encode(config: &Self::Config, view: &Self::View, out: &mut Vec<f32>);

    /// An upper bound, derived from the rules and the configuration, on the number of
    /// legal actions one seat has in one decision: the size of a fixed action space whose
    /// action `i` is the seat's `i`-th legal action in the engine's stable order.
    fn max_legal_actions(config: &Self::Config) -> usize;
}
