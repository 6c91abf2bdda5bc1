//! Card definitions, the effect vocabulary of spec §12(b), and the card-set loader.
//!
//! A card set is data: a JSON object with a `cards` list (each card a tagged object with
//! a unique `id`) and optional named `decks`. The engine interprets the effect vocabulary
//! below; nothing is hard-coded per card name. The sample set of §12(c) ships in
//! `data/sample.json`. Validation errors name the card (index and id) and the field.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;
use thiserror::Error;

// A card of one game: an id of the card grid (MS-D6): seat 0's block, then seat 1's,
// each with one id per copy a deck may hold of every card, in card-set order. An id
// therefore names its card definition from the card set alone, whatever the deck lists.
pub use fuda_core::CardId;

/// A card definition: its index in the card set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DefId(pub u16);

impl DefId {
    /// The index into the card set.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The four card types (MS-3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// ユニット.
    Unit,
    /// 切り札.
    Trump,
    /// トラップ.
    Trap,
    /// 地形.
    Terrain,
}

/// Which units or cards an effect acts on (§12(b) selectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Selector {
    /// The source unit.
    This,
    /// The face-up unit on the source terrain.
    OnThisTerrain,
    /// The controller's battlefield unit.
    AllyBf,
    /// The opponent's battlefield unit.
    EnemyBf,
    /// One face-up ally unit, chosen by the controller.
    ChooseAlly,
    /// One face-up enemy unit, chosen by the controller.
    ChooseEnemy,
    /// Any enemy bench occupant (face-down allowed), chosen by the controller.
    ChooseEnemyBenchCard,
    /// Both battlefield units.
    BothBf,
    /// The attacking unit of the pending attack.
    Attacker,
    /// The attacked unit of the pending attack.
    AttackTarget,
}

impl Selector {
    /// Whether the selector asks the controller to choose.
    pub fn is_choice(self) -> bool {
        matches!(
            self,
            Selector::ChooseAlly | Selector::ChooseEnemy | Selector::ChooseEnemyBenchCard
        )
    }
}

/// What a `DCount` amount counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CountExpr {
    /// Face-up units on the controller's field (a stack counts once).
    FaceUpAllyUnits,
    /// Face-up units on the opponent's field.
    FaceUpEnemyUnits,
    /// Cards in the controller's hand.
    CardsInHand,
}

/// An amount (§12(b)): fixed, dice, dice per counted thing, or a stat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// `N(k)`.
    N(u16),
    /// `D(n)`: the sum of n dice.
    D(u8),
    /// `DCount(expr)`: as many dice as the count, summed.
    DCount(CountExpr),
    /// `AtkOf(sel)`: the effective ATK of the (first) selected unit.
    AtkOf(Selector),
}

/// `Self` or `Opponent`, relative to the effect's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The controller.
    #[serde(rename = "self")]
    Me,
    /// The controller's opponent.
    Opponent,
}

/// Who picks the cards of a hand discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscardChooser {
    /// The hand's owner.
    Owner,
    /// The hand owner's opponent (blind: a uniformly random card, see the docs).
    Opponent,
    /// A uniformly random card (R5).
    Random,
}

/// A unit statistic.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// Attack.
    #[default]
    Atk,
    /// Defence.
    Def,
    /// Maximum HP.
    MaxHp,
}

/// How long a `ModifyStat` lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// While the source is active (continuous abilities and terrains only).
    WhileSource,
    /// Until the end of the turn, on the unit selected at resolution.
    UntilEndOfTurn,
}

/// A condition (special-move conditions, `If`, state-condition traps, trump conditions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Always true.
    Always,
    /// The source unit has at least this many damage counters.
    DamageOnThisAtLeast(u16),
    /// The controller holds at least this many cards.
    HandAtLeast(u8),
    /// The controller's battlefield unit has at most this much HP left.
    AllyBfHpAtMost(u16),
    /// The opponent's battlefield unit has at most this much HP left.
    EnemyBfHpAtMost(u16),
}

/// Event patterns for traps, `AnyTurn` terrains and event-triggered abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventPattern {
    /// An enemy attack against the ally battlefield is declared.
    EnemyAttackDeclared,
    /// An enemy trump is declared.
    EnemyTrumpDeclared,
    /// An ally unit is defeated (撃破 only).
    AllyUnitDefeated,
}

/// The side a `ForceSwap` acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The controller's side.
    Ally,
    /// The opponent's side.
    Enemy,
}

