//! Attacks and battles (§6): tapping, blocking, unblocked damage, the combat window with
//! attacker-first priority and its return, power, resolution, the Uzumajin.

use crate::common::*;

/// P1 attacker M0 and P2 blocker M1 in the battle zones, both hands given; at step 6.
/// P1's spare battle-zone majin M2 keeps step 6 open after the first attack.
fn duel(attacker: MajinSpec, blocker: MajinSpec, h1: &[&str], h2: &[&str]) -> State {
    Scenario::new()
        .majin(Seat(0), attacker)
        .majin(Seat(1), blocker)
        .majin(Seat(0), MajinSpec::souls(&["red_charger"], Zone::Battle))
        .hand(Seat(0), h1)
        .hand(Seat(1), h2)
        .at_attack()
        .build()
        .unwrap()
}

fn uzumajin() -> MajinSpec {
    MajinSpec::souls(
        &["red_imp", "red_cub", "red_warrior", "red_brute"],
        Zone::Battle,
    )
}

/// MJ-T9 / MJ-6.1 / MJ-6.3 / MJ-6.9: an unblocked attack taps the attacker and moves the
/// top card of P2's MB face-down to P2's damage zone.
#[test]
fn mj_t9_unblocked_attack_deals_one_damage() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::souls(&["blue_minnow"], Zone::Battle),
        &[],
        &[],
    );
    let top = *s.majin_box(Seat(1)).last().unwrap();
    let mb = s.majin_box(Seat(1)).len();
    let s = attack(&s, 0, None);
    assert_eq!(s.majin_box(Seat(1)).len(), mb - 1);
    assert_eq!(s.damage_zone(Seat(1)), &[top]);
    assert!(majin(&s, 0).tapped);
    assert!(matches!(
        s.pending(),
        Pending::Attack { .. } | Pending::UraMajin { .. }
    ));
}

/// MJ-T10 / MJ-6.4 / MJ-6.7 / MJ-6.8 / MJ-A1: 5 beats 3; the blocker loses its top card;
/// no MB damage.
#[test]
fn mj_t10_battle_loser_loses_top_card() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp", "red_warrior"], Zone::Battle),
        MajinSpec::on_ura("blue_guard", &["blue_minnow", "blue_sprite"], Zone::Battle),
        &[],
        &[],
    );
    assert_eq!((power(&s, 0), power(&s, 1)), (5, 3));
    let s = pass_all(attack(&s, 0, Some(1)));
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_sprite"]);
    assert_eq!(s.damage_zone(Seat(1)).len(), 0);
    assert_eq!(majin(&s, 1).cards.len(), 2);
}

/// MJ-T11: a tie goes to the attacker.
#[test]
fn mj_t11_tie_goes_to_attacker() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_warrior"], Zone::Battle),
        MajinSpec::on_ura("blue_guard", &["blue_minnow", "blue_sprite"], Zone::Battle),
        &[],
        &[],
    );
    let s = pass_all(attack(&s, 0, Some(1)));
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_sprite"]);
    assert_eq!(majin(&s, 0).cards.len(), 2);
}

/// MJ-T12 / MJ-3.6 / MJ-6.8: an Uzumajin (10) that wins destroys 2 cards: [▼] remains.
#[test]
fn mj_t12_uzumajin_destroys_two() {
    let s = duel(
        uzumajin(),
        MajinSpec::on_ura("blue_minnow", &["blue_knight", "blue_guard"], Zone::Battle),
        &[],
        &[],
    );
    assert!(s.is_uzumajin(&majin(&s, 0)));
    assert_eq!(power(&s, 0), 10);
    let s = attack(&s, 0, Some(1));
    assert_eq!(power(&s, 1), 8);
    let s = pass_all(s);
    let m = majin(&s, 1);
    assert_eq!(m.cards.len(), 1);
    assert!(m.face_down);
}

