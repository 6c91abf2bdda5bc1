//! Positions as data (issue 9): each start point of the position editor, built from a JSON
//! position file under `tests/positions/`, then played on; forced picks, shuffles and a
//! forced reshuffle; names back; the example of `docs/positions/monjan.json`.

use crate::common::*;
use fuda_core::Positions;
use fuda_monjan::{
    legal_actions_for, Choice, Col, DeckKind, Defense, GuardChoice, Monjan, Pending, Phase,
    Scenario, Seat, State, Target, Unit,
};
use std::path::Path;

fn position(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let sc = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    // Positions round-trip through JSON unchanged.
    let again = Scenario::from_json(&serde_json::to_string(&sc).unwrap()).unwrap();
    assert_eq!(again, sc, "{name} round-trips");
    sc
}

fn build(name: &str) -> State {
    let sc = position(name);
    let s = Monjan::from_scenario(&sc).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(s, sc.build().unwrap(), "the same position every time");
    s
}

/// Plays on with the first legal action for `steps` actions (or to the end).
fn play_on(mut s: State, steps: usize) -> State {
    for _ in 0..steps {
        let Some(seat) = s.to_act().first() else {
            break;
        };
        let a = legal_actions_for(&s, seat)[0].clone();
        s = fuda_monjan::apply(&s, &a).unwrap();
    }
    s
}

/// Setup start (MC-3.10, MC-5.1, MC-5.2): forced picks give the boards (seat by seat among
/// the boards left) and the rock-paper-scissors order, a forced shuffle the deal.
#[test]
fn mc_3_10_setup_with_forced_picks_and_shuffle() {
    let s = build("setup_forced.json");
    let board = |i: u8| s.board_of(Seat(i)).unwrap().id.clone();
    assert_eq!(
        [board(0), board(1), board(2)],
        ["high_speed_hunters", "frehheim", "mana_station"]
    );
    assert_eq!(s.pending(), Pending::Pick { seat: C });
    let mut s = s;
    while let Pending::Pick { seat } = s.pending() {
        s = act(&s, seat, legal_actions_for(&s, seat)[0].choice.clone());
    }
    // Picks went C, A, B (rock-paper-scissors order); then the forced deal.
    assert_eq!(s.phase(), Phase::Edit);
    for (seat, card) in [(A, "n_fire_16"), (B, "n_water_16"), (C, "n_earth_16")] {
        assert!(s.player(seat).unwrap().hand.contains(&id(&s, card)));
    }
    let s = play_on(s, 60);
    assert!(s.round() >= 1);
}

/// Before the opening draws (MC-6.14 (1), (5)): the pending supply draws three, the main
/// deck runs out and is rebuilt from its discard pile in the forced order.
#[test]
fn mc_6_14_opening_draws_with_a_forced_reshuffle() {
    let s = build("opening_draws_reshuffle.json");
    assert_eq!(s.round(), 3);
    assert_eq!(s.pending(), Pending::Edit);
    let hand = |seat| {
        let mut h: Vec<String> = s
            .player(seat)
            .unwrap()
            .hand
            .iter()
            .map(|c| s.cards().label_of(*c))
            .collect();
        h.sort();
        h
    };
    assert_eq!(hand(A), ["n_fire_03", "n_fire_04", "n_wind_07"]);
    assert_eq!(hand(B), ["n_wind_05"]);
    assert_eq!(s.main_deck(), [id(&s, "n_wind_06")]);
    let _ = DeckKind::Main;
    play_on(s, 40);
}

/// Inside the edit turn (MC-4.2, MC-4.6): only the player who has not ended edits.
#[test]
fn mc_4_2_edit_start_with_one_player_ended() {
    let s = build("edit_one_ended.json");
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![B]);
    assert!(legal_actions_for(&s, A).is_empty());
    let s = act(
        &s,
        B,
        Choice::PlaceMana {
            card: id(&s, "n_water_03"),
            col: Col::L,
            face_down: false,
        },
    );
    let s = act(&s, B, Choice::DeclareEnd);
    assert_eq!(s.phase(), Phase::Battle);
}

/// Between the last End and the battle reveal (MC-4.4 (1)–(2)): face-down mana turns up
/// and the order follows it.
#[test]
fn mc_4_4_battle_reveal_start() {
    let s = build("battle_reveal.json");
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![A, B]);
    assert!(s
        .player(A)
        .unwrap()
        .col(Col::M)
        .mana
        .iter()
        .all(|m| !m.face_down));
    assert_eq!(s.pending(), Pending::Window { seat: A });
    play_on(s, 30);
}

/// In window W1 (MC-6.10, MC-6.9): the defender kills the attacker's only card.
#[test]
fn mc_6_10_w1_start() {
    let s = build("w1_kill.json");
    assert_eq!(s.pending(), Pending::Window { seat: A });
    let s = act(&s, A, Choice::Pass);
    let s = act(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_kill_water"),
            target: Target::Card {
                seat: A,
                unit: Unit::Slot(Col::M),
            },
        },
    );
    assert!(s.player(A).unwrap().col(Col::M).attack.is_none());
    assert!(s.main_discard().contains(&id(&s, "n_fire_05")));
    play_on(s, 20);
}

