//! The load body of the per-game fuzz targets: arbitrary files of every kind a user can
//! hand a game (a saved state, a replay, a configuration, a card set, a position) must be
//! refused with an error or give a state that keeps the contract; nothing may panic.

use super::play::{FastChecker, Origin};
use crate::conformance::Conformance;
use crate::violation::{truncate, Check, Violation};
use fuda_core::{GameRng, Positions, Replay};
use serde_json::Value;

/// How many moves are played from a loaded state (each byte of the file's digest is one).
const MOVES_AFTER_LOAD: usize = 16;

/// Reads one kind of file: `Ok(None)` when the file is refused (an error is the right
/// answer to a bad file), `Ok(Some(state))` for a state to check, `Err` for a violation
/// found while loading.
pub type Loader<G> = fn(&[u8]) -> Result<Option<<G as fuda_core::Game>::State>, String>;

/// A saved state (`State`'s JSON form), which must be validated on load.
///
/// # Errors
/// Never: every outcome of loading a state is either a refusal or a state to check.
pub fn load_state<G: Conformance>(text: &[u8]) -> Result<Option<G::State>, String> {
    Ok(serde_json::from_slice::<G::State>(text).ok())
}

/// A replay file: if it reads, it is played (a sealed digest must then match).
///
/// # Errors
/// If a replay reads but its JSON form does not read back as the same replay.
pub fn load_replay<G: Conformance>(text: &[u8]) -> Result<Option<G::State>, String> {
    let Ok(text) = std::str::from_utf8(text) else {
        return Ok(None);
    };
    let Ok(replay) = Replay::<G>::from_json(text) else {
        return Ok(None);
    };
    match Replay::<G>::from_json(&replay.to_json()) {
        Ok(back) if back == replay => {}
        _ => return Err("a replay that reads does not read back from its own JSON".into()),
    }
    Ok(replay.play().ok())
}

/// A configuration file: if it reads, it must survive a JSON round trip, and the game it
/// creates is checked.
///
/// # Errors
/// If a configuration that reads changes in a JSON round trip.
pub fn load_config<G: Conformance>(text: &[u8]) -> Result<Option<G::State>, String> {
    let Ok(config) = serde_json::from_slice::<G::Config>(text) else {
        return Ok(None);
    };
    config_game::<G>(&config, text.len() as u64)
}

/// A card-set file, placed at `path` inside the default configuration (for example
/// `["card_set", "custom"]`): the game it creates, if any, is checked.
///
/// # Errors
/// As [`load_config`].
pub fn load_card_set<G: Conformance>(
    text: &[u8],
    path: &[&str],
) -> Result<Option<G::State>, String> {
    let Ok(set) = serde_json::from_slice::<Value>(text) else {
        return Ok(None);
    };
    let Ok(mut config) = serde_json::to_value(G::Config::default()) else {
        return Err("the default configuration does not serialize".into());
    };
    let mut slot = &mut config;
    for key in path {
        let Some(object) = slot.as_object_mut() else {
            return Err(format!(
                "the default configuration has no object at `{key}`"
            ));
        };
        slot = object.entry(key.to_string()).or_insert(Value::Null);
        if !slot.is_object() {
            *slot = Value::Object(serde_json::Map::new());
        }
    }
    *slot = set;
    let Ok(config) = serde_json::from_value::<G::Config>(config) else {
        return Ok(None);
    };
    config_game::<G>(&config, text.len() as u64)
}

/// A position file (the game's [`Positions::Scenario`] JSON form), built by
/// [`Positions::from_scenario`].
///
/// # Errors
/// Never: a position is either refused or a state to check.
pub fn load_position<G: Conformance + Positions>(text: &[u8]) -> Result<Option<G::State>, String> {
    let Ok(scenario) = serde_json::from_slice::<G::Scenario>(text) else {
        return Ok(None);
    };
    Ok(G::from_scenario(&scenario).ok())
}

fn config_game<G: Conformance>(config: &G::Config, seed: u64) -> Result<Option<G::State>, String> {
    let text = serde_json::to_string(config).map_err(|e| e.to_string())?;
    match serde_json::from_str::<G::Config>(&text) {
        Ok(back) if back == *config => {}
        Ok(_) => return Err("the configuration changes in a JSON round trip".into()),
        Err(e) => return Err(format!("the configuration does not read back: {e}")),
    }
    Ok(G::new_game(config, seed).ok())
}

/// The body of a game's load fuzz target. The first byte chooses the kind of file among
/// `loaders` (its index; a byte beyond the list is ignored, so appending a loader keeps
/// the meaning of every committed input), the rest is the file. A file that loads gives
/// a state that must keep the cheap invariants of [`super::fuzz_play`]: who acts, the
/// outcome and the legal list agree; a JSON round trip and every view work; and up to 16
/// moves (legal ones and arbitrary candidates, chosen by the file's bytes) are checked
/// as the play target checks them.
///
/// # Errors
/// The first [`Violation`] found.
pub fn fuzz_load<G: Conformance>(data: &[u8], loaders: &[Loader<G>]) -> Result<(), Violation> {
    let Some((&kind, file)) = data.split_first() else {
        return Ok(());
    };
    let Some(load) = loaders.get(usize::from(kind)) else {
        return Ok(());
    };
    let origin = Origin {
        seed: 0,
        config: truncate(
            format!(
                "(loaded file of kind {kind}: {})",
                String::from_utf8_lossy(file)
            ),
            500,
        )
        .into(),
    };
    let loaded = load(file);
    let mut state = match loaded {
        Ok(Some(state)) => state,
        Ok(None) => return Ok(()),
        Err(message) => {
            let ck = FastChecker::<G>::new(origin, usize::MAX);
            return Err(ck.violation(Check::Json, None, None, message));
        }
    };
    let config = G::config(&state).clone();
    let mut ck = FastChecker::<G>::new(origin, usize::MAX);
    ck.check_json(&state, G::num_seats(&config).saturating_add(1))?;
    // Moves chosen by a digest of the file, so that a file plays the same way every time.
    let hash = file.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let moves: Vec<u8> = (0..MOVES_AFTER_LOAD)
        .map(|i| (hash.rotate_left(8 * i as u32 % 64) ^ i as u64) as u8)
        .collect();
    ck.play_bytes(&mut state, &moves, &mut GameRng::from_seed(hash))?;
    Ok(())
}

/// [`fuzz_load`], panicking on a violation (the fuzz target's body).
///
/// # Panics
/// On any violation, with the violation's report as message.
pub fn fuzz_load_one<G: Conformance>(data: &[u8], loaders: &[Loader<G>]) {
    if let Err(violation) = fuzz_load::<G>(data, loaders) {
        panic!("fuzz input violates the contract: {violation}");
    }
}

/// Runs [`fuzz_load`] on every file of `dir` (in name order) and returns how many ran:
/// the load corpus as a regression test on stable.
///
/// # Panics
/// If `dir` or a file cannot be read, or on the first violation (naming the file).
pub fn run_load_corpus<G: Conformance>(dir: &std::path::Path, loaders: &[Loader<G>]) -> usize {
    let files = super::corpus_files(dir);
    for path in &files {
        let data = std::fs::read(path)
            .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()));
        if let Err(violation) = fuzz_load::<G>(&data, loaders) {
            panic!(
                "corpus file {} violates the contract: {violation}",
                path.display()
            );
        }
    }
    files.len()
}
