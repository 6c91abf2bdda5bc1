//! `fuda play`: a game in the terminal against bots.
//!
//! You see exactly what your seat may see: the board from your view, your legal choices
//! numbered (identical ones once, long menus grouped in two steps where the game gives
//! headings), and the other players' moves narrated from events redacted for you.

mod menu;

use crate::args::PlayArgs;
use crate::games::{with_game, CliGame, WithGame};
use crate::Failure;
use fuda_bots::{bot_moves, Bot, BotList};
use fuda_core::{CardText, Observer, Replay, Seat, SeatSet};
use menu::{Entry, Menu};
use std::io::{BufRead, Write};

/// Prints a line; a closed standard output (the player left) ends the program quietly.
macro_rules! say {
    ($($arg:tt)*) => {{
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

const HELP: &str = "Type the number of a choice and press Enter. Other commands: \
i N = explain choice N, c NAME = show a card, l = legend of the board's symbols, \
b = show the board again, h = help, q = quit.";

/// Runs `fuda play`.
pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let name = args.game.game.clone();
    with_game(&name, Play { args }).ok_or_else(|| Failure::from(crate::games::unknown(&name)))?
}

struct Play<'a> {
    args: &'a PlayArgs,
}

impl WithGame for Play<'_> {
    type Output = Result<(), Failure>;

    fn run<G: CliGame>(self) -> Result<(), Failure> {
        let args = self.args;
        let (state, replay) = match &args.position {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let state = G::from_position(&text).map_err(|e| Failure {
                    message: format!("{}: {e}", path.display()),
                    code: 1,
                })?;
                (state.clone(), Replay::<G>::from_start(state))
            }
            None => {
                let config = crate::games::config::<G>(&args.game)?;
                let seed = args.seed.unwrap_or_else(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                });
                let state = G::new_game(&config, seed).map_err(|e| e.to_string())?;
                (state, Replay::new(config, seed))
            }
        };
        let mut session = Session::<G>::new(args, state, replay)?;
        let result = session.play();
        session.save()?;
        result
    }
}

/// A game in progress at the terminal.
struct Session<'a, G: CliGame> {
    args: &'a PlayArgs,
    state: G::State,
    replay: Replay<G>,
    me: Seat,
    bots: Vec<Box<dyn Bot<G>>>,
    cards: Vec<CardText>,
}

impl<'a, G: CliGame> Session<'a, G> {
    fn new(args: &'a PlayArgs, state: G::State, replay: Replay<G>) -> Result<Self, Failure> {
        let config = G::config(&state);
        let seats = G::num_seats(config);
        let me = Seat(args.seat);
        if me.index() >= seats {
            return Err(
                format!("--seat {} is not a seat of this {seats}-player game", me.0).into(),
            );
        }
        let list: BotList = args.bots.parse().map_err(|e| format!("--bots: {e}"))?;
        let specs = list.for_seats(seats).map_err(|e| format!("--bots: {e}"))?;
        let seed = replay.seed;
        let bots = (specs.iter().enumerate())
            .map(|(i, spec)| spec.build::<G>(seed ^ (i as u64 + 1)))
            .collect();
        let cards = G::cards(config);
        Ok(Session {
            args,
            state,
            replay,
            me,
            bots,
            cards,
        })
    }

    fn config(&self) -> &G::Config {
        G::config(&self.state)
    }

    /// Applies an action, records it for the replay and narrates its events.
    fn apply(&mut self, action: &G::Action) -> Result<(), G::Error> {
        let events = G::apply_with_events(&mut self.state, action)?;
        self.replay.actions.push(action.clone());
        let me = Observer::Seat(self.me);
        for e in events.iter().filter_map(|e| G::redact(e, me)) {
            say!("· {}", G::describe_event(G::config(&self.state), &e));
        }
        Ok(())
    }

    /// Writes the replay if `--save` asked for one.
    fn save(&mut self) -> Result<(), Failure> {
        let Some(path) = &self.args.save else {
            return Ok(());
        };
        self.replay.seal(&self.state);
        std::fs::write(path, self.replay.to_json())
            .map_err(|e| format!("cannot save the game to {}: {e}", path.display()))?;
        say!(
            "Saved the game to {} (`fuda replay {}` shows it).",
            path.display(),
            path.display()
        );
        Ok(())
    }

