//! Game configuration: every parameter of spec §10 with its default.

use crate::cards::CardSet;
use serde::{Deserialize, Serialize};

macro_rules! option_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident),+ $(,)? } default $d:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($(#[$vm])* $v),+ }
        impl Default for $name {
            fn default() -> Self { $name::$d }
        }
    };
}

option_enum!(
    /// Match format (MC-10.2).
    MatchFormat {
        /// Plain basic rules: no E/T cards.
        Basic,
        /// ① ラストモンスター: 3 picks.
        LastMonster,
        /// ② 初期装備: 3 picks, 20 E/T in the main deck.
        InitialEquipment,
        /// ③ エキストラルール: 25 E/T in the main deck.
        ExtraRule,
        /// ④ 裏ラストモンスター: 3 picks, ET deck, supply 1 ET + 2 main.
        ReverseLastMonster,
        /// ⑤ 裏初期装備: 2 picks, ET deck, supply 2 ET + 1 main.
        ReverseInitialEquipment,
        /// ⑥ 裏エキストラモード: 1 pick, ET deck, supply 3 ET.
        ReverseExtraMode,
    } default ReverseInitialEquipment
);

impl MatchFormat {
    /// Initial-equipment picks per player.
    pub fn picks(self) -> usize {
        match self {
            MatchFormat::LastMonster
            | MatchFormat::InitialEquipment
            | MatchFormat::ReverseLastMonster => 3,
            MatchFormat::ReverseInitialEquipment => 2,
            MatchFormat::ReverseExtraMode => 1,
            MatchFormat::Basic | MatchFormat::ExtraRule => 0,
        }
    }

    /// E/T cards shuffled into the main deck.
    pub fn deck_et(self) -> usize {
        match self {
            MatchFormat::InitialEquipment => 20,
            MatchFormat::ExtraRule => 25,
            _ => 0,
        }
    }

    /// Whether the format has an ET deck (ET defense-death supply, ④–⑥).
    pub fn has_et_deck(self) -> bool {
        matches!(
            self,
            MatchFormat::ReverseLastMonster
                | MatchFormat::ReverseInitialEquipment
                | MatchFormat::ReverseExtraMode
        )
    }

    /// Whether E/T cards are used at all.
    pub fn uses_et(self) -> bool {
        self != MatchFormat::Basic
    }

    /// The supply of one defeated side column: (ET cards, main cards).
    pub fn supply(self) -> (u8, u8) {
        match self {
            MatchFormat::ReverseLastMonster => (1, 2),
            MatchFormat::ReverseInitialEquipment => (2, 1),
            MatchFormat::ReverseExtraMode => (3, 0),
            _ => (0, 3),
        }
    }
}

option_enum!(
    /// How initial equipment is picked.
    PickMode {
        /// Face-up pool, players choose (MC-5.2).
        Draft,
        /// Face-down shuffled pool; each pick is the top card.
        Random,
    } default Draft
);

option_enum!(
    /// Edit-turn mode (MC-4.2, MC-4.3).
    EditTurnMode {
        /// Everybody edits at once.
        Simultaneous,
        /// 後だし編集ターン: from round 2 one player at a time in battle order.
        Sequential,
    } default Simultaneous
);

/// How boards are assigned (MC-3.10 (2)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardAssignment {
    /// Random distinct boards.
    #[default]
    Random,
    /// Players choose in RPS order (MC-5.1).
    Draft,
    /// These board ids, seat by seat.
    Fixed(Vec<String>),
}

/// How the 20 / 25 deck E/T cards of ② / ③ are chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckEtSelection {
    /// Drawn at random from the seed.
    #[default]
    SeededRandom,
    /// These definition ids (one entry per copy).
    Explicit(Vec<String>),
}

option_enum!(
    /// Number cards per edit turn (MC-5.5, MC-A6, decision MC-D9).
    NumberCardsPerTurn {
        /// One, attack OR defense (the spec's first reading, from L79).
        One,
        /// One attack-slot and one defense-slot card (L268 「攻撃か防御の欄にカードを各一枚置ける」).
        OnePerRow,
    } default OnePerRow
);

option_enum!(
    /// Mana needed for number cards (MC-6.1, MC-A8).
    ManaSlotRule {
        /// One-to-one matching of slot cards to mana of their attribute or Elements.
        Matching,
        /// One card of the attribute (or an Element) anywhere in the column's stack.
        AttributeOnly,
    } default Matching
);

option_enum!(
    /// Which mana gives speed (MC-6.3, MC-A9, decision MC-D6).
    SpeedSource {
        /// Top cards only (the spec's first reading).
        TopCards,
        /// Every number card of every stack, covered ones included (L189 「マナに置かれた数字の数の多さで」).
        AllMana,
    } default AllMana
);

option_enum!(
    /// Which column pairs an Extra's attribute pair may use (MC-6.12, MC-A10).
    ExtraPairPositions {
        /// (L,M) and (M,R).
        Adjacent,
        /// (L,M), (M,R) and (L,R).
        AnyOrderedPair,
    } default Adjacent
);

