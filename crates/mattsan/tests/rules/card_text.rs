//! What a person needs to play (issue 11, MS-D8): every card's rules text generated from
//! its data, actions explained with the text of the cards they involve, a legend for every
//! symbol of the board, seat labels naming each seat's deck and grouped menus.

use fuda_core::{CardText, Positions, TextUi};
use fuda_mattsan::*;
use std::collections::BTreeSet;

fn sample_cards() -> Vec<CardText> {
    Mattsan::cards(&Config::default())
}

fn text_of(key: &str) -> String {
    sample_cards()
        .into_iter()
        .find(|c| c.key == key)
        .unwrap_or_else(|| panic!("no card {key}"))
        .text
}

fn assert_says(key: &str, parts: &[&str]) {
    let text = text_of(key);
    for p in parts {
        assert!(text.contains(p), "{key}'s text lacks {p:?}:\n{text}");
    }
}

/// MS-D8: every card of the sample set is listed once with its name, kind and rules text.
#[test]
fn ms_d8_every_sample_card_is_listed_with_text() {
    let set = CardSet::sample();
    let cards = sample_cards();
    assert_eq!(cards.len(), set.len());
    let keys: BTreeSet<&str> = cards.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys.len(), set.len(), "keys are unique");
    for (c, def) in cards.iter().zip(set.defs()) {
        assert_eq!(c.key, def.id());
        assert_eq!(c.name, def.name_en());
        assert!(!c.text.is_empty(), "{} has no text", c.key);
        assert_eq!(c.text, def.rules_text());
        let kind = match def.card_type() {
            CardType::Unit => "unit",
            CardType::Trump => "trump",
            CardType::Trap => "trap",
            CardType::Terrain => "terrain",
        };
        assert_eq!(c.kind, kind);
    }
}

/// MS-D8, MS-6.12, MS-A33: every trump names its cost (the soul charge, and any discard or
/// damage) and its target before it is chosen.
#[test]
fn ms_a33_every_trump_text_names_its_cost() {
    for c in sample_cards().iter().filter(|c| c.kind == "trump") {
        assert!(
            c.text
                .contains("turn one upright soul-charge card sideways"),
            "{}: {}",
            c.key,
            c.text
        );
    }
    assert_says(
        "fireball",
        &[
            "discard 1 other card from your hand",
            "a face-up enemy unit (you choose)",
            "1D",
        ],
    );
    assert_says(
        "banish_order",
        &[
            "discard 2 other cards",
            "Destroy",
            "the enemy battlefield unit",
        ],
    );
    assert_says(
        "recharge",
        &["1 damage to your battlefield unit", "EX counter"],
    );
    assert_says(
        "pickpocket",
        &["Your opponent discards 1 card from hand, at random"],
    );
    assert_says("power_potion", &["+2 ATK until the end of the turn"]);
}

/// MS-D8, MS-5.12, MS-5.13: unit moves are described with their conditions, effects and the
/// EX rule (the issue names Quick Cut and Earthquake as never described).
#[test]
fn ms_5_12_quick_cut_and_earthquake_are_described() {
    assert_says(
        "blade_rookie",
        &[
            "Special move «Quick Cut»",
            "usable when this unit has at least 1 damage counter",
            "Deal 2 damage to the enemy battlefield unit",
        ],
    );
    assert_says(
        "giant_golem",
        &[
            "Super special move «Earthquake»",
            "not usable while it has one",
            "Deal 3 damage to both battlefield units",
            "A deck may hold 1 copy",
        ],
    );
    assert_says(
        "twin_fang",
        &[
            "«Endless Fang»",
            "usable even with EX counters",
            "cost: discard 1 other card",
            "This unit attacks",
        ],
    );
    assert_says(
        "dice_gambler",
        &["XD, X being the number of your face-up units"],
    );
}

/// MS-D8, MS-A10, MS-D2: unit abilities name their trigger, condition and "may".
#[test]
fn ms_d2_unit_abilities_name_trigger_condition_and_may() {
    assert_says(
        "old_sage",
        &[
            "When it turns face-up",
            "if you hold at least 1 card",
            "You may: You discard 1 card from hand, chosen by you. Then: You draw 2 cards.",
        ],
    );
    assert_says(
        "war_drummer",
        &["face-up on the bench", "Your battlefield unit gets +1 ATK"],
    );
    assert_says("dawn_monk", &["At the start of your turn", "this unit"]);
    assert_says("castle_builder", &["Your bench has +1 location"]);
    assert_says("scout_owl", &["Look at a card on the enemy bench"]);
    // A unit without rules of its own still says nothing false: only its stats matter.
    let guard = sample_cards()
        .into_iter()
        .find(|c| c.key == "iron_guard")
        .unwrap();
    assert_eq!(guard.stats["max_hp"], 6);
    assert_eq!(guard.stats["atk"], 1);
    assert_eq!(guard.stats["def"], 4);
    assert_eq!(guard.stats["soul"], 2);
}

