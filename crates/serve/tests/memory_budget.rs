//! Issue 10 finding 4: the open games share a memory budget. Games with 4,000-card custom
//! card sets are opened until the budget refuses one with `memory_budget`; the server's
//! estimate stays within the budget, the process really grew by about the estimate, and
//! every reply came quickly. (A test binary of its own: it measures the process's memory.)
//!
//! Games of one configuration may share their rules (the engines keep the last rules they
//! built on a thread), so the estimate is the worst case: the test alternates two card sets,
//! which defeats that sharing, and checks the process grew by about the estimate.

mod common;

use fuda_serve::Server;
use serde_json::{json, Value};
use std::time::Duration;

/// The process's resident memory in bytes (Linux; `None` elsewhere).
fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// A Creature Clash! card set of about 4,000 cards: the sample set's cards, copied.
fn large_set(name: &str) -> Value {
    let sample: Value =
        serde_json::from_str(include_str!("../../creature-clash/src/data/sample.json")).unwrap();
    let base = sample["cards"].as_array().unwrap();
    let mut cards = Vec::new();
    for copy in 0..39 {
        for card in base {
            let mut card = card.clone();
            let id = format!("{}_{copy}", card["id"].as_str().unwrap());
            card["id"] = id.into();
            cards.push(card);
        }
    }
    json!({ "name": name, "cards": cards })
}

#[test]
fn issue_10_finding_4_memory_budget_refuses_games_beyond_it() {
    const BUDGET: usize = 128 << 20;
    let mut server = Server::builder()
        .game::<fuda_creature_clash::CreatureClash>()
        .memory_budget(BUDGET)
        .build();
    let creates = ["large", "large too"].map(|name| {
        json!({ "op": "create", "game": "creature-clash", "seed": 1,
            "config": { "card_set": { "custom": large_set(name) } } })
        .to_string()
    });
    let create = &creates[0];
    println!("one create line: {} KB", create.len() / 1024);

    // The engine's own share of a create: reading the configuration and dealing.
    let config_text = json!({ "card_set": { "custom": large_set("large") } }).to_string();
    let ((), engine) = common::cost(|| {
        let config: <fuda_creature_clash::CreatureClash as fuda_core::Game>::Config =
            serde_json::from_str(&config_text).unwrap();
        let state =
            <fuda_creature_clash::CreatureClash as fuda_core::Game>::new_game(&config, 1).unwrap();
        drop(state);
    });
    println!(
        "the engine reads the configuration and deals in {:.1} ms",
        engine.as_secs_f64() * 1e3
    );
    let before = resident_bytes();
    let mut costs = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut opened = 0;
    let mut refused = None;
    for i in 0..300 {
        let (reply, spent) = common::cost(|| server.handle_line(&creates[i % 2]));
        let reply: Value = serde_json::from_str(&reply).unwrap();
        slowest = slowest.max(spent);
        costs.push(spent);
        if reply["ok"] == true {
            opened += 1;
        } else {
            refused = Some(reply);
            break;
        }
    }
    let after = resident_bytes();
    let estimate = server.used_bytes();
    costs.sort();
    println!(
        "create: median {:.1} ms, slowest {:.1} ms",
        costs[costs.len() / 2].as_secs_f64() * 1e3,
        slowest.as_secs_f64() * 1e3
    );
    let refused = refused.expect("the budget refuses a game before 300 are open");
    assert_eq!(refused["error"]["kind"], "memory_budget", "{refused}");
    assert!(
        estimate <= BUDGET,
        "estimate {estimate} over the budget {BUDGET}"
    );
    println!(
        "{opened} games open, estimated {:.1} MB ({:.2} MB a game), refused: {}",
        estimate as f64 / 1e6,
        estimate as f64 / 1e6 / opened as f64,
        refused["error"]["message"]
    );
    if let (Some(before), Some(after)) = (before, after) {
        let grown = after.saturating_sub(before);
        let ratio = grown as f64 / estimate as f64;
        println!(
            "resident memory grew {:.1} MB: {ratio:.2} times the estimate",
            grown as f64 / 1e6
        );
        assert!(
            (0.5..=2.0).contains(&ratio),
            "the estimate is not honest: the process grew {grown} bytes for an estimate of {estimate}"
        );
    }
    assert!(
        slowest < Duration::from_millis(100),
        "creating a game with 4,000 cards took {slowest:?}"
    );

    // Closing a game makes room again.
    let closed: Value =
        serde_json::from_str(&server.handle_line(r#"{"op":"close","game_id":"g1"}"#)).unwrap();
    assert_eq!(closed["ok"], true);
    let reply: Value = serde_json::from_str(&server.handle_line(create)).unwrap();
    assert_eq!(reply["ok"], true, "{reply:.300}");
}
