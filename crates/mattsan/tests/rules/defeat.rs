//! Defeat, soul draw, destroy, refill and the end of the game (MS-6.3 to MS-6.8, MS-7,
//! MS-4.8, MS-3.15).

use crate::common::*;
use fuda_mattsan::*;

fn golem_quake(p1_bf: UnitSpec) -> Scenario {
    Scenario::new()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("giant_golem").damage(5))
        .unit_spec(P1, Loc::Battlefield, p1_bf)
}

fn defeated(events: &[Event]) -> Vec<Seat> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Defeated { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect()
}

/// MS-T22, MS-6.4, MS-5.17, MS-A14, MS-A17: a defeat sends the unit to the discard pile,
/// its owner draws its soul, then chooses the refill.
#[test]
fn ms_t22_defeat_soul_draw_refill() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("iron_guard").damage(5))
        .unit(P1, Loc::Bench(0), "dice_gambler")
        .face_down(P1, 2, "twin_fang")
        .build()
        .unwrap();
    let deck = s.deck(P1).len();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    assert_eq!(s.discard(P1).len(), 1);
    assert_eq!(s.deck(P1).len(), deck - 2);
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });
    assert_eq!(
        choices(&s, P1),
        vec![Choice::Refill { bench: 0 }, Choice::Refill { bench: 2 }]
    );
    act(&mut s, P1, Choice::Refill { bench: 2 });
    let bf = s.occupant(P1, Loc::Battlefield).unwrap();
    assert!(
        bf.face_up && s.card_name(bf.card) == "twin_fang",
        "face-down units refill face-up"
    );
}

/// MS-T23, MS-6.5, MS-A15: 破棄 has no soul draw; the battlefield is refilled.
#[test]
fn ms_t23_destroy() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["banish_order", "iron_guard", "iron_guard"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Bench(0), "dice_gambler")
        .build()
        .unwrap();
    let deck = s.deck(P1).len();
    let b = in_hand(&s, P0, "banish_order");
    act(&mut s, P0, Choice::UseTrump { card: b });
    for _ in 0..2 {
        let g = in_hand(&s, P0, "iron_guard");
        act(&mut s, P0, Choice::DiscardForCost { card: g });
    }
    pass_windows(&mut s);
    assert_eq!(s.discard(P1).len(), 1);
    assert_eq!(s.deck(P1).len(), deck, "no draw");
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });
}

/// MS-T24, MS-7.1, MS-7.5, MS-A36: an empty battlefield with no bench unit loses.
#[test]
fn ms_t24_no_unit_loses() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("iron_guard").damage(5))
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
}

/// MS-T31, MS-7.1: traps on the bench are not units.
#[test]
fn ms_t31_traps_do_not_refill() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("iron_guard").damage(5))
        .face_down(P1, 0, "last_stand")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
}

/// MS-T26, MS-T33, MS-7.6, MS-6.8, MS-A40, MS-A19: one instruction defeats both
/// battlefields, the controller's opponent first; both flagged; fewer discards wins,
/// equal counts draw; only one flagged loses alone.
#[test]
fn ms_t26_ms_t33_both_lose() {
    for (d0, d1, expect) in [
        (6, 8, Outcome::Winners(SeatSet::only(P0))),
        (7, 7, Outcome::Draw),
    ] {
        let a: Vec<&str> = [
            "iron_guard",
            "fireball",
            "power_potion",
            "iron_guard",
            "fireball",
            "power_potion",
            "iron_guard",
        ][..d0]
            .to_vec();
        let b: Vec<&str> = [
            "iron_guard",
            "quick_draw",
            "recharge",
            "forced_retreat",
            "quick_draw",
            "forced_retreat",
            "iron_guard",
            "first_aid",
        ][..d1]
            .to_vec();
        let mut s = golem_quake(UnitSpec::new("old_sage"))
            .discard(P0, &a)
            .discard(P1, &b)
            .build()
            .unwrap();
        let events = act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
        assert_eq!(defeated(&events), vec![P1, P0], "P2 first");
        assert_eq!(s.outcome(), Some(&expect));
        assert!(s.loss_flags(P0).0 && s.loss_flags(P1).0);
    }
    let mut s = golem_quake(UnitSpec::new("old_sage"))
        .unit(P0, Loc::Bench(0), "iron_guard")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
}

