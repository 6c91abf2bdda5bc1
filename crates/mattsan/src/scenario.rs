//! The position editor (issue 9): any position the rules can reach, as data or through a
//! builder, for rule tests, tutorials and puzzles. `docs/positions/mattsan.md` describes
//! the JSON form field by field.
//!
//! ```
//! use fuda_mattsan::{Loc, Scenario, Seat};
//! let state = Scenario::new()
//!     .unit(Seat(0), Loc::Battlefield, "blade_rookie")
//!     .unit(Seat(1), Loc::Battlefield, "iron_guard")
//!     .hand(Seat(0), &["fireball", "iron_guard"])
//!     .build()?;
//! assert_eq!(state.hand(Seat(0)).len(), 2);
//! // Names back: the position's names give the card ids they became.
//! let fireball = state.card_id(Seat(0), "fireball").unwrap();
//! assert!(state.hand(Seat(0)).contains(&fireball));
//! # Ok::<_, fuda_mattsan::Error>(())
//! ```
//!
//! **Cards by name.** Each seat's cards are named by their card-set key: `"iron_guard"`
//! is the seat's first copy of it not named yet, `"iron_guard#2"` its second copy (copies
//! counted in id order, from 1). A forced shuffle names cards with their owner,
//! `"P1:iron_guard#2"`. The built state answers the same names ([`State::card_id`],
//! [`State::card_label`]).
//!
//! **Which cards a seat has.** With `rest: deck` (the default) a seat has the cards of its
//! deck list in the configuration; every card named must be one of them, and the cards not
//! named go into the deck beneath the named deck cards, in an order drawn from `seed`. With
//! `rest: out_of_game` the seat has exactly the cards the position names (any cards of the
//! set, each up to its copy limit, at most `deck_size` in all).

use crate::cards::{CardId, CardType, DefId, Stat};
use crate::config::Config;
use crate::error::Error;
use crate::rules::{self, effects, field, resolution, setup};
use crate::state::{
    FieldCard, FrameKind, Loc, Pending, PendingAttack, PendingTrump, Player, Rules, RulesRef,
    SetupDraft, SoulCard, State, Step, Task, TempMod, Terrain, WindowEvent, WindowKind, MAX_BENCH,
    UNDER_CARDS,
};
use crate::zones::Place;
use fuda_core::{
    Forced, GameRng, NoEvents, Positions, Seat, SeatSet, SmallVec, TinyVec, MAX_FORCED,
};
use serde::{Deserialize, Serialize};

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// A card in a location's occupant layer: a unit (face-up or face-down) or a face-down
/// trap, with its counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The card's name (its key, or `key#k`).
    pub card: String,
    /// Face-up (default) or face-down.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub face_up: bool,
    /// Damage counters.
    #[serde(default, skip_serializing_if = "is_default")]
    pub damage: u16,
    /// EX counters.
    #[serde(default, skip_serializing_if = "is_default")]
    pub ex: u8,
    /// Unit cards under it (a stack, MS-3.15), bottom first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub under: Vec<String>,
    /// Seats that have peeked at it while face-down (`scout_owl`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub peeked_by: Vec<Seat>,
    /// Placed in the current turn (a trap then is not usable with
    /// `trap_usable_turn_set = false`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub placed_this_turn: bool,
}

impl UnitSpec {
    /// A face-up card without counters.
    pub fn new(card: &str) -> UnitSpec {
        UnitSpec {
            card: card.into(),
            face_up: true,
            damage: 0,
            ex: 0,
            under: Vec::new(),
            peeked_by: Vec::new(),
            placed_this_turn: false,
        }
    }

    /// With damage counters.
    #[must_use]
    pub fn damage(mut self, n: u16) -> UnitSpec {
        self.damage = n;
        self
    }

    /// With EX counters.
    #[must_use]
    pub fn ex(mut self, n: u8) -> UnitSpec {
        self.ex = n;
        self
    }

    /// Face-down.
    #[must_use]
    pub fn face_down(mut self) -> UnitSpec {
        self.face_up = false;
        self
    }

    /// On top of these unit cards (a stack), bottom first.
    #[must_use]
    pub fn on_top_of(mut self, under: &[&str]) -> UnitSpec {
        self.under = names(under);
        self
    }

    /// Peeked at by `seat` (face-down cards).
    #[must_use]
    pub fn peeked_by(mut self, seat: Seat) -> UnitSpec {
        self.peeked_by.push(seat);
        self
    }

    /// Placed in the current turn.
    #[must_use]
    pub fn placed_this_turn(mut self) -> UnitSpec {
        self.placed_this_turn = true;
        self
    }
}

/// A soul-charge card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SoulSpec {
    /// The card's name.
    pub card: String,
    /// Turned sideways (spent on a trump this round).
    #[serde(default, skip_serializing_if = "is_default")]
    pub sideways: bool,
}

/// A terrain in a location's terrain layer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainSpec {
    /// Which location.
    pub at: Loc,
    /// The terrain's name.
    pub card: String,
    /// Turned sideways (used).
    #[serde(default, skip_serializing_if = "is_default")]
    pub sideways: bool,
}

/// Where the cards of a seat's deck list that the position does not name go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rest {
    /// Into the deck, beneath the named deck cards (the seat has its whole deck list).
    #[default]
    Deck,
    /// Out of the game: the seat has exactly the cards the position names.
    OutOfGame,
}

/// One seat's side of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SeatSpec {
    /// Where the unnamed cards of the deck list go.
    #[serde(skip_serializing_if = "is_default")]
    pub rest: Rest,
    /// The hand.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hand: Vec<String>,
    /// The deck, top card first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub deck: Vec<String>,
    /// The discard pile, bottom first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<String>,
    /// The soul-charge zone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub soul: Vec<SoulSpec>,
    /// The battlefield unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battlefield: Option<UnitSpec>,
    /// The bench locations' occupants, bench 0 first (`null` for an empty location).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bench: Vec<Option<UnitSpec>>,
    /// Terrains.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub terrains: Vec<TerrainSpec>,
    /// Hand cards every player saw go into the hand (MS-D4).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_in_hand: Vec<String>,
    /// The unitless opening hand this seat revealed at the mulligan (MS-3.11): the cards,
    /// wherever they are now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mulligan_reveal: Vec<String>,
    /// Cards already soul-charged in this step 2 (with `soul_charge_per_turn` above 1).
    #[serde(skip_serializing_if = "is_default")]
    pub charged: u8,
}

/// A forced random outcome of a position, in the order the rules draw (the first-player
/// dice, a die of an effect, a random hand discard, a deck shuffle).
///
/// JSON: `{"die": 6}`, `{"pick": 0}` (an index into the hand in card-id order — the order
/// a view lists it), `{"shuffle": ["P1:iron_guard", "P1:fireball#2"]}` (those cards on
/// top of the next shuffled deck, the first topmost).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ForcedSpec {
    /// The next die roll.
    Die(u8),
    /// The next random pick.
    Pick(u32),
    /// The top of the next shuffle, by owner and name.
    Shuffle(Vec<String>),
}

