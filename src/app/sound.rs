//! The window's sound: the cues the playback reaches go to the mixer, at their offset in
//! the frame, so slow motion spaces them with the motion; paused playback holds the
//! effects; the settings set the volumes (the showcase has its own).
//!
//! Only the game window opens the speakers ([`OpenSpeakers`]), on a thread of its own so
//! a sound server that is slow to answer never holds up the first frame; with none the
//! game says so once and stays silent. Offscreen runs (films, tests) can keep a
//! [`CueLog`] instead and render it with `sound::offline`.

use std::sync::mpsc::{Receiver, TryRecvError};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::playback::{CueReached, PlaybackQueue, PlaybackSystems};
use super::settings::Settings;
use super::ui::Notice;
use super::ui::widgets::Activate;
use super::{Overlay, Presentation};
use crate::sound::offline::TimedCue;
use crate::sound::pulse::{Pulse, PulseSettings};
use crate::sound::{Cue, CueKind, Kit, Levels, Mixer};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Startup,
        open_speakers.run_if(resource_exists::<OpenSpeakers>),
    )
    .add_systems(
        Update,
        (
            speakers_ready,
            follow_settings,
            hold_when_paused,
            play_reached_cues.after(PlaybackSystems),
        )
            .chain(),
    )
    .add_systems(Update, open_sound.run_if(state_changed::<Overlay>))
    .add_observer(click_sound);
}

/// Inserted by the game window: open the desktop's sound output.
#[derive(Resource)]
pub struct OpenSpeakers;

/// The kit of synthesised sounds, made once.
#[derive(Resource, Clone)]
pub struct SoundKit(pub Arc<Kit>);

/// The speakers, once open (a mutex: the mixer's command queues are one producer).
#[derive(Resource)]
pub struct Speakers {
    mixer: Mutex<Mixer<Pulse>>,
}

#[derive(Resource)]
struct Opening(Mutex<Receiver<Result<Mixer<Pulse>, String>>>);

/// Every cue played, at its time on the app's clock (seconds since start): an offscreen
/// run renders its soundtrack from it (shared, as the app is gone when its run ends).
#[derive(Resource, Default, Debug, Clone)]
pub struct CueLog(pub Arc<Mutex<Vec<TimedCue>>>);

impl CueLog {
    /// The cues logged so far, in the order they were played.
    pub fn cues(&self) -> Vec<TimedCue> {
        self.0.lock().map(|c| c.clone()).unwrap_or_default()
    }
}

fn open_speakers(mut commands: Commands, settings: Option<Res<Settings>>) {
    let kit = {
        let _step = super::start_trace::span("sound kit synthesised");
        Arc::new(Kit::synthesise())
    };
    commands.insert_resource(SoundKit(kit.clone()));
    let levels = settings.map_or_else(Levels::default, |s| levels(&s, false));
    let (send, receive) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("sound output".into())
        .spawn(move || {
            let mixer = Mixer::<Pulse>::new(PulseSettings::default(), 128, kit, levels);
            let _ = send.send(mixer);
        });
    if spawned.is_ok() {
        commands.insert_resource(Opening(Mutex::new(receive)));
    }
}

fn speakers_ready(
    mut commands: Commands,
    opening: Option<Res<Opening>>,
    mut notice: ResMut<Notice>,
) {
    let Some(opening) = opening else {
        return;
    };
    let Ok(receiver) = opening.0.lock() else {
        return;
    };
    let outcome = match receiver.try_recv() {
        Ok(outcome) => outcome,
        Err(TryRecvError::Empty) => return,
        Err(TryRecvError::Disconnected) => {
            Err("The sound output stopped; the game is silent.".into())
        }
    };
    drop(receiver);
    commands.remove_resource::<Opening>();
    match outcome {
        Ok(mixer) => commands.insert_resource(Speakers {
            mixer: Mutex::new(mixer),
        }),
        Err(why) => {
            // The log keeps the server's reason; the player needs only the outcome.
            warn!("{why}");
            notice.show(without_detail(&why), 6.0);
        }
    }
}