/// MJ-T13 / MJ-6.3: an unblocked Uzumajin deals 2 damage.
#[test]
fn mj_t13_uzumajin_deals_two_damage() {
    let s = duel(
        uzumajin(),
        MajinSpec::souls(&["blue_minnow"], Zone::Prepare),
        &[],
        &[],
    );
    let mb = s.majin_box(Seat(1)).len();
    let s = attack(&s, 0, None);
    assert_eq!(s.damage_zone(Seat(1)).len(), 2);
    assert_eq!(s.majin_box(Seat(1)).len(), mb - 2);
}

/// MJ-T14 / MJ-3.6: 4 cards with a face-down one are not an Uzumajin: 1 damage, 1 card.
#[test]
fn mj_t14_face_down_card_is_never_uzumajin() {
    let spec = MajinSpec::on_ura(
        "red_imp",
        &["red_imp", "red_warrior", "red_brute"],
        Zone::Battle,
    );
    let s = duel(
        spec.clone(),
        MajinSpec::souls(&["blue_minnow"], Zone::Prepare),
        &[],
        &[],
    );
    assert!(!s.is_uzumajin(&majin(&s, 0)));
    let s = attack(&s, 0, None);
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
    let s = duel(
        spec,
        MajinSpec::on_ura("blue_minnow", &["blue_knight", "blue_guard"], Zone::Battle),
        &[],
        &[],
    );
    let s = pass_all(attack(&s, 0, Some(1)));
    assert_eq!(majin(&s, 1).cards.len(), 2);
}

/// MJ-T15 / MJ-5.1 / MJ-6.2: with no untapped battle-zone majin P2 cannot block, and the
/// decision is skipped.
#[test]
fn mj_t15_no_eligible_blocker_skips_the_decision() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::on_ura("blue_minnow", &["blue_knight"], Zone::Battle).tapped(),
        &[],
        &[],
    );
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
}

/// MJ-A4: prepare-zone majins cannot block (unless `prepare_zone_can_block`).
#[test]
fn mj_a4_only_battle_zone_blocks() {
    let mk = |any: bool| {
        Scenario::new()
            .configure(|c| c.prepare_zone_can_block = any)
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
            )
            .majin(
                Seat(1),
                MajinSpec::on_ura("blue_minnow", &["blue_knight"], Zone::Prepare),
            )
            .at_attack()
            .build()
            .unwrap()
    };
    let s = act(&mk(false), 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
    let s = act(&mk(true), 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(
        options(&s),
        vec![Choice::Block { majin: MajinId(1) }, Choice::NoBlock]
    );
}

/// MJ-T16 / MJ-6.5 / MJ-A6: attacker uses fury, defender uses shield → the window closes.
#[test]
fn mj_t16_both_use_a_card_window_closes() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        &["combat_fury", "combat_feint"],
        &["combat_shield", "combat_feint"],
    );
    let s = attack(&s, 0, Some(1));
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let fury = hand_card(&s, 0, "combat_fury");
    let s = act(&s, 0, Choice::UseCombat { card: fury });
    assert_eq!(power(&s, 0), 5);
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(1) });
    let shield = hand_card(&s, 1, "combat_shield");
    let s = act(&s, 1, Choice::UseCombat { card: shield });
    // Resolved: 5 vs 4, the attacker wins; the window gave P1 no further priority.
    assert_eq!(majin(&s, 1).cards.len(), 1);
    assert!(s.attack().is_none());
    assert_eq!(s.graveyard(Seat(0)), &[fury]);
    // MJ-6.10: the battle modifiers expired.
    assert_eq!(power(&s, 0), 2);
}

/// MJ-T17 / MJ-6.5: the attacker passes, the defender uses sap → priority returns to the
/// attacker; then the window closes, the defender gets no second card.
#[test]
fn mj_t17_priority_returns_to_the_attacker() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp", "red_cub"], Zone::Battle),
        MajinSpec::on_ura("blue_minnow", &["blue_minnow", "blue_minnow"], Zone::Battle),
        &["combat_fury"],
        &["combat_sap", "combat_feint"],
    );
    let s = attack(&s, 0, Some(1));
    let s = act(&s, 0, Choice::PassPriority);
    let sap = hand_card(&s, 1, "combat_sap");
    let s = act(&s, 1, Choice::UseCombat { card: sap });
    assert_eq!(power(&s, 0), 1);
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let fury = hand_card(&s, 0, "combat_fury");
    assert!(is_legal(&s, &Choice::UseCombat { card: fury }));
    let s = act(&s, 0, Choice::UseCombat { card: fury });
    // 4 vs 4: the tie goes to the attacker; P2 was not asked again.
    assert!(s.attack().is_none());
    assert_eq!(majin(&s, 1).cards.len(), 2);
    assert!(s
        .hand(Seat(1))
        .iter()
        .any(|&c| s.card_name(c) == "combat_feint"));
}

