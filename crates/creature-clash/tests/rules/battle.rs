//! Attacks and battles: declaring an attack, defending, the outcomes, steals and the
//! attack chain (spec CC-5.3 to CC-5.9, CC-6.1 to CC-6.11).

use crate::common::*;
use fuda_creature_clash::{BattleResult, Choice, Event, Pending, Seat};

fn table_with(p2: &[&str], p3: &[&str], p0: &[&str]) -> Table {
    standard(p2, p3, p0).build()
}

fn table(p2: &[&str]) -> Table {
    table_with(p2, &P3_NO_BACK, &P0_NO_BACK)
}

fn results(events: &[Event]) -> Vec<BattleResult> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::BattleResolved { result, .. } => Some(*result),
            _ => None,
        })
        .collect()
}

/// CC-T2, CC-6.1, CC-A26: RHINOODCUDA is RHINO + OD + CUDA, power 10 + 8 + 5 = 23; the
/// name and power are announced with the attack (CC-5.3).
#[test]
fn cc_t2_rhinoodcuda_name_and_power() {
    let mut g = table(&P2_LION);
    let rc = g.creature(RC);
    assert_eq!(g.s.cards().creature_name(&rc), "RHINOODCUDA");
    assert_eq!(g.s.cards().creature_power(&rc), 23);
    let events = rc_attacks(&mut g, P2);
    assert!(events.contains(&Event::Attacked {
        seat: P1,
        target: P2,
        creature: rc,
        power: 23,
        rabies: None,
        battle: 1,
    }));
}

/// CC-5.3, CC-6.3, CC-6.4: `Attack` moves the three cards face up to the play area, starts
/// battle 1 against the target and asks the target to respond; the chain records the
/// creature and the players attacked.
#[test]
fn cc_5_3_attack_moves_creature_to_play_area() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    g.assert_hand(P1, &p1_rest());
    let chain = g.s.chain().expect("an attack is under way");
    assert_eq!(chain.creature, Some(g.creature(RC)));
    assert_eq!(chain.attacked.iter().collect::<Vec<_>>(), vec![P2]);
    assert_eq!(chain.wins, 0);
    assert!(!chain.rabies_used);
    assert_eq!(chain.battle.as_ref().map(|b| b.defender), Some(P2));
    assert_eq!(g.pending(), Pending::Defend { seat: P2 });
}

/// CC-A24: the attacker picks the first target freely among all opponents, and attacking
/// oneself is never offered.
#[test]
fn cc_a24_any_opponent_may_be_attacked_first() {
    let mut g = table(&P2_LION);
    g.act(P1, Choice::DrawForTurn);
    let targets: std::collections::BTreeSet<Seat> = g
        .choices()
        .into_iter()
        .filter_map(|c| match c {
            Choice::Attack { target, .. } => Some(target),
            _ => None,
        })
        .collect();
    assert_eq!(targets.into_iter().collect::<Vec<_>>(), vec![P0, P2, P3]);
    // P3 first, then P0 — any order.
    g.act(P1, g.attack(RC, P3));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next(P0));
    assert_eq!(g.s.chain().unwrap().attacked.iter().count(), 2);
}

