//! Defeat of a column (MC-6.5), Elements (MC-6.6), supplies (MC-6.14), elimination and the
//! end of the game (MC-6.7, MC-7.1–7.3).

use crate::common::*;
use fuda_monjan::{
    Choice, Col, Config, Defense, GuardChoice, MatchFormat, Outcome, Pending, Scenario, SeatSet,
    State, Supply, Target, Unit,
};

/// A (Frehheim, speed 9) attacks B's `col` with its M attack card.
fn hit(sc: &mut Scenario, col: Col) -> State {
    sc.defense(A, Col::M, "n_water_13")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_05");
    let s = pass_window(sc.clone().build_battle().unwrap());
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
            guard: GuardChoice::Defense(col),
        },
    );
    // A's W2: everyone passes; the attack resolves; stop at the next step.
    let mut s = s;
    while let Pending::Window { seat } = s.pending() {
        if s.battle().is_none_or(|b| b.step > 0) {
            break;
        }
        s = act(&s, seat, Choice::Pass);
    }
    s
}

fn fmt_config(f: MatchFormat) -> Config {
    let mut c = config(&["frehheim", "mana_station"]);
    c.match_format = f;
    c
}

/// MC-T22, MC-6.5, MC-6.6, MC-6.14, MC-A17, MC-A18: a defeated side column turns mana and
/// defense card into Elements, unlocks its skill and grants 3 main cards next turn.
#[test]
fn t22_side_column_defeat() {
    let mut sc = scenario_with(&fmt_config(MatchFormat::ExtraRule));
    sc.defense(B, Col::M, "n_water_12")
        .mana(B, Col::L, &["n_water_03", "n_fire_07"])
        .defense_life(B, Col::L, "n_water_10", 2);
    let s = hit(&mut sc, Col::L);
    let l = s.player(B).unwrap().col(Col::L);
    assert_eq!(l.defense, Defense::Defeated);
    assert_eq!(l.mana.len(), 3);
    assert!(l.mana.iter().all(|m| m.element));
    assert_eq!(
        l.mana[0].card,
        id(&s, "n_water_10"),
        "defense card at the bottom"
    );
    assert!(s.player(B).unwrap().unlocked(fuda_monjan::Side::Left));
    assert_eq!(s.player(B).unwrap().supply[0], Supply::Pending);
    let before = s.player(B).unwrap().hand.len();
    let s = finish_round(s);
    assert_eq!(s.player(B).unwrap().hand.len(), before + 3);
}

/// MC-T35, MC-E13, MC-10.2: ET-format supplies, drawn at the next opening draw with
/// `supply_timing = next_opening_draw` (the default draws them at the defeat: MC-D3).
#[test]
fn t35_e13_et_supplies() {
    for (f, et, main) in [
        (MatchFormat::ReverseInitialEquipment, 2usize, 1usize),
        (MatchFormat::ReverseExtraMode, 3, 0),
        (MatchFormat::ReverseLastMonster, 1, 2),
    ] {
        let mut c = fmt_config(f);
        c.supply_timing = fuda_monjan::SupplyTiming::NextOpeningDraw;
        let mut sc = scenario_with(&c);
        sc.defense(B, Col::M, "n_water_12")
            .defense_life(B, Col::L, "n_water_10", 2);
        let s = hit(&mut sc, Col::L);
        let et_before = s.et_deck().len();
        let main_before = s.main_deck().len();
        assert_eq!(s.player(B).unwrap().supply[0], Supply::Pending, "{f:?}");
        let s = finish_round(s);
        assert_eq!(et_before - s.et_deck().len(), et, "{f:?}");
        // Both players draw from the main deck: A 1, B `main`.
        assert_eq!(main_before - s.main_deck().len(), 1 + main, "{f:?}");
    }
}

