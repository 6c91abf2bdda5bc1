//! Issue 14: over whole random playouts of the default configuration, `legal_actions` and
//! in-place `apply` allocate nothing and one state clone allocates at most once.

use fuda_testkit::allocations::assert_allocation_free;
use fuda_uzumajin::{Config, Uzumajin};

fn measure(f: &mut dyn FnMut()) -> u64 {
    allocation_counter::measure(f).count_total
}

#[test]
fn issue_14_hot_paths_do_not_allocate() {
    assert_allocation_free::<Uzumajin>("default configuration", &Config::default(), &measure);
}

/// The inline room for majins, both players' together (`majin_table.rs`).
const INLINE_MAJINS: usize = 32;

/// Issue 14, MJ-3.4: random games of the default configuration almost always keep every
/// majin inline (at most `INLINE_MAJINS` on the table), so their clones and in-place
/// applies stay off the heap. The zones have no limit, so some games pass it: 0.74% of
/// 5,000 (at most 41 majins, per player at most 23); their majins then spill to the heap,
/// and a clone of such a state allocates once. `UZUMAJIN_GAMES=5000` plays more games.
#[test]
fn random_games_keep_the_majins_inline() {
    use fuda_core::{Game, GameRng};
    let games: u64 = std::env::var("UZUMAJIN_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let config = Config::default();
    let mut buf = Vec::new();
    let (mut most, mut spilled) = (0, 0);
    for seed in 0..games {
        let mut rng = GameRng::from_seed(seed ^ 0x3a11);
        let mut state = Uzumajin::new_game(&config, seed).expect("the default configuration");
        let mut game_most = 0;
        while Uzumajin::outcome(&state).is_none() {
            Uzumajin::legal_actions(&state, &mut buf);
            let action = rng.pick(&buf).cloned().expect("a legal action");
            Uzumajin::apply_in_place(&mut state, &action).expect("a listed action");
            game_most = game_most.max(state.count_majins() as usize);
        }
        most = most.max(game_most);
        spilled += u64::from(game_most > INLINE_MAJINS);
    }
    println!("{games} random games: at most {most} majins on the table; {spilled} games spilled");
    assert!(
        spilled * 100 <= games,
        "{spilled} of {games} games held more than {INLINE_MAJINS} majins, over 1%"
    );
}
