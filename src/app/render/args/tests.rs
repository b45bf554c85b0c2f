use super::*;

fn args(game: &str) -> RenderArgs {
    RenderArgs {
        game: game.to_string(),
        moves: Vec::new(),
        position: None,
        step: None,
        wave: None,
        t: None,
        size: "320x200".to_string(),
        timeout: 10,
        out: Some(std::env::temp_dir().join("lodestone-args-test.png")),
        layout: None,
        no_picture: false,
        verbose: false,
        preview: None,
        threat: false,
        review: false,
        reduced_motion: false,
        colour_vision: "typical".into(),
        territory_pattern: false,
        see_as: None,
    }
}

#[test]
fn requests_are_checked_before_rendering() {
    let menu = validate(&args("menu")).unwrap();
    assert_eq!((menu.game, menu.size), (None, (320, 200)));
    assert!(
        validate(&args("chess"))
            .unwrap_err()
            .contains("unknown scene")
    );
    let mut bad = args("vectress");
    bad.size = "big".into();
    assert!(validate(&bad).unwrap_err().contains("--size"));
    let mut step = args("vectress");
    step.step = Some(1);
    assert!(validate(&step).unwrap_err().contains("needs --moves"));
    // Waves are Vectress's: every other game is pointed to --step (before any replay).
    for game in GameId::ALL.into_iter().filter(|&g| g != GameId::Vectress) {
        let mut wave = args(game.id());
        wave.moves = vec!["any".into()];
        wave.wave = Some(1);
        assert!(validate(&wave).unwrap_err().contains("--step"));
    }
    let mut out = args("vectress");
    out.out = Some(PathBuf::from("x.jpg"));
    assert!(validate(&out).unwrap_err().contains(".png"));
    let mut layout = args("menu");
    layout.layout = Some(PathBuf::from("layout.txt"));
    assert!(validate(&layout).unwrap_err().contains("--layout"));
    layout.layout = Some(std::env::temp_dir().join("layout.json"));
    assert!(validate(&layout).unwrap().picture);
    // The layout alone: no picture, so no picture's name is checked; without a report
    // there would be nothing to write.
    layout.no_picture = true;
    layout.out = Some(PathBuf::from("x.jpg"));
    assert!(!validate(&layout).unwrap().picture);
    layout.layout = None;
    assert!(validate(&layout).unwrap_err().contains("needs --layout"));
    let mut default_out = args("hexchess");
    default_out.out = None;
    assert_eq!(
        validate(&default_out).unwrap().out,
        PathBuf::from("hexchess.png")
    );
}

#[test]
fn a_step_past_the_last_one_and_a_refused_move_are_usage_errors() {
    let mut chain = args("vectress");
    chain.moves = ["E3-G5", "F7-H5", "F5-F7"].map(String::from).to_vec();
    let steps = last_playback(GameId::Vectress, &Setup::default(), &chain.moves)
        .unwrap()
        .steps;
    assert!(steps >= 2, "the chain's last move plays in {steps} steps");
    chain.step = Some(steps);
    chain.t = Some(0.25);
    assert_eq!(validate(&chain).unwrap().freeze, Some((steps - 1, 0.25)));
    chain.step = Some(steps + 1);
    let past = validate(&chain).unwrap_err();
    assert!(
        past.contains("past the end") && past.contains("F5-F7"),
        "{past}"
    );
    // A wave counts after the move's own step: wave 1 is step 2.
    chain.step = None;
    chain.wave = Some(1);
    assert_eq!(validate(&chain).unwrap().freeze, Some((1, 0.25)));
    chain.wave = Some(steps);
    assert!(validate(&chain).unwrap_err().contains("past the end"));
    chain.wave = None;
    let t_alone = validate(&chain).unwrap_err();
    assert!(t_alone.contains("--t"), "{t_alone}");
    chain.t = None;
    chain.moves[1] = "E3-E9".into();
    let refused = validate(&chain).unwrap_err();
    assert!(
        refused.contains("ply 1") && refused.contains("E3-E9"),
        "{refused}"
    );
}

/// #42: a preview is checked through the rules after the moves, and neither a preview
/// nor a threat freezes a step (they show the position after the moves).
#[test]
fn previews_and_threats_are_checked_before_rendering() {
    let mut preview = args("vectress");
    preview.moves = ["E3-G5", "F7-H5"].map(String::from).to_vec();
    preview.preview = Some("F5-F7".into());
    assert_eq!(
        validate(&preview).unwrap().preview.as_deref(),
        Some("F5-F7")
    );
    preview.preview = Some("F5-F9".into());
    let refused = validate(&preview).unwrap_err();
    assert!(refused.contains("--preview F5-F9"), "{refused}");
    preview.preview = Some(" , ".into());
    assert!(validate(&preview).unwrap_err().contains("needs a turn"));
    // A Wave Field turn of a tuning and a move, comma separated.
    let mut tuned = args("wavefield");
    tuned.preview = Some("tune R-T+A-B-,E6-E4".into());
    assert!(validate(&tuned).is_ok(), "{:?}", validate(&tuned));
    let mut threat = args("hexchess");
    threat.threat = true;
    assert!(validate(&threat).unwrap().threat);
    let mut menu = args("menu");
    menu.threat = true;
    assert!(validate(&menu).unwrap_err().contains("menu"));
}

#[test]
fn an_output_path_that_cannot_be_written_is_refused_at_once() {
    let missing = std::env::temp_dir().join("lodestone-no-such-folder/x.png");
    let why = check_output_file(&missing, "--out").unwrap_err();
    assert!(why.contains("does not exist"), "{why}");
    let folder = std::env::temp_dir();
    assert!(
        check_output_file(&folder, "--out")
            .unwrap_err()
            .contains("is a folder")
    );
    assert!(check_output_file(&folder.join("fine.png"), "--out").is_ok());
}

#[test]
fn a_position_is_checked_and_carries_its_ruleset() {
    let fen = "b/qbk/n1b1n/r5r/ppppppppp/11/5PP4/4P6/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1";
    let plan = validate(&RenderArgs {
        position: Some(fen.to_string()),
        moves: vec!["e7e5".to_string()],
        ..args("hexchess")
    })
    .unwrap();
    assert_eq!(plan.start.ruleset.as_deref(), Some("classic"));
    assert_eq!(plan.start.position.as_deref(), Some(fen));
    // The moves are judged from the position: g4g5 is no move of Black's.
    let refused = validate(&RenderArgs {
        position: Some(fen.to_string()),
        moves: vec!["g4g5".to_string()],
        ..args("hexchess")
    });
    assert!(refused.is_err());
    let bad = validate(&RenderArgs {
        position: Some("nonsense".to_string()),
        ..args("polarity")
    })
    .unwrap_err();
    assert!(bad.starts_with("--position: "), "{bad}");
    let menu = validate(&RenderArgs {
        position: Some(fen.to_string()),
        ..args("menu")
    })
    .unwrap_err();
    assert_eq!(menu, "the menu has no position");
}
