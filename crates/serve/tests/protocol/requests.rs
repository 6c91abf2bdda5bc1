//! The protocol's requests and limits: paged events, the `cards` request, exact `id`
//! echoes, truncated echoes of input, replays checked against their digest, one reply for
//! every line (issue 10 findings 5 and 7, issue 11 item 7).

use fuda_core::{Conformance, TextUi};
use fuda_serve::{
    serve_lines, Server, EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX, LEGAL_PAGE_MAX, MAX_ECHO_BYTES,
    MAX_MESSAGE_BYTES,
};
use serde_json::{json, Value};

fn server() -> Server {
    Server::builder()
        .game::<fuda_creature_clash::CreatureClash>()
        .game::<fuda_uzumajin::Uzumajin>()
        .game::<fuda_mattsan::Mattsan>()
        .game::<fuda_monjan::Monjan>()
        .build()
}

fn call(server: &mut Server, request: &Value) -> Value {
    serde_json::from_str(&server.handle_line(&request.to_string())).unwrap()
}

fn ok(server: &mut Server, request: Value) -> Value {
    let reply = call(server, &request);
    assert_eq!(reply["ok"], true, "{request}: {reply}");
    reply["result"].clone()
}

fn error_kind(server: &mut Server, request: &Value) -> String {
    let reply = call(server, request);
    assert_eq!(reply["ok"], false, "{request}: {reply}");
    reply["error"]["kind"].as_str().unwrap().to_string()
}

/// Plays `steps` first-legal actions of game `id`.
fn play(server: &mut Server, id: &str, steps: usize) {
    for _ in 0..steps {
        let view = ok(
            server,
            json!({ "op": "view", "game_id": id, "observer": "spectator" }),
        );
        let Some(seat) = view["status"]["to_act"].get(0).cloned() else {
            return;
        };
        ok(
            server,
            json!({ "op": "act", "game_id": id, "seat": seat, "index": 0 }),
        );
    }
}

/// Issue 10 finding 2: `events` comes in pages of `limit` (default and maximum), with the
/// stream's length; the pages put together are the whole stream.
#[test]
fn issue_10_events_are_paged_with_the_stream_length() {
    let mut server = server();
    ok(
        &mut server,
        json!({ "op": "create", "game": "monjan", "seed": 2 }),
    );
    play(&mut server, "g1", 200);
    let all = ok(
        &mut server,
        json!({ "op": "events", "game_id": "g1", "seat": 0, "limit": EVENTS_PAGE_MAX }),
    );
    let total = all["total"].as_u64().unwrap() as usize;
    assert!(total > 20, "the game has events: {total}");
    let mut pages = Vec::new();
    let mut since = 0;
    loop {
        let page = ok(
            &mut server,
            json!({ "op": "events", "game_id": "g1", "seat": 0, "since": since, "limit": 7 }),
        );
        assert_eq!(page["total"].as_u64().unwrap() as usize, total);
        let events = page["events"].as_array().unwrap();
        assert!(events.len() <= 7);
        pages.extend(events.iter().cloned());
        let next = page["next"].as_u64().unwrap() as usize;
        assert_eq!(next, since + events.len());
        if events.is_empty() {
            break;
        }
        since = next;
    }
    assert_eq!(pages.len(), total, "the pages make up the stream");
    if total <= EVENTS_PAGE_MAX {
        assert_eq!(all["events"].as_array().unwrap(), &pages);
    }
    // No limit: the default page; a larger limit than the maximum is lowered to it.
    let default = ok(
        &mut server,
        json!({ "op": "events", "game_id": "g1", "seat": 0 }),
    );
    assert_eq!(
        default["events"].as_array().unwrap().len(),
        total.min(EVENTS_PAGE_DEFAULT)
    );
    let huge = ok(
        &mut server,
        json!({ "op": "events", "game_id": "g1", "observer": "spectator", "limit": 1_000_000_000u64 }),
    );
    assert!(huge["events"].as_array().unwrap().len() <= EVENTS_PAGE_MAX);
    // Past the end: nothing, and the position is kept.
    let past = ok(
        &mut server,
        json!({ "op": "events", "game_id": "g1", "seat": 0, "since": total + 5 }),
    );
    assert_eq!(past["events"], json!([]));
    assert_eq!(past["next"].as_u64().unwrap() as usize, total + 5);
}

