//! The position editor (issue 9): every start point built from a JSON position file under
//! `tests/positions/`, then played on; forced shuffles and picks; names back; the JSON
//! round trip; and the example of `docs/positions/uzumajin.json`.

use crate::common::*;
use fuda_core::Positions;
use std::path::Path;

fn load(name: &str) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    // Positions as data: the file round-trips through the position format.
    let again: Scenario = serde_json::from_str(&serde_json::to_string(&scenario).unwrap()).unwrap();
    assert_eq!(again, scenario, "{name}");
    Uzumajin::from_scenario(&scenario).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn id(s: &State, seat: u8, name: &str) -> CardId {
    s.card_id(Seat(seat), name)
        .unwrap_or_else(|| panic!("no {name}"))
}

/// MJ-3.8 / R1 / R2 (setup start): forced shuffles fix each deck's top and a forced pick
/// the janken winner; the winner chooses, and the opening hands are the forced tops.
#[test]
fn mj_3_8_setup_position_with_forced_shuffles_and_janken() {
    let s = load("setup.json");
    assert_eq!(s.pending(), Pending::TurnOrder { seat: Seat(1) });
    assert_eq!(s.hand(Seat(0)).len(), 0);
    assert_eq!(s.majin_box(Seat(0)).last(), Some(&id(&s, 0, "red_brute")));
    let s = act(&s, 1, Choice::ChooseTurnOrder { go_first: false });
    assert_eq!(s.active(), Seat(0));
    assert_eq!(
        names(&s, s.hand(Seat(0))),
        vec![
            "red_brute",
            "red_warrior",
            "red_imp",
            "red_cub",
            "combat_fury",
            "spell_war_cry",
            "red_champion",
            "red_charger"
        ]
    );
    assert_eq!(s.hand(Seat(1))[0], id(&s, 1, "blue_knight#4"));
    assert!(matches!(s.pending(), Pending::UraMajin { seat: Seat(0) }));
}

/// The same position as `new_game`: a setup position with nothing forced is the game of
/// its seed.
#[test]
fn mj_9_1_setup_position_is_new_game() {
    for seed in [0, 7, 99] {
        let built = Scenario::new().seed(seed).at_setup().build().unwrap();
        assert_eq!(built, new_game(&Config::default(), seed).unwrap());
        let fixed = Scenario::with_config(Config::seat0_first())
            .seed(seed)
            .at_setup()
            .build()
            .unwrap();
        assert_eq!(fixed, new_game(&Config::seat0_first(), seed).unwrap());
    }
}

/// MJ-4.0 / MJ-4.1 / MJ-4.2 (turn start): step 1 untaps and retreats, the draw takes the
/// listed top card, then step 3 is asked.
#[test]
fn mj_4_1_turn_start_position() {
    let s = load("turn_start.json");
    assert_eq!((s.turn(), s.active()), (4, Seat(1)));
    assert_eq!((s.turns_taken(Seat(0)), s.turns_taken(Seat(1))), (2, 2));
    assert!(!majin(&s, 0).tapped);
    assert_eq!(majin(&s, 1).zone, Zone::Prepare);
    assert!(majin(&s, 2).tapped, "only the active player's majins untap");
    assert_eq!(names(&s, s.hand(Seat(1))), vec!["blue_minnow", "blue_seer"]);
    let s = act(&s, 1, Choice::SkipUraMajin);
    assert_eq!(s.mp_available(), 3);
}

/// MJ-4.3 (step 3 after the draw): no draw happens when the position is built; the placed
/// ura majin counts at step 4.
#[test]
fn mj_4_3_ura_majin_position_after_the_draw() {
    let s = load("ura_majin.json");
    assert_eq!(s.pending(), Pending::UraMajin { seat: Seat(0) });
    assert_eq!(s.hand(Seat(0)).len(), 3);
    assert_eq!(s.majin_box(Seat(0)).last(), Some(&id(&s, 0, "red_warrior")));
    let feint = id(&s, 0, "combat_feint");
    let s = act(&s, 0, Choice::PlaceUraMajin { card: feint });
    assert_eq!(s.mp_available(), 3);
    let brute = id(&s, 0, "red_brute");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: brute,
            place: Placement::Onto(MajinId(0)),
        },
    );
    assert_eq!(power(&s, 0), 6);
}

