//! `fuda simulate`: many games between bots, on every core, with statistics that name
//! each seat's bot and deck.

use crate::args::SimulateArgs;
use crate::games::{with_game, CliGame, WithGame};
use crate::Failure;
use fuda_bots::{bot_moves, wilson_interval, Bot, BotList, BotSpec};
use fuda_core::{Game, GameRng, Outcome, Replay, Seat, SeatSet, MAX_SEATS};
use indicatif::{ProgressBar, ProgressDrawTarget};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Salt of the generator that seeds the bots of each game.
const BOT_SALT: u64 = 0x6d61_7463_6862_6f74;

/// Runs `fuda simulate`.
pub fn run(args: &SimulateArgs) -> Result<(), Failure> {
    if args.list_games {
        for g in crate::games::names() {
            println!("{g}");
        }
        return Ok(());
    }
    let name = args.game.game.clone();
    with_game(&name, Simulate { args })
        .ok_or_else(|| Failure::from(crate::games::unknown(&name)))?
}

struct Simulate<'a> {
    args: &'a SimulateArgs,
}

/// The counts of a set of games; adding two is order-free, so the totals are the same
/// whatever the number of threads.
#[derive(Clone, Debug, Default, PartialEq)]
struct Tally {
    games: usize,
    steps: usize,
    draws: usize,
    unfinished: usize,
    /// Per bot entry: wins.
    wins: Vec<usize>,
    /// Per bot entry and seat: games played there and won there.
    by_seat: Vec<Vec<(usize, usize)>>,
    /// Per table seat: wins, whichever bot sat there.
    seat_wins: Vec<usize>,
    /// Per bot entry: search iterations.
    iterations: Vec<u64>,
    /// Per bot entry: time spent searching.
    search_time: Vec<Duration>,
}

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            wins: vec![0; n],
            by_seat: vec![vec![(0, 0); n]; n],
            seat_wins: vec![0; n],
            iterations: vec![0; n],
            search_time: vec![Duration::ZERO; n],
            ..Tally::default()
        }
    }

    fn add(mut self, other: Tally) -> Tally {
        self.games += other.games;
        self.steps += other.steps;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        for e in 0..self.wins.len() {
            self.wins[e] += other.wins[e];
            self.seat_wins[e] += other.seat_wins[e];
            self.iterations[e] += other.iterations[e];
            self.search_time[e] += other.search_time[e];
            for s in 0..self.wins.len() {
                self.by_seat[e][s].0 += other.by_seat[e][s].0;
                self.by_seat[e][s].1 += other.by_seat[e][s].1;
            }
        }
        self
    }
}

/// One game of a run: its configuration and seed, and which bot entry sits where.
struct Table<'a, G: Game> {
    config: &'a G::Config,
    seed: u64,
    /// Bot entry playing each seat.
    entry_at: Vec<usize>,
}

/// Game `i` of a run: seed `base + i`; the table rotated by `i`, so that every bot plays
/// every seat equally often; the configurations cycled every round of seats.
fn table<'a, G: Game>(configs: &'a [G::Config], n: usize, base: u64, i: usize) -> Table<'a, G> {
    Table {
        config: &configs[(i / n) % configs.len()],
        seed: base.wrapping_add(i as u64),
        entry_at: (0..n).map(|seat| (seat + n - i % n) % n).collect(),
    }
}

/// A game's counts, and its actions when they were recorded.
type Played<G> = (Tally, Option<Vec<<G as Game>::Action>>);

