//! The resolution loop's order (MS-4.8, MS-6.7, MS-7.4): an ability that asks its owner a
//! question inside the loop is answered and finished — its discard, its draw, the deck-out
//! flag and the loss checkpoint — before any queued response window opens (MS-D1).

use crate::common::*;
use fuda_mattsan::*;

/// P0's attack defeats P1's iron_guard; P1 refills with a face-down old_sage, whose
/// OnFaceUp "may discard 1, then draw 2" is accepted. P1 has a face-down last_stand, so
/// P1 is eligible in the queued `UnitDefeated` window.
fn refill_with_old_sage(deck: &[&str]) -> State {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("iron_guard").damage(5))
        .face_down(P1, 0, "old_sage")
        .face_down(P1, 1, "last_stand")
        .hand(P1, &["quick_draw"])
        .deck_top(P1, deck)
        .exact_deck(P1)
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P1, Choice::Refill { bench: 0 });
    assert!(matches!(s.pending(), Pending::May { seat: P1, .. }));
    act(&mut s, P1, Choice::Accept);
    s
}

/// MS-4.8, MS-6.7: old_sage refilled inside the loop asks for its discard and draws
/// before the `UnitDefeated` window opens, so last_stand cannot answer mid-ability.
#[test]
fn ms_d1_ms_4_8_ms_6_7_refilled_ability_finishes_before_windows() {
    let mut s = refill_with_old_sage(&["blade_rookie", "iron_guard", "fireball", "first_aid"]);
    assert_eq!(
        s.pending(),
        Pending::DiscardFromHand {
            seat: P1,
            remaining: 1
        },
        "the discard is asked before any window"
    );
    let q = in_hand(&s, P1, "quick_draw");
    let hand = s.hand(P1).len();
    act(&mut s, P1, Choice::DiscardFromHand { card: q });
    assert_eq!(s.hand(P1).len(), hand - 1 + 2, "discard 1, then draw 2");
    assert!(
        matches!(s.pending(), Pending::Respond { seat: P1, window } if window.kind == WindowKind::DamageDealt),
        "the queued windows open only now: {:?}",
        s.pending()
    );
}

/// MS-7.4, MS-7.2: a player who decks out by old_sage's draw loses at the checkpoint that
/// follows the ability, before any queued window is offered.
#[test]
fn ms_d1_ms_7_4_deck_out_by_refilled_ability_loses_at_once() {
    // iron_guard's soul draw takes the deck's last two cards; old_sage's draw finds it empty.
    let mut s = refill_with_old_sage(&["blade_rookie", "fireball"]);
    assert!(matches!(
        s.pending(),
        Pending::DiscardFromHand { seat: P1, .. }
    ));
    let q = in_hand(&s, P1, "quick_draw");
    act(&mut s, P1, Choice::DiscardFromHand { card: q });
    assert_eq!(s.loss_flags(P1), (false, true, false));
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
}

/// MS-4.8: the same order when old_sage is placed face-up in the main step: the
/// `UnitPlaced` window (P1 has a face-down card) opens after the discard and the draw, and a
/// deck-out by the draw loses before it.
#[test]
fn ms_d1_ms_4_8_placed_ability_finishes_before_windows() {
    let build = |deck: &[&str]| {
        Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
            .unit(P0, Loc::Battlefield, "dice_gambler")
            .hand(P0, &["old_sage", "quick_draw"])
            .deck_top(P0, deck)
            .exact_deck(P0)
            .unit(P1, Loc::Battlefield, "iron_guard")
            .face_down(P1, 0, "guard_wall")
            .build()
            .unwrap()
    };
    for deck in [&["iron_guard", "fireball"][..], &["iron_guard"][..]] {
        let mut s = build(deck);
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
        act(&mut s, P0, Choice::Accept);
        assert!(
            matches!(s.pending(), Pending::DiscardFromHand { seat: P0, .. }),
            "{:?}",
            s.pending()
        );
        let q = in_hand(&s, P0, "quick_draw");
        act(&mut s, P0, Choice::DiscardFromHand { card: q });
        if deck.len() == 2 {
            assert_eq!(s.hand(P0).len(), 2);
            assert!(
                matches!(s.pending(), Pending::Respond { seat: P1, window } if window.kind == WindowKind::UnitPlaced)
            );
        } else {
            assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P1))));
        }
    }
}

/// A copy of the sample set where `old_sage`'s ability lacks its `hand_at_least` guard, so
/// only the general rule (MS-D2) keeps the empty-handed "may" from being offered.
fn unguarded_sage() -> Config {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    for card in file["cards"].as_array_mut().unwrap() {
        if card["id"] == "old_sage" {
            let ability = &mut card["abilities"][0];
            assert_eq!(
                ability["condition"],
                serde_json::json!({"hand_at_least": 1})
            );
            ability.as_object_mut().unwrap().remove("condition");
        }
    }
    let mut config = Config::with_decks(DeckChoice::b(), DeckChoice::a());
    config.card_set = CardSetChoice::Custom(serde_json::from_value(file).unwrap());
    config
}

/// MS-D2, MS-5.19: an optional effect whose first part cannot be done is not offered —
/// the sample old_sage through its `hand_at_least: 1` condition, any card through the
/// general rule; with a card to discard both are offered.
#[test]
fn ms_d2_optional_effect_needs_its_first_part() {
    for config in [
        Config::with_decks(DeckChoice::b(), DeckChoice::a()),
        unguarded_sage(),
    ] {
        for extra in [&[][..], &["quick_draw"][..]] {
            let mut hand = vec!["old_sage"];
            hand.extend_from_slice(extra);
            let mut s = Scenario::with_config(config.clone())
                .unit(P0, Loc::Battlefield, "dice_gambler")
                .hand(P0, &hand)
                .unit(P1, Loc::Battlefield, "iron_guard")
                .build()
                .unwrap();
            let o = in_hand(&s, P0, "old_sage");
            let before = s.hand(P0).len();
            act(
                &mut s,
                P0,
                Choice::PlaceUnit {
                    card: o,
                    bench: 0,
                    face_up: true,
                },
            );
            if extra.is_empty() {
                assert_eq!(s.pending(), Pending::Main { seat: P0 }, "nothing offered");
                assert_eq!(s.hand(P0).len(), before - 1, "no free draw");
            } else {
                assert!(matches!(s.pending(), Pending::May { seat: P0, .. }));
            }
        }
    }
}
