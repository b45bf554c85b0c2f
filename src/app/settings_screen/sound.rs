//! The settings screen's sound column: a slider per volume, its percentage beside it.

use bevy::prelude::*;

use crate::app::settings::Settings;
use crate::app::ui::slider::{SliderValue, ValueChange, slider};
use crate::app::ui::theme::LABEL;

/// A volume the sound column's sliders set, 0 to 1.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Volume {
    Master,
    Effects,
    Interface,
    Showcase,
}

impl Volume {
    pub const ALL: [Volume; 4] = [
        Volume::Master,
        Volume::Effects,
        Volume::Interface,
        Volume::Showcase,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Volume::Master => "Volume",
            Volume::Effects => "Pieces",
            Volume::Interface => "Buttons",
            Volume::Showcase => "Showcase",
        }
    }

    pub fn get(self, s: &Settings) -> f32 {
        match self {
            Volume::Master => s.volume,
            Volume::Effects => s.effects_volume,
            Volume::Interface => s.interface_volume,
            Volume::Showcase => s.showcase_volume,
        }
    }

    pub fn set(self, s: &mut Settings, value: f32) {
        let value = value.clamp(0.0, 1.0);
        match self {
            Volume::Master => s.volume = value,
            Volume::Effects => s.effects_volume = value,
            Volume::Interface => s.interface_volume = value,
            Volume::Showcase => s.showcase_volume = value,
        }
    }
}

/// The percentage shown beside a volume's slider.
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct VolumeShown(pub(super) Volume);

pub(super) fn percent_of(value: f32) -> String {
    format!("{:.0}%", value * 100.0)
}

pub(super) fn spawn_volume(column: &mut ChildSpawnerCommands, volume: Volume, settings: &Settings) {
    let value = volume.get(settings);
    super::labelled_line(column, volume.label(), |line| {
        line.spawn(Node {
            column_gap: px(8),
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|control| {
            control.spawn((volume, Name::new(volume.label()), slider(value, 150.0)));
            control.spawn((
                VolumeShown(volume),
                Text::new(percent_of(value)),
                TextFont::from_font_size(14.0),
                TextColor(LABEL),
                Node {
                    width: px(40),
                    ..default()
                },
            ));
        });
    });
}

/// A volume's slider moved: the setting follows (heard at once), and so does the slider.
pub(super) fn slide_volume(
    change: On<ValueChange<f32>>,
    volumes: Query<&Volume>,
    settings: Option<ResMut<Settings>>,
    mut commands: Commands,
) {
    let (Ok(volume), Some(mut settings)) = (volumes.get(change.source), settings) else {
        return;
    };
    volume.set(&mut settings, change.value);
    commands
        .entity(change.source)
        .insert(SliderValue(volume.get(&settings)));
}