/// One effect instruction (§12(b) primitives). A card's effect is a list of them,
/// resolved in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Adds damage counters to each selected unit.
    DealDamage {
        /// Targets.
        sel: Selector,
        /// How much.
        amount: Amount,
    },
    /// Removes up to `amount` damage counters.
    Heal {
        /// Targets.
        sel: Selector,
        /// How much.
        amount: Amount,
    },
    /// 破棄: to the discard pile, no soul draw.
    Destroy {
        /// Targets.
        sel: Selector,
    },
    /// Draw n cards, one at a time.
    Draw {
        /// Who draws.
        who: Who,
        /// How many.
        n: u8,
    },
    /// Moves min(n, hand) cards from a hand to its owner's discard pile.
    DiscardFromHand {
        /// Whose hand.
        who: Who,
        /// How many.
        n: u8,
        /// Who picks.
        chooser: DiscardChooser,
    },
    /// The unit returns to its owner's hand, counters cleared.
    ReturnToHand {
        /// Targets.
        sel: Selector,
    },
    /// Changes a stat (MS-6.1).
    ModifyStat {
        /// Targets.
        sel: Selector,
        /// Which stat.
        stat: Stat,
        /// By how much.
        delta: i16,
        /// For how long.
        duration: Duration,
    },
    /// Changes the damage of the pending attack.
    AttackDamageMod {
        /// By how much.
        delta: i16,
    },
    /// The pending trump has no effect.
    NegateTrump,
    /// A standard attack by `This` on `EnemyBf`.
    PerformAttack,
    /// That side swaps its battlefield unit with a bench unit picked by the chooser.
    ForceSwap {
        /// Which side swaps.
        side: Side,
        /// Who picks the bench unit.
        chooser: Who,
    },
    /// Sets EX counters to 0.
    RemoveEx {
        /// Targets.
        sel: Selector,
    },
    /// Shows the selected face-down card to the controller.
    Peek {
        /// Target.
        sel: Selector,
    },
    /// While active, the owner's bench capacity changes (continuous abilities only).
    BenchCapacity {
        /// Change.
        delta: i8,
    },
    /// The controller may apply the effects.
    May {
        /// The optional effects.
        then: Vec<Effect>,
    },
    /// The effects apply only if the condition holds at resolution.
    If {
        /// The condition.
        cond: Condition,
        /// The effects.
        then: Vec<Effect>,
    },
}

/// When a unit ability works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// When the unit becomes face-up (not at the setup reveal).
    OnFaceUp,
    /// At the start of its owner's turn, while face-up on the field.
    OwnTurnStart,
    /// Continuous, while face-up on the field.
    WhileFaceUpOnField,
    /// Continuous, while face-up on the bench (support effect).
    WhileFaceUpOnBench,
    /// Continuous, while on the battlefield.
    WhileOnBattlefield,
    /// When a matching event happens, while face-up on the field.
    Event(EventPattern),
}

impl Trigger {
    /// Whether the ability is continuous (a static modifier).
    pub fn is_continuous(self) -> bool {
        matches!(
            self,
            Trigger::WhileFaceUpOnField | Trigger::WhileFaceUpOnBench | Trigger::WhileOnBattlefield
        )
    }
}

/// A unit's special ability.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// When it works.
    pub trigger: Trigger,
    /// Extra condition checked at resolution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// "May": the owner may decline (MS-A10).
    #[serde(default)]
    pub optional: bool,
    /// What it does.
    pub effect: Vec<Effect>,
}

/// A cost paid at declaration (MS-A33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    /// Discard n cards from hand (not the card being used).
    DiscardCost(u8),
    /// n damage to `This` (to `AllyBf` for trumps).
    SelfDamageCost(u16),
}

/// A special or super special move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The move's name.
    pub name: String,
    /// Condition checked at declaration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// Costs paid at declaration.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<Cost>,
    /// What it does.
    pub effect: Vec<Effect>,
    /// Super special only: usable with EX counters (特に表記がない限り exception).
    #[serde(default)]
    pub ex_reusable: bool,
}

/// When a trump may be used (MS-A32). Only the owner's main step exists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrumpTiming {
    /// The owner's step 4.
    #[default]
    OwnMain,
}

/// What lets a trap be activated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrapTrigger {
    /// In the response window of a matching event.
    Event(EventPattern),
    /// While the condition holds: in the owner's main step and in any window.
    State(Condition),
}

