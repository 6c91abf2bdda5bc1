//! The majins on the table (MJ-3.4, MJ-3.5): both players' in one inline list.
//!
//! Seat 0's majins come first, then seat 1's, each player's in id order, so a player's
//! majins are one slice. One list for both players holds the inline room once: a state is
//! moved and cloned whole, unused room included, and two lists of 24 (the layout before)
//! took 2,320 bytes where this one takes 1,296 (docs/performance.md).

use crate::state::{Majin, MajinId};
use fuda_core::{Seat, SmallVec};

/// Majins both players hold inline, over both zones. The zones have no limit (MJ-3.4) and
/// a majin needs only 1 card, so 80 are possible in principle with the sample decks. Of
/// 5,000 random games of them, 37 (0.74%) pass 32 majins on the table at some point (41
/// at most; test `random_games_keep_the_majins_inline`), so 32 keep almost every such game
/// inline, at 40 bytes a majin. More spill to the heap (slower, correct).
pub(crate) const MAX_MAJINS: usize = 32;

/// Both players' majins: seat 0's, then seat 1's, each in id order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct MajinTable {
    all: SmallVec<[Majin; MAX_MAJINS]>,
    /// How many of `all` are seat 0's.
    split: usize,
}

impl MajinTable {
    /// `seat`'s majins, in id order.
    #[inline]
    pub fn of(&self, seat: Seat) -> &[Majin] {
        let (first, second) = self.all.split_at(self.split);
        if seat.0 == 0 {
            first
        } else {
            second
        }
    }

    /// `seat`'s majins, to change in place (their ids must stay as they are).
    #[inline]
    pub fn of_mut(&mut self, seat: Seat) -> &mut [Majin] {
        let (first, second) = self.all.split_at_mut(self.split);
        if seat.0 == 0 {
            first
        } else {
            second
        }
    }

    /// Every majin on the table, seat 0's first.
    pub fn all(&self) -> &[Majin] {
        &self.all
    }

    /// Every majin on the table, to change in place (their ids must stay as they are).
    pub fn all_mut(&mut self) -> &mut [Majin] {
        &mut self.all
    }

    /// Majins on both players' fields.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// Adds a majin of `seat` after its others: a new majin's id is the highest yet
    /// (MJ-3.5), so the player's majins stay in id order.
    pub fn push(&mut self, seat: Seat, majin: Majin) {
        if seat.0 == 0 {
            self.all.insert(self.split, majin);
            self.split += 1;
        } else {
            self.all.push(majin);
        }
    }

    /// A majin and its owner.
    #[inline]
    pub fn find(&self, id: MajinId) -> Option<(Seat, &Majin)> {
        let (seat, k) = self.locate(id)?;
        Some((seat, &self.all[k]))
    }

    /// A majin, to change in place (its id must stay as it is).
    #[inline]
    pub fn find_mut(&mut self, id: MajinId) -> Option<&mut Majin> {
        let (_, k) = self.locate(id)?;
        self.all.get_mut(k)
    }

    /// Takes a majin off the table.
    pub fn remove(&mut self, id: MajinId) -> Option<Majin> {
        let (seat, k) = self.locate(id)?;
        if seat.0 == 0 {
            self.split -= 1;
        }
        Some(self.all.remove(k))
    }

    /// The owner of majin `id` and its index in `all`. A scan: the table is short (a few
    /// majins, rarely more than [`MAX_MAJINS`]), and scanning it costs fewer steps than a
    /// binary search in each player's slice.
    #[inline]
    fn locate(&self, id: MajinId) -> Option<(Seat, usize)> {
        let k = self.all.iter().position(|m| m.id == id)?;
        Some((Seat(u8::from(k >= self.split)), k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Zone;

    fn majin(id: u16) -> Majin {
        Majin {
            id: MajinId(id),
            zone: Zone::Prepare,
            tapped: false,
            face_down: false,
            cards: Default::default(),
            turn_mod: 0,
            battle_mod: 0,
        }
    }

    fn ids(t: &MajinTable, seat: Seat) -> Vec<u16> {
        t.of(seat).iter().map(|m| m.id.0).collect()
    }

    /// MJ-3.5: each player's majins stay apart and in id order through adds and removals.
    #[test]
    fn mj_3_5_each_players_majins_stay_apart_in_id_order() {
        let mut t = MajinTable::default();
        for (seat, id) in [(1, 0), (0, 1), (1, 2), (0, 3), (0, 4), (1, 5)] {
            t.push(Seat(seat), majin(id));
        }
        assert_eq!(ids(&t, Seat(0)), [1, 3, 4]);
        assert_eq!(ids(&t, Seat(1)), [0, 2, 5]);
        assert_eq!(
            t.find(MajinId(2)).map(|(s, m)| (s, m.id)),
            Some((Seat(1), MajinId(2)))
        );
        assert_eq!(t.find(MajinId(3)).map(|(s, _)| s), Some(Seat(0)));
        assert!(t.find(MajinId(9)).is_none());
        assert_eq!(t.remove(MajinId(3)).map(|m| m.id), Some(MajinId(3)));
        assert_eq!(t.remove(MajinId(0)).map(|m| m.id), Some(MajinId(0)));
        assert!(t.remove(MajinId(0)).is_none());
        assert_eq!(ids(&t, Seat(0)), [1, 4]);
        assert_eq!(ids(&t, Seat(1)), [2, 5]);
        if let Some(m) = t.find_mut(MajinId(5)) {
            m.tapped = true;
        }
        assert!(t.of(Seat(1))[1].tapped);
        assert_eq!(t.len(), 4);
        t.of_mut(Seat(0))[0].turn_mod = 2;
        assert_eq!(t.all()[0].turn_mod, 2);
    }
}
