//! The defaults that follow the rulebook's own words (issue 15, items 1–8; decisions
//! MC-D2–MC-D9 of docs/rules/monjan.md): each test shows the new default and the kept
//! alternative value.

use crate::common::*;
use fuda_monjan::{
    AnyManaPayment, AttackTarget, BasicDefeatDraw, Choice, Col, Config, ExtraConditionTracking,
    GuardChoice, ManaPos, MatchFormat, NumberCardsPerTurn, Pay, Pending, Row, Scenario, SkillFrom,
    SpeedSource, State, SummonBy, Supply, SupplyTiming, Target, Unit,
};

/// A (Frehheim, speed 9) attacks B's `col` with its M attack card (value 5); runs on to the
/// end of A's step.
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
    let mut s = s;
    while let Pending::Window { seat } = s.pending() {
        if s.battle().is_none_or(|b| b.step > 0) {
            break;
        }
        s = act(&s, seat, Choice::Pass);
    }
    s
}

/// The Escort's alternative summon (discard any 1 mana) with Jabberwock on the field; the
/// Jabberwock's number 7 is the top of M, a Fire 2 beneath it.
fn escort_position(payment: AnyManaPayment) -> State {
    let mut c = config(&["mana_station", "frehheim"]);
    c.any_mana_payment = payment;
    c.extra_condition_tracking = ExtraConditionTracking::Continuous;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .extra(A, "de_jabberwock")
        .mana(A, Col::M, &["n_fire_02", "n_water_07"])
        .hand(A, &["dt_jabberwock_escort"]);
    sc.build_edit().unwrap()
}

fn escort(s: &State, pay: Pay, discard: Vec<ManaPos>) -> Choice {
    Choice::UseSkill {
        from: SkillFrom::Hand(id(s, "dt_jabberwock_escort")),
        skill: 0,
        target: Target::Col(Col::L),
        pay,
        discard: discard.into(),
    }
}

/// MC-D2, MC-6.2 (7), L432–434 「好きなマナ一枚捨てて」: the payer names the card of an "any
/// mana" cost by its stack position, so a buried card can go and the top that keeps the
/// Extra alive stays; with `any_mana_payment = top_of_column` only a count per column is
/// named and the top card goes.
#[test]
fn mc_d2_any_mana_names_the_card() {
    let s = escort_position(AnyManaPayment::ChosenCards);
    let buried = ManaPos {
        col: Col::M,
        index: 0,
    };
    let top = ManaPos {
        col: Col::M,
        index: 1,
    };
    assert!(legal(&s, A, escort(&s, Pay::default(), vec![top])));
    assert!(!legal(&s, A, escort(&s, Pay::from_col(Col::M, 1), vec![])));
    let s = act(&s, A, escort(&s, Pay::default(), vec![buried]));
    let m = &s.player(A).unwrap().col(Col::M).mana;
    assert!(m[0].spent && !m[1].spent);
    let s = finish_round(s);
    assert!(
        s.player(A).unwrap().extra.is_some(),
        "Water 7 is still the top"
    );

    let s = escort_position(AnyManaPayment::TopOfColumn);
    assert!(!legal(&s, A, escort(&s, Pay::default(), vec![buried])));
    let s = act(&s, A, escort(&s, Pay::from_col(Col::M, 1), vec![]));
    let s = finish_round(s);
    assert!(s.player(A).unwrap().extra.is_none(), "the top 7 was spent");
}

