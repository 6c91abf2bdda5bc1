//! The protocol's tests in one test binary (one build and link instead of one per file: each
//! file instantiates the server for all four games). `memory_budget.rs` stays a binary of its
//! own, as it measures the process's memory; `common` is shared with it.

#[path = "../common/mod.rs"]
mod common;

mod bounded_cost;
mod fuzz_corpus;
mod hostile;
mod huge_listing;
mod protocol_doc;
mod requests;
