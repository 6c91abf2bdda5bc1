//! The terminal text of `TextUi`: board, menu labels, narration.

use crate::common::*;
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
    assert!(theirs.contains("▼ face down | Ember Imp"), "{theirs}");
    assert!(!theirs.contains("Magma Brute"), "{theirs}");
    let mine = Uzumajin::render_view(&config, &view(&s, Observer::Seat(Seat(0))));
    assert!(mine.contains("▼Magma Brute (face down)"), "{mine}");
}

/// Issue 11: every card of the set with its key, kind, stats, instance ids and rules text
/// generated from its data; Fury and Feint are described.
#[test]
fn cards_lists_every_card_with_generated_text() {
    let config = Config::default();
    let cards = Uzumajin::cards(&config);
    assert_eq!(cards.len(), 24);
    let find = |key: &str| cards.iter().find(|c| c.key == key).unwrap();
    let fury = find("combat_fury");
    assert_eq!(
        (fury.name.as_str(), fury.kind.as_str()),
        ("Fury", "combat card")
    );
    assert_eq!(
        fury.text,
        "Needs a face-up Red soul on your field. Your battling majin gets +3 power until the \
         end of the battle."
    );
    let feint = find("combat_feint");
    assert_eq!(
        feint.text,
        "Your battling majin gets +1 power until the end of the battle."
    );
    // Feint is in both decks: 3 copies in seat 0's, 2 in seat 1's.
    assert_eq!(feint.ids.len(), 5);
    assert!(feint.ids.iter().any(|c| c.0 >= 40));
    let champion = find("red_champion");
    assert!(champion
        .text
        .contains("you may choose an opposing majin in the battle zone"));
    assert_eq!(champion.stats["cost"], 4);
    assert_eq!(champion.stats["power"], 5);
    assert_eq!(champion.stats["colour"], "Red");
    assert!(find("red_charger")
        .text
        .contains("+1 power while it attacks"));
    assert!(find("spell_mind_rot")
        .text
        .contains("discards a card at random"));
    assert_eq!(
        find("red_imp").text,
        "",
        "a vanilla soul has no rules of its own"
    );
    assert!(find("spell_war_cry").ids.len() == 3);
    // A custom set gets its text from the same vocabulary.
    let set = CardSet::from_json(
        r#"{"cards":[
            {"type":"soul","id":"g","name":"Grove","colour":"Green","cost":1,"power":1,
             "on_enter":{"op":"seq","effects":[{"op":"draw","count":2},
               {"op":"may","effect":{"op":"retreat","target":{"opp_majin":"battle"}}}]},
             "statics":[{"amount":2,"condition":"always"}]},
            {"type":"spell","id":"q","name":"Quake","cost":2,"required_colours":["Green"],
             "effect":{"op":"destroy","target":{"own_majin":"prepare"},"count":2}},
            {"type":"combat","id":"p","name":"Peek","effect":{"op":"power","target":"opp_battler","amount":-1,"duration":"battle"}}
        ]}"#,
    )
    .unwrap();
    let deck = Deck::from_counts(&[("g", 20), ("q", 10), ("p", 10)]);
    let custom = Config {
        card_set: CardSetChoice::Custom(set),
        decks: [deck.clone(), deck],
        max_copies_per_card: None,
        ..Config::default()
    };
    let texts = Uzumajin::cards(&custom);
    assert_eq!(
        texts[0].text,
        "This majin gets +2 power. When played from hand: draw 2 cards, then you may choose \
         an opposing majin in the battle zone: move it back to its owner's prepare zone."
    );
    assert_eq!(
        texts[1].text,
        "Needs a face-up Green soul on your field. Choose one of your majins in the prepare \
         zone: destroy its top 2 cards (to its owner's graveyard)."
    );
    assert!(texts[2]
        .text
        .contains("-1 power until the end of the battle"));
    assert_eq!(texts[0].ids.len(), 40);
    assert_eq!(
        Uzumajin::seat_label(&custom, Seat(0)).as_deref(),
        Some("custom Green deck")
    );
}

