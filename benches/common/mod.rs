//! The bench body every game shares: legal actions, pure apply, state clone and a full
//! random playout, measured on the same positions so their ratios mean something.

use criterion::{black_box, BenchmarkId, Criterion, Throughput};
use fuda_core::{BufferedRng, Conformance};

/// Positions from random playouts: (state, the action played there).
pub fn sample_positions<G: Conformance>(
    config: &G::Config,
    games: u64,
) -> Vec<(G::State, G::Action)> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for seed in 0..games {
        let mut rng = BufferedRng::from_seed(seed ^ 0x5eed);
        let Ok(mut s) = G::new_game(config, seed) else {
            continue;
        };
        while G::outcome(&s).is_none() {
            G::legal_actions(&s, &mut buf);
            let Some(a) = rng.pick(&buf).cloned() else {
                break;
            };
            out.push((s.clone(), a.clone()));
            if G::apply_in_place(&mut s, &a).is_err() {
                break;
            }
        }
    }
    assert!(!out.is_empty(), "random playouts produced no positions");
    out
}

/// Plays one game with uniformly random legal actions; returns the number of actions.
pub fn random_playout<G: Conformance>(
    config: &G::Config,
    seed: u64,
    buf: &mut Vec<G::Action>,
) -> usize {
    random_playout_listing::<G>(config, seed, buf, |_| {})
}

/// [`random_playout`], telling `listed` how many legal actions each decision offered
/// (the benches pass a closure that does nothing, which compiles away).
pub fn random_playout_listing<G: Conformance>(
    config: &G::Config,
    seed: u64,
    buf: &mut Vec<G::Action>,
    mut listed: impl FnMut(usize),
) -> usize {
    let mut rng = BufferedRng::from_seed(seed);
    let Ok(mut s) = G::new_game(config, seed) else {
        return 0;
    };
    let mut steps = 0;
    while G::outcome(&s).is_none() {
        G::legal_actions(&s, buf);
        listed(buf.len());
        let Some(a) = rng.pick(buf).cloned() else {
            break;
        };
        if G::apply_in_place(&mut s, &a).is_err() {
            break;
        }
        steps += 1;
    }
    steps
}

/// Registers the four benches of one game under `name`.
pub fn bench_game<G: Conformance>(c: &mut Criterion, name: &str, config: &G::Config) {
    let positions = sample_positions::<G>(config, 20);
    let n = positions.len() as u64;
    // The mean size of a decision, for the cost per listed action (benches/compare.sh).
    let mut buf = Vec::new();
    let listed: usize = positions
        .iter()
        .map(|(s, _)| {
            G::legal_actions(s, &mut buf);
            buf.len()
        })
        .sum();
    println!(
        "{name}: {:.2} legal actions per position",
        listed as f64 / n as f64
    );
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(n));
    group.bench_function(BenchmarkId::new("legal_actions", n), |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            let mut total = 0;
            for (s, _) in &positions {
                G::legal_actions(black_box(s), &mut buf);
                total += buf.len();
            }
            assert!(
                total >= positions.len(),
                "every position has a legal action"
            );
            total
        })
    });
    group.bench_function(BenchmarkId::new("clone", n), |b| {
        b.iter(|| {
            for (s, _) in &positions {
                // By reference, as below: the bench measures clone, not moves into black_box.
                let copy = black_box(s).clone();
                black_box(&copy);
            }
        })
    });
    // The same clone with the state in cache, as a search clones its root again and again
    // (and as the floor copies its one state): every 32nd position, cloned 32 times in a
    // row. The bench above streams all positions (20 MB for Monjan) from memory.
    let hot: Vec<&G::State> = positions.iter().step_by(32).map(|(s, _)| s).collect();
    group.bench_function(BenchmarkId::new("clone_hot", hot.len() * 32), |b| {
        b.iter(|| {
            for s in &hot {
                for _ in 0..32 {
                    let copy = black_box(*s).clone();
                    black_box(&copy);
                }
            }
        })
    });
    group.bench_function(BenchmarkId::new("apply", n), |b| {
        b.iter(|| {
            for (s, a) in &positions {
                let next = G::apply(black_box(s), black_box(a));
                assert!(next.is_ok(), "a played action applies");
                black_box(&next);
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group(name);
    let seeds: Vec<u64> = (1000..1010).collect();
    let mut buf = Vec::new();
    let steps: usize = seeds
        .iter()
        .map(|&s| random_playout::<G>(config, s, &mut buf))
        .sum();
    // Throughput in transitions, so criterion reports time per transition as well.
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function(BenchmarkId::new("random_playouts_x10", steps), |b| {
        b.iter(|| {
            let total: usize = seeds
                .iter()
                .map(|&s| random_playout::<G>(config, s, &mut buf))
                .sum();
            assert_eq!(total, steps, "playouts are deterministic");
            total
        })
    });
    group.finish();
}
