//! A fixed-length numeric form of a [`View`] and a bound on the legal actions of one
//! decision ([`Encoding`], issue 13), for learning agents.
//!
//! The encoding reads the view and the public configuration only, so it tells an
//! observer exactly what the view does. Seats are *relative*: seat slot `k` is the seat
//! `k` places clockwise from the viewer (from seat 0 for a spectator), so that a policy
//! is the same for every seat. [`MAX_SEATS`] = 6 slots are always written; slots beyond
//! the number of players stay 0. With `C` the number of cards of the configuration's card
//! set, the length is `SCALARS + C × PER_CARD` = `107 + 20 C` (2,147 with the sample set
//! of 102 cards, whatever the number of players).
//!
//! | offset | meaning | scale |
//! |---|---|---|
//! | 0..6 | the viewer's seat, one-hot, absolute (all 0 for a spectator) | 0/1 |
//! | 6..12 | the seat whose decision is awaited, relative one-hot | 0/1 |
//! | 12..20 | the decision awaited: turn start, main, defend, steal, next target, discard excess, berserk commit, game over | 0/1 |
//! | 20 | the steal is a random one (after a forfeit) | 0/1 |
//! | 21..27 | the seat stolen from, relative one-hot | 0/1 |
//! | 27..33 | the active player, relative one-hot | 0/1 |
//! | 33..39 | the dealer, relative one-hot | 0/1 |
//! | 39..45 | hand size of each relative seat | ÷ 7 ([`HAND_SIZE`]) |
//! | 45..51 | Champions of each relative seat | ÷ Champions needed to win |
//! | 51..57 | attacked this turn, per relative seat | 0/1 |
//! | 57..63 | defender of the battle in progress, per relative seat | 0/1 |
//! | 63..69 | berserk battle participant, per relative seat | 0/1 |
//! | 69..75 | has committed to the berserk battle, per relative seat | 0/1 |
//! | 75..81 | fights the berserk battle with its creature in play, per relative seat | 0/1 |
//! | 81..87 | winner, per relative seat (once the game is over) | 0/1 |
//! | 87 | the game is over | 0/1 |
//! | 88 | cards in the deck | ÷ C |
//! | 89 | cards in the discard pile | ÷ C |
//! | 90 | turns completed | ÷ `turn_limit` |
//! | 91 | Champions needed to win | ÷ 30 |
//! | 92 | number of players | ÷ 6 |
//! | 93 | an attack is under way | 0/1 |
//! | 94 | the attacking creature is in play | 0/1 |
//! | 95 | battles won this turn | ÷ 5 |
//! | 96 | a RABIES was played this turn | 0/1 |
//! | 97 | a battle is in progress | 0/1 |
//! | 98..103 | its result: attacker wins, forfeit, defender wins, tie, venom tie | 0/1 |
//! | 103 | a RABIES is played for the battle | 0/1 |
//! | 104 | a berserk battle is at its commit step | 0/1 |
//! | 105 | the viewer's best creature power | ÷ (3 × the set's highest part power) |
//! | 106 | the viewer has committed a creature to the berserk battle | 0/1 |
//! | 107 + 20 i .. 107 + 20 i + 19 | card `i` (instance id `i` of the set): where the viewer sees it, one-hot (below) | 0/1 |
//! | 107 + 20 i + 19 | card `i` is part of the viewer's own berserk commitment | 0/1 |
//!
//! The zones of a card, in order: 0 not visible (deck, or a hidden card of another hand);
//! 1 the viewer's own hand; 2..8 known to be in the hand of relative seat 0..5 (CC-D1;
//! for a seat viewer its own hand takes precedence); 8..14 a Champion of relative seat
//! 0..5; 14 the discard pile; 15 the attacking creature in play; 16 the defending
//! creature in play; 17 the RABIES played for the battle; 18 a revealed BERSERK!.

use crate::cards::{CardClass, CardId, Position};
use crate::config::EndOfTurnAdjust;
use crate::game::CreatureClash;
use crate::state::{BattleResult, Pending, HAND_SIZE};
use crate::view::View;
use crate::Config;
use fuda_core::{Encoding, Seat};

