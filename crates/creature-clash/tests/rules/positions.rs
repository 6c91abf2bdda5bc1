//! The position editor (issue 9): every start point the rules can reach, each built from a
//! JSON position file under `tests/positions/` and played on; forced picks, deal shuffles
//! and reshuffles; names back.

use crate::common::*;
use fuda_creature_clash::{
    apply_in_place, view, Action, BattleResult, BerserkDuring, CardClass, Choice, Error, Event,
    Observer, Pending, Scenario, Seat,
};

/// Start point: the main decision after the turn draw (CC-4.3). P1 attacks with RC and
/// beats everyone: P2 defends and loses, P3 and P0 forfeit; RC becomes a Champion.
#[test]
fn cc_4_3_position_main_decision() {
    let mut g = load_position("main");
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
    assert_eq!(g.hand_len(P1), 8, "the turn draw is in the hand");
    assert!(g.choices().contains(&g.discard(TURN_CARD)));
    g.act(P1, g.attack(RC, P2));
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    g.assert_hand(
        P2,
        &[
            "black_widow_f",
            "gorilla_f",
            "hamster_f",
            "mosquito_f",
            "eagle_f",
            "tiger_f",
            "octopus_f",
        ],
    );
    g.act(P1, g.next(P3));
    g.act(P1, Choice::DeclineSteal);
    let events = g.act(P1, g.next(P0));
    assert!(events.contains(&Event::Forfeited { seat: P0 }));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.champion_names(P1), vec![RC.map(String::from)]);
}

/// Start point: a defence (CC-5.6), here CC-T12 from a file: battle 2 with RABIES, 46 vs
/// P3's 29; P1 steals, then the rabid creature dies and the turn ends with P0 unattacked.
#[test]
fn cc_t12_position_defend_with_rabies() {
    let mut g = load_position("defend");
    assert_eq!(g.pending(), Pending::Defend { seat: P3 });
    let chain = g.s.chain().unwrap();
    assert_eq!(chain.wins, 1);
    assert!(chain.rabies_used);
    assert_eq!(
        chain.battle.as_ref().unwrap().rabies,
        Some(g.id("rabies_1"))
    );
    let events = g.act(P3, g.defend(GRIZ29));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P3,
        result: BattleResult::AttackerWins,
        attack: 46,
        defence: Some(29),
    }));
    let events = g.act(P1, g.steal("grizzly_f"));
    assert!(events.contains(&Event::CreatureDied { seat: P1 }));
    assert!(g.s.champions(P1).is_empty());
    assert!(g.s.chain().is_none());
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// Start point: the random steal after a forfeit (CC-5.8), with a forced pick (R5): index
/// 4 of P2's hand in card-id order is the card taken.
#[test]
fn cc_5_8_position_steal_forced_pick() {
    let mut g = load_position("steal");
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P1,
            from: P2,
            random: true
        }
    );
    let expected = g.s.hand(P2)[4];
    g.act(P1, Choice::StealRandom);
    assert!(g.s.hand(P1).contains(&expected));
    assert!(!g.s.hand(P2).contains(&expected));
    assert_eq!(g.hand_len(P2), 7, "the robbed player refills");
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
}

/// The steal position of `steal.json`, built in Rust with a forced pick of `k`.
fn steal_at(k: u32) -> Table {
    let scenario = setup_scenario()
        .hand(
            P1,
            &[
                "rabies_1",
                "moose_f",
                "dromedary_f",
                "vulture_f",
                "piranha_f",
            ],
        )
        .hand(P2, &P2_NO_BACK)
        .attack(RC, &[])
        .at_steal(P2, BattleResult::Forfeit, None, None)
        .force_pick(k);
    Table::new(scenario.build().unwrap())
}

/// The standard 4-player frame: dealer P0, active P1, P3 and P0 without a creature,
/// unplaced cards out of the game, three FRONTs to draw.
fn setup_scenario() -> Scenario {
    Scenario::new(4)
        .configure(|c| c.dealer = fuda_creature_clash::DealerRule::Fixed(P0))
        .active(P1)
        .hand(P3, &P3_NO_BACK)
        .hand(P0, &P0_NO_BACK)
        .deck_top(&["eagle_f", "tiger_f", "octopus_f"])
        .unplaced(fuda_creature_clash::Unplaced::OutOfGame)
}

