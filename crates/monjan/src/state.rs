//! The game state, its serialized form and the checks that make a loaded state safe.

use crate::action::{Col, Side, SummonBy, Unit};
use crate::cards::{Attribute, BoardDef, BoardEffect, CardClass, CardId, CardInfo, CardSet};
use crate::config::{BoardAssignment, Config, DeckEtSelection, EditTurnMode, MAX_ROUNDS_LIMIT};
use crate::error::Error;
use crate::event::Event;
pub use crate::frozen::Frozen;
pub(crate) use crate::frozen::Spare;
use fuda_core::{
    insert_sorted, remove_sorted, ArrayVec, GameRng, Outcome, Pile, Seat, SeatSet, Shared,
    SmallVec, TinyVec,
};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Cards dealt to each player (MC-3.10 (5)).
pub const DEAL: usize = 10;
/// Cost of a one-turn Boss-Assassin summon (MC-5.8).
pub const ONE_TURN_COST: u8 = 3;
/// Cost of a permanent Boss-Assassin summon (MC-5.9).
pub const PERMANENT_COST: u8 = 5;
/// Highest life (MC-3.7).
pub const MAX_LIFE: u8 = 16;
/// The most procedure steps a state may hold (a handful are ever pending; a loaded state
/// with more is refused).
const MAX_TASKS: usize = 64;
/// The most withheld events a simultaneous edit turn may hold: each player makes a handful
/// of edit actions, each a few events.
const MAX_WITHHELD: usize = 4096;

// Inline capacities of the state's lists (issue 14): a clone is one memcpy as long as no
// list outgrows its capacity. The bounds come from the rules and the sample set (§12(c):
// 80 number, 20 battle, 15 Boss-Assassin, 18 Extra and 14 Toughness cards) and were checked
// against 900 random games of 2 to 4 players; a bigger custom set, or a long game that
// outgrows a bound, spills that list to the heap (slower, still correct).

/// Hand cards held inline. There is no hand limit (MC-6.14 (6)): 10 dealt (MC-3.10 (5))
/// plus the picks and draws; random games of the sample set stay at 15 or fewer.
pub const HAND_INLINE: usize = 16;
/// Known hand cards held inline: the open picks (at most 3, MC-10.2) plus a Tea Party card.
pub const KNOWN_INLINE: usize = 4;
/// Mana cards of one column held inline: one placement per edit turn (MC-5.4) and the
/// spent ones leave at cleanup (MC-4.5); random games stay at 7 or fewer.
pub const MANA_INLINE: usize = 8;
/// One-turn Boss-Assassins held inline: one summon per edit turn (MC-5.8) plus one kept by
/// Recycling Activity (MC-4.5 (2)).
pub const ONE_TURN_INLINE: usize = 2;
/// Resurrected cards held inline (Hell's Resurrection Rite, at most 4 per game by
/// `resurrection_cap_scope`).
pub const RESURRECTED_INLINE: usize = 4;
/// Per-game E/T skill counters held inline: one per limited skill used (random games stay
/// at 5 or fewer).
pub const SKILL_USES_INLINE: usize = 6;
/// Top cards an Extra is tied to, held inline: at most one per column.
pub const MATCHED_INLINE: usize = 3;
/// Main-deck and main-discard cards held inline: 100 Monjan cards plus at most 25 E/T
/// cards of the format (MC-3.10 (4), MC-10.2).
pub const MAIN_INLINE: usize = 128;
/// Boss-Assassin deck and discard cards held inline: the sample set's 15.
pub const BOSS_INLINE: usize = 16;
/// E/T cards held inline (ET deck, ET discard, pool, unused): the sample set's 18 Extra
/// and 14 Toughness cards.
pub const ET_INLINE: usize = 32;
/// Seats held inline: at most 4 players (MC-3.10 (1)).
pub const SEATS_INLINE: usize = 4;
/// Players held inline: two, the default table (a state of 3 or 4 players keeps its
/// players on the heap, one allocation a clone: issue 14's allowance). Holding four made
/// every two-player state 840 bytes bigger.
pub const PLAYERS_INLINE: usize = 2;
/// Attacks of one step held inline: one per attack-capable card of the attacker (3 slots,
/// an Extra, one-turn and resurrected cards); random games stay at 5 or fewer.
pub const ATTACKS_INLINE: usize = 8;
/// Cards that attacked or healed in one battle turn, held inline (random games stay at 8
/// or fewer with 4 players).
pub const USED_UNITS_INLINE: usize = 12;
/// Procedure steps held inline: a handful are ever pending (random games stay at 5).
const TASKS_INLINE: usize = 8;

/// A list of cards with `N` held inline.
pub type Cards<const N: usize> = TinyVec<[CardId; N]>;
/// A list of seats: at most 4 players (MC-3.10 (1)), so a fixed list, copied with the
/// state (a list read from JSON with more is refused).
pub type Seats = ArrayVec<[Seat; SEATS_INLINE]>;

/// The rules of one game: configuration and card set, shared by every state of the game.
#[derive(Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub cards: CardSet,
    pub n: usize,
    /// The E/T pool of the game, computed once (setup reads it inside `apply`).
    pub et: Vec<CardId>,
    /// The printed names of each board's left and right skill, shared with the events
    /// that name them (so an event names a skill without allocating).
    pub skill_names: Vec<[Arc<str>; 2]>,
}

/// A shared handle to the rules.
#[derive(Clone, Debug)]
pub(crate) struct RulesRef(pub Shared<Rules>);

impl PartialEq for RulesRef {
    fn eq(&self, other: &Self) -> bool {
        Shared::ptr_eq(&self.0, &other.0) || self.0.config == other.0.config
    }
}
impl Eq for RulesRef {}
impl Hash for RulesRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.n.hash(state);
    }
}

