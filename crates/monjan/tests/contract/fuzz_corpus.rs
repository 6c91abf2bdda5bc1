//! Runs the committed fuzz corpus of the `monjan` target on stable, so CI exercises the
//! fuzz body (the conformance invariants under arbitrary inputs) without nightly.

use fuda_monjan::Monjan;
use std::path::Path;

#[test]
fn fuzz_corpus_replays_without_violations() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/monjan");
    let ran = fuda_testkit::run_corpus::<Monjan>(&dir);
    assert!(ran >= 20, "the corpus holds at least 20 inputs, ran {ran}");
}
