//! The versioned replay format.

use crate::game::Game;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The replay format version this build writes and reads.
pub const REPLAY_FORMAT_VERSION: u32 = 1;

/// A whole game as data: replaying `actions` on a new game from `config` and `seed`
/// reproduces the final state exactly.
///
/// JSON form: `{"format_version": 1, "game": "creature-clash", "config": {...},
/// "seed": 7, "actions": [...]}`. A game that began from a built position (a scenario)
/// also carries that position's full state as `start` (hidden cards and the generator
/// included, so it is as secret as the seed); it is then replayed from `start`, not from
/// a new game.
#[derive(Serialize, Deserialize)]
#[serde(bound(serialize = "", deserialize = ""))]
pub struct Replay<G: Game> {
    /// Always [`REPLAY_FORMAT_VERSION`] for replays this build writes.
    pub format_version: u32,
    /// [`Game::NAME`] of the game.
    pub game: String,
    /// The configuration the game was created with.
    pub config: G::Config,
    /// The seed the game was created with.
    pub seed: u64,
    /// The state the game began from, when it did not begin as a new game from `config`
    /// and `seed` (a position built by a scenario).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<G::State>,
    /// Every action, in order.
    pub actions: Vec<G::Action>,
    /// A digest of the final state ([`Replay::seal`]); when present, [`Replay::play`]
    /// checks that the replayed game ends in exactly that state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_digest: Option<String>,
}

impl<G: Game> Clone for Replay<G> {
    fn clone(&self) -> Self {
        Replay {
            format_version: self.format_version,
            game: self.game.clone(),
            config: self.config.clone(),
            seed: self.seed,
            start: self.start.clone(),
            actions: self.actions.clone(),
            final_digest: self.final_digest.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Replay<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("format_version", &self.format_version)
            .field("game", &self.game)
            .field("seed", &self.seed)
            .field("actions", &self.actions.len())
            .finish()
    }
}

impl<G: Game> PartialEq for Replay<G> {
    fn eq(&self, other: &Self) -> bool {
        self.format_version == other.format_version
            && self.game == other.game
            && self.config == other.config
            && self.seed == other.seed
            && self.start == other.start
            && self.actions == other.actions
            && self.final_digest == other.final_digest
    }
}

/// Why a replay could not be loaded or does not reproduce.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ReplayError {
    /// The text is not a replay (bad JSON or a missing/ill-typed field).
    #[error("malformed replay: {message}")]
    Malformed {
        /// What the parser said.
        message: String,
    },
    /// The replay was written by a format this build does not know.
    #[error("unknown replay format version {found} (this build reads version {supported})")]
    UnknownVersion {
        /// The version in the file.
        found: u64,
        /// The version this build reads.
        supported: u32,
    },
    /// The replay is of another game.
    #[error("replay is of game `{found}`, expected `{expected}`")]
    WrongGame {
        /// The game named in the file.
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// The configuration was refused.
    #[error("replay configuration refused: {message}")]
    Setup {
        /// The engine's error.
        message: String,
    },
    /// Every action applied but the final state differs from the one sealed in the replay.
    #[error(
        "the replay does not reproduce its game: final state digest {found}, expected {expected}"
    )]
    Diverged {
        /// The digest sealed in the replay.
        expected: String,
        /// The digest of the replayed final state.
        found: String,
    },
    /// An action did not apply.
    #[error("action {index} of the replay is refused: {message}")]
    IllegalAction {
        /// Index of the action in the replay.
        index: usize,
        /// The engine's error.
        message: String,
    },
}

impl<G: Game> Replay<G> {
    /// An empty replay of a game created from `config` and `seed`.
    pub fn new(config: G::Config, seed: u64) -> Replay<G> {
        Replay {
            format_version: REPLAY_FORMAT_VERSION,
            game: G::NAME.to_string(),
            config,
            seed,
            start: None,
            actions: Vec::new(),
            final_digest: None,
        }
    }

