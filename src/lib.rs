#![doc = include_str!("../README.md")]
#![deny(missing_docs)]

pub use fuda_bots as bots;
pub use fuda_core as core;
pub use fuda_serve as serve;

#[cfg(feature = "creature-clash")]
pub use fuda_creature_clash as creature_clash;

#[cfg(feature = "uzumajin")]
pub use fuda_uzumajin as uzumajin;

#[cfg(feature = "mattsan")]
pub use fuda_mattsan as mattsan;

#[cfg(feature = "monjan")]
pub use fuda_monjan as monjan;
