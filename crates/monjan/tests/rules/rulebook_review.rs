//! Review of the engine against the rulebook (`002_7b2c742dfa506827.txt`): the printed
//! status boards, the author's listed simplifications and interactions the spec's test
//! vectors do not exercise. Each test names the rule IDs it checks.

use crate::common::*;
use fuda_monjan::{
    BoardEffect, CardSet, Choice, Col, Config, EditTurnMode, GuardChoice, Pending, Seat, Shown,
    Side, State, Target, Timing, Unit,
};

fn declare(s: &State, seat: Seat, units: &[Unit], target: Seat) -> State {
    let mut s = pass_window(s.clone());
    for u in units {
        s = act(&s, seat, Choice::DeclareAttack { unit: *u, target });
    }
    act(&s, seat, Choice::EndDeclaration)
}

fn guard_first(s: &State, seat: Seat, guard: GuardChoice) -> State {
    let i = s
        .battle()
        .unwrap()
        .attacks
        .iter()
        .position(|a| !a.done && a.guard.is_none() && a.target == seat)
        .expect("an unguarded attack") as u8;
    act(s, seat, Choice::AssignGuard { attack: i, guard })
}

/// A board as printed: id, priority, maxima, left effect and dice, right effect and dice, turn.
type BoardRow = (
    &'static str,
    u8,
    [u8; 3],
    BoardEffect,
    &'static [u8],
    BoardEffect,
    &'static [u8],
    Timing,
);

/// MC-3.8, MC-6.15: the four status boards exactly as the rulebook prints them — priority
/// (優先度), attack maxima (最大), both skills, their turn (編集 / バトル), dice faces and caps.
#[test]
fn mc_3_8_boards_match_the_rulebook() {
    let set = CardSet::sample();
    assert_eq!(set.boards().len(), 4);
    let board = |id: &str| {
        set.boards()
            .iter()
            .find(|b| b.id == id)
            .unwrap_or_else(|| panic!("board {id}"))
    };
    // (id, priority, maxima L/M/R, left effect, left faces, right effect, right faces, timing)
    let table: [BoardRow; 4] = [
        (
            "frehheim",
            40,
            [4, 6, 5],
            BoardEffect::Resurrect { max: 4 },
            &[],
            BoardEffect::RedirectAllToOne,
            &[1, 2, 3],
            Timing::Battle,
        ),
        (
            "ryoko_atelier",
            25,
            [6, 5, 6],
            BoardEffect::SalvageBattleCard,
            &[],
            BoardEffect::ExtendOneTurnSummon,
            &[1, 2, 3, 4],
            Timing::Edit,
        ),
        (
            "mana_station",
            30,
            [6, 4, 6],
            BoardEffect::Heal { n: 2 },
            &[1, 2, 3],
            BoardEffect::DrawMain { n: 1 },
            &[1, 2, 3, 4],
            Timing::Edit,
        ),
        (
            "high_speed_hunters",
            20,
            [4, 5, 7],
            BoardEffect::NullifyAttack,
            &[1, 2],
            BoardEffect::ReflectHalf,
            &[1, 2, 3],
            Timing::Battle,
        ),
    ];
    for (id, prio, max, left, lf, right, rf, timing) in table {
        let b = board(id);
        assert_eq!(b.priority, prio, "{id} priority");
        assert_eq!(b.attack_max, max, "{id} attack maxima");
        assert_eq!(b.left.effect, left, "{id} left skill");
        assert_eq!(b.left.chance, lf, "{id} left dice");
        assert_eq!(b.right.effect, right, "{id} right skill");
        assert_eq!(b.right.chance, rf, "{id} right dice");
        assert_eq!(b.left.effect.timing(), timing, "{id} left timing");
        assert_eq!(b.right.effect.timing(), timing, "{id} right timing");
    }
    // Tea Party: 最大三回まで; no other board skill has a per-game cap.
    assert_eq!(board("ryoko_atelier").left.uses_per_game, Some(3));
    for b in set.boards() {
        for (side, skill) in [("left", &b.left), ("right", &b.right)] {
            if b.id != "ryoko_atelier" || side != "left" {
                assert_eq!(skill.uses_per_game, None, "{} {side}", b.id);
            }
        }
    }
    let names: Vec<(&str, &str)> = set
        .boards()
        .iter()
        .map(|b| (b.left.name.as_str(), b.right.name.as_str()))
        .collect();
    assert!(names.contains(&("Hell's Resurrection Rite", "Flame of Wrath")));
    assert!(names.contains(&("Tea Party", "Recycling Activity")));
    assert!(names.contains(&("Anti-AG Interception Laser", "Gravity Field")));
    assert!(names.contains(&("One-Night Castle", "Dragon Trap")));
}

