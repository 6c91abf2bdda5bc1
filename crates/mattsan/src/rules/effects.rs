//! Effects (§12(b)): frames, costs, target choices (MS-5.18), optional parts (MS-5.19),
//! and the interpretation of every primitive. Nothing here is written per card name.

use crate::cards::{
    Amount, CardDef, CardId, CardType, Cost, CountExpr, DiscardChooser, Effect, Selector, Side,
    Trigger, Who,
};
use crate::event::Event;
use crate::rules::battle;
use crate::rules::field::{
    self, face_up_unit, find, find_terrain, occupant, player, player_mut, queue, Pos, Positions,
    Seen,
};
use crate::state::{
    opp, Frame, FrameKind, Instr, Pending, State, Target, Task, TempMod, WindowKind,
};
use crate::zones::Place;
use fuda_core::{smallvec, EventLog, Seat};

/// Opens a frame for effect list `k` of `source`; `None` when the card has no such
/// effect or frames are exhausted.
pub(crate) fn push_frame(
    s: &mut State,
    controller: Seat,
    source: CardId,
    k: usize,
    kind: FrameKind,
) -> Option<u8> {
    let root = s.rules().root(source, k)?;
    let slots = s.rules().roots.get(usize::from(root))?.slots.len();
    if s.g.frames.len() >= 250 {
        return None;
    }
    s.g.frames.push(Frame {
        controller,
        source,
        root,
        kind,
        targets: (0..slots).map(|_| Target::Unchosen).collect(),
    });
    Some((s.g.frames.len() - 1) as u8)
}

pub(crate) fn frame(s: &State, f: u8) -> Option<&Frame> {
    s.g.frames.get(usize::from(f))
}

fn root_instr(s: &State, f: u8) -> Option<u16> {
    let root = frame(s, f)?.root;
    s.rules().roots.get(usize::from(root)).map(|r| r.instr)
}

/// Queues the tasks that resolve a frame's root after `extra` tasks.
pub(crate) fn push_exec_root(s: &mut State, f: u8) {
    if let Some(instr) = root_instr(s, f) {
        s.g.tasks.push(Task::Exec { frame: f, instr });
    }
}

/// The effect-list index of a unit's ability/special/super (see `CardDef::effect_lists`).
pub(crate) fn list_index(def: &CardDef, kind: FrameKind, index: usize) -> usize {
    match def {
        CardDef::Unit {
            abilities,
            specials,
            ..
        } => match kind {
            FrameKind::Special => abilities.len() + index,
            FrameKind::Super => abilities.len() + specials.len() + index,
            _ => index,
        },
        _ => 0,
    }
}

/// The costs of the card or move a frame resolves.
pub(crate) fn costs_of(s: &State, f: u8) -> &[Cost] {
    let Some(fr) = frame(s, f) else {
        return &[];
    };
    let rules = s.rules();
    let Some(def) = rules.def(fr.source) else {
        return &[];
    };
    let base = rules
        .def_id(fr.source)
        .and_then(|d| rules.root_base.get(d.index()).copied())
        .unwrap_or(0);
    let k = usize::from(fr.root.saturating_sub(base));
    match (def, fr.kind) {
        (CardDef::Trump { cost, .. }, _) => cost,
        (
            CardDef::Unit {
                abilities,
                specials,
                supers,
                ..
            },
            FrameKind::Special | FrameKind::Super,
        ) => {
            let k = k.saturating_sub(abilities.len());
            if k < specials.len() {
                &specials[k].cost
            } else {
                supers
                    .get(k - specials.len())
                    .map_or(&[], |m| m.cost.as_slice())
            }
        }
        _ => &[],
    }
}

/// Cards a `DiscardCost` list needs from hand.
pub(crate) fn discard_needed(costs: &[Cost]) -> usize {
    costs
        .iter()
        .map(|c| match c {
            Cost::DiscardCost(n) => usize::from(*n),
            Cost::SelfDamageCost(_) => 0,
        })
        .sum()
}

