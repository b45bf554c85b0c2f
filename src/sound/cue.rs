//! What a sound cue says: which sound, when inside its stage, how hard and where on the
//! board. Cues are written by the same code that writes a stage's tweens, from the
//! resolution's own facts; nothing here knows a rule.

/// Every sound the game makes. Each kind has its own synthesised voice (`synth`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CueKind {
    // Vectress: lacquered magnets.
    /// A magnet starts to slide (the player's move).
    MagnetSlide,
    /// A magnet comes to rest on its cell.
    MagnetSettle,
    /// Like poles meet: a clack and a hum.
    Push,
    /// A body is shoved along by a moving neighbour.
    Shove,
    /// A bond snaps shut.
    BondMade,
    /// A bond breaks apart.
    BondBroken,
    /// A bonded piece pulls free of its body.
    PullFree,
    /// A piece tips over the edge of the board.
    Tip,
    /// A piece lands below the table.
    Land,
    /// A Core lands below the table: heavy, the game is decided.
    CoreLand,
    // Hex chess: wood on wood.
    /// A man arrives on its cell.
    WoodMove,
    /// A man arrives and the man taken topples.
    Capture,
    /// A pawn becomes another man.
    Promotion,
    /// A renaming shown as its own stage (replays, films, "show renaming").
    Renaming,
    Check,
    Mate,
    // Wave Field: soft rings and the field's flow.
    /// A piece lands and rings.
    Ring,
    /// The field flows to its new shape; strength follows the territory swing.
    Flow,
    /// A removal round: pieces burst.
    Removal,
    /// A tuning press.
    Tune,
    /// The dice.
    Dice,
    // Polarity: stones and spent pieces.
    /// A stone is set on the board.
    Place,
    /// A spent chess piece is laid down.
    PieceDown,
    /// Stones slide with friction.
    Scrape,
    /// Stones come to rest.
    Knock,
    /// A stone is held at the edge.
    Held,
    /// A stone is locked in place.
    Locked,
    /// A line is taken: the stones lift off.
    Line,
    /// The five pieces stand up again.
    Regather,
    // Interface.
    /// A button pressed.
    Click,
    /// A dialog or screen opens.
    Open,
    /// A lesson's or puzzle's goal is met: a rising chime.
    Solved,
    /// A try misses the goal and is taken back: two soft falling notes.
    Missed,
}

impl CueKind {
    pub const ALL: [CueKind; 33] = [
        CueKind::MagnetSlide,
        CueKind::MagnetSettle,
        CueKind::Push,
        CueKind::Shove,
        CueKind::BondMade,
        CueKind::BondBroken,
        CueKind::PullFree,
        CueKind::Tip,
        CueKind::Land,
        CueKind::CoreLand,
        CueKind::WoodMove,
        CueKind::Capture,
        CueKind::Promotion,
        CueKind::Renaming,
        CueKind::Check,
        CueKind::Mate,
        CueKind::Ring,
        CueKind::Flow,
        CueKind::Removal,
        CueKind::Tune,
        CueKind::Dice,
        CueKind::Place,
        CueKind::PieceDown,
        CueKind::Scrape,
        CueKind::Knock,
        CueKind::Held,
        CueKind::Locked,
        CueKind::Line,
        CueKind::Regather,
        CueKind::Click,
        CueKind::Open,
        CueKind::Solved,
        CueKind::Missed,
    ];

    /// The bus the kind plays on: the interface has its own volume.
    pub fn bus(self) -> Bus {
        match self {
            CueKind::Click | CueKind::Open | CueKind::Solved | CueKind::Missed => Bus::Interface,
            _ => Bus::Effects,
        }
    }

    pub fn index(self) -> usize {
        CueKind::ALL.iter().position(|&k| k == self).unwrap_or(0)
    }
}

/// Where a cue is mixed: each bus has its own volume under the master.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bus {
    Effects,
    Interface,
}

/// One sound of a stage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cue {
    pub kind: CueKind,
    /// When it sounds, as a share of its stage (0 at the start, 1 at the end): a push at
    /// contact, a fall when the piece lands. Stages stretch with the playback speed, and
    /// their cues with them.
    pub at: f32,
    /// How hard, 0..=1: how many pieces, how heavy, how far.
    pub strength: f32,
    /// Where on the board, -1 (left) ..= 1 (right).
    pub pan: f32,
    /// Steps up a rising run: a chain's wave number (0 for the move itself); each step
    /// sounds a little higher.
    pub step: u8,
}

impl Cue {
    pub fn new(kind: CueKind, at: f32) -> Cue {
        Cue {
            kind,
            at: at.clamp(0.0, 1.0),
            strength: 0.6,
            pan: 0.0,
            step: 0,
        }
    }

    pub fn strength(mut self, strength: f32) -> Cue {
        self.strength = strength.clamp(0.0, 1.0);
        self
    }

    /// Pans to a point on the table: `x` world units from the board's centre, across a
    /// board `half_width` wide either side.
    pub fn at_x(mut self, x: f32, half_width: f32) -> Cue {
        self.pan = (x / half_width.max(0.1) * 0.7).clamp(-0.8, 0.8);
        self
    }

    pub fn step(mut self, step: usize) -> Cue {
        self.step = step.min(u8::MAX as usize) as u8;
        self
    }

    /// A strength from a count of pieces: one is soft, `full` or more is the loudest.
    pub fn count_strength(count: usize, full: usize) -> f32 {
        let share = count.min(full.max(1)) as f32 / full.max(1) as f32;
        0.45 + 0.55 * share
    }
}

/// Cues of one kind at one moment are heard as one (ten pushes of a wave are one clack,
/// louder): merges them, strength from the count, pan at their mean.
pub fn merged(cues: Vec<Cue>, full: usize) -> Vec<Cue> {
    let mut out: Vec<(Cue, usize, f32)> = Vec::new();
    for cue in cues {
        match out
            .iter_mut()
            .find(|(c, _, _)| c.kind == cue.kind && (c.at - cue.at).abs() < 1e-4)
        {
            Some((c, n, pan_sum)) => {
                *n += 1;
                *pan_sum += cue.pan;
                c.strength = c.strength.max(cue.strength);
                c.step = c.step.max(cue.step);
            }
            None => out.push((cue, 1, cue.pan)),
        }
    }
    out.into_iter()
        .map(|(mut c, n, pan_sum)| {
            c.pan = pan_sum / n as f32;
            if n > 1 {
                c.strength = c.strength.max(Cue::count_strength(n, full));
            }
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_of_a_kind_at_a_moment_merge_louder_and_centred() {
        let a = Cue::new(CueKind::Push, 0.05).strength(0.5).at_x(-2.0, 4.0);
        let b = Cue::new(CueKind::Push, 0.05).strength(0.5).at_x(2.0, 4.0);
        let c = Cue::new(CueKind::Land, 0.9);
        let m = merged(vec![a, b, c], 4);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].kind, CueKind::Push);
        assert!(m[0].pan.abs() < 1e-6);
        assert!(m[0].strength > 0.5);
        assert_eq!(m[1], c);
    }

    #[test]
    fn every_kind_has_its_index() {
        for (i, k) in CueKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
        }
    }
}