/// MC-6.3, MC-T15: priority breaks speed ties for every pair of boards (20 < 25 < 30 < 40).
#[test]
fn mc_6_3_priority_order_of_all_boards() {
    let boards = [
        "frehheim",
        "mana_station",
        "ryoko_atelier",
        "high_speed_hunters",
    ];
    let mut sc = scenario(&boards);
    for (i, s) in [A, B, C, Seat(3)].into_iter().enumerate() {
        let defs = ["n_water_13", "n_water_12", "n_water_11", "n_water_10"];
        let tops = ["n_fire_07", "n_earth_07", "n_wind_07", "n_neutral_07"];
        sc.defense(s, Col::M, defs[i]).mana(s, Col::R, &[tops[i]]);
    }
    let s = sc.build_battle().unwrap();
    // Hunters 20, Ryoko 25, Mana Station 30, Frehheim 40.
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![Seat(3), C, B, A]);
}

/// MC-5.16, MC-6.15, MC-A28: Dragon Trap on an odd attack: "割り切れなければ1引いて割る" —
/// 9 reflects 4. A value-1 attack reflects nothing but the skill is used (MC-E12, the
/// author's "a reflection of 0 is skipped").
#[test]
fn mc_5_16_dragon_trap_odd_and_zero() {
    let build = |dice: &[u8]| {
        let mut sc = scenario(&["mana_station", "high_speed_hunters"]);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_02"])
            .mana(B, Col::M, &["n_earth_09"])
            .toughness(A, Col::R, "dt_twin_blade")
            .resurrected(A, "n_wind_05")
            .defeated(B, Col::R)
            .force_dice(dice);
        let s = pass_window(sc.build_battle().unwrap());
        assert_eq!(
            s.pending(),
            Pending::Declare { seat: A },
            "B (faster) went first"
        );
        s
    };
    let s = declare(&build(&[3]), A, &[Unit::Slot(Col::R)], B);
    let s = pass_window(guard_first(&s, B, GuardChoice::Defense(Col::M)));
    assert_eq!(life(&s, B, Col::M), 3);
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    let s = act(
        &s,
        A,
        Choice::TrapGuard {
            guard: GuardChoice::Defense(Col::M),
        },
    );
    assert_eq!(life(&s, A, Col::M), 9, "13 - (9 - 1) / 2");

    let s = declare(&build(&[1]), A, &[Unit::Resurrected(0)], B);
    let s = pass_window(guard_first(&s, B, GuardChoice::Defense(Col::M)));
    assert_eq!(life(&s, B, Col::M), 11);
    let s = act(&s, B, Choice::DragonTrap { use_it: true });
    assert!(
        !matches!(s.pending(), Pending::TrapGuard { .. }),
        "nothing comes back"
    );
    assert_eq!(life(&s, A, Col::M), 13);
    assert_eq!(s.player(B).unwrap().board_uses[1], 1, "the skill is used");
}

/// MC-5.17, MC-6.15, MC-A16: "自分か誰かの防御カード" — Frehheim's own left defense falling
/// unlocks Hell's Resurrection Rite, which may take that very card at once.
#[test]
fn mc_5_17_own_left_defense_unlocks_and_resurrects() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_01"])
        .mana(B, Col::M, &["n_earth_09"])
        .attack(B, Col::M, "n_earth_04")
        .defense_life(A, Col::L, "n_earth_08", 2)
        .mana(A, Col::L, &["n_earth_03"]);
    let s = sc.build_battle().unwrap();
    let s = declare(&s, B, &[Unit::Slot(Col::M)], A);
    let s = pass_window(guard_first(&s, A, GuardChoice::Defense(Col::L)));
    assert_eq!(s.pending(), Pending::Resurrect { seat: A });
    let s = act(&s, A, Choice::Resurrection { use_it: true });
    let p = s.player(A).unwrap();
    assert_eq!(p.resurrected.to_vec(), vec![id(&s, "n_earth_08")]);
    assert_eq!(
        p.col(Col::L).mana.len(),
        1,
        "only the mana became an Element"
    );
    assert!(p.col(Col::L).mana[0].element);
}

