//! Text for terminal front ends ([`TextUi`]): the board as one observer sees it, actions
//! as menu entries, events as narration. Only the view and the configuration (card set and
//! deck lists, to name card instances) are used.

use crate::action::{Action, Choice, Placement};
use crate::card_text::{ability_text, rules_text, type_reminder};
use crate::cards::{CardDef, CardId, CardSet, CardType, Deck, Duration};
use crate::config::Config;
use crate::event::Event;
use crate::game::Uzumajin;
use crate::state::{BonusKind, MajinId, Pending, Step, Zone};
use crate::view::{CardView, MajinView, View};
use fuda_core::{CardText, Outcome, Seat, TextUi};
use std::collections::BTreeMap;
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
            Some(d) => format!("{} ({})", d.name(), short_stats(d)),
            None => self.name(card),
        }
    }

    /// The card's name, stats and rules text, for a hand listing or an explanation.
    fn with_text(&self, card: CardId) -> String {
        match self.def(card) {
            Some(d) => {
                // The stats already say which colour it needs.
                let text = ability_text(d);
                if text.is_empty() {
                    self.long(card)
                } else {
                    format!("{}: {text}", self.long(card))
                }
            }
            None => self.name(card),
        }
    }

    fn cost(&self, card: CardId) -> u8 {
        match self.def(card) {
            Some(CardDef::Soul { cost, .. } | CardDef::Spell { cost, .. }) => *cost,
            _ => 0,
        }
    }
}

/// "soul, Red, cost 1, power 2" / "combat, Red, needs Red".
fn short_stats(d: &CardDef) -> String {
    let colour = d.colour().unwrap_or("colourless");
    let needs = if d.required_colours().is_empty() {
        String::new()
    } else {
        format!(", needs {}", d.required_colours().join(" and "))
    };
    match d {
        CardDef::Soul { cost, power, .. } => {
            format!("soul, {colour}, cost {cost}, power {power}{needs}")
        }
        CardDef::Spell { cost, .. } => format!("spell, {colour}, cost {cost}{needs}"),
        CardDef::Combat { .. } => format!("combat card, {colour}{needs}"),
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
        CardView::FaceDown(id) => format!("▼{} (face down)", n.name(*id)),
        CardView::Hidden => "▼ face down".to_string(),
    }
}

/// The power modifiers of a majin, each labelled with how long it lasts (MJ-A19).
fn modifiers(m: &MajinView) -> String {
    let mut mods = Vec::new();
    if m.turn_mod != 0 {
        mods.push(format!("{:+} this turn", m.turn_mod));
    }
    if m.battle_mod != 0 {
        mods.push(format!("{:+} this battle", m.battle_mod));
    }
    if mods.is_empty() {
        String::new()
    } else {
        format!(" ({})", mods.join(", "))
    }
}