/// CC-T5, CC-6.9, CC-5.8, CC-A18: P2 has no BACK and forfeits automatically; `StealRandom`
/// moves one of P2's cards to P1; P2 draws back to 7; P1 must go on against P3 or P0.
#[test]
fn cc_t5_forfeit_and_random_steal() {
    let mut g = table(&P2_NO_BACK);
    let events = rc_attacks(&mut g, P2);
    assert!(events.contains(&Event::Forfeited { seat: P2 }));
    assert_eq!(results(&events), vec![BattleResult::Forfeit]);
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P1,
            from: P2,
            random: true
        }
    );
    assert_eq!(g.choices(), vec![Choice::StealRandom, Choice::DeclineSteal]);

    let events = g.act(P1, Choice::StealRandom);
    let stolen = events
        .iter()
        .find_map(|e| match e {
            Event::Stole {
                thief: P1,
                victim: P2,
                card: Some(c),
                random: true,
            } => Some(*c),
            _ => None,
        })
        .expect("a random steal");
    assert!(P2_NO_BACK.contains(&g.name(stolen).as_str()));
    assert!(g.s.hand(P1).contains(&stolen));
    assert_eq!(g.hand_len(P1), 6);
    assert!(!g.s.hand(P2).contains(&stolen));
    assert_eq!(g.hand_len(P2), 7, "P2 draws back to 7");
    assert_eq!(Table::drawers(&events), vec![P2]);
    assert!(g.discards().is_empty());
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
    let targets: Vec<Seat> = g
        .choices()
        .into_iter()
        .map(|c| match c {
            Choice::NextTarget { target, .. } => target,
            other => panic!("only NextTarget may follow, got {other:?}"),
        })
        .collect();
    assert!(targets.contains(&P3) && targets.contains(&P0) && !targets.contains(&P2));
}

/// CC-T5 (decline), CC-5.9, CC-A18: after `DeclineSteal` on a forfeit, P2 keeps all 7 cards
/// and nothing is discarded.
#[test]
fn cc_t5_forfeit_declined_keeps_hand() {
    let mut g = table(&P2_NO_BACK);
    rc_attacks(&mut g, P2);
    let events = g.act(P1, Choice::DeclineSteal);
    g.assert_hand(P2, &P2_NO_BACK);
    assert!(Table::drawers(&events).is_empty());
    assert!(g.discards().is_empty());
    g.assert_hand(P1, &p1_rest());
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
}

/// CC-5.8, CC-A18, R5: the random steal takes the card at the drawn index of the
/// defender's hand in card-id order; forcing each index in turn, every one of P2's seven
/// cards can be taken, and only that one moves.
#[test]
fn cc_5_8_random_steal_reaches_every_card() {
    let mut taken = std::collections::BTreeSet::new();
    for k in 0..7 {
        let scenario = setup(4)
            .hand(P1, &P1_HAND)
            .hand(P2, &P2_NO_BACK)
            .hand(P3, &P3_NO_BACK)
            .hand(P0, &P0_NO_BACK)
            .deck(&[TURN_CARD])
            .filler(5)
            .scenario()
            .force_pick(k);
        let mut g = Table::new(scenario.build().unwrap());
        rc_attacks(&mut g, P2);
        let before = g.hand(P2);
        let expected = g.name(g.s.hand(P2)[k as usize]);
        g.act(P1, Choice::StealRandom);
        let gone: Vec<String> = before
            .into_iter()
            .filter(|c| !g.holds(P2, c) && g.holds(P1, c))
            .collect();
        assert_eq!(gone, vec![expected.clone()], "pick {k}");
        taken.insert(expected);
    }
    assert_eq!(taken.len(), 7, "{taken:?}");
}

/// CC-T6, CC-6.5, CC-6.6, CC-5.7: RC (23) beats LION20; P1 steals `lion_f`; `wolf_m` and
/// `kangaroo_b` go to discard; P2 refills 4 → 7; P1 must continue.
#[test]
fn cc_t6_defender_loses() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    let events = g.act(P2, g.defend(LION20));
    assert_eq!(results(&events), vec![BattleResult::AttackerWins]);
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P2,
        result: BattleResult::AttackerWins,
        attack: 23,
        defence: Some(20),
    }));
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P1,
            from: P2,
            random: false
        }
    );
    let mut steals = g.choices();
    steals.retain(|c| matches!(c, Choice::StealCreatureCard { .. }));
    assert_eq!(steals.len(), 3);
    assert_eq!(g.hand_len(P2), 4);

    let events = g.act(P1, g.steal("lion_f"));
    assert!(g.holds(P1, "lion_f"));
    assert_eq!(g.discards(), strs(&["wolf_m", "kangaroo_b"]));
    assert_eq!(Table::drawers(&events), vec![P2, P2, P2]);
    g.assert_hand(
        P2,
        &[
            "black_widow_f",
            "gorilla_f",
            "hamster_f",
            "mosquito_f",
            // filler FRONTs, in set order
            "crocodile_f",
            "barracuda_f",
            "grizzly_f",
        ],
    );
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
    assert_eq!(g.s.chain().unwrap().wins, 1);
}

