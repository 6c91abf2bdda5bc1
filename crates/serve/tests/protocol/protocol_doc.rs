//! Keeps `docs/protocol.md` true: its transcript and its per-game JSON examples are
//! produced here, by the protocol code itself, and this test fails if the document differs.
//! Regenerate with `UPDATE_DOCS=1 cargo test -p fuda-serve --test protocol protocol_doc`.

use fuda_serve::Server;
use serde_json::{json, Value};
use std::path::Path;

fn server() -> Server {
    Server::builder()
        .game::<fuda_creature_clash::CreatureClash>()
        .game::<fuda_uzumajin::Uzumajin>()
        .game::<fuda_mattsan::Mattsan>()
        .game::<fuda_monjan::Monjan>()
        .build()
}

/// Runs requests and renders them as a transcript: `> request` then `< response`.
struct Transcript {
    server: Server,
    text: String,
}

impl Transcript {
    fn send(&mut self, note: &str, request: Value) -> Value {
        let line = request.to_string();
        let reply = self.server.handle_line(&line);
        self.text
            .push_str(&format!("# {note}\n> {line}\n< {reply}\n\n"));
        serde_json::from_str(&reply).unwrap()
    }
}

fn transcript() -> String {
    let mut t = Transcript {
        server: server(),
        text: String::new(),
    };
    t.send(
        "which games are served, with their default configurations",
        json!({"id": 1, "op": "games"}),
    );
    let created = t.send(
        "open a 3-player game of Creature Clash! (missing config fields take their defaults)",
        json!({"id": 2, "op": "create", "game": "creature-clash", "config": {"num_players": 3, "dealer": {"fixed": 0}}, "seed": 7}),
    );
    let id = created["result"]["game_id"].as_str().unwrap().to_string();
    t.send(
        "what P1 sees",
        json!({"id": 3, "op": "view", "game_id": id, "seat": 1}),
    );
    t.send(
        "P1's legal actions, with stable indexes and labels",
        json!({"id": 4, "op": "legal", "game_id": id, "seat": 1}),
    );
    t.send(
        "P1 draws for the turn, by index; the reply holds the events as P1 sees them",
        json!({"id": 5, "op": "act", "game_id": id, "seat": 1, "index": 1}),
    );
    t.send(
        "P2 reads the same events from the start of its stream: the drawn card is hidden",
        json!({"id": 6, "op": "events", "game_id": id, "seat": 2, "since": 0}),
    );
    t.send(
        "events come in pages: `limit` events from `since`, with the stream's `total`",
        json!({"id": 61, "op": "events", "game_id": id, "observer": "spectator", "since": 0, "limit": 1}),
    );
    t.send("an action for a seat that may not act is refused and changes nothing", json!({"id": 7, "op": "act", "game_id": id, "seat": 2, "action": {"seat": 2, "choice": "redraw"}}));
    t.send("an action object must belong to the seat that sends it", json!({"id": 8, "op": "act", "game_id": id, "seat": 1, "action": {"seat": 0, "choice": "redraw"}}));
    t.send(
        "what a computer opponent would do for P1 (nothing is played; `act` plays it)",
        json!({"id": 81, "op": "bot", "game_id": id, "seat": 1, "bot": "ismcts:200", "seed": 1}),
    );
    let legal = t.send(
        "P1's choices after the draw",
        json!({"id": 9, "op": "legal", "game_id": id, "seat": 1}),
    );
    let discard = legal["result"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["action"]["choice"].get("discard").is_some())
        .unwrap()["action"]
        .clone();
    t.send(
        "P1 discards, giving the action by value; the turn passes",
        json!({"id": 10, "op": "act", "game_id": id, "seat": 1, "action": discard}),
    );
    t.send(
        "the replay of a game in progress would reveal every hidden card",
        json!({"id": 11, "op": "replay", "game_id": id}),
    );
    let replay = t.send(
        "unless asked for explicitly (for an operator, never for a player)",
        json!({"id": 12, "op": "replay", "game_id": id, "include_hidden": true}),
    );
    t.send(
        "a replay reopens as a new game",
        json!({"id": 13, "op": "load", "replay": replay["result"]["replay"]}),
    );
    t.send("open games", json!({"id": 14, "op": "list"}));
    t.send(
        "the cards of a game's sample set (or, with `game_id`, of an open game)",
        json!({"id": 141, "op": "cards", "game": "uzumajin"}),
    );
    t.send(
        "close one",
        json!({"id": 15, "op": "close", "game_id": "g2"}),
    );
    t.send(
        "an unknown game id",
        json!({"id": 16, "op": "view", "game_id": "g2", "seat": 0}),
    );
    t.send(
        "an id that would not come back exactly is refused",
        json!({"id": 1.5, "op": "list"}),
    );
    // Malformed lines: no id can be echoed.
    for (note, line) in [
        ("a line that is not JSON", "this is not JSON"),
        ("an empty line gets an answer too", ""),
    ] {
        let reply = t.server.handle_line(line);
        t.text
            .push_str(&format!("# {note}\n> {line}\n< {reply}\n\n"));
    }
    t.text.pop();
    t.text
}

