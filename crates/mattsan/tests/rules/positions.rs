//! Positions as data (issue 9): every start point is built from a JSON position file in
//! `tests/positions/` and played on; forced shuffles, the forced mulligan reshuffle, forced
//! dice and a forced random pick fix the random results; the names of a position give the
//! card ids back.

use crate::common::*;
use fuda_core::Positions;
use fuda_mattsan::*;
use std::path::Path;

fn load(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    // Positions round-trip through JSON.
    let back = Scenario::from_json(&scenario.to_json()).unwrap();
    assert_eq!(back, scenario, "{name} round-trips");
    scenario
}

fn build(name: &str) -> State {
    let scenario = load(name);
    let s = Mattsan::from_scenario(&scenario).unwrap_or_else(|e| panic!("{name}: {e}"));
    // A built state is a state like any other: it round-trips too.
    let back: State = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
    s
}

fn names(s: &State, cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|&c| s.card_name(c).to_string()).collect()
}

/// MS-4.2 (step 2(b) after the draw), MS-5.2: the position starts at the soul-charge
/// choice of P1's turn 4; charging opens the turn-start window, then the main step.
#[test]
fn ms_4_2_soul_charge_position() {
    let mut s = build("soul_charge.json");
    assert_eq!(s.pending(), Pending::SoulCharge { seat: P1 });
    assert_eq!((s.turn(), s.first_player()), (4, Some(P0)));
    assert!(is_legal(&s, P1, Choice::ReturnSoul));
    let q = s.card_id(P1, "quick_draw").unwrap();
    act(&mut s, P1, Choice::SoulCharge { card: q });
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::Main { seat: P1 });
    assert_eq!(s.soul(P1).len(), 3);
}

/// MS-3.11, MS-3.12, MS-9 R2/R3: the mulligan check with given opening hands. P0's hand
/// holds no unit: it is revealed, returned and reshuffled — the forced reshuffle puts six
/// named cards on top — and redrawn; the forced dice make P1 the first player.
#[test]
fn ms_3_11_mulligan_position_with_forced_reshuffle() {
    let s = build("mulligan.json");
    assert_eq!(s.mulligan_reveal(P0).len(), 6);
    let mut hand = names(&s, s.hand(P0));
    hand.sort();
    assert_eq!(
        hand,
        vec![
            "banish_order",
            "fire_drake",
            "fortress_hill",
            "guard_wall",
            "iron_guard",
            "pickpocket"
        ]
    );
    assert!(s.mulligan_reveal(P1).is_empty(), "P1 holds units");
    assert_eq!(s.first_rolls(), &[[2, 5]]);
    assert_eq!(s.first_player(), Some(P1));
    assert_eq!(
        s.pending(),
        Pending::Placement {
            waiting: SeatSet::all(2)
        }
    );
    let v = view(&s, Observer::Seat(P1));
    assert!(v.players[0]
        .mulligan_reveal
        .contains(&"catapult_tower".to_string()));
}

/// MS-3.9, MS-3.10, MS-9 R1: a position before the shuffles: forced shuffles fix both
/// opening hands (the first listed card on top), tied first-player dice reroll.
#[test]
fn ms_3_9_new_game_position_with_forced_shuffles() {
    let s = build("new_game.json");
    let mut p0 = names(&s, s.hand(P0));
    p0.sort();
    assert_eq!(
        p0,
        vec![
            "fire_drake",
            "fireball",
            "first_aid",
            "fortress_hill",
            "giant_golem",
            "guard_wall"
        ]
    );
    assert!(s.hand(P1).contains(&s.card_id(P1, "twin_fang#1").unwrap()));
    assert_eq!(s.first_rolls(), &[[6, 6], [1, 3]]);
    assert_eq!(s.first_player(), Some(P1));
    assert_eq!(s.deck(P0).len(), 24);
}

