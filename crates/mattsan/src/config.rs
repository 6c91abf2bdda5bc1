//! Game configuration: every parameter of spec §10 with its default, the card set and
//! the two decks.

use crate::cards::CardSet;
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// How the first player is chosen (MS-3.12, MS-A20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayerMethod {
    /// Each player rolls one die; the higher roll goes first; ties reroll.
    #[default]
    DiceHigherRerollTies,
    /// This seat goes first (no roll; for tests and teaching).
    Fixed(Seat),
}

/// Both players lose at the same checkpoint (MS-7.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothLoseTiebreak {
    /// The player with fewer cards in the discard pile wins; equal counts draw.
    #[default]
    FewerDiscardWins,
    /// Always a draw.
    Draw,
}

/// The order of several defeats caused by one instruction (MS-6.8, MS-A40).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefeatOrder {
    /// One unit at a time, players alternating, the controller's opponent first; each
    /// player orders their own units.
    #[default]
    AlternateFromControllersOpponent,
    /// Reading (a) of MS-A40: every waiting unit is discarded first (the controller's
    /// opponent's, then the controller's, in location order), then all soul draws.
    Batch,
}

/// Which deck a seat plays.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckChoice {
    /// A deck list stored in the card set under this name (`a` or `b` in the sample set).
    Named(String),
    /// A deck list: one card id per copy.
    List(Vec<String>),
}

impl DeckChoice {
    /// Sample deck A.
    pub fn a() -> DeckChoice {
        DeckChoice::Named("a".into())
    }

    /// Sample deck B.
    pub fn b() -> DeckChoice {
        DeckChoice::Named("b".into())
    }
}

/// Which card set a configuration uses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSetChoice {
    /// The sample set of §12(c).
    #[default]
    Sample,
    /// A user's own set.
    Custom(CardSet),
}

impl CardSetChoice {
    /// The card set this choice names.
    pub fn resolve(&self) -> CardSet {
        match self {
            CardSetChoice::Sample => CardSet::sample(),
            CardSetChoice::Custom(set) => set.clone(),
        }
    }
}

/// The default game-length bound of [`Config::max_actions`] (MS-D5).
pub const DEFAULT_MAX_ACTIONS: u32 = 10_000;

/// The configuration of a game (spec §10). `Default` is every default of the spec with
/// sample deck A for seat 0 and sample deck B for seat 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Players at the table: always 2 (the field exists so every game names its player
    /// count `num_players`; any other value is refused).
    pub num_players: u8,
    /// Cards per deck (MS-3.2, MS-A5); 1..=60.
    pub deck_size: u8,
    /// Copies of one card per deck unless its `deck_limit` says otherwise (MS-A25).
    pub max_copies: u8,
    /// Cards drawn at setup (MS-3.10); 1..=20.
    pub opening_hand: u8,
    /// MS-3.11: a unitless opening hand is revealed and redrawn once. When false, a
    /// unitless opening hand loses at once (a battlefield unit cannot be placed).
    pub mulligan_on_no_unit: bool,
    /// MS-3.12.
    pub first_player_method: FirstPlayerMethod,
    /// MS-4.1 / MS-A39: the first player skips the draw of their first turn.
    pub first_player_skips_first_draw: bool,
    /// MS-3.13: bench cards placed at setup (at most the base capacity).
    pub setup_bench_max: u8,
    /// MS-3.7 / MS-A4: base bench capacity; 1..=8.
    pub base_bench_capacity: u8,
    /// MS-5.2 / MS-A8: cards that may be charged in one step 2; 0..=5.
    pub soul_charge_per_turn: u8,
    /// MS-4.5 / MS-A7: a battle action must be taken when one is legal.
    pub battle_action_required: bool,
    /// MS-A11: placing a unit face-up triggers its OnFaceUp abilities.
    pub face_up_placement_triggers_flip: bool,
    /// MS-A12: a trap may be activated in the turn it was set.
    pub trap_usable_turn_set: bool,
    /// Terrain cards exist (false: the pre-2024 rules; decks may not hold terrains).
    pub terrain_enabled: bool,
    /// MS-A6: a terrain may be placed under an occupant (false: empty locations only).
    pub terrain_under_occupant: bool,
    /// MS-A14: a vacated battlefield may also be refilled from the hand.
    pub refill_from_hand: bool,
    /// MS-7.6.
    pub both_lose_tiebreak: BothLoseTiebreak,
    /// Die faces (MS-3.3); 2..=20.
    pub dice_sides: u8,
    /// MS-7.7: the game is a draw when the turn with this number would begin (default
    /// none: the decks already end every game by turn 2 × (deck_size − opening_hand) + 2,
    /// since every turn but the first player's first draws a card and no effect returns
    /// cards to a deck).
    pub max_turns: Option<u32>,
    /// MS-D5, the game-length bound: the game is a draw once this many actions have been
    /// taken (default 10,000, far above the longest game of the sample set). It ends
    /// games whose custom cards would loop within a turn (a unit that returns itself to
    /// hand when placed); `null` turns it off.
    pub max_actions: Option<u32>,
    /// MS-6.8 / MS-A40.
    pub simultaneous_defeat_order: DefeatOrder,
    /// MS-D3: deck lists are shown to both players (tournament rules). Default false:
    /// each player knows only their own list, so resampling hidden cards for bots and the
    /// leak check draws the opponent's unseen cards from the whole card set under the
    /// deck-building rules, not from their list.
    pub open_decklists: bool,
    /// The card set.
    pub card_set: CardSetChoice,
    /// Seat 0's and seat 1's decks.
    pub decks: [DeckChoice; 2],
}

impl Default for Config {
    fn default() -> Config {
        Config {
            num_players: 2,
            deck_size: 30,
            max_copies: 3,
            opening_hand: 6,
            mulligan_on_no_unit: true,
            first_player_method: FirstPlayerMethod::DiceHigherRerollTies,
            first_player_skips_first_draw: true,
            setup_bench_max: 3,
            base_bench_capacity: 3,
            soul_charge_per_turn: 1,
            battle_action_required: true,
            face_up_placement_triggers_flip: true,
            trap_usable_turn_set: true,
            terrain_enabled: true,
            terrain_under_occupant: true,
            refill_from_hand: false,
            both_lose_tiebreak: BothLoseTiebreak::FewerDiscardWins,
            dice_sides: 6,
            max_turns: None,
            max_actions: Some(DEFAULT_MAX_ACTIONS),
            simultaneous_defeat_order: DefeatOrder::AlternateFromControllersOpponent,
            open_decklists: false,
            card_set: CardSetChoice::Sample,
            decks: [DeckChoice::a(), DeckChoice::b()],
        }
    }
}

impl Config {
    /// The default configuration with these two decks.
    pub fn with_decks(seat0: DeckChoice, seat1: DeckChoice) -> Config {
        Config {
            decks: [seat0, seat1],
            ..Config::default()
        }
    }
}