/// R3 / MJ-12.2 `DiscardRandom` (step 5): a forced pick chooses the discarded card by its
/// hand position.
#[test]
fn r3_forced_pick_chooses_the_random_discard() {
    let s = load("main.json");
    assert_eq!(s.pending(), Pending::Main { seat: Seat(1) });
    let rot = id(&s, 1, "spell_mind_rot");
    let (t, events) = act_events(&s, 1, Choice::PlaySpell { card: rot });
    assert_eq!(names(&t, t.graveyard(Seat(0))), vec!["combat_fury"]);
    assert_eq!(names(&t, t.hand(Seat(0))), vec!["red_imp", "red_brute"]);
    assert!(events.contains(&Event::DiscardedAtRandom {
        seat: Seat(0),
        card: id(&s, 0, "combat_fury"),
    }));
    assert_eq!(t.mp_available(), 1);
}

/// A forced pick that does not fit (beyond the hand) refuses the action that meets it and
/// leaves the state as it was.
#[test]
fn r3_forced_pick_that_does_not_fit_refuses_the_action() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions/main.json"),
    )
    .unwrap()
    .replace(r#"{"pick": 1}"#, r#"{"pick": 3}"#);
    let s = Scenario::from_json(&text).unwrap().build().unwrap();
    let rot = id(&s, 1, "spell_mind_rot");
    let mut t = s.clone();
    let err = apply_in_place(
        &mut t,
        &Action {
            seat: Seat(1),
            choice: Choice::PlaySpell { card: rot },
        },
    )
    .unwrap_err();
    assert!(
        matches!(err, Error::ForcedOutcome { .. }),
        "{err}: a pick of 3 among 3 cards"
    );
    assert_eq!(t, s);
    let json = serde_json::to_value(&err).unwrap();
    assert_eq!(json["kind"], "forced_outcome");
    // The other actions still apply.
    assert!(apply(
        &s,
        &Action {
            seat: Seat(1),
            choice: Choice::EndMain
        }
    )
    .is_ok());
}

/// MJ-6.1 / MJ-7.1 (step 6): the listed damage plus filled cards; an unblocked attack wins.
#[test]
fn mj_7_1_attack_position() {
    let s = load("attack.json");
    assert_eq!(s.damage_zone(Seat(1)).len(), 6);
    assert_eq!(
        s.damage_zone(Seat(1))[..2],
        [id(&s, 1, "blue_sprite"), id(&s, 1, "blue_sprite#2")]
    );
    assert_eq!(s.mp_available(), 0);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
}

/// MJ-6.2 / MJ-A4 (the block decision): only the battle-zone majin may block; the battle's
/// combat window opens with the attacker.
#[test]
fn mj_6_2_block_position() {
    let s = load("block.json");
    assert_eq!(s.pending(), Pending::Block { seat: Seat(1) });
    assert!(majin(&s, 0).tapped, "the attack tapped the attacker");
    assert_eq!(
        options(&s),
        vec![Choice::Block { majin: MajinId(1) }, Choice::NoBlock]
    );
    let s = act(&s, 1, Choice::Block { majin: MajinId(1) });
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let s = pass_all(s);
    assert_eq!(majin(&s, 1).cards.len(), 1, "5 beats 4");
}

/// MJ-6.5 / MJ-E8 (inside a combat window): Shatter destroys the 1-card blocker, the window
/// closes at once and the battle has no winner (MJ-A20).
#[test]
fn mj_e8_combat_window_position() {
    let s = load("combat_window.json");
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let shatter = id(&s, 0, "combat_shatter");
    let s = act(&s, 0, Choice::UseCombat { card: shatter });
    assert!(s.majin(MajinId(1)).is_none());
    assert!(s.attack().is_none());
    assert_eq!(s.damage_zone(Seat(1)).len(), 0);
}

