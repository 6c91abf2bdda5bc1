//! The turn: turn start, redraw, the main decision, the end of the turn, the adjustment and
//! passing the turn (spec CC-4.1 to CC-4.7, CC-5.1, CC-5.2, CC-5.4, CC-5.10).

use crate::common::*;
use fuda_creature_clash::{Choice, EndOfTurnAdjust, Error, Event, Outcome, Pending};

/// P1 without a MIDDLE part.
const P1_NO_MIDDLE: [&str; 7] = [
    "rhino_f",
    "barracuda_b",
    "moose_f",
    "dromedary_f",
    "vulture_f",
    "rabies_1",
    "ostrich_b",
];

/// CC-T3, CC-4.3, CC-5.4: P1 holds 8 cards after the turn draw and no MIDDLE: the legal
/// actions are exactly `Discard` of each of the 8 (no Attack, no Redraw); afterwards P1
/// holds 7, the discard pile grew by one and P2 is active.
#[test]
fn cc_t3_cannot_build_must_discard() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .hand(P1, &P1_NO_MIDDLE)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert_eq!(g.hand_len(P1), 8);
    let mut want: Vec<Choice> =
        g.s.hand(P1)
            .iter()
            .map(|&card| Choice::Discard { card })
            .collect();
    want.sort();
    assert_eq!(g.choices(), want);
    let events = g.act(P1, g.discard("ostrich_b"));
    assert!(events.contains(&Event::Discarded {
        seat: P1,
        card: g.id("ostrich_b"),
    }));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.hand_len(P1), 7);
    assert_eq!(g.discards(), strs(&["ostrich_b"]));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T4, CC-4.3, CC-4.5, CC-5.4: P1 can build: the legal set holds both `Attack` and
/// `Discard`; `Discard` ends the turn with no battle.
#[test]
fn cc_t4_attack_is_optional() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    let choices = g.choices();
    assert!(choices.contains(&g.attack(RC, P2)));
    assert!(choices.contains(&g.discard(TURN_CARD)));
    let events = g.act(P1, g.discard(TURN_CARD));
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert!(g.s.chain().is_none());
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T16, CC-5.1, CC-4.1, CC-4.5: `Redraw` puts the whole hand face up on the discard
/// pile (card-id order), draws 7 and ends the turn; P1 may redraw again on its next turn.
#[test]
fn cc_t16_redraw() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let mut old = g.s.hand(P1).to_vec();
    old.sort();
    let events = g.act(P1, Choice::Redraw);
    assert!(events.contains(&Event::Redrew {
        seat: P1,
        cards: old.clone(),
    }));
    assert_eq!(g.s.discard(), old.as_slice());
    assert_eq!(Table::drawers(&events), vec![P1; 7]);
    assert!(!events.iter().any(|e| matches!(e, Event::Attacked { .. })));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.hand_len(P1), 7);
    assert!(old.iter().all(|c| !g.s.hand(P1).contains(c)));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
    for _ in 0..3 {
        g.finish_turn();
    }
    assert_eq!(g.pending(), Pending::TurnStart { seat: P1 });
    assert!(g.choices().contains(&Choice::Redraw));
    g.act(P1, Choice::Redraw);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T17, CC-4.1: after `DrawForTurn`, `Redraw` is no longer legal.
#[test]
fn cc_t17_no_redraw_after_turn_draw() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    assert!(!g.choices().contains(&Choice::Redraw));
    let err = g.reject(P1, Choice::Redraw);
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");
}

/// CC-T18, CC-5.1, CC-5.2: the turn start offers exactly `Redraw` (the whole hand, no card
/// choice exists) and `DrawForTurn`; no action discards part of the hand and redraws.
#[test]
fn cc_t18_no_partial_redraw() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    assert_eq!(g.choices(), vec![Choice::Redraw, Choice::DrawForTurn]);
    // A main-step `Discard` is not a redraw: nothing is drawn back until the adjustment,
    // and the turn draw came first.
    let err = g.reject(P1, g.discard("moose_f"));
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");
    g.act(P1, Choice::Redraw);
    assert_eq!(g.discards().len(), 7);
}

/// CC-5.2, CC-4.2: `DrawForTurn` draws the top card into P1's hand, then the main decision.
#[test]
fn cc_5_2_draw_for_turn() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let deck = g.deck_len();
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::Drew {
        seat: P1,
        card: Some(g.id(TURN_CARD)),
    }));
    assert_eq!(g.deck_len(), deck - 1);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-4.3, CC-4.5, CC-A22: a player whose hand is empty and whose turn draw fails cannot
/// act: the turn ends with no action.
#[test]
fn cc_4_3_empty_hand_ends_turn() {
    let mut g = setup(4)
        .hand(P1, &[])
        .hand(P2, &P2_LION)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::DrawFailed { seat: P1 }));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
    assert!(g.s.outcome().is_none());
}