/// MS-7.6 option: `both_lose_tiebreak = draw`.
#[test]
fn ms_7_6_both_lose_draw_variant() {
    let mut s = golem_quake(UnitSpec::new("old_sage"))
        .configure(|c| c.both_lose_tiebreak = BothLoseTiebreak::Draw)
        .discard(P1, &["iron_guard", "quick_draw"])
        .build()
        .unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert_eq!(s.outcome(), Some(&Outcome::Draw));
}

/// MS-T30, MS-7.2, MS-A18, MS-7.4: a soul draw from a short deck draws what is there
/// and flags at the next checkpoint, even with a bench unit.
#[test]
fn ms_t30_soul_draw_short_deck() {
    let build = |deck: &[&str]| {
        Scenario::new()
            .unit(P0, Loc::Battlefield, "blade_rookie")
            .unit_spec(P1, Loc::Battlefield, UnitSpec::new("old_sage").damage(1))
            .unit(P1, Loc::Bench(0), "iron_guard")
            .deck_top(P1, deck)
            .exact_deck(P1)
            .build()
            .unwrap()
    };
    let mut s = build(&["quick_draw"]);
    act(&mut s, P0, Choice::Attack);
    assert_eq!(s.hand(P1).len(), 1);
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
    let mut s = build(&["quick_draw", "recharge", "first_aid"]);
    act(&mut s, P0, Choice::Attack);
    assert_eq!(s.outcome(), None);
    assert_eq!(s.hand(P1).len(), 3);
    act(&mut s, P1, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(
        s.outcome(),
        Some(&Outcome::Winners(SeatSet::only(P0))),
        "step 1 deck-out"
    );
}

/// MS-T32, MS-A14, MS-5.17: a face-down unit refilled turns face-up and triggers.
#[test]
fn ms_t32_refill_triggers_on_face_up() {
    let mut s = Scenario::with_config(deck_a_both())
        .unit(P0, Loc::Battlefield, "fire_drake")
        .unit_spec(
            P1,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(2),
        )
        .face_down(P1, 0, "field_medic")
        .unit_spec(P1, Loc::Bench(1), UnitSpec::new("iron_guard").damage(2))
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P1, Choice::Refill { bench: 0 });
    assert!(
        matches!(s.pending(), Pending::ChooseTarget { seat: P1, .. }),
        "heal offered"
    );
}

/// MS-T46, MS-A31, MS-6.7: both battlefields emptied: the controller refills first and
/// the refilled unit's OnFaceUp resolves before the other refill.
#[test]
fn ms_t46_refill_order() {
    let mut s = golem_quake(UnitSpec::new("dice_gambler").damage(1))
        .unit_spec(P0, Loc::Bench(0), UnitSpec::new("field_medic").face_down())
        .unit_spec(P0, Loc::Bench(1), UnitSpec::new("iron_guard").damage(2))
        .unit_spec(P1, Loc::Bench(0), UnitSpec::new("old_sage").face_down())
        .build()
        .unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::Refill { seat: P0 });
    act(&mut s, P0, Choice::Refill { bench: 0 });
    assert!(matches!(
        s.pending(),
        Pending::ChooseTarget { seat: P0, .. }
    ));
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P0,
            loc: Loc::Bench(1),
        },
    );
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });
    act(&mut s, P1, Choice::Refill { bench: 0 });
    assert!(
        matches!(s.pending(), Pending::May { seat: P1, .. }),
        "old_sage's may"
    );
}

