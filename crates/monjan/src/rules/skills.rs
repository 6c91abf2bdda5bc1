//! Skills (MC-6.11, MC-6.15, §12(b)) and battle cards (MC-6.9): the effects themselves.
//! Which uses are legal is decided in `legal.rs`.

use crate::action::{Choice, Col, Side, SkillFrom, Target, Unit};
use crate::cards::{Aux, BoardEffect, CardDef, CardId, Cost, Effect, HealCap, SkillSource, Timing};
use crate::event::{ChoiceName, DeckKind, Event};
use crate::rules::{draw, mana};
use crate::state::{DefCard, Defense, Phase, SlotCard, SlotKind, State, MAX_LIFE};
use fuda_core::{EventLog, Seat};

/// Rolls the d6 for a skill; `faces` empty means no roll (always works).
pub(crate) fn roll<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    faces: &[u8],
    log: &mut L,
) -> bool {
    if faces.is_empty() {
        return true;
    }
    let result = s.d.rng.roll_die(6);
    s.pm(seat).last_roll = Some(result);
    let success = faces.contains(&result);
    log.emit(|| Event::DieRolled {
        seat,
        result,
        success,
    });
    success
}

/// MC-6.8: heal an own live defense. `Printed` never goes above the printed life (but never
/// lowers a life already above it); `Sixteen` caps at 16.
pub(crate) fn heal<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    col: Col,
    n: u8,
    cap: HealCap,
    log: &mut L,
) {
    if let Defense::Live { printed, life, .. } = &mut s.pm(seat).col_mut(col).defense {
        let raised = life.saturating_add(n);
        *life = match cap {
            HealCap::Printed => (*life).max(raised.min(*printed)),
            HealCap::Sixteen => raised.min(MAX_LIFE),
        };
        let life = *life;
        log.emit(|| Event::Healed { seat, col, life });
    }
}

/// Destroys a card on `seat`'s field (Kill, guard): it goes to its discard pile.
pub(crate) fn destroy<L: EventLog<Event>>(s: &mut State, seat: Seat, unit: Unit, log: &mut L) {
    let p = s.pm(seat);
    let card = match unit {
        Unit::Slot(c) => p.col_mut(c).attack.take().map(|a| a.card),
        Unit::Extra => p.extra.take().map(|e| e.card),
        Unit::OneTurn(i) => {
            let i = usize::from(i);
            (i < p.one_turn.len()).then(|| p.one_turn.remove(i).card)
        }
        Unit::Resurrected(i) => {
            let i = usize::from(i);
            (i < p.resurrected.len()).then(|| p.resurrected.remove(i))
        }
    };
    if let Some(card) = card {
        draw::discard(s, seat, card, log);
        log.emit(|| Event::Destroyed { seat, card });
    }
}

/// Destroys the card `card` wherever it is on `seat`'s field.
pub(crate) fn destroy_card<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) {
    if let Some(u) = s.p(seat).locate(card) {
        destroy(s, seat, u, log);
    }
}

fn add_attack(s: &mut State, target: Target, n: u8) {
    if let (Some(b), Target::Attack(i)) = (s.d.battle.as_mut(), target) {
        if let Some(a) = b.attacks.get_mut(usize::from(i)) {
            a.bonus = a.bonus.saturating_add(n);
        }
    }
}

fn kill<L: EventLog<Event>>(s: &mut State, target: Target, log: &mut L) {
    if let Target::Card { seat, unit } = target {
        destroy(s, seat, unit, log);
    }
}

