//! The battle turn: order (MC-6.3), windows (MC-6.10), declarations (MC-5.13), guards
//! (MC-5.14, MC-5.18), resolution (MC-6.4), battle cards (MC-6.9) and battle skills.

use crate::common::*;
use fuda_monjan::{Choice, Col, GuardChoice, Pending, Scenario, Seat, State, Target, Unit};

fn attack(s: &State, seat: Seat, unit: Unit, target: Seat) -> State {
    act(s, seat, Choice::DeclareAttack { unit, target })
}

fn guard(s: &State, seat: Seat, g: GuardChoice) -> State {
    let i = match s.pending() {
        Pending::Guard { .. } => s
            .battle()
            .unwrap()
            .attacks
            .iter()
            .position(|a| !a.done && a.guard.is_none() && a.target == seat)
            .unwrap() as u8,
        p => panic!("no guard pending: {p:?}"),
    };
    act(
        s,
        seat,
        Choice::AssignGuard {
            attack: i,
            guard: g,
        },
    )
}

/// A (Frehheim, speed 9) against B (Mana Station, speed 1).
fn duel() -> Scenario {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_neutral_01"]);
    sc
}

/// MC-T15, MC-6.3, MC-A25: equal speed → lower priority number first.
#[test]
fn t15_priority_breaks_speed_ties() {
    let mut sc = scenario(&["frehheim", "high_speed_hunters"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_09"]);
    let s = sc.build_battle().unwrap();
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![B, A]);
}

/// MC-T16: a battle card on top gives speed 0.
#[test]
fn t16_battle_card_mana_is_speed_zero() {
    let mut sc = scenario(&["high_speed_hunters", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["b_destroy8_fire"])
        .mana(B, Col::M, &["n_earth_01"]);
    let s = sc.build_battle().unwrap();
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![B, A]);
}

/// MC-T17, MC-6.4, MC-5.14: a defense takes damage; an attack card guards once and is
/// destroyed, the attacker unharmed.
#[test]
fn t17_guard_with_defense_or_attack_card() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05")
        .defense(B, Col::L, "n_water_10")
        .attack(B, Col::L, "n_water_04");
    let s = sc.build_battle().unwrap();
    assert_eq!(s.pending(), Pending::Window { seat: A });
    let s = pass_window(s);
    let s = attack(&s, A, Unit::Slot(Col::M), B);
    let s = act(&s, A, Choice::EndDeclaration);
    let by_defense = pass_window(guard(&s, B, GuardChoice::Defense(Col::L)));
    assert_eq!(life(&by_defense, B, Col::L), 5);
    let by_card = pass_window(guard(&s, B, GuardChoice::Unit(Unit::Slot(Col::L))));
    assert_eq!(life(&by_card, B, Col::L), 10);
    assert!(
        by_card.player(B).unwrap().col(Col::L).attack.is_none(),
        "Wa4 destroyed"
    );
    assert!(
        by_card.player(A).unwrap().col(Col::M).attack.is_some(),
        "Fi5 stays"
    );
}

/// MC-T18, MC-T4: a one-turn Boss-Assassin cannot guard.
#[test]
fn t18_one_turn_summons_cannot_guard() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05").one_turn(B, "ba_boss_22");
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::M), B),
        A,
        Choice::EndDeclaration,
    );
    assert!(!legal(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Unit(Unit::OneTurn(0))
        }
    ));
    assert!(legal(
        &s,
        B,
        Choice::AssignGuard {
            attack: 0,
            guard: GuardChoice::Defense(Col::M)
        }
    ));
}

