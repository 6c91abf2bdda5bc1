//! Battle actions (MS-4.5): attack damage (MS-6.2), special and super special moves with
//! EX counters (MS-5.12, MS-5.13, MS-6.11), dice (MS-6.9), swaps (MS-5.14), effective
//! stats (MS-6.1).

use crate::common::*;
use fuda_mattsan::*;

fn damage_dealt(events: &[Event]) -> Vec<u16> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damaged { amount, .. } => Some(*amount),
            _ => None,
        })
        .collect()
}

fn attack_damage(attacker: &str, defender: &str, setup: impl FnOnce(Scenario) -> Scenario) -> u16 {
    let sc =
        Scenario::new()
            .unit(P0, Loc::Battlefield, attacker)
            .unit(P1, Loc::Battlefield, defender);
    let mut s = setup(sc).build().unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    damage(&s, P1, Loc::Battlefield)
}

/// MS-T18, MS-6.2, MS-5.11, MS-A22: 1 damage when ATK ≤ DEF, 2 when ATK > DEF; no
/// counter-damage.
#[test]
fn ms_t18_attack_damage() {
    assert_eq!(
        attack_damage("blade_rookie", "twin_fang", |s| s),
        1,
        "3 vs 3"
    );
    assert_eq!(attack_damage("fire_drake", "twin_fang", |s| s), 2, "4 vs 3");
    assert_eq!(
        attack_damage("iron_guard", "iron_guard", |s| s),
        1,
        "1 vs 4"
    );
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "fire_drake")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    assert_eq!(damage(&s, P0, Loc::Battlefield), 0, "no counter-damage");
}

/// MS-T34, MS-6.1, MS-3.5: a face-up support unit on the bench raises the battlefield
/// unit's ATK; face-down it does nothing.
#[test]
fn ms_t34_support_effect() {
    let up = attack_damage("blade_rookie", "twin_fang", |s| {
        s.unit(P0, Loc::Bench(0), "war_drummer")
    });
    assert_eq!(up, 2);
    let down = attack_damage("blade_rookie", "twin_fang", |s| {
        s.face_down(P0, 0, "war_drummer")
    });
    assert_eq!(down, 1);
}

/// MS-T19, MS-5.13, MS-A23, MS-6.9, MS-A21, MS-6.10: a super special adds an EX counter
/// at declaration; 【2D】 is the sum of two dice; with EX the super is refused but
/// attacks still work.
#[test]
fn ms_t19_inferno_and_ex() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "fire_drake")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .force_dice(&[3, 4])
        .build()
        .unwrap();
    let mut events = act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert_eq!(s.occupant(P0, Loc::Battlefield).unwrap().ex, 1);
    events.extend(pass_windows(&mut s));
    assert!(events.contains(&Event::DiceRolled { dice: 2, total: 7 }));
    assert_eq!(damage_dealt(&events), vec![7]);
    let s = Scenario::new()
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("fire_drake").ex(1))
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    assert!(!is_legal(&s, P0, Choice::UseSuperSpecial { index: 0 }));
    assert!(is_legal(&s, P0, Choice::Attack));
}

/// MS-T20, MS-5.14, MS-A30, MS-3.6: a swap brings a face-down unit face-up onto the
/// battlefield; counters move with their units.
#[test]
fn ms_t20_swap() {
    let mut s = Scenario::new()
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("fire_drake").damage(2).ex(1),
        )
        .face_down(P0, 0, "dawn_monk")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    act(&mut s, P0, Choice::Swap { bench: 0 });
    pass_windows(&mut s);
    let bf = s.occupant(P0, Loc::Battlefield).unwrap();
    assert_eq!((s.card_name(bf.card), bf.face_up), ("dawn_monk", true));
    let bench = s.occupant(P0, Loc::Bench(0)).unwrap();
    assert_eq!(
        (
            s.card_name(bench.card),
            bench.damage,
            bench.ex,
            bench.face_up
        ),
        ("fire_drake", 2, 1, true)
    );
}

