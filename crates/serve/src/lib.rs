//! A JSON-lines protocol over any fuda game: one request per line in, one response per
//! line out. Front ends in any language drive games through it; the engine stays the
//! authority and every response addressed to a seat holds only what that seat may know.
//!
//! The logic lives here; `fuda serve` is a thin loop over standard input and
//! output. The requests and responses are documented, with a transcript produced by this
//! code, in `docs/protocol.md`.
//!
//! ```
//! use fuda_serve::Server;
//! use fuda_creature_clash::CreatureClash;
//! let mut server = Server::builder().game::<CreatureClash>().build();
//! let reply = server.handle_line(r#"{"id":1,"op":"create","game":"creature-clash","seed":7}"#);
//! let reply: serde_json::Value = serde_json::from_str(&reply).unwrap();
//! assert_eq!(reply["ok"], true);
//! assert_eq!(reply["result"]["game_id"], "g1");
//! ```
#![deny(missing_docs)]

mod error;
mod fuzz;
mod lines;
mod request;
mod server;
mod session;

pub use error::{ErrorKind, ProtocolError};
pub use fuzz::fuzz_lines;
pub use lines::serve_lines;
pub use server::{Server, ServerBuilder};

/// The protocol version this build speaks; reported by the `games` request.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line accepted, in bytes (1 MiB). Longer lines are refused whole.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most games open at once (the default of [`ServerBuilder::max_open_games`]).
pub const MAX_OPEN_GAMES: usize = 10_000;

/// The memory the open games may hold together, in bytes (1 GiB; the default of
/// [`ServerBuilder::memory_budget`]). Each game's share is estimated from the JSON size of
/// its state (which holds its card set) and of the events and actions it keeps.
pub const MEMORY_BUDGET_BYTES: usize = 1 << 30;

/// The events an `events` request returns when it gives no `limit`, and the most events
/// an `act` reply carries (the rest are read with `events`).
pub const EVENTS_PAGE_DEFAULT: usize = 256;

/// The largest `limit` of an `events` request (a larger one is lowered to it).
pub const EVENTS_PAGE_MAX: usize = 1024;

/// The most actions a `legal` reply lists, and its page size when the request gives no
/// `limit` (a larger one is lowered to it); the reply's `count` says how many there are.
/// Games played from the start offer a few hundred at most, but a built position can offer
/// over a hundred thousand with the sample cards and over a million with a custom set.
pub const LEGAL_PAGE_MAX: usize = 1024;

/// The bot a `bot` request asks when it names none: ISMCTS at 1,000 iterations, which
/// answers in well under a second in every game and is deterministic for a seed.
pub const DEFAULT_BOT: &str = "ismcts:1000";

/// The longest time budget of a `bot` request's search, in milliseconds (`ismcts:500ms`).
pub const MAX_BOT_MILLIS: u32 = 500;

/// The most rollout actions a `bot` request's iteration budget may ask for: iterations
/// times the rollout depth (`ismcts:2000` at the default depth of 40 is the most).
pub const MAX_BOT_ROLLOUT_ACTIONS: u64 = 80_000;

/// The most legal actions a `bot` request's search lists in all, over its iterations and
/// rollouts (`IsmctsConfig::max_listed`). The searches `MAX_BOT_ROLLOUT_ACTIONS` allows
/// list at most about a million in the sample games; a built position offering a million
/// actions would otherwise make each iteration cost that many, so its search stops early,
/// deterministically.
pub const MAX_BOT_LISTED_ACTIONS: u64 = 3_000_000;

/// The longest error message, in bytes; longer ones are cut (they can quote input).
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// How much of a piece of input (an op name, a game name, a game id) an error message
/// quotes, in bytes.
pub const MAX_ECHO_BYTES: usize = 64;

/// The longest request `id` string, in bytes; an `id` is echoed exactly, so it must be a
/// string of at most this length, an integer of at most 64 bits, or null.
pub const MAX_ID_BYTES: usize = 256;
