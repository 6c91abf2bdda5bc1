//! A builder for arbitrary positions (rule tests, tutorials, puzzles): hands, boards,
//! mana stacks, summons, defeated columns, deck tops and forced dice. Cards are named by
//! their definition id (`n_fire_05`); each call takes a free copy of that card.
//!
//! ```
//! use fuda_monjan::{Scenario, Col, Config, Seat};
//! let mut config = Config::for_players(2);
//! config.match_format = fuda_monjan::MatchFormat::Basic;
//! let mut sc = Scenario::new(&config, 1)?;
//! sc.defense(Seat(0), Col::M, "n_water_12")
//!     .defense(Seat(1), Col::M, "n_water_11")
//!     .mana(Seat(0), Col::M, &["n_fire_02"])
//!     .hand(Seat(0), &["n_fire_04"]);
//! let state = sc.build_edit()?;
//! assert_eq!(state.round(), 2);
//! # Ok::<_, fuda_monjan::Error>(())
//! ```

use crate::action::{Col, Side};
use crate::cards::{CardClass, CardId};
use crate::config::{BoardAssignment, Config};
use crate::error::Error;
use crate::rules::run;
use crate::state::{
    DefCard, Defense, FieldExtra, Mana, OneTurn, Pending, Phase, Player, Rules, RulesRef, SlotCard,
    SlotKind, State, StateCore, Supply, Task, MAX_LIFE,
};
use fuda_core::{NoEvents, Pile, Seat, SeatSet};
use std::sync::Arc;

/// A position under construction. Every card not placed goes to its deck.
#[derive(Clone, Debug)]
pub struct Scenario {
    state: State,
    free: Vec<CardId>,
    deck_top: Vec<CardId>,
    boss_top: Vec<CardId>,
    error: Option<Error>,
}

impl Scenario {
    /// An empty position: boards per `config` (`Fixed`, or seat order of the set's boards
    /// otherwise), every card free.
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new(config: &Config, seed: u64) -> Result<Scenario, Error> {
        let rules = Rules::new(config)?;
        let n = rules.n;
        let mut players: Vec<Player> = (0..n).map(|_| Player::new()).collect();
        for (i, p) in players.iter_mut().enumerate() {
            p.board = match &config.board_assignment {
                BoardAssignment::Fixed(ids) => {
                    ids.get(i).and_then(|id| rules.cards.board_index(id))
                }
                _ => Some(i as u8),
            };
        }
        let free: Vec<CardId> = rules.cards.ids().collect();
        let state = State {
            rules: RulesRef(Arc::new(rules)),
            d: StateCore {
                rng: fuda_core::GameRng::from_seed(seed),
                phase: Phase::Edit,
                round: 1,
                players,
                main_deck: Pile::new(),
                main_discard: Vec::new(),
                boss_deck: Pile::new(),
                boss_discard: Vec::new(),
                et_deck: Pile::new(),
                et_discard: Vec::new(),
                pool: Vec::new(),
                unused: Vec::new(),
                rps: (0..n as u8).map(Seat).collect(),
                setup_step: 0,
                edit_set: SeatSet::EMPTY,
                seq_order: Vec::new(),
                seq_index: 0,
                last_order: (0..n as u8).map(Seat).collect(),
                frozen: None,
                withheld: Vec::new(),
                battle: None,
                tasks: Vec::new(),
                pending: Pending::Edit,
                eliminated: Vec::new(),
                outcome: None,
            },
        };
        Ok(Scenario {
            state,
            free,
            deck_top: Vec::new(),
            boss_top: Vec::new(),
            error: None,
        })
    }

    fn fail(&mut self, message: String) {
        if self.error.is_none() {
            self.error = Some(Error::scenario(message));
        }
    }

