//! What the square-board games share: the eight compass directions.

/// The steps (column or file, row or rank) of the eight directions, clockwise from N:
/// N, NE, E, SE, S, SW, W, NW. N raises the row, E raises the column.
pub const COMPASS_STEPS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Declares a game's eight-direction enum, `N` clockwise to `NW` (so `as usize` is 0..8
/// in that order), with `ALL` in the same order and `delta`, its step from
/// [`COMPASS_STEPS`]. The attributes written before `enum` (docs, derives, serde names)
/// go on the enum, so each game keeps its own derives and saved form; its other
/// methods live in the game's own `impl` block.
macro_rules! compass {
    ($(#[$attr:meta])* $vis:vis enum $name:ident) => {
        $(#[$attr])*
        $vis enum $name {
            N,
            NE,
            E,
            SE,
            S,
            SW,
            W,
            NW,
        }

        impl $name {
            /// The eight directions, clockwise from N.
            pub const ALL: [$name; 8] = [
                $name::N,
                $name::NE,
                $name::E,
                $name::SE,
                $name::S,
                $name::SW,
                $name::W,
                $name::NW,
            ];

            /// (column or file step, row or rank step).
            pub const fn delta(self) -> (i8, i8) {
                $crate::rules::grid::COMPASS_STEPS[self as usize]
            }
        }
    };
}
pub(crate) use compass;
