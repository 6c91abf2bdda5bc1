//! Setup (MC-3.1–3.10), match formats (MC-10.2), picks (MC-5.1, MC-5.2) and the sample set.

use crate::common::*;
use fuda_monjan::{
    apply, legal_actions_for, new_game, view, Action, BoardAssignment, CardClass, CardId, CardSet,
    Choice, Config, MatchFormat, Observer, Pending, PickMode, Seat, State,
};

fn hands(s: &State) -> Vec<usize> {
    (0..s.num_players())
        .map(|i| s.player(Seat(i as u8)).unwrap().hand.len())
        .collect()
}

fn cfg(f: MatchFormat, n: u8) -> Config {
    let mut c = Config::for_players(n);
    c.match_format = f;
    c.first_turn_draw = false;
    c.pick_mode = PickMode::Random;
    c
}

/// MC-T1, MC-10.2, MC-3.10 (5): hand and deck sizes after setup (before the opening draw).
#[test]
fn t1_deck_sizes_per_format() {
    let s = new_game(&cfg(MatchFormat::ExtraRule, 2), 1).unwrap();
    assert_eq!(hands(&s), vec![10, 10]);
    assert_eq!(s.main_deck().len(), 105);
    let s = new_game(&cfg(MatchFormat::ReverseInitialEquipment, 2), 1).unwrap();
    assert_eq!(hands(&s), vec![12, 12]);
    assert_eq!(s.main_deck().len(), 80);
    assert_eq!(s.et_deck().len(), 28);
}

/// MC-3.2, MC-3.3, MC-3.4, MC-3.5, MC-3.6, MC-3.8, §12: the sample set and the four boards.
#[test]
fn sample_set_components() {
    let set = CardSet::sample();
    let count = |k: CardClass| {
        set.ids()
            .filter(|c| set.info(*c).unwrap().class == k)
            .count()
    };
    assert_eq!(count(CardClass::Number) + count(CardClass::Battle), 100);
    assert_eq!(count(CardClass::BossAssa), 15);
    assert_eq!(count(CardClass::Extra) + count(CardClass::Toughness), 32);
    let b: Vec<(&str, u8, [u8; 3])> = set
        .boards()
        .iter()
        .map(|b| (b.id.as_str(), b.priority, b.attack_max))
        .collect();
    assert_eq!(
        b,
        vec![
            ("frehheim", 40, [4, 6, 5]),
            ("ryoko_atelier", 25, [6, 5, 6]),
            ("mana_station", 30, [6, 4, 6]),
            ("high_speed_hunters", 20, [4, 5, 7]),
        ]
    );
    let n = set.find("n_fire_16").unwrap();
    assert_eq!(set.info(n).unwrap().value, 16);
    let boss = set.find("ba_boss_30").unwrap();
    assert_eq!(set.info(boss).unwrap().value, 30, "strength may exceed 16");
}

/// MC-3.1, MC-3.10 (2), MC-A36: boards are all different and assigned at random.
#[test]
fn boards_are_distinct() {
    for seed in 0..20 {
        let s = new_game(&Config::for_players(4), seed).unwrap();
        let mut boards: Vec<u8> = (0..4)
            .map(|i| s.player(Seat(i)).unwrap().board.unwrap())
            .collect();
        boards.sort();
        boards.dedup();
        assert_eq!(boards.len(), 4);
    }
}

/// MC-T36, MC-5.2, MC-A35: picks rotate in RPS order; draft picks are public.
#[test]
fn t36_pick_order() {
    let mut c = Config::for_players(2);
    c.match_format = MatchFormat::LastMonster;
    c.first_turn_draw = false;
    let mut s = new_game(&c, 5).unwrap();
    let mut order = Vec::new();
    while let Pending::Pick { seat } = s.pending() {
        order.push(seat);
        let a = legal_actions_for(&s, seat)[0].clone();
        s = apply(&s, &a).unwrap();
    }
    let x = order[0];
    let y = order[1];
    assert_eq!(order, vec![x, y, x, y, x, y]);
    assert_eq!(hands(&s), vec![13, 13]);
    let other = view(&s, Observer::Seat(y));
    assert_eq!(
        other.player(x).unwrap().known_hand.len(),
        3,
        "draft picks are public"
    );
    // Random mode: the same count, from the face-down pool, secret.
    c.pick_mode = PickMode::Random;
    let s = new_game(&c, 5).unwrap();
    assert_eq!(hands(&s), vec![13, 13]);
    assert!(view(&s, Observer::Seat(Seat(1)))
        .player(Seat(0))
        .unwrap()
        .known_hand
        .is_empty());
}

