//! Issue 13: the numeric encoding of views and the bound on legal actions
//! ([`Encoding`]), checked over random games.

use fuda_core::{Conformance, Determinize, Encoding, Game, GameRng, Observer, Seat};
use fuda_creature_clash::{Choice, Config, CreatureClash, EndOfTurnAdjust, Pending};

type G = CreatureClash;

fn observers(n: usize) -> Vec<Observer> {
    let mut o: Vec<Observer> = (0..n).map(|i| Observer::Seat(Seat(i as u8))).collect();
    o.push(Observer::Spectator);
    o
}

fn encode(config: &Config, state: &<G as Game>::State, o: Observer) -> Vec<f32> {
    let mut out = vec![1.0; 3]; // cleared by `encode`
    G::encode(config, &G::view(state, o), &mut out);
    out
}

/// Plays one random game of `config`, calling `check` before every action; returns the
/// most legal actions any seat had in one decision.
fn play(
    config: &Config,
    seed: u64,
    steps: usize,
    mut check: impl FnMut(&<G as Game>::State),
) -> usize {
    let mut rng = GameRng::from_seed(seed ^ 0x5eed);
    let mut s = G::new_game(config, seed).expect("valid config");
    let n = usize::from(config.num_players);
    let mut most = 0;
    let mut actions = Vec::new();
    for _ in 0..steps {
        if G::outcome(&s).is_some() {
            break;
        }
        check(&s);
        let mut options = Vec::new();
        for i in 0..n {
            G::legal_actions_for(&s, Seat(i as u8), &mut actions);
            most = most.max(actions.len());
            options.extend(actions.iter().cloned());
        }
        assert!(!options.is_empty());
        let a = options[rng.below(options.len())].clone();
        G::apply_in_place(&mut s, &a).expect("legal action");
    }
    check(&s);
    most
}

fn check_lengths(config: &Config, s: &<G as Game>::State) {
    let len = G::encoding_len(config);
    for o in observers(usize::from(config.num_players)) {
        let e = encode(config, s, o);
        assert_eq!(e.len(), len, "{o}");
        assert!(
            e.iter().all(|x| x.is_finite()),
            "{o}: a value is not finite"
        );
        assert!(
            e.iter().all(|x| (0.0..=4.0).contains(x)),
            "{o}: a value out of range"
        );
    }
}

/// Issue 13: for every observer the encoding has `encoding_len` finite values, and no
/// seat ever has more legal actions than `max_legal_actions`, over random configurations.
#[test]
fn issue_13_length_finite_and_action_bound_random_configs() {
    let mut rng = GameRng::from_seed(13);
    for seed in 0..60 {
        let config = G::random_config(&mut rng);
        let bound = G::max_legal_actions(&config);
        let most = play(&config, seed, 400, |s| check_lengths(&config, s));
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
                most = most.max(play(&config, seed, 600, |_| {}));
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
        play(&config, seed, 300, |s| {
            for o in observers(usize::from(config.num_players)) {
                let t = G::resample(s, o, &mut r);
                assert_eq!(encode(&config, s, o), encode(&config, &t, o), "{o}");
                compared += 1;
            }
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
    let before: Vec<Vec<f32>> = observers(4)
        .into_iter()
        .map(|o| encode(&config, &s, o))
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
        let e = encode(&config, &s, Observer::Seat(seat));
        let new = s
            .hand(seat)
            .iter()
            .find(|c| !hand_before.contains(c))
            .unwrap();
        let at = fuda_creature_clash::SCALARS + fuda_creature_clash::PER_CARD * new.index();
        assert_eq!(e[at + 1], 1.0, "the drawn card is in the own-hand zone");
    }
    for (o, b) in observers(4).into_iter().zip(&before) {
        assert_ne!(&encode(&config, &s, o), b, "{o}");
    }
}
