//! Setup (MS-3.9 to MS-3.14): shuffle, opening hands, the mulligan, the first-player
//! dice and the secret simultaneous placement.

use crate::cards::{CardId, CardType, DefId};
use crate::config::{CardSetChoice, Config, FirstPlayerMethod};
use crate::error::Error;
use crate::event::{Event, LossReason};
use crate::rules::field::{self, player, player_mut};
use crate::rules::resolution;
use crate::state::{
    FieldCard, Pending, Player, Rules, RulesRef, SetupDraft, State, Step, Task, WindowKind,
    FLAG_SETUP, MAX_BENCH, MAX_DECK_SIZE,
};
use crate::zones::{Place, Zones};
use fuda_core::{
    EventLog, GameRng, KeptRules, LastBuilt, NoEvents, Seat, SeatSet, Shared, SmallVec, TinyVec,
};
use std::cell::RefCell;

/// A new game from a configuration and a seed.
pub(crate) fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    new_game_with_rng(config, GameRng::from_seed(seed))
}

/// A new game whose randomness comes from `rng` (scenarios force dice this way).
pub(crate) fn new_game_with_rng(config: &Config, rng: GameRng) -> Result<State, Error> {
    let rules = shared_rules(config)?;
    let mut rng = rng;
    let mut players = [Player::new(), Player::new()];
    for (i, p) in players.iter_mut().enumerate() {
        let ids = deck_ids(&rules, Seat(i as u8), &rules.decks[i], &mut rng);
        // A deck holds `deck_size` cards, which the configuration keeps within the block.
        p.zones = Zones::from_lists(&ids, &[], &[], &[]).ok_or_else(|| {
            Error::config(
                "deck_size",
                format!("a deck holds at most {MAX_DECK_SIZE} cards"),
            )
        })?;
    }
    let mut s = State {
        rules: RulesRef(rules),
        g: crate::state::Board {
            rng,
            step: Step::Setup,
            turn: 0,
            active: Seat(0),
            first_player: None,
            first_rolls: TinyVec::new(),
            players,
            in_use: TinyVec::new(),
            attack: None,
            trump: None,
            frames: SmallVec::new(),
            temp_mods: TinyVec::new(),
            start_pending: TinyVec::new(),
            queued: TinyVec::new(),
            rolls: TinyVec::new(),
            tasks: TinyVec::new(),
            pending: Pending::GameOver,
            outcome: None,
            actions: 0,
        },
    };
    setup(&mut s, &mut NoEvents);
    Ok(s)
}

/// The ids of a seat's cards (MS-D6): for each card of the list, that many of its copies
/// in the seat's grid, chosen at random, so the copy an id names tells nobody how many
/// copies the deck holds. In increasing id order.
pub(crate) fn deck_ids(
    rules: &Rules,
    seat: Seat,
    defs: &[DefId],
    rng: &mut GameRng,
) -> Vec<CardId> {
    let mut counts = vec![0usize; rules.cards.len()];
    for d in defs {
        if let Some(n) = counts.get_mut(d.index()) {
            *n += 1;
        }
    }
    let mut ids = Vec::with_capacity(defs.len());
    for (i, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let mut block: Vec<u16> = rules.copies(seat, DefId(i as u16)).collect();
        let n = n.min(block.len());
        for k in 0..n {
            let j = k + rng.stream_below(block.len() - k);
            block.swap(k, j);
        }
        ids.extend(block[..n].iter().map(|&c| CardId(c)));
    }
    ids.sort_unstable();
    ids
}

fn has_unit(s: &State, seat: Seat) -> bool {
    player(s, seat)
        .hand()
        .iter()
        .any(|&c| s.rules().is(c, CardType::Unit))
}

/// Shuffles `seat`'s deck with the game's generator (R1).
fn shuffle_deck(s: &mut State, seat: Seat) {
    let g = &mut s.g;
    g.rng
        .shuffle(g.players[seat.index() & 1].zones.get_mut(Place::Deck));
}

/// MS-3.9 to MS-3.12, then the placement decision.
pub(crate) fn setup<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    // R1: seat 0's deck, then seat 1's.
    for seat in [Seat(0), Seat(1)] {
        shuffle_deck(s, seat);
    }
    let hand = usize::from(s.config().opening_hand);
    for seat in [Seat(0), Seat(1)] {
        field::draw(s, seat, hand, log);
    }
    mulligan_and_first_player(s, log);
}

