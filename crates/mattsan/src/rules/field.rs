//! The field: finding cards, effective stats (MS-6.1), HP (MS-6.3), bench capacity
//! (MS-3.7), drawing (MS-7.2) and moving cards between zones.

use crate::cards::{
    CardDef, CardId, CardType, Condition, Effect, OccupiedTrigger, Selector, Stat, TerrainUse,
    Trigger,
};
use crate::event::{Event, LossReason};
use crate::state::{
    opp, FieldCard, Player, State, WindowEvent, WindowKind, FIELD_SLOTS, FLAG_DECK_OUT, MAX_BENCH,
    ZONE_CARDS,
};
use crate::zones::Place;
use fuda_core::{EventLog, Seat, SmallVec};

/// Where a card is on the field: (owner, slot index).
pub(crate) type Pos = (Seat, usize);

/// Slot indexes of one field: a field has `FIELD_SLOTS` locations, so always inline.
pub(crate) type Slots = SmallVec<[usize; FIELD_SLOTS]>;

/// Positions on both fields: at most `2 × FIELD_SLOTS`, so always inline.
pub(crate) type Positions = SmallVec<[Pos; 2 * FIELD_SLOTS]>;

pub(crate) fn player(s: &State, seat: Seat) -> &Player {
    &s.g.players[seat.index() & 1]
}

pub(crate) fn player_mut(s: &mut State, seat: Seat) -> &mut Player {
    &mut s.g.players[seat.index() & 1]
}

/// The occupant at a position.
pub(crate) fn occupant(s: &State, pos: Pos) -> Option<&FieldCard> {
    player(s, pos.0)
        .field
        .get(pos.1)
        .and_then(|slot| slot.occupant.as_ref())
}

/// The occupant at a position, if it is a face-up unit.
pub(crate) fn face_up_unit(s: &State, pos: Pos) -> Option<&FieldCard> {
    occupant(s, pos).filter(|o| o.face_up && s.rules().is(o.card, CardType::Unit))
}

/// Where the occupant whose (top) card is `card` is.
pub(crate) fn find(s: &State, card: CardId) -> Option<Pos> {
    for seat in [Seat(0), Seat(1)] {
        for (k, slot) in player(s, seat).field.iter().enumerate() {
            if slot.occupant.as_ref().is_some_and(|o| o.card == card) {
                return Some((seat, k));
            }
        }
    }
    None
}

/// Where the terrain `card` is.
pub(crate) fn find_terrain(s: &State, card: CardId) -> Option<Pos> {
    for seat in [Seat(0), Seat(1)] {
        for (k, slot) in player(s, seat).field.iter().enumerate() {
            if slot.terrain.is_some_and(|t| t.card == card) {
                return Some((seat, k));
            }
        }
    }
    None
}

/// Whether a continuous selector of a source at `src` covers the unit at `target`.
fn covers(sel: Selector, src: Pos, target: Pos) -> bool {
    match sel {
        Selector::This | Selector::OnThisTerrain => src == target,
        Selector::AllyBf => target == (src.0, 0),
        Selector::EnemyBf => target == (opp(src.0), 0),
        Selector::BothBf => target.1 == 0,
        _ => false,
    }
}

/// Whether a unit ability with this trigger is on for a face-up unit in slot `k`.
fn continuous_on(trigger: Trigger, k: usize) -> bool {
    match trigger {
        Trigger::WhileFaceUpOnField => true,
        Trigger::WhileFaceUpOnBench => k > 0,
        Trigger::WhileOnBattlefield => k == 0,
        _ => false,
    }
}

/// Calls `f(source position, effect)` for every continuous effect that is on: abilities of
/// face-up units and `WhileOccupied` continuous terrains with a face-up unit (MS-6.14).
fn for_each_continuous(s: &State, f: impl FnMut(Pos, &Effect)) {
    for_each_continuous_from(s, &[Seat(0), Seat(1)], |_| true, f);
}

