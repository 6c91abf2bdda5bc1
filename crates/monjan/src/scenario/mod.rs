//! The position editor: a [`Scenario`] describes any position the rules can reach — every
//! zone by card name and in order, counters and flags, the decision where play resumes and
//! the random results to force — and builds it into a validated [`State`]. It is plain
//! data with a JSON form (the position files of `docs/positions/monjan.md`), and also a
//! builder for tests, tutorials and puzzles.
//!
//! Cards are named by their key in the card set (`n_fire_05`); a key with several copies
//! (the sample E/T cards have two) names its first unused copy, `key#k` its k-th copy
//! (1-based, in id order). [`Scenario::build_named`] answers which instance id each placed
//! card became.
//!
//! ```
//! use fuda_monjan::{Col, Config, MatchFormat, Scenario, Seat};
//! let mut config = Config::for_players(2);
//! config.match_format = MatchFormat::Basic;
//! let mut sc = Scenario::new(&config, 1)?;
//! sc.defense(Seat(0), Col::M, "n_water_12")
//!     .defense(Seat(1), Col::M, "n_water_11")
//!     .mana(Seat(0), Col::M, &["n_fire_02"])
//!     .hand(Seat(0), &["n_fire_04"]);
//! let (state, names) = sc.build_named()?;
//! assert_eq!(state.round(), 2);
//! assert!(state.player(Seat(0)).unwrap().hand.contains(&names["n_fire_04"]));
//! // Positions are data: the same scenario as JSON.
//! let json = serde_json::to_string(&sc).unwrap();
//! assert_eq!(serde_json::from_str::<Scenario>(&json).unwrap(), sc);
//! # Ok::<_, fuda_monjan::Error>(())
//! ```

mod build;
pub(crate) mod entry;

use crate::action::{Col, Side, SummonBy};
use crate::cards::{CardClass, CardId};
use crate::config::Config;
use crate::error::Error;
use crate::state::{Rules, State, Supply};
use entry::{entry, is_default};
use fuda_core::Seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Which card each name of a built scenario became: every placed card under its unique
/// label (`key`, or `key#k` for a key with several copies), and a multi-copy key alone for
/// the first copy the scenario placed.
pub type CardNames = BTreeMap<String, CardId>;

/// Where play resumes in a built position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// Before setup: boards, rock-paper-scissors, picks and the deal are played from the
    /// configuration and the seed (forced outcomes fix them); no zone may be given.
    Setup,
    /// At the start of round `round`'s edit turn, before the opening draws (round 1: the
    /// middle defenses come first).
    #[default]
    OpeningDraws,
    /// Inside round `round`'s edit turn, the opening draws made: the players who have not
    /// ended (`uses.ended`) edit (one at a time in the sequential mode from round 2).
    Edit,
    /// Between the last End and the battle reveal: face-down mana turns up, the battle
    /// order is fixed and the first attack step begins.
    BattleReveal,
    /// Inside the battle turn, at the step and stage given by `battle`.
    Battle,
}

/// Where the cards the scenario does not name go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rest {
    /// Into their decks, shuffled beneath the named deck cards: Monjan cards into the main
    /// deck, Boss-Assassins into theirs, E/T cards into the ET deck (formats ④–⑥; out of the
    /// game otherwise).
    #[default]
    Decks,
    /// Out of the game, so every deck holds exactly the cards named.
    OutOfGame,
}

/// The stage of an attack step (MC-4.4 (3)) where a battle position resumes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Window W1 is open (no attack declared yet).
    #[default]
    W1,
    /// W1 closed: the attacker declares (the listed attacks declared so far).
    Declare,
    /// The declaration made: the defenders guard (the listed guards given so far).
    Guards,
    /// Window W2 is open: every attack is guarded.
    W2,
    /// After W2: the attacks resolve in order (those marked `done` have resolved).
    Resolve,
}

entry!(
    /// A card in hand.
    HandCard {
        /// Every player knows it is in this hand (a public pick, Tea Party, a skill shown
        /// from hand).
        known: bool,
    }
);

