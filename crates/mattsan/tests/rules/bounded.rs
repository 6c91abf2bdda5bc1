//! Bounded cost for every input (issue 10): the game-length bound (MS-D5), actions that
//! refuse unknown fields, card-set and configuration errors that cost one read of their
//! input, counters that saturate, and loaded states whose sizes and pending decision are
//! checked.

use crate::common::*;
use fuda_mattsan::*;
use std::time::{Duration, Instant};

/// Plays the always-first-legal-action policy (every seat) until the game ends or
/// `limit` actions; returns the number of actions taken.
fn first_legal_playout(mut s: State, limit: usize) -> (State, usize) {
    let mut n = 0;
    while s.outcome().is_none() && n < limit {
        let actions = legal_actions(&s);
        assert!(!actions.is_empty(), "a game in progress has a legal action");
        apply_in_place(&mut s, &actions[0]).unwrap();
        n += 1;
    }
    (s, n)
}

/// A 60-card list from the sample set (every card up to its limit, in set order).
fn sixty() -> Vec<String> {
    let set = CardSet::sample();
    let mut out = Vec::new();
    for def in set.defs() {
        for _ in 0..def.deck_limit().min(3) {
            if out.len() < 60 {
                out.push(def.id().to_string());
            }
        }
    }
    out
}

/// A card set with a unit that returns itself to hand when it turns face-up: a
/// first-legal-action player places and flips it for ever.
fn boomerang_config() -> Config {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    file["cards"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "card_type": "unit", "id": "boomerang", "name_en": "Boomerang", "max_hp": 2,
            "atk": 1, "def": 1, "soul": 0,
            "abilities": [{"trigger": "on_face_up", "effect": [{"return_to_hand": {"sel": "this"}}]}]
        }));
    let set: CardSet = serde_json::from_value(file).unwrap();
    let mut a = set.deck("a").unwrap().to_vec();
    for _ in 0..3 {
        let i = a.iter().position(|c| c == "iron_guard").unwrap();
        a[i] = "boomerang".into();
    }
    let mut c = Config::with_decks(DeckChoice::List(a.clone()), DeckChoice::List(a));
    c.card_set = CardSetChoice::Custom(set);
    c
}

/// MS-D5, MS-7.7: with the default bound on, the always-first-legal-action policy ends
/// every game — with the defaults, with extreme legal options, and with a custom card
/// that would loop within a turn — within `max_actions` actions.
#[test]
fn ms_d5_every_configuration_ends_within_the_bound() {
    let defaults = Config::default();
    assert_eq!(
        defaults.max_actions,
        Some(10_000),
        "the bound is on by default"
    );
    let mut extreme = Config::with_decks(DeckChoice::List(sixty()), DeckChoice::List(sixty()));
    extreme.deck_size = 60;
    extreme.opening_hand = 1;
    extreme.mulligan_on_no_unit = false;
    extreme.soul_charge_per_turn = 5;
    extreme.base_bench_capacity = 8;
    extreme.setup_bench_max = 8;
    extreme.battle_action_required = false;
    extreme.refill_from_hand = true;
    extreme.first_player_skips_first_draw = false;
    extreme.dice_sides = 20;
    let twelve: Vec<String> = sixty()[..36].iter().step_by(3).cloned().collect();
    let small = Config {
        max_copies: 1,
        deck_size: 12,
        opening_hand: 12,
        decks: [DeckChoice::List(twelve.clone()), DeckChoice::List(twelve)],
        ..Config::default()
    };
    let mut looping = boomerang_config();
    for (config, loops) in [
        (defaults, false),
        (extreme, false),
        (small, false),
        (looping.clone(), true),
    ] {
        let bound = config.max_actions.unwrap() as usize;
        for seed in 0..4 {
            let s = new_game(&config, seed).unwrap();
            let (s, n) = first_legal_playout(s, bound + 1);
            assert!(s.outcome().is_some(), "seed {seed}: the game ended");
            assert!(n <= bound, "seed {seed}: {n} actions, bound {bound}");
            if loops {
                assert_eq!(n, bound, "only the bound ends the looping game");
                assert_eq!(s.outcome(), Some(&Outcome::Draw), "the bound is a draw");
            }
        }
    }
    // The bound is a configuration value; a smaller one ends the game sooner.
    looping.max_actions = Some(50);
    let (s, n) = first_legal_playout(new_game(&looping, 1).unwrap(), 100);
    assert_eq!((n, s.outcome()), (50, Some(&Outcome::Draw)));
    looping.max_actions = Some(0);
    assert!(
        matches!(new_game(&looping, 1), Err(Error::Config { field, .. }) if field == "max_actions")
    );
}

