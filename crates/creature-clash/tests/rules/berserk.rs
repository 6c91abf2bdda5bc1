//! BERSERK! battles (spec CC-6.13, CC-5.11, CC-A6 to CC-A11, CC-A23).

use crate::common::*;
use fuda_creature_clash::{
    BerserkEntry, BerserkTie, BerserkTiming, Choice, Event, Pending, Seat, TurnDrawBerserk,
};

/// No creature possible (no BACK part).
const NO_BACK: [&str; 7] = P0_NO_BACK;
/// Another hand with no BACK part.
const OTHER_NO_BACK: [&str; 7] = [
    "shark_f",
    "tiger_m",
    "elephant_m",
    "kangaroo_f",
    "cobra_f",
    "jellyfish_m",
    "tiger_f",
];
/// P3 with SHARK25 as its strongest creature.
const P3_SHARK: [&str; 7] = [
    "shark_f",
    "tiger_m",
    "lion_b",
    "eagle_f",
    "dromedary_f",
    "vulture_f",
    "octopus_f",
];
/// P0 with WOLF18.
const P0_WOLF: [&str; 7] = [
    "wolf_f",
    "hippo_m",
    "octopus_b",
    "elephant_f",
    "cobra_f",
    "jellyfish_f",
    "armadillo_f",
];

/// The CC-T15 position: P2 is active and will draw `berserk_1`; P2 (LION20), P3 (SHARK25)
/// and P0 (WOLF18) can build, P1 cannot.
fn t15() -> Setup {
    setup(4)
        .active(P2)
        .hand(P1, &NO_BACK)
        .hand(P2, &P2_LION)
        .hand(P3, &P3_SHARK)
        .hand(P0, &P0_WOLF)
        .deck(&["berserk_1"])
        .filler(20)
}

fn battle_event(events: &[Event]) -> Option<(Vec<Seat>, bool)> {
    events.iter().find_map(|e| match e {
        Event::BerserkBattle {
            participants,
            skipped,
            ..
        } => Some((participants.clone(), *skipped)),
        _ => None,
    })
}

/// CC-T15, CC-6.13, CC-5.11, CC-A6, CC-A11: P2 draws `berserk_1` as the turn draw; P2,
/// P3, P0 commit in that order (P1 cannot build); P3's 25 becomes a Champion; the P2 and
/// P0 creatures and `berserk_1` go to discard; P2, P3, P0, P1 refill; P2 draws a
/// replacement (8 cards) and makes the main decision.
#[test]
fn cc_t15_berserk_on_turn_draw() {
    let mut g = t15().build();
    let events = g.act(P2, Choice::DrawForTurn);
    assert!(events.contains(&Event::BerserkDrawn {
        seat: P2,
        card: g.id("berserk_1"),
        deferred: false,
    }));
    assert_eq!(battle_event(&events), Some((vec![P2, P3, P0], false)));
    assert_eq!(g.s.revealed_berserks(), &[g.id("berserk_1")]);
    assert_eq!(g.hand_len(P2), 7, "BERSERK! never enters a hand");

    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P2 });
    assert!(g
        .choices()
        .iter()
        .all(|c| matches!(c, Choice::BerserkReveal { .. })));
    g.act(P2, g.commit(LION20));
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P3 });
    g.act(P3, g.commit(SHARK25));
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P0 });
    let events = g.act(P0, g.commit(WOLF18));

    let revealed = events
        .iter()
        .find_map(|e| match e {
            Event::BerserkRevealed { entries } => Some(entries.clone()),
            _ => None,
        })
        .expect("all revealed together");
    let entry = |seat, parts, power| BerserkEntry {
        seat,
        creature: g.creature(parts),
        power,
    };
    assert_eq!(
        revealed,
        vec![
            entry(P2, LION20, 20),
            entry(P3, SHARK25, 25),
            entry(P0, WOLF18, 18)
        ]
    );
    assert_eq!(g.champion_names(P3), vec![SHARK25.map(String::from)]);
    assert_eq!(
        g.discards(),
        strs(&[
            "lion_f",
            "wolf_m",
            "kangaroo_b",
            "wolf_f",
            "hippo_m",
            "octopus_b",
            "berserk_1"
        ])
    );
    assert!(g.s.revealed_berserks().is_empty());
    let drawers = Table::drawers(&events);
    assert_eq!(drawers, vec![P2, P2, P2, P3, P3, P3, P0, P0, P0, P2]);
    assert_eq!(g.hand_len(P2), 8);
    assert_eq!([P3, P0, P1].map(|p| g.hand_len(p)), [7, 7, 7]);
    assert_eq!(g.pending(), Pending::Main { seat: P2 });
}