/// CC-T7, CC-6.7, CC-A19, CC-4.6, CC-5.10: GRIZ24 beats RC; P2's three cards return to its
/// hand; P2 steals `rhino_f`; `crocodile_m`, `barracuda_b` go to discard; P1 refills 5 → 7;
/// the turn ends and P2 (8 cards) discards one of its choice at the adjustment.
#[test]
fn cc_t7_defender_wins() {
    let p2 = [
        "grizzly_f",
        "elephant_m",
        "kangaroo_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = table(&p2);
    rc_attacks(&mut g, P2);
    let events = g.act(P2, g.defend(GRIZ24));
    assert_eq!(results(&events), vec![BattleResult::DefenderWins]);
    assert!(events.contains(&Event::CreatureReturned {
        seat: P2,
        creature: g.creature(GRIZ24),
    }));
    g.assert_hand(P2, &p2);
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P2,
            from: P1,
            random: false
        }
    );
    let events = g.act(P2, g.steal("rhino_f"));
    assert_eq!(g.discards(), strs(&["crocodile_m", "barracuda_b"]));
    assert_eq!(Table::drawers(&events), vec![P1, P1], "P1 refills 5 → 7");
    assert_eq!(g.hand_len(P1), 7);
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.hand_len(P2), 8);
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P2 });
    let excess = g.choices();
    assert_eq!(excess.len(), 8);
    assert!(excess
        .iter()
        .all(|c| matches!(c, Choice::DiscardExcess { .. })));
    g.act(P2, g.excess("hamster_f"));
    assert_eq!(g.discard_top(1), strs(&["hamster_f"]));
    assert_eq!(g.hand_len(P2), 7);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T8, CC-6.8, CC-A15, CC-A21: 23 = 23 is a tie; all six creature cards go to discard
/// (attacker's first, F-M-B), nobody steals, P1 refills 5 → 7 and then P2 4 → 7; the turn
/// ends.
#[test]
fn cc_t8_tie() {
    let p2 = [
        "tiger_f",
        "lion_m",
        "hippo_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = table(&p2);
    rc_attacks(&mut g, P2);
    let events = g.act(P2, g.defend(["tiger_f", "lion_m", "hippo_b"]));
    assert_eq!(results(&events), vec![BattleResult::Tie]);
    assert_eq!(
        g.discards(),
        strs(&[
            "rhino_f",
            "crocodile_m",
            "barracuda_b",
            "tiger_f",
            "lion_m",
            "hippo_b"
        ])
    );
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::Stole { .. } | Event::DeclinedSteal { .. })));
    assert_eq!(Table::drawers(&events), vec![P1, P1, P2, P2, P2]);
    assert_eq!((g.hand_len(P1), g.hand_len(P2)), (7, 7));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T21, CC-6.1: a pure creature gets no bonus: RHINOCEROS (30) against GRIZZLY (30)
/// ties.
#[test]
fn cc_t21_pure_creature_has_no_bonus() {
    let p1 = [
        "rhino_f",
        "rhino_m",
        "rhino_b",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "rabies_1",
    ];
    let p2 = [
        "grizzly_f",
        "grizzly_m",
        "grizzly_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = setup(4)
        .hand(P1, &p1)
        .hand(P2, &p2)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(["rhino_f", "rhino_m", "rhino_b"], P2));
    let events = g.act(P2, g.defend(["grizzly_f", "grizzly_m", "grizzly_b"]));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P2,
        result: BattleResult::Tie,
        attack: 30,
        defence: Some(30),
    }));
}

