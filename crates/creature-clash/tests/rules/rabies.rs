//! RABIES (spec CC-6.12, CC-A12 to CC-A14, `rabies_requires_prior_win`).

use crate::common::*;
use fuda_creature_clash::{
    apply_in_place, legal_actions, Action, BattleResult, Choice, Error, Event, Pending, State,
};

/// P3 with GRIZ29 (10 + 10 + 9).
const P3_GRIZ29: [&str; 7] = [
    "grizzly_f",
    "grizzly_m",
    "elephant_b",
    "shark_f",
    "tiger_f",
    "rabbit_f",
    "octopus_f",
];

/// Whether any legal action of the position plays a RABIES.
fn offers_rabies(s: &State) -> bool {
    legal_actions(s).iter().any(|a| {
        matches!(
            a.choice,
            Choice::Attack {
                rabies: Some(_),
                ..
            } | Choice::NextTarget {
                rabies: Some(_),
                ..
            }
        )
    })
}

/// RC beats P2's LION20 (P1 declines the steal): battle 1 is won.
fn win_battle_one(g: &mut Table) {
    rc_attacks(g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
}

/// CC-T12, CC-6.12, CC-6.6, CC-A13, CC-A14: after beating P2, P1 plays `rabies_1` against
/// P3: 46 beats 29; P1 steals; P3's other cards, then RC and `rabies_1`, go to discard; P3
/// refills; the turn ends with no Champion and P0 never attacked.
#[test]
fn cc_t12_rabies_non_final_win_kills_creature() {
    let mut g = standard(&P2_LION, &P3_GRIZ29, &P0_NO_BACK).build();
    win_battle_one(&mut g);
    let events = g.act(P1, g.next_with(P3, "rabies_1"));
    assert!(events.contains(&Event::Attacked {
        seat: P1,
        target: P3,
        creature: g.creature(RC),
        power: 23,
        rabies: Some(g.id("rabies_1")),
        battle: 2,
    }));
    // CC-A13: RABIES is in the play area before P3 responds.
    assert!(!g.holds(P1, "rabies_1"));
    let chain = g.s.chain().unwrap();
    assert!(chain.rabies_used);
    assert_eq!(
        chain.battle.as_ref().unwrap().rabies,
        Some(g.id("rabies_1"))
    );
    assert_eq!(g.pending(), Pending::Defend { seat: P3 });

    let events = g.act(P3, g.defend(GRIZ29));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P3,
        result: BattleResult::AttackerWins,
        attack: 46,
        defence: Some(29),
    }));
    let events = g.act(P1, g.steal("grizzly_m"));
    assert!(events.contains(&Event::CreatureDied { seat: P1 }));
    assert_eq!(
        g.discard_top(6),
        strs(&[
            "grizzly_f",
            "elephant_b",
            "rhino_f",
            "crocodile_m",
            "barracuda_b",
            "rabies_1"
        ])
    );
    assert!(g.holds(P1, "grizzly_m"));
    assert_eq!(Table::drawers(&events)[..3], [P3, P3, P3]);
    assert!(g.s.champions(P1).is_empty());
    g.assert_hand(P0, &P0_NO_BACK);
    assert!(!g
        .events
        .iter()
        .any(|e| matches!(e, Event::Attacked { target: P0, .. })));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T12 (without RABIES): 23 < 29, P3 wins.
#[test]
fn cc_t12_without_rabies_defender_wins() {
    let mut g = standard(&P2_LION, &P3_GRIZ29, &P0_NO_BACK).build();
    win_battle_one(&mut g);
    g.act(P1, g.next(P3));
    let events = g.act(P3, g.defend(GRIZ29));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleResolved {
            result: BattleResult::DefenderWins,
            attack: 23,
            ..
        }
    )));
}

