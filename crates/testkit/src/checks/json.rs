//! JSON round trips of everything a front end exchanges.

use super::Checker;
use crate::conformance::Conformance;
use crate::violation::{Check, Violation};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// Serializes `value` to JSON text and back; `Err` says what went wrong.
pub(super) fn round_trip<T>(value: &T, what: &str) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let text =
        serde_json::to_string(value).map_err(|e| format!("{what} does not serialize: {e}"))?;
    let back: T = serde_json::from_str(&text)
        .map_err(|e| format!("{what} does not deserialize from its own JSON: {e}; JSON: {text}"))?;
    if back == *value {
        Ok(())
    } else {
        Err(format!(
            "{what} changes in a JSON round trip: {value:?} became {back:?}"
        ))
    }
}

impl<G: Conformance> Checker<G> {
    /// JSON round trips of the state (which must also continue identically), the action,
    /// the events and every observer's view.
    pub(super) fn check_json(
        &mut self,
        s: &G::State,
        action: &G::Action,
        events: &[G::Event],
        next: &G::State,
    ) -> Result<(), Violation> {
        let fail = |ck: &Self, message: String| {
            Err(ck.violation(Check::Json, Some(s), Some(action), message))
        };
        let text = match serde_json::to_string(s) {
            Ok(text) => text,
            Err(e) => return fail(self, format!("the state does not serialize: {e}")),
        };
        let mut back: G::State = match serde_json::from_str(&text) {
            Ok(back) => back,
            Err(e) => {
                return fail(
                    self,
                    format!("the state does not deserialize from its own JSON: {e}"),
                )
            }
        };
        if back != *s {
            return fail(
                self,
                format!("the state changes in a JSON round trip: became {back:?}"),
            );
        }
        match G::apply_in_place(&mut back, action) {
            Ok(()) if back == *next => {}
            Ok(()) => {
                return fail(
                    self,
                    format!(
                        "the reloaded state continues differently: {back:?} instead of {next:?}"
                    ),
                )
            }
            Err(e) => return fail(self, format!("the reloaded state refuses the action: {e}")),
        }
        if let Err(message) = round_trip(action, "the action") {
            return fail(self, message);
        }
        for event in events {
            if let Err(message) = round_trip(event, "an event") {
                return fail(self, message);
            }
        }
        self.ensure_views(s);
        for (view, o) in self.views.iter().zip(&self.observers) {
            if let Err(message) = round_trip(view, &format!("the view of {o}")) {
                return fail(self, message);
            }
        }
        Ok(())
    }
}