/// CC-T11, CC-6.3, CC-6.11, CC-4.4: in a 3-player game RC beats P2, then only P0 can be
/// targeted; RC beats P0's 15 and becomes P1's Champion (count 1 of 5) before P0 refills;
/// the turn ends.
#[test]
fn cc_t11_chain_to_champion() {
    let p0 = [
        "eagle_f",
        "ostrich_m",
        "turtle_b",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
        "octopus_f",
    ];
    let p2 = [
        "lion_f",
        "wolf_m",
        "kangaroo_b",
        "elephant_f",
        "shark_f",
        "tiger_f",
        "rabbit_f",
    ];
    let mut g = setup(3)
        .hand(P1, &P1_HAND)
        .hand(P2, &p2)
        .hand(P0, &p0)
        .deck(&[TURN_CARD])
        .filler(20)
        .build();
    assert_eq!(g.s.config().champions_needed(), 5);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(
        g.choices(),
        vec![g.next(P0), g.next_with(P0, "rabies_1")],
        "P2 cannot be attacked again"
    );
    let events = g.act(P1, g.next(P0));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            target: P0,
            battle: 2,
            power: 23,
            ..
        }
    )));
    g.act(P0, g.defend(["eagle_f", "ostrich_m", "turtle_b"]));
    let events = g.act(P1, g.steal("eagle_f"));
    assert_eq!(g.champion_names(P1), vec![RC.map(String::from)]);
    let champion_at = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::ChampionMade {
                    seat: P1,
                    champions: 1,
                    ..
                }
            )
        })
        .expect("a Champion");
    let first_p0_draw = events
        .iter()
        .position(|e| matches!(e, Event::Drew { seat: P0, .. }))
        .expect("P0 refills");
    assert!(champion_at < first_p0_draw, "Champion before the refill");
    assert_eq!(g.discard_top(2), strs(&["ostrich_m", "turtle_b"]));
    assert_eq!(g.hand_len(P0), 7);
    assert!(g.s.outcome().is_none());
    assert!(g.holds(P1, "eagle_f"));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T22: the stolen `grizzly_f` stays in P1's hand; battle 2 is fought with RC (23)
/// again — no action exchanges the creature's cards.
#[test]
fn cc_t22_no_swap_of_creature_cards() {
    let p2 = [
        "grizzly_f",
        "wolf_m",
        "kangaroo_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = table(&p2);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(["grizzly_f", "wolf_m", "kangaroo_b"]));
    g.act(P1, g.steal("grizzly_f"));
    assert!(g
        .choices()
        .iter()
        .all(|c| matches!(c, Choice::NextTarget { .. })));
    let events = g.act(P1, g.next(P3));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            creature,
            power: 23,
            battle: 2,
            ..
        } if *creature == g.creature(RC)
    )));
    assert_eq!(g.s.chain().unwrap().creature, Some(g.creature(RC)));
    assert!(g.holds(P1, "grizzly_f"));
}

/// CC-T23, CC-5.5: after a non-final win without RABIES, P1's only legal actions are
/// `NextTarget` to the unattacked P3 and P0 (with or without the RABIES it holds); ending
/// the turn or discarding is refused.
#[test]
fn cc_t23_must_continue() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    assert_eq!(
        g.choices(),
        vec![
            g.next(P0),
            g.next_with(P0, "rabies_1"),
            g.next(P3),
            g.next_with(P3, "rabies_1"),
        ]
    );
    assert!(matches!(
        g.reject(P1, g.discard("moose_f")),
        fuda_creature_clash::Error::WrongDecision { .. }
    ));
}

/// CC-T24, CC-5.9: RC beats LION20 and P1 declines: all three of P2's cards go to discard
/// (F-M-B) and P2 refills 4 → 7.
#[test]
fn cc_t24_declined_creature_steal() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, Choice::DeclineSteal);
    assert!(events.contains(&Event::DeclinedSteal { seat: P1 }));
    assert_eq!(g.discards(), strs(&LION20));
    assert_eq!(Table::drawers(&events), vec![P2, P2, P2]);
    assert_eq!(g.hand_len(P2), 7);
    g.assert_hand(P1, &p1_rest());
}

