//! Fuzzing the protocol with malformed and hostile lines: random bytes and random JSON
//! built from the protocol's own words. The server never panics, answers every line with
//! one JSON object, and leaves open games unchanged whenever it refuses a request.

use fuda_creature_clash::CreatureClash;
use fuda_serve::Server;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn server_with_games() -> Server {
    let mut server = Server::builder().game::<CreatureClash>().build();
    for (game, seed) in [("g1", 1), ("g2", 2)] {
        let reply = server
            .handle_line(&json!({"op":"create","game":"creature-clash","seed":seed}).to_string());
        assert!(reply.contains(game), "{reply}");
    }
    // A few moves into g1, so games are mid-play.
    for _ in 0..5 {
        let view: Value = serde_json::from_str(
            &server.handle_line(r#"{"op":"view","game_id":"g1","observer":"spectator"}"#),
        )
        .unwrap();
        let seat = &view["result"]["status"]["to_act"][0];
        server.handle_line(&json!({"op":"act","game_id":"g1","seat":seat,"index":0}).to_string());
    }
    server
}

const KEYS: &[&str] = &[
    "id",
    "op",
    "game",
    "game_id",
    "seat",
    "observer",
    "index",
    "action",
    "config",
    "seed",
    "since",
    "replay",
    "include_hidden",
    "choice",
    "card",
    "num_players",
];
const WORDS: &[&str] = &[
    "games",
    "create",
    "load",
    "list",
    "view",
    "legal",
    "act",
    "events",
    "replay",
    "close",
    "g1",
    "g2",
    "g3",
    "creature-clash",
    "spectator",
    "redraw",
    "draw_for_turn",
    "attack",
    "",
    "\u{0}",
    "🃏",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..10).prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        proptest::sample::select(WORDS).prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec((proptest::sample::select(KEYS), inner), 0..6).prop_map(
                |kv| {
                    Value::Object(
                        kv.into_iter()
                            .map(|(k, v)| (k.to_string(), v))
                            .collect::<Map<_, _>>(),
                    )
                }
            ),
        ]
    })
}

fn request() -> impl Strategy<Value = String> {
    let op = proptest::sample::select(&WORDS[..10]);
    let fields = proptest::collection::vec((proptest::sample::select(KEYS), json_value()), 0..6);
    prop_oneof![
        (op, fields).prop_map(|(op, fields)| {
            let mut m: Map<String, Value> = fields
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect();
            m.insert("op".into(), op.into());
            Value::Object(m).to_string()
        }),
        json_value().prop_map(|v| v.to_string()),
        proptest::collection::vec(any::<u8>(), 0..200)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

fn states(server: &Server) -> (Option<Value>, Option<Value>) {
    (server.state_json("g1"), server.state_json("g2"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn hostile_lines_never_panic_and_refusals_change_nothing(lines in proptest::collection::vec(request(), 1..8)) {
        let mut server = server_with_games();
        for line in lines {
            let before = states(&server);
            let reply = server.handle_line(&line);
            let reply: Value = serde_json::from_str(&reply).expect("every reply is JSON");
            prop_assert!(reply.is_object());
            prop_assert!(!reply.to_string().contains('\n'), "one line per reply");
            match reply["ok"].as_bool() {
                Some(false) => {
                    prop_assert!(reply["error"]["kind"].is_string());
                    prop_assert_eq!(states(&server), before, "a refused request changed a game: {}", line);
                }
                Some(true) => prop_assert!(reply.get("result").is_some()),
                None => prop_assert!(false, "reply without ok: {}", reply),
            }
        }
    }
}

#[test]
fn oversized_line_is_refused_without_parsing() {
    let mut server = server_with_games();
    let line = format!(
        "{{\"op\":\"list\",\"x\":\"{}\"}}",
        "a".repeat(fuda_serve::MAX_LINE_BYTES)
    );
    let reply: Value = serde_json::from_str(&server.handle_line(&line)).unwrap();
    assert_eq!(reply["error"]["kind"], "too_long");
}
