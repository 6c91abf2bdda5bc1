//! The [`Game`] contract for Mattsan, with resampling for bots and the leak check, and
//! what the conformance suite needs.

use crate::action::{Action, Choice};
use crate::cards::{CardId, CardType};
use crate::config::{BothLoseTiebreak, Config, DeckChoice, DefeatOrder, FirstPlayerMethod};
use crate::error::Error;
use crate::event::{self, Event};
use crate::rules;
use crate::state::{Loc, State};
use crate::view::{self, CardView, View};
use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};

/// Mattsan Card Game as a [`Game`]: use it from generic code (bots, the conformance
/// suite, the examples). The free functions of the crate root do the same.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mattsan;

impl Game for Mattsan {
    const NAME: &'static str = "mattsan";
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
        if state.g.outcome.is_some() {
            SeatSet::EMPTY
        } else {
            state.g.pending.seats()
        }
    }

    fn actor(action: &Action) -> Seat {
        action.seat
    }

    fn legal_actions_for(state: &State, seat: Seat, out: &mut Vec<Action>) {
        rules::legal::legal_actions(state, seat, out);
    }

    /// The default, seat by seat in seat order, written straight into `out` (the default
    /// goes through a temporary list, one allocation per call).
    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        out.clear();
        for seat in Self::to_act(state).iter() {
            rules::legal::append_legal_actions(state, seat, out);
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
        state.g.outcome.clone()
    }
}

impl Determinize for Mattsan {
    /// Re-deals what `observer` cannot know (see `resample.rs`): every deck order, and the
    /// other seat's hidden cards — from its own cards with `open_decklists`, from the whole
    /// card set under the deck-building rules otherwise (MS-D3) — keeping every public
    /// fact true. The generator is replaced.
    fn resample(state: &State, observer: Observer, rng: &mut GameRng) -> State {
        crate::resample::resample(state, observer, rng)
    }
}

/// Sample deck A with its terrains replaced (for `terrain_enabled = false`).
fn without_terrains(state_cards: &crate::cards::CardSet, deck: &str) -> Vec<String> {
    let list = state_cards
        .deck(deck)
        .map(<[String]>::to_vec)
        .unwrap_or_default();
    let mut out: Vec<String> = list
        .iter()
        .filter(|c| {
            state_cards
                .find(c)
                .and_then(|d| state_cards.def(d))
                .is_some_and(|d| d.card_type() != CardType::Terrain)
        })
        .cloned()
        .collect();
    // Fill with cards that still have copies left (units first), up to 30.
    for def in state_cards.defs() {
        while out.len() < list.len()
            && def.card_type() != CardType::Terrain
            && out.iter().filter(|c| *c == def.id()).count() < usize::from(def.deck_limit().min(3))
        {
            out.push(def.id().to_string());
        }
    }
    out
}

impl Conformance for Mattsan {
    fn random_config(rng: &mut GameRng) -> Config {
        let mut one_in = |k: usize| rng.below(k) == 0;
        let mut c = Config::default();
        if one_in(2) {
            c.decks.swap(0, 1);
        }
        if one_in(6) {
            c.decks = [DeckChoice::a(), DeckChoice::a()];
        } else if one_in(6) {
            c.decks = [DeckChoice::b(), DeckChoice::b()];
        }
        if one_in(8) {
            c.mulligan_on_no_unit = false;
        }
        if one_in(8) {
            c.first_player_method = FirstPlayerMethod::Fixed(Seat(1));
        }
        if one_in(8) {
            c.first_player_skips_first_draw = false;
        }
        if one_in(8) {
            c.setup_bench_max = 1;
        }
        if one_in(8) {
            c.base_bench_capacity = 4;
        }
        if one_in(8) {
            c.soul_charge_per_turn = 2;
        }
        if one_in(8) {
            c.battle_action_required = false;
        }
        if one_in(8) {
            c.face_up_placement_triggers_flip = false;
        }
        if one_in(8) {
            c.trap_usable_turn_set = false;
        }
        if one_in(8) {
            c.terrain_under_occupant = false;
        }
        if one_in(8) {
            c.refill_from_hand = true;
        }
        if one_in(8) {
            c.both_lose_tiebreak = BothLoseTiebreak::Draw;
        }
        if one_in(8) {
            c.dice_sides = 4;
        }
        if one_in(6) {
            c.simultaneous_defeat_order = DefeatOrder::Batch;
        }
        if one_in(3) {
            c.open_decklists = true;
        }
        if one_in(10) {
            c.terrain_enabled = false;
            let set = crate::cards::CardSet::sample();
            c.decks = [
                DeckChoice::List(without_terrains(&set, "a")),
                DeckChoice::List(without_terrains(&set, "b")),
            ];
        }
        c.max_turns = Some(8 + rng.below(40) as u32);
        c
    }

