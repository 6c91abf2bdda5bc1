//! Mattsan benches: legal actions, pure apply vs state clone, random playouts.
//! Run with `cargo bench --bench mattsan`; figures go to docs/performance.md.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use fuda::mattsan::{Config, Mattsan};

fn mattsan(c: &mut Criterion) {
    common::bench_game::<Mattsan>(c, "mattsan", &Config::default());
}

criterion_group!(benches, mattsan);
criterion_main!(benches);
