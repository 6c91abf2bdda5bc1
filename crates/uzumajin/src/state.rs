//! The game state, its serialized form and the checks that make a loaded state safe.

use crate::cards::{CardId, CardInfo, CardSet, CardType, DefId, Op};
use crate::config::{ColourSource, Config, FirstPlayer, MpMode, PowerRule};
use crate::error::{clip, Error};
use crate::majin_table::MajinTable;
use crate::zones::{Place, Zones};
use fuda_core::{GameRng, Outcome, Pile, Seat, Shared, TinyVec, MAX_FORCED};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::hash::{Hash, Hasher};

/// Cards one player's zones (Majin Box, hand, graveyard, damage zone) hold inline: a deck is
/// exactly 40 cards (MJ-3.2, the default `deck_size`) and a zone holds only its owner's
/// cards, so with the sample decks the zones never spill; bigger custom decks spill to the
/// heap (slower, correct). 40 `u16` ids are 80 bytes; [`Zones`] holds both players' 80.
pub(crate) const ZONE_CARDS: usize = 40;

/// Cards a damage zone holds inline: the game ends when it reaches `damage_to_lose` = 7
/// (MJ-3.4, MJ-7.1). Seven `u16`s and the length (16 bytes) fit beside the capacity of
/// the heap arm's `Vec`, whose invalid values mark the arm, so the list takes 24 bytes;
/// an eighth card would make it 32 (checked by `inline_lists_take_no_more_than_a_vec`).
pub(crate) const DAMAGE_CARDS: usize = 7;

/// Cards a majin's stack holds inline: at most `max_cards_per_majin` = 4 by default
/// (MJ-3.5, MJ-A2). 7 is the same size as 4 (24 bytes, as for a damage zone), so custom
/// limits up to 7 stay inline too; `None` or larger limits spill past 7. A majin takes 40
/// bytes, and the table of both players' majins holds 32 of them.
pub const MAJIN_CARDS: usize = 7;

pub(crate) use crate::majin_table::MAX_MAJINS;

/// Opponent's face-down cards a player remembers inline (MJ-8.1): at most the opponent's
/// ura majins on the table, at most one placed per turn (MJ-4.3) and a peek needs a spell.
/// 7 costs no more than fewer (see [`DAMAGE_CARDS`]); more spill.
pub(crate) const PEEKED_CARDS: usize = 7;

/// A majin's id: stable, never reused (MJ-3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MajinId(pub u16);

impl fmt::Display for MajinId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "M{}", self.0)
    }
}

/// The two zones a majin can be in (MJ-3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    /// 準備ゾーン: new majins start here.
    Prepare,
    /// バトルゾーン: majins attack and block from here.
    Battle,
}

/// A majin: a stack of 1..=4 cards acting as one unit (MJ-3.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Majin {
    /// Stable id.
    pub id: MajinId,
    /// Its zone.
    pub zone: Zone,
    /// Tapped (◇) or untapped (□).
    pub tapped: bool,
    /// The bottom card is face-down (an ura majin's card); only the bottom card can be.
    pub face_down: bool,
    /// The cards, bottom first (inline up to [`MAJIN_CARDS`]; JSON: a list).
    pub cards: TinyVec<[CardId; MAJIN_CARDS]>,
    /// Power modifiers until end of turn.
    #[serde(default)]
    pub turn_mod: i16,
    /// Power modifiers until end of battle.
    #[serde(default)]
    pub battle_mod: i16,
}

impl Majin {
    /// The face-up souls, bottom first.
    pub fn face_up(&self) -> &[CardId] {
        let skip = usize::from(self.face_down).min(self.cards.len());
        self.cards.get(skip..).unwrap_or(&[])
    }

    /// The face-down card, if any.
    pub fn face_down_card(&self) -> Option<CardId> {
        if self.face_down {
            self.cards.first().copied()
        } else {
            None
        }
    }
}

/// One player's own records; its cards are in the state's [`Zones`] and [`MajinTable`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Player {
    /// Own turns begun so far (MJ-3.9).
    pub turns_taken: u32,
    /// Opponent's face-down cards this player has seen through `Peek` (MJ-8.1).
    pub peeked: TinyVec<[CardId; PEEKED_CARDS]>,
}

/// The serialized form of one player's zones, majins included (as before the majins of
/// both players moved to one table).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayerData {
    mb: Pile<CardId, ZONE_CARDS>,
    hand: TinyVec<[CardId; ZONE_CARDS]>,
    graveyard: TinyVec<[CardId; ZONE_CARDS]>,
    damage: TinyVec<[CardId; DAMAGE_CARDS]>,
    /// Majins in both zones, in id order. Each majin keeps its own inline stack (rather
    /// than one flat card array with offsets) so that adding or destroying a card touches
    /// one majin only.
    majins: Vec<Majin>,
    turns_taken: u32,
    peeked: TinyVec<[CardId; PEEKED_CARDS]>,
}

