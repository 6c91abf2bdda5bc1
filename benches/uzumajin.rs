//! Uzumajin benches: legal actions, pure apply vs state clone, random playouts.
//! Run with `cargo bench --bench uzumajin`; figures go to docs/performance.md.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use fuda::uzumajin::{Config, Uzumajin};

fn uzumajin(c: &mut Criterion) {
    common::bench_game::<Uzumajin>(c, "uzumajin", &Config::default());
}

criterion_group!(benches, uzumajin);
criterion_main!(benches);