/// MC-T19, MC-6.9, MC-6.8: +8 in W2 adds to the attack; +6 heals up to the printed life.
#[test]
fn t19_battle_cards_add_attack_and_heal() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05")
        .hand(A, &["b_destroy8_fire"])
        .defense_life(B, Col::L, "n_wind_12", 8)
        .hand(B, &["b_plus6_wind"]);
    let s = sc.build_battle().unwrap();
    // B heals in W1 of A's step: 8 + 6 capped at printed 12.
    let s = act(&s, A, Choice::Pass);
    let s = act(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus6_wind"),
            target: Target::Col(Col::L),
        },
    );
    assert_eq!(life(&s, B, Col::L), 12);
    let s = pass_window(s);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::M), B),
        A,
        Choice::EndDeclaration,
    );
    let s = guard(&s, B, GuardChoice::Defense(Col::M));
    // +8 only in W2 for the attacker's own attack.
    let s = act(
        &s,
        A,
        Choice::PlayBattleCard {
            card: id(&s, "b_destroy8_fire"),
            target: Target::Attack(0),
        },
    );
    assert_eq!(s.battle().unwrap().attacks[0].total(), 13);
    let s = pass_window(s);
    assert!(
        s.outcome().unwrap().is_winner(A),
        "13 damage ends B's middle life 12"
    );
}

/// MC-T20, MC-E4, MC-6.8: an Extra heals by its power up to 16; a later +3 cannot lower it.
#[test]
fn t20_e4_extra_heals_above_printed() {
    let mut sc = duel();
    sc.extra(A, "de_jabberwock")
        .mana(A, Col::L, &["n_neutral_02"])
        .mana(A, Col::M, &["n_water_04"])
        .defense_life(A, Col::L, "n_earth_12", 10)
        .hand(A, &["b_plus3_fire"]);
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    // Extra power 6: 10 + 6 = 16.
    let s = act(&s, A, Choice::ExtraHeal { col: Col::L });
    assert_eq!(life(&s, A, Col::L), 16);
    let s = act(&s, A, Choice::EndDeclaration);
    let s = act(
        &s,
        A,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus3_fire"),
            target: Target::Col(Col::L),
        },
    );
    assert_eq!(life(&s, A, Col::L), 16, "a normal heal never lowers life");
}

/// MC-T21, MC-A24: Kill in W1 destroys an attack-capable card before it attacks.
#[test]
fn t21_kill_in_w1() {
    let mut sc = duel();
    sc.toughness(A, Col::L, "it_brawler")
        .hand(B, &["b_kill_water"]);
    let s = sc.build_battle().unwrap();
    let s = act(&s, A, Choice::Pass);
    let s = act(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_kill_water"),
            target: Target::Card {
                seat: A,
                unit: Unit::Slot(Col::L),
            },
        },
    );
    assert!(s.player(A).unwrap().col(Col::L).attack.is_none());
}

/// MC-E3, MC-6.4 (3): no carry-over from a defeated defense.
#[test]
fn e3_no_overflow_between_columns() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_06")
        .attack(A, Col::L, "n_fire_04")
        .defense_life(B, Col::L, "n_water_08", 5);
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    let s = attack(&s, A, Unit::Slot(Col::M), B);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::L), B),
        A,
        Choice::EndDeclaration,
    );
    let s = guard(&s, B, GuardChoice::Defense(Col::L));
    let s = guard(&s, B, GuardChoice::Defense(Col::L));
    let s = pass_window(s);
    assert_eq!(life(&s, B, Col::L), 0);
    assert_eq!(life(&s, B, Col::M), 12, "the second attack does nothing");
}

/// MC-E5: a slower player's attack card that guards is destroyed and cannot attack later.
#[test]
fn e5_guarding_attack_card_is_lost() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05")
        .attack(B, Col::L, "n_fire_06")
        .mana(B, Col::L, &["n_fire_01"]);
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::M), B),
        A,
        Choice::EndDeclaration,
    );
    let s = pass_window(guard(&s, B, GuardChoice::Unit(Unit::Slot(Col::L))));
    // B's step: nothing left to attack with.
    assert!(s.player(B).unwrap().col(Col::L).attack.is_none());
}

/// MC-E6, MC-5.18: a guard killed in W2 is replaced by the defender.
#[test]
fn e6_killed_guard_is_reassigned() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05")
        .toughness(B, Col::L, "it_brawler")
        .hand(A, &["b_kill_fire"]);
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::M), B),
        A,
        Choice::EndDeclaration,
    );
    let s = guard(&s, B, GuardChoice::Unit(Unit::Slot(Col::L)));
    let s = act(
        &s,
        A,
        Choice::PlayBattleCard {
            card: id(&s, "b_kill_fire"),
            target: Target::Card {
                seat: B,
                unit: Unit::Slot(Col::L),
            },
        },
    );
    assert_eq!(s.pending(), Pending::Guard { seat: B });
    let s = guard(&s, B, GuardChoice::Defense(Col::M));
    let s = pass_window(s);
    assert_eq!(life(&s, B, Col::M), 7);
}

