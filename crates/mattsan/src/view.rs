//! What one observer may see (spec §8), built from an allowlist: public data plus the
//! observer's own hand, soul-charge cards, face-down cards, peeked cards and setup
//! placement. Hidden cards appear only as counts or face-down placeholders without ids.

use crate::cards::CardId;
use crate::rules::field;
use crate::state::{Loc, Pending, PendingAttack, SetupDraft, SoulCard, State, Step, Terrain};
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A card in the occupant layer as the observer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "face", rename_all = "snake_case")]
pub enum CardView {
    /// A face-up unit, with its counters and effective stats.
    FaceUp {
        /// The (top) card.
        card: CardId,
        /// Cards under it (a stack).
        under: Vec<CardId>,
        /// Damage counters.
        damage: u16,
        /// EX counters.
        ex: u8,
        /// Effective ATK.
        atk: i32,
        /// Effective DEF.
        def: i32,
        /// Effective max HP.
        max_hp: i32,
    },
    /// A face-down card: its id only for its owner or a player who peeked at it.
    FaceDown {
        /// The card, when the observer may know it.
        card: Option<CardId>,
    },
}

/// One location of a field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotView {
    /// Which location.
    pub loc: Loc,
    /// Its terrain (always face-up).
    pub terrain: Option<Terrain>,
    /// Its occupant.
    pub occupant: Option<CardView>,
}

/// One player's side as the observer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// Cards in hand (during setup, cards being placed still count as in hand for
    /// other observers).
    pub hand_count: usize,
    /// Cards in the deck.
    pub deck_count: usize,
    /// The discard pile, bottom first (face-up).
    pub discard: Vec<CardId>,
    /// Upright soul-charge cards.
    pub soul_upright: usize,
    /// Sideways soul-charge cards.
    pub soul_sideways: usize,
    /// The soul-charge cards themselves (own view only).
    pub soul: Option<Vec<SoulCard>>,
    /// Bench capacity now.
    pub bench_capacity: usize,
    /// The battlefield and every bench location that exists.
    pub field: Vec<SlotView>,
    /// The revealed pre-mulligan hand, by card name (MS-3.11).
    pub mulligan_reveal: Vec<String>,
    /// Cards every player saw go into this hand and still in it (a unit returned to hand),
    /// in the order they went there (issue 15, item 10).
    pub known_in_hand: Vec<CardId>,
    /// Loss flags: no battlefield unit, deck-out, setup.
    pub flags: (bool, bool, bool),
}

/// One observer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// The step.
    pub step: Step,
    /// The turn number.
    pub turn: u32,
    /// The active player.
    pub active: Seat,
    /// The first player.
    pub first_player: Option<Seat>,
    /// First-player rolls (seat 0, seat 1).
    pub first_rolls: Vec<[u8; 2]>,
    /// Both players' sides.
    pub players: Vec<PlayerView>,
    /// The observer's hand, in card-id order (`None` for a spectator).
    pub hand: Option<Vec<CardId>>,
    /// The observer's own setup placement while it is being made.
    pub own_setup: Option<SetupDraft>,
    /// Trumps and traps being used.
    pub in_use: Vec<CardId>,
    /// The attack being resolved.
    pub attack: Option<PendingAttack>,
    /// The trump being resolved and whether it is negated.
    pub trump: Option<(CardId, bool)>,
    /// Start-of-turn effects still pending (source, effect index).
    pub start_pending: Vec<(CardId, u8)>,
    /// Dice rolled this turn: (dice, sum).
    pub rolls: Vec<(u32, u32)>,
    /// The decision awaited (its kind and whose; never its options).
    pub pending: Pending,
    /// How the game ended.
    pub outcome: Option<Outcome>,
}

/// Builds `observer`'s view of `s`.
pub fn view(s: &State, observer: Observer) -> View {
    let own = observer.seat().filter(|p| p.index() < 2);
    let players = [Seat(0), Seat(1)]
        .into_iter()
        .map(|seat| player_view(s, seat, observer))
        .collect();
    View {
        observer,
        step: s.g.step,
        turn: s.g.turn,
        active: s.g.active,
        first_player: s.g.first_player,
        first_rolls: s.g.first_rolls.to_vec(),
        players,
        hand: own.map(|p| field::player(s, p).hand().to_vec()),
        own_setup: own.and_then(|p| field::player(s, p).setup),
        in_use: s.g.in_use.to_vec(),
        attack: s.g.attack,
        trump: s.g.trump.map(|t| (t.card, t.negated)),
        start_pending: s.g.start_pending.to_vec(),
        rolls: s.g.rolls.to_vec(),
        pending: s.g.pending,
        outcome: s.g.outcome.clone(),
    }
}

fn player_view(s: &State, seat: Seat, observer: Observer) -> PlayerView {
    let p = field::player(s, seat);
    let mine = observer.is(seat);
    let cap = field::capacity(s, seat);
    let mut slots = Vec::new();
    for (k, slot) in p.field.iter().enumerate() {
        if k > cap && slot.terrain.is_none() && slot.occupant.is_none() {
            continue;
        }
        let occupant = slot.occupant.as_ref().map(|o| {
            if o.face_up {
                let pos = (seat, k);
                CardView::FaceUp {
                    card: o.card,
                    under: o.under.to_vec(),
                    damage: o.damage,
                    ex: o.ex,
                    atk: field::stat(s, pos, crate::cards::Stat::Atk),
                    def: field::stat(s, pos, crate::cards::Stat::Def),
                    max_hp: field::stat(s, pos, crate::cards::Stat::MaxHp),
                }
            } else {
                let sees = mine || observer.seat().is_some_and(|o2| o.peeked.contains(o2));
                CardView::FaceDown {
                    card: sees.then_some(o.card),
                }
            }
        });
        slots.push(SlotView {
            loc: Loc::of_slot(k),
            terrain: slot.terrain,
            occupant,
        });
    }
    let drafted = p
        .setup
        .as_ref()
        .map_or(0, |d| usize::from(d.battlefield.is_some()) + d.bench.len());
    let tapped = p.zones.sideways_souls();
    PlayerView {
        hand_count: p.hand().len() + if mine { 0 } else { drafted },
        deck_count: p.deck().len(),
        discard: p.discard().to_vec(),
        soul_upright: p.soul_cards().len() - tapped,
        soul_sideways: tapped,
        soul: mine.then(|| p.zones.soul().collect()),
        bench_capacity: cap,
        field: slots,
        mulligan_reveal: p
            .mulligan_reveal
            .iter()
            .map(|&c| s.card_name(c).to_string())
            .collect(),
        known_in_hand: p.zones.known_in_hand().collect(),
        flags: s.loss_flags(seat),
    }
}
