//! Text for terminal front ends ([`TextUi`]): the board as one observer sees it, actions
//! as menu labels, events as narration. Only the view (or the redacted event) and the
//! configuration are used; a card the viewer may not identify is only called "face-down".

use crate::action::{Action, Choice};
use crate::card_text;
use crate::cards::{CardDef, CardId, CardSet, DefId, Selector, Stat};
use crate::config::{Config, DeckChoice};
use crate::event::{Event, LossReason};
use crate::game::Mattsan;
use crate::state::{Loc, Pending, Step, WindowEvent, WindowKind};
use crate::view::{CardView, SlotView, View};
use fuda_core::{CardText, Outcome, Seat, TextUi};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Card definitions of a configuration, by card id: the card grid (MS-D6) names every
/// id from the card set alone, so naming a card needs no deck list.
struct Names {
    set: CardSet,
    grid: Vec<DefId>,
}

impl Names {
    fn new(config: &Config) -> Names {
        let set = config.card_set.resolve();
        let grid = crate::state::card_grid(config, &set).map_or_else(|_| Vec::new(), |g| g.0);
        Names { set, grid }
    }

    fn def_id(&self, c: CardId) -> Option<DefId> {
        let n = self.grid.len();
        if c.index() >= 2 * n {
            return None;
        }
        self.grid.get(c.index() % n).copied()
    }

    fn def(&self, c: CardId) -> Option<&CardDef> {
        self.def_id(c).and_then(|d| self.set.def(d))
    }

    /// The card's English name.
    fn name(&self, c: CardId) -> String {
        self.def(c)
            .map_or_else(|| "an unknown card".into(), |d| d.name_en().to_string())
    }

    /// The name with the card type and, for a unit, its printed stats.
    fn long(&self, c: CardId) -> String {
        match self.def(c) {
            Some(CardDef::Unit {
                name_en,
                max_hp,
                atk,
                def,
                soul,
                ..
            }) => format!("{name_en} (unit: HP {max_hp}, ATK {atk}, DEF {def}, soul {soul})"),
            Some(CardDef::Trump { name_en, .. }) => format!("{name_en} (trump)"),
            Some(CardDef::Trap { name_en, .. }) => format!("{name_en} (trap)"),
            Some(CardDef::Terrain { name_en, .. }) => format!("{name_en} (terrain)"),
            None => self.name(c),
        }
    }