entry!(
    /// A card in an attack slot: a number or Toughness card.
    SlotSetup {
        /// Face down (a Toughness only).
        face_down: bool,
    }
);

entry!(
    /// A number card as a defense, or a permanent Boss-Assassin.
    DefenseSetup {
        /// Its life (the printed life when left out).
        life: Option<u8>,
    }
);

entry!(
    /// A card of a mana stack.
    ManaSetup {
        /// Placed face down (only in an edit turn: revealed at the battle start).
        face_down: bool,
        /// Spent this round (discarded at the cleanup).
        spent: bool,
        /// Turned into an Element by the column's defeat.
        element: bool,
    }
);

entry!(
    /// The Extra on a player's field.
    ExtraSetup {
        /// Face down.
        face_down: bool,
        /// The condition that summoned it (`by_summon` tracking); when left out, its pair
        /// if the pair holds, else the first column whose top number matches.
        summoned_by: Option<SummonBy>,
    }
);

entry!(
    /// A one-turn Boss-Assassin.
    OneTurnSetup {
        /// Face down.
        face_down: bool,
        /// Recycling Activity was used on it.
        extended: bool,
        /// It survives the next cleanup.
        stays: bool,
    }
);

/// One column of a status board. At most one of `defense`, `boss`, `revived` and
/// `defeated` is given; none means an empty defense slot.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnSetup {
    /// The attack slot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<SlotSetup>,
    /// A number-card defense.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<DefenseSetup>,
    /// A permanent Boss-Assassin (attack slot and defense, side columns only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boss: Option<DefenseSetup>,
    /// A defense revived with this life (no card; the column was defeated before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revived: Option<u8>,
    /// The defense was defeated.
    #[serde(default, skip_serializing_if = "is_default")]
    pub defeated: bool,
    /// The mana stack, bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mana: Vec<ManaSetup>,
    /// The protected bottom card has paid this round.
    #[serde(default, skip_serializing_if = "is_default")]
    pub bottom_used: bool,
}

/// A value for each side of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides<T> {
    /// The left side.
    #[serde(default)]
    pub left: T,
    /// The right side.
    #[serde(default)]
    pub right: T,
}

impl<T: Copy> Sides<T> {
    /// The value of one side.
    pub fn get(&self, side: Side) -> T {
        match side {
            Side::Left => self.left,
            Side::Right => self.right,
        }
    }

    fn set(&mut self, side: Side, value: T) {
        match side {
            Side::Left => self.left = value,
            Side::Right => self.right = value,
        }
    }
}

/// What a player has done in the current edit and battle turn (the limits of §5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UsesSetup {
    /// A mana card placed.
    #[serde(skip_serializing_if = "is_default")]
    pub mana: bool,
    /// A number card put into an attack slot.
    #[serde(skip_serializing_if = "is_default")]
    pub number_attack: bool,
    /// A number card put into a defense slot.
    #[serde(skip_serializing_if = "is_default")]
    pub number_defense: bool,
    /// An Extra summoned.
    #[serde(skip_serializing_if = "is_default")]
    pub extra: bool,
    /// A Toughness summoned.
    #[serde(skip_serializing_if = "is_default")]
    pub toughness: bool,
    /// A Boss-Assassin summoned.
    #[serde(skip_serializing_if = "is_default")]
    pub boss: bool,
    /// The edit skill of this edit turn used.
    #[serde(skip_serializing_if = "is_default")]
    pub edit_skill: bool,
    /// The battle skill of this battle turn used.
    #[serde(skip_serializing_if = "is_default")]
    pub battle_skill: bool,
    /// Placements counted by `edit_turn_total_cap`.
    #[serde(skip_serializing_if = "is_default")]
    pub placements: u8,
    /// The one-turn Assassin summoned this edit turn (for Recycling Activity), by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assassin: Option<String>,
    /// End declared this edit turn.
    #[serde(skip_serializing_if = "is_default")]
    pub ended: bool,
}

