//! Main-step actions (MS-4.4, MS-5.4 to MS-5.10): units, flips, traps, trumps,
//! terrains; locations and bench capacity (MS-3.5, MS-3.7).

use crate::common::*;
use fuda_mattsan::*;

fn base() -> Scenario {
    Scenario::new()
        .unit(P0, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Battlefield, "iron_guard")
}

/// MS-T12, MS-5.4, MS-3.7, MS-3.5, MS-A4, MS-4.4: bench placement and capacity; a
/// location holding only a terrain is empty; nothing is placed on the enemy field.
#[test]
fn ms_t12_unit_placement() {
    let mut s = base()
        .hand(P0, &["blade_rookie", "blade_rookie"])
        .unit(P0, Loc::Bench(0), "dawn_monk")
        .unit(P0, Loc::Bench(1), "war_drummer")
        .terrain(P0, Loc::Bench(2), "fortress_hill", false)
        .build()
        .unwrap();
    let r = in_hand(&s, P0, "blade_rookie");
    assert!(
        is_legal(
            &s,
            P0,
            Choice::PlaceUnit {
                card: r,
                bench: 2,
                face_up: false
            }
        ),
        "terrain-only location is empty"
    );
    act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: r,
            bench: 2,
            face_up: false,
        },
    );
    let r2 = in_hand(&s, P0, "blade_rookie");
    for b in 0..8 {
        assert!(
            !is_legal(
                &s,
                P0,
                Choice::PlaceUnit {
                    card: r2,
                    bench: b,
                    face_up: false
                }
            ),
            "bench full"
        );
    }
    assert!(choices(&s, P0)
        .iter()
        .all(|c| !matches!(c, Choice::Target { side, .. } if *side == P1)));
}

/// MS-T13, MS-5.5: flipping is one-way; no action turns a face-up unit face-down.
#[test]
fn ms_t13_no_unflip() {
    let mut s = base().face_down(P0, 0, "war_drummer").build().unwrap();
    act(&mut s, P0, Choice::FlipUnit { bench: 0 });
    assert!(s.occupant(P0, Loc::Bench(0)).unwrap().face_up);
    assert!(!is_legal(&s, P0, Choice::FlipUnit { bench: 0 }));
}

/// MS-T14, MS-5.6, MS-5.10: a trap is set face-down only and is usable only when its
/// condition holds.
#[test]
fn ms_t14_traps_set_face_down() {
    let mut s = base().hand(P0, &["guard_wall"]).build().unwrap();
    let w = in_hand(&s, P0, "guard_wall");
    let err = try_act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: w,
            bench: 0,
            face_up: true,
        },
    )
    .unwrap_err();
    assert!(matches!(err, Error::WrongCard { .. }), "{err}");
    act(&mut s, P0, Choice::PlaceTrap { card: w, bench: 0 });
    assert!(!s.occupant(P0, Loc::Bench(0)).unwrap().face_up);
    assert!(
        !is_legal(&s, P0, Choice::ActivateTrap { bench: 0 }),
        "no enemy attack"
    );
}

/// MS-T15, MS-5.7, MS-6.12: each trump turns one upright soul card sideways; the trumps
/// and the cost card end in the discard pile.
#[test]
fn ms_t15_trumps_use_soul_cards() {
    let mut s = base()
        .hand(
            P0,
            &["power_potion", "fireball", "fireball", "blade_rookie"],
        )
        .soul(P0, &[("first_aid", false), ("pickpocket", false)])
        .build()
        .unwrap();
    let p = in_hand(&s, P0, "power_potion");
    act(&mut s, P0, Choice::UseTrump { card: p });
    pass_windows(&mut s);
    let f = in_hand(&s, P0, "fireball");
    act(&mut s, P0, Choice::UseTrump { card: f });
    assert!(matches!(
        s.pending(),
        Pending::PayDiscard {
            seat: P0,
            remaining: 1
        }
    ));
    let cost = in_hand(&s, P0, "blade_rookie");
    act(&mut s, P0, Choice::DiscardForCost { card: cost });
    assert!(matches!(
        s.pending(),
        Pending::ChooseTarget { seat: P0, .. }
    ));
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P1,
            loc: Loc::Battlefield,
        },
    );
    pass_windows(&mut s);
    assert!(s.soul(P0).iter().all(|c| c.tapped));
    let f2 = in_hand(&s, P0, "fireball");
    let err = try_act(&mut s, P0, Choice::UseTrump { card: f2 }).unwrap_err();
    assert!(matches!(err, Error::SoulCharge { .. }), "{err}");
    let names: Vec<&str> = s.discard(P0).iter().map(|&c| s.card_name(c)).collect();
    assert!(
        names.contains(&"power_potion")
            && names.contains(&"fireball")
            && names.contains(&"blade_rookie")
    );
}

