//! The position editor: any position the rules can reach, described by card names, built
//! and checked. Rule tests, tutorials and puzzles use it, from Rust or as JSON (the format
//! of `docs/positions/creature-clash.md`).
//!
//! ```
//! use fuda_creature_clash::{Scenario, Seat};
//! let state = Scenario::new(4)
//!     .hand(Seat(1), &["rhino_f", "crocodile_m", "barracuda_b", "lion_f", "wolf_m", "eagle_b", "rabies_1"])
//!     .deck_top(&["kangaroo_b"])
//!     .active(Seat(1))
//!     .at_main()
//!     .build()?;
//! assert_eq!(state.hand(Seat(1)).len(), 7);
//! assert_eq!(state.card_id("rhino_f"), state.cards().find("rhino_f"));
//! # Ok::<_, fuda_creature_clash::Error>(())
//! ```

use crate::action::Creature;
use crate::cards::{CardClass, CardId, CardSet, Position};
use crate::config::{BerserkTiming, Config, DealerRule, EndOfTurnAdjust, TurnDrawBerserk};
use crate::error::Error;
use crate::rules::{berserk, setup};
use crate::state::{
    Battle, BattleResult, BerserkBattle, Chain, ChampionAreas, FewCards, Hand, Pending, Rules,
    RulesRef, State, Task, HAND_SIZE,
};
use fuda_core::{Forced, GameRng, Pile, Seat, SeatSet, Shared, TinyVec, MAX_FORCED};
use serde::{Deserialize, Serialize};

/// Where the cards a position does not place go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unplaced {
    /// Shuffled (from the seed) under the listed deck cards.
    #[default]
    DeckBottom,
    /// Onto the discard pile, after the listed discard cards, in card-set order.
    Discard,
    /// Out of the game (kept aside so every card is still accounted for).
    OutOfGame,
}

/// The attack under way: the attacker's creature in the play area and the opponents it
/// has beaten earlier this turn (every earlier battle of a turn was won, or the turn would
/// have ended).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The attacking creature: FRONT, MIDDLE, BACK.
    pub creature: [String; 3],
    /// Opponents beaten earlier this turn (forfeits included), in any order.
    #[serde(default)]
    pub beaten: Vec<Seat>,
}

/// Which procedure a BERSERK! interrupted, so the game knows how to go on after its battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BerserkDuring {
    /// The active player's turn draw (CC-4.2): a replacement draw or the end of the turn
    /// follows, as `berserk_on_turn_draw` says.
    TurnDraw,
    /// A refill that ends the turn afterwards: after a redraw, a lost or tied battle, a
    /// Champion or a RABIES death.
    Refill,
    /// The drawer's refill in the end-of-turn adjustment (CC-4.6); later seats adjust next.
    Adjustment,
    /// The beaten defender's refill in the middle of an attack (CC-6.6 step 4): the
    /// attacker fights with the creature in play and, if it stays in play, goes on.
    ChainRefill,
}

/// The decision a position starts at.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case", deny_unknown_fields)]
pub enum Start {
    /// Before the deal: a new game from the configuration and seed, with the forced
    /// outcomes (dealer pick, deal shuffle) applied. No zone may be given.
    Deal,
    /// The active player's turn start: `redraw` or `draw_for_turn` (CC-4.1).
    #[default]
    TurnStart,
    /// The main decision after the turn draw: `attack` or `discard` (CC-4.3).
    Main,
    /// The defender's response to the attack (CC-5.6); needs `attack`.
    Defend {
        /// The player attacked.
        defender: Seat,
        /// The RABIES card played for this battle, if any.
        #[serde(default)]
        rabies: Option<String>,
    },
    /// The battle winner's steal (CC-5.7, CC-5.8); needs `attack`.
    Steal {
        /// The player attacked in this battle.
        defender: Seat,
        /// The battle's outcome (`attacker_wins`, `forfeit`, `defender_wins`, `venom_tie`).
        result: BattleResult,
        /// The defending creature (none after a forfeit). After `defender_wins` it is back
        /// in the defender's hand, so it must be listed there.
        #[serde(default)]
        defence: Option<[String; 3]>,
        /// The RABIES card played for this battle, if any.
        #[serde(default)]
        rabies: Option<String>,
    },
    /// The attacker's next target after a won battle (CC-5.5); needs `attack`.
    NextTarget,
    /// A berserk participant's commitment (CC-5.11). Participants are the players whose
    /// hands can build a creature (and the attacker with a creature in play); those before
    /// the pending one have committed (`berserk_commits`).
    BerserkCommit {
        /// The BERSERK! card revealed.
        card: String,
        /// Who drew it.
        drawn_by: Seat,
        /// What the draw was part of.
        during: BerserkDuring,
    },
    /// Discarding down to 7 at the end-of-turn adjustment (CC-5.10).
    DiscardExcess {
        /// The player holding more than 7 cards.
        seat: Seat,
    },
}

/// One berserk commitment already made (secret until the reveal).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commit {
    /// The participant.
    pub seat: Seat,
    /// The creature committed, from that seat's hand: FRONT, MIDDLE, BACK.
    pub creature: [String; 3],
}

/// A random result fixed in advance, consumed by the rules' next draw of its kind, in the
/// order the rules draw (`fuda_core::Forced`, with cards named).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ForcedOutcome {
    /// The next uniform pick: the dealer (R2, a seat number) or the card of a random steal
    /// (R5, an index into the victim's hand in card-id order, which is card-set order).
    Pick(u32),
    /// The next shuffle (the deal R1, the BERSERK! reshuffle R3, a discard reshuffle R4)
    /// puts these cards on top, the first listed topmost (drawn or dealt first); the rest
    /// is shuffled beneath them.
    Shuffle(Vec<String>),
}