impl Rules {
    /// Validates a configuration and builds the rules.
    pub fn new(config: &Config) -> Result<Rules, Error> {
        let n = config.num_players;
        if !(2..=4).contains(&n) {
            return Err(Error::config(
                "num_players",
                format!("{n} players; Monjan Colosseum seats 2 to 4"),
            ));
        }
        let cards = config.cards();
        if cards.boards().len() < usize::from(n) {
            return Err(Error::config(
                "card_set",
                format!("{} boards for {n} players", cards.boards().len()),
            ));
        }
        let numbers = cards
            .ids()
            .filter(|c| cards.info(*c).map(|i| i.class) == Some(CardClass::Number))
            .count();
        if numbers < 20 * usize::from(n) / 2 + 10 {
            return Err(Error::config(
                "card_set",
                format!("{numbers} number cards are too few for {n} players"),
            ));
        }
        let bosses = cards
            .ids()
            .filter(|c| cards.info(*c).map(|i| i.class) == Some(CardClass::BossAssa))
            .count();
        if bosses == 0 {
            return Err(Error::config(
                "card_set",
                "the set has no Boss-Assassin card",
            ));
        }
        if let BoardAssignment::Fixed(ids) = &config.board_assignment {
            if ids.len() != usize::from(n) {
                return Err(Error::config(
                    "board_assignment",
                    format!("{} boards listed for {n} players", ids.len()),
                ));
            }
            for (i, id) in ids.iter().enumerate() {
                if cards.board_index(id).is_none() {
                    return Err(Error::config(
                        "board_assignment",
                        format!("`{id}` is not a board of the set"),
                    ));
                }
                if ids[..i].contains(id) {
                    return Err(Error::config(
                        "board_assignment",
                        format!("`{id}` is listed twice; every board is different"),
                    ));
                }
            }
        }
        let skill_names = cards
            .boards()
            .iter()
            .map(|b| {
                [
                    Arc::from(b.left.name.as_str()),
                    Arc::from(b.right.name.as_str()),
                ]
            })
            .collect();
        let mut rules = Rules {
            config: config.clone(),
            cards: cards.clone(),
            n: usize::from(n),
            et: Vec::new(),
            skill_names,
        };
        let pool = rules.et_pool()?;
        rules.et = pool.clone();
        let fmt = config.match_format;
        let ie = pool
            .iter()
            .filter(|c| rules.info(**c).is_some_and(|i| i.initial_equipment))
            .count();
        if ie < fmt.picks() * usize::from(n) {
            return Err(Error::config(
                "et_pool",
                format!(
                    "{ie} initial-equipment cards; {} picks are needed",
                    fmt.picks() * usize::from(n)
                ),
            ));
        }
        let left = pool.len() - fmt.picks() * usize::from(n);
        if fmt.deck_et() > 0 {
            let avail = if fmt.picks() > 0 { left } else { pool.len() };
            if avail < fmt.deck_et() {
                return Err(Error::config(
                    "et_pool",
                    format!("{avail} E/T cards; the format needs {}", fmt.deck_et()),
                ));
            }
            if let DeckEtSelection::Explicit(list) = &config.deck_et_selection {
                if list.len() != fmt.deck_et() {
                    return Err(Error::config(
                        "deck_et_selection",
                        format!(
                            "{} cards listed; the format needs {}",
                            list.len(),
                            fmt.deck_et()
                        ),
                    ));
                }
                for id in list {
                    if rules.cards.instances(id).is_empty() {
                        return Err(Error::config(
                            "deck_et_selection",
                            format!("`{id}` is not a card of the set"),
                        ));
                    }
                }
            }
        }
        if !(1..=MAX_ROUNDS_LIMIT).contains(&config.max_rounds) {
            return Err(Error::config(
                "max_rounds",
                format!(
                    "{} rounds; the bound is 1 to {MAX_ROUNDS_LIMIT}",
                    config.max_rounds
                ),
            ));
        }
        if config.edit_turn_total_cap == Some(0) {
            return Err(Error::config(
                "edit_turn_total_cap",
                "must be at least 1 when set",
            ));
        }
        if config.edit_turn_mode == EditTurnMode::Simultaneous {
            // MC-4.6 (4): edit effects may not touch other players' cards. The effect
            // vocabulary allows Kill only in battle (checked by the card loader), so every
            // edit effect of a valid set is own-cards-only.
        }
        Ok(rules)
    }

    pub fn info(&self, c: CardId) -> Option<&CardInfo> {
        self.cards.info(c)
    }

    pub fn class(&self, c: CardId) -> Option<CardClass> {
        self.info(c).map(|i| i.class)
    }

    pub fn value(&self, c: CardId) -> u8 {
        self.info(c).map_or(0, |i| i.value)
    }

    pub fn attribute(&self, c: CardId) -> Option<Attribute> {
        self.info(c).and_then(|i| i.attribute)
    }

    pub fn board(&self, b: u8) -> Option<&BoardDef> {
        self.cards.board(b)
    }

    /// The E/T pool of the game (instances), in id order.
    pub fn et_pool(&self) -> Result<Vec<CardId>, Error> {
        if !self.config.match_format.uses_et() {
            return Ok(Vec::new());
        }
        match &self.config.et_pool {
            None => Ok(self
                .cards
                .ids()
                .filter(|c| self.class(*c).is_some_and(CardClass::is_et))
                .collect()),
            Some(list) => {
                // Each definition at most once, so the checks below stay linear in the set.
                if list.len() > self.cards.len() {
                    return Err(Error::config(
                        "et_pool",
                        format!(
                            "{} entries; the set has {} cards",
                            list.len(),
                            self.cards.len()
                        ),
                    ));
                }
                let mut out = Vec::new();
                for (id, count) in list {
                    let inst = self.cards.instances(id);
                    if inst.is_empty() || !self.class(inst[0]).is_some_and(CardClass::is_et) {
                        return Err(Error::config(
                            "et_pool",
                            format!("`{id}` is not an Extra or Toughness card of the set"),
                        ));
                    }
                    if usize::from(*count) > inst.len() {
                        return Err(Error::config(
                            "et_pool",
                            format!("{count} copies of `{id}`; the set has {}", inst.len()),
                        ));
                    }
                    for c in inst.into_iter().take(usize::from(*count)) {
                        if out.contains(&c) {
                            return Err(Error::config(
                                "et_pool",
                                format!("`{id}` is listed twice"),
                            ));
                        }
                        out.push(c);
                    }
                }
                out.sort_unstable();
                Ok(out)
            }
        }
    }
}