/// CC-T26, CC-4.4, CC-4.6: P1 beats P2, P3 and P0, stealing each time: 5 + 3 = 8 cards and
/// one Champion; at the adjustment P1 discards one card of its choice.
#[test]
fn cc_t26_excess_after_champion() {
    let p3 = [
        "eagle_f",
        "ostrich_m",
        "turtle_b",
        "shark_f",
        "tiger_f",
        "rabbit_f",
        "octopus_f",
    ];
    let p0 = [
        "hippo_f",
        "kangaroo_m",
        "penguin_b",
        "elephant_f",
        "cobra_f",
        "jellyfish_f",
        "armadillo_f",
    ];
    let mut g = table_with(&P2_LION, &p3, &p0);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    g.act(P1, g.next(P3));
    g.act(P3, g.defend(["eagle_f", "ostrich_m", "turtle_b"]));
    g.act(P1, g.steal("ostrich_m"));
    g.act(P1, g.next(P0));
    g.act(P0, g.defend(["hippo_f", "kangaroo_m", "penguin_b"]));
    g.act(P1, g.steal("penguin_b"));
    assert_eq!(g.s.champions(P1).len(), 1);
    assert_eq!(g.hand_len(P1), 8);
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P1 });
    assert_eq!(g.choices().len(), 8);
    g.act(P1, g.excess("rabies_1"));
    assert_eq!(g.hand_len(P1), 7);
    assert_eq!(g.discard_top(1), strs(&["rabies_1"]));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-E4, CC-4.5: RC beats P2 (steals `lion_f`) then loses to P3 (P3 steals `rhino_f`):
/// no Champion, P1 keeps `lion_f`, P0 is never attacked, and P3 discards down to 7.
#[test]
fn cc_e4_broken_chain() {
    let p3 = [
        "grizzly_f",
        "elephant_m",
        "ostrich_b",
        "shark_f",
        "tiger_f",
        "rabbit_f",
        "octopus_f",
    ];
    let mut g = table_with(&P2_LION, &p3, &P0_NO_BACK);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    g.act(P1, g.next(P3));
    g.act(P3, g.defend(["grizzly_f", "elephant_m", "ostrich_b"]));
    g.act(P3, g.steal("rhino_f"));
    assert!(g.s.champions(P1).is_empty());
    assert!(g.holds(P1, "lion_f"));
    assert!(g.holds(P3, "rhino_f"));
    let targets: Vec<Seat> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![P2, P3]);
    g.assert_hand(P0, &P0_NO_BACK);
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P3 });
    assert_eq!(g.hand_len(P3), 8);
    g.act(P3, g.excess("octopus_f"));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-E8, CC-4.0b, CC-A22: with deck and discard empty when battle 1 starts, the losing
/// P2's refill reshuffles the two discarded cards, draws both (6 cards) and then fails:
/// P2 stays at 6; P1 must still go on.
#[test]
fn cc_e8_exhaustion_during_refill() {
    let mut g = setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &P2_LION)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .build();
    rc_attacks(&mut g, P2);
    assert_eq!((g.deck_len(), g.discards().len()), (0, 0));
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    assert!(events.contains(&Event::Reshuffled { cards: 2 }));
    assert!(events.contains(&Event::DrawFailed { seat: P2 }));
    g.assert_hand(
        P2,
        &[
            "black_widow_f",
            "gorilla_f",
            "hamster_f",
            "mosquito_f",
            "wolf_m",
            "kangaroo_b",
        ],
    );
    assert_eq!((g.deck_len(), g.discards().len()), (0, 0));
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
}

