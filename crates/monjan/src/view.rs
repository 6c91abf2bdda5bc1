//! What one observer may see (spec §8), built from an allowlist: public data plus the
//! observer's own private data. Hidden cards appear as [`Shown::FaceDown`] without an id
//! (MC-8.2), hands of others as counts plus the cards everybody knows. During a
//! simultaneous edit turn the other players and the shared piles are shown as they were
//! when the edit set formed, plus the observer's own changes (MC-4.6).

use crate::action::{Col, Unit};
use crate::cards::CardId;
use crate::state::{
    Attack, Battle, Cards, Column, Defense, Pending, Phase, Player, SlotKind, State, Supply,
    Trigger, TurnUse, Window, BOSS_INLINE, ET_INLINE, HAND_INLINE, KNOWN_INLINE, MAIN_INLINE,
    MANA_INLINE, ONE_TURN_INLINE, RESURRECTED_INLINE,
};
use fuda_core::{Observer, Outcome, Seat, SeatSet, TinyVec};
use serde::{Deserialize, Serialize};

/// A card as the observer sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shown {
    /// Identified.
    Card(CardId),
    /// Hidden (no id: it cannot be followed, MC-8.2).
    #[default]
    FaceDown,
}

/// A mana card as seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ManaView {
    /// The card (Elements and face-down mana are hidden from opponents).
    pub card: Shown,
    /// It is an Element.
    pub element: bool,
    /// Spent this round.
    pub spent: bool,
    /// Placed face down and not yet revealed (public: others see that a face-down card is
    /// there, not which one; MC-D10). Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
}

/// An attack slot as seen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SlotView {
    /// The card.
    pub card: Shown,
    /// Its kind (public: only a Toughness may be face down).
    pub kind: SlotKind,
}

/// A column as seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ColumnView {
    /// Attack slot.
    pub attack: Option<SlotView>,
    /// Defense (public).
    pub defense: Defense,
    /// Ever defeated.
    pub ever_defeated: bool,
    /// Mana, bottom first (inline like the state's stacks: frozen views are part of the
    /// state, issue 14).
    pub mana: TinyVec<[ManaView; MANA_INLINE]>,
    /// The protected bottom card paid this round.
    pub bottom_used: bool,
}

/// A player as seen.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerView {
    /// Board index.
    pub board: Option<u8>,
    /// Still in the game.
    pub alive: bool,
    /// The hand (the observer's own only).
    pub hand: Option<Cards<HAND_INLINE>>,
    /// Hand size.
    pub hand_count: usize,
    /// Hand cards everybody knows.
    pub known_hand: Cards<KNOWN_INLINE>,
    /// Columns L, M, R.
    pub cols: TinyVec<[ColumnView; 3]>,
    /// The Extra.
    pub extra: Option<Shown>,
    /// One-turn Boss-Assassins.
    pub one_turn: TinyVec<[Shown; ONE_TURN_INLINE]>,
    /// Resurrected cards (public).
    pub resurrected: Cards<RESURRECTED_INLINE>,
    /// Supplies of L and R.
    pub supply: [Supply; 2],
    /// Turn counters (the summoned Assassin only for its owner).
    pub uses: TurnUse,
    /// Board skill uses this game.
    pub board_uses: [u8; 2],
    /// Resurrections this game.
    pub resurrections: u8,
    /// Last die result.
    pub last_roll: Option<u8>,
}

/// The shared piles as seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PilesView {
    /// Main deck size.
    pub main_deck: usize,
    /// Boss-Assassin deck size.
    pub boss_deck: usize,
    /// ET deck size.
    pub et_deck: usize,
    /// Main discard, bottom first.
    pub main_discard: Cards<MAIN_INLINE>,
    /// Boss-Assassin discard.
    pub boss_discard: Cards<BOSS_INLINE>,
    /// ET discard.
    pub et_discard: Cards<ET_INLINE>,
}

/// The battle turn as seen (everything public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleView {
    /// Battle order.
    pub order: Vec<Seat>,
    /// Current step.
    pub step: u8,
    /// The current step's attacks.
    pub attacks: Vec<Attack>,
    /// Cards that attacked or healed this battle turn.
    pub used_units: Vec<CardId>,
    /// Flame of Wrath in force.
    pub flame: Option<(Seat, CardId)>,
    /// Open window.
    pub window: Option<Window>,
    /// Trigger under way.
    pub trigger: Option<Trigger>,
}

/// One observer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// Number of players.
    pub num_players: u8,
    /// Round.
    pub round: u32,
    /// Phase.
    pub phase: Phase,
    /// The decision awaited (public).
    pub pending: Pending,
    /// Who may act.
    pub to_act: SeatSet,
    /// Players.
    pub players: Vec<PlayerView>,
    /// Shared piles.
    pub piles: PilesView,
    /// The face-up pool (draft) or `None`.
    pub pool: Option<Vec<CardId>>,
    /// Pool size.
    pub pool_count: usize,
    /// Rock-paper-scissors order.
    pub rps: Vec<Seat>,
    /// Battle turn.
    pub battle: Option<BattleView>,
    /// Others are shown as when the edit set formed (MC-4.6).
    pub frozen: bool,
    /// Eliminated, first out first.
    pub eliminated: Vec<Seat>,
    /// Outcome.
    pub outcome: Option<Outcome>,
}

