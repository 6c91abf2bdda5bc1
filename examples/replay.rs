//! Checks that a replay file reproduces its game, and steps through it in the terminal
//! with the board drawn as `play` draws it, from any seat's point of view or as a
//! spectator.
//!
//! ```text
//! cargo run --release --example replay -- game.json              # verify; exit 1 if it does not reproduce
//! cargo run --release --example replay -- game.json --seat 2     # then step through as P2
//! cargo run --release --example replay -- game.json --spectator
//! ```
//!
//! A replay file is `{"format_version", "game", "config", "seed", "actions"}` (and an
//! optional `final_digest`), as written by the `replay` request of `serve`.

mod common;

use common::{games, with_game, WithGame};
use fuda_core::{Conformance, Observer, Replay, Seat, TextUi};
use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: replay FILE [--seat K | --spectator]";
const KEYS: &str = "Enter or n = next step, p = previous, g N = go to step N, e = end, q = quit";

struct Replayer {
    text: String,
    observer: Option<Observer>,
}

impl WithGame for Replayer {
    type Output = Result<(), String>;

    fn run<G: Conformance + TextUi>(self) -> Result<(), String> {
        let replay = Replay::<G>::from_json(&self.text).map_err(|e| e.to_string())?;
        let final_state = replay.play().map_err(|e| e.to_string())?;
        println!(
            "{}: the replay reproduces its game: {} actions, {}.",
            G::NAME,
            replay.actions.len(),
            match G::outcome(&final_state) {
                Some(o) => format!("outcome {}", serde_json::to_string(&o).unwrap_or_default()),
                None => "game not finished".into(),
            }
        );
        let Some(observer) = self.observer else {
            return Ok(());
        };
        if let Observer::Seat(s) = observer {
            if s.index() >= G::num_seats(&replay.config) {
                return Err(format!("{s} is not a seat of this game"));
            }
        }
        step_through::<G>(&replay, observer)
    }
}

/// The state after a step, with the events of that step.
type Step<G> = (
    <G as fuda_core::Game>::State,
    Vec<<G as fuda_core::Game>::Event>,
);

/// The states of the game after each step, with the events of each step.
fn states<G: Conformance>(replay: &Replay<G>) -> Result<Vec<Step<G>>, String> {
    let mut state = G::new_game(&replay.config, replay.seed).map_err(|e| e.to_string())?;
    let mut out = vec![(state.clone(), Vec::new())];
    for a in &replay.actions {
        let events = G::apply_with_events(&mut state, a).map_err(|e| e.to_string())?;
        out.push((state.clone(), events));
    }
    Ok(out)
}

fn step_through<G: Conformance + TextUi>(
    replay: &Replay<G>,
    observer: Observer,
) -> Result<(), String> {
    let steps = states::<G>(replay)?;
    let last = steps.len() - 1;
    let mut at = 0usize;
    println!("Viewing as {observer}. {KEYS}");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        let (state, events) = &steps[at];
        println!("\n━━ step {at} of {last} ━━");
        for e in events.iter().filter_map(|e| G::redact(e, observer)) {
            println!("· {}", G::describe_event(&replay.config, &e));
        }
        println!(
            "{}",
            G::render_view(&replay.config, &G::view(state, observer))
        );
        print!("[{at}/{last}] > ");
        if std::io::stdout().flush().is_err() {
            return Ok(());
        }
        let Some(Ok(line)) = lines.next() else {
            return Ok(());
        };
        let line = line.trim();
        match line {
            "" | "n" => at = (at + 1).min(last),
            "p" => at = at.saturating_sub(1),
            "e" => at = last,
            "q" => return Ok(()),
            _ => match line.strip_prefix("g ").map(|n| n.trim().parse::<usize>()) {
                Some(Ok(n)) => at = n.min(last),
                _ => println!("{KEYS}"),
            },
        }
    }
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut observer = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--spectator" => observer = Some(Observer::Spectator),
            "--seat" => match args.next().and_then(|s| s.parse::<u8>().ok()) {
                Some(s) => observer = Some(Observer::Seat(Seat(s))),
                None => {
                    eprintln!("`--seat` needs a seat number\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ if file.is_none() && !arg.starts_with("--") => file = Some(arg),
            _ => {
                eprintln!("unexpected argument `{arg}`\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(file) = file else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let game = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_string))
        .unwrap_or_default();
    match with_game(&game, Replayer { text, observer }) {
        None => {
            eprintln!(
                "{file}: not a replay of a game built in ({}); `game` is `{game}`",
                games().join(", ")
            );
            ExitCode::from(1)
        }
        Some(Err(e)) => {
            eprintln!("{file}: {e}");
            ExitCode::from(1)
        }
        Some(Ok(())) => ExitCode::SUCCESS,
    }
}
