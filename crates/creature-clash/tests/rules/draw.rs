//! Drawing: `can_make_creature`, `draw_one`, `refill`, reshuffles and the loop guard
//! (spec CC-4.0a to CC-4.0d, CC-A22, CC-7.4, R4).

use crate::common::*;
use fuda_creature_clash::{Choice, Event, Pending};

/// Twelve cards for a discard pile.
const TWELVE: [&str; 12] = [
    "lion_f",
    "wolf_m",
    "kangaroo_b",
    "eagle_f",
    "gorilla_f",
    "hamster_f",
    "mosquito_f",
    "shark_f",
    "tiger_m",
    "lion_b",
    "elephant_f",
    "cobra_f",
];

fn hands() -> Setup {
    setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &P3_NO_BACK)
        .hand(P3, &P0_NO_BACK)
        .hand(
            P0,
            &[
                "grizzly_f",
                "grizzly_m",
                "elephant_m",
                "turtle_b",
                "penguin_b",
                "rabbit_b",
                "ostrich_b",
            ],
        )
}

/// CC-4.0a: a hand can build a creature iff it holds a FRONT, a MIDDLE and a BACK part;
/// cards in a champion area do not count.
#[test]
fn cc_4_0a_can_make_creature() {
    // P1 holds FRONTs and a MIDDLE; its only BACK-type cards are in its champion area.
    let p1 = [
        "rhino_f",
        "crocodile_m",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "rabies_1",
        "hippo_f",
    ];
    let mut g = hands()
        .hand(P1, &p1)
        .champion(P1, ["barracuda_f", "barracuda_m", "barracuda_b"])
        // P2, P3 and P0 draw the three FRONTs; P1's next turn draw is `kangaroo_b`.
        .deck(&[TURN_CARD, "shark_f", "tiger_f", "elephant_f", "kangaroo_b"])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert!(g
        .choices()
        .iter()
        .all(|c| matches!(c, Choice::Discard { .. })));
    g.act(P1, g.discard(TURN_CARD));
    for _ in 0..3 {
        g.finish_turn();
    }
    // With `kangaroo_b` drawn P1 can build again.
    g.act(P1, Choice::DrawForTurn);
    assert!(g.holds(P1, "kangaroo_b"));
    assert!(g
        .choices()
        .contains(&g.attack(["rhino_f", "crocodile_m", "kangaroo_b"], P2)));
}

/// CC-4.0b: `draw_one` takes the top card of the deck into the drawer's hand.
#[test]
fn cc_4_0b_draw_takes_top_card() {
    let mut g = hands().deck(&["shark_b", "tiger_b"]).build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        1
    );
    assert!(g.holds(P1, "shark_b") && !g.holds(P1, "tiger_b"));
    assert_eq!(g.deck_len(), 1);
}

/// CC-4.0c, CC-4.0b: a BERSERK! drawn during a refill never enters the hand and does not
/// count toward the 7 (here with the battle deferred so the refill runs straight on).
#[test]
fn cc_4_0c_berserk_does_not_count_toward_seven() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .deck(&[TURN_CARD, "berserk_1"])
        .configure(|c| c.berserk_timing = fuda_creature_clash::BerserkTiming::DeferUntilAttackEnds)
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    assert_eq!(Table::drawers(&events), vec![P2, P2, P2]);
    assert_eq!(g.hand_len(P2), 7);
    assert!(!g.holds(P2, "berserk_1"));
}

/// CC-T20, CC-4.0b, R4: deck 0, discard 12: `DrawForTurn` shuffles the discard pile into
/// a 12-card deck and P1 draws one: deck 11, discard 0.
#[test]
fn cc_t20_reshuffle_on_empty_deck() {
    let mut g = hands().discard(&TWELVE).build();
    assert_eq!((g.deck_len(), g.discards().len()), (0, 12));
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::Reshuffled { cards: 12 }));
    assert_eq!((g.deck_len(), g.discards().len()), (11, 0));
    assert_eq!(g.hand_len(P1), 8);
    let drawn =
        g.s.hand(P1)
            .iter()
            .find(|c| !P1_HAND.contains(&g.name(**c).as_str()));
    assert!(TWELVE.contains(&g.name(*drawn.unwrap()).as_str()));
}

