//! Card definitions, status boards and the card-set loader (spec §12).
//!
//! A card set is data: a JSON object with a list of status boards and a list of card
//! definitions. Each definition may stand for several physical copies (`copies`); every
//! physical card gets an instance id ([`CardId`]) in set order. The sample set of §12(c)
//! ships in `data/sample.json`. Validation errors name the card (index and id) and the field.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

// A physical card: its index among the set's card instances.
//
// Ids are handed out in set order, so an id names the card; that is why views never show
// the id of a card the viewer cannot identify (MC-8.2: hidden cards are placeholders).
pub use fuda_core::CardId;

/// The five printed attributes (MC-3.4). Element is not an attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    /// Red.
    Fire,
    /// Blue.
    Water,
    /// Brown.
    Earth,
    /// Yellow.
    Wind,
    /// Grey.
    Neutral,
}

/// What a battle card does (MC-3.3, MC-6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Aux {
    /// +N: add N to an own attack, or heal N.
    Plus(u8),
    /// Destroy one opponent attack-capable card.
    Kill,
    /// No combat effect; usable only as mana.
    ManaOnly,
}

/// Boss or Assassin (only Recycling Activity cares).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BossAssaKind {
    /// A Boss card.
    Boss,
    /// An Assassin card.
    Assassin,
}

/// When a skill may be used (MC-6.11 (1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// In the edit turn (pale yellow label).
    Edit,
    /// In the battle turn (blue label).
    Battle,
}

/// Where an Extra or Toughness skill is used from (MC-6.11 (4)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkillSource {
    /// The card is on the field.
    Summoned,
    /// An Extra on the field, paying mana (`cost` must be `mana_cost`).
    ManaRelease,
    /// An Extra used from hand without summoning; discarded after use.
    Magic,
    /// A Toughness used from hand.
    Unsummoned,
}

/// The cost of a skill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cost {
    /// Free.
    #[default]
    None,
    /// Pay n mana (MC-6.2).
    ManaCost(u8),
    /// Mark n unspent unprotected mana anywhere on the board spent (MC-6.2 (7)).
    DiscardAnyMana(u8),
}

/// How far a heal may go (MC-6.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealCap {
    /// Up to the printed life.
    Printed,
    /// Up to 16.
    Sixteen,
}

/// The effect vocabulary of Extra and Toughness skills (§12(b)).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// +n to one of the user's attacks in the current step (battle, W2, user attacking).
    AddAttack(u8),
    /// Heal one own live defense.
    Heal {
        /// Amount.
        n: u8,
        /// Cap.
        cap: HealCap,
    },
    /// Destroy one opponent attack-capable card (not a permanent Boss-Assassin).
    Kill,
    /// Draw n main cards.
    DrawMain(u8),
    /// Draw n ET cards (main deck in formats without an ET deck).
    DrawEt(u8),
    /// An own Defeated side column becomes Live with this life and no card.
    ReviveDefense(u8),
    /// This Toughness goes from hand into an empty own attack slot.
    SummonSelf,
    /// Roll a d6; apply `then` if the result is among `faces`.
    Chance {
        /// Winning faces.
        faces: Vec<u8>,
        /// The effect on success.
        then: Box<Effect>,
    },
}

/// A condition on using a skill.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// That Extra (card-definition id) is on the player's field.
    RequireOwnExtra(String),
}

/// One skill of an Extra or Toughness card (§12(a)). Only voluntary skills exist on
/// E/T cards; the triggered skills of the vocabulary belong to the boards.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// Edit or battle.
    pub timing: Timing,
    /// Where it is used from.
    pub source: SkillSource,
    /// What it costs.
    #[serde(default)]
    pub cost: Cost,
    /// Extra condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition: Option<Condition>,
    /// What it does.
    pub effect: Effect,
    /// Printed per-game cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses_per_game: Option<u8>,
}

