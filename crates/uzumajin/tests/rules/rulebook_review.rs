//! Review of the engine against the Japanese rulebook (seed 004): interactions that the
//! spec's test vectors do not exercise directly. Each test names the rule IDs it checks.

use crate::common::*;

fn no_combat_pending(s: &State) -> bool {
    !matches!(s.pending(), Pending::Combat { .. })
}

/// MJ-4.1 / MJ-6.1 / MJ-6.2 / MJ-A13: a majin that attacked stays tapped through the
/// opponent's next turn (it untaps only at its owner's step 1), so it cannot block there
/// (「タップしているマジンはブロックさせることができない」). A majin that did not attack can.
/// MP in the opponent's step 4 still counts the tapped majin (MJ-4.4).
#[test]
fn mj_4_1_attacker_stays_tapped_and_cannot_block_next_turn() {
    let start = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(1), &["blue_minnow"])
        .at_attack()
        .build()
        .unwrap();

    // P1 attacks; P2 does not block.
    let s = attack(&start, 0, None);
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
    // P1's step 6 ended by itself (no untapped attacker); P2's turn: step 3.
    assert_eq!(s.active(), Seat(1));
    assert!(
        majin(&s, 0).tapped,
        "P1's attacker is still tapped in P2's turn"
    );
    let s = act(&s, 1, Choice::SkipUraMajin);
    assert_eq!(s.mp_available(), 2, "the tapped majin still counts 1 MP");
    let s = act(&s, 1, Choice::EndMain);
    let s = act(&s, 1, Choice::DeclareAttack { majin: MajinId(1) });
    // P1's only majin is tapped: no block decision, the damage goes through.
    assert_eq!(s.damage_zone(Seat(0)).len(), 1);
    assert_eq!(s.active(), Seat(0));
    // P1's own step 1 untaps it.
    assert!(!majin(&s, 0).tapped);

    // Contrast: if P1 does not attack, the untapped majin may block in P2's turn.
    let s = act(&start, 0, Choice::EndAttacks);
    let s = act(&s, 1, Choice::SkipUraMajin);
    let s = act(&s, 1, Choice::EndMain);
    let s = act(&s, 1, Choice::DeclareAttack { majin: MajinId(1) });
    assert_eq!(s.pending(), Pending::Block { seat: Seat(0) });
    assert!(is_legal(&s, &Choice::Block { majin: MajinId(0) }));
}

/// MJ-6.7 / MJ-6.8 / MJ-4.7 / MJ-6.10: an attacker that loses a battle loses its top card
/// (「負けた方はそのマジンのソウルを上から1枚破壊される」 applies to the attacker too). Reduced
/// to one card, it stays tapped in the battle zone until step 7 of the same turn, where it
/// retreats to the prepare zone, still tapped.
#[test]
fn mj_6_8_losing_attacker_loses_top_card_and_retreats_in_step_7() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_knight"], Zone::Battle),
        )
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .at_attack()
        .build()
        .unwrap();
    assert_eq!((power(&s, 0), power(&s, 1)), (2, 4));
    let s = pass_all(attack(&s, 0, Some(1)));
    assert_eq!(names(&s, s.graveyard(Seat(0))), vec!["red_imp"]);
    assert!(s.graveyard(Seat(1)).is_empty(), "the winner is unaffected");
    assert_eq!(
        s.damage_zone(Seat(1)).len(),
        0,
        "a block means no MB damage"
    );
    let m = majin(&s, 0);
    assert_eq!((m.cards.len(), m.zone, m.tapped), (1, Zone::Battle, true));
    // Step 6 goes on (M2 may still attack); end it: step 7 retreats the lone majin.
    assert_eq!(s.pending(), Pending::Attack { seat: Seat(0) });
    let s = act(&s, 0, Choice::EndAttacks);
    let m = majin(&s, 0);
    assert_eq!((m.zone, m.tapped), (Zone::Prepare, true));
    assert_eq!(s.active(), Seat(1));
}

