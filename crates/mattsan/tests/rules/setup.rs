//! Setup: decks (MS-3.1, MS-3.2), shuffle and opening hands (MS-3.9, MS-3.10), the
//! mulligan (MS-3.11, MS-7.3), the first-player dice (MS-3.12) and the secret placement
//! (MS-3.13, MS-3.14, MS-5.1).

use crate::common::*;
use fuda_mattsan::*;

fn list(parts: &[(&str, usize)]) -> Vec<String> {
    parts
        .iter()
        .flat_map(|(n, k)| std::iter::repeat_n(n.to_string(), *k))
        .collect()
}

/// 29 non-units and one unit (for mulligan tests).
fn almost_no_units(unit: Option<&str>) -> Vec<String> {
    let mut v = list(&[
        ("power_potion", 2),
        ("fireball", 3),
        ("banish_order", 1),
        ("pickpocket", 1),
        ("first_aid", 2),
        ("guard_wall", 2),
        ("counter_spike", 1),
        ("fortress_hill", 2),
        ("catapult_tower", 2),
        ("forced_retreat", 2),
        ("quick_draw", 2),
        ("recharge", 1),
        ("last_stand", 2),
        ("spell_jammer", 2),
        ("healing_spring", 2),
        ("mist_marsh", 2),
    ]);
    match unit {
        Some(u) => v.push(u.into()),
        None => v.push("banish_order".into()),
    }
    v
}

/// MS-T1, MS-3.2, MS-A5, MS-A25: deck validation (copies, size, `deck_limit`).
#[test]
fn ms_t1_deck_validation() {
    let a = CardSet::sample().deck("a").unwrap().to_vec();
    assert!(new_game(&Config::default(), 1).is_ok(), "deck A is valid");
    let mut four = a.clone();
    let i = four.iter().position(|c| c == "iron_guard").unwrap();
    four[i] = "blade_rookie".into();
    let err = new_game(
        &Config::with_decks(DeckChoice::List(four), DeckChoice::b()),
        1,
    )
    .unwrap_err();
    assert!(
        matches!(&err, Error::Deck { seat: Seat(0), message } if message.contains("blade_rookie")),
        "{err}"
    );
    let short = a[..29].to_vec();
    let err = new_game(
        &Config::with_decks(DeckChoice::List(short), DeckChoice::b()),
        1,
    )
    .unwrap_err();
    assert!(err.to_string().contains("exactly 30"), "{err}");
    let mut golems = a.clone();
    let i = golems.iter().position(|c| c == "iron_guard").unwrap();
    golems[i] = "giant_golem".into();
    let err = new_game(
        &Config::with_decks(DeckChoice::List(golems), DeckChoice::b()),
        1,
    )
    .unwrap_err();
    assert!(err.to_string().contains("giant_golem"), "{err}");
    let mut long = a;
    long.push("iron_guard".into());
    assert!(new_game(
        &Config::with_decks(DeckChoice::b(), DeckChoice::List(long)),
        1
    )
    .is_err());
}

/// MS-T53, MS-A25: a card whose own text allows 5 copies; 31 cards are refused.
#[test]
fn ms_t53_deck_limit_above_three() {
    let mut file: serde_json::Value = serde_json::to_value(CardSet::sample()).unwrap();
    file["cards"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({
            "card_type": "unit", "id": "swarm_rat", "name_en": "Swarm Rat",
            "deck_limit": 5, "max_hp": 1, "atk": 1, "def": 0, "soul": 0
        }));
    let set: CardSet = serde_json::from_value(file).unwrap();
    let a = set.deck("a").unwrap().to_vec();
    let with = |n: usize| {
        let mut d: Vec<String> = a[n..].to_vec();
        d.extend(std::iter::repeat_n("swarm_rat".to_string(), n));
        let mut c = Config::with_decks(DeckChoice::List(d), DeckChoice::b());
        c.card_set = CardSetChoice::Custom(set.clone());
        new_game(&c, 3)
    };
    assert!(with(5).is_ok());
    let err = with(6).unwrap_err();
    assert!(err.to_string().contains("swarm_rat"), "{err}");
}

/// MS-T2, MS-3.9, MS-3.10, MS-9: both decks are shuffled from the seed, each player
/// draws 6; hands 6 and decks 24. Same seed, same game.
#[test]
fn ms_t2_opening_hands() {
    let s = new_game(&Config::default(), 11).unwrap();
    for seat in [P0, P1] {
        assert_eq!(s.hand(seat).len(), 6);
        assert_eq!(s.deck(seat).len(), 24);
    }
    assert_eq!(new_game(&Config::default(), 11).unwrap(), s);
    let other = new_game(&Config::default(), 12).unwrap();
    assert_ne!(
        other.deck(P0),
        s.deck(P0),
        "the shuffle depends on the seed"
    );
}

