//! The server: the games it serves, the games open, and one request → one response.

use crate::error::{quote, ErrorKind, ProtocolError};
use crate::request::{request_id, Request};
use crate::session::{status, ActionRef, DynSession, EventPage, GameEntry, LegalPage};
use crate::{
    DEFAULT_BOT, EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, LEGAL_PAGE_MAX, MAX_BOT_LISTED_ACTIONS,
    MAX_BOT_MILLIS, MAX_BOT_ROLLOUT_ACTIONS, MAX_LINE_BYTES, MAX_OPEN_GAMES, MEMORY_BUDGET_BYTES,
    PROTOCOL_VERSION,
};
use fuda_bots::ismcts::ROLLOUT_CAP;
use fuda_bots::{BotSpec, Budget, SpecError};
use fuda_core::{Conformance, Observer, Positions, TextUi};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hasher};

/// Chooses the games a [`Server`] serves and its limits.
pub struct ServerBuilder {
    games: Vec<GameEntry>,
    max_open_games: usize,
    memory_budget: usize,
}

impl Default for ServerBuilder {
    fn default() -> Self {
        ServerBuilder {
            games: Vec::new(),
            max_open_games: MAX_OPEN_GAMES,
            memory_budget: MEMORY_BUDGET_BYTES,
        }
    }
}

impl ServerBuilder {
    /// Serves game `G`.
    #[must_use]
    pub fn game<G: Conformance + TextUi + Positions>(mut self) -> ServerBuilder {
        self.games.push(GameEntry::of::<G>());
        self
    }

    /// The most games open at once (default [`MAX_OPEN_GAMES`]).
    #[must_use]
    pub fn max_open_games(mut self, games: usize) -> ServerBuilder {
        self.max_open_games = games;
        self
    }

    /// The memory the open games may hold together, in bytes (default
    /// [`MEMORY_BUDGET_BYTES`]). `create` and `load` are refused when the new game would
    /// not fit, and `act` while the open games are over the budget.
    #[must_use]
    pub fn memory_budget(mut self, bytes: usize) -> ServerBuilder {
        self.memory_budget = bytes;
        self
    }

