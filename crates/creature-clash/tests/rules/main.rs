//! The rule tests of Creature Clash! in one test binary (one build and link instead of one per
//! file keeps CI's test stage short): one module per part of the rules, plus errors,
//! bounds, encoding and text. `common` holds the helpers the modules share;
//! `cargo test -p fuda-creature-clash --test rules MODULE::` runs one module.

mod common;

mod battle;
mod berserk;
mod bounded;
mod card_set;
mod draw;
mod encoding;
mod end_of_game;
mod errors;
mod hidden;
mod known_cards;
mod positions;
mod rabies;
mod replay;
mod setup;
mod text;
mod turn;
mod vectors;
mod venom;
