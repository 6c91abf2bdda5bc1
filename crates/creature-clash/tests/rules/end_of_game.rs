//! Champions and the end of the game (spec CC-6.11, CC-7.1 to CC-7.4, CC-4.8, CC-A2,
//! CC-A23, `champions_to_win`, `turn_limit`).

use crate::common::*;
use fuda_creature_clash::{
    apply, legal_actions, new_game, view, Action, BerserkTie, Choice, Config, Error, Event,
    Observer, Outcome, Pending, SeatSet,
};

fn winners(seats: &[fuda_creature_clash::Seat]) -> Outcome {
    Outcome::Winners(seats.iter().copied().collect::<SeatSet>())
}

/// P1 with three Champions: P2 and P3 forfeit, P0 defends with LION20.
fn three_champions() -> Setup {
    standard(&P3_NO_BACK, &P0_NO_BACK, &P2_LION)
        .champion(P1, ["tiger_f", "tiger_m", "tiger_b"])
        .champion(P1, ["hippo_f", "hippo_m", "hippo_b"])
        .champion(P1, ["scorpion_f", "scorpion_m", "scorpion_b"])
}

/// CC-T25, CC-7.1, CC-4.8, CC-A2: P1 owns 3 Champions (4 needed with 4 players) and wins
/// the final battle: the game is over at once, P1 wins; no further step (P0 is not
/// refilled, no adjustment) and no action is accepted.
#[test]
fn cc_t25_fourth_champion_wins() {
    let mut g = three_champions().build();
    rc_attacks(&mut g, P2);
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next(P3));
    g.act(P1, Choice::DeclineSteal);
    g.act(P1, g.next(P0));
    g.act(P0, g.defend(LION20));
    let events = g.act(P1, g.steal("lion_f"));
    assert_eq!(g.s.champions(P1).len(), 4);
    assert_eq!(g.s.outcome(), Some(&winners(&[P1])));
    assert!(events.contains(&Event::GameOver {
        outcome: winners(&[P1])
    }));
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::Drew { .. } | Event::TurnEnded { .. } | Event::TurnStarted { .. }
    )));
    assert_eq!(g.hand_len(P0), 4, "no refill after the game ended");
    assert_eq!(g.pending(), Pending::GameOver);
    assert!(legal_actions(&g.s).is_empty());
    let err = g.reject(P1, Choice::DrawForTurn);
    assert_eq!(err, Error::GameOver);
    assert_eq!(
        view(&g.s, Observer::Spectator).outcome,
        Some(winners(&[P1]))
    );
}

/// CC-T25 (berserk), CC-7.1, CC-6.13: a non-active player's berserk Champion reaching the
/// threshold ends the game at once.
#[test]
fn cc_t25_berserk_champion_wins_for_non_active_player() {
    let mut g = setup(4)
        .hand(P1, &P0_NO_BACK)
        .hand(P2, &P3_NO_BACK)
        .hand(P3, &P2_LION)
        .hand(
            P0,
            &[
                "shark_f",
                "elephant_m",
                "kangaroo_f",
                "cobra_f",
                "jellyfish_m",
                "eagle_f",
            ],
        )
        .champion(P3, ["tiger_f", "tiger_m", "tiger_b"])
        .champion(P3, ["hippo_f", "hippo_m", "hippo_b"])
        .champion(P3, ["scorpion_f", "scorpion_m", "scorpion_b"])
        .deck(&["berserk_1"])
        .filler(20)
        // A lone participant fights (CC-A8 variant).
        .configure(|c| c.berserk_min_participants = 1)
        .build();
    g.act(P1, Choice::DrawForTurn);
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P3 });
    let events = g.act(P3, g.commit(LION20));
    assert_eq!(g.s.outcome(), Some(&winners(&[P3])));
    assert!(!events.iter().any(|e| matches!(e, Event::Drew { .. })));
    assert_eq!(g.hand_len(P1), 7, "no replacement draw");
    assert_eq!(g.pending(), Pending::GameOver);
}

/// CC-7.2, CC-A9 variant: with `AllTiedBecomeChampions`, two players reaching the
/// threshold in the same berserk battle share the win.
#[test]
fn cc_7_2_shared_win() {
    let mut g = setup(4)
        .configure(|c| c.berserk_tie = BerserkTie::AllTiedBecomeChampions)
        .hand(
            P1,
            &[
                "vulture_f",
                "piranha_f",
                "hamster_f",
                "mosquito_f",
                "armadillo_f",
                "porcupine_f",
                "rabies_1",
            ],
        )
        .hand(
            P2,
            &[
                "shark_f",
                "tiger_m",
                "lion_b",
                "eagle_f",
                "octopus_f",
                "cobra_f",
                "jellyfish_f",
            ],
        )
        .hand(
            P3,
            &[
                "elephant_f",
                "gorilla_m",
                "wolf_b",
                "black_widow_f",
                "kangaroo_f",
                "gila_monster_f",
                "bumblebee_f",
            ],
        )
        .hand(P0, &P3_NO_BACK)
        .champion(P2, ["grizzly_f", "grizzly_m", "grizzly_b"])
        .champion(P2, ["rhino_f", "rhino_m", "rhino_b"])
        .champion(P2, ["crocodile_f", "crocodile_m", "crocodile_b"])
        .champion(P3, ["barracuda_f", "barracuda_m", "barracuda_b"])
        .champion(P3, ["moose_f", "moose_m", "moose_b"])
        .champion(P3, ["dromedary_f", "dromedary_m", "dromedary_b"])
        .deck(&["berserk_1"])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P2, g.commit(SHARK25));
    g.act(P3, g.commit(["elephant_f", "gorilla_m", "wolf_b"]));
    assert_eq!(g.s.outcome(), Some(&winners(&[P2, P3])));
}