/// MC-6.10 (author's simplification): after a non-pass action the actor keeps priority and
/// the passes start again, so the window closes only after every player passed in a row.
#[test]
fn mc_6_10_priority_after_an_action() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense_life(B, Col::M, "n_water_12", 5)
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::M, "n_fire_06")
        .hand(B, &["b_plus3_fire", "b_plus6_wind"]);
    let s = sc.build_battle().unwrap();
    let s = act(&s, A, Choice::Pass);
    assert_eq!(s.pending(), Pending::Window { seat: B });
    let s = act(
        &s,
        B,
        Choice::PlayBattleCard {
            card: id(&s, "b_plus3_fire"),
            target: Target::Col(Col::M),
        },
    );
    assert_eq!(life(&s, B, Col::M), 8);
    assert_eq!(s.pending(), Pending::Window { seat: B }, "B keeps priority");
    let s = act(&s, B, Choice::Pass);
    assert_eq!(s.pending(), Pending::Window { seat: A }, "A may answer");
    let s = act(&s, A, Choice::Pass);
    assert_eq!(
        s.pending(),
        Pending::Declare { seat: A },
        "closed after both passed in a row"
    );
}

/// MC-4.3 (後だし編集ターン): from round 2 the earlier attacker edits first and the later
/// player sees its face-up placement before editing.
#[test]
fn mc_4_3_sequential_edits_are_seen_at_once() {
    let mut c = config(&["frehheim", "high_speed_hunters"]);
    c.edit_turn_mode = EditTurnMode::Sequential;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_fire_05"])
        .hand(A, &["n_fire_10"])
        .last_order(&[B, A]);
    let s = sc.build_edit().unwrap();
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![B], "B first");
    let s = act(&s, B, Choice::DeclareEnd);
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![A]);
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_10"),
            col: Col::L,
            face_down: false,
        },
    );
    let v = fuda_monjan::view(&s, fuda_monjan::Observer::Seat(B));
    assert_eq!(
        v.player(A).unwrap().cols[0].mana[0].card,
        Shown::Card(id(&s, "n_fire_10"))
    );
}

/// MC-6.4, MC-6.9: a Kill in W2 on a card already declared as an attacker — its attack
/// does nothing and the guard it was given is not used up.
#[test]
fn mc_6_9_kill_on_a_declared_attacker() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::M, "n_fire_06")
        .attack(B, Col::L, "n_earth_03")
        .mana(B, Col::L, &["n_earth_01"])
        .hand(B, &["b_kill_water"]);
    let s = sc.build_battle().unwrap();
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = guard_first(&s, B, GuardChoice::Unit(Unit::Slot(Col::L)));
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
    let s = pass_window(s);
    assert!(s.player(A).unwrap().col(Col::M).attack.is_none());
    assert!(
        s.player(B).unwrap().col(Col::L).attack.is_some(),
        "the guard stays"
    );
    assert_eq!(life(&s, B, Col::M), 12);
}

/// MC-6.12 (4), MC-A23: an Extra guards like an attack card, once, and is destroyed.
#[test]
fn mc_6_12_extra_guards_once() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::L, &["n_neutral_01"])
        .mana(B, Col::M, &["n_water_02"])
        .attack(A, Col::M, "n_fire_06")
        .extra(B, "de_jabberwock");
    let s = sc.build_battle().unwrap();
    let s = declare(&s, A, &[Unit::Slot(Col::M)], B);
    let s = pass_window(guard_first(&s, B, GuardChoice::Unit(Unit::Extra)));
    assert!(s.player(B).unwrap().extra.is_none());
    assert_eq!(life(&s, B, Col::M), 12);
}

/// MC-7.3 (author's simplification): at the round limit the survivors share the win.
#[test]
fn mc_7_3_round_limit_survivors() {
    let mut c: Config = config(&["frehheim", "mana_station"]);
    c.max_rounds = 2;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12");
    let s = finish_round(sc.build_edit().unwrap());
    assert!(s.outcome().is_some());
    assert_eq!(s.placings(), vec![vec![A, B]]);
}

