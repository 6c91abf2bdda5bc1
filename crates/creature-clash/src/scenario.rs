//! Building arbitrary positions for rule tests, tutorials and puzzles.
//!
//! ```
//! use fuda_creature_clash::{Scenario, Seat};
//! let state = Scenario::new(4)
//!     .hand(Seat(1), &["rhino_f", "crocodile_m", "barracuda_b", "lion_f", "wolf_m", "eagle_b", "rabies_1"])
//!     .deck_top(&["kangaroo_b"])
//!     .active(Seat(1))
//!     .build()?;
//! assert_eq!(state.hand(Seat(1)).len(), 7);
//! # Ok::<_, fuda_creature_clash::Error>(())
//! ```

use crate::action::Creature;
use crate::cards::{CardClass, CardId, Position};
use crate::config::{Config, DealerRule};
use crate::error::Error;
use crate::rules::run;
use crate::state::{Pending, Rules, RulesRef, State, Task};
use fuda_core::{GameRng, NoEvents, Pile, Seat};
use std::sync::Arc;

/// Where the cards a scenario does not place go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unplaced {
    /// Shuffled (from the seed) under the listed deck cards.
    #[default]
    DeckBottom,
    /// Onto the discard pile, after the listed discard cards, in card-set order.
    Discard,
    /// Out of the game (kept aside so every card is still accounted for).
    OutOfGame,
}

/// A position to start from: hands, deck order, discard pile, Champions, active seat.
/// Cards are named by their card-set `id`. A hand not given is dealt 7 random
/// non-BERSERK! cards from the unplaced ones. [`Scenario::build`] validates everything.
#[derive(Clone, Debug)]
pub struct Scenario {
    config: Config,
    seed: u64,
    dealer: Option<Seat>,
    active: Option<Seat>,
    hands: Vec<Option<Vec<String>>>,
    deck_top: Vec<String>,
    discard: Vec<String>,
    champions: Vec<(Seat, [String; 3])>,
    unplaced: Unplaced,
    turns_completed: u32,
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

impl Scenario {
    /// A scenario for `num_players` with the default configuration.
    pub fn new(num_players: u8) -> Scenario {
        Scenario::with_config(Config::for_players(num_players))
    }

    /// A scenario with this configuration.
    pub fn with_config(config: Config) -> Scenario {
        let n = usize::from(config.num_players).min(fuda_core::MAX_SEATS);
        Scenario {
            config,
            seed: 0,
            dealer: None,
            active: None,
            hands: vec![None; n],
            deck_top: Vec::new(),
            discard: Vec::new(),
            champions: Vec::new(),
            unplaced: Unplaced::DeckBottom,
            turns_completed: 0,
        }
    }

    /// Changes the configuration (the player count stays).
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The seed of the game's generator (shuffles of unplaced cards, reshuffles, steals).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Scenario {
        self.seed = seed;
        self
    }

    /// The dealer (default: the configured fixed dealer, else P0).
    #[must_use]
    pub fn dealer(mut self, seat: Seat) -> Scenario {
        self.dealer = Some(seat);
        self
    }