/// CC-4.6, CC-A20, CC-A21, CC-4.0c: at the end of the turn every player is adjusted,
/// clockwise from the active one: P2 (5 cards) refills before P0 (6 cards).
#[test]
fn cc_4_6_adjustment_order() {
    let mut g = setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &P2_LION[..5])
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK[..6])
        .deck(&[TURN_CARD])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    let events = g.act(P1, g.discard(TURN_CARD));
    assert_eq!(Table::drawers(&events), vec![P2, P2, P0]);
    assert_eq!([P0, P1, P2, P3].map(|p| g.hand_len(p)), [7, 7, 7, 7]);
}

/// CC-5.10, CC-4.6: a player holding 9 at the adjustment discards one card at a time, of
/// their choice, until 7 remain; then the next player is adjusted.
#[test]
fn cc_5_10_discard_excess_until_seven() {
    let p3 = [
        "ostrich_f",
        "ostrich_m",
        "turtle_f",
        "turtle_m",
        "penguin_f",
        "penguin_m",
        "rabbit_f",
        "shark_f",
        "tiger_f",
    ];
    let mut g = standard(&P2_LION, &p3, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.discard(TURN_CARD));
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P3 });
    let err = g.reject(P3, g.excess("lion_f"));
    assert!(matches!(err, Error::CardNotInHand { .. }), "{err}");
    g.act(P3, g.excess("shark_f"));
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P3 });
    let events = g.act(P3, g.excess("tiger_f"));
    assert!(events.contains(&Event::DiscardedExcess {
        seat: P3,
        card: g.id("tiger_f"),
    }));
    assert_eq!(g.hand_len(P3), 7);
    assert_eq!(g.discard_top(2), strs(&["shark_f", "tiger_f"]));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// `end_of_turn_adjust = ActiveOnly` (CC-A20 variant): only the active player is adjusted:
/// the winning defender P2 keeps 8 cards and a short P0 stays short.
#[test]
fn cc_a20_variant_active_only() {
    let p2 = [
        "grizzly_f",
        "elephant_m",
        "kangaroo_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = standard(&p2, &P3_NO_BACK, &P0_NO_BACK[..6])
        .configure(|c| c.end_of_turn_adjust = EndOfTurnAdjust::ActiveOnly)
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(GRIZ24));
    g.act(P2, g.steal("rhino_f"));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
    assert_eq!(g.hand_len(P2), 8);
    assert_eq!(g.hand_len(P0), 6);
}

/// CC-4.7, CC-3.8: after the adjustment the player to the left becomes active; every turn
/// counts toward the turns completed.
#[test]
fn cc_4_7_next_turn() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(g.s.active());
        g.finish_turn();
    }
    assert_eq!(order, vec![P1, P2, P3, P0, P1]);
    assert_eq!(g.s.turns_completed(), 5);
}

/// CC-4.7, CC-7.3, `turn_limit`: every turn counts, Redraw turns included; when the limit
/// is reached the game ends (no Champions: a draw).
#[test]
fn cc_4_7_turn_limit_counts_redraw_turns() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .configure(|c| c.turn_limit = 2)
        .build();
    g.act(P1, Choice::Redraw);
    assert_eq!(g.s.turns_completed(), 1);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
    g.act(P2, Choice::DrawForTurn);
    let card = g.s.hand(P2)[0];
    let events = g.act(P2, Choice::Discard { card });
    assert!(events.contains(&Event::GameOver {
        outcome: Outcome::Draw
    }));
    assert_eq!(g.s.turns_completed(), 2);
    assert_eq!(g.pending(), Pending::GameOver);
}

/// CC-A25, CC-4.5: the source's list of turn ends omits two that the rules imply: the
/// creature's death after a non-final RABIES win, and a mid-chain berserk battle taking the
/// creature out of play. Both end P1's turn with P0 never attacked.
#[test]
fn cc_a25_rabies_death_and_berserk_end_the_turn() {
    let p3 = [
        "grizzly_f",
        "grizzly_m",
        "elephant_b",
        "shark_f",
        "tiger_f",
        "rabbit_f",
        "octopus_f",
    ];
    let beaten_p2 = |deck: &[&str]| {
        let mut g = standard(&P2_LION, &p3, &P0_NO_BACK).deck(deck).build();
        rc_attacks(&mut g, P2);
        g.act(P2, g.defend(LION20));
        g
    };
    let ends_turn = |g: &Table, events: &[Event]| {
        assert!(events.contains(&Event::TurnEnded { seat: P1 }));
        assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
        assert!(!g
            .events
            .iter()
            .any(|e| matches!(e, Event::Attacked { target: P0, .. })));
    };

    let mut g = beaten_p2(&[TURN_CARD]);
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P3, "rabies_1"));
    g.act(P3, g.defend(GRIZ29));
    let events = g.act(P1, Choice::DeclineSteal);
    assert!(events.contains(&Event::CreatureDied { seat: P1 }));
    ends_turn(&g, &events);

    // P2's refill draws `berserk_2`; P3 (29) beats RC (23) in the berserk battle.
    let mut g = beaten_p2(&[TURN_CARD, "berserk_2"]);
    g.act(P1, Choice::DeclineSteal);
    let events = g.act(P3, g.commit(GRIZ29));
    assert_eq!(g.s.champions(P3).len(), 1);
    ends_turn(&g, &events);
}
