//! A fixed-length numeric form of a [`View`] and a bound on the legal actions of one
//! decision ([`Encoding`], issue 13), for learning agents.
//!
//! The encoding reads the view and the public configuration only, so it tells an
//! observer exactly what the view does. Seats are *relative*: seat slot 0 is the viewer
//! (seat 0 for a spectator), slot 1 the opponent, so that a policy is the same for both
//! seats. With `D` = `deck_size` (each seat's deck holds card instances `D·seat ..
//! D·(seat + 1)`, see `cards.rs`), the length is `SCALARS + 2·D·MAJIN_FIELDS +
//! 2·D·PER_CARD` = `54 + 2D·13 + 2D·12` (2,054 with the default 40-card decks).
//!
//! | offset | meaning | scale |
//! |---|---|---|
//! | 0..2 | the viewer's seat, one-hot, absolute (both 0 for a spectator) | 0/1 |
//! | 2..4 | the seat whose decision is awaited, relative one-hot | 0/1 |
//! | 4..15 | the decision awaited: turn order, ura majin, main, attack, block, combat, target, may, Uzumajin bonus, advance, game over | 0/1 |
//! | 15..17 | the Uzumajin bonus asked about: destroy, damage | 0/1 |
//! | 17..19 | the active player, relative one-hot | 0/1 |
//! | 19..21 | who went first, relative one-hot (0 before it is decided) | 0/1 |
//! | 21..23 | the janken winner, relative one-hot | 0/1 |
//! | 23 | game-wide turn | ÷ `max_turns` (÷ `2 D + 1` without a bound) |
//! | 24..29 | the step: setup, start, main, attack, move | 0/1 |
//! | 29 | MP counted at step 4 | ÷ 10 |
//! | 30 | MP left to spend | ÷ 10 |
//! | 31 + 6p .. 37 + 6p | relative seat `p` = 0, 1: own turns begun (÷ turn scale of 23), Majin Box (÷ D), hand (÷ 10), graveyard (÷ D), damage (÷ `damage_to_lose`), majins (÷ 10) | see left |
//! | 43 | an attack is in progress | 0/1 |
//! | 44 | it is blocked | 0/1 |
//! | 45 | its combat window is open | 0/1 |
//! | 46..48 | the priority holder, relative one-hot | 0/1 |
//! | 48..50 | combat cards used in the window, per relative seat | ÷ `combat_cards_per_player` |
//! | 50 | consecutive passes | ÷ 2 |
//! | 51..53 | winner, per relative seat | 0/1 |
//! | 53 | the game is over | 0/1 |
//! | 54 .. 54 + 2D·13 | majin slots: relative seat `p`, then the seat's majins in id order (slot `k` < D), 13 numbers each (below) | |
//! | then 2D·12 | card `i` (instance id `i`), 12 numbers each (below) | |
//!
//! A majin slot: 0 exists; 1 in the battle zone; 2 tapped; 3 its face-down card is
//! hidden from the viewer; 4 it has a face-down card; 5 cards (÷ 4); 6 power (÷ 20);
//! 7 it is an Uzumajin; 8 it is the attacker; 9 it is the blocker; 10 turn modifier
//! (÷ 10); 11 battle modifier (÷ 10); 12 it is the majin the entering soul joined, for
//! the effect awaiting a target or an answer.
//!
//! A card: a one-hot of where the viewer sees it, 0 not visible (Majin Box, a hidden
//! hand or damage zone, a hidden face-down card); 1 the viewer's own hand; for relative
//! seat `p`, `2 + 3p` its graveyard, `3 + 3p` its damage zone, `4 + 3p` one of its
//! majins; then 8 it is a face-down card the viewer knows; 9 its height in its majin
//! ((index + 1) ÷ 4); 10 its majin's slot ((k + 1) ÷ D); 11 its effect is the one
//! awaiting a target or an answer.

use crate::cards::{CardId, CardType};
use crate::config::Config;
use crate::game::Uzumajin;
use crate::state::{BonusKind, Pending, Step, Zone};
use crate::view::{CardView, View};
use fuda_core::{Encoding, Seat};

/// Numbers of the public block, before the majin block.
pub const SCALARS: usize = 54;
/// Numbers per majin slot (each seat has `deck_size` slots).
pub const MAJIN_FIELDS: usize = 13;
/// Numbers per card instance.
pub const PER_CARD: usize = 12;

fn deck_size(config: &Config) -> usize {
    usize::from(config.deck_size).max(1)
}

fn majin_base(_config: &Config) -> usize {
    SCALARS
}

