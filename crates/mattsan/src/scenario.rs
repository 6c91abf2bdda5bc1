//! Building arbitrary positions for rule tests, tutorials and puzzles.
//!
//! ```
//! use fuda_mattsan::{Loc, Scenario, Seat};
//! let state = Scenario::new()
//!     .unit(Seat(0), Loc::Battlefield, "blade_rookie")
//!     .unit(Seat(1), Loc::Battlefield, "iron_guard")
//!     .hand(Seat(0), &["fireball", "iron_guard"])
//!     .build()?;
//! assert_eq!(state.hand(Seat(0)).len(), 2);
//! # Ok::<_, fuda_mattsan::Error>(())
//! ```

use crate::cards::{CardId, CardType};
use crate::config::Config;
use crate::error::Error;
use crate::rules::{self, field};
use crate::state::{
    FieldCard, Loc, Pending, Rules, RulesRef, SetupDraft, SoulCard, State, Step, Task, Terrain,
};
use fuda_core::{GameRng, NoEvents, Pile, Seat, SeatSet};
use std::sync::Arc;

/// A unit (or face-down card) to put on the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSpec {
    /// Card name (its `id`).
    pub card: String,
    /// Face-up.
    pub face_up: bool,
    /// Damage counters.
    pub damage: u16,
    /// EX counters.
    pub ex: u8,
    /// Unit cards under it (a stack, MS-3.15), bottom first.
    pub under: Vec<String>,
}

impl UnitSpec {
    /// A face-up unit without counters.
    pub fn new(card: &str) -> UnitSpec {
        UnitSpec {
            card: card.into(),
            face_up: true,
            damage: 0,
            ex: 0,
            under: Vec::new(),
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

    /// On top of these unit cards (a stack).
    #[must_use]
    pub fn on_top_of(mut self, under: &[&str]) -> UnitSpec {
        self.under = under.iter().map(|s| s.to_string()).collect();
        self
    }
}

/// Where the scenario starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Start {
    MainStep,
    TurnBegin,
    Placement,
}

/// A position to start from. Cards are named by their card-set `id` and taken from the
/// seat's own deck list; every card not placed goes to the bottom of its owner's deck
/// (shuffled from the seed). [`Scenario::build`] validates everything.
#[derive(Clone, Debug)]
pub struct Scenario {
    config: Config,
    seed: u64,
    dice: Vec<u8>,
    start: Start,
    first: Seat,
    active: Seat,
    turn: u32,
    hands: [Vec<String>; 2],
    deck_top: [Vec<String>; 2],
    discards: [Vec<String>; 2],
    souls: [Vec<(String, bool)>; 2],
    units: Vec<(Seat, Loc, UnitSpec)>,
    terrains: Vec<(Seat, Loc, String, bool)>,
    flags: [u8; 2],
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario::new()
    }
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

impl Scenario {
    /// A scenario with the default configuration: seat 0 (deck A) is active in its main
    /// step of turn 3, seat 0 went first.
    pub fn new() -> Scenario {
        Scenario::with_config(Config::default())
    }

    /// A scenario with this configuration.
    pub fn with_config(config: Config) -> Scenario {
        Scenario {
            config,
            seed: 0,
            dice: Vec::new(),
            start: Start::MainStep,
            first: Seat(0),
            active: Seat(0),
            turn: 3,
            hands: Default::default(),
            deck_top: Default::default(),
            discards: Default::default(),
            souls: Default::default(),
            units: Vec::new(),
            terrains: Vec::new(),
            flags: [0; 2],
        }
    }

    /// Changes the configuration.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The seed of the game's generator.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Scenario {
        self.seed = seed;
        self
    }

    /// Die results the next rolls return, in order (`GameRng::force_dice`).
    #[must_use]
    pub fn force_dice(mut self, dice: &[u8]) -> Scenario {
        self.dice.extend_from_slice(dice);
        self
    }