/// CC-T13, CC-6.12, CC-6.6: in a 3-player game battle 2 is final: with `rabies_1`, 46 beats
/// 29; after the steal `rabies_1` goes to discard and RC becomes P1's Champion; P0 refills.
#[test]
fn cc_t13_rabies_final_win_makes_champion() {
    let p0 = P3_GRIZ29;
    let mut g = setup(3)
        .hand(P1, &P1_HAND)
        .hand(P2, &P2_LION)
        .hand(P0, &p0)
        .deck(&[TURN_CARD])
        .filler(20)
        .build();
    win_battle_one(&mut g);
    g.act(P1, g.next_with(P0, "rabies_1"));
    g.act(P0, g.defend(GRIZ29));
    let events = g.act(P1, g.steal("grizzly_f"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CreatureDied { .. })));
    assert_eq!(
        g.discard_top(3),
        strs(&["grizzly_m", "elephant_b", "rabies_1"])
    );
    assert_eq!(g.champion_names(P1), vec![RC.map(String::from)]);
    assert_eq!(Table::drawers(&events)[..3], [P0, P0, P0]);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T14, CC-6.12, CC-A12: RABIES cannot be played in battle 1, nor used as a part of a
/// defending or berserk creature.
#[test]
fn cc_t14_rabies_illegal_uses() {
    let mut g = standard(&P2_LION, &P3_GRIZ29, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    assert!(!offers_rabies(&g.s), "no RABIES in battle 1");
    let err = g.reject(P1, g.attack_with(RC, P2, Some("rabies_1")));
    assert!(matches!(err, Error::RabiesNotAllowed { .. }), "{err}");

    // As a part of a defending creature.
    let p2 = [
        "lion_f",
        "wolf_m",
        "kangaroo_b",
        "rabies_2",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = standard(&p2, &P3_GRIZ29, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let err = g.reject(
        P2,
        Choice::Defend {
            creature: fuda_creature_clash::Creature::new(
                g.id("lion_f"),
                g.id("rabies_2"),
                g.id("kangaroo_b"),
            ),
            invoke_venom: false,
        },
    );
    assert!(matches!(err, Error::WrongPosition { .. }), "{err}");
}

/// CC-T14: RABIES is never a part of a berserk creature.
#[test]
fn cc_t14_rabies_not_in_berserk_reveal() {
    let p2 = [
        "lion_f",
        "wolf_m",
        "kangaroo_b",
        "rabies_2",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = setup(4)
        .hand(P1, &P3_NO_BACK)
        .hand(P2, &p2)
        .hand(
            P3,
            &[
                "shark_f",
                "tiger_m",
                "elephant_f",
                "gorilla_m",
                "eagle_f",
                "dromedary_m",
                "tiger_f",
            ],
        )
        .hand(P0, &P0_NO_BACK)
        .deck(&["berserk_1"])
        .filler(10)
        // A lone participant fights (CC-A8 variant).
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P2 });
    assert!(g.choices().iter().all(|c| match c {
        Choice::BerserkReveal { creature } => !creature.cards().contains(&g.id("rabies_2")),
        _ => false,
    }));
    let err = g.reject(
        P2,
        Choice::BerserkReveal {
            creature: fuda_creature_clash::Creature::new(
                g.id("lion_f"),
                g.id("wolf_m"),
                g.id("rabies_2"),
            ),
        },
    );
    assert!(matches!(err, Error::WrongPosition { .. }), "{err}");
}

/// CC-T14, CC-6.12: a second RABIES in one turn is unreachable in play (a RABIES battle
/// ends the chain unless it was final); in a position where one was already played, no
/// action offers another and `NextTarget` with one is refused.
#[test]
fn cc_t14_second_rabies_refused() {
    let p1 = [
        "rhino_f",
        "crocodile_m",
        "barracuda_b",
        "rabies_1",
        "rabies_3",
        "dromedary_f",
        "vulture_f",
    ];
    let mut g = setup(4)
        .hand(P1, &p1)
        .hand(P2, &P2_LION)
        .hand(P3, &P3_GRIZ29)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .filler(20)
        .build();
    win_battle_one(&mut g);
    assert!(offers_rabies(&g.s));
    let mut json: serde_json::Value = serde_json::to_value(&g.s).unwrap();
    json["chain"]["rabies_used"] = serde_json::Value::Bool(true);
    let g = Table::new(serde_json::from_value(json).expect("a valid state"));
    assert!(!offers_rabies(&g.s));
    assert_eq!(g.choices(), vec![g.next(P0), g.next(P3)]);
    let err = g.reject(P1, g.next_with(P3, "rabies_3"));
    assert!(matches!(err, Error::RabiesNotAllowed { .. }), "{err}");
}

/// CC-E1, CC-A12, CC-6.12: with 2 players the only battle is final — a single win makes a
/// Champion — and RABIES is never offered.
#[test]
fn cc_e1_two_players_single_battle_champion() {
    let mut g = setup(2)
        .hand(P1, &P1_HAND)
        .hand(P0, &P2_LION)
        .deck(&[TURN_CARD])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert!(!offers_rabies(&g.s));
    g.act(P1, g.attack(RC, P0));
    g.act(P0, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    assert_eq!(g.s.champions(P1).len(), 1);
    assert!(g.holds(P1, "rabies_1"));

    // A forfeit is a win as well.
    let mut g = setup(2)
        .hand(P1, &P1_HAND)
        .hand(P0, &P3_NO_BACK)
        .deck(&[TURN_CARD])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(RC, P0));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.champions(P1).len(), 1);
}

/// CC-E1: over whole random 2-player games, no legal action ever includes a RABIES and
/// none is ever played.
#[test]
fn cc_e1_rabies_never_offered_with_two_players() {
    for seed in 0..30 {
        let mut config = fuda_creature_clash::Config::for_players(2);
        config.turn_limit = 60;
        let mut s = fuda_creature_clash::new_game(&config, seed).unwrap();
        let mut pick = fuda_core::GameRng::from_seed(seed);
        while s.outcome().is_none() {
            assert!(!offers_rabies(&s), "seed {seed}: {:?}", s.pending());
            let actions = legal_actions(&s);
            let a: Action = actions[pick.below(actions.len())].clone();
            apply_in_place(&mut s, &a).unwrap();
            if let Some(b) = s.chain().and_then(|c| c.battle.as_ref()) {
                assert!(b.rabies.is_none());
            }
        }
    }
}

/// CC-E2, CC-A12: a forfeit counts as a won battle: after P2 forfeits battle 1,
/// `NextTarget(P3, rabies_1)` is legal.
#[test]
fn cc_e2_forfeit_enables_rabies() {
    let mut g = standard(&P2_NO_BACK, &P3_GRIZ29, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P1, Choice::DeclineSteal);
    assert!(g.choices().contains(&g.next_with(P3, "rabies_1")));
    g.act(P1, g.next_with(P3, "rabies_1"));
}

/// CC-E3, CC-6.12, CC-A13: RABIES is committed before the defender's response, so it is
/// spent on a forfeit too: P3 forfeits, P1 steals at random, then RC and `rabies_1` go to
/// discard and the turn ends; P0 is spared.
#[test]
fn cc_e3_rabies_on_non_final_forfeit() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    win_battle_one(&mut g);
    let events = g.act(P1, g.next_with(P3, "rabies_1"));
    assert!(events.contains(&Event::Forfeited { seat: P3 }));
    assert_eq!(g.choices(), vec![Choice::StealRandom, Choice::DeclineSteal]);
    let events = g.act(P1, Choice::StealRandom);
    assert!(events.contains(&Event::CreatureDied { seat: P1 }));
    assert_eq!(
        g.discard_top(4),
        strs(&["rhino_f", "crocodile_m", "barracuda_b", "rabies_1"])
    );
    assert_eq!(g.hand_len(P3), 7);
    assert!(g.s.champions(P1).is_empty());
    g.assert_hand(P0, &P0_NO_BACK);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// A weak attacker (OCTOPUS-HIPPO-ARMADILLO, 12) for RABIES battles it can tie or lose.
const P1_WEAK: [&str; 7] = [
    "octopus_f",
    "hippo_m",
    "armadillo_b",
    "rabies_1",
    "moose_f",
    "dromedary_f",
    "vulture_f",
];
const WEAK12: [&str; 3] = ["octopus_f", "hippo_m", "armadillo_b"];

fn weak_attacker(p3: &[&str]) -> Table {
    let mut g = setup(4)
        .hand(P1, &P1_WEAK)
        .hand(P2, &P2_NO_BACK)
        .hand(P3, p3)
        .hand(P0, &P0_NO_BACK)
        .deck(&[TURN_CARD])
        .filler(20)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(WEAK12, P2));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P3, "rabies_1"));
    g
}