/// R5, CC-5.8, CC-A18: a forced pick takes exactly the card at that index of the victim's
/// hand in card-id order, for every index; a pick beyond the hand is refused when the
/// position is built.
#[test]
fn r5_forced_pick_takes_each_card() {
    for k in 0..7 {
        let mut g = steal_at(k);
        let expected = g.s.hand(P2)[k as usize];
        g.act(P1, Choice::StealRandom);
        assert!(g.s.hand(P1).contains(&expected), "pick {k}");
        assert!(!g.s.hand(P2).contains(&expected), "pick {k}");
    }
    let err = setup_scenario()
        .hand(P1, &["rabies_1", "moose_f"])
        .hand(P2, &P2_NO_BACK)
        .attack(RC, &[])
        .at_steal(P2, BattleResult::Forfeit, None, None)
        .force_pick(7)
        .build()
        .unwrap_err();
    assert!(
        matches!(&err, Error::Scenario { field, .. } if field == "forced[0]"),
        "{err}"
    );
}

/// A forced pick that only meets its draw later is refused then: the action that meets it
/// fails with `ForcedOutcome` and changes nothing.
#[test]
fn forced_pick_misfit_refuses_the_action() {
    let g = Table::new(
        setup_scenario()
            .hand(P1, &P1_HAND)
            .hand(P2, &P2_NO_BACK)
            .at_main()
            .force_pick(20)
            .build()
            .unwrap(),
    );
    let mut s = g.s.clone();
    apply_in_place(
        &mut s,
        &Action {
            seat: P1,
            choice: g.attack(RC, P2),
        },
    )
    .unwrap();
    let before = s.clone();
    let err = apply_in_place(
        &mut s,
        &Action {
            seat: P1,
            choice: Choice::StealRandom,
        },
    )
    .unwrap_err();
    assert!(matches!(err, Error::ForcedOutcome(_)), "{err}");
    assert!(err.to_string().contains("20"), "{err}");
    assert_eq!(s, before, "a refused action changes nothing");
}

/// Start point: the next target (CC-5.5). RC has beaten P2 and P3; only P0 is left, and
/// RABIES may be played (CC-6.12). P0 loses: RC becomes P1's second Champion.
#[test]
fn cc_5_5_position_next_target() {
    let mut g = load_position("next_target");
    assert_eq!(g.pending(), Pending::NextTarget { seat: P1 });
    assert_eq!(g.choices(), vec![g.next(P0), g.next_with(P0, "rabies_1")]);
    g.act(P1, g.next(P0));
    g.act(P0, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.champions(P1).len(), 2);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// Start point: a berserk commitment (CC-5.11, CC-6.13) after P2's turn draw: P2 has
/// committed LION20; P3 and P0 commit; P3's 25 is the Champion and P2 draws its
/// replacement (CC-A6).
#[test]
fn cc_6_13_position_berserk_commit() {
    let mut g = load_position("berserk_commit");
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P3 });
    let b = g.s.berserk_battle().unwrap();
    assert_eq!(b.participants.to_vec(), vec![P2, P3, P0]);
    assert_eq!(b.commits.to_vec(), vec![(P2, g.creature(LION20))]);
    // Others see that P2 committed, not what.
    let seen = view(&g.s, Observer::Seat(P3)).berserk.unwrap();
    assert_eq!((seen.committed, seen.own_commitment), (vec![P2], None));
    g.act(P3, g.commit(SHARK25));
    g.act(P0, g.commit(WOLF18));
    assert_eq!(g.champion_names(P3), vec![SHARK25.map(String::from)]);
    assert!(g.discards().starts_with(&strs(&LION20)));
    assert_eq!(g.hand_len(P2), 8, "the replacement draw");
    assert_eq!(g.pending(), Pending::Main { seat: P2 });
}

/// Start point: the excess discard at the end of the turn (CC-4.6, CC-5.10): P2 holds 9
/// and discards two; the adjustment goes on and P2's turn begins.
#[test]
fn cc_5_10_position_discard_excess() {
    let mut g = load_position("discard_excess");
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P2 });
    g.act(P2, g.excess("grizzly_f"));
    assert_eq!(g.pending(), Pending::DiscardExcess { seat: P2 });
    g.act(P2, g.excess("hamster_f"));
    assert_eq!(g.discards(), strs(&["grizzly_f", "hamster_f"]));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
}

