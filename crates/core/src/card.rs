//! Card identities.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A card of one game: an index into that game's card table. Each game says how it hands
/// ids out (in card-set or deck-list order); since an id therefore names the card, views
/// never show the id of a card the observer may not see.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct CardId(pub u16);

impl CardId {
    /// The index into the game's card table.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
