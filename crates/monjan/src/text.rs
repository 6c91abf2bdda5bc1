//! Plain-text board, menu labels and narration for terminal front ends ([`TextUi`]).
//! Everything is drawn from the view and the configuration's card set.

use crate::action::{Action, Choice, GuardChoice, SkillFrom, Target, Unit};
use crate::cards::{CardId, CardSet};
use crate::config::Config;
use crate::event::Event;
use crate::game::Monjan;
use crate::state::{DefCard, Defense, Pending};
use crate::view::{Shown, View};
use fuda_core::{Seat, TextUi};
use std::fmt::Write;

fn card(set: &CardSet, c: CardId) -> String {
    set.label(c)
}

fn shown(set: &CardSet, s: Shown) -> String {
    match s {
        Shown::Card(c) => card(set, c),
        Shown::FaceDown => "??".into(),
    }
}

fn unit(u: Unit) -> String {
    match u {
        Unit::Slot(c) => format!("{c} attack card"),
        Unit::Extra => "Extra".into(),
        Unit::OneTurn(i) => format!("one-turn summon #{}", i + 1),
        Unit::Resurrected(i) => format!("resurrected card #{}", i + 1),
    }
}

fn target(set: &CardSet, t: Target) -> String {
    match t {
        Target::None => String::new(),
        Target::Col(c) => format!(" on {c}"),
        Target::Attack(i) => format!(" on attack #{}", i + 1),
        Target::Card { seat, unit: u } => format!(" on {seat}'s {}", unit(u)),
        Target::Salvage { give, take } => {
            format!(" giving {} for {}", card(set, give), card(set, take))
        }
    }
}

