//! MC-D10, card text and front-end text (issue 11): every card's rules text generated from
//! its data, actions explained with the text of the cards they involve, a legend for every
//! symbol of the board (the face-down mark included) and edit-turn menus grouped by card.

use crate::common::*;
use fuda_core::{CardText, Conformance, Game, GameRng, Observer, TextUi};
use fuda_monjan::{
    Action, CardDef, CardId, CardSet, Choice, Col, Config, EditTurnMode, MatchFormat, Monjan,
    Pending, Phase, SkillFrom, View,
};
use std::collections::{BTreeMap, BTreeSet};

const SAMPLE_JSON: &str = include_str!("../../src/data/sample.json");

fn sample_cards() -> Vec<CardText> {
    Monjan::cards(&Config::default())
}

fn text_of(cards: &[CardText], key: &str) -> String {
    cards
        .iter()
        .find(|c| c.key == key)
        .unwrap_or_else(|| panic!("no card {key}"))
        .text
        .clone()
}

/// MC-D10, §12(a): every card and board of the sample set is listed once, with a kind, a
/// non-empty rules text, and every number of its stats written in that text.
#[test]
fn mc_d10_every_sample_card_has_text_naming_its_numbers() {
    let set = CardSet::sample();
    let cards = sample_cards();
    let keys: BTreeSet<&str> = cards.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys.len(), cards.len(), "keys are unique");
    for id in set.ids() {
        assert!(keys.contains(set.id_of(id)), "{} is listed", set.id_of(id));
    }
    for b in set.boards() {
        let c = cards.iter().find(|c| c.key == b.id).expect("board listed");
        assert_eq!(c.kind, "status board");
        assert!(c.text.contains(&b.left.name) && c.text.contains(&b.right.name));
        assert!(c.text.contains(&format!("priority {}", b.priority)));
    }
    for c in &cards {
        assert!(!c.text.is_empty(), "{} has no text", c.key);
        assert!(!c.kind.is_empty() && !c.name.is_empty());
        for (stat, v) in &c.stats {
            if stat == "skills" {
                continue;
            }
            let numbers: Vec<u64> = match v {
                serde_json::Value::Number(n) => n.as_u64().into_iter().collect(),
                serde_json::Value::Array(a) => a.iter().filter_map(|x| x.as_u64()).collect(),
                _ => Vec::new(),
            };
            for n in numbers {
                assert!(
                    c.text.contains(&n.to_string()),
                    "{}'s text lacks its {stat} {n}:\n{}",
                    c.key,
                    c.text
                );
            }
        }
        if let Some(serde_json::Value::String(a)) = c.stats.get("attribute") {
            let mut name = a.clone();
            name[..1].make_ascii_uppercase();
            assert!(c.text.contains(&name), "{} names its attribute", c.key);
        }
    }
    let kind = |key: &str| cards.iter().find(|c| c.key == key).unwrap().kind.clone();
    assert_eq!(kind("n_fire_05"), "number card");
    assert_eq!(kind("b_kill_fire"), "battle card");
    assert_eq!(kind("ba_boss_22"), "Boss card");
    assert_eq!(kind("ba_assassin_09"), "Assassin card");
    assert_eq!(kind("de_jabberwock"), "Extra card");
    assert_eq!(kind("it_brawler"), "Toughness card");
}

/// MC-D10, MC-6.12 (1), MC-T10, MC-T11: an Extra's text states its summon condition — the
/// attribute pair in order and the numbers — and each of its skills with source and cost.
#[test]
fn mc_d10_extra_text_states_its_summon_condition() {
    let cards = sample_cards();
    let j = text_of(&cards, "de_jabberwock");
    for part in [
        "Summon condition",
        "Neutral (the left one) and Water (the right one)",
        "number card 6, 7 or 8",
        "power 6",
        "mana release",
        "pay 2 mana from one column",
        "+4",
    ] {
        assert!(j.contains(part), "Jabberwock's text lacks {part:?}:\n{j}");
    }
    let sik = text_of(&cards, "ie_sik_guard");
    assert!(sik.contains("Earth (the left one) and Fire (the right one)"));
    assert!(sik.contains("magic") && sik.contains("heal") && sik.contains("Initial equipment"));
    let escort = text_of(&cards, "dt_jabberwock_escort");
    assert!(
        escort.contains("only while Jabberwock is the Extra on your field"),
        "{escort}"
    );
    assert!(escort.contains("empty attack slot") && escort.contains("cost 4"));
    let courier = text_of(&cards, "de_et_courier");
    assert!(courier.contains("number card 4 or 5") && courier.contains("E/T card"));
    let boss = text_of(&cards, "ba_boss_22");
    assert!(boss.contains("22") && boss.contains("life 16"), "{boss}");
    let laser = text_of(&cards, "mana_station");
    assert!(
        laser.contains("1, 2 or 3") && laser.contains("heal"),
        "{laser}"
    );
}

