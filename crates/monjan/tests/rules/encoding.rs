//! The numeric encoding of views and the bound on legal actions (issue 13), over random
//! playouts of random configurations: every seat and the spectator. The checks are
//! `fuda_testkit::encoding`'s, shared by every game.

use fuda_core::Encoding;
use fuda_monjan::{Config, Monjan};
use fuda_testkit::encoding;

type G = Monjan;

/// The games played by each test (`MONJAN_ENCODING_GAMES` overrides).
fn games() -> usize {
    std::env::var("MONJAN_ENCODING_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(120)
}

/// Issue 13: every observation has `encoding_len` finite values, for every seat and the
/// spectator, and no seat ever has more legal actions than `max_legal_actions`.
#[test]
fn issue_13_length_finite_and_legal_actions_within_the_bound() {
    let default = Config::default();
    let most = encoding::check_lengths_and_bound::<G>(games(), 13, f32::MIN..=f32::MAX);
    println!(
        "default config: encoding_len {}, max_legal_actions {}; most legal actions seen: {} \
         (default config: {})",
        G::encoding_len(&default),
        G::max_legal_actions(&default),
        most.any,
        most.default
    );
}

/// Issue 13: an observer's encoding of a state equals its encoding of any resample of
/// that state for the observer (the encoding leaks nothing the view hides).
#[test]
fn issue_13_resampled_states_encode_the_same() {
    let compared = encoding::check_resamples::<G>(games(), 31);
    println!("{compared} resamples compared");
    assert!(compared > 0);
}

/// Issue 13: two different visible situations encode differently: the seats' encodings
/// of one state differ from each other and from the spectator's, and an observer's
/// encoding changes whenever the board, hands or decision it sees change.
#[test]
fn issue_13_different_visible_situations_encode_differently() {
    let changed = encoding::check_visible_changes_encode_differently::<G>(games(), 57);
    println!("{changed} view changes, each encoded differently");
    assert!(changed > 0);
}
