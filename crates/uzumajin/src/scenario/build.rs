//! Building a position: the zones, the majins, the turn counters and the decision, each
//! checked against what the rules can reach.

use super::names::{Placement, Zone2};
use super::*;

impl Scenario {
    /// Validates the position and builds the state.
    ///
    /// # Errors
    /// [`Error::Config`] / [`Error::CardSet`] / [`Error::Deck`] for the configuration;
    /// [`Error::Scenario`] naming the field for an unknown card, a card placed twice, more
    /// copies than the deck holds, an impossible majin, inconsistent counters, a decision
    /// the rules would not ask for, or a forced outcome that cannot fit.
    pub fn build(&self) -> Result<State, Error> {
        let rules = crate::rules::setup::shared_rules(&self.config)?;
        let seat_ok = |seat: Seat, field: &str| {
            if seat.index() < 2 {
                Ok(())
            } else {
                Err(Error::scenario(
                    field,
                    format!("{seat} is not a seat of a 2-player game"),
                ))
            }
        };
        seat_ok(self.active, "active")?;
        if let Some(w) = self.janken_winner {
            seat_ok(w, "janken_winner")?;
        }
        for (k, m) in self.majins.iter().enumerate() {
            seat_ok(m.owner, &format!("majins[{k}].owner"))?;
        }
        let placed = Placement::resolve(&rules, self)?;
        let mut rng = GameRng::from_seed(self.seed);
        let forced = self.forced_outcomes(&rules, &placed.used)?;
        rng.force(forced)
            .map_err(|e| Error::scenario("forced", e.to_string()))?;
        let zones = self.zones(&rules, &placed, &mut rng)?;
        let mut state = State::blank(rules, rng, zones);
        state.next_majin = self.majins.len() as u16;
        self.place_majins(&mut state, &placed)?;
        match self.at {
            Decision::Setup => {
                self.check_setup()?;
                setup::janken(&mut state);
            }
            _ => self.start_turn(&mut state)?,
        }
        if let Some(misfit) = state.rng.take_misfit() {
            return Err(Error::scenario("forced", misfit.to_string()));
        }
        if state.rng.forced().any(|f| matches!(f, Forced::Shuffle(_))) {
            return Err(Error::scenario(
                "forced",
                "a forced shuffle is never met: Uzumajin shuffles only at setup, seat 0's \
                 deck and then seat 1's (MJ-9.1), so the shuffles come first and at most two",
            ));
        }
        state.validate().map_err(|e| match e {
            Error::InvalidState { message } => Error::scenario("position", message),
            e => e,
        })?;
        Ok(state)
    }

    /// The forced outcomes as the generator takes them: shuffles name cards by their ids.
    fn forced_outcomes(&self, rules: &Rules, used: &[bool]) -> Result<Vec<Forced>, Error> {
        let mut out = Vec::with_capacity(self.forced.len());
        let mut shuffles = 0;
        for (i, f) in self.forced.iter().enumerate() {
            let field = format!("forced[{i}]");
            match f {
                ForcedSpec::Die(_) => {
                    return Err(Error::scenario(field, "Uzumajin uses no dice"));
                }
                ForcedSpec::Pick(p) => out.push(Forced::Pick(*p)),
                ForcedSpec::Shuffle(top) => {
                    let seat = Seat(shuffles);
                    shuffles += 1;
                    if shuffles > 2 {
                        return Err(Error::scenario(
                            field,
                            "Uzumajin shuffles twice, seat 0's deck and seat 1's (MJ-9.1); \
                             this third shuffle is never met",
                        ));
                    }
                    let mut taken = used.to_vec();
                    let mut keys = Vec::with_capacity(top.len().min(used.len()));
                    for (j, name) in top.iter().enumerate() {
                        let field = format!("{field}[{j}]");
                        let card = Placement::unplaced_copy(rules, seat, name, &taken, &field)?;
                        taken[card.index()] = true;
                        keys.push(u32::from(card.0));
                    }
                    out.push(Forced::Shuffle(keys));
                }
            }
        }
        Ok(out)
    }

