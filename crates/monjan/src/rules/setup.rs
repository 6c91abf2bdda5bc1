//! Setup (MC-3.10): boards, rock-paper-scissors order, initial-equipment picks, decks,
//! the deal and redeals.

use crate::cards::{CardClass, CardId};
use crate::config::{BoardAssignment, Config, DeckEtSelection, PickMode};
use crate::error::Error;
use crate::event::{DeckKind, Event};
use crate::rules::run;
use crate::state::{
    Cards, Pending, Phase, Player, Players, Rules, RulesRef, Seats, Spare, State, StateCore, Task,
    DEAL, ET_INLINE, SEATS_INLINE,
};
use fuda_core::{
    EventLog, GameRng, KeptRules, LastBuilt, NoEvents, Pile, Seat, SeatSet, Shared, SmallVec,
    TinyVec,
};
use std::cell::RefCell;

/// A new game: MC-3.10 steps (1)–(3); the rest follows once boards and picks are made.
pub(crate) fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
    Ok(new_game_with(
        shared_rules(config)?,
        GameRng::from_seed(seed),
    ))
}

/// A new game from validated rules and a generator (which may hold forced outcomes).
///
/// Boards and the rock-paper-scissors order are drawn as picks, one seat at a time among
/// the boards (in set order) or the seats (in seat order) left, so a forced pick reads
/// plainly: `{"pick": 1}` gives the next seat the second board left.
pub(crate) fn new_game_with(rules: Shared<Rules>, mut rng: GameRng) -> State {
    let config = rules.config.clone();
    let config = &config;
    let n = rules.n;
    let mut players: Players = (0..n).map(|_| Player::new()).collect();
    let nb = rules.cards.boards().len();
    match &config.board_assignment {
        BoardAssignment::Random => {
            let mut boards: Vec<u8> = (0..nb as u8).collect();
            for p in players.iter_mut() {
                let i = rng.below(boards.len());
                p.board = Some(boards.remove(i));
            }
        }
        BoardAssignment::Fixed(ids) => {
            for (p, id) in players.iter_mut().zip(ids) {
                p.board = rules.cards.board_index(id);
            }
        }
        BoardAssignment::Draft => {}
    }
    let picks = config.match_format.picks();
    let draft_boards = config.board_assignment == BoardAssignment::Draft;
    let mut rps: Seats = (0..n as u8).map(Seat).collect();
    if picks > 0 || draft_boards {
        // Rock-paper-scissors: the winner among those left takes the next place.
        let mut left = std::mem::take(&mut rps);
        while !left.is_empty() {
            let i = rng.below(left.len());
            rps.push(left.remove(i));
        }
    }
    let et = rules.et.clone();
    let mut unused: Cards<ET_INLINE> = rules
        .cards
        .ids()
        .filter(|c| rules.class(*c).is_some_and(CardClass::is_et) && !et.contains(c))
        .collect();
    let mut pool: Cards<ET_INLINE> = TinyVec::new();
    if picks > 0 {
        for c in &et {
            if rules.info(*c).is_some_and(|i| i.initial_equipment) {
                pool.push(*c);
            } else {
                unused.push(*c);
            }
        }
        if config.pick_mode == PickMode::Random {
            rng.shuffle(&mut pool);
        }
    } else {
        unused.extend(et.iter().copied());
    }
    unused.sort_unstable();
    let main: Vec<CardId> = rules
        .cards
        .ids()
        .filter(|c| rules.class(*c).is_some_and(CardClass::is_monjan))
        .collect();
    let boss: Vec<CardId> = rules
        .cards
        .ids()
        .filter(|c| rules.class(*c) == Some(CardClass::BossAssa))
        .collect();
    let mut s = State {
        rules: RulesRef(rules),
        d: StateCore {
            rng,
            phase: Phase::Setup,
            round: 0,
            players,
            main_deck: Pile::from_slice(&main),
            main_discard: TinyVec::new(),
            boss_deck: Pile::from_slice(&boss),
            boss_discard: TinyVec::new(),
            et_deck: Pile::new(),
            et_discard: TinyVec::new(),
            pool,
            unused,
            rps,
            setup_step: 0,
            edit_set: SeatSet::EMPTY,
            seq_order: Seats::new(),
            seq_index: 0,
            last_order: Seats::new(),
            frozen: None,
            spare: Spare::ready(),
            withheld: SmallVec::new(),
            battle: None,
            tasks: [Task::FinishSetup].into_iter().collect(),
            pending: Pending::Edit,
            eliminated: Seats::new(),
            outcome: None,
        },
    };
    match next_setup_decision(&mut s) {
        Some(p) => s.d.pending = p,
        None => run(&mut s, &mut NoEvents),
    }
    s
}

/// The board draft, then the picks; `None` when both are done.
fn next_setup_decision(s: &mut State) -> Option<Pending> {
    let n = s.num_players();
    let step = usize::from(s.d.setup_step);
    let rps = s.d.rps;
    if s.config().board_assignment == BoardAssignment::Draft && step < n {
        return Some(Pending::ChooseBoard {
            seat: *rps.get(step)?,
        });
    }
    let done_boards = if s.config().board_assignment == BoardAssignment::Draft {
        n
    } else {
        0
    };
    let total = s.config().match_format.picks() * n;
    let mut k = step - done_boards;
    if s.config().pick_mode == PickMode::Random {
        // Random mode: each picker takes the top of the face-down pool, in RPS order.
        while k < total {
            let seat = rps[k % n];
            if let Some(c) = s.d.pool.pop() {
                s.pm(seat).add_to_hand(c);
            }
            k = k.saturating_add(1);
            s.d.setup_step = s.d.setup_step.saturating_add(1);
        }
        return None;
    }
    (k < total).then(|| Pending::Pick { seat: rps[k % n] })
}

