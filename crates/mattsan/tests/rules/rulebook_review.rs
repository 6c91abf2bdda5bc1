//! Review of the engine against the Japanese rulebook (seed `000_654de1923bd058a8.txt`)
//! and the spec: interactions the spec's test vectors do not exercise, and the
//! engine's own simplifications.

use crate::common::*;
use fuda_mattsan::*;

fn base() -> Scenario {
    Scenario::new()
        .unit(P0, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Battlefield, "iron_guard")
}

/// MS-4.1, MS-7.2, MS-T25 (「自分のターンが始まったら、まずは山札から1枚カードを引いて」):
/// the draw is the first thing of a turn. A player drawing from an empty deck loses at
/// once, even when the opponent holds face-down bench cards (nobody is asked to respond
/// before the draw).
#[test]
fn ms_4_1_ms_t25_deck_out_before_any_window() {
    let s = base()
        .active(P1)
        .face_down(P0, 0, "guard_wall")
        .exact_deck(P1)
        .at_turn_start()
        .build()
        .unwrap();
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P0))));
    assert_eq!(s.loss_flags(P1), (false, true, false));
}

/// MS-4.1, MS-4.2, MS-T8, MS-T10: ending the turn gives the next player their draw and
/// their refresh before anyone is asked anything; the first decision of the turn is the
/// soul-charge choice, even when the opponent holds face-down bench cards.
#[test]
fn ms_4_1_ms_4_2_draw_and_refresh_come_first() {
    let mut s = base()
        .face_down(P0, 0, "guard_wall")
        .face_down(P1, 0, "last_stand")
        .soul(P1, &[("quick_draw", true)])
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    let (hand, deck) = (s.hand(P1).len(), s.deck(P1).len());
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(s.active(), P1);
    assert_eq!((s.hand(P1).len(), s.deck(P1).len()), (hand + 1, deck - 1));
    assert!(s.soul(P1).iter().all(|c| !c.tapped), "refreshed");
    assert_eq!(s.pending(), Pending::SoulCharge { seat: P1 });
}

/// MS-4.3, MS-5.16: the `TurnStarted` window opens with the start of step 3 (the
/// rulebook's 「自分のターン開始時」 timing), the non-active player first, and the
/// start-of-turn effects follow it.
#[test]
fn ms_4_3_turn_started_window_at_step_three() {
    let mut s = Scenario::new()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("dawn_monk").damage(1))
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 0, "spell_jammer")
        .at_turn_start()
        .build()
        .unwrap();
    assert_eq!(s.pending(), Pending::SoulCharge { seat: P0 });
    act(&mut s, P0, Choice::SkipSoulCharge);
    match s.pending() {
        Pending::Respond { seat, window } => {
            assert_eq!(seat, P1);
            assert_eq!(window.kind, WindowKind::TurnStarted);
        }
        other => panic!("expected the TurnStarted window, got {other:?}"),
    }
    act(&mut s, P1, Choice::Pass);
    assert_eq!(s.pending(), Pending::StartEffects { seat: P0 });
}

/// MS-A39, MS-4.1: the first player skips only the draw of their first turn; they may
/// still attack.
#[test]
fn ms_a39_first_player_attacks_on_turn_one() {
    let mut s = base()
        .hand(P0, &["blade_rookie"])
        .turn(1)
        .at_turn_start()
        .build()
        .unwrap();
    pass_windows(&mut s);
    assert_eq!(s.hand(P0).len(), 1, "no draw in the first player's turn 1");
    act(&mut s, P0, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    assert!(is_legal(&s, P0, Choice::Attack));
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 1);
}

/// A custom card set with a trump whose only part needs a chosen enemy bench card.
fn spyglass_config() -> Config {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    file["cards"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "card_type": "trump", "id": "spyglass", "name_en": "Spyglass",
            "effect": [{"peek": {"sel": "choose_enemy_bench_card"}}]
        }));
    let set: CardSet = serde_json::from_value(file).unwrap();
    let mut a = set.deck("a").unwrap().to_vec();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "spyglass".into();
    let mut config = Config::with_decks(DeckChoice::List(a), DeckChoice::b());
    config.card_set = CardSetChoice::Custom(set);
    config
}