/// [`for_each_continuous`] for the sources on `seats`' fields whose card `source` accepts
/// (the others are skipped before their definitions are read).
fn for_each_continuous_from(
    s: &State,
    seats: &[Seat],
    source: impl Fn(CardId) -> bool,
    mut f: impl FnMut(Pos, &Effect),
) {
    let rules = s.rules();
    for &seat in seats {
        for (k, slot) in player(s, seat).field.iter().enumerate() {
            let Some(o) = slot.occupant.as_ref().filter(|o| o.face_up) else {
                continue;
            };
            let unit = if source(o.card) {
                rules.def(o.card)
            } else {
                None
            };
            if let Some(CardDef::Unit { abilities, .. }) = unit {
                for a in abilities {
                    if continuous_on(a.trigger, k)
                        && a.condition
                            .is_none_or(|c| condition(s, c, seat, Some((seat, k))))
                    {
                        a.effect.iter().for_each(|e| f((seat, k), e));
                    }
                }
            }
            if let Some(t) = slot.terrain.filter(|t| source(t.card)) {
                if let Some(CardDef::Terrain {
                    use_:
                        TerrainUse::WhileOccupied {
                            trigger: OccupiedTrigger::Continuous,
                        },
                    effect,
                    ..
                }) = rules.def(t.card)
                {
                    if rules.is(o.card, CardType::Unit) {
                        effect.iter().for_each(|e| f((seat, k), e));
                    }
                }
            }
        }
    }
}

/// The effective value of a stat of the unit at `pos` (MS-6.1): printed value plus
/// active modifiers, floor 0.
pub(crate) fn stat(s: &State, pos: Pos, which: Stat) -> i32 {
    let Some(o) = occupant(s, pos) else { return 0 };
    let printed = match s.rules().def(o.card) {
        Some(CardDef::Unit {
            max_hp, atk, def, ..
        }) => match which {
            Stat::Atk => i32::from(*atk),
            Stat::Def => i32::from(*def),
            Stat::MaxHp => i32::from(*max_hp),
        },
        _ => return 0,
    };
    let mut total = printed;
    for_each_continuous(s, |src, e| {
        if let Effect::ModifyStat {
            sel, stat, delta, ..
        } = e
        {
            if *stat == which && covers(*sel, src, pos) {
                total = total.saturating_add(i32::from(*delta));
            }
        }
    });
    for m in &s.g.temp_mods {
        if m.unit == o.card && m.stat == which {
            total = total.saturating_add(i32::from(m.delta));
        }
    }
    total.max(0)
}

/// HP left (MS-6.3): effective max HP minus damage.
pub(crate) fn hp_left(s: &State, pos: Pos) -> i32 {
    let damage = occupant(s, pos).map_or(0, |o| i32::from(o.damage));
    stat(s, pos, Stat::MaxHp).saturating_sub(damage)
}

/// HP left ([`hp_left`]) of every unit (face-up or face-down) on `seat`'s field, by slot;
/// `None` where no unit is. Equal to calling [`hp_left`] on each, with one pass over the
/// continuous effects instead of one per unit.
pub(crate) fn units_hp_left(s: &State, seat: Seat) -> [Option<i32>; FIELD_SLOTS] {
    let rules = s.rules();
    let mut out = [None; FIELD_SLOTS];
    for (k, slot) in player(s, seat).field.iter().enumerate().take(FIELD_SLOTS) {
        if let Some(o) = slot.occupant.as_ref() {
            if let Some(CardDef::Unit { max_hp, .. }) = rules.def(o.card) {
                out[k] = Some(i32::from(*max_hp));
            }
        }
    }
    if out.iter().all(Option::is_none) {
        return out;
    }
    for_each_continuous(s, |src, e| {
        if let Effect::ModifyStat {
            sel, stat, delta, ..
        } = e
        {
            if *stat == Stat::MaxHp {
                for (k, hp) in out.iter_mut().enumerate() {
                    if let Some(hp) = hp.as_mut().filter(|_| covers(*sel, src, (seat, k))) {
                        *hp = hp.saturating_add(i32::from(*delta));
                    }
                }
            }
        }
    });
    for (k, hp) in out.iter_mut().enumerate() {
        if let (Some(hp), Some(o)) = (hp.as_mut(), occupant(s, (seat, k))) {
            for m in &s.g.temp_mods {
                if m.unit == o.card && m.stat == Stat::MaxHp {
                    *hp = hp.saturating_add(i32::from(m.delta));
                }
            }
            *hp = (*hp).max(0).saturating_sub(i32::from(o.damage));
        }
    }
    out
}

