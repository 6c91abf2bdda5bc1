//! VENOM (spec CC-6.2, CC-6.10, CC-A16, CC-A17, `venom_optional`, `venom_creature_fate`).

use crate::common::*;
use fuda_creature_clash::{BattleResult, Choice, Error, Event, Pending, VenomFate};

/// P2 holding the venomous COBRA-SCORPION-JELLYFISH (11).
const P2_VENOM: [&str; 7] = [
    "cobra_f",
    "scorpion_m",
    "jellyfish_b",
    "black_widow_f",
    "gorilla_f",
    "hamster_f",
    "mosquito_f",
];

/// P2 holding a pure cobra (18) and a 15 with no VENOM.
const P2_COBRA: [&str; 7] = [
    "cobra_f",
    "cobra_m",
    "cobra_b",
    "kangaroo_f",
    "eagle_m",
    "barracuda_f",
    "mosquito_f",
];
const COBRA18: [&str; 3] = ["cobra_f", "cobra_m", "cobra_b"];

fn result_of(events: &[Event]) -> Option<BattleResult> {
    events.iter().find_map(|e| match e {
        Event::BattleResolved { result, .. } => Some(*result),
        _ => None,
    })
}

/// CC-T9, CC-6.10, CC-6.2, CC-A17: RC (23) against the venomous 11 with `invoke_venom`:
/// a venom tie regardless of power; P2 steals `rhino_f`; `crocodile_m`, `barracuda_b` and
/// the three venom cards go to discard; P1 refills 5 → 7, then P2 5 → 7; the turn ends.
#[test]
fn cc_t9_venom_defence() {
    let mut g = standard(&P2_VENOM, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let events = g.act(P2, g.venom(VENOM11));
    assert!(events.contains(&Event::Defended {
        seat: P2,
        creature: g.creature(VENOM11),
        power: 11,
        invoke_venom: true,
    }));
    assert_eq!(result_of(&events), Some(BattleResult::VenomTie));
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P2,
            from: P1,
            random: false
        }
    );
    let events = g.act(P2, g.steal("rhino_f"));
    assert_eq!(
        g.discards(),
        strs(&[
            "crocodile_m",
            "barracuda_b",
            "cobra_f",
            "scorpion_m",
            "jellyfish_b"
        ])
    );
    assert_eq!(Table::drawers(&events), vec![P1, P1, P2, P2]);
    assert!(g.holds(P2, "rhino_f"));
    assert_eq!((g.hand_len(P1), g.hand_len(P2)), (7, 7));
    assert!(events.contains(&Event::TurnEnded { seat: P1 }));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-T10, CC-6.10: a venomous creature used to attack is ordinary: COBRA-BLACK WIDOW-
/// SCORPION (11) loses to 12.
#[test]
fn cc_t10_venomous_attacker_is_ordinary() {
    let p1 = [
        "cobra_f",
        "black_widow_m",
        "scorpion_b",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "rabies_1",
    ];
    let p2 = [
        "octopus_f",
        "hippo_m",
        "armadillo_b",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
        "eagle_f",
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
    g.act(P1, g.attack(["cobra_f", "black_widow_m", "scorpion_b"], P2));
    let events = g.act(P2, g.defend(["octopus_f", "hippo_m", "armadillo_b"]));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P2,
        result: BattleResult::DefenderWins,
        attack: 11,
        defence: Some(12),
    }));
}

/// CC-E5, CC-6.2, CC-5.6: COBRA-SCORPION-EAGLE has two VENOM parts only: invoking VENOM is
/// refused (and never offered); defending normally, 23 beats 15.
#[test]
fn cc_e5_partial_venom_cannot_invoke() {
    let p2 = [
        "cobra_f",
        "scorpion_m",
        "eagle_b",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
        "black_widow_f",
    ];
    let mut g = standard(&p2, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let partial = ["cobra_f", "scorpion_m", "eagle_b"];
    assert!(!g.choices().contains(&g.venom(partial)));
    assert!(g.choices().contains(&g.defend(partial)));
    let err = g.reject(P2, g.venom(partial));
    assert!(matches!(err, Error::Venom { .. }), "{err}");
    let events = g.act(P2, g.defend(partial));
    assert_eq!(result_of(&events), Some(BattleResult::AttackerWins));
}

/// CC-E6, CC-6.10, CC-A14: in battle 2, RC with RABIES (46) against the venomous 11 with
/// VENOM invoked is a venom tie: P3 steals one RC card; the rest of RC, the venom cards
/// and `rabies_1` go to discard; the turn ends without a separate RABIES death.
#[test]
fn cc_e6_venom_against_rabies() {
    let p3 = [
        "cobra_f",
        "scorpion_m",
        "jellyfish_b",
        "shark_f",
        "tiger_f",
        "rabbit_f",
        "octopus_f",
    ];
    let mut g = standard(&P2_LION, &p3, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P3, "rabies_1"));
    let events = g.act(P3, g.venom(VENOM11));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P3,
        result: BattleResult::VenomTie,
        attack: 46,
        defence: Some(11),
    }));
    let events = g.act(P3, g.steal("crocodile_m"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CreatureDied { .. })));
    assert_eq!(
        g.discard_top(6),
        strs(&[
            "rhino_f",
            "barracuda_b",
            "cobra_f",
            "scorpion_m",
            "jellyfish_b",
            "rabies_1"
        ])
    );
    assert!(g.holds(P3, "crocodile_m"));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// CC-E7, CC-A16: VENOM is optional by default: a pure cobra (18) may defend normally
