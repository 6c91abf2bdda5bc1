//! Monjan Colosseum benches: legal actions, pure apply vs state clone, random playouts.
//! Run with `cargo bench --bench monjan`; figures go to docs/performance.md.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use fuda::monjan::{Config, Monjan};

fn monjan(c: &mut Criterion) {
    common::bench_game::<Monjan>(c, "monjan", &Config::default());
}

criterion_group!(benches, monjan);
criterion_main!(benches);
