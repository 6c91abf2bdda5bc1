//! Bad input never panics and never half-changes state: illegal actions, seats that may
//! not act, tampered state JSON, invalid card sets and decks, out-of-range configuration.

use crate::common::*;

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

/// The field a refused position names.
fn bad_position(sc: Scenario) -> (String, String) {
    match sc.build() {
        Err(Error::Scenario { field, message }) => (field, message),
        Err(e) => panic!("not a position error: {e}"),
        Ok(s) => panic!("accepted: {:?}", s.pending()),
    }
}

/// Bad positions are refused with a typed error naming the card or field: unknown cards,
/// a card twice, more copies than the deck holds, another deck's card, impossible majins.
#[test]
fn bad_positions_name_the_card_or_field() {
    let (field, msg) = bad_position(Scenario::new().hand(Seat(0), &["unicorn"]));
    assert_eq!(field, "players[0].hand[0]");
    assert!(msg.contains("unknown card `unicorn`"), "{msg}");
    let (field, msg) = bad_position(
        Scenario::new()
            .hand(Seat(0), &["red_imp#2"])
            .graveyard(Seat(0), &["red_imp#2"]),
    );
    assert_eq!(field, "players[0].graveyard[0]");
    assert!(
        msg.contains("placed twice") && msg.contains("players[0].hand[0]"),
        "{msg}"
    );
    let (_, msg) = bad_position(Scenario::new().hand(
        Seat(0),
        &["red_imp", "red_imp", "red_imp", "red_imp", "red_imp"],
    ));
    assert!(msg.contains("no more `red_imp`"), "{msg}");
    let (_, msg) = bad_position(Scenario::new().hand(Seat(0), &["red_imp#5"]));
    assert!(msg.contains("holds 4 `red_imp`"), "{msg}");
    let (field, msg) = bad_position(Scenario::new().hand(Seat(0), &["blue_knight"]));
    assert_eq!(field, "players[0].hand[0]");
    assert!(msg.contains("holds no `blue_knight`"), "{msg}");
    let (field, msg) = bad_position(
        Scenario::new().majin(Seat(0), MajinSpec::souls(&["combat_fury"], Zone::Battle)),
    );
    assert_eq!(field, "majins[0].cards[0]");
    assert!(msg.contains("not a soul"), "{msg}");
    let (field, _) = bad_position(Scenario::new().majin(
        Seat(0),
        MajinSpec::souls(
            &["red_imp", "red_imp", "red_imp", "red_imp", "red_cub"],
            Zone::Battle,
        ),
    ));
    assert_eq!(field, "majins[0].cards");
    let (field, _) =
        bad_position(Scenario::new().majin(Seat(0), MajinSpec::souls(&[], Zone::Battle)));
    assert_eq!(field, "majins[0].cards");
    let (field, _) =
        bad_position(Scenario::new().majin(Seat(3), MajinSpec::souls(&["red_imp"], Zone::Battle)));
    assert_eq!(field, "majins[0].owner");
    let (field, _) = bad_position(Scenario::new().majin(
        Seat(0),
        MajinSpec::souls(&["red_imp"], Zone::Battle).peeked(),
    ));
    assert_eq!(field, "majins[0].peeked");
    let (field, _) = bad_position(
        Scenario::new()
            .configure(|c| c.ura_any_card = false)
            .majin(Seat(0), MajinSpec::ura("combat_fury", Zone::Prepare)),
    );
    assert_eq!(field, "majins[0].cards[0]");
}

