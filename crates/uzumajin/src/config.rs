//! Game configuration: every parameter of spec §10 with its default, plus the card set and
//! the two deck lists.

use crate::cards::{CardSetChoice, Deck};
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// Who goes first (MJ-3.8, R2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    /// Janken picks a winner at random, who chooses the turn order (A1).
    #[default]
    Janken,
    /// This seat goes first; janken and A1 are skipped.
    Fixed(Seat),
}

/// What "first turn" means (MJ-A7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnCountBasis {
    /// Each player counts their own turns.
    #[default]
    PerPlayer,
    /// Only game-wide turn 1 is a "first turn".
    Global,
}

/// How a majin's power is computed (MJ-6.6, MJ-A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PowerRule {
    /// Sum of every face-up soul.
    #[default]
    SumFaceUp,
    /// The top card only.
    TopSoul,
    /// The highest face-up soul.
    MaxFaceUp,
}

/// When combat cards may be used (MJ-A5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatWindow {
    /// Only in a battle (after a block).
    #[default]
    BattleOnly,
    /// In every attack, blocked or not.
    EveryAttack,
}

/// How MP is counted (MJ-A10).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MpMode {
    /// One pool counted at step 4 and spent down.
    #[default]
    PoolAtStep4,
    /// Current majins minus MP spent this turn.
    LiveCount,
}

/// Whose face-up souls meet colour requirements (MJ-A9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourSource {
    /// The user's own field.
    #[default]
    OwnFaceUp,
    /// Either player's field.
    AnyFaceUp,
}

/// Damage to a player whose MB is empty (MJ-A16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyMbDamage {
    /// Ignored; the loss comes at that player's next turn start.
    #[default]
    Ignore,
    /// The player loses at once.
    LoseImmediately,
}

/// The default bound on game length: the game is a draw when game-wide turn 200 ends with
/// no winner (`max_turns`, MJ-D1). Games with the default 40-card decks end by deck-out by
/// turn 67 at the latest (MJ-7.4), so the bound only ends games of much larger custom
/// decks.
pub const DEFAULT_MAX_TURNS: u32 = 200;

/// The configuration of a game (spec §10). `Default` is the spec's reading with the
/// sample set, seat 0 playing the Red deck and seat 1 the Blue deck, and a game-length
/// bound of [`DEFAULT_MAX_TURNS`] turns.
///
/// JSON: every field is optional (missing fields take the default) and unknown fields are
/// refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Players at the table: Uzumajin is a game for exactly 2 (MJ-3.1); any other value is
    /// refused with [`crate::Error::Config`].
    pub num_players: u8,
    /// Cards in a deck, exactly (MJ-3.2). 10..=200.
    pub deck_size: u16,
    /// Copies of one card a deck may hold; `None` = no limit (MJ-3.2, MJ-A21).
    pub max_copies_per_card: Option<u8>,
    /// Opening hand (MJ-3.8).
    pub opening_hand: u8,
    /// Damage that loses the game (MJ-7.1).
    pub damage_to_lose: u8,
    /// Who goes first (R2).
    pub first_player: FirstPlayer,
    /// What "first turn" means (MJ-A7).
    pub turn_count_basis: TurnCountBasis,
    /// Any card may become an ura majin; `false` = souls only (MJ-A8).
    pub ura_any_card: bool,
    /// How power is computed (MJ-A1).
    pub power_rule: PowerRule,
    /// Cards a majin may hold; `None` = no limit (MJ-A2).
    pub max_cards_per_majin: Option<u8>,
    /// The Uzumajin owner chooses 1 or 2 (A15, MJ-A14).
    pub uzumajin_bonus_optional: bool,
    /// When combat cards may be used (MJ-A5).
    pub combat_window: CombatWindow,
    /// Combat cards each player may use per battle (MJ-6.5).
    pub combat_cards_per_player: u8,
    /// Blocking taps the blocker (MJ-A3).
    pub block_taps_blocker: bool,
    /// Prepare-zone majins may block (MJ-A4).
    pub prepare_zone_can_block: bool,
    /// Advancing in step 7 is the active player's choice (A14, MJ-A12).
    pub advance_optional: bool,
    /// How MP is counted (MJ-A10).
    pub mp_mode: MpMode,
    /// Whose souls meet colour requirements (MJ-A9).
    pub colour_source: ColourSource,
    /// Damage from an empty MB (MJ-A16).
    pub empty_mb_damage: EmptyMbDamage,
    /// The owner may look at their damage zone (MJ-A18).
    pub damage_zone_owner_can_look: bool,
    /// Skip a combat-priority decision when the holder has no usable card (MJ-5.1). This
    /// tells the opponent that the holder has no usable card.
    pub auto_pass: bool,
    /// The game is a draw when this game-wide turn ends with no winner (MJ-4.8, MJ-7.4,
    /// MJ-D1). Default `Some(200)` ([`DEFAULT_MAX_TURNS`]): every game ends by then.
    /// `None` (JSON `null`) removes the bound; a game still ends, by deck-out, by turn
    /// 2 × (deck_size − opening_hand) + 1 at the latest, since every own turn draws a card
    /// and no rule returns a card to a Majin Box.
    pub max_turns: Option<u32>,
    /// The card set.
    pub card_set: CardSetChoice,
    /// The deck lists of seat 0 and seat 1 (seat 0's is shuffled first, MJ-9.1).
    pub decks: [Deck; 2],
}

impl Default for Config {
    fn default() -> Config {
        Config {
            num_players: 2,
            deck_size: 40,
            max_copies_per_card: Some(4),
            opening_hand: 7,
            damage_to_lose: 7,
            first_player: FirstPlayer::Janken,
            turn_count_basis: TurnCountBasis::PerPlayer,
            ura_any_card: true,
            power_rule: PowerRule::SumFaceUp,
            max_cards_per_majin: Some(4),
            uzumajin_bonus_optional: false,
            combat_window: CombatWindow::BattleOnly,
            combat_cards_per_player: 1,
            block_taps_blocker: false,
            prepare_zone_can_block: false,
            advance_optional: false,
            mp_mode: MpMode::PoolAtStep4,
            colour_source: ColourSource::OwnFaceUp,
            empty_mb_damage: EmptyMbDamage::Ignore,
            damage_zone_owner_can_look: false,
            auto_pass: false,
            max_turns: Some(DEFAULT_MAX_TURNS),
            card_set: CardSetChoice::Sample,
            decks: [Deck::sample_red(), Deck::sample_blue()],
        }
    }
}

impl Config {
    /// The default configuration with seat 0 going first (no janken).
    pub fn seat0_first() -> Config {
        Config {
            first_player: FirstPlayer::Fixed(Seat(0)),
            ..Config::default()
        }
    }
}