/// MC-5.1, MC-10.4 `board_assignment = Draft`: boards chosen in RPS order.
#[test]
fn board_draft() {
    let mut c = Config::for_players(3);
    c.board_assignment = BoardAssignment::Draft;
    c.match_format = MatchFormat::Basic;
    let mut s = new_game(&c, 2).unwrap();
    let mut chosen = 0;
    while let Pending::ChooseBoard { seat } = s.pending() {
        let options = legal_actions_for(&s, seat);
        assert_eq!(options.len(), 4 - chosen);
        s = apply(&s, &options[0]).unwrap();
        chosen += 1;
    }
    assert_eq!(chosen, 3);
    assert_eq!(s.pending(), Pending::Edit);
}

/// MC-A4, MC-3.10 (6): every dealt hand holds a number card.
#[test]
fn a4_every_hand_has_a_number_card() {
    for seed in 0..50 {
        let s = new_game(&cfg(MatchFormat::Basic, 4), seed).unwrap();
        for i in 0..4 {
            let p = s.player(Seat(i)).unwrap();
            assert!(p
                .hand
                .iter()
                .any(|c| s.cards().info(*c).unwrap().class == CardClass::Number));
        }
    }
}

/// MC-3.10 (7), MC-4.2: round 1 begins with a simultaneous edit turn for everybody.
#[test]
fn round_one_is_simultaneous() {
    let s = new_game(&cfg(MatchFormat::Basic, 3), 9).unwrap();
    assert_eq!(s.round(), 1);
    assert_eq!(s.to_act().len(), 3);
    for seat in s.to_act().iter() {
        let legal = legal_actions_for(&s, seat);
        assert!(legal
            .iter()
            .all(|a| matches!(a.choice, Choice::PlaceInitialDefense { .. })));
    }
    let _ = Action::new(A, Choice::DeclareEnd);
}

/// MC-3.10 (6), MC-A4: a dealt hand without a number card is dealt again — forced here: the
/// shuffle puts ten battle cards where P0's deal comes from.
#[test]
fn mc_3_10_a_hand_without_number_cards_is_redealt() {
    use fuda_monjan::{ForcedOutcome, Scenario, ShuffleItem, Start};
    let c = cfg(MatchFormat::Basic, 2);
    let battle: Vec<String> = CardSet::sample()
        .ids()
        .filter(|x| CardSet::sample().info(*x).unwrap().class == CardClass::Battle)
        .map(|x| CardSet::sample().label_of(x))
        .collect();
    // The deal alternates P0, P1: P0 gets the even places, ten battle cards.
    let mut top = Vec::new();
    for (k, b) in battle.iter().take(10).enumerate() {
        top.push(ShuffleItem::Card(b.clone()));
        top.push(ShuffleItem::Card(format!("n_water_{:02}", k + 1)));
    }
    let mut sc = Scenario::new(&c, 4).unwrap();
    sc.start(Start::Setup).force(ForcedOutcome::Shuffle(top));
    let s = sc.build().unwrap();
    let p0 = &s.player(Seat(0)).unwrap().hand;
    let first_deal: Vec<CardId> = battle[..10]
        .iter()
        .map(|b| s.cards().named(b).unwrap())
        .collect();
    assert_ne!(&p0[..], &first_deal[..], "P0 was dealt again");
    assert!(p0
        .iter()
        .any(|c| s.cards().info(*c).unwrap().class == CardClass::Number));
    // P1 kept its dealt Water 1–10.
    for k in 1..=10 {
        let w = s.cards().named(&format!("n_water_{k:02}")).unwrap();
        assert!(s.player(Seat(1)).unwrap().hand.contains(&w));
    }
}
