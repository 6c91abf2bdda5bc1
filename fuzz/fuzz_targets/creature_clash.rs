//! Creature Clash!: bytes become a seed, a configuration and a sequence of (mostly legal,
//! sometimes arbitrary and illegal) actions; every step is checked against the contract.
//! Events are judged leniently, as in `crates/creature-clash/tests/fuzz_corpus.rs`.
#![no_main]

use fuda_creature_clash::CreatureClash;
use fuda_testkit::{CheckOptions, EventLeakCheck};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = CheckOptions {
        event_leaks: EventLeakCheck::Lenient,
        ..CheckOptions::default()
    };
    fuda_testkit::fuzz_one_with::<CreatureClash>(data, &opts)
});
