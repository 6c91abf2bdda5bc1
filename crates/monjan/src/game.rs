//! The [`Game`] contract for Monjan Colosseum, with resampling for bots and the leak
//! check, and what the conformance suite needs.

use crate::action::{
    Action, Choice, Col, GuardChoice, Pay, Row, Side, SkillFrom, SummonBy, Target, Unit,
};
use crate::cards::{CardClass, CardId};
use crate::config::{
    AnyManaPayment, AttackTarget, BasicDefeatDraw, BoardAssignment, Config, DeckExhaustion,
    EditTurnMode, ExtraConditionTracking, ExtraPairPositions, ManaCostSource, ManaSlotRule,
    MatchFormat, NumberCardsPerTurn, PickMode, ResurrectionCapScope, SpeedSource, SupplyTiming,
};
use crate::error::Error;
use crate::event::{self, Event};
use crate::rules;
use crate::state::{Defense, State};
use crate::view::{self, View};
use fuda_core::{
    Conformance, Determinize, EventLog, Game, GameRng, Observer, Outcome, Seat, SeatSet,
};

/// Monjan Colosseum as a [`Game`]: use it from generic code (bots, the conformance suite,
/// the examples). The free functions of the crate root do the same for direct callers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Monjan;

impl Game for Monjan {
    const NAME: &'static str = "monjan";
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;

    fn new_game(config: &Config, seed: u64) -> Result<State, Error> {
        rules::setup::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        state.config()
    }

    fn to_act(state: &State) -> SeatSet {
        state.to_act()
    }

    fn actor(action: &Action) -> Seat {
        action.seat
    }

    fn legal_actions_for(state: &State, seat: Seat, out: &mut Vec<Action>) {
        rules::legal::legal_actions(state, seat, out);
    }

    /// The default's order (seat by seat, each part sorted), written straight into `out`
    /// instead of through a temporary list per seat.
    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        out.clear();
        for seat in state.to_act().iter() {
            rules::legal::append_legal_actions(state, seat, out);
        }
    }

    fn apply_logged<L: EventLog<Event>>(
        state: &mut State,
        action: &Action,
        log: &mut L,
    ) -> Result<(), Error> {
        rules::apply(state, action, log)
    }

    fn view(state: &State, observer: Observer) -> View {
        view::view(state, observer)
    }

    fn redact(event: &Event, observer: Observer) -> Option<Event> {
        event::redact(event, observer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.d.outcome.clone()
    }
}

impl fuda_core::Positions for Monjan {
    type Scenario = crate::scenario::Scenario;

    fn from_scenario(scenario: &Self::Scenario) -> Result<State, Error> {
        scenario.build()
    }
}