/// Uses so far this game of one skill of an Extra or Toughness card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillUseSetup {
    /// The card's key.
    pub card: String,
    /// The skill's index on the card.
    pub skill: u8,
    /// Uses so far.
    pub uses: u8,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// One player's zones and counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// The status board, by id (default: the configuration's fixed board, else the set's
    /// boards in seat order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Still in the game (a player out holds no card and is listed in `eliminated`).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub alive: bool,
    /// The hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<HandCard>,
    /// The left column.
    #[serde(default, skip_serializing_if = "is_default")]
    pub l: ColumnSetup,
    /// The middle column.
    #[serde(default, skip_serializing_if = "is_default")]
    pub m: ColumnSetup,
    /// The right column.
    #[serde(default, skip_serializing_if = "is_default")]
    pub r: ColumnSetup,
    /// The Extra on the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra: Option<ExtraSetup>,
    /// One-turn Boss-Assassins, in summon order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_turn: Vec<OneTurnSetup>,
    /// Resurrected cards (Hell's Resurrection Rite), in arrival order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resurrected: Vec<String>,
    /// The defense-death supplies of L and R (default: granted for a defeated column, none
    /// otherwise).
    #[serde(default, skip_serializing_if = "is_default")]
    pub supply: Sides<Option<Supply>>,
    /// This turn's counters.
    #[serde(default, skip_serializing_if = "is_default")]
    pub uses: UsesSetup,
    /// Uses of the left and right board skill this game.
    #[serde(default, skip_serializing_if = "is_default")]
    pub board_uses: Sides<u8>,
    /// Uses of E/T skills this game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skill_uses: Vec<SkillUseSetup>,
    /// Resurrections this game.
    #[serde(default, skip_serializing_if = "is_default")]
    pub resurrections: u8,
    /// The last die result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_roll: Option<u8>,
}

impl Default for PlayerSetup {
    fn default() -> PlayerSetup {
        PlayerSetup {
            board: None,
            alive: true,
            hand: Vec::new(),
            l: ColumnSetup::default(),
            m: ColumnSetup::default(),
            r: ColumnSetup::default(),
            extra: None,
            one_turn: Vec::new(),
            resurrected: Vec::new(),
            supply: Sides::default(),
            uses: UsesSetup::default(),
            board_uses: Sides::default(),
            skill_uses: Vec::new(),
            resurrections: 0,
            last_roll: None,
        }
    }
}

impl PlayerSetup {
    /// A column.
    pub fn col(&self, c: Col) -> &ColumnSetup {
        match c {
            Col::L => &self.l,
            Col::M => &self.m,
            Col::R => &self.r,
        }
    }

    /// A column, to change.
    pub fn col_mut(&mut self, c: Col) -> &mut ColumnSetup {
        match c {
            Col::L => &mut self.l,
            Col::M => &mut self.m,
            Col::R => &mut self.r,
        }
    }
}

/// The guard of a declared attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum GuardSetup {
    /// A live defense of the defender.
    Defense(Col),
    /// A guard-capable card of the defender, by name.
    Card(String),
}

/// One declared attack of the current step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackSetup {
    /// The attacking card on the attacker's field, by name.
    pub card: String,
    /// The opponent attacked.
    pub target: Seat,
    /// AddAttack bonuses so far.
    #[serde(default, skip_serializing_if = "is_default")]
    pub bonus: u8,
    /// Nullified (One-Night Castle).
    #[serde(default, skip_serializing_if = "is_default")]
    pub nullified: bool,
    /// Its guard, once assigned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guard: Option<GuardSetup>,
    /// Already resolved (stage `resolve`: an earlier attack of the step).
    #[serde(default, skip_serializing_if = "is_default")]
    pub done: bool,
    /// The life it took from a defense when it resolved.
    #[serde(default, skip_serializing_if = "is_default")]
    pub damage: u8,
}