option_enum!(
    /// How an Extra's condition is tracked (MC-6.12 (3), MC-A11, decision MC-D5).
    ExtraConditionTracking {
        /// By the condition that summoned it: a pair summon lives while any condition of the
        /// card is met (L367 「現状が一致さえしていれば…死滅しません」); a number summon dies
        /// once that number card is covered or leaves its stack, even if another number
        /// matches (L372 「その数字が埋まったり消えたらEカードは死ぬ」).
        BySummon,
        /// Any current match keeps it alive, however it was summoned (the spec's first reading).
        Continuous,
        /// It dies once a top card that met the condition at summon is covered or leaves.
        SpecificCard,
    } default BySummon
);

option_enum!(
    /// Where a mana cost is paid from (MC-6.2, MC-A12).
    ManaCostSource {
        /// One chosen column.
        SingleColumn,
        /// Any columns, the payer stating each column's share.
        AnyColumns,
    } default SingleColumn
);

option_enum!(
    /// Supply size in non-ET formats (MC-6.14 (2), MC-A18, decision MC-D4).
    BasicDefeatDraw {
        /// 3 main cards per defeated side column (the spec's first reading).
        PerColumn,
        /// Only the first defeated side column of a player (L313 「…三枚出来ます最初だけ」).
        FirstDefeatOnly,
    } default FirstDefeatOnly
);

option_enum!(
    /// When a supply is drawn (MC-6.14 (4), MC-A19, decision MC-D3).
    SupplyTiming {
        /// `Immediate` in the ET formats ④–⑥ (L46 「防御が一列倒された時にドローする」),
        /// `NextOpeningDraw` in Basic and ①–③ (L313 「編集ターン初めのドローを三枚」).
        ByFormat,
        /// As the next opening draw, replacing it, in every format.
        NextOpeningDraw,
        /// At once when the column is defeated, in every format.
        Immediate,
    } default ByFormat
);

option_enum!(
    /// Whom the attacks of one attack step may target (MC-5.13, MC-A22, decision MC-D7;
    /// matters with 3–4 players).
    AttackTarget {
        /// The attacker picks one opponent and every attack of the step goes to it (L278
        /// 「ターゲットを決めて一斉に攻撃する」).
        OnePerStep,
        /// Each attacking card picks its own target (the spec's first reading).
        PerCard,
    } default OnePerStep
);

option_enum!(
    /// Which mana cards an "any mana" cost (`discard_any_mana`) takes (MC-6.2 (7),
    /// decision MC-D2).
    AnyManaPayment {
        /// The payer names each card by its stack position (L433 「好きなマナ一枚捨てて」).
        ChosenCards,
        /// The payer names counts per column; the topmost unspent cards are taken (the
        /// spec's first reading).
        TopOfColumn,
    } default ChosenCards
);

option_enum!(
    /// Cap of Hell's Resurrection Rite (MC-A27).
    ResurrectionCapScope {
        /// At most 4 resurrected cards at once.
        Concurrent,
        /// At most 4 resurrections per game.
        PerGame,
    } default Concurrent
);

option_enum!(
    /// An empty deck (MC-6.14 (5), MC-A36).
    DeckExhaustion {
        /// Shuffle its discard pile in.
        ReshuffleDiscard,
        /// Never rebuild; the draw is skipped.
        NoDraw,
    } default ReshuffleDiscard
);

/// The default bound on a game's length in rounds (MC-D1). Random players end a game by
/// elimination within 30 rounds; people play far fewer than 100.
pub const DEFAULT_MAX_ROUNDS: u32 = 100;
/// The largest `max_rounds` a configuration may set.
pub const MAX_ROUNDS_LIMIT: u32 = 500;

/// `max_rounds` is a number: `null` (an unlimited game, as older configurations allowed)
/// is refused with a message that says why.
fn rounds_bound<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    match Option::<u32>::deserialize(d)? {
        Some(n) => Ok(n),
        None => Err(serde::de::Error::custom(format!(
            "`max_rounds` must be a number of rounds, 1 to {MAX_ROUNDS_LIMIT}: every game has a bound on its length"
        ))),
    }
}

