//! Bad input: illegal actions give a typed error and leave the state untouched; bad
//! configurations, card sets and saved states are refused with a message that names the
//! problem, never with a panic.

use crate::common::*;
use fuda_creature_clash::{
    apply_in_place, legal_actions, new_game, CardSet, CardSetChoice, CardSetError, Choice, Config,
    Creature, DealerRule, Error, Position, Scenario, Seat, State,
};

/// The standard position with P1 to make its main decision.
fn main_decision() -> Table {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    g
}

// --- illegal actions -------------------------------------------------------------------

/// CC-5.2: only the player to act may act: anyone else gets `NotToAct`.
#[test]
fn wrong_seat() {
    let g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let err = g.reject(P2, Choice::DrawForTurn);
    assert!(matches!(err, Error::NotToAct { seat: P2, .. }), "{err}");
    let err = g.reject(Seat(9), Choice::DrawForTurn);
    assert!(matches!(err, Error::NotToAct { .. }), "{err}");
}

/// CC-5.4, CC-5.3: a card not in the actor's hand gives `CardNotInHand`.
#[test]
fn card_not_in_hand() {
    let g = main_decision();
    let lion = g.id("lion_f");
    assert_eq!(
        g.reject(P1, g.discard("lion_f")),
        Error::CardNotInHand {
            seat: P1,
            card: lion
        }
    );
    let err = g.reject(P1, g.attack(["lion_f", "crocodile_m", "barracuda_b"], P2));
    assert_eq!(
        err,
        Error::CardNotInHand {
            seat: P1,
            card: lion
        }
    );
    let err = g.reject(
        P1,
        Choice::Discard {
            card: fuda_creature_clash::CardId(5000),
        },
    );
    assert!(matches!(err, Error::CardNotInHand { .. }), "{err}");
}

/// CC-5.3: a card in the wrong slot of a creature gives `WrongPosition`.
#[test]
fn wrong_position() {
    let g = main_decision();
    let creature = Creature::new(g.id("crocodile_m"), g.id("rhino_f"), g.id("barracuda_b"));
    let err = g.reject(
        P1,
        Choice::Attack {
            creature,
            target: P2,
            rabies: None,
        },
    );
    assert_eq!(
        err,
        Error::WrongPosition {
            card: g.id("crocodile_m"),
            expected: Position::Front
        }
    );
    // RABIES is no part either (CC-4.0a).
    let creature = Creature::new(g.id("rhino_f"), g.id("rabies_1"), g.id("barracuda_b"));
    let err = g.reject(
        P1,
        Choice::Attack {
            creature,
            target: P2,
            rabies: None,
        },
    );
    assert!(matches!(
        err,
        Error::WrongPosition {
            expected: Position::Middle,
            ..
        }
    ));
}

/// CC-5.3, CC-5.5, CC-6.3: a player cannot attack themselves, a seat that does not exist,
/// or an opponent already attacked this turn.
#[test]
fn invalid_targets() {
    let mut g = main_decision();
    for target in [P1, Seat(4), Seat(200)] {
        let err = g.reject(P1, g.attack(RC, target));
        assert!(
            matches!(err, Error::InvalidTarget { target: t, .. } if t == target),
            "{err}"
        );
    }
    g.act(P1, g.attack(RC, P2));
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    for target in [P2, P1] {
        let err = g.reject(P1, g.next(target));
        assert!(matches!(err, Error::InvalidTarget { .. }), "{err}");
    }
}

/// CC-6.12, CC-A12: RABIES in battle 1 is refused; a non-RABIES card named as RABIES, or
/// one not held, is refused too.
#[test]
fn rabies_errors() {
    let mut g = main_decision();
    let err = g.reject(P1, g.attack_with(RC, P2, Some("rabies_1")));
    assert!(matches!(err, Error::RabiesNotAllowed { .. }), "{err}");
    g.act(P1, g.attack(RC, P2));
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    let err = g.reject(
        P1,
        Choice::NextTarget {
            target: P3,
            rabies: Some(g.id("moose_f")),
        },
    );
    assert!(matches!(err, Error::RabiesNotAllowed { .. }), "{err}");
    let err = g.reject(P1, g.next_with(P3, "rabies_2"));
    assert!(matches!(err, Error::CardNotInHand { .. }), "{err}");
}

