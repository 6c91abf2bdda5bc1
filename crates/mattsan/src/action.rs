//! Actions: every decision of spec §5, each naming the seat that makes it.

use crate::cards::CardId;
use crate::state::Loc;
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// One decision of one seat. Its JSON form refuses unknown fields.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The seat deciding.
    pub seat: Seat,
    /// What it decides.
    pub choice: Choice,
}

impl Action {
    /// An action of `seat`.
    pub fn new(seat: Seat, choice: Choice) -> Action {
        Action { seat, choice }
    }
}

/// The decisions of spec §5. Large decisions are split into small steps (the setup
/// placement is one card at a time; costs and targets are separate decisions).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Choice {
    /// MS-5.1: put a unit from hand face-down on the battlefield (secret).
    SetupBattlefield {
        /// A unit in hand.
        card: CardId,
    },
    /// MS-5.1: put a unit or trap from hand face-down on a bench location (secret).
    SetupBench {
        /// A unit or trap in hand.
        card: CardId,
        /// Bench index.
        bench: u8,
    },
    /// MS-5.1: commit the placement (a battlefield unit is required).
    SetupCommit,
    /// MS-5.2 `Charge`: one hand card face-down into the soul-charge zone.
    SoulCharge {
        /// The card.
        card: CardId,
    },
    /// MS-5.2 `ReturnAll`.
    ReturnSoul,
    /// MS-5.2 `Skip` (also ends step 2 after charging when more charges are allowed).
    SkipSoulCharge,
    /// MS-5.3: resolve a start-of-turn effect.
    ResolveStart {
        /// Its source (unit or terrain card).
        source: CardId,
        /// Which effect list of the source.
        effect: u8,
    },
    /// MS-5.3: decline an optional start-of-turn effect.
    DeclineStart {
        /// Its source.
        source: CardId,
        /// Which effect list of the source.
        effect: u8,
    },
    /// MS-5.4.
    PlaceUnit {
        /// A unit in hand.
        card: CardId,
        /// An empty bench location.
        bench: u8,
        /// Face-up (triggers OnFaceUp) or face-down.
        face_up: bool,
    },
    /// MS-5.5.
    FlipUnit {
        /// A bench location holding a face-down unit.
        bench: u8,
    },
    /// MS-5.6: always face-down.
    PlaceTrap {
        /// A trap in hand.
        card: CardId,
        /// An empty bench location.
        bench: u8,
    },
    /// MS-5.7: reveal a trump and turn one soul-charge card sideways; costs and targets
    /// follow as separate decisions.
    UseTrump {
        /// A trump in hand.
        card: CardId,
    },
    /// MS-5.8.
    PlaceTerrain {
        /// A terrain in hand.
        card: CardId,
        /// Any own location allowed by its placement.
        loc: Loc,
    },
    /// MS-5.9 (main step for `OwnTurn`, response windows for `AnyTurn`).
    UseTerrain {
        /// The terrain's location.
        loc: Loc,
    },
    /// MS-5.10 (response windows; state-condition traps also in the main step).
    ActivateTrap {
        /// The trap's bench location.
        bench: u8,
    },
    /// MS-5.11.
    Attack,
    /// MS-5.12.
    UseSpecial {
        /// Index into the battlefield unit's specials.
        index: u8,
    },
    /// MS-5.13.
    UseSuperSpecial {
        /// Index into the battlefield unit's supers.
        index: u8,
    },
    /// MS-5.14.
    Swap {
        /// A bench location holding a unit.
        bench: u8,
    },
    /// MS-5.15.
    EndTurn,
    /// MS-5.16.
    Pass,
    /// MS-5.17: move a bench unit to the empty battlefield.
    Refill {
        /// A bench location holding a unit.
        bench: u8,
    },
    /// MS-5.17 with `refill_from_hand`: a unit from hand.
    RefillFromHand {
        /// A unit in hand.
        card: CardId,
    },
    /// MS-5.21: which of the player's waiting units is defeated next.
    NextDefeat {
        /// Its location.
        loc: Loc,
    },
    /// `DiscardCost`: discard this card.
    DiscardForCost {
        /// A hand card (not the card being used).
        card: CardId,
    },
    /// `DiscardFromHand` chosen by the owner: discard this card.
    DiscardFromHand {
        /// A hand card.
        card: CardId,
    },
    /// MS-5.18: a target (a location of `side`'s field).
    Target {
        /// Whose field.
        side: Seat,
        /// The location.
        loc: Loc,
    },
    /// MS-5.19: apply the optional part.
    Accept,
    /// MS-5.19: skip the optional part.
    Decline,
}

impl Choice {
    /// The decision's name in the JSON form.
    pub fn name(&self) -> &'static str {
        match self {
            Choice::SetupBattlefield { .. } => "setup_battlefield",
            Choice::SetupBench { .. } => "setup_bench",
            Choice::SetupCommit => "setup_commit",
            Choice::SoulCharge { .. } => "soul_charge",
            Choice::ReturnSoul => "return_soul",
            Choice::SkipSoulCharge => "skip_soul_charge",
            Choice::ResolveStart { .. } => "resolve_start",
            Choice::DeclineStart { .. } => "decline_start",
            Choice::PlaceUnit { .. } => "place_unit",
            Choice::FlipUnit { .. } => "flip_unit",
            Choice::PlaceTrap { .. } => "place_trap",
            Choice::UseTrump { .. } => "use_trump",
            Choice::PlaceTerrain { .. } => "place_terrain",
            Choice::UseTerrain { .. } => "use_terrain",
            Choice::ActivateTrap { .. } => "activate_trap",
            Choice::Attack => "attack",
            Choice::UseSpecial { .. } => "use_special",
            Choice::UseSuperSpecial { .. } => "use_super_special",
            Choice::Swap { .. } => "swap",
            Choice::EndTurn => "end_turn",
            Choice::Pass => "pass",
            Choice::Refill { .. } => "refill",
            Choice::RefillFromHand { .. } => "refill_from_hand",
            Choice::NextDefeat { .. } => "next_defeat",
            Choice::DiscardForCost { .. } => "discard_for_cost",
            Choice::DiscardFromHand { .. } => "discard_from_hand",
            Choice::Target { .. } => "target",
            Choice::Accept => "accept",
            Choice::Decline => "decline",
        }
    }
}
