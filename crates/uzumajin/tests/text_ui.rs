//! The terminal text of `TextUi`: board, menu labels, narration.

mod common;
use common::*;
use fuda_core::{GameRng, TextUi};

#[test]
fn text_ui_renders_every_step_of_a_game() {
    let config = Config::default();
    let mut s = new_game(&config, 21).unwrap();
    let mut rng = GameRng::from_seed(3);
    let mut lines = 0;
    while s.outcome().is_none() {
        let seat = s.pending().seat().unwrap();
        let v = view(&s, Observer::Seat(seat));
        let board = Uzumajin::render_view(&config, &v);
        assert!(
            board.contains("Uzumajin") && board.contains("Waiting for"),
            "{board}"
        );
        let legal = legal_actions(&s);
        for a in &legal {
            assert!(!Uzumajin::describe_action(&config, &v, a).is_empty());
        }
        let a = legal[rng.below(legal.len())].clone();
        let events = apply_in_place(&mut s, &a).unwrap();
        for e in &events {
            let shown = redact(e, Observer::Seat(Seat(0))).unwrap();
            assert!(!Uzumajin::describe_event(&config, &shown).is_empty());
            lines += 1;
        }
    }
    let end = Uzumajin::render_view(&config, &view(&s, Observer::Spectator));
    assert!(end.contains("Game over"), "{end}");
    assert!(lines > 50);
}

#[test]
fn text_ui_shows_hidden_cards_as_placeholders() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_brute", &["red_imp"], Zone::Battle),
        )
        .at_attack()
        .build()
        .unwrap();
    let config = s.config().clone();
    let theirs = Uzumajin::render_view(&config, &view(&s, Observer::Seat(Seat(1))));
    assert!(theirs.contains("▼ | Ember Imp"), "{theirs}");
    assert!(!theirs.contains("Magma Brute"), "{theirs}");
    let mine = Uzumajin::render_view(&config, &view(&s, Observer::Seat(Seat(0))));
    assert!(mine.contains("▼Magma Brute"), "{mine}");
}
