//! Rules text generated from the card data (issue 11, decision MC-D10): every card kind,
//! every skill source, cost, condition and effect of the vocabulary (spec §12) gets words
//! through exhaustive matches, so a new variant cannot go without text and custom card
//! sets are explained like the sample set.

use crate::cards::{
    Attribute, Aux, BoardDef, BoardEffect, BoardSkill, BossAssaKind, CardDef, CardId, CardSet,
    Condition, Cost, Effect, HealCap, Skill, SkillSource, Timing,
};
use crate::config::{
    Config, ExtraConditionTracking, ExtraPairPositions, ManaSlotRule, ResurrectionCapScope,
    SpeedSource,
};
use crate::state::Rules;
use fuda_core::CardText;
use serde_json::Value;
use std::collections::BTreeMap;

/// An attribute's English name (MC-3.4).
pub(crate) fn attribute(a: Attribute) -> &'static str {
    match a {
        Attribute::Fire => "Fire",
        Attribute::Water => "Water",
        Attribute::Earth => "Earth",
        Attribute::Wind => "Wind",
        Attribute::Neutral => "Neutral",
    }
}

/// A card's printed name as menus and the board show it: "Fire 9", "Water +3",
/// "Boss 18", "Yoom Scout".
pub(crate) fn def_name(def: &CardDef) -> String {
    match def {
        CardDef::Number {
            attribute: a,
            number,
            ..
        } => format!("{} {number}", attribute(*a)),
        CardDef::Battle {
            name, attribute: a, ..
        } => format!("{} {name}", attribute(*a)),
        CardDef::BossAssa {
            ba_kind, strength, ..
        } => match ba_kind {
            BossAssaKind::Boss => format!("Boss {strength}"),
            BossAssaKind::Assassin => format!("Assassin {strength}"),
        },
        CardDef::Extra { name, .. } | CardDef::Toughness { name, .. } => name.clone(),
    }
}

/// What kind of card it is, in words.
pub(crate) fn kind_word(def: &CardDef) -> &'static str {
    match def {
        CardDef::Number { .. } => "number card",
        CardDef::Battle { .. } => "battle card",
        CardDef::BossAssa {
            ba_kind: BossAssaKind::Boss,
            ..
        } => "Boss card",
        CardDef::BossAssa {
            ba_kind: BossAssaKind::Assassin,
            ..
        } => "Assassin card",
        CardDef::Extra { .. } => "Extra card",
        CardDef::Toughness { .. } => "Toughness card",
    }
}

fn plural(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "1, 2 or 3".
fn or_list(items: &[String]) -> String {
    match items {
        [] => "nothing".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn faces(f: &[u8]) -> String {
    or_list(&f.iter().map(u8::to_string).collect::<Vec<_>>())
}

fn cap_words(cap: HealCap) -> &'static str {
    match cap {
        HealCap::Printed => "up to its printed life",
        HealCap::Sixteen => "up to 16, even above its printed life",
    }
}

/// What an effect of the E/T vocabulary does (spec §12(b)).
pub(crate) fn effect_words(e: &Effect) -> String {
    match e {
        Effect::AddAttack(n) => format!(
            "+{n} to one of your attacks of the current attack step (you must be the attacker; \
             after the guards, MC-6.9)"
        ),
        Effect::Heal { n, cap } => format!(
            "heal one of your live defenses by {n}, {} (MC-6.8)",
            cap_words(*cap)
        ),
        Effect::Kill => "destroy one attack-capable card of an opponent, even one already \
            attacking or guarding; a permanent Boss-Assassin cannot be destroyed so"
            .into(),
        Effect::DrawMain(n) => format!("draw {}", plural(*n, "main card", "main cards")),
        Effect::DrawEt(n) => format!(
            "draw {} (from the main deck in formats without an E/T deck)",
            plural(*n, "E/T card", "E/T cards")
        ),
        Effect::ReviveDefense(n) => format!(
            "one of your defeated side defenses becomes live again with {n} life and no card \
             (printed life {n}; it grants no new supply, and no card may enter it)"
        ),
        Effect::SummonSelf => "put this card from your hand into an empty attack slot of \
            yours (it counts as the turn's Toughness summon)"
            .into(),
        Effect::Chance { faces: f, then } => {
            format!("roll a die; on {}: {}", faces(f), effect_words(then))
        }
    }
}

fn timing_words(t: Timing) -> &'static str {
    match t {
        Timing::Edit => "Edit skill",
        Timing::Battle => "Battle skill",
    }
}

fn source_words(s: SkillSource) -> &'static str {
    match s {
        SkillSource::Summoned => "while the card is on your field",
        SkillSource::ManaRelease => "mana release, while the card is on your field",
        SkillSource::Magic => {
            "magic: used from your hand without summoning the card, which is then discarded"
        }
        SkillSource::Unsummoned => "used from your hand",
    }
}

