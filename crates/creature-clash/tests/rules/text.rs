//! What a person needs (issue 11): card text generated from the card data, explanations of
//! actions with the text of their cards, a legend for every symbol of the board, attack
//! menus grouped by target with the power in each label, no seat labels.

use crate::common::*;
use fuda_core::TextUi;
use fuda_creature_clash::{
    view, CardSet, CardSetChoice, Choice, Config, CreatureClash, Observer, Seat,
};

fn rhino(config: &Config) -> fuda_core::CardText {
    CreatureClash::cards(config)
        .into_iter()
        .find(|c| c.key == "rhino_f")
        .unwrap()
}

/// Issue 11: every card of the sample set has its kind, stats by name, instance ids and an
/// English rules text generated from its data (parts, VENOM, RABIES, BERSERK!).
#[test]
fn cards_of_the_sample_set() {
    let config = Config::default();
    let cards = CreatureClash::cards(&config);
    assert_eq!(cards.len(), 102);
    let set = CardSet::sample();
    for c in &cards {
        assert_eq!(c.ids, vec![set.find(&c.key).unwrap()], "{}", c.key);
        assert!(!c.text.is_empty(), "{}", c.key);
    }
    let r = rhino(&config);
    assert_eq!(
        (r.name.as_str(), r.kind.as_str()),
        ("Rhinoceros (front)", "FRONT part")
    );
    assert_eq!(r.stats["power"], 10);
    assert_eq!(r.stats["venom"], false);
    assert_eq!(r.stats["fragment"], "RHINO");
    assert!(
        r.text.contains("Power 10") && r.text.contains("FRONT"),
        "{}",
        r.text
    );
    let find = |key: &str| cards.iter().find(|c| c.key == key).unwrap();
    let cobra = find("cobra_m");
    assert_eq!(cobra.kind, "MIDDLE part");
    assert!(
        cobra.text.contains("VENOM") && cobra.text.contains("tie"),
        "{}",
        cobra.text
    );
    let rabies = find("rabies_1");
    assert_eq!(rabies.kind, "RABIES");
    assert_eq!(rabies.stats["multiplier"], 2);
    assert!(
        rabies.text.contains("×2") && rabies.text.contains("dies"),
        "{}",
        rabies.text
    );
    let berserk = find("berserk_1");
    assert_eq!(berserk.kind, "BERSERK!");
    assert!(
        berserk.text.contains("fewer than 2") && berserk.text.contains("Champion"),
        "{}",
        berserk.text
    );
}

/// Issue 11: card text follows the card data and the options, so custom sets and variants
/// get their own text (a ×3 RABIES, RABIES without a prior win, a lone BERSERK! fighter).
#[test]
fn cards_of_a_custom_set_and_variants() {
    let set = CardSet::from_json(
        r#"{"cards":[
            {"id":"ant_f","kind":"part","animal":"ant","position":"front","power":7,"venom":true,"fragment":"AN","name_en":"Ant"},
            {"id":"mad","kind":"rabies","multiplier":3,"name_en":"Mad"},
            {"id":"rage","kind":"berserk","name_en":"Rage"}
        ]}"#,
    )
    .unwrap();
    let mut config = Config::for_players(2);
    config.card_set = CardSetChoice::Custom(set);
    config.rabies_requires_prior_win = false;
    config.berserk_min_participants = 1;
    let cards = CreatureClash::cards(&config);
    assert_eq!(cards.len(), 3);
    assert!(cards[0].text.contains("Power 7") && cards[0].text.contains("VENOM"));
    assert_eq!(cards[0].name, "Ant");
    assert!(cards[1].text.contains("×3") && cards[1].text.contains("play it with a target"));
    assert!(cards[2].text.contains("lone creature"), "{}", cards[2].text);
}

