//! The body of the protocol's fuzz target, shared with the test that replays its corpus.

use crate::server::Server;
use crate::{MAX_ECHO_BYTES, MAX_MESSAGE_BYTES};
use serde_json::Value;

/// The most lines of one fuzz input that are served (the rest is ignored), so that one
/// input stays cheap.
const MAX_LINES: usize = 64;

/// Serves the lines of `data` (split at newlines, at most 64) to `server` and checks
/// every reply: it is one line of JSON, an object with `ok`; an error has a `kind` and a
/// non-empty `message` of bounded length and leaves every open game exactly as it was; a
/// request whose `id` is a string or an integer gets it back exactly. Panics of the
/// server are not caught (the fuzzer reports them).
///
/// # Errors
/// The first broken property, with the line and the reply.
pub fn fuzz_lines(server: &mut Server, data: &[u8]) -> Result<(), String> {
    for raw in data.split(|&b| b == b'\n').take(MAX_LINES) {
        let before = server.open_states();
        let (reply, request) = match std::str::from_utf8(raw) {
            Ok(line) => (
                server.handle_line(line),
                serde_json::from_str::<Value>(line).ok(),
            ),
            Err(_) => (
                server.unreadable_line(crate::ProtocolError::new(
                    crate::ErrorKind::Malformed,
                    "the line is not UTF-8",
                )),
                None,
            ),
        };
        let fail = |what: &str| {
            Err(format!(
                "{what}\n  line: {}\n  reply: {}",
                crate::error::clip(String::from_utf8_lossy(raw).into_owned(), 2000),
                crate::error::clip(reply.clone(), 2000)
            ))
        };
        if reply.contains('\n') {
            return fail("the reply is more than one line");
        }
        let Ok(Value::Object(answer)) = serde_json::from_str::<Value>(&reply) else {
            return fail("the reply is not a JSON object");
        };
        let id = request.as_ref().and_then(|r| r.get("id")).cloned();
        let exact = id
            .as_ref()
            .is_some_and(|id| id.is_string() || id.is_i64() || id.is_u64());
        if exact && answer.get("id") != id.as_ref() {
            let fits = id
                .as_ref()
                .and_then(Value::as_str)
                .is_none_or(|s| s.len() <= crate::MAX_ID_BYTES);
            if fits {
                return fail("the request's id is not echoed exactly");
            }
        }
        match answer.get("ok") {
            Some(Value::Bool(true)) => {
                if !answer.contains_key("result") {
                    return fail("a success without a result");
                }
            }
            Some(Value::Bool(false)) => {
                let error = &answer["error"];
                let message = error["message"].as_str().unwrap_or("");
                if !error["kind"].is_string() || message.is_empty() {
                    return fail("an error without a kind or a message");
                }
                // A cut message ends with a note of how much was cut.
                if message.len() > MAX_MESSAGE_BYTES + MAX_ECHO_BYTES {
                    return fail("an error message longer than MAX_MESSAGE_BYTES");
                }
                if server.open_states() != before {
                    return fail("a refused request changed an open game");
                }
            }
            _ => return fail("a reply without `ok`"),
        }
    }
    Ok(())
}