/// Start point: the deal (CC-3.5, CC-3.6, R1, R2). The dealer pick is forced (P2 deals, P3
/// starts) and the top of the deal shuffle is forced: the hands are exactly the file's,
/// `berserk_2` met in the deal is set aside and shuffled back (CC-A5, R3).
#[test]
fn cc_3_6_position_deal_forced_shuffle() {
    let mut g = load_position("deal");
    assert_eq!((g.s.dealer(), g.s.active()), (Seat(2), P3));
    g.assert_hand(
        P3,
        &[
            "rhino_f",
            "crocodile_m",
            "barracuda_b",
            "lion_f",
            "wolf_m",
            "kangaroo_b",
            "eagle_f",
        ],
    );
    g.assert_hand(
        P0,
        &[
            "grizzly_f",
            "elephant_m",
            "tiger_b",
            "cobra_f",
            "scorpion_m",
            "jellyfish_b",
            "ostrich_f",
        ],
    );
    assert_eq!(g.deck_len(), 74);
    assert!(g.s.deck().contains(&g.id("berserk_2")));
    assert_eq!(g.pending(), Pending::TurnStart { seat: P3 });
    g.act(P3, Choice::DrawForTurn);
    g.act(P3, g.attack(RC, P0));
    assert_eq!(g.pending(), Pending::Defend { seat: P0 });
}

/// Forced reshuffle (CC-4.0b, R4): the deck is empty; the turn draw shuffles the 12
/// discarded cards into a deck whose top is forced: P1 draws `mosquito_b`, and `lion_b` is
/// the next card.
#[test]
fn r4_position_forced_reshuffle() {
    let mut g = load_position("reshuffle");
    assert_eq!(g.pending(), Pending::TurnStart { seat: P1 });
    let events = g.act(P1, Choice::DrawForTurn);
    assert!(events.contains(&Event::Reshuffled { cards: 12 }));
    assert!(g.holds(P1, "mosquito_b"));
    assert_eq!(g.s.deck().last(), Some(&g.id("lion_b")));
    assert_eq!(g.deck_len(), 11);
}

/// A forced reshuffle naming a card that is not in the reshuffled pile refuses the draw
/// that meets it, and the state is unchanged.
#[test]
fn forced_reshuffle_misfit_refuses_the_action() {
    let g = Table::new(
        setup(4)
            .hand(P1, &P1_HAND)
            .hand(P2, &P2_LION)
            .hand(P3, &P3_NO_BACK)
            .hand(P0, &P0_NO_BACK)
            .discard(&["lion_b", "tiger_b"])
            .scenario()
            .force_shuffle(&["rhino_f"])
            .build()
            .unwrap(),
    );
    let mut s = g.s.clone();
    let err = apply_in_place(
        &mut s,
        &Action {
            seat: P1,
            choice: Choice::DrawForTurn,
        },
    )
    .unwrap_err();
    assert!(matches!(err, Error::ForcedOutcome(_)), "{err}");
    assert_eq!(s, g.s);
}

/// Names back: every name of a position answers the id it became (`key`, or `key#1` for
/// the first copy), and the JSON form of a position built in Rust round-trips.
#[test]
fn names_back_and_round_trip() {
    let scenario = setup_scenario()
        .hand(P1, &P1_HAND)
        .hand(P2, &P2_LION)
        .at_main()
        .force_shuffle(&["eagle_f"]);
    let s = scenario.build().unwrap();
    for name in P1_HAND {
        let id = s.card_id(name).unwrap();
        assert!(s.hand(P1).contains(&id), "{name}");
        assert_eq!(s.card_id(&format!("{name}#1")), Some(id));
        assert_eq!(s.cards().id_str(id), name);
    }
    assert_eq!(s.card_id("rhino_f#2"), None);
    assert_eq!(s.card_id("dragon_f"), None);
    let json = serde_json::to_string(&scenario).unwrap();
    let back: Scenario = serde_json::from_str(&json).unwrap();
    assert_eq!(back, scenario);
    assert_eq!(back.build().unwrap(), s);
}

/// CC-D1 from a position: a steal start after the defender won puts the returned creature
/// in the defender's hand as public knowledge.
#[test]
fn cc_d1_position_defender_wins_creature_is_known() {
    let mut p2 = P2_LION.to_vec();
    p2.retain(|c| !LION20.contains(c));
    p2.extend(GRIZ24);
    let g = Table::new(
        setup_scenario()
            .hand(P1, &["rabies_1", "moose_f"])
            .hand(P2, &p2)
            .attack(RC, &[])
            .at_steal(P2, BattleResult::DefenderWins, Some(GRIZ24), None)
            .build()
            .unwrap(),
    );
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P2,
            from: P1,
            random: false
        }
    );
    let mut known = g.names(&g.s.known_in_hand(P2));
    known.sort();
    let mut want = strs(&GRIZ24);
    want.sort();
    assert_eq!(known, want);
    assert_eq!(
        view(&g.s, Observer::Spectator).known_in_hand[2],
        g.s.known_in_hand(P2)
    );
}

