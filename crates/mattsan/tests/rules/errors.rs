//! Bad input never panics and never half-changes the state: illegal actions, a seat that
//! may not act, malformed or tampered state JSON, invalid card sets, decks and
//! configurations each give a typed error naming the problem.

use crate::common::*;
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

/// Issue 14: the field (MS-3.4) and the revealed opening hand (MS-3.11) are fixed lists in
/// the state; a loaded state longer than they can be is refused with an error naming the
/// length, and nothing panics.
#[test]
fn ms_3_4_overlong_fixed_lists_in_a_loaded_state_are_refused() {
    let s = new_game(&Config::default(), 4).unwrap();
    let text = serde_json::to_string(&s).unwrap();
    for (list, len) in [("field", 10), ("mulligan_reveal", 21)] {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let item = match list {
            "field" => v["game"]["players"][0]["field"][0].clone(),
            _ => v["game"]["players"][0]["hand"][0].clone(),
        };
        v["game"]["players"][0][list] = serde_json::Value::Array(vec![item; len]);
        let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
        assert!(err.contains("invalid length"), "{list}: {err}");
    }
}

/// MS-D6: a seat's deck, hand, discard pile and souls hold at most a deck's worth of cards
/// (60 in any configuration, one fixed block per player), and known hand cards must be in
/// the hand: a loaded state breaking either is refused with a message, not cut short.
#[test]
fn ms_d6_a_loaded_player_beyond_a_deck_or_knowing_absent_cards_is_refused() {
    let s = new_game(&Config::default(), 4).unwrap();
    let text = serde_json::to_string(&s).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let card = v["game"]["players"][0]["deck"][0].clone();
    v["game"]["players"][0]["discard"] = serde_json::Value::Array(vec![card.clone(); 61]);
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(err.contains("91 cards in its zones"), "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["game"]["players"][0]["known_in_hand"] = serde_json::Value::Array(vec![card]);
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(
        err.contains("known cards in hand are not all in the hand"),
        "{err}"
    );
}

/// MS-3.10: the opening hand is at most 20 cards in any configuration (the revealed hand
/// of MS-3.11 is a fixed list of 20).
#[test]
fn ms_3_10_an_opening_hand_beyond_twenty_is_refused() {
    let c = Config {
        deck_size: 60,
        opening_hand: 21,
        ..Config::default()
    };
    assert!(
        matches!(new_game(&c, 1).unwrap_err(), Error::Config { field, .. } if field == "opening_hand")
    );
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

/// Issue 9: bad positions are refused with a typed error naming the field and the card,
/// and nothing panics.
#[test]
fn scenario_errors() {
    let base = || {
        Scenario::new()
            .unit(P0, Loc::Battlefield, "blade_rookie")
            .unit(P1, Loc::Battlefield, "iron_guard")
    };
    let err = Scenario::new().build().unwrap_err();
    assert!(
        matches!(&err, Error::Scenario { field, .. } if field.contains("battlefield")),
        "{err}"
    );
    let expect = |scenario: Scenario, field: &str, words: &str| {
        let err = scenario.build().unwrap_err();
        match &err {
            Error::Scenario { field: f, message } => {
                assert!(f.contains(field), "field {f}, wanted {field}: {err}");
                assert!(message.contains(words), "{err}");
            }
            other => panic!("expected a position error, got {other}"),
        }
    };
    // A card of the other deck, an unknown card, more copies than the seat has.
    expect(
        Scenario::new()
            .unit(P0, Loc::Battlefield, "dice_gambler")
            .unit(P1, Loc::Battlefield, "iron_guard"),
        "players[0].battlefield",
        "dice_gambler",
    );
    expect(
        base().hand(P0, &["dragon"]),
        "players[0].hand",
        "unknown card `dragon`",
    );
    expect(
        base().hand(
            P0,
            &["iron_guard", "iron_guard", "iron_guard", "iron_guard"],
        ),
        "players[0].hand",
        "iron_guard",
    );
    // A card twice.
    expect(
        base()
            .hand(P0, &["fireball#1"])
            .discard(P0, &["fireball#1"]),
        "players[0].discard",
        "named twice",
    );
    expect(
        base().hand(P0, &["fireball#3"]),
        "players[0].hand",
        "2 copies",
    );
    // Out of the game: more copies than a deck may hold, more cards than a deck.
    expect(
        base()
            .exact_deck(P0)
            .hand(P0, &["fireball", "fireball", "fireball", "fireball"]),
        "players[0]",
        "fireball",
    );
    // Cards where the rules never put them.
    expect(base().face_down(P0, 0, "fireball"), "bench[0]", "fireball");
    expect(
        base().terrain(P0, Loc::Battlefield, "catapult_tower", false),
        "terrains",
        "placement",
    );
    expect(
        base().unit_spec(P1, Loc::Bench(0), UnitSpec::new("blade_rookie").damage(4)),
        "players[1]",
        "no HP left",
    );
    // A decision for a seat that cannot make it.
    expect(
        base().in_window(WindowSpec::new(WindowKind::AttackDeclared)),
        "priority",
        "P1 cannot be asked",
    );
    expect(
        base().at_start_effects(),
        "start",
        "no start-of-turn effect",
    );
    expect(
        base().active(P1).first_player(P1).turn(4),
        "active",
        "turn 4",
    );
    expect(
        base().configure(|c| c.max_turns = Some(3)),
        "turn",
        "max_turns",
    );
    expect(
        base().in_window(WindowSpec {
            trump: Some("fireball".into()),
            ..WindowSpec::new(WindowKind::TrumpDeclared)
        }),
        "trump",
        "hand",
    );
    // Forced outcomes: a shuffle naming no card; too many; one that does not fit a draw
    // made while building (a seven on a six-sided die at the first-player roll).
    expect(
        base().force([ForcedSpec::Shuffle(vec!["iron_guard".into()])]),
        "forced[0]",
        "P0:name",
    );
    expect(
        base().force_dice(&vec![1; fuda_core::MAX_FORCED + 1]),
        "forced",
        "at most",
    );
    let err = Scenario::new()
        .at_mulligan()
        .hand(
            P0,
            &[
                "blade_rookie",
                "iron_guard",
                "fire_drake",
                "fireball",
                "fireball",
                "first_aid",
            ],
        )
        .hand(
            P1,
            &[
                "dice_gambler",
                "twin_fang",
                "old_sage",
                "iron_guard",
                "quick_draw",
                "first_aid",
            ],
        )
        .force_dice(&[7])
        .build()
        .unwrap_err();
    assert!(matches!(err, Error::ForcedOutcome(_)), "{err}");
    // Sizes: more bench locations than a field has.
    let mut spec = SeatSpec {
        battlefield: Some(UnitSpec::new("blade_rookie")),
        ..SeatSpec::default()
    };
    spec.bench = vec![None; 9];
    expect(base().seat(P0, spec), "bench", "at most 8");
    // Malformed JSON names what does not parse.
    let err = Scenario::from_json(r#"{"players": [{"hand": 3}, {}]}"#).unwrap_err();
    assert!(matches!(err, Error::Scenario { .. }), "{err}");
    let err = Scenario::from_json(r#"{"bogus": 1}"#).unwrap_err();
    assert!(err.to_string().contains("bogus"), "{err}");
}

/// A forced outcome that does not fit the draw an action meets refuses the action and
/// leaves the state unchanged (a pick beyond the hand for pickpocket's random discard).
#[test]
fn a_misfit_forced_outcome_refuses_the_action() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["pickpocket"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .hand(P1, &["quick_draw"])
        .force_pick(5)
        .build()
        .unwrap();
    let mut t = s.clone();
    let p = t.card_id(P0, "pickpocket").unwrap();
    let err = try_act(&mut t, P0, Choice::UseTrump { card: p }).unwrap_err();
    assert!(matches!(err, Error::ForcedOutcome(_)), "{err}");
    assert_eq!(t, s, "unchanged");
    assert_eq!(
        serde_json::to_value(&err).unwrap()["kind"],
        "forced_outcome"
    );
}

/// MS-3.13: the setup placement asks each player for a battlefield unit from its hand (a
/// hand without one was mulliganed, MS-3.11). A loaded state asking it of a hand without a
/// unit would offer that player no action in a game not over; it is refused, as is any
/// pending decision with no action.
#[test]
fn ms_3_13_a_placement_asked_of_a_hand_without_a_unit_is_refused() {
    let s = new_game(&Config::default(), 4).unwrap();
    assert!(matches!(s.pending(), Pending::Placement { .. }));
    let seat = Seat(0);
    let is_unit = |c: &CardId| matches!(s.card_def(*c), Some(CardDef::Unit { .. }));
    let units: Vec<CardId> = s.hand(seat).iter().copied().filter(is_unit).collect();
    let others: Vec<CardId> = s
        .deck(seat)
        .iter()
        .copied()
        .filter(|c| !is_unit(c))
        .collect();
    assert!(!units.is_empty() && others.len() >= units.len());
    let swap = |c: CardId| match units.iter().position(|&u| u == c) {
        Some(i) => others[i],
        None => match others[..units.len()].iter().position(|&o| o == c) {
            Some(i) => units[i],
            None => c,
        },
    };
    let mut v = serde_json::to_value(&s).unwrap();
    for zone in ["hand", "deck"] {
        let cards: Vec<CardId> =
            serde_json::from_value(v["game"]["players"][0][zone].clone()).unwrap();
        let swapped: Vec<CardId> = cards.into_iter().map(swap).collect();
        v["game"]["players"][0][zone] = serde_json::to_value(swapped).unwrap();
    }
    let err = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(err.contains("offers P0 no action"), "{err}");
}
