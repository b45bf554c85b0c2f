//! Position codes at the table (docs/codes.md): Ctrl+C copies the position shown (a game
//! played, a replay watched, a look back) to the system clipboard, Ctrl+V sets up the
//! code on the clipboard, in whichever game it is a position of. A paste that would
//! replace a game under way asks first: a second Ctrl+V within a few seconds confirms.

use bevy::clipboard::Clipboard;
use bevy::prelude::*;

use super::state::{Played, Seats};
use super::{TableGame, TableLaunch};
use crate::app::choice::{GameChoice, ModeChoice};
use crate::app::settings::Settings;
use crate::app::ui::Notice;
use crate::app::{PlayMode, Presentation};
use crate::rules::{GameId, Rules};

/// How long a paste waits for its confirming second Ctrl+V.
pub const CONFIRM_SECONDS: f64 = 5.0;

/// The codes copied and a paste waiting to be confirmed. The last code copied is also
/// kept here, so copy and paste work within Lodestone where no system clipboard can be
/// reached (no display server, a clipboard that refuses).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct CodeClipboard {
    /// The last code copied.
    pub copied: Option<String>,
    /// A paste asked for over a game under way: the code, its game, and until when a
    /// second Ctrl+V confirms it.
    pub waiting: Option<(String, GameId, f64)>,
}

pub(super) fn plugin<G: TableGame>(app: &mut App) {
    app.init_resource::<CodeClipboard>().add_systems(
        Update,
        code_keys::<G>
            .in_set(crate::app::KeyboardSystems)
            .in_set(super::TableSystems::Input)
            .run_if(resource_exists::<Played<G>>),
    );
}

/// Ctrl+C and Ctrl+V at a table people play or watch.
fn code_keys<G: TableGame>(
    mut commands: Commands,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    presentation: Res<State<Presentation>>,
    played: Res<Played<G>>,
    seats: Res<Seats>,
    time: Res<Time<Real>>,
    settings: Option<Res<Settings>>,
    mut system: Option<ResMut<Clipboard>>,
    mut clipboard: ResMut<CodeClipboard>,
    mut notice: ResMut<Notice>,
) {
    let Some(keys) = keys else { return };
    if *presentation.get() != Presentation::Live
        || !keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight])
    {
        return;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        let code = played.game.code();
        let told = copy(system.as_deref_mut(), &mut clipboard, &code);
        notice.show(told, 8.0);
    } else if keys.just_pressed(KeyCode::KeyV) {
        let now = time.elapsed_secs_f64();
        let text = paste_text(system.as_deref_mut(), &clipboard);
        let under_way = played.game.ply() > 0
            && !played.over()
            && matches!(seats.mode, PlayMode::HotSeat | PlayMode::VsComputer);
        let remembered = |game| {
            settings
                .as_ref()
                .and_then(|s| s.new_game.get(&game).cloned())
                .unwrap_or_default()
        };
        match pasted(&text, <G::Rules as Rules>::GAME) {
            Err(why) => notice.show(why, 10.0),
            Ok((code, game)) => {
                let confirmed = clipboard
                    .waiting
                    .take()
                    .is_some_and(|(c, g, until)| c == code && g == game && now <= until);
                if under_way && !confirmed {
                    clipboard.waiting = Some((code, game, now + CONFIRM_SECONDS));
                    notice.show(
                        format!(
                            "Paste replaces the game under way with the {} position on the clipboard: press Ctrl+V again to set it up (Ctrl+S keeps this one first).",
                            game.title()
                        ),
                        CONFIRM_SECONDS as f32,
                    );
                    return;
                }
                let choice = choice_for(game, &seats, remembered(game), &code);
                notice.show(format!("Set up the pasted {} position.", game.title()), 6.0);
                crate::app::reopen_table(
                    &mut commands,
                    TableLaunch {
                        game,
                        start: super::Start::Position(choice, code),
                    },
                );
            }
        }
    }
}

/// Puts `code` on the system clipboard (and keeps it here); the notice's words.
pub fn copy(system: Option<&mut Clipboard>, clipboard: &mut CodeClipboard, code: &str) -> String {
    clipboard.copied = Some(code.to_string());
    match system.map(|c| c.set_text(code.to_string())) {
        Some(Ok(())) => format!("Copied the position's code: {code}"),
        _ => format!(
            "Copied the position's code within Lodestone (the system clipboard cannot be reached): {code}"
        ),
    }
}