/// The positions a selector names for a frame (any occupant; callers filter).
pub(crate) fn select(s: &State, fr: &Frame, sel: Selector, slot: Option<u8>) -> Positions {
    let me = fr.controller;
    let bf = |seat: Seat| -> Positions {
        if occupant(s, (seat, 0)).is_some() {
            smallvec![(seat, 0)]
        } else {
            Positions::new()
        }
    };
    match sel {
        Selector::This => find(s, fr.source).into_iter().collect(),
        Selector::OnThisTerrain => find_terrain(s, fr.source)
            .filter(|&p| face_up_unit(s, p).is_some())
            .into_iter()
            .collect(),
        Selector::AllyBf => bf(me),
        Selector::EnemyBf => bf(opp(me)),
        Selector::BothBf => {
            let mut v = bf(me);
            v.extend(bf(opp(me)));
            v
        }
        Selector::Attacker => {
            s.g.attack
                .and_then(|a| find(s, a.attacker))
                .into_iter()
                .collect()
        }
        Selector::AttackTarget => {
            s.g.attack
                .and_then(|a| find(s, a.target))
                .into_iter()
                .collect()
        }
        Selector::ChooseAlly | Selector::ChooseEnemy | Selector::ChooseEnemyBenchCard => {
            match slot.and_then(|k| fr.targets.get(usize::from(k))) {
                Some(Target::Card(c)) => find(s, *c)
                    .filter(|p| choice_fits(s, me, sel, *p))
                    .into_iter()
                    .collect(),
                _ => Positions::new(),
            }
        }
    }
}

/// Whether a position is (still) a legal option of a choosing selector.
fn choice_fits(s: &State, me: Seat, sel: Selector, p: Pos) -> bool {
    match sel {
        Selector::ChooseAlly => p.0 == me && face_up_unit(s, p).is_some(),
        Selector::ChooseEnemy => p.0 == opp(me) && face_up_unit(s, p).is_some(),
        Selector::ChooseEnemyBenchCard => p.0 == opp(me) && p.1 > 0 && occupant(s, p).is_some(),
        _ => false,
    }
}

/// The options of a choosing selector, from the chooser's own view (MS-5.18), in slot
/// order.
pub(crate) fn choice_options(s: &State, me: Seat, sel: Selector) -> Positions {
    options(s, me, sel).collect()
}

/// Whether a choosing selector has an option ([`choice_options`] is not empty), found
/// without listing the others.
pub(crate) fn has_choice_option(s: &State, me: Seat, sel: Selector) -> bool {
    options(s, me, sel).next().is_some()
}

/// The positions fitting a choosing selector, in slot order. Each selector picks on one
/// side only ([`choice_fits`]), so only that field is looked at.
fn options(s: &State, me: Seat, sel: Selector) -> impl Iterator<Item = Pos> + '_ {
    let side = if sel == Selector::ChooseAlly {
        me
    } else {
        opp(me)
    };
    (0..player(s, side).field.len())
        .map(move |k| (side, k))
        .filter(move |&pos| choice_fits(s, me, sel, pos))
}

/// Evaluates an amount (MS-6.9, MS-6.10).
fn amount<L: EventLog<Event>>(s: &mut State, fr: &Frame, a: Amount, log: &mut L) -> u32 {
    match a {
        Amount::N(n) => u32::from(n),
        Amount::D(n) => field::roll(s, u32::from(n), log),
        Amount::DCount(expr) => {
            let n = match expr {
                CountExpr::FaceUpAllyUnits => field::face_up_units(s, fr.controller).len(),
                CountExpr::FaceUpEnemyUnits => field::face_up_units(s, opp(fr.controller)).len(),
                CountExpr::CardsInHand => player(s, fr.controller).hand().len(),
            };
            field::roll(s, n as u32, log)
        }
        Amount::AtkOf(sel) => select(s, fr, sel, None)
            .first()
            .map_or(0, |&p| field::stat(s, p, crate::cards::Stat::Atk) as u32),
    }
}

