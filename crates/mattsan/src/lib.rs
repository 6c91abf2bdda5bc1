//! Rules engine for **Mattsan Card Game** (マッツァンカードゲーム), 2 players: units fight
//! on a single battlefield backed by a bench of reserve units, face-down traps and
//! terrains; trumps are paid for by soul-charged cards; a defeated unit gives its owner
//! a soul draw; a player loses when their battlefield cannot be refilled or their deck
//! runs out.
//!
//! The rules follow the specification `docs/spec/mattsan.md` (rule IDs `MS-x.y`); the engine's decisions
//! are written up in `docs/rules/mattsan.md`. Several seats may act at once during the
//! secret setup placement ([`fuda_core::Game::to_act`] returns a [`SeatSet`]).
//!
//! ```
//! use fuda_mattsan::{apply, legal_actions, new_game, view, Config, Observer, Seat};
//! let mut state = new_game(&Config::default(), 42)?;
//! let mut steps = 0;
//! while state.outcome().is_none() && steps < 200 {
//!     let actions = legal_actions(&state);
//!     state = apply(&state, &actions[0])?; // a pure function: `state` is a new value
//!     steps += 1;
//! }
//! let mine = view(&state, Observer::Seat(Seat(0)));
//! assert_eq!(mine.hand.as_ref().map(Vec::len), Some(state.hand(Seat(0)).len()));
//! # Ok::<_, fuda_mattsan::Error>(())
//! ```
#![deny(missing_docs)]

mod action;
mod card_text;
mod cards;
mod config;
mod encoding;
mod error;
mod event;
mod game;
mod resample;
mod rules;
mod scenario;
mod state;
mod text;
mod view;
mod zones;

pub use action::{Action, Choice};
pub use cards::{
    Ability, Amount, CardDef, CardId, CardSet, CardSetError, CardSetFile, CardType, Condition,
    Cost, CountExpr, DefId, DiscardChooser, Duration, Effect, EventPattern, Move, OccupiedTrigger,
    Placement, Selector, Side, Stat, TapTiming, TerrainUse, TrapTrigger, Trigger, TrumpTiming, Who,
};
pub use config::{
    BothLoseTiebreak, CardSetChoice, Config, DeckChoice, DefeatOrder, FirstPlayerMethod,
    DEFAULT_MAX_ACTIONS,
};
pub use error::Error;
pub use event::{redact, Event, LossReason};
pub use fuda_core::{Encoding, Game, Observer, Outcome, Seat, SeatSet};
pub use game::Mattsan;
pub use scenario::{
    ForcedSpec, ResolveSpec, Rest, Scenario, SeatSpec, SoulSpec, Start, TempModSpec, TerrainSpec,
    Then, UnitSpec, WindowSpec,
};
pub use state::{
    FieldCard, Loc, Pending, PendingAttack, PendingTrump, SetupDraft, Slot, SoulCard, State,
    StateData, Step, TempMod, Terrain, WindowEvent, WindowKind, MAX_BENCH, UNDER_CARDS,
};
pub use view::{view, CardView, PlayerView, SlotView, View};

/// A new game from a configuration and a seed.
///
/// # Errors
/// [`Error::Config`], [`Error::CardSet`] or [`Error::Deck`] when the configuration is
/// invalid.
pub fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    Mattsan::new_game(config, seed)
}

/// A new game whose first die rolls are forced (MS-3.12 first-player rolls, then any
/// later roll), for tests and tutorials.
///
/// # Errors
/// As [`new_game`].
pub fn new_game_with_dice(config: &Config, seed: u64, dice: &[u8]) -> Result<State, Error> {
    let mut rng = fuda_core::GameRng::from_seed(seed);
    rng.force_dice(dice.iter().copied());
    rules::setup::new_game_with_rng(config, rng)
}

/// The state after `action`; `state` is left untouched.
///
/// # Errors
/// Why the action is illegal ([`Error::NotToAct`], [`Error::CardNotInHand`], ...).
pub fn apply(state: &State, action: &Action) -> Result<State, Error> {
    Mattsan::apply(state, action)
}

/// Applies `action` in place and returns the full events; on error the state is
/// unchanged.
///
/// # Errors
/// Why the action is illegal.
pub fn apply_in_place(state: &mut State, action: &Action) -> Result<Vec<Event>, Error> {
    Mattsan::apply_with_events(state, action)
}

/// The legal actions of every seat that may act now, seat by seat, each list sorted.
pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    Mattsan::legal_actions(state, &mut out);
    out
}
