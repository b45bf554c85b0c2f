//! Where an action goes on the board, as the engine names cells: the cell its piece
//! leaves (a move's origin) and the cell it ends on or is placed on. What the keyboard's
//! board cursor picks from and lands on; an action naming no cell (a pass, a tuning) is
//! played by its notation alone.

use super::Rules;

/// The cells an action names: `from` where a piece leaves, `to` where it arrives or a
/// stone is placed; both `None` for an action off the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    pub from: Option<String>,
    pub to: Option<String>,
}

impl Reach {
    pub fn travel(from: impl ToString, to: impl ToString) -> Reach {
        Reach {
            from: Some(from.to_string()),
            to: Some(to.to_string()),
        }
    }

    pub fn placed(on: impl ToString) -> Reach {
        Reach {
            from: None,
            to: Some(on.to_string()),
        }
    }
}

/// What a game tells the board cursor of its actions.
pub trait Reaching: Rules {
    fn reach(action: &Self::Action) -> Reach;
}

/// The legal actions a pick of `cell` offers: those whose piece leaves it, or where none
/// does, those placed on it.
pub fn picked_at<R: Reaching>(rules: &R, cell: &str) -> Vec<R::Action> {
    let legal = rules.legal_actions();
    let leaving: Vec<_> = legal
        .iter()
        .filter(|a| R::reach(a).from.as_deref() == Some(cell))
        .copied()
        .collect();
    if !leaving.is_empty() {
        return leaving;
    }
    legal
        .into_iter()
        .filter(|a| {
            let reach = R::reach(a);
            reach.from.is_none() && reach.to.as_deref() == Some(cell)
        })
        .collect()
}

/// Every legal action of the start names only cells of the board, and the picks of all
/// cells together offer every action on the board once: each game's tests call it.
#[cfg(test)]
pub fn check_start<R: Reaching + super::edit::Editable>() {
    let rules = R::start(&super::Setup::default()).expect("the start");
    let cells: Vec<String> = R::board_cells().into_iter().flatten().collect();
    let mut on_board = 0;
    for action in &rules.legal_actions() {
        let reach = R::reach(action);
        for cell in reach.from.iter().chain(reach.to.iter()) {
            assert!(cells.contains(cell), "{cell} is no cell of {:?}", R::GAME);
        }
        on_board += usize::from(reach.to.is_some());
    }
    assert!(on_board > 0, "{:?} has moves on its board", R::GAME);
    let picked: usize = cells.iter().map(|c| picked_at(&rules, c).len()).sum();
    assert_eq!(
        picked,
        on_board,
        "{:?}: every board action under one pick",
        R::GAME
    );
}
