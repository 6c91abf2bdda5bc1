//! The game state, its serialized form and the checks that make a loaded state safe.

use crate::action::Creature;
use crate::cards::{CardClass, CardId, CardSet, Position};
use crate::config::{Config, MAX_BERSERK_BATTLES_PER_TURN, MAX_TURN_LIMIT};
use crate::error::Error;
use fuda_core::{GameRng, Outcome, Pile, Seat, SeatLists, SeatSet, Shared, SmallVec, TinyVec};
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// The hand size every refill aims at (CC-3.4).
pub const HAND_SIZE: usize = 7;

/// The most procedure steps a loaded state may hold. In play the stack stays far below:
/// each resolved BERSERK! adds at most one refill per seat, and a turn resolves at most
/// `MAX_BERSERK_BATTLES_PER_TURN` of them.
const MAX_TASKS: usize = 4096;

// Inline capacities (issue 14): a state holds its zones inline, so a clone is one copy of
// the struct and play never touches the heap with the sample card set and the default
// configurations. Each bound below comes from the rules; a custom card set or variant that
// exceeds one spills that zone to the heap and stays correct, only slower.

/// The most seats a game has (CC-3.1): the per-seat zones (hands, champion areas) are
/// inline arrays of this many.
pub const MAX_PLAYERS: usize = 6;

/// Inline cards per hand. A hand holds 7 after a refill (CC-3.4); in play the most it
/// reaches under the default adjustment is the attacker's 7 + 1 (turn draw) − 3 (the
/// creature) + 5 (one steal per opponent at 6 players, CC-T26) = 10, a winning defender 8
/// (CC-T7). 12 costs no more than 10 (u16 cards, the inline buffer rounds up to 8 bytes).
/// `end_of_turn_adjust = ActiveOnly` lets other hands grow past it: they spill.
pub const HAND_CAPACITY: usize = 12;

/// The most cards a loaded or built hand may hold. The rules keep hands far smaller (10 by
/// the count above, more where `ActiveOnly` lets a defender's hand grow between its own
/// turns; random games never passed 11), but a hand's creatures are every FRONT × MIDDLE × BACK it
/// holds: a position with a hand of 1,000 parts from a custom set would offer hundreds of
/// millions of attacks. At 64 the longest list is about 350,000 actions (16 of each part
/// and 16 RABIES against 5 opponents).
pub const MAX_HAND: usize = 64;

/// Inline Champions of all players together: the game ends the moment a player holds
/// `champions_to_win` (CC-7.1), at most 5 by default (CC-3.9), so 6 players hold at most
/// 6 × 4 + 1 = 25. A higher custom threshold may spill.
pub const CHAMPIONS_CAPACITY: usize = 30;

/// Inline cards known to be in hands (CC-D1). They are cards of the hands: 7 per hand at
/// every turn boundary (CC-4.6), 42 at 6 players, plus the few held above 7 mid-turn.
pub const KNOWN_CAPACITY: usize = 48;

/// Inline cards of the deck and of the discard pile: either can hold nearly the whole
/// set after a reshuffle, and the sample set has 102 cards (spec §12c). Larger custom sets
/// spill.
pub const PILE_CAPACITY: usize = 102;

/// Inline revealed (and deferred) BERSERK! cards: the sample set has 3 (spec §12c); the
/// inline array of 8 two-byte cards and its length fit in the 24 bytes of the heap arm's `Vec`.
/// The cards out of the game (scenarios only) use the same small buffer.
pub const BERSERK_CAPACITY: usize = 8;

/// Inline procedure steps. A turn keeps at most 4 steps of its own pending (the end of the
/// attack or the turn draw, the adjustment, a refill, the commit step); each BERSERK!
/// battle fought inside a refill adds the resumed refill and one refill per seat, 7 at 6
/// players. Battles nest only while each is being fought, one per BERSERK! card, so the
/// sample set's 3 (spec §12c) bound the stack at 4 + 3 × 7 = 25 ≤ 28 (random play stays
/// below 20). A custom set with more BERSERK! cards may spill past 28 (up to 4 + 8 × 7 = 60
/// under the default `berserk_battles_per_turn`). Every inline step is copied by each
/// clone: 64 of them made the state 1,504 bytes and a clone 751 instructions, 28 make it
/// 1,360 and 709.
pub const TASKS_CAPACITY: usize = 28;

