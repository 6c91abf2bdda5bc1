//! Why a configuration, state, scenario or action was refused.

use crate::cards::{CardId, CardSetError};
use fuda_core::Seat;
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
    /// A scenario (a position) is not one the rules can reach, or names a card wrongly.
    #[error("invalid position, `{field}`: {message}")]
    Scenario {
        /// The field of the position format that is wrong (e.g. `players[1].hand[2]`).
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The seat may not act now.
    #[error("{seat} may not act now")]
    NotToAct {
        /// The seat that tried.
        seat: Seat,
    },
    /// The decision is not the one being asked for.
    #[error("`{choice}` is not possible now: the game waits for {expected}")]
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
    /// A per-turn limit is used up (§5).
    #[error("{what} is already used this turn")]
    LimitReached {
        /// Which limit.
        what: String,
    },
    /// The round-1 middle defense must come first (MC-5.3).
    #[error("place your middle defense card first")]
    InitialDefenseFirst,
    /// A forced random outcome of a built position did not fit the draw it met (a die face
    /// beyond the die, a shuffle naming a card not in the pile): the action that met it is
    /// refused and the state left as it was.
    #[error("the forced random outcome does not fit: {0}")]
    ForcedOutcome(fuda_core::ForcedMisfit),
    /// The action is not allowed here; `reason` says why.
    #[error("`{choice}` is not allowed: {reason}")]
    Illegal {
        /// The decision tried.
        choice: String,
        /// Why not.
        reason: String,
    },
}

impl Error {
    pub(crate) fn config(field: &str, message: impl Into<String>) -> Error {
        Error::Config {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn state(message: impl Into<String>) -> Error {
        Error::InvalidState {
            message: message.into(),
        }
    }

    pub(crate) fn scenario(field: impl Into<String>, message: impl Into<String>) -> Error {
        Error::Scenario {
            field: field.into(),
            message: message.into(),
        }
    }
}
