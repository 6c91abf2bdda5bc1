//! Step 5: playing souls (A4) and spells (A5), stacking, and the effect vocabulary
//! (MJ-12.2, MJ-12.3).

use crate::common::*;

/// MJ-T8 / MJ-A11: a soul may start a new majin (in the prepare zone) or go onto any own
/// majin in either zone, tapped or not.
#[test]
fn mj_t8_new_or_onto_own_majins() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_imp", Zone::Prepare))
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_imp", &["red_imp"], Zone::Battle).tapped(),
        )
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Battle))
        .hand(Seat(0), &["red_cub"])
        .at_main(Some(1))
        .build()
        .unwrap();
    let cub = hand_card(&s, 0, "red_cub");
    for place in [
        Placement::New,
        Placement::Onto(MajinId(0)),
        Placement::Onto(MajinId(1)),
    ] {
        assert!(
            is_legal(&s, &Choice::PlaySoul { card: cub, place }),
            "{place:?}"
        );
    }
    let err = try_act(
        &s,
        0,
        Choice::PlaySoul {
            card: cub,
            place: Placement::Onto(MajinId(2)),
        },
    )
    .unwrap_err();
    assert!(matches!(err, Error::BadMajin { .. }), "{err}");
    let t = act(
        &s,
        0,
        Choice::PlaySoul {
            card: cub,
            place: Placement::New,
        },
    );
    assert_eq!(majin(&t, 3).zone, Zone::Prepare);
    let t = act(
        &s,
        0,
        Choice::PlaySoul {
            card: cub,
            place: Placement::Onto(MajinId(1)),
        },
    );
    let m = majin(&t, 1);
    assert_eq!((m.cards.len(), m.zone, m.tapped), (3, Zone::Battle, true));
}

/// MJ-E3 / MJ-3.5 / MJ-A2: a 4-card majin takes no 5th card; with no limit it does.
#[test]
fn mj_e3_stack_limit() {
    let build = |max| {
        Scenario::new()
            .configure(|c| c.max_cards_per_majin = max)
            .majin(
                Seat(0),
                MajinSpec::souls(&["red_imp", "red_cub", "red_imp", "red_cub"], Zone::Battle),
            )
            .hand(Seat(0), &["red_imp"])
            .at_main(Some(9))
            .build()
            .unwrap()
    };
    let s = build(Some(4));
    let imp = hand_card(&s, 0, "red_imp");
    let onto = Choice::PlaySoul {
        card: imp,
        place: Placement::Onto(MajinId(0)),
    };
    assert!(!is_legal(&s, &onto));
    assert!(try_act(&s, 0, onto.clone()).is_err());
    let s = build(None);
    assert!(is_legal(&s, &onto));
    let s = act(&s, 0, onto);
    let m = majin(&s, 0);
    assert_eq!(m.cards.len(), 5);
    // MJ-3.6 under no limit: 4 or more face-up souls make an Uzumajin.
    assert!(s.is_uzumajin(&m));
}

/// MJ-T19 / MJ-A19: War Cry costs 1, goes to the graveyard and gives +2 until end of turn.
#[test]
fn mj_t19_war_cry() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .hand(Seat(0), &["spell_war_cry"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let cry = hand_card(&s, 0, "spell_war_cry");
    let s = act(&s, 0, Choice::PlaySpell { card: cry });
    assert_eq!(s.graveyard(Seat(0)), &[cry]);
    assert_eq!(s.mp_available(), 2);
    assert_eq!(
        options(&s),
        vec![Choice::ChooseTarget { majin: MajinId(0) }]
    );
    let s = act(&s, 0, Choice::ChooseTarget { majin: MajinId(0) });
    assert_eq!(power(&s, 0), 4);
    let s = act(&s, 0, Choice::EndMain);
    let s = act(&s, 0, Choice::EndAttacks);
    assert_eq!(power(&s, 0), 2, "expired at end of turn (MJ-4.8)");
}

/// MJ-T24 / MJ-12.3: blue_sprite's enter-play `Draw(1)` resolves at once.
#[test]
fn mj_t24_enter_play_draw() {
    let s = Scenario::new()
        .active(Seat(1))
        .hand(Seat(1), &["blue_sprite"])
        .mb_top(Seat(1), &["blue_knight"])
        .at_main(Some(1))
        .build()
        .unwrap();
    let sprite = hand_card(&s, 1, "blue_sprite");
    let s = act(
        &s,
        1,
        Choice::PlaySoul {
            card: sprite,
            place: Placement::New,
        },
    );
    assert_eq!(names(&s, s.hand(Seat(1))), vec!["blue_knight"]);
    assert!(matches!(s.pending(), Pending::Main { .. }));
}

/// MJ-E17 / MJ-A17: red_champion with no enemy battle-zone majin: no `May` prompt.
#[test]
fn mj_e17_may_without_candidates_is_skipped() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Prepare))
        .hand(Seat(0), &["red_champion"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let champ = hand_card(&s, 0, "red_champion");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: champ,
            place: Placement::New,
        },
    );
    assert!(matches!(s.pending(), Pending::Main { .. }));
    assert_eq!(majin(&s, 2).cards.as_slice(), [champ]);
}