/// MJ-6.8 / MJ-3.6 / MJ-A14: an Uzumajin that wins as the *blocker* destroys 2 cards of the
/// attacker (「マジン同士のバトルで勝利時、相手のソウルを上から2枚破壊できる」).
#[test]
fn mj_6_8_uzumajin_blocker_destroys_two() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura(
                "red_cub",
                &["red_imp", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .majin(
            Seat(1),
            MajinSpec::souls(
                &["blue_minnow", "blue_sprite", "blue_guard", "blue_knight"],
                Zone::Battle,
            ),
        )
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    let s = pass_all(act(&s, 1, Choice::Block { majin: MajinId(1) }));
    // 9 against 10 + 1 (Coral Guard blocking).
    assert_eq!(
        names(&s, s.graveyard(Seat(0))),
        vec!["red_brute", "red_warrior"]
    );
    assert_eq!(majin(&s, 0).cards.len(), 2);
    assert_eq!(majin(&s, 1).cards.len(), 4);
}

/// MJ-6.7 / MJ-6.8 / MJ-3.6: two Uzumajin tie: the attacker wins and destroys 2 cards.
#[test]
fn mj_6_7_uzumajin_tie_goes_to_attacker_who_destroys_two() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(
                &["red_imp", "red_cub", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .majin(
            Seat(1),
            MajinSpec::souls(
                &["blue_sprite", "blue_sprite", "blue_guard", "blue_knight"],
                Zone::Battle,
            ),
        )
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    let s = act(&s, 1, Choice::Block { majin: MajinId(1) });
    assert_eq!((power(&s, 0), power(&s, 1)), (10, 10));
    let s = pass_all(s);
    assert_eq!(
        names(&s, s.graveyard(Seat(1))),
        vec!["blue_knight", "blue_guard"]
    );
    assert_eq!(majin(&s, 0).cards.len(), 4);
}

/// MJ-4.5 / A4 / MJ-A11 / MJ-6.6: a soul stacked in step 5 onto a battle-zone majin
/// strengthens it for this turn's attack (「既にバトルゾーンに出ているマジンに重ねても良し」).
#[test]
fn mj_4_5_stacking_onto_a_battle_majin_strengthens_this_turns_attack() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_knight"], Zone::Battle),
        )
        .hand(Seat(0), &["red_brute"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let brute = hand_card(&s, 0, "red_brute");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: brute,
            place: Placement::Onto(MajinId(0)),
        },
    );
    assert_eq!(power(&s, 0), 6);
    assert_eq!(majin(&s, 0).zone, Zone::Battle);
    let s = act(&s, 0, Choice::EndMain);
    let s = pass_all(attack(&s, 0, Some(1)));
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_knight"]);
}

/// MJ-3.6 / MJ-6.3 / MJ-4.5: the 4th face-up soul stacked onto a battle-zone majin makes it
/// an Uzumajin at once; unblocked in the same turn it deals 2 damage.
#[test]
fn mj_3_6_uzumajin_completed_in_battle_zone_hits_for_two_this_turn() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(&["red_imp", "red_cub", "red_warrior"], Zone::Battle),
        )
        .hand(Seat(0), &["red_brute"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let brute = hand_card(&s, 0, "red_brute");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: brute,
            place: Placement::Onto(MajinId(0)),
        },
    );
    assert!(s.is_uzumajin(&majin(&s, 0)));
    let s = act(&s, 0, Choice::EndMain);
    let s = attack(&s, 0, None);
    assert_eq!(s.damage_zone(Seat(1)).len(), 2);
}

