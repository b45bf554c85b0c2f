//! Polarity lessons: the stones' cells, each side's hand and the stones it has collected.

use crate::lessons::library::lesson;
use crate::lessons::{Facts, Lesson, Lessoned, side};
use crate::rules::polarity::{Cell, Game, Hand, Next, Position, Resolution};

impl Lessoned for Game {
    const LESSONS: &'static [(&'static str, &'static str)] = &[
        lesson!("polarity", "01-placing"),
        lesson!("polarity", "02-the-rook"),
        lesson!("polarity", "03-the-bishop"),
        lesson!("polarity", "04-the-queen"),
        lesson!("polarity", "05-alternation"),
        lesson!("polarity", "06-the-edge-holds"),
        lesson!("polarity", "07-lines"),
        lesson!("polarity", "08-the-last-piece"),
        lesson!("polarity", "09-ten-to-win"),
    ];

    fn set_up(lesson: &Lesson) -> Result<Game, String> {
        let mut stones = 0u64;
        for entry in &lesson.board {
            let cell: Cell = entry
                .trim()
                .parse()
                .map_err(|_| format!("\"{entry}\" is no Polarity cell (a1 to h8)"))?;
            stones |= cell.bit();
        }
        let mut hands = [Hand::FULL; 2];
        for (hand, text) in hands.iter_mut().zip(&lesson.hands) {
            *hand = parse_hand(text)?;
        }
        let mut collected = [0u16; 2];
        for (c, &n) in collected.iter_mut().zip(&lesson.collected) {
            *c = n;
        }
        let to_move = side::<Game>(&lesson.to_move)?;
        Ok(Game::from_position(
            Position::from_parts(stones, hands, collected, to_move),
            0,
        ))
    }

    fn facts(_before: &Game, r: &Resolution, _after: &Game) -> Facts {
        Facts {
            moved_to: r.moved.iter().map(|m| m.to.to_string()).collect(),
            held: r.stayed.iter().map(|s| s.cell.to_string()).collect(),
            reached: Some(r.placed.cell.to_string()),
            off: r.removed.iter().map(|s| s.cell.to_string()).collect(),
            lines: r.runs.len() as u32,
            regathered: r.regathered,
            ..Facts::default()
        }
    }
}

/// `"R2 B2 Q1"`, each count optionally followed by `push` or `pull` (R and B only): the
/// mode the next one must be spent in (P5).
fn parse_hand(text: &str) -> Result<Hand, String> {
    let bad = || format!("\"{text}\" is not a hand; write it like \"R2 B1 pull Q1\"");
    let mut hand = Hand {
        rooks: 0,
        bishops: 0,
        queens: 0,
        next_rook: Next::Any,
        next_bishop: Next::Any,
    };
    let mut last = ' ';
    for word in text.split_whitespace() {
        let next = match word {
            "push" => Some(Next::Push),
            "pull" => Some(Next::Pull),
            _ => None,
        };
        if let Some(next) = next {
            match last {
                'R' => hand.next_rook = next,
                'B' => hand.next_bishop = next,
                _ => return Err(bad()),
            }
            continue;
        }
        let (letter, count) = word.split_at(1);
        let count: u8 = count.parse().map_err(|_| bad())?;
        match letter {
            "R" if count <= 2 => hand.rooks = count,
            "B" if count <= 2 => hand.bishops = count,
            "Q" if count <= 1 => hand.queens = count,
            _ => return Err(bad()),
        }
        last = letter.chars().next().unwrap_or(' ');
    }
    Ok(hand)
}