/// MC-E10, MC-A20, MC-6.8: a revived defense takes damage, heals to its revival value and
/// never takes a card or permanent summon.
#[test]
fn e10_revived_column() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .revived(B, Col::L, 5)
        .mana(
            B,
            Col::L,
            &[
                "n_fire_01",
                "n_fire_02",
                "n_fire_03",
                "n_fire_04",
                "n_fire_05",
            ],
        );
    let s = sc.clone().build_edit().unwrap();
    assert!(!legal(&s, B, Choice::SummonBossPermanent { col: Col::L }));
    let mut sc2 = scenario(&["frehheim", "mana_station"]);
    sc2.defense(B, Col::M, "n_water_12")
        .revived(B, Col::L, 5)
        .hand(B, &["b_plus3_fire"]);
    sc2.defense(A, Col::M, "n_water_13")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_03");
    let s = pass_window(sc2.build_battle().unwrap());
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
    assert_eq!(life(&s, B, Col::L), 2);
    assert_eq!(s.pending(), Pending::Window { seat: B });
    // B's step: heal +3 → 5 (the revival value).
    let s = act(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus3_fire"),
            target: Target::Col(Col::L),
        },
    );
    assert_eq!(life(&s, B, Col::L), 5);
}

/// MC-E17, MC-6.7, MC-7.1: a Dragon Trap reflection eliminates the attacker mid-step.
#[test]
fn e17_attacker_eliminated_by_dragon_trap() {
    let mut sc = scenario(&["mana_station", "high_speed_hunters"]);
    sc.defense_life(A, Col::M, "n_water_13", 3)
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_02"])
        .mana(B, Col::M, &["n_earth_09"])
        .one_turn(A, "ba_assassin_08")
        .attack(A, Col::M, "n_fire_04")
        .defeated(B, Col::R)
        .force_dice(&[1]);
    let s = pass_window(sc.build_battle().unwrap());
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::OneTurn(0),
            target: B,
        },
    );
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
            guard: GuardChoice::Defense(Col::M),
        },
    );
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 1,
            guard: GuardChoice::Defense(Col::M),
        },
    );
    let s = pass_window(s);
    assert_eq!(life(&s, B, Col::M), 4);
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    let s = act(
        &s,
        A,
        Choice::TrapGuard {
            guard: GuardChoice::Defense(Col::M),
        },
    );
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(B))));
    assert_eq!(life(&s, B, Col::M), 4, "Fi4 never resolves");
}

/// MC-E19, MC-7.3: `max_rounds` ends the game with the survivors sharing the win.
#[test]
fn e19_round_limit_draw() {
    let mut c = config(&["frehheim", "mana_station", "high_speed_hunters"]);
    c.max_rounds = 2;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defense(C, Col::M, "n_water_11");
    let s = sc.build_edit().unwrap();
    let s = finish_round(s);
    let placings = s.placings();
    assert_eq!(
        s.outcome(),
        Some(&Outcome::Winners([A, B, C].into_iter().collect()))
    );
    assert_eq!(placings[0].len(), 3);
}

/// MC-E22, MC-3.11: an Empty defense cannot guard or be healed and unlocks nothing.
#[test]
fn e22_empty_defense_slot() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(B, Col::M, "n_water_12")
        .hand(B, &["b_plus3_fire"])
        .defense_life(B, Col::R, "n_water_05", 2);
    sc.defense(A, Col::M, "n_water_13")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_05");
    let s = sc.clone().build_battle().unwrap();
    let s = act(&s, A, Choice::Pass);
    assert!(!legal(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus3_fire"),
            target: Target::Col(Col::L)
        }
    ));
    let s = pass_window(s);
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::M),
            target: B,
        },
    );
    let s = act(&s, A, Choice::EndDeclaration);
    assert!(!legal(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::L)
        }
    ));
    let s = pass_window(act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::R),
        },
    ));
    let p = s.player(B).unwrap();
    assert!(p.unlocked(fuda_monjan::Side::Right) && !p.unlocked(fuda_monjan::Side::Left));
}

/// MC-6.7, MC-7.2: with three players the others go on; placings follow elimination order.
#[test]
fn three_players_continue_after_an_elimination() {
    let mut sc = scenario(&["frehheim", "mana_station", "high_speed_hunters"]);
    sc.defense(C, Col::M, "n_water_11")
        .defense_life(B, Col::M, "n_water_12", 2);
    let s = hit(&mut sc, Col::M);
    assert!(s.outcome().is_none());
    assert_eq!(s.eliminated(), &[B]);
    assert!(
        s.player(B).unwrap().hand.is_empty(),
        "all its cards are discarded"
    );
    assert!(!matches!(s.pending(), Pending::GameOver));
}
