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
    use fuda::{creature_clash as cc, mattsan, monjan, uzumajin};
    let (decisions, listed) = match game.as_str() {
        "creature_clash_2p" => run::<cc::CreatureClash>(&cc::Config::for_players(2), games),
        "creature_clash_4p" => run::<cc::CreatureClash>(&cc::Config::for_players(4), games),
        "creature_clash_6p" => run::<cc::CreatureClash>(&cc::Config::for_players(6), games),
        "uzumajin" => run::<uzumajin::Uzumajin>(&uzumajin::Config::default(), games),
        "mattsan" => run::<mattsan::Mattsan>(&mattsan::Config::default(), games),
        "monjan" => run::<monjan::Monjan>(&monjan::Config::default(), games),
        "monjan_4p" => run::<monjan::Monjan>(&monjan::Config::for_players(4), games),
        _ => fail(&format!("unknown game {game:?}; one of: {GAMES}")),
    };
    println!("{game} games={games} decisions={decisions} listed={listed}");
}

/// Parses the card set (a first new game), then plays the games.
fn run<G: Conformance>(config: &G::Config, games: u64) -> (usize, usize) {
    if let Err(e) = G::new_game(config, 0) {
        fail(&format!("no game in this configuration: {e}"));
    }
    play_all::<G>(config, games)
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
    eprintln!("playouts: {message}\nusage: playouts GAME [GAMES]");
    std::process::exit(2)
}
