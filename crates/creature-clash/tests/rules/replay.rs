//! The versioned replay format on Creature Clash!: a replay reproduces the game, and a
//! replay of another game or of an unknown format version is refused with a clear error.

use fuda_core::{Game, GameRng, Replay, ReplayError, REPLAY_FORMAT_VERSION};
use fuda_creature_clash::{Config, CreatureClash};

/// Plays a random game of `turns` turns and records it.
fn recorded_game(seed: u64) -> (Replay<CreatureClash>, fuda_creature_clash::State) {
    let config = Config {
        turn_limit: 40,
        ..Config::for_players(4)
    };
    let mut replay = Replay::<CreatureClash>::new(config.clone(), seed);
    let mut state = CreatureClash::new_game(&config, seed).unwrap();
    let mut rng = GameRng::from_seed(seed);
    let mut legal = Vec::new();
    while CreatureClash::outcome(&state).is_none() {
        CreatureClash::legal_actions(&state, &mut legal);
        let action = rng.pick(&legal).unwrap().clone();
        CreatureClash::apply_in_place(&mut state, &action).unwrap();
        replay.actions.push(action);
    }
    (replay, state)
}

#[test]
fn replay_reproduces_the_final_state_through_json() {
    for seed in 0..20 {
        let (replay, state) = recorded_game(seed);
        let text = replay.to_json();
        let loaded = Replay::<CreatureClash>::from_json(&text).unwrap();
        assert_eq!(loaded, replay);
        assert_eq!(loaded.play().unwrap(), state, "seed {seed}");
    }
}

#[test]
fn replay_of_an_unknown_version_is_refused() {
    let (replay, _) = recorded_game(1);
    let mut value: serde_json::Value = serde_json::from_str(&replay.to_json()).unwrap();
    value["format_version"] = 99.into();
    let err = Replay::<CreatureClash>::from_json(&value.to_string()).unwrap_err();
    assert_eq!(
        err,
        ReplayError::UnknownVersion {
            found: 99,
            supported: REPLAY_FORMAT_VERSION
        }
    );
    assert!(err.to_string().contains("unknown replay format version 99"));
}

#[test]
fn replay_of_another_game_is_refused() {
    let (replay, _) = recorded_game(2);
    let mut value: serde_json::Value = serde_json::from_str(&replay.to_json()).unwrap();
    value["game"] = "monjan".into();
    let err = Replay::<CreatureClash>::from_json(&value.to_string()).unwrap_err();
    assert_eq!(
        err,
        ReplayError::WrongGame {
            found: "monjan".into(),
            expected: "creature-clash".into()
        }
    );
}

#[test]
fn malformed_and_tampered_replays_are_refused() {
    assert!(matches!(
        Replay::<CreatureClash>::from_json("{not json"),
        Err(ReplayError::Malformed { .. })
    ));
    assert!(matches!(
        Replay::<CreatureClash>::from_json(r#"{"game":"creature-clash"}"#),
        Err(ReplayError::Malformed { .. })
    ));
    // A configuration with 7 players loads but is refused when played.
    let (replay, _) = recorded_game(3);
    let mut value: serde_json::Value = serde_json::from_str(&replay.to_json()).unwrap();
    value["config"]["num_players"] = 7.into();
    let bad = Replay::<CreatureClash>::from_json(&value.to_string()).unwrap();
    assert!(
        matches!(bad.play(), Err(ReplayError::Setup { message }) if message.contains("7 players"))
    );
    // An action changed to one that is not legal there: refused at its index.
    let (mut replay, _) = recorded_game(4);
    let last = replay.actions.len() - 1;
    replay.actions.swap(0, last);
    match replay.play() {
        Err(ReplayError::IllegalAction { index, .. }) => assert!(index <= last),
        other => panic!("expected an illegal action, got {other:?}"),
    }
}
