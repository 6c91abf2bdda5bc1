//! A player's deck, hand, discard pile and soul-charge zone (MS-3.4): four lists held end
//! to end in one fixed block, which souls are sideways and which hand cards every player
//! knows as one bit each.
//!
//! A state clone copies the block in one memory copy, where lists of their own (the layout
//! before, 2026-12-06) were cloned one by one (docs/performance.md); the block is fixed
//! (`Copy`), so a player clones as one copy. Putting a card into a list shifts the lists
//! after it: at most a deck of two-byte cards.

use crate::cards::CardId;
use crate::state::{SoulCard, ZONE_CARDS};
use fuda_core::FixedSeatLists;

/// The zones of a player that hold its cards off the field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// The deck, bottom first: the top card is the last.
    Deck,
    /// The hand, in card-id order (hand order carries no information).
    Hand,
    /// The discard pile, bottom first (public).
    Discard,
    /// The soul-charge zone (MS-5.2), in the order the cards were charged; which of them
    /// are sideways is kept beside the block ([`Zones::soul`]).
    Soul,
}

/// Lists per player, one per [`Place`].
const PLACES: usize = 4;

/// One player's deck, hand, discard pile and soul-charge zone, in [`Place`] order, in a
/// block of [`ZONE_CARDS`]: a player's zones hold only its own cards, at most `deck_size`
/// (≤ 60, MS-D6; [`crate::State::validate`] checks it), so every game fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Zones {
    lists: FixedSeatLists<CardId, ZONE_CARDS>,
    /// Bit `i` set: the `i`-th soul-charge card is sideways (spent on a trump, MS-5.7). A
    /// seat has at most `deck_size` (≤ 60) cards in the game, so 64 bits hold every soul;
    /// bits at or beyond the soul count are always clear.
    sideways: u64,
    /// Bit `i` set: every player saw the `i`-th hand card go into the hand, and it is
    /// still there (issue 15, item 10). Like `sideways`, the bit moves with its card.
    known: u64,
}

impl Default for Zones {
    fn default() -> Zones {
        Zones {
            lists: FixedSeatLists::new(PLACES),
            sideways: 0,
            known: 0,
        }
    }
}

/// The bit of the `i`-th soul (none beyond 64 souls, which a valid state never has).
fn bit(i: usize) -> u64 {
    1u64.checked_shl(i as u32).unwrap_or(0)
}

/// `mask` with the bit at `at` taken out and the bits above it moved down one.
fn without_bit(mask: u64, at: usize) -> u64 {
    let below = mask & bit(at).wrapping_sub(1);
    let above = mask.checked_shr(at as u32 + 1).unwrap_or(0);
    below | above.checked_shl(at as u32).unwrap_or(0)
}

/// `mask` with a clear bit put in at `at` and the bits from it moved up one.
fn with_clear_bit(mask: u64, at: usize) -> u64 {
    let below = mask & bit(at).wrapping_sub(1);
    let from = mask & !bit(at).wrapping_sub(1);
    below | from.checked_shl(1).unwrap_or(0)
}

impl Zones {
    /// The zones given, in [`Place`] order (the hand as given: it should be in card-id
    /// order); `None` for more cards than the block holds.
    pub fn from_lists(
        deck: &[CardId],
        hand: &[CardId],
        discard: &[CardId],
        soul: &[SoulCard],
    ) -> Option<Zones> {
        let souls: Vec<CardId> = soul.iter().map(|c| c.card).collect();
        let lists = [deck, hand, discard, &souls].map(|l| l.iter().copied());
        let lists = FixedSeatLists::from_lists(lists)?;
        let sideways = soul
            .iter()
            .enumerate()
            .filter(|(_, c)| c.tapped)
            .fold(0, |mask, (i, _)| mask | bit(i));
        Some(Zones {
            lists,
            sideways,
            known: 0,
        })
    }