/// A card on a mana stack.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mana {
    /// The physical card.
    pub card: CardId,
    /// Turned into an Element by a column defeat (MC-6.6).
    pub element: bool,
    /// Placed face down (revealed at the battle turn).
    pub face_down: bool,
    /// Spent this round (discarded at cleanup).
    pub spent: bool,
}

/// What holds a live defense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefCard {
    /// A number card.
    Number(CardId),
    /// The permanent Boss-Assassin in the column's attack slot.
    Boss,
    /// A revived defense with no card.
    Revived,
}

/// The defense state of a column (MC-3.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum Defense {
    /// No defense yet.
    #[default]
    Empty,
    /// Life ≥ 1.
    Live {
        /// What holds it.
        card: DefCard,
        /// Printed life (heal cap).
        printed: u8,
        /// Current life.
        life: u8,
    },
    /// Life reached 0.
    Defeated,
}

impl Defense {
    /// Whether the defense is Live.
    pub fn is_live(self) -> bool {
        matches!(self, Defense::Live { .. })
    }
}

/// What kind of card fills an attack slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotKind {
    /// A number card.
    Number,
    /// A Toughness card.
    Toughness,
    /// A permanent Boss-Assassin.
    Boss,
}

/// A card in an attack slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SlotCard {
    /// The card.
    pub card: CardId,
    /// Its kind.
    pub kind: SlotKind,
    /// Face down (Toughness only).
    pub face_down: bool,
}

/// One column of a status board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    /// Attack slot.
    pub attack: Option<SlotCard>,
    /// Defense slot.
    pub defense: Defense,
    /// This defense was defeated at least once (stays after a revival).
    pub ever_defeated: bool,
    /// The mana stack, bottom first.
    pub mana: TinyVec<[Mana; MANA_INLINE]>,
    /// The protected bottom card has paid this round (MC-6.2).
    pub bottom_used: bool,
    /// The defense card of a just-defeated column, waiting for the conversion (MC-6.5).
    pub fallen: Option<CardId>,
}

impl Column {
    pub(crate) fn new() -> Column {
        Column {
            attack: None,
            defense: Defense::Empty,
            ever_defeated: false,
            mana: TinyVec::new(),
            bottom_used: false,
            fallen: None,
        }
    }

    /// The top mana card.
    pub fn top(&self) -> Option<&Mana> {
        self.mana.last()
    }
}

/// A one-turn Boss-Assassin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OneTurn {
    /// The card.
    pub card: CardId,
    /// Face down.
    pub face_down: bool,
    /// Recycling Activity was used on it (once per card).
    pub extended: bool,
    /// It survives the next cleanup.
    pub stays: bool,
}

/// The Extra on a player's field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldExtra {
    /// The card.
    pub card: CardId,
    /// Face down.
    pub face_down: bool,
    /// The top cards it is tied to: those that met the condition at summon
    /// (`SpecificCard`), or the number card that summoned it (`BySummon`).
    pub matched: Cards<MATCHED_INLINE>,
    /// The condition that summoned it (`BySummon` tracking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<SummonBy>,
}

/// The defense-death supply of one side column (MC-6.14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supply {
    /// Never granted.
    #[default]
    None,
    /// Due at the next opening draw.
    Pending,
    /// Drawn (or forfeited); never again for this column.
    Granted,
}

/// What a player has done in the current edit / battle turn (limits of §5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnUse {
    /// MC-5.4 done.
    pub mana: bool,
    /// A number card went into an attack slot.
    pub number_attack: bool,
    /// A number card went into a defense slot.
    pub number_defense: bool,
    /// MC-5.6 done.
    pub extra: bool,
    /// MC-5.7 done.
    pub toughness: bool,
    /// MC-5.8 / 5.9 done.
    pub boss: bool,
    /// The edit skill of this edit turn is used.
    pub edit_skill: bool,
    /// The battle skill of this battle turn is used.
    pub battle_skill: bool,
    /// Placements counted by `edit_turn_total_cap`.
    pub placements: u8,
    /// The one-turn Assassin summoned this edit turn (Recycling Activity).
    pub assassin: Option<CardId>,
    /// DeclareEnd given this edit turn.
    pub ended: bool,
}

/// One player's zones and counters.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Board index in the card set (`None` before the board draft).
    pub board: Option<u8>,
    /// Still in the game.
    pub alive: bool,
    /// Hand, in id order.
    pub hand: Cards<HAND_INLINE>,
    /// Hand cards every player knows (open draft picks, Tea Party).
    pub known: Cards<KNOWN_INLINE>,
    /// Columns L, M, R.
    pub cols: [Column; 3],
    /// The Extra on the field.
    pub extra: Option<FieldExtra>,
    /// One-turn Boss-Assassins.
    pub one_turn: TinyVec<[OneTurn; ONE_TURN_INLINE]>,
    /// Resurrected cards (Hell's Resurrection Rite), value 1.
    pub resurrected: Cards<RESURRECTED_INLINE>,
    /// Supplies of L and R.
    pub supply: [Supply; 2],
    /// Limits of the current turn.
    pub uses: TurnUse,
    /// Uses of the left / right board skill this game.
    pub board_uses: [u8; 2],
    /// Per-game uses of E/T skills: (definition index, skill index, uses).
    pub skill_uses: TinyVec<[(u16, u8, u8); SKILL_USES_INLINE]>,
    /// Resurrections this game.
    pub resurrections: u8,
    /// The player's last die result (public, MC-8 table).
    pub last_roll: Option<u8>,
}

