//! Hidden information (§8, MC-8.1, MC-8.2): views hold only what the viewer may know.

use crate::common::*;
use fuda_monjan::{
    new_game, redact, view, Choice, Col, Config, Event, MatchFormat, Observer, Shown,
};

/// MC-8.1: a view shows its own hand only; others as counts.
#[test]
fn views_show_own_hand_only() {
    let mut c = Config::for_players(3);
    c.match_format = MatchFormat::Basic;
    let s = new_game(&c, 4).unwrap();
    let v = view(&s, Observer::Seat(A));
    assert!(v.player(A).unwrap().hand.is_some());
    assert!(v.player(B).unwrap().hand.is_none());
    assert_eq!(
        v.player(B).unwrap().hand_count,
        s.player(B).unwrap().hand.len()
    );
    let spectator = view(&s, Observer::Spectator);
    assert!(spectator.players.iter().all(|p| p.hand.is_none()));
}

/// MC-8.2, MC-E20, MC-6.6: face-down mana and Elements appear without ids.
#[test]
fn e20_hidden_cards_are_placeholders() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .elements(A, Col::L, &["n_fire_09"])
        .defeated(A, Col::L)
        .hand(A, &["n_fire_02"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_02"),
            col: Col::R,
            face_down: true,
        },
    );
    let s = end_edit(s);
    // After the reveal the face-down card shows; the Element never does to B.
    let vb = view(&s, Observer::Seat(B));
    let l = &vb.player(A).unwrap().cols[0];
    assert_eq!(l.mana[0].card, Shown::FaceDown);
    assert!(l.mana[0].element);
    let va = view(&s, Observer::Seat(A));
    assert_eq!(
        va.player(A).unwrap().cols[0].mana[0].card,
        Shown::Card(id(&s, "n_fire_09"))
    );
}

/// MC-4.6, §8: events of a simultaneous edit turn are withheld from the other players;
/// drawn cards are shown to the drawer only.
#[test]
fn edit_events_are_withheld() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .hand(A, &["n_fire_02"]);
    let mut s = sc.build_edit().unwrap();
    let card = id(&s, "n_fire_02");
    let events = fuda_monjan::apply_in_place(
        &mut s,
        &fuda_monjan::Action::new(
            A,
            Choice::PlaceMana {
                card,
                col: Col::R,
                face_down: false,
            },
        ),
    )
    .unwrap();
    assert!(!events.is_empty());
    assert!(events
        .iter()
        .all(|e| redact(e, Observer::Seat(B)).is_none()));
    assert!(events
        .iter()
        .all(|e| redact(e, Observer::Seat(A)).is_some()));
    let drew = Event::Drew {
        seat: A,
        deck: fuda_monjan::DeckKind::Main,
        count: 1,
        cards: vec![id(&s, "n_fire_02")].into(),
    };
    match redact(&drew, Observer::Seat(B)) {
        Some(Event::Drew { cards, count, .. }) => assert!(cards.is_empty() && count == 1),
        other => panic!("{other:?}"),
    }
}