/// Bench capacity (MS-3.7): base plus active modifiers, clamped to 0..=MAX_BENCH.
pub(crate) fn capacity(s: &State, seat: Seat) -> usize {
    let rules = s.rules();
    let mut cap = i32::from(s.config().base_bench_capacity);
    let source = |card| rules.changes_bench_capacity(card);
    for_each_continuous_from(s, &[seat], source, |_, e| {
        if let Effect::BenchCapacity { delta } = e {
            cap = cap.saturating_add(i32::from(*delta));
        }
    });
    cap.clamp(0, MAX_BENCH as i32) as usize
}

/// Occupied bench locations.
pub(crate) fn bench_occupied(s: &State, seat: Seat) -> usize {
    player(s, seat)
        .field
        .iter()
        .skip(1)
        .filter(|slot| slot.occupant.is_some())
        .count()
}

/// Bench slots holding a unit (face-up or face-down).
pub(crate) fn bench_units(s: &State, seat: Seat) -> Slots {
    let rules = s.rules();
    player(s, seat)
        .field
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, slot)| {
            slot.occupant
                .as_ref()
                .is_some_and(|o| rules.is(o.card, CardType::Unit))
        })
        .map(|(k, _)| k)
        .collect()
}

/// Slots of face-up units on a player's field (battlefield first).
pub(crate) fn face_up_units(s: &State, seat: Seat) -> Slots {
    (0..player(s, seat).field.len())
        .filter(|&k| face_up_unit(s, (seat, k)).is_some())
        .collect()
}

/// Whether a bench slot accepts a new occupant (MS-3.7); `cap` is [`capacity`].
pub(crate) fn can_place_on_bench(s: &State, seat: Seat, bench: u8, cap: usize) -> bool {
    let k = usize::from(bench) + 1;
    usize::from(bench) < cap
        && bench_occupied(s, seat) < cap
        && player(s, seat)
            .field
            .get(k)
            .is_some_and(|slot| slot.occupant.is_none())
}

/// Evaluates a condition for `controller`, with the source unit at `src`.
pub(crate) fn condition(s: &State, c: Condition, controller: Seat, src: Option<Pos>) -> bool {
    match c {
        Condition::Always => true,
        Condition::DamageOnThisAtLeast(n) => src
            .and_then(|p| occupant(s, p))
            .is_some_and(|o| o.damage >= n),
        Condition::HandAtLeast(n) => player(s, controller).hand().len() >= usize::from(n),
        Condition::AllyBfHpAtMost(n) => {
            player(s, controller).bf().is_some() && hp_left(s, (controller, 0)) <= i32::from(n)
        }
        Condition::EnemyBfHpAtMost(n) => {
            let e = opp(controller);
            player(s, e).bf().is_some() && hp_left(s, (e, 0)) <= i32::from(n)
        }
    }
}

/// Puts a card into a hand, keeping card-id order.
pub(crate) fn put_in_hand(s: &mut State, seat: Seat, card: CardId) {
    let p = player_mut(s, seat);
    let at = p.hand().partition_point(|&c| c < card);
    p.zones.insert(Place::Hand, at, card);
}

/// Whether every player sees which card leaves a hand.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seen {
    /// Face-up (played, discarded, placed face-up).
    Public,
    /// Face-down (soul-charged, placed face-down).
    Hidden,
}

impl Seen {
    pub(crate) fn of(face_up: bool) -> Seen {
        if face_up {
            Seen::Public
        } else {
            Seen::Hidden
        }
    }
}

