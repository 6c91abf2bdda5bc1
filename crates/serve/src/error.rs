//! Protocol errors: a machine-readable kind and a human message.

use serde::Serialize;
use std::fmt;

/// What went wrong with a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The line is not a JSON object (an empty line included), a field is missing or of the
    /// wrong type, or the `id` could not be echoed exactly.
    Malformed,
    /// The line is longer than [`crate::MAX_LINE_BYTES`].
    TooLong,
    /// The `op` is not one of the protocol's requests.
    UnknownOp,
    /// No game of that name is served.
    UnknownGame,
    /// No open game has that id.
    UnknownGameId,
    /// The configuration was refused by the game.
    InvalidConfig,
    /// The position (a `create` with a `position` field) was refused by the game.
    InvalidPosition,
    /// The action names another seat than the one acting.
    WrongSeat,
    /// The seat is not at this table.
    InvalidSeat,
    /// The action index is out of the legal list.
    InvalidIndex,
    /// The game refused the action (the message says why).
    IllegalAction,
    /// The replay could not be loaded or does not reproduce.
    InvalidReplay,
    /// The replay of a game in progress would reveal hidden cards.
    HiddenInformation,
    /// Too many games are open.
    TooManyGames,
    /// The open games would use more memory than the server's budget.
    MemoryBudget,
    /// The `bot` request names no bot, or one whose search would take too long.
    InvalidBot,
}

/// An error response: `{"kind": "...", "message": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProtocolError {
    /// The machine-readable kind.
    pub kind: ErrorKind,
    /// What went wrong, in words.
    pub message: String,
}

impl ProtocolError {
    /// An error of `kind` with `message`, cut to [`crate::MAX_MESSAGE_BYTES`] (messages
    /// may quote input, such as a parser's error naming an unknown field).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ProtocolError {
        ProtocolError {
            kind,
            message: clip(message.into(), crate::MAX_MESSAGE_BYTES),
        }
    }
}

/// `text` cut to at most `max` bytes on a character boundary, saying how much was cut.
pub(crate) fn clip(mut text: String, max: usize) -> String {
    if text.len() > max {
        let mut cut = max;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let rest = text.len() - cut;
        text.truncate(cut);
        text.push_str(&format!("… ({rest} more bytes)"));
    }
    text
}

/// Input quoted in a message: at most [`crate::MAX_ECHO_BYTES`] of it.
pub(crate) fn quote(input: &str) -> String {
    clip(input.to_string(), crate::MAX_ECHO_BYTES)
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for ProtocolError {}
