//! Bounded cost for every input (issue 10): the card-set and configuration error paths are
//! linear, every game ends within the documented bound (MJ-D1), actions refuse unknown
//! fields, and a loaded state cannot queue unbounded work.

use crate::common::*;
use std::time::{Duration, Instant};

/// Generous: the refusals below take about 10 ms in an optimised test build.
const FAST: Duration = Duration::from_millis(100);

/// The fastest of three runs of `f` (the machine is shared: the minimum measures the work,
/// not the neighbours), and `f`'s verdict.
fn fastest(f: &dyn Fn() -> bool) -> (Duration, bool) {
    let mut best = Duration::MAX;
    let mut verdict = true;
    for _ in 0..3 {
        let start = Instant::now();
        verdict &= f();
        best = best.min(start.elapsed());
    }
    (best, verdict)
}

/// A soul with one mistyped field (`cost` as a string) and `n` unknown keys.
fn hostile_card(n: usize) -> String {
    let mut card = String::from(r#"{"type":"soul","id":"x","name":"X","cost":"one","power":1"#);
    for i in 0..n {
        card.push_str(&format!(r#","junk_{i:05}":{i}"#));
    }
    card.push('}');
    card
}

/// Issue 10 finding 1: a card with one mistyped field and 16,000 unknown keys is refused
/// in milliseconds, naming the card, through the card-set loader and through the
/// configuration (a custom `card_set`), and the message stays short.
#[test]
fn mistyped_card_with_many_unknown_keys_is_refused_fast() {
    let set = format!(r#"{{"name":"hostile","cards":[{}]}}"#, hostile_card(16_000));
    assert!(set.len() > 230_000);
    let (took, refused) = fastest(&|| CardSet::from_json(&set).is_err());
    eprintln!("card set refused in {took:?}");
    assert!(refused && took < FAST, "{took:?}");
    let err = CardSet::from_json(&set).unwrap_err();
    assert!(
        matches!(&err, CardSetError::BadCard { index: 0, id, .. } if id == "x"),
        "{err}"
    );
    assert!(err.to_string().len() < 600, "{err}");
    let config = format!(r#"{{"card_set":{{"custom":{set}}}}}"#);
    let (took, refused) = fastest(&|| serde_json::from_str::<Config>(&config).is_err());
    eprintln!("configuration refused in {took:?}");
    assert!(refused && took < FAST, "{took:?}");
    let err = serde_json::from_str::<Config>(&config).unwrap_err();
    assert!(err.to_string().contains("`x`"), "{err}");
}

/// The other card-set and configuration error paths with large input: many unknown
/// configuration keys, a huge deck list, a card with a huge id or many colours, a set of
/// many cards; each is refused fast.
#[test]
fn large_bad_card_sets_and_configs_are_refused_fast() {
    let timed = |what: &str, f: &dyn Fn() -> bool| {
        let (took, refused) = fastest(f);
        assert!(refused, "{what} was accepted");
        eprintln!("{what}: {took:?}");
        assert!(took < FAST, "{what}: {took:?}");
    };
    let keys: Vec<String> = (0..16_000).map(|i| format!(r#""k{i}":{i}"#)).collect();
    let config = format!(r#"{{"deck_size":"forty",{}}}"#, keys.join(","));
    timed("config with 16,000 unknown keys", &|| {
        serde_json::from_str::<Config>(&config).is_err()
    });
    let entries = vec![r#"{"card":"red_imp","count":1}"#; 50_000].join(",");
    let config: Config = serde_json::from_str(&format!(r#"{{"decks":[[{entries}],[]]}}"#)).unwrap();
    timed("deck list of 50,000 entries", &|| {
        matches!(new_game(&config, 0), Err(Error::Deck { .. }))
    });
    let long_id = "y".repeat(500_000);
    let set = format!(
        r#"{{"cards":[{{"type":"soul","id":"{long_id}","name":"Y","cost":1,"power":-1}}]}}"#
    );
    timed(
        "card with a 500 KB id",
        &|| match CardSet::from_json(&set) {
            Err(e) => e.to_string().len() < 600,
            Ok(_) => false,
        },
    );
    let colours: Vec<String> = (0..20_000).map(|i| format!(r#""c{i}""#)).collect();
    let set = format!(
        r#"{{"cards":[{{"type":"soul","id":"z","name":"Z","cost":1,"power":1,"required_colours":[{}]}}]}}"#,
        colours.join(",")
    );
    timed("card with 20,000 colours", &|| {
        CardSet::from_json(&set).is_err()
    });
    let cards: Vec<String> = (0..5_000)
        .map(|i| format!(r#"{{"type":"soul","id":"s{i}","name":"S","cost":1,"power":1}}"#))
        .collect();
    let set = format!(r#"{{"cards":[{}]}}"#, cards.join(","));
    timed("set of 5,000 cards", &|| CardSet::from_json(&set).is_err());
}

/// Issue 10 finding 6: actions refuse unknown fields, at the top and in every choice.
#[test]
fn actions_refuse_unknown_fields() {
    let ok: Action = serde_json::from_str(r#"{"seat":1,"choice":"pass_priority"}"#).unwrap();
    assert_eq!(ok.choice, Choice::PassPriority);
    for bad in [
        r#"{"seat":1,"choice":"pass_priority","extra":0}"#,
        r#"{"seat":0,"choice":{"use_combat":{"card":3,"extra":0}}}"#,
        r#"{"seat":0,"choice":{"play_soul":{"card":3,"place":"new","x":1}}}"#,
        r#"{"seat":0,"choice":{"answer_may":{"yes":true,"no":false}}}"#,
    ] {
        let err = serde_json::from_str::<Action>(bad).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{bad}: {err}");
    }
}

/// The always-first-legal-action policy.
fn first_legal(s: &State) -> Action {
    legal_actions(s)[0].clone()
}

/// The turn by which a game of `config` ends: `max_turns`, or the deck-out bound.
fn bound(config: &Config) -> u32 {
    let deck_out = 2 * (u32::from(config.deck_size) - u32::from(config.opening_hand)) + 2;
    config.max_turns.map_or(deck_out, |m| m.min(deck_out))
}

/// MJ-D1 / MJ-7.4 / issue 10 finding 3: with the always-first-legal-action policy for both
/// seats, every game ends within the bound — the default configuration and extreme legal
/// ones (200-card decks, no copy limit, 255 damage to lose, no turn limit, 10 combat cards
/// a battle, 16-card or unlimited majins, every option switched).
#[test]
fn mj_d1_every_game_ends_within_the_bound() {
    let big = |deck: &Deck| {
        Deck(
            deck.0
                .iter()
                .map(|e| DeckEntry {
                    card: e.card.clone(),
                    count: e.count * 5,
                })
                .collect(),
        )
    };
    let extreme = Config {
        deck_size: 200,
        max_copies_per_card: None,
        damage_to_lose: 255,
        decks: [big(&Deck::sample_red()), big(&Deck::sample_blue())],
        combat_cards_per_player: 10,
        max_cards_per_majin: Some(16),
        ..Config::default()
    };
    let configs = [
        Config::default(),
        Config::seat0_first(),
        Config {
            max_turns: None,
            ..extreme.clone()
        },
        Config {
            max_cards_per_majin: None,
            opening_hand: 0,
            prepare_zone_can_block: true,
            combat_window: CombatWindow::EveryAttack,
            uzumajin_bonus_optional: true,
            advance_optional: true,
            mp_mode: MpMode::LiveCount,
            colour_source: ColourSource::AnyFaceUp,
            ..extreme.clone()
        },
        Config {
            opening_hand: 200,
            ..extreme.clone()
        },
        Config {
            deck_size: 10,
            opening_hand: 10,
            decks: [
                Deck::from_counts(&[("red_imp", 4), ("red_cub", 4), ("combat_feint", 2)]),
                Deck::from_counts(&[
                    ("blue_minnow", 4),
                    ("blue_sprite", 4),
                    ("spell_insight", 1),
                    ("combat_feint", 1),
                ]),
            ],
            ..Config::default()
        },
        extreme,
    ];
    let start = Instant::now();
    let mut longest = 0;
    for (k, config) in configs.iter().enumerate() {
        for seed in 0..4 {
            let mut s = new_game(config, seed).unwrap();
            let mut actions = 0u64;
            while s.outcome().is_none() {
                s = apply(&s, &first_legal(&s)).unwrap();
                actions += 1;
                assert!(actions < 1_000_000, "config {k} seed {seed} runs away");
            }
            assert!(
                s.turn() <= bound(config),
                "config {k} seed {seed}: ended at turn {} beyond {}",
                s.turn(),
                bound(config)
            );
            longest = longest.max(s.turn());
        }
    }
    eprintln!(
        "longest game: {longest} turns; all games in {:?}",
        start.elapsed()
    );
    // The default bound itself: a draw when turn 200 ends (MJ-D1).
    assert_eq!(Config::default().max_turns, Some(DEFAULT_MAX_TURNS));
    assert_eq!(DEFAULT_MAX_TURNS, 200);
}

/// MJ-D1: the default bound ends an unfinished game as a draw when turn 200 ends; `null`
/// removes it.
#[test]
fn mj_d1_the_default_turn_limit_is_a_draw() {
    let s = Scenario::new()
        .turn(200)
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .at_main(None)
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::EndMain);
    assert_eq!(s.outcome(), Some(&Outcome::Draw));
    let c: Config = serde_json::from_str(r#"{"max_turns":null}"#).unwrap();
    assert_eq!(c.max_turns, None);
    let s = Scenario::with_config(c)
        .turn(200)
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .at_main(None)
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::EndMain);
    assert!(s.outcome().is_none());
    assert_eq!(s.turn(), 201);
}

/// Issue 10 (e): a loaded state cannot queue unbounded work: a long procedure stack, a
/// repeated peek memory or an oversized forced queue is refused, fast.
#[test]
fn loaded_states_are_bounded() {
    let s = Scenario::new()
        .majin(
            Seat(1),
            MajinSpec::ura("blue_knight", Zone::Prepare).peeked(),
        )
        .at_main(None)
        .build()
        .unwrap();
    let good = serde_json::to_value(&s).unwrap();
    let refused = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        let text = v.to_string();
        let start = Instant::now();
        let err = serde_json::from_str::<State>(&text)
            .unwrap_err()
            .to_string();
        assert!(start.elapsed() < FAST, "{err}");
        err
    };
    let tasks = refused(&|v| {
        v["tasks"] = serde_json::json!(vec![serde_json::json!({"step": "main"}); 100_000])
    });
    assert!(tasks.contains("procedure steps"), "{tasks}");
    let peeked = refused(&|v| {
        let c = v["players"][0]["peeked"][0].clone();
        v["players"][0]["peeked"] = serde_json::json!(vec![c; 100_000]);
    });
    assert!(peeked.contains("peeked"), "{peeked}");
    let forced = refused(&|v| {
        v["rng"]["forced"] = serde_json::json!(vec![serde_json::json!({"pick": 0}); 5_000])
    });
    assert!(forced.contains("forced"), "{forced}");
}