    /// How many cards each seat has in the game (it never changes: no card is created or
    /// destroyed). Not the ids themselves: resampling with private deck lists (MS-D3)
    /// deals other copies into hidden places. Duplicated or misplaced ids are caught by
    /// the state checks of every JSON round trip.
    fn card_census(state: &State) -> Vec<u32> {
        let mut counts = vec![0u32; 2];
        for c in state.all_cards() {
            counts[state.owner(c).index() & 1] += 1;
        }
        counts
    }

    fn arbitrary_action(state: &State, rng: &mut GameRng) -> Action {
        let n = state.num_cards() + 3;
        let card = CardId(rng.below(n) as u16);
        let seat = Seat(rng.below(3) as u8);
        let bench = rng.below(10) as u8;
        let loc = if rng.below(3) == 0 {
            Loc::Battlefield
        } else {
            Loc::Bench(bench)
        };
        let flag = rng.below(2) == 0;
        let small = rng.below(4) as u8;
        let choice = match rng.below(29) {
            0 => Choice::SetupBattlefield { card },
            1 => Choice::SetupBench { card, bench },
            2 => Choice::SetupCommit,
            3 => Choice::SoulCharge { card },
            4 => Choice::ReturnSoul,
            5 => Choice::SkipSoulCharge,
            6 => Choice::ResolveStart {
                source: card,
                effect: small,
            },
            7 => Choice::DeclineStart {
                source: card,
                effect: small,
            },
            8 => Choice::PlaceUnit {
                card,
                bench,
                face_up: flag,
            },
            9 => Choice::FlipUnit { bench },
            10 => Choice::PlaceTrap { card, bench },
            11 => Choice::UseTrump { card },
            12 => Choice::PlaceTerrain { card, loc },
            13 => Choice::UseTerrain { loc },
            14 => Choice::ActivateTrap { bench },
            15 => Choice::Attack,
            16 => Choice::UseSpecial { index: small },
            17 => Choice::UseSuperSpecial { index: small },
            18 => Choice::Swap { bench },
            19 => Choice::EndTurn,
            20 => Choice::Pass,
            21 => Choice::Refill { bench },
            22 => Choice::RefillFromHand { card },
            23 => Choice::NextDefeat { loc },
            24 => Choice::DiscardForCost { card },
            25 => Choice::DiscardFromHand { card },
            26 => Choice::Target {
                side: Seat(rng.below(3) as u8),
                loc,
            },
            27 => Choice::Accept,
            _ => Choice::Decline,
        };
        Action { seat, choice }
    }

    fn num_seats(_config: &Config) -> usize {
        2
    }

    fn max_actions(config: &Config) -> usize {
        // Setup ≤ 10 actions per seat. A turn: ≤ 60 hand/field actions, each followed
        // by at most a few window passes, targets and refills.
        let turns = config.max_turns.map_or(60, |t| t as usize);
        let by_turns = 40 + turns * 600;
        config
            .max_actions
            .map_or(by_turns, |m| by_turns.min(m as usize))
    }

    fn heuristic(view: &View, seat: Seat) -> f64 {
        let won = match &view.outcome {
            Some(o) if o.is_winner(seat) => 1000.0,
            Some(Outcome::Draw) => 0.0,
            Some(_) => -1000.0,
            None => 0.0,
        };
        let side = |p: usize| -> f64 {
            let Some(pv) = view.players.get(p) else {
                return 0.0;
            };
            let units = pv.field.iter().filter(|s| s.occupant.is_some()).count() as f64;
            let hp: f64 = pv
                .field
                .iter()
                .filter_map(|s| match &s.occupant {
                    Some(CardView::FaceUp { damage, max_hp, .. }) => {
                        Some(f64::from(*max_hp) - f64::from(*damage))
                    }
                    _ => None,
                })
                .sum();
            // Cards in hand are worth less than what they do on the field, or a greedy
            // player would hoard them instead of playing.
            units * 3.0
                + hp
                + 0.3 * pv.hand_count as f64
                + 0.5 * pv.soul_upright as f64
                + pv.deck_count as f64 * 0.1
        };
        let me = seat.index();
        won + side(me) - side(1 - me.min(1))
    }
}
