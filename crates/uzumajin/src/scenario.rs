//! Positions: building any position the rules can reach, for rule tests, tutorials and
//! puzzles. A [`Scenario`] is both a Rust builder and a JSON document (the position format
//! of `docs/positions/uzumajin.md`); [`Scenario::build`] checks it and gives the state.
//!
//! **Cards by name.** Every card of a player's zones comes from that player's deck list and
//! is named by its card key: `red_imp#2` is the second copy of `red_imp` in the deck (in
//! instance order, 1-based); a plain `red_imp` is the first copy that no other entry of
//! the position takes. Copies named with `#k` are taken first; plain names then take the
//! free copies in this order of the fields: the majins (in list order, bottom card
//! first), then for seat 0 and then seat 1 the hand, the Majin Box, the graveyard and the
//! damage zone. [`State::card_id`] answers which instance a name became.
//!
//! **Unplaced cards.** Each player's cards that the position does not place are shuffled
//! (R1, seat 0's first: the game's setup shuffle, which a forced `shuffle` fixes) and fill,
//! from the top of the shuffle, the Majin Box beneath its listed top cards; when a
//! `majin_box_size` or `damage_count` asks for fewer or more, the damage zone fills up from
//! the rest and anything left goes to the graveyard beneath the listed cards.
//!
//! ```
//! use fuda_uzumajin::{MajinSpec, Scenario, Seat, Zone};
//! let state = Scenario::new()
//!     .hand(Seat(0), &["red_imp", "red_warrior"])
//!     .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
//!     .at_main(None)
//!     .build()?;
//! assert_eq!(state.mp_available(), 1);
//! assert_eq!(state.card_id(Seat(0), "red_imp"), Some(state.hand(Seat(0))[0]));
//! # Ok::<_, fuda_uzumajin::Error>(())
//! ```

use crate::cards::{CardId, CardType, DefId, Op};
use crate::config::{CombatWindow, Config, FirstPlayer, MpMode};
use crate::error::{clip, Error};
use crate::rules::combat::{attackers, battle_broken, blockers, has_usable_combat};
use crate::rules::effects::{can_act_op, candidates};
use crate::rules::turn::{advance_candidates, is_first_turn, may_be_ura};
use crate::rules::{run, setup};
use crate::state::{
    other, parse_card_name, Attack, BonusKind, Majin, MajinId, Pending, Player, Rules, State, Step,
    Task, Window, Zone,
};
use fuda_core::{Forced, GameRng, NoEvents, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A majin to place: its owner, zone, flags and cards (bottom first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MajinSpec {
    /// Whose majin it is (set by [`Scenario::majin`]).
    owner: Seat,
    /// Its zone.
    zone: Zone,
    /// Tapped (◇).
    #[serde(default, skip_serializing_if = "is_false")]
    tapped: bool,
    /// The bottom card is face-down (an ura majin's card).
    #[serde(default, skip_serializing_if = "is_false")]
    face_down: bool,
    /// The opponent has seen the face-down card (a `Peek`, MJ-8.1).
    #[serde(default, skip_serializing_if = "is_false")]
    peeked: bool,
    /// Card names, bottom first.
    cards: Vec<String>,
    /// Power modifiers until the end of the turn (a spell's `Power`).
    #[serde(default, skip_serializing_if = "is_zero")]
    power_this_turn: i16,
    /// Power modifiers until the end of the battle (a combat card's `Power`).
    #[serde(default, skip_serializing_if = "is_zero")]
    power_this_battle: i16,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

impl MajinSpec {
    /// Face-up souls, bottom first, untapped.
    pub fn souls(cards: &[&str], zone: Zone) -> MajinSpec {
        MajinSpec {
            owner: Seat(0),
            zone,
            tapped: false,
            face_down: false,
            peeked: false,
            cards: names(cards),
            power_this_turn: 0,
            power_this_battle: 0,
        }
    }

    /// A face-down bottom card with face-up souls on top, untapped.
    pub fn on_ura(bottom: &str, souls: &[&str], zone: Zone) -> MajinSpec {
        let mut cards = vec![bottom.to_string()];
        cards.extend(souls.iter().map(|c| c.to_string()));
        MajinSpec {
            face_down: true,
            cards,
            ..MajinSpec::souls(&[], zone)
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

    /// The same majin, its face-down card seen by the opponent (a `Peek`, MJ-8.1).
    #[must_use]
    pub fn peeked(mut self) -> MajinSpec {
        self.peeked = true;
        self
    }

    /// The same majin with a power modifier until the end of the turn.
    #[must_use]
    pub fn power_this_turn(mut self, amount: i16) -> MajinSpec {
        self.power_this_turn = amount;
        self
    }

    /// The same majin with a power modifier until the end of the battle.
    #[must_use]
    pub fn power_this_battle(mut self, amount: i16) -> MajinSpec {
        self.power_this_battle = amount;
        self
    }
}

/// One player's zones in a position. Every list names cards of the player's own deck.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct PlayerSpec {
    /// The hand, in the order its cards entered it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    hand: Vec<String>,
    /// The top of the Majin Box, top card first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    majin_box: Vec<String>,
    /// The whole Majin Box's size; default: every unplaced card.
    #[serde(skip_serializing_if = "Option::is_none")]
    majin_box_size: Option<usize>,
    /// The graveyard, bottom first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    graveyard: Vec<String>,
    /// The damage zone, oldest first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    damage: Vec<String>,
    /// The damage zone's size; unplaced cards fill it beyond the listed ones.
    #[serde(skip_serializing_if = "Option::is_none")]
    damage_count: Option<usize>,
}

/// The attack in progress in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
    /// The attacking majin of the active player (tapped by its attack).
    attacker: MajinId,
    /// The blocker, once one blocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    blocker: Option<MajinId>,
    /// The combat window, while open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    window: Option<WindowSpec>,
}

/// An open combat window (MJ-6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct WindowSpec {
    /// Who holds priority.
    holder: Seat,
    /// Combat cards each seat has used in this battle.
    #[serde(default, skip_serializing_if = "is_zero")]
    used: [u8; 2],
    /// Passes in a row so far.
    #[serde(default, skip_serializing_if = "is_zero")]
    passes: u8,
}

/// The decision the position waits for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Decision {
    /// Before the opening hands: janken is drawn, its winner chooses the turn order (A1).
    Setup,
    /// The start of the active player's turn, before step 1.
    #[default]
    TurnStart,
    /// Step 3 after the draw: place an ura majin or not.
    UraMajin,
    /// Step 5: play souls and spells.
    Main,
    /// Step 6: attack or end the step.
    Attack,
    /// MJ-6.2: the defender blocks or not (needs `attack`).
    Block,
    /// MJ-6.5: the priority holder uses a combat card or passes (needs `attack.window`).
    Combat,
    /// A15: the Uzumajin's owner chooses its double effect (needs `attack`).
    UzumajinBonus,
    /// A14: step 7, advance a majin or stop.
    Advance,
    /// A9: the controller chooses the target of step `step` of an effect.
    Target {
        /// The effect's controller.
        seat: Seat,
        /// The step of the effect (its primitives and `may`s in written order, from 0).
        step: u8,
        /// The majin an entering soul joined (its top card is the soul); `None` for the
        /// spell or combat card on top of the controller's graveyard.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        this: Option<MajinId>,
    },
    /// A9: the controller answers the `may` at step `step` of an effect.
    May {
        /// The effect's controller.
        seat: Seat,
        /// The step of the effect.
        step: u8,
        /// As for `target`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        this: Option<MajinId>,
    },
}

/// A forced random outcome of a position (consumed in draw order, see
/// `docs/positions/uzumajin.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum ForcedSpec {
    /// A die result: Uzumajin has no dice, so a position with one is refused.
    Die(u8),
    /// The next random pick: janken's winner (0 or 1), or the hand position a random
    /// discard takes (0 = the card that entered the hand first).
    Pick(u32),
    /// The next shuffle's top cards, top first, by name: the first `shuffle` is seat 0's
    /// (its unplaced cards into its Majin Box), the second seat 1's.
    Shuffle(Vec<String>),
}

