//! BERSERK! battles (CC-6.13): everyone who can build a creature fights at once and the
//! strongest becomes a Champion.

use crate::action::Creature;
use crate::cards::CardId;
use crate::config::BerserkTie;
use crate::event::{BerserkEntry, Event};
use crate::rules::battle::to_discard;
use crate::rules::end;
use crate::rules::turn::take_from_hand;
use crate::state::{BerserkBattle, Pending, State, Task, MAX_PLAYERS};
use fuda_core::{EventLog, Seat, SmallVec, TinyVec};

/// Step 2: who takes part, clockwise from the active player, and which of them is the
/// attacker fighting with the creature in play.
pub(crate) fn participants(s: &State) -> (TinyVec<[Seat; MAX_PLAYERS]>, Option<Seat>) {
    let n = s.num_players();
    let attacker_in_play = s.chain.as_ref().is_some_and(|c| c.creature.is_some());
    let mut participants = TinyVec::new();
    let mut attacker_entry = None;
    for seat in s.active.clockwise(n) {
        if attacker_in_play && seat == s.active {
            // The creature in play is the attacker's entry; it builds no other (CC-A15).
            attacker_entry = Some(seat);
            participants.push(seat);
        } else if s.rules().can_make_creature(s.hand(seat)) {
            participants.push(seat);
        }
    }
    (participants, attacker_entry)
}

/// Steps 2–3: who takes part; too few participants skip the battle (CC-A8). Beyond the
/// per-turn limit (CC-D2) the card is discarded unfought.
pub(crate) fn start<L: EventLog<Event>>(
    s: &mut State,
    card: CardId,
    log: &mut L,
) -> Option<Pending> {
    if s.berserks_this_turn >= s.config().berserk_battles_per_turn {
        s.revealed.retain(|c| *c != card);
        s.discard.put_top(card);
        log.emit(|| Event::BerserkLimitReached { card });
        return None;
    }
    s.berserks_this_turn = s.berserks_this_turn.saturating_add(1);
    let (participants, attacker_entry) = participants(s);
    let skipped = participants.len() < usize::from(s.config().berserk_min_participants);
    log.emit(|| Event::BerserkBattle {
        card,
        participants: participants.to_vec(),
        skipped,
    });
    if skipped || participants.is_empty() {
        finish(s, card, log);
        return None;
    }
    s.berserk = Some(BerserkBattle {
        card,
        participants,
        attacker_entry,
        commits: TinyVec::new(),
    });
    s.tasks.push(Task::BerserkCommitNext);
    None
}

/// Step 4: the next participant (clockwise from the active player) commits, or, when all
/// have, everything is revealed at once.
pub(crate) fn next_commit<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let b = s.berserk.as_ref()?;
    let next = b
        .participants
        .iter()
        .copied()
        .find(|&p| Some(p) != b.attacker_entry && !b.commits.iter().any(|(q, _)| *q == p));
    match next {
        Some(seat) => Some(Pending::BerserkCommit { seat }),
        None => {
            reveal(s, log);
            None
        }
    }
}

/// CC-5.11 `BerserkReveal`: a secret commitment; the cards stay in hand until the reveal.
pub(crate) fn commit<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    creature: Creature,
    log: &mut L,
) -> Option<Pending> {
    s.berserk.as_mut()?.commits.push((seat, creature));
    log.emit(|| Event::BerserkCommitted {
        seat,
        creature: Some(creature),
    });
    s.tasks.push(Task::BerserkCommitNext);
    None
}

/// Steps 4–6: reveal, Champion for the strictly highest (CC-A9 on a tie), discards, the
/// win check, then the BERSERK! card to discard and everyone refills.
fn reveal<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let Some(b) = s.berserk.take() else { return };
    let mut entries: SmallVec<[BerserkEntry; MAX_PLAYERS]> = SmallVec::new();
    for &seat in &b.participants {
        let creature = if Some(seat) == b.attacker_entry {
            s.chain.as_mut().and_then(|c| c.creature.take())
        } else {
            b.commits.iter().find(|(q, _)| *q == seat).map(|(_, c)| *c)
        };
        let Some(creature) = creature else { continue };
        if Some(seat) != b.attacker_entry {
            for c in creature.cards() {
                take_from_hand(s, seat, c);
            }
        }
        let power = s.rules().power(&creature);
        entries.push(BerserkEntry {
            seat,
            creature,
            power,
        });
    }
    let best = entries.iter().map(|e| e.power).max().unwrap_or(0);
    let top = entries.iter().filter(|e| e.power == best).count();
    let champion = |e: &BerserkEntry| {
        e.power == best
            && (top == 1 || s.config().berserk_tie == BerserkTie::AllTiedBecomeChampions)
    };
    let (champions, losers): (
        SmallVec<[BerserkEntry; MAX_PLAYERS]>,
        SmallVec<[BerserkEntry; MAX_PLAYERS]>,
    ) = entries.iter().cloned().partition(champion);
    log.emit(|| Event::BerserkRevealed {
        entries: entries.to_vec(),
    });
    for e in &champions {
        end::make_champion(s, e.seat, e.creature, log);
    }
    let discards: SmallVec<[CardId; 3 * MAX_PLAYERS]> =
        losers.iter().flat_map(|e| e.creature.cards()).collect();
    to_discard(s, &discards, log);
    end::check_win(s, log);
    if s.outcome.is_none() {
        finish(s, b.card, log);
    }
}

/// Step 6: the BERSERK! card to discard, then `refill_all` clockwise from the active player.
fn finish<L: EventLog<Event>>(s: &mut State, card: CardId, log: &mut L) {
    if let Some(i) = s.revealed.iter().position(|&c| c == card) {
        s.revealed.remove(i);
    }
    to_discard(s, &[card], log);
    let n = s.num_players();
    let order: SmallVec<[Seat; MAX_PLAYERS]> = s.active.clockwise(n).collect();
    for &seat in order.iter().rev() {
        s.tasks.push(Task::Refill { seat });
    }
}