/// MS-5.16, MS-6.13 (inside a response window): the position starts in the window of
/// P0's attack; guard_wall answers it, and the attack deals 1 − 1 = 0.
#[test]
fn ms_5_16_attack_window_position() {
    let mut s = build("attack_window.json");
    let window = WindowEvent {
        kind: WindowKind::AttackDeclared,
        seat: P0,
    };
    assert_eq!(s.pending(), Pending::Respond { seat: P1, window });
    let mut countered = s.clone();
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 4, "no damage");
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
    // The other trap instead: counter_spike hits the attacker, the attack still lands.
    act(&mut countered, P1, Choice::ActivateTrap { bench: 1 });
    pass_windows(&mut countered);
    assert_eq!(damage(&countered, P0, Loc::Battlefield), 1);
    assert_eq!(damage(&countered, P1, Loc::Battlefield), 5);
}

/// MS-6.12, MS-T39 (inside a trump's window): fireball, paid for, targets old_sage; P1
/// negates it with spell_jammer, or passes and the forced die (6) defeats old_sage.
#[test]
fn ms_6_12_trump_window_position_with_forced_die() {
    let mut s = build("trump_window.json");
    assert!(matches!(
        s.pending(),
        Pending::Respond { seat: P1, window } if window.kind == WindowKind::TrumpDeclared
    ));
    let mut passed = s.clone();
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0, "negated");
    assert_eq!(names(&s, s.discard(P0)), vec!["iron_guard", "fireball"]);
    act(&mut passed, P1, Choice::Pass);
    assert_eq!(
        passed.outcome(),
        Some(&Outcome::Winners(SeatSet::only(P0))),
        "6 damage, no bench unit"
    );
}

/// MS-9 R5, MS-6.15 (a forced random pick): pickpocket's random discard takes the hand card
/// at the forced index, in card-id order (the order P1's view lists its hand).
#[test]
fn ms_9_forced_random_pick() {
    let mut s = build("pickpocket_pick.json");
    let hand = s.hand(P1).to_vec();
    let expected = hand[2];
    let p = s.card_id(P0, "pickpocket").unwrap();
    act(&mut s, P0, Choice::UseTrump { card: p });
    pass_windows(&mut s);
    assert_eq!(s.discard(P1), &[expected]);
    assert_eq!(
        view(&s, Observer::Seat(P1)).hand.unwrap(),
        hand[..2].to_vec()
    );
}

/// MS-4.8, MS-6.7, MS-D1 (inside the resolution loop): iron_guard at 0 HP is defeated, P1
/// soul-draws the deck's top two cards and refills with old_sage, whose discard and draw
/// come before the queued windows; then last_stand answers the defeat.
#[test]
fn ms_4_8_position_inside_the_resolution_loop() {
    let mut s = build("refill_in_loop.json");
    assert_eq!(s.pending(), Pending::Refill { seat: P1 });
    let mut hand = names(&s, s.hand(P1));
    hand.sort();
    assert_eq!(hand, vec!["dice_gambler", "quick_draw", "twin_fang"]);
    act(&mut s, P1, Choice::Refill { bench: 0 });
    act(&mut s, P1, Choice::Accept);
    let q = s.card_id(P1, "quick_draw").unwrap();
    act(&mut s, P1, Choice::DiscardFromHand { card: q });
    assert_eq!(s.deck(P1).len(), 1, "mist_marsh is left");
    while let Pending::Respond { seat, window } = s.pending() {
        if window.kind == WindowKind::UnitDefeated && seat == P1 {
            break;
        }
        act(&mut s, seat, Choice::Pass);
    }
    act(&mut s, P1, Choice::ActivateTrap { bench: 1 });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P0, Loc::Battlefield), 1);
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
}

/// MS-4.1, MS-4.3, MS-T11 (step 1): the draw comes first (the named deck top), then the
/// refresh, the soul-charge choice, and the start-of-turn effects in P0's order.
#[test]
fn ms_4_1_turn_start_position() {
    let mut s = build("turn_start.json");
    assert_eq!(s.turn(), 7);
    let drawn = s.card_id(P0, "twin_fang").unwrap();
    assert!(s.hand(P0).contains(&drawn), "the named top card was drawn");
    assert!(!s.soul(P0)[0].tapped, "refreshed");
    act(&mut s, P0, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::StartEffects { seat: P0 });
    assert_eq!(choices(&s, P0).len(), 2, "dawn_monk and healing_spring");
    while matches!(s.pending(), Pending::StartEffects { .. }) {
        let c = choices(&s, P0)[0].clone();
        act(&mut s, P0, c);
        pass_windows(&mut s);
    }
    assert_eq!(damage(&s, P0, Loc::Battlefield), 1);
    assert_eq!(damage(&s, P0, Loc::Bench(1)), 0);
}

