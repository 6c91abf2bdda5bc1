//! Shared helpers for the rule tests: building positions by card name, playing decisions,
//! and reading hands and piles back as card names.
//!
//! Positions follow the conventions of spec §13: `dealer = Fixed(P0)`, active P1, and every
//! card not placed explicitly is out of the game, so deck and discard counts are exact.

use fuda_creature_clash::{
    apply_in_place, legal_actions, Action, CardId, CardSet, Choice, Config, Creature, DealerRule,
    Error, Event, Pending, Scenario, Seat, State, Unplaced,
};

pub const P0: Seat = Seat(0);
pub const P1: Seat = Seat(1);
pub const P2: Seat = Seat(2);
pub const P3: Seat = Seat(3);
pub const P4: Seat = Seat(4);
pub const P5: Seat = Seat(5);

/// RHINOODCUDA, 10 + 8 + 5 = 23 (the rulebook's example creature).
pub const RC: [&str; 3] = ["rhino_f", "crocodile_m", "barracuda_b"];
/// LIOWOLFOO: 8 + 7 + 5 = 20.
pub const LION20: [&str; 3] = ["lion_f", "wolf_m", "kangaroo_b"];
/// 10 + 9 + 5 = 24.
pub const GRIZ24: [&str; 3] = ["grizzly_f", "elephant_m", "kangaroo_b"];
/// 10 + 10 + 9 = 29.
pub const GRIZ29: [&str; 3] = ["grizzly_f", "grizzly_m", "elephant_b"];
/// 9 + 8 + 8 = 25.
pub const SHARK25: [&str; 3] = ["shark_f", "tiger_m", "lion_b"];
/// 7 + 7 + 4 = 18.
pub const WOLF18: [&str; 3] = ["wolf_f", "hippo_m", "octopus_b"];
/// Venomous: 6 + 3 + 2 = 11.
pub const VENOM11: [&str; 3] = ["cobra_f", "scorpion_m", "jellyfish_b"];

/// P1's strongest creature is RC (23); its other FRONTs only make weaker ones. It also
/// holds a RABIES.
pub const P1_HAND: [&str; 7] = [
    "rhino_f",
    "crocodile_m",
    "barracuda_b",
    "rabies_1",
    "moose_f",
    "dromedary_f",
    "vulture_f",
];
/// P1's turn draw (a FRONT: it does not change what P1 can build).
pub const TURN_CARD: &str = "piranha_f";
/// P2 with LION20 as its only creature.
pub const P2_LION: [&str; 7] = [
    "lion_f",
    "wolf_m",
    "kangaroo_b",
    "black_widow_f",
    "gorilla_f",
    "hamster_f",
    "mosquito_f",
];
/// A hand with no BACK part: forfeits when attacked.
pub const P3_NO_BACK: [&str; 7] = [
    "ostrich_f",
    "ostrich_m",
    "turtle_f",
    "turtle_m",
    "penguin_f",
    "penguin_m",
    "rabbit_f",
];
/// Another hand with no BACK part.
pub const P0_NO_BACK: [&str; 7] = [
    "gila_monster_f",
    "gila_monster_m",
    "porcupine_m",
    "rabbit_m",
    "bumblebee_f",
    "hamster_m",
    "moose_m",
];
/// P2 without a BACK part.
pub const P2_NO_BACK: [&str; 7] = [
    "lion_f",
    "wolf_m",
    "gorilla_f",
    "gorilla_m",
    "elephant_f",
    "dromedary_m",
    "mosquito_f",
];

/// The standard vector position (4 players): P1 holds [`P1_HAND`] and will draw
/// [`TURN_CARD`]; P2, P3, P0 hold the given hands; 20 filler cards below.
pub fn standard(p2: &[&str], p3: &[&str], p0: &[&str]) -> Setup {
    setup(4)
        .hand(P1, &P1_HAND)
        .hand(P2, p2)
        .hand(P3, p3)
        .hand(P0, p0)
        .deck(&[TURN_CARD])
        .filler(20)
}

