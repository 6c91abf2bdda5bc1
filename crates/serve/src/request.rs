//! Reading the fields of a request.

use crate::error::{ErrorKind, ProtocolError};
use fuda_core::{Observer, Seat, MAX_SEATS};
use serde_json::{Map, Value};

/// A request object with typed accessors that fail with a `malformed` error naming the
/// field.
pub(crate) struct Request<'a> {
    pub fields: &'a Map<String, Value>,
}

fn malformed(message: String) -> ProtocolError {
    ProtocolError::new(ErrorKind::Malformed, message)
}

impl Request<'_> {
    pub fn str(&self, name: &str) -> Result<&str, ProtocolError> {
        self.fields
            .get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| malformed(format!("`{name}` must be a string")))
    }

    pub fn opt_u64(&self, name: &str) -> Result<Option<u64>, ProtocolError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| malformed(format!("`{name}` must be a non-negative integer"))),
        }
    }

    pub fn opt_bool(&self, name: &str) -> Result<bool, ProtocolError> {
        match self.fields.get(name) {
            None | Some(Value::Null) => Ok(false),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| malformed(format!("`{name}` must be true or false"))),
        }
    }

    /// `"seat": n`, required.
    pub fn seat(&self) -> Result<Seat, ProtocolError> {
        match self.opt_u64("seat")? {
            Some(n) if (n as usize) < MAX_SEATS => Ok(Seat(n as u8)),
            Some(n) => Err(ProtocolError::new(
                ErrorKind::InvalidSeat,
                format!("seat {n} is out of range"),
            )),
            None => Err(malformed("`seat` is required".into())),
        }
    }

    /// `"seat": n` or `"observer": "spectator"`.
    pub fn observer(&self) -> Result<Observer, ProtocolError> {
        if self.fields.get("observer").and_then(Value::as_str) == Some("spectator") {
            return Ok(Observer::Spectator);
        }
        if self.fields.contains_key("observer") {
            return Err(malformed(
                "`observer` must be \"spectator\" (or give `seat`)".into(),
            ));
        }
        self.seat().map(Observer::Seat)
    }
}
