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

/// Colours among every 7th pixel: how the tests tell a drawn picture from a blank one.
pub(super) fn distinct_colours(img: &image::RgbImage) -> usize {
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
    // The planks are made on a thread while the pipelines are prepared, and the picture
    // waits for them: a patch of bare table right of the board shows their grain and
    // seams (luma spread 2.3 levels), not the small stand-ins' flat colour (1.1).
    let spread = luma_spread(&board, 310..395, 205..255);
    assert!(
        spread > 1.7,
        "the table shows no planks: luma spread {spread:.2}"
    );
}

/// The standard deviation of the luma (0-255) over a rectangle of `img`.
fn luma_spread(img: &image::RgbImage, xs: std::ops::Range<u32>, ys: std::ops::Range<u32>) -> f64 {
    let luma: Vec<f64> = ys
        .flat_map(|y| xs.clone().map(move |x| (x, y)))
        .map(|(x, y)| {
            let [r, g, b] = img.get_pixel(x, y).0.map(f64::from);
            0.2126 * r + 0.7152 * g + 0.0722 * b
        })
        .collect();
    let mean = luma.iter().sum::<f64>() / luma.len() as f64;
    let variance = luma.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / luma.len() as f64;
    variance.sqrt()
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

/// A rectangle `[x0, y0, x1, y1]` from the layout report.
fn rect(value: &serde_json::Value) -> [f64; 4] {
    let v: Vec<f64> = value
        .as_array()
        .expect("a rectangle is an array")
        .iter()
        .map(|x| x.as_f64().expect("a number"))
        .collect();
    [v[0], v[1], v[2], v[3]]
}

/// How far two rectangles overlap, across and down (0 when they do not).
fn overlap(a: [f64; 4], b: [f64; 4]) -> (f64, f64) {
    (
        (a[2].min(b[2]) - a[0].max(b[0])).max(0.0),
        (a[3].min(b[3]) - a[1].max(b[1])).max(0.0),
    )
}

/// Whether a layout node is a mark on the board (a coordinate label, a hand's arrows, a
/// stage's badge) rather than a panel: marks stand on the board but never on a panel.
/// Words on the board: its labels, the stages' badges and the foresight's marks (#42:
/// `preview lost`, `threat line`, ...; the help's `hint` is a panel).
fn is_mark(name: &str) -> bool {
    ["label", "badge", "preview ", "threat ", "hint ", "best "]
        .iter()
        .any(|p| name.starts_with(p))
}

/// What is wrong with one layout report: panels overlapping each other, or the board by
/// more than a few pixels (the caption included); a board label or badge under a panel or
/// the caption; a caption of more than one line; a panel named in `must` missing; a line
/// of text past its panel's edge (cut off or spilling, #45); a board's label shown where
/// no table is (the menu's backdrop board, #45) or standing away from its board.
fn layout_problems(
    case: &str,
    report: &serde_json::Value,
    size: (f64, f64),
    must: &[&str],
) -> Vec<String> {
    const BOARD_TOLERANCE: f64 = 4.0;
    let mut problems = Vec::new();
    let reported = (
        report["size"][0].as_f64().unwrap_or(0.0),
        report["size"][1].as_f64().unwrap_or(0.0),
    );
    if reported != size {
        problems.push(format!("{case}: the report's size is {reported:?}"));
    }
    let nodes: Vec<(String, [f64; 4])> = report["nodes"]
        .as_array()
        .expect("nodes is a list")
        .iter()
        .map(|n| {
            (
                n["name"].as_str().expect("a node has a name").to_string(),
                rect(&n["rect"]),
            )
        })
        .collect();
    let names: Vec<&str> = nodes.iter().map(|(n, _)| n.as_str()).collect();
    for name in must {
        let found = names
            .iter()
            .any(|n| n == name || (name.ends_with('*') && n.starts_with(&name[..name.len() - 1])));
        if !found {
            problems.push(format!("{case}: no visible \"{name}\" in {names:?}"));
        }
    }
    for (name, r) in &nodes {
        if r[0] < -0.5 || r[1] < -0.5 || r[2] > size.0 + 0.5 || r[3] > size.1 + 0.5 {
            problems.push(format!("{case}: {name} {r:?} leaves the screen"));
        }
    }
    for (i, (a, ra)) in nodes.iter().enumerate() {
        for (b, rb) in &nodes[i + 1..] {
            // Marks may touch each other (a badge over a piece beside a letter); the
            // menu's backdrop board is scenery under its sheet.
            if is_mark(a) && is_mark(b) || (report["board"].is_null() && (is_mark(a) || is_mark(b)))
            {
                continue;
            }
            let (w, h) = overlap(*ra, *rb);
            if w > 0.5 && h > 0.5 {
                problems.push(format!("{case}: {a} {ra:?} overlaps {b} {rb:?}"));
            }
        }
    }
    // The UI's scale: 1 up to 720 rows, then in step with the height.
    let scale = (size.1 / 720.0).max(1.0);
    for (name, r) in &nodes {
        if name == "caption" && r[3] - r[1] > 36.0 * scale {
            problems.push(format!(
                "{case}: the caption {r:?} runs to more than one line"
            ));
        }
    }
    for spill in report["spills"].as_array().expect("spills is a list") {
        problems.push(format!(
            "{case}: {:?} in {} at {:?} leaves the panel {:?}",
            spill["text"].as_str().unwrap_or_default(),
            spill["panel"].as_str().unwrap_or_default(),
            rect(&spill["rect"]),
            rect(&spill["within"]),
        ));
    }
    if report["board"].is_null() && must.contains(&"status") {
        problems.push(format!("{case}: no board rectangle"));
    }
    if report["board"].is_null() {
        for (name, r) in nodes.iter().filter(|(n, _)| n == "label board") {
            problems.push(format!("{case}: {name} {r:?} shows with no table"));
        }
    }
    if !report["board"].is_null() {
        let board = rect(&report["board"]);
        // A board's letters and numbers stand beside its cells: within an eighth of the
        // board's size of its rectangle.
        let margin = (board[2] - board[0]).max(board[3] - board[1]) / 8.0;
        for (name, r) in nodes.iter().filter(|(n, _)| n == "label board") {
            let near = r[0] > board[0] - margin
                && r[1] > board[1] - margin
                && r[2] < board[2] + margin
                && r[3] < board[3] + margin;
            if !near {
                problems.push(format!(
                    "{case}: {name} {r:?} stands away from the board {board:?}"
                ));
            }
        }
        for (name, r) in nodes.iter().filter(|(n, _)| !is_mark(n)) {
            let (w, h) = overlap(*r, board);
            if w > BOARD_TOLERANCE && h > BOARD_TOLERANCE {
                problems.push(format!(
                    "{case}: {name} {r:?} covers the board {board:?} ({w:.0} x {h:.0} px)"
                ));
            }
        }
    }
    problems
}

/// `lodestone render GAME --size SIZE --layout CASE.json ARGS`, with the picture drawn
/// (`drawn`) or not, and `env` set to 1: the report it writes.
fn layout_report(
    dir: &Path,
    case: &str,
    game: &str,
    args: &[&str],
    size: &str,
    env: Option<&str>,
    drawn: bool,
) -> serde_json::Value {
    let json = dir.join(format!("{case}.json"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_lodestone"));
    command
        .args(["render", game, "--size", size, "--layout"])
        .arg(&json)
        .args(args);
    if drawn {
        command.arg("--out").arg(dir.join(format!("{case}.png")));
    } else {
        command.arg("--no-picture");
    }
    if let Some(var) = env {
        command.env(var, "1");
    }
    let out = command.output().expect("the lodestone binary starts");
    assert!(
        out.status.success(),
        "{case}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&json).expect("the layout report is written");
    serde_json::from_str(&text).expect("the layout report is JSON")
}

/// The README's chain, its second wave playing: badges at the pushed pieces.
const CHAIN_WAVE: &[&str] = &["--moves", "E3-G5,F7-H5,F5-F7", "--wave", "2", "--t", "0.5"];

/// The HUD's panels stay clear of each other and of the board, and the board's labels
/// and badges clear of every panel, at the three sizes, for every game (a stage playing
/// where it has badges) and the menu, each game's own panels shown. One process a case,
/// laid out without drawing (`--no-picture`); the first case is also drawn, and its
/// report must be the same as the one laid out alone.
#[test]
fn hud_panels_keep_clear_of_each_other_and_of_the_board() {
    let dir = std::env::temp_dir().join(format!("lodestone-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    type Case = (
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
        Option<&'static str>,
    );
    let games: [Case; 8] = [
        (
            "vectress",
            CHAIN_WAVE,
            &[
                "status",
                "hint",
                "move list",
                "caption",
                "badge*",
                "label board",
            ],
            None,
        ),
        (
            "hexchess",
            &["--moves", "f5f6", "--threat"],
            &[
                "status",
                "hint",
                "hexchess move list",
                "label board",
                "analysis buttons",
                "threat line",
                "threat arrives",
            ],
            None,
        ),
        (
            // A finished game reviewed: the review's own panel, above the help line.
            "hexchess",
            &[
                "--moves",
                "h1k2,d9g9,f2i5,g10l2,i5g8,f9g10,d1c3,e10d9,g8f10",
                "--review",
            ],
            &["status", "hint", "hexchess move list", "review panel"],
            None,
        ),
        (
            "vectress",
            &["--moves", "E3-G5,F7-H5", "--preview", "F5-F7"],
            &["status", "analysis buttons", "preview line", "label board"],
            None,
        ),
        (
            "wavefield",
            &[
                "--moves",
                "tune R+T-A-B-,D6-D3,D2-E3,tune R+T+A+B-,D7-D6",
                "--step",
                "2",
            ],
            &[
                "status",
                "hint",
                "wavefield panel",
                "move list",
                "badge taken",
                "label board",
            ],
            None,
        ),
        (
            "wavefield",
            &[],
            &["status", "wavefield panel", "wavefield editor"],
            Some("LODESTONE_WAVEFIELD_DEV"),
        ),
        (
            // A game ended and reviewed: the review's part under the status, beside the
            // board (at 960x540 it covered the board's left edge, seen under Xvfb).
            "wavefield",
            &["--moves", "C7-B6,C1-B2,E7-G7,E1-F2,resign", "--review"],
            &["status", "wavefield panel", "move list", "review panel"],
            None,
        ),
        (
            "polarity",
            &["--moves", "d4,e5 R+,c3 B-", "--preview", "f3"],
            &[
                "status",
                "hint",
                "move list",
                "label hand two",
                "label hand one",
                "label board",
                "preview line",
            ],
            None,
        ),
    ];
    let mut problems = Vec::new();
    let mut run =
        |case: String, game: &str, args: &[&str], size: &str, must: &[&str], env: Option<&str>| {
            let report = layout_report(&dir, &case, game, args, size, env, false);
            let (w, h) = size.split_once('x').unwrap();
            let dims = (w.parse::<f64>().unwrap(), h.parse::<f64>().unwrap());
            problems.extend(layout_problems(&case, &report, dims, must));
            report
        };
    let mut reports = Vec::new();
    for (i, (game, args, must, env)) in games.into_iter().enumerate() {
        let sizes: &[&str] = if env.is_some() {
            &["1280x720"]
        } else {
            &["960x540", "1280x720", "1920x1080"]
        };
        for size in sizes {
            let dev = if env.is_some() { "-dev" } else { "" };
            let case = format!("{i}-{game}-{size}{dev}");
            reports.push(run(case, game, args, size, must, env));
        }
    }
    // Laid out alone, as drawn: the chain's wave (badges, labels, the move list) drawn
    // at the smallest size gives the same report.
    let (game, args, ..) = games[0];
    let drawn = layout_report(&dir, "0-drawn", game, args, "960x540", None, true);
    assert_eq!(
        drawn, reports[0],
        "the drawn layout differs from the one laid out alone"
    );
    run(
        "menu".into(),
        "menu",
        &[],
        "960x540",
        &["menu", "hint"],
        None,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
