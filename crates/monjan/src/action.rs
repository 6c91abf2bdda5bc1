//! Actions: one decision of one seat (spec §5). Targets on the table are named by public
//! positions ([`Unit`], [`Col`]), never by the id of a card the actor may not identify.

use crate::cards::CardId;
use fuda_core::{Seat, SmallVec};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// A column of a status board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Col {
    /// Left.
    L,
    /// Middle.
    M,
    /// Right.
    R,
}

impl Col {
    /// The three columns, left to right.
    pub const ALL: [Col; 3] = [Col::L, Col::M, Col::R];

    /// 0, 1, 2.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of a side column (`None` for M).
    pub fn side(self) -> Option<Side> {
        match self {
            Col::L => Some(Side::Left),
            Col::M => None,
            Col::R => Some(Side::Right),
        }
    }
}

impl fmt::Display for Col {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// The left or right side of a board (board skills, supplies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Left column and skill.
    Left,
    /// Right column and skill.
    Right,
}

impl Side {
    /// 0 for left, 1 for right.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The column of this side.
    pub fn col(self) -> Col {
        match self {
            Side::Left => Col::L,
            Side::Right => Col::R,
        }
    }
}

/// A row of a column that takes a number card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Row {
    /// The attack slot.
    Attack,
    /// The defense slot.
    Defense,
}

/// A card on a player's field by public position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Unit {
    /// The card in this column's attack slot.
    Slot(Col),
    /// The Extra card.
    Extra,
    /// The n-th one-turn Boss-Assassin (in summon order).
    OneTurn(u8),
    /// The n-th resurrected card (in arrival order).
    Resurrected(u8),
}

/// What guards one incoming attack (MC-5.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GuardChoice {
    /// A live defense of the defender.
    Defense(Col),
    /// A guard-capable card of the defender.
    Unit(Unit),
}

/// Which condition an Extra is summoned by (`extra_condition_tracking = by_summon`,
/// MC-6.12, decision MC-D5): it decides how long the Extra lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SummonBy {
    /// The attribute pair of two columns' top mana.
    Pair,
    /// The number of the top mana card of this column.
    Number(Col),
}

/// A card of a player's mana stacks by position: its column and its index in the stack
/// counted from the bottom (0 = bottom, as views list stacks), for costs that let the payer
/// choose the card (`any_mana_payment = chosen_cards`, decision MC-D2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManaPos {
    /// The column.
    pub col: Col,
    /// Index in the stack from the bottom.
    pub index: u8,
}

/// Mana cards discarded by position for one "any mana" cost: at most
/// `MAX_DISCARD_ANY` (1), held inline so listing actions allocates nothing
/// (issue 14). Serialized as a list.
pub type Discard = SmallVec<[ManaPos; 1]>;

/// Mana paid from each column, L, M, R (MC-6.2). With `mana_cost_source = SingleColumn`
/// exactly one column pays; a zero cost is `[0, 0, 0]`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Pay(pub [u8; 3]);

impl Pay {
    /// `n` from one column.
    pub fn from_col(col: Col, n: u8) -> Pay {
        let mut p = [0; 3];
        p[col.index()] = n;
        Pay(p)
    }

    /// The total paid.
    pub fn total(self) -> u8 {
        self.0.iter().fold(0u8, |a, b| a.saturating_add(*b))
    }
}

/// Where an Extra / Toughness skill is used from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SkillFrom {
    /// The Extra on the user's field.
    Extra,
    /// The Toughness in this attack slot.
    Slot(Col),
    /// A card in the user's hand (magic, unsummoned).
    Hand(CardId),
}

/// The target of a skill or battle card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Target {
    /// No target.
    None,
    /// An own defense (heal, revive) or an own empty attack slot (summon self).
    Col(Col),
    /// One of the current step's attacks, by index.
    Attack(u8),
    /// An opponent's card (Kill).
    Card {
        /// Its owner.
        seat: Seat,
        /// Its position.
        unit: Unit,
    },
    /// Tea Party: the hand card given and the discard battle card taken.
    Salvage {
        /// Hand card to discard.
        give: CardId,
        /// Battle card taken from the main discard.
        take: CardId,
    },
}

