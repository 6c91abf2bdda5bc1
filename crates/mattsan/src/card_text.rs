//! Rules text in English generated from the card data (the effect vocabulary of §12(b)),
//! so a custom card set gets it too (issue 11).

use crate::cards::{
    Amount, CardDef, Condition, Cost, CountExpr, DiscardChooser, Duration, Effect, EventPattern,
    Move, OccupiedTrigger, Placement, Selector, Side, Stat, TapTiming, TerrainUse, TrapTrigger,
    Trigger, Who,
};

fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A selector in words.
pub(crate) fn selector(s: Selector) -> &'static str {
    match s {
        Selector::This => "this unit",
        Selector::OnThisTerrain => "the face-up unit on this terrain",
        Selector::AllyBf => "your battlefield unit",
        Selector::EnemyBf => "the enemy battlefield unit",
        Selector::ChooseAlly => "a face-up unit of yours (you choose)",
        Selector::ChooseEnemy => "a face-up enemy unit (you choose)",
        Selector::ChooseEnemyBenchCard => {
            "a card on the enemy bench, face-down ones too (you choose)"
        }
        Selector::BothBf => "both battlefield units",
        Selector::Attacker => "the attacking unit",
        Selector::AttackTarget => "the attacked unit",
    }
}

fn count(c: CountExpr) -> &'static str {
    match c {
        CountExpr::FaceUpAllyUnits => "your face-up units",
        CountExpr::FaceUpEnemyUnits => "the enemy's face-up units",
        CountExpr::CardsInHand => "the cards in your hand",
    }
}

fn amount(a: Amount) -> String {
    match a {
        Amount::N(n) => n.to_string(),
        Amount::D(1) => "1D (the roll of 1 die)".into(),
        Amount::D(n) => format!("{n}D (roll {n} dice and add them up)"),
        Amount::DCount(c) => format!(
            "XD, X being the number of {} (roll that many dice and add them up)",
            count(c)
        ),
        Amount::AtkOf(s) => format!("the ATK of {}", selector(s)),
    }
}

fn stat(s: Stat) -> &'static str {
    match s {
        Stat::Atk => "ATK",
        Stat::Def => "DEF",
        Stat::MaxHp => "max HP",
    }
}

/// A condition in words.
pub(crate) fn condition(c: Condition) -> String {
    match c {
        Condition::Always => "always".into(),
        Condition::DamageOnThisAtLeast(n) => {
            format!(
                "this unit has at least {}",
                plural(n, "damage counter", "damage counters")
            )
        }
        Condition::HandAtLeast(n) => format!("you hold at least {}", plural(n, "card", "cards")),
        Condition::AllyBfHpAtMost(n) => format!("your battlefield unit has at most {n} HP left"),
        Condition::EnemyBfHpAtMost(n) => {
            format!("the enemy battlefield unit has at most {n} HP left")
        }
    }
}

fn pattern(p: EventPattern) -> &'static str {
    match p {
        EventPattern::EnemyAttackDeclared => "an enemy attack on your battlefield unit is declared",
        EventPattern::EnemyTrumpDeclared => "your opponent uses a trump",
        EventPattern::AllyUnitDefeated => {
            "a unit of yours is defeated (撃破; not a destroy or a return to hand)"
        }
    }
}

fn who(w: Who) -> (&'static str, &'static str) {
    match w {
        Who::Me => ("you", ""),
        Who::Opponent => ("your opponent", "s"),
    }
}