/// The rules of one game: configuration, card set and which definition each card
/// instance is. Shared by every state of the game.
#[derive(Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub cards: CardSet,
    /// The definition of each instance; seat 0's instances first.
    pub instances: Vec<DefId>,
    pub deck_size: usize,
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
        self.0.deck_size.hash(state);
    }
}

impl Rules {
    /// Validates a configuration and its decks (MJ-3.2) and builds the rules.
    pub fn new(config: &Config) -> Result<Rules, Error> {
        let c = config;
        if c.num_players != 2 {
            return Err(Error::config(
                "num_players",
                format!(
                    "{} players: Uzumajin is a game for exactly 2 players",
                    c.num_players
                ),
            ));
        }
        if !(10..=200).contains(&c.deck_size) {
            return Err(Error::config(
                "deck_size",
                format!("{} is out of range 10..=200", c.deck_size),
            ));
        }
        if c.max_copies_per_card == Some(0) {
            return Err(Error::config("max_copies_per_card", "must be at least 1"));
        }
        if u16::from(c.opening_hand) > c.deck_size {
            return Err(Error::config(
                "opening_hand",
                format!("{} is more than the deck holds", c.opening_hand),
            ));
        }
        if c.damage_to_lose == 0 {
            return Err(Error::config("damage_to_lose", "must be at least 1"));
        }
        if let FirstPlayer::Fixed(seat) = c.first_player {
            if seat.index() >= 2 {
                return Err(Error::config(
                    "first_player",
                    format!("{seat} is not a seat of a 2-player game"),
                ));
            }
        }
        if let Some(m) = c.max_cards_per_majin {
            if !(1..=16).contains(&m) {
                return Err(Error::config(
                    "max_cards_per_majin",
                    format!("{m} is out of range 1..=16"),
                ));
            }
        }
        if c.combat_cards_per_player > 10 {
            return Err(Error::config(
                "combat_cards_per_player",
                format!("{} is out of range 0..=10", c.combat_cards_per_player),
            ));
        }
        if c.max_turns == Some(0) {
            return Err(Error::config("max_turns", "must be at least 1 when set"));
        }
        let cards = c.card_set.resolve();
        let deck_size = usize::from(c.deck_size);
        let mut instances = Vec::with_capacity(2 * deck_size);
        for (i, deck) in c.decks.iter().enumerate() {
            let seat = Seat(i as u8);
            let bad = |message: String| Error::Deck { seat, message };
            // Sizes first, so a huge list costs nothing: each entry holds at least 1 card.
            if deck.0.len() > deck_size {
                return Err(bad(format!(
                    "it lists {} entries; a deck of {deck_size} cards has at most {deck_size}",
                    deck.0.len()
                )));
            }
            if deck.total() != deck_size {
                return Err(bad(format!(
                    "it has {} cards; a deck must have exactly {deck_size}",
                    deck.total()
                )));
            }
            let mut copies: BTreeMap<&str, usize> = BTreeMap::new();
            for entry in &deck.0 {
                let def = cards.find(&entry.card).ok_or_else(|| {
                    bad(format!(
                        "card `{}` is not in the card set",
                        clip(&entry.card)
                    ))
                })?;
                if entry.count == 0 {
                    return Err(bad(format!(
                        "card `{}` is listed with 0 copies",
                        clip(&entry.card)
                    )));
                }
                *copies.entry(&entry.card).or_default() += usize::from(entry.count);
                for _ in 0..entry.count {
                    instances.push(def);
                }
            }
            if let Some(max) = c.max_copies_per_card {
                if let Some((card, n)) = copies.iter().find(|(_, n)| **n > usize::from(max)) {
                    return Err(bad(format!(
                        "it has {n} copies of `{}`; at most {max} are allowed",
                        clip(card)
                    )));
                }
            }
        }
        Ok(Rules {
            config: config.clone(),
            cards,
            instances,
            deck_size,
        })
    }

    /// The owner of a card instance (its deck).
    pub fn owner(&self, card: CardId) -> Seat {
        Seat(u8::from(card.index() >= self.deck_size))
    }

    /// The definition of a card instance.
    pub fn def_of(&self, card: CardId) -> Option<DefId> {
        self.instances.get(card.index()).copied()
    }

    /// The rules data of a card instance.
    pub fn info(&self, card: CardId) -> Option<&CardInfo> {
        self.def_of(card).and_then(|d| self.cards.info(d))
    }

    /// The card type of an instance.
    pub fn card_type(&self, card: CardId) -> Option<CardType> {
        self.info(card).map(|i| i.card_type)
    }

