//! Engine tests through the public protocol, one module per game. These are the checks a
//! script author relies on; they build without Bevy (`cargo test --no-default-features`).

mod analyse;
mod codes;
mod commands;
mod golden;
mod hexchess;
mod layers;
mod polarity;
mod protocol;
mod registries;
mod review;
mod usage;
mod vectress;
mod wavefield;
mod wavefield_slots;

/// The built binary run with `args`; nothing it does may open a window or touch a
/// person's files.
pub fn lodestone(args: &[&str]) -> std::process::Output {
    let temp = std::env::temp_dir();
    std::process::Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(args)
        .env("LODESTONE_NO_WINDOW", "1")
        .env(
            "LODESTONE_DATA_DIR",
            temp.join("lodestone-engine-tests-data"),
        )
        .env(
            "LODESTONE_CONFIG_DIR",
            temp.join("lodestone-engine-tests-config"),
        )
        .output()
        .expect("the lodestone binary starts")
}

/// The one JSON line the binary prints for `args`, which must succeed.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    let out = lodestone(args);
    assert!(
        out.status.success(),
        "lodestone {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().count(),
        1,
        "lodestone {args:?} prints one line: {text}"
    );
    serde_json::from_str(&text).expect("a JSON line")
}
