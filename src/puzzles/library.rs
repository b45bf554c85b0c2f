//! The puzzle library: `assets/puzzles/<game>.ron`, one list per game written by the
//! miner (`lodestone mine GAME --puzzles N --out FILE`) and compiled in
//! ([`Puzzler::PUZZLES`]), so `lodestone puzzles` and the window work from any directory.

use serde_json::{Value, json};

use super::{Puzzle, Puzzler};
use crate::rules::{GameId, Match, Rules};

/// `G`'s puzzles, easy to hard; a file that does not parse is one sentence naming it.
pub fn puzzles<G: Puzzler>() -> Result<Vec<Puzzle>, String> {
    parse(G::GAME, G::PUZZLES)
}

/// A puzzle list read from `text` (the file of `game`).
pub fn parse(game: GameId, text: &str) -> Result<Vec<Puzzle>, String> {
    ron::from_str(text).map_err(|e| format!("assets/puzzles/{}.ron: {e}", game.id()))
}

/// The list as the miner writes it.
pub fn write(puzzles: &[Puzzle]) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::default()
        .struct_names(false)
        .compact_arrays(true);
    ron::ser::to_string_pretty(puzzles, config)
        .map(|text| text + "\n")
        .map_err(|e| format!("the puzzles could not be written: {e}"))
}

/// The puzzle's position: its actions played from its setup.
pub fn position<G: Puzzler>(puzzle: &Puzzle) -> Result<Match<G>, String> {
    let mut game = Match::<G>::new(puzzle.setup())?;
    for (ply, action) in puzzle.actions.iter().enumerate() {
        game.play_text(action)
            .map_err(|e| format!("puzzle {}: action {} ({action}): {e}", puzzle.name, ply + 1))?;
    }
    if game.is_over() {
        return Err(format!("puzzle {}: the game is already over", puzzle.name));
    }
    Ok(game)
}

/// The side to move's name, as the engine writes it (`white`, `two`).
pub fn side_name<G: Rules>(side: G::Side) -> &'static str {
    let index = usize::from(G::SIDES[1] == side);
    G::GAME.side_names()[index]
}

/// The puzzle for a script (see `lodestone puzzles --json` in the README).
pub fn to_json<G: Puzzler>(puzzle: &Puzzle) -> Result<Value, String> {
    let game = position::<G>(puzzle)?;
    Ok(json!({
        "game": G::GAME.id(),
        "name": puzzle.name,
        "actions": puzzle.actions,
        "ruleset": puzzle.ruleset,
        "seed": puzzle.seed,
        "to_move": side_name::<G>(game.to_move()),
        "goal": puzzle.goal.to_json::<G>(),
        "text": puzzle.goal.line::<G>(),
        "solutions": puzzle.solutions,
        "turns": puzzle.turns,
        "difficulty": puzzle.difficulty,
    }))
}
