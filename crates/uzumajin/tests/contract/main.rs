//! The contract every fuda game keeps, checked by the shared `fuda-testkit` machinery in
//! one test binary: the conformance suite on 2,000 random games, the committed fuzz corpus,
//! the golden playthroughs, and 1,000 replays through the file format.

mod conformance;
mod fuzz_corpus;
mod golden;
mod replay_round_trip;
