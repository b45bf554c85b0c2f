//! Refusals: every field broken in turn, missing and extra fields, every truncation, huge,
//! negative and foreign text, and the position checks, each with its sentence.

use super::*;

#[test]
fn every_field_broken_in_turn_is_named() {
    let fields: Vec<&str> = TRAPPED.split(' ').collect();
    let broken: [(usize, &[&str]); 7] = [
        (
            0,
            &[
                "3BT2/2R1R2/7/7/3A!r!2/2ra3",
                "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t2/7",
                "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t3",
                "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t1",
                "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!tt2",
                "3BT2/2R1R2/07/7/3A!r!2/2ra3/2tb!t2",
                "3BT2/2R1R2/7/7/3A!!r!2/2ra3/2tb!t2",
                "!3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t2",
                "3BT2/2R1R2/7/7/3X!r!2/2ra3/2tb!t2",
                "3BT2/2R1R2/7/7/3A!r!2/2ra3/2tb!t2//",
                "3BT2/2R1R2/99999999999999999999/7/3A!r!2/2ra3/2tb!t2",
            ],
        ),
        (1, &["x", "B", "blue", "-"]),
        (
            2,
            &[
                "R+T+A+B",
                "R+T+A+B+C+",
                "RTAB",
                "r+t+a+b+",
                "T+R+A+B+",
                "R+T+A+B*",
            ],
        ),
        (3, &["R-T-A+X+", "++++", "R+T+A+B+/"]),
        (4, &["won", "resign", "Resigned", "+"]),
        (
            5,
            &[
                "-3",
                "x",
                "007",
                "3.0",
                "99999999999999999999",
                "1000000001",
            ],
        ),
        (6, &["-4", "4x", "04", "99999999999999999999", "2"]),
    ];
    for (n, bad) in broken {
        for b in bad {
            let mut f = fields.clone();
            f[n] = b;
            let code = f.join(" ");
            let e = refusal(&code);
            assert!(
                e.contains(&format!("(field {})", n + 1)),
                "{code}: {e} should name field {}",
                n + 1
            );
            assert!(e.contains(FIELDS[n]), "{code}: {e}");
        }
    }
    assert_eq!(
        refusal("2TBT2/2RAR2/7/7/7/2rar2/2tbt2 x R+T+A+B+ R+T+A+B+ - 0 0"),
        "the side to move (field 2) must be b (Blue) or r (Red), not \"x\""
    );
    assert_eq!(
        refusal("2TBT2/2RAR2/7/7/7/2rar2/2tbt3 b R+T+A+B+ R+T+A+B+ - 0 0"),
        "the board (field 1): row 1 has more than 7 squares"
    );
    assert_eq!(
        refusal("2TBT2/2RAR2/7/7/7/2rar2/2tbt1 b R+T+A+B+ R+T+A+B+ - 0 0"),
        "the board (field 1): row 1 has 6 squares, not 7"
    );
}

/// The sentences docs/codes/wavefield.md shows.
#[test]
fn the_documented_sentences() {
    let with = |n: usize, text: &str| {
        let mut f: Vec<&str> = START.split(' ').collect();
        f[n] = text;
        refusal(&f.join(" "))
    };
    let cases = [
        (
            0,
            "2TBT2/2RAR2/7/7/7/2rar2",
            "the board (field 1) has 6 rows, not 7 (rows 7 to 1 apart by /)",
        ),
        (
            0,
            "2TBT2/2RAR2/07/7/7/2rar2/2tbt2",
            "the board (field 1): row 5 has the run \"07\"; a run of empty squares is 1 to 7",
        ),
        (
            0,
            "2TBT2/2RAR2/7/7/3X3/2rar2/2tbt2",
            "the board (field 1): row 3 has 'X', which is no piece (R, T, A, B for Blue; r, t, a, b for Red), run of empty squares or !",
        ),
        (
            0,
            "2TBT2/2RAR2/7/7/3!3/2rar2/2tbt2",
            "the board (field 1): row 3 has a ! that does not follow a piece (a piece takes one at most)",
        ),
        (
            2,
            "R+T+A+B",
            "Blue's tuning (field 3) must be the four kinds in order with a sign each, like R+T-A+B+, not \"R+T+A+B\"",
        ),
        (
            4,
            "won",
            "the result (field 5) must be - (the game goes on) or resigned (the side to move has resigned), not \"won\"",
        ),
        (
            5,
            "-3",
            "the move count (field 6) must be a whole number like 12, not \"-3\"",
        ),
        (
            5,
            "007",
            "the move count (field 6) must be written without leading zeros, not \"007\"",
        ),
    ];
    for (n, text, why) in cases {
        assert_eq!(with(n, text), why);
    }
}

#[test]
fn missing_extra_and_empty_fields_are_named() {
    assert_eq!(
        refusal(""),
        "the code is empty; it begins with the board (field 1)"
    );
    assert_eq!(
        refusal("2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0"),
        "the action count (field 7) is missing"
    );
    assert_eq!(
        refusal(&format!("{START} 0")),
        "the code has 7 fields, and field 8 (\"0\") is one too many"
    );
    assert_eq!(
        refusal(&format!(" {START}")),
        "the board (field 1) is empty: fields are separated by single spaces, with none before or after"
    );
    assert!(refusal(&START.replace(" b ", "  b ")).contains("(field 2) is empty"));
    assert!(refusal(&format!("{START} ")).contains("field 8"));
}

