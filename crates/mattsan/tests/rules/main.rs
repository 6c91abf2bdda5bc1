//! The rule tests of Mattsan in one test binary (one build and link instead of one per
//! file keeps CI's test stage short): one module per part of the rules, plus errors,
//! bounds, encoding and text. `common` holds the helpers the modules share;
//! `cargo test -p fuda-mattsan --test rules MODULE::` runs one module.

mod common;

mod battle;
mod bounded;
mod card_text;
mod defeat;
mod encoding;
mod errors;
mod hidden_info;
mod main_step;
mod positions;
mod resolution_order;
mod rulebook_review;
mod setup;
mod text_ui;
mod turn;
mod windows;
