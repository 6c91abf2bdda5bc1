//! Step 6 and §6: attacks (MJ-6.1), the block choice (MJ-6.2), unblocked damage (MJ-6.3),
//! battles (MJ-6.4), the combat window with attacker-first priority and its return
//! (MJ-6.5), resolution (MJ-6.7, MJ-6.8), the Uzumajin double effect and the end of an
//! attack (MJ-6.10).

use crate::cards::{CardId, CardType};
use crate::config::CombatWindow;
use crate::event::Event;
use crate::rules::effects::{deal_damage, destroy};
use crate::state::{
    other, Attack, BonusKind, ColourCheck, MajinId, Pending, State, Step, Task, Window, Zone,
};
use fuda_core::{EventLog, Seat};

/// Step 6: A chooses the next attack, or the step ends by itself when A has no untapped
/// majin in the battle zone (MJ-4.6).
pub(crate) fn attack_step<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let seat = s.active;
    s.step = Step::Attack;
    if attackers(s).next().is_some() {
        return Some(Pending::Attack { seat });
    }
    log.emit(|| Event::AttacksEnded { seat });
    s.tasks.push(Task::Advance);
    None
}

/// A's majins that may attack: untapped, in the battle zone (A7).
pub(crate) fn attackers(s: &State) -> impl Iterator<Item = MajinId> + '_ {
    s.majins(s.active)
        .iter()
        .filter(|m| !m.tapped && m.zone == Zone::Battle)
        .map(|m| m.id)
}

/// O's majins that may block: untapped, in the battle zone (MJ-A4; either zone under
/// `prepare_zone_can_block`). Blocking does not tap (MJ-A3).
pub(crate) fn blockers(s: &State) -> impl Iterator<Item = MajinId> + '_ {
    let any_zone = s.config().prepare_zone_can_block;
    s.majins(other(s.active))
        .iter()
        .filter(move |m| !m.tapped && (any_zone || m.zone == Zone::Battle))
        .map(|m| m.id)
}

/// A7 / MJ-6.1: the attacker is tapped and attacks O's MB.
pub(crate) fn declare_attack<L: EventLog<Event>>(s: &mut State, majin: MajinId, log: &mut L) {
    let seat = s.active;
    if let Some(m) = s.majin_mut(majin) {
        m.tapped = true;
    }
    s.attack = Some(Attack {
        attacker: majin,
        blocker: None,
        window: None,
    });
    log.emit(|| Event::AttackDeclared { seat, majin });
    s.tasks.push(Task::BlockStep);
}

/// MJ-6.2: ask O to block; with no eligible blocker the attack goes on unblocked
/// (MJ-5.1 allows skipping A11 then: the fact is public).
pub(crate) fn block_step<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    if blockers(s).next().is_some() {
        return Some(Pending::Block {
            seat: other(s.active),
        });
    }
    block(s, None, log);
    None
}

/// A10 / A11: the block decision. A block starts a battle and its combat window; an
/// unblocked attack opens a window only under `combat_window = EveryAttack`.
pub(crate) fn block<L: EventLog<Event>>(s: &mut State, blocker: Option<MajinId>, log: &mut L) {
    let seat = other(s.active);
    match blocker {
        Some(majin) => {
            if s.config().block_taps_blocker {
                if let Some(m) = s.majin_mut(majin) {
                    m.tapped = true;
                }
            }
            if let Some(a) = s.attack.as_mut() {
                a.blocker = Some(majin);
            }
            log.emit(|| Event::Blocked { seat, majin });
        }
        None => log.emit(|| Event::NotBlocked { seat }),
    }
    s.tasks.push(Task::EndAttack);
    s.tasks.push(Task::ResolveAttack);
    if blocker.is_some() || s.config().combat_window == CombatWindow::EveryAttack {
        let holder = s.active;
        if let Some(a) = s.attack.as_mut() {
            a.window = Some(Window {
                holder,
                used: [0, 0],
                passes: 0,
            });
        }
        s.tasks.push(Task::Window);
    }
}

/// MJ-6.7 / MJ-A20: a battler that no longer exists or has left the battle zone ends the
/// battle with no winner. (Under `prepare_zone_can_block` the blocker may be in either
/// zone; it then only has to exist.)
pub(crate) fn battle_broken(s: &State, a: &Attack) -> bool {
    let attacker_ok = s
        .majin(a.attacker)
        .is_some_and(|(_, m)| m.zone == Zone::Battle);
    let any_zone = s.config().prepare_zone_can_block;
    let blocker_ok = a.blocker.is_none_or(|b| {
        s.majin(b)
            .is_some_and(|(_, m)| any_zone || m.zone == Zone::Battle)
    });
    !(attacker_ok && blocker_ok)
}

/// Whether `seat` holds a combat card it may use now (colour requirement met).
pub(crate) fn has_usable_combat(s: &State, seat: Seat) -> bool {
    let mut colours = ColourCheck::new(s, seat);
    s.hand(seat)
        .iter()
        .any(|&c| combat_usable(s, &mut colours, c))
}

/// A12's card conditions: a combat card whose colour requirement its owner's field meets
/// (MJ-5.2).
pub(crate) fn combat_usable(s: &State, colours: &mut ColourCheck, card: CardId) -> bool {
    s.rules().card_type(card) == Some(CardType::Combat) && colours.met(card)
}