/// R4: the reshuffled deck's order comes from the game's generator: the same seed gives
/// the same order, and a forced reshuffle fixes the whole order of the new deck (the
/// first listed card drawn first).
#[test]
fn r4_reshuffle_order_is_the_generators() {
    let deck_after = |seed| {
        let mut g = hands().discard(&TWELVE).seed(seed).build();
        g.act(P1, Choice::DrawForTurn);
        g.names(g.s.deck())
    };
    assert_eq!(deck_after(7), deck_after(7));
    let mut order = TWELVE.to_vec();
    order.reverse();
    let mut g = Table::new(
        hands()
            .discard(&TWELVE)
            .scenario()
            .force_shuffle(&order)
            .build()
            .unwrap(),
    );
    g.act(P1, Choice::DrawForTurn);
    assert!(g.holds(P1, order[0]), "the first listed is drawn");
    let mut rest: Vec<String> = g.names(g.s.deck());
    rest.reverse();
    assert_eq!(rest, strs(&order[1..]), "the deck, top first");
}

/// CC-E9, CC-5.1, CC-4.0c: deck 3, discard 5; `Redraw` puts 7 on the discard pile (12),
/// draws the 3, reshuffles the 12 (P1's old hand among them) and draws 4: hand 7, deck 8,
/// discard 0.
#[test]
fn cc_e9_redraw_reshuffle() {
    let mut g = hands()
        .deck(&["shark_b", "tiger_b", "lion_b"])
        .discard(&TWELVE[..5])
        .build();
    let events = g.act(P1, Choice::Redraw);
    assert!(events.contains(&Event::Reshuffled { cards: 12 }));
    assert_eq!(g.hand_len(P1), 7);
    assert!(["shark_b", "tiger_b", "lion_b"]
        .iter()
        .all(|c| g.holds(P1, c)));
    assert_eq!((g.deck_len(), g.discards().len()), (8, 0));
    // The 11 unseen cards: P1's old hand and the old discard, split between hand and deck.
    let mut pool: Vec<String> = g.names(g.s.deck());
    pool.extend(
        g.hand(P1)
            .into_iter()
            .filter(|c| !["shark_b", "tiger_b", "lion_b"].contains(&c.as_str())),
    );
    pool.sort();
    let mut want = strs(&P1_HAND);
    want.extend(strs(&TWELVE[..5]));
    want.sort();
    assert_eq!(pool, want);
}

/// CC-E13, CC-A22: deck 0 and a discard pile of only `berserk_3`: no reshuffle, the draw
/// fails, P1 continues with its hand and the BERSERK! stays in the discard pile.
#[test]
fn cc_e13_loop_guard() {
    let mut g = hands().discard(&["berserk_3"]).build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::DrawFailed { seat: P1 }));
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!(g.discards(), strs(&["berserk_3"]));
    g.assert_hand(P1, &P1_HAND);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-A22, CC-4.0b: a discard pile holding a BERSERK! and another card is reshuffled whole
/// (the BERSERK! included).
#[test]
fn cc_a22_berserk_reshuffled_with_other_cards() {
    let mut g = hands().discard(&["berserk_3", "shark_b"]).build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::Reshuffled { cards: 2 }));
    assert!(g.discards().is_empty());
    // One of the two was drawn: `shark_b` into the hand, or `berserk_3` revealed (its
    // battle pending); the other is the deck.
    assert_eq!(g.deck_len(), 1);
    let berserk = g.id("berserk_3");
    if g.s.revealed_berserks() == [berserk] {
        assert_eq!(g.names(g.s.deck()), strs(&["shark_b"]));
        assert!(matches!(g.pending(), Pending::BerserkCommit { .. }));
    } else {
        assert_eq!(g.s.deck(), &[berserk]);
        assert!(g.holds(P1, "shark_b"));
    }
}

/// CC-7.4, CC-A22: deck and discard both empty: draws fail but the game goes on.
#[test]
fn cc_7_4_exhaustion_does_not_end_game() {
    let mut g = hands().build();
    for _ in 0..6 {
        g.finish_turn();
        assert!(g.s.outcome().is_none());
    }
    assert_eq!(g.pending(), Pending::TurnStart { seat: P3 });
    assert!(g
        .events
        .iter()
        .any(|e| matches!(e, Event::DrawFailed { .. })));
}