/// Resolves one task of an effect. Returns a decision when one is needed (the asking
/// task is then back on top of the stack).
pub(crate) fn exec<L: EventLog<Event>>(
    s: &mut State,
    f: u8,
    instr: u16,
    log: &mut L,
) -> Option<Pending> {
    let rules = s.rules.0.clone();
    let fr = frame(s, f)?.clone();
    match rules.program.get(usize::from(instr))? {
        Instr::Seq(children) => {
            for &c in children.iter().rev() {
                s.g.tasks.push(Task::Exec { frame: f, instr: c });
            }
            None
        }
        Instr::May { inner, top } => {
            if *top {
                s.g.tasks.push(Task::Settle {
                    controller: fr.controller,
                });
            }
            // MS-D2: an optional part is offered only when its first part can be done.
            if can_start(s, &fr, *inner) {
                s.g.tasks.push(Task::AskMay {
                    frame: f,
                    instr: *inner,
                });
            }
            None
        }
        Instr::If { cond, inner, top } => {
            if *top {
                s.g.tasks.push(Task::Settle {
                    controller: fr.controller,
                });
            }
            let src = find(s, fr.source);
            if field::condition(s, *cond, fr.controller, src) {
                s.g.tasks.push(Task::Exec {
                    frame: f,
                    instr: *inner,
                });
            }
            None
        }
        Instr::Prim { effect, slot, top } => {
            if let Some(k) = slot {
                if fr.targets.get(usize::from(*k)) == Some(&Target::Unchosen) {
                    s.g.tasks.push(Task::Exec { frame: f, instr });
                    s.g.tasks.push(Task::AskTarget { frame: f, slot: *k });
                    return None;
                }
            }
            // MS-4.8: the loop runs once the instruction is finished, so whatever the
            // primitive still asks (a discard, a swap) is answered before it.
            if *top {
                s.g.tasks.push(Task::Settle {
                    controller: fr.controller,
                });
            }
            primitive(s, &fr, f, effect, *slot, log);
            None
        }
    }
}

/// Whether the first part of instruction `instr` of a frame can be done now (MS-D2): a
/// discard needs that many cards in hand, a unit effect a unit to act on, a choice an
/// option, a swap a bench unit, an attack modifier a pending attack. A draw can always be
/// attempted.
pub(crate) fn can_start(s: &State, fr: &Frame, instr: u16) -> bool {
    let rules = s.rules();
    match rules.program.get(usize::from(instr)) {
        None => false,
        Some(Instr::Seq(children)) => children.first().is_some_and(|&c| can_start(s, fr, c)),
        Some(Instr::May { inner, .. }) => can_start(s, fr, *inner),
        Some(Instr::If { cond, inner, .. }) => {
            field::condition(s, *cond, fr.controller, find(s, fr.source))
                && can_start(s, fr, *inner)
        }
        Some(Instr::Prim { effect, slot, .. }) => {
            let me = fr.controller;
            let some_unit = |sel: Selector| {
                if sel.is_choice()
                    && slot.and_then(|k| fr.targets.get(usize::from(k))) == Some(&Target::Unchosen)
                {
                    has_choice_option(s, me, sel)
                } else {
                    select(s, fr, sel, *slot)
                        .into_iter()
                        .any(|p| face_up_unit(s, p).is_some())
                }
            };
            match effect {
                Effect::DealDamage { sel, .. }
                | Effect::Heal { sel, .. }
                | Effect::ReturnToHand { sel }
                | Effect::ModifyStat { sel, .. }
                | Effect::RemoveEx { sel } => some_unit(*sel),
                Effect::Destroy { sel } | Effect::Peek { sel } => {
                    if sel.is_choice()
                        && slot.and_then(|k| fr.targets.get(usize::from(k)))
                            == Some(&Target::Unchosen)
                    {
                        has_choice_option(s, me, *sel)
                    } else {
                        !select(s, fr, *sel, *slot).is_empty()
                    }
                }
                Effect::DiscardFromHand { who, n, .. } => {
                    let hand = player(s, who_seat(me, *who)).hand().len();
                    *n > 0 && hand >= usize::from(*n)
                }
                Effect::ForceSwap { side, .. } => {
                    let side = match side {
                        Side::Ally => me,
                        Side::Enemy => opp(me),
                    };
                    !field::bench_units(s, side).is_empty() && occupant(s, (side, 0)).is_some()
                }
                Effect::AttackDamageMod { .. } => s.g.attack.is_some(),
                Effect::NegateTrump => s.g.trump.is_some_and(|t| !t.negated),
                Effect::PerformAttack => {
                    s.g.attack.is_none()
                        && find(s, fr.source).is_some_and(|(seat, k)| k == 0 && seat == me)
                        && occupant(s, (opp(me), 0)).is_some()
                }
                Effect::Draw { .. }
                | Effect::BenchCapacity { .. }
                | Effect::May { .. }
                | Effect::If { .. } => true,
            }
        }
    }
}