/// CC-7.1: with the default NoChampion tie rule a berserk tie cannot end the game.
#[test]
fn cc_7_1_berserk_tie_no_champion_no_win() {
    let mut g = setup(4)
        .hand(
            P1,
            &[
                "vulture_f",
                "piranha_f",
                "hamster_f",
                "mosquito_f",
                "armadillo_f",
                "porcupine_f",
                "rabies_1",
            ],
        )
        .hand(
            P2,
            &[
                "shark_f",
                "tiger_m",
                "lion_b",
                "eagle_f",
                "octopus_f",
                "cobra_f",
                "jellyfish_f",
            ],
        )
        .hand(
            P3,
            &[
                "elephant_f",
                "gorilla_m",
                "wolf_b",
                "black_widow_f",
                "kangaroo_f",
                "gila_monster_f",
                "bumblebee_f",
            ],
        )
        .hand(P0, &P3_NO_BACK)
        .champion(P2, ["grizzly_f", "grizzly_m", "grizzly_b"])
        .champion(P2, ["rhino_f", "rhino_m", "rhino_b"])
        .champion(P2, ["crocodile_f", "crocodile_m", "crocodile_b"])
        .deck(&["berserk_1"])
        .filler(10)
        .build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P2, g.commit(SHARK25));
    g.act(P3, g.commit(["elephant_f", "gorilla_m", "wolf_b"]));
    assert!(g.s.outcome().is_none());
    assert_eq!(g.s.champions(P2).len(), 3);
}

/// `champions_to_win` override (CC-3.9, CC-A1): with 1 needed, the first Champion wins.
#[test]
fn cc_3_9_champions_to_win_override() {
    let mut g = setup(2)
        .configure(|c| c.champions_to_win = Some(1))
        .hand(P1, &P1_HAND)
        .hand(P0, &P2_LION)
        .deck(&[TURN_CARD])
        .filler(10)
        .build();
    assert_eq!(view(&g.s, Observer::Spectator).champions_to_win, 1);
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(RC, P0));
    g.act(P0, g.defend(LION20));
    g.act(P1, Choice::DeclineSteal);
    assert_eq!(g.s.outcome(), Some(&winners(&[P1])));
}

/// Champion counts for the turn-limit tests: P2 has 2, P3 has `p3` Champions.
fn at_turn_limit(p3_champions: usize) -> Table {
    let sets = [
        ["grizzly_f", "grizzly_m", "grizzly_b"],
        ["tiger_f", "tiger_m", "tiger_b"],
    ];
    let mut s = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .configure(|c| c.turn_limit = 10)
        .turns_completed(9)
        .champion(P2, ["hippo_f", "hippo_m", "hippo_b"])
        .champion(P2, ["scorpion_f", "scorpion_m", "scorpion_b"]);
    for set in sets.iter().take(p3_champions) {
        s = s.champion(P3, *set);
    }
    s.build()
}

/// CC-7.3, CC-A2, CC-A23: at the turn limit the player with the most Champions wins.
#[test]
fn cc_7_3_turn_limit_most_champions_win() {
    let mut g = at_turn_limit(1);
    g.act(P1, Choice::Redraw);
    assert_eq!(g.s.turns_completed(), 10);
    assert_eq!(g.s.outcome(), Some(&winners(&[P2])));
}

/// CC-7.3: players tied for most Champions at the turn limit share the win.
#[test]
fn cc_7_3_turn_limit_tie_shares_win() {
    let mut g = at_turn_limit(2);
    g.act(P1, Choice::Redraw);
    assert_eq!(g.s.outcome(), Some(&winners(&[P2, P3])));
}

/// CC-7.3, CC-A23: random games with a turn limit always end, by the threshold or the
/// limit, within the engine's action bound.
#[test]
fn cc_a23_turn_limit_terminates_random_games() {
    for seed in 0..20u64 {
        let mut config = Config::for_players(2 + (seed % 5) as u8);
        config.turn_limit = 40;
        let mut s = new_game(&config, seed).unwrap();
        let mut pick = fuda_core::GameRng::from_seed(seed);
        let mut steps = 0;
        while s.outcome().is_none() {
            let actions: Vec<Action> = legal_actions(&s);
            s = apply(&s, &actions[pick.below(actions.len())]).unwrap();
            steps += 1;
            assert!(steps < 20_000, "seed {seed} did not end");
        }
        assert!(s.turns_completed() <= 40);
        let most = (0..s.num_players())
            .map(|i| s.champions(fuda_creature_clash::Seat(i as u8)).len())
            .max()
            .unwrap();
        match s.outcome().unwrap() {
            Outcome::Draw => assert_eq!(most, 0),
            Outcome::Winners(w) => {
                for p in w.iter() {
                    assert_eq!(s.champions(p).len(), most);
                }
            }
        }
    }
}

/// CC-6.11: Champion cards stay in the champion area for the rest of the game: never
/// discarded, never reshuffled.
#[test]
fn cc_6_11_champions_stay() {
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .champion(P2, ["hippo_f", "hippo_m", "hippo_b"])
        .build();
    for _ in 0..12 {
        g.finish_turn();
    }
    assert_eq!(
        g.champion_names(P2),
        vec![["hippo_f", "hippo_m", "hippo_b"].map(String::from)]
    );
}
