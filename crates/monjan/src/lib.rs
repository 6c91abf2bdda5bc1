//! Rules engine for **Monjan Colosseum** (モンジャンコロシアム), 2–4 players: build attack,
//! defense and mana columns on your status board in the edit turn, then attack in speed
//! order in the battle turn; the player whose middle defense falls is out, the last one
//! standing wins.
//!
//! The rules follow the specification `docs/spec/monjan.md` (rule IDs `MC-x.y`); the engine's decisions
//! are written up in `docs/rules/monjan.md`.
//!
//! The edit turn is simultaneous by default: [`State::to_act`] holds every player who has
//! not said "End", each may act in any order, and each player's changes stay hidden from
//! the others until the battle turn (MC-4.6).
//!
//! ```
//! use fuda_monjan::{apply, legal_actions_for, new_game, view, Config, Observer, Seat};
//! let mut config = Config::for_players(3);
//! config.max_rounds = 2;
//! let mut state = new_game(&config, 7)?;
//! while state.outcome().is_none() {
//!     // Everybody in `to_act` may move; here the lowest seat takes its first option.
//!     let seat = state.to_act().first().expect("someone acts while the game goes on");
//!     let actions = legal_actions_for(&state, seat);
//!     state = apply(&state, &actions[0])?; // pure: `state` is a new value
//! }
//! let mine = view(&state, Observer::Seat(Seat(0)));
//! assert_eq!(mine.round, 2);
//! # Ok::<_, fuda_monjan::Error>(())
//! ```
#![deny(missing_docs)]

mod action;
mod card_text;
mod cards;
mod config;
mod encoding;
mod error;
mod event;
mod frozen;
mod game;
mod rules;
mod scenario;
mod state;
mod text;
mod view;

pub use action::{
    Action, Choice, Col, Discard, GuardChoice, ManaPos, Pay, Row, Side, SkillFrom, SummonBy,
    Target, Unit,
};
pub use cards::{
    attr_short, Attribute, Aux, BoardDef, BoardEffect, BoardSkill, BossAssaKind, CardClass,
    CardDef, CardId, CardInfo, CardSet, CardSetError, CardSetFile, Condition, Cost, Effect,
    HealCap, Skill, SkillKinds, SkillSource, Timing,
};
pub use config::{
    AnyManaPayment, AttackTarget, BasicDefeatDraw, BoardAssignment, Config, DeckEtSelection,
    DeckExhaustion, EditTurnMode, ExtraConditionTracking, ExtraPairPositions, ManaCostSource,
    ManaSlotRule, MatchFormat, NumberCardsPerTurn, PickMode, ResurrectionCapScope, SpeedSource,
    SupplyTiming, DEFAULT_MAX_ROUNDS, MAX_ROUNDS_LIMIT,
};
pub use error::Error;
pub use event::{redact, ChoiceName, DeckKind, Event, DREW_INLINE};
pub use fuda_core::{Encoding, Forced, ForcedMisfit, Game, Observer, Outcome, Seat, SeatSet};
pub use game::Monjan;
pub use scenario::{
    AttackSetup, BattleSetup, CardNames, ColumnSetup, DefenseSetup, ExtraSetup, ForcedOutcome,
    GuardSetup, HandCard, ManaSetup, OneTurnSetup, PlayerSetup, Rest, Scenario, ShuffleItem, Sides,
    SkillUseSetup, SlotSetup, Stage, Start, UsesSetup,
};
pub use state::{
    Attack, Battle, Cards, Column, DefCard, Defense, FieldExtra, Frozen, Guard, Mana, OneTurn,
    Pending, Phase, Player, Seats, SlotCard, SlotKind, State, StateData, Supply, Trigger, TurnUse,
    Window, WindowKind, ATTACKS_INLINE, BOSS_INLINE, DEAL, ET_INLINE, HAND_INLINE, KNOWN_INLINE,
    MAIN_INLINE, MANA_INLINE, MATCHED_INLINE, MAX_LIFE, ONE_TURN_COST, ONE_TURN_INLINE,
    PERMANENT_COST, RESURRECTED_INLINE, SEATS_INLINE, SKILL_USES_INLINE, USED_UNITS_INLINE,
};
pub use text::is_to_act;
pub use view::{
    view, BattleView, ColumnView, ManaView, PilesView, PlayerView, Shown, SlotView, View,
};

/// A new game from a configuration and a seed.
///
/// # Errors
/// [`Error::Config`] or [`Error::CardSet`] when the configuration is invalid.
pub fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    Monjan::new_game(config, seed)
}

/// The state after `action`; `state` is left untouched.
///
/// # Errors
/// Why the action is illegal ([`Error::NotToAct`], [`Error::CardNotInHand`], ...).
pub fn apply(state: &State, action: &Action) -> Result<State, Error> {
    Monjan::apply(state, action)
}

/// Applies `action` in place and returns the full events; on error the state is unchanged.
///
/// # Errors
/// Why the action is illegal.
pub fn apply_in_place(state: &mut State, action: &Action) -> Result<Vec<Event>, Error> {
    Monjan::apply_with_events(state, action)
}

/// The legal actions of every seat that may act now, seat by seat, each part sorted.
pub fn legal_actions(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    Monjan::legal_actions(state, &mut out);
    out
}

/// The legal actions of one seat, sorted (empty when it may not act).
pub fn legal_actions_for(state: &State, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    Monjan::legal_actions_for(state, seat, &mut out);
    out
}
