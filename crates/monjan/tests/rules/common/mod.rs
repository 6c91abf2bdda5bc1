//! Helpers shared by the rule tests.

use fuda_monjan::{
    apply, legal_actions_for, Action, BoardAssignment, CardId, Choice, Config, Error, MatchFormat,
    Pending, Scenario, Seat, State,
};

/// Seats.
pub const A: Seat = Seat(0);
/// Seats.
pub const B: Seat = Seat(1);
/// Seats.
pub const C: Seat = Seat(2);

/// Basic format with fixed boards (seat order).
pub fn config(boards: &[&str]) -> Config {
    let mut c = Config::for_players(boards.len() as u8);
    c.match_format = MatchFormat::Basic;
    c.board_assignment = BoardAssignment::Fixed(boards.iter().map(|s| s.to_string()).collect());
    c
}

/// A scenario with fixed boards and default middle defenses of life 12 (`n_neutral_12`,
/// `n_earth_12`, ...) unless the test places its own.
pub fn scenario(boards: &[&str]) -> Scenario {
    Scenario::new(&config(boards), 1).expect("scenario")
}

/// A scenario from a configuration.
pub fn scenario_with(c: &Config) -> Scenario {
    Scenario::new(c, 1).expect("scenario")
}

/// The first instance of a card definition.
pub fn id(s: &State, name: &str) -> CardId {
    s.cards()
        .find(name)
        .unwrap_or_else(|| panic!("no card {name}"))
}

/// Applies an action that must be legal.
pub fn act(s: &State, seat: Seat, choice: Choice) -> State {
    let a = Action::new(seat, choice);
    assert!(
        legal_actions_for(s, seat).contains(&a),
        "{a:?} is not legal; pending {:?}; legal {:?}",
        s.pending(),
        legal_actions_for(s, seat)
    );
    apply(s, &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

/// Tries an action.
pub fn try_act(s: &State, seat: Seat, choice: Choice) -> Result<State, Error> {
    apply(s, &Action::new(seat, choice))
}

/// Whether an action is legal.
pub fn legal(s: &State, seat: Seat, choice: Choice) -> bool {
    legal_actions_for(s, seat).contains(&Action::new(seat, choice))
}

/// Whether `seat` may summon the Extra `name` now, in any way.
pub fn can_summon(s: &State, seat: Seat, name: &str) -> bool {
    let card = id(s, name);
    legal_actions_for(s, seat)
        .iter()
        .any(|a| matches!(a.choice, Choice::SummonExtra { card: c, .. } if c == card))
}

/// Passes while a window is open.
pub fn pass_window(mut s: State) -> State {
    while let Pending::Window { seat } = s.pending() {
        s = act(&s, seat, Choice::Pass);
    }
    s
}

/// The life of a defense (0 unless Live).
pub fn life(s: &State, seat: Seat, col: fuda_monjan::Col) -> u8 {
    match s.player(seat).map(|p| p.col(col).defense) {
        Some(fuda_monjan::Defense::Live { life, .. }) => life,
        _ => 0,
    }
}

/// Plays on without attacking (End, pass, hold) until the next round's edit turn or the
/// end of the game.
pub fn finish_round(mut s: State) -> State {
    let round = s.round();
    for _ in 0..10_000 {
        if s.outcome().is_some() || (s.round() > round && s.pending() == Pending::Edit) {
            return s;
        }
        let seat = s.to_act().first().expect("someone acts");
        let choice = match s.pending() {
            Pending::Edit => Choice::DeclareEnd,
            Pending::Window { .. } => Choice::Pass,
            Pending::Declare { .. } => Choice::EndDeclaration,
            Pending::Flame { .. } => Choice::FlameOfWrath { use_it: false },
            Pending::Resurrect { .. } => Choice::Resurrection { use_it: false },
            Pending::DragonTrap { .. } => Choice::DragonTrap { use_it: false },
            _ => legal_actions_for(&s, seat)[0].choice.clone(),
        };
        s = act(&s, seat, choice);
    }
    panic!("the round does not end");
}

/// Ends the edit turn of every seat in the edit set (simultaneous) and of later seats
/// (sequential) until the battle turn starts.
pub fn end_edit(mut s: State) -> State {
    while s.pending() == Pending::Edit {
        let seat = s.to_act().first().expect("edit set");
        s = act(&s, seat, Choice::DeclareEnd);
    }
    s
}
