//! Components and setup (spec CC-3.1 to CC-3.9, CC-A1, CC-A3 to CC-A5, R1 to R3).

use crate::common::*;
use fuda_core::GameRng;
use fuda_creature_clash::{
    new_game, view, CardClass, CardId, CardSet, Config, DealerRule, Observer, OpeningBerserk,
    Pending, Position, Scenario, Seat, State, HAND_SIZE,
};

fn config(n: u8, dealer: Seat) -> Config {
    let mut c = Config::for_players(n);
    c.dealer = DealerRule::Fixed(dealer);
    c
}

/// The opening deal as spec §9 describes it: R1 shuffles the set (in card order) with the
/// game's generator, the last card being the top; one card at a time clockwise from the
/// dealer's left; a BERSERK! is set aside and the same player gets the next card.
/// Returns the hands (sorted) and the BERSERK! cards set aside.
fn expected_deal(seed: u64, n: usize, dealer: Seat) -> (Vec<Vec<CardId>>, Vec<CardId>) {
    let set = CardSet::sample();
    let mut rng = GameRng::from_seed(seed);
    let mut deck: Vec<CardId> = set.ids().collect();
    rng.shuffle(&mut deck);
    let mut hands = vec![Vec::new(); n];
    let mut set_aside = Vec::new();
    for _ in 0..HAND_SIZE {
        for seat in dealer.next(n).clockwise(n) {
            loop {
                let card = deck.pop().unwrap();
                if set.info(card).unwrap().class == CardClass::Berserk {
                    set_aside.push(card);
                } else {
                    hands[seat.index()].push(card);
                    break;
                }
            }
        }
    }
    for h in &mut hands {
        h.sort();
    }
    (hands, set_aside)
}

/// The opening hands of [`forced_deal`], in deal order (P1, P2, P3, P0).
const DEALT: [[&str; 7]; 4] = [
    [
        "rhino_f",
        "crocodile_m",
        "barracuda_b",
        "moose_f",
        "dromedary_f",
        "vulture_f",
        "piranha_f",
    ],
    [
        "lion_f",
        "wolf_m",
        "kangaroo_b",
        "black_widow_f",
        "gorilla_f",
        "hamster_f",
        "mosquito_f",
    ],
    [
        "ostrich_f",
        "ostrich_m",
        "turtle_f",
        "turtle_m",
        "penguin_f",
        "penguin_m",
        "rabbit_f",
    ],
    [
        "gila_monster_f",
        "gila_monster_m",
        "porcupine_m",
        "rabbit_m",
        "bumblebee_f",
        "hamster_m",
        "moose_m",
    ],
];

/// A 4-player game dealt by P0 from a forced deal shuffle (R1): the hands of [`DEALT`],
/// with `berserk_1` met by P2's first card and `berserk_3` by P0's third, both set aside.
fn forced_deal(c: Config, seed: u64) -> State {
    let mut order = Vec::new();
    for round in 0..7 {
        for (k, hand) in DEALT.iter().enumerate() {
            match (round, k) {
                (0, 1) => order.push("berserk_1"),
                (2, 3) => order.push("berserk_3"),
                _ => {}
            }
            order.push(hand[round]);
        }
    }
    Scenario::with_config(c)
        .seed(seed)
        .at_deal()
        .force_shuffle(&order)
        .build()
        .unwrap()
}

fn hands_of(s: &State) -> Vec<Vec<CardId>> {
    (0..s.num_players())
        .map(|i| s.hand(Seat(i as u8)).to_vec())
        .collect()
}

/// CC-T1, CC-3.3, CC-3.7, CC-3.8: 4 players, dealer P0: every hand 7, deck 74, discard and
/// champion areas empty, P1 starts; turns go P1, P2, P3, P0.
#[test]
fn cc_t1_setup_four_players() {
    for seed in 0..10 {
        let s = new_game(&config(4, P0), seed).unwrap();
        assert!((0..4).all(|i| s.hand(Seat(i)).len() == 7));
        assert_eq!(s.deck().len(), 74);
        assert!(s.discard().is_empty());
        assert!((0..4).all(|i| s.champions(Seat(i)).is_empty()));
        assert!(s.chain().is_none() && s.revealed_berserks().is_empty());
        assert_eq!((s.dealer(), s.active()), (P0, P1));
        assert_eq!(s.pending(), Pending::TurnStart { seat: P1 });
        assert_eq!(s.turns_completed(), 0);
    }
    let mut g = Table::new(new_game(&config(4, P0), 3).unwrap());
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(g.s.active());
        g.finish_turn();
    }
    assert_eq!(order, vec![P1, P2, P3, P0, P1]);
}

