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

mod build;
mod names;

use crate::cards::{CardId, CardType, DefId, Op};
use crate::config::{CombatWindow, Config, FirstPlayer, MpMode};
use crate::error::{clip, Error};
use crate::rules::combat::{attackers, battle_broken, blockers, has_usable_combat};
use crate::rules::effects::{can_act_op, candidates};
use crate::rules::turn::{advance_candidates, is_first_turn, may_be_ura};
use crate::rules::{run, setup};
use crate::state::{
    other, parse_card_name, Attack, BonusKind, Majin, MajinId, Pending, Rules, State, Step, Task,
    Window, Zone,
};
use crate::zones::{Place, Zones};
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
}

fn clip_long(text: &str) -> String {
    // serde's messages quote the input; keep them readable but bounded.
    const LIMIT: usize = 400;
    match text.char_indices().nth(LIMIT) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}