/// MJ-T17 / MJ-6.5 (mid-battle): the attacker passed, the defender used Sap (−2 this
/// battle); priority has returned to the attacker, whose Fury makes the tie it wins.
#[test]
fn mj_t17_mid_battle_position() {
    let s = load("mid_battle.json");
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    assert_eq!((power(&s, 0), power(&s, 1)), (1, 4));
    let fury = id(&s, 0, "combat_fury");
    let s = act(&s, 0, Choice::UseCombat { card: fury });
    // 4 vs 4: the tie goes to the attacker; the defender was not asked again (one card
    // each), so its Tidal Shield stays in hand.
    assert!(s.attack().is_none());
    assert_eq!(majin(&s, 1).cards.len(), 2);
    assert_eq!(
        names(&s, s.graveyard(Seat(1))),
        vec!["combat_sap", "blue_minnow"]
    );
    assert!(s.hand(Seat(1)).contains(&id(&s, 1, "combat_shield")));
}

/// MJ-A14 / A15 (the Uzumajin's double effect, `uzumajin_bonus_optional`).
#[test]
fn mj_a14_uzumajin_bonus_position() {
    let s = load("uzumajin_bonus.json");
    assert!(matches!(
        s.pending(),
        Pending::UzumajinBonus {
            seat: Seat(0),
            kind: BonusKind::Destroy,
            ..
        }
    ));
    let two = act(&s, 0, Choice::UzumajinBonus { take_two: true });
    assert_eq!(majin(&two, 1).cards.len(), 1);
    let one = act(&s, 0, Choice::UzumajinBonus { take_two: false });
    assert_eq!(majin(&one, 1).cards.len(), 2);
}

/// MJ-A12 / A14 (step 7 under `advance_optional`): the player advances one majin and
/// stops; the lone battle-zone majin retreats anyway.
#[test]
fn mj_a12_advance_position() {
    let s = load("advance.json");
    assert_eq!(s.pending(), Pending::Advance { seat: Seat(0) });
    let s = act(&s, 0, Choice::AdvanceMajin { majin: MajinId(1) });
    let s = act(&s, 0, Choice::StopAdvancing);
    assert_eq!(majin(&s, 0).zone, Zone::Prepare);
    assert_eq!(majin(&s, 1).zone, Zone::Battle);
    assert_eq!(majin(&s, 2).zone, Zone::Prepare);
    assert_eq!(s.active(), Seat(1));
}

/// MJ-12.3 (a spell's target): War Cry on top of the graveyard waits for its target.
#[test]
fn mj_12_3_target_position() {
    let s = load("target.json");
    let cry = id(&s, 0, "spell_war_cry");
    assert!(matches!(s.pending(), Pending::Target { card, .. } if card == cry));
    assert_eq!(
        options(&s),
        vec![
            Choice::ChooseTarget { majin: MajinId(0) },
            Choice::ChooseTarget { majin: MajinId(1) }
        ]
    );
    let s = act(&s, 0, Choice::ChooseTarget { majin: MajinId(1) });
    assert_eq!(power(&s, 1), 4);
    assert_eq!(s.pending(), Pending::Main { seat: Seat(0) });
    assert_eq!(s.mp_available(), 2);
}

/// MJ-12.3 / MJ-A17 (an enter-play `may`): Inferno Champion on top of M0 asks; yes, then
/// the target.
#[test]
fn mj_a17_may_position() {
    let s = load("may.json");
    assert!(matches!(
        s.pending(),
        Pending::May {
            this: Some(MajinId(0)),
            ..
        }
    ));
    let no = act(&s, 0, Choice::AnswerMay { yes: false });
    assert_eq!(no.pending(), Pending::Main { seat: Seat(0) });
    let s = act(&s, 0, Choice::AnswerMay { yes: true });
    let s = act(&s, 0, Choice::ChooseTarget { majin: MajinId(2) });
    assert!(s.majin(MajinId(2)).is_none());
    assert_eq!(s.mp_available(), 1);
}

