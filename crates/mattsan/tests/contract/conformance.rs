//! The shared conformance suite (crates/testkit) over random games: legal actions are
//! exactly the accepted ones, refused actions change nothing, card conservation, JSON
//! round trips, no leaks under resampling, and termination (MS-7.7 with `max_turns`).

use fuda_mattsan::Mattsan;
use fuda_testkit::{run_conformance, CheckOptions};

/// ≥ 2,000 random games with both sample decks (MS-7.7: every game ends).
#[test]
fn conformance_suite_2000_games() {
    let opts = CheckOptions {
        seats: 2,
        apply_all_limit: 4,
        arbitrary_per_step: 2,
        pool_per_step: 1,
        leak_check_every: 1,
        json_every: 3,
        ..CheckOptions::default()
    };
    let games: usize = std::env::var("MATTSAN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let report = run_conformance::<Mattsan>(games, 7, &opts).unwrap_or_else(|f| panic!("{f}"));
    println!("{report}");
    assert!(report.games >= games);
}
