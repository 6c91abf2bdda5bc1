//! The [`Game`] contract for Creature Clash!, with resampling for bots and the leak check,
//! and what the conformance suite needs.

use crate::action::{Action, Choice, Creature};
use crate::cards::{CardClass, CardId};
use crate::config::{
    BerserkTie, BerserkTiming, Config, EndOfTurnAdjust, OpeningBerserk, TurnDrawBerserk, VenomFate,
};
use crate::error::Error;
use crate::event::{self, Event};
use crate::rules;
use crate::state::{BattleResult, State};
use crate::view::{self, View};
use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};

/// Creature Clash! as a [`Game`]: use it from generic code (bots, the conformance suite,
/// the examples). The free functions of the crate root do the same for direct callers.
#[derive(Clone, Copy, Debug, Default)]
pub struct CreatureClash;

impl Game for CreatureClash {
    const NAME: &'static str = "creature-clash";
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;

    fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
        rules::setup::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        state.config()
    }

    fn to_act(state: &State) -> SeatSet {
        state.pending.seat().map_or(SeatSet::EMPTY, SeatSet::only)
    }

    fn actor(action: &Action) -> Seat {
        action.seat
    }

    fn legal_actions_for(state: &State, seat: Seat, out: &mut Vec<Action>) {
        rules::legal::legal_actions(state, seat, out);
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        // Exactly one seat acts at a time in this game.
        match state.pending.seat() {
            Some(seat) => rules::legal::legal_actions(state, seat, out),
            None => out.clear(),
        }
    }

    fn apply_logged<L: EventLog<Event>>(
        state: &mut State,
        action: &Action,
        log: &mut L,
    ) -> Result<(), Error> {
        rules::apply(state, action, log)
    }

    fn view(state: &State, observer: Observer) -> View {
        view::view(state, observer)
    }

    fn redact(event: &Event, observer: Observer) -> Option<Event> {
        event::redact(event, observer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.outcome.clone()
    }
}

impl Determinize for CreatureClash {
    /// Re-deals everything `observer` cannot see: the deck order, and the identities of
    /// the cards in other players' hands (except those known to be there, CC-D1) and in
    /// the deck, exchanged among themselves
    /// class by class (FRONT for FRONT, RABIES for RABIES, ...), so that who can build a
    /// creature — public once it matters — is kept. Other players' secret berserk
    /// commitments follow their cards. The generator is replaced.
    fn resample(state: &State, observer: Observer, rng: &mut GameRng) -> State {
        let mut t = state.clone();
        t.rng = rng.split();
        let n = t.num_players();
        let hidden = |i: usize| !observer.is(Seat(i as u8));
        let mut pool: Vec<CardId> = t.deck.iter().copied().collect();
        for (i, h) in t.hands.iter().enumerate() {
            if hidden(i) {
                // Cards known to be in that hand are public: they stay (CC-D1).
                let unknown = |c: &CardId| t.known.binary_search(c).is_err();
                // A secret berserk commitment's cards come first, so that they take the
                // same cards in every state the observer cannot tell apart.
                let committed: Vec<CardId> = (t.berserk.iter())
                    .flat_map(|b| b.commits.iter())
                    .filter(|(q, _)| q.index() == i)
                    .flat_map(|(_, c)| [c.front, c.middle, c.back])
                    .filter(|c| h.contains(c) && unknown(c))
                    .collect();
                pool.extend(&committed);
                pool.extend(
                    h.iter()
                        .copied()
                        .filter(|c| !committed.contains(c) && unknown(c)),
                );
            }
        }
        let mut map: Vec<CardId> = t.cards().ids().collect();
        let classes: Vec<Option<CardClass>> = map.iter().map(|&c| t.rules().class(c)).collect();
        let class_of = |c: CardId| classes.get(c.index()).copied().flatten();
        // The result depends only on what the observer knows (and the zones' class
        // counts, which are kept): each zone takes the next cards of its class from a
        // shuffle of the sorted class pool, and the deck is shuffled afresh below. So two
        // states the observer cannot tell apart resample alike for the same generator,
        // and a determinizing bot decides alike in them.
        let mut groups: Vec<(Option<CardClass>, Vec<CardId>)> = Vec::new();
        for &c in &pool {
            match groups.iter_mut().find(|(k, _)| *k == class_of(c)) {
                Some((_, g)) => g.push(c),
                None => groups.push((class_of(c), vec![c])),
            }
        }
        groups.sort_unstable_by_key(|(k, _)| *k);
        for (_, group) in &groups {
            let mut shuffled = group.clone();
            shuffled.sort_unstable();
            rng.shuffle(&mut shuffled);
            for (&from, &to) in group.iter().zip(&shuffled) {
                map[from.index()] = to;
            }
        }
        let m = |c: &mut CardId| *c = map.get(c.index()).copied().unwrap_or(*c);
        t.deck.as_mut_slice().iter_mut().for_each(m);
        t.deck.as_mut_slice().sort_unstable();
        t.deck.shuffle(rng);
        for i in 0..n {
            if hidden(i) {
                let h = &mut t.hands[i];
                h.iter_mut().for_each(m);
                h.sort_unstable();
            }
        }
        if let Some(b) = t.berserk.as_mut() {
            for (seat, c) in &mut b.commits {
                if hidden(seat.index()) {
                    m(&mut c.front);
                    m(&mut c.middle);
                    m(&mut c.back);
                }
            }
        }
        t
    }
}

