//! A fixed-length numeric form of a [`View`] and a bound on the legal actions of one
//! decision ([`Encoding`], issue 13), for the Python environments.
//!
//! The encoding reads the view alone (and the public configuration and card set), so it
//! tells an observer exactly what the view does: other hands, face-down cards, Elements
//! and, during a simultaneous edit turn, the other players' pending moves (the view
//! shows them as when the edit set formed, MC-4.6) never enter it. Seats are
//! **relative** to the viewer: side 0 is the viewer (seat 0 for a spectator), side `r`
//! the seat `r` places after it in seat order; sides beyond the player count are zeros.
//! Every value is finite; counters are divided by the divisor shown.
//!
//! # Layout
//!
//! `K` is the number of card instances of the card set (ids `0..K`), `NB` its number of
//! status boards; `PB = 91 + NB`. Up to 4 sides (the most players of a game).
//!
//! | offset | len | meaning | scale |
//! |---|---|---|---|
//! | 0 | 4 | the viewer's seat, one-hot (zeros for a spectator) | 0/1 |
//! | 4 | 4 | may act now, per side | 0/1 |
//! | 8 | 12 | the decision awaited, one-hot: choose board, pick, edit, window, declare, flame, flame target, guard, resurrect, dragon trap, trap guard, game over | 0/1 |
//! | 20 | 4 | the single seat deciding, per side (zeros for the edit turn) | 0/1 |
//! | 24 | 4 | the phase, one-hot: setup, edit, battle, over | 0/1 |
//! | 28 | 4 | round (÷ 100), others frozen (MC-4.6), players (÷ 4), pool size (÷ 20) | |
//! | 32 | 6 | main deck (÷ 100), Boss-Assassin deck (÷ 20), ET deck (÷ 40), their discard piles (same) | |
//! | 38 | 4 | rock-paper-scissors position per side ((i + 1) ÷ 4, 0 if absent) | |
//! | 42 | 4 | eliminated, per side | 0/1 |
//! | 46 | 11 | battle: under way, step (÷ 4), a window open, W1, W2, passes (÷ 4), Flame of Wrath in force, trigger resurrect / trap / trap guard, attacks (÷ 8) | |
//! | 57 | 4 | battle order position per side ((i + 1) ÷ 4) | |
//! | 61 | 4 | the window's priority holder, per side | 0/1 |
//! | 65 | 4 | the Flame of Wrath seat, per side | 0/1 |
//! | 69 | 8 × 14 | the step's attacks (first 8): present, target per side (4), value (÷ 16), bonus (÷ 16), nullified, guarded, guarding defense L/M/R (3), done, damage (÷ 16) | |
//! | 181 | 4 × PB | per side, below | |
//! | 181 + 4·PB | K × 65 | per card instance (id order): 57 zones then 8 state values, below | |
//!
//! Per side (`PB` values): present, alive, board one-hot (`NB`), hand count (÷ 20),
//! known hand cards (÷ 20); per column L, M, R (20 each): an attack card, its kind
//! number / Toughness / Boss (3), it is hidden from the viewer, defense empty / live /
//! defeated (3), life (÷ 16), printed life (÷ 16), defense card number / Boss / revived
//! (3), ever defeated, mana cards (÷ 20), hidden mana (÷ 20), mana placed face down
//! (÷ 20), Elements (÷ 5), spent mana (÷ 20), bottom card used; then an Extra, it is
//! hidden, one-turn Boss-Assassins (÷ 2), hidden ones (÷ 2), resurrected (÷ 4), supply of
//! L and R one-hot none / pending / granted (6), the turn counters (mana, number attack,
//! number defense, Extra, Toughness, Boss, edit skill, battle skill, placements ÷ 10,
//! an Assassin summoned, ended: 11), board skill uses (÷ 4, 2), resurrections (÷ 4), a
//! last roll and its value (÷ 6).
//!
//! Per card, the zone one-hot (exactly one is 1): 0 unknown / not visible; per side `r`
//! (13 each from `1 + 13r`): hand, attack slot L/M/R, defense L/M/R, mana of L/M/R,
//! Extra, one-turn Boss-Assassin, resurrected; then 53 the draft pool, 54 main discard,
//! 55 Boss-Assassin discard, 56 ET discard. The state values: mana placed face down, an
//! Element, spent, its place in the column (÷ 10), attacking in this step, used this
//! battle turn, guarding an attack, the Flame of Wrath card.
//!
//! # The bound on legal actions
//!
//! [`Encoding::max_legal_actions`] follows `rules/legal.rs` decision by decision. There is
//! no hand limit, so a hand is bounded by the card set: `n_num`, `n_bat`, `n_ex`, `n_to`
//! are the instances of each class and `K` all of them. A player's attack units are at
//! most `U = 3 + 1 + min(n_boss, 2) + R` (three slots, the Extra, the one-turn
//! Boss-Assassins — one summoned per edit turn, kept at most one more round — and the
//! resurrected cards, at most the largest `resurrect` max of a board); a step has at
//! most `U` attacks. A payment of cost `n` has 3 choices (single column) or
//! `(n+1)(n+2)/2` (any columns); an "any mana" discard of `n` has `(n+1)(n+2)/2`
//! choices (top of column) or `M` (chosen cards, `n` = 1), `M = n_num + n_bat` the most
//! mana cards. A skill gives `targets × payments × discards`, its targets
//! being at most `U` (AddAttack), 3 (Heal, SummonSelf), `(N−1)·U` (Kill), 2
//! (ReviveDefense), 1 (draws).
//!
//! - choose board: `NB`; pick: `K`;
//! - edit: the initial defense, `n_num`; otherwise 1 (end) + `12·n_num + 6·n_bat`
//!   (mana on a column face up or down, a number card on a slot) + `2·W·n_ex` (Extra,
//!   face up or down, `W` = 4 summon ways with `by_summon` tracking, else 1) +
//!   `6·P·n_to` (Toughness on a column, face up or down, `P` payments of its cost) +
//!   `2·P(3) + 2` (Boss-Assassins) + the board skills (the most over boards of both
//!   sides: Tea Party `max_x x·(K−x)` for `x ≤ n_bat` battle cards taken and the rest
//!   given, 1, 3, or `U`) + the skills of every ET instance from hand plus four field
//!   sources (the Extra and three Toughness slots) at the largest field-skill count;
//! - window: 1 (pass) + every battle card in hand with its targets (`U + 3` for +n,
//!   `(N−1)·U` for kill) + board and ET skills of battle timing as above;
//! - declare: `1 + U·(N−1) + 3`; flame, resurrection, dragon trap: 2; flame target: `U`;
//!   guard and trap guard: `3 + U`.
//!
//! The bound is the largest of these.
use crate::cards::{inner_effect, Aux, BoardEffect, CardClass, CardDef, Cost, Effect, Timing};
use crate::cards::{CardSet, SkillSource};
use crate::config::{AnyManaPayment, Config, ExtraConditionTracking, ManaCostSource};
use crate::game::Monjan;
use crate::state::{DefCard, Defense, Guard, Pending, Phase, SlotKind, Supply, Trigger};
use crate::state::{WindowKind, ONE_TURN_COST};
use crate::view::{Shown, View};
use fuda_core::{CardId, Encoding, LastBuilt, Observer, Seat};
use std::cell::RefCell;
use std::rc::Rc;