/// MC-D10: the text comes from the data, so a custom card set with a changed value reads
/// differently, and an option that changes a rule changes its wording.
#[test]
fn mc_d10_a_custom_card_set_changes_the_text() {
    let mut file: serde_json::Value = serde_json::from_str(SAMPLE_JSON).unwrap();
    let cards = file["cards"].as_array_mut().unwrap();
    let j = cards
        .iter_mut()
        .find(|c| c["id"] == "de_jabberwock")
        .unwrap();
    j["power"] = 11.into();
    j["numbers"] = serde_json::json!([2, 9]);
    let set = CardSet::from_json(&file.to_string()).expect("custom set");
    let custom = Config {
        card_set: Some(set),
        ..Config::default()
    };
    let before = text_of(&sample_cards(), "de_jabberwock");
    let after = text_of(&Monjan::cards(&custom), "de_jabberwock");
    assert_ne!(before, after);
    assert!(after.contains("power 11") && after.contains("number card 2 or 9"));
    assert!(!after.contains("6, 7 or 8"));
    let any_pair = Config {
        extra_pair_positions: fuda_monjan::ExtraPairPositions::AnyOrderedPair,
        ..Config::default()
    };
    assert_ne!(before, text_of(&Monjan::cards(&any_pair), "de_jabberwock"));
}

/// MC-D10, MC-8.2: the ids of the listed cards cover every instance of a game exactly once,
/// in increasing order; E/T cards have none in a format without them.
#[test]
fn mc_d10_ids_cover_every_instance_exactly_once() {
    let set = CardSet::sample();
    let check = |config: &Config, with_et: bool| {
        let mut seen = BTreeSet::new();
        for c in Monjan::cards(config) {
            assert!(
                c.ids.windows(2).all(|w| w[0] < w[1]),
                "{} increasing",
                c.key
            );
            for id in &c.ids {
                assert_eq!(set.id_of(*id), c.key);
                assert!(seen.insert(*id), "{id:?} listed twice");
            }
        }
        let expected: BTreeSet<CardId> = set
            .ids()
            .filter(|c| {
                with_et
                    || !matches!(
                        set.def(*c),
                        Some(CardDef::Extra { .. } | CardDef::Toughness { .. })
                    )
            })
            .collect();
        assert_eq!(seen, expected);
    };
    check(&Config::default(), true);
    let basic = Config {
        match_format: MatchFormat::Basic,
        ..Config::default()
    };
    check(&basic, false);
    let pool = Config {
        et_pool: Some(vec![("ie_yoom_scout".into(), 2), ("it_brawler".into(), 1)]),
        match_format: MatchFormat::ReverseExtraMode,
        ..Config::default()
    };
    assert!(Monjan::new_game(&pool, 1).is_ok());
    let cards = Monjan::cards(&pool);
    let ids = |key: &str| cards.iter().find(|c| c.key == key).unwrap().ids.len();
    assert_eq!(ids("it_brawler"), 1, "only the pooled copy");
    assert_eq!(ids("ie_yoom_scout"), 2);
    assert_eq!(ids("de_jabberwock"), 0, "not in the pool");
}

/// Random playouts: every decision of every seat with its view.
fn playouts(games: u64, seed: u64, mut f: impl FnMut(&Config, &fuda_monjan::State, &[Action])) {
    let mut rng = GameRng::from_seed(seed);
    for g in 0..games {
        let mut config = Monjan::random_config(&mut rng);
        config.max_rounds = config.max_rounds.min(12);
        let mut s = Monjan::new_game(&config, g).unwrap();
        let mut buf = Vec::new();
        let mut steps = 0;
        while Monjan::outcome(&s).is_none() && steps < 400 {
            Monjan::legal_actions(&s, &mut buf);
            f(&config, &s, &buf);
            let a = buf[rng.below(buf.len())].clone();
            s = Monjan::apply(&s, &a).unwrap();
            steps += 1;
        }
        f(&config, &s, &[]);
    }
}

/// The symbols of a rendered board: every character that is not a letter, digit, space or
/// ordinary punctuation.
fn symbols(text: &str) -> BTreeSet<char> {
    text.chars()
        .filter(|c| !c.is_alphanumeric() && !c.is_whitespace() && !",.:;()'-+/!?\"".contains(*c))
        .collect()
}