/// CC-A14, CC-6.8, CC-6.12: 12 × 2 = 24 ties GRIZ24: both creatures, then `rabies_1`, go
/// to discard.
#[test]
fn cc_a14_rabies_discarded_after_tie() {
    let p3 = [
        "grizzly_f",
        "elephant_m",
        "kangaroo_b",
        "shark_f",
        "tiger_f",
        "rabbit_f",
        "eagle_f",
    ];
    let mut g = weak_attacker(&p3);
    let events = g.act(P3, g.defend(GRIZ24));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleResolved {
            result: BattleResult::Tie,
            attack: 24,
            defence: Some(24),
            ..
        }
    )));
    assert_eq!(
        g.discard_top(7),
        strs(&[
            "octopus_f",
            "hippo_m",
            "armadillo_b",
            "grizzly_f",
            "elephant_m",
            "kangaroo_b",
            "rabies_1"
        ])
    );
}

/// CC-A14, CC-6.7: 12 × 2 = 24 loses to SHARK25: P3 steals, the rest of the creature and
/// then `rabies_1` go to discard.
#[test]
fn cc_a14_rabies_discarded_after_loss() {
    let p3 = [
        "shark_f",
        "tiger_m",
        "lion_b",
        "grizzly_f",
        "tiger_f",
        "rabbit_f",
        "eagle_f",
    ];
    let mut g = weak_attacker(&p3);
    g.act(P3, g.defend(SHARK25));
    g.act(P3, g.steal("hippo_m"));
    assert_eq!(
        g.discard_top(3),
        strs(&["octopus_f", "armadillo_b", "rabies_1"])
    );
    assert!(g.holds(P3, "hippo_m"));
}

