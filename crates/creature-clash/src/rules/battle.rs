//! Attacks and battles: declaring an attack, the defender's response, the outcome, the
//! steal, and the resolution of each outcome (CC-5.3 to CC-5.9, CC-6.3 to CC-6.12).

use crate::action::Creature;
use crate::cards::CardId;
use crate::config::VenomFate;
use crate::event::Event;
use crate::rules::end;
use crate::rules::turn::{forget_hand, put_in_hand, put_in_hand_publicly, take_from_hand};
use crate::state::{Battle, BattleResult, Chain, Pending, State, Task};
use fuda_core::{EventLog, Seat, SeatSet, SmallVec};

/// Cards leaving the play area together: at most two creatures and a RABIES (CC-6.8).
type PlayCards = SmallVec<[CardId; 7]>;

/// CC-5.3 `Attack`: the creature goes face up to the play area and battle 1 begins.
pub(crate) fn attack<L: EventLog<Event>>(
    s: &mut State,
    creature: Creature,
    target: Seat,
    rabies: Option<CardId>,
    log: &mut L,
) -> Option<Pending> {
    let seat = s.active;
    for c in creature.cards() {
        take_from_hand(s, seat, c);
    }
    s.chain = Some(Chain {
        creature: Some(creature),
        attacked: SeatSet::EMPTY,
        wins: 0,
        rabies_used: false,
        battle: None,
    });
    start_battle(s, target, rabies, log)
}

/// CC-6.4 steps 1–2: a battle against `target`, with an optional RABIES placed before the
/// defender responds. A defender who cannot build a creature forfeits (CC-6.9).
pub(crate) fn start_battle<L: EventLog<Event>>(
    s: &mut State,
    target: Seat,
    rabies: Option<CardId>,
    log: &mut L,
) -> Option<Pending> {
    let seat = s.active;
    if let Some(r) = rabies {
        take_from_hand(s, seat, r);
    }
    let can_defend = s.rules().can_make_creature(s.hand(target));
    let rules = s.rules.0.clone();
    let chain = s.chain.as_mut()?;
    chain.attacked.insert(target);
    chain.rabies_used |= rabies.is_some();
    chain.battle = Some(Battle {
        defender: target,
        rabies,
        defence: None,
        result: None,
    });
    let creature = chain.creature?;
    let battle_no = chain.attacked.len() as u8;
    let power = rules.power(&creature);
    log.emit(|| Event::Attacked {
        seat,
        target,
        creature,
        power,
        rabies,
        battle: battle_no,
    });
    if can_defend {
        return Some(Pending::Defend { seat: target });
    }
    // Forfeit: the attacker wins; the hand stays hidden.
    chain.wins = chain.wins.saturating_add(1);
    if let Some(b) = chain.battle.as_mut() {
        b.result = Some(BattleResult::Forfeit);
    }
    let attack = attack_value(s);
    log.emit(|| Event::Forfeited { seat: target });
    log.emit(|| Event::BattleResolved {
        attacker: seat,
        defender: target,
        result: BattleResult::Forfeit,
        attack,
        defence: None,
    });
    if s.hand(target).is_empty() {
        // Nothing to steal: no steal window.
        attacker_won(s, log)
    } else {
        Some(Pending::Steal {
            seat,
            from: target,
            random: true,
        })
    }
}

/// CC-6.5: the attack value, power × the RABIES multiplier for this battle.
fn attack_value(s: &State) -> u32 {
    let Some(chain) = &s.chain else { return 0 };
    let power = chain.creature.map_or(0, |c| s.rules().power(&c));
    let factor = chain
        .battle
        .as_ref()
        .and_then(|b| b.rabies)
        .and_then(|r| s.cards().info(r))
        .map_or(1, |i| u32::from(i.multiplier));
    power.saturating_mul(factor)
}