/// Cloned field by field, the columns one by one: the derived clone of `[Column; 3]` goes
/// through the standard library's generic array clone, which cost more than the columns
/// themselves (issue 14).
impl Clone for Player {
    fn clone(&self) -> Player {
        let [l, m, r] = &self.cols;
        Player {
            board: self.board,
            alive: self.alive,
            hand: self.hand.clone(),
            known: self.known.clone(),
            cols: [l.clone(), m.clone(), r.clone()],
            extra: self.extra.clone(),
            one_turn: self.one_turn.clone(),
            resurrected: self.resurrected.clone(),
            supply: self.supply,
            uses: self.uses,
            board_uses: self.board_uses,
            skill_uses: self.skill_uses.clone(),
            resurrections: self.resurrections,
            last_roll: self.last_roll,
        }
    }
}

impl Player {
    pub(crate) fn new() -> Player {
        Player {
            board: None,
            alive: true,
            hand: TinyVec::new(),
            known: TinyVec::new(),
            cols: [Column::new(), Column::new(), Column::new()],
            extra: None,
            one_turn: TinyVec::new(),
            resurrected: TinyVec::new(),
            supply: [Supply::None; 2],
            uses: TurnUse::default(),
            board_uses: [0; 2],
            skill_uses: TinyVec::new(),
            resurrections: 0,
            last_roll: None,
        }
    }

    /// A column.
    pub fn col(&self, c: Col) -> &Column {
        &self.cols[c.index()]
    }

    pub(crate) fn col_mut(&mut self, c: Col) -> &mut Column {
        &mut self.cols[c.index()]
    }

    /// The card at a unit position.
    pub fn unit_card(&self, u: Unit) -> Option<CardId> {
        match u {
            Unit::Slot(c) => self.col(c).attack.map(|s| s.card),
            Unit::Extra => self.extra.as_ref().map(|e| e.card),
            Unit::OneTurn(i) => self.one_turn.get(usize::from(i)).map(|o| o.card),
            Unit::Resurrected(i) => self.resurrected.get(usize::from(i)).copied(),
        }
    }

    /// Where a card sits among the player's units.
    pub fn locate(&self, card: CardId) -> Option<Unit> {
        for c in Col::ALL {
            if self.col(c).attack.is_some_and(|s| s.card == card) {
                return Some(Unit::Slot(c));
            }
        }
        if self.extra.as_ref().is_some_and(|e| e.card == card) {
            return Some(Unit::Extra);
        }
        if let Some(i) = self.one_turn.iter().position(|o| o.card == card) {
            return Some(Unit::OneTurn(i as u8));
        }
        self.resurrected
            .iter()
            .position(|c| *c == card)
            .map(|i| Unit::Resurrected(i as u8))
    }

    /// Whether a side's board skill is unlocked (its defense was defeated, MC-6.11 (3)).
    pub fn unlocked(&self, side: Side) -> bool {
        self.col(side.col()).ever_defeated
    }

    pub(crate) fn remove_from_hand(&mut self, card: CardId) -> bool {
        let held = remove_sorted(&mut self.hand, card);
        if held {
            self.known.retain(|c| *c != card);
        }
        held
    }

    /// Counts one use of a board skill (saturating: an unlimited skill may be used in
    /// every turn of a long game).
    pub(crate) fn count_board_use(&mut self, side: Side) {
        let n = &mut self.board_uses[side.index()];
        *n = n.saturating_add(1);
    }

    pub(crate) fn add_to_hand(&mut self, card: CardId) {
        insert_sorted(&mut self.hand, card);
    }
}

/// Which battle-turn window (MC-4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// Before the declaration.
    W1,
    /// After the guards.
    W2,
}

/// An open window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Window {
    /// Which one.
    pub kind: WindowKind,
    /// Who holds priority.
    pub holder: Seat,
    /// Passes in succession.
    pub passes: u8,
}

/// What guards an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    /// A defense.
    Defense(Col),
    /// A card of the defender.
    Card(CardId),
}

/// One declared attack of the current step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking card.
    pub source: CardId,
    /// The opponent attacked.
    pub target: Seat,
    /// Base value.
    pub value: u8,
    /// AddAttack bonuses.
    pub bonus: u8,
    /// Nullified (One-Night Castle).
    pub nullified: bool,
    /// Its guard.
    pub guard: Option<Guard>,
    /// Resolved (or lapsed).
    pub done: bool,
    /// Life it took from a defense.
    pub damage: u8,
}

impl Attack {
    /// Value with bonuses.
    pub fn total(&self) -> u8 {
        self.value.saturating_add(self.bonus)
    }
}

/// A trigger decision under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// Resurrection for the defense of (seat, col).
    Resurrect {
        /// Defense owner.
        seat: Seat,
        /// Column.
        col: Col,
    },
    /// Dragon Trap after attack `attack`.
    Trap {
        /// Attack index.
        attack: u8,
    },
    /// The reflected attack of this value awaits the attacker's guard.
    TrapGuard {
        /// Value.
        value: u8,
    },
}

/// The battle turn under way.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Battle {
    /// Battle order (MC-6.3), fixed for the turn.
    pub order: Seats,
    /// Index of the current attacker in `order`.
    pub step: u8,
    /// The current step's attacks, in resolution order.
    pub attacks: TinyVec<[Attack; ATTACKS_INLINE]>,
    /// Cards that attacked (or healed) this battle turn.
    pub used_units: Cards<USED_UNITS_INLINE>,
    /// Defenders already asked about Flame of Wrath this step.
    pub flame_asked: SeatSet,
    /// Flame of Wrath: (defender, absorbing card).
    pub flame: Option<(Seat, CardId)>,
    /// Open window.
    pub window: Option<Window>,
    /// Trigger under way.
    pub trigger: Option<Trigger>,
    /// Guards have been assigned for this step (MC-5.18 applies from then on).
    pub guards_done: bool,
}

impl Battle {
    /// The current attacker.
    pub fn attacker(&self) -> Option<Seat> {
        self.order.get(usize::from(self.step)).copied()
    }

