//! The shared conformance suite of `fuda-testkit` on random games of Uzumajin: legal
//! actions are exactly the accepted ones, errors change nothing, cards are conserved, views
//! and events leak nothing (resampling), JSON round trips, replays, and every game ends.

use fuda_testkit::{run_conformance, CheckOptions};
use fuda_uzumajin::Uzumajin;

fn games() -> usize {
    std::env::var("UZUMAJIN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// 2,000 random games (both sample decks, random options, a turn limit) under every check.
#[test]
fn conformance_suite_passes_for_random_games() {
    let opts = CheckOptions {
        seats: 2,
        ..CheckOptions::default()
    };
    let report =
        run_conformance::<Uzumajin>(games(), 2024, &opts).unwrap_or_else(|f| panic!("{f}"));
    eprintln!("{report}");
    assert!(report.games >= games());
}
