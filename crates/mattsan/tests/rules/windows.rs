//! Response windows (MS-5.16, MS-A42): traps and `AnyTurn` terrains in either player's
//! turn, negation, choices (MS-5.18) and optional effects (MS-5.19).

use crate::common::*;
use fuda_mattsan::*;

/// MS-T37, MS-5.9, MS-A27: an `AnyTurn` terrain used in the opponent's turn stays
/// sideways until its owner's step 2.
#[test]
fn ms_t37_mist_marsh_in_opponents_turn() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .terrain(P1, Loc::Battlefield, "mist_marsh", false)
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    assert!(matches!(s.pending(), Pending::Respond { seat: P1, .. }));
    act(
        &mut s,
        P1,
        Choice::UseTerrain {
            loc: Loc::Battlefield,
        },
    );
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0, "1 − 1");
    assert!(
        s.slot(P1, Loc::Battlefield)
            .unwrap()
            .terrain
            .unwrap()
            .tapped
    );
    act(&mut s, P0, Choice::EndTurn);
    pass_windows(&mut s);
    assert_eq!(s.active(), P1);
    assert!(
        !s.slot(P1, Loc::Battlefield)
            .unwrap()
            .terrain
            .unwrap()
            .tapped,
        "upright at P2's step 2"
    );
}

/// MS-T38, MS-6.2, MS-6.13: two damage modifiers stack with a floor of 0.
#[test]
fn ms_t38_guard_wall_and_mist_marsh() {
    let mut b = CardSet::sample().deck("b").unwrap().to_vec();
    let i = b.iter().position(|c| c == "fireball").unwrap();
    b[i] = "guard_wall".into();
    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::a(), DeckChoice::List(b)))
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .terrain(P1, Loc::Battlefield, "mist_marsh", false)
        .face_down(P1, 0, "guard_wall")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    // P0 has nothing face-down: skipped; priority returns to P1.
    act(
        &mut s,
        P1,
        Choice::UseTerrain {
            loc: Loc::Battlefield,
        },
    );
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0);
    assert!(s
        .discard(P1)
        .iter()
        .any(|&c| s.card_name(c) == "guard_wall"));
    assert!(
        s.slot(P1, Loc::Battlefield)
            .unwrap()
            .terrain
            .unwrap()
            .tapped
    );
}

/// MS-T39, MS-6.12, MS-A33: a negated trump does nothing; its cost and soul card stay
/// spent; both cards go to the discard piles.
#[test]
fn ms_t39_spell_jammer() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["fireball", "iron_guard"])
        .soul(P0, &[("first_aid", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 0, "spell_jammer")
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "fireball");
    act(&mut s, P0, Choice::UseTrump { card: f });
    let g = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::DiscardForCost { card: g });
    pass_windows_until_trump(&mut s);
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P1,
            loc: Loc::Battlefield,
        },
    );
    assert!(
        matches!(s.pending(), Pending::Respond { seat: P1, window } if window.kind == WindowKind::TrumpDeclared)
    );
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0);
    assert!(s.soul(P0)[0].tapped);
    assert_eq!(s.discard(P0).len(), 2, "fireball and its cost");
    assert_eq!(s.discard(P1).len(), 1, "spell_jammer");
}

fn pass_windows_until_trump(s: &mut State) {
    while let Pending::Respond { seat, .. } = s.pending() {
        act(s, seat, Choice::Pass);
    }
}