/// MS-D7, MS-3.13: the remaining start points build and ask the decision they name: the
/// placement, the start-of-turn effects, the end step; `card_label` names cards back.
#[test]
fn ms_d7_every_start_point_asks_its_decision() {
    let s = Scenario::new()
        .at_setup()
        .hand(P0, &["iron_guard", "guard_wall"])
        .hand(P1, &["dice_gambler"])
        .first_rolls(&[[3, 3], [5, 2]])
        .build()
        .unwrap();
    assert!(matches!(s.pending(), Pending::Placement { .. }));
    assert_eq!(s.first_player(), Some(P0));
    let s = Scenario::new()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("dawn_monk").damage(1))
        .unit(P1, Loc::Battlefield, "iron_guard")
        .at_start_effects()
        .build()
        .unwrap();
    assert_eq!(s.pending(), Pending::StartEffects { seat: P0 });
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .hand(P0, &["iron_guard", "iron_guard"])
        .at_end_step()
        .build()
        .unwrap();
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
    let second = s.card_id(P0, "iron_guard#2").unwrap();
    assert_eq!(s.card_label(second), "P0:iron_guard#2");
    assert_eq!(s.card_id(P0, "iron_guard#4"), None);
}

/// The example position of `docs/positions/mattsan.md` (MS-D7): P0 wins this turn by
/// destroying iron_guard with banish_order, paying with fireball and power_potion (keeping
/// catapult_tower), tapping catapult_tower under war_drummer against the refilled
/// dawn_monk, then attacking through mist_marsh; spending catapult_tower on the cost
/// leaves dawn_monk alive.
#[test]
fn ms_d7_docs_puzzle_is_won_by_its_line() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/positions/mattsan.json"),
    )
    .unwrap();
    let start = Mattsan::from_scenario(&Scenario::from_json(&text).unwrap()).unwrap();
    let v = view(&start, Observer::Seat(P0));
    assert!(
        matches!(
            v.players[1].field[2].occupant,
            Some(CardView::FaceDown { card: Some(_) })
        ),
        "P0 peeked at P1's face-down card"
    );
    let line = |keep_catapult: bool| {
        let mut s = start.clone();
        let banish = s.card_id(P0, "banish_order").unwrap();
        act(&mut s, P0, Choice::UseTrump { card: banish });
        let pay: &[&str] = if keep_catapult {
            &["fireball", "power_potion"]
        } else {
            &["catapult_tower", "power_potion"]
        };
        for name in pay {
            let c = s.card_id(P0, name).unwrap();
            act(&mut s, P0, Choice::DiscardForCost { card: c });
        }
        pass_windows(&mut s);
        act(&mut s, P1, Choice::Refill { bench: 0 });
        pass_windows(&mut s);
        if let Some(tower) = s
            .card_id(P0, "catapult_tower")
            .filter(|c| s.hand(P0).contains(c))
        {
            act(
                &mut s,
                P0,
                Choice::PlaceTerrain {
                    card: tower,
                    loc: Loc::Bench(0),
                },
            );
            act(&mut s, P0, Choice::UseTerrain { loc: Loc::Bench(0) });
            pass_windows(&mut s);
        }
        act(&mut s, P0, Choice::Attack);
        if matches!(s.pending(), Pending::Respond { seat: P1, .. }) {
            act(
                &mut s,
                P1,
                Choice::UseTerrain {
                    loc: Loc::Battlefield,
                },
            );
        }
        pass_windows(&mut s);
        s
    };
    assert_eq!(
        line(true).outcome(),
        Some(&Outcome::Winners(SeatSet::only(P0)))
    );
    assert_eq!(line(false).outcome(), None, "dawn_monk survives with 1 HP");
}