/// MC-5.15, MC-6.15: Flame of Wrath is not offered against a slower attacker.
#[test]
fn mc_5_15_flame_only_against_faster_attackers() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_02"])
        .attack(A, Col::M, "n_fire_06")
        .attack(A, Col::L, "n_fire_03")
        .attack(B, Col::M, "n_earth_04")
        .defeated(A, Col::R);
    let s = sc.build_battle().unwrap();
    // A (faster) attacks first; A's own Flame of Wrath is irrelevant here.
    let s = declare(&s, A, &[], B);
    let s = pass_window(s);
    assert_eq!(s.pending(), Pending::Declare { seat: B });
    let s = declare(&s, B, &[Unit::Slot(Col::M)], A);
    assert_eq!(s.pending(), Pending::Guard { seat: A }, "no Flame decision");
    let _ = Side::Right;
}

/// MC-4.4 (3)(c), MC-5.14, MC-6.15: three players — the attacker splits its attacks; each
/// defender guards its own in battle order; the faster Hunters defender may nullify the
/// attack on it in W2 while the other attack resolves normally.
#[test]
fn mc_4_4_three_players_split_attacks() {
    let mut c = config(&["high_speed_hunters", "frehheim", "mana_station"]);
    c.attack_target = fuda_monjan::AttackTarget::PerCard;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .defense(C, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_earth_05"])
        .mana(C, Col::M, &["n_earth_02"])
        .attack(B, Col::M, "n_earth_06")
        .attack(B, Col::R, "n_earth_04")
        .defeated(A, Col::L)
        .force_dice(&[2]);
    let s = sc.build_battle().unwrap();
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![A, B, C]);
    let s = pass_window(s);
    assert_eq!(s.pending(), Pending::Declare { seat: B });
    let s = act(
        &s,
        B,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::M),
            target: C,
        },
    );
    let s = act(
        &s,
        B,
        Choice::DeclareAttack {
            unit: Unit::Slot(Col::R),
            target: A,
        },
    );
    let s = act(&s, B, Choice::EndDeclaration);
    // Defenders in battle order after B: C, then A.
    assert_eq!(s.pending(), Pending::Guard { seat: C });
    let s = guard_first(&s, C, GuardChoice::Defense(Col::M));
    assert_eq!(s.pending(), Pending::Guard { seat: A });
    let s = guard_first(&s, A, GuardChoice::Defense(Col::M));
    // W2 from B: B passes, C passes, A uses One-Night Castle on attack 1 (on A).
    let s = act(&s, B, Choice::Pass);
    let s = act(&s, C, Choice::Pass);
    let s = act(
        &s,
        A,
        Choice::UseBoardSkill {
            side: Side::Left,
            target: Target::Attack(1),
        },
    );
    let s = pass_window(s);
    assert_eq!(life(&s, C, Col::M), 5);
    assert_eq!(life(&s, A, Col::M), 13, "nullified");
}

/// MC-4.6 (2)–(3), MC-8.1 (author's simplification: legality uses the true piles): in a
/// simultaneous edit turn another player's summon, draw and placements change neither
/// B's legal actions nor B's view of A.
#[test]
fn mc_4_6_other_edits_do_not_show_in_legal_actions() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_fire_01", "n_fire_02", "n_fire_03"])
        .mana(B, Col::L, &["n_earth_01", "n_earth_02", "n_earth_03"])
        .hand(A, &["n_fire_04"])
        .hand(B, &["n_earth_04"])
        .defeated(A, Col::R)
        .force_dice(&[1]);
    let s = sc.build_edit().unwrap();
    let before = fuda_monjan::legal_actions_for(&s, B);
    let view_before = fuda_monjan::view(&s, fuda_monjan::Observer::Seat(B));
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: fuda_monjan::Pay::from_col(Col::L, 3),
            face_down: true,
        },
    );
    let s = act(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_04"),
            col: Col::L,
            row: fuda_monjan::Row::Attack,
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
    assert_eq!(fuda_monjan::legal_actions_for(&s, B), before);
    assert_eq!(
        fuda_monjan::view(&s, fuda_monjan::Observer::Seat(B)),
        view_before
    );
}
