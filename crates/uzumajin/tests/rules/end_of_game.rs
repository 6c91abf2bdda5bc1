//! The end of the game (§7): 7 damage, deck-out at turn start, the turn limit.

use crate::common::*;

/// MJ-T22 / MJ-7.1 / MJ-7.3 / MJ-4.9: the 7th damage ends the game at once; no action is
/// legal after.
#[test]
fn mj_t22_seventh_damage_wins() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .damage(Seat(1), 6)
        .at_attack()
        .build()
        .unwrap();
    let (s, events) = act_events(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.damage_zone(Seat(1)).len(), 7);
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert!(legal_actions(&s).is_empty());
    assert_eq!(s.pending(), Pending::GameOver);
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert!(matches!(
        try_act(&s, 0, Choice::EndAttacks),
        Err(Error::GameOver)
    ));
}

/// MJ-E1 / MJ-6.9: damage stops at 7: an Uzumajin's second point is ignored.
#[test]
fn mj_e1_damage_cap() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(
                &["red_imp", "red_cub", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .damage(Seat(1), 6)
        .mb_size(Seat(1), 5)
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.damage_zone(Seat(1)).len(), 7);
    assert_eq!(s.majin_box(Seat(1)).len(), 4);
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
}

/// MJ-T23 / MJ-4.0 / MJ-7.2: an empty MB at the start of one's own turn loses before
/// step 1.
#[test]
fn mj_t23_deck_out_at_turn_start() {
    let s = Scenario::new()
        .active(Seat(1))
        .mb_size(Seat(1), 0)
        .majin(
            Seat(1),
            MajinSpec::souls(&["blue_minnow"], Zone::Battle).tapped(),
        )
        .build()
        .unwrap();
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert!(majin(&s, 0).tapped, "step 1 was not played");
}

/// MJ-E2 / MJ-A16 / MJ-7.2: damage to an empty MB is ignored; the loss comes at that
/// player's next turn start. Under `LoseImmediately` it is a loss at once.
#[test]
fn mj_e2_damage_to_empty_mb() {
    let mk = |mode| {
        Scenario::new()
            .configure(|c| c.empty_mb_damage = mode)
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
            )
            .mb_size(Seat(1), 0)
            .at_attack()
            .build()
            .unwrap()
    };
    let (s, events) = act_events(
        &mk(EmptyMbDamage::Ignore),
        0,
        Choice::DeclareAttack { majin: MajinId(0) },
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DamageIgnored { .. })));
    assert_eq!(s.damage_zone(Seat(1)).len(), 0);
    // Step 6 ended by itself; P2's turn started with an empty MB.
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    let s = act(
        &mk(EmptyMbDamage::LoseImmediately),
        0,
        Choice::DeclareAttack { majin: MajinId(0) },
    );
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert_eq!(s.turn(), 3, "during P1's turn");
}

/// MJ-E16 / MJ-7.4: with no damage and no extra draws the game ends by deck-out at the
/// start of turn 67 (P1's 34th turn), P1 losing.
#[test]
fn mj_e16_deck_out_bound() {
    let mut s = new_game(&Config::seat0_first(), 8).unwrap();
    let mut guard = 0;
    while s.outcome().is_none() {
        s = apply(&s, &passive(&s)).unwrap();
        guard += 1;
        assert!(guard < 5000);
    }
    assert_eq!(s.turn(), 67);
    assert_eq!(s.turns_taken(Seat(0)), 34);
    assert!(s.outcome().unwrap().is_winner(Seat(1)));
}

/// MJ-7.4: random games with the sample set and no turn limit all end by turn 67.
#[test]
fn mj_7_4_every_sample_game_ends() {
    use fuda_core::GameRng;
    for seed in 0..60 {
        let mut rng = GameRng::from_seed(seed);
        let mut s = new_game(&Config::default(), seed).unwrap();
        let mut steps = 0;
        while s.outcome().is_none() {
            let legal = legal_actions(&s);
            s = apply(&s, &legal[rng.below(legal.len())]).unwrap();
            steps += 1;
            assert!(steps < 20_000);
        }
        assert!(s.turn() <= 67, "seed {seed}: turn {}", s.turn());
    }
}

/// MJ-7.3: the game ends mid-effect: Meteor's 7th damage ends it and nothing else
/// resolves.
#[test]
fn mj_7_3_game_ends_mid_procedure() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .hand(Seat(0), &["spell_meteor"])
        .damage(Seat(1), 6)
        .at_main(Some(4))
        .build()
        .unwrap();
    let meteor = hand_card(&s, 0, "spell_meteor");
    let s = act(&s, 0, Choice::PlaySpell { card: meteor });
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert!(legal_actions(&s).is_empty());
}