/// The effect of a board skill (MC-6.15), one of the §12(b) primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardEffect {
    /// Hell's Resurrection Rite: take a defense card reaching 0 (trigger, battle).
    Resurrect {
        /// Cards held at once (or per game).
        max: u8,
    },
    /// Flame of Wrath: all of a faster attacker's attacks go to one card (trigger, battle).
    RedirectAllToOne,
    /// Tea Party: discard a hand card, take a battle card from the main discard (edit).
    SalvageBattleCard,
    /// Recycling Activity: a one-turn Assassin stays one more battle turn (edit).
    ExtendOneTurnSummon,
    /// Anti-AG Interception Laser: heal an own live defense (edit).
    Heal {
        /// Amount (normal cap).
        n: u8,
    },
    /// Gravity Field: draw main cards (edit).
    DrawMain {
        /// Cards drawn.
        n: u8,
    },
    /// One-Night Castle: nullify one attack of a slower attacker on you (battle, W2).
    NullifyAttack,
    /// Dragon Trap: reflect half an attack of a slower attacker (trigger, battle).
    ReflectHalf,
}

impl BoardEffect {
    /// The turn the skill belongs to.
    pub fn timing(self) -> Timing {
        match self {
            BoardEffect::SalvageBattleCard
            | BoardEffect::ExtendOneTurnSummon
            | BoardEffect::Heal { .. }
            | BoardEffect::DrawMain { .. } => Timing::Edit,
            _ => Timing::Battle,
        }
    }
}

/// A skill printed on a side defense slot of a status board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSkill {
    /// Printed name.
    pub name: String,
    /// What it does.
    pub effect: BoardEffect,
    /// Winning d6 faces (empty: no roll).
    #[serde(default)]
    pub chance: Vec<u8>,
    /// Printed per-game cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses_per_game: Option<u8>,
}

/// A status board (MC-3.7, MC-3.8).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    /// Unique id, e.g. `frehheim`.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Priority (lower acts first on a speed tie).
    pub priority: u8,
    /// Attack maxima of L, M, R.
    pub attack_max: [u8; 3],
    /// Skill of the left defense slot.
    pub left: BoardSkill,
    /// Skill of the right defense slot.
    pub right: BoardSkill,
}

fn one() -> u8 {
    1
}

/// One card definition as written in a card-set file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardDef {
    /// A number card 1–16.
    Number {
        /// Unique id, e.g. `n_fire_05`.
        id: String,
        /// Attribute.
        attribute: Attribute,
        /// Number 1..=16.
        number: u8,
        /// Physical copies.
        #[serde(default = "one")]
        copies: u8,
    },
    /// A battle card.
    Battle {
        /// Unique id.
        id: String,
        /// Printed name.
        name: String,
        /// Attribute.
        attribute: Attribute,
        /// Combat effect.
        aux: Aux,
        /// Physical copies.
        #[serde(default = "one")]
        copies: u8,
    },
    /// A Boss-Assassin card.
    BossAssa {
        /// Unique id.
        id: String,
        /// Boss or Assassin.
        ba_kind: BossAssaKind,
        /// Strength (may exceed 16).
        strength: u8,
        /// Physical copies.
        #[serde(default = "one")]
        copies: u8,
    },
    /// An Extra card.
    Extra {
        /// Unique id.
        id: String,
        /// Printed name.
        name: String,
        /// Initial-equipment (yellow common).
        initial_equipment: bool,
        /// Attribute-pair condition.
        #[serde(default)]
        attr_pair: Option<(Attribute, Attribute)>,
        /// Number condition.
        #[serde(default)]
        numbers: Vec<u8>,
        /// Attack power and heal value.
        power: u8,
        /// Skills.
        #[serde(default)]
        skills: Vec<Skill>,
        /// Physical copies.
        #[serde(default = "one")]
        copies: u8,
    },
    /// A Toughness card.
    Toughness {
        /// Unique id.
        id: String,
        /// Printed name.
        name: String,
        /// Initial-equipment (yellow common).
        initial_equipment: bool,
        /// Summon cost.
        cost: u8,
        /// Attack value.
        attack: u8,
        /// Skills.
        #[serde(default)]
        skills: Vec<Skill>,
        /// Physical copies.
        #[serde(default = "one")]
        copies: u8,
    },
}

impl CardDef {
    /// The definition's id string.
    pub fn id(&self) -> &str {
        match self {
            CardDef::Number { id, .. }
            | CardDef::Battle { id, .. }
            | CardDef::BossAssa { id, .. }
            | CardDef::Extra { id, .. }
            | CardDef::Toughness { id, .. } => id,
        }
    }