/// MS-T48, MS-6.8, MS-5.16, MS-4.8, MS-A37: defeats one at a time (P2 then P1, each with its
/// soul draw), refills (P1 then P2), then the defeat windows in defeat order.
#[test]
fn ms_t48_alternating_defeats_and_windows() {
    let mut s = golem_quake(UnitSpec::new("dawn_monk").damage(1))
        .unit(P0, Loc::Bench(0), "iron_guard")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .face_down(P1, 1, "last_stand")
        .build()
        .unwrap();
    let (d0, d1) = (s.deck(P0).len(), s.deck(P1).len());
    let mut events = act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    events.extend(pass_windows(&mut s));
    assert_eq!(defeated(&events), vec![P1, P0]);
    let draws: Vec<(Seat, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Drew { seat, count, .. } => Some((*seat, *count)),
            _ => None,
        })
        .collect();
    assert_eq!(draws, vec![(P1, 1), (P0, 3)]);
    assert_eq!((s.deck(P0).len(), s.deck(P1).len()), (d0 - 3, d1 - 1));
    act(&mut s, P0, Choice::Refill { bench: 0 });
    act(&mut s, P1, Choice::Refill { bench: 0 });
    // DamageDealt windows, then UnitDefeated (P2's unit) with P2 asked first.
    loop {
        match s.pending() {
            Pending::Respond { seat, window } if window.kind == WindowKind::UnitDefeated => {
                assert_eq!((seat, window.seat), (P1, P1));
                break;
            }
            Pending::Respond { seat, .. } => {
                act(&mut s, seat, Choice::Pass);
            }
            p => panic!("unexpected {p:?}"),
        }
    }
    act(&mut s, P1, Choice::ActivateTrap { bench: 1 });
    pass_windows(&mut s);
    assert_eq!(
        damage(&s, P0, Loc::Battlefield),
        1,
        "last_stand hits P1's new unit"
    );
}

/// MS-5.21, MS-6.8, MS-4.8: a player with two waiting units chooses which is defeated
/// first (the position starts inside the resolution loop, where both are at 0 HP).
#[test]
fn ms_5_21_next_defeat_choice() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("old_sage").damage(2))
        .unit_spec(P1, Loc::Bench(0), UnitSpec::new("iron_guard").damage(6))
        .unit(P1, Loc::Bench(1), "dice_gambler")
        .resolving(ResolveSpec::default())
        .build()
        .unwrap();
    assert_eq!(s.pending(), Pending::NextDefeat { seat: P1 });
    assert_eq!(choices(&s, P1).len(), 2);
    act(&mut s, P1, Choice::NextDefeat { loc: Loc::Bench(0) });
    assert_eq!(s.discard(P1).len(), 2);
}

/// MS-A40 option `Batch`: all waiting units are discarded, then all soul draws.
#[test]
fn ms_a40_batch_variant() {
    let mut s = golem_quake(UnitSpec::new("dawn_monk").damage(1))
        .configure(|c| c.simultaneous_defeat_order = DefeatOrder::Batch)
        .unit(P0, Loc::Bench(0), "iron_guard")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .build()
        .unwrap();
    let events = act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::Defeated { .. } => Some("defeat"),
            Event::Drew { .. } => Some("draw"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["defeat", "defeat", "draw", "draw"]);
}

/// P0's iron_guard stacked on `under` in bench location 0, beside dice_gambler; P1's
/// giant_golem (decks B and A).
fn stack_on_bench(under: &[&str]) -> Scenario {
    Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .unit_spec(
            P0,
            Loc::Bench(0),
            UnitSpec::new("iron_guard").on_top_of(under),
        )
        .unit(P1, Loc::Battlefield, "giant_golem")
}

/// MS-T47, MS-3.15, MS-A41: a stack is one unit — one die, one location, one defeat with
/// the top card's soul, all its cards to the discard pile.
#[test]
fn ms_t47_stacks() {
    let s = stack_on_bench(&["blade_rookie"])
        .hand(P0, &["twin_fang"])
        .force_dice(&[1, 1])
        .build()
        .unwrap();
    let tf = in_hand(&s, P0, "twin_fang");
    let free = choices(&s, P0)
        .iter()
        .filter(|c| matches!(c, Choice::PlaceUnit { card, face_up: false, .. } if *card == tf))
        .count();
    assert_eq!(free, 2, "the stack fills one location");
    let mut s2 = s.clone();
    let events = act(&mut s2, P0, Choice::UseSpecial { index: 0 });
    assert!(events.contains(&Event::DiceRolled { dice: 2, total: 2 }));

    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .active(P1)
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .unit_spec(
            P0,
            Loc::Bench(0),
            UnitSpec::new("iron_guard")
                .damage(5)
                .on_top_of(&["blade_rookie"]),
        )
        .unit(P1, Loc::Battlefield, "giant_golem")
        .hand(P1, &["fireball", "iron_guard"])
        .soul(P1, &[("first_aid", false)])
        .force_dice(&[1])
        .build()
        .unwrap();
    let deck = s.deck(P0).len();
    let f = in_hand(&s, P1, "fireball");
    act(&mut s, P1, Choice::UseTrump { card: f });
    let g = in_hand(&s, P1, "iron_guard");
    act(&mut s, P1, Choice::DiscardForCost { card: g });
    let mut events = act(
        &mut s,
        P1,
        Choice::Target {
            side: P0,
            loc: Loc::Bench(0),
        },
    );
    events.extend(pass_windows(&mut s));
    assert_eq!(defeated(&events), vec![P0]);
    assert_eq!(s.discard(P0).len(), 2);
    assert_eq!(s.deck(P0).len(), deck - 2, "iron_guard's soul");
}

