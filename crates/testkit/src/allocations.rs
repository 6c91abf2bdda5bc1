//! Allocation counts of the hot paths (issue 14): over whole random playouts, how many heap
//! allocations `legal_actions`, in-place `apply` and one state clone make.
//!
//! The counting itself needs a global allocator, which a library cannot install for its
//! users: a game's `tests/allocations.rs` installs one (the `allocation-counter` crate) and
//! passes its per-thread measurement in as `measure`.

use fuda_core::{Game, GameRng};

/// Runs a closure and returns how many heap allocations it made on this thread.
pub type Measure<'a> = &'a dyn Fn(&mut dyn FnMut()) -> u64;

/// What the random playouts of one configuration allocated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllocationTally {
    /// Transitions measured.
    pub steps: u64,
    /// Allocations made by `legal_actions` into the reused buffer, in all.
    pub legal_actions: u64,
    /// Allocations made by `apply_in_place`, in all.
    pub apply_in_place: u64,
    /// The most allocations one state clone made.
    pub clone_max: u64,
    /// Allocations made by all the clones (one per step).
    pub clone_total: u64,
}

impl std::fmt::Display for AllocationTally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} steps; allocations: legal_actions {}, apply_in_place {}, one clone at most {} (mean {:.2})",
            self.steps,
            self.legal_actions,
            self.apply_in_place,
            self.clone_max,
            self.clone_total as f64 / self.steps.max(1) as f64
        )
    }
}

/// Plays `games` random games of `config` (seeds `0..games`) and counts the allocations of
/// every `legal_actions`, `apply_in_place` and state clone along them.
///
/// Steady state: the legal-action buffer is first warmed on the same games, as a search
/// loop that keeps its buffer would have it, so its own growth is not counted.
pub fn allocation_tally<G: Game>(
    config: &G::Config,
    games: u64,
    measure: Measure<'_>,
) -> AllocationTally {
    let mut buf = Vec::new();
    for seed in 0..games {
        play::<G>(config, seed, &mut buf, measure, None);
    }
    let mut tally = AllocationTally::default();
    for seed in 0..games {
        play::<G>(config, seed, &mut buf, measure, Some(&mut tally));
    }
    tally
}

fn play<G: Game>(
    config: &G::Config,
    seed: u64,
    buf: &mut Vec<G::Action>,
    measure: Measure<'_>,
    mut tally: Option<&mut AllocationTally>,
) {
    let mut rng = GameRng::from_seed(seed ^ 0xa110c);
    let Ok(mut state) = G::new_game(config, seed) else {
        panic!("the configuration starts no game");
    };
    while G::outcome(&state).is_none() {
        let legal = measure(&mut || G::legal_actions(&state, buf));
        let Some(action) = rng.pick(buf).cloned() else {
            panic!("an unfinished game has no legal action");
        };
        let mut copy = None;
        let cloned = measure(&mut || copy = Some(state.clone()));
        drop(copy);
        let mut result = Ok(());
        let applied = measure(&mut || result = G::apply_in_place(&mut state, &action));
        assert!(result.is_ok(), "a listed action was refused: {action:?}");
        if let Some(t) = tally.as_deref_mut() {
            t.steps += 1;
            t.legal_actions += legal;
            t.apply_in_place += applied;
            t.clone_max = t.clone_max.max(cloned);
            t.clone_total += cloned;
        }
    }
}

/// Asserts the issue-14 goals for `config` over 20 random games: `legal_actions` and
/// in-place `apply` allocate nothing, and one clone allocates at most once. Prints the
/// tally under `name`.
pub fn assert_allocation_free<G: Game>(name: &str, config: &G::Config, measure: Measure<'_>) {
    let t = allocation_tally::<G>(config, 20, measure);
    println!("{name}: {t}");
    assert!(t.steps > 0, "{name}: no step was measured");
    assert_eq!(t.legal_actions, 0, "{name}: legal_actions allocated ({t})");
    assert_eq!(
        t.apply_in_place, 0,
        "{name}: in-place apply allocated ({t})"
    );
    assert!(
        t.clone_max <= 1,
        "{name}: a state clone allocated more than once ({t})"
    );
}
