//! The trait a game implements to be driven by the kit. It lives in `fuda-core` (so that
//! every game crate can implement it without depending on the kit) and is re-exported
//! here; this module adds what the kit derives from it.

pub use fuda_core::Conformance;