/// MJ-6.5 / MJ-5.1: the window asks even a holder with no combat card (no leak), and
/// `auto_pass` skips such a holder.
#[test]
fn mj_5_1_window_always_asks_unless_auto_pass() {
    let mk = |auto_pass| {
        Scenario::new()
            .configure(|c| c.auto_pass = auto_pass)
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
            )
            .majin(
                Seat(1),
                MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
            )
            .at_attack()
            .build()
            .unwrap()
    };
    let s = attack(&mk(false), 0, Some(1));
    assert_eq!(options(&s), vec![Choice::PassPriority]);
    let s = attack(&mk(true), 0, Some(1));
    assert!(
        s.attack().is_none(),
        "nobody held a usable card: resolved at once"
    );
}

/// MJ-T18 / MJ-5.2 / MJ-5.3 / MJ-5.4: P2 has no MP pool but may use combat cards whose
/// colour its own face-up souls provide; with only face-down cards, only feint is legal.
#[test]
fn mj_t18_defender_combat_colour() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        &[],
        &["combat_shield", "combat_feint"],
    );
    let s = act(&attack(&s, 0, Some(1)), 0, Choice::PassPriority);
    let shield = hand_card(&s, 1, "combat_shield");
    let feint = hand_card(&s, 1, "combat_feint");
    assert!(is_legal(&s, &Choice::UseCombat { card: shield }));
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::ura("blue_minnow", Zone::Battle),
        &[],
        &["combat_shield", "combat_feint"],
    );
    let s = act(&attack(&s, 0, Some(1)), 0, Choice::PassPriority);
    let shield2 = hand_card(&s, 1, "combat_shield");
    assert!(!is_legal(&s, &Choice::UseCombat { card: shield2 }));
    assert!(is_legal(
        &s,
        &Choice::UseCombat {
            card: hand_card(&s, 1, "combat_feint")
        }
    ));
    assert!(matches!(
        try_act(&s, 1, Choice::UseCombat { card: shield2 }),
        Err(Error::ColourMissing { .. })
    ));
    let _ = feint;
    // MJ-5.4: O never plays souls or spells.
    assert!(options(&s)
        .iter()
        .all(|c| matches!(c, Choice::UseCombat { .. } | Choice::PassPriority)));
}

/// MJ-E6 / MJ-A3: blocking does not tap, so one majin may block again in the same turn;
/// `block_taps_blocker` changes that.
#[test]
fn mj_e6_mj_a3_blocker_blocks_again_unless_block_taps() {
    let mk = |taps| {
        Scenario::new()
            .configure(|c| c.block_taps_blocker = taps)
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_cub"], Zone::Battle),
            )
            .majin(
                Seat(0),
                MajinSpec::on_ura("red_cub", &["red_cub"], Zone::Battle),
            )
            .majin(
                Seat(1),
                MajinSpec::on_ura("blue_minnow", &["blue_knight"], Zone::Battle),
            )
            .at_attack()
            .build()
            .unwrap()
    };
    let s = pass_all(attack(&mk(false), 0, Some(2)));
    assert!(!majin(&s, 2).tapped);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(1) });
    assert!(is_legal(&s, &Choice::Block { majin: MajinId(2) }));
    let s = pass_all(attack(&mk(true), 0, Some(2)));
    assert!(majin(&s, 2).tapped);
    // The other reading (`block_taps_blocker`): the second attack cannot be blocked.
    let damage = s.damage_zone(Seat(1)).len();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(1) });
    assert_eq!(s.damage_zone(Seat(1)).len(), damage + 1);
}