/// CC-5.6, CC-E5: VENOM invoked on a creature with only some VENOM parts gives `Venom`.
#[test]
fn venom_on_partial_creature() {
    let p2 = [
        "cobra_f",
        "scorpion_m",
        "eagle_b",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
        "black_widow_f",
    ];
    let mut g = standard(&p2, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let err = g.reject(P2, g.venom(["cobra_f", "scorpion_m", "eagle_b"]));
    assert!(matches!(err, Error::Venom { .. }), "{err}");
}

/// CC-5.7: only a card of the opposing creature can be stolen — not a hand card, not the
/// winner's own, not the RABIES; a random steal is not a creature steal and vice versa.
#[test]
fn steal_errors() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    for card in ["black_widow_f", "rhino_f", "moose_f", "rabies_1"] {
        let err = g.reject(P1, g.steal(card));
        assert!(matches!(err, Error::Steal { .. }), "{card}: {err}");
    }
    let err = g.reject(P1, Choice::StealRandom);
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");

    let mut g = standard(&P2_NO_BACK, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let err = g.reject(P1, g.steal("lion_f"));
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");
}

/// CC-5.7: after a RABIES battle the defender who wins cannot take the RABIES.
#[test]
fn rabies_cannot_be_stolen() {
    let p3 = [
        "shark_f",
        "tiger_m",
        "lion_b",
        "grizzly_f",
        "tiger_f",
        "rabbit_f",
        "eagle_f",
    ];
    let p1 = [
        "octopus_f",
        "hippo_m",
        "armadillo_b",
        "rabies_1",
        "moose_f",
        "dromedary_f",
        "vulture_f",
    ];
    let mut g = standard(&P2_NO_BACK, &p3, &P0_NO_BACK)
        .hand(P1, &p1)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(["octopus_f", "hippo_m", "armadillo_b"], P2));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P3, "rabies_1"));
    g.act(P3, g.defend(SHARK25));
    let err = g.reject(P3, g.steal("rabies_1"));
    assert!(matches!(err, Error::Steal { .. }), "{err}");
}

/// A decision that is not the one asked for gives `WrongDecision`, for every pending
/// decision.
#[test]
fn decision_not_asked_for() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    // Turn start.
    assert!(matches!(
        g.reject(P1, g.attack(RC, P2)),
        Error::WrongDecision { .. }
    ));
    g.act(P1, Choice::DrawForTurn);
    // Main decision.
    for c in [
        Choice::DrawForTurn,
        Choice::DeclineSteal,
        g.next(P2),
        g.defend(RC),
        g.excess("moose_f"),
        g.commit(RC),
    ] {
        assert!(matches!(g.reject(P1, c), Error::WrongDecision { .. }));
    }
    g.act(P1, g.attack(RC, P2));
    // Defence.
    assert!(matches!(
        g.reject(P2, g.discard("lion_f")),
        Error::WrongDecision { .. }
    ));
    g.act(P2, g.defend(LION20));
    // Steal.
    assert!(matches!(
        g.reject(P1, g.next(P3)),
        Error::WrongDecision { .. }
    ));
    g.act(P1, Choice::DeclineSteal);
    // Next target.
    assert!(matches!(
        g.reject(P1, Choice::DeclineSteal),
        Error::WrongDecision { .. }
    ));
}

