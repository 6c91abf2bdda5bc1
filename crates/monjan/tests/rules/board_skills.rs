//! Board skills (MC-6.15, MC-6.11): Flame of Wrath, Hell's Resurrection Rite, Tea Party,
//! Recycling Activity, Laser, Gravity Field, One-Night Castle, Dragon Trap.

use crate::common::*;
use fuda_monjan::{
    Choice, Col, GuardChoice, Pay, Pending, Scenario, Seat, Side, State, Target, Unit,
};

fn declare(s: &State, seat: Seat, units: &[Unit], target: Seat) -> State {
    let mut s = pass_window(s.clone());
    for u in units {
        s = act(&s, seat, Choice::DeclareAttack { unit: *u, target });
    }
    act(&s, seat, Choice::EndDeclaration)
}

fn guard_all(mut s: State, seat: Seat, g: GuardChoice) -> State {
    while s.pending() == (Pending::Guard { seat }) {
        let i = s
            .battle()
            .unwrap()
            .attacks
            .iter()
            .position(|a| !a.done && a.guard.is_none() && a.target == seat)
            .unwrap();
        s = act(
            &s,
            seat,
            Choice::AssignGuard {
                attack: i as u8,
                guard: g,
            },
        );
    }
    s
}

/// MC-T25, MC-5.16, MC-A28, MC-E12: Dragon Trap reflects half of a slower attack.
#[test]
fn t25_dragon_trap() {
    let build = |dice: &[u8], plus: bool| {
        let mut sc = scenario(&["mana_station", "high_speed_hunters"]);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_02"])
            .mana(B, Col::M, &["n_earth_09"])
            .attack(A, Col::M, "n_fire_04")
            .defeated(B, Col::R)
            .force_dice(dice);
        if plus {
            sc.hand(A, &["b_plus3_fire"]);
        }
        let s = sc.build_battle().unwrap();
        // B is faster: pass B's step.
        let s = pass_window(s);
        assert_eq!(s.pending(), Pending::Declare { seat: A });
        s
    };
    let s = build(&[2], true);
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::M),
        },
    );
    let s = act(
        &s,
        A,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus3_fire"),
            target: Target::Attack(0),
        },
    );
    let s = pass_window(s);
    assert_eq!(life(&s, B, Col::M), 5);
    assert_eq!(s.pending(), Pending::DragonTrap { seat: B });
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    assert_eq!(s.pending(), Pending::TrapGuard { seat: A });
    let s = act(
        &s,
        A,
        Choice::TrapGuard {
            guard: GuardChoice::Defense(Col::M),
        },
    );
    assert_eq!(life(&s, A, Col::M), 10, "7 / 2 = 3 reflected");
    // Roll 4: nothing, skill used.
    let s = build(&[4], false);
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = pass_window(act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::M),
        },
    ));
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    assert_eq!(life(&s, A, Col::M), 13);
    assert_eq!(s.player(B).unwrap().board_uses[1], 1, "the skill was used");
}

/// MC-T26, MC-6.15: One-Night Castle nullifies one attack of a slower attacker in W2.
#[test]
fn t26_one_night_castle() {
    for (die, expect) in [(1u8, 12u8), (3, 3)] {
        let mut sc = scenario(&["frehheim", "high_speed_hunters"]);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_02"])
            .mana(B, Col::M, &["n_earth_09"])
            .toughness(A, Col::R, "dt_twin_blade")
            .defeated(B, Col::L)
            .force_dice(&[die]);
        let s = pass_window(sc.build_battle().unwrap());
        let s = declare(&s, A, &[Unit::Slot(Col::R)], B);
        let s = act(
            &s,
            B,
            Choice::AssignGuard {
                attack: 0,
                guard: GuardChoice::Defense(Col::M),
            },
        );
        let s = act(&s, A, Choice::Pass);
        let s = act(
            &s,
            B,
            Choice::UseBoardSkill {
                side: Side::Left,
                target: Target::Attack(0),
            },
        );
        let s = pass_window(s);
        assert_eq!(life(&s, B, Col::M), expect);
    }
}