    /// Position in battle order.
    pub fn rank(&self, seat: Seat) -> usize {
        self.order
            .iter()
            .position(|s| *s == seat)
            .unwrap_or(usize::MAX)
    }
}

/// The decision the game waits for, and whose it is. Public (MC-8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Pending {
    /// MC-5.1.
    ChooseBoard {
        /// Who.
        seat: Seat,
    },
    /// MC-5.2.
    Pick {
        /// Who.
        seat: Seat,
    },
    /// The edit turn: every member of the edit set may act.
    Edit,
    /// A battle window (MC-5.12).
    Window {
        /// Priority holder.
        seat: Seat,
    },
    /// MC-5.13.
    Declare {
        /// Attacker.
        seat: Seat,
    },
    /// MC-5.15 use or decline.
    Flame {
        /// Defender.
        seat: Seat,
    },
    /// MC-5.15 choice of the absorbing card.
    FlameTarget {
        /// Defender.
        seat: Seat,
    },
    /// MC-5.14 / MC-5.18.
    Guard {
        /// Defender.
        seat: Seat,
    },
    /// MC-5.17.
    Resurrect {
        /// Frehheim's owner.
        seat: Seat,
    },
    /// MC-5.16 use or decline.
    DragonTrap {
        /// Defender.
        seat: Seat,
    },
    /// MC-5.16 the attacker's guard.
    TrapGuard {
        /// Attacker.
        seat: Seat,
    },
    /// The game is over.
    GameOver,
}

impl Pending {
    /// The single seat deciding (`None` for the edit turn and at game end).
    pub fn seat(self) -> Option<Seat> {
        match self {
            Pending::ChooseBoard { seat }
            | Pending::Pick { seat }
            | Pending::Window { seat }
            | Pending::Declare { seat }
            | Pending::Flame { seat }
            | Pending::FlameTarget { seat }
            | Pending::Guard { seat }
            | Pending::Resurrect { seat }
            | Pending::DragonTrap { seat }
            | Pending::TrapGuard { seat } => Some(seat),
            Pending::Edit | Pending::GameOver => None,
        }
    }
}

/// A step of a rules procedure still to run (kept in the state so the game can stop for
/// any player's decision and resume).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub(crate) enum Task {
    /// Deal and redeal, then round 1 (MC-3.10 (4)–(7)).
    #[default]
    FinishSetup,
    /// MC-4.2 / MC-4.3: a new round's edit turn.
    BeginRound,
    /// MC-4.3: the next player of a sequential edit turn.
    SequentialNext,
    /// MC-4.4 (1)–(2).
    BeginBattle,
    /// MC-4.4 (3): the current attacker's step.
    BeginStep,
    /// Open a window.
    Window { kind: WindowKind },
    /// Ask for the declaration.
    Declare,
    /// Flame decisions and guards.
    Guards,
    /// Resolve the next attack.
    Resolve,
    /// End of the step.
    EndStep,
    /// MC-6.5 steps (1)–(2).
    Defeated { seat: Seat, col: Col },
    /// MC-6.5 steps (3)–(5) / MC-6.7.
    AfterDefeat { seat: Seat, col: Col },
    /// Dragon Trap eligibility after an attack.
    TrapCheck { attack: u8 },
    /// MC-4.5.
    Cleanup,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Boards and picks.
    Setup,
    /// Edit turn.
    Edit,
    /// Battle turn.
    Battle,
    /// Game over.
    Over,
}

/// The full state of a game, hidden information included. Its JSON form is validated on
/// load, so a tampered file gives [`Error::InvalidState`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StateData", try_from = "StateData")]
pub struct State {
    pub(crate) rules: RulesRef,
    pub(crate) d: StateCore,
}

/// Everything of a state except the shared rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StateCore {
    pub rng: GameRng,
    pub phase: Phase,
    pub round: u32,
    /// One per seat (at most 4, held inline).
    pub players: Players,
    pub main_deck: Pile<CardId, MAIN_INLINE>,
    pub main_discard: Cards<MAIN_INLINE>,
    pub boss_deck: Pile<CardId, BOSS_INLINE>,
    pub boss_discard: Cards<BOSS_INLINE>,
    pub et_deck: Pile<CardId, ET_INLINE>,
    pub et_discard: Cards<ET_INLINE>,
    /// Initial-equipment pool during picks (face up in draft mode).
    pub pool: Cards<ET_INLINE>,
    /// E/T cards not used by the format (out of the game).
    pub unused: Cards<ET_INLINE>,
    /// Rock-paper-scissors order.
    pub rps: Seats,
    /// Picks / board choices made so far.
    pub setup_step: u16,
    /// The edit set.
    pub edit_set: SeatSet,
    /// Sequential edit order and position.
    pub seq_order: Seats,
    pub seq_index: u8,
    /// The last battle order (MC-4.3).
    pub last_order: Seats,
    pub frozen: Option<Frozen>,
    /// Room for the next edit set's frozen views (not game data: never compared or saved).
    #[serde(skip)]
    pub spare: Spare,
    /// The events of the simultaneous edit turn so far, each `Hidden` for its seat, to be
    /// disclosed to the others when the edit set empties (MC-4.6 (6)).
    #[serde(default, skip_serializing_if = "SmallVec::is_empty")]
    pub withheld: SmallVec<[Withheld; WITHHELD_INLINE]>,
    pub battle: Option<Battle>,
    pub tasks: TinyVec<[Task; TASKS_INLINE]>,
    pub pending: Pending,
    /// Eliminated players, first out first.
    pub eliminated: Seats,
    pub outcome: Option<Outcome>,
}

/// The players, one per seat: two held inline, more on the heap.
///
/// Cloned by hand: the two inline players are cloned straight into the new list, where
/// `SmallVec`'s own clone moves each one through an iterator (a 416-byte copy per move),
/// which made the players most of a state's clone (issue 14).
#[derive(Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub(crate) struct Players(pub SmallVec<[Player; PLAYERS_INLINE]>);