/// Issue 11: `explain_action` says what an action does and gives the text of its cards —
/// a spell's cost and effect before it is chosen, a combat card's effect.
#[test]
fn explain_action_gives_rules_and_card_text() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(0), &["spell_fireball", "combat_fury", "red_cub"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let config = s.config().clone();
    let v = view(&s, Observer::Seat(Seat(0)));
    let explain = |choice: Choice| {
        Uzumajin::explain_action(
            &config,
            &v,
            &Action {
                seat: Seat(0),
                choice,
            },
        )
    };
    let fireball = explain(Choice::PlaySpell {
        card: hand_card(&s, 0, "spell_fireball"),
    });
    assert!(fireball.contains("Pay 3 of your 3 MP"), "{fireball}");
    assert!(fireball.contains("destroy its top card"), "{fireball}");
    let onto = explain(Choice::PlaySoul {
        card: hand_card(&s, 0, "red_cub"),
        place: Placement::Onto(MajinId(0)),
    });
    assert!(onto.contains("stacked face up on M0"), "{onto}");
    let s = act(&s, 0, Choice::EndMain);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    let v1 = view(&s, Observer::Seat(Seat(1)));
    let block = Uzumajin::explain_action(
        &config,
        &v1,
        &Action {
            seat: Seat(1),
            choice: Choice::Block { majin: MajinId(1) },
        },
    );
    assert!(block.contains("tie goes to the attacker"), "{block}");
    assert!(block.contains("does not tap"), "{block}");
    let s = act(&s, 1, Choice::Block { majin: MajinId(1) });
    let v = view(&s, Observer::Seat(Seat(0)));
    let fury = Uzumajin::explain_action(
        &config,
        &v,
        &Action {
            seat: Seat(0),
            choice: Choice::UseCombat {
                card: hand_card(&s, 0, "combat_fury"),
            },
        },
    );
    assert!(
        fury.contains("+3 power until the end of the battle"),
        "{fury}"
    );
    assert!(fury.contains("costs no MP"), "{fury}");
}

/// Issue 11 item 6: battle-only bonuses are labelled "this battle", turn bonuses "this
/// turn".
#[test]
fn modifiers_are_labelled_by_duration() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle)
                .power_this_turn(2)
                .power_this_battle(3),
        )
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Battle))
        .at_combat(MajinId(0), Some(MajinId(1)), Seat(0))
        .build()
        .unwrap();
    let board = Uzumajin::render_view(s.config(), &view(&s, Observer::Spectator));
    assert!(
        board.contains("power 7 (+2 this turn, +3 this battle)"),
        "{board}"
    );
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle).power_this_battle(3),
        )
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Battle))
        .at_combat(MajinId(0), Some(MajinId(1)), Seat(0))
        .build()
        .unwrap();
    let board = Uzumajin::render_view(s.config(), &view(&s, Observer::Spectator));
    assert!(
        board.contains("(+3 this battle)") && !board.contains("this turn"),
        "{board}"
    );
}

/// Issue 11: the legend explains every symbol the board uses.
#[test]
fn legend_explains_every_board_symbol() {
    let legend = Uzumajin::legend();
    for symbol in [
        "◯",
        "●",
        "▼ face down",
        "▼Name (face down)",
        "[a | b | c]",
        "power N",
        "this turn",
        "this battle",
        "UZUMAJIN",
        "tapped",
        "MP x of y",
        "Majin Box N",
        "damage x of 7",
    ] {
        assert!(legend.contains(symbol), "{symbol} is not in the legend");
    }
}

/// Issue 11: seats are labelled with their decks; step 5's soul placements are grouped by
/// the soul played.
#[test]
fn seat_labels_and_menu_groups() {
    let config = Config::default();
    assert_eq!(
        Uzumajin::seat_label(&config, Seat(0)).as_deref(),
        Some("Red deck")
    );
    assert_eq!(
        Uzumajin::seat_label(&config, Seat(1)).as_deref(),
        Some("Blue deck")
    );
    let board = Uzumajin::render_view(
        &config,
        &view(&new_game(&config, 1).unwrap(), Observer::Spectator),
    );
    assert!(
        board.contains("P0 · Red deck") && board.contains("P1 · Blue deck"),
        "{board}"
    );
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Battle))
        .hand(Seat(0), &["red_imp", "red_imp", "spell_war_cry"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let v = view(&s, Observer::Seat(Seat(0)));
    let groups: Vec<Option<String>> = legal_actions(&s)
        .iter()
        .map(|a| Uzumajin::menu_group(&config, &v, a))
        .collect();
    let imp_groups = groups
        .iter()
        .flatten()
        .filter(|g| g.starts_with("Play Ember Imp"))
        .count();
    assert_eq!(imp_groups, 6, "two imps, each New or onto M0 or M1");
    assert!(
        groups.last().unwrap().is_none(),
        "End the main step stands alone"
    );
}

/// Issue 11 item 7: the player count is `num_players`; Uzumajin accepts 2 and refuses any
/// other value with a typed error naming the field.
#[test]
fn num_players_is_two() {
    let c: Config = serde_json::from_str(r#"{"num_players": 2}"#).unwrap();
    assert!(new_game(&c, 0).is_ok());
    for n in [0u8, 1, 3, 6] {
        let c = Config {
            num_players: n,
            ..Config::default()
        };
        let err = new_game(&c, 0).unwrap_err();
        assert!(
            matches!(&err, Error::Config { field, .. } if field == "num_players"),
            "{err}"
        );
    }
}
