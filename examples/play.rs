//! Play a game in the terminal against bots.
//!
//! ```text
//! cargo run --release --example play                      # Creature Clash!, 4 players, you are P0
//! cargo run --release --example play -- --game creature-clash --players 3 --seat 1 --seed 9 --bots greedy
//! cargo run --release --example play -- --game mattsan --bots ismcts:5000
//! ```
//!
//! The opponents are ISMCTS bots answering within about a second (`--bots ismcts`) unless
//! `--bots` names others: one bot for every seat, or a list seat by seat (your own seat's
//! entry is skipped), as `simulate` takes it.
//!
//! You see exactly what your seat may see: the board from your view, your legal choices
//! numbered, and the other players' moves narrated from events redacted for you.

mod common;

use common::{config_from_args, games, with_game, Args, WithGame};
use fuda::bots::{bot_moves, Bot, BotList};
use fuda_core::SeatSet;
use fuda_core::{Conformance, Observer, Seat, TextUi};
use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: play [--game NAME] [--players N] [--seat K] [--seed S] \
[--bots ismcts|ismcts:N|greedy|random|LIST] [--config JSON]";

/// Prints a line; a closed standard output (the player left) ends the program quietly.
macro_rules! say {
    ($($arg:tt)*) => {{
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

const HELP: &str = "Type the number of a choice and press Enter. \
Other commands: b = show the board again, h = help, q = quit.";

struct Play<'a> {
    args: &'a Args,
}

impl WithGame for Play<'_> {
    type Output = Result<(), String>;

    fn run<G: Conformance + TextUi>(self) -> Result<(), String> {
        let args = self.args;
        let config = config_from_args::<G>(args)?;
        let seed: u64 = match args.text("seed") {
            Some(_) => args.get("seed", 0)?,
            None => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        };
        let me = Seat(args.get("seat", 0u8)?);
        let seats = G::num_seats(&config);
        if me.index() >= seats {
            return Err(format!(
                "--seat {} is not a seat of this {seats}-player game",
                me.0
            ));
        }
        let mut state = G::new_game(&config, seed).map_err(|e| e.to_string())?;
        let me_obs = Observer::Seat(me);
        let list: BotList = args
            .text("bots")
            .unwrap_or("ismcts")
            .parse()
            .map_err(|e| format!("--bots: {e}"))?;
        let specs = list.for_seats(seats).map_err(|e| format!("--bots: {e}"))?;
        let mut bots: Vec<Box<dyn Bot<G>>> = (specs.iter().enumerate())
            .map(|(i, spec)| spec.build::<G>(seed ^ (i as u64 + 1)))
            .collect();
        let bot_seats = SeatSet::all(seats).without(me);
        let limit = G::max_actions(&config);
        say!("{} — you are {me} (seed {seed}). {HELP}\n", G::NAME);
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut legal = Vec::new();
        let mut show_board = true;
        loop {
            let view = G::view(&state, me_obs);
            if G::outcome(&state).is_some() {
                say!("\n{}", G::render_view(&config, &view));
                return Ok(());
            }
            let to_act = G::to_act(&state);
            // Bots move first; in a simultaneous phase none of them sees the others'
            // moves (nor yours), and theirs stay hidden from you.
            if to_act.iter().any(|s| s != me) {
                let moves = bot_moves(&state, bot_seats, &mut bots, limit);
                if let Some(seat) = moves.stalled {
                    return Err(format!("the bot at {seat} found no action"));
                }
                for (i, action) in moves.actions.iter().enumerate() {
                    match G::apply_with_events(&mut state, action) {
                        Ok(events) => narrate::<G>(&config, &events, me_obs),
                        // A later move of a simultaneous phase may clash: ask again.
                        Err(_) if i > 0 => break,
                        Err(e) => return Err(e.to_string()),
                    }
                }
                if !moves.actions.is_empty() {
                    continue;
                }
            }
            if !to_act.contains(me) {
                return Err("nobody may act, but the game is not over".into());
            }
            if show_board {
                say!("\n{}", G::render_view(&config, &view));
                show_board = false;
            }
            G::legal_actions_for(&state, me, &mut legal);
            for (i, a) in legal.iter().enumerate() {
                say!("  {:>3}) {}", i + 1, G::describe_action(&config, &view, a));
            }
            print!("Your choice (1-{}, b, h, q): ", legal.len());
            if std::io::stdout().flush().is_err() {
                return Ok(());
            }
            let Some(Ok(line)) = lines.next() else {
                say!("\nBye.");
                return Ok(());
            };
            match line.trim() {
                "q" | "quit" => {
                    say!("Bye.");
                    return Ok(());
                }
                "b" | "board" => show_board = true,
                "h" | "help" | "?" => say!("{HELP}"),
                choice => match choice.parse::<usize>() {
                    Ok(k) if (1..=legal.len()).contains(&k) => {
                        let events = G::apply_with_events(&mut state, &legal[k - 1])
                            .map_err(|e| e.to_string())?;
                        narrate::<G>(&config, &events, me_obs);
                        show_board = true;
                    }
                    _ => say!("Please type a number from 1 to {}.", legal.len()),
                },
            }
        }
    }
}

/// Prints the events as `me` may see them.
fn narrate<G: TextUi>(config: &G::Config, events: &[G::Event], me: Observer) {
    for e in events.iter().filter_map(|e| G::redact(e, me)) {
        say!("· {}", G::describe_event(config, &e));
    }
}

fn main() -> ExitCode {
    let args = match Args::parse(&[]) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Some(e) = args.unknown(&["game", "players", "seat", "seed", "bots", "config"]) {
        eprintln!("{e}\n{USAGE}");
        return ExitCode::from(2);
    }
    let game = args.text("game").unwrap_or("creature-clash").to_string();
    match with_game(&game, Play { args: &args }) {
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
