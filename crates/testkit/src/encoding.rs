//! The checks of a game's numeric encoding ([`Encoding`], issue 13) that every game's
//! `tests/rules/encoding.rs` runs over random games: every observer's encoding has
//! [`Encoding::encoding_len`] finite values in a range, no seat ever has more legal actions
//! than [`Encoding::max_legal_actions`], and a resampled world encodes the same for the
//! observer it was resampled for (the encoding leaks nothing the view hides).

use fuda_core::{Conformance, Encoding, GameRng, Observer, Seat};
use std::ops::RangeInclusive;

/// Every seat of a table of `seats`, then the spectator.
pub fn observers(seats: usize) -> Vec<Observer> {
    let mut o: Vec<Observer> = (0..seats).map(|i| Observer::Seat(Seat(i as u8))).collect();
    o.push(Observer::Spectator);
    o
}

/// `observer`'s encoding of `state`, written over a non-empty buffer (`encode` must clear
/// what it is given).
pub fn encode<G: Encoding>(config: &G::Config, state: &G::State, observer: Observer) -> Vec<f32> {
    let mut out = vec![f32::NAN; 3];
    G::encode(config, &G::view(state, observer), &mut out);
    out
}

/// Plays one game of `config` from `seed` with uniformly random legal actions (over every
/// seat's legal actions, so simultaneous phases are played in any order), at most `steps`
/// of them, calling `check` on every state reached. Returns the most legal actions one
/// seat had in one decision.
pub fn play<G: Encoding + Conformance>(
    config: &G::Config,
    seed: u64,
    steps: usize,
    mut check: impl FnMut(&G::State),
) -> usize {
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut s = G::new_game(config, seed).expect("a valid configuration");
    let seats = G::num_seats(config);
    let mut most = 0;
    let mut actions = Vec::new();
    let mut options = Vec::new();
    for _ in 0..steps {
        if G::outcome(&s).is_some() {
            break;
        }
        check(&s);
        options.clear();
        for i in 0..seats {
            G::legal_actions_for(&s, Seat(i as u8), &mut actions);
            most = most.max(actions.len());
            options.extend(actions.iter().cloned());
        }
        assert!(
            !options.is_empty(),
            "the game is not over but nobody may act"
        );
        let a = options[rng.below(options.len())].clone();
        G::apply_in_place(&mut s, &a).expect("a listed action is accepted");
    }
    check(&s);
    most
}

/// Panics unless every observer's encoding of `state` has `encoding_len` values, all
/// finite and within `range`.
pub fn check_lengths<G: Encoding + Conformance>(
    config: &G::Config,
    state: &G::State,
    range: RangeInclusive<f32>,
) {
    let len = G::encoding_len(config);
    for o in observers(G::num_seats(config)) {
        let e = encode::<G>(config, state, o);
        assert_eq!(e.len(), len, "{o}: the encoding's length");
        assert!(
            e.iter().all(|x| x.is_finite()),
            "{o}: a value is not finite"
        );
        assert!(
            e.iter().all(|x| range.contains(x)),
            "{o}: a value out of {range:?}"
        );
    }
}

/// Panics unless every observer encodes `state` and a resampling of it for that observer
/// the same. Returns the number of observers compared.
pub fn check_resamples_encode_the_same<G: Encoding + Conformance>(
    config: &G::Config,
    state: &G::State,
    rng: &mut GameRng,
) -> usize {
    let observers = observers(G::num_seats(config));
    for &o in &observers {
        let t = G::resample(state, o, rng);
        assert_eq!(
            encode::<G>(config, state, o),
            encode::<G>(config, &t, o),
            "{o}: a resampled world encodes differently"
        );
    }
    observers.len()
}

/// Plays `games` random games from `seed` (one in four with the default configuration,
/// the others with [`Conformance::random_config`]), each by [`play`] to its end or its
/// action bound, calling `check` on every state reached.
pub fn playouts<G: Encoding + Conformance>(
    games: usize,
    seed: u64,
    mut check: impl FnMut(&G::Config, &G::State, &mut GameRng),
) {
    let mut rng = GameRng::from_seed(seed);
    for g in 0..games {
        let config = if g % 4 == 0 {
            G::Config::default()
        } else {
            G::random_config(&mut rng)
        };
        let steps = G::max_actions(&config);
        play::<G>(&config, g as u64, steps, |s| check(&config, s, &mut rng));
    }
}

/// The most legal actions one seat had in one decision, over all configurations and over
/// the default one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MostLegal {
    /// Over every configuration played.
    pub any: usize,
    /// Over the default configuration.
    pub default: usize,
}

/// Over [`playouts`]: every observer's encoding of every state has `encoding_len` finite
/// values within `range`, and no seat has more legal actions than `max_legal_actions`.
pub fn check_lengths_and_bound<G: Encoding + Conformance>(
    games: usize,
    seed: u64,
    range: RangeInclusive<f32>,
) -> MostLegal {
    let default = G::Config::default();
    let mut most = MostLegal::default();
    let mut buf = Vec::new();
    playouts::<G>(games, seed, |config, s, _| {
        check_lengths::<G>(config, s, range.clone());
        let bound = G::max_legal_actions(config);
        for i in 0..G::num_seats(config) {
            G::legal_actions_for(s, Seat(i as u8), &mut buf);
            assert!(
                buf.len() <= bound,
                "{} legal actions > bound {bound}",
                buf.len()
            );
            most.any = most.any.max(buf.len());
            if *config == default {
                most.default = most.default.max(buf.len());
            }
        }
    });
    most
}

/// Over [`playouts`], one state in three: [`check_resamples_encode_the_same`]. Returns the
/// number of (state, observer) pairs compared.
pub fn check_resamples<G: Encoding + Conformance>(games: usize, seed: u64) -> usize {
    let mut compared = 0;
    playouts::<G>(games, seed, |config, s, rng| {
        if rng.below(3) == 0 {
            compared += check_resamples_encode_the_same::<G>(config, s, rng);
        }
    });
    compared
}

/// Over [`playouts`]: the observers' encodings of one state all differ, and an observer's
/// encoding changes whenever its view changes (two different visible situations never
/// encode the same). Returns how many view changes were seen.
pub fn check_visible_changes_encode_differently<G: Encoding + Conformance>(
    games: usize,
    seed: u64,
) -> usize {
    let mut last: Vec<(Observer, G::View, Vec<f32>)> = Vec::new();
    let mut changed = 0;
    playouts::<G>(games, seed, |config, s, _| {
        let obs = observers(G::num_seats(config));
        let encs: Vec<Vec<f32>> = obs.iter().map(|&o| encode::<G>(config, s, o)).collect();
        for i in 0..encs.len() {
            for j in i + 1..encs.len() {
                assert_ne!(
                    encs[i], encs[j],
                    "{} and {} see the same encoding",
                    obs[i], obs[j]
                );
            }
        }
        for (&o, e) in obs.iter().zip(encs) {
            let v = G::view(s, o);
            match last.iter_mut().find(|(p, _, _)| *p == o) {
                Some((_, pv, pe)) => {
                    if *pv != v {
                        assert_ne!(
                            *pe, e,
                            "{o}: a visible change left the encoding unchanged:\n{pv:?}\n{v:?}"
                        );
                        changed += 1;
                    }
                    (*pv, *pe) = (v, e);
                }
                None => last.push((o, v, e)),
            }
        }
    });
    changed
}
