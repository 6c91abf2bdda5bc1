//! `fuda serve` as a separate process: a scripted client plays complete games of
//! every game it serves through the pipe (requests in, responses out) and checks that each
//! outcome and final state equal the same seed and actions replayed in this process.

use fuda_core::{digest, Conformance, Replay};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Client {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    next_id: u64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fuda"))
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start serve");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Client {
            child,
            input,
            output,
            next_id: 1,
        }
    }

    /// Sends a raw line and reads the one response line.
    fn raw(&mut self, line: &str) -> Value {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut reply = String::new();
        self.output.read_line(&mut reply).unwrap();
        serde_json::from_str(&reply).unwrap_or_else(|e| panic!("bad response {reply:?}: {e}"))
    }

    /// Sends a request and returns its `result`, failing on an error response.
    fn call(&mut self, mut request: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        request["id"] = id.into();
        let reply = self.raw(&request.to_string());
        assert_eq!(reply["id"], id, "responses come in order");
        assert_eq!(reply["ok"], true, "request {request} failed: {reply}");
        reply["result"].clone()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays one game through the pipe, choosing the lowest acting seat's action by index
/// with a simple generator; returns the replay the server exports at the end.
fn play_through_pipe(client: &mut Client, game: &str, config: Value, seed: u64) -> (Value, Value) {
    let created =
        client.call(json!({ "op": "create", "game": game, "config": config, "seed": seed }));
    let id = created["game_id"].as_str().unwrap().to_string();
    let mut pick = seed;
    let mut status = created["status"].clone();
    let mut steps = 0;
    while status["outcome"].is_null() {
        let seat = status["to_act"][0]
            .as_u64()
            .expect("someone acts while the game goes on");
        let legal = client.call(json!({ "op": "legal", "game_id": id, "seat": seat }));
        let n = legal["actions"].as_array().unwrap().len() as u64;
        assert!(n > 0);
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let index = (pick >> 33) % n;
        let acted =
            client.call(json!({ "op": "act", "game_id": id, "seat": seat, "index": index }));
        status = acted["status"].clone();
        steps += 1;
        assert!(steps < 100_000, "the game ends");
    }
    let replay = client.call(json!({ "op": "replay", "game_id": id }))["replay"].clone();
    (replay, status["outcome"].clone())
}

/// Replays in this process and returns (outcome, final state digest).
fn in_process<G: Conformance>(replay: &Value) -> (Value, String) {
    let mut replay = Replay::<G>::from_json(&replay.to_string()).unwrap();
    replay.final_digest = None;
    let state = replay.play().unwrap();
    (
        serde_json::to_value(G::outcome(&state)).unwrap(),
        digest::<G>(&state),
    )
}

fn check_game<G: Conformance>(client: &mut Client, config: Value, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let (replay, outcome) = play_through_pipe(client, G::NAME, config.clone(), seed);
        let (local_outcome, local_digest) = in_process::<G>(&replay);
        assert_eq!(
            outcome,
            local_outcome,
            "{} seed {seed}: same outcome in process",
            G::NAME
        );
        assert_eq!(
            replay["final_digest"].as_str(),
            Some(local_digest.as_str()),
            "{} seed {seed}: same final state in process",
            G::NAME
        );
    }
}

#[test]
fn complete_games_through_the_pipe_match_in_process_play() {
    let mut client = Client::start();
    let games = client.call(json!({ "op": "games" }));
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for name in names.clone() {
        match name {
            "creature-clash" => check_game::<fuda_creature_clash::CreatureClash>(
                &mut client,
                json!({ "num_players": 3, "turn_limit": 60 }),
                0..5,
            ),
            "uzumajin" => check_game::<fuda_uzumajin::Uzumajin>(&mut client, json!({}), 0..5),
            "mattsan" => check_game::<fuda_mattsan::Mattsan>(&mut client, json!({}), 0..5),
            "monjan" => {
                check_game::<fuda_monjan::Monjan>(&mut client, json!({ "num_players": 3 }), 0..5)
            }
            other => panic!("served game `{other}` has no check here; add it"),
        }
    }
    assert!(names.len() >= 2, "every landed game is served: {names:?}");
}

#[test]
fn hostile_lines_get_errors_and_change_nothing() {
    let mut client = Client::start();
    let created = client.call(json!({ "op": "create", "game": "creature-clash", "seed": 5 }));
    let id = created["game_id"].as_str().unwrap().to_string();
    let before = client.call(json!({ "op": "view", "game_id": id, "observer": "spectator" }));
    let to_act = created["status"]["to_act"][0].as_u64().unwrap();
    let other = (to_act + 1) % 4;
    let long = format!(
        "{{\"op\":\"games\",\"pad\":\"{}\"}}",
        "x".repeat(fuda_serve::MAX_LINE_BYTES + 10)
    );
    let cases = [
        ("not json".to_string(), "malformed"),
        ("[1,2,3]".to_string(), "malformed"),
        (r#"{"op":"fly"}"#.to_string(), "unknown_op"),
        (r#"{"op":"view","game_id":"g999","seat":0}"#.to_string(), "unknown_game_id"),
        (json!({"op":"act","game_id":id,"seat":other,"action":{"seat":other,"choice":"redraw"}}).to_string(), "illegal_action"),
        (json!({"op":"act","game_id":id,"seat":other,"index":0}).to_string(), "invalid_index"),
        (json!({"op":"act","game_id":id,"seat":to_act,"action":{"seat":other,"choice":"redraw"}}).to_string(), "wrong_seat"),
        (json!({"op":"act","game_id":id,"seat":to_act,"index":99}).to_string(), "invalid_index"),
        (json!({"op":"view","game_id":id,"seat":9}).to_string(), "invalid_seat"),
        (json!({"op":"replay","game_id":id}).to_string(), "hidden_information"),
        (json!({"op":"create","game":"creature-clash","config":{"num_players":7}}).to_string(), "invalid_config"),
        (long, "too_long"),
    ];
    for (line, kind) in cases {
        let reply = client.raw(&line);
        assert_eq!(reply["ok"], false, "{line:.80}");
        assert_eq!(reply["error"]["kind"], kind, "{line:.80}: {reply}");
        assert!(reply["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
    }
    // Invalid UTF-8 is refused too, and the server keeps going.
    client.input.write_all(b"\xff\xfe\n").unwrap();
    client.input.flush().unwrap();
    let mut reply = String::new();
    client.output.read_line(&mut reply).unwrap();
    assert!(reply.contains("\"malformed\""), "{reply}");
    let after = client.call(json!({ "op": "view", "game_id": id, "observer": "spectator" }));
    assert_eq!(before, after, "refused requests changed nothing");
}