/// Carries out one primitive (§12(b)); continuation tasks are pushed on the stack.
fn primitive<L: EventLog<Event>>(
    s: &mut State,
    fr: &Frame,
    f: u8,
    effect: &Effect,
    slot: Option<u8>,
    log: &mut L,
) {
    let me = fr.controller;
    let units = |s: &State, sel: Selector| -> Positions {
        select(s, fr, sel, slot)
            .into_iter()
            .filter(|&p| face_up_unit(s, p).is_some())
            .collect()
    };
    match effect {
        Effect::DealDamage { sel, amount: a } => {
            let targets = units(s, *sel);
            if targets.is_empty() {
                return;
            }
            let n = amount(s, fr, *a, log).min(u32::from(u16::MAX)) as u16;
            for p in targets {
                deal_damage(s, p, n, log);
            }
        }
        Effect::Heal { sel, amount: a } => {
            let targets = units(s, *sel);
            if targets.is_empty() {
                return;
            }
            let n = amount(s, fr, *a, log).min(u32::from(u16::MAX)) as u16;
            for p in targets {
                if let Some(o) = player_mut(s, p.0)
                    .field
                    .get_mut(p.1)
                    .and_then(|x| x.occupant.as_mut())
                {
                    let healed = n.min(o.damage);
                    o.damage -= healed;
                    let unit = o.card;
                    log.emit(|| Event::Healed {
                        unit,
                        amount: healed,
                    });
                }
            }
        }
        Effect::Destroy { sel } => {
            for p in select(s, fr, *sel, slot) {
                destroy(s, p, log);
            }
        }
        Effect::ReturnToHand { sel } => {
            for p in units(s, *sel) {
                if let Some(o) = field::take_occupant(s, p) {
                    let card = o.card;
                    // Everyone saw these cards go into the hand (issue 15, item 10).
                    for c in o.cards() {
                        field::put_in_hand(s, p.0, c);
                        player_mut(s, p.0).zones.mark_known(c);
                    }
                    log.emit(|| Event::ReturnedToHand { seat: p.0, card });
                }
            }
        }
        Effect::Draw { who, n } => {
            let seat = who_seat(me, *who);
            field::draw(s, seat, usize::from(*n), log);
        }
        Effect::DiscardFromHand { who, n, chooser } => {
            let seat = who_seat(me, *who);
            let k = usize::from(*n).min(player(s, seat).hand().len());
            match chooser {
                DiscardChooser::Owner => {
                    if k > 0 {
                        s.g.tasks.push(Task::AskHandDiscard {
                            seat,
                            remaining: k as u8,
                        });
                    }
                }
                // The opponent cannot see the hand: a blind pick is a random pick (R5).
                DiscardChooser::Random | DiscardChooser::Opponent => {
                    for _ in 0..k {
                        let hand = player(s, seat).hand();
                        let i = s.g.rng.below(hand.len());
                        if let Some(&card) = player(s, seat).hand().get(i) {
                            discard_from_hand(s, seat, card, log);
                        }
                    }
                }
            }
        }
        Effect::ModifyStat {
            sel, stat, delta, ..
        } => {
            for p in units(s, *sel) {
                if let Some(unit) = occupant(s, p).map(|o| o.card) {
                    s.g.temp_mods.push(TempMod {
                        unit,
                        stat: *stat,
                        delta: *delta,
                    });
                    let (stat, delta) = (*stat, *delta);
                    log.emit(|| Event::StatModified { unit, stat, delta });
                }
            }
        }
        Effect::AttackDamageMod { delta } => {
            if let Some(a) = s.g.attack.as_mut() {
                a.damage_mod = a.damage_mod.saturating_add(*delta);
                let delta = *delta;
                log.emit(|| Event::AttackModified { delta });
            }
        }
        Effect::NegateTrump => {
            if let Some(t) = s.g.trump.as_mut() {
                t.negated = true;
                let card = t.card;
                log.emit(|| Event::TrumpNegated { card });
            }
        }
        Effect::PerformAttack => {
            if let Some((seat, k)) = find(s, fr.source) {
                if k == 0 && s.g.attack.is_none() {
                    battle::declare_attack(s, seat, log);
                }
            }
        }
        Effect::ForceSwap { side, chooser } => {
            let side = match side {
                Side::Ally => me,
                Side::Enemy => opp(me),
            };
            let chooser = who_seat(me, *chooser);
            if !field::bench_units(s, side).is_empty() && occupant(s, (side, 0)).is_some() {
                s.g.tasks.push(Task::AskForceSwap {
                    frame: f,
                    side,
                    chooser,
                });
            }
        }
        Effect::RemoveEx { sel } => {
            for p in units(s, *sel) {
                if let Some(o) = player_mut(s, p.0)
                    .field
                    .get_mut(p.1)
                    .and_then(|x| x.occupant.as_mut())
                {
                    o.ex = 0;
                    let unit = o.card;
                    log.emit(|| Event::ExRemoved { unit });
                }
            }
        }
        Effect::Peek { sel } => {
            for p in select(s, fr, *sel, slot) {
                if let Some(o) = player_mut(s, p.0)
                    .field
                    .get_mut(p.1)
                    .and_then(|x| x.occupant.as_mut())
                {
                    if !o.face_up {
                        o.peeked.insert(me);
                        let card = o.card;
                        log.emit(|| Event::Peeked {
                            seat: me,
                            side: p.0,
                            bench: p.1.saturating_sub(1) as u8,
                            card: Some(card),
                        });
                    }
                }
            }
        }
        Effect::BenchCapacity { .. } | Effect::May { .. } | Effect::If { .. } => {}
    }
}

