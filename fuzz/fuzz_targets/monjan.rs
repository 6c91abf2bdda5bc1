//! Monjan Colosseum, fast play target: bytes become a seed, a configuration and a sequence of
//! (mostly legal, sometimes arbitrary and illegal) actions under the cheap invariants
//! (`fuda_testkit::fuzz_play`). `cargo test` replays this target's corpus under every
//! check of the conformance suite (`crates/<game>/tests/contract/fuzz_corpus.rs`).
#![no_main]

use fuda_monjan::Monjan;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuda_testkit::fuzz_play_one::<Monjan>(data));
