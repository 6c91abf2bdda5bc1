//! MC-D1, MC-7.3: every valid configuration ends. The default configuration bounds the game
//! at `max_rounds` (100) rounds; a player who always takes the first legal action, in every
//! seat, ends within that bound under varied and extreme legal configurations.

use fuda_core::{Conformance, Game};
use fuda_monjan::{
    Config, EditTurnMode, MatchFormat, Monjan, NumberCardsPerTurn, PickMode, DEFAULT_MAX_ROUNDS,
    MAX_ROUNDS_LIMIT,
};

/// Plays `config` with the always-first-legal-action policy; returns (rounds, actions).
fn first_action_game(config: &Config, seed: u64) -> (u32, usize) {
    let mut s = Monjan::new_game(config, seed).expect("valid configuration");
    let bound = Monjan::max_actions(config);
    let mut buf = Vec::new();
    let mut actions = 0;
    while Monjan::outcome(&s).is_none() {
        Monjan::legal_actions(&s, &mut buf);
        let a = buf
            .first()
            .expect("a legal action while the game goes on")
            .clone();
        Monjan::apply_in_place(&mut s, &a).expect("legal");
        actions += 1;
        assert!(actions <= bound, "seed {seed}: more than {bound} actions");
    }
    assert!(
        s.round() <= config.max_rounds,
        "seed {seed}: round {}",
        s.round()
    );
    (s.round(), actions)
}

/// MC-D1: the bound is on by default and its outcome is a shared win of the survivors.
#[test]
fn mc_d1_the_default_configuration_bounds_the_game() {
    let c = Config::default();
    assert_eq!(c.max_rounds, DEFAULT_MAX_ROUNDS);
    assert!(serde_json::from_str::<Config>(r#"{"max_rounds":null}"#).is_err());
    let c = Config {
        max_rounds: MAX_ROUNDS_LIMIT + 1,
        ..Config::default()
    };
    assert!(Monjan::new_game(&c, 1).is_err());
}

/// MC-D1: first-legal-action games end within the bound: 2-4 players, several formats and
/// seeds, sequential edits, a total cap, and the longest legal bound.
#[test]
fn mc_d1_first_legal_action_games_end_within_the_bound() {
    let mut configs = Vec::new();
    for n in 2..=4u8 {
        for format in [
            MatchFormat::Basic,
            MatchFormat::InitialEquipment,
            MatchFormat::ReverseInitialEquipment,
            MatchFormat::ReverseExtraMode,
        ] {
            let mut c = Config::for_players(n);
            c.match_format = format;
            configs.push(c);
        }
        let mut c = Config::for_players(n);
        c.edit_turn_mode = EditTurnMode::Sequential;
        c.pick_mode = PickMode::Random;
        c.number_cards_per_edit_turn = NumberCardsPerTurn::One;
        c.edit_turn_total_cap = Some(1);
        configs.push(c);
    }
    let mut longest = Config::for_players(4);
    longest.max_rounds = MAX_ROUNDS_LIMIT;
    longest.match_format = MatchFormat::ExtraRule;
    configs.push(longest);
    for (i, c) in configs.iter().enumerate() {
        for seed in 0..3 {
            let (rounds, actions) = first_action_game(c, seed + 10 * i as u64);
            assert!(rounds >= 1 && actions > 0);
        }
    }
}
