//! Creature Clash!, load target: the first byte chooses the kind of file (0 state, 1 replay,
//! 2 configuration, 3 card set, 4 position; see `../common.rs`), the rest is the file; whatever loads
//! must keep the contract (`fuda_testkit::fuzz_load`). `crates/serve/tests/protocol/fuzz_corpus.rs`
//! replays the corpus on stable.
#![no_main]

#[path = "../common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuda_testkit::fuzz_load_one::<fuda_creature_clash::CreatureClash>(data, common::CREATURE_CLASH));
