//! Setup (MJ-3.x, R1, R2, MJ-9.1): decks, card instances, janken, turn order, hands.

use crate::common::*;

/// MJ-3.1: exactly two players, each with their own zones (MJ-3.4) and deck list.
#[test]
fn mj_3_1_two_players_with_their_own_zones() {
    let s = new_game(&Config::seat0_first(), 1).unwrap();
    let v = view(&s, Observer::Spectator);
    assert_eq!(v.players.len(), 2);
    assert_eq!(Config::default().decks.len(), 2);
    // MJ-3.4: MB, hand, majins (both zones), graveyard, damage zone per player.
    for p in &v.players {
        assert_eq!(p.graveyard.len(), 0);
        assert_eq!(p.damage_count, 0);
    }
}

/// MJ-T1 / MJ-3.2: a 40-card deck is accepted; 39 or 41 cards are rejected.
#[test]
fn mj_t1_mj_3_2_deck_must_have_exactly_40_cards() {
    assert!(new_game(&Config::default(), 0).is_ok());
    let mut short = Deck::sample_red();
    short.0[0].count = 3; // 39 cards
    let config = Config {
        decks: [short, Deck::sample_blue()],
        ..Config::default()
    };
    assert!(matches!(
        new_game(&config, 0),
        Err(Error::Deck { seat: Seat(0), .. })
    ));
    let mut long = Deck::sample_blue();
    long.0.push(DeckEntry {
        card: "red_imp".into(),
        count: 1,
    }); // 41 cards
    let config = Config {
        decks: [Deck::sample_red(), long],
        ..Config::default()
    };
    let err = new_game(&config, 0).unwrap_err();
    assert!(matches!(err, Error::Deck { seat: Seat(1), .. }), "{err}");
    assert!(err.to_string().contains("41"), "{err}");
}

/// MJ-E19 / MJ-A21: at most 4 copies under the default; `None` lifts the limit.
#[test]
fn mj_e19_copy_limit() {
    let mut five = Deck::sample_red();
    five.0[0].count = 5; // red_imp ×5
    five.0[1].count = 3; // red_cub ×3, still 40
    let config = Config {
        decks: [five.clone(), Deck::sample_blue()],
        ..Config::default()
    };
    let err = new_game(&config, 0).unwrap_err();
    assert!(err.to_string().contains("5 copies of `red_imp`"), "{err}");
    let config = Config {
        decks: [five, Deck::sample_blue()],
        max_copies_per_card: None,
        ..Config::default()
    };
    assert!(new_game(&config, 0).is_ok());
    assert_eq!(Deck::sample_red().total(), 40);
    assert_eq!(Deck::sample_blue().total(), 40);
}

/// MJ-T2 / MJ-3.8: janken winner chooses to go first; each player draws 7 (33 left in the
/// MB); then the first player's first turn begins with its draw (MJ-4.2). No mulligan
/// (MJ-A21).
#[test]
fn mj_t2_mj_3_8_janken_then_opening_hands() {
    let s = new_game(&Config::default(), 3).unwrap();
    let Pending::TurnOrder { seat: winner } = s.pending() else {
        panic!("janken winner must choose first: {:?}", s.pending());
    };
    assert_eq!(s.hand(Seat(0)).len(), 0);
    let (s, events) = act_events(&s, winner.0, Choice::ChooseTurnOrder { go_first: true });
    let dealt = |seat: Seat| {
        events
            .iter()
            .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
            .filter(|e| matches!(e, Event::Drew { seat: p, .. } if *p == seat))
            .count()
    };
    assert_eq!((dealt(Seat(0)), dealt(Seat(1))), (7, 7));
    let loser = Seat(1 - winner.0);
    assert_eq!(s.active(), winner);
    assert_eq!(s.hand(winner).len(), 8, "7 + the first turn's draw");
    assert_eq!(s.hand(loser).len(), 7);
    assert_eq!(s.majin_box(winner).len(), 32);
    assert_eq!(s.majin_box(loser).len(), 33);
    assert_eq!(s.damage_zone(loser).len(), 0);
    assert!(
        matches!(s.pending(), Pending::UraMajin { .. }),
        "no mulligan decision"
    );
}