/// A hand, in card-id order.
pub(crate) type Hand = TinyVec<[CardId; HAND_CAPACITY]>;
/// Every player's champion area, in one inline block (a clone copies it whole, where a
/// list per seat is cloned seat by seat; champions are made rarely, so the shifts an
/// insertion makes cost nothing that counts).
pub(crate) type ChampionAreas = SeatLists<Creature, CHAMPIONS_CAPACITY>;
/// A short list of cards (revealed BERSERK! cards, boxed cards).
pub(crate) type FewCards = TinyVec<[CardId; BERSERK_CAPACITY]>;
/// The deck or the discard pile.
pub(crate) type CardPile = Pile<CardId, PILE_CAPACITY>;

/// The rules of one game: configuration and card set, shared by every state of the game.
#[derive(Debug)]
pub(crate) struct Rules {
    pub config: Config,
    pub cards: CardSet,
    pub num_players: usize,
    pub champions_needed: u8,
}

/// A shared handle to the rules; states of one game point to the same rules.
#[derive(Clone)]
pub(crate) struct RulesRef(pub Shared<Rules>);

impl std::fmt::Debug for RulesRef {
    // The configuration only: the card set would drown every state dump.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut c = self.0.config.clone();
        if matches!(c.card_set, crate::cards::CardSetChoice::Custom(_)) {
            c.card_set = crate::cards::CardSetChoice::Sample;
            f.write_str("(custom card set) ")?;
        }
        write!(f, "{c:?}")
    }
}

impl PartialEq for RulesRef {
    fn eq(&self, other: &Self) -> bool {
        Shared::ptr_eq(&self.0, &other.0) || self.0.config == other.0.config
    }
}
impl Eq for RulesRef {}
impl Hash for RulesRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.num_players.hash(state);
        self.0.champions_needed.hash(state);
    }
}

impl Rules {
    /// Validates a configuration and builds the rules.
    pub fn new(config: &Config) -> Result<Rules, Error> {
        let n = config.num_players;
        if !(2..=6).contains(&n) {
            return Err(Error::config(
                "num_players",
                format!("{n} players; Creature Clash! seats 2 to 6"),
            ));
        }
        if let Some(c) = config.champions_to_win {
            if c == 0 || c > 30 {
                return Err(Error::config(
                    "champions_to_win",
                    format!("{c} is out of range 1..=30"),
                ));
            }
        }
        if let crate::config::DealerRule::Fixed(seat) = config.dealer {
            if seat.index() >= usize::from(n) {
                return Err(Error::config(
                    "dealer",
                    format!("{seat} is not a seat of a {n}-player game"),
                ));
            }
        }
        if !(1..=2).contains(&config.berserk_min_participants) {
            return Err(Error::config(
                "berserk_min_participants",
                format!("{} must be 1 or 2", config.berserk_min_participants),
            ));
        }
        if !(1..=MAX_TURN_LIMIT).contains(&config.turn_limit) {
            return Err(Error::config(
                "turn_limit",
                format!("{} is out of range 1..={MAX_TURN_LIMIT}", config.turn_limit),
            ));
        }
        if !(1..=MAX_BERSERK_BATTLES_PER_TURN).contains(&config.berserk_battles_per_turn) {
            return Err(Error::config(
                "berserk_battles_per_turn",
                format!(
                    "{} is out of range 1..={MAX_BERSERK_BATTLES_PER_TURN}",
                    config.berserk_battles_per_turn
                ),
            ));
        }
        let cards = config.card_set.resolve();
        let dealable = cards
            .ids()
            .filter(|c| {
                cards
                    .info(*c)
                    .is_some_and(|i| i.class != CardClass::Berserk)
            })
            .count();
        if dealable < HAND_SIZE * usize::from(n) {
            return Err(Error::config(
                "card_set",
                format!(
                    "the set has {dealable} cards besides BERSERK!; {n} players need at least {}",
                    HAND_SIZE * usize::from(n)
                ),
            ));
        }
        Ok(Rules {
            config: config.clone(),
            num_players: usize::from(n),
            champions_needed: config.champions_needed(),
            cards,
        })
    }

