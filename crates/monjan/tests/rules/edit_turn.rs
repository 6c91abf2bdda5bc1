//! The edit turn: placements and summons (MC-5.3–5.11), limits, mana for number cards
//! (MC-6.1), simultaneous and sequential modes (MC-4.2, MC-4.3, MC-4.6).

use crate::common::*;
use fuda_monjan::{
    new_game, view, Choice, Col, Config, DefCard, Defense, EditTurnMode, MatchFormat, Observer,
    Pay, Pending, Row, Seat, SlotKind,
};

fn place(card: fuda_monjan::CardId, col: Col, row: Row) -> Choice {
    Choice::PlaceNumber { card, col, row }
}

/// MC-T2, MC-3.3: an attack card's value is its number; a defense's life is its number.
#[test]
fn t2_number_card_values() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_01"])
        .mana(A, Col::L, &["n_water_01"])
        .hand(A, &["n_fire_05", "n_water_12"]);
    let s = sc.build_edit().unwrap();
    let s2 = act(&s, A, place(id(&s, "n_fire_05"), Col::M, Row::Attack));
    let slot = s2.player(A).unwrap().col(Col::M).attack.unwrap();
    assert_eq!(s2.cards().info(slot.card).unwrap().value, 5);
    let s3 = act(&s, A, place(id(&s, "n_water_12"), Col::L, Row::Defense));
    assert_eq!(life(&s3, A, Col::L), 12);
}

/// MC-E7, MC-6.1, MC-A8: one mana per slot card, matched by attribute.
#[test]
fn e7_mana_matching_per_column() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::L, &["n_water_03"])
        .hand(A, &["n_fire_04", "n_water_10"]);
    let s = sc.build_edit().unwrap();
    assert!(!legal(
        &s,
        A,
        place(id(&s, "n_fire_04"), Col::L, Row::Attack)
    ));
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::L, &["n_water_03"])
        .attack(A, Col::L, "n_water_04")
        .hand(A, &["n_water_10", "n_fire_10"]);
    let s = sc.build_edit().unwrap();
    assert!(!legal(
        &s,
        A,
        place(id(&s, "n_water_10"), Col::L, Row::Defense)
    ));
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::L, &["n_water_03", "n_fire_01"])
        .attack(A, Col::L, "n_water_04")
        .hand(A, &["n_fire_10"]);
    let s = sc.build_edit().unwrap();
    assert!(legal(
        &s,
        A,
        place(id(&s, "n_fire_10"), Col::L, Row::Defense)
    ));
}

/// MC-E8, MC-A5: the initial middle defense needs no mana and is not counted by MC-6.1.
#[test]
fn e8_initial_defense_is_excluded_from_mana_matching() {
    let mut sc = scenario(&["frehheim", "mana_station"]);
    sc.hand(A, &["n_earth_10", "n_fire_09", "n_fire_06"])
        .hand(B, &["n_water_11"]);
    let s = sc.build_round_one().unwrap();
    // MC-5.3: the middle defense first.
    assert!(!legal(&s, A, Choice::DeclareEnd));
    let s = act(
        &s,
        A,
        Choice::PlaceInitialDefense {
            card: id(&s, "n_earth_10"),
        },
    );
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_fire_09"),
            col: Col::M,
            face_down: false,
        },
    );
    assert!(legal(
        &s,
        A,
        place(id(&s, "n_fire_06"), Col::M, Row::Attack)
    ));
}

/// MC-T24, MC-6.6: after a defeat, mana onto the column and an attack via an Element are
/// legal; a new defense card is not.
#[test]
fn t24_defeated_column_takes_mana_and_attack_not_defense() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .elements(A, Col::L, &["n_water_10", "n_water_03", "n_fire_09"])
        .defeated(A, Col::L)
        .hand(A, &["n_earth_03", "n_earth_11"]);
    let s = sc.build_edit().unwrap();
    assert!(legal(
        &s,
        A,
        place(id(&s, "n_earth_03"), Col::L, Row::Attack)
    ));
    assert!(!legal(
        &s,
        A,
        place(id(&s, "n_earth_11"), Col::L, Row::Defense)
    ));
    assert!(legal(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_earth_11"),
            col: Col::L,
            face_down: true
        }
    ));
}

