//! A position that offers hundreds of thousands of legal actions: a Monjan custom card set
//! whose Escort skill costs two mana cards of the player's choice, and a player with 600
//! mana cards in each column (a `create` request can carry such a position). Every pair
//! of mana cards, times every target, is a legal action: about 876,000 of them.
//!
//! No reply may grow with that number: `legal` lists one page, `act` by index and the
//! bots answer within a fraction of a second, and every reply stays small.

mod common;

use fuda_core::Seat;
use fuda_monjan::{CardSet, Col, Config, Scenario, Start};
use fuda_serve::{Server, LEGAL_PAGE_MAX, MAX_BOT_LISTED_ACTIONS};
use serde_json::{json, Value};
use std::time::Duration;

/// Mana cards per column.
const MANA_PER_COLUMN: usize = 600;

/// The slowest `legal` or `act` reply (the listing alone takes about 40 ms here).
const REPLY_BUDGET: Duration = Duration::from_millis(250);

/// The slowest `bot` reply: a fraction of a second.
const BOT_BUDGET: Duration = Duration::from_millis(750);

/// The position, as the `position` of a `create` request.
fn huge_position() -> Value {
    let text = include_str!("../../monjan/src/data/sample.json");
    let mut set: Value = serde_json::from_str(text).unwrap();
    let cards = set["cards"].as_array_mut().unwrap();
    let escort = cards
        .iter_mut()
        .find(|c| c["id"] == "dt_jabberwock_escort")
        .expect("the sample set has the Escort");
    escort["skills"][0]["cost"] = json!({ "discard_any_mana": 2 });
    for i in 0..MANA_PER_COLUMN * 3 {
        cards.push(json!({
            "kind": "number", "id": format!("n_x{i}"), "attribute": "water", "number": 6 + i % 3
        }));
    }
    let mut config = Config::for_players(2);
    config.card_set = Some(CardSet::from_json(&set.to_string()).unwrap());
    let mut scenario = Scenario::new(&config, 1).unwrap();
    scenario.start(Start::Edit).round(3);
    scenario
        .defense(Seat(0), Col::M, "n_water_12")
        .defense(Seat(1), Col::M, "n_water_11");
    scenario
        .extra(Seat(0), "de_jabberwock")
        .hand(Seat(0), &["dt_jabberwock_escort"]);
    for (k, col) in [Col::L, Col::M, Col::R].into_iter().enumerate() {
        let ids: Vec<String> = (0..MANA_PER_COLUMN)
            .map(|i| format!("n_x{}", k * MANA_PER_COLUMN + i))
            .collect();
        let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
        scenario.mana(Seat(0), col, &ids);
    }
    serde_json::to_value(&scenario).unwrap()
}

/// Sends `request`; returns the result, the reply's size and its cost.
fn send(server: &mut Server, request: Value) -> (Value, usize, Duration) {
    let (reply, spent) = common::cost(|| server.handle_line(&request.to_string()));
    let parsed: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(parsed["ok"], true, "{request:.200}: {reply:.300}");
    (parsed["result"].clone(), reply.len(), spent)
}

/// Issue 10 (bounded cost), found under issue 14: a position offering about 876,000 legal
/// actions costs each request a bounded time and reply.
#[test]
fn a_position_with_a_huge_legal_list_costs_bounded_replies() {
    let mut server = Server::builder().game::<fuda_monjan::Monjan>().build();
    let (created, _, _) = send(
        &mut server,
        json!({ "op": "create", "game": "monjan", "position": huge_position() }),
    );
    let id = created["game_id"].as_str().unwrap().to_string();
    let mut report = Vec::new();

    let (legal, bytes, spent) = send(
        &mut server,
        json!({ "op": "legal", "game_id": id, "seat": 0 }),
    );
    let count = legal["count"].as_u64().unwrap() as usize;
    assert!(count > 500_000, "the position offers {count} actions");
    assert_eq!(legal["actions"].as_array().unwrap().len(), LEGAL_PAGE_MAX);
    report.push(("legal (first page)", bytes, spent, REPLY_BUDGET));

    let (last, bytes, spent) = send(
        &mut server,
        json!({ "op": "legal", "game_id": id, "seat": 0, "offset": count - 1 }),
    );
    assert_eq!(last["actions"][0]["index"], count - 1);
    report.push(("legal (last page)", bytes, spent, REPLY_BUDGET));

    for bot in ["greedy", "ismcts:2000", "ismcts:500ms", "random"] {
        let (answer, bytes, spent) = send(
            &mut server,
            json!({ "op": "bot", "game_id": id, "seat": 0, "bot": bot, "seed": 5 }),
        );
        assert!(answer["action"].is_object(), "{bot}: {answer}");
        report.push((bot, bytes, spent, BOT_BUDGET));
    }

    let (_, bytes, spent) = send(
        &mut server,
        json!({ "op": "act", "game_id": id, "seat": 0, "index": count - 1 }),
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