/// MJ-E7 / MJ-A15: a blocker [▼] that loses ceases to exist; its card is revealed in the
/// graveyard, and it no longer counts toward MP.
#[test]
fn mj_e7_face_down_card_revealed_when_destroyed() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::ura("blue_knight", Zone::Battle),
        &[],
        &[],
    );
    let s = pass_all(attack(&s, 0, Some(1)));
    assert!(s.majin(MajinId(1)).is_none());
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_knight"]);
    assert_eq!(s.count_majins(), 2, "only P1's two majins count now");
    let v = view(&s, Observer::Seat(Seat(0)));
    assert_eq!(v.players[1].graveyard.len(), 1);
}

/// MJ-E8 / MJ-6.7 / MJ-A20: Shatter destroys a 1-card blocker: the window closes at once,
/// no winner, no MB damage; the attacker stays tapped (MJ-6.10).
#[test]
fn mj_e8_battler_vanishes() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::souls(&["blue_knight"], Zone::Battle),
        &["combat_shatter"],
        &["combat_feint"],
    );
    let s = attack(&s, 0, Some(1));
    let shatter = hand_card(&s, 0, "combat_shatter");
    let (s, events) = act_events(&s, 0, Choice::UseCombat { card: shatter });
    assert!(s.majin(MajinId(1)).is_none());
    assert!(s.attack().is_none(), "P2 got no priority");
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::BattleResolved { winner: None, .. })));
    assert_eq!(s.damage_zone(Seat(1)).len(), 0);
    assert!(majin(&s, 0).tapped);
}

/// MJ-E9: the defender's Shatter strips the Uzumajin to 3 cards (power 6, no longer an
/// Uzumajin); 6 < 7 so the attacker loses 1 card.
#[test]
fn mj_e9_uzumajin_status_checked_at_resolution() {
    let s = Scenario::with_config(red_vs_red())
        .majin(Seat(0), uzumajin())
        .majin(
            Seat(1),
            MajinSpec::on_ura("red_cub", &["red_brute", "red_warrior"], Zone::Battle),
        )
        .hand(Seat(1), &["combat_shatter"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let s = act(&s, 0, Choice::PassPriority);
    let shatter = hand_card(&s, 1, "combat_shatter");
    let s = act(&s, 1, Choice::UseCombat { card: shatter });
    assert_eq!(power(&s, 0), 6);
    assert!(!s.is_uzumajin(&majin(&s, 0)));
    let s = act(&s, 0, Choice::PassPriority);
    assert_eq!(names(&s, &majin(&s, 0).cards), vec!["red_imp", "red_cub"]);
    assert_eq!(
        names(&s, s.graveyard(Seat(0))),
        vec!["red_brute", "red_warrior"]
    );
}

/// MJ-E10 / MJ-6.6: power is floored at 0; the 0–0 tie goes to the attacker.
#[test]
fn mj_e10_power_floor() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_imp", &["red_cub"], Zone::Battle),
        )
        .majin(Seat(1), MajinSpec::ura("blue_knight", Zone::Battle))
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Prepare))
        .hand(Seat(1), &["combat_sap"])
        .at_attack()
        .build()
        .unwrap();
    let s = act(&attack(&s, 0, Some(1)), 0, Choice::PassPriority);
    let sap = hand_card(&s, 1, "combat_sap");
    let s = act(&s, 1, Choice::UseCombat { card: sap });
    assert_eq!(power(&s, 0), 0);
    let s = act(&s, 0, Choice::PassPriority);
    assert!(s.majin(MajinId(1)).is_none());
}

/// MJ-E12 / MJ-6.10: a blocker reduced to [▼] stays in the battle zone, may block again,
/// and retreats at P2's step 1.
#[test]
fn mj_e12_reduced_blocker_stays_until_own_step_1() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_brute"], Zone::Battle),
        )
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_brute"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(1), &["blue_minnow"])
        .at_attack()
        .build()
        .unwrap();
    let s = pass_all(attack(&s, 0, Some(2)));
    assert_eq!(majin(&s, 2).cards.len(), 1);
    assert_eq!(majin(&s, 2).zone, Zone::Battle);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(1) });
    assert!(is_legal(&s, &Choice::Block { majin: MajinId(2) }));
    let s = act(&s, 1, Choice::NoBlock);
    assert_eq!(s.active(), Seat(1), "step 6 ended by itself");
    assert_eq!(majin(&s, 2).zone, Zone::Prepare);
}

