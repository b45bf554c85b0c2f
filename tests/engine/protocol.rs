//! The protocol loop as a separate process: `lodestone engine` on real pipes.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn engine_answers_games_and_survives_garbage() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the lodestone binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(
            b"{\"cmd\":\"games\",\"id\":1}\nthis is not json\n{\"cmd\":\"games\",\"id\":2}\n",
        )
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "end of input exits 0");
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("every answer is one JSON line"))
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["games"][0], "vectress");
    assert_eq!(lines[1]["ok"], false);
    assert_eq!(lines[2]["id"], 2);
}

#[test]
fn usage_errors_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "chess"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown game"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
}

#[test]
fn each_game_documents_its_own_options() {
    for game in ["vectress", "hexchess", "wavefield", "polarity"] {
        let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
            .args(["simulate", game, "--help"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{game}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("lodestone simulate {game}")),
            "{text}"
        );
        assert!(text.contains("--games"), "{game}: {text}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["simulate", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("GAME is vectress")
    );
}
