//! The fuda games for Python: the extension module `fuda._fuda`, re-exported by the
//! Python package `fuda` (see `python/fuda/__init__.py` and `docs/python.md`).
//!
//! One class, [`PyGameHandle`] (`fuda.Game` in Python), plays every game. Configurations,
//! actions, views and events cross the boundary as JSON and arrive in Python as plain
//! dicts and lists; observations and action masks arrive as `bytes` for NumPy's
//! `frombuffer`. Refusals raise `fuda.FudaError` with a `kind` attribute and leave the game
//! unchanged.
#![deny(missing_docs)]

mod table;

use fuda_bots::BotSpec;
use fuda_core::{Game, Observer, Outcome, Seat};
use fuda_creature_clash::CreatureClash;
use fuda_mattsan::Mattsan;
use fuda_monjan::Monjan;
use fuda_uzumajin::Uzumajin;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use table::{DynTable, Failure, PyGame, Table};

create_exception!(
    _fuda,
    FudaError,
    PyValueError,
    "A refusal by a fuda engine: `kind` names what is wrong (`illegal_action`, \
     `invalid_index`, `wrong_seat`, `malformed`, `invalid_config`, `invalid_state`, \
     `invalid_position`, `invalid_observer`, `invalid_bot`, `unknown_game`) and the message \
     says it in words. The game is unchanged."
);

/// The games built in, by name.
const GAMES: [&str; 4] = [
    CreatureClash::NAME,
    Uzumajin::NAME,
    Mattsan::NAME,
    Monjan::NAME,
];

/// The Python exception for a failure, with its `kind` attribute set.
fn raise(py: Python<'_>, failure: Failure) -> PyErr {
    let err = FudaError::new_err(failure.message);
    // Exception instances take attributes; should it fail, the message still tells.
    let _ = err.value(py).setattr("kind", failure.kind);
    err
}

/// Parsed JSON text as Python objects.
fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// JSON text of a Python object: a `str` is taken as JSON text already.
fn dumps(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyString>() {
        return value.extract();
    }
    value
        .py()
        .import("json")?
        .call_method1("dumps", (value,))?
        .extract()
}

/// Runs `make` for the game called `name`.
fn for_game<T>(
    name: &str,
    make: impl FnOnce(&dyn Opener) -> Result<T, Failure>,
) -> Result<T, Failure> {
    match name {
        n if n == CreatureClash::NAME => make(&Typed::<CreatureClash>::default()),
        n if n == Uzumajin::NAME => make(&Typed::<Uzumajin>::default()),
        n if n == Mattsan::NAME => make(&Typed::<Mattsan>::default()),
        n if n == Monjan::NAME => make(&Typed::<Monjan>::default()),
        _ => Err(Failure::new(
            "unknown_game",
            format!(
                "no game called {:?}; the games are {}",
                name.chars().take(64).collect::<String>(),
                GAMES.join(", ")
            ),
        )),
    }
}

/// How to open games of one kind.
/// With `history`, the game keeps a digest of what every observer is shown, starting from
/// the digests given or from nothing.
trait Opener {
    fn create(&self, config: &str, seed: u64, history: History) -> Opened;
    fn open_position(&self, text: &str, history: History) -> Opened;
    fn open_state(&self, text: &str, history: History) -> Opened;
    fn default_config(&self) -> String;
}

/// A game opened, or why not.
type Opened = Result<Box<dyn DynTable>, Failure>;