/// The battle turn of a `battle` start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleSetup {
    /// The player whose attack step it is.
    pub attacker: Seat,
    /// The stage of the step.
    #[serde(default)]
    pub stage: Stage,
    /// The battle order (default: by speed and priority, MC-6.3; when given, the players
    /// in the game must be in that order, and players out since the reveal may be listed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<Seat>>,
    /// The attacks declared in this step, in resolution order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<AttackSetup>,
    /// Cards that attacked or healed in earlier steps of this battle turn, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<String>,
    /// The window's priority holder (stages `w1` and `w2`; default the attacker).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holder: Option<Seat>,
    /// Passes in a row so far in the window.
    #[serde(default, skip_serializing_if = "is_default")]
    pub passes: u8,
    /// Flame of Wrath in force: the defender's card that takes every attack on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flame: Option<String>,
}

/// One card of a forced shuffle: a card name, or a raw key (a seat's or board's number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ShuffleItem {
    /// A card, by name (`key#k` for a given copy; `key` for its lowest copy not listed
    /// before in the same shuffle).
    Card(String),
    /// A raw key.
    Key(u32),
}

/// A random result to force, in the order the rules draw (see [`fuda_core::Forced`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ForcedOutcome {
    /// The next die roll (a d6: 1 to 6).
    Die(u8),
    /// The next uniform pick, by index among the items (boards and rock-paper-scissors
    /// ranks are picked one by one among those left, in seat or board order).
    Pick(u32),
    /// The next shuffle puts these on top, the first listed topmost (the next drawn).
    Shuffle(Vec<ShuffleItem>),
}

/// A position of Monjan Colosseum as data. Every field has a default, so a position file
/// names only what it needs; see `docs/positions/monjan.md` for the format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the position is about, for the person who loads it (no effect on play).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The configuration (validated when built).
    #[serde(default)]
    pub config: Config,
    /// The seed of the game's random generator (unforced shuffles and dice).
    #[serde(default)]
    pub seed: u64,
    /// Where play resumes.
    #[serde(default)]
    pub start: Start,
    /// The round of the position (default 2; round 1 has its own edit-turn rules).
    #[serde(default = "two")]
    pub round: u32,
    /// The players, seat by seat (missing seats are empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<PlayerSetup>,
    /// The main deck's named cards, top first (the unnamed go beneath, see `rest`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub main_deck: Vec<String>,
    /// The Boss-Assassin deck's named cards, top first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boss_deck: Vec<String>,
    /// The ET deck's named cards, top first (formats ④–⑥).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub et_deck: Vec<String>,
    /// The main discard pile, bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub main_discard: Vec<String>,
    /// The Boss-Assassin discard pile, bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boss_discard: Vec<String>,
    /// The ET discard pile, bottom first (formats ④–⑥).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub et_discard: Vec<String>,
    /// Cards out of the game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_of_game: Vec<String>,
    /// Where the cards not named go.
    #[serde(default, skip_serializing_if = "is_default")]
    pub rest: Rest,
    /// The previous battle order (the sequential edit order from round 2; default seat
    /// order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_order: Option<Vec<Seat>>,
    /// The players out of the game, first out first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub eliminated: Vec<Seat>,
    /// The battle turn of a `battle` start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleSetup>,
    /// Random results to force, consumed in the order the rules draw.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<ForcedOutcome>,
}

fn two() -> u32 {
    2
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario {
            description: String::new(),
            config: Config::default(),
            seed: 0,
            start: Start::default(),
            round: 2,
            players: Vec::new(),
            main_deck: Vec::new(),
            boss_deck: Vec::new(),
            et_deck: Vec::new(),
            main_discard: Vec::new(),
            boss_discard: Vec::new(),
            et_discard: Vec::new(),
            out_of_game: Vec::new(),
            rest: Rest::default(),
            last_order: None,
            eliminated: Vec::new(),
            battle: None,
            forced: Vec::new(),
        }
    }
}

