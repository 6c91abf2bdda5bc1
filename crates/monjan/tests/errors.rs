//! Bad input never panics and never half-changes the state: each is a typed error.

mod common;
use common::*;
use fuda_monjan::{
    apply, new_game, BoardAssignment, CardId, CardSet, CardSetError, Choice, Col, Config, Error,
    MatchFormat, Seat, State,
};

fn game() -> State {
    let mut c = Config::for_players(2);
    c.match_format = MatchFormat::Basic;
    new_game(&c, 11).unwrap()
}

#[test]
fn seat_that_may_not_act_is_refused() {
    let s = game();
    let e = try_act(&s, Seat(7), Choice::DeclareEnd).unwrap_err();
    assert_eq!(e, Error::NotToAct { seat: Seat(7) });
}

#[test]
fn wrong_decision_and_foreign_cards_are_refused_without_change() {
    let s = game();
    let before = s.clone();
    assert!(matches!(
        try_act(&s, A, Choice::Pass).unwrap_err(),
        Error::WrongDecision { .. }
    ));
    let e = try_act(&s, A, Choice::PlaceInitialDefense { card: CardId(9999) }).unwrap_err();
    assert!(matches!(e, Error::CardNotInHand { .. }));
    let e = try_act(&s, A, Choice::DeclareEnd).unwrap_err();
    assert_eq!(e, Error::InitialDefenseFirst);
    assert_eq!(s, before);
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["kind"], "initial_defense_first");
}

#[test]
fn game_over_refuses_everything() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12");
    let mut c = config(&["frehheim", "mana_station"]);
    c.max_rounds = Some(1);
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12");
    let s = finish_round(sc.build_round_one().unwrap());
    assert!(s.outcome().is_some());
    assert_eq!(
        try_act(&s, A, Choice::DeclareEnd).unwrap_err(),
        Error::GameOver
    );
}

#[test]
fn invalid_configurations() {
    let bad = |c: Config| new_game(&c, 1).unwrap_err();
    assert!(
        matches!(bad(Config::for_players(5)), Error::Config { ref field, .. } if field == "player_count")
    );
    let mut c = Config::for_players(2);
    c.board_assignment = BoardAssignment::Fixed(vec!["frehheim".into(), "frehheim".into()]);
    assert!(matches!(bad(c), Error::Config { ref field, .. } if field == "board_assignment"));
    let mut c = Config::for_players(2);
    c.max_rounds = Some(0);
    assert!(matches!(bad(c), Error::Config { ref field, .. } if field == "max_rounds"));
    let mut c = Config::for_players(2);
    c.et_pool = Some(vec![("n_fire_01".into(), 1)]);
    assert!(matches!(bad(c), Error::Config { ref field, .. } if field == "et_pool"));
    assert!(serde_json::from_str::<Config>(r#"{"player_count":2,"bogus":1}"#).is_err());
}

#[test]
fn invalid_card_sets_name_the_card_and_field() {
    let mut v: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    v["cards"][3]["number"] = serde_json::json!(17);
    let e = CardSet::from_json(&v.to_string()).unwrap_err();
    match e {
        CardSetError::BadCard { index, field, .. } => {
            assert_eq!(index, 3);
            assert_eq!(field, "number");
        }
        other => panic!("{other:?}"),
    }
    let mut v: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    v["boards"][0]["attack_max"] = serde_json::json!([0, 6, 5]);
    assert!(matches!(
        CardSet::from_json(&v.to_string()).unwrap_err(),
        CardSetError::BadBoard { .. }
    ));
    assert!(matches!(
        CardSet::from_json("{").unwrap_err(),
        CardSetError::Malformed { .. }
    ));
}

#[test]
fn tampered_state_json_is_an_error() {
    let s = game();
    let good = serde_json::to_value(&s).unwrap();
    let back: State = serde_json::from_value(good.clone()).unwrap();
    assert_eq!(back, s);
    let mut dup = good.clone();
    let first = dup["state"]["main_deck"][0].clone();
    dup["state"]["main_deck"][1] = first;
    assert!(serde_json::from_value::<State>(dup).is_err());
    let mut bad_seat = good.clone();
    bad_seat["state"]["eliminated"] = serde_json::json!([9]);
    assert!(serde_json::from_value::<State>(bad_seat).is_err());
    let mut garbage = good;
    garbage["state"]["players"] = serde_json::json!("x");
    assert!(serde_json::from_value::<State>(garbage).is_err());
}

#[test]
fn scenario_errors() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.hand(A, &["no_such_card"]);
    assert!(matches!(
        sc.build_edit().unwrap_err(),
        Error::Scenario { .. }
    ));
    let _ = apply;
}
