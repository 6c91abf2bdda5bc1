//! The edit-turn views frozen when a simultaneous edit set forms (MC-4.6 (3)), and the
//! shared piles as each seat sees them until the set empties.
//!
//! A seat sees the shared piles as they were when the set formed plus its own changes
//! (MC-4.6 (3)); once its own draw met a rebuilt deck, as they truly were then, plus its own
//! changes since (the accepted leak, MC-4.6 (5)). A copy of the three piles per seat would
//! take 400 bytes each, more than a fifth of the state (issue 14), so the freeze keeps the
//! piles once with a log of the changes made since: a seat's piles are that copy with the
//! changes it may see replayed.
//!
//! What the seats saw when the set formed (the players' views and the piles) never changes
//! while the set lasts, so it is kept behind an `Arc` that the copies of a state share: a
//! state clone copies a pointer instead of 2,100 bytes and four player views. When the set
//! empties the state keeps that block as its [`Spare`], and the next freeze writes into it
//! in place when no other copy holds it, so a game played in place allocates nothing for
//! its edit turns (issue 14's allocation test).

use crate::cards::CardId;
use crate::event::DeckKind;
use crate::state::SEATS_INLINE;
use crate::view::{PilesView, PlayerView};
use fuda_core::{Seat, SmallVec, TinyVec};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Changes of the shared piles held inline: the draws and discards of one edit turn after
/// its opening draws (a Boss-Assassin summon, MC-5.8, a skill's discards; random games of
/// the sample set stay at 6 or fewer with 2 to 4 players); a longer log spills to the heap.
const CHANGES_INLINE: usize = 8;

/// Edit-turn views frozen when the edit set formed (MC-4.6 (3)). Its JSON form lists the
/// shared piles as each seat sees them (`seen`).
#[derive(Clone, Debug)]
pub struct Frozen {
    /// The players and piles as they were then, shared by the copies of the state.
    base: Arc<Base>,
    /// The changes of the shared piles since, in order.
    changes: TinyVec<[PileChange; CHANGES_INLINE]>,
    /// Per seat: how many of the first changes it sees whoever made them (MC-4.6 (5)).
    horizon: [u32; SEATS_INLINE],
}

/// What every seat saw when the edit set formed.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
struct Base {
    /// Every player as others saw it then.
    players: SmallVec<[PlayerView; SEATS_INLINE]>,
    /// The shared piles then (the spectator's view).
    piles: PilesView,
}

/// The block of a past edit set's frozen views, kept for the next freeze to write into.
/// It is room, not game data: any two are equal, it is not hashed, printed or saved.
#[derive(Clone, Default)]
pub(crate) struct Spare(Option<Arc<Base>>);

impl std::fmt::Debug for Spare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Spare")
    }
}

impl Spare {
    /// Room made ahead, at the start of a game (outside the measured hot paths).
    pub(crate) fn ready() -> Spare {
        Spare(Some(Arc::default()))
    }
}

impl PartialEq for Spare {
    fn eq(&self, _: &Spare) -> bool {
        true
    }
}

impl Eq for Spare {}

impl Hash for Spare {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// One change of the shared piles, and who may see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct PileChange {
    /// The seat that made it (or whose view it sets).
    seat: u8,
    scope: Scope,
    op: PileOp,
}

/// Who sees a change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Scope {
    /// A change made in play: its seat sees it at once, the others after a rebuild.
    #[default]
    Play,
    /// Read from a file: it sets its seat's view only.
    OwnView,
    /// Read from a file: it brings the piles as frozen to the true ones, seen by nobody
    /// until a rebuild.
    Truth,
}

/// What a change does to the piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum PileOp {
    /// The top card of a deck was drawn.
    Drew(DeckKind),
    /// A card went to a discard pile.
    Discarded(DeckKind, CardId),
    /// A card left the main discard pile (Tea Party).
    Took(CardId),
    /// A deck took in its discard pile (MC-6.14 (5)).
    Rebuilt(DeckKind),
    /// A discard pile was emptied (a view read from a file).
    Cleared(DeckKind),
    /// A deck holds this many cards (a view read from a file).
    Counted(DeckKind, u16),
}

