//! Illegal candidates: refused by every apply path, leaving no trace.

use super::Checker;
use crate::conformance::Conformance;
use crate::violation::{Check, Violation};

impl<G: Conformance> Checker<G> {
    /// Tries a candidate action on the state last given to [`Checker::check_state`]: if it
    /// is listed as legal for its actor it must be accepted, otherwise `apply`,
    /// `apply_in_place` and `apply_logged` must refuse it, leave the state as it was and
    /// emit no event. Returns whether it is legal.
    pub(crate) fn try_candidate(&mut self, s: &G::State, c: &G::Action) -> Result<bool, Violation> {
        let actor = G::actor(c);
        // The lists were checked to be strictly sorted, so binary search is exact.
        let listed = self
            .per_seat
            .get(actor.index())
            .is_some_and(|list| list.binary_search(c).is_ok());
        if listed {
            return match G::apply(s, c) {
                Ok(_) => Ok(true),
                Err(e) => Err(self.violation(
                    Check::LegalApplies,
                    Some(s),
                    Some(c),
                    format!("a listed legal action was refused by apply: {e}"),
                )),
            };
        }
        let refused = |how: &str| {
            format!("{how} accepted an action that is not in legal_actions_for({actor})")
        };
        match G::apply(s, c) {
            Ok(_) => {
                return Err(self.violation(
                    Check::IllegalRefused,
                    Some(s),
                    Some(c),
                    refused("apply"),
                ))
            }
            Err(e) => {
                if let Err(e) = serde_json::to_string(&e) {
                    return Err(self.violation(
                        Check::Json,
                        Some(s),
                        Some(c),
                        format!("the error does not serialize: {e}"),
                    ));
                }
            }
        }
        let mut scratch = self.scratch.take().unwrap_or_else(|| s.clone());
        let result = self.refuse_in_place(s, &mut scratch, c, &refused);
        self.scratch = Some(scratch);
        result.map(|()| false)
    }

    /// The in-place half of [`Checker::try_candidate`] for an unlisted candidate.
    fn refuse_in_place(
        &mut self,
        s: &G::State,
        scratch: &mut G::State,
        c: &G::Action,
        refused: &dyn Fn(&str) -> String,
    ) -> Result<(), Violation> {
        if G::apply_in_place(scratch, c).is_ok() {
            return Err(self.violation(
                Check::IllegalRefused,
                Some(s),
                Some(c),
                refused("apply_in_place"),
            ));
        }
        if *scratch != *s {
            return Err(self.violation(
                Check::IllegalUnchanged,
                Some(s),
                Some(c),
                format!("apply_in_place refused the action but changed the state to {scratch:?}"),
            ));
        }
        self.log.clear();
        if G::apply_logged(scratch, c, &mut self.log).is_ok() {
            return Err(self.violation(
                Check::IllegalRefused,
                Some(s),
                Some(c),
                refused("apply_logged"),
            ));
        }
        if *scratch != *s {
            return Err(self.violation(
                Check::IllegalUnchanged,
                Some(s),
                Some(c),
                format!("apply_logged refused the action but changed the state to {scratch:?}"),
            ));
        }
        if !self.log.is_empty() {
            return Err(self.violation(
                Check::IllegalUnchanged,
                Some(s),
                Some(c),
                format!(
                    "apply_logged refused the action but emitted events {:?}",
                    self.log
                ),
            ));
        }
        Ok(())
    }
}
