//! Replays the committed corpora of the protocol target and of every game's load target
//! on stable, so `cargo test` keeps every input the fuzzer found (crashes included, once
//! fixed) as a regression test.

/// The inputs the fuzz targets share (`fuzz/common.rs`).
#[path = "../../../../fuzz/common.rs"]
mod fuzz_common;

use std::path::{Path, PathBuf};

fn corpus(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

#[test]
fn serve_corpus_replays_without_violations() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus("serve"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for path in &files {
        let data = std::fs::read(path).unwrap();
        if let Err(report) = fuda_serve::fuzz_lines(&mut fuzz_common::protocol_server(), &data) {
            panic!("{}: {report}", path.display());
        }
    }
    assert!(
        files.len() >= 10,
        "the corpus holds inputs: {}",
        files.len()
    );
}

#[test]
fn creature_clash_load_corpus_replays_without_violations() {
    let ran = fuda_testkit::run_load_corpus::<fuda_creature_clash::CreatureClash>(
        &corpus("creature_clash_load"),
        fuzz_common::CREATURE_CLASH,
    );
    assert!(ran >= 4, "the corpus holds inputs: {ran}");
}

#[test]
fn uzumajin_load_corpus_replays_without_violations() {
    let ran = fuda_testkit::run_load_corpus::<fuda_uzumajin::Uzumajin>(
        &corpus("uzumajin_load"),
        fuzz_common::UZUMAJIN,
    );
    assert!(ran >= 4, "the corpus holds inputs: {ran}");
}

#[test]
fn mattsan_load_corpus_replays_without_violations() {
    let ran = fuda_testkit::run_load_corpus::<fuda_mattsan::Mattsan>(
        &corpus("mattsan_load"),
        fuzz_common::MATTSAN,
    );
    assert!(ran >= 4, "the corpus holds inputs: {ran}");
}

#[test]
fn monjan_load_corpus_replays_without_violations() {
    let ran = fuda_testkit::run_load_corpus::<fuda_monjan::Monjan>(
        &corpus("monjan_load"),
        fuzz_common::MONJAN,
    );
    assert!(ran >= 4, "the corpus holds inputs: {ran}");
}

/// Writes the seed inputs of the protocol and load targets (`seed-*` files: request
/// scripts; states, replays, configurations and card sets of every game) into the
/// corpora. A generator, not a check: run it with
/// `cargo test -p fuda-serve --test protocol -- --ignored write_seed_corpus`
/// after a change of the JSON forms, then let the fuzzer minimise (`fuzz/README.md`).
#[test]
#[ignore = "a generator: writes the seed corpus"]
fn write_seed_corpus() {
    seeds::<fuda_creature_clash::CreatureClash>("creature_clash_load");
    seeds::<fuda_uzumajin::Uzumajin>("uzumajin_load");
    seeds::<fuda_mattsan::Mattsan>("mattsan_load");
    seeds::<fuda_monjan::Monjan>("monjan_load");
    serve_seeds();
}

fn write(target: &str, name: &str, kind: Option<u8>, body: &[u8]) {
    let dir = corpus(target);
    std::fs::create_dir_all(&dir).unwrap();
    let mut data = kind.map(|k| vec![k]).unwrap_or_default();
    data.extend_from_slice(body);
    std::fs::write(dir.join(name), data).unwrap();
}

fn sample_set(game: &str) -> &'static str {
    match game {
        "creature-clash" => include_str!("../../../creature-clash/src/data/sample.json"),
        "uzumajin" => include_str!("../../../uzumajin/src/data/sample.json"),
        "mattsan" => include_str!("../../../mattsan/src/data/sample.json"),
        _ => include_str!("../../../monjan/src/data/sample.json"),
    }
}

/// Plays `steps` first-or-second legal actions of `G` from `seed`; returns the states
/// passed through (JSON) and the sealed replay.
fn playthrough<G: fuda_core::Conformance>(
    config: &G::Config,
    seed: u64,
    steps: usize,
) -> (Vec<String>, String) {
    let mut state = G::new_game(config, seed).unwrap();
    let mut replay = fuda_core::Replay::<G>::new(config.clone(), seed);
    let mut states = vec![serde_json::to_string(&state).unwrap()];
    let mut legal = Vec::new();
    for step in 0..steps {
        G::legal_actions(&state, &mut legal);
        let Some(action) = legal.get(step % 2 % legal.len().max(1)).cloned() else {
            break;
        };
        G::apply_in_place(&mut state, &action).unwrap();
        replay.actions.push(action);
        states.push(serde_json::to_string(&state).unwrap());
    }
    replay.seal(&state);
    (states, replay.to_json())
}