/// The configuration of a game (spec §10). `Default` is every default of the spec.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// 2..=4 players (MC-3.1). The old spelling `player_count` is still read, as a
    /// deprecated alias; configurations are written with `num_players`, as in every game.
    #[serde(alias = "player_count")]
    pub num_players: u8,
    /// Match format (MC-10.2).
    pub match_format: MatchFormat,
    /// Draft or random picks.
    pub pick_mode: PickMode,
    /// Simultaneous or sequential edit turns.
    pub edit_turn_mode: EditTurnMode,
    /// Board assignment.
    pub board_assignment: BoardAssignment,
    /// E/T pool: definition ids with counts; `None` = every E/T card of the set.
    pub et_pool: Option<Vec<(String, u8)>>,
    /// Choice of the deck E/T cards of ② / ③.
    pub deck_et_selection: DeckEtSelection,
    /// Opening draw in round 1 too.
    pub first_turn_draw: bool,
    /// The initial middle defense uses the turn's number-card placement.
    pub initial_defense_counts_as_placement: bool,
    /// At most this many of MC-5.4–5.9 per player per edit turn.
    pub edit_turn_total_cap: Option<u8>,
    /// Number cards per edit turn.
    pub number_cards_per_edit_turn: NumberCardsPerTurn,
    /// Mana needed for number cards.
    pub mana_slot_rule: ManaSlotRule,
    /// Whom one attack step's attacks may target.
    pub attack_target: AttackTarget,
    /// Which cards an "any mana" cost takes.
    pub any_mana_payment: AnyManaPayment,
    /// Which mana gives speed.
    pub speed_source: SpeedSource,
    /// Extra pair positions.
    pub extra_pair_positions: ExtraPairPositions,
    /// Extra condition tracking.
    pub extra_condition_tracking: ExtraConditionTracking,
    /// Where mana costs are paid from.
    pub mana_cost_source: ManaCostSource,
    /// For Boss-Assassin costs the bottom card, whatever it is, is protected and stays
    /// (decision MC-D8, L408 「※ボスアサカードの場合マナの最後の一枚は残す事になってる」);
    /// `false` keeps only a bottom Element.
    pub bossassa_keeps_last_mana: bool,
    /// Each battle card played is the player's battle skill for the battle turn.
    pub battle_cards_count_as_battle_skill: bool,
    /// A defeated column's defense card becomes an Element (else it is discarded).
    pub defeated_defense_card_becomes_element: bool,
    /// Supply size in non-ET formats.
    pub basic_defeat_draw: BasicDefeatDraw,
    /// When supplies are drawn.
    pub supply_timing: SupplyTiming,
    /// Flame of Wrath (調整中) may be used.
    pub enable_flame_of_wrath: bool,
    /// Resurrection cap scope.
    pub resurrection_cap_scope: ResurrectionCapScope,
    /// Empty-deck rule.
    pub deck_exhaustion: DeckExhaustion,
    /// The bound on the game's length (MC-7.3, decision MC-D1): after the cleanup of this
    /// round the game ends and every player still in shares the win. On by default
    /// ([`DEFAULT_MAX_ROUNDS`] rounds, far beyond any game people play), so every valid
    /// configuration ends; 1 to [`MAX_ROUNDS_LIMIT`], and there is no unlimited setting.
    #[serde(deserialize_with = "rounds_bound")]
    pub max_rounds: u32,
    /// The card set (the sample set of §12(c) by default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card_set: Option<CardSet>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            num_players: 2,
            match_format: MatchFormat::ReverseInitialEquipment,
            pick_mode: PickMode::Draft,
            edit_turn_mode: EditTurnMode::Simultaneous,
            board_assignment: BoardAssignment::Random,
            et_pool: None,
            deck_et_selection: DeckEtSelection::SeededRandom,
            first_turn_draw: true,
            initial_defense_counts_as_placement: false,
            edit_turn_total_cap: None,
            number_cards_per_edit_turn: NumberCardsPerTurn::OnePerRow,
            mana_slot_rule: ManaSlotRule::Matching,
            attack_target: AttackTarget::OnePerStep,
            any_mana_payment: AnyManaPayment::ChosenCards,
            speed_source: SpeedSource::AllMana,
            extra_pair_positions: ExtraPairPositions::Adjacent,
            extra_condition_tracking: ExtraConditionTracking::BySummon,
            mana_cost_source: ManaCostSource::SingleColumn,
            bossassa_keeps_last_mana: true,
            battle_cards_count_as_battle_skill: false,
            defeated_defense_card_becomes_element: true,
            basic_defeat_draw: BasicDefeatDraw::FirstDefeatOnly,
            supply_timing: SupplyTiming::ByFormat,
            enable_flame_of_wrath: true,
            resurrection_cap_scope: ResurrectionCapScope::Concurrent,
            deck_exhaustion: DeckExhaustion::ReshuffleDiscard,
            max_rounds: DEFAULT_MAX_ROUNDS,
            card_set: None,
        }
    }
}

impl Config {
    /// Whether defeat supplies are drawn at the defeat (else at the next opening draw).
    pub fn supply_is_immediate(&self) -> bool {
        match self.supply_timing {
            SupplyTiming::ByFormat => self.match_format.has_et_deck(),
            SupplyTiming::NextOpeningDraw => false,
            SupplyTiming::Immediate => true,
        }
    }

    /// The default configuration for `num_players` players.
    pub fn for_players(num_players: u8) -> Config {
        Config {
            num_players,
            ..Config::default()
        }
    }

    /// The card set in use (borrowed: a custom set can hold thousands of cards).
    pub fn cards(&self) -> &CardSet {
        self.card_set
            .as_ref()
            .unwrap_or_else(|| CardSet::sample_ref())
    }
}