fn majin_line(n: &Names, m: &MajinView) -> String {
    let cards: Vec<String> = m.cards.iter().map(|c| card_view(n, c)).collect();
    format!(
        "{} [{}] power {}{}{}{}",
        m.id,
        cards.join(" | "),
        m.power,
        modifiers(m),
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
                "── P{i}{}{} · Majin Box {} · {} in hand · damage {} of {} · graveyard {}",
                if me { " (you)" } else { "" },
                Uzumajin::seat_label(config, Seat(i as u8))
                    .map_or(String::new(), |l| format!(" · {l}")),
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
                    let _ = writeln!(out, "     {}", n.with_text(*c));
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

    fn explain_action(config: &Config, view: &View, action: &Action) -> String {
        explain(&Names::new(config), view, &action.choice)
    }

    fn cards(config: &Config) -> Vec<CardText> {
        let n = Names::new(config);
        n.set
            .defs()
            .iter()
            .enumerate()
            .map(|(d, def)| CardText {
                key: def.id().to_string(),
                name: def.name().to_string(),
                kind: match def.card_type() {
                    CardType::Soul => "soul",
                    CardType::Spell => "spell",
                    CardType::Combat => "combat card",
                }
                .to_string(),
                stats: stats(def),
                text: rules_text(def),
                ids: n
                    .defs
                    .iter()
                    .enumerate()
                    .filter(|(_, x)| **x == Some(d))
                    .map(|(i, _)| CardId(i as u16))
                    .collect(),
            })
            .collect()
    }

    fn seat_label(config: &Config, seat: Seat) -> Option<String> {
        let deck = config.decks.get(seat.index())?;
        if config.card_set == crate::cards::CardSetChoice::Sample {
            if *deck == Deck::sample_red() {
                return Some("Red deck".into());
            }
            if *deck == Deck::sample_blue() {
                return Some("Blue deck".into());
            }
        }
        // A custom deck is named by the colours of its cards, most frequent first.
        let set = config.card_set.resolve();
        let mut colours: BTreeMap<&str, usize> = BTreeMap::new();
        for e in &deck.0 {
            if let Some(c) = set
                .find(&e.card)
                .and_then(|d| set.def(d))
                .and_then(CardDef::colour)
            {
                *colours.entry(c).or_default() += usize::from(e.count);
            }
        }
        let mut list: Vec<(&str, usize)> = colours.into_iter().collect();
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let names: Vec<&str> = list.iter().map(|(c, _)| *c).collect();
        Some(if names.is_empty() {
            "custom deck".into()
        } else {
            format!("custom {} deck", names.join("/"))
        })
    }

    fn legend() -> &'static str {
        LEGEND
    }

    fn menu_group(config: &Config, _view: &View, action: &Action) -> Option<String> {
        // Step 5 lists every soul once per place it can go: group them by the soul.
        match action.choice {
            Choice::PlaySoul { card, .. } => {
                Some(format!("Play {}", Names::new(config).long(card)))
            }
            _ => None,
        }
    }
}

/// Every symbol of the board, one a line.
const LEGEND: &str = "\
◯ battle zone: its untapped majins attack the opponent's Majin Box and block
● prepare zone: new majins start here; a majin of 2 or more cards advances in step 7
[a | b | c] a majin's cards, bottom first; every face-up soul adds its power and ability
▼ face down: a card placed face down (an ura majin); no power, colour or ability
▼Name (face down): a face-down card you know (your own, or one you peeked at)
power N: the majin's power now (souls, abilities and modifiers; never below 0)
(+2 this turn) / (+3 this battle): power modifiers until the end of the turn / the battle
UZUMAJIN: 4 face-up souls: destroys 2 cards when it wins a battle, deals 2 damage unblocked
tapped: it attacked or was tapped; it cannot attack or block until its owner's step 1
MP x of y: MP left to spend in step 5, of y counted at step 4 (every majin on both fields)
Majin Box N: cards left to draw; an empty Majin Box at the start of your turn loses
damage x of 7: cards in the damage zone (face down, nobody looks); 7 loses the game
";

/// A card's numbers and attributes by name.
fn stats(def: &CardDef) -> BTreeMap<String, serde_json::Value> {
    let mut m = BTreeMap::new();
    m.insert("colour".into(), serde_json::json!(def.colour()));
    m.insert(
        "required_colours".into(),
        serde_json::json!(def.required_colours()),
    );
    match def {
        CardDef::Soul { cost, power, .. } => {
            m.insert("cost".into(), serde_json::json!(cost));
            m.insert("power".into(), serde_json::json!(power));
        }
        CardDef::Spell { cost, .. } => {
            m.insert("cost".into(), serde_json::json!(cost));
        }
        CardDef::Combat { .. } => {}
    }
    m
}

/// The card whose effect waits for a target or an answer.
fn pending_card(view: &View) -> Option<CardId> {
    match view.pending {
        Pending::Target { card, .. } | Pending::May { card, .. } => Some(card),
        _ => None,
    }
}

