//! A game's rules, shared by every state of the game, and kept for the whole process for
//! the first configurations it uses, so that cloning a state copies a pointer.
//!
//! Every state holds a handle to its game's rules (configuration, card set). With an
//! `Arc`, each state clone increments a reference count and each drop decrements it: two
//! atomic operations, 16 ns on the project's machine, which was 15–20% of a state clone
//! (issue 14). A [`KeptRules`] registry builds the rules of each new configuration once and
//! keeps them for the life of the process (a `&'static` reference copies for free), up to
//! [`KEPT_CONFIGURATIONS`] configurations whose rules the game says are small (those of
//! its built-in card set); the rules of any other configuration are reference-counted as
//! before, and go when their last state does. So the memory kept is small and bounded
//! whatever a client sends, and both kinds of handle behave the same.

use crate::LastBuilt;
use std::cell::RefCell;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, Mutex};
use std::thread::LocalKey;

/// How many configurations of one game a process keeps for its whole life (per game; the
/// rules of the configurations after them are reference-counted).
pub const KEPT_CONFIGURATIONS: usize = 16;

/// A handle to shared rules: a plain reference to rules kept for the process's life, or a
/// reference-counted pointer. Dereferences to the rules.
pub struct Shared<T: 'static>(Handle<T>);

enum Handle<T: 'static> {
    /// Rules a [`KeptRules`] keeps forever: cloning copies the reference.
    Kept(&'static T),
    /// Rules of a configuration beyond [`KEPT_CONFIGURATIONS`], or built outside a registry.
    Counted(Arc<T>),
}

impl<T> Shared<T> {
    /// Reference-counted rules (not kept): for rules built outside a registry.
    pub fn counted(rules: T) -> Shared<T> {
        Shared(Handle::Counted(Arc::new(rules)))
    }

    /// Whether both handles point to the same rules.
    pub fn ptr_eq(a: &Shared<T>, b: &Shared<T>) -> bool {
        std::ptr::eq::<T>(&**a, &**b)
    }

    /// Whether the rules are kept for the process's life (their handles clone for free).
    pub fn is_kept(&self) -> bool {
        matches!(self.0, Handle::Kept(_))
    }
}

