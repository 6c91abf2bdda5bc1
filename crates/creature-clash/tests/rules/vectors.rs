//! Test vectors that are properties of every position (CC-T14, CC-T19, CC-T27), checked
//! on scenarios and over whole random games with random configurations.

use crate::common::*;
use fuda_core::{Conformance, GameRng};
use fuda_creature_clash::{
    apply_in_place, legal_actions, new_game, Action, CardId, Choice, CreatureClash, Error, Event,
    Seat, State,
};

/// The cards an action names, and whether they must be in the actor's hand.
fn named_cards(a: &Action) -> (Vec<CardId>, bool) {
    match &a.choice {
        Choice::Attack {
            creature, rabies, ..
        } => {
            let mut v = creature.cards().to_vec();
            v.extend(rabies);
            (v, true)
        }
        Choice::Defend { creature, .. } | Choice::BerserkReveal { creature } => {
            (creature.cards().to_vec(), true)
        }
        Choice::Discard { card } | Choice::DiscardExcess { card } => (vec![*card], true),
        Choice::NextTarget { rabies, .. } => (rabies.iter().copied().collect(), true),
        Choice::StealCreatureCard { card } => (vec![*card], false),
        _ => (Vec::new(), true),
    }
}

fn champion_cards(s: &State) -> Vec<CardId> {
    (0..s.num_players())
        .flat_map(|i| s.champions(Seat(i as u8)).to_vec())
        .flat_map(|c| c.cards())
        .collect()
}

/// Plays random games with random configurations and checks, at every step:
/// - CC-T19: no card leaves the discard pile except by a reshuffle into the deck;
/// - CC-T27, CC-6.11: champion areas only grow; no action names a champion card, and no
///   card of the deck is a champion card;
/// - every card an action names is in the actor's hand (a stolen creature card is in play);
/// - CC-T14: at most one RABIES is played per turn;
/// - every card is somewhere exactly once, and the state survives a JSON round trip.
#[test]
fn cc_t19_t27_t14_properties_over_random_games() {
    let mut rng = GameRng::from_seed(2024);
    for seed in 0..60 {
        let config = CreatureClash::random_config(&mut rng);
        let mut s = new_game(&config, seed).unwrap();
        let total = s.cards().len();
        let mut rabies_this_turn = 0;
        let mut steps = 0;
        while s.outcome().is_none() && steps < 600 {
            let champions = champion_cards(&s);
            let actions = legal_actions(&s);
            assert!(!actions.is_empty());
            for a in &actions {
                let (cards, in_hand) = named_cards(a);
                for c in cards {
                    assert!(!champions.contains(&c), "{a:?} names a champion card");
                    assert!(!s.discard().contains(&c), "{a:?} names a discarded card");
                    if in_hand {
                        assert!(s.hand(a.seat).contains(&c), "{a:?}: card not in hand");
                    }
                }
            }
            let a = actions[rng.below(actions.len())].clone();
            let before = s.clone();
            let events = apply_in_place(&mut s, &a).unwrap();
            steps += 1;

            let reshuffled = events.iter().any(|e| matches!(e, Event::Reshuffled { .. }));
            if !reshuffled {
                assert!(
                    s.discard().starts_with(before.discard()),
                    "seed {seed}: a card left the discard pile ({a:?})"
                );
            }
            for i in 0..s.num_players() {
                let p = Seat(i as u8);
                assert!(s.champions(p).starts_with(before.champions(p)));
            }
            let champions = champion_cards(&s);
            assert!(s.deck().iter().all(|c| !champions.contains(c)));
            for e in &events {
                match e {
                    Event::TurnStarted { .. } => rabies_this_turn = 0,
                    Event::Attacked {
                        rabies: Some(_), ..
                    } => rabies_this_turn += 1,
                    _ => {}
                }
            }
            assert!(rabies_this_turn <= 1, "seed {seed}: two RABIES in a turn");
            let table = Table::new(s.clone());
            assert_eq!(table.visible_census(), total, "seed {seed} after {a:?}");
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
        }
    }
}

/// CC-T27: a BACK part in the champion area does not let P1 build a creature, cannot be
/// used in an attack, and is not reshuffled with the discard pile.
#[test]
fn cc_t27_champion_cards_are_out_of_play() {
    let p1 = [
        "rhino_f",
        "crocodile_m",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "rabies_1",
        "hippo_f",
    ];
    let mut g = setup(4)
        .hand(P1, &p1)
        .hand(P2, &P2_LION)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .champion(P1, ["barracuda_f", "barracuda_m", "barracuda_b"])
        .discard(&["shark_b", "tiger_b", "lion_b"])
        .build();
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::Reshuffled { cards: 3 }));
    assert_eq!(g.deck_len(), 2);
    assert_eq!(
        g.champion_names(P1),
        vec![["barracuda_f", "barracuda_m", "barracuda_b"].map(String::from)]
    );
    let drawn = ["shark_b", "tiger_b", "lion_b"]
        .into_iter()
        .find(|c| g.holds(P1, c))
        .expect("one of the discarded BACKs");
    // Now P1 can attack, but only with the BACK it drew.
    for c in g.choices() {
        if let Choice::Attack { creature, .. } = c {
            assert_eq!(g.name(creature.back), drawn);
        }
    }
    let err = g.reject(P1, g.attack(["rhino_f", "crocodile_m", "barracuda_b"], P2));
    assert_eq!(
        err,
        Error::CardNotInHand {
            seat: P1,
            card: g.id("barracuda_b")
        }
    );
}