/// MC-T27, MC-E15, MC-A33: Laser heals 2 on 1–3, needs L defeated; a failed roll uses the
/// edit skill.
#[test]
fn t27_e15_laser() {
    let build = |unlocked: bool| {
        let mut sc = scenario(&["mana_station", "frehheim"]);
        sc.defense_life(A, Col::M, "n_water_09", 5)
            .defense(B, Col::M, "n_water_12")
            .force_dice(&[3]);
        if unlocked {
            sc.defeated(A, Col::L);
        }
        sc.build_edit().unwrap()
    };
    let laser = Choice::UseBoardSkill {
        side: Side::Left,
        target: Target::Col(Col::M),
    };
    assert!(!legal(&build(false), A, laser.clone()));
    let s = act(&build(true), A, laser.clone());
    assert_eq!(life(&s, A, Col::M), 7);
    assert!(!legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Right,
            target: Target::None
        }
    ));
}

/// MC-T28: Gravity Field draws on 1–4.
#[test]
fn t28_gravity_field() {
    for (die, drawn) in [(4u8, 1usize), (5, 0)] {
        let mut sc = scenario(&["mana_station", "frehheim"]);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .defeated(A, Col::R)
            .force_dice(&[die]);
        let s = sc.build_edit().unwrap();
        let before = s.player(A).unwrap().hand.len();
        let s = act(
            &s,
            A,
            Choice::UseBoardSkill {
                side: Side::Right,
                target: Target::None,
            },
        );
        assert_eq!(s.player(A).unwrap().hand.len(), before + drawn);
    }
}

/// MC-T29, MC-A29: Tea Party takes a battle card from the main discard, 3 times a game.
#[test]
fn t29_tea_party() {
    let mut sc = scenario(&["ryoko_atelier", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::L)
        .hand(A, &["n_fire_01"]);
    let s = sc.build_edit().unwrap();
    let give = id(&s, "n_fire_01");
    let none = fuda_monjan::legal_actions_for(&s, A).iter().any(|a| {
        matches!(
            a.choice,
            Choice::UseBoardSkill {
                side: Side::Left,
                ..
            }
        )
    });
    assert!(!none, "no battle card in the discard → illegal");
    let mut sc = scenario(&["ryoko_atelier", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::L)
        .hand(A, &["n_fire_01"])
        .discard("b_kill_fire");
    let mut s = sc.build_edit().unwrap();
    s = act(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Left,
            target: Target::Salvage {
                give,
                take: id(&s, "b_kill_fire"),
            },
        },
    );
    assert!(s.player(A).unwrap().hand.contains(&id(&s, "b_kill_fire")));
    assert!(s.player(A).unwrap().known.contains(&id(&s, "b_kill_fire")));
    let mut sc2 = scenario(&["ryoko_atelier", "frehheim"]);
    sc2.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::L)
        .discard("b_kill_fire")
        .board_uses(A, Side::Left, 3);
    let s = sc2.build_edit().unwrap();
    assert!(
        !fuda_monjan::legal_actions_for(&s, A)
            .iter()
            .any(|a| matches!(
                a.choice,
                Choice::UseBoardSkill {
                    side: Side::Left,
                    ..
                }
            )),
        "4th Tea Party illegal"
    );
}

/// MC-T30: Recycling Activity keeps a one-turn Assassin for one more battle turn.
#[test]
fn t30_recycling_activity() {
    let mut sc = scenario(&["ryoko_atelier", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::R)
        .mana(A, Col::L, &["n_fire_01", "n_fire_02", "n_fire_03"])
        .boss_top(&["ba_assassin_12", "ba_boss_20"])
        .force_dice(&[4]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::L, 3),
            face_down: false,
        },
    );
    let s = act(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Right,
            target: Target::None,
        },
    );
    let s = finish_round(s);
    assert_eq!(
        s.player(A).unwrap().one_turn.len(),
        1,
        "stays one more round"
    );
    let s = finish_round(s);
    assert!(s.player(A).unwrap().one_turn.is_empty());
    // A Boss drawn → Recycling illegal.
    let mut sc = scenario(&["ryoko_atelier", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::R)
        .mana(A, Col::L, &["n_fire_01", "n_fire_02", "n_fire_03"])
        .boss_top(&["ba_boss_20"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::L, 3),
            face_down: false,
        },
    );
    assert!(!legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Right,
            target: Target::None
        }
    ));
}

fn flame_case(dice: &[u8]) -> State {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::L, "n_fire_06")
        .attack(A, Col::M, "n_fire_04")
        .toughness(A, Col::R, "it_brawler")
        .attack(B, Col::M, "n_fire_03")
        .defeated(B, Col::R)
        .hand(A, &["b_kill_fire"])
        .force_dice(dice);
    let s: Scenario = sc;
    s.build_battle().unwrap()
}

