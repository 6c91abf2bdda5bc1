//! Golden playthroughs: recorded games (seed, configuration, every action, and after each
//! step a state summary and every observer's view) checked in under a game's `tests/`
//! folder. A test replays each one and fails on any difference, so a change of behaviour
//! shows up as a diff in review. Set `UPDATE_GOLDEN=1` to rewrite them.

use crate::conformance::Conformance;
use fuda_core::{digest, GameRng, Observer, Replay, Seat};
use serde_json::{json, Value};
use std::path::Path;

/// Records a playthrough: a game from `config` and `seed`, actions chosen uniformly at
/// random (from a generator seeded with `seed`) until the game ends or `max_steps`.
pub fn record<G: Conformance>(
    config: &G::Config,
    seed: u64,
    max_steps: usize,
) -> Result<Value, String> {
    let mut state = G::new_game(config, seed).map_err(|e| e.to_string())?;
    let seats = G::num_seats(config).min(fuda_core::MAX_SEATS);
    let observers: Vec<Observer> = (0..seats)
        .map(|i| Observer::Seat(Seat(i as u8)))
        .chain([Observer::Spectator])
        .collect();
    let snapshot = |s: &G::State| -> Value {
        let views: Vec<Value> = observers
            .iter()
            .map(|&o| json!({ "observer": o, "view": G::view(s, o) }))
            .collect();
        json!({
            "to_act": G::to_act(s),
            "outcome": G::outcome(s),
            "state_digest": digest::<G>(s),
            "views": views,
        })
    };
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    let mut steps = vec![json!({ "action": null, "after": snapshot(&state) })];
    while G::outcome(&state).is_none() && steps.len() <= max_steps {
        G::legal_actions(&state, &mut legal);
        let Some(action) = rng.pick(&legal).cloned() else {
            break;
        };
        G::apply_in_place(&mut state, &action).map_err(|e| e.to_string())?;
        steps.push(json!({ "action": action, "after": snapshot(&state) }));
    }
    Ok(json!({
        "game": G::NAME,
        "seed": seed,
        "config": config,
        "steps": steps,
    }))
}

/// Checks every `*.json` playthrough in `dir` (or rewrites them all when the environment
/// variable `UPDATE_GOLDEN` is set) and returns how many were checked. `specs` lists the
/// playthroughs to (re)generate: `(file name, config, seed, max steps)`.
///
/// # Panics
/// On the first playthrough that differs from what the engine now produces, naming the
/// file and the first differing step.
pub fn check_dir<G: Conformance>(dir: &Path, specs: &[(&str, G::Config, u64, usize)]) -> usize {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (name, config, seed, max_steps) in specs {
        let path = dir.join(name);
        let now = record::<G>(config, *seed, *max_steps).unwrap_or_else(|e| panic!("{name}: {e}"));
        if update {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            std::fs::write(&path, layout(&now))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
                path.display()
            )
        });
        let before: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if before != now {
            let (a, b) = (&before["steps"], &now["steps"]);
            let first = (0..a
                .as_array()
                .map_or(0, Vec::len)
                .max(b.as_array().map_or(0, Vec::len)))
                .find(|&i| a.get(i) != b.get(i));
            panic!(
                "{}: the engine no longer reproduces this playthrough (first difference at step {:?}); \
                 if the change is intended, rerun with UPDATE_GOLDEN=1 and review the diff",
                path.display(),
                first
            );
        }
    }
    specs.len()
}

/// Plays `games` random games, writes each as a JSON replay, reads it back and replays it:
/// every replay must reproduce its final state exactly. Returns the number of actions.
///
/// # Errors
/// The first game that does not round-trip, with its seed.
pub fn replay_round_trips<G: Conformance>(games: u64, base_seed: u64) -> Result<usize, String> {
    let mut total = 0;
    let mut legal = Vec::new();
    for i in 0..games {
        let seed = base_seed.wrapping_add(i);
        let config = G::random_config(&mut GameRng::from_seed(seed ^ 0xc0f1));
        let mut state = G::new_game(&config, seed).map_err(|e| format!("seed {seed}: {e}"))?;
        let mut replay = Replay::<G>::new(config.clone(), seed);
        let mut rng = GameRng::from_seed(seed);
        while G::outcome(&state).is_none() && replay.actions.len() < G::max_actions(&config) {
            G::legal_actions(&state, &mut legal);
            let Some(a) = rng.pick(&legal).cloned() else {
                break;
            };
            G::apply_in_place(&mut state, &a).map_err(|e| format!("seed {seed}: {e}"))?;
            replay.actions.push(a);
        }
        replay.seal(&state);
        total += replay.actions.len();
        let loaded =
            Replay::<G>::from_json(&replay.to_json()).map_err(|e| format!("seed {seed}: {e}"))?;
        if loaded != replay {
            return Err(format!("seed {seed}: the replay changed through JSON"));
        }
        let replayed = loaded.play().map_err(|e| format!("seed {seed}: {e}"))?;
        if replayed != state {
            return Err(format!(
                "seed {seed}: the replay does not reproduce the final state"
            ));
        }
    }
    Ok(total)
}

/// The file layout: the header fields first, then one line per step, so a behaviour change
/// reads as a diff of the steps it touches.
fn layout(golden: &Value) -> String {
    let field = |k: &str| serde_json::to_string(&golden[k]).unwrap_or_default();
    let steps: Vec<String> = golden["steps"]
        .as_array()
        .map(|s| {
            s.iter()
                .map(|v| serde_json::to_string(v).unwrap_or_default())
                .collect()
        })
        .unwrap_or_default();
    format!(
        "{{\"game\": {},\n\"seed\": {},\n\"config\": {},\n\"steps\": [\n{}\n]}}\n",
        field("game"),
        field("seed"),
        field("config"),
        steps.join(",\n")
    )
}