/// Applies one effect of the vocabulary for `seat`.
fn apply_effect<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    source: Option<CardId>,
    effect: &Effect,
    target: Target,
    log: &mut L,
) {
    match effect {
        Effect::AddAttack(n) => add_attack(s, target, *n),
        Effect::Heal { n, cap } => {
            if let Target::Col(c) = target {
                heal(s, seat, c, *n, *cap, log);
            }
        }
        Effect::Kill => kill(s, target, log),
        Effect::DrawMain(n) => draw::draw(s, seat, DeckKind::Main, *n, log),
        Effect::DrawEt(n) => draw::draw(s, seat, DeckKind::Et, *n, log),
        Effect::ReviveDefense(life) => {
            if let Target::Col(c) = target {
                let life = (*life).clamp(1, MAX_LIFE);
                s.pm(seat).col_mut(c).defense = Defense::Live {
                    card: DefCard::Revived,
                    printed: life,
                    life,
                };
                log.emit(|| Event::Healed { seat, col: c, life });
            }
        }
        Effect::SummonSelf => {
            if let (Target::Col(c), Some(card)) = (target, source) {
                let p = s.pm(seat);
                p.remove_from_hand(card);
                p.col_mut(c).attack = Some(SlotCard {
                    card,
                    kind: SlotKind::Toughness,
                    face_down: false,
                });
                p.uses.toughness = true;
                p.uses.placements = p.uses.placements.saturating_add(1);
            }
        }
        Effect::Chance { faces, then } => {
            if roll(s, seat, faces, log) {
                apply_effect(s, seat, source, then, target, log);
            }
        }
    }
}

/// Marks the turn's edit or battle skill used.
fn use_up(s: &mut State, seat: Seat, timing: Timing) {
    let u = &mut s.pm(seat).uses;
    match timing {
        Timing::Edit => u.edit_skill = true,
        Timing::Battle => u.battle_skill = true,
    }
}

/// MC-6.15: a voluntary board skill (Tea Party, Recycling Activity, Laser, Gravity Field,
/// One-Night Castle).
pub(crate) fn use_board_skill<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    side: Side,
    target: Target,
    log: &mut L,
) {
    // The shared rules (an `Arc`: no copy), so the skill can be read while the state changes.
    let rules = s.rules.clone();
    let Some(b) = s.p(seat).board else {
        return;
    };
    let Some(board) = rules.0.board(b) else {
        return;
    };
    let skill = match side {
        Side::Left => &board.left,
        Side::Right => &board.right,
    };
    use_up(s, seat, skill.effect.timing());
    s.pm(seat).count_board_use(side);
    let name = rules
        .0
        .skill_names
        .get(usize::from(b))
        .map(|n| &n[side.index()]);
    log.emit(|| Event::Acted {
        seat,
        choice: match name {
            Some(n) => ChoiceName::Shared(n.clone()),
            None => skill.name.clone().into(),
        },
        card: None,
        col: None,
        secret: false,
    });
    match skill.effect {
        BoardEffect::SalvageBattleCard => {
            if let Target::Salvage { give, take } = target {
                if draw::take_from_main_discard(s, seat, take) {
                    let p = s.pm(seat);
                    p.remove_from_hand(give);
                    p.add_to_hand(take);
                    p.known.push(take);
                    p.known.sort_unstable();
                    draw::discard(s, seat, give, log);
                }
            }
        }
        BoardEffect::ExtendOneTurnSummon => {
            if roll(s, seat, &skill.chance, log) {
                let p = s.pm(seat);
                if let Some(a) = p.uses.assassin {
                    if let Some(o) = p.one_turn.iter_mut().find(|o| o.card == a) {
                        o.stays = true;
                        o.extended = true;
                    }
                }
            }
        }
        BoardEffect::Heal { n } => {
            if roll(s, seat, &skill.chance, log) {
                if let Target::Col(c) = target {
                    heal(s, seat, c, n, HealCap::Printed, log);
                }
            }
        }
        BoardEffect::DrawMain { n } => {
            if roll(s, seat, &skill.chance, log) {
                draw::draw(s, seat, DeckKind::Main, n, log);
            }
        }
        BoardEffect::NullifyAttack => {
            if roll(s, seat, &skill.chance, log) {
                if let (Some(b), Target::Attack(i)) = (s.d.battle.as_mut(), target) {
                    if let Some(a) = b.attacks.get_mut(usize::from(i)) {
                        a.nullified = true;
                    }
                }
            }
        }
        // Triggered skills have their own decisions (MC-5.15–5.17).
        BoardEffect::Resurrect { .. }
        | BoardEffect::RedirectAllToOne
        | BoardEffect::ReflectHalf => {}
    }
}