/// MC-D2: a named discard is accepted exactly when the legal list holds it: one card, in
/// range, discardable. Checking it does not list every choice, so this compares the check
/// with the list for every discard of up to two positions. A cost of two cards, which
/// made every pair of mana cards an action, is refused by the card-set loader.
#[test]
fn mc_d2_a_named_discard_is_accepted_exactly_when_listed() {
    let s = escort_position(AnyManaPayment::ChosenCards);
    let mut positions = Vec::new();
    for col in [Col::L, Col::M, Col::R] {
        for index in [0, 1, 2, u8::MAX] {
            positions.push(ManaPos { col, index });
        }
    }
    let mut discards = vec![vec![]];
    for &a in &positions {
        discards.push(vec![a]);
        for &b in &positions {
            discards.push(vec![a, b]);
        }
    }
    let mut accepted = 0;
    for discard in discards {
        let choice = escort(&s, Pay::default(), discard.clone());
        let listed = legal(&s, A, choice.clone());
        assert_eq!(try_act(&s, A, choice).is_ok(), listed, "{discard:?}");
        accepted += usize::from(listed);
    }
    assert_eq!(accepted, 2, "the Fire 2 and the Water 7 of M");

    let mut set: serde_json::Value =
        serde_json::from_str(include_str!("../../src/data/sample.json")).unwrap();
    let cards = set["cards"].as_array_mut().unwrap();
    let card = cards
        .iter_mut()
        .find(|c| c["id"] == "dt_jabberwock_escort")
        .unwrap();
    card["skills"][0]["cost"] = serde_json::json!({ "discard_any_mana": 2 });
    let refused = fuda_monjan::CardSet::from_json(&set.to_string())
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("dt_jabberwock_escort") && refused.contains("discard_any_mana"),
        "{refused}"
    );
}

/// MC-D3, MC-6.14 (4), L46 「防御が一列倒された時にドローする」, L558: in the ET formats ④–⑥
/// the supply is drawn when the defense falls; in Basic and ①–③ it stays the next
/// opening draw (L313 「編集ターン初めのドローを三枚」). `supply_timing` keeps both other
/// values (MC-T35: next opening draw everywhere; MC-A19: immediate everywhere).
#[test]
fn mc_d3_supply_timing_by_format() {
    let mut c = config(&["frehheim", "mana_station"]);
    c.match_format = MatchFormat::ReverseInitialEquipment;
    assert_eq!(c.supply_timing, SupplyTiming::ByFormat);
    let mut sc = scenario_with(&c);
    sc.defense(B, Col::M, "n_water_12")
        .defense_life(B, Col::L, "n_water_10", 2);
    let before = 0; // B holds no card in the built position
    let s = hit(&mut sc, Col::L);
    assert_eq!(s.player(B).unwrap().supply[0], Supply::Granted);
    assert_eq!(
        s.player(B).unwrap().hand.len(),
        before + 3,
        "2 ET + 1 main now"
    );
    let s = finish_round(s);
    assert_eq!(
        s.player(B).unwrap().hand.len(),
        before + 4,
        "opening draw 1"
    );

    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(B, Col::M, "n_water_12")
        .defense_life(B, Col::L, "n_water_10", 2);
    let before = 0; // B holds no card in the built position
    let s = hit(&mut sc, Col::L);
    assert_eq!(s.player(B).unwrap().supply[0], Supply::Pending, "Basic");
    assert_eq!(s.player(B).unwrap().hand.len(), before);
    let s = finish_round(s);
    assert_eq!(s.player(B).unwrap().hand.len(), before + 3);
}

/// MC-D4, MC-6.14 (2), MC-A18, L313 「…三枚出来ます最初だけ」: in the non-ET formats only a
/// player's first defeated side column grants the 3 cards; `basic_defeat_draw =
/// per_column` grants them for each.
#[test]
fn mc_d4_basic_supply_first_defeat_only() {
    for (rule, supply, drawn) in [
        (BasicDefeatDraw::FirstDefeatOnly, Supply::Granted, 1),
        (BasicDefeatDraw::PerColumn, Supply::Pending, 3),
    ] {
        let mut c = config(&["frehheim", "mana_station"]);
        c.basic_defeat_draw = rule;
        let mut sc = scenario_with(&c);
        sc.defense(B, Col::M, "n_water_12")
            .defeated(B, Col::L)
            .defense_life(B, Col::R, "n_water_10", 2);
        let s = hit(&mut sc, Col::R);
        assert_eq!(s.player(B).unwrap().supply[1], supply, "{rule:?}");
        let before = s.player(B).unwrap().hand.len();
        let s = finish_round(s);
        assert_eq!(s.player(B).unwrap().hand.len(), before + drawn, "{rule:?}");
    }
}

