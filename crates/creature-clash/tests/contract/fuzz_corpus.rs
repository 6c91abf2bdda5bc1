//! Runs the committed fuzz corpus of the `creature_clash` target on stable, so CI
//! exercises the fuzz body (the conformance invariants under arbitrary inputs) without
//! nightly.

use fuda_creature_clash::CreatureClash;
use fuda_testkit::{CheckOptions, EventLeakCheck};
use std::path::Path;

/// The options of the fuzz target and the conformance suite. Events are judged leniently:
/// the draw in which a BERSERK! turns up, a redrawn hand that a reshuffle takes back, and
/// the order of one's own draws are public or own knowledge that the view after the action
/// no longer shows, so a strict comparison would call lawful randomness a leak (see
/// docs/rules/creature-clash.md, "Hidden information").
pub fn options() -> CheckOptions {
    CheckOptions {
        event_leaks: EventLeakCheck::Lenient,
        ..CheckOptions::default()
    }
}

#[test]
fn fuzz_corpus_replays_without_violations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/creature_clash");
    let ran = fuda_testkit::run_corpus_with::<CreatureClash>(&dir, &options());
    assert!(ran >= 20, "the corpus holds at least 20 inputs, ran {ran}");
}