/// A position to start from: configuration, every zone by card name, counters, the decision
/// awaited and forced random outcomes. [`Scenario::build`] validates it; its JSON form is
/// the position format (`docs/positions/uzumajin.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    #[serde(skip_serializing_if = "is_default_config")]
    config: Config,
    #[serde(skip_serializing_if = "is_zero")]
    seed: u64,
    active: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    turn: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    janken_winner: Option<Seat>,
    players: [PlayerSpec; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    majins: Vec<MajinSpec>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mp_pool: Option<u32>,
    #[serde(skip_serializing_if = "is_zero")]
    mp_spent: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    attack: Option<AttackSpec>,
    at: Decision,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    forced: Vec<ForcedSpec>,
}

fn is_default_config(c: &Config) -> bool {
    *c == Config::default()
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario::new()
    }
}

/// The game-wide turn of a position that does not say (seat 0's second turn).
const DEFAULT_TURN: u32 = 3;

impl Scenario {
    /// A position with the default configuration (seat 0 Red, seat 1 Blue): turn 3, seat 0
    /// active (so seat 0 went first), at the start of the turn, nothing placed.
    pub fn new() -> Scenario {
        Scenario::with_config(Config::default())
    }

    /// A position with this configuration.
    pub fn with_config(config: Config) -> Scenario {
        Scenario {
            config,
            seed: 0,
            active: Seat(0),
            turn: None,
            janken_winner: None,
            players: Default::default(),
            majins: Vec::new(),
            mp_pool: None,
            mp_spent: 0,
            attack: None,
            at: Decision::TurnStart,
            forced: Vec::new(),
        }
    }

    /// Reads a position from its JSON form.
    ///
    /// # Errors
    /// [`Error::Scenario`] (field `json`) with serde's message for malformed JSON or an
    /// unknown field.
    pub fn from_json(text: &str) -> Result<Scenario, Error> {
        serde_json::from_str(text).map_err(|e| Error::scenario("json", clip_long(&e.to_string())))
    }

