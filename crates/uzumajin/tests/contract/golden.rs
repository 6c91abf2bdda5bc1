//! Golden playthroughs of Uzumajin (`tests/golden/*.json`): seed, configuration, every
//! action and, after each step, the state digest and both seats' and the spectator's
//! views. Any change of behaviour fails here and shows up as a diff; rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p fuda-uzumajin --test contract`.

use fuda_uzumajin::{Config, Uzumajin};
use std::path::Path;

#[test]
fn golden_playthroughs_are_reproduced() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let specs = [
        ("default_a.json", Config::default(), 21, 40),
        ("default_b.json", Config::default(), 22, 40),
    ];
    assert_eq!(fuda_testkit::golden::check_dir::<Uzumajin>(&dir, &specs), 2);
}
