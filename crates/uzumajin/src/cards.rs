//! Card definitions, the effect vocabulary and the card-set loader (spec §12).
//!
//! A card set is data: a JSON object `{"name": .., "cards": [..]}` whose cards are souls,
//! spells and combat cards (a tagged enum on `type`). The engine interprets the effect
//! primitives of MJ-12.2; nothing is hard-coded per card name. The sample set of MJ-12.4
//! ships in `data/sample.json`. Validation errors name the card (index and id) and the
//! field.

use crate::error::clip;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};
use thiserror::Error;

// A card instance (MJ-3.10): unique in the game, fixed at setup. Seat 0's deck gets the
// ids `0..deck_size` in deck-list order, seat 1's the next `deck_size` ids.
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

/// The three card types (MJ-3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    /// Creates or strengthens a majin.
    Soul,
    /// Used once in step 5, then to the graveyard.
    Spell,
    /// Used only in a battle's combat window; costs no MP.
    Combat,
}

/// Which of a player's zones a target may be in (MJ-12.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneFilter {
    /// The battle zone.
    Battle,
    /// The prepare zone.
    Prepare,
    /// Either zone.
    Any,
}

/// The target of an effect primitive (MJ-12.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// The majin the entering soul joined (souls' enter-play effects only).
    This,
    /// A majin of the controller, chosen by the controller.
    OwnMajin(ZoneFilter),
    /// A majin of the opponent, chosen by the controller.
    OppMajin(ZoneFilter),
    /// The controller's majin in the current battle (combat cards only).
    OwnBattler,
    /// The opposing majin in the current battle (combat cards only).
    OppBattler,
}

/// How long a power modifier lasts (MJ-A19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the end of the turn.
    Turn,
    /// Until the end of the battle (or of the turn, if no battle ends first).
    Battle,
}

/// When a static ability applies (MJ-12.2 `Static`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Always.
    Always,
    /// While the majin is the current attacker.
    Attacking,
    /// While the majin is the current blocker.
    Blocking,
}

/// A static ability of a soul: `Static(±n, cond)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Static {
    /// Power added while the condition holds (may be negative).
    pub amount: i8,
    /// When it applies.
    pub condition: Condition,
}

/// An effect (MJ-12.2): a sequence, an optional part, or a primitive.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Every effect in order.
    Seq {
        /// The parts.
        effects: Vec<Effect>,
    },
    /// The controller answers yes or no before the inner effect.
    May {
        /// The optional effect.
        effect: Box<Effect>,
    },
    /// Adds a power modifier to a majin.
    Power {
        /// Which majin.
        target: Target,
        /// How much (may be negative).
        amount: i8,
        /// How long.
        duration: Duration,
    },
    /// Destroys the top `count` cards of a majin.
    Destroy {
        /// Which majin.
        target: Target,
        /// How many cards.
        count: u8,
    },
    /// Taps a majin.
    Tap {
        /// Which majin.
        target: Target,
    },
    /// Moves a battle-zone majin to its owner's prepare zone.
    Retreat {
        /// Which majin.
        target: Target,
    },
    /// The controller draws cards.
    Draw {
        /// How many.
        count: u8,
    },
    /// Deals damage to the opponent (MJ-6.9).
    Damage {
        /// How many.
        count: u8,
    },
    /// The opponent discards cards chosen at random (R3).
    DiscardRandom {
        /// How many.
        count: u8,
    },
    /// The controller privately learns a majin's face-down card.
    Peek {
        /// Which majin.
        target: Target,
    },
}

impl Effect {
    /// The target of a primitive, if it has one.
    pub fn target(&self) -> Option<Target> {
        match self {
            Effect::Power { target, .. }
            | Effect::Destroy { target, .. }
            | Effect::Tap { target }
            | Effect::Retreat { target }
            | Effect::Peek { target } => Some(*target),
            _ => None,
        }
    }
}

/// One step of a compiled effect: effects are flattened into a short program so that the
/// game can stop for a target or a `May` answer and resume at the next step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Op {
    /// A `May`: its body is the next `len` steps.
    May { len: u8 },
    /// A primitive (never `Seq` or `May`).
    Do(Effect),
}