/// The text to paste: the system clipboard's, else the code copied here.
fn paste_text(system: Option<&mut Clipboard>, clipboard: &CodeClipboard) -> String {
    let from_system = system.and_then(|c| match c.fetch_text() {
        bevy::clipboard::ClipboardRead::Ready(Ok(text)) => Some(text),
        _ => None,
    });
    from_system
        .or_else(|| clipboard.copied.clone())
        .unwrap_or_default()
}

/// The pasted text as a code and the game it is a position of: `here`'s first, then the
/// other games'. Refused in one sentence, with `here`'s reason.
pub fn pasted(text: &str, here: GameId) -> Result<(String, GameId), String> {
    let code = text.trim();
    if code.is_empty() {
        return Err("There is nothing on the clipboard to paste.".to_string());
    }
    if code.lines().count() > 1 {
        return Err("The clipboard holds more than one line, so no position code.".to_string());
    }
    let games = std::iter::once(here).chain(GameId::ALL.into_iter().filter(|g| *g != here));
    let mut refusal = None;
    for game in games {
        match game.code_ruleset(code, None) {
            Ok(_) => return Ok((code.to_string(), game)),
            Err(why) => {
                refusal.get_or_insert(why);
            }
        }
    }
    Err(format!(
        "The clipboard holds no position code of any game; as a {} code: {}.",
        here.title(),
        refusal.unwrap_or_default().trim_end_matches('.')
    ))
}

/// How a pasted game is played: as the table is, where people play it; else as last
/// chosen for that game, by two players when that was a demo or the bare board. The
/// ruleset is the code's.
pub fn choice_for(game: GameId, seats: &Seats, remembered: GameChoice, code: &str) -> GameChoice {
    let mut choice = match seats.mode {
        PlayMode::HotSeat | PlayMode::VsComputer => GameChoice {
            mode: if seats.mode == PlayMode::HotSeat {
                ModeChoice::TwoPlayers
            } else {
                ModeChoice::VsComputer
            },
            side: seats.human.unwrap_or(0),
            level: seats.level,
            ..remembered
        },
        _ => remembered,
    };
    if matches!(choice.mode, ModeChoice::Demo | ModeChoice::Board) {
        choice.mode = ModeChoice::TwoPlayers;
    }
    choice.ruleset = game.code_ruleset(code, None).ok().flatten();
    choice
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paste_finds_the_game_its_code_is_of() {
        let fen = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1";
        // On a Vectress table, a hex chess FEN sets up hex chess (classic).
        let (code, game) = pasted(&format!("  {fen}\n"), GameId::Vectress).unwrap();
        assert_eq!((code.as_str(), game), (fen, GameId::Hexchess));
        let seats = Seats {
            mode: PlayMode::VsComputer,
            human: Some(1),
            level: crate::rules::Level::Easy,
        };
        let choice = choice_for(game, &seats, GameChoice::default(), &code);
        assert_eq!(choice.mode, ModeChoice::VsComputer);
        assert_eq!(choice.side, 1);
        assert_eq!(choice.ruleset.as_deref(), Some("classic"));
        // Text that is no code of any game: the table's own game says why.
        let why = pasted("hello", GameId::Polarity).unwrap_err();
        assert!(
            why.starts_with(
                "The clipboard holds no position code of any game; as a Polarity code: "
            ),
            "{why}"
        );
        assert!(pasted("", GameId::Polarity).is_err());
        assert!(
            pasted("a\nb", GameId::Polarity)
                .unwrap_err()
                .contains("more than one line")
        );
    }

    #[test]
    fn copy_keeps_the_code_when_no_system_clipboard_answers() {
        let mut kept = CodeClipboard::default();
        let told = copy(None, &mut kept, "8/8/8/8/8/8/8/8 1 R2B2Q1 R2B2Q1 0 0 0");
        assert!(told.contains("within Lodestone"), "{told}");
        assert_eq!(
            paste_text(None, &kept),
            "8/8/8/8/8/8/8/8 1 R2B2Q1 R2B2Q1 0 0 0"
        );
    }
}