/// MS-D8, MS-5.10, MS-5.8, MS-5.9: traps name their trigger, terrains their use and
/// placement.
#[test]
fn ms_5_10_traps_and_terrains_are_described() {
    assert_says(
        "guard_wall",
        &[
            "Trap",
            "an enemy attack on your battlefield unit is declared",
            "1 less damage",
        ],
    );
    assert_says(
        "spell_jammer",
        &["your opponent uses a trump", "has no effect"],
    );
    assert_says("last_stand", &["a unit of yours is defeated"]);
    assert_says("counter_spike", &["the attacking unit"]);
    assert_says(
        "catapult_tower",
        &["on your bench only", "turn it sideways"],
    );
    assert_says(
        "mist_marsh",
        &["on your battlefield only", "in either player's turn"],
    );
    assert_says(
        "fortress_hill",
        &["While a face-up unit is on it", "+1 DEF"],
    );
    assert_says(
        "healing_spring",
        &[
            "At the start of your turn",
            "Remove up to 1 damage counter from",
        ],
    );
}

/// MS-D8, MS-D6: the ids listed for each card are exactly the card grid: every id of a game
/// is listed once, under the card it is.
#[test]
fn ms_d6_card_ids_name_the_cards_of_a_game() {
    let config = Config::default();
    let cards = Mattsan::cards(&config);
    let mut all: Vec<CardId> = cards.iter().flat_map(|c| c.ids.clone()).collect();
    let n = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n, "no id twice");
    let s = new_game(&config, 3).unwrap();
    for seat in [Seat(0), Seat(1)] {
        for &id in s.hand(seat) {
            let card = cards.iter().find(|c| c.ids.contains(&id)).unwrap();
            assert_eq!(card.key, s.card_name(id));
        }
    }
}

/// MS-D8: a custom card set gets generated text too, from the effect vocabulary.
#[test]
fn ms_d8_custom_cards_get_text() {
    let set = CardSet::from_json(
        r#"{"cards": [
            {"card_type": "unit", "id": "u", "name_en": "Mud Troll", "max_hp": 5, "atk": 2, "def": 2, "soul": 1,
             "abilities": [{"trigger": "own_turn_start", "optional": true,
                            "effect": [{"if": {"cond": {"ally_bf_hp_at_most": 2}, "then": [{"return_to_hand": {"sel": "this"}}]}}]}]},
            {"card_type": "trump", "id": "t", "name_en": "Blood Pact", "deck_limit": 2,
             "cost": [{"self_damage_cost": 2}, {"discard_cost": 1}],
             "effect": [{"draw": {"who": "self", "n": 3}}]}
        ]}"#,
    )
    .unwrap();
    let config = Config {
        card_set: CardSetChoice::Custom(set),
        ..Config::default()
    };
    let cards = Mattsan::cards(&config);
    assert_eq!(cards.len(), 2);
    let troll = &cards[0].text;
    for p in [
        "At the start of your turn",
        "(optional)",
        "If your battlefield unit has at most 2 HP left",
        "Return this unit to its owner's hand",
    ] {
        assert!(troll.contains(p), "{troll}");
    }
    let pact = &cards[1].text;
    for p in [
        "2 damage to your battlefield unit",
        "discard 1 other card",
        "You draw 3 cards",
        "A deck may hold 2 copies",
    ] {
        assert!(pact.contains(p), "{pact}");
    }
    assert_eq!(cards[1].ids.len(), 4, "2 copies for each seat");
}

/// MS-D8, MS-6.12: explaining "use the trump Fireball" shows its discard cost and the
/// card's text before the trump is chosen.
#[test]
fn ms_6_12_explain_trump_shows_its_cost_first() {
    let scenario = Scenario::from_json(
        r#"{"players": [
            {"battlefield": {"card": "blade_rookie"}, "hand": ["fireball", "iron_guard"], "soul": [{"card": "power_potion"}]},
            {"battlefield": {"card": "iron_guard"}}
        ]}"#,
    )
    .unwrap();
    let s = Mattsan::from_scenario(&scenario).unwrap();
    let config = s.config().clone();
    let v = view(&s, Observer::Seat(Seat(0)));
    let fireball = s.card_id(Seat(0), "fireball").unwrap();
    let use_it = legal_actions(&s)
        .into_iter()
        .find(|a| a.choice == Choice::UseTrump { card: fireball })
        .expect("fireball is usable");
    let text = Mattsan::explain_action(&config, &v, &use_it);
    assert!(text.starts_with(&Mattsan::describe_action(&config, &v, &use_it)));
    for p in [
        "pay its cost now (discard 1 other card",
        "Fireball (trump)",
        "a face-up enemy unit (you choose)",
    ] {
        assert!(text.contains(p), "{text}");
    }
    // The attack explains the damage rule and shows both units' text.
    let attack = legal_actions(&s)
        .into_iter()
        .find(|a| a.choice == Choice::Attack)
        .unwrap();
    let text = Mattsan::explain_action(&config, &v, &attack);
    for p in [
        "2 damage if your unit's ATK is above its DEF",
        "Blade Rookie (unit",
        "Iron Guard (unit",
    ] {
        assert!(text.contains(p), "{text}");
    }
}