/// One card definition as written in a card-set file (MJ-12.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardDef {
    /// A soul card.
    Soul {
        /// Unique id, e.g. `red_imp`.
        id: String,
        /// English name.
        name: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Its colour (the only thing that meets colour requirements).
        #[serde(default)]
        colour: Option<String>,
        /// Colours that must be on the user's field (MJ-5.2).
        #[serde(default)]
        required_colours: Vec<String>,
        /// MP cost.
        cost: u8,
        /// Printed power.
        power: u8,
        /// Enter-play effect (出たとこ効果).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        on_enter: Option<Effect>,
        /// Static abilities.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        statics: Vec<Static>,
    },
    /// A spell card.
    Spell {
        /// Unique id.
        id: String,
        /// English name.
        name: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Its colour.
        #[serde(default)]
        colour: Option<String>,
        /// Colours that must be on the user's field.
        #[serde(default)]
        required_colours: Vec<String>,
        /// MP cost.
        cost: u8,
        /// What it does.
        effect: Effect,
    },
    /// A combat card.
    Combat {
        /// Unique id.
        id: String,
        /// English name.
        name: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
        /// Its colour.
        #[serde(default)]
        colour: Option<String>,
        /// Colours that must be on the user's field.
        #[serde(default)]
        required_colours: Vec<String>,
        /// What it does.
        effect: Effect,
    },
}

impl CardDef {
    /// The card's id string.
    pub fn id(&self) -> &str {
        match self {
            CardDef::Soul { id, .. } | CardDef::Spell { id, .. } | CardDef::Combat { id, .. } => id,
        }
    }

    /// The card's English name.
    pub fn name(&self) -> &str {
        match self {
            CardDef::Soul { name, .. }
            | CardDef::Spell { name, .. }
            | CardDef::Combat { name, .. } => name,
        }
    }

    /// The card's type.
    pub fn card_type(&self) -> CardType {
        match self {
            CardDef::Soul { .. } => CardType::Soul,
            CardDef::Spell { .. } => CardType::Spell,
            CardDef::Combat { .. } => CardType::Combat,
        }
    }

    /// Its colour, if any.
    pub fn colour(&self) -> Option<&str> {
        match self {
            CardDef::Soul { colour, .. }
            | CardDef::Spell { colour, .. }
            | CardDef::Combat { colour, .. } => colour.as_deref(),
        }
    }

    /// Its required colours.
    pub fn required_colours(&self) -> &[String] {
        match self {
            CardDef::Soul {
                required_colours, ..
            }
            | CardDef::Spell {
                required_colours, ..
            }
            | CardDef::Combat {
                required_colours, ..
            } => required_colours,
        }
    }

    /// The effect the card resolves: a soul's enter-play effect, a spell's or combat
    /// card's effect.
    pub fn effect(&self) -> Option<&Effect> {
        match self {
            CardDef::Soul { on_enter, .. } => on_enter.as_ref(),
            CardDef::Spell { effect, .. } | CardDef::Combat { effect, .. } => Some(effect),
        }
    }
}

/// What the engine needs of a card on the hot path, precomputed from its definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardInfo {
    /// The card type.
    pub card_type: CardType,
    /// Colour index into [`CardSet::colours`].
    pub colour: Option<u8>,
    /// Required colours as a bit set of colour indices.
    pub required: u32,
    /// MP cost (0 for combat cards).
    pub cost: u8,
    /// Printed power (0 unless a soul).
    pub power: u8,
    /// Sum of `Static(_, Always)` amounts.
    pub static_always: i16,
    /// Sum of `Static(_, Attacking)` amounts.
    pub static_attacking: i16,
    /// Sum of `Static(_, Blocking)` amounts.
    pub static_blocking: i16,
}

/// Why a card set or a deck was refused. Names the card (index and id) and the field.
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
        /// The card's id (or `?` if it has none).
        id: String,
        /// The offending field.
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// The most card definitions a set may hold.
pub const MAX_DEFS: usize = 1024;
/// The most steps an effect may compile to.
pub const MAX_EFFECT_STEPS: usize = 32;
/// The most distinct colours a set may use.
pub const MAX_COLOURS: usize = 32;

#[derive(Debug, PartialEq, Eq, Hash)]
struct CardSetInner {
    name: String,
    cards: Vec<CardDef>,
    /// Definitions by id, for lookups that do not scan the set.
    by_id: BTreeMap<String, DefId>,
    info: Vec<CardInfo>,
    programs: Vec<Vec<Op>>,
    colours: Vec<String>,
}

/// A validated card set. Cheap to clone (shared).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardSetFile", into = "CardSetFile")]
pub struct CardSet(Arc<CardSetInner>);

/// The JSON form of a card set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardSetFile {
    /// A name for the set.
    #[serde(default)]
    pub name: String,
    /// The card definitions (raw JSON, validated one by one).
    pub cards: Vec<serde_json::Value>,
}

