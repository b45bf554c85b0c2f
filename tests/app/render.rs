//! `lodestone render` as a user runs it: a real process drawing offscreen (Mesa's
//! software Vulkan driver on machines without a GPU). It fails loudly if nothing can be
//! drawn.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `lodestone VERB ARGS --out OUT` to success and returns its standard output.
pub fn drawn(verb: &str, args: &[&str], out: &Path) -> Vec<u8> {
    let result = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .arg(verb)
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the lodestone binary starts");
    assert!(
        result.status.success(),
        "lodestone {verb} {args:?} failed: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    result.stdout
}

fn render(args: &[&str], out: &PathBuf) -> image::RgbImage {
    drawn("render", args, out);
    image::open(out).expect("the PNG reads back").to_rgb8()
}

fn distinct_colours(img: &image::RgbImage) -> usize {
    let mut seen = std::collections::HashSet::new();
    for p in img.pixels().step_by(7) {
        seen.insert(p.0);
    }
    seen.len()
}

#[test]
fn renders_the_menu_and_a_board_at_the_requested_size() {
    let dir = std::env::temp_dir().join(format!("lodestone-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let menu = render(&["menu", "--size", "320x200"], &dir.join("menu.png"));
    assert_eq!(menu.dimensions(), (320, 200));
    assert!(distinct_colours(&menu) > 20, "the menu is not one colour");
    let board = render(&["hexchess", "--size", "400x300"], &dir.join("hex.png"));
    assert_eq!(board.dimensions(), (400, 300));
    assert!(distinct_colours(&board) > 20, "the board is not one colour");
}

#[test]
fn bad_render_requests_are_one_sentence_and_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_lodestone"))
        .args(["render", "vectress", "--size", "huge", "--out", "x.png"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--size"), "{err}");
}
