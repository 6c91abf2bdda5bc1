//! Hidden information (§8): views and events per observer, resampling.

use crate::common::*;
use fuda_core::{Determinize, GameRng};

/// MJ-E21 / MJ-8.2: after `PlaceUraMajin`, P2 sees the hand shrink and a `Hidden` card
/// without an instance id; the event shown to P2 names no card. P1 sees the card.
#[test]
fn mj_e21_ura_majin_hidden_from_the_opponent() {
    let s = new_game(&Config::seat0_first(), 2).unwrap();
    let card = s.hand(Seat(0))[3];
    let before = view(&s, Observer::Seat(Seat(1)));
    let (s, events) = act_events(&s, 0, Choice::PlaceUraMajin { card });
    let theirs = view(&s, Observer::Seat(Seat(1)));
    assert_eq!(
        theirs.players[0].hand_count,
        before.players[0].hand_count - 1
    );
    assert!(theirs.players[0].hand.is_none());
    assert_eq!(theirs.players[0].majins[0].cards, vec![CardView::Hidden]);
    let mine = view(&s, Observer::Seat(Seat(0)));
    assert_eq!(
        mine.players[0].majins[0].cards,
        vec![CardView::FaceDown(card)]
    );
    let placed = events
        .iter()
        .find(|e| matches!(e, Event::UraMajinPlaced { .. }))
        .unwrap();
    assert!(matches!(
        redact(placed, Observer::Seat(Seat(1))),
        Some(Event::UraMajinPlaced { card: None, .. })
    ));
    assert!(matches!(
        redact(placed, Observer::Seat(Seat(0))),
        Some(Event::UraMajinPlaced { card: Some(_), .. })
    ));
    let json = serde_json::to_string(&theirs).unwrap();
    assert!(json.contains("\"hidden\""), "{json}");
}

/// MJ-E18 / MJ-8.1: a Peek shows the face-down card to its controller only, while it stays
/// face-down.
#[test]
fn mj_e18_peek_is_private() {
    let s = Scenario::new()
        .active(Seat(1))
        .majin(Seat(0), MajinSpec::ura("red_brute", Zone::Prepare))
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Prepare))
        .hand(Seat(1), &["blue_seer"])
        .at_main(Some(2))
        .build()
        .unwrap();
    let p1_before = view(&s, Observer::Seat(Seat(0)));
    let seer = hand_card(&s, 1, "blue_seer");
    let s = act(
        &s,
        1,
        Choice::PlaySoul {
            card: seer,
            place: Placement::Onto(MajinId(1)),
        },
    );
    let (s, events) = act_events(&s, 1, Choice::ChooseTarget { majin: MajinId(0) });
    let brute = majin(&s, 0).cards[0];
    assert_eq!(
        view(&s, Observer::Seat(Seat(1))).players[0].majins[0].cards,
        vec![CardView::FaceDown(brute)]
    );
    assert_eq!(
        view(&s, Observer::Spectator).players[0].majins[0].cards,
        vec![CardView::Hidden]
    );
    assert_eq!(
        view(&s, Observer::Seat(Seat(0))).players[0].majins,
        p1_before.players[0].majins
    );
    let peek = events
        .iter()
        .find(|e| matches!(e, Event::Peeked { .. }))
        .unwrap();
    assert!(matches!(
        redact(peek, Observer::Seat(Seat(0))),
        Some(Event::Peeked { card: None, .. })
    ));
    assert!(matches!(
        redact(peek, Observer::Seat(Seat(1))),
        Some(Event::Peeked { card: Some(_), .. })
    ));
}

/// MJ-8.1 / MJ-A18: hands, MBs and damage zones are counts; nobody sees damage-zone cards
/// unless `damage_zone_owner_can_look`, and then only the owner.
#[test]
fn mj_8_1_counts_for_hidden_zones() {
    let s = Scenario::new()
        .damage(Seat(1), 2)
        .hand(Seat(1), &["blue_knight"])
        .build()
        .unwrap();
    let v = view(&s, Observer::Seat(Seat(1)));
    assert_eq!(v.players[1].damage_count, 2);
    assert!(v.players[1].damage.is_none());
    assert!(v.players[1].hand.is_some());
    assert!(v.players[0].hand.is_none());
    assert_eq!(v.players[0].mb_count, s.majin_box(Seat(0)).len());
    let s = Scenario::new()
        .configure(|c| c.damage_zone_owner_can_look = true)
        .damage(Seat(1), 2)
        .build()
        .unwrap();
    assert_eq!(
        view(&s, Observer::Seat(Seat(1))).players[1]
            .damage
            .as_ref()
            .map(Vec::len),
        Some(2)
    );
    assert!(view(&s, Observer::Seat(Seat(0))).players[1]
        .damage
        .is_none());
}

/// MJ-8.2: a drawn card's identity goes to the drawer only.
#[test]
fn mj_8_2_draw_events_are_redacted() {
    let e = Event::Drew {
        seat: Seat(0),
        card: Some(CardId(5)),
    };
    assert_eq!(redact(&e, Observer::Seat(Seat(0))), Some(e.clone()));
    assert_eq!(
        redact(&e, Observer::Spectator),
        Some(Event::Drew {
            seat: Seat(0),
            card: None
        })
    );
}

/// MJ-8.1: resampling what an observer cannot know changes hidden cards but never its
/// view (the basis of the conformance suite's leak check).
#[test]
fn mj_8_1_resample_keeps_the_view() {
    let mut s = new_game(&Config::seat0_first(), 77).unwrap();
    let mut rng = GameRng::from_seed(1);
    for _ in 0..60 {
        if s.outcome().is_some() {
            break;
        }
        let legal = legal_actions(&s);
        s = apply(&s, &legal[rng.below(legal.len())]).unwrap();
    }
    let mut changed = false;
    for o in [
        Observer::Seat(Seat(0)),
        Observer::Seat(Seat(1)),
        Observer::Spectator,
    ] {
        for k in 0..5 {
            let t = Uzumajin::resample(&s, o, &mut GameRng::from_seed(k));
            assert_eq!(view(&t, o), view(&s, o));
            changed |= t.hand(Seat(1)) != s.hand(Seat(1));
        }
    }
    assert!(changed);
}

/// MJ-8.1 / MJ-E20: under `ura_any_card = false` a pending ura majin shows the hand holds a
/// soul, and face-down cards are souls; resampling keeps both facts.
#[test]
fn mj_e20_resample_keeps_public_soul_facts() {
    let s = Scenario::new()
        .configure(|c| c.ura_any_card = false)
        .majin(Seat(0), MajinSpec::ura("red_brute", Zone::Prepare))
        .hand(
            Seat(0),
            &["combat_fury", "combat_fury", "spell_meteor", "red_imp"],
        )
        .mb_top(Seat(0), &["combat_feint"])
        .build()
        .unwrap();
    assert!(matches!(s.pending(), Pending::UraMajin { .. }));
    let soul = |t: &State, c: CardId| {
        t.cards()
            .info(t.cards().find(t.card_name(c)).unwrap())
            .unwrap()
            .card_type
            == CardType::Soul
    };
    for k in 0..50 {
        let t = Uzumajin::resample(&s, Observer::Seat(Seat(1)), &mut GameRng::from_seed(k));
        assert!(t.hand(Seat(0)).iter().any(|&c| soul(&t, c)), "seed {k}");
        assert!(soul(&t, majin(&t, 0).cards[0]));
        assert!(!legal_actions(&t).is_empty());
    }
}