/// MC-T31, MC-5.15, MC-A26: Flame of Wrath sends every attack to one card.
#[test]
fn t31_flame_of_wrath() {
    let s = flame_case(&[2]);
    let s = declare(
        &s,
        A,
        &[Unit::Slot(Col::L), Unit::Slot(Col::M), Unit::Slot(Col::R)],
        B,
    );
    assert_eq!(s.pending(), Pending::Flame { seat: B });
    let s = act(&s, B, Choice::FlameOfWrath { use_it: true });
    let s = act(
        &s,
        B,
        Choice::FlameTarget {
            unit: Unit::Slot(Col::M),
        },
    );
    let s = pass_window(s);
    assert_eq!(life(&s, B, Col::M), 12, "no damage");
    assert!(
        s.player(B).unwrap().col(Col::M).attack.is_none(),
        "Fi3 discarded"
    );
}

/// MC-E21, MC-5.18: killing the Flame card ends the redirection.
#[test]
fn e21_flame_card_killed() {
    let s = flame_case(&[3]);
    let s = declare(
        &s,
        A,
        &[Unit::Slot(Col::L), Unit::Slot(Col::M), Unit::Slot(Col::R)],
        B,
    );
    let s = act(&s, B, Choice::FlameOfWrath { use_it: true });
    let s = act(
        &s,
        B,
        Choice::FlameTarget {
            unit: Unit::Slot(Col::M),
        },
    );
    let s = act(
        &s,
        A,
        Choice::PlayBattleCard {
            card: id(&s, "b_kill_fire"),
            target: Target::Card {
                seat: B,
                unit: Unit::Slot(Col::M),
            },
        },
    );
    assert_eq!(s.pending(), Pending::Guard { seat: B });
    let s = guard_all(s, B, GuardChoice::Defense(Col::M));
    assert!(s.battle().unwrap().flame.is_none());
}

/// MC-T32, MC-5.17, MC-A27: Hell's Resurrection Rite takes a defeated defense card.
#[test]
fn t32_resurrection() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::M, "n_fire_06")
        .defense_life(B, Col::R, "n_earth_08", 3)
        .defeated(A, Col::L);
    let s = sc.build_battle().unwrap();
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::R),
        },
    );
    let s = pass_window(s);
    assert_eq!(s.pending(), Pending::Resurrect { seat: A });
    let s = act(&s, A, Choice::Resurrection { use_it: true });
    let p = s.player(A).unwrap();
    assert_eq!(p.resurrected.to_vec(), vec![id(&s, "n_earth_08")]);
    assert!(
        s.player(B).unwrap().col(Col::R).mana.is_empty(),
        "R's Elements = its mana only"
    );
    // Holding 4 → not offered.
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::M, "n_fire_06")
        .defense_life(B, Col::R, "n_earth_08", 3)
        .defeated(A, Col::L)
        .resurrected(A, "n_wind_01")
        .resurrected(A, "n_wind_02")
        .resurrected(A, "n_wind_03")
        .resurrected(A, "n_wind_04");
    let s = sc.build_battle().unwrap();
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::R),
        },
    );
    let s = pass_window(s);
    assert_ne!(s.pending(), Pending::Resurrect { seat: A });
}

/// MC-E14, MC-6.11: a mana release uses the edit skill; the Laser is then illegal.
#[test]
fn e14_one_edit_skill_per_turn() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense_life(A, Col::M, "n_water_13", 5)
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::L)
        .extra(A, "ie_field_medic")
        .mana(A, Col::M, &["n_wind_10"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::UseSkill {
            from: fuda_monjan::SkillFrom::Extra,
            skill: 0,
            target: Target::Col(Col::M),
            pay: Pay::from_col(Col::M, 1),
            discard: vec![].into(),
        },
    );
    assert!(!legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Left,
            target: Target::Col(Col::M)
        }
    ));
}

/// MC-E16: a defeated permanent Boss-Assassin goes to its discard, or to Frehheim.
#[test]
fn e16_defeated_permanent_boss() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .toughness(A, Col::R, "dt_siege_dragon")
        .permanent_boss(B, Col::R, "ba_boss_22")
        .mana(B, Col::R, &["n_water_02"]);
    let s = sc.build_battle().unwrap();
    let s = declare(&s, A, &[Unit::Slot(Col::R)], B);
    let s = pass_window(act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::R),
        },
    ));
    let r = s.player(B).unwrap().col(Col::R);
    assert!(r.attack.is_none());
    assert_eq!(r.mana.len(), 1);
    assert!(r.mana[0].element);
    assert!(s.boss_discard().contains(&id(&s, "ba_boss_22")));
}