fn names<'a>(ids: &'a [&str]) -> impl Iterator<Item = String> + 'a {
    ids.iter().map(|s| s.to_string())
}

impl Scenario {
    /// An empty position of `config` (every player present, nothing placed).
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new(config: &Config, seed: u64) -> Result<Scenario, Error> {
        Rules::new(config)?;
        Ok(Scenario {
            config: config.clone(),
            seed,
            players: vec![PlayerSetup::default(); usize::from(config.num_players)],
            ..Scenario::default()
        })
    }

    /// A player, to change (seats beyond the table are refused when built).
    pub fn player_setup(&mut self, seat: Seat) -> &mut PlayerSetup {
        let i = seat.index();
        if self.players.len() <= i {
            self.players.resize(i + 1, PlayerSetup::default());
        }
        &mut self.players[i]
    }

    fn column(&mut self, seat: Seat, col: Col) -> &mut ColumnSetup {
        self.player_setup(seat).col_mut(col)
    }

    /// The card class of a key, if the configuration's set has it.
    fn class_of(&self, name: &str) -> Option<CardClass> {
        let set = self.config.cards();
        set.named(name).and_then(|c| set.info(c)).map(|i| i.class)
    }

    /// Where play resumes.
    pub fn start(&mut self, start: Start) -> &mut Self {
        self.start = start;
        self
    }

    /// The round of the position.
    pub fn round(&mut self, round: u32) -> &mut Self {
        self.round = round;
        self
    }

    /// A player's status board, by id.
    pub fn board(&mut self, seat: Seat, board: &str) -> &mut Self {
        self.player_setup(seat).board = Some(board.into());
        self
    }

    /// Cards into a hand.
    pub fn hand(&mut self, seat: Seat, ids: &[&str]) -> &mut Self {
        let p = self.player_setup(seat);
        p.hand.extend(ids.iter().map(|c| HandCard::of(c)));
        self
    }

    /// Cards into a hand that every player knows are there.
    pub fn known_hand(&mut self, seat: Seat, ids: &[&str]) -> &mut Self {
        let p = self.player_setup(seat);
        p.hand.extend(ids.iter().map(|c| HandCard {
            card: c.to_string(),
            known: true,
        }));
        self
    }

    /// Face-up mana pushed onto a stack (bottom first).
    pub fn mana(&mut self, seat: Seat, col: Col, ids: &[&str]) -> &mut Self {
        let c = self.column(seat, col);
        c.mana.extend(ids.iter().map(|x| ManaSetup::of(x)));
        self
    }

    /// One mana card with its flags pushed onto a stack.
    pub fn mana_card(&mut self, seat: Seat, col: Col, mana: ManaSetup) -> &mut Self {
        self.column(seat, col).mana.push(mana);
        self
    }

    /// Elements pushed onto a stack (bottom first).
    pub fn elements(&mut self, seat: Seat, col: Col, ids: &[&str]) -> &mut Self {
        let c = self.column(seat, col);
        c.mana.extend(ids.iter().map(|x| ManaSetup {
            card: x.to_string(),
            element: true,
            ..ManaSetup::default()
        }));
        self
    }

    /// The protected bottom card of a stack has paid this round.
    pub fn bottom_used(&mut self, seat: Seat, col: Col) -> &mut Self {
        self.column(seat, col).bottom_used = true;
        self
    }

    /// A number card in an attack slot.
    pub fn attack(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.column(seat, col).attack = Some(SlotSetup::of(id));
        self
    }

    /// A Toughness card in an attack slot (face up).
    pub fn toughness(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.attack(seat, col, id)
    }

    /// A face-down Toughness card in an attack slot.
    pub fn toughness_face_down(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.column(seat, col).attack = Some(SlotSetup {
            card: id.into(),
            face_down: true,
        });
        self
    }

    /// A number card as a defense with full life.
    pub fn defense(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.column(seat, col).defense = Some(DefenseSetup::of(id));
        self
    }

