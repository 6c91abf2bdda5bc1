//! Bounded cost for every input (issue 10): the card-set error path is linear, one action
//! does bounded work with any card set (CC-D2), every configuration ends (CC-A23), actions
//! refuse unknown fields.

use crate::common::*;
use fuda_core::{Conformance, Game};
use fuda_creature_clash::{
    apply_in_place, legal_actions, new_game, Action, CardSet, CardSetChoice, Choice, Config,
    CreatureClash, EndOfTurnAdjust, Event, Outcome, DEFAULT_TURN_LIMIT,
};
use std::time::{Duration, Instant};

/// The bound a timed step must keep: 100 ms in an optimised build, ten times that with
/// debug assertions (an unoptimised test build).
fn budget() -> Duration {
    Duration::from_millis(if cfg!(debug_assertions) { 1000 } else { 100 })
}

/// One card definition with a mistyped field and `keys` unknown keys (a 230 KB line for
/// 16,000 keys).
fn hostile_card(keys: usize) -> serde_json::Value {
    let mut card = serde_json::json!({
        "id": "x_f", "kind": "part", "animal": "x", "position": "front",
        "power": 3, "fragment": 5, "name_en": "X"
    });
    let map = card.as_object_mut().unwrap();
    for k in 0..keys {
        map.insert(format!("zz_unknown_{k:05}"), serde_json::json!(k));
    }
    card
}

/// Issue 10 finding 1: a card with one mistyped field and 16,000 unknown keys is refused in
/// milliseconds (it took 64 s), naming the card and a field; so is a configuration that
/// carries it in a custom set.
#[test]
fn card_set_error_path_is_linear() {
    let set = serde_json::json!({"name": "hostile", "cards": [hostile_card(16_000)]}).to_string();
    assert!(set.len() > 200_000);
    let start = Instant::now();
    let err = CardSet::from_json(&set).unwrap_err();
    let took = start.elapsed();
    assert!(took < budget(), "the card set took {took:?}");
    let text = err.to_string();
    assert!(
        text.contains("x_f") && text.contains("`fragment`"),
        "{text}"
    );

    let config = serde_json::json!({
        "num_players": 2,
        "card_set": {"custom": {"name": "hostile", "cards": [hostile_card(16_000)]}}
    })
    .to_string();
    let start = Instant::now();
    let err = serde_json::from_str::<Config>(&config)
        .unwrap_err()
        .to_string();
    let took = start.elapsed();
    assert!(took < budget(), "the configuration took {took:?}");
    assert!(err.contains("`fragment`"), "{err}");

    // Only unknown keys: serde names the first at once.
    let mut card = hostile_card(16_000);
    card["fragment"] = "X".into();
    let set = serde_json::json!({"cards": [card]}).to_string();
    let start = Instant::now();
    let err = CardSet::from_json(&set).unwrap_err().to_string();
    assert!(start.elapsed() < budget());
    assert!(err.contains("zz_unknown_00000"), "{err}");
}

/// The worst card set for the work of one action: 4,096 cards (the limit), all but the 42
/// parts six hands need being BERSERK!.
fn berserk_flood() -> CardSet {
    let mut cards = Vec::new();
    for k in 0..14 {
        for (suffix, position) in [("f", "front"), ("m", "middle"), ("b", "back")] {
            cards.push(serde_json::json!({
                "id": format!("a{k}_{suffix}"), "kind": "part", "animal": format!("a{k}"),
                "position": position, "power": 1 + k % 10, "fragment": "A", "name_en": "A"
            }));
        }
    }
    while cards.len() < fuda_creature_clash::MAX_CARDS {
        cards.push(serde_json::json!({
            "id": format!("berserk_{}", cards.len()), "kind": "berserk", "name_en": "BERSERK!"
        }));
    }
    CardSet::from_json(&serde_json::json!({"cards": cards}).to_string()).unwrap()
}

