//! MP (MJ-4.4, MJ-5.3, MJ-A10) and colour requirements (MJ-5.2, MJ-A9).

use crate::common::*;

/// MJ-T5 / MJ-4.4: MP counts every majin of both players, 1 each whatever its size.
#[test]
fn mj_t5_mp_counts_majins_of_both_players() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .majin(
            Seat(0),
            MajinSpec::on_ura("red_cub", &["red_imp", "red_cub"], Zone::Battle),
        )
        .majin(
            Seat(1),
            MajinSpec::souls(
                &["blue_minnow", "blue_minnow", "blue_sprite", "blue_sprite"],
                Zone::Battle,
            ),
        )
        .majin(Seat(1), MajinSpec::souls(&["blue_minnow"], Zone::Prepare))
        .hand(Seat(0), &["red_imp"])
        .build()
        .unwrap();
    let s = act(&s, 0, Choice::SkipUraMajin);
    assert_eq!(s.mp_available(), 4);
}

/// MJ-T6 / MJ-5.3: costs come out of one pool; a card the pool cannot cover is illegal.
#[test]
fn mj_t6_pool_is_spent_down() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::souls(&["red_cub"], Zone::Prepare))
        .hand(Seat(0), &["red_brute", "red_imp", "spell_war_cry"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let brute = hand_card(&s, 0, "red_brute");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: brute,
            place: Placement::New,
        },
    );
    assert_eq!(s.mp_available(), 1);
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::New,
        },
    );
    assert_eq!(s.mp_available(), 0);
    let cry = hand_card(&s, 0, "spell_war_cry");
    assert!(matches!(
        try_act(&s, 0, Choice::PlaySpell { card: cry }),
        Err(Error::NotEnoughMp {
            cost: 1,
            available: 0,
            ..
        })
    ));
}

/// MJ-T7 / MJ-5.2: a face-down red_warrior gives no colour; after a face-up Red soul is
/// played, red_warrior becomes legal.
#[test]
fn mj_t7_colour_from_face_up_souls() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_warrior", Zone::Prepare))
        .hand(Seat(0), &["red_warrior", "red_imp"])
        .at_main(Some(3))
        .build()
        .unwrap();
    let warrior = hand_card(&s, 0, "red_warrior");
    let err = try_act(
        &s,
        0,
        Choice::PlaySoul {
            card: warrior,
            place: Placement::New,
        },
    )
    .unwrap_err();
    assert!(
        matches!(&err, Error::ColourMissing { colour, .. } if colour == "Red"),
        "{err}"
    );
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::New,
        },
    );
    assert!(is_legal(
        &s,
        &Choice::PlaySoul {
            card: warrior,
            place: Placement::New
        }
    ));
}

/// MJ-E4 / MJ-A10: the pool is not recounted when majins appear or disappear.
#[test]
fn mj_e4_pool_not_recounted() {
    let s = Scenario::new()
        .majin(Seat(1), MajinSpec::ura("blue_minnow", Zone::Prepare))
        .hand(Seat(0), &["red_imp", "spell_fireball", "red_cub"])
        .at_main(Some(5))
        .build()
        .unwrap();
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::New,
        },
    );
    assert_eq!(s.mp_available(), 4);
    let fireball = hand_card(&s, 0, "spell_fireball");
    let s = act(&s, 0, Choice::PlaySpell { card: fireball });
    let s = act(&s, 0, Choice::ChooseTarget { majin: MajinId(0) });
    assert!(s.majin(MajinId(0)).is_none(), "P2's ura majin is destroyed");
    assert_eq!(s.mp_available(), 1);
    let cub = hand_card(&s, 0, "red_cub");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: cub,
            place: Placement::New,
        },
    );
    assert_eq!(s.mp_available(), 0);
}

/// MJ-A10 (`mp_mode = LiveCount`): MP follows the majins on the table.
#[test]
fn mj_a10_live_count() {
    let s = Scenario::new()
        .configure(|c| c.mp_mode = MpMode::LiveCount)
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .hand(Seat(0), &["red_imp", "red_cub"])
        .at_main(None)
        .build()
        .unwrap();
    assert_eq!(s.mp_available(), 1);
    let imp = hand_card(&s, 0, "red_imp");
    let s = act(
        &s,
        0,
        Choice::PlaySoul {
            card: imp,
            place: Placement::New,
        },
    );
    // 2 majins now, 1 MP spent.
    assert_eq!(s.mp_available(), 1);
}

/// MJ-E5 / MJ-A9: only the user's own face-up souls meet colour requirements: a face-down
/// Red card or the opponent's Red souls do not.
#[test]
fn mj_e5_only_own_face_up_colour_counts() {
    let s = Scenario::with_config(red_vs_red())
        .majin(Seat(0), MajinSpec::on_ura("red_warrior", &[], Zone::Battle))
        .majin(
            Seat(1),
            MajinSpec::souls(&["red_imp", "red_warrior"], Zone::Battle),
        )
        .hand(Seat(0), &["red_warrior", "combat_fury"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let warrior = hand_card(&s, 0, "red_warrior");
    assert!(!options(&s)
        .iter()
        .any(|c| matches!(c, Choice::PlaySoul { card, .. } if *card == warrior)));
    // `colour_source = AnyFaceUp` lets the opponent's souls count.
    let s = Scenario::with_config(Config {
        colour_source: ColourSource::AnyFaceUp,
        ..red_vs_red()
    })
    .majin(Seat(0), MajinSpec::on_ura("red_warrior", &[], Zone::Battle))
    .majin(
        Seat(1),
        MajinSpec::souls(&["red_imp", "red_warrior"], Zone::Battle),
    )
    .hand(Seat(0), &["red_warrior"])
    .at_main(Some(4))
    .build()
    .unwrap();
    let warrior = hand_card(&s, 0, "red_warrior");
    assert!(is_legal(
        &s,
        &Choice::PlaySoul {
            card: warrior,
            place: Placement::New
        }
    ));
}

/// MJ-5.2: the card being played does not meet its own requirement, even stacked.
#[test]
fn mj_5_2_card_itself_does_not_count() {
    let s = Scenario::new()
        .majin(Seat(0), MajinSpec::ura("red_cub", Zone::Prepare))
        .hand(Seat(0), &["red_brute"])
        .at_main(Some(4))
        .build()
        .unwrap();
    let brute = hand_card(&s, 0, "red_brute");
    assert_eq!(options(&s), vec![Choice::EndMain]);
    assert!(try_act(
        &s,
        0,
        Choice::PlaySoul {
            card: brute,
            place: Placement::Onto(MajinId(0))
        }
    )
    .is_err());
}
