//! Plays many games of one game with bots and prints outcome statistics.
//!
//! ```text
//! cargo run --release --example simulate                       # 1,000 Creature Clash! games
//! cargo run --release --example simulate -- --game creature-clash --games 5000 --players 6 \
//!     --bots greedy-vs-random --seed 7 --config '{"turn_limit": 300}'
//! cargo run --release --example simulate -- --list-games
//! ```

mod common;

use common::{config_from_args, games, with_game, Args, Progress, WithGame};
use fuda_core::{Conformance, Seat, TextUi};
use fuda_testkit::{run_playouts, BotKind};
use std::process::ExitCode;

const USAGE: &str = "usage: simulate [--game NAME] [--games N] [--seed S] [--players N] \
[--bots random|greedy|greedy-vs-random] [--config JSON] [--list-games]";

struct Simulate<'a> {
    args: &'a Args,
}

impl WithGame for Simulate<'_> {
    type Output = Result<(), String>;

    fn run<G: Conformance + TextUi>(self) -> Result<(), String> {
        let args = self.args;
        let config = config_from_args::<G>(args)?;
        let games: usize = args.get("games", 1000)?;
        let seed: u64 = args.get("seed", 1)?;
        let bots = match args.text("bots").unwrap_or("random") {
            "random" => BotKind::Random,
            "greedy" => BotKind::Greedy,
            "greedy-vs-random" => BotKind::GreedyVsRandom,
            other => {
                return Err(format!(
                    "unknown bots `{other}` (random, greedy, greedy-vs-random)"
                ))
            }
        };
        println!(
            "{}: {games} games, seed {seed}, {bots:?} bots\nconfig: {}",
            G::NAME,
            serde_json::to_string(&config).map_err(|e| e.to_string())?
        );
        let mut bar = Progress::new();
        let mut progress = |done: usize, total: usize| bar.update(done, total);
        let stats = run_playouts::<G>(&config, games, seed, bots, Some(&mut progress))
            .map_err(|e| format!("the game refused the configuration: {e}"))?;
        let secs = stats.elapsed.as_secs_f64().max(1e-9);
        println!(
            "played {} games, {} actions in {:.2} s: {:.0} games/s, {:.0} ns per action",
            stats.games,
            stats.steps,
            secs,
            stats.games as f64 / secs,
            secs * 1e9 / (stats.steps.max(1) as f64)
        );
        println!("mean length: {:.1} actions per game", stats.mean_steps());
        for (seat, wins) in stats.wins.iter().enumerate() {
            println!(
                "  P{seat} won {wins:6} ({:5.1}%)",
                100.0 * stats.win_rate(Seat(seat as u8))
            );
        }
        println!("draws: {}   unfinished: {}", stats.draws, stats.unfinished);
        Ok(())
    }
}

fn main() -> ExitCode {
    let args = match Args::parse(&["list-games"]) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.switch("list-games") {
        for g in games() {
            println!("{g}");
        }
        return ExitCode::SUCCESS;
    }
    if let Some(e) = args.unknown(&["game", "games", "seed", "players", "bots", "config"]) {
        eprintln!("{e}\n{USAGE}");
        return ExitCode::from(2);
    }
    let game = args.text("game").unwrap_or("creature-clash").to_string();
    match with_game(&game, Simulate { args: &args }) {
        None => {
            eprintln!("unknown game `{game}`; built in: {}", games().join(", "));
            ExitCode::from(2)
        }
        Some(Err(e)) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
        Some(Ok(())) => ExitCode::SUCCESS,
    }
}