/// Issue 10 finding 2, CC-D2: with 4,054 BERSERK! cards among 4,096, no action (with its
/// events) takes longer than the budget, and a whole game with the first-legal-action
/// policy ends: at most `berserk_battles_per_turn` BERSERK! cards are resolved per turn.
#[test]
fn cc_d2_berserk_flood_keeps_actions_bounded() {
    let set = berserk_flood();
    for (players, min) in [(6u8, 1u8), (6, 2), (2, 1)] {
        let mut config = Config::for_players(players);
        config.card_set = CardSetChoice::Custom(set.clone());
        config.berserk_min_participants = min;
        config.turn_limit = 40;
        let start = Instant::now();
        let mut s = new_game(&config, 9).unwrap();
        assert!(
            start.elapsed() < budget(),
            "the deal took {:?}",
            start.elapsed()
        );
        let mut slowest = Duration::ZERO;
        let mut most_events = 0;
        let mut steps = 0;
        while s.outcome().is_none() {
            let a = legal_actions(&s)[0].clone();
            let start = Instant::now();
            let events = apply_in_place(&mut s, &a).unwrap();
            slowest = slowest.max(start.elapsed());
            most_events = most_events.max(events.len());
            let resolved = events
                .iter()
                .filter(|e| matches!(e, Event::BerserkBattle { .. }))
                .count();
            assert!(resolved <= 8, "{resolved} BERSERK! battles in one action");
            steps += 1;
            assert!(steps <= CreatureClash::max_actions(&config), "no end");
        }
        println!("{players} players, min {min}: slowest action {slowest:?}, most events {most_events}, {steps} actions");
        assert!(slowest < budget(), "an action took {slowest:?}");
    }
}

/// CC-D2: beyond `berserk_battles_per_turn` a BERSERK! drawn in the same turn is discarded
/// unfought and the draw goes on; the count starts again next turn.
#[test]
fn cc_d2_berserk_limit_per_turn() {
    let mut g = standard(&P2_NO_BACK, &P3_NO_BACK, &P0_NO_BACK)
        .deck(&["berserk_1", "berserk_2", TURN_CARD])
        .configure(|c| c.berserk_battles_per_turn = 1)
        .build();
    let events = g.act(P1, Choice::DrawForTurn);
    let battles = events
        .iter()
        .filter(|e| matches!(e, Event::BerserkBattle { .. }))
        .count();
    assert_eq!(battles, 1);
    assert!(events.contains(&Event::BerserkLimitReached {
        card: g.id("berserk_2")
    }));
    assert_eq!(g.discards(), strs(&["berserk_1", "berserk_2"]));
    assert!(!events.contains(&Event::ToDiscard {
        cards: vec![g.id("berserk_2")]
    }));
    assert!(g.holds(P1, TURN_CARD), "the replacement draw goes on");
    assert_eq!(g.pending(), fuda_creature_clash::Pending::Main { seat: P1 });
    assert_eq!(Config::default().berserk_battles_per_turn, 8);
}

/// The policy that always takes the first legal action (it redraws every turn, so no
/// Champion is ever made by attacking).
fn first_action_game(config: &Config, seed: u64) -> (usize, fuda_creature_clash::State) {
    let mut s = new_game(config, seed).unwrap();
    let mut steps = 0;
    while s.outcome().is_none() {
        let a: Action = legal_actions(&s)[0].clone();
        apply_in_place(&mut s, &a).unwrap();
        steps += 1;
        assert!(
            steps <= CreatureClash::max_actions(config),
            "{config:?}, seed {seed}: no end after {steps} actions"
        );
    }
    (steps, s)
}

