//! Hidden information (spec §8): views and event redaction.

use crate::common::*;
use fuda_core::Game;
use fuda_creature_clash::{redact, view, Choice, CreatureClash, Event, Observer, Seat, View};

fn seat(p: Seat) -> Observer {
    Observer::Seat(p)
}

const OBSERVERS: [Observer; 5] = [
    Observer::Seat(P0),
    Observer::Seat(P1),
    Observer::Seat(P2),
    Observer::Seat(P3),
    Observer::Spectator,
];

/// Two positions that differ only in what P1 cannot see: P2's hand and the deck are
/// exchanged (and the deck's order differs).
fn twins() -> (Table, Table) {
    let hidden_a = P2_LION;
    let hidden_b = [
        "grizzly_f",
        "grizzly_m",
        "grizzly_b",
        "shark_f",
        "tiger_m",
        "lion_b",
        "eagle_f",
    ];
    let build = |p2: &[&str], deck: &[&str]| {
        setup(4)
            .hand(P1, &P1_HAND)
            .hand(P2, p2)
            .hand(P3, &P3_NO_BACK)
            .hand(P0, &P0_NO_BACK)
            .deck(deck)
            .build()
    };
    let mut deck_b = hidden_a.to_vec();
    deck_b.reverse();
    (build(&hidden_a, &hidden_b), build(&hidden_b, &deck_b))
}

/// §8: a view holds the observer's own hand only, other hands as counts and the deck as
/// a count: two positions that differ only in P2's hand and the deck look the same to
/// P1, P3, P0 and spectators, and different to P2.
#[test]
fn view_hides_other_hands_and_deck() {
    let (a, b) = twins();
    for o in [seat(P1), seat(P3), seat(P0), Observer::Spectator] {
        assert_eq!(view(&a.s, o), view(&b.s, o), "{o}");
    }
    assert_ne!(view(&a.s, seat(P2)), view(&b.s, seat(P2)));
    let v: View = view(&a.s, seat(P1));
    assert_eq!(v.hand.as_deref(), Some(a.s.hand(P1)));
    assert_eq!(v.hand_counts, vec![7, 7, 7, 7]);
    assert_eq!(v.deck_count, 7);
    assert_eq!(view(&a.s, Observer::Spectator).hand, None);
    // The JSON form names no other field that could carry hidden cards.
    let json = serde_json::to_value(&v).unwrap();
    let keys: Vec<&String> = json.as_object().unwrap().keys().collect();
    assert!(!keys
        .iter()
        .any(|k| k.as_str() == "deck" || k.as_str() == "hands"));
    assert!(!json.to_string().contains("rng"));
}

/// §8: the views stay identical through public play: P1 draws (a card from the hidden
/// deck, different in the twins) and discards the same card; P2's and the deck's contents
/// never show.
#[test]
fn view_stays_blind_through_play() {
    let (mut a, mut b) = twins();
    for g in [&mut a, &mut b] {
        g.act(P1, Choice::DrawForTurn);
        g.act(P1, g.discard("moose_f"));
    }
    for o in [seat(P3), Observer::Spectator] {
        assert_eq!(view(&a.s, o), view(&b.s, o), "{o}");
    }
    assert_ne!(
        view(&a.s, seat(P1)),
        view(&b.s, seat(P1)),
        "P1 saw its draw"
    );
}

/// §8, CC-4.0b: the card a player draws is seen by that player only.
#[test]
fn redact_hides_drawn_card() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    let events = g.act(P1, Choice::DrawForTurn);
    let drew = events
        .iter()
        .find(|e| matches!(e, Event::Drew { .. }))
        .unwrap();
    let card = Some(g.id(TURN_CARD));
    assert_eq!(redact(drew, seat(P1)), Some(Event::Drew { seat: P1, card }));
    for o in [seat(P0), seat(P2), seat(P3), Observer::Spectator] {
        assert_eq!(
            redact(drew, o),
            Some(Event::Drew {
                seat: P1,
                card: None
            }),
            "{o}"
        );
    }
}