/// An `act` reply carries the action's events as the actor sees them and where they end
/// in its stream.
/// `legal` comes in pages too: at most `limit` actions (default and maximum
/// `LEGAL_PAGE_MAX`) from `offset`, each with its index in the whole list, and the
/// list's `count`; the pages put together are the whole list.
#[test]
fn legal_actions_are_paged_with_their_count() {
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        let mut server = server();
        ok(
            &mut server,
            json!({ "op": "create", "game": game, "seed": 4 }),
        );
        // Play first actions until the seat to act has a few to choose from.
        let seat = loop {
            let view = ok(
                &mut server,
                json!({ "op": "view", "game_id": "g1", "observer": "spectator" }),
            );
            let seat = view["status"]["to_act"][0].clone();
            let listed = ok(
                &mut server,
                json!({ "op": "legal", "game_id": "g1", "seat": seat }),
            );
            if listed["count"].as_u64().unwrap() >= 3 {
                break seat;
            }
            play(&mut server, "g1", 1);
        };
        let legal = |server: &mut Server, page: Value| {
            let mut request = json!({ "op": "legal", "game_id": "g1", "seat": seat });
            for (k, v) in page.as_object().unwrap() {
                request[k] = v.clone();
            }
            ok(server, request)
        };
        let whole = legal(&mut server, json!({}));
        let count = whole["count"].as_u64().unwrap() as usize;
        let actions = whole["actions"].as_array().unwrap().clone();
        assert!(count <= LEGAL_PAGE_MAX, "{game}: {count}");
        assert_eq!(
            actions.len(),
            count,
            "{game}: the default page holds them all"
        );
        let mut paged = Vec::new();
        let mut offset = 0;
        while offset <= count {
            let page = legal(&mut server, json!({ "offset": offset, "limit": 2 }));
            assert_eq!(page["count"], count, "{game}");
            let items = page["actions"].as_array().unwrap();
            assert!(items.len() <= 2, "{game}: {page}");
            for (k, item) in items.iter().enumerate() {
                assert_eq!(item["index"], offset + k, "{game}: indexes are global");
            }
            paged.extend(items.iter().cloned());
            offset += 2;
        }
        assert_eq!(paged, actions, "{game}: the pages make the whole list");
        let beyond = legal(&mut server, json!({ "offset": 1_000_000_000u64 }));
        assert_eq!(beyond["actions"], json!([]), "{game}");
        assert_eq!(beyond["count"], count, "{game}");
        let huge = legal(&mut server, json!({ "limit": 1_000_000_000u64 }));
        assert_eq!(huge["actions"].as_array().unwrap().len(), count, "{game}");
    }
}

#[test]
fn act_reply_tells_the_actor_stream_position() {
    let mut server = server();
    let created = ok(
        &mut server,
        json!({ "op": "create", "game": "creature-clash", "seed": 7 }),
    );
    let seat = created["status"]["to_act"][0].clone();
    let acted = ok(
        &mut server,
        json!({ "op": "act", "game_id": "g1", "seat": seat, "index": 1 }),
    );
    let n = acted["events"].as_array().unwrap().len() as u64;
    assert!(n > 0);
    assert_eq!(acted["next"], n);
    assert_eq!(acted["total"], n);
    let stream = ok(
        &mut server,
        json!({ "op": "events", "game_id": "g1", "seat": seat }),
    );
    assert_eq!(stream["events"], acted["events"]);
}

/// Issue 10 finding 5: `load` refuses a replay whose `final_digest` does not match.
#[test]
fn issue_10_finding_5_load_refuses_a_wrong_final_digest() {
    let mut server = server();
    ok(
        &mut server,
        json!({ "op": "create", "game": "uzumajin", "seed": 4 }),
    );
    play(&mut server, "g1", 30);
    let mut replay = ok(
        &mut server,
        json!({ "op": "replay", "game_id": "g1", "include_hidden": true }),
    )["replay"]
        .clone();
    let loaded = ok(&mut server, json!({ "op": "load", "replay": replay }));
    assert_eq!(loaded["steps"], 30);
    replay["final_digest"] = json!("0000000000000000");
    let reply = call(&mut server, &json!({ "op": "load", "replay": replay }));
    assert_eq!(reply["error"]["kind"], "invalid_replay", "{reply}");
    assert!(reply["error"]["message"]
        .as_str()
        .unwrap()
        .contains("does not reproduce"));
}

