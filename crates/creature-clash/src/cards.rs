//! Card definitions and the card-set loader (spec §12).
//!
//! A card set is data: a JSON list of card definitions, each with a unique `id`. The deck is
//! exactly that list. The sample set of §12c ships in `data/sample.json`; users may load
//! their own. Validation errors name the card and the field.

use crate::action::Creature;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

// A card: its index in the card set (ids are handed out in card-set order).
pub use fuda_core::CardId;

/// The slot a creature part fills (CC-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    /// FRONT (head).
    Front,
    /// MIDDLE (body).
    Middle,
    /// BACK (tail).
    Back,
}

/// One card definition as written in a card-set file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum CardDef {
    /// A creature part (`part(position, power)` plus `label(venom)`).
    Part {
        /// Unique id, e.g. `rhino_f`.
        id: String,
        /// Species id; cosmetic (a pure creature gets no bonus, CC-6.1).
        animal: String,
        /// Which slot it fills.
        position: Position,
        /// Printed power (top-left number).
        power: u8,
        /// Carries the VENOM label.
        #[serde(default)]
        venom: bool,
        /// Name fragment; a creature's name is F + M + B fragments.
        fragment: String,
        /// English name.
        name_en: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
    },
    /// RABIES: doubles (`multiplier`) an attack from the second battle of a turn (CC-6.12).
    Rabies {
        /// Unique id, e.g. `rabies_1`.
        id: String,
        /// `attack_multiplier(factor)`; 2 in the rules.
        #[serde(default = "default_multiplier")]
        multiplier: u8,
        /// English name.
        name_en: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
    },
    /// BERSERK!: when drawn, a berserk battle (CC-6.13).
    Berserk {
        /// Unique id, e.g. `berserk_1`.
        id: String,
        /// English name.
        name_en: String,
        /// Japanese name, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name_ja: Option<String>,
    },
}

fn default_multiplier() -> u8 {
    2
}

impl CardDef {
    /// The card's id string.
    pub fn id(&self) -> &str {
        match self {
            CardDef::Part { id, .. } | CardDef::Rabies { id, .. } | CardDef::Berserk { id, .. } => {
                id
            }
        }
    }

    /// The card's English name.
    pub fn name_en(&self) -> &str {
        match self {
            CardDef::Part { name_en, .. }
            | CardDef::Rabies { name_en, .. }
            | CardDef::Berserk { name_en, .. } => name_en,
        }
    }
}

/// What the engine needs of a card on the hot path, precomputed from its definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardInfo {
    /// What kind of card this is.
    pub class: CardClass,
    /// Power (parts only; 0 otherwise).
    pub power: u8,
    /// VENOM label.
    pub venom: bool,
    /// Attack multiplier (RABIES only; 1 otherwise).
    pub multiplier: u8,
}

/// The rules-relevant kind of a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardClass {
    /// A creature part for this slot.
    Part(Position),
    /// RABIES.
    Rabies,
    /// BERSERK!.
    Berserk,
}

/// Why a card set was refused. Names the card (index and id) and the field.
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

/// The most cards a set may hold (ids are 16-bit; far above any real set).
pub const MAX_CARDS: usize = 4096;

/// A validated card set: the deck of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "CardSetFile", into = "CardSetFile")]
pub struct CardSet {
    name: String,
    cards: Vec<CardDef>,
    info: Vec<CardInfo>,
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

impl CardSet {
    /// The sample card set of spec §12c (102 cards: 32 animals × 3 parts, 3 RABIES,
    /// 3 BERSERK!). Invented for testing; not the official cards.
    pub fn sample() -> CardSet {
        CardSet::sample_ref().clone()
    }