/// When a `WhileOccupied` terrain works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OccupiedTrigger {
    /// Continuously.
    Continuous,
    /// At the start of the owner's turn.
    OwnTurnStart,
}

/// When a `TapToUse` terrain may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TapTiming {
    /// In the owner's step 4.
    OwnTurn,
    /// In a response window of a matching event, in either player's turn.
    AnyTurn(EventPattern),
}

/// A terrain's use condition (使用条件).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TerrainUse {
    /// Works while a face-up unit is on it.
    WhileOccupied {
        /// Continuous or at turn start.
        trigger: OccupiedTrigger,
    },
    /// Turned sideways to use.
    TapToUse {
        /// When.
        timing: TapTiming,
    },
}

/// Where a terrain may be placed (MS-A26).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// Battlefield or bench.
    #[default]
    Any,
    /// Battlefield only.
    BattlefieldOnly,
    /// Bench only.
    BenchOnly,
}

fn default_limit() -> u8 {
    3
}

/// One card definition as written in a card-set file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "card_type", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardDef {
    /// A unit.
    Unit {
        /// Unique id.
        id: String,
        /// English name.
        name_en: String,
        /// Japanese name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Copies allowed in a deck (MS-A25).
        #[serde(default = "default_limit")]
        deck_limit: u8,
        /// HP.
        max_hp: u16,
        /// ATK.
        atk: u16,
        /// DEF.
        def: u16,
        /// 魂: cards drawn when it is defeated.
        soul: u8,
        /// Special abilities.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        abilities: Vec<Ability>,
        /// Special moves.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        specials: Vec<Move>,
        /// Super special moves.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        supers: Vec<Move>,
    },
    /// A trump card.
    Trump {
        /// Unique id.
        id: String,
        /// English name.
        name_en: String,
        /// Japanese name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Copies allowed in a deck.
        #[serde(default = "default_limit")]
        deck_limit: u8,
        /// Costs.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cost: Vec<Cost>,
        /// Condition checked at declaration.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition: Option<Condition>,
        /// When it may be used.
        #[serde(default)]
        timing: TrumpTiming,
        /// What it does.
        effect: Vec<Effect>,
    },
    /// A trap card.
    Trap {
        /// Unique id.
        id: String,
        /// English name.
        name_en: String,
        /// Japanese name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Copies allowed in a deck.
        #[serde(default = "default_limit")]
        deck_limit: u8,
        /// Activation condition.
        trigger: TrapTrigger,
        /// What it does.
        effect: Vec<Effect>,
    },
    /// A terrain card.
    Terrain {
        /// Unique id.
        id: String,
        /// English name.
        name_en: String,
        /// Japanese name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Copies allowed in a deck.
        #[serde(default = "default_limit")]
        deck_limit: u8,
        /// Use condition.
        #[serde(rename = "use")]
        use_: TerrainUse,
        /// Placement restriction.
        #[serde(default)]
        placement: Placement,
        /// What it does.
        effect: Vec<Effect>,
    },
}

impl CardDef {
    /// The card's id string.
    pub fn id(&self) -> &str {
        match self {
            CardDef::Unit { id, .. }
            | CardDef::Trump { id, .. }
            | CardDef::Trap { id, .. }
            | CardDef::Terrain { id, .. } => id,
        }
    }

    /// The card's English name.
    pub fn name_en(&self) -> &str {
        match self {
            CardDef::Unit { name_en, .. }
            | CardDef::Trump { name_en, .. }
            | CardDef::Trap { name_en, .. }
            | CardDef::Terrain { name_en, .. } => name_en,
        }
    }

    /// The card's type.
    pub fn card_type(&self) -> CardType {
        match self {
            CardDef::Unit { .. } => CardType::Unit,
            CardDef::Trump { .. } => CardType::Trump,
            CardDef::Trap { .. } => CardType::Trap,
            CardDef::Terrain { .. } => CardType::Terrain,
        }
    }

    /// Copies allowed in one deck.
    pub fn deck_limit(&self) -> u8 {
        match self {
            CardDef::Unit { deck_limit, .. }
            | CardDef::Trump { deck_limit, .. }
            | CardDef::Trap { deck_limit, .. }
            | CardDef::Terrain { deck_limit, .. } => *deck_limit,
        }
    }