/// Issue 10 finding 7: `"format_version": 1.0` is version 1 on the protocol path too.
#[test]
fn issue_10_finding_7_format_version_one_point_zero_loads() {
    let mut server = server();
    ok(
        &mut server,
        json!({ "op": "create", "game": "mattsan", "seed": 4 }),
    );
    play(&mut server, "g1", 10);
    let replay = ok(
        &mut server,
        json!({ "op": "replay", "game_id": "g1", "include_hidden": true }),
    )["replay"]
        .to_string();
    let replay = replay.replace("\"format_version\":1", "\"format_version\":1.0");
    assert!(replay.contains("1.0"));
    let line = format!(r#"{{"op":"load","replay":{replay}}}"#);
    let reply: Value = serde_json::from_str(&server.handle_line(&line)).unwrap();
    assert_eq!(reply["ok"], true, "{reply}");
}

/// Issue 10 finding 7: an `id` comes back exactly, or the request is refused.
#[test]
fn issue_10_finding_7_ids_are_echoed_exactly_or_refused() {
    let mut server = server();
    for id in [
        "18446744073709551615",
        "-9223372036854775808",
        "0",
        r#""req-7""#,
        "null",
    ] {
        let reply = server.handle_line(&format!(r#"{{"id":{id},"op":"list"}}"#));
        assert!(
            reply.starts_with(&format!(r#"{{"id":{id},"ok":true"#)),
            "{id}: {reply}"
        );
    }
    let long = format!("\"{}\"", "x".repeat(fuda_serve::MAX_ID_BYTES + 1));
    for id in [
        "123456789012345678901234567890",
        "1.5",
        "1e3",
        "[1]",
        "{\"a\":1}",
        "true",
        long.as_str(),
    ] {
        let reply: Value =
            serde_json::from_str(&server.handle_line(&format!(r#"{{"id":{id},"op":"list"}}"#)))
                .unwrap();
        assert_eq!(reply["ok"], false, "{id}: {reply}");
        assert_eq!(reply["error"]["kind"], "malformed", "{id}: {reply}");
        assert_eq!(reply["id"], Value::Null);
    }
}

/// Issue 10 finding 7: echoed input is truncated (a 900 KB op name, game name or game id).
#[test]
fn issue_10_finding_7_echoed_input_is_truncated() {
    let mut server = server();
    let huge = "o".repeat(900_000);
    for request in [
        json!({ "op": huge }),
        json!({ "op": "create", "game": huge }),
        json!({ "op": "view", "game_id": huge, "seat": 0 }),
        json!({ "op": "create", "game": "mattsan", "config": { huge.clone(): 1 } }),
    ] {
        let reply = server.handle_line(&request.to_string());
        assert!(
            reply.len() < MAX_MESSAGE_BYTES + 200,
            "reply of {} bytes",
            reply.len()
        );
        let reply: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(reply["ok"], false);
    }
    let reply = call(&mut server, &json!({ "op": huge }));
    let message = reply["error"]["message"].as_str().unwrap();
    assert!(message.contains(&"o".repeat(MAX_ECHO_BYTES)));
    assert!(!message.contains(&"o".repeat(MAX_ECHO_BYTES + 1)));
}

/// Issue 11 item 7: every line gets exactly one reply, a blank one included.
#[test]
fn issue_11_every_line_gets_one_reply() {
    let mut server = server();
    let input = b"{\"id\":1,\"op\":\"list\"}\n\n   \n\xff\xfe\nnot json\n{\"id\":2,\"op\":\"games\"}\r\n{\"id\":3,\"op\":\"list\"}";
    let mut output = Vec::new();
    serve_lines(&mut server, &input[..], &mut output).unwrap();
    let replies: Vec<Value> = String::from_utf8(output)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kinds: Vec<Value> = replies
        .iter()
        .map(|r| {
            if r["ok"] == true {
                json!("ok")
            } else {
                r["error"]["kind"].clone()
            }
        })
        .collect();
    assert_eq!(
        kinds,
        json!([
            "ok",
            "malformed",
            "malformed",
            "malformed",
            "malformed",
            "ok",
            "ok"
        ])
        .as_array()
        .unwrap()
        .clone()
    );
    assert_eq!(
        replies[1]["error"]["message"],
        "the line is empty; a request is a JSON object"
    );
    assert_eq!(
        replies[6]["id"], 3,
        "a last line without a newline is answered"
    );
}

/// Checks the `cards` request of game `G` against `TextUi::cards`: the sample set by game
/// name, a configuration's set, and an open game's set.
fn cards_of<G: Conformance + TextUi>(server: &mut Server) {
    let expected = serde_json::to_value(G::cards(&G::Config::default())).unwrap();
    let by_name = ok(server, json!({ "op": "cards", "game": G::NAME }));
    assert_eq!(by_name["cards"], expected, "{}", G::NAME);
    let created = ok(
        server,
        json!({ "op": "create", "game": G::NAME, "seed": 1 }),
    );
    let id = created["game_id"].clone();
    let by_game = ok(server, json!({ "op": "cards", "game_id": id }));
    assert_eq!(by_game["cards"], expected, "{}", G::NAME);
    for card in by_game["cards"].as_array().unwrap() {
        for field in ["key", "name", "kind", "stats", "text", "ids"] {
            assert!(card.get(field).is_some(), "{}: {card} has {field}", G::NAME);
        }
    }
}

/// Issue 11 item 7: `cards` gives every card of a game's set, by game or by open game.
#[test]
fn issue_11_cards_request_in_every_game() {
    let mut server = server();
    cards_of::<fuda_creature_clash::CreatureClash>(&mut server);
    cards_of::<fuda_uzumajin::Uzumajin>(&mut server);
    cards_of::<fuda_mattsan::Mattsan>(&mut server);
    cards_of::<fuda_monjan::Monjan>(&mut server);
    assert_eq!(
        error_kind(&mut server, &json!({ "op": "cards", "game": "go" })),
        "unknown_game"
    );
    assert_eq!(
        error_kind(&mut server, &json!({ "op": "cards", "game_id": "g99" })),
        "unknown_game_id"
    );
    assert_eq!(
        error_kind(
            &mut server,
            &json!({ "op": "cards", "game": "mattsan", "config": { "deck_size": "x" } })
        ),
        "invalid_config"
    );
    assert_eq!(
        error_kind(&mut server, &json!({ "op": "cards" })),
        "malformed"
    );
}

/// The memory budget and the open-game cap refuse new games with their own kinds, and
/// closing a game makes room.
#[test]
fn issue_10_caps_refuse_new_games_with_their_kinds() {
    let mut server = Server::builder()
        .game::<fuda_uzumajin::Uzumajin>()
        .max_open_games(2)
        .build();
    let create = json!({ "op": "create", "game": "uzumajin", "seed": 1 });
    ok(&mut server, create.clone());
    ok(&mut server, create.clone());
    assert_eq!(error_kind(&mut server, &create), "too_many_games");
    ok(&mut server, json!({ "op": "close", "game_id": "g1" }));
    ok(&mut server, create.clone());

    let mut server = Server::builder().game::<fuda_uzumajin::Uzumajin>().build();
    ok(&mut server, create.clone());
    let one = server.used_bytes();
    assert!(one > 1000, "a game is estimated at {one} bytes");
    let mut server = Server::builder()
        .game::<fuda_uzumajin::Uzumajin>()
        .memory_budget(one * 3 + one / 2)
        .build();
    for _ in 0..3 {
        ok(&mut server, create.clone());
    }
    assert_eq!(error_kind(&mut server, &create), "memory_budget");
    ok(&mut server, json!({ "op": "close", "game_id": "g2" }));
    ok(&mut server, create.clone());
    // Playing grows a game; once the games are over the budget, actions are refused too
    // (and change nothing), until a game is closed.
    let mut refused = false;
    for _ in 0..400 {
        let view = ok(
            &mut server,
            json!({ "op": "view", "game_id": "g1", "observer": "spectator" }),
        );
        let Some(seat) = view["status"]["to_act"].get(0).cloned() else {
            break;
        };
        let before = server.state_json("g1");
        let reply = call(
            &mut server,
            &json!({ "op": "act", "game_id": "g1", "seat": seat, "index": 0 }),
        );
        if reply["ok"] == false {
            assert_eq!(reply["error"]["kind"], "memory_budget", "{reply}");
            assert_eq!(server.state_json("g1"), before);
            refused = true;
            break;
        }
    }
    assert!(refused, "the budget stops a growing game");
    ok(&mut server, json!({ "op": "close", "game_id": "g3" }));
    let view = ok(
        &mut server,
        json!({ "op": "view", "game_id": "g1", "observer": "spectator" }),
    );
    let seat = view["status"]["to_act"][0].clone();
    ok(
        &mut server,
        json!({ "op": "act", "game_id": "g1", "seat": seat, "index": 0 }),
    );
}

/// The player count is `num_players` in every game (issue 11 item 7; the two-player games
/// accept 2 and refuse other counts).
#[test]
fn issue_11_num_players_in_every_game() {
    let mut server = server();
    for (game, n) in [
        ("creature-clash", 3),
        ("uzumajin", 2),
        ("mattsan", 2),
        ("monjan", 3),
    ] {
        let created = ok(
            &mut server,
            json!({ "op": "create", "game": game, "seed": 1, "config": { "num_players": n } }),
        );
        assert_eq!(created["seats"], n, "{game}");
    }
    for game in ["uzumajin", "mattsan"] {
        assert_eq!(
            error_kind(
                &mut server,
                &json!({ "op": "create", "game": game, "config": { "num_players": 3 } })
            ),
            "invalid_config",
            "{game}"
        );
    }
}

/// Issue 9: `create` with a `position` field opens a game at a built position (each game's
/// example `docs/positions/<game>.json`), plays on from it, and exports a replay that
/// starts there and loads back to the same game.
#[test]
fn issue_9_create_opens_a_position_file_in_every_game() {
    let mut server = server();
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        let path = format!(
            "{}/../../docs/positions/{game}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let position: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        let created = ok(
            &mut server,
            json!({ "op": "create", "game": game, "position": position }),
        );
        let id = created["game_id"].as_str().unwrap().to_string();
        assert!(created["status"]["outcome"].is_null(), "{game}: {created}");
        play(&mut server, &id, 3);
        let exported = call(
            &mut server,
            &json!({ "op": "replay", "game_id": id, "include_hidden": true }),
        );
        let replay = exported["result"]["replay"].clone();
        assert!(replay["start"].is_object(), "{game}: {exported:.300}");
        let loaded = ok(&mut server, json!({ "op": "load", "replay": replay }));
        let steps = loaded["steps"].as_u64().unwrap();
        assert!(steps >= 1, "{game}: {loaded}");
    }
}

/// Issue 9: a position that is not one (an unknown card, a malformed file) is refused with
/// `invalid_position`; a position sent with a `config` or `seed` is malformed (it carries
/// its own); nothing is opened.
#[test]
fn issue_9_bad_positions_are_refused_by_kind() {
    let mut server = server();
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        for position in [json!({"no_such_field": 1}), json!([1, 2]), json!("x")] {
            let request = json!({ "op": "create", "game": game, "position": position });
            assert_eq!(
                error_kind(&mut server, &request),
                "invalid_position",
                "{request}"
            );
        }
        let request = json!({ "op": "create", "game": game, "position": {}, "seed": 3 });
        assert_eq!(error_kind(&mut server, &request), "malformed", "{request}");
    }
    let list = ok(&mut server, json!({ "op": "list" }));
    assert_eq!(list["open"], json!([]));
}

/// Plays first-legal actions of game `id` until several seats may act at once (Monjan's
/// edit turn) and the second of them has at least `choices` legal actions; returns those
/// seats.
fn play_to_simultaneous_phase(server: &mut Server, id: &str, choices: usize) -> Vec<Value> {
    for _ in 0..500 {
        let view = ok(
            server,
            json!({ "op": "view", "game_id": id, "observer": "spectator" }),
        );
        let to_act = view["status"]["to_act"].as_array().cloned().unwrap();
        if to_act.len() > 1 {
            let legal = ok(
                server,
                json!({ "op": "legal", "game_id": id, "seat": to_act[1] }),
            );
            if legal["actions"].as_array().unwrap().len() >= choices {
                return to_act;
            }
        }
        ok(
            server,
            json!({ "op": "act", "game_id": id, "seat": to_act[0], "index": 0 }),
        );
    }
    panic!("no simultaneous phase within 500 actions");
}

/// Issue 12: `bot` answers with a legal action of the seat (its index and label as in
/// `legal`), deterministic for a seed, without playing it; a seat with nothing to do gets
/// `null`.
#[test]
fn issue_12_bot_request_returns_a_legal_move_without_playing_it() {
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        let mut server = server();
        ok(
            &mut server,
            json!({ "op": "create", "game": game, "seed": 3 }),
        );
        play(&mut server, "g1", 5);
        let view = ok(
            &mut server,
            json!({ "op": "view", "game_id": "g1", "observer": "spectator" }),
        );
        let seat = view["status"]["to_act"][0].clone();
        let legal = ok(
            &mut server,
            json!({ "op": "legal", "game_id": "g1", "seat": seat }),
        );
        for bot in ["random", "greedy", "ismcts:300"] {
            let request =
                json!({ "op": "bot", "game_id": "g1", "seat": seat, "bot": bot, "seed": 9 });
            let answer = ok(&mut server, request.clone());
            let index = answer["index"].as_u64().unwrap() as usize;
            let listed = &legal["actions"][index];
            assert_eq!(answer["action"], listed["action"], "{game} {bot}: {answer}");
            assert_eq!(answer["label"], listed["label"], "{game} {bot}");
            assert_eq!(answer["bot"], bot);
            assert_eq!(
                ok(&mut server, request),
                answer,
                "{game} {bot}: same seed, same move"
            );
        }
        let after = ok(
            &mut server,
            json!({ "op": "view", "game_id": "g1", "observer": "spectator" }),
        );
        assert_eq!(after, view, "{game}: asking a bot plays nothing");
        let idle = (0..4)
            .map(|s| json!(s))
            .find(|s| !view["status"]["to_act"].as_array().unwrap().contains(s))
            .unwrap();
        if idle.as_u64().unwrap() < 2 {
            let answer = ok(
                &mut server,
                json!({ "op": "bot", "game_id": "g1", "seat": idle }),
            );
            assert_eq!(answer["action"], Value::Null, "{game}: a seat not to act");
            assert_eq!(answer["bot"], "ismcts:1000", "the default bot");
        }
    }
}

/// Issue 12: in a simultaneous phase (Monjan's edit turn) the bot of one seat decides
/// without the other seats' moves of the phase: its answer is the same before and after
/// another seat has moved.
#[test]
fn issue_12_bot_request_never_sees_other_seats_pending_moves() {
    let mut server = server();
    ok(
        &mut server,
        json!({ "op": "create", "game": "monjan", "seed": 5 }),
    );
    let seats = play_to_simultaneous_phase(&mut server, "g1", 20);
    let (first, second) = (seats[0].clone(), seats[1].clone());
    let asks: Vec<Value> = (0..6)
        .map(|seed| json!({ "op": "bot", "game_id": "g1", "seat": second, "bot": "ismcts:300", "seed": seed }))
        .collect();
    let before: Vec<Value> = asks
        .iter()
        .map(|ask| ok(&mut server, ask.clone()))
        .collect();
    for _ in 0..3 {
        let legal = ok(
            &mut server,
            json!({ "op": "legal", "game_id": "g1", "seat": first }),
        );
        let last = legal["actions"].as_array().unwrap().len() - 1;
        if last == 0 {
            break;
        }
        // Not the pass that ends the seat's part: keep the phase open.
        ok(
            &mut server,
            json!({ "op": "act", "game_id": "g1", "seat": first, "index": last / 2 }),
        );
    }
    for (ask, before) in asks.into_iter().zip(before) {
        let after = ok(&mut server, ask);
        assert_eq!(after["action"], before["action"], "{before} then {after}");
        assert_eq!(after["label"], before["label"]);
    }
}

/// Issue 12 and issue 10 (bounded cost): `bot` refuses unknown bots and searches that could
/// hold the server for more than a fraction of a second, with `invalid_bot`; the costliest
/// accepted searches answer within a second.
#[test]
fn issue_12_bot_request_bounds_the_search() {
    let mut server = server();
    ok(
        &mut server,
        json!({ "op": "create", "game": "monjan", "seed": 5 }),
    );
    for bot in [
        json!("clever"),
        json!("ismcts:2001"),
        json!("ismcts:501ms"),
        json!("ismcts:10:depth=end"),
        json!(7),
    ] {
        let request = json!({ "op": "bot", "game_id": "g1", "seat": 0, "bot": bot });
        let kind = error_kind(&mut server, &request);
        let expected = if bot.is_string() {
            "invalid_bot"
        } else {
            "malformed"
        };
        assert_eq!(kind, expected, "{bot}");
    }
    play_to_simultaneous_phase(&mut server, "g1", 20);
    for bot in ["ismcts:2000", "ismcts:500ms", "ismcts:4:depth=end"] {
        let started = std::time::Instant::now();
        ok(
            &mut server,
            json!({ "op": "bot", "game_id": "g1", "seat": 0, "bot": bot }),
        );
        let took = started.elapsed();
        println!("{bot}: {took:?}");
        assert!(
            took < std::time::Duration::from_secs(1),
            "{bot} took {took:?}"
        );
    }
}