/// MJ-3.8 step 3: going second is a choice too.
#[test]
fn mj_3_8_winner_may_go_second() {
    let s = new_game(&Config::default(), 3).unwrap();
    let Pending::TurnOrder { seat } = s.pending() else {
        panic!()
    };
    let s = act(&s, seat.0, Choice::ChooseTurnOrder { go_first: false });
    assert_eq!(s.active(), Seat(1 - seat.0));
    assert_eq!(s.first_player(), Some(Seat(1 - seat.0)));
}

/// MJ-9.1 (R1, R2): same seed, same game; seeds change deck order and the janken winner;
/// `first_player = Fixed` skips janken.
#[test]
fn mj_9_1_randomness_comes_from_the_seed() {
    let a = new_game(&Config::default(), 11).unwrap();
    let b = new_game(&Config::default(), 11).unwrap();
    assert_eq!(a, b);
    let mut winners = [0; 2];
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = new_game(&Config::default(), seed).unwrap();
        if let Pending::TurnOrder { seat } = s.pending() {
            winners[seat.index()] += 1;
        }
        orders.insert(s.majin_box(Seat(0)).to_vec());
    }
    assert!(winners[0] > 5 && winners[1] > 5, "{winners:?}");
    assert!(orders.len() > 30);
    let fixed = new_game(&Config::seat0_first(), 11).unwrap();
    assert_eq!(fixed.active(), Seat(0));
    assert!(view(&fixed, Observer::Spectator).janken_winner.is_none());
}

/// MJ-3.10: every card instance has its own id, fixed at setup; seat 0's deck gets the
/// first 40 ids in deck-list order. Two copies in hand are two options (MJ-T3).
#[test]
fn mj_3_10_card_instances() {
    let s = new_game(&Config::seat0_first(), 5).unwrap();
    let imps = s.instances_of(Seat(0), "red_imp");
    assert_eq!(imps, vec![CardId(0), CardId(1), CardId(2), CardId(3)]);
    let sprites = s.instances_of(Seat(1), "blue_sprite");
    assert_eq!(sprites.len(), 4);
    assert!(sprites.iter().all(|c| c.0 >= 40));
}

/// MJ-3.3: souls cost MP and have power; spells cost MP; combat cards cost nothing.
#[test]
fn mj_3_3_card_types() {
    let set = CardSet::sample();
    let info = |id: &str| *set.info(set.find(id).unwrap()).unwrap();
    assert_eq!(info("red_brute").card_type, CardType::Soul);
    assert_eq!((info("red_brute").cost, info("red_brute").power), (3, 4));
    assert_eq!(info("spell_fireball").card_type, CardType::Spell);
    assert_eq!(info("spell_fireball").cost, 3);
    assert_eq!(info("combat_fury").card_type, CardType::Combat);
    assert_eq!(info("combat_fury").cost, 0);
}

/// MJ-3.4: the hand has no size limit; nothing is discarded for hand size.
#[test]
fn mj_3_4_no_hand_limit() {
    let hand = [
        "red_imp",
        "red_imp",
        "red_cub",
        "red_cub",
        "red_charger",
        "red_charger",
        "red_warrior",
        "red_warrior",
        "red_brute",
        "red_brute",
        "red_champion",
        "red_champion",
    ];
    let s = Scenario::new().hand(Seat(0), &hand).build().unwrap();
    let mut s = act(&s, 0, Choice::SkipUraMajin);
    s = act(&s, 0, Choice::EndMain);
    assert_eq!(s.active(), Seat(1));
    assert_eq!(s.hand(Seat(0)).len(), 13);
}