/// CC-5.10: a card not held cannot be discarded as excess; CC-5.11: a commitment must be a
/// creature from the committer's hand, and only the participant asked may commit.
#[test]
fn excess_and_berserk_errors() {
    let mut g = setup(4)
        .active(P2)
        .hand(P1, &P0_NO_BACK)
        .hand(P2, &P2_LION)
        .hand(
            P3,
            &[
                "shark_f",
                "tiger_m",
                "lion_b",
                "eagle_f",
                "dromedary_f",
                "vulture_f",
                "octopus_f",
            ],
        )
        .hand(P0, &P3_NO_BACK)
        .deck(&["berserk_1"])
        .filler(20)
        .build();
    g.act(P2, Choice::DrawForTurn);
    let err = g.reject(P3, g.commit(SHARK25));
    assert!(matches!(err, Error::NotToAct { seat: P3, .. }), "{err}");
    let err = g.reject(P2, g.commit(SHARK25));
    assert!(
        matches!(err, Error::CardNotInHand { seat: P2, .. }),
        "{err}"
    );
    let err = g.reject(P1, g.commit(LION20));
    assert!(matches!(err, Error::NotToAct { .. }), "{err}");
}

/// CC-T25: once the game is over every action gets `GameOver`.
#[test]
fn game_over() {
    let mut g = setup(2)
        .configure(|c| c.champions_to_win = Some(1))
        .hand(P1, &P1_HAND)
        .hand(P0, &P3_NO_BACK)
        .deck(&[TURN_CARD])
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(RC, P0));
    g.act(P1, Choice::DeclineSteal);
    for seat in [P0, P1] {
        assert_eq!(g.reject(seat, Choice::DrawForTurn), Error::GameOver);
    }
}

/// Exhaustive: at many positions of random games, every action that is not listed as legal
/// is refused and leaves the state exactly as it was.
#[test]
fn unlisted_actions_are_refused_without_change() {
    use fuda_core::Conformance;
    let mut rng = fuda_core::GameRng::from_seed(99);
    for seed in 0..25 {
        let config = fuda_creature_clash::CreatureClash::random_config(&mut rng);
        let mut s = new_game(&config, seed).unwrap();
        for _ in 0..150 {
            if s.outcome().is_some() {
                break;
            }
            let legal = legal_actions(&s);
            for _ in 0..5 {
                let a = fuda_creature_clash::CreatureClash::arbitrary_action(&s, &mut rng);
                if legal.contains(&a) {
                    continue;
                }
                let mut copy = s.clone();
                assert!(apply_in_place(&mut copy, &a).is_err(), "{a:?} accepted");
                assert_eq!(copy, s);
            }
            let a = &legal[rng.below(legal.len())];
            apply_in_place(&mut s, a).unwrap();
        }
    }
}

// --- configurations ----------------------------------------------------------------------

fn config_field(err: Error) -> String {
    match err {
        Error::Config { field, .. } => field,
        other => panic!("expected a configuration error, got {other}"),
    }
}

/// CC-3.1: 1 or 7 players are refused.
#[test]
fn bad_player_counts() {
    for n in [0, 1, 7, 8, 200] {
        let err = new_game(&Config::for_players(n), 0).unwrap_err();
        assert!(err.to_string().contains(&format!("{n} players")), "{err}");
        assert_eq!(config_field(err), "num_players");
    }
    let err = Scenario::new(7).build().unwrap_err();
    assert_eq!(config_field(err), "num_players");
}

/// CC-A8: `berserk_min_participants` must be 1 or 2.
#[test]
fn bad_berserk_min_participants() {
    for k in [0, 3, 9] {
        let mut c = Config::for_players(4);
        c.berserk_min_participants = k;
        assert_eq!(
            config_field(new_game(&c, 0).unwrap_err()),
            "berserk_min_participants"
        );
    }
}

/// CC-A4: a fixed dealer must be a seat of the game.
#[test]
fn bad_fixed_dealer() {
    let mut c = Config::for_players(4);
    c.dealer = DealerRule::Fixed(Seat(4));
    let err = new_game(&c, 0).unwrap_err();
    assert!(err.to_string().contains("P4"), "{err}");
    assert_eq!(config_field(err), "dealer");
}

/// CC-3.9, CC-7.3: `champions_to_win` of 0 and `turn_limit` of 0 are refused.
#[test]
fn bad_thresholds() {
    let mut c = Config::for_players(4);
    c.champions_to_win = Some(0);
    assert_eq!(
        config_field(new_game(&c, 0).unwrap_err()),
        "champions_to_win"
    );
    let mut c = Config::for_players(4);
    c.turn_limit = 0;
    assert_eq!(config_field(new_game(&c, 0).unwrap_err()), "turn_limit");
}

