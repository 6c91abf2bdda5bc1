//! Which actions are legal: the generator ([`legal_actions`]) and the checker ([`check`])
//! that refuses anything else with a reason, without touching the state. The conformance
//! suite proves they agree.

use crate::action::{Action, Choice, Placement};
use crate::cards::{CardId, CardType, Op};
use crate::error::Error;
use crate::rules::combat::{attackers, blockers, combat_usable};
use crate::rules::effects::candidates;
use crate::rules::turn::{advance_candidates, is_first_turn, may_be_ura};
use crate::state::{ColourCheck, Pending, State, ZONE_CARDS};
use fuda_core::{Seat, TinyVec};

/// Writes the legal actions of `seat` into `out`, sorted. Only the seat with the pending
/// decision has any (MJ-5.5).
///
/// Each decision's actions are generated in their sorted order (the derived `Ord` of
/// [`Action`]: variant, then card or majin id), so no sort of whole actions is needed: the
/// majin lists follow a player's majins, which are kept in id order (`new_majin`, checked on
/// load); cards taken from the hand, which is in entry order, are sorted as ids first.
pub(crate) fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if s.outcome.is_some() || s.pending.seat() != Some(seat) {
        return;
    }
    let mut push = |choice| out.push(Action { seat, choice });
    let hand = s.hand(seat);
    match s.pending {
        Pending::TurnOrder { .. } => {
            push(Choice::ChooseTurnOrder { go_first: false });
            push(Choice::ChooseTurnOrder { go_first: true });
        }
        Pending::UraMajin { .. } => {
            for card in sorted_cards(hand.iter().copied().filter(|&c| may_be_ura(s, c))) {
                push(Choice::PlaceUraMajin { card });
            }
            if !is_first_turn(s) {
                push(Choice::SkipUraMajin);
            }
        }
        Pending::Main { .. } => {
            // The playable cards in id order, souls before spells (the order of the
            // variants), each soul's placements new first, then its majins in id order.
            let mut colours = ColourCheck::new(s, seat);
            let mp = s.mp_available();
            let playable = sorted_cards(
                hand.iter()
                    .copied()
                    .filter(|&c| is_playable(s, &mut colours, mp, c)),
            );
            let max = s.max_cards();
            for &card in playable
                .iter()
                .filter(|&&c| s.rules().card_type(c) == Some(CardType::Soul))
            {
                push(Choice::PlaySoul {
                    card,
                    place: Placement::New,
                });
                for m in s.majins(seat).iter().filter(|m| m.cards.len() < max) {
                    push(Choice::PlaySoul {
                        card,
                        place: Placement::Onto(m.id),
                    });
                }
            }
            for &card in playable
                .iter()
                .filter(|&&c| s.rules().card_type(c) == Some(CardType::Spell))
            {
                push(Choice::PlaySpell { card });
            }
            push(Choice::EndMain);
        }
        Pending::Attack { .. } => {
            for majin in attackers(s) {
                push(Choice::DeclareAttack { majin });
            }
            push(Choice::EndAttacks);
        }
        Pending::Block { .. } => {
            for majin in blockers(s) {
                push(Choice::Block { majin });
            }
            push(Choice::NoBlock);
        }
        Pending::Combat { .. } => {
            let mut colours = ColourCheck::new(s, seat);
            let usable = hand
                .iter()
                .copied()
                .filter(|&c| combat_usable(s, &mut colours, c));
            for card in sorted_cards(usable) {
                push(Choice::UseCombat { card });
            }
            push(Choice::PassPriority);
        }
        Pending::Target { card, pc, .. } => {
            if let Some(Op::Do(effect)) = s.rules().program(card).get(usize::from(pc)) {
                for majin in candidates(s, seat, effect) {
                    push(Choice::ChooseTarget { majin });
                }
            }
        }
        Pending::May { .. } => {
            push(Choice::AnswerMay { yes: false });
            push(Choice::AnswerMay { yes: true });
        }
        Pending::UzumajinBonus { .. } => {
            push(Choice::UzumajinBonus { take_two: false });
            push(Choice::UzumajinBonus { take_two: true });
        }
        Pending::Advance { .. } => {
            for majin in advance_candidates(s) {
                push(Choice::AdvanceMajin { majin });
            }
            push(Choice::StopAdvancing);
        }
        Pending::GameOver => {}
    }
    debug_assert!(out.is_sorted(), "legal actions out of order: {out:?}");
}

/// Cards of the hand in id order (a hand holds at most `ZONE_CARDS` inline).
fn sorted_cards(cards: impl Iterator<Item = CardId>) -> TinyVec<[CardId; ZONE_CARDS]> {
    let mut cards: TinyVec<[CardId; ZONE_CARDS]> = cards.collect();
    cards.sort_unstable();
    cards
}

/// A4 / A5 cost and colour conditions (MJ-5.2, MJ-5.3) given the MP available, as a yes
/// or no that builds no error (so listing the legal actions allocates nothing).
fn is_playable(s: &State, colours: &mut ColourCheck, mp: u32, card: CardId) -> bool {
    let cost = s.rules().info(card).map_or(0, |i| i.cost);
    u32::from(cost) <= mp && colours.met(card)
}

/// A4 / A5 cost and colour conditions (MJ-5.2, MJ-5.3), with the reason on refusal.
fn playable(s: &State, seat: Seat, card: CardId) -> Result<(), Error> {
    let cost = s.rules().info(card).map_or(0, |i| i.cost);
    let available = s.mp_available();
    if u32::from(cost) > available {
        return Err(Error::NotEnoughMp {
            card,
            cost,
            available,
        });
    }
    colour_ok(s, seat, card)
}

