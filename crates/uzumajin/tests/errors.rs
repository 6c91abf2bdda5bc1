//! Bad input never panics and never half-changes state: illegal actions, seats that may
//! not act, tampered state JSON, invalid card sets and decks, out-of-range configuration.

mod common;
use common::*;

fn mid_game() -> State {
    Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .hand(Seat(0), &["red_imp", "combat_fury"])
        .at_main(Some(2))
        .build()
        .unwrap()
}

/// MJ-5.5: a seat that may not act, or out of range, gets `NotToAct`; the state is
/// unchanged.
#[test]
fn wrong_seat_is_refused_without_change() {
    let s = mid_game();
    for seat in [1u8, 2, 200] {
        let mut t = s.clone();
        let err = apply_in_place(
            &mut t,
            &Action {
                seat: Seat(seat),
                choice: Choice::EndMain,
            },
        )
        .unwrap_err();
        assert!(matches!(err, Error::NotToAct { .. }), "{err}");
        assert_eq!(t, s);
    }
}

/// Illegal decisions and card ids out of range give typed errors.
#[test]
fn illegal_actions_give_reasons() {
    let s = mid_game();
    let cases = [
        Choice::NoBlock,
        Choice::PlaySpell { card: CardId(9999) },
        Choice::PlaySoul {
            card: CardId(60),
            place: Placement::New,
        },
        Choice::PlaySoul {
            card: hand_card(&s, 0, "combat_fury"),
            place: Placement::New,
        },
        Choice::PlaySoul {
            card: hand_card(&s, 0, "red_imp"),
            place: Placement::Onto(MajinId(999)),
        },
        Choice::ChooseTarget { majin: MajinId(0) },
    ];
    for c in cases {
        let mut t = s.clone();
        let err = apply_in_place(
            &mut t,
            &Action {
                seat: Seat(0),
                choice: c.clone(),
            },
        )
        .unwrap_err();
        assert_eq!(t, s, "{c:?}");
        assert!(!err.to_string().is_empty());
        let json = serde_json::to_value(&err).unwrap();
        assert!(json.get("kind").is_some(), "{json}");
    }
}

/// Tampered state JSON is an error naming the broken invariant, never a panic.
#[test]
fn tampered_state_is_rejected() {
    let s = mid_game();
    let good = serde_json::to_value(&s).unwrap();
    let back: State = serde_json::from_value(good.clone()).unwrap();
    assert_eq!(back, s);
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        serde_json::from_value::<State>(v).unwrap_err().to_string()
    };
    let dup = tamper(&|v| {
        let c = v["players"][0]["hand"][0].clone();
        v["players"][0]["hand"].as_array_mut().unwrap().push(c);
    });
    assert!(dup.contains("two places"), "{dup}");
    let lost = tamper(&|v| {
        v["players"][0]["hand"].as_array_mut().unwrap().pop();
    });
    assert!(lost.contains("missing"), "{lost}");
    let stolen = tamper(&|v| {
        let c = v["players"][0]["hand"]
            .as_array_mut()
            .unwrap()
            .pop()
            .unwrap();
        v["players"][1]["hand"].as_array_mut().unwrap().push(c);
    });
    assert!(stolen.contains("belongs to"), "{stolen}");
    let out_of_range = tamper(&|v| v["players"][0]["hand"][0] = 5000.into());
    assert!(out_of_range.contains("not in the game"), "{out_of_range}");
    let pending = tamper(&|v| {
        v["pending"] = serde_json::json!({"decision": "combat", "seat": 1});
    });
    assert!(pending.contains("window"), "{pending}");
    let bad_seat = tamper(&|v| v["active"] = 7.into());
    assert!(bad_seat.contains("seat"), "{bad_seat}");
    let unknown = tamper(&|v| v["extra"] = 1.into());
    assert!(unknown.contains("unknown field"), "{unknown}");
    let empty = tamper(&|v| {
        let cards = v["players"][0]["majins"][0]["cards"]
            .as_array()
            .unwrap()
            .clone();
        v["players"][0]["majins"][0]["cards"] = serde_json::json!([]);
        for c in cards {
            v["players"][0]["graveyard"].as_array_mut().unwrap().push(c);
        }
    });
    assert!(empty.contains("holds 0 cards"), "{empty}");
    assert!(serde_json::from_str::<State>("{").is_err());
    assert!(serde_json::from_str::<State>("[1,2]").is_err());
}

