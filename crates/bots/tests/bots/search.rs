//! What the ISMCTS search guarantees: it finds a forced win, it is deterministic for a
//! seed and an iteration budget, and its tree stays within its bound.

use crate::common::positions;
use crate::common::race::{Race, RaceConfig};
use fuda_bots::{Bot, Budget, IsmctsBot, IsmctsConfig};
use fuda_core::{Conformance, Game, Seat};
use fuda_creature_clash::CreatureClash;
use fuda_mattsan::Mattsan;
use fuda_monjan::Monjan;
use fuda_uzumajin::Uzumajin;

fn iterations(n: u32) -> IsmctsConfig {
    IsmctsConfig::with_budget(Budget::Iterations(n))
}

/// The winning move leaves the opponent a multiple of 4 short of the target (from 14 to
/// 21, add 3); random rollouts to the end, no heuristic: only the search can know it.
#[test]
fn the_search_finds_the_winning_move_of_a_race() {
    for (start, best) in [(14, 3), (5, 0), (12, 1), (7, 2), (9, 0), (11, 2)] {
        let config = RaceConfig { start, target: 21 };
        let state = Race::new_game(&config, 0).unwrap();
        // From 5 or 9, a multiple of 4 is left: a lost position, where any move will do.
        let mut bot = IsmctsBot::<Race>::new(start.into(), iterations(3000));
        let action = bot.choose(&state, Seat(0)).unwrap();
        if best > 0 {
            assert_eq!(action.step, best, "from {start}");
        }
    }
}

/// Leaves judged by the heuristic after two random actions, with and without guided
/// expansion, still find the winning move (from 10 to 21, add 3).
#[test]
fn heuristic_leaves_and_guided_expansion_still_find_the_race_win() {
    let config = RaceConfig {
        start: 10,
        target: 21,
    };
    let state = Race::new_game(&config, 0).unwrap();
    for guided_expansion in [false, true] {
        let settings = IsmctsConfig {
            rollout_depth: Some(2),
            guided_expansion,
            ..iterations(2000)
        };
        let mut bot = IsmctsBot::<Race>::with_heuristic(3, settings);
        assert_eq!(bot.choose(&state, Seat(0)).unwrap().step, 3);
    }
}

/// Same seed, same iteration budget, same questions: same answers and same searches.
fn deterministic<G: Conformance>() {
    let config = G::Config::default();
    let settings = IsmctsConfig {
        rollout_depth: Some(20),
        ..iterations(150)
    };
    let mut a = IsmctsBot::<G>::with_heuristic(5, settings);
    let mut b = IsmctsBot::<G>::with_heuristic(5, settings);
    for (state, seat) in positions::<G>(&config, 10, 6) {
        assert_eq!(
            a.choose(&state, seat),
            b.choose(&state, seat),
            "{}",
            G::NAME
        );
        let strip = |bot: &IsmctsBot<G>| {
            let mut r = bot.last_search().cloned().unwrap();
            r.elapsed = Default::default();
            r
        };
        let report = strip(&a);
        assert_eq!(report, strip(&b));
        assert_eq!(report.iterations, 150);
        let visits: u32 = report.root.iter().map(|(_, n, _)| n).sum();
        assert_eq!(visits, 150, "every iteration passes one root child");
    }
}

#[test]
fn creature_clash_search_is_deterministic_for_a_seed() {
    deterministic::<CreatureClash>();
}

#[test]
fn uzumajin_search_is_deterministic_for_a_seed() {
    deterministic::<Uzumajin>();
}

#[test]
fn mattsan_search_is_deterministic_for_a_seed() {
    deterministic::<Mattsan>();
}

#[test]
fn monjan_search_is_deterministic_for_a_seed() {
    deterministic::<Monjan>();
}

/// However many iterations run, the tree holds at most `max_nodes` nodes; and a time
/// budget stops the search.
#[test]
fn the_tree_stays_within_its_node_bound() {
    let config = fuda_mattsan::Config::default();
    let (state, seat) = positions::<Mattsan>(&config, 30, 1).remove(0);
    for max_nodes in [1, 2, 25] {
        let settings = IsmctsConfig {
            max_nodes,
            rollout_depth: Some(10),
            ..iterations(400)
        };
        let mut bot = IsmctsBot::<Mattsan>::with_heuristic(1, settings);
        assert!(bot.choose(&state, seat).is_some());
        let report = bot.last_search().unwrap();
        assert_eq!(report.iterations, 400);
        assert!(report.nodes <= max_nodes, "{} nodes", report.nodes);
    }
    let timed = IsmctsConfig::with_budget(Budget::Millis(30));
    let mut bot = IsmctsBot::<Mattsan>::with_heuristic(1, timed);
    let start = std::time::Instant::now();
    assert!(bot.choose(&state, seat).is_some());
    assert!(start.elapsed().as_millis() < 1000);
    assert!(bot.last_search().unwrap().iterations >= 1);
    assert!(bot.search_totals().iterations >= 1);
}

/// However large the budget, a decision lists at most about `max_listed` legal actions
/// (the last listing may pass it), stops after at least one iteration, and stays
/// deterministic for a seed.
#[test]
fn the_search_stops_at_its_listing_bound() {
    let config = fuda_mattsan::Config::default();
    let (state, seat) = positions::<Mattsan>(&config, 30, 1).remove(0);
    let free = IsmctsConfig {
        rollout_depth: Some(10),
        ..iterations(400)
    };
    let mut bot = IsmctsBot::<Mattsan>::with_heuristic(1, free);
    bot.choose(&state, seat).unwrap();
    let unbounded = bot.last_search().unwrap().clone();
    assert_eq!(unbounded.iterations, 400);
    for max_listed in [1, 500, unbounded.listed / 2] {
        let bounded = IsmctsConfig { max_listed, ..free };
        let mut bot = IsmctsBot::<Mattsan>::with_heuristic(1, bounded);
        let action = bot.choose(&state, seat).unwrap();
        let report = bot.last_search().unwrap().clone();
        assert!(
            report.iterations >= 1 && report.iterations < 400,
            "{max_listed}: {report:?}"
        );
        // One listing holds at most a few hundred actions in the sample games.
        assert!(
            report.listed < max_listed + 1000,
            "{max_listed}: {}",
            report.listed
        );
        let mut again = IsmctsBot::<Mattsan>::with_heuristic(1, bounded);
        assert_eq!(again.choose(&state, seat), Some(action), "{max_listed}");
    }
}

/// A seat that is not to act gets nothing; a single legal action is played without a
/// search.
#[test]
fn no_search_without_a_choice() {
    let state = Race::new_game(
        &RaceConfig {
            start: 20,
            target: 21,
        },
        0,
    )
    .unwrap();
    let mut bot = IsmctsBot::<Race>::new(1, iterations(100));
    assert_eq!(bot.choose(&state, Seat(1)), None);
    assert_eq!(bot.choose(&state, Seat(0)).map(|a| a.step), Some(1));
    assert!(bot.last_search().is_none());
    assert_eq!(bot.search_totals().searches, 0);
}