impl TextUi for Monjan {
    fn render_view(config: &Config, view: &View) -> String {
        let set = config.cards();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Round {} — {:?} — waiting for {:?} {:?}",
            view.round,
            view.phase,
            view.pending,
            view.to_act.iter().collect::<Vec<_>>()
        );
        let _ = writeln!(
            out,
            "Decks: main {}, Boss-Assassin {}, ET {}; discards: main {}, BA {}, ET {}{}",
            view.piles.main_deck,
            view.piles.boss_deck,
            view.piles.et_deck,
            view.piles.main_discard.len(),
            view.piles.boss_discard.len(),
            view.piles.et_discard.len(),
            if view.frozen {
                " (others shown as at the start of the edit turn)"
            } else {
                ""
            }
        );
        for (i, p) in view.players.iter().enumerate() {
            let board = p
                .board
                .and_then(|b| set.board(b))
                .map_or("(no board)".to_string(), |b| {
                    format!("{} (priority {})", b.name, b.priority)
                });
            let _ = writeln!(
                out,
                "┌ P{i} {board}{} — hand {}",
                if p.alive { "" } else { " [out]" },
                p.hand_count
            );
            for (c, col) in p.cols.iter().enumerate() {
                let atk = col.attack.map_or("-".into(), |a| shown(&set, a.card));
                let def = match col.defense {
                    Defense::Empty => "empty".to_string(),
                    Defense::Defeated => "DEFEATED".to_string(),
                    Defense::Live {
                        card: dc,
                        printed,
                        life,
                    } => {
                        let what = match dc {
                            DefCard::Number(x) => card(&set, x),
                            DefCard::Boss => "Boss".into(),
                            DefCard::Revived => "revived".into(),
                        };
                        format!("{what} {life}/{printed}")
                    }
                };
                let mana: Vec<String> = col
                    .mana
                    .iter()
                    .map(|m| {
                        let name = if m.element {
                            "El".to_string()
                        } else {
                            shown(&set, m.card)
                        };
                        if m.spent {
                            format!("{name}*")
                        } else {
                            name
                        }
                    })
                    .collect();
                let name = ["L", "M", "R"][c];
                let _ = writeln!(
                    out,
                    "│ {name}: attack {atk:<10} defense {def:<14} mana [{}]",
                    mana.join(", ")
                );
            }
            if let Some(e) = p.extra {
                let _ = writeln!(out, "│ Extra: {}", shown(&set, e));
            }
            if !p.one_turn.is_empty() {
                let list: Vec<String> = p.one_turn.iter().map(|o| shown(&set, *o)).collect();
                let _ = writeln!(out, "│ one-turn: {}", list.join(", "));
            }
            if !p.resurrected.is_empty() {
                let list: Vec<String> = p.resurrected.iter().map(|c| card(&set, *c)).collect();
                let _ = writeln!(out, "│ resurrected: {}", list.join(", "));
            }
            if let Some(h) = &p.hand {
                let list: Vec<String> = h.iter().map(|c| card(&set, *c)).collect();
                let _ = writeln!(out, "│ hand: {}", list.join(", "));
            }
            let _ = writeln!(out, "└");
        }
        if let Some(b) = &view.battle {
            let _ = writeln!(out, "Battle order: {:?}, step {}", b.order, b.step + 1);
            for (i, a) in b.attacks.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  attack #{}: {} → {} for {}{}{}",
                    i + 1,
                    card(&set, a.source),
                    a.target,
                    a.total(),
                    if a.nullified { " (nullified)" } else { "" },
                    if a.done { " (done)" } else { "" }
                );
            }
        }
        if let Some(o) = &view.outcome {
            let _ = writeln!(out, "Game over: {o:?}");
        }
        out
    }

    fn describe_action(config: &Config, _view: &View, action: &Action) -> String {
        let set = config.cards();
        let c = |x: CardId| card(&set, x);
        match &action.choice {
            Choice::ChooseBoard { board } => format!(
                "choose board {}",
                set.board(*board).map_or("?", |b| b.name.as_str())
            ),
            Choice::PickEquipment { card: x } => format!("pick {}", c(*x)),
            Choice::PlaceInitialDefense { card: x } => format!("middle defense {}", c(*x)),
            Choice::PlaceMana {
                card: x,
                col,
                face_down,
            } => format!(
                "mana {} on {col}{}",
                c(*x),
                if *face_down { " face down" } else { "" }
            ),
            Choice::PlaceNumber { card: x, col, row } => format!("{} into {col} {row:?}", c(*x)),
            Choice::SummonExtra { card: x, face_down } => format!(
                "summon Extra {}{}",
                c(*x),
                if *face_down { " face down" } else { "" }
            ),
            Choice::SummonToughness {
                card: x, col, pay, ..
            } => {
                format!("summon {} into {col} paying {:?}", c(*x), pay.0)
            }
            Choice::SummonBossOneTurn { pay, .. } => {
                format!("one-turn Boss-Assassin paying {:?}", pay.0)
            }
            Choice::SummonBossPermanent { col } => format!("permanent Boss-Assassin in {col}"),
            Choice::UseBoardSkill { side, target: t } => {
                format!("board skill ({side:?}){}", target(&set, *t))
            }
            Choice::UseSkill {
                from,
                skill,
                target: t,
                ..
            } => {
                let src = match from {
                    SkillFrom::Extra => "Extra".into(),
                    SkillFrom::Slot(col) => format!("{col} Toughness"),
                    SkillFrom::Hand(x) => c(*x),
                };
                format!("skill {} of {src}{}", skill + 1, target(&set, *t))
            }
            Choice::DeclareEnd => "End (エンド)".into(),
            Choice::Pass => "pass".into(),
            Choice::PlayBattleCard { card: x, target: t } => {
                format!("play {}{}", c(*x), target(&set, *t))
            }
            Choice::DeclareAttack { unit: u, target: t } => format!("{} attacks {t}", unit(*u)),
            Choice::ExtraHeal { col } => format!("Extra heals {col}"),
            Choice::EndDeclaration => "end declaration".into(),
            Choice::FlameOfWrath { use_it } => format!("Flame of Wrath: {}", yes(*use_it)),
            Choice::FlameTarget { unit: u } => format!("all attacks to {}", unit(*u)),
            Choice::AssignGuard { attack, guard } => {
                format!("guard attack #{} with {}", attack + 1, guard_text(*guard))
            }
            Choice::Resurrection { use_it } => format!("Resurrection: {}", yes(*use_it)),
            Choice::DragonTrap { use_it } => format!("Dragon Trap: {}", yes(*use_it)),
            Choice::TrapGuard { guard } => {
                format!("guard the reflection with {}", guard_text(*guard))
            }
        }
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let set = config.cards();
        match event {
            Event::Hidden { event, .. } => Self::describe_event(config, event),
            Event::Drew {
                seat, count, cards, ..
            } if !cards.is_empty() => {
                let list: Vec<String> = cards.iter().map(|c| card(&set, *c)).collect();
                format!("{seat} drew {count}: {}", list.join(", "))
            }
            Event::Drew { seat, count, .. } => format!("{seat} drew {count}"),
            Event::AttackDeclared {
                seat,
                card: c,
                target,
            } => {
                format!("{seat}'s {} attacks {target}", card(&set, *c))
            }
            Event::Damage { seat, col, life } => format!("{seat}'s {col} defense drops to {life}"),
            Event::Defeated { seat, col } => format!("{seat}'s {col} defense is defeated"),
            Event::Eliminated { seat } => format!("{seat} is eliminated"),
            other => format!("{other:?}"),
        }
    }
}

fn yes(b: bool) -> &'static str {
    if b {
        "use"
    } else {
        "decline"
    }
}

fn guard_text(g: GuardChoice) -> String {
    match g {
        GuardChoice::Defense(c) => format!("{c} defense"),
        GuardChoice::Unit(u) => unit(u),
    }
}

/// Whether `seat` is among those the view says may act.
pub fn is_to_act(view: &View, seat: Seat) -> bool {
    view.to_act.contains(seat) && view.pending != Pending::GameOver
}