    /// A number card as a defense with the given life.
    pub fn defense_life(&mut self, seat: Seat, col: Col, id: &str, life: u8) -> &mut Self {
        self.column(seat, col).defense = Some(DefenseSetup {
            card: id.into(),
            life: Some(life),
        });
        self
    }

    /// A permanent Boss-Assassin in a side column.
    pub fn permanent_boss(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.column(seat, col).boss = Some(DefenseSetup::of(id));
        self
    }

    /// The column's defense was defeated earlier (its skill unlocked, its supply drawn
    /// unless [`Scenario::supply`] says otherwise).
    pub fn defeated(&mut self, seat: Seat, col: Col) -> &mut Self {
        self.column(seat, col).defeated = true;
        self
    }

    /// A revived defense (no card) with this life.
    pub fn revived(&mut self, seat: Seat, col: Col, life: u8) -> &mut Self {
        self.column(seat, col).revived = Some(life);
        self
    }

    /// An Extra on the field (face up; summoned by its pair if that holds, else by a
    /// matching number).
    pub fn extra(&mut self, seat: Seat, id: &str) -> &mut Self {
        self.player_setup(seat).extra = Some(ExtraSetup::of(id));
        self
    }

    /// An Extra on the field with its flags.
    pub fn extra_with(&mut self, seat: Seat, extra: ExtraSetup) -> &mut Self {
        self.player_setup(seat).extra = Some(extra);
        self
    }

    /// A one-turn Boss-Assassin (face up).
    pub fn one_turn(&mut self, seat: Seat, id: &str) -> &mut Self {
        self.player_setup(seat).one_turn.push(OneTurnSetup::of(id));
        self
    }

    /// A one-turn Boss-Assassin with its flags.
    pub fn one_turn_with(&mut self, seat: Seat, summon: OneTurnSetup) -> &mut Self {
        self.player_setup(seat).one_turn.push(summon);
        self
    }

    /// A resurrected card owned by `seat`.
    pub fn resurrected(&mut self, seat: Seat, id: &str) -> &mut Self {
        self.player_setup(seat).resurrected.push(id.into());
        self
    }

    /// A card onto the discard pile of its class.
    pub fn discard(&mut self, id: &str) -> &mut Self {
        let et = self.config.match_format.has_et_deck();
        let pile = match self.class_of(id) {
            Some(CardClass::BossAssa) => &mut self.boss_discard,
            Some(CardClass::Extra | CardClass::Toughness) if et => &mut self.et_discard,
            _ => &mut self.main_discard,
        };
        pile.push(id.into());
        self
    }

    /// The next main-deck draws, first drawn first.
    pub fn deck_top(&mut self, ids: &[&str]) -> &mut Self {
        self.main_deck.extend(names(ids));
        self
    }

    /// The next Boss-Assassin draws, first drawn first.
    pub fn boss_top(&mut self, ids: &[&str]) -> &mut Self {
        self.boss_deck.extend(names(ids));
        self
    }

    /// The next ET-deck draws, first drawn first.
    pub fn et_top(&mut self, ids: &[&str]) -> &mut Self {
        self.et_deck.extend(names(ids));
        self
    }

    /// Cards out of the game.
    pub fn out_of_game(&mut self, ids: &[&str]) -> &mut Self {
        self.out_of_game.extend(names(ids));
        self
    }

    /// Every card not named goes out of the game (decks hold exactly the named cards).
    pub fn rest_out_of_game(&mut self) -> &mut Self {
        self.rest = Rest::OutOfGame;
        self
    }

    /// Forces the next die results.
    pub fn force_dice(&mut self, dice: &[u8]) -> &mut Self {
        self.forced
            .extend(dice.iter().map(|d| ForcedOutcome::Die(*d)));
        self
    }

    /// Forces a random result (after those already forced).
    pub fn force(&mut self, outcome: ForcedOutcome) -> &mut Self {
        self.forced.push(outcome);
        self
    }