/// What an action does under the rules, with the text of the cards it involves.
fn explain(n: &Names, view: &View, choice: &Choice) -> String {
    let m = |id: &MajinId| majin(n, view, *id);
    let card = |c: &CardId| {
        let reminder = n.def(*c).map(type_reminder).unwrap_or_default();
        format!("{} {reminder}", n.with_text(*c))
    };
    let attack = view.attack.as_ref();
    match choice {
        Choice::ChooseTurnOrder { go_first } => format!(
            "{} Both players then draw 7 cards; the first player also draws on the first \
             turn, and each player's first turn skips step 1 and must place an ura majin.",
            if *go_first {
                "Take the first turn."
            } else {
                "Let the opponent take the first turn."
            }
        ),
        Choice::PlaceUraMajin { card: c } => format!(
            "Step 3: place {} face down as a new majin in your prepare zone. It counts 1 MP \
             for both players at every step 4; face down it has no power, colour or ability, \
             and a majin built on it can never become an Uzumajin. Your opponent does not \
             learn which card it is.",
            n.long(*c)
        ),
        Choice::SkipUraMajin => {
            "Step 3: place no ura majin this turn (allowed from your second turn on).".into()
        }
        Choice::PlaySoul { card: c, place } => {
            let pay = format!("Pay {} of your {} MP.", n.cost(*c), view.mp_available);
            let where_ = match place {
                Placement::New => "It becomes a new majin in your prepare zone (a majin of 2 \
                                   or more cards advances to the battle zone in step 7)."
                    .to_string(),
                Placement::Onto(id) => format!(
                    "It is stacked face up on {}, adding its power and ability (the majin \
                     keeps its zone and tapped state; 4 face-up souls make an Uzumajin).",
                    m(id)
                ),
            };
            format!("{pay} {where_} {}", card(c))
        }
        Choice::PlaySpell { card: c } => format!(
            "Pay {} of your {} MP and cast it. {}",
            n.cost(*c),
            view.mp_available,
            card(c)
        ),
        Choice::EndMain => "End step 5 (unspent MP is lost) and go to the attack step.".into(),
        Choice::DeclareAttack { majin: id } => format!(
            "{} taps and attacks your opponent's Majin Box. The opponent may block with an \
             untapped majin in their battle zone (blocking does not tap it): the majins then \
             battle, the higher power wins, a tie goes to the attacker, and the loser loses \
             its top card (2 if the winner is an Uzumajin). Unblocked, it deals 1 damage \
             (2 if it is an Uzumajin).",
            m(id)
        ),
        Choice::EndAttacks => {
            "End step 6: step 7 moves majins (2 or more cards advance, 1-card majins in the \
             battle zone retreat) and the turn ends."
                .into()
        }
        Choice::ChooseTarget { majin: id } => format!(
            "Choose {} as the target.{}",
            m(id),
            pending_card(view).map_or(String::new(), |c| format!(" {}", card(&c)))
        ),
        Choice::AnswerMay { yes } => format!(
            "{}{}",
            if *yes {
                "Apply the optional part of the effect."
            } else {
                "Skip the optional part of the effect."
            },
            pending_card(view).map_or(String::new(), |c| format!(" {}", n.with_text(c)))
        ),
        Choice::Block { majin: id } => format!(
            "Block{} with {}: a battle. The higher power wins and a tie goes to the \
             attacker; the loser loses its top card (2 if the winner is an Uzumajin); your \
             Majin Box takes no damage. Blocking does not tap, so the majin may block again.",
            attack.map_or(String::new(), |a| format!(" {}", m(&a.attacker))),
            m(id)
        ),
        Choice::NoBlock => format!(
            "Do not block: you take {} damage (the top of your Majin Box goes face down to \
             your damage zone).",
            attack
                .and_then(|a| find_majin(view, a.attacker))
                .map_or("1", |a| if a.uzumajin { "2" } else { "1" })
        ),
        Choice::UseCombat { card: c } => format!("Use it now. {}", card(c)),
        Choice::PassPriority => "Pass combat priority. The attacker decides first, then the \
                                 defender; if the attacker passed and the defender then uses \
                                 a card, priority returns to the attacker once."
            .into(),
        Choice::AdvanceMajin { majin: id } => {
            format!("Move {} to the battle zone (step 7).", m(id))
        }
        Choice::StopAdvancing => {
            "Leave the other majins in the prepare zone and end the turn.".into()
        }
        Choice::UzumajinBonus { take_two } => format!(
            "{} the Uzumajin's double effect ({}).",
            if *take_two { "Use" } else { "Do not use" },
            match view.pending {
                Pending::UzumajinBonus {
                    kind: BonusKind::Damage,
                    ..
                } => "2 damage instead of 1",
                _ => "2 cards destroyed instead of 1",
            }
        ),
    }
}

fn find_majin(view: &View, id: MajinId) -> Option<&MajinView> {
    view.players
        .iter()
        .flat_map(|p| p.majins.iter())
        .find(|m| m.id == id)
}