    /// Hands, Majin Boxes, graveyards and damage zones; the unplaced cards are shuffled in.
    fn zones(&self, rules: &Rules, placed: &Placement, rng: &mut GameRng) -> Result<Zones, Error> {
        let mut zones = Zones::default();
        for (i, spec) in self.players.iter().enumerate() {
            let seat = Seat(i as u8);
            let at = |field: &str| format!("players[{i}].{field}");
            zones.set(seat, Place::Hand, &placed.cards(seat, Zone2::Hand));
            let top = placed.cards(seat, Zone2::MajinBox);
            let listed_damage = placed.cards(seat, Zone2::Damage);
            let unplaced: Vec<CardId> = (0..rules.num_cards())
                .map(|c| CardId(c as u16))
                .filter(|&c| rules.owner(c) == seat && !placed.used[c.index()])
                .collect();
            // R1: the same shuffle as the game's setup (a forced shuffle fixes its top).
            let rest = setup::shuffle_into_mb(rng, unplaced);
            let rest = rest.as_slice();
            let damage_count = spec.damage_count.unwrap_or(listed_damage.len());
            if damage_count < listed_damage.len() {
                return Err(Error::scenario(
                    at("damage_count"),
                    format!(
                        "{damage_count} is fewer than the {} cards listed in `damage`",
                        listed_damage.len()
                    ),
                ));
            }
            if damage_count >= usize::from(self.config.damage_to_lose) {
                return Err(Error::scenario(
                    at("damage"),
                    format!(
                        "{damage_count} damage would have ended the game (damage_to_lose {})",
                        self.config.damage_to_lose
                    ),
                ));
            }
            let fill = damage_count - listed_damage.len();
            let keep = match spec.majin_box_size {
                None => rest.len().saturating_sub(fill),
                Some(n) if n < top.len() => {
                    return Err(Error::scenario(
                        at("majin_box_size"),
                        format!("{n} is fewer than the {} cards listed on top", top.len()),
                    ))
                }
                Some(n) => n - top.len(),
            };
            if keep + fill > rest.len() {
                return Err(Error::scenario(
                    at("majin_box_size"),
                    format!(
                        "{seat} has {} unplaced cards, but the Majin Box needs {keep} more and \
                         the damage zone {fill} more",
                        rest.len()
                    ),
                ));
            }
            let (bottom, mb_rest) = rest.split_at(rest.len() - keep);
            // The cards listed on top go on in reverse, the first listed last (on top).
            let mut mb = mb_rest.to_vec();
            mb.extend(top.iter().rev());
            zones.set(seat, Place::Mb, &mb);
            let mut damage = listed_damage;
            damage.extend_from_slice(&bottom[..fill]);
            zones.set(seat, Place::Damage, &damage);
            let mut graveyard = bottom[fill..].to_vec();
            graveyard.extend(placed.cards(seat, Zone2::Graveyard));
            zones.set(seat, Place::Graveyard, &graveyard);
        }
        Ok(zones)
    }

    /// The majins, in id order per player, and the peek memories.
    fn place_majins(&self, s: &mut State, placed: &Placement) -> Result<(), Error> {
        let max = s.max_cards();
        for (k, spec) in self.majins.iter().enumerate() {
            let field = |f: &str| format!("majins[{k}].{f}");
            let cards = placed.majin_cards(k);
            if cards.is_empty() || cards.len() > max {
                return Err(Error::scenario(
                    field("cards"),
                    format!(
                        "a majin holds 1 to {} cards, not {}",
                        s.config()
                            .max_cards_per_majin
                            .map_or("any number of".to_string(), |m| m.to_string()),
                        cards.len()
                    ),
                ));
            }
            for (i, &c) in cards.iter().enumerate() {
                let soul = s.rules().card_type(c) == Some(CardType::Soul);
                let face_up = i > 0 || !spec.face_down;
                if face_up && !soul {
                    return Err(Error::scenario(
                        format!("majins[{k}].cards[{i}]"),
                        format!(
                            "`{}` is face up but not a soul: only souls are played face up",
                            clip(&spec.cards[i])
                        ),
                    ));
                }
                if !face_up && !soul && !s.config().ura_any_card {
                    return Err(Error::scenario(
                        format!("majins[{k}].cards[0]"),
                        "under `ura_any_card = false` a face-down card is a soul",
                    ));
                }
            }
            if spec.peeked && !spec.face_down {
                return Err(Error::scenario(
                    field("peeked"),
                    "only a face-down card can have been peeked at",
                ));
            }
            let owner = spec.owner;
            s.majins.push(
                owner,
                Majin {
                    id: MajinId(k as u16),
                    zone: spec.zone,
                    tapped: spec.tapped,
                    face_down: spec.face_down,
                    cards: cards.iter().copied().collect(),
                    turn_mod: spec.power_this_turn,
                    battle_mod: spec.power_this_battle,
                },
            );
            if spec.peeked {
                let peeked = &mut s.player_mut(other(owner)).peeked;
                peeked.extend(cards.first().copied());
                peeked.sort_unstable();
            }
        }
        Ok(())
    }

