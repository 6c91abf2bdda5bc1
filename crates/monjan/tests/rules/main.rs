//! The rule tests of Monjan in one test binary (one build and link instead of one per
//! file keeps CI's test stage short): one module per part of the rules, plus errors,
//! bounds, encoding and text. `common` holds the helpers the modules share;
//! `cargo test -p fuda-monjan --test rules MODULE::` runs one module.

mod common;

mod battle;
mod board_skills;
mod card_text;
mod defeat;
mod edit_turn;
mod encoding;
mod errors;
mod extra_cards;
mod hidden_info;
mod mana;
mod options;
mod positions;
mod random_playouts;
mod rulebook_review;
mod rulebook_words;
mod setup;
mod termination;
mod text_ui;