/// MJ-9.1: Uzumajin has no reshuffle (the setup shuffle is its only one), so a forced
/// shuffle beyond the two setup shuffles can never be met and is refused.
#[test]
fn mj_9_1_no_reshuffle_so_a_third_forced_shuffle_is_refused() {
    let err = Scenario::new()
        .force_shuffle(&[])
        .force_shuffle(&[])
        .force_shuffle(&["red_imp"])
        .build()
        .unwrap_err();
    assert!(
        matches!(&err, Error::Scenario { field, .. } if field == "forced[2]"),
        "{err}"
    );
    // A shuffle queued behind a pick is never met either.
    let err = Scenario::new()
        .force_pick(0)
        .force_shuffle(&["red_imp"])
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("never met"), "{err}");
}

/// A forced shuffle of a mid-game position fixes the order of the unplaced cards under the
/// listed top of the Majin Box.
#[test]
fn mj_9_1_forced_shuffle_orders_the_unplaced_cards() {
    let s = Scenario::new()
        .hand(Seat(0), &["red_imp"])
        .mb_top(Seat(0), &["red_brute"])
        .force_shuffle(&["red_imp", "red_warrior#3"])
        .at_main(None)
        .build()
        .unwrap();
    let mb = s.majin_box(Seat(0));
    let top3: Vec<CardId> = mb.iter().rev().take(3).copied().collect();
    assert_eq!(
        top3,
        vec![
            id(&s, 0, "red_brute"),
            id(&s, 0, "red_imp#2"),
            id(&s, 0, "red_warrior#3")
        ]
    );
    assert_eq!(s.hand(Seat(0)), &[id(&s, 0, "red_imp")]);
}

/// Names back: `key#k` is the k-th copy in instance order; plain names take the first free
/// copy after the explicitly named ones; `card_label` is the inverse.
#[test]
fn names_back_and_copy_numbers() {
    let s = Scenario::new()
        .hand(Seat(0), &["red_imp", "red_imp#1", "red_imp"])
        .hand(Seat(1), &["combat_feint#2"])
        .at_main(None)
        .build()
        .unwrap();
    let imps = s.instances_of(Seat(0), "red_imp");
    assert_eq!(s.hand(Seat(0)), &[imps[1], imps[0], imps[2]]);
    assert_eq!(s.card_id(Seat(0), "red_imp#3"), Some(imps[2]));
    assert_eq!(s.card_id(Seat(0), "red_imp"), Some(imps[0]));
    assert_eq!(s.card_id(Seat(0), "red_imp#5"), None);
    assert_eq!(s.card_label(imps[2]), "red_imp#3");
    assert_eq!(s.card_label(s.hand(Seat(1))[0]), "combat_feint#2");
    // Seat 1's feint copies are its own: ids after seat 0's 40.
    assert!(s.hand(Seat(1))[0].0 >= 40);
    let only = Scenario::with_config(Config {
        decks: [Deck::sample_red(), Deck::sample_blue()],
        ..Config::default()
    })
    .build()
    .unwrap();
    let insight = only.card_id(Seat(1), "spell_insight").unwrap();
    assert_eq!(only.card_label(insight), "spell_insight");
}

/// Counters by name: turn and active fix who went first and the own-turn counts (MJ-3.9);
/// MP pool and spent; tapped, peeked and power modifiers of majins.
#[test]
fn mj_3_9_counters_and_flags_by_named_methods() {
    let s = Scenario::new()
        .active(Seat(1))
        .turn(8)
        .majin(Seat(0), MajinSpec::ura("red_brute", Zone::Prepare).peeked())
        .majin(
            Seat(1),
            MajinSpec::souls(&["blue_minnow"], Zone::Battle)
                .tapped()
                .power_this_turn(2),
        )
        .mp(4)
        .mp_spent(1)
        .at_main(Some(4))
        .build()
        .unwrap();
    assert_eq!(s.first_player(), Some(Seat(0)));
    assert_eq!((s.turns_taken(Seat(0)), s.turns_taken(Seat(1))), (4, 4));
    assert_eq!(s.mp_available(), 3);
    assert!(majin(&s, 1).tapped);
    assert_eq!(power(&s, 1), 4);
    let brute = majin(&s, 0).cards[0];
    assert_eq!(
        view(&s, Observer::Seat(Seat(1))).players[0].majins[0].cards,
        vec![CardView::FaceDown(brute)],
        "P1 peeked at it"
    );
}