/// `why` without its bracketed technical detail: "No sound server answered (Connection
/// refused); the game is silent." becomes "No sound server answered; the game is silent."
fn without_detail(why: &str) -> String {
    match (why.find(" ("), why.find(')')) {
        (Some(open), Some(close)) if open < close => {
            format!("{}{}", &why[..open], &why[close + 1..])
        }
        _ => why.to_string(),
    }
}

/// The levels the settings ask for; the showcase and attract mode play at their own.
pub fn levels(settings: &Settings, showcase: bool) -> Levels {
    let room = if showcase {
        settings.showcase_volume
    } else {
        1.0
    };
    Levels {
        master: settings.volume * room,
        effects: settings.effects_volume,
        interface: settings.interface_volume,
        muted: settings.muted,
    }
}

fn follow_settings(
    speakers: Option<Res<Speakers>>,
    settings: Option<Res<Settings>>,
    presentation: Res<State<Presentation>>,
) {
    let (Some(speakers), Some(settings)) = (speakers, settings) else {
        return;
    };
    // Only when something the levels depend on changed (not every frame).
    let changed = speakers.is_added() || settings.is_changed() || presentation.is_changed();
    if !changed {
        return;
    }
    let showcase = *presentation.get() == Presentation::Showcase;
    if let Ok(mut mixer) = speakers.mixer.lock() {
        mixer.set_levels(levels(&settings, showcase));
    }
}

/// Paused playback is silent: the effects hold where they are and go on with it.
fn hold_when_paused(
    speakers: Option<Res<Speakers>>,
    queue: Res<PlaybackQueue>,
    mut held: Local<bool>,
) {
    let Some(speakers) = speakers else {
        return;
    };
    let hold = queue.paused && !queue.is_idle();
    if hold != *held {
        *held = hold;
        if let Ok(mut mixer) = speakers.mixer.lock() {
            mixer.pause_effects(hold);
        }
    }
}

/// Plays (and logs) every cue the playback passed this frame.
fn play_reached_cues(
    mut reached: MessageReader<CueReached>,
    speakers: Option<Res<Speakers>>,
    log: Option<Res<CueLog>>,
    time: Res<Time>,
) {
    if reached.is_empty() {
        return;
    }
    let frame_start = time.elapsed_secs_f64() - time.delta_secs_f64();
    let mut log = log.as_ref().and_then(|l| l.0.lock().ok());
    let mut mixer = speakers.as_ref().and_then(|s| s.mixer.lock().ok());
    for r in reached.read() {
        if let Some(log) = log.as_mut() {
            log.push(TimedCue {
                seconds: frame_start + f64::from(r.offset),
                cue: r.cue,
            });
        }
        if let Some(mixer) = mixer.as_mut() {
            mixer.play(&r.cue, f64::from(r.offset));
        }
    }
}

/// A quiet click for every button pressed.
fn click_sound(_activate: On<Activate>, mut cues: MessageWriter<CueReached>) {
    cues.write(CueReached {
        cue: Cue::new(CueKind::Click, 0.0),
        offset: 0.0,
    });
}

/// A soft chime as a dialog opens (the help, the settings, a new game).
fn open_sound(overlay: Res<State<Overlay>>, mut cues: MessageWriter<CueReached>) {
    if *overlay.get() == Overlay::None {
        return;
    }
    cues.write(CueReached {
        cue: Cue::new(CueKind::Open, 0.0),
        offset: 0.0,
    });
}

#[cfg(test)]
mod tests {
    use super::without_detail;

    #[test]
    fn a_notice_keeps_the_sentence_and_drops_the_servers_detail() {
        assert_eq!(
            without_detail("No sound server answered (Connection refused); the game is silent."),
            "No sound server answered; the game is silent."
        );
        assert_eq!(
            without_detail("The sound output stopped; the game is silent."),
            "The sound output stopped; the game is silent."
        );
    }
}