fn who_seat(me: Seat, who: Who) -> Seat {
    match who {
        Who::Me => me,
        Who::Opponent => opp(me),
    }
}

/// Adds damage counters to the unit at `p` and queues `DamageDealt`.
pub(crate) fn deal_damage<L: EventLog<Event>>(s: &mut State, p: Pos, n: u16, log: &mut L) {
    if let Some(o) = player_mut(s, p.0)
        .field
        .get_mut(p.1)
        .and_then(|x| x.occupant.as_mut())
    {
        o.damage = o.damage.saturating_add(n);
        let unit = o.card;
        log.emit(|| Event::Damaged { unit, amount: n });
        if n > 0 {
            queue(s, WindowKind::DamageDealt, p.0);
        }
    }
}

/// 破棄 (MS-6.5): to the discard pile, no soul draw; a battlefield is refilled later.
pub(crate) fn destroy<L: EventLog<Event>>(s: &mut State, p: Pos, log: &mut L) {
    if let Some(o) = field::take_occupant(s, p) {
        let card = o.card;
        to_discard(s, p.0, o.cards());
        log.emit(|| Event::Destroyed { seat: p.0, card });
        queue(s, WindowKind::UnitDestroyed, p.0);
    }
}

/// Cards go face-up onto `seat`'s discard pile, in order.
pub(crate) fn to_discard(s: &mut State, seat: Seat, cards: impl IntoIterator<Item = CardId>) {
    let p = player_mut(s, seat);
    for card in cards {
        p.zones.push(Place::Discard, card);
    }
}

/// A hand card goes face-up to its owner's discard pile.
pub(crate) fn discard_from_hand<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) {
    if field::move_from_hand(s, seat, card, Seen::Public, Some(Place::Discard)) {
        log.emit(|| Event::Discarded { seat, card });
    }
}

