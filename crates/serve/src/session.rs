//! One open game behind a type-erased interface, so one server holds games of every kind.

use crate::error::{ErrorKind, ProtocolError};
use fuda_bots::{BotSpec, SimultaneousPhase};
use fuda_core::{
    digest, CardText, Conformance, Game, Observer, Outcome, Positions, Replay, Seat, TextUi,
};
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
    /// A page of the seat's legal actions with menu labels, in the engine's stable order:
    /// at most `limit` from index `offset` on.
    fn legal(&self, seat: Seat, offset: usize, limit: usize) -> LegalPage;
    /// Applies an action of `seat` (by value or by index); returns the page of the events
    /// of this action as `seat` sees them (at most `limit`).
    fn act(
        &mut self,
        seat: Seat,
        action: ActionRef,
        limit: usize,
    ) -> Result<EventPage, ProtocolError>;
    /// At most `limit` of the observer's events from position `since` of its own stream.
    fn events(&self, observer: Observer, since: usize, limit: usize) -> EventPage;
    /// The replay of the game so far.
    fn replay(&self) -> Value;
    /// Actions played so far.
    fn steps(&self) -> usize;
    /// Every card of the game's card set.
    fn cards(&self) -> Vec<CardText>;
    /// An estimate of the memory the game holds, in bytes.
    fn bytes(&self) -> usize;
    /// The full state as JSON (for tests that compare a served game with an in-process one).
    fn state_json(&self) -> Value;
    /// The move `bot` (seeded with `seed`) would make for `seat`, with its index in the
    /// seat's legal list and its menu label; `None` when the seat has nothing to do.
    fn bot_move(&self, seat: Seat, bot: &BotSpec, seed: u64) -> Option<(Value, usize, String)>;
}

/// A page of one seat's legal actions.
pub(crate) struct LegalPage {
    /// The actions of the page with their menu labels.
    pub actions: Vec<(Value, String)>,
    /// How many legal actions the seat has in all.
    pub count: usize,
}

/// An action given by value or by its index in the seat's legal list.
pub(crate) enum ActionRef {
    Value(Value),
    Index(usize),
}

/// A page of one observer's event stream.
pub(crate) struct EventPage {
    /// The events, redacted for the observer.
    pub events: Vec<Value>,
    /// The position after the page (where to ask from next).
    pub next: usize,
    /// The length of the observer's stream.
    pub total: usize,
}

/// An open game of type `G`.
pub(crate) struct Session<G: Game> {
    state: G::State,
    /// The seed of a new game (0 for a game that began from `start`).
    seed: u64,
    /// The state a game loaded from a replay with a built start position began from.
    start: Option<G::State>,
    /// Every action so far (the configuration of the replay is the state's own).
    actions: Vec<G::Action>,
    seats: usize,
    /// Every event so far, unredacted; redacted per observer on the way out.
    log: Vec<G::Event>,
    /// Per observer (seats in order, then the spectator): the positions in `log` of the
    /// events it is shown, so that a page of its stream costs the page, not the stream.
    visible: Vec<Vec<u32>>,
    /// The estimated size of the state, the start position and the card set.
    base_bytes: usize,
    /// The estimated size of the events and actions so far.
    log_bytes: usize,
    /// So that a bot asked for one seat's move in a simultaneous phase (such as Monjan's
    /// edit turn) decides without the other seats' moves of the phase.
    phase: SimultaneousPhase<G>,
}

fn to_value<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// Counts the bytes of a JSON form without keeping it.
struct ByteCount(usize);

impl std::io::Write for ByteCount {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// How many bytes of memory a game takes per byte of its configuration's JSON form.
/// Measured by `tests/memory_budget.rs` on games with 4,000-card custom sets, where memory
/// matters: about 3.7, as every card's strings and vectors carry headers and allocator
/// overhead and the engines keep the card set both in the configuration and resolved for
/// play.
const MEMORY_PER_CONFIG_JSON_BYTE: usize = 4;

/// What a game takes beyond its configuration: the zones, counters and the sample card
/// set (a game of any kind with its default configuration holds less; counting more is
/// the safe side).
const GAME_BYTES: usize = 64 << 10;

/// The length of `value`'s JSON form.
fn json_bytes<T: Serialize>(value: &T) -> usize {
    let mut count = ByteCount(0);
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}

impl<G: Conformance + TextUi + Positions> Session<G> {
    /// A game begun from a position in the game's position format (its `Positions`
    /// scenario, as in `docs/positions/<game>.md`), which carries its own configuration and
    /// generator; its replay starts from the built state.
    pub fn from_position(position: Value) -> Result<Session<G>, ProtocolError> {
        let invalid = |message: String| ProtocolError::new(ErrorKind::InvalidPosition, message);
        let scenario: G::Scenario =
            serde_json::from_value(position).map_err(|e| invalid(e.to_string()))?;
        let state = G::from_scenario(&scenario).map_err(|e| invalid(e.to_string()))?;
        let config_bytes = json_bytes(G::config(&state));
        Ok(Session::begin(state.clone(), 0, Some(state), config_bytes))
    }

