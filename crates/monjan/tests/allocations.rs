//! Issue 14: over whole random playouts of the default configuration, `legal_actions` and
//! in-place `apply` allocate nothing and one state clone allocates at most once.

use fuda_monjan::{Config, Monjan};
use fuda_testkit::allocations::assert_allocation_free;

fn measure(f: &mut dyn FnMut()) -> u64 {
    allocation_counter::measure(f).count_total
}

#[test]
fn issue_14_hot_paths_do_not_allocate() {
    assert_allocation_free::<Monjan>("default configuration", &Config::default(), &measure);
}
