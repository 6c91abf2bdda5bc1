//! Mana: number-card mana (MC-6.1), paying costs (MC-6.2), Elements (MC-6.6), speed (MC-6.3).

use crate::common::*;
use fuda_monjan::{Choice, Col, Pay, Row, State};

fn stack(s: &State, seat: fuda_monjan::Seat, col: Col) -> Vec<(String, bool)> {
    s.player(seat)
        .unwrap()
        .col(col)
        .mana
        .iter()
        .map(|m| (s.cards().id_of(m.card).to_string(), m.element))
        .collect()
}

fn names(v: &[(String, bool)]) -> Vec<&str> {
    v.iter().map(|(n, _)| n.as_str()).collect()
}

/// MC-T3, MC-3.7, MC-A30: attack maxima (Mana Station M max 4) limit number cards only.
#[test]
fn t3_attack_maximum_and_toughness_ignores_it() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_02"])
        .mana(
            A,
            Col::L,
            &["n_earth_01", "n_earth_02", "n_earth_03", "n_earth_04"],
        )
        .hand(A, &["n_fire_05", "n_fire_04", "it_iron_golem"]);
    let s = sc.build_edit().unwrap();
    let (f5, f4, golem) = (
        id(&s, "n_fire_05"),
        id(&s, "n_fire_04"),
        id(&s, "it_iron_golem"),
    );
    let place = |card| Choice::PlaceNumber {
        card,
        col: Col::M,
        row: Row::Attack,
    };
    assert!(!legal(&s, A, place(f5)));
    assert!(legal(&s, A, place(f4)));
    assert!(legal(
        &s,
        A,
        Choice::SummonToughness {
            card: golem,
            col: Col::M,
            pay: Pay::from_col(Col::L, 4),
            face_down: false
        }
    ));
}

/// MC-T5, MC-6.2: `[Fi3, Wa7]` pays 2 at most; spent cards leave at cleanup, topmost first.
#[test]
fn t5_paying_from_a_plain_stack() {
    let build = || {
        let mut sc = scenario(&["mana_station", "frehheim"]);
        sc.defense(A, Col::M, "n_water_12")
            .defense(B, Col::M, "n_water_11")
            .mana(A, Col::R, &["n_fire_03", "n_water_07"])
            .mana(A, Col::L, &["n_wind_10"])
            .extra(A, "ie_field_medic")
            .hand(A, &["it_brawler"]);
        sc.build_edit().unwrap()
    };
    let s = build();
    assert!(!legal(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false
        }
    ));
    let card = id(&s, "it_brawler");
    let s2 = act(
        &s,
        A,
        Choice::SummonToughness {
            card,
            col: Col::L,
            pay: Pay::from_col(Col::R, 2),
            face_down: false,
        },
    );
    assert!(names(&stack(&finish_round(s2), A, Col::R)).is_empty());
    let heal = Choice::UseSkill {
        from: fuda_monjan::SkillFrom::Extra,
        skill: 0,
        target: fuda_monjan::Target::Col(Col::M),
        pay: Pay::from_col(Col::R, 1),
        discard: vec![].into(),
    };
    let s1 = act(&build(), A, heal);
    assert_eq!(
        names(&stack(&finish_round(s1), A, Col::R)),
        vec!["n_fire_03"]
    );
}

/// MC-T6, MC-T7, MC-6.2, MC-6.6: the bottom Element pays once per round and stays.
#[test]
fn t6_t7_bottom_element_is_protected() {
    // [El, Fi3, Wa7] pays 3 (one-turn summon): Fi3, Wa7 spent + El used → [El].
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::R, &["n_earth_09"])
        .mana(A, Col::R, &["n_fire_03", "n_water_07"])
        .defeated(A, Col::R);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false,
        },
    );
    let s = finish_round(s);
    assert_eq!(names(&stack(&s, A, Col::R)), vec!["n_earth_09"]);
    assert!(stack(&s, A, Col::R)[0].1, "it is still an Element");
    // MC-T7: [El, Wa7] cannot pay 3; pays 2 → [El].
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::R, &["n_earth_09"])
        .mana(A, Col::R, &["n_water_07"])
        .defeated(A, Col::R)
        .hand(A, &["it_brawler"]);
    let s = sc.build_edit().unwrap();
    assert!(!legal(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false
        }
    ));
    let card = id(&s, "it_brawler");
    let s = act(
        &s,
        A,
        Choice::SummonToughness {
            card,
            col: Col::L,
            pay: Pay::from_col(Col::R, 2),
            face_down: false,
        },
    );
    let s = finish_round(s);
    assert_eq!(names(&stack(&s, A, Col::R)), vec!["n_earth_09"]);
}