/// MJ-6.9 / MJ-7.1: 5 damage plus an unblocked Uzumajin's 2 reaches 7: P1 wins at once.
#[test]
fn mj_7_1_uzumajin_double_damage_reaches_seven() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(
                &["red_imp", "red_cub", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .damage(Seat(1), 5)
        .at_attack()
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    assert_eq!(s.damage_zone(Seat(1)).len(), 7);
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert!(legal_actions(&s).is_empty());
}

/// MJ-5.2: a face-up soul of the colour in the user's own *prepare* zone meets the
/// requirement (「自分の準備ゾーンかバトルゾーンに出ていないと使用不可」).
#[test]
fn mj_5_2_prepare_zone_soul_meets_colour() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .hand(Seat(0), &["red_warrior", "spell_war_cry"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let warrior = hand_card(&s, 0, "red_warrior");
    let cry = hand_card(&s, 0, "spell_war_cry");
    assert!(is_legal(
        &s,
        &Choice::PlaySoul {
            card: warrior,
            place: Placement::New
        }
    ));
    assert!(is_legal(&s, &Choice::PlaySpell { card: cry }));
}

/// MJ-3.3 / MJ-6.5 / MJ-A5: a combat card can be used only in a battle: not in step 5 (not
/// as a spell either), and not during an unblocked attack.
#[test]
fn mj_3_3_combat_card_only_in_battle() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(0), &["combat_feint"])
        .hand(Seat(1), &["combat_feint"])
        .at_main(Some(5))
        .build()
        .unwrap();
    let feint = hand_card(&s, 0, "combat_feint");
    assert!(!options(&s)
        .iter()
        .any(|c| matches!(c, Choice::UseCombat { .. } | Choice::PlaySpell { .. })));
    assert!(try_act(&s, 0, Choice::UseCombat { card: feint }).is_err());
    assert!(try_act(&s, 0, Choice::PlaySpell { card: feint }).is_err());
    let s = act(&s, 0, Choice::EndMain);
    let s = act(&s, 0, Choice::DeclareAttack { majin: MajinId(0) });
    let s = act(&s, 1, Choice::NoBlock);
    assert!(no_combat_pending(&s));
    assert_eq!(s.damage_zone(Seat(1)).len(), 1);
    assert_eq!(s.hand(Seat(0)), &[feint]);
}

/// MJ-6.5 / MJ-A6: 「両プレイヤーはそれぞれ一枚ずつ」: an attacker holding two combat cards
/// uses one; after the defender passes the window closes.
#[test]
fn mj_6_5_one_combat_card_per_player_per_battle() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_knight"], Zone::Battle),
        )
        .hand(Seat(0), &["combat_feint", "combat_feint"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let feint = s.hand(Seat(0))[0];
    let s = act(&s, 0, Choice::UseCombat { card: feint });
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(1) });
    let s = act(&s, 1, Choice::PassPriority);
    assert!(no_combat_pending(&s), "the attacker gets no second card");
    assert_eq!(s.hand(Seat(0)).len(), 1);
    // 2 + 1 = 3 < 4: the attacker lost its top card.
    assert_eq!(majin(&s, 0).cards.len(), 1);
}

/// MJ-5.2 / MJ-T18: the blocker's own face-up soul meets the defender's combat-card
/// colour; the card resolves at once and can turn the battle (MJ-6.5, MJ-6.7).
#[test]
fn mj_5_2_blockers_own_soul_colours_combat_card() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp", "red_warrior"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_sprite", &["blue_guard"], Zone::Battle),
        )
        .hand(Seat(1), &["combat_shield"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let s = act(&s, 0, Choice::PassPriority);
    let shield = hand_card(&s, 1, "combat_shield");
    let s = act(&s, 1, Choice::UseCombat { card: shield });
    assert_eq!(power(&s, 1), 6);
    // Priority returns to the attacker, who passed first.
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(0) });
    let s = act(&s, 0, Choice::PassPriority);
    assert_eq!(names(&s, s.graveyard(Seat(0))), vec!["red_warrior"]);
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["combat_shield"]);
}

