//! Creature Clash! benches: legal actions, pure apply vs state clone, random playouts.
//! Run with `cargo bench --bench creature_clash`; figures go to docs/performance.md.

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use fuda::creature_clash::{Config, CreatureClash};

fn creature_clash(c: &mut Criterion) {
    for players in [2u8, 4, 6] {
        // The default configuration: the issue-14 playout goal is stated for it.
        let config = Config::for_players(players);
        common::bench_game::<CreatureClash>(c, &format!("creature_clash_{players}p"), &config);
    }
}

criterion_group!(benches, creature_clash);
criterion_main!(benches);