impl fuda_core::Positions for CreatureClash {
    type Scenario = crate::scenario::Scenario;

    fn from_scenario(scenario: &Self::Scenario) -> Result<State, Error> {
        scenario.build()
    }
}

impl Conformance for CreatureClash {
    fn random_config(rng: &mut GameRng) -> Config {
        let mut one_in = |k: usize| rng.below(k) == 0;
        let mut c = Config::for_players(2 + (0..4).filter(|_| one_in(2)).count() as u8);
        if one_in(3) {
            c.num_players = 6;
        }
        if one_in(4) {
            c.berserk_in_opening_deal = OpeningBerserk::ResolveAfterDeal;
        }
        if one_in(4) {
            c.berserk_on_turn_draw = TurnDrawBerserk::EndTurn;
        }
        if one_in(4) {
            c.berserk_timing = BerserkTiming::DeferUntilAttackEnds;
        }
        if one_in(4) {
            c.berserk_tie = BerserkTie::AllTiedBecomeChampions;
        }
        if one_in(4) {
            c.rabies_requires_prior_win = false;
        }
        if one_in(4) {
            c.venom_optional = false;
        }
        if one_in(4) {
            c.venom_creature_fate = VenomFate::ReturnToHand;
        }
        if one_in(4) {
            c.end_of_turn_adjust = EndOfTurnAdjust::ActiveOnly;
        }
        if one_in(4) {
            c.berserk_min_participants = 1;
        }
        if one_in(8) {
            c.berserk_battles_per_turn = 1 + rng.below(3) as u8;
        }
        c.turn_limit = 20 + rng.below(100) as u32;
        c
    }

    fn card_census(state: &State) -> Vec<u32> {
        let mut all: Vec<u32> = state
            .all_cards()
            .into_iter()
            .map(|c| u32::from(c.0))
            .collect();
        all.sort_unstable();
        all
    }

    fn arbitrary_action(state: &State, rng: &mut GameRng) -> Action {
        let n = state.num_players();
        let cards = state.cards().len() + 2;
        let mut card = || CardId(rng.below(cards) as u16);
        let c = [card(), card(), card(), card()];
        let creature = Creature::new(c[0], c[1], c[2]);
        let seat = Seat(rng.below(n + 2) as u8);
        let target = Seat(rng.below(n + 1) as u8);
        let rabies = (rng.below(2) == 0).then_some(c[3]);
        let choice = match rng.below(11) {
            0 => Choice::Redraw,
            1 => Choice::DrawForTurn,
            2 => Choice::Attack {
                creature,
                target,
                rabies,
            },
            3 => Choice::Discard { card: c[0] },
            4 => Choice::NextTarget { target, rabies },
            5 => Choice::Defend {
                creature,
                invoke_venom: rng.below(2) == 0,
            },
            6 => Choice::StealCreatureCard { card: c[1] },
            7 => Choice::StealRandom,
            8 => Choice::DeclineSteal,
            9 => Choice::DiscardExcess { card: c[2] },
            _ => Choice::BerserkReveal { creature },
        };
        Action { seat, choice }
    }

    fn max_actions(config: &Config) -> usize {
        let turns = config.turn_limit as usize;
        let n = usize::from(config.num_players);
        let berserks = usize::from(config.berserk_battles_per_turn);
        let cards = config.card_set.set().len();
        // Per turn: turn start, main, ≤ n−1 battles of ≤ 3 decisions, at most
        // `berserk_battles_per_turn` berserk battles of ≤ n commitments each, and excess
        // discards (never more than the cards of the set); the opening deal's BERSERK!
        // battles come before the first turn.
        (turns + 1) * (2 + 3 * n + berserks * n + cards)
    }

    fn num_seats(config: &Config) -> usize {
        usize::from(config.num_players)
    }

    fn heuristic(view: &View, seat: Seat) -> f64 {
        let champions = |p: usize| view.champions.get(p).map_or(0, Vec::len) as f64;
        let mine = champions(seat.index());
        let best_other = (0..usize::from(view.num_players))
            .filter(|&p| p != seat.index())
            .map(champions)
            .fold(0.0, f64::max);
        let won = match &view.outcome {
            Some(o) if o.is_winner(seat) => 1000.0,
            Some(_) => -1000.0,
            None => 0.0,
        };
        // A battle just decided in our favour (as attacker or defender) is worth a lot;
        // a strong hand and a full one a little.
        let battle = view
            .chain
            .as_ref()
            .and_then(|c| c.battle.as_ref().map(|b| (b.defender, b.result)))
            .map_or(0.0, |(defender, result)| {
                let attacking = view.active == seat;
                let defending = defender == seat;
                match result {
                    Some(BattleResult::AttackerWins | BattleResult::Forfeit) if attacking => 4.0,
                    Some(BattleResult::AttackerWins | BattleResult::Forfeit) if defending => -4.0,
                    Some(BattleResult::DefenderWins | BattleResult::VenomTie) if defending => 4.0,
                    Some(BattleResult::DefenderWins | BattleResult::VenomTie) if attacking => -4.0,
                    _ => 0.0,
                }
            });
        let strength = f64::from(view.best_creature_power.unwrap_or(0));
        let hand = view.hand_counts.get(seat.index()).copied().unwrap_or(0) as f64;
        won + 10.0 * mine - 5.0 * best_other + battle + 0.1 * strength + 0.05 * hand
    }
}
