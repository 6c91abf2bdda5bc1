//! Plain-text board, menu labels and narration for terminal front ends ([`TextUi`]).
//! Everything is drawn from the view (or the redacted event) and the configuration's
//! card set; a card the viewer may not identify is only ever called "face-down".

use crate::action::{
    Action, Choice, Col, GuardChoice, ManaPos, Pay, Row, Side, SkillFrom, SummonBy, Target, Unit,
};
use crate::card_text;
use crate::cards::{Aux, BoardEffect, CardDef, CardId, CardSet, Effect, HealCap};
use crate::config::{BoardAssignment, Config};
use crate::event::{DeckKind, Event};
use crate::game::Monjan;
use crate::state::{
    Attack, DefCard, Defense, Guard, Pending, Phase, SlotKind, Trigger, WindowKind,
};
use crate::view::{ColumnView, ManaView, Shown, View};
use fuda_core::{CardText, Outcome, Seat, TextUi};
use std::fmt::Write;

mod explain;

/// A card's printed name: "Fire 9", "Water +3", "Boss 18", "Yoom Scout".
fn card(set: &CardSet, c: CardId) -> String {
    set.def(c)
        .map_or_else(|| "an unknown card".into(), card_text::def_name)
}

/// A card's name with what it is: "Yoom Scout (Extra, power 3)".
fn card_long(set: &CardSet, c: CardId) -> String {
    let what = match set.def(c) {
        Some(CardDef::Number { .. }) => "number card".to_string(),
        Some(CardDef::Battle { aux, .. }) => match aux {
            Aux::Plus(n) => format!("battle card: +{n} to an attack, or heal {n}"),
            Aux::Kill => "battle card: destroy an opponent's attacking card".into(),
            Aux::ManaOnly => "battle card, mana only".into(),
        },
        Some(CardDef::BossAssa { .. }) => "Boss-Assassin".into(),
        Some(CardDef::Extra { power, .. }) => format!("Extra, power {power}"),
        Some(CardDef::Toughness { cost, attack, .. }) => {
            format!("Toughness, cost {cost}, attack {attack}")
        }
        None => return card(set, c),
    };
    format!("{} ({what})", card(set, c))
}