    /// Setup positions hold every card in the Majin Boxes and nothing else.
    fn check_setup(&self) -> Result<(), Error> {
        let refuse = |field: &str| {
            Err(Error::scenario(
                field,
                "before the opening hands every card is in its Majin Box",
            ))
        };
        if !self.majins.is_empty() {
            return refuse("majins");
        }
        for (i, p) in self.players.iter().enumerate() {
            if !p.hand.is_empty() {
                return refuse(&format!("players[{i}].hand"));
            }
            if !p.graveyard.is_empty() || p.majin_box_size.is_some() {
                return refuse(&format!("players[{i}].graveyard"));
            }
            if !p.damage.is_empty() || p.damage_count.is_some_and(|n| n > 0) {
                return refuse(&format!("players[{i}].damage"));
            }
        }
        if self.turn.is_some_and(|t| t != 0) {
            return Err(Error::scenario("turn", "the game has not begun: turn 0"));
        }
        if self.janken_winner.is_some() {
            return Err(Error::scenario(
                "janken_winner",
                "janken is drawn when the game begins (force it with a `pick`)",
            ));
        }
        self.no_turn_counters("setup")
    }

    fn no_turn_counters(&self, at: &str) -> Result<(), Error> {
        if self.mp_pool.is_some() || self.mp_spent > 0 {
            return Err(Error::scenario(
                "mp_pool",
                format!("MP is counted at step 4, after the {at} decision"),
            ));
        }
        if self.attack.is_some() {
            return Err(Error::scenario(
                "attack",
                format!("no attack is in progress at the {at} decision"),
            ));
        }
        Ok(())
    }

