//! The turn (MS-4): draw, refresh and soul charge, start-of-turn effects, main step,
//! battle action and the end of the turn.

use crate::common::*;
use fuda_mattsan::*;

fn base() -> Scenario {
    Scenario::new()
        .unit(P0, Loc::Battlefield, "iron_guard")
        .unit(P1, Loc::Battlefield, "iron_guard")
}

/// MS-T9, MS-4.2: refresh turns the active player's sideways soul cards and terrains
/// upright; the other player's sideways terrain stays sideways.
#[test]
fn ms_t9_refresh() {
    let s = base()
        .soul(P0, &[("power_potion", true), ("fireball", true)])
        .terrain(P0, Loc::Bench(0), "catapult_tower", true)
        .terrain(P1, Loc::Battlefield, "mist_marsh", true)
        .at_turn_start()
        .build()
        .unwrap();
    assert_eq!(s.pending(), Pending::SoulCharge { seat: P0 });
    assert!(s.soul(P0).iter().all(|c| !c.tapped));
    assert!(!s.slot(P0, Loc::Bench(0)).unwrap().terrain.unwrap().tapped);
    assert!(
        s.slot(P1, Loc::Battlefield)
            .unwrap()
            .terrain
            .unwrap()
            .tapped
    );
}

/// MS-T10, MS-5.2, MS-A8: one charge a turn; `ReturnAll` excludes charging.
#[test]
fn ms_t10_soul_charge() {
    let mut s = base()
        .hand(P0, &["fireball", "fireball", "first_aid", "blade_rookie"])
        .at_turn_start()
        .build()
        .unwrap();
    assert_eq!(s.hand(P0).len(), 5, "4 + the turn draw");
    let c = in_hand(&s, P0, "first_aid");
    act(&mut s, P0, Choice::SoulCharge { card: c });
    assert_eq!((s.hand(P0).len(), s.soul(P0).len()), (4, 1));
    let again = s.hand(P0)[0];
    let err = try_act(&mut s, P0, Choice::SoulCharge { card: again }).unwrap_err();
    assert!(matches!(err, Error::WrongDecision { .. }), "{err}");

    let mut s = base()
        .soul(
            P0,
            &[
                ("fireball", false),
                ("first_aid", true),
                ("pickpocket", false),
            ],
        )
        .at_turn_start()
        .build()
        .unwrap();
    let hand = s.hand(P0).len();
    assert!(is_legal(&s, P0, Choice::ReturnSoul));
    act(&mut s, P0, Choice::ReturnSoul);
    assert_eq!((s.hand(P0).len(), s.soul(P0).len()), (hand + 3, 0));
    assert_eq!(
        s.pending(),
        Pending::Main { seat: P0 },
        "no charge after ReturnAll"
    );
}

/// MS-A9, MS-8: the owner sees their soul-charge cards; the opponent only counts.
#[test]
fn ms_a9_soul_cards_hidden_from_opponent() {
    let s = base()
        .soul(P0, &[("fireball", false), ("first_aid", true)])
        .build()
        .unwrap();
    let mine = view(&s, Observer::Seat(P0));
    assert_eq!(mine.players[0].soul.as_ref().map(Vec::len), Some(2));
    let theirs = view(&s, Observer::Seat(P1));
    assert_eq!(theirs.players[0].soul, None);
    assert_eq!(
        (
            theirs.players[0].soul_upright,
            theirs.players[0].soul_sideways
        ),
        (1, 1)
    );
}