fn column_view(c: &Column, own: bool) -> ColumnView {
    ColumnView {
        attack: c.attack.map(|a| SlotView {
            card: if own || !a.face_down {
                Shown::Card(a.card)
            } else {
                Shown::FaceDown
            },
            kind: a.kind,
        }),
        defense: c.defense,
        ever_defeated: c.ever_defeated,
        mana: c
            .mana
            .iter()
            .map(|m| ManaView {
                card: if own || (!m.face_down && !m.element) {
                    Shown::Card(m.card)
                } else {
                    Shown::FaceDown
                },
                element: m.element,
                spent: m.spent,
                face_down: m.face_down && !m.element,
            })
            .collect(),
        bottom_used: c.bottom_used,
    }
}

/// A player as `own` (its owner) or anybody else sees it.
pub(crate) fn player_view(p: &Player, own: bool) -> PlayerView {
    let shown = |card: CardId, face_down: bool| {
        if own || !face_down {
            Shown::Card(card)
        } else {
            Shown::FaceDown
        }
    };
    let mut uses = p.uses;
    if !own {
        uses.assassin = None;
    }
    PlayerView {
        board: p.board,
        alive: p.alive,
        hand: own.then(|| p.hand.clone()),
        hand_count: p.hand.len(),
        known_hand: p.known.clone(),
        cols: p.cols.iter().map(|c| column_view(c, own)).collect(),
        extra: p.extra.as_ref().map(|e| shown(e.card, e.face_down)),
        one_turn: p
            .one_turn
            .iter()
            .map(|o| shown(o.card, o.face_down))
            .collect(),
        resurrected: p.resurrected.clone(),
        supply: p.supply,
        uses,
        board_uses: p.board_uses,
        resurrections: p.resurrections,
        last_roll: p.last_roll,
    }
}

/// The shared piles of the true state.
pub(crate) fn piles_view(s: &State) -> PilesView {
    PilesView {
        main_deck: s.d.main_deck.len(),
        boss_deck: s.d.boss_deck.len(),
        et_deck: s.d.et_deck.len(),
        main_discard: s.d.main_discard.clone(),
        boss_discard: s.d.boss_discard.clone(),
        et_discard: s.d.et_discard.clone(),
    }
}

fn battle_view(b: &Battle) -> BattleView {
    BattleView {
        order: b.order.to_vec(),
        step: b.step,
        attacks: b.attacks.to_vec(),
        used_units: b.used_units.to_vec(),
        flame: b.flame,
        window: b.window,
        trigger: b.trigger,
    }
}

/// What `observer` may see of the state.
pub fn view(s: &State, observer: Observer) -> View {
    let me = observer.seat().filter(|x| x.index() < s.num_players());
    let frozen = s.d.frozen.as_ref();
    let players = (0..s.num_players())
        .map(|i| {
            let seat = Seat(i as u8);
            let own = me == Some(seat);
            match frozen.and_then(|f| f.players().get(i)) {
                Some(fv) if !own => fv.clone(),
                _ => player_view(s.p(seat), own),
            }
        })
        .collect();
    let piles = match (frozen, me) {
        (Some(f), Some(m)) => f.seen_by(m),
        (Some(f), None) => f.piles().clone(),
        (None, _) => piles_view(s),
    };
    let draft_open = s.config().pick_mode == crate::config::PickMode::Draft;
    View {
        observer,
        num_players: s.num_players() as u8,
        round: s.d.round,
        phase: s.d.phase,
        pending: s.d.pending,
        to_act: s.to_act(),
        players,
        piles,
        pool: draft_open.then(|| s.d.pool.to_vec()),
        pool_count: s.d.pool.len(),
        rps: s.d.rps.to_vec(),
        battle: s.d.battle.as_ref().map(battle_view),
        frozen: frozen.is_some(),
        eliminated: s.d.eliminated.to_vec(),
        outcome: s.d.outcome.clone(),
    }
}

impl View {
    /// The view of one player.
    pub fn player(&self, seat: Seat) -> Option<&PlayerView> {
        self.players.get(seat.index())
    }

    /// Life of a player's defense (0 unless Live).
    pub fn life(&self, seat: Seat, col: Col) -> u8 {
        match self.player(seat).and_then(|p| p.cols.get(col.index())) {
            Some(ColumnView {
                defense: Defense::Live { life, .. },
                ..
            }) => *life,
            _ => 0,
        }
    }

    /// Whether a unit position is occupied in the view.
    pub fn has_unit(&self, seat: Seat, unit: Unit) -> bool {
        let Some(p) = self.player(seat) else {
            return false;
        };
        match unit {
            Unit::Slot(c) => p.cols.get(c.index()).is_some_and(|c| c.attack.is_some()),
            Unit::Extra => p.extra.is_some(),
            Unit::OneTurn(i) => usize::from(i) < p.one_turn.len(),
            Unit::Resurrected(i) => usize::from(i) < p.resurrected.len(),
        }
    }
}