/// CC-5.6 `Defend` and the outcome of CC-6.5.
pub(crate) fn defend<L: EventLog<Event>>(
    s: &mut State,
    creature: Creature,
    invoke_venom: bool,
    log: &mut L,
) -> Option<Pending> {
    let attacker = s.active;
    let defender = s.chain.as_ref()?.battle.as_ref()?.defender;
    for c in creature.cards() {
        take_from_hand(s, defender, c);
    }
    let attack = attack_value(s);
    let defence = s.rules().power(&creature);
    let result = if invoke_venom {
        BattleResult::VenomTie
    } else if attack > defence {
        BattleResult::AttackerWins
    } else if attack < defence {
        BattleResult::DefenderWins
    } else {
        BattleResult::Tie
    };
    log.emit(|| Event::Defended {
        seat: defender,
        creature,
        power: defence,
        invoke_venom,
    });
    log.emit(|| Event::BattleResolved {
        attacker,
        defender,
        result,
        attack,
        defence: Some(defence),
    });
    let chain = s.chain.as_mut()?;
    let battle = chain.battle.as_mut()?;
    battle.result = Some(result);
    battle.defence = Some(creature);
    match result {
        BattleResult::AttackerWins | BattleResult::Forfeit => {
            chain.wins = chain.wins.saturating_add(1);
            Some(Pending::Steal {
                seat: attacker,
                from: defender,
                random: false,
            })
        }
        BattleResult::DefenderWins => {
            // CC-6.7 (1): the defender's creature returns to hand before the steal.
            battle.defence = None;
            for c in creature.cards() {
                put_in_hand_publicly(s, defender, c);
            }
            log.emit(|| Event::CreatureReturned {
                seat: defender,
                creature,
            });
            Some(Pending::Steal {
                seat: defender,
                from: attacker,
                random: false,
            })
        }
        BattleResult::VenomTie => Some(Pending::Steal {
            seat: defender,
            from: attacker,
            random: false,
        }),
        BattleResult::Tie => {
            tie(s, log);
            None
        }
    }
}

/// CC-5.7 / CC-5.9: the winner takes one card of the opposing creature, or nothing, and
/// the battle is resolved.
pub(crate) fn steal<L: EventLog<Event>>(
    s: &mut State,
    thief: Seat,
    card: Option<CardId>,
    log: &mut L,
) -> Option<Pending> {
    let attacker = s.active;
    let battle = s.chain.as_ref()?.battle.as_ref()?.clone();
    let victim = if thief == attacker {
        battle.defender
    } else {
        attacker
    };
    match card {
        Some(card) => {
            // The card was face up in the play area (CC-5.7).
            put_in_hand_publicly(s, thief, card);
            log.emit(|| Event::Stole {
                thief,
                victim,
                card: Some(card),
                random: false,
            });
        }
        None => log.emit(|| Event::DeclinedSteal { seat: thief }),
    }
    let kept = |c: &CardId| Some(*c) != card;
    match battle.result {
        Some(BattleResult::AttackerWins) | Some(BattleResult::Forfeit) => {
            // CC-6.6 (1): the defender's unstolen creature cards go to discard.
            if let Some(d) = battle.defence {
                let rest: PlayCards = d.cards().into_iter().filter(kept).collect();
                to_discard(s, &rest, log);
            }
            if let Some(b) = s.chain.as_mut().and_then(|c| c.battle.as_mut()) {
                b.defence = None;
            }
            attacker_won(s, log)
        }
        Some(BattleResult::DefenderWins) => {
            // CC-6.7 (2)–(4).
            let mut rest: PlayCards = attacker_creature(s).into_iter().filter(kept).collect();
            rest.extend(battle.rabies);
            to_discard(s, &rest, log);
            clear_play_area(s);
            s.tasks.push(Task::EndAttack);
            s.tasks.push(Task::Refill { seat: attacker });
            None
        }
        Some(BattleResult::VenomTie) => {
            // CC-6.10: the attacker's rest, the venomous creature (CC-A17), RABIES last.
            let mut rest: PlayCards = attacker_creature(s).into_iter().filter(kept).collect();
            if let Some(d) = battle.defence {
                match s.config().venom_creature_fate {
                    VenomFate::Discard => rest.extend(d.cards()),
                    VenomFate::ReturnToHand => {
                        for c in d.cards() {
                            put_in_hand_publicly(s, battle.defender, c);
                        }
                        log.emit(|| Event::CreatureReturned {
                            seat: battle.defender,
                            creature: d,
                        });
                    }
                }
            }
            rest.extend(battle.rabies);
            to_discard(s, &rest, log);
            clear_play_area(s);
            s.tasks.push(Task::EndAttack);
            s.tasks.push(Task::Refill {
                seat: battle.defender,
            });
            s.tasks.push(Task::Refill { seat: attacker });
            None
        }
        Some(BattleResult::Tie) | None => None,
    }
}

