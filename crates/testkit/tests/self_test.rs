//! The kit tests itself on a toy game: the correct game passes, each broken variant is
//! caught by the check meant for it.

mod toy;

use fuda_core::{Game, Seat};
use fuda_testkit::{
    check_game, fuzz_check, fuzz_load, fuzz_load_one, fuzz_one, fuzz_play, fuzz_play_one,
    load_config, load_replay, load_state, playout, run_conformance, run_corpus, run_playouts, Bot,
    BotKind, Check, CheckOptions, Conformance, EventLeakCheck, GreedyBot, Loader, RandomBot,
};
use toy::{Toy, ToyConfig, DIRTY_ERROR, FAIR, LEAKY_EVENTS, LEAKY_VIEW, PANICS, UNSORTED};

fn opts() -> CheckOptions {
    CheckOptions::default()
}

#[test]
fn the_fair_game_passes_the_suite() {
    let report = run_conformance::<Toy<FAIR>>(300, 1, &opts()).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(report.games, 300);
    assert!(report.steps >= 300 * 2, "{report}");
    assert!(report.longest <= 8);
}

#[test]
fn the_suite_is_reproducible() {
    let a = run_conformance::<Toy<FAIR>>(40, 9, &opts()).unwrap();
    let b = run_conformance::<Toy<FAIR>>(40, 9, &opts()).unwrap();
    assert_eq!((a.games, a.steps, a.longest), (b.games, b.steps, b.longest));
}

#[test]
fn one_checked_game_reports_its_outcome() {
    let config = ToyConfig {
        deck_size: 10,
        hand_size: 3,
        rounds: 3,
    };
    let report = check_game::<Toy<FAIR>>(&config, 5, &[0, 1, 2], &opts()).unwrap();
    assert_eq!(report.steps, 6);
    assert!(report.outcome.is_some());
}

#[test]
fn a_view_showing_the_opponents_hand_is_a_leak() {
    let failure = run_conformance::<Toy<LEAKY_VIEW>>(50, 2, &opts()).unwrap_err();
    assert_eq!(failure.violation.check, Check::Leak, "{failure}");
    let text = failure.to_string();
    assert!(
        text.contains("[leak] toy seed") && text.contains("minimal failing case"),
        "{text}"
    );

    let single = check_game::<Toy<LEAKY_VIEW>>(&ToyConfig::default(), 3, &[], &opts()).unwrap_err();
    assert_eq!(single.check, Check::Leak);
    assert_eq!(single.step, 0);
    assert!(single.excerpt.contains("ToyState"), "{single}");
}

#[test]
fn events_showing_the_opponents_draw_are_a_leak() {
    for mode in [EventLeakCheck::Strict, EventLeakCheck::Lenient] {
        let opts = CheckOptions {
            event_leaks: mode,
            ..opts()
        };
        let failure = run_conformance::<Toy<LEAKY_EVENTS>>(100, 5, &opts).unwrap_err();
        assert_eq!(failure.violation.check, Check::Leak, "{mode:?}: {failure}");
        assert!(
            failure.violation.message.contains("events shown to"),
            "{failure}"
        );
    }
    let off = CheckOptions {
        event_leaks: EventLeakCheck::Off,
        ..opts()
    };
    run_conformance::<Toy<LEAKY_EVENTS>>(100, 5, &off).unwrap();
}

#[test]
fn a_refusal_that_changes_the_state_is_caught() {
    let failure = run_conformance::<Toy<DIRTY_ERROR>>(50, 3, &opts()).unwrap_err();
    assert_eq!(
        failure.violation.check,
        Check::IllegalUnchanged,
        "{failure}"
    );
    assert!(failure.violation.action.is_some());
}

#[test]
fn an_unsorted_legal_list_is_caught() {
    let failure = run_conformance::<Toy<UNSORTED>>(50, 4, &opts()).unwrap_err();
    assert_eq!(failure.violation.check, Check::LegalOrder, "{failure}");
}

#[test]
fn a_panicking_game_is_reported_not_propagated() {
    let config = ToyConfig {
        deck_size: 10,
        hand_size: 3,
        rounds: 3,
    };
    let v = check_game::<Toy<PANICS>>(&config, 1, &[], &opts()).unwrap_err();
    assert_eq!((v.check, v.step), (Check::Panic, 2), "{v}");
    assert!(v.message.contains("toy panic"), "{v}");
    let failure = run_conformance::<Toy<PANICS>>(20, 6, &opts()).unwrap_err();
    assert_eq!(failure.violation.check, Check::Panic, "{failure}");
}

