//! The protocol: the bytes are request lines (split at newlines) served by a server of
//! every game with small caps (`../common.rs`), and every reply is checked
//! (`fuda_serve::fuzz_lines`). `crates/serve/tests/protocol/fuzz_corpus.rs` replays the corpus on
//! stable.
#![no_main]

#[path = "../common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(report) = fuda_serve::fuzz_lines(&mut common::protocol_server(), data) {
        panic!("protocol property broken: {report}");
    }
});