/// Issue 10 finding 6: actions refuse unknown fields, at the top and inside a choice.
#[test]
fn actions_refuse_unknown_fields() {
    let ok: Action = serde_json::from_str(r#"{"seat":1,"choice":"pass"}"#).unwrap();
    assert_eq!(ok, Action::new(P1, Choice::Pass));
    for bad in [
        r#"{"seat":1,"choice":"pass","extra":0}"#,
        r#"{"seat":0,"choice":{"place_unit":{"card":1,"bench":0,"face_up":true,"x":1}}}"#,
        r#"{"seat":0,"choice":{"swap":{"bench":0,"loc":"battlefield"}}}"#,
    ] {
        let err = serde_json::from_str::<Action>(bad).unwrap_err().to_string();
        assert!(err.contains("unknown field"), "{bad}: {err}");
    }
}

fn generous() -> Duration {
    // Issue 10's bound is for an optimised build; a debug build gets ten times as long.
    Duration::from_millis(if cfg!(debug_assertions) { 1_000 } else { 100 })
}

/// Issue 10 finding 1: a card with one mistyped field and 16,000 unknown keys is refused
/// in milliseconds, through the card-set loader and through a configuration, with an
/// error that names the card and stays short.
#[test]
fn card_set_error_path_is_linear() {
    let mut card = serde_json::json!({
        "card_type": "unit", "id": "slow", "name_en": "Slow", "max_hp": "four",
        "atk": 1, "def": 1, "soul": 1
    });
    for k in 0..16_000 {
        card[format!("unknown_key_{k:05}")] = serde_json::json!(k);
    }
    let set = serde_json::json!({ "cards": [card] });
    let text = serde_json::to_string(&set).unwrap();
    assert!(text.len() > 230_000);
    let start = Instant::now();
    let err = CardSet::from_json(&text).unwrap_err();
    let took = start.elapsed();
    assert!(took < generous(), "card set refused in {took:?}");
    assert!(
        matches!(&err, CardSetError::BadCard { id, .. } if id == "slow"),
        "{err}"
    );
    assert!(err.to_string().len() < 600, "the error stays short: {err}");
    let config = format!(r#"{{"card_set": {{"custom": {text}}}}}"#);
    let start = Instant::now();
    let err = serde_json::from_str::<Config>(&config).unwrap_err();
    let took = start.elapsed();
    assert!(took < generous(), "configuration refused in {took:?}");
    assert!(err.to_string().contains("slow"), "{err}");
    // A configuration with 16,000 unknown keys is refused at the first one.
    let mut c = serde_json::json!({});
    for k in 0..16_000 {
        c[format!("k{k:05}")] = serde_json::json!(k);
    }
    let start = Instant::now();
    assert!(serde_json::from_value::<Config>(c).is_err());
    assert!(start.elapsed() < generous());
}

/// Issue 10: card sets whose sizes would overflow the engine's indices are refused by
/// name (costs, effect parts, chosen targets, names).
#[test]
fn card_set_sizes_are_bounded() {
    let costs: Vec<_> = (0..9)
        .map(|_| serde_json::json!({"discard_cost": 1}))
        .collect();
    let err = CardSet::from_json(
        &serde_json::json!({"cards": [{"card_type": "trump", "id": "t", "name_en": "T",
            "cost": costs, "effect": []}]})
        .to_string(),
    )
    .unwrap_err();
    assert!(
        matches!(&err, CardSetError::BadCard { field, .. } if field == "cost"),
        "{err}"
    );
    let heals: Vec<_> = (0..40)
        .map(|_| serde_json::json!({"heal": {"sel": "choose_ally", "amount": {"n": 1}}}))
        .collect();
    let err = CardSet::from_json(
        &serde_json::json!({"cards": [{"card_type": "trump", "id": "t", "name_en": "T",
            "effect": heals}]})
        .to_string(),
    )
    .unwrap_err();
    assert!(
        matches!(&err, CardSetError::BadCard { field, .. } if field == "effect"),
        "{err}"
    );
    let long = "x".repeat(5_000);
    let err = CardSet::from_json(
        &serde_json::json!({"cards": [{"card_type": "unit", "id": long, "name_en": "L",
            "max_hp": 1, "atk": 1, "def": 1, "soul": 1}]})
        .to_string(),
    )
    .unwrap_err();
    assert!(err.to_string().len() < 600, "{err}");
}

/// Issue 10 finding 8: counters play can grow saturate instead of overflowing (the
/// fuzzer runs with debug assertions, where an overflow panics): EX counters on an
/// `ex_reusable` super special, the action count with the bound off.
#[test]
fn counters_saturate() {
    let s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .configure(|c| c.max_actions = None)
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("twin_fang").ex(255))
        .hand(P0, &["quick_draw"])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let mut v = serde_json::to_value(&s).unwrap();
    v["game"]["actions"] = serde_json::json!(u32::MAX);
    let mut s: State = serde_json::from_value(v).unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert_eq!(s.occupant(P0, Loc::Battlefield).unwrap().ex, 255);
    let v = serde_json::to_value(&s).unwrap();
    assert_eq!(v["game"]["actions"], serde_json::json!(u32::MAX));
}

/// Issue 10: a loaded state is checked — a pending decision the stack does not ask for,
/// or lists longer than play can make, are refused with `invalid_state`, never a panic.
#[test]
fn loaded_states_are_checked() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let text = serde_json::to_string(&s).unwrap();
    let load = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        f(&mut v);
        serde_json::from_value::<State>(v).map_err(|e| e.to_string())
    };
    assert!(load(&|_| {}).is_ok());
    for (what, edit) in [
        (
            "a refill with a full battlefield",
            &(|v: &mut serde_json::Value| {
                v["game"]["pending"] = serde_json::json!({"decision": "refill", "seat": 1})
            }) as &dyn Fn(&mut serde_json::Value),
        ),
        (
            "a main step for the other seat",
            &|v: &mut serde_json::Value| {
                v["game"]["pending"] = serde_json::json!({"decision": "main", "seat": 1})
            },
        ),
        (
            "a response without a window",
            &|v: &mut serde_json::Value| {
                v["game"]["pending"] = serde_json::json!({"decision": "respond", "seat": 1,
                "window": {"kind": "attack_declared", "seat": 0}})
            },
        ),
        ("too many tasks", &|v: &mut serde_json::Value| {
            v["game"]["tasks"] =
                serde_json::json!(vec![serde_json::json!({"task": "checkpoint"}); 10_001])
        }),
        ("too many forced outcomes", &|v: &mut serde_json::Value| {
            v["game"]["rng"]["forced"] =
                serde_json::json!(vec![serde_json::json!({"die": 1}); 5_000])
        }),
        (
            "more actions than the bound",
            &|v: &mut serde_json::Value| v["game"]["actions"] = serde_json::json!(20_000),
        ),
    ] {
        let err = load(edit).unwrap_err();
        assert!(err.contains("invalid state"), "{what}: {err}");
    }
}
