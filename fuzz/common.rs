//! What the fuzz targets share with `crates/serve/tests/protocol/fuzz_corpus.rs`, which replays
//! their corpora on stable: the kinds of file each game's load target reads, by the first
//! byte of an input (append only: the index is the meaning of the committed corpus), and
//! the protocol target's server.
//!
//! Kind 4 is a position file (`fuda_core::Positions`, `docs/positions/<game>.md`).
#![allow(dead_code)] // each target uses one item

use fuda_creature_clash::CreatureClash;
use fuda_mattsan::Mattsan;
use fuda_monjan::Monjan;
use fuda_serve::Server;
use fuda_testkit::{load_card_set, load_config, load_position, load_replay, load_state, Loader};
use fuda_uzumajin::Uzumajin;

/// Creature Clash!: 0 state, 1 replay, 2 configuration, 3 card set, 4 position.
pub const CREATURE_CLASH: &[Loader<CreatureClash>] = &[
    load_state::<CreatureClash>,
    load_replay::<CreatureClash>,
    load_config::<CreatureClash>,
    |file| load_card_set::<CreatureClash>(file, &["card_set", "custom"]),
    load_position::<CreatureClash>,
];

/// Uzumajin: 0 state, 1 replay, 2 configuration, 3 card set, 4 position.
pub const UZUMAJIN: &[Loader<Uzumajin>] = &[
    load_state::<Uzumajin>,
    load_replay::<Uzumajin>,
    load_config::<Uzumajin>,
    |file| load_card_set::<Uzumajin>(file, &["card_set", "custom"]),
    load_position::<Uzumajin>,
];

/// Mattsan: 0 state, 1 replay, 2 configuration, 3 card set, 4 position.
pub const MATTSAN: &[Loader<Mattsan>] = &[
    load_state::<Mattsan>,
    load_replay::<Mattsan>,
    load_config::<Mattsan>,
    |file| load_card_set::<Mattsan>(file, &["card_set", "custom"]),
    load_position::<Mattsan>,
];

/// Monjan Colosseum: 0 state, 1 replay, 2 configuration, 3 card set, 4 position.
pub const MONJAN: &[Loader<Monjan>] = &[
    load_state::<Monjan>,
    load_replay::<Monjan>,
    load_config::<Monjan>,
    |file| load_card_set::<Monjan>(file, &["card_set"]),
    load_position::<Monjan>,
];

/// The protocol target's server: every game, with small caps (4 open games, a 32 MB
/// memory budget) so that their refusals are reached too.
pub fn protocol_server() -> Server {
    Server::builder()
        .game::<CreatureClash>()
        .game::<Uzumajin>()
        .game::<Mattsan>()
        .game::<Monjan>()
        .max_open_games(4)
        .memory_budget(32 << 20)
        .build()
}