    /// Turn counters, the step, the attack and the decision of a position inside a turn.
    fn start_turn(&self, s: &mut State) -> Result<(), Error> {
        let turn = self.turn.unwrap_or(DEFAULT_TURN);
        if turn == 0 {
            return Err(Error::scenario(
                "turn",
                "turn 0 is before the game: start at `setup`",
            ));
        }
        if let Some(max) = s.config().max_turns {
            if turn > max {
                return Err(Error::scenario(
                    "turn",
                    format!("the game is drawn when turn {max} ends (max_turns)"),
                ));
            }
        }
        // Turns alternate: the first player plays the odd turns (MJ-3.9).
        let active = self.active;
        let first = if turn % 2 == 1 { active } else { other(active) };
        match s.config().first_player {
            FirstPlayer::Fixed(p) if p != first => {
                return Err(Error::scenario(
                    "active",
                    format!(
                        "under `first_player = fixed {p}`, {p} plays the odd turns: \
                         turn {turn} is {}'s",
                        if turn % 2 == 1 { p } else { other(p) }
                    ),
                ))
            }
            FirstPlayer::Fixed(_) => {
                if self.janken_winner.is_some() {
                    return Err(Error::scenario(
                        "janken_winner",
                        "there is no janken under `first_player = fixed`",
                    ));
                }
            }
            FirstPlayer::Janken => s.janken_winner = Some(self.janken_winner.unwrap_or(first)),
        }
        s.first = Some(first);
        s.active = active;
        s.turn = turn;
        s.player_mut(first).turns_taken = turn.div_ceil(2);
        s.player_mut(other(first)).turns_taken = turn / 2;
        s.step = Step::Start;
        let before_step_4 = matches!(self.at, Decision::TurnStart | Decision::UraMajin);
        if before_step_4 {
            self.no_turn_counters(match self.at {
                Decision::TurnStart => "turn start",
                _ => "ura majin",
            })?;
            for (k, m) in self.majins.iter().enumerate() {
                if m.power_this_turn != 0 || m.power_this_battle != 0 {
                    return Err(Error::scenario(
                        format!("majins[{k}]"),
                        "power modifiers end with the turn that gave them",
                    ));
                }
            }
        } else {
            let pool = self.mp_pool.unwrap_or_else(|| s.count_majins());
            if pool as usize > s.rules().num_cards() {
                return Err(Error::scenario(
                    "mp_pool",
                    format!("{pool} MP: there can be no more majins than cards"),
                ));
            }
            if s.config().mp_mode == MpMode::PoolAtStep4 && self.mp_spent > pool {
                return Err(Error::scenario(
                    "mp_spent",
                    format!("{} MP spent from a pool of {pool}", self.mp_spent),
                ));
            }
            s.mp_pool = pool;
            s.mp_spent = self.mp_spent;
        }
        s.attack = self.attack_in_progress(s)?;
        let wrong = |message: String| Err(Error::scenario("at", message));
        let a = active;
        match self.at {
            Decision::Setup => {}
            Decision::TurnStart => {
                // Step 1 and the draw are still to come: the counters are those before.
                s.turn -= 1;
                let p = s.player_mut(active);
                p.turns_taken = p.turns_taken.saturating_sub(1);
                s.tasks.push(Task::BeginTurn);
                run(s, &mut NoEvents);
            }
            Decision::UraMajin => {
                if !s.hand(a).iter().any(|&c| may_be_ura(s, c)) {
                    return wrong(
                        "step 3 is skipped when no hand card may become an ura majin".into(),
                    );
                }
                if !is_first_turn(s) {
                    let after_step_1 = |m: &Majin| {
                        if m.tapped {
                            Some(format!(
                                "{}: step 1 untapped the active player's majins",
                                m.id
                            ))
                        } else if m.zone == Zone::Battle && m.cards.len() == 1 {
                            Some(format!(
                                "{}: step 1 moved the active player's 1-card majins to the \
                                 prepare zone",
                                m.id
                            ))
                        } else {
                            None
                        }
                    };
                    if let Some(message) = s.majins(a).iter().find_map(after_step_1) {
                        return wrong(message);
                    }
                }
                s.pending = Pending::UraMajin { seat: a };
            }
            Decision::Main => {
                s.step = Step::Main;
                s.pending = Pending::Main { seat: a };
            }
            Decision::Attack => {
                s.step = Step::Attack;
                if attackers(s).next().is_none() {
                    return wrong(
                        "step 6 ends by itself when the active player has no untapped majin \
                         in the battle zone"
                            .into(),
                    );
                }
                s.pending = Pending::Attack { seat: a };
            }
            Decision::Block => {
                s.step = Step::Attack;
                match s.attack {
                    Some(Attack {
                        blocker: None,
                        window: None,
                        ..
                    }) => {}
                    _ => return wrong("a block is asked for an attack not yet blocked".into()),
                }
                if blockers(s).next().is_none() {
                    return wrong(format!(
                        "{} has no majin that may block, so the rules do not ask",
                        other(a)
                    ));
                }
                s.pending = Pending::Block { seat: other(a) };
            }
            Decision::Combat => {
                s.step = Step::Attack;
                let Some(w) = s.attack.and_then(|at| at.window) else {
                    return wrong("combat priority needs `attack.window`".into());
                };
                let limit = s.config().combat_cards_per_player;
                if w.used[w.holder.index()] >= limit {
                    return wrong(format!(
                        "{} has used its {limit} combat card(s) and passes by itself",
                        w.holder
                    ));
                }
                if s.config().auto_pass && !has_usable_combat(s, w.holder) {
                    return wrong(format!(
                        "under `auto_pass` {} holds no usable combat card and is not asked",
                        w.holder
                    ));
                }
                s.tasks.extend([Task::EndAttack, Task::ResolveAttack]);
                s.pending = Pending::Combat { seat: w.holder };
            }
            Decision::UzumajinBonus => {
                s.step = Step::Attack;
                s.pending = self.bonus_decision(s)?;
                s.tasks.push(Task::EndAttack);
            }
            Decision::Advance => {
                s.step = Step::Move;
                if !s.config().advance_optional {
                    return wrong("advancing is automatic unless `advance_optional`".into());
                }
                if advance_candidates(s).next().is_none() {
                    return wrong("no majin of the active player may advance".into());
                }
                s.pending = Pending::Advance { seat: a };
            }
            Decision::Target { seat, step, this } | Decision::May { seat, step, this } => {
                let card = self.effect_card(s, seat, this)?;
                let op = s.rules().program(card).get(usize::from(step)).cloned();
                let may = matches!(self.at, Decision::May { .. });
                let fits = match &op {
                    Some(Op::May { .. }) => may,
                    Some(Op::Do(e)) => !may && e.target().is_some(),
                    None => false,
                };
                if !fits {
                    return Err(Error::scenario(
                        "at.step",
                        format!(
                            "step {step} of `{}`'s effect is not a {}",
                            s.card_label(card),
                            if may { "`may`" } else { "chosen target" }
                        ),
                    ));
                }
                let pending = if may {
                    Pending::May {
                        seat,
                        card,
                        pc: step,
                        this,
                    }
                } else {
                    Pending::Target {
                        seat,
                        card,
                        pc: step,
                        this,
                    }
                };
                let asks = match &op {
                    Some(Op::Do(e)) => candidates(s, seat, e).next().is_some(),
                    _ => can_act_op(s, card, usize::from(step), seat, this),
                };
                if !asks {
                    return Err(Error::scenario(
                        "at",
                        "nothing could be chosen, so the rules skip this step without asking",
                    ));
                }
                s.pending = pending;
            }
        }
        Ok(())
    }