/// MS-T40, MS-5.18: `ForceSwap` with no enemy bench unit does nothing (the trump is
/// still discarded); with two units the enemy chooses.
#[test]
fn ms_t40_forced_retreat() {
    let config = Config::with_decks(DeckChoice::b(), DeckChoice::a());
    let mut s = Scenario::with_config(config.clone())
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .hand(P0, &["forced_retreat"])
        .soul(P0, &[("quick_draw", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 0, "guard_wall")
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "forced_retreat");
    act(&mut s, P0, Choice::UseTrump { card: f });
    pass_windows(&mut s);
    assert_eq!(name_at(&s, P1, Loc::Battlefield), "iron_guard");
    assert!(s.discard(P0).contains(&f));
    let mut s = Scenario::with_config(config)
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .hand(P0, &["forced_retreat"])
        .soul(P0, &[("quick_draw", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Bench(0), "blade_rookie")
        .unit(P1, Loc::Bench(2), "fire_drake")
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "forced_retreat");
    act(&mut s, P0, Choice::UseTrump { card: f });
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::ForceSwap { seat: P1, side: P1 });
    act(
        &mut s,
        P1,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(2),
        },
    );
    assert_eq!(name_at(&s, P1, Loc::Battlefield), "fire_drake");
    assert_eq!(name_at(&s, P1, Loc::Bench(2)), "iron_guard");
}

/// MS-T52, MS-A42, MS-5.16: a player with a face-down bench card is always asked and
/// may always pass; the opponent's view is the same whether it is a unit or a trap; a
/// player with nothing face-down is not asked.
#[test]
fn ms_t52_window_privacy() {
    let build = |card: &str| {
        Scenario::with_config(deck_a_both())
            .unit(P0, Loc::Battlefield, "blade_rookie")
            .unit(P1, Loc::Battlefield, "dawn_monk")
            .face_down(P1, 0, card)
            .build()
            .unwrap()
    };
    let (mut unit, mut trap) = (build("iron_guard"), build("guard_wall"));
    act(&mut unit, P0, Choice::Attack);
    act(&mut trap, P0, Choice::Attack);
    assert!(matches!(unit.pending(), Pending::Respond { seat: P1, .. }));
    assert_eq!(choices(&unit, P1), vec![Choice::Pass]);
    assert_eq!(
        view(&unit, Observer::Seat(P0)),
        view(&trap, Observer::Seat(P0))
    );
    let mut none = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "dawn_monk")
        .build()
        .unwrap();
    act(&mut none, P0, Choice::Attack);
    assert_eq!(none.pending(), Pending::EndTurn { seat: P0 }, "not asked");
}

/// MS-5.19, MS-A10: an optional "may" is a decision of the controller.
#[test]
fn ms_5_19_may() {
    for accept in [true, false] {
        let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
            .unit(P0, Loc::Battlefield, "dice_gambler")
            .hand(P0, &["old_sage", "iron_guard"])
            .unit(P1, Loc::Battlefield, "iron_guard")
            .build()
            .unwrap();
        let o = in_hand(&s, P0, "old_sage");
        act(
            &mut s,
            P0,
            Choice::PlaceUnit {
                card: o,
                bench: 0,
                face_up: true,
            },
        );
        assert!(matches!(s.pending(), Pending::May { seat: P0, .. }));
        if accept {
            act(&mut s, P0, Choice::Accept);
            assert!(matches!(
                s.pending(),
                Pending::DiscardFromHand {
                    seat: P0,
                    remaining: 1
                }
            ));
            let g = in_hand(&s, P0, "iron_guard");
            act(&mut s, P0, Choice::DiscardFromHand { card: g });
            assert_eq!(s.hand(P0).len(), 2, "discard 1, draw 2");
        } else {
            act(&mut s, P0, Choice::Decline);
            assert_eq!(s.hand(P0).len(), 1);
        }
    }
}

/// MS-5.18, MS-A34: "unit" choices offer face-up units only; a choice among the
/// opponent's face-down cards offers every one.
#[test]
fn ms_5_18_choice_options() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .hand(P0, &["fireball", "iron_guard"])
        .soul(P0, &[("first_aid", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Bench(0), "dice_gambler")
        .face_down(P1, 1, "twin_fang")
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "fireball");
    act(&mut s, P0, Choice::UseTrump { card: f });
    let g = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::DiscardForCost { card: g });
    assert_eq!(
        choices(&s, P0),
        vec![
            Choice::Target {
                side: P1,
                loc: Loc::Battlefield
            },
            Choice::Target {
                side: P1,
                loc: Loc::Bench(0)
            },
        ]
    );
}