fn cost_words(c: Cost) -> Option<String> {
    match c {
        Cost::None => None,
        Cost::ManaCost(n) => Some(format!(
            "pay {} from one column (MC-6.2)",
            plural(n, "mana", "mana")
        )),
        Cost::DiscardAnyMana(n) => Some(format!(
            "spend {} of your choice from any of your columns (MC-6.2 (7))",
            plural(
                n,
                "unspent unprotected mana card",
                "unspent unprotected mana cards"
            )
        )),
    }
}

fn condition_words(set: &CardSet, c: &Condition) -> String {
    match c {
        Condition::RequireOwnExtra(id) => {
            let name = set
                .find(id)
                .and_then(|x| set.def(x))
                .map_or_else(|| id.clone(), def_name);
            format!("only while {name} is the Extra on your field")
        }
    }
}

/// One E/T skill in words: "Battle skill (mana release, …; cost: pay 2 mana from one
/// column): +4 to one of your attacks …".
pub(crate) fn skill_words(set: &CardSet, s: &Skill) -> String {
    let mut parts = vec![source_words(s.source).to_string()];
    if let Some(cost) = cost_words(s.cost) {
        parts.push(format!("cost: {cost}"));
    }
    if let Some(c) = &s.condition {
        parts.push(condition_words(set, c));
    }
    if let Some(n) = s.uses_per_game {
        parts.push(format!("at most {} per game", plural(n, "time", "times")));
    }
    format!(
        "{} ({}): {}.",
        timing_words(s.timing),
        parts.join("; "),
        effect_words(&s.effect)
    )
}

