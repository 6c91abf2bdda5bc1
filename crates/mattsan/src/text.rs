//! Text for terminal front ends ([`TextUi`]): the board as one observer sees it, actions
//! as menu labels, events as narration. Only the view and the configuration are used.

use crate::action::Choice;
use crate::cards::{CardDef, CardId, CardSet};
use crate::config::{Config, DeckChoice};
use crate::event::Event;
use crate::game::Mattsan;
use crate::state::{Loc, Pending};
use crate::view::{CardView, View};
use fuda_core::{Outcome, TextUi};
use std::fmt::Write;

/// Card names of a configuration, by instance id (the deck lists are public).
fn names(config: &Config) -> (CardSet, Vec<String>) {
    let set = config.card_set.resolve();
    let mut out = Vec::new();
    for deck in &config.decks {
        let list: Vec<String> = match deck {
            DeckChoice::Named(n) => set.deck(n).map(<[String]>::to_vec).unwrap_or_default(),
            DeckChoice::List(l) => l.clone(),
        };
        let mut defs: Vec<_> = list.iter().filter_map(|n| set.find(n)).collect();
        defs.sort_unstable();
        out.extend(
            defs.iter()
                .map(|d| set.def(*d).map_or("?", CardDef::name_en).to_string()),
        );
    }
    (set, out)
}

fn card(names: &[String], c: CardId) -> String {
    names
        .get(c.index())
        .map_or_else(|| format!("card {c}"), |n| format!("{n} {c}"))
}

fn loc(l: Loc) -> String {
    match l {
        Loc::Battlefield => "battlefield".into(),
        Loc::Bench(b) => format!("bench {}", b + 1),
    }
}

