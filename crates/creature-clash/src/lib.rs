//! Rules engine for **Creature Clash!** (クリーチャークラッシュ！), 2–6 players: build
//! creatures from FRONT, MIDDLE and BACK cards, attack every other player in one turn to
//! make a Champion, and be first to the required number of Champions.
//!
//! The rules follow the specification `docs/spec/creature-clash.md` (rule IDs `CC-x.y`); the engine's
//! decisions are written up in `docs/rules/creature-clash.md`.
//!
//! Every game ends: `turn_limit` (default 500 turns) ends it with the most Champions
//! winning, and at most `berserk_battles_per_turn` BERSERK! cards are resolved per turn.
//! Positions are built with [`Scenario`] (JSON format in `docs/positions/creature-clash.md`):
//! any decision the rules can reach, every zone by card name, forced random outcomes.
//!
//! ```
//! use fuda_creature_clash::{apply, legal_actions, new_game, view, Config, Observer, Seat};
//! let mut state = new_game(&Config::for_players(3), 42)?;
//! let mut steps = 0;
//! while state.outcome().is_none() && steps < 50 {
//!     let actions = legal_actions(&state);
//!     state = apply(&state, &actions[0])?; // a pure function: `state` is a new value
//!     steps += 1;
//! }
//! let mine = view(&state, Observer::Seat(Seat(0)));
//! assert_eq!(mine.hand.as_ref().map(Vec::len), Some(state.hand(Seat(0)).len()));
//! # Ok::<_, fuda_creature_clash::Error>(())
//! ```
#![deny(missing_docs)]

mod action;
mod cards;
mod config;
mod encoding;
mod error;
mod event;
mod game;
mod rules;
mod scenario;
mod state;
mod text;
mod view;

pub use action::{Action, Choice, Creature};
pub use cards::{
    CardClass, CardDef, CardId, CardInfo, CardSet, CardSetChoice, CardSetError, CardSetFile,
    Position, MAX_CARDS,
};
pub use config::{
    BerserkTie, BerserkTiming, Config, DealerRule, EndOfTurnAdjust, OpeningBerserk,
    TurnDrawBerserk, VenomFate, DEFAULT_BERSERK_BATTLES_PER_TURN, DEFAULT_TURN_LIMIT,
    MAX_BERSERK_BATTLES_PER_TURN, MAX_TURN_LIMIT,
};
pub use encoding::{MAX_SEATS, PER_CARD, SCALARS};
pub use error::Error;
pub use event::{redact, BerserkEntry, Event};
pub use fuda_core::{Encoding, Game, Observer, Outcome, Seat, SeatSet};
pub use game::CreatureClash;
pub use scenario::{Attack, BerserkDuring, Commit, ForcedOutcome, Scenario, Start, Unplaced};
pub use state::{
    Battle, BattleResult, BerserkBattle, Chain, Pending, State, StateData, HAND_SIZE, MAX_HAND,
};
pub use text::is_to_act;
pub use view::{view, BerserkView, View};

/// A new game from a configuration and a seed.
///
/// # Errors
/// [`Error::Config`] or [`Error::CardSet`] when the configuration is invalid.
pub fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    CreatureClash::new_game(config, seed)
}

/// The state after `action`; `state` is left untouched.
///
/// # Errors
/// Why the action is illegal ([`Error::NotToAct`], [`Error::CardNotInHand`], ...).
pub fn apply(state: &State, action: &Action) -> Result<State, Error> {
    CreatureClash::apply(state, action)
}

/// Applies `action` in place and returns the full events; on error the state is unchanged.
///
/// # Errors
/// Why the action is illegal.
pub fn apply_in_place(state: &mut State, action: &Action) -> Result<Vec<Event>, Error> {
    CreatureClash::apply_with_events(state, action)
}

/// The legal actions of the seat to act, sorted.
pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    CreatureClash::legal_actions(state, &mut out);
    out
}
