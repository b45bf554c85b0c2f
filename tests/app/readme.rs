//! The README's commands run as written. Every `lodestone ...` line of its `sh` blocks and
//! every `lodestone ...` code span in its text is run through a shell, from a fresh
//! folder, with the built binary first on the PATH; a `$ ` command followed by output
//! lines must print exactly those lines. Placeholders in capitals (GAME, NAME, FILE,
//! SUBCOMMAND) are filled in with real values. The window is not opened
//! (`LODESTONE_NO_WINDOW=1`: its command line and a replay are still checked).
//!
//! Every file a command writes is opened (`written`): pictures and films at the size asked
//! for, a soundtrack as long as its film, a mined library as the puzzles printed.
//!
//! Renders, films and `bench app` run at a small size here to keep the suite quick;
//! `LODESTONE_README_AS_WRITTEN=1 cargo test --release --test app readme` runs every one
//! exactly as the README writes it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One command of the README, and the output it shows (if any).
#[derive(Debug, Clone)]
struct Example {
    command: String,
    shown: Vec<String>,
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md reads")
}

/// The commands of the `sh` blocks and the `lodestone ...` code spans of the prose.
fn examples(text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut in_sh = false;
    let mut in_other = false;
    // Whether the lines that follow are the output of a `$ ` command.
    let mut output_of_dollar = false;
    for line in text.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match fence {
            Some(lang) if !in_sh && !in_other => {
                in_sh = lang.trim() == "sh";
                in_other = !in_sh;
                continue;
            }
            Some(_) => {
                in_sh = false;
                in_other = false;
                output_of_dollar = false;
                continue;
            }
            None => {}
        }
        if in_other {
            continue;
        }
        if in_sh {
            if let Some(command) = line.strip_prefix("$ ") {
                found.push(Example {
                    command: command.to_string(),
                    shown: Vec::new(),
                });
                output_of_dollar = true;
            } else if line.starts_with("lodestone") || line.contains("| lodestone") {
                let command = line.split(" # ").next().unwrap_or(line).trim_end();
                found.push(Example {
                    command: command.to_string(),
                    shown: Vec::new(),
                });
                output_of_dollar = false;
            } else if output_of_dollar
                && !line.trim().is_empty()
                && let Some(last) = found.last_mut()
            {
                last.shown.push(line.to_string());
            }
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find("`lodestone") {
            let after = &rest[start + 1..];
            let Some(end) = after.find('`') else { break };
            found.push(Example {
                command: after[..end].to_string(),
                shown: Vec::new(),
            });
            rest = &after[end + 1..];
        }
    }
    // `cargo` and `bash` lines of the sh blocks are not lodestone's.
    found.retain(|e| e.command.contains("lodestone"));
    found
}

/// The command as this test runs it: placeholders filled in and, unless asked to run
/// everything as written, drawing commands made small. `bench app` runs all four games
/// the first time, one game after that (`benched`: whether it ran before).
fn prepared(command: &str, replay: &Path, benched: bool) -> String {
    let mut words: Vec<String> = command
        .split(' ')
        .map(|w| match w {
            "GAME" => "vectress".to_string(),
            "NAME" => first_scenario("vectress"),
            "FILE" => replay.display().to_string(),
            "SUBCOMMAND" => "film".to_string(),
            other => other.to_string(),
        })
        .collect();
    if std::env::var_os("LODESTONE_README_AS_WRITTEN").is_some() {
        return words.join(" ");
    }
    let verb = words.get(1).cloned().unwrap_or_default();
    let bench_app = verb == "bench" && words.get(2).is_some_and(|w| w == "app");
    let small = if bench_app { "320x180" } else { "160x90" };
    match words.iter().position(|w| w == "--size") {
        Some(i) => words[i + 1] = small.to_string(),
        None if matches!(verb.as_str(), "render" | "film") => {
            words.extend(["--size".to_string(), small.to_string()])
        }
        None => {}
    }
    if bench_app {
        // All four games: four apps in one process, and still nothing on standard error.
        // Once that has been seen, a second command's own options are what is new.
        let games = if benched {
            "vectress"
        } else {
            "vectress,hexchess,wavefield,polarity"
        };
        words.extend(["--games", games, "--frames-per-stage", "1"].map(String::from));
    }
    words.join(" ")
}

fn first_scenario(game: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["scenarios", game, "--json"])
        .output()
        .unwrap();
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    list[0]["name"].as_str().unwrap().to_string()
}

