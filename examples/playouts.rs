//! Seeded random playouts of one game in place, the playout bench's loop, for counting
//! instructions with callgrind (`benches/instructions.sh`, docs/performance.md).
//!
//! ```sh
//! cargo run --profile bench --example playouts -- creature_clash_2p 500
//! ```
//!
//! Prints `GAME games=N decisions=D listed=L`: the games played (seeds 0..N), the
//! decisions made and the legal actions listed at them. The games are played inside
//! `play_all`, which the script names to callgrind so that only the playouts are counted
//! (the sample card set is parsed before it, by a first new game).
//!
//! With `clones` after the number of games it collects the positions of those games, as
//! the clone bench does, and clones each of them ten times inside `clone_all`, for counting
//! a clone's instructions: it prints `GAME games=N positions=P clones=C`.

#[allow(dead_code)]
#[path = "../benches/common/mod.rs"]
mod common;

use fuda_core::Conformance;

/// The games and configurations of the benches, by the benches' names.
const GAMES: &str =
    "creature_clash_2p creature_clash_4p creature_clash_6p uzumajin mattsan monjan monjan_4p";

fn main() {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_default();
    let games = match args.next().map(|n| n.parse::<u64>()) {
        None => 500,
        Some(Ok(n)) => n,
        Some(Err(e)) => fail(&format!("the number of games: {e}")),
    };
    let clones = match args.next().as_deref() {
        None => false,
        Some("clones") => true,
        Some(other) => fail(&format!("unknown mode {other:?}; the one mode is `clones`")),
    };
    use fuda::{creature_clash as cc, mattsan, monjan, uzumajin};
    // (decisions, actions listed), or with `clones` (positions, clones made).
    let (first, second) = match game.as_str() {
        "creature_clash_2p" => run::<cc::CreatureClash>(&cc::Config::for_players(2), games, clones),
        "creature_clash_4p" => run::<cc::CreatureClash>(&cc::Config::for_players(4), games, clones),
        "creature_clash_6p" => run::<cc::CreatureClash>(&cc::Config::for_players(6), games, clones),
        "uzumajin" => run::<uzumajin::Uzumajin>(&uzumajin::Config::default(), games, clones),
        "mattsan" => run::<mattsan::Mattsan>(&mattsan::Config::default(), games, clones),
        "monjan" => run::<monjan::Monjan>(&monjan::Config::default(), games, clones),
        "monjan_4p" => run::<monjan::Monjan>(&monjan::Config::for_players(4), games, clones),
        _ => fail(&format!("unknown game {game:?}; one of: {GAMES}")),
    };
    if clones {
        println!("{game} games={games} positions={first} clones={second}");
    } else {
        println!("{game} games={games} decisions={first} listed={second}");
    }
}

/// Parses the card set (a first new game), then plays the games, or (`clones`) collects
/// their positions and clones each of them.
fn run<G: Conformance>(config: &G::Config, games: u64, clones: bool) -> (usize, usize) {
    if let Err(e) = G::new_game(config, 0) {
        fail(&format!("no game in this configuration: {e}"));
    }
    if clones {
        let positions = common::sample_positions::<G>(config, games);
        (positions.len(), clone_all::<G>(&positions))
    } else {
        play_all::<G>(config, games)
    }
}

/// Clones every position `CLONES_EACH` times in turn (the clone bench's loop, streaming
/// through the positions; each copy dropped after); returns the clones made.
#[inline(never)]
fn clone_all<G: Conformance>(positions: &[(G::State, G::Action)]) -> usize {
    const CLONES_EACH: usize = 10;
    for _ in 0..CLONES_EACH {
        for (state, _) in positions {
            // By reference, as the bench does: a clone, not a move into `black_box`.
            let copy = std::hint::black_box(state).clone();
            std::hint::black_box(&copy);
        }
    }
    CLONES_EACH * positions.len()
}

/// Plays seeds `0..games`; returns the decisions made and the actions listed at them.
#[inline(never)]
fn play_all<G: Conformance>(config: &G::Config, games: u64) -> (usize, usize) {
    let (mut buf, mut listed) = (Vec::new(), 0);
    let decisions = (0..games)
        .map(|seed| common::random_playout_listing::<G>(config, seed, &mut buf, |n| listed += n))
        .sum();
    (decisions, listed)
}

fn fail(message: &str) -> ! {
    eprintln!("playouts: {message}\nusage: playouts GAME [GAMES] [clones]");
    std::process::exit(2)
}
