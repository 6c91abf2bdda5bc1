//! Actions: every decision of spec §5 (A1–A15), each naming the seat that makes it.

use crate::cards::CardId;
use crate::state::MajinId;
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// One decision of one seat. JSON: `{"seat": 0, "choice": ...}`; unknown fields are
/// refused, here and in every choice.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// The seat deciding.
    pub seat: Seat,
    /// What it decides.
    pub choice: Choice,
}

/// Where a soul goes when it is played (A4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// A new face-up majin in the prepare zone.
    New,
    /// On top of one of the player's own majins.
    Onto(MajinId),
}

/// The decisions of spec §5.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Choice {
    /// A1: the janken winner chooses to go first or second.
    ChooseTurnOrder {
        /// `true` = go first.
        go_first: bool,
    },
    /// A2: place a hand card face-down as a new ura majin (step 3).
    PlaceUraMajin {
        /// The card.
        card: CardId,
    },
    /// A3: skip step 3 (not on the first turn).
    SkipUraMajin,
    /// A4: play a soul from hand (step 5).
    PlaySoul {
        /// The soul.
        card: CardId,
        /// New majin or stacked onto one.
        place: Placement,
    },
    /// A5: play a spell from hand (step 5).
    PlaySpell {
        /// The spell.
        card: CardId,
    },
    /// A6: end step 5.
    EndMain,
    /// A7: attack the opponent's MB with an untapped battle-zone majin (step 6).
    DeclareAttack {
        /// The attacker.
        majin: MajinId,
    },
    /// A8: end step 6.
    EndAttacks,
    /// A9: the target of the effect being resolved.
    ChooseTarget {
        /// The chosen majin.
        majin: MajinId,
    },
    /// A9: the answer to a `May`.
    AnswerMay {
        /// `true` = resolve the optional effect.
        yes: bool,
    },
    /// A10: block the attack.
    Block {
        /// The blocker.
        majin: MajinId,
    },
    /// A11: do not block.
    NoBlock,
    /// A12: use a combat card (priority holder).
    UseCombat {
        /// The combat card.
        card: CardId,
    },
    /// A13: pass combat priority.
    PassPriority,
    /// A14 (`advance_optional`): advance one eligible majin; asked again for the rest.
    AdvanceMajin {
        /// The majin.
        majin: MajinId,
    },
    /// A14 (`advance_optional`): the remaining eligible majins stay.
    StopAdvancing,
    /// A15 (`uzumajin_bonus_optional`): use the Uzumajin's double effect or not.
    UzumajinBonus {
        /// `true` = 2 cards destroyed / 2 damage; `false` = 1.
        take_two: bool,
    },
}

impl Choice {
    /// The decision's name in the JSON form.
    pub fn name(&self) -> &'static str {
        match self {
            Choice::ChooseTurnOrder { .. } => "choose_turn_order",
            Choice::PlaceUraMajin { .. } => "place_ura_majin",
            Choice::SkipUraMajin => "skip_ura_majin",
            Choice::PlaySoul { .. } => "play_soul",
            Choice::PlaySpell { .. } => "play_spell",
            Choice::EndMain => "end_main",
            Choice::DeclareAttack { .. } => "declare_attack",
            Choice::EndAttacks => "end_attacks",
            Choice::ChooseTarget { .. } => "choose_target",
            Choice::AnswerMay { .. } => "answer_may",
            Choice::Block { .. } => "block",
            Choice::NoBlock => "no_block",
            Choice::UseCombat { .. } => "use_combat",
            Choice::PassPriority => "pass_priority",
            Choice::AdvanceMajin { .. } => "advance_majin",
            Choice::StopAdvancing => "stop_advancing",
            Choice::UzumajinBonus { .. } => "uzumajin_bonus",
        }
    }
}
