//! The turn (§4): turn start, untap & retreat, draw, ura majin, MP, play, attack, move, end.

use crate::common::*;

/// MJ-T3 / MJ-4.1 / MJ-4.2 / MJ-4.3: P1's first turn has no step 1, draws (hand 8, MB 32)
/// and must place an ura majin: exactly the 8 `PlaceUraMajin` options. Then MP = 1.
#[test]
fn mj_t3_first_turn_mandatory_ura_majin() {
    let s = new_game(&Config::seat0_first(), 9).unwrap();
    assert_eq!(s.hand(Seat(0)).len(), 8);
    assert_eq!(s.majin_box(Seat(0)).len(), 32);
    let opts = options(&s);
    assert_eq!(opts.len(), 8);
    assert!(opts
        .iter()
        .all(|c| matches!(c, Choice::PlaceUraMajin { .. })));
    assert!(matches!(
        try_act(&s, 0, Choice::SkipUraMajin),
        Err(Error::UraMandatory)
    ));
    let card = s.hand(Seat(0))[0];
    let s = act(&s, 0, Choice::PlaceUraMajin { card });
    assert_eq!(s.mp_available(), 1);
    assert!(matches!(s.pending(), Pending::Main { seat: Seat(0) }));
}

/// MJ-T4 / MJ-3.9 / MJ-A7: P2's first turn is also a first turn (own turn count): the ura
/// majin is mandatory. MP = 2 + 1 = 3.
#[test]
fn mj_t4_second_players_first_turn() {
    let s = Scenario::new()
        .active(Seat(1))
        .turn(2)
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .hand(Seat(1), &["blue_minnow"])
        .build()
        .unwrap();
    assert!(!is_legal(&s, &Choice::SkipUraMajin));
    let card = hand_card(&s, 1, "blue_minnow");
    let s = act(&s, 1, Choice::PlaceUraMajin { card });
    assert_eq!(s.mp_available(), 3);
}

/// MJ-A7 (`turn_count_basis = Global`): only game-wide turn 1 is a first turn, so P2 may
/// skip its ura majin on turn 2.
#[test]
fn mj_a7_global_turn_count() {
    let s = Scenario::new()
        .configure(|c| c.turn_count_basis = TurnCountBasis::Global)
        .active(Seat(1))
        .turn(2)
        .hand(Seat(1), &["blue_minnow"])
        .build()
        .unwrap();
    assert!(is_legal(&s, &Choice::SkipUraMajin));
}

/// MJ-4.3 / MJ-A8 / MJ-E13: from the second turn the ura majin is optional; any card type
/// may be placed, and a face-down combat card counts 1 MP but gives no colour or power.
#[test]
fn mj_4_3_mj_e13_optional_ura_of_any_card() {
    let s = Scenario::new()
        .hand(Seat(0), &["combat_feint", "red_warrior"])
        .build()
        .unwrap();
    assert!(is_legal(&s, &Choice::SkipUraMajin));
    let feint = hand_card(&s, 0, "combat_feint");
    let s = act(&s, 0, Choice::PlaceUraMajin { card: feint });
    assert_eq!(s.mp_available(), 1);
    assert_eq!(power(&s, 0), 0);
    let warrior = hand_card(&s, 0, "red_warrior");
    // red_warrior needs Red: a face-down card has no colour.
    assert!(!options(&s)
        .iter()
        .any(|c| matches!(c, Choice::PlaySoul { card, .. } if *card == warrior)));
}

/// MJ-E20: `ura_any_card = false` and no soul in hand → step 3 is skipped, MP 0. With
/// souls in hand, only souls are offered.
#[test]
fn mj_e20_souls_only_ura() {
    let s = Scenario::new()
        .configure(|c| c.ura_any_card = false)
        .turn(1)
        .hand(Seat(0), &["combat_fury", "spell_meteor"])
        .mb_top(Seat(0), &["combat_feint"])
        .build()
        .unwrap();
    assert!(matches!(s.pending(), Pending::Main { .. }));
    assert_eq!(s.mp_available(), 0);
    let s = Scenario::new()
        .configure(|c| c.ura_any_card = false)
        .turn(1)
        .hand(Seat(0), &["combat_fury", "red_imp"])
        .mb_top(Seat(0), &["combat_feint"])
        .build()
        .unwrap();
    let imp = hand_card(&s, 0, "red_imp");
    assert_eq!(options(&s), vec![Choice::PlaceUraMajin { card: imp }]);
}

/// MJ-T21 / MJ-4.1 / MJ-A13: step 1 untaps every tapped majin of A, then retreats 1-card
/// battle-zone majins.
#[test]
fn mj_t21_untap_then_retreat() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_imp", &["red_cub"], Zone::Battle).tapped(),
        )
        .majin(Seat(0), MajinSpec::ura("red_imp", Zone::Battle))
        .hand(Seat(0), &["red_imp"])
        .build()
        .unwrap();
    let m0 = majin(&s, 0);
    assert!(!m0.tapped);
    assert_eq!(m0.zone, Zone::Battle);
    assert_eq!(majin(&s, 1).zone, Zone::Prepare);
}