/// MC-T8, MC-T9, MC-6.2 (5): only the bottom Element is protected.
#[test]
fn t8_t9_upper_elements_are_discarded() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::R, &["n_earth_09", "n_earth_08"])
        .mana(A, Col::R, &["n_fire_03"])
        .defeated(A, Col::R);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false,
        },
    );
    let s = finish_round(s);
    assert_eq!(names(&stack(&s, A, Col::R)), vec!["n_earth_09"]);
    // MC-T9: [El, El, El, Wa2], Toughness cost 4 → one El stays.
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::R, &["n_earth_09", "n_earth_08", "n_earth_07"])
        .mana(A, Col::R, &["n_water_02"])
        .defeated(A, Col::R)
        .hand(A, &["it_iron_golem"]);
    let s = sc.build_edit().unwrap();
    let card = id(&s, "it_iron_golem");
    let s = act(
        &s,
        A,
        Choice::SummonToughness {
            card,
            col: Col::L,
            pay: Pay::from_col(Col::R, 4),
            face_down: false,
        },
    );
    let s = finish_round(s);
    assert_eq!(names(&stack(&s, A, Col::R)), vec!["n_earth_09"]);
}

/// MC-E1, MC-A14, MC-6.3: spent mana still gives speed this battle turn; it leaves at cleanup.
#[test]
fn e1_spent_mana_keeps_speed_until_cleanup() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_13"])
        .mana(A, Col::L, &["n_wind_10"])
        .mana(B, Col::M, &["n_fire_12"])
        .mana(B, Col::L, &["n_fire_14"])
        .extra(A, "ie_field_medic");
    let s = sc.build_edit().unwrap();
    // B's 14 is covered by nothing: B is faster; A's 13 is spent but still counts.
    let heal = Choice::UseSkill {
        from: fuda_monjan::SkillFrom::Extra,
        skill: 0,
        target: fuda_monjan::Target::Col(Col::M),
        pay: Pay::from_col(Col::M, 1),
        discard: vec![].into(),
    };
    let s = act(&s, A, heal);
    let s = end_edit(s);
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![B, A]);
    let s = finish_round(s);
    assert!(
        stack(&s, A, Col::M).is_empty(),
        "Fi13 is gone after cleanup"
    );
}

/// MC-E2, MC-6.2 (2): a lone Element pays 1, once per round.
#[test]
fn e2_lone_element_pays_once_per_round() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_12")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::R, &["n_earth_09"])
        .defeated(A, Col::R)
        .extra(A, "ie_field_medic")
        .mana(A, Col::M, &["n_fire_10"])
        .defense_life(A, Col::L, "n_water_08", 3);
    let s = sc.build_edit().unwrap();
    let heal = Choice::UseSkill {
        from: fuda_monjan::SkillFrom::Extra,
        skill: 0,
        target: fuda_monjan::Target::Col(Col::L),
        pay: Pay::from_col(Col::R, 1),
        discard: vec![].into(),
    };
    let s1 = act(&s, A, heal.clone());
    assert_eq!(life(&s1, A, Col::L), 6);
    let p = s1.player(A).unwrap();
    assert!(p.col(Col::R).bottom_used);
    assert_eq!(p.col(Col::R).mana.len(), 1, "the Element stays");
    let s2 = finish_round(s1);
    assert!(
        !s2.player(A).unwrap().col(Col::R).bottom_used,
        "usable again next round"
    );
}
