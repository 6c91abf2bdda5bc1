//! What the examples share: the list of games, command-line parsing, configurations
#![allow(dead_code)] // each example uses a different part of this module
//! from JSON, and a progress bar.

use fuda_core::{Conformance, Game, TextUi};
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};

/// Code that runs for any game: the examples implement it once, generically, and
/// [`with_game`] calls it with the game named on the command line.
pub trait WithGame {
    /// What the code returns.
    type Output;
    /// Runs the code for game `G`.
    fn run<G: Conformance + TextUi>(self) -> Self::Output;
}

/// The games built into this binary (each behind its cargo feature).
pub fn games() -> Vec<&'static str> {
    vec![
        #[cfg(feature = "creature-clash")]
        <fuda::creature_clash::CreatureClash as Game>::NAME,
        #[cfg(feature = "uzumajin")]
        <fuda::uzumajin::Uzumajin as Game>::NAME,
        #[cfg(feature = "mattsan")]
        <fuda::mattsan::Mattsan as Game>::NAME,
        #[cfg(feature = "monjan")]
        <fuda::monjan::Monjan as Game>::NAME,
    ]
}

/// Runs `code` for the game called `name`; `None` if no such game is built in.
pub fn with_game<W: WithGame>(name: &str, code: W) -> Option<W::Output> {
    match name {
        #[cfg(feature = "creature-clash")]
        "creature-clash" => Some(code.run::<fuda::creature_clash::CreatureClash>()),
        #[cfg(feature = "uzumajin")]
        "uzumajin" => Some(code.run::<fuda::uzumajin::Uzumajin>()),
        #[cfg(feature = "mattsan")]
        "mattsan" => Some(code.run::<fuda::mattsan::Mattsan>()),
        #[cfg(feature = "monjan")]
        "monjan" => Some(code.run::<fuda::monjan::Monjan>()),
        _ => {
            let _ = code;
            None
        }
    }
}

/// A protocol server for every game built in.
pub fn server() -> fuda::serve::Server {
    let builder = fuda::serve::Server::builder();
    #[cfg(feature = "creature-clash")]
    let builder = builder.game::<fuda::creature_clash::CreatureClash>();
    #[cfg(feature = "uzumajin")]
    let builder = builder.game::<fuda::uzumajin::Uzumajin>();
    #[cfg(feature = "mattsan")]
    let builder = builder.game::<fuda::mattsan::Mattsan>();
    #[cfg(feature = "monjan")]
    let builder = builder.game::<fuda::monjan::Monjan>();
    builder.build()
}

/// `--flag value` pairs and bare `--switch`es.
pub struct Args {
    values: BTreeMap<String, String>,
    switches: Vec<String>,
}

impl Args {
    /// Parses the process arguments; `switches` lists the flags that take no value.
    pub fn parse(switches: &[&str]) -> Result<Args, String> {
        let mut values = BTreeMap::new();
        let mut found = Vec::new();
        let mut it = std::env::args().skip(1);
        while let Some(arg) = it.next() {
            let Some(name) = arg.strip_prefix("--") else {
                return Err(format!("unexpected argument `{arg}`"));
            };
            if switches.contains(&name) {
                found.push(name.to_string());
            } else {
                let value = it
                    .next()
                    .ok_or_else(|| format!("`--{name}` needs a value"))?;
                values.insert(name.to_string(), value);
            }
        }
        Ok(Args {
            values,
            switches: found,
        })
    }

    /// Whether `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|s| s == name)
    }

    /// The value of `--name`, as text.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The value of `--name` parsed, or `default`.
    pub fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.values.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("`--{name} {v}` is not a valid value")),
        }
    }

    /// Flags given that the example does not know.
    pub fn unknown(&self, known: &[&str]) -> Option<String> {
        self.values
            .keys()
            .find(|k| !known.contains(&k.as_str()))
            .map(|k| format!("unknown flag `--{k}`"))
    }
}

/// The game's default configuration with `--config JSON` merged over it and `--players N`
/// setting the player count (`num_players` in every game).
pub fn config_from_args<G: Game>(args: &Args) -> Result<G::Config, String> {
    let mut value = serde_json::to_value(G::Config::default()).map_err(|e| e.to_string())?;
    if let Some(text) = args.text("config") {
        let patch: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("`--config` is not JSON: {e}"))?;
        let (Some(base), Some(patch)) = (value.as_object_mut(), patch.as_object()) else {
            return Err("`--config` must be a JSON object".into());
        };
        for (k, v) in patch {
            base.insert(k.clone(), v.clone());
        }
    }
    if let Some(players) = args.text("players") {
        let n: u8 = players
            .parse()
            .map_err(|_| format!("`--players {players}` is not a number"))?;
        match value.as_object_mut() {
            Some(o) if o.contains_key("num_players") => {
                o.insert("num_players".into(), n.into());
            }
            _ => return Err(format!("{} has a fixed number of players", G::NAME)),
        }
    }
    serde_json::from_value(value).map_err(|e| format!("invalid configuration: {e}"))
}

/// A one-line progress bar on standard error, drawn only when it is a terminal.
pub struct Progress {
    on: bool,
    last: usize,
}

impl Progress {
    /// A bar for a run; silent when standard error is not a terminal.
    pub fn new() -> Progress {
        Progress {
            on: std::io::stderr().is_terminal(),
            last: usize::MAX,
        }
    }

    /// Shows `done` of `total`.
    pub fn update(&mut self, done: usize, total: usize) {
        if !self.on || total == 0 {
            return;
        }
        let pct = done * 100 / total;
        if pct == self.last {
            return;
        }
        self.last = pct;
        let filled = pct * 30 / 100;
        let mut err = std::io::stderr();
        let _ = write!(
            err,
            "\r[{}{}] {pct:3}% {done}/{total}",
            "#".repeat(filled),
            "-".repeat(30 - filled)
        );
        if done == total {
            let _ = writeln!(err);
        }
        let _ = err.flush();
    }
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