    fn play(&mut self) -> Result<(), Failure> {
        let me = self.me;
        let me_obs = Observer::Seat(me);
        let seats = G::num_seats(self.config());
        let bot_seats = SeatSet::all(seats).without(me);
        let limit = G::max_actions(self.config());
        say!(
            "{} — you are {me} (seed {}). {HELP}\n",
            G::NAME,
            self.replay.seed
        );
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let mut legal = Vec::new();
        loop {
            if G::outcome(&self.state).is_some() {
                say!(
                    "\n{}",
                    G::render_view(self.config(), &G::view(&self.state, me_obs))
                );
                return Ok(());
            }
            let to_act = G::to_act(&self.state);
            // Bots move first; in a simultaneous phase none of them sees the others'
            // moves (nor yours), and theirs stay hidden from you.
            if to_act.iter().any(|s| s != me) {
                let moves = bot_moves(&self.state, bot_seats, &mut self.bots, limit);
                if let Some(seat) = moves.stalled {
                    return Err(format!("the bot at {seat} found no action").into());
                }
                for (i, action) in moves.actions.iter().enumerate() {
                    match self.apply(action) {
                        Ok(()) => {}
                        // A later move of a simultaneous phase may clash: ask again.
                        Err(_) if i > 0 => break,
                        Err(e) => return Err(e.to_string().into()),
                    }
                }
                if !moves.actions.is_empty() {
                    continue;
                }
            }
            if !to_act.contains(me) {
                return Err("nobody may act, but the game is not over".into());
            }
            let view = G::view(&self.state, me_obs);
            G::legal_actions_for(&self.state, me, &mut legal);
            let menu = Menu::<G>::new(self.config(), &view, &legal);
            if !self.args.no_auto_pass {
                if let Some(k) = menu.only_pass() {
                    say!("(your only choice is to pass: passing for you)");
                    self.apply(&legal[k]).map_err(|e| e.to_string())?;
                    continue;
                }
            }
            say!("\n{}", G::render_view(self.config(), &view));
            // The menu: the top level, or one group's actions after its heading was chosen.
            let mut group: Option<usize> = None;
            let chosen = loop {
                let entries = match group {
                    Some(g) => menu.group_entries(g),
                    None => menu.top(),
                };
                if let Some(g) = group {
                    say!("  {} (0 = back):", menu.heading(g));
                }
                for (i, entry) in entries.iter().enumerate() {
                    say!("  {:>3}) {}", i + 1, menu.label(entry));
                }
                print!(
                    "Your choice (1-{}, i N, c NAME, l, b, h, q): ",
                    entries.len()
                );
                if std::io::stdout().flush().is_err() {
                    return Ok(());
                }
                let Some(Ok(line)) = lines.next() else {
                    say!("\nBye.");
                    return Ok(());
                };
                let line = line.trim();
                let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
                let rest = rest.trim();
                match (word, rest) {
                    ("q" | "quit", _) => {
                        say!("Bye.");
                        return Ok(());
                    }
                    ("b" | "board", _) => say!("\n{}", G::render_view(self.config(), &view)),
                    ("h" | "help" | "?", _) => say!("{HELP}"),
                    ("l" | "legend", _) => say!("{}", legend::<G>()),
                    ("c" | "card", name) => say!("{}", self.show_cards(name)),
                    ("0" | "back", "") if group.is_some() => group = None,
                    ("i" | "info", n) => match pick(n, entries.len()) {
                        Some(k) => say!("{}", menu.explain(&entries[k])),
                        None => say!("Type i and a number from 1 to {}.", entries.len()),
                    },
                    (n, "") => match pick(n, entries.len()) {
                        Some(k) => match &entries[k] {
                            Entry::Action(a) => break *a,
                            Entry::Group(g) => group = Some(*g),
                        },
                        None => say!("Please type a number from 1 to {}.", entries.len()),
                    },
                    _ => say!("{HELP}"),
                }
            };
            self.apply(&legal[chosen]).map_err(|e| e.to_string())?;
        }
    }

    /// The cards whose name or key contains `name` (every card for an empty name).
    fn show_cards(&self, name: &str) -> String {
        let wanted = name.to_lowercase();
        let found: Vec<&CardText> = (self.cards.iter())
            .filter(|c| {
                c.name.to_lowercase().contains(&wanted) || c.key.to_lowercase().contains(&wanted)
            })
            .collect();
        // An exact name match shows that card alone.
        let exact: Vec<&CardText> = (found.iter().copied())
            .filter(|c| c.name.to_lowercase() == wanted || c.key.to_lowercase() == wanted)
            .collect();
        let found = if exact.is_empty() { found } else { exact };
        if found.is_empty() {
            return format!("No card is called `{name}`; `c` alone lists every card.");
        }
        if name.is_empty() || found.len() > 8 {
            let names: Vec<&str> = found.iter().map(|c| c.name.as_str()).collect();
            return format!(
                "Cards: {}. Type c and a name to read one.",
                names.join(", ")
            );
        }
        found
            .iter()
            .map(|c| card_text(c))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// One card as a player reads it: name, kind, numbers, rules text.
fn card_text(card: &CardText) -> String {
    let stats: Vec<String> = (card.stats.iter())
        .map(|(k, v)| match v {
            serde_json::Value::String(s) => format!("{k} {s}"),
            v => format!("{k} {v}"),
        })
        .collect();
    let mut out = format!("{} — {}", card.name, card.kind);
    if !stats.is_empty() {
        out += &format!(" ({})", stats.join(", "));
    }
    if !card.text.is_empty() {
        out += &format!("\n    {}", card.text);
    }
    out
}

/// The game's legend, or a note that it has none.
fn legend<G: CliGame>() -> &'static str {
    match G::legend() {
        "" => "This game's board uses no special symbols.",
        text => text,
    }
}

/// The index of menu entry `n` (counted from 1) of `len`.
fn pick(n: &str, len: usize) -> Option<usize> {
    n.parse::<usize>()
        .ok()
        .filter(|k| (1..=len).contains(k))
        .map(|k| k - 1)
}
