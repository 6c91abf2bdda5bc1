//! The bots' tests in one test binary (one build and link instead of one per file):
//! `hidden_information` (a bot never reads what its seat may not know), `search` (ISMCTS
//! against the baselines) and `table` (games between bots). `common` holds what they share.

mod common;

mod hidden_information;
mod search;
mod table;