    /// Changes the configuration.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The seed of the game's generator (the shuffle of unplaced cards, janken, random
    /// discards that are not forced).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Scenario {
        self.seed = seed;
        self
    }

    /// The active player (default seat 0).
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = seat;
        self
    }

    /// The game-wide number of the current turn (default 3; 1 is the first player's first
    /// turn). Turns alternate, so it fixes who went first and each player's own turn count
    /// (MJ-3.9).
    #[must_use]
    pub fn turn(mut self, turn: u32) -> Scenario {
        self.turn = Some(turn);
        self
    }

    /// The janken winner (under `first_player = janken`; default: the first player).
    #[must_use]
    pub fn janken_winner(mut self, seat: Seat) -> Scenario {
        self.janken_winner = Some(seat);
        self
    }

    fn player(&mut self, seat: Seat) -> Option<&mut PlayerSpec> {
        self.players.get_mut(seat.index())
    }

    /// A player's hand (in the order its cards entered it).
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.hand = names(cards);
        }
        self
    }

    /// The top of a player's Majin Box, top card first.
    #[must_use]
    pub fn mb_top(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.majin_box = names(cards);
        }
        self
    }

    /// A player's Majin Box holds exactly `n` cards: the listed top and unplaced cards
    /// beneath; unplaced cards beyond go to the graveyard (to build deck-out positions).
    #[must_use]
    pub fn mb_size(mut self, seat: Seat, n: usize) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.majin_box_size = Some(n);
        }
        self
    }

    /// A player's graveyard, bottom first.
    #[must_use]
    pub fn graveyard(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.graveyard = names(cards);
        }
        self
    }

    /// The damage zone holds `n` cards: the ones [`Scenario::damage_cards`] names, then
    /// unplaced cards.
    #[must_use]
    pub fn damage(mut self, seat: Seat, n: usize) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.damage_count = Some(n);
        }
        self
    }

    /// The cards of a player's damage zone, oldest first.
    #[must_use]
    pub fn damage_cards(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        if let Some(p) = self.player(seat) {
            p.damage = names(cards);
        }
        self
    }

    /// Adds a majin of `seat` (ids are `M0, M1, ...` in the order of these calls).
    #[must_use]
    pub fn majin(mut self, seat: Seat, mut spec: MajinSpec) -> Scenario {
        spec.owner = seat;
        self.majins.push(spec);
        self
    }

    /// The MP pool counted at step 4 of this turn (default: the majins on the field now).
    #[must_use]
    pub fn mp(mut self, pool: u32) -> Scenario {
        self.mp_pool = Some(pool);
        self
    }

    /// MP already spent in step 5 of this turn.
    #[must_use]
    pub fn mp_spent(mut self, spent: u32) -> Scenario {
        self.mp_spent = spent;
        self
    }

    /// Start before the opening hands: janken (R2) is drawn, then its winner chooses the
    /// turn order (A1); under `first_player = fixed` the first turn starts at once.
    #[must_use]
    pub fn at_setup(mut self) -> Scenario {
        self.at = Decision::Setup;
        self
    }

    /// Start at the beginning of the active player's turn, before step 1 (the default).
    #[must_use]
    pub fn at_turn_start(mut self) -> Scenario {
        self.at = Decision::TurnStart;
        self
    }

    /// Start in step 3 after the draw: the active player places an ura majin or not.
    #[must_use]
    pub fn at_ura_majin(mut self) -> Scenario {
        self.at = Decision::UraMajin;
        self
    }

    /// Start in step 5 with this MP pool (`None`: counted from the majins, MJ-4.4).
    #[must_use]
    pub fn at_main(mut self, mp: Option<u32>) -> Scenario {
        self.at = Decision::Main;
        self.mp_pool = mp;
        self
    }

    /// Start in step 6 (the active player's attack decision).
    #[must_use]
    pub fn at_attack(mut self) -> Scenario {
        self.at = Decision::Attack;
        self
    }

    /// The attack in progress: `attacker` (the active player's, tapped by its attack) and
    /// the blocker, if one blocked. Needed by the decisions inside an attack.
    #[must_use]
    pub fn attack(mut self, attacker: MajinId, blocker: Option<MajinId>) -> Scenario {
        let window = self.attack.and_then(|a| a.window);
        self.attack = Some(AttackSpec {
            attacker,
            blocker,
            window,
        });
        self
    }

    /// Start at the defender's block decision against `attacker` (MJ-6.2).
    #[must_use]
    pub fn at_block(self, attacker: MajinId) -> Scenario {
        let mut s = self.attack(attacker, None);
        s.at = Decision::Block;
        s
    }

    /// Start inside the combat window of `attacker`'s attack (blocked by `blocker`), with
    /// `holder` to use a combat card or pass (MJ-6.5). [`Scenario::combat_used`] and
    /// [`Scenario::combat_passes`] say what happened in the window before.
    #[must_use]
    pub fn at_combat(self, attacker: MajinId, blocker: Option<MajinId>, holder: Seat) -> Scenario {
        let mut s = self.attack(attacker, blocker);
        if let Some(a) = s.attack.as_mut() {
            a.window = Some(WindowSpec {
                holder,
                used: [0, 0],
                passes: 0,
            });
        }
        s.at = Decision::Combat;
        s
    }

    fn window(&mut self) -> Option<&mut WindowSpec> {
        self.attack.as_mut().and_then(|a| a.window.as_mut())
    }

    /// In the open combat window, `seat` has used `n` combat cards.
    #[must_use]
    pub fn combat_used(mut self, seat: Seat, n: u8) -> Scenario {
        if let Some(w) = self.window() {
            if let Some(u) = w.used.get_mut(seat.index()) {
                *u = n;
            }
        }
        self
    }

    /// In the open combat window, the last `n` decisions were passes.
    #[must_use]
    pub fn combat_passes(mut self, n: u8) -> Scenario {
        if let Some(w) = self.window() {
            w.passes = n;
        }
        self
    }

    /// Start at the Uzumajin double-effect decision of `attacker`'s attack (A15, under
    /// `uzumajin_bonus_optional`): unblocked, or its battle against `blocker` resolved.
    #[must_use]
    pub fn at_uzumajin_bonus(self, attacker: MajinId, blocker: Option<MajinId>) -> Scenario {
        let mut s = self.attack(attacker, blocker);
        if let Some(a) = s.attack.as_mut() {
            a.window = None;
        }
        s.at = Decision::UzumajinBonus;
        s
    }

    /// Start in step 7 with the active player to advance majins (A14, under
    /// `advance_optional`).
    #[must_use]
    pub fn at_advance(mut self) -> Scenario {
        self.at = Decision::Advance;
        self
    }

    /// Start with `seat` to choose the target of step `step` of an effect: a soul's
    /// enter-play effect when `this` is the majin it joined, otherwise the spell (in step
    /// 5) or combat card (with [`Scenario::at_combat`]'s attack and window) on top of the
    /// seat's graveyard.
    #[must_use]
    pub fn at_target(mut self, seat: Seat, step: u8, this: Option<MajinId>) -> Scenario {
        self.at = Decision::Target { seat, step, this };
        self
    }

    /// As [`Scenario::at_target`], for the answer to a `may`.
    #[must_use]
    pub fn at_may(mut self, seat: Seat, step: u8, this: Option<MajinId>) -> Scenario {
        self.at = Decision::May { seat, step, this };
        self
    }

    /// Forces the next random pick (janken's winner; a random discard's hand position).
    #[must_use]
    pub fn force_pick(mut self, index: u32) -> Scenario {
        self.forced.push(ForcedSpec::Pick(index));
        self
    }

    /// Forces the top of the next shuffle, top card first, by card name (the first forced
    /// shuffle is seat 0's, the second seat 1's).
    #[must_use]
    pub fn force_shuffle(mut self, top: &[&str]) -> Scenario {
        self.forced.push(ForcedSpec::Shuffle(names(top)));
        self
    }

    /// Validates the position and builds the state.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::CardSet`] / [`Error::Deck`] for the configuration;
    /// [`Error::Scenario`] naming the field for an unknown card, a card placed twice, more
    /// copies than the deck holds, an impossible majin, inconsistent counters, a decision
    /// the rules would not ask for, or a forced outcome that cannot fit.
    pub fn build(&self) -> Result<State, Error> {
        let rules = Rules::new(&self.config)?;
        let seat_ok = |seat: Seat, field: &str| {
            if seat.index() < 2 {
                Ok(())
            } else {
                Err(Error::scenario(
                    field,
                    format!("{seat} is not a seat of a 2-player game"),
                ))
            }
        };
        seat_ok(self.active, "active")?;
        if let Some(w) = self.janken_winner {
            seat_ok(w, "janken_winner")?;
        }
        for (k, m) in self.majins.iter().enumerate() {
            seat_ok(m.owner, &format!("majins[{k}].owner"))?;
        }
        let placed = Placement::resolve(&rules, self)?;
        let mut rng = GameRng::from_seed(self.seed);
        let forced = self.forced_outcomes(&rules, &placed.used)?;
        rng.force(forced)
            .map_err(|e| Error::scenario("forced", e.to_string()))?;
        let players = self.zones(&rules, &placed, &mut rng)?;
        let mut state = State::blank(rules, rng, players);
        state.next_majin = self.majins.len() as u16;
        self.place_majins(&mut state, &placed)?;
        match self.at {
            Decision::Setup => {
                self.check_setup()?;
                setup::janken(&mut state);
            }
            _ => self.start_turn(&mut state)?,
        }
        if let Some(misfit) = state.rng.take_misfit() {
            return Err(Error::scenario("forced", misfit.to_string()));
        }
        if state.rng.forced().any(|f| matches!(f, Forced::Shuffle(_))) {
            return Err(Error::scenario(
                "forced",
                "a forced shuffle is never met: Uzumajin shuffles only at setup, seat 0's \
                 deck and then seat 1's (MJ-9.1), so the shuffles come first and at most two",
            ));
        }
        state.validate().map_err(|e| match e {
            Error::InvalidState { message } => Error::scenario("position", message),
            e => e,
        })?;
        Ok(state)
    }

    /// The forced outcomes as the generator takes them: shuffles name cards by their ids.
    fn forced_outcomes(&self, rules: &Rules, used: &[bool]) -> Result<Vec<Forced>, Error> {
        let mut out = Vec::with_capacity(self.forced.len());
        let mut shuffles = 0;
        for (i, f) in self.forced.iter().enumerate() {
            let field = format!("forced[{i}]");
            match f {
                ForcedSpec::Die(_) => {
                    return Err(Error::scenario(field, "Uzumajin uses no dice"));
                }
                ForcedSpec::Pick(p) => out.push(Forced::Pick(*p)),
                ForcedSpec::Shuffle(top) => {
                    let seat = Seat(shuffles);
                    shuffles += 1;
                    if shuffles > 2 {
                        return Err(Error::scenario(
                            field,
                            "Uzumajin shuffles twice, seat 0's deck and seat 1's (MJ-9.1); \
                             this third shuffle is never met",
                        ));
                    }
                    let mut taken = used.to_vec();
                    let mut keys = Vec::with_capacity(top.len().min(used.len()));
                    for (j, name) in top.iter().enumerate() {
                        let field = format!("{field}[{j}]");
                        let card = Placement::unplaced_copy(rules, seat, name, &taken, &field)?;
                        taken[card.index()] = true;
                        keys.push(u32::from(card.0));
                    }
                    out.push(Forced::Shuffle(keys));
                }
            }
        }
        Ok(out)
    }

    /// Hands, Majin Boxes, graveyards and damage zones; the unplaced cards are shuffled in.
    fn zones(
        &self,
        rules: &Rules,
        placed: &Placement,
        rng: &mut GameRng,
    ) -> Result<[Player; 2], Error> {
        let mut players: [Player; 2] = Default::default();
        for (i, (p, spec)) in players.iter_mut().zip(&self.players).enumerate() {
            let seat = Seat(i as u8);
            let at = |field: &str| format!("players[{i}].{field}");
            p.hand = placed.cards(seat, Zone2::Hand);
            let top = placed.cards(seat, Zone2::MajinBox);
            let listed_damage = placed.cards(seat, Zone2::Damage);
            let unplaced: Vec<CardId> = (0..rules.num_cards())
                .map(|c| CardId(c as u16))
                .filter(|&c| rules.owner(c) == seat && !placed.used[c.index()])
                .collect();
            // R1: the same shuffle as the game's setup (a forced shuffle fixes its top).
            let rest = setup::shuffle_into_mb(rng, unplaced);
            let rest = rest.as_slice();
            let damage_count = spec.damage_count.unwrap_or(listed_damage.len());
            if damage_count < listed_damage.len() {
                return Err(Error::scenario(
                    at("damage_count"),
                    format!(
                        "{damage_count} is fewer than the {} cards listed in `damage`",
                        listed_damage.len()
                    ),
                ));
            }
            if damage_count >= usize::from(self.config.damage_to_lose) {
                return Err(Error::scenario(
                    at("damage"),
                    format!(
                        "{damage_count} damage would have ended the game (damage_to_lose {})",
                        self.config.damage_to_lose
                    ),
                ));
            }
            let fill = damage_count - listed_damage.len();
            let keep = match spec.majin_box_size {
                None => rest.len().saturating_sub(fill),
                Some(n) if n < top.len() => {
                    return Err(Error::scenario(
                        at("majin_box_size"),
                        format!("{n} is fewer than the {} cards listed on top", top.len()),
                    ))
                }
                Some(n) => n - top.len(),
            };
            if keep + fill > rest.len() {
                return Err(Error::scenario(
                    at("majin_box_size"),
                    format!(
                        "{seat} has {} unplaced cards, but the Majin Box needs {keep} more and \
                         the damage zone {fill} more",
                        rest.len()
                    ),
                ));
            }
            let (bottom, mb_rest) = rest.split_at(rest.len() - keep);
            let mut mb = fuda_core::Pile::from_bottom_to_top(mb_rest.to_vec());
            for &c in top.iter().rev() {
                mb.put_top(c);
            }
            p.mb = mb;
            p.damage = listed_damage;
            p.damage.extend_from_slice(&bottom[..fill]);
            p.graveyard = bottom[fill..].to_vec();
            p.graveyard.extend(placed.cards(seat, Zone2::Graveyard));
        }
        Ok(players)
    }

    /// The majins, in id order per player, and the peek memories.
    fn place_majins(&self, s: &mut State, placed: &Placement) -> Result<(), Error> {
        let max = s.max_cards();
        for (k, spec) in self.majins.iter().enumerate() {
            let field = |f: &str| format!("majins[{k}].{f}");
            let cards = placed.majin_cards(k);
            if cards.is_empty() || cards.len() > max {
                return Err(Error::scenario(
                    field("cards"),
                    format!(
                        "a majin holds 1 to {} cards, not {}",
                        s.config()
                            .max_cards_per_majin
                            .map_or("any number of".to_string(), |m| m.to_string()),
                        cards.len()
                    ),
                ));
            }
            for (i, &c) in cards.iter().enumerate() {
                let soul = s.rules().card_type(c) == Some(CardType::Soul);
                let face_up = i > 0 || !spec.face_down;
                if face_up && !soul {
                    return Err(Error::scenario(
                        format!("majins[{k}].cards[{i}]"),
                        format!(
                            "`{}` is face up but not a soul: only souls are played face up",
                            clip(&spec.cards[i])
                        ),
                    ));
                }
                if !face_up && !soul && !s.config().ura_any_card {
                    return Err(Error::scenario(
                        format!("majins[{k}].cards[0]"),
                        "under `ura_any_card = false` a face-down card is a soul",
                    ));
                }
            }
            if spec.peeked && !spec.face_down {
                return Err(Error::scenario(
                    field("peeked"),
                    "only a face-down card can have been peeked at",
                ));
            }
            let owner = spec.owner;
            let p = s.player_mut(owner);
            p.majins.push(Majin {
                id: MajinId(k as u16),
                zone: spec.zone,
                tapped: spec.tapped,
                face_down: spec.face_down,
                cards: cards.clone(),
                turn_mod: spec.power_this_turn,
                battle_mod: spec.power_this_battle,
            });
            if spec.peeked {
                let peeked = &mut s.player_mut(other(owner)).peeked;
                peeked.extend(cards.first().copied());
                peeked.sort_unstable();
            }
        }
        Ok(())
    }

    /// Setup positions hold every card in the Majin Boxes and nothing else.
    fn check_setup(&self) -> Result<(), Error> {
        let refuse = |field: &str| {
            Err(Error::scenario(
                field,
                "before the opening hands every card is in its Majin Box",
            ))
        };
        if !self.majins.is_empty() {
            return refuse("majins");
        }
        for (i, p) in self.players.iter().enumerate() {
            if !p.hand.is_empty() {
                return refuse(&format!("players[{i}].hand"));
            }
            if !p.graveyard.is_empty() || p.majin_box_size.is_some() {
                return refuse(&format!("players[{i}].graveyard"));
            }
            if !p.damage.is_empty() || p.damage_count.is_some_and(|n| n > 0) {
                return refuse(&format!("players[{i}].damage"));
            }
        }
        if self.turn.is_some_and(|t| t != 0) {
            return Err(Error::scenario("turn", "the game has not begun: turn 0"));
        }
        if self.janken_winner.is_some() {
            return Err(Error::scenario(
                "janken_winner",
                "janken is drawn when the game begins (force it with a `pick`)",
            ));
        }
        self.no_turn_counters("setup")
    }

    fn no_turn_counters(&self, at: &str) -> Result<(), Error> {
        if self.mp_pool.is_some() || self.mp_spent > 0 {
            return Err(Error::scenario(
                "mp_pool",
                format!("MP is counted at step 4, after the {at} decision"),
            ));
        }
        if self.attack.is_some() {
            return Err(Error::scenario(
                "attack",
                format!("no attack is in progress at the {at} decision"),
            ));
        }
        Ok(())
    }

    /// Turn counters, the step, the attack and the decision of a position inside a turn.
    fn start_turn(&self, s: &mut State) -> Result<(), Error> {
        let turn = self.turn.unwrap_or(DEFAULT_TURN);
        if turn == 0 {
            return Err(Error::scenario(
                "turn",
                "turn 0 is before the game: start at `setup`",
            ));
        }
        if let Some(max) = s.config().max_turns {
            if turn > max {
                return Err(Error::scenario(
                    "turn",
                    format!("the game is drawn when turn {max} ends (max_turns)"),
                ));
            }
        }
        // Turns alternate: the first player plays the odd turns (MJ-3.9).
        let active = self.active;
        let first = if turn % 2 == 1 { active } else { other(active) };
        match s.config().first_player {
            FirstPlayer::Fixed(p) if p != first => {
                return Err(Error::scenario(
                    "active",
                    format!(
                        "under `first_player = fixed {p}`, {p} plays the odd turns: \
                         turn {turn} is {}'s",
                        if turn % 2 == 1 { p } else { other(p) }
                    ),
                ))
            }
            FirstPlayer::Fixed(_) => {
                if self.janken_winner.is_some() {
                    return Err(Error::scenario(
                        "janken_winner",
                        "there is no janken under `first_player = fixed`",
                    ));
                }
            }
            FirstPlayer::Janken => s.janken_winner = Some(self.janken_winner.unwrap_or(first)),
        }
        s.first = Some(first);
        s.active = active;
        s.turn = turn;
        s.player_mut(first).turns_taken = turn.div_ceil(2);
        s.player_mut(other(first)).turns_taken = turn / 2;
        s.step = Step::Start;
        let before_step_4 = matches!(self.at, Decision::TurnStart | Decision::UraMajin);
        if before_step_4 {
            self.no_turn_counters(match self.at {
                Decision::TurnStart => "turn start",
                _ => "ura majin",
            })?;
            for (k, m) in self.majins.iter().enumerate() {
                if m.power_this_turn != 0 || m.power_this_battle != 0 {
                    return Err(Error::scenario(
                        format!("majins[{k}]"),
                        "power modifiers end with the turn that gave them",
                    ));
                }
            }
        } else {
            let pool = self.mp_pool.unwrap_or_else(|| s.count_majins());
            if pool as usize > s.rules().num_cards() {
                return Err(Error::scenario(
                    "mp_pool",
                    format!("{pool} MP: there can be no more majins than cards"),
                ));
            }
            if s.config().mp_mode == MpMode::PoolAtStep4 && self.mp_spent > pool {
                return Err(Error::scenario(
                    "mp_spent",
                    format!("{} MP spent from a pool of {pool}", self.mp_spent),
                ));
            }
            s.mp_pool = pool;
            s.mp_spent = self.mp_spent;
        }
        s.attack = self.attack_in_progress(s)?;
        let wrong = |message: String| Err(Error::scenario("at", message));
        let a = active;
        match self.at {
            Decision::Setup => {}
            Decision::TurnStart => {
                // Step 1 and the draw are still to come: the counters are those before.
                s.turn -= 1;
                let p = s.player_mut(active);
                p.turns_taken = p.turns_taken.saturating_sub(1);
                s.tasks.push(Task::BeginTurn);
                run(s, &mut NoEvents);
            }
            Decision::UraMajin => {
                if !s.player(a).hand.iter().any(|&c| may_be_ura(s, c)) {
                    return wrong(
                        "step 3 is skipped when no hand card may become an ura majin".into(),
                    );
                }
                if !is_first_turn(s) {
                    let after_step_1 = |m: &Majin| {
                        if m.tapped {
                            Some(format!(
                                "{}: step 1 untapped the active player's majins",
                                m.id
                            ))
                        } else if m.zone == Zone::Battle && m.cards.len() == 1 {
                            Some(format!(
                                "{}: step 1 moved the active player's 1-card majins to the \
                                 prepare zone",
                                m.id
                            ))
                        } else {
                            None
                        }
                    };
                    if let Some(message) = s.player(a).majins.iter().find_map(after_step_1) {
                        return wrong(message);
                    }
                }
                s.pending = Pending::UraMajin { seat: a };
            }
            Decision::Main => {
                s.step = Step::Main;
                s.pending = Pending::Main { seat: a };
            }
            Decision::Attack => {
                s.step = Step::Attack;
                if attackers(s).next().is_none() {
                    return wrong(
                        "step 6 ends by itself when the active player has no untapped majin \
                         in the battle zone"
                            .into(),
                    );
                }
                s.pending = Pending::Attack { seat: a };
            }
            Decision::Block => {
                s.step = Step::Attack;
                match s.attack {
                    Some(Attack {
                        blocker: None,
                        window: None,
                        ..
                    }) => {}
                    _ => return wrong("a block is asked for an attack not yet blocked".into()),
                }
                if blockers(s).next().is_none() {
                    return wrong(format!(
                        "{} has no majin that may block, so the rules do not ask",
                        other(a)
                    ));
                }
                s.pending = Pending::Block { seat: other(a) };
            }
            Decision::Combat => {
                s.step = Step::Attack;
                let Some(w) = s.attack.and_then(|at| at.window) else {
                    return wrong("combat priority needs `attack.window`".into());
                };
                let limit = s.config().combat_cards_per_player;
                if w.used[w.holder.index()] >= limit {
                    return wrong(format!(
                        "{} has used its {limit} combat card(s) and passes by itself",
                        w.holder
                    ));
                }
                if s.config().auto_pass && !has_usable_combat(s, w.holder) {
                    return wrong(format!(
                        "under `auto_pass` {} holds no usable combat card and is not asked",
                        w.holder
                    ));
                }
                s.tasks.extend([Task::EndAttack, Task::ResolveAttack]);
                s.pending = Pending::Combat { seat: w.holder };
            }
            Decision::UzumajinBonus => {
                s.step = Step::Attack;
                s.pending = self.bonus_decision(s)?;
                s.tasks.push(Task::EndAttack);
            }
            Decision::Advance => {
                s.step = Step::Move;
                if !s.config().advance_optional {
                    return wrong("advancing is automatic unless `advance_optional`".into());
                }
                if advance_candidates(s).next().is_none() {
                    return wrong("no majin of the active player may advance".into());
                }
                s.pending = Pending::Advance { seat: a };
            }
            Decision::Target { seat, step, this } | Decision::May { seat, step, this } => {
                let card = self.effect_card(s, seat, this)?;
                let op = s.rules().program(card).get(usize::from(step)).cloned();
                let may = matches!(self.at, Decision::May { .. });
                let fits = match &op {
                    Some(Op::May { .. }) => may,
                    Some(Op::Do(e)) => !may && e.target().is_some(),
                    None => false,
                };
                if !fits {
                    return Err(Error::scenario(
                        "at.step",
                        format!(
                            "step {step} of `{}`'s effect is not a {}",
                            s.card_label(card),
                            if may { "`may`" } else { "chosen target" }
                        ),
                    ));
                }
                let pending = if may {
                    Pending::May {
                        seat,
                        card,
                        pc: step,
                        this,
                    }
                } else {
                    Pending::Target {
                        seat,
                        card,
                        pc: step,
                        this,
                    }
                };
                let asks = match &op {
                    Some(Op::Do(e)) => !candidates(s, seat, e).is_empty(),
                    _ => can_act_op(s, card, usize::from(step), seat, this),
                };
                if !asks {
                    return Err(Error::scenario(
                        "at",
                        "nothing could be chosen, so the rules skip this step without asking",
                    ));
                }
                s.pending = pending;
            }
        }
        Ok(())
    }

    /// The attack of the position, checked against the zones (the attacker is tapped, and
    /// the blocker too under `block_taps_blocker`).
    fn attack_in_progress(&self, s: &mut State) -> Result<Option<Attack>, Error> {
        let Some(spec) = self.attack else {
            return match self.at {
                Decision::Block | Decision::Combat | Decision::UzumajinBonus => Err(
                    Error::scenario("attack", "this decision is taken inside an attack"),
                ),
                _ => Ok(None),
            };
        };
        let in_attack = match self.at {
            Decision::Block | Decision::Combat | Decision::UzumajinBonus => true,
            Decision::Target { .. } | Decision::May { .. } => spec.window.is_some(),
            _ => false,
        };
        if !in_attack {
            return Err(Error::scenario(
                "attack",
                "no attack is in progress at this decision",
            ));
        }
        let a = self.active;
        match s.majin(spec.attacker) {
            Some((owner, m)) if owner == a && m.zone == Zone::Battle => {}
            _ => {
                return Err(Error::scenario(
                    "attack.attacker",
                    format!(
                        "{} is not a battle-zone majin of the active player",
                        spec.attacker
                    ),
                ))
            }
        }
        if let Some(m) = s.majin_mut(spec.attacker) {
            m.tapped = true;
        }
        match spec.blocker {
            None if spec.window.is_some()
                && s.config().combat_window == CombatWindow::BattleOnly =>
            {
                return Err(Error::scenario(
                    "attack.blocker",
                    "combat cards are used only in battles (combat_window = battle_only)",
                ));
            }
            None => {}
            Some(b) => {
                let any_zone = s.config().prepare_zone_can_block;
                match s.majin(b) {
                    Some((owner, m))
                        if owner == other(a) && (any_zone || m.zone == Zone::Battle) => {}
                    _ => {
                        return Err(Error::scenario(
                            "attack.blocker",
                            format!("{b} is not a majin of the defender that could block"),
                        ))
                    }
                }
                if s.config().block_taps_blocker {
                    if let Some(m) = s.majin_mut(b) {
                        m.tapped = true;
                    }
                }
            }
        }
        let window = match spec.window {
            None => None,
            Some(w) => {
                if w.holder.index() >= 2 {
                    return Err(Error::scenario(
                        "attack.window.holder",
                        format!("{} is not a seat", w.holder),
                    ));
                }
                let window = Window {
                    holder: w.holder,
                    used: w.used,
                    passes: w.passes,
                };
                if !window_reachable(s.config().combat_cards_per_player, a, window) {
                    return Err(Error::scenario(
                        "attack.window",
                        format!(
                            "no sequence of uses and passes (attacker first, at most {} card(s) \
                             each) leads to this window",
                            s.config().combat_cards_per_player
                        ),
                    ));
                }
                Some(window)
            }
        };
        let attack = Attack {
            attacker: spec.attacker,
            blocker: spec.blocker,
            window,
        };
        if window.is_some() && battle_broken(s, &attack) {
            return Err(Error::scenario(
                "attack",
                "a combat window closes at once when a battler has left the battle zone",
            ));
        }
        Ok(Some(attack))
    }

    /// A15: whose double effect is asked for, and of which kind.
    fn bonus_decision(&self, s: &State) -> Result<Pending, Error> {
        let wrong = |message: &str| Err(Error::scenario("at", message));
        if !s.config().uzumajin_bonus_optional {
            return wrong(
                "the Uzumajin's double effect is automatic unless `uzumajin_bonus_optional`",
            );
        }
        let Some(a) = s.attack else {
            return wrong("the double effect is asked inside an attack");
        };
        let uzumajin = |id: MajinId| s.majin(id).is_some_and(|(_, m)| s.is_uzumajin(m));
        let power = |id: MajinId| s.majin(id).map_or(0, |(_, m)| s.power(m));
        match a.blocker {
            None if uzumajin(a.attacker) => Ok(Pending::UzumajinBonus {
                seat: s.active,
                kind: BonusKind::Damage,
                loser: None,
            }),
            None => wrong("the attacker is not an Uzumajin"),
            Some(_) if battle_broken(s, &a) => wrong("the battle has no winner (MJ-6.7)"),
            Some(b) => {
                let (winner, seat, loser) = if power(a.attacker) >= power(b) {
                    (a.attacker, s.active, b)
                } else {
                    (b, other(s.active), a.attacker)
                };
                if !uzumajin(winner) {
                    return wrong("the battle's winner is not an Uzumajin");
                }
                Ok(Pending::UzumajinBonus {
                    seat,
                    kind: BonusKind::Destroy,
                    loser: Some(loser),
                })
            }
        }
    }

    /// The card whose effect waits: the soul on top of `this`, or the top of the seat's
    /// graveyard (a spell in step 5, a combat card in a combat window).
    fn effect_card(
        &self,
        s: &mut State,
        seat: Seat,
        this: Option<MajinId>,
    ) -> Result<CardId, Error> {
        let wrong = |field: &str, message: String| Err(Error::scenario(field, message));
        if seat.index() >= 2 {
            return wrong("at.seat", format!("{seat} is not a seat"));
        }
        let in_combat = s.attack.is_some_and(|a| a.window.is_some());
        let (card, expected) = match this {
            Some(id) => {
                let Some((owner, m)) = s.majin(id) else {
                    return wrong("at.this", format!("there is no majin {id}"));
                };
                if owner != seat || m.face_up().is_empty() {
                    return wrong(
                        "at.this",
                        format!("{id} has no face-up soul of {seat} on top"),
                    );
                }
                (m.cards.last().copied(), CardType::Soul)
            }
            None => (
                s.player(seat).graveyard.last().copied(),
                if in_combat {
                    CardType::Combat
                } else {
                    CardType::Spell
                },
            ),
        };
        let Some(card) = card else {
            return wrong(
                "at",
                format!("{seat}'s graveyard is empty: no card is resolving"),
            );
        };
        if s.rules().card_type(card) != Some(expected) {
            return wrong(
                "at",
                format!(
                    "the card resolving here is a {expected:?} card; `{}` is not",
                    s.card_label(card)
                ),
            );
        }
        if in_combat {
            if this.is_some() {
                return wrong("at.this", "combat cards join no majin".into());
            }
            let w = s.attack.and_then(|a| a.window);
            let just_used = w.is_some_and(|w| {
                w.holder == other(seat) && w.passes == 0 && w.used[seat.index()] >= 1
            });
            if !just_used {
                return wrong(
                    "attack.window",
                    format!(
                        "{seat} has just used a combat card: priority is the other seat's, \
                         with no pass since, and {seat} has used at least 1"
                    ),
                );
            }
            s.step = Step::Attack;
            s.tasks
                .extend([Task::EndAttack, Task::ResolveAttack, Task::Window]);
        } else {
            if seat != s.active {
                return wrong(
                    "at.seat",
                    "souls and spells are played by the active player in step 5".into(),
                );
            }
            s.step = Step::Main;
            s.tasks.push(Task::Main);
        }
        Ok(card)
    }
}

