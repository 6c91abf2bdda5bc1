//! A tiny hidden-information game for the kit's self-test, with deliberately broken
//! variants.
//!
//! Two players are dealt hidden hands from a shuffled deck. Each round both pick a card face
//! down (simultaneously: both seats may act), then the picks are revealed: the higher rank
//! (`card / 2`) scores a point and draws a card. After the last round (or when a hand runs
//! out) the higher score wins.

use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The correct game.
pub const FAIR: u8 = 0;
/// The view shows the opponent's hand.
pub const LEAKY_VIEW: u8 = 1;
/// A refused action (card not in hand) leaves a face-down pick behind.
pub const DIRTY_ERROR: u8 = 2;
/// Legal actions are listed in decreasing order.
pub const UNSORTED: u8 = 3;
/// Players (not spectators) see every event unredacted.
pub const LEAKY_EVENTS: u8 = 4;
/// Listing legal actions panics from the second round on.
pub const PANICS: u8 = 5;

/// The toy game; `BUG` selects a broken variant.
pub struct Toy<const BUG: u8>;

/// Deck size, hand size and number of rounds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToyConfig {
    /// Cards are `0..deck_size`.
    pub deck_size: u32,
    /// Cards dealt to each player.
    pub hand_size: usize,
    /// Rounds played.
    pub rounds: u32,
}

impl Default for ToyConfig {
    fn default() -> Self {
        ToyConfig {
            deck_size: 8,
            hand_size: 2,
            rounds: 2,
        }
    }
}

/// The full state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ToyState {
    config: ToyConfig,
    rng: GameRng,
    deck: Vec<u32>,
    hands: [Vec<u32>; 2],
    picks: [Option<u32>; 2],
    played: Vec<[u32; 2]>,
    score: [u32; 2],
    round: u32,
}

/// Pick `card` face down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Play {
    /// Who picks.
    pub seat: Seat,
    /// The card.
    pub card: u32,
}

/// What one observer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyView {
    me: Option<Seat>,
    hand: Vec<u32>,
    peek: Vec<u32>,
    hand_sizes: [usize; 2],
    deck: usize,
    picked: [bool; 2],
    my_pick: Option<u32>,
    played: Vec<[u32; 2]>,
    score: [u32; 2],
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToyEvent {
    /// A seat picked a card (hidden from the others).
    Picked { seat: Seat, card: Option<u32> },
    /// Both picks were revealed.
    Revealed { cards: [u32; 2] },
    /// A seat drew a card (hidden from the others).
    Drew { seat: Seat, card: Option<u32> },
}

/// Why something was refused.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ToyError {
    /// Invalid configuration.
    BadConfig,
    /// This seat may not act now.
    NotYourTurn,
    /// The card is not in the hand.
    NotInHand,
}

impl fmt::Display for ToyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ToyError::BadConfig => "invalid configuration",
            ToyError::NotYourTurn => "not your turn",
            ToyError::NotInHand => "that card is not in your hand",
        })
    }
}

impl std::error::Error for ToyError {}

fn over(s: &ToyState) -> bool {
    s.round >= s.config.rounds || (s.picks == [None, None] && s.hands.iter().any(Vec::is_empty))
}

impl<const BUG: u8> Game for Toy<BUG> {
    const NAME: &'static str = "toy";
    type Config = ToyConfig;
    type State = ToyState;
    type Action = Play;
    type View = ToyView;
    type Event = ToyEvent;
    type Error = ToyError;

    fn new_game(config: &ToyConfig, seed: u64) -> Result<ToyState, ToyError> {
        let c = config;
        if c.hand_size == 0
            || c.rounds == 0
            || c.deck_size > 64
            || (c.deck_size as usize) < 2 * c.hand_size
        {
            return Err(ToyError::BadConfig);
        }
        let mut rng = GameRng::from_seed(seed);
        let mut deck: Vec<u32> = (0..c.deck_size).collect();
        rng.shuffle(&mut deck);
        let mut deal = || {
            let mut hand = deck.split_off(deck.len() - c.hand_size);
            hand.sort_unstable();
            hand
        };
        let hands = [deal(), deal()];
        Ok(ToyState {
            config: c.clone(),
            rng,
            deck,
            hands,
            picks: [None; 2],
            played: vec![],
            score: [0; 2],
            round: 0,
        })
    }

    fn config(s: &ToyState) -> &ToyConfig {
        &s.config
    }

    fn to_act(s: &ToyState) -> SeatSet {
        if over(s) {
            return SeatSet::EMPTY;
        }
        (0..2u8)
            .map(Seat)
            .filter(|p| s.picks[p.index()].is_none())
            .collect()
    }

    fn actor(a: &Play) -> Seat {
        a.seat
    }

    fn legal_actions_for(s: &ToyState, seat: Seat, out: &mut Vec<Play>) {
        out.clear();
        assert!(BUG != PANICS || s.round == 0, "toy panic");
        if Self::to_act(s).contains(seat) {
            out.extend(
                s.hands[seat.index()]
                    .iter()
                    .map(|&card| Play { seat, card }),
            );
            if BUG == UNSORTED {
                out.reverse();
            }
        }
    }