    fn copies(&self) -> u8 {
        match self {
            CardDef::Number { copies, .. }
            | CardDef::Battle { copies, .. }
            | CardDef::BossAssa { copies, .. }
            | CardDef::Extra { copies, .. }
            | CardDef::Toughness { copies, .. } => *copies,
        }
    }

    /// The card's skills (Extra and Toughness only).
    pub fn skills(&self) -> &[Skill] {
        match self {
            CardDef::Extra { skills, .. } | CardDef::Toughness { skills, .. } => skills,
            _ => &[],
        }
    }

    /// A short printed name for menus.
    pub fn label(&self) -> String {
        match self {
            CardDef::Number {
                attribute, number, ..
            } => format!("{}{number}", attr_short(*attribute)),
            CardDef::Battle { name, .. }
            | CardDef::Extra { name, .. }
            | CardDef::Toughness { name, .. } => name.clone(),
            CardDef::BossAssa {
                ba_kind, strength, ..
            } => format!("{ba_kind:?} {strength}"),
        }
    }
}

/// A card label split into its key and copy number: `"it_brawler#2"` → (`it_brawler`,
/// `Some(2)`); a label without a numeric `#k` suffix is all key.
pub fn split_label(label: &str) -> (&str, Option<usize>) {
    match label.rsplit_once('#') {
        Some((key, k)) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
            (key, Some(k.parse().unwrap_or(usize::MAX)))
        }
        _ => (label, None),
    }
}

/// Two-letter attribute code used in the spec (`Fi`, `Wa`, `Ea`, `Wi`, `Ne`).
pub fn attr_short(a: Attribute) -> &'static str {
    match a {
        Attribute::Fire => "Fi",
        Attribute::Water => "Wa",
        Attribute::Earth => "Ea",
        Attribute::Wind => "Wi",
        Attribute::Neutral => "Ne",
    }
}

/// The rules-relevant class of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardClass {
    /// Number card.
    Number,
    /// Battle card.
    Battle,
    /// Boss-Assassin card.
    BossAssa,
    /// Extra card.
    Extra,
    /// Toughness card.
    Toughness,
}

impl CardClass {
    /// Monjan cards (number and battle cards) form the 100-card base deck and may be mana.
    pub fn is_monjan(self) -> bool {
        matches!(self, CardClass::Number | CardClass::Battle)
    }

    /// Extra and Toughness cards.
    pub fn is_et(self) -> bool {
        matches!(self, CardClass::Extra | CardClass::Toughness)
    }
}

/// Hot-path data of one card instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardInfo {
    /// Index of the definition.
    pub def: u16,
    /// Class.
    pub class: CardClass,
    /// Attribute (number and battle cards).
    pub attribute: Option<Attribute>,
    /// Number (number cards), strength (Boss-Assassin), attack (Toughness), power (Extra).
    pub value: u8,
    /// Initial-equipment E/T card.
    pub initial_equipment: bool,
    /// The timings and places of its skills (E/T cards), so that listing the skills to use
    /// skips a card without one at once.
    pub skills: SkillKinds,
}

/// The timings and places from which a card's skills are used (MC-6.11 (4)): from the hand
/// (Magic, Unsummoned) or from the field (Summoned, Mana Release), in the edit and in the
/// battle turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkillKinds {
    /// From the hand: edit turn, battle turn.
    pub from_hand: [bool; 2],
    /// From the field: edit turn, battle turn.
    pub from_field: [bool; 2],
}

impl SkillKinds {
    /// The kinds of `skills`.
    pub fn of(skills: &[Skill]) -> SkillKinds {
        let mut kinds = SkillKinds::default();
        for skill in skills {
            let t = skill.timing as usize;
            match skill.source {
                SkillSource::Magic | SkillSource::Unsummoned => kinds.from_hand[t] = true,
                SkillSource::Summoned | SkillSource::ManaRelease => kinds.from_field[t] = true,
            }
        }
        kinds
    }

    /// Whether a skill is used at `timing` from the hand (`from_hand`) or from the field.
    pub fn offers(&self, timing: Timing, from_hand: bool) -> bool {
        let kinds = if from_hand {
            self.from_hand
        } else {
            self.from_field
        };
        kinds[timing as usize]
    }
}

