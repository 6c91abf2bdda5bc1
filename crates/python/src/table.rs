//! One game of any kind behind a type-erased interface, so that one Python class plays
//! every game: JSON text in and out, actions by value or by their index in the seat's
//! legal list.

use fuda_bots::{BotSpec, SimultaneousPhase};
use fuda_core::{Conformance, Encoding, GameRng, Observer, Outcome, Positions, Seat, TextUi};
use serde::Serialize;
use std::sync::{Mutex, PoisonError};

/// Why a call was refused: an error kind (as in the protocol's error kinds) and a message.
#[derive(Debug)]
pub struct Failure {
    /// The kind, in snake case (`illegal_action`, `invalid_index`, ...).
    pub kind: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl Failure {
    /// A failure of `kind`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
        }
    }
}

/// Everything the Python class needs of a game.
pub trait PyGame:
    Conformance
    + TextUi
    + Positions
    + Encoding<State: Send + Sync, Action: Send + Sync, Event: Send + Sync>
{
}

impl<
        G: Conformance
            + TextUi
            + Positions
            + Encoding<State: Send + Sync, Action: Send + Sync, Event: Send + Sync>,
    > PyGame for G
{
}

/// An open game as Python sees it.
pub trait DynTable: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// An independent copy.
    fn boxed_clone(&self) -> Box<dyn DynTable>;
    /// The seats at the table.
    fn num_seats(&self) -> usize;
    /// The seats that may act now, in seat order.
    fn to_act(&self) -> Vec<Seat>;
    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The seat's legal actions as JSON, in the engine's stable order.
    fn legal_json(&self, seat: Seat) -> Vec<String>;
    /// The menu labels of the seat's legal actions, in the same order.
    fn legal_labels(&self, seat: Seat) -> Vec<String>;
    /// How many legal actions the seat has.
    fn num_legal(&self, seat: Seat) -> usize;
    /// Applies the seat's `index`-th legal action.
    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<(), Failure>;
    /// Applies an action given in JSON, which must belong to `seat` if one is given.
    fn apply_json(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Failure>;
    /// The events of the last action, as `observer` may see them.
    fn events_json(&self, observer: Observer) -> Vec<String>;
    /// The observer's view.
    fn view_json(&self, observer: Observer) -> String;
    /// The board as text, as the observer sees it.
    fn render(&self, observer: Observer) -> String;
    /// The observer's view as numbers ([`Encoding::encode`]).
    fn encode(&self, observer: Observer, out: &mut Vec<f32>);
    /// The length of every encoding.
    fn encoding_len(&self) -> usize;
    /// The size of the fixed action space.
    fn max_legal_actions(&self) -> usize;
    /// A bound on the number of actions of a game.
    fn max_game_length(&self) -> usize;
    /// The full state (hidden information included) as JSON.
    fn state_json(&self) -> String;
    /// The configuration as JSON.
    fn config_json(&self) -> String;
    /// Every card of the card set, with its rules text, as JSON.
    fn cards_json(&self) -> String;
    /// A game that `observer` cannot tell apart from this one (hidden cards, deck orders
    /// and the generator re-drawn from `seed`).
    fn resample(&self, observer: Observer, seed: u64) -> Box<dyn DynTable>;
    /// The index in the seat's legal list of the move `bot` (seeded with `seed`) makes.
    fn bot_index(&self, seat: Seat, bot: &BotSpec, seed: u64) -> Option<usize>;
    /// A digest of everything the observer has been shown since the game began (its
    /// redacted events), which with its view tells apart what it can tell apart; `None`
    /// unless the game was opened with its history kept.
    fn history_digest(&self, observer: Observer) -> Option<u64>;
    /// Every observer's history digest (seats in order, then the spectator), if kept.
    fn history_digests(&self) -> Option<Vec<u64>>;
}

/// An open game of type `G`.
pub struct Table<G: PyGame> {
    state: G::State,
    /// The last action's events, unredacted (redacted per observer on the way out).
    events: Vec<G::Event>,
    seats: usize,
    /// When asked for: per observer (seats in order, then the spectator), a digest of its
    /// events so far (it costs every action a JSON form of its events per observer).
    history: Option<Vec<u64>>,
    phase: SimultaneousPhase<G>,
    /// Each seat's legal list, listed once per state: a step from Python asks for it two or
    /// three times (mask, count, index). Emptied whenever the state changes.
    legal: LegalCache<G::Action>,
}

