//! Options of §10 (MC-10.1, MC-10.4) and the ambiguity decisions they encode (MC-A*).

use crate::common::*;
use fuda_monjan::{
    new_game, Choice, Col, Config, EditTurnMode, GuardChoice, ManaCostSource, MatchFormat,
    NumberCardsPerTurn, Pay, Pending, PickMode, Row, SpeedSource, SupplyTiming, Target, Unit,
};

/// MC-10.1, MC-10.3, MC-A35, MC-A36: the defaults of the spec.
#[test]
fn defaults_of_section_10() {
    let c = Config::default();
    assert_eq!(c.num_players, 2);
    assert_eq!(c.match_format, MatchFormat::ReverseInitialEquipment);
    assert_eq!(c.pick_mode, PickMode::Draft);
    assert_eq!(c.edit_turn_mode, EditTurnMode::Simultaneous);
    assert!(
        c.first_turn_draw && c.defeated_defense_card_becomes_element && c.enable_flame_of_wrath
    );
    assert!(!c.initial_defense_counts_as_placement);
    // Issue 15's readings of the rulebook (MC-D2–MC-D9).
    assert!(c.bossassa_keeps_last_mana);
    assert_eq!(c.number_cards_per_edit_turn, NumberCardsPerTurn::OnePerRow);
    assert_eq!(c.speed_source, SpeedSource::AllMana);
    assert_eq!(c.supply_timing, SupplyTiming::ByFormat);
    assert_eq!(
        c.basic_defeat_draw,
        fuda_monjan::BasicDefeatDraw::FirstDefeatOnly
    );
    assert_eq!(c.attack_target, fuda_monjan::AttackTarget::OnePerStep);
    assert_eq!(c.any_mana_payment, fuda_monjan::AnyManaPayment::ChosenCards);
    assert_eq!(
        c.extra_condition_tracking,
        fuda_monjan::ExtraConditionTracking::BySummon
    );
    assert_eq!(c.max_rounds, 100);
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), c);
    assert_eq!(serde_json::from_str::<Config>("{}").unwrap(), c);
}

fn two_number_cards(rule: NumberCardsPerTurn) -> bool {
    let mut c = config(&["mana_station", "frehheim"]);
    c.number_cards_per_edit_turn = rule;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01", "n_fire_02"])
        .hand(A, &["n_fire_04", "n_fire_10"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_04"),
            col: Col::L,
            row: Row::Attack,
        },
    );
    legal(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_10"),
            col: Col::L,
            row: Row::Defense,
        },
    )
}

/// MC-5.5, MC-A6: one number card per turn (default) or one per row.
#[test]
fn a6_number_cards_per_turn() {
    assert!(!two_number_cards(NumberCardsPerTurn::One));
    assert!(two_number_cards(NumberCardsPerTurn::OnePerRow));
}

/// MC-A7, MC-10.4 `edit_turn_total_cap`: at most k placements.
#[test]
fn a7_total_cap() {
    let mut c = config(&["mana_station", "frehheim"]);
    c.edit_turn_total_cap = Some(1);
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01"])
        .hand(A, &["n_fire_04", "n_fire_02"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_02"),
            col: Col::R,
            face_down: false,
        },
    );
    assert!(!legal(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_04"),
            col: Col::L,
            row: Row::Attack
        }
    ));
}

/// MC-A9, MC-10.4 `speed_source = AllMana`: covered number cards give speed too.
#[test]
fn a9_speed_source() {
    for (src, order) in [
        (SpeedSource::TopCards, vec![B, A]),
        (SpeedSource::AllMana, vec![A, B]),
    ] {
        let mut c = config(&["mana_station", "frehheim"]);
        c.speed_source = src;
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_15", "n_fire_01"])
            .mana(B, Col::M, &["n_earth_05"]);
        assert_eq!(
            sc.build_battle().unwrap().battle().unwrap().order.to_vec(),
            order
        );
    }
}

/// MC-A12, MC-10.4 `mana_cost_source = AnyColumns`: a cost split across columns.
#[test]
fn a12_cost_from_any_columns() {
    for (src, ok) in [
        (ManaCostSource::SingleColumn, false),
        (ManaCostSource::AnyColumns, true),
    ] {
        let mut c = config(&["mana_station", "frehheim"]);
        c.mana_cost_source = src;
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::L, &["n_fire_01", "n_fire_02"])
            .mana(A, Col::R, &["n_fire_03"]);
        let s = sc.build_edit().unwrap();
        assert_eq!(
            legal(
                &s,
                A,
                Choice::SummonBossOneTurn {
                    pay: Pay([2, 0, 1]),
                    face_down: false
                }
            ),
            ok
        );
    }
}

/// MC-A13, MC-10.4 `bossassa_keeps_last_mana`: the bottom card stays for Boss costs.
#[test]
fn a13_boss_keeps_last_mana() {
    let mut c = config(&["mana_station", "frehheim"]);
    c.bossassa_keeps_last_mana = true;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01", "n_fire_02", "n_fire_03"]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay([3, 0, 0]),
            face_down: false,
        },
    );
    let s = finish_round(s);
    assert_eq!(s.player(A).unwrap().col(Col::L).mana.len(), 1);
}

