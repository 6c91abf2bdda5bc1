//! The numeric encoding of views and the bound on legal actions (issue 13), over random
//! playouts of random configurations: every seat and the spectator.

use fuda_core::{Conformance, Determinize, Encoding, Game, GameRng, Observer, Seat};
use fuda_mattsan::{Config, Mattsan};

type G = Mattsan;

/// The games played by each test (`MATTSAN_ENCODING_GAMES` overrides).
fn games() -> usize {
    std::env::var("MATTSAN_ENCODING_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120)
}

/// The spectator and every seat.
fn observers(seats: usize) -> Vec<Observer> {
    let mut v = vec![Observer::Spectator];
    v.extend((0..seats).map(|i| Observer::Seat(Seat(i as u8))));
    v
}

fn encode(config: &Config, s: &<G as Game>::State, o: Observer) -> Vec<f32> {
    let mut out = vec![f32::NAN; 3];
    G::encode(config, &G::view(s, o), &mut out);
    out
}

/// Plays random games, calling `check` on every state reached.
fn playouts(seed: u64, mut check: impl FnMut(&Config, &<G as Game>::State, &mut GameRng)) {
    let mut rng = GameRng::from_seed(seed);
    for g in 0..games() {
        // One game in four with the default configuration, the rest random.
        let config = if g % 4 == 0 {
            Config::default()
        } else {
            G::random_config(&mut rng)
        };
        let mut s = G::new_game(&config, g as u64).expect("config");
        let mut buf = Vec::new();
        let mut steps = 0;
        loop {
            check(&config, &s, &mut rng);
            if G::outcome(&s).is_some() || steps >= G::max_actions(&config) {
                break;
            }
            G::legal_actions(&s, &mut buf);
            let a = buf[rng.below(buf.len())].clone();
            s = G::apply(&s, &a).expect("legal");
            steps += 1;
        }
    }
}

/// Issue 13: every observation has `encoding_len` finite values, for every seat and the
/// spectator, and no seat ever has more legal actions than `max_legal_actions`.
#[test]
fn issue_13_length_finite_and_legal_actions_within_the_bound() {
    let default = Config::default();
    println!(
        "default config: encoding_len {}, max_legal_actions {}",
        G::encoding_len(&default),
        G::max_legal_actions(&default)
    );
    let mut seen = 0;
    let mut seen_default = 0;
    let mut buf = Vec::new();
    playouts(13, |config, s, _| {
        let seats = G::num_seats(config);
        let len = G::encoding_len(config);
        let bound = G::max_legal_actions(config);
        for o in observers(seats) {
            let e = encode(config, s, o);
            assert_eq!(e.len(), len, "{o:?}");
            assert!(e.iter().all(|x| x.is_finite()), "{o:?}: {e:?}");
        }
        for i in 0..seats {
            G::legal_actions_for(s, Seat(i as u8), &mut buf);
            assert!(buf.len() <= bound, "{} legal > bound {bound}", buf.len());
            seen = seen.max(buf.len());
            if config == &default {
                seen_default = seen_default.max(buf.len());
            }
        }
    });
    println!("most legal actions seen: {seen} (default config: {seen_default})");
}

/// Issue 13: an observer's encoding of a state equals its encoding of any resample of
/// that state for the observer (the encoding leaks nothing the view hides).
#[test]
fn issue_13_resampled_states_encode_the_same() {
    let mut compared = 0;
    playouts(31, |config, s, rng| {
        if rng.below(3) != 0 {
            return;
        }
        for o in observers(G::num_seats(config)) {
            let t = G::resample(s, o, rng);
            assert_eq!(encode(config, s, o), encode(config, &t, o), "{o:?}");
            compared += 1;
        }
    });
    println!("{compared} resamples compared");
    assert!(compared > 0);
}

/// Issue 13: two different visible situations encode differently: the seats' encodings
/// of one state differ from each other and from the spectator's, and an observer's
/// encoding changes whenever the board, hands or decision it sees change.
#[test]
fn issue_13_different_visible_situations_encode_differently() {
    let mut prev: Vec<Option<(<G as Game>::View, Vec<f32>)>> = vec![None; 5];
    let (mut changed, mut same) = (0, 0);
    playouts(57, |config, s, _| {
        let obs = observers(G::num_seats(config));
        let encs: Vec<Vec<f32>> = obs.iter().map(|&o| encode(config, s, o)).collect();
        for i in 0..encs.len() {
            for j in i + 1..encs.len() {
                assert_ne!(encs[i], encs[j], "{:?} vs {:?}", obs[i], obs[j]);
            }
        }
        for (k, &o) in obs.iter().enumerate() {
            let v = G::view(s, o);
            if let Some((pv, pe)) = &prev[k] {
                if *pv != v {
                    if *pe == encs[k] {
                        same += 1;
                        if same <= 3 {
                            println!("same encoding for different views:\n{pv:?}\n{v:?}");
                        }
                    } else {
                        changed += 1;
                    }
                }
            }
            prev[k] = Some((v, encs[k].clone()));
        }
    });
    println!("view changes: {changed} encoded differently, {same} the same");
    assert!(changed > 0);
    assert_eq!(same, 0, "a visible change left the encoding unchanged");
}
