//! Lists kept in ascending order (hands in card-id order, sets of known cards): the
//! insertion and removal the engines make on their hot paths (issue 14).
//!
//! A hand holds a handful of cards, so an insertion pushes the item and moves it down into
//! place in one short pass: `partition_point` and `TinyVec::insert` (general: any index,
//! either arm, not inlined) were a tenth of Creature Clash!'s playout. A removal finds the
//! item by binary search and lets `TinyVec::remove` close the gap (a hand-written shift
//! measured slower).

use tinyvec::{Array, TinyVec};

/// Inserts `item` into `list`, which is in ascending order, after any items equal to it.
#[inline]
pub fn insert_sorted<A: Array>(list: &mut TinyVec<A>, item: A::Item)
where
    A::Item: Ord + Copy,
{
    list.push(item);
    let items = list.as_mut_slice();
    let mut at = items.len() - 1;
    while at > 0 && items[at - 1] > item {
        items[at] = items[at - 1];
        at -= 1;
    }
    items[at] = item;
}

/// Removes one copy of `item` from `list`, which is in ascending order; returns whether
/// there was one.
#[inline]
pub fn remove_sorted<A: Array>(list: &mut TinyVec<A>, item: A::Item) -> bool
where
    A::Item: Ord + Copy,
{
    let Ok(at) = list.binary_search(&item) else {
        return false;
    };
    list.remove(at);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[u16]) -> TinyVec<[u16; 4]> {
        items.iter().copied().collect()
    }

    #[test]
    fn insert_sorted_keeps_ascending_order_and_spills_past_the_inline_capacity() {
        let mut l = list(&[]);
        for x in [5, 1, 9, 5, 0, 7] {
            insert_sorted(&mut l, x);
        }
        assert_eq!(l.as_slice(), &[0, 1, 5, 5, 7, 9]);
        assert!(l.is_heap());
    }

    #[test]
    fn remove_sorted_takes_one_copy_and_reports_a_missing_item() {
        let mut l = list(&[1, 3, 3, 8]);
        assert!(remove_sorted(&mut l, 3));
        assert_eq!(l.as_slice(), &[1, 3, 8]);
        assert!(remove_sorted(&mut l, 8));
        assert!(remove_sorted(&mut l, 1));
        assert!(!remove_sorted(&mut l, 2));
        assert_eq!(l.as_slice(), &[3]);
    }

    #[test]
    fn both_agree_with_a_sorted_vec() {
        let mut rng = crate::GameRng::from_seed(3);
        let (mut l, mut v) = (list(&[]), Vec::new());
        for _ in 0..2_000 {
            let x = rng.below(12) as u16;
            if rng.below(2) == 0 {
                insert_sorted(&mut l, x);
                let at = v.partition_point(|&y| y <= x);
                v.insert(at, x);
            } else {
                let had = v.binary_search(&x).map(|i| v.remove(i)).is_ok();
                assert_eq!(remove_sorted(&mut l, x), had);
            }
            assert_eq!(l.as_slice(), v.as_slice());
        }
    }
}