    /// A new game from a JSON configuration (missing fields take their defaults).
    pub fn create(config: Value, seed: u64) -> Result<Session<G>, ProtocolError> {
        let config_bytes = json_bytes(&config);
        let config = parse_config::<G>(config)?;
        let state = G::new_game(&config, seed)
            .map_err(|e| ProtocolError::new(ErrorKind::InvalidConfig, e.to_string()))?;
        Ok(Session::begin(state, seed, None, config_bytes))
    }

    /// A session of `state`, whose configuration's JSON form has `config_bytes` bytes.
    fn begin(
        state: G::State,
        seed: u64,
        start: Option<G::State>,
        config_bytes: usize,
    ) -> Session<G> {
        let seats = G::num_seats(G::config(&state));
        // Counted from JSON forms already at hand: the configuration as sent (the card set
        // dominates a large game) and a start position as sent.
        let base_bytes = std::mem::size_of::<Self>()
            + GAME_BYTES
            + MEMORY_PER_CONFIG_JSON_BYTE * config_bytes
            + MEMORY_PER_CONFIG_JSON_BYTE * start.as_ref().map_or(0, json_bytes);
        Session {
            seats,
            phase: SimultaneousPhase::new(&state),
            state,
            seed,
            start,
            actions: Vec::new(),
            log: Vec::new(),
            visible: vec![Vec::new(); seats + 1],
            base_bytes,
            log_bytes: 0,
        }
    }

    /// A game rebuilt from a replay, every action re-applied; a sealed replay must end in
    /// the state of its digest.
    pub fn load(replay: &Value) -> Result<Session<G>, ProtocolError> {
        let invalid = |message: String| ProtocolError::new(ErrorKind::InvalidReplay, message);
        let config_bytes = replay.get("config").map_or(0, json_bytes);
        let replay =
            Replay::<G>::from_json(&replay.to_string()).map_err(|e| invalid(e.to_string()))?;
        let state = replay.initial_state().map_err(|e| invalid(e.to_string()))?;
        let mut session =
            Session::<G>::begin(state, replay.seed, replay.start.clone(), config_bytes);
        for (index, action) in replay.actions.iter().enumerate() {
            let events = G::apply_with_events(&mut session.state, action)
                .map_err(|e| invalid(format!("action {index} is refused: {e}")))?;
            session.record(action.clone(), events);
        }
        if let Some(expected) = &replay.final_digest {
            let found = digest::<G>(&session.state);
            if &found != expected {
                return Err(invalid(format!(
                    "the replay does not reproduce its game: final state digest {found}, \
                     expected {expected}"
                )));
            }
        }
        Ok(session)
    }

    /// Keeps an action and its events, indexing the events each observer is shown.
    fn record(&mut self, action: G::Action, events: Vec<G::Event>) {
        for event in events {
            let position = u32::try_from(self.log.len()).unwrap_or(u32::MAX);
            let mut seen_by = 0;
            for (i, visible) in self.visible.iter_mut().enumerate() {
                if G::redact(&event, observer_at(i, self.seats)).is_some() {
                    visible.push(position);
                    seen_by += 1;
                }
            }
            self.log_bytes += std::mem::size_of::<G::Event>()
                + json_bytes(&event)
                + seen_by * std::mem::size_of::<u32>();
            self.log.push(event);
        }
        self.log_bytes += std::mem::size_of::<G::Action>();
        self.phase.record(&action, &self.state);
        self.actions.push(action);
    }

    /// The index of `observer` in `visible`.
    fn observer_index(&self, observer: Observer) -> usize {
        match observer {
            Observer::Seat(seat) => seat.index().min(self.seats),
            Observer::Spectator => self.seats,
        }
    }
}

/// The observer whose events `visible[i]` indexes.
fn observer_at(i: usize, seats: usize) -> Observer {
    if i < seats {
        Observer::Seat(Seat(i as u8))
    } else {
        Observer::Spectator
    }
}

/// A configuration from JSON (missing fields take their defaults).
pub(crate) fn parse_config<G: Game>(config: Value) -> Result<G::Config, ProtocolError> {
    serde_json::from_value(config)
        .map_err(|e| ProtocolError::new(ErrorKind::InvalidConfig, e.to_string()))
}

impl<G: Conformance + TextUi + Positions> DynSession for Session<G> {
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

