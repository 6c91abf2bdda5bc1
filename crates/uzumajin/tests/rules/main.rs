//! The rule tests of Uzumajin, one module per part of the rules, in one test binary: one
//! build and link instead of one per file keeps CI's test stage short. `common` holds the
//! helpers the modules share; `cargo test -p fuda-uzumajin --test rules MODULE::` runs one module.

mod common;

mod battle;
mod bounds;
mod encoding;
mod end_of_game;
mod errors;
mod hidden_information;
mod mp_and_colour;
mod playing_cards;
mod positions;
mod rulebook_review;
mod setup;
mod text_ui;
mod turn;