/// MJ-6.5: whether the combat-window machine reaches `target` from its opening (the
/// attacker to decide, nothing used, no pass), by uses and passes of the holder; a holder
/// who has used `limit` cards passes by itself, two passes in a row close the window.
fn window_reachable(limit: u8, attacker: Seat, target: Window) -> bool {
    let start = Window {
        holder: attacker,
        used: [0, 0],
        passes: 0,
    };
    let mut seen = vec![start];
    let mut next = 0;
    while let Some(&w) = seen.get(next) {
        next += 1;
        if w == target {
            return true;
        }
        if w.passes >= 2 {
            continue;
        }
        let h = w.holder.index();
        let mut moves = Vec::with_capacity(2);
        if w.used[h] < limit {
            let mut used = w.used;
            used[h] += 1;
            moves.push(Window {
                holder: other(w.holder),
                used,
                passes: 0,
            });
        }
        moves.push(Window {
            holder: other(w.holder),
            used: w.used,
            passes: w.passes + 1,
        });
        for m in moves {
            if !seen.contains(&m) {
                seen.push(m);
            }
        }
    }
    false
}

/// Where a named card of a position goes (besides majins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Zone2 {
    Hand,
    MajinBox,
    Graveyard,
    Damage,
}

/// The position's names resolved to card instances.
struct Placement {
    /// Which cards are placed.
    used: Vec<bool>,
    /// Each majin's cards.
    majins: Vec<Vec<CardId>>,
    /// Each player's other zones.
    zones: BTreeMap<(u8, Zone2), Vec<CardId>>,
}