/// A fresh folder to run in, with a home whose data folder holds the README's replay
/// under the name its example opens.
fn sandbox(text: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("lodestone-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let replays = dir.join("home/.local/share/lodestone/replays");
    std::fs::create_dir_all(&replays).unwrap();
    let ron = text
        .split("```ron\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README shows a replay in a ron block");
    let replay = replays.join("2026-12-01T05-30-00Z-vectress.ron");
    std::fs::write(&replay, ron).unwrap();
    std::fs::create_dir_all(dir.join("work")).unwrap();
    (dir, replay)
}

#[test]
fn every_command_in_the_readme_runs_as_written() {
    let text = readme();
    let examples = examples(&text);
    assert!(
        examples.len() >= 20,
        "found only {} examples",
        examples.len()
    );
    let (dir, replay) = sandbox(&text);
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_lodestone")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut failures = Vec::new();
    let mut opened = Vec::new();
    let mut benched = false;
    for example in &examples {
        let command = prepared(&example.command, &replay, benched);
        benched |= command.starts_with("lodestone bench app") && !command.contains("--help");
        let before = super::written::files(&dir);
        let out = Command::new("sh")
            .args(["-c", &command])
            .current_dir(dir.join("work"))
            .env("PATH", &path)
            .env("HOME", dir.join("home"))
            .env("LODESTONE_NO_WINDOW", "1")
            .env(
                "LODESTONE_DATA_DIR",
                dir.join("home/.local/share/lodestone"),
            )
            .env("LODESTONE_CONFIG_DIR", dir.join("home/.config/lodestone"))
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            failures.push(format!(
                "{command}\n  exit {:?}: {stderr}",
                out.status.code()
            ));
            continue;
        }
        if !stderr.trim().is_empty() {
            failures.push(format!("{command}\n  printed on stderr: {stderr}"));
        }
        if !example.shown.is_empty() {
            let printed: Vec<&str> = stdout.lines().collect();
            if printed != example.shown {
                failures.push(format!(
                    "{command}\n  printed {printed:#?}\n  the README shows {:#?}",
                    example.shown
                ));
            }
        }
        for path in super::written::written(&before, &super::written::files(&dir)) {
            opened.push(path.clone());
            if let Err(why) = super::written::open(&command, &stdout, &path) {
                failures.push(format!("{command}\n  the file {} {why}", path.display()));
            }
        }
        let help = command.contains("--help");
        let json_out = !help && (command.contains("| lodestone engine") || json_command(&command));
        if json_out {
            for line in stdout.lines() {
                if serde_json::from_str::<serde_json::Value>(line).is_err() {
                    failures.push(format!(
                        "{command}\n  printed a line that is not JSON: {line}"
                    ));
                }
            }
            if stdout.lines().count() == 0 {
                failures.push(format!("{command}\n  printed nothing"));
            }
        }
        if command.contains("\"press R3+\"") {
            // The prose after this example says what the answer holds.
            for said in [
                r#""controls":{"blue":{"big_hat":[1],"round_hat":[0,1,1]"#,
                r#""round_hat":[3,2,1]"#,
            ] {
                if !stdout.contains(said) {
                    failures.push(format!("{command}\n  answer lacks {said}: {stdout}"));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Six stills, three films (one with its poster and one with its soundtrack), a mined
    // library and the exhibition's statistics.
    assert!(opened.len() >= 13, "opened only {opened:#?}");
}

/// Commands whose standard output is JSON, one value per line.
fn json_command(command: &str) -> bool {
    let verb = command.split_whitespace().nth(1).unwrap_or("");
    matches!(verb, "simulate" | "bench" | "perft" | "mine" | "film")
        || command.contains("scenarios --json")
        || command.contains("--check")
}

#[test]
fn the_readme_examples_are_found() {
    let text = "```sh\n$ printf x | lodestone engine\n{\"a\":1}\n```\n\
        ```sh\nlodestone scenarios --json   # the library\ncargo test\n```\n\
        Run `lodestone --help`, or `cargo x`.\n";
    let found = examples(text);
    let commands: Vec<&str> = found.iter().map(|e| e.command.as_str()).collect();
    assert_eq!(
        commands,
        [
            "printf x | lodestone engine",
            "lodestone scenarios --json",
            "lodestone --help"
        ]
    );
    assert_eq!(found[0].shown, ["{\"a\":1}"]);
    assert!(found[1].shown.is_empty());
}