    /// The compiled effect of an instance.
    pub fn program(&self, card: CardId) -> &[Op] {
        self.def_of(card).map_or(&[], |d| self.cards.program(d))
    }

    /// The card's `id` string.
    pub fn id_str(&self, card: CardId) -> &str {
        self.def_of(card)
            .and_then(|d| self.cards.def(d))
            .map_or("?", |d| d.id())
    }

    /// Number of card instances in the game.
    pub fn num_cards(&self) -> usize {
        self.instances.len()
    }
}

/// The steps of a turn (§4), public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Before the first turn (A1).
    Setup,
    /// Steps 1–3: untap & retreat, draw, ura majin.
    Start,
    /// Step 5: play.
    Main,
    /// Step 6: attack.
    Attack,
    /// Steps 7–8: move, end.
    Move,
}

/// The combat window of an attack (MJ-6.5): who holds priority, how many combat cards
/// each player used, and how many passes in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Window {
    /// The priority holder.
    pub holder: Seat,
    /// Combat cards used, per seat.
    pub used: [u8; 2],
    /// Consecutive passes (2 closes the window).
    pub passes: u8,
}

/// The attack in progress (§6), public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The attacking majin (it may have ceased to exist mid-battle).
    pub attacker: MajinId,
    /// The blocker, once one blocks.
    pub blocker: Option<MajinId>,
    /// The combat window, while open.
    pub window: Option<Window>,
}

/// Which Uzumajin double effect is being asked about (A15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    /// 2 cards destroyed on a won battle (MJ-6.8).
    Destroy,
    /// 2 damage on an unblocked attack (MJ-6.3).
    Damage,
}

/// The decision the game waits for, and whose it is. Public (spec §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Pending {
    /// A1: the janken winner chooses the turn order.
    TurnOrder {
        /// The janken winner.
        seat: Seat,
    },
    /// Step 3: A2 or A3.
    UraMajin {
        /// The active player.
        seat: Seat,
    },
    /// Step 5: A4, A5 or A6.
    Main {
        /// The active player.
        seat: Seat,
    },
    /// Step 6: A7 or A8.
    Attack {
        /// The active player.
        seat: Seat,
    },
    /// MJ-6.2: A10 or A11.
    Block {
        /// The defender.
        seat: Seat,
    },
    /// MJ-6.5: A12 or A13.
    Combat {
        /// The priority holder.
        seat: Seat,
    },
    /// A9: the target of step `pc` of `card`'s effect.
    Target {
        /// The effect's controller.
        seat: Seat,
        /// The card whose effect resolves.
        card: CardId,
        /// The step of its compiled effect.
        pc: u8,
        /// The majin the entering soul joined.
        this: Option<MajinId>,
    },
    /// A9: the answer to the `May` at step `pc` of `card`'s effect.
    May {
        /// The effect's controller.
        seat: Seat,
        /// The card whose effect resolves.
        card: CardId,
        /// The step of its compiled effect.
        pc: u8,
        /// The majin the entering soul joined.
        this: Option<MajinId>,
    },
    /// A15: the Uzumajin owner decides on the double effect.
    UzumajinBonus {
        /// The Uzumajin's owner.
        seat: Seat,
        /// Destroy or damage.
        kind: BonusKind,
        /// The losing majin (for `Destroy`).
        loser: Option<MajinId>,
    },
    /// A14: advance eligible majins one at a time.
    Advance {
        /// The active player.
        seat: Seat,
    },
    /// The game is over.
    GameOver,
}

impl Pending {
    /// The seat that must decide (none once the game is over).
    pub fn seat(self) -> Option<Seat> {
        match self {
            Pending::TurnOrder { seat }
            | Pending::UraMajin { seat }
            | Pending::Main { seat }
            | Pending::Attack { seat }
            | Pending::Block { seat }
            | Pending::Combat { seat }
            | Pending::Target { seat, .. }
            | Pending::May { seat, .. }
            | Pending::UzumajinBonus { seat, .. }
            | Pending::Advance { seat } => Some(seat),
            Pending::GameOver => None,
        }
    }
}

/// The most procedure steps a state may queue: play queues at most a handful (an effect
/// inside a combat window inside an attack inside a turn).
pub(crate) const MAX_TASKS: usize = 16;

