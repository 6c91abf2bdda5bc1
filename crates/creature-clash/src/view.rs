//! What one observer may see (spec §8), built from an allowlist: public data plus the
//! observer's own hand and own berserk commitment. Nothing else is copied in.

use crate::action::Creature;
use crate::cards::{CardClass, CardId};
use crate::state::{Chain, Pending, State};
use fuda_core::{Observer, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// One observer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// Number of players.
    pub num_players: u8,
    /// Champions needed to win.
    pub champions_to_win: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The active player.
    pub active: Seat,
    /// Turns completed.
    pub turns_completed: u32,
    /// Cards left in the deck (its order and contents are hidden).
    pub deck_count: usize,
    /// The discard pile, bottom first (face up).
    pub discard: Vec<CardId>,
    /// Every player's hand size.
    pub hand_counts: Vec<usize>,
    /// Per seat, the cards every player saw go into that hand and that are still there
    /// (CC-D1: a winning defender's returned creature, a face-up card taken), card-id order.
    pub known_in_hand: Vec<Vec<CardId>>,
    /// The observer's own hand, in card-id order (`None` for a spectator).
    pub hand: Option<Vec<CardId>>,
    /// The power of the strongest creature the observer's hand can build (0 if none;
    /// `None` for a spectator): derived from `hand`, for front ends and bots.
    pub best_creature_power: Option<u32>,
    /// Every player's Champions (face up).
    pub champions: Vec<Vec<Creature>>,
    /// The attack under way: creature in play, players attacked, battle (all public).
    pub chain: Option<Chain>,
    /// BERSERK! cards revealed and not yet discarded.
    pub revealed_berserks: Vec<CardId>,
    /// The berserk battle at its commit step.
    pub berserk: Option<BerserkView>,
    /// The decision the game waits for, and whose it is.
    pub pending: Pending,
    /// How the game ended.
    pub outcome: Option<Outcome>,
}

/// A berserk battle as an observer sees it: who takes part and who has committed, but no
/// commitment except the observer's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BerserkView {
    /// The BERSERK! card.
    pub card: CardId,
    /// Participants, clockwise from the active player.
    pub participants: Vec<Seat>,
    /// The attacker fighting with its creature in play.
    pub attacker_entry: Option<Seat>,
    /// Who has committed so far.
    pub committed: Vec<Seat>,
    /// The observer's own commitment.
    pub own_commitment: Option<Creature>,
}

/// Builds `observer`'s view of `s`.
pub fn view(s: &State, observer: Observer) -> View {
    let own = observer.seat().filter(|p| p.index() < s.num_players());
    View {
        observer,
        num_players: s.num_players() as u8,
        champions_to_win: s.rules().champions_needed,
        dealer: s.dealer,
        active: s.active,
        turns_completed: s.turn,
        deck_count: s.deck.len(),
        discard: s.discard.as_slice().to_vec(),
        hand_counts: s.hands.iter().map(|h| h.len()).collect(),
        known_in_hand: (0..s.num_players())
            .map(|i| s.known_in_hand(Seat(i as u8)))
            .collect(),
        hand: own.map(|p| s.hand(p).to_vec()),
        best_creature_power: own.map(|p| best_creature_power(s, p)),
        champions: s.champions.iter().map(|c| c.to_vec()).collect(),
        chain: s.chain.clone(),
        revealed_berserks: s.revealed.to_vec(),
        berserk: s.berserk.as_ref().map(|b| BerserkView {
            card: b.card,
            participants: b.participants.to_vec(),
            attacker_entry: b.attacker_entry,
            committed: b.commits.iter().map(|(p, _)| *p).collect(),
            own_commitment: b
                .commits
                .iter()
                .find(|(p, _)| Some(*p) == own)
                .map(|(_, c)| *c),
        }),
        pending: s.pending,
        outcome: s.outcome.clone(),
    }
}

/// CC-6.1: the strongest creature `seat` can build from its hand (the strongest part of
/// each position), or 0.
fn best_creature_power(s: &State, seat: Seat) -> u32 {
    let rules = s.rules();
    let mut best = [None::<u32>; 3];
    for &c in s.hand(seat) {
        if let Some(CardClass::Part(pos)) = rules.class(c) {
            let slot = &mut best[pos as usize];
            *slot = Some(slot.map_or(rules.power_of(c), |b| b.max(rules.power_of(c))));
        }
    }
    match best {
        [Some(f), Some(m), Some(b)] => f + m + b,
        _ => 0,
    }
}
