//! One list per seat (such as champion areas) held in one inline block.

use crate::seat::MAX_SEATS;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{DerefMut, Range};
use tinyvec::{Array, ArrayVec, TinyVec};

/// One list of items per seat, all held end to end in one block: seat 0's items first,
/// then seat 1's, and so on.
///
/// A state clone copies the block and the seats' bounds in one memory copy, where a
/// list of per-seat lists would clone each seat's list on its own. Up to `N` items in all
/// are held inline; with the default block `B` (a [`TinyVec`]) more (a custom card set or
/// variant beyond the capacity a game chose) move the block to the heap, and everything
/// works the same, only slower. [`FixedSeatLists`] holds at most `N` and is `Copy`, for
/// lists the rules bound. Putting an item into one seat's list shifts the items of the
/// seats after it, which costs a few bytes' move for the short lists of a card game.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatLists<T: Default + Copy, const N: usize, B = TinyVec<[T; N]>> {
    items: B,
    /// Where each seat's list starts in `items`: seat `i`'s list is
    /// `items[bounds[i]..bounds[i + 1]]`. `bounds[0]` is 0; the entries after `seats` equal
    /// `items.len()`.
    bounds: [u32; MAX_SEATS + 1],
    seats: u8,
    /// `N` and the item type belong to the block; the struct names them for its aliases.
    _item: std::marker::PhantomData<[T; 0]>,
}

/// [`SeatLists`] in a fixed block of at most `N` items: `Copy`, so a state holding it
/// clones as one memory copy. For lists whose length the rules bound; an item beyond `N`
/// is refused (the methods that add one say so).
pub type FixedSeatLists<T, const N: usize> = SeatLists<T, N, ArrayVec<[T; N]>>;

/// The block a [`SeatLists`] keeps its items in: growable ([`TinyVec`]) or fixed
/// ([`ArrayVec`]).
pub trait ListBlock<T>: Default + DerefMut<Target = [T]> {
    /// Appends `item`; false, and nothing changed, if the block is full.
    fn try_push(&mut self, item: T) -> bool;
    /// Shortens the block to `len` items.
    fn truncate(&mut self, len: usize);
    /// Takes the items of `range` out, in order, closing the gap.
    fn take_range(&mut self, range: Range<usize>) -> Self;
    /// Whether the block is held inline (no heap block to copy on clone).
    fn is_inline(&self) -> bool;
}

impl<A: Array> ListBlock<A::Item> for TinyVec<A> {
    #[inline]
    fn try_push(&mut self, item: A::Item) -> bool {
        self.push(item);
        true
    }
    fn truncate(&mut self, len: usize) {
        TinyVec::truncate(self, len);
    }
    fn take_range(&mut self, range: Range<usize>) -> Self {
        self.drain(range).collect()
    }
    fn is_inline(&self) -> bool {
        TinyVec::is_inline(self)
    }
}

impl<A: Array> ListBlock<A::Item> for ArrayVec<A> {
    #[inline]
    fn try_push(&mut self, item: A::Item) -> bool {
        self.try_push(item).is_none()
    }
    fn truncate(&mut self, len: usize) {
        ArrayVec::truncate(self, len);
    }
    fn take_range(&mut self, range: Range<usize>) -> Self {
        self.drain(range).collect()
    }
    fn is_inline(&self) -> bool {
        true
    }
}

impl<T: Default + Copy, const N: usize, B: ListBlock<T>> SeatLists<T, N, B> {
    /// Empty lists for `seats` seats (at most [`MAX_SEATS`]; more are cut to it).
    pub fn new(seats: usize) -> SeatLists<T, N, B> {
        SeatLists {
            items: B::default(),
            bounds: [0; MAX_SEATS + 1],
            seats: seats.min(MAX_SEATS) as u8,
            _item: std::marker::PhantomData,
        }
    }