impl Clone for Players {
    fn clone(&self) -> Players {
        match self.0.as_slice() {
            [a, b] if !self.0.spilled() => Players(SmallVec::from_buf([a.clone(), b.clone()])),
            all => Players(all.iter().cloned().collect()),
        }
    }
}

impl std::ops::Deref for Players {
    type Target = SmallVec<[Player; PLAYERS_INLINE]>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Players {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl FromIterator<Player> for Players {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Players {
        Players(iter.into_iter().collect())
    }
}

/// Withheld events held inline: a handful of edit actions per player, each an event or two
/// (random games stay at 11 or fewer with 2 players, 17 with 4).
const WITHHELD_INLINE: usize = 16;

/// One withheld event of a simultaneous edit turn: `event` is shown to `seat` only, until
/// the edit set empties (MC-4.6). Kept without the box of [`Event::Hidden`] so that
/// recording it allocates nothing (issue 14); its JSON is that `hidden` event's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Withheld {
    /// The event of a seat.
    Hidden {
        /// Whose.
        seat: Seat,
        /// The event.
        event: Event,
    },
    /// Any other event read from JSON (refused by [`State::validate`]).
    Other(Box<Event>),
}

impl Serialize for Withheld {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Withheld::Hidden { seat, event } => Event::Hidden {
                seat: *seat,
                event: Box::new(event.clone()),
            }
            .serialize(s),
            Withheld::Other(e) => e.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Withheld {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Withheld, D::Error> {
        Ok(match Event::deserialize(d)? {
            Event::Hidden { seat, event } => Withheld::Hidden {
                seat,
                event: *event,
            },
            other => Withheld::Other(Box::new(other)),
        })
    }
}

/// The serialized form of [`State`]: configuration plus the state's data.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateData {
    config: Config,
    state: serde_json::Value,
}

impl From<State> for StateData {
    fn from(s: State) -> StateData {
        StateData {
            config: s.rules.0.config.clone(),
            state: serde_json::to_value(&s.d).unwrap_or_default(),
        }
    }
}

impl TryFrom<StateData> for State {
    type Error = Error;
    fn try_from(d: StateData) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&d.config)?;
        let core: StateCore = serde_json::from_value(d.state)
            .map_err(|e| Error::state(format!("malformed state: {e}")))?;
        let mut s = State {
            rules: RulesRef(rules),
            d: core,
        };
        if s.d.frozen.is_some() {
            // The frozen views were read; the true piles were not seen through them yet.
            let truth = crate::view::piles_view(&s);
            if let Some(f) = s.d.frozen.as_mut() {
                f.anchor_truth(&truth).map_err(Error::state)?;
            }
        }
        s.validate()?;
        Ok(s)
    }
}