/// A step of a rules procedure still to run. Procedures that can stop for a decision
/// (an effect waiting for a target, a battle waiting for priority) are kept as a stack of
/// steps in the state, so the game can stop for any player's decision and resume.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub(crate) enum Task {
    /// MJ-4.0–4.3: deck-out check, untap & retreat, draw, ask for the ura majin.
    #[default]
    BeginTurn,
    /// MJ-4.4: count MP, then step 5.
    CountMp,
    /// Step 5: ask the active player again.
    Main,
    /// MJ-12.3: resolve `card`'s effect from step `pc`.
    Effect {
        card: CardId,
        pc: u8,
        this: Option<MajinId>,
    },
    /// Step 6: ask for the next attack, or move on.
    AttackStep,
    /// MJ-6.2: ask the defender to block, or go on unblocked if nobody can.
    BlockStep,
    /// MJ-6.5: the next combat-window decision, or close the window.
    Window,
    /// MJ-6.3 / MJ-6.7 / MJ-6.8: resolve the attack.
    ResolveAttack,
    /// MJ-6.10: the attack ends.
    EndAttack,
    /// MJ-4.7 (a): advance.
    Advance,
    /// MJ-4.7 (b) and MJ-4.8: retreat, end of turn, next turn.
    EndTurn,
}

/// The full state of a game, hidden information included. Cheap to clone; the rules are
/// shared. Its JSON form is checked on load, so a tampered file gives
/// [`Error::InvalidState`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StateData", try_from = "StateData")]
pub struct State {
    pub(crate) rules: RulesRef,
    pub(crate) rng: GameRng,
    pub(crate) players: [Player; 2],
    /// Both players' cards outside their majins.
    pub(crate) zones: Zones,
    /// Both players' majins.
    pub(crate) majins: MajinTable,
    pub(crate) active: Seat,
    pub(crate) first: Option<Seat>,
    pub(crate) janken_winner: Option<Seat>,
    /// Game-wide number of the current turn (0 before the first).
    pub(crate) turn: u32,
    pub(crate) step: Step,
    pub(crate) mp_pool: u32,
    pub(crate) mp_spent: u32,
    pub(crate) next_majin: u16,
    pub(crate) attack: Option<Attack>,
    /// At most [`MAX_TASKS`] in play and in a loaded state (checked), so always inline.
    pub(crate) tasks: TinyVec<[Task; MAX_TASKS]>,
    pub(crate) pending: Pending,
    pub(crate) outcome: Option<Outcome>,
}

/// The serialized form of [`State`]: the same data with the configuration in place of the
/// shared rules.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateData {
    config: Config,
    rng: GameRng,
    players: [PlayerData; 2],
    active: Seat,
    first: Option<Seat>,
    janken_winner: Option<Seat>,
    turn: u32,
    step: Step,
    mp_pool: u32,
    mp_spent: u32,
    next_majin: u16,
    attack: Option<Attack>,
    tasks: Vec<Task>,
    pending: Pending,
    outcome: Option<Outcome>,
}

impl From<State> for StateData {
    fn from(s: State) -> StateData {
        StateData {
            config: s.rules.0.config.clone(),
            rng: s.rng,
            players: [Seat(0), Seat(1)].map(|seat| {
                let p = &s.players[seat.index()];
                let zone = |place| s.zones.get(seat, place);
                PlayerData {
                    mb: Pile::from_slice(zone(Place::Mb)),
                    hand: zone(Place::Hand).iter().copied().collect(),
                    graveyard: zone(Place::Graveyard).iter().copied().collect(),
                    damage: zone(Place::Damage).iter().copied().collect(),
                    majins: s.majins.of(seat).to_vec(),
                    turns_taken: p.turns_taken,
                    peeked: p.peeked.clone(),
                }
            }),
            active: s.active,
            first: s.first,
            janken_winner: s.janken_winner,
            turn: s.turn,
            step: s.step,
            mp_pool: s.mp_pool,
            mp_spent: s.mp_spent,
            next_majin: s.next_majin,
            attack: s.attack,
            tasks: s.tasks.to_vec(),
            pending: s.pending,
            outcome: s.outcome,
        }
    }
}

impl TryFrom<StateData> for State {
    type Error = Error;
    fn try_from(d: StateData) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&d.config)?;
        let mut majins = MajinTable::default();
        let zones = Zones::from_lists(d.players.each_ref().map(|p| {
            [
                p.mb.as_slice(),
                p.hand.as_slice(),
                p.graveyard.as_slice(),
                p.damage.as_slice(),
            ]
        }));
        let [p0, p1] = d.players.map(|p| {
            let player = Player {
                turns_taken: p.turns_taken,
                peeked: p.peeked,
            };
            (player, p.majins)
        });
        for (seat, list) in [(Seat(0), p0.1), (Seat(1), p1.1)] {
            // In list order: `validate` refuses a list out of id order.
            for m in list {
                majins.push(seat, m);
            }
        }
        let state = State {
            rules: RulesRef(rules),
            rng: d.rng,
            players: [p0.0, p1.0],
            zones,
            majins,
            active: d.active,
            first: d.first,
            janken_winner: d.janken_winner,
            turn: d.turn,
            step: d.step,
            mp_pool: d.mp_pool,
            mp_spent: d.mp_spent,
            next_majin: d.next_majin,
            attack: d.attack,
            // Collected, not `from_vec`, so the steps sit inline whatever the Vec's capacity.
            tasks: d.tasks.into_iter().collect(),
            pending: d.pending,
            outcome: d.outcome,
        };
        state.validate()?;
        Ok(state)
    }
}