impl Default for PileOp {
    fn default() -> PileOp {
        PileOp::Drew(DeckKind::Main)
    }
}

impl PileOp {
    fn apply(self, v: &mut PilesView) {
        match self {
            PileOp::Drew(d) => {
                let n = deck(v, d);
                *n = n.saturating_sub(1);
            }
            PileOp::Discarded(d, card) => match d {
                DeckKind::Main => v.main_discard.push(card),
                DeckKind::Boss => v.boss_discard.push(card),
                DeckKind::Et => v.et_discard.push(card),
            },
            PileOp::Took(card) => v.main_discard.retain(|c| *c != card),
            PileOp::Rebuilt(d) => {
                let moved = discard(v, d).len();
                clear(v, d);
                let n = deck(v, d);
                *n = n.saturating_add(moved);
            }
            PileOp::Cleared(d) => clear(v, d),
            PileOp::Counted(d, count) => *deck(v, d) = usize::from(count),
        }
    }
}

fn deck(v: &mut PilesView, d: DeckKind) -> &mut usize {
    match d {
        DeckKind::Main => &mut v.main_deck,
        DeckKind::Boss => &mut v.boss_deck,
        DeckKind::Et => &mut v.et_deck,
    }
}

fn deck_count(v: &PilesView, d: DeckKind) -> usize {
    match d {
        DeckKind::Main => v.main_deck,
        DeckKind::Boss => v.boss_deck,
        DeckKind::Et => v.et_deck,
    }
}

fn discard(v: &PilesView, d: DeckKind) -> &[CardId] {
    match d {
        DeckKind::Main => &v.main_discard,
        DeckKind::Boss => &v.boss_discard,
        DeckKind::Et => &v.et_discard,
    }
}

fn clear(v: &mut PilesView, d: DeckKind) {
    match d {
        DeckKind::Main => v.main_discard.clear(),
        DeckKind::Boss => v.boss_discard.clear(),
        DeckKind::Et => v.et_discard.clear(),
    }
}

const DECKS: [DeckKind; 3] = [DeckKind::Main, DeckKind::Boss, DeckKind::Et];

impl Frozen {
    /// The views of a new edit set: every player and the shared piles as they are now.
    /// They are written into `spare` when no other state holds it, else into a new block.
    pub(crate) fn new(
        spare: Spare,
        players: SmallVec<[PlayerView; SEATS_INLINE]>,
        piles: PilesView,
    ) -> Frozen {
        let fresh = Base { players, piles };
        let base = match spare.0 {
            Some(mut base) => match Arc::get_mut(&mut base) {
                Some(room) => {
                    *room = fresh;
                    base
                }
                None => Arc::new(fresh),
            },
            None => Arc::new(fresh),
        };
        Frozen {
            base,
            changes: TinyVec::new(),
            horizon: [0; SEATS_INLINE],
        }
    }

    /// The set has emptied: the views' block becomes room for the next freeze.
    pub(crate) fn into_spare(self) -> Spare {
        Spare(Some(self.base))
    }

    /// Every player as the others saw it when the edit set formed.
    pub fn players(&self) -> &[PlayerView] {
        &self.base.players
    }

    /// The shared piles when the edit set formed (the spectator's view).
    pub fn piles(&self) -> &PilesView {
        &self.base.piles
    }

    /// The shared piles as `seat` sees them (MC-4.6 (3), (5)).
    pub(crate) fn seen_by(&self, seat: Seat) -> PilesView {
        let horizon = self.horizon_of(seat);
        self.replay(|i, c| match c.scope {
            Scope::Play => c.seat == seat.0 || i < horizon,
            Scope::OwnView => c.seat == seat.0,
            Scope::Truth => i < horizon,
        })
    }

    /// The shared piles as they truly are, from the log (its consistency is tested).
    #[cfg(test)]
    pub(crate) fn truth(&self) -> PilesView {
        self.replay(|_, c| c.scope != Scope::OwnView)
    }

    fn horizon_of(&self, seat: Seat) -> usize {
        self.horizon.get(seat.index()).map_or(0, |h| *h as usize)
    }

