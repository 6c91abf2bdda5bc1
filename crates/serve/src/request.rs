//! Reading the fields of a request.

use crate::error::{ErrorKind, ProtocolError};
use crate::MAX_ID_BYTES;
use fuda_core::{Observer, Seat, MAX_SEATS};
use serde_json::{Map, Value};

/// A request object with typed accessors that fail with a `malformed` error naming the
/// field.
pub(crate) struct Request<'a> {
    pub fields: &'a mut Map<String, Value>,
}

fn malformed(message: String) -> ProtocolError {
    ProtocolError::new(ErrorKind::Malformed, message)
}

/// The request's `id`, if it can be echoed exactly: null (or absent), a string of at most
/// [`MAX_ID_BYTES`], or an integer of at most 64 bits. Other numbers went through a
/// floating-point value when the line was read and would come back changed.
pub(crate) fn request_id(fields: &Map<String, Value>) -> Result<Value, ProtocolError> {
    match fields.get("id") {
        None => Ok(Value::Null),
        Some(id @ (Value::Null | Value::String(_)))
            if id.as_str().is_none_or(|s| s.len() <= MAX_ID_BYTES) =>
        {
            Ok(id.clone())
        }
        Some(id @ Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(id.clone()),
        Some(_) => Err(malformed(format!(
            "`id` must be a string of at most {MAX_ID_BYTES} bytes or an integer between \
             -2^63 and 2^64-1, so that it comes back exactly"
        ))),
    }
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

    pub fn opt_usize(&self, name: &str) -> Result<Option<usize>, ProtocolError> {
        Ok(self
            .opt_u64(name)?
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
    }

    /// `"config": {...}`, optional (missing fields take the game's defaults); taken out of
    /// the request (a configuration with a large card set is not copied).
    pub fn take_config(&mut self) -> Result<Value, ProtocolError> {
        match self.fields.remove("config") {
            None | Some(Value::Null) => Ok(Value::Object(Map::new())),
            Some(c @ Value::Object(_)) => Ok(c),
            Some(_) => Err(malformed("`config` must be an object".into())),
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