/// The legal lists of one state, per seat, filled as they are asked for.
struct LegalCache<A>(Mutex<Vec<Option<Vec<A>>>>);

impl<A> LegalCache<A> {
    fn new() -> LegalCache<A> {
        LegalCache(Mutex::new(Vec::new()))
    }

    /// Forgets every list (the state changed).
    fn clear(&mut self) {
        self.0
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

impl<G: PyGame> Clone for Table<G> {
    fn clone(&self) -> Self {
        Table {
            state: self.state.clone(),
            events: self.events.clone(),
            seats: self.seats,
            history: self.history.clone(),
            phase: self.phase.clone(),
            legal: LegalCache::new(),
        }
    }
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// FNV-1a over `bytes`, continuing from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl<G: PyGame> Table<G> {
    /// A game of `state`.
    pub fn new(state: G::State) -> Table<G> {
        Table {
            phase: SimultaneousPhase::new(&state),
            seats: G::num_seats(G::config(&state)),
            state,
            events: Vec::new(),
            history: None,
            legal: LegalCache::new(),
        }
    }

    /// Keeps, from now on, a digest of what every observer is shown
    /// ([`DynTable::history_digest`]), starting from `digests` (one per seat, then the
    /// spectator's) or, for a game just begun, from nothing.
    pub fn with_history(mut self, digests: Option<Vec<u64>>) -> Result<Table<G>, Failure> {
        let digests = digests.unwrap_or_else(|| vec![0xcbf2_9ce4_8422_2325; self.seats + 1]);
        if digests.len() != self.seats + 1 {
            return Err(Failure::new(
                "invalid_state",
                format!(
                    "{} history digests for a table of {} seats (one per seat and one for \
                     the spectator)",
                    digests.len(),
                    self.seats
                ),
            ));
        }
        self.history = Some(digests);
        Ok(self)
    }

    /// A new game from a JSON configuration (missing fields take their defaults).
    pub fn create(config: &str, seed: u64) -> Result<Table<G>, Failure> {
        let config: G::Config = serde_json::from_str(config)
            .map_err(|e| Failure::new("invalid_config", e.to_string()))?;
        let state = G::new_game(&config, seed)
            .map_err(|e| Failure::new("invalid_config", e.to_string()))?;
        Ok(Table::new(state))
    }

    /// A game from a position file's JSON (`docs/positions/<game>.md`).
    pub fn from_position(text: &str) -> Result<Table<G>, Failure> {
        let invalid = |m: String| Failure::new("invalid_position", m);
        let scenario: G::Scenario =
            serde_json::from_str(text).map_err(|e| invalid(e.to_string()))?;
        Ok(Table::new(
            G::from_scenario(&scenario).map_err(|e| invalid(e.to_string()))?,
        ))
    }

    /// A game from a full state's JSON (as written by [`DynTable::state_json`]).
    pub fn from_state(text: &str) -> Result<Table<G>, Failure> {
        let state: G::State =
            serde_json::from_str(text).map_err(|e| Failure::new("invalid_state", e.to_string()))?;
        Ok(Table::new(state))
    }

    fn observer_index(&self, observer: Observer) -> usize {
        observer
            .seat()
            .map_or(self.seats, |s| s.index().min(self.seats))
    }

    /// Runs `f` on the seat's legal actions, listed once per state and seat.
    fn with_legal<R>(&self, seat: Seat, f: impl FnOnce(&[G::Action]) -> R) -> R {
        let list = || {
            let mut actions = Vec::new();
            G::legal_actions_for(&self.state, seat, &mut actions);
            actions
        };
        let i = seat.index();
        if i >= self.seats {
            return f(&list());
        }
        let mut cache = self.legal.0.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() < self.seats {
            cache.resize_with(self.seats, || None);
        }
        f(cache[i].get_or_insert_with(list))
    }

    fn apply(&mut self, action: &G::Action) -> Result<(), Failure> {
        let events = G::apply_with_events(&mut self.state, action)
            .map_err(|e| Failure::new("illegal_action", e.to_string()))?;
        self.legal.clear();
        let seats = self.seats;
        for (i, digest) in self.history.iter_mut().flatten().enumerate() {
            let observer = if i < seats {
                Observer::Seat(Seat(i as u8))
            } else {
                Observer::Spectator
            };
            for event in events.iter().filter_map(|e| G::redact(e, observer)) {
                *digest = fnv(*digest, json(&event).as_bytes());
            }
            // A separator, so that "one event then none" differs from "none then one".
            *digest = fnv(*digest, b"\n");
        }
        self.events = events;
        self.phase.record(action, &self.state);
        Ok(())
    }
}

impl<G: PyGame> DynTable for Table<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn boxed_clone(&self) -> Box<dyn DynTable> {
        Box::new(self.clone())
    }

    fn num_seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> Vec<Seat> {
        G::to_act(&self.state).iter().collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }

    fn legal_json(&self, seat: Seat) -> Vec<String> {
        self.with_legal(seat, |legal| legal.iter().map(json).collect())
    }

    fn legal_labels(&self, seat: Seat) -> Vec<String> {
        let view = G::view(&self.state, Observer::Seat(seat));
        let config = G::config(&self.state);
        self.with_legal(seat, |legal| {
            legal
                .iter()
                .map(|a| G::describe_action(config, &view, a))
                .collect()
        })
    }

    fn num_legal(&self, seat: Seat) -> usize {
        self.with_legal(seat, <[G::Action]>::len)
    }

    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<(), Failure> {
        let (action, count) =
            self.with_legal(seat, |legal| (legal.get(index).cloned(), legal.len()));
        let action = action.ok_or_else(|| {
            Failure::new(
                "invalid_index",
                format!("index {index} is out of range: {seat} has {count} legal actions"),
            )
        })?;
        self.apply(&action)
    }

    fn apply_json(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Failure> {
        let action: G::Action = serde_json::from_str(text)
            .map_err(|e| Failure::new("malformed", format!("not an action of {}: {e}", G::NAME)))?;
        if let Some(seat) = seat.filter(|s| *s != G::actor(&action)) {
            return Err(Failure::new(
                "wrong_seat",
                format!("the action belongs to {}, not to {seat}", G::actor(&action)),
            ));
        }
        self.apply(&action)
    }

    fn events_json(&self, observer: Observer) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|e| G::redact(e, observer))
            .map(|e| json(&e))
            .collect()
    }