    fn legal(&self, seat: Seat, offset: usize, limit: usize) -> LegalPage {
        let mut actions = Vec::new();
        G::legal_actions_for(&self.state, seat, &mut actions);
        let count = actions.len();
        let page = actions.get(offset..).unwrap_or_default();
        let page = &page[..page.len().min(limit)];
        // Only the page is turned into JSON and labelled: listing is cheap, labels are not.
        let view = G::view(&self.state, Observer::Seat(seat));
        let config = G::config(&self.state);
        let actions = page
            .iter()
            .map(|a| (to_value(a), G::describe_action(config, &view, a)))
            .collect();
        LegalPage { actions, count }
    }

    fn act(
        &mut self,
        seat: Seat,
        action: ActionRef,
        limit: usize,
    ) -> Result<EventPage, ProtocolError> {
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
        let me = Observer::Seat(seat);
        let since = self.visible[self.observer_index(me)].len();
        self.record(action, events);
        Ok(self.events(me, since, limit))
    }

    fn events(&self, observer: Observer, since: usize, limit: usize) -> EventPage {
        let visible = &self.visible[self.observer_index(observer)];
        let total = visible.len();
        let page = visible.get(since..).unwrap_or(&[]);
        let events: Vec<Value> = page
            .iter()
            .take(limit)
            .filter_map(|&i| self.log.get(i as usize))
            .filter_map(|e| G::redact(e, observer))
            .map(|e| to_value(&e))
            .collect();
        EventPage {
            next: since + events.len(),
            events,
            total,
        }
    }

    fn replay(&self) -> Value {
        let mut replay = match &self.start {
            Some(start) => Replay::<G>::from_start(start.clone()),
            None => Replay::<G>::new(G::config(&self.state).clone(), self.seed),
        };
        replay.actions.clone_from(&self.actions);
        // Sealed with the current state, so a replay tool can prove it reproduces.
        replay.seal(&self.state);
        serde_json::from_str(&replay.to_json()).unwrap_or(Value::Null)
    }

    fn steps(&self) -> usize {
        self.actions.len()
    }

    fn cards(&self) -> Vec<CardText> {
        G::cards(G::config(&self.state))
    }

    fn bytes(&self) -> usize {
        self.base_bytes + self.log_bytes
    }

    fn state_json(&self) -> Value {
        to_value(&self.state)
    }

    fn bot_move(&self, seat: Seat, bot: &BotSpec, seed: u64) -> Option<(Value, usize, String)> {
        if !G::to_act(&self.state).contains(seat) {
            return None;
        }
        let branch = self.phase.bot_state(&self.state, seat);
        let mut legal = Vec::new();
        G::legal_actions_for(&self.state, seat, &mut legal);
        let chosen = bot
            .build::<G>(seed)
            .choose(&branch, seat)
            .filter(|a| legal.contains(a))
            .or_else(|| legal.first().cloned())?;
        let index = legal.iter().position(|a| *a == chosen)?;
        let view = G::view(&self.state, Observer::Seat(seat));
        let label = G::describe_action(G::config(&self.state), &view, &chosen);
        Some((to_value(&chosen), index, label))
    }
}

/// How to open games of one kind: its name, default configuration and constructors.
pub(crate) struct GameEntry {
    pub name: &'static str,
    pub default_config: Value,
    pub create: fn(Value, u64) -> Result<Box<dyn DynSession>, ProtocolError>,
    /// A game begun from a position file.
    pub from_position: fn(Value) -> Result<Box<dyn DynSession>, ProtocolError>,
    pub load: fn(&Value) -> Result<Box<dyn DynSession>, ProtocolError>,
    /// The cards of the card set of a configuration.
    pub cards: fn(Value) -> Result<Vec<CardText>, ProtocolError>,
}

impl GameEntry {
    pub fn of<G: Conformance + TextUi + Positions>() -> GameEntry {
        GameEntry {
            name: G::NAME,
            default_config: to_value(&G::Config::default()),
            create: |config, seed| Ok(Box::new(Session::<G>::create(config, seed)?)),
            from_position: |position| Ok(Box::new(Session::<G>::from_position(position)?)),
            load: |replay| Ok(Box::new(Session::<G>::load(replay)?)),
            cards: |config| Ok(G::cards(&parse_config::<G>(config)?)),
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
