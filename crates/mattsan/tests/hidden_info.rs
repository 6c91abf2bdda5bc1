//! Hidden information (MS-8) and miscellaneous rules of the model (MS-3, MS-A2, MS-A3,
//! MS-A24, MS-A29, MS-A32, MS-A35).

mod common;
use common::*;
use fuda_core::{Determinize, GameRng};
use fuda_mattsan::*;

/// MS-8: hands, decks and soul cards are counts to others; no id of a hidden card
/// appears; resampling what P1 cannot see leaves its view unchanged.
#[test]
fn ms_8_views_hide_what_they_must() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .face_down(P0, 0, "guard_wall")
        .soul(P0, &[("fireball", false)])
        .hand(P0, &["banish_order"])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let v = view(&s, Observer::Seat(P1));
    assert_eq!(v.players[0].hand_count, 1);
    let text = serde_json::to_string(&v).unwrap();
    let hidden: Vec<CardId> = s
        .hand(P0)
        .iter()
        .copied()
        .chain(s.deck(P0).iter().copied())
        .chain(s.soul(P0).iter().map(|c| c.card))
        .chain([at(&s, P0, Loc::Bench(0))])
        .collect();
    let ids: Vec<u64> = collect_ids(&serde_json::to_value(&v).unwrap());
    for c in hidden {
        assert!(
            !ids.contains(&u64::from(c.0)) || s.hand(P1).contains(&c),
            "{c} leaks in {text}"
        );
    }
    let mut rng = GameRng::from_seed(3);
    for _ in 0..20 {
        let t = Mattsan::resample(&s, Observer::Seat(P1), &mut rng);
        assert_eq!(view(&t, Observer::Seat(P1)), v);
    }
}

fn collect_ids(v: &serde_json::Value) -> Vec<u64> {
    let mut out = Vec::new();
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if matches!(k.as_str(), "card" | "unit" | "attacker" | "target") {
                    if let Some(n) = x.as_u64() {
                        out.push(n);
                    }
                }
                out.extend(collect_ids(x));
            }
        }
        serde_json::Value::Array(a) => {
            for x in a {
                out.extend(collect_ids(x));
            }
        }
        _ => {}
    }
    out
}

/// MS-3.3, MS-6.9: dice have `dice_sides` faces; counters never go negative.
#[test]
fn ms_3_3_dice_and_counters() {
    let mut s = Scenario::new()
        .configure(|c| c.dice_sides = 2)
        .unit(P0, Loc::Battlefield, "fire_drake")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .build()
        .unwrap();
    let mut events = act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    events.extend(pass_windows(&mut s));
    let total = events.iter().find_map(|e| match e {
        Event::DiceRolled { total, .. } => Some(*total),
        _ => None,
    });
    assert!((2..=4).contains(&total.unwrap()));
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "dawn_monk")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .at_turn_start()
        .build()
        .unwrap();
    act(&mut s, P0, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    let c = choices(&s, P0)[0].clone();
    act(&mut s, P0, c);
    assert_eq!(
        damage(&s, P0, Loc::Battlefield),
        0,
        "healing never goes below 0"
    );
}

/// MS-3.4, MS-A2: each player has one battlefield and a bench behind it; "ally" and
/// "enemy" are relative to the controller.
#[test]
fn ms_3_4_fields_and_layout() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let v = view(&s, Observer::Spectator);
    assert_eq!(v.players.len(), 2);
    assert_eq!(v.players[0].field[0].loc, Loc::Battlefield);
    assert_eq!(
        v.players[0].field.len(),
        1 + 3,
        "battlefield and 3 bench locations"
    );
    // catapult_tower hits the *enemy* battlefield of its controller.
    let mut s = Scenario::with_config(deck_a_both())
        .active(P1)
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .terrain(P1, Loc::Bench(0), "catapult_tower", false)
        .build()
        .unwrap();
    act(&mut s, P1, Choice::UseTerrain { loc: Loc::Bench(0) });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P0, Loc::Battlefield), 1);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0);
}

/// MS-3.8, MS-A24: the greeting is not modelled: a new game waits for the placement.
#[test]
fn ms_3_8_no_greeting_step() {
    let s = new_game(&Config::default(), 9).unwrap();
    assert_eq!(
        s.pending(),
        Pending::Placement {
            waiting: SeatSet::all(2)
        }
    );
}

/// MS-A3, MS-A32: the main step offers placing, flipping, trumps, terrains (place and
/// use) and traps; trumps are never usable outside the owner's main step.
#[test]
fn ms_a3_ms_a32_main_step_actions() {
    let mut s = Scenario::with_config(deck_a_both())
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 0, "guard_wall")
        .hand(P1, &["fireball", "iron_guard"])
        .soul(P1, &[("first_aid", false)])
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    assert!(matches!(s.pending(), Pending::Respond { seat: P1, .. }));
    assert!(choices(&s, P1)
        .iter()
        .all(|c| !matches!(c, Choice::UseTrump { .. })));
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P0, 1, "iron_guard")
        .hand(
            P0,
            &["fireball", "guard_wall", "fortress_hill", "dawn_monk"],
        )
        .soul(P0, &[("first_aid", false)])
        .build()
        .unwrap();
    let names: Vec<&str> = choices(&s, P0).iter().map(Choice::name).collect();
    for n in [
        "place_unit",
        "flip_unit",
        "place_trap",
        "use_trump",
        "place_terrain",
        "attack",
        "swap",
    ] {
        assert!(names.contains(&n), "{n} missing: {names:?}");
    }
}

/// MS-A35: there is no hand limit.
#[test]
fn ms_a35_no_hand_limit() {
    let many = [
        "iron_guard",
        "iron_guard",
        "fireball",
        "fireball",
        "power_potion",
        "power_potion",
        "guard_wall",
        "guard_wall",
        "fortress_hill",
        "fortress_hill",
        "catapult_tower",
        "catapult_tower",
    ];
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .hand(P0, &many)
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(s.hand(P0).len(), 12);
}

/// MS-A29, MS-5.20: event-triggered unit abilities (card data) resolve before the
/// window, the active player's first.
#[test]
fn ms_a29_event_triggers_active_player_first() {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    file["cards"].as_array_mut().unwrap().push(serde_json::json!({
        "card_type": "unit", "id": "avenger", "name_en": "Avenger", "max_hp": 5, "atk": 1, "def": 1, "soul": 0,
        "abilities": [{"trigger": {"event": "ally_unit_defeated"}, "effect": [{"draw": {"who": "self", "n": 1}}]}]
    }));
    let set: CardSet = serde_json::from_value(file).unwrap();
    let mut a = set.deck("a").unwrap().to_vec();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "avenger".into();
    let mut config = Config::with_decks(DeckChoice::List(a), DeckChoice::b());
    config.card_set = CardSetChoice::Custom(set);
    let mut s = Scenario::with_config(config)
        .active(P1)
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(3),
        )
        .unit(P0, Loc::Bench(0), "avenger")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    let before = s.hand(P0).len();
    act(&mut s, P1, Choice::Attack);
    act(&mut s, P0, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(
        s.hand(P0).len(),
        before + 1 + 1,
        "soul draw + avenger's draw"
    );
}
