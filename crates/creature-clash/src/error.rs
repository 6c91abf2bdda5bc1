//! Why a configuration, state, scenario or action was refused.

use crate::cards::{CardId, CardSetError, Position};
use fuda_core::{ForcedMisfit, Seat};
use serde::Serialize;
use thiserror::Error;

/// Every reason the engine refuses something. Messages say what is wrong in a player's
/// words; the JSON form carries a machine-readable `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Error {
    /// A configuration value is out of range.
    #[error("invalid configuration, `{field}`: {message}")]
    Config {
        /// The configuration field.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The card set is invalid.
    #[error(transparent)]
    CardSet(#[from] CardSetError),
    /// A saved state is malformed or has been tampered with.
    #[error("invalid state: {message}")]
    InvalidState {
        /// The broken invariant.
        message: String,
    },
    /// A position (scenario) the rules cannot reach or that is malformed; names the field
    /// of the position format and, in the message, the card.
    #[error("invalid position, `{field}`: {message}")]
    Scenario {
        /// The field of the position, e.g. `hands[2]`, `start.defender`, `forced[0]`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A forced random outcome did not fit the draw it met (a pick beyond the cards chosen
    /// among, a shuffle naming a card that is not in the pile): the action is refused.
    #[error("forced outcome: {0}")]
    ForcedOutcome(ForcedMisfit),
    /// The game is over; no action is accepted.
    #[error("the game is over")]
    GameOver,
    /// The seat may not act now.
    #[error("{seat} may not act now: {waiting_for}")]
    NotToAct {
        /// The seat that tried.
        seat: Seat,
        /// Who is to act.
        waiting_for: String,
    },
    /// The decision is not the one being asked for.
    #[error("`{choice}` is not possible now: {expected}")]
    WrongDecision {
        /// The decision tried.
        choice: String,
        /// What is being asked for.
        expected: String,
    },
    /// The card is not in the seat's hand.
    #[error("{seat} does not hold card {card}")]
    CardNotInHand {
        /// The seat.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// The card cannot fill that slot of a creature.
    #[error("card {card} is not a {expected:?} part")]
    WrongPosition {
        /// The card.
        card: CardId,
        /// The slot it was used for.
        expected: Position,
    },
    /// The target cannot be attacked.
    #[error("{target} cannot be attacked: {reason}")]
    InvalidTarget {
        /// The target.
        target: Seat,
        /// Why not.
        reason: String,
    },
    /// RABIES cannot be played here (CC-6.12).
    #[error("RABIES cannot be played: {reason}")]
    RabiesNotAllowed {
        /// Why not.
        reason: String,
    },
    /// VENOM cannot (or must) be invoked (CC-5.6).
    #[error("VENOM: {reason}")]
    Venom {
        /// Why not.
        reason: String,
    },
    /// That card cannot be stolen (CC-5.7, CC-5.8).
    #[error("cannot steal: {reason}")]
    Steal {
        /// Why not.
        reason: String,
    },
    /// No card needs to be discarded (CC-5.10).
    #[error("{seat} holds no excess card to discard")]
    NoExcess {
        /// The seat.
        seat: Seat,
    },
}

impl Error {
    pub(crate) fn config(field: &str, message: impl Into<String>) -> Error {
        Error::Config {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn scenario(field: impl Into<String>, message: impl Into<String>) -> Error {
        Error::Scenario {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn state(message: impl Into<String>) -> Error {
        Error::InvalidState {
            message: message.into(),
        }
    }
}
