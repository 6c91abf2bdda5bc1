//! The game state, the compiled rules it shares, its serialized form and the checks that
//! make a loaded state safe.

use crate::cards::{
    CardDef, CardId, CardSet, CardType, Condition, DefId, Effect, EventPattern, Selector, Stat,
    Trigger,
};
use crate::config::{Config, DeckChoice};
use crate::error::Error;
use crate::zones::{Place, Zones};
use fuda_core::{
    ArrayVec, GameRng, Outcome, Pile, Seat, SeatSet, Shared, SmallVec, TinyVec, MAX_FORCED,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

/// The longest task stack, window queue or modifier list a loaded state may hold.
const MAX_LIST: usize = 10_000;

/// The most bench locations a field can have (capacity is clamped to it).
pub const MAX_BENCH: usize = 8;
/// Field slots per player: the battlefield (slot 0) and the bench locations.
pub(crate) const FIELD_SLOTS: usize = 1 + MAX_BENCH;

// Inline capacities of the state's lists (issue 14): a clone is one copy of the whole
// struct, so the lists hold their usual contents inline and only unusual games (custom card
// sets, long response chains) spill to the heap, correct but slower. A `TinyVec` whose
// inline array and 2-byte length fit in 16 bytes takes the 24 bytes of the heap arm's `Vec`
// (the `Vec`'s impossible capacities mark the inline arm), so up to 14 bytes of items cost
// no more than an empty list, and one item more costs 8 bytes: the capacities below stop
// at such a step (test `inline_lists_stop_below_a_size_step`).

/// The largest `deck_size` a configuration may ask for.
pub(crate) const MAX_DECK_SIZE: u8 = 60;
/// Cards of one seat in its deck, hand, discard pile and soul-charge zone together: a seat
/// has at most a deck's worth of cards in the game (MS-3.2, MS-A5, MS-D6), so the fixed
/// block of [`crate::zones::Zones`] holds every game.
pub(crate) const ZONE_CARDS: usize = MAX_DECK_SIZE as usize;
/// The revealed pre-mulligan hand: the opening hand is 6 cards (MS-3.10) and a
/// configuration's `opening_hand` at most 20, so the list is fixed (`Copy`, no spill).
pub(crate) const REVEAL_CARDS: usize = 20;
/// Cards under a stacked unit at most (MS-3.15). No card effect of the vocabulary creates
/// a stack, so stacks come only from positions and saved states, which are refused beyond
/// it. A fixed list keeps a location `Copy`, so the field clones as one copy.
pub const UNDER_CARDS: usize = 8;
/// First-player roll-offs (MS-3.12): each ties with probability 1/6, so more than 7 (seven
/// ties in a row, which spill) happen once in about 280,000 games.
pub(crate) const ROLL_OFFS: usize = 7;
/// Trumps and traps in use at once: each answers the one before (MS-5.16); 2 was the most
/// seen over 3,000 random playouts; deeper chains spill.
pub(crate) const IN_USE: usize = 7;
/// Effect frames being resolved at once: a declaration and the responses to it (MS-5.16);
/// 2 was the most seen over 3,000 random playouts of varied configurations.
pub(crate) const FRAMES: usize = 4;
/// Chosen targets of one frame: no sample effect list chooses more than one (a card set may
/// have up to 16 per list, and spills beyond 3).
pub(crate) const FRAME_TARGETS: usize = 3;
/// Until-end-of-turn stat changes (`ModifyStat` effects): 2 was the most seen.
pub(crate) const TEMP_MODS: usize = 7;
/// Start-of-turn effects pending (MS-4.3): one per ability of the active player's units and
/// terrains; 3 was the most seen.
pub(crate) const START_PENDING: usize = 7;
/// Events waiting for their response windows (MS-4.8 item 5): 5 was the most seen.
pub(crate) const QUEUED: usize = 7;
/// Dice rolled in one turn: 2 was the most seen.
pub(crate) const ROLLS: usize = 4;
/// The procedure stack: 11 tasks was the deepest seen over 3,000 random playouts (17 take
/// the 104 bytes that 16 would).
pub(crate) const TASKS: usize = 17;

/// Loss flags (MS-7.4), one bit each.
pub(crate) const FLAG_NO_UNIT: u8 = 1;
pub(crate) const FLAG_DECK_OUT: u8 = 2;
pub(crate) const FLAG_SETUP: u8 = 4;

/// One compiled effect instruction. `top` marks the instructions of a card's effect list
/// itself (not the parts inside a `May` or an `If`): the resolution loop (MS-4.8) runs
/// after each of them, so the parts of one instruction finish before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Instr {
    /// A primitive; `slot` is its choice slot when its selector chooses.
    Prim {
        effect: Effect,
        slot: Option<u8>,
        top: bool,
    },
    /// Instructions in order.
    Seq(Vec<u16>),
    /// An optional part (MS-5.19).
    May { inner: u16, top: bool },
    /// A conditional part.
    If {
        cond: Condition,
        inner: u16,
        top: bool,
    },
}

/// A compiled effect list: its first instruction and the choosing selectors in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Root {
    pub instr: u16,
    pub slots: Vec<Selector>,
}

/// The rules of one game: configuration, card set, the card list and compiled effects.
#[derive(Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub cards: CardSet,
    /// The card grid of one seat (MS-D6): for each definition, in card-set order, one id
    /// per copy a deck may hold. Seat 0's ids are `0..per_seat`, seat 1's
    /// `per_seat..2 * per_seat`; an id names its definition whatever the deck lists.
    pub grid: Vec<DefId>,
    /// Where each definition's copies start in a seat's grid, and how many there are.
    pub blocks: Vec<Block>,
    /// The two deck lists of the configuration, as definitions in list order.
    pub decks: [Vec<DefId>; 2],
    /// First root of each definition (see [`CardDef::effect_lists`]).
    pub root_base: Vec<u16>,
    pub roots: Vec<Root>,
    pub program: Vec<Instr>,
    /// Whether any effect of the card set lowers a max HP (a negative `ModifyStat` of
    /// `MaxHp`). Without one, a unit's HP left is at least printed max HP minus damage.
    pub max_hp_drops: bool,
    /// Whether any unit of the card set has an event-triggered ability. Without one,
    /// opening a window (MS-4.8 item 5) has no triggers to look for on the field.
    pub event_abilities: bool,
    /// Printed max HP per grid id (0 for a card that is not a unit: a unit's is 1 or
    /// more), beside `grid`: the defeat check reads it for every field card.
    pub grid_max_hp: Vec<u16>,
    /// Per grid id, beside `grid`: whether the card may change a bench capacity (a unit's
    /// continuous ability, or a terrain's effect, does). Bench capacity (MS-3.7), asked by
    /// every main-step listing, reads the effects of these cards only.
    pub grid_bench_capacity: Vec<bool>,
}

fn compile(
    effects: &[Effect],
    top: bool,
    program: &mut Vec<Instr>,
    slots: &mut Vec<Selector>,
) -> u16 {
    let mut children = Vec::with_capacity(effects.len());
    for e in effects {
        let idx = match e {
            Effect::May { then } => {
                let inner = compile(then, false, program, slots);
                program.push(Instr::May { inner, top });
                program.len() - 1
            }
            Effect::If { cond, then } => {
                let inner = compile(then, false, program, slots);
                program.push(Instr::If {
                    cond: *cond,
                    inner,
                    top,
                });
                program.len() - 1
            }
            _ => {
                let slot = selector_of(e).filter(|s| s.is_choice()).map(|s| {
                    slots.push(s);
                    (slots.len() - 1) as u8
                });
                program.push(Instr::Prim {
                    effect: e.clone(),
                    slot,
                    top,
                });
                program.len() - 1
            }
        };
        children.push(idx as u16);
    }
    program.push(Instr::Seq(children));
    (program.len() - 1) as u16
}