/// One name of a position.
struct Slot<'a> {
    seat: Seat,
    field: String,
    name: &'a str,
    /// Majin index, or the zone.
    place: Result<usize, Zone2>,
}

impl Placement {
    fn cards(&self, seat: Seat, zone: Zone2) -> Vec<CardId> {
        self.zones.get(&(seat.0, zone)).cloned().unwrap_or_default()
    }

    fn majin_cards(&self, k: usize) -> Vec<CardId> {
        self.majins.get(k).cloned().unwrap_or_default()
    }

    /// The copies of `key` in `seat`'s deck, in instance order; an error names the field.
    fn copies(rules: &Rules, seat: Seat, key: &str, field: &str) -> Result<Vec<CardId>, Error> {
        let def: DefId = rules
            .cards
            .find(key)
            .ok_or_else(|| Error::scenario(field, format!("unknown card `{}`", clip(key))))?;
        Ok((0..rules.num_cards())
            .map(|i| CardId(i as u16))
            .filter(|&c| rules.owner(c) == seat && rules.def_of(c) == Some(def))
            .collect())
    }

    /// The copy `name` names among the cards not yet `taken` (for forced shuffles).
    fn unplaced_copy(
        rules: &Rules,
        seat: Seat,
        name: &str,
        taken: &[bool],
        field: &str,
    ) -> Result<CardId, Error> {
        let (key, k) = parse_card_name(name);
        let copies = Placement::copies(rules, seat, key, field)?;
        let card = match k {
            Some(k) => copies.get(k - 1).copied().filter(|c| !taken[c.index()]),
            None => copies.iter().copied().find(|c| !taken[c.index()]),
        };
        card.ok_or_else(|| {
            Error::scenario(
                field,
                format!(
                    "`{}` is not among {seat}'s shuffled cards (it is placed, named twice, or \
                     the deck holds no such copy)",
                    clip(name)
                ),
            )
        })
    }