/// Queues the OnFaceUp abilities of a unit that just became face-up (MS-5.5, MS-A11).
pub(crate) fn on_face_up(s: &mut State, card: CardId) {
    if let Some(CardDef::Unit { abilities, .. }) = s.rules.0.clone().def(card) {
        for (k, a) in abilities.iter().enumerate().rev() {
            if a.trigger == Trigger::OnFaceUp {
                s.g.tasks.push(Task::StartAbility {
                    source: card,
                    index: k as u8,
                });
            }
        }
    }
}

/// Starts ability `index` of the unit `source` if it is still a face-up unit on the
/// field and its condition holds.
pub(crate) fn start_ability<L: EventLog<Event>>(
    s: &mut State,
    source: CardId,
    index: u8,
    log: &mut L,
) {
    let Some(pos) = find(s, source) else { return };
    if face_up_unit(s, pos).is_none() {
        return;
    }
    let rules = s.rules.0.clone();
    let Some(CardDef::Unit { abilities, .. }) = rules.def(source) else {
        return;
    };
    let Some(a) = abilities.get(usize::from(index)) else {
        return;
    };
    if let Some(c) = a.condition {
        if !field::condition(s, c, pos.0, Some(pos)) {
            return;
        }
    }
    let Some(f) = push_frame(s, pos.0, source, usize::from(index), FrameKind::Ability) else {
        return;
    };
    log.emit(|| Event::AbilityResolved {
        seat: pos.0,
        card: source,
    });
    s.g.tasks.push(Task::PopFrame);
    if a.optional {
        // MS-D2: an optional ability whose first part cannot be done is not offered.
        let fr = frame(s, f).cloned();
        let doable = match (fr, root_instr(s, f)) {
            (Some(fr), Some(root)) => can_start(s, &fr, root),
            _ => false,
        };
        if doable {
            s.g.tasks.push(Task::AskOptional { frame: f });
        }
    } else {
        push_exec_root(s, f);
    }
}

/// Pays cost `index` of a frame (MS-A33): discards are asked one card at a time;
/// self-damage is dealt at once and settled.
pub(crate) fn pay_cost<L: EventLog<Event>>(s: &mut State, f: u8, index: u8, log: &mut L) {
    let costs = costs_of(s, f);
    let Some(cost) = costs.get(usize::from(index)).copied() else {
        return;
    };
    let Some(fr) = frame(s, f).cloned() else {
        return;
    };
    s.g.tasks.push(Task::PayCost {
        frame: f,
        index: index + 1,
    });
    match cost {
        Cost::DiscardCost(n) => {
            if n > 0 {
                s.g.tasks.push(Task::AskDiscardCost {
                    frame: f,
                    remaining: n,
                });
            }
        }
        Cost::SelfDamageCost(n) => {
            let target = if fr.kind == FrameKind::Trump {
                Some((fr.controller, 0))
            } else {
                find(s, fr.source)
            };
            if let Some(p) = target.filter(|&p| face_up_unit(s, p).is_some()) {
                deal_damage(s, p, n, log);
            }
            s.g.tasks.push(Task::Settle {
                controller: fr.controller,
            });
        }
    }
}

/// The first unchosen target slot of a frame with options; slots without options are
/// marked `Nothing` (MS-5.18).
pub(crate) fn next_target_slot(s: &mut State, f: u8) -> Option<u8> {
    let rules = s.rules.0.clone();
    let fr = frame(s, f)?.clone();
    let slots = &rules.roots.get(usize::from(fr.root))?.slots;
    for (k, sel) in slots.iter().enumerate() {
        if fr.targets.get(k) != Some(&Target::Unchosen) {
            continue;
        }
        if !has_choice_option(s, fr.controller, *sel) {
            if let Some(t) =
                s.g.frames
                    .get_mut(usize::from(f))
                    .and_then(|x| x.targets.get_mut(k))
            {
                *t = Target::Nothing;
            }
            continue;
        }
        return Some(k as u8);
    }
    None
}

