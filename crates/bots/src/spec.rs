//! Bots named in text (`random`, `greedy`, `ismcts`, `ismcts:N`, `ismcts:Nms`), one per
//! seat in a comma-separated list, for command lines and protocols.

use crate::ismcts::{Budget, IsmctsBot, IsmctsConfig, ROLLOUT_CAP};
use crate::{Bot, GreedyBot, RandomBot};
use fuda_core::Conformance;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Why a bot specification was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// The list, or one of its entries, is empty.
    #[error("a bot name is missing (expected random, greedy, ismcts or ismcts:N)")]
    Empty,
    /// No bot has this name.
    #[error("unknown bot `{0}` (expected random, greedy, ismcts or ismcts:N)")]
    UnknownBot(String),
    /// The budget after `ismcts:` is not a positive number of iterations or milliseconds.
    #[error("`{0}` is not a budget: give iterations (ismcts:1000) or milliseconds (ismcts:500ms), more than 0 and at most {max}", max = MAX_BUDGET)]
    BadBudget(String),
    /// A budget or option was given to a bot that takes none.
    #[error("`{0}` takes no budget or options")]
    NoBudget(String),
    /// An ISMCTS option is unknown or out of range.
    #[error("`{0}` is not an ISMCTS option (depth=N up to 20000, depth=end, guide=on, guide=off, c=X from 0 to 100)")]
    BadOption(String),
    /// The list names more bots than the table has seats.
    #[error("{given} bots for a table of {seats} seats")]
    TooManyBots {
        /// How many bots the list names.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
}

/// The largest budget accepted in text (iterations or milliseconds): a typo must not
/// make a bot think for hours.
pub const MAX_BUDGET: u32 = 10_000_000;

/// One bot, as named in text.
///
/// | text | bot |
/// |---|---|
/// | `random` | [`RandomBot`] |
/// | `greedy` | [`GreedyBot`] |
/// | `ismcts` | [`IsmctsBot`] at [`BotSpec::DEFAULT_ISMCTS`], which answers within about a second |
/// | `ismcts:N` | [`IsmctsBot`], `N` iterations per decision (deterministic) |
/// | `ismcts:Nms` | [`IsmctsBot`], `N` milliseconds per decision |
///
/// ISMCTS takes further options after colons, in any order: `depth=D` (random actions
/// per rollout before the heuristic judges the leaf; `depth=end` plays rollouts to the
/// end of the game), `guide=off` (expand untried actions at random rather than the one
/// the heuristic rates best) and `c=X` (the UCT exploration constant), e.g.
/// `ismcts:2000:depth=10`.
/// Its [`Display`](fmt::Display) form parses back to the same spec.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotSpec {
    /// Uniformly random legal actions.
    Random,
    /// One step ahead by the game's heuristic.
    Greedy,
    /// Information-set MCTS with these settings; leaves are judged by the game's
    /// heuristic ([`IsmctsBot::with_heuristic`]).
    Ismcts(IsmctsConfig),
}

impl BotSpec {
    /// The budget of a bare `ismcts`: time-bounded, so that it answers within about a
    /// second in every game on a slow shared machine.
    pub const DEFAULT_ISMCTS: Budget = Budget::Millis(800);

    /// Rollout length of the ISMCTS bots built from text, unless `depth=` says otherwise.
    pub const ROLLOUT_DEPTH: Option<u32> = Some(40);

    /// An ISMCTS spec with this budget and the other settings at their text defaults.
    pub fn ismcts(budget: Budget) -> BotSpec {
        BotSpec::Ismcts(IsmctsConfig {
            rollout_depth: Self::ROLLOUT_DEPTH,
            ..IsmctsConfig::with_budget(budget)
        })
    }

