//! Timing of calls too slow to batch (a perft, a computer move) for the benches: each call
//! is one sample, and the bench reports the median of them (`cli::median`).

use std::time::Instant;

/// Seconds of each of `samples` separate calls of `f`. No warm-up call: a slow first call
/// is one sample among them, and the median sets it aside.
pub fn seconds_each(samples: usize, mut f: impl FnMut()) -> Vec<f64> {
    (0..samples)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed().as_secs_f64()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sample_per_call() {
        let mut calls = 0;
        let times = seconds_each(4, || calls += 1);
        assert_eq!(calls, 4);
        assert_eq!(times.len(), 4);
        assert!(times.iter().all(|s| *s >= 0.0));
    }
}