/// MJ-12.3 / MJ-12.2 `May` + `Destroy`: the controller answers, then chooses the target.
#[test]
fn mj_12_3_may_then_target() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(0), &["red_champion", "red_champion"])
        .at_main(Some(8))
        .build()
        .unwrap();
    let champ = hand_card(&s, 0, "red_champion");
    let s1 = act(
        &s,
        0,
        Choice::PlaySoul {
            card: champ,
            place: Placement::New,
        },
    );
    assert_eq!(
        options(&s1),
        vec![
            Choice::AnswerMay { yes: false },
            Choice::AnswerMay { yes: true }
        ]
    );
    let no = act(&s1, 0, Choice::AnswerMay { yes: false });
    assert_eq!(majin(&no, 1).cards.len(), 2);
    let yes = act(&s1, 0, Choice::AnswerMay { yes: true });
    assert_eq!(
        options(&yes),
        vec![Choice::ChooseTarget { majin: MajinId(1) }]
    );
    let done = act(&yes, 0, Choice::ChooseTarget { majin: MajinId(1) });
    assert_eq!(majin(&done, 1).cards.len(), 1);
    assert_eq!(names(&done, done.graveyard(Seat(1))), vec!["blue_minnow"]);
}

/// MJ-12.2 `Tap`, `Retreat`, `Draw`, `DiscardRandom`, `Damage`, and MJ-A19 (a spell with
/// no target may still be cast and does nothing).
#[test]
fn mj_12_2_primitives() {
    let base = || {
        Scenario::new()
            .active(Seat(1))
            .majin(Seat(1), MajinSpec::souls(&["blue_guard"], Zone::Prepare))
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
            )
            .hand(Seat(0), &["red_imp", "red_cub"])
            .hand(
                Seat(1),
                &[
                    "spell_frost_bind",
                    "spell_ebb_tide",
                    "spell_insight",
                    "spell_mind_rot",
                    "blue_leviathan",
                ],
            )
            .at_main(Some(9))
            .build()
            .unwrap()
    };
    let s = base();
    let bind = hand_card(&s, 1, "spell_frost_bind");
    let t = act(&s, 1, Choice::PlaySpell { card: bind });
    let t = act(&t, 1, Choice::ChooseTarget { majin: MajinId(1) });
    assert!(majin(&t, 1).tapped);
    let ebb = hand_card(&s, 1, "spell_ebb_tide");
    let t = act(&s, 1, Choice::PlaySpell { card: ebb });
    let t = act(&t, 1, Choice::ChooseTarget { majin: MajinId(1) });
    assert_eq!(majin(&t, 1).zone, Zone::Prepare);
    // Ebb Tide again with no battle-zone target: cast, no prompt, nothing happens.
    let s2 = act(&t, 1, Choice::EndMain);
    let _ = s2;
    let insight = hand_card(&s, 1, "spell_insight");
    let t = act(&s, 1, Choice::PlaySpell { card: insight });
    assert_eq!(t.hand(Seat(1)).len(), 6);
    let rot = hand_card(&s, 1, "spell_mind_rot");
    let (t, events) = act_events(&s, 1, Choice::PlaySpell { card: rot });
    assert_eq!(t.hand(Seat(0)).len(), 1);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::DiscardedAtRandom { seat: Seat(0), .. })));
    assert_eq!(t.graveyard(Seat(0)).len(), 1);
    let lev = hand_card(&s, 1, "blue_leviathan");
    let t = act(
        &s,
        1,
        Choice::PlaySoul {
            card: lev,
            place: Placement::Onto(MajinId(0)),
        },
    );
    let t = act(&t, 1, Choice::ChooseTarget { majin: MajinId(1) });
    assert!(majin(&t, 1).tapped);
}

/// MJ-A19: a spell whose target has no candidate is still legal, goes to the graveyard
/// and does nothing.
#[test]
fn mj_a19_spell_without_target_does_nothing() {
    let s = Scenario::new()
        .active(Seat(1))
        .majin(Seat(1), MajinSpec::souls(&["blue_guard"], Zone::Prepare))
        .hand(Seat(1), &["spell_frost_bind"])
        .at_main(Some(1))
        .build()
        .unwrap();
    let bind = hand_card(&s, 1, "spell_frost_bind");
    let t = act(&s, 1, Choice::PlaySpell { card: bind });
    assert!(matches!(t.pending(), Pending::Main { .. }));
    assert_eq!(t.graveyard(Seat(1)), &[bind]);
}

/// MJ-12.2 `Damage`: Meteor deals 1 damage (no Uzumajin bonus).
#[test]
fn mj_12_2_meteor_damage() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .hand(Seat(0), &["spell_meteor"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let meteor = hand_card(&s, 0, "spell_meteor");
    let t = act(&s, 0, Choice::PlaySpell { card: meteor });
    assert_eq!(t.damage_zone(Seat(1)).len(), 1);
}

/// MJ-3.7 / MJ-12.2 `Static`: every face-up soul's power and ability count; Blaze Charger
/// adds +1 only while attacking.
#[test]
fn mj_3_7_statics_and_stacked_power() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp", "red_charger"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_guard"], Zone::Battle),
        )
        .at_attack()
        .build()
        .unwrap();
    assert_eq!(power(&s, 0), 4);
    assert_eq!(power(&s, 1), 3);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(power(&s, 0), 5, "attacking");
    let s = act(&s, 1, Choice::Block { majin: MajinId(1) });
    assert_eq!(power(&s, 1), 4, "Coral Guard blocking");
}