/// MS-T3, MS-3.11: a unitless hand is revealed, returned, reshuffled and redrawn; the
/// opponent sees the revealed cards (by name) but never the new hand. The position starts
/// at the mulligan check; the forced reshuffle brings the deck's one unit into the new
/// hand.
#[test]
fn ms_t3_mulligan_reveals_then_redraws() {
    let config = Config::with_decks(
        DeckChoice::List(almost_no_units(Some("iron_guard"))),
        DeckChoice::b(),
    );
    let s = Scenario::with_config(config)
        .at_mulligan()
        .hand(
            P0,
            &[
                "power_potion",
                "fireball",
                "banish_order",
                "pickpocket",
                "first_aid",
                "guard_wall",
            ],
        )
        .hand(
            P1,
            &[
                "dice_gambler",
                "quick_draw",
                "old_sage",
                "iron_guard",
                "last_stand",
                "mist_marsh",
            ],
        )
        .force_shuffle(P0, &["recharge", "iron_guard"])
        .build()
        .unwrap();
    assert_eq!(s.outcome(), None);
    assert_eq!(s.mulligan_reveal(P0).len(), 6);
    assert_eq!(s.hand(P0).len(), 6);
    assert_eq!(s.deck(P0).len(), 24);
    assert!(s.hand(P0).contains(&s.card_id(P0, "iron_guard").unwrap()));
    let y = view(&s, Observer::Seat(P1));
    assert_eq!(
        y.players[0].mulligan_reveal.len(),
        6,
        "Y sees X's revealed hand"
    );
    assert!(y.players[0]
        .mulligan_reveal
        .iter()
        .all(|n| n != "iron_guard"));
    assert_eq!(y.players[0].hand_count, 6);
    let json = serde_json::to_string(&y).unwrap();
    for c in s.hand(P0) {
        assert!(!json.contains(&format!("\"card\":{}", c.0)) || s.hand(P1).contains(c));
    }
    assert!(s.mulligan_reveal(P1).is_empty(), "Y does not mulligan");
}

/// MS-T4, MS-7.3, MS-3.11: a redrawn hand without a unit loses before the dice; both
/// failing with empty discard piles is a draw.
#[test]
fn ms_t4_mulligan_loss_and_both_fail() {
    let none = || DeckChoice::List(almost_no_units(None));
    let s = new_game(&Config::with_decks(none(), DeckChoice::b()), 5).unwrap();
    assert_eq!(s.outcome(), Some(&Outcome::Winners(SeatSet::only(P1))));
    assert!(s.first_rolls().is_empty(), "decided before the dice");
    assert_eq!(s.loss_flags(P0), (false, false, true));
    let s = new_game(&Config::with_decks(none(), none()), 5).unwrap();
    assert_eq!(s.outcome(), Some(&Outcome::Draw));
}

/// MS-T5, MS-3.12, MS-A20: the higher roll goes first; ties reroll.
#[test]
fn ms_t5_first_player_dice() {
    let s = new_game_with_dice(&Config::default(), 1, &[5, 3]).unwrap();
    assert_eq!(s.first_player(), Some(P0));
    assert_eq!(s.first_rolls(), &[[5, 3]]);
    let s = new_game_with_dice(&Config::default(), 1, &[4, 4, 2, 6]).unwrap();
    assert_eq!(s.first_rolls(), &[[4, 4], [2, 6]]);
    assert_eq!(s.first_player(), Some(P1));
}

fn setup_scenario() -> State {
    Scenario::new()
        .at_setup()
        .hand(
            P0,
            &[
                "iron_guard",
                "guard_wall",
                "counter_spike",
                "guard_wall",
                "fortress_hill",
                "blade_rookie",
            ],
        )
        .hand(
            P1,
            &[
                "dice_gambler",
                "twin_fang",
                "last_stand",
                "quick_draw",
                "iron_guard",
                "mist_marsh",
            ],
        )
        .build()
        .unwrap()
}

/// MS-T6, MS-5.1, MS-3.13: setup placement legality; several seats act at once.
#[test]
fn ms_t6_setup_placement_rules() {
    let mut s = setup_scenario();
    assert_eq!(
        <Mattsan as Game>::to_act(&s),
        SeatSet::all(2),
        "both place at once"
    );
    let trap = in_hand(&s, P0, "guard_wall");
    assert!(
        !is_legal(&s, P0, Choice::SetupBattlefield { card: trap }),
        "a trap on the battlefield"
    );
    let terrain = in_hand(&s, P0, "fortress_hill");
    assert!(
        choices(&s, P0).iter().all(|c| !matches!(c,
        Choice::SetupBattlefield { card } | Choice::SetupBench { card, .. } if *card == terrain)),
        "no terrain at setup"
    );
    let unit = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::SetupBattlefield { card: unit });
    let traps: Vec<CardId> = s
        .hand(P0)
        .iter()
        .copied()
        .filter(|&c| matches!(s.card_name(c), "guard_wall" | "counter_spike"))
        .collect();
    for (b, &t) in traps.iter().enumerate() {
        act(
            &mut s,
            P0,
            Choice::SetupBench {
                card: t,
                bench: b as u8,
            },
        );
    }
    let rookie = in_hand(&s, P0, "blade_rookie");
    assert!(
        choices(&s, P0)
            .iter()
            .all(|c| !matches!(c, Choice::SetupBench { card, .. } if *card == rookie)),
        "a 4th bench card"
    );
    act(&mut s, P0, Choice::SetupCommit);
    assert_eq!(<Mattsan as Game>::to_act(&s), SeatSet::only(P1));
}

