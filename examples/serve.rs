//! The JSON-lines protocol over standard input and output: one request per line, one
//! response per line. See docs/protocol.md.
//!
//! ```text
//! cargo run --release --example serve
//! {"id":1,"op":"create","game":"creature-clash","config":{"num_players":3},"seed":7}
//! ```

mod common;

use fuda::serve::{ErrorKind, ProtocolError, MAX_LINE_BYTES};
use std::io::{BufRead, Write};

/// Reads one line of at most `MAX_LINE_BYTES` bytes. A longer line is consumed to its end
/// and reported as too long, so it can neither exhaust memory nor desynchronize the stream.
fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Result<(), ProtocolError>>> {
    buf.clear();
    let mut too_long = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if buf.is_empty() && !too_long {
                None
            } else {
                Some(Ok(()))
            });
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err(ProtocolError::new(
            ErrorKind::TooLong,
            format!("the line is longer than {MAX_LINE_BYTES} bytes"),
        ))));
    }
    Ok(Some(Ok(())))
}

fn main() {
    let mut server = common::server();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut buf = Vec::new();
    while let Ok(Some(read)) = read_line(&mut input, &mut buf) {
        let reply = match read {
            Err(e) => server.unreadable_line(e),
            Ok(()) => match std::str::from_utf8(&buf) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => server.handle_line(line),
                Err(_) => server.unreadable_line(ProtocolError::new(
                    ErrorKind::Malformed,
                    "the line is not UTF-8",
                )),
            },
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return; // the client closed its end
        }
    }
}