/// The most players of a game.
const SIDES: usize = 4;
/// The public block before the per-side blocks.
const HEAD: usize = 181;
/// Attacks encoded.
const ATTACKS: usize = 8;
/// Values per column in a side block.
const COL: usize = 20;
/// Zones per side in the card block.
const SIDE_ZONES: usize = 13;
/// Zones of the card block.
const ZONES: usize = 1 + SIDES * SIDE_ZONES + 4;
/// State values per card.
const CARD_STATE: usize = 8;
/// Numbers per card.
const PER_CARD: usize = ZONES + CARD_STATE;

/// What the encoding and the bound need from a configuration, computed once per config.
#[derive(Debug)]
struct Layout {
    /// Card instances.
    cards: usize,
    /// Status boards.
    boards: usize,
    /// The bound on legal actions.
    max_legal: usize,
}

impl Layout {
    fn side_len(&self) -> usize {
        91 + self.boards
    }

    fn public_len(&self) -> usize {
        HEAD + SIDES * self.side_len()
    }

    fn len(&self) -> usize {
        self.public_len() + self.cards * PER_CARD
    }
}

thread_local! {
    /// The layout of the configuration last asked for on this thread.
    static LAYOUT: RefCell<LastBuilt<Config, Rc<Layout>>> = const { RefCell::new(LastBuilt::new()) };
}