/// MJ-6.5 / MJ-6.7 / MJ-6.6: the defender's Shatter strips a 2-card attacker to [▼] (power
/// 0); it still exists in the battle zone, so the battle goes on: 0–0 against a [▼] blocker
/// is a tie and the attacker wins, destroying the blocker.
#[test]
fn mj_6_7_shattered_attacker_still_battles() {
    let s = Scenario::with_config(red_vs_red())
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp"], Zone::Battle),
        )
        .majin(Seat(1), MajinSpec::ura("red_cub", Zone::Battle))
        .majin(Seat(1), MajinSpec::souls(&["red_imp"], Zone::Prepare))
        .hand(Seat(1), &["combat_shatter"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let s = act(&s, 0, Choice::PassPriority);
    let shatter = hand_card(&s, 1, "combat_shatter");
    let s = act(&s, 1, Choice::UseCombat { card: shatter });
    assert_eq!(majin(&s, 0).cards.len(), 1);
    let s = pass_all(s);
    assert!(s.majin(MajinId(1)).is_none(), "the blocker lost the tie");
    assert_eq!(names(&s, s.graveyard(Seat(0))), vec!["red_imp"]);
}

/// MJ-4.3 / MJ-4.4 / MJ-4.7 / MJ-T3: on the first turn the ura majin is mandatory, counts
/// 1 MP at once, a soul may be stacked on it in step 5 (「裏マジンに重ねるも良し」), and the
/// 2-card majin advances in step 7.
#[test]
fn mj_4_3_first_turn_ura_then_stack_then_advance() {
    let s = Scenario::new()
        .turn(1)
        .hand(Seat(0), &["red_cub", "red_imp"])
        .mb_top(Seat(0), &["red_imp"])
        .build()
        .unwrap();
    assert_eq!(s.hand(Seat(0)).len(), 3);
    assert!(!is_legal(&s, &Choice::SkipUraMajin));
    let cub = hand_card(&s, 0, "red_cub");
    let s = act(&s, 0, Choice::PlaceUraMajin { card: cub });
    assert_eq!(s.mp_available(), 1);
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::Onto(MajinId(0)),
        },
    );
    assert_eq!(s.mp_available(), 0);
    let s = act(&s, 0, Choice::EndMain);
    assert_eq!(majin(&s, 0).zone, Zone::Battle);
    assert_eq!(s.active(), Seat(1));
}

/// MJ-7.2 / MJ-4.0 / MJ-12.2 `Draw`: emptying one's MB with an effect draw is no loss; the
/// loss comes at that player's next turn start (「ターン開始時に…引けるカードが無かったら」).
#[test]
fn mj_7_2_effect_draw_empties_mb_loss_only_at_turn_start() {
    let s = Scenario::new()
        .active(Seat(1))
        .hand(Seat(1), &["spell_insight"])
        .mb_size(Seat(1), 1)
        .at_main(Some(2))
        .build()
        .unwrap();
    let insight = hand_card(&s, 1, "spell_insight");
    let s = act(&s, 1, Choice::PlaySpell { card: insight });
    assert_eq!(s.majin_box(Seat(1)).len(), 0);
    assert_eq!(s.hand(Seat(1)).len(), 1);
    assert!(s.outcome().is_none());
    let mut s = act(&s, 1, Choice::EndMain);
    // P1's turn goes by passively; P2 then loses at the start of its turn.
    while s.outcome().is_none() {
        let a = passive(&s);
        s = apply(&s, &a).unwrap();
    }
    assert!(s.outcome().unwrap().is_winner(Seat(0)));
    assert_eq!(s.active(), Seat(1));
}

/// MJ-12.3 / MJ-4.5: an enter-play effect also triggers when the soul is stacked onto an
/// existing majin (it is played from hand either way: 「出たとこ効果を持つソウルの場合、それを使用する」).
#[test]
fn mj_12_3_enter_play_effect_when_stacked() {
    let s = Scenario::new()
        .active(Seat(1))
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_minnow"], Zone::Battle),
        )
        .hand(Seat(1), &["blue_sprite"])
        .at_main(Some(1))
        .build()
        .unwrap();
    let sprite = hand_card(&s, 1, "blue_sprite");
    let mb = s.majin_box(Seat(1)).len();
    let s = act(
        &s,
        1,
        Choice::PlaySoul {
            card: sprite,
            place: Placement::Onto(MajinId(0)),
        },
    );
    assert_eq!(s.majin_box(Seat(1)).len(), mb - 1);
    assert_eq!(s.hand(Seat(1)).len(), 1);
    assert_eq!(majin(&s, 0).cards.len(), 3);
}

