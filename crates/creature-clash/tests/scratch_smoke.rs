use fuda_core::{Conformance, Game, GameRng};
use fuda_creature_clash::*;

#[test]
fn scratch_random_games() {
    let mut total = 0;
    for seed in 0..300u64 {
        let mut r = GameRng::from_seed(seed);
        let cfg = CreatureClash::random_config(&mut r);
        let mut s = new_game(&cfg, seed).unwrap();
        let census = CreatureClash::card_census(&s);
        let mut steps = 0;
        let mut buf = Vec::new();
        while s.outcome().is_none() {
            CreatureClash::legal_actions(&s, &mut buf);
            assert!(!buf.is_empty(), "no actions seed {seed} {:?}", s.pending());
            let a = buf[r.below(buf.len())].clone();
            let before = s.clone();
            for _ in 0..3 {
                let bad = CreatureClash::arbitrary_action(&s, &mut r);
                if !buf.contains(&bad) {
                    assert!(
                        CreatureClash::apply(&s, &bad).is_err(),
                        "accepted {bad:?} in {:?}",
                        s.pending()
                    );
                }
            }
            s = apply(&s, &a).unwrap_or_else(|e| panic!("seed {seed} step {steps}: {a:?}: {e}"));
            let _ = before;
            assert_eq!(
                CreatureClash::card_census(&s),
                census,
                "seed {seed} step {steps} {a:?}"
            );
            steps += 1;
            assert!(steps < CreatureClash::max_actions(&cfg));
        }
        total += steps;
    }
    eprintln!("total steps {total}");
}