    pub fn class(&self, card: CardId) -> Option<CardClass> {
        self.cards.info(card).map(|i| i.class)
    }

    pub fn is_part(&self, card: CardId, pos: Position) -> bool {
        self.class(card) == Some(CardClass::Part(pos))
    }

    pub fn power_of(&self, card: CardId) -> u32 {
        self.cards.info(card).map_or(0, |i| u32::from(i.power))
    }

    /// CC-6.1: the plain sum of the three parts.
    pub fn power(&self, c: &Creature) -> u32 {
        c.cards().iter().map(|&x| self.power_of(x)).sum()
    }

    /// CC-6.2: all three parts carry VENOM.
    pub fn is_venomous(&self, c: &Creature) -> bool {
        c.cards()
            .iter()
            .all(|&x| self.cards.info(x).is_some_and(|i| i.venom))
    }

    /// CC-4.0a: the cards hold a FRONT, a MIDDLE and a BACK part.
    pub fn can_make_creature(&self, cards: &[CardId]) -> bool {
        let mut have = [false; 3];
        for &c in cards {
            if let Some(CardClass::Part(p)) = self.class(c) {
                have[p as usize] = true;
            }
        }
        have == [true; 3]
    }
}

/// The outcome of one battle (CC-6.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleResult {
    /// The attacker's value was higher.
    AttackerWins,
    /// The defender could not build a creature: the attacker wins.
    Forfeit,
    /// The defender's value was higher.
    DefenderWins,
    /// Equal values.
    Tie,
    /// The defender invoked VENOM.
    VenomTie,
}

/// The battle being fought (CC-6.4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battle {
    /// The defender.
    pub defender: Seat,
    /// The RABIES card played for this battle.
    pub rabies: Option<CardId>,
    /// The defending creature, once revealed (in the play area).
    pub defence: Option<Creature>,
    /// The outcome, once known.
    pub result: Option<BattleResult>,
}

/// The attack chain of the turn (CC-6.3).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// The attacker's creature while it is in the play area.
    pub creature: Option<Creature>,
    /// Opponents attacked this turn.
    pub attacked: SeatSet,
    /// Battles won (forfeits included) this turn.
    pub wins: u8,
    /// A RABIES was played this turn.
    pub rabies_used: bool,
    /// The battle in progress.
    pub battle: Option<Battle>,
}

/// A berserk battle at its commit step (CC-6.13 step 4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BerserkBattle {
    /// The BERSERK! card.
    pub card: CardId,
    /// Participants, clockwise from the active player (at most one per seat, inline).
    pub participants: TinyVec<[Seat; MAX_PLAYERS]>,
    /// The attacker fighting with its creature in play (it commits nothing).
    pub attacker_entry: Option<Seat>,
    /// Secret commitments so far (the cards stay in hand until the reveal; at most one per
    /// seat, inline).
    pub commits: TinyVec<[(Seat, Creature); MAX_PLAYERS]>,
}

/// The decision the game waits for, and whose it is. Public (spec §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case", deny_unknown_fields)]
pub enum Pending {
    /// CC-4.1: `Redraw` or `DrawForTurn`.
    TurnStart {
        /// The active player.
        seat: Seat,
    },
    /// CC-4.3: `Attack` or `Discard`.
    Main {
        /// The active player.
        seat: Seat,
    },
    /// CC-5.6: `Defend` (a defender who cannot build forfeits automatically).
    Defend {
        /// The defender.
        seat: Seat,
    },
    /// CC-5.7–5.9: steal from `from` or decline.
    Steal {
        /// The battle winner.
        seat: Seat,
        /// Whose creature (or hand) the card comes from.
        from: Seat,
        /// After a forfeit: a random card from the hand.
        random: bool,
    },
    /// CC-5.5: the attacker must attack the next opponent.
    NextTarget {
        /// The attacker.
        seat: Seat,
    },
    /// CC-5.10: discard down to 7.
    DiscardExcess {
        /// The player holding more than 7.
        seat: Seat,
    },
    /// CC-5.11: commit a creature to the berserk battle.
    BerserkCommit {
        /// The participant.
        seat: Seat,
    },
    /// The game is over.
    GameOver,
}