/// One game's JSON shapes: its first legal actions and a view.
fn shapes(game: &str) -> String {
    let mut server = server();
    let created: Value = serde_json::from_str(
        &server.handle_line(&json!({"op":"create","game":game,"seed":3}).to_string()),
    )
    .unwrap();
    let seat = created["result"]["status"]["to_act"][0].clone();
    let legal: Value = serde_json::from_str(
        &server.handle_line(&json!({"op":"legal","game_id":"g1","seat":seat}).to_string()),
    )
    .unwrap();
    let view: Value = serde_json::from_str(
        &server.handle_line(&json!({"op":"view","game_id":"g1","seat":seat}).to_string()),
    )
    .unwrap();
    let actions: Vec<String> = legal["result"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .take(4)
        .map(|a| a["action"].to_string())
        .collect();
    format!(
        "First legal actions of seat {seat} in a new game:\n\n```json\n{}\n```\n\nIts view:\n\n```json\n{}\n```\n",
        actions.join("\n"),
        serde_json::to_string_pretty(&view["result"]["view"]).unwrap()
    )
}

fn generated() -> String {
    let mut out = String::from(
        "<!-- generated:begin (crates/serve/tests/protocol/protocol_doc.rs) -->\n## Transcript\n\n```text\n",
    );
    out.push_str(&transcript());
    out.push_str("```\n\n## JSON shapes per game\n\n");
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        out.push_str(&format!("### {game}\n\n{}\n", shapes(game)));
    }
    out.push_str("<!-- generated:end -->\n");
    out
}