fn layout(config: &Config) -> Rc<Layout> {
    LastBuilt::get_or_build_in(&LAYOUT, config, |c| Rc::new(compute(c)))
}

/// The payments of a cost of `n` (`mana::payments`).
fn pays(config: &Config, n: u8) -> usize {
    let n = usize::from(n);
    if n == 0 {
        return 1;
    }
    match config.mana_cost_source {
        ManaCostSource::SingleColumn => 3,
        ManaCostSource::AnyColumns => (n + 1) * (n + 2) / 2,
    }
}

/// Payments × discard choices of a skill cost.
fn cost_choices(config: &Config, cost: Cost, mana: usize) -> usize {
    match cost {
        Cost::None => 1,
        Cost::ManaCost(n) => pays(config, n),
        Cost::DiscardAnyMana(n) => match config.any_mana_payment {
            AnyManaPayment::TopOfColumn => {
                let n = usize::from(n);
                (n + 1) * (n + 2) / 2
            }
            AnyManaPayment::ChosenCards => match n {
                0 => 1,
                1 => mana,
                // `MAX_DISCARD_ANY` is 1: a larger cost is refused with its card set.
                _ => 0,
            },
        },
    }
}

/// The targets of an effect (`effect_targets_into`).
fn targets(effect: &Effect, units: usize, players: usize) -> usize {
    match inner_effect(effect) {
        Effect::AddAttack(_) => units,
        Effect::Heal { .. } | Effect::SummonSelf => 3,
        Effect::Kill => (players - 1) * units,
        Effect::DrawMain(_) | Effect::DrawEt(_) => 1,
        Effect::ReviveDefense(_) => 2,
        Effect::Chance { .. } => 0,
    }
}