/// Plays game `i` to its end (or its action bound) and counts it; returns its actions
/// too when `record`.
fn play_game<G: CliGame>(
    configs: &[G::Config],
    specs: &[BotSpec],
    base: u64,
    i: usize,
    record: bool,
) -> Result<Played<G>, String> {
    let n = specs.len();
    let t = table::<G>(configs, n, base, i);
    let mut state = G::new_game(t.config, t.seed).map_err(|e| e.to_string())?;
    let mut seeds = GameRng::from_seed(base ^ BOT_SALT ^ (i as u64).rotate_left(32));
    let entry_seeds: Vec<u64> = (0..n).map(|_| seeds.next_u64()).collect();
    let mut bots: Vec<Box<dyn Bot<G>>> = (t.entry_at.iter())
        .map(|&e| specs[e].build::<G>(entry_seeds[e]))
        .collect();
    let max = G::max_actions(t.config);
    let mut steps = 0;
    let mut actions = Vec::new();
    let everyone = SeatSet::all(MAX_SEATS);
    'game: while steps < max && G::outcome(&state).is_none() {
        let moves = bot_moves(&state, everyone, &mut bots, max - steps);
        let mut applied = 0;
        for action in &moves.actions {
            if steps >= max || G::apply_in_place(&mut state, action).is_err() {
                break;
            }
            if record {
                actions.push(action.clone());
            }
            applied += 1;
            steps += 1;
        }
        // A refused first move or a bot without a move ends the game unfinished; a later
        // move of a simultaneous phase that clashes is asked for again.
        if moves.stalled.is_some() || applied == 0 {
            break 'game;
        }
    }
    let mut tally = Tally::new(n);
    tally.games = 1;
    tally.steps = steps;
    for (seat, bot) in bots.iter().enumerate() {
        let e = t.entry_at[seat];
        let search = bot.search_totals();
        tally.iterations[e] += search.iterations;
        tally.search_time[e] += search.elapsed;
        tally.by_seat[e][seat].0 += 1;
    }
    match G::outcome(&state) {
        Some(Outcome::Winners(winners)) => {
            for seat in winners.iter().filter(|s| s.index() < n) {
                let e = t.entry_at[seat.index()];
                tally.wins[e] += 1;
                tally.by_seat[e][seat.index()].1 += 1;
                tally.seat_wins[seat.index()] += 1;
            }
        }
        Some(Outcome::Draw) => tally.draws += 1,
        None => tally.unfinished += 1,
    }
    Ok((tally, record.then_some(actions)))
}

/// Writes game `i` of a run as a replay file in `dir`.
fn save_replay<G: CliGame>(
    dir: &Path,
    configs: &[G::Config],
    n: usize,
    base: u64,
    i: usize,
    actions: Vec<G::Action>,
) -> Result<(), String> {
    let t = table::<G>(configs, n, base, i);
    let mut replay = Replay::<G>::new(t.config.clone(), t.seed);
    replay.actions = actions;
    let state = replay.play().map_err(|e| e.to_string())?;
    replay.seal(&state);
    let path = dir.join(format!("{}-{}.json", G::NAME, t.seed));
    std::fs::write(&path, replay.to_json())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A progress bar on standard error that appears once a run has taken a second, and only
/// on a terminal.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    terminal: bool,
    shown: AtomicBool,
}

impl Progress {
    fn new(games: usize) -> Progress {
        Progress {
            bar: ProgressBar::with_draw_target(Some(games as u64), ProgressDrawTarget::hidden()),
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
        }
    }

    fn game_done(&self) {
        self.bar.inc(1);
        if self.terminal
            && self.start.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl WithGame for Simulate<'_> {
    type Output = Result<(), Failure>;

    fn run<G: CliGame>(self) -> Result<(), Failure> {
        let args = self.args;
        let config = crate::games::config::<G>(&args.game)?;
        let n = G::num_seats(&config);
        let list: BotList = args.bots.parse().map_err(|e| format!("--bots: {e}"))?;
        let specs = list.for_seats(n).map_err(|e| format!("--bots: {e}"))?;
        let mut configs = vec![config.clone()];
        if args.swap_decks {
            configs.push(crate::games::swap_decks::<G>(&config)?);
        }
        // Refuse a bad configuration before starting threads.
        G::new_game(&config, args.seed).map_err(|e| e.to_string())?;
        if let Some(dir) = &args.save_replays {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads)
            .build()
            .map_err(|e| format!("--threads: {e}"))?;
        let threads = pool.current_num_threads();
        let progress = Progress::new(args.games);
        let start = Instant::now();
        let tally = pool.install(|| {
            (0..args.games)
                .into_par_iter()
                .map(|i| {
                    let (tally, actions) = play_game::<G>(
                        &configs,
                        &specs,
                        args.seed,
                        i,
                        args.save_replays.is_some(),
                    )?;
                    if let (Some(dir), Some(actions)) = (&args.save_replays, actions) {
                        save_replay::<G>(dir, &configs, n, args.seed, i, actions)?;
                    }
                    progress.game_done();
                    Ok::<Tally, String>(tally)
                })
                .try_reduce(|| Tally::new(n), |a, b| Ok(a.add(b)))
        })?;
        let elapsed = start.elapsed();
        progress.finish();
        let report = Report::<G> {
            args,
            configs: &configs,
            specs: &specs,
            tally,
            elapsed,
            threads,
        };
        if args.json {
            println!("{}", report.json());
        } else {
            print!("{}", report.text());
        }
        Ok(())
    }
}

/// The results of a run, ready to print.
struct Report<'a, G: Game> {
    args: &'a SimulateArgs,
    configs: &'a [G::Config],
    specs: &'a [BotSpec],
    tally: Tally,
    elapsed: Duration,
    threads: usize,
}

