//! Game configuration: the parameters of spec §10 with their defaults.

use crate::cards::CardSetChoice;
use fuda_core::Seat;
use serde::{Deserialize, Serialize};

/// How the dealer is chosen (CC-3.5, CC-A4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealerRule {
    /// Uniformly at random from the seed (R2).
    #[default]
    Random,
    /// This seat deals.
    Fixed(Seat),
}

/// What happens to a BERSERK! dealt in the opening deal (CC-3.6, CC-A5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpeningBerserk {
    /// Set it aside, deal a replacement, shuffle the set-aside cards into the deck (R3).
    #[default]
    ReplaceAndReshuffle,
    /// Set it aside, deal a replacement, resolve it after the deal in deal order.
    ResolveAfterDeal,
}

/// What a BERSERK! drawn as the turn draw does to the turn (CC-4.2, CC-A6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnDrawBerserk {
    /// After the berserk battle the active player draws again.
    #[default]
    ReplacementDraw,
    /// After the berserk battle the turn ends.
    EndTurn,
}

/// When a BERSERK! drawn during an attack is resolved (CC-6.13, CC-A7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BerserkTiming {
    /// At once; the attacker fights with the creature in play.
    #[default]
    Immediate,
    /// Set aside until the attack sequence ends.
    DeferUntilAttackEnds,
}

/// A berserk battle tied for highest power (CC-A9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BerserkTie {
    /// No Champion; every revealed creature is discarded.
    #[default]
    NoChampion,
    /// Every creature tied for highest becomes a Champion.
    AllTiedBecomeChampions,
}

/// What happens to a venomous defender's creature after a venom tie (CC-A17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VenomFate {
    /// Discarded like any tie.
    #[default]
    Discard,
    /// Returned to the defender's hand.
    ReturnToHand,
}

/// Who adjusts the hand to 7 at the end of a turn (CC-4.6, CC-A20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndOfTurnAdjust {
    /// Every player, clockwise from the active player.
    #[default]
    AllPlayers,
    /// The active player only.
    ActiveOnly,
}

/// The default `turn_limit`: far beyond any game played to its end (random bots finish a
/// game in a few dozen turns), short enough that a game which never ends is cut off.
pub const DEFAULT_TURN_LIMIT: u32 = 500;
/// The largest `turn_limit` accepted.
pub const MAX_TURN_LIMIT: u32 = 100_000;
/// The default `berserk_battles_per_turn`.
pub const DEFAULT_BERSERK_BATTLES_PER_TURN: u8 = 8;
/// The largest `berserk_battles_per_turn` accepted.
pub const MAX_BERSERK_BATTLES_PER_TURN: u8 = 64;

/// Reads `turn_limit`, taking `null` (the old "no limit") as the default.
fn limit_or_default<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    Ok(Option::<u32>::deserialize(d)?.unwrap_or(DEFAULT_TURN_LIMIT))
}

/// The configuration of a game (spec §10). `Default` is a 4-player game with the
/// defaults of `docs/rules/creature-clash.md`: the spec's, except `berserk_min_participants
/// = 2` (CC-A8) and `turn_limit = 500` (CC-A23), plus `berserk_battles_per_turn = 8`
/// (CC-D2). With every valid configuration the game ends within `turn_limit` turns, each
/// of bounded length.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// 2..=6 players (CC-3.1).
    pub num_players: u8,
    /// Champions needed to win; `None` = the table of CC-3.9 (2:5, 3:5, 4:4, 5:3, 6:3).
    pub champions_to_win: Option<u8>,
    /// Dealer choice (CC-A4).
    pub dealer: DealerRule,
    /// BERSERK! in the opening deal (CC-A5).
    pub berserk_in_opening_deal: OpeningBerserk,
    /// BERSERK! as the turn draw (CC-A6).
    pub berserk_on_turn_draw: TurnDrawBerserk,
    /// BERSERK! during an attack (CC-A7).
    pub berserk_timing: BerserkTiming,
    /// Participants needed for a berserk battle to be fought, 1 or 2 (CC-A8). The default,
    /// 2, follows the rulebook's "a BERSERK! battle with the other players" (L121): a lone
    /// player who could build a creature reveals nothing and nothing happens besides the
    /// discard and the refills; 1 makes a lone creature a Champion.
    pub berserk_min_participants: u8,
    /// At most this many BERSERK! cards are resolved (fought, or skipped for too few
    /// participants) per turn, 1..=64, default 8 (CC-D2). A further BERSERK! drawn in the
    /// same turn is revealed and discarded unfought, and the draw goes on. It bounds the
    /// work of one action and the length of one turn with any card set; with the sample
    /// set (3 BERSERK! cards) it is never reached in practice.
    pub berserk_battles_per_turn: u8,
    /// Berserk tie for highest (CC-A9).
    pub berserk_tie: BerserkTie,
    /// RABIES needs a won battle earlier in the turn (CC-A12).
    pub rabies_requires_prior_win: bool,
    /// A venomous defender may choose not to invoke VENOM (CC-A16).
    pub venom_optional: bool,
    /// The venomous defender's creature after a venom tie (CC-A17).
    pub venom_creature_fate: VenomFate,
    /// End-of-turn hand adjustment (CC-A20).
    pub end_of_turn_adjust: EndOfTurnAdjust,
    /// The game ends after this many turns, 1..=100,000, default 500 (CC-4.7, CC-7.3,
    /// CC-A23): then the most Champions win, players tied for most share the win, and with
    /// no Champion at all it is a draw. Every configuration so ends. `null` in a file (once
    /// "no limit") reads as the default.
    #[serde(deserialize_with = "limit_or_default")]
    pub turn_limit: u32,
    /// The card set (CC-A3).
    pub card_set: CardSetChoice,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            num_players: 4,
            champions_to_win: None,
            dealer: DealerRule::Random,
            berserk_in_opening_deal: OpeningBerserk::ReplaceAndReshuffle,
            berserk_on_turn_draw: TurnDrawBerserk::ReplacementDraw,
            berserk_timing: BerserkTiming::Immediate,
            berserk_min_participants: 2,
            berserk_battles_per_turn: DEFAULT_BERSERK_BATTLES_PER_TURN,
            berserk_tie: BerserkTie::NoChampion,
            rabies_requires_prior_win: true,
            venom_optional: true,
            venom_creature_fate: VenomFate::Discard,
            end_of_turn_adjust: EndOfTurnAdjust::AllPlayers,
            turn_limit: DEFAULT_TURN_LIMIT,
            card_set: CardSetChoice::Sample,
        }
    }
}

impl Config {
    /// The default configuration for `num_players` players.
    pub fn for_players(num_players: u8) -> Config {
        Config {
            num_players,
            ..Config::default()
        }
    }

    /// Champions needed to win with this configuration (CC-3.9).
    pub fn champions_needed(&self) -> u8 {
        self.champions_to_win.unwrap_or(match self.num_players {
            0..=3 => 5,
            4 => 4,
            _ => 3,
        })
    }
}
