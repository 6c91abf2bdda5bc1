//! Events for front ends, and their redaction per observer (by allowlist: a card id is kept
//! only where the observer may identify the card).

use crate::action::Col;
use crate::cards::CardId;
use crate::state::Guard;
use fuda_core::{Observer, Outcome, Seat, SmallVec};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// Cards of a [`Event::Drew`] held inline: the draws of an edit or battle turn take at most
/// 3 cards (MC-6.14, the supplies of MC-10.2); the deal of 10 spills (once per game).
pub const DREW_INLINE: usize = 3;

/// The name of a decision in [`Event::Acted`]: an action's fixed name or a board skill's
/// printed name, shared with the card set, so building the event allocates nothing
/// (issue 14: the events of a simultaneous edit turn are kept in the state on every path).
/// Serialized as a plain string.
#[derive(Clone)]
pub enum ChoiceName {
    /// A fixed name.
    Static(&'static str),
    /// A name from the card set (or read from JSON).
    Shared(Arc<str>),
}

impl ChoiceName {
    /// The name.
    pub fn as_str(&self) -> &str {
        match self {
            ChoiceName::Static(s) => s,
            ChoiceName::Shared(s) => s,
        }
    }
}

impl std::ops::Deref for ChoiceName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&'static str> for ChoiceName {
    fn from(s: &'static str) -> ChoiceName {
        ChoiceName::Static(s)
    }
}

impl From<String> for ChoiceName {
    fn from(s: String) -> ChoiceName {
        ChoiceName::Shared(s.into())
    }
}

impl PartialEq for ChoiceName {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}
impl Eq for ChoiceName {}
impl PartialEq<str> for ChoiceName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}
impl PartialEq<&str> for ChoiceName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::hash::Hash for ChoiceName {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for ChoiceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for ChoiceName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ChoiceName {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ChoiceName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ChoiceName, D::Error> {
        String::deserialize(d).map(ChoiceName::from)
    }
}

/// Which deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    /// Main deck.
    Main,
    /// Boss-Assassin deck.
    Boss,
    /// ET deck.
    Et,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A board was assigned or chosen.
    BoardAssigned {
        /// Who.
        seat: Seat,
        /// Board index.
        board: u8,
    },
    /// An initial-equipment pick (secret in random mode).
    Picked {
        /// Who.
        seat: Seat,
        /// The card (kept for the picker, or for all in draft mode).
        card: Option<CardId>,
        /// Only the picker knows the card.
        secret: bool,
    },
    /// Cards drawn (identities for the drawer only).
    Drew {
        /// Who.
        seat: Seat,
        /// From where.
        deck: DeckKind,
        /// How many.
        count: u8,
        /// The cards (cleared for others).
        cards: SmallVec<[CardId; DREW_INLINE]>,
    },
    /// A deck was rebuilt from its discard pile.
    DeckRebuilt {
        /// Which.
        deck: DeckKind,
    },
    /// A new round (edit turn) began.
    RoundStarted {
        /// Round number.
        round: u32,
    },
    /// An edit action or skill was carried out.
    Acted {
        /// Who.
        seat: Seat,
        /// The decision's name.
        choice: ChoiceName,
        /// The card involved (cleared for others when `secret`).
        card: Option<CardId>,
        /// Column involved.
        col: Option<Col>,
        /// The card is face down.
        secret: bool,
    },
    /// An event only `seat` sees until the simultaneous edit turn ends (MC-4.6).
    Hidden {
        /// Whose.
        seat: Seat,
        /// The event.
        event: Box<Event>,
    },
    /// An event of `seat`'s simultaneous edit turn, withheld from the others until the
    /// edit set emptied and delivered then, in order (MC-4.6 (3), (6)); each observer gets
    /// the part it may know (`seat` itself already saw it and gets nothing).
    Disclosed {
        /// Whose.
        seat: Seat,
        /// The event.
        event: Box<Event>,
    },
    /// A die was rolled.
    DieRolled {
        /// Who.
        seat: Seat,
        /// Result.
        result: u8,
        /// The skill worked.
        success: bool,
    },
    /// エンド (public, MC-4.6 (3)).
    EndDeclared {
        /// Who.
        seat: Seat,
    },
    /// The battle turn began: edit changes and face-down mana are revealed.
    BattleStarted {
        /// Battle order.
        order: Vec<Seat>,
    },
    /// An attack was declared.
    AttackDeclared {
        /// Attacker.
        seat: Seat,
        /// The card (revealed).
        card: CardId,
        /// Defender.
        target: Seat,
    },
    /// A guard was assigned.
    GuardAssigned {
        /// Defender.
        seat: Seat,
        /// Attack index.
        attack: u8,
        /// Guard.
        guard: Guard,
    },
    /// A defense took damage.
    Damage {
        /// Owner.
        seat: Seat,
        /// Column.
        col: Col,
        /// Life left.
        life: u8,
    },
    /// A defense was healed or revived.
    Healed {
        /// Owner.
        seat: Seat,
        /// Column.
        col: Col,
        /// Life now.
        life: u8,
    },
    /// A card left play (destroyed, killed, died).
    Destroyed {
        /// Owner.
        seat: Seat,
        /// The card (revealed).
        card: CardId,
    },
    /// A defense was defeated.
    Defeated {
        /// Owner.
        seat: Seat,
        /// Column.
        col: Col,
    },
    /// Hell's Resurrection Rite took a card.
    Resurrected {
        /// Frehheim's owner.
        seat: Seat,
        /// The card.
        card: CardId,
    },
    /// A player was eliminated.
    Eliminated {
        /// Who.
        seat: Seat,
    },
    /// The round's cleanup ran.
    Cleanup {
        /// Round.
        round: u32,
    },
    /// The game is over.
    GameOver {
        /// Outcome.
        outcome: Outcome,
    },
}

/// The part of `event` that `observer` may see.
pub fn redact(event: &Event, observer: Observer) -> Option<Event> {
    let mine = |s: Seat| observer.is(s);
    match event {
        Event::Hidden { seat, event } => {
            if mine(*seat) {
                redact(event, observer)
            } else {
                None
            }
        }
        Event::Disclosed { seat, event } => {
            if mine(*seat) {
                None
            } else {
                redact(event, observer).map(|e| Event::Disclosed {
                    seat: *seat,
                    event: Box::new(e),
                })
            }
        }
        Event::Picked { seat, card, secret } => Some(Event::Picked {
            seat: *seat,
            card: if *secret && !mine(*seat) { None } else { *card },
            secret: *secret,
        }),
        Event::Drew {
            seat,
            deck,
            count,
            cards,
        } => Some(Event::Drew {
            seat: *seat,
            deck: *deck,
            count: *count,
            cards: if mine(*seat) {
                cards.clone()
            } else {
                SmallVec::new()
            },
        }),
        Event::Acted {
            seat,
            choice,
            card,
            col,
            secret,
        } => Some(Event::Acted {
            seat: *seat,
            choice: choice.clone(),
            card: if *secret && !mine(*seat) { None } else { *card },
            col: *col,
            secret: *secret,
        }),
        other => Some(other.clone()),
    }
}