/// MC-T4, MC-T38, MC-5.8, MC-5.9, MC-3.5: one-turn and permanent Boss-Assassins.
#[test]
fn t4_t38_boss_assassin_summons() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
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
        )
        .boss_top(&["ba_assassin_09"]);
    let s = sc.build_edit().unwrap();
    let s2 = act(&s, A, Choice::SummonBossPermanent { col: Col::R });
    let c = s2.player(A).unwrap().col(Col::R);
    assert_eq!(c.attack.map(|a| a.kind), Some(SlotKind::Boss));
    assert_eq!(
        c.defense,
        Defense::Live {
            card: DefCard::Boss,
            printed: 9,
            life: 9
        }
    );
    // Only one Boss-Assassin summon per turn (MC-T37).
    assert!(!legal(
        &s2,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false
        }
    ));
    // MC-D8: the bottom card stays (default); MC-T38's empty stack is the kept value
    // `bossassa_keeps_last_mana = false` (rulebook_words.rs).
    let s3 = finish_round(s2);
    let left: Vec<_> = s3
        .player(A)
        .unwrap()
        .col(Col::R)
        .mana
        .iter()
        .map(|m| m.card)
        .collect();
    assert_eq!(left, vec![id(&s3, "n_fire_01")]);
    // R attack occupied or only 4 mana → illegal.
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(
            A,
            Col::R,
            &["n_fire_01", "n_water_02", "n_earth_03", "n_wind_04"],
        );
    let s = sc.build_edit().unwrap();
    assert!(!legal(&s, A, Choice::SummonBossPermanent { col: Col::R }));
    // MC-T4: a one-turn ba_boss_22 attacks for 22, cannot guard, leaves at cleanup;
    // permanent in R: attack 22, life 16.
    let mut sc = scenario(&["mana_station", "frehheim"]);
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
        )
        .boss_top(&["ba_boss_22"]);
    let s = sc.build_edit().unwrap();
    let p = act(&s, A, Choice::SummonBossPermanent { col: Col::R });
    assert_eq!(
        p.player(A).unwrap().col(Col::R).defense,
        Defense::Live {
            card: DefCard::Boss,
            printed: 16,
            life: 16
        }
    );
    let o = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: true,
        },
    );
    assert_eq!(o.player(A).unwrap().one_turn.len(), 1);
    let o = finish_round(o);
    assert!(
        o.player(A).unwrap().one_turn.is_empty(),
        "leaves at cleanup"
    );
}

/// MC-T37, MC-5.4–5.10: one of each per edit turn; all categories in one turn is legal.
#[test]
fn t37_per_turn_limits() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::L, &["n_water_01", "n_water_02", "n_water_03"])
        .mana(A, Col::R, &["n_fire_01", "n_fire_02", "n_fire_03"])
        .hand(
            A,
            &[
                "n_fire_04",
                "n_water_04",
                "n_neutral_01",
                "n_neutral_02",
                "de_et_courier",
                "it_brawler",
            ],
        );
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_neutral_01"),
            col: Col::M,
            face_down: false,
        },
    );
    assert!(!legal(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_neutral_02"),
            col: Col::M,
            face_down: false
        }
    ));
    let s = act(&s, A, place(id(&s, "n_water_04"), Col::L, Row::Attack));
    assert!(!legal(
        &s,
        A,
        place(id(&s, "n_fire_04"), Col::R, Row::Attack)
    ));
    let s = act(
        &s,
        A,
        Choice::SummonBossOneTurn {
            pay: Pay::from_col(Col::R, 3),
            face_down: false,
        },
    );
    let s = act(
        &s,
        A,
        Choice::SummonToughness {
            card: id(&s, "it_brawler"),
            col: Col::M,
            pay: Pay::from_col(Col::L, 2),
            face_down: false,
        },
    );
    // The one-turn summon's mana is spent, but a Toughness could still not be summoned twice.
    assert!(s.player(A).unwrap().uses.toughness);
    assert!(s.player(A).unwrap().uses.boss);
}

/// MC-T39, MC-5.6: an Extra already on the field blocks another.
#[test]
fn t39_one_extra_on_field() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::L, &["n_neutral_04"])
        .extra(A, "ie_yoom_scout")
        .mana(A, Col::M, &["n_fire_02"])
        .hand(A, &["de_et_courier"]);
    let s = sc.build_edit().unwrap();
    let card = s
        .player(A)
        .unwrap()
        .hand
        .iter()
        .copied()
        .find(|c| s.cards().id_of(*c) == "de_et_courier")
        .unwrap();
    assert!(!fuda_monjan::legal_actions_for(&s, A)
        .iter()
        .any(|a| matches!(a.choice, Choice::SummonExtra { card: c, .. } if c == card)));
}