fn compute(config: &Config) -> Layout {
    let set: &CardSet = config.cards();
    let k = set.len();
    let players = usize::from(config.num_players).clamp(2, SIDES);
    let class_count = |c: CardClass| {
        set.ids()
            .filter(|&id| set.info(id).is_some_and(|i| i.class == c))
            .count()
    };
    let (n_num, n_bat, n_boss, n_ex, n_to) = (
        class_count(CardClass::Number),
        class_count(CardClass::Battle),
        class_count(CardClass::BossAssa),
        class_count(CardClass::Extra),
        class_count(CardClass::Toughness),
    );
    let res = set
        .boards()
        .iter()
        .flat_map(|b| [&b.left, &b.right])
        .filter_map(|s| match s.effect {
            BoardEffect::Resurrect { max } => Some(usize::from(max)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let units = 3 + 1 + n_boss.min(2) + res;
    let mana = n_num + n_bat;
    // ET skills of one timing: from hand (every instance) and from the field (four).
    let skills = |timing: Timing| {
        let (mut hand, mut field) = (0, 0);
        for id in set.ids() {
            let Some(def) = set.def(id) else { continue };
            let (mut h, mut f) = (0, 0);
            for s in def.skills().iter().filter(|s| s.timing == timing) {
                let n = targets(&s.effect, units, players) * cost_choices(config, s.cost, mana);
                match s.source {
                    SkillSource::Magic | SkillSource::Unsummoned => h += n,
                    SkillSource::Summoned | SkillSource::ManaRelease => f += n,
                }
            }
            hand += h;
            field = field.max(f);
        }
        hand + 4 * field
    };
    let salvage = (0..=n_bat).map(|x| x * (k - x)).max().unwrap_or(0);
    let boards = |timing: Timing| {
        set.boards()
            .iter()
            .map(|b| {
                [&b.left, &b.right]
                    .iter()
                    .filter(|s| s.effect.timing() == timing)
                    .map(|s| match s.effect {
                        BoardEffect::SalvageBattleCard => salvage,
                        BoardEffect::ExtendOneTurnSummon | BoardEffect::DrawMain { .. } => 1,
                        BoardEffect::Heal { .. } => 3,
                        BoardEffect::NullifyAttack => units,
                        BoardEffect::Resurrect { .. }
                        | BoardEffect::RedirectAllToOne
                        | BoardEffect::ReflectHalf => 0,
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0)
    };
    let ways = if config.extra_condition_tracking == ExtraConditionTracking::BySummon {
        4
    } else {
        1
    };
    let toughness_pays = set
        .ids()
        .filter_map(|id| match set.def(id) {
            Some(CardDef::Toughness { cost, .. }) => Some(pays(config, *cost)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    let edit = 1
        + 12 * n_num
        + 6 * n_bat
        + 2 * ways * n_ex
        + 6 * toughness_pays * n_to
        + 2 * pays(config, ONE_TURN_COST)
        + 2
        + boards(Timing::Edit)
        + skills(Timing::Edit);
    let battle_cards: usize = set
        .ids()
        .filter_map(|id| match set.def(id) {
            Some(CardDef::Battle { aux, .. }) => Some(match aux {
                Aux::Plus(_) => units + 3,
                Aux::Kill => (players - 1) * units,
                Aux::ManaOnly => 0,
            }),
            _ => None,
        })
        .sum();
    let window = 1 + battle_cards + boards(Timing::Battle) + skills(Timing::Battle);
    let bounds = [
        set.boards().len(),
        k,
        n_num,
        edit,
        window,
        1 + units * (players - 1) + 3,
        2,
        units,
        3 + units,
    ];
    Layout {
        cards: k,
        boards: set.boards().len(),
        max_legal: bounds.into_iter().max().unwrap_or(1).max(1),
    }
}

fn pending_index(p: &Pending) -> usize {
    match p {
        Pending::ChooseBoard { .. } => 0,
        Pending::Pick { .. } => 1,
        Pending::Edit => 2,
        Pending::Window { .. } => 3,
        Pending::Declare { .. } => 4,
        Pending::Flame { .. } => 5,
        Pending::FlameTarget { .. } => 6,
        Pending::Guard { .. } => 7,
        Pending::Resurrect { .. } => 8,
        Pending::DragonTrap { .. } => 9,
        Pending::TrapGuard { .. } => 10,
        Pending::GameOver => 11,
    }
}

fn b(x: bool) -> f32 {
    f32::from(u8::from(x))
}

/// The card block.
struct Cards<'a> {
    out: &'a mut [f32],
}

impl Cards<'_> {
    fn zone(&mut self, card: CardId, zone: usize) {
        let base = card.index() * PER_CARD;
        if let Some(z) = self.out.get_mut(base..base + ZONES) {
            z.fill(0.0);
            z[zone] = 1.0;
        }
    }

    fn shown(&mut self, card: Shown, zone: usize) {
        if let Shown::Card(c) = card {
            self.zone(c, zone);
        }
    }

    fn state(&mut self, card: CardId, k: usize, v: f32) {
        if let Some(x) = self.out.get_mut(card.index() * PER_CARD + ZONES + k) {
            *x = v;
        }
    }
}

impl Encoding for Monjan {
    fn encoding_len(config: &Config) -> usize {
        layout(config).len()
    }

    fn encode(config: &Config, view: &View, out: &mut Vec<f32>) {
        let l = layout(config);
        out.clear();
        out.resize(l.len(), 0.0);
        let n = view.players.len().clamp(1, SIDES);
        let me = match view.observer {
            Observer::Seat(s) if s.index() < n => Some(s.index()),
            _ => None,
        };
        let base = me.unwrap_or(0);
        let rel = |s: Seat| (s.index() < n).then(|| (s.index() + n - base) % n);
        let (public, cards) = out.split_at_mut(l.public_len());
        if let Some(m) = me {
            public[m] = 1.0;
        }
        for s in view.to_act.iter() {
            if let Some(r) = rel(s) {
                public[4 + r] = 1.0;
            }
        }
        if let Some(r) = view.pending.seat().and_then(rel) {
            public[20 + r] = 1.0;
        }
        if let Some(bt) = &view.battle {
            for (i, &s) in bt.order.iter().enumerate() {
                if let Some(r) = rel(s) {
                    public[57 + r] = (i + 1) as f32 / 4.0;
                }
            }
        }
        for (i, &s) in view.rps.iter().enumerate() {
            if let Some(r) = rel(s) {
                public[38 + r] = (i + 1) as f32 / 4.0;
            }
        }
        for &s in &view.eliminated {
            if let Some(r) = rel(s) {
                public[42 + r] = 1.0;
            }
        }
        public[8 + pending_index(&view.pending)] = 1.0;
        public[24
            + match view.phase {
                Phase::Setup => 0,
                Phase::Edit => 1,
                Phase::Battle => 2,
                Phase::Over => 3,
            }] = 1.0;
        public[28] = view.round as f32 / 100.0;
        public[29] = b(view.frozen);
        public[30] = f32::from(view.num_players) / 4.0;
        public[31] = view.pool_count as f32 / 20.0;
        let piles = &view.piles;
        public[32] = piles.main_deck as f32 / 100.0;
        public[33] = piles.boss_deck as f32 / 20.0;
        public[34] = piles.et_deck as f32 / 40.0;
        public[35] = piles.main_discard.len() as f32 / 100.0;
        public[36] = piles.boss_discard.len() as f32 / 20.0;
        public[37] = piles.et_discard.len() as f32 / 40.0;
        let mut c = Cards { out: cards };
        for card in 0..l.cards {
            c.out[card * PER_CARD] = 1.0;
        }
        if let Some(bt) = &view.battle {
            public[46] = 1.0;
            public[47] = f32::from(bt.step) / 4.0;
            if let Some(w) = bt.window {
                public[48] = 1.0;
                public[49] = b(w.kind == WindowKind::W1);
                public[50] = b(w.kind == WindowKind::W2);
                public[51] = f32::from(w.passes) / 4.0;
                if let Some(r) = rel(w.holder) {
                    public[61 + r] = 1.0;
                }
            }
            if let Some((s, card)) = bt.flame {
                public[52] = 1.0;
                if let Some(r) = rel(s) {
                    public[65 + r] = 1.0;
                }
                c.state(card, 7, 1.0);
            }
            match bt.trigger {
                Some(Trigger::Resurrect { .. }) => public[53] = 1.0,
                Some(Trigger::Trap { .. }) => public[54] = 1.0,
                Some(Trigger::TrapGuard { .. }) => public[55] = 1.0,
                None => {}
            }
            public[56] = bt.attacks.len() as f32 / 8.0;
            for (i, a) in bt.attacks.iter().enumerate() {
                c.state(a.source, 4, 1.0);
                if let Some(Guard::Card(g)) = a.guard {
                    c.state(g, 6, 1.0);
                }
                if i >= ATTACKS {
                    continue;
                }
                let o = 69 + 14 * i;
                public[o] = 1.0;
                if let Some(r) = rel(a.target) {
                    public[o + 1 + r] = 1.0;
                }
                public[o + 5] = f32::from(a.value) / 16.0;
                public[o + 6] = f32::from(a.bonus) / 16.0;
                public[o + 7] = b(a.nullified);
                public[o + 8] = b(a.guard.is_some());
                if let Some(Guard::Defense(col)) = a.guard {
                    public[o + 9 + col.index()] = 1.0;
                }
                public[o + 12] = b(a.done);
                public[o + 13] = f32::from(a.damage) / 16.0;
            }
            for &u in &bt.used_units {
                c.state(u, 5, 1.0);
            }
        }
        for r in 0..n {
            let Some(p) = view.players.get((base + r) % n) else {
                continue;
            };
            let o = HEAD + r * l.side_len();
            let zone = 1 + SIDE_ZONES * r;
            public[o] = 1.0;
            public[o + 1] = b(p.alive);
            if let Some(bd) = p.board.map(usize::from).filter(|&x| x < l.boards) {
                public[o + 2 + bd] = 1.0;
            }
            let o = o + 2 + l.boards;
            public[o] = p.hand_count as f32 / 20.0;
            public[o + 1] = p.known_hand.len() as f32 / 20.0;
            for &card in p.known_hand.iter().chain(p.hand.iter().flatten()) {
                c.zone(card, zone);
            }
            for (ci, col) in p.cols.iter().enumerate().take(3) {
                let q = o + 2 + COL * ci;
                if let Some(a) = col.attack {
                    public[q] = 1.0;
                    public[q
                        + 1
                        + match a.kind {
                            SlotKind::Number => 0,
                            SlotKind::Toughness => 1,
                            SlotKind::Boss => 2,
                        }] = 1.0;
                    public[q + 4] = b(a.card == Shown::FaceDown);
                    c.shown(a.card, zone + 1 + ci);
                }
                match col.defense {
                    Defense::Empty => public[q + 5] = 1.0,
                    Defense::Live {
                        card,
                        printed,
                        life,
                    } => {
                        public[q + 6] = 1.0;
                        public[q + 8] = f32::from(life) / 16.0;
                        public[q + 9] = f32::from(printed) / 16.0;
                        match card {
                            DefCard::Number(k) => {
                                public[q + 10] = 1.0;
                                c.zone(k, zone + 4 + ci);
                            }
                            DefCard::Boss => public[q + 11] = 1.0,
                            DefCard::Revived => public[q + 12] = 1.0,
                        }
                    }
                    Defense::Defeated => public[q + 7] = 1.0,
                }
                public[q + 13] = b(col.ever_defeated);
                public[q + 14] = col.mana.len() as f32 / 20.0;
                let count = |f: &dyn Fn(&crate::view::ManaView) -> bool| {
                    col.mana.iter().filter(|m| f(m)).count() as f32
                };
                public[q + 15] = count(&|m| m.card == Shown::FaceDown) / 20.0;
                public[q + 16] = count(&|m| m.face_down) / 20.0;
                public[q + 17] = count(&|m| m.element) / 5.0;
                public[q + 18] = count(&|m| m.spent) / 20.0;
                public[q + 19] = b(col.bottom_used);
                for (i, m) in col.mana.iter().enumerate() {
                    if let Shown::Card(k) = m.card {
                        c.zone(k, zone + 7 + ci);
                        c.state(k, 0, b(m.face_down));
                        c.state(k, 1, b(m.element));
                        c.state(k, 2, b(m.spent));
                        c.state(k, 3, i as f32 / 10.0);
                    }
                }
            }
            let o = o + 2 + 3 * COL;
            if let Some(e) = p.extra {
                public[o] = 1.0;
                public[o + 1] = b(e == Shown::FaceDown);
                c.shown(e, zone + 10);
            }
            public[o + 2] = p.one_turn.len() as f32 / 2.0;
            public[o + 3] =
                p.one_turn.iter().filter(|x| **x == Shown::FaceDown).count() as f32 / 2.0;
            for &x in &p.one_turn {
                c.shown(x, zone + 11);
            }
            public[o + 4] = p.resurrected.len() as f32 / 4.0;
            for &x in &p.resurrected {
                c.zone(x, zone + 12);
            }
            for (i, sp) in p.supply.iter().enumerate() {
                let k = match sp {
                    Supply::None => 0,
                    Supply::Pending => 1,
                    Supply::Granted => 2,
                };
                public[o + 5 + 3 * i + k] = 1.0;
            }
            let u = &p.uses;
            let o = o + 11;
            for (i, x) in [
                u.mana,
                u.number_attack,
                u.number_defense,
                u.extra,
                u.toughness,
                u.boss,
                u.edit_skill,
                u.battle_skill,
            ]
            .into_iter()
            .enumerate()
            {
                public[o + i] = b(x);
            }
            public[o + 8] = f32::from(u.placements) / 10.0;
            public[o + 9] = b(u.assassin.is_some());
            public[o + 10] = b(u.ended);
            public[o + 11] = f32::from(p.board_uses[0]) / 4.0;
            public[o + 12] = f32::from(p.board_uses[1]) / 4.0;
            public[o + 13] = f32::from(p.resurrections) / 4.0;
            public[o + 14] = b(p.last_roll.is_some());
            public[o + 15] = p.last_roll.map_or(0.0, |x| f32::from(x) / 6.0);
        }
        let shared = 1 + SIDES * SIDE_ZONES;
        for &k in view.pool.iter().flatten() {
            c.zone(k, shared);
        }
        for &k in &piles.main_discard {
            c.zone(k, shared + 1);
        }
        for &k in &piles.boss_discard {
            c.zone(k, shared + 2);
        }
        for &k in &piles.et_discard {
            c.zone(k, shared + 3);
        }
    }

    fn max_legal_actions(config: &Config) -> usize {
        layout(config).max_legal
    }
}
