//! Asking bots for their moves, simultaneous phases included.

use crate::Bot;
use fuda_core::{Game, Seat, SeatSet};
use std::fmt;

/// The moves bots want to make next, from [`bot_moves`].
pub struct BotMoves<G: Game> {
    /// Actions to apply in this order. The first one was chosen in the state itself;
    /// later ones (a simultaneous phase) may be refused once earlier seats' moves are in,
    /// and are then dropped: ask again.
    pub actions: Vec<G::Action>,
    /// A seat whose bot gave no action, or one its own position refused.
    pub stalled: Option<Seat>,
}

impl<G: Game> fmt::Debug for BotMoves<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BotMoves")
            .field("actions", &self.actions)
            .field("stalled", &self.stalled)
            .finish()
    }
}

/// The next moves of the bots playing `seats` (`bots[seat % bots.len()]` plays `seat`).
///
/// When one seat is to act and a bot plays it, that bot chooses one action. When several
/// seats may act at once (a simultaneous phase, such as Monjan's edit turn), each bot
/// seat in it plays its whole part of the phase — until it is no longer asked, or the
/// phase is over — in its own copy of `state` in which no other seat has moved yet; its
/// actions are then queued after the lower seats'. So no bot is ever shown a state that
/// holds another seat's moves of the same phase, whatever the game's `resample` does
/// with them. At most `limit` actions are collected per seat. Empty when no bot seat is
/// to act.
pub fn bot_moves<G: Game>(
    state: &G::State,
    seats: SeatSet,
    bots: &mut [Box<dyn Bot<G>>],
    limit: usize,
) -> BotMoves<G> {
    let mut moves = BotMoves {
        actions: Vec::new(),
        stalled: None,
    };
    let to_act = G::to_act(state);
    if bots.is_empty() {
        return moves;
    }
    let count = bots.len();
    if to_act.len() == 1 {
        if let Some(seat) = to_act.first().filter(|s| seats.contains(*s)) {
            match bots[seat.index() % count].choose(state, seat) {
                Some(action) => moves.actions.push(action),
                None => moves.stalled = Some(seat),
            }
        }
        return moves;
    }
    for seat in to_act.iter().filter(|s| seats.contains(*s)) {
        let bot = &mut bots[seat.index() % count];
        let mut branch = state.clone();
        for _ in 0..limit {
            let now = G::to_act(&branch);
            let same_phase = now.iter().all(|s| to_act.contains(s));
            if !now.contains(seat) || !same_phase {
                break;
            }
            let accepted = bot
                .choose(&branch, seat)
                .filter(|a| G::apply_in_place(&mut branch, a).is_ok());
            match accepted {
                Some(action) => moves.actions.push(action),
                None => {
                    moves.stalled = Some(seat);
                    return moves;
                }
            }
        }
    }
    moves
}