/// A pickled game: its name, its state's JSON and its history digests.
type Pickled = (&'static str, String, Option<Vec<u64>>);

/// Whether a game keeps its observers' history digests, and from which.
type History = Option<Option<Vec<u64>>>;

fn boxed<G: PyGame>(table: Result<Table<G>, Failure>, history: History) -> Opened {
    let table = table?;
    Ok(match history {
        Some(digests) => Box::new(table.with_history(digests)?),
        None => Box::new(table),
    })
}

/// The [`Opener`] of game `G`.
struct Typed<G>(std::marker::PhantomData<G>);

impl<G> Default for Typed<G> {
    fn default() -> Self {
        Typed(std::marker::PhantomData)
    }
}

impl<G: PyGame> Opener for Typed<G> {
    fn create(&self, config: &str, seed: u64, history: History) -> Opened {
        boxed(Table::<G>::create(config, seed), history)
    }
    fn open_position(&self, text: &str, history: History) -> Opened {
        boxed(Table::<G>::from_position(text), history)
    }
    fn open_state(&self, text: &str, history: History) -> Opened {
        boxed(Table::<G>::from_state(text), history)
    }
    fn default_config(&self) -> String {
        serde_json::to_string(&G::Config::default()).unwrap_or_default()
    }
}

/// One game of any kind (`fuda.Game`).
///
/// Seats are numbered from 0. An observer is a seat number or `None` for a spectator.
/// Where a method takes `seat=None`, it means the first seat to act.
#[pyclass(name = "Game", module = "fuda._fuda")]
pub struct PyGameHandle {
    table: Box<dyn DynTable>,
}

impl PyGameHandle {
    fn seat(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<Seat> {
        match seat {
            Some(s) => self.check_seat(py, s),
            None => self.table.to_act().first().copied().ok_or_else(|| {
                raise(
                    py,
                    Failure::new("not_to_act", "no seat may act: the game is over"),
                )
            }),
        }
    }

    fn check_seat(&self, py: Python<'_>, seat: i64) -> PyResult<Seat> {
        let seats = self.table.num_seats();
        usize::try_from(seat)
            .ok()
            .filter(|s| *s < seats)
            .map(|s| Seat(s as u8))
            .ok_or_else(|| {
                raise(
                    py,
                    Failure::new(
                        "invalid_observer",
                        format!("seat {seat} is not at this table of {seats} seats"),
                    ),
                )
            })
    }

    fn observer(&self, py: Python<'_>, observer: Option<i64>) -> PyResult<Observer> {
        observer.map_or(Ok(Observer::Spectator), |s| {
            self.check_seat(py, s).map(Observer::Seat)
        })
    }

    fn open(
        py: Python<'_>,
        game: &str,
        open: impl FnOnce(&dyn Opener) -> Opened,
    ) -> PyResult<PyGameHandle> {
        let table = for_game(game, open).map_err(|f| raise(py, f))?;
        Ok(PyGameHandle { table })
    }
}

#[pymethods]
impl PyGameHandle {
    /// A new game: `game` is one of `fuda.GAMES`, `config` a dict or JSON text merged over
    /// the game's default configuration (missing fields take their defaults), `seed` drives
    /// every shuffle and die. With `history=True` the game keeps a digest of what every
    /// observer has been shown (`history_digest`), which OpenSpiel's information states use.
    #[new]
    #[pyo3(signature = (game, config=None, seed=0, history=false))]
    fn new(
        py: Python<'_>,
        game: &str,
        config: Option<&Bound<'_, PyAny>>,
        seed: u64,
        history: bool,
    ) -> PyResult<PyGameHandle> {
        let config = config
            .map(dumps)
            .transpose()?
            .unwrap_or_else(|| "{}".into());
        PyGameHandle::open(py, game, |o| {
            o.create(&config, seed, history.then_some(None))
        })
    }

    /// A game begun from a position (`docs/positions/<game>.md`), a dict or JSON text.
    #[staticmethod]
    #[pyo3(signature = (game, position, history=false))]
    fn from_position(
        py: Python<'_>,
        game: &str,
        position: &Bound<'_, PyAny>,
        history: bool,
    ) -> PyResult<PyGameHandle> {
        let text = dumps(position)?;
        PyGameHandle::open(py, game, |o| {
            o.open_position(&text, history.then_some(None))
        })
    }

    /// A game from the JSON text of a full state, as written by `to_json`.
    #[staticmethod]
    #[pyo3(signature = (game, state, history=false))]
    fn from_json(
        py: Python<'_>,
        game: &str,
        state: &Bound<'_, PyAny>,
        history: bool,
    ) -> PyResult<PyGameHandle> {
        let text = dumps(state)?;
        PyGameHandle::open(py, game, |o| o.open_state(&text, history.then_some(None)))
    }

    /// The game's name (`creature-clash`, `uzumajin`, `mattsan`, `monjan`).
    #[getter]
    fn name(&self) -> &'static str {
        self.table.game()
    }

    /// The number of seats at the table.
    #[getter]
    fn num_seats(&self) -> usize {
        self.table.num_seats()
    }

    /// The size of the fixed action space: a bound, from the rules, on the legal actions
    /// of one seat in one decision. Action `i` is the seat's `i`-th legal action.
    #[getter]
    fn max_legal_actions(&self) -> usize {
        self.table.max_legal_actions()
    }

    /// The length of every observation (`observation`).
    #[getter]
    fn observation_len(&self) -> usize {
        self.table.encoding_len()
    }

    /// A bound on the number of actions a game of this configuration takes.
    #[getter]
    fn max_game_length(&self) -> usize {
        self.table.max_game_length()
    }

    /// The seats that may act now, in seat order (several in a simultaneous phase such as
    /// Monjan's edit turn; none once the game is over).
    fn to_act(&self) -> Vec<usize> {
        self.table.to_act().iter().map(|s| s.index()).collect()
    }

    /// The first seat that may act now, or `None` once the game is over.
    fn current_seat(&self) -> Option<usize> {
        self.table.to_act().first().map(|s| s.index())
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.table.outcome().is_some()
    }

    /// How the game ended (`{"winners": [seats]}` or `"draw"`), or `None` while it goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.table
            .outcome()
            .map(|o| loads(py, &serde_json::to_string(&o).unwrap_or_default()))
            .transpose()
    }

    /// Per seat: 1 for a winner, -1 for a loser, 0 for everyone in a draw or while the
    /// game goes on.
    fn returns(&self) -> Vec<f64> {
        let seats = self.table.num_seats();
        match self.table.outcome() {
            Some(Outcome::Winners(w)) => (0..seats)
                .map(|s| if w.contains(Seat(s as u8)) { 1.0 } else { -1.0 })
                .collect(),
            _ => vec![0.0; seats],
        }
    }

    /// The seat's legal actions as dicts, in the engine's stable order.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let seat = self.seat(py, seat)?;
        self.table
            .legal_json(seat)
            .iter()
            .map(|a| loads(py, a))
            .collect()
    }

    /// The menu labels of the seat's legal actions, in the same order.
    #[pyo3(signature = (seat=None))]
    fn legal_labels(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<Vec<String>> {
        Ok(self.table.legal_labels(self.seat(py, seat)?))
    }

    /// How many legal actions the seat has (0 when it may not act).
    #[pyo3(signature = (seat=None))]
    fn num_legal(&self, py: Python<'_>, seat: Option<i64>) -> PyResult<usize> {
        Ok(self.table.num_legal(self.seat(py, seat)?))
    }

    /// The seat's action mask as bytes of 0 and 1, `max_legal_actions` long: byte `i` is 1
    /// when the seat has an `i`-th legal action.
    #[pyo3(signature = (seat=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let count = self.table.num_legal(self.seat(py, seat)?);
        let size = self.table.max_legal_actions();
        let mask: Vec<u8> = (0..size).map(|i| u8::from(i < count)).collect();
        Ok(PyBytes::new(py, &mask))
    }

    /// Plays an action: an `int` is the index of one of the seat's legal actions (`seat`
    /// defaults to the first seat to act); a dict or JSON text is an action itself, which
    /// must belong to `seat` when one is given. Raises `FudaError` and changes nothing
    /// when the action is refused.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<i64>,
    ) -> PyResult<()> {
        let result = if let Ok(index) = action.extract::<i64>() {
            let seat = self.seat(py, seat)?;
            let index = usize::try_from(index).unwrap_or(usize::MAX);
            self.table.apply_index(seat, index)
        } else {
            let seat = seat.map(|s| self.check_seat(py, s)).transpose()?;
            self.table.apply_json(seat, &dumps(action)?)
        };
        result.map_err(|f| raise(py, f))
    }

    /// The events of the last action, as the observer may see them.
    #[pyo3(signature = (observer=None))]
    fn last_events<'py>(
        &self,
        py: Python<'py>,
        observer: Option<i64>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let observer = self.observer(py, observer)?;
        self.table
            .events_json(observer)
            .iter()
            .map(|e| loads(py, e))
            .collect()
    }

    /// What the observer may see, as a dict.
    #[pyo3(signature = (observer=None))]
    fn view<'py>(&self, py: Python<'py>, observer: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.view_json(py, observer)?)
    }

    /// What the observer may see, as JSON text.
    #[pyo3(signature = (observer=None))]
    fn view_json(&self, py: Python<'_>, observer: Option<i64>) -> PyResult<String> {
        Ok(self.table.view_json(self.observer(py, observer)?))
    }

    /// The board as text, as the observer sees it (`fuda play`'s screen).
    #[pyo3(signature = (observer=None))]
    fn render(&self, py: Python<'_>, observer: Option<i64>) -> PyResult<String> {
        Ok(self.table.render(self.observer(py, observer)?))
    }

    /// The observer's view as `observation_len` little-endian float32 numbers (the layout
    /// is documented in each game's `encoding` module).
    #[pyo3(signature = (observer=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        observer: Option<i64>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let mut numbers = Vec::new();
        self.table
            .encode(self.observer(py, observer)?, &mut numbers);
        let bytes: Vec<u8> = numbers.iter().flat_map(|x| x.to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// A digest of every event the observer has been shown, for games opened with
    /// `history=True` (`None` otherwise).
    #[pyo3(signature = (observer=None))]
    fn history_digest(&self, py: Python<'_>, observer: Option<i64>) -> PyResult<Option<u64>> {
        Ok(self.table.history_digest(self.observer(py, observer)?))
    }

    /// The full state, hidden information included, as JSON text (`Game.from_json` reads
    /// it back).
    fn to_json(&self) -> String {
        self.table.state_json()
    }

    /// The configuration, every default filled in, as a dict.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.table.config_json())
    }

    /// Every card of the card set with its rules text, as dicts.
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.table.cards_json())
    }

    /// An independent copy.
    fn clone(&self) -> PyGameHandle {
        PyGameHandle {
            table: self.table.boxed_clone(),
        }
    }

    /// Pickling: the game's name, its state's JSON and its history digests.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let this = slf.borrow();
        let restore = slf.get_type().getattr("_restore")?;
        Ok((
            restore,
            (
                this.table.game(),
                this.table.state_json(),
                this.table.history_digests(),
            ),
        ))
    }

    /// A game unpickled (see `__reduce__`).
    #[staticmethod]
    fn _restore(
        py: Python<'_>,
        game: &str,
        state: &str,
        history: Option<Vec<u64>>,
    ) -> PyResult<PyGameHandle> {
        PyGameHandle::open(py, game, |o| o.open_state(state, history.map(Some)))
    }

    fn __copy__(&self) -> PyGameHandle {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGameHandle {
        self.clone()
    }

    /// A game the observer cannot tell apart from this one: everything hidden from it
    /// (other hands, deck orders, face-down cards, the random generator) drawn anew from
    /// `seed`. The copy has no last events.
    #[pyo3(signature = (observer, seed=0))]
    fn resample(&self, py: Python<'_>, observer: Option<i64>, seed: u64) -> PyResult<PyGameHandle> {
        let observer = self.observer(py, observer)?;
        Ok(PyGameHandle {
            table: self.table.resample(observer, seed),
        })
    }

    /// The index, in the seat's legal list, of the move a bot makes: `bot` is `random`,
    /// `greedy`, `ismcts`, `ismcts:N` (iterations) or `ismcts:Nms`, seeded with `seed`. It
    /// reads only what the seat may know; in a simultaneous phase it decides as if no other
    /// seat had moved yet. `None` when the seat has nothing to do.
    #[pyo3(signature = (seat=None, bot="ismcts:1000", seed=0))]
    fn bot_action(
        &self,
        py: Python<'_>,
        seat: Option<i64>,
        bot: &str,
        seed: u64,
    ) -> PyResult<Option<usize>> {
        let seat = self.seat(py, seat)?;
        let spec: BotSpec = bot.parse().map_err(|e: fuda_bots::SpecError| {
            raise(py, Failure::new("invalid_bot", e.to_string()))
        })?;
        Ok(py.detach(|| self.table.bot_index(seat, &spec, seed)))
    }

    fn __repr__(&self) -> String {
        format!(
            "fuda.Game({:?}, seats={}, to_act={:?}, over={})",
            self.table.game(),
            self.table.num_seats(),
            self.to_act(),
            self.is_over()
        )
    }
}

/// The default configuration of a game, as a dict.
#[pyfunction]
fn default_config<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let text = for_game(game, |o| Ok(o.default_config())).map_err(|f| raise(py, f))?;
    loads(py, &text)
}

/// The extension module.
#[pymodule]
fn _fuda(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGameHandle>()?;
    m.add_function(wrap_pyfunction!(default_config, m)?)?;
    m.add("FudaError", m.py().get_type::<FudaError>())?;
    m.add("GAMES", GAMES.to_vec())?;
    Ok(())
}
