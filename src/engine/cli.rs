//! What the subcommands share: their error type and option parsing.

use clap::Parser;

/// Why a subcommand did not produce its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CliError {
    /// The command line was wrong: one line on standard error, exit status 2.
    Usage(String),
    /// `--help` was asked for: the text goes to standard output, exit status 0.
    Help(String),
    /// The command ran and failed: one line on standard error, exit status 1.
    Failed(String),
}

impl CliError {
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Help(_) => 0,
            CliError::Failed(_) => 1,
        }
    }
}

/// Parses a subcommand's own options (`lodestone simulate vectress --games 10 ...` hands
/// `["--games", "10", ...]` to the game with `command = "lodestone simulate vectress"`).
pub fn parse_options<T: Parser>(command: &str, args: &[String]) -> Result<T, CliError> {
    let argv = std::iter::once(command.to_string()).chain(args.iter().cloned());
    T::try_parse_from(argv).map_err(|error| {
        use clap::error::ErrorKind;
        match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => CliError::Help(error.to_string()),
            _ => {
                // clap's first line is the sentence; the rest is usage advice.
                let text = error.to_string();
                let first = text.lines().next().unwrap_or("invalid arguments");
                CliError::Usage(format!(
                    "{command}: {}",
                    first.trim_start_matches("error: ")
                ))
            }
        }
    })
}

/// Serializes a subcommand result for standard output.
pub fn to_json_line(value: &serde_json::Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into())
}

/// Median of a list of measurements (the list is sorted in place).
pub fn median(samples: &mut [f64]) -> f64 {
    if samples.is_empty() {
        return f64::NAN;
    }
    samples.sort_by(|a, b| a.total_cmp(b));
    let mid = samples.len() / 2;
    if samples.len() % 2 == 1 {
        samples[mid]
    } else {
        (samples[mid - 1] + samples[mid]) / 2.0
    }
}

/// Runs `f` repeatedly and returns the median time of one call in nanoseconds. Calls are
/// batched so each timed sample lasts at least about a millisecond.
pub fn median_ns<F: FnMut()>(samples: usize, mut f: F) -> f64 {
    use std::time::Instant;
    let start = Instant::now();
    f();
    let once = start.elapsed().as_nanos().max(1) as f64;
    let batch = ((1.0e6 / once).ceil() as usize).clamp(1, 1_000_000);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let t = Instant::now();
        for _ in 0..batch {
            f();
        }
        times.push(t.elapsed().as_nanos() as f64 / batch as f64);
    }
    median(&mut times)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Parser, Debug)]
    struct Opts {
        #[arg(long)]
        games: u32,
    }

    #[test]
    fn options_parse_and_errors_are_usage() {
        let ok: Opts = parse_options("x", &["--games".into(), "3".into()]).unwrap();
        assert_eq!(ok.games, 3);
        let bad = parse_options::<Opts>("x", &["--games".into(), "three".into()]).unwrap_err();
        assert_eq!(bad.exit_code(), 2);
        let help = parse_options::<Opts>("x", &["--help".into()]).unwrap_err();
        assert!(matches!(help, CliError::Help(_)));
    }

    #[test]
    fn median_of_even_and_odd() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