/// The selector of a primitive, if it has one.
pub(crate) fn selector_of(e: &Effect) -> Option<Selector> {
    match e {
        Effect::DealDamage { sel, .. }
        | Effect::Heal { sel, .. }
        | Effect::Destroy { sel }
        | Effect::ReturnToHand { sel }
        | Effect::ModifyStat { sel, .. }
        | Effect::RemoveEx { sel }
        | Effect::Peek { sel } => Some(*sel),
        _ => None,
    }
}

/// The deck-building limit of a definition (MS-3.2, MS-A25): its own `deck_limit` when
/// it differs from the standard 3, otherwise `max_copies`.
pub(crate) fn copy_limit(def: &CardDef, max_copies: u8) -> u8 {
    if def.deck_limit() != 3 {
        def.deck_limit()
    } else {
        max_copies
    }
}

/// Checks a deck list against the deck-building rules (MS-3.2) and returns it as
/// definitions.
pub(crate) fn check_deck(
    config: &Config,
    cards: &CardSet,
    seat: usize,
    list: &[String],
) -> Result<Vec<DefId>, Error> {
    let bad = |message: String| Error::Deck {
        seat: Seat(seat as u8),
        message,
    };
    if list.len() != usize::from(config.deck_size) {
        return Err(bad(format!(
            "the deck has {} cards; it must have exactly {}",
            list.len(),
            config.deck_size
        )));
    }
    let mut counts: BTreeMap<&str, u8> = BTreeMap::new();
    let mut defs = Vec::with_capacity(list.len());
    for name in list {
        let def = cards
            .find(name)
            .ok_or_else(|| bad(format!("unknown card `{name}`")))?;
        let card = cards
            .def(def)
            .ok_or_else(|| bad(format!("unknown card `{name}`")))?;
        if !config.terrain_enabled && card.card_type() == CardType::Terrain {
            return Err(bad(format!(
                "`{name}` is a terrain card and terrain cards are disabled"
            )));
        }
        let n = counts.entry(name.as_str()).or_insert(0);
        *n = n.saturating_add(1);
        let limit = copy_limit(card, config.max_copies);
        if *n > limit {
            return Err(bad(format!(
                "more than {limit} copies of `{name}` (card field `deck_limit`)"
            )));
        }
        defs.push(def);
    }
    Ok(defs)
}

/// The most card ids a game may have (both grids): ids are `u16`, and every list the
/// engine keeps per card stays small.
pub const MAX_CARDS: usize = 16_384;

/// Where a definition's copies start in a seat's grid, and how many there are.
pub(crate) type Block = (u16, u16);

/// The card grid of one seat (MS-D6): each definition in card-set order with as many ids as
/// a deck may hold copies of it (its copy limit, at most `deck_size`; none for terrains
/// when terrains are disabled).
pub(crate) fn card_grid(
    config: &Config,
    cards: &CardSet,
) -> Result<(Vec<DefId>, Vec<Block>), Error> {
    let mut grid = Vec::new();
    let mut blocks = Vec::with_capacity(cards.len());
    for (i, def) in cards.defs().iter().enumerate() {
        let allowed = config.terrain_enabled || def.card_type() != CardType::Terrain;
        let n = if allowed {
            usize::from(copy_limit(def, config.max_copies).min(config.deck_size))
        } else {
            0
        };
        if 2 * (grid.len() + n) > MAX_CARDS {
            return Err(Error::config(
                "card_set",
                format!(
                    "the card set allows more than {MAX_CARDS} cards (definitions times \
                     copies, for both seats); lower `max_copies` or the set's size"
                ),
            ));
        }
        blocks.push((grid.len() as u16, n as u16));
        grid.extend(std::iter::repeat_n(DefId(i as u16), n));
    }
    Ok((grid, blocks))
}

impl Rules {
    /// Validates a configuration and builds the rules.
    pub fn new(config: &Config) -> Result<Rules, Error> {
        let range = |field: &str, v: u8, lo: u8, hi: u8| -> Result<(), Error> {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(Error::config(
                    field,
                    format!("{v} is out of range {lo}..={hi}"),
                ))
            }
        };
        if config.num_players != 2 {
            return Err(Error::config(
                "num_players",
                format!(
                    "Mattsan is a game for 2 players, not {}",
                    config.num_players
                ),
            ));
        }
        range("deck_size", config.deck_size, 1, MAX_DECK_SIZE)?;
        range("max_copies", config.max_copies, 1, 60)?;
        range("opening_hand", config.opening_hand, 1, REVEAL_CARDS as u8)?;
        range(
            "base_bench_capacity",
            config.base_bench_capacity,
            1,
            MAX_BENCH as u8,
        )?;
        range(
            "setup_bench_max",
            config.setup_bench_max,
            0,
            config.base_bench_capacity,
        )?;
        range("soul_charge_per_turn", config.soul_charge_per_turn, 0, 5)?;
        range("dice_sides", config.dice_sides, 2, 20)?;
        if config.opening_hand > config.deck_size {
            return Err(Error::config(
                "opening_hand",
                "the opening hand cannot be larger than the deck",
            ));
        }
        if config.max_turns == Some(0) {
            return Err(Error::config("max_turns", "must be at least 1 when set"));
        }
        if config.max_actions == Some(0) {
            return Err(Error::config("max_actions", "must be at least 1 when set"));
        }
        if let crate::config::FirstPlayerMethod::Fixed(seat) = config.first_player_method {
            if seat.index() >= 2 {
                return Err(Error::config(
                    "first_player_method",
                    format!("{seat} is not a seat of a 2-player game"),
                ));
            }
        }
        let cards = config.card_set.resolve();
        if cards.is_empty() {
            return Err(Error::config("card_set", "the card set is empty"));
        }
        let mut decks: [Vec<DefId>; 2] = Default::default();
        for (seat, choice) in config.decks.iter().enumerate() {
            let list: Vec<String> = match choice {
                DeckChoice::Named(name) => cards
                    .deck(name)
                    .ok_or_else(|| Error::Deck {
                        seat: Seat(seat as u8),
                        message: format!(
                            "the card set has no deck named `{}`",
                            crate::cards::clip(name, 64)
                        ),
                    })?
                    .to_vec(),
                DeckChoice::List(list) => list.clone(),
            };
            decks[seat] = check_deck(config, &cards, seat, &list)?;
        }
        let (grid, blocks) = card_grid(config, &cards)?;
        let mut program = Vec::new();
        let mut roots = Vec::new();
        let mut root_base = Vec::with_capacity(cards.len());
        for def in cards.defs() {
            root_base.push(roots.len() as u16);
            for list in def.effect_lists() {
                let mut slots = Vec::new();
                let instr = compile(list, true, &mut program, &mut slots);
                roots.push(Root { instr, slots });
            }
        }
        if program.len() > usize::from(u16::MAX) {
            return Err(Error::config(
                "card_set",
                "the card set's effects are too large",
            ));
        }
        let max_hp_drops = program.iter().any(|i| {
            matches!(
                i,
                Instr::Prim {
                    effect: Effect::ModifyStat {
                        stat: Stat::MaxHp,
                        delta,
                        ..
                    },
                    ..
                } if *delta < 0
            )
        });
        let event_abilities = cards.defs().iter().any(|def| {
            matches!(def, CardDef::Unit { abilities, .. }
                if abilities.iter().any(|a| matches!(a.trigger, Trigger::Event(_))))
        });
        let grid_max_hp = grid
            .iter()
            .map(|&d| match cards.def(d) {
                Some(CardDef::Unit { max_hp, .. }) => *max_hp,
                _ => 0,
            })
            .collect();
        let changes_capacity = |effect: &[Effect]| {
            effect
                .iter()
                .any(|e| matches!(e, Effect::BenchCapacity { .. }))
        };
        let grid_bench_capacity = grid
            .iter()
            .map(|&d| match cards.def(d) {
                Some(CardDef::Unit { abilities, .. }) => abilities
                    .iter()
                    .any(|a| a.trigger.is_continuous() && changes_capacity(&a.effect)),
                Some(CardDef::Terrain { effect, .. }) => changes_capacity(effect),
                _ => false,
            })
            .collect();
        Ok(Rules {
            max_hp_drops,
            grid_bench_capacity,
            event_abilities,
            grid_max_hp,
            config: config.clone(),
            cards,
            grid,
            blocks,
            decks,
            root_base,
            roots,
            program,
        })
    }

    /// How many card ids the game has (both seats' grids; the cards in play are some of
    /// them).
    pub fn num_cards(&self) -> usize {
        2 * self.grid.len()
    }

    /// The owner of a card id.
    pub fn owner(&self, card: CardId) -> Seat {
        if card.index() < self.grid.len() {
            Seat(0)
        } else {
            Seat(1)
        }
    }

    /// The definition of a card id.
    pub fn def_id(&self, card: CardId) -> Option<DefId> {
        self.grid.get(self.grid_index(card)).copied()
    }

    /// The card's index in a seat's grid, out of range for an id beyond both grids. Seat
    /// 1's ids follow seat 0's: one subtraction, not a division (this runs for nearly
    /// every card the rules look at).
    fn grid_index(&self, card: CardId) -> usize {
        let n = self.grid.len();
        let i = card.index();
        if i < n {
            i
        } else {
            i.wrapping_sub(n)
        }
    }

    /// Whether `card` may change a bench capacity (`grid_bench_capacity`).
    pub fn changes_bench_capacity(&self, card: CardId) -> bool {
        self.grid_bench_capacity
            .get(self.grid_index(card))
            .copied()
            .unwrap_or(false)
    }

    /// A unit's printed max HP; 0 for any other card id.
    pub fn printed_max_hp(&self, card: CardId) -> u16 {
        self.grid_max_hp
            .get(self.grid_index(card))
            .copied()
            .unwrap_or(0)
    }

    /// The ids of `def`'s copies in `seat`'s grid.
    pub fn copies(&self, seat: Seat, def: DefId) -> std::ops::Range<u16> {
        let (start, len) = self.blocks.get(def.index()).copied().unwrap_or((0, 0));
        let base = (seat.index() & 1) * self.grid.len();
        let start = base as u16 + start;
        start..start + len
    }

    /// The card definition of an instance.
    pub fn def(&self, card: CardId) -> Option<&CardDef> {
        self.def_id(card).and_then(|d| self.cards.def(d))
    }

    /// The type of a card instance.
    pub fn card_type(&self, card: CardId) -> Option<CardType> {
        self.def(card).map(CardDef::card_type)
    }

    /// Whether the card is of this type.
    pub fn is(&self, card: CardId, t: CardType) -> bool {
        self.card_type(card) == Some(t)
    }

    /// The root of the card's k-th effect list.
    pub fn root(&self, card: CardId, k: usize) -> Option<u16> {
        let d = self.def_id(card)?;
        let base = usize::from(*self.root_base.get(d.index())?);
        let r = base + k;
        (r < self.roots.len()).then_some(r as u16)
    }

    /// The card's id string, or `?`.
    pub fn name(&self, card: CardId) -> &str {
        self.def(card).map_or("?", CardDef::id)
    }
}