/// MJ-12.1: an invalid card set names the card and the field; an invalid deck names the
/// seat (MJ-3.2).
#[test]
fn invalid_card_sets_and_decks() {
    let err = CardSet::from_json(
        r#"{"cards":[{"type":"combat","id":"z","name":"Z","effect":{"op":"draw","count":0}}]}"#,
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("`z`") && text.contains("effect.count"),
        "{text}"
    );
    let err = CardSet::from_json(
        r#"{"cards":[{"type":"soul","id":"q","name":"Q","cost":1,"power":1,"colour":""}]}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
    let config = Config {
        decks: [Deck::from_counts(&[("nope", 40)]), Deck::sample_blue()],
        ..Config::default()
    };
    let err = new_game(&config, 0).unwrap_err();
    assert!(err.to_string().contains("nope"), "{err}");
    // A custom set loads and plays.
    let mut cards = Vec::new();
    for i in 0..10 {
        cards.push(format!(
            r#"{{"type":"soul","id":"s{i}","name":"S{i}","colour":"Green","cost":1,"power":{i}}}"#
        ));
    }
    let set = CardSet::from_json(&format!(
        r#"{{"name":"green","cards":[{}]}}"#,
        cards.join(",")
    ))
    .unwrap();
    let deck = Deck(
        (0..10)
            .map(|i| DeckEntry {
                card: format!("s{i}"),
                count: 4,
            })
            .collect(),
    );
    let config = Config {
        card_set: CardSetChoice::Custom(set),
        decks: [deck.clone(), deck],
        ..Config::seat0_first()
    };
    let s = new_game(&config, 1).unwrap();
    assert_eq!(s.hand(Seat(0)).len(), 8);
}

/// §10: out-of-range options are refused naming the field; unknown fields too.
#[test]
fn out_of_range_config() {
    let bad = [
        Config {
            deck_size: 5,
            ..Config::default()
        },
        Config {
            max_turns: Some(0),
            ..Config::default()
        },
        Config {
            first_player: FirstPlayer::Fixed(Seat(3)),
            ..Config::default()
        },
        Config {
            max_cards_per_majin: Some(0),
            ..Config::default()
        },
        Config {
            damage_to_lose: 0,
            ..Config::default()
        },
        Config {
            max_copies_per_card: Some(0),
            ..Config::default()
        },
        Config {
            combat_cards_per_player: 50,
            ..Config::default()
        },
        Config {
            opening_hand: 200,
            ..Config::default()
        },
    ];
    for c in bad {
        let err = new_game(&c, 0).unwrap_err();
        assert!(matches!(err, Error::Config { .. }), "{err}");
    }
    assert!(serde_json::from_str::<Config>(r#"{"nonsense": 1}"#).is_err());
    let c: Config = serde_json::from_str("{}").unwrap();
    assert_eq!(c, Config::default());
}

/// Scenario errors: unknown cards and more copies than the deck holds.
#[test]
fn invalid_scenarios() {
    let err = Scenario::new()
        .hand(Seat(0), &["unicorn"])
        .build()
        .unwrap_err();
    assert!(matches!(err, Error::Scenario { .. }), "{err}");
    let err = Scenario::new()
        .hand(
            Seat(0),
            &["red_imp", "red_imp", "red_imp", "red_imp", "red_imp"],
        )
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("no more"), "{err}");
    let err = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["combat_fury"], Zone::Battle))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("not a soul"), "{err}");
    let err = Scenario::new()
        .hand(Seat(0), &["blue_knight"])
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("no more"), "{err}");
}
