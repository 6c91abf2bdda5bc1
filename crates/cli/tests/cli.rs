//! The `fuda` binary as a user runs it: help of every command, whole games of `play`
//! driven through standard input, saved games verified by `replay`, auto-pass, and
//! `simulate` statistics independent of the thread count.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fuda(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fuda runs");
    let mut input = child.stdin.take().expect("stdin");
    let text = stdin.to_string();
    // The game may end before all input is read: a closed pipe is expected then.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().expect("fuda ends");
    let _ = writer.join();
    out
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Issue 11 item 2: `--help` and `-h` of every command list every option with its default
/// and give an example.
#[test]
fn help_of_every_command_lists_options_defaults_and_examples() {
    for command in ["play", "simulate", "serve", "replay"] {
        for flag in ["--help", "-h"] {
            let out = fuda(&[command, flag], "");
            assert!(out.status.success(), "{command} {flag}");
            let help = text(&out);
            assert!(
                help.contains("Example"),
                "{command} {flag}: no example\n{help}"
            );
            assert!(
                help.contains(&format!("fuda {command}")),
                "{command}\n{help}"
            );
            for line in help.lines().filter(|l| l.trim_start().starts_with("--")) {
                if !line.contains("--help") {
                    // Long help texts wrap: the default is on the option's own line here.
                    assert!(
                        line.contains("[default"),
                        "{command}: no default in `{line}`"
                    );
                }
            }
        }
    }
    let out = fuda(&["--help"], "");
    assert!(out.status.success());
    for command in ["play", "simulate", "serve", "replay"] {
        assert!(text(&out).contains(command));
    }
}

/// Issue 11: `fuda play` of every game to its end with scripted input (always the first
/// choice) against random bots, saved with `--save` and verified by `fuda replay`.
#[test]
fn play_every_game_to_the_end_and_replay_the_saved_game() {
    let dir = std::env::temp_dir().join(format!("fuda-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let input = "1\n".repeat(20_000);
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        let file = dir.join(format!("{game}.json"));
        let file = file.to_str().expect("path");
        let out = fuda(
            &[
                "play", "--game", game, "--seed", "3", "--bots", "random", "--save", file,
            ],
            &input,
        );
        let screen = text(&out);
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(screen.contains("Saved the game"), "{game}");
        assert!(
            !screen.contains("Bye."),
            "{game}: the input ran out before the end"
        );
        let out = fuda(&["replay", file], "");
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let verdict = text(&out);
        assert!(
            verdict.contains("reproduces") && verdict.contains("outcome"),
            "{verdict}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 11 item 3: quitting saves the game so far; item 1: `i N`, `c NAME` and `l` answer.
#[test]
fn quit_saves_and_card_text_commands_answer() {
    let file = std::env::temp_dir().join(format!("fuda-quit-{}.json", std::process::id()));
    let file = file.to_str().expect("path");
    let out = fuda(
        &[
            "play", "--game", "uzumajin", "--seed", "5", "--bots", "random", "--save", file,
        ],
        "i 1\nc \nl\nh\n1\nq\n",
    );
    assert!(out.status.success());
    let screen = text(&out);
    assert!(screen.contains("Cards: "), "{screen}");
    assert!(screen.contains("Bye.") && screen.contains("Saved the game"));
    let out = fuda(&["replay", file], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(file);
}

/// Issue 11 item 4: a seat whose only legal action is a pass passes without being asked,
/// and says so; `--no-auto-pass` asks.
#[test]
fn auto_pass_is_narrated_and_can_be_turned_off() {
    let input = "1\n".repeat(20_000);
    let args = [
        "play", "--game", "mattsan", "--seed", "3", "--bots", "random",
    ];
    let out = fuda(&args, &input);
    assert!(text(&out).contains("your only choice is to pass"));
    let out = fuda(&[&args[..], &["--no-auto-pass"]].concat(), &input);
    assert!(!text(&out).contains("your only choice is to pass"));
    assert!(out.status.success());
}

/// Issue 14: `simulate --threads 1` and `--threads 2` give the same statistics; `--json`
/// has the fields a script reads; `--games 0` works.
#[test]
fn simulate_statistics_do_not_depend_on_threads() {
    let run = |threads: &str| {
        let out = fuda(
            &[
                "simulate",
                "--game",
                "uzumajin",
                "--games",
                "40",
                "--json",
                "--threads",
                threads,
            ],
            "",
        );
        assert!(out.status.success());
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
        for timing in ["elapsed_s", "games_per_s", "threads"] {
            assert!(v.get(timing).is_some());
            v.as_object_mut().expect("object").remove(timing);
        }
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    for field in [
        "game",
        "games",
        "seed",
        "config",
        "bots",
        "wins",
        "draws",
        "unfinished",
        "mean_length",
    ] {
        assert!(one.get(field).is_some(), "{field}");
    }
    let out = fuda(&["simulate", "--games", "0"], "");
    assert!(out.status.success() && text(&out).contains("no games played"));
}

/// Issue 11 item 3 with positions: `--position FILE` starts each game from its example
/// position, and the game saved on quit replays from that position.
#[test]
fn play_starts_from_each_example_position_and_saves_it() {
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/positions");
    for game in ["creature-clash", "uzumajin", "mattsan", "monjan"] {
        let position = format!("{docs}/{game}.json");
        let file =
            std::env::temp_dir().join(format!("fuda-pos-{game}-{}.json", std::process::id()));
        let file = file.to_str().expect("path");
        let args = [
            "play",
            "--game",
            game,
            "--position",
            &position,
            "--bots",
            "random",
        ];
        let out = fuda(&[&args[..], &["--save", file]].concat(), "1\nq\n");
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text(&out).contains("Saved the game"), "{game}");
        let out = fuda(&["replay", file], "");
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let _ = std::fs::remove_file(file);
    }
}