/// Positions as data: a built-in-Rust position serializes to the documented format and
/// back.
#[test]
fn scenario_json_round_trip() {
    let sc = Scenario::with_config(Config {
        auto_pass: true,
        ..Config::default()
    })
    .seed(5)
    .hand(Seat(0), &["combat_fury"])
    .majin(
        Seat(0),
        MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
    )
    .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Battle))
    .at_combat(MajinId(0), Some(MajinId(1)), Seat(0))
    .force_pick(1);
    let json = serde_json::to_string_pretty(&sc).unwrap();
    assert!(json.contains("\"at\": \"combat\""), "{json}");
    let back = Scenario::from_json(&json).unwrap();
    assert_eq!(back, sc);
    assert_eq!(back.build().unwrap(), sc.build().unwrap());
}

/// The example position of `docs/positions/uzumajin.json` loads, and its puzzle ("win this
/// turn") has a solution that wins whatever the defender answers.
#[test]
fn docs_example_position_is_a_winnable_puzzle() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/positions/uzumajin.json");
    let text = std::fs::read_to_string(path).unwrap();
    let s = Uzumajin::from_scenario(&Scenario::from_json(&text).unwrap()).unwrap();
    assert_eq!(s.pending(), Pending::Main { seat: Seat(0) });
    assert!(wins_this_turn(&s, 12), "the puzzle has a winning line");
    // The obvious line fails: the Uzumajin is simply blocked again and again.
    assert!(!passive_line_wins(&s));
}

/// Whether seat 0 can force a win before its turn ends, whatever seat 1 does (a search of
/// at most `depth` of seat 0's decisions).
fn wins_this_turn(s: &State, depth: u32) -> bool {
    if let Some(o) = s.outcome() {
        return o.is_winner(Seat(0));
    }
    if s.active() != Seat(0) || depth == 0 {
        return false;
    }
    let legal = legal_actions(s);
    if s.pending().seat() == Some(Seat(0)) {
        legal
            .iter()
            .any(|a| wins_this_turn(&apply(s, a).unwrap(), depth - 1))
    } else {
        legal
            .iter()
            .all(|a| wins_this_turn(&apply(s, a).unwrap(), depth))
    }
}

/// Making the Uzumajin (Magma Brute onto M0) and attacking with everything, passing in
/// every window.
fn passive_line_wins(s: &State) -> bool {
    wins_with(s, &|s: &State| {
        let legal = legal_actions(s);
        let pick = |f: &dyn Fn(&Choice) -> bool| legal.iter().find(|a| f(&a.choice)).cloned();
        pick(&|c| {
            matches!(
                c,
                Choice::PlaySoul {
                    place: Placement::Onto(MajinId(0)),
                    ..
                }
            )
        })
        .or_else(|| pick(&|c| *c == Choice::EndMain))
        .or_else(|| pick(&|c| matches!(c, Choice::DeclareAttack { .. })))
        .or_else(|| pick(&|c| *c == Choice::PassPriority))
        .unwrap_or_else(|| legal[0].clone())
    })
}

/// Seat 0 follows `policy`; whether it wins against every answer of seat 1.
fn wins_with(s: &State, policy: &dyn Fn(&State) -> Action) -> bool {
    if let Some(o) = s.outcome() {
        return o.is_winner(Seat(0));
    }
    if s.active() != Seat(0) {
        return false;
    }
    if s.pending().seat() == Some(Seat(0)) {
        wins_with(&apply(s, &policy(s)).unwrap(), policy)
    } else {
        legal_actions(s)
            .iter()
            .all(|a| wins_with(&apply(s, a).unwrap(), policy))
    }
}