impl From<CardSet> for CardSetFile {
    fn from(set: CardSet) -> CardSetFile {
        CardSetFile {
            name: set.0.name.clone(),
            cards: set
                .0
                .cards
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

/// Where a compiled effect is used, for the target checks of validation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum EffectUse {
    OnEnter,
    Spell,
    Combat,
}

/// Flattens an effect into steps, checking each primitive. `Err((field, message))`.
fn compile(effect: &Effect, usage: EffectUse, out: &mut Vec<Op>) -> Result<(), (String, String)> {
    let too_long = || {
        (
            "effect".to_string(),
            format!("compiles to more than {MAX_EFFECT_STEPS} steps"),
        )
    };
    if out.len() >= MAX_EFFECT_STEPS {
        return Err(too_long());
    }
    match effect {
        Effect::Seq { effects } => {
            if effects.is_empty() {
                return Err(("effects".into(), "a `seq` needs at least one effect".into()));
            }
            for e in effects {
                compile(e, usage, out)?;
            }
        }
        Effect::May { effect } => {
            let at = out.len();
            out.push(Op::May { len: 0 });
            compile(effect, usage, out)?;
            let len = u8::try_from(out.len() - at - 1).map_err(|_| too_long())?;
            out[at] = Op::May { len };
        }
        prim => {
            let count = match prim {
                Effect::Destroy { count, .. }
                | Effect::Draw { count }
                | Effect::Damage { count }
                | Effect::DiscardRandom { count } => Some(*count),
                _ => None,
            };
            if let Some(c) = count {
                if !(1..=10).contains(&c) {
                    return Err(("count".into(), format!("{c} is out of range 1..=10")));
                }
            }
            if let Effect::Power { amount, .. } = prim {
                if !(-20..=20).contains(amount) || *amount == 0 {
                    return Err((
                        "amount".into(),
                        format!("{amount} must be non-zero and within -20..=20"),
                    ));
                }
            }
            if let Some(t) = prim.target() {
                match t {
                    Target::This if usage != EffectUse::OnEnter => {
                        return Err((
                            "target".into(),
                            "`this` is only for a soul's enter-play effect".into(),
                        ))
                    }
                    Target::OwnBattler | Target::OppBattler if usage != EffectUse::Combat => {
                        return Err((
                            "target".into(),
                            "`own_battler` / `opp_battler` are only for combat cards".into(),
                        ))
                    }
                    Target::OwnMajin(ZoneFilter::Prepare)
                    | Target::OppMajin(ZoneFilter::Prepare)
                        if matches!(prim, Effect::Retreat { .. }) =>
                    {
                        return Err((
                            "target".into(),
                            "`retreat` needs a battle-zone target".into(),
                        ))
                    }
                    _ => {}
                }
            }
            out.push(Op::Do(prim.clone()));
        }
    }
    if out.len() > MAX_EFFECT_STEPS {
        return Err(too_long());
    }
    Ok(())
}

impl CardSet {
    /// The sample card set of MJ-12.4 (12 souls, 7 spells, 5 combat cards). Invented for
    /// testing; not the official card list.
    pub fn sample() -> CardSet {
        static SAMPLE: OnceLock<CardSet> = OnceLock::new();
        SAMPLE
            .get_or_init(|| {
                // The embedded file is checked by a unit test; the empty fallback is never
                // used in practice (and decks naming its cards would be refused).
                CardSet::from_json(SAMPLE_JSON).unwrap_or_else(|_| {
                    CardSet(Arc::new(CardSetInner {
                        name: String::new(),
                        cards: Vec::new(),
                        by_id: BTreeMap::new(),
                        info: Vec::new(),
                        programs: Vec::new(),
                        colours: Vec::new(),
                    }))
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
                message: format!(
                    "{} cards; at most {MAX_DEFS} are supported",
                    file.cards.len()
                ),
            });
        }
        let mut cards = Vec::with_capacity(file.cards.len());
        let mut programs = Vec::with_capacity(file.cards.len());
        let mut seen = BTreeMap::new();
        for (index, raw) in file.cards.into_iter().enumerate() {
            let id = clip(raw.get("id").and_then(|v| v.as_str()).unwrap_or("?"));
            let bad = |field: &str, message: String| CardSetError::BadCard {
                index,
                id: id.clone(),
                field: clip(field),
                message: clip(&message),
            };
            // One pass over the card's JSON, whatever its size: the error names the field
            // serde stopped at (issue 10, finding 1: no field-by-field retries).
            let def: CardDef = serde_json::from_value(raw).map_err(|e| {
                let msg = e.to_string();
                // serde names the field in its message; pull it out for the `field` slot.
                let field = msg.split('`').nth(1).unwrap_or("(card)").to_string();
                bad(&field, msg)
            })?;
            if def.id().trim().is_empty() {
                return Err(bad("id", "must not be empty".into()));
            }
            if let Some(first) = seen.insert(def.id().to_string(), index) {
                return Err(bad(
                    "id",
                    format!("duplicate id, first used by card #{first}"),
                ));
            }
            if def.colour().is_some_and(|c| c.trim().is_empty()) {
                return Err(bad("colour", "must not be empty".into()));
            }
            if def.required_colours().iter().any(|c| c.trim().is_empty()) {
                return Err(bad("required_colours", "a colour must not be empty".into()));
            }
            match &def {
                CardDef::Soul {
                    cost,
                    power,
                    statics,
                    ..
                } => {
                    if *cost > 99 {
                        return Err(bad("cost", format!("{cost} is out of range 0..=99")));
                    }
                    if *power > 99 {
                        return Err(bad("power", format!("{power} is out of range 0..=99")));
                    }
                    if statics.len() > 4 {
                        return Err(bad("statics", "at most 4 static abilities".into()));
                    }
                    if let Some(s) = statics.iter().find(|s| !(-20..=20).contains(&s.amount)) {
                        return Err(bad(
                            "statics",
                            format!("amount {} is out of range -20..=20", s.amount),
                        ));
                    }
                }
                CardDef::Spell { cost, .. } if *cost > 99 => {
                    return Err(bad("cost", format!("{cost} is out of range 0..=99")));
                }
                _ => {}
            }
            let usage = match def.card_type() {
                CardType::Soul => EffectUse::OnEnter,
                CardType::Spell => EffectUse::Spell,
                CardType::Combat => EffectUse::Combat,
            };
            let field = if usage == EffectUse::OnEnter {
                "on_enter"
            } else {
                "effect"
            };
            let mut program = Vec::new();
            if let Some(effect) = def.effect() {
                compile(effect, usage, &mut program)
                    .map_err(|(sub, message)| bad(&format!("{field}.{sub}"), message))?;
            }
            cards.push(def);
            programs.push(program);
        }
        // Colours, interned in sorted order so that indices do not depend on file order.
        let mut names: Vec<String> = Vec::new();
        for def in &cards {
            names.extend(def.colour().map(str::to_string));
            names.extend(def.required_colours().iter().cloned());
        }
        names.sort();
        names.dedup();
        if names.len() > MAX_COLOURS {
            return Err(CardSetError::Malformed {
                message: format!("{} colours; at most {MAX_COLOURS}", names.len()),
            });
        }
        let colour_index = |c: &str| names.iter().position(|n| n == c).unwrap_or(0) as u8;
        let info = cards
            .iter()
            .map(|def| {
                let statics_sum = |cond: Condition| -> i16 {
                    match def {
                        CardDef::Soul { statics, .. } => statics
                            .iter()
                            .filter(|s| s.condition == cond)
                            .map(|s| i16::from(s.amount))
                            .sum(),
                        _ => 0,
                    }
                };
                let (cost, power) = match def {
                    CardDef::Soul { cost, power, .. } => (*cost, *power),
                    CardDef::Spell { cost, .. } => (*cost, 0),
                    CardDef::Combat { .. } => (0, 0),
                };
                CardInfo {
                    card_type: def.card_type(),
                    colour: def.colour().map(colour_index),
                    required: def
                        .required_colours()
                        .iter()
                        .fold(0u32, |m, c| m | (1 << colour_index(c))),
                    cost,
                    power,
                    static_always: statics_sum(Condition::Always),
                    static_attacking: statics_sum(Condition::Attacking),
                    static_blocking: statics_sum(Condition::Blocking),
                }
            })
            .collect();
        let by_id = cards
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id().to_string(), DefId(i as u16)))
            .collect();
        Ok(CardSet(Arc::new(CardSetInner {
            name: file.name,
            cards,
            by_id,
            info,
            programs,
            colours: names,
        })))
    }

    /// The set's name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// How many card definitions the set holds.
    pub fn len(&self) -> usize {
        self.0.cards.len()
    }

    /// Whether the set is empty (never true for a validated set).
    pub fn is_empty(&self) -> bool {
        self.0.cards.is_empty()
    }

    /// The colours the set uses, in index order.
    pub fn colours(&self) -> &[String] {
        &self.0.colours
    }

    /// The definition of a card, if the index is in range.
    pub fn def(&self, def: DefId) -> Option<&CardDef> {
        self.0.cards.get(def.index())
    }

    /// The rules data of a card, if the index is in range.
    pub fn info(&self, def: DefId) -> Option<&CardInfo> {
        self.0.info.get(def.index())
    }

    pub(crate) fn program(&self, def: DefId) -> &[Op] {
        self.0.programs.get(def.index()).map_or(&[], Vec::as_slice)
    }

    /// The definition called `id`.
    pub fn find(&self, id: &str) -> Option<DefId> {
        self.0.by_id.get(id).copied()
    }

    /// Every definition, in set order.
    pub fn defs(&self) -> &[CardDef] {
        &self.0.cards
    }
}

/// Which card set a configuration uses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSetChoice {
    /// The sample set of MJ-12.4.
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

/// One line of a deck list: a card id and how many copies.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// The card's `id` in the card set.
    pub card: String,
    /// Copies (at least 1).
    pub count: u8,
}