    fn list(&self, cards: &[CardId]) -> String {
        if cards.is_empty() {
            return "—".into();
        }
        cards
            .iter()
            .map(|c| self.name(*c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The name of a unit's special (or super special) move.
    fn move_name(&self, unit: CardId, index: u8, is_super: bool) -> Option<String> {
        match self.def(unit) {
            Some(CardDef::Unit {
                specials, supers, ..
            }) => {
                let list = if is_super { supers } else { specials };
                list.get(usize::from(index)).map(|m| m.name.clone())
            }
            _ => None,
        }
    }
}

fn loc(l: Loc) -> String {
    match l {
        Loc::Battlefield => "battlefield".into(),
        Loc::Bench(b) => format!("bench {}", u16::from(b) + 1),
    }
}

/// "on the battlefield", "on bench 2".
fn on(l: Loc) -> String {
    match l {
        Loc::Battlefield => "on the battlefield".into(),
        Loc::Bench(b) => format!("on bench {}", u16::from(b) + 1),
    }
}

fn seats(list: impl IntoIterator<Item = Seat>) -> String {
    join(list.into_iter().map(|s| s.to_string()).collect())
}

/// "A", "A and B", "A, B and C".
fn join(names: Vec<String>) -> String {
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

fn cards_word(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

fn step_word(s: Step) -> &'static str {
    match s {
        Step::Setup => "setup",
        Step::TurnStart => "start of turn",
        Step::SoulCharge => "soul-charge step",
        Step::StartEffects => "start-of-turn effects",
        Step::Main => "main step",
        Step::Battle => "battle",
        Step::End => "end step",
        Step::Over => "game over",
    }
}

fn stat_word(s: Stat) -> &'static str {
    match s {
        Stat::Atk => "ATK",
        Stat::Def => "DEF",
        Stat::MaxHp => "max HP",
    }
}

fn window_words(w: WindowEvent) -> String {
    let seat = w.seat;
    match w.kind {
        WindowKind::AttackDeclared => format!("{seat}'s attack"),
        WindowKind::SpecialDeclared => format!("{seat}'s special move"),
        WindowKind::SuperSpecialDeclared => format!("{seat}'s super special move"),
        WindowKind::TrumpDeclared => format!("{seat}'s trump"),
        WindowKind::TerrainUsed => format!("{seat}'s terrain use"),
        WindowKind::UnitPlaced => format!("{seat}'s unit placement"),
        WindowKind::UnitTurnedFaceUp => format!("{seat}'s unit turning face-up"),
        WindowKind::Swapped => format!("{seat}'s swap"),
        WindowKind::DamageDealt => format!("damage to {seat}'s unit"),
        WindowKind::UnitDefeated => format!("the defeat of {seat}'s unit"),
        WindowKind::UnitDestroyed => format!("the destruction of {seat}'s unit"),
        WindowKind::TurnStarted => format!("the start of {seat}'s turn"),
    }
}

fn selector_words(s: Selector) -> &'static str {
    match s {
        Selector::This => "the unit itself",
        Selector::OnThisTerrain => "the unit on the terrain",
        Selector::AllyBf => "the ally battlefield unit",
        Selector::EnemyBf => "the enemy battlefield unit",
        Selector::ChooseAlly => "a face-up ally unit",
        Selector::ChooseEnemy => "a face-up enemy unit",
        Selector::ChooseEnemyBenchCard => "a card on the enemy bench",
        Selector::BothBf => "both battlefield units",
        Selector::Attacker => "the attacking unit",
        Selector::AttackTarget => "the attacked unit",
    }
}

/// The decision awaited, in words ("waiting for P0 to …").
fn waiting_line(n: &Names, view: &View) -> String {
    let me = view.observer.seat();
    let who = |s: Seat| {
        if Some(s) == me {
            "you".to_string()
        } else {
            s.to_string()
        }
    };
    match view.pending {
        Pending::Placement { waiting } => format!(
            "waiting for {} to place units face down for the setup",
            join(waiting.iter().map(who).collect())
        ),
        Pending::SoulCharge { seat } => {
            format!("waiting for {} to soul-charge a card or skip", who(seat))
        }
        Pending::StartEffects { seat } => {
            format!("waiting for {} to resolve start-of-turn effects", who(seat))
        }
        Pending::Main { seat } => format!("waiting for {} to act in the main step", who(seat)),
        Pending::EndTurn { seat } => format!("waiting for {} to end the turn", who(seat)),
        Pending::Respond { seat, window } => format!(
            "waiting for {} to respond to {} or pass",
            who(seat),
            window_words(window)
        ),
        Pending::Refill { seat } => format!(
            "waiting for {} to choose a unit for the empty battlefield",
            who(seat)
        ),
        Pending::NextDefeat { seat } => format!(
            "waiting for {} to choose which defeated unit is handled next",
            who(seat)
        ),
        Pending::PayDiscard { seat, remaining } => format!(
            "waiting for {} to discard {} to pay a cost",
            who(seat),
            cards_word(usize::from(remaining))
        ),
        Pending::ChooseTarget {
            seat,
            selector,
            source,
        } => format!(
            "waiting for {} to choose {} for {}",
            who(seat),
            selector_words(selector),
            n.name(source)
        ),
        Pending::May { seat, source } => format!(
            "waiting for {} to decide whether to apply {}'s optional effect",
            who(seat),
            n.name(source)
        ),
        Pending::DiscardFromHand { seat, remaining } => format!(
            "waiting for {} to discard {} from hand",
            who(seat),
            cards_word(usize::from(remaining))
        ),
        Pending::ForceSwap { seat, side } => format!(
            "waiting for {} to choose which of {side}'s bench units swaps in",
            who(seat)
        ),
        Pending::GameOver => "the game is over".into(),
    }
}

fn slot(view: &View, seat: Seat, l: Loc) -> Option<&SlotView> {
    view.players
        .get(seat.index())
        .and_then(|p| p.field.iter().find(|s| s.loc == l))
}

/// The occupant of a location as the view shows it.
fn occupant(n: &Names, view: &View, seat: Seat, l: Loc) -> Option<String> {
    match &slot(view, seat, l)?.occupant {
        Some(CardView::FaceUp { card, .. }) => Some(n.name(*card)),
        Some(CardView::FaceDown { card: Some(c) }) => Some(format!("face-down {}", n.name(*c))),
        Some(CardView::FaceDown { card: None }) => Some("a face-down card".into()),
        None => None,
    }
}

/// Just the name of the card at a location, if the viewer knows it.
fn occupant_name(n: &Names, view: &View, seat: Seat, l: Loc) -> Option<String> {
    match &slot(view, seat, l)?.occupant {
        Some(CardView::FaceUp { card, .. } | CardView::FaceDown { card: Some(card) }) => {
            Some(n.name(*card))
        }
        _ => None,
    }
}

fn occupant_text(n: &Names, o: &Option<CardView>) -> String {
    match o {
        None => "(empty)".into(),
        Some(CardView::FaceUp {
            card: c,
            under,
            damage,
            ex,
            atk,
            def,
            max_hp,
        }) => format!(
            "{} · HP {}/{} · ATK {} · DEF {}{}{}",
            n.name(*c),
            max_hp - i32::from(*damage),
            max_hp,
            atk,
            def,
            if *ex > 0 {
                format!(" · EX {ex}")
            } else {
                String::new()
            },
            if under.is_empty() {
                String::new()
            } else {
                format!(" · under it: {}", n.list(under))
            }
        ),
        Some(CardView::FaceDown { card: Some(c) }) => format!("face-down {}", n.name(*c)),
        Some(CardView::FaceDown { card: None }) => "a face-down card".into(),
    }
}

impl TextUi for Mattsan {
    fn render_view(config: &Config, view: &View) -> String {
        let n = Names::new(config);
        let me = view.observer.seat();
        let mut out = String::new();
        if view.step == Step::Setup {
            let _ = writeln!(out, "── Mattsan ── setup");
        } else {
            let _ = writeln!(
                out,
                "── Mattsan ── turn {} · {}'s turn · {}",
                view.turn,
                view.active,
                step_word(view.step)
            );
        }
        if let Some(f) = view.first_player {
            let rolls: Vec<String> = view
                .first_rolls
                .iter()
                .map(|r| format!("{}–{}", r[0], r[1]))
                .collect();
            let _ = writeln!(
                out,
                "{f} went first{}",
                if rolls.is_empty() {
                    String::new()
                } else {
                    format!(" (rolls P0–P1: {})", rolls.join(", "))
                }
            );
        }
        for (i, p) in view.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let _ = writeln!(
                out,
                "┌ {seat}{}: {} in hand · deck {} · discard {} · soul {} upright, {} sideways · bench capacity {}",
                if Some(seat) == me { " (you)" } else { "" },
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
                        n.name(t.card),
                        if t.tapped { ", sideways" } else { "" }
                    )
                });
                let _ = writeln!(
                    out,
                    "│ {:<12} {}{terrain}",
                    loc(slot.loc),
                    occupant_text(&n, &slot.occupant)
                );
            }
            if let Some(top) = p.discard.last() {
                let _ = writeln!(out, "│ discard top: {}", n.name(*top));
            }
            if let Some(soul) = &p.soul {
                if !soul.is_empty() {
                    let list: Vec<String> = soul
                        .iter()
                        .map(|s| {
                            format!(
                                "{}{}",
                                n.name(s.card),
                                if s.tapped { " (sideways)" } else { "" }
                            )
                        })
                        .collect();
                    let _ = writeln!(out, "│ your soul-charge cards: {}", list.join(", "));
                }
            }
            if !p.mulligan_reveal.is_empty() {
                let _ = writeln!(
                    out,
                    "│ revealed at the mulligan: {}",
                    p.mulligan_reveal.join(", ")
                );
            }
            let _ = writeln!(out, "└");
        }
        if let Some(setup) = &view.own_setup {
            let mut parts = Vec::new();
            if let Some(b) = setup.battlefield {
                parts.push(format!("battlefield {}", n.name(b)));
            }
            for (b, c) in &setup.bench {
                parts.push(format!("bench {} {}", u16::from(*b) + 1, n.name(*c)));
            }
            let _ = writeln!(
                out,
                "Your setup{}: {}",
                if setup.committed { " (finished)" } else { "" },
                if parts.is_empty() {
                    "nothing placed yet".to_string()
                } else {
                    parts.join(", ")
                }
            );
        }
        if let Some(a) = &view.attack {
            let _ = writeln!(
                out,
                "Attack under way: {}'s {} attacks {}{}",
                a.controller,
                n.name(a.attacker),
                n.name(a.target),
                if a.damage_mod != 0 {
                    format!(" (damage {:+})", a.damage_mod)
                } else {
                    String::new()
                }
            );
        }
        if let Some((c, negated)) = view.trump {
            let _ = writeln!(
                out,
                "Trump being resolved: {}{}",
                n.name(c),
                if negated { " (negated)" } else { "" }
            );
        }
        if !view.in_use.is_empty() {
            let _ = writeln!(out, "In use: {}", n.list(&view.in_use));
        }
        if !view.start_pending.is_empty() {
            let list: Vec<CardId> = view.start_pending.iter().map(|(c, _)| *c).collect();
            let _ = writeln!(out, "Start-of-turn effects to resolve: {}", n.list(&list));
        }
        if !view.rolls.is_empty() {
            let list: Vec<String> = view
                .rolls
                .iter()
                .map(|(d, t)| format!("{d} dice → {t}"))
                .collect();
            let _ = writeln!(out, "Dice this turn: {}", list.join(", "));
        }
        if let Some(hand) = &view.hand {
            let list: Vec<String> = hand.iter().map(|&c| n.name(c)).collect();
            let _ = writeln!(
                out,
                "Your hand: {}",
                if list.is_empty() {
                    "—".to_string()
                } else {
                    list.join(", ")
                }
            );
        }
        match &view.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {}", outcome_line(o));
            }
            None => {
                let _ = writeln!(out, "{}", capitalise(&waiting_line(&n, view)));
            }
        }
        out
    }

    fn describe_action(config: &Config, view: &View, action: &Action) -> String {
        let n = Names::new(config);
        let me = action.seat;
        let c = |x: &CardId| n.name(*x);
        let at = |l: Loc| occupant(&n, view, me, l);
        let battlefield_unit = || match slot(view, me, Loc::Battlefield).map(|s| &s.occupant) {
            Some(Some(CardView::FaceUp { card, .. })) => Some(*card),
            _ => None,
        };
        match &action.choice {
            Choice::SetupBattlefield { card } => {
                format!("Set {} face down on the battlefield", n.long(*card))
            }
            Choice::SetupBench { card, bench } => {
                format!(
                    "Set {} face down on bench {}",
                    n.long(*card),
                    u16::from(*bench) + 1
                )
            }
            Choice::SetupCommit => "Finish the setup placement".into(),
            Choice::SoulCharge { card } => format!("Soul-charge {}", c(card)),
            Choice::ReturnSoul => "Return all soul-charge cards to your hand".into(),
            Choice::SkipSoulCharge => "Do not soul-charge".into(),
            Choice::ResolveStart { source, .. } => {
                format!("Resolve {}'s start-of-turn effect", c(source))
            }
            Choice::DeclineStart { source, .. } => {
                format!("Decline {}'s start-of-turn effect", c(source))
            }
            Choice::PlaceUnit {
                card,
                bench,
                face_up,
            } => format!(
                "Place {} on bench {} {}",
                n.long(*card),
                u16::from(*bench) + 1,
                if *face_up { "face-up" } else { "face-down" }
            ),
            Choice::FlipUnit { bench } => match occupant_name(&n, view, me, Loc::Bench(*bench)) {
                Some(u) => format!("Turn {u} on bench {} face-up", u16::from(*bench) + 1),
                None => format!("Turn the unit on bench {} face-up", u16::from(*bench) + 1),
            },
            Choice::PlaceTrap { card, bench } => {
                format!(
                    "Set the trap {} face down on bench {}",
                    c(card),
                    u16::from(*bench) + 1
                )
            }
            Choice::UseTrump { card } => format!("Use the trump {}", c(card)),
            Choice::PlaceTerrain { card, loc: l } => {
                format!("Place the terrain {} on your {}", c(card), loc(*l))
            }
            Choice::UseTerrain { loc: l } => match slot(view, me, *l).and_then(|s| s.terrain) {
                Some(t) => format!("Use the terrain {} on your {}", c(&t.card), loc(*l)),
                None => format!("Use the terrain on your {}", loc(*l)),
            },
            Choice::ActivateTrap { bench } => match occupant_name(&n, view, me, Loc::Bench(*bench))
            {
                Some(t) => format!("Activate the trap {t} on bench {}", u16::from(*bench) + 1),
                None => format!("Activate the trap on bench {}", u16::from(*bench) + 1),
            },
            Choice::Attack => {
                let opp = Seat(1 - me.0.min(1));
                match (
                    battlefield_unit(),
                    occupant(&n, view, opp, Loc::Battlefield),
                ) {
                    (Some(u), Some(t)) => format!("Attack {opp}'s {t} with your {}", c(&u)),
                    _ => "Attack the enemy battlefield unit".into(),
                }
            }
            Choice::UseSpecial { index } => {
                match battlefield_unit().and_then(|u| n.move_name(u, *index, false)) {
                    Some(m) => format!("Use the special move {m}"),
                    None => format!("Use special move #{}", u16::from(*index) + 1),
                }
            }
            Choice::UseSuperSpecial { index } => {
                match battlefield_unit().and_then(|u| n.move_name(u, *index, true)) {
                    Some(m) => format!("Use the super special move {m}"),
                    None => format!("Use super special move #{}", u16::from(*index) + 1),
                }
            }
            Choice::Swap { bench } => match at(Loc::Bench(*bench)) {
                Some(u) => format!(
                    "Swap your battlefield unit with {u} on bench {}",
                    u16::from(*bench) + 1
                ),
                None => format!(
                    "Swap your battlefield unit with bench {}",
                    u16::from(*bench) + 1
                ),
            },
            Choice::EndTurn => "End your turn".into(),
            Choice::Pass => "Pass".into(),
            Choice::Refill { bench } => match at(Loc::Bench(*bench)) {
                Some(u) => format!(
                    "Move {u} from bench {} to the battlefield",
                    u16::from(*bench) + 1
                ),
                None => format!(
                    "Move the unit on bench {} to the battlefield",
                    u16::from(*bench) + 1
                ),
            },
            Choice::RefillFromHand { card } => {
                format!("Put {} from your hand on the battlefield", n.long(*card))
            }
            Choice::NextDefeat { loc: l } => match at(*l) {
                Some(u) => format!("Handle the defeat of {u} on your {} next", loc(*l)),
                None => format!("Handle the defeat on your {} next", loc(*l)),
            },
            Choice::DiscardForCost { card } => format!("Discard {} to pay the cost", c(card)),
            Choice::DiscardFromHand { card } => format!("Discard {}", c(card)),
            Choice::Target { side, loc: l } => {
                let whose = if *side == me {
                    "your".to_string()
                } else {
                    format!("{side}'s")
                };
                match occupant(&n, view, *side, *l) {
                    Some(u) => format!("Target {u} on {whose} {}", loc(*l)),
                    None => format!("Target {whose} {}", loc(*l)),
                }
            }
            Choice::Accept => "Yes, apply the effect".into(),
            Choice::Decline => "No, skip the effect".into(),
        }
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let n = Names::new(config);
        let c = |x: &CardId| n.name(*x);
        match event {
            Event::Drew {
                seat,
                cards: Some(xs),
                ..
            } => format!("{seat} draws {}", n.list(xs)),
            Event::Drew { seat, count, .. } => format!("{seat} draws {}", cards_word(*count)),
            Event::DeckOut { seat } => format!("{seat} must draw from an empty deck"),
            Event::Mulligan { seat, revealed } => format!(
                "{seat} has no unit in hand, reveals {} and draws a new hand",
                if revealed.is_empty() {
                    "nothing".to_string()
                } else {
                    revealed.join(", ")
                }
            ),
            Event::FirstPlayerRoll { rolls } => {
                format!("First-player roll: P0 {} against P1 {}", rolls[0], rolls[1])
            }
            Event::FirstPlayer { seat } => format!("{seat} goes first"),
            Event::SetupPlaced {
                seat,
                card: x,
                loc: l,
            } => format!("{seat} sets {} face down {}", c(x), on(*l)),
            Event::SetupCommitted { seat } => format!("{seat} has finished placing"),
            Event::SetupRevealed { battlefield, bench } => format!(
                "Reveal! P0's {} and P1's {} take the battlefields (benches: P0 {}, P1 {})",
                c(&battlefield[0]),
                c(&battlefield[1]),
                cards_word(bench[0].len()),
                cards_word(bench[1].len())
            ),
            Event::TurnStarted { seat, turn } => format!("— Turn {turn}: {seat} —"),
            Event::Refreshed { seat } => format!("{seat} turns sideways cards upright"),
            Event::SoulCharged {
                seat,
                card: Some(x),
            } => format!("{seat} soul-charges {}", c(x)),
            Event::SoulCharged { seat, card: None } => {
                format!("{seat} soul-charges a face-down card")
            }
            Event::SoulReturned { seat, count } => format!(
                "{seat} returns {} from the soul charge to hand",
                cards_word(*count)
            ),
            Event::Placed {
                seat,
                loc: l,
                card: Some(x),
                face_up,
            } => format!(
                "{seat} places {} {} {}",
                c(x),
                if *face_up { "face-up" } else { "face-down" },
                on(*l)
            ),
            Event::Placed {
                seat,
                loc: l,
                card: None,
                ..
            } => format!("{seat} places a face-down card {}", on(*l)),
            Event::TurnedFaceUp {
                seat,
                card: x,
                loc: l,
            } => {
                format!("{seat}'s {} {} turns face-up", c(x), on(*l))
            }
            Event::TerrainPlaced {
                seat,
                loc: l,
                card: x,
                replaced,
            } => format!(
                "{seat} places the terrain {} {}{}",
                c(x),
                on(*l),
                replaced.map_or(String::new(), |r| format!(", replacing {}", c(&r)))
            ),
            Event::TerrainUsed {
                seat,
                card: x,
                loc: l,
            } => {
                format!("{seat} uses the terrain {} {}", c(x), on(*l))
            }
            Event::TrumpUsed { seat, card: x } => format!("{seat} uses the trump {}", c(x)),
            Event::TrumpNegated { card: x } => format!("The trump {} is negated", c(x)),
            Event::TrapActivated {
                seat,
                card: x,
                bench,
            } => format!(
                "{seat} activates the trap {} on bench {}",
                c(x),
                u16::from(*bench) + 1
            ),
            Event::AbilityResolved { seat, card: x } => {
                format!("{seat}'s {} takes effect", c(x))
            }
            Event::Declined { seat, card: x } => {
                format!("{seat} declines {}'s effect", c(x))
            }
            Event::Attacked {
                seat,
                attacker,
                target,
            } => format!("{seat}'s {} attacks {}", c(attacker), c(target)),
            Event::MoveUsed {
                seat,
                unit,
                name,
                is_super,
            } => format!(
                "{seat}'s {} uses the {}special move {name}",
                c(unit),
                if *is_super { "super " } else { "" }
            ),
            Event::Swapped {
                seat,
                bench,
                to_battlefield,
                to_bench,
            } => format!(
                "{seat} swaps: {} comes to the battlefield, {} goes to bench {}",
                c(to_battlefield),
                c(to_bench),
                u16::from(*bench) + 1
            ),
            Event::DiceRolled { dice, total } => {
                format!(
                    "{dice} {} rolled: total {total}",
                    if *dice == 1 { "die" } else { "dice" }
                )
            }
            Event::Damaged { unit, amount } => format!("{} takes {amount} damage", c(unit)),
            Event::Healed { unit, amount } => format!("{} heals {amount} HP", c(unit)),
            Event::StatModified { unit, stat, delta } => {
                format!("{} gets {delta:+} {}", c(unit), stat_word(*stat))
            }
            Event::AttackModified { delta } => {
                format!("The attack's damage changes by {delta:+}")
            }
            Event::ExRemoved { unit } => format!("{} loses its EX counters", c(unit)),
            Event::Defeated { seat, card: x } => format!("{seat}'s {} is defeated", c(x)),
            Event::Destroyed { seat, card: x } => format!("{seat}'s {} is destroyed", c(x)),
            Event::ReturnedToHand { seat, card: x } => {
                format!("{seat}'s {} returns to hand", c(x))
            }
            Event::Discarded { seat, card: x } => format!("{seat} discards {}", c(x)),
            Event::Peeked {
                seat,
                side,
                bench,
                card: Some(x),
            } => format!(
                "{seat} peeks at {side}'s face-down card on bench {}: {}",
                u16::from(*bench) + 1,
                c(x)
            ),
            Event::Peeked {
                seat,
                side,
                bench,
                card: None,
            } => format!(
                "{seat} peeks at {side}'s face-down card on bench {}",
                u16::from(*bench) + 1
            ),
            Event::WindowOpened { window } => {
                format!("Either player may respond to {}", window_words(*window))
            }
            Event::Passed { seat } => format!("{seat} passes"),
            Event::Refilled {
                seat,
                card: x,
                from,
            } => match from {
                Some(b) => format!(
                    "{seat} moves {} from bench {} to the battlefield",
                    c(x),
                    u16::from(*b) + 1
                ),
                None => format!("{seat} puts {} from hand on the battlefield", c(x)),
            },
            Event::Flagged { seat, reason } => format!(
                "{seat} meets a loss condition: {}",
                match reason {
                    LossReason::NoBattlefieldUnit => "no unit to put on the battlefield",
                    LossReason::DeckOut => "a draw from an empty deck",
                    LossReason::NoUnitAfterMulligan => "still no unit after the mulligan",
                }
            ),
            Event::TurnEnded { seat } => format!("{seat} ends the turn"),
            Event::GameOver { outcome } => format!("Game over: {}", outcome_line(outcome)),
        }
    }

    fn explain_action(config: &Config, view: &View, action: &Action) -> String {
        let n = Names::new(config);
        let mut out = Self::describe_action(config, view, action);
        out.push_str(".\n");
        out.push_str(&what_it_does(config, &n, view, action));
        let mut shown: Vec<DefId> = Vec::new();
        for card in involved(view, action) {
            let Some(d) = n.def_id(card) else { continue };
            if shown.contains(&d) {
                continue;
            }
            shown.push(d);
            if let Some(def) = n.set.def(d) {
                let _ = write!(out, "\n\n{}:\n{}", n.long(card), def.rules_text());
            }
        }
        out
    }

    fn cards(config: &Config) -> Vec<CardText> {
        let n = Names::new(config);
        let per_seat = n.grid.len();
        let grid = &n.grid;
        n.set
            .defs()
            .iter()
            .enumerate()
            .map(|(i, def)| {
                let d = DefId(i as u16);
                let ids = (0..2)
                    .flat_map(|seat| {
                        grid.iter()
                            .enumerate()
                            .filter(move |(_, g)| **g == d)
                            .map(move |(j, _)| CardId((seat * per_seat + j) as u16))
                    })
                    .collect();
                CardText {
                    key: def.id().to_string(),
                    name: def.name_en().to_string(),
                    kind: kind_word(def).to_string(),
                    stats: stats(def),
                    text: def.rules_text(),
                    ids,
                }
            })
            .collect()
    }

    /// The deck each seat plays: `deck A` for the sample set's list `a`, a named list by
    /// its name, `custom deck (30 cards)` for a list given in the configuration. Only the
    /// deck's name, never its contents (deck lists are private by default, MS-D3).
    fn seat_label(config: &Config, seat: Seat) -> Option<String> {
        match config.decks.get(seat.index())? {
            DeckChoice::Named(name) if name.chars().count() == 1 => {
                Some(format!("deck {}", name.to_uppercase()))
            }
            DeckChoice::Named(name) => Some(format!("deck {name}")),
            DeckChoice::List(list) => Some(format!("custom deck ({})", cards_word(list.len()))),
        }
    }

    fn legend() -> &'static str {
        LEGEND
    }

    /// Main-step and setup menus are grouped by the card in hand they play, then by the
    /// field card they use, then battle actions and the end of the turn; other decisions
    /// (the soul charge, responses, targets) are short and left ungrouped.
    fn menu_group(config: &Config, view: &View, action: &Action) -> Option<String> {
        let n = Names::new(config);
        let me = action.seat;
        match &action.choice {
            Choice::SetupBattlefield { card }
            | Choice::SetupBench { card, .. }
            | Choice::PlaceUnit { card, .. }
            | Choice::PlaceTrap { card, .. }
            | Choice::UseTrump { card }
            | Choice::PlaceTerrain { card, .. } => {
                Some(format!("{} from your hand", n.name(*card)))
            }
            Choice::SetupCommit => Some("Finish the setup".into()),
            Choice::FlipUnit { bench } | Choice::ActivateTrap { bench }
                if view.pending == (Pending::Main { seat: me }) =>
            {
                Some(format!("Your bench {}", u16::from(*bench) + 1))
            }
            Choice::UseTerrain { loc: l } if view.pending == (Pending::Main { seat: me }) => {
                Some(format!("Your {}", loc(*l)))
            }
            Choice::Attack
            | Choice::UseSpecial { .. }
            | Choice::UseSuperSpecial { .. }
            | Choice::Swap { .. } => Some("Battle action".into()),
            Choice::EndTurn => Some("End the turn".into()),
            _ => None,
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// What every symbol and word of [`TextUi::render_view`]'s board means.
const LEGEND: &str = "\
── Mattsan ── turn N · P0's turn · step: the turn number, whose turn it is and the step of the turn
P1 went first (rolls P0–P1: 5–6): who went first, from the dice each seat rolled
┌ … └: one player's side of the table; (you) marks the seat you play
in hand · deck · discard: how many cards are in that player's hand, deck and discard pile
soul U upright, S sideways: soul-charge cards; each upright one pays for one trump, and sideways ones turn upright in their owner's step 2
bench capacity: how many bench locations that player has (3, changed by some cards)
│ battlefield: the location of the unit that fights; │ bench N: a reserve location (units, face-down traps)
Name · HP c/m: a face-up unit with c HP left of its m max HP (c = m minus its damage counters; at 0 it is defeated)
ATK · DEF: the unit's attack and defence now, modifiers included; an attack deals 2 damage if the attacker's ATK is above the target's DEF, else 1
EX n: EX counters (a super special move puts one on its unit; most super moves cannot be used while it has one)
under it: cards stacked under the unit
[terrain Name]: a terrain under that location, always face-up; it works only while a face-up unit is on it; \", sideways\" means it has been used and waits for its owner's step 2
face-down Name: a face-down card only you can identify (yours, or one you peeked at)
a face-down card: a face-down unit or trap you cannot identify
(empty): nothing at that location
—: an empty list
discard top: the top card of the discard pile (face-up, everyone sees it)
your soul-charge cards: your own soul-charge cards; (sideways) marks the ones already used this turn
revealed at the mulligan: cards that player showed for a mulligan
Attack under way / Trump being resolved / In use: what the current response window is about
Dice this turn: N dice → total, each roll of this turn
Your hand: the cards in your hand (only you see them)";

fn kind_word(def: &CardDef) -> &'static str {
    match def {
        CardDef::Unit { .. } => "unit",
        CardDef::Trump { .. } => "trump",
        CardDef::Trap { .. } => "trap",
        CardDef::Terrain { .. } => "terrain",
    }
}

/// A card's numbers and attributes by name, for [`CardText::stats`].
fn stats(def: &CardDef) -> BTreeMap<String, serde_json::Value> {
    let mut out = BTreeMap::new();
    let mut put = |k: &str, v: serde_json::Value| {
        out.insert(k.to_string(), v);
    };
    put("deck_limit", def.deck_limit().into());
    match def {
        CardDef::Unit {
            max_hp,
            atk,
            def,
            soul,
            name_ja,
            ..
        } => {
            put("max_hp", (*max_hp).into());
            put("atk", (*atk).into());
            put("def", (*def).into());
            put("soul", (*soul).into());
            if let Some(ja) = name_ja {
                put("name_ja", ja.clone().into());
            }
        }
        CardDef::Trump { name_ja, .. }
        | CardDef::Trap { name_ja, .. }
        | CardDef::Terrain { name_ja, .. } => {
            if let Some(ja) = name_ja {
                put("name_ja", ja.clone().into());
            }
        }
    }
    if let CardDef::Terrain { placement, .. } = def {
        put(
            "placement",
            serde_json::to_value(placement).unwrap_or_default(),
        );
    }
    out
}

/// The card at a location, when the viewer may identify it.
fn visible(view: &View, seat: Seat, l: Loc) -> Option<CardId> {
    match &slot(view, seat, l)?.occupant {
        Some(CardView::FaceUp { card, .. } | CardView::FaceDown { card: Some(card) }) => {
            Some(*card)
        }
        _ => None,
    }
}

/// The card whose effect the pending decision belongs to, if any.
fn pending_source(view: &View) -> Option<CardId> {
    match view.pending {
        Pending::ChooseTarget { source, .. } | Pending::May { source, .. } => Some(source),
        _ => None,
    }
}

/// The cards an action involves, whose rules text [`TextUi::explain_action`] shows.
fn involved(view: &View, action: &Action) -> Vec<CardId> {
    let me = action.seat;
    let opp = Seat(1 - me.0.min(1));
    let mut out = Vec::new();
    let terrain = |l: Loc| slot(view, me, l).and_then(|s| s.terrain).map(|t| t.card);
    match &action.choice {
        Choice::SetupBattlefield { card }
        | Choice::SetupBench { card, .. }
        | Choice::SoulCharge { card }
        | Choice::PlaceUnit { card, .. }
        | Choice::PlaceTrap { card, .. }
        | Choice::UseTrump { card }
        | Choice::PlaceTerrain { card, .. }
        | Choice::RefillFromHand { card }
        | Choice::DiscardForCost { card }
        | Choice::DiscardFromHand { card } => out.push(*card),
        Choice::ResolveStart { source, .. } | Choice::DeclineStart { source, .. } => {
            out.push(*source);
        }
        Choice::FlipUnit { bench }
        | Choice::ActivateTrap { bench }
        | Choice::Swap { bench }
        | Choice::Refill { bench } => out.extend(visible(view, me, Loc::Bench(*bench))),
        Choice::UseTerrain { loc: l } => out.extend(terrain(*l)),
        Choice::Attack => {
            out.extend(visible(view, me, Loc::Battlefield));
            out.extend(visible(view, opp, Loc::Battlefield));
        }
        Choice::UseSpecial { .. } | Choice::UseSuperSpecial { .. } => {
            out.extend(visible(view, me, Loc::Battlefield));
        }
        Choice::NextDefeat { loc: l } => out.extend(visible(view, me, *l)),
        Choice::Target { side, loc: l } => {
            out.extend(pending_source(view));
            out.extend(visible(view, *side, *l));
        }
        Choice::Accept | Choice::Decline => out.extend(pending_source(view)),
        Choice::Pass | Choice::SetupCommit | Choice::ReturnSoul | Choice::SkipSoulCharge => {}
        Choice::EndTurn => {}
    }
    // In a response window, what is being responded to.
    if matches!(view.pending, Pending::Respond { .. }) {
        if let Some((trump, _)) = view.trump {
            out.push(trump);
        }
        if let Some(a) = &view.attack {
            out.push(a.attacker);
        }
    }
    out
}

/// What an action does under the rules, in a sentence or two.
fn what_it_does(config: &Config, n: &Names, view: &View, action: &Action) -> String {
    let me = action.seat;
    let bf_def = || visible(view, me, Loc::Battlefield).and_then(|u| n.def(u));
    let move_of = |index: u8, is_super: bool| match bf_def() {
        Some(CardDef::Unit {
            specials, supers, ..
        }) => {
            let list = if is_super { supers } else { specials };
            list.get(usize::from(index))
                .map(|m| card_text::move_text(m, is_super))
        }
        _ => None,
    };
    let setup = format!(
        "In the setup each player secretly sets one unit face down on the battlefield and up \
         to {} units or traps face down on the bench; when both have finished, both battlefield \
         units turn face-up together (their on-face-up abilities do not trigger then).",
        config.setup_bench_max
    );
    match &action.choice {
        Choice::SetupBattlefield { .. } | Choice::SetupBench { .. } => setup,
        Choice::SetupCommit => {
            "Ends your setup placement; when both players have finished, the battlefield units \
             are revealed and the first player's turn begins."
                .into()
        }
        Choice::SoulCharge { .. } => format!(
            "The card goes face down and upright into your soul charge ({} per turn); each \
             upright soul-charge card pays for one trump, and a used (sideways) one turns upright \
             in your next step 2. Your opponent does not learn which card it was.",
            cards_word(usize::from(config.soul_charge_per_turn))
        ),
        Choice::ReturnSoul => {
            "Instead of charging, every one of your soul-charge cards goes back to your hand."
                .into()
        }
        Choice::SkipSoulCharge => "You charge nothing this turn.".into(),
        Choice::ResolveStart { source, effect } => {
            let text = n
                .def(*source)
                .and_then(|d| d.effect_lists().get(usize::from(*effect)).copied())
                .map_or_else(String::new, card_text::effects);
            format!("This start-of-turn effect resolves now: {text}")
        }
        Choice::DeclineStart { .. } => "This optional start-of-turn effect is skipped.".into(),
        Choice::PlaceUnit { face_up: true, .. } => format!(
            "The unit goes on your bench face-up{}.",
            if config.face_up_placement_triggers_flip {
                "; that counts as turning face-up, so its on-face-up abilities trigger"
            } else {
                " (its on-face-up abilities do not trigger under this configuration)"
            }
        ),
        Choice::PlaceUnit { face_up: false, .. } => {
            "The unit goes on your bench face down: your opponent sees only a face-down card. You \
             may turn it face-up in a later main step (its on-face-up abilities trigger then)."
                .into()
        }
        Choice::FlipUnit { .. } => {
            "The unit turns face-up for good and its on-face-up abilities trigger.".into()
        }
        Choice::PlaceTrap { .. } => format!(
            "The trap goes on your bench face down; you may turn it face-up when its trigger \
             happens{}, and after taking effect it goes to the discard pile.",
            if config.trap_usable_turn_set {
                ", even this turn"
            } else {
                ", from your next turn on"
            }
        ),
        Choice::UseTrump { card } => {
            let cost = match n.def(*card) {
                Some(CardDef::Trump { cost, .. }) if !cost.is_empty() => {
                    format!(
                        " and pay its cost now ({}; never refunded)",
                        card_text::costs(cost, true)
                    )
                }
                _ => String::new(),
            };
            format!(
                "Turn one upright soul-charge card sideways{cost}; your opponent may respond, \
                 then the trump takes effect and goes to the discard pile."
            )
        }
        Choice::PlaceTerrain { loc: l, .. } => format!(
            "The terrain goes face-up on your {}, under whatever is there (no soul charge \
             needed); a terrain already there goes to the discard pile.",
            loc(*l)
        ),
        Choice::UseTerrain { loc: l } => {
            let text = slot(view, me, *l)
                .and_then(|s| s.terrain)
                .and_then(|t| n.def(t.card))
                .map_or_else(String::new, |d| match d {
                    CardDef::Terrain { effect, .. } => card_text::effects(effect),
                    _ => String::new(),
                });
            format!(
                "The terrain turns sideways (upright again in your next step 2) and takes \
                 effect: {text}"
            )
        }
        Choice::ActivateTrap { bench } => {
            let text = visible(view, me, Loc::Bench(*bench))
                .and_then(|c| n.def(c))
                .map_or_else(String::new, |d| match d {
                    CardDef::Trap { effect, .. } => card_text::effects(effect),
                    _ => String::new(),
                });
            format!("The trap turns face-up, takes effect and goes to the discard pile: {text}")
        }
        Choice::Attack => {
            "Your battle action: your battlefield unit attacks the enemy battlefield unit. After \
             a response window the target takes 2 damage if your unit's ATK is above its DEF, \
             else 1 (traps and terrains may change it)."
                .into()
        }
        Choice::UseSpecial { index } => move_of(*index, false).unwrap_or_else(|| {
            "Your battle action: a special move of your battlefield unit.".into()
        }),
        Choice::UseSuperSpecial { index } => move_of(*index, true).unwrap_or_else(|| {
            "Your battle action: a super special move of your battlefield unit.".into()
        }),
        Choice::Swap { .. } => {
            "Your battle action: the bench unit comes to the battlefield face-up (a face-down one \
             triggers its on-face-up abilities) and your battlefield unit takes its bench \
             location; damage and EX counters move with the units, terrains stay."
                .into()
        }
        Choice::EndTurn => "Your turn ends and your opponent's begins.".into(),
        Choice::Pass => {
            "You do not respond; when both players have passed in a row, the window closes and \
             the game goes on."
                .into()
        }
        Choice::Refill { .. } => {
            "Your battlefield is empty: this bench unit moves there and is face-up (its \
             on-face-up abilities trigger if it was face-down)."
                .into()
        }
        Choice::RefillFromHand { .. } => {
            "Your battlefield is empty: this unit from your hand goes there face-up.".into()
        }
        Choice::NextDefeat { .. } => {
            "Several of your units are defeated at once: this one is handled next (it goes to \
             the discard pile, then you draw as many cards as its soul)."
                .into()
        }
        Choice::DiscardForCost { .. } => {
            "This card goes to your discard pile to pay the cost of the card being used.".into()
        }
        Choice::DiscardFromHand { .. } => {
            "An effect makes you discard: this card goes to your discard pile.".into()
        }
        Choice::Target { .. } => match pending_source(view) {
            Some(s) => format!("This is the target of {}'s effect.", n.name(s)),
            None => "This is the effect's target.".into(),
        },
        Choice::Accept | Choice::Decline => {
            let verb = if action.choice == Choice::Accept {
                "applies"
            } else {
                "skips"
            };
            match pending_source(view) {
                Some(s) => format!("This {verb} {}'s optional effect (“may”).", n.name(s)),
                None => format!("This {verb} the optional effect."),
            }
        }
    }
}
