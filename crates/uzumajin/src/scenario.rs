//! Building arbitrary positions for rule tests, tutorials and puzzles.
//!
//! Cards are named by their card-set `id` and taken from the owner's deck list (the first
//! unused instance). Majins get ids `M0, M1, ...` in the order they are added. Every card
//! not placed goes, shuffled from the seed, into its owner's MB under the listed top cards
//! (or into the damage zone, see [`Scenario::damage`]).
//!
//! ```
//! use fuda_uzumajin::{Scenario, Seat, Zone, MajinSpec};
//! let state = Scenario::new()
//!     .hand(Seat(0), &["red_imp", "red_warrior"])
//!     .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
//!     .at_main(None)
//!     .build()?;
//! assert_eq!(state.mp_available(), 1);
//! # Ok::<_, fuda_uzumajin::Error>(())
//! ```

use crate::cards::{CardId, CardType, DefId};
use crate::config::Config;
use crate::error::Error;
use crate::rules::run;
use crate::state::{Majin, MajinId, Pending, Player, Rules, RulesRef, State, Step, Task, Zone};
use fuda_core::{GameRng, NoEvents, Pile, Seat};
use std::sync::Arc;

/// A majin to place: its zone, tapped flag and cards (bottom first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MajinSpec {
    /// Its zone.
    pub zone: Zone,
    /// Tapped.
    pub tapped: bool,
    /// The bottom card is face-down.
    pub face_down: bool,
    /// Card ids, bottom first.
    pub cards: Vec<String>,
}

impl MajinSpec {
    /// Face-up souls, bottom first, untapped.
    pub fn souls(cards: &[&str], zone: Zone) -> MajinSpec {
        MajinSpec {
            zone,
            tapped: false,
            face_down: false,
            cards: cards.iter().map(|c| c.to_string()).collect(),
        }
    }

    /// A face-down bottom card with face-up souls on top, untapped.
    pub fn on_ura(bottom: &str, souls: &[&str], zone: Zone) -> MajinSpec {
        let mut cards = vec![bottom.to_string()];
        cards.extend(souls.iter().map(|c| c.to_string()));
        MajinSpec {
            zone,
            tapped: false,
            face_down: true,
            cards,
        }
    }

    /// A lone face-down card (an ura majin), untapped.
    pub fn ura(card: &str, zone: Zone) -> MajinSpec {
        MajinSpec::on_ura(card, &[], zone)
    }

    /// The same majin, tapped.
    #[must_use]
    pub fn tapped(mut self) -> MajinSpec {
        self.tapped = true;
        self
    }
}

/// Where the built position starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum StartAt {
    #[default]
    TurnStart,
    Main(Option<u32>),
    Attack,
}

/// A position to start from. [`Scenario::build`] validates everything.
#[derive(Clone, Debug)]
pub struct Scenario {
    config: Config,
    seed: u64,
    active: Seat,
    turns_completed: u32,
    turns_taken: [Option<u32>; 2],
    hands: [Vec<String>; 2],
    mb_top: [Vec<String>; 2],
    graveyards: [Vec<String>; 2],
    damage: [u8; 2],
    mb_limit: [Option<usize>; 2],
    majins: Vec<(Seat, MajinSpec)>,
    start: StartAt,
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario::new()
    }
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

impl Scenario {
    /// A scenario with the default configuration (seat 0 Red, seat 1 Blue), seat 0
    /// active, at the start of a turn that is not anyone's first.
    pub fn new() -> Scenario {
        Scenario::with_config(Config::default())
    }

    /// A scenario with this configuration.
    pub fn with_config(config: Config) -> Scenario {
        Scenario {
            config,
            seed: 0,
            active: Seat(0),
            turns_completed: 2,
            turns_taken: [None, None],
            hands: Default::default(),
            mb_top: Default::default(),
            graveyards: Default::default(),
            damage: [0, 0],
            mb_limit: [None, None],
            majins: Vec::new(),
            start: StartAt::TurnStart,
        }
    }