/// P1 draws for the turn and attacks `target` with RC.
pub fn rc_attacks(g: &mut Table, target: Seat) -> Vec<Event> {
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(RC, target))
}

/// P1's hand after attacking with RC: the other four cards and the turn draw.
pub fn p1_rest() -> Vec<&'static str> {
    vec!["rabies_1", "moose_f", "dromedary_f", "vulture_f", TURN_CARD]
}

/// The sample card set's ids, FRONT parts first, then MIDDLE, then BACK: the order filler
/// cards are taken in (FRONTs first, so a refill rarely lets a hand build a creature).
fn filler_order() -> Vec<String> {
    let set = CardSet::sample();
    let mut out = Vec::new();
    for pos in ["_f", "_m", "_b"] {
        out.extend(
            set.ids()
                .map(|c| set.id_str(c).to_string())
                .filter(|id| id.ends_with(pos)),
        );
    }
    out
}

/// A position under construction (a [`Scenario`] that remembers which cards it used, so it
/// can add filler cards to the deck).
pub struct Setup {
    scenario: Scenario,
    used: Vec<String>,
    deck: Vec<String>,
    filler: usize,
}

/// A position for `n` players: dealer P0, active P1, unplaced cards out of the game.
pub fn setup(n: u8) -> Setup {
    Setup {
        scenario: Scenario::new(n)
            .configure(|c| c.dealer = DealerRule::Fixed(P0))
            .active(P1)
            .unplaced(Unplaced::OutOfGame),
        used: Vec::new(),
        deck: Vec::new(),
        filler: 0,
    }
}

impl Setup {
    fn mark(&mut self, cards: &[&str]) {
        self.used.extend(cards.iter().map(|c| c.to_string()));
    }

    /// A player's hand.
    pub fn hand(mut self, seat: Seat, cards: &[&str]) -> Setup {
        self.mark(cards);
        self.scenario = self.scenario.hand(seat, cards);
        self
    }

    /// The top of the deck, top card first (filler cards go below these).
    pub fn deck(mut self, cards: &[&str]) -> Setup {
        self.mark(cards);
        self.deck = cards.iter().map(|c| c.to_string()).collect();
        self
    }

    /// `n` unused sample parts (FRONTs first) below the listed deck cards.
    pub fn filler(mut self, n: usize) -> Setup {
        self.filler = n;
        self
    }

    /// The discard pile, bottom card first.
    pub fn discard(mut self, cards: &[&str]) -> Setup {
        self.mark(cards);
        self.scenario = self.scenario.discard(cards);
        self
    }

    /// A Champion of `seat`.
    pub fn champion(mut self, seat: Seat, creature: [&str; 3]) -> Setup {
        self.mark(&creature);
        self.scenario = self.scenario.champion(seat, creature);
        self
    }

    /// The active player.
    pub fn active(mut self, seat: Seat) -> Setup {
        self.scenario = self.scenario.active(seat);
        self
    }

    /// Turns already completed.
    pub fn turns_completed(mut self, turns: u32) -> Setup {
        self.scenario = self.scenario.turns_completed(turns);
        self
    }

    /// The seed (reshuffles and random steals).
    pub fn seed(mut self, seed: u64) -> Setup {
        self.scenario = self.scenario.seed(seed);
        self
    }

    /// Changes the configuration.
    pub fn configure(mut self, f: impl FnOnce(&mut Config)) -> Setup {
        self.scenario = self.scenario.configure(f);
        self
    }

    /// The scenario this setup describes, filler cards added to the deck.
    pub fn scenario(self) -> Scenario {
        let mut deck = self.deck.clone();
        deck.extend(
            filler_order()
                .into_iter()
                .filter(|c| !self.used.contains(c))
                .take(self.filler),
        );
        let deck: Vec<&str> = deck.iter().map(String::as_str).collect();
        self.scenario.deck_top(&deck)
    }

    /// Builds the position.
    pub fn build(self) -> Table {
        let state = self
            .scenario()
            .build()
            .unwrap_or_else(|e| panic!("scenario: {e}"));
        Table::new(state)
    }
}

