//! The JSON-lines protocol over standard input and output: one request per line, one
//! response per line. See docs/protocol.md.
//!
//! ```text
//! cargo run --release --example serve
//! {"id":1,"op":"create","game":"creature-clash","config":{"num_players":3},"seed":7}
//! ```

mod common;

use std::io::IsTerminal;

fn main() {
    if std::env::args().len() > 1 {
        eprintln!(
            "serve takes no arguments: it reads one JSON request per line on standard input \
             and writes one JSON response per line (see docs/protocol.md), e.g.\n  \
             {{\"id\":1,\"op\":\"games\"}}"
        );
        std::process::exit(if std::env::args().any(|a| a == "--help" || a == "-h") {
            0
        } else {
            2
        });
    }
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "fuda serve: reading JSON requests, one per line (try {{\"op\":\"games\"}}); \
             end with Ctrl-D"
        );
    }
    let mut server = common::server();
    // An error here means the client closed its end: there is no one left to answer.
    let _ = fuda::serve::serve_lines(&mut server, stdin.lock(), std::io::stdout().lock());
}
