//! A progress bar on standard error for long runs (results go to standard output), drawn
//! by `indicatif`: hidden when standard error is not a terminal (or `TERM` is unset or
//! `dumb`), its final state drawn once, its line ended with a newline by `finish` or,
//! failing that, when the bar is dropped.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar's line: the label, thirty cells, the count and the time taken so far.
const TEMPLATE: &str = "{msg} [{bar:30}] {pos}/{len} {elapsed}";

pub struct Progress {
    bar: ProgressBar,
    total: u64,
    /// Ends the bar's line on its terminal; `None` while the bar is hidden.
    end_line: Option<Box<dyn Fn() + Send + Sync>>,
}

impl Progress {
    /// A bar of `total` units on standard error; a bar of nothing is never drawn.
    pub fn new(label: impl Into<String>, total: u64) -> Self {
        let target = if total > 0 {
            ProgressDrawTarget::stderr()
        } else {
            ProgressDrawTarget::hidden()
        };
        let end_line: Box<dyn Fn() + Send + Sync> = Box::new(|| eprintln!());
        Self::on(target, end_line, label.into(), total)
    }

    /// A bar drawn on `target`, whose line `end_line` ends unless the bar is hidden.
    fn on(
        target: ProgressDrawTarget,
        end_line: Box<dyn Fn() + Send + Sync>,
        label: String,
        total: u64,
    ) -> Self {
        Self::drawn(target, end_line, label, Some(total), TEMPLATE)
    }

    /// A count with no known end (a film's frames): the label, the count of `unit` and
    /// the time taken, on standard error when it is a terminal; its line ends the same way.
    pub fn counting(label: impl Into<String>, unit: &str) -> Self {
        let template = format!("{{msg}} {{pos}} {unit} {{elapsed}}");
        let end_line: Box<dyn Fn() + Send + Sync> = Box::new(|| eprintln!());
        Self::drawn(
            ProgressDrawTarget::stderr(),
            end_line,
            label.into(),
            None,
            &template,
        )
    }

    /// The bar itself: `len` units (`None`: a count without end) drawn with `template`;
    /// a template indicatif refuses (a unit with braces) falls back to its plain bar.
    fn drawn(
        target: ProgressDrawTarget,
        end_line: Box<dyn Fn() + Send + Sync>,
        label: String,
        len: Option<u64>,
        template: &str,
    ) -> Self {
        let style = ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("#>-");
        let bar = ProgressBar::with_draw_target(len, target)
            .with_style(style)
            .with_message(label);
        let end_line = (!bar.is_hidden()).then_some(end_line);
        // Shows the empty bar at once: a long first step is not a silent one.
        bar.tick();
        Progress {
            bar,
            total: len.unwrap_or(u64::MAX),
            end_line,
        }
    }

    /// Sets the count done so far (for a count kept elsewhere).
    pub fn set(&mut self, done: u64) {
        let now = self.bar.position();
        if done > now {
            self.advance(done - now);
        }
    }

    /// Counts `n` more units done, never past the total; redraws at most twenty times a
    /// second, and draws the full bar once, when the total is reached.
    pub fn advance(&mut self, n: u64) {
        if self.bar.is_finished() {
            return;
        }
        let done = self.bar.position().saturating_add(n).min(self.total);
        if done == self.total {
            // Sets the position to the total and draws it, whatever the rate.
            self.bar.finish();
        } else {
            self.bar.set_position(done);
        }
    }

    /// Ends the bar's line, the bar left as it stands.
    pub fn finish(self) {
        // Drop does it: a bar left unfinished (an early return, an error) ends the same way.
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if !self.bar.is_finished() {
            // Leaves the count where it stopped; indicatif's default would erase the bar.
            self.bar.abandon();
        }
        if let Some(end_line) = self.end_line.take() {
            end_line();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use indicatif::TermLike;
    use std::io;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps what is written on it.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl Screen {
        fn text(&self) -> String {
            self.0.lock().unwrap().clone()
        }
        fn put(&self, s: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(s);
            Ok(())
        }
    }

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, n: usize) -> io::Result<()> {
            self.put(&format!("\x1b[{n}A"))
        }
        fn move_cursor_down(&self, n: usize) -> io::Result<()> {
            self.put(&format!("\x1b[{n}B"))
        }
        fn move_cursor_right(&self, n: usize) -> io::Result<()> {
            self.put(&format!("\x1b[{n}C"))
        }
        fn move_cursor_left(&self, n: usize) -> io::Result<()> {
            self.put(&format!("\x1b[{n}D"))
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.put(&format!("{s}\n"))
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            self.put(s)
        }
        fn clear_line(&self) -> io::Result<()> {
            self.put("\r\x1b[2K")
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A bar of `total` on a fresh screen, its line ended on that screen too.
    fn on_screen(total: u64) -> (Progress, Screen) {
        let screen = Screen::default();
        let ends = screen.clone();
        let bar = Progress::on(
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
            Box::new(move || ends.put("\n").unwrap()),
            "test run".into(),
            total,
        );
        (bar, screen)
    }

    fn hidden(total: u64) -> Progress {
        Progress::on(
            ProgressDrawTarget::hidden(),
            Box::new(|| panic!("a hidden bar ended a line")),
            "hidden".into(),
            total,
        )
    }

    #[test]
    fn counts_up_to_the_total_and_no_further() {
        let mut p = hidden(5);
        p.advance(3);
        assert_eq!(p.bar.position(), 3);
        assert!(!p.bar.is_finished());
        p.advance(10);
        assert_eq!(p.bar.position(), 5);
        assert!(p.bar.is_finished());
        p.advance(1);
        assert_eq!(p.bar.position(), 5);
        p.finish();
    }

    #[test]
    fn a_bar_of_nothing_is_hidden() {
        let mut p = Progress::new("nothing", 0);
        assert!(p.bar.is_hidden());
        assert!(p.end_line.is_none());
        p.advance(1);
        assert_eq!(p.bar.position(), 0);
        p.finish();
    }

    #[test]
    fn the_full_bar_is_drawn_once_then_its_line_ends() {
        let (mut p, screen) = on_screen(3);
        for _ in 0..3 {
            p.advance(1);
        }
        p.finish();
        let text = screen.text();
        assert!(text.contains("test run ["), "{text:?}");
        assert_eq!(text.matches("3/3").count(), 1, "{text:?}");
        assert!(text.ends_with('\n'), "{text:?}");
        assert_eq!(text.matches('\n').count(), 1, "{text:?}");
        let last = text.rsplit('\r').next().unwrap();
        assert!(
            last.contains("[##############################] 3/3"),
            "{last:?}"
        );
    }

    #[test]
    fn a_dropped_bar_ends_its_line_where_it_stopped() {
        let (mut p, screen) = on_screen(4);
        let probe = p.bar.clone();
        p.advance(1);
        drop(p);
        assert!(probe.is_finished());
        assert_eq!(probe.position(), 1);
        let text = screen.text();
        assert!(text.ends_with('\n'), "{text:?}");
        assert_eq!(text.matches('\n').count(), 1, "{text:?}");
        assert!(
            text.rsplit('\r').next().unwrap().contains("1/4"),
            "{text:?}"
        );
    }

    #[test]
    fn finishing_early_does_not_claim_the_total() {
        let mut p = hidden(10);
        let probe = p.bar.clone();
        p.advance(4);
        p.finish();
        assert!(probe.is_finished());
        assert_eq!(probe.position(), 4);
    }
}
