//! Helpers shared by the rule tests.

pub use fuda_uzumajin::*;

/// Applies `choice` for `seat`, panicking with the reason if it is refused.
pub fn act(s: &State, seat: u8, choice: Choice) -> State {
    let a = Action {
        seat: Seat(seat),
        choice: choice.clone(),
    };
    apply(s, &a).unwrap_or_else(|e| {
        panic!(
            "{choice:?} by P{seat} refused: {e}; pending {:?}",
            s.pending()
        )
    })
}

/// Applies `choice` for `seat`, returning the refusal.
pub fn try_act(s: &State, seat: u8, choice: Choice) -> Result<State, Error> {
    apply(
        s,
        &Action {
            seat: Seat(seat),
            choice,
        },
    )
}

/// Applies and returns the full events too.
pub fn act_events(s: &State, seat: u8, choice: Choice) -> (State, Vec<Event>) {
    let mut t = s.clone();
    let events = apply_in_place(
        &mut t,
        &Action {
            seat: Seat(seat),
            choice,
        },
    )
    .unwrap_or_else(|e| panic!("refused: {e}"));
    (t, events)
}

/// The legal choices of the deciding seat.
pub fn options(s: &State) -> Vec<Choice> {
    legal_actions(s).into_iter().map(|a| a.choice).collect()
}

/// Whether `choice` is legal now.
pub fn is_legal(s: &State, choice: &Choice) -> bool {
    options(s).contains(choice)
}

/// The first card called `id` in `seat`'s hand.
pub fn hand_card(s: &State, seat: u8, id: &str) -> CardId {
    *s.hand(Seat(seat))
        .iter()
        .find(|&&c| s.card_name(c) == id)
        .unwrap_or_else(|| panic!("P{seat} holds no {id}"))
}

/// The majin with this id.
pub fn majin(s: &State, id: u16) -> Majin {
    s.majin(MajinId(id))
        .map(|(_, m)| m.clone())
        .unwrap_or_else(|| panic!("no majin M{id}"))
}

/// The power of a majin.
pub fn power(s: &State, id: u16) -> u32 {
    s.power(&majin(s, id))
}

/// The card names of a list of instances.
pub fn names(s: &State, cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|&c| s.card_name(c).to_string()).collect()
}

/// Default configuration with a Red deck for both players.
pub fn red_vs_red() -> Config {
    Config {
        decks: [Deck::sample_red(), Deck::sample_red()],
        ..Config::default()
    }
}

/// P1 (seat 0) attacks with M`attacker`; P2 blocks with M`blocker` (or does not).
pub fn attack(s: &State, attacker: u16, blocker: Option<u16>) -> State {
    let s = act(
        s,
        0,
        Choice::DeclareAttack {
            majin: MajinId(attacker),
        },
    );
    match blocker {
        Some(b) => act(&s, 1, Choice::Block { majin: MajinId(b) }),
        None if matches!(s.pending(), Pending::Block { .. }) => act(&s, 1, Choice::NoBlock),
        None => s,
    }
}

/// Both players pass in the combat window until it closes.
pub fn pass_all(mut s: State) -> State {
    while let Pending::Combat { seat } = s.pending() {
        s = act(&s, seat.0, Choice::PassPriority);
    }
    s
}

/// A passive policy: skip, end, pass or decline whenever possible; otherwise the first
/// legal action.
pub fn passive(s: &State) -> Action {
    let legal = legal_actions(s);
    for c in [
        Choice::SkipUraMajin,
        Choice::EndMain,
        Choice::EndAttacks,
        Choice::NoBlock,
        Choice::PassPriority,
        Choice::AnswerMay { yes: false },
        Choice::StopAdvancing,
        Choice::ChooseTurnOrder { go_first: true },
    ] {
        if let Some(a) = legal.iter().find(|a| a.choice == c) {
            return a.clone();
        }
    }
    legal[0].clone()
}
