//! The server: the games it serves, the games open, and one request → one response.

use crate::error::{ErrorKind, ProtocolError};
use crate::request::Request;
use crate::session::{status, ActionRef, DynSession, GameEntry};
use crate::{MAX_LINE_BYTES, MAX_OPEN_GAMES, PROTOCOL_VERSION};
use fuda_core::{Conformance, Observer, TextUi};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hasher};

/// Chooses the games a [`Server`] serves.
#[derive(Default)]
pub struct ServerBuilder {
    games: Vec<GameEntry>,
}

impl ServerBuilder {
    /// Serves game `G`.
    #[must_use]
    pub fn game<G: Conformance + TextUi>(mut self) -> ServerBuilder {
        self.games.push(GameEntry::of::<G>());
        self
    }

    /// The server.
    pub fn build(self) -> Server {
        Server {
            games: self.games,
            open: BTreeMap::new(),
            next_id: 1,
        }
    }
}

/// Serves games over the JSON-lines protocol: [`Server::handle_line`] takes one request
/// line and returns one response line. It never panics on input and never changes a game
/// when it refuses a request.
pub struct Server {
    games: Vec<GameEntry>,
    open: BTreeMap<String, Box<dyn DynSession>>,
    next_id: u64,
}

impl Server {
    /// Starts choosing the games to serve.
    pub fn builder() -> ServerBuilder {
        ServerBuilder::default()
    }

    /// Answers one request line with one response line (no newline at the end).
    pub fn handle_line(&mut self, line: &str) -> String {
        if line.len() > MAX_LINE_BYTES {
            let e = ProtocolError::new(
                ErrorKind::TooLong,
                format!(
                    "the line has {} bytes; at most {MAX_LINE_BYTES} are read",
                    line.len()
                ),
            );
            return respond(Value::Null, Err(e));
        }
        let parsed: Result<Value, _> = serde_json::from_str(line);
        let (id, answer) = match parsed {
            Ok(Value::Object(fields)) => {
                let id = fields.get("id").cloned().unwrap_or(Value::Null);
                (id, self.dispatch(&fields))
            }
            Ok(_) => (
                Value::Null,
                Err(ProtocolError::new(
                    ErrorKind::Malformed,
                    "a request is a JSON object",
                )),
            ),
            Err(e) => (
                Value::Null,
                Err(ProtocolError::new(
                    ErrorKind::Malformed,
                    format!("not JSON: {e}"),
                )),
            ),
        };
        respond(id, answer)
    }

    /// Answers a line that could not be read as text (invalid UTF-8 or too long).
    pub fn unreadable_line(&self, error: ProtocolError) -> String {
        respond(Value::Null, Err(error))
    }

    fn dispatch(&mut self, fields: &Map<String, Value>) -> Result<Value, ProtocolError> {
        let req = Request { fields };
        match req.str("op")? {
            "games" => Ok(self.games()),
            "create" => self.create(&req),
            "load" => self.load(&req),
            "list" => Ok(self.list()),
            "view" => {
                let (session, observer) = self.addressed(&req)?;
                Ok(json!({ "view": session.view(observer), "status": status(session) }))
            }
            "legal" => {
                let session = self.session(&req)?;
                let seat = req.seat()?;
                check_seat(session, seat.index())?;
                let actions: Vec<Value> = session
                    .legal(seat)
                    .into_iter()
                    .enumerate()
                    .map(|(index, (action, label))| json!({ "index": index, "action": action, "label": label }))
                    .collect();
                Ok(json!({ "actions": actions, "status": status(session) }))
            }
            "act" => self.act(&req),
            "events" => {
                let (session, observer) = self.addressed(&req)?;
                let since = req.opt_u64("since")?.unwrap_or(0) as usize;
                let (events, next) = session.events(observer, since);
                Ok(json!({ "events": events, "next": next, "status": status(session) }))
            }
            "replay" => {
                let session = self.session(&req)?;
                if session.outcome().is_none() && !req.opt_bool("include_hidden")? {
                    return Err(ProtocolError::new(
                        ErrorKind::HiddenInformation,
                        "the game is in progress and its replay (seed and every action) reveals every hidden card; \
                         ask again with \"include_hidden\": true if no player will see it",
                    ));
                }
                Ok(json!({ "replay": session.replay() }))
            }
            "close" => {
                let id = req.str("game_id")?;
                self.open
                    .remove(id)
                    .map(|_| json!({ "closed": id }))
                    .ok_or_else(|| unknown_id(id))
            }
            other => Err(ProtocolError::new(
                ErrorKind::UnknownOp,
                format!("unknown op `{other}`; ops: games, create, load, list, view, legal, act, events, replay, close"),
            )),
        }
    }

    fn games(&self) -> Value {
        let games: Vec<Value> = self
            .games
            .iter()
            .map(|g| json!({ "name": g.name, "default_config": g.default_config }))
            .collect();
        json!({ "protocol_version": PROTOCOL_VERSION, "games": games })
    }

    fn entry(&self, name: &str) -> Result<&GameEntry, ProtocolError> {
        self.games.iter().find(|g| g.name == name).ok_or_else(|| {
            let names: Vec<&str> = self.games.iter().map(|g| g.name).collect();
            ProtocolError::new(
                ErrorKind::UnknownGame,
                format!("no game `{name}`; served: {}", names.join(", ")),
            )
        })
    }