/// MC-4.6 (3), (6), MC-E18 (issue 9 bug 2): what a player did in the simultaneous edit turn
/// reaches the others when the edit set empties — in order, each observer getting its part:
/// the die roll and the face-up card in full, the draw as a count, the face-down card
/// without its identity. The player itself is not told twice.
#[test]
fn mc_4_6_withheld_events_are_disclosed_when_the_edit_set_empties() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::R)
        .hand(A, &["n_fire_02"])
        .force_dice(&[2]);
    let mut s = sc.build_edit().unwrap();
    let mut log = Vec::new();
    for choice in [
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Right,
            target: fuda_monjan::Target::None,
        },
        Choice::PlaceMana {
            card: id(&s, "n_fire_02"),
            col: Col::R,
            face_down: true,
        },
        Choice::DeclareEnd,
    ] {
        log.extend(
            fuda_monjan::apply_in_place(&mut s, &fuda_monjan::Action::new(A, choice)).unwrap(),
        );
    }
    let seen_by_b = |log: &[Event]| -> Vec<Event> {
        log.iter()
            .filter_map(|e| redact(e, Observer::Seat(B)))
            .collect()
    };
    assert_eq!(seen_by_b(&log), vec![Event::EndDeclared { seat: A }]);
    let end = fuda_monjan::apply_in_place(&mut s, &fuda_monjan::Action::new(B, Choice::DeclareEnd))
        .unwrap();
    let b: Vec<Event> = seen_by_b(&end);
    let disclosed: Vec<&Event> = b
        .iter()
        .filter_map(|e| match e {
            Event::Disclosed { seat, event } if *seat == A => Some(&**event),
            _ => None,
        })
        .collect();
    assert!(
        matches!(disclosed.as_slice(), [
            Event::Acted { card: None, .. },
            Event::DieRolled { result: 2, success: true, .. },
            Event::Drew { count: 1, cards, .. },
            Event::Acted { card: None, secret: true, .. },
        ] if cards.is_empty()),
        "{disclosed:?}"
    );
    // In order, before the battle starts.
    let first_battle = b
        .iter()
        .position(|e| matches!(e, Event::BattleStarted { .. }));
    let last_disclosed = b.iter().rposition(|e| matches!(e, Event::Disclosed { .. }));
    assert!(last_disclosed < first_battle);
    // A saw its own events already; the spectator gets the same part as B.
    assert!(!end
        .iter()
        .filter_map(|e| redact(e, Observer::Seat(A)))
        .any(|e| matches!(e, Event::Disclosed { .. })));
    let spectator: Vec<Event> = end
        .iter()
        .filter_map(|e| redact(e, Observer::Spectator))
        .filter(|e| matches!(e, Event::Disclosed { .. }))
        .collect();
    assert_eq!(spectator.len(), disclosed.len());
}

/// Both players can summon a one-turn Boss-Assassin; the Boss-Assassin deck holds one card
/// and its discard pile two, in a simultaneous edit turn.
fn one_boss_left() -> fuda_monjan::State {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01", "n_fire_02", "n_fire_03"])
        .mana(B, Col::L, &["n_earth_01", "n_earth_02", "n_earth_03"])
        .deck_top(&["n_fire_04", "n_earth_04", "n_fire_05"])
        .boss_top(&["ba_boss_20"])
        .discard("ba_boss_22")
        .discard("ba_boss_30")
        .rest_out_of_game();
    sc.build_edit().unwrap()
}

fn summon(s: &fuda_monjan::State, seat: fuda_monjan::Seat) -> fuda_monjan::State {
    let pay = fuda_monjan::Pay::from_col(Col::L, 3);
    act(
        s,
        seat,
        Choice::SummonBossOneTurn {
            pay,
            face_down: false,
        },
    )
}

fn boss_piles(s: &fuda_monjan::State, o: Observer) -> (usize, usize) {
    let p = view(s, o).piles;
    (p.boss_deck, p.boss_discard.len())
}

/// MC-4.6 (3), (5), MC-6.14 (5): B draws the last Boss-Assassin and sees the deck empty; A
/// still sees it as frozen (one card) until A's own summon meets the empty deck, which is
/// rebuilt from the discard pile: A then sees the true piles (the accepted leak), B and the
/// spectator still the piles as B left them and as frozen. Read back from its JSON form at
/// any point, the state shows every observer the same piles, then and after A's summon.
#[test]
fn mc_4_6_a_rebuilt_deck_shows_the_drawer_the_true_piles() {
    let s = one_boss_left();
    let s = summon(&s, B);
    assert_eq!(boss_piles(&s, Observer::Seat(B)), (0, 2));
    assert_eq!(boss_piles(&s, Observer::Seat(A)), (1, 2));
    let read: fuda_monjan::State =
        serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    for state in [s, read] {
        let s = summon(&state, A);
        assert_eq!(
            boss_piles(&s, Observer::Seat(A)),
            (1, 0),
            "rebuilt, then drawn"
        );
        assert_eq!(boss_piles(&s, Observer::Seat(B)), (0, 2));
        assert_eq!(boss_piles(&s, Observer::Spectator), (1, 2));
        let again: fuda_monjan::State =
            serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        for o in [Observer::Seat(A), Observer::Seat(B), Observer::Spectator] {
            assert_eq!(view(&again, o), view(&s, o));
        }
    }
}