/// The position file `tests/positions/NAME.json`, parsed; its JSON form must round-trip.
pub fn position(name: &str) -> Scenario {
    let path = format!("{}/tests/positions/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let scenario: Scenario = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let again: Scenario = serde_json::from_str(&serde_json::to_string(&scenario).unwrap())
        .expect("the position's JSON form reads back");
    assert_eq!(again, scenario, "{path} round-trips");
    scenario
}

/// The game at the position file `tests/positions/NAME.json`, built through
/// `fuda_core::Positions`.
pub fn load_position(name: &str) -> Table {
    use fuda_core::Positions;
    let state = fuda_creature_clash::CreatureClash::from_scenario(&position(name))
        .unwrap_or_else(|e| panic!("position {name}: {e}"));
    Table::new(state)
}

/// A game under test, with every event it has produced.
pub struct Table {
    pub s: State,
    pub events: Vec<Event>,
}

impl Table {
    pub fn new(s: State) -> Table {
        Table {
            s,
            events: Vec::new(),
        }
    }

    /// The id of a card of the set.
    pub fn id(&self, name: &str) -> CardId {
        self.s
            .cards()
            .find(name)
            .unwrap_or_else(|| panic!("no card `{name}`"))
    }

    /// The name of a card.
    pub fn name(&self, card: CardId) -> String {
        self.s.cards().id_str(card).to_string()
    }

    pub fn names(&self, cards: &[CardId]) -> Vec<String> {
        cards.iter().map(|&c| self.name(c)).collect()
    }

    pub fn creature(&self, [f, m, b]: [&str; 3]) -> Creature {
        Creature::new(self.id(f), self.id(m), self.id(b))
    }

    // --- decisions ---

    /// Plays a decision that must be legal; returns its events.
    pub fn act(&mut self, seat: Seat, choice: Choice) -> Vec<Event> {
        let action = Action { seat, choice };
        let legal = legal_actions(&self.s);
        assert!(
            legal.contains(&action),
            "{action:?} is not among the legal actions {legal:?} (pending {:?})",
            self.s.pending()
        );
        let events = apply_in_place(&mut self.s, &action)
            .unwrap_or_else(|e| panic!("{action:?} refused: {e}"));
        self.events.extend(events.iter().cloned());
        events
    }

    /// Tries an action that must be refused: the state must stay exactly as it was, and
    /// the action must not be listed as legal. Returns the error.
    pub fn reject(&self, seat: Seat, choice: Choice) -> Error {
        let action = Action { seat, choice };
        assert!(
            !legal_actions(&self.s).contains(&action),
            "{action:?} is listed as legal"
        );
        let mut copy = self.s.clone();
        let err = apply_in_place(&mut copy, &action).expect_err("the action was accepted");
        assert_eq!(copy, self.s, "a refused action changed the state");
        err
    }

    pub fn attack(&self, parts: [&str; 3], target: Seat) -> Choice {
        self.attack_with(parts, target, None)
    }

    pub fn attack_with(&self, parts: [&str; 3], target: Seat, rabies: Option<&str>) -> Choice {
        Choice::Attack {
            creature: self.creature(parts),
            target,
            rabies: rabies.map(|r| self.id(r)),
        }
    }

    pub fn next(&self, target: Seat) -> Choice {
        Choice::NextTarget {
            target,
            rabies: None,
        }
    }

    pub fn next_with(&self, target: Seat, rabies: &str) -> Choice {
        Choice::NextTarget {
            target,
            rabies: Some(self.id(rabies)),
        }
    }

    pub fn defend(&self, parts: [&str; 3]) -> Choice {
        Choice::Defend {
            creature: self.creature(parts),
            invoke_venom: false,
        }
    }

    pub fn venom(&self, parts: [&str; 3]) -> Choice {
        Choice::Defend {
            creature: self.creature(parts),
            invoke_venom: true,
        }
    }

    pub fn steal(&self, card: &str) -> Choice {
        Choice::StealCreatureCard {
            card: self.id(card),
        }
    }

    pub fn discard(&self, card: &str) -> Choice {
        Choice::Discard {
            card: self.id(card),
        }
    }

    pub fn excess(&self, card: &str) -> Choice {
        Choice::DiscardExcess {
            card: self.id(card),
        }
    }

    pub fn commit(&self, parts: [&str; 3]) -> Choice {
        Choice::BerserkReveal {
            creature: self.creature(parts),
        }
    }

    /// Plays simple decisions (draw, discard the first card, first legal otherwise) until
    /// the next turn starts or the game ends.
    pub fn finish_turn(&mut self) {
        let active = self.s.active();
        for _ in 0..200 {
            match self.s.pending() {
                Pending::TurnStart { seat } if seat != active => return,
                Pending::GameOver => return,
                Pending::TurnStart { seat } => {
                    self.act(seat, Choice::DrawForTurn);
                }
                Pending::Main { seat } => {
                    let card = self.s.hand(seat)[0];
                    self.act(seat, Choice::Discard { card });
                }
                _ => {
                    let a = legal_actions(&self.s)[0].clone();
                    self.act(a.seat, a.choice);
                }
            }
        }
        panic!("the turn did not end");
    }

    // --- reading the state ---

    /// A hand as sorted card names.
    pub fn hand(&self, seat: Seat) -> Vec<String> {
        let mut h = self.names(self.s.hand(seat));
        h.sort();
        h
    }

    pub fn hand_len(&self, seat: Seat) -> usize {
        self.s.hand(seat).len()
    }

    pub fn holds(&self, seat: Seat, card: &str) -> bool {
        self.s.hand(seat).contains(&self.id(card))
    }

    /// Asserts a hand's exact contents (any order).
    #[track_caller]
    pub fn assert_hand(&self, seat: Seat, cards: &[&str]) {
        let mut want: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        want.sort();
        assert_eq!(self.hand(seat), want, "hand of {seat}");
    }

    /// The discard pile as names, bottom first.
    pub fn discards(&self) -> Vec<String> {
        self.names(self.s.discard())
    }

    /// The last `k` cards put on the discard pile, bottom first.
    pub fn discard_top(&self, k: usize) -> Vec<String> {
        let d = self.discards();
        d[d.len().saturating_sub(k)..].to_vec()
    }

    pub fn deck_len(&self) -> usize {
        self.s.deck().len()
    }

    pub fn legal(&self) -> Vec<Action> {
        legal_actions(&self.s)
    }

    /// The legal choices (the seat is always the pending one).
    pub fn choices(&self) -> Vec<Choice> {
        self.legal().into_iter().map(|a| a.choice).collect()
    }

    pub fn pending(&self) -> Pending {
        self.s.pending()
    }

    /// Champions of a seat, as F/M/B names.
    pub fn champion_names(&self, seat: Seat) -> Vec<[String; 3]> {
        self.s
            .champions(seat)
            .iter()
            .map(|c| c.cards().map(|x| self.name(x)))
            .collect()
    }

    /// Every card in a hand, the deck, the discard pile, a champion area, in play or
    /// revealed: each card of the set must appear exactly once (boxed cards excepted).
    pub fn visible_census(&self) -> usize {
        let n = self.s.num_players();
        let mut count = self.s.deck().len() + self.s.discard().len();
        for i in 0..n {
            let seat = Seat(i as u8);
            count += self.s.hand(seat).len() + 3 * self.s.champions(seat).len();
        }
        if let Some(chain) = self.s.chain() {
            count += chain.creature.map_or(0, |_| 3);
            if let Some(b) = &chain.battle {
                count += usize::from(b.rabies.is_some()) + b.defence.map_or(0, |_| 3);
            }
        }
        count + self.s.revealed_berserks().len()
    }

    /// Seats that drew (non-BERSERK!) cards in `events`, in order, one entry per card.
    pub fn drawers(events: &[Event]) -> Vec<Seat> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Drew { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    }
}

/// Names as owned strings, for comparisons.
pub fn strs(cards: &[&str]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}