/// Issue 11: explaining an action says what it does and gives the text of its cards, e.g.
/// a RABIES before it is chosen, and whether a RABIES win ends the chain.
#[test]
fn explain_action_gives_rules_and_card_text() {
    let config = || {
        let mut c = Config::for_players(4);
        c.dealer = fuda_creature_clash::DealerRule::Fixed(P0);
        c
    };
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(LION20));
    g.act(P1, g.steal("lion_f"));
    let v = view(&g.s, Observer::Seat(P1));
    let with = fuda_creature_clash::Action {
        seat: P1,
        choice: g.next_with(P3, "rabies_1"),
    };
    assert!(g.legal().contains(&with));
    let text = CreatureClash::explain_action(&config(), &v, &with);
    assert!(text.contains("power 23 ×2 = 46"), "{text}");
    assert!(text.contains("your creature dies"), "{text}");
    assert!(text.contains("RABIES (RABIES)"), "{text}");
    let plain = fuda_creature_clash::Action {
        seat: P1,
        choice: g.next(P3),
    };
    let text = CreatureClash::explain_action(&config(), &v, &plain);
    assert!(text.contains("Other players are left"), "{text}");

    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK).build();
    g.act(P1, Choice::DrawForTurn);
    let v = view(&g.s, Observer::Seat(P1));
    let attack = fuda_creature_clash::Action {
        seat: P1,
        choice: g.attack(RC, P2),
    };
    let text = CreatureClash::explain_action(&config(), &v, &attack);
    for part in [
        "Rhinoceros",
        "Crocodile",
        "Barracuda",
        "Power 10",
        "Champion",
    ] {
        assert!(text.contains(part), "{part}: {text}");
    }
}

/// Issue 11: the legend explains every symbol the board shows: the active marker, hidden
/// hands, known cards, Champions, VENOM, face-down commitments.
#[test]
fn legend_explains_every_board_symbol() {
    let mut g = standard(
        &[
            "grizzly_f",
            "elephant_m",
            "kangaroo_b",
            "cobra_f",
            "gorilla_f",
            "hamster_f",
            "mosquito_f",
        ],
        &P3_NO_BACK,
        &P0_NO_BACK,
    )
    .champion(P3, ["tiger_f", "tiger_m", "tiger_b"])
    .discard(&["scorpion_b"])
    .build();
    rc_attacks(&mut g, P2);
    g.act(P2, g.defend(GRIZ24));
    let config = g.s.config().clone();
    let board = CreatureClash::render_view(&config, &view(&g.s, Observer::Seat(P1)));
    let legend = CreatureClash::legend();
    for symbol in [
        "▶",
        "(you)",
        "(hidden)",
        "👁",
        "★",
        "☠",
        "face down",
        "face up",
    ] {
        assert!(
            board.contains(symbol),
            "{symbol} is not on the board:\n{board}"
        );
        assert!(legend.contains(symbol), "{symbol} is not in the legend");
    }
    assert!(board.contains("known in hand: GRIZ/grizzly F10"), "{board}");
}

/// Issue 11 item 4: the main decision's long menu is grouped by target (one group per
/// opponent, plus the discards), and every attack label shows its power.
#[test]
fn attack_menus_grouped_by_target_with_power() {
    let hand = [
        "rhino_f",
        "shark_f",
        "eagle_f",
        "crocodile_m",
        "tiger_m",
        "hippo_m",
        "barracuda_b",
    ];
    let mut g = standard(&P2_LION, &P3_NO_BACK, &P0_NO_BACK)
        .hand(P1, &hand)
        .build();
    g.act(P1, Choice::DrawForTurn);
    let config = g.s.config().clone();
    let v = view(&g.s, Observer::Seat(P1));
    let legal = g.legal();
    let mut groups = std::collections::BTreeMap::<String, usize>::new();
    for a in &legal {
        let group =
            CreatureClash::menu_group(&config, &v, a).expect("every main action is grouped");
        *groups.entry(group).or_default() += 1;
        if let Choice::Attack { creature, .. } = &a.choice {
            let label = CreatureClash::describe_action(&config, &v, a);
            let power = g.s.cards().creature_power(creature);
            assert!(label.contains(&format!("power {power}")), "{label}");
        }
    }
    assert_eq!(groups["Attack P2"], 12);
    assert_eq!(groups["Attack P3"], 12);
    assert_eq!(groups["Attack P0"], 12);
    assert_eq!(groups["Discard a card (ends your turn)"], 8);
    assert!(CreatureClash::menu_group(
        &config,
        &v,
        &fuda_creature_clash::Action {
            seat: P1,
            choice: Choice::DeclineSteal
        }
    )
    .is_none());
}

/// Issue 11: seats are symmetric in Creature Clash!: no seat label; the player count is
/// `num_players` in the configuration's JSON form.
#[test]
fn no_seat_labels_and_num_players() {
    let config = Config::for_players(5);
    for p in 0..5 {
        assert_eq!(CreatureClash::seat_label(&config, Seat(p)), None);
    }
    let json = serde_json::to_value(&config).unwrap();
    assert_eq!(json["num_players"], 5);
    let back: Config = serde_json::from_str(r#"{"num_players": 3}"#).unwrap();
    assert_eq!(back.num_players, 3);
}
