//! Rules engine for **Uzumajin** (クリアーカードバトル ウズマジン), 2 players: build majins
//! from stacked transparent soul cards, count MP over both players' majins, attack the
//! opponent's Majin Box, and be first to put 7 cards into the opponent's damage zone.
//!
//! The rules follow the project's Uzumajin specification (rule IDs `MJ-x.y`); the rules as
//! played, the engine's decisions and the readings players could dispute are written up in
//! `docs/rules/uzumajin.md` of the repository, the position format in
//! `docs/positions/uzumajin.md`.
//!
//! Any position can be built with [`Scenario`] (also a JSON document), and every random
//! result forced:
//!
//! ```
//! use fuda_uzumajin::{apply, Action, Choice, MajinSpec, Scenario, Seat, Zone};
//! let state = Scenario::new()
//!     .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Prepare))
//!     .hand(Seat(0), &["red_imp", "combat_fury"])
//!     .hand(Seat(1), &["spell_mind_rot"])
//!     .active(Seat(1))
//!     .at_main(Some(2))
//!     .force_pick(1) // Mind Rot discards the second card of P0's hand
//!     .build()?;
//! let rot = state.card_id(Seat(1), "spell_mind_rot").unwrap();
//! let after = apply(&state, &Action { seat: Seat(1), choice: Choice::PlaySpell { card: rot } })?;
//! assert_eq!(after.graveyard(Seat(0)), [state.card_id(Seat(0), "combat_fury").unwrap()]);
//! # Ok::<_, fuda_uzumajin::Error>(())
//! ```
//!
//! ```
//! use fuda_uzumajin::{apply, legal_actions, new_game, view, Config, Observer, Seat};
//! let mut state = new_game(&Config::default(), 42)?;
//! let mut steps = 0;
//! while state.outcome().is_none() && steps < 200 {
//!     let actions = legal_actions(&state);
//!     state = apply(&state, &actions[0])?; // a pure function: `state` is a new value
//!     steps += 1;
//! }
//! let mine = view(&state, Observer::Seat(Seat(0)));
//! assert_eq!(mine.players[0].hand.as_ref().map(Vec::len), Some(state.hand(Seat(0)).len()));
//! # Ok::<_, fuda_uzumajin::Error>(())
//! ```
//!
//! # Feature flags
//! None: serde is a plain dependency (JSON forms of state, action, view, event, config).
#![deny(missing_docs)]

mod action;
mod card_text;
mod cards;
mod config;
mod encoding;
mod error;
mod event;
mod game;
mod majin_table;
mod rules;
mod scenario;
mod state;
mod text;
mod view;
mod zones;

pub use action::{Action, Choice, Placement};
pub use card_text::rules_text;
pub use cards::{
    CardDef, CardId, CardInfo, CardSet, CardSetChoice, CardSetError, CardSetFile, CardType,
    Condition, Deck, DeckEntry, DefId, Duration, Effect, Static, Target, ZoneFilter, MAX_COLOURS,
    MAX_DEFS, MAX_EFFECT_STEPS,
};
pub use config::{
    ColourSource, CombatWindow, Config, EmptyMbDamage, FirstPlayer, MpMode, PowerRule,
    TurnCountBasis, DEFAULT_MAX_TURNS,
};
pub use encoding::{MAJIN_FIELDS, PER_CARD, SCALARS};
pub use error::Error;
pub use event::{redact, Event};
pub use fuda_core::{Encoding, Game, Observer, Outcome, Positions, Seat, SeatSet};
pub use game::Uzumajin;
pub use scenario::{MajinSpec, Scenario};
pub use state::{
    Attack, BonusKind, Majin, MajinId, Pending, State, StateData, Step, Window, Zone, MAJIN_CARDS,
};
pub use view::{view, CardView, MajinView, PlayerView, View};

/// A new game from a configuration and a seed.
///
/// # Errors
/// [`Error::Config`], [`Error::CardSet`] or [`Error::Deck`] when the configuration is
/// invalid.
pub fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    Uzumajin::new_game(config, seed)
}

/// The state after `action`; `state` is left untouched.
///
/// # Errors
/// Why the action is illegal ([`Error::NotToAct`], [`Error::CardNotInHand`], ...).
pub fn apply(state: &State, action: &Action) -> Result<State, Error> {
    Uzumajin::apply(state, action)
}

/// Applies `action` in place and returns the full events; on error the state is unchanged.
///
/// # Errors
/// Why the action is illegal.
pub fn apply_in_place(state: &mut State, action: &Action) -> Result<Vec<Event>, Error> {
    Uzumajin::apply_with_events(state, action)
}

/// The legal actions of the seat to act, sorted.
pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    Uzumajin::legal_actions(state, &mut out);
    out
}