    /// Every effect list of the card, in a fixed order: a unit's abilities, then its
    /// specials, then its supers; the single effect of any other card.
    pub fn effect_lists(&self) -> Vec<&[Effect]> {
        match self {
            CardDef::Unit {
                abilities,
                specials,
                supers,
                ..
            } => abilities
                .iter()
                .map(|a| a.effect.as_slice())
                .chain(specials.iter().map(|m| m.effect.as_slice()))
                .chain(supers.iter().map(|m| m.effect.as_slice()))
                .collect(),
            CardDef::Trump { effect, .. }
            | CardDef::Trap { effect, .. }
            | CardDef::Terrain { effect, .. } => vec![effect.as_slice()],
        }
    }
}

/// Why a card set or deck was refused. Names the card (index and id) and the field.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardSetError {
    /// The file is not a JSON object with a `cards` list.
    #[error("card set is malformed: {message}")]
    Malformed {
        /// What is wrong.
        message: String,
    },
    /// One card definition is wrong.
    #[error("card #{index} (`{id}`), field `{field}`: {message}")]
    BadCard {
        /// Position of the card in the list.
        index: usize,
        /// The card's id (or `?`).
        id: String,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// The most card definitions a set may hold.
pub const MAX_DEFS: usize = 2048;

/// A validated card set.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardSetFile", into = "CardSetFile")]
pub struct CardSet {
    name: String,
    cards: Vec<CardDef>,
    decks: BTreeMap<String, Vec<String>>,
}

/// The JSON form of a card set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSetFile {
    /// A name for the set.
    #[serde(default)]
    pub name: String,
    /// The card definitions (raw JSON, validated one by one).
    pub cards: Vec<serde_json::Value>,
    /// Named deck lists (card ids, one entry per copy).
    #[serde(default)]
    pub decks: BTreeMap<String, Vec<String>>,
}

impl From<CardSet> for CardSetFile {
    fn from(set: CardSet) -> CardSetFile {
        CardSetFile {
            name: set.name,
            cards: set
                .cards
                .iter()
                .map(|c| serde_json::to_value(c).unwrap_or_default())
                .collect(),
            decks: set.decks,
        }
    }
}

impl TryFrom<CardSetFile> for CardSet {
    type Error = CardSetError;
    fn try_from(file: CardSetFile) -> Result<CardSet, CardSetError> {
        CardSet::from_file(file)
    }
}

const SAMPLE_JSON: &str = include_str!("data/sample.json");

/// Where an effect list sits, for validation messages and rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// A continuous ability or a continuous terrain: only static modifiers.
    Continuous,
    /// A resolving effect.
    Resolving,
}

/// At most this many costs on one trump or move (a cost index is a `u8`).
const MAX_COSTS: usize = 8;
/// At most this many primitives in one effect list, nested parts included.
const MAX_PRIMITIVES: usize = 32;
/// At most this many chosen targets in one effect list (a target slot is a `u8`).
const MAX_CHOICES: usize = 16;
/// Card ids, names, move and deck names are at most this many bytes.
const MAX_NAME: usize = 200;
/// Named decks in one card set.
const MAX_DECKS: usize = 64;
/// Cards in one named deck list (the largest `deck_size`).
const MAX_DECK_LIST: usize = 60;

/// The first `max` characters of `text` (error messages echo input: keep them short).
pub(crate) fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// Primitives and chosen targets of an effect list, nested parts included.
fn effect_size(effects: &[Effect]) -> (usize, usize) {
    effects.iter().fold((0, 0), |(p, c), e| match e {
        Effect::May { then } | Effect::If { then, .. } => {
            let (p2, c2) = effect_size(then);
            (p + 1 + p2, c + c2)
        }
        _ => {
            let choice = crate::state::selector_of(e).is_some_and(Selector::is_choice);
            (p + 1, c + usize::from(choice))
        }
    })
}