impl Pending {
    /// The seat that must decide (none once the game is over).
    pub fn seat(self) -> Option<Seat> {
        match self {
            Pending::TurnStart { seat }
            | Pending::Main { seat }
            | Pending::Defend { seat }
            | Pending::Steal { seat, .. }
            | Pending::NextTarget { seat }
            | Pending::DiscardExcess { seat }
            | Pending::BerserkCommit { seat } => Some(seat),
            Pending::GameOver => None,
        }
    }
}

/// A step of a rules procedure still to run. Procedures that can be interrupted (a refill
/// interrupted by a BERSERK! battle that needs players' decisions) are kept as a stack of
/// steps in the state, so the game can stop for a decision anywhere and resume.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Task {
    /// Ask the active player for the turn-start decision.
    #[default]
    BeginTurn,
    /// CC-4.2 turn draw.
    TurnDraw,
    /// CC-4.0c refill a hand to 7.
    Refill { seat: Seat },
    /// CC-6.13 a revealed BERSERK! starts a berserk battle.
    Berserk { card: CardId },
    /// CC-6.13 step 4: ask the next participant to commit, or reveal.
    BerserkCommitNext,
    /// CC-6.6 step 4: continue the chain if the creature is still in play.
    ChainContinue,
    /// CC-4.5: the attack sequence (if any) is over; deferred BERSERK!s, then adjustment.
    EndAttack,
    /// CC-4.6: end-of-turn adjustment of the k-th player clockwise from the active one.
    Adjust { index: u8 },
    /// CC-4.7: pass the turn.
    NextTurn,
}

/// The full state of a game, hidden information included. Cheap to clone; the rules are
/// shared. Its JSON form is checked on load ([`State`] implements `Deserialize` through
/// validation), so a tampered file gives [`Error::InvalidState`].
///
/// Every zone is held inline (see the capacities above). Hands are an inline array of up
/// to `MAX_PLAYERS` (6) inline lists rather than one block with offsets ([`SeatLists`], as
/// the champion areas are), so that a card moving into one hand never shifts the others:
/// measured, one block made clones about 20% faster but random playouts 7–13% slower. The
/// derived clone copies the struct and allocates nothing unless a custom set or variant
/// spilled a zone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "StateData", try_from = "StateData")]
pub struct State {
    pub(crate) rules: RulesRef,
    pub(crate) rng: GameRng,
    pub(crate) dealer: Seat,
    pub(crate) active: Seat,
    pub(crate) turn: u32,
    pub(crate) deck: CardPile,
    pub(crate) discard: CardPile,
    /// Hands, each kept in card-id order (hand order carries no information).
    pub(crate) hands: SmallVec<[Hand; MAX_PLAYERS]>,
    /// The cards in hands that every player saw go there (CC-D1), in card-id order; the
    /// hand holding each says whose. One flat list: membership tests need no seat.
    pub(crate) known: TinyVec<[CardId; KNOWN_CAPACITY]>,
    pub(crate) champions: ChampionAreas,
    /// Cards out of the game (only scenarios put cards here).
    pub(crate) boxed: FewCards,
    /// Revealed BERSERK! cards not yet discarded.
    pub(crate) revealed: FewCards,
    /// Revealed BERSERK! cards waiting for the attack to end.
    pub(crate) deferred: FewCards,
    pub(crate) chain: Option<Chain>,
    pub(crate) berserk: Option<BerserkBattle>,
    pub(crate) tasks: TinyVec<[Task; TASKS_CAPACITY]>,
    pub(crate) pending: Pending,
    pub(crate) outcome: Option<Outcome>,
    /// BERSERK! cards resolved this turn (CC-D2).
    pub(crate) berserks_this_turn: u8,
}

