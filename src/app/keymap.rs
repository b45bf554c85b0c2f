//! The keys a player can give to other keys (#45): each command has a default key, the
//! settings keep the ones changed, and a key is refused when a command that can be live
//! at the same time already has it. The keyboard's navigation (Tab, Enter, Escape, the
//! arrows, Home, F1, Backspace and the modifiers) and the chords (Ctrl+S...) stay fixed.

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;

use crate::rules::GameId;

/// Where a command is live: everywhere, at every table, or at one game's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    Everywhere,
    Table,
    Game(GameId),
}

impl Scope {
    /// Whether a command of each scope can be live in the same frame (so they cannot
    /// share a key).
    pub fn meets(self, other: Scope) -> bool {
        match (self, other) {
            (Scope::Game(a), Scope::Game(b)) => a == b,
            _ => true,
        }
    }
}

/// A command a key gives: its id in the settings, what it does, where and its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Command {
    pub id: &'static str,
    pub what: &'static str,
    pub scope: Scope,
    pub default: KeyCode,
}

const fn shared(id: &'static str, what: &'static str, scope: Scope, key: KeyCode) -> Command {
    Command {
        id,
        what,
        scope,
        default: key,
    }
}

pub const MUTE: Command = shared("mute", "sound", Scope::Everywhere, KeyCode::KeyM);
pub const COLOURS: Command = shared("colours", "colours", Scope::Everywhere, KeyCode::F2);
pub const QUALITY: Command = shared("quality", "quality", Scope::Everywhere, KeyCode::F3);
pub const FULLSCREEN: Command = shared("fullscreen", "fullscreen", Scope::Everywhere, KeyCode::F11);
pub const SCREENSHOT: Command = shared("screenshot", "screenshot", Scope::Everywhere, KeyCode::F12);
pub const SLOWER: Command = shared("slower", "slower", Scope::Table, KeyCode::BracketLeft);
pub const FASTER: Command = shared("faster", "faster", Scope::Table, KeyCode::BracketRight);
pub const PAUSE_PLAYBACK: Command = shared(
    "pause_playback",
    "pause playback",
    Scope::Table,
    KeyCode::Space,
);
pub const STEP: Command = shared("step", "one step", Scope::Table, KeyCode::Period);
pub const REPLAY: Command = shared("replay", "replay", Scope::Table, KeyCode::KeyR);
pub const WORDS: Command = shared("words", "full captions", Scope::Table, KeyCode::KeyW);
pub const TYPE_MOVE: Command = shared("type_move", "type a move", Scope::Table, KeyCode::Slash);
pub const READ_POSITION: Command = shared(
    "read_position",
    "read position",
    Scope::Table,
    KeyCode::KeyI,
);
pub const READ_MOVE: Command = shared("read_move", "read last move", Scope::Table, KeyCode::KeyO);
pub const ZEN: Command = shared("zen", "zen", Scope::Table, KeyCode::KeyZ);
pub const UNDO: Command = shared("undo", "undo", Scope::Table, KeyCode::KeyU);
pub const NEW_GAME: Command = shared("new_game", "new game", Scope::Table, KeyCode::KeyN);
pub const THREATS: Command = shared("threats", "threats", Scope::Table, KeyCode::KeyT);
pub const HINT: Command = shared("hint", "hint", Scope::Table, KeyCode::KeyH);
pub const EVALUATION: Command = shared("evaluation", "evaluation bar", Scope::Table, KeyCode::KeyE);

/// The commands every game shares, in the order the keys sheet lists them.
pub const SHARED: [Command; 20] = [
    PAUSE_PLAYBACK,
    STEP,
    SLOWER,
    FASTER,
    REPLAY,
    WORDS,
    UNDO,
    NEW_GAME,
    THREATS,
    HINT,
    EVALUATION,
    TYPE_MOVE,
    READ_POSITION,
    READ_MOVE,
    ZEN,
    MUTE,
    COLOURS,
    QUALITY,
    FULLSCREEN,
    SCREENSHOT,
];