impl Determinize for Monjan {
    /// Re-deals everything `observer` cannot identify: deck orders, the unknown cards of
    /// other hands, other players' face-down cards and Elements, the unused E/T cards and a
    /// face-down pick pool — exchanged only within the same card class (number for number,
    /// Extra for Extra, ...) so that zone rules stay true. The generator is replaced.
    fn resample(state: &State, observer: Observer, rng: &mut GameRng) -> State {
        let mut t = state.clone();
        t.d.rng = rng.split();
        let hidden_seat = |i: usize| !observer.is(Seat(i as u8));
        let mut pool: Vec<CardId> = Vec::new();
        pool.extend(t.d.main_deck.iter());
        pool.extend(t.d.boss_deck.iter());
        pool.extend(t.d.et_deck.iter());
        pool.extend(&t.d.unused);
        if t.config().pick_mode == PickMode::Random {
            pool.extend(&t.d.pool);
        }
        for (i, p) in t.d.players.iter().enumerate() {
            if !hidden_seat(i) {
                continue;
            }
            pool.extend(p.hand.iter().filter(|c| !p.known.contains(c)));
            for c in &p.cols {
                pool.extend(
                    c.mana
                        .iter()
                        .filter(|m| m.face_down || m.element)
                        .map(|m| m.card),
                );
                pool.extend(c.attack.filter(|a| a.face_down).map(|a| a.card));
            }
            pool.extend(p.extra.iter().filter(|e| e.face_down).map(|e| e.card));
            pool.extend(p.one_turn.iter().filter(|o| o.face_down).map(|o| o.card));
        }
        // Zones take the next cards of their class, in zone order, from a shuffle of the
        // sorted class pool, and the decks are shuffled afresh below: the result depends
        // only on what the observer knows (and the zones' class counts, which are kept),
        // so two states it cannot tell apart resample alike for the same generator, and a
        // determinizing bot decides alike in them.
        let mut map: Vec<CardId> = t.cards().ids().collect();
        let class = |c: CardId| state.rules().class(c);
        for k in [
            CardClass::Number,
            CardClass::Battle,
            CardClass::BossAssa,
            CardClass::Extra,
            CardClass::Toughness,
        ] {
            let group: Vec<CardId> = pool
                .iter()
                .copied()
                .filter(|c| class(*c) == Some(k))
                .collect();
            let mut shuffled = group.clone();
            shuffled.sort_unstable();
            rng.shuffle(&mut shuffled);
            for (from, to) in group.iter().zip(shuffled) {
                if let Some(m) = map.get_mut(from.index()) {
                    *m = to;
                }
            }
        }
        let m = |c: &mut CardId| *c = map.get(c.index()).copied().unwrap_or(*c);
        t.d.main_deck.as_mut_slice().iter_mut().for_each(m);
        t.d.boss_deck.as_mut_slice().iter_mut().for_each(m);
        t.d.et_deck.as_mut_slice().iter_mut().for_each(m);
        t.d.main_deck.as_mut_slice().sort_unstable();
        t.d.boss_deck.as_mut_slice().sort_unstable();
        t.d.et_deck.as_mut_slice().sort_unstable();
        t.d.main_deck.shuffle(rng);
        t.d.boss_deck.shuffle(rng);
        t.d.et_deck.shuffle(rng);
        t.d.unused.iter_mut().for_each(m);
        t.d.unused.sort_unstable();
        if t.config().pick_mode == PickMode::Random {
            t.d.pool.iter_mut().for_each(m);
        }
        for (i, p) in t.d.players.iter_mut().enumerate() {
            if !hidden_seat(i) {
                continue;
            }
            let known = p.known.clone();
            for c in p.hand.iter_mut().filter(|c| !known.contains(c)) {
                m(c);
            }
            p.hand.sort_unstable();
            for col in &mut p.cols {
                for x in col.mana.iter_mut().filter(|x| x.face_down || x.element) {
                    m(&mut x.card);
                }
                if let Some(a) = col.attack.as_mut().filter(|a| a.face_down) {
                    m(&mut a.card);
                }
            }
            if let Some(e) = p.extra.as_mut() {
                if e.face_down {
                    m(&mut e.card);
                }
                e.matched.iter_mut().for_each(m);
            }
            for o in p.one_turn.iter_mut().filter(|o| o.face_down) {
                m(&mut o.card);
            }
            if let Some(a) = p.uses.assassin.as_mut() {
                m(a);
            }
        }
        t
    }
}