/// MJ-12.2 `Tap` / MJ-6.2 / MJ-A13: Deep Leviathan taps the opponent's only battle-zone
/// majin, which then cannot block; the opponent's own step 1 untaps it.
#[test]
fn mj_12_2_tapped_by_effect_cannot_block_then_untaps() {
    let s = Scenario::new()
        .active(Seat(1))
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_knight"], Zone::Battle),
        )
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_brute"], Zone::Battle),
        )
        .hand(Seat(1), &["blue_leviathan"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let lev = hand_card(&s, 1, "blue_leviathan");
    let s = act(
        &s,
        1,
        Choice::PlaySoul {
            card: lev,
            place: Placement::New,
        },
    );
    assert_eq!(
        options(&s),
        vec![Choice::ChooseTarget { majin: MajinId(1) }]
    );
    let s = act(&s, 1, Choice::ChooseTarget { majin: MajinId(1) });
    assert!(majin(&s, 1).tapped);
    let s = act(&s, 1, Choice::EndMain);
    let s = act(&s, 1, Choice::DeclareAttack { majin: MajinId(0) });
    // No block decision: P1's only majin is tapped.
    assert_eq!(s.damage_zone(Seat(0)).len(), 1);
    assert_eq!(s.active(), Seat(0));
    assert!(!majin(&s, 1).tapped);
}

/// A small deterministic generator for the random playouts below.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// Random full games with the sample decks, checking the rulebook's turn structure at every
/// decision:
/// - MJ-4.1: when A is asked for the ura majin (step 3), step 1 has untapped all of A's
///   majins and retreated A's 1-card battle-zone majins;
/// - MJ-4.7: at that moment the opponent's step 7 has advanced every 2+-card prepare-zone
///   majin and retreated every 1-card battle-zone majin;
/// - MJ-4.4: the MP of step 5 is the number of majins on both fields;
/// - MJ-6.1 / A7: an attacker is an untapped battle-zone majin of 2+ cards, and is tapped;
/// - MJ-3.5 / MJ-3.6 / MJ-A2: no majin holds more than 4 cards; an Uzumajin is exactly 4
///   face-up souls;
/// - MJ-3.4 / MJ-7.1: a damage zone never exceeds 7, and 7 means the game is over.
#[test]
fn mj_4_turn_structure_holds_in_random_games() {
    let mut rng = Lcg(0x5eed);
    for seed in 0..60u64 {
        let mut s = new_game(&Config::default(), seed).unwrap();
        let mut steps = 0;
        while s.outcome().is_none() {
            steps += 1;
            assert!(steps < 20_000, "seed {seed}: the game does not end");
            let legal = legal_actions(&s);
            let a = legal[rng.below(legal.len())].clone();
            let t = apply(&s, &a).unwrap();
            for seat in [Seat(0), Seat(1)] {
                assert!(t.damage_zone(seat).len() <= 7);
                if t.damage_zone(seat).len() == 7 {
                    assert!(t.outcome().is_some());
                }
                for m in t.majins(seat) {
                    assert!((1..=4).contains(&m.cards.len()), "seed {seed}: {m:?}");
                    assert_eq!(t.is_uzumajin(m), m.cards.len() == 4 && !m.face_down);
                }
            }
            if let Choice::DeclareAttack { majin: id } = a.choice {
                let m = majin(&s, id.0);
                assert!(!m.tapped && m.zone == Zone::Battle && m.cards.len() >= 2);
                if let Some((_, m)) = t.majin(id) {
                    assert!(m.tapped);
                }
            }
            if t.outcome().is_none() {
                if let Pending::UraMajin { seat } = t.pending() {
                    if !matches!(s.pending(), Pending::UraMajin { .. }) {
                        for m in t.majins(seat) {
                            assert!(!m.tapped, "seed {seed}: step 1 left {m:?} tapped");
                            assert!(
                                !(m.zone == Zone::Battle && m.cards.len() == 1),
                                "seed {seed}: step 1 left {m:?} in the battle zone"
                            );
                        }
                        for m in t.majins(Seat(1 - seat.0)) {
                            let stays = match m.zone {
                                Zone::Battle => m.cards.len() >= 2,
                                Zone::Prepare => m.cards.len() == 1,
                            };
                            assert!(stays, "seed {seed}: step 7 left {m:?}");
                        }
                    }
                }
                if matches!(t.pending(), Pending::Main { .. })
                    && matches!(s.pending(), Pending::UraMajin { .. })
                {
                    assert_eq!(t.mp_available(), t.count_majins(), "seed {seed}");
                }
            }
            s = t;
        }
    }
}

/// MJ-5.2 / MJ-A9 / MJ-6.5: the colour requirement of a combat card is checked when it is
/// used. The attacker's Shatter destroys the defender's only face-up Blue soul (the top of
/// the blocker), so Tidal Shield is no longer usable; colourless Feint still is.
#[test]
fn mj_5_2_colour_checked_at_use_after_shatter() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp", "red_warrior"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura("blue_minnow", &["blue_guard"], Zone::Battle),
        )
        .hand(Seat(0), &["combat_shatter"])
        .hand(Seat(1), &["combat_shield", "combat_feint"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let shatter = hand_card(&s, 0, "combat_shatter");
    let shield = hand_card(&s, 1, "combat_shield");
    let feint = hand_card(&s, 1, "combat_feint");
    let s = act(&s, 0, Choice::UseCombat { card: shatter });
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_guard"]);
    assert_eq!(s.pending(), Pending::Combat { seat: Seat(1) });
    assert!(!is_legal(&s, &Choice::UseCombat { card: shield }));
    assert!(matches!(
        try_act(&s, 1, Choice::UseCombat { card: shield }),
        Err(Error::ColourMissing { .. })
    ));
    assert!(is_legal(&s, &Choice::UseCombat { card: feint }));
}

/// MJ-6.8 / MJ-A14: an Uzumajin winner against a 1-card loser destroys that one card (the
/// majin ceases to exist); the Uzumajin is unaffected.
#[test]
fn mj_6_8_uzumajin_against_one_card_destroys_it() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(
                &["red_imp", "red_cub", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .majin(Seat(1), MajinSpec::ura("blue_knight", Zone::Battle))
        .at_attack()
        .build()
        .unwrap();
    let s = pass_all(attack(&s, 0, Some(1)));
    assert!(s.majin(MajinId(1)).is_none());
    assert_eq!(names(&s, s.graveyard(Seat(1))), vec!["blue_knight"]);
    assert!(s.graveyard(Seat(0)).is_empty());
    assert_eq!(s.damage_zone(Seat(1)).len(), 0);
}

/// MJ-6.8 / MJ-3.6 / MJ-A14: an Uzumajin that *loses* a battle loses only 1 card (k depends
/// on the winner), and with 3 cards left it is no longer an Uzumajin.
#[test]
fn mj_6_8_uzumajin_loser_loses_one_card() {
    let s = Scenario::new()
        .majin(
            Seat(0),
            MajinSpec::souls(
                &["red_imp", "red_cub", "red_warrior", "red_brute"],
                Zone::Battle,
            ),
        )
        .majin(
            Seat(1),
            MajinSpec::on_ura(
                "blue_sprite",
                &["blue_knight", "blue_leviathan"],
                Zone::Battle,
            ),
        )
        .hand(Seat(1), &["combat_shield"])
        .at_attack()
        .build()
        .unwrap();
    let s = attack(&s, 0, Some(1));
    let s = act(&s, 0, Choice::PassPriority);
    let shield = hand_card(&s, 1, "combat_shield");
    let s = act(&s, 1, Choice::UseCombat { card: shield });
    // 10 against 4 + 5 + 2 = 11.
    assert_eq!((power(&s, 0), power(&s, 1)), (10, 11));
    let s = act(&s, 0, Choice::PassPriority);
    assert_eq!(names(&s, s.graveyard(Seat(0))), vec!["red_brute"]);
    assert_eq!(majin(&s, 0).cards.len(), 3);
    assert!(!s.is_uzumajin(&majin(&s, 0)));
    assert_eq!(majin(&s, 1).cards.len(), 3);
}