    /// Takes a free copy of the card with definition id `id`.
    fn take(&mut self, id: &str) -> Option<CardId> {
        let inst = self.state.cards().instances(id);
        if inst.is_empty() {
            self.fail(format!("`{id}` is not a card of the set"));
            return None;
        }
        match self.free.iter().position(|c| inst.contains(c)) {
            Some(i) => Some(self.free.remove(i)),
            None => {
                self.fail(format!("no free copy of `{id}` is left"));
                None
            }
        }
    }

    fn class_is(&mut self, c: CardId, want: &[CardClass], what: &str) -> bool {
        let ok = self
            .state
            .rules()
            .class(c)
            .is_some_and(|k| want.contains(&k));
        if !ok {
            self.fail(format!("card {c} cannot be {what}"));
        }
        ok
    }

    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        if seat.index() >= self.state.num_players() {
            self.fail(format!("{seat} is not a seat"));
            return None;
        }
        self.state.d.players.get_mut(seat.index())
    }

    /// Cards into a hand.
    pub fn hand(&mut self, seat: Seat, ids: &[&str]) -> &mut Self {
        for id in ids {
            if let Some(c) = self.take(id) {
                if let Some(p) = self.player(seat) {
                    p.add_to_hand(c);
                }
            }
        }
        self
    }

    /// Face-up mana pushed onto a stack (bottom first).
    pub fn mana(&mut self, seat: Seat, col: Col, ids: &[&str]) -> &mut Self {
        self.push_mana(seat, col, ids, false)
    }

    /// Elements pushed onto a stack (bottom first).
    pub fn elements(&mut self, seat: Seat, col: Col, ids: &[&str]) -> &mut Self {
        self.push_mana(seat, col, ids, true)
    }

    fn push_mana(&mut self, seat: Seat, col: Col, ids: &[&str], element: bool) -> &mut Self {
        for id in ids {
            if let Some(c) = self.take(id) {
                if self.class_is(c, &[CardClass::Number, CardClass::Battle], "mana") {
                    if let Some(p) = self.player(seat) {
                        p.col_mut(col).mana.push(Mana {
                            card: c,
                            element,
                            face_down: false,
                            spent: false,
                        });
                    }
                }
            }
        }
        self
    }

    /// A number card in an attack slot.
    pub fn attack(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.slot(seat, col, id, SlotKind::Number)
    }

    /// A Toughness card in an attack slot (face up).
    pub fn toughness(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        self.slot(seat, col, id, SlotKind::Toughness)
    }

    fn slot(&mut self, seat: Seat, col: Col, id: &str, kind: SlotKind) -> &mut Self {
        let want = match kind {
            SlotKind::Number => CardClass::Number,
            SlotKind::Toughness => CardClass::Toughness,
            SlotKind::Boss => CardClass::BossAssa,
        };
        if let Some(c) = self.take(id) {
            if self.class_is(c, &[want], "in an attack slot") {
                if let Some(p) = self.player(seat) {
                    p.col_mut(col).attack = Some(SlotCard {
                        card: c,
                        kind,
                        face_down: false,
                    });
                }
            }
        }
        self
    }

    /// A number card as a defense with full life.
    pub fn defense(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        let life = self
            .state
            .cards()
            .find(id)
            .map_or(1, |c| self.state.rules().value(c));
        self.defense_life(seat, col, id, life)
    }

    /// A number card as a defense with the given life (≤ 16).
    pub fn defense_life(&mut self, seat: Seat, col: Col, id: &str, life: u8) -> &mut Self {
        if let Some(c) = self.take(id) {
            if self.class_is(c, &[CardClass::Number], "a defense") {
                let printed = self.state.rules().value(c).clamp(1, MAX_LIFE);
                if life == 0 || life > MAX_LIFE {
                    self.fail(format!("life {life} is out of 1..=16"));
                }
                if let Some(p) = self.player(seat) {
                    p.col_mut(col).defense = Defense::Live {
                        card: DefCard::Number(c),
                        printed,
                        life: life.clamp(1, MAX_LIFE),
                    };
                }
            }
        }
        self
    }

    /// A permanent Boss-Assassin in a side column.
    pub fn permanent_boss(&mut self, seat: Seat, col: Col, id: &str) -> &mut Self {
        if let Some(c) = self.take(id) {
            if self.class_is(c, &[CardClass::BossAssa], "a permanent summon") {
                let life = self.state.rules().value(c).clamp(1, MAX_LIFE);
                if let Some(p) = self.player(seat) {
                    let column = p.col_mut(col);
                    column.attack = Some(SlotCard {
                        card: c,
                        kind: SlotKind::Boss,
                        face_down: false,
                    });
                    column.defense = Defense::Live {
                        card: DefCard::Boss,
                        printed: life,
                        life,
                    };
                }
            }
        }
        self
    }

    /// The column's defense was defeated earlier (its skill unlocked, supply drawn).
    pub fn defeated(&mut self, seat: Seat, col: Col) -> &mut Self {
        if let Some(p) = self.player(seat) {
            let c = p.col_mut(col);
            c.defense = Defense::Defeated;
            c.ever_defeated = true;
            if let Some(side) = col.side() {
                p.supply[side.index()] = Supply::Granted;
            }
        }
        self
    }

    /// A revived defense (no card) with this life.
    pub fn revived(&mut self, seat: Seat, col: Col, life: u8) -> &mut Self {
        if let Some(p) = self.player(seat) {
            let c = p.col_mut(col);
            c.defense = Defense::Live {
                card: DefCard::Revived,
                printed: life.clamp(1, MAX_LIFE),
                life: life.clamp(1, MAX_LIFE),
            };
            c.ever_defeated = true;
        }
        self
    }

    /// An Extra on the field (face up).
    pub fn extra(&mut self, seat: Seat, id: &str) -> &mut Self {
        if let Some(c) = self.take(id) {
            if self.class_is(c, &[CardClass::Extra], "an Extra") {
                if let Some(p) = self.player(seat) {
                    p.extra = Some(FieldExtra {
                        card: c,
                        face_down: false,
                        matched: Vec::new(),
                        by: None,
                    });
                }
            }
        }
        self
    }

    /// A one-turn Boss-Assassin (face up).
    pub fn one_turn(&mut self, seat: Seat, id: &str) -> &mut Self {
        if let Some(c) = self.take(id) {
            if self.class_is(c, &[CardClass::BossAssa], "a one-turn summon") {
                if let Some(p) = self.player(seat) {
                    p.one_turn.push(OneTurn {
                        card: c,
                        face_down: false,
                        extended: false,
                        stays: false,
                    });
                }
            }
        }
        self
    }

    /// A resurrected card owned by `seat`.
    pub fn resurrected(&mut self, seat: Seat, id: &str) -> &mut Self {
        if let Some(c) = self.take(id) {
            if let Some(p) = self.player(seat) {
                p.resurrected.push(c);
            }
        }
        self
    }

    /// A card onto a discard pile (by its class).
    pub fn discard(&mut self, id: &str) -> &mut Self {
        if let Some(c) = self.take(id) {
            match self.state.rules().class(c) {
                Some(CardClass::BossAssa) => self.state.d.boss_discard.push(c),
                Some(CardClass::Extra | CardClass::Toughness)
                    if self.state.config().match_format.has_et_deck() =>
                {
                    self.state.d.et_discard.push(c)
                }
                _ => self.state.d.main_discard.push(c),
            }
        }
        self
    }

    /// The next main-deck draws, first drawn first.
    pub fn deck_top(&mut self, ids: &[&str]) -> &mut Self {
        for id in ids {
            if let Some(c) = self.take(id) {
                self.deck_top.push(c);
            }
        }
        self
    }

    /// The next Boss-Assassin draws, first drawn first.
    pub fn boss_top(&mut self, ids: &[&str]) -> &mut Self {
        for id in ids {
            if let Some(c) = self.take(id) {
                self.boss_top.push(c);
            }
        }
        self
    }

    /// Uses of a side's board skill so far this game.
    pub fn board_uses(&mut self, seat: Seat, side: Side, uses: u8) -> &mut Self {
        if let Some(p) = self.player(seat) {
            p.board_uses[side.index()] = uses;
        }
        self
    }

    /// Fixes the next die results.
    pub fn force_dice(&mut self, dice: &[u8]) -> &mut Self {
        self.state.d.rng.force_dice(dice.iter().copied());
        self
    }

    /// Mutable access to a player's zones for anything the builder has no method for
    /// (uses counters, supplies, Extra tracking). The built state is validated.
    pub fn player_mut(&mut self, seat: Seat) -> Option<&mut Player> {
        self.player(seat)
    }

    /// The previous battle order (sequential edit order of the next round).
    pub fn last_order(&mut self, order: &[Seat]) -> &mut Self {
        self.state.d.last_order = order.to_vec();
        self
    }

    fn finish(mut self) -> Result<State, Error> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let et = self.state.config().match_format.has_et_deck();
        let mut main = Vec::new();
        let mut boss = Vec::new();
        for c in std::mem::take(&mut self.free) {
            match self.state.rules().class(c) {
                Some(CardClass::BossAssa) => boss.push(c),
                Some(CardClass::Extra | CardClass::Toughness) if et => {
                    self.state.d.et_deck.put_top(c)
                }
                Some(CardClass::Extra | CardClass::Toughness) => self.state.d.unused.push(c),
                _ => main.push(c),
            }
        }
        let d = &mut self.state.d;
        d.main_deck = Pile::from_bottom_to_top(main);
        d.main_deck.shuffle(&mut d.rng);
        d.boss_deck = Pile::from_bottom_to_top(boss);
        d.boss_deck.shuffle(&mut d.rng);
        d.et_deck.shuffle(&mut d.rng);
        for c in self.deck_top.iter().rev() {
            d.main_deck.put_top(*c);
        }
        for c in self.boss_top.iter().rev() {
            d.boss_deck.put_top(*c);
        }
        for p in &mut d.players {
            for side in [Side::Left, Side::Right] {
                if p.col(side.col()).ever_defeated && p.supply[side.index()] == Supply::None {
                    p.supply[side.index()] = Supply::Granted;
                }
            }
        }
        Ok(self.state)
    }

    /// The position at the start of the next round's edit turn (opening draws done).
    /// The scenario's round counter starts at 1, so this is round 2.
    ///
    /// # Errors
    /// A bad card name or an invalid position.
    pub fn build_edit(self) -> Result<State, Error> {
        let mut s = self.finish()?;
        s.d.tasks = vec![Task::BeginRound];
        run(&mut s, &mut NoEvents);
        s.validate().map_err(|e| Error::scenario(e.to_string()))?;
        Ok(s)
    }

    /// The position at the start of round 1 (MC-5.3 applies to empty middle defenses).
    ///
    /// # Errors
    /// A bad card name or an invalid position.
    pub fn build_round_one(self) -> Result<State, Error> {
        let mut s = self.finish()?;
        s.d.round = 0;
        s.d.tasks = vec![Task::BeginRound];
        run(&mut s, &mut NoEvents);
        s.validate().map_err(|e| Error::scenario(e.to_string()))?;
        Ok(s)
    }

    /// The position at the start of the battle turn (face-down mana revealed, order fixed).
    ///
    /// # Errors
    /// A bad card name or an invalid position.
    pub fn build_battle(self) -> Result<State, Error> {
        let mut s = self.finish()?;
        s.d.tasks = vec![Task::BeginBattle];
        run(&mut s, &mut NoEvents);
        s.validate().map_err(|e| Error::scenario(e.to_string()))?;
        Ok(s)
    }
}
