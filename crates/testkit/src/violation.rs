//! What a failed check reports: which property broke, where, and on what.

use std::fmt;

/// The property a [`Violation`] breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// `new_game` refused a configuration from `random_config`, `config` does not return
    /// the configuration the state was created with.
    Setup,
    /// `to_act`, `outcome`, `legal_actions` and `legal_actions_for` disagree about who may
    /// act and whether the game is over.
    ToAct,
    /// A seat's legal actions are not in strictly increasing order (unsorted or repeated).
    LegalOrder,
    /// An action listed for a seat names another seat as its actor.
    LegalActor,
    /// A listed legal action was refused.
    LegalApplies,
    /// `apply` changed its input.
    Purity,
    /// An action that is not listed as legal was accepted.
    IllegalRefused,
    /// A refused action changed the state or emitted events.
    IllegalUnchanged,
    /// `apply`, `apply_in_place` and `apply_with_events` reached different states.
    ApplyAgreement,
    /// A JSON round trip changed a value, failed, or the reloaded state continued differently.
    Json,
    /// The card census changed (a card appeared, vanished or was duplicated).
    Conservation,
    /// An observer's view, legal actions or redacted events depend on what it may not know.
    Leak,
    /// The game did not end within `max_actions`.
    Termination,
    /// The same seed and actions did not reproduce the same state.
    Determinism,
    /// The game panicked.
    Panic,
}

impl Check {
    /// The check's short name, as shown in reports.
    pub fn name(self) -> &'static str {
        match self {
            Check::Setup => "setup",
            Check::ToAct => "to-act",
            Check::LegalOrder => "legal-order",
            Check::LegalActor => "legal-actor",
            Check::LegalApplies => "legal-applies",
            Check::Purity => "purity",
            Check::IllegalRefused => "illegal-refused",
            Check::IllegalUnchanged => "illegal-unchanged",
            Check::ApplyAgreement => "apply-agreement",
            Check::Json => "json",
            Check::Conservation => "conservation",
            Check::Leak => "leak",
            Check::Termination => "termination",
            Check::Determinism => "determinism",
            Check::Panic => "panic",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A broken property, with everything needed to find and reproduce it.
///
/// The texts are boxed `str`s to keep `Result<_, Violation>` small (clippy's
/// `result_large_err`), also in callers' code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Which property broke.
    pub check: Check,
    /// The game's [`fuda_core::Game::NAME`].
    pub game: &'static str,
    /// The seed the game was created with.
    pub seed: u64,
    /// The configuration, as JSON (or Debug text if it does not serialize).
    pub config: Box<str>,
    /// How many actions had been played when the check failed.
    pub step: usize,
    /// The action involved (Debug form), if any.
    pub action: Option<Box<str>>,
    /// What went wrong, in words.
    pub message: Box<str>,
    /// A Debug excerpt of the state involved (possibly truncated; empty if none).
    pub excerpt: Box<str>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {} seed {} step {}: {}",
            self.check, self.game, self.seed, self.step, self.message
        )?;
        if let Some(action) = &self.action {
            write!(f, "\n  action: {action}")?;
        }
        write!(f, "\n  config: {}", self.config)?;
        if !self.excerpt.is_empty() {
            write!(f, "\n  state: {}", self.excerpt)?;
        }
        Ok(())
    }
}

impl std::error::Error for Violation {}

/// `text` cut to at most `max` characters (on a character boundary), with a note of how
/// much was cut.
pub(crate) fn truncate(mut text: String, max: usize) -> String {
    if let Some((cut, _)) = text.char_indices().nth(max) {
        let rest = text.len() - cut;
        text.truncate(cut);
        text.push_str(&format!("… ({rest} more bytes)"));
    }
    text
}