/// What a board skill does (MC-6.15).
pub(crate) fn board_effect_words(config: &Config, e: BoardEffect) -> String {
    match e {
        BoardEffect::Resurrect { max } => format!(
            "battle, triggered: when the defense of any player's column (yours included) \
             reaches 0 while it holds a card, you may take that card face down into your \
             resurrected zone; it attacks for 1, guards like an attack card and goes to its \
             own discard pile when destroyed; at most {max} {}",
            match config.resurrection_cap_scope {
                ResurrectionCapScope::Concurrent => "at a time",
                ResurrectionCapScope::PerGame => "per game",
            }
        ),
        BoardEffect::RedirectAllToOne => "battle: when a faster attacker attacks you, before \
            your guards, all of its attacks on you go to one guard-capable card of yours, which \
            absorbs them and is destroyed after the last (MC-5.15)"
            .into(),
        BoardEffect::SalvageBattleCard => "edit: discard one card from your hand and take one \
            battle card from the main discard pile into your hand"
            .into(),
        BoardEffect::ExtendOneTurnSummon => "edit: in an edit turn in which you summoned a \
            one-turn Assassin, it also stays for the next battle turn (once per card)"
            .into(),
        BoardEffect::Heal { n } => {
            format!("edit: heal one of your live defenses by {n}, up to its printed life")
        }
        BoardEffect::DrawMain { n } => {
            format!("edit: draw {}", plural(n, "main card", "main cards"))
        }
        BoardEffect::NullifyAttack => "battle: after the guards of a slower attacker's step \
            against you, one chosen attack of it on you has no effect (its guard is not used up)"
            .into(),
        BoardEffect::ReflectHalf => "battle, triggered: right after an attack of a slower \
            attacker reduced one of your defenses, an attack of half its value (rounded down) \
            goes back to the attacker, who guards it (MC-5.16)"
            .into(),
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn board_skill_words(config: &Config, side: &str, s: &BoardSkill) -> String {
    let mut out = format!(
        "{} skill {}, usable once your {side} defense has been defeated: {}",
        capital(side),
        s.name,
        board_effect_words(config, s.effect)
    );
    if !s.chance.is_empty() {
        out.push_str(&format!("; roll a die, it works on {}", faces(&s.chance)));
    }
    if let Some(n) = s.uses_per_game {
        out.push_str(&format!(
            "; at most {} per game",
            plural(n, "time", "times")
        ));
    }
    out.push('.');
    out
}

/// A status board's rules text (MC-3.7, MC-3.8, MC-6.15).
pub(crate) fn board_text(config: &Config, b: &BoardDef) -> String {
    let [l, m, r] = b.attack_max;
    let mut out = format!(
        "Status board, priority {} (on a speed tie the lower priority acts first). Attack \
         maxima: left {l}, middle {m}, right {r} (a number card above the maximum cannot enter \
         that attack slot).",
        b.priority
    );
    out.push('\n');
    out.push_str(&board_skill_words(config, "left", &b.left));
    out.push('\n');
    out.push_str(&board_skill_words(config, "right", &b.right));
    out
}

fn extra_condition(
    config: &Config,
    pair: Option<(Attribute, Attribute)>,
    numbers: &[u8],
) -> String {
    let mut ways = Vec::new();
    if let Some((a, b)) = pair {
        let cols = match config.extra_pair_positions {
            ExtraPairPositions::Adjacent => {
                "two adjacent columns (left and middle, or middle \
                and right)"
            }
            ExtraPairPositions::AnyOrderedPair => "two columns",
        };
        ways.push(format!(
            "the top mana cards of {cols} are {} (the left one) and {} (the right one)",
            attribute(a),
            attribute(b)
        ));
    }
    if !numbers.is_empty() {
        let n: Vec<String> = numbers.iter().map(u8::to_string).collect();
        ways.push(format!(
            "the top mana card of one of your columns is a number card {}",
            or_list(&n)
        ));
    }
    let mut out = format!(
        "Summon condition: {}. Elements match nothing.",
        ways.join("; or ")
    );
    out.push_str(match config.extra_condition_tracking {
        ExtraConditionTracking::BySummon => match (pair.is_some(), numbers.is_empty()) {
            (true, false) => {
                " Summoned by its pair, it lives while a condition holds; summoned by a number, \
                 it dies once that number card is covered or leaves its stack."
            }
            (true, true) => " It dies as soon as the pair no longer holds.",
            (false, _) => " It dies once that number card is covered or leaves its stack.",
        },
        ExtraConditionTracking::Continuous => " It dies as soon as no condition holds.",
        ExtraConditionTracking::SpecificCard => {
            " It dies once a top card that met the condition at the summon is covered or leaves."
        }
    });
    out
}

fn initial_equipment(ie: bool) -> &'static str {
    if ie {
        " Initial equipment (yellow common): it can be picked before the game."
    } else {
        " Deck-use card."
    }
}

/// A card's rules text, generated from its definition.
pub(crate) fn rules_text(config: &Config, set: &CardSet, def: &CardDef) -> String {
    match def {
        CardDef::Number {
            attribute: a,
            number,
            ..
        } => {
            let a = attribute(*a);
            let mana = match config.mana_slot_rule {
                ManaSlotRule::Matching => format!(
                    "Placing it needs a {a} mana card or an Element of that column's stack for \
                     it alone: each mana card lets one number card of the column in (MC-6.1)."
                ),
                ManaSlotRule::AttributeOnly => format!(
                    "Placing it needs a {a} mana card or an Element anywhere in that column's \
                     stack (MC-6.1)."
                ),
            };
            let speed = match config.speed_source {
                SpeedSource::TopCards => format!(
                    "on top of a stack its number {number} gives speed (MC-6.3) and meets Extra \
                     summon conditions"
                ),
                SpeedSource::AllMana => format!(
                    "its number {number} gives speed wherever it lies in a stack (MC-6.3), and on \
                     top it meets Extra summon conditions"
                ),
            };
            format!(
                "Number card {a} {number}. In an attack slot it attacks for {number} (only where \
                 the slot's maximum is {number} or more); in a defense slot it gives {number} \
                 life. {mana} As mana it is {a} mana: {speed}."
            )
        }
        CardDef::Battle {
            attribute: a, aux, ..
        } => {
            let a = attribute(*a);
            let what = match aux {
                Aux::Plus(n) => format!(
                    "In a battle-turn window, from your hand: +{n} to one of your attacks of \
                     the current step (you must be the attacker, after the guards), or heal one \
                     of your live defenses by {n}, up to its printed life. Discarded after use \
                     (MC-6.9)."
                ),
                Aux::Kill => "Kill: in a battle-turn window, from your hand, destroy one \
                    attack-capable card of an opponent (even one already attacking or \
                    guarding); not a permanent Boss-Assassin. Discarded after use (MC-6.9)."
                    .into(),
                Aux::ManaOnly => "No combat effect: it is used only as mana.".into(),
            };
            format!("Battle card ({a}). {what} As mana it is {a} mana with speed 0.")
        }
        CardDef::BossAssa {
            ba_kind, strength, ..
        } => {
            let life = (*strength).min(16);
            let kind = match ba_kind {
                BossAssaKind::Boss => "Boss",
                BossAssaKind::Assassin => "Assassin",
            };
            let mut out = format!(
                "{kind} card, strength {strength}. It comes at random from the Boss-Assassin \
                 deck by a summon: one-turn (pay 3 mana from one column: it attacks for \
                 {strength} this battle turn, cannot guard and leaves at cleanup) or permanent \
                 (pay 5 from an empty, never-defeated side column: it stays face up there with \
                 attack {strength} and life {life})."
            );
            match ba_kind {
                BossAssaKind::Boss => {}
                BossAssaKind::Assassin => out.push_str(
                    " Recycling Activity can keep a one-turn Assassin for one more battle turn.",
                ),
            }
            out
        }
        CardDef::Extra {
            initial_equipment: ie,
            attr_pair,
            numbers,
            power,
            skills,
            ..
        } => {
            let mut out = format!(
                "Extra card, power {power}. {} Summoned from your hand for free, face up or \
                 down, beside your board; at most one Extra on your field (MC-6.12). Each \
                 battle turn it attacks for {power} or heals one of your live defenses by \
                 {power} (up to 16); it guards once and is then destroyed.{}",
                extra_condition(config, *attr_pair, numbers),
                initial_equipment(*ie)
            );
            for s in skills {
                out.push('\n');
                out.push_str(&skill_words(set, s));
            }
            out
        }
        CardDef::Toughness {
            initial_equipment: ie,
            cost,
            attack,
            skills,
            ..
        } => {
            let pay = if *cost == 0 {
                "for free".to_string()
            } else {
                format!("paying {} from one column", plural(*cost, "mana", "mana"))
            };
            let mut out = format!(
                "Toughness card, cost {cost}, attack {attack}. Summoned from your hand {pay} \
                 into any empty attack slot of yours (the slot's maximum does not apply; never \
                 a defense slot). It attacks for {attack} and guards once, then it is \
                 destroyed (MC-6.13).{}",
                initial_equipment(*ie)
            );
            for s in skills {
                out.push('\n');
                out.push_str(&skill_words(set, s));
            }
            out
        }
    }
}

fn attr_value(a: Attribute) -> Value {
    Value::from(attribute(a).to_lowercase())
}

/// A card's numbers and attributes by name.
pub(crate) fn stats(def: &CardDef) -> BTreeMap<String, Value> {
    let mut s = BTreeMap::new();
    match def {
        CardDef::Number {
            attribute: a,
            number,
            ..
        } => {
            s.insert("attribute".into(), attr_value(*a));
            s.insert("number".into(), Value::from(*number));
        }
        CardDef::Battle {
            attribute: a, aux, ..
        } => {
            s.insert("attribute".into(), attr_value(*a));
            let aux = match aux {
                Aux::Plus(n) => {
                    s.insert("plus".into(), Value::from(*n));
                    format!("+{n}")
                }
                Aux::Kill => "kill".into(),
                Aux::ManaOnly => "mana only".into(),
            };
            s.insert("aux".into(), Value::from(aux));
        }
        CardDef::BossAssa { strength, .. } => {
            s.insert("strength".into(), Value::from(*strength));
        }
        CardDef::Extra {
            initial_equipment: ie,
            attr_pair,
            numbers,
            power,
            skills,
            ..
        } => {
            s.insert("power".into(), Value::from(*power));
            s.insert("initial_equipment".into(), Value::from(*ie));
            if let Some((a, b)) = attr_pair {
                s.insert(
                    "attr_pair".into(),
                    Value::from(vec![attr_value(*a), attr_value(*b)]),
                );
            }
            if !numbers.is_empty() {
                s.insert("numbers".into(), Value::from(numbers.clone()));
            }
            s.insert("skills".into(), Value::from(skills.len()));
        }
        CardDef::Toughness {
            initial_equipment: ie,
            cost,
            attack,
            skills,
            ..
        } => {
            s.insert("cost".into(), Value::from(*cost));
            s.insert("attack".into(), Value::from(*attack));
            s.insert("initial_equipment".into(), Value::from(*ie));
            s.insert("skills".into(), Value::from(skills.len()));
        }
    }
    s
}

/// Every card of the configuration's set (then every status board), with its rules text
/// and the instance ids it has in a game of `config`: Monjan and Boss-Assassin cards are
/// all in play; an E/T card only if the format uses E/T cards and it is in the pool.
pub(crate) fn card_texts(config: &Config) -> Vec<CardText> {
    let set = config.cards();
    let et_pool: Option<Vec<CardId>> = Rules::new(config).and_then(|r| r.et_pool()).ok();
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for id in set.ids() {
        let Some(def) = set.def(id) else { continue };
        if seen.contains(&def.id()) {
            continue;
        }
        seen.push(def.id());
        let is_et = matches!(def, CardDef::Extra { .. } | CardDef::Toughness { .. });
        let ids = set
            .instances(def.id())
            .into_iter()
            .filter(|c| !is_et || et_pool.as_ref().is_none_or(|p| p.contains(c)))
            .collect();
        out.push(CardText {
            key: def.id().to_string(),
            name: def_name(def),
            kind: kind_word(def).to_string(),
            stats: stats(def),
            text: rules_text(config, set, def),
            ids,
        });
    }
    for b in set.boards() {
        let mut stats = BTreeMap::new();
        stats.insert("priority".into(), Value::from(b.priority));
        stats.insert("attack_max".into(), Value::from(b.attack_max.to_vec()));
        out.push(CardText {
            key: b.id.clone(),
            name: b.name.clone(),
            kind: "status board".into(),
            stats,
            text: board_text(config, b),
            ids: Vec::new(),
        });
    }
    out
}