/// `berserk_on_turn_draw = EndTurn` (CC-A6 variant, CC-4.5): after the berserk battle the
/// turn goes straight to the adjustment: no replacement draw, P3 is next.
#[test]
fn cc_a6_variant_berserk_turn_draw_ends_turn() {
    let mut g = t15()
        .configure(|c| c.berserk_on_turn_draw = TurnDrawBerserk::EndTurn)
        .build();
    g.act(P2, Choice::DrawForTurn);
    g.act(P2, g.commit(LION20));
    g.act(P3, g.commit(SHARK25));
    let events = g.act(P0, g.commit(WOLF18));
    assert!(events.contains(&Event::TurnEnded { seat: P2 }));
    assert_eq!(g.hand_len(P2), 7);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P3 });
}

/// CC-A6: the replacement draw repeats while BERSERK! is drawn (here two battles nobody
/// can fight, then `piranha_f`).
#[test]
fn cc_a6_replacement_draw_repeats() {
    let mut g = setup(4)
        .hand(P1, &NO_BACK)
        .hand(P2, &P3_NO_BACK)
        .hand(P3, &P2_NO_BACK)
        .hand(P0, &OTHER_NO_BACK)
        .deck(&["berserk_1", "berserk_2", TURN_CARD])
        .filler(10)
        .build();
    let events = g.act(P1, Choice::DrawForTurn);
    let battles = events
        .iter()
        .filter(|e| matches!(e, Event::BerserkBattle { .. }))
        .count();
    assert_eq!(battles, 2);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
    assert!(g.holds(P1, TURN_CARD));
    assert_eq!(g.hand_len(P1), 8);
    assert_eq!(g.discards(), strs(&["berserk_1", "berserk_2"]));
}

/// CC-E10, CC-A9: a tie for highest (25 and 25) makes no Champion; all nine cards go to
/// discard and everyone refills.
#[test]
fn cc_e10_berserk_tie() {
    let mut g = e10().build();
    g.act(P2, Choice::DrawForTurn);
    g.act(P2, g.commit(SHARK25));
    g.act(P3, g.commit(ELE25));
    g.act(P0, g.commit(WOLF18));
    assert!([P0, P1, P2, P3]
        .iter()
        .all(|&p| g.s.champions(p).is_empty()));
    let mut want = SHARK25.to_vec();
    want.extend(ELE25);
    want.extend(WOLF18);
    want.push("berserk_1");
    assert_eq!(g.discards(), strs(&want));
    assert_eq!([P3, P0, P1].map(|p| g.hand_len(p)), [7, 7, 7]);
    assert_eq!(
        g.hand_len(P2),
        8,
        "7 after the refill, then the replacement"
    );
}

const ELE25: [&str; 3] = ["elephant_f", "gorilla_m", "wolf_b"];