    /// The hand cards every player knows, in hand order.
    pub fn known_in_hand(&self) -> impl Iterator<Item = CardId> + '_ {
        self.get(Place::Hand)
            .iter()
            .enumerate()
            .filter(|&(i, _)| self.known & bit(i) != 0)
            .map(|(_, &c)| c)
    }

    /// Whether every player knows hand card `card`.
    pub fn is_known(&self, card: CardId) -> bool {
        self.hand_index(card)
            .is_some_and(|i| self.known & bit(i) != 0)
    }

    /// Marks hand card `card` as known to every player; false if it is not in the hand.
    pub fn mark_known(&mut self, card: CardId) -> bool {
        let i = self.hand_index(card);
        if let Some(i) = i {
            self.known |= bit(i);
        }
        i.is_some()
    }

    /// Nobody knows any hand card any more (one left face down: which, nobody can tell).
    pub fn forget_known(&mut self) {
        self.known = 0;
    }

    /// Where `card` is in the hand (kept in card-id order).
    fn hand_index(&self, card: CardId) -> Option<usize> {
        self.get(Place::Hand).binary_search(&card).ok()
    }

    /// The soul-charge cards, each with whether it is sideways.
    pub fn soul(&self) -> impl ExactSizeIterator<Item = SoulCard> + '_ {
        self.get(Place::Soul)
            .iter()
            .enumerate()
            .map(|(i, &card)| SoulCard {
                card,
                tapped: self.sideways & bit(i) != 0,
            })
    }

    /// How many soul-charge cards are sideways.
    pub fn sideways_souls(&self) -> usize {
        self.sideways.count_ones() as usize
    }

    /// Whether a soul-charge card is upright (one can pay for a trump, MS-5.7).
    pub fn has_upright_soul(&self) -> bool {
        self.get(Place::Soul).len() > self.sideways_souls()
    }

    /// Turns the first upright soul-charge card sideways (MS-5.7); false if none is.
    pub fn tap_soul(&mut self) -> bool {
        let first = (!self.sideways).trailing_zeros() as usize;
        let ok = first < self.get(Place::Soul).len();
        if ok {
            self.sideways |= bit(first);
        }
        ok
    }

    /// Turns every soul-charge card upright (MS-4.2(a)).
    pub fn untap_souls(&mut self) {
        self.sideways = 0;
    }

    /// Puts `card` last in the soul-charge zone, upright or sideways (positions).
    pub fn push_soul(&mut self, card: SoulCard) {
        let at = self.get(Place::Soul).len();
        self.push(Place::Soul, card.card);
        if card.tapped {
            self.sideways |= bit(at);
        }
    }

    /// The cards in `place`.
    #[inline]
    pub fn get(&self, place: Place) -> &[CardId] {
        self.lists.get(place as usize)
    }

    /// The cards in `place`, to change in place.
    pub fn get_mut(&mut self, place: Place) -> &mut [CardId] {
        self.lists.get_mut(place as usize).unwrap_or_default()
    }

    /// Puts `card` at index `at` of `place` (last if `at` is beyond it); a soul comes in
    /// upright, a hand card unknown. The block holds every card of a seat (see [`Zones`]),
    /// so it has room; were it full, nothing would change.
    pub fn insert(&mut self, place: Place, at: usize, card: CardId) {
        if self.lists.insert(place as usize, at, card) {
            self.arrives(place, at);
        }
    }

    /// Puts `card` last in `place` (on top of a pile); a soul comes in upright.
    pub fn push(&mut self, place: Place, card: CardId) {
        self.insert(place, usize::MAX, card);
    }

    /// Takes the card at index `at` out of `place`, keeping the order of the others.
    pub fn remove(&mut self, place: Place, at: usize) -> Option<CardId> {
        let card = self.lists.remove(place as usize, at)?;
        self.leaves(place, at);
        Some(card)
    }

    /// Moves the card at index `at` of `from` to index `to_at` of `to` (last if beyond it)
    /// and returns it, if there is one; a soul comes in upright, a hand card unknown.
    pub fn move_to(&mut self, from: Place, at: usize, to: Place, to_at: usize) -> Option<CardId> {
        let card = self
            .lists
            .move_item(from as usize, at, to as usize, to_at)?;
        self.leaves(from, at);
        self.arrives(to, to_at);
        Some(card)
    }

    /// The bits that mark the cards of `place`, if it has any: souls' sideways, hand
    /// cards' known.
    fn marks(&mut self, place: Place) -> Option<&mut u64> {
        match place {
            Place::Soul => Some(&mut self.sideways),
            Place::Hand => Some(&mut self.known),
            Place::Deck | Place::Discard => None,
        }
    }

    /// Keeps the marks on their cards when the card at `at` of `place` has left.
    fn leaves(&mut self, place: Place, at: usize) {
        if let Some(m) = self.marks(place) {
            *m = without_bit(*m, at);
        }
    }

    /// Keeps the marks on their cards when an unmarked one has come in at `at` of `place`
    /// (last if beyond).
    fn arrives(&mut self, place: Place, at: usize) {
        // The card is in the list already, so the list has at least it.
        let at = at.min(self.get(place).len().saturating_sub(1));
        if let Some(m) = self.marks(place) {
            *m = with_clear_bit(*m, at);
        }
    }

    /// Puts every soul-charge card into the hand at its card-id place (MS-5.2 `ReturnAll`);
    /// returns how many there were.
    pub fn return_souls(&mut self) -> usize {
        let n = self.get(Place::Soul).len();
        for _ in 0..n {
            let Some(&card) = self.get(Place::Soul).first() else {
                break;
            };
            let at = self.get(Place::Hand).partition_point(|&c| c < card);
            self.move_to(Place::Soul, 0, Place::Hand, at);
        }
        n
    }

    /// Replaces the cards in `place` with `cards`, in order (souls upright).
    pub fn set(&mut self, place: Place, cards: &[CardId]) {
        self.take(place);
        for (at, &card) in cards.iter().enumerate() {
            self.insert(place, at, card);
        }
    }

    /// Takes every card out of `place`, in order (souls turn upright, hand cards unknown).
    pub fn take(&mut self, place: Place) -> Vec<CardId> {
        if let Some(m) = self.marks(place) {
            *m = 0;
        }
        self.lists.take(place as usize).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MS-3.4: the deck, hand and discard pile keep their own cards in order whatever the
    /// others do; a draw takes the top (last) card of the deck.
    #[test]
    fn ms_3_4_each_zone_keeps_its_own_cards() {
        let ids = |v: &[u16]| v.iter().map(|&c| CardId(c)).collect::<Vec<_>>();
        let mut z = Zones::from_lists(&ids(&[1, 2, 3]), &ids(&[7]), &[], &[]).unwrap();
        assert_eq!(z.move_to(Place::Deck, 2, Place::Hand, 0), Some(CardId(3)));
        assert_eq!(z.get(Place::Hand), ids(&[3, 7]));
        assert_eq!(
            z.move_to(Place::Hand, 1, Place::Discard, usize::MAX),
            Some(CardId(7))
        );
        z.push(Place::Discard, CardId(9));
        assert_eq!(z.remove(Place::Deck, 0), Some(CardId(1)));
        assert_eq!(z.get(Place::Deck), ids(&[2]));
        assert_eq!(z.get(Place::Discard), ids(&[7, 9]));
        assert_eq!(z.take(Place::Hand), ids(&[3]));
        z.set(Place::Deck, &ids(&[4, 5]));
        z.get_mut(Place::Deck).swap(0, 1);
        assert_eq!(
            Some(z),
            Zones::from_lists(&ids(&[5, 4]), &[], &ids(&[7, 9]), &[])
        );
    }

    fn soul(card: u16, tapped: bool) -> SoulCard {
        SoulCard {
            card: CardId(card),
            tapped,
        }
    }

    /// MS-5.2, MS-5.7, MS-4.2(a): charged souls come in upright, a trump turns the first
    /// upright one sideways, the refresh turns them all upright, and each sideways mark
    /// stays on its card as other souls come and go.
    #[test]
    fn ms_5_2_souls_keep_their_sideways_marks() {
        let mut z = Zones::from_lists(
            &[],
            &[CardId(4), CardId(8)],
            &[],
            &[soul(1, true), soul(2, false), soul(3, true)],
        )
        .unwrap();
        assert_eq!(z.sideways_souls(), 2);
        assert!(z.has_upright_soul());
        assert!(z.tap_soul());
        assert!(!z.has_upright_soul() && !z.tap_soul());
        z.move_to(Place::Hand, 0, Place::Soul, 1);
        let marks = |z: &Zones| z.soul().map(|c| (c.card.0, c.tapped)).collect::<Vec<_>>();
        assert_eq!(marks(&z), [(1, true), (4, false), (2, true), (3, true)]);
        assert_eq!(z.remove(Place::Soul, 0), Some(CardId(1)));
        assert_eq!(marks(&z), [(4, false), (2, true), (3, true)]);
        z.push_soul(soul(9, true));
        z.untap_souls();
        assert_eq!(z.sideways_souls(), 0);
        assert!(z.tap_soul());
        assert_eq!(marks(&z)[0], (4, true));
        // MS-5.2 `ReturnAll`: every soul goes to the hand in card-id order, upright.
        assert_eq!(z.return_souls(), 4);
        assert_eq!(z.get(Place::Hand), [2, 3, 4, 8, 9].map(CardId));
        assert_eq!((z.soul().len(), z.sideways_souls()), (0, 0));
    }

    /// Issue 15, item 10: a known hand card stays known while other cards come and go; it
    /// loses the mark when it leaves, and cards coming in are unknown.
    #[test]
    fn known_hand_cards_keep_their_marks() {
        let ids = |v: &[u16]| v.iter().map(|&c| CardId(c)).collect::<Vec<_>>();
        let mut z = Zones::from_lists(&ids(&[1, 9]), &ids(&[3, 5, 7]), &[], &[]).unwrap();
        assert!(z.mark_known(CardId(5)) && z.mark_known(CardId(7)));
        assert!(!z.mark_known(CardId(9)), "not in the hand");
        let known = |z: &Zones| z.known_in_hand().map(|c| c.0).collect::<Vec<_>>();
        z.move_to(Place::Deck, 0, Place::Hand, 0);
        assert_eq!(known(&z), [5, 7]);
        z.move_to(Place::Hand, 2, Place::Discard, 0);
        assert_eq!((known(&z), z.is_known(CardId(7))), (vec![7], true));
        z.insert(Place::Hand, 1, CardId(4));
        assert_eq!(z.get(Place::Hand), ids(&[1, 4, 3, 7]));
        assert_eq!(known(&z), [7]);
        z.forget_known();
        assert_eq!(known(&z), [] as [u16; 0]);
        assert!(z.mark_known(CardId(3)));
        z.take(Place::Hand);
        assert!(!z.is_known(CardId(3)));
    }

    /// A seat's cards beyond the block are refused whole.
    #[test]
    fn more_cards_than_the_block_holds_are_refused() {
        let deck: Vec<CardId> = (0..ZONE_CARDS as u16).map(CardId).collect();
        assert!(Zones::from_lists(&deck, &[], &[], &[]).is_some());
        assert!(Zones::from_lists(&deck, &[CardId(99)], &[], &[]).is_none());
    }

    /// The sideways bits follow their souls past the 64-bit word's ends without panicking.
    #[test]
    fn sideways_bits_shift_within_the_word() {
        assert_eq!(without_bit(0b1011, 1), 0b101);
        assert_eq!(with_clear_bit(0b101, 1), 0b1001);
        assert_eq!(without_bit(u64::MAX, 63), u64::MAX >> 1);
        assert_eq!(with_clear_bit(u64::MAX, 64), u64::MAX);
        assert_eq!(bit(64), 0);
    }
}