    /// An empty replay of a game that begins from `start` (a built position).
    pub fn from_start(start: G::State) -> Replay<G> {
        let mut replay = Replay::new(G::config(&start).clone(), 0);
        replay.start = Some(start);
        replay
    }

    /// The state the replay begins from: its `start`, or a new game from `config` and
    /// `seed`.
    ///
    /// # Errors
    /// [`ReplayError::Setup`] if the configuration is refused.
    pub fn initial_state(&self) -> Result<G::State, ReplayError> {
        match &self.start {
            Some(start) => Ok(start.clone()),
            None => G::new_game(&self.config, self.seed).map_err(|e| ReplayError::Setup {
                message: e.to_string(),
            }),
        }
    }

    /// Records the digest of `final_state`, the state after every action, so that
    /// [`Replay::play`] can prove the replay reproduces it.
    pub fn seal(&mut self, final_state: &G::State) {
        self.final_digest = Some(digest::<G>(final_state));
    }

    /// The replay as JSON text.
    pub fn to_json(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a replay, checking the format version and the game before anything else.
    ///
    /// # Errors
    /// [`ReplayError::UnknownVersion`], [`ReplayError::WrongGame`] or
    /// [`ReplayError::Malformed`].
    pub fn from_json(text: &str) -> Result<Replay<G>, ReplayError> {
        let malformed = |e: serde_json::Error| ReplayError::Malformed {
            message: e.to_string(),
        };
        let value: serde_json::Value = serde_json::from_str(text).map_err(malformed)?;
        let version = match value.get("format_version") {
            None => {
                return Err(ReplayError::Malformed {
                    message: "missing `format_version`".into(),
                })
            }
            // `1` and `1.0` are the same number in JSON.
            Some(v) => match v.as_u64().or_else(|| {
                v.as_f64()
                    .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1e15)
                    .map(|f| f as u64)
            }) {
                Some(n) => n,
                None => {
                    return Err(ReplayError::Malformed {
                        message: format!("`format_version` is not a version number: {v}"),
                    })
                }
            },
        };
        if version != u64::from(REPLAY_FORMAT_VERSION) {
            return Err(ReplayError::UnknownVersion {
                found: version,
                supported: REPLAY_FORMAT_VERSION,
            });
        }
        let game = value.get("game").and_then(serde_json::Value::as_str);
        if game != Some(G::NAME) {
            return Err(ReplayError::WrongGame {
                found: game.unwrap_or("(missing)").to_string(),
                expected: G::NAME.to_string(),
            });
        }
        let mut value = value;
        if let Some(v) = value.get_mut("format_version") {
            *v = serde_json::Value::from(version);
        }
        serde_json::from_value(value).map_err(malformed)
    }

    /// Replays the game and returns its final state.
    ///
    /// # Errors
    /// [`ReplayError::Setup`] if the configuration is refused, [`ReplayError::IllegalAction`]
    /// at the first action that does not apply, [`ReplayError::Diverged`] if the replay is
    /// sealed and the final state differs.
    pub fn play(&self) -> Result<G::State, ReplayError> {
        let mut state = self.initial_state()?;
        for (index, action) in self.actions.iter().enumerate() {
            G::apply_in_place(&mut state, action).map_err(|e| ReplayError::IllegalAction {
                index,
                message: e.to_string(),
            })?;
        }
        if let Some(expected) = &self.final_digest {
            let found = digest::<G>(&state);
            if &found != expected {
                return Err(ReplayError::Diverged {
                    expected: expected.clone(),
                    found,
                });
            }
        }
        Ok(state)
    }
}

/// A 64-bit FNV-1a digest of a state's JSON form, in hex: the same on every machine
/// (unlike `std`'s hashers, whose keys are random per process).
pub fn digest<G: Game>(state: &G::State) -> String {
    let json = serde_json::to_string(state).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in json.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}
