//! Why a configuration, state, scenario or action was refused.

use crate::cards::{CardId, CardSetError, CardType};
use crate::state::MajinId;
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
    /// A deck breaks the deck-building rules (MJ-3.2).
    #[error("the deck of {seat} is not legal: {message}")]
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
    /// A position ([`crate::Scenario`]) is not one the rules can reach, or names a card or
    /// field wrongly.
    #[error("invalid position, `{field}`: {message}")]
    Scenario {
        /// The position field at fault, e.g. `players[0].hand[2]` or `at`.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// A forced random outcome queued in the state did not fit the draw it met (a pick
    /// beyond the cards chosen among, a shuffle naming a card not shuffled); the action is
    /// refused and the state left as it was.
    #[error("the action meets a forced random outcome that does not fit: {misfit}")]
    ForcedOutcome {
        /// The outcome and the draw it did not fit.
        misfit: ForcedMisfit,
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
    #[error("{seat} does not hold card {card}")]
    CardNotInHand {
        /// The seat.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// The card is of the wrong type for this action.
    #[error("card {card} is not a {expected:?} card")]
    WrongCardType {
        /// The card.
        card: CardId,
        /// The type needed.
        expected: CardType,
    },
    /// Not enough MP left (MJ-5.3).
    #[error("card {card} costs {cost} MP but only {available} MP is left")]
    NotEnoughMp {
        /// The card.
        card: CardId,
        /// Its cost.
        cost: u8,
        /// MP left.
        available: u32,
    },
    /// A required colour is missing from the user's field (MJ-5.2).
    #[error("card {card} needs a face-up {colour} soul on your field")]
    ColourMissing {
        /// The card.
        card: CardId,
        /// The missing colour.
        colour: String,
    },
    /// The first turn's ura majin cannot be skipped (MJ-4.3).
    #[error("the ura majin is mandatory on your first turn")]
    UraMandatory,
    /// A combat card cannot be used (MJ-6.5).
    #[error("you have already used {used} combat card(s) in this battle (limit {limit})")]
    CombatLimit {
        /// Cards used.
        used: u8,
        /// The limit.
        limit: u8,
    },
    /// The majin cannot be used for this.
    #[error("majin {majin} cannot be chosen: {reason}")]
    BadMajin {
        /// The majin.
        majin: MajinId,
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

    pub(crate) fn majin(majin: MajinId, reason: impl Into<String>) -> Error {
        Error::BadMajin {
            majin,
            reason: reason.into(),
        }
    }
}

/// Input echoed in an error message is cut to this many characters, so a hostile file cannot
/// make a reply as large as itself.
pub(crate) const ECHO_LIMIT: usize = 80;

/// `text` cut to [`ECHO_LIMIT`] characters (on a character boundary), marked with `…`.
pub(crate) fn clip(text: &str) -> String {
    match text.char_indices().nth(ECHO_LIMIT) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}