/// A position to start from: the configuration, every zone by card name and in order,
/// the attack under way, the decision awaited, counters and forced random outcomes.
///
/// Cards are named by their card-set key (`rhino_f`; `rhino_f#1` names the same, first
/// copy). A hand not given is dealt 7 random non-BERSERK! cards from the unplaced ones; the
/// remaining cards go where [`Scenario::unplaced`] says. [`Scenario::build`] refuses any
/// position the rules cannot reach with [`Error::Scenario`], naming the field.
///
/// Hand sizes are free: a puzzle may give a player fewer or more than 7 cards, and the
/// rules' next refill or adjustment deals with them as in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    config: Config,
    seed: u64,
    dealer: Option<Seat>,
    active: Option<Seat>,
    turns_completed: u32,
    berserks_this_turn: u8,
    hands: Vec<Option<Vec<String>>>,
    known_in_hand: Vec<Vec<String>>,
    deck: Vec<String>,
    discard: Vec<String>,
    champions: Vec<Vec<[String; 3]>>,
    out_of_game: Vec<String>,
    unplaced: Unplaced,
    attack: Option<Attack>,
    start: Start,
    berserk_commits: Vec<Commit>,
    forced: Vec<ForcedOutcome>,
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario::with_config(Config::default())
    }
}