impl<T> Clone for Shared<T> {
    #[inline]
    fn clone(&self) -> Self {
        Shared(match &self.0 {
            Handle::Kept(rules) => Handle::Kept(rules),
            Handle::Counted(rules) => Handle::Counted(Arc::clone(rules)),
        })
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        match &self.0 {
            Handle::Kept(rules) => rules,
            Handle::Counted(rules) => rules,
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

/// The rules built for the first [`KEPT_CONFIGURATIONS`] configurations of one game,
/// kept for the life of the process. A game declares one in a `static`.
pub struct KeptRules<K: 'static, T: 'static> {
    kept: Mutex<Vec<(K, &'static T)>>,
}

impl<K, T> Default for KeptRules<K, T> {
    fn default() -> Self {
        KeptRules::new()
    }
}

impl<K, T> KeptRules<K, T> {
    /// An empty registry (`const`, for `static`s).
    pub const fn new() -> Self {
        KeptRules {
            kept: Mutex::new(Vec::new()),
        }
    }
}

impl<K: PartialEq + Clone, T> KeptRules<K, T> {
    /// The rules of `key`: the kept ones if this configuration was built before, else
    /// `build(key)`, kept while the registry has room and reference-counted after that.
    /// With `keep` false they are built and reference-counted, never kept: a game keeps
    /// only configurations whose rules are small, such as those of its built-in card set
    /// (a server's clients may send large custom card sets, whose rules must go when their
    /// games close). A failed build keeps nothing.
    pub fn get_or_try_build<E>(
        &self,
        key: &K,
        keep: bool,
        build: impl FnOnce(&K) -> Result<T, E>,
    ) -> Result<Shared<T>, E> {
        if !keep {
            return build(key).map(Shared::counted);
        }
        if let Some(rules) = self.find(key) {
            return Ok(Shared(Handle::Kept(rules)));
        }
        // Built without the lock held: a build can take a while (a card set to check) and
        // other threads may be starting games meanwhile.
        let rules = build(key)?;
        let mut kept = self.lock();
        if let Some((_, rules)) = kept.iter().find(|(k, _)| k == key) {
            // Another thread kept the same configuration meanwhile.
            return Ok(Shared(Handle::Kept(rules)));
        }
        if kept.len() >= KEPT_CONFIGURATIONS {
            return Ok(Shared::counted(rules));
        }
        let rules: &'static T = Box::leak(Box::new(rules));
        kept.push((key.clone(), rules));
        Ok(Shared(Handle::Kept(rules)))
    }

    /// [`get_or_try_build`](Self::get_or_try_build) behind `local`, this thread's memo of
    /// the last configuration (declared with `thread_local!`): a game's `new_game` finds
    /// its rules there without the registry's lock, and the rules of a custom card set are
    /// not built again for each of its games.
    pub fn get_or_try_build_in<E>(
        &self,
        local: &'static LocalKey<RefCell<LastBuilt<K, Shared<T>>>>,
        key: &K,
        keep: bool,
        build: impl FnOnce(&K) -> Result<T, E>,
    ) -> Result<Shared<T>, E> {
        LastBuilt::get_or_try_build_in(local, key, |k| self.get_or_try_build(k, keep, build))
    }

    fn find(&self, key: &K) -> Option<&'static T> {
        let kept = self.lock();
        kept.iter().find(|(k, _)| k == key).map(|(_, rules)| *rules)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(K, &'static T)>> {
        // The list is only ever pushed to whole, so a panic elsewhere cannot leave it torn.
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configuration_is_built_once_and_its_handles_share_the_rules() {
        static KEPT: KeptRules<u32, String> = KeptRules::new();
        let mut builds = 0;
        let mut get = |k: u32| {
            KEPT.get_or_try_build(&k, true, |k| {
                builds += 1;
                Ok::<_, ()>(format!("rules {k}"))
            })
            .expect("built")
        };
        let a = get(1);
        let b = get(1);
        let c = get(2);
        assert!(a.is_kept() && Shared::ptr_eq(&a, &b) && !Shared::ptr_eq(&a, &c));
        assert_eq!((a.clone().as_str(), c.as_str()), ("rules 1", "rules 2"));
        assert_eq!(builds, 2);
        // Another thread finds the same rules.
        let d = std::thread::spawn(|| KEPT.get_or_try_build(&1, true, |_| Err(())))
            .join()
            .expect("the thread")
            .expect("kept");
        assert!(Shared::ptr_eq(&a, &d));
    }

    #[test]
    fn configurations_beyond_the_kept_ones_are_counted_and_memory_stays_bounded() {
        static KEPT: KeptRules<usize, usize> = KeptRules::new();
        for k in 0..KEPT_CONFIGURATIONS {
            assert!(KEPT
                .get_or_try_build(&k, true, |k| Ok::<_, ()>(*k))
                .expect("kept")
                .is_kept());
        }
        let extra = KEPT
            .get_or_try_build(&KEPT_CONFIGURATIONS, true, |k| Ok::<_, ()>(*k))
            .expect("built");
        assert!(!extra.is_kept());
        assert_eq!(*extra.clone(), KEPT_CONFIGURATIONS);
        assert_eq!(KEPT.lock().len(), KEPT_CONFIGURATIONS);
        // A kept configuration is still found.
        assert!(KEPT
            .get_or_try_build(&3, true, |_| Err("not rebuilt"))
            .expect("kept")
            .is_kept());
    }

    #[test]
    fn rules_not_to_keep_are_counted() {
        static KEPT: KeptRules<u8, u8> = KeptRules::new();
        let rules = KEPT
            .get_or_try_build(&1, false, |k| Ok::<_, ()>(*k))
            .expect("built");
        assert!(!rules.is_kept() && KEPT.lock().is_empty());
    }

    #[test]
    fn a_failed_build_keeps_nothing() {
        static KEPT: KeptRules<u8, u8> = KeptRules::new();
        assert_eq!(
            KEPT.get_or_try_build(&1, true, |_| Err("bad")).err(),
            Some("bad")
        );
        assert!(KEPT.lock().is_empty());
    }
}