/// A deck list (MJ-3.2). Instances are handed out in list order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Deck(pub Vec<DeckEntry>);

impl Deck {
    /// A deck from `(card id, copies)` pairs.
    pub fn from_counts(entries: &[(&str, u8)]) -> Deck {
        Deck(
            entries
                .iter()
                .map(|(card, count)| DeckEntry {
                    card: card.to_string(),
                    count: *count,
                })
                .collect(),
        )
    }

    /// The sample Red deck of MJ-12.4 (40 cards).
    pub fn sample_red() -> Deck {
        Deck::from_counts(&[
            ("red_imp", 4),
            ("red_cub", 4),
            ("red_charger", 4),
            ("red_warrior", 4),
            ("red_brute", 4),
            ("red_champion", 4),
            ("spell_war_cry", 3),
            ("spell_fireball", 2),
            ("spell_meteor", 2),
            ("combat_fury", 4),
            ("combat_shatter", 2),
            ("combat_feint", 3),
        ])
    }

    /// The sample Blue deck of MJ-12.4 (40 cards).
    pub fn sample_blue() -> Deck {
        Deck::from_counts(&[
            ("blue_sprite", 4),
            ("blue_minnow", 4),
            ("blue_guard", 4),
            ("blue_seer", 4),
            ("blue_knight", 4),
            ("blue_leviathan", 4),
            ("spell_frost_bind", 3),
            ("spell_ebb_tide", 2),
            ("spell_insight", 1),
            ("spell_mind_rot", 1),
            ("combat_shield", 4),
            ("combat_sap", 3),
            ("combat_feint", 2),
        ])
    }