fn e10() -> Setup {
    setup(4)
        .active(P2)
        .hand(P1, &NO_BACK)
        .hand(
            P2,
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
        .hand(
            P3,
            &[
                "elephant_f",
                "gorilla_m",
                "wolf_b",
                "black_widow_f",
                "hamster_f",
                "mosquito_f",
                "rabbit_f",
            ],
        )
        .hand(
            P0,
            &[
                "wolf_f",
                "hippo_m",
                "octopus_b",
                "cobra_f",
                "jellyfish_f",
                "armadillo_f",
                "kangaroo_f",
            ],
        )
        .deck(&["berserk_1"])
        .filler(20)
}

/// `berserk_tie = AllTiedBecomeChampions` (CC-A9 variant): both 25s become Champions; the
/// 18 is discarded.
#[test]
fn cc_a9_variant_all_tied_become_champions() {
    let mut g = e10()
        .configure(|c| c.berserk_tie = BerserkTie::AllTiedBecomeChampions)
        .build();
    g.act(P2, Choice::DrawForTurn);
    g.act(P2, g.commit(SHARK25));
    g.act(P3, g.commit(ELE25));
    g.act(P0, g.commit(WOLF18));
    assert_eq!(g.champion_names(P2), vec![SHARK25.map(String::from)]);
    assert_eq!(g.champion_names(P3), vec![ELE25.map(String::from)]);
    let mut want = WOLF18.to_vec();
    want.push("berserk_1");
    assert_eq!(g.discards(), strs(&want));
}

/// The CC-E11 position: RC beats P2 (P1 steals `lion_f`), and P2's refill draws
/// `berserk_2` while P2 holds 4 cards (OCTOPUS-HIPPO-ARMADILLO, 12, among them).
fn e11() -> Setup {
    let p2 = [
        "lion_f",
        "wolf_m",
        "kangaroo_b",
        "octopus_f",
        "hippo_m",
        "armadillo_b",
        "mosquito_f",
    ];
    setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &p2)
        .hand(P3, &P3_SHARK_NO_OCTOPUS)
        .hand(P0, &NO_BACK)
        .deck(&[TURN_CARD, "berserk_2"])
        .filler(20)
}

const P3_SHARK_NO_OCTOPUS: [&str; 7] = [
    "shark_f",
    "tiger_m",
    "lion_b",
    "eagle_f",
    "elephant_f",
    "rabbit_f",
    "turtle_f",
];

fn e11_until_berserk(g: &mut Table) -> Vec<Event> {
    rc_attacks(g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"))
}

/// CC-E11, CC-6.13, CC-A7, CC-A15, CC-4.5: a BERSERK! drawn mid-chain is fought at once;
/// P1 fights with RC in play (no commitment), P2 and P3 commit; P3's 25 becomes a
/// Champion; RC and P2's creature go to discard; everyone refills from P1; the chain is
/// over and the turn goes to the adjustment; P3 and P0 are never attacked.
#[test]
fn cc_e11_berserk_mid_chain() {
    let mut g = e11().build();
    let events = e11_until_berserk(&mut g);
    assert!(events.contains(&Event::BerserkDrawn {
        seat: P2,
        card: g.id("berserk_2"),
        deferred: false,
    }));
    assert_eq!(g.hand_len(P2), 4);
    assert_eq!(battle_event(&events), Some((vec![P1, P2, P3], false)));
    assert_eq!(g.s.berserk_battle().unwrap().attacker_entry, Some(P1));
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P2 });
    g.act(P2, g.commit(["octopus_f", "hippo_m", "armadillo_b"]));
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P3 });
    let events = g.act(P3, g.commit(SHARK25));
    assert_eq!(g.champion_names(P3), vec![SHARK25.map(String::from)]);
    assert!(g.s.champions(P1).is_empty());
    assert_eq!(
        g.discard_top(7),
        strs(&[
            "rhino_f",
            "crocodile_m",
            "barracuda_b",
            "octopus_f",
            "hippo_m",
            "armadillo_b",
            "berserk_2"
        ])
    );
    let drawers = Table::drawers(&events);
    assert_eq!(drawers.first(), Some(&P1), "refill_all starts with P1");
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!([P0, P1, P2, P3].map(|p| g.hand_len(p)), [7, 7, 7, 7]);
    assert!(!g
        .events
        .iter()
        .any(|e| matches!(e, Event::Attacked { target, .. } if *target != P2)));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// `berserk_timing = DeferUntilAttackEnds` (CC-A7 variant): the BERSERK! drawn in P2's