impl<G: CliGame> Report<'_, G> {
    fn games_per_s(&self) -> f64 {
        self.tally.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    fn mean_length(&self) -> f64 {
        if self.tally.games == 0 {
            0.0
        } else {
            self.tally.steps as f64 / self.tally.games as f64
        }
    }

    /// The deck or side of each seat in the first configuration, if the game has one.
    fn seat_labels(&self) -> Vec<Option<String>> {
        (0..self.specs.len())
            .map(|s| G::seat_label(&self.configs[0], Seat(s as u8)))
            .collect()
    }

    fn json(&self) -> serde_json::Value {
        let t = &self.tally;
        let bot_names: Vec<String> = self.specs.iter().map(ToString::to_string).collect();
        serde_json::json!({
            "game": G::NAME,
            "games": t.games,
            "seed": self.args.seed,
            "config": serde_json::to_value(&self.configs[0]).unwrap_or_default(),
            "swap_decks": self.configs.len() > 1,
            "bots": bot_names,
            "seat_labels": self.seat_labels(),
            "wins": t.wins,
            "wins_by_seat": t.by_seat.iter().map(|seats| seats.iter().map(|(_, w)| *w).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "seat_wins": t.seat_wins,
            "draws": t.draws,
            "unfinished": t.unfinished,
            "actions": t.steps,
            "mean_length": self.mean_length(),
            "search_iterations": t.iterations,
            "threads": self.threads,
            "elapsed_s": self.elapsed.as_secs_f64(),
            "games_per_s": self.games_per_s(),
        })
    }

    fn text(&self) -> String {
        use std::fmt::Write;
        let t = &self.tally;
        let mut out = String::new();
        let names: Vec<String> = self.specs.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "{}: {} games, seed {}, {} (the table rotates every game, so each bot plays every seat{})",
            G::NAME,
            self.args.games,
            self.args.seed,
            names.join(" vs "),
            if self.configs.len() > 1 { "; the decks swap every round of seats" } else { "" }
        );
        let _ = writeln!(
            out,
            "config: {}",
            serde_json::to_string(&self.configs[0]).unwrap_or_default()
        );
        let labels = self.seat_labels();
        let seat_name = |s: usize| match &labels[s] {
            Some(l) => format!("P{s} ({l})"),
            None => format!("P{s}"),
        };
        if labels.iter().any(Option::is_some) {
            let seats: Vec<String> = (0..labels.len()).map(seat_name).collect();
            let _ = writeln!(out, "seats: {}", seats.join(", "));
        }
        if t.games == 0 {
            let _ = writeln!(out, "no games played");
            return out;
        }
        let secs = self.elapsed.as_secs_f64();
        let _ = writeln!(
            out,
            "played {} games, {} actions in {secs:.2} s on {} threads: {:.1} games/s; {:.1} actions per game; {} draws, {} unfinished",
            t.games,
            t.steps,
            self.threads,
            self.games_per_s(),
            self.mean_length(),
            t.draws,
            t.unfinished
        );
        for (e, spec) in self.specs.iter().enumerate() {
            let (lo, hi) = wilson_interval(t.wins[e], t.games);
            let seats: Vec<String> = (t.by_seat[e].iter().enumerate())
                .filter(|(_, (played, _))| *played > 0)
                .map(|(s, (played, won))| format!("{} {won}/{played}", seat_name(s)))
                .collect();
            let _ = write!(
                out,
                "  {spec} (bot {e}) won {} of {} games ({:.1}%, 95% CI {:.1}-{:.1}%); by seat: {}",
                t.wins[e],
                t.games,
                100.0 * t.wins[e] as f64 / t.games as f64,
                100.0 * lo,
                100.0 * hi,
                seats.join(", ")
            );
            let search = t.search_time[e].as_secs_f64();
            if t.iterations[e] > 0 && search > 0.0 {
                let _ = write!(
                    out,
                    "; {:.0} search iterations/s",
                    t.iterations[e] as f64 / search
                );
            }
            let _ = writeln!(out);
        }
        out
    }
}
