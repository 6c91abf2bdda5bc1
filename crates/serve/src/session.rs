//! One open game behind a type-erased interface, so one server holds games of every kind.

use crate::error::{ErrorKind, ProtocolError};
use fuda_core::{Conformance, Game, Observer, Outcome, Replay, Seat, TextUi};
use serde::Serialize;
use serde_json::{json, Value};

/// An open game as the server sees it: JSON in, JSON out.
pub(crate) trait DynSession {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// Number of seats at the table.
    fn seats(&self) -> usize;
    /// Seats that may act now.
    fn to_act(&self) -> Vec<Seat>;
    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The observer's view.
    fn view(&self, observer: Observer) -> Value;
    /// The seat's legal actions with menu labels, in the engine's stable order.
    fn legal(&self, seat: Seat) -> Vec<(Value, String)>;
    /// Applies an action of `seat` (by value or by index); returns the events as `seat`
    /// sees them.
    fn act(&mut self, seat: Seat, action: ActionRef) -> Result<Vec<Value>, ProtocolError>;
    /// The observer's events from position `since` of its own event stream, and the
    /// position after them.
    fn events(&self, observer: Observer, since: usize) -> (Vec<Value>, usize);
    /// The replay of the game so far.
    fn replay(&self) -> Value;
    /// Actions played so far.
    fn steps(&self) -> usize;
    /// The full state as JSON (for tests that compare a served game with an in-process one).
    fn state_json(&self) -> Value;
}

/// An action given by value or by its index in the seat's legal list.
pub(crate) enum ActionRef {
    Value(Value),
    Index(usize),
}

/// An open game of type `G`.
pub(crate) struct Session<G: Game> {
    state: G::State,
    replay: Replay<G>,
    seats: usize,
    /// Every event so far, unredacted; redacted per observer on the way out.
    log: Vec<G::Event>,
}

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Conformance + TextUi> Session<G> {
    /// A new game from a JSON configuration (missing fields take their defaults).
    pub fn create(config: Value, seed: u64) -> Result<Session<G>, ProtocolError> {
        let config: G::Config = serde_json::from_value(config)
            .map_err(|e| ProtocolError::new(ErrorKind::InvalidConfig, e.to_string()))?;
        let state = G::new_game(&config, seed)
            .map_err(|e| ProtocolError::new(ErrorKind::InvalidConfig, e.to_string()))?;
        Ok(Session {
            seats: G::num_seats(&config),
            replay: Replay::new(config, seed),
            state,
            log: Vec::new(),
        })
    }

    /// A game rebuilt from a replay, every action re-applied.
    pub fn load(replay: &Value) -> Result<Session<G>, ProtocolError> {
        let invalid = |message: String| ProtocolError::new(ErrorKind::InvalidReplay, message);
        let replay =
            Replay::<G>::from_json(&replay.to_string()).map_err(|e| invalid(e.to_string()))?;
        let mut session = Session::<G>::create(to_value(&replay.config), replay.seed)
            .map_err(|e| invalid(e.message))?;
        for (index, action) in replay.actions.iter().enumerate() {
            let events = G::apply_with_events(&mut session.state, action)
                .map_err(|e| invalid(format!("action {index} is refused: {e}")))?;
            session.log.extend(events);
            session.replay.actions.push(action.clone());
        }
        Ok(session)
    }
}

impl<G: Conformance + TextUi> DynSession for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn to_act(&self) -> Vec<Seat> {
        G::to_act(&self.state).iter().collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }

    fn view(&self, observer: Observer) -> Value {
        to_value(&G::view(&self.state, observer))
    }

    fn legal(&self, seat: Seat) -> Vec<(Value, String)> {
        let mut actions = Vec::new();
        G::legal_actions_for(&self.state, seat, &mut actions);
        let view = G::view(&self.state, Observer::Seat(seat));
        let config = G::config(&self.state);
        actions
            .iter()
            .map(|a| (to_value(a), G::describe_action(config, &view, a)))
            .collect()
    }

    fn act(&mut self, seat: Seat, action: ActionRef) -> Result<Vec<Value>, ProtocolError> {
        let action: G::Action = match action {
            ActionRef::Value(v) => serde_json::from_value(v).map_err(|e| {
                ProtocolError::new(
                    ErrorKind::Malformed,
                    format!("not an action of {}: {e}", G::NAME),
                )
            })?,
            ActionRef::Index(i) => {
                let mut actions = Vec::new();
                G::legal_actions_for(&self.state, seat, &mut actions);
                let count = actions.len();
                actions.into_iter().nth(i).ok_or_else(|| {
                    ProtocolError::new(
                        ErrorKind::InvalidIndex,
                        format!("index {i} is out of range: {seat} has {count} legal actions"),
                    )
                })?
            }
        };
        if G::actor(&action) != seat {
            return Err(ProtocolError::new(
                ErrorKind::WrongSeat,
                format!("the action belongs to {}, not to {seat}", G::actor(&action)),
            ));
        }
        let events = G::apply_with_events(&mut self.state, &action)
            .map_err(|e| ProtocolError::new(ErrorKind::IllegalAction, e.to_string()))?;
        self.replay.actions.push(action);
        let me = Observer::Seat(seat);
        let shown = events
            .iter()
            .filter_map(|e| G::redact(e, me))
            .map(|e| to_value(&e))
            .collect();
        self.log.extend(events);
        Ok(shown)
    }

    fn events(&self, observer: Observer, since: usize) -> (Vec<Value>, usize) {
        let mut next = 0;
        let mut out = Vec::new();
        for e in self.log.iter().filter_map(|e| G::redact(e, observer)) {
            if next >= since {
                out.push(to_value(&e));
            }
            next += 1;
        }
        (out, next.max(since))
    }

    fn replay(&self) -> Value {
        // Sealed with the current state, so a replay tool can prove it reproduces.
        let mut replay = self.replay.clone();
        replay.seal(&self.state);
        serde_json::from_str(&replay.to_json()).unwrap_or(Value::Null)
    }

    fn steps(&self) -> usize {
        self.replay.actions.len()
    }

    fn state_json(&self) -> Value {
        to_value(&self.state)
    }
}

/// How to open games of one kind: its name, default configuration and constructors.
pub(crate) struct GameEntry {
    pub name: &'static str,
    pub default_config: Value,
    pub create: fn(Value, u64) -> Result<Box<dyn DynSession>, ProtocolError>,
    pub load: fn(&Value) -> Result<Box<dyn DynSession>, ProtocolError>,
}

impl GameEntry {
    pub fn of<G: Conformance + TextUi>() -> GameEntry {
        GameEntry {
            name: G::NAME,
            default_config: to_value(&G::Config::default()),
            create: |config, seed| Ok(Box::new(Session::<G>::create(config, seed)?)),
            load: |replay| Ok(Box::new(Session::<G>::load(replay)?)),
        }
    }
}

/// The summary every response about a game carries: public to every seat (the number of
/// actions played is not in it: in a simultaneous phase it would count secret moves).
pub(crate) fn status(session: &dyn DynSession) -> Value {
    json!({
        "to_act": session.to_act(),
        "outcome": session.outcome(),
    })
}
