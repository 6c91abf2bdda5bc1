//! Runs the committed fuzz corpus of the `uzumajin` target on stable, so CI exercises the
//! fuzz body (the conformance invariants under arbitrary inputs) without nightly.

use fuda_uzumajin::Uzumajin;
use std::path::Path;

#[test]
fn fuzz_corpus_replays_without_violations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/uzumajin");
    let ran = fuda_testkit::run_corpus::<Uzumajin>(&dir);
    assert!(ran >= 20, "the corpus holds at least 20 inputs, ran {ran}");
}
