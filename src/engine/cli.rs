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
    T::try_parse_from(argv).map_err(|error| from_clap(&error, Some(command)))
}

/// A clap error as the command line reports it: help and version text as they are, and
/// every usage error as one line (see [`usage_line`]) naming `command` (the subcommand
/// the error concerns, e.g. `lodestone mine vectress`) when the caller knows it.
pub fn from_clap(error: &clap::Error, command: Option<&str>) -> CliError {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => CliError::Help(error.to_string()),
        _ => {
            let line = usage_line(error);
            let command = command
                .map(|c| c.trim_start_matches("lodestone").trim())
                .filter(|c| !c.is_empty());
            match command {
                // The usage line, when clap wrote one, named the command already.
                Some(c) if !line.starts_with(&format!("{c}: ")) => {
                    CliError::Usage(format!("{c}: {line}"))
                }
                _ => CliError::Usage(line),
            }
        }
    }
}

/// One line for a clap usage error, without the `lodestone: ` prefix: the subcommand it
/// concerns (when clap's usage block names it), then clap's sentence with what clap puts
/// on the lines below it (the missing arguments, the possible values, a tip) joined in,
/// e.g. `perft: the following required arguments were not provided: <DEPTH>`. The usage
/// block and the pointer to `--help` are left out: a script reads one line, a person can
/// ask for `--help`.
pub fn usage_line(error: &clap::Error) -> String {
    // Display gives the plain text (no colour codes), whatever the stream.
    let text = error.to_string();
    let mut sentence = String::new();
    let mut command = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(usage) = line.strip_prefix("Usage:") {
            // `Usage: lodestone simulate vectress [OPTIONS]`: the words before the first
            // placeholder or option name the subcommand.
            command = usage
                .split_whitespace()
                .take_while(|w| !w.starts_with(['[', '<', '-']) && !w.contains("..."))
                .skip(1)
                .map(str::to_string)
                .collect();
            break;
        }
        if line.is_empty() || line.starts_with("For more information") {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        if sentence.is_empty() {
            sentence = line.to_string();
        } else if let Some(values) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            // `[possible values: a, b]`
            sentence = format!("{} ({values})", sentence.trim_end_matches(':'));
        } else if line.starts_with("tip:") {
            sentence = format!("{}; {line}", sentence.trim_end_matches(':'));
        } else if sentence.ends_with(':') {
            sentence = format!("{sentence} {line}");
        } else {
            sentence = format!("{sentence}, {line}");
        }
    }
    if sentence.is_empty() {
        sentence = "invalid arguments".to_string();
    }
    if command.is_empty() {
        sentence
    } else {
        format!("{}: {sentence}", command.join(" "))
    }
}

/// The line a failure or usage error prints on standard error: one `lodestone: ` prefix,
/// however the message began (`lodestone perft: ...` or `perft: ...`).
pub fn error_line(message: &str) -> String {
    let message = message.trim();
    let message = message
        .strip_prefix("lodestone: ")
        .or_else(|| message.strip_prefix("lodestone "))
        .unwrap_or(message);
    // One line, whatever a library's message held.
    let one: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    format!("lodestone: {}", one.join(" "))
}

/// Serializes a subcommand result for standard output: one line, as every JSON answer.
pub fn to_json_line(value: &serde_json::Value) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
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

/// Rows as aligned text columns under `header`, two spaces apart, one line each.
pub fn columns(header: &[&str], rows: &[Vec<String>]) -> String {
    aligned(header, rows, &[], "")
}

/// [`columns`], each line starting with `indent`, column `c` right-aligned where
/// `right[c]` (numbers and percentages).
pub fn aligned(header: &[&str], rows: &[Vec<String>], right: &[bool], indent: &str) -> String {
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let mut widths = vec![0usize; header.len()];
    for row in std::iter::once(&header).chain(rows) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let mut out = String::new();
    for row in std::iter::once(&header).chain(rows) {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| {
                if right.get(c).copied().unwrap_or(false) {
                    format!("{cell:>w$}")
                } else {
                    format!("{cell:<w$}")
                }
            })
            .collect();
        out += indent;
        out += cells.join("  ").trim_end();
        out.push('\n');
    }
    out
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
        let CliError::Usage(line) = bad else {
            panic!("{bad:?}")
        };
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.contains("'three'") && line.contains("--games"),
            "{line}"
        );
        let help = parse_options::<Opts>("x", &["--help".into()]).unwrap_err();
        assert!(matches!(help, CliError::Help(_)));
    }

    #[derive(Parser, Debug)]
    #[command(name = "lodestone perft")]
    struct Perft {
        depth: u32,
        #[arg(long, value_enum, default_value = "a")]
        pick: Pick,
        #[arg(long, conflicts_with = "depth_too")]
        one: bool,
        #[arg(long)]
        depth_too: bool,
    }

    #[derive(clap::ValueEnum, Clone, Debug)]
    enum Pick {
        A,
        B,
    }

    fn usage(args: &[&str]) -> String {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        match parse_options::<Perft>("lodestone perft", &args) {
            Err(CliError::Usage(line)) => error_line(&line),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn usage_errors_are_one_line_naming_what_is_wrong() {
        let missing = usage(&[]);
        assert_eq!(
            missing,
            "lodestone: perft: the following required arguments were not provided: <DEPTH>"
        );
        let values = usage(&["3", "--pick", "c"]);
        assert!(
            values.contains("'c'") && values.contains("possible values: a, b"),
            "{values}"
        );
        let conflict = usage(&["3", "--one", "--depth-too"]);
        assert!(
            conflict.contains("'--one' cannot be used with '--depth-too'"),
            "{conflict}"
        );
        let unknown = usage(&["3", "--pik", "a"]);
        assert!(
            unknown.contains("'--pik'") && unknown.contains("tip:"),
            "{unknown}"
        );
        assert!(values.starts_with("lodestone: perft: "), "{values}");
        for line in [missing, values, conflict, unknown] {
            assert!(
                !line.contains('\n') && line.matches("lodestone").count() == 1,
                "{line}"
            );
        }
    }

    #[test]
    fn an_error_line_has_one_prefix() {
        assert_eq!(
            error_line("lodestone simulate vectress: bad"),
            "lodestone: simulate vectress: bad"
        );
        assert_eq!(error_line("film: bad\nworse"), "lodestone: film: bad worse");
        assert_eq!(error_line("lodestone: bad"), "lodestone: bad");
    }

    #[test]
    fn median_of_even_and_odd() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