/// MC-D10: the legend explains every symbol the board can show, the face-down mark among
/// them, and the words that stand for a state (DEFEATED, OUT, spent, Element …).
#[test]
fn mc_d10_legend_covers_every_symbol_of_the_board() {
    let legend = Monjan::legend();
    assert!(legend.lines().count() > 20);
    let mut seen = BTreeSet::new();
    playouts(12, 31, |config, s, _| {
        for i in 0..s.num_players() {
            let v = Monjan::view(s, Observer::Seat(fuda_monjan::Seat(i as u8)));
            seen.extend(symbols(&Monjan::render_view(config, &v)));
        }
        let v = Monjan::view(s, Observer::Spectator);
        seen.extend(symbols(&Monjan::render_view(config, &v)));
    });
    assert!(seen.contains(&'▼'), "random games show face-down mana");
    for c in &seen {
        assert!(legend.contains(*c), "the legend lacks {c:?}");
    }
    for word in [
        "▼",
        "face down",
        "DEFEATED",
        "OUT",
        "(spent)",
        "Element",
        "face-down",
        "revived",
        "none",
        "last die",
        "resurrect",
        "(you)",
        "priority",
        "life n/m",
        "(nullified)",
        "(resolved",
        "—",
    ] {
        assert!(legend.contains(word), "the legend lacks {word:?}");
    }
}

/// MC-D10, §8, MC-8.2, MC-4.3: a face-down mana card is marked ▼ on its owner's board with
/// its name; another seat sees the mark and never the card.
#[test]
fn mc_d10_face_down_mana_is_marked_and_stays_hidden() {
    let mut c = config(&["frehheim", "high_speed_hunters"]);
    c.edit_turn_mode = EditTurnMode::Sequential;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_09"])
        .hand(A, &["n_earth_07"])
        .last_order(&[A, B]);
    let s = sc.build_edit().unwrap();
    let s = act(
        &s,
        A,
        Choice::PlaceMana {
            card: id(&s, "n_earth_07"),
            col: Col::R,
            face_down: true,
        },
    );
    let config = Monjan::config(&s).clone();
    let own = Monjan::render_view(&config, &Monjan::view(&s, Observer::Seat(A)));
    assert!(own.contains("mana [▼Earth 7]"), "{own}");
    for observer in [Observer::Seat(B), Observer::Spectator] {
        let other = Monjan::render_view(&config, &Monjan::view(&s, observer));
        assert!(other.contains("mana [▼face-down]"), "{other}");
        assert!(!other.contains("Earth 7"), "{other}");
    }
    let v = Monjan::view(&s, Observer::Seat(B));
    let m = v.player(A).unwrap().cols[2].mana[0];
    assert!(m.face_down && m.card == fuda_monjan::Shown::FaceDown);
    // Face-up mana carries no mark; the battle turn turns face-down mana face up.
    let s = act(&s, A, Choice::DeclareEnd);
    let s = act(&s, B, Choice::DeclareEnd);
    assert_eq!(s.phase(), Phase::Battle);
    let after = Monjan::render_view(&config, &Monjan::view(&s, Observer::Seat(B)));
    assert!(after.contains("Earth 7") && !after.contains('▼'), "{after}");
}

/// The card an action plays or acts with, when it names one directly.
fn acting_card(a: &Action) -> Option<CardId> {
    match &a.choice {
        Choice::PickEquipment { card }
        | Choice::PlaceInitialDefense { card }
        | Choice::PlaceMana { card, .. }
        | Choice::PlaceNumber { card, .. }
        | Choice::SummonExtra { card, .. }
        | Choice::SummonToughness { card, .. }
        | Choice::PlayBattleCard { card, .. }
        | Choice::UseSkill {
            from: SkillFrom::Hand(card),
            ..
        } => Some(*card),
        _ => None,
    }
}

fn names(config: &Config) -> BTreeMap<CardId, String> {
    Monjan::cards(config)
        .into_iter()
        .flat_map(|c| c.ids.into_iter().map(move |id| (id, c.name.clone())))
        .collect()
}

/// MC-D10: the explanation of every legal action in random games starts with its menu
/// label, says more than it, and names the card the action plays with its rules text.
#[test]
fn mc_d10_explain_every_legal_action_names_its_card() {
    let mut count = 0;
    let mut names_cache: Option<(Config, BTreeMap<CardId, String>)> = None;
    playouts(6, 47, |config, s, legal| {
        if names_cache.as_ref().is_none_or(|(c, _)| c != config) {
            names_cache = Some((config.clone(), names(config)));
        }
        let names = &names_cache.as_ref().unwrap().1;
        for a in legal.iter().take(25) {
            let v = Monjan::view(s, Observer::Seat(a.seat));
            let label = Monjan::describe_action(config, &v, a);
            let text = Monjan::explain_action(config, &v, a);
            assert!(text.starts_with(&label), "{text}");
            assert!(text.len() > label.len() + 20, "{a:?}: {text}");
            if let Some(card) = acting_card(a) {
                let name = &names[&card];
                assert!(
                    text.matches(name.as_str()).count() >= 2,
                    "{a:?} does not name {name} with its text:\n{text}"
                );
            }
            count += 1;
        }
    });
    assert!(count > 1000, "{count} actions explained");
}