/// CC-3.6, CC-A4: the deal is one card at a time, clockwise, starting at the dealer's left.
#[test]
fn cc_3_6_deal_one_at_a_time_clockwise() {
    for (seed, n, dealer) in [(1, 4, P0), (2, 3, P2), (3, 6, P5), (4, 2, P1)] {
        let s = new_game(&config(n as u8, dealer), seed).unwrap();
        assert_eq!(
            hands_of(&s),
            expected_deal(seed, n, dealer).0,
            "seed {seed}"
        );
        assert_eq!(s.deck().len(), 102 - 7 * n);
    }
}

/// CC-T1 (BERSERK! dealt), CC-3.6, CC-A5, R3: a BERSERK! met in the deal is set aside, the
/// player gets the next card instead, and after the deal the set-aside cards are shuffled
/// into the deck: hands 7, deck 74.
#[test]
fn cc_t1_dealt_berserk_is_replaced_and_reshuffled() {
    let s = forced_deal(config(4, P0), 3);
    for (k, hand) in DEALT.iter().enumerate() {
        let seat = Seat(((k + 1) % 4) as u8);
        let mut want: Vec<CardId> = hand.iter().map(|c| s.card_id(c).unwrap()).collect();
        want.sort();
        assert_eq!(s.hand(seat), want, "{seat}");
    }
    assert_eq!(s.deck().len(), 74);
    let berserks: Vec<CardId> = s
        .deck()
        .iter()
        .copied()
        .filter(|&c| s.cards().info(c).unwrap().class == CardClass::Berserk)
        .collect();
    assert_eq!(berserks.len(), 3, "every BERSERK! is in the deck");
    assert!(s.discard().is_empty() && s.revealed_berserks().is_empty());
}

/// R3: the set-aside BERSERK! cards are shuffled through the whole deck, not put on top or
/// at the bottom: with the same forced deal and different seeds, they end up at various
/// depths; a forced R3 shuffle puts them where it says.
#[test]
fn r3_set_aside_berserks_are_shuffled_in() {
    let mut depths = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = forced_deal(config(4, P0), seed);
        for name in ["berserk_1", "berserk_3"] {
            let c = s.card_id(name).unwrap();
            depths.insert(s.deck().iter().position(|&d| d == c).unwrap() / 10);
        }
    }
    assert!(depths.len() >= 4, "{depths:?}");
}

/// `berserk_in_opening_deal = ResolveAfterDeal` (CC-A5 variant): the set-aside BERSERK!
/// cards are fought after the deal, in deal order, with the first player (P1) counting as
/// active; then P1's first turn begins.
#[test]
fn cc_a5_variant_resolve_after_deal() {
    let mut c = config(4, P0);
    c.berserk_in_opening_deal = OpeningBerserk::ResolveAfterDeal;
    let s = forced_deal(c, 3);
    assert_eq!(s.deck().len(), 72);
    let aside = [
        s.card_id("berserk_1").unwrap(),
        s.card_id("berserk_3").unwrap(),
    ];
    let mut g = Table::new(s);
    assert_eq!(g.pending(), Pending::BerserkCommit { seat: P1 });
    let b = g.s.berserk_battle().unwrap();
    assert_eq!(b.card, aside[0], "the first dealt is fought first");
    assert_eq!(b.participants.to_vec(), vec![P1, P2]);
    g.act(P1, g.commit(RC));
    g.act(P2, g.commit(LION20));
    assert_eq!(g.s.champions(P1).len(), 1, "23 beats 20");
    for _ in 0..40 {
        if g.pending() == (Pending::TurnStart { seat: P1 }) {
            break;
        }
        let a = g.legal()[0].clone();
        g.act(a.seat, a.choice);
    }
    assert_eq!(g.pending(), Pending::TurnStart { seat: P1 });
    assert_eq!(g.s.turns_completed(), 0);
    assert!(aside.iter().all(|c| g.s.discard().contains(c)));
    assert!(g.s.revealed_berserks().is_empty());
}