/// The card a skill is used from.
pub(crate) fn source_card(s: &State, seat: Seat, from: SkillFrom) -> Option<CardId> {
    let p = s.p(seat);
    match from {
        SkillFrom::Extra => p.extra.as_ref().map(|e| e.card),
        SkillFrom::Slot(c) => p
            .col(c)
            .attack
            .filter(|a| a.kind == SlotKind::Toughness)
            .map(|a| a.card),
        SkillFrom::Hand(c) => p.hand.contains(&c).then_some(c),
    }
}

/// MC-6.11: an Extra or Toughness skill (a checked `Choice::UseSkill`).
pub(crate) fn use_skill<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    choice: &Choice,
    log: &mut L,
) {
    let Choice::UseSkill {
        from,
        skill: index,
        target,
        pay,
        discard,
    } = choice
    else {
        return;
    };
    let (from, index, target, pay) = (*from, *index, *target, *pay);
    let Some(card) = source_card(s, seat, from) else {
        return;
    };
    let Some(info) = s.rules().info(card).copied() else {
        return;
    };
    // The shared rules (an `Arc`: no copy), so the skill can be read while the state changes.
    let rules = s.rules.clone();
    let Some(skill) = rules
        .0
        .cards
        .def(card)
        .and_then(|d| d.skills().get(usize::from(index)))
    else {
        return;
    };
    match skill.cost {
        Cost::ManaCost(_) => mana::pay(s, seat, pay, false),
        Cost::DiscardAnyMana(_) if !discard.is_empty() => mana::discard_at(s, seat, discard),
        Cost::DiscardAnyMana(_) => mana::discard_any(s, seat, pay),
        Cost::None => {}
    }
    use_up(s, seat, skill.timing);
    let p = s.pm(seat);
    match p
        .skill_uses
        .iter_mut()
        .find(|u| u.0 == info.def && u.1 == index)
    {
        Some(u) => u.2 = u.2.saturating_add(1),
        None => p.skill_uses.push((info.def, index, 1)),
    }
    // Revealed on use (MC-6.12 (5)).
    match from {
        SkillFrom::Extra => {
            if let Some(e) = p.extra.as_mut() {
                e.face_down = false;
            }
        }
        SkillFrom::Slot(c) => {
            if let Some(a) = p.col_mut(c).attack.as_mut() {
                a.face_down = false;
            }
        }
        SkillFrom::Hand(_) => {}
    }
    log.emit(|| Event::Acted {
        seat,
        choice: "use_skill".into(),
        card: Some(card),
        col: None,
        secret: false,
    });
    apply_effect(s, seat, Some(card), &skill.effect, target, log);
    if skill.source == SkillSource::Magic && s.p(seat).remove_from_hand_check(card) {
        s.pm(seat).remove_from_hand(card);
        draw::discard(s, seat, card, log);
    }
}

/// MC-6.9: a battle card from hand.
pub(crate) fn play_battle_card<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    target: Target,
    log: &mut L,
) {
    let aux = match s.cards().def(card) {
        Some(CardDef::Battle { aux, .. }) => *aux,
        _ => return,
    };
    s.pm(seat).remove_from_hand(card);
    draw::discard(s, seat, card, log);
    if s.config().battle_cards_count_as_battle_skill {
        use_up(s, seat, Timing::Battle);
    }
    log.emit(|| Event::Acted {
        seat,
        choice: "play_battle_card".into(),
        card: Some(card),
        col: None,
        secret: false,
    });
    match (aux, target) {
        (Aux::Plus(n), Target::Attack(_)) => add_attack(s, target, n),
        (Aux::Plus(n), Target::Col(c)) => heal(s, seat, c, n, HealCap::Printed, log),
        (Aux::Kill, _) => kill(s, target, log),
        _ => {}
    }
    debug_assert_eq!(s.d.phase, Phase::Battle);
}

impl crate::state::Player {
    /// Whether the card is in hand.
    pub(crate) fn remove_from_hand_check(&self, card: CardId) -> bool {
        self.hand.contains(&card)
    }
}
