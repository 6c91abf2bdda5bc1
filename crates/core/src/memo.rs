//! A one-entry memo: the value last built from a key, rebuilt only when the key changes.
//!
//! Games build their rules (a validated configuration with its card set resolved, card
//! programs compiled) from a `Config`. Random playouts and simulations start thousands of
//! games of one configuration; building the rules anew for each cost more than playing the
//! game (issue 14). A game keeps a `LastBuilt` in a `thread_local!` and asks it for the
//! rules: the same configuration gets the same shared rules. One entry per thread bounds
//! the memory whatever a client sends.

/// The last key and the value built from it.
#[derive(Debug)]
pub struct LastBuilt<K, V> {
    last: Option<(K, V)>,
}

impl<K, V> Default for LastBuilt<K, V> {
    fn default() -> Self {
        LastBuilt::new()
    }
}

impl<K, V> LastBuilt<K, V> {
    /// An empty memo (`const`, for `thread_local!` statics).
    pub const fn new() -> Self {
        LastBuilt { last: None }
    }
}

impl<K: PartialEq + Clone, V: Clone> LastBuilt<K, V> {
    /// The value built from `key`: the remembered one if `key` equals the last key, else
    /// `build(key)`, remembered when it succeeds (a failure leaves the memo as it was).
    pub fn get_or_try_build<E>(
        &mut self,
        key: &K,
        build: impl FnOnce(&K) -> Result<V, E>,
    ) -> Result<V, E> {
        if let Some((k, v)) = &self.last {
            if k == key {
                return Ok(v.clone());
            }
        }
        let v = build(key)?;
        self.last = Some((key.clone(), v.clone()));
        Ok(v)
    }

    /// [`get_or_try_build`](Self::get_or_try_build) on this thread's memo `local`
    /// (declared with `thread_local!`).
    pub fn get_or_try_build_in<E>(
        local: &'static std::thread::LocalKey<std::cell::RefCell<Self>>,
        key: &K,
        build: impl FnOnce(&K) -> Result<V, E>,
    ) -> Result<V, E> {
        local.with(|memo| memo.borrow_mut().get_or_try_build(key, build))
    }

    /// [`get_or_try_build_in`](Self::get_or_try_build_in) for a build that cannot fail.
    pub fn get_or_build_in(
        local: &'static std::thread::LocalKey<std::cell::RefCell<Self>>,
        key: &K,
        build: impl FnOnce(&K) -> V,
    ) -> V {
        let built =
            Self::get_or_try_build_in(local, key, |k| Ok::<V, std::convert::Infallible>(build(k)));
        match built {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 14: the same key reuses the value, another key rebuilds, a failed build keeps
    /// the last entry.
    #[test]
    fn issue_14_last_built_rebuilds_only_on_a_new_key() {
        let mut memo = LastBuilt::new();
        let mut builds = 0;
        let mut get = |memo: &mut LastBuilt<u32, String>, k: u32| {
            memo.get_or_try_build(&k, |k| {
                builds += 1;
                if *k == 0 {
                    Err("zero")
                } else {
                    Ok(format!("rules {k}"))
                }
            })
        };
        assert_eq!(get(&mut memo, 1), Ok("rules 1".to_string()));
        assert_eq!(get(&mut memo, 1), Ok("rules 1".to_string()));
        assert_eq!(get(&mut memo, 0), Err("zero"));
        assert_eq!(get(&mut memo, 1), Ok("rules 1".to_string()));
        assert_eq!(get(&mut memo, 2), Ok("rules 2".to_string()));
        assert_eq!(builds, 3);
    }

    thread_local! {
        static MEMO: std::cell::RefCell<LastBuilt<u32, u32>> =
            const { std::cell::RefCell::new(LastBuilt::new()) };
    }

    /// Issue 14: the infallible form on a thread's memo builds once per new key.
    #[test]
    fn issue_14_get_or_build_in_builds_once_per_key() {
        let builds = std::cell::Cell::new(0);
        let get = |k: u32| {
            LastBuilt::get_or_build_in(&MEMO, &k, |k| {
                builds.set(builds.get() + 1);
                k * 10
            })
        };
        assert_eq!(
            [get(1), get(1), get(2), get(2), get(1)],
            [10, 10, 20, 20, 10]
        );
        assert_eq!(builds.get(), 3);
    }
}
