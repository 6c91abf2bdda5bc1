//! Custom card sets (spec CC-3.2, CC-A3, §12a, `card_set`): the rules read powers, VENOM
//! labels, name fragments and the RABIES multiplier from the set.

use crate::common::*;
use fuda_creature_clash::{
    new_game, BattleResult, CardSet, CardSetChoice, Choice, Config, DealerRule, Event, Scenario,
    Unplaced,
};

/// A 20-card set: six animals (F/M/B), one RABIES that triples, one BERSERK!.
fn mini_set() -> CardSet {
    let mut cards = Vec::new();
    for (animal, power, venom) in [
        ("ant", 1, false),
        ("bee", 2, true),
        ("cat", 3, false),
        ("dog", 4, false),
        ("eel", 5, true),
        ("fox", 6, false),
    ] {
        for (suffix, position) in [("f", "front"), ("m", "middle"), ("b", "back")] {
            cards.push(serde_json::json!({
                "id": format!("{animal}_{suffix}"),
                "kind": "part",
                "animal": animal,
                "position": position,
                "power": power,
                "venom": venom,
                "fragment": format!("{}{suffix}", animal.to_uppercase()),
                "name_en": animal,
            }));
        }
    }
    cards.push(
        serde_json::json!({"id": "rabid", "kind": "rabies", "multiplier": 3, "name_en": "R"}),
    );
    cards.push(serde_json::json!({"id": "mad", "kind": "berserk", "name_en": "B"}));
    let text = serde_json::json!({"name": "mini", "cards": cards}).to_string();
    CardSet::from_json(&text).unwrap()
}

fn mini_config() -> Config {
    let mut c = Config::for_players(2);
    c.card_set = CardSetChoice::Custom(mini_set());
    c.dealer = DealerRule::Fixed(P0);
    c
}

/// CC-3.2, CC-A3, CC-3.6: a new game deals from the custom set: 2 × 7 cards dealt, the
/// other 6 form the deck.
#[test]
fn cc_a3_custom_set_new_game() {
    let s = new_game(&mini_config(), 4).unwrap();
    assert_eq!(s.cards().len(), 20);
    assert_eq!(s.cards().name(), "mini");
    assert_eq!((s.hand(P0).len(), s.hand(P1).len()), (7, 7));
    assert_eq!(s.deck().len(), 6);
}

/// CC-6.1, CC-6.12, `card_set`: power, names and the RABIES factor come from the set: FOX
/// (6 + 6 + 6 = 18) with a ×3 RABIES attacks for 54; the venomous BEE-EEL-BEE (2 + 5 + 2)
/// still forces a venom tie (CC-6.2).
#[test]
fn custom_set_rules_values() {
    let build = || {
        Table::new(
            Scenario::with_config(mini_config())
                .configure(|c| c.rabies_requires_prior_win = false)
                .active(P1)
                .hand(
                    P1,
                    &[
                        "fox_f", "fox_m", "fox_b", "rabid", "ant_f", "ant_m", "ant_b",
                    ],
                )
                .hand(
                    P0,
                    &[
                        "bee_f", "eel_m", "bee_b", "dog_f", "dog_m", "dog_b", "cat_f",
                    ],
                )
                .deck_top(&["cat_m"])
                .unplaced(Unplaced::OutOfGame)
                .build()
                .unwrap(),
        )
    };
    let fox = ["fox_f", "fox_m", "fox_b"];
    let mut g = build();
    assert_eq!(g.s.cards().creature_name(&g.creature(fox)), "FOXfFOXmFOXb");
    assert_eq!(g.s.cards().creature_power(&g.creature(fox)), 18);
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack_with(fox, P0, Some("rabid")));
    let events = g.act(P0, g.defend(["dog_f", "dog_m", "dog_b"]));
    assert!(events.contains(&Event::BattleResolved {
        attacker: P1,
        defender: P0,
        result: BattleResult::AttackerWins,
        attack: 54,
        defence: Some(12),
    }));

    let mut g = build();
    g.act(P1, Choice::DrawForTurn);
    g.act(P1, g.attack(fox, P0));
    let events = g.act(P0, g.venom(["bee_f", "eel_m", "bee_b"]));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::BattleResolved {
            result: BattleResult::VenomTie,
            defence: Some(9),
            ..
        }
    )));
}

/// `card_set`: a configuration with a custom set survives a JSON round trip.
#[test]
fn custom_set_config_round_trip() {
    let c = mini_config();
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), c);
}
