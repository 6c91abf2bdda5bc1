//! Hidden information (MS-8) and miscellaneous rules of the model (MS-3, MS-A2, MS-A3,
//! MS-A24, MS-A29, MS-A32, MS-A35).

use crate::common::*;
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

/// The names of `seat`'s cards in the hidden places `observer` cannot see (deck, hand but
/// known cards, soul charge, face-down bench cards).
fn hidden_names(s: &State, seat: Seat) -> Vec<String> {
    let mut out: Vec<String> = s
        .deck(seat)
        .iter()
        .chain(
            s.hand(seat)
                .iter()
                .filter(|c| !s.known_in_hand(seat).contains(c)),
        )
        .chain(s.soul(seat).iter().map(|c| &c.card))
        .map(|&c| s.card_name(c).to_string())
        .collect();
    for b in 0..MAX_BENCH as u8 {
        if let Some(o) = s.occupant(seat, Loc::Bench(b)).filter(|o| !o.face_up) {
            out.push(s.card_name(o.card).to_string());
        }
    }
    out.sort();
    out
}

fn after_setup(config: &Config) -> State {
    let mut s = new_game(config, 31).unwrap();
    while matches!(s.pending(), Pending::Placement { .. }) {
        let a = legal_actions(&s)[0].clone();
        apply_in_place(&mut s, &a).unwrap();
    }
    s
}

/// MS-D3, MS-8 (issue 15, item 12): deck lists are private by default. Resampling for P0
/// deals P1's unseen cards from the whole card set under the deck-building rules — cards
/// deck B does not hold appear, no card beyond its copy limit — and P0's view and P1's
/// card count stay the same.
#[test]
fn ms_d3_private_decklists_resample_from_the_card_set() {
    let config = Config::default();
    assert!(!config.open_decklists, "private by default");
    let s = after_setup(&config);
    let v = view(&s, Observer::Seat(P0));
    let deck_b: Vec<String> = CardSet::sample().deck("b").unwrap().to_vec();
    let mut rng = GameRng::from_seed(5);
    let mut foreign = 0;
    for _ in 0..30 {
        let t = Mattsan::resample(&s, Observer::Seat(P0), &mut rng);
        assert_eq!(view(&t, Observer::Seat(P0)), v);
        assert_eq!(t.cards_of(P1).len(), s.cards_of(P1).len());
        assert_eq!(t.cards_of(P0), s.cards_of(P0), "P0's own cards stay");
        let names = hidden_names(&t, P1);
        foreign += names.iter().filter(|n| !deck_b.contains(n)).count();
        for def in CardSet::sample().defs() {
            let n = t
                .cards_of(P1)
                .iter()
                .filter(|&&c| t.card_name(c) == def.id())
                .count();
            assert!(n <= usize::from(def.deck_limit()), "{} × {n}", def.id());
        }
        let json = serde_json::to_string(&t).unwrap();
        let back: State = serde_json::from_str(&json).expect("a resampled state is valid");
        assert_eq!(back, t);
    }
    assert!(
        foreign > 0,
        "cards outside deck B are dealt to P1's hidden places"
    );
}

/// MS-D3 option `open_decklists = true` (tournament rules): resampling keeps P1's own
/// cards and only moves them between hidden places.
#[test]
fn ms_d3_open_decklists_keep_the_opponents_list() {
    let config = Config {
        open_decklists: true,
        ..Config::default()
    };
    let s = after_setup(&config);
    let v = view(&s, Observer::Seat(P0));
    let mut rng = GameRng::from_seed(6);
    let mut moved = false;
    for _ in 0..20 {
        let t = Mattsan::resample(&s, Observer::Seat(P0), &mut rng);
        assert_eq!(view(&t, Observer::Seat(P0)), v);
        assert_eq!(t.cards_of(P1), s.cards_of(P1), "the same cards");
        assert_eq!(hidden_names(&t, P1), hidden_names(&s, P1));
        moved |= t.hand(P1) != s.hand(P1);
    }
    assert!(moved, "the hidden cards change places");
}

