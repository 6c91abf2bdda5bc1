//! Building a [`Scenario`]: cards allocated by name, zones filled, the reachability checks
//! (a position the rules cannot reach is refused with the field that is wrong), the start
//! point set up, forced outcomes queued, and play run on to the first decision.

use super::{
    AttackSetup, BattleSetup, CardNames, ColumnSetup, ForcedOutcome, GuardSetup, PlayerSetup, Rest,
    Scenario, ShuffleItem, Stage, Start,
};
use crate::action::{Col, Side, SummonBy};
use crate::cards::{split_label, CardClass, CardId, CardSet};
use crate::config::{EditTurnMode, ExtraConditionTracking};
use crate::error::Error;
use crate::rules::{battle, edit, extra, run, setup};
use crate::state::{
    Attack, Battle, DefCard, Defense, FieldExtra, Guard, Mana, OneTurn, Pending, Phase, Player,
    Rules, RulesRef, SlotCard, SlotKind, Spare, State, StateCore, Supply, Task, TurnUse, Window,
    WindowKind, MAX_LIFE,
};
use fuda_core::{
    tiny_vec, Forced, GameRng, NoEvents, Pile, Seat, SeatSet, Shared, SmallVec, TinyVec,
};

/// A name as quoted in an error message (long input is cut).
fn quoted(name: &str) -> String {
    let cut: String = name.chars().take(60).collect();
    if cut.len() < name.len() {
        format!("`{cut}…`")
    } else {
        format!("`{cut}`")
    }
}

fn err(field: impl Into<String>, message: impl Into<String>) -> Error {
    Error::scenario(field, message)
}

/// Hands out the cards of the set by name, each at most once.
struct Alloc<'a> {
    set: &'a CardSet,
    free: Vec<bool>,
    names: CardNames,
}

