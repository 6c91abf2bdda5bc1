//! The protocol over a byte stream: one request line in, one response line out.

use crate::error::{ErrorKind, ProtocolError};
use crate::server::Server;
use crate::MAX_LINE_BYTES;
use std::io::{BufRead, Write};

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes into `buf` (without its newline).
/// A longer line is consumed to its end and reported as too long, so it can neither
/// exhaust memory nor desynchronize the stream. `None` at the end of the input.
fn read_line(
    input: &mut impl BufRead,
    buf: &mut Vec<u8>,
) -> std::io::Result<Option<Result<(), ProtocolError>>> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if read_any { Some(Ok(())) } else { None });
        }
        read_any = true;
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
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(Ok(())))
}

/// Serves `server` over a byte stream: reads request lines from `input` until it ends and
/// writes exactly one response line for each (an empty, oversized or non-UTF-8 line gets
/// an error response), flushing after each.
///
/// # Errors
/// When reading `input` or writing `output` fails (for example when the client closed
/// its end).
pub fn serve_lines(
    server: &mut Server,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    while let Some(read) = read_line(&mut input, &mut buf)? {
        let reply = match read {
            Err(e) => server.unreadable_line(e),
            Ok(()) => match std::str::from_utf8(&buf) {
                Ok(line) => server.handle_line(line),
                Err(_) => server.unreadable_line(ProtocolError::new(
                    ErrorKind::Malformed,
                    "the line is not UTF-8",
                )),
            },
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}