/// MS-T35, MS-6.14, MS-A30: terrains stay at their location; the bonus follows the
/// occupant.
#[test]
fn ms_t35_terrain_bonus_follows_the_location() {
    let mut s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .terrain(P0, Loc::Battlefield, "fortress_hill", false)
        .unit(P0, Loc::Bench(0), "dawn_monk")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    let def = |s: &State, loc: Loc| {
        let k = loc.slot();
        match &view(s, Observer::Spectator).players[0].field[k].occupant {
            Some(CardView::FaceUp { def, .. }) => *def,
            _ => -1,
        }
    };
    assert_eq!(def(&s, Loc::Battlefield), 3);
    act(&mut s, P0, Choice::Swap { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(def(&s, Loc::Battlefield), 3, "dawn_monk 2 + 1");
    assert_eq!(def(&s, Loc::Bench(0)), 2, "blade_rookie back to 2");
}

/// MS-T27, MS-6.9: 【count D】 rolls one die per face-up ally unit (face-down excluded).
#[test]
fn ms_t27_lucky_throw() {
    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .unit(P0, Loc::Battlefield, "dice_gambler")
        .unit(P0, Loc::Bench(0), "iron_guard")
        .unit(P0, Loc::Bench(1), "old_sage")
        .face_down(P0, 2, "twin_fang")
        .unit(P1, Loc::Battlefield, "giant_golem")
        .force_dice(&[1, 2, 3])
        .build()
        .unwrap();
    let mut events = act(&mut s, P0, Choice::UseSpecial { index: 0 });
    events.extend(pass_windows(&mut s));
    assert!(events.contains(&Event::DiceRolled { dice: 3, total: 6 }));
    assert_eq!(damage(&s, P1, Loc::Battlefield), 6);
}

fn deck_a_with_recharge() -> DeckChoice {
    let mut a = CardSet::sample().deck("a").unwrap().to_vec();
    let i = a.iter().position(|c| c == "power_potion").unwrap();
    a[i] = "recharge".into();
    DeckChoice::List(a)
}

/// MS-T41, MS-5.13, MS-A23: `ex_reusable` supers work with EX counters; removing EX
/// counters makes a super usable again.
#[test]
fn ms_t41_ex_exceptions() {
    let mut s = Scenario::with_config(Config::with_decks(DeckChoice::b(), DeckChoice::a()))
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("twin_fang").ex(1))
        .unit(P1, Loc::Battlefield, "giant_golem")
        .hand(P0, &["iron_guard"])
        .build()
        .unwrap();
    act(&mut s, P0, Choice::UseSuperSpecial { index: 0 });
    assert_eq!(s.occupant(P0, Loc::Battlefield).unwrap().ex, 2);
    let g = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::DiscardForCost { card: g });
    pass_windows(&mut s);
    // 1 effect damage, then a standard attack (3 vs 4 → 1).
    assert_eq!(damage(&s, P1, Loc::Battlefield), 2);

    let mut s = Scenario::with_config(Config::with_decks(deck_a_with_recharge(), DeckChoice::b()))
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("fire_drake").ex(1))
        .unit(P1, Loc::Battlefield, "twin_fang")
        .hand(P0, &["recharge"])
        .soul(P0, &[("fireball", false)])
        .build()
        .unwrap();
    assert!(!is_legal(&s, P0, Choice::UseSuperSpecial { index: 0 }));
    let r = in_hand(&s, P0, "recharge");
    act(&mut s, P0, Choice::UseTrump { card: r });
    pass_windows(&mut s);
    act(
        &mut s,
        P0,
        Choice::Target {
            side: P0,
            loc: Loc::Battlefield,
        },
    );
    pass_windows(&mut s);
    assert_eq!(s.occupant(P0, Loc::Battlefield).unwrap().ex, 0);
    assert!(is_legal(&s, P0, Choice::UseSuperSpecial { index: 0 }));
}

/// MS-5.12, MS-6.11: a special's condition is checked at declaration.
#[test]
fn ms_5_12_special_condition() {
    let s = Scenario::new()
        .unit(P0, Loc::Battlefield, "blade_rookie")
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    assert!(
        !is_legal(&s, P0, Choice::UseSpecial { index: 0 }),
        "no damage on it"
    );
    let s = Scenario::new()
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(1),
        )
        .unit(P1, Loc::Battlefield, "twin_fang")
        .build()
        .unwrap();
    assert!(is_legal(&s, P0, Choice::UseSpecial { index: 0 }));
}

/// MS-T49, MS-6.3, MS-A16: HP 0 from a special move is a defeat (撃破): soul draw,
/// refill, and `AllyUnitDefeated` matches.
#[test]
fn ms_t49_special_move_defeat() {
    let mut s = Scenario::new()
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(1),
        )
        .unit(P1, Loc::Battlefield, "old_sage")
        .unit(P1, Loc::Bench(0), "iron_guard")
        .face_down(P1, 1, "last_stand")
        .build()
        .unwrap();
    let deck = s.deck(P1).len();
    act(&mut s, P0, Choice::UseSpecial { index: 0 });
    pass_windows_until(&mut s, WindowKind::UnitDefeated);
    assert_eq!(s.deck(P1).len(), deck - 3, "P2 draws 3");
    assert_eq!(name_at(&s, P1, Loc::Battlefield), "iron_guard");
    assert!(
        is_legal(&s, P1, Choice::ActivateTrap { bench: 1 }),
        "AllyUnitDefeated matches"
    );
}

/// Passes windows until one of `kind` is open (or none is).
fn pass_windows_until(s: &mut State, kind: WindowKind) {
    loop {
        match s.pending() {
            Pending::Respond { window, .. } if window.kind == kind => return,
            Pending::Respond { seat, .. } => {
                act(s, seat, Choice::Pass);
            }
            Pending::Refill { seat } => {
                let c = choices(s, seat)[0].clone();
                act(s, seat, c);
            }
            _ => return,
        }
    }
}

/// MS-T44, MS-6.13, MS-5.16: a trap defeats the attacker in the attack window; the attack
/// then deals no damage and the new battlefield unit does not attack.
#[test]
fn ms_t44_counter_spike() {
    let mut s = Scenario::with_config(deck_a_both())
        .unit_spec(
            P0,
            Loc::Battlefield,
            UnitSpec::new("blade_rookie").damage(3),
        )
        .unit(P0, Loc::Bench(0), "iron_guard")
        .unit(P1, Loc::Battlefield, "iron_guard")
        .face_down(P1, 0, "counter_spike")
        .turn(4)
        .build()
        .unwrap();
    let deck = s.deck(P0).len();
    act(&mut s, P0, Choice::Attack);
    assert!(matches!(s.pending(), Pending::Respond { seat: P1, .. }));
    act(&mut s, P1, Choice::ActivateTrap { bench: 0 });
    assert_eq!(s.deck(P0).len(), deck - 1, "P1 soul-draws");
    act(&mut s, P0, Choice::Refill { bench: 0 });
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 0, "no damage");
    assert_eq!(s.pending(), Pending::EndTurn { seat: P0 });
    let names: Vec<&str> = s.discard(P1).iter().map(|&c| s.card_name(c)).collect();
    assert_eq!(
        names,
        vec!["counter_spike"],
        "the used trap goes to the discard pile (MS-A13)"
    );
}