    /// Resolves every name: explicit copies (`key#k`) first, then plain names in field
    /// order, each taking the first free copy of its key.
    fn resolve(rules: &Rules, sc: &Scenario) -> Result<Placement, Error> {
        let mut slots = Vec::new();
        for (k, m) in sc.majins.iter().enumerate() {
            for (i, name) in m.cards.iter().enumerate() {
                slots.push(Slot {
                    seat: m.owner,
                    field: format!("majins[{k}].cards[{i}]"),
                    name,
                    place: Ok(k),
                });
            }
        }
        for (p, spec) in sc.players.iter().enumerate() {
            let lists = [
                ("hand", Zone2::Hand, &spec.hand),
                ("majin_box", Zone2::MajinBox, &spec.majin_box),
                ("graveyard", Zone2::Graveyard, &spec.graveyard),
                ("damage", Zone2::Damage, &spec.damage),
            ];
            for (label, zone, list) in lists {
                for (i, name) in list.iter().enumerate() {
                    slots.push(Slot {
                        seat: Seat(p as u8),
                        field: format!("players[{p}].{label}[{i}]"),
                        name,
                        place: Err(zone),
                    });
                }
            }
        }
        // Every card is placed at most once, so a longer list is refused before any work.
        if slots.len() > rules.num_cards() {
            return Err(Error::scenario(
                "players",
                format!(
                    "{} cards are placed, but the game holds {}",
                    slots.len(),
                    rules.num_cards()
                ),
            ));
        }
        let mut owner_of: Vec<Option<usize>> = vec![None; rules.num_cards()];
        let mut ids: Vec<Option<CardId>> = vec![None; slots.len()];
        for explicit in [true, false] {
            for (n, slot) in slots.iter().enumerate() {
                let (key, k) = parse_card_name(slot.name);
                if k.is_some() != explicit {
                    continue;
                }
                let copies = Placement::copies(rules, slot.seat, key, &slot.field)?;
                let card = match k {
                    Some(k) => *copies.get(k - 1).ok_or_else(|| {
                        Error::scenario(
                            &slot.field,
                            format!(
                                "{}'s deck holds {} `{}`: there is no `{}`",
                                slot.seat,
                                copies.len(),
                                clip(key),
                                clip(slot.name)
                            ),
                        )
                    })?,
                    None => copies
                        .iter()
                        .copied()
                        .find(|c| owner_of[c.index()].is_none())
                        .ok_or_else(|| {
                            Error::scenario(
                                &slot.field,
                                if copies.is_empty() {
                                    format!("{}'s deck holds no `{}`", slot.seat, clip(key))
                                } else {
                                    format!(
                                        "{}'s deck has no more `{}`: all {} copies are placed",
                                        slot.seat,
                                        clip(key),
                                        copies.len()
                                    )
                                },
                            )
                        })?,
                };
                if let Some(first) = owner_of[card.index()] {
                    return Err(Error::scenario(
                        &slot.field,
                        format!(
                            "`{}` is placed twice: also at `{}`",
                            clip(slot.name),
                            slots[first].field
                        ),
                    ));
                }
                owner_of[card.index()] = Some(n);
                ids[n] = Some(card);
            }
        }
        let mut placement = Placement {
            used: owner_of.iter().map(Option::is_some).collect(),
            majins: vec![Vec::new(); sc.majins.len()],
            zones: BTreeMap::new(),
        };
        for (slot, id) in slots.iter().zip(ids) {
            let Some(id) = id else { continue };
            match slot.place {
                Ok(k) => placement.majins[k].push(id),
                Err(zone) => placement
                    .zones
                    .entry((slot.seat.0, zone))
                    .or_default()
                    .push(id),
            }
        }
        Ok(placement)
    }
}

fn clip_long(text: &str) -> String {
    // serde's messages quote the input; keep them readable but bounded.
    const LIMIT: usize = 400;
    match text.char_indices().nth(LIMIT) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}
