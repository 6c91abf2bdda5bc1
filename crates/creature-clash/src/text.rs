//! Terminal text for `fuda play` and `fuda replay`: the board, menu labels for actions
//! and one-line narration of events, all drawn from a view and the public card set.

use crate::action::{Action, Choice, Creature};
use crate::cards::{CardClass, CardDef, CardId, CardSet, Position};
use crate::config::{BerserkTie, Config};
use crate::event::Event;
use crate::game::CreatureClash;
use crate::state::{BattleResult, Pending};
use crate::view::View;
use fuda_core::{CardText, Observer, Outcome, Seat, TextUi};
use std::fmt::Write;

fn cards_of(config: &Config) -> &CardSet {
    config.card_set.set()
}

fn list(set: &CardSet, cards: &[CardId]) -> String {
    if cards.is_empty() {
        return "—".into();
    }
    cards
        .iter()
        .map(|&c| set.label(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "RHINOODCUDA 23 [RHINO/rhino F10, OD/crocodile M8, CUDA/barracuda B5]".
fn creature(set: &CardSet, c: &Creature) -> String {
    format!(
        "{} {} [{}]",
        set.creature_name(c),
        set.creature_power(c),
        list(set, &c.cards())
    )
}

/// "RHINOODCUDA [RHINO/rhino F10, OD/crocodile M8, CUDA/barracuda B5]" (the power said
/// elsewhere).
fn creature_parts(set: &CardSet, c: &Creature) -> String {
    format!("{} [{}]", set.creature_name(c), list(set, &c.cards()))
}

fn pending_line(p: Pending, me: Option<Seat>) -> String {
    let who = |s: Seat| {
        if Some(s) == me {
            "You".to_string()
        } else {
            s.to_string()
        }
    };
    match p {
        Pending::TurnStart { seat } => format!("{}: redraw or draw for the turn", who(seat)),
        Pending::Main { seat } => format!("{}: attack or discard", who(seat)),
        Pending::Defend { seat } => format!("{}: defend with a creature", who(seat)),
        Pending::Steal { seat, from, random } => format!(
            "{}: steal {} from {from}, or decline",
            who(seat),
            if random {
                "a random card"
            } else {
                "a creature card"
            }
        ),
        Pending::NextTarget { seat } => format!("{}: attack the next player", who(seat)),
        Pending::DiscardExcess { seat } => format!("{}: discard down to 7", who(seat)),
        Pending::BerserkCommit { seat } => {
            format!("{}: commit a creature to the BERSERK! battle", who(seat))
        }
        Pending::GameOver => "game over".into(),
    }
}

fn outcome_line(o: &Outcome) -> String {
    match o {
        Outcome::Winners(w) => {
            let names: Vec<String> = w.iter().map(|s| s.to_string()).collect();
            format!(
                "{} win{}",
                names.join(" and "),
                if w.len() == 1 { "s" } else { "" }
            )
        }
        Outcome::Draw => "a draw".into(),
    }
}

fn position_word(p: Position) -> &'static str {
    match p {
        Position::Front => "FRONT",
        Position::Middle => "MIDDLE",
        Position::Back => "BACK",
    }
}

/// A card's kind in words: `FRONT part`, `RABIES`, `BERSERK!`.
fn kind_word(def: &CardDef) -> String {
    match def {
        CardDef::Part { position, .. } => format!("{} part", position_word(*position)),
        CardDef::Rabies { .. } => "RABIES".into(),
        CardDef::Berserk { .. } => "BERSERK!".into(),
    }
}

/// A card's English rules text, generated from its data and the configuration (so a
/// custom card set, or changed options, get their own text).
pub(crate) fn card_text(config: &Config, def: &CardDef) -> String {
    match def {
        CardDef::Part {
            position,
            power,
            venom,
            fragment,
            ..
        } => {
            let mut t = format!(
                "The {} of a creature: one FRONT, one MIDDLE and one BACK part from your hand \
                 make a creature whose power is the sum of the three. Power {power}; name piece \
                 {fragment}.",
                position_word(*position)
            );
            if *venom {
                t.push_str(
                    " ☠ VENOM: a defending creature made only of VENOM parts may force a tie \
                     whatever the powers; its owner then takes one card of the attacking \
                     creature. No effect when attacking or in a BERSERK! battle.",
                );
            }
            t
        }
        CardDef::Rabies { multiplier, .. } => {
            let when = if config.rabies_requires_prior_win {
                "once you have won a battle this turn, play it with your next target"
            } else {
                "play it with a target"
            };
            format!(
                "Attacker only: {when}, before the defender answers; your creature's power is \
                 ×{multiplier} for that battle. Win before the last battle of the turn: you \
                 still steal, then your creature dies and your turn ends. Win the last battle: \
                 your creature becomes a Champion as usual. One per turn; discarded after its \
                 battle. Never part of a creature, never used to defend."
            )
        }
        CardDef::Berserk { .. } => {
            let tie = match config.berserk_tie {
                BerserkTie::NoChampion => "a tie for the highest makes no Champion",
                BerserkTie::AllTiedBecomeChampions => "all tied for the highest become Champions",
            };
            let few = match config.berserk_min_participants {
                0 | 1 => "Even a lone creature fights (and wins).".to_string(),
                k => format!(
                    "With fewer than {k} such players nothing is revealed and nothing happens."
                ),
            };
            format!(
                "When drawn it is revealed at once and never enters a hand. Every player who can \
                 build a creature commits one secretly (an attacker with a creature in play \
                 fights with it); all are revealed together and the strictly strongest becomes \
                 a Champion ({tie}); the other creatures are discarded. {few} Then it is \
                 discarded and everyone draws back to 7; the interrupted draw goes on. At most \
                 {} BERSERK! cards are resolved per turn; later ones are discarded unfought.",
                config.berserk_battles_per_turn
            )
        }
    }
}

/// `name (kind): text` of one card, for explanations.
fn card_line(config: &Config, set: &CardSet, card: CardId) -> String {
    match set.def(card) {
        Some(def) => format!(
            "{} — {} ({}): {}",
            set.label(card),
            def.name_en(),
            kind_word(def),
            card_text(config, def)
        ),
        None => format!("{card}: not a card of this set"),
    }
}

impl TextUi for CreatureClash {
    fn render_view(config: &Config, v: &View) -> String {
        let set = cards_of(config);
        let me = v.observer.seat();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "── Creature Clash! ── turn {} of at most {} · deck {} (face down) · discard {} (face up) · {} Champions to win",
            v.turns_completed + 1,
            config.turn_limit,
            v.deck_count,
            v.discard.len(),
            v.champions_to_win
        );
        for p in 0..usize::from(v.num_players) {
            let seat = Seat(p as u8);
            let marker = if seat == v.active { "▶" } else { " " };
            let you = if Some(seat) == me { " (you)" } else { "" };
            let champs = v.champions.get(p).map_or(0, Vec::len);
            let hidden = if Some(seat) == me { "" } else { " (hidden)" };
            let _ = writeln!(
                out,
                "{marker} {seat}{you}: {} cards in hand{hidden} · {} Champion{}",
                v.hand_counts.get(p).copied().unwrap_or(0),
                champs,
                if champs == 1 { "" } else { "s" }
            );
            if let Some(known) = v.known_in_hand.get(p).filter(|k| !k.is_empty()) {
                let _ = writeln!(out, "      👁 known in hand: {}", list(set, known));
            }
            for c in v.champions.get(p).into_iter().flatten() {
                let _ = writeln!(out, "      ★ {}", creature(set, c));
            }
        }
        if let Some(top) = v.discard.last() {
            let _ = writeln!(out, "Discard top: {}", set.label(*top));
        }
        if let Some(chain) = &v.chain {
            let attacked: Vec<String> = chain.attacked.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                out,
                "Attack by {}: {} · attacked {} · wins {}{}",
                v.active,
                chain
                    .creature
                    .map_or("(creature gone)".into(), |c| creature(set, &c)),
                attacked.join(", "),
                chain.wins,
                if chain.rabies_used {
                    " · RABIES used"
                } else {
                    ""
                }
            );
            if let Some(b) = &chain.battle {
                let _ = writeln!(
                    out,
                    "  vs {}{}{}",
                    b.defender,
                    b.rabies
                        .map_or(String::new(), |_| " · RABIES doubles the attack".into()),
                    b.defence.map_or(String::new(), |d| format!(
                        " · defends with {}",
                        creature(set, &d)
                    ))
                );
            }
        }
        if let Some(b) = &v.berserk {
            let parts: Vec<String> = b.participants.iter().map(|s| s.to_string()).collect();
            let done: Vec<String> = b.committed.iter().map(|s| s.to_string()).collect();
            let _ = writeln!(
                out,
                "BERSERK! battle: {} take part · committed (face down): {}",
                parts.join(", "),
                if done.is_empty() {
                    "nobody yet".into()
                } else {
                    done.join(", ")
                }
            );
            if let Some(c) = &b.own_commitment {
                let _ = writeln!(out, "  your secret commitment: {}", creature(set, c));
            }
        }
        if let Some(hand) = &v.hand {
            let _ = writeln!(out, "Your hand ({} cards):", hand.len());
            let groups = [
                ("FRONT ", Some(CardClass::Part(Position::Front))),
                ("MIDDLE", Some(CardClass::Part(Position::Middle))),
                ("BACK  ", Some(CardClass::Part(Position::Back))),
                ("other ", None),
            ];
            for (title, class) in groups {
                let cards: Vec<CardId> = hand
                    .iter()
                    .copied()
                    .filter(|&c| {
                        let k = set.info(c).map(|i| i.class);
                        match class {
                            Some(_) => k == class,
                            None => !matches!(k, Some(CardClass::Part(_))),
                        }
                    })
                    .collect();
                if !cards.is_empty() || class.is_some() {
                    let _ = writeln!(out, "  {title} {}", list(set, &cards));
                }
            }
        }
        match &v.outcome {
            Some(o) => {
                let _ = writeln!(out, "Game over: {}", outcome_line(o));
            }
            None => {
                let _ = writeln!(out, "Waiting for {}", pending_line(v.pending, me));
            }
        }
        out
    }

    fn describe_action(config: &Config, view: &View, a: &Action) -> String {
        let set = cards_of(config);
        // The attack value, for attacks and next targets: power, × RABIES if played.
        let value = |c: Option<&Creature>, r: &Option<CardId>| -> String {
            let power = c.map_or(0, |c| set.creature_power(c));
            match r.and_then(|r| set.info(r)) {
                Some(i) => format!(
                    "power {power} ×{} = {} with RABIES",
                    i.multiplier,
                    power.saturating_mul(u32::from(i.multiplier))
                ),
                None => format!("power {power}"),
            }
        };
        match &a.choice {
            Choice::Redraw => "Redraw: discard your whole hand and draw 7 (ends your turn)".into(),
            Choice::DrawForTurn => "Draw a card".into(),
            Choice::Attack {
                creature: c,
                target,
                rabies: r,
            } => format!(
                "Attack {target} · {} · {}",
                value(Some(c), r),
                creature_parts(set, c)
            ),
            Choice::Discard { card } => format!("Discard {} (ends your turn)", set.label(*card)),
            Choice::NextTarget { target, rabies: r } => {
                let c = view.chain.as_ref().and_then(|ch| ch.creature);
                format!("Attack {target} next · {}", value(c.as_ref(), r))
            }
            Choice::Defend {
                creature: c,
                invoke_venom,
            } => format!(
                "Defend · power {} · {}{}",
                set.creature_power(c),
                creature_parts(set, c),
                if *invoke_venom {
                    " and invoke VENOM (forced tie)"
                } else {
                    ""
                }
            ),
            Choice::StealCreatureCard { card } => format!("Steal {}", set.label(*card)),
            Choice::StealRandom => "Steal a random card from their hand".into(),
            Choice::DeclineSteal => "Take nothing".into(),
            Choice::DiscardExcess { card } => format!("Discard {}", set.label(*card)),
            Choice::BerserkReveal { creature: c } => format!(
                "Commit · power {} · {}",
                set.creature_power(c),
                creature_parts(set, c)
            ),
        }
    }

    fn explain_action(config: &Config, view: &View, a: &Action) -> String {
        let set = cards_of(config);
        let n = view.num_players;
        let what = match &a.choice {
            Choice::Redraw => "Discard your whole hand face up and draw 7 new cards. Your turn \
                ends at once: no attack this turn (CC-5.1)."
                .to_string(),
            Choice::DrawForTurn => "Draw one card, then attack with a creature from your hand \
                or discard a card (CC-4.2, CC-4.3)."
                .to_string(),
            Choice::Attack { target, rabies, .. } => {
                let mut t = format!(
                    "Your creature goes face up to the play area and {target} must answer with a \
                     creature from their hand, or forfeit if they cannot build one. The higher \
                     value wins, equal is a tie; the winner may take one card of the other \
                     creature. If you win you must attack every other player in turn with the \
                     same creature; beat all {} of them this turn and it becomes a Champion.",
                    n.saturating_sub(1)
                );
                if rabies.is_some() {
                    t.push_str(" RABIES doubles the attack of this battle.");
                }
                t
            }
            Choice::Discard { .. } => {
                "Put this card face up on the discard pile; your turn ends.".into()
            }
            Choice::NextTarget { target, rabies } => {
                let last = view
                    .chain
                    .as_ref()
                    .is_some_and(|c| c.attacked.len() + 2 >= usize::from(n));
                let mut t = format!(
                    "Attack {target} with the same creature (you must go on after a win). {}",
                    if last {
                        "This is the last battle: win it and your creature becomes a Champion."
                    } else {
                        "Other players are left to beat after this one."
                    }
                );
                if rabies.is_some() {
                    t.push_str(if last {
                        " With RABIES a win still makes the Champion."
                    } else {
                        " With RABIES a win lets you steal, but then your creature dies and your \
                         turn ends: no Champion this turn."
                    });
                }
                t
            }
            Choice::Defend { invoke_venom, .. } => {
                if *invoke_venom {
                    "Defend and invoke VENOM: the battle is a tie whatever the powers, and you \
                     may take one card of the attacking creature (CC-6.10)."
                        .into()
                } else {
                    "Defend with this creature: if it is stronger you win, it returns to your \
                     hand (everyone knows it is there) and you may take one card of the \
                     attacker's creature; weaker, and the attacker may take one of yours."
                        .into()
                }
            }
            Choice::StealCreatureCard { .. } => "Take this card of the beaten creature into \
                your hand (everyone saw it); the rest goes to the discard pile."
                .into(),
            Choice::StealRandom => "Take one card at random from the forfeiting player's hand \
                (only the two of you see which)."
                .into(),
            Choice::DeclineSteal => "Take nothing: after a battle the whole beaten creature is \
                discarded; after a forfeit the defender keeps every card."
                .into(),
            Choice::DiscardExcess { .. } => {
                "End of turn: discard down to 7 cards, one at a time.".into()
            }
            Choice::BerserkReveal { .. } => "Commit this creature secretly to the BERSERK! \
                battle; all are revealed together and the strictly strongest becomes a Champion."
                .into(),
        };
        let mut cards: Vec<CardId> = match &a.choice {
            Choice::Attack {
                creature, rabies, ..
            } => creature.cards().into_iter().chain(*rabies).collect(),
            Choice::NextTarget { rabies, .. } => rabies.iter().copied().collect(),
            Choice::Defend { creature, .. } | Choice::BerserkReveal { creature } => {
                creature.cards().to_vec()
            }
            Choice::Discard { card }
            | Choice::StealCreatureCard { card }
            | Choice::DiscardExcess { card } => vec![*card],
            _ => Vec::new(),
        };
        cards.dedup();
        let mut out = format!("{}\n{what}", Self::describe_action(config, view, a));
        for c in cards {
            out.push_str("\n  ");
            out.push_str(&card_line(config, set, c));
        }
        out
    }

    fn cards(config: &Config) -> Vec<CardText> {
        let set = cards_of(config);
        set.ids()
            .filter_map(|id| {
                let def = set.def(id)?;
                let mut stats = std::collections::BTreeMap::new();
                match def {
                    CardDef::Part {
                        animal,
                        position,
                        power,
                        venom,
                        fragment,
                        ..
                    } => {
                        stats.insert("position".into(), position_word(*position).into());
                        stats.insert("power".into(), (*power).into());
                        stats.insert("venom".into(), (*venom).into());
                        stats.insert("animal".into(), animal.as_str().into());
                        stats.insert("fragment".into(), fragment.as_str().into());
                    }
                    CardDef::Rabies { multiplier, .. } => {
                        stats.insert("multiplier".into(), (*multiplier).into());
                    }
                    CardDef::Berserk { .. } => {}
                }
                Some(CardText {
                    key: def.id().to_string(),
                    name: def.name_en().to_string(),
                    kind: kind_word(def),
                    stats,
                    text: card_text(config, def),
                    ids: vec![id],
                })
            })
            .collect()
    }

    fn legend() -> &'static str {
        "▶  the active player (whose turn it is)\n\
         (you)  your seat\n\
         (hidden)  that hand is face down: only its size is shown\n\
         👁 known in hand  cards everyone saw go into that hand (a winning defender's creature, a card taken after a battle)\n\
         ★  a Champion (three cards set aside face up for good)\n\
         RHINO/rhino F10  a card: its name piece, its animal, its slot (F FRONT, M MIDDLE, B BACK) and its power\n\
         ☠  the card carries VENOM (three VENOM parts defend with a forced tie)\n\
         RHINOODCUDA 23 [...]  a creature: its name (the three pieces read together), its power, its cards\n\
         deck (face down), discard (face up)  the draw pile's size and the discard pile's\n\
         RABIES doubles the attack  a RABIES card is in play for this battle\n\
         committed (face down)  BERSERK! participants who chose their creature (kept secret until all have)\n\
         —  nothing"
    }

    fn menu_group(config: &Config, _view: &View, a: &Action) -> Option<String> {
        let _ = config;
        match &a.choice {
            Choice::Attack { target, .. } => Some(format!("Attack {target}")),
            Choice::Discard { .. } => Some("Discard a card (ends your turn)".into()),
            Choice::Defend { .. } => Some("Defend".into()),
            Choice::BerserkReveal { .. } => Some("Commit to the BERSERK! battle".into()),
            _ => None,
        }
    }

    fn describe_event(config: &Config, e: &Event) -> String {
        let set = cards_of(config);
        match e {
            Event::TurnStarted { seat, turn } => format!("— Turn {} — {seat} to play", turn + 1),
            Event::Redrew { seat, cards } => {
                format!("{seat} redraws, discarding {}", list(set, cards))
            }
            Event::Drew {
                seat,
                card: Some(c),
            } => format!("{seat} draws {}", set.label(*c)),
            Event::Drew { seat, card: None } => format!("{seat} draws a card"),
            Event::DrawFailed { seat } => format!("{seat} cannot draw: deck and discard are empty"),
            Event::Reshuffled { cards } => {
                format!("The discard pile is shuffled into a new deck of {cards}")
            }
            Event::BerserkDrawn { seat, deferred, .. } => format!(
                "{seat} draws BERSERK!{}",
                if *deferred {
                    " (set aside until the attack ends)"
                } else {
                    ""
                }
            ),
            Event::Discarded { seat, card } => format!("{seat} discards {}", set.label(*card)),
            Event::Attacked {
                seat,
                target,
                creature: c,
                rabies,
                battle,
                ..
            } => format!(
                "{seat} attacks {target} with {} (battle {battle}){}",
                creature(set, c),
                if rabies.is_some() { " + RABIES" } else { "" }
            ),
            Event::Forfeited { seat } => format!("{seat} cannot build a creature and forfeits"),
            Event::Defended {
                seat,
                creature: c,
                invoke_venom,
                ..
            } => format!(
                "{seat} defends with {}{}",
                creature(set, c),
                if *invoke_venom {
                    ", invoking VENOM"
                } else {
                    ""
                }
            ),
            Event::BattleResolved {
                result,
                attack,
                defence,
                ..
            } => {
                let score = defence.map_or(format!("{attack}"), |d| format!("{attack} vs {d}"));
                let what = match result {
                    BattleResult::AttackerWins => "the attacker wins",
                    BattleResult::Forfeit => "the attacker wins by forfeit",
                    BattleResult::DefenderWins => "the defender wins",
                    BattleResult::Tie => "a tie",
                    BattleResult::VenomTie => "a VENOM tie",
                };
                format!("{score}: {what}")
            }
            Event::CreatureReturned { seat, .. } => {
                format!("{seat} takes the defending creature back")
            }
            Event::Stole {
                thief,
                victim,
                card,
                random,
            } => match card {
                Some(c) => format!(
                    "{thief} steals {} from {victim}{}",
                    set.label(*c),
                    if *random { " (at random)" } else { "" }
                ),
                None => format!("{thief} steals a random card from {victim}"),
            },
            Event::DeclinedSteal { seat } => format!("{seat} takes nothing"),
            Event::ToDiscard { cards } => format!("To the discard pile: {}", list(set, cards)),
            Event::CreatureDied { seat } => format!("{seat}'s rabid creature dies"),
            Event::ChampionMade {
                seat,
                creature: c,
                champions,
            } => format!(
                "★ {} becomes {seat}'s Champion #{champions}",
                creature(set, c)
            ),
            Event::BerserkBattle {
                participants,
                skipped,
                ..
            } => {
                let who: Vec<String> = participants.iter().map(|s| s.to_string()).collect();
                if *skipped {
                    format!(
                        "BERSERK! battle: too few fighters ({}), nothing happens",
                        who.len()
                    )
                } else {
                    format!("BERSERK! battle between {}", who.join(", "))
                }
            }
            Event::BerserkLimitReached { .. } => format!(
                "BERSERK! is discarded unfought: {} BERSERK! cards were resolved this turn already",
                config.berserk_battles_per_turn
            ),
            Event::BerserkCommitted { seat, creature: c } => match c {
                Some(c) => format!("{seat} commits {}", creature(set, c)),
                None => format!("{seat} commits a creature face down"),
            },
            Event::BerserkRevealed { entries } => {
                let shown: Vec<String> = entries
                    .iter()
                    .map(|e| format!("{}: {}", e.seat, creature(set, &e.creature)))
                    .collect();
                format!("Revealed: {}", shown.join(" · "))
            }
            Event::DiscardedExcess { seat, card } => {
                format!("{seat} discards {} (excess)", set.label(*card))
            }
            Event::TurnEnded { seat } => format!("{seat}'s turn ends"),
            Event::GameOver { outcome } => format!("Game over: {}", outcome_line(outcome)),
        }
    }
}

/// Whether `observer` is the seat in `pending` (for front ends highlighting "your move").
pub fn is_to_act(view: &View, observer: Observer) -> bool {
    observer.seat().is_some() && view.pending.seat() == observer.seat()
}
