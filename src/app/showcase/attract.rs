//! Attract mode: the showcase started by itself after a while without input on the menu,
//! left again at any key or click.

use bevy::input::mouse::MouseButton;
use bevy::prelude::*;

use super::{ShowcaseRun, start_showcase};
use crate::app::Screen;
use crate::app::settings::Settings;

/// The attract mode's settings, from `settings.ron` (`attract_idle_seconds`, and the
/// showcase's slow-motion speed `showcase_speed`); the defaults where no settings are
/// loaded (renders, tests).
pub(super) fn attract_settings(settings: Option<&Settings>) -> (f32, f32) {
    let of = |s: &Settings| (s.attract_idle_seconds as f32, s.showcase_speed);
    settings.map_or_else(|| of(&Settings::default()), of)
}

/// Seconds since the last key, click or pointer move on the menu.
#[derive(Resource, Debug, Default)]
pub(super) struct IdleClock(f32);
/// On the menu, counts the seconds without input and starts the attract showcase when
/// the setting's time has passed.
pub(super) fn attract_when_idle(
    mut commands: Commands,
    mut clock: ResMut<IdleClock>,
    settings: Option<Res<Settings>>,
    time: Res<Time>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    moved: Option<Res<bevy::input::mouse::AccumulatedMouseMotion>>,
    run: Option<Res<ShowcaseRun>>,
) {
    let input = keys.is_some_and(|k| k.get_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_pressed().next().is_some())
        || moved.is_some_and(|m| m.delta != Vec2::ZERO);
    if input || run.is_some() {
        clock.0 = 0.0;
        return;
    }
    clock.0 += time.delta_secs();
    let (idle_seconds, _) = attract_settings(settings.as_deref());
    if idle_seconds > 0.0 && clock.0 >= idle_seconds {
        clock.0 = 0.0;
        // An empty library just leaves the menu as it is.
        let _ = start_showcase(&mut commands, None, true);
    }
}

/// In attract mode any key or click goes back to the menu.
pub(super) fn leave_attract_on_input(
    run: Option<Res<ShowcaseRun>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !run.is_some_and(|r| r.attract) {
        return;
    }
    let input = keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || mouse.is_some_and(|m| m.get_just_pressed().next().is_some());
    if input {
        next.set(Screen::Menu);
    }
}