#[test]
fn an_invalid_configuration_is_a_setup_violation() {
    let config = ToyConfig {
        deck_size: 3,
        hand_size: 2,
        rounds: 1,
    };
    let v = check_game::<Toy<FAIR>>(&config, 0, &[], &opts()).unwrap_err();
    assert_eq!(v.check, Check::Setup);
    assert!(v.to_string().contains("invalid configuration"), "{v}");
}

#[test]
fn bots_play_legal_games_to_the_end() {
    let config = ToyConfig {
        deck_size: 12,
        hand_size: 3,
        rounds: 4,
    };
    for seed in 0..20 {
        let state = Toy::<FAIR>::new_game(&config, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy<FAIR>>>> = vec![
            Box::new(GreedyBot::<Toy<FAIR>>::new(seed)),
            Box::new(RandomBot::<Toy<FAIR>>::new(seed)),
        ];
        let result = playout(state, &mut bots, 100);
        assert!(
            result.outcome.is_some() && result.stalled.is_none(),
            "{result:?}"
        );
        assert_eq!(result.steps, 8);
    }
    let state = Toy::<FAIR>::new_game(&config, 1).unwrap();
    let cut = playout::<Toy<FAIR>>(state, &mut [Box::new(RandomBot::new(1))], 3);
    assert_eq!((cut.steps, cut.outcome), (3, None));
}

#[test]
fn the_greedy_bot_takes_the_winning_card() {
    // With one round left and the opponent's card already down, the greedy bot's only
    // useful information is its own hand: its highest card is never worse.
    let config = ToyConfig {
        deck_size: 12,
        hand_size: 3,
        rounds: 1,
    };
    let mut bot = GreedyBot::<Toy<FAIR>>::with_samples(7, 4);
    let mut random = RandomBot::<Toy<FAIR>>::new(7);
    let mut greedy_points = 0;
    let mut random_points = 0;
    for seed in 0..200 {
        let mut state = Toy::<FAIR>::new_game(&config, seed).unwrap();
        let first = random.choose(&state, Seat(0)).unwrap();
        Toy::<FAIR>::apply_in_place(&mut state, &first).unwrap();
        let mut alt = state.clone();
        let reply = bot.choose(&state, Seat(1)).unwrap();
        let other = random.choose(&state, Seat(1)).unwrap();
        Toy::<FAIR>::apply_in_place(&mut state, &reply).unwrap();
        Toy::<FAIR>::apply_in_place(&mut alt, &other).unwrap();
        let view = |s| Toy::<FAIR>::view(s, fuda_core::Observer::Seat(Seat(1)));
        greedy_points += Toy::<FAIR>::heuristic(&view(&state), Seat(1)) as i32;
        random_points += Toy::<FAIR>::heuristic(&view(&alt), Seat(1)) as i32;
    }
    assert!(
        greedy_points > random_points,
        "greedy {greedy_points}, random {random_points}"
    );
}

#[test]
fn playout_statistics_add_up() {
    let config = ToyConfig::default();
    let mut calls = 0;
    let mut progress = |done: usize, total: usize| {
        calls += 1;
        assert!(done <= total);
    };
    let stats = run_playouts::<Toy<FAIR>>(
        &config,
        100,
        3,
        BotKind::GreedyVsRandom,
        Some(&mut progress),
    )
    .unwrap();
    assert_eq!(calls, 100);
    assert_eq!(stats.games, 100);
    assert_eq!(stats.unfinished, 0);
    assert_eq!(
        stats.wins.iter().sum::<usize>() + stats.draws,
        100,
        "{stats}"
    );
    let again = run_playouts::<Toy<FAIR>>(&config, 100, 3, BotKind::GreedyVsRandom, None).unwrap();
    assert_eq!(
        (again.wins, again.draws, again.steps),
        (stats.wins, stats.draws, stats.steps)
    );
    let bad = ToyConfig {
        deck_size: 1,
        ..config
    };
    assert!(run_playouts::<Toy<FAIR>>(&bad, 1, 0, BotKind::Random, None).is_err());
}

#[test]
fn fuzz_bodies_accept_any_bytes_and_catch_bugs() {
    let mut rng = fuda_core::GameRng::from_seed(11);
    for len in 0..200 {
        let data: Vec<u8> = (0..len % 40).map(|_| rng.next_u64() as u8).collect();
        fuzz_one::<Toy<FAIR>>(&data);
    }
    // Mostly arbitrary actions: the dirty refusal is caught.
    let data = [
        7, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xF3, 0xFE, 0xF1, 0xFF, 0xF8, 0xFA,
    ];
    let caught = (0..20u8)
        .map(|k| {
            let mut d = data.to_vec();
            d[0] = k;
            fuzz_check::<Toy<DIRTY_ERROR>>(&d, &opts())
        })
        .find_map(Result::err)
        .expect("some input catches the dirty refusal");
    assert_eq!(caught.check, Check::IllegalUnchanged);
    // Legal moves run the leak check.
    assert_eq!(
        fuzz_check::<Toy<LEAKY_VIEW>>(&[0; 20], &opts())
            .unwrap_err()
            .check,
        Check::Leak
    );
}

#[test]
fn a_corpus_directory_runs_every_file() {
    let dir = std::env::temp_dir().join(format!("fuda-testkit-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, data) in [&b""[..], b"\x01", b"abcdefgh12345678\x00\x01\x02\xF5\x03"]
        .iter()
        .enumerate()
    {
        std::fs::write(dir.join(format!("input-{i}")), data).unwrap();
    }
    assert_eq!(run_corpus::<Toy<FAIR>>(&dir), 3);
    let leak = std::panic::catch_unwind(|| run_corpus::<Toy<LEAKY_VIEW>>(&dir));
    std::fs::remove_dir_all(&dir).unwrap();
    let message = leak.unwrap_err().downcast::<String>().unwrap();
    assert!(
        message.contains("input-") && message.contains("[leak]"),
        "{message}"
    );
}

/// The fast play body decodes bytes like the full-check body (the same game), accepts any
/// bytes for a fair game and catches a refusal that changes the state.
#[test]
fn the_fast_play_body_plays_the_same_game_and_catches_dirty_refusals() {
    let mut rng = fuda_core::GameRng::from_seed(12);
    for len in 0..200 {
        let data: Vec<u8> = (0..len % 40).map(|_| rng.next_u64() as u8).collect();
        let fast = fuzz_play::<Toy<FAIR>>(&data).unwrap();
        let full = fuzz_check::<Toy<FAIR>>(&data, &opts()).unwrap();
        assert_eq!(fast, full, "the same game for {data:?}");
        fuzz_play_one::<Toy<FAIR>>(&data);
    }
    let data = [
        7, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xF3, 0xFE, 0xF1, 0xFF, 0xF8, 0xFA,
    ];
    let caught = (0..40u8)
        .map(|k| {
            let mut d = data.to_vec();
            d[0] = k;
            fuzz_play::<Toy<DIRTY_ERROR>>(&d)
        })
        .find_map(Result::err)
        .expect("some input catches the dirty refusal");
    assert_eq!(caught.check, Check::IllegalUnchanged);
    assert!(caught.message.contains("changed the state"), "{caught}");
}

/// The load body: states, replays and configurations that load are checked, bad files are
/// refused quietly, a byte beyond the loaders is ignored, a loader's violation is reported.
#[test]
fn the_load_body_checks_what_loads() {
    type T = Toy<FAIR>;
    let loaders: &[Loader<T>] = &[load_state::<T>, load_replay::<T>, load_config::<T>];
    let config = ToyConfig::default();
    let mut state = T::new_game(&config, 3).unwrap();
    let mut replay = fuda_core::Replay::<T>::new(config.clone(), 3);
    let mut legal = Vec::new();
    for _ in 0..3 {
        T::legal_actions(&state, &mut legal);
        let Some(action) = legal.first().cloned() else {
            break;
        };
        T::apply_in_place(&mut state, &action).unwrap();
        replay.actions.push(action);
    }
    replay.seal(&state);
    let files = [
        (0u8, serde_json::to_vec(&state).unwrap()),
        (1, replay.to_json().into_bytes()),
        (2, serde_json::to_vec(&config).unwrap()),
        (0, b"{\"not\": \"a state\"}".to_vec()),
        (1, b"\xff\xfe".to_vec()),
        (9, b"ignored".to_vec()),
    ];
    for (kind, file) in files {
        let mut data = vec![kind];
        data.extend(file);
        fuzz_load::<T>(&data, loaders).unwrap();
        fuzz_load_one::<T>(&data, loaders);
    }
    fuzz_load::<T>(&[], loaders).unwrap();
    // A replay that reads but does not re-read as itself is a violation; a fair game's
    // replays always do, so a loader that claims otherwise shows the report's shape.
    let broken: &[Loader<T>] = &[|_| Err("the file reads but does not read back".into())];
    let violation = fuzz_load::<T>(&[0, b'{', b'}'], broken).unwrap_err();
    assert_eq!(violation.check, Check::Json);
    assert!(violation.message.contains("does not read back"));
}
