//! A position offering as many legal actions as a position may: Creature Clash! at 6
//! players, the attacker holding a hand of `MAX_HAND` cards (61 parts and the 3 RABIES
//! of the sample set, which may be played at once). Every FRONT × MIDDLE × BACK it can
//! build, against each of 5 opponents, with or without each RABIES, is a legal action:
//! about 160,000 of them.
//!
//! No reply may grow with that number: `legal` lists one page, `act` by index and the
//! bots answer within a fraction of a second, and every reply stays small.

use fuda_creature_clash::{Scenario, Seat, MAX_HAND};
use fuda_serve::{Server, LEGAL_PAGE_MAX, MAX_BOT_LISTED_ACTIONS};
use serde_json::{json, Value};
use std::time::Duration;

/// The slowest `legal` or `act` reply.
const REPLY_BUDGET: Duration = Duration::from_millis(100);

/// The slowest `bot` reply: a fraction of a second.
const BOT_BUDGET: Duration = Duration::from_millis(750);

/// The position, as the `position` of a `create` request.
fn huge_position() -> Value {
    let file: Value =
        serde_json::from_str(include_str!("../../../creature-clash/src/data/sample.json")).unwrap();
    let ids = |kind: &str| -> Vec<String> {
        file["cards"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] == kind)
            .map(|c| c["id"].as_str().unwrap().to_string())
            .collect()
    };
    let mut hand = ids("rabies");
    let parts = ids("part");
    hand.extend(parts.into_iter().take(MAX_HAND - hand.len()));
    let hand: Vec<&str> = hand.iter().map(String::as_str).collect();
    let scenario = Scenario::new(6)
        .configure(|c| c.rabies_requires_prior_win = false)
        .hand(Seat(1), &hand)
        .active(Seat(1))
        .at_main();
    serde_json::from_str(&scenario.to_json()).unwrap()
}

/// Sends `request`; returns the result, the reply's size and its cost.
fn send(server: &mut Server, request: Value) -> (Value, usize, Duration) {
    let (reply, spent) = crate::common::cost(|| server.handle_line(&request.to_string()));
    let parsed: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(parsed["ok"], true, "{request:.200}: {reply:.300}");
    (parsed["result"].clone(), reply.len(), spent)
}

/// Issue 10 (bounded cost), found under issue 14: a position offering about 160,000 legal
/// actions costs each request a bounded time and reply.
#[test]
fn a_position_with_a_huge_legal_list_costs_bounded_replies() {
    let mut server = Server::builder()
        .game::<fuda_creature_clash::CreatureClash>()
        .build();
    let (created, _, _) = send(
        &mut server,
        json!({ "op": "create", "game": "creature-clash", "position": huge_position() }),
    );
    let id = created["game_id"].as_str().unwrap().to_string();
    let mut report = Vec::new();

    let (legal, bytes, spent) = send(
        &mut server,
        json!({ "op": "legal", "game_id": id, "seat": 1 }),
    );
    let count = legal["count"].as_u64().unwrap() as usize;
    println!("the position offers {count} actions");
    assert!(count > 100_000, "the position offers {count} actions");
    assert_eq!(legal["actions"].as_array().unwrap().len(), LEGAL_PAGE_MAX);
    report.push(("legal (first page)", bytes, spent, REPLY_BUDGET));

    let (last, bytes, spent) = send(
        &mut server,
        json!({ "op": "legal", "game_id": id, "seat": 1, "offset": count - 1 }),
    );
    assert_eq!(last["actions"][0]["index"], count - 1);
    report.push(("legal (last page)", bytes, spent, REPLY_BUDGET));

    for bot in ["greedy", "ismcts:2000", "ismcts:500ms", "random"] {
        let (answer, bytes, spent) = send(
            &mut server,
            json!({ "op": "bot", "game_id": id, "seat": 1, "bot": bot, "seed": 5 }),
        );
        assert!(answer["action"].is_object(), "{bot}: {answer}");
        report.push((bot, bytes, spent, BOT_BUDGET));
    }

    let (_, bytes, spent) = send(
        &mut server,
        json!({ "op": "act", "game_id": id, "seat": 1, "index": count - 1 }),
    );
    report.push(("act by the last index", bytes, spent, REPLY_BUDGET));

    for (what, bytes, spent, budget) in &report {
        println!(
            "{what}: {bytes} bytes in {:.1} ms",
            spent.as_secs_f64() * 1e3
        );
        assert!(*bytes < 1 << 20, "{what}: a {bytes}-byte reply");
        assert!(
            spent <= budget,
            "{what}: {:.0} ms, more than {} ms (bot searches list at most {MAX_BOT_LISTED_ACTIONS} actions)",
            spent.as_secs_f64() * 1e3,
            budget.as_millis()
        );
    }
}
