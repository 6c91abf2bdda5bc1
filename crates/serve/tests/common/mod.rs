//! What the cost tests share: a clock of this thread's own CPU time.

use std::time::{Duration, Instant};

/// This thread's CPU time (Linux: `/proc/thread-self/schedstat`), so that a reply's cost
/// does not count the time other processes of a shared machine took the cores; `None`
/// where it cannot be read.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Runs `f` and returns its result and its cost: the thread's CPU time where the system
/// tells it, else the wall-clock time.
pub fn cost<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let out = f();
    let spent = match (cpu, thread_cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    (out, spent)
}