fn check_effects(
    effects: &[Effect],
    ctx: Context,
    field: &str,
    depth: usize,
) -> Result<(), (String, String)> {
    if depth > 4 {
        return Err((
            field.into(),
            "effects are nested too deeply (at most 4)".into(),
        ));
    }
    if depth == 0 {
        let (prims, choices) = effect_size(effects);
        if prims > MAX_PRIMITIVES || choices > MAX_CHOICES {
            return Err((
                field.into(),
                format!(
                    "an effect list has at most {MAX_PRIMITIVES} parts and \
                     {MAX_CHOICES} chosen targets"
                ),
            ));
        }
    }
    for e in effects {
        let bad = |m: &str| Err((field.to_string(), m.to_string()));
        match (ctx, e) {
            (Context::Continuous, Effect::ModifyStat { sel, duration, .. }) => {
                if *duration != Duration::WhileSource {
                    return bad("a continuous effect must use `while_source`");
                }
                if sel.is_choice() || matches!(sel, Selector::Attacker | Selector::AttackTarget) {
                    return bad("a continuous effect cannot choose or name attack units");
                }
            }
            (Context::Continuous, Effect::BenchCapacity { .. }) => {}
            (Context::Continuous, _) => {
                return bad("a continuous effect may only be `modify_stat` or `bench_capacity`")
            }
            (Context::Resolving, Effect::BenchCapacity { .. }) => {
                return bad("`bench_capacity` works only in a continuous ability")
            }
            (Context::Resolving, Effect::ModifyStat { duration, .. })
                if *duration == Duration::WhileSource =>
            {
                return bad("a resolving `modify_stat` must last `until_end_of_turn`")
            }
            (Context::Resolving, Effect::May { then } | Effect::If { then, .. }) => {
                check_effects(then, ctx, field, depth + 1)?;
            }
            (Context::Resolving, Effect::Draw { n, .. } | Effect::DiscardFromHand { n, .. })
                if *n > 30 =>
            {
                return bad("at most 30 cards")
            }
            (
                Context::Resolving,
                Effect::DealDamage { amount, .. } | Effect::Heal { amount, .. },
            ) => match amount {
                Amount::N(n) if *n > 999 => return bad("an amount is at most 999"),
                Amount::D(n) if *n > 20 => return bad("at most 20 dice"),
                _ => {}
            },
            _ => {}
        }
    }
    Ok(())
}

impl CardSet {
    /// The sample card set of spec §12(c) with decks `a` and `b`. Invented for testing;
    /// not the official cards.
    pub fn sample() -> CardSet {
        static SAMPLE: OnceLock<CardSet> = OnceLock::new();
        SAMPLE
            .get_or_init(|| {
                // The embedded file is checked by a unit test; the empty fallback is
                // refused by `Config` validation if it were ever used.
                CardSet::from_json(SAMPLE_JSON).unwrap_or_else(|_| CardSet {
                    name: String::new(),
                    cards: Vec::new(),
                    decks: BTreeMap::new(),
                })
            })
            .clone()
    }

    /// Loads and validates a card set from JSON text.
    ///
    /// # Errors
    /// [`CardSetError::Malformed`] for bad JSON, [`CardSetError::BadCard`] naming the card
    /// and the field for a bad definition.
    pub fn from_json(text: &str) -> Result<CardSet, CardSetError> {
        let file: CardSetFile =
            serde_json::from_str(text).map_err(|e| CardSetError::Malformed {
                message: e.to_string(),
            })?;
        CardSet::from_file(file)
    }

