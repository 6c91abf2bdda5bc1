//! The shared conformance suite of `fuda-testkit` on Creature Clash!: 2,000 random games
//! of 2–6 players with varied options, every step checked (legal ⇔ accepted, refusals
//! change nothing, purity, JSON round trips, card conservation (CC-3.2), termination,
//! determinism and the leak check of §8).

use fuda_creature_clash::CreatureClash;
use fuda_testkit::{run_conformance, CheckOptions, EventLeakCheck};

/// Events are judged leniently: the draw in which a BERSERK! turns up, a redrawn hand
/// that is then reshuffled, and the order of one's own draws are public or own knowledge
/// that the view after the action no longer shows (docs/rules/creature-clash.md).
fn options() -> CheckOptions {
    CheckOptions {
        event_leaks: EventLeakCheck::Lenient,
        ..CheckOptions::default()
    }
}

#[test]
fn conformance_2000_random_games() {
    let report = run_conformance::<CreatureClash>(2_000, 20261130, &options())
        .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(report.games, 2_000);
    println!("{report}");
}