/// MC-E11, MC-T23, MC-7.1, MC-6.7: the game ends at once when the middle defense falls.
#[test]
fn e11_t23_middle_defense_falls_game_over() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense_life(B, Col::M, "n_water_12", 4)
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_06")
        .attack(A, Col::L, "n_fire_04")
        .mana(B, Col::M, &["n_neutral_01"]);
    let s = sc.build_battle().unwrap();
    let s = pass_window(s);
    let s = attack(&s, A, Unit::Slot(Col::M), B);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::L), B),
        A,
        Choice::EndDeclaration,
    );
    let s = guard(&s, B, GuardChoice::Defense(Col::M));
    let s = guard(&s, B, GuardChoice::Defense(Col::M));
    let s = pass_window(s);
    assert!(s.outcome().unwrap().is_winner(A));
    assert_eq!(s.eliminated(), &[B]);
    assert_eq!(s.pending(), Pending::GameOver);
}

/// MC-4.4, MC-6.10, MC-5.12: windows pass in battle order and close after all pass.
#[test]
fn windows_close_after_everyone_passes() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05");
    let s = sc.build_battle().unwrap();
    assert_eq!(s.pending(), Pending::Window { seat: A });
    let s = act(&s, A, Choice::Pass);
    assert_eq!(s.pending(), Pending::Window { seat: B });
    let s = act(&s, B, Choice::Pass);
    assert_eq!(s.pending(), Pending::Declare { seat: A });
}

/// MC-5.13: each card attacks at most once; the list order is the resolution order.
#[test]
fn declarations_are_ordered_and_single() {
    let mut sc = duel();
    sc.attack(A, Col::M, "n_fire_05")
        .attack(A, Col::L, "n_fire_03");
    let s = pass_window(sc.build_battle().unwrap());
    let s = attack(&s, A, Unit::Slot(Col::L), B);
    assert!(!legal(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::L),
            target: B
        }
    ));
    let s = attack(&s, A, Unit::Slot(Col::M), B);
    let b = s.battle().unwrap();
    assert_eq!(b.attacks[0].value, 3);
    assert_eq!(b.attacks[1].value, 5);
}

/// MC-5.18, MC-A23 (issue 9 bug 1): a guard that leaves play during the resolution — here
/// B's Extra, which dies when the first attack defeats B's left defense and turns its
/// column into Elements — is replaced: B is asked for a new guard before the next attack
/// resolves.
#[test]
fn mc_5_18_guard_lost_mid_volley_is_reassigned() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .mana(A, Col::M, &["n_fire_09"])
        .attack(A, Col::M, "n_fire_05")
        .attack(A, Col::L, "n_fire_03")
        .defense(B, Col::M, "n_water_12")
        .mana(B, Col::L, &["n_neutral_01"])
        .mana(B, Col::M, &["n_water_04"])
        .defense_life(B, Col::L, "n_water_10", 2)
        .extra(B, "de_jabberwock");
    let s = pass_window(sc.build_battle().unwrap());
    let s = attack(&s, A, Unit::Slot(Col::M), B);
    let s = act(
        &attack(&s, A, Unit::Slot(Col::L), B),
        A,
        Choice::EndDeclaration,
    );
    let s = guard(&s, B, GuardChoice::Defense(Col::L));
    let s = guard(&s, B, GuardChoice::Unit(Unit::Extra));
    let s = pass_window(s);
    // The first attack defeated L; the Extra died with the pair; attack #2 needs a guard.
    assert!(s.player(B).unwrap().extra.is_none());
    assert_eq!(s.pending(), Pending::Guard { seat: B });
    assert!(!legal(
        &s,
        B,
        Choice::AssignGuard {
            attack: 1,
            guard: GuardChoice::Defense(Col::L)
        }
    ));
    let s = guard(&s, B, GuardChoice::Defense(Col::M));
    assert_eq!(life(&s, B, Col::M), 9);
}
