//! The move list notation of H6 (write and parse) and the protocol's long form.
//!
//! Written: departure type letter (none for a pawn), origin file / rank only when another
//! piece of the same departure type could legally reach the destination (file first, as in
//! SAN), `x` for a capture, destination, `=X` for a promotion; never `+` or `#` (H12).
//! Read: that notation with extra disambiguation, `+` and `#` tolerated, `x` required to
//! match the move (H12), or the long form `f5f6` / `e9e10=Q`.

use super::explain::explain;
use super::geometry::Cell;
use super::position::Position;
use super::types::{Illegal, IllegalAction, Kind, Move};

/// Whether `mv` captures (including classic en passant).
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    if pos.piece_at(mv.to).is_some() {
        return true;
    }
    pos.en_passant().is_some_and(|ep| {
        ep.target == mv.to && pos.piece_at(mv.from).is_some_and(|p| p.kind == Kind::Pawn)
    })
}

/// Writes `mv` (legal in `pos`, whose legal moves are `legal`) in H6 notation.
pub fn write(pos: &Position, mv: Move, legal: &[Move]) -> String {
    let kind = pos.piece_at(mv.from).map_or(Kind::Pawn, |p| p.kind);
    let mut out = String::new();
    if let Some(letter) = kind.letter() {
        out.push(letter);
    }
    let rivals: Vec<Cell> = legal
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from)
        .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.kind == kind))
        .map(|m| m.from)
        .collect();
    if !rivals.is_empty() {
        let same_file = rivals.iter().any(|c| c.file() == mv.from.file());
        let same_rank = rivals.iter().any(|c| c.rank() == mv.from.rank());
        if !same_file {
            out.push(mv.from.file_char());
        } else if !same_rank {
            out.push_str(&mv.from.rank().to_string());
        } else {
            out.push_str(&mv.from.to_string());
        }
    }
    if is_capture(pos, mv) {
        out.push('x');
    }
    out.push_str(&mv.to.to_string());
    if let Some(letter) = mv.promotion.and_then(Kind::letter) {
        out.push('=');
        out.push(letter);
    }
    out
}

/// The pieces of a written move, before it is matched against the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Written {
    kind: Option<Kind>,
    from_file: Option<usize>,
    from_rank: Option<u32>,
    capture: bool,
    to: Cell,
    promotion: Option<Kind>,
}

fn promotion_letter(c: char) -> Option<Kind> {
    match c.to_ascii_uppercase() {
        'Q' => Some(Kind::Queen),
        'R' => Some(Kind::Rook),
        'B' => Some(Kind::Bishop),
        'N' => Some(Kind::Knight),
        _ => None,
    }
}

fn not_notation(text: &str) -> IllegalAction {
    IllegalAction::new(Illegal::NotNotation {
        text: text.to_string(),
    })
}