/// MS-3.11 and MS-3.12 with the opening hands dealt: the mulligans, their loss check, the
/// first-player dice, then the placement decision.
pub(crate) fn mulligan_and_first_player<L: EventLog<Event>>(s: &mut State, log: &mut L) {
    let hand = usize::from(s.config().opening_hand);
    // MS-3.11: mulligans in seat order; losses only after both.
    for seat in [Seat(0), Seat(1)] {
        if has_unit(s, seat) {
            continue;
        }
        if s.config().mulligan_on_no_unit {
            let cards = player_mut(s, seat).zones.take(Place::Hand);
            log.emit(|| Event::Mulligan {
                seat,
                revealed: cards.iter().map(|&c| s.card_name(c).to_string()).collect(),
            });
            let p = player_mut(s, seat);
            p.mulligan_reveal = cards.iter().copied().collect();
            for card in cards {
                p.zones.push(Place::Deck, card);
            }
            shuffle_deck(s, seat);
            field::draw(s, seat, hand, log);
        }
        if !has_unit(s, seat) {
            field::flag(s, seat, FLAG_SETUP, LossReason::NoUnitAfterMulligan, log);
        }
    }
    resolution::decide(s, log);
    if s.g.outcome.is_some() {
        return;
    }
    // MS-3.12: the first player.
    let first = match s.config().first_player_method {
        FirstPlayerMethod::Fixed(seat) => seat,
        FirstPlayerMethod::DiceHigherRerollTies => {
            let sides = s.config().dice_sides;
            let mut winner = Seat(0);
            // Ties reroll; the bound only guards a pathological forced-dice queue.
            for _ in 0..1000 {
                let r = [s.g.rng.roll_die(sides), s.g.rng.roll_die(sides)];
                s.g.first_rolls.push(r);
                log.emit(|| Event::FirstPlayerRoll { rolls: r });
                if r[0] != r[1] {
                    winner = if r[0] > r[1] { Seat(0) } else { Seat(1) };
                    break;
                }
            }
            winner
        }
    };
    s.g.first_player = Some(first);
    s.g.active = first;
    log.emit(|| Event::FirstPlayer { seat: first });
    for p in &mut s.g.players {
        p.setup = Some(SetupDraft::default());
    }
    s.g.pending = Pending::Placement {
        waiting: SeatSet::all(2),
    };
}

fn draft(s: &mut State, seat: Seat) -> Option<&mut SetupDraft> {
    player_mut(s, seat).setup.as_mut()
}

/// MS-5.1: a unit face-down on the battlefield (secret).
pub(crate) fn place_battlefield<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) {
    if field::take_from_hand(s, seat, card, field::Seen::Hidden) {
        if let Some(d) = draft(s, seat) {
            d.battlefield = Some(card);
        }
        log.emit(|| Event::SetupPlaced {
            seat,
            card,
            loc: crate::state::Loc::Battlefield,
        });
    }
}

/// MS-5.1: a unit or trap face-down on a bench location (secret).
pub(crate) fn place_bench<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    bench: u8,
    log: &mut L,
) {
    if field::take_from_hand(s, seat, card, field::Seen::Hidden) {
        if let Some(d) = draft(s, seat) {
            d.bench.push((bench, card));
        }
        log.emit(|| Event::SetupPlaced {
            seat,
            card,
            loc: crate::state::Loc::Bench(bench),
        });
    }
}

/// MS-5.1 commit; when both have committed, MS-3.14 reveal and turn 1.
pub(crate) fn commit<L: EventLog<Event>>(s: &mut State, seat: Seat, log: &mut L) {
    if let Some(d) = draft(s, seat) {
        d.committed = true;
    }
    log.emit(|| Event::SetupCommitted { seat });
    let waiting: SeatSet = [Seat(0), Seat(1)]
        .into_iter()
        .filter(|&p| !player(s, p).setup.as_ref().is_some_and(|d| d.committed))
        .collect();
    if !waiting.is_empty() {
        s.g.pending = Pending::Placement { waiting };
        return;
    }
    // MS-3.14: both battlefield units turn face-up at once; no OnFaceUp trigger.
    let mut bf = [CardId(0); 2];
    // Inline (a setup bench holds at most `MAX_BENCH` cards); copied into the event only
    // when one is built.
    let mut bench: [SmallVec<[u8; MAX_BENCH]>; 2] = Default::default();
    for seat in [Seat(0), Seat(1)] {
        let d = player_mut(s, seat).setup.take().unwrap_or_default();
        if let Some(c) = d.battlefield {
            bf[seat.index()] = c;
            player_mut(s, seat).field[0].occupant = Some(FieldCard::new(c, true, 0));
        }
        for (b, c) in d.bench {
            if let Some(slot) = player_mut(s, seat).field.get_mut(usize::from(b) + 1) {
                slot.occupant = Some(FieldCard::new(c, false, 0));
                bench[seat.index()].push(b);
            }
        }
        bench[seat.index()].sort_unstable();
    }
    log.emit(|| Event::SetupRevealed {
        battlefield: bf,
        bench: bench.map(|b| b.to_vec()),
    });
    s.g.step = Step::TurnStart;
    s.g.tasks.push(Task::BeginTurn);
    let _ = WindowKind::TurnStarted;
}

/// The rules of the built-in card set's first configurations, kept for the process.
static KEPT: KeptRules<Config, Rules> = KeptRules::new();

thread_local! {
    /// The rules of the last configuration a game started with on this thread.
    static RULES: RefCell<LastBuilt<Config, Shared<Rules>>> = const { RefCell::new(LastBuilt::new()) };
}

/// The rules of `config`, shared by its games (issue 14): building them copies the card
/// set, which cost more than a whole random playout, and a state clone copies a reference
/// to kept rules where it counted an `Arc`. Only the built-in card set's rules are kept:
/// a custom set may be large.
pub(crate) fn shared_rules(config: &Config) -> Result<Shared<Rules>, Error> {
    KEPT.get_or_try_build_in(
        &RULES,
        config,
        config.card_set == CardSetChoice::Sample,
        Rules::new,
    )
}
