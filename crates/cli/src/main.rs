//! `fuda`: play, simulate, serve and replay the fuda games from a terminal.
//!
//! ```text
//! fuda play --game mattsan            # you against an ISMCTS bot
//! fuda simulate --game monjan --games 500 --bots ismcts:200,greedy --json
//! fuda serve                          # the JSON-lines protocol on stdin/stdout
//! fuda replay game.json --seat 0      # verify a saved game, then step through it
//! ```
#![deny(missing_docs)]

mod args;
mod games;
mod play;
mod replay;
mod serve;
mod simulate;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    let result = match cli.command {
        args::Command::Play(a) => play::run(&a),
        args::Command::Simulate(a) => simulate::run(&a),
        args::Command::Serve(_) => serve::run(),
        args::Command::Replay(a) => replay::run(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fuda: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}

/// Why a command failed: a message for the user and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// What went wrong, in words.
    pub message: String,
    /// 1: the input (a replay, a position) is wrong; 2: the command line is.
    pub code: u8,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure { message, code: 2 }
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::from(message.to_string())
    }
}