    /// A bot of this kind for game `G`, drawing its random choices from `seed`.
    pub fn build<G: Conformance>(&self, seed: u64) -> Box<dyn Bot<G>> {
        match *self {
            BotSpec::Ismcts(config) => Box::new(IsmctsBot::<G>::with_heuristic(seed, config)),
            BotSpec::Greedy => Box::new(GreedyBot::<G>::new(seed)),
            BotSpec::Random => Box::new(RandomBot::<G>::new(seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Ismcts(config) => {
                f.write_str("ismcts")?;
                if config.budget != Self::DEFAULT_ISMCTS {
                    write!(f, ":{}", config.budget)?;
                }
                if config.rollout_depth != Self::ROLLOUT_DEPTH {
                    match config.rollout_depth {
                        Some(d) => write!(f, ":depth={d}")?,
                        None => f.write_str(":depth=end")?,
                    }
                }
                if !config.guided_expansion {
                    f.write_str(":guide=off")?;
                }
                if config.exploration != IsmctsConfig::DEFAULT_EXPLORATION {
                    write!(f, ":c={}", config.exploration)?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotSpec, SpecError> {
        let text = text.trim();
        let mut parts = text.split(':').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let mut spec = match name.to_ascii_lowercase().as_str() {
            "" => return Err(SpecError::Empty),
            "random" => BotSpec::Random,
            "greedy" => BotSpec::Greedy,
            "ismcts" => BotSpec::ismcts(Self::DEFAULT_ISMCTS),
            _ => return Err(SpecError::UnknownBot(text.to_string())),
        };
        for part in parts {
            let BotSpec::Ismcts(config) = &mut spec else {
                return Err(SpecError::NoBudget(text.to_string()));
            };
            let bad = || SpecError::BadOption(part.to_string());
            match part.split_once('=') {
                Some(("depth", "end")) => config.rollout_depth = None,
                Some(("depth", d)) => {
                    let d: u32 = d.parse().map_err(|_| bad())?;
                    if d > ROLLOUT_CAP {
                        return Err(bad());
                    }
                    config.rollout_depth = Some(d);
                }
                Some(("guide", "on")) => config.guided_expansion = true,
                Some(("guide", "off")) => config.guided_expansion = false,
                Some(("c", c)) => {
                    let c: f64 = c.parse().map_err(|_| bad())?;
                    if !(0.0..=100.0).contains(&c) {
                        return Err(bad());
                    }
                    config.exploration = c;
                }
                Some(_) => return Err(bad()),
                None => config.budget = parse_budget(part)?,
            }
        }
        Ok(spec)
    }
}

fn parse_budget(text: &str) -> Result<Budget, SpecError> {
    let bad = || SpecError::BadBudget(text.to_string());
    let (digits, millis) = match text.strip_suffix("ms") {
        Some(d) => (d, true),
        None => (text, false),
    };
    let n: u32 = digits.trim().parse().map_err(|_| bad())?;
    if n == 0 || n > MAX_BUDGET {
        return Err(bad());
    }
    Ok(if millis {
        Budget::Millis(n)
    } else {
        Budget::Iterations(n)
    })
}

/// Bots for a table: a comma-separated list of [`BotSpec`]s, seat by seat
/// (`ismcts:1000,greedy`). A list shorter than the table repeats its last entry for the
/// remaining seats, so a single name plays every seat and `ismcts,greedy` at four seats is
/// one ISMCTS bot against three greedy ones. `greedy-vs-random` is an old spelling of
/// `greedy,random`.
#[derive(Clone, Debug, PartialEq)]
pub struct BotList(Vec<BotSpec>);

impl BotList {
    /// The list as given (at least one entry).
    pub fn specs(&self) -> &[BotSpec] {
        &self.0
    }

    /// One spec per seat of a table of `seats`.
    ///
    /// # Errors
    /// [`SpecError::TooManyBots`] when the list is longer than the table.
    pub fn for_seats(&self, seats: usize) -> Result<Vec<BotSpec>, SpecError> {
        if self.0.len() > seats {
            return Err(SpecError::TooManyBots {
                given: self.0.len(),
                seats,
            });
        }
        let last = self.0.last().copied().unwrap_or(BotSpec::Random);
        Ok((0..seats)
            .map(|i| self.0.get(i).copied().unwrap_or(last))
            .collect())
    }
}

impl From<BotSpec> for BotList {
    fn from(spec: BotSpec) -> BotList {
        BotList(vec![spec])
    }
}

impl fmt::Display for BotList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, spec) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{spec}")?;
        }
        Ok(())
    }
}

impl FromStr for BotList {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<BotList, SpecError> {
        let text = match text.trim() {
            "greedy-vs-random" => "greedy,random",
            t => t,
        };
        text.split(',')
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(BotList)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_budgets_parse_and_print_back() {
        let cases = [
            ("random", BotSpec::Random),
            ("Greedy", BotSpec::Greedy),
            (" ismcts ", BotSpec::ismcts(BotSpec::DEFAULT_ISMCTS)),
            ("ismcts:1000", BotSpec::ismcts(Budget::Iterations(1000))),
            ("ismcts:250ms", BotSpec::ismcts(Budget::Millis(250))),
        ];
        for (text, spec) in cases {
            let parsed: BotSpec = text.parse().unwrap();
            assert_eq!(parsed, spec, "{text}");
            assert_eq!(parsed.to_string().parse::<BotSpec>().unwrap(), spec);
        }
        let tuned: BotSpec = "ismcts:2000:depth=end:guide=off:c=1.5".parse().unwrap();
        let BotSpec::Ismcts(config) = tuned else {
            panic!("{tuned:?}");
        };
        assert_eq!(config.budget, Budget::Iterations(2000));
        assert_eq!(config.rollout_depth, None);
        assert!(!config.guided_expansion);
        assert_eq!(config.exploration, 1.5);
        assert_eq!(tuned.to_string(), "ismcts:2000:depth=end:guide=off:c=1.5");
        assert_eq!(tuned.to_string().parse::<BotSpec>().unwrap(), tuned);
        let depth: BotSpec = "ismcts:depth=7".parse().unwrap();
        assert_eq!(depth.to_string(), "ismcts:depth=7");
    }

    #[test]
    fn bad_specs_get_typed_errors() {
        let err = |t: &str| t.parse::<BotSpec>().unwrap_err();
        assert_eq!(err(""), SpecError::Empty);
        assert_eq!(err("minimax"), SpecError::UnknownBot("minimax".into()));
        assert_eq!(err("ismcts:0"), SpecError::BadBudget("0".into()));
        assert_eq!(err("ismcts:-3"), SpecError::BadBudget("-3".into()));
        assert_eq!(err("ismcts:lots"), SpecError::BadBudget("lots".into()));
        assert_eq!(
            err("ismcts:99999999999"),
            SpecError::BadBudget("99999999999".into())
        );
        assert_eq!(
            err("ismcts:10000001"),
            SpecError::BadBudget("10000001".into())
        );
        assert_eq!(
            err("ismcts:depth=x"),
            SpecError::BadOption("depth=x".into())
        );
        assert_eq!(
            err("ismcts:depth=20001"),
            SpecError::BadOption("depth=20001".into())
        );
        assert_eq!(err("ismcts:c=-1"), SpecError::BadOption("c=-1".into()));
        assert_eq!(err("ismcts:c=NaN"), SpecError::BadOption("c=NaN".into()));
        assert_eq!(
            err("ismcts:speed=9"),
            SpecError::BadOption("speed=9".into())
        );
        assert_eq!(err("greedy:100"), SpecError::NoBudget("greedy:100".into()));
        assert!(err("random:x").to_string().contains("takes no budget"));
    }

    #[test]
    fn lists_give_one_bot_per_seat() {
        let list: BotList = "ismcts:1000,greedy".parse().unwrap();
        let ismcts = BotSpec::ismcts(Budget::Iterations(1000));
        assert_eq!(list.for_seats(2).unwrap(), [ismcts, BotSpec::Greedy]);
        assert_eq!(
            list.for_seats(4).unwrap(),
            [ismcts, BotSpec::Greedy, BotSpec::Greedy, BotSpec::Greedy]
        );
        assert_eq!(
            list.for_seats(1),
            Err(SpecError::TooManyBots { given: 2, seats: 1 })
        );
        let single: BotList = "random".parse().unwrap();
        assert_eq!(single.for_seats(3).unwrap(), [BotSpec::Random; 3]);
        let old: BotList = "greedy-vs-random".parse().unwrap();
        assert_eq!(
            old.for_seats(3).unwrap(),
            [BotSpec::Greedy, BotSpec::Random, BotSpec::Random]
        );
        assert_eq!(list.to_string(), "ismcts:1000,greedy");
        assert_eq!("random,,greedy".parse::<BotList>(), Err(SpecError::Empty));
        assert!("random,chess".parse::<BotList>().is_err());
    }
}
