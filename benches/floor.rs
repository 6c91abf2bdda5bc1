//! The floor a compact state is held against (issue 14): a card-game state of N cards in
//! fixed-capacity arrays (a deck, a discard pile and one hand per player, no heap), where one
//! pure apply copies the whole state and moves one card. Two sizes: 40 cards and 2 players,
//! 100 cards and 6 players. `benches/compare.sh` divides each game's clone by the larger one.
//!
//! Run with `cargo bench --bench floor`; it is the same design as the workplace's
//! `rustbase` `inline_copy` variant, measured in the same criterion run as the games.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// `Z` zones of up to `C` cards each: zone 0 the deck, 1 the discard pile, then the hands.
#[derive(Clone, Copy)]
struct FixedState<const C: usize, const Z: usize> {
    cards: [[u16; C]; Z],
    lens: [u8; Z],
    turn: u32,
    scores: [i32; 6],
    rng: u64,
}

impl<const C: usize, const Z: usize> FixedState<C, Z> {
    /// Five cards to each hand, four to the discard pile, the rest in the deck.
    fn deal() -> Self {
        let mut s = FixedState {
            cards: [[0; C]; Z],
            lens: [0; Z],
            turn: 0,
            scores: [0; 6],
            rng: 42,
        };
        let hand = 5.min(C / Z);
        let mut next = 0u16;
        let mut put = |s: &mut Self, zone: usize, n: usize| {
            for _ in 0..n {
                s.cards[zone][s.lens[zone] as usize] = next;
                s.lens[zone] += 1;
                next += 1;
            }
        };
        for zone in 2..Z {
            put(&mut s, zone, hand);
        }
        put(&mut s, 1, 4);
        put(&mut s, 0, C - hand * (Z - 2) - 4);
        s
    }
}

/// The pure apply of the floor: copy the state, move the top card of one zone to the next.
#[inline(never)]
fn apply<const C: usize, const Z: usize>(s: &FixedState<C, Z>, i: usize) -> FixedState<C, Z> {
    let mut n = *s;
    let (from, to) = (i % Z, (i + 1) % Z);
    if n.lens[from] > 0 && (n.lens[to] as usize) < C {
        n.lens[from] -= 1;
        let card = n.cards[from][n.lens[from] as usize];
        n.cards[to][n.lens[to] as usize] = card;
        n.lens[to] += 1;
    }
    n.turn += 1;
    n
}

fn bench<const C: usize, const Z: usize>(c: &mut Criterion, name: &str) {
    let start = FixedState::<C, Z>::deal();
    c.bench_function(name, |b| {
        let mut s = start;
        let mut i = 0usize;
        b.iter(|| {
            s = apply(black_box(&s), black_box(i));
            i = i.wrapping_add(1);
        });
        black_box((s.turn, s.scores, s.rng));
    });
}

fn floor(c: &mut Criterion) {
    bench::<40, 4>(c, "floor/fixed_array_copy_40_cards_2p");
    bench::<100, 8>(c, "floor/fixed_array_copy_100_cards_6p");
}

criterion_group!(benches, floor);
criterion_main!(benches);
