//! The shared conformance suite of `fuda-testkit` on Creature Clash!: 2,000 random games
//! of 2–6 players with varied options, every step checked (legal ⇔ accepted, refusals
//! change nothing, purity, JSON round trips, card conservation (CC-3.2), termination,
//! determinism and the leak check of §8).

use super::fuzz_corpus::options;
use fuda_creature_clash::CreatureClash;
use fuda_testkit::run_conformance;

#[test]
fn conformance_2000_random_games() {
    let report = run_conformance::<CreatureClash>(2_000, 20261130, &options())
        .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(report.games, 2_000);
    println!("{report}");
}