/// MJ-E11 / MJ-A22: a tapped 1-card battle majin ends untapped in the prepare zone.
#[test]
fn mj_e11_tapped_lone_majin_untaps_and_retreats() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(&["red_imp"], Zone::Battle).tapped(),
        )
        .build()
        .unwrap();
    let m = majin(&s, 0);
    assert!(!m.tapped);
    assert_eq!(m.zone, Zone::Prepare);
}

/// MJ-4.9: steps 1 and 7 affect only A's majins.
#[test]
fn mj_4_9_steps_1_and_7_touch_only_the_active_player() {
    let s = Scenario::new()
        .majin(
            Seat(1),
            MajinSpec::souls(&["blue_minnow"], Zone::Battle).tapped(),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_minnow"], Zone::Prepare),
        )
        .hand(Seat(0), &["red_imp"])
        .build()
        .unwrap();
    assert!(majin(&s, 0).tapped);
    assert_eq!(majin(&s, 0).zone, Zone::Battle);
    let s = act(&s, 0, Choice::SkipUraMajin);
    let s = act(&s, 0, Choice::EndMain);
    // P1's step 7 did not move P2's majins.
    assert_eq!(majin(&s, 1).zone, Zone::Prepare);
    // P2's own step 1 now untaps and retreats its lone battle majin.
    assert!(!majin(&s, 0).tapped);
    assert_eq!(majin(&s, 0).zone, Zone::Prepare);
}

/// MJ-T20 / MJ-4.7 / MJ-A12: step 7 advances 2+-card prepare majins (face-down counted)
/// and retreats 1-card battle majins, automatically.
#[test]
fn mj_t20_advance_and_retreat() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Prepare),
        )
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Battle))
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::EndAttacks);
    assert_eq!(majin(&s, 0).zone, Zone::Battle);
    assert_eq!(majin(&s, 1).zone, Zone::Prepare);
    assert_eq!(s.active(), Seat(1));
}

/// MJ-A12 (`advance_optional`): A14 lets A advance majins one at a time, or stop.
#[test]
fn mj_a12_optional_advance() {
    let s = Scenario::new()
        .configure(|c| c.advance_optional = true)
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Prepare),
        )
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Prepare),
        )
        .at_main(Some(0))
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::EndMain);
    assert_eq!(
        options(&s),
        vec![
            Choice::AdvanceMajin { majin: MajinId(0) },
            Choice::AdvanceMajin { majin: MajinId(1) },
            Choice::StopAdvancing
        ]
    );
    let s = act(&s, 0, Choice::AdvanceMajin { majin: MajinId(1) });
    assert_eq!(options(&s).len(), 2);
    let s = act(&s, 0, Choice::StopAdvancing);
    assert_eq!(majin(&s, 0).zone, Zone::Prepare);
    assert_eq!(majin(&s, 1).zone, Zone::Battle);
    assert_eq!(s.active(), Seat(1));
}

/// MJ-E14 / MJ-4.6: a majin completed in step 5 advances in step 7, after the attack step,
/// so it cannot attack this turn; step 6 ends by itself with no possible attacker.
#[test]
fn mj_e14_new_stack_cannot_attack_this_turn() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .hand(Seat(0), &["red_imp"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::Onto(MajinId(0)),
        },
    );
    let s = act(&s, 0, Choice::EndMain);
    // Step 6 had no attacker and ended by itself; step 7 advanced the new stack.
    assert_eq!(majin(&s, 0).zone, Zone::Battle);
    assert_eq!(s.active(), Seat(1));
}

/// MJ-4.5 / MJ-A17: playing is optional — `EndMain` is legal with playable cards in hand;
/// unspent MP is lost at the end of the step.
#[test]
fn mj_4_5_playing_is_optional() {
    let s = Scenario::new()
        .hand(Seat(0), &["red_imp"])
        .at_main(Some(3))
        .build()
        .unwrap();
    assert!(is_legal(&s, &Choice::EndMain));
    assert!(options(&s).len() > 1);
    let s = act(&s, 0, Choice::EndMain);
    assert_eq!(s.active(), Seat(1));
    assert_eq!(s.hand(Seat(0)).len(), 1);
}

/// MJ-4.8 / MJ-E22: with `max_turns = Some(10)` the game is a draw when turn 10 (P2's 5th)
/// ends with no winner; no action is legal after.
#[test]
fn mj_e22_turn_limit_draw() {
    let config = Config {
        max_turns: Some(10),
        ..Config::seat0_first()
    };
    let mut s = new_game(&config, 4).unwrap();
    let mut guard = 0;
    while s.outcome().is_none() {
        s = apply(&s, &passive(&s)).unwrap();
        guard += 1;
        assert!(guard < 1000);
    }
    assert_eq!(s.outcome(), Some(&Outcome::Draw));
    assert_eq!(s.turn(), 10);
    assert_eq!(s.turns_taken(Seat(1)), 5);
    assert!(legal_actions(&s).is_empty());
}