    /// The sample card set, shared.
    fn sample_ref() -> &'static CardSet {
        static SAMPLE: OnceLock<CardSet> = OnceLock::new();
        SAMPLE.get_or_init(|| {
            // The embedded file is checked by a unit test; the empty fallback is never
            // used in practice (and is refused by `Config` validation if it were).
            CardSet::from_json(SAMPLE_JSON).unwrap_or_else(|_| CardSet {
                name: String::new(),
                cards: Vec::new(),
                info: Vec::new(),
            })
        })
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
        if file.cards.len() > MAX_CARDS {
            return Err(CardSetError::Malformed {
                message: format!(
                    "{} cards; at most {MAX_CARDS} are supported",
                    file.cards.len()
                ),
            });
        }
        let mut cards = Vec::with_capacity(file.cards.len());
        let mut seen = std::collections::BTreeMap::new();
        for (index, raw) in file.cards.into_iter().enumerate() {
            let id = shorten(raw.get("id").and_then(|v| v.as_str()).unwrap_or("?"));
            let bad = |field: &str, message: String| CardSetError::BadCard {
                index,
                id: id.clone(),
                field: field.into(),
                message,
            };
            let def = CardDef::deserialize(&raw).map_err(|e| {
                let msg = e.to_string();
                bad(&bad_field(&raw, &msg), msg)
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
            match &def {
                CardDef::Part {
                    power, fragment, ..
                } => {
                    if *power > 99 {
                        return Err(bad("power", format!("{power} is out of range 0..=99")));
                    }
                    if fragment.is_empty() {
                        return Err(bad("fragment", "must not be empty".into()));
                    }
                }
                CardDef::Rabies { multiplier, .. } => {
                    if !(1..=10).contains(multiplier) {
                        return Err(bad(
                            "multiplier",
                            format!("{multiplier} is out of range 1..=10"),
                        ));
                    }
                }
                CardDef::Berserk { .. } => {}
            }
            cards.push(def);
        }
        let info = cards.iter().map(info_of).collect();
        Ok(CardSet {
            name: file.name,
            cards,
            info,
        })
    }

    /// The set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many cards the set (and so the deck) holds.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the set is empty (never true for a validated set).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Every card id, in set order.
    pub fn ids(&self) -> impl Iterator<Item = CardId> {
        (0..self.cards.len() as u16).map(CardId)
    }

    /// The definition of a card, if the id is in range.
    pub fn def(&self, card: CardId) -> Option<&CardDef> {
        self.cards.get(card.index())
    }

    /// The rules data of a card, if the id is in range.
    pub fn info(&self, card: CardId) -> Option<&CardInfo> {
        self.info.get(card.index())
    }

    /// The id of the card called `name` (its `id` field).
    pub fn find(&self, name: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.id() == name)
            .map(|i| CardId(i as u16))
    }

    /// The card a position names (the names-back convention of every fuda game): `key` is
    /// the card with that key, `key#k` its k-th copy, 1-based in id order. Keys are unique
    /// in a Creature Clash! set, so `key` and `key#1` name the same card.
    pub fn card_id(&self, name: &str) -> Option<CardId> {
        self.resolve(name).ok()
    }

    /// [`CardSet::card_id`], or why the name names no card.
    pub(crate) fn resolve(&self, name: &str) -> Result<CardId, String> {
        if let Some(card) = self.find(name) {
            return Ok(card);
        }
        let shown = shorten(name);
        match name.rsplit_once('#') {
            Some((key, copy)) if copy.parse::<usize>().is_ok() => {
                let Some(card) = self.find(key) else {
                    return Err(format!("unknown card `{shown}`"));
                };
                match copy.parse::<usize>() {
                    Ok(1) => Ok(card),
                    _ => Err(format!(
                        "`{shown}`: the set holds one copy of `{}`",
                        shorten(key)
                    )),
                }
            }
            _ => Err(format!("unknown card `{shown}`")),
        }
    }

    /// The card's `id` string, or `?` for an id out of range.
    pub fn id_str(&self, card: CardId) -> &str {
        self.def(card).map_or("?", CardDef::id)
    }

    /// The name fragment of a part (empty for other cards).
    pub fn fragment(&self, card: CardId) -> &str {
        match self.def(card) {
            Some(CardDef::Part { fragment, .. }) => fragment,
            _ => "",
        }
    }

    /// A creature's name: its FRONT, MIDDLE and BACK fragments read together (CC-6.1,
    /// cosmetic), e.g. `RHINOODCUDA`.
    pub fn creature_name(&self, creature: &Creature) -> String {
        creature.cards().iter().map(|&c| self.fragment(c)).collect()
    }

    /// A creature's power: the plain sum of its three parts (CC-6.1; a pure creature gets
    /// no bonus).
    pub fn creature_power(&self, creature: &Creature) -> u32 {
        creature
            .cards()
            .iter()
            .map(|&c| self.info(c).map_or(0, |i| u32::from(i.power)))
            .sum()
    }

    /// A short label for a card: fragment, animal, slot and power for a part
    /// (`RHINO/rhino F10`, `☠` marking VENOM), the name otherwise.
    pub fn label(&self, card: CardId) -> String {
        match self.def(card) {
            Some(CardDef::Part {
                fragment,
                animal,
                power,
                position,
                venom,
                ..
            }) => {
                let pos = match position {
                    Position::Front => 'F',
                    Position::Middle => 'M',
                    Position::Back => 'B',
                };
                let v = if *venom { "☠" } else { "" };
                format!("{fragment}/{animal} {pos}{power}{v}")
            }
            Some(def) => def.name_en().to_string(),
            None => format!("{card}?"),
        }
    }
}

/// A name as quoted in an error: long input is cut, so an error never echoes a huge line.
pub(crate) fn shorten(name: &str) -> String {
    const MAX: usize = 64;
    match name.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &name[..at]),
        None => name.to_string(),
    }
}

