//! Setup: dealer, shuffle, the deal and the first turn (CC-3.5 to CC-3.8).

use crate::cards::{CardClass, CardId, CardSetChoice};
use crate::config::{Config, DealerRule, OpeningBerserk};
use crate::error::Error;
use crate::rules::run;
use crate::state::{
    ChampionAreas, FewCards, Hand, Pending, Rules, RulesRef, State, Task, HAND_SIZE, MAX_PLAYERS,
};
use fuda_core::{GameRng, KeptRules, LastBuilt, NoEvents, Pile, Seat, Shared, SmallVec, TinyVec};
use std::cell::RefCell;

/// A new game: R2 dealer, R1 shuffle, the deal one card at a time clockwise from the
/// dealer's left (CC-3.6), then the first turn to the dealer's left (CC-3.8).
pub(crate) fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    Ok(deal(shared_rules(config)?, GameRng::from_seed(seed)))
}

/// The setup of CC-3.5 to CC-3.8 with a prepared generator (a position built at the deal
/// queues forced outcomes in it: the dealer pick, the deal shuffle).
pub(crate) fn deal(rules: Shared<Rules>, mut rng: GameRng) -> State {
    let (dealer_rule, opening) = (rules.config.dealer, rules.config.berserk_in_opening_deal);
    let n = rules.num_players;
    let dealer = match dealer_rule {
        DealerRule::Random => Seat(rng.below(n) as u8),
        DealerRule::Fixed(seat) => seat,
    };
    let mut deck: Vec<CardId> = rules.cards.ids().collect();
    rng.shuffle(&mut deck);
    let mut deck = Pile::from_bottom_to_top(deck);
    let mut hands: SmallVec<[Hand; MAX_PLAYERS]> = (0..n).map(|_| Hand::new()).collect();
    let mut set_aside = Vec::new();
    for _round in 0..HAND_SIZE {
        for seat in dealer.next(n).clockwise(n) {
            // A dealt BERSERK! is set aside and replaced (CC-A5); `Rules::new` made sure
            // there are enough other cards.
            while let Some(card) = deck.draw() {
                if rules.class(card) == Some(CardClass::Berserk) {
                    set_aside.push(card);
                } else {
                    hands[seat.index()].push(card);
                    break;
                }
            }
        }
    }
    for h in &mut hands {
        h.sort_unstable();
    }
    let mut tasks: TinyVec<[Task; crate::state::TASKS_CAPACITY]> =
        [Task::BeginTurn].into_iter().collect();
    let mut revealed = FewCards::new();
    match opening {
        OpeningBerserk::ReplaceAndReshuffle => {
            if !set_aside.is_empty() {
                // R3: the set-aside cards are shuffled into the whole remaining deck.
                deck.extend(set_aside);
                deck.shuffle(&mut rng);
            }
        }
        OpeningBerserk::ResolveAfterDeal => {
            // Resolved in deal order, so the first dealt is on top of the stack.
            for &card in set_aside.iter().rev() {
                tasks.push(Task::Berserk { card });
            }
            revealed = FewCards::from_iter(set_aside);
        }
    }
    let mut state = State {
        rules: RulesRef(rules),
        rng,
        dealer,
        active: dealer.next(n),
        turn: 0,
        deck,
        discard: Pile::new(),
        hands,
        known: TinyVec::new(),
        champions: ChampionAreas::new(n),
        boxed: FewCards::new(),
        revealed,
        deferred: FewCards::new(),
        chain: None,
        berserk: None,
        tasks,
        pending: Pending::GameOver,
        outcome: None,
        berserks_this_turn: 0,
    };
    run(&mut state, &mut NoEvents);
    state
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
