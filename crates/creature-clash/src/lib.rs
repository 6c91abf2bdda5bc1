//! Creature Clash!