/// MJ-E15 / MJ-A19: War Cry's +2 is gone when that majin blocks on P2's turn.
#[test]
fn mj_e15_turn_modifier_expires() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Prepare),
        )
        .hand(Seat(0), &["spell_war_cry"])
        .hand(Seat(1), &["blue_minnow"])
        .at_main(Some(2))
        .build()
        .unwrap();
    let cry = hand_card(&s, 0, "spell_war_cry");
    let s = act(&s, 0, Choice::PlaySpell { card: cry });
    let s = act(&s, 0, Choice::ChooseTarget { majin: MajinId(0) });
    assert_eq!(power(&s, 0), 4);
    let s = act(&s, 0, Choice::EndMain);
    let s = act(&s, 0, Choice::EndAttacks);
    assert_eq!(power(&s, 0), 2);
}

/// MJ-A14 (`uzumajin_bonus_optional`): the owner chooses 1 or 2.
#[test]
fn mj_a14_optional_bonus() {
    let s = Scenario::new()
        .configure(|c| c.uzumajin_bonus_optional = true)
        .majin(Seat(0), uzumajin())
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(
        options(&s),
        vec![
            Choice::UzumajinBonus { take_two: false },
            Choice::UzumajinBonus { take_two: true }
        ]
    );
    let t = act(&s, 0, Choice::UzumajinBonus { take_two: false });
    assert_eq!(t.damage_zone(Seat(1)).len(), 1);
}

/// MJ-A5 (`combat_window = EveryAttack`): an unblocked attack opens a window too.
#[test]
fn mj_a5_every_attack_window() {
    let s = Scenario::new()
        .configure(|c| c.combat_window = CombatWindow::EveryAttack)
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let s = pass_all(s);
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
}

/// MJ-A1 (`power_rule`): top soul only, or the highest soul.
#[test]
fn mj_a1_power_rules() {
    let spec = MajinSpec::souls(&["red_brute", "red_imp"], Zone::Battle);
    for (rule, expected) in [
        (PowerRule::SumFaceUp, 6),
        (PowerRule::TopSoul, 2),
        (PowerRule::MaxFaceUp, 4),
    ] {
        let s = Scenario::new()
            .configure(|c| c.power_rule = rule)
            .majin(Seat(0), spec.clone())
            .at_attack()
            .build()
            .unwrap();
        assert_eq!(power(&s, 0), expected, "{rule:?}");
    }
}

/// MJ-6.2 / MJ-5.5: only the defender decides on the block; the attacker has no action.
#[test]
fn mj_5_5_only_the_decider_has_actions() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        &[],
        &[],
    );
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    let mut out = Vec::new();
    Uzumajin::legal_actions_for(&s, Seat(0), &mut out);
    assert!(out.is_empty());
    Uzumajin::legal_actions_for(&s, Seat(1), &mut out);
    assert_eq!(out.len(), 2);
    assert!(matches!(
        try_act(&s, 0, Choice::NoBlock),
        Err(Error::NotToAct { .. })
    ));
}

/// MJ-3.5: majin ids are never reused.
#[test]
fn mj_3_5_majin_ids_not_reused() {
    let s = duel(
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        MajinSpec::ura("blue_knight", Zone::Battle),
        &[],
        &["blue_minnow"],
    );
    let s = pass_all(attack(&s, 0, Some(1)));
    assert!(s.majin(MajinId(1)).is_none());
    let s = act(&s, 0, Choice::EndAttacks);
    let card = hand_card(&s, 1, "blue_minnow");
    let s = act(&s, 1, Choice::PlaceUraMajin { card });
    assert!(s.majin(MajinId(1)).is_none());
    assert!(s.majin(MajinId(2)).is_some());
}