/// The Jabberwock (pair Neutral–Water, numbers 6/7/8) in hand; L top Neutral 1, M top
/// Water 7, R top Earth 6.
fn jabberwock_position(tracking: ExtraConditionTracking) -> State {
    let mut c = config(&["mana_station", "frehheim"]);
    c.extra_condition_tracking = tracking;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_12")
        .mana(A, Col::L, &["n_neutral_01"])
        .mana(A, Col::M, &["n_water_07"])
        .mana(A, Col::R, &["n_earth_06"])
        .hand(A, &["de_jabberwock", "n_fire_08", "n_fire_10"]);
    sc.build_edit().unwrap()
}

fn summon(s: &State, by: Option<SummonBy>) -> State {
    act(
        s,
        A,
        Choice::SummonExtra {
            card: id(s, "de_jabberwock"),
            face_down: false,
            by,
        },
    )
}

fn mana_on(s: &State, card: &str, col: Col) -> State {
    act(
        s,
        A,
        Choice::PlaceMana {
            card: id(s, card),
            col,
            face_down: false,
        },
    )
}

/// MC-D5, MC-6.12 (3), MC-A11, L367 and L372–373: an Extra lives by the condition that
/// summoned it. Summoned by a number, it dies once that card is covered, even by another
/// matching number; summoned by its pair, it lives while any condition of the card holds.
/// `continuous` (kept) keeps either alive while any condition holds.
#[test]
fn mc_d5_extra_survival_by_summoning_condition() {
    let s = jabberwock_position(ExtraConditionTracking::BySummon);
    let ways: Vec<Option<SummonBy>> = fuda_monjan::legal_actions_for(&s, A)
        .into_iter()
        .filter_map(|a| match a.choice {
            Choice::SummonExtra {
                by,
                face_down: false,
                ..
            } => Some(by),
            _ => None,
        })
        .collect();
    assert_eq!(
        ways,
        vec![
            Some(SummonBy::Pair),
            Some(SummonBy::Number(Col::M)),
            Some(SummonBy::Number(Col::R))
        ]
    );
    // By the number of M: an 8 on M covers the 7 → dies, though 8 and R's 6 match.
    let s2 = mana_on(
        &summon(&s, Some(SummonBy::Number(Col::M))),
        "n_fire_08",
        Col::M,
    );
    assert!(s2.player(A).unwrap().extra.is_none());
    // By the pair: a 10 on M breaks the pair, but R's 6 still matches → lives.
    let s3 = mana_on(&summon(&s, Some(SummonBy::Pair)), "n_fire_10", Col::M);
    assert!(s3.player(A).unwrap().extra.is_some());
    // Kept value: continuous tracking lets the 8 keep it alive.
    let s = jabberwock_position(ExtraConditionTracking::Continuous);
    let s4 = mana_on(&summon(&s, None), "n_fire_08", Col::M);
    assert!(s4.player(A).unwrap().extra.is_some());
}

/// MC-D6, MC-6.3, MC-A9, L189–190 「マナに置かれた数字の数の多さで」: speed counts every
/// number placed as mana, covered ones too; `speed_source = top_cards` counts tops only.
#[test]
fn mc_d6_speed_counts_all_mana() {
    let order = |src: Option<SpeedSource>| {
        let mut c = config(&["mana_station", "frehheim"]);
        if let Some(src) = src {
            c.speed_source = src;
        }
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::M, &["n_fire_15", "n_fire_01"])
            .mana(B, Col::M, &["n_earth_05"]);
        sc.build_battle().unwrap().battle().unwrap().order.to_vec()
    };
    assert_eq!(order(None), vec![A, B]);
    assert_eq!(order(Some(SpeedSource::TopCards)), vec![B, A]);
}