/// The most seats of a game (relative seat slots of the encoding).
pub const MAX_SEATS: usize = 6;
/// Numbers of the public block, before the card block.
pub const SCALARS: usize = 107;
/// Numbers per card of the card block: 19 zones and the commitment flag.
pub const PER_CARD: usize = 20;

const ZONE_OWN_HAND: usize = 1;
const ZONE_KNOWN: usize = 2;
const ZONE_CHAMPION: usize = 8;
const ZONE_DISCARD: usize = 14;
const ZONE_ATTACKER: usize = 15;
const ZONE_DEFENCE: usize = 16;
const ZONE_RABIES: usize = 17;
const ZONE_BERSERK: usize = 18;
const COMMITTED: usize = 19;

/// How many cards of each class the set holds, and whether a venomous creature exists.
struct Census {
    parts: [usize; 3],
    rabies: usize,
    venom: bool,
}

fn census(config: &Config) -> Census {
    let set = config.card_set.set();
    let mut parts = [0; 3];
    let mut venom = [false; 3];
    let mut rabies = 0;
    for c in set.ids() {
        if let Some(i) = set.info(c) {
            match i.class {
                CardClass::Part(p) => {
                    parts[p as usize] += 1;
                    venom[p as usize] |= i.venom;
                }
                CardClass::Rabies => rabies += 1,
                CardClass::Berserk => {}
            }
        }
    }
    Census {
        parts,
        rabies,
        venom: venom == [true; 3],
    }
}

impl Census {
    /// The most (creatures × RABIES options) a hand of `h` cards holds: `f·m·b·(1 + r)`
    /// over `f + m + b + r ≤ h` within the set's counts (`r` = 0 when no RABIES may be
    /// played).
    fn creatures_times_rabies(&self, h: usize, rabies_allowed: bool) -> usize {
        let [nf, nm, nb] = self.parts;
        let max_r = if rabies_allowed {
            self.rabies.min(h)
        } else {
            0
        };
        let mut best = 0;
        for r in 0..=max_r {
            let room = h - r;
            for f in 0..=nf.min(room) {
                for m in 0..=nm.min(room - f) {
                    let b = nb.min(room - f - m);
                    best = best.max(f * m * b * (1 + r));
                }
            }
        }
        best
    }
}

/// Relative slot of `seat` for a viewer based at `base` in an `n`-player game.
fn rel(seat: Seat, base: usize, n: usize) -> usize {
    (seat.index() + n - base) % n
}

impl Encoding for CreatureClash {
    fn encoding_len(config: &Config) -> usize {
        SCALARS + PER_CARD * config.card_set.set().len()
    }