/// A shared handle to the rules; states of one game point to the same rules.
#[derive(Clone, Debug)]
pub(crate) struct RulesRef(pub Shared<Rules>);

impl PartialEq for RulesRef {
    fn eq(&self, other: &Self) -> bool {
        Shared::ptr_eq(&self.0, &other.0) || self.0.config == other.0.config
    }
}
impl Eq for RulesRef {}

/// A location of a player's field (MS-3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Loc {
    /// The battlefield.
    Battlefield,
    /// Bench location k (from 0).
    Bench(u8),
}

impl Loc {
    /// The slot index (battlefield 0, bench k at k + 1).
    pub fn slot(self) -> usize {
        match self {
            Loc::Battlefield => 0,
            Loc::Bench(k) => usize::from(k) + 1,
        }
    }

    /// The location of a slot index.
    pub fn of_slot(slot: usize) -> Loc {
        if slot == 0 {
            Loc::Battlefield
        } else {
            Loc::Bench((slot - 1) as u8)
        }
    }
}

/// A terrain in a location's terrain layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Terrain {
    /// The terrain card.
    pub card: CardId,
    /// Turned sideways (used).
    pub tapped: bool,
}

/// A card in a location's occupant layer: a unit (face-up or face-down) or a face-down
/// trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FieldCard {
    /// The (top) card.
    pub card: CardId,
    /// Unit cards under it (a stack, MS-3.15), bottom first.
    #[serde(default, skip_serializing_if = "ArrayVec::is_empty")]
    pub under: ArrayVec<[CardId; UNDER_CARDS]>,
    /// Face-up.
    pub face_up: bool,
    /// Damage counters.
    #[serde(default)]
    pub damage: u16,
    /// EX counters.
    #[serde(default)]
    pub ex: u8,
    /// The turn number it was placed in (traps: MS-A12 option).
    #[serde(default)]
    pub placed_turn: u32,
    /// Seats that peeked at it while face-down.
    #[serde(default)]
    pub peeked: SeatSet,
}

impl FieldCard {
    /// A card just placed.
    pub fn new(card: CardId, face_up: bool, turn: u32) -> FieldCard {
        FieldCard {
            card,
            under: ArrayVec::new(),
            face_up,
            damage: 0,
            ex: 0,
            placed_turn: turn,
            peeked: SeatSet::EMPTY,
        }
    }

    /// Every card of it (stack included).
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.under.iter().copied().chain(std::iter::once(self.card))
    }
}

/// One location: terrain layer and occupant layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    /// The terrain layer.
    pub terrain: Option<Terrain>,
    /// The occupant layer.
    pub occupant: Option<FieldCard>,
}

/// A soul-charge card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SoulCard {
    /// The card (face-down; its owner may look).
    pub card: CardId,
    /// Turned sideways (spent on a trump).
    pub tapped: bool,
}

/// A player's secret setup placement while it is being made (MS-3.13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetupDraft {
    /// The battlefield card, once chosen.
    pub battlefield: Option<CardId>,
    /// Bench cards chosen so far (bench index, card): at most `setup_bench_max`, which the
    /// configuration keeps within [`MAX_BENCH`], so the list is fixed (`Copy`).
    pub bench: ArrayVec<[(u8, CardId); MAX_BENCH]>,
    /// The player has committed.
    pub committed: bool,
}

/// Everything one player owns. Its JSON form is [`PlayerData`]'s, with the deck, hand and
/// discard pile as lists of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "PlayerData", into = "PlayerData")]
pub(crate) struct Player {
    /// Deck, hand (kept in card-id order), discard pile and soul-charge zone, in one block.
    pub zones: Zones,
    /// Slot 0 is the battlefield; slots 1.. are bench locations. Always `FIELD_SLOTS`
    /// long, so a fixed list (`Copy`: the field clones as one copy); a list rather than an
    /// array keeps the load-time length check and its message.
    pub field: ArrayVec<[Slot; FIELD_SLOTS]>,
    /// Cards charged in this step 2.
    pub charged: u8,
    /// Loss flags (MS-7.4).
    pub flags: u8,
    /// The revealed pre-mulligan hand (public, MS-3.11).
    pub mulligan_reveal: ArrayVec<[CardId; REVEAL_CARDS]>,
    /// The setup placement being made.
    pub setup: Option<SetupDraft>,
}

/// The serialized form of [`Player`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerData {
    deck: Pile<CardId, ZONE_CARDS>,
    hand: TinyVec<[CardId; ZONE_CARDS]>,
    discard: TinyVec<[CardId; ZONE_CARDS]>,
    soul: TinyVec<[SoulCard; ZONE_CARDS]>,
    field: ArrayVec<[Slot; FIELD_SLOTS]>,
    charged: u8,
    flags: u8,
    mulligan_reveal: ArrayVec<[CardId; REVEAL_CARDS]>,
    #[serde(default)]
    known_in_hand: Vec<CardId>,
    setup: Option<SetupDraft>,
}