impl State {
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules.0
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.rules.0.config
    }

    /// The card set.
    pub fn cards(&self) -> &CardSet {
        &self.rules.0.cards
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.rules.0.n
    }

    /// The current round (1 = first).
    pub fn round(&self) -> u32 {
        self.d.round
    }

    /// Setup, edit turn, battle turn or over.
    pub fn phase(&self) -> Phase {
        self.d.phase
    }

    /// The decision awaited.
    pub fn pending(&self) -> Pending {
        self.d.pending
    }

    /// Who may act now.
    pub fn to_act(&self) -> SeatSet {
        match self.d.pending {
            Pending::Edit => self.d.edit_set,
            p => p.seat().map_or(SeatSet::EMPTY, SeatSet::only),
        }
    }

    /// A player's zones (hidden information included: use views for front ends).
    pub fn player(&self, seat: Seat) -> Option<&Player> {
        self.d.players.get(seat.index())
    }

    pub(crate) fn p(&self, seat: Seat) -> &Player {
        // Seats are validated before they reach rules code; seat 0 exists in every game.
        self.d
            .players
            .get(seat.index())
            .unwrap_or(&self.d.players[0])
    }

    pub(crate) fn pm(&mut self, seat: Seat) -> &mut Player {
        let i = if seat.index() < self.d.players.len() {
            seat.index()
        } else {
            0
        };
        &mut self.d.players[i]
    }

    /// The board of a player.
    pub fn board_of(&self, seat: Seat) -> Option<&BoardDef> {
        self.p(seat).board.and_then(|b| self.rules().board(b))
    }

    /// The board skill effect on a side of a player's board.
    pub fn board_effect(&self, seat: Seat, side: Side) -> Option<BoardEffect> {
        self.board_of(seat).map(|b| match side {
            Side::Left => b.left.effect,
            Side::Right => b.right.effect,
        })
    }

    /// The battle turn under way.
    pub fn battle(&self) -> Option<&Battle> {
        self.d.battle.as_ref()
    }

    /// Main deck, bottom first (hidden).
    pub fn main_deck(&self) -> &[CardId] {
        self.d.main_deck.as_slice()
    }

    /// ET deck, bottom first (hidden).
    pub fn et_deck(&self) -> &[CardId] {
        self.d.et_deck.as_slice()
    }

    /// Boss-Assassin deck, bottom first (hidden).
    pub fn boss_deck(&self) -> &[CardId] {
        self.d.boss_deck.as_slice()
    }

    /// Main discard pile.
    pub fn main_discard(&self) -> &[CardId] {
        &self.d.main_discard
    }

    /// Boss-Assassin discard pile.
    pub fn boss_discard(&self) -> &[CardId] {
        &self.d.boss_discard
    }

    /// ET discard pile.
    pub fn et_discard(&self) -> &[CardId] {
        &self.d.et_discard
    }

    /// The initial-equipment pool during picks.
    pub fn pool(&self) -> &[CardId] {
        &self.d.pool
    }

    /// The edit set.
    pub fn edit_set(&self) -> SeatSet {
        self.d.edit_set
    }

    /// Eliminated players, first out first.
    pub fn eliminated(&self) -> &[Seat] {
        &self.d.eliminated
    }

    /// Placings: groups of seats sharing a place, best first (MC-7.2, MC-7.3).
    pub fn placings(&self) -> Vec<Vec<Seat>> {
        let alive: Vec<Seat> = (0..self.num_players())
            .map(|i| Seat(i as u8))
            .filter(|s| self.p(*s).alive)
            .collect();
        let mut out = Vec::new();
        if !alive.is_empty() {
            out.push(alive);
        }
        for s in self.d.eliminated.iter().rev() {
            out.push(vec![*s]);
        }
        out
    }

    /// How the game ended.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.d.outcome.as_ref()
    }

    /// Alive seats in seat order.
    pub fn alive(&self) -> impl Iterator<Item = Seat> + '_ {
        self.d
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.alive)
            .map(|(i, _)| Seat(i as u8))
    }

    /// Every card in every zone, in no particular order.
    pub(crate) fn all_cards(&self) -> Vec<CardId> {
        let d = &self.d;
        let mut all = Vec::with_capacity(self.cards().len());
        all.extend(d.main_deck.iter());
        all.extend(d.boss_deck.iter());
        all.extend(d.et_deck.iter());
        all.extend(&d.main_discard);
        all.extend(&d.boss_discard);
        all.extend(&d.et_discard);
        all.extend(&d.pool);
        all.extend(&d.unused);
        for p in d.players.iter() {
            all.extend(&p.hand);
            for c in &p.cols {
                all.extend(c.attack.map(|a| a.card));
                if let Defense::Live {
                    card: DefCard::Number(x),
                    ..
                } = c.defense
                {
                    all.push(x);
                }
                all.extend(c.mana.iter().map(|m| m.card));
                all.extend(c.fallen);
            }
            all.extend(p.extra.as_ref().map(|e| e.card));
            all.extend(p.one_turn.iter().map(|o| o.card));
            all.extend(&p.resurrected);
        }
        all
    }

    /// Checks the invariants a loaded state must keep, so no later step can index out of
    /// range, lose a card or panic.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        let n = self.num_players();
        let d = &self.d;
        if d.players.len() != n {
            return Err(Error::state(format!("expected {n} players")));
        }
        let seat_ok = |s: Seat, what: &str| {
            if s.index() < n {
                Ok(())
            } else {
                Err(Error::state(format!("{what} names {s}, not a seat")))
            }
        };
        let total = self.cards().len();
        let mut seen = vec![false; total];
        for c in self.all_cards() {
            match seen.get_mut(c.index()) {
                None => return Err(Error::state(format!("card {c} is not in the card set"))),
                Some(true) => return Err(Error::state(format!("card {c} is in two places"))),
                Some(x) => *x = true,
            }
        }
        if let Some(m) = seen.iter().position(|x| !x) {
            return Err(Error::state(format!("card #{m} is missing")));
        }
        let class = |c: CardId| self.rules().class(c);
        let mut boards = Vec::new();
        for (i, p) in d.players.iter().enumerate() {
            let seat = Seat(i as u8);
            if let Some(b) = p.board {
                if self.rules().board(b).is_none() || boards.contains(&b) {
                    return Err(Error::state(format!("{seat} has a bad or shared board")));
                }
                boards.push(b);
            } else if d.phase != Phase::Setup {
                return Err(Error::state(format!("{seat} has no board")));
            }
            if p.hand.windows(2).any(|w| w[0] >= w[1]) {
                return Err(Error::state(format!("{seat}'s hand is not in id order")));
            }
            if p.skill_uses.len() > total {
                return Err(Error::state(format!("{seat} lists too many skill uses")));
            }
            if p.known.iter().any(|c| !p.hand.contains(c)) {
                return Err(Error::state(format!("{seat} knows a card not in hand")));
            }
            for c in &p.cols {
                if c.mana
                    .iter()
                    .any(|m| !class(m.card).is_some_and(CardClass::is_monjan))
                {
                    return Err(Error::state(format!("{seat} has a non-Monjan mana card")));
                }
                if let Some(a) = c.attack {
                    let want = match a.kind {
                        SlotKind::Number => CardClass::Number,
                        SlotKind::Toughness => CardClass::Toughness,
                        SlotKind::Boss => CardClass::BossAssa,
                    };
                    if class(a.card) != Some(want) {
                        return Err(Error::state(format!("{seat}'s attack slot is wrong")));
                    }
                }
                match c.defense {
                    Defense::Live {
                        card,
                        printed,
                        life,
                    } => {
                        if life == 0 || life > MAX_LIFE || printed == 0 || printed > MAX_LIFE {
                            return Err(Error::state(format!("{seat} has a bad life value")));
                        }
                        match card {
                            DefCard::Number(x) if class(x) != Some(CardClass::Number) => {
                                return Err(Error::state("a defense card is not a number card"))
                            }
                            DefCard::Boss if c.attack.map(|a| a.kind) != Some(SlotKind::Boss) => {
                                return Err(Error::state("a Boss defense has no Boss card"))
                            }
                            _ => {}
                        }
                    }
                    Defense::Empty if c.ever_defeated => {
                        return Err(Error::state("an empty defense was defeated"))
                    }
                    _ => {}
                }
            }
            if let Some(e) = &p.extra {
                if class(e.card) != Some(CardClass::Extra) {
                    return Err(Error::state(format!("{seat}'s Extra is not an Extra")));
                }
            }
            if p.one_turn
                .iter()
                .any(|o| class(o.card) != Some(CardClass::BossAssa))
            {
                return Err(Error::state("a one-turn summon is not a Boss-Assassin"));
            }
        }
        for (what, pile) in [
            ("Boss-Assassin deck", d.boss_deck.as_slice()),
            ("Boss-Assassin discard", &d.boss_discard),
        ] {
            if pile.iter().any(|c| class(*c) != Some(CardClass::BossAssa)) {
                return Err(Error::state(format!("the {what} holds another card")));
            }
        }
        for s in d
            .rps
            .iter()
            .chain(&d.seq_order)
            .chain(&d.last_order)
            .chain(&d.eliminated)
        {
            seat_ok(*s, "a seat list")?;
        }
        if d.edit_set.iter().any(|s| s.index() >= n) {
            return Err(Error::state("the edit set names a missing seat"));
        }
        let distinct = |list: &[Seat]| list.iter().enumerate().all(|(i, s)| !list[..i].contains(s));
        if d.rps.len() != n || !distinct(&d.rps) {
            return Err(Error::state(
                "the rock-paper-scissors order must list every seat once",
            ));
        }
        if !distinct(&d.seq_order) || !distinct(&d.last_order) || !distinct(&d.eliminated) {
            return Err(Error::state("a seat order lists a seat twice"));
        }
        if d.eliminated.iter().any(|s| self.p(*s).alive)
            || self.alive().count() + d.eliminated.len() != n
        {
            return Err(Error::state(
                "the eliminated players and the players out of the game differ",
            ));
        }
        if !d.withheld.is_empty() && d.frozen.is_none() {
            return Err(Error::state(
                "withheld edit events outside a simultaneous edit turn",
            ));
        }
        if d.withheld.len() > MAX_WITHHELD
            || d.withheld
                .iter()
                .any(|e| !matches!(e, Withheld::Hidden { seat, .. } if seat.index() < n))
        {
            return Err(Error::state("the withheld edit events are malformed"));
        }
        if d.tasks.len() > MAX_TASKS {
            return Err(Error::state(format!(
                "more than {MAX_TASKS} procedure steps"
            )));
        }
        if d.rng.forced().count() > fuda_core::MAX_FORCED {
            return Err(Error::state("too many forced random outcomes"));
        }
        if let Some(b) = &d.battle {
            for s in &b.order {
                seat_ok(*s, "the battle order")?;
            }
            if !distinct(&b.order) || self.alive().any(|s| !b.order.contains(&s)) {
                return Err(Error::state(
                    "the battle order must list every player in the game once",
                ));
            }
            if usize::from(b.step) > b.order.len() {
                return Err(Error::state("the battle step is beyond the battle order"));
            }
            if b.attacks.len() > total || b.used_units.len() > total {
                return Err(Error::state(
                    "the battle lists more attacks than there are cards",
                ));
            }
            for a in &b.attacks {
                seat_ok(a.target, "an attack")?;
            }
            if let Some(w) = b.window {
                seat_ok(w.holder, "the window")?;
                if !b.order.contains(&w.holder) {
                    return Err(Error::state("the window holder is not in the battle order"));
                }
            }
            if let Some((s, _)) = b.flame {
                seat_ok(s, "Flame of Wrath")?;
            }
            if let Some(Trigger::Resurrect { seat, .. }) = b.trigger {
                seat_ok(seat, "a trigger")?;
            }
        }
        if let Some(f) = &d.frozen {
            if f.players().len() != n {
                return Err(Error::state("the frozen edit views have the wrong size"));
            }
            f.check(total).map_err(Error::state)?;
        }
        for t in &d.tasks {
            if let Task::Defeated { seat, .. } | Task::AfterDefeat { seat, .. } = t {
                seat_ok(*seat, "a task")?;
            }
        }
        match d.pending.seat() {
            Some(s) => seat_ok(s, "the pending decision")?,
            None if d.pending == Pending::GameOver && d.outcome.is_none() => {
                return Err(Error::state("the game is over but has no outcome"))
            }
            None => {}
        }
        if d.outcome.is_some() != (d.pending == Pending::GameOver) {
            return Err(Error::state("outcome and pending decision disagree"));
        }
        let needs_battle = !matches!(
            d.pending,
            Pending::ChooseBoard { .. } | Pending::Pick { .. } | Pending::Edit | Pending::GameOver
        );
        if needs_battle && d.battle.is_none() {
            return Err(Error::state(
                "a battle decision is pending outside a battle",
            ));
        }
        if let Pending::Window { .. } = d.pending {
            if d.battle.as_ref().and_then(|b| b.window).is_none() {
                return Err(Error::state(
                    "a window decision is pending but no window is open",
                ));
            }
        }
        if matches!(
            d.pending,
            Pending::ChooseBoard { .. } | Pending::Pick { .. }
        ) && d.phase != Phase::Setup
        {
            return Err(Error::state("a setup decision is pending after setup"));
        }
        if d.pending == Pending::Edit && (d.phase != Phase::Edit || d.edit_set.is_empty()) {
            return Err(Error::state(
                "an edit decision is pending outside an edit turn",
            ));
        }
        if d.pending == Pending::Edit && d.edit_set.iter().any(|s| !self.p(s).alive) {
            return Err(Error::state("an eliminated player is in the edit set"));
        }
        if d.phase == Phase::Setup {
            // Board choices and picks so far fix whose turn it is and what is left.
            let draft = self.config().board_assignment == BoardAssignment::Draft;
            let boards = if draft {
                d.players.iter().filter(|p| p.board.is_some()).count()
            } else {
                0
            };
            let picked: usize = d.players.iter().map(|p| p.hand.len()).sum();
            let total = self.config().match_format.picks() * n;
            if usize::from(d.setup_step) != boards + picked
                || picked > total
                || d.pool.len() < total - picked
            {
                return Err(Error::state("the setup step does not match the picks made"));
            }
        }
        // The decision awaited must be one its seats can make: a game that goes on always
        // has someone with a legal action.
        if d.outcome.is_none() {
            if self.to_act().is_empty() {
                return Err(Error::state("nobody is to act, yet the game is not over"));
            }
            if let Some(seat) = fuda_core::seat_without_action::<crate::Monjan>(self) {
                return Err(Error::state(format!(
                    "{seat} is to act but has no legal action"
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{State, StateData};

    /// Issue 14: a state read back from JSON shares the kept rules of its configuration.
    #[test]
    fn rules_of_a_configuration_are_kept_and_shared() {
        let a =
            <crate::Monjan as fuda_core::Game>::new_game(&Default::default(), 1).expect("a game");
        let b = State::try_from(StateData::from(a.clone())).expect("read back");
        assert!(a.rules.0.is_kept() && fuda_core::Shared::ptr_eq(&a.rules.0, &b.rules.0));
    }
}