fn cards(set: &CardSet, list: &[CardId]) -> String {
    if list.is_empty() {
        return "—".into();
    }
    list.iter()
        .map(|c| card(set, *c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn shown(set: &CardSet, s: Shown) -> String {
    match s {
        Shown::Card(c) => card(set, c),
        Shown::FaceDown => "face-down card".into(),
    }
}

fn col_word(c: Col) -> &'static str {
    match c {
        Col::L => "left",
        Col::M => "middle",
        Col::R => "right",
    }
}

fn side_word(s: Side) -> &'static str {
    match s {
        Side::Left => "left",
        Side::Right => "right",
    }
}

fn deck_word(d: DeckKind) -> &'static str {
    match d {
        DeckKind::Main => "main deck",
        DeckKind::Boss => "Boss-Assassin deck",
        DeckKind::Et => "E/T deck",
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

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What an E/T skill does, in words.
fn effect_text(e: &Effect) -> String {
    match e {
        Effect::AddAttack(n) => format!("+{n} to one of your attacks"),
        Effect::Heal { n, cap } => format!(
            "heal one of your defenses by {n}{}",
            match cap {
                HealCap::Printed => "",
                HealCap::Sixteen => " (up to 16)",
            }
        ),
        Effect::Kill => "destroy an opponent's attacking card".into(),
        Effect::DrawMain(n) => format!("draw {}", plural(*n, "main card", "main cards")),
        Effect::DrawEt(n) => format!("draw {}", plural(*n, "E/T card", "E/T cards")),
        Effect::ReviveDefense(n) => format!("revive a defeated side defense with {n} life"),
        Effect::SummonSelf => "summon this card into an empty attack slot".into(),
        Effect::Chance { faces, then } => {
            let f: Vec<String> = faces.iter().map(u8::to_string).collect();
            format!("roll a die, on {}: {}", f.join("/"), effect_text(then))
        }
    }
}

/// What an E/T skill does to its chosen target, in words.
fn skill_on_target(set: &CardSet, view: &View, e: &Effect, t: Target) -> String {
    match (e, t) {
        (Effect::Heal { n, cap }, Target::Col(c)) => format!(
            "heal your {} defense by {n}{}",
            col_word(c),
            match cap {
                HealCap::Printed => "",
                HealCap::Sixteen => " (up to 16)",
            }
        ),
        (Effect::ReviveDefense(n), Target::Col(c)) => {
            format!("revive your {} defense with {n} life", col_word(c))
        }
        (Effect::SummonSelf, Target::Col(c)) => {
            format!("summon it into your {} attack slot", col_word(c))
        }
        (Effect::Kill, Target::Card { seat, unit }) => {
            format!("destroy {seat}'s {}", unit_text(set, view, seat, unit))
        }
        (Effect::Chance { faces, then }, t) => {
            let f: Vec<String> = faces.iter().map(u8::to_string).collect();
            format!(
                "roll a die, on {}: {}",
                f.join("/"),
                skill_on_target(set, view, then, t)
            )
        }
        (e, t) => format!("{}{}", effect_text(e), target_text(set, view, t)),
    }
}

/// What a board skill does to its chosen target, in words.
fn board_skill_on_target(set: &CardSet, view: &View, e: BoardEffect, t: Target) -> String {
    match (e, t) {
        (BoardEffect::Heal { n }, Target::Col(c)) => {
            format!("heal your {} defense by {n}", col_word(c))
        }
        (BoardEffect::SalvageBattleCard, Target::Salvage { give, take }) => format!(
            "give up {} and take {} from the discard pile",
            card(set, give),
            card(set, take)
        ),
        (BoardEffect::NullifyAttack, Target::Attack(i)) => {
            format!("nullify {}", attack_ref(set, view, i))
        }
        (e, t) => format!("{}{}", board_effect_text(e), target_text(set, view, t)),
    }
}

/// What a board skill does, in words.
fn board_effect_text(e: BoardEffect) -> String {
    match e {
        BoardEffect::Resurrect { max } => {
            format!("take a defense card reaching 0 life (up to {max})")
        }
        BoardEffect::RedirectAllToOne => {
            "send every attack of a faster attacker to one card".into()
        }
        BoardEffect::SalvageBattleCard => {
            "swap a hand card for a battle card in the discard pile".into()
        }
        BoardEffect::ExtendOneTurnSummon => "keep a one-turn Assassin one more battle turn".into(),
        BoardEffect::Heal { n } => format!("heal one of your defenses by {n}"),
        BoardEffect::DrawMain { n } => format!("draw {}", plural(n, "main card", "main cards")),
        BoardEffect::NullifyAttack => "nullify one attack of a slower attacker on you".into(),
        BoardEffect::ReflectHalf => "reflect half an attack of a slower attacker".into(),
    }
}

fn pay_text(pay: Pay) -> String {
    let parts: Vec<String> = Col::ALL
        .iter()
        .filter(|c| pay.0[c.index()] > 0)
        .map(|c| format!("{} from {}", pay.0[c.index()], col_word(*c)))
        .collect();
    match parts.len() {
        0 => "free".into(),
        1 => format!(
            "paying {} mana from the {} column",
            pay.total(),
            Col::ALL
                .iter()
                .find(|c| pay.0[c.index()] > 0)
                .map_or("?", |c| col_word(*c))
        ),
        _ => format!("paying {} mana ({})", pay.total(), parts.join(", ")),
    }
}

/// A mana card by position as the view shows it: "Fire 3 (left mana, 2nd from the bottom)".
fn mana_pos_text(set: &CardSet, view: &View, seat: Seat, pos: ManaPos) -> String {
    let name = view
        .player(seat)
        .and_then(|p| p.cols.get(pos.col.index()))
        .and_then(|c| c.mana.get(usize::from(pos.index)))
        .map_or("a mana card".to_string(), |m| mana_text(set, m));
    let nth = u32::from(pos.index) + 1;
    let suffix = match nth % 10 {
        1 if nth % 100 != 11 => "st",
        2 if nth % 100 != 12 => "nd",
        3 if nth % 100 != 13 => "rd",
        _ => "th",
    };
    format!(
        "{name} ({} mana, {nth}{suffix} from the bottom)",
        col_word(pos.col)
    )
}

fn face_down(f: bool) -> &'static str {
    if f {
        ", face down"
    } else {
        ""
    }
}

/// The card at a unit position as the view shows it: "left attacker Fire 9".
fn unit_text(set: &CardSet, view: &View, seat: Seat, u: Unit) -> String {
    let p = view.player(seat);
    match u {
        Unit::Slot(c) => {
            let slot = p.and_then(|p| p.cols.get(c.index())).and_then(|c| c.attack);
            match slot {
                Some(s) => format!(
                    "{} in the {} attack slot",
                    slot_card(set, s.card, s.kind),
                    col_word(c)
                ),
                None => format!("card in the {} attack slot", col_word(c)),
            }
        }
        Unit::Extra => match p.and_then(|p| p.extra) {
            Some(Shown::Card(x)) => format!("Extra {}", card(set, x)),
            _ => "face-down Extra".into(),
        },
        Unit::OneTurn(i) => match p.and_then(|p| p.one_turn.get(usize::from(i))) {
            Some(Shown::Card(x)) => format!("one-turn {}", card(set, *x)),
            _ => format!("face-down one-turn Boss-Assassin #{}", u32::from(i) + 1),
        },
        Unit::Resurrected(i) => match p.and_then(|p| p.resurrected.get(usize::from(i))) {
            Some(x) => format!("resurrected {}", card(set, *x)),
            None => format!("resurrected card #{}", u32::from(i) + 1),
        },
    }
}

fn slot_card(set: &CardSet, s: Shown, kind: SlotKind) -> String {
    match (s, kind) {
        (Shown::Card(c), _) => card(set, c),
        (Shown::FaceDown, SlotKind::Toughness) => "face-down Toughness".into(),
        (Shown::FaceDown, SlotKind::Number | SlotKind::Boss) => "face-down card".into(),
    }
}

fn guard_text(set: &CardSet, view: &View, seat: Seat, g: GuardChoice) -> String {
    match g {
        GuardChoice::Defense(c) => format!("{} defense", col_word(c)),
        GuardChoice::Unit(u) => unit_text(set, view, seat, u),
    }
}

fn attack_text(set: &CardSet, a: &Attack) -> String {
    format!("{} → {} for {}", card(set, a.source), a.target, a.total())
}

/// "attack #1 (Brawler → P2 for 8)".
fn attack_ref(set: &CardSet, view: &View, i: u8) -> String {
    match view
        .battle
        .as_ref()
        .and_then(|b| b.attacks.get(usize::from(i)))
    {
        Some(a) => format!("attack #{} ({})", u32::from(i) + 1, attack_text(set, a)),
        None => format!("attack #{}", u32::from(i) + 1),
    }
}

fn target_text(set: &CardSet, view: &View, t: Target) -> String {
    match t {
        Target::None => String::new(),
        Target::Col(c) => format!(" on your {} column", col_word(c)),
        Target::Attack(i) => format!(" on {}", attack_ref(set, view, i)),
        Target::Card { seat, unit } => format!(" on {seat}'s {}", unit_text(set, view, seat, unit)),
        Target::Salvage { give, take } => format!(
            ": give up {} and take {} from the discard pile",
            card(set, give),
            card(set, take)
        ),
    }
}

/// The decision awaited, in words ("P0 to pick an initial-equipment card").
fn pending_line(view: &View) -> String {
    let me = view.observer.seat();
    let who = |s: Seat| {
        if Some(s) == me {
            "you".to_string()
        } else {
            s.to_string()
        }
    };
    match view.pending {
        Pending::ChooseBoard { seat } => format!("{} to choose a status board", who(seat)),
        Pending::Pick { seat } => format!("{} to pick an initial-equipment card", who(seat)),
        Pending::Edit => {
            let list: Vec<String> = view.to_act.iter().map(who).collect();
            format!(
                "{} to edit (play cards, then declare End)",
                if list.is_empty() {
                    "nobody".to_string()
                } else {
                    list.join(", ")
                }
            )
        }
        Pending::Window { seat } => {
            let when = match view.battle.as_ref().and_then(|b| b.window).map(|w| w.kind) {
                Some(WindowKind::W1) => " before the attacks are declared",
                Some(WindowKind::W2) => " after the guards",
                None => "",
            };
            format!(
                "{} to play a battle card or skill, or pass{when}",
                who(seat)
            )
        }
        Pending::Declare { seat } => format!("{} to declare attacks", who(seat)),
        Pending::Flame { seat } => format!("{} to use Flame of Wrath or not", who(seat)),
        Pending::FlameTarget { seat } => {
            format!("{} to choose the card that takes every attack", who(seat))
        }
        Pending::Guard { seat } => format!("{} to guard the incoming attacks", who(seat)),
        Pending::Resurrect { seat } => {
            format!("{} to use Hell's Resurrection Rite or not", who(seat))
        }
        Pending::DragonTrap { seat } => format!("{} to use Dragon Trap or not", who(seat)),
        Pending::TrapGuard { seat } => format!("{} to guard the reflected attack", who(seat)),
        Pending::GameOver => "nobody: the game is over".into(),
    }
}

fn phase_word(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setup",
        Phase::Edit => "edit turn",
        Phase::Battle => "battle turn",
        Phase::Over => "game over",
    }
}