/// A decision for a seat that cannot make it, or one the rules would skip, is refused.
#[test]
fn bad_positions_pending_decisions() {
    let attacker = || {
        Scenario::new().majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
    };
    // No eligible blocker: the rules do not ask for a block.
    let (field, msg) = bad_position(attacker().at_block(MajinId(0)));
    assert_eq!(field, "at");
    assert!(msg.contains("no majin that may block"), "{msg}");
    // The attacker is not the active player's.
    let (field, _) = bad_position(
        Scenario::new()
            .majin(
                Seat(1),
                MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
            )
            .at_block(MajinId(0)),
    );
    assert_eq!(field, "attack.attacker");
    let duel = || {
        attacker().majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        )
    };
    // The holder has used its one combat card: it passes by itself.
    let (field, msg) = bad_position(
        duel()
            .at_combat(MajinId(0), Some(MajinId(1)), Seat(1))
            .combat_used(Seat(1), 1),
    );
    assert_eq!(field, "attack.window", "{msg}");
    // The defender never holds priority first.
    let (field, _) = bad_position(duel().at_combat(MajinId(0), Some(MajinId(1)), Seat(1)));
    assert_eq!(field, "attack.window");
    // An unblocked window exists only under `combat_window = every_attack`.
    let (field, _) = bad_position(duel().at_combat(MajinId(0), None, Seat(0)));
    assert_eq!(field, "attack.blocker");
    assert!(duel()
        .configure(|c| c.combat_window = CombatWindow::EveryAttack)
        .at_combat(MajinId(0), None, Seat(0))
        .build()
        .is_ok());
    // Step 6 with nothing to attack with ends by itself.
    let (field, _) = bad_position(Scenario::new().at_attack());
    assert_eq!(field, "at");
    // Step 3 with an empty hand is skipped.
    let (field, _) = bad_position(Scenario::new().at_ura_majin());
    assert_eq!(field, "at");
    // Step 3 comes after step 1: no tapped majin of the active player.
    let (_, msg) = bad_position(
        attacker()
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle).tapped(),
            )
            .hand(Seat(0), &["red_imp"])
            .at_ura_majin(),
    );
    assert!(msg.contains("untapped"), "{msg}");
    // An effect target for the seat that is not active in step 5.
    let (field, _) = bad_position(
        Scenario::new()
            .graveyard(Seat(1), &["spell_frost_bind"])
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
            )
            .at_target(Seat(1), 0, None),
    );
    assert_eq!(field, "at.seat");
    // A target step for a card with no chosen target there.
    let (field, _) = bad_position(
        Scenario::new()
            .graveyard(Seat(0), &["spell_meteor"])
            .at_target(Seat(0), 0, None),
    );
    assert_eq!(field, "at.step");
    // A target with no candidate is skipped by the rules.
    let (field, _) = bad_position(
        Scenario::new()
            .graveyard(Seat(0), &["spell_fireball"])
            .at_target(Seat(0), 0, None),
    );
    assert_eq!(field, "at");
    // Optional decisions exist only under their options.
    let (field, _) = bad_position(duel().at_uzumajin_bonus(MajinId(0), Some(MajinId(1))));
    assert_eq!(field, "at");
    let (field, _) = bad_position(
        Scenario::new()
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Prepare),
            )
            .at_advance(),
    );
    assert_eq!(field, "at");
    // An attack given where none is in progress.
    let (field, _) = bad_position(duel().attack(MajinId(0), None).at_main(None));
    assert_eq!(field, "attack");
}

/// Counters that the rules cannot reach are refused: the turn order, the turn limit, the
/// MP pool, a finished game, before-step-4 counters.
#[test]
fn bad_positions_counters_and_sizes() {
    let (field, msg) = bad_position(
        Scenario::with_config(Config::seat0_first())
            .active(Seat(1))
            .turn(3),
    );
    assert_eq!(field, "active");
    assert!(msg.contains("odd turns"), "{msg}");
    let (field, _) =
        bad_position(Scenario::with_config(Config::seat0_first()).janken_winner(Seat(1)));
    assert_eq!(field, "janken_winner");
    let (field, _) = bad_position(
        Scenario::new()
            .configure(|c| c.max_turns = Some(10))
            .turn(11),
    );
    assert_eq!(field, "turn");
    let (field, _) = bad_position(Scenario::new().turn(0));
    assert_eq!(field, "turn");
    let (field, msg) = bad_position(Scenario::new().damage(Seat(1), 7));
    assert_eq!(field, "players[1].damage");
    assert!(msg.contains("ended the game"), "{msg}");
    let (field, _) = bad_position(Scenario::new().at_main(Some(81)));
    assert_eq!(field, "mp_pool");
    let (field, _) = bad_position(Scenario::new().at_main(Some(2)).mp_spent(3));
    assert_eq!(field, "mp_spent");
    let (field, _) = bad_position(Scenario::new().mp(2));
    assert_eq!(field, "mp_pool", "no pool before step 4");
    let (field, _) = bad_position(Scenario::new().mb_size(Seat(0), 41));
    assert_eq!(field, "players[0].majin_box_size");
    let (field, _) = bad_position(
        Scenario::new()
            .mb_top(Seat(0), &["red_imp", "red_cub"])
            .mb_size(Seat(0), 1),
    );
    assert_eq!(field, "players[0].majin_box_size");
    let (field, _) = bad_position(
        Scenario::new()
            .damage_cards(Seat(0), &["red_imp", "red_cub"])
            .damage(Seat(0), 1),
    );
    assert_eq!(field, "players[0].damage_count");
    let (field, _) = bad_position(Scenario::new().majin(
        Seat(0),
        MajinSpec::souls(&["red_imp"], Zone::Battle).power_this_turn(2),
    ));
    assert_eq!(field, "majins[0]", "modifiers end with their turn");
    let many: Vec<&str> = std::iter::repeat_n("red_imp", 100).collect();
    let (field, _) = bad_position(Scenario::new().hand(Seat(0), &many));
    assert_eq!(field, "players");
    // Setup positions: every card is still in the Majin Boxes.
    let (field, _) = bad_position(Scenario::new().hand(Seat(0), &["red_imp"]).at_setup());
    assert_eq!(field, "players[0].hand");
    let (field, _) = bad_position(Scenario::new().janken_winner(Seat(0)).at_setup());
    assert_eq!(field, "janken_winner");
}

