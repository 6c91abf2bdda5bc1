//! What one observer may see (spec §8), built from an allowlist: public data plus the
//! observer's own hand, own face-down cards and the cards it has peeked at. Hidden cards
//! appear as counts or as [`CardView::Hidden`] placeholders without instance ids (MJ-8.2).

use crate::cards::CardId;
use crate::state::{Attack, Majin, MajinId, Pending, State, Step, Zone};
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// One observer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// The active player.
    pub active: Seat,
    /// Who went first, once decided.
    pub first_player: Option<Seat>,
    /// The janken winner (`None` under `first_player = Fixed`).
    pub janken_winner: Option<Seat>,
    /// Game-wide turn number.
    pub turn: u32,
    /// The current step.
    pub step: Step,
    /// The MP counted at step 4 of this turn.
    pub mp_pool: u32,
    /// MP left to spend.
    pub mp_available: u32,
    /// Seat 0 and seat 1.
    pub players: Vec<PlayerView>,
    /// The attack in progress (attacker, blocker, combat window).
    pub attack: Option<Attack>,
    /// The decision the game waits for, and whose it is.
    pub pending: Pending,
    /// How the game ended.
    pub outcome: Option<Outcome>,
}

/// One player's zones as the observer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Own turns begun.
    pub turns_taken: u32,
    /// Cards in the Majin Box.
    pub mb_count: usize,
    /// Cards in hand.
    pub hand_count: usize,
    /// The hand, in the order its cards entered it (the observer's own only).
    pub hand: Option<Vec<CardId>>,
    /// The graveyard, bottom first.
    pub graveyard: Vec<CardId>,
    /// Cards in the damage zone.
    pub damage_count: usize,
    /// The damage-zone cards (own, and only under `damage_zone_owner_can_look`).
    pub damage: Option<Vec<CardId>>,
    /// Majins, in id order.
    pub majins: Vec<MajinView>,
}

/// A majin as the observer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MajinView {
    /// Stable id.
    pub id: MajinId,
    /// Its zone.
    pub zone: Zone,
    /// Tapped.
    pub tapped: bool,
    /// The cards, bottom first.
    pub cards: Vec<CardView>,
    /// Current power (MJ-6.6; public: it depends only on face-up souls and modifiers).
    pub power: u32,
    /// It is an Uzumajin (MJ-3.6).
    pub uzumajin: bool,
    /// Modifiers until end of turn.
    pub turn_mod: i16,
    /// Modifiers until end of battle.
    pub battle_mod: i16,
}

/// One card of a majin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardView {
    /// A face-up soul.
    FaceUp(CardId),
    /// A face-down card the observer knows (its own, or one it peeked at).
    FaceDown(CardId),
    /// A face-down card the observer does not know.
    Hidden,
}

fn majin_view(s: &State, owner: Seat, m: &Majin, observer: Observer) -> MajinView {
    let knows = |c: CardId| {
        observer.is(owner)
            || observer
                .seat()
                .filter(|p| p.index() < 2)
                .is_some_and(|p| s.player(p).peeked.contains(&c))
    };
    let cards = m
        .cards
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            if i == 0 && m.face_down {
                if knows(c) {
                    CardView::FaceDown(c)
                } else {
                    CardView::Hidden
                }
            } else {
                CardView::FaceUp(c)
            }
        })
        .collect();
    MajinView {
        id: m.id,
        zone: m.zone,
        tapped: m.tapped,
        cards,
        power: s.power(m),
        uzumajin: s.is_uzumajin(m),
        turn_mod: m.turn_mod,
        battle_mod: m.battle_mod,
    }
}

/// Builds `observer`'s view of `s`.
pub fn view(s: &State, observer: Observer) -> View {
    let can_look = s.config().damage_zone_owner_can_look;
    let players = [Seat(0), Seat(1)]
        .into_iter()
        .map(|seat| {
            let p = s.player(seat);
            let own = observer.is(seat);
            PlayerView {
                turns_taken: p.turns_taken,
                mb_count: s.majin_box(seat).len(),
                hand_count: s.hand(seat).len(),
                hand: own.then(|| s.hand(seat).to_vec()),
                graveyard: s.graveyard(seat).to_vec(),
                damage_count: s.damage_zone(seat).len(),
                damage: (own && can_look).then(|| s.damage_zone(seat).to_vec()),
                majins: s
                    .majins(seat)
                    .iter()
                    .map(|m| majin_view(s, seat, m, observer))
                    .collect(),
            }
        })
        .collect();
    View {
        observer,
        active: s.active,
        first_player: s.first,
        janken_winner: s.janken_winner,
        turn: s.turn,
        step: s.step,
        mp_pool: s.mp_pool,
        mp_available: s.mp_available(),
        players,
        attack: s.attack,
        pending: s.pending,
        outcome: s.outcome.clone(),
    }
}
