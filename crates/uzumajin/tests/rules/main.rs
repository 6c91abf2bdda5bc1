//! The rule tests of Uzumajin in one test binary (one build and link instead of one per
//! file keeps CI's test stage short): one module per part of the rules, plus errors,
//! bounds, encoding and text. `common` holds the helpers the modules share;
//! `cargo test -p fuda-uzumajin --test rules MODULE::` runs one module.

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
