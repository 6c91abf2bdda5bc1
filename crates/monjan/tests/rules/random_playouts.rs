//! Random playouts without the full suite: every seat in `to_act` has a legal action, legal
//! actions are accepted, the card census never changes, and games end (MC-7.3 `max_rounds`).

use fuda_core::{Conformance, Game, GameRng};
use fuda_monjan::Monjan;

#[test]
fn random_games_end_and_keep_every_card() {
    let mut rng = GameRng::from_seed(99);
    let games: usize = std::env::var("MONJAN_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut eliminations = 0;
    for g in 0..games {
        let config = Monjan::random_config(&mut rng);
        let mut s = Monjan::new_game(&config, g as u64).expect("config");
        let census = Monjan::card_census(&s);
        let max = Monjan::max_actions(&config);
        let mut buf = Vec::new();
        let mut steps = 0;
        while Monjan::outcome(&s).is_none() {
            Monjan::legal_actions(&s, &mut buf);
            assert!(
                !buf.is_empty(),
                "game {g} step {steps}: no legal action; pending {:?}; battle {:?}",
                s.pending(),
                s.battle()
            );
            let a = buf[rng.below(buf.len())].clone();
            s = Monjan::apply(&s, &a).unwrap_or_else(|e| panic!("game {g}: {a:?} refused: {e}"));
            assert_eq!(Monjan::card_census(&s), census, "game {g} step {steps}");
            steps += 1;
            assert!(steps < max, "game {g} does not end");
        }
        eliminations += s.eliminated().len();
    }
    // Random bots do defeat middle defenses (MC-6.7), not only reach the round limit.
    println!("{eliminations} eliminations in {games} games");
    assert!(eliminations > 0);
}
