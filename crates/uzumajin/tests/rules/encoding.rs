//! Issue 13: the numeric encoding of views and the bound on legal actions
//! ([`Encoding`]), checked over random games.

use fuda_core::{Conformance, Encoding, Game, GameRng};
use fuda_testkit::encoding;
use fuda_uzumajin::{Action, Choice, Config, Pending, Uzumajin};

type G = Uzumajin;

/// The values of every observation lie in this range.
const RANGE: std::ops::RangeInclusive<f32> = -4.0..=4.0;

/// Issue 13: for every observer the encoding has `encoding_len` finite values, and no
/// seat ever has more legal actions than `max_legal_actions`, over random
/// configurations (the most seen is printed against the bound).
#[test]
fn issue_13_length_finite_and_action_bound_random_configs() {
    let mut rng = GameRng::from_seed(13);
    let mut most_seen = 0;
    for seed in 0..80 {
        let config = G::random_config(&mut rng);
        let bound = G::max_legal_actions(&config);
        let most = encoding::play::<G>(&config, seed, 2000, |s| {
            encoding::check_lengths::<G>(&config, s, RANGE)
        });
        assert!(
            most <= bound,
            "seed {seed}: {most} legal actions > bound {bound}"
        );
        most_seen = most_seen.max(most);
    }
    let config = Config::default();
    println!(
        "random configs: most legal actions seen {most_seen}; default config: \
         encoding_len {}, bound {}",
        G::encoding_len(&config),
        G::max_legal_actions(&config)
    );
}

/// Issue 13: the default configuration, many games: the most legal actions seen against
/// the bound (printed).
#[test]
fn issue_13_action_bound_default_config() {
    let config = Config::default();
    let bound = G::max_legal_actions(&config);
    let mut most = 0;
    for seed in 0..100 {
        most = most.max(encoding::play::<G>(&config, seed, 3000, |_| {}));
    }
    println!("default config: most legal actions seen {most}, bound {bound}");
    assert!(most <= bound);
    assert_eq!(bound, 421);
    assert_eq!(G::encoding_len(&config), 54 + 80 * 13 + 80 * 12);
}

/// Issue 13: no hidden information leaks: a state and any resampling of it for an
/// observer (what that observer cannot tell apart) encode the same for that observer.
#[test]
fn issue_13_resampled_states_encode_the_same() {
    let mut rng = GameRng::from_seed(1313);
    let mut compared = 0;
    for seed in 0..30 {
        let config = G::random_config(&mut rng);
        let mut r = GameRng::from_seed(seed);
        encoding::play::<G>(&config, seed, 400, |s| {
            compared += encoding::check_resamples_encode_the_same::<G>(&config, s, &mut r);
        });
    }
    assert!(compared > 1000);
}

/// Issue 13: different visible situations encode differently: the two seats and the
/// spectator never see the same encoding, and a card played from hand changes the
/// player's and the opponent's encodings.
#[test]
fn issue_13_visible_changes_change_the_encoding() {
    let config = Config::seat0_first();
    let mut s = G::new_game(&config, 7).unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut checked = 0;
    for _ in 0..400 {
        if G::outcome(&s).is_some() {
            break;
        }
        let before: Vec<Vec<f32>> = encoding::observers(2)
            .into_iter()
            .map(|o| encoding::encode::<G>(&config, &s, o))
            .collect();
        for (i, a) in before.iter().enumerate() {
            for b in &before[i + 1..] {
                assert_ne!(a, b);
            }
        }
        let seat = s.pending().seat().unwrap();
        let mut actions = Vec::new();
        G::legal_actions_for(&s, seat, &mut actions);
        let a: Action = actions[rng.below(actions.len())].clone();
        let plays = matches!(
            a.choice,
            Choice::PlaySoul { .. } | Choice::PlaySpell { .. } | Choice::PlaceUraMajin { .. }
        );
        G::apply_in_place(&mut s, &a).unwrap();
        if plays {
            for (o, b) in encoding::observers(2).into_iter().zip(&before) {
                assert_ne!(&encoding::encode::<G>(&config, &s, o), b, "{o} after {a:?}");
            }
            checked += 1;
        }
        if matches!(s.pending(), Pending::GameOver) {
            break;
        }
    }
    assert!(checked > 5, "only {checked} cards played");
}
