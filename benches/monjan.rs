//! Monjan Colosseum benches: legal actions, pure apply vs state clone, random playouts.
//! Run with `cargo bench --bench monjan`; figures go to docs/performance.md.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use fuda::monjan::{Config, Monjan};

fn monjan(c: &mut Criterion) {
    // The default configuration (two players): the issue-14 goals are stated for it.
    common::bench_game::<Monjan>(c, "monjan", &Config::default());
    // Four players, the largest table (MC-3.1), whose players the state keeps on the heap.
    common::bench_game::<Monjan>(c, "monjan_4p", &Config::for_players(4));
}

criterion_group!(benches, monjan);
criterion_main!(benches);
