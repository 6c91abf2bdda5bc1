//! Setup (MJ-3.8): shuffle both decks into their MBs (R1), janken (R2), the winner's choice
//! of turn order (A1), the opening hands, and the first turn.

use crate::cards::CardId;
use crate::config::{Config, FirstPlayer};
use crate::error::Error;
use crate::event::Event;
use crate::rules::{effects, run};
use crate::state::{other, Pending, Player, Rules, RulesRef, State, Step, Task};
use fuda_core::{EventLog, GameRng, NoEvents, Pile, Seat};
use std::sync::Arc;

/// A new game. RNG order (MJ-9.1): seat 0's shuffle, seat 1's shuffle, then janken.
pub(crate) fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    let rules = Rules::new(config)?;
    let mut rng = GameRng::from_seed(seed);
    let n = rules.deck_size;
    let mut players: [Player; 2] = Default::default();
    for (i, p) in players.iter_mut().enumerate() {
        let mut cards: Vec<CardId> = (i * n..(i + 1) * n).map(|c| CardId(c as u16)).collect();
        rng.shuffle(&mut cards);
        p.mb = Pile::from_bottom_to_top(cards);
    }
    let (first, janken_winner) = match config.first_player {
        FirstPlayer::Janken => (None, Some(Seat(rng.below(2) as u8))),
        FirstPlayer::Fixed(seat) => (Some(seat), None),
    };
    let mut state = State {
        rules: RulesRef(Arc::new(rules)),
        rng,
        players,
        active: first.unwrap_or(Seat(0)),
        first,
        janken_winner,
        turn: 0,
        step: Step::Setup,
        mp_pool: 0,
        mp_spent: 0,
        next_majin: 0,
        attack: None,
        tasks: Vec::new(),
        pending: Pending::GameOver,
        outcome: None,
    };
    match janken_winner {
        Some(seat) => state.pending = Pending::TurnOrder { seat },
        None => {
            deal(&mut state, &mut NoEvents);
            state.tasks.push(Task::BeginTurn);
            run(&mut state, &mut NoEvents);
        }
    }
    Ok(state)
}

/// A1: the janken winner goes first or second; then the opening hands and the first turn.
pub(crate) fn choose_turn_order<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    go_first: bool,
    log: &mut L,
) {
    let first = if go_first { seat } else { other(seat) };
    s.first = Some(first);
    s.active = first;
    log.emit(|| Event::TurnOrderSet { first });
    deal(s, log);
    s.tasks.push(Task::BeginTurn);
}

/// MJ-3.8 step 4: each player draws the opening hand (no mulligan).
fn deal<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let hand = s.config().opening_hand;
    for seat in [Seat(0), Seat(1)] {
        effects::draw(s, seat, hand, log);
    }
}