    /// The previous battle order (the sequential edit order of the next round).
    pub fn last_order(&mut self, order: &[Seat]) -> &mut Self {
        self.last_order = Some(order.to_vec());
        self
    }

    /// Uses of a side's board skill so far this game.
    pub fn board_uses(&mut self, seat: Seat, side: Side, uses: u8) -> &mut Self {
        self.player_setup(seat).board_uses.set(side, uses);
        self
    }

    /// A side's defense-death supply.
    pub fn supply(&mut self, seat: Seat, side: Side, supply: Supply) -> &mut Self {
        self.player_setup(seat).supply.set(side, Some(supply));
        self
    }

    /// This turn's counters of a player.
    pub fn uses(&mut self, seat: Seat, uses: UsesSetup) -> &mut Self {
        self.player_setup(seat).uses = uses;
        self
    }

    /// Uses so far this game of an E/T card's skill.
    pub fn skill_uses(&mut self, seat: Seat, card: &str, skill: u8, uses: u8) -> &mut Self {
        self.player_setup(seat).skill_uses.push(SkillUseSetup {
            card: card.into(),
            skill,
            uses,
        });
        self
    }

    /// Resurrections so far this game.
    pub fn resurrections(&mut self, seat: Seat, n: u8) -> &mut Self {
        self.player_setup(seat).resurrections = n;
        self
    }

    /// A player's last die result.
    pub fn last_roll(&mut self, seat: Seat, roll: u8) -> &mut Self {
        self.player_setup(seat).last_roll = Some(roll);
        self
    }

    /// A player is out of the game (next in the elimination order).
    pub fn eliminated(&mut self, seat: Seat) -> &mut Self {
        self.player_setup(seat).alive = false;
        self.eliminated.push(seat);
        self
    }

    /// A battle start at this step and stage.
    pub fn battle(&mut self, battle: BattleSetup) -> &mut Self {
        self.start = Start::Battle;
        self.battle = Some(battle);
        self
    }

    /// Builds the position and plays on to the first decision.
    ///
    /// # Errors
    /// [`Error::Scenario`] naming the field and card that are wrong (an unknown card, a
    /// card twice, a position the rules cannot reach, a decision nobody can make);
    /// [`Error::Config`] for an invalid configuration; [`Error::ForcedOutcome`] for a forced
    /// result that does not fit the draws made while building.
    pub fn build(&self) -> Result<State, Error> {
        build::build(self).map(|(s, _)| s)
    }

    /// [`Scenario::build`], and which card each name became.
    ///
    /// # Errors
    /// As [`Scenario::build`].
    pub fn build_named(&self) -> Result<(State, CardNames), Error> {
        build::build(self)
    }

    /// The position at the start of round `round`'s edit turn, after the opening draws
    /// (round 2 unless set).
    ///
    /// # Errors
    /// As [`Scenario::build`].
    pub fn build_edit(&self) -> Result<State, Error> {
        let mut sc = self.clone();
        sc.start = Start::OpeningDraws;
        sc.build()
    }

    /// The position at the start of round 1 (MC-5.3 applies to empty middle defenses).
    ///
    /// # Errors
    /// As [`Scenario::build`].
    pub fn build_round_one(&self) -> Result<State, Error> {
        let mut sc = self.clone();
        sc.start = Start::OpeningDraws;
        sc.round = 1;
        sc.build()
    }

    /// The position at the start of the battle turn (face-down mana revealed, order fixed).
    ///
    /// # Errors
    /// As [`Scenario::build`].
    pub fn build_battle(&self) -> Result<State, Error> {
        let mut sc = self.clone();
        sc.start = Start::BattleReveal;
        sc.build()
    }

    /// Reads a position from its JSON form.
    ///
    /// # Errors
    /// [`Error::Scenario`] for JSON that is not a position (the message names the field).
    pub fn from_json(text: &str) -> Result<Scenario, Error> {
        serde_json::from_str(text).map_err(|e| Error::scenario("position", e.to_string()))
    }
}
