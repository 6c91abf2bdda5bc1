//! The bots never read hidden information except through `resample`, in every game.

use crate::common::positions;
use crate::common::spy::{peeks, Spy, SpyState};
use fuda_bots::{Bot, Budget, GreedyBot, IsmctsBot, IsmctsConfig, SearchReport};
use fuda_core::{Conformance, GameRng, Observer, Seat};
use fuda_creature_clash::CreatureClash;
use fuda_mattsan::Mattsan;
use fuda_monjan::Monjan;
use fuda_uzumajin::Uzumajin;

const POSITIONS: usize = 40;

fn search_config(iterations: u32) -> IsmctsConfig {
    IsmctsConfig {
        rollout_depth: Some(30),
        ..IsmctsConfig::with_budget(Budget::Iterations(iterations))
    }
}

/// A bot that looks at the real state: it plays its first action and picks the one after
/// which its view is best, judged in the real state instead of a determinization.
struct Cheat;

impl<G: Conformance> Bot<G> for Cheat {
    fn choose(&mut self, state: &G::State, seat: Seat) -> Option<G::Action> {
        let mut legal = Vec::new();
        G::legal_actions_for(state, seat, &mut legal);
        legal.into_iter().max_by(|a, b| {
            let score = |x: &G::Action| {
                G::apply(state, x).map_or(f64::NEG_INFINITY, |next| {
                    G::heuristic(&G::view(&next, Observer::Seat(seat)), seat)
                })
            };
            score(a).total_cmp(&score(b))
        })
    }
}

/// ISMCTS and greedy bots touch the real state only as its seat may (its own view and
/// legal actions, `resample` for it); a bot that applies actions to it is caught.
fn only_resample_reads_hidden_information<G: Conformance>() {
    let config = G::Config::default();
    let found = positions::<G>(&config, 5, POSITIONS);
    assert!(found.len() >= POSITIONS / 2, "too few positions");
    for (i, (state, seat)) in found.into_iter().enumerate() {
        let real = SpyState::real(state, seat);
        let before = peeks();
        let mut ismcts = IsmctsBot::<Spy<G>>::with_heuristic(i as u64, search_config(100));
        assert!(ismcts.choose(&real, seat).is_some());
        let mut greedy = GreedyBot::<Spy<G>>::with_samples(i as u64, 3);
        assert!(greedy.choose(&real, seat).is_some());
        assert_eq!(
            peeks(),
            before,
            "a bot peeked at the real state of {}",
            G::NAME
        );
        Bot::<Spy<G>>::choose(&mut Cheat, &real, seat);
        assert!(peeks() > before, "the spy did not catch the cheat");
    }
}

/// Two states `seat` cannot tell apart (same view and legal actions, different hidden
/// cards: the second is the first resampled for `seat`) get the same search, iteration by
/// iteration, from ISMCTS bots with the same seed — so the same decision.
fn indistinguishable_states_get_the_same_decision<G: Conformance>() {
    let config = G::Config::default();
    let found = positions::<G>(&config, 5, POSITIONS);
    assert!(found.len() >= POSITIONS / 2, "too few positions");
    let mut different = 0;
    for (i, (state, seat)) in found.into_iter().enumerate() {
        let me = Observer::Seat(seat);
        let mut rng = GameRng::from_seed(i as u64);
        let twin = G::resample(&state, me, &mut rng);
        assert_eq!(G::view(&state, me), G::view(&twin, me));
        if twin != state {
            different += 1;
        }
        let search = |s: &G::State| -> (Option<G::Action>, SearchReport<G::Action>) {
            let mut bot = IsmctsBot::<G>::with_heuristic(99, search_config(200));
            let action = bot.choose(s, seat);
            let mut report = bot.last_search().cloned().expect("a search ran");
            report.elapsed = Default::default();
            (action, report)
        };
        let (a, report_a) = search(&state);
        let (b, report_b) = search(&twin);
        assert_eq!(a, b, "{}: position {i} decided differently", G::NAME);
        assert_eq!(
            report_a,
            report_b,
            "{}: position {i} searched differently",
            G::NAME
        );
    }
    assert!(different > 0, "{}: no position had hidden cards", G::NAME);
}

#[test]
fn creature_clash_bots_read_hidden_cards_only_through_resample() {
    only_resample_reads_hidden_information::<CreatureClash>();
}

#[test]
fn uzumajin_bots_read_hidden_cards_only_through_resample() {
    only_resample_reads_hidden_information::<Uzumajin>();
}

#[test]
fn mattsan_bots_read_hidden_cards_only_through_resample() {
    only_resample_reads_hidden_information::<Mattsan>();
}

#[test]
fn monjan_bots_read_hidden_cards_only_through_resample() {
    only_resample_reads_hidden_information::<Monjan>();
}

#[test]
fn creature_clash_indistinguishable_states_same_decision() {
    indistinguishable_states_get_the_same_decision::<CreatureClash>();
}

#[test]
fn uzumajin_indistinguishable_states_same_decision() {
    indistinguishable_states_get_the_same_decision::<Uzumajin>();
}

#[test]
fn mattsan_indistinguishable_states_same_decision() {
    indistinguishable_states_get_the_same_decision::<Mattsan>();
}

#[test]
fn monjan_indistinguishable_states_same_decision() {
    indistinguishable_states_get_the_same_decision::<Monjan>();
}
