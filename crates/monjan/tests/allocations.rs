//! Issue 14: over whole random playouts of the default configuration and of the largest
//! table, `legal_actions` and in-place `apply` allocate nothing and one state clone
//! allocates at most once (a state of more than two players keeps its players on the heap).

use fuda_monjan::{Config, Monjan};
use fuda_testkit::allocations::assert_allocation_free;

fn measure(f: &mut dyn FnMut()) -> u64 {
    allocation_counter::measure(f).count_total
}

#[test]
fn issue_14_hot_paths_do_not_allocate() {
    assert_allocation_free::<Monjan>("default configuration", &Config::default(), &measure);
}

#[test]
fn issue_14_hot_paths_do_not_allocate_with_four_players() {
    assert_allocation_free::<Monjan>("four players", &Config::for_players(4), &measure);
}
