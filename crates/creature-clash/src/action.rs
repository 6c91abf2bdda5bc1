//! Actions: every decision of spec §5, each naming the seat that makes it.

use crate::cards::CardId;
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// A creature: one FRONT, one MIDDLE and one BACK part (CC-1, CC-6.1).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Creature {
    /// The FRONT part.
    pub front: CardId,
    /// The MIDDLE part.
    pub middle: CardId,
    /// The BACK part.
    pub back: CardId,
}

impl Creature {
    /// A creature from its three parts.
    pub fn new(front: CardId, middle: CardId, back: CardId) -> Creature {
        Creature {
            front,
            middle,
            back,
        }
    }

    /// The three cards in F, M, B order (the order they go to the discard pile, §9).
    pub fn cards(&self) -> [CardId; 3] {
        [self.front, self.middle, self.back]
    }
}

/// One decision of one seat.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The seat deciding.
    pub seat: Seat,
    /// What it decides.
    pub choice: Choice,
}

/// The decisions of spec §5.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Choice {
    /// CC-5.1: discard the whole hand, draw 7, end the turn.
    Redraw,
    /// CC-5.2: draw the turn's card, then the main decision.
    DrawForTurn,
    /// CC-5.3: attack `target` with a creature from hand (RABIES only where a variant allows).
    Attack {
        /// The attacking creature.
        creature: Creature,
        /// The first player attacked.
        target: Seat,
        /// A RABIES card from hand (only with `rabies_requires_prior_win = false`).
        rabies: Option<CardId>,
    },
    /// CC-5.4: discard a card and end the turn.
    Discard {
        /// The card discarded.
        card: CardId,
    },
    /// CC-5.5: attack the next opponent with the same creature (mandatory after a
    /// non-final win), optionally playing RABIES.
    NextTarget {
        /// An opponent not attacked yet this turn.
        target: Seat,
        /// A RABIES card from hand.
        rabies: Option<CardId>,
    },
    /// CC-5.6: defend with a creature from hand, invoking VENOM if it is venomous.
    Defend {
        /// The defending creature.
        creature: Creature,
        /// Force a venom tie (all three parts must carry VENOM).
        invoke_venom: bool,
    },
    /// CC-5.7: take one card of the opposing creature into hand.
    StealCreatureCard {
        /// The card taken.
        card: CardId,
    },
    /// CC-5.8: take one card at random from the forfeiting defender's hand.
    StealRandom,
    /// CC-5.9: take nothing.
    DeclineSteal,
    /// CC-5.10: discard one card at the end-of-turn adjustment (repeated until 7 remain).
    DiscardExcess {
        /// The card discarded.
        card: CardId,
    },
    /// CC-5.11: commit a creature, secretly, to a berserk battle.
    BerserkReveal {
        /// The committed creature.
        creature: Creature,
    },
}

impl Choice {
    /// The decision's name in the JSON form (`attack`, `defend`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Choice::Redraw => "redraw",
            Choice::DrawForTurn => "draw_for_turn",
            Choice::Attack { .. } => "attack",
            Choice::Discard { .. } => "discard",
            Choice::NextTarget { .. } => "next_target",
            Choice::Defend { .. } => "defend",
            Choice::StealCreatureCard { .. } => "steal_creature_card",
            Choice::StealRandom => "steal_random",
            Choice::DeclineSteal => "decline_steal",
            Choice::DiscardExcess { .. } => "discard_excess",
            Choice::BerserkReveal { .. } => "berserk_reveal",
        }
    }
}