/// MJ-6.5: the next combat-window decision, or the window closes. A player who has used
/// their combat cards for this battle (or, under `auto_pass`, holds none usable) passes
/// without being asked; two passes in a row close the window. With one card each this is
/// exactly: attacker, defender, and the attacker again only if they passed and the
/// defender used a card.
pub(crate) fn window<L: EventLog<Event>>(s: &mut State, _log: &mut L) -> Option<Pending> {
    let a = s.attack?;
    let mut w = a.window?;
    if battle_broken(s, &a) {
        close_window(s);
        return None;
    }
    let limit = s.config().combat_cards_per_player;
    let auto_pass = s.config().auto_pass;
    // At most 2 automatic passes before the window closes or someone is asked.
    for _ in 0..3 {
        if w.passes >= 2 {
            close_window(s);
            return None;
        }
        let h = w.holder;
        let used = w.used[usize::from(h.0 >= 1)];
        if used >= limit || (auto_pass && !has_usable_combat(s, h)) {
            w.passes = w.passes.saturating_add(1);
            w.holder = other(h);
            continue;
        }
        if let Some(a) = s.attack.as_mut() {
            a.window = Some(w);
        }
        return Some(Pending::Combat { seat: h });
    }
    close_window(s);
    None
}

fn close_window(s: &mut State) {
    if let Some(a) = s.attack.as_mut() {
        a.window = None;
    }
}

/// A12: reveal the combat card, put it in the graveyard and resolve it at once; priority
/// moves to the other player.
pub(crate) fn use_combat<L: EventLog<Event>>(s: &mut State, seat: Seat, card: CardId, log: &mut L) {
    crate::rules::turn::discard_from_hand(s, seat, card);
    log.emit(|| Event::CombatUsed { seat, card });
    if let Some(w) = s.attack.as_mut().and_then(|a| a.window.as_mut()) {
        let i = usize::from(seat.0 >= 1);
        w.used[i] = w.used[i].saturating_add(1);
        w.passes = 0;
        w.holder = other(seat);
    }
    s.tasks.push(Task::Window);
    s.tasks.push(Task::Effect {
        card,
        pc: 0,
        this: None,
    });
}

/// A13: priority moves to the other player.
pub(crate) fn pass_priority<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    log.emit(|| Event::PriorityPassed { seat });
    if let Some(w) = s.attack.as_mut().and_then(|a| a.window.as_mut()) {
        w.passes = w.passes.saturating_add(1);
        w.holder = other(seat);
    }
    s.tasks.push(Task::Window);
}

/// MJ-6.3 (unblocked: n damage) or MJ-6.7 / MJ-6.8 (a battle: the loser loses k cards).
/// n and k are 2 when the attacker / winner is an Uzumajin at this moment (MJ-A14).
pub(crate) fn resolve_attack<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let a = s.attack?;
    let seat = s.active;
    let optional = s.config().uzumajin_bonus_optional;
    let Some(blocker) = a.blocker else {
        // Only under `EveryAttack` can the attacker be gone here; then nothing happens.
        let (_, m) = s
            .majin(a.attacker)
            .filter(|(_, m)| m.zone == Zone::Battle)?;
        if s.is_uzumajin(m) {
            if optional {
                return Some(Pending::UzumajinBonus {
                    seat,
                    kind: BonusKind::Damage,
                    loser: None,
                });
            }
            deal_damage(s, other(seat), 2, log);
        } else {
            deal_damage(s, other(seat), 1, log);
        }
        return None;
    };
    let powers = match (s.majin(a.attacker), s.majin(blocker)) {
        (Some((_, am)), Some((_, bm))) if !battle_broken(s, &a) => Some((s.power(am), s.power(bm))),
        _ => None,
    };
    let Some((pa, pb)) = powers else {
        log.emit(|| Event::BattleResolved {
            attacker: a.attacker,
            blocker,
            powers: None,
            winner: None,
        });
        return None;
    };
    // The larger power wins; a tie goes to the attacker.
    let (winner, winner_seat, loser) = if pa >= pb {
        (a.attacker, seat, blocker)
    } else {
        (blocker, other(seat), a.attacker)
    };
    log.emit(|| Event::BattleResolved {
        attacker: a.attacker,
        blocker,
        powers: Some((pa, pb)),
        winner: Some(winner_seat),
    });
    let uzumajin = s.majin(winner).is_some_and(|(_, m)| s.is_uzumajin(m));
    if uzumajin && optional {
        return Some(Pending::UzumajinBonus {
            seat: winner_seat,
            kind: BonusKind::Destroy,
            loser: Some(loser),
        });
    }
    destroy(s, loser, if uzumajin { 2 } else { 1 }, log);
    None
}

/// A15: the Uzumajin owner's answer.
pub(crate) fn bonus<L: EventLog<Event>>(s: &mut State, take_two: bool, log: &mut L) {
    let Pending::UzumajinBonus { seat, kind, loser } = s.pending else {
        return;
    };
    log.emit(|| Event::BonusChosen { seat, take_two });
    let n = if take_two { 2 } else { 1 };
    match (kind, loser) {
        (BonusKind::Damage, _) => deal_damage(s, other(s.active), n, log),
        (BonusKind::Destroy, Some(m)) => destroy(s, m, n, log),
        (BonusKind::Destroy, None) => {}
    }
}

/// MJ-6.10: "until end of battle" effects expire; A continues step 6.
pub(crate) fn end_attack(s: &mut State) -> Option<Pending> {
    for m in s.majins.all_mut() {
        m.battle_mod = 0;
    }
    s.attack = None;
    s.tasks.push(Task::AttackStep);
    None
}