    fn from_file(file: CardSetFile) -> Result<CardSet, CardSetError> {
        if file.cards.is_empty() {
            return Err(CardSetError::Malformed {
                message: "the `cards` list is empty".into(),
            });
        }
        if file.cards.len() > MAX_DEFS {
            return Err(CardSetError::Malformed {
                message: format!("{} cards; at most {MAX_DEFS}", file.cards.len()),
            });
        }
        let mut cards = Vec::with_capacity(file.cards.len());
        let mut seen = BTreeMap::new();
        for (index, raw) in file.cards.into_iter().enumerate() {
            let id = clip(raw.get("id").and_then(|v| v.as_str()).unwrap_or("?"), 64);
            let bad = |field: &str, message: String| CardSetError::BadCard {
                index,
                id: id.clone(),
                field: clip(field, 64),
                message: clip(&message, 300),
            };
            // One pass of the deserializer: the first wrong or unknown field ends it, so a
            // card with thousands of unknown keys costs one read of its JSON (issue 10).
            let def: CardDef = serde_json::from_value(raw).map_err(|e| {
                let msg = e.to_string();
                let field = msg.split('`').nth(1).unwrap_or("(card)").to_string();
                bad(&field, msg)
            })?;
            if def.id().trim().is_empty() {
                return Err(bad("id", "must not be empty".into()));
            }
            if def.id().len() > MAX_NAME || def.name_en().len() > MAX_NAME {
                return Err(bad(
                    "id",
                    format!("ids and names are at most {MAX_NAME} bytes"),
                ));
            }
            if let Some(first) = seen.insert(def.id().to_string(), index) {
                return Err(bad(
                    "id",
                    format!("duplicate id, first used by card #{first}"),
                ));
            }
            if def.deck_limit() == 0 {
                return Err(bad("deck_limit", "must be at least 1".into()));
            }
            let wrap = |(field, message): (String, String)| bad(&field, message);
            match &def {
                CardDef::Unit {
                    max_hp,
                    atk,
                    def: d,
                    soul,
                    abilities,
                    specials,
                    supers,
                    ..
                } => {
                    if !(1..=999).contains(max_hp) {
                        return Err(bad("max_hp", format!("{max_hp} is out of range 1..=999")));
                    }
                    if *atk > 999 || *d > 999 {
                        return Err(bad("atk", "ATK and DEF are at most 999".into()));
                    }
                    if *soul > 30 {
                        return Err(bad("soul", format!("{soul} is out of range 0..=30")));
                    }
                    for a in abilities {
                        let ctx = if a.trigger.is_continuous() {
                            Context::Continuous
                        } else {
                            Context::Resolving
                        };
                        check_effects(&a.effect, ctx, "abilities", 0).map_err(wrap)?;
                    }
                    for m in specials.iter().chain(supers) {
                        if m.cost.len() > MAX_COSTS || m.name.len() > MAX_NAME {
                            return Err(bad(
                                "specials",
                                format!(
                                    "a move has at most {MAX_COSTS} costs and a name of at \
                                     most {MAX_NAME} bytes"
                                ),
                            ));
                        }
                    }
                    for m in specials {
                        check_effects(&m.effect, Context::Resolving, "specials", 0)
                            .map_err(wrap)?;
                        if m.ex_reusable {
                            return Err(bad(
                                "specials",
                                "`ex_reusable` is for super special moves".into(),
                            ));
                        }
                    }
                    for m in supers {
                        check_effects(&m.effect, Context::Resolving, "supers", 0).map_err(wrap)?;
                    }
                    if abilities.len() + specials.len() + supers.len() > 16 {
                        return Err(bad("abilities", "at most 16 abilities and moves".into()));
                    }
                }
                CardDef::Trump { cost, .. } if cost.len() > MAX_COSTS => {
                    return Err(bad("cost", format!("at most {MAX_COSTS} costs")));
                }
                CardDef::Trump { effect, .. } | CardDef::Trap { effect, .. } => {
                    check_effects(effect, Context::Resolving, "effect", 0).map_err(wrap)?;
                }
                CardDef::Terrain { use_, effect, .. } => {
                    let ctx = match use_ {
                        TerrainUse::WhileOccupied {
                            trigger: OccupiedTrigger::Continuous,
                        } => Context::Continuous,
                        _ => Context::Resolving,
                    };
                    check_effects(effect, ctx, "effect", 0).map_err(wrap)?;
                }
            }
            cards.push(def);
        }
        if file.decks.len() > MAX_DECKS {
            return Err(CardSetError::Malformed {
                message: format!("{} named decks; at most {MAX_DECKS}", file.decks.len()),
            });
        }
        for (name, list) in &file.decks {
            if name.len() > MAX_NAME || list.len() > MAX_DECK_LIST {
                return Err(CardSetError::Malformed {
                    message: format!(
                        "deck `{}`: a deck name is at most {MAX_NAME} bytes and a deck list \
                         at most {MAX_DECK_LIST} cards",
                        clip(name, 64)
                    ),
                });
            }
            for card in list {
                if !seen.contains_key(card) {
                    return Err(CardSetError::Malformed {
                        message: format!(
                            "deck `{}` names unknown card `{}`",
                            clip(name, 64),
                            clip(card, 64)
                        ),
                    });
                }
            }
        }
        Ok(CardSet {
            name: file.name,
            cards,
            decks: file.decks,
        })
    }

    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many card definitions the set holds.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set is empty (never true for a validated set).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The definition of a card, if the id is in range.
    pub fn def(&self, def: DefId) -> Option<&CardDef> {
        self.cards.get(def.index())
    }

    /// Every definition, in set order.
    pub fn defs(&self) -> &[CardDef] {
        &self.cards
    }

    /// The definition called `name` (its `id` field).
    pub fn find(&self, name: &str) -> Option<DefId> {
        self.cards
            .iter()
            .position(|c| c.id() == name)
            .map(|i| DefId(i as u16))
    }

    /// A named deck list of the set (`a` and `b` for the sample set).
    pub fn deck(&self, name: &str) -> Option<&[String]> {
        self.decks.get(name).map(Vec::as_slice)
    }
}
