//! A fixed-length numeric form of a [`View`] and a bound on the legal actions of one
//! decision ([`Encoding`], issue 13), for the Python environments.
//!
//! The encoding reads the view alone (and the public configuration), so it tells an
//! observer exactly what the view does: the opponent's hand, deck order, soul-charge
//! cards and face-down identities never enter it. Seats are **relative** to the viewer:
//! side 0 is the viewer (seat 0 for a spectator), side 1 the other seat, so a policy is
//! seat-symmetric. Every value is finite; counters are divided by the divisor shown.
//!
//! # Layout
//!
//! `N` is the number of card instances of the configuration (both seats' grids of the
//! card set, [`State::num_cards`](crate::State::num_cards)); instance ids run `0..N`.
//! Sides are relative (side 0 = viewer). Slots are the battlefield (slot 0) and bench
//! locations 1..=8 ([`MAX_BENCH`]).
//!
//! | offset | len | meaning | scale |
//! |---|---|---|---|
//! | 0 | 2 | the viewer's seat, one-hot over seats 0..2 (zeros for a spectator) | 0/1 |
//! | 2 | 2 | to act, per side | 0/1 |
//! | 4 | 14 | the decision awaited, one-hot: placement, soul charge, start effects, main, end turn, respond, refill, next defeat, pay discard, choose target, may, discard from hand, force swap, game over | 0/1 |
//! | 18 | 8 | the step, one-hot: setup, turn start, soul charge, start effects, main, battle, end, over | 0/1 |
//! | 26 | 1 | turn number | ÷ 100 |
//! | 27 | 2 | the active player, per side | 0/1 |
//! | 29 | 2 | the first player, per side (zeros before it is known) | 0/1 |
//! | 31 | 1 | the game is over | 0/1 |
//! | 32 | 1 | cards still to discard (pay discard / discard from hand) | ÷ 10 |
//! | 33 | 4 | an attack is resolving, its damage modifier (÷ 10), a trump is resolving, it is negated | 0/1 |
//! | 37 | 1 | start-of-turn effects pending | ÷ 10 |
//! | 38 | 2 | dice rolled this turn (÷ 10), the last roll's sum (÷ 40) | |
//! | 40 | 2 × 11 | per side: hand count (÷ 30), deck count (÷ 60), discard count (÷ 60), upright soul (÷ 10), sideways soul (÷ 10), bench capacity (÷ 8), the three loss flags (no unit, deck-out, setup), revealed mulligan cards (÷ 20), known cards in hand (÷ 20) | |
//! | 62 | 2 × 9 × 6 | per side, per slot: the slot exists, a face-up occupant, a face-down occupant, a face-down occupant whose id the viewer does not know, a terrain, the terrain is sideways | 0/1 |
//! | 170 | 12 | the response window's event, one-hot: attack, special, super special, trump declared, terrain used, unit placed, turned face-up, swapped, damage dealt, unit defeated, unit destroyed, turn started | 0/1 |
//! | 182 | 2 | whose action or unit the window's event was, per side | 0/1 |
//! | 184 | 2 | whose field a force swap swaps, per side | 0/1 |
//! | 186 | N × 60 | per card instance (id order): 47 zones then 13 state values, below | |
//!
//! Per card, the zone one-hot (exactly one is 1): 0 unknown / not visible; then per side
//! (22 each, side 0 at 1, side 1 at 23): hand (the viewer's own hand, or a card every
//! player saw go to that hand), occupant of slot 0..=8 (9), under a stack, terrain of slot
//! 0..=8 (9), discard pile, soul-charge (own only); then 45 the viewer's setup draft, 46
//! in use (a trump or trap being used). The state values: face-up, face-down (its id
//! known to the viewer), damage (÷ 20), EX counters (÷ 5), effective ATK, DEF and max HP
//! (÷ 20 each), sideways (a terrain or soul-charge card), the attacking unit, the
//! attacked unit, the trump being resolved, the source of the decision awaited (a target
//! to choose or an optional part), its start-of-turn effects pending (÷ 4).
//!
//! # The bound on legal actions
//!
//! [`Encoding::max_legal_actions`] follows `rules/legal.rs` decision by decision. With
//! `D` the deck size (a hand holds at most `D` cards, all its owner's), `B` the largest
//! bench capacity (the base capacity plus every positive `bench_capacity` effect of the
//! set's instances, at most 8), `O = min(opening_hand, D)`, `bb` the base capacity, and
//! `U`, `T`, `R`, `P` the most units, traps, terrains and trumps a hand may hold (the
//! instances of that type in one seat's grid, which also covers resampled hands of a
//! private deck list, all together at most `D`, filled in the order U, R, T, P so the
//! costliest cards come first):
//!
//! - placement: `max(O, 1 + O·bb)` (a battlefield unit per hand unit, or commit and a
//!   hand card per free base bench location);
//! - soul charge: `D + 2` (a hand card, return, skip);
//! - start effects: `2 · 9 · (A + 1)` (resolve and decline for each OwnTurnStart ability
//!   `A` of the face-up unit and the terrain of each of the 9 slots);
//! - main: `2B·U + B·T + (B+1)·R + P` (place each unit face-up or down, each trap on a
//!   bench location below the capacity, each terrain on a location 0..=cap, each trump)
//!   `+ 8` (flip or activate trap, one per bench slot) `+ 9` (use a terrain) `+ 1 + S + 8`
//!   (attack, the most specials and supers of a unit `S`, swap) `+ 1` (end turn);
//! - respond: `1 + 8 + 9`; refill: `8 + U` when refilling from hand, else 8; next
//!   defeat: 9; pay discard and discard from hand: `D`; may: 2; choose target: `2 · 9`;
//!   force swap: 8; end turn: 1.
//!
//! The bound is the largest of these.
use crate::cards::{CardDef, CardType};
use crate::config::Config;
use crate::game::Mattsan;
use crate::state::{card_grid, Pending, Step, MAX_BENCH};
use crate::view::{CardView, View};
use fuda_core::{Encoding, LastBuilt, Observer, Seat};
use std::cell::RefCell;
use std::rc::Rc;