/// MC-T40, MC-5.7, MC-6.13: a Toughness paid from R goes into L attack, never a defense.
#[test]
fn t40_toughness_into_any_empty_attack_slot() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::R, &["n_fire_01", "n_fire_02"])
        .hand(A, &["it_brawler"]);
    let s = sc.build_edit().unwrap();
    let card = id(&s, "it_brawler");
    assert!(legal(
        &s,
        A,
        Choice::SummonToughness {
            card,
            col: Col::L,
            pay: Pay::from_col(Col::R, 2),
            face_down: true
        }
    ));
    // No action places a Toughness into a defense slot: Row exists only for number cards.
    assert!(!legal(
        &s,
        A,
        Choice::PlaceNumber {
            card,
            col: Col::L,
            row: Row::Defense
        }
    ));
}

/// MC-4.2, MC-4.6, MC-E9, MC-E18: simultaneous edit turn — several seats act, others'
/// changes stay hidden until the edit set is empty; End is public.
#[test]
fn e9_e18_simultaneous_edit_views_are_frozen() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_01"])
        .defeated(A, Col::R)
        .hand(A, &["n_fire_04", "n_water_02"])
        .force_dice(&[2]);
    let s = sc.build_edit().unwrap();
    assert_eq!(s.to_act().len(), 2, "both edit at once");
    let before = view(&s, Observer::Seat(B));
    let s = act(
        &s,
        A,
        Choice::PlaceNumber {
            card: id(&s, "n_fire_04"),
            col: Col::M,
            row: Row::Attack,
        },
    );
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_water_02"),
            col: Col::L,
            face_down: true,
        },
    );
    let s = act(
        &s,
        A,
        Choice::UseBoardSkill {
            side: fuda_monjan::Side::Right,
            target: fuda_monjan::Target::None,
        },
    );
    let during = view(&s, Observer::Seat(B));
    assert_eq!(
        during.players, before.players,
        "B still sees A as at the start"
    );
    assert_eq!(during.piles, before.piles);
    let s = act(&s, A, Choice::DeclareEnd);
    let ended = view(&s, Observer::Seat(B));
    assert!(!ended.to_act.contains(A), "エンド is public");
    let s = act(&s, B, Choice::DeclareEnd);
    let battle = view(&s, Observer::Seat(B));
    let a = battle.player(A).unwrap();
    assert!(a.cols[1].attack.is_some(), "revealed at the battle turn");
    assert!(
        matches!(a.cols[0].mana[0].card, fuda_monjan::Shown::Card(_)),
        "face-down mana revealed"
    );
}

/// MC-4.3, MC-T34, MC-10.3: sequential edit turns follow the previous battle order.
#[test]
fn t34_sequential_edit_order() {
    let mut c = config(&["frehheim", "high_speed_hunters"]);
    c.edit_turn_mode = EditTurnMode::Sequential;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_09"])
        .mana(B, Col::M, &["n_fire_05"])
        .last_order(&[A, B]);
    let s = sc.build_edit().unwrap();
    assert_eq!(
        s.to_act().iter().collect::<Vec<_>>(),
        vec![A],
        "A edits first"
    );
    let s = act(&s, A, Choice::DeclareEnd);
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![B]);
    let s = act(&s, B, Choice::DeclareEnd);
    assert_eq!(s.battle().unwrap().order.to_vec(), vec![A, B]);
    // Round 1 of a sequential game is simultaneous (MC-4.3).
    let mut c = Config::for_players(2);
    c.edit_turn_mode = EditTurnMode::Sequential;
    c.match_format = MatchFormat::Basic;
    let g = new_game(&c, 3).unwrap();
    assert_eq!(g.to_act().len(), 2);
    assert_eq!(g.pending(), Pending::Edit);
}

/// MC-4.1, MC-5.11: End removes the player from the edit set; the battle turn follows.
#[test]
fn end_declaration_leaves_the_edit_set() {
    let mut sc = scenario(&["mana_station", "frehheim"]);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11");
    let s = sc.build_edit().unwrap();
    let s = act(&s, A, Choice::DeclareEnd);
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![B]);
    assert!(try_act(&s, A, Choice::DeclareEnd).is_err());
    let s = act(&s, B, Choice::DeclareEnd);
    assert!(matches!(
        s.pending(),
        Pending::Window { .. } | Pending::Declare { .. }
    ));
    let _ = Seat(0);
}