#[test]
fn every_truncation_is_refused_or_reads_back() {
    let counted = START.replace(" 0 0", " 0 12");
    for code in [TRAPPED, TUNED, RESIGNED, &counted] {
        for end in 0..code.len() {
            let prefix = &code[..end];
            match read(prefix) {
                Ok(g) => assert_eq!(write(&g), prefix),
                Err(e) => {
                    sentence(&e);
                }
            }
        }
    }
    // Cut after "0 1", it is still a code.
    assert!(read(&counted[..counted.len() - 1]).is_ok());
}

#[test]
fn huge_negative_and_foreign_text_is_refused() {
    let with = |n: usize, text: &str| {
        let mut f: Vec<&str> = START.split(' ').collect();
        f[n] = text;
        refusal(&f.join(" "))
    };
    assert_eq!(
        with(5, "99999999999999999999"),
        "the move count (field 6) must be at most 1000000000, not \"99999999999999999999\""
    );
    assert_eq!(
        with(6, "-1"),
        "the action count (field 7) must be a whole number like 12, not \"-1\""
    );
    assert_eq!(
        with(0, "2TBT2/2RAR2/7/7/18446744073709551616/2rar2/2tbt2"),
        "the board (field 1): row 3 has more than 7 squares"
    );
    assert_eq!(
        with(1, "b\u{e9}"),
        "the side to move (field 2) holds '\u{e9}', which is not printable ASCII"
    );
    assert_eq!(
        with(0, "2TBT2/2RAR2/7/7/7/2rar2/2tbt2\n"),
        "the board (field 1) holds '\\n', which is not printable ASCII"
    );
    assert!(with(2, "R+T+A+B+\t").contains("(field 3) holds '\\t'"));
    assert!(with(4, "\u{1F600}").contains("(field 5)"));
    // Multi-byte text cut anywhere still gives one sentence.
    let foreign = "2TBT2/2RAR2/7/7/7/2rar2/2t\u{e9}t2 b R+T+A+B+ R+T+A+B+ - 0 0";
    for (end, _) in foreign.char_indices() {
        if let Err(e) = read(&foreign[..end]) {
            sentence(&e);
        }
    }
}

#[test]
fn the_position_checks_are_refused_with_their_sentences() {
    let cases = [
        (
            "2T1T2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "Blue has no Big Hat",
        ),
        (
            "2TBT2/2RAR2/7/3b3/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "Red has two Big Hats, and a side has only one",
        ),
        (
            "2TBT2/2RAR2/7/3R3/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "Blue has 3 Round Hats, and a side has at most two",
        ),
        (
            "2TBT2/2RAR2/7/3t3/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "Red has 3 Towers, and a side has at most two",
        ),
        (
            "2TBT2/2RAR2/7/3a3/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "Red has two Triangle Hats, and a side has only one",
        ),
        (
            "2TBT2/2RAR2/7/7/7/2rar2/2tb!t2 b R+T+A+B+ R+T+A+B+ - 0 0",
            "the board (field 1): Red's Big Hat on D1 is marked trapped (!), but only the side to move can be trapped",
        ),
        (
            "2TBT2/3AR2/7/7/1R5/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 1 1",
            "Blue's Round Hat on B3 stands on hostile territory but is not marked unstable, whatever tuning Blue began its turn with",
        ),
        (
            "2TBT2/2RAR2/7/7/1r!5/3ar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 1 1",
            "Red's Round Hat on B3 is marked unstable but does not stand on hostile territory, whatever tuning Blue began its turn with",
        ),
        (
            "2T1T2/2RAR2/7/7/1B5/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 1 1",
            "Blue's Big Hat on B3 stands on hostile territory but Blue is not marked trapped, whatever tuning Blue began its turn with",
        ),
        (
            "B!1T1T2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 1 1",
            "the marks fit no tuning Blue could have begun its turn with (with its tuning now, Blue is marked trapped but its Big Hat on A7 does not stand on hostile territory)",
        ),
        (
            "2TBT2/b1RAR2/7/7/7/2rar2/2t1t2 b R+T+A+B+ R+T+A+B+ - 1 1",
            "the marks fit no tuning Blue could have begun its turn with (with its tuning now, Red's Big Hat on A6 stands on hostile territory, yet Red moved last and a move must leave the mover's Big Hat protected)",
        ),
        (
            "2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ - 5 3",
            "the action count (field 7) must be at least 5 with 5 moves made, not 3: every move is an action",
        ),
        (
            "2TBT2/2RAR2/7/7/7/2rar2/2tbt2 b R+T+A+B+ R+T+A+B+ resigned 3 3",
            "the action count (field 7) must be at least 4 with 3 moves made, not 3: every move is an action, and so is the resignation",
        ),
    ];
    for (code, why) in cases {
        assert_eq!(refusal(code), why, "{code}");
    }
}