/// The decision itself.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Choice {
    /// MC-5.1: take a free board (board index in the card set).
    ChooseBoard {
        /// Board index.
        board: u8,
    },
    /// MC-5.2: take a card from the face-up initial-equipment pool.
    PickEquipment {
        /// The card.
        card: CardId,
    },
    /// MC-5.3: the round-1 middle defense.
    PlaceInitialDefense {
        /// A number card from hand.
        card: CardId,
    },
    /// MC-5.4: a Monjan card from hand onto a mana stack.
    PlaceMana {
        /// The card.
        card: CardId,
        /// The column.
        col: Col,
        /// Face down.
        face_down: bool,
    },
    /// MC-5.5: a number card into an empty attack or defense slot.
    PlaceNumber {
        /// The card.
        card: CardId,
        /// The column.
        col: Col,
        /// The row.
        row: Row,
    },
    /// MC-5.6: an Extra from hand.
    SummonExtra {
        /// The card.
        card: CardId,
        /// Face down.
        face_down: bool,
        /// The condition it is summoned by (only with `extra_condition_tracking = by_summon`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<SummonBy>,
    },
    /// MC-5.7: a Toughness from hand into an empty attack slot.
    SummonToughness {
        /// The card.
        card: CardId,
        /// Target attack slot.
        col: Col,
        /// Payment of its cost.
        pay: Pay,
        /// Face down.
        face_down: bool,
    },
    /// MC-5.8: pay 3, draw a Boss-Assassin for this battle turn.
    SummonBossOneTurn {
        /// Payment.
        pay: Pay,
        /// Face down.
        face_down: bool,
    },
    /// MC-5.9: pay 5 from an empty side column, draw a Boss-Assassin into it.
    SummonBossPermanent {
        /// The column.
        col: Col,
    },
    /// MC-5.10 / MC-5.12: a skill of the user's board.
    UseBoardSkill {
        /// Which side's skill.
        side: Side,
        /// Its target.
        target: Target,
    },
    /// MC-5.10 / MC-5.12: a skill of an Extra or Toughness card.
    UseSkill {
        /// Where it is used from.
        from: SkillFrom,
        /// Index of the skill on the card.
        skill: u8,
        /// Its target.
        target: Target,
        /// Mana paid (mana cost, or discarded mana counted per column).
        pay: Pay,
        /// The mana cards discarded by position, for an "any mana" cost with
        /// `any_mana_payment = chosen_cards` (then `pay` is zero).
        #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
        discard: Discard,
    },
    /// MC-5.11: エンド.
    DeclareEnd,
    /// MC-5.12: pass priority.
    Pass,
    /// MC-5.12: a battle card from hand.
    PlayBattleCard {
        /// The card.
        card: CardId,
        /// Attack (+N), own defense (heal +N) or opponent card (Kill).
        target: Target,
    },
    /// MC-5.13: one attack-capable card attacks an opponent.
    DeclareAttack {
        /// The attacking card.
        unit: Unit,
        /// The opponent.
        target: Seat,
    },
    /// MC-5.13: the Extra heals an own live defense by its power instead of attacking.
    ExtraHeal {
        /// The defense.
        col: Col,
    },
    /// MC-5.13: the declaration is complete (the rest hold).
    EndDeclaration,
    /// MC-5.15: use or decline Flame of Wrath.
    FlameOfWrath {
        /// Use it.
        use_it: bool,
    },
    /// MC-5.15: the card that absorbs every attack.
    FlameTarget {
        /// The guard-capable card.
        unit: Unit,
    },
    /// MC-5.14 / MC-5.18: the guard of one incoming attack.
    AssignGuard {
        /// Index of the attack in the step.
        attack: u8,
        /// Its guard.
        guard: GuardChoice,
    },
    /// MC-5.17: use or decline Hell's Resurrection Rite.
    Resurrection {
        /// Use it.
        use_it: bool,
    },
    /// MC-5.16: use or decline Dragon Trap.
    DragonTrap {
        /// Use it.
        use_it: bool,
    },
    /// MC-5.16: the attacker's guard against the reflected attack.
    TrapGuard {
        /// Its guard.
        guard: GuardChoice,
    },
}

/// One decision of one seat. Unknown fields are refused, here and in every part of a
/// choice, so a misspelt field is an error rather than silently ignored.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// Who decides.
    pub seat: Seat,
    /// What.
    #[serde(deserialize_with = "choice_without_unknown_fields")]
    pub choice: Choice,
}

/// A choice that refuses unknown fields. serde's `deny_unknown_fields` covers the choices
/// with fields; the field-less ones (`declare_end`, `pass`, `end_declaration`) are checked
/// here, since an internally tagged unit variant ignores whatever else its object holds.
fn choice_without_unknown_fields<'de, D: Deserializer<'de>>(d: D) -> Result<Choice, D::Error> {
    let value = serde_json::Value::deserialize(d)?;
    if let Some(map) = value.as_object() {
        let kind = map.get("type").and_then(|t| t.as_str()).unwrap_or_default();
        let unit = [Choice::DeclareEnd, Choice::Pass, Choice::EndDeclaration]
            .iter()
            .any(|c| c.name() == kind);
        if let Some(extra) = map.keys().find(|k| unit && k.as_str() != "type") {
            return Err(D::Error::custom(format!(
                "unknown field `{extra}`: a `{kind}` choice has no fields"
            )));
        }
    }
    Choice::deserialize(value).map_err(D::Error::custom)
}

impl Action {
    /// An action of `seat`.
    pub fn new(seat: Seat, choice: Choice) -> Action {
        Action { seat, choice }
    }
}

impl Choice {
    /// The decision's name, for error messages.
    pub fn name(&self) -> &'static str {
        match self {
            Choice::ChooseBoard { .. } => "choose_board",
            Choice::PickEquipment { .. } => "pick_equipment",
            Choice::PlaceInitialDefense { .. } => "place_initial_defense",
            Choice::PlaceMana { .. } => "place_mana",
            Choice::PlaceNumber { .. } => "place_number",
            Choice::SummonExtra { .. } => "summon_extra",
            Choice::SummonToughness { .. } => "summon_toughness",
            Choice::SummonBossOneTurn { .. } => "summon_boss_one_turn",
            Choice::SummonBossPermanent { .. } => "summon_boss_permanent",
            Choice::UseBoardSkill { .. } => "use_board_skill",
            Choice::UseSkill { .. } => "use_skill",
            Choice::DeclareEnd => "declare_end",
            Choice::Pass => "pass",
            Choice::PlayBattleCard { .. } => "play_battle_card",
            Choice::DeclareAttack { .. } => "declare_attack",
            Choice::ExtraHeal { .. } => "extra_heal",
            Choice::EndDeclaration => "end_declaration",
            Choice::FlameOfWrath { .. } => "flame_of_wrath",
            Choice::FlameTarget { .. } => "flame_target",
            Choice::AssignGuard { .. } => "assign_guard",
            Choice::Resurrection { .. } => "resurrection",
            Choice::DragonTrap { .. } => "dragon_trap",
            Choice::TrapGuard { .. } => "trap_guard",
        }
    }
}