/// MS-T11, MS-4.3, MS-5.3, MS-5.20, MS-A10, MS-6.14: start-of-turn effects of face-up units and
/// occupied terrains, in the order the active player chooses; mandatory ones cannot be
/// declined; a face-down unit does not turn a terrain on; the opponent's are not used.
#[test]
fn ms_t11_start_of_turn_effects() {
    let mut s = Scenario::new()
        .active(P1)
        .unit_spec(P1, Loc::Battlefield, UnitSpec::new("dawn_monk").damage(2))
        .unit_spec(P1, Loc::Bench(0), UnitSpec::new("iron_guard").damage(1))
        .terrain(P1, Loc::Bench(0), "healing_spring", false)
        .unit_spec(P1, Loc::Bench(1), UnitSpec::new("blade_rookie").face_down())
        .terrain(P1, Loc::Bench(1), "healing_spring", false)
        .unit_spec(P0, Loc::Battlefield, UnitSpec::new("dawn_monk").damage(1))
        .at_turn_start()
        .build()
        .unwrap();
    act(&mut s, P1, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    assert_eq!(s.pending(), Pending::StartEffects { seat: P1 });
    let opts = choices(&s, P1);
    assert_eq!(opts.len(), 2, "dawn_monk and one healing_spring: {opts:?}");
    assert!(
        opts.iter()
            .all(|c| matches!(c, Choice::ResolveStart { .. })),
        "mandatory"
    );
    // Resolve the terrain first: the order is the player's choice.
    let spring = opts
        .iter()
        .find(|c| matches!(c, Choice::ResolveStart { source, .. } if s.card_name(*source) == "healing_spring"))
        .unwrap()
        .clone();
    act(&mut s, P1, spring);
    pass_windows(&mut s);
    let monk = choices(&s, P1)[0].clone();
    act(&mut s, P1, monk);
    pass_windows(&mut s);
    assert_eq!(damage(&s, P1, Loc::Battlefield), 1);
    assert_eq!(damage(&s, P1, Loc::Bench(0)), 0);
    assert_eq!(
        damage(&s, P0, Loc::Battlefield),
        1,
        "not the opponent's dawn_monk"
    );
    assert_eq!(s.pending(), Pending::Main { seat: P1 });
}

/// MS-T21, MS-4.5, MS-4.6, MS-5.15, MS-A7: exactly one battle action closes the main
/// step; `EndTurn` passes the turn; `EndTurn` before a battle action is refused.
#[test]
fn ms_t21_battle_action_closes_main() {
    let mut s = base().hand(P0, &["blade_rookie"]).build().unwrap();
    let err = try_act(&mut s, P0, Choice::EndTurn).unwrap_err();
    assert!(matches!(err, Error::CannotEndTurn { .. }), "{err}");
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    let r = in_hand(&s, P0, "blade_rookie");
    assert!(!is_legal(
        &s,
        P0,
        Choice::PlaceUnit {
            card: r,
            bench: 0,
            face_up: false
        }
    ));
    assert!(!is_legal(&s, P0, Choice::Attack), "only one battle action");
    assert_eq!(choices(&s, P0), vec![Choice::EndTurn]);
    act(&mut s, P0, Choice::EndTurn);
    pass_windows(&mut s);
    assert_eq!(s.active(), P1);
    assert_eq!(s.turn(), 4);
}

/// MS-A7 option: with `battle_action_required = false` the turn may end without one.
#[test]
fn ms_a7_battle_action_optional_variant() {
    let mut s = base()
        .configure(|c| c.battle_action_required = false)
        .build()
        .unwrap();
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(s.active(), P1);
}

/// MS-T25, MS-4.1, MS-7.2: a turn draw from an empty deck loses.
#[test]
fn ms_t25_turn_draw_deck_out() {
    let s = base().exact_deck(P0).at_turn_start().build().unwrap();
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P1))));
    assert_eq!(s.loss_flags(P0), (false, true, false));
}

/// MS-T28, MS-6.15: a hand discard cannot touch soul-charge cards; `ReturnAll` brings
/// them back later.
#[test]
fn ms_t28_hand_discard_spares_soul_cards() {
    let mut s = base()
        .hand(P0, &["pickpocket"])
        .soul(P0, &[("fireball", false)])
        .soul(
            P1,
            &[
                ("quick_draw", false),
                ("recharge", false),
                ("first_aid", false),
            ],
        )
        .build()
        .unwrap();
    let p = in_hand(&s, P0, "pickpocket");
    act(&mut s, P0, Choice::UseTrump { card: p });
    pass_windows(&mut s);
    assert_eq!(s.hand(P1).len(), 0);
    assert_eq!(s.soul(P1).len(), 3);
    assert_eq!(s.discard(P1).len(), 0, "nothing discarded");
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    pass_windows(&mut s);
    assert_eq!(s.hand(P1).len(), 1);
    act(&mut s, P1, Choice::ReturnSoul);
    assert_eq!((s.hand(P1).len(), s.soul(P1).len()), (4, 0));
}

/// MS-4.6, MS-4.7: "until end of turn" effects expire when the turn ends.
#[test]
fn ms_4_6_until_end_of_turn_expires() {
    let mut s = base()
        .hand(P0, &["power_potion"])
        .soul(P0, &[("fireball", false)])
        .build()
        .unwrap();
    let p = in_hand(&s, P0, "power_potion");
    act(&mut s, P0, Choice::UseTrump { card: p });
    pass_windows(&mut s);
    let atk = |s: &State| match &view(s, Observer::Spectator).players[0].field[0].occupant {
        Some(CardView::FaceUp { atk, .. }) => *atk,
        _ => -1,
    };
    assert_eq!(atk(&s), 3);
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(atk(&s), 1);
}

/// MS-4.8, MS-7.7: the turn cap ends the game in a draw when that turn would begin.
#[test]
fn ms_7_7_turn_cap_is_a_draw() {
    let mut s = base().configure(|c| c.max_turns = Some(4)).build().unwrap();
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    assert_eq!(s.outcome(), Some(&Outcome::Draw));
}