/// Slots per side: the battlefield and the bench locations.
const SLOTS: usize = 1 + MAX_BENCH;
/// Length of the public block.
const PUBLIC: usize = 186;
/// Zones per side in the card block.
const SIDE_ZONES: usize = 2 * SLOTS + 4;
/// Zones of the card block (unknown, both sides, the setup draft, in use).
const ZONES: usize = 1 + 2 * SIDE_ZONES + 2;
/// State values per card.
const CARD_STATE: usize = 13;
/// Numbers per card.
const PER_CARD: usize = ZONES + CARD_STATE;

/// What the encoding and the bound need from a configuration, computed once per config.
#[derive(Debug)]
struct Layout {
    /// Card instances (both seats).
    cards: usize,
    /// The bound on legal actions.
    max_legal: usize,
}

thread_local! {
    /// The layout of the configuration last asked for on this thread.
    static LAYOUT: RefCell<LastBuilt<Config, Rc<Layout>>> = const { RefCell::new(LastBuilt::new()) };
}

fn layout(config: &Config) -> Rc<Layout> {
    LastBuilt::get_or_build_in(&LAYOUT, config, |c| Rc::new(compute(c)))
}

/// Sum of the positive `bench_capacity` deltas found anywhere in a definition.
fn bench_gain(v: &serde_json::Value) -> i64 {
    match v {
        serde_json::Value::Object(m) => m
            .iter()
            .map(|(k, x)| {
                if k == "bench_capacity" {
                    x.get("delta")
                        .and_then(serde_json::Value::as_i64)
                        .unwrap_or(0)
                        .max(0)
                        + bench_gain(x)
                } else {
                    bench_gain(x)
                }
            })
            .sum(),
        serde_json::Value::Array(a) => a.iter().map(bench_gain).sum(),
        _ => 0,
    }
}

fn compute(config: &Config) -> Layout {
    let set = config.card_set.resolve();
    let Ok((grid, _)) = card_grid(config, &set) else {
        return Layout {
            cards: 0,
            max_legal: 1,
        };
    };
    let d = usize::from(config.deck_size);
    let defs: Vec<&CardDef> = grid.iter().filter_map(|&id| set.def(id)).collect();
    let count = |t: CardType| defs.iter().filter(|c| c.card_type() == t).count();
    let mut left = d;
    let mut take = |n: usize| {
        let k = n.min(left);
        left -= k;
        k
    };
    let u = take(count(CardType::Unit));
    let r = take(count(CardType::Terrain));
    let t = take(count(CardType::Trap));
    let p = take(count(CardType::Trump));
    let gain: i64 = defs
        .iter()
        .map(|c| bench_gain(&serde_json::to_value(c).unwrap_or_default()))
        .sum();
    let b = (i64::from(config.base_bench_capacity) + 2 * gain).clamp(0, MAX_BENCH as i64) as usize;
    let (mut starts, mut moves) = (0, 0);
    for c in set.defs() {
        if let CardDef::Unit {
            abilities,
            specials,
            supers,
            ..
        } = c
        {
            let a = abilities
                .iter()
                .filter(|a| a.trigger == crate::cards::Trigger::OwnTurnStart)
                .count();
            starts = starts.max(a);
            moves = moves.max(specials.len() + supers.len());
        }
    }
    let o = usize::from(config.opening_hand).min(d);
    let bb = usize::from(config.base_bench_capacity);
    let bench = MAX_BENCH;
    let main = 2 * b * u + b * t + (b + 1) * r + p + bench + SLOTS + 1 + moves + bench + 1;
    let bounds = [
        o.max(1 + o * bb),
        d + 2,
        2 * SLOTS * (starts + 1),
        main,
        1 + bench + SLOTS,
        bench + if config.refill_from_hand { u } else { 0 },
        SLOTS,
        d,
        2,
        2 * SLOTS,
        bench,
        1,
    ];
    Layout {
        cards: 2 * grid.len(),
        max_legal: bounds.into_iter().max().unwrap_or(1),
    }
}

