//! Text for terminal front ends ([`TextUi`]): the board as one observer sees it, actions
//! as menu entries, events as narration. Only the view and the configuration (card set and
//! deck lists, to name card instances) are used.

use crate::action::{Action, Choice, Placement};
use crate::cards::Duration;
use crate::cards::{CardDef, CardId, CardSet};
use crate::config::Config;
use crate::event::Event;
use crate::game::Uzumajin;
use crate::state::{BonusKind, MajinId, Pending, Step, Zone};
use crate::view::{CardView, MajinView, View};
use fuda_core::{Outcome, Seat, TextUi};
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
            Some(d) => d.name().to_string(),
            None => "an unknown card".into(),
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
                "{name} (soul, {}, cost {cost}, power {power})",
                colour.as_deref().unwrap_or("colourless")
            ),
            Some(CardDef::Spell {
                name, cost, colour, ..
            }) => format!(
                "{name} (spell, {}, cost {cost})",
                colour.as_deref().unwrap_or("colourless")
            ),
            Some(CardDef::Combat { name, colour, .. }) => format!(
                "{name} (combat, {})",
                colour.as_deref().unwrap_or("colourless")
            ),
            None => self.name(card),
        }
    }
}

fn seats(list: impl IntoIterator<Item = Seat>) -> String {
    let names: Vec<String> = list.into_iter().map(|s| s.to_string()).collect();
    match names.len() {
        0 => "nobody".into(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

fn outcome_line(o: &Outcome) -> String {
    match o {
        Outcome::Winners(w) if w.len() == 1 => format!("{} wins", seats(w.iter())),
        Outcome::Winners(w) if w.is_empty() => "nobody wins".into(),
        Outcome::Winners(w) => format!("{} share the win", seats(w.iter())),
        Outcome::Draw => "a draw".into(),
    }
}

fn zone_word(z: Zone) -> &'static str {
    match z {
        Zone::Battle => "battle zone",
        Zone::Prepare => "prepare zone",
    }
}

fn step_word(s: Step) -> &'static str {
    match s {
        Step::Setup => "setup",
        Step::Start => "start of turn",
        Step::Main => "main step",
        Step::Attack => "attack step",
        Step::Move => "move step",
    }
}

fn card_view(n: &Names, c: &CardView) -> String {
    match c {
        CardView::FaceUp(id) => n.name(*id),
        CardView::FaceDown(id) => format!("▼{}", n.name(*id)),
        CardView::Hidden => "▼".to_string(),
    }
}

fn majin_line(n: &Names, m: &MajinView) -> String {
    let cards: Vec<String> = m.cards.iter().map(|c| card_view(n, c)).collect();
    let mods = i32::from(m.turn_mod) + i32::from(m.battle_mod);
    format!(
        "{} [{}] power {}{}{}{}",
        m.id,
        cards.join(" | "),
        m.power,
        if mods != 0 {
            format!(" ({mods:+} this turn)")
        } else {
            String::new()
        },
        if m.uzumajin { " · UZUMAJIN" } else { "" },
        if m.tapped { " · tapped" } else { "" }
    )
}

/// A majin named with its owner, top card and power: "M3 (P1's Ember Imp, power 4)".
fn majin(n: &Names, view: &View, id: MajinId) -> String {
    for (i, p) in view.players.iter().enumerate() {
        if let Some(m) = p.majins.iter().find(|m| m.id == id) {
            let top = m
                .cards
                .iter()
                .rev()
                .find_map(|c| match c {
                    CardView::FaceUp(x) | CardView::FaceDown(x) => Some(n.name(*x)),
                    CardView::Hidden => None,
                })
                .unwrap_or_else(|| "face-down card".into());
            return format!("{id} ({}'s {top}, power {})", Seat(i as u8), m.power);
        }
    }
    id.to_string()
}

/// The decision awaited, in words ("P0 to …").
fn pending_text(n: &Names, view: &View) -> String {
    let me = view.observer.seat();
    let who = |s: Seat| {
        if Some(s) == me {
            "you".to_string()
        } else {
            s.to_string()
        }
    };
    match view.pending {
        Pending::TurnOrder { seat } => format!("{} to choose to go first or second", who(seat)),
        Pending::UraMajin { seat } => {
            format!("{} to place an ura majin face down, or none", who(seat))
        }
        Pending::Main { seat } => format!(
            "{} to play souls and spells, or end the main step",
            who(seat)
        ),
        Pending::Attack { seat } => {
            format!(
                "{} to attack with a majin, or end the attack step",
                who(seat)
            )
        }
        Pending::Block { seat } => format!("{} to block the attack or not", who(seat)),
        Pending::Combat { seat } => format!("{} to use a combat card or pass", who(seat)),
        Pending::Target { seat, card, .. } => {
            format!("{} to choose a target for {}", who(seat), n.name(card))
        }
        Pending::May { seat, card, .. } => format!(
            "{} to decide whether to apply {}'s optional effect",
            who(seat),
            n.name(card)
        ),
        Pending::UzumajinBonus { seat, kind, loser } => match kind {
            BonusKind::Destroy => format!(
                "{} to choose whether the Uzumajin destroys 2 cards{} instead of 1",
                who(seat),
                loser.map_or(String::new(), |m| format!(" of {m}"))
            ),
            BonusKind::Damage => format!(
                "{} to choose whether the Uzumajin deals 2 damage instead of 1",
                who(seat)
            ),
        },
        Pending::Advance { seat } => {
            format!("{} to move majins to the battle zone, or stop", who(seat))
        }
        Pending::GameOver => "nobody: the game is over".into(),
    }
}

impl TextUi for Uzumajin {
    fn render_view(config: &Config, view: &View) -> String {
        let n = Names::new(config);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "══ Uzumajin ══ turn {} · {}'s turn · {} · MP {} of {} available",
            view.turn,
            view.active,
            step_word(view.step),
            view.mp_available,
            view.mp_pool
        );
        for (i, p) in view.players.iter().enumerate() {
            let me = view.observer.is(Seat(i as u8));
            let _ = writeln!(
                out,
                "── P{i}{} · deck {} · {} in hand · damage {} of {} · graveyard {}",
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
            if let Some(damage) = &p.damage {
                if !damage.is_empty() {
                    let list: Vec<String> = damage.iter().map(|c| n.name(*c)).collect();
                    let _ = writeln!(out, "   damage zone: {}", list.join(", "));
                }
            }
            if let Some(hand) = &p.hand {
                let _ = writeln!(out, "   hand:");
                if hand.is_empty() {
                    let _ = writeln!(out, "     —");
                }
                for c in hand {
                    let _ = writeln!(out, "     {}", n.long(*c));
                }
            }
        }
        if let Some(a) = &view.attack {
            let _ = write!(out, "Attack: {} attacks", majin(&n, view, a.attacker));
            match a.blocker {
                Some(b) => {
                    let _ = write!(out, ", blocked by {}", majin(&n, view, b));
                }
                None => out.push_str(", not blocked yet"),
            }
            if let Some(w) = a.window {
                let _ = write!(out, "; {} holds combat priority", w.holder);
            }
            out.push('\n');
        }
        match &view.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {}", outcome_line(o));
            }
            None => {
                let _ = writeln!(out, "Waiting for {}", pending_text(&n, view));
            }
        }
        out
    }

    fn describe_action(config: &Config, view: &View, action: &Action) -> String {
        let n = Names::new(config);
        let m = |id: &MajinId| majin(&n, view, *id);
        match &action.choice {
            Choice::ChooseTurnOrder { go_first: true } => "Go first".into(),
            Choice::ChooseTurnOrder { go_first: false } => "Go second".into(),
            Choice::PlaceUraMajin { card } => {
                format!("Place {} face down as your ura majin", n.long(*card))
            }
            Choice::SkipUraMajin => "Place no ura majin".into(),
            Choice::PlaySoul {
                card,
                place: Placement::New,
            } => format!("Play {} as a new majin", n.long(*card)),
            Choice::PlaySoul {
                card,
                place: Placement::Onto(id),
            } => format!("Play {} onto {}", n.long(*card), m(id)),
            Choice::PlaySpell { card } => format!("Cast {}", n.long(*card)),
            Choice::EndMain => "End the main step".into(),
            Choice::DeclareAttack { majin } => format!("Attack with {}", m(majin)),
            Choice::EndAttacks => "End the attack step".into(),
            Choice::ChooseTarget { majin } => format!("Target {}", m(majin)),
            Choice::AnswerMay { yes: true } => "Yes, apply the effect".into(),
            Choice::AnswerMay { yes: false } => "No, skip the effect".into(),
            Choice::Block { majin } => format!("Block with {}", m(majin)),
            Choice::NoBlock => "Do not block".into(),
            Choice::UseCombat { card } => format!("Use the combat card {}", n.long(*card)),
            Choice::PassPriority => "Pass".into(),
            Choice::AdvanceMajin { majin } => {
                format!("Move {} to the battle zone", m(majin))
            }
            Choice::StopAdvancing => "Stop moving majins".into(),
            Choice::UzumajinBonus { take_two } => {
                let what = match view.pending {
                    Pending::UzumajinBonus {
                        kind: BonusKind::Damage,
                        ..
                    } => ("deal 2 damage", "deal 1 damage"),
                    _ => ("destroy 2 cards", "destroy 1 card"),
                };
                if *take_two {
                    format!("Use the Uzumajin's double effect: {}", what.0)
                } else {
                    format!("Use the single effect: {}", what.1)
                }
            }
        }
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let n = Names::new(config);
        match event {
            Event::JankenWon { seat } => format!("{seat} wins janken"),
            Event::TurnOrderSet { first } => format!("{first} goes first"),
            Event::TurnStarted { seat, turn } => format!("— Turn {turn}: {seat} —"),
            Event::Untapped { seat, majins } => {
                if majins.is_empty() {
                    format!("{seat} has no majin to untap")
                } else {
                    let list: Vec<String> = majins.iter().map(|m| m.to_string()).collect();
                    format!("{seat} untaps {}", list.join(", "))
                }
            }
            Event::Moved { majin, to } => format!("{majin} moves to the {}", zone_word(*to)),
            Event::Drew {
                seat,
                card: Some(c),
            } => format!("{seat} draws {}", n.name(*c)),
            Event::Drew { seat, card: None } => format!("{seat} draws a card"),
            Event::DrawFailed { seat } => format!("{seat} has no card left to draw"),
            Event::UraMajinPlaced {
                seat,
                majin,
                card: Some(c),
            } => format!(
                "{seat} places {} face down as the ura majin {majin}",
                n.name(*c)
            ),
            Event::UraMajinPlaced {
                seat,
                majin,
                card: None,
            } => format!("{seat} places a face-down card as the ura majin {majin}"),
            Event::UraMajinSkipped { seat } => format!("{seat} places no ura majin"),
            Event::MpCounted { seat, mp } => format!("{seat} has {mp} MP this turn"),
            Event::SoulPlayed {
                seat,
                card,
                majin,
                new,
            } => {
                if *new {
                    format!("{seat} plays {} as the new majin {majin}", n.name(*card))
                } else {
                    format!("{seat} plays {} onto {majin}", n.name(*card))
                }
            }
            Event::SpellPlayed { seat, card } => format!("{seat} casts {}", n.name(*card)),
            Event::MainEnded { seat } => format!("{seat} ends the main step"),
            Event::TargetChosen { seat, majin } => format!("{seat} targets {majin}"),
            Event::MayAnswered { seat, yes } => format!(
                "{seat} {} the optional effect",
                if *yes { "applies" } else { "skips" }
            ),
            Event::PowerChanged {
                majin,
                amount,
                duration,
            } => format!(
                "{majin} gets {amount:+} power until the end of the {}",
                match duration {
                    Duration::Turn => "turn",
                    Duration::Battle => "battle",
                }
            ),
            Event::Destroyed { majin, cards, gone } => {
                let list: Vec<String> = cards.iter().map(|c| n.name(*c)).collect();
                format!(
                    "{majin} loses {}{}",
                    if list.is_empty() {
                        "nothing".to_string()
                    } else {
                        list.join(", ")
                    },
                    if *gone { "; the majin is gone" } else { "" }
                )
            }
            Event::Tapped { majin } => format!("{majin} is tapped"),
            Event::Damaged {
                seat,
                card: Some(c),
                total,
            } => format!(
                "{seat} takes 1 damage ({} goes to the damage zone): {total} of {}",
                n.name(*c),
                config.damage_to_lose
            ),
            Event::Damaged {
                seat,
                card: None,
                total,
            } => format!(
                "{seat} takes 1 damage: {total} of {}",
                config.damage_to_lose
            ),
            Event::DamageIgnored { seat, amount } => {
                format!("{amount} damage to {seat} is ignored")
            }
            Event::DiscardedAtRandom { seat, card } => {
                format!("{seat} discards {} at random", n.name(*card))
            }
            Event::Peeked {
                seat,
                majin,
                card: Some(c),
            } => format!("{seat} peeks at {majin}'s face-down card: {}", n.name(*c)),
            Event::Peeked {
                seat,
                majin,
                card: None,
            } => format!("{seat} peeks at {majin}'s face-down card"),
            Event::AttackDeclared { seat, majin } => format!("{seat} attacks with {majin}"),
            Event::Blocked { seat, majin } => format!("{seat} blocks with {majin}"),
            Event::NotBlocked { seat } => format!("{seat} does not block"),
            Event::CombatUsed { seat, card } => {
                format!("{seat} uses the combat card {}", n.name(*card))
            }
            Event::PriorityPassed { seat } => format!("{seat} passes"),
            Event::BattleResolved {
                attacker,
                blocker,
                powers,
                winner,
            } => {
                match (powers, winner) {
                    (Some((a, b)), Some(w)) => {
                        format!("Battle: {attacker} (power {a}) against {blocker} (power {b}): {w} wins")
                    }
                    (Some((a, b)), None) => {
                        format!("Battle: {attacker} (power {a}) against {blocker} (power {b}): no winner")
                    }
                    (None, _) => {
                        format!("The battle between {attacker} and {blocker} is called off")
                    }
                }
            }
            Event::BonusChosen { seat, take_two } => format!(
                "{seat} uses the Uzumajin's {} effect",
                if *take_two { "double" } else { "single" }
            ),
            Event::AttacksEnded { seat } => format!("{seat} ends the attack step"),
            Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
            Event::DeckedOut { seat } => format!("{seat} cannot draw at the start of the turn"),
            Event::GameOver { outcome } => format!("Game over: {}", outcome_line(outcome)),
        }
    }
}