/// MS-D6, MS-8: card ids name a card from the card set alone, so the ids of public cards
/// tell nothing about a deck list: the same card has the same possible ids whatever the
/// lists, and two copies chosen for a deck are not the first ones of the card's block.
#[test]
fn ms_d6_ids_do_not_encode_the_deck_list() {
    let other = {
        let mut b = CardSet::sample().deck("b").unwrap().to_vec();
        let i = b.iter().position(|c| c == "dice_gambler").unwrap();
        b[i] = "fire_drake".into();
        Config::with_decks(DeckChoice::a(), DeckChoice::List(b))
    };
    let (s, t) = (
        new_game(&Config::default(), 3).unwrap(),
        new_game(&other, 3).unwrap(),
    );
    assert_eq!(s.num_cards(), t.num_cards(), "the grid is the card set's");
    for id in 0..s.num_cards() as u16 {
        assert_eq!(s.card_name(CardId(id)), t.card_name(CardId(id)));
    }
    let copies: Vec<Vec<CardId>> = (0..40)
        .map(|seed| {
            new_game(&Config::default(), seed)
                .unwrap()
                .instances_of(P1, "old_sage")
        })
        .collect();
    assert!(copies.iter().all(|c| c.len() == 2));
    assert!(
        copies.windows(2).any(|w| w[0] != w[1]),
        "which copies a deck holds is drawn at random"
    );
}

/// Issue 15 item 10, MS-8: a unit returned to hand is public knowledge in that hand: every
/// view lists it, resampling keeps it there, and it leaves the list when it is played
/// face-up; a card leaving the hand face-down empties the list (nobody can tell which).
#[test]
fn known_cards_in_hand_are_public() {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    file["cards"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
        "card_type": "trump", "id": "bounce", "name_en": "Bounce",
        "effect": [{"return_to_hand": {"sel": "enemy_bf"}}]}));
    let set: CardSet = serde_json::from_value(file).unwrap();
    let mut a = set.deck("a").unwrap().to_vec();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "bounce".into();
    let mut config = Config::with_decks(DeckChoice::List(a), DeckChoice::b());
    config.card_set = CardSetChoice::Custom(set);
    let mut s = Scenario::with_config(config)
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["bounce"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "twin_fang")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .hand(P1, &["quick_draw", "first_aid"])
        .build()
        .unwrap();
    let fang = at(&s, P1, Loc::Battlefield);
    let b = in_hand(&s, P0, "bounce");
    act(&mut s, P0, Choice::UseTrump { card: b });
    pass_windows(&mut s);
    act(&mut s, P1, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(s.known_in_hand(P1), &[fang]);
    for o in [Observer::Seat(P0), Observer::Spectator, Observer::Seat(P1)] {
        assert_eq!(view(&s, o).players[1].known_in_hand, vec![fang]);
    }
    let mut rng = GameRng::from_seed(9);
    for _ in 0..20 {
        let t = Mattsan::resample(&s, Observer::Seat(P0), &mut rng);
        assert!(
            t.hand(P1).contains(&fang),
            "resampling keeps it in P1's hand"
        );
    }
    // Played face-up: it leaves the list. Returned again, then a face-down placement: the
    // list empties.
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    pass_windows(&mut s);
    let mut hidden_move = s.clone();
    let q = in_hand(&s, P1, "quick_draw");
    act(&mut hidden_move, P1, Choice::SoulCharge { card: q });
    assert!(
        hidden_move.known_in_hand(P1).is_empty(),
        "a face-down move hides which card left"
    );
    assert!(hidden_move.hand(P1).contains(&fang));
    act(&mut s, P1, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    assert_eq!(s.known_in_hand(P1), &[fang], "still known in P1's turn");
    act(
        &mut s,
        P1,
        Choice::PlaceUnit {
            card: fang,
            bench: 1,
            face_up: true,
        },
    );
    assert!(
        s.known_in_hand(P1).is_empty(),
        "played face-up, it left the hand"
    );
}
