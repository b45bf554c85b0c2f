//! Commands that work on files and machines, through the real binary: `replay --check`
//! reads a replay and says how the game stands; a machine that cannot show the game is
//! told why in one sentence.

use crate::lodestone;

/// `replay --check` prints the one JSON line its help promises, `over` and `winner`
/// included.
#[test]
fn replay_check_says_whether_the_game_is_over_and_who_won() {
    let dir = std::env::temp_dir().join(format!("lodestone-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, actions: &str| {
        let path = dir.join(name);
        std::fs::write(
            &path,
            format!("Replay(version: 1, game: \"vectress\", actions: [{actions}])"),
        )
        .unwrap();
        path
    };
    // The README's chain: the game goes on.
    let running = write("running.ron", r#""E3-G5", "F7-H5", "F5-F7""#);
    // White's Core is pushed off the edge: Black wins (the still vectress-fall).
    let ended = write("ended.ron", r#""E3-E1", "E7-E5", "G1-F2", "E5-G3""#);
    for (path, over, winner) in [
        (&running, false, serde_json::Value::Null),
        (&ended, true, serde_json::json!("black")),
    ] {
        let out = lodestone(&["replay", path.to_str().unwrap(), "--check"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 1, "one JSON line: {text}");
        let summary: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(summary["game"], "vectress");
        assert_eq!(summary["over"], over, "{text}");
        assert_eq!(summary["winner"], winner, "{text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The window cannot start without a display, or on one nobody answers on, and the
/// offscreen commands cannot draw without a graphics driver: each is one sentence that
/// says what to set or install, and exit status 1 (not a library's panic).
#[cfg(feature = "app")]
#[test]
fn a_machine_that_cannot_show_the_game_gets_one_sentence_and_exit_1() {
    let run = |args: &[&str], env: &[(&str, &str)], unset: &[&str]| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_lodestone"));
        command
            .args(args)
            .env(
                "LODESTONE_DATA_DIR",
                std::env::temp_dir().join("lodestone-usage-data"),
            )
            .env(
                "LODESTONE_CONFIG_DIR",
                std::env::temp_dir().join("lodestone-usage-config"),
            );
        for name in unset {
            command.env_remove(name);
        }
        command.envs(env.iter().copied());
        command.output().unwrap()
    };
    let no_display = ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"];
    for (args, env, unset, says) in [
        (&[][..], &[][..], &no_display[..], "DISPLAY is not set"),
        (
            &["--game", "vectress"][..],
            &[][..],
            &no_display[..],
            "DISPLAY is not set",
        ),
        // Display 99 with no X server behind it (none of this project's machines has one).
        (
            &[][..],
            &[("DISPLAY", ":99")][..],
            &["WAYLAND_DISPLAY"][..],
            "cannot open the display :99",
        ),
        (
            &["render", "menu", "--size", "64x36", "--out"][..],
            &[
                ("VK_ICD_FILENAMES", "/no/such/icd.json"),
                ("VK_DRIVER_FILES", "/no/such/icd.json"),
            ][..],
            &[][..],
            "no graphics adapter found",
        ),
    ] {
        let mut args = args.to_vec();
        let out_png = std::env::temp_dir().join("lodestone-no-adapter.png");
        let out_path = out_png.to_str().unwrap().to_string();
        if args.last() == Some(&"--out") {
            args.push(&out_path);
        }
        let out = run(&args, env, unset);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("lodestone: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
}
