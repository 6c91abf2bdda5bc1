//! Which actions are legal: the generator ([`legal_actions`]) and the checker ([`check`])
//! that refuses anything else with a reason. The conformance suite proves they agree.

use crate::action::{Action, Choice, Creature};
use crate::cards::{CardClass, CardId, Position};
use crate::error::Error;
use crate::state::{BattleResult, Pending, Rules, State, HAND_CAPACITY};
use fuda_core::{Seat, SeatSet, SmallVec};

/// Writes the legal actions of `seat` into `out`, sorted.
///
/// Each decision's actions are generated in their sorted order (the derived `Ord` of
/// [`Action`]: variant, then its fields in order), so no sort of whole actions is needed:
/// hands are kept in card-id order (sorted on load too), so creatures come out in
/// (front, middle, back) order and rabies cards in id order; targets are listed in seat
/// order (not clockwise) and a creature's three cards are sorted first.
pub(crate) fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if s.pending.seat() != Some(seat) || s.outcome.is_some() {
        return;
    }
    let rules = s.rules();
    let hand = s.hand(seat);
    let mut push = |choice| out.push(Action { seat, choice });
    match s.pending {
        Pending::TurnStart { .. } => {
            push(Choice::Redraw);
            push(Choice::DrawForTurn);
        }
        Pending::Main { .. } => {
            // A seat set iterates in seat order.
            let opponents = SeatSet::all(s.num_players()).without(s.active);
            let rabies_options = rabies_in_hand(rules, hand, !s.config().rabies_requires_prior_win);
            for_each_creature(rules, hand, |creature| {
                for target in opponents.iter() {
                    for &rabies in &rabies_options {
                        push(Choice::Attack {
                            creature,
                            target,
                            rabies,
                        });
                    }
                }
            });
            for &card in hand {
                push(Choice::Discard { card });
            }
        }
        Pending::NextTarget { .. } => {
            let Some(chain) = &s.chain else { return };
            let may_play =
                !chain.rabies_used && (chain.wins > 0 || !s.config().rabies_requires_prior_win);
            let rabies_options = rabies_in_hand(rules, hand, may_play);
            let opponents = SeatSet::all(s.num_players()).without(s.active);
            for target in opponents.iter().filter(|&t| !chain.attacked.contains(t)) {
                for &rabies in &rabies_options {
                    push(Choice::NextTarget { target, rabies });
                }
            }
        }
        Pending::Defend { .. } => {
            let venom_optional = s.config().venom_optional;
            for_each_creature(rules, hand, |creature| {
                let venomous = rules.is_venomous(&creature);
                if !venomous || venom_optional {
                    push(Choice::Defend {
                        creature,
                        invoke_venom: false,
                    });
                }
                if venomous {
                    push(Choice::Defend {
                        creature,
                        invoke_venom: true,
                    });
                }
            });
        }
        Pending::Steal { from, random, .. } => {
            if random {
                if !s.hand(from).is_empty() {
                    push(Choice::StealRandom);
                }
            } else if let Some(source) = steal_source(s, seat) {
                let mut cards = source.cards();
                cards.sort_unstable();
                for card in cards {
                    push(Choice::StealCreatureCard { card });
                }
            }
            push(Choice::DeclineSteal);
        }
        Pending::DiscardExcess { .. } => {
            for &card in hand {
                push(Choice::DiscardExcess { card });
            }
        }
        Pending::BerserkCommit { .. } => {
            for_each_creature(rules, hand, |creature| {
                push(Choice::BerserkReveal { creature })
            });
        }
        Pending::GameOver => {}
    }
    debug_assert!(out.is_sorted(), "legal actions out of order: {out:?}");
}

/// Calls `f` with every creature the cards can build (CC-4.0a), in card-id order.
///
/// One pass sorts the cards by position (inline up to a hand's capacity), so each card's
/// class is looked up once rather than once per combination it could be part of.
pub(crate) fn for_each_creature(rules: &Rules, cards: &[CardId], mut f: impl FnMut(Creature)) {
    let mut parts: [SmallVec<[CardId; HAND_CAPACITY]>; 3] = Default::default();
    for &c in cards {
        if let Some(CardClass::Part(p)) = rules.class(c) {
            parts[p as usize].push(c);
        }
    }
    let [fronts, middles, backs] = &parts;
    for &front in fronts {
        for &middle in middles {
            for &back in backs {
                f(Creature::new(front, middle, back));
            }
        }
    }
}

/// `None`, plus each RABIES in hand when one may be played (inline for the sample set's 3
/// RABIES cards; more spill).
fn rabies_in_hand(rules: &Rules, hand: &[CardId], allowed: bool) -> SmallVec<[Option<CardId>; 4]> {
    let mut options = SmallVec::new();
    options.push(None);
    if allowed {
        options.extend(
            hand.iter()
                .filter(|&&c| rules.class(c) == Some(CardClass::Rabies))
                .map(|&c| Some(c)),
        );
    }
    options
}

/// The creature a battle winner may steal from: the defender's after the attacker won,
/// the attacker's after the defender won or forced a venom tie (CC-5.7).
fn steal_source(s: &State, thief: Seat) -> Option<Creature> {
    let chain = s.chain.as_ref()?;
    let battle = chain.battle.as_ref()?;
    match battle.result? {
        BattleResult::AttackerWins if thief == s.active => battle.defence,
        BattleResult::DefenderWins | BattleResult::VenomTie if thief == battle.defender => {
            chain.creature
        }
        _ => None,
    }
}