    /// Changes the configuration.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The seed of the game's generator (shuffle of unplaced cards, random discards).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Scenario {
        self.seed = seed;
        self
    }

    /// The active player.
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = seat;
        self
    }

    /// Game-wide turns completed before the current one (default 2).
    #[must_use]
    pub fn turns_completed(mut self, n: u32) -> Scenario {
        self.turns_completed = n;
        self
    }

    /// Own turns `seat` has begun before the current turn (default: 0 if no turn was
    /// completed, else at least 1). `0` for the active player makes this their first turn.
    #[must_use]
    pub fn turns_taken(mut self, seat: Seat, n: u32) -> Scenario {
        if let Some(t) = self.turns_taken.get_mut(seat.index()) {
            *t = Some(n);
        }
        self
    }

    /// A player's hand (in this order).
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(h) = self.hands.get_mut(seat.index()) {
            *h = names(cards);
        }
        self
    }

    /// The top of a player's MB, top card first.
    #[must_use]
    pub fn mb_top(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(h) = self.mb_top.get_mut(seat.index()) {
            *h = names(cards);
        }
        self
    }

    /// Keep at most `n` cards in a player's MB; the other unplaced cards go to the
    /// graveyard (to build deck-out positions).
    #[must_use]
    pub fn mb_size(mut self, seat: Seat, n: usize) -> Scenario {
        if let Some(h) = self.mb_limit.get_mut(seat.index()) {
            *h = Some(n);
        }
        self
    }

    /// A player's graveyard, bottom first.
    #[must_use]
    pub fn graveyard(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(h) = self.graveyards.get_mut(seat.index()) {
            *h = names(cards);
        }
        self
    }

    /// `n` unplaced cards of the player go face-down to the damage zone.
    #[must_use]
    pub fn damage(mut self, seat: Seat, n: u8) -> Scenario {
        if let Some(d) = self.damage.get_mut(seat.index()) {
            *d = n;
        }
        self
    }

    /// Adds a majin (ids are `M0, M1, ...` in the order of these calls).
    #[must_use]
    pub fn majin(mut self, seat: Seat, spec: MajinSpec) -> Scenario {
        self.majins.push((seat, spec));
        self
    }

    /// Start in step 5 with this MP pool (`None`: counted from the majins, MJ-4.4).
    #[must_use]
    pub fn at_main(mut self, mp: Option<u32>) -> Scenario {
        self.start = StartAt::Main(mp);
        self
    }

    /// Start in step 6 (the active player's attack decision).
    #[must_use]
    pub fn at_attack(mut self) -> Scenario {
        self.start = StartAt::Attack;
        self
    }

    /// Validates the scenario and builds the state.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::CardSet`] / [`Error::Deck`] for the configuration,
    /// [`Error::Scenario`] for an unknown card, more copies than the deck holds, a seat out
    /// of range, or an impossible majin.
    pub fn build(self) -> Result<State, Error> {
        let rules = Rules::new(&self.config)?;
        let bad = |message: String| Error::Scenario { message };
        if self.active.index() >= 2 {
            return Err(bad(format!("{} is not a seat", self.active)));
        }
        let mut used = vec![false; rules.num_cards()];
        let mut take = |seat: Seat, name: &str| -> Result<CardId, Error> {
            let def: DefId = rules
                .cards
                .find(name)
                .ok_or_else(|| bad(format!("unknown card `{name}`")))?;
            let found = (0..rules.num_cards())
                .map(|i| CardId(i as u16))
                .find(|&c| {
                    rules.owner(c) == seat && rules.def_of(c) == Some(def) && !used[c.index()]
                })
                .ok_or_else(|| bad(format!("{seat}'s deck has no more `{name}`")))?;
            used[found.index()] = true;
            Ok(found)
        };
        let mut players: [Player; 2] = Default::default();
        let mut majin_seats = Vec::new();
        for (k, (seat, spec)) in self.majins.iter().enumerate() {
            if seat.index() >= 2 {
                return Err(bad(format!("{seat} is not a seat")));
            }
            if spec.cards.is_empty()
                || spec.cards.len()
                    > rules
                        .config
                        .max_cards_per_majin
                        .map_or(usize::MAX, usize::from)
            {
                return Err(bad(format!("majin #{k} has {} cards", spec.cards.len())));
            }
            let mut cards = Vec::new();
            for (i, name) in spec.cards.iter().enumerate() {
                let c = take(*seat, name)?;
                let face_up = !(i == 0 && spec.face_down);
                if face_up && rules.card_type(c) != Some(CardType::Soul) {
                    return Err(bad(format!("face-up `{name}` in majin #{k} is not a soul")));
                }
                cards.push(c);
            }
            majin_seats.push(*seat);
            players[seat.index()].majins.push(Majin {
                id: MajinId(k as u16),
                zone: spec.zone,
                tapped: spec.tapped,
                face_down: spec.face_down,
                cards,
                turn_mod: 0,
                battle_mod: 0,
            });
        }
        let mut tops: [Vec<CardId>; 2] = Default::default();
        for i in 0..2 {
            let seat = Seat(i as u8);
            for name in &self.hands[i] {
                let c = take(seat, name)?;
                players[i].hand.push(c);
            }
            for name in &self.graveyards[i] {
                let c = take(seat, name)?;
                players[i].graveyard.push(c);
            }
            tops[i] = self.mb_top[i]
                .iter()
                .map(|n| take(seat, n))
                .collect::<Result<Vec<_>, _>>()?;
        }
        let mut rng = GameRng::from_seed(self.seed);
        for i in 0..2 {
            let seat = Seat(i as u8);
            let top = &tops[i];
            let mut rest: Vec<CardId> = (0..rules.num_cards())
                .map(|c| CardId(c as u16))
                .filter(|&c| rules.owner(c) == seat && !used[c.index()])
                .collect();
            rng.shuffle(&mut rest);
            let dmg = usize::from(self.damage[i]);
            if dmg > rest.len() {
                return Err(bad(format!(
                    "{seat} has too few cards left for {dmg} damage"
                )));
            }
            players[i].damage = rest.drain(..dmg).collect();
            if let Some(limit) = self.mb_limit[i] {
                let keep = limit.saturating_sub(top.len()).min(rest.len());
                players[i].graveyard.extend(rest.drain(keep..));
            }
            let mut mb = Pile::from_bottom_to_top(rest);
            for &c in top.iter().rev() {
                mb.put_top(c);
            }
            players[i].mb = mb;
        }
        let default_taken = if self.turns_completed == 0 {
            0
        } else {
            1.max(self.turns_completed / 2)
        };
        let mid_turn = self.start != StartAt::TurnStart;
        for (i, p) in players.iter_mut().enumerate() {
            p.turns_taken = self.turns_taken[i].unwrap_or(default_taken);
            if mid_turn && i == self.active.index() {
                p.turns_taken = p.turns_taken.saturating_add(1);
            }
        }
        let next_majin = self.majins.len() as u16;
        let mut state = State {
            rules: RulesRef(Arc::new(rules)),
            rng,
            players,
            active: self.active,
            first: Some(Seat(0)),
            janken_winner: None,
            turn: self.turns_completed + u32::from(mid_turn),
            step: Step::Start,
            mp_pool: 0,
            mp_spent: 0,
            next_majin,
            attack: None,
            tasks: Vec::new(),
            pending: Pending::GameOver,
            outcome: None,
        };
        match self.start {
            StartAt::TurnStart => state.tasks.push(Task::BeginTurn),
            StartAt::Main(mp) => {
                state.mp_pool = mp.unwrap_or_else(|| state.count_majins());
                state.step = Step::Main;
                state.tasks.push(Task::Main);
            }
            StartAt::Attack => state.tasks.push(Task::AttackStep),
        }
        run(&mut state, &mut NoEvents);
        state.validate()?;
        Ok(state)
    }
}