/// The decision kind's index in the one-hot.
fn pending_index(p: &Pending) -> usize {
    match p {
        Pending::Placement { .. } => 0,
        Pending::SoulCharge { .. } => 1,
        Pending::StartEffects { .. } => 2,
        Pending::Main { .. } => 3,
        Pending::EndTurn { .. } => 4,
        Pending::Respond { .. } => 5,
        Pending::Refill { .. } => 6,
        Pending::NextDefeat { .. } => 7,
        Pending::PayDiscard { .. } => 8,
        Pending::ChooseTarget { .. } => 9,
        Pending::May { .. } => 10,
        Pending::DiscardFromHand { .. } => 11,
        Pending::ForceSwap { .. } => 12,
        Pending::GameOver => 13,
    }
}

fn step_index(s: Step) -> usize {
    match s {
        Step::Setup => 0,
        Step::TurnStart => 1,
        Step::SoulCharge => 2,
        Step::StartEffects => 3,
        Step::Main => 4,
        Step::Battle => 5,
        Step::End => 6,
        Step::Over => 7,
    }
}

/// Writes the card block's entries for one card.
struct Cards<'a> {
    out: &'a mut [f32],
}

impl Cards<'_> {
    fn zone(&mut self, card: crate::cards::CardId, zone: usize) {
        let base = card.index() * PER_CARD;
        if base + PER_CARD <= self.out.len() {
            self.out[base..base + ZONES].fill(0.0);
            self.out[base + zone] = 1.0;
        }
    }

    fn state(&mut self, card: crate::cards::CardId, k: usize, v: f32) {
        let base = card.index() * PER_CARD;
        if base + PER_CARD <= self.out.len() && v.is_finite() {
            self.out[base + ZONES + k] = v;
        }
    }
}

impl Encoding for Mattsan {
    fn encoding_len(config: &Config) -> usize {
        PUBLIC + layout(config).cards * PER_CARD
    }