/// MC-5.1.
pub(crate) fn choose_board<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    board: u8,
    log: &mut L,
) -> Option<Pending> {
    s.pm(seat).board = Some(board);
    s.d.setup_step = s.d.setup_step.saturating_add(1);
    log.emit(|| Event::BoardAssigned { seat, board });
    next_setup_decision(s)
}

/// MC-5.2: a face-up pick (public).
pub(crate) fn pick<L: EventLog<Event>>(
    s: &mut State,
    seat: Seat,
    card: CardId,
    log: &mut L,
) -> Option<Pending> {
    s.d.pool.retain(|c| *c != card);
    let p = s.pm(seat);
    p.add_to_hand(card);
    p.known.push(card);
    p.known.sort_unstable();
    s.d.setup_step = s.d.setup_step.saturating_add(1);
    log.emit(|| Event::Picked {
        seat,
        card: Some(card),
        secret: false,
    });
    next_setup_decision(s)
}

/// MC-3.10 (4)–(7): decks, deal, redeals, round 1.
pub(crate) fn finish_setup<L: EventLog<Event>>(s: &mut State, log: &mut L) -> Option<Pending> {
    let fmt = s.config().match_format;
    let mut rest = std::mem::take(&mut s.d.pool);
    // The shared rules (an `Arc`: no copy), so the pool can be read while the state changes.
    let rules = s.rules.clone();
    let et = &rules.0.et;
    if fmt.picks() == 0 {
        // ③ draws from the whole pool; ①–⑥ picks came from it already.
        s.d.unused.retain(|c| !et.contains(c));
        rest.extend(et.iter().copied());
    } else {
        // Non-initial-equipment pool cards were set aside with the unused ones.
        let aside: Cards<ET_INLINE> =
            s.d.unused
                .iter()
                .copied()
                .filter(|c| et.contains(c))
                .collect();
        s.d.unused.retain(|c| !et.contains(c));
        rest.extend(aside);
    }
    rest.sort_unstable();
    let want = fmt.deck_et();
    if want > 0 {
        let mut chosen: Cards<ET_INLINE> = TinyVec::new();
        if let DeckEtSelection::Explicit(ids) = &rules.0.config.deck_et_selection {
            for id in ids {
                let inst = s.cards().instances(id);
                if let Some(c) = inst
                    .into_iter()
                    .find(|c| rest.contains(c) && !chosen.contains(c))
                {
                    chosen.push(c);
                }
            }
            rest.retain(|c| !chosen.contains(c));
        }
        // SeededRandom (or cards of an explicit list already picked): fill at random.
        s.d.rng.shuffle(&mut rest);
        while chosen.len() < want {
            match rest.pop() {
                Some(c) => chosen.push(c),
                None => break,
            }
        }
        s.d.main_deck.extend(chosen);
        s.d.unused.extend(rest);
    } else if fmt.has_et_deck() {
        s.d.et_deck.extend(rest);
    } else {
        s.d.unused.extend(rest);
    }
    s.d.unused.sort_unstable();
    let d = &mut s.d;
    d.main_deck.shuffle(&mut d.rng);
    d.boss_deck.shuffle(&mut d.rng);
    d.et_deck.shuffle(&mut d.rng);
    let n = s.num_players();
    // The cards dealt to each seat: a fixed array of inline lists (at most 4 seats).
    let mut dealt: [Cards<DEAL>; SEATS_INLINE] = Default::default();
    let dealt = &mut dealt[..n.min(SEATS_INLINE)];
    for _ in 0..DEAL {
        for (i, got) in dealt.iter_mut().enumerate() {
            if let Some(c) = s.d.main_deck.draw() {
                s.d.players[i].add_to_hand(c);
                got.push(c);
            }
        }
    }
    // MC-3.10 (6), MC-A4: a hand without a number card is dealt again.
    for (i, got) in dealt.iter_mut().enumerate() {
        for _ in 0..1000 {
            let has_number = got
                .iter()
                .any(|c| s.rules().class(*c) == Some(CardClass::Number));
            if has_number {
                break;
            }
            for c in got.drain(..) {
                s.d.players[i].remove_from_hand(c);
                s.d.main_deck.put_top(c);
            }
            let d = &mut s.d;
            d.main_deck.shuffle(&mut d.rng);
            for _ in 0..DEAL {
                if let Some(c) = s.d.main_deck.draw() {
                    s.d.players[i].add_to_hand(c);
                    got.push(c);
                }
            }
        }
    }
    for (i, got) in dealt.iter().enumerate() {
        let seat = Seat(i as u8);
        let count = got.len() as u8;
        log.emit(|| Event::Drew {
            seat,
            deck: DeckKind::Main,
            count,
            cards: got.iter().copied().collect(),
        });
    }
    s.d.phase = crate::state::Phase::Edit;
    s.d.tasks.push(Task::BeginRound);
    None
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
    KEPT.get_or_try_build_in(&RULES, config, config.card_set.is_none(), Rules::new)
}