/// One effect instruction as a sentence.
pub(crate) fn effect(e: &Effect) -> String {
    match e {
        Effect::DealDamage { sel, amount: a } => {
            format!("Deal {} damage to {}.", amount(*a), selector(*sel))
        }
        Effect::Heal { sel, amount: a } => format!(
            "Remove up to {} from {}.",
            match a {
                Amount::N(n) => plural(*n, "damage counter", "damage counters"),
                other => format!("{} damage counters", amount(*other)),
            },
            selector(*sel)
        ),
        Effect::Destroy { sel } => format!(
            "Destroy (破棄) {}: it goes to the discard pile, with no soul draw.",
            selector(*sel)
        ),
        Effect::Draw { who: w, n } => {
            let (w, s) = who(*w);
            format!("{} draw{s} {}.", capital(w), plural(*n, "card", "cards"))
        }
        Effect::DiscardFromHand { who: w, n, chooser } => {
            let (name, s) = who(*w);
            let by = match (chooser, w) {
                (DiscardChooser::Owner, Who::Me) => "chosen by you",
                (DiscardChooser::Owner, Who::Opponent) => "chosen by them",
                (DiscardChooser::Opponent, _) | (DiscardChooser::Random, _) => "at random",
            };
            format!(
                "{} discard{s} {} from hand, {by}.",
                capital(name),
                plural(*n, "card", "cards")
            )
        }
        Effect::ReturnToHand { sel } => format!(
            "Return {} to its owner's hand (its counters are removed; not a defeat).",
            selector(*sel)
        ),
        Effect::ModifyStat {
            sel,
            stat: st,
            delta,
            duration,
        } => format!(
            "{} gets {delta:+} {}{}.",
            capital(selector(*sel)),
            stat(*st),
            match duration {
                Duration::WhileSource => "",
                Duration::UntilEndOfTurn => " until the end of the turn",
            }
        ),
        Effect::AttackDamageMod { delta } => format!(
            "The attack deals {} damage (never below 0).",
            if *delta < 0 {
                format!("{} less", delta.unsigned_abs())
            } else {
                format!("{delta} more")
            }
        ),
        Effect::NegateTrump => {
            "The trump being used has no effect (it still goes to the discard pile).".into()
        }
        Effect::PerformAttack => "This unit attacks the enemy battlefield unit.".into(),
        Effect::ForceSwap { side, chooser } => format!(
            "{} battlefield unit swaps places with one of {} bench units, chosen by {}.",
            match side {
                Side::Ally => "Your",
                Side::Enemy => "The enemy",
            },
            match side {
                Side::Ally => "your",
                Side::Enemy => "their",
            },
            match chooser {
                Who::Me => "you",
                Who::Opponent => "your opponent",
            }
        ),
        Effect::RemoveEx { sel } => {
            format!("Remove every EX counter from {}.", selector(*sel))
        }
        Effect::Peek { sel } => format!("Look at {} (only you see it).", selector(*sel)),
        Effect::BenchCapacity { delta } => format!(
            "Your bench has {delta:+} location{}.",
            if delta.unsigned_abs() == 1 { "" } else { "s" }
        ),
        Effect::May { then } => format!("You may: {}", effects(then)),
        Effect::If { cond, then } => format!("If {}: {}", condition(*cond), effects(then)),
    }
}

