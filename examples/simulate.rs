//! Plays many games of one game with bots and prints outcome statistics.
//!
//! ```text
//! cargo run --release --example simulate                       # 1,000 Creature Clash! games
//! cargo run --release --example simulate -- --game creature-clash --games 5000 --players 6 \
//!     --bots greedy,random --seed 7 --config '{"turn_limit": 300}'
//! cargo run --release --example simulate -- --game mattsan --games 200 --bots ismcts:1000,greedy --swap-decks
//! cargo run --release --example simulate -- --list-games
//! ```
//!
//! `--bots` names one bot per seat (`random`, `greedy`, `ismcts`, `ismcts:N` iterations,
//! `ismcts:Nms`); a shorter list repeats its last bot (see `fuda_bots::BotList`). Seats
//! rotate from game to game, so every bot plays every seat; `--swap-decks` also alternates
//! the two decks of a two-deck game every round of seats.

mod common;

use common::{config_from_args, games, with_game, Args, Progress, WithGame};
use fuda::bots::{run_match, BotList};
use fuda_core::{Conformance, Seat, TextUi};
use std::process::ExitCode;

const USAGE: &str = "usage: simulate [--game NAME] [--games N] [--seed S] [--players N] \
[--bots LIST, e.g. ismcts:1000,greedy] [--swap-decks] [--config JSON] [--list-games]";

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
        let list: BotList = args
            .text("bots")
            .unwrap_or("random")
            .parse()
            .map_err(|e| format!("--bots: {e}"))?;
        let seats = G::num_seats(&config);
        let bots = list.for_seats(seats).map_err(|e| format!("--bots: {e}"))?;
        let mut configs = vec![config.clone()];
        if args.switch("swap-decks") {
            configs.push(common::swap_decks::<G>(&config)?);
        }
        let shown: Vec<String> = bots.iter().map(ToString::to_string).collect();
        println!(
            "{}: {games} games, seed {seed}, bots {} (seats rotate{})\nconfig: {}",
            G::NAME,
            shown.join(","),
            if configs.len() > 1 {
                ", decks swap every round of seats"
            } else {
                ""
            },
            serde_json::to_string(&config).map_err(|e| e.to_string())?
        );
        let mut bar = Progress::new();
        let mut progress = |done: usize, total: usize| bar.update(done, total);
        let stats = run_match::<G>(&configs, &bots, games, seed, Some(&mut progress))
            .map_err(|e| e.to_string())?;
        let secs = stats.elapsed.as_secs_f64().max(1e-9);
        println!(
            "played {} games, {} actions in {:.2} s: {:.1} games/s, {:.0} ns per action",
            stats.games,
            stats.steps,
            secs,
            stats.games as f64 / secs,
            secs * 1e9 / (stats.steps.max(1) as f64)
        );
        println!(
            "mean length: {:.1} actions per game",
            stats.steps as f64 / stats.games.max(1) as f64
        );
        print!("{stats}");
        for (c, config) in configs.iter().enumerate() {
            let labels: Vec<String> = (0..seats)
                .filter_map(|s| G::seat_label(config, Seat(s as u8)).map(|l| format!("P{s} {l}")))
                .collect();
            if !labels.is_empty() {
                println!("  configuration {c}: {}", labels.join(", "));
            }
        }
        for (k, bot) in stats.bots.iter().enumerate() {
            let by_seat: Vec<String> = (bot.by_seat.iter().enumerate())
                .filter(|(_, (played, _))| *played > 0)
                .map(|(s, (played, won))| format!("P{s} {won}/{played}"))
                .collect();
            let by_config: Vec<String> = (bot.by_config.iter().enumerate())
                .map(|(c, (played, won))| format!("configuration {c} {won}/{played}"))
                .collect();
            print!("  bot {k} won by seat: {}", by_seat.join(", "));
            if configs.len() > 1 {
                print!("; by {}", by_config.join(", "));
            }
            println!();
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let args = match Args::parse(&["list-games", "swap-decks"]) {
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