    /// The attack of the position, checked against the zones (the attacker is tapped, and
    /// the blocker too under `block_taps_blocker`).
    fn attack_in_progress(&self, s: &mut State) -> Result<Option<Attack>, Error> {
        let Some(spec) = self.attack else {
            return match self.at {
                Decision::Block | Decision::Combat | Decision::UzumajinBonus => Err(
                    Error::scenario("attack", "this decision is taken inside an attack"),
                ),
                _ => Ok(None),
            };
        };
        let in_attack = match self.at {
            Decision::Block | Decision::Combat | Decision::UzumajinBonus => true,
            Decision::Target { .. } | Decision::May { .. } => spec.window.is_some(),
            _ => false,
        };
        if !in_attack {
            return Err(Error::scenario(
                "attack",
                "no attack is in progress at this decision",
            ));
        }
        let a = self.active;
        match s.majin(spec.attacker) {
            Some((owner, m)) if owner == a && m.zone == Zone::Battle => {}
            _ => {
                return Err(Error::scenario(
                    "attack.attacker",
                    format!(
                        "{} is not a battle-zone majin of the active player",
                        spec.attacker
                    ),
                ))
            }
        }
        if let Some(m) = s.majin_mut(spec.attacker) {
            m.tapped = true;
        }
        match spec.blocker {
            None if spec.window.is_some()
                && s.config().combat_window == CombatWindow::BattleOnly =>
            {
                return Err(Error::scenario(
                    "attack.blocker",
                    "combat cards are used only in battles (combat_window = battle_only)",
                ));
            }
            None => {}
            Some(b) => {
                let any_zone = s.config().prepare_zone_can_block;
                match s.majin(b) {
                    Some((owner, m))
                        if owner == other(a) && (any_zone || m.zone == Zone::Battle) => {}
                    _ => {
                        return Err(Error::scenario(
                            "attack.blocker",
                            format!("{b} is not a majin of the defender that could block"),
                        ))
                    }
                }
                if s.config().block_taps_blocker {
                    if let Some(m) = s.majin_mut(b) {
                        m.tapped = true;
                    }
                }
            }
        }
        let window = match spec.window {
            None => None,
            Some(w) => {
                if w.holder.index() >= 2 {
                    return Err(Error::scenario(
                        "attack.window.holder",
                        format!("{} is not a seat", w.holder),
                    ));
                }
                let window = Window {
                    holder: w.holder,
                    used: w.used,
                    passes: w.passes,
                };
                if !window_reachable(s.config().combat_cards_per_player, a, window) {
                    return Err(Error::scenario(
                        "attack.window",
                        format!(
                            "no sequence of uses and passes (attacker first, at most {} card(s) \
                             each) leads to this window",
                            s.config().combat_cards_per_player
                        ),
                    ));
                }
                Some(window)
            }
        };
        let attack = Attack {
            attacker: spec.attacker,
            blocker: spec.blocker,
            window,
        };
        if window.is_some() && battle_broken(s, &attack) {
            return Err(Error::scenario(
                "attack",
                "a combat window closes at once when a battler has left the battle zone",
            ));
        }
        Ok(Some(attack))
    }