/// After W1 (MC-5.13): the declaration goes on from the attacks declared so far.
#[test]
fn mc_5_13_after_w1_start() {
    let s = build("after_w1_declare.json");
    assert_eq!(s.pending(), Pending::Declare { seat: A });
    assert_eq!(s.battle().unwrap().attacks.len(), 1);
    assert!(!legal(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::M),
            target: B
        }
    ));
    let s = act(
        &s,
        A,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::L),
            target: B,
        },
    );
    let s = act(&s, A, Choice::EndDeclaration);
    assert_eq!(s.pending(), Pending::Guard { seat: B });
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
}

/// After W2 (MC-5.18, MC-A23): resolution from the position; the Extra guard dies with
/// the first attack's defeat and B is asked for a new guard.
#[test]
fn mc_5_18_after_w2_start_reassigns_a_lost_guard() {
    let s = build("after_w2_guard_lost.json");
    assert_eq!(s.player(B).unwrap().col(Col::L).defense, Defense::Defeated);
    assert!(s.player(B).unwrap().extra.is_none());
    assert_eq!(s.pending(), Pending::Guard { seat: B });
    let s = act(
        &s,
        B,
        Choice::AssignGuard {
            attack: 1,
            guard: GuardChoice::Defense(Col::M),
        },
    );
    assert_eq!(life(&s, B, Col::M), 9);
    play_on(s, 20);
}

/// After W2 with an earlier defeat in the same step (MC-6.4, MC-5.16): the second attack
/// resolves and the forced 2 springs Dragon Trap.
#[test]
fn mc_5_16_earlier_defeat_in_the_step_then_dragon_trap() {
    let s = build("earlier_defeat_trap.json");
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![B, A]);
    assert_eq!(life(&s, B, Col::M), 9);
    assert_eq!(s.pending(), Pending::DragonTrap { seat: B });
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    assert_eq!(s.pending(), Pending::TrapGuard { seat: A });
    assert_eq!(s.player(B).unwrap().last_roll, Some(2));
    let s = act(
        &s,
        A,
        Choice::TrapGuard {
            guard: GuardChoice::Defense(Col::M),
        },
    );
    assert_eq!(life(&s, A, Col::M), 12, "3 / 2 = 1 reflected");
    play_on(s, 20);
}

/// Names back: every placed card under its label, `key#k` for the copies of a key.
#[test]
fn names_back_say_which_card_each_name_became() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .hand(A, &["it_brawler", "it_brawler"])
        .hand(B, &["ie_sik_guard#2"]);
    let (s, names) = sc.build_named().unwrap();
    let copies = s.cards().instances("it_brawler");
    assert_eq!(names["it_brawler#1"], copies[0]);
    assert_eq!(names["it_brawler#2"], copies[1]);
    assert_eq!(names["it_brawler"], copies[0]);
    assert_eq!(
        names["ie_sik_guard#2"],
        s.cards().named("ie_sik_guard#2").unwrap()
    );
    assert!(s
        .player(B)
        .unwrap()
        .hand
        .contains(&s.cards().named("ie_sik_guard#2").unwrap()));
    assert_eq!(s.cards().label_of(copies[1]), "it_brawler#2");
}

/// The example position of `docs/positions/monjan.json` loads and plays (a puzzle: P0 can
/// win this round).
#[test]
fn docs_example_position_loads_and_plays() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/positions/monjan.json");
    let text = std::fs::read_to_string(path).unwrap();
    let sc = Scenario::from_json(&text).unwrap();
    let s = sc.build().unwrap();
    assert!(!sc.description.is_empty());
    assert_eq!(s.pending(), Pending::Edit);
    // The solution: Fire 13 as mana (speed 13 beats 11), Brawler into the right attack slot
    // paying 2 from the left, then both attackers at P1's last defense.
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_13"),
            col: Col::M,
            face_down: true,
        },
    );
    let s = act(
        &s,
        A,
        Choice::SummonToughness {
            card: id(&s, "it_brawler"),
            col: Col::R,
            pay: fuda_monjan::Pay::from_col(Col::L, 2),
            face_down: true,
        },
    );
    let s = end_edit(s);
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![A, B]);
    let s = pass_window(s);
    let mut s = s;
    for unit in [Unit::Slot(Col::M), Unit::Slot(Col::R)] {
        s = act(&s, A, Choice::DeclareAttack { unit, target: B });
    }
    let mut s = act(&s, A, Choice::EndDeclaration);
    while let Pending::Guard { seat } = s.pending() {
        s = act(&s, seat, legal_actions_for(&s, seat)[0].choice.clone());
    }
    let s = pass_window(s);
    assert!(s.outcome().is_some_and(|o| o.is_winner(A)));
}
