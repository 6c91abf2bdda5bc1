//! Mattsan: bytes become a seed, a configuration and a sequence of (mostly legal,
//! sometimes arbitrary and illegal) actions; every step is checked against the contract.
#![no_main]

use fuda_mattsan::Mattsan;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| fuda_testkit::fuzz_one::<Mattsan>(data));
