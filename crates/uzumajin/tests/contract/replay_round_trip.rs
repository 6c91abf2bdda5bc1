//! 1,000 random games of Uzumajin written as JSON replays, read back and replayed: each
//! reproduces its final state exactly (the replay format and determinism).

use fuda_uzumajin::Uzumajin;

#[test]
fn one_thousand_replays_round_trip() {
    let actions = fuda_testkit::golden::replay_round_trips::<Uzumajin>(1_000, 78).unwrap();
    assert!(
        actions > 10_000,
        "the games were played ({actions} actions)"
    );
}
