//! Longer explanations of actions and the menu headings that group them (issue 11,
//! decision MC-D10): what an action does under the rules, with the generated rules text
//! of every card it involves, and one heading per card for the edit-turn menu.

use super::{attack_ref, card, col_word, unit_text, FACE_DOWN};
use crate::action::{Action, Choice, GuardChoice, Row, Side, SkillFrom, SummonBy, Target, Unit};
use crate::card_text::{self, board_effect_words, board_text, kind_word, rules_text, skill_words};
use crate::cards::{CardDef, CardId, CardSet, Timing};
use crate::config::Config;
use crate::view::{Shown, View};
use fuda_core::Seat;

/// The card at a unit position, if the view identifies it.
fn unit_card(view: &View, seat: Seat, u: Unit) -> Option<CardId> {
    let p = view.player(seat)?;
    let shown = match u {
        Unit::Slot(c) => p.cols.get(c.index())?.attack?.card,
        Unit::Extra => p.extra?,
        Unit::OneTurn(i) => *p.one_turn.get(usize::from(i))?,
        Unit::Resurrected(i) => Shown::Card(*p.resurrected.get(usize::from(i))?),
    };
    match shown {
        Shown::Card(c) => Some(c),
        Shown::FaceDown => None,
    }
}

/// The attacking card of one of the current step's attacks.
fn attack_source(view: &View, i: u8) -> Option<CardId> {
    view.battle
        .as_ref()
        .and_then(|b| b.attacks.get(usize::from(i)))
        .map(|a| a.source)
}

fn target_cards(view: &View, t: Target) -> Vec<CardId> {
    match t {
        Target::None | Target::Col(_) => Vec::new(),
        Target::Attack(i) => attack_source(view, i).into_iter().collect(),
        Target::Card { seat, unit } => unit_card(view, seat, unit).into_iter().collect(),
        Target::Salvage { give, take } => vec![give, take],
    }
}

/// The card an E/T skill is used from.
fn skill_source(view: &View, seat: Seat, from: SkillFrom) -> Option<CardId> {
    match from {
        SkillFrom::Extra => unit_card(view, seat, Unit::Extra),
        SkillFrom::Slot(c) => unit_card(view, seat, Unit::Slot(c)),
        SkillFrom::Hand(x) => Some(x),
    }
}

fn guard_card(view: &View, seat: Seat, g: GuardChoice) -> Option<CardId> {
    match g {
        GuardChoice::Defense(_) => None,
        GuardChoice::Unit(u) => unit_card(view, seat, u),
    }
}

/// Every card the action involves that the viewer can identify, the acting card first.
pub(super) fn involved(view: &View, a: &Action) -> Vec<CardId> {
    let me = a.seat;
    let mut out: Vec<CardId> = match &a.choice {
        Choice::ChooseBoard { .. }
        | Choice::SummonBossOneTurn { .. }
        | Choice::SummonBossPermanent { .. }
        | Choice::DeclareEnd
        | Choice::Pass
        | Choice::EndDeclaration
        | Choice::FlameOfWrath { .. }
        | Choice::Resurrection { .. }
        | Choice::DragonTrap { .. } => Vec::new(),
        Choice::PickEquipment { card: x }
        | Choice::PlaceInitialDefense { card: x }
        | Choice::PlaceMana { card: x, .. }
        | Choice::PlaceNumber { card: x, .. }
        | Choice::SummonExtra { card: x, .. }
        | Choice::SummonToughness { card: x, .. } => vec![*x],
        Choice::UseBoardSkill { target, .. } => target_cards(view, *target),
        Choice::UseSkill { from, target, .. } => skill_source(view, me, *from)
            .into_iter()
            .chain(target_cards(view, *target))
            .collect(),
        Choice::PlayBattleCard { card: x, target } => std::iter::once(*x)
            .chain(target_cards(view, *target))
            .collect(),
        Choice::DeclareAttack { unit, .. } | Choice::FlameTarget { unit } => {
            unit_card(view, me, *unit).into_iter().collect()
        }
        Choice::ExtraHeal { .. } => unit_card(view, me, Unit::Extra).into_iter().collect(),
        Choice::AssignGuard { attack, guard } => attack_source(view, *attack)
            .into_iter()
            .chain(guard_card(view, me, *guard))
            .collect(),
        Choice::TrapGuard { guard } => guard_card(view, me, *guard).into_iter().collect(),
    };
    let mut seen = Vec::new();
    out.retain(|c| {
        let fresh = !seen.contains(c);
        seen.push(*c);
        fresh
    });
    out
}

