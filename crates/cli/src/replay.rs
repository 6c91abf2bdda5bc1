//! `fuda replay`: checks that a replay file reproduces its game, then steps through it
//! with the board drawn as `play` draws it, from a seat's point of view or a spectator's.

use crate::args::ReplayArgs;
use crate::games::{with_game, CliGame, WithGame};
use crate::Failure;
use fuda_core::{Game, Observer, Replay, Seat};
use std::io::{BufRead, Write};

const KEYS: &str = "Enter or n = next step, p = previous, g N = go to step N, e = end, q = quit";

/// Runs `fuda replay`.
pub fn run(args: &ReplayArgs) -> Result<(), Failure> {
    let file = args.file.display().to_string();
    let bad = |message: String| Failure {
        message: format!("{file}: {message}"),
        code: 1,
    };
    let text = std::fs::read_to_string(&args.file).map_err(|e| bad(format!("cannot read: {e}")))?;
    let game = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_string))
        .unwrap_or_default();
    let observer = match (args.seat, args.spectator) {
        (Some(s), _) => Some(Observer::Seat(Seat(s))),
        (None, true) => Some(Observer::Spectator),
        (None, false) => None,
    };
    with_game(&game, Replayer { text, observer })
        .ok_or_else(|| {
            bad(format!(
                "not a replay of a known game: {}",
                crate::games::unknown(&game)
            ))
        })?
        .map_err(bad)
}

struct Replayer {
    text: String,
    observer: Option<Observer>,
}

impl WithGame for Replayer {
    type Output = Result<(), String>;

    fn run<G: CliGame>(self) -> Result<(), String> {
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
type Step<G> = (<G as Game>::State, Vec<<G as Game>::Event>);

/// The states of the game after each step, with the events of each step.
fn states<G: CliGame>(replay: &Replay<G>) -> Result<Vec<Step<G>>, String> {
    let mut state = replay.initial_state().map_err(|e| e.to_string())?;
    let mut out = vec![(state.clone(), Vec::new())];
    for a in &replay.actions {
        let events = G::apply_with_events(&mut state, a).map_err(|e| e.to_string())?;
        out.push((state.clone(), events));
    }
    Ok(out)
}

fn step_through<G: CliGame>(replay: &Replay<G>, observer: Observer) -> Result<(), String> {
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