/// CC-5.8 `StealRandom`: a uniformly random card (R5, index into the hand in card-id
/// order) from the forfeiting defender's hand.
pub(crate) fn steal_random<L: EventLog<Event>>(
    s: &mut State,
    thief: Seat,
    log: &mut L,
) -> Option<Pending> {
    let victim = s.chain.as_ref()?.battle.as_ref()?.defender;
    let held = s.hand(victim).len();
    let index = s.rng.below(held);
    // Bystanders do not see which card goes: none of the victim's known cards is certain
    // to be in that hand any more, nor known in the thief's (CC-D1).
    forget_hand(s, victim);
    let card = s.hands.get_mut(victim.index())?.remove(index);
    put_in_hand(s, thief, card);
    log.emit(|| Event::Stole {
        thief,
        victim,
        card: Some(card),
        random: true,
    });
    attacker_won(s, log)
}

/// CC-6.6 steps 2–4 (after the steal): RABIES death, Champion, or the chain goes on.
pub(crate) fn attacker_won<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let attacker = s.active;
    let n = s.num_players();
    let chain = s.chain.as_mut()?;
    let battle = chain.battle.take()?;
    let is_final = chain.attacked.len() + 1 >= n;
    let creature = chain.creature;
    match (battle.rabies, is_final) {
        (Some(rabies), false) => {
            // Step 2: the creature dies after a non-final RABIES win (CC-6.12).
            chain.creature = None;
            let mut cards: PlayCards = creature.into_iter().flat_map(|c| c.cards()).collect();
            cards.push(rabies);
            log.emit(|| Event::CreatureDied { seat: attacker });
            to_discard(s, &cards, log);
            s.tasks.push(Task::EndAttack);
        }
        (rabies, true) => {
            // Step 3: the final battle: Champion (CC-6.11), win check (CC-4.8).
            chain.creature = None;
            if let Some(r) = rabies {
                to_discard(s, &[r], log);
            }
            if let Some(c) = creature {
                end::make_champion(s, attacker, c, log);
                end::check_win(s, log);
            }
            s.tasks.push(Task::EndAttack);
        }
        (None, false) => s.tasks.push(Task::ChainContinue),
    }
    s.tasks.push(Task::Refill {
        seat: battle.defender,
    });
    None
}

/// CC-6.8 Tie: all six creature cards and any RABIES to discard; attacker then defender
/// refill; the turn ends.
fn tie<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let attacker = s.active;
    let Some(battle) = s.chain.as_ref().and_then(|c| c.battle.clone()) else {
        return;
    };
    let mut cards = attacker_creature(s);
    cards.extend(battle.defence.into_iter().flat_map(|d| d.cards()));
    cards.extend(battle.rabies);
    to_discard(s, &cards, log);
    clear_play_area(s);
    s.tasks.push(Task::EndAttack);
    s.tasks.push(Task::Refill {
        seat: battle.defender,
    });
    s.tasks.push(Task::Refill { seat: attacker });
}

/// CC-6.6 step 4: after the defender's refill, the attacker must go on (CC-5.5) — unless a
/// berserk battle took the creature out of play (CC-6.13 step 7).
pub(crate) fn chain_continue(s: &mut State) -> Option<Pending> {
    if s.chain.as_ref().is_some_and(|c| c.creature.is_some()) {
        Some(Pending::NextTarget { seat: s.active })
    } else {
        s.tasks.push(Task::EndAttack);
        None
    }
}

/// The attacking creature's cards, in F, M, B order (empty if it left play).
fn attacker_creature(s: &State) -> PlayCards {
    s.chain
        .as_ref()
        .and_then(|c| c.creature)
        .into_iter()
        .flat_map(|c| c.cards())
        .collect()
}

/// Empties the play area of the chain: the creature and the battle are gone.
fn clear_play_area(s: &mut State) {
    if let Some(chain) = s.chain.as_mut() {
        chain.creature = None;
        chain.battle = None;
    }
}

/// Cards face up to the discard pile, in order. The event's list is built only when an
/// event log wants it.
pub(crate) fn to_discard<L: EventLog<Event>>(s: &mut State, cards: &[CardId], log: &mut L) {
    if cards.is_empty() {
        return;
    }
    s.discard.extend(cards.iter().copied());
    log.emit(|| Event::ToDiscard {
        cards: cards.to_vec(),
    });
}