fn defense_text(set: &CardSet, d: Defense) -> String {
    match d {
        Defense::Empty => "none".into(),
        Defense::Defeated => "DEFEATED".into(),
        Defense::Live {
            card: dc,
            printed,
            life,
        } => {
            let what = match dc {
                DefCard::Number(x) => card(set, x),
                DefCard::Boss => "Boss-Assassin".into(),
                DefCard::Revived => "revived".into(),
            };
            format!("{what} (life {life}/{printed})")
        }
    }
}

fn mana_text(set: &CardSet, m: &ManaView) -> String {
    let name = if m.element {
        "Element".to_string()
    } else {
        match m.card {
            Shown::Card(c) => card(set, c),
            Shown::FaceDown => "face-down".into(),
        }
    };
    // MC-D10: a face-down mana card is marked, for its owner too (who sees its name).
    let name = if m.face_down && !m.element {
        format!("{FACE_DOWN}{name}")
    } else {
        name
    };
    if m.spent {
        format!("{name} (spent)")
    } else {
        name
    }
}

/// The mark of a face-down mana card on the board (MC-D10).
const FACE_DOWN: &str = "▼";

/// What every symbol of [`Monjan::render_view`]'s board means (MC-D10).
const LEGEND: &str = "\
── Monjan ── Round n · edit turn / battle turn  the round and the phase; \"the others are shown as at the start of the edit turn\": a simultaneous edit turn hides their changes until everyone declares End (MC-4.6)
Decks: main · Boss-Assassin · E/T  cards left in each deck (counts only, never the order)
Discard piles: n (top X)  each discard pile's size and its top card
┌ P0 (you) · board (priority n) · n in hand  a player's block: seat, status board (lower priority acts first on a speed tie), hand size
│  one row of a player's block; └ closes it
OUT  that player is eliminated
last die n  the player's last die result
n resurrections  cards taken by Hell's Resurrection Rite this game
left / middle / right  the board's columns L, M, R; each has an attack slot, a defense slot and a mana stack
attack X  the card in the column's attack slot; — an empty slot
face-down Toughness / face-down card  a card placed face down in an attack slot (only its owner sees which)
defense X (life n/m)  the defense card, its life now and its printed life; revived: a revived defense with no card; Boss-Assassin: a permanent Boss-Assassin
defense none  no defense was ever placed there (Empty: it cannot guard or be healed)
DEFEATED  the defense fell to 0 life: no defense card may enter that column again, and that side's board skill is unlocked
mana [A, B, C]  the column's mana stack, bottom first (the last card is the top)
▼  a face-down mana card: its owner sees ▼ and the card's name (▼Fire 11), the others only ▼face-down; all are turned face up when the battle turn starts (MC-D10)
Element  a face-down all-attribute mana card from a defeated column: wild for placing number cards, speed 0; the bottom one is never discarded
face-down  a hidden card: you may not see which it is
(spent)  mana paid this round: it still counts for speed and conditions and is discarded at cleanup
Extra: X (Extra, power n)  the Extra card beside the board; a face-down card: an Extra placed face down
one-turn Boss-Assassins  Boss-Assassins summoned for this battle turn only
resurrected  cards taken by Hell's Resurrection Rite: each attacks for 1
your hand / known in hand  your hand; the cards of another hand that everybody saw go in
Initial-equipment pool  the cards left to pick (face-down cards: random picks)
Order from rock-paper-scissors  the order of picks and board choices
Battle order: P0 → P1 · step n of m · P0 attacks  who attacks in which order (faster first), and whose attack step it is
attack #n: X → P1 for v  an attack of this step: the attacking card, its target and its value (with bonuses)
, guarded by  what takes that attack (a defense, or a card that is destroyed instead)
(nullified)  the attack was cancelled by One-Night Castle
(resolved, n damage)  the attack has been resolved and did that much damage
Flame of Wrath: X takes every attack  every attack of this attacker on that player goes to that card
Hell's Resurrection Rite may take / Dragon Trap may reflect  a board skill that may be used now
Waiting for  whose decision the game waits for
Fire / Water / Earth / Wind / Neutral  the attributes (red, blue, brown, yellow, grey); Fire 9: a number card, Fire +3: a battle card, Boss 22 / Assassin 9: Boss-Assassin cards
—  nothing";