impl Conformance for Monjan {
    fn random_config(rng: &mut GameRng) -> Config {
        let mut c = Config::for_players(2 + rng.below(3) as u8);
        let formats = [
            MatchFormat::Basic,
            MatchFormat::LastMonster,
            MatchFormat::InitialEquipment,
            MatchFormat::ExtraRule,
            MatchFormat::ReverseLastMonster,
            MatchFormat::ReverseInitialEquipment,
            MatchFormat::ReverseExtraMode,
        ];
        c.match_format = formats[rng.below(formats.len())];
        let mut one_in = |k: usize| rng.below(k) == 0;
        if one_in(3) {
            c.pick_mode = PickMode::Random;
        }
        if one_in(2) {
            c.edit_turn_mode = EditTurnMode::Sequential;
        }
        if one_in(4) {
            c.board_assignment = BoardAssignment::Draft;
        } else if one_in(4) {
            let ids = [
                "high_speed_hunters",
                "frehheim",
                "mana_station",
                "ryoko_atelier",
            ];
            c.board_assignment = BoardAssignment::Fixed(
                ids.iter()
                    .take(usize::from(c.num_players))
                    .map(|s| s.to_string())
                    .collect(),
            );
        }
        c.first_turn_draw = !one_in(5);
        c.initial_defense_counts_as_placement = one_in(5);
        if one_in(5) {
            c.edit_turn_total_cap = Some(3);
        }
        if one_in(4) {
            c.number_cards_per_edit_turn = NumberCardsPerTurn::One;
        }
        if one_in(4) {
            c.mana_slot_rule = ManaSlotRule::AttributeOnly;
        }
        if one_in(4) {
            c.speed_source = SpeedSource::TopCards;
        }
        if one_in(3) {
            c.attack_target = AttackTarget::PerCard;
        }
        if one_in(3) {
            c.any_mana_payment = AnyManaPayment::TopOfColumn;
        }
        if one_in(4) {
            c.extra_pair_positions = ExtraPairPositions::AnyOrderedPair;
        }
        if one_in(4) {
            c.extra_condition_tracking = ExtraConditionTracking::SpecificCard;
        } else if one_in(3) {
            c.extra_condition_tracking = ExtraConditionTracking::Continuous;
        }
        if one_in(4) {
            c.mana_cost_source = ManaCostSource::AnyColumns;
        }
        c.bossassa_keeps_last_mana = !one_in(4);
        c.battle_cards_count_as_battle_skill = one_in(4);
        c.defeated_defense_card_becomes_element = !one_in(4);
        if one_in(4) {
            c.basic_defeat_draw = BasicDefeatDraw::PerColumn;
        }
        if one_in(4) {
            c.supply_timing = SupplyTiming::Immediate;
        } else if one_in(3) {
            c.supply_timing = SupplyTiming::NextOpeningDraw;
        }
        c.enable_flame_of_wrath = !one_in(5);
        if one_in(4) {
            c.resurrection_cap_scope = ResurrectionCapScope::PerGame;
        }
        if one_in(4) {
            c.deck_exhaustion = DeckExhaustion::NoDraw;
        }
        c.max_rounds = 2 + rng.below(8) as u32;
        c
    }

    fn card_census(state: &State) -> Vec<u32> {
        let mut all: Vec<u32> = state
            .all_cards()
            .into_iter()
            .map(|c| u32::from(c.0))
            .collect();
        all.sort_unstable();
        all
    }

