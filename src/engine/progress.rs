//! A progress bar on standard error for long runs (results go to standard output).

use std::io::Write;
use std::time::{Duration, Instant};

pub struct Progress {
    label: String,
    total: u64,
    done: u64,
    last_draw: Option<Instant>,
    enabled: bool,
}

impl Progress {
    pub fn new(label: impl Into<String>, total: u64) -> Self {
        Progress {
            label: label.into(),
            total,
            done: 0,
            last_draw: None,
            enabled: total > 0,
        }
    }

    /// Counts `n` more units done; redraws at most ten times a second.
    pub fn advance(&mut self, n: u64) {
        self.done = (self.done + n).min(self.total);
        let due = self
            .last_draw
            .is_none_or(|t| t.elapsed() >= Duration::from_millis(100));
        if due || self.done == self.total {
            self.draw();
        }
    }

    fn draw(&mut self) {
        if !self.enabled {
            return;
        }
        self.last_draw = Some(Instant::now());
        const WIDTH: u64 = 30;
        let filled = (self.done * WIDTH).checked_div(self.total).unwrap_or(WIDTH);
        let bar: String = (0..WIDTH)
            .map(|i| if i < filled { '#' } else { '-' })
            .collect();
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{} [{bar}] {}/{}", self.label, self.done, self.total);
        let _ = err.flush();
    }

    /// Ends the bar's line.
    pub fn finish(mut self) {
        if self.enabled {
            self.draw();
            let _ = writeln!(std::io::stderr());
            self.enabled = false;
        }
    }
}
