//! Shared by the bot tests: positions from random play, the spy game, a toy game.

pub mod race;
pub mod spy;

use fuda_core::{Game, GameRng, Seat};

/// Up to `count` positions of games from `config` (seeds `0..`) in which some seat must
/// choose among at least two actions, reached by random play: for each game, the first
/// such decision at or after `skip` actions plus a spread of up to 150 more.
pub fn positions<G: Game>(config: &G::Config, skip: usize, count: usize) -> Vec<(G::State, Seat)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..(count as u64 * 4) {
        if out.len() >= count {
            break;
        }
        let mut rng = GameRng::from_seed(seed ^ 0x5eed);
        let Ok(mut state) = G::new_game(config, seed) else {
            continue;
        };
        for step in 0..10_000 {
            let Some(seat) = G::to_act(&state).iter().last() else {
                break;
            };
            G::legal_actions_for(&state, seat, &mut legal);
            if step >= skip + (seed as usize * 37) % 151 && legal.len() >= 2 {
                out.push((state, seat));
                break;
            }
            let Some(action) = rng.pick(&legal).cloned() else {
                break;
            };
            if G::apply_in_place(&mut state, &action).is_err() {
                break;
            }
        }
    }
    out
}
