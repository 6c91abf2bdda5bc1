//! English rules text generated from card data (the effect vocabulary of MJ-12.2), so that
//! custom card sets are described as well as the sample set.

use crate::cards::{CardDef, Condition, Duration, Effect, Static, Target, ZoneFilter};

/// The rules text of a card: its colour requirement, static abilities and effect, in
/// sentences; empty for a card with no rules of its own (a vanilla soul).
pub fn rules_text(def: &CardDef) -> String {
    let required = def.required_colours();
    let ability = ability_text(def);
    if required.is_empty() {
        return ability;
    }
    let needs = format!(
        "Needs a face-up {} soul on your field.",
        required.join(" and a face-up ")
    );
    if ability.is_empty() {
        needs
    } else {
        format!("{needs} {ability}")
    }
}

/// The static abilities and the effect of a card, without its colour requirement.
pub(crate) fn ability_text(def: &CardDef) -> String {
    let mut parts = Vec::new();
    if let CardDef::Soul { statics, .. } = def {
        parts.extend(statics.iter().map(static_text));
    }
    if let Some(effect) = def.effect() {
        parts.push(match def {
            CardDef::Soul { .. } => format!("When played from hand: {}.", clause(effect)),
            _ => sentence(&clause(effect)),
        });
    }
    parts.join(" ")
}

/// A one-line reminder of what a card type does (for explanations).
pub(crate) fn type_reminder(def: &CardDef) -> &'static str {
    match def {
        CardDef::Soul { .. } => {
            "A soul starts a new majin in your prepare zone or is stacked face up onto one of \
             your majins, adding its power."
        }
        CardDef::Spell { .. } => {
            "A spell is played in your step 5, paid with MP, resolves and goes to your graveyard."
        }
        CardDef::Combat { .. } => {
            "A combat card is used in a battle when you hold combat priority, costs no MP, and \
             goes to your graveyard; each player uses at most one per battle."
        }
    }
}

fn sentence(clause: &str) -> String {
    let mut chars = clause.chars();
    match chars.next() {
        Some(c) => format!("{}{}.", c.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

fn static_text(s: &Static) -> String {
    let when = match s.condition {
        Condition::Always => "",
        Condition::Attacking => " while it attacks",
        Condition::Blocking => " while it blocks",
    };
    format!("This majin gets {:+} power{when}.", s.amount)
}

fn zone(z: ZoneFilter) -> &'static str {
    match z {
        ZoneFilter::Battle => " in the battle zone",
        ZoneFilter::Prepare => " in the prepare zone",
        ZoneFilter::Any => "",
    }
}

/// How a target reads: `(choice, object, possessive)`, e.g. `("choose an opposing majin
/// in the battle zone", "it", "its")` for a chosen target, or `(None, "your battling majin",
/// "your battling majin's")`.
fn target(t: Target) -> (Option<String>, String, String) {
    let fixed = |noun: &str| (None, noun.to_string(), format!("{noun}'s"));
    match t {
        Target::This => fixed("this majin"),
        Target::OwnBattler => fixed("your battling majin"),
        Target::OppBattler => fixed("the opposing battling majin"),
        Target::OwnMajin(z) => (
            Some(format!("choose one of your majins{}", zone(z))),
            "it".into(),
            "its".into(),
        ),
        Target::OppMajin(z) => (
            Some(format!("choose an opposing majin{}", zone(z))),
            "it".into(),
            "its".into(),
        ),
    }
}

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_string()
    } else {
        format!("{n} {many}")
    }
}

/// One effect as a lower-case clause without the final full stop.
pub(crate) fn clause(effect: &Effect) -> String {
    match effect {
        Effect::Seq { effects } => effects
            .iter()
            .map(clause)
            .collect::<Vec<_>>()
            .join(", then "),
        Effect::May { effect } => format!("you may {}", clause(effect)),
        Effect::Draw { count } => format!("draw {}", plural(*count, "a card", "cards")),
        Effect::Damage { count } => format!(
            "deal {count} damage to your opponent (the top {} of their Majin Box {} face \
             down to their damage zone)",
            plural(*count, "card", "cards"),
            if *count == 1 { "goes" } else { "go" }
        ),
        Effect::DiscardRandom { count } => format!(
            "your opponent discards {} at random from their hand",
            plural(*count, "a card", "cards")
        ),
        prim => {
            let Some(t) = prim.target() else {
                return String::new();
            };
            let (choice, it, its) = target(t);
            let what = match prim {
                Effect::Power {
                    amount, duration, ..
                } => format!(
                    "{it} gets {amount:+} power until the end of the {}",
                    match duration {
                        Duration::Turn => "turn",
                        Duration::Battle => "battle",
                    }
                ),
                Effect::Destroy { count, .. } => {
                    let cards = if *count == 1 {
                        "top card".to_string()
                    } else {
                        format!("top {count} cards")
                    };
                    if choice.is_some() {
                        format!("destroy {its} {cards} (to its owner's graveyard)")
                    } else {
                        format!("destroy the {cards} of {it} (to its owner's graveyard)")
                    }
                }
                Effect::Tap { .. } => {
                    format!("tap {it} (it cannot attack or block until its owner's next turn)")
                }
                Effect::Retreat { .. } => {
                    format!("move {it} back to its owner's prepare zone")
                }
                Effect::Peek { .. } => {
                    format!("look at {its} face-down card, if it has one (only you see it)")
                }
                _ => String::new(),
            };
            match choice {
                Some(c) => format!("{c}: {what}"),
                None => what,
            }
        }
    }
}