/// The groups of an edit-turn menu as the CLI builds them: heading → actions.
fn groups(config: &Config, v: &View, legal: &[Action]) -> BTreeMap<String, Vec<Action>> {
    let mut out: BTreeMap<String, Vec<Action>> = BTreeMap::new();
    for a in legal {
        let g = Monjan::menu_group(config, v, a).expect("every edit action has a heading");
        out.entry(g).or_default().push(a.clone());
    }
    out
}

/// MC-D10, MC-4.2: the edit-turn menu is grouped by card, then where and how: the first
/// step has far fewer entries than the flat list, and one group's actions all involve the
/// same card (copies read the same).
#[test]
fn mc_d10_edit_menus_are_grouped_by_card() {
    let mut full_turns = 0;
    let mut largest = 0;
    playouts(10, 53, |config, s, legal| {
        if Monjan::outcome(s).is_some() || s.pending() != Pending::Edit || legal.is_empty() {
            return;
        }
        let seat = legal[0].seat;
        let mine: Vec<Action> = legal.iter().filter(|a| a.seat == seat).cloned().collect();
        let v = Monjan::view(s, Observer::Seat(seat));
        let g = groups(config, &v, &mine);
        let names = names(config);
        for (heading, actions) in &g {
            let cards: BTreeSet<&str> = actions
                .iter()
                .filter_map(acting_card)
                .map(|c| names[&c].as_str())
                .collect();
            assert!(cards.len() <= 1, "{heading} mixes {cards:?}");
            if let Some(name) = cards.iter().next() {
                assert!(heading.contains(name), "{heading} / {name}");
                assert!(actions.iter().all(|a| acting_card(a).is_some()));
            }
        }
        let hand = v
            .player(seat)
            .and_then(|p| p.hand.as_ref())
            .map_or(0, |h| h.len());
        if mine.len() >= 40 && hand <= 14 {
            full_turns += 1;
            largest = largest.max(mine.len());
            assert!(
                g.len() <= 20,
                "{} groups for {} actions",
                g.len(),
                mine.len()
            );
            assert!(g.len() * 2 < mine.len());
        }
    });
    assert!(
        full_turns > 5,
        "{full_turns} full edit turns (largest {largest})"
    );
}

/// MC-D10: two copies of one card give identical menu labels and headings (the CLI offers
/// identical labels once).
#[test]
fn mc_d10_copies_of_a_card_read_the_same() {
    let mut c = config(&["frehheim", "high_speed_hunters"]);
    c.match_format = MatchFormat::ReverseInitialEquipment;
    let mut sc = scenario_with(&c);
    sc.defense(A, Col::M, "n_water_13")
        .defense(B, Col::M, "n_water_11")
        .mana(A, Col::M, &["n_fire_02"])
        .mana(A, Col::L, &["n_fire_01", "n_water_03"])
        .hand(
            A,
            &[
                "ie_yoom_scout",
                "ie_yoom_scout#2",
                "it_brawler",
                "it_brawler#2",
            ],
        );
    let s = sc.build_edit().unwrap();
    let config = Monjan::config(&s).clone();
    let v = Monjan::view(&s, Observer::Seat(A));
    let legal = fuda_monjan::legal_actions_for(&s, A);
    for key in ["ie_yoom_scout", "it_brawler"] {
        let copies = s.cards().instances(key);
        assert_eq!(copies.len(), 2);
        let labels = |card: CardId| -> Vec<(String, Option<String>)> {
            legal
                .iter()
                .filter(|a| acting_card(a) == Some(card))
                .map(|a| {
                    (
                        Monjan::describe_action(&config, &v, a),
                        Monjan::menu_group(&config, &v, a),
                    )
                })
                .collect()
        };
        let first = labels(copies[0]);
        assert!(!first.is_empty(), "{key} can be played");
        assert_eq!(first, labels(copies[1]), "{key}");
    }
}

/// MC-D10, MC-3.10 (2): with fixed boards a seat's label names its board (statistics by
/// seat then read as statistics by board); random boards give none.
#[test]
fn mc_d10_seat_labels_name_fixed_boards() {
    let c = config(&["frehheim", "high_speed_hunters"]);
    assert_eq!(
        Monjan::seat_label(&c, B).as_deref(),
        Some("board High Speed Hunters")
    );
    assert_eq!(Monjan::seat_label(&Config::default(), A), None);
}