/// Splits a position's card name into its card key and copy number (`red_imp#2` →
/// `("red_imp", Some(2))`, `red_imp` → `("red_imp", None)`). A suffix that is not a
/// number from 1 up is part of the key.
pub(crate) fn parse_card_name(name: &str) -> (&str, Option<usize>) {
    if let Some((key, k)) = name.rsplit_once('#') {
        if !key.is_empty() && !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(k) = k.parse::<usize>() {
                if k >= 1 {
                    return (key, Some(k));
                }
            }
        }
    }
    (name, None)
}

/// The other seat of a 2-player game.
pub(crate) fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
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

    /// The `id` string of a card instance (`?` if out of range).
    pub fn card_name(&self, card: CardId) -> &str {
        self.rules().id_str(card)
    }

    /// The instances of card `id` in `seat`'s deck, in instance order.
    pub fn instances_of(&self, seat: Seat, id: &str) -> Vec<CardId> {
        let r = self.rules();
        let def = r.cards.find(id);
        (0..r.num_cards())
            .map(|i| CardId(i as u16))
            .filter(|&c| r.owner(c) == seat && r.def_of(c) == def && def.is_some())
            .collect()
    }

    /// Names back: the card instance that the position name `name` gives in `seat`'s
    /// deck. `key#k` is the k-th copy of card `key` in instance (deck-list) order, 1-based;
    /// a plain `key` is its first copy (the copy a position's first plain mention of `key`
    /// receives, unless `key#1` is named explicitly). `None` if the deck holds no such copy.
    pub fn card_id(&self, seat: Seat, name: &str) -> Option<CardId> {
        let (key, k) = parse_card_name(name);
        self.instances_of(seat, key)
            .get(k.unwrap_or(1).checked_sub(1)?)
            .copied()
    }

    /// The position name of a card instance: its card key when its deck holds one copy of
    /// that card, else `key#k` for the k-th copy (the inverse of [`State::card_id`]).
    pub fn card_label(&self, card: CardId) -> String {
        let r = self.rules();
        let key = r.id_str(card);
        let copies = self.instances_of(r.owner(card), key);
        match copies.iter().position(|&c| c == card) {
            Some(i) if copies.len() > 1 => format!("{key}#{}", i + 1),
            _ => key.to_string(),
        }
    }

    pub(crate) fn player(&self, seat: Seat) -> &Player {
        &self.players[usize::from(seat.0 >= 1)]
    }

    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[usize::from(seat.0 >= 1)]
    }

    /// The active player.
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Who went first, once decided.
    pub fn first_player(&self) -> Option<Seat> {
        self.first
    }

    /// Game-wide number of the current turn (1 = the first player's first turn).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Own turns `seat` has begun.
    pub fn turns_taken(&self, seat: Seat) -> u32 {
        self.player(seat).turns_taken
    }

    /// The current step.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The decision the game waits for.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The attack in progress.
    pub fn attack(&self) -> Option<&Attack> {
        self.attack.as_ref()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// A player's hand, in the order its cards entered it (hidden information).
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.zones.get(seat, Place::Hand)
    }

    /// A player's Majin Box, bottom first (hidden information).
    pub fn majin_box(&self, seat: Seat) -> &[CardId] {
        self.zones.get(seat, Place::Mb)
    }

    /// A player's graveyard, bottom first.
    pub fn graveyard(&self, seat: Seat) -> &[CardId] {
        self.zones.get(seat, Place::Graveyard)
    }

    /// A player's damage zone (hidden identities).
    pub fn damage_zone(&self, seat: Seat) -> &[CardId] {
        self.zones.get(seat, Place::Damage)
    }

    /// A player's majins, in id order.
    pub fn majins(&self, seat: Seat) -> &[Majin] {
        self.majins.of(seat)
    }

    /// A majin and its owner.
    pub fn majin(&self, id: MajinId) -> Option<(Seat, &Majin)> {
        self.majins.find(id)
    }

    pub(crate) fn majin_mut(&mut self, id: MajinId) -> Option<&mut Majin> {
        self.majins.find_mut(id)
    }

    /// MP left for the active player in step 5 (MJ-4.4, MJ-5.3, MJ-A10).
    pub fn mp_available(&self) -> u32 {
        let total = match self.config().mp_mode {
            MpMode::PoolAtStep4 => self.mp_pool,
            MpMode::LiveCount => self.count_majins(),
        };
        total.saturating_sub(self.mp_spent)
    }

    /// Majins on both players' fields (MJ-4.4).
    pub fn count_majins(&self) -> u32 {
        self.majins.len() as u32
    }

    /// MJ-3.6: exactly 4 (with a limit of 4) face-up souls; any face-down card disqualifies.
    pub fn is_uzumajin(&self, m: &Majin) -> bool {
        !m.face_down && m.cards.len() >= 4
    }

    /// The highest number of cards a majin may hold.
    pub(crate) fn max_cards(&self) -> usize {
        self.config()
            .max_cards_per_majin
            .map_or(usize::MAX, usize::from)
    }

    /// MJ-6.6: the power of a majin.
    pub fn power(&self, m: &Majin) -> u32 {
        let r = self.rules();
        let power = |c: &CardId| i32::from(r.info(*c).map_or(0, |i| i.power));
        let up = m.face_up();
        let printed = match self.config().power_rule {
            PowerRule::SumFaceUp => up.iter().map(power).sum(),
            PowerRule::TopSoul => up.last().map_or(0, power),
            PowerRule::MaxFaceUp => up.iter().map(power).max().unwrap_or(0),
        };
        let attacking = self.attack.is_some_and(|a| a.attacker == m.id);
        let blocking = self.attack.is_some_and(|a| a.blocker == Some(m.id));
        let statics: i32 = up
            .iter()
            .filter_map(|c| r.info(*c))
            .map(|i| {
                i32::from(i.static_always)
                    + if attacking {
                        i32::from(i.static_attacking)
                    } else {
                        0
                    }
                    + if blocking {
                        i32::from(i.static_blocking)
                    } else {
                        0
                    }
            })
            .sum();
        let total = printed + statics + i32::from(m.turn_mod) + i32::from(m.battle_mod);
        total.max(0) as u32
    }

    /// MJ-5.2: the first required colour of `card` that `seat`'s field lacks.
    pub(crate) fn missing_colour(&self, seat: Seat, card: CardId) -> Option<String> {
        let idx = self.missing_colour_index(seat, card)?;
        Some(
            self.rules()
                .cards
                .colours()
                .get(idx)
                .cloned()
                .unwrap_or_default(),
        )
    }

    /// MJ-5.2: the colours that count for `seat`'s colour requirements, one bit per colour
    /// index: those of the face-up souls on its own field, or on both fields under
    /// [`ColourSource::AnyFaceUp`].
    pub(crate) fn field_colours(&self, seat: Seat) -> u32 {
        let r = self.rules();
        let sources: &[Seat] = match self.config().colour_source {
            ColourSource::OwnFaceUp => &[seat],
            ColourSource::AnyFaceUp => &[Seat(0), Seat(1)],
        };
        let mut have = 0u32;
        for &s in sources {
            for m in self.majins(s) {
                for c in m.face_up() {
                    if let Some(col) = r.info(*c).and_then(|i| i.colour) {
                        have |= 1 << col;
                    }
                }
            }
        }
        have
    }

    /// The index of the first required colour of `card` that `seat`'s field lacks.
    fn missing_colour_index(&self, seat: Seat, card: CardId) -> Option<usize> {
        let need = self.rules().info(card)?.required;
        if need == 0 {
            return None;
        }
        let missing = need & !self.field_colours(seat);
        if missing == 0 {
            return None;
        }
        Some(missing.trailing_zeros() as usize)
    }

    /// Every card in every zone, in no particular order.
    pub(crate) fn all_cards(&self) -> Vec<CardId> {
        let mut all = Vec::with_capacity(self.rules().num_cards());
        all.extend(self.zones.all());
        for m in self.majins.all() {
            all.extend(m.cards.iter());
        }
        all
    }

    /// Checks every invariant a loaded state must keep, so no later step can index out of
    /// range or lose a card.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        let r = self.rules();
        let seat_ok = |s: Seat, what: &str| -> Result<(), Error> {
            if s.index() < 2 {
                Ok(())
            } else {
                Err(Error::state(format!(
                    "{what} names {s}, not a seat of a 2-player game"
                )))
            }
        };
        seat_ok(self.active, "the active player")?;
        if let Some(s) = self.first {
            seat_ok(s, "the first player")?;
        }
        if let Some(s) = self.janken_winner {
            seat_ok(s, "the janken winner")?;
        }
        // Every card exactly once, each in its owner's zones.
        let mut seen = vec![false; r.num_cards()];
        for seat in [Seat(0), Seat(1)] {
            let zones = [Place::Mb, Place::Hand, Place::Graveyard, Place::Damage]
                .into_iter()
                .flat_map(|place| self.zones.get(seat, place))
                .chain(self.majins(seat).iter().flat_map(|m| m.cards.iter()));
            for &c in zones {
                match seen.get_mut(c.index()) {
                    None => return Err(Error::state(format!("card {c} is not in the game"))),
                    Some(true) => return Err(Error::state(format!("card {c} is in two places"))),
                    Some(slot) => *slot = true,
                }
                if r.owner(c) != seat {
                    return Err(Error::state(format!(
                        "card {c} belongs to {} but is in {seat}'s zones",
                        r.owner(c)
                    )));
                }
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(Error::state(format!("card #{missing} is missing")));
        }
        // Sizes a game never exceeds: a tampered file must not make later steps slow.
        if self.tasks.len() > MAX_TASKS {
            return Err(Error::state(format!(
                "{} procedure steps are queued; a game never queues more than {MAX_TASKS}",
                self.tasks.len()
            )));
        }
        if self.rng.forced().count() > MAX_FORCED {
            return Err(Error::state(format!(
                "more than {MAX_FORCED} forced random outcomes are queued"
            )));
        }
        for (i, p) in self.players.iter().enumerate() {
            if !p.peeked.windows(2).all(|w| w[0] < w[1]) {
                return Err(Error::state(format!(
                    "P{i}'s peeked cards are not sorted without repeats"
                )));
            }
        }
        let max = self.max_cards();
        let mut ids = Vec::new();
        for i in 0..2 {
            let damage = self.damage_zone(Seat(i as u8)).len();
            if damage >= usize::from(self.config().damage_to_lose) && self.outcome.is_none() {
                return Err(Error::state(format!(
                    "P{i} has {damage} damage but the game goes on"
                )));
            }
            let majins = self.majins(Seat(i as u8));
            if !majins.windows(2).all(|w| w[0].id < w[1].id) {
                return Err(Error::state(format!("P{i}'s majins are not in id order")));
            }
            for m in majins {
                ids.push(m.id);
                if m.cards.is_empty() || m.cards.len() > max {
                    return Err(Error::state(format!(
                        "majin {} holds {} cards",
                        m.id,
                        m.cards.len()
                    )));
                }
                if m.id.0 >= self.next_majin {
                    return Err(Error::state(format!(
                        "majin {} has an id not handed out yet",
                        m.id
                    )));
                }
                if let Some(c) = m
                    .face_up()
                    .iter()
                    .find(|c| r.card_type(**c) != Some(CardType::Soul))
                {
                    return Err(Error::state(format!(
                        "face-up card {c} in majin {} is not a soul",
                        m.id
                    )));
                }
                if let Some(c) = m.face_down_card() {
                    if !self.config().ura_any_card && r.card_type(c) != Some(CardType::Soul) {
                        return Err(Error::state(format!(
                            "face-down card {c} is not a soul (ura_any_card = false)"
                        )));
                    }
                }
            }
            let opponent = self.majins(Seat(1 - i as u8));
            for c in &self.players[i].peeked {
                if !opponent.iter().any(|m| m.face_down_card() == Some(*c)) {
                    return Err(Error::state(format!(
                        "P{i} remembers card {c}, which is not an opponent's face-down card"
                    )));
                }
            }
        }
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::state("two majins share an id"));
        }
        let program_ok = |card: CardId, pc: u8| -> Result<(), Error> {
            if r.def_of(card).is_none() || usize::from(pc) > r.program(card).len() {
                return Err(Error::state(format!(
                    "an effect step names card {card} step {pc}, which does not exist"
                )));
            }
            Ok(())
        };
        for t in &self.tasks {
            if let Task::Effect { card, pc, .. } = *t {
                program_ok(card, pc)?;
            }
        }
        if let Some(a) = &self.attack {
            if let Some(w) = &a.window {
                seat_ok(w.holder, "the combat window")?;
            }
        }
        match self.pending {
            Pending::GameOver => {
                if self.outcome.is_none() {
                    return Err(Error::state("the game is over but has no outcome"));
                }
            }
            p => {
                if self.outcome.is_some() {
                    return Err(Error::state(
                        "the game has an outcome but waits for a decision",
                    ));
                }
                if let Some(s) = p.seat() {
                    seat_ok(s, "the pending decision")?;
                }
            }
        }
        let active_decides = matches!(
            self.pending,
            Pending::UraMajin { .. }
                | Pending::Main { .. }
                | Pending::Attack { .. }
                | Pending::Advance { .. }
        );
        if active_decides && self.pending.seat() != Some(self.active) {
            return Err(Error::state(
                "the pending decision belongs to the active player",
            ));
        }
        match self.pending {
            Pending::Block { seat } => match &self.attack {
                Some(a) if a.blocker.is_none() && a.window.is_none() && seat != self.active => {}
                _ => return Err(Error::state("a block is pending but no attack awaits one")),
            },
            Pending::Combat { seat } => match self.attack.and_then(|a| a.window) {
                Some(w) if w.holder == seat => {}
                _ => {
                    return Err(Error::state(
                        "combat priority is pending but no window is open for that seat",
                    ))
                }
            },
            Pending::Target { seat, card, pc, .. } | Pending::May { seat, card, pc, .. } => {
                program_ok(card, pc)?;
                if r.owner(card) != seat {
                    return Err(Error::state(
                        "an effect waits for a player who does not control it",
                    ));
                }
                let op = r.program(card).get(usize::from(pc));
                let fits = match (self.pending, op) {
                    (Pending::May { .. }, Some(Op::May { .. })) => true,
                    (Pending::Target { .. }, Some(Op::Do(e))) => e.target().is_some(),
                    _ => false,
                };
                if !fits {
                    return Err(Error::state(
                        "the pending effect step does not match the card",
                    ));
                }
                if let (Pending::Target { .. }, Some(Op::Do(e))) = (self.pending, op) {
                    if crate::rules::effects::candidates(self, seat, e)
                        .next()
                        .is_none()
                    {
                        return Err(Error::state("a target is asked for but none is possible"));
                    }
                }
            }
            Pending::UzumajinBonus { kind, loser, .. }
                if self.attack.is_none() || (kind == BonusKind::Destroy) != loser.is_some() =>
            {
                return Err(Error::state(
                    "an Uzumajin bonus is pending outside an attack",
                ));
            }
            Pending::UraMajin { seat }
                if !self
                    .hand(seat)
                    .iter()
                    .any(|&c| crate::rules::turn::may_be_ura(self, c)) =>
            {
                return Err(Error::state(
                    "an ura majin is asked for but no hand card may be placed",
                ));
            }
            Pending::Attack { .. } | Pending::Main { .. } | Pending::UraMajin { .. }
                if self.attack.is_some() =>
            {
                return Err(Error::state("a step decision is pending during an attack"));
            }
            _ => {}
        }
        if let Some(seat) = fuda_core::seat_without_action::<crate::Uzumajin>(self) {
            return Err(Error::state(format!(
                "the pending decision {:?} offers {seat} no action",
                self.pending
            )));
        }
        Ok(())
    }
}