/// An effect list as sentences.
pub(crate) fn effects(list: &[Effect]) -> String {
    if list.is_empty() {
        return "Nothing happens.".into();
    }
    list.iter().map(effect).collect::<Vec<_>>().join(" Then: ")
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

pub(crate) fn costs(list: &[Cost], trump: bool) -> String {
    list.iter()
        .map(|c| match c {
            Cost::DiscardCost(n) => format!(
                "discard {} from your hand",
                plural(*n, "other card", "other cards")
            ),
            Cost::SelfDamageCost(n) => format!(
                "{n} damage to {}",
                if trump {
                    "your battlefield unit"
                } else {
                    "this unit"
                }
            ),
        })
        .collect::<Vec<_>>()
        .join(", and ")
}

fn trigger(t: Trigger) -> String {
    match t {
        Trigger::OnFaceUp => "When it turns face-up (not at the setup reveal)".into(),
        Trigger::OwnTurnStart => "At the start of your turn, while face-up on the field".into(),
        Trigger::WhileFaceUpOnField => "While it is face-up on the field".into(),
        Trigger::WhileFaceUpOnBench => "While it is face-up on the bench (support effect)".into(),
        Trigger::WhileOnBattlefield => "While it is on the battlefield".into(),
        Trigger::Event(p) => format!("When {} (while face-up on the field)", pattern(p)),
    }
}

/// A special or super special move's rules text, on one line.
pub(crate) fn move_text(m: &Move, is_super: bool) -> String {
    let mut head = format!(
        "{} «{}» (your battle action, while this unit is on the battlefield)",
        if is_super {
            "Super special move"
        } else {
            "Special move"
        },
        m.name
    );
    if is_super {
        head.push_str(if m.ex_reusable {
            " (puts an EX counter on this unit when declared; usable even with EX counters)"
        } else {
            " (puts an EX counter on this unit when declared; not usable while it has one)"
        });
    }
    if let Some(c) = m.condition {
        head.push_str(&format!(", usable when {}", condition(c)));
    }
    if !m.cost.is_empty() {
        head.push_str(&format!("; cost: {}", costs(&m.cost, false)));
    }
    format!("{head}: {}", effects(&m.effect))
}

impl CardDef {
    /// The card's rules text in English, one rule a line, generated from its data (the
    /// effect vocabulary), so a custom card set gets it too. Costs, targets, triggers and a
    /// copy limit other than 3 are all spelled out.
    pub fn rules_text(&self) -> String {
        card_text(self)
    }
}

/// The rules text of a card, one rule a line.
fn card_text(def: &CardDef) -> String {
    let mut lines = Vec::new();
    match def {
        CardDef::Unit {
            abilities,
            specials,
            supers,
            max_hp,
            atk,
            def: defence,
            soul,
            ..
        } => {
            lines.push(format!(
                "Unit: HP {max_hp}, ATK {atk}, DEF {defence}, soul {soul} (when it is defeated, its owner draws {}).",
                plural(*soul, "card", "cards")
            ));
            if abilities.is_empty() && specials.is_empty() && supers.is_empty() {
                lines.push("No special abilities or moves: it attacks and defends.".into());
            }
            for a in abilities {
                let mut head = trigger(a.trigger);
                if let Some(c) = a.condition {
                    head.push_str(&format!(", if {}", condition(c)));
                }
                if a.optional {
                    head.push_str(" (optional)");
                }
                lines.push(format!("{head}: {}", effects(&a.effect)));
            }
            lines.extend(specials.iter().map(|m| move_text(m, false)));
            lines.extend(supers.iter().map(|m| move_text(m, true)));
        }
        CardDef::Trump {
            cost,
            condition: cond,
            effect,
            ..
        } => {
            let mut head =
                "Trump, used in your main step: turn one upright soul-charge card sideways"
                    .to_string();
            if !cost.is_empty() {
                head.push_str(&format!(", and pay: {}", costs(cost, true)));
            }
            if let Some(c) = cond {
                head.push_str(&format!("; usable when {}", condition(*c)));
            }
            lines.push(format!("{head}. {}", effects(effect)));
        }
        CardDef::Trap {
            trigger: t, effect, ..
        } => {
            let when = match t {
                TrapTrigger::Event(p) => format!("in the response window when {}", pattern(*p)),
                TrapTrigger::State(c) => format!(
                    "while {} (in your main step or any response window)",
                    condition(*c)
                ),
            };
            lines.push(format!(
                "Trap, set face-down on your bench; you may turn it face-up {when}: {} Then it goes to the discard pile.",
                effects(effect)
            ));
        }
        CardDef::Terrain {
            use_,
            placement,
            effect,
            ..
        } => {
            let place = match placement {
                Placement::Any => "on your battlefield or bench",
                Placement::BattlefieldOnly => "on your battlefield only",
                Placement::BenchOnly => "on your bench only",
            };
            let when = match use_ {
                TerrainUse::WhileOccupied {
                    trigger: OccupiedTrigger::Continuous,
                } => "While a face-up unit is on it".to_string(),
                TerrainUse::WhileOccupied {
                    trigger: OccupiedTrigger::OwnTurnStart,
                } => "At the start of your turn, while a face-up unit is on it".to_string(),
                TerrainUse::TapToUse {
                    timing: TapTiming::OwnTurn,
                } => "In your main step, turn it sideways (a face-up unit must be on it; it stays sideways until your next step 2)".to_string(),
                TerrainUse::TapToUse {
                    timing: TapTiming::AnyTurn(p),
                } => format!(
                    "When {}, in either player's turn, turn it sideways (a face-up unit must be on it; it stays sideways until your next step 2)",
                    pattern(*p)
                ),
            };
            lines.push(format!(
                "Terrain, placed face-up {place}, under a card or on an empty location (no soul charge needed); it works only under a face-up unit. {when}: {}",
                effects(effect)
            ));
        }
    }
    if def.deck_limit() != 3 {
        lines.push(format!(
            "A deck may hold {} of it.",
            plural(def.deck_limit(), "copy", "copies")
        ));
    }
    lines.join("\n")
}
