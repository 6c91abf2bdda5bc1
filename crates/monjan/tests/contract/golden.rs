//! Golden playthroughs of Monjan Colosseum (`tests/golden/*.json`): seed, configuration, every
//! action and, after each step, the state digest and every seat's and the spectator's
//! views. Any change of behaviour fails here and shows up as a diff; rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p fuda-monjan --test contract`.

use fuda_monjan::{Config, Monjan};
use std::path::Path;

#[test]
fn golden_playthroughs_are_reproduced() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let specs = [
        ("default_a.json", Config::default(), 21, 40),
        (
            "three_players.json",
            Config {
                num_players: 3,
                ..Config::default()
            },
            22,
            40,
        ),
    ];
    assert_eq!(fuda_testkit::golden::check_dir::<Monjan>(&dir, &specs), 2);
}