    /// A15: whose double effect is asked for, and of which kind.
    fn bonus_decision(&self, s: &State) -> Result<Pending, Error> {
        let wrong = |message: &str| Err(Error::scenario("at", message));
        if !s.config().uzumajin_bonus_optional {
            return wrong(
                "the Uzumajin's double effect is automatic unless `uzumajin_bonus_optional`",
            );
        }
        let Some(a) = s.attack else {
            return wrong("the double effect is asked inside an attack");
        };
        let uzumajin = |id: MajinId| s.majin(id).is_some_and(|(_, m)| s.is_uzumajin(m));
        let power = |id: MajinId| s.majin(id).map_or(0, |(_, m)| s.power(m));
        match a.blocker {
            None if uzumajin(a.attacker) => Ok(Pending::UzumajinBonus {
                seat: s.active,
                kind: BonusKind::Damage,
                loser: None,
            }),
            None => wrong("the attacker is not an Uzumajin"),
            Some(_) if battle_broken(s, &a) => wrong("the battle has no winner (MJ-6.7)"),
            Some(b) => {
                let (winner, seat, loser) = if power(a.attacker) >= power(b) {
                    (a.attacker, s.active, b)
                } else {
                    (b, other(s.active), a.attacker)
                };
                if !uzumajin(winner) {
                    return wrong("the battle's winner is not an Uzumajin");
                }
                Ok(Pending::UzumajinBonus {
                    seat,
                    kind: BonusKind::Destroy,
                    loser: Some(loser),
                })
            }
        }
    }

    /// The card whose effect waits: the soul on top of `this`, or the top of the seat's
    /// graveyard (a spell in step 5, a combat card in a combat window).
    fn effect_card(
        &self,
        s: &mut State,
        seat: Seat,
        this: Option<MajinId>,
    ) -> Result<CardId, Error> {
        let wrong = |field: &str, message: String| Err(Error::scenario(field, message));
        if seat.index() >= 2 {
            return wrong("at.seat", format!("{seat} is not a seat"));
        }
        let in_combat = s.attack.is_some_and(|a| a.window.is_some());
        let (card, expected) = match this {
            Some(id) => {
                let Some((owner, m)) = s.majin(id) else {
                    return wrong("at.this", format!("there is no majin {id}"));
                };
                if owner != seat || m.face_up().is_empty() {
                    return wrong(
                        "at.this",
                        format!("{id} has no face-up soul of {seat} on top"),
                    );
                }
                (m.cards.last().copied(), CardType::Soul)
            }
            None => (
                s.graveyard(seat).last().copied(),
                if in_combat {
                    CardType::Combat
                } else {
                    CardType::Spell
                },
            ),
        };
        let Some(card) = card else {
            return wrong(
                "at",
                format!("{seat}'s graveyard is empty: no card is resolving"),
            );
        };
        if s.rules().card_type(card) != Some(expected) {
            return wrong(
                "at",
                format!(
                    "the card resolving here is a {expected:?} card; `{}` is not",
                    s.card_label(card)
                ),
            );
        }
        if in_combat {
            if this.is_some() {
                return wrong("at.this", "combat cards join no majin".into());
            }
            let w = s.attack.and_then(|a| a.window);
            let just_used = w.is_some_and(|w| {
                w.holder == other(seat) && w.passes == 0 && w.used[seat.index()] >= 1
            });
            if !just_used {
                return wrong(
                    "attack.window",
                    format!(
                        "{seat} has just used a combat card: priority is the other seat's, \
                         with no pass since, and {seat} has used at least 1"
                    ),
                );
            }
            s.step = Step::Attack;
            s.tasks
                .extend([Task::EndAttack, Task::ResolveAttack, Task::Window]);
        } else {
            if seat != s.active {
                return wrong(
                    "at.seat",
                    "souls and spells are played by the active player in step 5".into(),
                );
            }
            s.step = Step::Main;
            s.tasks.push(Task::Main);
        }
        Ok(card)
    }
}

/// MJ-6.5: whether the combat-window machine reaches `target` from its opening (the
/// attacker to decide, nothing used, no pass), by uses and passes of the holder; a holder
/// who has used `limit` cards passes by itself, two passes in a row close the window.
fn window_reachable(limit: u8, attacker: Seat, target: Window) -> bool {
    let start = Window {
        holder: attacker,
        used: [0, 0],
        passes: 0,
    };
    let mut seen = vec![start];
    let mut next = 0;
    while let Some(&w) = seen.get(next) {
        next += 1;
        if w == target {
            return true;
        }
        if w.passes >= 2 {
            continue;
        }
        let h = w.holder.index();
        let mut moves = Vec::with_capacity(2);
        if w.used[h] < limit {
            let mut used = w.used;
            used[h] += 1;
            moves.push(Window {
                holder: other(w.holder),
                used,
                passes: 0,
            });
        }
        moves.push(Window {
            holder: other(w.holder),
            used: w.used,
            passes: w.passes + 1,
        });
        for m in moves {
            if !seen.contains(&m) {
                seen.push(m);
            }
        }
    }
    false
}
