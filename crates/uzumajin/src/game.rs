//! The [`Game`] contract for Uzumajin, with resampling for bots and the leak check, and
//! what the conformance suite needs.

use crate::action::{Action, Choice, Placement};
use crate::cards::{CardId, CardType, Deck};
use crate::config::{
    ColourSource, CombatWindow, Config, EmptyMbDamage, FirstPlayer, MpMode, PowerRule,
    TurnCountBasis,
};
use crate::error::Error;
use crate::event::{self, Event};
use crate::rules;
use crate::scenario::Scenario;
use crate::state::{MajinId, State};
use crate::view::{self, View};
use crate::zones::Place;
use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Positions, Seat, SeatSet,
};

/// Uzumajin as a [`Game`]: use it from generic code (bots, the conformance suite, the
/// examples). The free functions of the crate root do the same for direct callers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uzumajin;

impl Game for Uzumajin {
    const NAME: &'static str = "uzumajin";
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
        // Exactly one seat decides at a time (MJ-5.5).
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

impl Positions for Uzumajin {
    type Scenario = Scenario;

    fn from_scenario(scenario: &Scenario) -> Result<State, Error> {
        scenario.build()
    }
}

impl Determinize for Uzumajin {
    /// Re-deals, for each player, the cards `observer` cannot identify among themselves:
    /// the MB (order and contents), the damage zone, the hand (unless it is the
    /// observer's) and the face-down majin cards (unless the observer owns them or peeked
    /// at them). Cards never change owner. Under `ura_any_card = false` face-down slots
    /// receive souls only, as the public rules promise. Peek memories follow their cards.
    /// The generator is replaced.
    fn resample(state: &State, observer: Observer, rng: &mut GameRng) -> State {
        let mut t = state.clone();
        t.rng = rng.split();
        let souls_only = !t.config().ura_any_card;
        let can_look = t.config().damage_zone_owner_can_look;
        let rules = t.rules.0.clone();
        let observer_peeked: Vec<CardId> = observer
            .seat()
            .filter(|p| p.index() < 2)
            .map(|p| t.player(p).peeked.to_vec())
            .unwrap_or_default();
        let mut map: Vec<(CardId, CardId)> = Vec::new();
        for i in 0..2 {
            let own = observer.is(Seat(i as u8));
            let asked =
                matches!(t.pending, crate::state::Pending::UraMajin { seat } if seat.index() == i);
            let seat = Seat(i as u8);
            let zones = &mut t.zones;
            let majins = t.majins.of_mut(seat);
            let mut pool: Vec<CardId> = zones.get(seat, Place::Mb).to_vec();
            let hide_damage = !(own && can_look);
            if hide_damage {
                pool.extend_from_slice(zones.get(seat, Place::Damage));
            }
            if !own {
                pool.extend_from_slice(zones.get(seat, Place::Hand));
            }
            let fd_slots: Vec<usize> = if own {
                Vec::new()
            } else {
                majins
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| {
                        m.face_down_card()
                            .is_some_and(|c| !observer_peeked.contains(&c))
                    })
                    .map(|(k, _)| k)
                    .collect()
            };
            let before: Vec<CardId> = pool
                .iter()
                .copied()
                .chain(
                    fd_slots
                        .iter()
                        .filter_map(|&k| majins[k].cards.first().copied()),
                )
                .collect();
            pool.extend(
                fd_slots
                    .iter()
                    .filter_map(|&k| majins[k].cards.first().copied()),
            );
            // Shuffling the sorted pool makes the result depend only on what the observer
            // knows: two states it cannot tell apart resample alike for the same
            // generator, and a determinizing bot decides alike in them.
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            // Face-down slots first take souls (if they must be souls), the rest in order.
            let mut fd_cards = Vec::with_capacity(fd_slots.len());
            if souls_only {
                let mut k = 0;
                while fd_cards.len() < fd_slots.len() && k < pool.len() {
                    if rules.card_type(pool[k]) == Some(CardType::Soul) {
                        fd_cards.push(pool.remove(k));
                    } else {
                        k += 1;
                    }
                }
            }
            let mut rest = pool.into_iter();
            for c in zones.get_mut(seat, Place::Mb) {
                *c = rest.next().unwrap_or(*c);
            }
            if hide_damage {
                for c in zones.get_mut(seat, Place::Damage) {
                    *c = rest.next().unwrap_or(*c);
                }
            }
            if !own {
                for c in zones.get_mut(seat, Place::Hand) {
                    *c = rest.next().unwrap_or(*c);
                }
            }
            let mut fd_iter = fd_cards.into_iter();
            for &k in &fd_slots {
                let new = fd_iter.next().or_else(|| rest.next());
                if let (Some(new), Some(slot)) = (new, majins[k].cards.first_mut()) {
                    *slot = new;
                }
            }
            // Being asked for an ura majin under `ura_any_card = false` shows that the hand
            // holds a soul: keep one there, swapped with the first hand card.
            let is_soul = |c: &CardId| rules.card_type(*c) == Some(CardType::Soul);
            let hand = zones.get(seat, Place::Hand);
            if let (true, Some(&first)) = (
                souls_only && asked && !own && !hand.iter().any(is_soul),
                hand.first(),
            ) {
                let soul_in = |place| {
                    let k = zones.get(seat, place).iter().position(is_soul)?;
                    Some((place, k))
                };
                let found =
                    soul_in(Place::Mb).or_else(|| soul_in(Place::Damage).filter(|_| hide_damage));
                if let Some((place, k)) = found {
                    let soul = zones.get(seat, place)[k];
                    zones.get_mut(seat, place)[k] = first;
                    zones.get_mut(seat, Place::Hand)[0] = soul;
                }
            }
            let mut after: Vec<CardId> = zones.get(seat, Place::Mb).to_vec();
            if hide_damage {
                after.extend_from_slice(zones.get(seat, Place::Damage));
            }
            if !own {
                after.extend_from_slice(zones.get(seat, Place::Hand));
            }
            after.extend(
                fd_slots
                    .iter()
                    .filter_map(|&k| majins[k].cards.first().copied()),
            );
            map.extend(before.into_iter().zip(after));
        }
        // Peek memories follow the face-down cards they remember.
        map.retain(|(a, b)| a != b);
        map.sort_unstable();
        for p in &mut t.players {
            for c in &mut p.peeked {
                if let Ok(k) = map.binary_search_by_key(c, |(a, _)| *a) {
                    *c = map[k].1;
                }
            }
            p.peeked.sort_unstable();
        }
        t
    }
}

