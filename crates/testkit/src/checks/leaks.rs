//! The leak check: what an observer sees must not change when everything it may not know
//! is resampled.

use super::Checker;
use crate::conformance::Conformance;
use crate::options::EventLeakCheck;
use crate::violation::{truncate, Check, Violation};
use fuda_core::{Observer, Seat};

/// Whether `a` and `b` hold the same items, counted with multiplicity, in any order.
fn same_multiset<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut used = vec![false; b.len()];
    a.iter().all(|x| {
        let found = (0..b.len()).find(|&j| !used[j] && b[j] == *x);
        found.map(|j| used[j] = true).is_some()
    })
}

impl<G: Conformance> Checker<G> {
    /// For each observer: resample what it may not know; its view and (for a seat) its
    /// legal actions must not change, and after the same action, if its views agree, the
    /// events it is shown must agree too.
    pub(super) fn check_leaks(
        &mut self,
        s: &G::State,
        action: &G::Action,
        events: &[G::Event],
        next: &G::State,
    ) -> Result<(), Violation> {
        self.ensure_views(s);
        self.next_views.clear();
        let actor = G::actor(action);
        for k in 0..self.observers.len() {
            let o = self.observers[k];
            let mut s2 = G::resample(s, o, &mut self.rng);
            let leak = |ck: &Self, message: String| {
                Err(ck.violation(Check::Leak, Some(s), Some(action), message))
            };
            let view2 = G::view(&s2, o);
            if view2 != self.views[k] {
                let max = self.opts.excerpt_chars;
                return leak(
                    self,
                    format!(
                        "resampling what {o} may not know changed its view (the view shows \
                         hidden information, or resample changes what {o} knows): {} became {}",
                        truncate(format!("{:?}", self.views[k]), max),
                        truncate(format!("{view2:?}"), max)
                    ),
                );
            }
            if G::card_census(&s2) != self.census {
                return Err(self.violation(
                    Check::Conservation,
                    Some(s),
                    None,
                    format!("resampling for {o} changed the cards: {s2:?}"),
                ));
            }
            let legal_in_s2 = match o.seat() {
                Some(seat) => {
                    G::legal_actions_for(&s2, seat, &mut self.other);
                    if self.other != self.per_seat[seat.index()] {
                        return leak(
                            self,
                            format!(
                                "the legal actions of {seat} depend on what it may not know: \
                                 {:?} became {:?} after resampling",
                                self.per_seat[seat.index()],
                                self.other
                            ),
                        );
                    }
                    if seat == actor {
                        true
                    } else {
                        G::legal_actions_for(&s2, actor, &mut self.other);
                        self.other.contains(action)
                    }
                }
                None => {
                    G::legal_actions_for(&s2, actor, &mut self.other);
                    self.other.contains(action)
                }
            };
            let view_next = G::view(next, o);
            if legal_in_s2 {
                let events2 = match G::apply_with_events(&mut s2, action) {
                    Ok(events2) => events2,
                    Err(e) => {
                        return Err(self.violation(
                            Check::LegalApplies,
                            Some(&s2),
                            Some(action),
                            format!(
                                "listed as legal in a state resampled for {o} but refused: {e}"
                            ),
                        ))
                    }
                };
                if G::view(&s2, o) == view_next {
                    if let Err(message) = self.compare_events(o, actor, events, &events2) {
                        return leak(self, message);
                    }
                }
            }
            self.next_views.push(view_next);
        }
        // The views of `next` are the views of the next state to check.
        std::mem::swap(&mut self.views, &mut self.next_views);
        self.views_fresh = true;
        Ok(())
    }

    /// The event half of the leak check: `events` happened in the real game, `events2`
    /// after the same action in a game resampled for `o`, and `o`'s views after both agree.
    fn compare_events(
        &self,
        o: Observer,
        actor: Seat,
        events: &[G::Event],
        events2: &[G::Event],
    ) -> Result<(), String> {
        let shown = |list: &[G::Event], to: Observer| {
            list.iter()
                .filter_map(|e| G::redact(e, to))
                .collect::<Vec<_>>()
        };
        let (mine, theirs) = (shown(events, o), shown(events2, o));
        let agree = match self.opts.event_leaks {
            EventLeakCheck::Off => true,
            EventLeakCheck::Strict => mine == theirs,
            EventLeakCheck::Lenient => {
                // What the spectator is shown is public: where it differs between the two
                // games, the action revealed something to everyone, and `o` may see it too.
                same_multiset(&mine, &theirs)
                    || o.is(actor)
                    || o == Observer::Spectator
                    || !same_multiset(
                        &shown(events, Observer::Spectator),
                        &shown(events2, Observer::Spectator),
                    )
            }
        };
        if agree {
            Ok(())
        } else {
            Err(format!(
                "the events shown to {o} depend on what it may not know: {mine:?} in the \
                 real game, {theirs:?} in a game resampled for {o} (its views before and \
                 after agree)"
            ))
        }
    }
}
