//! Action notation (docs/protocol.md): `C6-C5`, `tune R+T-A+B+`, `resign`, and the extra
//! controls of the document: `dice`, `reset`, `hint`, developer presses `press T2-` and
//! whole multi-slot tunings `tune R+0-T+A+B-` (per type one control per slot: +, - or 0).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Cell, Kind};
use super::patterns::MAX_SLOTS;
use super::position::{Move, Profile};
use super::slots::Tuning;

/// Everything a player can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Moves one piece and ends the turn.
    Move(Move),
    /// Sets the whole slot-0 profile of the side to move (W6).
    Tune(Profile),
    /// Sets every slot of every type of the side to move (W11); written
    /// `tune R+0-T+A+B-`. A tuning of one on slot per type is written and read as `Tune`.
    TuneSlots(Tuning),
    /// Randomizes the side to move's signs from the game's generator (W6).
    Dice,
    /// Restores the side to move's default controls (W6).
    Reset,
    /// While trapped: applies the rescue's profile and selects its piece (W9).
    Hint,
    /// Developer mode: activates slot `slot` (0-based) of `kind` with coefficient `coef`.
    Press {
        kind: Kind,
        slot: u8,
        coef: i8,
    },
    Resign,
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in Kind::ALL {
            let sign = if self.coef(kind) < 0 { '-' } else { '+' };
            write!(f, "{}{}", kind.letter(), sign)?;
        }
        Ok(())
    }
}

impl fmt::Display for Tuning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for kind in Kind::ALL {
            write!(f, "{}", kind.letter())?;
            for c in self.kind(kind) {
                let mark = match c {
                    1 => '+',
                    -1 => '-',
                    _ => '0',
                };
                write!(f, "{mark}")?;
            }
        }
        Ok(())
    }
}

impl Action {
    /// The action that tunes to `tuning`: `Tune` when it is a W6 profile (one on slot
    /// per type), else `TuneSlots`; so it reads back from its notation unchanged.
    pub fn tune_to(tuning: Tuning) -> Action {
        match tuning.single() {
            Some(profile) => Action::Tune(profile),
            None => Action::TuneSlots(tuning),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(mv) => write!(f, "{mv}"),
            Action::Tune(p) => write!(f, "tune {p}"),
            Action::TuneSlots(tuning) => write!(f, "tune {tuning}"),
            Action::Dice => write!(f, "dice"),
            Action::Reset => write!(f, "reset"),
            Action::Hint => write!(f, "hint"),
            Action::Press { kind, slot, coef } => {
                write!(
                    f,
                    "press {}{}{}",
                    kind.letter(),
                    slot + 1,
                    if *coef < 0 { '-' } else { '+' }
                )
            }
            Action::Resign => write!(f, "resign"),
        }
    }
}

/// Text that is not an action; its `Display` is one sentence. Each variant carries the text
/// as it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadAction {
    /// Not a profile of all four kinds in order with a sign each.
    NotAProfile(String),
    /// Looks like a multi-slot tuning (a `0` or several controls for a type) but is not
    /// one: four types in order, each with 1..3 controls.
    NotATuning(String),
    /// `press ...` without a kind letter, a slot 1..3 and a sign.
    NotAPress(String),
    /// None of the actions.
    NotAnAction(String),
}

impl fmt::Display for BadAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadAction::NotAProfile(text) => write!(
                f,
                "\"{text}\" is not a tuning profile; write all four kinds in order with a sign each, like R+T-A+B+"
            ),
            BadAction::NotATuning(text) => write!(
                f,
                "\"{text}\" is not a tuning; write all four kinds in order, each with one control per slot (+, - or 0 for off, 1 to {MAX_SLOTS} of them), like R+0-T+A+B-"
            ),
            BadAction::NotAPress(text) => write!(
                f,
                "\"{text}\" is not a control press; write a kind letter, a slot 1..3 and a sign, like press T2-"
            ),
            BadAction::NotAnAction(text) => write!(
                f,
                "\"{text}\" is not a Wave Field action (expected a move like C6-C5, tune R+T-A+B+, dice, reset, hint or resign)"
            ),
        }
    }
}

