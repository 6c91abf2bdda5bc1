//! Golden playthroughs of Creature Clash! (`tests/golden/*.json`): seed, configuration,
//! every action and, after each step, the state digest and every seat's and the
//! spectator's view. Any change of behaviour fails here and shows up as a diff; rewrite
//! them with `UPDATE_GOLDEN=1 cargo test -p fuda-creature-clash --test contract`.

use fuda_creature_clash::{BerserkTiming, Config, CreatureClash, DealerRule, Seat};
use std::path::Path;

#[test]
fn golden_playthroughs_are_reproduced() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let two = Config {
        turn_limit: 30,
        ..Config::for_players(2)
    };
    let four = Config {
        dealer: DealerRule::Fixed(Seat(0)),
        turn_limit: 12,
        ..Config::for_players(4)
    };
    let six_deferred = Config {
        berserk_timing: BerserkTiming::DeferUntilAttackEnds,
        rabies_requires_prior_win: false,
        turn_limit: 8,
        ..Config::for_players(6)
    };
    let specs = [
        ("two_players.json", two, 11, 60),
        ("four_players.json", four, 12, 60),
        ("six_players_variants.json", six_deferred, 13, 60),
    ];
    assert_eq!(
        fuda_testkit::golden::check_dir::<CreatureClash>(&dir, &specs),
        3
    );
}