    fn encode(config: &Config, view: &View, out: &mut Vec<f32>) {
        let l = layout(config);
        out.clear();
        out.resize(PUBLIC + l.cards * PER_CARD, 0.0);
        let me = match view.observer {
            Observer::Seat(s) if s.index() < 2 => Some(s.index()),
            _ => None,
        };
        let base = me.unwrap_or(0);
        let rel = |s: Seat| (s.index() + 2 - base) % 2;
        let seat_of = |r: usize| (base + r) % 2;
        let (public, cards) = out.split_at_mut(PUBLIC);
        if let Some(m) = me {
            public[m] = 1.0;
        }
        for s in view.pending.seats().iter() {
            if s.index() < 2 {
                public[2 + rel(s)] = 1.0;
            }
        }
        public[4 + pending_index(&view.pending)] = 1.0;
        public[18 + step_index(view.step)] = 1.0;
        public[26] = view.turn as f32 / 100.0;
        if view.active.index() < 2 {
            public[27 + rel(view.active)] = 1.0;
        }
        if let Some(f) = view.first_player.filter(|f| f.index() < 2) {
            public[29 + rel(f)] = 1.0;
        }
        public[31] = f32::from(u8::from(view.outcome.is_some()));
        if let Pending::PayDiscard { remaining, .. } | Pending::DiscardFromHand { remaining, .. } =
            view.pending
        {
            public[32] = f32::from(remaining) / 10.0;
        }
        if let Some(a) = &view.attack {
            public[33] = 1.0;
            public[34] = f32::from(a.damage_mod) / 10.0;
        }
        if let Some((_, negated)) = view.trump {
            public[35] = 1.0;
            public[36] = f32::from(u8::from(negated));
        }
        public[37] = view.start_pending.len() as f32 / 10.0;
        match view.pending {
            Pending::Respond { window, .. } => {
                public[170 + window.kind as usize] = 1.0;
                if window.seat.index() < 2 {
                    public[182 + rel(window.seat)] = 1.0;
                }
            }
            Pending::ForceSwap { side, .. } if side.index() < 2 => public[184 + rel(side)] = 1.0,
            _ => {}
        }
        public[38] = view.rolls.len() as f32 / 10.0;
        public[39] = view.rolls.last().map_or(0.0, |r| r.1 as f32 / 40.0);
        let mut c = Cards { out: cards };
        for card in 0..l.cards {
            c.out[card * PER_CARD] = 1.0;
        }
        for r in 0..2 {
            let Some(p) = view.players.get(seat_of(r)) else {
                continue;
            };
            let o = 40 + 11 * r;
            public[o] = p.hand_count as f32 / 30.0;
            public[o + 1] = p.deck_count as f32 / 60.0;
            public[o + 2] = p.discard.len() as f32 / 60.0;
            public[o + 3] = p.soul_upright as f32 / 10.0;
            public[o + 4] = p.soul_sideways as f32 / 10.0;
            public[o + 5] = p.bench_capacity as f32 / 8.0;
            public[o + 6] = f32::from(u8::from(p.flags.0));
            public[o + 7] = f32::from(u8::from(p.flags.1));
            public[o + 8] = f32::from(u8::from(p.flags.2));
            public[o + 9] = p.mulligan_reveal.len() as f32 / 20.0;
            public[o + 10] = p.known_in_hand.len() as f32 / 20.0;
            let zone = 1 + SIDE_ZONES * r;
            for &k in &p.known_in_hand {
                c.zone(k, zone);
            }
            for slot in &p.field {
                let k = slot.loc.slot();
                if k >= SLOTS {
                    continue;
                }
                let so = 62 + (r * SLOTS + k) * 6;
                public[so] = 1.0;
                if let Some(t) = slot.terrain {
                    public[so + 4] = 1.0;
                    public[so + 5] = f32::from(u8::from(t.tapped));
                    c.zone(t.card, zone + 2 + SLOTS + k);
                    c.state(t.card, 7, f32::from(u8::from(t.tapped)));
                }
                match &slot.occupant {
                    Some(CardView::FaceUp {
                        card,
                        under,
                        damage,
                        ex,
                        atk,
                        def,
                        max_hp,
                    }) => {
                        public[so + 1] = 1.0;
                        c.zone(*card, zone + 1 + k);
                        c.state(*card, 0, 1.0);
                        c.state(*card, 2, f32::from(*damage) / 20.0);
                        c.state(*card, 3, f32::from(*ex) / 5.0);
                        c.state(*card, 4, *atk as f32 / 20.0);
                        c.state(*card, 5, *def as f32 / 20.0);
                        c.state(*card, 6, *max_hp as f32 / 20.0);
                        for &u in under {
                            c.zone(u, zone + 1 + SLOTS);
                        }
                    }
                    Some(CardView::FaceDown { card }) => {
                        public[so + 2] = 1.0;
                        match card {
                            Some(card) => {
                                c.zone(*card, zone + 1 + k);
                                c.state(*card, 1, 1.0);
                            }
                            None => public[so + 3] = 1.0,
                        }
                    }
                    None => {}
                }
            }
            for &k in &p.discard {
                c.zone(k, zone + 2 + 2 * SLOTS);
            }
            for s in p.soul.iter().flatten() {
                c.zone(s.card, zone + 3 + 2 * SLOTS);
                c.state(s.card, 7, f32::from(u8::from(s.tapped)));
            }
        }
        for &k in view.hand.iter().flatten() {
            c.zone(k, 1);
        }
        if let Some(d) = &view.own_setup {
            for k in d.battlefield.iter().chain(d.bench.iter().map(|(_, k)| k)) {
                c.zone(*k, ZONES - 2);
            }
        }
        for &k in &view.in_use {
            c.zone(k, ZONES - 1);
        }
        if let Some(a) = &view.attack {
            c.state(a.attacker, 8, 1.0);
            c.state(a.target, 9, 1.0);
        }
        if let Some((t, _)) = view.trump {
            c.state(t, 10, 1.0);
        }
        if let Pending::ChooseTarget { source, .. } | Pending::May { source, .. } = view.pending {
            c.state(source, 11, 1.0);
        }
        for &(k, _) in &view.start_pending {
            let base = k.index() * PER_CARD + ZONES + 12;
            if let Some(x) = c.out.get_mut(base) {
                *x += 0.25;
            }
        }
    }

    fn max_legal_actions(config: &Config) -> usize {
        layout(config).max_legal
    }
}
