//! Why a configuration, deck, state, scenario or action was refused.

use crate::cards::CardSetError;
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
    /// A deck breaks the deck-building rules (MS-3.2).
    #[error("{seat}'s deck is invalid: {message}")]
    Deck {
        /// Whose deck.
        seat: Seat,
        /// What is wrong.
        message: String,
    },
    /// A saved state is malformed or has been tampered with.
    #[error("invalid state: {message}")]
    InvalidState {
        /// The broken invariant.
        message: String,
    },
    /// A position (scenario) is malformed or describes one the rules cannot reach.
    #[error("invalid position, `{field}`: {message}")]
    Scenario {
        /// The position field at fault (e.g. `players[1].hand`).
        field: String,
        /// What is wrong, naming the card.
        message: String,
    },
    /// The game is over; no action is accepted.
    #[error("the game is over")]
    GameOver,
    /// The seat may not act now.
    #[error("{seat} may not act now; waiting for {waiting_for}")]
    NotToAct {
        /// The seat that tried.
        seat: Seat,
        /// Who is to act, and for what.
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
    #[error("{seat} does not hold card #{card}")]
    CardNotInHand {
        /// The seat.
        seat: Seat,
        /// The card id.
        card: u16,
    },
    /// The card is of the wrong type for this action.
    #[error("card #{card} cannot be used this way: {reason}")]
    WrongCard {
        /// The card id.
        card: u16,
        /// Why not.
        reason: String,
    },
    /// The location cannot be used for this action.
    #[error("that location cannot be used: {reason}")]
    BadLocation {
        /// Why not.
        reason: String,
    },
    /// A soul-charge rule forbids it (MS-5.2, MS-6.12).
    #[error("soul charge: {reason}")]
    SoulCharge {
        /// Why not.
        reason: String,
    },
    /// A cost cannot be paid or a condition does not hold (MS-A33).
    #[error("cannot be used: {reason}")]
    CannotUse {
        /// Why not.
        reason: String,
    },
    /// The target is not a legal option (MS-5.18).
    #[error("not a legal target: {reason}")]
    BadTarget {
        /// Why not.
        reason: String,
    },
    /// A forced random outcome of the state (a scenario's dice, picks or shuffles) does not
    /// fit the draw the action met; the action is refused and the state unchanged.
    #[error("a forced random outcome does not fit: {0}")]
    ForcedOutcome(fuda_core::ForcedMisfit),
    /// The turn cannot end yet (MS-4.5).
    #[error("the turn cannot end yet: {reason}")]
    CannotEndTurn {
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
}