/// refill is set aside, P2 keeps drawing to 7 and P1 must go on; once the attack ends the
/// berserk battle is fought, before the adjustment.
#[test]
fn cc_a7_variant_deferred_berserk() {
    let mut g = e11()
        .configure(|c| c.berserk_timing = BerserkTiming::DeferUntilAttackEnds)
        .build();
    let events = e11_until_berserk(&mut g);
    assert!(events.contains(&Event::BerserkDrawn {
        seat: P2,
        card: g.id("berserk_2"),
        deferred: true,
    }));
    assert_eq!(g.hand_len(P2), 7);
    assert_eq!(g.s.revealed_berserks(), &[g.id("berserk_2")]);
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
    g.act(P1, g.next(P3));
    g.act(P3, g.defend(SHARK25));
    let events = g.act(P3, g.steal("rhino_f"));
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnded { .. })));
    let (participants, skipped) = battle_event(&events).expect("the deferred battle");
    assert!(!skipped);
    assert!(participants.contains(&P2) && participants.contains(&P3));
    assert!(matches!(g.pending(), Pending::BerserkCommit { .. }));
    assert!(g.s.chain().is_none(), "the attack is over");
}

/// CC-6.13 step 7, CC-A8 (default `berserk_min_participants = 2`): a mid-chain berserk
/// battle with the attacker as the only participant is skipped: RC stays in play and the
/// chain continues.
#[test]
fn cc_a8_default_lone_attacker_skipped_chain_continues() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .deck(&[TURN_CARD, "berserk_2"])
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    assert_eq!(battle_event(&events), Some((vec![P1], true)));
    assert_eq!(g.discard_top(1), strs(&["berserk_2"]));
    assert_eq!(g.s.chain().unwrap().creature, Some(g.creature(RC)));
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
}

/// CC-A8 variant `berserk_min_participants = 1`, CC-6.13 step 2: the attacker's creature
/// in play is a lone participant and becomes a Champion, which ends the chain.
#[test]
fn cc_a8_variant_one_lone_attacker_in_play_becomes_champion() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .deck(&[TURN_CARD, "berserk_2"])
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    assert_eq!(battle_event(&events), Some((vec![P1], false)));
    assert_eq!(g.champion_names(P1), vec![RC.map(String::from)]);
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// The CC-E12 position: P1 draws `berserk_1`; only P0 can build (TURTLE-HIPPO-PENGUIN, 14).
fn e12() -> Setup {
    setup(4)
        .hand(P1, &NO_BACK)
        .hand(P2, &P2_NO_BACK)
        .hand(P3, &OTHER_NO_BACK)
        .hand(
            P0,
            &[
                "turtle_f",
                "hippo_m",
                "penguin_b",
                "eagle_f",
                "dromedary_f",
                "vulture_f",
                "octopus_f",
            ],
        )
        .deck(&["berserk_1"])
        .filler(20)
}

const TURTLE14: [&str; 3] = ["turtle_f", "hippo_m", "penguin_b"];

/// CC-E12, CC-A8 variant `berserk_min_participants = 1`: a lone participant's creature is
/// the highest revealed: P0 gains a Champion.
#[test]
fn cc_e12_variant_one_lone_participant_becomes_champion() {
    let mut g = e12().configure(|c| c.berserk_min_participants = 1).build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert_eq!(battle_event(&events), Some((vec![P0], false)));
    g.act(P0, g.commit(TURTLE14));
    assert_eq!(g.champion_names(P0), vec![TURTLE14.map(String::from)]);
    assert_eq!(g.hand_len(P0), 7);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-E12, CC-A8 (default `berserk_min_participants = 2`, L121 「他のプレイヤーと
/// BERSERK!バトル」): the lone player who could build reveals nothing, no Champion; the card
/// is discarded, everyone refills and P1 draws its replacement.
#[test]
fn cc_a8_default_lone_participant_reveals_nothing() {
    let mut g = e12().build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert_eq!(battle_event(&events), Some((vec![P0], true)));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::BerserkRevealed { .. })));
    assert!(g.s.champions(P0).is_empty());
    assert_eq!(g.discards(), strs(&["berserk_1"]));
    assert_eq!(g.hand_len(P1), 8);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-A8, CC-6.13 step 3: with no participant at all the battle is skipped: only the discard and the refill happen.