/// The selector of a frame's target slot.
pub(crate) fn slot_selector(s: &State, f: u8, slot: u8) -> Option<Selector> {
    let fr = frame(s, f)?;
    s.rules()
        .roots
        .get(usize::from(fr.root))?
        .slots
        .get(usize::from(slot))
        .copied()
}

/// Records the chosen target of a slot.
pub(crate) fn set_target(s: &mut State, f: u8, slot: u8, card: CardId) {
    if let Some(t) =
        s.g.frames
            .get_mut(usize::from(f))
            .and_then(|x| x.targets.get_mut(usize::from(slot)))
    {
        *t = Target::Card(card);
    }
}

/// The declaration window kind of a frame.
pub(crate) fn declared_kind(kind: FrameKind) -> Option<WindowKind> {
    match kind {
        FrameKind::Trump => Some(WindowKind::TrumpDeclared),
        FrameKind::Special => Some(WindowKind::SpecialDeclared),
        FrameKind::Super => Some(WindowKind::SuperSpecialDeclared),
        FrameKind::Terrain => Some(WindowKind::TerrainUsed),
        FrameKind::Ability | FrameKind::Trap => None,
    }
}

/// Whether a frame's effect still resolves: a negated trump, a move whose unit left the
/// field, or a terrain without a face-up unit does nothing further (MS-5.16, MS-6.14).
pub(crate) fn still_resolves(s: &State, f: u8) -> bool {
    let Some(fr) = frame(s, f) else { return false };
    match fr.kind {
        FrameKind::Trump => !s.g.trump.is_some_and(|t| t.negated),
        FrameKind::Special | FrameKind::Super | FrameKind::Ability => {
            find(s, fr.source).is_some_and(|p| face_up_unit(s, p).is_some())
        }
        FrameKind::Terrain => {
            find_terrain(s, fr.source).is_some_and(|p| face_up_unit(s, p).is_some())
        }
        FrameKind::Trap => true,
    }
}

/// A start-of-turn effect source (MS-4.3): a face-up unit's `OwnTurnStart` ability or a
/// `WhileOccupied` start terrain with a face-up unit, of the active player.
pub(crate) fn start_sources(
    s: &State,
    seat: Seat,
) -> fuda_core::TinyVec<[(CardId, u8); crate::state::START_PENDING]> {
    let rules = s.rules();
    let mut out = fuda_core::TinyVec::new();
    for (k, slot) in player(s, seat).field.iter().enumerate() {
        let up = face_up_unit(s, (seat, k)).is_some();
        if let Some(o) = slot.occupant.as_ref().filter(|_| up) {
            if let Some(CardDef::Unit { abilities, .. }) = rules.def(o.card) {
                for (i, a) in abilities.iter().enumerate() {
                    if a.trigger == Trigger::OwnTurnStart {
                        out.push((o.card, i as u8));
                    }
                }
            }
        }
        if let Some(t) = slot.terrain.filter(|_| up) {
            if let Some(CardDef::Terrain {
                use_:
                    crate::cards::TerrainUse::WhileOccupied {
                        trigger: crate::cards::OccupiedTrigger::OwnTurnStart,
                    },
                ..
            }) = rules.def(t.card)
            {
                out.push((t.card, 0));
            }
        }
    }
    out.sort_unstable();
    out
}

/// Whether a start-of-turn source is still valid (MS-5.3).
pub(crate) fn start_source_valid(s: &State, seat: Seat, card: CardId) -> bool {
    if s.rules().is(card, CardType::Terrain) {
        find_terrain(s, card).is_some_and(|p| p.0 == seat && face_up_unit(s, p).is_some())
    } else {
        find(s, card).is_some_and(|p| p.0 == seat && face_up_unit(s, p).is_some())
    }
}

/// Whether a start-of-turn effect is optional.
pub(crate) fn start_optional(s: &State, card: CardId, index: u8) -> bool {
    match s.rules().def(card) {
        Some(CardDef::Unit { abilities, .. }) => abilities
            .get(usize::from(index))
            .is_some_and(|a| a.optional),
        _ => false,
    }
}
