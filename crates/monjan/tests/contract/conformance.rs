//! The shared conformance suite (crates/testkit) over random games: 2, 3 and 4 players,
//! every match format and the options of §10, each game ending by `max_rounds`.

use fuda_monjan::Monjan;
use fuda_testkit::{run_conformance, CheckOptions};

fn games() -> usize {
    std::env::var("MONJAN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

#[test]
fn conformance_suite_passes_for_random_games() {
    let opts = CheckOptions {
        seats: 4,
        json_every: 2,
        ..CheckOptions::default()
    };
    let report = run_conformance::<Monjan>(games(), 0x6d6f_6e6a, &opts)
        .unwrap_or_else(|failure| panic!("{failure}"));
    println!("{report}");
    assert!(report.games >= games());
}