impl Conformance for Uzumajin {
    fn random_config(rng: &mut GameRng) -> Config {
        let mut c = Config::default();
        let (red, blue) = (Deck::sample_red(), Deck::sample_blue());
        c.decks = match rng.below(4) {
            0 => [red, blue],
            1 => [blue, red],
            2 => [red.clone(), red],
            _ => [blue.clone(), blue],
        };
        let mut one_in = |k: usize| rng.below(k) == 0;
        if one_in(4) {
            c.first_player = FirstPlayer::Fixed(Seat(u8::from(one_in(2))));
        }
        if one_in(5) {
            c.turn_count_basis = TurnCountBasis::Global;
        }
        if one_in(5) {
            c.ura_any_card = false;
        }
        if one_in(6) {
            c.power_rule = PowerRule::TopSoul;
        } else if one_in(6) {
            c.power_rule = PowerRule::MaxFaceUp;
        }
        if one_in(6) {
            c.max_cards_per_majin = None;
        }
        if one_in(4) {
            c.uzumajin_bonus_optional = true;
        }
        if one_in(4) {
            c.combat_window = CombatWindow::EveryAttack;
        }
        if one_in(5) {
            c.combat_cards_per_player = 2;
        }
        if one_in(5) {
            c.block_taps_blocker = true;
        }
        if one_in(5) {
            c.prepare_zone_can_block = true;
        }
        if one_in(4) {
            c.advance_optional = true;
        }
        if one_in(5) {
            c.mp_mode = MpMode::LiveCount;
        }
        if one_in(5) {
            c.colour_source = ColourSource::AnyFaceUp;
        }
        if one_in(5) {
            c.empty_mb_damage = EmptyMbDamage::LoseImmediately;
        }
        if one_in(5) {
            c.damage_zone_owner_can_look = true;
        }
        if one_in(5) {
            c.auto_pass = true;
        }
        if one_in(8) {
            c.max_copies_per_card = None;
        }
        if one_in(6) {
            c.damage_to_lose = 3 + rng.below(8) as u8;
        }
        c.max_turns = Some(10 + rng.below(60) as u32);
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
        let cards = state.rules().num_cards() + 2;
        let card = CardId(rng.below(cards) as u16);
        let majin = MajinId(rng.below(usize::from(state.next_majin) + 2) as u16);
        let seat = Seat(rng.below(4) as u8);
        let flag = rng.below(2) == 0;
        let choice = match rng.below(17) {
            0 => Choice::ChooseTurnOrder { go_first: flag },
            1 => Choice::PlaceUraMajin { card },
            2 => Choice::SkipUraMajin,
            3 => Choice::PlaySoul {
                card,
                place: if flag {
                    Placement::New
                } else {
                    Placement::Onto(majin)
                },
            },
            4 => Choice::PlaySpell { card },
            5 => Choice::EndMain,
            6 => Choice::DeclareAttack { majin },
            7 => Choice::EndAttacks,
            8 => Choice::ChooseTarget { majin },
            9 => Choice::AnswerMay { yes: flag },
            10 => Choice::Block { majin },
            11 => Choice::NoBlock,
            12 => Choice::UseCombat { card },
            13 => Choice::PassPriority,
            14 => Choice::AdvanceMajin { majin },
            15 => Choice::StopAdvancing,
            _ => Choice::UzumajinBonus { take_two: flag },
        };
        Action { seat, choice }
    }

    fn max_actions(config: &Config) -> usize {
        // Every own turn draws a card or loses, so turns are bounded by the decks.
        let deck = usize::from(config.deck_size);
        let turns = config
            .max_turns
            .map_or(2 * deck + 2, |t| (t as usize).min(2 * deck + 2));
        let majins = 2 * deck;
        let window = 2 * (usize::from(config.combat_cards_per_player) + 1) + 2;
        let per_turn = 4 + majins * (4 + window) + majins;
        let per_card = 2 + 2 * crate::cards::MAX_EFFECT_STEPS;
        turns * per_turn + 2 * deck * per_card + 10
    }

    fn num_seats(_config: &Config) -> usize {
        2
    }

    fn heuristic(view: &View, seat: Seat) -> f64 {
        let me = seat.index().min(1);
        let them = 1 - me;
        let won = match &view.outcome {
            Some(Outcome::Winners(w)) if w.contains(seat) => 1000.0,
            Some(Outcome::Winners(_)) => -1000.0,
            Some(Outcome::Draw) => 0.0,
            None => 0.0,
        };
        let (Some(mine), Some(theirs)) = (view.players.get(me), view.players.get(them)) else {
            return won;
        };
        let board = |p: &crate::view::PlayerView| -> f64 {
            p.majins
                .iter()
                .map(|m| f64::from(m.power) + if m.uzumajin { 5.0 } else { 0.0 })
                .sum()
        };
        won + 10.0 * theirs.damage_count as f64 - 10.0 * mine.damage_count as f64 + board(mine)
            - board(theirs)
            + 0.5 * mine.hand_count as f64
    }
}