/// MS-3.13, MS-A38, MS-8: the other seat sees nothing of a placement until both commit, not even
/// the number of cards placed; MS-3.14: the battlefields turn face-up together.
#[test]
fn ms_3_13_placement_is_secret_until_both_commit() {
    let mut s = setup_scenario();
    let before = view(&s, Observer::Seat(P1));
    let unit = in_hand(&s, P0, "iron_guard");
    let events = act(&mut s, P0, Choice::SetupBattlefield { card: unit });
    assert!(events
        .iter()
        .all(|e| redact(e, Observer::Seat(P1)).is_none()));
    let wall = in_hand(&s, P0, "guard_wall");
    act(
        &mut s,
        P0,
        Choice::SetupBench {
            card: wall,
            bench: 1,
        },
    );
    let after = view(&s, Observer::Seat(P1));
    assert_eq!(
        before.players, after.players,
        "P1 sees nothing of P0's placement"
    );
    act(&mut s, P0, Choice::SetupCommit);
    let gambler = in_hand(&s, P1, "dice_gambler");
    act(&mut s, P1, Choice::SetupBattlefield { card: gambler });
    act(&mut s, P1, Choice::SetupCommit);
    let v = view(&s, Observer::Seat(P1));
    assert!(
        matches!(v.players[0].field[0].occupant, Some(CardView::FaceUp { card, .. }) if card == unit)
    );
    assert!(matches!(
        v.players[0].field[2].occupant,
        Some(CardView::FaceDown { card: None })
    ));
    assert_eq!(s.turn(), 1);
}

/// MS-T7, MS-3.14: a unit revealed at setup does not trigger OnFaceUp.
#[test]
fn ms_t7_setup_reveal_does_not_trigger() {
    let mut s = Scenario::new()
        .at_setup()
        .hand(P0, &["field_medic", "iron_guard"])
        .hand(P1, &["iron_guard"])
        .build()
        .unwrap();
    let medic = in_hand(&s, P0, "field_medic");
    act(&mut s, P0, Choice::SetupBattlefield { card: medic });
    act(&mut s, P0, Choice::SetupCommit);
    let guard = in_hand(&s, P1, "iron_guard");
    act(&mut s, P1, Choice::SetupBattlefield { card: guard });
    act(&mut s, P1, Choice::SetupCommit);
    assert!(s.occupant(P0, Loc::Battlefield).unwrap().face_up);
    assert_eq!(
        s.pending(),
        Pending::SoulCharge { seat: P0 },
        "no heal is offered"
    );
}

/// MS-T8, MS-4.1, MS-A39: the first player skips only the first draw; the second player
/// draws in their turn 1.
#[test]
fn ms_t8_first_turn_draws() {
    let mut s = Scenario::new()
        .at_setup()
        .hand(
            P0,
            &[
                "iron_guard",
                "blade_rookie",
                "guard_wall",
                "fireball",
                "fireball",
                "first_aid",
            ],
        )
        .hand(
            P1,
            &[
                "iron_guard",
                "blade_rookie",
                "quick_draw",
                "quick_draw",
                "recharge",
                "first_aid",
            ],
        )
        .build()
        .unwrap();
    let g = in_hand(&s, P0, "iron_guard");
    act(&mut s, P0, Choice::SetupBattlefield { card: g });
    let r = in_hand(&s, P0, "blade_rookie");
    act(&mut s, P0, Choice::SetupBench { card: r, bench: 0 });
    let w = in_hand(&s, P0, "guard_wall");
    act(&mut s, P0, Choice::SetupBench { card: w, bench: 1 });
    act(&mut s, P0, Choice::SetupCommit);
    let g1 = in_hand(&s, P1, "iron_guard");
    act(&mut s, P1, Choice::SetupBattlefield { card: g1 });
    let r1 = in_hand(&s, P1, "blade_rookie");
    act(&mut s, P1, Choice::SetupBench { card: r1, bench: 0 });
    act(&mut s, P1, Choice::SetupCommit);
    assert_eq!(s.active(), P0);
    assert_eq!(
        (s.hand(P0).len(), s.deck(P0).len()),
        (3, 24),
        "no draw in P1's turn 1"
    );
    act(&mut s, P0, Choice::SkipSoulCharge);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::Attack);
    pass_windows(&mut s);
    act(&mut s, P0, Choice::EndTurn);
    pass_windows(&mut s);
    assert_eq!(s.active(), P1);
    assert_eq!(
        (s.hand(P1).len(), s.deck(P1).len()),
        (5, 23),
        "P2 draws in turn 1"
    );
}