/// MS-T16, MS-A33: a `DiscardCost` cannot be paid with the card itself.
#[test]
fn ms_t16_discard_cost_excludes_the_card() {
    let s = base()
        .hand(P0, &["fireball"])
        .soul(P0, &[("first_aid", false)])
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "fireball");
    assert!(!is_legal(&s, P0, Choice::UseTrump { card: f }));
    let mut s = base()
        .hand(P0, &["fireball", "iron_guard"])
        .soul(P0, &[("first_aid", false)])
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "fireball");
    act(&mut s, P0, Choice::UseTrump { card: f });
    let g = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::DiscardForCost { card: g });
    assert!(s.hand(P0).is_empty());
}

/// MS-T17, MS-5.8, MS-5.9, MS-A26, MS-A28, MS-6.14: terrain placement restrictions; a
/// terrain works only under a face-up unit; tapping uses no soul card; once per upright.
#[test]
fn ms_t17_catapult_tower() {
    let mut s = base()
        .hand(P0, &["catapult_tower", "blade_rookie"])
        .build()
        .unwrap();
    let t = in_hand(&s, P0, "catapult_tower");
    assert!(
        !is_legal(
            &s,
            P0,
            Choice::PlaceTerrain {
                card: t,
                loc: Loc::Battlefield
            }
        ),
        "BenchOnly"
    );
    act(
        &mut s,
        P0,
        Choice::PlaceTerrain {
            card: t,
            loc: Loc::Bench(0),
        },
    );
    assert!(
        !is_legal(&s, P0, Choice::UseTerrain { loc: Loc::Bench(0) }),
        "no unit on it"
    );
    let r = in_hand(&s, P0, "blade_rookie");
    act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: r,
            bench: 0,
            face_up: false,
        },
    );
    pass_windows(&mut s);
    assert!(
        !is_legal(&s, P0, Choice::UseTerrain { loc: Loc::Bench(0) }),
        "face-down unit"
    );
    act(&mut s, P0, Choice::FlipUnit { bench: 0 });
    act(&mut s, P0, Choice::UseTerrain { loc: Loc::Bench(0) });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 1);
    assert!(s.slot(P0, Loc::Bench(0)).unwrap().terrain.unwrap().tapped);
    assert!(s.soul(P0).is_empty());
    assert!(!is_legal(&s, P0, Choice::UseTerrain { loc: Loc::Bench(0) }));
}

/// MS-T36, MS-A27, MS-5.8, MS-A6: replacing a sideways terrain (張り替え) discards the old
/// one; the new one is upright and usable at once; a terrain may go under an occupant.
#[test]
fn ms_t36_terrain_replacement() {
    let mut s = base()
        .unit(P0, Loc::Bench(0), "blade_rookie")
        .terrain(P0, Loc::Bench(0), "catapult_tower", true)
        .hand(P0, &["catapult_tower"])
        .build()
        .unwrap();
    let old = s.slot(P0, Loc::Bench(0)).unwrap().terrain.unwrap().card;
    let t = in_hand(&s, P0, "catapult_tower");
    act(
        &mut s,
        P0,
        Choice::PlaceTerrain {
            card: t,
            loc: Loc::Bench(0),
        },
    );
    assert!(s.discard(P0).contains(&old));
    assert_eq!(
        s.slot(P0, Loc::Bench(0)).unwrap().terrain,
        Some(Terrain {
            card: t,
            tapped: false
        })
    );
    assert!(is_legal(&s, P0, Choice::UseTerrain { loc: Loc::Bench(0) }));
}

/// MS-A6 option: `terrain_under_occupant = false` allows empty locations only.
#[test]
fn ms_a6_terrain_under_occupant_variant() {
    let s = base()
        .configure(|c| c.terrain_under_occupant = false)
        .unit(P0, Loc::Bench(0), "blade_rookie")
        .hand(P0, &["fortress_hill"])
        .build()
        .unwrap();
    let t = in_hand(&s, P0, "fortress_hill");
    assert!(!is_legal(
        &s,
        P0,
        Choice::PlaceTerrain {
            card: t,
            loc: Loc::Bench(0)
        }
    ));
    assert!(!is_legal(
        &s,
        P0,
        Choice::PlaceTerrain {
            card: t,
            loc: Loc::Battlefield
        }
    ));
    assert!(is_legal(
        &s,
        P0,
        Choice::PlaceTerrain {
            card: t,
            loc: Loc::Bench(1)
        }
    ));
}

/// MS-T29, MS-A11, MS-5.4: a unit placed face-up in step 4 triggers OnFaceUp.
#[test]
fn ms_t29_face_up_placement_triggers() {
    let mut s = base()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("iron_guard").damage(3))
        .hand(P0, &["field_medic"])
        .build()
        .unwrap();
    let m = in_hand(&s, P0, "field_medic");
    act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: m,
            bench: 0,
            face_up: true,
        },
    );
    assert!(
        matches!(s.pending(), Pending::ChooseTarget { seat: P0, .. }),
        "heal offered"
    );
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P0,
            loc: Loc::Battlefield,
        },
    );
    assert_eq!(damage(&s, P0, Loc::Battlefield), 1);
}

