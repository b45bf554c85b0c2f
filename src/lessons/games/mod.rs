//! What each game adds for lessons: its lesson list, its board, its facts.

mod hexchess;
mod polarity;
mod vectress;
mod wavefield;