fn names(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn seat_slot<T: Default + Clone>(list: &mut Vec<T>, seat: Seat) -> &mut T {
    if list.len() <= seat.index() {
        list.resize(seat.index() + 1, T::default());
    }
    &mut list[seat.index()]
}

impl Scenario {
    /// A position for `num_players` with the default configuration.
    pub fn new(num_players: u8) -> Scenario {
        Scenario::with_config(Config::for_players(num_players))
    }

    /// A position with this configuration, at the dealer's left's turn start.
    pub fn with_config(config: Config) -> Scenario {
        Scenario {
            config,
            seed: 0,
            dealer: None,
            active: None,
            turns_completed: 0,
            berserks_this_turn: 0,
            hands: Vec::new(),
            known_in_hand: Vec::new(),
            deck: Vec::new(),
            discard: Vec::new(),
            champions: Vec::new(),
            out_of_game: Vec::new(),
            unplaced: Unplaced::DeckBottom,
            attack: None,
            start: Start::TurnStart,
            berserk_commits: Vec::new(),
            forced: Vec::new(),
        }
    }

    /// Reads a position from its JSON form (`docs/positions/creature-clash.md`).
    ///
    /// # Errors
    /// [`Error::Scenario`] with the field `(json)` and serde's message (an unknown field, a
    /// malformed value).
    pub fn from_json(text: &str) -> Result<Scenario, Error> {
        serde_json::from_str(text).map_err(|e| Error::scenario("(json)", e.to_string()))
    }

    /// The position's JSON form.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Changes the configuration.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Scenario {
        f(&mut self.config);
        self
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The seed of the game's generator (random hands and unplaced cards at build time;
    /// then every shuffle and steal not forced).
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

    /// The active player, whose turn it is (default: the dealer's left).
    #[must_use]
    pub fn active(mut self, seat: Seat) -> Scenario {
        self.active = Some(seat);
        self
    }

    /// A player's hand (any order).
    #[must_use]
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        *seat_slot(&mut self.hands, seat) = Some(names(cards));
        self
    }

    /// Cards of `seat`'s hand that every player knows are there (CC-D1): a returned
    /// defending creature, a face-up card taken. They must be in the given hand.
    #[must_use]
    pub fn known_in_hand(mut self, seat: Seat, cards: &[&str]) -> Scenario {
        *seat_slot(&mut self.known_in_hand, seat) = names(cards);
        self
    }

    /// The top of the deck, top card first (drawn first).
    #[must_use]
    pub fn deck_top(mut self, cards: &[&str]) -> Scenario {
        self.deck = names(cards);
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
        seat_slot(&mut self.champions, seat).push(creature.map(str::to_string));
        self
    }

    /// Cards out of the game.
    #[must_use]
    pub fn out_of_game(mut self, cards: &[&str]) -> Scenario {
        self.out_of_game = names(cards);
        self
    }

    /// Where the cards placed nowhere else go.
    #[must_use]
    pub fn unplaced(mut self, unplaced: Unplaced) -> Scenario {
        self.unplaced = unplaced;
        self
    }

    /// Turns already completed (they count toward `turn_limit`).
    #[must_use]
    pub fn turns_completed(mut self, turns: u32) -> Scenario {
        self.turns_completed = turns;
        self
    }

    /// BERSERK! cards already resolved this turn (toward `berserk_battles_per_turn`).
    #[must_use]
    pub fn berserks_this_turn(mut self, count: u8) -> Scenario {
        self.berserks_this_turn = count;
        self
    }

    /// The attack under way: the attacker's creature in play and the opponents it has
    /// beaten earlier this turn. Needed by the battle and chain start points.
    #[must_use]
    pub fn attack(mut self, creature: [&str; 3], beaten: &[Seat]) -> Scenario {
        self.attack = Some(Attack {
            creature: creature.map(str::to_string),
            beaten: beaten.to_vec(),
        });
        self
    }

    /// Starts at this decision.
    #[must_use]
    pub fn at(mut self, start: Start) -> Scenario {
        self.start = start;
        self
    }

    /// Starts before the deal (see [`Start::Deal`]).
    #[must_use]
    pub fn at_deal(self) -> Scenario {
        self.at(Start::Deal)
    }

    /// Starts at the active player's turn start (the default).
    #[must_use]
    pub fn at_turn_start(self) -> Scenario {
        self.at(Start::TurnStart)
    }

    /// Starts at the main decision after the turn draw (the draw is in the hand given).
    #[must_use]
    pub fn at_main(self) -> Scenario {
        self.at(Start::Main)
    }

    /// Starts at `defender`'s response to the attack of [`Scenario::attack`], with an
    /// optional RABIES played for this battle.
    #[must_use]
    pub fn at_defend(self, defender: Seat, rabies: Option<&str>) -> Scenario {
        self.at(Start::Defend {
            defender,
            rabies: rabies.map(str::to_string),
        })
    }

    /// Starts at the steal after a battle against `defender` with this outcome.
    #[must_use]
    pub fn at_steal(
        self,
        defender: Seat,
        result: BattleResult,
        defence: Option<[&str; 3]>,
        rabies: Option<&str>,
    ) -> Scenario {
        self.at(Start::Steal {
            defender,
            result,
            defence: defence.map(|d| d.map(str::to_string)),
            rabies: rabies.map(str::to_string),
        })
    }

    /// Starts at the attacker's choice of the next target.
    #[must_use]
    pub fn at_next_target(self) -> Scenario {
        self.at(Start::NextTarget)
    }

    /// Starts at a berserk commitment: `card` was drawn by `drawn_by` during `during`.
    #[must_use]
    pub fn at_berserk_commit(self, card: &str, drawn_by: Seat, during: BerserkDuring) -> Scenario {
        self.at(Start::BerserkCommit {
            card: card.to_string(),
            drawn_by,
            during,
        })
    }

    /// A berserk commitment already made (in participant order, before the pending one).
    #[must_use]
    pub fn committed(mut self, seat: Seat, creature: [&str; 3]) -> Scenario {
        self.berserk_commits.push(Commit {
            seat,
            creature: creature.map(str::to_string),
        });
        self
    }

    /// Starts at `seat`'s discard down to 7 in the end-of-turn adjustment.
    #[must_use]
    pub fn at_discard_excess(self, seat: Seat) -> Scenario {
        self.at(Start::DiscardExcess { seat })
    }

    /// Forces the next uniform pick (the dealer, or the index of a random steal).
    #[must_use]
    pub fn force_pick(mut self, index: u32) -> Scenario {
        self.forced.push(ForcedOutcome::Pick(index));
        self
    }

    /// Forces the top of the next shuffle, the first card topmost.
    #[must_use]
    pub fn force_shuffle(mut self, top: &[&str]) -> Scenario {
        self.forced.push(ForcedOutcome::Shuffle(names(top)));
        self
    }

    /// Validates the position and builds the state, waiting for the start decision.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::CardSet`] for the configuration; [`Error::Scenario`],
    /// naming the field, for an unknown card, a card placed twice, a seat out of range, a
    /// BERSERK! in a hand, a Champion that is not FRONT+MIDDLE+BACK, a decision the rules
    /// cannot ask for in this position (a defence by a player who cannot build a creature,
    /// a battle outcome the powers contradict, ...) or a forced outcome that cannot fit.
    pub fn build(&self) -> Result<State, Error> {
        let mut config = self.config.clone();
        if let (Start::Deal, Some(dealer)) = (&self.start, self.dealer) {
            config.dealer = DealerRule::Fixed(dealer);
        }
        let rules = crate::rules::setup::shared_rules(&config)?;
        let forced = forced_outcomes(&rules.cards, &self.forced)?;
        if self.start == Start::Deal {
            return self.build_deal(rules, forced);
        }
        Builder::new(self, rules)?.build(forced)
    }

    /// [`Start::Deal`]: a new game, the forced outcomes in its generator.
    fn build_deal(&self, rules: Shared<Rules>, forced: Vec<Forced>) -> Result<State, Error> {
        let given = [
            ("hands", self.hands.iter().any(Option::is_some)),
            (
                "known_in_hand",
                self.known_in_hand.iter().any(|k| !k.is_empty()),
            ),
            ("deck", !self.deck.is_empty()),
            ("discard", !self.discard.is_empty()),
            ("champions", self.champions.iter().any(|c| !c.is_empty())),
            ("out_of_game", !self.out_of_game.is_empty()),
            ("attack", self.attack.is_some()),
            ("berserk_commits", !self.berserk_commits.is_empty()),
            ("active", self.active.is_some()),
            ("turns_completed", self.turns_completed != 0),
            ("berserks_this_turn", self.berserks_this_turn != 0),
            ("unplaced", self.unplaced != Unplaced::DeckBottom),
        ];
        if let Some((field, _)) = given.iter().find(|(_, set)| *set) {
            return Err(Error::scenario(
                *field,
                "a position at the deal places no cards and sets no counters: the deal does",
            ));
        }
        let mut rng = GameRng::from_seed(self.seed);
        queue(&mut rng, forced)?;
        let mut state = setup::deal(rules, rng);
        match state.rng.take_misfit() {
            Some(misfit) => Err(Error::scenario("forced", misfit.to_string())),
            None => Ok(state),
        }
    }
}

