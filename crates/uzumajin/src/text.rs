//! Text for terminal front ends ([`TextUi`]): the board as one observer sees it, actions
//! as menu entries, events as narration. Only the view and the configuration (card set and
//! deck lists, to name card instances) are used.

use crate::action::{Action, Choice, Placement};
use crate::cards::{CardDef, CardId, CardSet};
use crate::config::Config;
use crate::event::Event;
use crate::game::Uzumajin;
use crate::state::{Pending, Zone};
use crate::view::{CardView, MajinView, View};
use fuda_core::{Outcome, TextUi};
use std::fmt::Write;

/// Names card instances from the configuration's deck lists.
struct Names {
    set: CardSet,
    defs: Vec<Option<usize>>,
}

impl Names {
    fn new(config: &Config) -> Names {
        let set = config.card_set.resolve();
        let mut defs = Vec::new();
        for deck in &config.decks {
            for e in &deck.0 {
                let d = set.find(&e.card).map(|d| d.index());
                defs.extend(std::iter::repeat_n(d, usize::from(e.count)));
            }
        }
        Names { set, defs }
    }

    fn def(&self, card: CardId) -> Option<&CardDef> {
        let d = self.defs.get(card.index()).copied().flatten()?;
        self.set.defs().get(d)
    }

    fn name(&self, card: CardId) -> String {
        match self.def(card) {
            Some(d) => format!("{}{}", d.name(), card),
            None => format!("card {card}"),
        }
    }

    fn long(&self, card: CardId) -> String {
        match self.def(card) {
            Some(CardDef::Soul {
                name,
                cost,
                power,
                colour,
                ..
            }) => format!(
                "{name}{card} [soul {} cost {cost} power {power}]",
                colour.as_deref().unwrap_or("colourless")
            ),
            Some(CardDef::Spell {
                name, cost, colour, ..
            }) => format!(
                "{name}{card} [spell {} cost {cost}]",
                colour.as_deref().unwrap_or("colourless")
            ),
            Some(CardDef::Combat { name, colour, .. }) => format!(
                "{name}{card} [combat {}]",
                colour.as_deref().unwrap_or("colourless")
            ),
            None => format!("card {card}"),
        }
    }
}

fn majin_line(n: &Names, m: &MajinView) -> String {
    let cards: Vec<String> = m
        .cards
        .iter()
        .map(|c| match c {
            CardView::FaceUp(id) => n.name(*id),
            CardView::FaceDown(id) => format!("▼{}", n.name(*id)),
            CardView::Hidden => "▼".to_string(),
        })
        .collect();
    format!(
        "{} [{}] power {}{}{}",
        m.id,
        cards.join(" | "),
        m.power,
        if m.uzumajin { " UZUMAJIN" } else { "" },
        if m.tapped { " (tapped)" } else { "" }
    )
}

fn pending_text(p: &Pending) -> String {
    crate::rules::legal::describe(*p)
}

