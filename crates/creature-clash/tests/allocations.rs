//! Issue 14: over whole random playouts at 2, 4 and 6 players, `legal_actions` and in-place
//! `apply` allocate nothing and one state clone allocates at most once.

use fuda_creature_clash::{Config, CreatureClash};
use fuda_testkit::allocations::assert_allocation_free;

fn measure(f: &mut dyn FnMut()) -> u64 {
    allocation_counter::measure(f).count_total
}

#[test]
fn issue_14_hot_paths_do_not_allocate() {
    for players in [2u8, 4, 6] {
        let config = Config::for_players(players);
        assert_allocation_free::<CreatureClash>(&format!("{players} players"), &config, &measure);
    }
}