/// Why a card set was refused. Names the card (index and id) and the field.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CardSetError {
    /// The file is not a JSON object with `boards` and `cards` lists.
    #[error("card set is malformed: {message}")]
    Malformed {
        /// What is wrong.
        message: String,
    },
    /// One card definition is wrong.
    #[error("card #{index} (`{id}`), field `{field}`: {message}")]
    BadCard {
        /// Position of the definition in the list.
        index: usize,
        /// Its id (or `?`).
        id: String,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// One board definition is wrong.
    #[error("board #{index} (`{id}`), field `{field}`: {message}")]
    BadBoard {
        /// Position of the board in the list.
        index: usize,
        /// Its id (or `?`).
        id: String,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// The most card instances a set may hold.
pub const MAX_CARDS: usize = 2000;
/// The most status boards a set may hold (a game uses at most four).
pub const MAX_BOARDS: usize = 64;
/// The most cards one `discard_any_mana` cost may take: one, as the rulebook's only such
/// cost (「好きなマナ一枚」). The payer names the card (MC-D2); costs of two made every
/// pair of mana cards a separate action, hundreds of thousands with a built position.
pub const MAX_DISCARD_ANY: u8 = 1;
/// The most skills one Extra or Toughness card may print.
pub const MAX_SKILLS: usize = 8;

/// The JSON form of a card set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSetFile {
    /// A name for the set.
    #[serde(default)]
    pub name: String,
    /// The status boards (raw JSON, validated one by one).
    pub boards: Vec<serde_json::Value>,
    /// The card definitions (raw JSON, validated one by one).
    pub cards: Vec<serde_json::Value>,
}

/// A validated card set: boards, definitions and the expanded instance table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardSetFile", into = "CardSetFile")]
pub struct CardSet {
    name: String,
    boards: Vec<BoardDef>,
    defs: Vec<CardDef>,
    info: Vec<CardInfo>,
}

impl From<CardSet> for CardSetFile {
    fn from(set: CardSet) -> CardSetFile {
        CardSetFile {
            name: set.name,
            boards: set
                .boards
                .iter()
                .map(|b| serde_json::to_value(b).unwrap_or_default())
                .collect(),
            cards: set
                .defs
                .iter()
                .map(|c| serde_json::to_value(c).unwrap_or_default())
                .collect(),
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

fn field_of(msg: &str) -> String {
    // serde names the field in back-quotes; use it for the `field` slot.
    msg.split('`').nth(1).unwrap_or("(definition)").to_string()
}

fn check_effect(e: &Effect, depth: u8) -> Result<(), String> {
    match e {
        Effect::Chance { faces, then } => {
            if faces.is_empty() || faces.iter().any(|f| !(1..=6).contains(f)) {
                return Err("chance faces must be a non-empty list of 1..=6".into());
            }
            if depth > 2 || matches!(**then, Effect::SummonSelf) {
                return Err("chance may not nest deeply or wrap summon_self".into());
            }
            check_effect(then, depth + 1)
        }
        Effect::Heal { n, .. } if *n == 0 || *n > 16 => Err("heal must be 1..=16".into()),
        Effect::AddAttack(n) | Effect::DrawMain(n) | Effect::DrawEt(n) if *n == 0 || *n > 16 => {
            Err("amount must be 1..=16".into())
        }
        Effect::ReviveDefense(l) if *l == 0 || *l > 16 => Err("revival life must be 1..=16".into()),
        _ => Ok(()),
    }
}

/// The effect after unwrapping `Chance`.
pub fn inner_effect(e: &Effect) -> &Effect {
    match e {
        Effect::Chance { then, .. } => inner_effect(then),
        other => other,
    }
}

fn check_skill(s: &Skill, is_extra: bool) -> Result<(), (&'static str, String)> {
    let ok_source = match s.source {
        SkillSource::Summoned => true,
        SkillSource::ManaRelease | SkillSource::Magic => is_extra,
        SkillSource::Unsummoned => !is_extra,
    };
    if !ok_source {
        return Err((
            "source",
            format!("{:?} is not possible on this card", s.source),
        ));
    }
    if s.source == SkillSource::ManaRelease && !matches!(s.cost, Cost::ManaCost(1..=16)) {
        return Err(("cost", "mana release needs `mana_cost` 1..=16".into()));
    }
    match s.cost {
        Cost::ManaCost(n) if n == 0 || n > 16 => {
            return Err(("cost", "must be 1..=16".into()));
        }
        // The payer names the discarded card (MC-D2): one choice per mana card.
        Cost::DiscardAnyMana(n) if n == 0 || n > MAX_DISCARD_ANY => {
            return Err((
                "cost",
                format!(
                    "discard_any_mana must be {MAX_DISCARD_ANY}: the payer names one mana card"
                ),
            ));
        }
        _ => {}
    }
    check_effect(&s.effect, 0).map_err(|m| ("effect", m))?;
    let inner = inner_effect(&s.effect);
    match inner {
        // Edit-turn effects must stay on the user's own cards (MC-4.6 (4)).
        Effect::AddAttack(_) | Effect::Kill if s.timing != Timing::Battle => {
            return Err((
                "timing",
                "this effect exists only in the battle turn".into(),
            ))
        }
        Effect::SummonSelf
            if s.timing != Timing::Edit || s.source != SkillSource::Unsummoned || is_extra =>
        {
            return Err((
                "effect",
                "summon_self is an unsummoned edit skill of a Toughness card".into(),
            ))
        }
        _ => {}
    }
    if s.uses_per_game == Some(0) {
        return Err(("uses_per_game", "must be at least 1".into()));
    }
    Ok(())
}

impl CardSet {
    /// The sample set of §12(c): the four source boards, 100 Monjan cards, 15
    /// Boss-Assassins, 18 Extra and 14 Toughness cards. Invented; not the official cards.
    pub fn sample() -> CardSet {
        Self::sample_ref().clone()
    }

    /// The sample set, loaded once and shared.
    pub(crate) fn sample_ref() -> &'static CardSet {
        static SAMPLE: OnceLock<CardSet> = OnceLock::new();
        SAMPLE.get_or_init(|| {
            // The embedded file is checked by a unit test; the empty fallback is refused
            // by configuration validation if it were ever used.
            CardSet::from_json(SAMPLE_JSON).unwrap_or_else(|_| CardSet {
                name: String::new(),
                boards: Vec::new(),
                defs: Vec::new(),
                info: Vec::new(),
            })
        })
    }

    /// Loads and validates a card set from JSON text.
    ///
    /// # Errors
    /// [`CardSetError::Malformed`] for bad JSON; [`CardSetError::BadCard`] /
    /// [`CardSetError::BadBoard`] naming the item and the field.
    pub fn from_json(text: &str) -> Result<CardSet, CardSetError> {
        let file: CardSetFile =
            serde_json::from_str(text).map_err(|e| CardSetError::Malformed {
                message: e.to_string(),
            })?;
        CardSet::from_file(file)
    }

    fn from_file(file: CardSetFile) -> Result<CardSet, CardSetError> {
        // Sizes first, so no later check (duplicate ids, conditions) can grow quadratic.
        if file.boards.len() > MAX_BOARDS {
            return Err(CardSetError::Malformed {
                message: format!("{} boards; at most {MAX_BOARDS}", file.boards.len()),
            });
        }
        if file.cards.len() > MAX_CARDS {
            return Err(CardSetError::Malformed {
                message: format!("{} card definitions; at most {MAX_CARDS}", file.cards.len()),
            });
        }
        let mut boards = Vec::new();
        for (index, raw) in file.boards.into_iter().enumerate() {
            let id = raw.get("id").and_then(|v| v.as_str()).unwrap_or("?");
            let id = id.to_string();
            let bad = |field: &str, message: String| CardSetError::BadBoard {
                index,
                id: id.clone(),
                field: field.into(),
                message,
            };
            let b: BoardDef = serde_json::from_value(raw).map_err(|e| {
                let m = e.to_string();
                bad(&field_of(&m), m)
            })?;
            if boards.iter().any(|o: &BoardDef| o.id == b.id) || b.id.is_empty() {
                return Err(bad("id", "empty or duplicate board id".into()));
            }
            if b.attack_max.iter().any(|m| !(1..=16).contains(m)) {
                return Err(bad("attack_max", "each maximum must be 1..=16".into()));
            }
            for (field, sk) in [("left", &b.left), ("right", &b.right)] {
                if sk.chance.iter().any(|f| !(1..=6).contains(f)) {
                    return Err(bad(field, "chance faces must be 1..=6".into()));
                }
                if let BoardEffect::Heal { n: 0 } | BoardEffect::DrawMain { n: 0 } = sk.effect {
                    return Err(bad(field, "amount must be at least 1".into()));
                }
            }
            boards.push(b);
        }
        if boards.len() < 2 {
            return Err(CardSetError::Malformed {
                message: format!("{} boards; at least 2 are needed", boards.len()),
            });
        }
        let mut defs: Vec<CardDef> = Vec::new();
        let mut info = Vec::new();
        for (index, raw) in file.cards.into_iter().enumerate() {
            let id = raw.get("id").and_then(|v| v.as_str()).unwrap_or("?");
            let id = id.to_string();
            let bad = |field: &str, message: String| CardSetError::BadCard {
                index,
                id: id.clone(),
                field: field.into(),
                message,
            };
            let def: CardDef = serde_json::from_value(raw).map_err(|e| {
                let m = e.to_string();
                bad(&field_of(&m), m)
            })?;
            if def.id().trim().is_empty() {
                return Err(bad("id", "must not be empty".into()));
            }
            if let Some(first) = defs.iter().position(|d| d.id() == def.id()) {
                return Err(bad("id", format!("duplicate id, first used by #{first}")));
            }
            if def.copies() == 0 || def.copies() > 20 {
                return Err(bad("copies", "must be 1..=20".into()));
            }
            let (class, attribute, value, ie) = match &def {
                CardDef::Number {
                    attribute, number, ..
                } => {
                    if !(1..=16).contains(number) {
                        return Err(bad("number", format!("{number} is out of range 1..=16")));
                    }
                    (CardClass::Number, Some(*attribute), *number, false)
                }
                CardDef::Battle { attribute, aux, .. } => {
                    if let Aux::Plus(n) = aux {
                        if *n == 0 || *n > 16 {
                            return Err(bad("aux", format!("+{n} is out of range 1..=16")));
                        }
                    }
                    (CardClass::Battle, Some(*attribute), 0, false)
                }
                CardDef::BossAssa { strength, .. } => {
                    if *strength == 0 || *strength > 99 {
                        return Err(bad("strength", format!("{strength} is out of 1..=99")));
                    }
                    (CardClass::BossAssa, None, *strength, false)
                }
                CardDef::Extra {
                    initial_equipment,
                    attr_pair,
                    numbers,
                    power,
                    skills,
                    ..
                } => {
                    if attr_pair.is_none() && numbers.is_empty() {
                        return Err(bad("numbers", "an Extra needs a pair or numbers".into()));
                    }
                    if numbers.iter().any(|n| !(1..=16).contains(n)) {
                        return Err(bad("numbers", "each number must be 1..=16".into()));
                    }
                    if *power == 0 || *power > 16 {
                        return Err(bad("power", format!("{power} is out of range 1..=16")));
                    }
                    if skills.len() > MAX_SKILLS {
                        return Err(bad("skills", format!("at most {MAX_SKILLS} skills")));
                    }
                    for s in skills {
                        check_skill(s, true).map_err(|(f, m)| bad(&format!("skills.{f}"), m))?;
                    }
                    (CardClass::Extra, None, *power, *initial_equipment)
                }
                CardDef::Toughness {
                    initial_equipment,
                    cost,
                    attack,
                    skills,
                    ..
                } => {
                    if *cost > 16 {
                        return Err(bad("cost", format!("{cost} is out of range 0..=16")));
                    }
                    if *attack == 0 || *attack > 99 {
                        return Err(bad("attack", format!("{attack} is out of 1..=99")));
                    }
                    if skills.len() > MAX_SKILLS {
                        return Err(bad("skills", format!("at most {MAX_SKILLS} skills")));
                    }
                    for s in skills {
                        check_skill(s, false).map_err(|(f, m)| bad(&format!("skills.{f}"), m))?;
                    }
                    (CardClass::Toughness, None, *attack, *initial_equipment)
                }
            };
            if let Some(Condition::RequireOwnExtra(_)) =
                def.skills().iter().find_map(|s| s.condition.as_ref())
            {
                // Checked below once every id is known.
            }
            let d = defs.len() as u16;
            for _ in 0..def.copies() {
                info.push(CardInfo {
                    def: d,
                    class,
                    attribute,
                    value,
                    initial_equipment: ie,
                    skills: SkillKinds::of(def.skills()),
                });
            }
            defs.push(def);
            if info.len() > MAX_CARDS {
                return Err(CardSetError::Malformed {
                    message: format!("more than {MAX_CARDS} card instances"),
                });
            }
        }
        for (index, def) in defs.iter().enumerate() {
            for s in def.skills() {
                if let Some(Condition::RequireOwnExtra(x)) = &s.condition {
                    let ok = defs
                        .iter()
                        .any(|d| d.id() == x && matches!(d, CardDef::Extra { .. }));
                    if !ok {
                        return Err(CardSetError::BadCard {
                            index,
                            id: def.id().into(),
                            field: "skills.condition".into(),
                            message: format!("`{x}` is not an Extra card of the set"),
                        });
                    }
                }
            }
        }
        Ok(CardSet {
            name: file.name,
            boards,
            defs,
            info,
        })
    }

    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of card instances.
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// Whether the set holds no card.
    pub fn is_empty(&self) -> bool {
        self.info.is_empty()
    }

    /// Every instance id in set order.
    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.info.len() as u16).map(CardId)
    }

    /// The status boards.
    pub fn boards(&self) -> &[BoardDef] {
        &self.boards
    }

    /// A board by index.
    pub fn board(&self, index: u8) -> Option<&BoardDef> {
        self.boards.get(usize::from(index))
    }

    /// The index of the board called `id`.
    pub fn board_index(&self, id: &str) -> Option<u8> {
        self.boards.iter().position(|b| b.id == id).map(|i| i as u8)
    }

    /// The hot-path data of an instance.
    pub fn info(&self, card: CardId) -> Option<&CardInfo> {
        self.info.get(card.index())
    }

    /// The definition of an instance.
    pub fn def(&self, card: CardId) -> Option<&CardDef> {
        self.info
            .get(card.index())
            .and_then(|i| self.defs.get(usize::from(i.def)))
    }

    /// The first instance of the definition called `id`.
    pub fn find(&self, id: &str) -> Option<CardId> {
        let d = self.defs.iter().position(|d| d.id() == id)?;
        self.info
            .iter()
            .position(|i| usize::from(i.def) == d)
            .map(|i| CardId(i as u16))
    }

    /// Every instance of the definition called `id`.
    pub fn instances(&self, id: &str) -> Vec<CardId> {
        match self.defs.iter().position(|d| d.id() == id) {
            Some(d) => self
                .ids()
                .filter(|c| self.info(*c).is_some_and(|i| usize::from(i.def) == d))
                .collect(),
            None => Vec::new(),
        }
    }

    /// The card a label names: `"key"` is the first copy of that key (in id order),
    /// `"key#k"` its k-th copy (1-based). The labels of [`CardSet::label_of`] name each
    /// instance uniquely.
    pub fn named(&self, label: &str) -> Option<CardId> {
        let (key, k) = split_label(label);
        self.instances(key)
            .get(k.unwrap_or(1).checked_sub(1)?)
            .copied()
    }

    /// The unique label of an instance: its key when the key has one copy, else `key#k`.
    pub fn label_of(&self, card: CardId) -> String {
        let key = self.id_of(card);
        let copies = self.instances(key);
        match copies.iter().position(|c| *c == card) {
            Some(i) if copies.len() > 1 => format!("{key}#{}", i + 1),
            _ => key.to_string(),
        }
    }

    /// The definition id of an instance (`?` when out of range).
    pub fn id_of(&self, card: CardId) -> &str {
        self.def(card).map_or("?", CardDef::id)
    }

    /// A short label for an instance.
    pub fn label(&self, card: CardId) -> String {
        self.def(card).map_or_else(|| "?".into(), CardDef::label)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_set_loads_with_the_documented_counts() {
        let set = CardSet::from_json(SAMPLE_JSON).expect("sample");
        let count = |c: CardClass| {
            set.ids()
                .filter(|x| set.info(*x).map(|i| i.class) == Some(c))
                .count()
        };
        assert_eq!(count(CardClass::Number), 80);
        assert_eq!(count(CardClass::Battle), 20);
        assert_eq!(count(CardClass::BossAssa), 15);
        assert_eq!(count(CardClass::Extra), 18);
        assert_eq!(count(CardClass::Toughness), 14);
        assert_eq!(set.boards().len(), 4);
    }
}