fn turn_skill(t: Timing) -> &'static str {
    match t {
        Timing::Edit => "This is your one edit skill of the turn, from every source (MC-6.11).",
        Timing::Battle => "This is your one battle skill of the turn, from every source (MC-6.11).",
    }
}

fn guard_words(g: GuardChoice) -> String {
    match g {
        GuardChoice::Defense(c) => format!(
            "Your {} defense takes the attack: its life drops by the attack's value, and at 0 \
             it is defeated (MC-6.4, MC-6.5; a defeated middle defense loses the game).",
            col_word(c)
        ),
        GuardChoice::Unit(_) => "That card takes the attack and is destroyed; you take no \
            damage and the attacker is unaffected (MC-6.4)."
            .into(),
    }
}

/// What the action does under the rules.
fn what_it_does(config: &Config, set: &CardSet, view: &View, a: &Action) -> String {
    let me = a.seat;
    let own_board = view
        .player(me)
        .and_then(|p| p.board)
        .and_then(|b| set.board(b));
    match &a.choice {
        Choice::ChooseBoard { board } => match set.board(*board) {
            Some(b) => format!(
                "Take this status board for the game (MC-5.1). {}",
                board_text(config, b)
            ),
            None => "Take this status board for the game (MC-5.1).".into(),
        },
        Choice::PickEquipment { .. } => "The card goes from the initial-equipment pool into \
            your hand; everybody knows it is there until it leaves (MC-5.2)."
            .into(),
        Choice::PlaceInitialDefense { .. } => "Round 1, first of all: this number card becomes \
            your middle defense, with life equal to its number. It needs no mana (MC-5.3). If \
            your middle defense is ever defeated, you lose."
            .into(),
        Choice::PlaceMana { face_down: f, .. } => {
            let mut t = "Your mana placement of this edit turn (MC-5.4): the card goes on top \
                of the stack. Each card of a stack lets one number card of its attribute \
                enter that column (MC-6.1); numbers on your stacks give your speed (faster \
                attacks first, MC-6.3) and top cards meet Extra summon conditions (MC-6.12)."
                .to_string();
            t.push(' ');
            t.push_str(&if *f {
                format!(
                    "Face down: the others see that a card is there, not which, until the \
                     battle turn starts (it shows as {FACE_DOWN} on the board)."
                )
            } else {
                "Face up: everybody sees it (in a simultaneous edit turn once everybody has \
                 declared End)."
                    .to_string()
            });
            t
        }
        Choice::PlaceNumber { row, .. } => {
            let slot = match row {
                Row::Attack => "In the attack slot it attacks for its number from the coming \
                    battle turn, and it can guard once (it is destroyed instead of a defense \
                    losing life)."
                    .to_string(),
                Row::Defense => "In the defense slot it gives life equal to its number; at 0 \
                    life the defense is defeated (a side column's mana then turns into \
                    Elements and that side's board skill unlocks, MC-6.5)."
                    .to_string(),
            };
            format!(
                "Your number-card placement of this turn (MC-5.5). It needs a mana card of \
                 its attribute (or an Element) in that column for each number card there \
                 (MC-6.1). {slot}"
            )
        }
        Choice::SummonExtra {
            by, face_down: f, ..
        } => {
            let how = match by {
                Some(SummonBy::Pair) => {
                    " Summoned by its attribute pair: it lives while a condition holds.".to_string()
                }
                Some(SummonBy::Number(c)) => format!(
                    " Summoned by the number of your {} top mana card: it dies once that card is \
                     covered or leaves the stack.",
                    col_word(*c)
                ),
                None => String::new(),
            };
            format!(
                "Your Extra summon of this turn (MC-5.6): no mana is paid; at most one Extra \
                 on your field; it dies when its condition no longer holds (MC-6.12).{how}{}",
                if *f {
                    " Face down: the others see only that you have an Extra until it attacks, \
                     heals, guards, uses a skill or leaves."
                } else {
                    ""
                }
            )
        }
        Choice::SummonToughness { face_down: f, .. } => format!(
            "Your Toughness summon of this turn (MC-5.7, MC-6.13): the cost is paid by \
             marking the topmost unspent cards of the paying column spent (they still count \
             this round and are discarded at cleanup, MC-6.2); the card enters the empty \
             attack slot whatever its maximum.{}",
            if *f {
                " Face down: the others see only an occupied slot."
            } else {
                ""
            }
        ),
        Choice::SummonBossOneTurn { face_down: f, .. } => format!(
            "Your Boss-Assassin summon of this turn (MC-5.8): pay 3 mana and draw the top card \
             of the Boss-Assassin deck. It attacks this battle turn for its strength, cannot \
             guard and leaves at cleanup.{}",
            if *f {
                " Face down: the others see only that you have one until it attacks."
            } else {
                ""
            }
        ),
        Choice::SummonBossPermanent { col } => format!(
            "Your Boss-Assassin summon of this turn (MC-5.9): pay 5 mana from the {} column \
             and draw the top card of the Boss-Assassin deck. It stays face up in that column: \
             it attacks for its strength and defends with life min(strength, 16).",
            col_word(*col)
        ),
        Choice::UseBoardSkill { side, .. } => {
            let skill = own_board.map(|b| match side {
                Side::Left => &b.left,
                Side::Right => &b.right,
            });
            match skill {
                Some(s) => {
                    let mut t = format!(
                        "{} (board skill): {}.",
                        s.name,
                        board_effect_words(config, s.effect)
                    );
                    if !s.chance.is_empty() {
                        let f: Vec<String> = s.chance.iter().map(u8::to_string).collect();
                        t.push_str(&format!(
                            " A die is rolled: it works on {}; a failed roll still uses the \
                             skill.",
                            f.join(", ")
                        ));
                    }
                    t.push(' ');
                    t.push_str(turn_skill(s.effect.timing()));
                    t
                }
                None => "A skill of your status board (MC-6.15).".into(),
            }
        }
        Choice::UseSkill {
            from, skill, pay, ..
        } => {
            let s = skill_source(view, me, *from)
                .and_then(|x| set.def(x))
                .and_then(|d| d.skills().get(usize::from(*skill)));
            match s {
                Some(s) => {
                    let mut t = skill_words(set, s);
                    if pay.total() > 0 {
                        t.push_str(" The paid mana is marked spent and discarded at cleanup.");
                    }
                    t.push(' ');
                    t.push_str(turn_skill(s.timing));
                    t
                }
                None => "A skill of an Extra or Toughness card (MC-6.11).".into(),
            }
        }
        Choice::DeclareEnd => "You finish your edit turn and cannot act again this turn \
            (MC-5.11). End is called aloud, so everybody sees it; the battle turn begins once \
            everybody has declared End."
            .into(),
        Choice::Pass => "You do nothing now. The window closes when every player passes in a \
            row (MC-6.10)."
            .into(),
        Choice::PlayBattleCard { .. } => "A battle card from your hand, discarded after use \
            (MC-6.9). Battle cards are not skills: they do not use your battle skill of the \
            turn."
            .into(),
        Choice::DeclareAttack { target, .. } => format!(
            "This card attacks {target} in this attack step (MC-5.13). {target} chooses what \
             guards it: a live defense loses life equal to the attack's value, a guarding card \
             is destroyed instead. Attacks resolve in the order you declare them; a card \
             attacks at most once per battle turn."
        ),
        Choice::ExtraHeal { col } => format!(
            "Instead of attacking, your Extra heals your {} defense by its power, up to 16 \
             (MC-5.13, MC-6.8).",
            col_word(*col)
        ),
        Choice::EndDeclaration => "Your remaining attack-capable cards hold back this battle \
            turn; the defenders then assign their guards."
            .into(),
        Choice::FlameOfWrath { use_it } => {
            if *use_it {
                "Roll a die: on 1, 2 or 3 you choose one guard-capable card of yours that takes \
                 every attack of this attacker on you and is destroyed after the last \
                 (MC-5.15). This is your battle skill of the turn, even if the roll fails."
                    .into()
            } else {
                "You keep your battle skill and assign your guards normally.".into()
            }
        }
        Choice::FlameTarget { .. } => "This card absorbs every attack of the attacker on you; \
            it is destroyed after the last one (MC-5.15)."
            .into(),
        Choice::AssignGuard { guard, .. } => format!("{} (MC-5.14)", guard_words(*guard)),
        Choice::Resurrection { use_it } => {
            if *use_it {
                "The defense card reaching 0 goes face down into your resurrected zone: it \
                 attacks for 1 and guards like an attack card (MC-5.17, MC-6.15). This is your \
                 battle skill of the turn."
                    .into()
            } else {
                "The defense card goes its usual way and you keep your battle skill.".into()
            }
        }
        Choice::DragonTrap { use_it } => {
            if *use_it {
                "Roll a die: on 1, 2 or 3 an attack of half the value (rounded down) goes back \
                 to the attacker, who guards it (MC-5.16). This is your battle skill of the \
                 turn, even if the roll fails."
                    .into()
            } else {
                "Nothing is reflected and you keep your battle skill.".into()
            }
        }
        Choice::TrapGuard { guard } => format!(
            "The reflected attack of Dragon Trap needs a guard. {}",
            guard_words(*guard)
        ),
    }
}