/// The decision awaited, in words.
fn waiting_line(p: Pending) -> String {
    let seats = |set: fuda_core::SeatSet| {
        set.iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    match p {
        Pending::Placement { waiting } => {
            format!("waiting for {} to place units secretly", seats(waiting))
        }
        Pending::SoulCharge { seat } => format!("{seat} may soul-charge"),
        Pending::StartEffects { seat } => format!("{seat} orders start-of-turn effects"),
        Pending::Main { seat } => format!("{seat} plays the main step"),
        Pending::EndTurn { seat } => format!("{seat} ends the turn"),
        Pending::Respond { seat, .. } => format!("{seat} may respond"),
        Pending::Refill { seat } => format!("{seat} refills the battlefield"),
        Pending::NextDefeat { seat } => format!("{seat} chooses the next defeated unit"),
        Pending::PayDiscard { seat, remaining } => {
            format!("{seat} discards {remaining} to pay a cost")
        }
        Pending::ChooseTarget { seat, .. } => format!("{seat} chooses a target"),
        Pending::May { seat, .. } => format!("{seat} decides whether to apply an optional effect"),
        Pending::DiscardFromHand { seat, remaining } => {
            format!("{seat} discards {remaining} from hand")
        }
        Pending::ForceSwap { seat, .. } => format!("{seat} chooses the unit that swaps in"),
        Pending::GameOver => "game over".into(),
    }
}

impl TextUi for Mattsan {
    fn render_view(config: &Config, view: &View) -> String {
        let (_, names) = names(config);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "── Mattsan ── turn {} · active P{} · step {:?} · {}",
            view.turn,
            view.active.0,
            view.step,
            waiting_line(view.pending)
        );
        for (i, p) in view.players.iter().enumerate() {
            let _ = writeln!(
                out,
                "┌ P{i}: hand {} · deck {} · discard {} · soul {} upright / {} sideways · bench capacity {}",
                p.hand_count,
                p.deck_count,
                p.discard.len(),
                p.soul_upright,
                p.soul_sideways,
                p.bench_capacity
            );
            for slot in &p.field {
                let terrain = slot.terrain.map_or(String::new(), |t| {
                    format!(
                        " [terrain {}{}]",
                        card(&names, t.card),
                        if t.tapped { ", sideways" } else { "" }
                    )
                });
                let occ = match &slot.occupant {
                    None => "(empty)".to_string(),
                    Some(CardView::FaceUp {
                        card: c,
                        damage,
                        ex,
                        atk,
                        def,
                        max_hp,
                        ..
                    }) => format!(
                        "{} HP {}/{} ATK {} DEF {}{}",
                        card(&names, *c),
                        max_hp - i32::from(*damage),
                        max_hp,
                        atk,
                        def,
                        if *ex > 0 {
                            format!(" EX {ex}")
                        } else {
                            String::new()
                        }
                    ),
                    Some(CardView::FaceDown { card: Some(c) }) => {
                        format!("face-down ({})", card(&names, *c))
                    }
                    Some(CardView::FaceDown { card: None }) => "face-down card".into(),
                };
                let _ = writeln!(out, "│ {:<12} {occ}{terrain}", loc(slot.loc));
            }
            if !p.mulligan_reveal.is_empty() {
                let _ = writeln!(
                    out,
                    "│ revealed at mulligan: {}",
                    p.mulligan_reveal.join(", ")
                );
            }
            let _ = writeln!(out, "└");
        }
        if let Some(hand) = &view.hand {
            let list: Vec<String> = hand.iter().map(|&c| card(&names, c)).collect();
            let _ = writeln!(out, "Your hand: {}", list.join(", "));
        }
        if let Some(outcome) = &view.outcome {
            let _ = writeln!(out, "Game over: {outcome:?}");
        }
        out
    }

    fn describe_action(config: &Config, _view: &View, action: &crate::action::Action) -> String {
        let (_, names) = names(config);
        let c = |x: &CardId| card(&names, *x);
        match &action.choice {
            Choice::SetupBattlefield { card } => format!("Set {} on the battlefield", c(card)),
            Choice::SetupBench { card, bench } => format!("Set {} on bench {}", c(card), bench + 1),
            Choice::SetupCommit => "Finish the setup placement".into(),
            Choice::SoulCharge { card } => format!("Soul-charge {}", c(card)),
            Choice::ReturnSoul => "Return all soul-charge cards to hand".into(),
            Choice::SkipSoulCharge => "No soul charge".into(),
            Choice::ResolveStart { source, .. } => format!("Resolve {}", c(source)),
            Choice::DeclineStart { source, .. } => format!("Decline {}", c(source)),
            Choice::PlaceUnit {
                card,
                bench,
                face_up,
            } => format!(
                "Place {} on bench {} {}",
                c(card),
                bench + 1,
                if *face_up { "face-up" } else { "face-down" }
            ),
            Choice::FlipUnit { bench } => format!("Flip the unit on bench {}", bench + 1),
            Choice::PlaceTrap { card, bench } => {
                format!("Set trap {} on bench {}", c(card), bench + 1)
            }
            Choice::UseTrump { card } => format!("Use trump {}", c(card)),
            Choice::PlaceTerrain { card, loc: l } => {
                format!("Place terrain {} on the {}", c(card), loc(*l))
            }
            Choice::UseTerrain { loc: l } => format!("Use the terrain on the {}", loc(*l)),
            Choice::ActivateTrap { bench } => format!("Activate the trap on bench {}", bench + 1),
            Choice::Attack => "Attack".into(),
            Choice::UseSpecial { index } => format!("Special move #{}", index + 1),
            Choice::UseSuperSpecial { index } => format!("Super special move #{}", index + 1),
            Choice::Swap { bench } => format!("Swap with bench {}", bench + 1),
            Choice::EndTurn => "End the turn".into(),
            Choice::Pass => "Pass".into(),
            Choice::Refill { bench } => format!("Refill from bench {}", bench + 1),
            Choice::RefillFromHand { card } => format!("Refill with {}", c(card)),
            Choice::NextDefeat { loc: l } => format!("Defeat the unit on the {} next", loc(*l)),
            Choice::DiscardForCost { card } => format!("Discard {} for the cost", c(card)),
            Choice::DiscardFromHand { card } => format!("Discard {}", c(card)),
            Choice::Target { side, loc: l } => format!("Target P{}'s {}", side.0, loc(*l)),
            Choice::Accept => "Yes".into(),
            Choice::Decline => "No".into(),
        }
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let (_, names) = names(config);
        let c = |x: &CardId| card(&names, *x);
        match event {
            Event::Drew {
                seat,
                cards: Some(xs),
                ..
            } => format!(
                "{seat} draws {}",
                xs.iter().map(c).collect::<Vec<_>>().join(", ")
            ),
            Event::Drew { seat, count, .. } => format!("{seat} draws {count} card(s)"),
            Event::DeckOut { seat } => format!("{seat} must draw from an empty deck"),
            Event::Mulligan { seat, revealed } => {
                format!(
                    "{seat} has no unit and reveals: {}; redraws 6",
                    revealed.join(", ")
                )
            }
            Event::FirstPlayerRoll { rolls } => {
                format!("First-player roll: P0 {} vs P1 {}", rolls[0], rolls[1])
            }
            Event::FirstPlayer { seat } => format!("{seat} goes first"),
            Event::SetupPlaced {
                seat,
                card: x,
                loc: l,
            } => format!("{seat} sets {} on the {}", c(x), loc(*l)),
            Event::SetupCommitted { seat } => format!("{seat} has finished placing"),
            Event::SetupRevealed { battlefield, .. } => format!(
                "Reveal! P0's {} and P1's {} take the battlefields",
                c(&battlefield[0]),
                c(&battlefield[1])
            ),
            Event::TurnStarted { seat, turn } => format!("Turn {turn}: {seat}"),
            Event::Refreshed { seat } => format!("{seat} turns sideways cards upright"),
            Event::SoulCharged {
                seat,
                card: Some(x),
            } => format!("{seat} soul-charges {}", c(x)),
            Event::SoulCharged { seat, .. } => format!("{seat} soul-charges a card"),
            Event::SoulReturned { seat, count } => {
                format!("{seat} returns {count} soul-charge cards to hand")
            }
            Event::Placed {
                seat,
                loc: l,
                card: Some(x),
                face_up,
            } => format!(
                "{seat} places {} on the {} {}",
                c(x),
                loc(*l),
                if *face_up { "face-up" } else { "face-down" }
            ),
            Event::Placed { seat, loc: l, .. } => {
                format!("{seat} places a face-down card on the {}", loc(*l))
            }
            Event::TurnedFaceUp { seat, card: x, .. } => format!("{seat}'s {} turns face-up", c(x)),
            Event::TerrainPlaced {
                seat,
                loc: l,
                card: x,
                ..
            } => format!("{seat} places {} on the {}", c(x), loc(*l)),
            Event::TerrainUsed { seat, card: x, .. } => format!("{seat} uses {}", c(x)),
            Event::TrumpUsed { seat, card: x } => format!("{seat} uses trump {}", c(x)),
            Event::TrumpNegated { card: x } => format!("{} is negated", c(x)),
            Event::TrapActivated { seat, card: x, .. } => format!("{seat} activates trap {}", c(x)),
            Event::AbilityResolved { card: x, .. } => format!("{} takes effect", c(x)),
            Event::Declined { seat, card: x } => format!("{seat} declines {}", c(x)),
            Event::Attacked {
                attacker, target, ..
            } => format!("{} attacks {}", c(attacker), c(target)),
            Event::MoveUsed {
                unit,
                name,
                is_super,
                ..
            } => format!(
                "{} uses {}{name}",
                c(unit),
                if *is_super { "super special " } else { "" }
            ),
            Event::Swapped {
                to_battlefield,
                to_bench,
                ..
            } => {
                format!("{} swaps in for {}", c(to_battlefield), c(to_bench))
            }
            Event::DiceRolled { dice, total } => format!("Rolled {dice} dice: {total}"),
            Event::Damaged { unit, amount } => format!("{} takes {amount} damage", c(unit)),
            Event::Healed { unit, amount } => format!("{} heals {amount}", c(unit)),
            Event::StatModified { unit, stat, delta } => {
                format!("{} gets {delta:+} {stat:?}", c(unit))
            }
            Event::AttackModified { delta } => format!("The attack's damage changes by {delta:+}"),
            Event::ExRemoved { unit } => format!("{} loses its EX counters", c(unit)),
            Event::Defeated { seat, card: x } => format!("{seat}'s {} is defeated", c(x)),
            Event::Destroyed { seat, card: x } => format!("{seat}'s {} is destroyed", c(x)),
            Event::ReturnedToHand { seat, card: x } => format!("{seat}'s {} returns to hand", c(x)),
            Event::Discarded { seat, card: x } => format!("{seat} discards {}", c(x)),
            Event::Peeked {
                seat,
                card: Some(x),
                ..
            } => format!("{seat} peeks: {}", c(x)),
            Event::Peeked { seat, .. } => format!("{seat} peeks at a face-down card"),
            Event::WindowOpened { window } => format!("Response window: {:?}", window.kind),
            Event::Passed { seat } => format!("{seat} passes"),
            Event::Refilled { seat, card: x, .. } => {
                format!("{seat} refills the battlefield with {}", c(x))
            }
            Event::Flagged { seat, reason } => format!("{seat} meets a loss condition: {reason:?}"),
            Event::TurnEnded { seat } => format!("{seat} ends the turn"),
            Event::GameOver { outcome } => match outcome {
                Outcome::Draw => "The game is a draw".into(),
                Outcome::Winners(w) => format!(
                    "{} wins",
                    w.iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        }
    }
}