/// Takes a card out of a hand; returns whether it was there. The public list of cards
/// known to be in that hand (issue 15, item 10) loses the card when everyone sees it go;
/// when a card leaves face-down, nobody can tell which one left, so the list is emptied.
pub(crate) fn take_from_hand(s: &mut State, seat: Seat, card: CardId, seen: Seen) -> bool {
    move_from_hand(s, seat, card, seen, None)
}

/// [`take_from_hand`], the card going on top of the player's `to` pile, if one is named, in
/// one move.
pub(crate) fn move_from_hand(
    s: &mut State,
    seat: Seat,
    card: CardId,
    seen: Seen,
    to: Option<Place>,
) -> bool {
    let p = player_mut(s, seat);
    match p.hand().binary_search(&card) {
        Ok(i) => {
            match to {
                Some(to) => p.zones.move_to(Place::Hand, i, to, usize::MAX),
                None => p.zones.remove(Place::Hand, i),
            };
            // A card seen leaving took its known mark along (the mark is the card's).
            if seen == Seen::Hidden {
                p.zones.forget_known();
            }
            true
        }
        Err(_) => false,
    }
}

/// Flags a player (MS-7.4) once per reason.
pub(crate) fn flag<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    bit: u8,
    reason: LossReason,
    log: &mut L,
) {
    let p = player_mut(s, seat);
    if p.flags & bit == 0 {
        p.flags |= bit;
        log.emit(|| Event::Flagged { seat, reason });
    }
}

/// Draws `n` cards one at a time (MS-7.2): an empty deck flags the player and stops the
/// draws; a flagged player draws no more (MS-7.4). The cards drawn are reported in one
/// event, in card-id order (the order of a hidden deck is nobody's knowledge).
pub(crate) fn draw<L: EventLog<Event>>(s: &mut State, seat: Seat, n: usize, log: &mut L) {
    // Inline: a draw takes at most the deck (copied into the event only when one is built).
    let mut drawn: SmallVec<[CardId; ZONE_CARDS]> = SmallVec::new();
    let mut out = false;
    for _ in 0..n {
        if player(s, seat).flags != 0 {
            break;
        }
        let p = player_mut(s, seat);
        let Some(&card) = p.deck().last() else {
            out = true;
            break;
        };
        // From the top of the deck to its place in the hand, in one move.
        let top = p.deck().len() - 1;
        let at = p.hand().partition_point(|&c| c < card);
        p.zones.move_to(Place::Deck, top, Place::Hand, at);
        drawn.push(card);
    }
    if !drawn.is_empty() {
        drawn.sort_unstable();
        let count = drawn.len();
        log.emit(|| Event::Drew {
            seat,
            count,
            cards: Some(drawn.to_vec()),
        });
    }
    if out {
        log.emit(|| Event::DeckOut { seat });
        flag(s, seat, FLAG_DECK_OUT, LossReason::DeckOut, log);
    }
}

/// Takes the occupant of a slot off the field: its counters and until-end-of-turn
/// modifiers go with it (MS-3.6).
pub(crate) fn take_occupant(s: &mut State, pos: Pos) -> Option<FieldCard> {
    let o = player_mut(s, pos.0)
        .field
        .get_mut(pos.1)
        .and_then(|slot| slot.occupant.take())?;
    s.g.temp_mods.retain(|m| m.unit != o.card);
    Some(o)
}

/// Queues a response-window event (MS-4.8 item 5).
pub(crate) fn queue(s: &mut State, kind: WindowKind, seat: Seat) {
    s.g.queued.push(WindowEvent { kind, seat });
}

/// Rolls `n` dice and sums them (MS-6.9; R4).
pub(crate) fn roll<L: EventLog<Event>>(s: &mut State, n: u32, log: &mut L) -> u32 {
    let sides = s.config().dice_sides;
    let total = if sides == 6 {
        s.g.rng.roll_d6(n)
    } else {
        (0..n).map(|_| u32::from(s.g.rng.roll_die(sides))).sum()
    };
    if s.g.rolls.len() < 64 {
        s.g.rolls.push((n, total));
    }
    log.emit(|| Event::DiceRolled { dice: n, total });
    total
}