fn card_base(config: &Config) -> usize {
    SCALARS + 2 * deck_size(config) * MAJIN_FIELDS
}

impl Encoding for Uzumajin {
    fn encoding_len(config: &Config) -> usize {
        card_base(config) + 2 * deck_size(config) * PER_CARD
    }

    fn encode(config: &Config, view: &View, out: &mut Vec<f32>) {
        out.clear();
        out.resize(Self::encoding_len(config), 0.0);
        let d = deck_size(config);
        let cards = 2 * d;
        let own = view.observer.seat().filter(|s| s.index() < 2);
        let base = own.map_or(0, Seat::index);
        let r = |s: Seat| (s.index() + 2 - base) % 2;
        let mut set = |i: usize, v: f32| {
            if let Some(x) = out.get_mut(i) {
                *x = if v.is_finite() { v } else { 0.0 };
            }
        };
        if let Some(s) = own {
            set(s.index(), 1.0);
        }
        if let Some(s) = view.pending.seat() {
            set(2 + r(s), 1.0);
        }
        let kind = match view.pending {
            Pending::TurnOrder { .. } => 0,
            Pending::UraMajin { .. } => 1,
            Pending::Main { .. } => 2,
            Pending::Attack { .. } => 3,
            Pending::Block { .. } => 4,
            Pending::Combat { .. } => 5,
            Pending::Target { .. } => 6,
            Pending::May { .. } => 7,
            Pending::UzumajinBonus { .. } => 8,
            Pending::Advance { .. } => 9,
            Pending::GameOver => 10,
        };
        set(4 + kind, 1.0);
        if let Pending::UzumajinBonus { kind, .. } = view.pending {
            set(
                match kind {
                    BonusKind::Destroy => 15,
                    BonusKind::Damage => 16,
                },
                1.0,
            );
        }
        set(17 + r(view.active), 1.0);
        if let Some(s) = view.first_player {
            set(19 + r(s), 1.0);
        }
        if let Some(s) = view.janken_winner {
            set(21 + r(s), 1.0);
        }
        let turns = config.max_turns.unwrap_or(2 * d as u32 + 1).max(1) as f32;
        set(23, view.turn as f32 / turns);
        let step = match view.step {
            Step::Setup => 0,
            Step::Start => 1,
            Step::Main => 2,
            Step::Attack => 3,
            Step::Move => 4,
        };
        set(24 + step, 1.0);
        set(29, view.mp_pool as f32 / 10.0);
        set(30, view.mp_available as f32 / 10.0);
        let lose = f32::from(config.damage_to_lose.max(1));
        for (i, p) in view.players.iter().enumerate().take(2) {
            let at = 31 + 6 * r(Seat(i as u8));
            set(at, p.turns_taken as f32 / turns);
            set(at + 1, p.mb_count as f32 / d as f32);
            set(at + 2, p.hand_count as f32 / 10.0);
            set(at + 3, p.graveyard.len() as f32 / d as f32);
            set(at + 4, p.damage_count as f32 / lose);
            set(at + 5, p.majins.len() as f32 / 10.0);
        }
        if let Some(a) = &view.attack {
            set(43, 1.0);
            set(44, f32::from(u8::from(a.blocker.is_some())));
            if let Some(w) = &a.window {
                set(45, 1.0);
                set(46 + r(w.holder), 1.0);
                let per = f32::from(config.combat_cards_per_player.max(1));
                for (i, &used) in w.used.iter().enumerate() {
                    set(48 + r(Seat(i as u8)), f32::from(used) / per);
                }
                set(50, f32::from(w.passes) / 2.0);
            }
        }
        if let Some(o) = &view.outcome {
            for i in 0..2 {
                let s = Seat(i);
                if o.is_winner(s) {
                    set(51 + r(s), 1.0);
                }
            }
            set(53, 1.0);
        }
        let (effect_card, this) = match view.pending {
            Pending::Target { card, this, .. } | Pending::May { card, this, .. } => {
                (Some(card), this)
            }
            _ => (None, None),
        };

        // Majin slots and the cards in them.
        let mb = majin_base(config);
        let cb = card_base(config);
        let mut card_zone = vec![0usize; cards];
        let mut card_extra: Vec<[f32; 3]> = vec![[0.0; 3]; cards];
        for (i, p) in view.players.iter().enumerate().take(2) {
            let rs = r(Seat(i as u8));
            let known_damage = p.damage.iter().flatten();
            for &c in &p.graveyard {
                if let Some(z) = card_zone.get_mut(c.index()) {
                    *z = 2 + 3 * rs;
                }
            }
            for &c in known_damage {
                if let Some(z) = card_zone.get_mut(c.index()) {
                    *z = 3 + 3 * rs;
                }
            }
            for (k, m) in p.majins.iter().enumerate().take(d) {
                let at = mb + (rs * d + k) * MAJIN_FIELDS;
                set(at, 1.0);
                set(at + 1, f32::from(u8::from(m.zone == Zone::Battle)));
                set(at + 2, f32::from(u8::from(m.tapped)));
                let hidden = m.cards.iter().any(|c| matches!(c, CardView::Hidden));
                let face_down = m
                    .cards
                    .iter()
                    .any(|c| matches!(c, CardView::Hidden | CardView::FaceDown(_)));
                set(at + 3, f32::from(u8::from(hidden)));
                set(at + 4, f32::from(u8::from(face_down)));
                set(at + 5, m.cards.len() as f32 / 4.0);
                set(at + 6, m.power as f32 / 20.0);
                set(at + 7, f32::from(u8::from(m.uzumajin)));
                if let Some(a) = &view.attack {
                    set(at + 8, f32::from(u8::from(a.attacker == m.id)));
                    set(at + 9, f32::from(u8::from(a.blocker == Some(m.id))));
                }
                set(at + 10, f32::from(m.turn_mod) / 10.0);
                set(at + 11, f32::from(m.battle_mod) / 10.0);
                set(at + 12, f32::from(u8::from(this == Some(m.id))));
                for (h, cv) in m.cards.iter().enumerate() {
                    let (c, down) = match *cv {
                        CardView::FaceUp(c) => (c, false),
                        CardView::FaceDown(c) => (c, true),
                        CardView::Hidden => continue,
                    };
                    if let Some(z) = card_zone.get_mut(c.index()) {
                        *z = 4 + 3 * rs;
                        card_extra[c.index()] = [
                            f32::from(u8::from(down)),
                            (h + 1) as f32 / 4.0,
                            (k + 1) as f32 / d as f32,
                        ];
                    }
                }
            }
            if own.is_some_and(|s| s.index() == i) {
                for &c in p.hand.iter().flatten() {
                    if let Some(z) = card_zone.get_mut(c.index()) {
                        *z = 1;
                    }
                }
            }
        }
        for c in 0..cards {
            let at = cb + c * PER_CARD;
            set(at + card_zone[c], 1.0);
            let [down, height, slot] = card_extra[c];
            set(at + 8, down);
            set(at + 9, height);
            set(at + 10, slot);
        }
        if let Some(c) = effect_card.filter(|c: &CardId| c.index() < cards) {
            set(cb + c.index() * PER_CARD + 11, 1.0);
        }
    }

