//! The keys a player can give to other keys (#45): each command has a default key, the
//! settings keep the ones changed, and a key is refused when a command that can be live
//! at the same time already has it. The keyboard's navigation (Tab, Enter, Escape, the
//! arrows, Home, F1, Backspace and the modifiers) and the chords (Ctrl+S...) stay fixed.

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;

use crate::rules::GameId;

mod names;
pub use names::key_name;
use names::{key_stored_as, stored_name};

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
mod tests;