    fn encode(config: &Config, view: &View, out: &mut Vec<f32>) {
        out.clear();
        let set = config.card_set.set();
        let cards = set.len();
        out.resize(SCALARS + PER_CARD * cards, 0.0);
        let n = usize::from(view.num_players).clamp(1, MAX_SEATS);
        let own = view.observer.seat().filter(|s| s.index() < n);
        let base = own.map_or(0, Seat::index);
        let r = |s: Seat| rel(s, base, n);
        let mut set_at = |i: usize, v: f32| {
            if let Some(x) = out.get_mut(i) {
                *x = v;
            }
        };
        if let Some(s) = own {
            set_at(s.index(), 1.0);
        }
        if let Some(s) = view.pending.seat() {
            set_at(6 + r(s), 1.0);
        }
        let kind = match view.pending {
            Pending::TurnStart { .. } => 0,
            Pending::Main { .. } => 1,
            Pending::Defend { .. } => 2,
            Pending::Steal { .. } => 3,
            Pending::NextTarget { .. } => 4,
            Pending::DiscardExcess { .. } => 5,
            Pending::BerserkCommit { .. } => 6,
            Pending::GameOver => 7,
        };
        set_at(12 + kind, 1.0);
        if let Pending::Steal { from, random, .. } = view.pending {
            set_at(20, f32::from(u8::from(random)));
            set_at(21 + r(from), 1.0);
        }
        set_at(27 + r(view.active), 1.0);
        set_at(33 + r(view.dealer), 1.0);
        let needed = f32::from(view.champions_to_win.max(1));
        for i in 0..n {
            let slot = r(Seat(i as u8));
            let held = view.hand_counts.get(i).copied().unwrap_or(0);
            set_at(39 + slot, held as f32 / HAND_SIZE as f32);
            let champs = view.champions.get(i).map_or(0, Vec::len);
            set_at(45 + slot, champs as f32 / needed);
        }
        if let Some(chain) = &view.chain {
            for s in chain.attacked.iter() {
                set_at(51 + r(s), 1.0);
            }
            if let Some(b) = &chain.battle {
                set_at(57 + r(b.defender), 1.0);
            }
        }
        if let Some(b) = &view.berserk {
            for &s in &b.participants {
                set_at(63 + r(s), 1.0);
            }
            for &s in &b.committed {
                set_at(69 + r(s), 1.0);
            }
            if let Some(s) = b.attacker_entry {
                set_at(75 + r(s), 1.0);
            }
        }
        if let Some(o) = &view.outcome {
            for i in 0..n {
                let s = Seat(i as u8);
                if o.is_winner(s) {
                    set_at(81 + r(s), 1.0);
                }
            }
            set_at(87, 1.0);
        }
        let c = cards.max(1) as f32;
        set_at(88, view.deck_count as f32 / c);
        set_at(89, view.discard.len() as f32 / c);
        set_at(
            90,
            view.turns_completed as f32 / config.turn_limit.max(1) as f32,
        );
        set_at(91, f32::from(view.champions_to_win) / 30.0);
        set_at(92, n as f32 / MAX_SEATS as f32);
        if let Some(chain) = &view.chain {
            set_at(93, 1.0);
            set_at(94, f32::from(u8::from(chain.creature.is_some())));
            set_at(95, f32::from(chain.wins) / 5.0);
            set_at(96, f32::from(u8::from(chain.rabies_used)));
            if let Some(b) = &chain.battle {
                set_at(97, 1.0);
                if let Some(res) = b.result {
                    let k = match res {
                        BattleResult::AttackerWins => 0,
                        BattleResult::Forfeit => 1,
                        BattleResult::DefenderWins => 2,
                        BattleResult::Tie => 3,
                        BattleResult::VenomTie => 4,
                    };
                    set_at(98 + k, 1.0);
                }
                set_at(103, f32::from(u8::from(b.rabies.is_some())));
            }
        }
        if let Some(b) = &view.berserk {
            set_at(104, 1.0);
            set_at(106, f32::from(u8::from(b.own_commitment.is_some())));
        }
        let top = set
            .ids()
            .filter_map(|c| set.info(c))
            .map(|i| u32::from(i.power))
            .max()
            .unwrap_or(0);
        if top > 0 {
            let best = view.best_creature_power.unwrap_or(0);
            set_at(105, best as f32 / (3 * top) as f32);
        }

        // The card block: the last zone written wins, but the view puts each card in one
        // place only (a known card in the viewer's hand is written as its own hand).
        let mut zone = |card: CardId, z: usize| {
            if card.index() < cards {
                let at = SCALARS + PER_CARD * card.index();
                out[at..at + ZONE_BERSERK + 1].fill(0.0);
                out[at + z] = 1.0;
            }
        };
        for card in set.ids() {
            zone(card, 0);
        }
        for (i, known) in view.known_in_hand.iter().enumerate().take(n) {
            for &card in known {
                zone(card, ZONE_KNOWN + r(Seat(i as u8)));
            }
        }
        for &card in view.hand.iter().flatten() {
            zone(card, ZONE_OWN_HAND);
        }
        for (i, champs) in view.champions.iter().enumerate().take(n) {
            for creature in champs {
                for card in creature.cards() {
                    zone(card, ZONE_CHAMPION + r(Seat(i as u8)));
                }
            }
        }
        for &card in &view.discard {
            zone(card, ZONE_DISCARD);
        }
        if let Some(chain) = &view.chain {
            for card in chain.creature.iter().flat_map(|c| c.cards()) {
                zone(card, ZONE_ATTACKER);
            }
            if let Some(b) = &chain.battle {
                for card in b.defence.iter().flat_map(|c| c.cards()) {
                    zone(card, ZONE_DEFENCE);
                }
                for &card in b.rabies.iter() {
                    zone(card, ZONE_RABIES);
                }
            }
        }
        for &card in &view.revealed_berserks {
            zone(card, ZONE_BERSERK);
        }
        if let Some(mine) = view.berserk.as_ref().and_then(|b| b.own_commitment) {
            for card in mine.cards() {
                if card.index() < cards {
                    out[SCALARS + PER_CARD * card.index() + COMMITTED] = 1.0;
                }
            }
        }
    }