/// MS-D8: along whole games every legal action of every seat has an explanation that
/// says more than its menu label; the board uses only symbols the legend explains; main
/// and setup menus are grouped, the cards in hand each under one heading.
#[test]
fn ms_d8_explanations_legend_and_groups_along_whole_games() {
    let config = Config::default();
    let legend = Mattsan::legend();
    let cards = Mattsan::cards(&config);
    for seed in 0..4 {
        let mut s = new_game(&config, seed).unwrap();
        let mut steps = 0;
        while s.outcome().is_none() && steps < 300 {
            let actions = legal_actions(&s);
            for a in &actions {
                let v = view(&s, Observer::Seat(a.seat));
                let label = Mattsan::describe_action(&config, &v, a);
                let text = Mattsan::explain_action(&config, &v, a);
                assert!(text.len() > label.len() + 10, "{label}: {text}");
                if matches!(v.pending, Pending::Main { .. } | Pending::Placement { .. }) {
                    assert!(Mattsan::menu_group(&config, &v, a).is_some(), "{label}");
                }
                if let Choice::PlaceUnit { card, .. } | Choice::SetupBench { card, .. } = a.choice {
                    let group = Mattsan::menu_group(&config, &v, a).unwrap();
                    let name = &cards.iter().find(|c| c.ids.contains(&card)).unwrap().name;
                    assert_eq!(group, format!("{name} from your hand"));
                }
            }
            for observer in [
                Observer::Seat(Seat(0)),
                Observer::Seat(Seat(1)),
                Observer::Spectator,
            ] {
                let board = Mattsan::render_view(&config, &view(&s, observer));
                for ch in board.chars().filter(|c| !c.is_ascii()) {
                    assert!(legend.contains(ch), "the legend lacks {ch:?} of\n{board}");
                }
            }
            let a = actions[(steps * 7 + seed as usize) % actions.len()].clone();
            s = apply(&s, &a).unwrap();
            steps += 1;
        }
    }
    for word in [
        "HP",
        "ATK",
        "DEF",
        "EX",
        "face-down",
        "sideways",
        "(empty)",
        "terrain",
        "soul",
        "bench capacity",
        "under it",
    ] {
        assert!(legend.contains(word), "legend lacks {word}");
    }
}

/// MS-D8: grouped menus put every placement of one hand card under one heading, so a
/// main step with many placements needs fewer first-step choices.
#[test]
fn ms_d8_menu_groups_gather_one_cards_placements() {
    let scenario = Scenario::from_json(
        r#"{"players": [
            {"battlefield": {"card": "blade_rookie"}, "hand": ["iron_guard", "fire_drake", "guard_wall"]},
            {"battlefield": {"card": "iron_guard"}}
        ]}"#,
    )
    .unwrap();
    let s = Mattsan::from_scenario(&scenario).unwrap();
    let config = s.config().clone();
    let v = view(&s, Observer::Seat(Seat(0)));
    let actions = legal_actions(&s);
    let groups: BTreeSet<String> = actions
        .iter()
        .map(|a| Mattsan::menu_group(&config, &v, a).unwrap())
        .collect();
    assert!(groups.len() < actions.len(), "{groups:?}");
    let drake = s.card_id(Seat(0), "fire_drake").unwrap();
    let drake_groups: BTreeSet<String> = actions
        .iter()
        .filter(|a| matches!(a.choice, Choice::PlaceUnit { card, .. } if card == drake))
        .map(|a| Mattsan::menu_group(&config, &v, a).unwrap())
        .collect();
    assert_eq!(drake_groups.len(), 1);
    assert!(drake_groups.iter().next().unwrap().contains("Fire Drake"));
}

/// MS-D8, issue 11 item 5: each seat is labelled by the deck it plays, never by the deck's
/// contents.
#[test]
fn ms_d8_seat_labels_name_the_decks() {
    let config = Config::default();
    assert_eq!(
        Mattsan::seat_label(&config, Seat(0)).as_deref(),
        Some("deck A")
    );
    assert_eq!(
        Mattsan::seat_label(&config, Seat(1)).as_deref(),
        Some("deck B")
    );
    let swapped = Config::with_decks(DeckChoice::b(), DeckChoice::a());
    assert_eq!(
        Mattsan::seat_label(&swapped, Seat(0)).as_deref(),
        Some("deck B")
    );
    let list: Vec<String> = CardSet::sample().deck("a").unwrap().to_vec();
    let custom = Config::with_decks(DeckChoice::List(list), DeckChoice::a());
    assert_eq!(
        Mattsan::seat_label(&custom, Seat(0)).as_deref(),
        Some("custom deck (30 cards)")
    );
    assert_eq!(Mattsan::seat_label(&config, Seat(2)), None);
}