    /// The lists given, seat 0's first; `None` for more than [`MAX_SEATS`] lists, more
    /// than `u32::MAX` items, or more than a fixed block holds.
    pub fn from_lists<L: IntoIterator<Item = T>>(
        lists: impl IntoIterator<Item = L>,
    ) -> Option<SeatLists<T, N, B>> {
        let mut out = Self::new(0);
        for list in lists {
            if usize::from(out.seats) == MAX_SEATS {
                return None;
            }
            for item in list {
                out.items.try_push(item).then_some(())?;
            }
            let end = u32::try_from(out.items.len()).ok()?;
            out.bounds[usize::from(out.seats) + 1..].fill(end);
            out.seats += 1;
        }
        Some(out)
    }

    /// How many seats have a list.
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// Where seat `seat`'s list starts and ends in the block, if the seat has a list.
    #[inline]
    fn range(&self, seat: usize) -> Option<std::ops::Range<usize>> {
        if seat >= self.seats() {
            return None;
        }
        Some(self.bounds[seat] as usize..self.bounds[seat + 1] as usize)
    }

    /// Seat `seat`'s list (empty for a seat beyond the lists).
    #[inline]
    pub fn get(&self, seat: usize) -> &[T] {
        self.range(seat).map_or(&[], |r| &self.items[r])
    }

    /// Seat `seat`'s list to change in place, if the seat has one.
    pub fn get_mut(&mut self, seat: usize) -> Option<&mut [T]> {
        let r = self.range(seat)?;
        Some(&mut self.items[r])
    }

    /// Every seat's list, seat 0's first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        (0..self.seats()).map(|seat| self.get(seat))
    }

    /// All the items of every list, seat 0's first.
    pub fn all(&self) -> &[T] {
        &self.items
    }

    /// Puts `item` at index `at` of seat `seat`'s list (at its end if `at` is beyond it);
    /// false, and nothing changed, if the seat has no list or a fixed block is full.
    pub fn insert(&mut self, seat: usize, at: usize, item: T) -> bool {
        let Some(r) = self.range(seat) else {
            return false;
        };
        // One memory move of the items after it (tinyvec's insert moves them one by one).
        let at = r.start + at.min(r.len());
        let len = self.items.len();
        if !self.items.try_push(item) {
            return false;
        }
        self.items.copy_within(at..len, at + 1);
        self.items[at] = item;
        self.bounds[seat + 1..].iter_mut().for_each(|b| *b += 1);
        true
    }

    /// Appends `item` to seat `seat`'s list; false, and nothing changed, if the seat has no
    /// list or a fixed block is full.
    pub fn push(&mut self, seat: usize, item: T) -> bool {
        self.insert(seat, usize::MAX, item)
    }

    /// Takes the item at index `at` out of seat `seat`'s list, if there is one there.
    pub fn remove(&mut self, seat: usize, at: usize) -> Option<T> {
        let r = self.range(seat)?;
        if at >= r.len() {
            return None;
        }
        let at = r.start + at;
        let items = &mut *self.items;
        let item = items[at];
        items.copy_within(at + 1.., at);
        self.items.truncate(self.items.len() - 1);
        self.bounds[seat + 1..].iter_mut().for_each(|b| *b -= 1);
        Some(item)
    }

    /// Moves the item at index `at` of list `from` to index `to_at` of list `to` (its end
    /// if `to_at` is beyond it), keeping the order of the others, and returns it; `None`,
    /// and nothing changed, if there is no such item or list. The block keeps its length:
    /// only the items between the two places shift, by one, and nothing can spill.
    pub fn move_item(&mut self, from: usize, at: usize, to: usize, to_at: usize) -> Option<T> {
        if from.max(to) >= self.seats() {
            return None;
        }
        // Read the bounds and the block once: this runs on every draw and discard.
        let b = &mut self.bounds;
        let (from_start, from_end) = (b[from] as usize, b[from + 1] as usize);
        let src = from_start + at;
        if src >= from_end {
            return None;
        }
        let (to_start, to_end) = (b[to] as usize, b[to + 1] as usize);
        let dst = match from.cmp(&to) {
            // The lists from `from + 1` to `to` start one item earlier once it has left.
            Ordering::Less => {
                b[from + 1..=to].iter_mut().for_each(|b| *b -= 1);
                to_start - 1 + to_at.min(to_end - to_start)
            }
            Ordering::Greater => {
                b[to + 1..=from].iter_mut().for_each(|b| *b += 1);
                to_start + to_at.min(to_end - to_start)
            }
            Ordering::Equal => from_start + to_at.min(from_end - from_start - 1),
        };
        // One memory move of the items between (a slice rotation costs more per call).
        let items = &mut *self.items;
        let item = items[src];
        if src < dst {
            items.copy_within(src + 1..=dst, src);
        } else {
            items.copy_within(dst..src, dst + 1);
        }
        items[dst] = item;
        Some(item)
    }

    /// Takes seat `seat`'s whole list out, leaving it empty (nothing for a seat beyond the
    /// lists).
    pub fn take(&mut self, seat: usize) -> B {
        let Some(r) = self.range(seat) else {
            return B::default();
        };
        let taken = r.len() as u32;
        let out = self.items.take_range(r);
        self.bounds[seat + 1..].iter_mut().for_each(|b| *b -= taken);
        out
    }

    /// Whether the block is held inline (no heap block to copy on clone).
    pub fn is_inline(&self) -> bool {
        self.items.is_inline()
    }
}