impl std::error::Error for BadAction {}

fn kind_of(letter: char) -> Option<Kind> {
    Kind::ALL.into_iter().find(|k| k.letter() == letter)
}

fn sign_of(c: char) -> Option<i32> {
    match c {
        '+' => Some(1),
        '-' => Some(-1),
        _ => None,
    }
}

/// Parses a profile written `R+T-A+B+` (all four kinds, in that order).
pub fn parse_profile(text: &str) -> Result<Profile, BadAction> {
    match parse_tuning(text)? {
        Action::Tune(profile) => Ok(profile),
        _ => Err(BadAction::NotAProfile(text.to_string())),
    }
}

/// Parses what follows `tune `: the W6 form `R+T-A+B+` as `Tune`, or a whole tuning with
/// one control per slot, `R+0-T+A+B-`, as `TuneSlots` (slot counts come from the text;
/// playing it checks them against the game's definitions).
pub fn parse_tuning(text: &str) -> Result<Action, BadAction> {
    let chars: Vec<char> = text.trim().chars().collect();
    // Several controls for a type or an off control mark the multi-slot form, whose
    // errors say how to write it; everything else keeps W6's sentence.
    let multi = chars.contains(&'0')
        || chars
            .windows(2)
            .any(|w| "+-0".contains(w[0]) && "+-0".contains(w[1]));
    let bad = || {
        if multi {
            BadAction::NotATuning(text.to_string())
        } else {
            BadAction::NotAProfile(text.to_string())
        }
    };
    let mut tuning = Tuning::default();
    let mut rest = &chars[..];
    for kind in Kind::ALL {
        let [letter, tail @ ..] = rest else {
            return Err(bad());
        };
        if *letter != kind.letter() {
            return Err(bad());
        }
        let n = tail.iter().take_while(|c| "+-0".contains(**c)).count();
        if n == 0 || n > MAX_SLOTS {
            return Err(bad());
        }
        let k = kind.index();
        tuning.slots[k] = n as u8;
        for (s, c) in tail[..n].iter().enumerate() {
            tuning.controls[k][s] = sign_of(*c).unwrap_or(0) as i8;
        }
        rest = &tail[n..];
    }
    if !rest.is_empty() {
        return Err(bad());
    }
    Ok(Action::tune_to(tuning))
}

