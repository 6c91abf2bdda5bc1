//! Seats, sets of seats and observers.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest number of seats any fuda game supports (Creature Clash! seats six).
pub const MAX_SEATS: usize = 8;

/// A seat at the table, numbered clockwise from 0 (`P0`, `P1`, ...). The default is seat
/// 0 (it fills the unused slots of inline seat lists).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat arrays.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The next seat clockwise ("to the left") at a table of `num_seats`.
    pub fn next(self, num_seats: usize) -> Seat {
        Seat(((self.index() + 1) % num_seats.max(1)) as u8)
    }

    /// The seats of a table of `num_seats`, clockwise starting with `self`.
    pub fn clockwise(self, num_seats: usize) -> impl Iterator<Item = Seat> {
        (0..num_seats).map(move |k| Seat(((self.index() + k) % num_seats) as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// A set of seats, e.g. the seats that may act now. Iterates in seat order; its JSON form
/// is the list of seat numbers, e.g. `[0, 2]`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(into = "Vec<Seat>", try_from = "Vec<Seat>")]
pub struct SeatSet(u8);

impl From<SeatSet> for Vec<Seat> {
    fn from(set: SeatSet) -> Vec<Seat> {
        set.iter().collect()
    }
}

impl TryFrom<Vec<Seat>> for SeatSet {
    type Error = String;
    fn try_from(seats: Vec<Seat>) -> Result<SeatSet, String> {
        match seats.iter().find(|s| s.index() >= MAX_SEATS) {
            Some(s) => Err(format!(
                "seat {} is out of range (at most {MAX_SEATS} seats)",
                s.0
            )),
            None => Ok(seats.into_iter().collect()),
        }
    }
}

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// A set holding one seat.
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    /// Every seat of a table of `num_seats`.
    pub fn all(num_seats: usize) -> SeatSet {
        (0..num_seats.min(MAX_SEATS)).fold(SeatSet::EMPTY, |s, i| s.with(Seat(i as u8)))
    }

    /// This set plus `seat`.
    #[must_use]
    pub fn with(self, seat: Seat) -> SeatSet {
        if seat.index() < MAX_SEATS {
            SeatSet(self.0 | (1 << seat.0))
        } else {
            self
        }
    }

    /// This set without `seat`.
    #[must_use]
    pub fn without(self, seat: Seat) -> SeatSet {
        if seat.index() < MAX_SEATS {
            SeatSet(self.0 & !(1 << seat.0))
        } else {
            self
        }
    }

    /// Adds `seat` to the set.
    pub fn insert(&mut self, seat: Seat) {
        *self = self.with(seat);
    }

    /// Whether `seat` is in the set.
    pub fn contains(self, seat: Seat) -> bool {
        seat.index() < MAX_SEATS && self.0 & (1 << seat.0) != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| Seat(self.0.trailing_zeros() as u8))
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as u8)
            .map(Seat)
            .filter(move |s| self.contains(*s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

/// Who is looking at a game: one seat, or a spectator who holds no cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Observer {
    /// A player: sees the public state and their own private cards.
    Seat(Seat),
    /// A spectator: sees the public state only.
    Spectator,
}

impl Observer {
    /// The observer's seat, if it is a player.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Observer::Seat(s) => Some(s),
            Observer::Spectator => None,
        }
    }

    /// Whether this observer is the player in `seat`.
    pub fn is(self, seat: Seat) -> bool {
        self == Observer::Seat(seat)
    }
}

impl fmt::Display for Observer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Observer::Seat(s) => write!(f, "{s}"),
            Observer::Spectator => f.write_str("spectator"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps_around_the_table() {
        let order: Vec<Seat> = Seat(3).clockwise(5).collect();
        assert_eq!(order, vec![Seat(3), Seat(4), Seat(0), Seat(1), Seat(2)]);
        assert_eq!(Seat(4).next(5), Seat(0));
    }

    #[test]
    fn seat_set_operations() {
        let s = SeatSet::only(Seat(2)).with(Seat(0)).with(Seat(5));
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Seat(0), Seat(2), Seat(5)]
        );
        assert!(!s.without(Seat(2)).contains(Seat(2)));
        assert_eq!(s.first(), Some(Seat(0)));
        assert_eq!(SeatSet::all(3).len(), 3);
        assert_eq!(SeatSet::EMPTY.with(Seat(200)), SeatSet::EMPTY);
    }

    #[test]
    fn observer_json_forms() {
        let o = Observer::Seat(Seat(1));
        assert_eq!(serde_json::to_string(&o).unwrap(), r#"{"seat":1}"#);
        assert_eq!(
            serde_json::to_string(&Observer::Spectator).unwrap(),
            r#""spectator""#
        );
        let set = SeatSet::only(Seat(0)).with(Seat(2));
        assert_eq!(serde_json::to_string(&set).unwrap(), "[0,2]");
        assert_eq!(serde_json::from_str::<SeatSet>("[2,0]").unwrap(), set);
        assert!(serde_json::from_str::<SeatSet>("[9]").is_err());
    }
}