    /// The active player, at the start of their turn (default: the dealer's left).
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = Some(seat);
        self
    }

    /// A player's hand.
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(h) = self.hands.get_mut(seat.index()) {
            *h = Some(names(cards));
        } else {
            self.hands.push(Some(names(cards)));
        }
        self
    }

    /// The top of the deck, top card first.
    #[must_use]
    pub fn deck_top(mut self, cards: &[&str]) -> Scenario {
        self.deck_top = names(cards);
        self
    }

    /// The discard pile, bottom card first.
    #[must_use]
    pub fn discard(mut self, cards: &[&str]) -> Scenario {
        self.discard = names(cards);
        self
    }

    /// Adds a Champion (FRONT, MIDDLE, BACK) to a player's champion area.
    #[must_use]
    pub fn champion(mut self, seat: Seat, creature: [&str; 3]) -> Scenario {
        self.champions.push((seat, creature.map(str::to_string)));
        self
    }

    /// Where unplaced cards go.
    #[must_use]
    pub fn unplaced(mut self, unplaced: Unplaced) -> Scenario {
        self.unplaced = unplaced;
        self
    }

    /// Turns already completed (counts toward `turn_limit`).
    #[must_use]
    pub fn turns_completed(mut self, turns: u32) -> Scenario {
        self.turns_completed = turns;
        self
    }

    /// Validates the scenario and builds the state, waiting for the active player's
    /// turn-start decision.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::CardSet`] for the configuration, [`Error::Scenario`]
    /// for an unknown card, a card placed twice, a seat out of range, a BERSERK! in a hand
    /// or a Champion that is not FRONT+MIDDLE+BACK.
    pub fn build(self) -> Result<State, Error> {
        let rules = Rules::new(&self.config)?;
        let n = rules.num_players;
        let bad = |message: String| Error::Scenario { message };
        let mut placed = vec![false; rules.cards.len()];
        let mut take = |name: &str| -> Result<CardId, Error> {
            let card = rules
                .cards
                .find(name)
                .ok_or_else(|| bad(format!("unknown card `{name}`")))?;
            let slot = &mut placed[card.index()];
            if *slot {
                return Err(bad(format!("card `{name}` is placed twice")));
            }
            *slot = true;
            Ok(card)
        };
        let seat_in_range = |s: Seat, what: &str| -> Result<(), Error> {
            if s.index() < n {
                Ok(())
            } else {
                Err(bad(format!(
                    "{what} {s} is not a seat of a {n}-player game"
                )))
            }
        };
        if self.hands.len() > n {
            return Err(bad(format!(
                "a hand is given for seat {}, but there are {n} players",
                self.hands.len() - 1
            )));
        }
        let mut hands: Vec<Option<Vec<CardId>>> = vec![None; n];
        for (i, h) in self.hands.iter().enumerate() {
            if let Some(h) = h {
                let mut cards = Vec::with_capacity(h.len());
                for name in h {
                    let c = take(name)?;
                    if rules.class(c) == Some(CardClass::Berserk) {
                        return Err(bad(format!(
                            "BERSERK! `{name}` can never be held in a hand"
                        )));
                    }
                    cards.push(c);
                }
                cards.sort_unstable();
                hands[i] = Some(cards);
            }
        }
        let mut champions = vec![Vec::new(); n];
        for (seat, names) in &self.champions {
            seat_in_range(*seat, "champion owner")?;
            let [f, m, b] = [take(&names[0])?, take(&names[1])?, take(&names[2])?];
            let ok = rules.is_part(f, Position::Front)
                && rules.is_part(m, Position::Middle)
                && rules.is_part(b, Position::Back);
            if !ok {
                return Err(bad(format!(
                    "champion {names:?} is not FRONT, MIDDLE, BACK"
                )));
            }
            champions[seat.index()].push(Creature::new(f, m, b));
        }
        let deck_top = self
            .deck_top
            .iter()
            .map(|c| take(c))
            .collect::<Result<Vec<_>, _>>()?;
        let mut discard = self
            .discard
            .iter()
            .map(|c| take(c))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rng = GameRng::from_seed(self.seed);
        let mut rest: Vec<CardId> = rules.cards.ids().filter(|c| !placed[c.index()]).collect();
        rng.shuffle(&mut rest);
        for hand in hands.iter_mut().filter(|h| h.is_none()) {
            let mut dealt = Vec::new();
            rest.retain(|&c| {
                let deal = dealt.len() < 7 && rules.class(c) != Some(CardClass::Berserk);
                if deal {
                    dealt.push(c);
                }
                !deal
            });
            dealt.sort_unstable();
            *hand = Some(dealt);
        }
        let mut deck = Pile::from_top_to_bottom(deck_top);
        let mut boxed = Vec::new();
        match self.unplaced {
            Unplaced::DeckBottom => {
                for c in rest {
                    deck.put_bottom(c);
                }
            }
            Unplaced::Discard => {
                rest.sort_unstable();
                discard.extend(rest);
            }
            Unplaced::OutOfGame => boxed = rest,
        }
        let dealer = match (self.dealer, self.config.dealer) {
            (Some(d), _) | (None, DealerRule::Fixed(d)) => d,
            (None, DealerRule::Random) => Seat(0),
        };
        seat_in_range(dealer, "dealer")?;
        let active = self.active.unwrap_or(dealer.next(n));
        seat_in_range(active, "active player")?;
        let mut state = State {
            rules: RulesRef(Arc::new(rules)),
            rng,
            dealer,
            active,
            turn: self.turns_completed,
            deck,
            discard: Pile::from_bottom_to_top(discard),
            hands: hands.into_iter().map(Option::unwrap_or_default).collect(),
            champions,
            boxed,
            revealed: Vec::new(),
            deferred: Vec::new(),
            chain: None,
            berserk: None,
            tasks: vec![Task::BeginTurn],
            pending: Pending::GameOver,
            outcome: None,
        };
        run(&mut state, &mut NoEvents);
        state.validate()?;
        Ok(state)
    }
}