    fn open_game(&mut self, session: Box<dyn DynSession>) -> Result<String, ProtocolError> {
        if self.open.len() >= MAX_OPEN_GAMES {
            return Err(ProtocolError::new(
                ErrorKind::TooManyGames,
                format!("{MAX_OPEN_GAMES} games are open; close one first"),
            ));
        }
        let id = format!("g{}", self.next_id);
        self.next_id += 1;
        self.open.insert(id.clone(), session);
        Ok(id)
    }

    fn create(&mut self, req: &Request) -> Result<Value, ProtocolError> {
        let entry = self.entry(req.str("game")?)?;
        let config = match req.fields.get("config") {
            None | Some(Value::Null) => json!({}),
            Some(c @ Value::Object(_)) => c.clone(),
            Some(_) => {
                return Err(ProtocolError::new(
                    ErrorKind::Malformed,
                    "`config` must be an object",
                ))
            }
        };
        let seed = match req.opt_u64("seed")? {
            Some(seed) => seed,
            None => seed_from_os(),
        };
        let (name, create) = (entry.name, entry.create);
        let session = create(config, seed)?;
        let seats = session.seats();
        let status = status(session.as_ref());
        let game_id = self.open_game(session)?;
        Ok(
            json!({ "game_id": game_id, "game": name, "seed": seed, "seats": seats, "status": status }),
        )
    }

    fn load(&mut self, req: &Request) -> Result<Value, ProtocolError> {
        let replay = req
            .fields
            .get("replay")
            .ok_or_else(|| ProtocolError::new(ErrorKind::Malformed, "`replay` is required"))?;
        let name = replay.get("game").and_then(Value::as_str).unwrap_or("");
        let load = self
            .entry(name)
            .map_err(|e| ProtocolError::new(ErrorKind::InvalidReplay, e.message))?
            .load;
        let session = load(replay)?;
        let (name, seats, steps, status) = (
            session.game(),
            session.seats(),
            session.steps(),
            status(session.as_ref()),
        );
        let game_id = self.open_game(session)?;
        Ok(
            json!({ "game_id": game_id, "game": name, "seats": seats, "steps": steps, "status": status }),
        )
    }

    fn list(&self) -> Value {
        let games: Vec<Value> = self
            .open
            .iter()
            .map(
                |(id, s)| json!({ "game_id": id, "game": s.game(), "over": s.outcome().is_some() }),
            )
            .collect();
        json!({ "open": games })
    }

    fn session(&self, req: &Request) -> Result<&dyn DynSession, ProtocolError> {
        let id = req.str("game_id")?;
        self.open
            .get(id)
            .map(Box::as_ref)
            .ok_or_else(|| unknown_id(id))
    }

    /// The game and the observer a request is addressed to.
    fn addressed(&self, req: &Request) -> Result<(&dyn DynSession, Observer), ProtocolError> {
        let session = self.session(req)?;
        let observer = req.observer()?;
        if let Observer::Seat(seat) = observer {
            check_seat(session, seat.index())?;
        }
        Ok((session, observer))
    }

    fn act(&mut self, req: &Request) -> Result<Value, ProtocolError> {
        let id = req.str("game_id")?;
        let seat = req.seat()?;
        let action = match (req.fields.get("action"), req.opt_u64("index")?) {
            (Some(a), None) => ActionRef::Value(a.clone()),
            (None, Some(i)) => ActionRef::Index(usize::try_from(i).unwrap_or(usize::MAX)),
            _ => return Err(ProtocolError::new(
                ErrorKind::Malformed,
                "give exactly one of `action` (an action object) and `index` (into the legal list)",
            )),
        };
        let session = self.open.get_mut(id).ok_or_else(|| unknown_id(id))?;
        check_seat(session.as_ref(), seat.index())?;
        let events = session.act(seat, action)?;
        Ok(json!({ "events": events, "status": status(session.as_ref()) }))
    }

    /// The full state of an open game, for tests comparing a served game with an
    /// in-process one. Not reachable through the protocol (it holds hidden cards).
    pub fn state_json(&self, game_id: &str) -> Option<Value> {
        self.open.get(game_id).map(|s| s.state_json())
    }
}

fn check_seat(session: &dyn DynSession, seat: usize) -> Result<(), ProtocolError> {
    if seat < session.seats() {
        Ok(())
    } else {
        Err(ProtocolError::new(
            ErrorKind::InvalidSeat,
            format!("seat {seat} is not at this {}-seat table", session.seats()),
        ))
    }
}

fn unknown_id(id: &str) -> ProtocolError {
    ProtocolError::new(ErrorKind::UnknownGameId, format!("no open game `{id}`"))
}

/// A seed from the operating system's randomness (the standard library's hash keys).
fn seed_from_os() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish()
}

fn respond(id: Value, answer: Result<Value, ProtocolError>) -> String {
    let body = match answer {
        Ok(result) => json!({ "id": id, "ok": true, "result": result }),
        Err(error) => json!({ "id": id, "ok": false, "error": error }),
    };
    body.to_string()
}