impl TextUi for Uzumajin {
    fn render_view(config: &Config, view: &View) -> String {
        let n = Names::new(config);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "══ Uzumajin · turn {} · {} active · step {:?} · MP {}/{} ══",
            view.turn, view.active, view.step, view.mp_available, view.mp_pool
        );
        for (i, p) in view.players.iter().enumerate() {
            let me = view.observer.is(fuda_core::Seat(i as u8));
            let _ = writeln!(
                out,
                "── P{i}{} · MB {} · hand {} · damage {}/{} · graveyard {}",
                if me { " (you)" } else { "" },
                p.mb_count,
                p.hand_count,
                p.damage_count,
                config.damage_to_lose,
                p.graveyard.len()
            );
            for zone in [Zone::Battle, Zone::Prepare] {
                let label = if zone == Zone::Battle {
                    "battle ◯"
                } else {
                    "prepare ●"
                };
                let list: Vec<&MajinView> = p.majins.iter().filter(|m| m.zone == zone).collect();
                if list.is_empty() {
                    let _ = writeln!(out, "   {label}: —");
                }
                for m in list {
                    let _ = writeln!(out, "   {label}: {}", majin_line(&n, m));
                }
            }
            if let Some(top) = p.graveyard.last() {
                let _ = writeln!(out, "   graveyard top: {}", n.name(*top));
            }
            if let Some(hand) = &p.hand {
                let _ = writeln!(out, "   hand:");
                for c in hand {
                    let _ = writeln!(out, "     {}", n.long(*c));
                }
            }
        }
        if let Some(a) = &view.attack {
            let _ = write!(out, "attack: {} attacks", a.attacker);
            if let Some(b) = a.blocker {
                let _ = write!(out, ", blocked by {b}");
            }
            if let Some(w) = a.window {
                let _ = write!(out, "; combat priority: {}", w.holder);
            }
            out.push('\n');
        }
        match &view.outcome {
            Some(Outcome::Winners(w)) => {
                let seats: Vec<String> = w.iter().map(|s| s.to_string()).collect();
                let _ = writeln!(out, "game over: {} wins", seats.join(", "));
            }
            Some(Outcome::Draw) => {
                let _ = writeln!(out, "game over: draw");
            }
            None => {
                let _ = writeln!(out, "waiting for {}", pending_text(&view.pending));
            }
        }
        out
    }

    fn describe_action(config: &Config, _view: &View, action: &Action) -> String {
        let n = Names::new(config);
        match &action.choice {
            Choice::ChooseTurnOrder { go_first: true } => "go first".into(),
            Choice::ChooseTurnOrder { go_first: false } => "go second".into(),
            Choice::PlaceUraMajin { card } => format!("place {} face-down", n.name(*card)),
            Choice::SkipUraMajin => "place no ura majin".into(),
            Choice::PlaySoul {
                card,
                place: Placement::New,
            } => format!("play {} as a new majin", n.name(*card)),
            Choice::PlaySoul {
                card,
                place: Placement::Onto(m),
            } => format!("play {} onto {m}", n.name(*card)),
            Choice::PlaySpell { card } => format!("cast {}", n.name(*card)),
            Choice::EndMain => "end step 5".into(),
            Choice::DeclareAttack { majin } => format!("attack with {majin}"),
            Choice::EndAttacks => "end attacks".into(),
            Choice::ChooseTarget { majin } => format!("target {majin}"),
            Choice::AnswerMay { yes } => if *yes { "yes" } else { "no" }.into(),
            Choice::Block { majin } => format!("block with {majin}"),
            Choice::NoBlock => "do not block".into(),
            Choice::UseCombat { card } => format!("use {}", n.name(*card)),
            Choice::PassPriority => "pass".into(),
            Choice::AdvanceMajin { majin } => format!("advance {majin}"),
            Choice::StopAdvancing => "stop advancing".into(),
            Choice::UzumajinBonus { take_two } => if *take_two {
                "double effect"
            } else {
                "single effect"
            }
            .into(),
        }
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let n = Names::new(config);
        let card = |c: &Option<CardId>| c.map_or("a card".to_string(), |c| n.name(c));
        match event {
            Event::JankenWon { seat } => format!("{seat} wins janken"),
            Event::TurnOrderSet { first } => format!("{first} goes first"),
            Event::TurnStarted { seat, turn } => format!("turn {turn}: {seat}"),
            Event::Untapped { seat, majins } => format!("{seat} untaps {} majin(s)", majins.len()),
            Event::Moved { majin, to } => format!("{majin} moves to the {to:?} zone"),
            Event::Drew { seat, card: c } => format!("{seat} draws {}", card(c)),
            Event::DrawFailed { seat } => format!("{seat} has nothing to draw"),
            Event::UraMajinPlaced {
                seat,
                majin,
                card: c,
            } => {
                format!("{seat} places {} face-down as {majin}", card(c))
            }
            Event::UraMajinSkipped { seat } => format!("{seat} places no ura majin"),
            Event::MpCounted { seat, mp } => format!("{seat} has {mp} MP"),
            Event::SoulPlayed {
                seat,
                card,
                majin,
                new,
            } => format!(
                "{seat} plays {} {} {majin}",
                n.name(*card),
                if *new { "as" } else { "onto" }
            ),
            Event::SpellPlayed { seat, card } => format!("{seat} casts {}", n.name(*card)),
            Event::MainEnded { seat } => format!("{seat} ends step 5"),
            Event::TargetChosen { seat, majin } => format!("{seat} targets {majin}"),
            Event::MayAnswered { seat, yes } => {
                format!("{seat} answers {}", if *yes { "yes" } else { "no" })
            }
            Event::PowerChanged {
                majin,
                amount,
                duration,
            } => format!("{majin} gets {amount:+} power until end of {duration:?}"),
            Event::Destroyed { majin, cards, gone } => format!(
                "{majin} loses {}{}",
                cards
                    .iter()
                    .map(|c| n.name(*c))
                    .collect::<Vec<_>>()
                    .join(", "),
                if *gone { " and is gone" } else { "" }
            ),
            Event::Tapped { majin } => format!("{majin} is tapped"),
            Event::Damaged { seat, total, .. } => format!("{seat} takes 1 damage ({total})"),
            Event::DamageIgnored { seat, amount } => {
                format!("{amount} damage to {seat} is ignored")
            }
            Event::DiscardedAtRandom { seat, card } => {
                format!("{seat} discards {} at random", n.name(*card))
            }
            Event::Peeked {
                seat,
                majin,
                card: c,
            } => {
                format!("{seat} peeks at {majin}: {}", card(c))
            }
            Event::AttackDeclared { seat, majin } => format!("{seat} attacks with {majin}"),
            Event::Blocked { seat, majin } => format!("{seat} blocks with {majin}"),
            Event::NotBlocked { seat } => format!("{seat} does not block"),
            Event::CombatUsed { seat, card } => format!("{seat} uses {}", n.name(*card)),
            Event::PriorityPassed { seat } => format!("{seat} passes"),
            Event::BattleResolved { powers, winner, .. } => match (powers, winner) {
                (Some((a, b)), Some(w)) => format!("battle {a} vs {b}: {w} wins"),
                _ => "the battle ends with no winner".into(),
            },
            Event::BonusChosen { seat, take_two } => format!(
                "{seat} uses the Uzumajin's {} effect",
                if *take_two { "double" } else { "single" }
            ),
            Event::AttacksEnded { seat } => format!("{seat} ends attacks"),
            Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
            Event::DeckedOut { seat } => format!("{seat} cannot draw at turn start"),
            Event::GameOver { outcome } => match outcome {
                Outcome::Winners(w) => format!(
                    "game over: {} wins",
                    w.iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Outcome::Draw => "game over: draw".into(),
            },
        }
    }
}