fn seeds<G: fuda_core::Conformance>(target: &str) {
    let default = G::Config::default();
    let mut rng = fuda_core::GameRng::from_seed(1);
    let configs = [
        default.clone(),
        G::random_config(&mut rng),
        G::random_config(&mut rng),
    ];
    for (i, config) in configs.iter().enumerate() {
        write(
            target,
            &format!("seed-config-{i}"),
            Some(2),
            serde_json::to_string(config).unwrap().as_bytes(),
        );
        let (states, replay) = playthrough::<G>(config, i as u64, 40);
        for (k, state) in states.iter().enumerate().step_by(13) {
            write(
                target,
                &format!("seed-state-{i}-{k:02}"),
                Some(0),
                state.as_bytes(),
            );
        }
        write(
            target,
            &format!("seed-replay-{i}"),
            Some(1),
            replay.as_bytes(),
        );
    }
    write(
        target,
        "seed-card-set",
        Some(3),
        sample_set(G::NAME).as_bytes(),
    );
}

fn serve_seeds() {
    let games = ["creature-clash", "uzumajin", "mattsan", "monjan"];
    for (i, game) in games.iter().enumerate() {
        let mut lines = vec![format!(
            r#"{{"id":1,"op":"create","game":"{game}","seed":{i}}}"#
        )];
        for k in 0..12 {
            let seat = k % 4;
            lines.push(format!(
                r#"{{"id":{},"op":"act","game_id":"g1","seat":{seat},"index":{}}}"#,
                k + 2,
                k % 3
            ));
        }
        lines.push(r#"{"id":20,"op":"view","game_id":"g1","seat":0}"#.into());
        lines.push(r#"{"id":21,"op":"legal","game_id":"g1","seat":1}"#.into());
        lines.push(
            r#"{"id":22,"op":"events","game_id":"g1","observer":"spectator","since":1,"limit":3}"#
                .into(),
        );
        lines.push(r#"{"id":23,"op":"cards","game_id":"g1"}"#.into());
        lines.push(r#"{"id":24,"op":"replay","game_id":"g1","include_hidden":true}"#.into());
        lines.push(r#"{"id":25,"op":"close","game_id":"g1"}"#.into());
        write(
            "serve",
            &format!("seed-play-{game}"),
            None,
            lines.join("\n").as_bytes(),
        );
    }
    let singles = [
        r#"{"id":1,"op":"games"}"#,
        r#"{"id":"x","op":"list"}"#,
        r#"{"op":"cards","game":"mattsan"}"#,
        r#"{"op":"create","game":"creature-clash","config":{"num_players":6,"turn_limit":5},"seed":3}"#,
        r#"{"op":"create","game":"monjan","config":{"player_count":4}}"#,
        r#"{"op":"view","game_id":"g1","observer":"spectator"}"#,
        r#"{"op":"fly"}"#,
        "",
        "not json",
        r#"{"id":123456789012345678901234567890,"op":"games"}"#,
    ];
    for (i, line) in singles.iter().enumerate() {
        write("serve", &format!("seed-line-{i:02}"), None, line.as_bytes());
    }
    // A replay exported by the server, loaded back.
    let mut server = fuzz_common::protocol_server();
    server.handle_line(r#"{"op":"create","game":"uzumajin","seed":9}"#);
    let mut lines = vec![r#"{"op":"create","game":"uzumajin","seed":9}"#.to_string()];
    for k in 0..8 {
        let line = format!(
            r#"{{"op":"act","game_id":"g1","seat":{},"index":0}}"#,
            k % 2
        );
        server.handle_line(&line);
        lines.push(line);
    }
    let reply: serde_json::Value = serde_json::from_str(
        &server.handle_line(r#"{"op":"replay","game_id":"g1","include_hidden":true}"#),
    )
    .unwrap();
    lines.push(format!(
        r#"{{"op":"load","replay":{}}}"#,
        reply["result"]["replay"]
    ));
    write("serve", "seed-load", None, lines.join("\n").as_bytes());
}