/// What continues once the window or loop a position starts in is over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Then {
    /// The active player's main step (step 4).
    #[default]
    Main,
    /// The end of the turn (step 6: the battle action was taken).
    End,
}

/// A response window to start in (MS-5.16), with what the event continues with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WindowSpec {
    /// The event whose window is open.
    pub event: WindowKind,
    /// Whose action or unit the event concerns (default: the active player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Who is asked now (default: the non-active player); must be eligible.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<Seat>,
    /// Passes in a row so far (0 or 1).
    #[serde(default, skip_serializing_if = "is_default")]
    pub passes: u8,
    /// `trump_declared`: the trump being used (a card of the active player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trump: Option<String>,
    /// `special_declared` / `super_special_declared`: the index of the battlefield unit's
    /// move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r#move: Option<u8>,
    /// `terrain_used`: where the used (sideways) terrain of the active player is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Loc>,
    /// The chosen targets of the trump, move or terrain, in order: (whose field, where).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<(Seat, Loc)>,
    /// `attack_declared`: the damage modifiers played so far.
    #[serde(default, skip_serializing_if = "is_default")]
    pub damage_mod: i16,
    /// Events whose windows open after this one, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queued: Vec<WindowEvent>,
    /// What follows (default: the main step; the end of the turn after an attack or a
    /// move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub then: Option<Then>,
}

impl WindowSpec {
    /// The window of `event` concerning the active player, priority to the other player.
    pub fn new(event: WindowKind) -> WindowSpec {
        WindowSpec {
            event,
            seat: None,
            priority: None,
            passes: 0,
            trump: None,
            r#move: None,
            terrain: None,
            targets: Vec::new(),
            damage_mod: 0,
            queued: Vec::new(),
            then: None,
        }
    }
}

/// The resolution loop to start in (MS-4.8): units at 0 HP are defeated, empty
/// battlefields refilled or lost, then the queued windows open.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ResolveSpec {
    /// Whose instruction the loop follows (default: the active player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub controller: Option<Seat>,
    /// Events whose windows open after the refills, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub queued: Vec<WindowEvent>,
    /// What follows.
    #[serde(skip_serializing_if = "is_default")]
    pub then: Then,
}

/// The decision a position starts at.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// Before the shuffles (MS-3.9): every card is in its deck; shuffles, deal, mulligan,
    /// first-player dice, then the placement.
    NewGame,
    /// The mulligan check (MS-3.11) with the given opening hands, then the dice and the
    /// placement.
    Mulligan,
    /// The secret setup placement (MS-3.13).
    Placement,
    /// Step 1 of turn `turn`: the draw comes first.
    TurnStart,
    /// Step 2(b), after the draw and the refresh: the soul-charge choice.
    SoulCharge,
    /// Step 3, after the `TurnStarted` window: the start-of-turn effects.
    StartEffects,
    /// Step 4, the main step (the default).
    #[default]
    Main,
    /// Step 6: the battle action was taken; the turn is to end.
    End,
    /// Inside a response window.
    Window(WindowSpec),
    /// Inside the resolution loop.
    Resolve(ResolveSpec),
}

/// An until-end-of-turn stat change (a `power_potion`) on the unit at a location.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TempModSpec {
    /// Whose field.
    pub seat: Seat,
    /// Where the unit is.
    pub at: Loc,
    /// The stat.
    pub stat: Stat,
    /// The change.
    pub delta: i16,
}

/// A position: configuration, the decision it starts at, every zone by card name, counters
/// and the forced random outcomes. A serde type (`docs/positions/mattsan.md`) with a
/// builder; [`Scenario::build`] checks that the rules can reach it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    config: Config,
    seed: u64,
    start: Start,
    turn: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    active: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    first_player: Option<Seat>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    first_rolls: Vec<[u8; 2]>,
    players: [SeatSpec; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    forced: Vec<ForcedSpec>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rolls: Vec<(u32, u32)>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    until_end_of_turn: Vec<TempModSpec>,
    #[serde(skip_serializing_if = "is_default")]
    actions: u32,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario::new()
    }
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn bad(field: impl Into<String>, message: impl Into<String>) -> Error {
    Error::Scenario {
        field: field.into(),
        message: message.into(),
    }
}

impl Scenario {
    /// A position with the default configuration: seat 0 (deck A), the first player, is
    /// active in its main step of turn 3.
    pub fn new() -> Scenario {
        Scenario::with_config(Config::default())
    }

    /// A position with this configuration.
    pub fn with_config(config: Config) -> Scenario {
        Scenario {
            config,
            seed: 0,
            start: Start::Main,
            turn: 3,
            active: None,
            first_player: None,
            first_rolls: Vec::new(),
            players: Default::default(),
            forced: Vec::new(),
            rolls: Vec::new(),
            until_end_of_turn: Vec::new(),
            actions: 0,
        }
    }

    /// A position from its JSON form.
    ///
    /// # Errors
    /// [`Error::Scenario`] naming the field that does not parse.
    pub fn from_json(text: &str) -> Result<Scenario, Error> {
        serde_json::from_str(text)
            .map_err(|e| bad("(position)", crate::cards::clip(&e.to_string(), 300)))
    }