fn colour_ok(s: &State, seat: Seat, card: CardId) -> Result<(), Error> {
    match s.missing_colour(seat, card) {
        Some(colour) => Err(Error::ColourMissing { card, colour }),
        None => Ok(()),
    }
}

/// What the game waits for, in words.
pub(crate) fn describe(p: Pending) -> String {
    match p {
        Pending::TurnOrder { seat } => format!("{seat} to choose the turn order"),
        Pending::UraMajin { seat } => format!("{seat} to place an ura majin (step 3)"),
        Pending::Main { seat } => format!("{seat} to play cards or end step 5"),
        Pending::Attack { seat } => format!("{seat} to attack or end step 6"),
        Pending::Block { seat } => format!("{seat} to block or not"),
        Pending::Combat { seat } => format!("{seat} to use a combat card or pass"),
        Pending::Target { seat, .. } => format!("{seat} to choose a target"),
        Pending::May { seat, .. } => format!("{seat} to answer yes or no"),
        Pending::UzumajinBonus { seat, .. } => {
            format!("{seat} to choose the Uzumajin's double effect or not")
        }
        Pending::Advance { seat } => format!("{seat} to advance majins"),
        Pending::GameOver => "nobody: the game is over".into(),
    }
}

/// Refuses an illegal action with the reason; accepts exactly the actions that
/// [`legal_actions`] lists.
pub(crate) fn check(s: &State, a: &Action) -> Result<(), Error> {
    if s.outcome.is_some() {
        return Err(Error::GameOver);
    }
    let seat = a.seat;
    if s.pending.seat() != Some(seat) {
        return Err(Error::NotToAct {
            seat,
            waiting_for: describe(s.pending),
        });
    }
    let r = s.rules();
    let in_hand = |card: CardId| -> Result<(), Error> {
        if s.hand(seat).contains(&card) {
            Ok(())
        } else {
            Err(Error::CardNotInHand { seat, card })
        }
    };
    let of_type = |card: CardId, expected: CardType| -> Result<(), Error> {
        if r.card_type(card) == Some(expected) {
            Ok(())
        } else {
            Err(Error::WrongCardType { card, expected })
        }
    };
    let listed = |ok: bool, majin, reason: &str| -> Result<(), Error> {
        if ok {
            Ok(())
        } else {
            Err(Error::majin(majin, reason))
        }
    };
    match (s.pending, &a.choice) {
        (Pending::TurnOrder { .. }, Choice::ChooseTurnOrder { .. }) => Ok(()),
        (Pending::UraMajin { .. }, Choice::PlaceUraMajin { card }) => {
            in_hand(*card)?;
            if may_be_ura(s, *card) {
                Ok(())
            } else {
                Err(Error::WrongCardType {
                    card: *card,
                    expected: CardType::Soul,
                })
            }
        }
        (Pending::UraMajin { .. }, Choice::SkipUraMajin) => {
            if is_first_turn(s) {
                Err(Error::UraMandatory)
            } else {
                Ok(())
            }
        }
        (Pending::Main { .. }, Choice::PlaySoul { card, place }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Soul)?;
            playable(s, seat, *card)?;
            if let Placement::Onto(id) = place {
                match s.majin(*id) {
                    None => Err(Error::majin(*id, "there is no such majin")),
                    Some((owner, _)) if owner != seat => {
                        Err(Error::majin(*id, "souls go only onto your own majins"))
                    }
                    Some((_, m)) if m.cards.len() >= s.max_cards() => Err(Error::majin(
                        *id,
                        format!("it already holds {} cards", m.cards.len()),
                    )),
                    Some(_) => Ok(()),
                }
            } else {
                Ok(())
            }
        }
        (Pending::Main { .. }, Choice::PlaySpell { card }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Spell)?;
            playable(s, seat, *card)
        }
        (Pending::Main { .. }, Choice::EndMain) => Ok(()),
        (Pending::Attack { .. }, Choice::DeclareAttack { majin }) => listed(
            attackers(s).any(|m| m == *majin),
            *majin,
            "only your untapped majins in the battle zone can attack",
        ),
        (Pending::Attack { .. }, Choice::EndAttacks) => Ok(()),
        (Pending::Block { .. }, Choice::Block { majin }) => listed(
            blockers(s).any(|m| m == *majin),
            *majin,
            "only your untapped majins in the battle zone can block",
        ),
        (Pending::Block { .. }, Choice::NoBlock) => Ok(()),
        (Pending::Combat { .. }, Choice::UseCombat { card }) => {
            in_hand(*card)?;
            of_type(*card, CardType::Combat)?;
            colour_ok(s, seat, *card)
        }
        (Pending::Combat { .. }, Choice::PassPriority) => Ok(()),
        (Pending::Target { card, pc, .. }, Choice::ChooseTarget { majin }) => {
            let ok = match r.program(card).get(usize::from(pc)) {
                Some(Op::Do(effect)) => candidates(s, seat, effect).any(|m| m == *majin),
                _ => false,
            };
            listed(ok, *majin, "it is not a legal target of this effect")
        }
        (Pending::May { .. }, Choice::AnswerMay { .. }) => Ok(()),
        (Pending::UzumajinBonus { .. }, Choice::UzumajinBonus { .. }) => Ok(()),
        (Pending::Advance { .. }, Choice::AdvanceMajin { majin }) => listed(
            advance_candidates(s).any(|m| m == *majin),
            *majin,
            "only your prepare-zone majins with 2 or more cards can advance",
        ),
        (Pending::Advance { .. }, Choice::StopAdvancing) => Ok(()),
        (pending, choice) => Err(Error::WrongDecision {
            choice: choice.name().into(),
            expected: describe(pending),
        }),
    }
}