/// The serialized form of [`State`]: the same data with the configuration in place of the
/// shared rules.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StateData {
    config: Config,
    rng: GameRng,
    dealer: Seat,
    active: Seat,
    turn: u32,
    deck: Vec<CardId>,
    discard: Vec<CardId>,
    hands: Vec<Vec<CardId>>,
    #[serde(default)]
    known_in_hand: Vec<Vec<CardId>>,
    champions: Vec<Vec<Creature>>,
    #[serde(default)]
    boxed: Vec<CardId>,
    #[serde(default)]
    revealed: Vec<CardId>,
    #[serde(default)]
    deferred: Vec<CardId>,
    chain: Option<Chain>,
    berserk: Option<BerserkBattle>,
    tasks: Vec<Task>,
    pending: Pending,
    outcome: Option<Outcome>,
    #[serde(default)]
    berserks_this_turn: u8,
}

impl From<State> for StateData {
    fn from(s: State) -> StateData {
        let known_in_hand = (0..s.hands.len())
            .map(|i| s.known_in_hand(Seat(i as u8)))
            .collect();
        StateData {
            config: s.rules.0.config.clone(),
            rng: s.rng,
            dealer: s.dealer,
            active: s.active,
            turn: s.turn,
            deck: s.deck.as_slice().to_vec(),
            discard: s.discard.as_slice().to_vec(),
            hands: s.hands.iter().map(|h| h.to_vec()).collect(),
            known_in_hand,
            champions: s.champions.iter().map(|c| c.to_vec()).collect(),
            boxed: s.boxed.to_vec(),
            revealed: s.revealed.to_vec(),
            deferred: s.deferred.to_vec(),
            chain: s.chain,
            berserk: s.berserk,
            tasks: s.tasks.to_vec(),
            pending: s.pending,
            outcome: s.outcome,
            berserks_this_turn: s.berserks_this_turn,
        }
    }
}

impl TryFrom<StateData> for State {
    type Error = Error;
    fn try_from(d: StateData) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&d.config)?;
        let mut hands: SmallVec<[Hand; MAX_PLAYERS]> =
            d.hands.into_iter().map(Hand::from_iter).collect();
        for h in &mut hands {
            h.sort_unstable();
        }
        let n = rules.num_players;
        if hands.len() != n || d.champions.len() != n || d.known_in_hand.len() > n {
            return Err(Error::state(format!(
                "expected {n} hands, {n} champion areas and at most {n} lists of known cards in hand"
            )));
        }
        // States saved before CC-D1 have no list: nothing is known.
        for (i, list) in d.known_in_hand.iter().enumerate() {
            if let Some(c) = list.iter().find(|c| !hands[i].contains(c)) {
                return Err(Error::state(format!(
                    "card {c} is known to be in P{i}'s hand but is not there"
                )));
            }
        }
        let mut known: TinyVec<[CardId; KNOWN_CAPACITY]> =
            d.known_in_hand.into_iter().flatten().collect();
        known.sort_unstable();
        let state = State {
            rules: RulesRef(rules),
            rng: d.rng,
            dealer: d.dealer,
            active: d.active,
            turn: d.turn,
            deck: Pile::from_bottom_to_top(d.deck),
            discard: Pile::from_bottom_to_top(d.discard),
            hands,
            known,
            champions: ChampionAreas::from_lists(d.champions)
                .ok_or_else(|| Error::state("more champion areas than seats"))?,
            boxed: FewCards::from_iter(d.boxed),
            revealed: FewCards::from_iter(d.revealed),
            deferred: FewCards::from_iter(d.deferred),
            chain: d.chain,
            berserk: d.berserk,
            tasks: TinyVec::from_iter(d.tasks),
            pending: d.pending,
            outcome: d.outcome,
            berserks_this_turn: d.berserks_this_turn,
        };
        state.validate()?;
        Ok(state)
    }
}

