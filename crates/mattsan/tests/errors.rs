//! Bad input never panics and never half-changes the state: illegal actions, a seat that
//! may not act, malformed or tampered state JSON, invalid card sets, decks and
//! configurations each give a typed error naming the problem.

mod common;
use common::*;
use fuda_mattsan::*;

#[test]
fn illegal_actions_are_refused_without_change() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .hand(P0, &["fireball"])
        .build()
        .unwrap();
    let mut t = s.clone();
    let err = try_act(&mut t, P1, Choice::Attack).unwrap_err();
    assert!(matches!(err, Error::NotToAct { seat: P1, .. }), "{err}");
    let err = try_act(&mut t, Seat(7), Choice::Attack).unwrap_err();
    assert!(matches!(err, Error::NotToAct { .. }), "{err}");
    let err = try_act(
        &mut t,
        P0,
        Choice::PlaceUnit {
            card: CardId(999),
            bench: 0,
            face_up: true,
        },
    )
    .unwrap_err();
    assert!(
        matches!(err, Error::CardNotInHand { card: 999, .. }),
        "{err}"
    );
    let f = in_hand(&t, P0, "fireball");
    let err = try_act(&mut t, P0, Choice::UseTrump { card: f }).unwrap_err();
    assert!(matches!(err, Error::SoulCharge { .. }), "{err}");
    let err = try_act(&mut t, P0, Choice::Pass).unwrap_err();
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");
    assert_eq!(t, s, "unchanged");
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(json["kind"], "wrong_decision");
}

#[test]
fn finished_game_refuses_everything() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("old_sage").damage(1))
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    assert!(s.outcome().is_some());
    assert_eq!(
        try_act(&mut s, P0, Choice::EndTurn).unwrap_err(),
        Error::GameOver
    );
}

#[test]
fn malformed_and_tampered_state_json() {
    let s = new_game(&Config::default(), 4).unwrap();
    let text = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
    assert!(serde_json::from_str::<State>("{").is_err());
    assert!(serde_json::from_str::<State>("{\"config\":{}}").is_err());
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    // A card twice.
    let first = v["game"]["players"][0]["hand"][0].clone();
    v["game"]["players"][0]["hand"]
        .as_array_mut()
        .unwrap()
        .push(first);
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(err.contains("two places"), "{err}");
    // A card of the other player.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let h0 = v["game"]["players"][0]["hand"][0].clone();
    let h1 = v["game"]["players"][1]["hand"][0].clone();
    v["game"]["players"][0]["hand"][0] = h1;
    v["game"]["players"][1]["hand"][0] = h0;
    assert!(serde_json::from_value::<State>(v).is_err());
    // An unknown field, an out-of-range seat.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["game"]["active"] = serde_json::json!(5);
    assert!(serde_json::from_value::<State>(v).is_err());
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["game"]["bogus"] = serde_json::json!(1);
    assert!(serde_json::from_value::<State>(v).is_err());
}

/// MS-A1, MS-3.1, §12: card fields; bad card sets name the card and the field.
#[test]
fn ms_a1_invalid_card_sets_name_card_and_field() {
    let err = CardSet::from_json(
        r#"{"cards":[{"card_type":"unit","id":"x","name_en":"X","max_hp":0,"atk":1,"def":1,"soul":1}]}"#,
    )
    .unwrap_err();
    assert_eq!(
        err,
        CardSetError::BadCard {
            index: 0,
            id: "x".into(),
            field: "max_hp".into(),
            message: "0 is out of range 1..=999".into()
        }
    );
    let err = CardSet::from_json(
        r#"{"cards":[{"card_type":"trump","id":"t","name_en":"T","effect":[{"bench_capacity":{"delta":1}}]}]}"#,
    )
    .unwrap_err();
    assert!(
        matches!(&err, CardSetError::BadCard { id, field, .. } if id == "t" && field == "effect"),
        "{err}"
    );
    let err = CardSet::from_json(r#"{"cards":[{"card_type":"spell","id":"s","name_en":"S"}]}"#)
        .unwrap_err();
    assert!(
        matches!(&err, CardSetError::BadCard { id, .. } if id == "s"),
        "{err}"
    );
    assert!(CardSet::from_json("[").is_err());
    assert!(CardSet::from_json(r#"{"cards":[]}"#).is_err());
    let set = CardSet::sample();
    let types: Vec<CardType> = set.defs().iter().map(CardDef::card_type).collect();
    for t in [
        CardType::Unit,
        CardType::Trump,
        CardType::Trap,
        CardType::Terrain,
    ] {
        assert!(types.contains(&t));
    }
    let back: CardSet = serde_json::from_str(&serde_json::to_string(&set).unwrap()).unwrap();
    assert_eq!(back, set);
}

#[test]
fn out_of_range_config() {
    let bad = |f: fn(&mut Config)| {
        let mut c = Config::default();
        f(&mut c);
        new_game(&c, 1).unwrap_err()
    };
    assert!(
        matches!(bad(|c| c.base_bench_capacity = 0), Error::Config { field, .. } if field == "base_bench_capacity")
    );
    assert!(
        matches!(bad(|c| c.dice_sides = 1), Error::Config { field, .. } if field == "dice_sides")
    );
    assert!(
        matches!(bad(|c| c.max_turns = Some(0)), Error::Config { field, .. } if field == "max_turns")
    );
    assert!(matches!(
        bad(|c| c.decks[1] = DeckChoice::Named("zz".into())),
        Error::Deck { seat: Seat(1), .. }
    ));
    assert!(
        matches!(bad(|c| c.terrain_enabled = false), Error::Deck { .. }),
        "sample decks hold terrains"
    );
    assert!(serde_json::from_str::<Config>(r#"{"bogus": 1}"#).is_err());
    let c: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(c, Config::default());
}

#[test]
fn scenario_errors() {
    let err = Scenario::new().build().unwrap_err();
    assert!(matches!(err, Error::Scenario { .. }), "{err}");
    let err = Scenario::new()
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("dice_gambler"), "{err}");
}