impl<T: Default + Copy + fmt::Debug, const N: usize, B: ListBlock<T>> fmt::Debug
    for SeatLists<T, N, B>
{
    /// The lists, one per seat.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Lists = SeatLists<u16, 8>;

    fn lists(l: &Lists) -> Vec<Vec<u16>> {
        l.iter().map(<[u16]>::to_vec).collect()
    }

    /// Inserts, removals and takes change only the seat named, and equal lists compare
    /// equal however they were built.
    #[test]
    fn each_seat_keeps_its_own_list() {
        let mut l = Lists::new(3);
        assert!(l.push(1, 5));
        assert!(l.push(0, 1));
        assert!(l.insert(1, 0, 4));
        assert!(l.push(2, 9));
        assert!(!l.push(3, 7), "no fourth seat");
        assert_eq!(lists(&l), [vec![1], vec![4, 5], vec![9]]);
        assert_eq!(l.remove(1, 1), Some(5));
        assert_eq!(l.remove(1, 1), None);
        assert_eq!(l.remove(5, 0), None);
        assert_eq!(lists(&l), [vec![1], vec![4], vec![9]]);
        assert_eq!(l.take(0).as_slice(), [1]);
        assert_eq!(lists(&l), [vec![], vec![4], vec![9]]);
        assert_eq!(l.get(7), &[] as &[u16]);
        if let Some(s) = l.get_mut(2) {
            s[0] = 8;
        }
        assert_eq!(l.all(), [4, 8]);
        assert_eq!(
            Some(l.clone()),
            Lists::from_lists([vec![], vec![4], vec![8]])
        );
        assert_eq!(format!("{l:?}"), "[[], [4], [8]]");
    }

    /// A moved item leaves one list and enters the other at the place asked, in either
    /// direction and within one list; the lists between keep their items.
    #[test]
    fn moved_items_keep_every_other_list_in_order() {
        let mut l = Lists::from_lists([vec![1, 2, 3], vec![4], vec![5, 6]]).unwrap();
        assert_eq!(l.move_item(0, 2, 2, usize::MAX), Some(3));
        assert_eq!(lists(&l), [vec![1, 2], vec![4], vec![5, 6, 3]]);
        assert!(l.move_item(2, 0, 0, 1).is_some());
        assert_eq!(lists(&l), [vec![1, 5, 2], vec![4], vec![6, 3]]);
        assert!(l.move_item(1, 0, 2, 0).is_some());
        assert_eq!(lists(&l), [vec![1, 5, 2], vec![], vec![4, 6, 3]]);
        assert!(l.move_item(2, 2, 1, 0).is_some());
        assert_eq!(lists(&l), [vec![1, 5, 2], vec![3], vec![4, 6]]);
        assert!(l.move_item(0, 0, 0, usize::MAX).is_some());
        assert_eq!(lists(&l), [vec![5, 2, 1], vec![3], vec![4, 6]]);
        assert!(l.move_item(0, 2, 0, 0).is_some());
        assert_eq!(lists(&l), [vec![1, 5, 2], vec![3], vec![4, 6]]);
        assert_eq!(l.move_item(1, 1, 0, 0), None, "no second item");
        assert_eq!(l.move_item(0, 0, 3, 0), None, "no fourth list");
        assert_eq!(
            Some(l),
            Lists::from_lists([vec![1, 5, 2], vec![3], vec![4, 6]])
        );
    }

    /// Random moves, inserts and removals agree with a list of lists, inline and spilled.
    #[test]
    fn random_changes_agree_with_separate_lists() {
        let mut rng = crate::GameRng::from_seed(7);
        let mut model: Vec<Vec<u16>> = vec![vec![1, 2, 3], vec![], vec![4, 5], vec![6]];
        let mut l = Lists::from_lists(model.clone()).unwrap();
        for step in 0..5_000u16 {
            let (a, b) = (rng.below(5), rng.below(5));
            let (i, j) = (rng.below(4), rng.below(4));
            match rng.below(3) {
                0 => {
                    let expected = (a < 4 && b < 4 && i < model[a].len()).then(|| {
                        let item = model[a].remove(i);
                        let at = j.min(model[b].len());
                        model[b].insert(at, item);
                        item
                    });
                    assert_eq!(l.move_item(a, i, b, j), expected);
                }
                1 if model.iter().map(Vec::len).sum::<usize>() < 12 => {
                    if a < 4 {
                        let at = i.min(model[a].len());
                        model[a].insert(at, step);
                    }
                    assert_eq!(l.insert(a, i, step), a < 4);
                }
                _ => {
                    let expected = (a < 4 && i < model[a].len()).then(|| model[a].remove(i));
                    assert_eq!(l.remove(a, i), expected);
                }
            }
            assert_eq!(lists(&l), model);
        }
    }

    /// More items than the inline block holds move it to the heap and work the same; more
    /// lists than seats are refused.
    #[test]
    fn a_full_block_spills_and_too_many_seats_are_refused() {
        let mut l = Lists::from_lists([vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).unwrap();
        assert!(l.is_inline());
        l.insert(0, 2, 0);
        assert!(!l.is_inline());
        assert_eq!(lists(&l), [vec![1, 2, 0, 3, 4], vec![5, 6, 7, 8]]);
        assert!(Lists::from_lists(vec![vec![1]; MAX_SEATS + 1]).is_none());
        assert_eq!(Lists::new(MAX_SEATS + 3).seats(), MAX_SEATS);
    }

    /// A fixed block holds at most `N` items and is `Copy`: an item more is refused and
    /// changes nothing, as are lists longer than the block.
    #[test]
    fn a_fixed_block_refuses_an_item_beyond_it() {
        type Fixed = FixedSeatLists<u16, 4>;
        let mut l = Fixed::from_lists([vec![1, 2], vec![3]]).unwrap();
        let copy = l;
        assert!(l.insert(1, 0, 4));
        assert!(!l.insert(0, 0, 5), "full");
        assert!(!l.push(1, 5), "full");
        assert_eq!(
            l.iter().map(<[u16]>::to_vec).collect::<Vec<_>>(),
            [vec![1, 2], vec![4, 3]]
        );
        assert_eq!(l.move_item(1, 1, 0, 0), Some(3));
        assert_eq!(l.remove(0, 0), Some(3));
        assert!(l.push(1, 5));
        assert_eq!(l.take(1).as_slice(), [4, 5]);
        assert_eq!(copy.all(), [1, 2, 3]);
        assert!(Fixed::from_lists([vec![1, 2, 3], vec![4, 5]]).is_none());
        assert!(l.is_inline());
    }
}