    fn replay(&self, shown: impl Fn(usize, &PileChange) -> bool) -> PilesView {
        let mut v = self.piles().clone();
        for (i, c) in self.changes.iter().enumerate() {
            if shown(i, c) {
                c.op.apply(&mut v);
            }
        }
        v
    }

    fn push(&mut self, seat: Seat, scope: Scope, op: PileOp) {
        self.changes.push(PileChange {
            seat: seat.0,
            scope,
            op,
        });
    }

    /// `seat` drew the top card of a deck.
    pub(crate) fn drew(&mut self, seat: Seat, deck: DeckKind) {
        self.push(seat, Scope::Play, PileOp::Drew(deck));
    }

    /// `seat` put a card on a discard pile.
    pub(crate) fn discarded(&mut self, seat: Seat, pile: DeckKind, card: CardId) {
        self.push(seat, Scope::Play, PileOp::Discarded(pile, card));
    }

    /// `seat` took a card from the main discard pile.
    pub(crate) fn took(&mut self, seat: Seat, card: CardId) {
        self.push(seat, Scope::Play, PileOp::Took(card));
    }

    /// `seat`'s draw rebuilt a deck: from now on it sees the true piles of this moment plus
    /// its own changes (MC-4.6 (5)).
    pub(crate) fn rebuilt(&mut self, seat: Seat, deck: DeckKind) {
        self.push(seat, Scope::Play, PileOp::Rebuilt(deck));
        let len = u32::try_from(self.changes.len()).unwrap_or(u32::MAX);
        if let Some(h) = self.horizon.get_mut(seat.index()) {
            *h = len;
        }
    }

    /// Every pile a frozen view shows holds at most the game's `total` cards, all of them
    /// cards of the game (a check of a state read from a file).
    pub(crate) fn check(&self, total: usize) -> Result<(), &'static str> {
        let seats = (0..self.players().len()).map(|i| self.seen_by(Seat(i as u8)));
        for v in std::iter::once(self.piles().clone()).chain(seats) {
            let fits = DECKS.iter().all(|d| {
                let pile = discard(&v, *d);
                deck_count(&v, *d) <= total
                    && pile.len() <= total
                    && pile.iter().all(|c| usize::from(c.0) < total)
            });
            if !fits {
                return Err("a frozen edit view holds more cards than the game");
            }
        }
        Ok(())
    }

    /// Read from a file: the true piles are `truth`, which nobody has seen yet. Call once,
    /// on load, after the views are read.
    pub(crate) fn anchor_truth(&mut self, truth: &PilesView) -> Result<(), String> {
        let base = self.piles().clone();
        self.log_difference(Seat(0), Scope::Truth, &base, truth)
    }

    /// Logs changes that turn `from` into `to`: a deck count where it differs, the cards
    /// added on top of a discard pile, or the whole pile where it is not such an extension.
    fn log_difference(
        &mut self,
        seat: Seat,
        scope: Scope,
        from: &PilesView,
        to: &PilesView,
    ) -> Result<(), String> {
        for d in DECKS {
            if deck_count(from, d) != deck_count(to, d) {
                let n = u16::try_from(deck_count(to, d))
                    .map_err(|_| "a frozen deck count is beyond any card set".to_string())?;
                self.push(seat, scope, PileOp::Counted(d, n));
            }
            let (old, new) = (discard(from, d), discard(to, d));
            let added = match new.strip_prefix(old) {
                Some(added) => added,
                None => {
                    self.push(seat, scope, PileOp::Cleared(d));
                    new
                }
            };
            for &card in added {
                self.push(seat, scope, PileOp::Discarded(d, card));
            }
        }
        Ok(())
    }
}

/// The JSON form of [`Frozen`] (the one it always had).
#[derive(Serialize, Deserialize)]
struct FrozenData {
    players: SmallVec<[PlayerView; SEATS_INLINE]>,
    piles: PilesView,
    seen: Vec<PilesView>,
}

impl From<&Frozen> for FrozenData {
    fn from(f: &Frozen) -> FrozenData {
        let seen = (0..f.players().len())
            .map(|i| f.seen_by(Seat(i as u8)))
            .collect();
        FrozenData {
            players: f.players().iter().cloned().collect(),
            piles: f.piles().clone(),
            seen,
        }
    }
}