fn column_line(set: &CardSet, c: Col, col: &ColumnView) -> String {
    let atk = col
        .attack
        .map_or("—".into(), |a| slot_card(set, a.card, a.kind));
    let mana: Vec<String> = col.mana.iter().map(|m| mana_text(set, m)).collect();
    format!(
        "│ {:<6} attack {atk:<20} defense {:<26} mana [{}]",
        col_word(c),
        defense_text(set, col.defense),
        mana.join(", ")
    )
}

impl TextUi for Monjan {
    fn render_view(config: &Config, view: &View) -> String {
        let set = config.cards();
        let me = view.observer.seat();
        let mut out = String::new();
        let when = if view.phase == Phase::Setup {
            "setup, before Round 1".to_string()
        } else {
            format!("Round {} · {}", view.round, phase_word(view.phase))
        };
        let _ = writeln!(
            out,
            "── Monjan ── {when}{}",
            if view.frozen {
                " · the others are shown as at the start of the edit turn"
            } else {
                ""
            }
        );
        let top = |pile: &[CardId]| {
            pile.last()
                .map_or(String::new(), |c| format!(" (top {})", card(set, *c)))
        };
        let _ = writeln!(
            out,
            "Decks: main {} · Boss-Assassin {} · E/T {}   Discard piles: main {}{} · Boss-Assassin {}{} · E/T {}{}",
            view.piles.main_deck,
            view.piles.boss_deck,
            view.piles.et_deck,
            view.piles.main_discard.len(),
            top(&view.piles.main_discard),
            view.piles.boss_discard.len(),
            top(&view.piles.boss_discard),
            view.piles.et_discard.len(),
            top(&view.piles.et_discard),
        );
        if view.phase == Phase::Setup {
            match &view.pool {
                Some(pool) => {
                    let _ = writeln!(out, "Initial-equipment pool: {}", cards(set, pool));
                }
                None if view.pool_count > 0 => {
                    let _ = writeln!(
                        out,
                        "Initial-equipment pool: {} face-down cards",
                        view.pool_count
                    );
                }
                None => {}
            }
            if !view.rps.is_empty() {
                let _ = writeln!(
                    out,
                    "Order from rock-paper-scissors: {}",
                    view.rps
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(" → ")
                );
            }
        }
        for (i, p) in view.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let board = p
                .board
                .and_then(|b| set.board(b))
                .map_or("no board yet".to_string(), |b| {
                    format!("{} (priority {})", b.name, b.priority)
                });
            let mut extras = Vec::new();
            if !p.alive {
                extras.push("OUT".to_string());
            }
            if let Some(r) = p.last_roll {
                extras.push(format!("last die {r}"));
            }
            if p.resurrections > 0 {
                extras.push(plural(p.resurrections, "resurrection", "resurrections"));
            }
            let _ = writeln!(
                out,
                "┌ {seat}{} · {board} · {} in hand{}",
                if Some(seat) == me { " (you)" } else { "" },
                p.hand_count,
                extras.iter().map(|e| format!(" · {e}")).collect::<String>()
            );
            for (c, col) in Col::ALL.iter().zip(&p.cols) {
                let _ = writeln!(out, "{}", column_line(set, *c, col));
            }
            if let Some(e) = p.extra {
                let _ = writeln!(
                    out,
                    "│ Extra: {}",
                    match e {
                        Shown::Card(x) => card_long(set, x),
                        Shown::FaceDown => "a face-down card".into(),
                    }
                );
            }
            if !p.one_turn.is_empty() {
                let list: Vec<String> = p.one_turn.iter().map(|o| shown(set, *o)).collect();
                let _ = writeln!(out, "│ one-turn Boss-Assassins: {}", list.join(", "));
            }
            if !p.resurrected.is_empty() {
                let _ = writeln!(out, "│ resurrected: {}", cards(set, &p.resurrected));
            }
            match &p.hand {
                Some(h) => {
                    let _ = writeln!(out, "│ your hand: {}", cards(set, h));
                }
                None if !p.known_hand.is_empty() => {
                    let _ = writeln!(out, "│ known in hand: {}", cards(set, &p.known_hand));
                }
                None => {}
            }
            let _ = writeln!(out, "└");
        }
        if let Some(b) = &view.battle {
            let attacker = b.order.get(usize::from(b.step));
            let _ = writeln!(
                out,
                "Battle order: {} · step {} of {}{}",
                b.order
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" → "),
                u32::from(b.step) + 1,
                b.order.len(),
                attacker.map_or(String::new(), |s| format!(" · {s} attacks"))
            );
            for (i, a) in b.attacks.iter().enumerate() {
                let guard = match a.guard {
                    Some(Guard::Defense(c)) => format!(", guarded by the {} defense", col_word(c)),
                    Some(Guard::Card(c)) => format!(", guarded by {}", card(set, c)),
                    None => String::new(),
                };
                let _ = writeln!(
                    out,
                    "  attack #{}: {}{guard}{}{}",
                    i + 1,
                    attack_text(set, a),
                    if a.nullified { " (nullified)" } else { "" },
                    if a.done {
                        format!(" (resolved, {} damage)", a.damage)
                    } else {
                        String::new()
                    }
                );
            }
            if let Some((seat, c)) = b.flame {
                let _ = writeln!(
                    out,
                    "  Flame of Wrath: {seat}'s {} takes every attack",
                    card(set, c)
                );
            }
            match b.trigger {
                Some(Trigger::Resurrect { seat, col }) => {
                    let _ = writeln!(
                        out,
                        "  Hell's Resurrection Rite may take {seat}'s {} defense",
                        col_word(col)
                    );
                }
                Some(Trigger::Trap { attack }) => {
                    let _ = writeln!(
                        out,
                        "  Dragon Trap may reflect attack #{}",
                        u32::from(attack) + 1
                    );
                }
                Some(Trigger::TrapGuard { value }) => {
                    let _ = writeln!(out, "  a reflected attack of {value} needs a guard");
                }
                None => {}
            }
        }
        match &view.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {}", outcome_line(o));
            }
            None => {
                let _ = writeln!(out, "Waiting for {}", pending_line(view));
            }
        }
        out
    }

    fn describe_action(config: &Config, view: &View, action: &Action) -> String {
        let set = config.cards();
        let me = action.seat;
        let c = |x: CardId| card(set, x);
        let own_board = view
            .player(me)
            .and_then(|p| p.board)
            .and_then(|b| set.board(b));
        match &action.choice {
            Choice::ChooseBoard { board } => match set.board(*board) {
                Some(b) => format!(
                    "Choose the board {} (priority {}; left: {}, right: {})",
                    b.name, b.priority, b.left.name, b.right.name
                ),
                None => format!("Choose board #{}", u32::from(*board) + 1),
            },
            Choice::PickEquipment { card: x } => format!("Pick {}", card_long(set, *x)),
            Choice::PlaceInitialDefense { card: x } => {
                format!("Set {} as your middle defense", c(*x))
            }
            Choice::PlaceMana {
                card: x,
                col,
                face_down: f,
            } => format!(
                "Put {} on your {} mana stack{}",
                c(*x),
                col_word(*col),
                face_down(*f)
            ),
            Choice::PlaceNumber { card: x, col, row } => format!(
                "Place {} in your {} {} slot",
                c(*x),
                col_word(*col),
                match row {
                    Row::Attack => "attack",
                    Row::Defense => "defense",
                }
            ),
            Choice::SummonExtra {
                card: x,
                face_down: f,
                by,
            } => {
                let how = match by {
                    Some(SummonBy::Pair) => " by its attribute pair (it lives while a condition holds)".to_string(),
                    Some(SummonBy::Number(col)) => format!(
                        " by the number on your {} mana (it dies once that card is covered or gone)",
                        col_word(*col)
                    ),
                    None => String::new(),
                };
                format!(
                    "Summon {} as your Extra{how}{}",
                    card_long(set, *x),
                    face_down(*f)
                )
            }
            Choice::SummonToughness {
                card: x,
                col,
                pay,
                face_down: f,
            } => format!(
                "Summon {} into your {} attack slot, {}{}",
                card_long(set, *x),
                col_word(*col),
                pay_text(*pay),
                face_down(*f)
            ),
            Choice::SummonBossOneTurn { pay, face_down: f } => format!(
                "Summon a one-turn Boss-Assassin for this battle turn, {}{}",
                pay_text(*pay),
                face_down(*f)
            ),
            Choice::SummonBossPermanent { col } => format!(
                "Summon a permanent Boss-Assassin into your {} column, paying 5 mana from it",
                col_word(*col)
            ),
            Choice::UseBoardSkill { side, target } => {
                let skill = own_board.map(|b| match side {
                    Side::Left => &b.left,
                    Side::Right => &b.right,
                });
                match skill {
                    Some(s) => format!(
                        "Use {}: {}",
                        s.name,
                        board_skill_on_target(set, view, s.effect, *target)
                    ),
                    None => format!(
                        "Use your {} board skill{}",
                        side_word(*side),
                        target_text(set, view, *target)
                    ),
                }
            }
            Choice::UseSkill {
                from,
                skill,
                target,
                pay,
                discard,
            } => {
                let p = view.player(me);
                let id = match from {
                    SkillFrom::Extra => match p.and_then(|p| p.extra) {
                        Some(Shown::Card(x)) => Some(x),
                        _ => None,
                    },
                    SkillFrom::Slot(col) => match p
                        .and_then(|p| p.cols.get(col.index()))
                        .and_then(|c| c.attack)
                        .map(|a| a.card)
                    {
                        Some(Shown::Card(x)) => Some(x),
                        _ => None,
                    },
                    SkillFrom::Hand(x) => Some(*x),
                };
                let src = match (from, id) {
                    (SkillFrom::Extra, Some(x)) => format!("your Extra {}", c(x)),
                    (SkillFrom::Extra, None) => "your Extra".into(),
                    (SkillFrom::Slot(col), Some(x)) => {
                        format!("{} in your {} attack slot", c(x), col_word(*col))
                    }
                    (SkillFrom::Slot(col), None) => {
                        format!("the card in your {} attack slot", col_word(*col))
                    }
                    (SkillFrom::Hand(_), Some(x)) => format!("{} from your hand", c(x)),
                    (SkillFrom::Hand(_), None) => "a card from your hand".into(),
                };
                let what = id
                    .and_then(|x| set.def(x))
                    .and_then(|d| d.skills().get(usize::from(*skill)))
                    .map_or(
                        format!(
                            "skill {}{}",
                            u32::from(*skill) + 1,
                            target_text(set, view, *target)
                        ),
                        |s| skill_on_target(set, view, &s.effect, *target),
                    );
                let cost = if !discard.is_empty() {
                    let cards: Vec<String> = discard
                        .iter()
                        .map(|pos| mana_pos_text(set, view, me, *pos))
                        .collect();
                    format!(", discarding {}", cards.join(" and "))
                } else if pay.total() > 0 {
                    format!(", {}", pay_text(*pay))
                } else {
                    String::new()
                };
                format!("Use {src}: {what}{cost}")
            }
            Choice::DeclareEnd => "Declare End (エンド): finish your edit turn".into(),
            Choice::Pass => "Pass".into(),
            Choice::PlayBattleCard { card: x, target } => {
                let verb = match (set.def(*x), target) {
                    (
                        Some(CardDef::Battle {
                            aux: Aux::Plus(n), ..
                        }),
                        Target::Col(col),
                    ) => {
                        format!(
                            "Play {} to heal your {} defense by {n}",
                            c(*x),
                            col_word(*col)
                        )
                    }
                    _ => format!("Play {}{}", c(*x), target_text(set, view, *target)),
                };
                verb
            }
            Choice::DeclareAttack { unit, target } => format!(
                "Attack {target} with your {}",
                unit_text(set, view, me, *unit)
            ),
            Choice::ExtraHeal { col } => format!(
                "Let your Extra heal your {} defense instead of attacking",
                col_word(*col)
            ),
            Choice::EndDeclaration => "Finish declaring attacks (the rest hold back)".into(),
            Choice::FlameOfWrath { use_it } => {
                if *use_it {
                    "Use Flame of Wrath".into()
                } else {
                    "Do not use Flame of Wrath".into()
                }
            }
            Choice::FlameTarget { unit } => format!(
                "Let your {} take every attack",
                unit_text(set, view, me, *unit)
            ),
            Choice::AssignGuard { attack, guard } => {
                format!(
                    "Guard {} with your {}",
                    attack_ref(set, view, *attack),
                    guard_text(set, view, me, *guard)
                )
            }
            Choice::Resurrection { use_it } => {
                if *use_it {
                    "Use Hell's Resurrection Rite".into()
                } else {
                    "Do not use Hell's Resurrection Rite".into()
                }
            }
            Choice::DragonTrap { use_it } => {
                if *use_it {
                    "Use Dragon Trap".into()
                } else {
                    "Do not use Dragon Trap".into()
                }
            }
            Choice::TrapGuard { guard } => format!(
                "Guard the reflected attack with your {}",
                guard_text(set, view, me, *guard)
            ),
        }
    }

    /// The menu label, what the action does under the rules, and the generated rules text
    /// of every card it involves (MC-D10).
    fn explain_action(config: &Config, view: &View, action: &Action) -> String {
        explain::explain(
            config,
            view,
            action,
            Self::describe_action(config, view, action),
        )
    }

    /// Every card of the set, then every status board, with rules text generated from the
    /// data (MC-D10).
    fn cards(config: &Config) -> Vec<CardText> {
        card_text::card_texts(config)
    }

    fn legend() -> &'static str {
        LEGEND
    }

    /// The board a seat plays when the configuration fixes the boards (`board_assignment =
    /// fixed`); random and drafted boards change from game to game, so they give no label.
    fn seat_label(config: &Config, seat: Seat) -> Option<String> {
        match &config.board_assignment {
            BoardAssignment::Fixed(ids) => {
                let id = ids.get(seat.index())?;
                let set = config.cards();
                let name = set
                    .board_index(id)
                    .and_then(|b| set.board(b))
                    .map_or_else(|| id.clone(), |b| b.name.clone());
                Some(format!("board {name}"))
            }
            BoardAssignment::Random | BoardAssignment::Draft => None,
        }
    }

    /// One heading per card in hand, field card, board skill and End in the edit turn and
    /// the windows; per attacking card in declarations; per attack in guards (MC-D10).
    fn menu_group(config: &Config, view: &View, action: &Action) -> Option<String> {
        explain::group(config, view, action)
    }

    fn describe_event(config: &Config, event: &Event) -> String {
        let set = config.cards();
        let c = |x: CardId| card(set, x);
        match event {
            Event::BoardAssigned { seat, board } => match set.board(*board) {
                Some(b) => format!("{seat} takes the board {}", b.name),
                None => format!("{seat} takes board #{}", u32::from(*board) + 1),
            },
            Event::Picked {
                seat,
                card: Some(x),
                ..
            } => format!("{seat} picks {}", c(*x)),
            Event::Picked {
                seat, card: None, ..
            } => format!("{seat} picks a face-down initial-equipment card"),
            Event::Drew {
                seat,
                deck,
                count,
                cards: list,
            } => {
                if list.is_empty() {
                    format!(
                        "{seat} draws {} from the {}",
                        plural(*count, "card", "cards"),
                        deck_word(*deck)
                    )
                } else {
                    format!(
                        "{seat} draws {} from the {}",
                        cards(set, list),
                        deck_word(*deck)
                    )
                }
            }
            Event::DeckRebuilt { deck } => format!(
                "The {} is rebuilt from its discard pile",
                deck_word(*deck)
            ),
            Event::RoundStarted { round } => format!("— Round {round}: the edit turn begins —"),
            Event::Acted {
                seat,
                choice,
                card: x,
                col,
                secret,
            } => {
                let what = match x {
                    Some(x) => c(*x),
                    None => "a face-down card".into(),
                };
                let fd = if *secret && x.is_some() {
                    " face down"
                } else {
                    ""
                };
                let col = col.map_or("?", col_word);
                match choice.as_str() {
                    "place_initial_defense" => {
                        format!("{seat} sets {what} as the middle defense")
                    }
                    "place_mana" => format!("{seat} puts {what} on the {col} mana stack{fd}"),
                    "place_number" => format!("{seat} places {what} in the {col} column"),
                    "summon_extra" => format!("{seat} summons {what} as the Extra{fd}"),
                    "summon_toughness" => {
                        format!("{seat} summons {what} into the {col} attack slot{fd}")
                    }
                    "summon_boss_one_turn" => match x {
                        Some(x) => format!(
                            "{seat} summons {} as a one-turn Boss-Assassin{fd}",
                            c(*x)
                        ),
                        None => format!("{seat} summons a face-down one-turn Boss-Assassin"),
                    },
                    "summon_boss_permanent" => match x {
                        Some(x) => format!(
                            "{seat} summons {} as a permanent Boss-Assassin in the {col} column",
                            c(*x)
                        ),
                        None => format!(
                            "{seat} summons a permanent Boss-Assassin in the {col} column"
                        ),
                    },
                    "use_skill" => format!("{seat} uses a skill of {what}"),
                    "play_battle_card" => format!("{seat} plays {what}"),
                    board_skill => format!("{seat} uses the board skill {board_skill}"),
                }
            }
            Event::Hidden { event, .. } => Self::describe_event(config, event),
            Event::Disclosed { event, .. } => format!(
                "(edit turn, now revealed) {}",
                Self::describe_event(config, event)
            ),
            Event::DieRolled {
                seat,
                result,
                success,
            } => format!(
                "{seat} rolls a {result}: {}",
                if *success {
                    "the skill works"
                } else {
                    "the skill fails"
                }
            ),
            Event::EndDeclared { seat } => format!("{seat} declares End (エンド)"),
            Event::BattleStarted { order } => format!(
                "— The battle turn begins (order {}); edit changes and face-down mana are revealed —",
                order
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" → ")
            ),
            Event::AttackDeclared {
                seat,
                card: x,
                target,
            } => format!("{seat}'s {} attacks {target}", c(*x)),
            Event::GuardAssigned {
                seat,
                attack,
                guard,
            } => match guard {
                Guard::Defense(col) => format!(
                    "{seat} guards attack #{} with the {} defense",
                    u32::from(*attack) + 1,
                    col_word(*col)
                ),
                Guard::Card(x) => {
                    format!("{seat} guards attack #{} with {}", u32::from(*attack) + 1, c(*x))
                }
            },
            Event::Damage { seat, col, life } => format!(
                "{seat}'s {} defense takes damage: {life} life left",
                col_word(*col)
            ),
            Event::Healed { seat, col, life } => format!(
                "{seat}'s {} defense is healed to {life} life",
                col_word(*col)
            ),
            Event::Destroyed { seat, card: x } => format!("{seat}'s {} is destroyed", c(*x)),
            Event::Defeated { seat, col } => {
                format!("{seat}'s {} defense is defeated", col_word(*col))
            }
            Event::Resurrected { seat, card: x } => format!(
                "{seat} takes {} with Hell's Resurrection Rite",
                c(*x)
            ),
            Event::Eliminated { seat } => format!("{seat} is eliminated"),
            Event::Cleanup { round } => format!("Round {round} ends: cleanup"),
            Event::GameOver { outcome } => format!("Game over: {}", outcome_line(outcome)),
        }
    }
}

/// Whether `seat` is among those the view says may act.
pub fn is_to_act(view: &View, seat: Seat) -> bool {
    view.to_act.contains(seat) && view.pending != Pending::GameOver
}
