//! The bodies of the fuzz targets and the corpus runners that replay them on stable.
//!
//! - [`fuzz_check`]: the full-check body — arbitrary bytes become a game and a sequence of
//!   (mostly legal, sometimes arbitrary) actions, checked like the conformance suite does.
//!   Too slow to fuzz with (a few inputs a second), it replays the committed corpus of the
//!   play targets inside `cargo test` ([`run_corpus`]).
//! - [`fuzz_play`]: the same game under the cheap invariants only, the body of the fast
//!   per-game play targets.
//! - [`fuzz_load`]: arbitrary state, replay, configuration, card-set and position files.

mod load;
mod play;

pub use load::{
    fuzz_load, fuzz_load_one, load_card_set, load_config, load_position, load_replay, load_state,
    run_load_corpus, Loader,
};
pub use play::{fuzz_play, fuzz_play_one};

use crate::checks::Checker;
use crate::conformance::Conformance;
use crate::options::CheckOptions;
use crate::suite::GameReport;
use crate::violation::Violation;
use fuda_core::GameRng;
use std::path::Path;

/// Bytes from this value up try an arbitrary action instead of picking a legal one.
pub(crate) const ARBITRARY_FROM: u8 = 0xF0;

/// Salt of the generator for arbitrary actions.
pub(crate) const FUZZ_SALT: u64 = 0xf022_5eed_0000_0004;

/// A little-endian `u64` from up to 8 bytes taken from the front of `data`.
pub(crate) fn take_u64(data: &mut &[u8]) -> u64 {
    let n = data.len().min(8);
    let mut bytes = [0u8; 8];
    bytes[..n].copy_from_slice(&data[..n]);
    *data = &data[n..];
    u64::from_le_bytes(bytes)
}

/// Runs one fuzz input and returns the first violation instead of panicking.
///
/// Decoding: the first 8 bytes (little-endian, zero-padded) are the seed; the next 8 seed
/// the generator given to [`Conformance::random_config`]; then each byte is one move: below
/// `0xF0` it picks `legal[byte % legal.len()]` among the legal actions of every seat that
/// may act; from `0xF0` up it asks [`Conformance::arbitrary_action`] for a candidate, which
/// must be refused with the state unchanged unless it is legal (then it is played). The
/// game stops when the bytes or the game run out; every state and step is checked as in
/// [`crate::check_game`] with `opts`, and the replay check runs on the actions played so
/// far. Panics of the game are not caught (the fuzzer reports them).
///
/// # Errors
/// The first [`Violation`] found.
pub fn fuzz_check<G: Conformance>(
    data: &[u8],
    opts: &CheckOptions,
) -> Result<GameReport, Violation> {
    let mut data = data;
    let seed = take_u64(&mut data);
    let config = G::random_config(&mut GameRng::from_seed(take_u64(&mut data)));
    let mut ck = Checker::<G>::new(opts);
    let mut rng = GameRng::from_seed(seed ^ FUZZ_SALT);
    let mut state = ck.begin(&config, seed)?;
    // Whether `state` has been through `check_state` (a refused candidate keeps it).
    let mut checked = false;
    for &byte in data {
        if !checked {
            ck.check_state(&state)?;
            checked = true;
        }
        if ck.legal().is_empty() {
            break;
        }
        let action = if byte >= ARBITRARY_FROM {
            let candidate = G::arbitrary_action(&state, &mut rng);
            if !ck.try_candidate(&state, &candidate)? {
                continue;
            }
            candidate
        } else {
            let legal = ck.legal();
            legal[usize::from(byte) % legal.len()].clone()
        };
        state = ck.step(&state, &action)?;
        checked = false;
    }
    if !checked {
        ck.check_state(&state)?;
    }
    ck.finish(&state)?;
    Ok(GameReport {
        steps: ck.steps(),
        outcome: G::outcome(&state),
    })
}

/// The body of a fuzz target: [`fuzz_check`] with default [`CheckOptions`], panicking on a
/// violation.
///
/// # Panics
/// On any violation of the contract, with the violation's report as message.
pub fn fuzz_one<G: Conformance>(data: &[u8]) {
    fuzz_one_with::<G>(data, &CheckOptions::default());
}

/// [`fuzz_one`] with chosen options (e.g. a lenient [`crate::EventLeakCheck`]).
///
/// # Panics
/// On any violation of the contract, with the violation's report as message.
pub fn fuzz_one_with<G: Conformance>(data: &[u8], opts: &CheckOptions) {
    if let Err(violation) = fuzz_check::<G>(data, opts) {
        panic!("fuzz input violates the contract: {violation}");
    }
}

/// Runs [`fuzz_check`] with default [`CheckOptions`] on every file of `dir` (in name order;
/// subdirectories are skipped) and returns how many files ran. Lets `cargo test` replay a
/// fuzz corpus on stable.
///
/// # Panics
/// If `dir` or one of its files cannot be read, or on the first violation (the message
/// names the file).
pub fn run_corpus<G: Conformance>(dir: &Path) -> usize {
    run_corpus_with::<G>(dir, &CheckOptions::default())
}

/// [`run_corpus`] with chosen options.
///
/// # Panics
/// As [`run_corpus`].
pub fn run_corpus_with<G: Conformance>(dir: &Path, opts: &CheckOptions) -> usize {
    let files = corpus_files(dir);
    for path in &files {
        let data = std::fs::read(path)
            .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()));
        if let Err(violation) = fuzz_check::<G>(&data, opts) {
            panic!(
                "corpus file {} violates the contract: {violation}",
                path.display()
            );
        }
    }
    files.len()
}

/// The files of a corpus directory in name order (subdirectories are skipped).
///
/// # Panics
/// If `dir` cannot be read.
pub(crate) fn corpus_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read corpus directory {}: {e}", dir.display()));
    let mut files: Vec<_> = entries
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("cannot read corpus directory {}: {e}", dir.display()))
                .path()
        })
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}
