//! The terminal text of `TextUi`: the board, menu labels and narration from the view only.

use fuda_core::{Conformance, Game, GameRng, Observer, TextUi};
use fuda_monjan::{Monjan, Seat};

#[test]
fn text_for_every_step_of_random_games() {
    let mut rng = GameRng::from_seed(5);
    for g in 0..20 {
        let config = Monjan::random_config(&mut rng);
        let mut s = Monjan::new_game(&config, g).unwrap();
        let mut buf = Vec::new();
        while Monjan::outcome(&s).is_none() {
            Monjan::legal_actions(&s, &mut buf);
            let a = buf[rng.below(buf.len())].clone();
            let v = Monjan::view(&s, Observer::Seat(a.seat));
            let board = Monjan::render_view(&config, &v);
            assert!(board.contains("Round"));
            assert!(!Monjan::describe_action(&config, &v, &a).is_empty());
            for e in Monjan::apply_with_events(&mut s, &a).unwrap() {
                if let Some(e) = Monjan::redact(&e, Observer::Seat(Seat(0))) {
                    assert!(!Monjan::describe_event(&config, &e).is_empty());
                }
            }
        }
        let end = Monjan::render_view(&config, &Monjan::view(&s, Observer::Spectator));
        assert!(end.contains("Game over"));
    }
}

#[test]
fn render_shows_the_board() {
    let mut rng = GameRng::from_seed(8);
    let config = Monjan::random_config(&mut rng);
    let mut s = Monjan::new_game(&config, 3).unwrap();
    let mut buf = Vec::new();
    for _ in 0..60 {
        if Monjan::outcome(&s).is_some() {
            break;
        }
        Monjan::legal_actions(&s, &mut buf);
        let a = buf[rng.below(buf.len())].clone();
        s = Monjan::apply(&s, &a).unwrap();
    }
    let text = Monjan::render_view(&config, &Monjan::view(&s, Observer::Seat(Seat(0))));
    println!("{text}");
    assert!(text.contains("P0") && text.contains("mana ["));
}