    /// Total number of cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|e| usize::from(e.count)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MJ-12.4: the sample set loads with its 12 souls, 7 spells and 5 combat cards.
    #[test]
    fn mj_12_4_sample_set_composition() {
        let set = CardSet::sample();
        assert_eq!(set.len(), 24);
        let count = |t| set.0.info.iter().filter(|i| i.card_type == t).count();
        assert_eq!(count(CardType::Soul), 12);
        assert_eq!(count(CardType::Spell), 7);
        assert_eq!(count(CardType::Combat), 5);
        assert_eq!(set.colours(), ["Blue", "Red"]);
        let champion = set.find("red_champion").unwrap();
        assert_eq!(set.program(champion).len(), 2);
        assert_eq!(Deck::sample_red().total(), 40);
        assert_eq!(Deck::sample_blue().total(), 40);
    }

    /// MJ-12.1: bad definitions are refused naming the card and field.
    #[test]
    fn mj_12_1_bad_cards_name_card_and_field() {
        let err = CardSet::from_json(
            r#"{"cards":[{"type":"soul","id":"a","name":"A","cost":1,"power":200}]}"#,
        )
        .unwrap_err();
        assert!(
            matches!(&err, CardSetError::BadCard { id, field, .. } if id == "a" && field == "power"),
            "{err}"
        );
        let err = CardSet::from_json(
            r#"{"cards":[{"type":"spell","id":"s","name":"S","cost":1,"effect":{"op":"power","target":"own_battler","amount":2,"duration":"turn"}}]}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("effect.target"), "{err}");
        let err =
            CardSet::from_json(r#"{"cards":[{"type":"soul","id":"x","name":"X"}]}"#).unwrap_err();
        assert!(matches!(&err, CardSetError::BadCard { id, .. } if id == "x"));
        assert!(CardSet::from_json("[").is_err());
        assert!(CardSet::from_json(r#"{"cards":[]}"#).is_err());
    }

    #[test]
    fn card_set_json_round_trip() {
        let set = CardSet::sample();
        let json = serde_json::to_string(&set).unwrap();
        let back: CardSet = serde_json::from_str(&json).unwrap();
        assert_eq!(back, set);
    }
}
