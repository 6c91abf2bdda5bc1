//! Keeps `docs/protocol.md` true: its transcript and its per-game JSON examples are
//! produced here, by the protocol code itself, and this test fails if the document differs.
//! Regenerate with `UPDATE_DOCS=1 cargo test -p fuda-serve --test protocol_doc`.

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
    t.send("an action for a seat that may not act is refused and changes nothing", json!({"id": 7, "op": "act", "game_id": id, "seat": 2, "action": {"seat": 2, "choice": "redraw"}}));
    t.send("an action object must belong to the seat that sends it", json!({"id": 8, "op": "act", "game_id": id, "seat": 1, "action": {"seat": 0, "choice": "redraw"}}));
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
        "close one",
        json!({"id": 15, "op": "close", "game_id": "g2"}),
    );
    t.send(
        "an unknown game id",
        json!({"id": 16, "op": "view", "game_id": "g2", "seat": 0}),
    );
    // A malformed line: no id can be echoed.
    let reply = t.server.handle_line("this is not JSON");
    t.text.push_str(&format!(
        "# a line that is not JSON\n> this is not JSON\n< {reply}\n"
    ));
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
        "<!-- generated:begin (crates/serve/tests/protocol_doc.rs) -->\n## Transcript\n\n```text\n",
    );
    out.push_str(&transcript());
    out.push_str("```\n\n## JSON shapes per game\n\n");
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        out.push_str(&format!("### {game}\n\n{}\n", shapes(game)));
    }
    out.push_str("<!-- generated:end -->\n");
    out
}

#[test]
fn protocol_doc_matches_the_code() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/protocol.md");
    let doc = std::fs::read_to_string(&path).expect("docs/protocol.md");
    let begin = doc.find("<!-- generated:begin").expect("begin marker");
    let end =
        doc.find("<!-- generated:end -->").expect("end marker") + "<!-- generated:end -->\n".len();
    let fresh = generated();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let updated = format!("{}{}{}", &doc[..begin], fresh, &doc[end.min(doc.len())..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    assert!(
        doc[begin..end.min(doc.len())] == fresh,
        "docs/protocol.md is out of date: run UPDATE_DOCS=1 cargo test -p fuda-serve --test protocol_doc"
    );
}