    /// The JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the configuration.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The seed of the game's generator (it also orders the unnamed deck cards).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Scenario {
        self.seed = seed;
        self
    }

    /// Where the position starts.
    #[must_use]
    pub fn start(mut self, start: Start) -> Scenario {
        self.start = start;
        self
    }

    /// Start at step 1 of the turn (the draw comes first).
    #[must_use]
    pub fn at_turn_start(self) -> Scenario {
        self.start(Start::TurnStart)
    }

    /// Start at step 2(b), the soul-charge choice.
    #[must_use]
    pub fn at_soul_charge(self) -> Scenario {
        self.start(Start::SoulCharge)
    }

    /// Start at step 3, the start-of-turn effects.
    #[must_use]
    pub fn at_start_effects(self) -> Scenario {
        self.start(Start::StartEffects)
    }

    /// Start at step 6, the end of the turn.
    #[must_use]
    pub fn at_end_step(self) -> Scenario {
        self.start(Start::End)
    }

    /// Start at the secret setup placement (MS-3.13) with the given hands.
    #[must_use]
    pub fn at_setup(self) -> Scenario {
        self.start(Start::Placement)
    }

    /// Start at the mulligan check with the given opening hands.
    #[must_use]
    pub fn at_mulligan(self) -> Scenario {
        self.start(Start::Mulligan)
    }

    /// Start before the shuffles of a new game.
    #[must_use]
    pub fn at_new_game(self) -> Scenario {
        self.start(Start::NewGame)
    }

    /// Start inside a response window.
    #[must_use]
    pub fn in_window(self, window: WindowSpec) -> Scenario {
        self.start(Start::Window(window))
    }

    /// Start inside the resolution loop after an instruction of `controller`.
    #[must_use]
    pub fn resolving(self, spec: ResolveSpec) -> Scenario {
        self.start(Start::Resolve(spec))
    }

    /// The active player (default seat 0, or the first player when only that is given).
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = Some(seat);
        self
    }

    /// The first player (default: the active player in odd turns, the other in even ones;
    /// the first player takes the odd turns).
    #[must_use]
    pub fn first_player(mut self, seat: Seat) -> Scenario {
        self.first_player = Some(seat);
        self
    }

    /// The first-player rolls (seat 0, seat 1), one pair per roll-off.
    #[must_use]
    pub fn first_rolls(mut self, rolls: &[[u8; 2]]) -> Scenario {
        self.first_rolls = rolls.to_vec();
        self
    }

    /// The turn number (default 3).
    #[must_use]
    pub fn turn(mut self, turn: u32) -> Scenario {
        self.turn = turn;
        self
    }

    /// Actions already taken (for the game-length bound).
    #[must_use]
    pub fn actions_taken(mut self, n: u32) -> Scenario {
        self.actions = n;
        self
    }

    fn side(&mut self, seat: Seat) -> &mut SeatSpec {
        &mut self.players[seat.index() & 1]
    }

    /// One seat's whole side.
    #[must_use]
    pub fn seat(mut self, seat: Seat, spec: SeatSpec) -> Scenario {
        *self.side(seat) = spec;
        self
    }

    /// A player's hand.
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.side(seat).hand = names(cards);
        self
    }

    /// The top of a player's deck, top card first (with [`Scenario::exact_deck`], the
    /// whole deck).
    #[must_use]
    pub fn deck_top(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.side(seat).deck = names(cards);
        self
    }

    /// A player's discard pile, bottom first.
    #[must_use]
    pub fn discard(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.side(seat).discard = names(cards);
        self
    }

    /// A player's soul-charge cards, each upright (`false`) or sideways (`true`).
    #[must_use]
    pub fn soul(mut self, seat: Seat, cards: &[(&str, bool)]) -> Scenario {
        self.side(seat).soul = cards
            .iter()
            .map(|(c, t)| SoulSpec {
                card: c.to_string(),
                sideways: *t,
            })
            .collect();
        self
    }

    /// A face-up unit on a location.
    #[must_use]
    pub fn unit(self, seat: Seat, loc: Loc, card: &str) -> Scenario {
        self.unit_spec(seat, loc, UnitSpec::new(card))
    }

    /// A card on a location, with counters, face-down or stacked (replacing an earlier one
    /// given for the same location).
    #[must_use]
    pub fn unit_spec(mut self, seat: Seat, loc: Loc, spec: UnitSpec) -> Scenario {
        let side = self.side(seat);
        match loc {
            Loc::Battlefield => side.battlefield = Some(spec),
            Loc::Bench(b) => {
                let b = usize::from(b);
                if side.bench.len() <= b {
                    side.bench.resize(b + 1, None);
                }
                side.bench[b] = Some(spec);
            }
        }
        self
    }

    /// A face-down card (unit or trap) on a bench location.
    #[must_use]
    pub fn face_down(self, seat: Seat, bench: u8, card: &str) -> Scenario {
        self.unit_spec(seat, Loc::Bench(bench), UnitSpec::new(card).face_down())
    }

    /// A terrain on a location, upright or sideways.
    #[must_use]
    pub fn terrain(mut self, seat: Seat, loc: Loc, card: &str, sideways: bool) -> Scenario {
        self.side(seat).terrains.push(TerrainSpec {
            at: loc,
            card: card.into(),
            sideways,
        });
        self
    }

    /// Where the unnamed cards of `seat`'s deck list go.
    #[must_use]
    pub fn rest(mut self, seat: Seat, rest: Rest) -> Scenario {
        self.side(seat).rest = rest;
        self
    }

    /// The seat has exactly the cards the position names (the rest of its deck list is out
    /// of the game), so its deck holds exactly the [`Scenario::deck_top`] cards.
    #[must_use]
    pub fn exact_deck(self, seat: Seat) -> Scenario {
        self.rest(seat, Rest::OutOfGame)
    }

    /// Hand cards every player saw go into the hand (MS-D4).
    #[must_use]
    pub fn known_in_hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.side(seat).known_in_hand = names(cards);
        self
    }

    /// The unitless hand `seat` revealed at the mulligan.
    #[must_use]
    pub fn mulligan_reveal(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.side(seat).mulligan_reveal = names(cards);
        self
    }

    /// Cards already charged in this step 2.
    #[must_use]
    pub fn charged(mut self, seat: Seat, n: u8) -> Scenario {
        self.side(seat).charged = n;
        self
    }

    /// Dice already rolled this turn (dice, sum), as the view shows them.
    #[must_use]
    pub fn rolls(mut self, rolls: &[(u32, u32)]) -> Scenario {
        self.rolls = rolls.to_vec();
        self
    }

    /// An until-end-of-turn stat change on the unit at a location.
    #[must_use]
    pub fn until_end_of_turn(mut self, seat: Seat, at: Loc, stat: Stat, delta: i16) -> Scenario {
        self.until_end_of_turn.push(TempModSpec {
            seat,
            at,
            stat,
            delta,
        });
        self
    }

    /// Forced random outcomes, queued in order.
    #[must_use]
    pub fn force(mut self, outcomes: impl IntoIterator<Item = ForcedSpec>) -> Scenario {
        self.forced.extend(outcomes);
        self
    }

    /// Die results the next rolls return, in order.
    #[must_use]
    pub fn force_dice(self, dice: &[u8]) -> Scenario {
        self.force(dice.iter().map(|&d| ForcedSpec::Die(d)))
    }

    /// The next random pick (an index into the hand in card-id order).
    #[must_use]
    pub fn force_pick(self, index: u32) -> Scenario {
        self.force([ForcedSpec::Pick(index)])
    }

    /// The top of the next shuffle: these cards of `seat`, the first topmost.
    #[must_use]
    pub fn force_shuffle(self, seat: Seat, top: &[&str]) -> Scenario {
        let keys = top.iter().map(|c| format!("{seat}:{c}")).collect();
        self.force([ForcedSpec::Shuffle(keys)])
    }

    /// Checks the position and builds the state.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::Deck`] for the configuration; [`Error::Scenario`]
    /// naming the field and the card for an unknown card, a card named twice or more
    /// copies than the seat has, a card that cannot be where it is put, or a decision the
    /// rules cannot reach (a window for a seat that cannot be asked, a unit at 0 HP outside
    /// the resolution loop, a turn past `max_turns` ...); [`Error::ForcedOutcome`] when a
    /// forced outcome does not fit a draw made while building; [`Error::InvalidState`] for
    /// anything else the state checks refuse.
    pub fn build(&self) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&self.config)?;
        let mut rng = GameRng::from_seed(self.seed);
        let mut players = [Player::new(), Player::new()];
        for seat in [Seat(0), Seat(1)] {
            place_seat(
                &rules,
                seat,
                &self.players[seat.index()],
                &mut players[seat.index()],
                &mut rng,
            )?;
        }
        let mut s = State {
            rules: RulesRef(rules),
            g: crate::state::Board {
                rng,
                step: Step::Main,
                turn: 0,
                active: Seat(0),
                first_player: None,
                first_rolls: self.first_rolls.iter().copied().collect(),
                players,
                in_use: TinyVec::new(),
                attack: None,
                trump: None,
                frames: SmallVec::new(),
                temp_mods: TinyVec::new(),
                start_pending: TinyVec::new(),
                queued: TinyVec::new(),
                rolls: self.rolls.iter().copied().collect(),
                tasks: TinyVec::new(),
                pending: Pending::GameOver,
                outcome: None,
                actions: self.actions,
            },
        };
        self.resolve_known(&mut s)?;
        self.queue_forced(&mut s)?;
        self.set_turn(&mut s)?;
        let turn = s.g.turn;
        for p in &mut s.g.players {
            for o in p.field.iter_mut().filter_map(|x| x.occupant.as_mut()) {
                if o.placed_turn == u32::MAX {
                    o.placed_turn = turn;
                }
            }
        }
        let runs = matches!(
            self.start,
            Start::NewGame | Start::Mulligan | Start::TurnStart | Start::Resolve(_)
        );
        if runs {
            // Until the rules run the first steps and ask their question.
            s.g.pending = Pending::Main { seat: s.g.active };
        }
        self.set_start(&mut s)?;
        for (i, m) in self.until_end_of_turn.iter().enumerate() {
            let unit = field::face_up_unit(&s, (m.seat, m.at.slot()))
                .map(|o| o.card)
                .ok_or_else(|| bad(format!("until_end_of_turn[{i}]"), "no face-up unit there"))?;
            s.g.temp_mods.push(TempMod {
                unit,
                stat: m.stat,
                delta: m.delta,
            });
        }
        s.validate_structure()?;
        if runs {
            s.g.rng.take_misfit();
            match self.start {
                Start::NewGame => setup::setup(&mut s, &mut NoEvents),
                Start::Mulligan => setup::mulligan_and_first_player(&mut s, &mut NoEvents),
                _ => rules::run(&mut s, &mut NoEvents),
            }
            if let Some(misfit) = s.g.rng.take_misfit() {
                return Err(Error::ForcedOutcome(misfit));
            }
        }
        s.validate()?;
        Ok(s)
    }

    /// Known cards in hand and the mulligan reveal, by name.
    fn resolve_known(&self, s: &mut State) -> Result<(), Error> {
        for seat in [Seat(0), Seat(1)] {
            let spec = &self.players[seat.index()];
            let field_name = |what: &str| format!("players[{}].{what}", seat.index());
            let mut known = Vec::new();
            for name in &spec.known_in_hand {
                let in_hand: Vec<CardId> = s
                    .hand(seat)
                    .iter()
                    .copied()
                    .filter(|c| !known.contains(c) && matches_name(s, *c, name))
                    .collect();
                let c = *in_hand.first().ok_or_else(|| {
                    bad(
                        field_name("known_in_hand"),
                        format!("`{name}` is not in the hand"),
                    )
                })?;
                known.push(c);
            }
            let mut revealed = Vec::new();
            for name in &spec.mulligan_reveal {
                let c = s
                    .cards_of(seat)
                    .into_iter()
                    .find(|c| !revealed.contains(c) && matches_name(s, *c, name))
                    .ok_or_else(|| {
                        bad(
                            field_name("mulligan_reveal"),
                            format!("{seat} has no (more) `{name}`"),
                        )
                    })?;
                if s.rules().is(c, CardType::Unit) {
                    return Err(bad(
                        field_name("mulligan_reveal"),
                        format!("`{name}` is a unit: only a hand without units is revealed"),
                    ));
                }
                revealed.push(c);
            }
            if !revealed.is_empty() && revealed.len() != usize::from(self.config.opening_hand) {
                return Err(bad(
                    field_name("mulligan_reveal"),
                    format!(
                        "a revealed opening hand has {} cards",
                        self.config.opening_hand
                    ),
                ));
            }
            let p = field::player_mut(s, seat);
            p.zones.forget_known();
            for &c in &known {
                p.zones.mark_known(c);
            }
            p.mulligan_reveal = revealed.iter().copied().collect();
        }
        Ok(())
    }

    /// The forced outcomes, names turned into card ids.
    fn queue_forced(&self, s: &mut State) -> Result<(), Error> {
        if self.forced.len() > MAX_FORCED {
            return Err(bad(
                "forced",
                format!("at most {MAX_FORCED} forced outcomes"),
            ));
        }
        let mut out = Vec::with_capacity(self.forced.len());
        for (i, f) in self.forced.iter().enumerate() {
            out.push(match f {
                ForcedSpec::Die(d) => Forced::Die(*d),
                ForcedSpec::Pick(p) => Forced::Pick(*p),
                ForcedSpec::Shuffle(keys) => {
                    let mut ids = Vec::with_capacity(keys.len());
                    for key in keys {
                        let c = shuffle_key(s, key)
                            .ok_or_else(|| bad(format!("forced[{i}]"), format!("`{key}` names no card of the game (write `P0:name` or `P1:name#k`)")))?;
                        ids.push(u32::from(c.0));
                    }
                    Forced::Shuffle(ids)
                }
            });
        }
        s.g.rng.force(out).map_err(|e| bad("forced", e.to_string()))
    }

    /// Turn number, active and first player (MS-4: the first player takes the odd turns).
    fn set_turn(&self, s: &mut State) -> Result<(), Error> {
        let setup = matches!(
            self.start,
            Start::NewGame | Start::Mulligan | Start::Placement
        );
        let odd = self.turn % 2 == 1;
        let other = |p: Seat| Seat(1 - (p.0 & 1));
        let (first, active) = match (self.first_player, self.active) {
            (Some(f), Some(a)) => (f, a),
            (Some(f), None) => (f, if odd || setup { f } else { other(f) }),
            (None, Some(a)) => (if odd || setup { a } else { other(a) }, a),
            (None, None) => (if odd || setup { Seat(0) } else { Seat(1) }, Seat(0)),
        };
        for (what, seat) in [("first_player", first), ("active", active)] {
            if seat.index() >= 2 {
                return Err(bad(
                    what,
                    format!("{seat} is not a seat of a 2-player game"),
                ));
            }
        }
        if let crate::config::FirstPlayerMethod::Fixed(f) = self.config.first_player_method {
            if !matches!(self.start, Start::NewGame | Start::Mulligan) && f != first {
                return Err(bad(
                    "first_player",
                    format!("the configuration makes {f} the first player"),
                ));
            }
        }
        if setup {
            if self.active.is_some_and(|a| a != first) {
                return Err(bad(
                    "active",
                    "during setup the first player is the active player",
                ));
            }
            if matches!(self.start, Start::NewGame | Start::Mulligan) {
                if self.first_player.is_some() || !self.first_rolls.is_empty() {
                    return Err(bad(
                        "first_player",
                        "the first player is decided after the mulligan",
                    ));
                }
                return Ok(());
            }
        } else {
            if self.turn == 0 {
                return Err(bad("turn", "turns are counted from 1"));
            }
            if self.config.max_turns.is_some_and(|m| self.turn >= m) {
                return Err(bad(
                    "turn",
                    format!(
                        "the game is a draw when turn {} would begin (max_turns)",
                        self.turn
                    ),
                ));
            }
            if odd != (active == first) {
                return Err(bad(
                    "active",
                    format!(
                        "turn {} is {}'s when {first} went first",
                        self.turn,
                        if odd { first } else { other(first) }
                    ),
                ));
            }
        }
        self.check_rolls(first)?;
        s.g.first_player = Some(first);
        s.g.active = active;
        s.g.turn = if setup { 0 } else { self.turn };
        Ok(())
    }

    fn check_rolls(&self, first: Seat) -> Result<(), Error> {
        let Some((last, ties)) = self.first_rolls.split_last() else {
            return Ok(());
        };
        let sides = self.config.dice_sides;
        let ok_face = |r: &[u8; 2]| r.iter().all(|&d| (1..=sides).contains(&d));
        if self.config.first_player_method != crate::config::FirstPlayerMethod::DiceHigherRerollTies
            || self.first_rolls.len() > 1000
            || !self.first_rolls.iter().all(ok_face)
            || ties.iter().any(|r| r[0] != r[1])
            || last[0] == last[1]
            || (last[0] > last[1]) != (first == Seat(0))
        {
            return Err(bad("first_rolls", format!("these rolls do not make {first} the first player (ties reroll, the higher roll goes first)")));
        }
        Ok(())
    }

    /// The step, the pending decision and the procedure the position starts in.
    fn set_start(&self, s: &mut State) -> Result<(), Error> {
        let active = s.g.active;
        let nonempty_only_deck = |s: &State, what: &str| -> Result<(), Error> {
            for seat in [Seat(0), Seat(1)] {
                let p = field::player(s, seat);
                let fielded = p
                    .field
                    .iter()
                    .any(|x| x.occupant.is_some() || x.terrain.is_some());
                let spec = &self.players[seat.index()];
                if fielded
                    || !p.discard().is_empty()
                    || !p.soul_cards().is_empty()
                    || !spec.known_in_hand.is_empty()
                {
                    return Err(bad(
                        format!("players[{}]", seat.index()),
                        format!("{what}: only the hand and the deck hold cards"),
                    ));
                }
            }
            Ok(())
        };
        match &self.start {
            Start::NewGame => {
                nonempty_only_deck(s, "before the shuffles")?;
                for seat in [Seat(0), Seat(1)] {
                    let p = field::player_mut(s, seat);
                    for card in p.zones.take(Place::Hand) {
                        p.zones.push(Place::Deck, card);
                    }
                    if !p.mulligan_reveal.is_empty() {
                        return Err(bad("mulligan_reveal", "no mulligan has happened yet"));
                    }
                }
                s.g.step = Step::Setup;
            }
            Start::Mulligan => {
                nonempty_only_deck(s, "at the mulligan check")?;
                for seat in [Seat(0), Seat(1)] {
                    let n = s.hand(seat).len();
                    if n != usize::from(self.config.opening_hand) {
                        return Err(bad(
                            format!("players[{}].hand", seat.index()),
                            format!(
                                "an opening hand has {} cards, not {n}",
                                self.config.opening_hand
                            ),
                        ));
                    }
                    if !s.mulligan_reveal(seat).is_empty() {
                        return Err(bad("mulligan_reveal", "the mulligan has not happened yet"));
                    }
                }
                s.g.step = Step::Setup;
            }
            Start::Placement => {
                nonempty_only_deck(s, "at the setup placement")?;
                for seat in [Seat(0), Seat(1)] {
                    let unit = s
                        .hand(seat)
                        .iter()
                        .any(|&c| s.rules().is(c, CardType::Unit));
                    if !unit {
                        return Err(bad(
                            format!("players[{}].hand", seat.index()),
                            "a hand without a unit after the mulligan has already lost (MS-3.11)",
                        ));
                    }
                    field::player_mut(s, seat).setup = Some(SetupDraft::default());
                }
                s.g.step = Step::Setup;
                s.g.pending = Pending::Placement {
                    waiting: SeatSet::all(2),
                };
            }
            start => {
                let resolving = matches!(start, Start::Resolve(_));
                self.check_board(s, resolving)?;
                self.check_charged(s)?;
                match start {
                    Start::TurnStart => {
                        s.g.turn -= 1;
                        s.g.step = Step::TurnStart;
                        s.g.tasks.push(Task::BeginTurn);
                    }
                    Start::SoulCharge => {
                        let p = field::player(s, active);
                        if p.charged > 0
                            && (p.charged >= self.config.soul_charge_per_turn
                                || p.hand().is_empty())
                        {
                            return Err(bad(
                                "charged",
                                "no more cards may be charged: step 2 is over",
                            ));
                        }
                        let spent = p.zones.sideways_souls() > 0
                            || p.field.iter().any(|x| x.terrain.is_some_and(|t| t.tapped));
                        if spent {
                            return Err(bad(format!("players[{}]", active.index()), "at step 2(b) the active player's soul-charge cards and terrains have just turned upright"));
                        }
                        s.g.step = Step::SoulCharge;
                        s.g.pending = Pending::SoulCharge { seat: active };
                    }
                    Start::StartEffects => {
                        s.g.start_pending = effects::start_sources(s, active);
                        if s.g.start_pending.is_empty() {
                            return Err(bad(
                                "start",
                                format!("{active} has no start-of-turn effect to resolve"),
                            ));
                        }
                        s.g.step = Step::StartEffects;
                        s.g.pending = Pending::StartEffects { seat: active };
                    }
                    Start::Main => {
                        s.g.step = Step::Main;
                        s.g.pending = Pending::Main { seat: active };
                    }
                    Start::End => {
                        s.g.step = Step::End;
                        s.g.pending = Pending::EndTurn { seat: active };
                    }
                    Start::Window(w) => self.open_window(s, w)?,
                    Start::Resolve(r) => {
                        if r.queued.len() > 64 {
                            return Err(bad("start.resolve.queued", "at most 64 queued windows"));
                        }
                        if r.then == Then::End {
                            s.g.step = Step::Battle;
                            s.g.tasks.push(Task::EnterEnd);
                        } else {
                            s.g.step = Step::Main;
                        }
                        s.g.queued = r.queued.iter().copied().collect();
                        s.g.tasks.push(Task::Settle {
                            controller: r.controller.unwrap_or(active),
                        });
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn check_charged(&self, s: &mut State) -> Result<(), Error> {
        for seat in [Seat(0), Seat(1)] {
            let n = self.players[seat.index()].charged;
            if n == 0 {
                continue;
            }
            if !matches!(self.start, Start::SoulCharge) || seat != s.g.active {
                return Err(bad(
                    format!("players[{}].charged", seat.index()),
                    "cards are charged only in the active player's step 2",
                ));
            }
            if usize::from(n) > field::player(s, seat).soul_cards().len() {
                return Err(bad(
                    format!("players[{}].charged", seat.index()),
                    "more cards charged than the soul-charge zone holds",
                ));
            }
            field::player_mut(s, seat).charged = n;
        }
        Ok(())
    }

    /// After setup both battlefields hold a face-up unit and no unit is at 0 HP, except
    /// inside the resolution loop.
    fn check_board(&self, s: &State, resolving: bool) -> Result<(), Error> {
        for seat in [Seat(0), Seat(1)] {
            let where_ = format!("players[{}]", seat.index());
            if !resolving && field::player(s, seat).bf().is_none() {
                return Err(bad(format!("{where_}.battlefield"), format!("{seat} needs a face-up unit on the battlefield (an empty battlefield is refilled inside the resolution loop: start `resolve`)")));
            }
            if !resolving {
                let hp = field::units_hp_left(s, seat);
                if let Some(k) = hp.iter().position(|h| h.is_some_and(|h| h <= 0)) {
                    let name = field::occupant(s, (seat, k)).map_or("?", |o| s.card_name(o.card));
                    return Err(bad(where_, format!("{seat}'s `{name}` has no HP left: it would already be defeated (start `resolve` to defeat it)")));
                }
            }
        }
        Ok(())
    }

    /// Opens the response window of the position, with what its event continues with.
    fn open_window(&self, s: &mut State, w: &WindowSpec) -> Result<(), Error> {
        let active = s.g.active;
        let other = Seat(1 - (active.0 & 1));
        let seat = w.seat.unwrap_or(active);
        let priority = w.priority.unwrap_or(other);
        let f = |what: &str| format!("start.window.{what}");
        if seat.index() >= 2 || priority.index() >= 2 {
            return Err(bad(f("priority"), "not a seat of a 2-player game"));
        }
        if w.passes > 1 {
            return Err(bad(
                f("passes"),
                "a window closes after two passes in a row",
            ));
        }
        if w.queued.len() > 64 {
            return Err(bad(f("queued"), "at most 64 queued windows"));
        }
        let declared = matches!(
            w.event,
            WindowKind::AttackDeclared
                | WindowKind::SpecialDeclared
                | WindowKind::SuperSpecialDeclared
                | WindowKind::TrumpDeclared
                | WindowKind::TerrainUsed
        );
        if declared && seat != active {
            return Err(bad(f("seat"), "only the active player declares attacks, moves, trumps and terrain uses in a window's main step"));
        }
        let battle = matches!(
            w.event,
            WindowKind::AttackDeclared
                | WindowKind::SpecialDeclared
                | WindowKind::SuperSpecialDeclared
        );
        let then = w
            .then
            .unwrap_or(if battle { Then::End } else { Then::Main });
        if battle && then == Then::Main {
            return Err(bad(
                f("then"),
                "an attack or a move is the battle action: the turn ends next",
            ));
        }
        let unused = |what: &str, given: bool| -> Result<(), Error> {
            if given {
                Err(bad(
                    f(what),
                    format!("`{what}` is not used by a `{:?}` window", w.event),
                ))
            } else {
                Ok(())
            }
        };
        if !matches!(w.event, WindowKind::TrumpDeclared) {
            unused("trump", w.trump.is_some())?;
        }
        if !matches!(
            w.event,
            WindowKind::SpecialDeclared | WindowKind::SuperSpecialDeclared
        ) {
            unused("move", w.r#move.is_some())?;
        }
        if !matches!(w.event, WindowKind::TerrainUsed) {
            unused("terrain", w.terrain.is_some())?;
        }
        if !matches!(w.event, WindowKind::AttackDeclared) {
            unused("damage_mod", w.damage_mod != 0)?;
        }
        if !matches!(
            w.event,
            WindowKind::TrumpDeclared
                | WindowKind::SpecialDeclared
                | WindowKind::SuperSpecialDeclared
                | WindowKind::TerrainUsed
        ) {
            unused("targets", !w.targets.is_empty())?;
        }
        s.g.step = if then == Then::End {
            Step::Battle
        } else {
            Step::Main
        };
        if then == Then::End {
            s.g.tasks.push(Task::EnterEnd);
        }
        match w.event {
            WindowKind::AttackDeclared => {
                let (Some(attacker), Some(target)) = (
                    field::player(s, active).bf().map(|o| o.card),
                    field::player(s, other).bf().map(|o| o.card),
                ) else {
                    return Err(bad(f("event"), "an attack needs both battlefield units"));
                };
                s.g.attack = Some(PendingAttack {
                    controller: active,
                    attacker,
                    target,
                    damage_mod: w.damage_mod,
                });
                s.g.tasks.push(Task::AttackDamage);
            }
            WindowKind::TrumpDeclared => {
                let name = w
                    .trump
                    .as_deref()
                    .ok_or_else(|| bad(f("trump"), "a `trump_declared` window names its trump"))?;
                let card = self.take_in_use(s, active, name)?;
                if !s.rules().is(card, CardType::Trump) {
                    return Err(bad(f("trump"), format!("`{name}` is not a trump")));
                }
                if field::player(s, active).zones.sideways_souls() == 0 {
                    return Err(bad(
                        f("trump"),
                        "a trump in use turned a soul-charge card sideways: none is",
                    ));
                }
                s.g.in_use.push(card);
                s.g.trump = Some(PendingTrump {
                    card,
                    negated: false,
                });
                let fr = self.frame(s, active, card, 0, FrameKind::Trump, &w.targets)?;
                s.g.tasks.push(Task::FinishCard { frame: fr });
                s.g.tasks.push(Task::Resolve { frame: fr });
            }
            WindowKind::SpecialDeclared | WindowKind::SuperSpecialDeclared => {
                let is_super = w.event == WindowKind::SuperSpecialDeclared;
                let index = w
                    .r#move
                    .ok_or_else(|| bad(f("move"), "a move window names its move's index"))?;
                let unit = field::player(s, active)
                    .bf()
                    .cloned()
                    .ok_or_else(|| bad(f("move"), "no battlefield unit"))?;
                let def = s.card_def(unit.card).cloned();
                let (count, k) = match &def {
                    Some(
                        d @ crate::cards::CardDef::Unit {
                            specials, supers, ..
                        },
                    ) => {
                        let kind = if is_super {
                            FrameKind::Super
                        } else {
                            FrameKind::Special
                        };
                        (
                            if is_super {
                                supers.len()
                            } else {
                                specials.len()
                            },
                            effects::list_index(d, kind, usize::from(index)),
                        )
                    }
                    _ => (0, 0),
                };
                if usize::from(index) >= count {
                    return Err(bad(
                        f("move"),
                        format!("`{}` has no such move", s.card_name(unit.card)),
                    ));
                }
                if is_super && unit.ex == 0 {
                    return Err(bad(f("move"), "a super special move put an EX counter on its unit at declaration: it has none"));
                }
                let kind = if is_super {
                    FrameKind::Super
                } else {
                    FrameKind::Special
                };
                let fr = self.frame(s, active, unit.card, k, kind, &w.targets)?;
                s.g.tasks.push(Task::PopFrame);
                s.g.tasks.push(Task::Resolve { frame: fr });
            }
            WindowKind::TerrainUsed => {
                let loc = w.terrain.ok_or_else(|| {
                    bad(
                        f("terrain"),
                        "a `terrain_used` window names the terrain's location",
                    )
                })?;
                let t = field::player(s, active)
                    .field
                    .get(loc.slot())
                    .and_then(|x| x.terrain);
                let usable = t.is_some_and(|t| {
                    t.tapped
                        && field::face_up_unit(s, (active, loc.slot())).is_some()
                        && matches!(
                            s.card_def(t.card),
                            Some(crate::cards::CardDef::Terrain {
                                use_: crate::cards::TerrainUse::TapToUse { .. },
                                ..
                            })
                        )
                });
                let Some(t) = t.filter(|_| usable) else {
                    return Err(bad(
                        f("terrain"),
                        "no used (sideways) tap-to-use terrain with a face-up unit there",
                    ));
                };
                let fr = self.frame(s, active, t.card, 0, FrameKind::Terrain, &w.targets)?;
                s.g.tasks.push(Task::PopFrame);
                s.g.tasks.push(Task::Resolve { frame: fr });
            }
            WindowKind::TurnStarted => {
                if then != Then::Main || seat != active {
                    return Err(bad(
                        f("event"),
                        "the turn-start window is the active player's, before the main step",
                    ));
                }
                s.g.step = Step::StartEffects;
                s.g.tasks.push(Task::StartEffects);
            }
            _ => {}
        }
        for &q in w.queued.iter().rev() {
            s.g.tasks.push(Task::Window {
                window: q,
                ask: other,
                passes: 0,
            });
        }
        let window = WindowEvent {
            kind: w.event,
            seat,
        };
        if !resolution::eligible(s, priority) {
            return Err(bad(f("priority"), format!("{priority} cannot be asked: no face-down bench card and no upright any-turn terrain with a face-up unit on it")));
        }
        s.g.tasks.push(Task::Window {
            window,
            ask: priority,
            passes: w.passes,
        });
        s.g.pending = Pending::Respond {
            seat: priority,
            window,
        };
        Ok(())
    }

    /// A card of `seat` the position names for a trump in use: taken out of the hand, where
    /// the position lists it.
    fn take_in_use(&self, s: &mut State, seat: Seat, name: &str) -> Result<CardId, Error> {
        let card = s
            .hand(seat)
            .iter()
            .copied()
            .find(|&c| matches_name(s, c, name))
            .ok_or_else(|| {
                bad(
                    "start.window.trump",
                    format!("list `{name}` in {seat}'s hand: the trump in use comes from there"),
                )
            })?;
        field::take_from_hand(s, seat, card, field::Seen::Public);
        Ok(card)
    }

    /// A frame of a declared effect with its chosen targets (each a legal option).
    fn frame(
        &self,
        s: &mut State,
        controller: Seat,
        source: CardId,
        k: usize,
        kind: FrameKind,
        targets: &[(Seat, Loc)],
    ) -> Result<u8, Error> {
        let f = effects::push_frame(s, controller, source, k, kind)
            .ok_or_else(|| bad("start.window", "the card has no such effect"))?;
        let slots = effects::frame(s, f).map_or(0, |fr| fr.targets.len());
        if targets.len() != slots {
            return Err(bad(
                "start.window.targets",
                format!(
                    "the effect chooses {slots} target(s); {} given",
                    targets.len()
                ),
            ));
        }
        for (i, &(side, loc)) in targets.iter().enumerate() {
            let sel = effects::slot_selector(s, f, i as u8);
            let ok = sel.is_some_and(|sel| {
                effects::choice_options(s, controller, sel).contains(&(side, loc.slot()))
            });
            let card = field::occupant(s, (side, loc.slot())).map(|o| o.card);
            match card.filter(|_| ok) {
                Some(c) => effects::set_target(s, f, i as u8, c),
                None => {
                    return Err(bad(
                        format!("start.window.targets[{i}]"),
                        "not a legal target of the effect",
                    ));
                }
            }
        }
        Ok(f)
    }
}

/// Whether `card` is the card a position calls `name` (`key` matches any copy, `key#k`
/// the k-th copy of the seat's cards).
fn matches_name(s: &State, card: CardId, name: &str) -> bool {
    match name.split_once('#') {
        Some(_) => s.card_id(s.owner(card), name) == Some(card),
        None => s.card_name(card) == name,
    }
}

/// `P0:name#k` → the card.
fn shuffle_key(s: &State, key: &str) -> Option<CardId> {
    let (seat, name) = key.split_once(':')?;
    let seat = match seat {
        "P0" => Seat(0),
        "P1" => Seat(1),
        _ => return None,
    };
    s.card_id(seat, name)
}

/// One name of a position: a key and, for `key#k`, the copy k.
fn parse_name(
    rules: &Rules,
    field_name: &str,
    name: &str,
) -> Result<(DefId, Option<usize>), Error> {
    let (key, k) = match name.rsplit_once('#') {
        Some((key, k)) => {
            let k = k.parse::<usize>().ok().filter(|&k| k >= 1).ok_or_else(|| {
                bad(
                    field_name,
                    format!("`{name}`: a copy is written `key#k`, k from 1"),
                )
            })?;
            (key, Some(k))
        }
        None => (name, None),
    };
    let def = rules.cards.find(key).ok_or_else(|| {
        bad(
            field_name,
            format!("unknown card `{}`", crate::cards::clip(key, 64)),
        )
    })?;
    Ok((def, k))
}

/// Puts one seat's named cards into their zones (MS-D6 ids, `rest`).
fn place_seat(
    rules: &Rules,
    seat: Seat,
    spec: &SeatSpec,
    p: &mut Player,
    rng: &mut GameRng,
) -> Result<(), Error> {
    let at = |what: &str| format!("players[{}].{what}", seat.index());
    // Every name, in zone order, with the zone it goes to.
    #[derive(Clone, Copy)]
    enum Zone {
        Hand,
        Deck,
        Discard,
        Soul(bool),
        Field(usize, bool),
        Terrain(usize, bool),
    }
    let mut refs: Vec<(String, &str, Zone)> = Vec::new();
    for c in &spec.hand {
        refs.push((at("hand"), c, Zone::Hand));
    }
    for c in &spec.deck {
        refs.push((at("deck"), c, Zone::Deck));
    }
    for c in &spec.discard {
        refs.push((at("discard"), c, Zone::Discard));
    }
    for c in &spec.soul {
        refs.push((at("soul"), &c.card, Zone::Soul(c.sideways)));
    }
    if spec.bench.len() > MAX_BENCH {
        return Err(bad(
            at("bench"),
            format!("at most {MAX_BENCH} bench locations"),
        ));
    }
    let units = std::iter::once((0usize, spec.battlefield.as_ref())).chain(
        spec.bench
            .iter()
            .enumerate()
            .map(|(b, u)| (b + 1, u.as_ref())),
    );
    for (slot, u) in units {
        let Some(u) = u else { continue };
        let what = if slot == 0 {
            at("battlefield")
        } else {
            at(&format!("bench[{}]", slot - 1))
        };
        if u.under.len() > UNDER_CARDS {
            return Err(bad(
                what,
                format!("at most {UNDER_CARDS} cards under a unit (MS-3.15)"),
            ));
        }
        for c in &u.under {
            refs.push((what.clone(), c, Zone::Field(slot, true)));
        }
        refs.push((what, &u.card, Zone::Field(slot, false)));
    }
    for t in &spec.terrains {
        refs.push((
            at("terrains"),
            &t.card,
            Zone::Terrain(t.at.slot(), t.sideways),
        ));
    }
    // Which copies the seat has: its deck list, or exactly the named cards.
    let mut parsed = Vec::with_capacity(refs.len());
    for (f, name, zone) in &refs {
        parsed.push((parse_name(rules, f, name)?, f.clone(), *name, *zone));
    }
    let mut counts = vec![0usize; rules.cards.len()];
    match spec.rest {
        Rest::Deck => {
            for d in &rules.decks[seat.index()] {
                counts[d.index()] += 1;
            }
        }
        Rest::OutOfGame => {
            for ((d, _), ..) in &parsed {
                counts[d.index()] += 1;
            }
        }
    }
    let mut owned: Vec<Vec<CardId>> = vec![Vec::new(); rules.cards.len()];
    for (i, &n) in counts.iter().enumerate() {
        let block: Vec<CardId> = rules.copies(seat, DefId(i as u16)).map(CardId).collect();
        if n > block.len() {
            let key = rules.cards.defs().get(i).map_or("?", |d| d.id());
            return Err(bad(
                at("(cards)"),
                format!(
                    "{seat} names {n} × `{key}`; a deck holds at most {}",
                    block.len()
                ),
            ));
        }
        owned[i] = block[..n].to_vec();
    }
    let mut used = vec![false; rules.num_cards()];
    let mut chosen = vec![CardId(0); parsed.len()];
    let whose = if spec.rest == Rest::Deck {
        "deck list"
    } else {
        "position"
    };
    // Explicit copies first, then the first unused copy for each bare name.
    for pass in [true, false] {
        for (i, ((def, k), f, name, _)) in parsed.iter().enumerate() {
            if k.is_some() != pass {
                continue;
            }
            let copies = &owned[def.index()];
            let card = match k {
                Some(k) => {
                    let c = copies.get(k - 1).copied().ok_or_else(|| {
                        bad(
                            f.as_str(),
                            format!(
                                "`{name}`: {seat}'s {whose} has {} cop{} of it",
                                copies.len(),
                                if copies.len() == 1 { "y" } else { "ies" }
                            ),
                        )
                    })?;
                    if used[c.index()] {
                        return Err(bad(f.as_str(), format!("`{name}` is named twice")));
                    }
                    c
                }
                None => copies
                    .iter()
                    .copied()
                    .find(|c| !used[c.index()])
                    .ok_or_else(|| {
                        bad(
                            f.as_str(),
                            format!("{seat}'s {whose} has no (more) `{name}`"),
                        )
                    })?,
            };
            used[card.index()] = true;
            chosen[i] = card;
        }
    }
    let mut deck_top = Vec::new();
    let mut unders: Vec<Vec<CardId>> = vec![Vec::new(); p.field.len()];
    for (i, (_, f, name, zone)) in parsed.iter().enumerate() {
        let card = chosen[i];
        let ty = rules.card_type(card);
        match *zone {
            Zone::Hand => p.zones.push(Place::Hand, card),
            Zone::Deck => deck_top.push(card),
            Zone::Discard => p.zones.push(Place::Discard, card),
            Zone::Soul(tapped) => p.zones.push_soul(SoulCard { card, tapped }),
            Zone::Field(slot, true) => {
                if ty != Some(CardType::Unit) {
                    return Err(bad(
                        f.as_str(),
                        format!("`{name}` is not a unit: only units stack"),
                    ));
                }
                unders[slot].push(card);
            }
            Zone::Field(slot, false) => {
                let u = if slot == 0 {
                    spec.battlefield.as_ref()
                } else {
                    spec.bench.get(slot - 1).and_then(Option::as_ref)
                };
                let Some(u) = u else { continue };
                let unit = ty == Some(CardType::Unit);
                let trap = ty == Some(CardType::Trap);
                if !(unit || trap && !u.face_up) {
                    return Err(bad(f.as_str(), format!("`{name}` cannot occupy a location that way (units face-up or face-down, traps face-down)")));
                }
                if slot == 0 && !(unit && u.face_up) {
                    return Err(bad(
                        f.as_str(),
                        format!("the battlefield holds a face-up unit, not `{name}` face-down"),
                    ));
                }
                if !u.face_up && !u.under.is_empty() {
                    return Err(bad(f.as_str(), "a stack is face-up"));
                }
                if u.face_up && !u.peeked_by.is_empty() {
                    return Err(bad(f.as_str(), "only a face-down card is peeked at"));
                }
                if !unit && (u.damage > 0 || u.ex > 0) {
                    return Err(bad(f.as_str(), "only units carry counters"));
                }
                let mut peeked = SeatSet::EMPTY;
                for &q in &u.peeked_by {
                    if q.index() >= 2 || q == seat {
                        return Err(bad(
                            f.as_str(),
                            format!("{q} cannot have peeked at {seat}'s card"),
                        ));
                    }
                    peeked.insert(q);
                }
                p.field[slot].occupant = Some(FieldCard {
                    card,
                    under: unders[slot].iter().copied().collect(),
                    face_up: u.face_up,
                    damage: u.damage,
                    ex: u.ex,
                    // Placed in an earlier turn unless the position says this one (fixed
                    // below once the turn is known).
                    placed_turn: if u.placed_this_turn { u32::MAX } else { 0 },
                    peeked,
                });
            }
            Zone::Terrain(slot, tapped) => {
                if ty != Some(CardType::Terrain) {
                    return Err(bad(f.as_str(), format!("`{name}` is not a terrain")));
                }
                let allowed = match rules.def(card) {
                    Some(crate::cards::CardDef::Terrain { placement, .. }) => match placement {
                        crate::cards::Placement::Any => true,
                        crate::cards::Placement::BattlefieldOnly => slot == 0,
                        crate::cards::Placement::BenchOnly => slot > 0,
                    },
                    _ => false,
                };
                if !allowed {
                    return Err(bad(
                        f.as_str(),
                        format!("`{name}` may not be placed there (its placement)"),
                    ));
                }
                if p.field[slot].terrain.is_some() {
                    return Err(bad(f.as_str(), "a location holds one terrain"));
                }
                p.field[slot].terrain = Some(Terrain { card, tapped });
            }
        }
    }
    p.zones.get_mut(Place::Hand).sort_unstable();
    // The rest of the deck list goes beneath the named deck cards, in an order drawn from
    // the seed's stream (a position's arrangement is not one of the rules' random draws).
    let mut rest: Vec<CardId> = owned
        .iter()
        .flatten()
        .copied()
        .filter(|c| !used[c.index()])
        .collect();
    for i in (1..rest.len()).rev() {
        let j = rng.stream_below(i + 1);
        rest.swap(i, j);
    }
    deck_top.reverse();
    rest.extend(deck_top);
    p.zones.set(Place::Deck, &rest);
    Ok(())
}

impl State {
    /// The position's name of a card: `P0:iron_guard#2` (its owner, its key and which of
    /// the owner's copies in the game it is, counted in id order from 1).
    pub fn card_label(&self, card: CardId) -> String {
        let seat = self.owner(card);
        let key = self.card_name(card);
        let k = self
            .instances_of(seat, key)
            .iter()
            .position(|&c| c == card)
            .map_or(0, |i| i + 1);
        format!("{seat}:{key}#{k}")
    }
}

impl Positions for crate::game::Mattsan {
    type Scenario = Scenario;

    fn from_scenario(scenario: &Scenario) -> Result<State, Error> {
        scenario.build()
    }
}