impl TryFrom<FrozenData> for Frozen {
    type Error = String;
    fn try_from(d: FrozenData) -> Result<Frozen, String> {
        if d.seen.len() != d.players.len() || d.players.len() > SEATS_INLINE {
            return Err("the frozen edit views have the wrong size".into());
        }
        let mut f = Frozen::new(Spare::default(), d.players, d.piles);
        for (i, seen) in d.seen.iter().enumerate() {
            let base = f.piles().clone();
            f.log_difference(Seat(i as u8), Scope::OwnView, &base, seen)?;
        }
        Ok(f)
    }
}

impl Serialize for Frozen {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FrozenData::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Frozen {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Frozen, D::Error> {
        Frozen::try_from(FrozenData::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// Two frozen views are equal when every observer sees the same: the log behind a seat's
/// piles is how they are kept, not what they are (a state read back from its JSON form
/// holds another log for the same views).
impl PartialEq for Frozen {
    fn eq(&self, other: &Frozen) -> bool {
        (Arc::ptr_eq(&self.base, &other.base) || self.base == other.base)
            && (0..self.players().len()).all(|i| {
                let seat = Seat(i as u8);
                self.seen_by(seat) == other.seen_by(seat)
            })
    }
}

impl Eq for Frozen {}

impl Hash for Frozen {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.base.hash(h);
        for i in 0..self.players().len() {
            self.seen_by(Seat(i as u8)).hash(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{piles_view, view};
    use crate::{legal_actions, Config, Monjan, Observer, State};
    use fuda_core::{Game, GameRng};

    fn frozen(s: &State) -> Option<&Frozen> {
        s.d.frozen.as_ref()
    }

    /// MC-4.6 (3), (5), issue 14: over random games of many configurations, the log behind
    /// the frozen views replays to the true piles at every step (so a seat whose draw meets
    /// a rebuilt deck sees the true piles; random games rebuild no deck inside an edit turn,
    /// `mc_4_6_a_rebuilt_deck_shows_the_drawer_the_true_piles` in `tests/rules/hidden_info.rs`
    /// does), and the default configurations of 2 to 4 players keep the log inline.
    #[test]
    fn mc_4_6_frozen_log_replays_to_the_true_piles() {
        let (mut checked, mut any) = (0, 0);
        fuda_testkit::encoding::playouts::<Monjan>(300, 46, |_, s, _| {
            if let Some(f) = frozen(s) {
                assert_eq!(f.truth(), piles_view(s), "the log misses a change");
                checked += 1;
                any = any.max(f.changes.len());
            }
        });
        println!("longest log of any configuration: {any}");
        assert!(checked > 1_000, "{checked} states");
        let mut longest = 0;
        for players in 2..=4 {
            for seed in 0..150 {
                let config = Config::for_players(players);
                fuda_testkit::encoding::play::<Monjan>(&config, seed, usize::MAX, |s| {
                    longest = longest.max(frozen(s).map_or(0, |f| f.changes.len()));
                });
            }
        }
        println!("longest log of the default configurations: {longest}");
        assert!(longest <= CHANGES_INLINE, "{longest} changes");
    }

    fn views(s: &State) -> Vec<crate::View> {
        let seats = (0..s.num_players()).map(|i| Observer::Seat(Seat(i as u8)));
        seats
            .chain([Observer::Spectator])
            .map(|o| view(s, o))
            .collect()
    }

    /// MC-4.6 (3), (5): a state saved during a simultaneous edit turn and read back shows
    /// every observer the same, then and after every later action, rebuilt decks included.
    #[test]
    fn mc_4_6_frozen_views_survive_the_json_form() {
        let mut saved = 0;
        fuda_testkit::encoding::playouts::<Monjan>(200, 47, |_, s, rng| {
            if frozen(s).is_none_or(|f| f.changes.is_empty()) || rng.below(8) != 0 {
                return;
            }
            saved += 1;
            let json = serde_json::to_string(s).expect("a state serializes");
            let mut read: State = serde_json::from_str(&json).expect("and reads back");
            assert_eq!(&read, s);
            let mut s = s.clone();
            let mut pick = GameRng::from_seed(saved);
            for _ in 0..400 {
                assert_eq!(views(&read), views(&s));
                if s.d.outcome.is_some() {
                    break;
                }
                let options = legal_actions(&s);
                assert_eq!(legal_actions(&read), options);
                let a = &options[pick.below(options.len())];
                Monjan::apply_in_place(&mut s, a).expect("a listed action");
                Monjan::apply_in_place(&mut read, a).expect("the same action");
            }
        });
        assert!(saved > 50, "{saved} states saved");
    }

    /// Issue 14: the frozen views keep the shared piles once, not once per seat (a copy per
    /// seat made the state 7,320 bytes), and the state holds them behind a pointer (5,784
    /// bytes while it held them inline; 3,696 while it held room for four players inline;
    /// 2,864 before the handle to the rules said whether they are kept or counted).
    #[test]
    fn frozen_views_are_kept_once_and_shared() {
        let size = std::mem::size_of::<State>();
        assert!(size <= 2_872, "the state takes {size} bytes");
    }

    /// MC-4.6 (3), issue 14: the copies of a state share its frozen views, a game played in
    /// place writes each new edit set's views into the room of the last one, and a later
    /// freeze never changes the views a copy still shows.
    #[test]
    fn mc_4_6_frozen_views_are_shared_and_never_changed_under_a_copy() {
        let mut s = Monjan::new_game(&Config::default(), 5).expect("a game");
        let mut pick = GameRng::from_seed(5);
        let (mut sets, mut reused, mut moved) = (0, 0, 0);
        // The views of the last edit set, and the copy kept of it (every other set).
        let mut last: Option<*const Base> = None;
        let mut copies = Vec::new();
        let mut kept = false;
        let mut was_frozen = false;
        while s.d.outcome.is_none() {
            let now = frozen(&s).map(|f| Arc::as_ptr(&f.base));
            if let (Some(at), false) = (now, was_frozen) {
                sets += 1;
                if let Some(before) = last {
                    if kept {
                        // A copy still shows the last set's views: they get new room.
                        assert_ne!(at, before, "a freeze wrote into views a copy shows");
                        moved += 1;
                    } else {
                        assert_eq!(at, before, "a game played in place took new room");
                        reused += 1;
                    }
                }
                kept = sets % 2 == 0;
                if kept {
                    let copy = s.clone();
                    assert!(Arc::ptr_eq(
                        &frozen(&s).expect("frozen").base,
                        &frozen(&copy).expect("frozen").base
                    ));
                    copies.push((views(&copy), copy));
                }
                last = Some(at);
            }
            was_frozen = now.is_some();
            let options = legal_actions(&s);
            let a = &options[pick.below(options.len())];
            Monjan::apply_in_place(&mut s, a).expect("a listed action");
        }
        assert!(
            reused > 1 && moved > 1,
            "{sets} edit sets: {reused} reused, {moved} moved"
        );
        for (seen, copy) in &copies {
            assert_eq!(&views(copy), seen, "a later freeze changed a copy's views");
        }
    }

    /// MC-4.6, §8: a state read from a file whose frozen views show a card the game does
    /// not have, or more cards than it has, is refused with a typed error.
    #[test]
    fn mc_4_6_malformed_frozen_views_are_refused() {
        let mut edit = None;
        fuda_testkit::encoding::play::<Monjan>(&Config::default(), 3, 60, |s| {
            if edit.is_none() && frozen(s).is_some() {
                edit = Some(s.clone());
            }
        });
        let s = edit.expect("an edit turn");
        let json: serde_json::Value = serde_json::to_value(&s).unwrap();
        let refused = |seat: usize, field: &str, value: serde_json::Value| {
            let mut bad = json.clone();
            bad["state"]["frozen"]["seen"][seat][field] = value;
            let err = serde_json::from_value::<State>(bad)
                .unwrap_err()
                .to_string();
            assert!(err.contains("frozen"), "{field}: {err}");
        };
        refused(1, "main_discard", serde_json::json!([60_000]));
        refused(0, "main_deck", serde_json::json!(5_000));
        refused(0, "boss_deck", serde_json::json!(1_000_000));
        refused(0, "et_discard", serde_json::json!(vec![0; 3_000]));
    }
}