    fn view_json(&self, observer: Observer) -> String {
        json(&G::view(&self.state, observer))
    }

    fn render(&self, observer: Observer) -> String {
        G::render_view(G::config(&self.state), &G::view(&self.state, observer))
    }

    fn encode(&self, observer: Observer, out: &mut Vec<f32>) {
        let view = G::view(&self.state, observer);
        G::encode(G::config(&self.state), &view, out);
    }

    fn encoding_len(&self) -> usize {
        G::encoding_len(G::config(&self.state))
    }

    fn max_legal_actions(&self) -> usize {
        G::max_legal_actions(G::config(&self.state))
    }

    fn max_game_length(&self) -> usize {
        G::max_actions(G::config(&self.state))
    }

    fn state_json(&self) -> String {
        json(&self.state)
    }

    fn config_json(&self) -> String {
        json(G::config(&self.state))
    }

    fn cards_json(&self) -> String {
        json(&G::cards(G::config(&self.state)))
    }

    fn resample(&self, observer: Observer, seed: u64) -> Box<dyn DynTable> {
        let mut rng = GameRng::from_seed(seed);
        let mut copy = self.clone();
        copy.state = G::resample(&self.state, observer, &mut rng);
        // The last action's events belong to the old world.
        copy.events.clear();
        copy.phase = SimultaneousPhase::new(&copy.state);
        copy.legal.clear();
        Box::new(copy)
    }

    fn bot_index(&self, seat: Seat, bot: &BotSpec, seed: u64) -> Option<usize> {
        let branch = self.phase.bot_state(&self.state, seat);
        let chosen = bot.build::<G>(seed).choose(&branch, seat);
        self.with_legal(seat, |legal| {
            chosen
                .and_then(|a| legal.iter().position(|l| *l == a))
                .or((!legal.is_empty()).then_some(0))
        })
    }

    fn history_digest(&self, observer: Observer) -> Option<u64> {
        let i = self.observer_index(observer);
        self.history.as_ref().map(|h| h[i])
    }

    fn history_digests(&self) -> Option<Vec<u64>> {
        self.history.clone()
    }
}
