//! `fuda serve`: the JSON-lines protocol over standard input and output.

use crate::Failure;
use std::io::IsTerminal;

/// Serves requests until standard input ends.
pub fn run() -> Result<(), Failure> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "fuda serve: reading JSON requests, one per line, on standard input \
             (try {{\"id\":1,\"op\":\"games\"}}); end with Ctrl-D"
        );
    }
    let mut server = crate::games::server();
    // An error here means the client closed its end: there is no one left to answer.
    let _ = fuda_serve::serve_lines(&mut server, stdin.lock(), std::io::stdout().lock());
    Ok(())
}