/// §8, CC-T5, CC-5.8: the card taken by `StealRandom` is known to the thief and the victim
/// only; bystanders see that one card moved.
#[test]
fn redact_hides_random_steal_from_bystanders() {
    let mut g = standard(&P2_NO_BACK, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let events = g.act(P1, Choice::StealRandom);
    let stole = events
        .iter()
        .find(|e| matches!(e, Event::Stole { .. }))
        .unwrap()
        .clone();
    let Event::Stole { card, .. } = &stole else {
        unreachable!()
    };
    assert!(card.is_some());
    for o in [seat(P1), seat(P2)] {
        assert_eq!(redact(&stole, o).as_ref(), Some(&stole), "{o}");
    }
    for o in [seat(P3), seat(P0), Observer::Spectator] {
        assert_eq!(
            redact(&stole, o),
            Some(Event::Stole {
                thief: P1,
                victim: P2,
                card: None,
                random: true
            }),
            "{o}"
        );
    }
}

/// §8: the P3 view after a random steal does not depend on which card was taken (two
/// different cards forced), while the thief's does.
#[test]
fn view_hides_random_steal_from_bystanders() {
    let after = |pick| {
        let scenario = standard(&P2_NO_BACK, &P3_NO_BACK, &P0_NO_BACK)
            .scenario()
            .force_pick(pick);
        let mut g = Table::new(scenario.build().unwrap());
        rc_attacks(&mut g, P2);
        g.act(P1, Choice::StealRandom);
        g
    };
    let (base, other) = (after(0), after(1));
    assert_ne!(base.hand(P1), other.hand(P1));
    assert_eq!(view(&base.s, seat(P3)), view(&other.s, seat(P3)));
    assert_ne!(view(&base.s, seat(P1)), view(&other.s, seat(P1)));
}

/// §8, CC-5.8: a creature steal is public (the card was face up).
#[test]
fn creature_steal_is_public() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    for e in &events {
        for o in OBSERVERS {
            if let Event::Stole { .. } = e {
                assert_eq!(redact(e, o).as_ref(), Some(e));
            }
        }
    }
}

/// §8, CC-5.11, CC-A10: a berserk commitment is seen by the committer only until all are
/// revealed together.
#[test]
fn berserk_commitment_hidden_until_reveal() {
    let mut g = setup(4)
        .active(P2)
        .hand(P1, &P0_NO_BACK)
        .hand(P2, &P2_LION)
        .hand(
            P3,
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
        .hand(P0, &P3_NO_BACK)
        .deck(&["berserk_1"])
        .filler(20)
        .build();
    g.act(P2, Choice::DrawForTurn);
    let events = g.act(P2, g.commit(LION20));
    let committed = events
        .iter()
        .find(|e| matches!(e, Event::BerserkCommitted { .. }))
        .unwrap();
    assert_eq!(
        redact(committed, seat(P2)),
        Some(Event::BerserkCommitted {
            seat: P2,
            creature: Some(g.creature(LION20))
        })
    );
    for o in [seat(P1), seat(P3), seat(P0), Observer::Spectator] {
        assert_eq!(
            redact(committed, o),
            Some(Event::BerserkCommitted {
                seat: P2,
                creature: None
            })
        );
        let b = view(&g.s, o).berserk.unwrap();
        assert_eq!(b.committed, vec![P2]);
        assert_eq!(b.own_commitment, None);
    }
    assert_eq!(
        view(&g.s, seat(P2)).berserk.unwrap().own_commitment,
        Some(g.creature(LION20))
    );
    // The committed cards are still in P2's hand: the hand count does not give it away.
    assert_eq!(view(&g.s, seat(P3)).hand_counts[2], 7);
    let events = g.act(P3, g.commit(SHARK25));
    let reveal = events
        .iter()
        .find(|e| matches!(e, Event::BerserkRevealed { .. }))
        .unwrap();
    for o in OBSERVERS {
        assert_eq!(redact(reveal, o).as_ref(), Some(reveal), "{o}");
    }
}

/// §8: legal actions are generated only for the player to act (a `Defend` list would
/// reveal the hand).
#[test]
fn legal_actions_only_for_the_actor() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    let mut out = Vec::new();
    for p in [P0, P1, P3] {
        CreatureClash::legal_actions_for(&g.s, p, &mut out);
        assert!(out.is_empty(), "{p}");
    }
    CreatureClash::legal_actions_for(&g.s, P2, &mut out);
    assert!(!out.is_empty());
}

/// §8: public events (attacks, defences, outcomes, discards, Champions) reach every
/// observer unchanged.
#[test]
fn public_events_are_not_redacted() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    for e in g.events.iter().filter(|e| {
        matches!(
            e,
            Event::Attacked { .. }
                | Event::Defended { .. }
                | Event::BattleResolved { .. }
                | Event::ToDiscard { .. }
                | Event::DeclinedSteal { .. }
        )
    }) {
        for o in OBSERVERS {
            assert_eq!(redact(e, o).as_ref(), Some(e));
        }
    }
}