impl State {
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules.0
    }

    /// The card a position named `name` (`rhino_f`, or `rhino_f#1` for its first copy;
    /// see [`CardSet::card_id`]): the names-back answer of the position editor.
    pub fn card_id(&self, name: &str) -> Option<CardId> {
        self.cards().card_id(name)
    }

    /// The configuration of this game.
    pub fn config(&self) -> &Config {
        &self.rules.0.config
    }

    /// The card set of this game.
    pub fn cards(&self) -> &CardSet {
        &self.rules.0.cards
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.rules.0.num_players
    }

    /// The active player (whose turn it is).
    pub fn active(&self) -> Seat {
        self.active
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Turns completed so far.
    pub fn turns_completed(&self) -> u32 {
        self.turn
    }

    /// The decision the game waits for.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// A player's hand, in card-id order (hidden information: use views for front ends).
    pub fn hand(&self, seat: Seat) -> &[CardId] {
        self.hands.get(seat.index()).map_or(&[], |h| h.as_slice())
    }

    /// The cards of `seat`'s hand that every player saw go there and that have not left
    /// it since (CC-D1): a winning defender's returned creature, a face-up card taken after
    /// a battle. In card-id order; public.
    pub fn known_in_hand(&self, seat: Seat) -> Vec<CardId> {
        let hand = self.hand(seat);
        self.known
            .iter()
            .copied()
            .filter(|c| hand.binary_search(c).is_ok())
            .collect()
    }

    /// The deck, bottom first (hidden information).
    pub fn deck(&self) -> &[CardId] {
        self.deck.as_slice()
    }

    /// The discard pile, bottom first.
    pub fn discard(&self) -> &[CardId] {
        self.discard.as_slice()
    }

    /// A player's Champions.
    pub fn champions(&self, seat: Seat) -> &[Creature] {
        self.champions.get(seat.index())
    }

    /// The attack chain of the turn, while an attack is under way.
    pub fn chain(&self) -> Option<&Chain> {
        self.chain.as_ref()
    }

    /// The berserk battle at its commit step, if any.
    pub fn berserk_battle(&self) -> Option<&BerserkBattle> {
        self.berserk.as_ref()
    }

    /// Revealed BERSERK! cards not yet discarded.
    pub fn revealed_berserks(&self) -> &[CardId] {
        &self.revealed
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every card in every zone, in no particular order.
    pub(crate) fn all_cards(&self) -> Vec<CardId> {
        let mut all: Vec<CardId> = Vec::with_capacity(self.cards().len());
        all.extend(self.deck.iter());
        all.extend(self.discard.iter());
        for h in &self.hands {
            all.extend(h.iter());
        }
        for cs in self.champions.iter() {
            for c in cs {
                all.extend(c.cards());
            }
        }
        all.extend(self.boxed.iter());
        all.extend(self.revealed.iter());
        if let Some(chain) = &self.chain {
            if let Some(c) = &chain.creature {
                all.extend(c.cards());
            }
            if let Some(b) = &chain.battle {
                all.extend(b.rabies);
                if let Some(d) = &b.defence {
                    all.extend(d.cards());
                }
            }
        }
        all
    }

    /// Checks every invariant a loaded state must keep, so no later step can index out of
    /// range or lose a card.
    pub(crate) fn validate(&self) -> Result<(), Error> {
        let n = self.num_players();
        let seat_ok = |s: Seat, what: &str| -> Result<(), Error> {
            if s.index() < n {
                Ok(())
            } else {
                Err(Error::state(format!(
                    "{what} names {s}, not a seat of a {n}-player game"
                )))
            }
        };
        if self.hands.len() != n || self.champions.seats() != n {
            return Err(Error::state(format!(
                "expected {n} hands and {n} champion areas"
            )));
        }
        if let Some((i, h)) = self
            .hands
            .iter()
            .enumerate()
            .find(|(_, h)| h.len() > MAX_HAND)
        {
            return Err(Error::state(format!(
                "P{i} holds {} cards; a hand holds at most {MAX_HAND}",
                h.len()
            )));
        }
        if self.known.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Error::state("the known cards in hand repeat a card"));
        }
        if let Some(c) = self
            .known
            .iter()
            .find(|c| !self.hands.iter().any(|h| h.contains(c)))
        {
            return Err(Error::state(format!(
                "card {c} is known to be in a hand but is in none"
            )));
        }
        if self.tasks.len() > MAX_TASKS {
            return Err(Error::state(format!(
                "{} procedure steps; at most {MAX_TASKS}",
                self.tasks.len()
            )));
        }
        if self.rng.forced().count() > fuda_core::MAX_FORCED {
            return Err(Error::state(format!(
                "more than {} forced outcomes",
                fuda_core::MAX_FORCED
            )));
        }
        if self.berserks_this_turn > self.config().berserk_battles_per_turn {
            return Err(Error::state(
                "more BERSERK! cards resolved this turn than `berserk_battles_per_turn` allows",
            ));
        }
        if let Some(Outcome::Winners(w)) = &self.outcome {
            for seat in w.iter() {
                seat_ok(seat, "the outcome")?;
            }
        }
        seat_ok(self.dealer, "dealer")?;
        seat_ok(self.active, "active")?;
        // Every card of the set exactly once.
        let total = self.cards().len();
        let mut seen = vec![false; total];
        for c in self.all_cards() {
            match seen.get_mut(c.index()) {
                None => return Err(Error::state(format!("card {c} is not in the card set"))),
                Some(true) => return Err(Error::state(format!("card {c} is in two places"))),
                Some(slot) => *slot = true,
            }
        }
        if let Some(missing) = seen.iter().position(|s| !s) {
            return Err(Error::state(format!("card #{missing} is missing")));
        }
        let rules = self.rules();
        let check_creature = |c: &Creature, what: &str| -> Result<(), Error> {
            let ok = rules.is_part(c.front, Position::Front)
                && rules.is_part(c.middle, Position::Middle)
                && rules.is_part(c.back, Position::Back);
            if ok {
                Ok(())
            } else {
                Err(Error::state(format!(
                    "{what} is not a FRONT+MIDDLE+BACK creature"
                )))
            }
        };
        for cs in self.champions.iter() {
            for c in cs {
                check_creature(c, "a champion")?;
            }
        }
        for &c in self.revealed.iter().chain(&self.deferred) {
            if rules.class(c) != Some(CardClass::Berserk) {
                return Err(Error::state(format!("revealed card {c} is not a BERSERK!")));
            }
        }
        if self.deferred.iter().any(|c| !self.revealed.contains(c)) {
            return Err(Error::state(
                "a deferred BERSERK! is not among the revealed cards",
            ));
        }
        if let Some(chain) = &self.chain {
            if let Some(c) = &chain.creature {
                check_creature(c, "the attacking creature")?;
            }
            for s in chain.attacked.iter() {
                seat_ok(s, "the attacked set")?;
            }
            if let Some(b) = &chain.battle {
                seat_ok(b.defender, "the battle")?;
                if let Some(d) = &b.defence {
                    check_creature(d, "the defending creature")?;
                }
                if let Some(r) = b.rabies {
                    if rules.class(r) != Some(CardClass::Rabies) {
                        return Err(Error::state(format!(
                            "card {r} played as RABIES is not one"
                        )));
                    }
                }
            }
        }
        if let Some(b) = &self.berserk {
            if !self.revealed.contains(&b.card) {
                return Err(Error::state("the berserk battle's card is not revealed"));
            }
            for &s in &b.participants {
                seat_ok(s, "the berserk participants")?;
            }
            for (s, c) in &b.commits {
                seat_ok(*s, "a berserk commitment")?;
                check_creature(c, "a berserk commitment")?;
                if !c.cards().iter().all(|x| self.hand(*s).contains(x)) {
                    return Err(Error::state(format!("{s} committed cards not in hand")));
                }
            }
        }
        for t in &self.tasks {
            match *t {
                Task::Refill { seat } => seat_ok(seat, "a refill step")?,
                Task::Berserk { card } if !self.revealed.contains(&card) => {
                    return Err(Error::state("a berserk step names an unrevealed card"))
                }
                _ => {}
            }
        }
        match self.pending.seat() {
            Some(s) => seat_ok(s, "the pending decision")?,
            None if self.outcome.is_none() => {
                return Err(Error::state("the game is over but has no outcome"))
            }
            None => {}
        }
        if let Pending::Steal { from, .. } = self.pending {
            seat_ok(from, "the pending steal")?;
        }
        if self.outcome.is_some() && self.pending != Pending::GameOver {
            return Err(Error::state(
                "the game has an outcome but waits for a decision",
            ));
        }
        let needs_battle = matches!(
            self.pending,
            Pending::Defend { .. } | Pending::Steal { random: false, .. }
        );
        let battle = self.chain.as_ref().and_then(|c| c.battle.as_ref());
        if needs_battle && battle.is_none() {
            return Err(Error::state(
                "a battle decision is pending but no battle is under way",
            ));
        }
        if matches!(self.pending, Pending::BerserkCommit { .. }) && self.berserk.is_none() {
            return Err(Error::state(
                "a berserk commitment is pending but no berserk battle is under way",
            ));
        }
        if !self.pending_fits() {
            return Err(Error::state(format!(
                "the pending decision {:?} does not fit the game (turn, battle or hand)",
                self.pending
            )));
        }
        // Such as a defence or a berserk commitment asked of a hand that cannot build a
        // creature (CC-6.9, CC-6.13: that player forfeits or stays out).
        if let Some(seat) = fuda_core::seat_without_action::<crate::CreatureClash>(self) {
            return Err(Error::state(format!(
                "the pending decision {:?} offers {seat} no action",
                self.pending
            )));
        }
        Ok(())
    }

    /// Whether the pending decision is one the rules could ask for in this state: the
    /// right player, at the right point of the turn or battle.
    fn pending_fits(&self) -> bool {
        let chain = self.chain.as_ref();
        let battle = chain.and_then(|c| c.battle.as_ref());
        match self.pending {
            Pending::TurnStart { seat } | Pending::Main { seat } => {
                seat == self.active && chain.is_none()
            }
            Pending::NextTarget { seat } => {
                seat == self.active
                    && chain.is_some_and(|c| c.creature.is_some())
                    && battle.is_none()
            }
            Pending::Defend { seat } => {
                battle.is_some_and(|b| b.defender == seat && b.result.is_none())
            }
            Pending::Steal { seat, from, random } => battle.is_some_and(|b| match b.result {
                Some(BattleResult::Forfeit) => random && seat == self.active && from == b.defender,
                Some(BattleResult::AttackerWins) => {
                    !random && seat == self.active && from == b.defender
                }
                Some(BattleResult::DefenderWins | BattleResult::VenomTie) => {
                    !random && seat == b.defender && from == self.active
                }
                Some(BattleResult::Tie) | None => false,
            }),
            Pending::DiscardExcess { seat } => self.hand(seat).len() > HAND_SIZE,
            Pending::BerserkCommit { seat } => self.berserk.as_ref().is_some_and(|b| {
                b.participants.contains(&seat)
                    && b.attacker_entry != Some(seat)
                    && !b.commits.iter().any(|(q, _)| *q == seat)
            }),
            Pending::GameOver => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{State, StateData};

    /// Issue 14: a clone copies the whole struct, so the inline capacities stay modest
    /// (1,504 bytes on 64-bit targets with 64 inline procedure steps, 1,360 with 28; 1,368
    /// since the handle to the rules says whether they are kept or reference-counted).
    #[test]
    fn state_stays_small() {
        assert!(
            std::mem::size_of::<State>() <= 1_368,
            "{}",
            std::mem::size_of::<State>()
        );
    }

    /// Issue 14: a state read back from JSON shares the kept rules of its configuration.
    #[test]
    fn rules_of_a_configuration_are_kept_and_shared() {
        let a = <crate::CreatureClash as fuda_core::Game>::new_game(&Default::default(), 1)
            .expect("a game");
        let b = State::try_from(StateData::from(a.clone())).expect("read back");
        assert!(a.rules.0.is_kept() && fuda_core::Shared::ptr_eq(&a.rules.0, &b.rules.0));
    }
}