impl TryFrom<PlayerData> for Player {
    type Error = String;
    /// The player, its hand put in card-id order (hand order carries no information);
    /// refused when its zones hold more cards than any deck or a known card is not in the
    /// hand.
    fn try_from(mut d: PlayerData) -> Result<Player, String> {
        d.hand.sort_unstable();
        let cards = d.deck.len() + d.hand.len() + d.discard.len() + d.soul.len();
        let mut zones = Zones::from_lists(d.deck.as_slice(), &d.hand, &d.discard, &d.soul)
            .ok_or_else(|| {
                format!("a player holds {cards} cards in its zones; a deck holds at most {MAX_DECK_SIZE}")
            })?;
        let mut known = d.known_in_hand;
        known.sort_unstable();
        let distinct = known.windows(2).all(|w| w[0] != w[1]);
        if !distinct || !known.iter().all(|&c| zones.mark_known(c)) {
            return Err("a player's known cards in hand are not all in the hand".into());
        }
        Ok(Player {
            zones,
            field: d.field,
            charged: d.charged,
            flags: d.flags,
            mulligan_reveal: d.mulligan_reveal,
            setup: d.setup,
        })
    }
}

impl From<Player> for PlayerData {
    fn from(p: Player) -> PlayerData {
        let list = |place| p.zones.get(place).iter().copied().collect();
        PlayerData {
            deck: Pile::from_slice(p.deck()),
            hand: list(Place::Hand),
            discard: list(Place::Discard),
            soul: p.zones.soul().collect(),
            field: p.field,
            charged: p.charged,
            flags: p.flags,
            mulligan_reveal: p.mulligan_reveal,
            known_in_hand: p.zones.known_in_hand().collect(),
            setup: p.setup,
        }
    }
}

impl Player {
    pub fn new() -> Player {
        Player {
            zones: Zones::default(),
            field: (0..FIELD_SLOTS).map(|_| Slot::default()).collect(),
            charged: 0,
            flags: 0,
            mulligan_reveal: ArrayVec::new(),
            setup: None,
        }
    }

    /// The deck, bottom first.
    #[inline]
    pub fn deck(&self) -> &[CardId] {
        self.zones.get(Place::Deck)
    }

    /// The hand, in card-id order.
    #[inline]
    pub fn hand(&self) -> &[CardId] {
        self.zones.get(Place::Hand)
    }

    /// The discard pile, bottom first.
    #[inline]
    pub fn discard(&self) -> &[CardId] {
        self.zones.get(Place::Discard)
    }

    /// The soul-charge cards, in the order they were charged ([`Zones::soul`] tells which
    /// are sideways).
    #[inline]
    pub fn soul_cards(&self) -> &[CardId] {
        self.zones.get(Place::Soul)
    }

    /// The battlefield unit.
    pub fn bf(&self) -> Option<&FieldCard> {
        self.field.first().and_then(|s| s.occupant.as_ref())
    }
}

/// The step of the game (MS-3, MS-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Secret simultaneous placement (MS-3.13).
    Setup,
    /// Steps 1–2(a) are running (no decision of their own).
    TurnStart,
    /// Step 2(b): the soul-charge choice.
    SoulCharge,
    /// Step 3: start-of-turn effects.
    StartEffects,
    /// Step 4: main actions and the battle action.
    Main,
    /// Step 5: the battle action is resolving.
    Battle,
    /// Step 6: the end of the turn.
    End,
    /// The game is over.
    Over,
}

/// What caused a response window (MS-5.16). Public.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// An attack was declared.
    #[default]
    AttackDeclared,
    /// A special move was declared.
    SpecialDeclared,
    /// A super special move was declared.
    SuperSpecialDeclared,
    /// A trump was declared.
    TrumpDeclared,
    /// A terrain was used.
    TerrainUsed,
    /// A card was placed on the bench (face-up or face-down).
    UnitPlaced,
    /// A unit became face-up.
    UnitTurnedFaceUp,
    /// Units were swapped.
    Swapped,
    /// Damage was dealt.
    DamageDealt,
    /// A unit was defeated.
    UnitDefeated,
    /// A card was destroyed.
    UnitDestroyed,
    /// A turn started.
    TurnStarted,
}

/// A response window's event: its kind and the seat it concerns (the declarer, or the
/// owner of the affected unit). Public.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WindowEvent {
    /// What happened.
    pub kind: WindowKind,
    /// Whose action or unit it was.
    pub seat: Seat,
}

impl WindowEvent {
    /// Whether `pattern`, seen from `owner`, matches this event.
    pub fn matches(self, pattern: EventPattern, owner: Seat) -> bool {
        match pattern {
            EventPattern::EnemyAttackDeclared => {
                self.kind == WindowKind::AttackDeclared && self.seat != owner
            }
            EventPattern::EnemyTrumpDeclared => {
                self.kind == WindowKind::TrumpDeclared && self.seat != owner
            }
            EventPattern::AllyUnitDefeated => {
                self.kind == WindowKind::UnitDefeated && self.seat == owner
            }
        }
    }
}

/// The decision the game waits for, and whose it is. Public (spec §8): it never names a
/// hidden card, and never lists the options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Pending {
    /// MS-5.1: secret setup placement; these seats have not committed yet.
    Placement {
        /// Seats still placing.
        waiting: SeatSet,
    },
    /// MS-5.2.
    SoulCharge {
        /// The active player.
        seat: Seat,
    },
    /// MS-5.3.
    StartEffects {
        /// The active player.
        seat: Seat,
    },
    /// MS-5.4–5.15: main actions, the battle action, or the end of the turn.
    Main {
        /// The active player.
        seat: Seat,
    },
    /// MS-5.15 at step 6.
    EndTurn {
        /// The active player.
        seat: Seat,
    },
    /// MS-5.16: respond to the window's event or pass.
    Respond {
        /// The player with priority.
        seat: Seat,
        /// The window's event.
        window: WindowEvent,
    },
    /// MS-5.17.
    Refill {
        /// The owner of the empty battlefield.
        seat: Seat,
    },
    /// MS-5.21.
    NextDefeat {
        /// The owner of the waiting units.
        seat: Seat,
    },
    /// `DiscardCost`: discard a card from hand.
    PayDiscard {
        /// The payer.
        seat: Seat,
        /// Cards still to discard.
        remaining: u8,
    },
    /// MS-5.18: choose a target.
    ChooseTarget {
        /// The chooser.
        seat: Seat,
        /// What kind of target.
        selector: Selector,
        /// The card whose effect asks.
        source: CardId,
    },
    /// MS-5.19: apply an optional part or not.
    May {
        /// The controller.
        seat: Seat,
        /// The card whose effect asks.
        source: CardId,
    },
    /// `DiscardFromHand` chosen by the owner.
    DiscardFromHand {
        /// The owner.
        seat: Seat,
        /// Cards still to discard.
        remaining: u8,
    },
    /// `ForceSwap`: pick the bench location that swaps in.
    ForceSwap {
        /// The chooser.
        seat: Seat,
        /// Whose field swaps.
        side: Seat,
    },
    /// The game is over.
    GameOver,
}

impl Pending {
    /// The seats that must decide.
    pub fn seats(self) -> SeatSet {
        match self {
            Pending::Placement { waiting } => waiting,
            Pending::SoulCharge { seat }
            | Pending::StartEffects { seat }
            | Pending::Main { seat }
            | Pending::EndTurn { seat }
            | Pending::Respond { seat, .. }
            | Pending::Refill { seat }
            | Pending::NextDefeat { seat }
            | Pending::PayDiscard { seat, .. }
            | Pending::ChooseTarget { seat, .. }
            | Pending::May { seat, .. }
            | Pending::DiscardFromHand { seat, .. }
            | Pending::ForceSwap { seat, .. } => SeatSet::only(seat),
            Pending::GameOver => SeatSet::EMPTY,
        }
    }
}

