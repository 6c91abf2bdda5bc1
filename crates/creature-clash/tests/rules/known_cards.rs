//! CC-D1 (issue 15 item 10): cards every player at the table saw go into a hand are
//! public knowledge there until they leave it: a winning defender's returned creature
//! (L65, L83), the face-up card a battle winner takes (L71). Views show them to every
//! observer and resampling keeps them in that hand.

use crate::common::*;
use fuda_core::{Determinize, GameRng};
use fuda_creature_clash::{view, Choice, CreatureClash, Observer, VenomFate};

const P2_GRIZ: [&str; 7] = [
    "grizzly_f",
    "elephant_m",
    "kangaroo_b",
    "eagle_f",
    "gorilla_f",
    "hamster_f",
    "mosquito_f",
];

fn known(g: &Table, seat: fuda_creature_clash::Seat) -> Vec<String> {
    let mut k = g.names(&g.s.known_in_hand(seat));
    k.sort();
    k
}

fn sorted(cards: &[&str]) -> Vec<String> {
    let mut v = strs(cards);
    v.sort();
    v
}

/// CC-D1, CC-6.7, CC-A19: the defender's returned creature and the attacker card it takes
/// are known in its hand, in every observer's view; each leaves the list when it leaves
/// the hand (here: discarded at the adjustment, or played again).
#[test]
fn cc_d1_returned_creature_and_stolen_card_are_known() {
    let mut g = standard(&P2_GRIZ, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(GRIZ24));
    assert_eq!(known(&g, P2), sorted(&GRIZ24));
    g.act(P2, g.steal("rhino_f"));
    let mut want = GRIZ24.to_vec();
    want.push("rhino_f");
    assert_eq!(known(&g, P2), sorted(&want));
    for o in [
        Observer::Spectator,
        Observer::Seat(P0),
        Observer::Seat(P1),
        Observer::Seat(P3),
    ] {
        assert_eq!(
            view(&g.s, o).known_in_hand[2],
            g.s.known_in_hand(P2),
            "{o:?}"
        );
    }
    // P2 holds 8 and discards one of the known cards at the adjustment.
    assert_eq!(
        g.pending(),
        fuda_creature_clash::Pending::DiscardExcess { seat: P2 }
    );
    g.act(P2, g.excess("rhino_f"));
    assert_eq!(known(&g, P2), sorted(&GRIZ24));
    // Playing the creature takes its cards out of the list.
    assert_eq!(
        g.pending(),
        fuda_creature_clash::Pending::TurnStart { seat: P2 }
    );
    g.act(P2, Choice::DrawForTurn);
    g.act(P2, g.attack(GRIZ24, P3));
    assert!(known(&g, P2).is_empty());
}

/// CC-D1, CC-5.7: the card an attacker takes from a beaten creature was face up: it is
/// known in the attacker's hand.
#[test]
fn cc_d1_attacker_steal_is_known() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    assert_eq!(known(&g, P1), strs(&["lion_f"]));
    assert_eq!(
        view(&g.s, Observer::Seat(P3)).known_in_hand[1],
        vec![g.id("lion_f")]
    );
}

/// CC-D1, CC-A17 variant `ReturnToHand`: a venomous defender's creature returned after the
/// venom tie is known in its hand.
#[test]
fn cc_d1_venom_creature_returned_is_known() {
    let p2 = [
        "cobra_f",
        "scorpion_m",
        "jellyfish_b",
        "eagle_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ];
    let mut g = standard(&p2, &P3_NO_BACK, &P0_NO_BACK)
        .configure(|c| c.venom_creature_fate = VenomFate::ReturnToHand)
        .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.venom(VENOM11));
    g.act(P2, Choice::DeclineSteal);
    assert_eq!(known(&g, P2), sorted(&VENOM11));
}

/// CC-D1, CC-5.8: a random steal hides which card went: none of the victim's known cards
/// is certain to be there any more, so its list is emptied (whichever card was taken).
#[test]
fn cc_d1_random_steal_clears_the_victims_list() {
    for pick in [0, 3] {
        let scenario = setup(4)
            .hand(P1, &P1_HAND)
            .hand(
                P2,
                &[
                    "lion_f",
                    "wolf_m",
                    "gorilla_f",
                    "gorilla_m",
                    "elephant_f",
                    "dromedary_m",
                    "mosquito_f",
                ],
            )
            .hand(P3, &P3_NO_BACK)
            .hand(P0, &P0_NO_BACK)
            .deck(&[TURN_CARD])
            .filler(5)
            .scenario()
            .known_in_hand(P2, &["lion_f", "wolf_m"])
            .force_pick(pick);
        let mut g = Table::new(scenario.build().unwrap());
        assert_eq!(known(&g, P2), sorted(&["lion_f", "wolf_m"]));
        rc_attacks(&mut g, P2);
        g.act(P1, Choice::StealRandom);
        assert!(known(&g, P2).is_empty(), "pick {pick}");
        assert!(known(&g, P1).is_empty(), "a random steal is not public");
    }
}

/// CC-D1, CC-5.1: a redraw discards the whole hand, known cards included.
#[test]
fn cc_d1_redraw_clears_the_list() {
    let mut g = Table::new(
        standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
            .scenario()
            .known_in_hand(P1, &["rhino_f"])
            .build()
            .unwrap(),
    );
    g.act(P1, Choice::Redraw);
    assert!(known(&g, P1).is_empty());
}

/// CC-D1, §8: resampling for an observer keeps every known card in its hand, and the
/// observer's view is unchanged.
#[test]
fn cc_d1_resample_keeps_known_cards() {
    let mut g = standard(&P2_GRIZ, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(GRIZ24));
    g.act(P2, g.steal("rhino_f"));
    let mut rng = GameRng::from_seed(3);
    for _ in 0..30 {
        for o in [Observer::Seat(P3), Observer::Spectator] {
            let t = CreatureClash::resample(&g.s, o, &mut rng);
            for &c in &g.s.known_in_hand(P2) {
                assert!(t.hand(P2).contains(&c));
            }
            assert_eq!(t.known_in_hand(P2), g.s.known_in_hand(P2));
            assert_eq!(view(&t, o), view(&g.s, o));
        }
    }
}

/// CC-D1 survives saving: the list is part of the state's JSON form, and a list naming a
/// card that is not in that hand is refused on load.
#[test]
fn cc_d1_known_cards_saved_and_checked() {
    let mut g = standard(&P2_GRIZ, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(GRIZ24));
    let text = serde_json::to_string(&g.s).unwrap();
    let back: fuda_creature_clash::State = serde_json::from_str(&text).unwrap();
    assert_eq!(back.known_in_hand(P2), g.s.known_in_hand(P2));
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["known_in_hand"][3] = serde_json::json!([g.id("rhino_f")]);
    let err = serde_json::from_str::<fuda_creature_clash::State>(&v.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("known"), "{err}");
}