/// The forced outcomes with cards named by id.
fn forced_outcomes(cards: &CardSet, forced: &[ForcedOutcome]) -> Result<Vec<Forced>, Error> {
    if forced.len() > MAX_FORCED {
        return Err(Error::scenario(
            "forced",
            format!("{} forced outcomes; at most {MAX_FORCED}", forced.len()),
        ));
    }
    let mut out = Vec::with_capacity(forced.len());
    for (i, f) in forced.iter().enumerate() {
        let field = format!("forced[{i}]");
        out.push(match f {
            ForcedOutcome::Pick(k) => Forced::Pick(*k),
            ForcedOutcome::Shuffle(top) => {
                let mut keys = Vec::with_capacity(top.len());
                for name in top {
                    let card = cards
                        .resolve(name)
                        .map_err(|m| Error::scenario(&field, m))?;
                    let key = u32::from(card.0);
                    if keys.contains(&key) {
                        return Err(Error::scenario(
                            &field,
                            format!("card `{name}` is listed twice in one shuffle"),
                        ));
                    }
                    keys.push(key);
                }
                Forced::Shuffle(keys)
            }
        });
    }
    Ok(out)
}

fn queue(rng: &mut GameRng, forced: Vec<Forced>) -> Result<(), Error> {
    rng.force(forced)
        .map_err(|e| Error::scenario("forced", e.to_string()))
}

/// Places named cards, each at most once, remembering where.
struct Placer<'a> {
    cards: &'a CardSet,
    placed: Vec<Option<String>>,
}

impl Placer<'_> {
    fn take(&mut self, name: &str, field: &str) -> Result<CardId, Error> {
        let card = self
            .cards
            .resolve(name)
            .map_err(|m| Error::scenario(field, m))?;
        let slot = &mut self.placed[card.index()];
        if let Some(first) = slot {
            return Err(Error::scenario(
                field,
                format!("card `{name}` is placed twice (also in `{first}`)"),
            ));
        }
        *slot = Some(field.to_string());
        Ok(card)
    }

    fn creature(&mut self, parts: &[String; 3], field: &str) -> Result<Creature, Error> {
        let [f, m, b] = [
            self.take(&parts[0], field)?,
            self.take(&parts[1], field)?,
            self.take(&parts[2], field)?,
        ];
        let is = |c: CardId, p: Position| {
            self.cards.info(c).map(|i| i.class) == Some(CardClass::Part(p))
        };
        if is(f, Position::Front) && is(m, Position::Middle) && is(b, Position::Back) {
            Ok(Creature::new(f, m, b))
        } else {
            Err(Error::scenario(
                field,
                format!("{parts:?} is not a FRONT, a MIDDLE and a BACK part, in that order"),
            ))
        }
    }
}

/// A position on its way to a state.
struct Builder<'a> {
    sc: &'a Scenario,
    state: State,
}