/// `n` with thousands separators.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The list of limits, from the constants themselves.
fn limits() -> String {
    use fuda_serve::*;
    assert_eq!(MAX_LINE_BYTES, 1 << 20, "the text says MiB");
    assert_eq!(
        fuda_bots::GreedyBot::<fuda_monjan::Monjan>::MAX_SCORED,
        1024,
        "the text says 1024"
    );
    assert_eq!(MEMORY_BUDGET_BYTES % (1 << 30), 0, "the text says GiB");
    format!(
        "<!-- limits:begin (crates/serve/tests/protocol/protocol_doc.rs) -->
- **Line size**: 1 MiB (`MAX_LINE_BYTES`); a longer line is read to its end and refused
  with `too_long`.
- **Open games**: at most {open} (`MAX_OPEN_GAMES`); `create` and `load` beyond it are
  refused with `too_many_games`.
- **Memory budget**: the open games hold at most {budget} GiB together
  (`MEMORY_BUDGET_BYTES`). Each game's share is estimated from the JSON size of its state
  (which holds its configuration and card set) and of the events and actions it keeps; a
  test measures the estimate against the process's real growth. Games created one after
  another with the same configuration share its rules in memory, so the estimate, which
  counts a copy per game, is the worst case. A `create` or `load` whose game would not fit, and an `act` while the open games are over the budget, are refused
  with `memory_budget` (the message says how much is used); closing games makes room. A
  Rust program embedding the server sets both caps with `ServerBuilder::max_open_games` and
  `ServerBuilder::memory_budget`.
- **Events page**: an `events` reply holds at most `limit` events (default
  {page_default}, `EVENTS_PAGE_DEFAULT`; at most {page_max}, `EVENTS_PAGE_MAX`; a larger
  `limit` is lowered) and an `act` reply at most {page_default}; each observer's stream is
  indexed as the game goes, so a page costs the page, not the stream.
- **Legal page**: a `legal` reply lists at most `limit` actions (default and most
  {legal_max}, `LEGAL_PAGE_MAX`; a larger `limit` is lowered); `count` says how many the
  seat has, and `offset` asks for the next page. Games played from the start offer a few
  hundred at most, but a built position can offer over a hundred thousand with the sample
  cards (Creature Clash!, a hand of 64 cards) and over a million with a custom set.
- **Echoes**: an `id` string has at most {id} bytes (`MAX_ID_BYTES`); an error message has
  at most {message} bytes (`MAX_MESSAGE_BYTES`) and quotes at most {echo} bytes of any
  input (`MAX_ECHO_BYTES`).
- **Bot search**: a `bot` request's ISMCTS thinks at most {bot_ms} ms (`MAX_BOT_MILLIS`)
  or, with an iteration budget, at most {bot_actions} rollout actions: iterations times the
  rollout depth (`MAX_BOT_ROLLOUT_ACTIONS`; `ismcts:2000` at the default depth is the most);
  a costlier bot is refused with `invalid_bot`. However the position, the search lists at
  most about {bot_listed} legal actions in all (`MAX_BOT_LISTED_ACTIONS`; the searches above
  list at most about a million in the sample games) and then stops early, deterministically;
  the `greedy` bot scores at most 1024 actions (a random sample of them when there are more).
<!-- limits:end -->
",
        open = thousands(MAX_OPEN_GAMES),
        budget = MEMORY_BUDGET_BYTES >> 30,
        page_default = EVENTS_PAGE_DEFAULT,
        page_max = EVENTS_PAGE_MAX,
        legal_max = LEGAL_PAGE_MAX,
        bot_ms = MAX_BOT_MILLIS,
        bot_actions = thousands(MAX_BOT_ROLLOUT_ACTIONS as usize),
        bot_listed = thousands(MAX_BOT_LISTED_ACTIONS as usize),
        id = MAX_ID_BYTES,
        message = MAX_MESSAGE_BYTES,
        echo = MAX_ECHO_BYTES,
    )
}

/// Replaces the region of `doc` from `begin` to the end of the line holding `end` with
/// `fresh`; `None` if it is already `fresh`.
fn region(doc: &str, begin: &str, end: &str, fresh: &str) -> Option<String> {
    let start = doc.find(begin).unwrap_or_else(|| panic!("marker {begin}"));
    let stop = doc.find(end).unwrap_or_else(|| panic!("marker {end}")) + end.len() + 1;
    let stop = stop.min(doc.len());
    (doc[start..stop] != *fresh).then(|| format!("{}{fresh}{}", &doc[..start], &doc[stop..]))
}

#[test]
fn protocol_doc_matches_the_code() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocol.md");
    let doc = std::fs::read_to_string(&path).expect("docs/protocol.md");
    let mut fresh = doc.clone();
    for (begin, end, text) in [
        ("<!-- limits:begin", "<!-- limits:end -->", limits()),
        (
            "<!-- generated:begin",
            "<!-- generated:end -->",
            generated(),
        ),
    ] {
        if let Some(updated) = region(&fresh, begin, end, &text) {
            fresh = updated;
        }
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, fresh).unwrap();
        return;
    }
    assert!(
        doc == fresh,
        "docs/protocol.md is out of date: run UPDATE_DOCS=1 cargo test -p fuda-serve --test protocol protocol_doc"
    );
}