/// Parses one action; the error's `Display` is one sentence.
pub fn parse_action(text: &str) -> Result<Action, BadAction> {
    let t = text.trim();
    match t {
        "resign" => return Ok(Action::Resign),
        "dice" => return Ok(Action::Dice),
        "reset" => return Ok(Action::Reset),
        "hint" => return Ok(Action::Hint),
        _ => {}
    }
    if let Some(rest) = t.strip_prefix("tune ") {
        return parse_tuning(rest);
    }
    if let Some(rest) = t.strip_prefix("press ") {
        let chars: Vec<char> = rest.trim().chars().collect();
        if let [k, s, sign] = chars[..]
            && let (Some(kind), Some(slot), Some(coef)) =
                (kind_of(k), s.to_digit(10), sign_of(sign))
            && (1..=3).contains(&slot)
        {
            return Ok(Action::Press {
                kind,
                slot: slot as u8 - 1,
                coef: coef as i8,
            });
        }
        return Err(BadAction::NotAPress(text.to_string()));
    }
    if let Some((a, b)) = t.split_once('-')
        && let (Some(from), Some(to)) = (Cell::parse(a), Cell::parse(b))
    {
        return Ok(Action::Move(Move { from, to }));
    }
    Err(BadAction::NotAnAction(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "C6-C5",
            "A7-G1",
            "tune R+T-A+B+",
            "tune R-T-A-B-",
            "resign",
            "dice",
            "reset",
            "hint",
            "press T2-",
            "press B1+",
        ] {
            let action = parse_action(text).unwrap();
            assert_eq!(action.to_string(), text);
        }
        for p in Profile::all() {
            assert_eq!(parse_profile(&p.to_string()), Ok(p));
        }
    }

    #[test]
    fn w11_whole_tunings_name_every_slot() {
        // One control per slot, + - or 0 (off); types in the order R, T, A, B.
        for text in ["tune R+0-T+A+B-", "tune R-+0T00+A0-B+", "tune R0T+A+B+"] {
            let action = parse_action(text).unwrap();
            assert!(matches!(action, Action::TuneSlots(_)), "{text}");
            assert_eq!(action.to_string(), text);
        }
        let Ok(Action::TuneSlots(t)) = parse_action("tune R+0-T+A-+B-") else {
            panic!("a whole tuning");
        };
        assert_eq!(t.slots, [3, 1, 2, 1]);
        assert_eq!(t.kind(Kind::RoundHat), [1, 0, -1]);
        assert_eq!(t.kind(Kind::TriangleHat), [-1, 1]);
        assert_eq!(t.kind(Kind::BigHat), [-1]);
        // The W6 form stays a profile, exactly as before.
        assert_eq!(
            parse_action("tune R+T-A+B+"),
            Ok(Action::Tune(Profile(0b0010)))
        );
        let sentence = "\"R+00+T+A+B+\" is not a tuning; write all four kinds in order, each with one control per slot (+, - or 0 for off, 1 to 3 of them), like R+0-T+A+B-";
        let err = parse_action("tune R+00+T+A+B+").unwrap_err();
        assert_eq!(err, BadAction::NotATuning("R+00+T+A+B+".into()));
        assert_eq!(err.to_string(), sentence);
        for text in [
            "tune R+0T+A+",
            "tune R+-T+A+B+x",
            "tune T+0R+A+B+",
            "tune R+0-T+A+B",
        ] {
            assert!(
                matches!(parse_action(text), Err(BadAction::NotATuning(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn profile_bits_follow_kind_order() {
        // docs/protocol.md: the profile lists Round Hat, Tower, triAngle Hat, Big Hat.
        let p = parse_profile("R+T-A+B-").unwrap();
        assert_eq!(p.coef(Kind::RoundHat), 1);
        assert_eq!(p.coef(Kind::Tower), -1);
        assert_eq!(p.coef(Kind::TriangleHat), 1);
        assert_eq!(p.coef(Kind::BigHat), -1);
    }

    #[test]
    fn bad_actions_are_refused() {
        for text in [
            "",
            "C6C5",
            "C6-H5",
            "tune R+T+A+",
            "tune T+R+A+B+",
            "tune R*T+A+B+",
            "press X1+",
            "press T4+",
            "fly",
        ] {
            assert!(parse_action(text).is_err(), "{text}");
        }
    }

    #[test]
    fn bad_actions_are_worded_exactly() {
        let cases = [
            (
                "tune R+T+A+",
                BadAction::NotAProfile("R+T+A+".into()),
                "\"R+T+A+\" is not a tuning profile; write all four kinds in order with a sign each, like R+T-A+B+",
            ),
            (
                " press T4+ ",
                BadAction::NotAPress(" press T4+ ".into()),
                "\" press T4+ \" is not a control press; write a kind letter, a slot 1..3 and a sign, like press T2-",
            ),
            (
                "C6-H5",
                BadAction::NotAnAction("C6-H5".into()),
                "\"C6-H5\" is not a Wave Field action (expected a move like C6-C5, tune R+T-A+B+, dice, reset, hint or resign)",
            ),
        ];
        for (text, bad, sentence) in cases {
            let err = parse_action(text).unwrap_err();
            assert_eq!(err, bad, "{text}");
            assert_eq!(err.to_string(), sentence, "{text}");
        }
    }
}
