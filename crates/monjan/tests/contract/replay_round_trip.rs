//! 1,000 random games of Monjan Colosseum written as JSON replays, read back and replayed: each
//! reproduces its final state exactly (the replay format and determinism).

use fuda_monjan::Monjan;

#[test]
fn one_thousand_replays_round_trip() {
    let actions = fuda_testkit::golden::replay_round_trips::<Monjan>(1_000, 80).unwrap();
    assert!(
        actions > 10_000,
        "the games were played ({actions} actions)"
    );
}