/// MC-D7, MC-5.13, MC-A22, L278 「ターゲットを決めて一斉に攻撃する」, L289: with 3–4 players
/// the attacker picks one opponent per attack step and every attack of the step goes to
/// it; `attack_target = per_card` lets each card pick (MC-A22's old reading).
#[test]
fn mc_d7_one_target_per_attack_step() {
    for (rule, split) in [
        (AttackTarget::OnePerStep, false),
        (AttackTarget::PerCard, true),
    ] {
        let mut c = config(&["frehheim", "mana_station", "high_speed_hunters"]);
        c.attack_target = rule;
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .defense(C, Col::M, "n_water_11")
            .mana(A, Col::M, &["n_fire_09"])
            .attack(A, Col::M, "n_fire_05")
            .mana(A, Col::L, &["n_fire_01"])
            .attack(A, Col::L, "n_fire_03");
        let s = pass_window(sc.build_battle().unwrap());
        assert!(legal(
            &s,
            A,
            Choice::DeclareAttack {
                unit: Unit::Slot(Col::L),
                target: C
            }
        ));
        let s = act(
            &s,
            A,
            Choice::DeclareAttack {
                unit: Unit::Slot(Col::M),
                target: B,
            },
        );
        let to_c = Choice::DeclareAttack {
            unit: Unit::Slot(Col::L),
            target: C,
        };
        assert_eq!(legal(&s, A, to_c), split, "{rule:?}");
        assert!(legal(
            &s,
            A,
            Choice::DeclareAttack {
                unit: Unit::Slot(Col::L),
                target: B
            }
        ));
    }
}

/// MC-D8, MC-6.2 (6), MC-A13, L408 「※ボスアサカードの場合マナの最後の一枚は残す事になってる」:
/// a Boss-Assassin summon leaves the bottom mana card; `bossassa_keeps_last_mana = false`
/// keeps only a bottom Element (MC-T38: the five cards all go).
#[test]
fn mc_d8_boss_assassin_keeps_the_last_mana() {
    for (keeps, left) in [(true, 1), (false, 0)] {
        let mut c = config(&["mana_station", "frehheim"]);
        c.bossassa_keeps_last_mana = keeps;
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_11")
            .mana(
                A,
                Col::R,
                &[
                    "n_fire_01",
                    "n_water_02",
                    "n_earth_03",
                    "n_wind_04",
                    "n_neutral_05",
                ],
            );
        let s = sc.build_edit().unwrap();
        let s = finish_round(act(&s, A, Choice::SummonBossPermanent { col: Col::R }));
        assert_eq!(s.player(A).unwrap().col(Col::R).mana.len(), left, "{keeps}");
    }
    // The default keeps it.
    assert!(Config::default().bossassa_keeps_last_mana);
}

/// MC-D9, MC-5.5, MC-A6, L268–271 「攻撃か防御の欄にカードを各一枚置ける…合計3枚」 with L220
/// (the Boss-Assassin waits off the board) against L79: one number card into an attack
/// slot and one into a defense slot per edit turn; `number_cards_per_edit_turn = one` keeps
/// the old reading of one in either.
#[test]
fn mc_d9_one_number_card_per_row() {
    for (rule, second) in [
        (None, true),
        (Some(NumberCardsPerTurn::OnePerRow), true),
        (Some(NumberCardsPerTurn::One), false),
    ] {
        let mut c = config(&["mana_station", "frehheim"]);
        if let Some(rule) = rule {
            c.number_cards_per_edit_turn = rule;
        }
        let mut sc = scenario_with(&c);
        sc.defense(A, Col::M, "n_water_13")
            .defense(B, Col::M, "n_water_12")
            .mana(A, Col::L, &["n_fire_01", "n_fire_02"])
            .hand(A, &["n_fire_04", "n_fire_10", "n_fire_03"]);
        let s = sc.build_edit().unwrap();
        let place = |s: &State, card: &str, col: Col, row: Row| Choice::PlaceNumber {
            card: id(s, card),
            col,
            row,
        };
        let s = act(&s, A, place(&s, "n_fire_04", Col::L, Row::Attack));
        assert_eq!(
            legal(&s, A, place(&s, "n_fire_10", Col::L, Row::Defense)),
            second,
            "{rule:?}"
        );
        // Never a second card in the same row.
        let s = if second {
            act(&s, A, place(&s, "n_fire_10", Col::L, Row::Defense))
        } else {
            s
        };
        assert!(!fuda_monjan::legal_actions_for(&s, A)
            .iter()
            .any(|a| matches!(a.choice, Choice::PlaceNumber { .. })));
    }
}