    /// The server.
    pub fn build(self) -> Server {
        Server {
            games: self.games,
            open: BTreeMap::new(),
            next_id: 1,
            max_open_games: self.max_open_games,
            memory_budget: self.memory_budget,
            used_bytes: 0,
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
    max_open_games: usize,
    memory_budget: usize,
    /// The sum of the open games' [`DynSession::bytes`].
    used_bytes: usize,
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
        if line.trim().is_empty() {
            let e = ProtocolError::new(
                ErrorKind::Malformed,
                "the line is empty; a request is a JSON object",
            );
            return respond(Value::Null, Err(e));
        }
        let parsed: Result<Value, _> = serde_json::from_str(line);
        let (id, answer) = match parsed {
            Ok(Value::Object(mut fields)) => match request_id(&fields) {
                Ok(id) => (id, self.dispatch(&mut fields)),
                Err(e) => (Value::Null, Err(e)),
            },
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

    fn dispatch(&mut self, fields: &mut Map<String, Value>) -> Result<Value, ProtocolError> {
        let mut req = Request { fields };
        let op = req.str("op")?.to_owned();
        match op.as_str() {
            "games" => Ok(self.games()),
            "create" => self.create(&mut req),
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
                let offset = req.opt_usize("offset")?.unwrap_or(0);
                let limit = req
                    .opt_usize("limit")?
                    .unwrap_or(LEGAL_PAGE_MAX)
                    .min(LEGAL_PAGE_MAX);
                let LegalPage { actions, count } = session.legal(seat, offset, limit);
                let actions: Vec<Value> = actions
                    .into_iter()
                    .zip(offset..)
                    .map(|((action, label), index)| json!({ "index": index, "action": action, "label": label }))
                    .collect();
                Ok(json!({ "actions": actions, "count": count, "status": status(session) }))
            }
            "act" => self.act(&req),
            "events" => {
                let (session, observer) = self.addressed(&req)?;
                let since = req.opt_usize("since")?.unwrap_or(0);
                let limit = req
                    .opt_usize("limit")?
                    .unwrap_or(EVENTS_PAGE_DEFAULT)
                    .min(EVENTS_PAGE_MAX);
                let EventPage {
                    events,
                    next,
                    total,
                } = session.events(observer, since, limit);
                Ok(json!({ "events": events, "next": next, "total": total, "status": status(session) }))
            }
            "cards" => self.cards(&mut req),
            "bot" => self.bot(&req),
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
                let session = self.open.remove(id).ok_or_else(|| unknown_id(id))?;
                self.used_bytes = self.used_bytes.saturating_sub(session.bytes());
                Ok(json!({ "closed": id }))
            }
            other => Err(ProtocolError::new(
                ErrorKind::UnknownOp,
                format!("unknown op `{}`; ops: games, create, load, list, view, legal, act, events, bot, replay, cards, close", quote(other)),
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
                format!("no game `{}`; served: {}", quote(name), names.join(", ")),
            )
        })
    }

    /// Refuses a request that would open a game when the cap is reached.
    fn check_room(&self) -> Result<(), ProtocolError> {
        if self.open.len() >= self.max_open_games {
            return Err(ProtocolError::new(
                ErrorKind::TooManyGames,
                format!("{} games are open; close one first", self.max_open_games),
            ));
        }
        Ok(())
    }

    fn open_game(&mut self, session: Box<dyn DynSession>) -> Result<String, ProtocolError> {
        self.check_room()?;
        let bytes = session.bytes();
        if self.used_bytes.saturating_add(bytes) > self.memory_budget {
            return Err(
                self.over_budget(&format!("this game would hold about {}", megabytes(bytes)))
            );
        }
        let id = format!("g{}", self.next_id);
        self.next_id += 1;
        self.used_bytes += bytes;
        self.open.insert(id.clone(), session);
        Ok(id)
    }

    fn over_budget(&self, what: &str) -> ProtocolError {
        ProtocolError::new(
            ErrorKind::MemoryBudget,
            format!(
                "the open games hold about {} of the server's memory budget of {}; {what}; \
                 close a game first",
                megabytes(self.used_bytes),
                megabytes(self.memory_budget)
            ),
        )
    }

    fn create(&mut self, req: &mut Request) -> Result<Value, ProtocolError> {
        let position = req.fields.remove("position").filter(|p| !p.is_null());
        let has_config = req.fields.get("config").is_some_and(|c| !c.is_null());
        let config = req.take_config()?;
        let entry = self.entry(req.str("game")?)?;
        let (name, create, from_position) = (entry.name, entry.create, entry.from_position);
        let seed = req.opt_u64("seed")?;
        self.check_room()?;
        let (session, seed) = match position {
            // A position carries its own configuration and generator.
            Some(_) if has_config || seed.is_some() => {
                return Err(ProtocolError::new(
                    ErrorKind::Malformed,
                    "a `position` carries its own configuration and seed: send no `config` \
                     or `seed` with it",
                ))
            }
            Some(position) => (from_position(position)?, 0),
            None => {
                let seed = seed.unwrap_or_else(seed_from_os);
                (create(config, seed)?, seed)
            }
        };
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
        self.check_room()?;
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
        let action = match (req.fields.get("action"), req.opt_usize("index")?) {
            (Some(a), None) => ActionRef::Value(a.clone()),
            (None, Some(i)) => ActionRef::Index(i),
            _ => return Err(ProtocolError::new(
                ErrorKind::Malformed,
                "give exactly one of `action` (an action object) and `index` (into the legal list)",
            )),
        };
        if self.used_bytes > self.memory_budget {
            if !self.open.contains_key(id) {
                return Err(unknown_id(id));
            }
            return Err(self.over_budget("an action may add events"));
        }
        let session = self.open.get_mut(id).ok_or_else(|| unknown_id(id))?;
        check_seat(session.as_ref(), seat.index())?;
        let before = session.bytes();
        let page = session.act(seat, action, EVENTS_PAGE_DEFAULT)?;
        self.used_bytes = (self.used_bytes + session.bytes()).saturating_sub(before);
        Ok(json!({
            "events": page.events,
            "next": page.next,
            "total": page.total,
            "status": status(session.as_ref()),
        }))
    }

    /// `bot`: the move a bot would make for a seat, without making it (the front end plays
    /// it with `act`). `bot` names the bot as `fuda simulate --bots` does (default
    /// [`DEFAULT_BOT`]); its search is bounded by [`MAX_BOT_MILLIS`] and
    /// [`MAX_BOT_ROLLOUT_ACTIONS`], and its work by [`MAX_BOT_LISTED_ACTIONS`]; `seed` (default 0) makes the answer reproducible.
    fn bot(&self, req: &Request) -> Result<Value, ProtocolError> {
        let session = self.session(req)?;
        let seat = req.seat()?;
        check_seat(session, seat.index())?;
        let name = match req.fields.get("bot") {
            None | Some(Value::Null) => DEFAULT_BOT,
            Some(_) => req.str("bot")?,
        };
        let mut spec: BotSpec = name
            .parse()
            .map_err(|e: SpecError| ProtocolError::new(ErrorKind::InvalidBot, e.to_string()))?;
        check_bot_cost(&spec)?;
        if let BotSpec::Ismcts(config) = &mut spec {
            config.max_listed = config.max_listed.min(MAX_BOT_LISTED_ACTIONS);
        }
        let seed = req.opt_u64("seed")?.unwrap_or(0);
        let answer = match session.bot_move(seat, &spec, seed) {
            Some((action, index, label)) => {
                json!({ "action": action, "index": index, "label": label })
            }
            None => json!({ "action": null }),
        };
        let mut answer = answer;
        answer["bot"] = json!(spec.to_string());
        answer["status"] = status(session);
        Ok(answer)
    }

    /// `cards`: the card set of an open game (`game_id`), or of a game's configuration
    /// (`game`, with an optional `config`; the sample set by default).
    fn cards(&self, req: &mut Request) -> Result<Value, ProtocolError> {
        let cards = if req.fields.contains_key("game_id") {
            self.session(req)?.cards()
        } else {
            let config = req.take_config()?;
            let entry = self.entry(req.str("game")?)?;
            (entry.cards)(config)?
        };
        Ok(json!({ "cards": cards }))
    }

    /// The estimated memory the open games hold, in bytes (the sum the memory budget is
    /// checked against).
    pub fn used_bytes(&self) -> usize {
        self.used_bytes
    }

    /// Every open game's id and full state (for the fuzz body's unchanged-state check).
    pub(crate) fn open_states(&self) -> Vec<(String, Value)> {
        self.open
            .iter()
            .map(|(id, s)| (id.clone(), s.state_json()))
            .collect()
    }

    /// The full state of an open game, for tests comparing a served game with an
    /// in-process one. Not reachable through the protocol (it holds hidden cards).
    pub fn state_json(&self, game_id: &str) -> Option<Value> {
        self.open.get(game_id).map(|s| s.state_json())
    }
}

/// Refuses a bot whose search could hold the server for more than a fraction of a second.
fn check_bot_cost(spec: &BotSpec) -> Result<(), ProtocolError> {
    let BotSpec::Ismcts(config) = spec else {
        return Ok(());
    };
    let too_costly = match config.budget {
        Budget::Millis(ms) => ms > MAX_BOT_MILLIS,
        Budget::Iterations(n) => {
            let depth = config.rollout_depth.unwrap_or(ROLLOUT_CAP);
            u64::from(n) * u64::from(depth.max(1)) > MAX_BOT_ROLLOUT_ACTIONS
        }
    };
    if too_costly {
        return Err(ProtocolError::new(
            ErrorKind::InvalidBot,
            format!(
                "`{spec}` may think too long for one request: give at most {MAX_BOT_MILLIS} ms, \
                 or iterations times rollout depth (depth=end counts as {ROLLOUT_CAP}) of at \
                 most {MAX_BOT_ROLLOUT_ACTIONS}, e.g. ismcts:2000 at the default depth of {}",
                BotSpec::ROLLOUT_DEPTH.unwrap_or(ROLLOUT_CAP)
            ),
        ));
    }
    Ok(())
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
    ProtocolError::new(
        ErrorKind::UnknownGameId,
        format!("no open game `{}`", quote(id)),
    )
}

/// Bytes in megabytes, for messages.
fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
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