/// MJ-5.2 asked of many cards of one seat (every hand card, when listing legal actions):
/// reads the field's colours ([`State::field_colours`]) once, and only when a card
/// requires a colour.
pub(crate) struct ColourCheck<'a> {
    s: &'a State,
    seat: Seat,
    have: Option<u32>,
}

impl<'a> ColourCheck<'a> {
    /// A check of `seat`'s colour requirements.
    pub(crate) fn new(s: &'a State, seat: Seat) -> ColourCheck<'a> {
        ColourCheck {
            s,
            seat,
            have: None,
        }
    }

    /// Whether `seat`'s field meets `card`'s colour requirement.
    pub(crate) fn met(&mut self, card: CardId) -> bool {
        let need = self.s.rules().info(card).map_or(0, |i| i.required);
        if need == 0 {
            return true;
        }
        let (s, seat) = (self.s, self.seat);
        let have = *self.have.get_or_insert_with(|| s.field_colours(seat));
        need & !have == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    /// The inline capacities are the most that fit the size of the heap arm: one card more
    /// and each list grows by 8 bytes, a majin by 8 and the state by 256 (issue 14).
    #[test]
    fn inline_lists_take_no_more_than_a_vec() {
        let vec = size_of::<Vec<CardId>>();
        assert_eq!(size_of::<TinyVec<[CardId; DAMAGE_CARDS]>>(), vec);
        assert_eq!(size_of::<TinyVec<[CardId; PEEKED_CARDS]>>(), vec);
        assert_eq!(size_of::<TinyVec<[CardId; MAJIN_CARDS]>>(), vec);
        assert!(size_of::<TinyVec<[CardId; MAJIN_CARDS + 1]>>() > vec);
        assert_eq!(size_of::<Majin>(), 40);
        // Both players' zones in one block ([`Zones`]): 2,192 bytes when each zone was a
        // list of its own. The handle to the rules takes 8 bytes more since it says whether
        // they are kept or reference-counted.
        assert!(size_of::<State>() <= 1_832, "{}", size_of::<State>());
    }

    /// Issue 14: a state read back from JSON shares the kept rules of its configuration.
    #[test]
    fn rules_of_a_configuration_are_kept_and_shared() {
        let a =
            <crate::Uzumajin as fuda_core::Game>::new_game(&Default::default(), 1).expect("a game");
        let b = State::try_from(StateData::from(a.clone())).expect("read back");
        assert!(a.rules.0.is_kept() && fuda_core::Shared::ptr_eq(&a.rules.0, &b.rules.0));
    }
}
