//! Setup (MJ-3.8): shuffle both decks into their MBs (R1), janken (R2), the winner's choice
//! of turn order (A1), the opening hands, and the first turn.

use crate::cards::{CardId, CardSetChoice};
use crate::config::{Config, FirstPlayer};
use crate::error::Error;
use crate::event::Event;
use crate::majin_table::MajinTable;
use crate::rules::{effects, run};
use crate::state::{other, Pending, Rules, RulesRef, State, Step, Task, ZONE_CARDS};
use crate::zones::Zones;
use fuda_core::{EventLog, GameRng, KeptRules, LastBuilt, NoEvents, Pile, Seat, Shared, TinyVec};
use std::cell::RefCell;

/// A new game. RNG order (MJ-9.1): seat 0's shuffle, seat 1's shuffle, then janken.
pub(crate) fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    let rules = shared_rules(config)?;
    let mut rng = GameRng::from_seed(seed);
    let n = rules.deck_size;
    let [mb0, mb1] = [0, 1].map(|i| {
        let cards: Vec<CardId> = (i * n..(i + 1) * n).map(|c| CardId(c as u16)).collect();
        shuffle_into_mb(&mut rng, cards)
    });
    let zones = Zones::from_lists([
        [mb0.as_slice(), &[], &[], &[]],
        [mb1.as_slice(), &[], &[], &[]],
    ]);
    let mut state = State::blank(rules, rng, zones);
    janken(&mut state);
    Ok(state)
}

/// R1: a player's cards, shuffled, become their MB (the last card of the shuffle on top).
pub(crate) fn shuffle_into_mb(
    rng: &mut GameRng,
    mut cards: Vec<CardId>,
) -> Pile<CardId, ZONE_CARDS> {
    rng.shuffle(&mut cards);
    // Copied, so the pile sits inline whatever the Vec's capacity.
    Pile::from_slice(&cards)
}

impl State {
    /// A state before the first turn: the given zones, nobody active yet.
    pub(crate) fn blank(rules: Shared<Rules>, rng: GameRng, zones: Zones) -> State {
        State {
            rules: RulesRef(rules),
            rng,
            players: Default::default(),
            zones,
            majins: MajinTable::default(),
            active: Seat(0),
            first: None,
            janken_winner: None,
            turn: 0,
            step: Step::Setup,
            mp_pool: 0,
            mp_spent: 0,
            next_majin: 0,
            attack: None,
            tasks: TinyVec::new(),
            pending: Pending::GameOver,
            outcome: None,
        }
    }
}

/// R2 and MJ-3.8 steps 2–5: janken picks a winner uniformly (a forced `pick` 0 or 1 names
/// the winning seat), who is asked for the turn order (A1); under `first_player = Fixed`
/// the fixed seat goes first at once.
pub(crate) fn janken(s: &mut State) {
    match s.config().first_player {
        FirstPlayer::Janken => {
            let seat = Seat(s.rng.below(2) as u8);
            s.janken_winner = Some(seat);
            s.pending = Pending::TurnOrder { seat };
        }
        FirstPlayer::Fixed(seat) => {
            s.first = Some(seat);
            s.active = seat;
            deal(s, &mut NoEvents);
            s.tasks.push(Task::BeginTurn);
            run(s, &mut NoEvents);
        }
    }
}

/// A1: the janken winner goes first or second; then the opening hands and the first turn.
pub(crate) fn choose_turn_order<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    go_first: bool,
    log: &mut L,
) {
    let first = if go_first { seat } else { other(seat) };
    s.first = Some(first);
    s.active = first;
    log.emit(|| Event::TurnOrderSet { first });
    deal(s, log);
    s.tasks.push(Task::BeginTurn);
}

/// MJ-3.8 step 4: each player draws the opening hand (no mulligan).
fn deal<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let hand = s.config().opening_hand;
    for seat in [Seat(0), Seat(1)] {
        effects::draw(s, seat, hand, log);
    }
}

/// The rules of the built-in card set's first configurations, kept for the process.
static KEPT: KeptRules<Config, Rules> = KeptRules::new();

thread_local! {
    /// The rules of the last configuration a game started with on this thread.
    static RULES: RefCell<LastBuilt<Config, Shared<Rules>>> = const { RefCell::new(LastBuilt::new()) };
}

/// The rules of `config`, shared by its games (issue 14): building them copies the card
/// set, which cost more than a whole random playout, and a state clone copies a reference
/// to kept rules where it counted an `Arc`. Only the built-in card set's rules are kept:
/// a custom set may be large.
pub(crate) fn shared_rules(config: &Config) -> Result<Shared<Rules>, Error> {
    KEPT.get_or_try_build_in(
        &RULES,
        config,
        config.card_set == CardSetChoice::Sample,
        Rules::new,
    )
}