/// MS-A11 option: with `face_up_placement_triggers_flip = false` no heal is offered.
#[test]
fn ms_a11_face_up_placement_variant() {
    let mut s = base()
        .configure(|c| c.face_up_placement_triggers_flip = false)
        .hand(P0, &["field_medic"])
        .build()
        .unwrap();
    let m = in_hand(&s, P0, "field_medic");
    act(
        &mut s,
        P0,
        Choice::PlaceUnit {
            card: m,
            bench: 0,
            face_up: true,
        },
    );
    assert_eq!(s.pending(), Pending::Main { seat: P0 });
}

/// MS-5.5: flipping a face-down unit triggers OnFaceUp (scout_owl peeks, MS-8).
#[test]
fn ms_5_5_flip_triggers_and_peek_is_private() {
    let mut s = base()
        .face_down(P0, 0, "scout_owl")
        .face_down(P1, 1, "last_stand")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::FlipUnit { bench: 0 });
    pass_windows(&mut s);
    assert!(matches!(s.pending(), Pending::ChooseTarget { .. }));
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(1),
        },
    );
    pass_windows(&mut s);
    let trap = at(&s, P1, Loc::Bench(1));
    let mine = view(&s, Observer::Seat(P0));
    assert!(
        matches!(mine.players[1].field[2].occupant, Some(CardView::FaceDown { card: Some(c) }) if c == trap)
    );
    let spect = view(&s, Observer::Spectator);
    assert!(matches!(
        spect.players[1].field[2].occupant,
        Some(CardView::FaceDown { card: None })
    ));
}

/// MS-T45, MS-A12, MS-5.6, MS-A33: a trap set this turn answers a defeat caused by a
/// cost in the same turn (after the soul draw and the refill); the variant forbids it.
#[test]
fn ms_t45_trap_usable_the_turn_it_is_set() {
    for usable in [true, false] {
        let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
            .configure(|c| c.trap_usable_turn_set = usable)
            .unit_spec(P0, Loc::Battlefield, UnitSpec::new("iron_guard").damage(5))
            .unit(P0, Loc::Bench(1), "dawn_monk")
            .unit(P1, Loc::Battlefield, "blade_rookie")
            .hand(P0, &["last_stand", "recharge"])
            .soul(P0, &[("quick_draw", false)])
            .build()
            .unwrap();
        let t = in_hand(&s, P0, "last_stand");
        act(&mut s, P0, Choice::PlaceTrap { card: t, bench: 0 });
        pass_windows(&mut s);
        let r = in_hand(&s, P0, "recharge");
        let deck = s.deck(P0).len();
        act(&mut s, P0, Choice::UseTrump { card: r });
        assert_eq!(s.deck(P0).len(), deck - 2, "soul draw of iron_guard");
        assert_eq!(s.pending(), Pending::Refill { seat: P0 });
        act(&mut s, P0, Choice::Refill { bench: 1 });
        // The cost's DamageDealt window comes first.
        while matches!(s.pending(), Pending::Respond { window, .. } if window.kind == WindowKind::DamageDealt)
        {
            let seat = s.pending().seats().first().unwrap();
            act(&mut s, seat, Choice::Pass);
        }
        assert!(
            matches!(s.pending(), Pending::Respond { seat: P0, window } if window.kind == WindowKind::UnitDefeated)
        );
        assert_eq!(is_legal(&s, P0, Choice::ActivateTrap { bench: 0 }), usable);
        if usable {
            act(&mut s, P0, Choice::ActivateTrap { bench: 0 });
            pass_windows(&mut s);
            assert_eq!(damage(&s, P1, Loc::Battlefield), 1);
        }
    }
}

/// MS-T51, MS-T43, MS-3.7: a bench location above a reduced capacity keeps its unit but accepts
/// no new card; a location below it accepts a terrain.
#[test]
fn ms_t51_bench_locations_after_capacity_drop() {
    let mut s = base()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(
            P1,
            Loc::Battlefield,
            UnitSpec::new("castle_builder").damage(2),
        )
        .unit(P1, Loc::Bench(0), "iron_guard")
        .unit(P1, Loc::Bench(1), "dice_gambler")
        .unit(P1, Loc::Bench(2), "twin_fang")
        .unit(P1, Loc::Bench(3), "old_sage")
        .hand(P1, &["healing_spring", "blade_rookie"])
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });
    act(&mut s, P1, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    act(&mut s, P1, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    assert_eq!(name_at(&s, P1, Loc::Bench(3)), "old_sage");
    let h = in_hand(&s, P1, "healing_spring");
    assert!(!is_legal(
        &s,
        P1,
        Choice::PlaceTerrain {
            card: h,
            loc: Loc::Bench(3)
        }
    ));
    let r = in_hand(&s, P1, "blade_rookie");
    assert!(!is_legal(
        &s,
        P1,
        Choice::PlaceUnit {
            card: r,
            bench: 0,
            face_up: false
        }
    ));
    assert!(is_legal(
        &s,
        P1,
        Choice::PlaceTerrain {
            card: h,
            loc: Loc::Bench(0)
        }
    ));
    assert!(
        is_legal(&s, P1, Choice::Swap { bench: 3 }),
        "a swap may use it"
    );
}