    /// The bound, decision by decision, from `rules/legal.rs`, with `n` players, `H` the
    /// most cards a hand can hold and `X(h, rabies)` the most `f·m·b·(1 + r)` over
    /// `f + m + b + r ≤ h` FRONT, MIDDLE, BACK and RABIES cards within the set's counts
    /// (the creatures a hand of `h` cards builds, times its RABIES options):
    ///
    /// - turn start: 2 (`Redraw`, `DrawForTurn`);
    /// - main: `X(H_main, !rabies_requires_prior_win) · (n − 1)` attacks (creature × first
    ///   target × RABIES or none) `+ H_main` discards;
    /// - next target: `(n − 2)` targets (one opponent is attacked already) `× (1 +` RABIES
    ///   in the set`)`;
    /// - defend: `X(H_defend, false)` creatures, × 2 when VENOM is optional and the set
    ///   can build a venomous creature (with and without VENOM);
    /// - berserk commit: `X(H, false)` creatures;
    /// - steal: the 3 cards of the opposing creature, or a random card, plus declining: 4;
    /// - discard excess: `H`.
    ///
    /// Hand sizes. With `end_of_turn_adjust = all_players` (the default) every hand holds
    /// at most 7 cards when a turn starts (the deal and the adjustment of every player;
    /// refills and berserk battles never take a hand above 7). The active player draws one
    /// (a BERSERK! drawn is replaced by one card), so `H_main = 8`. Attacking takes three
    /// cards out; each won battle adds a stolen card, and a refill after a berserk battle
    /// takes the hand back to 7 at most, which needs a won battle first, so the attacker
    /// holds at most `7 + max(1, n − 2)`. A defender, attacked once a turn, holds at most
    /// 7 when it defends (`H_defend = 7`) and gains at most one card (its creature back
    /// and a steal). So `H = 7 + max(1, n − 2)`. With `active_only` adjustment a
    /// defender's hand grows from turn to turn, and `H_main = H_defend = H` = every card
    /// of the set but the BERSERK! cards (sound, but large: 393,315 at 4 players with the
    /// sample set and RABIES allowed from the first battle).
    ///
    /// With the sample set (32 parts of each position, 3 RABIES, venomous creatures) and
    /// the default rules the main decision dominates: `18 (n − 1) + 8`, that is 26 at 2
    /// players, 44 at 3, 62 at 4, 80 at 5, 98 at 6 (each reached in random play).
    fn max_legal_actions(config: &Config) -> usize {
        let census = census(config);
        let n = usize::from(config.num_players).max(2);
        let all_cards = census.parts.iter().sum::<usize>() + census.rabies;
        let (h_main, h_defend, h) = match config.end_of_turn_adjust {
            EndOfTurnAdjust::AllPlayers => (HAND_SIZE + 1, HAND_SIZE, HAND_SIZE + (n - 2).max(1)),
            EndOfTurnAdjust::ActiveOnly => (all_cards, all_cards, all_cards),
        };
        let main = census.creatures_times_rabies(h_main, !config.rabies_requires_prior_win)
            * (n - 1)
            + h_main;
        let next_target = (n - 2).max(1) * (1 + census.rabies);
        let commit = census.creatures_times_rabies(h, false);
        let venom_options = if config.venom_optional && census.venom {
            2
        } else {
            1
        };
        let defend = census.creatures_times_rabies(h_defend, false) * venom_options;
        [2, main, next_target, defend, commit, 4, h]
            .into_iter()
            .max()
            .unwrap_or(0)
    }
}

// Keeps the position order of the census arrays tied to `Position`.
const _: () = {
    assert!(Position::Front as usize == 0);
    assert!(Position::Middle as usize == 1);
    assert!(Position::Back as usize == 2);
};
