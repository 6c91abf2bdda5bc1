//! Terminal text for the `play` and `replay` examples: the board, menu labels for actions
//! and one-line narration of events, all drawn from a view and the public card set.

use crate::action::{Action, Choice, Creature};
use crate::cards::{CardClass, CardId, CardSet, Position};
use crate::config::Config;
use crate::event::Event;
use crate::game::CreatureClash;
use crate::state::{BattleResult, Pending};
use crate::view::View;
use fuda_core::{Observer, Outcome, Seat, TextUi};
use std::fmt::Write;

fn cards_of(config: &Config) -> CardSet {
    config.card_set.resolve()
}

fn list(set: &CardSet, cards: &[CardId]) -> String {
    if cards.is_empty() {
        return "—".into();
    }
    cards
        .iter()
        .map(|&c| set.label(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "RHINOODCUDA 23 [RHINO/rhino F10, OD/crocodile M8, CUDA/barracuda B5]".
fn creature(set: &CardSet, c: &Creature) -> String {
    format!(
        "{} {} [{}]",
        set.creature_name(c),
        set.creature_power(c),
        list(set, &c.cards())
    )
}

fn pending_line(p: Pending, me: Option<Seat>) -> String {
    let who = |s: Seat| {
        if Some(s) == me {
            "You".to_string()
        } else {
            s.to_string()
        }
    };
    match p {
        Pending::TurnStart { seat } => format!("{}: redraw or draw for the turn", who(seat)),
        Pending::Main { seat } => format!("{}: attack or discard", who(seat)),
        Pending::Defend { seat } => format!("{}: defend with a creature", who(seat)),
        Pending::Steal { seat, from, random } => format!(
            "{}: steal {} from {from}, or decline",
            who(seat),
            if random {
                "a random card"
            } else {
                "a creature card"
            }
        ),
        Pending::NextTarget { seat } => format!("{}: attack the next player", who(seat)),
        Pending::DiscardExcess { seat } => format!("{}: discard down to 7", who(seat)),
        Pending::BerserkCommit { seat } => {
            format!("{}: commit a creature to the BERSERK! battle", who(seat))
        }
        Pending::GameOver => "game over".into(),
    }
}

fn outcome_line(o: &Outcome) -> String {
    match o {
        Outcome::Winners(w) => {
            let names: Vec<String> = w.iter().map(|s| s.to_string()).collect();
            format!(
                "{} win{}",
                names.join(" and "),
                if w.len() == 1 { "s" } else { "" }
            )
        }
        Outcome::Draw => "a draw".into(),
    }
}

impl TextUi for CreatureClash {
    fn render_view(config: &Config, v: &View) -> String {
        let set = cards_of(config);
        let me = v.observer.seat();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "── Creature Clash! ── turn {} · deck {} · discard {} · {} Champions to win",
            v.turns_completed + 1,
            v.deck_count,
            v.discard.len(),
            v.champions_to_win
        );
        for p in 0..usize::from(v.num_players) {
            let seat = Seat(p as u8);
            let marker = if seat == v.active { "▶" } else { " " };
            let you = if Some(seat) == me { " (you)" } else { "" };
            let champs = v.champions.get(p).map_or(0, Vec::len);
            let _ = writeln!(
                out,
                "{marker} {seat}{you}: {} cards in hand · {} Champion{}",
                v.hand_counts.get(p).copied().unwrap_or(0),
                champs,
                if champs == 1 { "" } else { "s" }
            );
            for c in v.champions.get(p).into_iter().flatten() {
                let _ = writeln!(out, "      ★ {}", creature(&set, c));
            }
        }
        if let Some(top) = v.discard.last() {
            let _ = writeln!(out, "Discard top: {}", set.label(*top));
        }
        if let Some(chain) = &v.chain {
            let attacked: Vec<String> = chain.attacked.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                out,
                "Attack by {}: {} · attacked {} · wins {}{}",
                v.active,
                chain
                    .creature
                    .map_or("(creature gone)".into(), |c| creature(&set, &c)),
                attacked.join(", "),
                chain.wins,
                if chain.rabies_used {
                    " · RABIES used"
                } else {
                    ""
                }
            );
            if let Some(b) = &chain.battle {
                let _ = writeln!(
                    out,
                    "  vs {}{}{}",
                    b.defender,
                    b.rabies
                        .map_or(String::new(), |_| " · RABIES doubles the attack".into()),
                    b.defence.map_or(String::new(), |d| format!(
                        " · defends with {}",
                        creature(&set, &d)
                    ))
                );
            }
        }
        if let Some(b) = &v.berserk {
            let parts: Vec<String> = b.participants.iter().map(|s| s.to_string()).collect();
            let done: Vec<String> = b.committed.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                out,
                "BERSERK! battle: {} take part · committed: {}",
                parts.join(", "),
                if done.is_empty() {
                    "nobody yet".into()
                } else {
                    done.join(", ")
                }
            );
            if let Some(c) = &b.own_commitment {
                let _ = writeln!(out, "  your secret commitment: {}", creature(&set, c));
            }
        }
        if let Some(hand) = &v.hand {
            let _ = writeln!(out, "Your hand ({} cards):", hand.len());
            let groups = [
                ("FRONT ", Some(CardClass::Part(Position::Front))),
                ("MIDDLE", Some(CardClass::Part(Position::Middle))),
                ("BACK  ", Some(CardClass::Part(Position::Back))),
                ("other ", None),
            ];
            for (title, class) in groups {
                let cards: Vec<CardId> = hand
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let k = set.info(c).map(|i| i.class);
                        match class {
                            Some(_) => k == class,
                            None => !matches!(k, Some(CardClass::Part(_))),
                        }
                    })
                    .collect();
                if !cards.is_empty() || class.is_some() {
                    let _ = writeln!(out, "  {title} {}", list(&set, &cards));
                }
            }
        }
        match &v.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {}", outcome_line(o));
            }
            None => {
                let _ = writeln!(out, "Waiting for {}", pending_line(v.pending, me));
            }
        }
        out
    }

    fn describe_action(config: &Config, _view: &View, a: &Action) -> String {
        let set = cards_of(config);
        let rabies = |r: &Option<CardId>| r.map_or(String::new(), |_| " with RABIES (×2)".into());
        match &a.choice {
            Choice::Redraw => "Redraw: discard your whole hand and draw 7 (ends your turn)".into(),
            Choice::DrawForTurn => "Draw a card".into(),
            Choice::Attack {
                creature: c,
                target,
                rabies: r,
            } => format!("Attack {target} with {}{}", creature(&set, c), rabies(r)),
            Choice::Discard { card } => format!("Discard {} (ends your turn)", set.label(*card)),
            Choice::NextTarget { target, rabies: r } => {
                format!("Attack {target} next{}", rabies(r))
            }
            Choice::Defend {
                creature: c,
                invoke_venom,
            } => format!(
                "Defend with {}{}",
                creature(&set, c),
                if *invoke_venom {
                    " and invoke VENOM (forced tie)"
                } else {
                    ""
                }
            ),
            Choice::StealCreatureCard { card } => format!("Steal {}", set.label(*card)),
            Choice::StealRandom => "Steal a random card from their hand".into(),
            Choice::DeclineSteal => "Take nothing".into(),
            Choice::DiscardExcess { card } => format!("Discard {}", set.label(*card)),
            Choice::BerserkReveal { creature: c } => format!("Commit {}", creature(&set, c)),
        }
    }

    fn describe_event(config: &Config, e: &Event) -> String {
        let set = cards_of(config);
        match e {
            Event::TurnStarted { seat, turn } => format!("— Turn {} — {seat} to play", turn + 1),
            Event::Redrew { seat, cards } => {
                format!("{seat} redraws, discarding {}", list(&set, cards))
            }
            Event::Drew {
                seat,
                card: Some(c),
            } => format!("{seat} draws {}", set.label(*c)),
            Event::Drew { seat, card: None } => format!("{seat} draws a card"),
            Event::DrawFailed { seat } => format!("{seat} cannot draw: deck and discard are empty"),
            Event::Reshuffled { cards } => {
                format!("The discard pile is shuffled into a new deck of {cards}")
            }
            Event::BerserkDrawn { seat, deferred, .. } => format!(
                "{seat} draws BERSERK!{}",
                if *deferred {
                    " (set aside until the attack ends)"
                } else {
                    ""
                }
            ),
            Event::Discarded { seat, card } => format!("{seat} discards {}", set.label(*card)),
            Event::Attacked {
                seat,
                target,
                creature: c,
                rabies,
                battle,
                ..
            } => format!(
                "{seat} attacks {target} with {} (battle {battle}){}",
                creature(&set, c),
                if rabies.is_some() { " + RABIES" } else { "" }
            ),
            Event::Forfeited { seat } => format!("{seat} cannot build a creature and forfeits"),
            Event::Defended {
                seat,
                creature: c,
                invoke_venom,
                ..
            } => format!(
                "{seat} defends with {}{}",
                creature(&set, c),
                if *invoke_venom {
                    ", invoking VENOM"
                } else {
                    ""
                }
            ),
            Event::BattleResolved {
                result,
                attack,
                defence,
                ..
            } => {
                let score = defence.map_or(format!("{attack}"), |d| format!("{attack} vs {d}"));
                let what = match result {
                    BattleResult::AttackerWins => "the attacker wins",
                    BattleResult::Forfeit => "the attacker wins by forfeit",
                    BattleResult::DefenderWins => "the defender wins",
                    BattleResult::Tie => "a tie",
                    BattleResult::VenomTie => "a VENOM tie",
                };
                format!("{score}: {what}")
            }
            Event::CreatureReturned { seat, .. } => {
                format!("{seat} takes the defending creature back")
            }
            Event::Stole {
                thief,
                victim,
                card,
                random,
            } => match card {
                Some(c) => format!(
                    "{thief} steals {} from {victim}{}",
                    set.label(*c),
                    if *random { " (at random)" } else { "" }
                ),
                None => format!("{thief} steals a random card from {victim}"),
            },
            Event::DeclinedSteal { seat } => format!("{seat} takes nothing"),
            Event::ToDiscard { cards } => format!("To the discard pile: {}", list(&set, cards)),
            Event::CreatureDied { seat } => format!("{seat}'s rabid creature dies"),
            Event::ChampionMade {
                seat,
                creature: c,
                champions,
            } => format!(
                "★ {} becomes {seat}'s Champion #{champions}",
                creature(&set, c)
            ),
            Event::BerserkBattle {
                participants,
                skipped,
                ..
            } => {
                let who: Vec<String> = participants.iter().map(|s| s.to_string()).collect();
                if *skipped {
                    format!(
                        "BERSERK! battle: too few fighters ({}), nothing happens",
                        who.len()
                    )
                } else {
                    format!("BERSERK! battle between {}", who.join(", "))
                }
            }
            Event::BerserkLimitReached { .. } => format!(
                "BERSERK! is discarded unfought: {} BERSERK! cards were resolved this turn already",
                config.berserk_battles_per_turn
            ),
            Event::BerserkCommitted { seat, creature: c } => match c {
                Some(c) => format!("{seat} commits {}", creature(&set, c)),
                None => format!("{seat} commits a creature face down"),
            },
            Event::BerserkRevealed { entries } => {
                let shown: Vec<String> = entries
                    .iter()
                    .map(|e| format!("{}: {}", e.seat, creature(&set, &e.creature)))
                    .collect();
                format!("Revealed: {}", shown.join(" · "))
            }
            Event::DiscardedExcess { seat, card } => {
                format!("{seat} discards {} (excess)", set.label(*card))
            }
            Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
            Event::GameOver { outcome } => format!("Game over: {}", outcome_line(outcome)),
        }
    }
}

/// Whether `observer` is the seat in `pending` (for front ends highlighting "your move").
pub fn is_to_act(view: &View, observer: Observer) -> bool {
    observer.seat().is_some() && view.pending.seat() == observer.seat()
}