/// The keys that can be given, (key, its name in the settings, its name on screen). A key
/// not here is the navigation's (or F1, the help's) and cannot be given.
const GIVABLE: &[(KeyCode, &str, &str)] = &[
    (KeyCode::KeyA, "KeyA", "A"),
    (KeyCode::KeyB, "KeyB", "B"),
    (KeyCode::KeyC, "KeyC", "C"),
    (KeyCode::KeyD, "KeyD", "D"),
    (KeyCode::KeyE, "KeyE", "E"),
    (KeyCode::KeyF, "KeyF", "F"),
    (KeyCode::KeyG, "KeyG", "G"),
    (KeyCode::KeyH, "KeyH", "H"),
    (KeyCode::KeyI, "KeyI", "I"),
    (KeyCode::KeyJ, "KeyJ", "J"),
    (KeyCode::KeyK, "KeyK", "K"),
    (KeyCode::KeyL, "KeyL", "L"),
    (KeyCode::KeyM, "KeyM", "M"),
    (KeyCode::KeyN, "KeyN", "N"),
    (KeyCode::KeyO, "KeyO", "O"),
    (KeyCode::KeyP, "KeyP", "P"),
    (KeyCode::KeyQ, "KeyQ", "Q"),
    (KeyCode::KeyR, "KeyR", "R"),
    (KeyCode::KeyS, "KeyS", "S"),
    (KeyCode::KeyT, "KeyT", "T"),
    (KeyCode::KeyU, "KeyU", "U"),
    (KeyCode::KeyV, "KeyV", "V"),
    (KeyCode::KeyW, "KeyW", "W"),
    (KeyCode::KeyX, "KeyX", "X"),
    (KeyCode::KeyY, "KeyY", "Y"),
    (KeyCode::KeyZ, "KeyZ", "Z"),
    (KeyCode::Digit0, "Digit0", "0"),
    (KeyCode::Digit1, "Digit1", "1"),
    (KeyCode::Digit2, "Digit2", "2"),
    (KeyCode::Digit3, "Digit3", "3"),
    (KeyCode::Digit4, "Digit4", "4"),
    (KeyCode::Digit5, "Digit5", "5"),
    (KeyCode::Digit6, "Digit6", "6"),
    (KeyCode::Digit7, "Digit7", "7"),
    (KeyCode::Digit8, "Digit8", "8"),
    (KeyCode::Digit9, "Digit9", "9"),
    (KeyCode::Numpad0, "Numpad0", "Num 0"),
    (KeyCode::Numpad1, "Numpad1", "Num 1"),
    (KeyCode::Numpad2, "Numpad2", "Num 2"),
    (KeyCode::Numpad3, "Numpad3", "Num 3"),
    (KeyCode::Numpad4, "Numpad4", "Num 4"),
    (KeyCode::Numpad5, "Numpad5", "Num 5"),
    (KeyCode::Numpad6, "Numpad6", "Num 6"),
    (KeyCode::Numpad7, "Numpad7", "Num 7"),
    (KeyCode::Numpad8, "Numpad8", "Num 8"),
    (KeyCode::Numpad9, "Numpad9", "Num 9"),
    (KeyCode::F2, "F2", "F2"),
    (KeyCode::F3, "F3", "F3"),
    (KeyCode::F4, "F4", "F4"),
    (KeyCode::F5, "F5", "F5"),
    (KeyCode::F6, "F6", "F6"),
    (KeyCode::F7, "F7", "F7"),
    (KeyCode::F8, "F8", "F8"),
    (KeyCode::F9, "F9", "F9"),
    (KeyCode::F10, "F10", "F10"),
    (KeyCode::F11, "F11", "F11"),
    (KeyCode::F12, "F12", "F12"),
    (KeyCode::Space, "Space", "Space"),
    (KeyCode::Slash, "Slash", "/"),
    (KeyCode::Period, "Period", "."),
    (KeyCode::Comma, "Comma", ","),
    (KeyCode::Semicolon, "Semicolon", ";"),
    (KeyCode::Quote, "Quote", "'"),
    (KeyCode::BracketLeft, "BracketLeft", "["),
    (KeyCode::BracketRight, "BracketRight", "]"),
    (KeyCode::Minus, "Minus", "-"),
    (KeyCode::Equal, "Equal", "="),
    (KeyCode::Backquote, "Backquote", "`"),
    (KeyCode::Backslash, "Backslash", "\\"),
    (KeyCode::Insert, "Insert", "Insert"),
    (KeyCode::Delete, "Delete", "Delete"),
    (KeyCode::End, "End", "End"),
    (KeyCode::PageUp, "PageUp", "Page Up"),
    (KeyCode::PageDown, "PageDown", "Page Down"),
];

