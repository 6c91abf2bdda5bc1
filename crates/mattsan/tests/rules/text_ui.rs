//! The terminal text UI draws any view, labels every legal action and narrates events.

use fuda_core::TextUi;
use fuda_mattsan::*;

#[test]
fn text_ui_renders_a_whole_game() {
    let config = Config::default();
    let mut s = new_game(&config, 21).unwrap();
    let mut n = 0;
    while s.outcome().is_none() && n < 400 {
        let v = view(&s, Observer::Seat(Seat(0)));
        let board = Mattsan::render_view(&config, &v);
        assert!(board.contains("P0") && board.contains("battlefield"));
        let actions = legal_actions(&s);
        for a in &actions {
            assert!(!Mattsan::describe_action(&config, &v, a).is_empty());
        }
        let a = actions[n % actions.len()].clone();
        for e in apply_in_place(&mut s, &a).unwrap() {
            if let Some(e) = redact(&e, Observer::Seat(Seat(1))) {
                assert!(!Mattsan::describe_event(&config, &e).is_empty());
            }
        }
        n += 1;
    }
    println!(
        "{}",
        Mattsan::render_view(&config, &view(&s, Observer::Spectator))
    );
}