    /// The bound, decision by decision, from `rules/legal.rs`. A seat's hand and majins
    /// hold only cards of its own deck (no rule moves a card to the other player), so with
    /// `D` = `deck_size`, a hand of `h` cards and `M` majins (each at least one card) of
    /// one seat, `h + M ≤ D`:
    ///
    /// - main (step 5): each soul in hand may start a new majin or go onto each own majin
    ///   with room, each spell is one action, plus `EndMain`: at most `s (1 + M) + (h − s)
    ///   + 1` with `s` ≤ the souls of the seat's deck list; the bound is the maximum of
    ///   that over `h + M ≤ D`, the larger of the two seats';
    /// - ura majin: `h + 1`; attack, advance: `M + 1`; block: `M + 1`; combat: `h + 1`;
    /// - target: the majins of both seats, `2 D` at most;
    /// - turn order, may, Uzumajin bonus: 2.
    ///
    /// With the default configuration (40-card decks of 24 souls each): 421 (20 souls
    /// in hand, 20 majins). The bound ignores MP costs and colours, which no
    /// configuration-only argument can use.
    fn max_legal_actions(config: &Config) -> usize {
        let d = usize::from(config.deck_size);
        let set = config.card_set.resolve();
        let mut best = 2 * d + 1;
        for deck in &config.decks {
            let souls: usize = deck
                .0
                .iter()
                .filter(|e| {
                    set.find(&e.card)
                        .and_then(|def| set.info(def))
                        .is_some_and(|i| i.card_type == CardType::Soul)
                })
                .map(|e| usize::from(e.count))
                .sum::<usize>()
                .min(d);
            for h in 0..=d {
                let m = d - h;
                let s = souls.min(h);
                best = best.max(s * (1 + m) + (h - s) + 1);
            }
        }
        best.max(2)
    }
}
