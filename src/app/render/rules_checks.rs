//! What `render` asks of the rules before anything is drawn: how the last of the moves
//! plays back (for `--step` and `--wave`), and whether a `--preview` turn and a
//! `--threat` can be shown after them.

use crate::replay::Replay;
use crate::rules::{GameId, Setup};
use crate::showcase::Showcase;

/// How the last of some actions plays back in the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastPlayback {
    /// Its steps (one caption per step).
    pub steps: usize,
    /// Vectress: how many of those steps are waves (the chain's empty stop is none).
    pub waves: Option<usize>,
}

/// Plays `actions` from `setup`'s start, once, through the rules, and says how the last
/// plays back; a refused action is named by its ply, as replays name it.
pub fn last_playback(
    game: GameId,
    setup: &Setup,
    actions: &[String],
) -> Result<LastPlayback, String> {
    fn play<G: Showcase>(
        game: GameId,
        setup: &Setup,
        actions: &[String],
    ) -> Result<Option<(G, G::Resolution)>, String> {
        let Some((last, lead)) = actions.split_last() else {
            return Ok(None);
        };
        let mut played = Replay::from_setup(game, setup.clone(), lead.to_vec()).replay::<G>()?;
        let before = played.rules().clone();
        let resolution = played.play_text(last).map_err(|e| {
            format!(
                "cannot be replayed: ply {}, action \"{last}\" is refused ({e})",
                lead.len()
            )
        })?;
        Ok(Some((before, resolution)))
    }
    fn steps<G: Showcase>(played: &Option<(G, G::Resolution)>) -> usize {
        played.as_ref().map_or(0, |(before, resolution)| {
            G::captions(before, resolution).len()
        })
    }
    fn last<G: Showcase>(
        game: GameId,
        setup: &Setup,
        actions: &[String],
    ) -> Result<LastPlayback, String> {
        let played = play::<G>(game, setup, actions)?;
        Ok(LastPlayback {
            steps: steps(&played),
            waves: G::waves(played.as_ref().map(|(_, resolution)| resolution)),
        })
    }
    crate::with_rules!(game, G => last::<G>(game, setup, actions))
}

/// Checks, through the rules, that `preview` is a legal turn after `moves` and that a
/// threat can be asked there (the game not over, the other side able to move).
pub(super) fn check_sights(
    game: GameId,
    setup: &Setup,
    moves: &[String],
    preview: Option<&str>,
    threat: bool,
) -> Result<(), String> {
    fn check<G: crate::rules::Rules>(
        game: GameId,
        setup: &Setup,
        moves: &[String],
        preview: Option<&str>,
        threat: bool,
    ) -> Result<(), String> {
        let played = Replay::from_setup(game, setup.clone(), moves.to_vec())
            .replay::<G>()
            .map_err(|e| format!("the moves {e}"))?;
        if let Some(text) = preview {
            let mut probe = played.rules().clone();
            let words: Vec<&str> = text
                .split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                return Err("--preview needs a turn to show".to_string());
            }
            for word in words {
                let action = probe
                    .parse_action(word)
                    .map_err(|e| format!("--preview {text}: {word} is not a turn here ({e})"))?;
                probe
                    .play(action)
                    .map_err(|e| format!("--preview {text}: {word} is refused ({e})"))?;
            }
        }
        if threat {
            if played.rules().is_over() {
                return Err("--threat: the game is over after these moves".to_string());
            }
            if played.rules().passed().is_none() {
                return Err(
                    "--threat: the other side cannot move here (the side to move is in check, or must answer)"
                        .to_string(),
                );
            }
        }
        Ok(())
    }
    crate::with_rules!(game, G => check::<G>(game, setup, moves, preview, threat))
}