/// A key's name on screen ("Z", "/", "Space"); a key that cannot be given has its code's.
pub fn key_name(key: KeyCode) -> String {
    GIVABLE
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, _, shown)| (*shown).to_string())
        .unwrap_or_else(|| format!("{key:?}"))
}

fn stored_name(key: KeyCode) -> Option<&'static str> {
    GIVABLE
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, s, _)| *s)
}

fn key_stored_as(name: &str) -> Option<KeyCode> {
    GIVABLE
        .iter()
        .find(|(_, s, _)| *s == name)
        .map(|(k, _, _)| *k)
}

/// Every command and the key each has now.
#[derive(Resource, Debug, Clone)]
pub struct Keymap {
    commands: Vec<Command>,
    given: HashMap<&'static str, KeyCode>,
}

impl Default for Keymap {
    fn default() -> Self {
        Keymap {
            commands: SHARED.to_vec(),
            given: HashMap::new(),
        }
    }
}

impl Keymap {
    /// Adds a game's own commands (each once).
    pub fn register(&mut self, commands: &[Command]) {
        for command in commands {
            if !self.commands.iter().any(|c| c.id == command.id) {
                self.commands.push(*command);
            }
        }
    }

    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The key `command` has now.
    pub fn key(&self, command: Command) -> KeyCode {
        self.given
            .get(command.id)
            .copied()
            .unwrap_or(command.default)
    }

    /// The key's name on screen.
    pub fn name(&self, command: Command) -> String {
        key_name(self.key(command))
    }

    pub fn just_pressed(&self, keys: &ButtonInput<KeyCode>, command: Command) -> bool {
        keys.just_pressed(self.key(command))
    }

    /// Whether `command` still has its default key (a second key, such as the number
    /// pad's digits, works only then).
    pub fn is_default(&self, command: Command) -> bool {
        self.key(command) == command.default
    }

    /// Gives `key` to `command`, or says in one sentence why not (a navigation key, or a
    /// key another command live at the same time has).
    pub fn give(&mut self, command: Command, key: KeyCode) -> Result<(), String> {
        if stored_name(key).is_none() {
            return Err(format!(
                "{} stays the keyboard's own (Tab, Enter, Escape, the arrows, Home, F1, \
                 Backspace and the modifiers cannot be given).",
                key_name(key)
            ));
        }
        if let Some(other) = self
            .commands
            .iter()
            .find(|c| c.id != command.id && c.scope.meets(command.scope) && self.key(**c) == key)
        {
            return Err(format!(
                "{} is already {}: give that another key first.",
                key_name(key),
                other.what
            ));
        }
        if key == command.default {
            self.given.remove(command.id);
        } else {
            self.given.insert(command.id, key);
        }
        Ok(())
    }

    /// Every command back to its default key.
    pub fn reset(&mut self) {
        self.given.clear();
    }

    /// The keys changed from their defaults, as the settings keep them (command id, key).
    pub fn changed(&self) -> BTreeMap<String, String> {
        self.commands
            .iter()
            .filter(|c| !self.is_default(**c))
            .filter_map(|c| Some((c.id.to_string(), stored_name(self.key(*c))?.to_string())))
            .collect()
    }

    /// Takes the settings' changed keys: each unknown command, unknown key or refused key
    /// is left at its default and named in the one sentence returned.
    pub fn take_changed(&mut self, changed: &BTreeMap<String, String>) -> Option<String> {
        self.reset();
        let mut bad = Vec::new();
        for (id, name) in changed {
            let Some(command) = self.commands.iter().find(|c| c.id == id).copied() else {
                bad.push(format!("no command {id}"));
                continue;
            };
            let Some(key) = key_stored_as(name) else {
                bad.push(format!("{id}: no key {name}"));
                continue;
            };
            self.given.insert(command.id, key);
        }
        // A key two commands live together share is refused for both.
        let clashing: Vec<&'static str> = self
            .commands
            .iter()
            .filter(|a| {
                self.commands.iter().any(|b| {
                    a.id != b.id && a.scope.meets(b.scope) && self.key(**a) == self.key(*b)
                })
            })
            .filter(|c| !self.is_default(**c))
            .map(|c| c.id)
            .collect();
        for id in clashing {
            bad.push(format!("{id} shares its key"));
            self.given.remove(id);
        }
        (!bad.is_empty()).then(|| {
            format!(
                "Keys not taken, left at their defaults: {}.",
                bad.join("; ")
            )
        })
    }
}