    fn arbitrary_action(state: &State, rng: &mut GameRng) -> Action {
        let n = state.num_players();
        let cards = state.cards().len() + 2;
        let mut r = |k: usize| rng.below(k);
        let card = CardId(r(cards) as u16);
        let card2 = CardId(r(cards) as u16);
        let col = Col::ALL[r(3)];
        let seat = Seat(r(n + 2) as u8);
        let target_seat = Seat(r(n + 1) as u8);
        let unit = match r(4) {
            0 => Unit::Slot(col),
            1 => Unit::Extra,
            2 => Unit::OneTurn(r(3) as u8),
            _ => Unit::Resurrected(r(3) as u8),
        };
        let pay = Pay([r(4) as u8, r(4) as u8, r(6) as u8]);
        let face_down = r(2) == 0;
        let side = if r(2) == 0 { Side::Left } else { Side::Right };
        let target = match r(5) {
            0 => Target::None,
            1 => Target::Col(col),
            2 => Target::Attack(r(4) as u8),
            3 => Target::Card {
                seat: target_seat,
                unit,
            },
            _ => Target::Salvage {
                give: card,
                take: card2,
            },
        };
        let guard = if r(2) == 0 {
            GuardChoice::Defense(col)
        } else {
            GuardChoice::Unit(unit)
        };
        let choice = match r(23) {
            0 => Choice::ChooseBoard { board: r(6) as u8 },
            1 => Choice::PickEquipment { card },
            2 => Choice::PlaceInitialDefense { card },
            3 => Choice::PlaceMana {
                card,
                col,
                face_down,
            },
            4 => Choice::PlaceNumber {
                card,
                col,
                row: if face_down { Row::Attack } else { Row::Defense },
            },
            5 => Choice::SummonExtra {
                card,
                face_down,
                by: match r(4) {
                    0 => None,
                    1 => Some(SummonBy::Pair),
                    _ => Some(SummonBy::Number(col)),
                },
            },
            6 => Choice::SummonToughness {
                card,
                col,
                pay,
                face_down,
            },
            7 => Choice::SummonBossOneTurn { pay, face_down },
            8 => Choice::SummonBossPermanent { col },
            9 => Choice::UseBoardSkill { side, target },
            10 => Choice::UseSkill {
                from: match r(3) {
                    0 => SkillFrom::Extra,
                    1 => SkillFrom::Slot(col),
                    _ => SkillFrom::Hand(card),
                },
                skill: r(3) as u8,
                target,
                pay,
                discard: (0..r(3))
                    .map(|_| crate::action::ManaPos {
                        col: Col::ALL[r(3)],
                        index: r(4) as u8,
                    })
                    .collect(),
            },
            11 => Choice::DeclareEnd,
            12 => Choice::Pass,
            13 => Choice::PlayBattleCard { card, target },
            14 => Choice::DeclareAttack {
                unit,
                target: target_seat,
            },
            15 => Choice::ExtraHeal { col },
            16 => Choice::EndDeclaration,
            17 => Choice::FlameOfWrath { use_it: face_down },
            18 => Choice::FlameTarget { unit },
            19 => Choice::AssignGuard {
                attack: r(5) as u8,
                guard,
            },
            20 => Choice::Resurrection { use_it: face_down },
            21 => Choice::DragonTrap { use_it: face_down },
            _ => Choice::TrapGuard { guard },
        };
        Action { seat, choice }
    }

    fn num_seats(config: &Config) -> usize {
        usize::from(config.num_players)
    }

    fn max_actions(config: &Config) -> usize {
        let rounds = config.max_rounds as usize;
        let n = usize::from(config.num_players);
        // Per round: ≤ 12 edit actions per player; per attack step two windows of at most
        // n passes per played card (every card or skill use is used up) plus declarations,
        // guards and triggers. 250 cards bound the plays.
        rounds * (n * 12 + n * (2 * n * 250 + 60)) + 500
    }

    fn heuristic(view: &View, seat: Seat) -> f64 {
        let won = match &view.outcome {
            Some(o) if o.is_winner(seat) => 1000.0,
            Some(_) => -1000.0,
            None => 0.0,
        };
        let life = |s: Seat| -> f64 {
            Col::ALL
                .iter()
                .map(|c| {
                    let w = if *c == Col::M { 3.0 } else { 1.0 };
                    w * f64::from(view.life(s, *c))
                })
                .sum()
        };
        let mine = life(seat);
        let others: f64 = (0..view.num_players)
            .map(Seat)
            .filter(|s| *s != seat)
            .filter(|s| view.player(*s).is_some_and(|p| p.alive))
            .map(life)
            .sum();
        let hand = view.player(seat).map_or(0, |p| p.hand_count) as f64;
        // What is on the board (attackers ready, mana to pay and to be fast) is worth more
        // than cards kept in hand, or a greedy player would never place anything.
        let board = view.player(seat).map_or(0.0, |p| {
            p.cols
                .iter()
                .map(|c| f64::from(u8::from(c.attack.is_some())) + 0.5 * c.mana.len() as f64)
                .sum()
        });
        let defeated = view.player(seat).map_or(0, |p| {
            p.cols
                .iter()
                .filter(|c| c.defense == Defense::Defeated)
                .count()
        }) as f64;
        won + mine - 0.5 * others + board + 0.05 * hand - 2.0 * defeated
    }
}