/// MC-A15, MC-6.11, MC-10.4 `battle_cards_count_as_battle_skill`.
#[test]
fn a15_battle_cards_and_the_skill_limit() {
    for (counts, second) in [(false, true), (true, false)] {
        let mut c = config(&["mana_station", "frehheim"]);
        c.battle_cards_count_as_battle_skill = counts;
        let mut sc = scenario_with(&c);
        sc.defense_life(A, Col::M, "n_water_13", 2)
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_09"])
            .hand(A, &["b_plus3_fire", "b_plus3_water"]);
        let s = sc.build_battle().unwrap();
        let s = act(
            &s,
            A,
            Choice::PlayBattleCard {
                card: id(&s, "b_plus3_fire"),
                target: Target::Col(Col::M),
            },
        );
        assert_eq!(
            legal(
                &s,
                A,
                Choice::PlayBattleCard {
                    card: id(&s, "b_plus3_water"),
                    target: Target::Col(Col::M)
                }
            ),
            second
        );
    }
}

/// MC-A19, MC-10.4 `supply_timing = Immediate`: the supply is drawn at the defeat.
#[test]
fn a19_immediate_supply() {
    let mut c = config(&["frehheim", "mana_station"]);
    c.supply_timing = SupplyTiming::Immediate;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_05")
        .defense(B, Col::M, "n_water_12")
        .defense_life(B, Col::L, "n_water_05", 1);
    let s = pass_window(sc.build_battle().unwrap());
    let hand = s.player(B).unwrap().hand.len();
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::M),
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
    let s = act(&act(&s, A, Choice::Pass), B, Choice::Pass);
    assert_eq!(s.player(B).unwrap().hand.len(), hand + 3);
}

/// MC-A21, MC-A22, MC-5.13: an Extra attacks or heals; cards may hold; with
/// `attack_target = per_card` each card picks its own target (the default: MC-D7).
#[test]
fn a21_a22_declarations() {
    let mut c = config(&["frehheim", "mana_station", "high_speed_hunters"]);
    c.attack_target = fuda_monjan::AttackTarget::PerCard;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defense(C, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_05")
        .attack(A, Col::L, "n_fire_03")
        .extra(A, "ie_yoom_scout")
        .mana(A, Col::L, &["n_fire_01"]);
    let s = pass_window(sc.build_battle().unwrap());
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::M),
            target: B,
        },
    );
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::L),
            target: C,
        },
    );
    let healed = act(&s, A, Choice::ExtraHeal { col: Col::M });
    assert!(!legal(
        &healed,
        A,
        Choice::DeclareAttack {
            unit: Unit::Extra,
            target: B
        }
    ));
    let s = act(&healed, A, Choice::EndDeclaration);
    assert_eq!(s.battle().unwrap().attacks.len(), 2);
    assert!(matches!(s.pending(), Pending::Guard { .. }));
}

/// MC-A23, MC-A34: a guarding card is gone after one attack; number cards only enter
/// empty slots.
#[test]
fn a23_a34_guard_once_and_empty_slots() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01", "n_fire_02"])
        .attack(A, Col::L, "n_fire_03")
        .hand(A, &["n_fire_04"]);
    let s = sc.build_edit().unwrap();
    assert!(!legal(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_04"),
            col: Col::L,
            row: Row::Attack
        }
    ));
}

/// MC-A31, MC-A32, MC-3.9: number cards go face up; no permanent summon in M; a
/// Boss-Assassin goes to its own discard pile.
#[test]
fn a31_a32_face_up_numbers_and_side_columns_only() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(
            A,
            Col::M,
            &[
                "n_fire_01",
                "n_fire_02",
                "n_fire_03",
                "n_fire_04",
                "n_fire_05",
            ],
        );
    let s = sc.build_edit().unwrap();
    assert!(!legal(&s, A, Choice::SummonBossPermanent { col: Col::M }));
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay([0, 3, 0]),
            face_down: true,
        },
    );
    let s = finish_round(s);
    assert_eq!(s.boss_discard().len(), 1);
}

/// MC-A3, MC-10.4 `first_turn_draw`; MC-A2: 2–4 players, last standing wins.
#[test]
fn a2_a3_players_and_first_draw() {
    for (draw, hand) in [(true, 11usize), (false, 10)] {
        let mut c = Config::for_players(4);
        c.match_format = MatchFormat::Basic;
        c.first_turn_draw = draw;
        let s = new_game(&c, 3).unwrap();
        assert_eq!(s.player(A).unwrap().hand.len(), hand);
    }
}

/// MC-A16, MC-4.5, MC-5.10, MC-A1: each side unlocks separately; the cleanup resets the
/// turn's skill use; the sample cards are invented data read from JSON.
#[test]
fn a16_sides_unlock_separately() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defeated(A, Col::R)
        .force_dice(&[6, 6]);
    let s = sc.build_edit().unwrap();
    assert!(!legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Left,
            target: Target::Col(Col::M)
        }
    ));
    let s = act(
        &s,
        A,
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Right,
            target: Target::None,
        },
    );
    assert!(!legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Right,
            target: Target::None
        }
    ));
    let s = finish_round(s);
    assert!(legal(
        &s,
        A,
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Right,
            target: Target::None
        }
    ));
    assert!(fuda_monjan::CardSet::sample().name().contains("invented"));
}