/// CC-E8 (forfeit variant), CC-6.9: nothing reached the discard pile, so after a random
/// steal P2's refill fails at once and P2 stays at 6.
#[test]
fn cc_e8_exhaustion_after_forfeit() {
    let mut g = setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &P3_NO_BACK)
        .hand(P3, &P2_LION)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .build();
    rc_attacks(&mut g, P2);
    let events = g.act(P1, Choice::StealRandom);
    assert!(events.contains(&Event::DrawFailed { seat: P2 }));
    assert!(!events.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    assert_eq!(g.hand_len(P2), 6);
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
}

/// CC-E14, CC-5.6, CC-A24: P2 can build 24 or 12 (and other mixes) and must defend: every
/// legal action is a `Defend` (no forfeit, no pass), and the weak 12 is allowed.
#[test]
fn cc_e14_forced_defence_any_creature() {
    let p2 = [
        "grizzly_f",
        "elephant_m",
        "kangaroo_b",
        "octopus_f",
        "hippo_m",
        "armadillo_b",
        "mosquito_f",
    ];
    let mut g = table(&p2);
    rc_attacks(&mut g, P2);
    let choices = g.choices();
    assert_eq!(choices.len(), 3 * 2 * 2, "every buildable creature");
    assert!(choices.iter().all(|c| matches!(
        c,
        Choice::Defend {
            invoke_venom: false,
            ..
        }
    )));
    assert!(choices.contains(&g.defend(GRIZ24)));
    let events = g.act(P2, g.defend(["octopus_f", "hippo_m", "armadillo_b"]));
    assert_eq!(results(&events), vec![BattleResult::AttackerWins]);
}

/// CC-E15, CC-4.0a: RABIES is not a part: P2 with FRONTs, MIDDLEs and `rabies_2` but no
/// BACK forfeits.
#[test]
fn cc_e15_rabies_is_not_a_part() {
    let p2 = [
        "lion_f",
        "wolf_m",
        "grizzly_f",
        "elephant_m",
        "rabies_2",
        "vulture_m",
        "mosquito_f",
    ];
    let mut g = table(&p2);
    let events = rc_attacks(&mut g, P2);
    assert!(events.contains(&Event::Forfeited { seat: P2 }));
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P1,
            from: P2,
            random: true
        }
    );
}

/// CC-6.4, CC-6.6: the order of a battle: attack declared, defender responds, outcome,
/// steal, the loser's cards to discard, the loser's refill.
#[test]
fn cc_6_4_battle_order() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("kangaroo_b"));
    let kinds: Vec<&str> = g
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked { .. } => Some("attack"),
            Event::Defended { .. } => Some("defend"),
            Event::BattleResolved { .. } => Some("outcome"),
            Event::Stole { .. } => Some("steal"),
            Event::ToDiscard { .. } => Some("discard"),
            Event::Drew { seat: P2, .. } => Some("refill"),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        vec!["attack", "defend", "outcome", "steal", "discard", "refill", "refill", "refill"]
    );
    assert_eq!(g.discards(), strs(&["lion_f", "wolf_m"]));
}

/// CC-6.3, CC-5.5: no opponent is attacked twice in a turn; the final battle is the one
/// after which nobody is left; forfeits count as wins in the chain.
#[test]
fn cc_6_3_chain_state_and_final_battle() {
    let mut g = table(&P2_LION);
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    let events = g.act(P1, g.next(P3)); // P3 forfeits
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attacked {
            target: P3,
            battle: 2,
            ..
        }
    )));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.chain().unwrap().wins, 2);
    assert_eq!(g.choices(), vec![g.next(P0), g.next_with(P0, "rabies_1")]);
    g.act(P1, g.next(P0)); // P0 forfeits too: the final battle
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.champions(P1).len(), 1);
    assert!(g.s.chain().is_none());
}

/// CC-6.9: a defender with an empty hand forfeits with nothing to steal: no steal window.
#[test]
fn cc_6_9_forfeit_with_empty_hand() {
    let mut g = setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, &[])
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .build();
    rc_attacks(&mut g, P2);
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
    assert_eq!(g.hand_len(P2), 0, "the refill fails: nothing to draw");
}
