//! Extra cards (MC-6.12) and Toughness cards (MC-6.13): conditions, survival, skills.

use crate::common::*;
use fuda_monjan::{
    Choice, Col, Config, ExtraPairPositions, ManaPos, Pay, Row, SkillFrom, State, Target,
};

fn jabberwock_ok(cols: [&[&str]; 3]) -> bool {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .hand(A, &["de_jabberwock"]);
    for (c, ids) in Col::ALL.iter().zip(cols) {
        sc.mana(A, *c, ids);
    }
    let s = sc.build_edit().unwrap();
    can_summon(&s, A, "de_jabberwock")
}

/// MC-T10, MC-6.12 (1), MC-A10: attribute pair (Neutral, Water) on adjacent columns in order.
#[test]
fn t10_attribute_pair_condition() {
    assert!(jabberwock_ok([&["n_neutral_01"], &["n_water_04"], &[]]));
    assert!(jabberwock_ok([
        &["n_fire_01"],
        &["n_neutral_02"],
        &["n_water_09"]
    ]));
    assert!(!jabberwock_ok([&["n_water_04"], &["n_neutral_01"], &[]]));
}

/// MC-T11: the number condition looks at top cards only.
#[test]
fn t11_number_condition_tops_only() {
    assert!(jabberwock_ok([&["n_fire_03"], &["n_water_07"], &[]]));
    assert!(!jabberwock_ok([&[], &["n_earth_06", "n_water_09"], &[]]));
}

fn with_jabberwock(extra_cols: &[(Col, &[&str])], hand: &[&str]) -> State {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .extra(A, "de_jabberwock")
        .hand(A, hand);
    for (c, ids) in extra_cols {
        sc.mana(A, *c, ids);
    }
    sc.build_edit().unwrap()
}

/// MC-T12, MC-6.12 (3), MC-A11: continuous tracking — any current match keeps it alive.
#[test]
fn t12_survival_after_mana_placement() {
    let s = with_jabberwock(
        &[(Col::L, &["n_neutral_01"]), (Col::M, &["n_water_04"])],
        &["n_water_10", "n_fire_10"],
    );
    let ok = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_water_10"),
            col: Col::M,
            face_down: false,
        },
    );
    assert!(ok.player(A).unwrap().extra.is_some());
    let dead = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_10"),
            col: Col::M,
            face_down: false,
        },
    );
    assert!(dead.player(A).unwrap().extra.is_none());
}

/// MC-T13: a spent top still counts until cleanup.
#[test]
fn t13_spent_top_dies_at_cleanup() {
    let s = with_jabberwock(&[(Col::M, &["n_water_07"])], &["n_fire_02", "it_brawler"]);
    let dead = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_02"),
            col: Col::M,
            face_down: false,
        },
    );
    assert!(dead.player(A).unwrap().extra.is_none());
    // Pay 1 from M (Escort's discard of one mana is the simplest 1-card cost here).
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .extra(A, "de_jabberwock")
        .mana(A, Col::M, &["n_water_07"])
        .hand(A, &["dt_jabberwock_escort"]);
    let s = sc.build_edit().unwrap();
    let escort = id(&s, "dt_jabberwock_escort");
    let s = act(
        &s,
        A,
        Choice::UseSkill {
            from: SkillFrom::Hand(escort),
            skill: 0,
            target: Target::Col(Col::L),
            pay: Pay::default(),
            discard: vec![ManaPos {
                col: Col::M,
                index: 0,
            }]
            .into(),
        },
    );
    assert!(
        s.player(A).unwrap().extra.is_some(),
        "alive through the battle turn"
    );
    let s = finish_round(s);
    assert!(s.player(A).unwrap().extra.is_none(), "dies at cleanup");
}

/// MC-T14: an Element top matches nothing.
#[test]
fn t14_element_top_kills_the_match() {
    use fuda_monjan::GuardChoice;
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_06")
        .extra(B, "de_jabberwock")
        .mana(B, Col::L, &["n_neutral_01"])
        .mana(B, Col::M, &["n_water_04"])
        .defense_life(B, Col::L, "n_earth_05", 2);
    let s = pass_window(sc.build_battle().unwrap());
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: fuda_monjan::Unit::Slot(Col::M),
            target: B,
        },
    );
    let s = act(&s, A, Choice::EndDeclaration);
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::L),
        },
    );
    let s = pass_window(s);
    assert!(s.player(B).unwrap().extra.is_none());
}

/// MC-T33, MC-6.13, MC-6.11: the Escort's alternative summon uses the edit skill and the
/// Toughness summon.
#[test]
fn t33_alternative_summon() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .extra(A, "de_jabberwock")
        .mana(A, Col::L, &["n_neutral_01"])
        .mana(A, Col::M, &["n_fire_02", "n_water_04"])
        .hand(A, &["dt_jabberwock_escort", "it_brawler"]);
    let s = sc.build_edit().unwrap();
    let escort = id(&s, "dt_jabberwock_escort");
    let s = act(
        &s,
        A,
        Choice::UseSkill {
            from: SkillFrom::Hand(escort),
            skill: 0,
            target: Target::Col(Col::R),
            pay: Pay::default(),
            discard: vec![ManaPos {
                col: Col::L,
                index: 0,
            }]
            .into(),
        },
    );
    let p = s.player(A).unwrap();
    assert!(p.col(Col::R).attack.is_some());
    assert!(p.uses.edit_skill && p.uses.toughness);
    assert!(!legal(
        &s,
        A,
        Choice::SummonToughness {
            card: id(&s, "it_brawler"),
            col: Col::L,
            pay: Pay::from_col(Col::M, 2),
            face_down: false
        }
    ));
}

/// MC-10.4 `extra_pair_positions = AnyOrderedPair`: (L, R) counts too.
#[test]
fn any_ordered_pair_option() {
    let mut c: Config = config(&["mana_station", "frehheim"]);
    c.extra_pair_positions = ExtraPairPositions::AnyOrderedPair;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_neutral_01"])
        .mana(A, Col::R, &["n_water_09"])
        .hand(A, &["de_jabberwock"]);
    let s = sc.build_edit().unwrap();
    assert!(can_summon(&s, A, "de_jabberwock"));
    let _ = Row::Attack;
}
