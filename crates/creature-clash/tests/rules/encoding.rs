//! Issue 13: the numeric encoding of views and the bound on legal actions
//! ([`Encoding`]), checked over random games.

use fuda_core::{Conformance, Encoding, Game, GameRng, Observer};
use fuda_creature_clash::{Choice, Config, CreatureClash, EndOfTurnAdjust, Pending};
use fuda_testkit::encoding;

type G = CreatureClash;

/// The values of every observation lie in this range.
const RANGE: std::ops::RangeInclusive<f32> = 0.0..=4.0;

/// Issue 13: for every observer the encoding has `encoding_len` finite values, and no
/// seat ever has more legal actions than `max_legal_actions`, over random configurations.
#[test]
fn issue_13_length_finite_and_action_bound_random_configs() {
    let mut rng = GameRng::from_seed(13);
    for seed in 0..60 {
        let config = G::random_config(&mut rng);
        let bound = G::max_legal_actions(&config);
        let most = encoding::play::<G>(&config, seed, 400, |s| {
            encoding::check_lengths::<G>(&config, s, RANGE)
        });
        assert!(
            most <= bound,
            "seed {seed}: {most} legal actions > bound {bound}: {config:?}"
        );
    }
}

/// Issue 13: the default configurations of 2 to 6 players, many games each: the most
/// legal actions seen against the bound (printed), and the length check.
#[test]
fn issue_13_action_bound_default_configs() {
    for n in 2..=6u8 {
        for adjust in [EndOfTurnAdjust::AllPlayers, EndOfTurnAdjust::ActiveOnly] {
            let mut config = Config::for_players(n);
            config.end_of_turn_adjust = adjust;
            config.rabies_requires_prior_win = adjust == EndOfTurnAdjust::AllPlayers;
            let bound = G::max_legal_actions(&config);
            let mut most = 0;
            for seed in 0..40 {
                most = most.max(encoding::play::<G>(&config, seed, 600, |_| {}));
            }
            println!(
                "{n} players, {adjust:?}, rabies_requires_prior_win {}: encoding_len {}, \
                 most legal actions seen {most}, bound {bound}",
                config.rabies_requires_prior_win,
                G::encoding_len(&config)
            );
            assert!(most <= bound, "{n} players: {most} > {bound}");
        }
    }
    assert_eq!(G::encoding_len(&Config::default()), 107 + 20 * 102);
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
        encoding::play::<G>(&config, seed, 300, |s| {
            compared += encoding::check_resamples_encode_the_same::<G>(&config, s, &mut r);
        });
    }
    assert!(compared > 1000);
}

/// Issue 13: different visible situations encode differently: the turn draw changes the
/// drawer's encoding (a new card in its hand) and every observer's (the hand size, the
/// deck count, the decision); and two seats never see the same encoding.
#[test]
fn issue_13_visible_changes_change_the_encoding() {
    let config = Config::default();
    let mut s = G::new_game(&config, 7).unwrap();
    let Pending::TurnStart { seat } = s.pending() else {
        panic!("the game starts with a turn start: {:?}", s.pending());
    };
    let before: Vec<Vec<f32>> = encoding::observers(4)
        .into_iter()
        .map(|o| encoding::encode::<G>(&config, &s, o))
        .collect();
    for (i, a) in before.iter().enumerate() {
        for b in &before[i + 1..] {
            assert_ne!(a, b);
        }
    }
    let hand_before = s.hand(seat).to_vec();
    G::apply_in_place(
        &mut s,
        &fuda_creature_clash::Action {
            seat,
            choice: Choice::DrawForTurn,
        },
    )
    .unwrap();
    if s.hand(seat) != hand_before.as_slice() {
        // The drawn card is in the drawer's hand zone now.
        let e = encoding::encode::<G>(&config, &s, Observer::Seat(seat));
        let new = s
            .hand(seat)
            .iter()
            .find(|c| !hand_before.contains(c))
            .unwrap();
        let at = fuda_creature_clash::SCALARS + fuda_creature_clash::PER_CARD * new.index();
        assert_eq!(e[at + 1], 1.0, "the drawn card is in the own-hand zone");
    }
    for (o, b) in encoding::observers(4).into_iter().zip(&before) {
        assert_ne!(&encoding::encode::<G>(&config, &s, o), b, "{o}");
    }
}