/// What kind of thing an effect frame resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum FrameKind {
    Trump,
    Special,
    Super,
    Ability,
    Trap,
    Terrain,
}

/// A choice slot of a frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Target {
    #[default]
    Unchosen,
    Nothing,
    Card(CardId),
}

/// One effect being resolved: who controls it, its source, and its chosen targets.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Frame {
    pub controller: Seat,
    pub source: CardId,
    pub root: u16,
    pub kind: FrameKind,
    pub targets: TinyVec<[Target; FRAME_TARGETS]>,
}

/// The attack being resolved (MS-6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingAttack {
    /// The attacking player.
    pub controller: Seat,
    /// The attacking unit.
    pub attacker: CardId,
    /// The attacked unit.
    pub target: CardId,
    /// Σ attack-damage modifiers so far.
    pub damage_mod: i16,
}

/// The trump being resolved (MS-6.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingTrump {
    /// The trump card.
    pub card: CardId,
    /// Negated (MS-T39).
    pub negated: bool,
}

/// An until-end-of-turn stat change on one unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TempMod {
    /// The unit.
    pub unit: CardId,
    /// The stat.
    pub stat: crate::cards::Stat,
    /// The change.
    pub delta: i16,
}

/// A step of a rules procedure still to run. The game can stop for any player's
/// decision mid-procedure: the task that asks stays on top of the stack until answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
pub(crate) enum Task {
    /// MS-4.6 → MS-4.1: the next turn begins.
    #[default]
    BeginTurn,
    /// MS-4.1.
    TurnDraw,
    /// MS-4.2(a), then the soul-charge choice.
    Refresh,
    /// MS-4.3: fix the start-of-turn effects.
    StartEffects,
    /// MS-4.5 → MS-4.6: the battle action has resolved.
    EnterEnd,
    /// MS-4.8: the resolution loop after an instruction of `controller`.
    Settle { controller: Seat },
    /// MS-6.4 / MS-6.8: the next defeat, `next` first.
    Defeats { next: Seat, controller: Seat },
    /// MS-4.8 items 2–3.
    Checkpoint,
    /// MS-6.7: refills, `first` first.
    Refills { first: Seat },
    /// MS-4.8 item 5.
    OpenWindows,
    /// MS-5.16: a response window.
    Window {
        window: WindowEvent,
        ask: Seat,
        passes: u8,
    },
    /// Resolve instruction `instr` of frame `frame`.
    Exec { frame: u8, instr: u16 },
    /// Ask for target slot `slot` of frame `frame`.
    AskTarget { frame: u8, slot: u8 },
    /// Ask every unchosen target slot of a declared frame (MS-5.18 at declaration).
    AskAllTargets { frame: u8 },
    /// Ask whether to apply an optional part (`May`), then resolve `instr`.
    AskMay { frame: u8, instr: u16 },
    /// Ask whether to use an optional ability at all.
    AskOptional { frame: u8 },
    /// Pay cost `index` of the declared card or move of `frame`.
    PayCost { frame: u8, index: u8 },
    /// The payer discards `remaining` more cards for a `DiscardCost`.
    AskDiscardCost { frame: u8, remaining: u8 },
    /// The owner discards `remaining` more cards for a `DiscardFromHand`.
    AskHandDiscard { seat: Seat, remaining: u8 },
    /// The chooser picks the bench unit of `side` that swaps in.
    AskForceSwap {
        frame: u8,
        side: Seat,
        chooser: Seat,
    },
    /// Queue the declaration window of frame `frame` (after costs and targets).
    Declared { frame: u8 },
    /// Resolve the effect of frame `frame` unless negated or its source left.
    Resolve { frame: u8 },
    /// The trump or trap of `frame` goes to the discard pile; the frame ends.
    FinishCard { frame: u8 },
    /// The frame ends.
    PopFrame,
    /// MS-6.2: the pending attack deals its damage.
    AttackDamage,
    /// Start ability `index` of the unit `source` (OnFaceUp and event triggers).
    StartAbility { source: CardId, index: u8 },
}

/// The game data of a state (everything but the shared rules).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Board {
    pub rng: GameRng,
    pub step: Step,
    /// Turn number, from 1 (0 during setup).
    pub turn: u32,
    pub active: Seat,
    pub first_player: Option<Seat>,
    /// First-player rolls, seat 0's and seat 1's, one pair per roll-off (MS-3.12).
    pub first_rolls: TinyVec<[[u8; 2]; ROLL_OFFS]>,
    pub players: [Player; 2],
    /// Trumps and traps being used.
    pub in_use: TinyVec<[CardId; IN_USE]>,
    pub attack: Option<PendingAttack>,
    pub trump: Option<PendingTrump>,
    pub frames: SmallVec<[Frame; FRAMES]>,
    pub temp_mods: TinyVec<[TempMod; TEMP_MODS]>,
    /// Start-of-turn effects not yet resolved: (source card, effect list index).
    pub start_pending: TinyVec<[(CardId, u8); START_PENDING]>,
    /// Events waiting for their response windows.
    pub queued: TinyVec<[WindowEvent; QUEUED]>,
    /// Dice rolled this turn: (dice, sum), public.
    #[serde(default)]
    pub rolls: TinyVec<[(u32, u32); ROLLS]>,
    pub tasks: TinyVec<[Task; TASKS]>,
    pub pending: Pending,
    pub outcome: Option<Outcome>,
    /// Actions taken so far (the game-length bound `max_actions`, MS-D5).
    #[serde(default)]
    pub actions: u32,
}

/// The full state of a game, hidden information included. Cheap to clone; the rules are
/// shared. Its JSON form is checked on load, so a tampered file gives
/// [`Error::InvalidState`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StateData", try_from = "StateData")]
pub struct State {
    pub(crate) rules: RulesRef,
    pub(crate) g: Board,
}

impl Hash for State {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.g.hash(state);
    }
}

/// The serialized form of [`State`]: the configuration and the game data.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateData {
    config: Config,
    game: Board,
}

impl From<State> for StateData {
    fn from(s: State) -> StateData {
        StateData {
            config: s.rules.0.config.clone(),
            game: s.g,
        }
    }
}

impl TryFrom<StateData> for State {
    type Error = Error;
    fn try_from(d: StateData) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&d.config)?;
        let g = d.game;
        let state = State {
            rules: RulesRef(rules),
            g,
        };
        state.validate()?;
        Ok(state)
    }
}

/// The other seat of a 2-player game.
pub(crate) fn opp(seat: Seat) -> Seat {
    Seat(1 - (seat.0 & 1))
}