/// MS-3.15: no card effect builds a stack, so positions and saved states are the only
/// source of one; more than `UNDER_CARDS` cards under a unit is refused with a reason,
/// from a position and from a state file.
#[test]
fn ms_3_15_a_stack_holds_at_most_eight_cards_under() {
    let err = stack_on_bench(&["blade_rookie"; UNDER_CARDS + 1])
        .build()
        .unwrap_err();
    assert!(
        matches!(&err, Error::Scenario { field, message }
            if field.contains("bench[0]") && message.contains("at most 8 cards under")),
        "{err}"
    );

    let s = stack_on_bench(&["blade_rookie"]).build().unwrap();
    let mut json = serde_json::to_value(&s).unwrap();
    let under = json
        .pointer_mut("/game/players/0/field/1/occupant/under")
        .expect("the stack's cards under");
    let first = under[0].clone();
    *under = serde_json::Value::Array(vec![first; UNDER_CARDS + 1]);
    let err = serde_json::from_value::<State>(json).unwrap_err();
    assert!(err.to_string().contains("invalid length"), "{err}");
}

fn bounce_set() -> (CardSet, Vec<String>) {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    let cards = file["cards"].as_array_mut().unwrap();
    cards.push(
        serde_json::json!({"card_type": "trump", "id": "recall", "name_en": "Recall",
        "effect": [{"return_to_hand": {"sel": "choose_ally"}}]}),
    );
    cards.push(
        serde_json::json!({"card_type": "trump", "id": "bounce", "name_en": "Bounce",
        "effect": [{"return_to_hand": {"sel": "enemy_bf"}}]}),
    );
    let set: CardSet = serde_json::from_value(file).unwrap();
    let mut a = set.deck("a").unwrap().to_vec();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "recall".into();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "bounce".into();
    (set, a)
}

/// MS-T42, MS-T50, MS-6.6, MS-3.6: a return to hand is neither a defeat nor a destroy:
/// no soul draw, no `AllyUnitDefeated`, counters cleared, the battlefield refilled.
#[test]
fn ms_t42_ms_t50_return_to_hand() {
    let (set, a) = bounce_set();
    let mut config = Config::with_decks(DeckChoice::List(a), DeckChoice::b());
    config.card_set = CardSetChoice::Custom(set);
    let mut s = Scenario::with_config(config.clone())
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["bounce"])
        .soul(P0, &[("fireball", false)])
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("iron_guard").damage(3))
        .unit(P1, Loc::Bench(0), "dice_gambler")
        .face_down(P1, 1, "last_stand")
        .build()
        .unwrap();
    let deck = s.deck(P1).len();
    let b = in_hand(&s, P0, "bounce");
    let mut events = act(&mut s, P0, Choice::UseTrump { card: b });
    events.extend(pass_windows(&mut s));
    assert!(defeated(&events).is_empty());
    assert_eq!(s.deck(P1).len(), deck, "no soul draw");
    assert!(s.hand(P1).iter().any(|&c| s.card_name(c) == "iron_guard"));
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });

    let mut s = Scenario::with_config(config)
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("fire_drake").damage(2).ex(1),
        )
        .unit(P0, Loc::Bench(0), "iron_guard")
        .hand(P0, &["recall"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let r = in_hand(&s, P0, "recall");
    act(&mut s, P0, Choice::UseTrump { card: r });
    pass_windows(&mut s);
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P0,
            loc: Loc::Battlefield,
        },
    );
    pass_windows(&mut s);
    act(&mut s, P0, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    let d = in_hand(&s, P0, "fire_drake");
    act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: d,
            bench: 1,
            face_up: true,
        },
    );
    let o = s.occupant(P0, Loc::Bench(1)).unwrap();
    assert_eq!((o.damage, o.ex), (0, 0));
}
