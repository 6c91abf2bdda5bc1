//! Bots at a table: simultaneous phases are played blind, matches rotate seats and count
//! wins.

use fuda_bots::{bot_moves, run_match, Bot, BotList, BotSpec, Budget, RandomBot};
use fuda_core::{Game, Seat, SeatSet};
use fuda_monjan::{Config, Monjan, State};
use std::cell::RefCell;
use std::rc::Rc;

/// A random bot that records every state it is asked about.
struct Recorder {
    inner: RandomBot<Monjan>,
    seen: Rc<RefCell<Vec<(Seat, State)>>>,
}

impl Bot<Monjan> for Recorder {
    fn choose(&mut self, state: &State, seat: Seat) -> Option<fuda_monjan::Action> {
        self.seen.borrow_mut().push((seat, state.clone()));
        self.inner.choose(state, seat)
    }
}

/// MC-4.6: in the simultaneous edit turn every bot edits in a copy of the position in
/// which no other seat has moved yet — each state it is shown is the phase's start plus
/// its own moves — and all the moves are then played, lower seat first.
#[test]
fn simultaneous_edit_turns_are_played_blind() {
    let config = Config::default();
    let mut phases = 0;
    for seed in 0..20 {
        let mut state = Monjan::new_game(&config, seed).unwrap();
        let seen = Rc::new(RefCell::new(Vec::new()));
        let mut bots: Vec<Box<dyn Bot<Monjan>>> = (0..2)
            .map(|i| -> Box<dyn Bot<Monjan>> {
                Box::new(Recorder {
                    inner: RandomBot::new(seed * 2 + i),
                    seen: seen.clone(),
                })
            })
            .collect();
        for _ in 0..300 {
            if Monjan::outcome(&state).is_some() {
                break;
            }
            let to_act = Monjan::to_act(&state);
            seen.borrow_mut().clear();
            let moves = bot_moves(&state, SeatSet::all(2), &mut bots, 1000);
            assert_eq!(moves.stalled, None);
            assert!(!moves.actions.is_empty());
            if to_act.len() > 1 {
                phases += 1;
                for seat in to_act.iter() {
                    // Replay the seat's own moves from the phase's start.
                    let mut mine = state.clone();
                    let asked: Vec<State> = (seen.borrow().iter())
                        .filter(|(s, _)| *s == seat)
                        .map(|(_, st)| st.clone())
                        .collect();
                    let actions: Vec<_> = (moves.actions.iter())
                        .filter(|a| Monjan::actor(a) == seat)
                        .collect();
                    assert_eq!(asked.len(), actions.len());
                    for (shown, action) in asked.iter().zip(&actions) {
                        assert!(
                            *shown == mine,
                            "seed {seed}: {seat} saw another seat's move"
                        );
                        Monjan::apply_in_place(&mut mine, action).unwrap();
                    }
                    assert!(
                        !Monjan::to_act(&mine).contains(seat),
                        "{seat} did not finish"
                    );
                }
                // Lower seat first.
                let actors: Vec<Seat> = moves.actions.iter().map(Monjan::actor).collect();
                assert!(actors.windows(2).all(|w| w[0] <= w[1]));
            }
            for action in &moves.actions {
                if Monjan::apply_in_place(&mut state, action).is_err() {
                    break;
                }
            }
        }
    }
    assert!(phases > 20, "only {phases} simultaneous phases");
}

/// Seats rotate game by game, wins add up, and a match replays identically.
#[test]
fn matches_rotate_seats_and_count_every_game() {
    let configs = [fuda_uzumajin::Config::default()];
    let bots = BotList::from(BotSpec::Greedy)
        .for_seats(1)
        .unwrap()
        .into_iter()
        .chain([BotSpec::Random])
        .collect::<Vec<_>>();
    let stats = run_match::<fuda_uzumajin::Uzumajin>(&configs, &bots, 10, 4, None).unwrap();
    assert_eq!(stats.games, 10);
    for bot in &stats.bots {
        assert_eq!(
            bot.by_seat,
            vec![(5, bot.by_seat[0].1), (5, bot.by_seat[1].1)]
        );
        assert_eq!(bot.wins, bot.by_seat[0].1 + bot.by_seat[1].1);
    }
    let total: usize = stats.bots.iter().map(|b| b.wins).sum();
    assert_eq!(total + stats.draws + stats.unfinished, 10);
    let again = run_match::<fuda_uzumajin::Uzumajin>(&configs, &bots, 10, 4, None).unwrap();
    assert_eq!(again.bots, stats.bots);
    assert_eq!(again.steps, stats.steps);
    // The wrong number of bots for the table is refused.
    let three = [BotSpec::Random; 3];
    assert!(run_match::<fuda_uzumajin::Uzumajin>(&configs, &three, 1, 0, None).is_err());
}

/// A match with an ISMCTS bot reports its search work; with two configurations each is
/// used for a round of seats in turn.
#[test]
fn match_statistics_report_search_and_configurations() {
    let a = fuda_mattsan::Config::default();
    let mut b = a.clone();
    b.decks.swap(0, 1);
    let bots = [BotSpec::ismcts(Budget::Iterations(30)), BotSpec::Random];
    let stats = run_match::<fuda_mattsan::Mattsan>(&[a, b], &bots, 4, 9, None).unwrap();
    let ismcts = &stats.bots[0];
    assert!(ismcts.search.searches > 0);
    assert_eq!(ismcts.search.iterations, 30 * ismcts.search.searches);
    assert_eq!(stats.bots[1].search.searches, 0);
    assert_eq!(
        ismcts.by_config.iter().map(|c| c.0).collect::<Vec<_>>(),
        [2, 2]
    );
    assert!(stats.to_string().contains("iterations/s"));
}