/// Forced outcomes that cannot fit are refused: dice (Uzumajin has none), a shuffle naming
/// a placed card or another deck's, a janken pick beyond the two seats, too many entries.
#[test]
fn bad_positions_forced_outcomes() {
    let forced = |json: &str| {
        Scenario::from_json(&format!(r#"{{"forced": {json}}}"#))
            .unwrap()
            .build()
    };
    let field = |r: Result<State, Error>| match r {
        Err(Error::Scenario { field, .. }) => field,
        other => panic!("{other:?}"),
    };
    assert_eq!(field(forced(r#"[{"die": 3}]"#)), "forced[0]");
    assert_eq!(
        field(forced(r#"[{"shuffle": ["blue_knight"]}]"#)),
        "forced[0][0]"
    );
    assert_eq!(
        field(forced(r#"[{"shuffle": ["red_imp#1", "red_imp#1"]}]"#)),
        "forced[0][1]"
    );
    let placed = Scenario::new()
        .hand(Seat(0), &["red_imp#1"])
        .force_shuffle(&["red_imp#1"])
        .build();
    assert_eq!(field(placed), "forced[0][0]");
    let janken = Scenario::new().at_setup().force_pick(2).build();
    assert_eq!(field(janken), "forced");
    let picks = format!("[{}]", vec![r#"{"pick": 0}"#; 5000].join(","));
    assert_eq!(field(forced(&picks)), "forced");
    // A pick for the game is kept for its draw.
    let s = forced(r#"[{"pick": 0}]"#).unwrap();
    assert_eq!(s.config().max_turns, Some(DEFAULT_MAX_TURNS));
}

/// The position format refuses unknown fields and malformed JSON with a typed error, and
/// no mutation of a valid position file makes the builder panic.
#[test]
fn bad_position_files_never_panic() {
    let err = Scenario::from_json(r#"{"hands": []}"#).unwrap_err();
    assert!(
        matches!(&err, Error::Scenario { field, .. } if field == "json"),
        "{err}"
    );
    let err = Scenario::from_json(r#"{"majins": [{"zone": "battle", "cards": ["red_imp"]}]}"#)
        .unwrap_err();
    assert!(err.to_string().contains("owner"), "{err}");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut rng = fuda_core::GameRng::from_seed(9);
    let mut built = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        for _ in 0..150 {
            let mut v = value.clone();
            mutate(&mut v, &mut rng);
            if let Ok(sc) = serde_json::from_value::<Scenario>(v) {
                if let Ok(s) = sc.build() {
                    built += 1;
                    // A built position is a valid state: it plays on (only a forced
                    // outcome that does not fit may refuse a listed action).
                    let legal = legal_actions(&s);
                    if let Some(a) = legal.first() {
                        match apply(&s, a) {
                            Ok(_) | Err(Error::ForcedOutcome { .. }) => {}
                            Err(e) => panic!("{e}"),
                        }
                    }
                }
            }
        }
    }
    assert!(built > 100, "{built} mutated positions built");
}

/// Changes one number, string or list of a JSON value at random.
fn mutate(v: &mut serde_json::Value, rng: &mut fuda_core::GameRng) {
    use serde_json::Value;
    match v {
        Value::Object(map) if !map.is_empty() => {
            let k = rng.below(map.len());
            let key = map.keys().nth(k).cloned().unwrap_or_default();
            if let Some(child) = map.get_mut(&key) {
                mutate(child, rng);
            }
        }
        Value::Array(list) if !list.is_empty() && rng.below(4) > 0 => {
            let k = rng.below(list.len());
            mutate(&mut list[k], rng);
        }
        Value::Array(list) => match rng.below(3) {
            0 => list.clear(),
            1 => list.push(Value::from("red_imp")),
            _ => list.push(Value::from(rng.below(100) as u64)),
        },
        Value::Number(_) => {
            *v = Value::from([0u64, 1, 2, 3, 7, 40, 255, 70000][rng.below(8)]);
        }
        Value::String(s) => {
            *s = [
                "red_imp",
                "red_imp#9",
                "blue_knight",
                "",
                "battle",
                "main",
                "red_cub#2",
            ][rng.below(7)]
            .to_string();
        }
        Value::Bool(b) => *b = !*b,
        _ => *v = Value::from(1),
    }
}