/// against 15 (it wins, the cobras return to hand and P2 steals) or invoke VENOM (venom
/// tie, the cobras are discarded).
#[test]
fn cc_e7_optional_venom() {
    let p1 = [
        "kangaroo_f",
        "vulture_m",
        "barracuda_b",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "rabies_1",
    ];
    let p2 = [
        "cobra_f",
        "cobra_m",
        "cobra_b",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
        "eagle_f",
    ];
    let attack15 = ["kangaroo_f", "vulture_m", "barracuda_b"];
    let start = || {
        let mut g = setup(4)
            .hand(P1, &p1)
            .hand(P2, &p2)
            .hand(P3, &P3_NO_BACK)
            .hand(P0, &P0_NO_BACK)
            .deck(&[TURN_CARD])
            .filler(10)
            .build();
        g.act(P1, Choice::DrawForTurn);
        g.act(P1, g.attack(attack15, P2));
        g
    };
    let mut g = start();
    assert!(g.choices().contains(&g.defend(COBRA18)));
    assert!(g.choices().contains(&g.venom(COBRA18)));
    let events = g.act(P2, g.defend(COBRA18));
    assert_eq!(result_of(&events), Some(BattleResult::DefenderWins));
    g.act(P2, g.steal("kangaroo_f"));
    assert!(["cobra_f", "cobra_m", "cobra_b", "kangaroo_f"]
        .iter()
        .all(|c| g.holds(P2, c)));

    let mut g = start();
    let events = g.act(P2, g.venom(COBRA18));
    assert_eq!(result_of(&events), Some(BattleResult::VenomTie));
    g.act(P2, g.steal("kangaroo_f"));
    assert_eq!(
        g.discards(),
        strs(&["vulture_m", "barracuda_b", "cobra_f", "cobra_m", "cobra_b"])
    );
}

/// `venom_optional = false` (CC-A16 variant): a venomous defending creature must invoke
/// VENOM; defending with it normally is refused.
#[test]
fn cc_a16_variant_venom_mandatory() {
    let mut g = standard(&P2_COBRA, &P3_NO_BACK, &P0_NO_BACK)
        .configure(|c| c.venom_optional = false)
        .build();
    rc_attacks(&mut g, P2);
    let choices = g.choices();
    assert!(choices.contains(&g.venom(COBRA18)));
    assert!(!choices.contains(&g.defend(COBRA18)));
    // A non-venomous creature of the same hand is still defended normally.
    let plain = ["kangaroo_f", "eagle_m", "cobra_b"];
    assert!(choices.contains(&g.defend(plain)));
    let err = g.reject(P2, g.defend(COBRA18));
    assert!(matches!(err, Error::Venom { .. }), "{err}");
    let events = g.act(P2, g.venom(COBRA18));
    assert_eq!(result_of(&events), Some(BattleResult::VenomTie));
}

/// `venom_creature_fate = ReturnToHand` (CC-A17 variant): after the venom tie the three
/// venom cards go back to P2's hand; only the rest of RC is discarded; P2 (8 cards)
/// discards at the adjustment.
#[test]
fn cc_a17_variant_venom_creature_returns() {
    let mut g = standard(&P2_VENOM, &P3_NO_BACK, &P0_NO_BACK)
        .configure(|c| c.venom_creature_fate = VenomFate::ReturnToHand)
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.venom(VENOM11));
    let events = g.act(P2, g.steal("rhino_f"));
    assert!(events.contains(&Event::CreatureReturned {
        seat: P2,
        creature: g.creature(VENOM11),
    }));
    assert_eq!(g.discards(), strs(&["crocodile_m", "barracuda_b"]));
    let mut want = P2_VENOM.to_vec();
    want.push("rhino_f");
    g.assert_hand(P2, &want);
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P2 });
}

/// CC-A17 default: the venom cards are discarded (see CC-T9); VENOM has no use for the
/// attacker, so an attacking venomous creature offers no venom choice to anyone.
#[test]
fn cc_a17_default_venom_creature_discarded() {
    let mut g = standard(&P2_VENOM, &P3_NO_BACK, &P0_NO_BACK).build();
    assert_eq!(g.s.config().venom_creature_fate, VenomFate::Discard);
    rc_attacks(&mut g, P2);
    g.act(P2, g.venom(VENOM11));
    g.act(P2, Choice::DeclineSteal);
    assert_eq!(
        g.discards(),
        strs(&[
            "rhino_f",
            "crocodile_m",
            "barracuda_b",
            "cobra_f",
            "scorpion_m",
            "jellyfish_b"
        ])
    );
    assert!(!g.holds(P2, "cobra_f"));
}