/// The field of a refused card definition that is wrong. Serde's messages name the field
/// only when it is missing or unknown, not when its value is bad (`"power": "ten"`,
/// `"position": "side"`); then each field the card's kind knows is checked on its own
/// against its type. The cost is linear in the definition's size (one pass over the known
/// fields), however many unknown keys it holds.
fn bad_field(raw: &serde_json::Value, message: &str) -> String {
    use serde_json::Value;
    let named = message.split('`').nth(1).unwrap_or("(card)").to_string();
    if message.starts_with("missing field") || message.starts_with("unknown field") {
        return named;
    }
    let Some(fields) = raw.as_object() else {
        return named;
    };
    fn is<T: serde::de::DeserializeOwned>(v: &Value) -> bool {
        T::deserialize(v).is_ok()
    }
    let string = is::<String>;
    let optional = is::<Option<String>>;
    let byte = is::<u8>;
    /// A field of a card kind and the check of its type.
    type Field = (&'static str, fn(&Value) -> bool);
    let known: &[Field] = match fields.get("kind").and_then(Value::as_str) {
        Some("part") => &[
            ("id", string),
            ("animal", string),
            ("position", is::<Position>),
            ("power", byte),
            ("venom", is::<bool>),
            ("fragment", string),
            ("name_en", string),
            ("name_ja", optional),
        ],
        Some("rabies") => &[
            ("id", string),
            ("multiplier", byte),
            ("name_en", string),
            ("name_ja", optional),
        ],
        Some("berserk") => &[("id", string), ("name_en", string), ("name_ja", optional)],
        // The `kind` tag is read before anything else.
        _ => return "kind".into(),
    };
    known
        .iter()
        .find(|(key, fits)| fields.get(*key).is_some_and(|v| !fits(v)))
        .map_or(named, |(key, _)| (*key).to_string())
}

fn info_of(def: &CardDef) -> CardInfo {
    match def {
        CardDef::Part {
            position,
            power,
            venom,
            ..
        } => CardInfo {
            class: CardClass::Part(*position),
            power: *power,
            venom: *venom,
            multiplier: 1,
        },
        CardDef::Rabies { multiplier, .. } => CardInfo {
            class: CardClass::Rabies,
            power: 0,
            venom: false,
            multiplier: *multiplier,
        },
        CardDef::Berserk { .. } => CardInfo {
            class: CardClass::Berserk,
            power: 0,
            venom: false,
            multiplier: 1,
        },
    }
}

/// Which card set a configuration uses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSetChoice {
    /// The sample set of §12c.
    #[default]
    Sample,
    /// A user's own set.
    Custom(CardSet),
}

impl CardSetChoice {
    /// The card set this choice names.
    pub fn resolve(&self) -> CardSet {
        self.set().clone()
    }

    /// The card set this choice names, borrowed.
    pub fn set(&self) -> &CardSet {
        match self {
            CardSetChoice::Sample => CardSet::sample_ref(),
            CardSetChoice::Custom(set) => set,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CC-3.2, §12c: the sample set has 32 parts per position, 3 RABIES, 3 BERSERK!.
    #[test]
    fn cc_3_2_sample_set_composition() {
        let set = CardSet::sample();
        assert_eq!(set.len(), 102);
        let count = |class| set.info.iter().filter(|i| i.class == class).count();
        assert_eq!(count(CardClass::Part(Position::Front)), 32);
        assert_eq!(count(CardClass::Part(Position::Middle)), 32);
        assert_eq!(count(CardClass::Part(Position::Back)), 32);
        assert_eq!(count(CardClass::Rabies), 3);
        assert_eq!(count(CardClass::Berserk), 3);
        let rhino = set.find("rhino_f").unwrap();
        assert_eq!(set.info(rhino).unwrap().power, 10);
        assert_eq!(set.fragment(set.find("crocodile_m").unwrap()), "OD");
    }

    #[test]
    fn bad_card_errors_name_the_card_and_field() {
        let err = CardSet::from_json(
            r#"{"cards":[{"id":"a","kind":"part","animal":"x","position":"front","power":200,"fragment":"A","name_en":"A"}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            err,
            CardSetError::BadCard {
                index: 0,
                id: "a".into(),
                field: "power".into(),
                message: "200 is out of range 0..=99".into()
            }
        );
        let err = CardSet::from_json(
            r#"{"cards":[{"id":"a","kind":"part","animal":"x","position":"side","power":2,"fragment":"A","name_en":"A"}]}"#,
        )
        .unwrap_err();
        assert!(
            matches!(&err, CardSetError::BadCard { id, .. } if id == "a"),
            "{err}"
        );
        let err = CardSet::from_json(
            r#"{"cards":[{"id":"b","kind":"berserk","name_en":"B"},{"id":"b","kind":"berserk","name_en":"B"}]}"#,
        )
        .unwrap_err();
        assert!(matches!(&err, CardSetError::BadCard { index: 1, field, .. } if field == "id"));
        let err = CardSet::from_json(
            r#"{"cards":[{"id":"r","kind":"rabies","name_en":"R","multiplier":0}]}"#,
        )
        .unwrap_err();
        assert!(err.to_string().contains("`multiplier`"), "{err}");
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