/// A configuration file with an unknown key or a bad value is refused by serde.
#[test]
fn bad_config_json() {
    assert!(serde_json::from_str::<Config>(r#"{"num_players": 4, "colour": "red"}"#).is_err());
    assert!(serde_json::from_str::<Config>(r#"{"num_players": -1}"#).is_err());
    let c: Config = serde_json::from_str(r#"{"num_players": 3}"#).unwrap();
    assert_eq!(c, Config::for_players(3));
}

// --- card sets ----------------------------------------------------------------------------

const PART: &str = r#"{"id":"x_f","kind":"part","animal":"x","position":"front","power":3,"fragment":"X","name_en":"X"}"#;

fn card_set_with(bad: &str) -> Result<CardSet, CardSetError> {
    CardSet::from_json(&format!(r#"{{"name":"t","cards":[{PART},{bad}]}}"#))
}

fn bad_card(err: CardSetError) -> (usize, String, String) {
    match err {
        CardSetError::BadCard {
            index, id, field, ..
        } => (index, id, field),
        other => panic!("expected a bad card, got {other}"),
    }
}

/// CC-A3, §12a: a bad card definition is refused with an error naming the card (index and
/// id) and the field, whatever is wrong with it.
#[test]
fn bad_card_fields_are_named() {
    let cases = [
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"side","power":3,"fragment":"Y","name_en":"Y"}"#,
            "position",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":"ten","fragment":"Y","name_en":"Y"}"#,
            "power",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":300,"fragment":"Y","name_en":"Y"}"#,
            "power",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":120,"fragment":"Y","name_en":"Y"}"#,
            "power",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":3,"name_en":"Y"}"#,
            "fragment",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":3,"fragment":"","name_en":"Y"}"#,
            "fragment",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":3,"venom":"yes","fragment":"Y","name_en":"Y"}"#,
            "venom",
        ),
        (
            r#"{"id":"y_m","kind":"part","animal":"y","position":"middle","power":3,"fragment":"Y","name_en":"Y","colour":"red"}"#,
            "colour",
        ),
        (r#"{"id":"y_m","kind":"dragon","name_en":"Y"}"#, "kind"),
        (
            r#"{"id":"y_m","kind":"rabies","name_en":"Y","multiplier":0}"#,
            "multiplier",
        ),
        (r#"{"id":"x_f","kind":"berserk","name_en":"B"}"#, "id"),
    ];
    for (def, field) in cases {
        let err = card_set_with(def).unwrap_err();
        let text = err.to_string();
        let (index, id, got) = bad_card(err);
        assert_eq!((index, got.as_str()), (1, field), "{def}: {text}");
        assert_eq!(id, if field == "id" { "x_f" } else { "y_m" });
        assert!(text.contains(&format!("`{field}`")), "{text}");
        assert!(text.contains("card #1"), "{text}");
    }
    assert!(matches!(
        CardSet::from_json("{\"cards\":[").unwrap_err(),
        CardSetError::Malformed { .. }
    ));
}

/// A configuration whose custom card set has a bad card is refused when read, naming the
/// card and the field.
#[test]
fn config_with_bad_card_set() {
    let json = format!(
        r#"{{"num_players":2,"card_set":{{"custom":{{"name":"t","cards":[{PART},{{"id":"z_b","kind":"part","animal":"z","position":"back","power":"big","fragment":"Z","name_en":"Z"}}]}}}}}}"#
    );
    let err = serde_json::from_str::<Config>(&json)
        .unwrap_err()
        .to_string();
    assert!(err.contains("z_b") && err.contains("`power`"), "{err}");
}

/// CC-3.6: a card set too small to deal 7 to everyone is refused.
#[test]
fn card_set_too_small() {
    let set = card_set_with(r#"{"id":"b","kind":"berserk","name_en":"B"}"#).unwrap();
    let mut c = Config::for_players(2);
    c.card_set = CardSetChoice::Custom(set);
    assert_eq!(config_field(new_game(&c, 0).unwrap_err()), "card_set");
}

// --- saved states -------------------------------------------------------------------------

fn saved() -> serde_json::Value {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    serde_json::to_value(&g.s).unwrap()
}

fn load(v: &serde_json::Value) -> Result<State, String> {
    serde_json::from_str::<State>(&v.to_string()).map_err(|e| e.to_string())
}

/// A saved state loads back equal to itself.
#[test]
fn state_round_trip() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let text = serde_json::to_string(&g.s).unwrap();
    assert_eq!(serde_json::from_str::<State>(&text).unwrap(), g.s);
}

/// A state with a card in two places is refused, naming the card.
#[test]
fn state_with_duplicated_card() {
    let mut v = saved();
    let card = v["hands"][1][0].clone();
    v["hands"][2].as_array_mut().unwrap().push(card.clone());
    let err = load(&v).unwrap_err();
    assert!(
        err.contains("two places") && err.contains(&format!("#{card}")),
        "{err}"
    );
}

/// A state with a card missing is refused, naming the card.
#[test]
fn state_with_missing_card() {
    let mut v = saved();
    let card = v["hands"][3].as_array_mut().unwrap().remove(0);
    let err = load(&v).unwrap_err();
    assert!(
        err.contains("missing") && err.contains(&format!("#{card}")),
        "{err}"
    );
    let mut v = saved();
    v["deck"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!(4000));
    assert!(load(&v).unwrap_err().contains("not in the card set"));
}

/// A state naming a seat that does not exist is refused, naming the seat.
#[test]
fn state_with_seat_out_of_range() {
    for (path, value) in [
        ("active", serde_json::json!(7)),
        ("dealer", serde_json::json!(4)),
        (
            "pending",
            serde_json::json!({"decision": "defend", "seat": 5}),
        ),
    ] {
        let mut v = saved();
        v[path] = value;
        let err = load(&v).unwrap_err();
        assert!(err.contains("not a seat"), "{path}: {err}");
    }
    let mut v = saved();
    v["chain"]["battle"]["defender"] = serde_json::json!(6);
    assert!(load(&v).unwrap_err().contains("P6"));
    let mut v = saved();
    v["hands"].as_array_mut().unwrap().pop();
    assert!(load(&v).unwrap_err().contains("4 hands"));
}

/// Truncated or garbled JSON is an error, never a panic.
#[test]
fn truncated_state_json() {
    let text = saved().to_string();
    for cut in (0..text.len()).step_by(97) {
        assert!(
            serde_json::from_str::<State>(&text[..cut]).is_err(),
            "cut {cut}"
        );
    }
    assert!(serde_json::from_str::<State>("null").is_err());
    assert!(serde_json::from_str::<State>("{}").is_err());
}

/// Arbitrary small edits of a saved state's numbers either load into a valid state that
/// plays on without panicking, or are refused — never a panic.
#[test]
fn edited_states_never_panic() {
    let base = saved().to_string();
    let digits: Vec<usize> = base
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    let mut rng = fuda_core::GameRng::from_seed(5);
    for _ in 0..3000 {
        let mut text = base.clone().into_bytes();
        for _ in 0..1 + rng.below(2) {
            let at = digits[rng.below(digits.len())];
            text[at] = b'0' + rng.below(10) as u8;
        }
        let text = String::from_utf8(text).unwrap();
        if let Ok(mut s) = serde_json::from_str::<State>(&text) {
            for _ in 0..20 {
                let legal = legal_actions(&s);
                let Some(a) = legal.first() else { break };
                apply_in_place(&mut s, a).unwrap();
            }
        }
    }
}

/// A state whose pending decision does not fit the battle under way is refused on load:
/// e.g. a random steal "from P3" while P2 forfeited (with an empty hand), which would
/// otherwise take a card from nobody.
#[test]
fn state_with_inconsistent_pending_decision() {
    let mut g = standard(&P2_NO_BACK, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let mut v = serde_json::to_value(&g.s).unwrap();
    let p2_hand = std::mem::take(v["hands"][2].as_array_mut().unwrap());
    v["discard"].as_array_mut().unwrap().extend(p2_hand);
    v["pending"]["from"] = serde_json::json!(3);
    let err = load(&v).unwrap_err();
    assert!(err.contains("pending"), "{err}");

    // A defence asked of a player who is not the defender.
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let mut v = serde_json::to_value(&g.s).unwrap();
    v["pending"]["seat"] = serde_json::json!(3);
    assert!(load(&v).unwrap_err().contains("pending"));

    // The main decision of a player whose turn it is not.
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    let mut v = serde_json::to_value(&g.s).unwrap();
    v["pending"]["seat"] = serde_json::json!(2);
    assert!(load(&v).unwrap_err().contains("pending"));

    // An excess discard for a player holding 7.
    let mut v = serde_json::to_value(&g.s).unwrap();
    v["pending"] = serde_json::json!({"decision": "discard_excess", "seat": 3});
    assert!(load(&v).unwrap_err().contains("pending"));
}

/// CC-6.9, CC-4.0a: a defence is asked only of a defender who can build a creature (one
/// who cannot forfeits), so a loaded state asking it of a hand without a creature is
/// refused rather than left with a decision that lists no action (found by fuzzing
/// `creature_clash_load`).
#[test]
fn cc_6_9_a_defence_asked_of_a_hand_without_a_creature_is_refused() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let mut v = serde_json::to_value(&g.s).unwrap();
    assert_eq!(v["pending"]["decision"], "defend");
    assert!(load(&v).is_ok());
    let hand = std::mem::take(v["hands"][2].as_array_mut().unwrap());
    v["discard"].as_array_mut().unwrap().extend(hand);
    let err = load(&v).unwrap_err();
    assert!(err.contains("pending"), "{err}");

    // CC-4.3, CC-4.5: nor a main decision of an empty hand (the turn ends then): whatever
    // else a file gets wrong, the player asked must have an action.
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    let mut v = serde_json::to_value(&g.s).unwrap();
    assert!(load(&v).is_ok());
    let hand = std::mem::take(v["hands"][1].as_array_mut().unwrap());
    v["discard"].as_array_mut().unwrap().extend(hand);
    let err = load(&v).unwrap_err();
    assert!(err.contains("offers"), "{err}");
}

// --- positions ----------------------------------------------------------------------------

/// The field a refused position names.
fn position_field(err: Error) -> (String, String) {
    match err {
        Error::Scenario { field, message } => (field, message),
        other => panic!("expected a position error, got {other}"),
    }
}

fn frame() -> Scenario {
    Scenario::new(4)
        .configure(|c| c.dealer = DealerRule::Fixed(P0))
        .active(P1)
        .hand(P1, &P1_HAND)
        .hand(P2, &P2_LION)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
}

/// Bad positions are refused with a typed error naming the field (and the card), never a
/// panic: a card twice, an unknown card, a BERSERK! in hand, seats out of range, sizes
/// beyond the limits.
#[test]
fn bad_position_cards_and_sizes() {
    let cases: Vec<(Scenario, &str, &str)> = vec![
        (
            frame().deck_top(&["rhino_f"]),
            "deck",
            "`rhino_f` is placed twice",
        ),
        (
            frame().discard(&["dragon_f"]),
            "discard",
            "unknown card `dragon_f`",
        ),
        (frame().deck_top(&["lion_b#2"]), "deck", "one copy"),
        (
            frame().hand(P3, &["berserk_1"]),
            "hands[3]",
            "can never be held",
        ),
        (frame().hand(Seat(4), &["eagle_f"]), "hands", "5 seats"),
        (frame().active(Seat(6)), "active", "not a seat"),
        (
            frame().champion(P1, ["lion_b", "tiger_m", "tiger_f"]),
            "champions[1]",
            "FRONT",
        ),
        (
            frame().known_in_hand(P2, &["rhino_f"]),
            "known_in_hand[2]",
            "not in the hand",
        ),
        (
            frame().turns_completed(500),
            "turns_completed",
            "turn limit",
        ),
        (frame().berserks_this_turn(9), "berserks_this_turn", "above"),
        (
            frame().force_shuffle(&["eagle_f", "eagle_f"]),
            "forced[0]",
            "twice",
        ),
        (
            frame().force_shuffle(&["griffin_b"]),
            "forced[0]",
            "unknown",
        ),
    ];
    for (scenario, field, words) in cases {
        let (got, message) = position_field(scenario.build().unwrap_err());
        assert_eq!(got, field, "{message}");
        assert!(message.contains(words), "{field}: {message}");
    }
    let mut s = frame();
    for _ in 0..=fuda_core::MAX_FORCED {
        s = s.force_pick(0);
    }
    assert_eq!(position_field(s.build().unwrap_err()).0, "forced");
    let mut c = frame();
    for _ in 0..4 {
        c = c.champion(P2, ["lion_f", "lion_m", "lion_b"]);
    }
    assert!(c.build().is_err());
}

/// A decision the rules cannot ask for in the position is refused, naming the problem: a
/// defence by a player who cannot build (the rules forfeit for them), an excess discard
/// with 7 cards, a berserk battle everyone has committed to or with a lone participant, a
/// battle outcome the powers contradict, a main decision with an empty hand, an attack
/// missing or not allowed.
#[test]
fn bad_position_decisions() {
    use fuda_creature_clash::{BattleResult, BerserkDuring};
    let p1_rest = ["rabies_1", "moose_f", "dromedary_f", "vulture_f"];
    let attacking = || frame().hand(P1, &p1_rest).attack(RC, &[]);
    let cases: Vec<(Scenario, &str, &str)> = vec![
        (
            attacking().at_defend(P3, None),
            "start.defender",
            "cannot build",
        ),
        (
            attacking().at_defend(P1, None),
            "start.defender",
            "themselves",
        ),
        (frame().at_defend(P2, None), "attack", "needs the attack"),
        (attacking().at_main(), "attack", "no attack"),
        (
            attacking().at_defend(P2, Some("rabies_1")),
            "start.rabies",
            "placed twice",
        ),
        (
            frame()
                .hand(P1, &["moose_f", "dromedary_f"])
                .attack(RC, &[])
                .at_defend(P2, Some("rabies_1")),
            "start.rabies",
            "after a won battle",
        ),
        (
            attacking().at_steal(P2, BattleResult::AttackerWins, Some(GRIZ24), None),
            "start.defence",
            "placed twice",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .hand(
                    P2,
                    &["black_widow_f", "gorilla_f", "hamster_f", "mosquito_f"],
                )
                .attack(RC, &[])
                .at_steal(P2, BattleResult::AttackerWins, Some(GRIZ24), None),
            "start.result",
            "does not beat",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .hand(
                    P2,
                    &["black_widow_f", "gorilla_f", "hamster_f", "mosquito_f"],
                )
                .attack(RC, &[])
                .at_steal(
                    P2,
                    BattleResult::Tie,
                    Some(["tiger_f", "lion_m", "hippo_b"]),
                    None,
                ),
            "start.result",
            "tie",
        ),
        (
            attacking().at_steal(P2, BattleResult::Forfeit, None, None),
            "start.result",
            "must defend",
        ),
        (
            attacking().at_next_target(),
            "start.beaten",
            "only after beating",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .attack(RC, &[P2, P3, P0])
                .at_next_target(),
            "attack.beaten",
            "every opponent",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .attack(RC, &[P1])
                .at_next_target(),
            "attack.beaten",
            "themselves",
        ),
        (frame().hand(P1, &[]).at_main(), "hands", "holds no card"),
        (
            frame().at_discard_excess(P2),
            "start.seat",
            "no more than 7",
        ),
        (
            frame()
                .configure(|c| {
                    c.end_of_turn_adjust = fuda_creature_clash::EndOfTurnAdjust::ActiveOnly
                })
                .hand(
                    P2,
                    &[
                        "lion_f",
                        "wolf_m",
                        "kangaroo_b",
                        "black_widow_f",
                        "gorilla_f",
                        "hamster_f",
                        "mosquito_f",
                        "eagle_f",
                    ],
                )
                .at_discard_excess(P2),
            "start.seat",
            "active_only",
        ),
        (
            frame().hand(P2, &P2_NO_BACK).at_berserk_commit(
                "berserk_1",
                P1,
                BerserkDuring::TurnDraw,
            ),
            "hands",
            "skipped",
        ),
        (
            frame().at_berserk_commit("rabies_2", P1, BerserkDuring::TurnDraw),
            "start.card",
            "not a BERSERK!",
        ),
        (
            frame()
                .hand(P3, &["shark_f", "tiger_m", "lion_b"])
                .at_berserk_commit("berserk_1", P2, BerserkDuring::TurnDraw),
            "start.drawn_by",
            "turn draw",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .hand(P3, &["shark_f", "tiger_m", "lion_b"])
                .committed(P2, LION20)
                .committed(P3, ["shark_f", "tiger_m", "lion_b"])
                .at_berserk_commit("berserk_1", P1, BerserkDuring::TurnDraw),
            "berserk_commits",
            "every participant",
        ),
        (
            frame()
                .hand(P1, &p1_rest)
                .hand(P3, &["shark_f", "tiger_m", "lion_b"])
                .committed(P3, ["shark_f", "tiger_m", "lion_b"])
                .at_berserk_commit("berserk_1", P1, BerserkDuring::TurnDraw),
            "berserk_commits[0]",
            "not the next participant",
        ),
        (frame().committed(P2, LION20), "berserk_commits", "belong"),
        (
            frame().dealer(P1).at_deal().hand(P1, &["rhino_f"]),
            "hands",
            "deal",
        ),
    ];
    for (scenario, field, words) in cases {
        let (got, message) = position_field(scenario.build().unwrap_err());
        assert_eq!(got, field, "{message}");
        assert!(message.contains(words), "{field}: {message}");
    }
}

/// Position files are data: unknown fields and malformed values are refused by serde with
/// a message naming them, and a forced die (Creature Clash! rolls none) is not a forced
/// outcome of this game.
#[test]
fn bad_position_json() {
    for (text, words) in [
        (r#"{"colour": "red"}"#, "colour"),
        (r#"{"start": {"decision": "fly"}}"#, "fly"),
        (
            r#"{"start": {"decision": "defend", "defender": 2, "extra": 1}}"#,
            "extra",
        ),
        (r#"{"forced": [{"die": 3}]}"#, "die"),
        (r#"{"hands": [["rhino_f"], 7]}"#, "invalid type"),
        (r#"{"attack": {"creature": ["rhino_f"]}}"#, "array"),
    ] {
        let err = serde_json::from_str::<Scenario>(text)
            .unwrap_err()
            .to_string();
        assert!(err.contains(words), "{text}: {err}");
    }
}

/// Arbitrary small edits of the position files (numbers and seat fields) either build a
/// position that plays on without panicking, or are refused with a typed error.
#[test]
fn edited_positions_never_panic() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/positions");
    let mut rng = fuda_core::GameRng::from_seed(11);
    let mut built = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let base = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let digits: Vec<usize> = base
            .char_indices()
            .filter(|(_, c)| c.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        for _ in 0..300 {
            let mut text = base.clone().into_bytes();
            for _ in 0..1 + rng.below(2) {
                let at = digits[rng.below(digits.len())];
                text[at] = b'0' + rng.below(10) as u8;
            }
            let text = String::from_utf8(text).unwrap();
            let Ok(scenario) = Scenario::from_json(&text) else {
                continue;
            };
            if let Ok(mut s) = scenario.build() {
                built += 1;
                for _ in 0..20 {
                    let legal = legal_actions(&s);
                    let Some(a) = legal.first() else { break };
                    // A forced outcome may not fit: refused, never a panic.
                    if apply_in_place(&mut s, a).is_err() {
                        break;
                    }
                }
            }
        }
    }
    assert!(built > 100, "{built} edited positions built");
}