/// The berserk start points for a refill: mid-attack (the attacker fights with RC in
/// play), and in the end-of-turn adjustment.
#[test]
fn cc_6_13_position_berserk_during_refills() {
    let g = Table::new(
        setup_scenario()
            .hand(P1, &["rabies_1", "moose_f", "lion_f"])
            .hand(
                P2,
                &["black_widow_f", "gorilla_f", "hamster_f", "mosquito_f"],
            )
            .hand(P3, &["shark_f", "tiger_m", "lion_b", "eagle_m"])
            .attack(RC, &[P2])
            .at_berserk_commit("berserk_2", P2, BerserkDuring::ChainRefill)
            .build()
            .unwrap(),
    );
    let b = g.s.berserk_battle().unwrap();
    assert_eq!(
        (b.participants.to_vec(), b.attacker_entry),
        (vec![P1, P3], Some(P1))
    );
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P3 });
    let mut g = g;
    g.act(P3, g.commit(SHARK25));
    assert_eq!(g.s.champions(P3).len(), 1, "25 beats RC's 23");
    assert!(g.s.chain().is_none(), "the chain is over");

    let mut g = Table::new(
        setup_scenario()
            .hand(P1, &P2_LION)
            .hand(P2, &["shark_f", "tiger_m", "lion_b", "eagle_m"])
            .at_berserk_commit("berserk_2", P2, BerserkDuring::Adjustment)
            .build()
            .unwrap(),
    );
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P1 });
    g.act(P1, g.commit(LION20));
    g.act(P2, g.commit(SHARK25));
    assert_eq!(g.s.champions(P2).len(), 1);
    assert_eq!(g.pending(), Pending::TurnStart { seat: P2 });
    assert!(g
        .s
        .cards()
        .info(g.id("berserk_2"))
        .is_some_and(|i| i.class == CardClass::Berserk));
}

/// The example position of `docs/positions/creature-clash.json`, a puzzle: P1 needs one
/// more Champion and everyone knows P2 holds a 30. The solution is to beat P3 and P0 first
/// and meet P2 last with RABIES (26 × 2 = 52): a RABIES win in the last battle still makes
/// the Champion (CC-6.12). Attacking P2 first loses; RABIES against P2 earlier kills the
/// creature (CC-6.6 step 2).
#[test]
fn docs_example_position_is_a_puzzle_with_a_solution() {
    use fuda_core::Positions;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/positions/creature-clash.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let scenario: Scenario = serde_json::from_str(&text).unwrap();
    let start = fuda_creature_clash::CreatureClash::from_scenario(&scenario).unwrap();
    let best = ["rhino_f", "tiger_m", "lion_b"];

    let mut g = Table::new(start.clone());
    assert_eq!(g.pending(), Pending::Main { seat: P1 });
    assert_eq!(
        view(&g.s, Observer::Seat(P1)).known_in_hand[2].len(),
        3,
        "P2's 30 is public"
    );
    g.act(P1, g.attack(best, P3));
    g.act(P3, g.defend(["ostrich_f", "turtle_m", "penguin_b"]));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next(P0));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P2, "rabies_1"));
    let events = g.act(P2, g.defend(["grizzly_f", "grizzly_m", "grizzly_b"]));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::BattleResolved { attack: 52, .. })));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(
        g.s.outcome(),
        Some(&fuda_creature_clash::Outcome::Winners(
            fuda_core::SeatSet::only(P1)
        ))
    );

    // RABIES against P2 in the middle of the chain wins the battle but kills the creature.
    let mut g = Table::new(start.clone());
    g.act(P1, g.attack(best, P3));
    g.act(P3, g.defend(["ostrich_f", "turtle_m", "penguin_b"]));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next_with(P2, "rabies_1"));
    g.act(P2, g.defend(["grizzly_f", "grizzly_m", "grizzly_b"]));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.champions(P1).len(), 3);
    assert!(g.s.outcome().is_none());

    // P2 first: 26 against 30.
    let mut g = Table::new(start);
    g.act(P1, g.attack(best, P2));
    let events = g.act(P2, g.defend(["grizzly_f", "grizzly_m", "grizzly_b"]));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleResolved {
            result: BattleResult::DefenderWins,
            ..
        }
    )));
}

/// The example of `docs/positions/creature-clash.md` builds and does what the page says.
#[test]
fn docs_format_page_example() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/positions/creature-clash.md"
    );
    let page = std::fs::read_to_string(path).unwrap();
    let json = page
        .split("```json\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    let mut g = Table::new(Scenario::from_json(json).unwrap().build().unwrap());
    assert_eq!(
        g.pending(),
        Pending::Steal {
            seat: P1,
            from: P2,
            random: true
        }
    );
    g.act(P1, Choice::StealRandom);
    assert!(g.holds(P1, "wolf_m"));
}