/// `rabies_requires_prior_win = false` (CC-A12 variant): RABIES may be played with the
/// first attack; a non-final win still kills the creature.
#[test]
fn cc_a12_variant_rabies_in_first_battle() {
    let mut g = standard(&P2_LION, &P3_GRIZ29, &P0_NO_BACK)
        .configure(|c| c.rabies_requires_prior_win = false)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert!(g
        .choices()
        .contains(&g.attack_with(RC, P2, Some("rabies_1"))));
    g.act(P1, g.attack_with(RC, P2, Some("rabies_1")));
    let events = g.act(P2, g.defend(LION20));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleResolved {
            attack: 46,
            result: BattleResult::AttackerWins,
            ..
        }
    )));
    let events = g.act(P1, Choice::DeclineSteal);
    assert!(events.contains(&Event::CreatureDied { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// `rabies_requires_prior_win = false` in a 2-player game: the single battle is final, so
/// a RABIES win makes a Champion and the card is discarded.
#[test]
fn cc_a12_variant_rabies_two_players() {
    let mut g = setup(2)
        .hand(P1, &P1_HAND)
        .hand(P0, &P3_GRIZ29)
        .deck(&[TURN_CARD])
        .filler(10)
        .configure(|c| c.rabies_requires_prior_win = false)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack_with(RC, P0, Some("rabies_1")));
    g.act(P0, g.defend(GRIZ29));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.champions(P1).len(), 1);
    assert_eq!(
        g.discard_top(4),
        strs(&["grizzly_f", "grizzly_m", "elephant_b", "rabies_1"])
    );
}