impl<'a> Alloc<'a> {
    fn new(set: &'a CardSet) -> Alloc<'a> {
        Alloc {
            set,
            free: vec![true; set.len()],
            names: CardNames::new(),
        }
    }

    /// Takes the card `name` names: `key#k` that copy, `key` its first unused copy.
    fn take(&mut self, name: &str, field: &str) -> Result<CardId, Error> {
        let (key, k) = split_label(name);
        let copies = self.set.instances(key);
        if copies.is_empty() {
            return Err(err(
                field,
                format!("{} is not a card of the set", quoted(name)),
            ));
        }
        let card = match k {
            Some(k) => {
                let c = k
                    .checked_sub(1)
                    .and_then(|i| copies.get(i))
                    .copied()
                    .ok_or_else(|| {
                        err(
                            field,
                            format!("{}: the set has {} copies", quoted(name), copies.len()),
                        )
                    })?;
                if !self.free[c.index()] {
                    return Err(err(field, format!("{} is placed twice", quoted(name))));
                }
                c
            }
            None => copies
                .iter()
                .copied()
                .find(|c| self.free[c.index()])
                .ok_or_else(|| {
                    err(
                        field,
                        format!(
                            "{} is placed more often than the set's {} cop{}",
                            quoted(name),
                            copies.len(),
                            if copies.len() == 1 { "y" } else { "ies" }
                        ),
                    )
                })?,
        };
        self.free[card.index()] = false;
        self.names.insert(self.set.label_of(card), card);
        self.names.entry(key.to_string()).or_insert(card);
        Ok(card)
    }

    /// Takes a card that must be of one of these classes.
    fn take_class(
        &mut self,
        name: &str,
        field: &str,
        want: &[CardClass],
        what: &str,
    ) -> Result<CardId, Error> {
        let c = self.take(name, field)?;
        match self.set.info(c).map(|i| i.class) {
            Some(k) if want.contains(&k) => Ok(c),
            _ => Err(err(field, format!("{} cannot be {what}", quoted(name)))),
        }
    }
}

/// The card among `candidates` that a reference names: `key#k` exactly, `key` its first
/// copy among them.
fn find(set: &CardSet, name: &str, candidates: &[CardId], field: &str) -> Result<CardId, Error> {
    let (key, k) = split_label(name);
    let found = match k {
        Some(_) => set.named(name).filter(|c| candidates.contains(c)),
        None => candidates.iter().copied().find(|c| set.id_of(*c) == key),
    };
    found.ok_or_else(|| err(field, format!("{} is not there", quoted(name))))
}

/// Builds the scenario: the state at its first decision, and the names given out.
pub(crate) fn build(sc: &Scenario) -> Result<(State, CardNames), Error> {
    let rules = crate::rules::setup::shared_rules(&sc.config)?;
    let n = rules.n;
    if sc.start == Start::Setup {
        return build_setup(sc, rules);
    }
    if sc.players.len() > n {
        return Err(err(
            "players",
            format!("{} players for a table of {n}", sc.players.len()),
        ));
    }
    if sc.round == 0 || sc.round > sc.config.max_rounds {
        return Err(err(
            "round",
            format!(
                "round {} is outside 1 to max_rounds ({})",
                sc.round, sc.config.max_rounds
            ),
        ));
    }
    let set = rules.cards.clone();
    let mut alloc = Alloc::new(&set);
    let empty = PlayerSetup::default();
    let mut players = Vec::with_capacity(n);
    for i in 0..n {
        let ps = sc.players.get(i).unwrap_or(&empty);
        players.push(player(sc, &rules, &mut alloc, ps, i)?);
    }
    let piles = Piles::build(sc, &rules, &mut alloc)?;
    let mut unused = piles.out_of_game;
    let mut main = piles.main_rest;
    let mut boss = piles.boss_rest;
    let mut et = piles.et_rest;
    let has_et = sc.config.match_format.has_et_deck();
    for c in set.ids().filter(|c| alloc.free[c.index()]) {
        let class = rules.class(c);
        match (sc.rest, class) {
            (Rest::OutOfGame, _) => unused.push(c),
            (_, Some(k)) if k.is_monjan() => main.push(c),
            (_, Some(CardClass::BossAssa)) => boss.push(c),
            (_, Some(CardClass::Extra | CardClass::Toughness)) if has_et => et.push(c),
            _ => unused.push(c),
        }
    }
    unused.sort_unstable();
    // Unnamed deck cards are shuffled beneath the named ones with the seed's stream,
    // before the forced outcomes are queued (those are for the play that follows).
    let mut rng = GameRng::from_seed(sc.seed);
    fn deck<const N: usize>(rest: &[CardId], top: &[CardId], rng: &mut GameRng) -> Pile<CardId, N> {
        let mut pile = Pile::from_slice(rest);
        pile.shuffle(rng);
        for c in top.iter().rev() {
            pile.put_top(*c);
        }
        pile
    }
    let main_deck = deck(&main, &piles.main_top, &mut rng);
    let boss_deck = deck(&boss, &piles.boss_top, &mut rng);
    let et_deck = deck(&et, &piles.et_top, &mut rng);
    let seat_list = |list: &[Seat], field: &str| -> Result<Vec<Seat>, Error> {
        for (i, s) in list.iter().enumerate() {
            if s.index() >= n || list[..i].contains(s) {
                return Err(err(field, format!("{s} is not a seat or is listed twice")));
            }
        }
        Ok(list.to_vec())
    };
    let last_order = match &sc.last_order {
        Some(o) => seat_list(o, "last_order")?,
        None => (0..n as u8).map(Seat).collect(),
    };
    let eliminated = seat_list(&sc.eliminated, "eliminated")?;
    for (i, p) in players.iter().enumerate() {
        let listed = eliminated.contains(&Seat(i as u8));
        if listed == p.alive {
            return Err(err(
                format!("players[{i}].alive"),
                "a player is out exactly when listed in `eliminated`",
            ));
        }
    }
    if n - eliminated.len() < 2 {
        return Err(err(
            "eliminated",
            "the game is over with fewer than two players in",
        ));
    }
    let mut s = State {
        rules: RulesRef(rules),
        d: StateCore {
            rng,
            phase: Phase::Edit,
            round: sc.round,
            players: players.into_iter().collect(),
            main_deck,
            main_discard: piles.main_discard.into_iter().collect(),
            boss_deck,
            boss_discard: piles.boss_discard.into_iter().collect(),
            et_deck,
            et_discard: piles.et_discard.into_iter().collect(),
            pool: TinyVec::new(),
            unused: unused.into_iter().collect(),
            rps: (0..n as u8).map(Seat).collect(),
            setup_step: 0,
            edit_set: SeatSet::EMPTY,
            seq_order: crate::state::Seats::new(),
            seq_index: 0,
            last_order: last_order.into_iter().collect(),
            frozen: None,
            spare: Spare::ready(),
            withheld: SmallVec::new(),
            battle: None,
            tasks: TinyVec::new(),
            pending: Pending::Edit,
            eliminated: eliminated.into_iter().collect(),
            outcome: None,
        },
    };
    tie_extras(&mut s)?;
    reachable(&s, sc)?;
    queue_forced(&mut s, sc, &set)?;
    match sc.start {
        Start::Setup => {}
        Start::OpeningDraws => {
            s.d.round = sc.round - 1;
            s.d.tasks.push(Task::BeginRound);
            run(&mut s, &mut NoEvents);
        }
        Start::Edit => start_edit(&mut s, sc)?,
        Start::BattleReveal => {
            s.d.tasks.push(Task::BeginBattle);
            run(&mut s, &mut NoEvents);
        }
        Start::Battle => {
            let b = sc
                .battle
                .as_ref()
                .ok_or_else(|| err("battle", "a battle start needs `battle`"))?;
            if start_battle(&mut s, b, &set)? {
                run(&mut s, &mut NoEvents);
            }
        }
    }
    if let Some(m) = s.d.rng.take_misfit() {
        return Err(Error::ForcedOutcome(m));
    }
    s.validate().map_err(|e| err("position", e.to_string()))?;
    Ok((s, alloc.names))
}

/// A `setup` start: a new game from the configuration, with the forced outcomes queued
/// before boards, rock-paper-scissors and shuffles.
fn build_setup(sc: &Scenario, rules: Shared<Rules>) -> Result<(State, CardNames), Error> {
    let given = !sc.players.iter().all(|p| *p == PlayerSetup::default())
        || !sc.main_deck.is_empty()
        || !sc.boss_deck.is_empty()
        || !sc.et_deck.is_empty()
        || !sc.main_discard.is_empty()
        || !sc.boss_discard.is_empty()
        || !sc.et_discard.is_empty()
        || !sc.out_of_game.is_empty()
        || sc.battle.is_some()
        || !sc.eliminated.is_empty()
        || sc.last_order.is_some();
    if given {
        return Err(err(
            "start",
            "a setup start deals the cards itself: give only the configuration, seed and forced outcomes",
        ));
    }
    let set = rules.cards.clone();
    let mut rng = GameRng::from_seed(sc.seed);
    rng.force(resolve_forced(sc, &set)?)
        .map_err(|e| err("forced", e.to_string()))?;
    let s = setup::new_game_with(rules, rng);
    let mut s = s;
    if let Some(m) = s.d.rng.take_misfit() {
        return Err(Error::ForcedOutcome(m));
    }
    s.validate().map_err(|e| err("position", e.to_string()))?;
    Ok((s, CardNames::new()))
}

fn resolve_forced(sc: &Scenario, set: &CardSet) -> Result<Vec<Forced>, Error> {
    let mut out = Vec::with_capacity(sc.forced.len());
    if sc.forced.len() > fuda_core::MAX_FORCED {
        return Err(err(
            "forced",
            format!("more than {} forced outcomes", fuda_core::MAX_FORCED),
        ));
    }
    for (i, f) in sc.forced.iter().enumerate() {
        let field = format!("forced[{i}]");
        out.push(match f {
            ForcedOutcome::Die(d) => {
                if !(1..=6).contains(d) {
                    return Err(err(field, format!("a die shows 1 to 6, not {d}")));
                }
                Forced::Die(*d)
            }
            ForcedOutcome::Pick(p) => Forced::Pick(*p),
            ForcedOutcome::Shuffle(items) => {
                let mut keys: Vec<u32> = Vec::with_capacity(items.len());
                for (j, item) in items.iter().enumerate() {
                    let key = match item {
                        ShuffleItem::Key(k) => *k,
                        ShuffleItem::Card(name) => {
                            let (key, k) = split_label(name);
                            let copies = set.instances(key);
                            let card = match k {
                                Some(_) => set.named(name),
                                None => copies
                                    .iter()
                                    .copied()
                                    .find(|c| !keys.contains(&u32::from(c.0))),
                            };
                            let card = card.ok_or_else(|| {
                                err(
                                    format!("{field}[{j}]"),
                                    format!("{} is not a card of the set", quoted(name)),
                                )
                            })?;
                            u32::from(card.0)
                        }
                    };
                    if keys.contains(&key) {
                        return Err(err(format!("{field}[{j}]"), "listed twice in one shuffle"));
                    }
                    keys.push(key);
                }
                Forced::Shuffle(keys)
            }
        });
    }
    Ok(out)
}

fn queue_forced(s: &mut State, sc: &Scenario, set: &CardSet) -> Result<(), Error> {
    let forced = resolve_forced(sc, set)?;
    s.d.rng
        .force(forced)
        .map_err(|e| err("forced", e.to_string()))
}

/// One player's zones.
fn player(
    sc: &Scenario,
    rules: &Rules,
    alloc: &mut Alloc,
    ps: &PlayerSetup,
    i: usize,
) -> Result<Player, Error> {
    let at = |f: &str| format!("players[{i}].{f}");
    let mut p = Player::new();
    p.board = match &ps.board {
        Some(id) => Some(rules.cards.board_index(id).ok_or_else(|| {
            err(
                at("board"),
                format!("{} is not a board of the set", quoted(id)),
            )
        })?),
        None => match &sc.config.board_assignment {
            crate::config::BoardAssignment::Fixed(ids) => {
                ids.get(i).and_then(|id| rules.cards.board_index(id))
            }
            _ => Some(i as u8),
        },
    };
    p.alive = ps.alive;
    for (k, h) in ps.hand.iter().enumerate() {
        let c = alloc.take(&h.card, &at(&format!("hand[{k}]")))?;
        p.add_to_hand(c);
        if h.known {
            p.known.push(c);
        }
    }
    p.known.sort_unstable();
    let max = p
        .board
        .and_then(|b| rules.board(b))
        .map_or([0; 3], |b| b.attack_max);
    for col in Col::ALL {
        let name = match col {
            Col::L => "l",
            Col::M => "m",
            Col::R => "r",
        };
        let field = at(name);
        column(
            rules,
            alloc,
            ps.col(col),
            col,
            max[col.index()],
            &field,
            &mut p,
        )?;
    }
    if let Some(e) = &ps.extra {
        let c = alloc.take_class(&e.card, &at("extra"), &[CardClass::Extra], "an Extra")?;
        p.extra = Some(FieldExtra {
            card: c,
            face_down: e.face_down,
            matched: TinyVec::new(),
            by: e.summoned_by,
        });
    }
    for (k, o) in ps.one_turn.iter().enumerate() {
        let c = alloc.take_class(
            &o.card,
            &at(&format!("one_turn[{k}]")),
            &[CardClass::BossAssa],
            "a one-turn summon",
        )?;
        p.one_turn.push(OneTurn {
            card: c,
            face_down: o.face_down,
            extended: o.extended,
            stays: o.stays,
        });
    }
    for (k, r) in ps.resurrected.iter().enumerate() {
        let c = alloc.take_class(
            r,
            &at(&format!("resurrected[{k}]")),
            &[CardClass::Number, CardClass::BossAssa],
            "a resurrected card (a defense card)",
        )?;
        p.resurrected.push(c);
    }
    for side in [Side::Left, Side::Right] {
        let defeated = p.col(side.col()).ever_defeated;
        let supply = match ps.supply.get(side) {
            Some(x) => x,
            None if defeated || !ps.alive => Supply::Granted,
            None => Supply::None,
        };
        if ps.alive && defeated == (supply == Supply::None) {
            return Err(err(
                at("supply"),
                "a side column has a supply (pending or granted) exactly when it was defeated",
            ));
        }
        p.supply[side.index()] = supply;
        p.board_uses[side.index()] = ps.board_uses.get(side);
    }
    let u = &ps.uses;
    let assassin = match &u.assassin {
        Some(name) => {
            let summoned: Vec<CardId> = p.one_turn.iter().map(|o| o.card).collect();
            Some(find(&rules.cards, name, &summoned, &at("uses.assassin"))?)
        }
        None => None,
    };
    p.uses = TurnUse {
        mana: u.mana,
        number_attack: u.number_attack,
        number_defense: u.number_defense,
        extra: u.extra,
        toughness: u.toughness,
        boss: u.boss,
        edit_skill: u.edit_skill,
        battle_skill: u.battle_skill,
        placements: u.placements,
        assassin,
        ended: u.ended,
    };
    for (k, su) in ps.skill_uses.iter().enumerate() {
        let field = at(&format!("skill_uses[{k}]"));
        let card = rules.cards.named(&su.card).ok_or_else(|| {
            err(
                &field,
                format!("{} is not a card of the set", quoted(&su.card)),
            )
        })?;
        let skills = rules.cards.def(card).map_or(0, |d| d.skills().len());
        if usize::from(su.skill) >= skills {
            return Err(err(
                field,
                format!("{} has no skill {}", quoted(&su.card), su.skill),
            ));
        }
        let def = rules.info(card).map_or(0, |x| x.def);
        if p.skill_uses.iter().any(|x| x.0 == def && x.1 == su.skill) {
            return Err(err(field, "listed twice"));
        }
        p.skill_uses.push((def, su.skill, su.uses));
    }
    p.resurrections = ps.resurrections;
    if let Some(r) = ps.last_roll {
        if !(1..=6).contains(&r) {
            return Err(err(at("last_roll"), "a die shows 1 to 6"));
        }
    }
    p.last_roll = ps.last_roll;
    if !ps.alive {
        let has_cards = !p.hand.is_empty()
            || p.extra.is_some()
            || !p.one_turn.is_empty()
            || !p.resurrected.is_empty()
            || p.cols
                .iter()
                .any(|c| c.attack.is_some() || !c.mana.is_empty());
        if has_cards {
            return Err(err(
                at("alive"),
                "a player out of the game holds no card (MC-6.7)",
            ));
        }
        for c in &mut p.cols {
            if c.defense.is_live() || c.defense == Defense::Empty {
                c.defense = Defense::Defeated;
                c.ever_defeated = true;
            }
        }
        p.supply = [Supply::Granted; 2];
    }
    Ok(p)
}

/// One column of a player.
fn column(
    rules: &Rules,
    alloc: &mut Alloc,
    cs: &ColumnSetup,
    col: Col,
    max: u8,
    field: &str,
    p: &mut Player,
) -> Result<(), Error> {
    let at = |f: &str| format!("{field}.{f}");
    let given = usize::from(cs.defense.is_some())
        + usize::from(cs.boss.is_some())
        + usize::from(cs.revived.is_some())
        + usize::from(cs.defeated);
    if given > 1 {
        return Err(err(
            field.to_string(),
            "give at most one of defense, boss, revived and defeated",
        ));
    }
    let c = p.col_mut(col);
    if let Some(a) = &cs.attack {
        let card = alloc.take_class(
            &a.card,
            &at("attack"),
            &[CardClass::Number, CardClass::Toughness],
            "in an attack slot (a permanent Boss-Assassin goes in `boss`)",
        )?;
        let kind = match rules.class(card) {
            Some(CardClass::Toughness) => SlotKind::Toughness,
            _ => SlotKind::Number,
        };
        if kind == SlotKind::Number && rules.value(card) > max {
            return Err(err(
                at("attack"),
                format!(
                    "{} is above the column's attack maximum {max} (MC-3.7)",
                    quoted(&a.card)
                ),
            ));
        }
        if a.face_down && kind == SlotKind::Number {
            return Err(err(
                at("attack"),
                "only a Toughness may be face down (MC-A31)",
            ));
        }
        c.attack = Some(SlotCard {
            card,
            kind,
            face_down: a.face_down,
        });
    }
    let life_of = |life: Option<u8>, printed: u8, f: &str| -> Result<u8, Error> {
        let life = life.unwrap_or(printed);
        if life == 0 || life > MAX_LIFE {
            return Err(err(
                format!("{field}.{f}"),
                format!("life {life} is outside 1 to 16"),
            ));
        }
        Ok(life)
    };
    if let Some(d) = &cs.defense {
        let card = alloc.take_class(&d.card, &at("defense"), &[CardClass::Number], "a defense")?;
        let printed = rules.value(card).clamp(1, MAX_LIFE);
        let life = life_of(d.life, printed, "defense")?;
        c.defense = Defense::Live {
            card: DefCard::Number(card),
            printed,
            life,
        };
    }
    if let Some(b) = &cs.boss {
        if col == Col::M {
            return Err(err(
                at("boss"),
                "a permanent summon is never in the middle (MC-A32)",
            ));
        }
        if c.attack.is_some() {
            return Err(err(
                at("boss"),
                "a permanent Boss-Assassin fills the attack slot too",
            ));
        }
        let card = alloc.take_class(
            &b.card,
            &at("boss"),
            &[CardClass::BossAssa],
            "a permanent summon",
        )?;
        let printed = rules.value(card).clamp(1, MAX_LIFE);
        let life = life_of(b.life, printed, "boss")?;
        c.attack = Some(SlotCard {
            card,
            kind: SlotKind::Boss,
            face_down: false,
        });
        c.defense = Defense::Live {
            card: DefCard::Boss,
            printed,
            life,
        };
    }
    if let Some(life) = cs.revived {
        if col == Col::M {
            return Err(err(
                at("revived"),
                "only a side defense is revived (MC-A20)",
            ));
        }
        let life = life_of(Some(life), life, "revived")?;
        c.defense = Defense::Live {
            card: DefCard::Revived,
            printed: life,
            life,
        };
        c.ever_defeated = true;
    }
    if cs.defeated {
        c.defense = Defense::Defeated;
        c.ever_defeated = true;
    }
    for (k, m) in cs.mana.iter().enumerate() {
        let f = at(&format!("mana[{k}]"));
        let card = alloc.take_class(
            &m.card,
            &f,
            &[CardClass::Number, CardClass::Battle],
            "mana (only Monjan cards are)",
        )?;
        if m.element && !c.ever_defeated {
            return Err(err(f, "Elements come only from a defeated column (MC-6.6)"));
        }
        if m.element && m.face_down {
            return Err(err(f, "an Element is not placed face down"));
        }
        c.mana.push(Mana {
            card,
            element: m.element,
            face_down: m.face_down,
            spent: m.spent,
        });
    }
    c.bottom_used = cs.bottom_used;
    Ok(())
}

/// The named piles; the rest of each deck comes from the unnamed cards.
struct Piles {
    main_top: Vec<CardId>,
    boss_top: Vec<CardId>,
    et_top: Vec<CardId>,
    main_rest: Vec<CardId>,
    boss_rest: Vec<CardId>,
    et_rest: Vec<CardId>,
    main_discard: Vec<CardId>,
    boss_discard: Vec<CardId>,
    et_discard: Vec<CardId>,
    out_of_game: Vec<CardId>,
}

impl Piles {
    fn build(sc: &Scenario, rules: &Rules, alloc: &mut Alloc) -> Result<Piles, Error> {
        let fmt = sc.config.match_format;
        let et = fmt.has_et_deck();
        let monjan = [CardClass::Number, CardClass::Battle];
        let with_et = [
            CardClass::Number,
            CardClass::Battle,
            CardClass::Extra,
            CardClass::Toughness,
        ];
        let main_classes: &[CardClass] = if fmt.deck_et() > 0 { &with_et } else { &monjan };
        let discard_classes: &[CardClass] = if et { &monjan } else { &with_et };
        let et_classes: &[CardClass] = &[CardClass::Extra, CardClass::Toughness];
        let boss: &[CardClass] = &[CardClass::BossAssa];
        let mut list = |names: &[String], field: &str, want: &[CardClass], what: &str| {
            names
                .iter()
                .enumerate()
                .map(|(k, name)| alloc.take_class(name, &format!("{field}[{k}]"), want, what))
                .collect::<Result<Vec<CardId>, Error>>()
        };
        let et_named = !sc.et_deck.is_empty() || !sc.et_discard.is_empty();
        if !et && et_named {
            return Err(err("et_deck", "only the formats ④–⑥ have an ET deck"));
        }
        let _ = rules;
        Ok(Piles {
            main_top: list(&sc.main_deck, "main_deck", main_classes, "in the main deck")?,
            boss_top: list(
                &sc.boss_deck,
                "boss_deck",
                boss,
                "in the Boss-Assassin deck",
            )?,
            et_top: list(&sc.et_deck, "et_deck", et_classes, "in the ET deck")?,
            main_discard: list(
                &sc.main_discard,
                "main_discard",
                discard_classes,
                "in the main discard pile",
            )?,
            boss_discard: list(
                &sc.boss_discard,
                "boss_discard",
                boss,
                "in the Boss-Assassin discard pile",
            )?,
            et_discard: list(
                &sc.et_discard,
                "et_discard",
                et_classes,
                "in the ET discard pile",
            )?,
            out_of_game: {
                let mut all = Vec::new();
                for (k, name) in sc.out_of_game.iter().enumerate() {
                    all.push(alloc.take(name, &format!("out_of_game[{k}]"))?);
                }
                all
            },
            main_rest: Vec::new(),
            boss_rest: Vec::new(),
            et_rest: Vec::new(),
        })
    }
}

/// Each Extra's summoning condition and the cards it is tied to, as if summoned now.
fn tie_extras(s: &mut State) -> Result<(), Error> {
    let tracking = s.config().extra_condition_tracking;
    for i in 0..s.num_players() {
        let seat = Seat(i as u8);
        let Some(e) = s.p(seat).extra.clone() else {
            continue;
        };
        let field = format!("players[{i}].extra");
        let ways = extra::summon_ways(s, seat, e.card);
        let by = match (tracking, e.by) {
            (ExtraConditionTracking::BySummon, Some(by)) => {
                if !ways.contains(&by) {
                    return Err(err(
                        field,
                        "its summoning condition is not met by the current tops, so it would have died (MC-6.12)",
                    ));
                }
                Some(by)
            }
            (ExtraConditionTracking::BySummon, None) => ways
                .iter()
                .copied()
                .find(|w| *w == SummonBy::Pair)
                .or_else(|| ways.first().copied()),
            (_, Some(_)) => {
                return Err(err(
                    format!("{field}.summoned_by"),
                    "only with extra_condition_tracking = by_summon",
                ))
            }
            (_, None) => None,
        };
        let alive = match tracking {
            ExtraConditionTracking::BySummon => by.is_some(),
            _ => extra::condition_met(s, seat, e.card),
        };
        // An Extra met by a spent top card in an edit turn may still be alive; the tops
        // are what count (MC-A14), so the check is the same.
        if !alive && s.p(seat).alive {
            return Err(err(
                field,
                "its condition is not met by the current tops, so it would have died (MC-6.12)",
            ));
        }
        let matched = extra::tied_cards(s, seat, e.card, by);
        if let Some(x) = s.pm(seat).extra.as_mut() {
            x.by = by;
            x.matched = matched;
        }
    }
    Ok(())
}

/// Positions the rules cannot reach, refused with the field that is wrong.
fn reachable(s: &State, sc: &Scenario) -> Result<(), Error> {
    let battle = matches!(sc.start, Start::BattleReveal | Start::Battle);
    for (i, p) in s.d.players.iter().enumerate() {
        if !p.alive {
            continue;
        }
        let at = |f: &str| format!("players[{i}].{f}");
        let m = p.col(Col::M).defense;
        let round_one_edit = sc.round == 1 && !battle;
        match m {
            Defense::Live { .. } => {}
            Defense::Empty if round_one_edit => {}
            Defense::Empty => {
                return Err(err(
                    at("m.defense"),
                    "the middle defense is placed in round 1's edit turn (MC-5.3)",
                ))
            }
            Defense::Defeated => {
                return Err(err(
                    at("m"),
                    "a player whose middle defense fell is out of the game (MC-6.7)",
                ))
            }
        }
        if round_one_edit
            && m == Defense::Empty
            && p.cols
                .iter()
                .any(|c| c.attack.is_some() || !c.mana.is_empty())
        {
            return Err(err(
                at("m.defense"),
                "in round 1 the middle defense comes before any other placement (MC-5.3)",
            ));
        }
        if battle {
            let face_down = p.cols.iter().any(|c| c.mana.iter().any(|m| m.face_down));
            if face_down && sc.start == Start::Battle {
                return Err(err(
                    at("mana"),
                    "face-down mana is turned up at the battle start (MC-4.4 (1))",
                ));
            }
        }
    }
    if sc.battle.is_some() && sc.start != Start::Battle {
        return Err(err("battle", "`battle` is only for a battle start"));
    }
    Ok(())
}

/// An `edit` start: the edit set as the counters say.
fn start_edit(s: &mut State, sc: &Scenario) -> Result<(), Error> {
    let sequential = s.config().edit_turn_mode == EditTurnMode::Sequential && sc.round >= 2;
    let waiting: Vec<Seat> = s.alive().filter(|x| !s.p(*x).uses.ended).collect();
    if waiting.is_empty() {
        return Err(err(
            "start",
            "every player has ended the edit turn: use a battle_reveal start",
        ));
    }
    if sequential {
        let order: Vec<Seat> =
            s.d.last_order
                .iter()
                .copied()
                .filter(|x| s.p(*x).alive)
                .collect();
        let next = order.iter().position(|x| !s.p(*x).uses.ended).unwrap_or(0);
        if order[next..].iter().any(|x| s.p(*x).uses.ended) || order.len() != s.alive().count() {
            return Err(err(
                "last_order",
                "in a sequential edit turn the players edit one after another in the last battle order",
            ));
        }
        s.d.seq_index = next as u8;
        s.d.edit_set = SeatSet::only(order[next]);
        s.d.seq_order = order.into_iter().collect();
    } else {
        s.d.edit_set = waiting.into_iter().collect();
        edit::freeze(s);
    }
    s.d.pending = Pending::Edit;
    Ok(())
}

/// A `battle` start at the step and stage given; `true` when the procedure must run on to
/// the first decision (no window is open).
fn start_battle(s: &mut State, b: &BattleSetup, set: &CardSet) -> Result<bool, Error> {
    let n = s.num_players();
    let computed = battle::battle_order(s);
    let order = match &b.order {
        Some(o) => {
            for (i, x) in o.iter().enumerate() {
                if x.index() >= n || o[..i].contains(x) {
                    return Err(err(
                        "battle.order",
                        format!("{x} is not a seat or is listed twice"),
                    ));
                }
            }
            let alive: Vec<Seat> = o.iter().copied().filter(|x| s.p(*x).alive).collect();
            if alive[..] != computed[..] {
                return Err(err(
                    "battle.order",
                    format!("the players in the game attack by speed and priority: {computed:?} (MC-6.3)"),
                ));
            }
            o.iter().copied().collect()
        }
        None => computed,
    };
    let step = order
        .iter()
        .position(|x| *x == b.attacker)
        .ok_or_else(|| err("battle.attacker", "the attacker is not in the battle order"))?;
    let a = b.attacker;
    if !s.p(a).alive {
        return Err(err("battle.attacker", "the attacker is out of the game"));
    }
    let units = |seat: Seat| -> Vec<CardId> {
        battle::attack_units(s, seat)
            .filter_map(|u| s.p(seat).unit_card(u))
            .collect()
    };
    let mine = units(a);
    let mut attacks = Vec::new();
    let mut used = Vec::new();
    for (k, at) in b.attacks.iter().enumerate() {
        attacks.push(attack(s, set, a, at, k, &mine)?);
        let card = attacks[k].source;
        if used.contains(&card) {
            return Err(err(
                format!("battle.attacks[{k}].card"),
                "a card attacks at most once",
            ));
        }
        used.push(card);
    }
    let everyone: Vec<CardId> = (0..n).flat_map(|i| units(Seat(i as u8))).collect();
    for (k, name) in b.used.iter().enumerate() {
        let c = find(set, name, &everyone, &format!("battle.used[{k}]"))?;
        if !used.contains(&c) {
            used.push(c);
        }
    }
    // Guards: a live defense of the target, or one of its guard-capable cards, each card
    // guarding one unresolved attack (all of them under Flame of Wrath).
    let flame = match &b.flame {
        Some(name) => {
            let d = attacks
                .first()
                .map(|x| x.target)
                .ok_or_else(|| err("battle.flame", "Flame of Wrath needs attacks"))?;
            let guards: Vec<CardId> = battle::guard_units(s, d)
                .filter_map(|u| s.p(d).unit_card(u))
                .collect();
            Some((d, find(set, name, &guards, "battle.flame")?))
        }
        None => None,
    };
    for (k, x) in attacks.iter().enumerate() {
        let field = format!("battle.attacks[{k}].guard");
        match x.guard {
            Some(Guard::Card(g)) => {
                let shared = attacks
                    .iter()
                    .filter(|y| !y.done && y.guard == Some(Guard::Card(g)))
                    .count();
                let flamed = flame.is_some_and(|(d, fg)| d == x.target && fg == g);
                if !x.done && shared > 1 && !flamed {
                    return Err(err(field, "a card guards one attack only (MC-5.14)"));
                }
            }
            Some(Guard::Defense(c)) if !x.done && !s.p(x.target).col(c).defense.is_live() => {
                return Err(err(field, "only a live defense guards (MC-3.11)"));
            }
            _ => {}
        }
        if let Some((d, g)) = flame {
            if x.target == d && !x.done && x.guard != Some(Guard::Card(g)) {
                return Err(err(
                    field,
                    "under Flame of Wrath its card takes every attack",
                ));
            }
        }
    }
    let unguarded = attacks
        .iter()
        .position(|x| !x.done && x.guard.is_none() && s.p(x.target).alive);
    let stage = b.stage;
    match stage {
        Stage::W1 if !attacks.is_empty() => {
            return Err(err(
                "battle.attacks",
                "no attack is declared before W1 closes",
            ))
        }
        Stage::W2 | Stage::Resolve => {
            if let Some(k) = unguarded {
                return Err(err(
                    format!("battle.attacks[{k}].guard"),
                    "every attack is guarded before W2 (MC-4.4 (3))",
                ));
            }
        }
        _ => {}
    }
    if stage != Stage::Resolve {
        if let Some(k) = attacks.iter().position(|x| x.done) {
            return Err(err(
                format!("battle.attacks[{k}].done"),
                "attacks resolve after W2",
            ));
        }
    }
    if matches!(stage, Stage::W1 | Stage::Declare) && attacks.iter().any(|x| x.guard.is_some()) {
        return Err(err(
            "battle.attacks",
            "guards are assigned after the declaration",
        ));
    }
    if s.config().attack_target == crate::config::AttackTarget::OnePerStep
        && attacks.windows(2).any(|w| w[0].target != w[1].target)
    {
        return Err(err(
            "battle.attacks",
            "with attack_target = one_per_step every attack of a step has one target",
        ));
    }
    let holder = b.holder.unwrap_or(a);
    let window = match stage {
        Stage::W1 | Stage::W2 => {
            if !s.p(holder).alive || !order.contains(&holder) {
                return Err(err(
                    "battle.holder",
                    "the priority holder is not in the battle",
                ));
            }
            if usize::from(b.passes) >= s.alive().count() {
                return Err(err("battle.passes", "the window would have closed"));
            }
            Some(Window {
                kind: if stage == Stage::W1 {
                    WindowKind::W1
                } else {
                    WindowKind::W2
                },
                holder,
                passes: b.passes,
            })
        }
        _ => None,
    };
    let mut asked = SeatSet::EMPTY;
    for x in &attacks {
        if x.guard.is_some() {
            asked.insert(x.target);
        }
    }
    s.d.phase = Phase::Battle;
    s.d.last_order = order;
    s.d.battle = Some(Battle {
        order,
        step: step as u8,
        attacks: attacks.into_iter().collect(),
        used_units: used.into_iter().collect(),
        flame_asked: asked,
        flame,
        window,
        trigger: None,
        guards_done: matches!(stage, Stage::W2 | Stage::Resolve),
    });
    let w2 = Task::Window {
        kind: WindowKind::W2,
    };
    s.d.tasks = match stage {
        Stage::W1 => tiny_vec![
            Task::EndStep,
            Task::Resolve,
            w2,
            Task::Guards,
            Task::Declare
        ],
        Stage::Declare => tiny_vec![
            Task::EndStep,
            Task::Resolve,
            w2,
            Task::Guards,
            Task::Declare
        ],
        Stage::Guards => tiny_vec![Task::EndStep, Task::Resolve, w2, Task::Guards],
        Stage::W2 => tiny_vec![Task::EndStep, Task::Resolve],
        Stage::Resolve => tiny_vec![Task::EndStep, Task::Resolve],
    };
    // Declared attackers and card guards were revealed when declared and assigned.
    let shown: Vec<(Seat, CardId)> =
        s.d.battle
            .iter()
            .flat_map(|b| &b.attacks)
            .flat_map(|x| {
                let guard = match x.guard {
                    Some(Guard::Card(g)) => Some((x.target, g)),
                    _ => None,
                };
                std::iter::once((a, x.source)).chain(guard)
            })
            .collect();
    for (seat, card) in shown {
        if let Some(u) = s.p(seat).locate(card) {
            battle::reveal(s, seat, u);
        }
    }
    match window {
        Some(w) => {
            // The window is open: its holder decides; the steps below resume after it.
            s.d.pending = Pending::Window { seat: w.holder };
            Ok(false)
        }
        None => {
            s.d.pending = Pending::Edit;
            Ok(true)
        }
    }
}

/// One declared attack of the attacker's step.
fn attack(
    s: &State,
    set: &CardSet,
    a: Seat,
    at: &AttackSetup,
    k: usize,
    mine: &[CardId],
) -> Result<Attack, Error> {
    let field = |f: &str| format!("battle.attacks[{k}].{f}");
    let source = find(set, &at.card, mine, &field("card"))?;
    let unit = s
        .p(a)
        .locate(source)
        .ok_or_else(|| err(field("card"), "not on the attacker's field"))?;
    let d = at.target;
    if d.index() >= s.num_players() || d == a {
        return Err(err(field("target"), "an attack targets an opponent"));
    }
    if !s.p(d).alive && !at.done {
        return Err(err(
            field("target"),
            "an unresolved attack on a player out of the game lapsed",
        ));
    }
    let guard = match &at.guard {
        None => None,
        Some(GuardSetup::Defense(c)) => Some(Guard::Defense(*c)),
        Some(GuardSetup::Card(name)) => {
            let guards: Vec<CardId> = battle::guard_units(s, d)
                .filter_map(|u| s.p(d).unit_card(u))
                .collect();
            Some(Guard::Card(find(set, name, &guards, &field("guard"))?))
        }
    };
    let value = battle::unit_value(s, a, unit);
    Ok(Attack {
        source,
        target: d,
        value,
        bonus: at.bonus,
        nullified: at.nullified,
        guard,
        done: at.done,
        damage: at.damage,
    })
}
