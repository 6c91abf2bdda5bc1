//! 1,000 random games of Mattsan written as JSON replays, read back and replayed: each
//! reproduces its final state exactly (the replay format and determinism).

use fuda_mattsan::Mattsan;

#[test]
fn one_thousand_replays_round_trip() {
    let actions = fuda_testkit::golden::replay_round_trips::<Mattsan>(1_000, 79).unwrap();
    assert!(
        actions > 10_000,
        "the games were played ({actions} actions)"
    );
}
