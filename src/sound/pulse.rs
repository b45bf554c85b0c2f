//! The mix to the desktop's sound server over the PulseAudio protocol (a pure-Rust
//! client, so the build needs no system library; PipeWire desktops serve the same
//! protocol through pipewire-pulse). The server asks for samples; the renderer makes them
//! on the client's thread.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use kira::backend::{Backend, Renderer};
use pulseaudio::protocol;
use pulseaudio::{AsPlaybackSource, Client, PlaybackStream};

use super::synth::SAMPLE_RATE;

/// How much the server keeps buffered ahead of the speakers, and the most it asks for at
/// once: the sound's delay is about their sum.
#[derive(Clone, Copy, Debug)]
pub struct PulseSettings {
    pub target_ms: u32,
    pub request_ms: u32,
}

impl Default for PulseSettings {
    fn default() -> Self {
        PulseSettings {
            target_ms: 30,
            request_ms: 10,
        }
    }
}

/// What the output has rendered: frames so far, and when a sound last began in a block
/// (the sound bench reads the delay from it).
#[derive(Clone, Default)]
pub struct Rendered {
    pub frames: Arc<AtomicU64>,
    pub sound_began: Arc<Mutex<Option<Instant>>>,
}

pub struct Pulse {
    client: Client,
    settings: PulseSettings,
    stream: Option<PlaybackStream>,
    pub rendered: Rendered,
}

const BYTES_PER_FRAME: u32 = 8; // two f32 channels

fn bytes(ms: u32) -> u32 {
    SAMPLE_RATE / 1000 * ms * BYTES_PER_FRAME
}

impl Backend for Pulse {
    type Settings = PulseSettings;
    type Error = String;

    fn setup(settings: PulseSettings, _block: usize) -> Result<(Pulse, u32), String> {
        let client = Client::from_env(c"Lodestone")
            .map_err(|e| format!("No sound server answered ({e}); the game is silent."))?;
        Ok((
            Pulse {
                client,
                settings,
                stream: None,
                rendered: Rendered::default(),
            },
            SAMPLE_RATE,
        ))
    }

    fn start(&mut self, mut renderer: Renderer) -> Result<(), String> {
        let mut props = protocol::Props::new();
        props.set(protocol::Prop::ApplicationName, c"Lodestone");
        props.set(protocol::Prop::MediaName, c"Lodestone");
        props.set(protocol::Prop::MediaRole, c"game");
        let params = protocol::PlaybackStreamParams {
            sample_spec: protocol::SampleSpec {
                format: protocol::SampleFormat::Float32Le,
                channels: 2,
                sample_rate: SAMPLE_RATE,
            },
            channel_map: protocol::ChannelMap::stereo(),
            cvolume: Some(protocol::ChannelVolume::norm(2)),
            sink_name: Some(protocol::DEFAULT_SINK.to_owned()),
            buffer_attr: protocol::stream::BufferAttr {
                max_length: u32::MAX,
                target_length: bytes(self.settings.target_ms),
                pre_buffering: u32::MAX,
                minimum_request_length: bytes(self.settings.request_ms),
                fragment_size: u32::MAX,
            },
            flags: protocol::stream::StreamFlags {
                adjust_latency: true,
                ..Default::default()
            },
            props,
            ..Default::default()
        };
        let rendered = self.rendered.clone();
        let mut frames: Vec<f32> = Vec::new();
        let mut last_peak = 0.0f32;
        let callback = move |buf: &mut [u8]| {
            let n = buf.len() / BYTES_PER_FRAME as usize;
            frames.clear();
            frames.resize(n * 2, 0.0);
            renderer.on_start_processing();
            renderer.process(&mut frames, 2);
            for (bytes, sample) in buf.chunks_exact_mut(4).zip(&frames) {
                bytes.copy_from_slice(&sample.to_le_bytes());
            }
            rendered.frames.fetch_add(n as u64, Ordering::Relaxed);
            // A sound begins where a block is audible and well above the one before
            // (a decaying tail never counts; a sound over one still does).
            let peak = frames.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            if peak > 1e-3
                && peak > 4.0 * last_peak
                && let Ok(mut began) = rendered.sound_began.lock()
            {
                *began = Some(Instant::now());
            }
            last_peak = peak;
            // A whole number of frames; never 0 (that would end the stream).
            (n * BYTES_PER_FRAME as usize).max(BYTES_PER_FRAME as usize)
        };
        let stream = futures::executor::block_on(
            self.client
                .create_playback_stream(params, callback.as_playback_source()),
        )
        .map_err(|e| format!("The sound server refused a stream ({e}); the game is silent."))?;
        self.stream = Some(stream);
        Ok(())
    }
}