/// CC-3.1: 2 to 6 players, seats P0..P(N−1); the next player is (X + 1) mod N.
#[test]
fn cc_3_1_player_counts_and_seats() {
    for n in 2..=6u8 {
        let s = new_game(&config(n, Seat(n - 1)), 9).unwrap();
        assert_eq!(s.num_players(), usize::from(n));
        assert_eq!(s.active(), P0, "the seat after P{} wraps to P0", n - 1);
        assert_eq!(view(&s, Observer::Spectator).hand_counts, vec![7; n.into()]);
    }
}

/// CC-3.2, CC-A3, §12c: the sample set: 102 cards, 32 animals × F/M/B sharing power and
/// VENOM, 3 RABIES, 3 BERSERK!; the deck is exactly that list.
#[test]
fn cc_3_2_sample_card_set() {
    let set = CardSet::sample();
    assert_eq!(set.len(), 102);
    let count = |class| {
        set.ids()
            .filter(|&c| set.info(c).unwrap().class == class)
            .count()
    };
    for pos in [Position::Front, Position::Middle, Position::Back] {
        assert_eq!(count(CardClass::Part(pos)), 32);
    }
    assert_eq!(count(CardClass::Rabies), 3);
    assert_eq!(count(CardClass::Berserk), 3);
    for c in set.ids() {
        let id = set.id_str(c);
        if let Some(animal) = id.strip_suffix("_f") {
            let f = set.info(c).unwrap();
            for part in ["_m", "_b"] {
                let other = set
                    .info(set.find(&format!("{animal}{part}")).unwrap())
                    .unwrap();
                assert_eq!((other.power, other.venom), (f.power, f.venom), "{animal}");
            }
        }
    }
    let venomous = set.ids().filter(|&c| set.info(c).unwrap().venom).count();
    assert_eq!(venomous, 18, "six VENOM animals");
    let s = new_game(&config(4, P0), 1).unwrap();
    let mut all: Vec<CardId> = s.deck().to_vec();
    all.extend(hands_of(&s).concat());
    all.sort();
    assert_eq!(all, set.ids().collect::<Vec<_>>());
}

/// CC-3.4: hand size 7; a part's power is its printed number.
#[test]
fn cc_3_4_constants() {
    assert_eq!(HAND_SIZE, 7);
    let set = CardSet::sample();
    let power = |id| set.info(set.find(id).unwrap()).unwrap().power;
    assert_eq!(
        (power("rhino_f"), power("crocodile_m"), power("barracuda_b")),
        (10, 8, 5)
    );
}

/// CC-3.5, CC-A4, R2: by default the dealer is drawn from the seed: every seat deals for
/// some seed, the same seed always gives the same game, and P(dealer + 1) starts.
#[test]
fn cc_3_5_random_dealer_from_seed() {
    let c = Config::for_players(4);
    assert_eq!(c.dealer, DealerRule::Random);
    let mut dealers = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let s = new_game(&c, seed).unwrap();
        assert_eq!(s.active(), s.dealer().next(4));
        assert_eq!(s, new_game(&c, seed).unwrap());
        dealers.insert(s.dealer());
    }
    assert_eq!(dealers.len(), 4);
}

/// CC-3.9, CC-A1: Champions needed by player count: 2:5, 3:5, 4:4, 5:3, 6:3; shown in
/// every view.
#[test]
fn cc_3_9_champions_to_win_table() {
    for (n, need) in [(2, 5), (3, 5), (4, 4), (5, 3), (6, 3)] {
        let c = Config::for_players(n);
        assert_eq!(c.champions_needed(), need, "{n} players");
        let s = new_game(&c, 0).unwrap();
        assert_eq!(view(&s, Observer::Spectator).champions_to_win, need);
    }
    let mut c = Config::for_players(4);
    c.champions_to_win = Some(2);
    assert_eq!(c.champions_needed(), 2);
}

/// CC-E16, CC-3.8: 5 players with P3 dealing: turns go P4, P0, P1, P2, P3.
#[test]
fn cc_e16_seating_five_players() {
    let s = new_game(&config(5, P3), 11).unwrap();
    let mut g = Table::new(s);
    let mut order = Vec::new();
    for _ in 0..6 {
        order.push(g.s.active());
        g.finish_turn();
    }
    assert_eq!(order, vec![P4, P0, P1, P2, P3, P4]);
}
