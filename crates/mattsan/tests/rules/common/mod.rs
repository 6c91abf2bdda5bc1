//! Helpers shared by the rule tests.

use fuda_mattsan::{
    apply_in_place, Action, CardId, Choice, Config, DeckChoice, Error, Event, Game, Loc, Mattsan,
    Pending, Seat, State,
};

pub const P0: Seat = Seat(0);
pub const P1: Seat = Seat(1);

/// A configuration where both seats play deck A.
pub fn deck_a_both() -> Config {
    Config::with_decks(DeckChoice::a(), DeckChoice::a())
}

/// The instance of `name` in `seat`'s hand.
pub fn in_hand(s: &State, seat: Seat, name: &str) -> CardId {
    *s.hand(seat)
        .iter()
        .find(|&&c| s.card_name(c) == name)
        .unwrap_or_else(|| panic!("{seat} holds no {name}: {:?}", s.hand(seat)))
}

/// The card at a location.
pub fn at(s: &State, seat: Seat, loc: Loc) -> CardId {
    s.occupant(seat, loc)
        .unwrap_or_else(|| panic!("{seat}'s {loc:?} is empty"))
        .card
}

/// The name of the card at a location.
pub fn name_at(s: &State, seat: Seat, loc: Loc) -> String {
    s.occupant(seat, loc)
        .map_or_else(|| "(empty)".into(), |o| s.card_name(o.card).to_string())
}

/// Damage on the card at a location.
pub fn damage(s: &State, seat: Seat, loc: Loc) -> u16 {
    s.occupant(seat, loc).map_or(0, |o| o.damage)
}

/// Applies an action that must be legal; returns its events.
pub fn act(s: &mut State, seat: Seat, choice: Choice) -> Vec<Event> {
    let a = Action::new(seat, choice);
    let mut legal = Vec::new();
    Mattsan::legal_actions_for(s, seat, &mut legal);
    assert!(
        legal.contains(&a),
        "{a:?} is not legal; pending {:?}; legal: {legal:?}",
        s.pending()
    );
    apply_in_place(s, &a).unwrap_or_else(|e| panic!("{a:?} refused: {e}"))
}

/// Tries an action.
pub fn try_act(s: &mut State, seat: Seat, choice: Choice) -> Result<Vec<Event>, Error> {
    apply_in_place(s, &Action::new(seat, choice))
}

/// Whether an action is legal.
pub fn is_legal(s: &State, seat: Seat, choice: Choice) -> bool {
    let mut legal = Vec::new();
    Mattsan::legal_actions_for(s, seat, &mut legal);
    legal.contains(&Action::new(seat, choice))
}

/// The legal choices of a seat.
pub fn choices(s: &State, seat: Seat) -> Vec<Choice> {
    let mut legal = Vec::new();
    Mattsan::legal_actions_for(s, seat, &mut legal);
    legal.into_iter().map(|a| a.choice).collect()
}

/// Passes every open response window.
pub fn pass_windows(s: &mut State) -> Vec<Event> {
    let mut all = Vec::new();
    while let Pending::Respond { seat, .. } = s.pending() {
        all.extend(act(s, seat, Choice::Pass));
    }
    all
}