/// CC-A23, CC-4.7, CC-7.3 (issue 10 finding 3): by default every game ends within
/// `turn_limit` = 500 turns, also with the first-legal-action policy and extreme legal
/// configurations (30 Champions to win, six players, a lone participant allowed, only the
/// active player adjusting, the BERSERK!-flooded set); at the limit the most Champions win
/// or, with none, it is a draw.
#[test]
fn cc_a23_default_turn_limit_ends_every_game() {
    assert_eq!(Config::default().turn_limit, DEFAULT_TURN_LIMIT);
    assert_eq!(DEFAULT_TURN_LIMIT, 500);
    let mut configs = Vec::new();
    for n in 2..=6 {
        configs.push(Config::for_players(n));
    }
    let mut c = Config::for_players(4);
    c.champions_to_win = Some(30);
    configs.push(c.clone());
    c.num_players = 6;
    c.berserk_min_participants = 1;
    c.end_of_turn_adjust = EndOfTurnAdjust::ActiveOnly;
    configs.push(c.clone());
    c.card_set = CardSetChoice::Custom(berserk_flood());
    configs.push(c);
    for config in &configs {
        for seed in [1, 2] {
            let (_, s) = first_action_game(config, seed);
            // A BERSERK! Champion may win first (with a lone participant allowed).
            assert!(s.turns_completed() <= DEFAULT_TURN_LIMIT);
            let most = (0..s.num_players())
                .map(|i| s.champions(fuda_creature_clash::Seat(i as u8)).len())
                .max()
                .unwrap();
            match s.outcome().unwrap() {
                Outcome::Draw => assert_eq!(most, 0),
                Outcome::Winners(w) => {
                    assert!(w.iter().all(|p| s.champions(p).len() == most && most > 0))
                }
            }
        }
    }
    // `null` in a file (the old "no limit") reads as the default; out of range is refused.
    let c: Config = serde_json::from_str(r#"{"turn_limit": null}"#).unwrap();
    assert_eq!(c.turn_limit, DEFAULT_TURN_LIMIT);
    let c = Config {
        turn_limit: fuda_creature_clash::MAX_TURN_LIMIT + 1,
        ..Config::default()
    };
    assert!(new_game(&c, 0).is_err());
}

/// Issue 10 finding 6: actions refuse unknown fields, at every level.
#[test]
fn actions_refuse_unknown_fields() {
    for text in [
        r#"{"seat":1,"choice":"redraw","extra":0}"#,
        r#"{"seat":1,"choice":{"discard":{"card":3,"extra":0}}}"#,
        r#"{"seat":1,"choice":{"defend":{"creature":{"front":0,"middle":1,"back":2,"tail":3},"invoke_venom":false}}}"#,
    ] {
        let err = serde_json::from_str::<Action>(text)
            .unwrap_err()
            .to_string();
        assert!(err.contains("unknown field"), "{text}: {err}");
    }
    let ok: Action = serde_json::from_str(r#"{"seat":1,"choice":{"discard":{"card":3}}}"#).unwrap();
    assert_eq!(
        ok.choice,
        Choice::Discard {
            card: fuda_creature_clash::CardId(3)
        }
    );
}

/// Issue 10 (e): a saved state's procedure stack and counters are bounded and checked: a
/// stack of thousands of steps, a per-turn BERSERK! count above the limit, an outcome
/// naming a seat that does not exist, are refused; an adjustment step at the counter's
/// limit plays on without overflow.
#[test]
fn loaded_states_are_bounded() {
    let g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let base = serde_json::to_value(&g.s).unwrap();
    let load = |v: &serde_json::Value| {
        serde_json::from_str::<fuda_creature_clash::State>(&v.to_string())
            .map_err(|e| e.to_string())
    };
    let mut v = base.clone();
    v["tasks"] = serde_json::json!(vec![serde_json::json!({"step": "next_turn"}); 5000]);
    assert!(load(&v).unwrap_err().contains("procedure steps"));
    let mut v = base.clone();
    v["berserks_this_turn"] = serde_json::json!(200);
    assert!(load(&v).unwrap_err().contains("berserk_battles_per_turn"));
    let mut v = base.clone();
    v["outcome"] = serde_json::json!({"winners": [7]});
    v["pending"] = serde_json::json!({"decision": "game_over"});
    assert!(load(&v).is_err());
    let mut v = base;
    v["tasks"] = serde_json::json!([{"step": "adjust", "index": 255}]);
    v["pending"] = serde_json::json!({"decision": "turn_start", "seat": 1});
    let mut s = load(&v).unwrap();
    let a = legal_actions(&s)[0].clone();
    CreatureClash::apply_in_place(&mut s, &a).unwrap();
}

/// Bounded cost (issue 10), CC-3.4: a hand's creatures are every FRONT × MIDDLE × BACK it
/// holds, so a built or loaded hand holds at most `MAX_HAND` cards (the rules keep it
/// near 7). A position with a hand of every part of the sample set is refused by name; a
/// hand of `MAX_HAND` parts at 6 players lists its attacks within the budget.
#[test]
fn cc_3_4_a_hand_beyond_max_hand_is_refused() {
    use fuda_creature_clash::{Scenario, Seat, MAX_HAND};
    let file: serde_json::Value =
        serde_json::from_str(include_str!("../../src/data/sample.json")).unwrap();
    let parts: Vec<String> = file["cards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["kind"] == "part")
        .map(|c| c["id"].as_str().unwrap().to_string())
        .collect();
    assert!(parts.len() > MAX_HAND, "{} parts", parts.len());
    let names: Vec<&str> = parts.iter().map(String::as_str).collect();
    let position = |hand: &[&str]| {
        Scenario::new(6)
            .hand(Seat(1), hand)
            .active(Seat(1))
            .at_main()
            .build()
    };
    let refused = position(&names).unwrap_err().to_string();
    assert!(refused.contains("at most 64"), "{refused}");
    let start = Instant::now();
    let s = position(&names[..MAX_HAND]).unwrap();
    let listed = legal_actions(&s).len();
    assert!(start.elapsed() < budget(), "{listed} actions");
    assert!(listed > 10_000, "{listed} actions");
}