    /// The active player (default seat 0).
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = seat;
        self
    }

    /// The first player (default seat 0).
    #[must_use]
    pub fn first_player(mut self, seat: Seat) -> Scenario {
        self.first = seat;
        self
    }

    /// The turn number (default 3).
    #[must_use]
    pub fn turn(mut self, turn: u32) -> Scenario {
        self.turn = turn.max(1);
        self
    }

    /// Start at the beginning of the active player's turn (step 1) instead of the main
    /// step.
    #[must_use]
    pub fn at_turn_start(mut self) -> Scenario {
        self.start = Start::TurnBegin;
        self
    }

    /// Start at the secret setup placement (MS-3.13) with the given hands.
    #[must_use]
    pub fn at_setup(mut self) -> Scenario {
        self.start = Start::Placement;
        self
    }

    /// A player's hand.
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.hands[seat.index() & 1] = names(cards);
        self
    }

    /// The top of a player's deck, top card first. With `exact_deck`, nothing else is
    /// in the deck.
    #[must_use]
    pub fn deck_top(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.deck_top[seat.index() & 1] = names(cards);
        self
    }

    /// A player's discard pile, bottom first.
    #[must_use]
    pub fn discard(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        self.discards[seat.index() & 1] = names(cards);
        self
    }

    /// A player's soul-charge cards, each upright (`false`) or sideways (`true`).
    #[must_use]
    pub fn soul(mut self, seat: Seat, cards: &[(&str, bool)]) -> Scenario {
        self.souls[seat.index() & 1] = cards.iter().map(|(c, t)| (c.to_string(), *t)).collect();
        self
    }

    /// A face-up unit on a location.
    #[must_use]
    pub fn unit(self, seat: Seat, loc: Loc, card: &str) -> Scenario {
        self.unit_spec(seat, loc, UnitSpec::new(card))
    }

    /// A unit with counters, face-down or stacked (replacing an earlier one given for
    /// the same location).
    #[must_use]
    pub fn unit_spec(mut self, seat: Seat, loc: Loc, spec: UnitSpec) -> Scenario {
        self.units.retain(|(s, l, _)| (*s, *l) != (seat, loc));
        self.units.push((seat, loc, spec));
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
        self.terrains.push((seat, loc, card.to_string(), sideways));
        self
    }

    /// Puts every unplaced card of `seat` in its discard pile instead of its deck (so the
    /// deck holds exactly the `deck_top` cards).
    #[must_use]
    pub fn exact_deck(mut self, seat: Seat) -> Scenario {
        self.flags[seat.index() & 1] |= 1;
        self
    }

    /// Validates the scenario and builds the state.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::Deck`] for the configuration, [`Error::Scenario`] for
    /// an unknown card, more copies than the deck holds, a card of the wrong type in a
    /// location, or a missing battlefield unit.
    pub fn build(self) -> Result<State, Error> {
        let rules = Rules::new(&self.config)?;
        let bad = |message: String| Error::Scenario { message };
        let mut rng = GameRng::from_seed(self.seed);
        let mut owned = vec![false; rules.num_cards()];
        for seat in [Seat(0), Seat(1)] {
            let defs = rules.decks[seat.index()].clone();
            for c in rules::setup::deck_ids(&rules, seat, &defs, &mut rng) {
                owned[c.index()] = true;
            }
        }
        let mut used = vec![false; rules.num_cards()];
        let take_in = |used: &mut Vec<bool>, seat: Seat, name: &str| -> Result<CardId, Error> {
            let found = (0..rules.num_cards()).find(|&i| {
                !used[i]
                    && owned[i]
                    && rules.owner(CardId(i as u16)) == seat
                    && rules.name(CardId(i as u16)) == name
            });
            match found {
                Some(i) => {
                    used[i] = true;
                    Ok(CardId(i as u16))
                }
                None => Err(bad(format!(
                    "{seat}'s deck has no (more) `{name}` to place"
                ))),
            }
        };
        macro_rules! take {
            ($seat:expr, $name:expr) => {
                take_in(&mut used, $seat, $name)
            };
        }
        let mut players = [crate::state::Player::new(), crate::state::Player::new()];
        for seat in [Seat(0), Seat(1)] {
            let i = seat.index();
            for n in &self.hands[i] {
                let c = take!(seat, n)?;
                players[i].hand.push(c);
            }
            players[i].hand.sort_unstable();
            for n in &self.discards[i] {
                let c = take!(seat, n)?;
                players[i].discard.push(c);
            }
            for (n, tapped) in &self.souls[i] {
                let c = take!(seat, n)?;
                players[i].soul.push(SoulCard {
                    card: c,
                    tapped: *tapped,
                });
            }
        }
        for (seat, loc, spec) in &self.units {
            if seat.index() >= 2 {
                return Err(bad(format!("{seat} is not a seat of this game")));
            }
            let card = take!(*seat, &spec.card)?;
            let mut under = Vec::new();
            for n in &spec.under {
                under.push(take!(*seat, n)?);
            }
            let is_unit = rules.is(card, CardType::Unit);
            let is_trap = rules.is(card, CardType::Trap);
            if !(is_unit || is_trap && !spec.face_up) {
                return Err(bad(format!(
                    "`{}` cannot occupy a location that way",
                    spec.card
                )));
            }
            let slot = players[seat.index()]
                .field
                .get_mut(loc.slot())
                .ok_or_else(|| bad(format!("{loc:?} does not exist")))?;
            if slot.occupant.is_some() {
                return Err(bad(format!("{seat}'s {loc:?} is given twice")));
            }
            slot.occupant = Some(FieldCard {
                card,
                under,
                face_up: spec.face_up,
                damage: spec.damage,
                ex: spec.ex,
                placed_turn: 0,
                peeked: SeatSet::EMPTY,
            });
        }
        for (seat, loc, name, tapped) in &self.terrains {
            if seat.index() >= 2 {
                return Err(bad(format!("{seat} is not a seat of this game")));
            }
            let card = take!(*seat, name)?;
            if !rules.is(card, CardType::Terrain) {
                return Err(bad(format!("`{name}` is not a terrain")));
            }
            let slot = players[seat.index()]
                .field
                .get_mut(loc.slot())
                .ok_or_else(|| bad(format!("{loc:?} does not exist")))?;
            slot.terrain = Some(Terrain {
                card,
                tapped: *tapped,
            });
        }
        for seat in [Seat(0), Seat(1)] {
            let i = seat.index();
            let mut top = Vec::new();
            for n in &self.deck_top[i] {
                top.push(take!(seat, n)?);
            }
            let mut rest: Vec<CardId> = (0..rules.num_cards() as u16)
                .map(CardId)
                .filter(|c| owned[c.index()] && !used[c.index()] && rules.owner(*c) == seat)
                .collect();
            for c in &rest {
                used[c.index()] = true;
            }
            if self.flags[i] & 1 != 0 {
                // The rest is out of the game.
                rest = Vec::new();
            }
            rng.shuffle(&mut rest);
            top.reverse();
            rest.extend(top);
            players[i].deck = Pile::from_bottom_to_top(rest);
        }
        rng.force_dice(self.dice.iter().copied());
        let setup = self.start == Start::Placement;
        if setup {
            for p in &mut players {
                p.setup = Some(SetupDraft::default());
            }
        } else {
            for seat in [Seat(0), Seat(1)] {
                let ok = players[seat.index()]
                    .bf()
                    .is_some_and(|o| o.face_up && rules.is(o.card, CardType::Unit));
                if !ok {
                    return Err(bad(format!(
                        "{seat} needs a face-up unit on the battlefield"
                    )));
                }
            }
        }
        let mut s = State {
            rules: RulesRef(Arc::new(rules)),
            g: crate::state::Board {
                rng,
                step: match self.start {
                    Start::Placement => Step::Setup,
                    Start::MainStep => Step::Main,
                    Start::TurnBegin => Step::TurnStart,
                },
                turn: if setup { 0 } else { self.turn },
                active: if setup { self.first } else { self.active },
                first_player: Some(self.first),
                first_rolls: Vec::new(),
                players,
                in_use: Vec::new(),
                attack: None,
                trump: None,
                frames: Vec::new(),
                temp_mods: Vec::new(),
                start_pending: Vec::new(),
                queued: Vec::new(),
                rolls: Vec::new(),
                tasks: Vec::new(),
                pending: if setup {
                    Pending::Placement {
                        waiting: SeatSet::all(2),
                    }
                } else {
                    Pending::Main { seat: self.active }
                },
                outcome: None,
                actions: 0,
            },
        };
        if self.start == Start::TurnBegin {
            s.g.turn = self.turn - 1;
            s.g.tasks.push(Task::BeginTurn);
        }
        rules::run(&mut s, &mut NoEvents);
        s.validate()?;
        let _ = field::capacity;
        Ok(s)
    }
}
