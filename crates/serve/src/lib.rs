//! A JSON-lines protocol over any fuda game: one request per line in, one response per
//! line out. Front ends in any language drive games through it; the engine stays the
//! authority and every response addressed to a seat holds only what that seat may know.
//!
//! The logic lives here; the `serve` example is a thin loop over standard input and
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
mod request;
mod server;
mod session;

pub use error::{ErrorKind, ProtocolError};
pub use server::{Server, ServerBuilder};

/// The protocol version this build speaks; reported by the `games` request.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest request line accepted, in bytes (1 MiB). Longer lines are refused whole.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most games open at once.
pub const MAX_OPEN_GAMES: usize = 10_000;