/// MS-5.7 (「The card's cost can be paid, and the required targets exist」), MS-A34: a
/// trump whose required target does not exist cannot be declared, so no soul-charge
/// card is spent on nothing; once a target exists it can.
#[test]
fn ms_5_7_trump_needs_its_required_targets() {
    let mut s = Scenario::with_config(spyglass_config())
        .unit(P0, Loc::Battlefield, "iron_guard")
        .hand(P0, &["spyglass"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    let spy = in_hand(&s, P0, "spyglass");
    assert!(
        !is_legal(&s, P0, Choice::UseTrump { card: spy }),
        "no enemy bench card to look at"
    );
    let err = try_act(&mut s, P0, Choice::UseTrump { card: spy }).unwrap_err();
    assert!(matches!(err, Error::CannotUse { .. }), "{err}");
    assert!(s.soul(P0).iter().all(|c| !c.tapped));

    let mut s = Scenario::with_config(spyglass_config())
        .unit(P0, Loc::Battlefield, "iron_guard")
        .hand(P0, &["spyglass"])
        .soul(P0, &[("fireball", false)])
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 1, "last_stand")
        .build()
        .unwrap();
    let spy = in_hand(&s, P0, "spyglass");
    act(&mut s, P0, Choice::UseTrump { card: spy });
    assert!(matches!(
        s.pending(),
        Pending::ChooseTarget { seat: P0, .. }
    ));
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(1),
        },
    );
    pass_windows(&mut s);
    let v = view(&s, Observer::Seat(P0));
    assert!(matches!(
        v.players[1].field[2].occupant,
        Some(CardView::FaceDown { card: Some(_) })
    ));
}

/// MS-A17, MS-6.4, MS-6.7 (「フィールド上のユニットの『HP』が【0】になると『撃破』」): a
/// bench unit brought to 0 HP is defeated with its soul draw; the battlefield is not
/// touched and no refill is asked.
#[test]
fn ms_a17_bench_unit_defeat_draws_soul_without_refill() {
    let mut s = base()
        .hand(P0, &["fireball", "blade_rookie"])
        .soul(P0, &[("power_potion", false)])
        .unit(P1, Loc::Bench(0), "old_sage")
        .force_dice(&[2])
        .build()
        .unwrap();
    let deck = s.deck(P1).len();
    let f = in_hand(&s, P0, "fireball");
    act(&mut s, P0, Choice::UseTrump { card: f });
    let r = in_hand(&s, P0, "blade_rookie");
    act(&mut s, P0, Choice::DiscardForCost { card: r });
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(0),
        },
    );
    pass_windows(&mut s);
    assert!(s.occupant(P1, Loc::Bench(0)).is_none());
    assert_eq!(s.deck(P1).len(), deck - 3, "old_sage's soul is 3");
    assert_eq!(name_at(&s, P1, Loc::Battlefield), "iron_guard");
    assert_eq!(s.pending(), Pending::Main { seat: P0 });
}

/// MS-T40, MS-5.18, MS-5.17: forced_retreat — the enemy chooses the unit that swaps in;
/// a face-down one turns face-up and its OnFaceUp is the enemy's to resolve.
#[test]
fn ms_t40_forced_retreat_on_face_up_belongs_to_the_enemy() {
    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .unit(P0, Loc::Battlefield, "iron_guard")
        .hand(P0, &["forced_retreat"])
        .soul(P0, &[("fireball", false)])
        .unit_spec(
            P1,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(2),
        )
        .unit_spec(P1, Loc::Bench(0), UnitSpec::new("field_medic").face_down())
        .unit(P1, Loc::Bench(1), "iron_guard")
        .build()
        .unwrap();
    let f = in_hand(&s, P0, "forced_retreat");
    act(&mut s, P0, Choice::UseTrump { card: f });
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::ForceSwap { seat: P1, side: P1 });
    assert_eq!(
        choices(&s, P1),
        vec![
            Choice::Target {
                side: P1,
                loc: Loc::Bench(0)
            },
            Choice::Target {
                side: P1,
                loc: Loc::Bench(1)
            }
        ]
    );
    act(
        &mut s,
        P1,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(0),
        },
    );
    assert!(matches!(
        s.pending(),
        Pending::ChooseTarget { seat: P1, .. }
    ));
    act(
        &mut s,
        P1,
        Choice::Target {
            side: P1,
            loc: Loc::Bench(0),
        },
    );
    pass_windows(&mut s);
    assert_eq!(name_at(&s, P1, Loc::Battlefield), "field_medic");
    assert_eq!(name_at(&s, P1, Loc::Bench(0)), "blade_rookie");
    assert_eq!(damage(&s, P1, Loc::Bench(0)), 0, "healed by 2");
}