impl State {
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules.0
    }

    /// The configuration of this game.
    pub fn config(&self) -> &Config {
        &self.rules.0.config
    }

    /// The card set of this game.
    pub fn cards(&self) -> &CardSet {
        &self.rules.0.cards
    }

    /// How many card ids the game has: both seats' card grids (MS-D6); the cards in play
    /// are some of them ([`State::cards_of`]).
    pub fn num_cards(&self) -> usize {
        self.rules.0.num_cards()
    }

    /// The id string of a card instance's definition (`?` when out of range).
    pub fn card_name(&self, card: CardId) -> &str {
        self.rules().name(card)
    }

    /// The definition of a card instance.
    pub fn card_def(&self, card: CardId) -> Option<&CardDef> {
        self.rules().def(card)
    }

    /// The copies of the card named `name` that `seat` has in the game, in id order.
    pub fn instances_of(&self, seat: Seat, name: &str) -> Vec<CardId> {
        let rules = self.rules();
        let Some(def) = rules.cards.find(name) else {
            return Vec::new();
        };
        let mut out: Vec<CardId> = self
            .all_cards()
            .into_iter()
            .filter(|&c| rules.owner(c) == seat && rules.def_id(c) == Some(def))
            .collect();
        out.sort_unstable();
        out
    }

    /// The card a position calls `name` for `seat` (a card key, or `key#k` for the k-th
    /// copy, 1-based, in id order, of the copies the seat has in the game; a bare key is
    /// the first), or `None`.
    pub fn card_id(&self, seat: Seat, name: &str) -> Option<CardId> {
        let (key, k) = match name.rsplit_once('#') {
            Some((key, k)) => (key, k.parse::<usize>().ok().filter(|&k| k >= 1)?),
            None => (name, 1),
        };
        self.instances_of(seat, key).get(k - 1).copied()
    }

    /// Every card `seat` has in the game (in any zone), in id order.
    pub fn cards_of(&self, seat: Seat) -> Vec<CardId> {
        let mut out: Vec<CardId> = self
            .all_cards()
            .into_iter()
            .filter(|&c| self.owner(c) == seat)
            .collect();
        out.sort_unstable();
        out
    }

    /// The owner of a card instance.
    pub fn owner(&self, card: CardId) -> Seat {
        self.rules().owner(card)
    }

    /// The current step.
    pub fn step(&self) -> Step {
        self.g.step
    }

    /// The turn number (from 1; 0 during setup).
    pub fn turn(&self) -> u32 {
        self.g.turn
    }

    /// The active player.
    pub fn active(&self) -> Seat {
        self.g.active
    }

    /// The first player, once the dice have decided.
    pub fn first_player(&self) -> Option<Seat> {
        self.g.first_player
    }

    /// The first-player rolls (seat 0, seat 1), one pair per roll-off.
    pub fn first_rolls(&self) -> &[[u8; 2]] {
        &self.g.first_rolls
    }

    /// The decision the game waits for.
    pub fn pending(&self) -> Pending {
        self.g.pending
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.g.outcome.as_ref()
    }

    fn player(&self, seat: Seat) -> Option<&Player> {
        self.g.players.get(seat.index())
    }

    /// A hand, in card-id order (hidden information: use views for front ends).
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.player(seat).map_or(&[], |p| p.hand())
    }

    /// A deck, bottom first (hidden information).
    pub fn deck(&self, seat: Seat) -> &[CardId] {
        self.player(seat).map_or(&[], |p| p.deck())
    }

    /// A discard pile, bottom first.
    pub fn discard(&self, seat: Seat) -> &[CardId] {
        self.player(seat).map_or(&[], |p| p.discard())
    }

    /// A soul-charge zone, in the order the cards were charged, each upright or sideways.
    pub fn soul(&self, seat: Seat) -> Vec<SoulCard> {
        self.player(seat)
            .map_or_else(Vec::new, |p| p.zones.soul().collect())
    }

    /// A location of a player's field.
    pub fn slot(&self, seat: Seat, loc: Loc) -> Option<&Slot> {
        self.player(seat).and_then(|p| p.field.get(loc.slot()))
    }

    /// The card occupying a location.
    pub fn occupant(&self, seat: Seat, loc: Loc) -> Option<&FieldCard> {
        self.slot(seat, loc).and_then(|s| s.occupant.as_ref())
    }

    /// The loss flags of a seat: (no battlefield unit, deck-out, setup).
    pub fn loss_flags(&self, seat: Seat) -> (bool, bool, bool) {
        let f = self.player(seat).map_or(0, |p| p.flags);
        (
            f & FLAG_NO_UNIT != 0,
            f & FLAG_DECK_OUT != 0,
            f & FLAG_SETUP != 0,
        )
    }

    /// The pre-mulligan hand a seat revealed (MS-3.11).
    pub fn mulligan_reveal(&self, seat: Seat) -> &[CardId] {
        self.player(seat)
            .map_or(&[], |p| p.mulligan_reveal.as_slice())
    }

    /// The cards every player saw go into `seat`'s hand that are still there (issue 15,
    /// item 10).
    pub fn known_in_hand(&self, seat: Seat) -> Vec<CardId> {
        self.player(seat)
            .map_or_else(Vec::new, |p| p.zones.known_in_hand().collect())
    }

    /// The attack being resolved.
    pub fn attack(&self) -> Option<&PendingAttack> {
        self.g.attack.as_ref()
    }

    /// Every card in every zone, in no particular order.
    pub(crate) fn all_cards(&self) -> Vec<CardId> {
        let mut all = Vec::with_capacity(self.num_cards());
        for p in &self.g.players {
            all.extend(p.deck().iter());
            all.extend(p.hand().iter());
            all.extend(p.discard().iter());
            all.extend(p.soul_cards().iter());
            for slot in &p.field {
                all.extend(slot.terrain.map(|t| t.card));
                if let Some(o) = &slot.occupant {
                    all.extend(o.cards());
                }
            }
            if let Some(d) = &p.setup {
                all.extend(d.battlefield);
                all.extend(d.bench.iter().map(|(_, c)| *c));
            }
        }
        all.extend(self.g.in_use.iter());
        all
    }

    /// Checks every invariant a loaded state must keep, so no later step can index out of
    /// range, lose a card or panic.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        self.validate_structure()?;
        self.validate_pending()
    }

    /// Every invariant but the pending decision's (a position is checked this way before
    /// the rules run its first steps).
    pub(crate) fn validate_structure(&self) -> Result<(), Error> {
        let rules = self.rules();
        let bad = |m: String| Err(Error::state(m));
        let seat_ok = |s: Seat, what: &str| -> Result<(), Error> {
            if s.index() < 2 {
                Ok(())
            } else {
                Err(Error::state(format!(
                    "{what} names {s}, not a seat of this game"
                )))
            }
        };
        let total = rules.num_cards();
        let mut seen = vec![false; total];
        for c in self.all_cards() {
            match seen.get_mut(c.index()) {
                None => return bad(format!("card {c} is not a card of this game")),
                Some(true) => return bad(format!("card {c} is in two places")),
                Some(slot) => *slot = true,
            }
        }
        // MS-D6: a seat has at most a deck's worth of cards in the game (its grid already
        // holds no more copies of a card than a deck may).
        for seat in [Seat(0), Seat(1)] {
            let n = seen
                .iter()
                .enumerate()
                .filter(|&(i, &here)| here && rules.owner(CardId(i as u16)) == seat)
                .count();
            if n > usize::from(self.config().deck_size) {
                return bad(format!(
                    "{seat} has {n} cards in the game; a deck holds {}",
                    self.config().deck_size
                ));
            }
        }
        for (i, p) in self.g.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let own = |c: &CardId| rules.owner(*c) == seat;
            let mine = p.deck().iter().all(own)
                && p.hand().iter().all(own)
                && p.discard().iter().all(own)
                && p.soul_cards().iter().all(own);
            if !mine {
                return bad(format!("{seat} holds a card of the other player"));
            }
            if p.mulligan_reveal.len() > usize::from(self.config().opening_hand)
                || !p
                    .mulligan_reveal
                    .iter()
                    .all(|c| c.index() < total && own(c))
            {
                return bad(format!("{seat}'s mulligan reveal names other cards"));
            }
            if p.field.len() != FIELD_SLOTS {
                return bad(format!("{seat}'s field must have {FIELD_SLOTS} locations"));
            }
            for (k, slot) in p.field.iter().enumerate() {
                if let Some(t) = slot.terrain {
                    if !own(&t.card) || !rules.is(t.card, CardType::Terrain) {
                        return bad(format!("{seat}'s terrain layer holds card {}", t.card));
                    }
                }
                if let Some(o) = &slot.occupant {
                    if !o.cards().all(|c| own(&c)) {
                        return bad(format!("{seat}'s field holds a card of the other player"));
                    }
                    let unit = rules.is(o.card, CardType::Unit);
                    let trap = rules.is(o.card, CardType::Trap);
                    if !(unit || trap && !o.face_up)
                        || (k == 0 && !(unit && o.face_up))
                        || !o.under.iter().all(|c| rules.is(*c, CardType::Unit))
                        || (trap && !o.under.is_empty())
                    {
                        return bad(format!(
                            "{seat}'s location {k} holds card {} in a way the rules forbid",
                            o.card
                        ));
                    }
                }
            }
            if let Some(d) = &p.setup {
                if self.g.step != Step::Setup {
                    return bad("a setup placement exists outside setup".into());
                }
                let cards = d.battlefield.iter().chain(d.bench.iter().map(|(_, c)| c));
                for c in cards {
                    if !own(c) {
                        return bad("a setup placement holds the other player's card".into());
                    }
                }
                if d.battlefield.is_some_and(|c| !rules.is(c, CardType::Unit)) {
                    return bad("the setup battlefield card is not a unit".into());
                }
                let mut locs: Vec<u8> = d.bench.iter().map(|(l, _)| *l).collect();
                locs.sort_unstable();
                locs.dedup();
                if locs.len() != d.bench.len()
                    || d.bench.len() > usize::from(self.config().setup_bench_max)
                    || locs.iter().any(|l| *l >= self.config().base_bench_capacity)
                    || d.bench.iter().any(|(_, c)| {
                        !(rules.is(*c, CardType::Unit) || rules.is(*c, CardType::Trap))
                    })
                {
                    return bad("a setup placement breaks MS-3.13".into());
                }
                if d.committed && d.battlefield.is_none() {
                    return bad("a committed setup placement has no battlefield unit".into());
                }
            }
        }
        seat_ok(self.g.active, "active")?;
        if let Some(f) = self.g.first_player {
            seat_ok(f, "first_player")?;
        }
        for fr in &self.g.frames {
            seat_ok(fr.controller, "a frame")?;
            if fr.source.index() >= total {
                return bad("a frame's source is not a card of this game".into());
            }
            match rules.roots.get(usize::from(fr.root)) {
                Some(r) if r.slots.len() == fr.targets.len() => {}
                _ => return bad("a frame names an unknown effect".into()),
            }
            for t in &fr.targets {
                if let Target::Card(c) = t {
                    if c.index() >= total {
                        return bad("a frame's target is not a card of this game".into());
                    }
                }
            }
        }
        for c in self
            .g
            .start_pending
            .iter()
            .map(|(c, _)| c)
            .chain(self.g.temp_mods.iter().map(|m| &m.unit))
        {
            if c.index() >= total {
                return bad(format!("card {c} is not a card of this game"));
            }
        }
        if let Some(a) = &self.g.attack {
            seat_ok(a.controller, "the attack")?;
            if a.attacker.index() >= total || a.target.index() >= total {
                return bad("the attack names an unknown card".into());
            }
        }
        if let Some(t) = &self.g.trump {
            if !self.g.in_use.contains(&t.card) {
                return bad("the pending trump is not in use".into());
            }
        }
        for w in &self.g.queued {
            seat_ok(w.seat, "a queued window")?;
        }
        let nframes = self.g.frames.len();
        let frame_ok = |f: u8| -> Result<(), Error> {
            if usize::from(f) < nframes {
                Ok(())
            } else {
                Err(Error::state("a task names a frame that does not exist"))
            }
        };
        for t in &self.g.tasks {
            match *t {
                Task::Settle { controller } => seat_ok(controller, "a task")?,
                Task::Defeats { next, controller } => {
                    seat_ok(next, "a task")?;
                    seat_ok(controller, "a task")?;
                }
                Task::Refills { first } => seat_ok(first, "a task")?,
                Task::Window { window, ask, .. } => {
                    seat_ok(window.seat, "a window")?;
                    seat_ok(ask, "a window")?;
                }
                Task::Exec { frame, instr } | Task::AskMay { frame, instr } => {
                    frame_ok(frame)?;
                    if usize::from(instr) >= rules.program.len() {
                        return bad("a task names an unknown instruction".into());
                    }
                }
                Task::AskTarget { frame, slot } => {
                    frame_ok(frame)?;
                    let n = self
                        .g
                        .frames
                        .get(usize::from(frame))
                        .map_or(0, |f| f.targets.len());
                    if usize::from(slot) >= n {
                        return bad("a task names an unknown target slot".into());
                    }
                }
                Task::AskAllTargets { frame }
                | Task::AskOptional { frame }
                | Task::PayCost { frame, .. }
                | Task::AskDiscardCost { frame, .. }
                | Task::Declared { frame }
                | Task::Resolve { frame }
                | Task::FinishCard { frame } => frame_ok(frame)?,
                Task::AskForceSwap {
                    frame,
                    side,
                    chooser,
                } => {
                    frame_ok(frame)?;
                    seat_ok(side, "a task")?;
                    seat_ok(chooser, "a task")?;
                }
                Task::AskHandDiscard { seat, .. } => seat_ok(seat, "a task")?,
                Task::StartAbility { source, .. } if source.index() >= total => {
                    return bad("a task names an unknown card".into())
                }
                _ => {}
            }
        }
        for s in self.g.pending.seats().iter() {
            seat_ok(s, "the pending decision")?;
        }
        match (&self.g.outcome, self.g.pending) {
            (Some(_), Pending::GameOver) | (None, _) => {}
            (Some(_), _) => return bad("the game has an outcome but waits for a decision".into()),
        }
        if self.g.outcome.is_none() && self.g.pending == Pending::GameOver {
            return bad("the game is over but has no outcome".into());
        }
        if let Pending::Placement { .. } = self.g.pending {
            if self.g.step != Step::Setup || self.g.players.iter().any(|p| p.setup.is_none()) {
                return bad("a placement is pending outside setup".into());
            }
        }
        self.validate_sizes()
    }

    /// Lists a loaded state may hold are bounded (far above what play produces), so no
    /// input makes one call slow or large.
    fn validate_sizes(&self) -> Result<(), Error> {
        let g = &self.g;
        let n = self.num_cards();
        let checks = [
            ("tasks", g.tasks.len(), MAX_LIST),
            ("queued", g.queued.len(), MAX_LIST),
            ("temp_mods", g.temp_mods.len(), MAX_LIST),
            ("frames", g.frames.len(), 250),
            ("start_pending", g.start_pending.len(), 256),
            ("first_rolls", g.first_rolls.len(), 1000),
            ("rolls", g.rolls.len(), 64),
            ("in_use", g.in_use.len(), n),
        ];
        for (what, len, max) in checks {
            if len > max {
                return Err(Error::state(format!(
                    "`{what}` holds {len} entries; at most {max}"
                )));
            }
        }
        let forced: Vec<&fuda_core::Forced> = g.rng.forced().take(MAX_FORCED + 1).collect();
        let long_shuffle = forced
            .iter()
            .any(|f| matches!(f, fuda_core::Forced::Shuffle(keys) if keys.len() > n));
        if forced.len() > MAX_FORCED || long_shuffle {
            return Err(Error::state(
                "the forced outcomes are too many or name more cards than the game has",
            ));
        }
        if let Some(max) = self.config().max_actions {
            if g.actions > max {
                return Err(Error::state("more actions were taken than `max_actions`"));
            }
        }
        if g.tasks
            .iter()
            .any(|t| matches!(t, Task::Window { passes, .. } if *passes > 2))
        {
            return Err(Error::state(
                "a response window counts more than two passes",
            ));
        }
        Ok(())
    }

    /// The pending decision is the one the procedure stack asks for, so the seat it names
    /// has a legal action.
    fn validate_pending(&self) -> Result<(), Error> {
        let g = &self.g;
        let top = g.tasks.last();
        let bad = |what: &str| {
            Err(Error::state(format!(
                "the pending decision does not match the game: {what}"
            )))
        };
        let controller = |f: u8| g.frames.get(usize::from(f)).map(|fr| fr.controller);
        let hand = |seat: Seat| g.players[seat.index() & 1].hand().len();
        let quiet = g.tasks.is_empty();
        match g.pending {
            Pending::Placement { waiting } => {
                let open: SeatSet = [Seat(0), Seat(1)]
                    .into_iter()
                    .filter(|p| {
                        !g.players[p.index()]
                            .setup
                            .as_ref()
                            .is_some_and(|d| d.committed)
                    })
                    .collect();
                if !quiet || waiting != open || waiting.is_empty() {
                    return bad("the placement waits for the wrong seats");
                }
            }
            Pending::SoulCharge { seat }
                if !(quiet && g.step == Step::SoulCharge) || seat != g.active =>
            {
                return bad("a soul-charge choice outside step 2");
            }
            Pending::StartEffects { seat }
                if !(quiet && g.step == Step::StartEffects && !g.start_pending.is_empty())
                    || seat != g.active =>
            {
                return bad("start-of-turn effects without any pending");
            }
            Pending::Main { seat } if !(quiet && g.step == Step::Main) || seat != g.active => {
                return bad("a main step outside step 4");
            }
            Pending::EndTurn { seat } if !(quiet && g.step == Step::End) || seat != g.active => {
                return bad("an end of turn outside step 6");
            }
            Pending::Respond { seat, window } => {
                let ok = matches!(top, Some(Task::Window { window: w, ask, passes })
                    if *w == window && *ask == seat && *passes < 2);
                if !ok {
                    return bad("a response without its window");
                }
            }
            Pending::Refill { seat } => {
                let empty = g.players[seat.index()].bf().is_none();
                if !matches!(top, Some(Task::Refills { .. })) || !empty {
                    return bad("a refill without an empty battlefield");
                }
            }
            Pending::NextDefeat { seat } => {
                let ok = matches!(top, Some(Task::Defeats { next, .. }) if *next == seat);
                if !ok {
                    return bad("a defeat order outside the defeats");
                }
            }
            Pending::PayDiscard { seat, remaining } => {
                let ok = matches!(top, Some(Task::AskDiscardCost { frame, remaining: r })
                    if *r == remaining && controller(*frame) == Some(seat));
                if !ok || hand(seat) == 0 {
                    return bad("a cost discard without its cost");
                }
            }
            Pending::DiscardFromHand { seat, remaining } => {
                let ok = top == Some(&Task::AskHandDiscard { seat, remaining });
                if !ok || hand(seat) == 0 {
                    return bad("a hand discard without its effect");
                }
            }
            Pending::ChooseTarget { seat, .. } => {
                let ok = matches!(top, Some(Task::AskTarget { frame, .. })
                    if controller(*frame) == Some(seat));
                if !ok {
                    return bad("a target choice without its effect");
                }
            }
            Pending::May { seat, .. } => {
                let ok = matches!(top,
                    Some(Task::AskMay { frame, .. } | Task::AskOptional { frame })
                    if controller(*frame) == Some(seat));
                if !ok {
                    return bad("an optional effect without its effect");
                }
            }
            Pending::ForceSwap { seat, side } => {
                let ok = matches!(top, Some(Task::AskForceSwap { side: sd, chooser, .. })
                    if *sd == side && *chooser == seat);
                if !ok {
                    return bad("a forced swap without its effect");
                }
            }
            _ => {}
        }
        // Whatever else an edited file gets wrong, a game that goes on always has someone
        // with a legal action: the game is over exactly when nobody may act.
        if g.outcome.is_none() {
            let seats = g.pending.seats();
            if seats.is_empty() {
                return bad("nobody is to act, yet the game is not over");
            }
            if let Some(seat) = fuda_core::seat_without_action::<crate::Mattsan>(self) {
                return Err(Error::state(format!(
                    "the pending decision {:?} offers {seat} no action",
                    g.pending
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, State, StateData};
    use crate::{Config, Mattsan};
    use fuda_core::{Game, GameRng};

    /// Names the first list of the state that spilled to the heap.
    fn spilled(g: &Board) -> Option<&'static str> {
        let board = [
            ("first_rolls", g.first_rolls.is_heap()),
            ("in_use", g.in_use.is_heap()),
            ("frames", g.frames.spilled()),
            ("targets", g.frames.iter().any(|f| f.targets.is_heap())),
            ("temp_mods", g.temp_mods.is_heap()),
            ("start_pending", g.start_pending.is_heap()),
            ("queued", g.queued.is_heap()),
            ("rolls", g.rolls.is_heap()),
            ("tasks", g.tasks.is_heap()),
        ];
        board.into_iter().find(|&(_, s)| s).map(|(name, _)| name)
    }

    /// Issue 14: a clone copies the whole struct, so the inline capacities stay modest
    /// (1,648 bytes on 64-bit targets when each player's deck, hand, discard pile and souls
    /// shared one inline block of 30 that could spill, 1,888 with the souls apart, 2,064
    /// with four lists; fixed lists of 60 cards for each zone, which a `deck_size` of 60
    /// allows, made it 2,900 and streaming clones twice as dear). One fixed block of 60 per
    /// player, with the known hand cards as bits, makes a player `Copy` for 1,728 bytes
    /// (1,736 since the handle to the rules says whether they are kept or counted).
    #[test]
    fn state_stays_small() {
        assert!(
            std::mem::size_of::<State>() <= 1_736,
            "{}",
            std::mem::size_of::<State>()
        );
    }

    /// Issue 14: the small lists hold as many items inline as fit in the heap arm's 24
    /// bytes, or stop just below the next 8-byte step; one item more would grow each.
    #[test]
    fn inline_lists_stop_below_a_size_step() {
        use super::*;
        use std::mem::size_of;
        let vec = size_of::<Vec<CardId>>();
        assert_eq!(size_of::<TinyVec<[CardId; IN_USE]>>(), vec);
        assert_eq!(size_of::<TinyVec<[[u8; 2]; ROLL_OFFS]>>(), vec);
        assert_eq!(size_of::<TinyVec<[Target; FRAME_TARGETS]>>(), vec);
        assert_eq!(size_of::<TinyVec<[WindowEvent; QUEUED]>>(), vec);
        assert!(
            size_of::<TinyVec<[TempMod; TEMP_MODS + 1]>>()
                > size_of::<TinyVec<[TempMod; TEMP_MODS]>>()
        );
        assert!(
            size_of::<TinyVec<[(CardId, u8); START_PENDING + 1]>>()
                > size_of::<TinyVec<[(CardId, u8); START_PENDING]>>()
        );
        assert!(size_of::<TinyVec<[Task; TASKS + 1]>>() > size_of::<TinyVec<[Task; TASKS]>>());
    }

    /// Issue 14: random playouts of the default configuration keep every list of the state
    /// inline (the capacities of this module hold what the sample card set produces).
    #[test]
    fn default_playouts_stay_inline() {
        let mut buf = Vec::new();
        for seed in 0..200 {
            let mut rng = GameRng::from_seed(seed);
            let mut s: State = Mattsan::new_game(&Config::default(), seed).unwrap();
            loop {
                assert_eq!(spilled(&s.g), None, "seed {seed}, turn {}", s.g.turn);
                if s.g.outcome.is_some() {
                    break;
                }
                Mattsan::legal_actions(&s, &mut buf);
                let a = rng.pick(&buf).cloned().unwrap();
                Mattsan::apply_in_place(&mut s, &a).unwrap();
            }
        }
    }

    /// Issue 14: a state read back from JSON shares the kept rules of its configuration.
    #[test]
    fn rules_of_a_configuration_are_kept_and_shared() {
        let a =
            <crate::Mattsan as fuda_core::Game>::new_game(&Default::default(), 1).expect("a game");
        let b = State::try_from(StateData::from(a.clone())).expect("read back");
        assert!(a.rules.0.is_kept() && fuda_core::Shared::ptr_eq(&a.rules.0, &b.rules.0));
    }
}
