//! The games built in, chosen by name, and their configurations from the command line.

use crate::args::GameArgs;
use fuda_core::{Conformance, Game, TextUi};
use fuda_creature_clash::CreatureClash;
use fuda_mattsan::Mattsan;
use fuda_monjan::Monjan;
use fuda_uzumajin::Uzumajin;

/// Everything the commands need of a game.
pub trait CliGame: Conformance + TextUi + Game<Config: Send + Sync, Action: Send> {
    /// The state described by a position file's JSON text.
    fn from_position(text: &str) -> Result<Self::State, String>;
}

/// Implements [`CliGame`] through the game's [`fuda_core::Positions`].
macro_rules! positions_game {
    ($game:ty) => {
        impl CliGame for $game {
            fn from_position(text: &str) -> Result<Self::State, String> {
                let scenario: <$game as fuda_core::Positions>::Scenario =
                    serde_json::from_str(text).map_err(|e| format!("not a position: {e}"))?;
                <$game as fuda_core::Positions>::from_scenario(&scenario).map_err(|e| e.to_string())
            }
        }
    };
}

positions_game!(CreatureClash);
positions_game!(Uzumajin);
positions_game!(Mattsan);

positions_game!(Monjan);

/// Code that runs for any game: written once, generically, and called by [`with_game`]
/// with the game named on the command line.
pub trait WithGame {
    /// What the code returns.
    type Output;
    /// Runs the code for game `G`.
    fn run<G: CliGame>(self) -> Self::Output;
}

/// The names of the games built in.
pub fn names() -> [&'static str; 4] {
    [
        CreatureClash::NAME,
        Uzumajin::NAME,
        Mattsan::NAME,
        Monjan::NAME,
    ]
}

/// Runs `code` for the game called `name`; `None` if there is no such game.
pub fn with_game<W: WithGame>(name: &str, code: W) -> Option<W::Output> {
    match name {
        n if n == CreatureClash::NAME => Some(code.run::<CreatureClash>()),
        n if n == Uzumajin::NAME => Some(code.run::<Uzumajin>()),
        n if n == Mattsan::NAME => Some(code.run::<Mattsan>()),
        n if n == Monjan::NAME => Some(code.run::<Monjan>()),
        _ => None,
    }
}

/// The error for a game name that is not built in.
pub fn unknown(name: &str) -> String {
    format!(
        "unknown game `{name}`; the games are {}",
        names().join(", ")
    )
}

/// A protocol server for every game.
pub fn server() -> fuda_serve::Server {
    fuda_serve::Server::builder()
        .game::<CreatureClash>()
        .game::<Uzumajin>()
        .game::<Mattsan>()
        .game::<Monjan>()
        .build()
}

/// The game's default configuration with `--config JSON` merged over it and `--players N`
/// setting `num_players`.
pub fn config<G: Game>(args: &GameArgs) -> Result<G::Config, String> {
    let mut value = serde_json::to_value(G::Config::default()).map_err(|e| e.to_string())?;
    let base = value
        .as_object_mut()
        .ok_or("the configuration is not a JSON object")?;
    if let Some(text) = &args.config {
        let patch: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("--config is not JSON: {e}"))?;
        let patch = patch.as_object().ok_or("--config must be a JSON object")?;
        for (k, v) in patch {
            base.insert(k.clone(), v.clone());
        }
    }
    if let Some(n) = args.players {
        if base.contains_key("num_players") {
            base.insert("num_players".into(), n.into());
        } else if n != 2 {
            return Err(format!("{} is a two-player game", G::NAME));
        }
    }
    serde_json::from_value(value).map_err(|e| format!("invalid configuration: {e}"))
}

/// `config` with its two decks swapped (the `decks` pair of Uzumajin and Mattsan).
pub fn swap_decks<G: Game>(config: &G::Config) -> Result<G::Config, String> {
    let mut value = serde_json::to_value(config).map_err(|e| e.to_string())?;
    match value.get_mut("decks").and_then(|d| d.as_array_mut()) {
        Some(decks) if decks.len() == 2 => decks.swap(0, 1),
        _ => return Err(format!("{} has no pair of decks to swap", G::NAME)),
    }
    serde_json::from_value(value).map_err(|e| format!("invalid configuration: {e}"))
}