/// What the game waits for, in words.
pub(crate) fn describe(p: Pending) -> String {
    match p {
        Pending::TurnStart { seat } => format!("{seat} is to choose `redraw` or `draw_for_turn`"),
        Pending::Main { seat } => format!("{seat} is to choose `attack` or `discard`"),
        Pending::Defend { seat } => format!("{seat} is to `defend`"),
        Pending::Steal {
            seat, random: true, ..
        } => {
            format!("{seat} is to choose `steal_random` or `decline_steal`")
        }
        Pending::Steal { seat, .. } => {
            format!("{seat} is to choose `steal_creature_card` or `decline_steal`")
        }
        Pending::NextTarget { seat } => format!("{seat} is to choose the `next_target`"),
        Pending::DiscardExcess { seat } => format!("{seat} is to `discard_excess` down to 7 cards"),
        Pending::BerserkCommit { seat } => {
            format!("{seat} is to commit a creature (`berserk_reveal`)")
        }
        Pending::GameOver => "the game is over".into(),
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
    let rules = s.rules();
    let config = s.config();
    let in_hand = |card: CardId| -> Result<(), Error> {
        if s.hand(seat).binary_search(&card).is_ok() {
            Ok(())
        } else {
            Err(Error::CardNotInHand { seat, card })
        }
    };
    let creature_in_hand = |c: &Creature| -> Result<(), Error> {
        for (card, pos) in [
            (c.front, Position::Front),
            (c.middle, Position::Middle),
            (c.back, Position::Back),
        ] {
            in_hand(card)?;
            if !rules.is_part(card, pos) {
                return Err(Error::WrongPosition {
                    card,
                    expected: pos,
                });
            }
        }
        Ok(())
    };
    let rabies_card = |card: CardId| -> Result<(), Error> {
        in_hand(card)?;
        if rules.class(card) == Some(CardClass::Rabies) {
            Ok(())
        } else {
            Err(Error::RabiesNotAllowed {
                reason: format!("card {card} is not a RABIES"),
            })
        }
    };
    let opponent = |target: Seat, attacked: SeatSet| -> Result<(), Error> {
        let reason = if target.index() >= s.num_players() {
            "no such seat"
        } else if target == seat {
            "a player cannot attack themselves"
        } else if attacked.contains(target) {
            "already attacked this turn"
        } else {
            return Ok(());
        };
        Err(Error::InvalidTarget {
            target,
            reason: reason.into(),
        })
    };
    match (s.pending, &a.choice) {
        (Pending::TurnStart { .. }, Choice::Redraw | Choice::DrawForTurn) => Ok(()),
        (
            Pending::Main { .. },
            Choice::Attack {
                creature,
                target,
                rabies,
            },
        ) => {
            creature_in_hand(creature)?;
            opponent(*target, SeatSet::EMPTY)?;
            if let Some(r) = rabies {
                if config.rabies_requires_prior_win {
                    return Err(Error::RabiesNotAllowed {
                        reason: "only after winning a battle this turn".into(),
                    });
                }
                rabies_card(*r)?;
            }
            Ok(())
        }
        (Pending::Main { .. }, Choice::Discard { card }) => in_hand(*card),
        (Pending::NextTarget { .. }, Choice::NextTarget { target, rabies }) => {
            let chain = s
                .chain
                .as_ref()
                .ok_or_else(|| Error::state("no attack under way"))?;
            opponent(*target, chain.attacked)?;
            if let Some(r) = rabies {
                if chain.rabies_used {
                    return Err(Error::RabiesNotAllowed {
                        reason: "one RABIES per turn".into(),
                    });
                }
                if chain.wins == 0 && config.rabies_requires_prior_win {
                    return Err(Error::RabiesNotAllowed {
                        reason: "only after winning a battle this turn".into(),
                    });
                }
                rabies_card(*r)?;
            }
            Ok(())
        }
        (
            Pending::Defend { .. },
            Choice::Defend {
                creature,
                invoke_venom,
            },
        ) => {
            creature_in_hand(creature)?;
            let venomous = rules.is_venomous(creature);
            if *invoke_venom && !venomous {
                return Err(Error::Venom {
                    reason: "all three parts must carry VENOM to invoke it".into(),
                });
            }
            if !*invoke_venom && venomous && !config.venom_optional {
                return Err(Error::Venom {
                    reason: "a venomous creature must invoke VENOM (venom_optional = false)".into(),
                });
            }
            Ok(())
        }
        (Pending::Steal { random: false, .. }, Choice::StealCreatureCard { card }) => {
            match steal_source(s, seat) {
                Some(c) if c.cards().contains(card) => Ok(()),
                _ => Err(Error::Steal {
                    reason: format!("card {card} is not part of the opposing creature"),
                }),
            }
        }
        (
            Pending::Steal {
                random: true, from, ..
            },
            Choice::StealRandom,
        ) => {
            if s.hand(from).is_empty() {
                Err(Error::Steal {
                    reason: format!("{from} holds no card"),
                })
            } else {
                Ok(())
            }
        }
        (Pending::Steal { .. }, Choice::DeclineSteal) => Ok(()),
        (Pending::DiscardExcess { .. }, Choice::DiscardExcess { card }) => in_hand(*card),
        (Pending::BerserkCommit { .. }, Choice::BerserkReveal { creature }) => {
            creature_in_hand(creature)
        }
        (pending, choice) => Err(Error::WrongDecision {
            choice: choice.name().into(),
            expected: describe(pending),
        }),
    }
}