/// `TextUi::explain_action`: the menu label, what the action does, and the rules text of
/// every card it involves (each definition once).
pub(super) fn explain(config: &Config, view: &View, a: &Action, label: String) -> String {
    let set = config.cards();
    let mut out = label;
    out.push_str(".\n");
    out.push_str(&what_it_does(config, set, view, a));
    let mut shown: Vec<&str> = Vec::new();
    for c in involved(view, a) {
        let Some(def) = set.def(c) else { continue };
        if shown.contains(&def.id()) {
            continue;
        }
        shown.push(def.id());
        out.push_str(&format!(
            "\n\n{} ({}):\n{}",
            card_text::def_name(def),
            kind_word(def),
            rules_text(config, set, def)
        ));
    }
    out
}

/// The heading for a card played from hand: "Play Fire 11 (number card)".
fn play_heading(set: &CardSet, c: CardId) -> String {
    let kind = set.def(c).map_or("card", |d: &CardDef| kind_word(d));
    format!("Play {} ({kind})", card(set, c))
}

/// `TextUi::menu_group`: edit-turn and window menus are grouped by the card played from
/// hand (then where and how), the card used on the field, Boss-Assassin summons, each
/// board skill and End; declarations by attacking card; guards by attack. Short decisions
/// (setup, yes/no skills) are not grouped.
pub(super) fn group(config: &Config, view: &View, a: &Action) -> Option<String> {
    let set = config.cards();
    let me = a.seat;
    match &a.choice {
        Choice::ChooseBoard { .. }
        | Choice::PickEquipment { .. }
        | Choice::FlameOfWrath { .. }
        | Choice::FlameTarget { .. }
        | Choice::Resurrection { .. }
        | Choice::DragonTrap { .. }
        | Choice::TrapGuard { .. } => None,
        Choice::PlaceInitialDefense { card: x }
        | Choice::PlaceMana { card: x, .. }
        | Choice::PlaceNumber { card: x, .. }
        | Choice::SummonExtra { card: x, .. }
        | Choice::SummonToughness { card: x, .. }
        | Choice::PlayBattleCard { card: x, .. }
        | Choice::UseSkill {
            from: SkillFrom::Hand(x),
            ..
        } => Some(play_heading(set, *x)),
        Choice::UseSkill {
            from: SkillFrom::Extra,
            ..
        } => Some(format!(
            "Use your {}",
            unit_text(set, view, me, Unit::Extra)
        )),
        Choice::UseSkill {
            from: SkillFrom::Slot(c),
            ..
        } => Some(format!(
            "Use your {}",
            unit_text(set, view, me, Unit::Slot(*c))
        )),
        Choice::SummonBossOneTurn { .. } | Choice::SummonBossPermanent { .. } => {
            Some("Summon a Boss-Assassin".into())
        }
        Choice::UseBoardSkill { side, .. } => {
            let name = view
                .player(me)
                .and_then(|p| p.board)
                .and_then(|b| set.board(b))
                .map(|b| match side {
                    Side::Left => b.left.name.clone(),
                    Side::Right => b.right.name.clone(),
                });
            Some(match name {
                Some(n) => format!("Use {n} (board skill)"),
                None => format!("Use your {} board skill", super::side_word(*side)),
            })
        }
        Choice::DeclareEnd => Some("Declare End".into()),
        Choice::Pass => Some("Pass".into()),
        Choice::DeclareAttack { unit, .. } => {
            Some(format!("Your {}", unit_text(set, view, me, *unit)))
        }
        Choice::ExtraHeal { .. } => Some(format!("Your {}", unit_text(set, view, me, Unit::Extra))),
        Choice::EndDeclaration => Some("Finish declaring attacks".into()),
        Choice::AssignGuard { attack, .. } => {
            Some(format!("Guard {}", attack_ref(set, view, *attack)))
        }
    }
}