/// Adds `commands` to the keymap (a game's plugin calls it with its own).
pub fn register(app: &mut App, commands: &[Command]) {
    app.init_resource::<Keymap>();
    app.world_mut().resource_mut::<Keymap>().register(commands);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Keymap>();
}

#[cfg(test)]
mod tests {
    use super::*;

    const PULL: Command = Command {
        id: "test.pull",
        what: "pull free",
        scope: Scope::Game(GameId::Vectress),
        default: KeyCode::KeyF,
    };
    const TUNE: Command = Command {
        id: "test.view",
        what: "the view",
        scope: Scope::Game(GameId::Wavefield),
        default: KeyCode::KeyV,
    };

    fn keymap() -> Keymap {
        let mut map = Keymap::default();
        map.register(&[PULL, TUNE]);
        map
    }

    #[test]
    fn the_defaults_share_no_key_where_they_meet() {
        let mut map = keymap();
        assert_eq!(map.take_changed(&BTreeMap::new()), None);
        for a in map.commands() {
            for b in map.commands() {
                if a.id != b.id && a.scope.meets(b.scope) {
                    assert_ne!(a.default, b.default, "{} and {}", a.id, b.id);
                }
                assert!(
                    stored_name(a.default).is_some(),
                    "{} can be given back",
                    a.id
                );
            }
        }
    }

    #[test]
    fn a_key_given_round_trips_through_the_settings() {
        let mut map = keymap();
        map.give(ZEN, KeyCode::KeyK).unwrap();
        map.give(PULL, KeyCode::KeyV).unwrap(); // another game's key: they never meet
        assert_eq!(map.key(ZEN), KeyCode::KeyK);
        let kept = map.changed();
        assert_eq!(kept.get("zen").map(String::as_str), Some("KeyK"));
        let text = ron::to_string(&kept).unwrap();
        let mut again = keymap();
        let read: BTreeMap<String, String> = ron::from_str(&text).unwrap();
        assert_eq!(again.take_changed(&read), None);
        assert_eq!(again.key(ZEN), KeyCode::KeyK);
        assert_eq!(again.key(PULL), KeyCode::KeyV);
        assert_eq!(again.name(ZEN), "K");
        // Given back its default, it is no longer kept.
        again.give(ZEN, KeyCode::KeyZ).unwrap();
        assert!(!again.changed().contains_key("zen"));
    }

    #[test]
    fn conflicts_and_the_navigation_keys_are_refused() {
        let mut map = keymap();
        let said = map.give(ZEN, KeyCode::KeyU).unwrap_err();
        assert!(said.contains("U is already undo"), "{said}");
        assert_eq!(map.key(ZEN), KeyCode::KeyZ);
        // A game's key meets the table's.
        assert!(map.give(PULL, KeyCode::KeyH).is_err());
        assert!(
            map.give(MUTE, KeyCode::KeyF).is_err(),
            "everywhere meets a game"
        );
        for key in [KeyCode::Tab, KeyCode::Escape, KeyCode::ArrowUp, KeyCode::F1] {
            assert!(map.give(ZEN, key).unwrap_err().contains("keyboard's own"));
        }
        // A swap goes through a free key.
        map.give(UNDO, KeyCode::KeyK).unwrap();
        map.give(ZEN, KeyCode::KeyU).unwrap();
        map.give(UNDO, KeyCode::KeyZ).unwrap();
        assert_eq!(
            (map.key(UNDO), map.key(ZEN)),
            (KeyCode::KeyZ, KeyCode::KeyU)
        );
        let mut again = keymap();
        assert_eq!(
            again.take_changed(&map.changed()),
            None,
            "a swap is taken back"
        );
    }

    #[test]
    fn a_bad_settings_entry_is_named_and_left_at_its_default() {
        let mut map = keymap();
        let changed: BTreeMap<String, String> = [
            ("zen", "KeyU"),     // undo's key
            ("nothing", "KeyK"), // no such command
            ("hint", "Tab"),     // not a key to give
            ("threats", "KeyY"), // fine
        ]
        .into_iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let said = map.take_changed(&changed).expect("a sentence");
        for part in ["zen", "nothing", "hint: no key Tab"] {
            assert!(said.contains(part), "{said}");
        }
        assert_eq!(map.key(ZEN), KeyCode::KeyZ);
        assert_eq!(map.key(HINT), KeyCode::KeyH);
        assert_eq!(map.key(THREATS), KeyCode::KeyY);
    }
}