fn tokenize(text: &str) -> Result<Written, IllegalAction> {
    let trimmed = text.trim().trim_end_matches(['+', '#']);
    let (body, promotion) = match trimmed.split_once('=') {
        Some((body, promo)) => {
            let mut chars = promo.chars();
            let kind = chars
                .next()
                .and_then(promotion_letter)
                .filter(|_| chars.next().is_none())
                .ok_or_else(|| {
                    IllegalAction::new(Illegal::BadPromotionLetter {
                        text: text.to_string(),
                    })
                })?;
            (body, Some(kind))
        }
        None => (trimmed, None),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut start = 0;
    let mut kind = None;
    if let Some(&c) = chars.first()
        && c.is_ascii_uppercase()
    {
        kind = Some(Kind::from_letter(c).ok_or_else(|| not_notation(text))?);
        start = 1;
    }
    // Destination: a file letter and one or two digits at the end.
    let mut end = chars.len();
    let mut digits = 0;
    while end > start && digits < 2 && chars[end - 1].is_ascii_digit() {
        end -= 1;
        digits += 1;
    }
    if digits == 0 || end == start {
        return Err(not_notation(text));
    }
    end -= 1;
    let dest: String = chars[end..].iter().collect();
    let to = Cell::parse(&dest).ok_or_else(|| {
        if chars[end].is_ascii_lowercase() {
            IllegalAction::new(Illegal::NoSuchCell {
                text: text.to_string(),
                cell: dest.clone(),
            })
        } else {
            not_notation(text)
        }
    })?;
    let mut rest = &chars[start..end];
    let mut capture = false;
    if let Some((&last, before)) = rest.split_last()
        && (last == 'x' || last == '-')
    {
        capture = last == 'x';
        rest = before;
    }
    let mut from_file = None;
    if let Some((&first, after)) = rest.split_first()
        && let Some(f) = super::geometry::FILE_LETTERS
            .iter()
            .position(|&l| l == first)
    {
        from_file = Some(f);
        rest = after;
    }
    let mut from_rank = None;
    if !rest.is_empty() {
        if rest.len() > 2 || !rest.iter().all(|c| c.is_ascii_digit()) {
            return Err(not_notation(text));
        }
        let n: String = rest.iter().collect();
        from_rank = Some(n.parse::<u32>().map_err(|_| not_notation(text))?);
    }
    Ok(Written {
        kind,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    })
}

/// Parses the long form alone (`f5f6`, `e9e10=Q`), without a position.
pub fn parse_long(text: &str) -> Option<Move> {
    let w = tokenize(text).ok()?;
    if w.kind.is_some() || w.capture {
        return None;
    }
    let from = Cell::from_file_rank(w.from_file?, w.from_rank?)?;
    Some(Move {
        from,
        to: w.to,
        promotion: w.promotion,
    })
}

/// Reads a move in H6 notation or long form and matches it against the legal moves of
/// `pos` (`legal`); the error names the rule the move breaks.
pub fn parse(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, IllegalAction> {
    let w = tokenize(text)?;
    let full_origin = w
        .from_file
        .zip(w.from_rank)
        .and_then(|(f, r)| Cell::from_file_rank(f, r));
    if w.kind.is_none() && !w.capture && full_origin.is_some() {
        // Long form: any piece, capture or not.
        let from = full_origin.ok_or_else(|| not_notation(text))?;
        let mv = Move {
            from,
            to: w.to,
            promotion: w.promotion,
        };
        if legal.contains(&mv) {
            return Ok(mv);
        }
        return Err(explain(pos, mv));
    }
    let kind = w.kind.unwrap_or(Kind::Pawn);
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.to == w.to)
        .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.kind == kind))
        .filter(|m| w.from_file.is_none_or(|f| m.from.file() == f))
        .filter(|m| w.from_rank.is_none_or(|r| m.from.rank() == r))
        .collect();
    let matching: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| m.promotion == w.promotion)
        .collect();
    match matching.as_slice() {
        [mv] => {
            let captures = is_capture(pos, *mv);
            if captures && !w.capture {
                return Err(IllegalAction::new(Illegal::CaptureNotWritten {
                    text: text.to_string(),
                    to: w.to,
                }));
            }
            if w.capture && !captures {
                return Err(IllegalAction::new(Illegal::NotACapture {
                    text: text.to_string(),
                    to: w.to,
                }));
            }
            Ok(*mv)
        }
        [] if !candidates.is_empty() && w.promotion.is_none() => {
            Err(IllegalAction::new(Illegal::TextMustPromote {
                text: text.to_string(),
            }))
        }
        [] => {
            // Explain with the one piece the text can mean, if there is one.
            let own = pos.color_bb(pos.turn()) & pos.kind_bb(kind);
            let origins: Vec<Cell> = super::geometry::cells(own)
                .filter(|c| w.from_file.is_none_or(|f| c.file() == f))
                .filter(|c| w.from_rank.is_none_or(|r| c.rank() == r))
                .collect();
            if let [from] = origins.as_slice() {
                return Err(explain(
                    pos,
                    Move {
                        from: *from,
                        to: w.to,
                        promotion: w.promotion,
                    },
                ));
            }
            Err(IllegalAction::new(Illegal::NoPieceCanMove {
                text: text.to_string(),
                color: pos.turn(),
                kind,
                to: w.to,
            }))
        }
        _ => Err(IllegalAction::new(Illegal::Ambiguous {
            text: text.to_string(),
            kind,
            to: w.to,
        })),
    }
}