/// MS-5.14, MS-5.18: swapping in a face-down field_medic offers its heal, and the unit
/// that went to the bench (keeping its damage) is one of the options.
#[test]
fn ms_5_14_swap_in_face_down_unit_triggers_on_face_up() {
    let mut s = Scenario::new()
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(3),
        )
        .unit_spec(P0, Loc::Bench(2), UnitSpec::new("field_medic").face_down())
        .unit(P1, Loc::Battlefield, "iron_guard")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Swap { bench: 2 });
    assert!(matches!(
        s.pending(),
        Pending::ChooseTarget { seat: P0, .. }
    ));
    let opts = choices(&s, P0);
    assert!(opts.contains(&Choice::Target {
        side: P0,
        loc: Loc::Bench(2)
    }));
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P0,
            loc: Loc::Bench(2),
        },
    );
    pass_windows(&mut s);
    assert_eq!(damage(&s, P0, Loc::Bench(2)), 1);
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
}

/// MS-6.13, MS-A12, MS-5.16: the active player's own trap answers the defeat of their
/// attacker by the defender's counter_spike, after the refill.
#[test]
fn ms_6_13_active_players_trap_answers_their_own_defeat() {
    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(3),
        )
        .unit(P0, Loc::Bench(0), "iron_guard")
        .face_down(P0, 1, "last_stand")
        .unit(P1, Loc::Battlefield, "fire_drake")
        .face_down(P1, 0, "counter_spike")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    assert_eq!(
        s.pending(),
        Pending::Respond {
            seat: P1,
            window: WindowEvent {
                kind: WindowKind::AttackDeclared,
                seat: P0
            }
        }
    );
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    assert_eq!(s.pending(), Pending::Refill { seat: P0 });
    act(&mut s, P0, Choice::Refill { bench: 0 });
    // Windows of the trap's events: damage, then the defeat of P0's unit.
    loop {
        match s.pending() {
            Pending::Respond { seat, window } if window.kind == WindowKind::UnitDefeated => {
                if seat == P1 {
                    act(&mut s, P1, Choice::Pass);
                    continue;
                }
                assert!(is_legal(&s, P0, Choice::ActivateTrap { bench: 1 }));
                act(&mut s, P0, Choice::ActivateTrap { bench: 1 });
                break;
            }
            Pending::Respond { seat, .. } => {
                act(&mut s, seat, Choice::Pass);
            }
            other => panic!("no UnitDefeated window: {other:?}"),
        }
    }
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 1, "last_stand hit");
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
    assert_eq!(
        name_at(&s, P0, Loc::Battlefield),
        "iron_guard",
        "the new unit does not attack"
    );
}

/// MS-7.6, MS-6.8, MS-A19: one player decking out during a soul draw and the other
/// having no bench unit at the same checkpoint is a both-lose; the smaller discard pile
/// wins.
#[test]
fn ms_7_6_deck_out_and_no_unit_at_one_checkpoint() {
    let mut s = Scenario::new()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("giant_golem").damage(5))
        .unit(P0, Loc::Bench(0), "iron_guard")
        .deck_top(P0, &["fireball", "fireball"])
        .exact_deck(P0)
        .discard(P0, &["fire_drake"])
        .unit(P1, Loc::Battlefield, "old_sage")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert!(s.loss_flags(P0).1, "P0 decked out in the soul draw");
    assert!(s.loss_flags(P1).0, "P1 has no unit");
    assert!(s.discard(P0).len() > s.discard(P1).len());
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P1))));
}

/// MS-5.9, MS-A27: mist_marsh answers only enemy attacks, not its owner's own attack.
#[test]
fn ms_5_9_mist_marsh_not_against_own_attack() {
    let mut s = Scenario::new()
        .active(P1)
        .unit(P0, Loc::Battlefield, "iron_guard")
        .face_down(P0, 0, "guard_wall")
        .unit(P1, Loc::Battlefield, "blade_rookie")
        .terrain(P1, Loc::Battlefield, "mist_marsh", false)
        .build()
        .unwrap();
    act(&mut s, P1, Choice::Attack);
    while let Pending::Respond { seat, .. } = s.pending() {
        assert!(
            !choices(&s, seat)
                .iter()
                .any(|c| matches!(c, Choice::UseTerrain { .. })),
            "{seat} may not use mist_marsh here"
        );
        act(&mut s, seat, Choice::Pass);
    }
    assert_eq!(damage(&s, P0, Loc::Battlefield), 1);
}