    fn apply_logged<L: EventLog<ToyEvent>>(
        s: &mut ToyState,
        a: &Play,
        log: &mut L,
    ) -> Result<(), ToyError> {
        if !Self::to_act(s).contains(a.seat) {
            return Err(ToyError::NotYourTurn);
        }
        let p = a.seat.index();
        let Some(pos) = s.hands[p].iter().position(|&c| c == a.card) else {
            if BUG == DIRTY_ERROR {
                s.picks[p] = Some(a.card); // the bug: a write before the refusal
            }
            return Err(ToyError::NotInHand);
        };
        s.hands[p].remove(pos);
        s.picks[p] = Some(a.card);
        log.emit(|| ToyEvent::Picked {
            seat: a.seat,
            card: Some(a.card),
        });
        if let [Some(c0), Some(c1)] = s.picks {
            log.emit(|| ToyEvent::Revealed { cards: [c0, c1] });
            match (c0 / 2).cmp(&(c1 / 2)) {
                std::cmp::Ordering::Greater => s.score[0] += 1,
                std::cmp::Ordering::Less => s.score[1] += 1,
                std::cmp::Ordering::Equal => {}
            }
            s.played.push([c0, c1]);
            s.picks = [None; 2];
            s.round += 1;
            if s.round < s.config.rounds {
                for (i, hand) in s.hands.iter_mut().enumerate() {
                    if let Some(card) = s.deck.pop() {
                        let at = hand.partition_point(|&c| c < card);
                        hand.insert(at, card);
                        log.emit(|| ToyEvent::Drew {
                            seat: Seat(i as u8),
                            card: Some(card),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn view(s: &ToyState, o: Observer) -> ToyView {
        let me = o.seat().filter(|seat| seat.index() < 2);
        let own = |p: Option<Seat>| {
            p.map(|seat| s.hands[seat.index()].clone())
                .unwrap_or_default()
        };
        let peek = if BUG == LEAKY_VIEW {
            own(me.map(|seat| seat.next(2)))
        } else {
            Vec::new()
        };
        ToyView {
            me,
            hand: own(me),
            peek,
            hand_sizes: [s.hands[0].len(), s.hands[1].len()],
            deck: s.deck.len(),
            picked: s.picks.map(|p| p.is_some()),
            my_pick: me.and_then(|seat| s.picks[seat.index()]),
            played: s.played.clone(),
            score: s.score,
        }
    }

    fn redact(e: &ToyEvent, o: Observer) -> Option<ToyEvent> {
        if BUG == LEAKY_EVENTS && o.seat().is_some() {
            return Some(e.clone());
        }
        Some(match *e {
            ToyEvent::Picked { seat, .. } if !o.is(seat) => ToyEvent::Picked { seat, card: None },
            ToyEvent::Drew { seat, .. } if !o.is(seat) => ToyEvent::Drew { seat, card: None },
            _ => e.clone(),
        })
    }

    fn outcome(s: &ToyState) -> Option<Outcome> {
        if !over(s) {
            return None;
        }
        Some(match s.score[0].cmp(&s.score[1]) {
            std::cmp::Ordering::Greater => Outcome::Winners(SeatSet::only(Seat(0))),
            std::cmp::Ordering::Less => Outcome::Winners(SeatSet::only(Seat(1))),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

impl<const BUG: u8> Determinize for Toy<BUG> {
    fn resample(s: &ToyState, o: Observer, rng: &mut GameRng) -> ToyState {
        let mut t = s.clone();
        let me = o.seat().map(Seat::index);
        let others = (0..2).filter(|&p| Some(p) != me);
        // Everything `o` cannot see: the deck, the other hands and face-down picks.
        let mut hidden = t.deck.clone();
        for p in others.clone() {
            hidden.extend(&t.hands[p]);
            hidden.extend(t.picks[p]);
        }
        rng.shuffle(&mut hidden);
        t.deck = hidden.split_off(hidden.len() - t.deck.len());
        for p in others {
            t.hands[p] = hidden.split_off(hidden.len() - t.hands[p].len());
            t.hands[p].sort_unstable();
            if t.picks[p].is_some() {
                t.picks[p] = hidden.pop();
            }
        }
        t.rng = rng.split();
        t
    }
}

impl<const BUG: u8> Conformance for Toy<BUG> {
    fn random_config(rng: &mut GameRng) -> ToyConfig {
        let hand_size = 1 + rng.below(3);
        let deck_size = (2 * hand_size + rng.below(7)) as u32;
        ToyConfig {
            deck_size,
            hand_size,
            rounds: 1 + rng.below(4) as u32,
        }
    }

    fn card_census(s: &ToyState) -> Vec<u32> {
        let mut cards: Vec<u32> = s
            .deck
            .iter()
            .chain(s.hands.iter().flatten())
            .copied()
            .collect();
        cards.extend(s.picks.iter().flatten());
        cards.extend(s.played.iter().flatten());
        cards.sort_unstable();
        cards
    }

    fn arbitrary_action(s: &ToyState, rng: &mut GameRng) -> Play {
        Play {
            seat: Seat(rng.below(3) as u8),
            card: rng.below(s.config.deck_size as usize + 2) as u32,
        }
    }

    fn max_actions(config: &ToyConfig) -> usize {
        2 * config.rounds as usize
    }

    fn heuristic(view: &ToyView, seat: Seat) -> f64 {
        let (me, them) = (seat.index(), 1 - seat.index().min(1));
        f64::from(view.score[me]) - f64::from(view.score[them])
    }
}