impl<'a> Builder<'a> {
    /// Places every zone and counter; the start decision is set by [`Builder::build`].
    fn new(sc: &'a Scenario, rules: Shared<Rules>) -> Result<Builder<'a>, Error> {
        let n = rules.num_players;
        let seat_ok = |s: Seat, field: &str| -> Result<(), Error> {
            if s.index() < n {
                Ok(())
            } else {
                Err(Error::scenario(
                    field,
                    format!("{s} is not a seat of a {n}-player game"),
                ))
            }
        };
        for (field, len) in [
            ("hands", sc.hands.len()),
            ("known_in_hand", sc.known_in_hand.len()),
            ("champions", sc.champions.len()),
        ] {
            if len > n {
                return Err(Error::scenario(
                    field,
                    format!("{len} seats given; the game has {n} players"),
                ));
            }
        }
        let cards = rules.cards.clone();
        let mut placer = Placer {
            cards: &cards,
            placed: vec![None; cards.len()],
        };
        let mut hands: Vec<Option<Vec<CardId>>> = vec![None; n];
        for (i, h) in sc.hands.iter().enumerate() {
            let Some(h) = h else { continue };
            let field = format!("hands[{i}]");
            let mut held = Vec::with_capacity(h.len());
            for name in h {
                let c = placer.take(name, &field)?;
                if rules.class(c) == Some(CardClass::Berserk) {
                    return Err(Error::scenario(
                        &field,
                        format!("BERSERK! `{name}` can never be held in a hand"),
                    ));
                }
                held.push(c);
            }
            held.sort_unstable();
            hands[i] = Some(held);
        }
        let mut champions = vec![Vec::new(); n];
        for (i, list) in sc.champions.iter().enumerate() {
            let field = format!("champions[{i}]");
            for parts in list {
                champions[i].push(placer.creature(parts, &field)?);
            }
            if champions[i].len() >= usize::from(rules.champions_needed) {
                return Err(Error::scenario(
                    &field,
                    format!(
                        "P{i} holds {} Champions, enough to win: the game would be over",
                        champions[i].len()
                    ),
                ));
            }
        }
        let deck_top = sc
            .deck
            .iter()
            .map(|c| placer.take(c, "deck"))
            .collect::<Result<Vec<_>, _>>()?;
        let mut discard = sc
            .discard
            .iter()
            .map(|c| placer.take(c, "discard"))
            .collect::<Result<Vec<_>, _>>()?;
        let mut boxed = sc
            .out_of_game
            .iter()
            .map(|c| placer.take(c, "out_of_game"))
            .collect::<Result<Vec<_>, _>>()?;
        let chain = match &sc.attack {
            None => None,
            Some(a) => {
                let creature = placer.creature(&a.creature, "attack.creature")?;
                let mut beaten = SeatSet::EMPTY;
                for &s in &a.beaten {
                    seat_ok(s, "attack.beaten")?;
                    if beaten.contains(s) {
                        return Err(Error::scenario(
                            "attack.beaten",
                            format!("{s} is listed twice"),
                        ));
                    }
                    beaten.insert(s);
                }
                Some(Chain {
                    creature: Some(creature),
                    attacked: beaten,
                    wins: beaten.len() as u8,
                    rabies_used: false,
                    battle: None,
                })
            }
        };
        let (battle_cards, revealed) = start_cards(sc, &mut placer)?;

        let mut rng = GameRng::from_seed(sc.seed);
        let mut rest: Vec<CardId> = cards
            .ids()
            .filter(|c| placer.placed[c.index()].is_none())
            .collect();
        rng.shuffle(&mut rest);
        for hand in hands.iter_mut().filter(|h| h.is_none()) {
            let mut dealt = Vec::new();
            rest.retain(|&c| {
                let deal = dealt.len() < HAND_SIZE && rules.class(c) != Some(CardClass::Berserk);
                if deal {
                    dealt.push(c);
                }
                !deal
            });
            dealt.sort_unstable();
            *hand = Some(dealt);
        }
        let hands: Vec<Vec<CardId>> = hands.into_iter().map(Option::unwrap_or_default).collect();
        let mut known: Vec<CardId> = Vec::new();
        for (i, list) in sc.known_in_hand.iter().enumerate() {
            let field = format!("known_in_hand[{i}]");
            for name in list {
                let c = cards
                    .resolve(name)
                    .map_err(|m| Error::scenario(&field, m))?;
                if sc.hands.get(i).and_then(Option::as_ref).is_none() || !hands[i].contains(&c) {
                    return Err(Error::scenario(
                        &field,
                        format!("card `{name}` is not in the hand given for P{i}"),
                    ));
                }
                if known.contains(&c) {
                    return Err(Error::scenario(
                        &field,
                        format!("card `{name}` is listed twice"),
                    ));
                }
                known.push(c);
            }
        }
        known.sort_unstable();
        let mut deck = Pile::from_top_to_bottom(deck_top);
        match sc.unplaced {
            Unplaced::DeckBottom => {
                for c in rest {
                    deck.put_bottom(c);
                }
            }
            Unplaced::Discard => {
                rest.sort_unstable();
                discard.extend(rest);
            }
            Unplaced::OutOfGame => boxed.extend(rest),
        }
        let dealer = match (sc.dealer, rules.config.dealer) {
            (Some(d), _) | (None, DealerRule::Fixed(d)) => d,
            (None, DealerRule::Random) => Seat(0),
        };
        seat_ok(dealer, "dealer")?;
        let active = sc.active.unwrap_or(dealer.next(n));
        seat_ok(active, "active")?;
        if chain.as_ref().is_some_and(|c| c.attacked.contains(active)) {
            return Err(Error::scenario(
                "attack.beaten",
                "the attacker cannot have beaten themselves",
            ));
        }
        if sc.turns_completed >= rules.config.turn_limit {
            return Err(Error::scenario(
                "turns_completed",
                format!(
                    "{} turns completed reach the turn limit of {}: the game would be over",
                    sc.turns_completed, rules.config.turn_limit
                ),
            ));
        }
        if sc.berserks_this_turn > rules.config.berserk_battles_per_turn {
            return Err(Error::scenario(
                "berserks_this_turn",
                format!(
                    "{} is above `berserk_battles_per_turn` ({})",
                    sc.berserks_this_turn, rules.config.berserk_battles_per_turn
                ),
            ));
        }
        let mut chain = chain;
        if let (Some(chain), Some(battle)) = (chain.as_mut(), battle_cards) {
            chain.battle = Some(battle);
        }
        let state = State {
            rules: RulesRef(rules),
            rng,
            dealer,
            active,
            turn: sc.turns_completed,
            deck,
            discard: Pile::from_bottom_to_top(discard),
            hands: hands.into_iter().map(Hand::from_iter).collect(),
            known: TinyVec::from_iter(known),
            champions: ChampionAreas::from_lists(champions)
                .ok_or_else(|| Error::scenario("champions", "more lists than seats"))?,
            boxed: FewCards::from_iter(boxed),
            revealed: FewCards::from_iter(revealed),
            deferred: FewCards::new(),
            chain,
            berserk: None,
            tasks: TinyVec::new(),
            pending: Pending::GameOver,
            outcome: None,
            berserks_this_turn: sc.berserks_this_turn,
        };
        Ok(Builder { sc, state })
    }

    fn err(field: &str, message: impl Into<String>) -> Result<(), Error> {
        Err(Error::scenario(field, message))
    }

    fn seat(&self, s: Seat, field: &str) -> Result<(), Error> {
        let n = self.state.num_players();
        if s.index() < n {
            Ok(())
        } else {
            Builder::err(field, format!("{s} is not a seat of a {n}-player game"))
        }
    }

    fn can_build(&self, seat: Seat) -> bool {
        self.state.rules().can_make_creature(self.state.hand(seat))
    }

    /// The attack must (or must not) be under way at this start point.
    fn need_attack(&self, wanted: bool) -> Result<(), Error> {
        match (wanted, self.state.chain.is_some()) {
            (true, false) => Builder::err("attack", "this decision needs the attack under way"),
            (false, true) => Builder::err("attack", "no attack is under way at this decision"),
            _ => Ok(()),
        }
    }

    /// Sets the start decision (and the procedure steps beneath it), checks that the
    /// rules could ask for it, queues the forced outcomes.
    fn build(mut self, forced: Vec<Forced>) -> Result<State, Error> {
        let sc = self.sc;
        let active = self.state.active;
        let n = self.state.num_players();
        if !sc.berserk_commits.is_empty() && !matches!(sc.start, Start::BerserkCommit { .. }) {
            return Err(Error::scenario(
                "berserk_commits",
                "commitments belong to a position at `berserk_commit`",
            ));
        }
        let pending = match &sc.start {
            Start::Deal => unreachable_deal()?,
            Start::TurnStart => {
                self.need_attack(false)?;
                Pending::TurnStart { seat: active }
            }
            Start::Main => {
                self.need_attack(false)?;
                if self.state.hand(active).is_empty() {
                    Builder::err(
                        "hands",
                        format!(
                            "{active} holds no card: the turn would end without a main decision"
                        ),
                    )?;
                }
                Pending::Main { seat: active }
            }
            Start::Defend { defender, rabies } => {
                self.battle_start(*defender, rabies.is_some(), "start.defender")?;
                if !self.can_build(*defender) {
                    Builder::err(
                        "start.defender",
                        format!("{defender} cannot build a creature: the rules forfeit for them"),
                    )?;
                }
                Pending::Defend { seat: *defender }
            }
            Start::Steal {
                defender, result, ..
            } => self.steal_start(*defender, *result)?,
            Start::NextTarget => {
                self.need_attack(true)?;
                self.chain_goes_on("start")?;
                Pending::NextTarget { seat: active }
            }
            Start::BerserkCommit {
                drawn_by, during, ..
            } => self.berserk_start(*drawn_by, *during)?,
            Start::DiscardExcess { seat } => {
                self.need_attack(false)?;
                self.seat(*seat, "start.seat")?;
                let index = self.adjust_index(*seat, "start.seat")?;
                if self.state.hand(*seat).len() <= HAND_SIZE {
                    Builder::err(
                        "start.seat",
                        format!("{seat} holds no more than {HAND_SIZE} cards: nothing to discard"),
                    )?;
                }
                for k in 0..index {
                    let earlier = Seat(((active.index() + k) % n) as u8);
                    if self.state.hand(earlier).len() > HAND_SIZE {
                        Builder::err(
                            &format!("hands[{}]", earlier.index()),
                            format!("{earlier} adjusts before {seat} and still holds more than {HAND_SIZE}"),
                        )?;
                    }
                }
                self.state.tasks.push(Task::Adjust {
                    index: index as u8 + 1,
                });
                Pending::DiscardExcess { seat: *seat }
            }
        };
        self.state.pending = pending;
        queue(&mut self.state.rng, forced)?;
        self.check_first_pick()?;
        self.state.validate()?;
        Ok(self.state)
    }

    /// The position of `seat` in the end-of-turn adjustment order.
    fn adjust_index(&self, seat: Seat, field: &str) -> Result<usize, Error> {
        let n = self.state.num_players();
        let index = (seat.index() + n - self.state.active.index()) % n;
        if index > 0 && self.state.config().end_of_turn_adjust == EndOfTurnAdjust::ActiveOnly {
            Builder::err(
                field,
                format!("with `end_of_turn_adjust = active_only` only the active player adjusts, not {seat}"),
            )?;
        }
        Ok(index)
    }

    /// The chain can go on: someone is left to attack.
    fn chain_goes_on(&self, field: &str) -> Result<(), Error> {
        let n = self.state.num_players();
        let beaten = self.state.chain.as_ref().map_or(0, |c| c.attacked.len());
        if beaten == 0 {
            Builder::err(
                &format!("{field}.beaten"),
                "the attacker goes on only after beating an opponent",
            )?;
        }
        if beaten + 1 >= n {
            Builder::err(
                "attack.beaten",
                "every opponent is beaten: the creature would be a Champion",
            )?;
        }
        Ok(())
    }

    /// Checks a battle against `defender` can be under way and records it.
    fn battle_start(&mut self, defender: Seat, rabies: bool, field: &str) -> Result<(), Error> {
        self.need_attack(true)?;
        self.seat(defender, field)?;
        let active = self.state.active;
        let prior_win = self.state.config().rabies_requires_prior_win;
        let chain = self
            .state
            .chain
            .as_mut()
            .ok_or_else(|| Error::scenario("attack", ""))?;
        if defender == active {
            return Builder::err(field, "a player cannot attack themselves");
        }
        if chain.attacked.contains(defender) {
            return Builder::err(field, format!("{defender} was beaten already this turn"));
        }
        if rabies && chain.attacked.is_empty() && prior_win {
            return Builder::err(
                "start.rabies",
                "RABIES is played only after a won battle this turn (`rabies_requires_prior_win`)",
            );
        }
        chain.attacked.insert(defender);
        chain.rabies_used = rabies;
        if let Some(b) = chain.battle.as_mut() {
            b.defender = defender;
        }
        Ok(())
    }

    fn steal_start(&mut self, defender: Seat, result: BattleResult) -> Result<Pending, Error> {
        let rabies = self
            .state
            .chain
            .as_ref()
            .and_then(|c| c.battle.as_ref())
            .and_then(|b| b.rabies);
        self.battle_start(defender, rabies.is_some(), "start.defender")?;
        let active = self.state.active;
        let rules = self.state.rules.0.clone();
        let chain = self
            .state
            .chain
            .as_mut()
            .ok_or_else(|| Error::scenario("attack", ""))?;
        let creature = chain
            .creature
            .unwrap_or(Creature::new(CardId(0), CardId(0), CardId(0)));
        let factor = rabies
            .and_then(|r| rules.cards.info(r))
            .map_or(1, |i| u32::from(i.multiplier));
        let attack = rules.power(&creature) * factor;
        let Some(battle) = chain.battle.as_mut() else {
            return Err(Error::scenario("start", "no battle"));
        };
        let defence = battle.defence;
        battle.result = Some(result);
        let power = defence.map(|d| rules.power(&d));
        let fits = match (result, power) {
            (BattleResult::Forfeit, None) => Ok(()),
            (BattleResult::Forfeit, Some(_)) => Err("a forfeiting defender shows no creature"),
            (_, None) => Err("this outcome needs the defending creature (`start.defence`)"),
            (BattleResult::Tie, _) => Err("a tie has no steal: the battle resolves at once"),
            (BattleResult::AttackerWins, Some(p)) if attack > p => Ok(()),
            (BattleResult::AttackerWins, Some(_)) => {
                Err("the attack value does not beat the defending creature")
            }
            (BattleResult::DefenderWins, Some(p)) if attack < p => Ok(()),
            (BattleResult::DefenderWins, Some(_)) => {
                Err("the defending creature does not beat the attack value")
            }
            (BattleResult::VenomTie, Some(_)) => match defence {
                Some(d) if rules.is_venomous(&d) => Ok(()),
                _ => Err("a venom tie needs three VENOM parts"),
            },
        };
        if let Err(message) = fits {
            return Err(Error::scenario("start.result", message));
        }
        let pending = match result {
            BattleResult::AttackerWins | BattleResult::Forfeit => {
                chain.wins = chain.wins.saturating_add(1);
                Pending::Steal {
                    seat: active,
                    from: defender,
                    random: result == BattleResult::Forfeit,
                }
            }
            _ => Pending::Steal {
                seat: defender,
                from: active,
                random: false,
            },
        };
        if result == BattleResult::DefenderWins {
            // The winning defender's creature is back in hand (listed there), publicly
            // (CC-6.7, CC-D1).
            battle.defence = None;
            let d = defence.unwrap_or(creature);
            let known = &mut self.state.known;
            for c in d.cards() {
                if let Err(at) = known.binary_search(&c) {
                    known.insert(at, c);
                }
            }
        }
        if result == BattleResult::Forfeit {
            if self.can_build(defender) {
                Builder::err(
                    "start.result",
                    format!("{defender} can build a creature, so they must defend"),
                )?;
            }
            if self.state.hand(defender).is_empty() {
                Builder::err(
                    "start.result",
                    format!("{defender} holds no card: a forfeit without cards has no steal"),
                )?;
            }
        }
        Ok(pending)
    }

    fn berserk_start(&mut self, drawn_by: Seat, during: BerserkDuring) -> Result<Pending, Error> {
        self.seat(drawn_by, "start.drawn_by")?;
        let active = self.state.active;
        let config = self.state.config().clone();
        let field = "start.during";
        let refilling = |b: &Builder| -> Result<(), Error> {
            if b.state.hand(drawn_by).len() >= HAND_SIZE {
                Builder::err(
                    "start.drawn_by",
                    format!("{drawn_by} holds {HAND_SIZE} cards: a refill would not draw"),
                )?;
            }
            Ok(())
        };
        let beneath = match during {
            BerserkDuring::TurnDraw => {
                self.need_attack(false)?;
                if drawn_by != active {
                    Builder::err(
                        "start.drawn_by",
                        "only the active player makes the turn draw",
                    )?;
                }
                vec![match config.berserk_on_turn_draw {
                    TurnDrawBerserk::ReplacementDraw => Task::TurnDraw,
                    TurnDrawBerserk::EndTurn => Task::EndAttack,
                }]
            }
            BerserkDuring::Refill => {
                self.need_attack(false)?;
                refilling(self)?;
                vec![Task::EndAttack, Task::Refill { seat: drawn_by }]
            }
            BerserkDuring::Adjustment => {
                self.need_attack(false)?;
                refilling(self)?;
                let index = self.adjust_index(drawn_by, "start.drawn_by")?;
                vec![
                    Task::Adjust {
                        index: index as u8 + 1,
                    },
                    Task::Refill { seat: drawn_by },
                ]
            }
            BerserkDuring::ChainRefill => {
                self.need_attack(true)?;
                self.chain_goes_on("attack")?;
                refilling(self)?;
                if !self
                    .state
                    .chain
                    .as_ref()
                    .is_some_and(|c| c.attacked.contains(drawn_by))
                {
                    Builder::err(
                        "start.drawn_by",
                        format!("{drawn_by} refills mid-attack only as a beaten defender (`attack.beaten`)"),
                    )?;
                }
                if config.berserk_timing == BerserkTiming::DeferUntilAttackEnds {
                    Builder::err(
                        field,
                        "with `berserk_timing = defer_until_attack_ends` a BERSERK! drawn during an attack waits for its end",
                    )?;
                }
                vec![Task::ChainContinue, Task::Refill { seat: drawn_by }]
            }
        };
        self.state.tasks = TinyVec::from_iter(beneath);
        self.state.berserks_this_turn = self.state.berserks_this_turn.max(1);
        let Some(&card) = self.state.revealed.first() else {
            return Err(Error::scenario("start.card", "no BERSERK! card"));
        };
        let (participants, attacker_entry) = berserk::participants(&self.state);
        let min = usize::from(config.berserk_min_participants);
        if participants.len() < min {
            Builder::err(
                "hands",
                format!(
                    "{} player(s) can take part and `berserk_min_participants` is {min}: the battle is skipped",
                    participants.len()
                ),
            )?;
        }
        let committers: Vec<Seat> = participants
            .iter()
            .copied()
            .filter(|&p| Some(p) != attacker_entry)
            .collect();
        let mut commits = TinyVec::new();
        {
            let cards = self.state.cards().clone();
            for (i, c) in self.sc.berserk_commits.iter().enumerate() {
                let field = format!("berserk_commits[{i}]");
                if committers.get(i) != Some(&c.seat) {
                    Builder::err(
                        &field,
                        format!(
                            "{} is not the next participant to commit (participants commit clockwise from the active player: {committers:?})",
                            c.seat
                        ),
                    )?;
                }
                let mut ids = [CardId(0); 3];
                for (k, name) in c.creature.iter().enumerate() {
                    ids[k] = cards
                        .resolve(name)
                        .map_err(|m| Error::scenario(&field, m))?;
                    if !self.state.hand(c.seat).contains(&ids[k]) {
                        Builder::err(&field, format!("card `{name}` is not in {}'s hand", c.seat))?;
                    }
                }
                let creature = Creature::new(ids[0], ids[1], ids[2]);
                let rules = self.state.rules();
                let ok = rules.is_part(ids[0], Position::Front)
                    && rules.is_part(ids[1], Position::Middle)
                    && rules.is_part(ids[2], Position::Back);
                if !ok {
                    Builder::err(
                        &field,
                        "not a FRONT, a MIDDLE and a BACK part, in that order",
                    )?;
                }
                commits.push((c.seat, creature));
            }
        }
        let Some(&next) = committers.get(commits.len()) else {
            return Err(Error::scenario(
                "berserk_commits",
                "every participant has committed: the reveal follows without a decision",
            ));
        };
        self.state.berserk = Some(BerserkBattle {
            card,
            participants,
            attacker_entry,
            commits,
        });
        Ok(Pending::BerserkCommit { seat: next })
    }

    /// A forced pick met at once (by a random steal of the start decision) must fit it.
    fn check_first_pick(&self) -> Result<(), Error> {
        if let Pending::Steal {
            random: true, from, ..
        } = self.state.pending
        {
            let first_pick = self
                .state
                .rng
                .forced()
                .position(|f| matches!(f, Forced::Pick(_)));
            if let Some(i) = first_pick {
                if let Some(Forced::Pick(k)) = self.state.rng.forced().nth(i) {
                    let held = self.state.hand(from).len();
                    if *k as usize >= held {
                        Builder::err(
                            &format!("forced[{i}]"),
                            format!("the random steal picks among {held} cards; {k} does not fit"),
                        )?;
                    }
                }
            }
        }
        Ok(())
    }
}

fn unreachable_deal() -> Result<Pending, Error> {
    Err(Error::scenario(
        "start",
        "a position at the deal is built by the deal",
    ))
}

/// The cards the start decision places: the battle's RABIES and defending creature, the
/// revealed BERSERK!.
fn start_cards(sc: &Scenario, placer: &mut Placer) -> Result<(Option<Battle>, Vec<CardId>), Error> {
    let rabies_card =
        |placer: &mut Placer, name: &Option<String>| -> Result<Option<CardId>, Error> {
            let Some(name) = name else { return Ok(None) };
            let c = placer.take(name, "start.rabies")?;
            if placer.cards.info(c).map(|i| i.class) != Some(CardClass::Rabies) {
                return Err(Error::scenario(
                    "start.rabies",
                    format!("card `{name}` is not a RABIES"),
                ));
            }
            Ok(Some(c))
        };
    let battle = |defender: Seat, rabies, defence| Battle {
        defender,
        rabies,
        defence,
        result: None,
    };
    Ok(match &sc.start {
        Start::Defend { defender, rabies } => {
            let r = rabies_card(placer, rabies)?;
            (Some(battle(*defender, r, None)), Vec::new())
        }
        Start::Steal {
            defender,
            rabies,
            defence,
            result,
        } => {
            let r = rabies_card(placer, rabies)?;
            let d = match defence {
                // A winning defender's creature is in the hand given, not in play.
                Some(parts) if *result == BattleResult::DefenderWins => {
                    let mut ids = [CardId(0); 3];
                    for (k, name) in parts.iter().enumerate() {
                        ids[k] = placer
                            .cards
                            .resolve(name)
                            .map_err(|m| Error::scenario("start.defence", m))?;
                        if placer.placed[ids[k].index()].as_deref()
                            != Some(format!("hands[{}]", defender.index()).as_str())
                        {
                            return Err(Error::scenario(
                                "start.defence",
                                format!("a winning defender's creature is back in their hand: list `{name}` in hands[{}]", defender.index()),
                            ));
                        }
                    }
                    let c = Creature::new(ids[0], ids[1], ids[2]);
                    let is = |c: CardId, p: Position| {
                        placer.cards.info(c).map(|i| i.class) == Some(CardClass::Part(p))
                    };
                    if !(is(ids[0], Position::Front)
                        && is(ids[1], Position::Middle)
                        && is(ids[2], Position::Back))
                    {
                        return Err(Error::scenario(
                            "start.defence",
                            "not a FRONT, a MIDDLE and a BACK part, in that order",
                        ));
                    }
                    Some(c)
                }
                Some(parts) => Some(placer.creature(parts, "start.defence")?),
                None => None,
            };
            (Some(battle(*defender, r, d)), Vec::new())
        }
        Start::BerserkCommit { card, .. } => {
            let c = placer.take(card, "start.card")?;
            if placer.cards.info(c).map(|i| i.class) != Some(CardClass::Berserk) {
                return Err(Error::scenario(
                    "start.card",
                    format!("card `{card}` is not a BERSERK!"),
                ));
            }
            (None, vec![c])
        }
        _ => (None, Vec::new()),
    })
}