#[test]
fn cc_a8_no_participants() {
    let mut g = setup(4)
        .hand(P1, &NO_BACK)
        .hand(P2, &P2_NO_BACK)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &OTHER_NO_BACK)
        .deck(&["berserk_1"])
        .filler(5)
        .build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert_eq!(battle_event(&events), Some((vec![], true)));
    assert_eq!(g.discards(), strs(&["berserk_1"]));
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-A10: VENOM has no effect in a berserk battle: the venomous 11 simply loses to 25.
#[test]
fn cc_a10_venom_has_no_effect_in_berserk() {
    let p2 = [
        "cobra_f",
        "scorpion_m",
        "jellyfish_b",
        "black_widow_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = setup(4)
        .active(P2)
        .hand(P1, &NO_BACK)
        .hand(P2, &p2)
        .hand(P3, &P3_SHARK)
        .hand(P0, &P3_NO_BACK)
        .deck(&["berserk_1"])
        .filler(20)
        .build();
    g.act(P2, Choice::DrawForTurn);
    g.act(P2, g.commit(VENOM11));
    g.act(P3, g.commit(SHARK25));
    assert_eq!(g.s.champions(P3).len(), 1);
    assert!(g.s.champions(P2).is_empty());
}

/// CC-6.13, CC-A23: a BERSERK! drawn during a berserk battle's refill starts a nested
/// battle at once; afterwards the refill goes on.
#[test]
fn cc_6_13_nested_berserk_in_refill() {
    let mut g = e12()
        .deck(&["berserk_1", "berserk_2"])
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    g.act(P1, Choice::DrawForTurn);
    let events = g.act(P0, g.commit(TURTLE14));
    let battles: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::BerserkBattle {
                card, participants, ..
            } => Some((g.name(*card), participants.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(battles, vec![("berserk_2".to_string(), vec![])]);
    assert_eq!(g.discards(), strs(&["berserk_1", "berserk_2"]));
    assert_eq!(g.hand_len(P0), 7);
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
}

/// CC-6.13 trigger: a BERSERK! drawn while redrawing is fought at once (here P3 alone,
/// with `berserk_min_participants = 1`); afterwards the redraw completes and the turn ends.
#[test]
fn cc_6_13_berserk_during_redraw() {
    let mut g = setup(4)
        .hand(P1, &NO_BACK)
        .hand(P2, &P2_NO_BACK)
        .hand(P3, &P3_SHARK)
        .hand(P0, &P3_NO_BACK)
        .deck(&["berserk_3"])
        .filler(20)
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    let events = g.act(P1, Choice::Redraw);
    assert_eq!(battle_event(&events), Some((vec![P3], false)));
    g.act(P3, g.commit(SHARK25));
    assert_eq!(g.s.champions(P3).len(), 1);
    assert_eq!(g.hand_len(P1), 7);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-6.13 trigger: a BERSERK! drawn in an end-of-turn refill (CC-4.6) is fought at once
/// (P2 alone, with `berserk_min_participants = 1`); the adjustment then continues.
#[test]
fn cc_6_13_berserk_during_end_of_turn_refill() {
    let short_p3 = [
        "ostrich_f",
        "ostrich_m",
        "turtle_f",
        "turtle_m",
        "penguin_f",
    ];
    let mut g = setup(4)
        .hand(P1, &NO_BACK)
        .hand(P2, &P2_LION)
        .hand(P3, &short_p3)
        .hand(P0, &OTHER_NO_BACK)
        .deck(&[TURN_CARD, "berserk_3"])
        .filler(20)
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    g.act(P1, Choice::DrawForTurn);
    let events = g.act(P1, g.discard(TURN_CARD));
    assert!(events.contains(&Event::BerserkDrawn {
        seat: P3,
        card: g.id("berserk_3"),
        deferred: false,
    }));
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P2 });
    g.act(P2, g.commit(LION20));
    assert_eq!(g.s.champions(P2).len(), 1);
    assert_eq!([P0, P1, P2, P3].map(|p| g.hand_len(p)), [7, 7, 7, 7]);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}
